//! The renderers on one small document: every format shows the same cells.

use super::*;

fn sample() -> Doc {
    let mut d = Doc::new();
    d.title("pkbench dh: gf2-155 (Oakley group 3)");
    d.fact("exponent", "128 bits")
        .fact("GF(2^m)", "carry-less multiply");
    let mut t = Table::new("dh.operations", &["operation", "median", "ops/s"]).wrapping(0);
    t.row(vec![
        Cell::text("Offer (x·G, fixed-base table)"),
        Cell::time_ms(0.002_075),
        Cell::rate(481_927.0),
    ]);
    t.group("a, group");
    t.row(vec![
        Cell::text("Reply | peer"),
        Cell::ratio(2.5).with_interval(2.25, 2.75),
    ]);
    d.table(t);
    d.text("Total: elapsed time of one exchange.\n");
    d
}

#[test]
fn terminal_draws_facts_aligned_and_tables_boxed() {
    let s = terminal::render(&sample());
    assert!(s.starts_with("pkbench dh: gf2-155 (Oakley group 3)\nexponent:  128 bits\nGF(2^m):   carry-less multiply\n┌"), "{s}");
    assert!(
        s.contains("│ Offer (x·G, fixed-base table) ┆ 2.075 µs ┆ 481.9k/s │"),
        "{s}"
    );
    assert!(
        s.contains("│ Reply | peer                  ┆ 2.50x    ┆          │"),
        "{s}"
    );
    assert!(s.ends_with("└───────────────────────────────┴──────────┴──────────┘\nTotal: elapsed time of one exchange.\n"), "{s}");
}

#[test]
fn plain_tables_align_columns() {
    let mut t = Table::new("x", &["name", "n"]).plain(2, &[Align::Left, Align::Right]);
    t.row(vec!["alpha".into(), "1".into()]);
    t.row(vec!["b".into(), "22".into()]);
    assert_eq!(terminal::table(&t), "  name   n\n  alpha  1\n  b     22\n");
}

#[test]
fn markdown_escapes_and_keeps_cells() {
    let s = markdown::render(&sample());
    assert!(
        s.starts_with("## pkbench dh: gf2-155 (Oakley group 3)\n\n- **exponent:** 128 bits\n"),
        "{s}"
    );
    assert!(
        s.contains("| operation | median | ops/s |\n|---|---|---|\n"),
        "{s}"
    );
    assert!(
        s.contains("| Offer (x·G, fixed-base table) | 2.075 µs | 481.9k/s |"),
        "{s}"
    );
    assert!(s.contains("| Reply \\| peer | 2.50x |  |"), "{s}");
}

#[test]
fn html_marks_figures_and_escapes() {
    let s = html::render(&sample());
    assert!(
        s.contains("<h3>pkbench dh: gf2-155 (Oakley group 3)</h3>"),
        "{s}"
    );
    assert!(
        s.contains("<tr><th>exponent</th><td>128 bits</td></tr>"),
        "{s}"
    );
    assert!(
        s.contains("<table class=\"command\" data-table=\"dh.operations\">"),
        "{s}"
    );
    assert!(
        s.contains("<td class=\"num\" data-value=\"0.000002075\" data-unit=\"s\">2.075 µs</td>"),
        "{s}"
    );
    assert!(
        s.contains("<tr class=\"group\"><td colspan=\"3\">a, group</td></tr>"),
        "{s}"
    );
    assert!(
        s.contains("<p>Total: elapsed time of one exchange.</p>"),
        "{s}"
    );
}

#[test]
fn csv_is_one_long_table_with_numbers_in_si_units() {
    let s = csv::render(&sample());
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines[0], csv::HEADER);
    assert_eq!(lines[1], "facts,exponent,,128 bits,,,,");
    assert_eq!(
        lines[3],
        "dh.operations,\"Offer (x·G, fixed-base table)\",median,2.075 µs,0.000002075,s,,"
    );
    assert_eq!(
        lines[4],
        "dh.operations,\"Offer (x·G, fixed-base table)\",ops/s,481.9k/s,481927,1/s,,"
    );
    assert_eq!(lines[5], "dh.operations,\"a, group\",,,,,,");
    assert_eq!(
        lines[6],
        "dh.operations,Reply | peer,median,2.50x,2.5,x,2.25,2.75"
    );
    assert_eq!(lines.len(), 7, "{s}");
}

#[test]
fn a_table_too_wide_for_the_terminal_is_drawn_in_blocks_of_columns() {
    // An operation column and seven figure columns of 16 characters: about 150 columns whole.
    let header: Vec<String> = std::iter::once("operation".to_string())
        .chain((1..=7).map(|i| format!("[{i}]")))
        .collect();
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut t = Table::new("runs", &header);
    t.group("dh");
    for op in ["Offer", "Reply"] {
        let mut cells = vec![Cell::text(op)];
        cells.extend((1..=7).map(|i| Cell::text(format!("{op}-{i} [1.000, 2.000]"))));
        t.row(cells);
    }
    let s = terminal::table(&t);
    let width = usize::from(report::table_width());
    assert!(s.lines().all(|l| report::text::width(l) <= width), "{s}");
    // Several tables, each with the label column; every cell once, on its row's line.
    let blocks = s.matches('┌').count();
    assert!(blocks >= 2, "{s}");
    assert_eq!(s.matches("│ operation ").count(), blocks, "{s}");
    assert_eq!(s.matches("│ dh ").count(), blocks, "{s}");
    for op in ["Offer", "Reply"] {
        for i in 1..=7 {
            let cell = format!("{op}-{i} [1.000, 2.000]");
            assert_eq!(s.matches(&cell).count(), 1, "{cell}: {s}");
            let line = s.lines().find(|l| l.contains(&cell)).unwrap();
            assert!(line.starts_with(&format!("│ {op} ")), "{line}");
        }
        for i in 1..=7 {
            assert!(s.contains(&format!("[{i}]")), "[{i}]: {s}");
        }
    }
    // A table that fits is one table, as before.
    assert_eq!(terminal::table(&sample_narrow()).matches('┌').count(), 1);
}

fn sample_narrow() -> Table {
    let mut t = Table::new("x", &["a", "b"]);
    t.row(vec!["1".into(), "2".into()]);
    t
}

#[test]
fn a_marked_label_shows_its_mark_and_keys_csv_without_it() {
    let mut t = Table::new("choose.options", &["  option", "Total"]);
    t.row(vec![Cell::marked("►", "p256"), Cell::time_ms(0.1)]);
    t.row(vec![Cell::marked(" ", "x25519"), Cell::time_ms(0.2)]);
    let mut d = Doc::new();
    d.table(t);
    let term = terminal::render(&d);
    assert!(term.contains("│ ► p256   ┆"), "{term}");
    assert!(term.contains("│   x25519 ┆"), "{term}");
    let csv = csv::render(&d);
    assert!(
        csv.contains("\nchoose.options,p256,Total,100.0 µs,0.0001,s,,\n"),
        "{csv}"
    );
    assert!(csv.contains("\nchoose.options,x25519,Total,"), "{csv}");
    assert!(!csv.contains('►'), "{csv}");
}

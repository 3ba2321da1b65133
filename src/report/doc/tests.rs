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

//! Text of a comparison: the notes and ratio tables of two records
//! ([`render_pair`]), and one column per record for three or more ([`render_many`]).

use super::{
    Comparison, MIN_ROUNDS, NoiseRule, Row, compare, compare_in, geomean, interval_rule,
    interval_rule_with,
};
use crate::record::Better;
use crate::record::{Operation, ResultRecord};
use crate::report;

fn describe(name: &str, r: &ResultRecord) -> String {
    format!(
        "{name}: {} ({}) on {}, {}; clock {}",
        r.command,
        r.started_utc,
        r.machine_label(),
        r.summary(),
        r.clock
    )
}

/// The notes of a pair of records: clocks that differ, code that differs (named `labels`).
fn pair_notes(
    base: &ResultRecord,
    new: &ResultRecord,
    cmp: &Comparison,
    labels: (&str, &str),
) -> String {
    let mut s = String::new();
    if base.clock != new.clock {
        s += &format!(
            "note: the clocks differ ({} in {}, {} in {}): ratios mix wall and CPU time\n",
            base.clock, labels.0, new.clock, labels.1
        );
    }
    for (label, rec) in [(labels.0, base), (labels.1, new)] {
        if let Some(busy) = rec.machine.busy() {
            let advice = if rec.clock.starts_with("wall") {
                "its wall-clock figures move with that work; --clock cpu is steadier, a quiet \
                 machine best"
            } else {
                "CPU time moves less than wall time, but shared caches and cores still move it"
            };
            s += &format!("note: {label} ran beside other work ({busy}): {advice}\n");
        }
    }
    for d in &cmp.impl_diffs {
        s += &format!(
            "note: {} differs: {} in {}, {} in {} ({} operation{}): the ratios compare code, not only machines\n",
            d.key,
            d.base,
            labels.0,
            d.new,
            labels.1,
            d.operations,
            if d.operations == 1 { "" } else { "s" }
        );
    }
    s
}

/// Renders a two-record comparison as text, 80 columns wide.
pub fn render_pair(
    names: (&str, &str),
    base: &ResultRecord,
    new: &ResultRecord,
    cmp: &Comparison,
    rule: &NoiseRule,
) -> String {
    let mut s = String::from(
        "pkbench compare: speed of NEW relative to BASE (NEW/BASE, 1.34x = 34 % faster)\n",
    );
    s += &describe(&format!("BASE {}", names.0), base);
    s += "\n";
    s += &describe(&format!("NEW  {}", names.1), new);
    s += "\n";
    s += &pair_notes(base, new, cmp, ("BASE", "NEW"));
    let with_intervals = cmp
        .rows
        .iter()
        .any(|r| r.cells.iter().flatten().any(|c| c.interval.is_some()));
    if with_intervals {
        s += &format!("noise: {}\n", interval_rule_with(rule, cmp.shift.as_ref()));
    } else {
        s += &format!("noise: {}\n", rule.describe());
    }
    if cmp.rows.is_empty() {
        s += "no operation was measured in both records\n";
    } else {
        for t in ratio_tables(cmp) {
            s += &t;
        }
        s += &format!(
            "geometric mean of all {} ratios: {}\n",
            cmp.matched,
            fmt_ratio(cmp.geomean)
        );
        if let Some(shift) = &cmp.shift {
            s += &shift.describe(rule.threshold());
            s += "\n";
        }
    }
    if cmp.regressions.is_empty() {
        s += "regressions: none beyond the noise threshold\n";
    } else {
        s += &format!(
            "regressions ({}, slower than BASE beyond the noise threshold):\n",
            cmp.regressions.len()
        );
        for r in &cmp.regressions {
            s += &format!("  {r}\n");
        }
    }
    for (what, list) in [
        ("only in BASE", &cmp.only_in_base),
        ("only in NEW", &cmp.only_in_new),
    ] {
        if !list.is_empty() {
            s += &format!("unmatched, {what} ({}):\n", list.len());
            for l in list {
                s += &format!("  {l}\n");
            }
        }
    }
    report::wrap_text(&s)
}

/// The command a row label starts with ("dh", "cipher", ...).
fn row_command(label: &str) -> &str {
    label.split_whitespace().next().unwrap_or("")
}

/// The ratio tables of a comparison, one per command (first word of the row label), each
/// with only the columns that command measured: a suite record gives a DH table, a cipher
/// table in libgcrypt's layout (one row per cipher, ECB … CTR enc/dec columns), and so on.
/// With one command, one table with every column.
///
/// Each fits in 80 columns: a command whose rows each measured one figure of their own (the
/// 1995 table's rows, `des`) is listed one figure per row ("operation", "figure",
/// "NEW/BASE"); otherwise the columns are split into as many tables as it takes, each
/// repeating the row labels and ending with its geometric means. Headers wrap at spaces
/// into lines of 12 characters, row labels at spaces when needed.
pub fn ratio_tables(cmp: &Comparison) -> Vec<String> {
    let mut commands: Vec<&str> = Vec::new();
    for r in &cmp.rows {
        let c = row_command(&r.label);
        if !commands.contains(&c) {
            commands.push(c);
        }
    }
    let single = commands.len() <= 1;
    commands
        .iter()
        .map(|&c| {
            let rows: Vec<&Row> = cmp
                .rows
                .iter()
                .filter(|r| row_command(&r.label) == c)
                .collect();
            let cols: Vec<usize> = (0..cmp.columns.len())
                .filter(|&j| single || rows.iter().any(|r| r.cells[j].is_some()))
                .collect();
            let gm = |j: usize| {
                if single {
                    fmt_ratio(cmp.column_geomeans[j])
                } else {
                    let v: Vec<f64> = rows
                        .iter()
                        .filter_map(|r| r.cells[j].map(|c| c.ratio))
                        .collect();
                    fmt_ratio(geomean(&v))
                }
            };
            let one_each = rows
                .iter()
                .all(|r| cols.iter().filter(|&&j| r.cells[j].is_some()).count() <= 1);
            if cols.len() > 1 && one_each {
                return long_table(cmp, &rows, &cols);
            }
            column_chunks(cmp, &rows, &cols)
                .iter()
                .map(|chunk| {
                    let header: Vec<String> = std::iter::once("operation".to_string())
                        .chain(chunk.iter().map(|&j| header_cell(&cmp.columns[j])))
                        .collect();
                    let href: Vec<&str> = header.iter().map(String::as_str).collect();
                    let mut t = report::table(&href);
                    for row in &rows {
                        let mut cells = vec![row.label.clone()];
                        cells.extend(chunk.iter().map(|&j| {
                            row.cells[j].map_or_else(|| "-".to_string(), |c| c.cell_text())
                        }));
                        t.add_row(cells);
                    }
                    let mut g = vec!["geometric mean".to_string()];
                    g.extend(chunk.iter().map(|&j| gm(j)));
                    t.add_row(g);
                    report::wrap_column(&mut t, 0);
                    format!("{t}\n")
                })
                .collect()
        })
        .collect()
}

/// A column header wrapped into lines of at most 12 characters.
fn header_cell(name: &str) -> String {
    report::text::wrap_words(name, 12)
}

/// Room kept for the row labels when columns are split into tables, in characters.
const LABEL_ROOM: usize = 24;

/// `cols` split into runs that fit in [`report::TEXT_WIDTH`] beside a label column of
/// [`LABEL_ROOM`] characters (each column as wide as its wrapped header or widest cell,
/// plus 3 for padding and border).
fn column_chunks(cmp: &Comparison, rows: &[&Row], cols: &[usize]) -> Vec<Vec<usize>> {
    let widths: Vec<usize> = cols
        .iter()
        .map(|&j| {
            let head = header_cell(&cmp.columns[j]);
            head.lines()
                .map(report::text::width)
                .chain(
                    rows.iter()
                        .map(|r| {
                            r.cells[j].map_or(1, |c| {
                                c.cell_text().lines().map(report::text::width).max().unwrap_or(1)
                            })
                        }),
                )
                .max()
                .unwrap_or(1)
                .max(5) // the geometric mean, "1.00x"
                + 3
        })
        .collect();
    let room = report::TEXT_WIDTH - 1 - (LABEL_ROOM + 3);
    chunk_widths(&widths, room)
        .into_iter()
        .map(|c| c.into_iter().map(|k| cols[k]).collect())
        .collect()
}

/// Indices 0..widths.len() split into runs whose widths add up to at most `room` (a run
/// holds at least one index, however wide).
fn chunk_widths(widths: &[usize], room: usize) -> Vec<Vec<usize>> {
    let mut chunks: Vec<Vec<usize>> = vec![Vec::new()];
    let mut used = 0;
    for (k, &w) in widths.iter().enumerate() {
        let last = chunks.last_mut().expect("one chunk");
        if !last.is_empty() && used + w > room {
            chunks.push(vec![k]);
            used = w;
        } else {
            last.push(k);
            used += w;
        }
    }
    chunks
}

/// The rows of a command that measured one figure per row, one line each: the row, the
/// figure, and NEW/BASE; the geometric mean over all of them at the end.
fn long_table(cmp: &Comparison, rows: &[&Row], cols: &[usize]) -> String {
    let mut t = report::table(&["operation", "figure", "NEW/BASE"]);
    let mut all = Vec::new();
    for row in rows {
        for &j in cols {
            if let Some(c) = row.cells[j] {
                t.add_row(vec![
                    row.label.clone(),
                    cmp.columns[j].clone(),
                    c.cell_text(),
                ]);
                all.push(c.ratio);
            }
        }
    }
    t.add_row(vec![
        "geometric mean".to_string(),
        String::new(),
        fmt_ratio(geomean(&all)),
    ]);
    report::wrap_column(&mut t, 0);
    report::wrap_column(&mut t, 1);
    format!("{t}\n")
}

fn fmt_ratio(v: f64) -> String {
    report::fmt_speedup(v)
}

/// Formats an operation's headline figure: a time per operation, or a rate.
pub fn fmt_headline(op: &Operation) -> String {
    match op.headline() {
        Some((v, Better::Lower)) => report::fmt_time_ms(v),
        Some((v, Better::Higher)) => {
            let unit = op
                .figures
                .iter()
                .find(|(_, x)| **x == v)
                .map(|(k, _)| k.as_str())
                .unwrap_or("");
            if unit.starts_with("bytes") {
                format!("{} MB/s", report::sig4(v / 1e6))
            } else {
                report::fmt_rate(v)
            }
        }
        None => "-".into(),
    }
}

/// Renders three or more records side by side: one column per record (machine), one row
/// per operation, each cell the figure and its speed relative to the first record. Records
/// that do not fit in 80 columns go to further tables, each with the first record's column.
pub fn render_many(names: &[String], recs: &[ResultRecord], rule: &NoiseRule) -> String {
    let mut s = String::from(
        "pkbench compare: one column per record; (1.34x) = speed relative to the first\n",
    );
    for (n, r) in names.iter().zip(recs) {
        s += &describe(n, r);
        s += "\n";
    }
    // Every note a pair of records gets, for each record against the first.
    for (i, r) in recs.iter().enumerate().skip(1) {
        let cmp = compare(&recs[0], r, rule);
        s += &pair_notes(&recs[0], r, &cmp, ("[1]", &format!("[{}]", i + 1)));
    }
    let rounds = recs.iter().all(|r| {
        r.operations
            .iter()
            .any(|o| o.round_values().len() >= MIN_ROUNDS)
    });
    if rounds {
        s += &format!("noise: {}\n", interval_rule(rule));
    } else {
        s += &format!("noise: {}\n", rule.describe());
    }
    let mut keys: Vec<(String, String)> = Vec::new();
    for r in recs {
        for op in &r.operations {
            if !keys.contains(&op.key()) {
                keys.push(op.key());
            }
        }
    }
    let mut header = Vec::new();
    for (i, r) in recs.iter().enumerate() {
        let stem = names[i]
            .rsplit('/')
            .next()
            .unwrap_or(&names[i])
            .trim_end_matches(".json");
        header.push(format!("[{}] {stem}\n{}", i + 1, r.machine_label()));
    }
    let mut labels = Vec::new();
    let mut columns: Vec<Vec<String>> = vec![Vec::new(); recs.len()];
    for key in &keys {
        let first = recs[0].operations.iter().find(|o| o.key() == *key);
        labels.push(format!("{} / {}", key.0, key.1));
        for (i, r) in recs.iter().enumerate() {
            let cell = match r.operations.iter().find(|o| o.key() == *key) {
                None => "-".to_string(),
                Some(op) => {
                    let v = fmt_headline(op);
                    match (i, first) {
                        (0, _) | (_, None) => v,
                        (_, Some(f)) => match compare_in(&recs[0], r, f, op, rule) {
                            Some(c) if c.interval.is_some() => format!("{v}\n({})", c.text()),
                            Some(c) if c.noise => format!("{v} (~)"),
                            Some(c) => format!("{v} ({:.2}x)", c.ratio),
                            None => v,
                        },
                    }
                }
            };
            columns[i].push(cell);
        }
    }
    // Record [1], the reference, in every table; the others in as many tables as fit.
    let width = |i: usize| {
        header[i]
            .lines()
            .chain(columns[i].iter().flat_map(|c| c.lines()))
            .map(report::text::width)
            .max()
            .unwrap_or(1)
            + 3
    };
    let widths: Vec<usize> = (1..recs.len()).map(width).collect();
    let room = report::TEXT_WIDTH - 1 - (LABEL_ROOM + 3) - width(0);
    for chunk in chunk_widths(&widths, room) {
        let shown: Vec<usize> = std::iter::once(0)
            .chain(chunk.iter().map(|&k| k + 1))
            .collect();
        let mut h = vec!["operation"];
        h.extend(shown.iter().map(|&i| header[i].as_str()));
        let mut t = report::table(&h);
        for (r, label) in labels.iter().enumerate() {
            let mut row = vec![label.clone()];
            row.extend(shown.iter().map(|&i| columns[i][r].clone()));
            t.add_row(row);
        }
        report::wrap_column(&mut t, 0);
        s += &format!("{t}\n");
    }
    for (i, r) in recs.iter().enumerate().skip(1) {
        let c = compare(&recs[0], r, rule);
        s += &format!(
            "[{}] vs [1]: geometric mean {} over {} operations, {} regression(s)\n",
            i + 1,
            fmt_ratio(c.geomean),
            c.matched,
            c.regressions.len()
        );
    }
    report::wrap_text(&s)
}

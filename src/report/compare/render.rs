//! The document of a comparison: the notes and ratio tables of two records ([`pair_doc`],
//! the tables from [`super::tables`]), and one column per record for three or more
//! ([`many_doc`]).

use super::tables::{Sides, is_kem_op, kind_heading, pair_tables, row_command};
use super::{
    Comparison, MIN_ROUNDS, NoiseRule, compare, compare_in, interval_rule, interval_rule_with,
};
use crate::record::Better;
use crate::record::{Operation, ResultRecord};
use crate::report;
use crate::report::doc::{Block, Cell, Doc, Facts, Table, terminal};

/// The records' lines ("BASE a.json: dh (…) on host, …; clock wall"), as facts.
pub(crate) fn describe(items: &[(String, &ResultRecord)]) -> Block {
    Block::Facts(Facts {
        width: 0,
        items: items
            .iter()
            .map(|(name, r)| (name.clone(), describe_one(r)))
            .collect(),
    })
}

fn describe_one(r: &ResultRecord) -> String {
    format!(
        "{} ({}) on {}, {}; clock {}",
        r.command,
        r.started_utc,
        r.machine_label(),
        r.summary(),
        r.clock
    )
}

/// The notes of a pair of records: clocks that differ, code that differs (named `labels`).
pub(super) fn pair_notes(
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
    if cmp
        .rows
        .iter()
        .flat_map(|r| r.cells.iter().flatten())
        .any(|c| c.unlike)
    {
        s += &format!(
            "note: ≠ = {} and {} differ in what Offer precomputed for the generator (a table on one side only): those ratios compare unlike work\n",
            labels.0, labels.1
        );
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

/// The document of a two-record comparison: the records, the notes, the noise rule, the
/// ratio tables ([`pair_tables`]: BASE's and NEW's figures beside each ratio, a table per
/// command and a KEM's in its own), the geometric mean and run shift, the regressions and
/// what did not match.
pub fn pair_doc(
    names: (&str, &str),
    base: &ResultRecord,
    new: &ResultRecord,
    cmp: &Comparison,
    rule: &NoiseRule,
) -> Doc {
    let mut d = Doc::new();
    d.title("pkbench compare: speed of NEW relative to BASE (NEW/BASE, 1.34x = 34 % faster)");
    d.push(describe(&[
        (format!("BASE {}", names.0), base),
        (format!("NEW  {}", names.1), new),
    ]));
    let notes = pair_notes(base, new, cmp, ("BASE", "NEW"));
    if !notes.is_empty() {
        d.text(notes);
    }
    let with_intervals = cmp
        .rows
        .iter()
        .any(|r| r.cells.iter().flatten().any(|c| c.interval.is_some()));
    d.text(if with_intervals {
        format!(
            "noise: {}; BASE, NEW: each record's median or figure, while a ratio with an interval is estimated from the rounds (it can differ from the ratio of the two medians)",
            interval_rule_with(rule, cmp.shift.as_ref())
        )
    } else {
        format!("noise: {}", rule.describe())
    });
    if cmp.rows.is_empty() {
        d.text("no operation was measured in both records");
    } else {
        let tables = pair_tables(
            cmp,
            base,
            new,
            Sides {
                base: "BASE",
                new: "NEW",
            },
        );
        let headed = tables.len() > 1;
        for (heading, t) in tables {
            if headed {
                d.heading(heading);
            }
            d.table(t);
        }
        let mut s = format!(
            "geometric mean of all {} ratios: {}",
            cmp.matched,
            fmt_ratio(cmp.geomean)
        );
        if let Some(shift) = &cmp.shift {
            s += &format!("\n{}", shift.describe(rule.threshold()));
        }
        d.text(s);
    }
    let mut s = if cmp.regressions.is_empty() {
        "regressions: none beyond the noise threshold".to_string()
    } else {
        format!(
            "regressions ({}, slower than BASE beyond the noise threshold):",
            cmp.regressions.len()
        )
    };
    for r in &cmp.regressions {
        s += &format!("\n  {r}");
    }
    for (what, list) in [
        ("only in BASE", &cmp.only_in_base),
        ("only in NEW", &cmp.only_in_new),
    ] {
        if !list.is_empty() {
            s += &format!("\nunmatched, {what} ({}):", list.len());
            for l in list {
                s += &format!("\n  {l}");
            }
        }
    }
    d.text(s);
    d
}

/// [`pair_doc`] as terminal text, 80 columns wide.
pub fn render_pair(
    names: (&str, &str),
    base: &ResultRecord,
    new: &ResultRecord,
    cmp: &Comparison,
    rule: &NoiseRule,
) -> String {
    terminal::render(&pair_doc(names, base, new, cmp, rule))
}

/// Room kept for the row labels when columns are split into tables, in characters.
const LABEL_ROOM: usize = 24;

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

/// The document of three or more records side by side: one column per record (machine),
/// one row per operation, each cell the figure and its speed relative to the first record;
/// a table per command (a KEM's in its own), split into tables of 80 columns that each keep
/// the first record's column ([`many_tables`]).
pub fn many_doc(names: &[String], recs: &[ResultRecord], rule: &NoiseRule) -> Doc {
    let mut d = Doc::new();
    d.title("pkbench compare: one column per record; (1.34x) = speed relative to the first");
    let items: Vec<(String, &ResultRecord)> = names.iter().cloned().zip(recs).collect();
    d.push(describe(&items));
    // Every note a pair of records gets, for each record against the first.
    let mut notes = String::new();
    for (i, r) in recs.iter().enumerate().skip(1) {
        let cmp = compare(&recs[0], r, rule);
        notes += &pair_notes(&recs[0], r, &cmp, ("[1]", &format!("[{}]", i + 1)));
    }
    if !notes.is_empty() {
        d.text(notes);
    }
    let rounds = recs.iter().all(|r| {
        r.operations
            .iter()
            .any(|o| o.round_values().len() >= MIN_ROUNDS)
    });
    d.text(if rounds {
        format!("noise: {}", interval_rule(rule))
    } else {
        format!("noise: {}", rule.describe())
    });
    let tables = many_tables(names, recs, rule);
    let headed = tables
        .iter()
        .map(|(h, _)| h)
        .collect::<std::collections::BTreeSet<_>>()
        .len()
        > 1;
    let mut last: Option<String> = None;
    for (heading, t) in tables {
        if headed && last.as_ref() != Some(&heading) {
            d.heading(heading.clone());
        }
        last = Some(heading);
        d.table(t);
    }
    let lines: Vec<String> = recs
        .iter()
        .enumerate()
        .skip(1)
        .map(|(i, r)| {
            let c = compare(&recs[0], r, rule);
            format!(
                "[{}] vs [1]: geometric mean {} over {} operations, {} regression(s)",
                i + 1,
                fmt_ratio(c.geomean),
                c.matched,
                c.regressions.len()
            )
        })
        .collect();
    d.text(lines.join("\n"));
    d
}

/// [`many_doc`] as terminal text, 80 columns wide.
pub fn render_many(names: &[String], recs: &[ResultRecord], rule: &NoiseRule) -> String {
    terminal::render(&many_doc(names, recs, rule))
}

/// The figure of the operation `key` in record `i` of `recs`, with its speed relative to
/// the first record's ("(1.34x)", "(~)", or with an interval on a second line).
fn many_cell(recs: &[ResultRecord], i: usize, key: &(String, String), rule: &NoiseRule) -> Cell {
    let Some(op) = recs[i].operations.iter().find(|o| o.key() == *key) else {
        return Cell::text("-");
    };
    let mut cell = Cell::headline(op);
    let first = recs[0].operations.iter().find(|o| o.key() == *key);
    if let (true, Some(f)) = (i > 0, first)
        && let Some(c) = compare_in(&recs[0], &recs[i], f, op, rule)
    {
        cell.text = match c {
            c if c.interval.is_some() => format!("{}\n({})", cell.text, c.text()),
            c if c.noise => format!("{} (~){}", cell.text, unlike_mark(&c)),
            c => format!("{} ({:.2}x){}", cell.text, c.ratio, unlike_mark(&c)),
        };
    }
    cell
}

/// " ≠" for a cell whose sides differ in precomputation on the generator, else "".
fn unlike_mark(c: &super::Cell) -> &'static str {
    if c.unlike { " ≠" } else { "" }
}

/// The tables of [`many_doc`], each with its heading (the command, and whether its rows are
/// a KEM's): the rows of one heading split over as many tables as it takes to keep 80
/// columns, each with record [1], the reference.
pub fn many_tables(
    names: &[String],
    recs: &[ResultRecord],
    rule: &NoiseRule,
) -> Vec<(String, Table)> {
    let mut keys: Vec<(String, String)> = Vec::new();
    for r in recs {
        for op in &r.operations {
            if !keys.contains(&op.key()) {
                keys.push(op.key());
            }
        }
    }
    let header: Vec<String> = recs
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let stem = names[i]
                .rsplit('/')
                .next()
                .unwrap_or(&names[i])
                .trim_end_matches(".json");
            format!("[{}] {stem}\n{}", i + 1, r.machine_label())
        })
        .collect();
    let kind = |k: &(String, String)| (row_command(&k.0).to_string(), is_kem_op(&k.1));
    let mut kinds: Vec<(String, bool)> = Vec::new();
    for k in &keys {
        if !kinds.contains(&kind(k)) {
            kinds.push(kind(k));
        }
    }
    let mut out = Vec::new();
    for kd in kinds {
        let ks: Vec<&(String, String)> = keys.iter().filter(|k| kind(k) == kd).collect();
        let columns: Vec<Vec<Cell>> = (0..recs.len())
            .map(|i| ks.iter().map(|k| many_cell(recs, i, k, rule)).collect())
            .collect();
        // Record [1], the reference, in every table; the others in as many tables as fit.
        let width = |i: usize| {
            header[i]
                .lines()
                .chain(columns[i].iter().flat_map(|c| c.text.lines()))
                .map(report::text::width)
                .max()
                .unwrap_or(1)
                + 3
        };
        let widths: Vec<usize> = (1..recs.len()).map(width).collect();
        let room = report::TEXT_WIDTH - 1 - (LABEL_ROOM + 3) - width(0);
        let name = format!("compare.{}{}", kd.0, if kd.1 { ".kem" } else { "" });
        for (n, chunk) in chunk_widths(&widths, room).into_iter().enumerate() {
            let shown: Vec<usize> = std::iter::once(0)
                .chain(chunk.iter().map(|&k| k + 1))
                .collect();
            let mut h = vec!["operation"];
            h.extend(shown.iter().map(|&i| header[i].as_str()));
            let mut t = Table::new(format!("{name}.{}", n + 1), &h).wrapping(0);
            for (r, k) in ks.iter().enumerate() {
                let mut row = vec![Cell::text(format!("{} / {}", k.0, k.1))];
                row.extend(shown.iter().map(|&i| columns[i][r].clone()));
                t.row(row);
            }
            out.push((kind_heading(&kd.0, kd.1), t));
        }
    }
    out
}

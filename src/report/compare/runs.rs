//! Runs of one machine side by side (`pkbench report a.json b.json` of two `suite` runs):
//! one table per command (a KEM's KeyGen, Encaps and Decaps in a table of their own, as
//! `compare` splits them), a group row per item (the operation's params, an `--impl` row's
//! implementation among them) with its operations under it, a column per run holding the
//! operation's median figure with its 95 % interval, and the ratio of the last run over the
//! first ([`super::compare`]'s cell: the Hodges–Lehmann ratio and its interval, not
//! recomputed here). An operation missing from a run shows "-" in that run's column.
//!
//! ```text
//! operation                  [1]              [2]              [2]/[1]
//! dh group=x25519
//!   Offer                    20.00 µs         10.00 µs         2.00x ▲
//!                            [19.80, 20.31]   [9.90, 10.15]    [1.95, 2.05]
//! ```
//!
//! The figures of one row share one unit (picked from the first run's figure), so that
//! "980.0 ns" and "1.020 µs" never stand side by side.

use super::render::{describe, pair_notes};
use super::tables::{indented_at, is_kem_op, kind_heading, ratio_cell, row_command};
use super::{Cell as Ratio, Comparison, NoiseRule, compare, geomean, marks_rule};
use crate::record::{Better, Operation, ResultRecord};
use crate::report;
use crate::report::doc::{Cell, Doc, Quantity, Table};
use crate::report::shift::same_machine;

/// The width an operation's name is wrapped to under its item, in characters: the label
/// column keeps about 24 beside two runs' figures with their intervals and the ratio in 80.
const NAME_WIDTH: usize = 22;

/// Runs of one machine compared: their tables (each with its heading) and the words that go
/// with them.
#[derive(Debug, Clone)]
pub struct RunsView {
    /// The tables, each with its heading (the command, and whether its rows are a KEM's).
    pub tables: Vec<(String, Table)>,
    /// Notes on the pair of the first and last run (clocks, code or precomputation that
    /// differ, a busy machine), one per line; empty when there is none.
    pub notes: String,
    /// What the columns hold and how the ratio is computed, one sentence per line.
    pub legend: String,
    /// The geometric mean of the ratios and the run shift, one per line.
    pub summary: String,
}

/// Whether `recs` are runs that `report` shows side by side: two or more, all made on one
/// machine ([`same_machine`]: host name, CPU model and cores, as `compare` tells machines
/// apart), and some record after the first sharing an operation with it.
pub fn side_by_side(recs: &[&ResultRecord]) -> bool {
    let Some((first, rest)) = recs.split_first() else {
        return false;
    };
    !rest.is_empty()
        && rest.iter().all(|r| same_machine(first, r))
        && rest.iter().any(|r| {
            r.operations
                .iter()
                .any(|o| first.operations.iter().any(|f| f.key() == o.key()))
        })
}

/// The header of run `i` (0-based) named `name`: "[1]" over the file's name without its
/// folders and `.json`.
fn run_header(i: usize, name: &str) -> String {
    let file = name.rsplit('/').next().unwrap_or(name);
    format!("[{}]\n{}", i + 1, file.trim_end_matches(".json"))
}

/// The runs `recs` (two or more, named `names`, in order: the first is the base of the
/// ratio, the last its new side) side by side.
///
/// # Panics
/// When `recs` has fewer than two records or `names` is shorter than `recs`.
pub fn view(names: &[String], recs: &[&ResultRecord]) -> RunsView {
    assert!(
        recs.len() >= 2 && names.len() >= recs.len(),
        "two runs or more"
    );
    let owned: Vec<ResultRecord> = recs.iter().map(|r| (*r).clone()).collect();
    let rule = NoiseRule::from_threshold(None).with_noise_floor(&owned);
    let (first, last) = (recs[0], recs[recs.len() - 1]);
    let cmp = compare(first, last, &rule);
    let n = recs.len();
    let ratio_head = format!("[{n}]/[1]");
    let mut header = vec!["operation".to_string()];
    header.extend(
        names
            .iter()
            .take(n)
            .enumerate()
            .map(|(i, s)| run_header(i, s)),
    );
    header.push(ratio_head.clone());
    let tables = tables(recs, &cmp, &header);
    let with_intervals = cmp
        .rows
        .iter()
        .any(|r| r.cells.iter().flatten().any(|c| c.interval.is_some()));
    let runs = (1..=n)
        .map(|i| format!("[{i}]"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut legend = format!(
        "{runs}: each run's median time per operation (or its rate, or a sum of medians \
         such as Total), under it the 95 % interval of that figure from the run's rounds \
         (the sign-test interval of the median of the per-round values, widened to reach \
         the figure where the two part; none with fewer than 6 rounds); the figures of a \
         row share one unit; - = not measured in that run.\n"
    );
    legend += &if with_intervals {
        format!(
            "{ratio_head}: speed of [{n}] relative to [1] (1.34x = 34 % faster): the \
             Hodges–Lehmann estimate of the ratio over the two runs' per-round medians, under \
             it its 95 % interval (Mann–Whitney), as `pkbench compare` computes them; it can \
             differ from the ratio of the two medians shown. {}",
            marks_rule(&rule, cmp.shift.as_ref())
        )
    } else {
        format!(
            "{ratio_head}: speed of [{n}] relative to [1] (1.34x = 34 % faster), the ratio of \
             the two figures shown (the records kept no rounds); {}",
            rule.describe()
        )
    };
    let mut summary = format!(
        "geometric mean of all {} ratios {ratio_head}: {}",
        cmp.matched,
        report::fmt_speedup(cmp.geomean)
    );
    if let Some(shift) = &cmp.shift {
        let words = shift.describe(rule.threshold());
        summary += &format!("\n{}", words.replacen("NEW ran", &format!("[{n}] ran"), 1));
    }
    let mut notes = pair_notes(first, last, &cmp, ("[1]", &format!("[{n}]")));
    notes += &rounds_notes(recs);
    RunsView {
        tables,
        notes,
        legend,
        summary,
    }
}

/// One note per run whose rounds are too few for some interval
/// ([`Operation::too_few_rounds`]), and one per run in which some figure lies outside its
/// rounds' interval ([`crate::record::HeadlineInterval::rounds_disagree`]: the machine's
/// speed changed during the run), each naming the first operation concerned.
fn rounds_notes(recs: &[&ResultRecord]) -> String {
    let mut s = String::new();
    for (i, r) in recs.iter().enumerate() {
        let few: Vec<(&Operation, usize)> = r
            .operations
            .iter()
            .filter_map(|o| Some((o, o.too_few_rounds()?)))
            .collect();
        if let (Some(n), Some((o, _))) = (few.iter().map(|f| f.1).min(), few.first()) {
            s += &format!(
                "note: [{}]: {} (fewest; {} of {} figures, first: {}, {})\n",
                i + 1,
                report::too_few_rounds(n),
                few.len(),
                r.operations.len(),
                o.name,
                o.key().0,
            );
        }
        let apart: Vec<&Operation> = r
            .operations
            .iter()
            .filter(|o| o.headline_interval().is_some_and(|h| h.rounds_disagree()))
            .collect();
        if let Some(o) = apart.first() {
            s += &format!(
                "note: [{}]: the machine's speed changed during the run: for {} of {} figures \
                 (first: {}, {}) the figure lies outside the 95 % interval of the rounds' \
                 median; the interval shown is widened to reach the figure\n",
                i + 1,
                apart.len(),
                r.operations.len(),
                o.name,
                o.key().0,
            );
        }
    }
    s
}

/// The document of the runs `recs` of one machine side by side ([`view`]): the runs, the
/// notes, the tables (headed when there are several), what the columns hold, the
/// geometric mean.
pub fn runs_doc(names: &[String], recs: &[&ResultRecord]) -> Doc {
    let v = view(names, recs);
    let mut d = Doc::new();
    d.title(format!(
        "pkbench report: {} runs on {} side by side",
        recs.len(),
        recs[0].machine_label()
    ));
    let items: Vec<(String, &ResultRecord)> = names
        .iter()
        .zip(recs)
        .enumerate()
        .map(|(i, (name, r))| (format!("[{}] {name}", i + 1), *r))
        .collect();
    d.push(describe(&items));
    push_view(&mut d, v);
    d
}

/// Appends the blocks of `v` to `d`: notes, tables (each under its heading when there are
/// several), legend, summary.
pub fn push_view(d: &mut Doc, v: RunsView) {
    if !v.notes.is_empty() {
        d.text(v.notes);
    }
    let headed = v.tables.len() > 1;
    for (heading, t) in v.tables {
        if headed {
            d.heading(heading);
        }
        d.table(t);
    }
    d.text(v.legend);
    d.text(v.summary);
}

/// Every operation key of `recs`, in the order first met (the first run's order, then
/// what later runs add).
fn keys(recs: &[&ResultRecord]) -> Vec<(String, String)> {
    let mut keys: Vec<(String, String)> = Vec::new();
    for r in recs {
        for op in &r.operations {
            let k = op.key();
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
    }
    keys
}

/// The tables: one per command and kind (KEM exchange or not), in the order of their first
/// row; each item a group row with its operations under it, then the geometric mean of the
/// table's ratios.
fn tables(recs: &[&ResultRecord], cmp: &Comparison, header: &[String]) -> Vec<(String, Table)> {
    let keys = keys(recs);
    let kind = |k: &(String, String)| (row_command(&k.0).to_string(), is_kem_op(&k.1));
    let mut kinds: Vec<(String, bool)> = Vec::new();
    for k in &keys {
        if !kinds.contains(&kind(k)) {
            kinds.push(kind(k));
        }
    }
    let head: Vec<&str> = header.iter().map(String::as_str).collect();
    kinds
        .into_iter()
        .map(|kd| {
            let name = format!("runs.{}{}", kd.0, if kd.1 { ".kem" } else { "" });
            let mut t = Table::new(name, &head).wrapping(0);
            let ks: Vec<&(String, String)> = keys.iter().filter(|k| kind(k) == kd).collect();
            let mut labels: Vec<&str> = Vec::new();
            for k in &ks {
                if !labels.contains(&k.0.as_str()) {
                    labels.push(&k.0);
                }
            }
            let mut ratios = Vec::new();
            for label in labels {
                t.group(label);
                for k in ks.iter().filter(|k| k.0 == label) {
                    let (row, ratio) = op_row(recs, cmp, k);
                    ratios.extend(ratio);
                    t.row(row);
                }
            }
            if !ratios.is_empty() {
                let gm = geomean(&ratios);
                let mut row = vec![Cell::text("geometric mean")];
                row.extend(std::iter::repeat_n(Cell::empty(), recs.len()));
                row.push(Cell::figure(report::fmt_speedup(gm), gm, "x"));
                t.row(row);
            }
            (kind_heading(&kd.0, kd.1), t)
        })
        .collect()
}

/// The row of operation `key`: its name, its figure in each run (one unit), the ratio of the
/// last run over the first from `cmp` (and that ratio, for the mean).
fn op_row(
    recs: &[&ResultRecord],
    cmp: &Comparison,
    key: &(String, String),
) -> (Vec<Cell>, Option<f64>) {
    let ops: Vec<Option<&Operation>> = recs
        .iter()
        .map(|r| r.operations.iter().find(|o| o.key() == *key))
        .collect();
    let scale = ops.iter().flatten().find_map(|o| Scale::of(o));
    let mut row = vec![Cell::text(indented_at(&key.1, NAME_WIDTH))];
    row.extend(ops.iter().map(|o| {
        match o {
            None => Cell::text("-"),
            Some(o) => scale
                .and_then(|s| s.cell(o))
                .unwrap_or_else(|| Cell::headline(o)),
        }
    }));
    let ratio = ratio_of(cmp, key);
    row.push(match ratio {
        Some(c) => Cell {
            text: c.cell_text(),
            ..ratio_cell(c)
        },
        None => Cell::text("-"),
    });
    (row, ratio.map(|c| c.ratio))
}

/// The ratio `cmp` holds for operation `key`, if it compared it.
fn ratio_of<'a>(cmp: &'a Comparison, key: &(String, String)) -> Option<&'a Ratio> {
    let r = cmp.rows.iter().find(|r| r.label == key.0)?;
    let c = cmp.columns.iter().position(|n| *n == key.1)?;
    r.cells[c].as_ref()
}

/// The unit a row's figures are written in: a time (per operation), bytes per second or
/// operations per second, with the factor from the record's own unit (ms for a time, per
/// second for a rate) to the unit shown.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Scale {
    /// Which way the figure is better (a time or a rate).
    dir: Better,
    /// Whether the rate is of bytes.
    bytes: bool,
    /// The shown value is the record's value times this.
    factor: f64,
    /// The unit shown after the number ("µs", "MB/s", "k/s").
    unit: &'static str,
    /// Whether a space stands between number and unit (times and MB/s; not "1.2k/s", as
    /// [`report::fmt_rate`] writes rates).
    space: bool,
}

impl Scale {
    /// The scale of `op`'s headline figure: the unit [`report::fmt_time_ms`] or
    /// [`report::fmt_rate`] would pick for it, MB/s for bytes.
    fn of(op: &Operation) -> Option<Scale> {
        let (key, v, dir) = op.headline_figure()?;
        if !(v.is_finite() && v > 0.0) {
            return None;
        }
        let bytes = key.starts_with("bytes");
        let (factor, unit, space) = match dir {
            Better::Lower if v >= 999.95 => (1e-3, "s", true),
            Better::Lower if v >= 0.99995 => (1.0, "ms", true),
            Better::Lower if v >= 0.99995e-3 => (1e3, "µs", true),
            Better::Lower => (1e6, "ns", true),
            Better::Higher if bytes => (1e-6, "MB/s", true),
            Better::Higher if v >= 0.99995e6 => (1e-6, "M/s", false),
            Better::Higher if v >= 0.99995e3 => (1e-3, "k/s", false),
            Better::Higher => (1.0, "/s", false),
        };
        Some(Scale {
            dir,
            bytes,
            factor,
            unit,
            space,
        })
    }

    /// `op`'s figure in this scale, with the 95 % interval of that figure from the rounds
    /// ([`Operation::headline_interval`]) on a second line, or "[N rounds: too few]" where
    /// the rounds are too few for one ([`Operation::too_few_rounds`]); `None` when `op`'s
    /// figure is of another kind.
    fn cell(&self, op: &Operation) -> Option<Cell> {
        let (key, v, dir) = op.headline_figure()?;
        if dir != self.dir || key.starts_with("bytes") != self.bytes || !v.is_finite() {
            return None;
        }
        let sep = if self.space { " " } else { "" };
        let mut text = format!("{}{sep}{}", report::sig4(v * self.factor), self.unit);
        // SI: seconds for a time (the record's milliseconds), per second for a rate.
        let (si, unit) = match (dir, self.bytes) {
            (Better::Lower, _) => (1e-3, "s"),
            (Better::Higher, true) => (1.0, "B/s"),
            (Better::Higher, false) => (1.0, "1/s"),
        };
        let mut q = Quantity {
            value: v * si,
            unit,
            lo: None,
            hi: None,
        };
        if let Some(n) = op.too_few_rounds() {
            text += &format!("\n[{n} rounds: too few]");
        }
        if let Some(iv) = op.headline_interval().map(|h| h.interval) {
            text += &format!(
                "\n[{}, {}]",
                report::sig4(iv.lo * self.factor),
                report::sig4(iv.hi * self.factor)
            );
            q.lo = Some(iv.lo * si);
            q.hi = Some(iv.hi * si);
        }
        Some(Cell {
            text,
            value: Some(q),
            key: None,
        })
    }
}

#[cfg(test)]
mod tests;

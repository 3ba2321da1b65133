//! The report of a `repro` record, the one renderer of every reproduced table: the terminal
//! table (80 columns, or every machine's column with `wide`), the Markdown table, and the
//! summary keys `--json` prints beside the record. Everything comes from the record (the
//! run's `table`, `budget_s` and `backend` params, each row's operation, the rows not
//! measured in `skipped`) and the table's embedded reference file ([`crate::repro`]).
//!
//! Layout: a header (the post, how this machine measures, the machine, the backend when a
//! row uses one, the clock and what the speedup is over), the table (row, unit when the rows
//! have several, the posted figures, this machine, who computed it, the speedups: over the
//! baseline machine, or over each machine when the table has none), the unit when all rows
//! share one, with `--impl all` or a list the table of every implementation of the rows
//! several computed ([`imps`]), and notes (how each row was measured, pkbench's own figure
//! where a library's was faster, rows not measured, implementations that could not run,
//! implementation notes, the post's notes on its figures).
//!
//! This machine's figure of a row is the fastest of the implementations the record holds
//! for it (each checked as its command checks it): with `--impl best`, the default, the
//! fastest checked implementation found here; its `by` column names it.
//!
//! Files: the run and the main table here, the by-implementation table in [`imps`], how
//! each row was measured in [`detail`], the `--json` summary keys in [`json`], the cells and
//! their text and Markdown in [`cells`].

mod cells;
mod detail;
mod imps;
mod json;
#[cfg(test)]
mod tests;

use cells::fmt_bound;
pub use cells::{Cells, fmt_posted, fmt_speedup, fmt_value, note_list};
pub use json::{FigureRow, json_view};

use crate::record::{Operation, ResultRecord};
use crate::reference::{self as repro, Kind, RefMachine, Reference};
use crate::report;
use crate::report::doc::{Block, Doc, Facts};
use serde_json::Value;

/// This machine's result for one row, as the record holds it.
#[derive(Debug, Clone)]
pub enum RowResult<'a> {
    /// Measured: the row's (headline) operation and its value in the row's unit.
    Measured {
        /// The operation.
        op: &'a Operation,
        /// The value in the row's unit.
        value: f64,
    },
    /// Not measured: the job could not be made in this build.
    NotBuilt {
        /// Why, as recorded.
        reason: &'a str,
    },
    /// Not measured: the job failed.
    Failed {
        /// Why, as recorded.
        reason: &'a str,
    },
}

impl RowResult<'_> {
    /// The value, when measured.
    pub fn value(&self) -> Option<f64> {
        match self {
            RowResult::Measured { value, .. } => Some(*value),
            _ => None,
        }
    }

    /// "measured", "not-built" or "failed" (the JSON's words).
    pub fn status(&self) -> &'static str {
        match self {
            RowResult::Measured { .. } => "measured",
            RowResult::NotBuilt { .. } => "not-built",
            RowResult::Failed { .. } => "failed",
        }
    }
}

/// One implementation's measurement of a row.
#[derive(Debug, Clone, Copy)]
pub struct Measured<'a> {
    /// The row's operation (its headline operation, or the `repro` operation made of it).
    pub op: &'a Operation,
    /// Its value in the row's unit.
    pub value: f64,
}

/// A repro record read against its table's reference file.
pub struct Run<'a> {
    /// The record.
    pub rec: &'a ResultRecord,
    /// The reference file of the record's table.
    pub reference: Reference,
    /// This machine's result per row of the reference (`None`: not in the record): the
    /// fastest implementation's when several measured the row.
    pub results: Vec<Option<RowResult<'a>>>,
    /// Every implementation's measurement of each row, in the record's order (pkbench's own
    /// first when it ran).
    pub measured: Vec<Vec<Measured<'a>>>,
}

impl<'a> Run<'a> {
    /// Reads `rec`, a record of `pkbench repro`; `None` when its `table` param names no table
    /// pkbench knows.
    pub fn of(rec: &'a ResultRecord) -> Option<Run<'a>> {
        let name = rec.params.get("table")?.as_str()?;
        let reference = repro::table(name).ok()?.parse().ok()?;
        let measured: Vec<Vec<Measured>> = reference
            .rows
            .iter()
            .map(|row| {
                rec.operations
                    .iter()
                    .filter(|op| {
                        reference.row_of(op).is_some_and(|r| r.id == row.id)
                            && (op.param_str("command") == Some("repro")
                                || row.job().is_headline(op))
                    })
                    .filter_map(|op| {
                        repro::value(op, &row.unit).map(|value| Measured { op, value })
                    })
                    .collect()
            })
            .collect();
        let results = reference
            .rows
            .iter()
            .zip(&measured)
            .map(|(row, m)| {
                if let Some(best) = fastest(m, &row.unit) {
                    return Some(RowResult::Measured {
                        op: best.op,
                        value: best.value,
                    });
                }
                let s = rec.skipped.iter().find(|s| {
                    s.params.get("table").and_then(Value::as_str) == Some(reference.id.as_str())
                        && s.params.get("row").and_then(Value::as_str) == Some(row.id.as_str())
                })?;
                Some(match s.info.get("status").and_then(Value::as_str) {
                    Some("failed") => RowResult::Failed { reason: &s.reason },
                    _ => RowResult::NotBuilt { reason: &s.reason },
                })
            })
            .collect();
        Some(Run {
            rec,
            reference,
            results,
            measured,
        })
    }

    fn result(&self, i: usize) -> Option<&RowResult<'a>> {
        self.results[i].as_ref()
    }

    /// The operation behind this machine's figure of row `i`, when measured.
    fn best(&self, i: usize) -> Option<&'a Operation> {
        match self.result(i) {
            Some(RowResult::Measured { op, .. }) => Some(op),
            _ => None,
        }
    }

    /// pkbench's own measurement of row `i`, when it ran.
    fn own(&self, i: usize) -> Option<&Measured<'a>> {
        self.measured[i]
            .iter()
            .find(|m| m.op.choice() == crate::implementation::Choice::Own)
    }

    /// Whether the run was asked for `--impl best` (or made before repro had the choice):
    /// the table of every implementation is then left out.
    fn best_only(&self) -> bool {
        self.rec
            .params
            .get(crate::record::param::IMPLEMENTATIONS)
            .and_then(Value::as_str)
            .is_none_or(|s| s == "best")
    }

    /// Speedup of `value` (row `i`'s unit) over `machine`'s figure of the row, when posted.
    fn speedup_of(&self, i: usize, value: f64, machine: &str) -> Option<f64> {
        let row = &self.reference.rows[i];
        let f = self.reference.figure(&row.id, machine)?;
        Some(repro::speedup(f.value, value, &row.unit))
    }

    /// Speedup of row `i` over `machine`'s figure, when both exist.
    fn speedup_over(&self, i: usize, machine: &str) -> Option<f64> {
        self.speedup_of(i, self.result(i)?.value()?, machine)
    }

    /// The 95 % interval of the speedup of row `i` over `machine`'s figure: the speedup
    /// scaled by the interval of this machine's median over its rounds
    /// ([`Operation::speed_factors`]; the posted figure is taken as exact).
    fn speedup_interval_over(&self, i: usize, machine: &str) -> Option<(f64, f64)> {
        let x = self.speedup_over(i, machine)?;
        let (lo, hi) = self.best(i)?.speed_factors()?;
        Some((x * lo, x * hi))
    }

    /// A speedup cell of `value` over `machine`: "5.56x" (its interval is this machine's,
    /// shown under its figure); "-" when the machine has no figure for the row.
    fn speedup_cell(&self, i: usize, value: Option<f64>, machine: &str) -> String {
        value
            .and_then(|v| self.speedup_of(i, v, machine))
            .map(fmt_speedup)
            .unwrap_or_else(|| "-".to_string())
    }

    /// The speedups of `value` over the table's baseline ("22.2x") or, without one, over
    /// each machine ("0.86x vs K6/400, 0.64x vs Celeron/500"), for a note.
    fn speedups_text(&self, i: usize, value: f64) -> String {
        let r = &self.reference;
        match &r.baseline {
            Some(b) => self.speedup_cell(i, Some(value), b),
            None => r
                .machines
                .iter()
                .filter_map(|m| {
                    self.speedup_of(i, value, &m.id)
                        .map(|x| format!("{} vs {}", fmt_speedup(x), m.name))
                })
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// `op`'s figure `value`, with "±1.2 %" under it: the larger half-width of the 95 %
    /// interval of its median over the rounds ([`Operation::speed_factors`]), which is also
    /// the relative interval of every speedup of the row (the posted figures are taken as
    /// exact).
    fn figure_cell(op: &Operation, value: f64) -> String {
        let v = fmt_value(value);
        match op.speed_factors() {
            Some((lo, hi)) => {
                let pct = 100.0 * (1.0 - lo).max(hi - 1.0);
                format!("{v}\n±{} %", fmt_bound(pct))
            }
            None => v,
        }
    }

    /// Speedup of row `i` over the baseline machine, when the table has one.
    fn speedup_vs_baseline(&self, i: usize) -> Option<f64> {
        self.speedup_over(i, self.reference.baseline.as_deref()?)
    }

    /// The header: the post as the title, then how this machine measures, the machine, the
    /// backend, the clock, who "by" names and what the speedups are over.
    pub fn header(&self, d: &mut Doc) {
        let (r, rec) = (&self.reference, self.rec);
        d.title(format!("pkbench repro {}: {}", r.id, r.title));
        // Each label followed by one space ("historical: …"), as the post's header reads.
        let mut facts = Facts {
            width: 0,
            items: Vec::new(),
        };
        let mut fact = |l: &str, v: String| facts.items.push((l.to_string(), v));
        fact(
            "historical",
            if r.method.is_empty() {
                r.source.clone()
            } else {
                format!("{} ({})", r.source, r.method)
            },
        );
        if !r.measured.is_empty() {
            fact("now", r.measured.clone());
        }
        fact("this machine", rec.summary());
        if let Some(b) = rec.params.get("backend").and_then(Value::as_str) {
            fact("backend", format!("{b} (pkbench's own RSA and mod-p rows)"));
        }
        let budget = rec
            .params
            .get("budget_s")
            .and_then(Value::as_f64)
            .map_or_else(|| "-".to_string(), |b| b.to_string());
        let seed = rec.seed.map_or_else(|| "-".to_string(), |s| s.to_string());
        let over = match r.baseline_machine() {
            Some(b) => format!("speedup = how many times faster than the {}", b.name),
            None => "vs MACHINE: how many times faster than that machine (26.4x)".to_string(),
        };
        fact(
            "clock",
            format!(
                "{}; {budget} s per timed operation; seed {seed}; by: who computed this machine's figure, the fastest checked implementation of the row among those run (pkbench: its own code or the crate it uses); {over}; ±: the 95 % interval of this machine's median over its rounds, and so of its speedups",
                rec.clock
            ),
        );
        d.push(Block::Facts(facts));
    }

    /// The table's cells with the columns of `machines`: row, unit (when the rows have
    /// several), one column per machine, this machine, by (who computed it: the last line
    /// of this machine's cell instead in a `narrow` table without a baseline), and the
    /// speedups (over the baseline: one column, headed "speedup" when `narrow`; else one per
    /// machine). Estimated figures carry " (est.)".
    pub fn cells(&self, machines: &[&RefMachine], narrow: bool) -> Cells {
        let r = &self.reference;
        let unit_column = r.single_unit().is_none();
        let mut header = vec!["row".to_string()];
        if unit_column {
            header.push("unit".into());
        }
        header.extend(machines.iter().map(|m| m.name.clone()));
        // Who computed the figure: a column of its own, or, in the 80-column table of a
        // table with a speedup column per machine (too wide for one more), the last line
        // of this machine's cell.
        let by_column = !narrow || r.baseline.is_some();
        header.push(
            if by_column {
                "this machine"
            } else {
                "this machine, by"
            }
            .into(),
        );
        if by_column {
            header.push("by".into());
        }
        match r.baseline_machine() {
            Some(_) if narrow => header.push("speedup".into()),
            Some(b) => header.push(format!("vs {}", b.name)),
            None => header.extend(machines.iter().map(|m| format!("vs {}", m.name))),
        }
        let mut lines = Vec::new();
        for (i, row) in r.rows.iter().enumerate() {
            let mut line = vec![row.label.clone()];
            if unit_column {
                line.push(row.unit.clone());
            }
            for m in machines {
                line.push(match r.figure(&row.id, &m.id) {
                    Some(f) if f.kind == Kind::Estimated => {
                        format!("{} (est.)", fmt_posted(f.value, r.view.digits))
                    }
                    Some(f) => fmt_posted(f.value, r.view.digits),
                    None => String::new(),
                });
            }
            let by = self
                .best(i)
                .map(|op| op.choice().name().to_string())
                .unwrap_or_default();
            line.push(match self.result(i) {
                Some(RowResult::Measured { op, value }) if by_column => {
                    Self::figure_cell(op, *value)
                }
                Some(RowResult::Measured { op, value }) => {
                    format!("{}\n{by}", Self::figure_cell(op, *value))
                }
                Some(RowResult::NotBuilt { .. }) => "not built".to_string(),
                Some(RowResult::Failed { .. }) => "failed".to_string(),
                None => "-".to_string(),
            });
            if by_column {
                line.push(by);
            }
            let value = self.result(i).and_then(RowResult::value);
            match &r.baseline {
                Some(b) => line.push(self.speedup_cell(i, value, b)),
                None => line.extend(machines.iter().map(|m| self.speedup_cell(i, value, &m.id))),
            }
            lines.push(line);
        }
        Cells {
            header,
            lines,
            label_columns: if unit_column { 2 } else { 1 },
        }
    }

    /// The notes under the table: each row's measurement (or why it has no value), pkbench's
    /// own figure where a library's was faster, every other implementation's measurement
    /// (unless `--impl best`), the implementations that could not run and the run's notes,
    /// the implementations' notes (once each), the post's notes on its figures.
    pub fn notes(&self) -> Vec<String> {
        let mut v = Vec::new();
        let mut implementation_notes: Vec<String> = Vec::new();
        for (i, row) in self.reference.rows.iter().enumerate() {
            match self.result(i) {
                Some(RowResult::NotBuilt { reason }) => {
                    v.push(format!("{}: not built: {reason}", row.label))
                }
                Some(RowResult::Failed { reason }) => {
                    v.push(format!("{}: failed: {reason}", row.label))
                }
                Some(RowResult::Measured { op, .. }) => {
                    let d = self.detail(i, op);
                    if !d.is_empty() {
                        v.push(format!("{}: {d}", row.label));
                    }
                    v.extend(self.own_note(i));
                    if !self.best_only() {
                        v.extend(self.other_notes(i));
                    }
                    for m in &self.measured[i] {
                        if let Some(n) = m.op.info_str("note") {
                            let who = m.op.info_str("algo").unwrap_or(&row.label);
                            let note = format!("{who}: {n}");
                            if !implementation_notes.contains(&note) {
                                implementation_notes.push(note);
                            }
                        }
                    }
                }
                None => {}
            }
        }
        for sk in self
            .rec
            .skipped
            .iter()
            .filter(|k| k.params.contains_key(crate::record::param::IMPL))
        {
            v.push(format!("{}: {}", sk.item, sk.reason.replace('\n', " ")));
        }
        v.extend(self.rec.notes.iter().cloned());
        v.extend(implementation_notes);
        for f in &self.reference.figures {
            if !f.note.is_empty() {
                v.push(format!(
                    "{} on {}: {}",
                    f.posted_row, f.posted_machine, f.note
                ));
            }
        }
        v
    }

    /// The line naming the unit of every row, when they share one (there is then no unit
    /// column); "" otherwise.
    fn units_line(&self) -> String {
        self.reference
            .single_unit()
            .map(|u| format!("units: {u}\n"))
            .unwrap_or_default()
    }

    /// The report as a document: the header, then the table — every machine's column with
    /// `wide`, else the 80-column table of the file's narrow view, with a line naming the
    /// machines left out — then the table of every implementation (unless `--impl best`),
    /// then the notes.
    pub fn doc(&self, wide: bool) -> Doc {
        let mut d = Doc::new();
        self.header(&mut d);
        d.text("");
        let all: Vec<&RefMachine> = self.reference.machines.iter().collect();
        let shown = if wide {
            all.clone()
        } else {
            self.reference.narrow_machines()
        };
        d.table(self.cells(&shown, !wide).table("repro.rows", !wide));
        let mut s = self.units_line();
        let others: Vec<&str> = all
            .iter()
            .filter(|m| !shown.iter().any(|s| s.id == m.id))
            .map(|m| m.name.as_str())
            .collect();
        if !others.is_empty() {
            s += &format!(
                "The post's other machines ({}): --wide or --markdown.\n",
                others.join(", ")
            );
        }
        if let Some(c) = self.every_cells(&shown, !wide) {
            s += "\nEvery implementation of the rows several computed (vs pkbench: its speed against pkbench's own, with the 95 % interval of the rounds paired):";
            d.text(s);
            d.table(c.table("repro.implementations", !wide));
            s = String::new();
        }
        s += &note_list(&self.notes(), false);
        if !s.is_empty() {
            d.text(s);
        }
        d
    }

    /// The report: the document ([`Run::doc`]) as terminal text, or with `markdown` the
    /// header, then every machine's table in Markdown, the table of every implementation
    /// (unless `--impl best`) and the notes.
    pub fn render(&self, wide: bool, markdown: bool) -> String {
        if !markdown {
            return report::doc::terminal::render(&self.doc(wide));
        }
        let all: Vec<&RefMachine> = self.reference.machines.iter().collect();
        let every = self.every_cells(&all, false).map(|c| {
            format!(
                "\nEvery implementation of the rows several computed (vs pkbench: its speed against pkbench's own, with the 95 % interval of the rounds paired):\n{}",
                c.markdown()
            )
        });
        let mut head = Doc::new();
        self.header(&mut head);
        format!(
            "{}\n{}\n{}{}\n{}",
            report::doc::terminal::render(&head),
            self.cells(&all, false).markdown(),
            self.units_line(),
            every.unwrap_or_default(),
            note_list(&self.notes(), true)
        )
    }
}

/// The fastest of `measured` in `unit` (the highest rate, the lowest time); the first when
/// the unit has no direction.
fn fastest<'a, 'm>(measured: &'m [Measured<'a>], unit: &str) -> Option<&'m Measured<'a>> {
    let first = measured.first()?;
    Some(match repro::higher_is_better(unit) {
        Some(true) => measured
            .iter()
            .fold(first, |b, m| if m.value > b.value { m } else { b }),
        Some(false) => measured
            .iter()
            .fold(first, |b, m| if m.value < b.value { m } else { b }),
        None => first,
    })
}

/// The view of a `repro` record as the terminal shows it without `--wide` ([`Run::doc`]); a
/// record of no known table is a one-line note.
pub fn view(rec: &ResultRecord) -> Doc {
    match Run::of(rec) {
        Some(run) => run.doc(false),
        None => {
            let mut d = Doc::new();
            d.text("pkbench repro: the record names no table pkbench knows");
            d
        }
    }
}

/// Renders a `repro` record (see the module documentation); a record of no known table
/// renders as a one-line note.
pub fn render_text(rec: &ResultRecord, wide: bool, markdown: bool) -> String {
    match Run::of(rec) {
        Some(run) => run.render(wide, markdown),
        None => "pkbench repro: the record names no table pkbench knows\n".to_string(),
    }
}

/// Renders a `repro` record of any implementations: [`render_text`], whose table's figure
/// of each row is the fastest implementation's and whose notes name the others.
pub fn render_all(rec: &ResultRecord, wide: bool, markdown: bool) -> String {
    render_text(rec, wide, markdown)
}

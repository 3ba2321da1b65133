//! The report of a `repro` record, the one renderer of every reproduced table: the terminal
//! table (80 columns, or every machine's column with `wide`), the Markdown table, and the
//! summary keys `--json` prints beside the record. Everything comes from the record (the
//! run's `table`, `budget_s` and `backend` params, each row's operation, the rows not
//! measured in `skipped`) and the table's embedded reference file ([`crate::repro`]).
//!
//! Layout: a header (the post, how this machine measures, the machine, the backend when a
//! row uses one, the clock and what the speedup is over), the table (row, unit when the rows
//! have several, the posted figures, this machine, the speedups: over the baseline machine,
//! or over each machine when the table has none), the unit when all rows share one, and notes
//! (how each row was measured, rows not measured, implementation notes, the post's notes on
//! its figures).

use crate::bench::slope::{FitDoubt, MIN_R2};
use crate::record::{Operation, ResultRecord};
use crate::reference::{self as repro, Kind, RefMachine, RefRow, Reference, RowJob, SummaryLayout};
use crate::report;
use serde::Serialize;
use serde_json::{Map, Value, json};

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

/// A repro record read against its table's reference file.
pub struct Run<'a> {
    /// The record.
    pub rec: &'a ResultRecord,
    /// The reference file of the record's table.
    pub reference: Reference,
    /// This machine's result per row of the reference (`None`: not in the record).
    pub results: Vec<Option<RowResult<'a>>>,
}

impl<'a> Run<'a> {
    /// Reads `rec`, a record of `pkbench repro`; `None` when its `table` param names no table
    /// pkbench knows.
    pub fn of(rec: &'a ResultRecord) -> Option<Run<'a>> {
        let name = rec.params.get("table")?.as_str()?;
        let reference = repro::table(name).ok()?.parse().ok()?;
        let results = reference
            .rows
            .iter()
            .map(|row| {
                let op = rec.operations.iter().find(|op| {
                    reference.row_of(op).is_some_and(|r| r.id == row.id)
                        && (op.param_str("command") == Some("repro") || row.job().is_headline(op))
                });
                if let Some(op) = op {
                    return repro::value(op, &row.unit)
                        .map(|value| RowResult::Measured { op, value });
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
        })
    }

    fn result(&self, i: usize) -> Option<&RowResult<'a>> {
        self.results[i].as_ref()
    }

    /// Speedup of row `i` over `machine`'s figure, when both exist.
    fn speedup_over(&self, i: usize, machine: &str) -> Option<f64> {
        let row = &self.reference.rows[i];
        let f = self.reference.figure(&row.id, machine)?;
        let this = self.result(i)?.value()?;
        Some(repro::speedup(f.value, this, &row.unit))
    }

    /// The 95 % interval of the speedup of row `i` over `machine`'s figure: the speedup
    /// scaled by the interval of this machine's median over its rounds
    /// ([`Operation::speed_factors`]; the posted figure is taken as exact).
    fn speedup_interval_over(&self, i: usize, machine: &str) -> Option<(f64, f64)> {
        let x = self.speedup_over(i, machine)?;
        let Some(RowResult::Measured { op, .. }) = self.result(i) else {
            return None;
        };
        let (lo, hi) = op.speed_factors()?;
        Some((x * lo, x * hi))
    }

    /// A speedup cell: "×5.56" (its interval is this machine's, shown under its figure).
    fn speedup_cell(&self, i: usize, machine: &str) -> String {
        self.speedup_over(i, machine)
            .map(fmt_speedup)
            .unwrap_or_else(|| "-".to_string())
    }

    /// This machine's figure of row `i`, with "±1.2 %" under it: the larger half-width of the
    /// 95 % interval of its median over the rounds ([`Operation::speed_factors`]), which is
    /// also the relative interval of every speedup of the row (the posted figures are taken
    /// as exact).
    fn this_cell(&self, i: usize, value: f64) -> String {
        let v = fmt_value(value);
        match self.result(i) {
            Some(RowResult::Measured { op, .. }) => match op.speed_factors() {
                Some((lo, hi)) => {
                    let pct = 100.0 * (1.0 - lo).max(hi - 1.0);
                    format!("{v}\n±{} %", fmt_bound(pct))
                }
                None => v,
            },
            _ => v,
        }
    }

    /// Speedup of row `i` over the baseline machine, when the table has one.
    fn speedup_vs_baseline(&self, i: usize) -> Option<f64> {
        self.speedup_over(i, self.reference.baseline.as_deref()?)
    }

    /// The header lines: the post, how this machine measures, the machine, the backend, the
    /// clock and what the speedups are over.
    pub fn header(&self) -> String {
        let (r, rec) = (&self.reference, self.rec);
        let mut s = format!("pkbench repro {}: {}\n", r.id, r.title);
        s += &if r.method.is_empty() {
            format!("historical: {}\n", r.source)
        } else {
            format!("historical: {} ({})\n", r.source, r.method)
        };
        if !r.measured.is_empty() {
            s += &format!("now: {}\n", r.measured);
        }
        s += &format!("this machine: {}\n", rec.summary());
        if let Some(b) = rec.params.get("backend").and_then(Value::as_str) {
            s += &format!("backend: {b}\n");
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
        s += &format!(
            "clock: {}; {budget} s per timed operation; seed {seed}; {over}; ±: the 95 % interval of this machine's median over its rounds, and so of its speedups\n",
            rec.clock
        );
        s
    }

    /// The table's cells with the columns of `machines`: row, unit (when the rows have
    /// several), one column per machine, this machine, and the speedups (over the baseline:
    /// one column, headed "speedup" when `narrow`; else one per machine). Estimated figures
    /// carry " (est.)".
    pub fn cells(&self, machines: &[&RefMachine], narrow: bool) -> Cells {
        let r = &self.reference;
        let unit_column = r.single_unit().is_none();
        let mut header = vec!["row".to_string()];
        if unit_column {
            header.push("unit".into());
        }
        header.extend(machines.iter().map(|m| m.name.clone()));
        header.push("this machine".into());
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
            line.push(match self.result(i) {
                Some(RowResult::Measured { value, .. }) => self.this_cell(i, *value),
                Some(RowResult::NotBuilt { .. }) => "not built".to_string(),
                Some(RowResult::Failed { .. }) => "failed".to_string(),
                None => "-".to_string(),
            });
            match &r.baseline {
                Some(b) => line.push(self.speedup_cell(i, b)),
                None => line.extend(machines.iter().map(|m| self.speedup_cell(i, &m.id))),
            }
            lines.push(line);
        }
        Cells {
            header,
            lines,
            label_columns: if unit_column { 2 } else { 1 },
        }
    }

    /// How row `i` was measured, in one phrase ("" when there is nothing to add).
    fn detail(&self, i: usize, op: &Operation) -> String {
        let row = &self.reference.rows[i];
        let fact = |k: &str| op.info.get(k).or_else(|| op.params.get(k));
        let text = |k: &str| match fact(k) {
            Some(Value::String(s)) => s.clone(),
            Some(v) => v.to_string(),
            None => "?".to_string(),
        };
        let count = |k: &str| fact(k).and_then(Value::as_u64).unwrap_or(0);
        match row.job() {
            RowJob::Hash(_) => format!(
                "{} ({}), {}-byte blocks; {} known answers and {} timed digests checked",
                text("algo"),
                text("implementation"),
                count("block"),
                count("known_answers_checked"),
                count("outputs_checked")
            ),
            RowJob::DesEcb => format!(
                "DES-{} ({}) over random data, {}-byte chunks; {} known answers and {} timed chunks checked",
                text("mode"),
                super::des::implementation_label(op),
                count("block"),
                count("known_answers_checked"),
                count("outputs_checked")
            ),
            RowJob::DesKeySetup => format!(
                "DES key setup ({}), {} random keys; {} key schedules checked",
                super::des::implementation_label(op),
                count("keys"),
                count("outputs_checked")
            ),
            RowJob::RsaRaw { .. } => format!(
                "raw RSA private operation m^d mod n (no CRT), {}-bit key from the seed, {}-byte chunks, {}: {} per operation; {} chunks round-tripped",
                count("bits"),
                count("chunk_bytes"),
                text("backend"),
                report::fmt_time_ms(op.stats.as_ref().map_or(f64::NAN, |s| s.median_ms)),
                count("pool")
            ),
            RowJob::Dh { .. } => {
                let ms = |k: &str| report::fmt_time_ms(op.info_f64(k).unwrap_or(f64::NAN));
                let table = match op.info_str("table_method") {
                    Some(method) => format!(
                        "table {method} ({}, built in {}, not counted)",
                        report::fmt_bytes(count("table_bytes") as usize),
                        ms("table_build_ms")
                    ),
                    None => "no table".to_string(),
                };
                let backend = op
                    .info_str("backend")
                    .map(|b| format!(", {b}"))
                    .unwrap_or_default();
                format!(
                    "{} ({}), {}-bit exponent, {table}{backend}: Offer {}, Reply {}; pool of {} inputs, shared secrets checked",
                    text("group"),
                    text("group_description"),
                    count("exp_bits"),
                    ms("offer_ms"),
                    ms("reply_ms"),
                    count("pool")
                )
            }
            RowJob::Cipher { .. } => match super::cipher::Row::of(op) {
                Some(c) if c.doubts.contains(&FitDoubt::LowR2) => format!(
                    "R² {:.4} < {MIN_R2}: the time per call is not a straight line in the buffer size, so this {} is uncertain; rerun with a larger --time or --clock cpu",
                    c.r2, row.unit
                ),
                _ => String::new(),
            },
        }
    }

    /// The notes under the table: each row's measurement (or why it has no value), the
    /// implementations' notes (once each), the post's notes on its figures.
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
                    if let Some(n) = op.info_str("note") {
                        let who = op.info_str("algo").unwrap_or(&row.label);
                        let note = format!("{who}: {n}");
                        if !implementation_notes.contains(&note) {
                            implementation_notes.push(note);
                        }
                    }
                }
                None => {}
            }
        }
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

    /// The report: the header, then the table — Markdown with `markdown`; every machine's
    /// column with `wide`; else the 80-column table of the file's narrow view, with a line
    /// naming the machines left out — then the notes.
    pub fn render(&self, wide: bool, markdown: bool) -> String {
        let all: Vec<&RefMachine> = self.reference.machines.iter().collect();
        let body = if markdown {
            format!(
                "{}\n{}{}",
                self.cells(&all, false).markdown(),
                self.units_line(),
                note_list(&self.notes(), true)
            )
        } else if wide {
            self.cells(&all, false).text_wide()
                + &self.units_line()
                + &note_list(&self.notes(), false)
        } else {
            let shown = self.reference.narrow_machines();
            let mut s = self.cells(&shown, true).text() + &self.units_line();
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
            report::wrap_text(&(s + &note_list(&self.notes(), false)))
        };
        format!("{}\n{body}", self.header())
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

/// The table with pkbench's own figures, then the same table for each library that computed
/// rows (its figures as this machine's column), then the notes of libraries that could not.
pub fn render_all(rec: &ResultRecord, wide: bool, markdown: bool) -> String {
    use crate::implementation::Choice;
    use crate::report::by_impl;
    let mut s = render_text(&by_impl::only(rec, Choice::Own), wide, markdown);
    for lib in crate::implementation::Library::ALL {
        let sub = by_impl::only(rec, Choice::Peer(lib));
        let Some(imp) = sub
            .operations
            .first()
            .and_then(|o| o.implementation.clone())
        else {
            continue;
        };
        s += &format!(
            "\nThe same rows through {} {} (this machine's column is the library's):\n",
            imp.name, imp.version
        );
        s += &render_text(&sub, wide, markdown);
    }
    for sk in rec
        .skipped
        .iter()
        .filter(|k| k.params.contains_key(crate::implementation::IMPL_PARAM))
    {
        s += &format!("{}: {}\n", sk.item, sk.reason);
    }
    s
}

/// One entry of the `rows` summary key of the `figures` layout: a posted figure beside this
/// machine's value for its row.
#[derive(Debug, Clone, Serialize)]
pub struct FigureRow {
    /// Row id.
    pub row: String,
    /// Row label.
    pub label: String,
    /// Machine id of the figure.
    pub machine: String,
    /// Machine name.
    pub machine_name: String,
    /// The figure's row as posted.
    pub posted_row: String,
    /// Machine as posted.
    pub posted_machine: String,
    /// Compiler as posted.
    pub compiler: String,
    /// "measured" or "estimated" (the post's word).
    pub kind: Kind,
    /// The historical figure.
    pub historical: f64,
    /// Unit of `historical` and `this_machine`.
    pub unit: String,
    /// This machine's value in the same unit (`null` when not measured).
    pub this_machine: Option<f64>,
    /// "measured", "not-built", "failed" or "not-run".
    pub this_machine_status: String,
    /// Why there is no value, when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// How many times faster this machine is than this figure's machine.
    pub speedup: Option<f64>,
    /// The 95 % interval of `speedup` from this machine's rounds (the posted figure taken
    /// as exact), `[lo, hi]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speedup_interval: Option<[f64; 2]>,
    /// How many times faster this machine is than the baseline machine on this row.
    pub speedup_vs_baseline: Option<f64>,
    /// The post's note on this figure.
    pub note: String,
}

impl Run<'_> {
    /// One [`FigureRow`] per posted figure, in the reference file's order.
    pub fn figure_rows(&self) -> Vec<FigureRow> {
        let r = &self.reference;
        r.figures
            .iter()
            .map(|f| {
                let i = r
                    .rows
                    .iter()
                    .position(|x| x.id == f.row)
                    .expect("validated");
                let row: &RefRow = &r.rows[i];
                let m = r
                    .machines
                    .iter()
                    .find(|x| x.id == f.machine)
                    .expect("validated");
                let res = self.result(i);
                let this = res.and_then(RowResult::value);
                let reason = match res {
                    Some(RowResult::NotBuilt { reason } | RowResult::Failed { reason }) => {
                        Some(reason.to_string())
                    }
                    _ => None,
                };
                FigureRow {
                    row: f.row.clone(),
                    label: row.label.clone(),
                    machine: f.machine.clone(),
                    machine_name: m.name.clone(),
                    posted_row: f.posted_row.clone(),
                    posted_machine: f.posted_machine.clone(),
                    compiler: f.compiler.clone(),
                    kind: f.kind,
                    historical: f.value,
                    unit: f.unit.clone(),
                    this_machine: this,
                    this_machine_status: res.map_or("not-run", RowResult::status).to_string(),
                    reason,
                    speedup: this.map(|t| repro::speedup(f.value, t, &f.unit)),
                    speedup_interval: self
                        .speedup_interval_over(i, &f.machine)
                        .map(|(lo, hi)| [lo, hi]),
                    speedup_vs_baseline: self.speedup_vs_baseline(i),
                    note: f.note.clone(),
                }
            })
            .collect()
    }

    /// The `results` summary key: per row with a result, its id, unit, status and value,
    /// how it was measured (`detail`) and its statistics without the raw samples, or the
    /// reason it has none.
    fn results_view(&self) -> Vec<Value> {
        let mut v = Vec::new();
        for (i, row) in self.reference.rows.iter().enumerate() {
            let Some(res) = self.result(i) else { continue };
            let mut m = Map::new();
            m.insert("row".into(), row.id.clone().into());
            m.insert("unit".into(), row.unit.clone().into());
            m.insert("status".into(), res.status().into());
            match res {
                RowResult::Measured { op, value } => {
                    m.insert("value".into(), (*value).into());
                    m.insert("detail".into(), self.detail(i, op).into());
                    if let Some(st) = &op.stats {
                        m.insert("stats".into(), super::json::summary_stats(st));
                    }
                }
                RowResult::NotBuilt { reason } | RowResult::Failed { reason } => {
                    m.insert("reason".into(), (*reason).into());
                }
            }
            v.push(Value::Object(m));
        }
        v
    }

    /// The `reference` summary key of the `columns` layout: the table as rows of figures,
    /// one per machine (`null` where none was posted), with a cipher row's `algo`,
    /// `key_bits` and `mode`.
    fn reference_view(&self) -> Value {
        let r = &self.reference;
        let unit = r.rows.first().map(|row| row.unit.as_str()).unwrap_or("");
        let rows: Vec<Value> = r
            .rows
            .iter()
            .map(|row| {
                let values: Vec<Option<f64>> = r
                    .machines
                    .iter()
                    .map(|m| r.figure(&row.id, &m.id).map(|f| f.value))
                    .collect();
                let mut o = json!({"label": row.label, "values": values});
                if let RowJob::Cipher { spec, mode } = row.job() {
                    o["algo"] = spec.cipher.name.into();
                    o["key_bits"] = spec.key_bits.into();
                    o["mode"] = serde_json::to_value(mode).unwrap_or_default();
                }
                o
            })
            .collect();
        json!({
            "name": r.id,
            "title": r.title,
            "source": r.source,
            "method": r.method,
            "unit": unit,
            "better": if repro::higher_is_better(unit) == Some(false) { "lower" } else { "higher" },
            "columns": r.machines.iter().map(|m| m.name.clone()).collect::<Vec<_>>(),
            "rows": rows,
        })
    }
}

/// The summary keys `--json` prints beside a `repro` record (pkbench's first JSON output,
/// kept for its readers), in the layout the table's file names ([`SummaryLayout`]):
///
/// - `figures`: `table`, `title`, `source`, `baseline` (the machine's name), `backend`,
///   `budget_s`, `rows` (one [`FigureRow`] per posted figure) and `results` (one per row);
/// - `columns`: `reference` (the table as posted), `this_machine` (per row, in the rows'
///   unit), `speedup` (per row, per machine) and `rows` (the cipher rows as
///   [`super::cipher::rows_view`] gives them).
pub fn json_view(rec: &ResultRecord) -> Map<String, Value> {
    let Some(run) = Run::of(rec) else {
        return Map::new();
    };
    let r = &run.reference;
    let param = |k: &str| rec.params.get(k).cloned().unwrap_or(Value::Null);
    let v = match r.summary {
        SummaryLayout::Figures => json!({
            "table": param("table"),
            "title": r.title,
            "source": r.source,
            "baseline": r.baseline_machine().map(|m| m.name.clone()),
            "backend": param("backend"),
            "budget_s": param("budget_s"),
            "rows": run.figure_rows(),
            "results": run.results_view(),
        }),
        SummaryLayout::Columns => {
            let this: Vec<Option<f64>> = (0..r.rows.len())
                .map(|i| run.result(i).and_then(RowResult::value))
                .collect();
            let speedup: Vec<Vec<Option<f64>>> = (0..r.rows.len())
                .map(|i| {
                    r.machines
                        .iter()
                        .map(|m| run.speedup_over(i, &m.id))
                        .collect()
                })
                .collect();
            json!({
                "reference": run.reference_view(),
                "this_machine": this,
                "speedup": speedup,
                "rows": super::cipher::rows_view(&rec.operations),
            })
        }
    };
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// A table as text cells: the header, then one line per row; the first `label_columns`
/// columns are labels (left-aligned in Markdown), the rest figures (right-aligned).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cells {
    /// Column headers.
    pub header: Vec<String>,
    /// One line of cells per row, as wide as the header.
    pub lines: Vec<Vec<String>>,
    /// How many leading columns are labels.
    pub label_columns: usize,
}

impl Cells {
    /// The terminal table (comfy-table, [`report::table`]), ending with a newline: headers
    /// word-wrapped into lines of at most 12 characters, the first label column wrapped at
    /// spaces when the table would not fit.
    pub fn text(&self) -> String {
        self.render(true)
    }

    /// The terminal table with every row on one line, as wide as it takes (`repro --wide`;
    /// headers still wrapped into lines of 12 characters).
    pub fn text_wide(&self) -> String {
        self.render(false)
    }

    fn render(&self, fit: bool) -> String {
        let w = |h: &String| report::text::wrap_words(h, 12);
        let h: Vec<String> = self.header.iter().map(w).collect();
        let h: Vec<&str> = h.iter().map(String::as_str).collect();
        let mut t = report::table(&h);
        for l in &self.lines {
            t.add_row(l.clone());
        }
        if fit {
            report::wrap_column(&mut t, 0);
        }
        format!("{t}\n")
    }

    /// The table as GitHub-flavoured Markdown ('|' in a cell escaped; a line break in a
    /// cell, as between a speedup and its interval, becomes a space: a Markdown row is one
    /// line), ending with a newline.
    pub fn markdown(&self) -> String {
        let row = |cells: &[String]| {
            let esc: Vec<String> = cells
                .iter()
                .map(|c| md_escape(&c.replace('\n', " ")))
                .collect();
            format!("| {} |\n", esc.join(" | "))
        };
        let mut s = row(&self.header);
        let align: Vec<String> = (0..self.header.len())
            .map(|i| {
                if i < self.label_columns {
                    "---".into()
                } else {
                    "---:".into()
                }
            })
            .collect();
        s += &row(&align);
        for l in &self.lines {
            s += &row(l);
        }
        s
    }
}

/// A cell for Markdown: '|' escaped, a second line (a speedup's interval) joined with a
/// space (a Markdown row is one line).
fn md_escape(c: &str) -> String {
    c.replace('|', "\\|").replace('\n', " ")
}

/// Notes under a table as a list, one `- note` line each (Markdown-escaped with `markdown`).
pub fn note_list(notes: &[String], markdown: bool) -> String {
    notes
        .iter()
        .map(|n| {
            if markdown {
                format!("- {}\n", md_escape(n))
            } else {
                format!("- {n}\n")
            }
        })
        .collect()
}

/// A posted figure: with `digits` significant digits ("35.50"), or as posted, the shortest
/// decimal that reads back as the same number ("1.37", "0.99", "115", "2670").
pub fn fmt_posted(v: f64, digits: Option<usize>) -> String {
    match digits {
        Some(n) if v > 0.0 && v.is_finite() => {
            let d = v.log10().floor() as i64;
            let decimals = (n as i64 - 1 - d).clamp(0, 9) as usize;
            format!("{v:.decimals$}")
        }
        _ => format!("{v}"),
    }
}

/// A figure with up to four significant digits ("1.37", "2670", "0.1692"; no decimals from
/// 10000 up).
pub fn fmt_value(v: f64) -> String {
    if v >= 10_000.0 {
        format!("{v:.0}")
    } else {
        report::sig4(v)
    }
}

/// A speedup as "×N" with three significant digits ("×1.23", "×45.6", "×1234").
/// An interval bound of a speedup, to 3 significant digits.
fn fmt_bound(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// A speedup in pkbench's one notation ([`report::fmt_speedup`]): "82x", "26.4x", "5.56x".
pub use crate::report::fmt_speedup;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::Machine;
    use crate::record::{Skipped, params};

    /// A 1995 record with every third row measured at 100 (in its unit), one not built and
    /// one failed in turn.
    fn record_1995() -> ResultRecord {
        let reference = repro::table("1995").unwrap().parse().unwrap();
        let mut rec = ResultRecord::new("repro", "wall", Machine::detect());
        rec.seed = Some(1995);
        rec.params = reference.record_params(0.01);
        for (i, row) in reference.rows.iter().enumerate() {
            let key = params([
                ("command", "repro".into()),
                ("table", "1995".into()),
                ("row", row.id.clone().into()),
            ]);
            match i % 3 {
                0 => {
                    let (fig, v) = match row.unit.as_str() {
                        "MB/s" => ("bytes_per_sec", 100e6),
                        "bytes/s" => ("bytes_per_sec", 100.0),
                        "µs/key" => ("time_us", 100.0),
                        _ => ("time_ms", 100.0),
                    };
                    rec.operations.push(
                        Operation::derived(&row.label, key, fig, v)
                            .with_info("unit", row.unit.clone()),
                    );
                }
                n => {
                    let mut s = Skipped::new(format!("repro 1995 row {}", row.id), "boom");
                    s.params = key;
                    let status = if n == 1 { "not-built" } else { "failed" };
                    s.info.insert("status".into(), status.into());
                    rec.skipped.push(s);
                }
            }
        }
        rec
    }

    #[test]
    fn rendering_covers_every_row_and_status() {
        let rec = record_1995();
        let md = render_text(&rec, false, true);
        // Header, alignment, 11 rows.
        assert_eq!(
            md.lines().filter(|l| l.starts_with('|')).count(),
            13,
            "{md}"
        );
        assert!(md.contains("| MD5 | MB/s | 1.37 |"), "{md}");
        assert!(md.contains("not built") && md.contains("failed"), "{md}");
        assert!(
            md.contains("MD4: not built: boom") && md.contains("SHA: failed: boom"),
            "{md}"
        );
        assert!(md.contains("26.2 (est.)"), "{md}");
        // MD5 measured 100 MB/s against the Alpha's 7.8 MB/s: ×12.8.
        assert!(md.contains("12.8x"), "{md}");
        assert!(
            md.contains("backend: ") && md.contains("0.01 s per timed operation"),
            "{md}"
        );
        let json = json_view(&rec);
        let rows = json["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 35);
        let md5_alpha = rows
            .iter()
            .find(|r| r["row"] == "md5" && r["machine"] == "alpha-600")
            .unwrap();
        assert_eq!(md5_alpha["this_machine"], 100.0);
        assert!((md5_alpha["speedup"].as_f64().unwrap() - 100.0 / 7.8).abs() < 1e-9);
        let md4 = rows.iter().find(|r| r["row"] == "md4").unwrap();
        assert_eq!(md4["this_machine_status"], "not-built");
        assert_eq!(md4["reason"], "boom");
        let results = json["results"].as_array().unwrap();
        assert_eq!(results.len(), 11);
        assert_eq!(results[0]["status"], "measured");
        assert_eq!(results[2]["status"], "failed");
        assert_eq!(json["baseline"], "DEC Alpha 3000/600 (175 MHz)");
        let text = render_text(&rec, true, false);
        assert!(text.contains("DEC Alpha"), "{text}");
        assert!(text.contains("HP 735"), "{text}");
        // The default view: the baseline's column only, the others named under the table
        // (the header lines are wrapped as the binary prints them).
        let text = report::wrap_text(&render_text(&rec, false, false));
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        let table: Vec<&str> = text.lines().filter(|l| l.starts_with('│')).collect();
        assert!(table.iter().any(|l| l.contains("12.8x")), "{text}");
        assert!(!table.iter().any(|l| l.contains("HP 735")), "{text}");
        assert!(
            text.contains("other machines (") && text.replace('\n', " ").contains("HP 735"),
            "{text}"
        );
    }

    /// A table without a baseline has a speedup column per machine; one unit, no unit column.
    #[test]
    fn columns_of_a_single_unit_table() {
        let reference = repro::table("gnupg-2000").unwrap().parse().unwrap();
        let mut rec = ResultRecord::new("repro", "wall", Machine::detect());
        rec.params = reference.record_params(0.02);
        let cfb = Operation::derived(
            "CFB enc",
            params([("command", "cipher".into()), ("cipher", "CAST5".into())]),
            "bytes_per_sec",
            355e6 / 8.0,
        );
        rec.operations = reference.row_operations(0, vec![cfb]).unwrap();
        let md = render_text(&rec, false, true);
        let lines: Vec<&str> = md.lines().filter(|l| l.starts_with('|')).collect();
        assert_eq!(
            lines[0],
            "| row | K6/400 | Celeron/500 | this machine | vs K6/400 | vs Celeron/500 |"
        );
        assert_eq!(lines[1], "| --- | ---: | ---: | ---: | ---: | ---: |");
        assert_eq!(
            lines[2],
            "| CAST5-128 | 35.50 | 49.00 | 355.0 | 10.0x | 7.24x |"
        );
        assert_eq!(lines[3], "| BLOWFISH-128 | 35.40 | 40.00 | - | - | - |");
        assert!(md.contains("units: Mbit/s"), "{md}");
        assert!(!md.contains("backend:"), "{md}");
        let json = json_view(&rec);
        assert_eq!(json["reference"]["columns"][1], "Celeron/500");
        assert_eq!(json["reference"]["rows"][0]["algo"], "cast5");
        assert_eq!(json["reference"]["rows"][0]["values"][0], 35.5);
        assert_eq!(json["this_machine"][0], 355.0);
        assert!(json["this_machine"][1].is_null());
        assert!((json["speedup"][0][1].as_f64().unwrap() - 355.0 / 49.0).abs() < 1e-9);
    }

    #[test]
    fn figures_and_speedups_are_formatted() {
        assert_eq!(fmt_posted(35.5, Some(4)), "35.50");
        assert_eq!(fmt_posted(2670.0, Some(4)), "2670");
        assert_eq!(fmt_posted(1.37, None), "1.37");
        assert_eq!(fmt_posted(49.0, None), "49");
        assert_eq!(fmt_value(412564.2), "412564");
        assert_eq!(fmt_speedup(1234.4), "1234x");
        assert_eq!(fmt_speedup(45.61), "45.6x");
        assert_eq!(fmt_speedup(1.234), "1.23x");
        assert_eq!(fmt_speedup(f64::NAN), "-");
    }
}

//! The summary keys `--json` prints beside a `repro` record, in the layout the table's file
//! names ([`SummaryLayout`]).

use super::{RowResult, Run};
use crate::record::ResultRecord;
use crate::reference::{self as repro, Kind, RefRow, RowJob, SummaryLayout};
use serde::Serialize;
use serde_json::{Map, Value, json};

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
    /// Who computed `this_machine` (the fastest implementation of the row that ran:
    /// `pkbench`, `openssl`, `gcrypt`, `gmp`), when measured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub this_machine_impl: Option<String>,
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
                    this_machine_impl: self.best(i).map(|op| op.choice().name().to_string()),
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
                    m.insert("impl".into(), op.choice().name().into());
                    m.insert("implementation".into(), super::imps::label(op).into());
                    m.insert("detail".into(), self.detail(i, op).into());
                    if let Some(st) = &op.stats {
                        m.insert("stats".into(), crate::report::json::summary_stats(st));
                    }
                    m.insert("by_impl".into(), self.by_impl_view(i));
                }
                RowResult::NotBuilt { reason } | RowResult::Failed { reason } => {
                    m.insert("reason".into(), (*reason).into());
                }
            }
            v.push(Value::Object(m));
        }
        v
    }

    /// Every implementation's measurement of row `i`, in the record's order: its `impl`
    /// (choice name), `implementation` (label), `value` in the row's unit, `speedup_vs_baseline`,
    /// `known_answers_checked` and `outputs_checked` (as its job recorded them), and
    /// `vs_pkbench` (its speed against pkbench's own row, when that ran).
    fn by_impl_view(&self, i: usize) -> Value {
        let row = &self.reference.rows[i];
        let own = self.own(i);
        let v: Vec<Value> = self.measured[i]
            .iter()
            .map(|m| {
                json!({
                    "impl": m.op.choice().name(),
                    "implementation": super::imps::label(m.op),
                    "value": m.value,
                    "speedup_vs_baseline": self
                        .reference
                        .baseline
                        .as_deref()
                        .and_then(|b| self.speedup_of(i, m.value, b)),
                    "known_answers_checked": m.op.info.get(crate::record::info::KNOWN_ANSWERS_CHECKED),
                    "outputs_checked": m.op.info.get(crate::record::info::OUTPUTS_CHECKED),
                    "vs_pkbench": own.map(|o| repro::speedup(o.value, m.value, &row.unit)),
                })
            })
            .collect();
        Value::Array(v)
    }

    /// The `rows` summary key of the `columns` layout: the cipher row of each reference
    /// row that has a figure, the fastest implementation's, as
    /// [`crate::report::cipher::rows_view`] gives it, with its `impl`.
    fn best_rows_view(&self) -> Vec<Value> {
        (0..self.reference.rows.len())
            .filter_map(|i| self.best(i))
            .flat_map(|op| {
                let imp = op.choice().name();
                crate::report::cipher::rows_view(std::slice::from_ref(op))
                    .into_iter()
                    .map(move |mut v| {
                        v["impl"] = imp.into();
                        v
                    })
            })
            .collect()
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
///   `budget_s`, `rows` (one [`FigureRow`] per posted figure) and `results` (one per row,
///   with `impl`, `implementation` and `by_impl`: every implementation's measurement);
/// - `columns`: `reference` (the table as posted), `this_machine` (per row, in the rows'
///   unit), `this_machine_impl` (per row, who computed it), `speedup` (per row, per machine)
///   and `rows` (the cipher row behind each figure, as
///   [`crate::report::cipher::rows_view`] gives them, with its `impl`).
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
            let by: Vec<Option<&str>> = (0..r.rows.len())
                .map(|i| run.best(i).map(|op| op.choice().name()))
                .collect();
            json!({
                "reference": run.reference_view(),
                "this_machine": this,
                "this_machine_impl": by,
                "speedup": speedup,
                "rows": run.best_rows_view(),
            })
        }
    };
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

//! The reference files of the reproduced tables (`params/reference/*.toml`, embedded): their
//! format ([`Reference`]: the post's machines, rows and figures as posted), each row's
//! operation ([`RowJob`]: what pkbench measures for it, parsed from the row's `op`), the
//! value of a row in its unit from a record's operation ([`value`]) and the speedups over
//! the posted figures. Data and its reading only: `repro` runs the rows (`RowJob::job`,
//! `repro::plan`) and `report::repro` renders a record of them, both from here.

use crate::arith::bignum::BackendKind;
use crate::error::{Error, Result, SettingError};
use crate::record::{self, Operation, figure, param};
use serde::Deserialize;
use serde_json::{Map, Value};

mod row;
pub use row::RowJob;

/// A historical table pkbench can reproduce: its name on the command line and its
/// reference file.
#[derive(Debug)]
pub struct Table {
    /// Name on the command line (`1995`), the file's `id`.
    pub name: &'static str,
    /// The reference file's text (embedded).
    pub reference: &'static str,
}

impl Table {
    /// The reference file, parsed and checked.
    ///
    /// # Errors
    /// As [`Reference::parse`] (a defect: the tests parse every file).
    pub fn parse(&self) -> Result<Reference> {
        Reference::parse(self.reference)
    }
}

/// Every table `pkbench repro` knows.
pub const TABLES: &[Table] = &[
    Table {
        name: "1995",
        reference: include_str!("../../params/reference/1995-some-timings.toml"),
    },
    Table {
        name: "gnupg-2000",
        reference: include_str!("../../params/reference/gnupg-2000.toml"),
    },
];

/// Finds a table by name (ASCII case ignored).
///
/// # Errors
/// [`SettingError::UnknownReproTable`] listing the known tables.
pub fn table(name: &str) -> Result<&'static Table> {
    TABLES
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            SettingError::UnknownReproTable {
                name: name.to_string(),
                known: TABLES.iter().map(|t| t.name.to_string()).collect(),
            }
            .into()
        })
}

/// The units a row may be in: rates (`MB/s` = 10^6 bytes/s, `Mbit/s` = 10^6 bits/s,
/// `bytes/s`; higher is faster) and times (`ms`, `µs`, `µs/key`; lower is faster).
pub const UNITS: [&str; 6] = ["MB/s", "Mbit/s", "bytes/s", "ms", "µs", "µs/key"];

/// How the record identifies the operations of a table's rows (the file's `identify` key).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Identify {
    /// One operation per row, named by the row's label and identified by `command = "repro"`,
    /// `table` and `row`; its statistics, figure and facts are the job's headline
    /// operation's (the default; the 1995 table).
    #[default]
    Row,
    /// The job's own operations, as the command that times them names them (e.g. `cipher`'s
    /// "CFB enc" of `cipher = "CAST5"`), so that `compare` matches them with that command's
    /// runs; `info` adds `row`, `unit`, `reference_row` and the posted figures.
    Job,
}

/// The layout of the summary keys `--json` prints beside a repro record (the file's
/// `summary` key), kept for readers of pkbench's earlier output.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SummaryLayout {
    /// `rows`: one entry per posted figure with this machine's value and speedups;
    /// `results`: one per row (the default; the 1995 table).
    #[default]
    Figures,
    /// `reference` (the table as rows of figures, one per machine), `this_machine` and
    /// `speedup` (per row, per machine), `rows` (the rows as `pkbench cipher` gives them;
    /// the gnupg-2000 table).
    Columns,
}

/// How the table is shown (the file's `[view]` table).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// Machine ids whose columns the 80-column terminal table shows (the others are named
    /// under it); empty: every machine, and there is no wider view.
    #[serde(default)]
    pub narrow: Vec<String>,
    /// Posted figures shown with this many significant digits ("35.50"); absent: as posted,
    /// the shortest decimal that reads back as the figure ("1.37", "2670").
    #[serde(default)]
    pub digits: Option<usize>,
}

/// A reference file: a historical post's figures as posted, and what pkbench runs for each
/// row.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reference {
    /// Table id (`1995`).
    pub id: String,
    /// Title of the post.
    pub title: String,
    /// Where the figures were transcribed from.
    pub source: String,
    /// The post's method, in its words.
    #[serde(default)]
    pub method: String,
    /// How this machine's figures are taken, one sentence for the report's header ("" when
    /// the rows' own notes say it).
    #[serde(default)]
    pub measured: String,
    /// Machine id of the one speedup column (the post's fastest machine); `None`: one speedup
    /// column per machine.
    #[serde(default)]
    pub baseline: Option<String>,
    /// How the record identifies the rows' operations.
    #[serde(default)]
    pub identify: Identify,
    /// The layout of the JSON summary keys.
    #[serde(default)]
    pub summary: SummaryLayout,
    /// How the table is shown.
    #[serde(default)]
    pub view: View,
    /// The post's machines, in column order.
    #[serde(rename = "machine")]
    pub machines: Vec<RefMachine>,
    /// The post's rows, in the post's order.
    #[serde(rename = "row")]
    pub rows: Vec<RefRow>,
    /// Every figure as posted.
    #[serde(rename = "figure")]
    pub figures: Vec<Figure>,
}

/// A machine of the post.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefMachine {
    /// Short id used by figures (`alpha-600`).
    pub id: String,
    /// Name for column headers.
    pub name: String,
    /// What the post says about it.
    #[serde(default)]
    pub note: String,
}

/// A row of the post: what was timed, and what pkbench runs for it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefRow {
    /// Short id used by figures (`md5`, `dh-ec-155`).
    pub id: String,
    /// Label for the table.
    pub label: String,
    /// The operation pkbench runs, as written in the file ("hash md5", see [`RowJob`]).
    pub op: String,
    /// The operation, parsed (filled by [`Reference::parse`]).
    #[serde(skip)]
    pub job: Option<RowJob>,
    /// Unit of the figures and of this machine's value (one of [`UNITS`]).
    pub unit: String,
    /// Note on how this machine's figure is obtained.
    #[serde(default)]
    pub note: String,
}

impl RefRow {
    /// The parsed operation ([`Reference::parse`] fills it for every row).
    pub fn job(&self) -> &RowJob {
        self.job.as_ref().expect("filled by Reference::parse")
    }
}

/// Whether the post measured a figure or estimated it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Measured, as the post says.
    Measured,
    /// Estimated in the post, not measured.
    Estimated,
}

/// One figure as posted.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    /// Row id.
    pub row: String,
    /// The row's text in the post, verbatim.
    pub posted_row: String,
    /// Machine id.
    pub machine: String,
    /// The machine's name in the post, verbatim.
    pub posted_machine: String,
    /// Compiler and flags as posted ("" when the post gives none).
    #[serde(default)]
    pub compiler: String,
    /// The figure.
    pub value: f64,
    /// Its unit (the row's unit).
    pub unit: String,
    /// Measured or estimated.
    pub kind: Kind,
    /// What the post says about it.
    #[serde(default)]
    pub note: String,
}

/// Whether larger values of `unit` are faster: rates (`MB/s`, `Mbit/s`, `bytes/s`) yes,
/// times (`ms`, `µs`, `µs/key`, `s`) no; `None` for any other unit.
pub fn higher_is_better(unit: &str) -> Option<bool> {
    if unit.ends_with("/s") {
        Some(true)
    } else if ["ms", "µs", "s", "ns"]
        .iter()
        .any(|u| unit == *u || unit.starts_with(&format!("{u}/")))
    {
        Some(false)
    } else {
        None
    }
}

/// How many times faster `this` is than `historical` in `unit` (> 1: this machine is faster);
/// `NaN` for a unit without a direction.
pub fn speedup(historical: f64, this: f64, unit: &str) -> f64 {
    match higher_is_better(unit) {
        Some(true) => this / historical,
        Some(false) => historical / this,
        None => f64::NAN,
    }
}

impl Reference {
    /// Parses and validates a reference file: every row's `op` parses and its unit is one of
    /// [`UNITS`], every figure names a known row and machine and is in its row's unit, every
    /// row has a figure, the baseline and the narrow view's machines are machines of the
    /// post.
    ///
    /// # Errors
    /// [`Error::Input`] saying what is wrong.
    pub fn parse(text: &str) -> Result<Reference> {
        let mut r: Reference = toml::from_str(text).map_err(|e| {
            Error::input(format!(
                "reference file: {}",
                e.message().replace('\n', " ")
            ))
        })?;
        let bad = |m: String| Err(Error::input(format!("reference {}: {m}", r.id)));
        let machine = |id: &str| r.machines.iter().any(|m| m.id == id);
        if let Some(b) = &r.baseline
            && !machine(b)
        {
            return bad(format!("baseline {b:?} is not a machine"));
        }
        if let Some(m) = r.view.narrow.iter().find(|m| !machine(m)) {
            return bad(format!("view: narrow machine {m:?} is not a machine"));
        }
        let mut jobs = Vec::new();
        for row in &r.rows {
            if !UNITS.contains(&row.unit.as_str()) {
                return bad(format!(
                    "row {}: unit {:?} is not one of {}",
                    row.id,
                    row.unit,
                    UNITS.join(", ")
                ));
            }
            if !r.figures.iter().any(|f| f.row == row.id) {
                return bad(format!("row {} has no figure", row.id));
            }
            match row.op.parse::<RowJob>() {
                Ok(j) => jobs.push(j),
                Err(e) => return bad(format!("row {}: {}", row.id, e.message())),
            }
        }
        for f in &r.figures {
            let Some(row) = r.rows.iter().find(|row| row.id == f.row) else {
                return bad(format!("figure for unknown row {:?}", f.row));
            };
            if !machine(&f.machine) {
                return bad(format!("figure for unknown machine {:?}", f.machine));
            }
            if f.unit != row.unit {
                return bad(format!(
                    "figure {}/{}: unit {:?} is not the row's {:?}",
                    f.row, f.machine, f.unit, row.unit
                ));
            }
            if !(f.value.is_finite() && f.value > 0.0) {
                return bad(format!("figure {}/{}: value {}", f.row, f.machine, f.value));
            }
        }
        for (row, job) in r.rows.iter_mut().zip(jobs) {
            row.job = Some(job);
        }
        Ok(r)
    }

    /// The figure of `row` on `machine`, if the post gives one.
    pub fn figure(&self, row: &str, machine: &str) -> Option<&Figure> {
        self.figures
            .iter()
            .find(|f| f.row == row && f.machine == machine)
    }

    /// The baseline machine, when the table has one.
    pub fn baseline_machine(&self) -> Option<&RefMachine> {
        let id = self.baseline.as_ref()?;
        self.machines.iter().find(|m| &m.id == id)
    }

    /// The machines the 80-column table shows, in column order.
    pub fn narrow_machines(&self) -> Vec<&RefMachine> {
        self.machines
            .iter()
            .filter(|m| self.view.narrow.is_empty() || self.view.narrow.contains(&m.id))
            .collect()
    }

    /// Whether the 80-column table shows every machine (there is no wider view).
    pub fn shows_every_machine(&self) -> bool {
        self.narrow_machines().len() == self.machines.len()
    }

    /// The unit of every row, when all rows share one.
    pub fn single_unit(&self) -> Option<&str> {
        let first = self.rows.first()?.unit.as_str();
        self.rows.iter().all(|r| r.unit == first).then_some(first)
    }

    /// Whether a row runs on the bignum backend (raw RSA, Diffie-Hellman), so that the
    /// report names the backend.
    pub fn uses_bignum(&self) -> bool {
        self.rows
            .iter()
            .any(|r| matches!(r.job(), RowJob::RsaRaw { .. } | RowJob::Dh { .. }))
    }

    /// The run-level params of a repro record of this table: `table`, `budget_s` (the budget
    /// per timed operation, seconds) and, when a row uses it ([`Self::uses_bignum`]), `backend`
    /// (the default bignum backend with its version).
    pub fn record_params(&self, budget_s: f64) -> Map<String, Value> {
        let mut p = Map::new();
        p.insert("table".into(), self.id.clone().into());
        p.insert("budget_s".into(), budget_s.into());
        if self.uses_bignum() {
            p.insert("backend".into(), BackendKind::DEFAULT.version().into());
        }
        p
    }

    /// The record's operations for row `i` from its job's operations `ops` (see
    /// [`Identify`]). A row operation (the default) is named by the row's label, identified by
    /// `command = "repro"`, `table` and `row` (and a library's row by its `impl` too), has
    /// the headline operation's statistics and
    /// implementation and one figure — `bytes_per_sec` (rows in MB/s, Mbit/s, bytes/s),
    /// `time_us` (µs, µs/key) or `time_ms` (ms) — and `info` with the `unit`, the headline
    /// operation's params (but its command) and the `info` of every operation of the job
    /// (the first one's value where two have a key), and for a Diffie-Hellman row the medians
    /// `offer_ms` and `reply_ms`.
    ///
    /// # Errors
    /// [`Error::Runtime`] when the job gave no headline operation or no value in the row's
    /// unit (a defect).
    pub fn row_operations(&self, i: usize, ops: Vec<Operation>) -> Result<Vec<Operation>> {
        let row = &self.rows[i];
        let job = row.job();
        let missing = || {
            Error::runtime(format!(
                "repro {} row {}: the job gave no {} figure",
                self.id, row.id, row.unit
            ))
        };
        let head = ops
            .iter()
            .find(|o| job.is_headline(o))
            .ok_or_else(missing)?;
        let v = value(head, &row.unit).ok_or_else(missing)?;
        match self.identify {
            Identify::Job => Ok(ops
                .into_iter()
                .map(|op| {
                    let mut op = op
                        .with_info("row", row.id.clone())
                        .with_info("unit", row.unit.clone())
                        .with_info("reference_row", row.label.clone());
                    for m in &self.machines {
                        if let Some(f) = self.figure(&row.id, &m.id) {
                            op = op.with_info(
                                &format!("reference {} ({})", m.name, row.unit),
                                f.value,
                            );
                        }
                    }
                    op
                })
                .collect()),
            Identify::Row => {
                let (figure, fv) = match row.unit.as_str() {
                    "MB/s" | "Mbit/s" | "bytes/s" => (
                        "bytes_per_sec",
                        head.figures
                            .get("bytes_per_sec")
                            .copied()
                            .ok_or_else(missing)?,
                    ),
                    "µs" | "µs/key" => ("time_us", v),
                    _ => ("time_ms", v),
                };
                let mut key = record::params([
                    ("command", "repro".into()),
                    ("table", self.id.clone().into()),
                    ("row", row.id.clone().into()),
                ]);
                // A library's row keeps its implementation in the key, so that it and
                // pkbench's own row of the table stay two operations.
                if let Some(imp) = head.params.get(param::IMPL) {
                    key.insert(param::IMPL.into(), imp.clone());
                }
                let mut info = Map::new();
                info.insert("unit".into(), row.unit.clone().into());
                for (k, v) in head.params.iter().filter(|(k, _)| *k != "command") {
                    info.insert(k.clone(), v.clone());
                }
                for (k, v) in ops.iter().flat_map(|o| &o.info) {
                    info.entry(k.clone()).or_insert_with(|| v.clone());
                }
                if matches!(job, RowJob::Dh { .. }) {
                    for (name, k) in [("Offer", "offer_ms"), ("Reply", "reply_ms")] {
                        if let Some(s) = ops
                            .iter()
                            .find(|o| o.name == name)
                            .and_then(|o| o.stats.as_ref())
                        {
                            info.insert(k.into(), s.median_ms.into());
                        }
                    }
                }
                let op = Operation {
                    name: row.label.clone(),
                    params: key,
                    implementation: head.implementation.clone(),
                    stats: head.stats.clone(),
                    figures: [(figure.to_string(), fv)].into(),
                    info,
                    // The head's per-round values (same figure, so ratios between runs
                    // keep their intervals).
                    rounds: head.rounds.clone(),
                };
                Ok(vec![op])
            }
        }
    }

    /// The row an operation of a record of this table belongs to: its `row` param (a row
    /// operation) or its `info.row` (a job's operation).
    pub fn row_of<'a>(&'a self, op: &Operation) -> Option<&'a RefRow> {
        let id = match op.param_str(param::COMMAND) {
            Some("repro") if op.param_str(param::REFERENCE_TABLE) == Some(self.id.as_str()) => {
                op.param_str("row")
            }
            Some("repro") => None,
            _ => op.info_str("row"),
        }?;
        self.rows.iter().find(|r| r.id == id)
    }
}

/// A row's value in `unit` from its job's headline operation: MB/s, Mbit/s and bytes/s from
/// the `bytes_per_sec` figure; µs and µs/key from a `time_us` figure or the median time
/// (per key for DES key setup); ms from a `time_ms` or `total_ms` figure (Total = 2*Offer +
/// Reply) or the median time. `None` when the operation has no such figure.
pub fn value(op: &Operation, unit: &str) -> Option<f64> {
    let fig = |k: &str| op.figures.get(k).copied();
    let median = || op.stats.as_ref().map(|s| s.median_ms);
    match unit {
        "MB/s" => fig(figure::BYTES_PER_SEC).map(|b| b / 1e6),
        "Mbit/s" => fig(figure::BYTES_PER_SEC).map(|b| b * 8.0 / 1e6),
        "bytes/s" => fig(figure::BYTES_PER_SEC),
        "µs" | "µs/key" => fig("time_us").or_else(|| median().map(|m| m * 1e3)),
        "ms" => fig("time_ms").or_else(|| op.total_ms()).or_else(median),
        _ => None,
    }
}

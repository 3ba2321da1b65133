//! Historical timing tables re-run on this machine (`pkbench repro TABLE`).
//!
//! A table is one *reference file* (`params/reference/*.toml`, embedded; see [`Reference`])
//! that holds every figure of a historical post as posted — row, machine, compiler, value,
//! unit, measured or estimated — and, per row, the operation pkbench runs for it (`op`, see
//! [`RowJob`]). One engine runs every table:
//!
//! ```text
//! reference file ──► plan: one bench::Job per row ──► bench::sweep ──► Outcome
//!   (row op)          (groups opened once each)                      operations of the
//!                                                                   measured rows, rows
//!                                                                   not measured and why
//! ```
//!
//! The row's value in its unit is derived from its job's headline operation ([`value`]):
//! MB/s, Mbit/s and bytes/s from `bytes_per_sec`, µs/key from the median time of one key
//! setup, ms from Total = 2*Offer + Reply. The record keeps, per the file's `identify` key,
//! one operation per row (identified by command `repro`, the table and the row) or the
//! jobs' own operations with the row in `info` ([`Reference::row_operations`]). The one
//! renderer, `report::repro`, builds the table (the posted figures, this machine's column,
//! speedups, notes) from the record and this embedded file.
//!
//! A row whose job cannot be made in this build (a group family not built) is not measured
//! and says so: never a made-up figure.
//!
//! # Adding a table
//! 1. Write `params/reference/NAME.toml`: `id`, `title`, `source`, `method`, `[[machine]]`
//!    (`id`, `name`, `note`), `[[row]]` (`id`, `label`, `op`, `unit`, `note`) in the post's
//!    order and one `[[figure]]` per posted figure (`row`, `posted_row`, `machine`,
//!    `posted_machine`, `compiler`, `value`, `unit`, `kind`, `note`); optionally `baseline`
//!    (a machine id: one speedup column over it; without it, one speedup column per
//!    machine), `measured` (how this machine's figures are taken, one sentence),
//!    `[view]` `narrow` (the machines whose columns the 80-column table shows) and `digits`.
//!    Each row's `op` is one of the forms of [`RowJob`]; units are those of [`UNITS`].
//! 2. Add a [`Table`] entry to [`TABLES`]. `pkbench repro NAME` runs it; the tests that
//!    every reference file parses and every row's job is made then cover it.

#[cfg(test)]
mod tests;

use crate::arith::bignum::BackendKind;
use crate::bench::cipher::{self, CipherJob, SizeGrid};
use crate::bench::des::DesJob;
use crate::bench::hash::HashJob;
use crate::bench::rsa::{self as bench_rsa, RsaJob};
use crate::bench::{self, Job, bulk, dh::DhJob};
use crate::error::{Error, Invalid, Result, Warning};
use crate::hash::Algo;
use crate::kex::{ExpBits, GroupOptions, OpenedGroups};
use crate::record::{self, Operation, TOTAL_OP};
use crate::symmetric::{CipherSpec, Direction, Mode};
use serde::Deserialize;
use serde_json::{Map, Value};

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
/// [`Invalid::UnknownReproTable`] listing the known tables.
pub fn table(name: &str) -> Result<&'static Table> {
    TABLES
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            Invalid::UnknownReproTable {
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
    /// `command = "repro"`, `table` and `row`, has the headline operation's statistics and
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
                let key = record::params([
                    ("command", "repro".into()),
                    ("table", self.id.clone().into()),
                    ("row", row.id.clone().into()),
                ]);
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
        let id = match op.param_str("command") {
            Some("repro") if op.param_str("table") == Some(self.id.as_str()) => op.param_str("row"),
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
        "MB/s" => fig("bytes_per_sec").map(|b| b / 1e6),
        "Mbit/s" => fig("bytes_per_sec").map(|b| b * 8.0 / 1e6),
        "bytes/s" => fig("bytes_per_sec"),
        "µs" | "µs/key" => fig("time_us").or_else(|| median().map(|m| m * 1e3)),
        "ms" => fig("time_ms").or_else(|| fig("total_ms")).or_else(median),
        _ => None,
    }
}

/// What pkbench runs for a row: the row's `op` text, parsed.
///
/// | `op` | job | headline operation |
/// |---|---|---|
/// | `hash ALGO` | [`Job::Hash`], 10000-byte blocks over 7.5 MB | "hash" |
/// | `des ecb` | [`Job::Des`], ECB over 10000-byte chunks | "encrypt" |
/// | `des keysetup` | [`Job::Des`], key setup | "key setup" |
/// | `rsa BITS raw` | [`Job::Rsa`]: m^d mod n, no CRT, chunks of the modulus bytes − 1 | "private op (raw)" |
/// | `dh GROUP full\|N table\|no-table` | [`Job::Dh`] | Total = 2*Offer + Reply |
/// | `cipher ALGO BITS MODE` | [`Job::Cipher`]: one row, encryption, bench-slope over 16 B … 4 KiB | "MODE enc" |
///
/// Every job checks its results outside the timed region (known answers, timed outputs
/// re-checked, shared secrets compared).
#[derive(Debug, Clone)]
pub enum RowJob {
    /// A hash over the 1995 post's 10000-byte blocks.
    Hash(Algo),
    /// Single DES, ECB, over 10000-byte chunks of random data.
    DesEcb,
    /// Single DES key setup.
    DesKeySetup,
    /// Raw RSA private operation (no CRT, "nothing fancy"), key generated from the seed.
    RsaRaw {
        /// Modulus bits.
        bits: u32,
    },
    /// A Diffie-Hellman exchange: Total = 2*Offer + Reply.
    Dh {
        /// Built-in group name or alias.
        group: String,
        /// Secret size.
        exp_bits: ExpBits,
        /// Whether Offer uses the fixed-base table.
        table: bool,
    },
    /// A cipher in one mode, encryption, from the bench-slope fit.
    Cipher {
        /// Cipher and key size.
        spec: CipherSpec,
        /// Mode of operation.
        mode: Mode,
    },
}

impl std::str::FromStr for RowJob {
    type Err = Error;

    /// Parses an `op` (see the type's table).
    fn from_str(op: &str) -> Result<RowJob> {
        let words: Vec<&str> = op.split_whitespace().collect();
        let bad = |why: &str| Error::input(format!("op {op:?}: {why}"));
        Ok(match words.as_slice() {
            ["hash", name] => RowJob::Hash(Algo::parse(name)?),
            ["des", "ecb"] => RowJob::DesEcb,
            ["des", "keysetup"] => RowJob::DesKeySetup,
            ["rsa", bits, "raw"] => RowJob::RsaRaw {
                bits: bits
                    .parse()
                    .map_err(|_| bad("modulus bits must be a number"))?,
            },
            ["dh", group, exp, table @ ("table" | "no-table")] => RowJob::Dh {
                group: group.to_string(),
                exp_bits: exp.parse().map_err(|e: String| bad(&e))?,
                table: *table == "table",
            },
            ["cipher", algo, bits, mode] => RowJob::Cipher {
                spec: CipherSpec::parse(
                    algo,
                    Some(bits.parse().map_err(|_| bad("key bits must be a number"))?),
                )?,
                mode: parse_mode(mode).ok_or_else(|| bad("unknown mode"))?,
            },
            _ => {
                return Err(bad(
                    "expected hash ALGO, des ecb, des keysetup, rsa BITS raw, \
                     dh GROUP full|N table|no-table or cipher ALGO BITS MODE",
                ));
            }
        })
    }
}

fn parse_mode(s: &str) -> Option<Mode> {
    [
        Mode::Ecb,
        Mode::Cbc,
        Mode::Cfb,
        Mode::Ofb,
        Mode::Ctr,
        Mode::Stream,
    ]
    .into_iter()
    .find(|m| m.label().eq_ignore_ascii_case(s))
}

impl RowJob {
    /// The job, with the groups of Diffie-Hellman rows opened in `groups` under `options`
    /// (the row's table choice replacing `options.table`).
    ///
    /// # Errors
    /// What making the job returns: a group not in this build, a secret size it does not
    /// take, a bad block size.
    pub fn job(&self, options: &GroupOptions, groups: &mut OpenedGroups) -> Result<Job> {
        Ok(match self {
            RowJob::Hash(algo) => Job::Hash(HashJob::new(*algo, bulk::DEFAULT_CHUNK)?),
            RowJob::DesEcb => Job::Des(DesJob::encrypt(Mode::Ecb, bulk::DEFAULT_CHUNK)?),
            RowJob::DesKeySetup => Job::Des(DesJob::KeySetup),
            RowJob::RsaRaw { bits } => {
                // Modulus bytes − 1 (63 for 512 bits, the post's "63 byte input chunk"), so
                // the input is always below n.
                let mut job = RsaJob::raw_private(*bits);
                job.chunk_bytes = Some((*bits as usize).div_ceil(8) - 1);
                Job::Rsa(job)
            }
            RowJob::Dh {
                group,
                exp_bits,
                table,
            } => {
                let opts = GroupOptions {
                    table: *table,
                    ..options.clone()
                };
                Job::Dh(DhJob::new(groups.open(group, &opts)?, *exp_bits)?)
            }
            RowJob::Cipher { spec, mode } => Job::Cipher(CipherJob {
                rows: vec![cipher::Row {
                    spec: *spec,
                    mode: *mode,
                    direction: Direction::Encrypt,
                }],
                grid: SizeGrid::default(),
                imp: crate::bench::imp::Choice::Own,
            }),
        })
    }

    /// Whether `op` is this job's headline operation, the one the row's value comes from.
    pub fn is_headline(&self, op: &Operation) -> bool {
        match self {
            RowJob::Hash(_) => op.name == "hash",
            RowJob::DesEcb => op.name == "encrypt",
            RowJob::DesKeySetup => op.name == "key setup",
            RowJob::RsaRaw { .. } => op.name == bench_rsa::PRIVATE_OP,
            RowJob::Dh { .. } => op.name == TOTAL_OP,
            RowJob::Cipher { mode, .. } => op.name == format!("{} enc", mode.label()),
        }
    }

    /// What a "not built" reason names first: the group of a Diffie-Hellman row.
    pub fn subject(&self) -> Option<&str> {
        match self {
            RowJob::Dh { group, .. } => Some(group),
            _ => None,
        }
    }
}

/// A table's rows planned for [`bench::sweep`]: one item per row, in the post's order.
pub struct Plan {
    /// One item per row (label: the row's label); the job, or why it cannot be made.
    pub items: Vec<bench::Item>,
    /// Warnings of the groups opened (the caller shows them).
    pub warnings: Vec<Warning>,
    /// The reference row of each item (items beyond the table's rows are the same rows
    /// computed by a library: [`Plan::through`]).
    pub rows: Vec<usize>,
}

/// Plans every row of `reference`, opening each Diffie-Hellman group once under `options`
/// (the row's table choice replacing `options.table`).
pub fn plan(reference: &Reference, options: &GroupOptions) -> Plan {
    let mut groups = OpenedGroups::default();
    let items = reference
        .rows
        .iter()
        .map(|row| bench::Item {
            label: row.label.clone(),
            job: row.job().job(options, &mut groups),
        })
        .collect();
    Plan {
        rows: (0..reference.rows.len()).collect(),
        items,
        warnings: groups.warnings,
    }
}

/// Why a row has no value on this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// Its job cannot be made in this build (a group family or backend not built).
    NotBuilt,
    /// Its job ran and failed (a self-check, an input error).
    Failed,
}

/// A row not measured.
#[derive(Debug, Clone)]
pub struct Missing {
    /// Index of the row in the reference.
    pub row: usize,
    /// Not built or failed.
    pub status: Status,
    /// The error, for the caller to word.
    pub error: Error,
}

/// A table run: the operations of the measured rows (see [`Reference::row_operations`]) and
/// the rows not measured.
pub struct Outcome {
    /// The record's operations, in the post's order.
    pub operations: Vec<Operation>,
    /// Rows without a value, in the post's order.
    pub missing: Vec<Missing>,
    /// Rows a library was asked to compute and that failed (row index, error).
    pub peer_failures: Vec<(usize, Error)>,
}

impl Plan {
    /// Adds the rows `library` can compute here (the cipher rows, through
    /// [`crate::bench::cipher::CipherJob::through`]), to be timed with pkbench's own in
    /// alternating rounds; returns the rows it cannot, with why (the library absent, or
    /// without the cipher or mode; rows other than ciphers: `None`).
    pub fn through(
        &mut self,
        library: bench::imp::Library,
        discovery: crate::peers::Discovery,
    ) -> Vec<(usize, Option<crate::peers::Unavailable>)> {
        let mut lacking = Vec::new();
        // pkbench's own items come first, item k for row k.
        let own = self
            .rows
            .iter()
            .enumerate()
            .take_while(|(k, r)| k == *r)
            .count();
        for k in 0..own {
            let row = self.rows[k];
            let Ok(Job::Cipher(job)) = &self.items[k].job else {
                lacking.push((row, None));
                continue;
            };
            match job.through(library, discovery) {
                (Some(j), _) => {
                    self.items.push(bench::Item {
                        label: format!("{} ({})", self.items[k].label, library.name()),
                        job: Ok(Job::Cipher(j)),
                    });
                    self.rows.push(row);
                }
                (None, why) => lacking.push((row, why.into_iter().next().map(|(_, u)| u))),
            }
        }
        lacking
    }

    /// Runs the planned rows through [`bench::sweep`] under `cfg` (one progress bar over the
    /// rows) and sorts their results into an [`Outcome`]: a row whose job could not be made
    /// is [`Status::NotBuilt`], one whose job failed [`Status::Failed`].
    pub fn run(self, reference: &Reference, cfg: &bench::Config) -> Outcome {
        let made: Vec<bool> = self.items.iter().map(|i| i.job.is_ok()).collect();
        let peer: Vec<bool> = self
            .items
            .iter()
            .map(|i| {
                i.job
                    .as_ref()
                    .is_ok_and(|j| j.implementation() != bench::imp::Choice::Own)
            })
            .collect();
        let mut out = Outcome {
            operations: Vec::new(),
            missing: Vec::new(),
            peer_failures: Vec::new(),
        };
        let rows = self.rows;
        let results = bench::sweep(self.items, cfg);
        for (k, (_, result)) in results.into_iter().enumerate() {
            let i = rows[k];
            match result.and_then(|ops| reference.row_operations(i, ops)) {
                Ok(ops) => out.operations.extend(ops),
                Err(error) if peer[k] => out.peer_failures.push((i, error)),
                Err(error) => out.missing.push(Missing {
                    row: i,
                    status: if made[k] {
                        Status::Failed
                    } else {
                        Status::NotBuilt
                    },
                    error,
                }),
            }
        }
        out
    }
}

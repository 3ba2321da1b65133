//! The result record: one versioned JSON shape for every timing command (`dh`, `rsa`, `des`,
//! `hash`, `cipher`, `repro`, `choose`, `scale`, `suite`), so that runs can be saved,
//! compared (`pkbench compare`) and plotted (`pkbench plot`) long after they were made.
//!
//! Shape (schema [`SCHEMA`] = `"pkbench.result/2"`):
//!
//! ```json
//! { "schema": "pkbench.result/2", "command": "dh",
//!   "params": { "field": "gf2-155", "exp_bits": 128, "table": true },
//!   "operations": [
//!     { "name": "Offer", "params": { "command": "dh", "group": "gf2-155", "exp_bits": 128,
//!                                    "table": true },
//!       "implementation": { "name": "pkbench", "version": "0.1.0", "kind": "own",
//!                           "variant": "vpclmulqdq+avx512", "cpu_features": [ ... ] },
//!       "stats": { "median_s": 0.0012, "q1_s": 0.0011, "q3_s": 0.0013, "min_s": 0.001,
//!                  "max_s": 0.0019, "mean_s": 0.00125, "samples": 41, "batch": 1,
//!                  "raw_s": [ ... ], "rounds": [ ... ] },
//!       "figures": { "ops_per_sec": 833.3 }, "info": { "table_bytes": 12345 } } ],
//!   "clock": "wall", "seed": 1995, "started_utc": "2026-11-30T10:22:08Z", "elapsed_s": 3.2,
//!   "machine": { ... see measure::Machine ... }, "build": { ... see measure::Build ... },
//!   "skipped": [], "notes": [] }
//! ```
//!
//! An operation is identified by its `name` together with its `params` (see
//! [`Operation::key`]): that is how `compare` matches rows between two records. Who computed
//! it is its `implementation` ([`Implementation`]); anything else that describes *how* it was
//! computed but should not stop two runs from being compared (table size, build time, pool
//! size) goes into `info`.
//!
//! **Units.** Times are stored in seconds per operation, as floating-point numbers: the
//! statistics `median_s`, `q1_s`, `q3_s`, `min_s`, `max_s`, `mean_s` and every sample in
//! `raw_s`; a derived time such as Total is the figure `total_s` (and its per-round
//! values in `rounds` are seconds too); times in an operation's `info` likewise
//! (`pool_s`, `table_build_s`); `elapsed_s` is seconds. Rates are per second
//! (`*_per_sec`, decimal: MB/s = 10^6 bytes/s); a few figures keep the unit their name ends
//! with (`us_per_key_us`: µs). In memory ([`Stats`], [`Operation::figures`]) pkbench works in
//! milliseconds (`median_ms`, `total_ms`): the conversion is made when a record is written
//! or read ([`crate::measure::stats::StatsOnDisk`], [`OperationOnDisk`]). Records that hold
//! milliseconds (`*_ms` keys: schema 1, and schema 2 as written before seconds) read as well.
//! `--json` prints a command's summary keys beside the record: they keep the names and units
//! the first JSON output had (`total_ms`), except that statistics are written as records
//! write them (`median_s`, …).
//!
//! Schema 1 records (`"pkbench.result/1"`, pkbench before the result schema 2) read as well: their machine
//! object also held the build, which [`ResultRecord::from_json`] copies to `build`; their
//! operations name no implementation; their command-specific top-level keys are ignored.
//! `--json` output and saved files hold the record and, beside it, the command's summary keys
//! computed from it by the renderers (`report::json`); reading a record
//! ([`ResultRecord::from_json`]) takes the record's keys and ignores the others.

pub mod write;

use crate::error::{Error, Result};
pub use crate::implementation::{ImplKind, Implementation};
use crate::measure::{Build, Machine, Stats};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

pub use write::write_atomic;

/// The schema identifier written into every record. Bump the number when a field changes
/// meaning or disappears; adding fields keeps the number.
pub const SCHEMA: &str = "pkbench.result/2";

/// The previous schema, still read (see the module documentation).
pub const SCHEMA_V1: &str = "pkbench.result/1";

/// Name of the derived DH operation Total = 2*Offer + Reply (design.md: the elapsed time of
/// one exchange), figure `total_ms`.
pub const TOTAL_OP: &str = "Total = 2*Offer + Reply";

/// Name of the derived DH operation CPU sum = 2*Offer + 2*Reply (the work of both
/// parties), figure `cpu_total_ms`.
pub const CPU_SUM_OP: &str = "CPU sum 2*Offer + 2*Reply";

/// Name of the derived KEM operation Total = KeyGen + Encaps + Decaps (the three steps of
/// one key-encapsulation exchange, in sequence), figure `total_ms`.
pub const KEM_TOTAL_OP: &str = "Total = KeyGen + Encaps + Decaps";

/// The timed operations a derived operation is computed from (same params), or `&[]` for an
/// operation that is not derived from others: [`TOTAL_OP`] and [`CPU_SUM_OP`] → Offer, Reply;
/// [`KEM_TOTAL_OP`] → KeyGen, Encaps, Decaps.
pub fn derived_from(name: &str) -> &'static [&'static str] {
    match name {
        TOTAL_OP | CPU_SUM_OP => &["Offer", "Reply"],
        KEM_TOTAL_OP => &["KeyGen", "Encaps", "Decaps"],
        _ => &[],
    }
}

/// One timed (or derived) operation of a record: a row of `compare`. Times are milliseconds
/// here; a record stores them in seconds ([`OperationOnDisk`], [`Stats`]).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(from = "OperationOnDisk", into = "OperationOnDisk")]
pub struct Operation {
    /// What was timed: "Offer", "Reply", "Total = 2*Offer + Reply", "private op",
    /// "encrypt", "key setup", "hash" ... (the column of `compare`'s ratio table).
    pub name: String,
    /// What identifies the row: command, group or algorithm, sizes, exponent bits, table ...
    /// (scalars only: strings, numbers, booleans). Two operations with the same name and
    /// params in two records are the same measurement made twice.
    #[serde(default)]
    pub params: BTreeMap<String, Value>,
    /// Who computed it (pkbench's own code, a crate, a library, with version); `None` in
    /// schema 1 records and for figures derived from operations of several implementations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implementation: Option<Implementation>,
    /// Statistics of the samples (ms per operation), absent for derived figures such as
    /// Total = 2*Offer + Reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<Stats>,
    /// Further measured figures, named with their unit: `*_ms` (ms, lower is better),
    /// `*_per_sec` (per second, higher is better), e.g. `bytes_per_sec`, `total_ms`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub figures: BTreeMap<String, f64>,
    /// Details that do not identify the row (backend, table method and bytes, build time).
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub info: Map<String, Value>,
    /// For a derived operation: its headline figure in each round of the run, in order
    /// (e.g. Total = 2·Offer + Reply of each round's medians), the data of its interval.
    /// Timed operations keep their rounds in `stats`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<f64>,
}

/// [`Operation`] as records store it (`pkbench.result/2`): a figure in milliseconds
/// (`total_ms`, `cpu_total_ms`) is written in seconds under the same name ending `_s`
/// (`total_s`), and so are the per-round values of a derived time and the times in `info`
/// (`pool_ms` → `pool_s`, `table_build_ms` → `table_build_s`). Figures in other
/// units (rates `*_per_sec`, µs per key `*_us`) are written as they are. Records that hold
/// `*_ms` figures (schema 1, and schema 2 before seconds) read as well. [`Operation`] itself
/// keeps milliseconds: the conversion is made here, when a record is written or read.
#[derive(Serialize, Deserialize)]
pub struct OperationOnDisk {
    name: String,
    #[serde(default)]
    params: BTreeMap<String, Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    implementation: Option<Implementation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stats: Option<Stats>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    figures: BTreeMap<String, f64>,
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    info: Map<String, Value>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    rounds: Vec<f64>,
}

/// Milliseconds per second.
const MS_PER_S: f64 = 1e3;

/// The name a record gives a figure in milliseconds (`total_ms` → `total_s`), `None` for a
/// figure in another unit.
pub fn figure_name_on_disk(name: &str) -> Option<String> {
    name.strip_suffix("_ms").map(|base| format!("{base}_s"))
}

/// The name in memory of a figure a record holds in seconds (`total_s` → `total_ms`), `None`
/// for any other (`*_per_s` is a rate).
fn figure_name_in_memory(name: &str) -> Option<String> {
    if name.ends_with("_per_s") {
        return None;
    }
    name.strip_suffix("_s").map(|base| format!("{base}_ms"))
}

/// The name of the figure [`Operation::headline`] takes when there are no samples.
fn headline_figure(figures: &BTreeMap<String, f64>) -> Option<&str> {
    figures
        .keys()
        .find(|k| figure_direction(k).is_some())
        .map(String::as_str)
}

impl From<Operation> for OperationOnDisk {
    fn from(op: Operation) -> OperationOnDisk {
        let rounds_in_ms =
            op.stats.is_none() && headline_figure(&op.figures).is_some_and(|k| k.ends_with("_ms"));
        OperationOnDisk {
            figures: op
                .figures
                .into_iter()
                .map(|(k, v)| match figure_name_on_disk(&k) {
                    Some(s) => (s, v / MS_PER_S),
                    None => (k, v),
                })
                .collect(),
            rounds: if rounds_in_ms {
                op.rounds.iter().map(|v| v / MS_PER_S).collect()
            } else {
                op.rounds
            },
            name: op.name,
            params: op.params,
            implementation: op.implementation,
            stats: op.stats,
            info: op
                .info
                .into_iter()
                .map(|(k, v)| match (figure_name_on_disk(&k), v.as_f64()) {
                    (Some(s), Some(ms)) => (s, (ms / MS_PER_S).into()),
                    _ => (k, v),
                })
                .collect(),
        }
    }
}

impl From<OperationOnDisk> for Operation {
    fn from(d: OperationOnDisk) -> Operation {
        let mut from_seconds = Vec::new();
        let figures: BTreeMap<String, f64> = d
            .figures
            .into_iter()
            .map(|(k, v)| match figure_name_in_memory(&k) {
                Some(ms) => {
                    from_seconds.push(ms.clone());
                    (ms, v * MS_PER_S)
                }
                None => (k, v),
            })
            .collect();
        let rounds_in_s = d.stats.is_none()
            && headline_figure(&figures).is_some_and(|k| from_seconds.iter().any(|s| s == k));
        Operation {
            rounds: if rounds_in_s {
                d.rounds.iter().map(|v| v * MS_PER_S).collect()
            } else {
                d.rounds
            },
            figures,
            name: d.name,
            params: d.params,
            implementation: d.implementation,
            stats: d.stats,
            info: d
                .info
                .into_iter()
                .map(|(k, v)| match (figure_name_in_memory(&k), v.as_f64()) {
                    (Some(ms), Some(s)) => (ms, (s * MS_PER_S).into()),
                    _ => (k, v),
                })
                .collect(),
        }
    }
}

/// Which way a figure is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Better {
    /// A time: smaller is faster.
    Lower,
    /// A rate: larger is faster.
    Higher,
}

/// The direction of a figure from its name's unit suffix: `_ms`, `_us`, `_ns`, `_s` → lower
/// is better; `_per_sec`, `_per_s` → higher is better; anything else: not comparable.
pub fn figure_direction(name: &str) -> Option<Better> {
    if name.ends_with("_per_sec") || name.ends_with("_per_s") {
        Some(Better::Higher)
    } else if ["_ms", "_us", "_ns", "_s"]
        .iter()
        .any(|s| name.ends_with(s))
    {
        Some(Better::Lower)
    } else {
        None
    }
}

impl Operation {
    /// A timed operation with `stats`.
    pub fn timed(name: &str, params: BTreeMap<String, Value>, stats: Stats) -> Operation {
        Operation {
            name: name.to_string(),
            params,
            implementation: None,
            stats: Some(stats),
            figures: BTreeMap::new(),
            info: Map::new(),
            rounds: Vec::new(),
        }
    }

    /// A derived operation with one figure (e.g. `total_ms`) and no samples.
    pub fn derived(
        name: &str,
        params: BTreeMap<String, Value>,
        figure: &str,
        value: f64,
    ) -> Operation {
        Operation {
            name: name.to_string(),
            params,
            implementation: None,
            stats: None,
            figures: BTreeMap::from([(figure.to_string(), value)]),
            info: Map::new(),
            rounds: Vec::new(),
        }
    }

    /// Names the implementation that computed it (builder style).
    pub fn by(mut self, implementation: Implementation) -> Operation {
        self.implementation = Some(implementation);
        self
    }

    /// Adds a figure (builder style).
    pub fn with_figure(mut self, name: &str, value: f64) -> Operation {
        self.figures.insert(name.to_string(), value);
        self
    }

    /// Adds an `info` entry (builder style).
    pub fn with_info(mut self, key: &str, value: impl Into<Value>) -> Operation {
        self.info.insert(key.to_string(), value.into());
        self
    }

    /// The `info` entry `key` as a string, `None` when absent or not a string.
    pub fn info_str(&self, key: &str) -> Option<&str> {
        self.info.get(key).and_then(Value::as_str)
    }

    /// The `info` entry `key` as a number, `None` when absent or not a number.
    pub fn info_f64(&self, key: &str) -> Option<f64> {
        self.info.get(key).and_then(Value::as_f64)
    }

    /// The `info` entry `key` as an unsigned integer, `None` when absent or not one.
    pub fn info_u64(&self, key: &str) -> Option<u64> {
        self.info.get(key).and_then(Value::as_u64)
    }

    /// The `info` entry `key` as a boolean, `None` when absent or not one.
    pub fn info_bool(&self, key: &str) -> Option<bool> {
        self.info.get(key).and_then(Value::as_bool)
    }

    /// The `params` entry `key` as a string, `None` when absent or not a string.
    pub fn param_str(&self, key: &str) -> Option<&str> {
        self.params.get(key).and_then(Value::as_str)
    }

    /// The identity of the row: the params rendered canonically (sorted keys), then the name.
    /// `compare` matches operations of two records on this key.
    /// `cache=warm` counts as no `cache` param: a record made before `--cache` was timed
    /// warm.
    pub fn key(&self) -> (String, String) {
        if self.param_str("cache") == Some("warm") {
            let mut p = self.params.clone();
            p.remove("cache");
            return (params_label(&p), self.name.clone());
        }
        (params_label(&self.params), self.name.clone())
    }

    /// The per-round values of the headline figure ([`Operation::headline`]), in the figure's
    /// unit: the round medians of a timed operation, a derived operation's `rounds`. Empty
    /// when the run kept no rounds (schema 1 records).
    pub fn round_values(&self) -> Vec<f64> {
        match &self.stats {
            Some(s) => s.round_medians(),
            None => self.rounds.clone(),
        }
    }

    /// The 95 % interval of this operation's speed as factors of its headline speed
    /// (`(0.96, 1.05)`: the speed lies between 0.96 and 1.05 times the headline's), from the
    /// sign-test interval of the median of its per-round values
    /// ([`crate::measure::interval::median`]); `None` with fewer rounds than the level needs.
    pub fn speed_factors(&self) -> Option<(f64, f64)> {
        let (_, dir) = self.headline()?;
        let v = self.round_values();
        let iv = crate::measure::interval::median(&v, crate::measure::interval::LEVEL);
        if !(iv.is_bounded() && iv.lo > 0.0 && iv.estimate > 0.0) {
            return None;
        }
        Some(match dir {
            Better::Lower => (iv.estimate / iv.hi, iv.estimate / iv.lo),
            Better::Higher => (iv.lo / iv.estimate, iv.hi / iv.estimate),
        })
    }

    /// The speed ratio of `fast` over `slow` (how many times faster `fast` is), measured in
    /// the same run, with its 95 % interval: paired by round (Wilcoxon signed rank,
    /// Hodges–Lehmann) when both have as many rounds, else unpaired (Mann–Whitney); `None`
    /// when either has too few rounds or a figure of another direction.
    pub fn speedup_interval(
        slow: &Operation,
        fast: &Operation,
    ) -> Option<crate::measure::Interval> {
        use crate::measure::interval;
        let (_, d1) = slow.headline()?;
        let (_, d2) = fast.headline()?;
        if d1 != d2 {
            return None;
        }
        let (a, b) = (slow.round_values(), fast.round_values());
        let (a, b) = match d1 {
            Better::Lower => (a, b),
            Better::Higher => (b, a),
        };
        let iv = if a.len() == b.len() {
            interval::ratio_paired(&a, &b, interval::LEVEL)
        } else {
            interval::ratio_unpaired(&a, &b, interval::LEVEL)
        };
        iv.is_bounded().then_some(iv)
    }

    /// Sets the per-round values of a derived figure (builder style).
    pub fn with_rounds(mut self, rounds: Vec<f64>) -> Operation {
        self.rounds = rounds;
        self
    }

    /// The headline figure of this operation and its direction: the median time of the
    /// samples when there are samples, otherwise the first figure with a known unit.
    pub fn headline(&self) -> Option<(f64, Better)> {
        self.headline_figure().map(|(_, v, d)| (v, d))
    }

    /// [`Operation::headline`] with the name of its figure: `median_ms` for a timed
    /// operation, else the key in `figures`.
    pub fn headline_figure(&self) -> Option<(&str, f64, Better)> {
        if let Some(s) = &self.stats {
            return Some(("median_ms", s.median_ms, Better::Lower));
        }
        self.figures
            .iter()
            .find_map(|(k, v)| figure_direction(k).map(|d| (k.as_str(), *v, d)))
    }
}

/// Renders params as `key=value` pairs in key order, `command` first and shown bare
/// ("dh group=gf2-155 exp_bits=128 table=true").
pub fn params_label(params: &BTreeMap<String, Value>) -> String {
    let mut parts = Vec::new();
    if let Some(c) = params.get("command") {
        parts.push(value_text(c));
    }
    for (k, v) in params {
        if k != "command" {
            parts.push(format!("{k}={}", value_text(v)));
        }
    }
    parts.join(" ")
}

fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Builds a params map from `(key, value)` pairs.
pub fn params<const N: usize>(pairs: [(&str, Value); N]) -> BTreeMap<String, Value> {
    pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// An item of a run that was not measured, and why (e.g. a capability not in this build).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Skipped {
    /// What would have been measured (a command line such as `dh --field modp-512`).
    pub item: String,
    /// Why not.
    pub reason: String,
    /// The identity it would have had as an operation (command, group, exp_bits, table …),
    /// where the command records one (`choose`'s candidates).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, Value>,
    /// What was known of it without timing it (security estimate, probe time …).
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub info: Map<String, Value>,
}

impl Skipped {
    /// An item not measured, with the reason, and no params or info.
    pub fn new(item: impl Into<String>, reason: impl Into<String>) -> Skipped {
        Skipped {
            item: item.into(),
            reason: reason.into(),
            params: BTreeMap::new(),
            info: Map::new(),
        }
    }
}

/// A saved run: see the module documentation for the shape.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ResultRecord {
    /// Always [`SCHEMA`].
    pub schema: String,
    /// The command that made it: "dh", "rsa", "suite", "scale" ...
    pub command: String,
    /// The command's arguments that shape the whole run.
    #[serde(default)]
    pub params: Map<String, Value>,
    /// Every measured operation.
    #[serde(default)]
    pub operations: Vec<Operation>,
    /// Clock that timed the samples: "wall" or "thread CPU".
    pub clock: String,
    /// RNG seed of the inputs, when the command uses one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// When the run started, UTC, ISO 8601 (`2026-11-30T10:22:08Z`).
    #[serde(default)]
    pub started_utc: String,
    /// Wall time of the whole run, seconds.
    #[serde(default)]
    pub elapsed_s: f64,
    /// The machine.
    pub machine: Machine,
    /// The build of pkbench that measured.
    #[serde(default)]
    pub build: Build,
    /// Items not measured, with the reason.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<Skipped>,
    /// What the run observed that the operations do not say (one sentence each), e.g. that
    /// a method was not timed because it is known to be slower.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl ResultRecord {
    /// An empty record of `command`, started now (see [`RunTimer`] for the timing fields).
    pub fn new(command: &str, clock: &str, machine: Machine) -> ResultRecord {
        ResultRecord {
            schema: SCHEMA.to_string(),
            command: command.to_string(),
            params: Map::new(),
            operations: Vec::new(),
            clock: clock.to_string(),
            seed: None,
            started_utc: utc_now(),
            elapsed_s: 0.0,
            machine,
            build: Build::detect(),
            skipped: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The record as pretty JSON with a trailing newline: its own keys only (what `--json`
    /// prints adds the command's summary keys: `report::json::render`).
    ///
    /// # Errors
    /// [`Error::Runtime`] if serialisation fails.
    pub fn to_json(&self) -> Result<String> {
        let v = serde_json::to_value(self)
            .map_err(|e| Error::runtime(format!("JSON serialisation failed: {e}")))?;
        crate::report::to_json(&v)
    }

    /// Parses a record of schema 2, or of schema 1 (its machine object's build fields copied
    /// to `build`).
    ///
    /// # Errors
    /// [`Error::Input`] naming `origin` when the text is not JSON, not a record, or of
    /// another schema version.
    pub fn from_json(origin: &str, text: &str) -> Result<ResultRecord> {
        let mut v: Value = serde_json::from_str(text)
            .map_err(|e| Error::input(format!("{origin}: not JSON: {e}")))?;
        match v.get("schema").and_then(Value::as_str) {
            Some(SCHEMA) => {}
            Some(SCHEMA_V1) => {
                if let Some(m) = v.get("machine").cloned() {
                    v["build"] = m;
                }
                v["schema"] = SCHEMA.into();
            }
            Some(other) => {
                return Err(Error::input(format!(
                    "{origin}: schema {other:?} is not supported (this pkbench reads {SCHEMA:?} and {SCHEMA_V1:?})"
                )));
            }
            None => {
                return Err(Error::input(format!(
                    "{origin}: no \"schema\" key: not a pkbench result record (save one with --output FILE)"
                )));
            }
        }
        serde_json::from_value(v)
            .map_err(|e| Error::input(format!("{origin}: not a valid {SCHEMA} record: {e}")))
    }

    /// Reads and parses a record file, through the bounded reader of [`crate::input`].
    ///
    /// # Errors
    /// [`crate::error::Invalid::InputFile`] when the file cannot be read, is not a regular
    /// file or is larger than [`crate::input::RECORD_MAX_BYTES`] (64 MiB: refused before it
    /// is read); [`Error::Input`] when it is not UTF-8 JSON or not a record.
    pub fn read(path: &std::path::Path) -> Result<ResultRecord> {
        let origin = path.display().to_string();
        let bytes = crate::input::read(path, crate::input::FileRole::Record)?;
        let text = String::from_utf8(bytes).map_err(|e| {
            Error::input(format!(
                "{origin}: not JSON: not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ))
        })?;
        ResultRecord::from_json(&origin, &text)
    }

    /// Sets `elapsed_s` from `timer` and finishes the machine's measured MHz.
    pub fn finish(&mut self, timer: &RunTimer) {
        self.started_utc = timer.started_utc.clone();
        self.elapsed_s = timer.start.elapsed().as_secs_f64();
        self.machine.set_mhz_over_run(timer.mhz_start);
    }

    /// Appends `operations`, noting in the machine section every CPU feature their
    /// implementations chose at run time ([`Machine::cpu_flags_used`]).
    pub fn add_operations(&mut self, operations: impl IntoIterator<Item = Operation>) {
        for op in operations {
            if let Some(i) = &op.implementation {
                for f in &i.cpu_features {
                    self.machine.note_flag_used(f);
                }
            }
            self.operations.push(op);
        }
    }

    /// The first operation named `name` (timed or derived), if any.
    pub fn operation(&self, name: &str) -> Option<&Operation> {
        self.operations.iter().find(|op| op.name == name)
    }

    /// One line for a report header: the machine's CPU, cores and MHz, then the build's
    /// rustc, profile, pkbench version and commit ([`Machine::summary`]).
    pub fn summary(&self) -> String {
        self.machine.summary(&self.build)
    }

    /// A short name of the machine for column headers: host name, else CPU model.
    pub fn machine_label(&self) -> String {
        if !self.machine.hostname.is_empty() && self.machine.hostname != "unknown" {
            self.machine.hostname.clone()
        } else {
            self.machine.cpu_model.clone()
        }
    }
}

/// Start of a run: wall clock, UTC time and the CPU MHz sampled at the start (so that the
/// record can give the MHz over the run, see [`Machine::set_mhz_over_run`]).
#[derive(Debug, Clone)]
pub struct RunTimer {
    start: std::time::Instant,
    started_utc: String,
    mhz_start: Option<f64>,
}

impl RunTimer {
    /// Starts timing a run now.
    pub fn start() -> RunTimer {
        RunTimer {
            start: std::time::Instant::now(),
            started_utc: utc_now(),
            mhz_start: crate::measure::machine::mean_cpu_mhz(),
        }
    }
}

/// The current time, UTC, as ISO 8601 `YYYY-MM-DDThh:mm:ssZ`.
pub fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    utc_from_unix(secs)
}

/// Formats Unix seconds as ISO 8601 UTC. Days to civil date by H. Hinnant's
/// `civil_from_days` algorithm ("chrono-Compatible Low-Level Date Algorithms", 2013).
pub fn utc_from_unix(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        (rem / 60) % 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sample_record() -> ResultRecord {
        let mut r = ResultRecord::new("dh", "wall", Machine::detect());
        r.seed = Some(7);
        r.params.insert("field".into(), json!("gf2-155"));
        let p = params([
            ("command", json!("dh")),
            ("group", json!("gf2-155")),
            ("exp_bits", json!(128)),
        ]);
        r.operations.push(
            Operation::timed(
                "Offer",
                p.clone(),
                Stats::from_samples(vec![1.0, 2.0, 3.0], 4),
            )
            .with_info("table_bytes", 1234),
        );
        r.operations.push(Operation::derived(
            "Total = 2*Offer + Reply",
            p,
            "total_ms",
            7.5,
        ));
        r.skipped.push(Skipped::new("rsa --bits 512", "not built"));
        r
    }

    #[test]
    fn record_round_trips() {
        let r = sample_record();
        let text = r.to_json().unwrap();
        let back = ResultRecord::from_json("t", &text).unwrap();
        assert_eq!(back, r);
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["schema"], SCHEMA);
        assert!(v.get("total_ms").is_none(), "the record's own keys only");
        assert_eq!(v["operations"][0]["stats"]["median_s"], 0.002);
        assert_eq!(v["operations"][1]["figures"]["total_s"], 0.0075);
        assert_eq!(v["operations"][0]["stats"]["batch"], 4);
    }

    /// `--json` prints a command's summary keys beside the record (`report::json`); a record
    /// read back ignores them (as records written with a second copy of the raw samples in a
    /// summary key, before) and writes its own keys, each operation's samples once.
    #[test]
    fn summary_keys_are_ignored_when_read() {
        let r = sample_record();
        let text = r.to_json().unwrap();
        assert_eq!(text.matches("\"raw_s\"").count(), 1, "{text}");
        let mut with_summary: Value = serde_json::from_str(&text).unwrap();
        let offer = serde_json::to_value(r.operations[0].stats.clone().unwrap()).unwrap();
        with_summary["offer"] = offer.clone();
        with_summary["nested"] = json!({"rows": [{"stats": offer}]});
        with_summary["total_ms"] = json!(7.5);
        let back = ResultRecord::from_json("old", &with_summary.to_string()).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.to_json().unwrap(), text);
    }

    /// Records made before times were seconds (schema 2 with `*_ms` keys, and schema 1)
    /// read with the same values; written again, they hold seconds.
    #[test]
    fn records_in_milliseconds_still_read() {
        let text = include_str!("../../tests/data/records/v2-ms-dh-x25519.json");
        let old: Value = serde_json::from_str(text).unwrap();
        let r = ResultRecord::from_json("v2-ms", text).unwrap();
        let total = r.operation(TOTAL_OP).unwrap();
        let want = old["operations"][2]["figures"]["total_ms"]
            .as_f64()
            .unwrap();
        assert_eq!(total.figures["total_ms"], want);
        assert_eq!(
            total.rounds,
            old["operations"][2]["rounds"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_f64().unwrap())
                .collect::<Vec<_>>()
        );
        let offer = r.operation("Offer").unwrap().stats.as_ref().unwrap();
        assert_eq!(
            offer.median_ms,
            old["operations"][0]["stats"]["median_ms"].as_f64().unwrap()
        );
        let again: Value = serde_json::from_str(&r.to_json().unwrap()).unwrap();
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b.abs();
        assert!(close(
            again["operations"][2]["figures"]["total_s"]
                .as_f64()
                .unwrap()
                * 1e3,
            want
        ));
        assert!(close(
            again["operations"][2]["rounds"][0].as_f64().unwrap() * 1e3,
            total.rounds[0]
        ));
        assert!(close(
            again["operations"][0]["stats"]["median_s"]
                .as_f64()
                .unwrap()
                * 1e3,
            offer.median_ms
        ));
        assert!(!r.to_json().unwrap().contains("_ms\""));
        let back = ResultRecord::from_json("again", &r.to_json().unwrap()).unwrap();
        assert!(close(
            back.operation(TOTAL_OP).unwrap().figures["total_ms"],
            want
        ));
        // Schema 1 as well.
        let v1 = include_str!("../../tests/data/records/v1-dh-x25519-a.json");
        let r1 = ResultRecord::from_json("v1", v1).unwrap();
        let old1: Value = serde_json::from_str(v1).unwrap();
        assert_eq!(
            r1.operation("Offer")
                .unwrap()
                .stats
                .as_ref()
                .unwrap()
                .median_ms,
            old1["operations"][0]["stats"]["median_ms"]
                .as_f64()
                .unwrap()
        );
    }

    #[test]
    fn wrong_schema_is_input_error() {
        let e = ResultRecord::from_json("f.json", r#"{"schema":"pkbench.result/9"}"#).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message().contains("pkbench.result/9"), "{e}");
        let e = ResultRecord::from_json("f.json", r#"{"command":"dh"}"#).unwrap_err();
        assert!(e.message().contains("schema"), "{e}");
        let e = ResultRecord::from_json("f.json", "{not json").unwrap_err();
        assert_eq!(e.exit_code(), 2);
    }

    #[test]
    fn keys_and_labels() {
        let r = sample_record();
        let (label, name) = r.operations[0].key();
        assert_eq!(label, "dh exp_bits=128 group=gf2-155");
        assert_eq!(name, "Offer");
        assert_eq!(r.operations[0].headline(), Some((2.0, Better::Lower)));
        assert_eq!(r.operations[1].headline(), Some((7.5, Better::Lower)));
        assert_eq!(figure_direction("bytes_per_sec"), Some(Better::Higher));
        assert_eq!(figure_direction("us_per_key_us"), Some(Better::Lower));
        assert_eq!(figure_direction("count"), None);
    }

    #[test]
    fn utc_dates() {
        assert_eq!(utc_from_unix(0), "1970-01-01T00:00:00Z");
        // 2000-02-29 12:34:56 UTC (a leap day) = 951827696.
        assert_eq!(utc_from_unix(951_827_696), "2000-02-29T12:34:56Z");
        // 2026-11-30 10:22:08 UTC = 1796034128.
        assert_eq!(utc_from_unix(1_796_034_128), "2026-11-30T10:22:08Z");
    }

    #[test]
    fn cache_warm_keys_as_no_cache_param() {
        let p = params([("command", json!("dh")), ("group", json!("gf2-155"))]);
        let st = Stats::from_samples(vec![1.0], 1);
        let plain = Operation::timed("Offer", p.clone(), st.clone());
        let mut warm = p.clone();
        warm.insert("cache".into(), json!("warm"));
        let mut cold = p;
        cold.insert("cache".into(), json!("cold"));
        assert_eq!(
            Operation::timed("Offer", warm, st.clone()).key(),
            plain.key()
        );
        assert_ne!(Operation::timed("Offer", cold, st).key(), plain.key());
    }
}

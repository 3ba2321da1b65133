//! The result record: one versioned JSON shape for every timing command (`dh`, `rsa`, `des`,
//! `hash`, `cipher`, `repro`, `choose`, `scale`, `suite`), so that runs can be saved,
//! compared (`pkbench compare`) and plotted (`pkbench plot`) long after they were made.
//!
//! Shape (schema [`SCHEMA`] = `"pkbench.result/3"`):
//!
//! ```json
//! { "schema": "pkbench.result/3", "command": "dh",
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
//!
//! **One copy of each figure.** A record holds what was measured and nothing computed from it
//! twice: `--json` prints the record and `--output` saves the same text. Summaries (a `dh`
//! run's Total in milliseconds, a `choose` run's verdicts, a speedup over a reference
//! machine) are computed when a record is read, by the views (`report`); the keys of the
//! names a record uses are in [`keys`], and [`Operation`]'s typed accessors read them.
//! Every fact a view prints is stored when it is measured (a pool's size and its caps, the
//! checks made, a fit's verdict, the threads' CPUs, cold and warm pairs, notes). A record
//! whose stored figures contradict each other is refused when read
//! ([`ResultRecord::contradiction`]).
//!
//! **Older schemas.** Schema 2 records (`"pkbench.result/2"`) read as they are; beside the
//! record they held the command's summary keys (`total_ms`, `offer`, `table_info` …), which
//! reading ignores: the figures come from the operations alone. Schema 1 records
//! (`"pkbench.result/1"`) read as well: their machine object also held the build, which
//! [`ResultRecord::from_json`] copies to `build`; their operations name no implementation.

mod access;
mod check;
mod copies;
mod disk;
mod json;
pub mod keys;
mod operation;
mod time;
pub mod write;

pub use crate::implementation::{ImplKind, Implementation};
use crate::measure::{Build, Machine};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub use access::{size_label, uses_per_sample};
pub use check::REL_TOL;
pub use disk::{OperationOnDisk, figure_name_on_disk};
pub use json::to_json;
pub use keys::{
    CPU_SUM_OP, CRT_BN_OP, CRT_OP, DECAPS_OP, ENCAPS_OP, KEM_TOTAL_OP, KEYGEN_OP, OFFER_OP,
    PRIVATE_OP, PUBLIC_OP, REPLY_OP, TOTAL_OP, choose, derived_from, figure, info, param,
};
pub use operation::{
    Better, HeadlineInterval, Operation, Skipped, figure_direction, params, params_label,
};
pub use time::{RunTimer, utc_from_unix, utc_now};
pub use write::write_atomic;

/// The schema identifier written into every record. Bump the number when a field changes
/// meaning or disappears; adding fields keeps the number. 3: the summary keys beside the
/// record are gone (each figure is stored once) and facts the views print are stored.
pub const SCHEMA: &str = "pkbench.result/3";

/// The previous schema, still read: the same record with the command's summary keys beside
/// it, which reading ignores.
pub const SCHEMA_V2: &str = "pkbench.result/2";

/// The first schema, still read (see the module documentation).
pub const SCHEMA_V1: &str = "pkbench.result/1";

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
            build: Build::detect(
                crate::arith::bignum::BackendKind::built_in(),
                crate::arith::bignum::BackendKind::DEFAULT.version(),
            ),
            skipped: Vec::new(),
            notes: Vec::new(),
        }
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

#[cfg(test)]
mod tests;

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

use crate::bench::cipher::{self, CipherJob, SizeGrid};
use crate::bench::des::DesJob;
use crate::bench::hash::HashJob;
use crate::bench::rsa::RsaJob;
use crate::bench::{self, Job, bulk, dh::DhJob};
use crate::error::{Error, Result, Warning};
use crate::kex::{GroupOptions, OpenedGroups};
use crate::record::Operation;
use crate::symmetric::{Direction, Mode};

/// The reference files' format and registry, below this engine (`report::repro` reads them
/// too): re-exported, so that `repro::Reference`, `repro::table` … name them here as well.
pub use crate::reference::*;

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
}

/// A table's rows planned for [`bench::sweep`]: pkbench's own item of each row, in the
/// post's order, then the rows' library twins ([`Plan::through`]).
pub struct Plan {
    /// One item per row (label: the row's label); the job, or why it cannot be made.
    pub items: Vec<bench::Item>,
    /// Warnings of the groups opened (the caller shows them).
    pub warnings: Vec<Warning>,
    /// The reference row of each item (items beyond pkbench's own are the same rows
    /// computed by a library: [`Plan::through`]).
    pub rows: Vec<usize>,
    /// How many leading items are pkbench's own (one per row until [`Plan::drop_own`]).
    own: usize,
}

/// Plans every row of `reference`, opening each Diffie-Hellman group once under `options`
/// (the row's table choice replacing `options.table`).
pub fn plan(reference: &Reference, options: &GroupOptions) -> Plan {
    let mut groups = OpenedGroups::default();
    let items: Vec<bench::Item> = reference
        .rows
        .iter()
        .map(|row| bench::Item {
            label: row.label.clone(),
            job: row.job().job(options, &mut groups),
        })
        .collect();
    Plan {
        rows: (0..reference.rows.len()).collect(),
        own: items.len(),
        items,
        warnings: groups.warnings,
    }
}

/// Why a library does not compute a row.
#[derive(Debug, Clone)]
pub enum Lacking {
    /// The library cannot: it is absent, or does not offer the row's operation.
    Library(crate::peers::Unavailable),
    /// pkbench does not give the row to a library: what the library would time is other
    /// work.
    OwnOnly(OwnOnly),
}

/// A row `repro` times with pkbench's own code only, whichever implementations are asked
/// for (the post's operation is one no library has, or one whose library twin would do
/// other work).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnOnly {
    /// A hash no library has (SHA-0): the commands' stand-in ([`crate::bench::hash::stand_in`],
    /// SHA-1 for SHA-0) is another function.
    StandIn {
        /// The post's hash.
        algo: crate::hash::Algo,
        /// The stand-in a library would run.
        stand_in: crate::hash::Algo,
    },
    /// A Diffie-Hellman row: the post's figure is one exchange with or without pkbench's
    /// fixed-base table; the `dh` command times each library's exchange, saying on each row
    /// which has a table.
    Exchange,
}

impl std::fmt::Display for OwnOnly {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OwnOnly::StandIn { algo, stand_in } => write!(
                f,
                "pkbench's own code only: no library has {} (the hash command sets the libraries' {} beside it, another function)",
                algo.name(),
                stand_in.name()
            ),
            OwnOnly::Exchange => f.write_str(
                "the Diffie-Hellman rows: pkbench's own code only, with the post's table or none (the dh command times them through each library, saying which has a table)",
            ),
        }
    }
}

/// A row's `job` computed by `library`, as `repro --impl` gives it one
/// ([`crate::bench::imp::through`]: a hash, DES, key setup, raw RSA or cipher row on the same
/// inputs, checked as that command checks it).
///
/// # Errors
/// [`Lacking`]: the library is absent or lacks the operation, or the row is pkbench's own
/// only ([`OwnOnly`]: a hash no library has, a Diffie-Hellman row).
pub fn row_through(
    job: &Job,
    library: bench::imp::Library,
    discovery: crate::peers::Discovery,
) -> std::result::Result<Job, Lacking> {
    if let Job::Hash(h) = job {
        let stand_in = crate::bench::hash::stand_in(h.algo);
        if stand_in != h.algo {
            return Err(Lacking::OwnOnly(OwnOnly::StandIn {
                algo: h.algo,
                stand_in,
            }));
        }
    }
    match bench::imp::through(job, library, discovery) {
        None => Err(Lacking::OwnOnly(OwnOnly::Exchange)),
        Some(r) => r.map_err(Lacking::Library),
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
    /// Adds the rows `library` can compute here, each through the path its command takes
    /// for `--impl` ([`crate::bench::imp::through`]: a hash, DES, key setup, raw RSA or
    /// cipher row on the same inputs, checked as that command checks it), to be timed with
    /// the others in alternating rounds; returns the rows it does not compute, with why. A
    /// row whose own job cannot be made in this build is left out (it is reported as not
    /// built).
    pub fn through(
        &mut self,
        library: bench::imp::Library,
        discovery: crate::peers::Discovery,
    ) -> Vec<(usize, Lacking)> {
        let mut lacking = Vec::new();
        for k in 0..self.own {
            let row = self.rows[k];
            let Ok(job) = &self.items[k].job else {
                continue;
            };
            match row_through(job, library, discovery) {
                Err(why) => lacking.push((row, why)),
                Ok(j) => {
                    self.items.push(bench::Item {
                        label: format!("{} ({})", self.items[k].label, library.name()),
                        job: Ok(j),
                    });
                    self.rows.push(row);
                }
            }
        }
        lacking
    }

    /// Leaves pkbench's own items out (an `--impl` list without pkbench): only the library
    /// twins added so far run.
    pub fn drop_own(&mut self) {
        self.items.drain(..self.own);
        self.rows.drain(..self.own);
        self.own = 0;
    }

    /// Whether the plan has nothing to run.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
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

//! The bench layer: what is timed (a [`Job`]), who computes it (the [`Implementation`] each
//! operation names), and the one entry point [`run`] that makes the inputs, checks every
//! result outside the timed region, calls the harness ([`crate::measure`]) and returns the
//! operations of the result record.
//!
//! ```text
//! cli (flags → Job, Config) ──► bench::run ──► Vec<Operation> ──► record ──► report
//! ```
//!
//! A command turns its flags into a typed [`Job`] and a [`Config`]; sweeps (`scale`,
//! `choose`, `suite`, `repro`) build many Jobs and call [`run`] for each. Nothing here reads
//! the environment or names a command-line flag.

pub mod bulk;
pub mod choose;
pub mod cipher;
pub mod des;
pub mod dh;
pub mod hash;
pub mod rsa;
pub mod slope;

pub use crate::implementation::{ImplKind, Implementation};

use crate::error::Result;
use crate::measure::{Machine, MeasureConfig};
use crate::record::{Operation, ResultRecord, RunTimer};
use serde_json::{Map, Value};

/// What to time. Each variant's type says what the job needs (an opened group and a secret
/// size, a key and a chunk size, an algorithm and a block size, …); the operations it gives
/// are listed on the variant.
#[derive(Clone)]
pub enum Job {
    /// A Diffie-Hellman exchange ([`dh::DhJob`]): operations "Offer", "Reply",
    /// "Total = 2*Offer + Reply" and "CPU sum 2*Offer + 2*Reply".
    Dh(dh::DhJob),
    /// Raw RSA on one key ([`rsa::RsaJob`]): "private op (raw)", "private op (CRT)" (when
    /// asked) and "public op".
    Rsa(rsa::RsaJob),
    /// Single DES ([`des::DesJob`]): "key setup" or "encrypt".
    Des(des::DesJob),
    /// A hash function over blocks of one size ([`hash::HashJob`]): "hash".
    Hash(hash::HashJob),
    /// Rows of a cipher table ([`cipher::CipherJob`]): one "MODE dir" operation per row
    /// ("CBC enc", "STREAM dec").
    Cipher(cipher::CipherJob),
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Job::Dh(j) => f.debug_tuple("Dh").field(&j.label()).finish(),
            Job::Rsa(j) => f.debug_tuple("Rsa").field(j).finish(),
            Job::Des(j) => f.debug_tuple("Des").field(j).finish(),
            Job::Hash(j) => f.debug_tuple("Hash").field(j).finish(),
            Job::Cipher(j) => f.debug_tuple("Cipher").field(&j.label()).finish(),
        }
    }
}

impl Job {
    /// A short label for progress bars and messages, e.g. "gf2-155 128-bit", "RSA-512",
    /// "MD5 over 10000-byte blocks".
    pub fn label(&self) -> String {
        match self {
            Job::Dh(j) => j.label(),
            Job::Rsa(j) => j.label(),
            Job::Des(j) => j.label(),
            Job::Hash(j) => j.label(),
            Job::Cipher(j) => j.label(),
        }
    }
}

/// How to run a job: the harness settings, the seed of the inputs and whether progress is
/// shown.
#[derive(Debug, Clone)]
pub struct Config {
    /// Budget, clock and sample sizes of the harness.
    pub measure: MeasureConfig,
    /// Seed of the ChaCha20 RNG that makes every input (same seed, same inputs).
    pub seed: u64,
    /// Hide progress bars (JSON output, or a sweep that shows its own).
    pub quiet: bool,
}

/// Runs `job` under `cfg`: inputs made and checked before timing, the harness, the outputs
/// of the timed runs checked again, and the operations (statistics in ms per operation, each
/// naming its implementation).
///
/// # Errors
/// [`crate::Error::Input`] for inputs the job cannot take; [`crate::Error::Runtime`] when a
/// self-check fails (the code under test gave a wrong result).
pub fn run(job: &Job, cfg: &Config) -> Result<Vec<Operation>> {
    match job {
        Job::Dh(j) => dh::run(j, cfg),
        Job::Rsa(j) => rsa::run(j, cfg),
        Job::Des(j) => des::run(j, cfg),
        Job::Hash(j) => hash::run(j, cfg),
        Job::Cipher(j) => cipher::run(j, cfg),
    }
}

/// One item of a sweep (`scale`, `suite`, `repro`): its label for progress and messages, and
/// the job, or the error that kept it from being made (a group not in this build, a secret
/// size the group does not take).
pub struct Item {
    /// What the item is, e.g. "modp-1024 --exp-bits 128".
    pub label: String,
    /// The job to run, or why there is none.
    pub job: Result<Job>,
}

/// Runs the `items` in order under `cfg`, with one progress bar over all of them (each job's
/// own bar hidden), and returns each item's label with its operations or its error: the
/// caller decides which errors skip an item and which stop the sweep.
pub fn sweep(items: Vec<Item>, cfg: &Config) -> Vec<(String, Result<Vec<Operation>>)> {
    let pb = crate::measure::progress::bar(items.len() as u64, cfg.quiet);
    let inner = Config {
        quiet: true,
        ..cfg.clone()
    };
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        pb.set_message(item.label.clone());
        let result = item.job.and_then(|job| run(&job, &inner));
        out.push((item.label, result));
        pb.inc(1);
    }
    pb.finish_and_clear();
    out
}

/// The result record of a run of `command` that gave `operations` under `cfg`, with the
/// run-level `params`, started at `timer`: machine and build detected now, the CPU features
/// the implementations used noted in the machine section, start time and elapsed time set.
pub fn record(
    command: &str,
    cfg: &Config,
    params: Map<String, Value>,
    operations: Vec<Operation>,
    timer: &RunTimer,
) -> ResultRecord {
    let mut rec = ResultRecord::new(command, cfg.measure.clock.label(), Machine::detect());
    rec.seed = Some(cfg.seed);
    rec.params = params;
    rec.add_operations(operations);
    rec.finish(timer);
    rec
}

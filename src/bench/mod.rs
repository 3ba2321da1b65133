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
pub mod cold;
pub mod des;
pub mod dh;
pub mod hash;
pub mod imp;
pub mod kem;
pub mod leak;
pub mod noise;
pub mod rsa;
pub mod rsa_peer;
pub mod slope;
pub mod threads;
pub mod windows;

pub use crate::implementation::{ImplKind, Implementation};

use crate::error::Result;
use crate::measure::{Machine, MeasureConfig, Sampler, Stats, Timed};
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
    /// A key-encapsulation exchange through each of its implementations
    /// ([`kem::KemJob`]): "KeyGen", "Encaps", "Decaps" and "Total = KeyGen + Encaps +
    /// Decaps" per implementation.
    Kem(kem::KemJob),
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Job::Dh(j) => f.debug_tuple("Dh").field(&j.label()).finish(),
            Job::Rsa(j) => f.debug_tuple("Rsa").field(j).finish(),
            Job::Des(j) => f.debug_tuple("Des").field(j).finish(),
            Job::Hash(j) => f.debug_tuple("Hash").field(j).finish(),
            Job::Cipher(j) => f.debug_tuple("Cipher").field(&j.label()).finish(),
            Job::Kem(j) => f.debug_tuple("Kem").field(&j.label()).finish(),
        }
    }
}

impl Job {
    /// Who computes the job's operations ([`imp::Choice`]).
    pub fn implementation(&self) -> imp::Choice {
        match self {
            Job::Dh(j) => j.imp,
            Job::Hash(j) => j.imp,
            Job::Cipher(j) => j.imp,
            Job::Rsa(j) => j.imp,
            Job::Des(
                des::DesJob::KeySetupThrough(l) | des::DesJob::EncryptThrough { library: l, .. },
            ) => imp::Choice::Peer(*l),
            // A KEM job carries its own implementations (crates), all pkbench-side.
            Job::Des(_) | Job::Kem(_) => imp::Choice::Own,
        }
    }

    /// A short label for progress bars and messages, e.g. "gf2-155 128-bit", "RSA-512",
    /// "MD5 over 10000-byte blocks".
    pub fn label(&self) -> String {
        match self {
            Job::Dh(j) => j.label(),
            Job::Rsa(j) => j.label(),
            Job::Des(j) => j.label(),
            Job::Hash(j) => j.label(),
            Job::Cipher(j) => j.label(),
            Job::Kem(j) => j.label(),
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
    /// Whether peer libraries are looked for (a peer job's library is loaded when it is
    /// prepared).
    pub discovery: crate::peers::Discovery,
}

/// A job whose inputs are made and checked, ready to be timed round by round: its timed
/// operations (numbered 0 … `timed() − 1`) and how its record operations are made from their
/// statistics once the outputs of the timed runs are checked. Each kind of job implements it
/// (`dh::prepare`, `rsa::prepare`, …); [`time_together`] drives any number of them.
pub trait Prepared {
    /// A short label for progress bars.
    fn label(&self) -> String;

    /// How many timed operations the job has.
    fn timed(&self) -> usize;

    /// How many timed operations share one operation's budget (a bench-slope row's buffer
    /// sizes share the row's); each timed operation gets `budget / share`. 1 by default.
    fn budget_share(&self) -> usize {
        1
    }

    /// Runs `n` operations of timed operation `k` on inputs `start`, `start + 1`, …
    /// (wrapping; the job cycles through its pool), keeping outputs for the check.
    fn run(&mut self, k: usize, start: usize, n: usize);

    /// Makes, outside the timed region, what the next `run(k, start, n)` consumes (a crate's
    /// one-use keys: `dh::crates`). Nothing by default.
    fn before_run(&mut self, k: usize, start: usize, n: usize) {
        let _ = (k, start, n);
    }

    /// Whether timed operation `k` is timed cold: singly, its memory evicted before each run
    /// ([`Prepared::resident`], [`crate::measure::Sampler::round_single`]). Warm by default.
    fn cold(&self, k: usize) -> bool {
        let _ = k;
        false
    }

    /// The memory timed operation `k` works on for input `i` (its table, its secret, its
    /// peer value), for a cold run to evict. Nothing named, and not complete, by default.
    fn resident(&self, k: usize, i: usize) -> crate::measure::cache::Resident<'_> {
        let _ = (k, i);
        crate::measure::cache::Resident::default()
    }

    /// Checks every output of the timed runs and returns the record's operations, given the
    /// statistics of each timed operation in order.
    ///
    /// # Errors
    /// [`crate::Error::Runtime`] when a timed output is wrong.
    fn finish(self: Box<Self>, stats: Vec<Stats>) -> Result<Vec<Operation>>;

    /// The whole units of work [`threads::run`] repeats in several threads (a DH exchange,
    /// an RSA private operation, a hash or a cipher call over one buffer); empty (the
    /// default) when the job is not timed in threads.
    fn units(&self) -> Vec<threads::Unit> {
        Vec::new()
    }

    /// Checks every output the runs so far left, as [`Prepared::finish`] does, without
    /// making operations: [`threads::run`] checks each thread's job with it.
    ///
    /// # Errors
    /// [`crate::Error::Runtime`] when an output is wrong, or when the job has no such check
    /// (the default; a job with [`Prepared::units`] has one).
    fn verify(&self) -> Result<()> {
        Err(crate::Error::runtime(format!(
            "{}: outputs are checked only when its operations are made",
            self.label()
        )))
    }
}

/// Makes `job`'s inputs (from `cfg.seed`) and checks them before any timing; a peer's
/// operations are tagged with its name ([`imp::tag`]).
///
/// # Errors
/// [`crate::Error::Input`] for inputs the job cannot take; [`crate::Error::Runtime`] when a
/// check of the inputs fails (the code under test gave a wrong result).
pub fn prepare(job: &Job, cfg: &Config) -> Result<Box<dyn Prepared>> {
    let prepared = match job {
        Job::Dh(j) => dh::prepare(j, cfg),
        Job::Rsa(j) => match j.imp {
            imp::Choice::Peer(lib) => rsa_peer::prepare(j, lib, cfg),
            imp::Choice::Own | imp::Choice::Portable => rsa::prepare(j, cfg),
            imp::Choice::Crate(name) => Err(imp::crate_refused(name)),
        },
        Job::Des(j) => des::prepare(j, cfg),
        Job::Hash(j) => hash::prepare(j, cfg),
        Job::Cipher(j) => cipher::prepare(j, cfg),
        Job::Kem(j) => kem::prepare(j, cfg),
    }?;
    Ok(imp::tag(prepared, job.implementation()))
}

/// One timed operation of a prepared job, as the harness's [`Timed`], with the run's evictor
/// for a cold operation.
struct Slot<'a> {
    job: &'a mut dyn Prepared,
    k: usize,
    evictor: Option<&'a mut crate::measure::cache::Evictor>,
}

impl Timed for Slot<'_> {
    fn run(&mut self, start: usize, n: usize) {
        self.job.run(self.k, start, n);
    }

    fn before(&mut self, start: usize, n: usize) {
        self.job.before_run(self.k, start, n);
    }

    fn evict(&mut self, i: usize) {
        if let Some(ev) = self.evictor.as_deref_mut() {
            ev.evict(&self.job.resident(self.k, i));
        }
    }
}

/// The evictor of a run whose jobs have cold operations ([`Prepared::cold`]): chosen for
/// this machine from its caches ([`crate::measure::cache::Evictor::detect`]).
fn evictor_for(jobs: &[&mut (dyn Prepared + 'static)]) -> Option<crate::measure::cache::Evictor> {
    jobs.iter()
        .any(|j| (0..j.timed()).any(|k| j.cold(k)))
        .then(
            || crate::measure::cache::Evictor::detect(crate::measure::cache::CacheSizes::detect()),
        )
}

/// Samples prepared jobs together: `cfg.measure.rounds` rounds, each taking one round of
/// every timed operation of every job in turn, so that whatever drifts during the run
/// spreads over all of them. Returns the statistics of each job's timed operations, in
/// order. One progress bar over rounds × jobs unless `cfg.quiet`.
pub fn sample_rounds(jobs: &mut [&mut (dyn Prepared + 'static)], cfg: &Config) -> Vec<Vec<Stats>> {
    let rounds = cfg.measure.rounds.max(1);
    let configs: Vec<MeasureConfig> = jobs
        .iter()
        .map(|j| {
            let share = j.budget_share().max(1) as u32;
            MeasureConfig {
                budget: cfg.measure.budget / share,
                warmup: cfg.measure.warmup / share,
                ..cfg.measure.clone()
            }
        })
        .collect();
    let mut samplers: Vec<Vec<Sampler>> = jobs
        .iter()
        .map(|j| vec![Sampler::new(); j.timed()])
        .collect();
    let mut evictor = evictor_for(jobs);
    // Measured once per process, and only for a run with cold operations.
    let overhead = match evictor {
        Some(_) => std::time::Duration::from_secs_f64(cfg.measure.clock.cost().overhead_ns * 1e-9),
        None => std::time::Duration::ZERO,
    };
    let pb = crate::measure::progress::bar((rounds * jobs.len()) as u64, cfg.quiet);
    for r in 0..rounds {
        for (i, job) in jobs.iter_mut().enumerate() {
            pb.set_message(format!("{} (round {}/{rounds})", job.label(), r + 1));
            for (k, sampler) in samplers[i].iter_mut().enumerate() {
                if job.cold(k) {
                    let mut slot = Slot {
                        job: &mut **job,
                        k,
                        evictor: evictor.as_mut(),
                    };
                    sampler.round_single(&configs[i], &mut slot, overhead);
                } else {
                    let mut slot = Slot {
                        job: &mut **job,
                        k,
                        evictor: None,
                    };
                    sampler.round(&configs[i], &mut slot);
                }
            }
            pb.inc(1);
        }
    }
    pb.finish_and_clear();
    samplers
        .iter()
        .map(|s| s.iter().map(Sampler::stats).collect())
        .collect()
}

/// Times prepared jobs together ([`sample_rounds`]), then checks each job's outputs and
/// makes its operations. Returns one result per job, in order.
pub fn time_together(
    mut jobs: Vec<Box<dyn Prepared>>,
    cfg: &Config,
) -> Vec<Result<Vec<Operation>>> {
    let stats = {
        let mut refs: Vec<&mut (dyn Prepared + 'static)> =
            jobs.iter_mut().map(|j| &mut **j).collect();
        sample_rounds(&mut refs, cfg)
    };
    jobs.into_iter()
        .zip(stats)
        .map(|(job, s)| job.finish(s))
        .collect()
}

/// Runs `job` under `cfg`: inputs made and checked before timing, its timed operations
/// measured in interleaved rounds, the outputs of the timed runs checked again, and the
/// operations (statistics in ms per operation, each naming its implementation).
///
/// # Errors
/// [`crate::Error::Input`] for inputs the job cannot take; [`crate::Error::Runtime`] when a
/// self-check fails (the code under test gave a wrong result).
pub fn run(job: &Job, cfg: &Config) -> Result<Vec<Operation>> {
    let prepared = prepare(job, cfg)?;
    time_together(vec![prepared], cfg)
        .pop()
        .unwrap_or_else(|| Ok(Vec::new()))
}

/// Runs `jobs` as one measurement: each prepared in turn (inputs made and checked), then all
/// timed together in interleaved rounds ([`time_together`]) and checked; their operations
/// in the jobs' order. `pkbench hash --sizes` and `--modes` run their jobs this way.
///
/// # Errors
/// The first error of preparing or of checking a job (as [`run`]).
pub fn run_all(jobs: &[Job], cfg: &Config) -> Result<Vec<Operation>> {
    let prepared = jobs
        .iter()
        .map(|j| prepare(j, cfg))
        .collect::<Result<Vec<_>>>()?;
    let mut ops = Vec::new();
    for r in time_together(prepared, cfg) {
        ops.extend(r?);
    }
    Ok(ops)
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

/// Runs the `items` under `cfg`: every job prepared first (its inputs made and checked, one
/// progress bar over the items), then all of them timed together in interleaved rounds
/// ([`time_together`]). Returns each item's label with its operations or its error (from
/// making the job, preparing it, or checking its outputs): the caller decides which errors
/// skip an item and which stop the sweep.
pub fn sweep(items: Vec<Item>, cfg: &Config) -> Vec<(String, Result<Vec<Operation>>)> {
    let pb = crate::measure::progress::bar(items.len() as u64, cfg.quiet);
    let mut results: Vec<(String, Option<Result<Vec<Operation>>>)> = Vec::new();
    let mut prepared = Vec::new();
    let mut slots = Vec::new();
    // The sweep's own bar names the item being prepared; the job's phase bar would draw
    // over it.
    let quiet = Config {
        quiet: true,
        ..cfg.clone()
    };
    for item in items {
        pb.set_message(format!("preparing {}", item.label));
        match item.job.and_then(|job| prepare(&job, &quiet)) {
            Ok(p) => {
                slots.push(results.len());
                prepared.push(p);
                results.push((item.label, None));
            }
            Err(e) => results.push((item.label, Some(Err(e)))),
        }
        pb.inc(1);
    }
    pb.finish_and_clear();
    for (slot, r) in slots.into_iter().zip(time_together(prepared, cfg)) {
        results[slot].1 = Some(r);
    }
    results
        .into_iter()
        .map(|(label, r)| (label, r.unwrap_or_else(|| Ok(Vec::new()))))
        .collect()
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

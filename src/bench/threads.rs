//! Throughput in threads, as `openssl speed -multi N` reports it: N threads, each pinned to
//! its own logical CPU and each with its own prepared job (its own pool of checked inputs,
//! from its own seed), run whole units of work side by side (a DH exchange: both parties'
//! work, 2 Offers + 2 Replies, the single-thread table's CPU sum; an RSA private operation;
//! a hash or cipher call over one buffer); the rate is the sum of the threads' rates. The one-thread rate is measured in the same run: rounds of
//! one thread (each thread, on its CPU, in turn) alternate with rounds of N threads, so that
//! whatever drifts during the run reaches both, and each pair of rounds gives one speed-up.
//!
//! Figures of a unit (see [`run`]): the rate with 1 and with N threads (medians of the
//! rounds' rates), the speed-up `rate_N / rate_1` and the scaling efficiency
//! `rate_N / (N × rate_1)`, with 95 % intervals from the paired rounds (Wilcoxon signed rank,
//! Hodges–Lehmann: [`crate::measure::interval::ratio_paired`]).
//!
//! Every thread's outputs are checked after timing ([`super::Prepared::verify`]), as the
//! single-threaded harness checks them. A thread's rate is its units over its own CPU time
//! (`CLOCK_THREAD_CPUTIME_ID`), as `openssl speed` divides by CPU user time unless given
//! `-elapsed`: time the thread spent waiting for a CPU that other processes held does not
//! count, while a core shared with an SMT sibling, memory bandwidth or a lower all-core
//! clock still slows it. The wall-clock rates (units over elapsed time, what a dedicated
//! machine would show too) are recorded beside them.

use super::{Config, Job, Prepared, prepare};
use crate::error::{Error, Result, SettingError};
use crate::implementation::Implementation;
use crate::measure::Clock;
use crate::measure::interval::{self, Interval};
use crate::measure::topology::{self, Topology};
use crate::record::Operation;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Barrier, Mutex};
use std::time::{Duration, Instant};

/// Most threads accepted (`CPU_SETSIZE` of glibc: no affinity mask holds more CPUs).
pub const MAX_THREADS: usize = 1024;

/// Shortest round of one phase (1 thread or N threads), so that batches and the start of a
/// round do not dominate it.
pub const MIN_ROUND: Duration = Duration::from_millis(5);

/// Target length of one batch of units between two looks at the stop flag.
const BATCH: Duration = Duration::from_micros(200);

/// How many threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Threads {
    /// This many (1 ..= [`MAX_THREADS`]).
    Count(usize),
    /// One per logical CPU of this process's affinity mask.
    All,
}

impl Threads {
    /// `"all"` or a count.
    ///
    /// # Errors
    /// [`SettingError::Threads`] for anything else, 0, or more than [`MAX_THREADS`].
    pub fn parse(text: &str) -> Result<Threads> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("all") {
            return Ok(Threads::All);
        }
        match t.parse::<usize>() {
            Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(Threads::Count(n)),
            _ => Err(SettingError::Threads {
                value: text.to_string(),
                max: MAX_THREADS,
            }
            .into()),
        }
    }
}

/// One whole unit of work a prepared job can run again and again, and how its rate is
/// recorded.
#[derive(Debug, Clone)]
pub struct Unit {
    /// What one unit is, also the operation's name before " throughput": "Exchange",
    /// "private op (raw)", "hash", "CBC enc".
    pub name: String,
    /// The timed operations of one unit: (operation `k` of [`Prepared::run`], runs).
    pub steps: Vec<(usize, usize)>,
    /// The work one unit counts, for the text and the record (info `work`): "both
    /// parties' work: 2*Offer + 2*Reply", "one private operation".
    pub work: String,
    /// The figure of the rate, with its unit: `exchanges_per_sec`, `ops_per_sec`,
    /// `bytes_per_sec`.
    pub figure: &'static str,
    /// Figure units per unit of work: 1, or the bytes one unit covers.
    pub per_unit: f64,
    /// The params of the job's own operation (command, group or algorithm, sizes).
    pub params: BTreeMap<String, Value>,
    /// Who computes it.
    pub implementation: Implementation,
}

/// Where the threads run: one logical CPU per thread, in order (thread 0 on `cpus[0]` also
/// runs the one-thread rounds), and how those CPUs relate.
#[derive(Debug, Clone)]
pub struct Placement {
    /// The CPU of each thread.
    pub cpus: Vec<usize>,
    /// The places of the distinct CPUs and their SMT pairs.
    pub topology: Topology,
}

/// Chooses the CPUs of `threads` among `allowed` (this process's affinity mask), reading
/// the topology under `sysfs_root` ([`topology::SYSFS_CPU_ROOT`] on a live system): CPUs of
/// distinct cores first (so that 2 threads on a 2-core SMT machine take two cores), then
/// their SMT siblings; with more threads than CPUs, the CPUs again in that order.
///
/// # Errors
/// [`SettingError::Threads`] for a count of 0 or over [`MAX_THREADS`]; a runtime error for an
/// empty `allowed`.
pub fn place(threads: Threads, allowed: &[usize], sysfs_root: &Path) -> Result<Placement> {
    if allowed.is_empty() {
        return Err(Error::runtime(
            "no logical CPU in this process's affinity mask",
        ));
    }
    let n = match threads {
        Threads::All => allowed.len(),
        Threads::Count(n) if (1..=MAX_THREADS).contains(&n) => n,
        Threads::Count(n) => {
            return Err(SettingError::Threads {
                value: n.to_string(),
                max: MAX_THREADS,
            }
            .into());
        }
    };
    let all = topology::read(sysfs_root, allowed);
    // First the CPU of each (package, core) not seen yet, then the rest.
    let mut seen = Vec::new();
    let (mut first, mut rest) = (Vec::new(), Vec::new());
    for p in &all.cpus {
        let core = (p.package, p.core);
        if p.core.is_some() && seen.contains(&core) {
            rest.push(p.cpu);
        } else {
            seen.push(core);
            first.push(p.cpu);
        }
    }
    let order: Vec<usize> = first.into_iter().chain(rest).collect();
    let cpus: Vec<usize> = (0..n).map(|i| order[i % order.len()]).collect();
    let mut distinct = cpus.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let ordered: Vec<usize> = order
        .iter()
        .copied()
        .filter(|c| distinct.contains(c))
        .collect();
    Ok(Placement {
        topology: topology::read(sysfs_root, &ordered),
        cpus,
    })
}

/// The rounds of one unit: units per second of thread 0 alone, and of all threads together
/// (the sum of each thread's rate), one value per round; per CPU second of each thread and
/// per wall second.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Rates {
    /// One thread, per round (units per CPU second).
    pub one: Vec<f64>,
    /// N threads together, per round (units per CPU second of each, summed).
    pub many: Vec<f64>,
    /// One thread, per round (units per wall second).
    pub one_wall: Vec<f64>,
    /// N threads together, per round (units per wall second of each, summed).
    pub many_wall: Vec<f64>,
}

/// The speed ratio of rates `many` over `one`, paired by round.
fn ratio(one: &[f64], many: &[f64]) -> Interval {
    let t1: Vec<f64> = one.iter().map(|r| 1.0 / r).collect();
    let tn: Vec<f64> = many.iter().map(|r| 1.0 / r).collect();
    interval::ratio_paired(&t1, &tn, interval::LEVEL)
}

impl Rates {
    /// The speed-up `rate_N / rate_1` (CPU-time rates) with its 95 % interval, paired by
    /// round.
    pub fn speedup(&self) -> Interval {
        ratio(&self.one, &self.many)
    }

    /// The scaling efficiency `rate_N / (N × rate_1)` with its 95 % interval.
    pub fn efficiency(&self, threads: usize) -> Interval {
        let n = threads.max(1) as f64;
        self.speedup().map(|s| s / n)
    }

    /// The scaling efficiency of the wall-clock rates.
    pub fn wall_efficiency(&self, threads: usize) -> Interval {
        let n = threads.max(1) as f64;
        ratio(&self.one_wall, &self.many_wall).map(|s| s / n)
    }
}

/// Times every unit of `job` ([`Prepared::units`]) in `placement.cpus.len()` threads and
/// in one (see the module documentation) under `cfg` (`cfg.measure.rounds` rounds of each;
/// each phase of a round lasts budget / rounds, at least [`MIN_ROUND`]). Returns two
/// operations per unit, "NAME throughput" with the params of the job's operation plus
/// `threads` (1 and N): derived, figure `unit.figure` (median of the rounds' rates) with
/// the rounds kept; the N-thread one adds figures `speedup`, `efficiency`,
/// `efficiency_lo`, `efficiency_hi` and `info` `cpus`, `smt_pairs`, `cpu_relation`,
/// `topology`, `pinned`, `round_ms`, `batch`.
///
/// # Errors
/// [`SettingError::ThreadsUnsupported`] for a job without units; the error of preparing a
/// thread's job or of checking its outputs.
pub fn run(job: &Job, cfg: &Config, placement: &Placement) -> Result<Vec<Operation>> {
    let quiet = Config {
        quiet: true,
        ..cfg.clone()
    };
    // Each thread's inputs from its own seed; an RSA key is made from the seed too, so
    // RSA threads keep the run's seed (the same key and inputs, each thread its own copy).
    let vary = !matches!(job, Job::Rsa(_));
    let make = |i: usize| {
        let seeded = Config {
            seed: if vary {
                quiet.seed.wrapping_add(i as u64)
            } else {
                quiet.seed
            },
            ..quiet.clone()
        };
        prepare(job, &seeded)
    };
    run_with(&job.label(), &make, cfg, placement)
}

/// [`run`] over the jobs `make(i)` prepares for thread `i` (each called on its own
/// thread, after the thread is pinned), labelled `label`.
///
/// # Errors
/// As [`run`].
pub fn run_with(
    label: &str,
    make: &(dyn Fn(usize) -> Result<Box<dyn Prepared>> + Sync),
    cfg: &Config,
    placement: &Placement,
) -> Result<Vec<Operation>> {
    let n = placement.cpus.len().max(1);
    let rounds = cfg.measure.rounds.max(1);
    let round = (cfg.measure.budget / rounds as u32).max(MIN_ROUND);
    let ready = Barrier::new(n + 1);
    let shared = Shared {
        barrier: Barrier::new(n + 1),
        active: AtomicUsize::new(0),
        first: AtomicUsize::new(0),
        unit: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        quit: AtomicBool::new(false),
        counts: Mutex::new(vec![(0, 0.0, 0.0); n]),
    };
    let units: Mutex<Option<(Vec<Unit>, Vec<usize>)>> = Mutex::new(None);
    let pinned = AtomicUsize::new(0);
    let pb =
        crate::measure::progress::phase(&format!("{label}: {n} threads"), rounds as u64, cfg.quiet);
    let mut rates: Vec<Rates> = Vec::new();
    let results: Vec<Result<()>> = std::thread::scope(|s| {
        let handles: Vec<_> = placement
            .cpus
            .iter()
            .enumerate()
            .map(|(i, &cpu)| {
                let (shared, ready, units, pinned) = (&shared, &ready, &units, &pinned);
                s.spawn(move || {
                    if crate::measure::affinity::pin_current_thread(cpu).is_ok() {
                        pinned.fetch_add(1, Ordering::Relaxed);
                    }
                    let prepared = make(i).and_then(|p| {
                        let u = p.units();
                        if u.is_empty() {
                            return Err(SettingError::ThreadsUnsupported { what: p.label() }.into());
                        }
                        Ok((p, u))
                    });
                    let (mut p, err) = match prepared {
                        Ok((mut p, u)) => {
                            if i == 0 {
                                let batches = u.iter().map(|u| calibrate(&mut *p, u)).collect();
                                *units.lock().unwrap_or_else(|e| e.into_inner()) =
                                    Some((u, batches));
                            }
                            (Some(p), None)
                        }
                        Err(e) => {
                            shared.quit.store(true, Ordering::SeqCst);
                            (None, Some(e))
                        }
                    };
                    ready.wait();
                    // Every thread takes part in every round's barriers, even one whose
                    // job could not be prepared (the run then stops at the first round).
                    worker(i, p.as_mut(), shared, units);
                    match (err, p) {
                        (Some(e), _) => Err(e),
                        (None, Some(p)) => p.verify(),
                        (None, None) => Ok(()),
                    }
                })
            })
            .collect();
        ready.wait();
        if !shared.quit.load(Ordering::SeqCst) {
            let count = units
                .lock()
                .map(|u| u.as_ref().map_or(0, |(u, _)| u.len()))
                .unwrap_or(0);
            rates = vec![Rates::default(); count];
            for r in 0..rounds {
                pb.set_message(format!("{label}: 1 and {n} threads, round {}", r + 1));
                for (u, rate) in rates.iter_mut().enumerate() {
                    // The one-thread rounds take each thread (each CPU) in turn, so that a
                    // CPU slower than the others (a busy host, interrupts) weighs the same
                    // on both sides of the ratio.
                    let (cpu, wall) = phase(&shared, u, (r % n, 1), round);
                    rate.one.push(cpu);
                    rate.one_wall.push(wall);
                    let (cpu, wall) = phase(&shared, u, (0, n), round);
                    rate.many.push(cpu);
                    rate.many_wall.push(wall);
                }
                pb.inc(1);
            }
        }
        shared.quit.store(true, Ordering::SeqCst);
        shared.barrier.wait();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(Error::runtime("a timing thread panicked")))
            })
            .collect()
    });
    pb.finish_and_clear();
    for r in results {
        r?;
    }
    let (units, batches) = units
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .ok_or_else(|| Error::runtime("the timing threads made no units"))?;
    let pinned = pinned.load(Ordering::Relaxed) == n;
    Ok(units
        .iter()
        .zip(&rates)
        .zip(batches)
        .flat_map(|((u, r), batch)| operations(u, r, placement, pinned, round, batch))
        .collect())
}

/// What the coordinating thread and the workers share: a round starts and ends at
/// `barrier`; `active` threads from `first` on (wrapping) run unit `unit` until `stop`; each leaves
/// (units done, wall seconds, CPU seconds) in `counts`.
struct Shared {
    barrier: Barrier,
    active: AtomicUsize,
    first: AtomicUsize,
    unit: AtomicUsize,
    stop: AtomicBool,
    quit: AtomicBool,
    counts: Mutex<Vec<(u64, f64, f64)>>,
}

/// One phase: `active` threads from `first` on run unit `u` for about `round`; the sums of
/// their rates per CPU second and per wall second.
fn phase(
    shared: &Shared,
    u: usize,
    (first, active): (usize, usize),
    round: Duration,
) -> (f64, f64) {
    shared.active.store(active, Ordering::SeqCst);
    shared.first.store(first, Ordering::SeqCst);
    shared.unit.store(u, Ordering::SeqCst);
    shared.stop.store(false, Ordering::SeqCst);
    shared.barrier.wait();
    std::thread::sleep(round);
    shared.stop.store(true, Ordering::SeqCst);
    shared.barrier.wait();
    let counts = shared.counts.lock().unwrap_or_else(|e| e.into_inner());
    let n = counts.len();
    let sum = |f: fn(&(u64, f64, f64)) -> f64| {
        (0..active)
            .map(|j| f(&counts[(first + j) % n]))
            .sum::<f64>()
    };
    (
        sum(|&(done, _, cpu)| done as f64 / cpu.max(1e-9)),
        sum(|&(done, wall, _)| done as f64 / wall.max(1e-9)),
    )
}

/// A worker's loop: at each round's start, run batches of the round's unit while it is
/// active and `stop` is not set, then report.
fn worker(
    i: usize,
    mut job: Option<&mut Box<dyn Prepared>>,
    shared: &Shared,
    units: &Mutex<Option<(Vec<Unit>, Vec<usize>)>>,
) {
    let (units, batches) = units
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
        .unwrap_or_default();
    let mut starts = vec![0usize; 64];
    loop {
        shared.barrier.wait();
        if shared.quit.load(Ordering::SeqCst) {
            return;
        }
        let u = shared.unit.load(Ordering::SeqCst);
        if let (Some(job), true, Some(unit)) =
            (job.as_deref_mut(), is_active(i, shared), units.get(u))
        {
            let b = batches[u];
            let t = Instant::now();
            let c = Clock::Cpu.now();
            let mut done = 0u64;
            loop {
                run_units(&mut **job, unit, b, &mut starts);
                done += b as u64;
                if shared.stop.load(Ordering::Relaxed) {
                    break;
                }
            }
            let cpu = (Clock::Cpu.now() - c).as_secs_f64();
            let wall = t.elapsed().as_secs_f64();
            shared.counts.lock().unwrap_or_else(|e| e.into_inner())[i] = (done, wall, cpu);
        }
        shared.barrier.wait();
    }
}

/// Whether worker `i` runs in this phase: one of `active` workers from `first` on.
fn is_active(i: usize, shared: &Shared) -> bool {
    let n = shared
        .counts
        .lock()
        .map(|c| c.len())
        .unwrap_or_else(|e| e.into_inner().len());
    let first = shared.first.load(Ordering::SeqCst);
    (i + n - first % n.max(1)) % n.max(1) < shared.active.load(Ordering::SeqCst)
}

/// Runs `b` units: each step's timed operation `b × runs` times, from where it left off.
fn run_units(job: &mut dyn Prepared, unit: &Unit, b: usize, starts: &mut Vec<usize>) {
    for &(k, runs) in &unit.steps {
        if starts.len() <= k {
            starts.resize(k + 1, 0);
        }
        let n = b * runs;
        job.run(k, starts[k], n);
        starts[k] = starts[k].wrapping_add(n);
    }
}

/// Units per batch so that one batch lasts about [`BATCH`]: one unit run first (warming
/// up), then units until 20 ms have passed.
fn calibrate(job: &mut dyn Prepared, unit: &Unit) -> usize {
    let mut starts = Vec::new();
    run_units(job, unit, 1, &mut starts);
    let t = Instant::now();
    let mut done = 0u32;
    while t.elapsed() < Duration::from_millis(20) {
        run_units(job, unit, 1, &mut starts);
        done += 1;
    }
    let per = t.elapsed().as_secs_f64() / f64::from(done.max(1));
    ((BATCH.as_secs_f64() / per.max(1e-12)).ceil() as usize).clamp(1, 1 << 20)
}

/// The two operations of one unit (see [`run`]).
fn operations(
    unit: &Unit,
    rates: &Rates,
    placement: &Placement,
    pinned: bool,
    round: Duration,
    batch: usize,
) -> Vec<Operation> {
    let n = placement.cpus.len();
    let name = format!("{} throughput", unit.name);
    let scaled = |v: &[f64]| v.iter().map(|r| r * unit.per_unit).collect::<Vec<f64>>();
    let (one, many) = (scaled(&rates.one), scaled(&rates.many));
    let wall = |v: &[f64]| interval::median(&scaled(v), interval::LEVEL).estimate;
    let op = |threads: usize, rounds: Vec<f64>| {
        let mut params = unit.params.clone();
        params.insert("threads".into(), threads.into());
        let median = interval::median(&rounds, interval::LEVEL).estimate;
        Operation::derived(&name, params, unit.figure, median)
            .by(unit.implementation.clone())
            .with_rounds(rounds)
            .with_info("method", "whole units per CPU second of each thread (CLOCK_THREAD_CPUTIME_ID, as openssl speed), summed over threads; 1-thread and N-thread rounds alternate")
            .with_info("work", unit.work.clone())
            .with_info("round_ms", round.as_secs_f64() * 1e3)
            .with_info("batch", batch)
    };
    let speedup = rates.speedup();
    let eff = rates.efficiency(n);
    let t = &placement.topology;
    vec![
        op(1, one)
            .with_info("wall_rate", wall(&rates.one_wall))
            .with_info("cpus", placement.cpus.clone())
            .with_info("one_thread", "each thread (CPU) in turn, one per round")
            .with_info("pinned", pinned),
        bounded(
            op(n, many)
                .with_figure("speedup", speedup.estimate)
                .with_figure("efficiency", eff.estimate),
            &eff,
        )
        .with_info("wall_rate", wall(&rates.many_wall))
        .with_info("wall_efficiency", rates.wall_efficiency(n).estimate)
        .with_info("cpus", placement.cpus.clone())
        .with_info("cpu_relation", relation(placement))
        .with_info(
            "smt_pairs",
            serde_json::to_value(&t.smt_pairs).unwrap_or_default(),
        )
        .with_info(
            "topology",
            serde_json::to_value(&t.cpus).unwrap_or_default(),
        )
        .with_info("pinned", pinned),
    ]
}

/// How the CPUs of `placement` relate, for text and records: the topology's relation
/// ("separate cores", "SMT siblings: 0+2"), first saying when threads share a CPU
/// ("3 threads share 2 CPUs", where per-CPU-second rates hide the sharing and only the
/// wall-clock rates show it).
pub fn relation(placement: &Placement) -> String {
    let mut distinct = placement.cpus.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let r = placement.topology.relation();
    if distinct.len() < placement.cpus.len() {
        format!(
            "{} threads share {} CPUs, see the wall-clock rates; {r}",
            placement.cpus.len(),
            distinct.len()
        )
    } else {
        r
    }
}

/// `op` with `efficiency_lo` and `efficiency_hi` when the interval is bounded (too few
/// rounds leave it open; JSON has no infinity).
fn bounded(op: Operation, eff: &Interval) -> Operation {
    if eff.is_bounded() {
        op.with_figure("efficiency_lo", eff.lo)
            .with_figure("efficiency_hi", eff.hi)
    } else {
        op
    }
}

#[cfg(test)]
mod tests;

//! The pool of checked inputs that Offer and Reply are timed over (`dh`, and through it
//! `scale`, `suite`, `choose` and `repro`).
//!
//! Inputs are fresh (design.md §4): the timed operation number `i` takes entry `i mod n`, so an
//! entry comes back only after every other one. One sample is a batch of operations lasting at
//! least [`MeasureConfig::min_sample`] (1 ms): over a thousand Offers for the fast groups
//! (gf2-155: ≈ 1300). With a fixed pool of 32, each secret came back ~40 times per sample and
//! the few fixed-base table entries 32 secrets touch stayed in L1 (a review measured the
//! gf2-155 Offer 3–6 % faster than with 4096 entries). [`make_sized_pool`] therefore grows the
//! pool to cover the batch the harness will calibrate, within a share of the time budget
//! ([`POOL_TIME_SHARE`]) and [`MAX_POOL`] entries; slow groups (batch 1) keep the base size.
//!
//! Reproducibility: entries are drawn in order from the caller's ChaCha20 RNG, so for one seed
//! a pool of `n` entries is the first `n` entries of one fixed sequence. The size depends on the
//! speed of the machine and is reported with the results (`pool` in the JSON).

use crate::error::{Error, Result};
use crate::kex::KeyExchange;
use crate::measure::{self, MeasureConfig};
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use std::time::Instant;

/// Base pool size of `pkbench dh`: entries made whatever the speed of the group (a slow group,
/// one operation per sample, still cycles over 32 different secrets across its samples).
pub const POOL: usize = 32;

/// Most entries [`make_sized_pool`] makes for the batch (a base size asked for above it is
/// kept). 4096 covers every batch up to ~3300 operations per sample (operations down to
/// ~0.3 µs) and holds at most a few MiB even at 8192 bits, where it is never reached.
pub const MAX_POOL: usize = 4096;

/// Share of the time budget of one operation ([`MeasureConfig::budget`], `--time`) that
/// making and checking the pool may take beyond its base size: 10 %. The run times two
/// operations, so the pool costs at most ~5 % of the timed run.
pub const POOL_TIME_SHARE: f64 = 0.1;

/// Margin on the batch estimated while making the pool: each operation is timed alone there,
/// with the caches disturbed by the other operations of the check, while the harness
/// calibrates on back-to-back runs, which can be faster.
const BATCH_MARGIN: f64 = 1.25;

/// One checked pool of inputs for timing a group; entry `k` is (`secrets[k]`, `peers[k]`)
/// with its expected outputs.
#[derive(Debug, Clone, Default)]
pub struct Pool {
    /// Secrets of party A (exp_bits each).
    pub secrets: Vec<Vec<u8>>,
    /// Public values of party B, the peers of A's Reply.
    pub peers: Vec<Vec<u8>>,
    /// Expected Offer outputs for `secrets`.
    pub offers: Vec<Vec<u8>>,
    /// Expected shared secrets reply(secrets[k], peers[k]).
    pub shared: Vec<Vec<u8>>,
    /// Wall time spent drawing and checking the entries, in ms (not part of any figure).
    pub make_ms: f64,
}

impl Pool {
    /// Number of entries.
    pub fn len(&self) -> usize {
        self.secrets.len()
    }

    /// Whether the pool has no entry.
    pub fn is_empty(&self) -> bool {
        self.secrets.is_empty()
    }

    /// How many times one entry is used at most in a sample of `batch` operations
    /// ([`uses_per_sample`] of this pool's length).
    pub fn uses_per_sample(&self, batch: usize) -> usize {
        uses_per_sample(self.len(), batch)
    }

    /// Draws one entry from `rng` (A's secret, then B's) and checks it: A's Offer equals the
    /// variable-base Reply on the generator, and both parties' shared secrets are equal.
    /// Returns the faster of its two Offers and of its three Replies, in seconds (wall clock,
    /// one operation at a time: an estimate for sizing, not a result).
    fn push_checked(
        &mut self,
        kx: &dyn KeyExchange,
        exp_bits: u32,
        rng: &mut ChaCha20Rng,
    ) -> Result<(f64, f64)> {
        let name = &kx.info().name;
        let timed = |f: &mut dyn FnMut() -> Result<Vec<u8>>| {
            let t0 = Instant::now();
            f().map(|r| (r, t0.elapsed().as_secs_f64()))
        };
        let a = kx.random_secret(exp_bits, rng);
        let b = kx.random_secret(exp_bits, rng);
        let g = kx.generator();
        let (pa, t1) = timed(&mut || Ok(kx.offer(&a)))?;
        let (pb, t2) = timed(&mut || Ok(kx.offer(&b)))?;
        let (pa_check, t3) = timed(&mut || kx.reply(&a, &g))?;
        if kx.shared_form(&pa) != pa_check {
            return Err(Error::runtime(format!(
                "{name}: self-check failed: Offer (table) disagrees with Reply on the generator"
            )));
        }
        let (sab, t4) = timed(&mut || kx.reply(&a, &pb))?;
        let (sba, t5) = timed(&mut || kx.reply(&b, &pa))?;
        if sab != sba {
            return Err(Error::runtime(format!(
                "{name}: self-check failed: the two parties' shared secrets differ"
            )));
        }
        self.secrets.push(a);
        self.peers.push(pb);
        self.offers.push(pa);
        self.shared.push(sab);
        Ok((t1.min(t2), t3.min(t4).min(t5)))
    }
}

/// How many times one of `len` entries is used at most in a sample of `batch` operations
/// (the record's, where views read it).
pub use crate::record::uses_per_sample;

/// Makes a pool of exactly `n` entries from `rng`, every entry checked outside any timed
/// region (A's Offer equals the variable-base Reply on the generator; both parties' shared
/// secrets are equal).
///
/// # Errors
/// [`Error::Runtime`] when a check fails (the code under test is wrong).
pub fn make_pool(
    kx: &dyn KeyExchange,
    exp_bits: u32,
    n: usize,
    rng: &mut ChaCha20Rng,
) -> Result<Pool> {
    let t0 = Instant::now();
    let mut pool = Pool::default();
    for _ in 0..n {
        pool.push_checked(kx, exp_bits, rng)?;
    }
    pool.make_ms = t0.elapsed().as_secs_f64() * 1e3;
    Ok(pool)
}

/// Makes a pool sized to the work: `base` entries (at least 1) first, then more until one
/// sample's batch under `cfg` finds a different entry for each operation, as
/// [`pool_size`] decides from the fastest operation (timed while making the first `base`
/// entries, and back to back over a few of them) and the median cost of one entry. Every
/// entry is checked as in [`make_pool`], and the entries are those [`make_pool`] draws from
/// the same `rng` (the pool is a prefix of one sequence).
///
/// # Errors
/// As [`make_pool`].
pub fn make_sized_pool(
    kx: &dyn KeyExchange,
    exp_bits: u32,
    base: usize,
    cfg: &MeasureConfig,
    rng: &mut ChaCha20Rng,
) -> Result<Pool> {
    make_sized_pool_with(kx, exp_bits, base, cfg, rng, &mut |_, _| {})
}

/// [`make_sized_pool`], calling `tick(made, planned)` after each checked entry: `planned` is
/// `base` until the pool's size is decided, then that size. For a progress display of the
/// preparation phase (modp-8192 spends most of a run here).
///
/// # Errors
/// As [`make_pool`].
pub fn make_sized_pool_with(
    kx: &dyn KeyExchange,
    exp_bits: u32,
    base: usize,
    cfg: &MeasureConfig,
    rng: &mut ChaCha20Rng,
    tick: &mut dyn FnMut(usize, usize),
) -> Result<Pool> {
    let t0 = Instant::now();
    let base = base.max(1);
    let mut pool = Pool::default();
    let (mut offer, mut reply) = (f64::INFINITY, f64::INFINITY);
    let mut entry_times = Vec::with_capacity(base);
    for _ in 0..base {
        let t = Instant::now();
        let (o, r) = pool.push_checked(kx, exp_bits, rng)?;
        (offer, reply) = (offer.min(o), reply.min(r));
        entry_times.push(t.elapsed().as_secs_f64());
        tick(pool.len(), base);
    }
    // The median: the first entries pay for warming up (page faults, lazy set-up).
    entry_times.sort_by(f64::total_cmp);
    let entry_secs = measure::stats::quantile(&entry_times, 0.5);
    let p = &pool;
    let offer = warm_per_op(p.len(), offer, base, cfg, &mut |k| {
        black_box(kx.offer(black_box(&p.secrets[k])));
    });
    let reply = warm_per_op(p.len(), reply, base, cfg, &mut |k| {
        let _ = black_box(kx.reply(black_box(&p.secrets[k]), black_box(&p.peers[k])));
    });
    let n = pool_size(base, offer.min(reply), entry_secs, cfg);
    tick(pool.len(), n.max(pool.len()));
    while pool.len() < n {
        pool.push_checked(kx, exp_bits, rng)?;
        tick(pool.len(), n);
    }
    pool.make_ms = t0.elapsed().as_secs_f64() * 1e3;
    Ok(pool)
}

/// Entries the warm estimate of [`warm_per_op`] runs over, and its passes over them.
const WARM_ENTRIES: usize = 16;
const WARM_PASSES: usize = 3;

/// How much faster than timed alone an operation may run back to back; [`warm_per_op`] is
/// skipped when even that speed would not grow the pool (slow groups).
const WARM_SPEEDUP_BOUND: f64 = 4.0;

/// Seconds per operation of `op` (operation on entry `k`) run back to back over the first
/// [`WARM_ENTRIES`] of `len` entries, the best of [`WARM_PASSES`] passes, or `cold` (its
/// fastest run timed alone) if that is faster. Timed alone amid the checks, an operation can
/// be much slower (gf2-155 Offer: ≈ 1.2 µs against 0.78 µs back to back: the Replies had
/// evicted its table entries), which would size the pool below the batch. Skipped (returns
/// `cold`) when even [`WARM_SPEEDUP_BOUND`] times faster, the batch would not exceed `base`:
/// then the 48 operations would cost without changing the size.
fn warm_per_op(
    len: usize,
    cold: f64,
    base: usize,
    cfg: &MeasureConfig,
    op: &mut dyn FnMut(usize),
) -> f64 {
    let n = len.min(WARM_ENTRIES);
    if n == 0 || measure::batch_size(cfg, cold / WARM_SPEEDUP_BOUND) <= base {
        return cold;
    }
    let mut best = cold;
    for _ in 0..WARM_PASSES {
        let t0 = Instant::now();
        (0..n).for_each(&mut *op);
        best = best.min(t0.elapsed().as_secs_f64() / n as f64);
    }
    best
}

/// Pool size for timing under `cfg` an operation whose fastest run took `fastest_op_secs`
/// seconds, when making and checking one entry takes `entry_secs` seconds:
///
/// - wanted: the batch [`measure::batch_size`] would calibrate for `fastest_op_secs` /
///   1.25 (a margin: see `BATCH_MARGIN`), rounded up to a power of two (so that small
///   differences in the estimate rarely change the size) and at most [`MAX_POOL`];
/// - affordable: the entries made in [`POOL_TIME_SHARE`] of `cfg.budget`;
/// - result: max(`base`, min(wanted, affordable)); `base` is at least 1, and an estimate that
///   is not a positive number (NaN, 0) gives `base`.
///
/// The fastest operation has the largest batch (Offer with a table is faster than Reply), so
/// a pool that covers it covers both.
pub fn pool_size(base: usize, fastest_op_secs: f64, entry_secs: f64, cfg: &MeasureConfig) -> usize {
    let base = base.max(1);
    if !(fastest_op_secs > 0.0 && entry_secs > 0.0) {
        return base;
    }
    let batch = measure::batch_size(cfg, fastest_op_secs / BATCH_MARGIN);
    let wanted = batch.min(MAX_POOL).next_power_of_two();
    let affordable = (POOL_TIME_SHARE * cfg.budget.as_secs_f64() / entry_secs).floor();
    // `as` saturates: an infinite quotient (entry_secs tiny) becomes usize::MAX.
    wanted.min(affordable as usize).max(base)
}

#[cfg(test)]
mod tests;

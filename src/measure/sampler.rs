//! Measuring one operation in rounds: [`Sampler`] drives a [`Timed`] operation, one round
//! at a time, so that the bench layer can interleave the rounds of every operation of a run.

use super::{MeasureConfig, Stats, batch_size};
use std::time::Duration;

/// An operation ready to be timed: its inputs are made and checked, its outputs kept for the
/// check after timing.
pub trait Timed {
    /// Runs `n` operations on inputs number `start`, `start + 1`, … (wrapping; an
    /// implementation takes input `i % len` of its pool).
    fn run(&mut self, start: usize, n: usize);

    /// Evicts the memory of the operation on input `i` from the caches (outside the timed
    /// region), before a cold run ([`Sampler::round_single`]). Nothing by default.
    fn evict(&mut self, i: usize) {
        let _ = i;
    }

    /// Makes what the next timed [`Timed::run`]`(start, n)` consumes (a crate's one-use
    /// keys), outside the timed region, before every timed batch. Nothing by default.
    fn before(&mut self, start: usize, n: usize) {
        let _ = (start, n);
    }
}

/// A closure `op(i)` (one operation on input `i`) as a [`Timed`].
pub struct FnTimed<F>(pub F);

impl<F: FnMut(usize)> Timed for FnTimed<F> {
    fn run(&mut self, start: usize, n: usize) {
        for k in 0..n {
            (self.0)(start.wrapping_add(k));
        }
    }
}

/// The samples of one operation, taken round by round.
///
/// Round 1 warms up and calibrates: batches doubling in size until one lasts
/// [`MeasureConfig::min_sample`] and [`MeasureConfig::warmup`] is spent; the per-operation
/// estimate is the fastest calibration batch long enough for the clock to resolve (20 µs),
/// so one batch slowed by preemption does not shrink the batch size, and with more than one
/// operation per batch two batches must reach `min_sample`. Every round then takes samples of
/// one batch each for its share of the budget (`budget / rounds`, at least
/// ⌈`min_samples` / `rounds`⌉ samples). When one sample outlasts a round's share (a slow
/// operation), the run takes max(`min_samples`, budget / sample time) samples in all, spread
/// evenly over the rounds, so that a slow operation costs no more than it did without rounds.
/// Never more than [`MeasureConfig::max_samples`] in all.
#[derive(Debug, Clone, Default)]
pub struct Sampler {
    next: usize,
    batch: usize,
    sample_secs: f64,
    raw: Vec<f64>,
    sizes: Vec<usize>,
}

impl Sampler {
    /// A sampler that has taken no round.
    pub fn new() -> Sampler {
        Sampler::default()
    }

    /// Runs `op` `self.batch` times from the next input, timed; seconds.
    fn timed_batch(&mut self, cfg: &MeasureConfig, op: &mut dyn Timed, n: usize) -> Duration {
        op.before(self.next, n);
        let t0 = cfg.clock.now();
        op.run(self.next, n);
        let dt = cfg.clock.now().saturating_sub(t0);
        self.next = self.next.wrapping_add(n);
        dt
    }

    fn calibrate(&mut self, cfg: &MeasureConfig, op: &mut dyn Timed) {
        let mut batch = 1usize;
        let mut best = f64::INFINITY;
        let mut reached = 0u32;
        let warm_start = cfg.clock.now();
        let per_op = loop {
            let dt = self.timed_batch(cfg, op, batch);
            if dt >= Duration::from_micros(20) || dt >= cfg.min_sample {
                best = best.min(dt.as_secs_f64() / batch as f64);
            }
            let warm = cfg.clock.now().saturating_sub(warm_start);
            if dt >= cfg.min_sample {
                reached += 1;
                if warm >= cfg.warmup && (batch == 1 || reached >= 2) {
                    break best;
                }
            } else {
                batch = batch.saturating_mul(2);
            }
        };
        self.batch = batch_size(cfg, per_op);
        self.sample_secs = per_op * self.batch as f64;
    }

    fn sample(&mut self, cfg: &MeasureConfig, op: &mut dyn Timed) {
        let dt = self.timed_batch(cfg, op, self.batch);
        self.raw.push(dt.as_secs_f64() * 1e3 / self.batch as f64);
    }

    /// Takes one round of samples of `op` under `cfg` (calibrating first in the first round).
    pub fn round(&mut self, cfg: &MeasureConfig, op: &mut dyn Timed) {
        let rounds = cfg.rounds.max(1);
        if self.batch == 0 {
            self.calibrate(cfg, op);
        }
        let share = cfg.budget / rounds as u32;
        let min_here = cfg.min_samples.div_ceil(rounds).max(1);
        let before = self.raw.len();
        let room = |s: &Sampler| s.raw.len() < cfg.max_samples;
        if self.sample_secs * min_here as f64 <= share.as_secs_f64() {
            let start = cfg.clock.now();
            while room(self)
                && (self.raw.len() - before < min_here
                    || cfg.clock.now().saturating_sub(start) < share)
            {
                self.sample(cfg, op);
            }
        } else {
            let by_budget = (cfg.budget.as_secs_f64() / self.sample_secs).floor() as usize;
            let total = by_budget.max(cfg.min_samples).min(cfg.max_samples);
            let r = self.sizes.len();
            let take = ((r + 1) * total / rounds).saturating_sub(r * total / rounds);
            for _ in 0..take {
                if !room(self) {
                    break;
                }
                self.sample(cfg, op);
            }
        }
        self.sizes.push(self.raw.len() - before);
    }

    /// Takes one round of cold samples of `op` under `cfg`: each sample evicts the memory of
    /// the next input ([`Timed::evict`], not timed), then times a single operation on it with
    /// `cfg.clock`, minus `overhead` (the cost of an empty timed region,
    /// [`super::ClockCost::overhead_ns`]; a result below it counts as 0). The round takes
    /// samples until its share of the budget (`budget / rounds`, eviction included, on the
    /// wall clock) is spent, at least ⌈`min_samples` / `rounds`⌉, at most
    /// [`MeasureConfig::max_samples`] in all. The batch is 1.
    pub fn round_single(&mut self, cfg: &MeasureConfig, op: &mut dyn Timed, overhead: Duration) {
        let rounds = cfg.rounds.max(1);
        self.batch = 1;
        let share = cfg.budget / rounds as u32;
        let min_here = cfg.min_samples.div_ceil(rounds).max(1);
        let before = self.raw.len();
        let start = std::time::Instant::now();
        while self.raw.len() < cfg.max_samples
            && (self.raw.len() - before < min_here || start.elapsed() < share)
        {
            op.evict(self.next);
            let dt = self.timed_batch(cfg, op, 1);
            self.raw
                .push(dt.saturating_sub(overhead).as_secs_f64() * 1e3);
        }
        self.sizes.push(self.raw.len() - before);
    }

    /// The calibrated batch (operations per sample), 0 before the first round.
    pub fn batch(&self) -> usize {
        self.batch
    }

    /// Statistics of every sample so far, with the size of each round (ms per operation).
    pub fn stats(&self) -> Stats {
        Stats::from_rounds(self.raw.clone(), self.batch.max(1), self.sizes.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::Clock;

    #[test]
    fn a_slow_operation_spreads_its_samples_over_the_rounds() {
        // 2 ms per operation, a 40 ms budget over 20 rounds (2 ms each): one sample already
        // outlasts a round's share, so max(11, 40/2 = 20) = 20 samples, one per round. Each
        // bound holds on any load (a sleep never returns early; a longer one lowers 40/2 to
        // no fewer than the 11 asked for).
        let cfg = MeasureConfig {
            budget: Duration::from_millis(40),
            warmup: Duration::ZERO,
            min_samples: 11,
            rounds: 20,
            clock: Clock::Wall,
            ..MeasureConfig::default()
        };
        let mut s = Sampler::new();
        let mut op = FnTimed(|_| std::thread::sleep(Duration::from_millis(2)));
        for _ in 0..cfg.rounds {
            s.round(&cfg, &mut op);
        }
        let st = s.stats();
        assert_eq!(st.rounds.len(), 20);
        assert!((11..=20).contains(&st.samples), "{:?}", st.rounds);
        assert!(st.rounds.iter().all(|&n| n <= 1), "{:?}", st.rounds);
        assert!(st.median_ms >= 2.0);
    }

    #[test]
    fn single_rounds_evict_before_each_run() {
        struct Op {
            log: Vec<(char, usize)>,
        }
        impl Timed for Op {
            fn run(&mut self, start: usize, n: usize) {
                assert_eq!(n, 1, "a cold sample is one operation");
                self.log.push(('r', start));
                std::thread::sleep(Duration::from_micros(50));
            }
            fn evict(&mut self, i: usize) {
                self.log.push(('e', i));
            }
        }
        let cfg = MeasureConfig {
            budget: Duration::from_millis(20),
            min_samples: 11,
            rounds: 4,
            ..MeasureConfig::default()
        };
        let mut op = Op { log: Vec::new() };
        let mut s = Sampler::new();
        for _ in 0..4 {
            s.round_single(&cfg, &mut op, Duration::from_micros(10));
        }
        let st = s.stats();
        assert_eq!(st.batch, 1);
        assert_eq!(st.rounds.len(), 4);
        assert!(st.samples >= 12, "{:?}", st.rounds);
        // Evict i, run i, evict i + 1, run i + 1, …
        for (j, pair) in op.log.chunks(2).enumerate() {
            assert_eq!(pair, &[('e', j), ('r', j)]);
        }
        // 50 µs sleeps minus 10 µs of overhead: at least 40 µs each.
        assert!(st.min_ms >= 0.04, "{}", st.min_ms);
    }

    #[test]
    fn min_samples_are_spread_over_short_rounds() {
        let cfg = MeasureConfig {
            budget: Duration::from_millis(1),
            warmup: Duration::ZERO,
            min_samples: 11,
            rounds: 5,
            ..MeasureConfig::default()
        };
        let mut s = Sampler::new();
        let mut op = FnTimed(|i| {
            std::hint::black_box(i);
        });
        for _ in 0..5 {
            s.round(&cfg, &mut op);
        }
        let st = s.stats();
        // A sample (≥ 1 ms) outlasts a round's 0.2 ms share: the 11 samples are spread
        // over the 5 rounds.
        assert_eq!(st.samples, 11, "{:?}", st.rounds);
        assert!(st.rounds.iter().all(|&n| n >= 2), "{:?}", st.rounds);
        assert_eq!(st.round_medians().len(), 5);
    }
}

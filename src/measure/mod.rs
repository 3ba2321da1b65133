//! The measurement harness: one way to time every operation in pkbench.
//!
//! An operation is a [`Timed`] value whose `run(start, n)` performs `n` operations on inputs
//! `start, start + 1, …` of a pool made before timing (fresh secrets from a seeded ChaCha
//! RNG; no RNG cost inside the timed region). A [`Sampler`] measures one operation in
//! rounds: in its first round it warms up and calibrates a batch size so that one sample
//! lasts at least [`MeasureConfig::min_sample`] (≥ 1 ms by default); every round then takes
//! samples for its share of the time budget. Rounds of different operations are interleaved
//! by the bench layer, so that what drifts during a run (clock frequency, a busy sibling
//! core) spreads over every operation and shows as between-round spread, from which the
//! intervals of [`interval`] come. Each sample is the mean time per operation over one batch;
//! [`Stats`] gives the median and quartiles of the samples, keeps them all and the size of
//! each round. [`measure`] measures one closure alone (its rounds back to back). Checking
//! results is the caller's job, outside the timed region.

pub mod affinity;
pub mod build;
pub mod cache;
pub mod clock;
pub mod fit;
pub mod interval;
pub mod leak;
pub mod machine;
pub mod noise;
pub mod progress;
pub mod sampler;
pub mod slope;
pub mod stats;
pub mod tick;
pub mod topology;

pub use build::Build;
pub use cache::CacheMode;
pub use clock::{Clock, ClockCost};
pub use interval::Interval;
pub use machine::Machine;
pub use sampler::{Sampler, Timed};
pub use stats::Stats;

use std::time::Duration;

/// Rounds each operation is measured in by default: the round medians are the data of every
/// interval ([`interval`]). 20 rounds find a 15 % slowdown at the 5 % threshold in more than
/// 90 % of runs with 8 % noise between rounds, and flag fewer than 5 % when nothing changed
/// (`interval::tests::regression_rule_on_synthetic_rounds`).
pub const DEFAULT_ROUNDS: usize = 20;

/// Longest accepted time budget per operation, in seconds (one hour).
pub const MAX_BUDGET_SECS: f64 = 3600.0;

/// Checks a time budget per operation in seconds: a finite number with
/// 0 < seconds ≤ [`MAX_BUDGET_SECS`].
///
/// # Errors
/// [`crate::error::SettingError::TimeBudget`] with the value and the bound.
pub fn check_budget_secs(seconds: f64) -> crate::Result<f64> {
    if seconds.is_finite() && seconds > 0.0 && seconds <= MAX_BUDGET_SECS {
        Ok(seconds)
    } else {
        Err(crate::error::SettingError::TimeBudget {
            seconds,
            max: MAX_BUDGET_SECS,
        }
        .into())
    }
}

/// How long and how finely to measure one operation.
#[derive(Debug, Clone)]
pub struct MeasureConfig {
    /// Time budget for the samples of one operation (warm-up not included).
    pub budget: Duration,
    /// Warm-up time before calibration's final estimate.
    pub warmup: Duration,
    /// Target duration of one sample (a batch of operations); ≥ 1 ms by default.
    pub min_sample: Duration,
    /// Fewest samples taken, even past the budget.
    pub min_samples: usize,
    /// Most samples taken, even inside the budget.
    pub max_samples: usize,
    /// The clock that times samples.
    pub clock: Clock,
    /// Rounds the budget is spread over (at least 1; [`DEFAULT_ROUNDS`]).
    pub rounds: usize,
}

impl Default for MeasureConfig {
    fn default() -> Self {
        MeasureConfig {
            budget: Duration::from_secs(1),
            warmup: Duration::from_millis(100),
            min_sample: Duration::from_millis(1),
            min_samples: 11,
            max_samples: 10_000,
            clock: Clock::Wall,
            rounds: DEFAULT_ROUNDS,
        }
    }
}

impl MeasureConfig {
    /// The default configuration with a budget of `seconds` per operation (at least 1 ms),
    /// the warm-up scaled down for short budgets.
    pub fn with_budget_secs(seconds: f64, clock: Clock) -> Self {
        let secs = if seconds.is_finite() {
            seconds.clamp(0.001, MAX_BUDGET_SECS)
        } else {
            1.0
        };
        let budget = Duration::from_secs_f64(secs);
        MeasureConfig {
            budget,
            warmup: (budget / 10).min(Duration::from_millis(200)),
            clock,
            ..MeasureConfig::default()
        }
    }
}

/// The batch size [`measure`] calibrates for an operation taking `per_op_secs` seconds: the
/// fewest operations whose run lasts at least [`MeasureConfig::min_sample`], at least 1.
/// Estimates below 1 ps (zero, negative, NaN) count as 1 ps; the result saturates at
/// `usize::MAX`. Input pools are sized with it ([`crate::bench::dh::pool`]).
pub fn batch_size(cfg: &MeasureConfig, per_op_secs: f64) -> usize {
    ((cfg.min_sample.as_secs_f64() / per_op_secs.max(1e-12)).ceil() as usize).max(1)
}

/// Times `op` under `cfg`, its [`MeasureConfig::rounds`] back to back (nothing else runs
/// between them). `op(i)` must do one operation on input number `i` (callers index a pool
/// with `i % pool.len()` and wrap inputs and outputs in [`std::hint::black_box`]).
///
/// Returns per-operation statistics in milliseconds.
pub fn measure<F: FnMut(usize)>(cfg: &MeasureConfig, op: F) -> Stats {
    let mut timed = sampler::FnTimed(op);
    let mut s = Sampler::new();
    for _ in 0..cfg.rounds.max(1) {
        s.round(cfg, &mut timed);
    }
    s.stats()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measure_counts_and_orders() {
        let cfg = MeasureConfig::with_budget_secs(0.2, Clock::Wall);
        let mut calls = 0u64;
        let s = measure(&cfg, |i| {
            calls += 1;
            std::hint::black_box(i);
        });
        assert!(s.samples >= cfg.min_samples);
        assert_eq!(s.rounds.len(), cfg.rounds);
        assert_eq!(s.rounds.iter().sum::<usize>(), s.samples);
        assert_eq!(
            s.round_medians().len(),
            cfg.rounds,
            "a fast operation samples every round"
        );
        assert_eq!(s.raw_ms.len(), s.samples);
        assert!(s.batch >= 1);
        // Every sample batch plus the calibration ran.
        assert!(calls >= (s.samples * s.batch) as u64);
        assert!(s.min_ms <= s.q1_ms && s.q1_ms <= s.median_ms);
        assert!(s.median_ms <= s.q3_ms && s.q3_ms <= s.max_ms);
    }

    #[test]
    fn measure_sees_a_known_cost() {
        // A 200 µs sleep per op must be measured at ≥ 0.2 ms (sleep never returns early, so
        // no load can break this). No upper bound: a loaded machine stretches any sleep.
        let cfg = MeasureConfig {
            budget: Duration::from_millis(30),
            warmup: Duration::ZERO,
            min_samples: 3,
            ..Default::default()
        };
        let s = measure(&cfg, |_| std::thread::sleep(Duration::from_micros(200)));
        assert!(s.median_ms >= 0.2, "median {}", s.median_ms);
    }
}

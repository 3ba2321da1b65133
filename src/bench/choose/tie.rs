//! A tie is a reason to measure more: when the 95 % interval of the cost ratio of the two
//! best options contains 1 (or their ratio is under [`CONFIRM_RATIO`], as their rows were
//! timed in separate runs), their two rows are timed again together, in alternating rounds
//! (their jobs prepared and checked again, then [`crate::bench::time_together`]), each
//! sweep with twice the budget of the one before, until the interval of the latest sweep's
//! paired rounds excludes 1 or the job's `tie_secs` is spent. Their operations are replaced
//! by the latest sweep's, and the rows ranked again.

use super::rank::{Ranking, annotate};
use super::{Remeasured, Search};
use crate::bench::{Config, prepare, time_together};
use crate::error::{Error, Result};
use crate::measure::MeasureConfig;
use crate::record::choose as key;
use std::time::{Duration, Instant};

/// The first sweep's budget per operation: this many times the search's, at least
/// [`MIN_BUDGET`].
const FIRST_FACTOR: u32 = 2;

/// Below this ratio the two best options are timed again together even when the interval
/// of their separate runs excludes 1: two runs apart can differ by a whole factor (see
/// "Run shift" in docs/architecture.md), which the rounds of each run do not show; on the
/// reference machine k256 and P-256 (1.07 apart) swapped places between two runs whose
/// intervals each excluded 1.
const CONFIRM_RATIO: f64 = 1.2;

/// The least budget per operation of a sweep.
const MIN_BUDGET: Duration = Duration::from_millis(100);

/// Times the two best options of `ranking` again while they are tied (at least once when
/// they are close), within the job's `tie_secs`, and ranks again.
///
/// # Errors
/// [`Error::Runtime`] when a self-check of a row timed again fails.
pub(super) fn settle(s: &mut Search, ranking: &Ranking) -> Result<()> {
    let close = ranking.ratio.is_some_and(|iv| iv.estimate < CONFIRM_RATIO);
    let [a, b] = match ranking.options[..] {
        [a, b, ..] if ranking.tied() || close => [a, b],
        _ => return Ok(()),
    };
    let cap = s.job.tie_secs;
    let t0 = Instant::now();
    // The first sweep fits the cap with room for warm-up and checks.
    let timed_ops = [a, b]
        .iter()
        .map(|&r| {
            s.out.timed[r]
                .1
                .iter()
                .filter(|o| o.stats.is_some())
                .count()
        })
        .sum::<usize>()
        .max(1);
    let fit = Duration::from_secs_f64(cap / (1.5 * timed_ops as f64));
    let mut budget = (s.job.measure.budget * FIRST_FACTOR)
        .max(MIN_BUDGET)
        .min(fit);
    let mut sweeps = 0;
    loop {
        s.pb.set_message(format!(
            "tie: {} and {} timed again in alternating rounds ({:.1} s of at most {cap} s)",
            s.out.timed[a].0.group,
            s.out.timed[b].0.group,
            t0.elapsed().as_secs_f64()
        ));
        let started = Instant::now();
        let cfg = Config {
            measure: MeasureConfig {
                budget,
                ..s.job.measure.clone()
            },
            ..s.inner.clone()
        };
        let jobs = vec![prepare(&s.jobs[a], &cfg)?, prepare(&s.jobs[b], &cfg)?];
        let mut results = time_together(jobs, &cfg).into_iter();
        for row in [a, b] {
            s.out.timed[row].1 = results
                .next()
                .ok_or_else(|| Error::runtime("choose: a tied row was not timed again"))??;
        }
        sweeps += 1;
        let spent = t0.elapsed().as_secs_f64();
        s.out.remeasured = Some(Remeasured {
            rows: [a, b],
            secs: spent,
            cap_secs: cap,
            sweeps,
        });
        let again = annotate(&mut s.out, &s.job.rule);
        let same_pair = again.options.len() >= 2
            && again.options[..2].contains(&a)
            && again.options[..2].contains(&b);
        let last = started.elapsed().as_secs_f64();
        // The next sweep takes about twice this one: run it only when it fits the cap.
        if !(same_pair && again.tied()) || spent + 2.0 * last > cap {
            break;
        }
        budget *= 2;
    }
    if let Some(m) = &s.out.remeasured {
        for row in m.rows {
            for op in s.out.timed[row].1.iter_mut() {
                op.info
                    .insert(key::REMEASURED_MS.into(), (m.secs * 1e3).into());
                op.info
                    .insert(key::REMEASURE_SWEEPS.into(), m.sweeps.into());
            }
        }
    }
    Ok(())
}

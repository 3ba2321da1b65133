//! The figures every leak row's operation carries, whatever its subject.

use super::{RowState, Stop};
use crate::measure::leak::Summary;
use crate::measure::tick::Ticker;
use crate::record::{Operation, figure, info};
use serde_json::{Value, json};

/// `op` with the test of `row` measured on `ticker`: figures `max_abs_t` (when a test
/// counted), `mean_fixed_ms`, `mean_random_ms` (of the test that gave it); info `n_fixed`,
/// `n_random`, `t_uncropped`, `max_crop`, `crops` (each crop's fraction, threshold in ns,
/// counts and t), `stopped`, `outputs_checked`, `preempted` (measurements during which the thread
/// was switched out), `turns` and `undecided_turns` (turns
/// lengthened by the stopped rows' time: [`super::turn_length`]), the clock, and the
/// uncropped means.
pub fn with_test(mut op: Operation, row: &RowState, ticker: &Ticker) -> Operation {
    let ns_per_tick = ticker.ns_per_tick();
    let s: Summary = row.test.summary();
    if let Some(t) = s.max_abs_t {
        op = op.with_figure(figure::MAX_ABS_T, t);
    }
    // The means of the test that gave the largest |t| (a crop drops the slowest runs, whose
    // interrupts would dominate the means), else of the uncropped test.
    let shown = s
        .max_crop
        .and_then(|p| s.crops.iter().find(|c| c.0 == p).map(|c| c.2))
        .unwrap_or(s.uncropped);
    let ms = |ticks: f64| ticks * ns_per_tick * 1e-6;
    op.with_figure(figure::MEAN_FIXED_MS, ms(shown.fixed.mean))
        .with_figure(figure::MEAN_RANDOM_MS, ms(shown.random.mean))
        .with_info("mean_fixed_uncropped_ms", ms(s.uncropped.fixed.mean))
        .with_info("mean_random_uncropped_ms", ms(s.uncropped.random.mean))
        .with_info(info::N_FIXED, s.n_fixed)
        .with_info(info::N_RANDOM, s.n_random)
        .with_info(
            info::T_UNCROPPED,
            s.uncropped.t().map_or(Value::Null, Value::from),
        )
        .with_info(info::MAX_CROP, s.max_crop.map_or(Value::Null, Value::from))
        .with_info(
            info::CROPS,
            Value::Array(
                s.crops
                    .iter()
                    .map(|(p, th, t)| {
                        json!({
                            "fraction": p,
                            "threshold_ns": *th as f64 * ns_per_tick,
                            "n_fixed": t.fixed.n,
                            "n_random": t.random.n,
                            "t": t.t(),
                        })
                    })
                    .collect(),
            ),
        )
        .with_info(info::STOPPED, row.stop.unwrap_or(Stop::Budget).name())
        .with_info(info::OUTPUTS_CHECKED, row.checked)
        .with_info("preempted", row.preempted)
        .with_info("turns", row.turns)
        .with_info("undecided_turns", row.undecided_turns)
        .with_info("clock", ticker.name())
        .with_info("clock_unit", ticker.unit())
        .with_info("ns_per_tick", ns_per_tick)
}

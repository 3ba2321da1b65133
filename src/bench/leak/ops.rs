//! The record's operations of a leak test: one per row (implementation × Offer/Reply ×
//! warm/cold), with its largest |t| and every test's figures.

use super::{Inputs, LeakJob, Row};
use crate::measure::leak::Summary;
use crate::measure::tick::Ticker;
use crate::record::{Operation, figure, info, param};
use serde_json::{Value, json};

/// The operation of `row`: name Offer or Reply; params `command` leak, `group`,
/// `exp_bits`, `table`, `impl` (a library's row), `call` (a library's call:
/// `mpz_powm_sec`), `cache` (cold rows; `warm` when both were asked); figures `max_abs_t`
/// (when a test counted), `mean_fixed_ms`, `mean_random_ms` (of the test that gave it); info `n_fixed`, `n_random`,
/// `t_uncropped`, `max_crop`, `crops`, `stopped`, `outputs_checked`, the group's Offer or
/// Reply method and its table, and for a cold row what was evicted.
pub(crate) fn operation(
    job: &LeakJob,
    inputs: &Inputs,
    row: &Row,
    ticker: &Ticker,
    ns_per_tick: f64,
) -> Operation {
    let target = &job.targets[row.target];
    let kx = target.group.as_ref();
    let imp = kx.implementation();
    let mut params = param::dh(&kx.info().name, job.exp_bits, kx.table().is_some());
    params.insert(param::COMMAND.into(), "leak".into());
    if target.imp != crate::implementation::Choice::Own {
        params.insert(param::IMPL.into(), target.imp.name().into());
        if !imp.variant.is_empty() {
            params.insert(param::CALL.into(), imp.variant.clone().into());
        }
    }
    if let Some(v) = job.cache.param(row.cold) {
        params.insert(param::CACHE.into(), v.into());
    }
    let s: Summary = row.test.summary();
    let mut op = Operation {
        name: row.op.name().to_string(),
        params,
        implementation: Some(imp),
        stats: None,
        figures: Default::default(),
        info: Default::default(),
        rounds: Vec::new(),
    };
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
    op = op
        .with_figure(figure::MEAN_FIXED_MS, ms(shown.fixed.mean))
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
        .with_info(
            info::STOPPED,
            row.stop.unwrap_or(super::Stop::Budget).name(),
        )
        .with_info(info::OUTPUTS_CHECKED, row.checked)
        .with_info("clock", ticker.name())
        .with_info("clock_unit", ticker.unit())
        .with_info("ns_per_tick", ns_per_tick)
        .with_info("fixed_secret_bytes", inputs.fixed.len());
    let method = match row.op {
        super::Op::Offer => kx.offer_method().map(|m| (info::OFFER_METHOD, m)),
        super::Op::Reply => kx.reply_method().map(|m| (info::REPLY_METHOD, m)),
    };
    if let Some((k, m)) = method {
        op = op.with_info(k, m);
    }
    if let (super::Op::Offer, Some(t)) = (row.op, kx.table()) {
        op = op
            .with_info(info::TABLE_METHOD, t.method.clone())
            .with_info(info::TABLE_BYTES, t.bytes);
    }
    if row.cold {
        let r = kx.resident(row.op == super::Op::Offer);
        op = crate::bench::cold::mark(op, &r);
    }
    op
}

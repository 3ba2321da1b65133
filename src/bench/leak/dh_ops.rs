//! The record's operations of a leak test: one per row (implementation × Offer/Reply ×
//! warm/cold), with its largest |t| and every test's figures.

use super::RowState;
use super::dh::{Inputs, LeakJob, Op, Row};
use crate::measure::tick::Ticker;
use crate::record::{Operation, info, param};

/// The operation of `row`: name Offer or Reply; params `command` leak, `group`,
/// `exp_bits`, `table`, `impl` (a library's row), `call` (a library's call:
/// `mpz_powm_sec`), `cache` (cold rows; `warm` when both were asked); figures `max_abs_t`
/// … (the test's figures, [`super::ops::with_test`]); info: the group's Offer or Reply
/// method and its table, and for a cold row what was evicted.
pub(crate) fn operation(
    job: &LeakJob,
    inputs: &Inputs,
    row: &Row,
    state: &RowState,
    ticker: &Ticker,
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
    let op = Operation {
        name: row.op.name().to_string(),
        params,
        implementation: Some(imp),
        stats: None,
        figures: Default::default(),
        info: Default::default(),
        rounds: Vec::new(),
    };
    let mut op = super::ops::with_test(op, state, ticker)
        .with_info("fixed_secret_bytes", inputs.fixed.len());
    let method = match row.op {
        Op::Offer => kx.offer_method().map(|m| (info::OFFER_METHOD, m)),
        Op::Reply => kx.reply_method().map(|m| (info::REPLY_METHOD, m)),
    };
    if let Some((k, m)) = method {
        op = op.with_info(k, m);
    }
    if let (Op::Offer, Some(t)) = (row.op, kx.table()) {
        op = op
            .with_info(info::TABLE_METHOD, t.method.clone())
            .with_info(info::TABLE_BYTES, t.bytes);
    }
    if row.cold {
        let r = kx.resident(row.op == Op::Offer);
        op = crate::bench::cold::mark(op, &r);
    }
    op
}

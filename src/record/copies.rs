//! Figures stored twice, or derived from a median, that must agree with what they copy
//! ([`copy_contradiction`], for each operation) and the top-level summaries that records of
//! schemas 1 and 2 kept beside their operations ([`legacy_summary_contradiction`]).
//!
//! What is checked, within rounding ([`super::check::REL_TOL`]):
//! - `info.mb_per_s` (MB/s, 10^6 bytes/s) is `bytes_per_sec` / 10^6 (`hash`, `des`,
//!   `cipher`, the repro tables' throughput rows);
//! - `bytes_per_sec` beside statistics is the bytes of one call over the median: the
//!   `chunk_bytes` param (`rsa`: one RSA block) or the `block` param (`hash`, `des`: one
//!   message or chunk);
//! - `keys_per_sec` beside statistics is 1000 / median (ms), and `info.us_per_key` the median
//!   in µs (`des --keysetup`);
//! - schemas 1 and 2: the top-level `total_ms`/`cpu_total_ms` and the `offer`/`reply`
//!   medians of a `dh` record are those of its one Total, CPU sum, Offer and Reply
//!   operations (a record whose top-level medians had been set to zero used to compare as
//!   1.00x); each `choose` row's `total_ms` is 2 × `offer_ms` + `reply_ms` and its
//!   `cpu_total_ms` 2 × (`offer_ms` + `reply_ms`).

use super::check::{same, show};
use super::keys::figure;
use super::{CPU_SUM_OP, Operation, ResultRecord, TOTAL_OP};
use crate::measure::Stats;
use serde_json::Value;

/// `keys_per_sec`: DES keys set up per second (`des --keysetup`), 1000 / median (ms).
const KEYS_PER_SEC: &str = "keys_per_sec";
/// `info.us_per_key`: the median of a key setup in µs.
const US_PER_KEY: &str = "us_per_key";
/// `info.mb_per_s`: `bytes_per_sec` / 10^6.
const MB_PER_S: &str = "mb_per_s";

/// The first copy in `op` that disagrees with what it copies, in words, or `None`.
pub(super) fn copy_contradiction(op: &Operation) -> Option<String> {
    mb_contradiction(op).or_else(|| {
        let st = op.stats.as_ref().filter(|st| st.median_ms > 0.0)?;
        bytes_contradiction(st, op).or_else(|| keys_contradiction(st, op))
    })
}

/// `info.mb_per_s` that is not `bytes_per_sec` / 10^6.
fn mb_contradiction(op: &Operation) -> Option<String> {
    let bytes = *op.figures.get(figure::BYTES_PER_SEC)?;
    let mb = op.info_f64(MB_PER_S)?;
    (!same(mb * 1e6, bytes)).then(|| {
        format!(
            "mb_per_s is {}, but bytes_per_sec is {}",
            show(mb, "MB/s"),
            show(bytes / 1e6, "MB/s")
        )
    })
}

/// `bytes_per_sec` that is not the bytes of one call (`chunk_bytes` or `block`) over the
/// median.
fn bytes_contradiction(st: &Stats, op: &Operation) -> Option<String> {
    let bytes = *op.figures.get(figure::BYTES_PER_SEC)?;
    let (key, per_call) = ["chunk_bytes", "block"]
        .into_iter()
        .find_map(|k| Some((k, op.params.get(k)?.as_f64()?)))?;
    let want = per_call / (st.median_ms / 1e3);
    (!same(bytes, want)).then(|| {
        format!(
            "bytes_per_sec is {}, but {key} {per_call} over its median is {}",
            show(bytes, "bytes/s"),
            show(want, "bytes/s")
        )
    })
}

/// `keys_per_sec` that is not 1000 / median, or `info.us_per_key` that is not the median.
fn keys_contradiction(st: &Stats, op: &Operation) -> Option<String> {
    let median_us = st.median_ms * 1e3;
    if let Some(&rate) = op.figures.get(KEYS_PER_SEC) {
        let want = 1e6 / median_us;
        if !same(rate, want) {
            return Some(format!(
                "keys_per_sec is {}, but its median gives {}",
                show(rate, "/s"),
                show(want, "/s")
            ));
        }
    }
    let us = op.info_f64(US_PER_KEY)?;
    (!same(us, median_us)).then(|| {
        format!(
            "us_per_key is {}, but its median is {}",
            show(us, "µs"),
            show(median_us, "µs")
        )
    })
}

/// A value of a schema 1 or 2 record in milliseconds, stored under `NAME_ms` (or `NAME_s`
/// in seconds).
fn ms(v: &Value, name: &str) -> Option<f64> {
    v.get(format!("{name}_ms"))
        .and_then(Value::as_f64)
        .or_else(|| Some(v.get(format!("{name}_s"))?.as_f64()? * 1e3))
}

/// The first top-level summary of a schema 1 or 2 record (`raw`, as read) that disagrees
/// with the record's operations (`rec`) or with itself, in words, or `None`.
pub(super) fn legacy_summary_contradiction(raw: &Value, rec: &ResultRecord) -> Option<String> {
    if let Some(rows) = raw.get("rows").and_then(Value::as_array) {
        return rows
            .iter()
            .enumerate()
            .find_map(|(i, row)| choose_row(i, row));
    }
    let one = |name: &str| {
        let mut it = rec.operations.iter().filter(|o| o.name == name);
        let op = it.next()?;
        it.next().is_none().then_some(op)
    };
    let derived = [
        (TOTAL_OP, "total", figure::TOTAL_MS),
        (CPU_SUM_OP, "cpu_total", figure::CPU_TOTAL_MS),
    ];
    for (op_name, key, fig) in derived {
        let (Some(top), Some(op)) = (ms(raw, key), one(op_name)) else {
            continue;
        };
        let Some(&stored) = op.figures.get(fig) else {
            continue;
        };
        if !same(top, stored) {
            return Some(format!(
                "the summary {key}_ms is {}, but the {op_name} operation is {}",
                show(top, "ms"),
                show(stored, "ms")
            ));
        }
    }
    for (key, op_name) in [("offer", "Offer"), ("reply", "Reply")] {
        let (Some(top), Some(op)) = (raw.get(key).and_then(|v| ms(v, "median")), one(op_name))
        else {
            continue;
        };
        let Some(median) = op.stats.as_ref().map(|st| st.median_ms) else {
            continue;
        };
        if !same(top, median) {
            return Some(format!(
                "the summary {key}.median_ms is {}, but the {op_name} operation's median is {}",
                show(top, "ms"),
                show(median, "ms")
            ));
        }
    }
    None
}

/// A `choose` row of schema 1 whose Total or CPU sum is not its formula over its Offer and
/// Reply.
fn choose_row(i: usize, row: &Value) -> Option<String> {
    let (offer, reply) = (ms(row, "offer")?, ms(row, "reply")?);
    let field = row.get("field").and_then(Value::as_str).unwrap_or("?");
    [
        ("total", 2.0 * offer + reply),
        ("cpu_total", 2.0 * (offer + reply)),
    ]
    .into_iter()
    .find_map(|(key, want)| {
        let top = ms(row, key)?;
        (!same(top, want)).then(|| {
            format!(
                "row {} ({field}): {key}_ms is {}, but its offer_ms and reply_ms give {}",
                i + 1,
                show(top, "ms"),
                show(want, "ms")
            )
        })
    })
}

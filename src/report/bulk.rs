//! Pieces shared by the reports of throughput operations (`hash`, `des`): data sizes in
//! decimal megabytes, the MB/s cells of a table row and the `throughput` object of their JSON
//! summaries, all computed from an operation's per-chunk statistics
//! ([`crate::bench::bulk::throughput_operation`]).

use crate::measure::stats::mb_per_s;
use crate::record::Operation;
use crate::report::doc::Cell;
use crate::report::sig4;
use serde_json::{Value, json};

/// A data size in decimal megabytes, as the 1995 post and the README give it
/// (7_500_000 → "7.5 MB"; MB = 10^6 bytes, like the MB/s figures).
pub fn fmt_mb(bytes: usize) -> String {
    let s = sig4(bytes as f64 / 1e6);
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        &s
    };
    format!("{s} MB")
}

/// The chunk size of a throughput operation: its `block` param (or, for a libgcrypt hash
/// column, whose params leave it out, its `block` info), bytes.
pub fn chunk_bytes(op: &Operation) -> usize {
    op.params
        .get("block")
        .or_else(|| op.info.get("block"))
        .and_then(Value::as_u64)
        .unwrap_or(0) as usize
}

/// The cells of a table row: MB/s, "q1 … q3" in MB/s (the faster quartile of the time is
/// the higher rate, so the third quartile of the time comes first) and the median time per
/// chunk; the rates stored in bytes per second. Three dashes for an operation without
/// statistics.
pub fn cells(op: &Operation) -> [Cell; 3] {
    let Some(st) = &op.stats else {
        return [Cell::text("-"), Cell::text("-"), Cell::text("-")];
    };
    let chunk = chunk_bytes(op);
    let rate = |ms: f64| mb_per_s(chunk, ms) * 1e6;
    [
        Cell::mb_per_s(rate(st.median_ms)),
        Cell::figure(
            format!(
                "{} … {}",
                sig4(mb_per_s(chunk, st.q3_ms)),
                sig4(mb_per_s(chunk, st.q1_ms))
            ),
            rate(st.median_ms),
            "B/s",
        )
        .with_interval(rate(st.q3_ms), rate(st.q1_ms)),
        Cell::time_ms(st.median_ms),
    ]
}

/// The `throughput` object of the JSON summaries: `chunk_bytes`, `data_bytes`, `mb_per_s`
/// (at the median), `mb_per_s_q3`, `mb_per_s_q1` (at the quartiles of the time) and `stats`
/// (ms per chunk, without the raw samples, which the operation holds).
pub fn throughput_view(op: &Operation) -> Value {
    let chunk = chunk_bytes(op);
    let Some(st) = &op.stats else {
        return Value::Null;
    };
    json!({
        "chunk_bytes": chunk,
        "data_bytes": op.info.get("data_bytes").cloned().unwrap_or(Value::Null),
        "mb_per_s": mb_per_s(chunk, st.median_ms),
        "mb_per_s_q3": mb_per_s(chunk, st.q3_ms),
        "mb_per_s_q1": mb_per_s(chunk, st.q1_ms),
        "stats": super::json::summary_stats(st),
    })
}

/// Samples × batch of a timed operation, e.g. (41, 16); (0, 0) without statistics.
pub fn samples(op: &Operation) -> (usize, usize) {
    op.stats.as_ref().map_or((0, 0), |s| (s.samples, s.batch))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::Stats;

    #[test]
    fn data_sizes_in_decimal_mb() {
        assert_eq!(fmt_mb(crate::bench::bulk::DATA_BYTES), "7.5 MB");
        assert_eq!(fmt_mb(10_000_000), "10 MB");
        assert_eq!(fmt_mb(1_000_000_000), "1000 MB");
        assert_eq!(fmt_mb(1_234_567), "1.235 MB");
    }

    #[test]
    fn cells_and_view() {
        let op = crate::bench::bulk::throughput_operation(
            "hash",
            crate::record::params([("block", 10_000.into())]),
            Stats::from_samples(vec![1.0, 2.0, 4.0], 3),
            10_000,
            7_500_000,
        );
        let c = cells(&op);
        // Median 2 ms per 10000 bytes = 5 MB/s; quartiles 1.5 and 3 ms.
        assert_eq!(c[0].text, "5.000");
        assert_eq!(c[1].text, "3.333 … 6.667");
        assert_eq!(c[2].text, "2.000 ms");
        assert_eq!(
            c[0].value.as_ref().map(|q| (q.value, q.unit)),
            Some((5e6, "B/s"))
        );
        let v = throughput_view(&op);
        assert_eq!(v["mb_per_s"], 5.0);
        assert_eq!(v["data_bytes"], 7_500_000);
        assert!(v["stats"].get("raw_ms").is_none());
    }
}

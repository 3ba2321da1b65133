//! A measured row ([`CipherRow`]) and its result-record operation ([`operation`]), in the
//! layout of libgcrypt's tables.

use super::Row;
use crate::bench::slope::{self, FitDoubt, Slope, SlopePoint};
use crate::record::{self, Operation, figure};
use serde::Serialize;

/// One measured row: the slope and its points, before it becomes an [`Operation`].
#[derive(Debug, Clone)]
pub struct CipherRow {
    /// What was timed.
    pub row: Row,
    /// The slope fit: ns/byte, intercept (ns per call), R².
    pub slope: Slope,
    /// Every buffer size with its timing (ms per call, all samples).
    pub points: Vec<SlopePoint>,
    /// Reasons to doubt the fit ([`Slope::doubts`]); empty when none. The figures are
    /// reported anyway.
    pub fit_doubts: Vec<FitDoubt>,
    /// Known answers checked before timing, both directions: every vector of the key size
    /// through pkbench's own engine, or, for a cipher pkbench has no code for, its ECB
    /// vectors through the library timed.
    pub known_answers_checked: usize,
}

fn json<T: Serialize>(v: &T) -> serde_json::Value {
    serde_json::to_value(v).unwrap_or_default()
}

/// The result-record operation of a measured row, in the layout of libgcrypt's tables: named
/// by mode and direction ("CBC enc", "CTR dec", "STREAM enc") and identified by
/// `{command: "cipher", cipher: <libgcrypt name>}`, so that `pkbench compare` prints one row
/// per cipher with one column per mode and direction; computed by `implementation`.
///
/// Figures: `bytes_per_sec` (from the slope; higher is better) is the headline,
/// `intercept_ns` the per-call cost. `info`: `method`, `algo` (command-line name),
/// `key_bits`, `key_description`, `mode` and `direction` (lower case, as the JSON names
/// them), `ns_per_byte`, `mb_per_s`, `mbit_per_s` (10^6 bits/s), `r2`, `sizes`, `points`
/// (every size with its statistics, raw samples included), `known_answers` (sources checked),
/// `known_answers_checked` (how many vectors, [`CipherRow::known_answers_checked`]),
/// with `cpu_mhz` > 0 the MHz and `cycles_per_byte_est` (an estimate: ns/byte × MHz / 1000),
/// any `fit_doubts` (`low-r2`, `negative-intercept`) and the cipher's `note`.
pub fn operation(
    row: &CipherRow,
    implementation: &crate::implementation::Implementation,
    cpu_mhz: f64,
) -> Operation {
    let spec = &row.row.spec;
    let params = record::params([
        ("command", "cipher".into()),
        ("cipher", spec.display_name().into()),
    ]);
    let name = format!("{} {}", row.row.mode.label(), row.row.direction.short());
    let mut op = Operation {
        name,
        params,
        implementation: None,
        stats: None,
        figures: Default::default(),
        info: Default::default(),
        rounds: slope::round_rates(&row.points),
    }
    .by(implementation.clone())
    .with_figure(figure::BYTES_PER_SEC, row.slope.mb_per_s() * 1e6)
    .with_figure("intercept_ns", row.slope.intercept_ns)
    .with_info(
        "method",
        "bench-slope: least-squares slope of time per call over buffer sizes",
    )
    .with_info("algo", spec.cipher.name)
    .with_info("key_bits", spec.key_bits)
    .with_info("key_description", spec.key_size().describe)
    .with_info("mode", json(&row.row.mode))
    .with_info("direction", json(&row.row.direction))
    .with_info("ns_per_byte", row.slope.ns_per_byte)
    .with_info("mb_per_s", row.slope.mb_per_s())
    .with_info("mbit_per_s", row.slope.mbit_per_s())
    .with_info("r2", row.slope.r2)
    .with_info(
        "sizes",
        row.points.iter().map(|p| p.bytes).collect::<Vec<_>>(),
    )
    .with_info("points", json(&row.points))
    .with_info(
        "known_answers",
        spec.vectors().iter().map(|v| v.source).collect::<Vec<_>>(),
    )
    .with_info(
        record::info::KNOWN_ANSWERS_CHECKED,
        row.known_answers_checked,
    );
    if let Some(c) = row.slope.cycles_per_byte(cpu_mhz) {
        op = op
            .with_info("cpu_mhz", cpu_mhz)
            .with_info("cycles_per_byte_est", c);
    }
    if !row.fit_doubts.is_empty() {
        op = op.with_info("fit_doubts", json(&row.fit_doubts));
    }
    if let Some(n) = spec.cipher.note {
        op = op.with_info("note", n);
    }
    op
}

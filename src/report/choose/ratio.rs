//! Two small readings of a `choose` record: a ratio with its interval, and a link rate.

use serde::Serialize;
use serde_json::Value;

/// A link rate in bits per second with a decimal prefix: "56 kbit/s", "1 Mbit/s",
/// "10 Gbit/s".
pub fn rate_text(bits_per_s: f64) -> String {
    let (v, unit) = [
        (1e12, "Tbit/s"),
        (1e9, "Gbit/s"),
        (1e6, "Mbit/s"),
        (1e3, "kbit/s"),
    ]
    .into_iter()
    .find(|(f, _)| bits_per_s >= *f)
    .map_or((bits_per_s, "bit/s"), |(f, u)| (bits_per_s / f, u));
    let num = format!("{v:.3}");
    let num = num.trim_end_matches('0').trim_end_matches('.');
    format!("{num} {unit}")
}

/// A ratio with its 95 % interval as a `choose` record keeps it (an end the rounds could not
/// bound is `None`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Ratio {
    /// The Hodges–Lehmann estimate.
    pub estimate: f64,
    /// Lower end.
    pub lo: Option<f64>,
    /// Upper end.
    pub hi: Option<f64>,
    /// From rounds timed alternately (paired), else from two independent runs.
    pub paired: bool,
}

impl Ratio {
    pub(super) fn read(v: Option<&Value>) -> Option<Ratio> {
        let v = v?;
        Some(Ratio {
            estimate: v.get("estimate").and_then(Value::as_f64)?,
            lo: v.get("lo").and_then(Value::as_f64),
            hi: v.get("hi").and_then(Value::as_f64),
            paired: v.get("paired").and_then(Value::as_bool).unwrap_or(false),
        })
    }

    /// "1.07 (95 % interval 1.03–1.11)", or "(interval unbounded: too few rounds)".
    pub fn text(&self) -> String {
        match (self.lo, self.hi) {
            (Some(lo), Some(hi)) => format!("{:.3} (95 % interval {lo:.3}–{hi:.3})", self.estimate),
            _ => format!("{:.3} (too few rounds for an interval)", self.estimate),
        }
    }
}

//! Whether a record's stored figures agree with each other ([`ResultRecord::contradiction`]).
//!
//! pkbench writes every figure from the same samples, so a record it made always agrees
//! with itself; a record that does not was edited or damaged, and a ratio computed from it
//! would compare numbers that mean nothing. Readers refuse such a record
//! ([`ResultRecord::from_json`]) instead of comparing it (a record whose Total had been set
//! to zero used to compare as 1.00x).
//!
//! What is checked, within rounding ([`REL_TOL`]):
//! - every figure is a finite number; every time is not negative (statistics, samples,
//!   `elapsed_s`), nor is the headline figure of a derived operation or its per-round
//!   values (a fit's intercept may be); a statistics block with no samples may hold no
//!   times (`null`);
//! - min ≤ q1 ≤ median ≤ q3 ≤ max, and min ≤ mean ≤ max;
//! - when the raw samples are stored: there are `samples` of them, and their median,
//!   quartiles, minimum and maximum are the stored ones; the samples per round add up to
//!   `samples`;
//! - `ops_per_sec` is 1000 / median (ms);
//! - a derived operation ([`super::derived_from`]) equals its formula over the medians of
//!   the operations of the same params it is derived from: Total = 2*Offer + Reply, CPU sum
//!   = 2*Offer + 2*Reply, KEM Total = KeyGen + Encaps + Decaps; and so do its per-round
//!   values, round by round;
//! - the copies of a figure stored beside it (`mb_per_s`, `bytes_per_sec`, `keys_per_sec`,
//!   `us_per_key`: [`super::copies`]).

use super::{CPU_SUM_OP, KEM_TOTAL_OP, Operation, ResultRecord, TOTAL_OP, derived_from, figure};
use crate::measure::Stats;
use crate::measure::stats::quantile;

/// Relative difference two stored copies of one figure may have: JSON keeps 17 significant
/// digits and the conversion between seconds and milliseconds changes the last one or two;
/// anything larger was not made by pkbench from these samples.
pub const REL_TOL: f64 = 1e-9;

/// Whether `a` and `b` are the same figure within rounding.
pub(super) fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= REL_TOL * a.abs().max(b.abs()) + f64::MIN_POSITIVE
}

/// A time or rate for a message: 4 significant digits and its unit.
pub(super) fn show(v: f64, unit: &str) -> String {
    format!("{} {unit}", sig4(v))
}

/// `v` with 4 significant digits (`0.001234`, `12.35`, `123457`).
fn sig4(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    if !(1e-6..1e9).contains(&v.abs()) {
        return format!("{v:.3e}");
    }
    let decimals = (3 - v.abs().log10().floor() as i32).max(0) as usize;
    format!("{v:.decimals$}")
}

impl ResultRecord {
    /// The first contradiction between the record's stored figures (see the module
    /// documentation), in words naming the operation, or `None` when they agree.
    pub fn contradiction(&self) -> Option<String> {
        if !(self.elapsed_s.is_finite() && self.elapsed_s >= 0.0) {
            return Some(format!(
                "elapsed_s is {}, not a time in seconds",
                self.elapsed_s
            ));
        }
        self.operations.iter().find_map(|op| {
            let found = op
                .stats
                .as_ref()
                .and_then(|st| stats_contradiction(st, op))
                .or_else(|| figures_contradiction(op))
                .or_else(|| super::copies::copy_contradiction(op))
                .or_else(|| self.derived_contradiction(op))?;
            Some(format!("{} ({}): {found}", op.name, op.key().0))
        })
    }

    /// A derived operation that does not equal its formula over the operations it is
    /// derived from (those present with the same params; none present: nothing to check).
    fn derived_contradiction(&self, op: &Operation) -> Option<String> {
        let parts = derived_from(&op.name);
        let (figure_name, weights): (&str, &[f64]) = match op.name.as_str() {
            TOTAL_OP => (figure::TOTAL_MS, &[2.0, 1.0]),
            CPU_SUM_OP => (figure::CPU_TOTAL_MS, &[2.0, 2.0]),
            KEM_TOTAL_OP => (figure::TOTAL_MS, &[1.0, 1.0, 1.0]),
            _ => return None,
        };
        let stats: Vec<&Stats> = parts
            .iter()
            .filter_map(|name| {
                self.operations
                    .iter()
                    .find(|o| o.name == *name && o.params == op.params)
                    .and_then(|o| o.stats.as_ref())
            })
            .collect();
        if stats.len() != parts.len() {
            return None;
        }
        let stored = *op.figures.get(figure_name)?;
        let want: f64 = stats
            .iter()
            .zip(weights)
            .map(|(s, w)| w * s.median_ms)
            .sum();
        if !same(stored, want) {
            return Some(format!(
                "it is {}, but {} of the stored medians is {}",
                show(stored, "ms"),
                formula(&op.name),
                show(want, "ms")
            ));
        }
        if op.rounds.is_empty() {
            return None;
        }
        let per_round: Vec<Vec<Option<f64>>> = stats.iter().map(|s| s.per_round()).collect();
        let n = per_round.iter().map(Vec::len).min().unwrap_or(0);
        let want_rounds: Vec<f64> = (0..n)
            .filter_map(|k| {
                per_round
                    .iter()
                    .zip(weights)
                    .map(|(r, w)| r[k].map(|v| w * v))
                    .sum::<Option<f64>>()
            })
            .collect();
        if want_rounds.len() != op.rounds.len() {
            return Some(format!(
                "it has {} per-round values, but the operations it is derived from pair up in {} rounds",
                op.rounds.len(),
                want_rounds.len()
            ));
        }
        let k = (0..want_rounds.len()).find(|&k| !same(op.rounds[k], want_rounds[k]))?;
        Some(format!(
            "its value in round {} is {}, but {} of that round's medians is {}",
            k + 1,
            show(op.rounds[k], "ms"),
            formula(&op.name),
            show(want_rounds[k], "ms")
        ))
    }
}

/// The formula of a derived operation, for messages.
fn formula(name: &str) -> &'static str {
    match name {
        TOTAL_OP => "2*Offer + Reply",
        CPU_SUM_OP => "2*Offer + 2*Reply",
        _ => "KeyGen + Encaps + Decaps",
    }
}

/// The first contradiction inside one statistics block (times in ms), or `None`.
fn stats_contradiction(st: &Stats, op: &Operation) -> Option<String> {
    let named = [
        ("min", st.min_ms),
        ("q1", st.q1_ms),
        ("median", st.median_ms),
        ("q3", st.q3_ms),
        ("max", st.max_ms),
        ("mean", st.mean_ms),
    ];
    if st.samples == 0 && st.raw_ms.is_empty() {
        // No samples: the times may be absent (null), but not negative or infinite.
        return named
            .iter()
            .find(|(_, v)| !(v.is_nan() || v.is_finite() && *v >= 0.0))
            .map(|(n, v)| format!("its {n} time is {v}, not a time"));
    }
    if let Some((n, v)) = named.iter().find(|(_, v)| !(v.is_finite() && *v >= 0.0)) {
        return Some(format!(
            "its {n} time is {}, not a time (finite, not negative)",
            show_raw(*v)
        ));
    }
    let order = &named[..5];
    if let Some(w) = order
        .windows(2)
        .find(|w| w[0].1 > w[1].1 && !same(w[0].1, w[1].1))
    {
        return Some(format!(
            "its {} ({}) is above its {} ({})",
            w[0].0,
            show(w[0].1, "ms"),
            w[1].0,
            show(w[1].1, "ms")
        ));
    }
    let mean_inside = (st.min_ms <= st.mean_ms || same(st.min_ms, st.mean_ms))
        && (st.mean_ms <= st.max_ms || same(st.mean_ms, st.max_ms));
    if !mean_inside {
        return Some(format!(
            "its mean ({}) lies outside its minimum and maximum ({} … {})",
            show(st.mean_ms, "ms"),
            show(st.min_ms, "ms"),
            show(st.max_ms, "ms")
        ));
    }
    if !st.rounds.is_empty() && st.rounds.iter().sum::<usize>() != st.samples {
        return Some(format!(
            "its rounds hold {} samples, but it counts {}",
            st.rounds.iter().sum::<usize>(),
            st.samples
        ));
    }
    raw_contradiction(st).or_else(|| rate_contradiction(st, op))
}

/// Raw samples that are not the ones the statistics were made from.
fn raw_contradiction(st: &Stats) -> Option<String> {
    if st.raw_ms.is_empty() {
        return None;
    }
    if st.raw_ms.len() != st.samples {
        return Some(format!(
            "it stores {} raw samples, but counts {}",
            st.raw_ms.len(),
            st.samples
        ));
    }
    if let Some(v) = st.raw_ms.iter().find(|v| !(v.is_finite() && **v >= 0.0)) {
        return Some(format!(
            "a raw sample is {}, not a time (finite, not negative)",
            show_raw(*v)
        ));
    }
    let mut sorted = st.raw_ms.clone();
    sorted.sort_by(f64::total_cmp);
    let from_raw = [
        ("median", st.median_ms, quantile(&sorted, 0.5)),
        ("q1", st.q1_ms, quantile(&sorted, 0.25)),
        ("q3", st.q3_ms, quantile(&sorted, 0.75)),
        ("min", st.min_ms, sorted[0]),
        ("max", st.max_ms, sorted[sorted.len() - 1]),
    ];
    let (n, stored, want) = from_raw.into_iter().find(|(_, a, b)| !same(*a, *b))?;
    Some(format!(
        "its {n} is {}, but the {n} of its raw samples is {}",
        show(stored, "ms"),
        show(want, "ms")
    ))
}

/// `ops_per_sec` beside statistics that is not 1000 / median.
fn rate_contradiction(st: &Stats, op: &Operation) -> Option<String> {
    let rate = *op.figures.get(figure::OPS_PER_SEC)?;
    let want = st.ops_per_sec();
    (!same(rate, want)).then(|| {
        format!(
            "ops_per_sec is {}, but its median gives {}",
            show(rate, "/s"),
            show(want, "/s")
        )
    })
}

/// A figure that is not a number, a negative headline figure (the time or rate `compare`
/// compares; other figures, such as a fit's intercept, may be negative), or a per-round value
/// of a derived operation that is not a time or rate.
fn figures_contradiction(op: &Operation) -> Option<String> {
    let bad = |v: f64| !(v.is_finite() && v >= 0.0);
    if let Some((k, v)) = op.figures.iter().find(|(_, v)| !v.is_finite()) {
        return Some(format!("its figure {k} is {}, not a number", show_raw(*v)));
    }
    if op.stats.is_some() {
        return None;
    }
    let (name, value, _) = op.headline_figure()?;
    if bad(value) {
        return Some(format!(
            "its figure {name} is {}, not a time or rate (finite, not negative)",
            show_raw(value)
        ));
    }
    let v = op.rounds.iter().find(|v| bad(**v))?;
    Some(format!(
        "a per-round value is {}, not a time or rate (finite, not negative)",
        show_raw(*v)
    ))
}

/// A number that may not be finite, for messages.
fn show_raw(v: f64) -> String {
    sig4(v)
}

//! This machine's between-run noise: how much the same operations move from one run (one
//! process) to the next, with nothing changed. Within a run, rounds show what drifts during
//! the run; between runs, other things move too (clock frequency and turbo state, memory
//! layout, a neighbour on the host), and no interval from one run can see them. `pkbench
//! noise` measures it ([`summarize`] of several runs of [`crate::bench::noise`]'s probe
//! set); records carry it in their machine section, and `compare` takes it as the floor of
//! its threshold.

use serde::{Deserialize, Serialize};

/// The between-run noise of this machine.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Noise {
    /// The typical between-run spread of the probe operations (the median over them of
    /// each one's spread), percent: differences smaller than this cannot be told from noise
    /// here.
    pub pct: f64,
    /// The largest spread of one probe operation, percent.
    #[serde(default)]
    pub worst_pct: f64,
    /// Runs (separate processes) it was measured over.
    pub runs: usize,
    /// When it was measured, UTC, ISO 8601.
    pub measured_utc: String,
    /// How it was computed.
    pub method: String,
    /// Each probe operation ("label / name") with its spread, percent.
    pub operations: Vec<(String, f64)>,
}

/// The method text of [`summarize`].
pub const METHOD: &str = "per operation: max/min − 1 of its median over the runs (each run a \
                          separate process, rounds interleaved inside it); the figure is the \
                          median over the operations, the worst one is shown beside it";

/// Summarizes `runs`: for each operation (a label) the headline values it had in each run,
/// in any positive unit. Operations seen in fewer than two runs are left out; `None` when
/// none is left.
pub fn summarize(runs: usize, values: &[(String, Vec<f64>)], measured_utc: &str) -> Option<Noise> {
    let operations: Vec<(String, f64)> = values
        .iter()
        .filter_map(|(label, v)| {
            let v: Vec<f64> = v
                .iter()
                .copied()
                .filter(|x| *x > 0.0 && x.is_finite())
                .collect();
            if v.len() < 2 {
                return None;
            }
            let (lo, hi) = v.iter().fold((f64::INFINITY, 0.0f64), |(lo, hi), &x| {
                (lo.min(x), hi.max(x))
            });
            Some((label.clone(), 100.0 * (hi / lo - 1.0)))
        })
        .collect();
    let spreads: Vec<f64> = operations.iter().map(|(_, p)| *p).collect();
    if spreads.is_empty() {
        return None;
    }
    Some(Noise {
        pct: super::interval::median(&spreads, super::interval::LEVEL).estimate,
        worst_pct: spreads.iter().copied().fold(f64::NAN, f64::max),
        runs,
        measured_utc: measured_utc.to_string(),
        method: METHOD.to_string(),
        operations,
    })
}

/// The advice a figure of `pct` percent gives: "differences under 10 % cannot be told from
/// noise here" (rounded up to a whole percent, at least 1).
pub fn advice(pct: f64) -> String {
    format!(
        "differences under {:.0} % cannot be told from noise here",
        pct.ceil().max(1.0)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_is_the_largest_max_over_min() {
        let v = vec![
            ("a".to_string(), vec![1.0, 1.05, 1.02]),
            ("b".to_string(), vec![2.0, 2.2]),
            ("c".to_string(), vec![3.0]),
        ];
        let n = summarize(3, &v, "2026-12-01T00:00:00Z").unwrap();
        assert_eq!(n.operations.len(), 2, "one run only: left out");
        assert!((n.pct - 7.5).abs() < 1e-9, "median of 5 % and 10 %: {n:?}");
        assert!((n.worst_pct - 10.0).abs() < 1e-9, "{n:?}");
        assert_eq!(
            advice(n.pct),
            "differences under 8 % cannot be told from noise here"
        );
        assert!(summarize(1, &[("a".into(), vec![1.0])], "").is_none());
    }
}

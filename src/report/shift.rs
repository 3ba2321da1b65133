//! The run shift: a factor shared by every operation of a comparison.
//!
//! Two runs of the same binary on the same machine, back to back, can differ as a whole: the
//! second process gets another clock frequency, turbo state or neighbour on the host, and
//! every operation in it moves by about the same factor (seen on the 2-core reference
//! machine: a whole `suite --quick` run 14 % slower than the one before it, 65 of 180 ratios
//! below 0.95 with intervals from the rounds that could not see it, since it happened between
//! the runs and not inside one). The rounds of one run measure what moves during that run;
//! a shift between runs needs another yardstick, and the other operations of the same run
//! are one: a change of code moves some operations, a change of machine state moves them all.
//!
//! [`RunShift::estimate`] takes the median of the matched ratios (each operation's
//! Hodges–Lehmann estimate) with the sign-test interval of that median
//! ([`interval::median`], on log ratios). When both records come from the same build on the
//! same machine ([`same_code`], [`same_machine`]), nothing in the code can have changed, so
//! the shift is the machine's drift between the runs: `compare` prints it and judges each
//! operation against it (a regression is an operation whose interval, divided by the shift,
//! lies below 1 − threshold). When the builds differ, a shift shared by all operations may be
//! the code (a compiler flag, say) and cannot be told from drift with two separate runs:
//! `compare` prints it, judges the ratios as they are, and points to `compare --run`, which
//! alternates the two binaries.

use crate::measure::build::Build;
use crate::measure::interval::{self, Interval};
use crate::record::ResultRecord;
use serde::Serialize;

/// Matched ratios with intervals a shift needs: with fewer, one changed operation could be
/// the median.
pub const MIN_OPERATIONS: usize = 8;

/// The factor shared by all operations of a comparison.
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct RunShift {
    /// The median NEW/BASE speed ratio over the operations, with its 95 % sign-test
    /// interval.
    pub ratio: Interval,
    /// Operations it was taken over.
    pub operations: usize,
    /// How far the operations scatter around the shift: 3 robust standard deviations of
    /// their log ratios (3 × 1.4826 × the median absolute deviation), as a fraction (0.08 =
    /// 8 %). A change of machine state does not move every operation alike (a faster clock
    /// speeds up arithmetic more than memory-bound work), so an operation judged against
    /// the shift counts only when it lies outside this scatter as well.
    pub spread: f64,
    /// Whether each operation was judged against it (same build on the same machine).
    pub applied: bool,
}

impl RunShift {
    /// The shift of `ratios` (each operation's NEW/BASE estimate, > 0), or `None` with fewer
    /// than [`MIN_OPERATIONS`] or when the interval is not bounded. `applied` says whether
    /// the comparison judges its operations against it.
    pub fn estimate(ratios: &[f64], applied: bool) -> Option<RunShift> {
        let logs: Vec<f64> = ratios
            .iter()
            .filter(|r| r.is_finite() && **r > 0.0)
            .map(|r| r.ln())
            .collect();
        if logs.len() < MIN_OPERATIONS {
            return None;
        }
        let iv = interval::median(&logs, interval::LEVEL);
        let dev: Vec<f64> = logs.iter().map(|x| (x - iv.estimate).abs()).collect();
        let mad = interval::median(&dev, interval::LEVEL).estimate;
        iv.is_bounded().then(|| RunShift {
            ratio: iv.map(f64::exp),
            operations: logs.len(),
            spread: (3.0 * 1.4826 * mad).exp() - 1.0,
            applied,
        })
    }

    /// Judges an operation's ratio interval against the shift: (regression, improvement)
    /// for a threshold (0.05 = 5 %). When [`RunShift::applied`], the interval divided by
    /// the shift, against the larger of the threshold and the operations' scatter
    /// ([`RunShift::spread`]); as it is otherwise.
    pub fn judge(&self, iv: &Interval, threshold: f64) -> (bool, bool) {
        if !self.applied {
            return (iv.is_regression(threshold), iv.is_improvement(threshold));
        }
        let t = threshold.max(self.spread);
        let rel = iv.map(|x| x / self.ratio.estimate);
        (rel.is_regression(t), rel.is_improvement(t))
    }

    /// Whether the shift itself is beyond the threshold: its whole interval outside
    /// [1 − t, 1 + t].
    pub fn is_beyond(&self, threshold: f64) -> bool {
        self.ratio.is_regression(threshold) || self.ratio.is_improvement(threshold)
    }

    /// The report line, e.g. "run shift: NEW ran 0.86x [0.84, 0.88] over all 180
    /// operations (median ratio): the same build on the same machine, so this is drift
    /// between the runs; each operation is judged against it".
    pub fn describe(&self, threshold: f64) -> String {
        let head = format!(
            "run shift: NEW ran {} [{:.2}, {:.2}] over all {} operations (median ratio)",
            crate::report::fmt_speedup(self.ratio.estimate),
            self.ratio.lo,
            self.ratio.hi,
            self.operations
        );
        if self.applied {
            format!(
                "{head}: the same build on the same machine, so a shift shared by every \
                 operation is drift between the runs (clock frequency, the host); each \
                 operation is judged against it, beyond the larger of the threshold and the \
                 operations' scatter around it ({:.0} %, 3 robust SDs)",
                100.0 * self.spread
            )
        } else if self.is_beyond(threshold) {
            format!(
                "{head}: the builds or machines differ, and in two separate runs a shift \
                 shared by every operation cannot be told from drift between the runs; \
                 `pkbench compare --run BASE NEW -- ARGS` alternates two binaries and can"
            )
        } else {
            head
        }
    }
}

/// Whether two builds are the same code: the same executable (its digest), or, for records
/// without one, the same git commit, clean (not `-dirty`, not "unknown"), built by the same
/// rustc with the same profile, target, flags and features.
pub fn same_code(a: &Build, b: &Build) -> bool {
    if let (Some(x), Some(y)) = (&a.executable_sha256, &b.executable_sha256) {
        return x == y;
    }
    let clean = |c: &str| !c.is_empty() && c != "unknown" && !c.ends_with("-dirty");
    clean(&a.git_commit)
        && a.git_commit == b.git_commit
        && a.rustc == b.rustc
        && a.profile == b.profile
        && a.target == b.target
        && a.rustflags == b.rustflags
        && a.features == b.features
        && a.target_features == b.target_features
        && a.pkbench_version == b.pkbench_version
}

/// Whether two records ran on the same machine: host name, CPU model and core count.
pub fn same_machine(a: &ResultRecord, b: &ResultRecord) -> bool {
    let (x, y) = (&a.machine, &b.machine);
    x.hostname == y.hostname && x.cpu_model == y.cpu_model && x.cores == y.cores
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iv(estimate: f64, lo: f64, hi: f64) -> Interval {
        Interval {
            estimate,
            lo,
            hi,
            level: 0.95,
        }
    }

    #[test]
    fn shift_is_the_median_ratio_with_an_interval() {
        // 30 operations around 0.86 with a little spread, two real changes.
        let mut r: Vec<f64> = (0..30)
            .map(|i| 0.86 * (1.0 + 0.002 * (i % 7) as f64))
            .collect();
        r[3] = 0.5;
        r[9] = 1.4;
        let s = RunShift::estimate(&r, true).unwrap();
        assert!((s.ratio.estimate - 0.864).abs() < 0.01, "{s:?}");
        assert!(s.ratio.lo <= s.ratio.estimate && s.ratio.estimate <= s.ratio.hi);
        assert!(s.ratio.hi < 0.9, "{s:?}");
        assert_eq!(s.operations, 30);
        assert!(RunShift::estimate(&r[..7], true).is_none());
    }

    #[test]
    fn same_code_by_digest_else_by_clean_commit() {
        let mut a = Build::detect(Vec::new(), String::new());
        a.git_commit = "0123456789ab".into();
        a.executable_sha256 = None;
        let mut b = a.clone();
        assert!(same_code(&a, &b));
        b.rustflags = "-C target-cpu=native".into();
        assert!(!same_code(&a, &b), "another flag is other code");
        let mut d = a.clone();
        d.git_commit = "0123456789ab-dirty".into();
        let e = d.clone();
        assert!(!same_code(&d, &e), "two dirty trees may differ");
        let (mut d, mut e) = (d, e);
        d.executable_sha256 = Some("00aa".into());
        e.executable_sha256 = Some("00aa".into());
        assert!(same_code(&d, &e), "the same executable");
        e.executable_sha256 = Some("00ab".into());
        assert!(!same_code(&d, &e));
        assert!(
            Build::detect(Vec::new(), String::new())
                .executable_sha256
                .is_some_and(|h| h.len() == 16)
        );
    }

    #[test]
    fn operations_that_scatter_set_the_bar() {
        // A faster clock: 120 operations 5–17 % faster, 60 memory-bound ones -2–6 %.
        let mut r: Vec<f64> = (0..120).map(|i| 1.05 + 0.001 * i as f64).collect();
        r.extend((0..60).map(|i| 0.98 + 0.00133 * i as f64));
        let s = RunShift::estimate(&r, true).unwrap();
        assert!((s.ratio.estimate - 1.09).abs() < 0.02, "{s:?}");
        assert!(s.spread > 0.09, "{s:?}");
        assert_eq!(s.judge(&iv(1.02, 1.00, 1.04), 0.05), (false, false));
        // Tight operations: a 15 % outlier is still found.
        let mut r = vec![1.0; 60];
        r.extend((0..60).map(|i| 1.0 + 0.001 * (i % 10) as f64));
        let s = RunShift::estimate(&r, true).unwrap();
        assert!(s.spread < 0.05, "{s:?}");
        assert_eq!(s.judge(&iv(0.85, 0.82, 0.88), 0.05), (true, false));
    }

    #[test]
    fn judged_against_the_shift_only_when_applied() {
        let r: Vec<f64> = vec![0.86; 20];
        let applied = RunShift::estimate(&r, true).unwrap();
        let raw = RunShift::estimate(&r, false).unwrap();
        let op = iv(0.86, 0.84, 0.88);
        assert_eq!(applied.judge(&op, 0.05), (false, false));
        assert_eq!(raw.judge(&op, 0.05), (true, false));
        // Slower than the rest of the run by 20 %: still a regression.
        let worse = iv(0.69, 0.66, 0.72);
        assert_eq!(applied.judge(&worse, 0.05), (true, false));
        assert!(applied.is_beyond(0.05));
        assert!(applied.describe(0.05).contains("judged against it"));
        assert!(raw.describe(0.05).contains("compare --run"));
    }
}

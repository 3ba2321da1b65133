//! Confidence intervals from rounds: how sure a figure or a ratio is, on a machine whose
//! speed drifts between rounds.
//!
//! A run measures each operation in several rounds spread over the run; the medians of the
//! rounds are the data here (one value per round), so the intervals reflect what moves
//! between rounds (clock frequency, a busy sibling core, the host), not only the spread
//! inside one round. All three intervals are distribution-free rank methods with exact
//! small-sample coverage (the level is at least the one asked for):
//!
//! - [`median`]: the median of one set of rounds, from order statistics (the sign-test
//!   interval; Hollander, Wolfe & Chicken, *Nonparametric Statistical Methods*, 3rd ed. 2014,
//!   §3.6; Conover, *Practical Nonparametric Statistics*, 3rd ed. 1999, §3.2).
//! - [`ratio_unpaired`]: the speed ratio of two independent sets of rounds (two records), the
//!   Hodges–Lehmann estimate of the shift of the log times with the Mann–Whitney interval
//!   (Hollander–Wolfe §4.3; Bauer, JASA 67, 1972).
//! - [`ratio_paired`]: the speed ratio of rounds taken in pairs (two implementations or two
//!   binaries alternating round by round), the Hodges–Lehmann estimate of the paired log
//!   ratios with the Wilcoxon signed-rank interval (Hollander–Wolfe §3.2; Hodges & Lehmann,
//!   Ann. Math. Stat. 34, 1963).
//!
//! Ratios are speed ratios NEW/BASE: `time(BASE) / time(NEW)`, so 1.25 means NEW is 1.25×
//! as fast and 0.8 means it is slower. [`Interval::is_regression`] is the rule `compare`
//! applies: a regression only when the whole interval lies below `1 − threshold`.

use serde::{Deserialize, Serialize};

/// The confidence level of every interval pkbench prints.
pub const LEVEL: f64 = 0.95;

/// Sizes up to which the exact null distributions are computed; above, the normal
/// approximation with continuity correction (Hollander–Wolfe §3.2, §4.1).
const EXACT_LIMIT: usize = 2500;

/// An estimate with its confidence interval. `lo`/`hi` are infinite when the data are too
/// few for the level (e.g. a median from fewer than 6 rounds at 95 %).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// The point estimate (a median, or a Hodges–Lehmann ratio).
    pub estimate: f64,
    /// Lower end.
    pub lo: f64,
    /// Upper end.
    pub hi: f64,
    /// The coverage asked for (the exact coverage is at least this).
    pub level: f64,
}

impl Interval {
    /// Whether both ends are finite (enough data for the level).
    pub fn is_bounded(&self) -> bool {
        self.lo.is_finite() && self.hi.is_finite()
    }

    /// Whether `x` lies inside the interval (ends included).
    pub fn contains(&self, x: f64) -> bool {
        self.lo <= x && x <= self.hi
    }

    /// Whether two intervals share a point.
    pub fn overlaps(&self, other: &Interval) -> bool {
        self.lo <= other.hi && other.lo <= self.hi
    }

    /// For a speed ratio NEW/BASE: the whole interval lies below `1 − threshold` (NEW slower
    /// beyond the threshold, given as a fraction such as 0.05). A larger threshold can only
    /// remove regressions.
    pub fn is_regression(&self, threshold: f64) -> bool {
        self.hi < 1.0 - threshold
    }

    /// For a speed ratio NEW/BASE: the whole interval lies above `1 + threshold`.
    pub fn is_improvement(&self, threshold: f64) -> bool {
        self.lo > 1.0 + threshold
    }

    /// The interval mapped through an increasing function `f` (e.g. a unit change or `exp`).
    pub fn map(self, f: impl Fn(f64) -> f64) -> Interval {
        Interval {
            estimate: f(self.estimate),
            lo: f(self.lo),
            hi: f(self.hi),
            level: self.level,
        }
    }
}

/// The smallest rank `k ≥ 1` … : the largest `k` such that `cdf(k − 1) ≤ alpha/2`, where
/// `cdf(j)` is the null probability that the statistic is at most `j`; 0 when even `k = 1`
/// fails (no interval at this level).
fn depth(alpha: f64, cdf: impl Fn(usize) -> f64, max: usize) -> usize {
    let mut k = 0;
    while k < max && cdf(k) <= alpha / 2.0 {
        k += 1;
    }
    k
}

/// The `k`-th smallest (1-based) of sorted `v`, or −∞ for k = 0.
fn lower(v: &[f64], k: usize) -> f64 {
    if k == 0 || v.is_empty() {
        f64::NEG_INFINITY
    } else {
        v[k - 1]
    }
}

/// The `k`-th largest (1-based) of sorted `v`, or +∞ for k = 0.
fn upper(v: &[f64], k: usize) -> f64 {
    if k == 0 || v.is_empty() {
        f64::INFINITY
    } else {
        v[v.len() - k]
    }
}

fn sorted(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(f64::total_cmp);
    v
}

/// The median of sorted data.
fn mid(v: &[f64]) -> f64 {
    super::stats::quantile(v, 0.5)
}

/// Standard normal CDF (Abramowitz & Stegun 26.2.17 through erf's complement, |error| <
/// 1.5e-7).
fn normal_cdf(z: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * z.abs() / std::f64::consts::SQRT_2);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erfc = poly * (-(z * z) / 2.0).exp();
    if z >= 0.0 {
        1.0 - erfc / 2.0
    } else {
        erfc / 2.0
    }
}

/// P(Binomial(n, 1/2) ≤ j).
fn binomial_half_cdf(n: usize, j: usize) -> f64 {
    let mut p = 0.5f64.powi(n as i32);
    let mut sum = 0.0;
    for i in 0..=j.min(n) {
        sum += p;
        p *= (n - i) as f64 / (i + 1) as f64;
    }
    sum
}

/// The distribution-free interval for the median of `x` (one value per round): the order
/// statistics `[x_(k), x_(n+1−k)]` with `k` from the Binomial(n, ½) distribution of the sign
/// test. At 95 % it needs at least 6 values; with fewer the ends are infinite.
pub fn median(x: &[f64], level: f64) -> Interval {
    let v = sorted(x.iter().copied().filter(|a| a.is_finite()).collect());
    let n = v.len();
    let k = depth(1.0 - level, |j| binomial_half_cdf(n, j), n / 2);
    Interval {
        estimate: if n == 0 { f64::NAN } else { mid(&v) },
        lo: lower(&v, k),
        hi: upper(&v, k),
        level,
    }
}

/// Null distribution of the Mann–Whitney count U for samples of sizes `n` and `m`: `p[u]`
/// = P(U = u), u = 0 … nm, by the recursion P(n, m, u) = n/(n+m)·P(n−1, m, u−m) +
/// m/(n+m)·P(n, m−1, u).
fn mann_whitney_pmf(n: usize, m: usize) -> Vec<f64> {
    // table[i][j] = distribution for sizes (i, j), built for i ≤ n, j ≤ m.
    let mut prev_row: Vec<Vec<f64>> = (0..=m).map(|_| vec![1.0]).collect(); // i = 0: U = 0
    for i in 1..=n {
        let mut row: Vec<Vec<f64>> = Vec::with_capacity(m + 1);
        row.push(vec![1.0]); // j = 0: U = 0
        for j in 1..=m {
            let len = i * j + 1;
            let mut p = vec![0.0; len];
            let (wi, wj) = (i as f64 / (i + j) as f64, j as f64 / (i + j) as f64);
            // From (i−1, j): the i-th x exceeds all j y's: U grows by j.
            for (u, q) in prev_row[j].iter().enumerate() {
                p[u + j] += wi * q;
            }
            // From (i, j−1): the j-th y exceeds every x: U unchanged.
            for (u, q) in row[j - 1].iter().enumerate() {
                p[u] += wj * q;
            }
            row.push(p);
        }
        prev_row = row;
    }
    prev_row.pop().unwrap_or_else(|| vec![1.0])
}

/// Null distribution of the Wilcoxon signed-rank sum T⁺ for `n` pairs: `p[t]` = P(T⁺ = t),
/// t = 0 … n(n+1)/2 (each rank 1 … n in or out with probability ½).
fn signed_rank_pmf(n: usize) -> Vec<f64> {
    let max = n * (n + 1) / 2;
    let mut p = vec![0.0; max + 1];
    p[0] = 1.0;
    for r in 1..=n {
        for t in (0..=max).rev() {
            let with = if t >= r { p[t - r] } else { 0.0 };
            p[t] = 0.5 * (p[t] + with);
        }
    }
    p
}

fn cdf_of(pmf: &[f64]) -> Vec<f64> {
    pmf.iter()
        .scan(0.0, |acc, &q| {
            *acc += q;
            Some(*acc)
        })
        .collect()
}

/// The shift of `x` over `y` (location of x − location of y): the Hodges–Lehmann estimate
/// (median of the n·m differences) with the Mann–Whitney interval.
pub fn shift_unpaired(x: &[f64], y: &[f64], level: f64) -> Interval {
    let x: Vec<f64> = x.iter().copied().filter(|a| a.is_finite()).collect();
    let y: Vec<f64> = y.iter().copied().filter(|a| a.is_finite()).collect();
    let (n, m) = (x.len(), y.len());
    if n == 0 || m == 0 {
        return Interval {
            estimate: f64::NAN,
            lo: f64::NEG_INFINITY,
            hi: f64::INFINITY,
            level,
        };
    }
    let d = sorted(
        x.iter()
            .flat_map(|a| y.iter().map(move |b| a - b))
            .collect(),
    );
    let nm = n * m;
    let alpha = 1.0 - level;
    let k = if nm <= EXACT_LIMIT {
        let cdf = cdf_of(&mann_whitney_pmf(n, m));
        depth(alpha, |j| cdf[j], nm / 2)
    } else {
        let (mean, sd) = (
            nm as f64 / 2.0,
            (nm as f64 * (n + m + 1) as f64 / 12.0).sqrt(),
        );
        depth(alpha, |j| normal_cdf((j as f64 + 0.5 - mean) / sd), nm / 2)
    };
    Interval {
        estimate: mid(&d),
        lo: lower(&d, k),
        hi: upper(&d, k),
        level,
    }
}

/// The location of paired differences `d`: the Hodges–Lehmann estimate (median of the Walsh
/// averages (dᵢ + dⱼ)/2, i ≤ j) with the Wilcoxon signed-rank interval. At 95 % it needs at
/// least 6 pairs.
pub fn shift_paired(d: &[f64], level: f64) -> Interval {
    let d: Vec<f64> = d.iter().copied().filter(|a| a.is_finite()).collect();
    let n = d.len();
    let mut walsh = Vec::with_capacity(n * (n + 1) / 2);
    for i in 0..n {
        for j in i..n {
            walsh.push((d[i] + d[j]) / 2.0);
        }
    }
    let w = sorted(walsh);
    let m = w.len();
    let alpha = 1.0 - level;
    let k = if m <= EXACT_LIMIT {
        let cdf = cdf_of(&signed_rank_pmf(n));
        depth(alpha, |j| cdf[j], m / 2)
    } else {
        let mean = m as f64 / 2.0;
        let sd = (n as f64 * (n + 1) as f64 * (2 * n + 1) as f64 / 24.0).sqrt();
        depth(alpha, |j| normal_cdf((j as f64 + 0.5 - mean) / sd), m / 2)
    };
    Interval {
        estimate: if m == 0 { f64::NAN } else { mid(&w) },
        lo: lower(&w, k),
        hi: upper(&w, k),
        level,
    }
}

/// The speed ratio NEW/BASE from two independent sets of round times (seconds per
/// operation, one value per round; any positive unit, the same for both): exp of the
/// Hodges–Lehmann shift of ln(BASE) over ln(NEW), with its Mann–Whitney interval.
pub fn ratio_unpaired(base: &[f64], new: &[f64], level: f64) -> Interval {
    let ln = |v: &[f64]| {
        v.iter()
            .filter(|t| **t > 0.0)
            .map(|t| t.ln())
            .collect::<Vec<_>>()
    };
    shift_unpaired(&ln(base), &ln(new), level).map(f64::exp)
}

/// The speed ratio NEW/BASE from round times taken in pairs (`base[i]` and `new[i]` measured
/// back to back): exp of the Hodges–Lehmann estimate of ln(baseᵢ / newᵢ) with its Wilcoxon
/// signed-rank interval. Pairs with a non-positive time are left out.
pub fn ratio_paired(base: &[f64], new: &[f64], level: f64) -> Interval {
    let d: Vec<f64> = base
        .iter()
        .zip(new)
        .filter(|(b, n)| **b > 0.0 && **n > 0.0)
        .map(|(b, n)| (b / n).ln())
        .collect();
    shift_paired(&d, level).map(f64::exp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha20Rng;
    use rand_core::{Rng, SeedableRng};

    /// A standard normal deviate (Box–Muller).
    fn gauss(rng: &mut ChaCha20Rng) -> f64 {
        let u1 = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let u2 = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        (-2.0 * (u1.max(1e-300)).ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()
    }

    /// `rounds` round times around `t` with multiplicative noise of relative sd `sd`.
    fn rounds(rng: &mut ChaCha20Rng, t: f64, sd: f64, rounds: usize) -> Vec<f64> {
        (0..rounds).map(|_| t * (sd * gauss(rng)).exp()).collect()
    }

    #[test]
    fn exact_distributions_match_known_values() {
        // Mann–Whitney, n = m = 3: 20 arrangements, P(U = 0) = 1/20, P(U ≤ 1) = 2/20.
        let p = mann_whitney_pmf(3, 3);
        assert_eq!(p.len(), 10);
        assert!((p[0] - 0.05).abs() < 1e-12 && (p[1] - 0.05).abs() < 1e-12);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // Symmetry.
        for u in 0..10 {
            assert!((p[u] - p[9 - u]).abs() < 1e-12);
        }
        // Signed rank, n = 5: 32 patterns, P(T = 0) = 1/32, P(T = 3) = 2/32 ({3}, {1,2}).
        let w = signed_rank_pmf(5);
        assert_eq!(w.len(), 16);
        assert!((w[0] - 1.0 / 32.0).abs() < 1e-12 && (w[3] - 2.0 / 32.0).abs() < 1e-12);
        // Binomial(10, ½): P(X ≤ 1) = 11/1024.
        assert!((binomial_half_cdf(10, 1) - 11.0 / 1024.0).abs() < 1e-12);
        assert!((normal_cdf(1.959_964) - 0.975).abs() < 1e-6);
    }

    #[test]
    fn median_interval_uses_order_statistics() {
        let x: Vec<f64> = (1..=10).map(f64::from).collect();
        let iv = median(&x, 0.95);
        // n = 10: P(B ≤ 1) = 0.011 ≤ 0.025 < P(B ≤ 2) = 0.055, so k = 2: [x(2), x(9)].
        assert_eq!((iv.lo, iv.estimate, iv.hi), (2.0, 5.5, 9.0));
        let few = median(&[1.0, 2.0, 3.0, 4.0, 5.0], 0.95);
        assert!(
            !few.is_bounded(),
            "5 values cannot give a 95 % interval: {few:?}"
        );
    }

    #[test]
    fn shift_intervals_bracket_a_known_shift() {
        let x = [10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0];
        let y = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let iv = shift_unpaired(&x, &y, 0.95);
        assert_eq!(iv.estimate, 10.0);
        assert!(iv.contains(10.0) && iv.lo > 5.0 && iv.hi < 15.0, "{iv:?}");
        let d = [1.0, 1.1, 0.9, 1.05, 0.95, 1.0, 1.02, 0.98];
        let p = shift_paired(&d, 0.95);
        assert!(p.contains(1.0) && p.lo > 0.9 && p.hi < 1.1, "{p:?}");
        let r = ratio_paired(&[2.0; 8], &[1.0; 8], 0.95);
        assert!((r.estimate - 2.0).abs() < 1e-12 && (r.lo - 2.0).abs() < 1e-12);
    }

    /// The operating characteristics `compare` relies on, on synthetic rounds: with 8 %
    /// between-round noise (log-normal, sd 0.08) and no change, fewer than 5 % of 1000
    /// comparisons flag a regression at the default 5 % threshold; a 15 % slowdown is found in
    /// at least 90 %.
    #[test]
    fn regression_rule_on_synthetic_rounds() {
        let mut rng = ChaCha20Rng::seed_from_u64(18);
        let n = super::super::DEFAULT_ROUNDS;
        let trials = 1000;
        let mut flagged = [0usize; 2];
        let mut paired_flagged = [0usize; 2];
        for (i, slowdown) in [1.0, 1.15].into_iter().enumerate() {
            for _ in 0..trials {
                let base = rounds(&mut rng, 1e-6, 0.08, n);
                let new = rounds(&mut rng, 1e-6 * slowdown, 0.08, n);
                if ratio_unpaired(&base, &new, LEVEL).is_regression(0.05) {
                    flagged[i] += 1;
                }
                if ratio_paired(&base, &new, LEVEL).is_regression(0.05) {
                    paired_flagged[i] += 1;
                }
            }
        }
        eprintln!(
            "rounds {n}: unpaired flagged {flagged:?}, paired {paired_flagged:?} of {trials}"
        );
        assert!(flagged[0] < trials / 20, "false alarms {}", flagged[0]);
        assert!(flagged[1] >= trials * 9 / 10, "found {}", flagged[1]);
        assert!(paired_flagged[0] < trials / 20);
        assert!(
            paired_flagged[1] >= trials * 9 / 10,
            "paired found {}",
            paired_flagged[1]
        );
    }

    #[test]
    fn a_larger_threshold_never_adds_a_regression() {
        let mut rng = ChaCha20Rng::seed_from_u64(7);
        for _ in 0..200 {
            let base = rounds(&mut rng, 1.0, 0.1, 12);
            let new = rounds(&mut rng, 1.1, 0.1, 12);
            let iv = ratio_unpaired(&base, &new, LEVEL);
            let mut was = true;
            for t in [0.0, 0.01, 0.05, 0.1, 0.2, 0.5] {
                let is = iv.is_regression(t);
                assert!(was || !is, "threshold {t} added a regression: {iv:?}");
                was = is;
            }
        }
    }
}

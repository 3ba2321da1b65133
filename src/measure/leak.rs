//! The statistics of a fixed-versus-random leak test (dudect: O. Reparaz, J. Balasch,
//! I. Verbauwhede, "Dude, is my code constant time?", DATE 2017).
//!
//! Two classes of inputs — one fixed input, fresh random inputs — are run in random order and
//! each run is timed singly. If the time does not depend on the input, both classes' times
//! come from one distribution, and Welch's t statistic of their means stays small. The test
//! is run on the whole data and on the data cropped at several percentiles of the pooled
//! times (outliers from interrupts and migrations dominate the uncropped test; a dependence
//! that only moves the fast runs shows in a low crop), and the largest |t| is the row's
//! figure. Everything is online: each class of each crop keeps its count, mean and sum of
//! squared deviations (Welford 1962), so a run of millions of measurements stores no samples
//! after its first [`CALIBRATION`].

use serde::{Deserialize, Serialize};

/// |t| above which a row reads "timing depends on the input": 4.5, the threshold of the
/// TVLA methodology (G. Goodwill, B. Jun, J. Jaffe, P. Rohatgi, "A testing methodology for
/// side-channel resistance validation", NIST NIAT 2011) that dudect's paper uses; under
/// the null hypothesis a normal |t| exceeds it with probability about 7·10⁻⁶.
pub const T_THRESHOLD: f64 = 4.5;

/// |t| that dudect calls clear evidence ("definitely not constant time",
/// `t_threshold_moderate` in dudect.h).
pub const T_CLEAR: f64 = 10.0;

/// |t| at which a row stops measuring: twice [`T_CLEAR`], so that a row stopped early stays
/// beyond 10 with a wide margin.
pub const T_STOP: f64 = 2.0 * T_CLEAR;

/// |t| from which a row's verdict counts as undecided, up to [`T_CLEAR`]: near enough to
/// [`T_THRESHOLD`] that another run of the same budget may read it on the other side.
/// While a row is undecided it takes the turns of the rows that stopped at [`T_STOP`]
/// (`bench::leak::drive`), so that a real dependence gathers evidence (|t| grows as the
/// square root of the measurements) and clears the band, while a row with none falls back
/// (its t stays of the order of 1 however many measurements it takes).
pub const T_UNDECIDED: f64 = 3.0;

/// Measurements per class a test needs before its t counts towards the row's largest |t|
/// (a crop at a low percentile sees few; Welch's t of fewer is too rough to compare with
/// 4.5). dudect counts a test after 10 000 measurements of its fast target; pkbench's
/// slowest operations (modp-8192) take milliseconds each, so the floor is lower.
pub const MIN_PER_CLASS: u64 = 100;

/// Number of percentile crops, as dudect (`DUDECT_NUMBER_PERCENTILES`).
pub const CROPS: usize = 100;

/// Measurements kept before the crop thresholds are set from them (then they are counted
/// like every later one).
pub const CALIBRATION: usize = 200;

/// Largest |t| stored: a t of two classes with no spread and different means is infinite,
/// which JSON cannot hold.
pub const T_MAX: f64 = 1e9;

/// Running count, mean and sum of squared deviations of one class (B. P. Welford, "Note on
/// a method for calculating corrected sums of squares and products", Technometrics 4(3),
/// 1962).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Welford {
    /// Values seen.
    pub n: u64,
    /// Their mean.
    pub mean: f64,
    /// Sum of squared deviations from the mean.
    pub m2: f64,
}

impl Welford {
    /// Adds one value.
    pub fn push(&mut self, x: f64) {
        self.n += 1;
        let d = x - self.mean;
        self.mean += d / self.n as f64;
        self.m2 += d * (x - self.mean);
    }

    /// The sample variance (divisor n − 1); 0 for fewer than two values.
    pub fn variance(&self) -> f64 {
        if self.n < 2 {
            0.0
        } else {
            self.m2 / (self.n - 1) as f64
        }
    }
}

/// Which class a measurement belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// The fixed input.
    Fixed = 0,
    /// A fresh random input.
    Random = 1,
}

/// Welch's two-sample t test, online: one [`Welford`] per class.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct TTest {
    /// The fixed class.
    pub fixed: Welford,
    /// The random class.
    pub random: Welford,
}

impl TTest {
    /// Adds one measurement of `class`.
    pub fn push(&mut self, class: Class, x: f64) {
        match class {
            Class::Fixed => self.fixed.push(x),
            Class::Random => self.random.push(x),
        }
    }

    /// Welch's t = (mean_fixed − mean_random) / √(s²_fixed/n_fixed + s²_random/n_random),
    /// clamped to ±[`T_MAX`]; `None` until each class has two values. Equal means with no
    /// spread give 0.
    pub fn t(&self) -> Option<f64> {
        let (a, b) = (&self.fixed, &self.random);
        if a.n < 2 || b.n < 2 {
            return None;
        }
        let diff = a.mean - b.mean;
        let se = (a.variance() / a.n as f64 + b.variance() / b.n as f64).sqrt();
        if se == 0.0 {
            return Some(if diff == 0.0 {
                0.0
            } else {
                T_MAX.copysign(diff)
            });
        }
        Some((diff / se).clamp(-T_MAX, T_MAX))
    }

    /// The smaller of the two classes' counts.
    pub fn min_n(&self) -> u64 {
        self.fixed.n.min(self.random.n)
    }
}

/// The fractions of the pooled times at which dudect crops: 1 − 0.5^(10·(i+1)/100) for
/// i = 0 … 99 (`prepare_percentiles` in dudect.h), from 0.067 to 0.999, denser near the top.
pub fn crop_fractions() -> Vec<f64> {
    (0..CROPS)
        .map(|i| 1.0 - 0.5f64.powf(10.0 * (i + 1) as f64 / CROPS as f64))
        .collect()
}

/// The value below which a fraction `p` of the sorted values lies: `sorted[⌊len·p⌋]`
/// (dudect's `percentile`), the last value for p ≥ 1; 0 for no values.
pub fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((sorted.len() as f64 * p) as usize).min(sorted.len() - 1);
    sorted[i]
}

/// One row's leak test: the uncropped test and one per crop, fed online.
///
/// The first [`CALIBRATION`] measurements are kept; their pooled percentiles
/// ([`crop_fractions`]) become the crop thresholds, and then they and every later
/// measurement go into each test whose threshold they lie below (the uncropped test takes
/// all). The thresholds come from both classes pooled, so a crop treats the classes alike.
#[derive(Debug, Clone)]
pub struct LeakTest {
    /// Thresholds in ticks, ascending, one per crop (empty until calibrated).
    thresholds: Vec<u64>,
    /// Test 0: uncropped; test i ≥ 1: values below `thresholds[i − 1]`.
    tests: Vec<TTest>,
    /// Measurements waiting for the calibration.
    pending: Vec<(Class, u64)>,
    /// How many to wait for.
    calibration: usize,
}

/// What a row's test found: the largest |t| over the tests with enough measurements and
/// every test's figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Measurements of the fixed class.
    pub n_fixed: u64,
    /// Measurements of the random class.
    pub n_random: u64,
    /// The largest |t| over the tests with at least [`MIN_PER_CLASS`] per class; `None`
    /// when none has.
    pub max_abs_t: Option<f64>,
    /// Which test gave it: `None` for the uncropped test, else the crop's fraction.
    pub max_crop: Option<f64>,
    /// The uncropped test.
    pub uncropped: TTest,
    /// Each crop: its fraction of the pooled times, its threshold in ticks, its test.
    pub crops: Vec<(f64, u64, TTest)>,
}

impl Default for LeakTest {
    fn default() -> Self {
        LeakTest::new(CALIBRATION)
    }
}

impl LeakTest {
    /// A test whose crop thresholds are set after `calibration` measurements (at least 1).
    pub fn new(calibration: usize) -> LeakTest {
        LeakTest {
            thresholds: Vec::new(),
            tests: vec![TTest::default(); CROPS + 1],
            pending: Vec::new(),
            calibration: calibration.max(1),
        }
    }

    /// Adds one measurement of `class` (`ticks` of the leak clock).
    pub fn push(&mut self, class: Class, ticks: u64) {
        if self.thresholds.is_empty() {
            self.pending.push((class, ticks));
            if self.pending.len() >= self.calibration {
                self.calibrate();
            }
            return;
        }
        self.feed(class, ticks);
    }

    /// Sets the thresholds from the pending measurements and feeds them in.
    fn calibrate(&mut self) {
        let mut sorted: Vec<u64> = self.pending.iter().map(|p| p.1).collect();
        sorted.sort_unstable();
        self.thresholds = crop_fractions()
            .into_iter()
            .map(|p| percentile(&sorted, p))
            .collect();
        for (class, ticks) in std::mem::take(&mut self.pending) {
            self.feed(class, ticks);
        }
    }

    fn feed(&mut self, class: Class, ticks: u64) {
        let x = ticks as f64;
        self.tests[0].push(class, x);
        // Thresholds ascend: the crops that take `ticks` are the ones from the first
        // threshold above it to the end.
        let first = self.thresholds.partition_point(|&t| t <= ticks);
        for test in &mut self.tests[1 + first..] {
            test.push(class, x);
        }
    }

    /// Measurements so far, both classes.
    pub fn len(&self) -> u64 {
        if self.thresholds.is_empty() {
            self.pending.len() as u64
        } else {
            self.tests[0].fixed.n + self.tests[0].random.n
        }
    }

    /// Whether nothing was measured.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The figures so far. Before the calibration is complete the pending measurements
    /// count as the uncropped test (no crops yet).
    pub fn summary(&self) -> Summary {
        let mut test = self.clone();
        if test.thresholds.is_empty() && !test.pending.is_empty() {
            test.calibrate();
        }
        let uncropped = test.tests[0];
        let crops: Vec<(f64, u64, TTest)> = crop_fractions()
            .into_iter()
            .zip(test.thresholds.iter().copied())
            .zip(test.tests[1..].iter().copied())
            .map(|((p, th), t)| (p, th, t))
            .collect();
        let mut best: Option<(f64, Option<f64>)> = None;
        let candidates =
            std::iter::once((None, uncropped)).chain(crops.iter().map(|&(p, _, t)| (Some(p), t)));
        for (crop, t) in candidates {
            if t.min_n() < MIN_PER_CLASS {
                continue;
            }
            if let Some(v) = t.t().map(f64::abs)
                && best.is_none_or(|(b, _)| v > b)
            {
                best = Some((v, crop));
            }
        }
        Summary {
            n_fixed: uncropped.fixed.n,
            n_random: uncropped.random.n,
            max_abs_t: best.map(|b| b.0),
            max_crop: best.and_then(|b| b.1),
            uncropped,
            crops,
        }
    }
}

/// The reading of a row's largest |t|.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Verdict {
    /// |t| > [`T_THRESHOLD`]: the time depends on the input.
    Depends {
        /// The largest |t|.
        t: f64,
    },
    /// |t| ≤ [`T_THRESHOLD`] over `n` measurements: no dependence found (which is not a
    /// proof that there is none).
    NoneFound {
        /// Measurements, both classes.
        n: u64,
    },
    /// No test had [`MIN_PER_CLASS`] measurements per class.
    TooFew {
        /// Measurements, both classes.
        n: u64,
    },
}

impl Verdict {
    /// The verdict of `summary`.
    pub fn of(summary: &Summary) -> Verdict {
        Verdict::from_parts(summary.max_abs_t, summary.n_fixed + summary.n_random)
    }

    /// The verdict of a largest |t| (if any test counted) over `n` measurements.
    pub fn from_parts(max_abs_t: Option<f64>, n: u64) -> Verdict {
        match max_abs_t {
            Some(t) if t > T_THRESHOLD => Verdict::Depends { t },
            Some(_) => Verdict::NoneFound { n },
            None => Verdict::TooFew { n },
        }
    }

    /// The verdict in two words, as a column beside other figures shows it: "depends",
    /// "none found", "no verdict".
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Depends { .. } => "depends",
            Verdict::NoneFound { .. } => "none found",
            Verdict::TooFew { .. } => "no verdict",
        }
    }

    /// The verdict in the field's words: "timing depends on the input (|t| = 57 > 4.5)",
    /// "no dependence found in 2.1 M measurements (|t| ≤ 4.5)" — never "constant time",
    /// which no finite test shows.
    pub fn text(&self) -> String {
        match *self {
            Verdict::Depends { t } => format!(
                "timing depends on the input (|t| = {} > {T_THRESHOLD})",
                fmt_t(t)
            ),
            Verdict::NoneFound { n } => format!(
                "no dependence found in {} measurements (|t| ≤ {T_THRESHOLD})",
                fmt_count(n)
            ),
            Verdict::TooFew { n } => format!(
                "no verdict: {} measurements, fewer than {MIN_PER_CLASS} per class (give more --time)",
                fmt_count(n)
            ),
        }
    }
}

/// |t| for reading: whole numbers from 10 up ("57"), one decimal below ("4.7").
pub fn fmt_t(t: f64) -> String {
    let t = t.abs();
    if t >= 10.0 {
        format!("{t:.0}")
    } else {
        format!("{t:.1}")
    }
}

/// A count for reading: "850", "12 k" from 10 000, "2.1 M" from a million.
pub fn fmt_count(n: u64) -> String {
    if n >= 1_000_000 {
        format!("{:.1} M", n as f64 / 1e6)
    } else if n >= 10_000 {
        format!("{:.0} k", n as f64 / 1e3)
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn welford_matches_the_two_pass_formulas() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sum of squared deviations 32, variance 32/7.
        let mut w = Welford::default();
        for x in [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0] {
            w.push(x);
        }
        assert_eq!(w.n, 8);
        assert!((w.mean - 5.0).abs() < 1e-12);
        assert!((w.m2 - 32.0).abs() < 1e-12);
        assert!((w.variance() - 32.0 / 7.0).abs() < 1e-12);
        // Large offsets (cycle counts near 1e12) keep their precision.
        let mut w = Welford::default();
        for x in [1e12 + 4.0, 1e12 + 7.0, 1e12 + 13.0, 1e12 + 16.0] {
            w.push(x);
        }
        assert!((w.mean - (1e12 + 10.0)).abs() < 1e-3);
        assert!((w.variance() - 30.0).abs() < 1e-6);
        assert_eq!(Welford::default().variance(), 0.0);
    }

    #[test]
    fn welch_t_known_value() {
        // A = 1..=5 (mean 3, var 2.5), B = 3,5,7,9,11 (mean 7, var 10):
        // t = (3 − 7) / √(2.5/5 + 10/5) = −4 / √2.5 = −2.5298221281…
        let mut t = TTest::default();
        for x in 1..=5 {
            t.push(Class::Fixed, x as f64);
        }
        for x in [3.0, 5.0, 7.0, 9.0, 11.0] {
            t.push(Class::Random, x);
        }
        let v = t.t().unwrap();
        assert!((v - (-2.529_822_128_134_704)).abs() < 1e-12, "{v}");
        assert_eq!(t.min_n(), 5);
        // Too few values, no spread.
        let mut one = TTest::default();
        one.push(Class::Fixed, 1.0);
        one.push(Class::Random, 1.0);
        assert_eq!(one.t(), None);
        let mut flat = TTest::default();
        for _ in 0..3 {
            flat.push(Class::Fixed, 5.0);
            flat.push(Class::Random, 5.0);
        }
        assert_eq!(flat.t(), Some(0.0));
        flat.push(Class::Fixed, 5.0);
        let mut apart = TTest::default();
        for _ in 0..3 {
            apart.push(Class::Fixed, 6.0);
            apart.push(Class::Random, 5.0);
        }
        assert_eq!(apart.t(), Some(T_MAX));
    }

    #[test]
    fn crop_fractions_are_dudects() {
        let f = crop_fractions();
        assert_eq!(f.len(), 100);
        // 1 − 0.5^0.1, 1 − 0.5^5, 1 − 0.5^10.
        assert!((f[0] - 0.066_967_008_463_192_6).abs() < 1e-12);
        assert!((f[49] - 0.968_75).abs() < 1e-12);
        assert!((f[99] - 0.999_023_437_5).abs() < 1e-12);
        assert!(f.windows(2).all(|w| w[0] < w[1]));
        let sorted: Vec<u64> = (0..100).collect();
        assert_eq!(percentile(&sorted, 0.5), 50);
        assert_eq!(percentile(&sorted, 0.999), 99);
        assert_eq!(percentile(&sorted, 1.5), 99);
        assert_eq!(percentile(&[], 0.5), 0);
    }

    /// A seeded stream: each measurement's class by a coin, its value 1 000 + a uniform
    /// draw below 50, plus `shift` for the random class.
    fn stream(shift: u64, n: u64) -> LeakTest {
        use rand_core::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(32);
        let mut lt = LeakTest::new(CALIBRATION);
        for _ in 0..n {
            let class = if rng.next_u32() & 1 == 0 {
                Class::Fixed
            } else {
                Class::Random
            };
            let base = 1_000 + u64::from(rng.next_u32() % 50);
            lt.push(class, base + if class == Class::Random { shift } else { 0 });
        }
        lt
    }

    #[test]
    fn crops_take_the_values_below_their_threshold() {
        let lt = stream(0, 2_000);
        let s = lt.summary();
        assert_eq!(s.n_fixed + s.n_random, 2_000);
        assert_eq!(lt.len(), 2_000);
        assert_eq!(s.crops.len(), CROPS);
        for (p, th, t) in &s.crops {
            // Each crop holds about its fraction of the values (ties at the threshold are
            // left out), never more than the whole.
            let n = t.fixed.n + t.random.n;
            assert!(n <= 2_000);
            assert!(*th >= 1_000 && *th < 1_050, "{th}");
            assert!((n as f64) <= p * 2_000.0 + 160.0, "{p} {n}");
        }
        // The same distribution in both classes: no dependence.
        assert!(s.max_abs_t.unwrap() < T_THRESHOLD, "{s:?}");
        assert!(matches!(Verdict::of(&s), Verdict::NoneFound { n: 2_000 }));
    }

    #[test]
    fn a_shift_is_found_and_worded() {
        let s = stream(20, 2_000).summary();
        let t = s.max_abs_t.unwrap();
        assert!(t > T_STOP, "{t}");
        let v = Verdict::of(&s);
        assert!(matches!(v, Verdict::Depends { .. }));
        assert!(
            v.text().starts_with("timing depends on the input (|t| = "),
            "{}",
            v.text()
        );
        assert!(v.text().ends_with(" > 4.5)"));
        // Before the calibration: the pending measurements are the uncropped test.
        let early = stream(20, 150).summary();
        assert_eq!(early.n_fixed + early.n_random, 150);
        assert_eq!(early.max_abs_t, None, "fewer than 100 per class");
        assert_eq!(
            Verdict::of(&early).text(),
            "no verdict: 150 measurements, fewer than 100 per class (give more --time)"
        );
    }

    #[test]
    fn verdict_words() {
        assert_eq!(
            Verdict::Depends { t: 57.3 }.text(),
            "timing depends on the input (|t| = 57 > 4.5)"
        );
        assert_eq!(
            Verdict::NoneFound { n: 2_100_000 }.text(),
            "no dependence found in 2.1 M measurements (|t| ≤ 4.5)"
        );
        assert_eq!(
            Verdict::from_parts(Some(4.5), 850).text(),
            "no dependence found in 850 measurements (|t| ≤ 4.5)"
        );
        assert_eq!(
            Verdict::from_parts(Some(4.51), 850),
            Verdict::Depends { t: 4.51 }
        );
        assert_eq!(fmt_t(4.66), "4.7");
        assert_eq!(fmt_count(12_400), "12 k");
        for v in [
            Verdict::Depends { t: 5.0 },
            Verdict::NoneFound { n: 5 },
            Verdict::TooFew { n: 5 },
        ] {
            assert!(!v.text().contains("constant"), "{}", v.text());
        }
    }
}

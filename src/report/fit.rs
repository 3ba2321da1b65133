//! Least-squares fit of a power law y = a·x^k on log-log axes: the growth exponent k of an
//! operation's cost against the modulus size (about 2 for one multiplication with
//! schoolbook-to-Karatsuba arithmetic, 2.6–3 for a full-exponent modular exponentiation,
//! whose exponent grows with the modulus).

/// A fitted power law y = a·x^k.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct PowerFit {
    /// The growth exponent k (slope on log-log axes).
    pub exponent: f64,
    /// The factor a (y at x = 1).
    pub factor: f64,
    /// Coefficient of determination of the log-log line (1 = perfect).
    pub r2: f64,
    /// Number of points fitted.
    pub points: usize,
}

impl PowerFit {
    /// "R² 0.998", or "exact through 2 points" when two points fix the line (R² is then 1
    /// whatever the data, so printing it would claim a quality the fit cannot show).
    pub fn quality(&self) -> String {
        if self.points <= 2 {
            format!("exact through {} points", self.points)
        } else {
            format!("R² {:.3}", self.r2)
        }
    }

    /// y predicted at x.
    pub fn at(&self, x: f64) -> f64 {
        self.factor * x.powf(self.exponent)
    }
}

/// The fewest distinct sizes a growth exponent is fitted over: two points fix any line.
pub const MIN_FIT_SIZES: usize = 3;

/// The least ratio of the largest to the smallest size a growth exponent is fitted over
/// (issue 22: a fit from 512 to 1024 bits gave 0.91 where the full sweep gives 1.77).
pub const MIN_FIT_SPAN: f64 = 4.0;

/// Whether sizes `xs` (bits, any order, repeats allowed) support a fit: at least
/// [`MIN_FIT_SIZES`] distinct positive sizes spanning at least [`MIN_FIT_SPAN`]×.
pub fn fittable(xs: impl IntoIterator<Item = f64>) -> bool {
    let mut v: Vec<f64> = xs
        .into_iter()
        .filter(|x| *x > 0.0 && x.is_finite())
        .collect();
    v.sort_by(f64::total_cmp);
    v.dedup();
    v.len() >= MIN_FIT_SIZES && v[v.len() - 1] >= MIN_FIT_SPAN * v[0]
}

/// Fits y = a·x^k by ordinary least squares of ln y on ln x ([`crate::measure::fit::fit_line`]
/// on the logarithms). Points with a non-positive or non-finite coordinate are ignored;
/// `None` with fewer than two distinct x values.
pub fn fit_power_law(points: &[(f64, f64)]) -> Option<PowerFit> {
    let logs: Vec<(f64, f64)> = points
        .iter()
        .filter(|(x, y)| *x > 0.0 && *y > 0.0 && x.is_finite() && y.is_finite())
        .map(|(x, y)| (x.ln(), y.ln()))
        .collect();
    let line = crate::measure::fit::fit_line(&logs)?;
    Some(PowerFit {
        exponent: line.slope,
        factor: line.intercept.exp(),
        r2: line.r2,
        points: logs.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fittable_needs_three_sizes_over_4x() {
        assert!(!fittable([512.0, 1024.0]));
        assert!(!fittable([512.0, 1024.0, 1536.0]));
        assert!(!fittable([512.0, 512.0, 2048.0]));
        assert!(fittable([512.0, 1024.0, 2048.0]));
        assert!(fittable([2048.0, 512.0, 1024.0, 8192.0]));
    }

    #[test]
    fn exact_power_law() {
        let pts: Vec<(f64, f64)> = [512.0, 1024.0, 2048.0, 4096.0]
            .iter()
            .map(|&x: &f64| (x, 3e-7 * x.powf(2.5)))
            .collect();
        let f = fit_power_law(&pts).unwrap();
        assert!((f.exponent - 2.5).abs() < 1e-9, "{f:?}");
        assert!((f.factor - 3e-7).abs() < 1e-15, "{f:?}");
        assert!((f.r2 - 1.0).abs() < 1e-12);
        assert_eq!(f.quality(), "R² 1.000");
        assert!((f.at(8192.0) - 3e-7 * 8192f64.powf(2.5)).abs() < 1e-3);
    }

    #[test]
    fn noisy_and_degenerate() {
        // Two points fix the line exactly: slope log(8)/log(2) = 3.
        let f = fit_power_law(&[(1.0, 1.0), (2.0, 8.0), (3.0, -1.0)]).unwrap();
        assert!((f.exponent - 3.0).abs() < 1e-12);
        assert_eq!(f.points, 2);
        assert_eq!(f.quality(), "exact through 2 points");
        assert_eq!(fit_power_law(&[(5.0, 1.0), (5.0, 2.0)]), None);
        assert_eq!(fit_power_law(&[(5.0, 1.0)]), None);
    }
}

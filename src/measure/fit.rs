//! The one least-squares routine of pkbench: an ordinary least-squares line through points
//! (x, y). The bench-slope method fits it to time per call against buffer size
//! ([`crate::bench::slope`]); the growth exponent of `scale` and `plot` fits it to the
//! logarithms of cost and modulus size ([`crate::report::fit`]).

use serde::Serialize;

/// A least-squares line y = intercept + slope·x.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Line {
    /// Slope (units of y per unit of x).
    pub slope: f64,
    /// Value at x = 0.
    pub intercept: f64,
    /// Coefficient of determination R² = 1 − SSres / SStot (1 = every point on the line; 1
    /// as well when all y are equal and lie on the line).
    pub r2: f64,
}

/// Ordinary least squares fit of `points` (x, y): slope = Sxy / Sxx, intercept = ȳ − slope·x̄,
/// R² = 1 − SSres / SStot.
///
/// `None` with fewer than two distinct x values or non-finite data.
pub fn fit_line(points: &[(f64, f64)]) -> Option<Line> {
    let n = points.len() as f64;
    if points.len() < 2 || points.iter().any(|(x, y)| !x.is_finite() || !y.is_finite()) {
        return None;
    }
    let mx = points.iter().map(|p| p.0).sum::<f64>() / n;
    let my = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    if sxx <= 0.0 {
        return None;
    }
    let slope = sxy / sxx;
    let intercept = my - slope * mx;
    let ss_res: f64 = points
        .iter()
        .map(|p| (p.1 - intercept - slope * p.0).powi(2))
        .sum();
    let ss_tot: f64 = points.iter().map(|p| (p.1 - my).powi(2)).sum();
    let r2 = if ss_tot > 0.0 {
        1.0 - ss_res / ss_tot
    } else {
        1.0
    };
    Some(Line {
        slope,
        intercept,
        r2,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_line() {
        let pts: Vec<(f64, f64)> = (0..10).map(|i| (i as f64, 3.0 + 0.5 * i as f64)).collect();
        let l = fit_line(&pts).unwrap();
        assert!((l.slope - 0.5).abs() < 1e-12);
        assert!((l.intercept - 3.0).abs() < 1e-12);
        assert!((l.r2 - 1.0).abs() < 1e-12);
    }

    #[test]
    fn noisy_line_known_answer() {
        // x = 1..5, y = 2.1, 3.9, 6.2, 7.8, 10.1: Sxx = 10, Sxy = 19.9, slope 1.99,
        // intercept 6.02 - 1.99*3 = 0.05.
        let pts = [(1.0, 2.1), (2.0, 3.9), (3.0, 6.2), (4.0, 7.8), (5.0, 10.1)];
        let l = fit_line(&pts).unwrap();
        assert!((l.slope - 1.99).abs() < 1e-12, "{l:?}");
        assert!((l.intercept - 0.05).abs() < 1e-12, "{l:?}");
        assert!(l.r2 > 0.99 && l.r2 < 1.0);
        assert!(fit_line(&[(1.0, 1.0), (1.0, 2.0)]).is_none());
        assert!(fit_line(&[(1.0, 1.0)]).is_none());
        assert!(fit_line(&[(1.0, 1.0), (2.0, f64::NAN)]).is_none());
    }

    #[test]
    fn r2_is_the_squared_correlation() {
        // Scattered: x = 1..4, y = 10, 30, 10, 40: Sxy = 35, Sxx = 5, Syy = 675, so
        // R² = 35² / (5 · 675) = 0.363; slope 7, intercept 5.
        let l = fit_line(&[(1.0, 10.0), (2.0, 30.0), (3.0, 10.0), (4.0, 40.0)]).unwrap();
        assert!((l.r2 - 35.0 * 35.0 / (5.0 * 675.0)).abs() < 1e-12, "{l:?}");
        assert!((l.slope - 7.0).abs() < 1e-12 && (l.intercept - 5.0).abs() < 1e-12);
    }
}

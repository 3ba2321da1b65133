//! Per-byte cost as a slope, the method of libgcrypt's `tests/bench-slope.c`: time one call
//! over a range of buffer sizes, fit the least-squares line time = intercept + slope × bytes
//! ([`crate::measure::fit::fit_line`]),
//! and report the slope (ns/byte; its inverse is the throughput) and the intercept (the fixed
//! cost of one call: mode set-up, function calls, ARCFOUR's key schedule). A fixed per-call
//! cost therefore does not pollute the MB/s figure, as it does in a single-size measurement.

use crate::measure::MeasureConfig;
use crate::measure::fit::fit_line;

/// `points` buffer sizes evenly spaced from `min` to `max` bytes, each rounded to a multiple
/// of `align` (at least `align`), without duplicates. With `points` = 16, `min` = 16,
/// `max` = 4096, `align` = 16: 16, 288, 560, …, 4096.
pub fn sizes(min: usize, max: usize, points: usize, align: usize) -> Vec<usize> {
    let align = align.max(1);
    let round = |v: usize| (v.div_ceil(align) * align).max(align);
    let (min, max) = (round(min), round(max.max(min)));
    let points = points.max(2);
    let mut v: Vec<usize> = (0..points)
        .map(|i| round(min + (max - min) * i / (points - 1)))
        .collect();
    v.dedup();
    v
}

pub use crate::measure::slope::{FitDoubt, MIN_R2, Slope, SlopePoint};

/// Fits the line through the medians of `points` (ms per call against bytes) and converts
/// it to ns/byte and ns per call. `None` when the fit is impossible (fewer than two sizes).
/// A slope that is not positive is replaced by the largest size's time per byte
/// ([`Slope::from_largest`]), so the throughput is never negative or infinite.
pub fn fit(points: &[SlopePoint]) -> Option<Slope> {
    let xy: Vec<(f64, f64)> = points
        .iter()
        .map(|p| (p.bytes as f64, p.stats.median_ms * 1e6))
        .collect();
    let l = fit_line(&xy)?;
    if l.slope > 0.0 && l.slope.is_finite() {
        return Some(Slope {
            ns_per_byte: l.slope,
            intercept_ns: l.intercept,
            r2: l.r2,
            from_largest: false,
        });
    }
    let (bytes, ns) = xy
        .iter()
        .copied()
        .filter(|(b, t)| *b > 0.0 && *t > 0.0)
        .max_by(|a, b| a.0.total_cmp(&b.0))?;
    Some(Slope {
        ns_per_byte: ns / bytes,
        intercept_ns: 0.0,
        r2: l.r2,
        from_largest: true,
    })
}

/// The throughput of each round, bytes/s: the slope fitted through that round's medians of
/// every size (sizes timed in the same rounds line up by index), for the rounds where at
/// least two sizes have samples and the slope is positive. Empty without rounds.
pub fn round_rates(points: &[SlopePoint]) -> Vec<f64> {
    let per: Vec<Vec<Option<f64>>> = points.iter().map(|p| p.stats.per_round()).collect();
    let rounds = per.iter().map(Vec::len).max().unwrap_or(0);
    (0..rounds)
        .filter_map(|r| {
            let xy: Vec<(f64, f64)> = points
                .iter()
                .zip(&per)
                .filter_map(|(p, m)| Some((p.bytes as f64, (*m.get(r)?)? * 1e6)))
                .collect();
            let line = fit_line(&xy)?;
            (line.slope > 0.0).then(|| 1e9 / line.slope)
        })
        .collect()
}

/// The harness configuration for one of `n` buffer sizes: an equal share of `cfg`'s budget
/// and warm-up (the other settings unchanged).
pub fn per_size_config(cfg: &MeasureConfig, n: usize) -> MeasureConfig {
    let n = n.max(1) as u32;
    MeasureConfig {
        budget: cfg.budget / n,
        warmup: cfg.warmup / n,
        ..cfg.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::Stats;

    #[test]
    fn doubtful_fits_are_flagged() {
        let slope = |pts: &[(f64, f64)]| {
            let l = fit_line(pts).unwrap();
            Slope {
                ns_per_byte: l.slope,
                intercept_ns: l.intercept,
                r2: l.r2,
                from_largest: false,
            }
        };
        // On a line through 50 ns per call: no doubt.
        assert!(
            slope(&[(16.0, 82.0), (32.0, 114.0), (64.0, 178.0)])
                .doubts()
                .is_empty()
        );
        // y = 1.1 x - 10 exactly: R² 1 but a negative intercept.
        let s = slope(&[(100.0, 100.0), (200.0, 210.0), (300.0, 320.0)]);
        assert!((s.intercept_ns + 10.0).abs() < 1e-9);
        assert_eq!(s.doubts(), vec![FitDoubt::NegativeIntercept]);
        // Scattered: x = 1..4, y = 10, 30, 10, 40: Sxy = 35, Sxx = 5, Syy = 675, so
        // R² = 35² / (5 · 675) = 0.363; slope 7, intercept 5.
        let s = slope(&[(1.0, 10.0), (2.0, 30.0), (3.0, 10.0), (4.0, 40.0)]);
        assert!(s.r2 < MIN_R2 && s.intercept_ns > 0.0, "{s:?}");
        assert_eq!(s.doubts(), vec![FitDoubt::LowR2]);
        let both = Slope {
            ns_per_byte: 1.0,
            intercept_ns: -1.0,
            r2: 0.98,
            from_largest: false,
        };
        assert_eq!(
            both.doubts(),
            vec![FitDoubt::LowR2, FitDoubt::NegativeIntercept]
        );
        assert_eq!(
            serde_json::to_value(both.doubts()).unwrap(),
            serde_json::json!(["low-r2", "negative-intercept"])
        );
    }

    #[test]
    fn size_grid() {
        let s = sizes(16, 4096, 16, 16);
        assert_eq!(s.first(), Some(&16));
        assert_eq!(s.last(), Some(&4096));
        assert_eq!(s.len(), 16);
        assert!(s.iter().all(|v| v % 16 == 0));
        assert!(s.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(sizes(1, 3, 10, 8), vec![8]);
    }

    #[test]
    fn units() {
        let s = Slope {
            ns_per_byte: 2.0,
            intercept_ns: 50.0,
            r2: 1.0,
            from_largest: false,
        };
        assert_eq!(s.mb_per_s(), 500.0);
        assert_eq!(s.mbit_per_s(), 4000.0);
        assert_eq!(s.cycles_per_byte(3000.0), Some(6.0));
        assert_eq!(s.cycles_per_byte(0.0), None);
    }

    #[test]
    fn fit_from_stats() {
        let pt = |bytes: usize, ns: f64| SlopePoint {
            bytes,
            stats: Stats::from_samples(vec![ns * 1e-6], 1),
        };
        let s = fit(&[pt(100, 300.0), pt(200, 500.0), pt(300, 700.0)]).unwrap();
        assert!((s.ns_per_byte - 2.0).abs() < 1e-9);
        assert!((s.intercept_ns - 100.0).abs() < 1e-6);
        assert!(s.doubts().is_empty());
        // A burst during the largest size's rounds would tip the line over; one during the
        // smallest's makes it fall: the figure is then the largest size's rate.
        let s = fit(&[pt(100, 900.0), pt(200, 500.0), pt(300, 600.0)]).unwrap();
        assert!(s.from_largest);
        assert!((s.ns_per_byte - 2.0).abs() < 1e-9, "{s:?}");
        assert_eq!(s.intercept_ns, 0.0);
        assert!(s.mb_per_s() > 0.0 && s.mb_per_s().is_finite());
        assert!(s.doubts().contains(&FitDoubt::NoSlope));
    }
}

//! Summary statistics of timing samples: median and quartiles (robust to the outliers a
//! shared machine produces), with every raw sample kept.

use serde::{Deserialize, Serialize};

/// Statistics of one operation, all times in milliseconds per operation.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Stats {
    /// Median of the samples (ms per operation).
    pub median_ms: f64,
    /// First quartile (25th percentile, linear interpolation), ms.
    pub q1_ms: f64,
    /// Third quartile (75th percentile), ms.
    pub q3_ms: f64,
    /// Fastest sample, ms.
    pub min_ms: f64,
    /// Slowest sample, ms.
    pub max_ms: f64,
    /// Arithmetic mean of the samples, ms.
    pub mean_ms: f64,
    /// Number of samples.
    pub samples: usize,
    /// Operations per sample (the calibrated batch size).
    pub batch: usize,
    /// Every sample, in the order taken (ms per operation).
    pub raw_ms: Vec<f64>,
    /// Samples taken in each round, in order (they sum to `samples`; a round may have none
    /// when one sample outlasts a round's budget). Empty in records made before rounds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<usize>,
}

/// The p-quantile (0 ≤ p ≤ 1) of sorted data by linear interpolation between closest ranks
/// (Hyndman–Fan type 7, the default of R and NumPy). `NaN` for empty data.
pub fn quantile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let h = (sorted.len() - 1) as f64 * p.clamp(0.0, 1.0);
    let lo = h.floor() as usize;
    let hi = h.ceil() as usize;
    sorted[lo] + (h - lo as f64) * (sorted[hi] - sorted[lo])
}

impl Stats {
    /// Summarises `raw` (ms per operation, in order taken); `batch` is operations per sample.
    pub fn from_samples(raw: Vec<f64>, batch: usize) -> Stats {
        let mut sorted = raw.clone();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len();
        let mean = if n == 0 {
            f64::NAN
        } else {
            sorted.iter().sum::<f64>() / n as f64
        };
        Stats {
            median_ms: quantile(&sorted, 0.5),
            q1_ms: quantile(&sorted, 0.25),
            q3_ms: quantile(&sorted, 0.75),
            min_ms: sorted.first().copied().unwrap_or(f64::NAN),
            max_ms: sorted.last().copied().unwrap_or(f64::NAN),
            mean_ms: mean,
            samples: n,
            batch,
            raw_ms: raw,
            rounds: Vec::new(),
        }
    }

    /// The statistics of `raw` taken in rounds of `rounds[k]` samples each.
    pub fn from_rounds(raw: Vec<f64>, batch: usize, rounds: Vec<usize>) -> Stats {
        debug_assert_eq!(rounds.iter().sum::<usize>(), raw.len());
        Stats {
            rounds,
            ..Stats::from_samples(raw, batch)
        }
    }

    /// The median of each round, in order (ms per operation), `None` for a round without
    /// samples: rounds of operations timed together line up by index. Empty for statistics
    /// without rounds.
    pub fn per_round(&self) -> Vec<Option<f64>> {
        let mut out = Vec::with_capacity(self.rounds.len());
        let mut at = 0;
        for &n in &self.rounds {
            let end = (at + n).min(self.raw_ms.len());
            out.push((end > at).then(|| {
                let mut r = self.raw_ms[at..end].to_vec();
                r.sort_by(f64::total_cmp);
                quantile(&r, 0.5)
            }));
            at = end;
        }
        out
    }

    /// The median of each round that has samples, in order (ms per operation): the data of
    /// every interval ([`super::interval`]). Empty for statistics without rounds.
    pub fn round_medians(&self) -> Vec<f64> {
        self.per_round().into_iter().flatten().collect()
    }

    /// Operations per second at the median.
    pub fn ops_per_sec(&self) -> f64 {
        1e3 / self.median_ms
    }

    /// Median in microseconds.
    pub fn median_us(&self) -> f64 {
        self.median_ms * 1e3
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quartiles_of_known_data() {
        let s = Stats::from_samples(vec![5.0, 1.0, 4.0, 2.0, 3.0], 7);
        assert_eq!(s.median_ms, 3.0);
        assert_eq!(s.q1_ms, 2.0);
        assert_eq!(s.q3_ms, 4.0);
        assert_eq!(s.min_ms, 1.0);
        assert_eq!(s.max_ms, 5.0);
        assert_eq!(s.mean_ms, 3.0);
        assert_eq!(s.samples, 5);
        assert_eq!(s.batch, 7);
        assert_eq!(s.raw_ms, vec![5.0, 1.0, 4.0, 2.0, 3.0]);
        assert_eq!(s.ops_per_sec(), 1e3 / 3.0);
    }

    #[test]
    fn interpolated_quantile() {
        let d = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(quantile(&d, 0.5), 2.5);
        assert_eq!(quantile(&d, 0.25), 1.75);
        assert!(quantile(&[], 0.5).is_nan());
    }
}

//! Summary statistics of timing samples: median and quartiles (robust to the outliers a
//! shared machine produces), with every raw sample kept.

use serde::{Deserialize, Serialize};

/// Statistics of one operation, all times in milliseconds per operation. Records store
/// them in seconds (`median_s`, …, `raw_s`: [`StatsOnDisk`]) and read either.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(from = "StatsOnDisk", into = "StatsOnDisk")]
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

/// Throughput in MB/s (10^6 bytes/s) of `bytes` processed in `ms` milliseconds.
pub fn mb_per_s(bytes: usize, ms: f64) -> f64 {
    bytes as f64 / (ms * 1e-3) / 1e6
}

/// [`Stats`] as records store it (`pkbench.result/2`): every time in seconds per operation
/// (`median_s`, `q1_s`, `q3_s`, `min_s`, `max_s`, `mean_s`, `raw_s`). Records written before
/// (schema 1, and schema 2 before seconds) hold milliseconds under `*_ms`; they read as well.
/// A time that is not a number (no samples) is written as `null` and read back as NaN.
/// [`Stats`] itself keeps milliseconds: the conversion is made here, when a record is
/// written or read.
#[derive(Serialize, Deserialize)]
pub struct StatsOnDisk {
    #[serde(default)]
    median_s: Option<f64>,
    #[serde(default)]
    q1_s: Option<f64>,
    #[serde(default)]
    q3_s: Option<f64>,
    #[serde(default)]
    min_s: Option<f64>,
    #[serde(default)]
    max_s: Option<f64>,
    #[serde(default)]
    mean_s: Option<f64>,
    samples: usize,
    batch: usize,
    #[serde(default)]
    raw_s: Option<Vec<Option<f64>>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    rounds: Vec<usize>,
    // Milliseconds, as records made before seconds hold them: read, never written.
    #[serde(default, skip_serializing)]
    median_ms: Option<f64>,
    #[serde(default, skip_serializing)]
    q1_ms: Option<f64>,
    #[serde(default, skip_serializing)]
    q3_ms: Option<f64>,
    #[serde(default, skip_serializing)]
    min_ms: Option<f64>,
    #[serde(default, skip_serializing)]
    max_ms: Option<f64>,
    #[serde(default, skip_serializing)]
    mean_ms: Option<f64>,
    #[serde(default, skip_serializing)]
    raw_ms: Option<Vec<Option<f64>>>,
}

/// Milliseconds per second: the factor between [`Stats`]' fields and a record's.
const MS_PER_S: f64 = 1e3;

/// Milliseconds as a record's seconds (`None`, written `null`, when not a number).
fn to_s(ms: f64) -> Option<f64> {
    ms.is_finite().then_some(ms / MS_PER_S)
}

/// The time in milliseconds from a record's seconds, else its milliseconds, else NaN.
fn to_ms(s: Option<f64>, ms: Option<f64>) -> f64 {
    match (s, ms) {
        (Some(v), _) => v * MS_PER_S,
        (None, Some(v)) => v,
        (None, None) => f64::NAN,
    }
}

impl From<Stats> for StatsOnDisk {
    fn from(s: Stats) -> StatsOnDisk {
        StatsOnDisk {
            median_s: to_s(s.median_ms),
            q1_s: to_s(s.q1_ms),
            q3_s: to_s(s.q3_ms),
            min_s: to_s(s.min_ms),
            max_s: to_s(s.max_ms),
            mean_s: to_s(s.mean_ms),
            samples: s.samples,
            batch: s.batch,
            raw_s: Some(s.raw_ms.iter().map(|&v| to_s(v)).collect()),
            rounds: s.rounds,
            median_ms: None,
            q1_ms: None,
            q3_ms: None,
            min_ms: None,
            max_ms: None,
            mean_ms: None,
            raw_ms: None,
        }
    }
}

impl From<StatsOnDisk> for Stats {
    fn from(d: StatsOnDisk) -> Stats {
        let raw_ms = match (d.raw_s, d.raw_ms) {
            (Some(s), _) => s
                .into_iter()
                .map(|v| v.map_or(f64::NAN, |v| v * MS_PER_S))
                .collect(),
            (None, Some(ms)) => ms.into_iter().map(|v| v.unwrap_or(f64::NAN)).collect(),
            (None, None) => Vec::new(),
        };
        Stats {
            median_ms: to_ms(d.median_s, d.median_ms),
            q1_ms: to_ms(d.q1_s, d.q1_ms),
            q3_ms: to_ms(d.q3_s, d.q3_ms),
            min_ms: to_ms(d.min_s, d.min_ms),
            max_ms: to_ms(d.max_s, d.max_ms),
            mean_ms: to_ms(d.mean_s, d.mean_ms),
            samples: d.samples,
            batch: d.batch,
            raw_ms,
            rounds: d.rounds,
        }
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

    #[test]
    fn records_hold_seconds_and_read_milliseconds_too() {
        let s = Stats::from_rounds(vec![5.0, 1.0, 4.0, 2.0, 3.0, f64::NAN], 7, vec![3, 3]);
        let v = serde_json::to_value(&s).unwrap();
        assert_eq!(v["median_s"], 0.0035);
        assert_eq!(v["min_s"], 0.001);
        assert_eq!(v["raw_s"][0], 0.005);
        assert!(v["raw_s"][5].is_null());
        assert!(v.get("median_ms").is_none() && v.get("raw_ms").is_none());
        let back: Stats = serde_json::from_value(v).unwrap();
        assert_eq!(back.median_ms, 3.5);
        assert_eq!(back.raw_ms[..5], [5.0, 1.0, 4.0, 2.0, 3.0]);
        assert!(back.raw_ms[5].is_nan());
        assert_eq!(back.rounds, [3, 3]);
        // Milliseconds, as records made before seconds hold them.
        let old = serde_json::json!({"median_ms": 2.5, "q1_ms": 2.0, "q3_ms": 3.0,
            "min_ms": 1.0, "max_ms": 4.0, "mean_ms": 2.6, "samples": 2, "batch": 1,
            "raw_ms": [1.0, 4.0]});
        let old: Stats = serde_json::from_value(old).unwrap();
        assert_eq!(
            (old.median_ms, old.q3_ms, old.raw_ms.clone()),
            (2.5, 3.0, vec![1.0, 4.0])
        );
    }
}

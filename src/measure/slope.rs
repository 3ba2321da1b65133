//! The facts of a bench-slope fit (libgcrypt's `tests/bench-slope.c` method, run by
//! [`crate::bench::slope`]): the points timed, the fitted line in the units of the tables,
//! and the reasons to doubt it. Records store them; `report` reads them back.

use super::Stats;
use serde::{Deserialize, Serialize};

/// One buffer size and the time of one call on it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SlopePoint {
    /// Buffer size, bytes.
    pub bytes: usize,
    /// Time per call (ms), with every sample.
    pub stats: Stats,
}

/// The slope fit of a set of [`SlopePoint`]s, in the units of the tables.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct Slope {
    /// Cost per byte, ns/byte (the slope of the median time per call against bytes).
    pub ns_per_byte: f64,
    /// Fixed cost per call, ns (the intercept; may be slightly negative from noise).
    pub intercept_ns: f64,
    /// R² of the fit.
    pub r2: f64,
    /// The fitted slope was not positive (noise outweighed the per-byte cost, e.g. a burst
    /// of other work during one size), so `ns_per_byte` is the largest size's time per byte
    /// instead and `intercept_ns` is 0 ([`FitDoubt::NoSlope`]).
    #[serde(default)]
    pub from_largest: bool,
}

impl Slope {
    /// Throughput in MB/s (10^6 bytes per second): 1000 / (ns/byte).
    pub fn mb_per_s(&self) -> f64 {
        1e3 / self.ns_per_byte
    }

    /// Throughput in Mbit/s (10^6 bits per second, the unit of the 2000 GnuPG table).
    pub fn mbit_per_s(&self) -> f64 {
        8.0 * self.mb_per_s()
    }

    /// Estimated cycles per byte at `mhz` (the CPU's reported clock): ns/byte × MHz / 1000.
    /// An estimate: the clock may vary (turbo, power saving) during the run. `None` when
    /// the frequency is unknown (0).
    pub fn cycles_per_byte(&self, mhz: f64) -> Option<f64> {
        (mhz > 0.0).then(|| self.ns_per_byte * mhz / 1e3)
    }
}

/// Fits whose R² is below this are flagged ([`FitDoubt::LowR2`]): the medians do not lie on
/// a line, so the slope (and the MB/s from it) is uncertain. libgcrypt's bench-slope makes
/// the same check before it trusts a slope.
pub const MIN_R2: f64 = 0.99;

/// A reason to doubt a slope fit, shown beside the figures (never used to hide them; the
/// wording of the footnote is the report's: `report::cipher`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FitDoubt {
    /// R² below [`MIN_R2`].
    LowR2,
    /// Negative intercept: a call cannot take less than no time, so noise (a loaded
    /// machine, frequency changes) outweighs the fixed cost per call; the "per call" figure
    /// is not meaningful.
    NegativeIntercept,
    /// The fitted slope was not positive: the figure is the largest buffer's bytes over its
    /// median time ([`Slope::from_largest`]).
    NoSlope,
}

impl Slope {
    /// The doubts about this fit: R² below [`MIN_R2`], a negative intercept (empty: none).
    pub fn doubts(&self) -> Vec<FitDoubt> {
        let mut v = Vec::new();
        if self.r2.is_nan() || self.r2 < MIN_R2 {
            v.push(FitDoubt::LowR2);
        }
        if self.intercept_ns < 0.0 {
            v.push(FitDoubt::NegativeIntercept);
        }
        if self.from_largest {
            v.push(FitDoubt::NoSlope);
        }
        v
    }
}

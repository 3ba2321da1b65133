//! Cold caches (issue 20): an operation timed cold has its own memory evicted from the caches
//! before each run, and is timed singly.
//!
//! - [`CacheMode`]: warm (the default: back-to-back batches, [`super::Sampler`]), cold, or
//!   both side by side.
//! - [`sizes`]: the machine's caches from Linux sysfs.
//! - [`evict`]: how memory is evicted (`CLFLUSH` of the memory the operation names on
//!   x86-64, else a walk over a buffer of twice the last-level cache), chosen at run time.
//!
//! A cold sample ([`super::Sampler::round_single`]) is: evict (not timed), read the clock,
//! run one operation, read the clock; the measured cost of an empty timed region
//! ([`super::clock::ClockCost`]) is subtracted.

pub mod evict;
pub mod sizes;

pub use evict::{Evictor, Method, Resident, Span};
pub use sizes::{CacheLevel, CacheSizes};

use serde::Serialize;

/// Which caches to time an operation with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum CacheMode {
    /// Warm: batches back to back, the operation's memory left in the caches (the default).
    #[default]
    Warm,
    /// Cold: the operation's memory evicted before each run, each run timed singly.
    Cold,
    /// Both, timed in the same rounds, printed side by side.
    Both,
}

impl CacheMode {
    /// Whether warm operations are timed.
    pub fn warm(self) -> bool {
        matches!(self, CacheMode::Warm | CacheMode::Both)
    }

    /// Whether cold operations are timed.
    pub fn cold(self) -> bool {
        matches!(self, CacheMode::Cold | CacheMode::Both)
    }

    /// "warm", "cold" or "both".
    pub fn name(self) -> &'static str {
        match self {
            CacheMode::Warm => "warm",
            CacheMode::Cold => "cold",
            CacheMode::Both => "both",
        }
    }

    /// The value of an operation's `cache` param in a run of this mode: `None` for warm
    /// operations of a warm-only run (a record without the param was timed warm, so records
    /// made before the option still match), else "warm" or "cold".
    pub fn param(self, cold: bool) -> Option<&'static str> {
        match (self, cold) {
            (_, true) => Some("cold"),
            (CacheMode::Warm, false) => None,
            (_, false) => Some("warm"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_of_each_mode() {
        assert_eq!(CacheMode::Warm.param(false), None);
        assert_eq!(CacheMode::Both.param(false), Some("warm"));
        assert_eq!(CacheMode::Both.param(true), Some("cold"));
        assert_eq!(CacheMode::Cold.param(true), Some("cold"));
        assert!(CacheMode::Both.warm() && CacheMode::Both.cold());
        assert!(!CacheMode::Cold.warm() && !CacheMode::Warm.cold());
    }
}

//! The clocks a measurement can use. Wall time is the default; thread CPU time
//! (`CLOCK_THREAD_CPUTIME_ID`, through the `cpu-time` crate) matches the 1995 figures, which
//! were user CPU time.

use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// A clock for timing samples.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Clock {
    /// Monotonic wall-clock time (`std::time::Instant`).
    Wall,
    /// CPU time of the measuring thread (user + system), `CLOCK_THREAD_CPUTIME_ID`.
    Cpu,
}

impl Clock {
    /// Time since an arbitrary fixed origin (process start for wall time).
    pub fn now(self) -> Duration {
        match self {
            Clock::Wall => origin().elapsed(),
            Clock::Cpu => cpu_time::ThreadTime::try_now()
                .map(|t| t.as_duration())
                .unwrap_or_else(|_| origin().elapsed()),
        }
    }

    /// Name for output: "wall" or "thread CPU".
    pub fn label(self) -> &'static str {
        match self {
            Clock::Wall => "wall",
            Clock::Cpu => "thread CPU",
        }
    }
}

fn origin() -> Instant {
    static ORIGIN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    *ORIGIN.get_or_init(Instant::now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_advance() {
        for c in [Clock::Wall, Clock::Cpu] {
            let a = c.now();
            let mut x = 0u64;
            for i in 0..2_000_000u64 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
            }
            let b = c.now();
            assert!(b > a, "{c:?} did not advance ({x})");
        }
    }
}

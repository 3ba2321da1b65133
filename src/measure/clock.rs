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

/// What reading a clock costs, measured once per process: the resolution the system states
/// (`clock_getres`, POSIX `<time.h>`), the smallest step seen between two reads, and the
/// median time of an empty timed region (two reads back to back), which cold samples
/// subtract ([`crate::measure::Sampler::round_single`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ClockCost {
    /// Resolution stated by `clock_getres`, ns (`None` where it cannot be asked).
    pub resolution_ns: Option<f64>,
    /// Smallest non-zero difference between two reads seen, ns.
    pub step_ns: f64,
    /// Median of an empty timed region (`now(); now()`), ns.
    pub overhead_ns: f64,
}

/// Empty timed regions measured for [`Clock::cost`].
const COST_READS: usize = 20_001;

/// `clock_getres` for `id`, in ns.
fn getres_ns(id: libc::clockid_t) -> Option<f64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec (POSIX `int clock_getres(clockid_t,
    // struct timespec *)`, <time.h>).
    let r = unsafe { libc::clock_getres(id, &mut ts) };
    (r == 0).then_some(ts.tv_sec as f64 * 1e9 + ts.tv_nsec as f64)
}

impl Clock {
    /// The POSIX clock behind this one (`std::time::Instant` reads `CLOCK_MONOTONIC`).
    fn posix_id(self) -> libc::clockid_t {
        match self {
            Clock::Wall => libc::CLOCK_MONOTONIC,
            Clock::Cpu => libc::CLOCK_THREAD_CPUTIME_ID,
        }
    }

    /// What reading this clock costs ([`ClockCost`]), measured at the first call (about
    /// 20 000 reads) and kept for the process.
    pub fn cost(self) -> ClockCost {
        static WALL: std::sync::OnceLock<ClockCost> = std::sync::OnceLock::new();
        static CPU: std::sync::OnceLock<ClockCost> = std::sync::OnceLock::new();
        let cell = match self {
            Clock::Wall => &WALL,
            Clock::Cpu => &CPU,
        };
        *cell.get_or_init(|| self.measure_cost())
    }

    fn measure_cost(self) -> ClockCost {
        let mut d: Vec<f64> = (0..COST_READS)
            .map(|_| {
                let t0 = self.now();
                let t1 = self.now();
                t1.saturating_sub(t0).as_secs_f64() * 1e9
            })
            .collect();
        d.sort_by(f64::total_cmp);
        ClockCost {
            resolution_ns: getres_ns(self.posix_id()),
            step_ns: d.iter().copied().find(|&x| x > 0.0).unwrap_or(f64::NAN),
            overhead_ns: d[d.len() / 2],
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

    #[test]
    fn clock_costs_are_measured() {
        for c in [Clock::Wall, Clock::Cpu] {
            let k = c.cost();
            // Linux states 1 ns for both clocks; an empty region costs tens of ns, well
            // under 10 µs even on a loaded machine.
            assert!(
                k.resolution_ns.is_some_and(|r| r > 0.0 && r <= 1000.0),
                "{k:?}"
            );
            assert!(k.overhead_ns >= 0.0 && k.overhead_ns < 10_000.0, "{k:?}");
            assert!(k.step_ns > 0.0 && k.step_ns < 1e6, "{k:?}");
            assert_eq!(c.cost(), k, "kept for the process");
        }
    }
}

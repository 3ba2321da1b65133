//! The leak test's clock: the finest one available, read around a single operation.
//!
//! On x86-64 with an invariant time-stamp counter (CPUID leaf 8000_0007h, EDX bit 8: the
//! TSC ticks at a constant rate in every P-, C- and T-state; Intel SDM vol. 3B §18.17.1),
//! [`Ticker::detect`] reads the TSC with `rdtsc` between two `lfence`s, so that the read
//! waits for the instructions before it and the ones after wait for it (Intel's white
//! paper "How to benchmark code execution times on Intel IA-32 and IA-64", 2010, uses
//! `cpuid`/`rdtscp`; `lfence` is the lighter serialising read AMD and Intel document for
//! `rdtsc`). Elsewhere it is [`Ticker::portable`]: nanoseconds of `std::time::Instant`
//! (`CLOCK_MONOTONIC`, 1 ns resolution on Linux, about 20 ns per read through the vDSO).
//! Only differences between reads of one ticker are meaningful; [`Ticker::ns_per_tick`]
//! converts them for reading.

use std::time::Instant;

/// Which counter a [`Ticker`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The time-stamp counter (`rdtsc`), invariant: cycles at the TSC's nominal rate.
    Tsc,
    /// `std::time::Instant`, in nanoseconds.
    Instant,
}

/// A clock for timing one operation: its source and the origin of both counters, so that
/// the ticks can be converted to nanoseconds over the ticker's lifetime.
#[derive(Debug, Clone, Copy)]
pub struct Ticker {
    source: Source,
    origin: Instant,
    origin_tsc: u64,
}

impl Ticker {
    /// The finest clock here: the TSC on x86-64 when it is invariant, else
    /// [`Ticker::portable`].
    pub fn detect() -> Ticker {
        if tsc::invariant() {
            Ticker::with(Source::Tsc)
        } else {
            Ticker::portable()
        }
    }

    /// The portable twin: `Instant` nanoseconds.
    pub fn portable() -> Ticker {
        Ticker::with(Source::Instant)
    }

    fn with(source: Source) -> Ticker {
        let origin = Instant::now();
        Ticker {
            source,
            origin,
            origin_tsc: tsc::read(),
        }
    }

    /// The counter read.
    pub fn source(&self) -> Source {
        self.source
    }

    /// The counter now, in ticks (TSC cycles, or ns since the ticker was made).
    #[inline(always)]
    pub fn now(&self) -> u64 {
        match self.source {
            Source::Tsc => tsc::read(),
            Source::Instant => self.origin.elapsed().as_nanos() as u64,
        }
    }

    /// The clock's name for records: "TSC (rdtsc, invariant), cycles" or "Instant
    /// (CLOCK_MONOTONIC), ns".
    pub fn name(&self) -> &'static str {
        match self.source {
            Source::Tsc => "TSC (rdtsc between lfences, invariant)",
            Source::Instant => "Instant (CLOCK_MONOTONIC)",
        }
    }

    /// The unit of a tick: "cycles" (TSC) or "ns".
    pub fn unit(&self) -> &'static str {
        match self.source {
            Source::Tsc => "TSC cycles",
            Source::Instant => "ns",
        }
    }

    /// Nanoseconds per tick, measured from the ticker's creation to now against
    /// `Instant` (1 for the portable ticker; for the TSC, the inverse of its rate, exact
    /// to the ratio of a read's cost to the time elapsed).
    pub fn ns_per_tick(&self) -> f64 {
        match self.source {
            Source::Instant => 1.0,
            Source::Tsc => {
                let ns = self.origin.elapsed().as_nanos() as f64;
                let ticks = tsc::read().wrapping_sub(self.origin_tsc) as f64;
                if ticks > 0.0 { ns / ticks } else { 1.0 }
            }
        }
    }
}

/// A reading begun by [`Ticker::start`]: the switches of the thread so far and the tick.
#[derive(Debug, Clone, Copy)]
pub struct Start {
    switches: Option<u64>,
    tick: u64,
}

/// One operation timed by [`Ticker::start`] and [`Ticker::stop`]: its ticks, and whether
/// the thread was switched out in between (the ticks then hold another program's time too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timed {
    /// Ticks between the two reads.
    pub ticks: u64,
    /// The thread was switched out between them, as its count of context switches says
    /// ([`switches`]); always false where there is no such count.
    pub preempted: bool,
}

impl Ticker {
    /// Begins timing one operation: reads the thread's context switches, then the clock (so
    /// that the system call stays outside the timed region).
    #[inline(always)]
    pub fn start(&self) -> Start {
        let switches = switches();
        Start {
            switches,
            tick: self.now(),
        }
    }

    /// Ends the timing begun by `start`: reads the clock, then the thread's context
    /// switches.
    #[inline(always)]
    pub fn stop(&self, start: Start) -> Timed {
        let tick = self.now();
        let after = switches();
        Timed {
            ticks: tick.wrapping_sub(start.tick),
            preempted: start.switches.is_some() && after != start.switches,
        }
    }
}

/// The context switches of the calling thread so far, voluntary and involuntary
/// (`ru_nvcsw + ru_nivcsw` of `getrusage(RUSAGE_THREAD, ...)`, `<sys/resource.h>`,
/// getrusage(2), Linux 2.6.26 and later); `None` elsewhere or when the call fails. A change
/// between two reads means the thread left its CPU in between.
#[cfg(target_os = "linux")]
pub fn switches() -> Option<u64> {
    // SAFETY: `rusage` is plain data, valid when zeroed; getrusage writes one into the
    // struct it is given and touches nothing else.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: as above; RUSAGE_THREAD names the calling thread.
    let r = unsafe { libc::getrusage(libc::RUSAGE_THREAD, &mut u) };
    (r == 0).then(|| (u.ru_nvcsw as u64).wrapping_add(u.ru_nivcsw as u64))
}

/// No per-thread count of context switches here.
#[cfg(not(target_os = "linux"))]
pub fn switches() -> Option<u64> {
    None
}

#[cfg(target_arch = "x86_64")]
mod tsc {
    use core::arch::x86_64::{__cpuid, _mm_lfence, _rdtsc};

    /// Whether the TSC is invariant (CPUID 8000_0007h EDX bit 8), on a CPU that reports
    /// the leaf (8000_0000h EAX ≥ 8000_0007h).
    pub fn invariant() -> bool {
        // SAFETY: CPUID exists on every x86-64 CPU; leaf 8000_0000h is always valid and
        // says whether 8000_0007h is.
        #[allow(unused_unsafe)]
        let max = unsafe { __cpuid(0x8000_0000) }.eax;
        if max < 0x8000_0007 {
            return false;
        }
        // SAFETY: the leaf is reported valid above.
        #[allow(unused_unsafe)]
        let edx = unsafe { __cpuid(0x8000_0007) }.edx;
        edx & (1 << 8) != 0
    }

    /// The TSC, read between two `lfence`s (SSE2, part of x86-64).
    #[inline(always)]
    pub fn read() -> u64 {
        // SAFETY: `lfence` and `rdtsc` exist on every x86-64 CPU and touch no memory.
        #[allow(unused_unsafe)]
        unsafe {
            _mm_lfence();
            let t = _rdtsc();
            _mm_lfence();
            t
        }
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod tsc {
    /// No TSC here.
    pub fn invariant() -> bool {
        false
    }

    /// Never read (the ticker is portable); 0.
    pub fn read() -> u64 {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A span with a sleep in it (the thread gives up its CPU) is marked preempted where the
    /// system counts switches; a few arithmetic operations are not, on most tries (an
    /// interrupt of the test's own thread may switch it out: one clean span in 20 suffices).
    #[test]
    fn a_span_that_leaves_the_cpu_is_marked() {
        let t = Ticker::detect();
        if switches().is_none() {
            crate::testing::skip("no per-thread count of context switches on this system");
            return;
        }
        let s = t.start();
        std::thread::sleep(Duration::from_millis(2));
        assert!(t.stop(s).preempted);
        let clean = (0..20).any(|i| {
            let s = t.start();
            std::hint::black_box(i * 3 + 1);
            !t.stop(s).preempted
        });
        assert!(clean);
    }

    /// The finest ticker and its portable twin measure the same two intervals (10 ms and
    /// 40 ms of sleep) in the same proportion, within 25 % (a sleep overshoots by
    /// scheduling delay alike for both; no absolute time is asserted), and both advance.
    #[test]
    fn finest_ticker_agrees_with_its_portable_twin() {
        let fine = Ticker::detect();
        let portable = Ticker::portable();
        let read = || (fine.now(), portable.now());
        let a = read();
        std::thread::sleep(Duration::from_millis(10));
        let b = read();
        std::thread::sleep(Duration::from_millis(40));
        let c = read();
        assert!(a.0 < b.0 && b.0 < c.0, "{a:?} {b:?} {c:?}");
        assert!(a.1 < b.1 && b.1 < c.1, "{a:?} {b:?} {c:?}");
        let fine_ratio = (c.0 - a.0) as f64 / (b.0 - a.0) as f64;
        let portable_ratio = (c.1 - a.1) as f64 / (b.1 - a.1) as f64;
        assert!(
            (fine_ratio / portable_ratio - 1.0).abs() < 0.25,
            "{fine_ratio} against {portable_ratio}"
        );
        // The conversion maps the fine ticks of the whole span onto the portable ns.
        let ns = (c.0 - a.0) as f64 * fine.ns_per_tick();
        let want = (c.1 - a.1) as f64;
        assert!((ns / want - 1.0).abs() < 0.25, "{ns} against {want}");
        if fine.source() == Source::Tsc {
            assert_eq!(fine.unit(), "TSC cycles");
        } else {
            crate::testing::skip_cpu(
                "no invariant TSC here: the portable ticker was compared with itself",
            );
        }
    }
}

//! Evicting an operation's memory from the caches before a cold timing.
//!
//! Two ways, chosen at run time ([`Evictor::detect`]):
//!
//! - **clflush** (x86-64): `CLFLUSH` on every 64-byte line of the memory the operation names
//!   ([`Resident`]: a fixed-base table, a secret, a peer value), then `MFENCE`, so that the
//!   flushes are complete before the clock is read. `CLFLUSH` invalidates the line in every
//!   level of the cache hierarchy of every core (Intel SDM vol. 2A, "CLFLUSH—Flush Cache
//!   Line"); it was introduced with SSE2, which every x86-64 CPU has.
//! - **walk** (portable): reading one byte of every line of a buffer at least twice the
//!   last-level cache ([`WALK_FACTOR`]), which pushes everything else out of every level (the
//!   method of the 1995 follow-up post: buffers larger than the cache). It is also used, after
//!   the flush, for an operation whose memory is not all named (a library keeping its
//!   integers' limbs private).
//!
//! Both are compared in the tests: a line read after either is slower than a warm one.

use super::sizes::CacheSizes;
use std::hint::black_box;
use std::marker::PhantomData;

/// Bytes of a cache line on x86-64 (and the step of both methods).
pub const LINE: usize = 64;

/// The walk buffer is this many times the last-level cache.
pub const WALK_FACTOR: usize = 2;

/// Walk buffer when the machine does not describe its caches: 64 MiB.
pub const WALK_FALLBACK: usize = 64 << 20;

/// A byte range of live memory, borrowed for `'a`: a slice or value of any type, by address
/// and size (only the addresses are used; the bytes are never read through it).
#[derive(Debug, Clone, Copy)]
pub struct Span<'a> {
    ptr: *const u8,
    len: usize,
    _life: PhantomData<&'a [u8]>,
}

impl<'a> Span<'a> {
    /// The bytes of the slice `s` (`size_of_val(s)` bytes from its first element).
    pub fn of<T>(s: &'a [T]) -> Span<'a> {
        Span {
            ptr: s.as_ptr().cast(),
            len: std::mem::size_of_val(s),
            _life: PhantomData,
        }
    }

    /// The bytes of the value `v` itself (not of what it points to).
    pub fn of_val<T>(v: &'a T) -> Span<'a> {
        Span {
            ptr: (v as *const T).cast(),
            len: std::mem::size_of::<T>(),
            _life: PhantomData,
        }
    }

    /// Size in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the span holds no byte.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The memory an operation works on, as it can name it: `spans` (its table, its secret, its
/// peer value), and whether that is all of it (`complete`). When it is not (a bignum
/// library that keeps its limbs private, a crate's own tables), eviction also walks.
#[derive(Debug, Clone, Default)]
pub struct Resident<'a> {
    /// The named byte ranges.
    pub spans: Vec<Span<'a>>,
    /// Whether the spans cover all the data the operation reads.
    pub complete: bool,
}

impl<'a> Resident<'a> {
    /// Named memory that is complete.
    pub fn complete(spans: Vec<Span<'a>>) -> Resident<'a> {
        Resident {
            spans,
            complete: true,
        }
    }

    /// Named memory that is not all of the operation's.
    pub fn partial(spans: Vec<Span<'a>>) -> Resident<'a> {
        Resident {
            spans,
            complete: false,
        }
    }

    /// Adds `more` spans (and keeps completeness).
    pub fn with(mut self, more: impl IntoIterator<Item = Span<'a>>) -> Resident<'a> {
        self.spans.extend(more);
        self
    }

    /// Bytes named.
    pub fn bytes(&self) -> usize {
        self.spans.iter().map(Span::len).sum()
    }
}

/// Whether `CLFLUSH` can run here (x86-64 with SSE2, i.e. every x86-64 CPU).
pub fn flush_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("sse2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::LINE;
    use std::arch::x86_64::{_mm_clflush, _mm_mfence};

    /// `CLFLUSH` on every line that `len` bytes from `ptr` touch, then `MFENCE`.
    ///
    /// # Safety
    /// The CPU has SSE2; `ptr .. ptr + len` lies in one live allocation (the first line's
    /// start, rounded down to `LINE`, is then in the same mapped page).
    #[target_feature(enable = "sse2")]
    pub unsafe fn flush_lines(ptr: *const u8, len: usize) {
        let first = ptr.wrapping_sub(ptr as usize % LINE);
        let end = ptr as usize + len;
        let mut p = first;
        while (p as usize) < end {
            // SAFETY: p lies in a mapped page of the caller's allocation (see above).
            unsafe { _mm_clflush(p) };
            p = p.wrapping_add(LINE);
        }
        _mm_mfence();
    }
}

/// Flushes every cache line of `span` from every cache level (x86-64 `CLFLUSH` + `MFENCE`);
/// does nothing where [`flush_available`] is false.
pub fn flush(span: Span<'_>) {
    #[cfg(target_arch = "x86_64")]
    if span.len > 0 && flush_available() {
        // SAFETY: SSE2 checked; the span borrows live memory of `len` bytes from `ptr`.
        unsafe { x86::flush_lines(span.ptr, span.len) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = span;
}

/// Reads one byte of every [`LINE`] of `buf` (the portable eviction); returns their sum so
/// that the reads are not optimised away.
pub fn walk(buf: &[u8]) -> u64 {
    let mut sum = 0u64;
    for i in (0..buf.len()).step_by(LINE) {
        sum = sum.wrapping_add(u64::from(black_box(buf[i])));
    }
    black_box(sum)
}

/// How eviction is done, for records: the method and, for a walk, the buffer's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// `CLFLUSH` of the named memory.
    Flush,
    /// A walk over a buffer of this many bytes.
    Walk(usize),
    /// `CLFLUSH` of the named memory, then a walk (memory not all named).
    FlushWalk(usize),
}

impl Method {
    /// Short name for records: "clflush", "walk", "clflush+walk".
    pub fn name(self) -> &'static str {
        match self {
            Method::Flush => "clflush",
            Method::Walk(_) => "walk",
            Method::FlushWalk(_) => "clflush+walk",
        }
    }
}

/// The evictor of a run: the method chosen at run time and, once a walk is needed, its
/// buffer (allocated and touched at first use).
#[derive(Debug)]
pub struct Evictor {
    flush: bool,
    walk_bytes: usize,
    buf: Vec<u8>,
    sizes: CacheSizes,
}

impl Evictor {
    /// The evictor for this machine: `CLFLUSH` where available ([`flush_available`]), a walk
    /// buffer of [`WALK_FACTOR`] × the last-level cache of `sizes` (or [`WALK_FALLBACK`]).
    pub fn detect(sizes: CacheSizes) -> Evictor {
        let walk_bytes = sizes
            .last_level()
            .map_or(WALK_FALLBACK, |c| WALK_FACTOR * c.bytes);
        Evictor {
            flush: flush_available(),
            walk_bytes,
            buf: Vec::new(),
            sizes,
        }
    }

    /// An evictor that only walks a buffer of `bytes` (the portable method, forced: tests).
    pub fn walking(bytes: usize) -> Evictor {
        Evictor {
            flush: false,
            walk_bytes: bytes.max(LINE),
            buf: Vec::new(),
            sizes: CacheSizes::default(),
        }
    }

    /// The caches the walk was sized from.
    pub fn sizes(&self) -> &CacheSizes {
        &self.sizes
    }

    /// What [`Evictor::evict`] does for memory named as `r` names it.
    pub fn method(&self, complete: bool) -> Method {
        match (self.flush, complete) {
            (true, true) => Method::Flush,
            (true, false) => Method::FlushWalk(self.walk_bytes),
            (false, _) => Method::Walk(self.walk_bytes),
        }
    }

    /// One line saying how memory named as complete (or not) is evicted.
    pub fn describe(&self, complete: bool) -> String {
        let walk = |b: usize| {
            let of = match self.sizes.last_level() {
                Some(c) => format!(
                    "{WALK_FACTOR} × the {} {}",
                    super::sizes::size_text(c.bytes),
                    c.name()
                ),
                None => "the caches not described by this machine".into(),
            };
            format!(
                "a read of every line of a {} buffer ({of})",
                super::sizes::size_text(b)
            )
        };
        match self.method(complete) {
            Method::Flush => "clflush of every line of the operation's memory, then mfence".into(),
            Method::FlushWalk(b) => format!(
                "clflush of the memory the code names, then mfence, then {} (the rest is not named)",
                walk(b)
            ),
            Method::Walk(b) => walk(b),
        }
    }

    /// Evicts the memory of `r` from the caches ([`Evictor::method`]).
    pub fn evict(&mut self, r: &Resident<'_>) {
        let method = self.method(r.complete);
        if matches!(method, Method::Flush | Method::FlushWalk(_)) {
            for s in &r.spans {
                flush(*s);
            }
        }
        if matches!(method, Method::Walk(_) | Method::FlushWalk(_)) {
            if self.buf.len() < self.walk_bytes {
                // Touch every page so that the walk reads memory, not the zero page.
                self.buf = vec![1u8; self.walk_bytes];
            }
            walk(&self.buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::interval;
    use std::time::Instant;

    /// Nanoseconds of reading line 0 of `buf` once after `before`.
    fn read_ns(buf: &[u8], before: &mut impl FnMut()) -> f64 {
        before();
        let t0 = Instant::now();
        black_box(black_box(buf)[0]);
        t0.elapsed().as_nanos() as f64
    }

    /// How many times faster a read of line 0 of `buf` is after `warm` than after `cold`:
    /// 301 pairs, the two reads of a pair back to back, as a ratio with its 95 % interval
    /// from the pairs (Wilcoxon signed rank, [`interval::ratio_paired`]), so that a load that
    /// slows a stretch of the run slows both sides of its pairs alike.
    fn warm_over_cold(
        buf: &[u8],
        mut warm: impl FnMut(),
        mut cold: impl FnMut(),
    ) -> crate::measure::Interval {
        let (mut w, mut c) = (Vec::new(), Vec::new());
        for _ in 0..301 {
            w.push(read_ns(buf, &mut warm));
            c.push(read_ns(buf, &mut cold));
        }
        interval::ratio_paired(&c, &w, interval::LEVEL)
    }

    #[test]
    fn spans_cover_their_bytes() {
        let v = vec![0u64; 10];
        assert_eq!(Span::of(&v).len(), 80);
        assert_eq!(Span::of_val(&v).len(), std::mem::size_of::<Vec<u64>>());
        let r = Resident::complete(vec![Span::of(&v)]).with([Span::of(&v[..2])]);
        assert_eq!(r.bytes(), 96);
        assert!(r.complete);
        assert!(!Resident::partial(vec![]).complete);
    }

    #[test]
    fn a_flushed_line_reads_slower_than_a_warm_one() {
        if !flush_available() {
            crate::testing::skip_cpu("no CLFLUSH on this CPU (not x86-64)");
            return;
        }
        let buf = vec![7u8; 4096];
        // A read from memory takes several times a read from L1 (plus the clock's cost on
        // both sides): the whole interval above 1 says the flush worked.
        let iv = warm_over_cold(
            &buf,
            || {
                black_box(buf[0]);
            },
            || flush(Span::of(&buf[..1])),
        );
        assert!(iv.lo > 1.0, "warm over flushed: {iv:?}");
    }

    #[test]
    fn a_walked_line_reads_slower_than_a_warm_one() {
        // A walk over 4 × L2 pushes the line out of L1 and L2 (the full 2 × LLC walk would
        // take hundreds of MiB here; the method is the same).
        let l2 = CacheSizes::detect()
            .levels
            .iter()
            .filter(|c| c.level == 2)
            .map(|c| c.bytes)
            .next()
            .unwrap_or(4 << 20);
        let mut ev = Evictor::walking(4 * l2);
        assert_eq!(ev.method(true), Method::Walk(4 * l2));
        let buf = vec![7u8; 4096];
        let r = Resident::complete(vec![Span::of(&buf)]);
        let iv = warm_over_cold(
            &buf,
            || {
                black_box(buf[0]);
            },
            || ev.evict(&r),
        );
        assert!(iv.lo > 1.0, "warm over walked: {iv:?}");
    }

    #[test]
    fn the_method_follows_what_is_named() {
        let sizes = CacheSizes {
            levels: vec![super::super::sizes::CacheLevel {
                level: 3,
                kind: "Unified".into(),
                bytes: 8 << 20,
            }],
        };
        let ev = Evictor::detect(sizes);
        if flush_available() {
            assert_eq!(ev.method(true), Method::Flush);
            assert_eq!(ev.method(false), Method::FlushWalk(16 << 20));
            assert!(
                ev.describe(false)
                    .contains("16 MiB buffer (2 × the 8 MiB L3)")
            );
        } else {
            assert_eq!(ev.method(true), Method::Walk(16 << 20));
        }
    }
}

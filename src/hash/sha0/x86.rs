//! The SHA-0 / SHA-1 message schedule in 128-bit vectors (SSSE3), four words at a time, as
//! OpenSSL's `sha1-x86_64.pl` computes SHA-1's; the 80 rounds are [`super::portable::rounds`]
//! compiled inside the same `#[target_feature]` function (with BMI1/BMI2 on the AVX2 path:
//! `andn`, `rorx`).
//!
//! W\[16..32\]: each vector W\[t..t+4\] = W\[t-16..\] ⊕ W\[t-14..\] ⊕ W\[t-8..\] ⊕
//! (W\[t-3\], W\[t-2\], W\[t-1\], 0), then lane 3 takes the missing W\[t\] (= lane 0 of the
//! result). W\[32..80\]: squaring the recurrence's polynomial over GF(2) gives
//! W\[t\] = W\[t-6\] ⊕ W\[t-16\] ⊕ W\[t-28\] ⊕ W\[t-32\] (rotated left by 2 for SHA-1), whose
//! four lanes are independent. Portable twin: [`super::portable::schedule`], compared in the
//! tests.

use core::arch::x86_64::{
    __m128i, _mm_add_epi32, _mm_alignr_epi8, _mm_loadu_si128, _mm_or_si128, _mm_set_epi8,
    _mm_set1_epi32, _mm_shuffle_epi8, _mm_slli_epi32, _mm_slli_si128, _mm_srli_epi32,
    _mm_srli_si128, _mm_storeu_si128, _mm_xor_si128,
};

use super::portable::{K, rounds};

/// Which vector code this CPU runs: only [`Simd::all_here`] makes one, which is what makes
/// calling the `#[target_feature]` functions from its methods sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Simd {
    /// AVX2 with BMI1 and BMI2 (the same code in VEX encoding, `andn` and `rorx` in the
    /// rounds); else SSSE3 (`pshufb`, `palignr`).
    avx2: bool,
}

impl Simd {
    /// Every vector code this CPU runs, slowest first.
    pub(crate) fn all_here() -> Vec<Simd> {
        let mut v = Vec::new();
        if std::arch::is_x86_feature_detected!("ssse3") {
            v.push(Simd { avx2: false });
        }
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
        {
            v.push(Simd { avx2: true });
        }
        v
    }

    /// "ssse3" or "avx2".
    pub(crate) fn name(self) -> &'static str {
        if self.avx2 { "avx2" } else { "ssse3" }
    }

    /// The compression function over consecutive 64-byte blocks.
    pub(crate) fn compress_blocks<const ROTATE: bool>(self, h: &mut [u32; 5], blocks: &[[u8; 64]]) {
        if self.avx2 {
            // SAFETY: a `Simd` with `avx2` exists only where `all_here` found AVX2, BMI1
            // and BMI2 (AVX2 implies SSSE3).
            unsafe { blocks_avx2::<ROTATE>(h, blocks) }
        } else {
            // SAFETY: a `Simd` exists only where `all_here` found SSSE3.
            unsafe { blocks_ssse3::<ROTATE>(h, blocks) }
        }
    }

    /// The schedule of one block ([`schedule`]), for the tests.
    #[cfg(test)]
    pub(crate) fn schedule<const ROTATE: bool>(self, block: &[u8; 64], wk: &mut [u32; 80]) {
        // SAFETY: a `Simd` exists only where `all_here` found SSSE3 (which AVX2 implies).
        unsafe { schedule::<ROTATE>(block, wk) }
    }
}

#[target_feature(enable = "ssse3")]
fn blocks_ssse3<const ROTATE: bool>(h: &mut [u32; 5], blocks: &[[u8; 64]]) {
    let mut wk = [0u32; 80];
    for block in blocks {
        schedule::<ROTATE>(block, &mut wk);
        // Keeps the words in memory: without it the compiler forwards the vector stores to
        // the rounds as lane extractions (`pextrd`, two µops each instead of an `add` from
        // memory).
        let wk = core::hint::black_box(&mut wk);
        rounds(h, wk);
    }
}

#[target_feature(enable = "avx2,bmi1,bmi2")]
fn blocks_avx2<const ROTATE: bool>(h: &mut [u32; 5], blocks: &[[u8; 64]]) {
    let mut wk = [0u32; 80];
    for block in blocks {
        schedule::<ROTATE>(block, &mut wk);
        // Keeps the words in memory: without it the compiler forwards the vector stores to
        // the rounds as lane extractions (`pextrd`, two µops each instead of an `add` from
        // memory).
        let wk = core::hint::black_box(&mut wk);
        rounds(h, wk);
    }
}

/// Each 32-bit lane rotated left by `L` (`R` = 32 − `L`).
#[inline]
#[target_feature(enable = "ssse3")]
fn rol<const L: i32, const R: i32>(x: __m128i) -> __m128i {
    _mm_or_si128(_mm_slli_epi32::<L>(x), _mm_srli_epi32::<R>(x))
}

/// `wk[4i..4i+4]` = `w` + K\[i/5\].
#[inline]
#[target_feature(enable = "ssse3")]
fn store(wk: &mut [u32; 80], i: usize, w: __m128i) {
    let k = _mm_set1_epi32(K[i / 5] as i32);
    let v = _mm_add_epi32(w, k);
    let out: &mut [u32; 4] = (&mut wk[4 * i..4 * i + 4]).try_into().expect("4 words");
    // SAFETY: `out` is 16 writable bytes; `storeu` has no alignment requirement.
    unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), v) }
}

/// The message schedule with the round constants added, as [`super::portable::schedule`].
#[inline]
#[target_feature(enable = "ssse3")]
fn schedule<const ROTATE: bool>(block: &[u8; 64], wk: &mut [u32; 80]) {
    // Big-endian words: reverse the bytes of each 32-bit lane.
    let bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    let mut w = [bswap; 20];
    for (i, wi) in w.iter_mut().take(4).enumerate() {
        let bytes: &[u8; 16] = (&block[16 * i..16 * i + 16]).try_into().expect("16 bytes");
        // SAFETY: `bytes` is 16 readable bytes; `loadu` has no alignment requirement.
        let v = unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) };
        *wi = _mm_shuffle_epi8(v, bswap);
        store(wk, i, *wi);
    }
    for i in 4..8 {
        // t = 4i: W[t-16..] ⊕ W[t-14..] ⊕ W[t-8..] ⊕ (W[t-3], W[t-2], W[t-1], 0).
        let x = _mm_xor_si128(
            _mm_xor_si128(w[i - 4], _mm_alignr_epi8::<8>(w[i - 3], w[i - 4])),
            _mm_xor_si128(w[i - 2], _mm_srli_si128::<4>(w[i - 1])),
        );
        // Lane 3 lacks W[t] (lane 0 of the result) in its xor.
        w[i] = if ROTATE {
            _mm_xor_si128(rol::<1, 31>(x), _mm_slli_si128::<12>(rol::<2, 30>(x)))
        } else {
            _mm_xor_si128(x, _mm_slli_si128::<12>(x))
        };
        store(wk, i, w[i]);
    }
    for i in 8..20 {
        // t = 4i: W[t-6..] ⊕ W[t-16..] ⊕ W[t-28..] ⊕ W[t-32..].
        let x = _mm_xor_si128(
            _mm_xor_si128(_mm_alignr_epi8::<8>(w[i - 1], w[i - 2]), w[i - 4]),
            _mm_xor_si128(w[i - 7], w[i - 8]),
        );
        w[i] = if ROTATE { rol::<2, 30>(x) } else { x };
        store(wk, i, w[i]);
    }
}

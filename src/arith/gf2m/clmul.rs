//! Carry-less-multiply GF(2)[u] arithmetic for x86-64 (`pclmulqdq`, Intel's "Carry-Less
//! Multiplication Instruction and its Usage for Computing the GCM Mode", Gueron–Kounavis
//! 2010).
//!
//! Each intrinsic sits in a small `#[target_feature(enable = "pclmulqdq")]` function with a
//! portable twin in [`super::portable`] that the tests compare it with. The [`Clmul`] token
//! exists only where `is_x86_feature_detected!("pclmulqdq")` said yes, which is what makes
//! calling these functions from its [`Backend`] methods sound.

use super::{Backend, Fe, Trinomial, Wide};
use core::arch::x86_64::{
    __m128i, _mm_clmulepi64_si128, _mm_cvtsi128_si64, _mm_set_epi64x, _mm_unpackhi_epi64,
    _mm_xor_si128,
};

/// Proof that the CPU has `pclmulqdq`: only [`Clmul::detect`] makes one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clmul {
    _private: (),
}

impl Clmul {
    /// The token, when the CPU has `pclmulqdq` (and SSE2, part of x86-64).
    pub fn detect() -> Option<Clmul> {
        std::arch::is_x86_feature_detected!("pclmulqdq").then_some(Clmul { _private: () })
    }
}

#[inline]
#[target_feature(enable = "pclmulqdq")]
fn lo(v: __m128i) -> u64 {
    _mm_cvtsi128_si64(v) as u64
}

#[inline]
#[target_feature(enable = "pclmulqdq")]
fn hi(v: __m128i) -> u64 {
    _mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)) as u64
}

#[inline]
#[target_feature(enable = "pclmulqdq")]
fn pair(l: u64, h: u64) -> __m128i {
    _mm_set_epi64x(h as i64, l as i64)
}

/// Carry-less 64×64 → 128-bit product (low, high): one `pclmulqdq`.
/// Portable twin: [`super::portable::clmul64`].
///
/// # Safety
/// (Only when called from code without the feature.) The CPU must have `pclmulqdq`: hold a
/// [`Clmul`] token.
#[inline]
#[target_feature(enable = "pclmulqdq")]
pub fn clmul64(a: u64, b: u64) -> (u64, u64) {
    let p = _mm_clmulepi64_si128::<0x00>(pair(a, 0), pair(b, 0));
    (lo(p), hi(p))
}

/// Unreduced 3-word × 3-word carry-less product by Karatsuba with six `pclmulqdq`:
/// with P_ij = (a_i + a_j)(b_i + b_j) and P_i = a_i·b_i,
/// c = P_0 + (P_01 + P_0 + P_1)·X + (P_02 + P_0 + P_1 + P_2)·X² + (P_12 + P_1 + P_2)·X³ + P_2·X⁴,
/// X = u^64. Portable twin: `Portable::mul_wide`.
///
/// # Safety
/// (Only when called from code without the feature.) The CPU must have `pclmulqdq`: hold a
/// [`Clmul`] token.
#[inline]
#[target_feature(enable = "pclmulqdq")]
pub fn mul3(a: &[u64; 3], b: &[u64; 3]) -> Wide {
    let a01 = pair(a[0], a[1]);
    let b01 = pair(b[0], b[1]);
    let a2 = pair(a[2], a[1] ^ a[2]);
    let b2 = pair(b[2], b[1] ^ b[2]);
    let asum = pair(a[0] ^ a[1], a[0] ^ a[2]);
    let bsum = pair(b[0] ^ b[1], b[0] ^ b[2]);
    let p0 = _mm_clmulepi64_si128::<0x00>(a01, b01);
    let p1 = _mm_clmulepi64_si128::<0x11>(a01, b01);
    let p2 = _mm_clmulepi64_si128::<0x00>(a2, b2);
    let p12 = _mm_clmulepi64_si128::<0x11>(a2, b2);
    let p01 = _mm_clmulepi64_si128::<0x00>(asum, bsum);
    let p02 = _mm_clmulepi64_si128::<0x11>(asum, bsum);
    let t01 = _mm_xor_si128(p0, p1);
    let t12 = _mm_xor_si128(p1, p2);
    let c1 = _mm_xor_si128(p01, t01);
    let c2 = _mm_xor_si128(_mm_xor_si128(p02, t01), p2);
    let c3 = _mm_xor_si128(p12, t12);
    [
        lo(p0),
        hi(p0) ^ lo(c1),
        hi(c1) ^ lo(c2),
        hi(c2) ^ lo(c3),
        hi(c3) ^ lo(p2),
        hi(p2),
    ]
}

/// Unreduced square of a 3-word polynomial: three carry-less squarings (a_i·a_i).
/// Portable twin: `Portable::sqr_wide`.
///
/// # Safety
/// (Only when called from code without the feature.) The CPU must have `pclmulqdq`: hold a
/// [`Clmul`] token.
#[inline]
#[target_feature(enable = "pclmulqdq")]
pub fn sqr3(a: &[u64; 3]) -> Wide {
    let a01 = pair(a[0], a[1]);
    let a2 = pair(a[2], 0);
    let p0 = _mm_clmulepi64_si128::<0x00>(a01, a01);
    let p1 = _mm_clmulepi64_si128::<0x11>(a01, a01);
    let p2 = _mm_clmulepi64_si128::<0x00>(a2, a2);
    [lo(p0), hi(p0), lo(p1), hi(p1), lo(p2), hi(p2)]
}

/// Unreduced product of a 3-word polynomial and one word: three `pclmulqdq`.
/// Portable twin: `Portable::mul_word_wide`.
///
/// # Safety
/// (Only when called from code without the feature.) The CPU must have `pclmulqdq`: hold a
/// [`Clmul`] token.
#[inline]
#[target_feature(enable = "pclmulqdq")]
pub fn mul3x1(a: &[u64; 3], s: u64) -> Wide {
    let a01 = pair(a[0], a[1]);
    let a2 = pair(a[2], 0);
    let sv = pair(s, 0);
    let p0 = _mm_clmulepi64_si128::<0x00>(a01, sv);
    let p1 = _mm_clmulepi64_si128::<0x01>(a01, sv);
    let p2 = _mm_clmulepi64_si128::<0x00>(a2, sv);
    [lo(p0), hi(p0) ^ lo(p1), hi(p1) ^ lo(p2), hi(p2), 0, 0]
}

impl Backend for Clmul {
    const NAME: &'static str = "pclmulqdq";
    super::word_backend_common!();

    #[inline(always)]
    fn mul_wide(self, a: Fe, b: Fe) -> Wide {
        // SAFETY: a `Clmul` token exists only when the CPU has pclmulqdq (see `detect`).
        unsafe { mul3(&a.0, &b.0) }
    }

    #[inline(always)]
    fn sqr_wide(self, a: Fe) -> Wide {
        // SAFETY: as above.
        unsafe { sqr3(&a.0) }
    }

    #[inline(always)]
    fn mul_word_wide(self, a: Fe, s: u64) -> Wide {
        // SAFETY: as above.
        unsafe { mul3x1(&a.0, s) }
    }
}

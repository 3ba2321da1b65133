//! GF(2^m) arithmetic in 256-bit vector registers: `vpclmulqdq` (two carry-less 64×64-bit
//! products per instruction) with AVX-512VL permutes and the AVX-512 VBMI2 funnel shifts
//! (`vpshldvq`/`vpshrdvq`) for the reduction. Elements never leave the vector registers in
//! the ladder or the fixed-base loop, which removes the general-purpose ↔ vector moves that
//! dominate the one-`pclmulqdq`-at-a-time code of [`super::clmul`].
//!
//! An element is `[a0, a1, a2, 0]` in one `__m256i`; a product is two registers
//! `([c0, c1, c2, c3], [c4, c5, 0, 0])`.
//!
//! - Multiply (schoolbook, 6 `vpclmulqdq`): a in lanes ((a0, a1), (a2, 0)) and a second
//!   copy ((a1, 0), (a1, a0)), b spread as ((b0, b1), (b0, b1)) and ((b0, 0), (b2, b1)), so
//!   that the lane selectors give all nine a_i·b_j, each in the lane of its degree; they are
//!   summed by degree i + j and the odd degrees shifted one word into place.
//! - Square: ((a0², a2²)) and ((a1², 0)), two `vpclmulqdq`, two lane moves.
//! - Reduction by u^m + u^k + 1: T = C >> m, then C mod u^m + T + T·u^k, whose part at and
//!   above u^m (T·u^k >> m, below u^(m−k+... ) small) is folded once more the same way. Every
//!   multi-word shift is one `valignq` (whole words) and one funnel shift (the bits).
//!
//! Each intrinsic sits in a small `#[target_feature]` function; the portable twins are the
//! [`super::portable`] functions, compared in the tests on random inputs.

use super::{Backend, Fe, Trinomial};
use core::arch::x86_64::{
    __m256i, _mm256_alignr_epi64, _mm256_and_si256, _mm256_andnot_si256, _mm256_clmulepi64_epi128,
    _mm256_extract_epi64, _mm256_loadu_si256, _mm256_permute2x128_si256, _mm256_permutexvar_epi64,
    _mm256_set_epi64x, _mm256_set1_epi64x, _mm256_setzero_si256, _mm256_shrdv_epi64,
    _mm256_ternarylogic_epi64, _mm256_testz_si256, _mm256_xor_si256,
};

/// Proof that the CPU has AVX2, AVX-512F/VL/VBMI2, VPCLMULQDQ and PCLMULQDQ: only
/// [`Avx512::detect`] makes one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx512 {
    _private: (),
}

impl Avx512 {
    /// The token, when the CPU has every feature this code uses.
    pub fn detect() -> Option<Avx512> {
        use std::arch::is_x86_feature_detected as has;
        (has!("avx2")
            && has!("avx512f")
            && has!("avx512vl")
            && has!("avx512vbmi2")
            && has!("vpclmulqdq")
            && has!("pclmulqdq"))
        .then_some(Avx512 { _private: () })
    }
}

/// An unreduced product: words 0–3 and 4–5.
#[derive(Clone, Copy, Debug)]
pub struct Wide2(pub __m256i, pub __m256i);

// In every function below: the features are those `Avx512::detect` checks.

/// `[a0, a1, a2, 0]`.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn load(a: &Fe) -> __m256i {
    _mm256_set_epi64x(0, a.0[2] as i64, a.0[1] as i64, a.0[0] as i64)
}

/// Back to three words.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn store(a: __m256i) -> Fe {
    Fe([
        _mm256_extract_epi64::<0>(a) as u64,
        _mm256_extract_epi64::<1>(a) as u64,
        _mm256_extract_epi64::<2>(a) as u64,
    ])
}

/// Whether all bits are zero.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn is_zero(a: __m256i) -> bool {
    _mm256_testz_si256(a, a) == 1
}

/// Masked swap.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn cswap(swap: u64, a: &mut __m256i, b: &mut __m256i) {
    let m = _mm256_set1_epi64x(0i64.wrapping_sub(swap as i64));
    let t = _mm256_and_si256(m, _mm256_xor_si256(*a, *b));
    *a = _mm256_xor_si256(*a, t);
    *b = _mm256_xor_si256(*b, t);
}

/// [x.hi | 0]: the high 128-bit lane moved down.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn lane_down(x: __m256i) -> __m256i {
    _mm256_permute2x128_si256::<0x81>(x, x)
}

/// a ^ b ^ c in one `vpternlogq`.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn xor3(a: __m256i, b: __m256i, c: __m256i) -> __m256i {
    _mm256_ternarylogic_epi64::<0x96>(a, b, c)
}

/// Unreduced a·b, schoolbook with six `vpclmulqdq` (two products each).
/// Portable twin: `Portable::mul_wide`.
///
/// The nine a_i·b_j are laid out so that each 128-bit lane only receives products that
/// belong to it (as in `avx512x2::mul_wide_spread`): lane 0 the degrees 0 and 1, lane 1 the
/// degrees 2 and 3, with `m2` = `[a1, 0, a1, a0]` and `m1` = `[b0, 0, b2, b1]` supplying the
/// words lane 1 lacks (their zeros are word 3 of the operands, zero in every reduced
/// element); a2·b2 comes out in lane 1 of its own product and moves down once.
/// Even degrees then sit in place and odd ones take one word shift: 6 `vpclmulqdq` and 6
/// permutes, 4 of them side by side before the products (against 7 with a natural layout,
/// where the lane moves of products sat on the critical path).
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn mul_wide(a: __m256i, b: __m256i) -> Wide2 {
    let b01 = _mm256_permutexvar_epi64(_mm256_set_epi64x(1, 0, 1, 0), b);
    let m1 = _mm256_permutexvar_epi64(_mm256_set_epi64x(1, 2, 3, 0), b);
    let m2 = _mm256_permutexvar_epi64(_mm256_set_epi64x(0, 1, 3, 1), a);
    let e1 = _mm256_clmulepi64_epi128::<0x00>(a, b01); // [a0b0 | a2b0]
    let o1 = _mm256_clmulepi64_epi128::<0x10>(a, b01); // [a0b1 | a2b1]
    let o2 = _mm256_clmulepi64_epi128::<0x00>(m2, m1); // [a1b0 | a1b2]
    let e2 = _mm256_clmulepi64_epi128::<0x10>(m2, m1); // [0 | a1b1]
    let e3 = _mm256_clmulepi64_epi128::<0x01>(m2, m1); // [0 | a0b2]
    let h = _mm256_clmulepi64_epi128::<0x00>(a, m1); // [a0b0 (unused) | a2b2]
    // Degrees 0 and 2 at words 0 and 2; degrees 1 and 3, to go to words 1 and 3.
    let e = xor3(e1, e2, e3);
    let o = _mm256_xor_si256(o1, o2);
    let z = _mm256_setzero_si256();
    let lo = _mm256_xor_si256(e, _mm256_alignr_epi64::<3>(o, z));
    let hi = _mm256_xor_si256(_mm256_alignr_epi64::<3>(z, o), lane_down(h));
    Wide2(lo, hi)
}

/// Unreduced a². Portable twin: `Portable::sqr_wide`.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn sqr_wide(a: __m256i) -> Wide2 {
    let p0 = _mm256_clmulepi64_epi128::<0x00>(a, a); // [a0² | a2²]
    let p1 = _mm256_clmulepi64_epi128::<0x11>(a, a); // [a1² | 0]
    Wide2(_mm256_permute2x128_si256::<0x20>(p0, p1), lane_down(p0))
}

/// Unreduced a·s for one word s. Portable twin: `Portable::mul_word_wide`.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn mul_word_wide(a: __m256i, s: u64) -> Wide2 {
    let sv = _mm256_set1_epi64x(s as i64);
    let q = _mm256_clmulepi64_epi128::<0x00>(a, sv); // [a0·s | a2·s]
    let r = _mm256_clmulepi64_epi128::<0x01>(a, sv); // [a1·s | 0]
    let z = _mm256_setzero_si256();
    Wide2(_mm256_xor_si256(q, _mm256_alignr_epi64::<3>(r, z)), z)
}

/// C >> s for the 6-word product C = (lo, hi), 64 ≤ s < 320, s not a multiple of 64: one
/// `valignq` pair for the words and one funnel shift for the bits.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn shr_wide(c: Wide2, s: u32) -> __m256i {
    let z = _mm256_setzero_si256();
    let (base, next) = match s / 64 {
        1 => (
            _mm256_alignr_epi64::<1>(c.1, c.0),
            _mm256_alignr_epi64::<2>(c.1, c.0),
        ),
        2 => (
            _mm256_alignr_epi64::<2>(c.1, c.0),
            _mm256_alignr_epi64::<3>(c.1, c.0),
        ),
        3 => (_mm256_alignr_epi64::<3>(c.1, c.0), c.1),
        _ => (c.1, _mm256_alignr_epi64::<1>(z, c.1)),
    };
    _mm256_shrdv_epi64(base, next, _mm256_set1_epi64x((s % 64) as i64))
}

/// The four words of a mask of the bits below `n` (n ≤ 256), word 0 first; shared with the
/// 512-bit pair code (`avx512x2`), which repeats it in both slots.
/// `#[inline(always)]`: `n` is a constant at every call, so the mask folds to constants;
/// a call (as the benches' crate made before, where it could not inline it) cost a
/// function call per reduction.
#[inline(always)]
pub(super) const fn low_mask_words(n: u32) -> [i64; 4] {
    let mut w = [0i64; 4];
    let mut i = 0;
    while i < 4 {
        let lo = 64 * i as u32;
        w[i] = if n >= lo + 64 {
            -1
        } else if n > lo {
            ((1u64 << (n - lo)) - 1) as i64
        } else {
            0
        };
        i += 1;
    }
    w
}

/// A 4-word mask of the bits below `n` (n ≤ 256).
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn low_mask(n: u32) -> __m256i {
    let w = low_mask_words(n);
    _mm256_set_epi64x(w[3], w[2], w[1], w[0])
}

/// C mod u^m + u^k + 1 for C of degree ≤ 2m − 2 (m odd, 128 < m < 192, k % 64 ≠ 0,
/// 2k < m). Portable twin: [`super::reduce`].
///
/// With T = C >> m: C ≡ (C mod u^m) + T + T·u^k, and T·u^k = (T·u^k mod u^m) + T2·u^m with
/// T2 = C >> (2m − k), so C ≡ (C mod u^m) + T + (T·u^k mod u^m) + T2 + T2·u^k, the last of
/// degree < 2k − 1 < m. All four shifted copies come straight from C (T·u^k is C >> (m − k)
/// with its low k bits cleared; T2·u^k is C >> (2m − 2k) likewise), so they are computed side
/// by side and summed by three `vpternlogq`: a short dependency chain.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn reduce<F: Trinomial>(c: Wide2) -> __m256i {
    let (m, k) = (F::M, F::K);
    let mask_m = low_mask(m);
    // Bits k..m: (T·u^k) mod u^m out of C >> (m − k).
    let mask_mk = _mm256_andnot_si256(low_mask(k), mask_m);
    let not_k = _mm256_andnot_si256(low_mask(k), low_mask(256));
    let t = shr_wide(c, m);
    let tk = shr_wide(c, m - k);
    let t2 = shr_wide(c, 2 * m - k);
    let t2k = shr_wide(c, 2 * m - 2 * k);
    // (lo AND mask_m) XOR T, then XOR (tk AND mask_mk); T2 XOR (t2k AND not_k):
    // vpternlogq 0x6a and 0x78.
    let r = _mm256_ternarylogic_epi64::<0x6a>(c.0, mask_m, t);
    let r = _mm256_ternarylogic_epi64::<0x78>(r, tk, mask_mk);
    let r2 = _mm256_ternarylogic_epi64::<0x78>(t2, t2k, not_k);
    _mm256_xor_si256(r, r2)
}

/// `acc` XOR the 32 bytes at `p` (unaligned load).
///
/// # Safety
/// 32 bytes from `p` are readable, and the CPU has the features (an [`Avx512`] token).
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
unsafe fn xor_load(acc: __m256i, p: *const u8) -> __m256i {
    // SAFETY: the caller's promise.
    _mm256_xor_si256(acc, unsafe { _mm256_loadu_si256(p.cast()) })
}

/// The zero vector.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn zero() -> __m256i {
    _mm256_setzero_si256()
}

/// a^(2^n) by a multi-squaring table (`tables::MultiSqr::rows`: 16 rows per word of a, the
/// rows past ceil(m/4) zero): the XOR of one 256-bit row entry per 4-bit digit of a, in two
/// accumulators; only the ceil(m/4) digits of a reduced element are read (the rows past them
/// would only ever give entry 0, which is zero). Each digit's byte offset in its row
/// (digit · 32) comes from one shift and one mask of its word, with constant shifts (the
/// digits unroll). Portable twin: `MultiSqr::apply`.
///
/// Not a `#[target_feature]` function itself (those cannot be `#[inline(always)]`, and as a
/// plain `#[inline]` one it was too large to be inlined: a call, with `a` passed through
/// memory, per map): it inlines into its caller, which runs with the features (the
/// backend's hot paths), and so do the small functions it calls.
#[inline(always)]
fn multi_sqr<F: Trinomial>(be: Avx512, rows: &[[[u64; 4]; 16]], a: __m256i) -> __m256i {
    let digits = F::M.div_ceil(4) as usize;
    assert!(
        rows.len() >= digits,
        "a multi-squaring table has a row per digit"
    );
    let w = be.store(a).0;
    let base = rows.as_ptr().cast::<u8>();
    // SAFETY (this and every call below): the `Avx512` token proves the features.
    let (mut acc0, mut acc1) = unsafe { (zero(), zero()) };
    for (i, &word) in w.iter().enumerate() {
        for j in 0..16 {
            let p = 16 * i + j;
            if p >= digits {
                break;
            }
            // Digit j of the word times 32 (the size of an entry), in bits 5..9.
            let off = if 4 * j < 5 {
                (word << (5 - 4 * j)) & 0x1e0
            } else {
                (word >> (4 * j - 5)) & 0x1e0
            } as usize;
            // SAFETY: p < digits ≤ rows.len() (asserted above) and off ≤ 15·32, so the 32
            // bytes read are entry off/32 of row p.
            let e = base.wrapping_add(p * 512 + off);
            if j % 2 == 0 {
                acc0 = unsafe { xor_load(acc0, e) };
            } else {
                acc1 = unsafe { xor_load(acc1, e) };
            }
        }
    }
    be.add(acc0, acc1)
}

/// The AVX-512 backend: elements in one `__m256i`.
impl Backend for Avx512 {
    const NAME: &'static str = "vpclmulqdq+avx512";
    type E = __m256i;
    type W = Wide2;

    // SAFETY (every method): an `Avx512` token exists only when the CPU has every feature
    // these functions enable (see `Avx512::detect`).
    #[inline(always)]
    fn load(self, a: &Fe) -> __m256i {
        unsafe { load(a) }
    }
    #[inline(always)]
    fn store(self, a: __m256i) -> Fe {
        unsafe { store(a) }
    }
    #[inline(always)]
    fn add(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_xor_si256(a, b) }
    }
    #[inline(always)]
    fn is_zero(self, a: __m256i) -> bool {
        unsafe { is_zero(a) }
    }
    #[inline(always)]
    fn cswap(self, swap: u64, a: &mut __m256i, b: &mut __m256i) {
        unsafe { cswap(swap, a, b) }
    }
    #[inline(always)]
    fn mul_wide(self, a: __m256i, b: __m256i) -> Wide2 {
        unsafe { mul_wide(a, b) }
    }
    #[inline(always)]
    fn sqr_wide(self, a: __m256i) -> Wide2 {
        unsafe { sqr_wide(a) }
    }
    #[inline(always)]
    fn mul_word_wide(self, a: __m256i, s: u64) -> Wide2 {
        unsafe { mul_word_wide(a, s) }
    }
    #[inline(always)]
    fn wide_add(self, a: Wide2, b: Wide2) -> Wide2 {
        unsafe { Wide2(_mm256_xor_si256(a.0, b.0), _mm256_xor_si256(a.1, b.1)) }
    }
    #[inline(always)]
    fn reduce<F: Trinomial>(self, c: Wide2) -> __m256i {
        unsafe { reduce::<F>(c) }
    }
    #[inline(always)]
    fn multi_sqr<F: Trinomial>(self, t: &super::tables::MultiSqr, a: __m256i) -> __m256i {
        multi_sqr::<F>(self, t.rows(), a)
    }
}

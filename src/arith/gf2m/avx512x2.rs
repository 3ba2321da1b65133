//! Two GF(2^m) elements side by side in one 512-bit register: the same multiply, square and
//! reduction as [`super::avx512`], done for both 256-bit halves ("slots") by each
//! instruction. A `vpclmulqdq` on 512 bits costs the CPU what one on 256 bits costs, and so
//! do the permutes that align words, so a pair of independent operations costs about what
//! one did. The x-only ladder (`kex::ec2n::ladder::ladder_pair`) is written so that every
//! multiplication, squaring and reduction of a step comes in such pairs.
//!
//! A [`Pair`] is `[a0, a1, a2, 0 | b0, b1, b2, 0]` (slot 0 = words 0–3, slot 1 = words 4–7),
//! each slot reduced; a [`WidePair`] holds two unreduced products,
//! `([c0, c1, c2, c3 | d0, d1, d2, d3], [·, ·, c4, c5 | ·, ·, d4, d5])` (the words shown as ·
//! hold whatever the multiplication left there and are never read).
//!
//! Each intrinsic sits in a small `#[target_feature]` function; the safe API is on the
//! [`Avx512`] token (which proves the CPU has the features). The portable twins are the
//! [`super::portable`] operations, compared slot by slot in the tests on random inputs.

use super::avx512::Avx512;
use super::{Fe, Trinomial};
use core::arch::x86_64::{
    __m256i, __m512i, _mm512_andnot_si512, _mm512_castsi256_si512, _mm512_castsi512_si256,
    _mm512_clmulepi64_epi128, _mm512_extracti64x4_epi64, _mm512_inserti64x4,
    _mm512_mask_blend_epi64, _mm512_maskz_mov_epi64, _mm512_maskz_permutex2var_epi64,
    _mm512_maskz_permutexvar_epi64, _mm512_permutex2var_epi64, _mm512_permutexvar_epi64,
    _mm512_set_epi64, _mm512_set1_epi64, _mm512_setzero_si512, _mm512_shrdv_epi64,
    _mm512_shuffle_i64x2, _mm512_ternarylogic_epi64, _mm512_test_epi64_mask, _mm512_xor_si512,
};

/// Two reduced elements, one per 256-bit slot.
#[derive(Clone, Copy, Debug)]
pub struct Pair(pub __m512i);

/// Two unreduced products: words 0–3 of each in the first register, words 4–5 in words 2–3
/// of each slot of the second (words 0–1 of its slots are left over and never read).
#[derive(Clone, Copy, Debug)]
pub struct WidePair(pub __m512i, pub __m512i);

/// A word-index vector for [`Avx512::permute`] and [`Avx512::spread`].
#[derive(Clone, Copy, Debug)]
pub struct Words(pub __m512i);

/// A multiplication operand b spread as `([b0, b1, b0, b1], [b0, 0, b2, b1])` per slot (see
/// [`Avx512::spread`]).
#[derive(Clone, Copy, Debug)]
pub struct Spread(pub __m512i, pub __m512i);

/// Mask of slot 0's four words.
pub const SLOT0: u8 = 0x0f;
/// Mask of slot 1's four words.
pub const SLOT1: u8 = 0xf0;

// In every function below: the features are those `Avx512::detect` checks, plus AVX-512F
// for the 512-bit forms (implied by the token: detect checks avx512f).

/// `[a | b]` from two 256-bit elements.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn join(a: __m256i, b: __m256i) -> __m512i {
    _mm512_inserti64x4::<1>(_mm512_castsi256_si512(a), b)
}

/// Slot 0 as a 256-bit element.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn slot0(p: __m512i) -> __m256i {
    _mm512_castsi512_si256(p)
}

/// Slot 1 as a 256-bit element.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn slot1(p: __m512i) -> __m256i {
    _mm512_extracti64x4_epi64::<1>(p)
}

/// a ^ b ^ c in one `vpternlogq`.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn xor3(a: __m512i, b: __m512i, c: __m512i) -> __m512i {
    _mm512_ternarylogic_epi64::<0x96>(a, b, c)
}

/// Both unreduced products, schoolbook with six `vpclmulqdq` (four 64×64 products each).
/// Portable twin: `Portable::mul_wide` on each slot.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn mul_wide(a: __m512i, b: __m512i) -> WidePair {
    let b01 = _mm512_permutexvar_epi64(_mm512_set_epi64(5, 4, 5, 4, 1, 0, 1, 0), b);
    let m1 = _mm512_permutexvar_epi64(_mm512_set_epi64(5, 6, 7, 4, 1, 2, 3, 0), b);
    mul_wide_spread(a, b01, m1)
}

/// As [`mul_wide`] with the second operand already spread: `b01` = `[b0, b1, b0, b1]` and
/// `m1` = `[b0, 0, b2, b1]` per slot (so a caller can fold a slot permutation into the
/// spreading permutes, see [`Avx512::spread`]).
///
/// The nine 64×64 products of a slot are laid out so that each 128-bit lane only ever
/// receives products that belong to it: lane 0 the degree-0 and degree-1 products (word
/// offsets 0 and 1), lane 1 the degree-2 and degree-3 ones (offsets 2 and 3), with a second
/// copy of a, `m2` = `[a1, 0, a1, a0]`, supplying the a-words lane 1 lacks (its 0 and the 0
/// of `m1` are word 3 of the operand, zero in every reduced element, so no masking). The even degrees
/// then sit in place, the odd ones need one word shift, and a2·b2 lands in words 2–3 of its
/// own register, which becomes the high part of the [`WidePair`] as it is: 6 `vpclmulqdq`,
/// 3 word permutes (`m2` and the odd shift, split over the two output registers) and 4
/// XORs, against 6, 5 and 5 with a natural layout.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn mul_wide_spread(a: __m512i, b01: __m512i, m1: __m512i) -> WidePair {
    let m2 = _mm512_permutexvar_epi64(_mm512_set_epi64(4, 5, 7, 5, 0, 1, 3, 1), a);
    let e1 = _mm512_clmulepi64_epi128::<0x00>(a, b01); // [a0b0 | a2b0] per slot
    let o1 = _mm512_clmulepi64_epi128::<0x10>(a, b01); // [a0b1 | a2b1]
    let o2 = _mm512_clmulepi64_epi128::<0x00>(m2, m1); // [a1b0 | a1b2]
    let e2 = _mm512_clmulepi64_epi128::<0x10>(m2, m1); // [0 | a1b1]
    let e3 = _mm512_clmulepi64_epi128::<0x01>(m2, m1); // [0 | a0b2]
    let h = _mm512_clmulepi64_epi128::<0x00>(a, m1); // [a0b0 (unused) | a2b2]
    // Degrees 0 and 2 at words 0 and 2; degrees 1 and 3, to go to words 1 and 3.
    let e = xor3(e1, e2, e3);
    let o = _mm512_xor_si512(o1, o2);
    // o one word up ([0, o0, o1, o2] per slot) and its top word into word 2 (c4).
    let o_up = _mm512_maskz_permutexvar_epi64(0xee, _mm512_set_epi64(6, 5, 4, 0, 2, 1, 0, 0), o);
    let o_top = _mm512_maskz_permutexvar_epi64(0x44, _mm512_set_epi64(0, 7, 0, 0, 0, 3, 0, 0), o);
    WidePair(_mm512_xor_si512(e, o_up), _mm512_xor_si512(h, o_top))
}

/// Both unreduced squares. Portable twin: `Portable::sqr_wide` on each slot.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn sqr_wide(a: __m512i) -> WidePair {
    let p0 = _mm512_clmulepi64_epi128::<0x00>(a, a); // [a0² | a2²] per slot
    let p1 = _mm512_clmulepi64_epi128::<0x11>(a, a); // [a1² | 0]
    let lo = _mm512_permutex2var_epi64(p0, _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0), p1);
    // a2² is already in words 2–3 of its slots, where a WidePair keeps words 4–5.
    WidePair(lo, p0)
}

/// Per slot, words j, j+1, j+2, j+3 of the 6-word product (zero beyond word 5): one
/// `vpermt2q` (index 0–7: words of `c.0`, 8–15: words of `c.1`, where words 4–5 of the
/// product sit at 10–11 and 14–15). `j` is a constant after
/// inlining, so the match folds to one instruction.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn window(c: WidePair, j: u32) -> __m512i {
    let (a, b) = (c.0, c.1);
    match j {
        0 => a,
        1 => _mm512_permutex2var_epi64(a, _mm512_set_epi64(14, 7, 6, 5, 10, 3, 2, 1), b),
        2 => _mm512_permutex2var_epi64(a, _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2), b),
        3 => _mm512_maskz_permutex2var_epi64(
            0x77,
            a,
            _mm512_set_epi64(0, 15, 14, 7, 0, 11, 10, 3),
            b,
        ),
        4 => _mm512_maskz_permutex2var_epi64(
            0x33,
            a,
            _mm512_set_epi64(0, 0, 15, 14, 0, 0, 11, 10),
            b,
        ),
        5 => {
            _mm512_maskz_permutex2var_epi64(0x11, a, _mm512_set_epi64(0, 0, 0, 15, 0, 0, 0, 11), b)
        }
        _ => _mm512_setzero_si512(),
    }
}

/// Per slot, C >> s (s not a multiple of 64, 64 ≤ s < 320): two word windows and one funnel
/// shift.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn shr_wide(c: WidePair, s: u32) -> __m512i {
    let lo = window(c, s / 64);
    let hi = window(c, s / 64 + 1);
    _mm512_shrdv_epi64(lo, hi, _mm512_set1_epi64((s % 64) as i64))
}

/// The bits below `n` (n ≤ 256) in each slot.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn low_mask(n: u32) -> __m512i {
    let w = super::avx512::low_mask_words(n);
    _mm512_set_epi64(w[3], w[2], w[1], w[0], w[3], w[2], w[1], w[0])
}

/// Both products modulo u^m + u^k + 1: the four-shifted-copies reduction of
/// `avx512::reduce`, per slot. Shifts that start in the same word share their windows
/// (for m = 155: C >> 155 and C >> 186 both start at word 2), so a reduction costs 4–5
/// `vpermt2q`. Portable twin: [`super::reduce`] on each slot.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn reduce<F: Trinomial>(c: WidePair) -> __m512i {
    let (m, k) = (F::M, F::K);
    let mask_m = low_mask(m);
    let mask_mk = _mm512_andnot_si512(low_mask(k), mask_m);
    let not_k = _mm512_andnot_si512(low_mask(k), low_mask(256));
    let t = shr_wide(c, m);
    let tk = shr_wide(c, m - k);
    let t2 = shr_wide(c, 2 * m - k);
    let t2k = shr_wide(c, 2 * m - 2 * k);
    let r = _mm512_ternarylogic_epi64::<0x6a>(c.0, mask_m, t);
    let r = _mm512_ternarylogic_epi64::<0x78>(r, tk, mask_mk);
    let r2 = _mm512_ternarylogic_epi64::<0x78>(t2, t2k, not_k);
    _mm512_xor_si512(r, r2)
}

/// Bit i set when word i is not zero.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn test_nonzero(p: __m512i) -> u8 {
    _mm512_test_epi64_mask(p, p)
}

/// The two slots exchanged.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn swap(p: __m512i) -> __m512i {
    _mm512_shuffle_i64x2::<0x4e>(p, p)
}

/// `[a.slot0 | b.slot0]`.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn slot0s(a: __m512i, b: __m512i) -> __m512i {
    _mm512_shuffle_i64x2::<0x44>(a, b)
}

/// `[a.slot1 | b.slot0]`.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn slot1_slot0(a: __m512i, b: __m512i) -> __m512i {
    _mm512_shuffle_i64x2::<0x4e>(a, b)
}

/// Words of `b` where `mask` is set, else of `a`.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn blend(mask: u8, a: __m512i, b: __m512i) -> __m512i {
    _mm512_mask_blend_epi64(mask, a, b)
}

/// a + (b restricted to the words in `mask`), for adding a reduced element into one slot
/// of a product.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn add_masked(mask: u8, a: __m512i, b: __m512i) -> __m512i {
    _mm512_xor_si512(a, _mm512_maskz_mov_epi64(mask, b))
}

/// The safe pair API. SAFETY (every method): an `Avx512` token exists only when the CPU
/// has every feature these functions enable (see `Avx512::detect`, which checks AVX-512F).
impl Avx512 {
    /// `[a | b]`.
    #[inline(always)]
    pub fn join(self, a: __m256i, b: __m256i) -> Pair {
        Pair(unsafe { join(a, b) })
    }
    /// The two slots as 256-bit elements.
    #[inline(always)]
    pub fn split(self, p: Pair) -> (__m256i, __m256i) {
        unsafe { (slot0(p.0), slot1(p.0)) }
    }
    /// Both products, unreduced.
    #[inline(always)]
    pub fn mul2_wide(self, a: Pair, b: Pair) -> WidePair {
        unsafe { mul_wide(a.0, b.0) }
    }
    /// Both products, unreduced, with the second operand given spread (see [`Spread`]).
    #[inline(always)]
    pub fn mul2_wide_spread(self, a: Pair, b: Spread) -> WidePair {
        unsafe { mul_wide_spread(a.0, b.0, b.1) }
    }
    /// Both products a·b mod f, b given spread.
    #[inline(always)]
    pub fn mul2_spread<F: Trinomial>(self, a: Pair, b: Spread) -> Pair {
        self.reduce2::<F>(self.mul2_wide_spread(a, b))
    }
    /// Words of `p` picked by `idx` (word i of the result = word idx[i] of `p`): one
    /// `vpermq`. Index vectors come from [`Avx512::words`].
    #[inline(always)]
    pub fn permute(self, idx: Words, p: Pair) -> Pair {
        Pair(unsafe { _mm512_permutexvar_epi64(idx.0, p.0) })
    }
    /// A multiplication operand spread for [`Avx512::mul2_spread`] after the word
    /// permutation `idx` (applied first): `[b0, b1, b0, b1]` and `[b0, 0, b2, b1]` per slot of
    /// `idx(p)`. `idx01` and `idx_m1` are the composed index vectors; the 0 of the second is
    /// word 3 of a slot, which is zero in every reduced element.
    #[inline(always)]
    pub fn spread(self, idx01: Words, idx_m1: Words, p: Pair) -> Spread {
        unsafe {
            Spread(
                _mm512_permutexvar_epi64(idx01.0, p.0),
                _mm512_permutexvar_epi64(idx_m1.0, p.0),
            )
        }
    }
    /// An index vector from eight word indices (0–7), word 0 first.
    #[inline(always)]
    pub fn words(self, w: [i64; 8]) -> Words {
        Words(unsafe { _mm512_set_epi64(w[7], w[6], w[5], w[4], w[3], w[2], w[1], w[0]) })
    }
    /// The index vector `idx` with the two slots exchanged when `swap` = 1 (XOR 4 into every
    /// index): one broadcast and one XOR, no branch.
    #[inline(always)]
    pub fn words_cswap(self, swap: u64, idx: Words) -> Words {
        unsafe {
            Words(_mm512_xor_si512(
                idx.0,
                _mm512_set1_epi64((4 * swap) as i64),
            ))
        }
    }
    /// Both squares, unreduced.
    #[inline(always)]
    pub fn sqr2_wide(self, a: Pair) -> WidePair {
        unsafe { sqr_wide(a.0) }
    }
    /// Both reduced.
    #[inline(always)]
    pub fn reduce2<F: Trinomial>(self, c: WidePair) -> Pair {
        Pair(unsafe { reduce::<F>(c) })
    }
    /// Both products a·b mod f.
    #[inline(always)]
    pub fn mul2<F: Trinomial>(self, a: Pair, b: Pair) -> Pair {
        self.reduce2::<F>(self.mul2_wide(a, b))
    }
    /// Both squares mod f.
    #[inline(always)]
    pub fn sqr2<F: Trinomial>(self, a: Pair) -> Pair {
        self.reduce2::<F>(self.sqr2_wide(a))
    }
    /// Slot-wise sum of two unreduced products (for lazy reduction).
    #[inline(always)]
    pub fn wide_add2(self, a: WidePair, b: WidePair) -> WidePair {
        unsafe { WidePair(_mm512_xor_si512(a.0, b.0), _mm512_xor_si512(a.1, b.1)) }
    }
    /// Whether either slot is zero.
    #[inline(always)]
    pub fn any_slot_zero(self, p: Pair) -> bool {
        let nonzero = unsafe { test_nonzero(p.0) };
        nonzero & 0x0f == 0 || nonzero & 0xf0 == 0
    }
    /// Slot-wise sum.
    #[inline(always)]
    pub fn add2(self, a: Pair, b: Pair) -> Pair {
        Pair(unsafe { _mm512_xor_si512(a.0, b.0) })
    }
    /// `[a.slot1 | a.slot0]`.
    #[inline(always)]
    pub fn swap2(self, a: Pair) -> Pair {
        Pair(unsafe { swap(a.0) })
    }
    /// `[a.slot0 | b.slot0]`.
    #[inline(always)]
    pub fn slot0s(self, a: Pair, b: Pair) -> Pair {
        Pair(unsafe { slot0s(a.0, b.0) })
    }
    /// `[a.slot1 | b.slot0]`.
    #[inline(always)]
    pub fn slot1_slot0(self, a: Pair, b: Pair) -> Pair {
        Pair(unsafe { slot1_slot0(a.0, b.0) })
    }
    /// `[a.slot0 | b.slot1]`.
    #[inline(always)]
    pub fn merge(self, a: Pair, b: Pair) -> Pair {
        Pair(unsafe { blend(SLOT1, a.0, b.0) })
    }
    /// The product `c` with the reduced element `a.slot0` added to its slot 0.
    #[inline(always)]
    pub fn add_slot0(self, c: WidePair, a: Pair) -> WidePair {
        WidePair(unsafe { add_masked(SLOT0, c.0, a.0) }, c.1)
    }
    /// Both slots as three-word elements (for tests and cold paths).
    pub fn store2(self, p: Pair) -> (Fe, Fe) {
        use super::Backend;
        let (a, b) = self.split(p);
        (self.store(a), self.store(b))
    }
    /// `[a | b]` from three-word elements (for tests and cold paths).
    pub fn load2(self, a: &Fe, b: &Fe) -> Pair {
        use super::Backend;
        self.join(self.load(a), self.load(b))
    }
}

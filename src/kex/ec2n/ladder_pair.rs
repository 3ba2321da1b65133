//! The x-only López–Dahab Montgomery ladder of [`super::ladder`], rewritten so that every
//! multiplication, squaring and reduction of a step comes in independent pairs, each pair
//! done by one 512-bit operation ([`crate::arith::gf2m::avx512x2`]).
//!
//! One step (after the conditional swap, R0 = (X0 : Z0), R1 = (X1 : Z1), x = x(R1 − R0),
//! c = b^(1/4)) in three layers:
//!
//! 1. (A, B) = (X0·Z1, X1·Z0) and (T, C) = (X0·Z0, c·Z0);
//! 2. (Z1', U²) = ((A + B)², (X0 + C)²) and (A·B, Z0') = (A·B, T²);
//! 3. (X1', X0') = (x·Z1' + A·B, (U²)²).
//!
//! Madd is as in [`super::ladder::madd`]; Mdouble uses X0⁴ + b·Z0⁴ = (X0 + c·Z0)⁴ and
//! X0²·Z0² = (X0·Z0)² (squaring is linear in characteristic 2), which gives exactly the
//! same projective (X : Z) as [`super::ladder::mdouble`], so the two ladders are compared
//! value for value in the tests. Per step: 4 paired multiplications, 1 paired squaring and
//! 5 paired reductions, against 5 multiplications, 1 multiplication by b, 5 squarings and
//! 9 reductions one at a time.

use super::curve::Scalar;
use super::ladder::{LadderB, mdouble};
use crate::arith::gf2m::avx512::Avx512;
use crate::arith::gf2m::{Backend, Fe, Trinomial};
use core::arch::x86_64::__m256i;

/// k·P as (X : Z) with x(k·P) = X/Z, for x = x(P) ≠ 0 and k ≥ 1 (Z = 0 means k·P = O); the
/// same contract and the same (X : Z) as [`super::ladder::ladder`]. `qrt_b` is b^(1/4).
#[inline(always)]
pub fn ladder_pair<F: Trinomial>(
    be: Avx512,
    b: &LadderB,
    qrt_b: &Fe,
    k: &Scalar,
    x: __m256i,
) -> (__m256i, __m256i) {
    let one = be.load(&Fe::ONE);
    let n = k.bits();
    if n == 0 {
        return (one, be.load(&Fe::ZERO));
    }
    // R0 = P, R1 = 2P; slot 0 holds R1, slot 1 holds R0.
    let (x1, z1) = mdouble::<F, Avx512>(be, b, x, one);
    let mut xp = be.join(x1, x);
    let mut zp = be.join(z1, one);
    let xc = be.join(x, be.load(qrt_b)); // [x | c]
    // Word-index vectors. The conditional swap of R0 and R1 is never done on the values:
    // each step reads the state through permutes whose indices are XORed with 4 (slot 0 ↔
    // slot 1) when the swap is due, which keeps it off the critical path.
    // Word-index vectors for the permutes that read the state, for s = 0 and s = 1: the
    // conditional swap of R0 and R1 is never done on the values; each step reads the state
    // through permutes whose indices are XORed with 4 (slot 0 ↔ slot 1) when the swap is
    // due. Both variants are built once and picked by a load, which keeps the swap off the
    // critical path and off the vector ports.
    let base = [
        be.words([4, 5, 6, 7, 0, 1, 2, 3]), // [X0 | X1]
        be.words([0, 1, 2, 3, 4, 5, 6, 7]), // [X1 | X0]
        be.words([0, 1, 0, 1, 4, 5, 4, 5]), // Z1 | Z0 spread: words 0, 1
        be.words([0, 3, 2, 1, 4, 7, 6, 5]), // Z1 | Z0 spread: words 0, 3 (zero), 2, 1
        be.words([4, 5, 4, 5, 4, 5, 4, 5]), // Z0 | Z0 spread: words 0, 1
        be.words([4, 7, 6, 5, 4, 7, 6, 5]), // Z0 | Z0 spread: words 0, 3 (zero), 2, 1
    ];
    let idx = [base, base.map(|w| be.words_cswap(1, w))];
    let mut prev = 0u64;
    for i in (0..n - 1).rev() {
        let bit = (k.0[(i / 64) as usize] >> (i % 64)) & 1;
        // The state is [P | Q]: R1 = P and R0 = Q, or the other way round when s = 1 (as
        // the conditional swap of the one-at-a-time ladder).
        let s = bit ^ prev;
        prev = bit;
        let [sw, id, s01, s_m1, d01, d_m1] = &idx[(s & 1) as usize];
        let xs = be.permute(*sw, xp); // [X0 | X1]
        let xq = be.permute(*id, xp); // [X1 | X0]
        let zb = be.spread(*s01, *s_m1, zp); // [Z1 | Z0]
        let zd = be.spread(*d01, *d_m1, zp); // [Z0 | Z0]
        let ab = be.mul2_spread::<F>(xs, zb); // [A | B]
        let tc = be.mul2_spread::<F>(be.merge(xs, xc), zd); // [T | C]
        let su = be.merge(be.add2(ab, be.swap2(ab)), be.add2(tc, xq)); // [A + B | X0 + C]
        let zu = be.sqr2::<F>(su); // [Z1' | U²]
        let abt = be.mul2::<F>(be.slot0s(ab, tc), be.slot1_slot0(ab, tc)); // [A·B | T²]
        let xu = be.merge(xc, zu); // [x | U²]
        xp = be.reduce2::<F>(be.add_slot0(be.mul2_wide(xu, zu), abt)); // [X1' | X0']
        zp = be.merge(zu, abt); // [Z1' | Z0']
    }
    let id = base[1];
    // R0 is in slot 1, or in slot 0 when the last swap is still due.
    xp = be.permute(be.words_cswap(prev, id), xp);
    zp = be.permute(be.words_cswap(prev, id), zp);
    (be.split(xp).1, be.split(zp).1)
}

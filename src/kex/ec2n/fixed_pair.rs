//! Offer on AVX-512 with two accumulators side by side: the fixed-base sum of [`super::fixed`]
//! split in two halves, the low windows summed in slot 0 of the pair registers of
//! [`crate::arith::gf2m::avx512x2`] and the high windows in slot 1, so each paired mixed
//! addition does two of the one-at-a-time additions for the vector-port cost of about one
//! (Offer is bound by port 5, not by the additions' dependency chain). The two partial sums
//! P0 and P1 are joined by the affine addition law written projectively, x(P0 + P1) = N'/W²
//! (below), so Offer still ends with one inversion.

use super::curve::Scalar;
use super::fixed::{FixedBase, Ld, MAX_TERMS, Term, ld_add_affine};
use crate::arith::gf2m::avx512::Avx512;
use crate::arith::gf2m::avx512x2::Pair;
use crate::arith::gf2m::{Backend, Fe, Trinomial};
use core::arch::x86_64::__m256i;

/// Two LD points, one per slot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LdPair {
    pub(crate) x: Pair,
    pub(crate) y: Pair,
    pub(crate) z: Pair,
}

impl LdPair {
    pub(crate) fn split(self, be: Avx512) -> (Ld<__m256i>, Ld<__m256i>) {
        let (x0, x1) = be.split(self.x);
        let (y0, y1) = be.split(self.y);
        let (z0, z1) = be.split(self.z);
        (
            Ld {
                x: x0,
                y: y0,
                z: z0,
            },
            Ld {
                x: x1,
                y: y1,
                z: z1,
            },
        )
    }
    pub(crate) fn join(be: Avx512, p0: Ld<__m256i>, p1: Ld<__m256i>) -> LdPair {
        LdPair {
            x: be.join(p0.x, p1.x),
            y: be.join(p0.y, p1.y),
            z: be.join(p0.z, p1.z),
        }
    }
}

/// (X, Z) with X/Z = x(k·G) for 1 ≤ k < 2^max_bits, k·G ≠ O: the same point as
/// [`FixedBase::mul`], two terms per paired addition; the first paired addition adds two
/// affine points per slot ([`add_affine_affine2`], cheaper than a mixed one). Fewer than 4
/// terms: one at a time.
#[inline(always)]
pub fn mul_xz<F: Trinomial>(t: &FixedBase, be: Avx512, b: &Fe, k: &Scalar) -> (__m256i, __m256i) {
    let mut terms = [Term::default(); MAX_TERMS];
    let n = t.terms(k, &mut terms);
    if n < 4 {
        let p = t.sum::<F, Avx512>(be, b, &terms[..n]);
        return (p.x, p.z);
    }
    // Slot 0 sums the low half (one term more when n is odd), slot 1 the high half.
    let (low, high) = terms[..n].split_at(n.div_ceil(2));
    // Both slots start with the sum of their first two (affine) points.
    let (px, py) = points2(t, be, low[0], high[0]);
    let (qx, qy) = points2(t, be, low[1], high[1]);
    let mut acc = add_affine_affine2::<F>(be, b, px, py, qx, qy);
    for (&t0, &t1) in low[2..].iter().zip(&high[2..]) {
        let (qx, qy) = points2(t, be, t0, t1);
        acc = add_affine2::<F>(be, b, acc, qx, qy);
    }
    let (mut p0, p1) = acc.split(be);
    if low.len() > high.len() {
        let (qx, qy) = t.point(be, low[low.len() - 1]);
        p0 = ld_add_affine::<F, Avx512>(be, b, &p0, qx, qy);
    }
    x_of_sum::<F>(be, b, &p0, &p1)
}

/// The affine points of two terms, one per slot: (x, y) pairs.
/// (A function, not a closure in [`mul_xz`]: closures do not get the caller's target
/// features, and one here was compiled out of line with its vector results in memory.)
#[inline(always)]
fn points2(t: &FixedBase, be: Avx512, t0: Term, t1: Term) -> (Pair, Pair) {
    let ((x0, y0), (x1, y1)) = (t.point(be, t0), t.point(be, t1));
    (be.join(x0, x1), be.join(y0, y1))
}

/// Two additions of affine points at once, P + Q in each slot, as LD points: the mixed
/// addition of [`add_affine2`] with Z1 = 1, where C = B, Z3 = B², E = A·B and
/// X3 = A² + B²·B + E (HMV 2004, Algorithm 3.25 with Z1 = 1, a = 0): 5 multiplications and
/// 3 squarings instead of 8 and 5. A slot with B = 0 (P = ±Q) sends both slots through
/// [`ld_add_affine`] one at a time, which handles it.
#[inline(always)]
pub(crate) fn add_affine_affine2<F: Trinomial>(
    be: Avx512,
    b: &Fe,
    px: Pair,
    py: Pair,
    qx: Pair,
    qy: Pair,
) -> LdPair {
    let bb = be.add2(px, qx);
    if be.any_slot_zero(bb) {
        let one = be.load(&Fe::ONE);
        let ((px0, px1), (py0, py1)) = (be.split(px), be.split(py));
        let ((qx0, qx1), (qy0, qy1)) = (be.split(qx), be.split(qy));
        let p0 = Ld {
            x: px0,
            y: py0,
            z: one,
        };
        let p1 = Ld {
            x: px1,
            y: py1,
            z: one,
        };
        return LdPair::join(
            be,
            ld_add_affine::<F, Avx512>(be, b, &p0, qx0, qy0),
            ld_add_affine::<F, Avx512>(be, b, &p1, qx1, qy1),
        );
    }
    // Z1 = 1: C = B and B²·C = Z3·B.
    let z3 = be.sqr2::<F>(bb);
    add_affine2_finish::<F>(be, be.add2(py, qy), bb, z3, (z3, bb), qx, qy)
}

/// The common end of [`add_affine2`] and [`add_affine_affine2`] (HMV 2004, Algorithm 3.25,
/// a = 0, steps after C and Z3): E = A·C, X3 = A² + B²·C + E (B²·C given as the two factors
/// of one product), F = X3 + x_Q·Z3, Y3 = (E + Z3)·F + (x_Q + y_Q)·Z3².
#[inline(always)]
fn add_affine2_finish<F: Trinomial>(
    be: Avx512,
    a: Pair,
    c: Pair,
    z3: Pair,
    b2c: (Pair, Pair),
    qx: Pair,
    qy: Pair,
) -> LdPair {
    let e = be.mul2::<F>(a, c);
    let x3 = be.add2(
        be.reduce2::<F>(be.wide_add2(be.sqr2_wide(a), be.mul2_wide(b2c.0, b2c.1))),
        e,
    );
    let f = be.add2(x3, be.mul2::<F>(qx, z3));
    let z3s = be.sqr2::<F>(z3);
    let y3 = be.reduce2::<F>(be.wide_add2(
        be.mul2_wide(be.add2(e, z3), f),
        be.mul2_wide(be.add2(qx, qy), z3s),
    ));
    LdPair {
        x: x3,
        y: y3,
        z: z3,
    }
}

/// Two mixed additions at once, slot by slot: [`ld_add_affine`]'s formulas (HMV 2004,
/// Algorithm 3.25, a = 0) on pairs. When a slot meets a special case (its P at infinity, or
/// B = 0: P = ±Q), both slots go through [`ld_add_affine`] one at a time, which handles them.
#[inline(always)]
pub(crate) fn add_affine2<F: Trinomial>(
    be: Avx512,
    b: &Fe,
    p: LdPair,
    qx: Pair,
    qy: Pair,
) -> LdPair {
    let z1s = be.sqr2::<F>(p.z);
    let a = be.add2(be.mul2::<F>(qy, z1s), p.y);
    let bb = be.add2(be.mul2::<F>(qx, p.z), p.x);
    if be.any_slot_zero(p.z) || be.any_slot_zero(bb) {
        let (p0, p1) = p.split(be);
        let ((qx0, qx1), (qy0, qy1)) = (be.split(qx), be.split(qy));
        return LdPair::join(
            be,
            ld_add_affine::<F, Avx512>(be, b, &p0, qx0, qy0),
            ld_add_affine::<F, Avx512>(be, b, &p1, qx1, qy1),
        );
    }
    let c = be.mul2::<F>(p.z, bb);
    let z3 = be.sqr2::<F>(c);
    let b2 = be.sqr2::<F>(bb);
    add_affine2_finish::<F>(be, a, c, z3, (b2, c), qx, qy)
}

/// (X, Z) with X/Z = x(P0 + P1) for LD points P0, P1 (a = 0).
///
/// With x_i = X_i/Z_i and y_i = Y_i/Z_i²: x0 + x1 = D/(Z0·Z1) for D = X0·Z1 + X1·Z0, and
/// y0 + y1 = N/(Z0·Z1)² for N = Y0·Z1² + Y1·Z0², so λ = (y0 + y1)/(x0 + x1) = N/W with
/// W = Z0·Z1·D, and x3 = λ² + λ + x0 + x1 (HMV 2004, §3.1.2, a = 0)
/// = (N² + N·W + D²·W)/W². Special cases (P0 or P1 = O; D = 0, i.e. P0 = ±P1) take P1 to
/// affine and use [`ld_add_affine`], which handles them.
#[inline(always)]
pub fn x_of_sum<F: Trinomial>(
    be: Avx512,
    b: &Fe,
    p0: &Ld<__m256i>,
    p1: &Ld<__m256i>,
) -> (__m256i, __m256i) {
    if be.is_zero(p1.z) {
        return (p0.x, p0.z);
    }
    if be.is_zero(p0.z) {
        return (p1.x, p1.z);
    }
    let d = be.add(be.mul::<F>(p0.x, p1.z), be.mul::<F>(p1.x, p0.z));
    if be.is_zero(d) {
        let zi = crate::arith::gf2m::inv::<F, Avx512>(be, p1.z);
        let x1 = be.mul::<F>(p1.x, zi);
        let y1 = be.mul::<F>(p1.y, be.sqr::<F>(zi));
        let s = ld_add_affine::<F, Avx512>(be, b, p0, x1, y1);
        return (s.x, s.z);
    }
    let n = be.mul_add_mul::<F>(p0.y, be.sqr::<F>(p1.z), p1.y, be.sqr::<F>(p0.z));
    let w = be.mul::<F>(be.mul::<F>(p0.z, p1.z), d);
    let d2w = be.mul_wide(be.sqr::<F>(d), w);
    let num = be.reduce::<F>(be.wide_add(be.wide_add(be.sqr_wide(n), be.mul_wide(n, w)), d2w));
    (num, be.sqr::<F>(w))
}

//! Variable-base scalar multiplication: the x-only Montgomery ladder in López–Dahab
//! projective coordinates (López and Dahab, "Fast multiplication on elliptic curves over
//! GF(2^m) without precomputation", CHES 1999, LNCS 1717, pp. 316–327; also HMV 2004,
//! Algorithm 3.40).
//!
//! A point is kept as (X : Z) with x = X/Z; y is never computed. The ladder keeps
//! R0 = j·P and R1 = (j+1)·P, so R1 − R0 = P and the sum needs only x(P) (Montgomery's
//! differential addition). For y² + xy = x³ + b (a = 0):
//!
//! - Madd: (X0:Z0) + (X1:Z1) with difference x:
//!   Z = (X0·Z1 + X1·Z0)², X = x·Z + (X0·Z1)·(X1·Z0).
//! - Mdouble: 2·(X:Z): X' = X⁴ + b·Z⁴, Z' = X²·Z².
//!
//! One step costs 5 multiplications, 1 multiplication by the one-word constant b and 5
//! squarings; the two sums X = x·Z + A·B and X' = X⁴ + b·Z⁴ are reduced once each (lazy
//! reduction). The result stays projective: one inversion at the end (done by the caller,
//! batched with the inversion that peer validation needs).
//!
//! Backends pick their ladder through [`Ladder`]: the portable one computes x·Z with a table
//! of x built once per ladder (see `Ladder for Portable`), the others run [`ladder_generic`].

use crate::arith::gf2m::portable::{
    Portable, SqrWordTable, XTable8, mul_add_mul_x8, mul_sqr_word_wide,
};
use crate::arith::gf2m::{Backend, Fe, Trinomial};
use crate::kex::ec2n::curve::Scalar;

/// The curve constant b as the ladder uses it.
#[derive(Clone, Debug)]
pub enum LadderB {
    /// b fits in one 64-bit word (both Oakley curves): b·Z⁴ is a 3×1-word product. With it,
    /// the portable ladder's table of b·v(u²) ([`SqrWordTable`], 2 KiB), built once per
    /// group since b is a curve constant (`None` where the table does not apply).
    Word(u64, Option<Box<SqrWordTable>>),
    /// A full-size b: X⁴ + b·Z⁴ = (X² + √b·Z²)², with √b given.
    SqrtFull(Fe),
}

impl LadderB {
    /// The ladder's form of b for field F, given b and √b.
    pub fn new<F: Trinomial>(b: &Fe, sqrt_b: &Fe) -> LadderB {
        if b.0[1] == 0 && b.0[2] == 0 {
            LadderB::Word(b.0[0], SqrWordTable::new::<F>(b.0[0]).map(Box::new))
        } else {
            LadderB::SqrtFull(*sqrt_b)
        }
    }
}

/// Mdouble: 2·(X : Z) = (X⁴ + b·Z⁴ : X²·Z²).
#[inline(always)]
pub fn mdouble<F: Trinomial, B: Backend>(be: B, b: &LadderB, x: B::E, z: B::E) -> (B::E, B::E) {
    let x2 = be.sqr::<F>(x);
    let z2 = be.sqr::<F>(z);
    let zz = be.mul::<F>(x2, z2);
    let xx = match b {
        LadderB::Word(w, _) => {
            let z4 = be.sqr::<F>(z2);
            be.reduce::<F>(be.wide_add(be.sqr_wide(x2), be.mul_word_wide(z4, *w)))
        }
        LadderB::SqrtFull(s) => be.sqr::<F>(be.add(x2, be.mul::<F>(be.load(s), z2))),
    };
    (xx, zz)
}

/// Madd: (X0 : Z0) + (X1 : Z1) given x = x(R1 − R0) ≠ 0.
#[inline(always)]
pub fn madd<F: Trinomial, B: Backend>(
    be: B,
    x: B::E,
    x0: B::E,
    z0: B::E,
    x1: B::E,
    z1: B::E,
) -> (B::E, B::E) {
    let a = be.mul::<F>(x0, z1);
    let b = be.mul::<F>(x1, z0);
    let z = be.sqr::<F>(be.add(a, b));
    let xx = be.mul_add_mul::<F>(x, z, a, b);
    (xx, z)
}

/// A backend's ladder: [`ladder_generic`] unless the backend has a faster step of its own
/// (the same (X : Z) value for value; tests compare them).
pub trait Ladder: Backend {
    /// k·P as (X : Z), as [`ladder_generic`].
    #[inline(always)]
    fn ladder<F: Trinomial>(self, b: &LadderB, k: &Scalar, x: Self::E) -> (Self::E, Self::E) {
        ladder_generic::<F, Self>(self, b, k, x)
    }
}

#[cfg(target_arch = "x86_64")]
impl Ladder for crate::arith::gf2m::clmul::Clmul {}
#[cfg(target_arch = "x86_64")]
impl Ladder for crate::arith::gf2m::avx512::Avx512 {}

impl Ladder for Portable {
    /// The portable ladder multiplies by the fixed x through an 8-bit-window table built
    /// once ([`XTable8`], 6 KiB), inside Madd's A·B comb (`mul_add_mul_x8`): X = A·B + x·Z
    /// costs one table build and 39 + 20 lookups instead of two builds and 2 × 39. Mdouble's
    /// b·Z⁴ = b·(Z²)² comes from a table of b·v(u²) for the 256 bytes v
    /// (`SqrWordTable`, built once per group when b is one word): one lookup per byte of
    /// Z², no Z⁴ and no table of it. Fields whose table rows would not fit three words use
    /// [`ladder_generic`]; a full-size b uses `mdouble`.
    #[inline(always)]
    fn ladder<F: Trinomial>(self, b: &LadderB, k: &Scalar, x: Fe) -> (Fe, Fe) {
        let Some(tx) = XTable8::new::<F>(&x) else {
            return ladder_generic::<F, Portable>(self, b, k, x);
        };
        let tb = match b {
            LadderB::Word(_, t) => t.as_deref(),
            LadderB::SqrtFull(_) => None,
        };
        let be = self;
        let one = Fe::ONE;
        let n = k.bits();
        if n == 0 {
            return (one, Fe::ZERO);
        }
        // R0 = P, R1 = 2P.
        let (mut x0, mut z0) = (x, one);
        let (mut x1, mut z1) = mdouble::<F, Portable>(be, b, x, one);
        let mut prev = 0u64;
        for i in (0..n - 1).rev() {
            let bit = (k.0[(i / 64) as usize] >> (i % 64)) & 1;
            be.cswap(bit ^ prev, &mut x0, &mut x1);
            be.cswap(bit ^ prev, &mut z0, &mut z1);
            prev = bit;
            // Madd with x·Z from the table of x.
            let a = be.mul::<F>(x0, z1);
            let bb = be.mul::<F>(x1, z0);
            let z = be.sqr::<F>(be.add(a, bb));
            let (dx, dz) = match tb {
                // X⁴ + b·Z⁴ with b·(Z²)² from the table of b: no Z⁴, no table of it.
                Some(tb) => {
                    let x2 = be.sqr::<F>(x0);
                    let z2 = be.sqr::<F>(z0);
                    let zz = be.mul::<F>(x2, z2);
                    let xx = be
                        .reduce::<F>(be.wide_add(be.sqr_wide(x2), mul_sqr_word_wide::<F>(tb, z2)));
                    (xx, zz)
                }
                None => mdouble::<F, Portable>(be, b, x0, z0),
            };
            x1 = mul_add_mul_x8::<F>(a, bb, &tx, z);
            z1 = z;
            x0 = dx;
            z0 = dz;
        }
        be.cswap(prev, &mut x0, &mut x1);
        be.cswap(prev, &mut z0, &mut z1);
        (x0, z0)
    }
}

/// k·P as (X : Z) with x(k·P) = X/Z, for x = x(P) ≠ 0 and k ≥ 1; Z = 0 means k·P = O,
/// by the backend's ladder ([`Ladder`]).
#[inline(always)]
pub fn ladder<F: Trinomial, B: Ladder>(be: B, b: &LadderB, k: &Scalar, x: B::E) -> (B::E, B::E) {
    be.ladder::<F>(b, k, x)
}

/// k·P as (X : Z) with x(k·P) = X/Z, for x = x(P) ≠ 0 and k ≥ 1; Z = 0 means k·P = O.
/// The ladder runs from the top set bit of k, so its time depends on k's length only.
#[inline(always)]
pub fn ladder_generic<F: Trinomial, B: Backend>(
    be: B,
    b: &LadderB,
    k: &Scalar,
    x: B::E,
) -> (B::E, B::E) {
    let one = be.load(&Fe::ONE);
    let n = k.bits();
    if n == 0 {
        return (one, be.load(&Fe::ZERO));
    }
    // R0 = P, R1 = 2P.
    let (mut x0, mut z0) = (x, one);
    let (mut x1, mut z1) = mdouble::<F, B>(be, b, x, one);
    let mut prev = 0u64;
    for i in (0..n - 1).rev() {
        let bit = (k.0[(i / 64) as usize] >> (i % 64)) & 1;
        // Invariant R1 − R0 = P; with bit = 1 the roles swap: R0 ← R0 + R1, R1 ← 2·R1.
        be.cswap(bit ^ prev, &mut x0, &mut x1);
        be.cswap(bit ^ prev, &mut z0, &mut z1);
        prev = bit;
        let (sx, sz) = madd::<F, B>(be, x, x0, z0, x1, z1);
        let (dx, dz) = mdouble::<F, B>(be, b, x0, z0);
        x0 = dx;
        z0 = dz;
        x1 = sx;
        z1 = sz;
    }
    be.cswap(prev, &mut x0, &mut x1);
    be.cswap(prev, &mut z0, &mut z1);
    (x0, z0)
}

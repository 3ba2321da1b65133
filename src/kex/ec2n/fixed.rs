//! Fixed-base scalar multiplication k·G for Offer: a table of signed multiples of G per
//! window of w bits, so k·G is a sum of one table entry per window, with no doubling
//! (the fixed-base windowing method, Brickell–Gordon–McCurley–Wilson 1992 and Lim–Lee 1994
//! in the form of HMV 2004, §3.3.2, with signed digits).
//!
//! k = Σ d_i·2^(w·i) with signed digits d_i ∈ [−2^(w−1)+1, 2^(w−1)]; the table holds
//! T[i][j] = (j+1)·2^(w·i)·G in affine coordinates for j < 2^(w−1), and −(x, y) = (x, x + y)
//! gives the negative digits. The sum is accumulated in López–Dahab projective coordinates
//! (X : Y : Z), x = X/Z, y = Y/Z² (López–Dahab, "Improved algorithms for elliptic curve
//! arithmetic in GF(2^n)", SAC 1998), with mixed LD + affine additions (HMV 2004,
//! Algorithm 3.25, a = 0: 8 multiplications, 5 squarings), and one inversion at the end.

use super::curve::{Affine, Curve, Scalar};
use crate::arith::gf2m::{Arith, Backend, Fe, Gf2m, Trinomial, reduce, wide_add};
use crate::kex::TableInfo;
use std::time::Instant;

/// A point in López–Dahab projective coordinates; Z = 0 is the point at infinity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ld {
    /// X = x·Z.
    pub x: Fe,
    /// Y = y·Z².
    pub y: Fe,
    /// Z (0 for O).
    pub z: Fe,
}

impl Ld {
    /// The point at infinity.
    pub const INFINITY: Ld = Ld {
        x: Fe::ONE,
        y: Fe::ZERO,
        z: Fe::ZERO,
    };
}

/// LD doubling for a = 0 (HMV 2004, Algorithm 3.24): Z3 = X1²·Z1², X3 = X1⁴ + b·Z1⁴,
/// Y3 = b·Z1⁴·Z3 + X3·(Y1² + b·Z1⁴).
#[inline(always)]
pub fn ld_double<F: Trinomial, B: Backend>(be: B, b: &Fe, p: &Ld) -> Ld {
    if p.z.is_zero() || p.x.is_zero() {
        return Ld::INFINITY;
    }
    let x2 = be.sqr::<F>(&p.x);
    let z2 = be.sqr::<F>(&p.z);
    let z3 = be.mul::<F>(&x2, &z2);
    let bz4 = be.mul::<F>(b, &be.sqr::<F>(&z2));
    let x3 = be.sqr::<F>(&x2).add(&bz4);
    let y3 = be
        .mul::<F>(&bz4, &z3)
        .add(&be.mul::<F>(&x3, &be.sqr::<F>(&p.y).add(&bz4)));
    Ld {
        x: x3,
        y: y3,
        z: z3,
    }
}

/// Mixed addition P + Q, P in LD coordinates, Q = (x2, y2) affine, a = 0
/// (HMV 2004, Algorithm 3.25): A = y2·Z1² + Y1, B = x2·Z1 + X1, C = Z1·B, Z3 = C²,
/// E = A·C, X3 = A² + B²·C + E, F = X3 + x2·Z3, Y3 = (E + Z3)·F + (x2 + y2)·Z3².
/// A² + B²·C and the two products of Y3 are each reduced once (lazy reduction).
#[inline(always)]
pub fn ld_add_affine<F: Trinomial, B: Backend>(be: B, b: &Fe, p: &Ld, q: &Affine) -> Ld {
    if p.z.is_zero() {
        return Ld {
            x: q.x,
            y: q.y,
            z: Fe::ONE,
        };
    }
    let z1s = be.sqr::<F>(&p.z);
    let a = be.mul::<F>(&q.y, &z1s).add(&p.y);
    let bb = be.mul::<F>(&q.x, &p.z).add(&p.x);
    if bb.is_zero() {
        // Same x: P = Q (double) or P = −Q (sum O).
        return if a.is_zero() {
            ld_double::<F, B>(
                be,
                b,
                &Ld {
                    x: q.x,
                    y: q.y,
                    z: Fe::ONE,
                },
            )
        } else {
            Ld::INFINITY
        };
    }
    let c = be.mul::<F>(&p.z, &bb);
    let z3 = be.sqr::<F>(&c);
    let e = be.mul::<F>(&a, &c);
    let b2 = be.sqr::<F>(&bb);
    let x3 = reduce::<F>(wide_add(&be.sqr_wide(&a), &be.mul_wide(&b2, &c))).add(&e);
    let f = x3.add(&be.mul::<F>(&q.x, &z3));
    let z3s = be.sqr::<F>(&z3);
    let xy = q.x.add(&q.y);
    let y3 = reduce::<F>(wide_add(
        &be.mul_wide(&e.add(&z3), &f),
        &be.mul_wide(&xy, &z3s),
    ));
    Ld {
        x: x3,
        y: y3,
        z: z3,
    }
}

/// w bits of k from bit `pos` (bits beyond 192 read as 0).
#[inline(always)]
fn bits_at(k: &Scalar, pos: u32, w: u32) -> u64 {
    let i = (pos / 64) as usize;
    let s = pos % 64;
    if i >= 3 {
        return 0;
    }
    let mut v = k.0[i] >> s;
    if s != 0 && i + 1 < 3 {
        v |= k.0[i + 1] << (64 - s);
    }
    v & ((1u64 << w) - 1)
}

/// The precomputed multiples of G.
pub struct FixedBase {
    /// Window width w in bits.
    pub w: u32,
    /// Number of windows: covers scalars up to `max_bits` bits (+1 for the signed carry).
    pub windows: u32,
    /// Largest scalar size the table serves, in bits.
    pub max_bits: u32,
    /// T[i·2^(w−1) + j] = (j+1)·2^(w·i)·G, affine.
    pub t: Vec<Affine>,
    /// Size and build time.
    pub info: TableInfo,
}

impl FixedBase {
    /// Builds the table for scalars of up to `max_bits` bits with windows of `w` bits.
    /// Reference affine arithmetic (one inversion per entry): simple, and the build time is
    /// reported separately from Offer.
    pub fn build<F: Trinomial>(curve: &Curve<F>, arith: Arith, w: u32, max_bits: u32) -> Self {
        let start = Instant::now();
        let f = Gf2m::<F>::new(arith);
        let windows = (max_bits + 1).div_ceil(w);
        let half = 1usize << (w - 1);
        let mut t = Vec::with_capacity(windows as usize * half);
        let mut base = Some(curve.g);
        for _ in 0..windows {
            let bp = base.expect("2^(wi)·G ≠ O: ord(G) > 2^max_bits");
            let mut acc = Some(bp);
            for _ in 0..half {
                let p = acc.expect("j·2^(wi)·G ≠ O for j ≤ 2^(w−1)");
                t.push(p);
                acc = curve.add_ref(&f, acc, base);
            }
            for _ in 0..w {
                base = curve.double_ref(&f, base);
            }
        }
        let bytes = t.len() * std::mem::size_of::<Affine>();
        let info = TableInfo {
            method: format!(
                "fixed-base signed windows w={w}: {windows} windows × {half} affine points"
            ),
            bytes,
            build_ms: start.elapsed().as_secs_f64() * 1e3,
        };
        FixedBase {
            w,
            windows,
            max_bits,
            t,
            info,
        }
    }

    /// k·G in LD coordinates for k < 2^max_bits: one mixed addition per non-zero digit.
    #[inline(always)]
    pub fn mul<F: Trinomial, B: Backend>(&self, be: B, b: &Fe, k: &Scalar) -> Ld {
        debug_assert!(k.bits() <= self.max_bits);
        let w = self.w;
        let half = 1u64 << (w - 1);
        let mut acc = Ld::INFINITY;
        let mut carry = 0u64;
        for i in 0..self.windows {
            let mut d = bits_at(k, i * w, w) + carry;
            let neg = d > half;
            if neg {
                d = (1u64 << w) - d;
                carry = 1;
            } else {
                carry = 0;
            }
            if d == 0 {
                continue;
            }
            let e = &self.t[(i as u64 * half + d - 1) as usize];
            let q = if neg {
                Affine {
                    x: e.x,
                    y: e.x.add(&e.y),
                }
            } else {
                *e
            };
            acc = ld_add_affine::<F, B>(be, b, &acc, &q);
        }
        debug_assert_eq!(carry, 0);
        acc
    }
}

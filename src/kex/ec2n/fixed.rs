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
use crate::arith::gf2m::{Arith, Backend, Fe, Gf2m, Trinomial};
use crate::kex::TableInfo;
use std::time::Instant;

/// A point in López–Dahab projective coordinates, in backend B's representation; Z = 0 is
/// the point at infinity.
#[derive(Clone, Copy, Debug)]
pub struct Ld<E> {
    /// X = x·Z.
    pub x: E,
    /// Y = y·Z².
    pub y: E,
    /// Z (0 for O).
    pub z: E,
}

/// The point at infinity (1 : 0 : 0).
#[inline(always)]
pub fn ld_infinity<B: Backend>(be: B) -> Ld<B::E> {
    Ld {
        x: be.load(&Fe::ONE),
        y: be.load(&Fe::ZERO),
        z: be.load(&Fe::ZERO),
    }
}

/// LD doubling for a = 0 (HMV 2004, Algorithm 3.24): Z3 = X1²·Z1², X3 = X1⁴ + b·Z1⁴,
/// Y3 = b·Z1⁴·Z3 + X3·(Y1² + b·Z1⁴).
#[inline(always)]
pub fn ld_double<F: Trinomial, B: Backend>(be: B, b: &Fe, p: &Ld<B::E>) -> Ld<B::E> {
    if be.is_zero(p.z) || be.is_zero(p.x) {
        return ld_infinity(be);
    }
    let x2 = be.sqr::<F>(p.x);
    let z2 = be.sqr::<F>(p.z);
    let z3 = be.mul::<F>(x2, z2);
    let bz4 = be.mul::<F>(be.load(b), be.sqr::<F>(z2));
    let x3 = be.add(be.sqr::<F>(x2), bz4);
    let y3 = be.mul_add_mul::<F>(bz4, z3, x3, be.add(be.sqr::<F>(p.y), bz4));
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
pub fn ld_add_affine<F: Trinomial, B: Backend>(
    be: B,
    b: &Fe,
    p: &Ld<B::E>,
    qx: B::E,
    qy: B::E,
) -> Ld<B::E> {
    if be.is_zero(p.z) {
        return Ld {
            x: qx,
            y: qy,
            z: be.load(&Fe::ONE),
        };
    }
    let z1s = be.sqr::<F>(p.z);
    let a = be.add(be.mul::<F>(qy, z1s), p.y);
    let bb = be.add(be.mul::<F>(qx, p.z), p.x);
    if be.is_zero(bb) {
        // Same x: P = Q (double) or P = −Q (sum O).
        return if be.is_zero(a) {
            let q = Ld {
                x: qx,
                y: qy,
                z: be.load(&Fe::ONE),
            };
            ld_double::<F, B>(be, b, &q)
        } else {
            ld_infinity(be)
        };
    }
    let c = be.mul::<F>(p.z, bb);
    let z3 = be.sqr::<F>(c);
    let e = be.mul::<F>(a, c);
    let b2 = be.sqr::<F>(bb);
    let x3 = be.add(
        be.reduce::<F>(be.wide_add(be.sqr_wide(a), be.mul_wide(b2, c))),
        e,
    );
    let f = be.add(x3, be.mul::<F>(qx, z3));
    let z3s = be.sqr::<F>(z3);
    let y3 = be.mul_add_mul::<F>(be.add(e, z3), f, be.add(qx, qy), z3s);
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

/// Most windows a table can have: w ≥ 2 and scalars of at most 191 bits (+1 for the carry).
pub const MAX_TERMS: usize = 96;

/// One term of a fixed-base sum: table entry `idx`, negated when `neg`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Term {
    /// Index into [`FixedBase::t`].
    pub idx: u32,
    /// Whether the entry is subtracted.
    pub neg: bool,
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
        assert!(
            w >= 2 && windows as usize <= MAX_TERMS,
            "w = {w}, max_bits = {max_bits}"
        );
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

    /// The non-zero signed digits of k (k < 2^max_bits) as table terms, lowest window first,
    /// written to `out`; returns how many. Digit d of window i (−2^(w−1) < d ≤ 2^(w−1), from
    /// w bits of k plus the carry of the window below) is the entry (|d|−1) of window i,
    /// negated when d < 0.
    #[inline(always)]
    pub fn terms(&self, k: &Scalar, out: &mut [Term; MAX_TERMS]) -> usize {
        debug_assert!(k.bits() <= self.max_bits);
        let w = self.w;
        let half = 1u64 << (w - 1);
        let mut n = 0;
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
            if d != 0 {
                out[n] = Term {
                    idx: (i as u64 * half + d - 1) as u32,
                    neg,
                };
                n += 1;
            }
        }
        debug_assert_eq!(carry, 0);
        n
    }

    /// The affine point of a term, in backend B: (x, y), or (x, x + y) for a negated entry
    /// (−(x, y) = (x, x + y)).
    #[inline(always)]
    pub fn point<B: Backend>(&self, be: B, t: Term) -> (B::E, B::E) {
        let e = &self.t[t.idx as usize];
        let qx = be.load(&e.x);
        let qy = be.load(&e.y);
        (qx, if t.neg { be.add(qx, qy) } else { qy })
    }

    /// The sum of `terms` from O: one mixed addition each.
    #[inline(always)]
    pub fn sum<F: Trinomial, B: Backend>(&self, be: B, b: &Fe, terms: &[Term]) -> Ld<B::E> {
        let mut acc = ld_infinity(be);
        for &t in terms {
            let (qx, qy) = self.point(be, t);
            acc = ld_add_affine::<F, B>(be, b, &acc, qx, qy);
        }
        acc
    }

    /// k·G in LD coordinates for k < 2^max_bits: one mixed addition per non-zero digit.
    #[inline(always)]
    pub fn mul<F: Trinomial, B: Backend>(&self, be: B, b: &Fe, k: &Scalar) -> Ld<B::E> {
        let mut terms = [Term::default(); MAX_TERMS];
        let n = self.terms(k, &mut terms);
        self.sum::<F, B>(be, b, &terms[..n])
    }
}

//! The curve E: y² + xy = x³ + b over GF(2^m) (a = 0, the Oakley curves of RFC 2409
//! §6.3–6.4), its generator, group order and cofactor, and scalars.

use crate::arith::gf2m::{Arith, Fe, Gf2m, Trinomial};
use crate::error::{Error, Result};
use crate::params::GroupFile;

/// A scalar (secret) below 2^192: three little-endian 64-bit words.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Scalar(pub [u64; 3]);

impl Scalar {
    /// Reads big-endian bytes; `None` when the value does not fit in 192 bits.
    pub fn from_be_bytes(b: &[u8]) -> Option<Scalar> {
        Fe::from_be_bytes(b).map(|f| Scalar(f.0))
    }

    /// A scalar from a small integer.
    pub fn from_u64(v: u64) -> Scalar {
        Scalar([v, 0, 0])
    }

    /// Big-endian bytes, `len` long.
    pub fn to_be_bytes(&self, len: usize) -> Vec<u8> {
        Fe(self.0).to_be_bytes(len)
    }

    /// Number of significant bits.
    pub fn bits(&self) -> u32 {
        Fe(self.0).bits()
    }

    /// Bit i.
    #[inline(always)]
    pub fn bit(&self, i: u32) -> bool {
        (self.0[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }

    /// Whether zero.
    pub fn is_zero(&self) -> bool {
        self.0 == [0; 3]
    }

    /// Numeric comparison.
    pub fn cmp_num(&self, o: &Scalar) -> std::cmp::Ordering {
        for i in (0..3).rev() {
            match self.0[i].cmp(&o.0[i]) {
                std::cmp::Ordering::Equal => continue,
                c => return c,
            }
        }
        std::cmp::Ordering::Equal
    }

    /// self · m for a small m, `None` on overflow of 192 bits.
    pub fn mul_small(&self, m: u64) -> Option<Scalar> {
        let mut r = [0u64; 3];
        let mut carry = 0u128;
        for (ri, &wi) in r.iter_mut().zip(&self.0) {
            let t = wi as u128 * m as u128 + carry;
            *ri = t as u64;
            carry = t >> 64;
        }
        (carry == 0).then_some(Scalar(r))
    }
}

/// An affine point (x, y) of E; the point at infinity O is represented separately
/// (`Option<Affine>`, `None` = O).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Affine {
    /// x-coordinate.
    pub x: Fe,
    /// y-coordinate.
    pub y: Fe,
}

/// The curve parameters of one group.
#[derive(Clone, Debug)]
pub struct Curve<F: Trinomial> {
    /// The constant b of y² + xy = x³ + b.
    pub b: Fe,
    /// √b = b^(2^(m-1)), for the trace test Tr(b/x²) = Tr(√b/x).
    pub sqrt_b: Fe,
    /// The generator G.
    pub g: Affine,
    /// The prime order q of the large subgroup (152 bits for gf2-155, 183 for gf2-185).
    pub q: Scalar,
    /// The cofactor h: #E(GF(2^m)) = h·q (12 for gf2-155, 4 for gf2-185).
    pub h: u64,
    /// x-coordinates of the points of order dividing h other than O (x = 0, the point of order
    /// 2, among them): a peer value with one of these x is of small order.
    pub small_order_x: Vec<Fe>,
    _f: std::marker::PhantomData<F>,
}

fn hex_fe<F: Trinomial>(file: &GroupFile, key: &str) -> Result<Fe> {
    let s = file.str_key(key)?;
    let b = crate::error::parse_hex(&format!("{}: `{key}`", file.display_name()), s)?;
    let v = Fe::from_be_bytes(&b)
        .filter(|v| v.bits() <= F::M)
        .ok_or_else(|| {
            Error::input(format!(
                "{}: `{key}` must be a field element below 2^{}",
                file.display_name(),
                F::M
            ))
        })?;
    Ok(v)
}

impl<F: Trinomial> Curve<F> {
    /// Reads b, the generator, `order` (q) and `cofactor` (h) from a params file, and checks
    /// that G is on the curve and that h·q·G = O.
    ///
    /// # Errors
    /// [`Error::Input`] naming the key that is missing or wrong.
    pub fn from_file(file: &GroupFile, arith: Arith) -> Result<Curve<F>> {
        let name = file.display_name();
        let a = hex_fe::<F>(file, "a")?;
        if !a.is_zero() {
            return Err(Error::input(format!(
                "{name}: only curves with a = 0 are supported (the Oakley curves)"
            )));
        }
        let b = hex_fe::<F>(file, "b")?;
        let g = Affine {
            x: hex_fe::<F>(file, "gx")?,
            y: hex_fe::<F>(file, "gy")?,
        };
        let qb = crate::error::parse_hex(&format!("{name}: `order`"), file.str_key("order")?)?;
        let q = Scalar::from_be_bytes(&qb)
            .filter(|q| q.bits() > 16)
            .ok_or_else(|| Error::input(format!("{name}: `order` must fit in 192 bits")))?;
        let h = file.int_key("cofactor")?;
        if b.is_zero() || !(1..=64).contains(&h) {
            return Err(Error::input(format!(
                "{name}: b must be non-zero and the cofactor between 1 and 64"
            )));
        }
        let f = Gf2m::<F>::new(arith);
        let mut c = Curve {
            b,
            sqrt_b: f.sqrt(&b),
            g,
            q,
            h,
            small_order_x: vec![],
            _f: std::marker::PhantomData,
        };
        if !c.on_curve(&f, &g) {
            return Err(Error::input(format!(
                "{name}: the generator (gx, gy) is not on the curve"
            )));
        }
        let n = q
            .mul_small(h)
            .ok_or_else(|| Error::input(format!("{name}: order × cofactor exceeds 192 bits")))?;
        if c.mul_ref(&f, &n, Some(g)).is_some() {
            return Err(Error::input(format!(
                "{name}: order × cofactor does not annihilate the generator"
            )));
        }
        c.small_order_x = c.small_order_points(&f)?;
        Ok(c)
    }

    /// Whether (x, y) satisfies y² + xy = x³ + b.
    pub fn on_curve(&self, f: &Gf2m<F>, p: &Affine) -> bool {
        let x2 = f.sqr(&p.x);
        let lhs = f.sqr(&p.y).add(&f.mul(&p.x, &p.y));
        let rhs = f.mul(&x2, &p.x).add(&self.b);
        lhs == rhs
    }

    /// A y with (x, y) on the curve, if any (x ≠ 0): with y = x·z, z² + z = x + b/x², solvable
    /// iff Tr(x + b/x²) = 0, and z is then the half-trace H(x + b/x²) (HMV 2004, §3.6.2; SEC 1
    /// §2.3.4 point decompression). Of the two solutions z, z + 1 this returns z = H(c).
    pub fn y_from_x(&self, f: &Gf2m<F>, x: &Fe) -> Option<Fe> {
        if x.is_zero() {
            return None;
        }
        let xi = f.inv(x);
        let c = x.add(&f.mul(&self.b, &f.sqr(&xi)));
        if f.trace(&c) != 0 {
            return None;
        }
        let z = f.half_trace(&c);
        Some(f.mul(x, &z))
    }

    /// Affine addition P + Q with the textbook chord-and-tangent formulas for a = 0
    /// (HMV 2004, §3.1.2): the slow reference against which the fast code is tested.
    pub fn add_ref(&self, f: &Gf2m<F>, p: Option<Affine>, q: Option<Affine>) -> Option<Affine> {
        let (p, q) = match (p, q) {
            (None, q) => return q,
            (p, None) => return p,
            (Some(p), Some(q)) => (p, q),
        };
        if p.x == q.x {
            if p.y != q.y || p.x.is_zero() {
                // Q = -P (−P = (x, x + y)), or P = Q of order 2.
                return None;
            }
            return self.double_ref(f, Some(p));
        }
        let l = f.mul(&p.y.add(&q.y), &f.inv(&p.x.add(&q.x)));
        let x3 = f.sqr(&l).add(&l).add(&p.x).add(&q.x);
        let y3 = f.mul(&l, &p.x.add(&x3)).add(&x3).add(&p.y);
        Some(Affine { x: x3, y: y3 })
    }

    /// Affine doubling 2P, a = 0: λ = x + y/x, x3 = λ² + λ, y3 = x² + (λ + 1)·x3.
    pub fn double_ref(&self, f: &Gf2m<F>, p: Option<Affine>) -> Option<Affine> {
        let p = p?;
        if p.x.is_zero() {
            return None;
        }
        let l = p.x.add(&f.mul(&p.y, &f.inv(&p.x)));
        let x3 = f.sqr(&l).add(&l);
        let y3 = f.sqr(&p.x).add(&f.mul(&l.add(&Fe::ONE), &x3));
        Some(Affine { x: x3, y: y3 })
    }

    /// k·P by affine double-and-add, left to right (reference, slow).
    pub fn mul_ref(&self, f: &Gf2m<F>, k: &Scalar, p: Option<Affine>) -> Option<Affine> {
        let mut r = None;
        for i in (0..k.bits()).rev() {
            r = self.double_ref(f, r);
            if k.bit(i) {
                r = self.add_ref(f, r, p);
            }
        }
        r
    }

    /// The x-coordinates of the points of order dividing h (O excluded): the h-torsion is
    /// cyclic here (2-torsion of an ordinary binary curve is cyclic, and 3 ∤ 2^m − 1 for odd
    /// m), so it is generated by q·R for a suitable point R; R is searched among x = 1, 2, ….
    fn small_order_points(&self, f: &Gf2m<F>) -> Result<Vec<Fe>> {
        for xv in 1u64..200 {
            let x = Fe([xv, 0, 0]);
            let Some(y) = self.y_from_x(f, &x) else {
                continue;
            };
            let t = self.mul_ref(f, &self.q, Some(Affine { x, y }));
            // Multiples T, 2T, …, until O: the cyclic group generated by T.
            let mut xs = vec![];
            let mut m = t;
            let mut order = 1;
            while let Some(p) = m {
                if !xs.contains(&p.x) {
                    xs.push(p.x);
                }
                m = self.add_ref(f, m, t);
                order += 1;
                if order > self.h {
                    break;
                }
            }
            if order == self.h && m.is_none() {
                xs.sort_by_key(|x| x.0);
                return Ok(xs);
            }
        }
        Err(Error::input(
            "cannot find the small-order subgroup of this curve (is the cofactor right?)",
        ))
    }
}

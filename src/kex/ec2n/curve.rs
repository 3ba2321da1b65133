//! The curve E: y² + xy = x³ + b over GF(2^m) (a = 0, the Oakley curves of RFC 2409
//! §6.3–6.4), its generator, group order and cofactor, and scalars.

use crate::arith::bignum::{Backend, NumBigint, PRIME_REPS};
use crate::arith::gf2m::{Arith, Fe, Gf2m, Trinomial};
use crate::error::{Result, Subject};
use crate::params::GroupFile;
use num_bigint::BigUint;

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

    /// The value as a [`BigUint`] (for the number theory of group-file checks and tests).
    pub fn to_biguint(&self) -> BigUint {
        BigUint::from_bytes_be(&self.to_be_bytes(24))
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

/// A key of `file` as hex, the value named as the file's key in errors.
fn hex_key(file: &GroupFile, key: &str) -> Result<Vec<u8>> {
    let what = Subject::GroupKey {
        origin: file.origin(),
        key: key.to_string(),
    };
    crate::error::parse_hex(what, file.str_key(key)?)
}

fn hex_fe<F: Trinomial>(file: &GroupFile, key: &str) -> Result<Fe> {
    let b = hex_key(file, key)?;
    let v = Fe::from_be_bytes(&b)
        .filter(|v| v.bits() <= F::M)
        .ok_or_else(|| file.problem(format!("`{key}` must be a field element below 2^{}", F::M)))?;
    Ok(v)
}

/// The largest cofactor pkbench accepts: the points of order dividing h are listed one by one
/// ([`Curve::small_order_x`]) and compared with every peer value.
pub const MAX_COFACTOR: u64 = 64;

/// Checks `order` (q) and `cofactor` (h) against the field GF(2^m) alone (the point checks
/// are in [`Curve::from_file`]), the cheap checks first: q² > 2^(m+4), 1 ≤ h ≤
/// [`MAX_COFACTOR`], h·q in the Hasse interval, (2^m + 1 − h·q)² ≤ 4·2^m, then q probably
/// prime.
fn check_order(file: &GroupFile, m: u32, q: &Scalar, h: u64) -> Result<()> {
    let qb = q.to_biguint();
    let one = BigUint::from(1u32);
    // Only one multiple of q lies in the Hasse interval (width 4·2^(m/2)) when q exceeds it.
    if &qb * &qb <= &one << (m + 4) {
        return Err(file.invalid(
            &format!(
                "`order` = {qb:#x} ({} bits) is too small for GF(2^{m}): give the large prime \
                 factor q of the number of points, with #E = cofactor × order",
                q.bits()
            ),
            &format!("order > 4·2^(m/2) = 2^{}", f64::from(m + 4) / 2.0),
        ));
    }
    if !(1..=MAX_COFACTOR).contains(&h) {
        return Err(file.invalid(
            &format!("`cofactor` = {h} is outside 1..{MAX_COFACTOR}"),
            &format!("1 ≤ cofactor ≤ {MAX_COFACTOR}"),
        ));
    }
    // Hasse: |#E − (2^m + 1)| ≤ 2·2^(m/2); squared, so that odd m needs no square root.
    let n = &qb * h;
    let mid = (&one << m) + 1u32;
    let dist = if n > mid { &n - &mid } else { &mid - &n };
    if &dist * &dist > &one << (m + 2) {
        // The multiple of q nearest 2^m + 1, as a hint when it is in the interval.
        let near = (&mid + (&qb >> 1)) / &qb;
        let nd = &near * &qb;
        let nd = if nd > mid { &nd - &mid } else { &mid - &nd };
        let hint = if near > BigUint::ZERO && &nd * &nd <= &one << (m + 2) {
            format!(" (the multiple of `order` in that interval is {near} × order)")
        } else {
            String::new()
        };
        return Err(file.invalid(
            &format!(
                "cofactor × order = {n:#x} cannot be the number of points of a curve over \
                 GF(2^{m}), which lies within 2^{m} + 1 ± 2·2^({m}/2) (Hasse); fix `cofactor` \
                 or `order`{hint}"
            ),
            "|2^m + 1 − cofactor × order| ≤ 2·2^(m/2)",
        ));
    }
    // The only test that is not cheap, last (about 0.1 ms at these sizes).
    if !NumBigint::is_probable_prime(&qb, PRIME_REPS) {
        return Err(file.invalid(
            "`order` is composite: give the prime order q of the large subgroup, with \
             #E = cofactor × order",
            &format!("order probably prime, {PRIME_REPS} Miller–Rabin rounds"),
        ));
    }
    Ok(())
}

impl<F: Trinomial> Curve<F> {
    /// Reads b, the generator, `order` (q) and `cofactor` (h) from a params file and checks
    /// that they describe the curve (SEC 1 v2 §3.1.2.2, validation of elliptic curve domain
    /// parameters over F_2^m, adapted to the Oakley groups, whose G has order h'·q for some
    /// h' | h rather than q):
    ///
    /// 1. a = 0 (the only curves with field code here), b ≠ 0 (b = 0 is singular), a, b, gx,
    ///    gy below 2^m;
    /// 2. q fits in 192 bits and q² > 2^(m+4), i.e. q > 4·2^(m/2);
    /// 3. q is probably prime ([`PRIME_REPS`] Miller–Rabin rounds, HAC Algorithm 4.24, through
    ///    [`NumBigint`]);
    /// 4. 1 ≤ h ≤ [`MAX_COFACTOR`];
    /// 5. h·q is in the Hasse interval: |2^m + 1 − h·q| ≤ 2·2^(m/2) (Hasse's theorem:
    ///    a curve over a field of r elements has r + 1 − t points with |t| ≤ 2√r; H. Hasse,
    ///    J. reine angew. Math. 175, 1936), checked squared;
    /// 6. G is on the curve, h·q·G = O and h·G ≠ O.
    ///
    /// Together these prove #E = h·q: by 6 and the primality of q, q divides ord(G), hence
    /// #E; #E and h·q both lie in the Hasse interval (Hasse's theorem, and 5), whose width
    /// 4·2^(m/2) is below q (2), so they are the same multiple of q. (Checking h·q·R = O for
    /// random points R would only add the weaker fact that the group's exponent divides h·q.)
    /// With #E = h·q right, [`Curve::small_order_x`] lists every point of order dividing h,
    /// which the peer check relies on.
    ///
    /// Each failure is one line, `ORIGIN: invalid group: … (check: …)` (the binary names a
    /// user's file `--params FILE`), naming the key to fix. The checks run for the built-in groups too: the primality test adds about
    /// 0.5 ms per load in a release build (32 rounds on a 152- or 183-bit q), to a load of
    /// 1.5–3 ms dominated by the affine reference multiplications h·q·G and q·R.
    ///
    /// # Errors
    /// A typed problem naming the key that is missing or wrong.
    pub fn from_file(file: &GroupFile, arith: Arith) -> Result<Curve<F>> {
        let a = hex_fe::<F>(file, "a")?;
        if !a.is_zero() {
            return Err(file.problem(
                "`a` must be 0: only curves y² + xy = x³ + b are supported (the Oakley curves)",
            ));
        }
        let b = hex_fe::<F>(file, "b")?;
        if b.is_zero() {
            return Err(file.invalid("`b` = 0 gives a singular curve", "b ≠ 0"));
        }
        let g = Affine {
            x: hex_fe::<F>(file, "gx")?,
            y: hex_fe::<F>(file, "gy")?,
        };
        let qb = hex_key(file, "order")?;
        let q = Scalar::from_be_bytes(&qb).ok_or_else(|| {
            file.problem(
                "`order` must fit in 192 bits (the prime order q of the large subgroup, hex)",
            )
        })?;
        let h = file.int_key("cofactor")?;
        check_order(file, F::M, &q, h)?;
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
            return Err(file.invalid(
                "the generator (`gx`, `gy`) is not on the curve y² + xy = x³ + b",
                "gy² + gx·gy = gx³ + b",
            ));
        }
        // h ≤ 64 and h·q is in the Hasse interval, so h·q < 2^(m+1) ≤ 2^186.
        let n = q.mul_small(h).expect("h·q < 2^(m+1) by the Hasse check");
        if c.mul_ref(&f, &n, Some(g)).is_some() {
            return Err(file.invalid(
                "cofactor × order × G ≠ O: the order of the generator (`gx`, `gy`) does not \
                 divide cofactor × order; check `gx`, `gy`, `order`",
                "h·q·G = O",
            ));
        }
        if c.mul_ref(&f, &Scalar::from_u64(h), Some(g)).is_none() {
            return Err(file.invalid(
                &format!(
                    "the generator (`gx`, `gy`) has small order (dividing the cofactor {h}), \
                     not a multiple of `order`: give a point of order q (or a multiple of q)"
                ),
                "h·G ≠ O",
            ));
        }
        c.small_order_x = c.small_order_points(&f).ok_or_else(|| {
            file.problem(
                "cannot find the small-order subgroup of this curve (is the cofactor right?)",
            )
        })?;
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
    /// `None` when no R of x < 200 gives a subgroup of order h.
    fn small_order_points(&self, f: &Gf2m<F>) -> Option<Vec<Fe>> {
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
                return Some(xs);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;

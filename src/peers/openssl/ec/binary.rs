//! Binary curves through OpenSSL: the numbers of an EC2N group file ([`BinaryCurve`]) and
//! the explicit GF(2^m) group made from them ([`EcGroup::binary`]).

use super::super::{BN_CTX, Bignum, EC_GROUP, EC_POINT, NAME, OpenSsl, Owned};
use super::{EcGroup, point_new};
use crate::peers::{PeerError, PeerResult};
use std::ptr::null;

/// A binary curve y² + xy = x³ + a·x² + b over GF(2^m) with the trinomial basis
/// u^m + u^k + 1 (RFC 2409 §6.3–6.4), its generator, the prime order q of the large subgroup
/// and the cofactor h (#E = h·q), all big-endian: the numbers of an EC2N group file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BinaryCurve {
    /// Field degree m.
    pub m: u32,
    /// Middle term k of the trinomial.
    pub k: u32,
    /// Coefficient a.
    pub a: Vec<u8>,
    /// Coefficient b.
    pub b: Vec<u8>,
    /// Generator x.
    pub gx: Vec<u8>,
    /// Generator y.
    pub gy: Vec<u8>,
    /// The prime q.
    pub order: Vec<u8>,
    /// The cofactor h, #E = h·q.
    pub cofactor: u64,
}

impl BinaryCurve {
    /// The numbers of an EC2N group description (`params/gf2-155.toml`, a user's file).
    ///
    /// # Errors
    /// The description's own problems (a missing or malformed key).
    pub fn from_group(file: &crate::params::GroupFile) -> crate::Result<BinaryCurve> {
        let big = |key: &str| -> crate::Result<Vec<u8>> {
            file.big_key(key)?
                .ok_or_else(|| file.problem(format!("`{key}` is missing")))
        };
        let small = |key: &str| -> crate::Result<u32> {
            u32::try_from(file.int_key(key)?)
                .map_err(|_| file.problem(format!("`{key}` is too large")))
        };
        Ok(BinaryCurve {
            m: small("m")?,
            k: small("k")?,
            a: big("a")?,
            b: big("b")?,
            gx: big("gx")?,
            gy: big("gy")?,
            order: big("order")?,
            cofactor: file.int_key("cofactor")?,
        })
    }

    /// Bytes of a field element: ⌈m/8⌉.
    pub fn field_bytes(&self) -> usize {
        (self.m as usize).div_ceil(8)
    }

    /// The reduction polynomial u^m + u^k + 1 as big-endian bytes (OpenSSL's `p` for a
    /// binary field).
    fn polynomial(&self) -> Vec<u8> {
        let len = self.m as usize / 8 + 1;
        let mut p = vec![0u8; len];
        for bit in [self.m as usize, self.k as usize, 0] {
            p[len - 1 - bit / 8] |= 1 << (bit % 8);
        }
        p
    }
}

impl EcGroup {
    /// An explicit binary-field group from `curve` (`EC_GROUP_new_curve_GF2m`), with the
    /// generator's own order as OpenSSL's order: the RFC 2409 generators are not in the
    /// prime-order subgroup (gf2-155: ord(G) = 4q, so OpenSSL gets order 4q and cofactor 3;
    /// gf2-185: 2q and 2). That order is found here as the least t·q (t dividing h) with
    /// t·q·G = O.
    ///
    /// # Errors
    /// [`PeerError::Unavailable`] when this OpenSSL has no binary fields (EC2M);
    /// [`PeerError::Call`] when OpenSSL refuses the numbers (a generator not on the curve);
    /// [`PeerError::Input`] when no multiple t·q of the generator is the identity (the
    /// numbers are not a curve of order h·q).
    pub fn binary(ssl: &'static OpenSsl, curve: &BinaryCurve) -> PeerResult<EcGroup> {
        let gf2m = ssl
            .ec2m
            .as_ref()
            .map_err(|u| PeerError::Unavailable(u.clone()))?;
        let ctx = ssl.bn_ctx()?;
        let (p, a, b) = (
            ssl.bignum(&curve.polynomial())?,
            ssl.bignum(&curve.a)?,
            ssl.bignum(&curve.b)?,
        );
        // SAFETY: valid BIGNUMs and context; returns a new group or NULL.
        let group = ssl.own(
            unsafe { (gf2m.EC_GROUP_new_curve_GF2m)(p.ptr(), a.ptr(), b.ptr(), ctx.ptr()) },
            ssl.f.EC_GROUP_free,
            "EC_GROUP_new_curve_GF2m",
        )?;
        let g = point_new(ssl, &group)?;
        let (gx, gy) = (ssl.bignum(&curve.gx)?, ssl.bignum(&curve.gy)?);
        // SAFETY: valid group, point, coordinates and context.
        ssl.check(
            unsafe {
                (ssl.f.EC_POINT_set_affine_coordinates)(
                    group.ptr(),
                    g.ptr(),
                    gx.ptr(),
                    gy.ptr(),
                    ctx.ptr(),
                )
            },
            "EC_POINT_set_affine_coordinates",
        )?;
        let q = ssl.bignum(&curve.order)?;
        let h = curve.cofactor;
        // First with the whole group order h·q and cofactor 1: every multiple then comes
        // out right whatever ord(G) is.
        let whole = ssl.bignum(&[])?;
        let (h_bn, one) = (word(ssl, h)?, word(ssl, 1)?);
        mul(ssl, &whole, &h_bn, &q, &ctx)?;
        set_generator(ssl, &group, &g, &whole, &one)?;
        let r = point_new(ssl, &group)?;
        let tq = ssl.bignum(&[])?;
        let mut found = None;
        for t in (1..=h).filter(|t| h.is_multiple_of(*t)) {
            mul(ssl, &tq, &word(ssl, t)?, &q, &ctx)?;
            // SAFETY: valid group, points, scalar and context.
            ssl.check(
                unsafe {
                    (ssl.f.EC_POINT_mul)(group.ptr(), r.ptr(), null(), g.ptr(), tq.ptr(), ctx.ptr())
                },
                "EC_POINT_mul",
            )?;
            // SAFETY: valid group and point.
            if unsafe { (ssl.f.EC_POINT_is_at_infinity)(group.ptr(), r.ptr()) } == 1 {
                found = Some(t);
                break;
            }
        }
        let Some(t) = found else {
            return Err(PeerError::Input {
                library: NAME,
                problem: "no multiple t·q of the generator (t dividing the cofactor) is the \
                          identity"
                    .into(),
            });
        };
        mul(ssl, &tq, &word(ssl, t)?, &q, &ctx)?;
        set_generator(ssl, &group, &g, &tq, &word(ssl, h / t)?)?;
        let order = tq.to_bytes_padded(tq.bits().div_ceil(8))?;
        Self::finish(
            ssl,
            group,
            curve.field_bytes(),
            true,
            format!("EC_POINT_mul, explicit GF(2^{})", curve.m),
            order,
        )
    }
}

fn word(ssl: &'static OpenSsl, w: u64) -> PeerResult<Bignum> {
    ssl.bignum(&w.to_be_bytes())
}

fn mul(
    ssl: &'static OpenSsl,
    r: &Bignum,
    a: &Bignum,
    b: &Bignum,
    ctx: &Owned<BN_CTX>,
) -> PeerResult<()> {
    // SAFETY: valid BIGNUMs (r distinct from a and b) and context.
    ssl.check(
        unsafe { (ssl.f.BN_mul)(r.ptr(), a.ptr(), b.ptr(), ctx.ptr()) },
        "BN_mul",
    )
}

fn set_generator(
    ssl: &'static OpenSsl,
    group: &Owned<EC_GROUP>,
    g: &Owned<EC_POINT>,
    order: &Bignum,
    cofactor: &Bignum,
) -> PeerResult<()> {
    // SAFETY: valid group, point and BIGNUMs; OpenSSL copies them.
    ssl.check(
        unsafe {
            (ssl.f.EC_GROUP_set_generator)(group.ptr(), g.ptr(), order.ptr(), cofactor.ptr())
        },
        "EC_GROUP_set_generator",
    )
}

//! Elliptic curves through OpenSSL: [`EcGroup`] (`EC_POINT_mul` on the Oakley binary curves
//! built as explicit GF(2^m) groups, and on P-256 and secp256k1), [`Derive`]
//! (`EVP_PKEY_derive` with a fixed peer key, as `openssl speed ecdhp256` and `ecdhx25519`
//! time it) and [`x25519_public`] (X25519 key generation from a given secret).

use super::{
    BN_CTX, Bignum, EC_GROUP, EC_POINT, EVP_PKEY, EVP_PKEY_CTX, NAME, OpenSsl, OsslParam, Owned,
    native_order,
};
use crate::implementation::Implementation;
use crate::peers::{PeerError, PeerResult};
use std::ffi::c_int;
use std::ptr::{null, null_mut};

crate::peers::ffi::ffi_table! {
    /// Whether a group's generator has precomputed multiples (deprecated in 3.0, so absent
    /// from a `no-deprecated` build; resolved on first use, [`EcGroup::generator_table`]).
    struct PrecompFns {
        // openssl/ec.h: int EC_GROUP_have_precompute_mult(const EC_GROUP *group);
        EC_GROUP_have_precompute_mult: fn(*const EC_GROUP) -> c_int;
    }
}

static PRECOMP: std::sync::OnceLock<Option<PrecompFns>> = std::sync::OnceLock::new();

// openssl/obj_mac.h: #define NID_X9_62_prime256v1 415
const NID_X9_62_PRIME256V1: c_int = 415;
// openssl/obj_mac.h: #define NID_secp256k1 714
const NID_SECP256K1: c_int = 714;
// openssl/obj_mac.h: #define NID_X25519 1034  (openssl/evp.h: #define EVP_PKEY_X25519 NID_X25519)
const EVP_PKEY_X25519: c_int = 1034;
// openssl/ec.h: POINT_CONVERSION_UNCOMPRESSED = 4
const POINT_CONVERSION_UNCOMPRESSED: c_int = 4;
// openssl/core_dispatch.h: OSSL_KEYMGMT_SELECT_PRIVATE_KEY 0x01, _PUBLIC_KEY 0x02,
// _DOMAIN_PARAMETERS 0x04, _OTHER_PARAMETERS 0x80; openssl/evp.h: EVP_PKEY_PUBLIC_KEY =
// all parameters | public key, EVP_PKEY_KEYPAIR = EVP_PKEY_PUBLIC_KEY | private key.
const EVP_PKEY_PUBLIC_KEY: c_int = 0x84 | 0x02;
const EVP_PKEY_KEYPAIR: c_int = EVP_PKEY_PUBLIC_KEY | 0x01;

/// A prime curve OpenSSL knows by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NamedCurve {
    /// NIST P-256 (`prime256v1`, secp256r1): on x86-64, OpenSSL's `ecp_nistz256` code with
    /// its precomputed table of the generator's multiples.
    P256,
    /// secp256k1 (generic prime-field code).
    Secp256k1,
}

impl NamedCurve {
    /// OpenSSL's name of the curve.
    pub fn openssl_name(self) -> &'static str {
        match self {
            NamedCurve::P256 => "prime256v1",
            NamedCurve::Secp256k1 => "secp256k1",
        }
    }

    fn name_nul(self) -> &'static [u8] {
        match self {
            NamedCurve::P256 => b"prime256v1\0",
            NamedCurve::Secp256k1 => b"secp256k1\0",
        }
    }

    fn nid(self) -> c_int {
        match self {
            NamedCurve::P256 => NID_X9_62_PRIME256V1,
            NamedCurve::Secp256k1 => NID_SECP256K1,
        }
    }
}

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

/// A point of an [`EcGroup`] (`EC_POINT`), made before timing.
pub struct EcPoint {
    p: Owned<EC_POINT>,
}

/// A curve through OpenSSL's `EC_POINT_mul`, prepared for timing: the group, a `BN_CTX`, the
/// result point and its coordinates are made once.
///
/// Encodings as pkbench's own groups: a scalar is big-endian; Offer writes x alone (the IKE
/// form, ⌈m/8⌉ or 32 bytes) or `04‖x‖y` (SEC 1, uncompressed) depending on the length of the
/// output; Reply writes the x-coordinate of x·Q.
pub struct EcGroup {
    ssl: &'static OpenSsl,
    group: Owned<EC_GROUP>,
    ctx: Owned<BN_CTX>,
    r: Owned<EC_POINT>,
    x: Bignum,
    y: Bignum,
    field_bytes: usize,
    binary: bool,
    variant: String,
    generator_order: Vec<u8>,
}

// SAFETY: as `Owned`: the objects are used from one thread at a time, through `&mut self`
// for every change.
unsafe impl Send for EcGroup {}

impl EcGroup {
    /// A prime curve by name (`EC_GROUP_new_by_curve_name`).
    ///
    /// # Errors
    /// [`PeerError::Call`] when OpenSSL does not have the curve or fails to allocate.
    pub fn named(ssl: &'static OpenSsl, curve: NamedCurve) -> PeerResult<EcGroup> {
        // SAFETY: takes a NID, returns a new group or NULL.
        let group = ssl.own(
            unsafe { (ssl.f.EC_GROUP_new_by_curve_name)(curve.nid()) },
            ssl.f.EC_GROUP_free,
            "EC_GROUP_new_by_curve_name",
        )?;
        Self::finish(
            ssl,
            group,
            32,
            false,
            format!("EC_POINT_mul, {}", curve.openssl_name()),
            Vec::new(),
        )
    }

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

    fn finish(
        ssl: &'static OpenSsl,
        group: Owned<EC_GROUP>,
        field_bytes: usize,
        binary: bool,
        variant: String,
        generator_order: Vec<u8>,
    ) -> PeerResult<EcGroup> {
        Ok(EcGroup {
            ssl,
            r: point_new(ssl, &group)?,
            ctx: ssl.bn_ctx()?,
            x: ssl.bignum(&[])?,
            y: ssl.bignum(&[])?,
            group,
            field_bytes,
            binary,
            variant,
            generator_order,
        })
    }

    /// Bytes of a field element (and of a shared secret).
    pub fn field_bytes(&self) -> usize {
        self.field_bytes
    }

    /// For a binary group: the generator's order given to OpenSSL (t·q), big-endian; empty
    /// for a named curve.
    pub fn generator_order(&self) -> &[u8] {
        &self.generator_order
    }

    /// A scalar from big-endian bytes, made before timing.
    ///
    /// # Errors
    /// [`PeerError::Call`] when OpenSSL cannot allocate it.
    pub fn scalar(&self, bytes: &[u8]) -> PeerResult<Bignum> {
        self.ssl.bignum(bytes)
    }

    /// A peer's public value, made before timing: `04‖x‖y` or `x‖y`; on a binary curve
    /// also x alone (IKE: either point with that x gives the same shared x); on a prime
    /// curve also SEC 1 compressed (`02`/`03‖x`). OpenSSL checks that the point is on the
    /// curve.
    ///
    /// # Errors
    /// [`PeerError::Input`] for a length that is no encoding; [`PeerError::Call`] when
    /// OpenSSL rejects the point.
    pub fn point(&self, encoded: &[u8]) -> PeerResult<EcPoint> {
        let ssl = self.ssl;
        let n = self.field_bytes;
        let p = point_new(ssl, &self.group)?;
        let (group, ctx) = (self.group.ptr(), self.ctx.ptr());
        let bad = || PeerError::Input {
            library: NAME,
            problem: format!(
                "a public value of {} bytes is no point encoding for {n}-byte coordinates",
                encoded.len()
            ),
        };
        if self.binary {
            let (x, y) = match encoded.len() {
                l if l == n => (encoded, None),
                l if l == 2 * n => (&encoded[..n], Some(&encoded[n..])),
                l if l == 2 * n + 1 && encoded[0] == 4 => {
                    (&encoded[1..=n], Some(&encoded[n + 1..]))
                }
                _ => return Err(bad()),
            };
            let xb = ssl.bignum(x)?;
            match y {
                Some(y) => {
                    let yb = ssl.bignum(y)?;
                    // SAFETY: valid group, point, coordinates and context.
                    ssl.check(
                        unsafe {
                            (ssl.f.EC_POINT_set_affine_coordinates)(
                                group,
                                p.ptr(),
                                xb.ptr(),
                                yb.ptr(),
                                ctx,
                            )
                        },
                        "EC_POINT_set_affine_coordinates",
                    )?;
                }
                None => {
                    // SAFETY: valid group, point, coordinate and context.
                    ssl.check(
                        unsafe {
                            (ssl.f.EC_POINT_set_compressed_coordinates)(
                                group,
                                p.ptr(),
                                xb.ptr(),
                                0,
                                ctx,
                            )
                        },
                        "EC_POINT_set_compressed_coordinates",
                    )?;
                }
            }
        } else {
            let sec1: Vec<u8> = match encoded.len() {
                l if l == 2 * n => [&[4u8][..], encoded].concat(),
                l if l == 2 * n + 1 || l == n + 1 => encoded.to_vec(),
                _ => return Err(bad()),
            };
            // SAFETY: reads `sec1.len()` bytes into a valid point.
            ssl.check(
                unsafe {
                    (ssl.f.EC_POINT_oct2point)(group, p.ptr(), sec1.as_ptr(), sec1.len(), ctx)
                },
                "EC_POINT_oct2point",
            )?;
        }
        Ok(EcPoint { p })
    }

    /// The timed Offer: k·G into the result point, written to `out`: the x-coordinate
    /// ([`EcGroup::field_bytes`] bytes) or `04‖x‖y` (twice that plus one).
    ///
    /// # Errors
    /// [`PeerError::Input`] for another output length; [`PeerError::Call`] when OpenSSL
    /// fails.
    pub fn offer_into(&mut self, k: &Bignum, out: &mut [u8]) -> PeerResult<()> {
        // SAFETY: valid group, result point, scalar and context; no variable point.
        let ok = unsafe {
            (self.ssl.f.EC_POINT_mul)(
                self.group.ptr(),
                self.r.ptr(),
                k.ptr(),
                null(),
                null(),
                self.ctx.ptr(),
            )
        };
        self.ssl.check(ok, "EC_POINT_mul")?;
        self.write_result(out)
    }

    /// The timed Reply: the x-coordinate of k·Q, into `out` ([`EcGroup::field_bytes`]
    /// bytes).
    ///
    /// # Errors
    /// [`PeerError::Input`] for another output length; [`PeerError::Call`] when OpenSSL
    /// fails (k·Q at infinity has no x).
    pub fn reply_into(&mut self, k: &Bignum, peer: &EcPoint, out: &mut [u8]) -> PeerResult<()> {
        if out.len() != self.field_bytes {
            return Err(self.length_error(out.len()));
        }
        // SAFETY: valid group, result point, peer point, scalar and context.
        let ok = unsafe {
            (self.ssl.f.EC_POINT_mul)(
                self.group.ptr(),
                self.r.ptr(),
                null(),
                peer.p.ptr(),
                k.ptr(),
                self.ctx.ptr(),
            )
        };
        self.ssl.check(ok, "EC_POINT_mul")?;
        self.write_result(out)
    }

    /// Offer from bytes to bytes (x alone): not for timing.
    ///
    /// # Errors
    /// As [`EcGroup::offer_into`].
    pub fn offer_x(&mut self, secret: &[u8]) -> PeerResult<Vec<u8>> {
        let k = self.scalar(secret)?;
        let mut out = vec![0u8; self.field_bytes];
        self.offer_into(&k, &mut out)?;
        Ok(out)
    }

    /// Reply from bytes to bytes: not for timing.
    ///
    /// # Errors
    /// As [`EcGroup::point`] and [`EcGroup::reply_into`].
    pub fn reply(&mut self, secret: &[u8], peer: &[u8]) -> PeerResult<Vec<u8>> {
        let (k, q) = (self.scalar(secret)?, self.point(peer)?);
        let mut out = vec![0u8; self.field_bytes];
        self.reply_into(&k, &q, &mut out)?;
        Ok(out)
    }

    fn length_error(&self, len: usize) -> PeerError {
        PeerError::Input {
            library: NAME,
            problem: format!(
                "an output of {len} bytes is neither x ({n}) nor 04||x||y ({})",
                2 * self.field_bytes + 1,
                n = self.field_bytes
            ),
        }
    }

    /// Writes the result point as x alone or `04‖x‖y`, by the length of `out`.
    fn write_result(&mut self, out: &mut [u8]) -> PeerResult<()> {
        let ssl = self.ssl;
        if out.len() == 2 * self.field_bytes + 1 {
            // SAFETY: writes at most `out.len()` bytes.
            let n = unsafe {
                (ssl.f.EC_POINT_point2oct)(
                    self.group.ptr(),
                    self.r.ptr(),
                    POINT_CONVERSION_UNCOMPRESSED,
                    out.as_mut_ptr(),
                    out.len(),
                    self.ctx.ptr(),
                )
            };
            return if n == out.len() {
                Ok(())
            } else {
                Err(ssl.fail("EC_POINT_point2oct"))
            };
        }
        if out.len() != self.field_bytes {
            return Err(self.length_error(out.len()));
        }
        // SAFETY: valid group, point, coordinates and context.
        let ok = unsafe {
            (ssl.f.EC_POINT_get_affine_coordinates)(
                self.group.ptr(),
                self.r.ptr(),
                self.x.ptr(),
                self.y.ptr(),
                self.ctx.ptr(),
            )
        };
        ssl.check(ok, "EC_POINT_get_affine_coordinates")?;
        self.x.write_padded(out)
    }

    /// Whether `EC_POINT_mul` on the generator uses precomputed multiples of it, as OpenSSL
    /// says (`EC_GROUP_have_precompute_mult`: 1 for a method with a built-in table of the
    /// curve's standard generator, such as `ecp_nistz256` for P-256 on x86-64, or after
    /// `EC_GROUP_precompute_mult`, which pkbench never calls); `None` when this build lacks
    /// the function.
    pub fn generator_table(&self) -> Option<bool> {
        let f = PRECOMP
            .get_or_init(|| PrecompFns::resolve(&self.ssl._lib).ok())
            .as_ref()?;
        // SAFETY: a valid group, only read.
        Some(unsafe { (f.EC_GROUP_have_precompute_mult)(self.group.ptr()) } == 1)
    }

    /// Who computes it: `openssl VERSION (EC_POINT_mul, explicit GF(2^155))`,
    /// `(EC_POINT_mul, prime256v1)`.
    pub fn implementation(&self) -> Implementation {
        self.ssl.implementation(&self.variant)
    }
}

fn point_new(ssl: &'static OpenSsl, group: &Owned<EC_GROUP>) -> PeerResult<Owned<EC_POINT>> {
    // SAFETY: valid group; returns a new point or NULL.
    ssl.own(
        unsafe { (ssl.f.EC_POINT_new)(group.ptr()) },
        ssl.f.EC_POINT_free,
        "EC_POINT_new",
    )
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

/// An `EVP_PKEY` made from raw bytes or parameters.
fn pkey_raw(ssl: &'static OpenSsl, private: bool, bytes: &[u8]) -> PeerResult<Owned<EVP_PKEY>> {
    let (f, call) = if private {
        (
            ssl.f.EVP_PKEY_new_raw_private_key,
            "EVP_PKEY_new_raw_private_key",
        )
    } else {
        (
            ssl.f.EVP_PKEY_new_raw_public_key,
            "EVP_PKEY_new_raw_public_key",
        )
    };
    // SAFETY: reads `bytes.len()` bytes; returns a new key or NULL.
    ssl.own(
        unsafe { f(EVP_PKEY_X25519, null_mut(), bytes.as_ptr(), bytes.len()) },
        ssl.f.EVP_PKEY_free,
        call,
    )
}

/// An EC key of `curve` from OpenSSL parameters (`EVP_PKEY_fromdata`): the private scalar
/// (when given) and the public point `04‖x‖y`.
fn pkey_ec(
    ssl: &'static OpenSsl,
    curve: NamedCurve,
    private: Option<&[u8]>,
    public: &[u8],
) -> PeerResult<Owned<EVP_PKEY>> {
    // SAFETY: the name is NUL-terminated; returns a new context or NULL.
    let kctx = ssl.own(
        unsafe { (ssl.f.EVP_PKEY_CTX_new_from_name)(null_mut(), c"EC".as_ptr(), null()) },
        ssl.f.EVP_PKEY_CTX_free,
        "EVP_PKEY_CTX_new_from_name",
    )?;
    // SAFETY: a valid context.
    ssl.check(
        unsafe { (ssl.f.EVP_PKEY_fromdata_init)(kctx.ptr()) },
        "EVP_PKEY_fromdata_init",
    )?;
    let priv_native = private.map(native_order);
    let mut params = vec![
        OsslParam::utf8(b"group\0", curve.name_nul()),
        OsslParam::octets(b"pub\0", public),
    ];
    if let Some(p) = &priv_native {
        params.push(OsslParam::unsigned(b"priv\0", p));
    }
    params.push(OsslParam::end());
    let selection = if private.is_some() {
        EVP_PKEY_KEYPAIR
    } else {
        EVP_PKEY_PUBLIC_KEY
    };
    let mut pkey: *mut EVP_PKEY = null_mut();
    // SAFETY: the parameter array is terminated and its buffers outlive the call; OpenSSL
    // copies what it keeps.
    let ok =
        unsafe { (ssl.f.EVP_PKEY_fromdata)(kctx.ptr(), &mut pkey, selection, params.as_mut_ptr()) };
    if ok != 1 {
        // SAFETY: a key made before the failure, if any, is ours to free.
        if !pkey.is_null() {
            unsafe { (ssl.f.EVP_PKEY_free)(pkey) };
        }
        return Err(ssl.fail("EVP_PKEY_fromdata"));
    }
    ssl.own(pkey, ssl.f.EVP_PKEY_free, "EVP_PKEY_fromdata")
}

/// A key agreement through `EVP_PKEY_derive` with a fixed peer key, as `openssl speed
/// ecdhp256` / `ecdhx25519` time it: both keys and the derive context are made once; the
/// timed [`Derive::derive_into`] is one `EVP_PKEY_derive` call (inside which OpenSSL 3.0
/// allocates its temporary numbers for a prime curve, as it does for every user).
pub struct Derive {
    ssl: &'static OpenSsl,
    ctx: Owned<EVP_PKEY_CTX>,
    _own: Owned<EVP_PKEY>,
    _peer: Owned<EVP_PKEY>,
    len: usize,
    variant: String,
}

// SAFETY: as `Owned`.
unsafe impl Send for Derive {}

impl Derive {
    /// X25519 (RFC 7748) between the 32-byte `secret` and the peer's 32-byte public value.
    ///
    /// # Errors
    /// [`PeerError::Input`] for other lengths; [`PeerError::Call`] when OpenSSL refuses a
    /// key.
    pub fn x25519(ssl: &'static OpenSsl, secret: &[u8], peer: &[u8]) -> PeerResult<Derive> {
        x25519_lengths(secret, peer.len())?;
        let own = pkey_raw(ssl, true, secret)?;
        let peer = pkey_raw(ssl, false, peer)?;
        Self::finish(ssl, own, peer, 32, "EVP_PKEY_derive, X25519".into())
    }

    /// ECDH on `curve` between the big-endian scalar `secret` and the peer's public value
    /// (`04‖x‖y`, `x‖y` or compressed): the shared secret is the x-coordinate (32 bytes).
    ///
    /// # Errors
    /// [`PeerError::Input`] for a malformed peer value; [`PeerError::Call`] when OpenSSL
    /// refuses a key.
    pub fn ec(
        ssl: &'static OpenSsl,
        curve: NamedCurve,
        secret: &[u8],
        peer: &[u8],
    ) -> PeerResult<Derive> {
        let mut g = EcGroup::named(ssl, curve)?;
        let k = g.scalar(secret)?;
        let mut own_public = vec![0u8; 65];
        g.offer_into(&k, &mut own_public)?;
        // The peer as 04||x||y, checked on the curve by OpenSSL on the way.
        let q = g.point(peer)?;
        let mut peer_public = vec![0u8; 65];
        // SAFETY: writes at most 65 bytes.
        let n = unsafe {
            (ssl.f.EC_POINT_point2oct)(
                g.group.ptr(),
                q.p.ptr(),
                POINT_CONVERSION_UNCOMPRESSED,
                peer_public.as_mut_ptr(),
                peer_public.len(),
                g.ctx.ptr(),
            )
        };
        if n != 65 {
            return Err(ssl.fail("EC_POINT_point2oct"));
        }
        let own = pkey_ec(ssl, curve, Some(secret), &own_public)?;
        let peer = pkey_ec(ssl, curve, None, &peer_public)?;
        Self::finish(
            ssl,
            own,
            peer,
            32,
            format!("EVP_PKEY_derive, {}", curve.openssl_name()),
        )
    }

    fn finish(
        ssl: &'static OpenSsl,
        own: Owned<EVP_PKEY>,
        peer: Owned<EVP_PKEY>,
        len: usize,
        variant: String,
    ) -> PeerResult<Derive> {
        // SAFETY: a valid key; the context takes its own reference.
        let ctx = ssl.own(
            unsafe { (ssl.f.EVP_PKEY_CTX_new)(own.ptr(), null_mut()) },
            ssl.f.EVP_PKEY_CTX_free,
            "EVP_PKEY_CTX_new",
        )?;
        // SAFETY: valid context and peer key (the context takes its own reference).
        ssl.check(
            unsafe { (ssl.f.EVP_PKEY_derive_init)(ctx.ptr()) },
            "EVP_PKEY_derive_init",
        )?;
        ssl.check(
            unsafe { (ssl.f.EVP_PKEY_derive_set_peer)(ctx.ptr(), peer.ptr()) },
            "EVP_PKEY_derive_set_peer",
        )?;
        Ok(Derive {
            ssl,
            ctx,
            _own: own,
            _peer: peer,
            len,
            variant,
        })
    }

    /// Bytes of the shared secret.
    pub fn secret_bytes(&self) -> usize {
        self.len
    }

    /// The timed operation: the shared secret into `out` ([`Derive::secret_bytes`] long).
    ///
    /// # Errors
    /// [`PeerError::Input`] for another length; [`PeerError::Call`] when OpenSSL fails
    /// (X25519 with a small-order peer: an all-zero result).
    pub fn derive_into(&mut self, out: &mut [u8]) -> PeerResult<()> {
        if out.len() != self.len {
            return Err(PeerError::Input {
                library: NAME,
                problem: format!("a shared secret has {} bytes, not {}", self.len, out.len()),
            });
        }
        let mut len = out.len();
        // SAFETY: writes at most `len` bytes.
        let ok =
            unsafe { (self.ssl.f.EVP_PKEY_derive)(self.ctx.ptr(), out.as_mut_ptr(), &mut len) };
        self.ssl.check(ok, "EVP_PKEY_derive")?;
        if len != self.len {
            return Err(PeerError::Call {
                library: NAME,
                call: "EVP_PKEY_derive",
                detail: format!("{len} bytes instead of {}", self.len),
            });
        }
        Ok(())
    }

    /// The shared secret (not for timing).
    ///
    /// # Errors
    /// As [`Derive::derive_into`].
    pub fn derive(&mut self) -> PeerResult<Vec<u8>> {
        let mut out = vec![0u8; self.len];
        self.derive_into(&mut out)?;
        Ok(out)
    }

    /// Who computes it: `openssl VERSION (EVP_PKEY_derive, prime256v1)`.
    pub fn implementation(&self) -> Implementation {
        self.ssl.implementation(&self.variant)
    }
}

fn x25519_lengths(secret: &[u8], peer_len: usize) -> PeerResult<()> {
    if secret.len() != 32 || peer_len != 32 {
        return Err(PeerError::Input {
            library: NAME,
            problem: "X25519 secrets and public values are 32 bytes".into(),
        });
    }
    Ok(())
}

/// X25519 key generation from a given 32-byte secret, the Offer: the public value into `out`
/// (32 bytes). This is OpenSSL's API for it, `EVP_PKEY_new_raw_private_key` (which computes
/// the public value) then `EVP_PKEY_get_raw_public_key`: each call allocates and frees an
/// `EVP_PKEY`, as every OpenSSL user's key generation does.
///
/// # Errors
/// [`PeerError::Input`] for other lengths; [`PeerError::Call`] when OpenSSL fails.
pub fn x25519_public(ssl: &'static OpenSsl, secret: &[u8], out: &mut [u8]) -> PeerResult<()> {
    x25519_lengths(secret, out.len())?;
    let key = pkey_raw(ssl, true, secret)?;
    let mut len = out.len();
    // SAFETY: writes at most `len` bytes.
    let ok = unsafe { (ssl.f.EVP_PKEY_get_raw_public_key)(key.ptr(), out.as_mut_ptr(), &mut len) };
    ssl.check(ok, "EVP_PKEY_get_raw_public_key")?;
    if len != 32 {
        return Err(PeerError::Call {
            library: NAME,
            call: "EVP_PKEY_get_raw_public_key",
            detail: format!("{len} bytes instead of 32"),
        });
    }
    Ok(())
}

/// Who computes [`x25519_public`].
pub fn x25519_public_implementation(ssl: &OpenSsl) -> Implementation {
    ssl.implementation("EVP_PKEY_new_raw_private_key, X25519")
}

//! Elliptic curves through OpenSSL: [`EcGroup`] (`EC_POINT_mul` on the Oakley binary curves
//! built as explicit GF(2^m) groups, and on the named prime curves P-256, secp256k1, P-384
//! and P-521); the EVP API (module `derive`): [`Derive`] (`EVP_PKEY_derive` with a fixed peer
//! key, as `openssl speed ecdhp256` and `ecdhx25519` time it), [`derive_once`] (one whole
//! Reply as libssl computes it) and [`raw_public`] (X25519 and X448 key generation from a
//! given secret).

use super::{BN_CTX, Bignum, EC_GROUP, EC_POINT, NAME, OpenSsl, Owned};
use crate::implementation::Implementation;
use crate::peers::{PeerError, PeerResult};
use std::ffi::c_int;
use std::ptr::null;

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
// openssl/obj_mac.h: #define NID_secp384r1 715
const NID_SECP384R1: c_int = 715;
// openssl/obj_mac.h: #define NID_secp521r1 716
const NID_SECP521R1: c_int = 716;
// openssl/ec.h: POINT_CONVERSION_UNCOMPRESSED = 4
const POINT_CONVERSION_UNCOMPRESSED: c_int = 4;

mod binary;
mod derive;
pub use binary::BinaryCurve;
pub use derive::{
    Derive, RawCurve, derive_once, derive_once_implementation, raw_implementation, raw_public,
    x25519_public, x25519_public_implementation,
};

/// A prime curve OpenSSL knows by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NamedCurve {
    /// NIST P-256 (`prime256v1`, secp256r1): on x86-64, OpenSSL's `ecp_nistz256` code with
    /// its precomputed table of the generator's multiples.
    P256,
    /// secp256k1 (generic prime-field code).
    Secp256k1,
    /// NIST P-384 (`secp384r1`): OpenSSL 3.0's generic prime-field code (3.2 added
    /// `ecp_nistp384`).
    P384,
    /// NIST P-521 (`secp521r1`): `ecp_nistp521` where the build enables
    /// `ec_nistp_64_gcc_128`, else the generic code.
    P521,
}

impl NamedCurve {
    /// OpenSSL's name of the curve.
    pub fn openssl_name(self) -> &'static str {
        match self {
            NamedCurve::P256 => "prime256v1",
            NamedCurve::Secp256k1 => "secp256k1",
            NamedCurve::P384 => "secp384r1",
            NamedCurve::P521 => "secp521r1",
        }
    }

    /// Bytes of a field element, of a coordinate and of a shared secret: 32, 48 or 66.
    pub const fn field_bytes(self) -> usize {
        match self {
            NamedCurve::P256 | NamedCurve::Secp256k1 => 32,
            NamedCurve::P384 => 48,
            NamedCurve::P521 => 66,
        }
    }

    /// The curve pkbench's group `name` is (`p256`, `k256`, `p384`, `p521`), if any.
    pub fn of_group(name: &str) -> Option<NamedCurve> {
        match name {
            "p256" => Some(NamedCurve::P256),
            "k256" => Some(NamedCurve::Secp256k1),
            "p384" => Some(NamedCurve::P384),
            "p521" => Some(NamedCurve::P521),
            _ => None,
        }
    }

    fn name_nul(self) -> &'static [u8] {
        match self {
            NamedCurve::P256 => b"prime256v1\0",
            NamedCurve::Secp256k1 => b"secp256k1\0",
            NamedCurve::P384 => b"secp384r1\0",
            NamedCurve::P521 => b"secp521r1\0",
        }
    }

    fn nid(self) -> c_int {
        match self {
            NamedCurve::P256 => NID_X9_62_PRIME256V1,
            NamedCurve::Secp256k1 => NID_SECP256K1,
            NamedCurve::P384 => NID_SECP384R1,
            NamedCurve::P521 => NID_SECP521R1,
        }
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
            curve.field_bytes(),
            false,
            format!("EC_POINT_mul, {}", curve.openssl_name()),
            Vec::new(),
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

    /// Whether this libcrypto has `ecp_nistp521`: it exports `EC_GFp_nistp521_method`
    /// (openssl/ec.h) only when built with `enable-ec_nistp_64_gcc_128`, and then
    /// `EC_GROUP_new_by_curve_name` gives secp521r1 that method (crypto/ec/ec_curve.c),
    /// whose `EC_POINT_mul` on the standard generator reads its built-in table `gmul`
    /// (crypto/ec/ecp_nistp521.c) although `EC_GROUP_have_precompute_mult` says 0.
    pub fn has_nistp521(&self) -> bool {
        crate::peers::ffi::symbol::<unsafe extern "C" fn() -> *const std::ffi::c_void>(
            &self.ssl._lib,
            "EC_GFp_nistp521_method\0",
        )
        .is_some()
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

//! Key agreement through OpenSSL's EVP API, as its users call it: [`Derive`]
//! (`EVP_PKEY_derive` with a fixed peer key, as `openssl speed ecdhp256` and `ecdhx25519`
//! time it), [`derive_once`] (one whole Reply: both keys made from bytes, then derived), and
//! [`raw_public`] (X25519 and X448 key generation from a given secret).

use super::super::{EVP_PKEY, EVP_PKEY_CTX, NAME, OpenSsl, OsslParam, Owned, native_order};
use super::{EcGroup, NamedCurve, POINT_CONVERSION_UNCOMPRESSED};
use crate::implementation::Implementation;
use crate::peers::{PeerError, PeerResult};
use std::ffi::c_int;
use std::ptr::{null, null_mut};

// openssl/obj_mac.h: #define NID_X25519 1034  (openssl/evp.h: #define EVP_PKEY_X25519 NID_X25519)
const EVP_PKEY_X25519: c_int = 1034;
// openssl/obj_mac.h: #define NID_X448 1035  (openssl/evp.h: #define EVP_PKEY_X448 NID_X448)
const EVP_PKEY_X448: c_int = 1035;
// openssl/core_dispatch.h: OSSL_KEYMGMT_SELECT_PRIVATE_KEY 0x01, _PUBLIC_KEY 0x02,
// _DOMAIN_PARAMETERS 0x04, _OTHER_PARAMETERS 0x80; openssl/evp.h: EVP_PKEY_PUBLIC_KEY =
// all parameters | public key, EVP_PKEY_KEYPAIR = EVP_PKEY_PUBLIC_KEY | private key.
const EVP_PKEY_PUBLIC_KEY: c_int = 0x84 | 0x02;
const EVP_PKEY_KEYPAIR: c_int = EVP_PKEY_PUBLIC_KEY | 0x01;

/// A Montgomery curve of RFC 7748 that OpenSSL has as a raw-key `EVP_PKEY` type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RawCurve {
    /// X25519: 32-byte secrets, public values and shared secrets.
    X25519,
    /// X448: 56-byte secrets, public values and shared secrets.
    X448,
}

impl RawCurve {
    /// Bytes of a secret, a public value and a shared secret.
    pub const fn bytes(self) -> usize {
        match self {
            RawCurve::X25519 => 32,
            RawCurve::X448 => 56,
        }
    }

    /// The name OpenSSL and pkbench give it: `X25519`, `X448`.
    pub const fn name(self) -> &'static str {
        match self {
            RawCurve::X25519 => "X25519",
            RawCurve::X448 => "X448",
        }
    }

    /// What a Reply through the raw-key API ([`Derive::raw`]: `EVP_PKEY_new_raw_private_key`
    /// then `EVP_PKEY_derive`) does besides x·Q, in the words records and reports use beside a
    /// ratio with a row that does not (record info `extra_work`): setting up the private key
    /// computes its public value x·G (OpenSSL 3, crypto/ec/ecx_key.c
    /// `ossl_ecx_public_from_private`, a fixed-base multiplication on its table of the base
    /// point's multiples).
    pub const fn reply_extra_work(self) -> &'static str {
        match self {
            RawCurve::X25519 => {
                "a public value x·G per Reply (EVP_PKEY_new_raw_private_key computes it when it sets up the X25519 key)"
            }
            RawCurve::X448 => {
                "a public value x·G per Reply (EVP_PKEY_new_raw_private_key computes it when it sets up the X448 key)"
            }
        }
    }

    fn key_type(self) -> c_int {
        match self {
            RawCurve::X25519 => EVP_PKEY_X25519,
            RawCurve::X448 => EVP_PKEY_X448,
        }
    }
}

/// An `EVP_PKEY` made from raw bytes or parameters.
fn pkey_raw(
    ssl: &'static OpenSsl,
    curve: RawCurve,
    private: bool,
    bytes: &[u8],
) -> PeerResult<Owned<EVP_PKEY>> {
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
        unsafe { f(curve.key_type(), null_mut(), bytes.as_ptr(), bytes.len()) },
        ssl.f.EVP_PKEY_free,
        call,
    )
}

/// An EC key of `curve` from OpenSSL parameters (`EVP_PKEY_fromdata`): the private scalar
/// and the public point (a SEC 1 encoding), each when given (a private key alone is enough
/// to derive: OpenSSL 3.0's import does not compute the public point from it).
fn pkey_ec(
    ssl: &'static OpenSsl,
    curve: NamedCurve,
    private: Option<&[u8]>,
    public: Option<&[u8]>,
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
    let mut params = vec![OsslParam::utf8(b"group\0", curve.name_nul())];
    if let Some(p) = public {
        params.push(OsslParam::octets(b"pub\0", p));
    }
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
    /// As [`Derive::raw`].
    pub fn x25519(ssl: &'static OpenSsl, secret: &[u8], peer: &[u8]) -> PeerResult<Derive> {
        Self::raw(ssl, RawCurve::X25519, secret, peer)
    }

    /// X25519 or X448 (RFC 7748) between `secret` and the peer's public value, both of
    /// [`RawCurve::bytes`].
    ///
    /// # Errors
    /// [`PeerError::Input`] for other lengths; [`PeerError::Call`] when OpenSSL refuses a
    /// key.
    pub fn raw(
        ssl: &'static OpenSsl,
        curve: RawCurve,
        secret: &[u8],
        peer: &[u8],
    ) -> PeerResult<Derive> {
        raw_lengths(curve, secret, peer.len())?;
        let own = pkey_raw(ssl, curve, true, secret)?;
        let peer = pkey_raw(ssl, curve, false, peer)?;
        Self::finish(
            ssl,
            own,
            peer,
            curve.bytes(),
            format!("EVP_PKEY_derive, {}", curve.name()),
        )
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
        let sec1 = 2 * curve.field_bytes() + 1;
        let mut own_public = vec![0u8; sec1];
        g.offer_into(&k, &mut own_public)?;
        // The peer as 04||x||y, checked on the curve by OpenSSL on the way.
        let q = g.point(peer)?;
        let mut peer_public = vec![0u8; sec1];
        // SAFETY: writes at most `sec1` bytes.
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
        if n != sec1 {
            return Err(ssl.fail("EC_POINT_point2oct"));
        }
        let own = pkey_ec(ssl, curve, Some(secret), Some(&own_public))?;
        let peer = pkey_ec(ssl, curve, None, Some(&peer_public))?;
        Self::finish(
            ssl,
            own,
            peer,
            curve.field_bytes(),
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

/// One whole Reply through the EVP API, as a TLS library over OpenSSL computes its shared
/// secret (libssl's `ssl_derive`): the own key imported from the big-endian `secret`
/// (`EVP_PKEY_fromdata` with the private scalar alone: no public point is computed), the
/// peer's key from its SEC 1 point (`EVP_PKEY_fromdata`: OpenSSL decodes it and checks it
/// is on the curve; the raw `x‖y` form gets its `04`), a derive context
/// (`EVP_PKEY_CTX_new`, `EVP_PKEY_derive_init`, `EVP_PKEY_derive_set_peer`, which checks
/// the peer's key again) and `EVP_PKEY_derive`: the x-coordinate of k·Q,
/// [`NamedCurve::field_bytes`] long.
///
/// # Errors
/// [`PeerError::Input`] for a peer value of no encoding's length; [`PeerError::Call`] when
/// OpenSSL refuses a key (a point not on the curve) or fails.
pub fn derive_once(
    ssl: &'static OpenSsl,
    curve: NamedCurve,
    secret: &[u8],
    peer: &[u8],
) -> PeerResult<Vec<u8>> {
    let n = curve.field_bytes();
    let prefixed;
    let peer = match peer.len() {
        l if l == 2 * n => {
            prefixed = [&[4u8][..], peer].concat();
            &prefixed[..]
        }
        l if l == 2 * n + 1 || l == n + 1 => peer,
        l => {
            return Err(PeerError::Input {
                library: NAME,
                problem: format!(
                    "a public value of {l} bytes is no point encoding on {}",
                    curve.openssl_name()
                ),
            });
        }
    };
    let own = pkey_ec(ssl, curve, Some(secret), None)?;
    let peer = pkey_ec(ssl, curve, None, Some(peer))?;
    Derive::finish(ssl, own, peer, n, String::new())?.derive()
}

/// Who computes an X25519 or X448 exchange through the EVP raw-key API (key set-up by
/// `EVP_PKEY_new_raw_private_key`, Reply by `EVP_PKEY_derive`), as `dh` times it and
/// `pkbench impls` lists it: `openssl VERSION (EVP_PKEY, X25519)`.
pub fn raw_implementation(ssl: &OpenSsl, curve: RawCurve) -> Implementation {
    ssl.implementation(&format!("EVP_PKEY, {}", curve.name()))
}

/// Who computes [`derive_once`]: `openssl VERSION (EVP_PKEY_derive, secp384r1)`.
pub fn derive_once_implementation(ssl: &OpenSsl, curve: NamedCurve) -> Implementation {
    ssl.implementation(&format!("EVP_PKEY_derive, {}", curve.openssl_name()))
}

fn raw_lengths(curve: RawCurve, secret: &[u8], peer_len: usize) -> PeerResult<()> {
    let n = curve.bytes();
    if secret.len() != n || peer_len != n {
        return Err(PeerError::Input {
            library: NAME,
            problem: format!("{} secrets and public values are {n} bytes", curve.name()),
        });
    }
    Ok(())
}

/// X25519 key generation from a given 32-byte secret, the Offer ([`raw_public`]).
///
/// # Errors
/// As [`raw_public`].
pub fn x25519_public(ssl: &'static OpenSsl, secret: &[u8], out: &mut [u8]) -> PeerResult<()> {
    raw_public(ssl, RawCurve::X25519, secret, out)
}

/// X25519 or X448 key generation from a given secret, the Offer: the public value into
/// `out` ([`RawCurve::bytes`]). This is OpenSSL's API for it,
/// `EVP_PKEY_new_raw_private_key` (which computes the public value) then
/// `EVP_PKEY_get_raw_public_key`: each call allocates and frees an `EVP_PKEY`, as every
/// OpenSSL user's key generation does.
///
/// # Errors
/// [`PeerError::Input`] for other lengths; [`PeerError::Call`] when OpenSSL fails.
pub fn raw_public(
    ssl: &'static OpenSsl,
    curve: RawCurve,
    secret: &[u8],
    out: &mut [u8],
) -> PeerResult<()> {
    raw_lengths(curve, secret, out.len())?;
    let key = pkey_raw(ssl, curve, true, secret)?;
    let mut len = out.len();
    // SAFETY: writes at most `len` bytes.
    let ok = unsafe { (ssl.f.EVP_PKEY_get_raw_public_key)(key.ptr(), out.as_mut_ptr(), &mut len) };
    ssl.check(ok, "EVP_PKEY_get_raw_public_key")?;
    if len != curve.bytes() {
        return Err(PeerError::Call {
            library: NAME,
            call: "EVP_PKEY_get_raw_public_key",
            detail: format!("{len} bytes instead of {}", curve.bytes()),
        });
    }
    Ok(())
}

/// Who computes [`x25519_public`].
pub fn x25519_public_implementation(ssl: &OpenSsl) -> Implementation {
    ssl.implementation("EVP_PKEY_new_raw_private_key, X25519")
}

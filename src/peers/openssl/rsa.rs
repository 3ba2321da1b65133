//! RSA private operations through OpenSSL: [`RsaPrivate`], the private operation of its RSA
//! API as its users call it (`EVP_PKEY_decrypt` without padding: CRT, blinding and a check
//! of the result), and [`RsaCrt`], the CRT assembled from BN calls (the same work as
//! pkbench's own CRT, a named variant).

use super::bn::{Bignum, BnPowm};
use super::{
    BN_CTX, BN_MONT_CTX, EVP_PKEY, EVP_PKEY_CTX, NAME, OpenSsl, OsslParam, Owned, native_order,
};
use crate::implementation::Implementation;
use crate::peers::{PeerError, PeerResult};
use std::ffi::c_int;
use std::ptr::{null, null_mut};

// openssl/rsa.h: #define RSA_NO_PADDING 3
const RSA_NO_PADDING: c_int = 3;
// openssl/core_dispatch.h: OSSL_KEYMGMT_SELECT_PRIVATE_KEY 0x01, _PUBLIC_KEY 0x02,
// _DOMAIN_PARAMETERS 0x04, _OTHER_PARAMETERS 0x80; openssl/evp.h: EVP_PKEY_KEYPAIR =
// EVP_PKEY_PUBLIC_KEY (all parameters | public key) | private key.
const EVP_PKEY_KEYPAIR: c_int = 0x84 | 0x02 | 0x01;

/// The variant named in records and `pkbench impls`.
pub const RSA_PRIVATE_CALL: &str = "EVP_PKEY_decrypt, RSA_NO_PADDING";

/// What OpenSSL's private operation does besides c^d mod n ([`RsaPrivate`]), in the words
/// records and reports use beside a ratio with a row that does not.
pub const RSA_PRIVATE_EXTRA: &str = "blinding and a check of the result with e";

/// OpenSSL's RSA private operation as its users call it: `EVP_PKEY_decrypt` with
/// `RSA_NO_PADDING` (RSADP, RFC 8017 §5.1.2) on a key made once by `EVP_PKEY_fromdata` from
/// n, e, d, p, q, dP, dQ, qInv. Inside the call (crypto/rsa/rsa_ossl.c) OpenSSL blinds the
/// input (`BN_BLINDING`, its factor updated on every call), runs the CRT with constant-time
/// exponentiations (both halves at once, `BN_mod_exp_mont_consttime_x2`, which takes the
/// AVX-512 IFMA code on CPUs that have it), checks the result with e (recomputing without
/// the CRT if the check fails) and unblinds: the private operation `openssl speed rsa2048`
/// signs with, apart from the PKCS #1 padding. It does more work than pkbench's own CRT
/// ([`RSA_PRIVATE_EXTRA`]), and allocates inside the call (a `BN_CTX` and a buffer), as it
/// does for every user. The output is c^d mod n, the modulus's length.
pub struct RsaPrivate {
    ssl: &'static OpenSsl,
    ctx: Owned<EVP_PKEY_CTX>,
    _key: Owned<EVP_PKEY>,
    out: Vec<u8>,
    written: usize,
}

// SAFETY: as `Owned`: the key and its context are used by one thread at a time.
unsafe impl Send for RsaPrivate {}

impl RsaPrivate {
    /// The key from its components and a decryption context without padding.
    ///
    /// # Errors
    /// [`PeerError::Input`] for a modulus that is even or below 2 bytes; [`PeerError::Call`]
    /// with OpenSSL's message when it refuses the key or the padding mode.
    pub fn new(ssl: &'static OpenSsl, key: CrtKey<'_>) -> PeerResult<RsaPrivate> {
        let n = ssl.bignum(key.n)?;
        if !n.is_odd() || n.bits() < 9 {
            return Err(PeerError::Input {
                library: NAME,
                problem: "an RSA modulus must be odd and at least 2 bytes long".into(),
            });
        }
        let len = n.bits().div_ceil(8);
        let pkey = rsa_pkey(ssl, &key)?;
        // SAFETY: a live key; no engine; returns a new context or NULL.
        let ctx = ssl.own(
            unsafe { (ssl.f.EVP_PKEY_CTX_new)(pkey.ptr(), null_mut()) },
            ssl.f.EVP_PKEY_CTX_free,
            "EVP_PKEY_CTX_new",
        )?;
        // SAFETY: a live context, made for this key.
        ssl.check(
            unsafe { (ssl.f.EVP_PKEY_decrypt_init)(ctx.ptr()) },
            "EVP_PKEY_decrypt_init",
        )?;
        // SAFETY: a live context initialised for decryption.
        let ok = unsafe { (ssl.f.EVP_PKEY_CTX_set_rsa_padding)(ctx.ptr(), RSA_NO_PADDING) };
        if ok <= 0 {
            return Err(ssl.fail("EVP_PKEY_CTX_set_rsa_padding"));
        }
        Ok(RsaPrivate {
            ssl,
            ctx,
            _key: pkey,
            out: vec![0; len],
            written: 0,
        })
    }

    /// The timed operation: c^d mod n of the big-endian `c` (at most the modulus's length,
    /// below n), through one `EVP_PKEY_decrypt` call into the object's buffer.
    ///
    /// # Errors
    /// [`PeerError::Call`] with OpenSSL's message (an input not below n, among others).
    pub fn private(&mut self, c: &[u8]) -> PeerResult<()> {
        let mut outlen = self.out.len();
        // SAFETY: the output buffer holds `outlen` bytes (the modulus's length, what
        // OpenSSL writes without padding); the input is read for `c.len()` bytes.
        let ok = unsafe {
            (self.ssl.f.EVP_PKEY_decrypt)(
                self.ctx.ptr(),
                self.out.as_mut_ptr(),
                &mut outlen,
                c.as_ptr(),
                c.len(),
            )
        };
        if ok <= 0 {
            self.written = 0;
            return Err(self.ssl.fail("EVP_PKEY_decrypt"));
        }
        self.written = outlen.min(self.out.len());
        Ok(())
    }

    /// The last result, big-endian, zero-padded to the modulus's length.
    ///
    /// # Errors
    /// [`PeerError::Call`] when no call has succeeded since the last failure.
    pub fn result(&self) -> PeerResult<Vec<u8>> {
        if self.written == 0 {
            return Err(PeerError::Call {
                library: NAME,
                call: "EVP_PKEY_decrypt",
                detail: "no result".into(),
            });
        }
        let mut r = vec![0u8; self.out.len() - self.written];
        r.extend_from_slice(&self.out[..self.written]);
        Ok(r)
    }

    /// c^d mod n from bytes to bytes (not for timing).
    ///
    /// # Errors
    /// As [`RsaPrivate::private`].
    pub fn private_bytes(&mut self, c: &[u8]) -> PeerResult<Vec<u8>> {
        self.private(c)?;
        self.result()
    }

    /// Who computes it: `openssl VERSION (EVP_PKEY_decrypt, RSA_NO_PADDING)`.
    pub fn implementation(&self) -> Implementation {
        self.ssl.implementation(RSA_PRIVATE_CALL)
    }
}

/// An RSA key pair from its components (`EVP_PKEY_fromdata`, the parameter names of
/// openssl/core_names.h: `OSSL_PKEY_PARAM_RSA_N` "n", `_E` "e", `_D` "d", `_FACTOR1`
/// "rsa-factor1", `_FACTOR2` "rsa-factor2", `_EXPONENT1` "rsa-exponent1", `_EXPONENT2`
/// "rsa-exponent2", `_COEFFICIENT1` "rsa-coefficient1"), each an unsigned integer in the
/// host's byte order.
fn rsa_pkey(ssl: &'static OpenSsl, key: &CrtKey<'_>) -> PeerResult<Owned<EVP_PKEY>> {
    // SAFETY: the name is NUL-terminated; returns a new context or NULL.
    let kctx = ssl.own(
        unsafe { (ssl.f.EVP_PKEY_CTX_new_from_name)(null_mut(), c"RSA".as_ptr(), null()) },
        ssl.f.EVP_PKEY_CTX_free,
        "EVP_PKEY_CTX_new_from_name",
    )?;
    // SAFETY: a valid context.
    ssl.check(
        unsafe { (ssl.f.EVP_PKEY_fromdata_init)(kctx.ptr()) },
        "EVP_PKEY_fromdata_init",
    )?;
    let parts: [(&'static [u8], &[u8]); 8] = [
        (b"n\0", key.n),
        (b"e\0", key.e),
        (b"d\0", key.d),
        (b"rsa-factor1\0", key.p),
        (b"rsa-factor2\0", key.q),
        (b"rsa-exponent1\0", key.dp),
        (b"rsa-exponent2\0", key.dq),
        (b"rsa-coefficient1\0", key.qinv),
    ];
    let native: Vec<Vec<u8>> = parts.iter().map(|(_, v)| native_order(v)).collect();
    let mut params: Vec<OsslParam> = parts
        .iter()
        .zip(&native)
        .map(|((k, _), v)| OsslParam::unsigned(k, v))
        .collect();
    params.push(OsslParam::end());
    let mut pkey: *mut EVP_PKEY = null_mut();
    // SAFETY: the parameter array is terminated and its buffers (`native`) outlive the
    // call; OpenSSL copies what it keeps.
    let ok = unsafe {
        (ssl.f.EVP_PKEY_fromdata)(kctx.ptr(), &mut pkey, EVP_PKEY_KEYPAIR, params.as_mut_ptr())
    };
    if ok != 1 {
        if !pkey.is_null() {
            // SAFETY: a key made before the failure, if any, is ours to free.
            unsafe { (ssl.f.EVP_PKEY_free)(pkey) };
        }
        return Err(ssl.fail("EVP_PKEY_fromdata"));
    }
    ssl.own(pkey, ssl.f.EVP_PKEY_free, "EVP_PKEY_fromdata")
}

/// The RSA private operation with the CRT (RFC 8017 §5.1.2, no blinding, no padding) on
/// OpenSSL's BN calls: m1 = c^dP mod p, m2 = c^dQ mod q, h = qInv·(m1 − m2) mod p,
/// m = m2 + q·h. The same work as pkbench's own CRT, with OpenSSL's arithmetic; every
/// number and context is made once. A variant: OpenSSL's users call [`RsaPrivate`].
pub struct RsaCrt {
    ssl: &'static OpenSsl,
    p: Bignum,
    q: Bignum,
    dp: Bignum,
    dq: Bignum,
    qinv: Bignum,
    mont_p: Owned<BN_MONT_CTX>,
    mont_q: Owned<BN_MONT_CTX>,
    ctx: Owned<BN_CTX>,
    m1: Bignum,
    m2: Bignum,
    h: Bignum,
    r: Bignum,
    len: usize,
    how: BnPowm,
}

/// The private key's components, big-endian (RFC 8017 §3.2: the pair (n, d) and the CRT
/// quintuple).
#[derive(Debug, Clone, Copy)]
pub struct CrtKey<'a> {
    /// The modulus n.
    pub n: &'a [u8],
    /// The public exponent e ([`RsaPrivate`] checks its results with it).
    pub e: &'a [u8],
    /// The private exponent d.
    pub d: &'a [u8],
    /// First prime p.
    pub p: &'a [u8],
    /// Second prime q.
    pub q: &'a [u8],
    /// dP = d mod (p − 1).
    pub dp: &'a [u8],
    /// dQ = d mod (q − 1).
    pub dq: &'a [u8],
    /// qInv = q⁻¹ mod p.
    pub qinv: &'a [u8],
}

impl RsaCrt {
    /// Prepares the CRT private operation of `key` with `how` for both half-size
    /// exponentiations.
    ///
    /// # Errors
    /// [`PeerError::Input`] for an even prime; [`PeerError::Call`] when OpenSSL fails.
    pub fn new(ssl: &'static OpenSsl, key: CrtKey<'_>, how: BnPowm) -> PeerResult<RsaCrt> {
        let (p, q) = (ssl.bignum(key.p)?, ssl.bignum(key.q)?);
        if !p.is_odd() || !q.is_odd() {
            return Err(PeerError::Input {
                library: NAME,
                problem: "the RSA primes must be odd".into(),
            });
        }
        let ctx = ssl.bn_ctx()?;
        let n_bits = ssl.bignum(key.n)?.bits();
        Ok(RsaCrt {
            ssl,
            mont_p: ssl.mont(&p, &ctx)?,
            mont_q: ssl.mont(&q, &ctx)?,
            dp: ssl.bignum(key.dp)?,
            dq: ssl.bignum(key.dq)?,
            qinv: ssl.bignum(key.qinv)?,
            m1: ssl.bignum(&[])?,
            m2: ssl.bignum(&[])?,
            h: ssl.bignum(&[])?,
            r: ssl.bignum(&[])?,
            p,
            q,
            ctx,
            len: n_bits.div_ceil(8),
            how,
        })
    }

    /// An input from big-endian bytes, made before timing.
    ///
    /// # Errors
    /// [`PeerError::Call`] when OpenSSL cannot allocate it.
    pub fn operand(&self, bytes: &[u8]) -> PeerResult<Bignum> {
        self.ssl.bignum(bytes)
    }

    /// The timed operation: result = c^d mod n by the CRT.
    ///
    /// # Errors
    /// [`PeerError::Call`] naming the BN call that failed.
    pub fn private(&mut self, c: &Bignum) -> PeerResult<()> {
        let f = &self.ssl.f;
        let exp = match self.how {
            BnPowm::Mont => f.BN_mod_exp_mont,
            BnPowm::ConstTime => f.BN_mod_exp_mont_consttime,
        };
        let ctx = self.ctx.ptr();
        // SAFETY: every pointer is a live BIGNUM or context of this object or the operand;
        // each result aliases no input of its own call (BN_mod_mul and BN_add allow r = a).
        unsafe {
            let ok = exp(
                self.m1.ptr(),
                c.ptr(),
                self.dp.ptr(),
                self.p.ptr(),
                ctx,
                self.mont_p.ptr(),
            );
            self.ssl.check(ok, self.how.function())?;
            let ok = exp(
                self.m2.ptr(),
                c.ptr(),
                self.dq.ptr(),
                self.q.ptr(),
                ctx,
                self.mont_q.ptr(),
            );
            self.ssl.check(ok, self.how.function())?;
            let ok = (f.BN_mod_sub)(
                self.h.ptr(),
                self.m1.ptr(),
                self.m2.ptr(),
                self.p.ptr(),
                ctx,
            );
            self.ssl.check(ok, "BN_mod_sub")?;
            let ok = (f.BN_mod_mul)(
                self.h.ptr(),
                self.h.ptr(),
                self.qinv.ptr(),
                self.p.ptr(),
                ctx,
            );
            self.ssl.check(ok, "BN_mod_mul")?;
            let ok = (f.BN_mul)(self.r.ptr(), self.h.ptr(), self.q.ptr(), ctx);
            self.ssl.check(ok, "BN_mul")?;
            let ok = (f.BN_add)(self.r.ptr(), self.r.ptr(), self.m2.ptr());
            self.ssl.check(ok, "BN_add")
        }
    }

    /// The last result, big-endian, zero-padded to the byte length of n.
    ///
    /// # Errors
    /// [`PeerError::Input`] when the result is not below n's length (a key whose
    /// components do not match).
    pub fn result(&self) -> PeerResult<Vec<u8>> {
        self.r.to_bytes_padded(self.len)
    }

    /// c^d mod n from bytes to bytes (not for timing).
    ///
    /// # Errors
    /// As [`RsaCrt::private`] and [`RsaCrt::result`].
    pub fn private_bytes(&mut self, c: &[u8]) -> PeerResult<Vec<u8>> {
        let c = self.operand(c)?;
        self.private(&c)?;
        self.result()
    }

    /// Who computes it: `openssl VERSION (CRT on BN calls, BN_mod_exp_mont)`.
    pub fn implementation(&self) -> Implementation {
        self.ssl
            .implementation(&format!("CRT on BN calls, {}", self.how.function()))
    }
}

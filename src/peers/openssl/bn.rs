//! OpenSSL's big numbers (`openssl/bn.h`): [`Bignum`], an operand made before timing, and
//! [`ModExp`], a modular exponentiation with its Montgomery context and `BN_CTX` made once.

use super::{BIGNUM, BN_CTX, BN_MONT_CTX, NAME, OpenSsl, Owned};
use crate::implementation::Implementation;
use crate::peers::{PeerError, PeerResult};
use std::ffi::c_int;

/// An OpenSSL big number (`BIGNUM`): an operand made before timing.
pub struct Bignum {
    pub(super) ssl: &'static OpenSsl,
    pub(super) bn: Owned<BIGNUM>,
}

impl Bignum {
    pub(super) fn ptr(&self) -> *mut BIGNUM {
        self.bn.ptr()
    }

    /// Sets the value from big-endian bytes (leading zeros allowed).
    ///
    /// # Errors
    /// [`PeerError::Input`] for more than 2^31 bytes, [`PeerError::Call`] when OpenSSL
    /// cannot grow the number.
    pub fn set(&mut self, bytes: &[u8]) -> PeerResult<()> {
        let len = c_int::try_from(bytes.len()).map_err(|_| PeerError::Input {
            library: NAME,
            problem: "a number longer than 2^31 bytes".into(),
        })?;
        // SAFETY: BN_bin2bn reads `len` bytes into the existing BIGNUM.
        let r = unsafe { (self.ssl.f.BN_bin2bn)(bytes.as_ptr(), len, self.ptr()) };
        if r.is_null() {
            return Err(self.ssl.fail("BN_bin2bn"));
        }
        Ok(())
    }

    /// Size in bits.
    pub fn bits(&self) -> usize {
        // SAFETY: reads a valid BIGNUM.
        unsafe { (self.ssl.f.BN_num_bits)(self.ptr()) as usize }
    }

    /// Whether the value is odd.
    pub fn is_odd(&self) -> bool {
        // SAFETY: reads a valid BIGNUM.
        unsafe { (self.ssl.f.BN_is_odd)(self.ptr()) == 1 }
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        // SAFETY: reads a valid BIGNUM.
        unsafe { (self.ssl.f.BN_is_zero)(self.ptr()) == 1 }
    }

    /// Writes the value big-endian into `out`, zero-padded to its length.
    ///
    /// # Errors
    /// [`PeerError::Input`] when the value does not fit.
    pub fn write_padded(&self, out: &mut [u8]) -> PeerResult<()> {
        let len = c_int::try_from(out.len()).unwrap_or(c_int::MAX);
        // SAFETY: BN_bn2binpad writes exactly `len` bytes or fails (-1) when the value needs
        // more.
        let n = unsafe { (self.ssl.f.BN_bn2binpad)(self.ptr(), out.as_mut_ptr(), len) };
        if n < 0 {
            return Err(PeerError::Input {
                library: NAME,
                problem: format!("a {}-bit number does not fit in {len} bytes", self.bits()),
            });
        }
        Ok(())
    }

    /// The value big-endian, zero-padded to `len` bytes.
    ///
    /// # Errors
    /// As [`Bignum::write_padded`].
    pub fn to_bytes_padded(&self, len: usize) -> PeerResult<Vec<u8>> {
        let mut out = vec![0u8; len];
        self.write_padded(&mut out)?;
        Ok(out)
    }
}

/// Which OpenSSL modular exponentiation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BnPowm {
    /// `BN_mod_exp_mont`: sliding window, variable time (OpenSSL's public-key path, and what
    /// its DH and `openssl speed ffdh` run for an exponent not flagged secret).
    Mont,
    /// `BN_mod_exp_mont_consttime`: fixed window with cache-safe table access, what OpenSSL's
    /// RSA private key and DH private exponents use.
    ConstTime,
}

impl BnPowm {
    /// The C name of the function.
    pub fn function(self) -> &'static str {
        match self {
            BnPowm::Mont => "BN_mod_exp_mont",
            BnPowm::ConstTime => "BN_mod_exp_mont_consttime",
        }
    }
}

/// base^exp mod m through OpenSSL, prepared for timing: the modulus, its Montgomery context,
/// a `BN_CTX` and the result are made once; [`ModExp::pow`] reuses them. OpenSSL has no
/// fixed-base table for a mod-p generator, so Offer and Reply both run this.
pub struct ModExp {
    ssl: &'static OpenSsl,
    m: Bignum,
    r: Bignum,
    ctx: Owned<BN_CTX>,
    mont: Owned<BN_MONT_CTX>,
    len: usize,
    how: BnPowm,
}

impl ModExp {
    /// Prepares exponentiation modulo `modulus` (big-endian) with `how`.
    ///
    /// # Errors
    /// [`PeerError::Input`] for an even modulus or one below 3 (Montgomery arithmetic needs
    /// an odd modulus); [`PeerError::Call`] when OpenSSL fails to set up.
    pub fn new(ssl: &'static OpenSsl, modulus: &[u8], how: BnPowm) -> PeerResult<ModExp> {
        let m = ssl.bignum(modulus)?;
        if !m.is_odd() || m.bits() < 2 {
            return Err(PeerError::Input {
                library: NAME,
                problem: format!("{} needs an odd modulus above 1", how.function()),
            });
        }
        let ctx = ssl.bn_ctx()?;
        let mont = ssl.mont(&m, &ctx)?;
        Ok(ModExp {
            ssl,
            len: m.bits().div_ceil(8),
            r: ssl.bignum(&[])?,
            m,
            ctx,
            mont,
            how,
        })
    }

    /// An operand (base or exponent) from big-endian bytes, made before timing.
    ///
    /// # Errors
    /// [`PeerError::Call`] when OpenSSL cannot allocate it.
    pub fn operand(&self, bytes: &[u8]) -> PeerResult<Bignum> {
        self.ssl.bignum(bytes)
    }

    /// The timed operation: result = base^exp mod m.
    ///
    /// # Errors
    /// [`PeerError::Call`] with OpenSSL's message when the exponentiation fails.
    pub fn pow(&mut self, base: &Bignum, exp: &Bignum) -> PeerResult<()> {
        let f = match self.how {
            BnPowm::Mont => self.ssl.f.BN_mod_exp_mont,
            BnPowm::ConstTime => self.ssl.f.BN_mod_exp_mont_consttime,
        };
        // SAFETY: every pointer is a live object of this ModExp or an operand; the result
        // aliases no input; the Montgomery context was set for `m`.
        let ok = unsafe {
            f(
                self.r.ptr(),
                base.ptr(),
                exp.ptr(),
                self.m.ptr(),
                self.ctx.ptr(),
                self.mont.ptr(),
            )
        };
        self.ssl.check(ok, self.how.function())
    }

    /// The last result, big-endian, zero-padded to the byte length of the modulus.
    pub fn result(&self) -> Vec<u8> {
        self.r
            .to_bytes_padded(self.len)
            .expect("a result mod m fits in the length of m")
    }

    /// The last result written into `out`.
    ///
    /// # Errors
    /// [`PeerError::Input`] when `out` is too short.
    pub fn result_into(&self, out: &mut [u8]) -> PeerResult<()> {
        self.r.write_padded(out)
    }

    /// base^exp mod m from bytes to bytes (operands made on the spot: not for timing).
    ///
    /// # Errors
    /// As [`ModExp::operand`] and [`ModExp::pow`].
    pub fn pow_bytes(&mut self, base: &[u8], exp: &[u8]) -> PeerResult<Vec<u8>> {
        let (b, e) = (self.operand(base)?, self.operand(exp)?);
        self.pow(&b, &e)?;
        Ok(self.result())
    }

    /// Byte length of the modulus (and of every result).
    pub fn modulus_bytes(&self) -> usize {
        self.len
    }

    /// Who computes it: `openssl VERSION (BN_mod_exp_mont)`.
    pub fn implementation(&self) -> Implementation {
        self.ssl.implementation(self.how.function())
    }
}

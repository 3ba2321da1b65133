//! The RSA primitives on a bignum backend ([`crate::arith::bignum::Backend`]): RSAEP
//! (m^e mod n), RSASP1/RSADP without CRT (m^d mod n, "nothing fancy") and with CRT
//! (RFC 8017 §5.1.2 step 2b, Garner's recombination).
//!
//! The private operation's exponentiation is chosen by [`Powm`]: the library's fastest
//! (`mpz_powm`, variable time) or its constant-time one (`mpz_powm_sec`), the same for the raw
//! and the CRT operation; the public operation always uses the fastest.
//!
//! [`Engine<B>`] holds the key in the backend's own integers and works on them (what the
//! `rsa` command times: one library modular exponentiation per raw operation, no conversion);
//! [`RsaEngine`] is the same over big-endian bytes, zero-padded to the modulus length k (I2OSP,
//! RFC 8017 §4.1), for callers that pick the backend at run time. Callers guarantee
//! input < n (the `rsa` command's chunks are at most k − 1 bytes; [`super::raw`] checks).

use super::key::RsaKey;
use crate::arith::bignum::{Backend, BackendKind};
use crate::error::{Result, RsaError};
use num_bigint::BigUint;
use serde::Serialize;

/// Which modular exponentiation the private operation (raw and CRT alike) uses (`pkbench
/// rsa` chooses it on its command line). The public operation (e = 65537, nothing secret)
/// always uses [`Powm::Fast`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Powm {
    /// The library's general exponentiation, variable time: GMP's `mpz_powm` (sliding window,
    /// branches and table lookups that depend on the data), num-bigint's `BigUint::modpow`.
    /// The 1995 row's "GNU MP package, nothing fancy".
    #[default]
    Fast,
    /// The library's constant-time exponentiation, side-channel resistant: GMP's
    /// `mpz_powm_sec` (fixed window, every table entry read, no data-dependent branch), as
    /// real private-key code does (OpenSSL's `BN_mod_exp_mont_consttime`). gmp backend only.
    Sec,
}

impl Powm {
    /// The command-line name: `fast` or `sec`.
    pub fn name(self) -> &'static str {
        match self {
            Powm::Fast => "fast",
            Powm::Sec => "sec",
        }
    }

    /// The library function this choice calls on backend `B` (e.g. `mpz_powm_sec`).
    ///
    /// # Errors
    /// [`RsaError::NoConstantTimePowm`] for [`Powm::Sec`] on a backend without a
    /// constant-time exponentiation (num-bigint).
    pub fn function<B: Backend>(self) -> Result<&'static str> {
        match self {
            Powm::Fast => Ok(B::POW_MOD_FN),
            Powm::Sec => B::SECURE_POW_MOD_FN.ok_or_else(|| {
                RsaError::NoConstantTimePowm {
                    backend: B::NAME.to_string(),
                    gmp_built: cfg!(feature = "gmp"),
                }
                .into()
            }),
        }
    }
}

/// An RSA key in the integers of backend `B`.
#[derive(Debug, Clone)]
pub struct Engine<B: Backend> {
    /// Modulus n.
    pub n: B::Int,
    /// Public exponent e.
    pub e: B::Int,
    /// Private exponent d.
    pub d: B::Int,
    /// Prime p.
    pub p: B::Int,
    /// Prime q.
    pub q: B::Int,
    /// dP = d mod (p − 1).
    pub dp: B::Int,
    /// dQ = d mod (q − 1).
    pub dq: B::Int,
    /// qInv = q⁻¹ mod p.
    pub qinv: B::Int,
    /// Modulus length k in bytes.
    pub k: usize,
    /// The exponentiation of the private operations (raw and CRT).
    pub powm: Powm,
}

fn conv<B: Backend>(x: &BigUint) -> B::Int {
    B::from_be_bytes(&x.to_bytes_be())
}

impl<B: Backend> Engine<B> {
    /// Loads `key` into backend `B`, with the private operations on [`Powm::Fast`].
    pub fn new(key: &RsaKey) -> Self {
        Engine {
            n: conv::<B>(&key.n),
            e: conv::<B>(&key.e),
            d: conv::<B>(&key.d),
            p: conv::<B>(&key.p),
            q: conv::<B>(&key.q),
            dp: conv::<B>(&key.dp),
            dq: conv::<B>(&key.dq),
            qinv: conv::<B>(&key.qinv),
            k: key.modulus_bytes(),
            powm: Powm::Fast,
        }
    }

    /// Loads `key` into backend `B`, with the private operations on `powm`.
    ///
    /// # Errors
    /// [`RsaError::NoConstantTimePowm`] for [`Powm::Sec`] on a backend without a
    /// constant-time exponentiation ([`Powm::function`]).
    pub fn with_powm(key: &RsaKey, powm: Powm) -> Result<Self> {
        powm.function::<B>()?;
        Ok(Engine {
            powm,
            ..Engine::new(key)
        })
    }

    /// `acc ← acc^e mod m` by the private operations' exponentiation ([`Engine::powm`]);
    /// e > 0 and m odd (d, dP, dQ and n, p, q of a valid key).
    fn private_pow(&self, acc: &mut B::Int, e: &B::Int, m: &B::Int) {
        match self.powm {
            Powm::Fast => B::pow_mod_assign(acc, e, m),
            Powm::Sec => B::secure_pow_mod_assign(acc, e, m),
        }
    }

    /// m^e mod n (RSAEP, RFC 8017 §5.1.1), for m < n.
    pub fn public_int(&self, m: &B::Int) -> B::Int {
        B::pow_mod(m, &self.e, &self.n)
    }

    /// [`Engine::public_int`] into `out`, reusing its storage.
    pub fn public_into(&self, m: &B::Int, out: &mut B::Int) {
        out.clone_from(m);
        B::pow_mod_assign(out, &self.e, &self.n);
    }

    /// m^d mod n with no CRT, no blinding (RSADP §5.1.2 with the first key representation
    /// (n, d)), for m < n: one modular exponentiation by the library ([`Engine::powm`]).
    pub fn private_raw_int(&self, m: &B::Int) -> B::Int {
        let mut out = B::from_u64(0);
        self.private_raw_into(m, &mut out);
        out
    }

    /// [`Engine::private_raw_int`] into `out`, reusing its storage (what `pkbench rsa`
    /// times: one `mpz_powm`, or `mpz_powm_sec` with [`Powm::Sec`], on the gmp backend).
    pub fn private_raw_into(&self, m: &B::Int, out: &mut B::Int) {
        out.clone_from(m);
        self.private_pow(out, &self.d, &self.n);
    }

    /// m^d mod n by the CRT (RSADP §5.1.2 step 2b, second key representation):
    /// m1 = c^dP mod p, m2 = c^dQ mod q, h = (m1 − m2)·qInv mod p, m = m2 + q·h.
    /// Two half-size exponentiations with half-size exponents: about 4× less work than
    /// [`Engine::private_raw_int`] with schoolbook multiplication.
    pub fn private_crt_int(&self, c: &B::Int) -> B::Int {
        let mut out = B::from_u64(0);
        self.private_crt_into(c, &mut out, &mut self.crt_scratch());
        out
    }

    /// Scratch integers for [`Engine::private_crt_into`].
    pub fn crt_scratch(&self) -> CrtScratch<B> {
        CrtScratch {
            m1: B::from_u64(0),
            m2: B::from_u64(0),
            t: B::from_u64(0),
        }
    }

    /// [`Engine::private_crt_int`] into `out`, with every intermediate in `scratch`: once
    /// the integers have grown to size, no allocation (on the gmp backend: two `mpz_tdiv_r`,
    /// two half-size `mpz_powm`, or `mpz_powm_sec` with [`Powm::Sec`], then Garner's
    /// recombination with one reduction mod p).
    pub fn private_crt_into(&self, c: &B::Int, out: &mut B::Int, scratch: &mut CrtScratch<B>) {
        let CrtScratch { m1, m2, t } = scratch;
        // m1 = (c mod p)^dP mod p, m2 = (c mod q)^dQ mod q (RFC 8017 §5.1.2 step 2b i, ii).
        B::rem_into(m1, c, &self.p);
        self.private_pow(m1, &self.dp, &self.p);
        B::rem_into(m2, c, &self.q);
        self.private_pow(m2, &self.dq, &self.q);
        // h = (m1 − m2)·qInv mod p (step iii), as (m1 + p − (m2 mod p))·qInv mod p, which
        // stays non-negative when m2 > m1 (m2 < q may exceed p when q > p).
        B::rem_into(t, m2, &self.p);
        B::add_assign(m1, &self.p);
        B::sub_assign(m1, t);
        B::mul_mod_assign(m1, &self.qinv, &self.p);
        // m = m2 + q·h (step iv).
        out.clone_from(m1);
        B::mul_assign(out, &self.q);
        B::add_assign(out, m2);
    }

    /// `x` as k big-endian bytes.
    pub fn encode(&self, x: &B::Int) -> Vec<u8> {
        B::to_be_bytes_padded(x, self.k)
    }
}

/// Intermediates of the CRT private operation ([`Engine::private_crt_into`]): m1, m2 and a
/// temporary, kept between calls so their storage is reused.
#[derive(Debug, Clone)]
pub struct CrtScratch<B: Backend> {
    m1: B::Int,
    m2: B::Int,
    t: B::Int,
}

/// An RSA key loaded into one bignum backend, over big-endian bytes (outputs are k bytes).
pub trait RsaEngine: Send + Sync {
    /// Backend name and version, e.g. "gmp-linked 6.3.0" or "num-bigint 0.5".
    fn backend(&self) -> String;
    /// Modulus length k in bytes (the length of every output).
    fn modulus_bytes(&self) -> usize;
    /// Public operation m^e mod n (RSAEP / RSAVP1).
    fn public(&self, m: &[u8]) -> Vec<u8>;
    /// Private operation m^d mod n with no CRT, no blinding, no padding.
    fn private_raw(&self, m: &[u8]) -> Vec<u8>;
    /// Private operation with the CRT ([`Engine::private_crt_int`]); equals `private_raw`.
    fn private_crt(&self, m: &[u8]) -> Vec<u8>;
}

impl<B: Backend> RsaEngine for Engine<B> {
    fn backend(&self) -> String {
        B::version()
    }
    fn modulus_bytes(&self) -> usize {
        self.k
    }
    fn public(&self, m: &[u8]) -> Vec<u8> {
        self.encode(&self.public_int(&B::from_be_bytes(m)))
    }
    fn private_raw(&self, m: &[u8]) -> Vec<u8> {
        self.encode(&self.private_raw_int(&B::from_be_bytes(m)))
    }
    fn private_crt(&self, m: &[u8]) -> Vec<u8> {
        self.encode(&self.private_crt_int(&B::from_be_bytes(m)))
    }
}

/// Loads `key` into the backend named `backend` (`None`: the default, gmp when built in),
/// private operations on [`Powm::Fast`].
///
/// # Errors
/// [`crate::error::SettingError::UnknownBackend`] or [`crate::error::SettingError::BackendNotBuilt`] for an unknown backend or one
/// not built in.
pub fn engine(key: &RsaKey, backend: Option<&str>) -> Result<Box<dyn RsaEngine>> {
    engine_with_powm(key, backend, Powm::Fast)
}

/// [`engine`] with the private operations (raw and CRT) on `powm`.
///
/// # Errors
/// As [`engine`], and [`RsaError::NoConstantTimePowm`] for [`Powm::Sec`] on a backend without
/// a constant-time exponentiation (num-bigint).
pub fn engine_with_powm(
    key: &RsaKey,
    backend: Option<&str>,
    powm: Powm,
) -> Result<Box<dyn RsaEngine>> {
    let kind = BackendKind::select(backend)?;
    Ok(crate::with_backend!(kind, B => {
        Box::new(Engine::<B>::with_powm(key, powm)?) as Box<dyn RsaEngine>
    }))
}

/// base^exp mod n on the backend named `backend`, zero-padded to the byte length of `n`
/// (n > 0 and base < n: the caller checks).
///
/// # Errors
/// [`crate::error::SettingError::UnknownBackend`] or [`crate::error::SettingError::BackendNotBuilt`] for an unknown backend or one
/// not built in.
pub fn raw_powm(
    n: &BigUint,
    exp: &BigUint,
    base: &BigUint,
    backend: Option<&str>,
) -> Result<Vec<u8>> {
    let kind = BackendKind::select(backend)?;
    let k = n.bits().div_ceil(8) as usize;
    Ok(crate::with_backend!(kind, B => {
        let r = B::pow_mod(&conv::<B>(base), &conv::<B>(exp), &conv::<B>(n));
        B::to_be_bytes_padded(&r, k)
    }))
}

/// Left-pads `v` with zeros to `k` bytes (I2OSP, RFC 8017 §4.1); longer input is returned as is.
pub fn pad(mut v: Vec<u8>, k: usize) -> Vec<u8> {
    if v.len() < k {
        let mut out = vec![0u8; k - v.len()];
        out.append(&mut v);
        out
    } else {
        v
    }
}

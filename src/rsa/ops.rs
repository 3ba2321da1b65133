//! The RSA primitives on a bignum backend: RSAEP (m^e mod n), RSASP1/RSADP without CRT
//! (m^d mod n, "nothing fancy") and with CRT (RFC 8017 §5.1.2 step 2b, Garner's recombination).
//!
//! Inputs and outputs are big-endian byte strings; outputs are zero-padded to the modulus
//! length k (I2OSP, RFC 8017 §4.1). Callers guarantee input < n (the `rsa` command's chunks
//! are k − 1 bytes; `rsa-raw` checks).

use super::key::RsaKey;
use crate::error::Result;

/// An RSA key loaded into one bignum backend, ready for the three timed operations.
pub trait RsaEngine: Send + Sync {
    /// Backend name and version, e.g. "gmp 6.3.0" or "num-bigint 0.5".
    fn backend(&self) -> String;
    /// Modulus length k in bytes (the length of every output).
    fn modulus_bytes(&self) -> usize;
    /// Public operation m^e mod n (RSAEP / RSAVP1), k bytes.
    fn public(&self, m: &[u8]) -> Vec<u8>;
    /// Private operation m^d mod n with no CRT, no blinding, no padding, k bytes.
    fn private_raw(&self, m: &[u8]) -> Vec<u8>;
    /// Private operation with the CRT (RFC 8017 §5.1.2 2b): m1 = c^dP mod p,
    /// m2 = c^dQ mod q, h = qInv·(m1 − m2) mod p, m = m2 + q·h. Equals [`private_raw`], k bytes.
    ///
    /// [`private_raw`]: RsaEngine::private_raw
    fn private_crt(&self, m: &[u8]) -> Vec<u8>;
}

/// Loads `key` into the backend named `backend` (`None`: the default backend).
///
/// # Errors
/// [`crate::Error::Input`] for an unknown backend or one not built in.
pub fn engine(key: &RsaKey, backend: Option<&str>) -> Result<Box<dyn RsaEngine>> {
    check_backend(backend)?;
    Ok(Box::new(NumEngine::new(key)))
}

/// base^exp mod n on the backend named `backend`, zero-padded to the byte length of `n`
/// (n odd and base < n: the caller checks).
///
/// # Errors
/// [`crate::Error::Input`] for an unknown backend or one not built in.
pub fn raw_powm(
    n: &BigUint,
    exp: &BigUint,
    base: &BigUint,
    backend: Option<&str>,
) -> Result<Vec<u8>> {
    check_backend(backend)?;
    let k = n.bits().div_ceil(8) as usize;
    Ok(pad(base.modpow(exp, n).to_bytes_be(), k))
}

fn check_backend(backend: Option<&str>) -> Result<()> {
    match backend {
        None | Some("num-bigint") => Ok(()),
        #[cfg(feature = "gmp")]
        Some("gmp") => Ok(()),
        Some(other) => Err(crate::Error::input(format!(
            "--backend {other}: unknown bignum backend (gmp or num-bigint)"
        ))),
    }
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

use num_bigint::BigUint;

struct NumEngine {
    key: RsaKey,
    k: usize,
}

impl NumEngine {
    fn new(key: &RsaKey) -> Self {
        NumEngine {
            key: key.clone(),
            k: key.modulus_bytes(),
        }
    }
}

impl RsaEngine for NumEngine {
    fn backend(&self) -> String {
        "num-bigint".into()
    }
    fn modulus_bytes(&self) -> usize {
        self.k
    }
    fn public(&self, m: &[u8]) -> Vec<u8> {
        let m = BigUint::from_bytes_be(m);
        pad(m.modpow(&self.key.e, &self.key.n).to_bytes_be(), self.k)
    }
    fn private_raw(&self, m: &[u8]) -> Vec<u8> {
        let m = BigUint::from_bytes_be(m);
        pad(m.modpow(&self.key.d, &self.key.n).to_bytes_be(), self.k)
    }
    fn private_crt(&self, m: &[u8]) -> Vec<u8> {
        let k = &self.key;
        let c = BigUint::from_bytes_be(m);
        let m1 = (&c % &k.p).modpow(&k.dp, &k.p);
        let m2 = (&c % &k.q).modpow(&k.dq, &k.q);
        let diff = (&m1 + &k.p - (&m2 % &k.p)) % &k.p;
        let h = (&k.qinv * diff) % &k.p;
        pad((m2 + &k.q * h).to_bytes_be(), self.k)
    }
}

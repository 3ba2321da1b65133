//! The RSA private key in the standard names of PKCS#1 (RFC 8017 §3.2, second representation):
//! modulus n, public exponent e, private exponent d, primes p and q, CRT exponents
//! dP = d mod (p−1), dQ = d mod (q−1) and CRT coefficient qInv = q⁻¹ mod p.

use crate::error::{Error, Result};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};

/// A two-prime RSA private key (RFC 8017 §3.2). All values are non-negative integers held in
/// num-bigint (the reference representation); a backend converts them once to its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RsaKey {
    /// Modulus n = p·q.
    pub n: BigUint,
    /// Public exponent e (65537 for generated keys).
    pub e: BigUint,
    /// Private exponent d with e·d ≡ 1 (mod λ(n)).
    pub d: BigUint,
    /// First prime factor p.
    pub p: BigUint,
    /// Second prime factor q.
    pub q: BigUint,
    /// CRT exponent dP = d mod (p − 1).
    pub dp: BigUint,
    /// CRT exponent dQ = d mod (q − 1).
    pub dq: BigUint,
    /// CRT coefficient qInv = q⁻¹ mod p.
    pub qinv: BigUint,
}

impl RsaKey {
    /// Builds a key from n, e, d, p, q, deriving dP, dQ and qInv (RFC 8017 §3.2), and checks it
    /// with [`RsaKey::validate`].
    ///
    /// # Errors
    /// [`Error::Input`] when the values do not form an RSA key (see [`RsaKey::validate`]).
    pub fn from_components(
        n: BigUint,
        e: BigUint,
        d: BigUint,
        p: BigUint,
        q: BigUint,
    ) -> Result<RsaKey> {
        let one = BigUint::one();
        if p <= one || q <= one {
            return Err(Error::input(
                "RSA key: the primes p and q must be greater than 1",
            ));
        }
        let dp = &d % (&p - &one);
        let dq = &d % (&q - &one);
        let qinv = q.modinv(&p).ok_or_else(|| {
            Error::input("RSA key: q has no inverse mod p (p and q share a factor)")
        })?;
        let key = RsaKey {
            n,
            e,
            d,
            p,
            q,
            dp,
            dq,
            qinv,
        };
        key.validate()?;
        Ok(key)
    }

    /// Size of the modulus in bits.
    pub fn bits(&self) -> u32 {
        self.n.bits() as u32
    }

    /// Size of the modulus in bytes: the length of every encoded output (RFC 8017 §4.1 I2OSP
    /// with xLen = k).
    pub fn modulus_bytes(&self) -> usize {
        self.n.bits().div_ceil(8) as usize
    }

    /// Checks the key's consistency: n = p·q with n odd, 1 < e < n, e·d ≡ 1 mod (p−1) and
    /// mod (q−1) (that is, mod λ(n)), dP = d mod (p−1), dQ = d mod (q−1), q·qInv ≡ 1 (mod p).
    /// Primality of p and q is not re-tested (a key file is trusted on that point; generated
    /// keys are tested when made).
    ///
    /// # Errors
    /// [`Error::Input`] naming the first failed condition.
    pub fn validate(&self) -> Result<()> {
        let one = BigUint::one();
        let bad = |what: &str| Err(Error::input(format!("RSA key is inconsistent: {what}")));
        if self.p <= one || self.q <= one {
            return bad("p and q must be greater than 1");
        }
        if &self.p * &self.q != self.n {
            return bad("n is not p·q");
        }
        if self.n.is_even() {
            return bad("the modulus n is even");
        }
        if self.e <= one || self.e >= self.n {
            return bad("e must satisfy 1 < e < n");
        }
        let p1 = &self.p - &one;
        let q1 = &self.q - &one;
        let ed = &self.e * &self.d;
        if !(&ed % &p1).is_one() || !(&ed % &q1).is_one() {
            return bad("e·d is not 1 mod λ(n)");
        }
        if self.dp != &self.d % &p1 {
            return bad("dP is not d mod (p−1)");
        }
        if self.dq != &self.d % &q1 {
            return bad("dQ is not d mod (q−1)");
        }
        if self.qinv.is_zero() || !((&self.q * &self.qinv) % &self.p).is_one() {
            return bad("qInv is not q⁻¹ mod p");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(x: u64) -> BigUint {
        BigUint::from(x)
    }

    #[test]
    fn textbook_key() {
        // The worked example of Rivest–Shamir–Adleman style texts: p = 61, q = 53, e = 17.
        // φ = 3120, d = 2753 (17·2753 = 46801 = 15·3120 + 1).
        let k = RsaKey::from_components(big(3233), big(17), big(2753), big(61), big(53)).unwrap();
        assert_eq!(k.dp, big(53)); // 2753 mod 60
        assert_eq!(k.dq, big(49)); // 2753 mod 52
        assert_eq!(k.qinv, big(38)); // 53·38 = 2014 = 33·61 + 1
        assert_eq!(k.bits(), 12);
        assert_eq!(k.modulus_bytes(), 2);
    }

    #[test]
    fn inconsistent_keys_rejected() {
        // wrong d
        let e =
            RsaKey::from_components(big(3233), big(17), big(2752), big(61), big(53)).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message().contains("e·d"), "{e}");
        // n not p·q
        assert!(RsaKey::from_components(big(3235), big(17), big(2753), big(61), big(53)).is_err());
        // p = 1
        assert!(RsaKey::from_components(big(53), big(17), big(2753), big(1), big(53)).is_err());
    }
}

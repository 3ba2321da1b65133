//! RSA key generation from a seeded RNG: two random primes of bits/2 each with their two top
//! bits set (so that n = p·q has exactly `bits` bits), e = 65537, d = e⁻¹ mod φ(n).
//!
//! Primes come from `crypto-primes` (a sieve of small factors, then Miller–Rabin base 2 and a
//! strong Lucas test: Baillie–PSW as strengthened by Baillie, Fiori and Wagstaff, Math. Comp. 90
//! (2021)). The same seed gives the same key on every backend and machine.

use super::key::RsaKey;
use crate::error::{Error, Result, RsaError};
use crypto_bigint::BoxedUint;
use crypto_primes::hazmat::{SetBits, SmallFactorsSieveFactory};
use crypto_primes::{Flavor, is_prime, sieve_and_find};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::One;
use rand_core::CryptoRng;

/// The public exponent of generated keys: F4 = 2^16 + 1 = 65537 (RFC 8017 and FIPS 186-5
/// require 2^16 < e < 2^256; 65537 is the usual choice).
pub const PUBLIC_EXPONENT: u32 = 65_537;

/// Smallest modulus size accepted for generated keys, in bits.
pub const MIN_BITS: u32 = 256;
/// Largest modulus size accepted for generated keys, in bits.
pub const MAX_BITS: u32 = 8192;

/// A random prime of exactly `bits` bits whose two most significant bits are set.
fn random_prime_two_msb<R: CryptoRng + ?Sized>(rng: &mut R, bits: u32) -> Result<BigUint> {
    let factory = SmallFactorsSieveFactory::<BoxedUint>::new(Flavor::Any, bits, SetBits::TwoMsb)
        .map_err(|e| Error::runtime(format!("prime generation failed: {e}")))?;
    let p = sieve_and_find(rng, factory, |_rng, c| is_prime(Flavor::Any, c))
        .map_err(|e| Error::runtime(format!("prime generation failed: {e}")))?
        .ok_or_else(|| Error::runtime("prime generation found no prime"))?;
    Ok(BigUint::from_bytes_be(&p.to_be_bytes()))
}

/// Generates an RSA key with a modulus of exactly `bits` bits from `rng`: primes p > q of
/// ⌈bits/2⌉ and ⌊bits/2⌋ bits, each with its top two bits set; e = 65537 with
/// gcd(e, p−1) = gcd(e, q−1) = 1; d = e⁻¹ mod φ(n), φ(n) = (p−1)(q−1) (the choice of the
/// original RSA paper, Rivest–Shamir–Adleman 1978; RFC 8017 §3.2 allows any d with
/// e·d ≡ 1 mod λ(n)). The key is checked with [`RsaKey::validate`] before it is returned.
///
/// # Errors
/// [`RsaError::KeyBits`] when `bits` is outside 256..=8192.
pub fn generate<R: CryptoRng + ?Sized>(bits: u32, rng: &mut R) -> Result<RsaKey> {
    if !(MIN_BITS..=MAX_BITS).contains(&bits) {
        return Err(RsaError::KeyBits {
            bits,
            min: MIN_BITS,
            max: MAX_BITS,
        }
        .into());
    }
    let e = BigUint::from(PUBLIC_EXPONENT);
    let one = BigUint::one();
    loop {
        let a = random_prime_two_msb(rng, bits.div_ceil(2))?;
        let b = random_prime_two_msb(rng, bits / 2)?;
        if a == b {
            continue;
        }
        let (p, q) = if a > b { (a, b) } else { (b, a) };
        let p1 = &p - &one;
        let q1 = &q - &one;
        if !e.gcd(&p1).is_one() || !e.gcd(&q1).is_one() {
            continue;
        }
        let n = &p * &q;
        if n.bits() != u64::from(bits) {
            continue; // cannot happen with two top bits set in both primes; kept as a guard
        }
        let phi = &p1 * &q1;
        let Some(d) = e.modinv(&phi) else {
            continue;
        };
        return RsaKey::from_components(n, e, d, p, q)
            .map_err(|err| Error::runtime(format!("generated key failed its check: {err}")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha20Rng;
    use rand_core::SeedableRng;

    #[test]
    fn generated_keys_have_exact_size_and_are_consistent() {
        for bits in [256u32, 257, 512, 600] {
            let mut rng = ChaCha20Rng::seed_from_u64(7);
            let k = generate(bits, &mut rng).unwrap();
            assert_eq!(k.bits(), bits);
            assert_eq!(k.e, BigUint::from(65_537u32));
            assert!(k.p > k.q);
            k.validate().unwrap();
            // Round trip through the key: m^e^d = m.
            let m = BigUint::from(0x1234_5678_9abc_def0u64);
            assert_eq!(m.modpow(&k.e, &k.n).modpow(&k.d, &k.n), m);
            // Both primes pass an independent test (crypto-bigint's type, not ours).
            for x in [&k.p, &k.q] {
                let b = BoxedUint::from_be_slice_vartime(&x.to_bytes_be());
                assert!(is_prime(Flavor::Any, &b));
            }
        }
    }

    #[test]
    fn same_seed_same_key() {
        let k1 = generate(512, &mut ChaCha20Rng::seed_from_u64(1995)).unwrap();
        let k2 = generate(512, &mut ChaCha20Rng::seed_from_u64(1995)).unwrap();
        let k3 = generate(512, &mut ChaCha20Rng::seed_from_u64(1996)).unwrap();
        assert_eq!(k1, k2);
        assert_ne!(k1.n, k3.n);
    }

    #[test]
    fn sizes_out_of_range_rejected() {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        for bits in [0u32, 255, 8193] {
            let e = generate(bits, &mut rng).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{e}");
        }
    }
}

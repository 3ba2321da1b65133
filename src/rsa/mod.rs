//! Raw RSA: the private operation m^d mod n with no CRT, no blinding and no padding ("nothing
//! fancy", as in the 1995 "Some timings" post: "RSA (512 bit modulus), GNU MP package, 63 byte
//! input chunk"), the public operation m^e mod n, and the CRT private operation beside them.
//!
//! - [`key`]: the key in PKCS#1's names (n, e, d, p, q, dP, dQ, qInv) and its consistency check;
//! - [`keygen`]: keys of 256..=8192 bits from a seeded RNG;
//! - [`pem`]: PKCS#1 and PKCS#8 PEM private keys;
//! - [`ops`]: the three operations on a bignum backend.
//!
//! The timed run behind `pkbench rsa` and the 1995 row is [`crate::bench::rsa`].
//!
//! [`raw`] is the RSAEP/RSASP1 primitive behind `pkbench rsa-raw`.

pub mod key;
pub mod keygen;
pub mod ops;
pub mod pem;

pub use key::RsaKey;

use crate::error::RsaError;
use crate::error::{ModulusProblem, Param, Result};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::Zero;

/// The longest modulus or exponent [`raw`] takes, bits: twice the largest key `rsa` times
/// (8192 bits); a 16384-bit exponentiation takes about 3 s here, one of 240 000 bits minutes.
pub const RAW_MAX_BITS: u64 = 16384;

/// input^exponent mod modulus, big-endian, zero-padded to the byte length of `modulus`: the
/// RSAEP / RSASP1 primitive of RFC 8017 §5.1.1 / §5.2.1 with any exponent. All three values
/// are big-endian byte strings (leading zeros allowed).
///
/// Computed on the backend named `backend` (`None`: the default).
///
/// # Errors
/// [`RsaError::Modulus`] when the modulus is zero, even or 1 (RSA moduli are odd;
/// Montgomery arithmetic needs an odd modulus), [`RsaError::InputNotBelowModulus`] when
/// input ≥ modulus (RFC 8017 §5.1.1 step 1: "message representative out of range"),
/// [`RsaError::RawTooLarge`] for a modulus or exponent over [`RAW_MAX_BITS`], and the
/// backend's problems for an unknown backend.
pub fn raw(
    modulus: &[u8],
    exponent: &[u8],
    input: &[u8],
    backend: Option<&str>,
) -> Result<Vec<u8>> {
    let n = BigUint::from_bytes_be(modulus);
    let e = BigUint::from_bytes_be(exponent);
    for (what, x) in [(Param::Modulus, &n), (Param::Exponent, &e)] {
        if x.bits() > RAW_MAX_BITS {
            return Err(RsaError::RawTooLarge {
                what,
                bits: x.bits(),
                max: RAW_MAX_BITS,
            }
            .into());
        }
    }
    if n.is_zero() {
        return Err(RsaError::Modulus {
            problem: ModulusProblem::Zero,
        }
        .into());
    }
    if n.is_even() {
        return Err(RsaError::Modulus {
            problem: ModulusProblem::Even,
        }
        .into());
    }
    if n < BigUint::from(3u32) {
        return Err(RsaError::Modulus {
            problem: ModulusProblem::One,
        }
        .into());
    }
    let m = BigUint::from_bytes_be(input);
    if m >= n {
        return Err(RsaError::InputNotBelowModulus.into());
    }
    ops::raw_powm(&n, &e, &m, backend)
}

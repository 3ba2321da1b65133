//! Prime-field elliptic curves through [`KeyExchange`]: NIST P-256, P-384 and P-521 (`p256`,
//! `p384`, `p521` crates), secp256k1 (`k256` crate), X25519 (`x25519-dalek`) and X448 (`x448`). pkbench adds no curve arithmetic of its own here:
//! it adapts the maintained RustCrypto / dalek implementations to the Offer/Reply interface so
//! that the harness, `dh`, `offer`, `reply` and `choose` treat them like every other group.
//!
//! Encodings:
//! - **p256 / p384 / p521 / k256** (SEC 1 v2 §2.3): secrets are big-endian integers
//!   1 ≤ x < n (leading zero bytes allowed). A public value (Offer) is the SEC 1
//!   **uncompressed** point `04 || x || y` (65, 97, 133 bytes for field elements of L = 32,
//!   48, 66 bytes), the form TLS 1.3 requires for these curves (RFC 8446 §4.2.8.2). A peer
//!   value may be uncompressed, compressed (`02`/`03 || x`, 1 + L bytes) or the raw `x || y`
//!   of IKEv2 (RFC 5903 §7, 2L bytes); it is validated as SEC 1 §3.2.2.1 says (coordinates
//!   below p, on the curve, not the point at infinity; the cofactor is 1). The shared secret
//!   is the x-coordinate of x·Q, L bytes, as the crates' ECDH returns it (SEC 1 §3.3.1,
//!   RFC 5903 §7).
//! - **x448** (RFC 7748 §5): as x25519 with 56-byte strings; a Reply whose result is all
//!   zeros is rejected (RFC 7748 §6.2).
//! - **x25519** (RFC 7748 §5): secrets, public values and shared secrets are the 32-byte strings
//!   of the RFC (little-endian u-coordinates, clamped scalars), written in hex in the RFC's byte
//!   order. A Reply whose result is the all-zero string is rejected (RFC 7748 §6.1).
//!
//! Offer with the table uses each crate's fixed-base path and its precomputed table of
//! multiples of the generator; Offer without it multiplies the generator as an ordinary point
//! (p256/k256: the crates' variable-base multiplication; x25519: the Montgomery ladder on
//! u = 9), which is what Reply does on the peer's value.
//!
//! Layout: `weierstrass.rs` adapts the two short-Weierstrass crates (P-256, secp256k1) through
//! one generic type; `x25519.rs` adapts the Montgomery-ladder crate.

mod weierstrass;
mod x25519;
mod x448;

use crate::error::GroupError;
use crate::error::{Error, Origin, Result};
use crate::kex::{GroupOptions, KeyExchange, ValueForm};
use crate::params::GroupFile;
use crate::security::{Profile, Structure};
use weierstrass::{K256, P256, P384, P521, Weierstrass};
use x448::X448;
use x25519::X25519;
pub use x25519::{public_with_table as x25519_public_with_table, shared as x25519_shared};

/// Opens a prime-curve group: the params file's `curve` key names the implementation
/// (`p256`, `k256` or `x25519`).
///
/// # Errors
/// A typed problem when `curve` is missing or unknown, or when the file's generator
/// (`gx`/`gy`, or `gu` for x25519) or group order `n` differs from the crate's.
pub fn open(file: &GroupFile, opts: &GroupOptions) -> Result<Box<dyn KeyExchange>> {
    let curve = file.str_key("curve")?;
    match curve {
        "p256" => Ok(Box::new(Weierstrass::<P256>::open(file, opts)?)),
        "p384" => Ok(Box::new(Weierstrass::<P384>::open(file, opts)?)),
        "p521" => Ok(Box::new(Weierstrass::<P521>::open(file, opts)?)),
        "k256" => Ok(Box::new(Weierstrass::<K256>::open(file, opts)?)),
        "x25519" => Ok(Box::new(X25519::open(file, opts)?)),
        "x448" => Ok(Box::new(X448::open(file, opts)?)),
        other => Err(file.problem(format!(
            "unknown curve {other:?} (pkbench implements p256, p384, p521, k256, x25519 and x448)"
        ))),
    }
}

/// Whether the curve of `file` takes only full secrets, and why (X25519: RFC 7748 §5), as
/// its opened group's `check_exp_bits` says, read from the description alone; `None` for
/// the curves that take short secrets too.
pub fn only_full_secrets(file: &GroupFile) -> Option<(&'static str, &'static str)> {
    match file.str_key("curve").ok()? {
        "x25519" => Some((x25519::CURVE, x25519::ONLY_FULL)),
        "x448" => Some((x448::CURVE, x448::ONLY_FULL)),
        _ => None,
    }
}

/// How the curve of `file` writes secrets and public values (as its opened group's
/// `secret_form` and `public_form`), from the description alone: X25519 byte strings
/// throughout (RFC 7748 §5); P-256 and secp256k1 integer secrets and SEC 1 point strings.
pub fn value_forms(file: &GroupFile) -> (ValueForm, ValueForm) {
    if only_full_secrets(file).is_some() {
        (ValueForm::Bytes, ValueForm::Bytes)
    } else {
        (ValueForm::Integer, ValueForm::Bytes)
    }
}

/// A problem with the numbers of the group called `name` (a file's cross-check against the
/// crate), named by the group rather than by the file.
fn named(name: &str, problem: impl Into<String>) -> Error {
    GroupError::Other {
        origin: Origin::Named(name.to_string()),
        problem: problem.into(),
    }
    .into()
}

/// The prime order `n` of the generator, big-endian: from `file`, or, for a file that leaves
/// it out, from the built-in file of the same `curve` (the implementation fixes the order;
/// the built-in file's `n` is checked against it).
fn order(file: &GroupFile) -> Result<Vec<u8>> {
    if let Some(n) = file.big_key("n")? {
        return Ok(n);
    }
    let curve = file.str_key("curve")?;
    crate::params::builtin()
        .into_iter()
        .find(|b| {
            b.family == Some(crate::params::Family::Ecp) && b.str_key("curve").ok() == Some(curve)
        })
        .and_then(|b| b.big_key("n").ok().flatten())
        .ok_or_else(|| file.problem("missing key `n` (the order of the generator)"))
}

/// The security profile of the curve of `file` ([`crate::kex::profile`]): the prime order
/// `n` of its generator and the `cofactor` (1 when the file leaves it out).
///
/// # Errors
/// A typed problem when `n` is missing or malformed.
pub fn profile(file: &GroupFile) -> Result<Profile> {
    let n = num_bigint::BigUint::from_bytes_be(&order(file)?);
    let cofactor = file.int_key("cofactor").unwrap_or(1);
    Ok(Profile::new(
        &file.name,
        Structure::PrimeCurve,
        &n,
        file.security_source(),
    )
    .with_cofactor(&n, cofactor))
}

/// Left-pads a big-endian integer to `n` bytes; `None` when it needs more (leading zero
/// bytes are dropped first).
fn pad_to(v: &[u8], n: usize) -> Option<Vec<u8>> {
    let start = v.iter().position(|&b| b != 0).unwrap_or(v.len());
    let v = &v[start..];
    if v.len() > n {
        return None;
    }
    let mut out = vec![0u8; n];
    out[n - v.len()..].copy_from_slice(v);
    Some(out)
}

/// Left-pads a big-endian integer to 32 bytes ([`pad_to`]).
fn pad32(v: &[u8]) -> Option<[u8; 32]> {
    pad_to(v, 32).and_then(|v| v.try_into().ok())
}

/// Left-pads a big-endian integer to 56 bytes ([`pad_to`]).
fn pad56(v: &[u8]) -> Option<[u8; 56]> {
    pad_to(v, 56).and_then(|v| v.try_into().ok())
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod tests_today;

//! Loading RSA private keys from PEM files: PKCS#1 `RSA PRIVATE KEY` (RFC 8017 Appendix A.1.2)
//! and unencrypted PKCS#8 `PRIVATE KEY` (RFC 5208 / RFC 5958) holding an `rsaEncryption`
//! (OID 1.2.840.113549.1.1.1) key. Parsing is RustCrypto's `pkcs1`, `pkcs8` and `der` crates;
//! this module only maps their structures onto [`RsaKey`] and checks the key.

use super::key::RsaKey;
use crate::error::{Error, Result};
use num_bigint::BigUint;
use pkcs1::der::asn1::{OctetStringRef, UintRef};
use pkcs1::der::pem::LineEnding;
use pkcs1::der::{Decode, Encode};
use pkcs1::{EncodeRsaPrivateKey, RsaPrivateKeyRef};
use pkcs8::PrivateKeyInfoRef;
use std::path::Path;

/// PEM label of a PKCS#1 RSAPrivateKey (RFC 7468 §13 lists the textual encodings).
pub const PKCS1_LABEL: &str = "RSA PRIVATE KEY";
/// PEM label of an unencrypted PKCS#8 PrivateKeyInfo (RFC 7468 §10).
pub const PKCS8_LABEL: &str = "PRIVATE KEY";

/// Reads and parses a PEM private key file (see [`parse_pem`]).
///
/// # Errors
/// [`Error::Input`] when the file cannot be read or does not hold a usable RSA private key.
pub fn read_pem_file(path: &Path) -> Result<RsaKey> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        Error::input(format!(
            "--key {}: cannot read the key file: {e}",
            path.display()
        ))
    })?;
    parse_pem(&text).map_err(|e| Error::input(format!("--key {}: {}", path.display(), e.message())))
}

/// Parses a PEM-encoded RSA private key, PKCS#1 or PKCS#8, and checks it
/// ([`RsaKey::validate`]).
///
/// # Errors
/// [`Error::Input`] for malformed PEM or DER, another label (public key, encrypted key,
/// certificate), a non-RSA PKCS#8 key, a multi-prime key or an inconsistent key.
pub fn parse_pem(text: &str) -> Result<RsaKey> {
    let (label, der) = pkcs1::der::pem::decode_vec(text.trim().as_bytes())
        .map_err(|e| Error::input(format!("not a PEM file: {e}")))?;
    match label {
        PKCS1_LABEL => from_pkcs1_der(&der),
        PKCS8_LABEL => {
            let info = PrivateKeyInfoRef::from_der(&der)
                .map_err(|e| Error::input(format!("malformed PKCS#8 private key: {e}")))?;
            if info.algorithm.oid != pkcs1::ALGORITHM_OID {
                return Err(Error::input(format!(
                    "PKCS#8 key of algorithm {} is not an RSA key (rsaEncryption, {})",
                    info.algorithm.oid,
                    pkcs1::ALGORITHM_OID
                )));
            }
            from_pkcs1_der(info.private_key.as_bytes())
        }
        "ENCRYPTED PRIVATE KEY" => Err(Error::input(
            "the key is encrypted; write it unencrypted first: openssl pkey -in KEY -out PLAIN.pem",
        )),
        "PUBLIC KEY" | "RSA PUBLIC KEY" => Err(Error::input(
            "this is a public key; timing the private operation needs the private key",
        )),
        other => Err(Error::input(format!(
            "PEM label \"{other}\" is not an RSA private key (expected \"{PKCS1_LABEL}\" or \"{PKCS8_LABEL}\")"
        ))),
    }
}

fn from_pkcs1_der(der: &[u8]) -> Result<RsaKey> {
    let k = RsaPrivateKeyRef::from_der(der)
        .map_err(|e| Error::input(format!("malformed PKCS#1 RSA private key: {e}")))?;
    if k.other_prime_infos.is_some() {
        return Err(Error::input(
            "multi-prime RSA keys (otherPrimeInfos) are not supported; use a two-prime key",
        ));
    }
    let u = |x: &UintRef<'_>| BigUint::from_bytes_be(x.as_bytes());
    let key = RsaKey {
        n: u(&k.modulus),
        e: u(&k.public_exponent),
        d: u(&k.private_exponent),
        p: u(&k.prime1),
        q: u(&k.prime2),
        dp: u(&k.exponent1),
        dq: u(&k.exponent2),
        qinv: u(&k.coefficient),
    };
    key.validate()?;
    Ok(key)
}

/// DER of `key` as a PKCS#1 RSAPrivateKey (version two-prime).
///
/// # Errors
/// [`Error::Runtime`] if encoding fails (it does not for valid keys).
pub fn to_pkcs1_der(key: &RsaKey) -> Result<Vec<u8>> {
    let bytes: Vec<Vec<u8>> = [
        &key.n, &key.e, &key.d, &key.p, &key.q, &key.dp, &key.dq, &key.qinv,
    ]
    .iter()
    .map(|x| x.to_bytes_be())
    .collect();
    let enc = |e: pkcs1::der::Error| Error::runtime(format!("PKCS#1 encoding failed: {e}"));
    let u = |i: usize| UintRef::new(&bytes[i]).map_err(enc);
    let k = RsaPrivateKeyRef {
        modulus: u(0)?,
        public_exponent: u(1)?,
        private_exponent: u(2)?,
        prime1: u(3)?,
        prime2: u(4)?,
        exponent1: u(5)?,
        exponent2: u(6)?,
        coefficient: u(7)?,
        other_prime_infos: None,
    };
    let doc = k
        .to_pkcs1_der()
        .map_err(|e| Error::runtime(format!("PKCS#1 encoding failed: {e}")))?;
    Ok(doc.as_bytes().to_vec())
}

/// `key` as a PKCS#1 PEM file (`-----BEGIN RSA PRIVATE KEY-----`, 64-column lines, LF), the
/// form `openssl rsa -traditional` writes.
///
/// # Errors
/// [`Error::Runtime`] if encoding fails.
pub fn to_pkcs1_pem(key: &RsaKey) -> Result<String> {
    pem_encode(PKCS1_LABEL, &to_pkcs1_der(key)?)
}

/// `key` as an unencrypted PKCS#8 PEM file (`-----BEGIN PRIVATE KEY-----`, version v1,
/// algorithm rsaEncryption with NULL parameters), the form `openssl genpkey` writes.
///
/// # Errors
/// [`Error::Runtime`] if encoding fails.
pub fn to_pkcs8_pem(key: &RsaKey) -> Result<String> {
    let inner = to_pkcs1_der(key)?;
    let enc = |e: pkcs1::der::Error| Error::runtime(format!("PKCS#8 encoding failed: {e}"));
    let octets = OctetStringRef::new(&inner).map_err(enc)?;
    let info = PrivateKeyInfoRef::new(pkcs1::ALGORITHM_ID, octets);
    pem_encode(PKCS8_LABEL, &info.to_der().map_err(enc)?)
}

fn pem_encode(label: &str, der: &[u8]) -> Result<String> {
    pkcs1::der::pem::encode_string(label, LineEnding::LF, der)
        .map_err(|e| Error::runtime(format!("PEM encoding failed: {e}")))
}

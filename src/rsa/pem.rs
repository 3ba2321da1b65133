//! Loading RSA private keys from PEM files: PKCS#1 `RSA PRIVATE KEY` (RFC 8017 Appendix A.1.2)
//! and unencrypted PKCS#8 `PRIVATE KEY` (RFC 5208 / RFC 5958) holding an `rsaEncryption`
//! (OID 1.2.840.113549.1.1.1) key. Parsing is RustCrypto's `pkcs1`, `pkcs8` and `der` crates;
//! this module only maps their structures onto [`RsaKey`] and checks the key.

use super::key::RsaKey;
use super::keygen::{MAX_BITS, MIN_BITS};
use crate::error::{Error, Result, RsaError};
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

/// What every "not a usable key" message ends with: the two forms pkbench reads.
pub const EXPECTED: &str =
    "pkbench reads unencrypted PKCS#1 'BEGIN RSA PRIVATE KEY' or PKCS#8 'BEGIN PRIVATE KEY' files";

/// Reads and parses a PEM private key file (see [`parse_pem`]).
///
/// # Errors
/// [`crate::error::FileError::Unreadable`] when the file cannot be read (missing, unreadable), is not a
/// regular file or is larger than [`crate::input::KEY_FILE_MAX_BYTES`] (1 MiB: refused
/// before it is read); [`RsaError::KeyFile`] naming `path` when it is binary (a DER key:
/// the message gives the `openssl` command that converts it) or does not hold a usable RSA
/// private key.
pub fn read_pem_file(path: &Path) -> Result<RsaKey> {
    let bad = |problem: String| -> Error {
        RsaError::KeyFile {
            path: path.to_path_buf(),
            problem,
        }
        .into()
    };
    let bytes = crate::input::read(path, crate::input::FileRole::KeyFile)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let der = e.as_bytes().first() == Some(&0x30);
        let hint = if der {
            " (a DER key? convert it: openssl pkey -inform DER -in KEY -out KEY.pem)"
        } else {
            ""
        };
        bad(format!(
            "a binary file, not a PEM RSA private key{hint}; {EXPECTED}"
        ))
    })?;
    parse_pem(&text).map_err(|e| bad(e.message().into_owned()))
}

/// Parses a PEM-encoded RSA private key, PKCS#1 or PKCS#8, and checks it
/// ([`RsaKey::validate`]). Text before the first `-----BEGIN` line (as `openssl rsa -text`
/// writes) and other PEM blocks (a certificate beside the key) are skipped; the first block
/// labelled `RSA PRIVATE KEY` or `PRIVATE KEY` is the key.
///
/// # Errors
/// [`Error::Input`] for text without PEM, malformed PEM or DER, an encrypted key (PKCS#8
/// `ENCRYPTED PRIVATE KEY` or OpenSSL's `Proc-Type: 4,ENCRYPTED`), a public key, another
/// label (certificate, OpenSSH key), a non-RSA PKCS#8 key, a multi-prime key or an
/// inconsistent key.
pub fn parse_pem(text: &str) -> Result<RsaKey> {
    let blocks = pem_blocks(text);
    let Some(first) = blocks.first() else {
        let what = if text.trim().is_empty() {
            "the file is empty"
        } else {
            "no '-----BEGIN' line"
        };
        return Err(Error::input(format!(
            "not a PEM RSA private key ({what}); {EXPECTED}"
        )));
    };
    let block = blocks
        .iter()
        .find(|b| b.label == PKCS1_LABEL || b.label == PKCS8_LABEL)
        .unwrap_or(first);
    if block.text.contains("Proc-Type: 4,ENCRYPTED") || block.label == "ENCRYPTED PRIVATE KEY" {
        return Err(Error::input(
            "the key is encrypted; write it unencrypted first: \
             openssl pkey -in KEY -out PLAIN.pem",
        ));
    }
    let decode = |b: &PemBlock<'_>| -> Result<Vec<u8>> {
        pkcs1::der::pem::decode_vec(b.text.as_bytes())
            .map(|(_, der)| der)
            .map_err(|e| {
                Error::input(format!(
                    "malformed PEM block '-----BEGIN {}-----': {e}",
                    b.label
                ))
            })
    };
    match block.label {
        PKCS1_LABEL => from_pkcs1_der(&decode(block)?),
        PKCS8_LABEL => {
            let der = decode(block)?;
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
        "PUBLIC KEY" | "RSA PUBLIC KEY" => Err(Error::input(
            "this is a public key; timing the private operation needs the private key",
        )),
        "OPENSSH PRIVATE KEY" => Err(Error::input(format!(
            "an OpenSSH private key; write a copy in PEM form first: \
             ssh-keygen -p -m PEM -f COPY; {EXPECTED}"
        ))),
        other => Err(Error::input(format!(
            "PEM label '{other}' is not an RSA private key; {EXPECTED}"
        ))),
    }
}

/// One `-----BEGIN LABEL-----` … `-----END LABEL-----` block of a PEM file (RFC 7468 §2).
struct PemBlock<'a> {
    label: &'a str,
    /// The block from its BEGIN line to the end of its END line.
    text: &'a str,
}

/// Every PEM block in `text`, in order; a BEGIN without its END runs to the end of the text
/// (the decoder then says what is wrong).
fn pem_blocks(text: &str) -> Vec<PemBlock<'_>> {
    const BEGIN: &str = "-----BEGIN ";
    let mut out = Vec::new();
    let mut rest = text;
    let mut base = 0;
    while let Some(i) = rest.find(BEGIN) {
        let start = base + i;
        let after = &text[start + BEGIN.len()..];
        let Some(label_end) = after.find("-----") else {
            break;
        };
        let label = &after[..label_end];
        let end_marker = format!("-----END {label}-----");
        let end = text[start..]
            .find(&end_marker)
            .map_or(text.len(), |j| start + j + end_marker.len());
        out.push(PemBlock {
            label,
            text: &text[start..end],
        });
        base = end.max(start + BEGIN.len());
        rest = &text[base..];
    }
    out
}

fn from_pkcs1_der(der: &[u8]) -> Result<RsaKey> {
    let k = RsaPrivateKeyRef::from_der(der)
        .map_err(|e| Error::input(format!("malformed PKCS#1 RSA private key: {e}")))?;
    if k.other_prime_infos.is_some() {
        return Err(Error::input(
            "multi-prime RSA keys (otherPrimeInfos) are not supported; use a two-prime key",
        ));
    }
    // Sizes before arithmetic: the modulus within the sizes pkbench takes, and no component
    // longer than the modulus (each is below n, or below p or q), so that checking the key
    // costs a few multiplications of numbers of at most 8192 bits.
    let n_bits = bit_length(k.modulus.as_bytes());
    if !(MIN_BITS..=MAX_BITS).contains(&n_bits) {
        return Err(Error::input(format!(
            "a {n_bits}-bit modulus: pkbench takes RSA keys of {MIN_BITS} to {MAX_BITS} bits"
        )));
    }
    let components = [
        ("publicExponent", &k.public_exponent),
        ("privateExponent", &k.private_exponent),
        ("prime1", &k.prime1),
        ("prime2", &k.prime2),
        ("exponent1", &k.exponent1),
        ("exponent2", &k.exponent2),
        ("coefficient", &k.coefficient),
    ];
    if let Some((name, _)) = components
        .iter()
        .find(|(_, v)| bit_length(v.as_bytes()) > n_bits)
    {
        return Err(Error::input(format!(
            "RSA key is inconsistent: {name} is longer than the {n_bits}-bit modulus"
        )));
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

/// Bits of a big-endian unsigned integer (leading zero bytes allowed).
fn bit_length(be: &[u8]) -> u32 {
    let start = be.iter().position(|&b| b != 0).unwrap_or(be.len());
    match be.get(start) {
        None => 0,
        Some(top) => {
            let bits = (be.len() - start) as u64 * 8 - u64::from(top.leading_zeros());
            u32::try_from(bits).unwrap_or(u32::MAX)
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn small_key() -> RsaKey {
        // p = 61, q = 53, e = 17, d = 2753: the textbook key (12-bit modulus 3233).
        let b = |x: u32| BigUint::from(x);
        RsaKey::from_components(b(3233), b(17), b(2753), b(61), b(53)).unwrap()
    }

    #[test]
    fn bit_lengths() {
        assert_eq!(bit_length(&[]), 0);
        assert_eq!(bit_length(&[0, 0]), 0);
        assert_eq!(bit_length(&[0, 1]), 1);
        assert_eq!(bit_length(&[0x0c, 0xa1]), 12);
        assert_eq!(bit_length(&[0x80, 0, 0]), 24);
    }

    #[test]
    fn key_sizes_outside_the_bounds_are_refused_before_checking() {
        let pem = to_pkcs1_pem(&small_key()).unwrap();
        let e = parse_pem(&pem).unwrap_err();
        assert!(e.is_input());
        assert_eq!(
            e.message(),
            "a 12-bit modulus: pkbench takes RSA keys of 256 to 8192 bits"
        );
        // A component longer than the modulus is named, without arithmetic on it.
        let mut k = small_key();
        k.n = (BigUint::from(1u32) << 300u32) + 1u32;
        k.d = BigUint::from(1u32) << 4000u32;
        let e = parse_pem(&to_pkcs1_pem(&k).unwrap()).unwrap_err();
        assert_eq!(
            e.message(),
            "RSA key is inconsistent: privateExponent is longer than the 301-bit modulus"
        );
    }
}

//! Single DES (FIPS 46-3), as the 1995 "Some timings" post timed it: the known answers of
//! `vectors/des.json` (the first being the classic textbook example), checked through the
//! cipher registry's DES engine ([`crate::symmetric::ciphers::DES`], the RustCrypto `des`
//! crate) in both directions and with the bare block function. The timings, key setup and
//! bulk encryption, are [`crate::bench::des`].

use crate::error::{Error, Result};
use crate::symmetric::{CipherSpec, Direction, Mode, ciphers};
use serde::Deserialize;

/// DES block size in bytes.
pub const BLOCK: usize = 8;

#[derive(Deserialize)]
struct DesFile {
    vectors: Vec<DesVector>,
}

#[derive(Deserialize)]
struct DesVector {
    key: String,
    plaintext: String,
    ciphertext: String,
}

/// Single-DES known answers computed with OpenSSL (see its `about`).
const DES_JSON: &str = include_str!("../vectors/des.json");

/// The DES configuration of the cipher registry (56-bit key, 8 bytes with parity).
pub fn spec() -> CipherSpec {
    CipherSpec::new(&ciphers::DES, Some(56)).expect("DES takes 56-bit keys")
}

/// The known-answer vectors (key, plaintext, ciphertext), 8 bytes each.
pub fn known_answers() -> Vec<([u8; 8], [u8; 8], [u8; 8])> {
    let file: DesFile = serde_json::from_str(DES_JSON).expect("vectors/des.json parses (tested)");
    let b8 = |s: &str| -> [u8; 8] {
        hex::decode(s)
            .expect("embedded vector is hex (tested)")
            .try_into()
            .expect("embedded vector has 8 bytes (tested)")
    };
    file.vectors
        .iter()
        .map(|v| (b8(&v.key), b8(&v.plaintext), b8(&v.ciphertext)))
        .collect()
}

/// Checks every known answer through the engine that `pkbench des` times, encrypting and
/// decrypting in ECB and with the bare block function, and returns how many were checked.
///
/// # Errors
/// [`Error::Runtime`] naming the key when a result is wrong.
pub fn check_known_answers() -> Result<usize> {
    let kats = known_answers();
    let spec = spec();
    for (key, pt, ct) in &kats {
        let fail = || {
            Error::runtime(format!(
                "DES: known-answer check failed for key {}",
                hex::encode(key)
            ))
        };
        let e = spec.engine(key)?;
        let (mut enc, mut dec) = ([0u8; BLOCK], [0u8; BLOCK]);
        e.apply(Mode::Ecb, Direction::Encrypt, &[], pt, &mut enc)?;
        e.apply(Mode::Ecb, Direction::Decrypt, &[], &enc, &mut dec)?;
        let mut b = *pt;
        e.block(Direction::Encrypt, &mut b).transpose()?;
        if enc != *ct || dec != *pt || b != *ct {
            return Err(fail());
        }
    }
    Ok(kats.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_answers_pass_and_are_real() {
        assert_eq!(check_known_answers().unwrap(), 5);
        // The textbook example: key 133457799BBCDFF1, 0123456789ABCDEF → 85E813540F0AB405.
        let (k, p, c) = known_answers()[0];
        assert_eq!(hex::encode(k), "133457799bbcdff1");
        let mut b = p;
        spec().engine(&k).unwrap().block(Direction::Encrypt, &mut b);
        assert_eq!(hex::encode(b), "85e813540f0ab405");
        assert_ne!(c, p);
    }
}

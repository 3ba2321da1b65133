//! Known answers for every cipher and a reference implementation of the modes, used to check
//! every timed configuration outside the timed region.
//!
//! The vectors are the registry's ([`super::ciphers`], with their sources).
//!
//! The reference modes ([`reference_apply`]) follow NIST SP 800-38A §6 literally, one block at a
//! time through [`Engine::block`]: a second implementation that the RustCrypto mode crates are
//! compared against for every cipher.

use crate::error::{Error, Result};
use crate::symmetric::modes::{Direction, Engine, Mode};
use crate::symmetric::registry::{CipherSpec, Vector};

fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s).expect("vectors are valid hex")
}

/// The vectors that check `spec` ([`CipherSpec::vectors`]).
pub fn vectors_for(spec: &CipherSpec) -> Vec<&'static Vector> {
    spec.vectors()
}

/// Checks every known answer of `spec`, both directions, through [`Engine::apply`] (and the
/// bare block function for single-block ciphers).
///
/// # Errors
/// [`Error::Runtime`] naming the vector that failed, or when `spec` has no vector at all.
pub fn check_known_answers(spec: &CipherSpec) -> Result<usize> {
    let vs = vectors_for(spec);
    if vs.is_empty() {
        return Err(Error::runtime(format!(
            "{}: no known-answer vector; refusing to time unchecked code",
            spec.display_name()
        )));
    }
    for v in &vs {
        let fail = |what: &str| {
            Error::runtime(format!(
                "{}: known-answer check failed ({what}, {})",
                spec.display_name(),
                v.source
            ))
        };
        let e = spec.engine(&unhex(v.key))?;
        let (iv, pt, ct) = (unhex(v.iv), unhex(v.plaintext), unhex(v.ciphertext));
        let mut out = vec![0u8; pt.len()];
        e.apply(v.mode, Direction::Encrypt, &iv, &pt, &mut out)?;
        if out != ct {
            return Err(fail("encrypt"));
        }
        e.apply(v.mode, Direction::Decrypt, &iv, &ct, &mut out)?;
        if out != pt {
            return Err(fail("decrypt"));
        }
        if v.mode == Mode::Ecb {
            let bs = e.block_bytes();
            let mut b = pt[..bs].to_vec();
            e.block(Direction::Encrypt, &mut b).transpose()?;
            if b != ct[..bs] {
                return Err(fail("block function"));
            }
        }
    }
    Ok(vs.len())
}

/// NIST SP 800-38A §6 modes computed one block at a time with [`Engine::block`]: the
/// reference the timed mode implementations are compared against. `None` for a stream cipher.
///
/// # Errors
/// [`Error::Input`] when `input` is not whole blocks or `iv` is not one block (except ECB).
pub fn reference_apply(
    e: &dyn Engine,
    mode: Mode,
    dir: Direction,
    iv: &[u8],
    input: &[u8],
) -> Option<Result<Vec<u8>>> {
    let bs = e.block_bytes();
    if mode == Mode::Stream || e.block(Direction::Encrypt, &mut vec![0; bs]).is_none() {
        return None;
    }
    let mut block = |d: Direction, b: &mut [u8]| e.block(d, b).expect("block cipher");
    Some(reference_modes(bs, &mut block, mode, dir, iv, input))
}

/// NIST SP 800-38A §6: `mode` in direction `dir` over `input` from `iv`, one `bs`-byte block
/// at a time through `block` (the bare block cipher, enciphering or deciphering one block in
/// place): ECB, CBC, CFB (full block), OFB and CTR (the whole block one big-endian counter).
///
/// # Errors
/// [`Error::Input`] for the stream mode, when `input` is not whole blocks or `iv` is not one
/// block (except ECB); the first error of `block`.
pub fn reference_modes(
    bs: usize,
    block: &mut dyn FnMut(Direction, &mut [u8]) -> Result<()>,
    mode: Mode,
    dir: Direction,
    iv: &[u8],
    input: &[u8],
) -> Result<Vec<u8>> {
    if mode == Mode::Stream {
        return Err(Error::input(
            "reference mode: a stream cipher has no block modes",
        ));
    }
    if !input.len().is_multiple_of(bs) || (mode != Mode::Ecb && iv.len() != bs) {
        return Err(Error::input(
            "reference mode: input must be whole blocks and the IV one block",
        ));
    }
    let xor = |a: &mut [u8], b: &[u8]| a.iter_mut().zip(b).for_each(|(x, y)| *x ^= y);
    let mut out = input.to_vec();
    let mut reg = iv.to_vec(); // chaining value / feedback register / counter
    let mut k = vec![0u8; bs]; // keystream block (CTR)
    for (b, chunk) in out.chunks_mut(bs).zip(input.chunks(bs)) {
        match (mode, dir) {
            (Mode::Ecb, d) => block(d, b)?,
            (Mode::Cbc, Direction::Encrypt) => {
                xor(b, &reg);
                block(Direction::Encrypt, b)?;
                reg.copy_from_slice(b);
            }
            (Mode::Cbc, Direction::Decrypt) => {
                block(Direction::Decrypt, b)?;
                xor(b, &reg);
                reg.copy_from_slice(chunk);
            }
            (Mode::Cfb, _) => {
                block(Direction::Encrypt, &mut reg)?;
                xor(b, &reg);
                let c = if dir == Direction::Encrypt {
                    &b[..]
                } else {
                    chunk
                };
                reg.copy_from_slice(c);
            }
            (Mode::Ofb, _) => {
                block(Direction::Encrypt, &mut reg)?;
                xor(b, &reg);
            }
            (Mode::Ctr, _) => {
                k.copy_from_slice(&reg);
                block(Direction::Encrypt, &mut k)?;
                xor(b, &k);
                // The whole block is one big-endian counter.
                for byte in reg.iter_mut().rev() {
                    *byte = byte.wrapping_add(1);
                    if *byte != 0 {
                        break;
                    }
                }
            }
            (Mode::Stream, _) => unreachable!("rejected above"),
        }
    }
    Ok(out)
}

/// Checks `e` in `mode`/`dir` on `input` before timing: the output equals the reference
/// modes' (block ciphers) and the opposite direction gives `input` back. Returns the output,
/// which every timed call must reproduce.
///
/// # Errors
/// [`Error::Runtime`] when the mode implementation disagrees with the reference or does not
/// invert; [`Error::Input`] for bad lengths.
pub fn check_mode(
    e: &dyn Engine,
    name: &str,
    mode: Mode,
    dir: Direction,
    iv: &[u8],
    input: &[u8],
) -> Result<Vec<u8>> {
    let mut out = vec![0u8; input.len()];
    e.apply(mode, dir, iv, input, &mut out)?;
    if let Some(reference) = reference_apply(e, mode, dir, iv, input)
        && reference? != out
    {
        return Err(Error::runtime(format!(
            "{name} {}: the mode disagrees with the NIST SP 800-38A reference",
            mode.label()
        )));
    }
    let back_dir = dir.opposite();
    let mut back = vec![0u8; input.len()];
    e.apply(mode, back_dir, iv, &out, &mut back)?;
    if back != input {
        return Err(Error::runtime(format!(
            "{name} {}: {} does not invert {}",
            mode.label(),
            back_dir.short(),
            dir.short()
        )));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetric::ciphers::{AES, SP800_38A_PT};
    use crate::symmetric::modes::BLOCK_MODES;
    use crate::symmetric::registry::CIPHERS;

    #[test]
    fn every_accepted_key_size_has_a_vector_and_passes() {
        // SEED, which only a library computes here, is checked through it (peers::kat).
        for &c in CIPHERS.iter().filter(|c| c.crate_name().is_some()) {
            for k in c.keys {
                let spec = CipherSpec::new(c, Some(k.bits)).unwrap();
                let n = check_known_answers(&spec)
                    .unwrap_or_else(|e| panic!("{}: {}", spec.display_name(), e.message()));
                assert!(n >= 1);
            }
        }
    }

    #[test]
    fn a_wrong_vector_fails() {
        // The check can fail: flip one ciphertext bit of FIPS 197 C.1.
        let spec = CipherSpec::new(&AES, None).unwrap();
        let e = spec
            .engine(&unhex("000102030405060708090a0b0c0d0e0f"))
            .unwrap();
        let mut out = [0u8; 16];
        e.apply(
            Mode::Ecb,
            Direction::Encrypt,
            &[],
            &unhex("00112233445566778899aabbccddeeff"),
            &mut out,
        )
        .unwrap();
        assert_eq!(hex::encode(out), "69c4e0d86a7b0430d8cdb78070b4c55a");
        assert_ne!(hex::encode(out), "69c4e0d86a7b0430d8cdb78070b4c55b");
    }

    #[test]
    fn reference_modes_match_sp800_38a() {
        // The reference itself against the published AES-128 mode vectors.
        let vs: Vec<_> = AES
            .vectors
            .iter()
            .filter(|v| v.plaintext == SP800_38A_PT)
            .collect();
        assert_eq!(vs.len(), 5);
        for v in vs {
            let spec = CipherSpec::new(&AES, Some(128)).unwrap();
            let e = spec.engine(&unhex(v.key)).unwrap();
            let got = reference_apply(
                e.as_ref(),
                v.mode,
                Direction::Encrypt,
                &unhex(v.iv),
                &unhex(v.plaintext),
            )
            .unwrap()
            .unwrap();
            assert_eq!(hex::encode(got), v.ciphertext, "{}", v.source);
            let back = reference_apply(
                e.as_ref(),
                v.mode,
                Direction::Decrypt,
                &unhex(v.iv),
                &unhex(v.ciphertext),
            )
            .unwrap()
            .unwrap();
            assert_eq!(hex::encode(back), v.plaintext, "{}", v.source);
        }
    }

    #[test]
    fn every_cipher_every_mode_matches_the_reference() {
        let input: Vec<u8> = (0..96u8)
            .map(|i| i.wrapping_mul(37).wrapping_add(5))
            .collect();
        for spec in crate::symmetric::registry::table_specs() {
            let key: Vec<u8> = (0..spec.key_bytes() as u8).map(|i| i ^ 0xa5).collect();
            let e = spec.engine(&key).unwrap();
            let iv: Vec<u8> = (0..e.block_bytes() as u8).map(|i| 0xf0 | i).collect();
            assert!(spec.cipher.is_stream() || spec.cipher.modes() == BLOCK_MODES);
            for &mode in spec.cipher.modes() {
                for dir in [Direction::Encrypt, Direction::Decrypt] {
                    check_mode(e.as_ref(), &spec.display_name(), mode, dir, &iv, &input)
                        .unwrap_or_else(|err| panic!("{}", err.message()));
                }
            }
        }
    }

    #[test]
    fn ctr_counter_carries_across_bytes() {
        // IV ff..ff: the second block's counter wraps to 00..00 in both implementations.
        let spec = CipherSpec::parse("des", None).unwrap();
        let e = spec.engine(&unhex("133457799bbcdff1")).unwrap();
        let iv = [0xff; 8];
        let out = check_mode(
            e.as_ref(),
            "DES",
            Mode::Ctr,
            Direction::Encrypt,
            &iv,
            &[0; 16],
        )
        .unwrap();
        let mut k2 = [0u8; 8];
        e.block(Direction::Encrypt, &mut k2).unwrap().unwrap();
        assert_eq!(out[8..], k2);
    }

    #[test]
    fn rc2_40_is_rfc2268_with_40_effective_bits() {
        // Cross-check: the 40-bit configuration equals the crate's RFC 2268 key expansion
        // with T1 = 40 on the same 5-byte key, and differs from T1 = 64.
        use cipher::BlockCipherEncrypt;
        let key = unhex("0102030405");
        let mut b = cipher::Array::from([0u8; 8]);
        rc2::Rc2::new_with_eff_key_len(&key, 40).encrypt_block(&mut b);
        assert_eq!(hex::encode(b), "269b2c0070a1cb64");
        let mut b2 = cipher::Array::from([0u8; 8]);
        rc2::Rc2::new_with_eff_key_len(&key, 64).encrypt_block(&mut b2);
        assert_ne!(b, b2);
    }
}

//! The ciphers of libgcrypt's 2013 benchmark table (`tests/benchmark.c`) that the 2000
//! GnuPG table and `bench-slope`'s list lack: SEED, in the five block modes of the table
//! (ECB, CBC, CFB, OFB, CTR), which pkbench has no code for (libgcrypt computes it:
//! [`Code::Library`], `--impl gcrypt`; OpenSSL too, through its legacy provider), and Salsa20/20 with a 256-bit key, a stream cipher
//! with an 8-byte nonce, from the RustCrypto `salsa20` crate (libgcrypt's SALSA20 gets a
//! speed against it). Neither has a place in the suite's table.
//!
//! Known answers:
//! - SEED: RFC 4269 Appendix B, the four single-block examples (key, plaintext, ciphertext).
//! - Salsa20: the eSTREAM (ECRYPT) verified test vectors of Salsa20/20 with a 256-bit key and
//!   a 64-bit IV (`salsa20-256.64-verified.test-vectors`), keystream bytes 0–63 (plaintext
//!   zero, so ciphertext = keystream): Set 1, vector# 0 (key 80 00 … 00, IV 0):
//!   `E3BE8FDD8BECA2E3EA8EF9475B29A6E7 003951E1097A5C38D23B7A5FAD9F6844
//!   B22C97559E2723C7CBBD3FE4FC8D9A07 44652A83E72A9C461876AF4D7EF1A117`, and Set 5,
//!   vector# 0 (key 0, IV 80 00 … 00): `2ABA3DC45B4947007B14C851CD694456
//!   B303AD59A465662803006705673D6C3E 29F1D3510DFC0405463C03414E0E07E3
//!   59F1F1816C68B2434A19D3EEE0464873` (both also in the `salsa20` crate's own tests, as
//!   `EXPECTED_KEY1_IV0` and `EXPECTED_KEY0_IV1`).

use super::modes::{Mode, NonceStreamEngine};
use super::registry::{Cipher, Code, Vector, ecb, key};
use crate::implementation::Library;

/// The source of SEED's known answers.
const RFC4269: &str = "RFC 4269 Appendix B";

/// SEED (RFC 4269, KISA): 128-bit block, 128-bit key. pkbench has no code for it: libgcrypt
/// computes it (`GCRY_CIPHER_SEED`), in the five block modes of the 2013 table, and so does
/// OpenSSL's legacy provider (`--impl openssl`).
pub static SEED: Cipher = Cipher {
    name: "seed",
    aliases: &[],
    help: "seed (RFC 4269; no code in pkbench: libgcrypt, --impl gcrypt, or OpenSSL's legacy provider, --impl openssl)",
    key_help: "",
    keys: &[key(128, 16, "SEED", "128-bit key", None, false)],
    block_bytes: 16,
    nonce_bytes: 0,
    code: Code::Library(Library::Gcrypt),
    vectors: &[
        ecb(
            128,
            "00000000000000000000000000000000",
            "000102030405060708090a0b0c0d0e0f",
            "5ebac6e0054e166819aff1cc6d346cdb",
            RFC4269,
        ),
        ecb(
            128,
            "000102030405060708090a0b0c0d0e0f",
            "00000000000000000000000000000000",
            "c11f22f20140505084483597e4370f43",
            RFC4269,
        ),
        ecb(
            128,
            "4706480851e61be85d74bfb3fd956185",
            "83a2f8a288641fb9a4e9a5cc2f131c7d",
            "ee54d13ebcae706d226bc3142cd40d4a",
            RFC4269,
        ),
        ecb(
            128,
            "28dbc3bc49ffd87dcfa509b11d422be7",
            "b41e6be2eba84a148e2eed84593c5ec7",
            "9b9b7bfcd1813cb95d0b3618f40f5122",
            RFC4269,
        ),
    ],
    cpu_features: &[],
    note: Some(
        "pkbench has no code of its own for SEED: its rows are a library's alone (libgcrypt's with --impl gcrypt, OpenSSL's legacy provider's with --impl openssl), with no speed against pkbench; each mode is checked against the NIST SP 800-38A reference computed one block at a time through the same library's ECB (two more handles), whose blocks are checked on RFC 4269's vectors",
    ),
};

/// A Salsa20 keystream known answer: 64 bytes of zero plaintext under `key` and `nonce`.
const fn estream(key: &'static str, nonce: &'static str, keystream: &'static str) -> Vector {
    Vector {
        key_bits: 256,
        mode: Mode::Stream,
        key,
        iv: nonce,
        plaintext: ZERO_64,
        ciphertext: keystream,
        source: "eSTREAM Salsa20/20 256-bit verified test vectors",
    }
}

/// 64 zero bytes, hex.
const ZERO_64: &str = "0000000000000000000000000000000000000000000000000000000000000000\
                       0000000000000000000000000000000000000000000000000000000000000000";

/// Salsa20/20 (Bernstein 2005) with a 256-bit key and an 8-byte nonce, a stream cipher:
/// each call starts the keystream at block 0 from the key and the nonce (libgcrypt's
/// SALSA20: `gcry_cipher_setiv` with the nonce).
pub static SALSA20: Cipher = Cipher {
    name: "salsa20",
    aliases: &["salsa20/20"],
    help: "salsa20 (Salsa20/20, a stream cipher with an 8-byte nonce)",
    key_help: "",
    keys: &[key(256, 32, "SALSA20", "256-bit key", None, false)],
    block_bytes: 1,
    nonce_bytes: 8,
    code: Code::Crate("salsa20", |k, _| {
        NonceStreamEngine::<salsa20::Salsa20>::boxed(k, "salsa20")
    }),
    vectors: &[
        // Set 1, vector# 0.
        estream(
            "8000000000000000000000000000000000000000000000000000000000000000",
            "0000000000000000",
            "e3be8fdd8beca2e3ea8ef9475b29a6e7003951e1097a5c38d23b7a5fad9f6844\
             b22c97559e2723c7cbbd3fe4fc8d9a0744652a83e72a9c461876af4d7ef1a117",
        ),
        // Set 5, vector# 0.
        estream(
            "0000000000000000000000000000000000000000000000000000000000000000",
            "8000000000000000",
            "2aba3dc45b4947007b14c851cd694456b303ad59a465662803006705673d6c3e\
             29f1d3510dfc0405463c03414e0e07e359f1f1816c68b2434a19d3eee0464873",
        ),
    ],
    cpu_features: &[],
    note: Some(
        "the salsa20 crate (0.11) has portable code only; libgcrypt runs its AMD64 assembly (cipher/salsa20-amd64.S) on x86-64",
    ),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetric::{CipherSpec, Direction, kat};

    #[test]
    fn seed_is_library_only_and_salsa20_is_the_crates() {
        let seed = CipherSpec::new(&SEED, None).unwrap();
        assert_eq!(SEED.only_library(), Some(Library::Gcrypt));
        assert_eq!(SEED.crate_name(), None);
        let e = seed.engine(&[0; 16]).err().unwrap();
        assert_eq!(e.exit_code(), 2);
        assert_eq!(
            e.message(),
            "cipher seed: pkbench has no code of its own for SEED; gcrypt computes it: use --impl gcrypt"
        );
        assert_eq!(seed.vectors().len(), 4);
        assert_eq!(SEED.modes(), crate::symmetric::modes::BLOCK_MODES);
        let salsa = CipherSpec::new(&SALSA20, None).unwrap();
        assert_eq!(
            (salsa.key_bytes(), salsa.display_name()),
            (32, "SALSA20".into())
        );
        assert_eq!(SALSA20.iv_bytes(Mode::Stream), 8);
        assert_eq!(kat::check_known_answers(&salsa).unwrap(), 2);
    }

    #[test]
    fn salsa20_takes_its_nonce_and_starts_each_call_at_block_0() {
        let s = CipherSpec::new(&SALSA20, None).unwrap();
        let v = &SALSA20.vectors[1];
        let e = s.engine(&hex::decode(v.key).unwrap()).unwrap();
        let nonce = hex::decode(v.iv).unwrap();
        let zero = [0u8; 128];
        let mut out = [0u8; 128];
        e.apply(Mode::Stream, Direction::Encrypt, &nonce, &zero, &mut out)
            .unwrap();
        assert_eq!(hex::encode(&out[..64]), v.ciphertext);
        // A shorter call gives a prefix of the same keystream: no state is carried over.
        let mut short = [0u8; 16];
        e.apply(
            Mode::Stream,
            Direction::Encrypt,
            &nonce,
            &zero[..16],
            &mut short,
        )
        .unwrap();
        assert_eq!(short[..], out[..16]);
        // Another nonce, another keystream; the wrong nonce length is a clear error.
        e.apply(Mode::Stream, Direction::Encrypt, &[0; 8], &zero, &mut out)
            .unwrap();
        assert_ne!(hex::encode(&out[..64]), v.ciphertext);
        let err = e
            .apply(Mode::Stream, Direction::Encrypt, &[0; 7], &zero, &mut out)
            .unwrap_err();
        assert_eq!(
            err.message(),
            "nonce must be 8 bytes (16 hex digits), got 7 bytes"
        );
        let err = e
            .apply(Mode::Cbc, Direction::Encrypt, &nonce, &zero, &mut out)
            .unwrap_err();
        assert!(
            err.message().contains("salsa20 is a stream cipher"),
            "{}",
            err.message()
        );
    }
}

//! The registry of symmetric ciphers: one [`Cipher`] entry per cipher (in
//! [`super::ciphers`], listed in [`CIPHERS`]) holding its names on the command line, key
//! sizes (with libgcrypt's name of each configuration and its place in libgcrypt's tables),
//! block size, constructor, known answers, implementation and a note for readers. Parsing,
//! the `--help` texts, error lists, the known-answer checks, the bench job and the suite's
//! cipher rows are all derived from it; no match arm elsewhere lists ciphers.
//!
//! To add a cipher: one `static` entry in `src/symmetric/ciphers.rs` (its constructor wraps a
//! `cipher` 0.5 block cipher in [`super::modes::BlockEngine`]), listed in [`CIPHERS`]. A
//! cipher pkbench has no code for is an entry too, with [`Code::Library`] naming the library
//! that computes it here (SEED, in `src/symmetric/table2013.rs`): its rows are that library's
//! alone, checked on the entry's known answers and against the library's own ECB.

use crate::error::DataError;
use crate::error::{Error, Result};
use crate::implementation::{Implementation, Library};
use crate::symmetric::modes::{BLOCK_MODES, Engine, Mode};
use serde::{Serialize, Serializer};

pub use super::ciphers::CIPHERS;

/// One known answer: key, IV, plaintext and ciphertext in hex, for one key size.
#[derive(Debug, Clone, Copy)]
pub struct Vector {
    /// Key size in bits (the `--key-bits` value it checks).
    pub key_bits: u32,
    /// Mode (ECB for single-block vectors; `Stream` for a stream cipher).
    pub mode: Mode,
    /// Key, hex.
    pub key: &'static str,
    /// IV, hex ("" when the mode has none).
    pub iv: &'static str,
    /// Plaintext, hex.
    pub plaintext: &'static str,
    /// Ciphertext, hex.
    pub ciphertext: &'static str,
    /// Where the vector comes from.
    pub source: &'static str,
}

/// A single-block ECB known answer (the usual form of a cipher's published vectors).
pub const fn ecb(
    key_bits: u32,
    key: &'static str,
    plaintext: &'static str,
    ciphertext: &'static str,
    source: &'static str,
) -> Vector {
    Vector {
        key_bits,
        mode: Mode::Ecb,
        key,
        iv: "",
        plaintext,
        ciphertext,
        source,
    }
}

/// One accepted key size of a cipher.
#[derive(Debug, Clone, Copy)]
pub struct KeySize {
    /// Key size in bits as `--key-bits` takes it (56 for DES, 168 for 3DES, RC2's effective
    /// bits).
    pub bits: u32,
    /// Key length in bytes on the wire (8 for DES, 24 for 3DES, 5 for RFC2268_40).
    pub bytes: usize,
    /// The name libgcrypt (and GnuPG) give this configuration (`AES`, `AES192`, `3DES`,
    /// `TWOFISH` for 256 bits, `RFC2268_40`); sizes libgcrypt lacks get the size appended
    /// (`CAST5-40`).
    pub name: &'static str,
    /// The key as the report's header describes it ("128-bit key", "56-bit key (64 with
    /// parity)").
    pub describe: &'static str,
    /// Place in libgcrypt's `bench-slope` table (1 = first), which `pkbench suite` times;
    /// `None`: not in the table.
    pub table: Option<u8>,
    /// Also timed by `pkbench suite --quick` (the ciphers of GnuPG's 2000 table and ARCFOUR).
    pub quick: bool,
}

/// A [`KeySize`] in libgcrypt's table (`table` = its place, `quick` = in the quick suite).
pub const fn key(
    bits: u32,
    bytes: usize,
    name: &'static str,
    describe: &'static str,
    table: Option<u8>,
    quick: bool,
) -> KeySize {
    KeySize {
        bits,
        bytes,
        name,
        describe,
        table,
        quick,
    }
}

/// Makes the engine of a cipher from a key of [`KeySize::bytes`] bytes and its size in bits.
pub type Constructor =
    fn(key: &[u8], key_bits: u32) -> std::result::Result<Box<dyn Engine>, cipher::InvalidLength>;

/// Who computes a cipher.
#[derive(Clone, Copy)]
pub enum Code {
    /// A RustCrypto crate, by its name on crates.io (`aes`, `rc4`; the version comes from
    /// Cargo.lock), and the constructor of its [`Engine`].
    Crate(&'static str, Constructor),
    /// No code in pkbench: only this library computes it here (`--impl gcrypt`), checked on
    /// the entry's known answers and against the library's own ECB (SEED: libgcrypt).
    Library(Library),
}

/// One cipher of the registry.
pub struct Cipher {
    /// The name on the command line (`--algo aes`).
    pub name: &'static str,
    /// Other accepted names, lower case (`rijndael`, `rc4`).
    pub aliases: &'static [&'static str],
    /// Its phrase in `--algo`'s help ("3des (EDE3, 168-bit key)").
    pub help: &'static str,
    /// Words after its key sizes in `--key-bits`'s help (" (effective bits)"), "" for none.
    pub key_help: &'static str,
    /// The accepted key sizes, the default first: the sizes that have a known answer (pkbench
    /// times nothing unchecked).
    pub keys: &'static [KeySize],
    /// Block size in bytes (1 for a stream cipher).
    pub block_bytes: usize,
    /// A stream cipher's nonce (its IV) in bytes: 8 for Salsa20, 0 for ARCFOUR, which has
    /// none; 0 for a block cipher, whose IV is one block ([`Cipher::iv_bytes`]).
    pub nonce_bytes: usize,
    /// Who computes it: a crate and its constructor, or only a library.
    pub code: Code,
    /// Its known answers, checked before every timing.
    pub vectors: &'static [Vector],
    /// CPU features the crate uses when the CPU has them, chosen at run time (`aes`).
    pub cpu_features: &'static [&'static str],
    /// What a reader should know about the implementation when it explains a figure (e.g. a
    /// crate much slower than table-driven C), without a final period.
    pub note: Option<&'static str>,
}

impl std::fmt::Debug for Cipher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl PartialEq for Cipher {
    fn eq(&self, other: &Cipher) -> bool {
        self.name == other.name
    }
}

impl Eq for Cipher {}

impl Cipher {
    /// The entry a command-line name or alias names, case-insensitive.
    ///
    /// # Errors
    /// [`Error::Input`] listing the known names.
    pub fn parse(name: &str) -> Result<&'static Cipher> {
        let t = name.to_ascii_lowercase();
        CIPHERS
            .iter()
            .copied()
            .find(|c| c.name == t || c.aliases.contains(&t.as_str()))
            .ok_or_else(|| {
                let spellings = CIPHERS.iter().flat_map(|c| {
                    std::iter::once(c.name)
                        .chain(c.aliases.iter().copied())
                        .map(|a| (a, c.name))
                });
                let suggest = crate::error::suggest::closest(name, spellings);
                let known = CIPHERS
                    .iter()
                    .map(|c| c.name)
                    .collect::<Vec<_>>()
                    .join(", ");
                Error::input(if suggest.is_empty() {
                    format!("unknown cipher {name:?}: use one of {known}")
                } else {
                    let mean = crate::error::suggest::did_you_mean(&suggest);
                    format!("unknown cipher {name:?}; {mean} (use one of {known})")
                })
            })
    }

    /// Whether this is a stream cipher (no modes of operation).
    pub fn is_stream(&self) -> bool {
        self.block_bytes == 1
    }

    /// The modes it runs in: [`BLOCK_MODES`], or `[Stream]` for a stream cipher.
    pub fn modes(&self) -> &'static [Mode] {
        if self.is_stream() {
            &[Mode::Stream]
        } else {
            &BLOCK_MODES
        }
    }

    /// The default key size in bits (libgcrypt's size for the plain name: AES = AES-128,
    /// TWOFISH = 256-bit, BLOWFISH = 128-bit, RFC2268_40 = 40-bit).
    pub fn default_key_bits(&self) -> u32 {
        self.keys[0].bits
    }

    /// The IV a call in `mode` takes, in bytes: one block in a block mode (ignored in ECB),
    /// the nonce of a stream cipher ([`Cipher::nonce_bytes`]).
    pub fn iv_bytes(&self, mode: Mode) -> usize {
        if mode == Mode::Stream {
            self.nonce_bytes
        } else {
            self.block_bytes
        }
    }

    /// The crate that implements it (its name on crates.io), `None` when pkbench has no code
    /// for it ([`Code::Library`]).
    pub fn crate_name(&self) -> Option<&'static str> {
        match self.code {
            Code::Crate(name, _) => Some(name),
            Code::Library(_) => None,
        }
    }

    /// The library that alone computes it here when pkbench has no code for it
    /// ([`Code::Library`]: libgcrypt for SEED).
    pub fn only_library(&self) -> Option<Library> {
        match self.code {
            Code::Library(l) => Some(l),
            Code::Crate(..) => None,
        }
    }

    /// The one line of a cipher pkbench has no code for, asked of pkbench's own code: which
    /// library computes it ("cipher seed: pkbench has no code of its own for SEED; gcrypt
    /// computes it: use --impl gcrypt").
    pub fn no_own_code(&self) -> String {
        let lib = self.only_library().map_or("a library", |l| l.name());
        format!(
            "cipher {}: pkbench has no code of its own for {}; {lib} computes it: use --impl {lib}",
            self.name, self.keys[0].name
        )
    }

    /// Who computes it: the crate, with the CPU features among [`Cipher::cpu_features`] that
    /// `cpu_has` says this CPU has (for a [`Code::Library`] entry, the library by name: its
    /// version is known only once it is loaded).
    pub fn implementation(&self, cpu_has: impl Fn(&str) -> bool) -> Implementation {
        let used: Vec<&str> = self
            .cpu_features
            .iter()
            .copied()
            .filter(|f| cpu_has(f))
            .collect();
        match self.code {
            Code::Crate(name, _) => Implementation::of_crate(name).using(&used),
            Code::Library(l) => Implementation::library(l.name(), "unknown", ""),
        }
    }
}

/// One configuration: a cipher and one of its key sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CipherSpec {
    /// The cipher (serialised as its command-line name).
    #[serde(rename = "algo", serialize_with = "cipher_name")]
    pub cipher: &'static Cipher,
    /// Key size in bits, as given to `--key-bits` (56 for DES, 168 for 3DES).
    pub key_bits: u32,
}

fn cipher_name<S: Serializer>(c: &&'static Cipher, s: S) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_str(c.name)
}

impl CipherSpec {
    /// A spec with `key_bits` (or the cipher's default when `None`).
    ///
    /// # Errors
    /// [`DataError::CipherKeyBits`] when the size is not one this cipher accepts.
    pub fn new(cipher: &'static Cipher, key_bits: Option<u32>) -> Result<CipherSpec> {
        let key_bits = key_bits.unwrap_or(cipher.default_key_bits());
        if !cipher.keys.iter().any(|k| k.bits == key_bits) {
            let mut sorted: Vec<u32> = cipher.keys.iter().map(|k| k.bits).collect();
            sorted.sort_unstable();
            return Err(DataError::CipherKeyBits {
                bits: key_bits,
                cipher: cipher.name.to_string(),
                sizes: sorted,
            }
            .into());
        }
        Ok(CipherSpec { cipher, key_bits })
    }

    /// The spec of the cipher named `name` ([`Cipher::parse`]) with `key_bits`.
    ///
    /// # Errors
    /// As [`Cipher::parse`] and [`CipherSpec::new`].
    pub fn parse(name: &str, key_bits: Option<u32>) -> Result<CipherSpec> {
        CipherSpec::new(Cipher::parse(name)?, key_bits)
    }

    /// Its key size entry.
    pub fn key_size(&self) -> &'static KeySize {
        self.cipher
            .keys
            .iter()
            .find(|k| k.bits == self.key_bits)
            .expect("CipherSpec::new accepts listed sizes only")
    }

    /// Key length in bytes on the wire (8 for DES, 24 for 3DES, 5 for RFC2268_40).
    pub fn key_bytes(&self) -> usize {
        self.key_size().bytes
    }

    /// The name libgcrypt (and GnuPG) give this configuration ([`KeySize::name`]).
    pub fn display_name(&self) -> String {
        self.key_size().name.to_string()
    }

    /// Its known answers.
    pub fn vectors(&self) -> Vec<&'static Vector> {
        self.cipher
            .vectors
            .iter()
            .filter(|v| v.key_bits == self.key_bits)
            .collect()
    }

    /// Makes the engine for `key` (exactly [`CipherSpec::key_bytes`] bytes). RC2 uses
    /// `key_bits` as its effective key length T1 (RFC 2268 §2).
    ///
    /// # Errors
    /// [`Error::Input`] when the key has the wrong length, or pkbench has no code for the
    /// cipher ([`Cipher::no_own_code`]).
    pub fn engine(&self, key: &[u8]) -> Result<Box<dyn Engine>> {
        let Code::Crate(_, new) = self.cipher.code else {
            return Err(Error::input(self.cipher.no_own_code()));
        };
        if key.len() != self.key_bytes() {
            return Err(Error::input(format!(
                "{}: key must be {} ({} hex digits), got {}",
                self.display_name(),
                crate::error::n_bytes(self.key_bytes()),
                2 * self.key_bytes(),
                crate::error::n_bytes(key.len())
            )));
        }
        new(key, self.key_bits)
            .map_err(|_| Error::input(format!("{}: invalid key", self.display_name())))
    }
}

/// The configurations of the libgcrypt-style tables (`pkbench suite`): every key size with a
/// place in libgcrypt's `bench-slope` table, in that order.
pub fn table_specs() -> Vec<CipherSpec> {
    let mut v: Vec<(u8, CipherSpec)> = CIPHERS
        .iter()
        .flat_map(|&c| {
            c.keys.iter().filter_map(move |k| {
                k.table.map(|t| {
                    (
                        t,
                        CipherSpec {
                            cipher: c,
                            key_bits: k.bits,
                        },
                    )
                })
            })
        })
        .collect();
    v.sort_by_key(|(t, _)| *t);
    v.into_iter().map(|(_, s)| s).collect()
}

/// Joins phrases as prose: "a, b or c".
fn or_list(items: &[&str]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.to_string(),
        None => String::new(),
    }
}

/// The `--algo` help of `pkbench cipher`: "Cipher: des, 3des (EDE3, 168-bit key), … or arcfour
/// (RC4, a stream cipher)" (no final period, as clap gives one-sentence help).
pub fn algo_help() -> String {
    let items: Vec<&str> = CIPHERS.iter().map(|c| c.help).collect();
    format!("Cipher: {}", or_list(&items))
}

/// The `--key-bits` help of `pkbench cipher`: every cipher's sizes, the default first.
pub fn key_bits_help() -> String {
    let items: Vec<String> = CIPHERS
        .iter()
        .map(|c| {
            let sizes: Vec<String> = c.keys.iter().map(|k| k.bits.to_string()).collect();
            format!("{} {}{}", c.name, sizes.join("|"), c.key_help)
        })
        .collect();
    format!(
        "Key size in bits: {} (the first is the default)",
        items.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for &c in CIPHERS {
            assert_eq!(Cipher::parse(c.name).unwrap(), c);
            assert_eq!(
                Cipher::parse(&c.name.to_uppercase()).unwrap(),
                c,
                "case-insensitive"
            );
            for a in c.aliases {
                assert_eq!(Cipher::parse(a).unwrap(), c, "{a}");
            }
            assert!(!c.keys.is_empty() && !c.vectors.is_empty(), "{}", c.name);
        }
        assert_eq!(Cipher::parse("rijndael").unwrap().name, "aes");
        assert_eq!(Cipher::parse("rc4").unwrap().name, "arcfour");
        let e = Cipher::parse("rot13").unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message().contains("3des"), "{}", e.message());
    }

    #[test]
    fn key_sizes_and_names() {
        let s = CipherSpec::parse("aes", None).unwrap();
        assert_eq!((s.key_bits, s.key_bytes()), (128, 16));
        assert_eq!(s.display_name(), "AES");
        let s = CipherSpec::parse("aes", Some(256)).unwrap();
        assert_eq!(s.display_name(), "AES256");
        let s = CipherSpec::parse("3des", None).unwrap();
        assert_eq!((s.key_bits, s.key_bytes()), (168, 24));
        let s = CipherSpec::parse("rc2", None).unwrap();
        assert_eq!(
            (s.key_bytes(), s.display_name().as_str()),
            (5, "RFC2268_40")
        );
        let s = CipherSpec::parse("twofish", None).unwrap();
        assert_eq!((s.key_bits, s.display_name().as_str()), (256, "TWOFISH"));
        let e = CipherSpec::parse("aes", Some(100)).unwrap_err();
        assert!(e.message().contains("128, 192, 256"), "{}", e.message());
        assert_eq!(
            serde_json::to_value(CipherSpec::parse("3des", None).unwrap()).unwrap(),
            serde_json::json!({"algo": "3des", "key_bits": 168})
        );
    }

    #[test]
    fn every_key_size_builds_with_its_block_size() {
        for &c in CIPHERS.iter().filter(|c| c.crate_name().is_some()) {
            for k in c.keys {
                let s = CipherSpec::new(c, Some(k.bits)).unwrap();
                let e = s.engine(&vec![0x5a; s.key_bytes()]).unwrap();
                assert_eq!(e.block_bytes(), c.block_bytes, "{s:?}");
                assert_eq!(e.modes(), c.modes(), "{s:?}");
            }
        }
        let s = CipherSpec::parse("aes", None).unwrap();
        let e = s.engine(&[0; 15]).err().unwrap();
        assert_eq!(e.exit_code(), 2);
        assert_eq!(
            e.message(),
            "AES: key must be 16 bytes (32 hex digits), got 15 bytes"
        );
    }

    #[test]
    fn the_table_is_libgcrypts() {
        let names: Vec<String> = table_specs().iter().map(|s| s.display_name()).collect();
        assert_eq!(
            names,
            [
                "IDEA",
                "3DES",
                "CAST5",
                "BLOWFISH",
                "AES",
                "AES192",
                "AES256",
                "TWOFISH",
                "ARCFOUR",
                "DES",
                "TWOFISH128",
                "SERPENT128",
                "SERPENT256",
                "RFC2268_40",
                "CAMELLIA128",
                "CAMELLIA256"
            ]
        );
        let quick: Vec<String> = table_specs()
            .iter()
            .filter(|s| s.key_size().quick)
            .map(|s| s.display_name())
            .collect();
        assert_eq!(
            quick,
            [
                "3DES", "CAST5", "BLOWFISH", "AES", "AES256", "TWOFISH", "ARCFOUR"
            ]
        );
    }

    #[test]
    fn help_texts() {
        assert_eq!(
            algo_help(),
            "Cipher: des, 3des (EDE3, 168-bit key), aes, cast5, blowfish, twofish, serpent, \
             camellia, idea, rc2 (RFC 2268; 40-bit key by default, libgcrypt's RFC2268_40), \
             arcfour (RC4, a stream cipher), seed (RFC 4269; no code in pkbench: libgcrypt, \
             --impl gcrypt, or OpenSSL's legacy provider, --impl openssl) or \
             salsa20 (Salsa20/20, a stream cipher with an 8-byte nonce)"
        );
        let k = key_bits_help();
        assert!(k.contains("aes 128|192|256, "), "{k}");
        assert!(k.contains("rc2 40|64|128 (effective bits), "), "{k}");
        assert!(k.contains("arcfour 128|40, seed 128, "), "{k}");
        assert!(k.ends_with("salsa20 256 (the first is the default)"), "{k}");
        assert_eq!(or_list(&["a"]), "a");
    }

    #[test]
    fn lengths_are_given_in_bytes_with_their_unit() {
        use crate::symmetric::modes::Direction;
        let des = CipherSpec::parse("des", None).unwrap();
        let e = des.engine(&[0x13; 8]).unwrap();
        let (input, mut out) = ([0u8; 16], [0u8; 16]);
        let err = e
            .apply(Mode::Cbc, Direction::Encrypt, &[0; 5], &input, &mut out)
            .unwrap_err();
        assert_eq!(err.exit_code(), 2);
        assert_eq!(
            err.message(),
            "IV must be 8 bytes (16 hex digits), got 5 bytes"
        );
        let err = e
            .apply(Mode::Cbc, Direction::Encrypt, &[0; 1], &input, &mut out)
            .unwrap_err();
        assert!(err.message().ends_with("got 1 byte"), "{}", err.message());
        let err = e
            .apply(Mode::Ecb, Direction::Encrypt, &[], &input, &mut out[..8])
            .unwrap_err();
        assert_eq!(err.message(), "input is 16 bytes but output is 8 bytes");
        // ECB takes no IV: any length is ignored.
        e.apply(Mode::Ecb, Direction::Encrypt, &[0; 5], &input, &mut out)
            .unwrap();
    }
}

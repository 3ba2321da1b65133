//! The registry of symmetric ciphers pkbench times: names on the command line, key sizes, the
//! libgcrypt name of each configuration, and construction of an [`Engine`] from a key.
//!
//! Every cipher comes from a maintained RustCrypto crate built on `cipher` 0.5: `des` (DES and
//! TDEA/3DES EDE3), `aes` (FIPS 197), `cast5` (RFC 2144), `blowfish`, `twofish`, `serpent`,
//! `camellia` (RFC 3713), `idea`, `rc2` (RFC 2268) and `rc4` (ARCFOUR).

use crate::error::{Error, Result};
use crate::symmetric::modes::{BlockEngine, Engine, StreamEngine};
use cipher::KeyInit;
use ctr::flavors::{Ctr64BE, Ctr128BE};
use serde::Serialize;

/// A cipher family, as named on the command line (`--algo`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Algo {
    /// DES (FIPS 46-3): 64-bit block, 56-bit key (64 bits with parity).
    Des,
    /// Triple DES, EDE with three independent keys (keying option 1 of NIST SP 800-67): 168 bits.
    TripleDes,
    /// AES / Rijndael (FIPS 197): 128-bit block, 128/192/256-bit key.
    Aes,
    /// CAST-128 (RFC 2144): 64-bit block, up to 128-bit key.
    Cast5,
    /// Blowfish (Schneier 1993): 64-bit block, 32 to 448-bit key.
    Blowfish,
    /// Twofish (Schneier et al. 1998): 128-bit block, 128/192/256-bit key.
    Twofish,
    /// Serpent (Anderson, Biham, Knudsen 1998): 128-bit block, 128/192/256-bit key.
    Serpent,
    /// Camellia (RFC 3713): 128-bit block, 128/192/256-bit key.
    Camellia,
    /// IDEA (Lai & Massey 1991): 64-bit block, 128-bit key.
    Idea,
    /// RC2 (RFC 2268): 64-bit block; pkbench uses libgcrypt's RFC2268_40 (40-bit key, 40
    /// effective bits) by default.
    Rc2,
    /// ARCFOUR / RC4, a stream cipher (keystream of RFC 6229's test vectors).
    Arcfour,
}

/// Every algorithm, in the order of the tables (libgcrypt's order, roughly).
pub const ALL: [Algo; 11] = [
    Algo::Idea,
    Algo::TripleDes,
    Algo::Cast5,
    Algo::Blowfish,
    Algo::Aes,
    Algo::Twofish,
    Algo::Arcfour,
    Algo::Des,
    Algo::Rc2,
    Algo::Serpent,
    Algo::Camellia,
];

impl Algo {
    /// Parses a command-line name: `des`, `3des`, `aes`, `cast5`, `blowfish`, `twofish`,
    /// `serpent`, `camellia`, `idea`, `rc2`, `arcfour`; a few aliases (`rijndael`, `tdes`,
    /// `des-ede3`, `cast-128`, `rc4`, `bf`) are accepted too. Case-insensitive.
    ///
    /// # Errors
    /// [`Error::Input`] listing the known names.
    pub fn parse(name: &str) -> Result<Algo> {
        Ok(match name.to_ascii_lowercase().as_str() {
            "des" => Algo::Des,
            "3des" | "tdes" | "des-ede3" | "tripledes" => Algo::TripleDes,
            "aes" | "rijndael" => Algo::Aes,
            "cast5" | "cast-128" | "cast128" => Algo::Cast5,
            "blowfish" | "bf" => Algo::Blowfish,
            "twofish" => Algo::Twofish,
            "serpent" => Algo::Serpent,
            "camellia" => Algo::Camellia,
            "idea" => Algo::Idea,
            "rc2" | "rfc2268" => Algo::Rc2,
            "arcfour" | "rc4" | "arc4" => Algo::Arcfour,
            _ => {
                return Err(Error::input(format!(
                    "unknown cipher {name:?}: use one of {}",
                    ALL.iter()
                        .map(|a| a.cli_name())
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
        })
    }

    /// The name on the command line.
    pub fn cli_name(self) -> &'static str {
        match self {
            Algo::Des => "des",
            Algo::TripleDes => "3des",
            Algo::Aes => "aes",
            Algo::Cast5 => "cast5",
            Algo::Blowfish => "blowfish",
            Algo::Twofish => "twofish",
            Algo::Serpent => "serpent",
            Algo::Camellia => "camellia",
            Algo::Idea => "idea",
            Algo::Rc2 => "rc2",
            Algo::Arcfour => "arcfour",
        }
    }

    /// Key sizes accepted by `--key-bits`, the default first: the sizes that have a
    /// known-answer vector in [`crate::symmetric::kat`] (pkbench times nothing unchecked).
    ///
    /// DES keys are 64 bits on the wire with 8 parity bits (56 effective); 3DES EDE3 is
    /// 192 bits on the wire (168 effective). Both sizes are accepted.
    pub fn key_bits_allowed(self) -> &'static [u32] {
        match self {
            Algo::Des => &[56, 64],
            Algo::TripleDes => &[168, 192],
            Algo::Aes | Algo::Camellia => &[128, 192, 256],
            Algo::Serpent => &[128, 256],
            Algo::Twofish => &[256, 128, 192],
            Algo::Cast5 => &[128, 40, 80],
            Algo::Blowfish => &[128, 64],
            Algo::Idea => &[128],
            Algo::Rc2 => &[40, 64, 128],
            Algo::Arcfour => &[128, 40],
        }
    }

    /// The default key size in bits (libgcrypt's size for the plain name: AES = AES-128,
    /// TWOFISH = 256-bit, BLOWFISH = 128-bit, RFC2268_40 = 40-bit).
    pub fn default_key_bits(self) -> u32 {
        self.key_bits_allowed()[0]
    }

    /// Block size in bytes (1 for the stream cipher ARCFOUR).
    pub fn block_bytes(self) -> usize {
        match self {
            Algo::Aes | Algo::Twofish | Algo::Serpent | Algo::Camellia => 16,
            Algo::Arcfour => 1,
            _ => 8,
        }
    }

    /// What a reader should know about the implementation behind this name, when it
    /// explains a figure (e.g. a crate much slower than table-driven C).
    pub fn implementation_note(self) -> Option<&'static str> {
        match self {
            Algo::Twofish => Some(
                "the `twofish` crate (0.8) computes the key-dependent S-boxes (h function) and \
                 the MDS products with bitwise GF(2^8) multiplication on every block, with no \
                 precomputed tables: far slower than table-driven Twofish (GnuPG, libgcrypt, \
                 Linux)",
            ),
            Algo::Aes => Some(
                "the `aes` crate uses AES-NI when the CPU has it (run-time detection; its VAES \
                 code needs a build-time cfg that pkbench does not set), else a constant-time \
                 fixsliced software fallback",
            ),
            _ => None,
        }
    }

    /// Whether this is a stream cipher (no modes of operation).
    pub fn is_stream(self) -> bool {
        self == Algo::Arcfour
    }
}

/// One configuration: an algorithm and a key size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct CipherSpec {
    /// The cipher family.
    pub algo: Algo,
    /// Key size in bits, as given to `--key-bits` (56 for DES, 168 for 3DES).
    pub key_bits: u32,
}

impl CipherSpec {
    /// A spec with `key_bits` (or the algorithm's default when `None`).
    ///
    /// # Errors
    /// [`Error::Input`] when the size is not one this algorithm accepts.
    pub fn new(algo: Algo, key_bits: Option<u32>) -> Result<CipherSpec> {
        let allowed = algo.key_bits_allowed();
        let key_bits = key_bits.unwrap_or(allowed[0]);
        if !allowed.contains(&key_bits) {
            let mut sorted = allowed.to_vec();
            sorted.sort_unstable();
            return Err(Error::input(format!(
                "--key-bits {key_bits} is not a key size of {}: use one of {}",
                algo.cli_name(),
                sorted
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        Ok(CipherSpec { algo, key_bits })
    }

    /// Key length in bytes on the wire (8 for DES, 24 for 3DES, 5 for RFC2268_40).
    pub fn key_bytes(&self) -> usize {
        match self.algo {
            Algo::Des => 8,
            Algo::TripleDes => 24,
            _ => (self.key_bits as usize).div_ceil(8),
        }
    }

    /// The name libgcrypt (and GnuPG) give this configuration: `AES`, `AES192`, `AES256`,
    /// `3DES`, `CAST5`, `BLOWFISH`, `TWOFISH` (256-bit), `TWOFISH128`, `SERPENT128`,
    /// `CAMELLIA256`, `IDEA`, `RFC2268_40`, `ARCFOUR`, `DES`; sizes libgcrypt lacks get the
    /// size appended (e.g. `CAST5-40`).
    pub fn display_name(&self) -> String {
        let b = self.key_bits;
        match self.algo {
            Algo::Des => "DES".into(),
            Algo::TripleDes => "3DES".into(),
            Algo::Aes if b == 128 => "AES".into(),
            Algo::Aes => format!("AES{b}"),
            Algo::Cast5 if b == 128 => "CAST5".into(),
            Algo::Cast5 => format!("CAST5-{b}"),
            Algo::Blowfish if b == 128 => "BLOWFISH".into(),
            Algo::Blowfish => format!("BLOWFISH-{b}"),
            Algo::Twofish if b == 256 => "TWOFISH".into(),
            Algo::Twofish => format!("TWOFISH{b}"),
            Algo::Serpent => format!("SERPENT{b}"),
            Algo::Camellia => format!("CAMELLIA{b}"),
            Algo::Idea => "IDEA".into(),
            Algo::Rc2 => format!("RFC2268_{b}"),
            Algo::Arcfour if b == 128 => "ARCFOUR".into(),
            Algo::Arcfour => format!("ARCFOUR-{b}"),
        }
    }

    /// Makes the engine for `key` (exactly [`CipherSpec::key_bytes`] bytes). RC2 uses
    /// `key_bits` as its effective key length T1 (RFC 2268 §2).
    ///
    /// # Errors
    /// [`Error::Input`] when the key has the wrong length.
    pub fn engine(&self, key: &[u8]) -> Result<Box<dyn Engine>> {
        if key.len() != self.key_bytes() {
            return Err(Error::input(format!(
                "{}: key must be {} ({} hex digits), got {}",
                self.display_name(),
                crate::error::n_bytes(self.key_bytes()),
                2 * self.key_bytes(),
                crate::error::n_bytes(key.len())
            )));
        }
        let bad = |_| Error::input(format!("{}: invalid key", self.display_name()));
        // 64-bit-block ciphers count over the whole block (Ctr64BE), 128-bit ones over the
        // whole 128-bit block (Ctr128BE), as libgcrypt and NIST SP 800-38A do.
        Ok(match (self.algo, self.key_bits) {
            (Algo::Des, _) => {
                BlockEngine::<des::Des, Ctr64BE>::boxed(des::Des::new_from_slice(key).map_err(bad)?)
            }
            (Algo::TripleDes, _) => BlockEngine::<des::TdesEde3, Ctr64BE>::boxed(
                des::TdesEde3::new_from_slice(key).map_err(bad)?,
            ),
            (Algo::Aes, 128) => BlockEngine::<aes::Aes128, Ctr128BE>::boxed(
                aes::Aes128::new_from_slice(key).map_err(bad)?,
            ),
            (Algo::Aes, 192) => BlockEngine::<aes::Aes192, Ctr128BE>::boxed(
                aes::Aes192::new_from_slice(key).map_err(bad)?,
            ),
            (Algo::Aes, _) => BlockEngine::<aes::Aes256, Ctr128BE>::boxed(
                aes::Aes256::new_from_slice(key).map_err(bad)?,
            ),
            (Algo::Cast5, _) => BlockEngine::<cast5::Cast5, Ctr64BE>::boxed(
                cast5::Cast5::new_from_slice(key).map_err(bad)?,
            ),
            (Algo::Blowfish, _) => BlockEngine::<blowfish::Blowfish, Ctr64BE>::boxed(
                <blowfish::Blowfish>::new_from_slice(key).map_err(bad)?,
            ),
            (Algo::Twofish, _) => BlockEngine::<twofish::Twofish, Ctr128BE>::boxed(
                twofish::Twofish::new_from_slice(key).map_err(bad)?,
            ),
            (Algo::Serpent, _) => BlockEngine::<serpent::Serpent, Ctr128BE>::boxed(
                serpent::Serpent::new_from_slice(key).map_err(bad)?,
            ),
            (Algo::Camellia, 128) => BlockEngine::<camellia::Camellia128, Ctr128BE>::boxed(
                camellia::Camellia128::new_from_slice(key).map_err(bad)?,
            ),
            (Algo::Camellia, 192) => BlockEngine::<camellia::Camellia192, Ctr128BE>::boxed(
                camellia::Camellia192::new_from_slice(key).map_err(bad)?,
            ),
            (Algo::Camellia, _) => BlockEngine::<camellia::Camellia256, Ctr128BE>::boxed(
                camellia::Camellia256::new_from_slice(key).map_err(bad)?,
            ),
            (Algo::Idea, _) => BlockEngine::<idea::Idea, Ctr64BE>::boxed(
                idea::Idea::new_from_slice(key).map_err(bad)?,
            ),
            (Algo::Rc2, bits) => BlockEngine::<rc2::Rc2, Ctr64BE>::boxed(
                rc2::Rc2::new_with_eff_key_len(key, bits as usize),
            ),
            (Algo::Arcfour, _) => Box::new(StreamEngine::new(key).map_err(bad)?),
        })
    }
}

/// The configurations of the libgcrypt-style tables (`pkbench suite`): one row per cipher
/// and key size, in libgcrypt's `bench-slope` order.
pub fn table_specs() -> Vec<CipherSpec> {
    let s = |algo, key_bits| CipherSpec { algo, key_bits };
    vec![
        s(Algo::Idea, 128),
        s(Algo::TripleDes, 168),
        s(Algo::Cast5, 128),
        s(Algo::Blowfish, 128),
        s(Algo::Aes, 128),
        s(Algo::Aes, 192),
        s(Algo::Aes, 256),
        s(Algo::Twofish, 256),
        s(Algo::Arcfour, 128),
        s(Algo::Des, 56),
        s(Algo::Twofish, 128),
        s(Algo::Serpent, 128),
        s(Algo::Serpent, 256),
        s(Algo::Rc2, 40),
        s(Algo::Camellia, 128),
        s(Algo::Camellia, 256),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for a in ALL {
            assert_eq!(Algo::parse(a.cli_name()).unwrap(), a);
            assert_eq!(
                Algo::parse(&a.cli_name().to_uppercase()).unwrap(),
                a,
                "case-insensitive"
            );
        }
        assert_eq!(Algo::parse("rijndael").unwrap(), Algo::Aes);
        assert_eq!(Algo::parse("rc4").unwrap(), Algo::Arcfour);
        let e = Algo::parse("rot13").unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message().contains("3des"), "{}", e.message());
    }

    #[test]
    fn key_sizes_and_names() {
        let s = CipherSpec::new(Algo::Aes, None).unwrap();
        assert_eq!((s.key_bits, s.key_bytes()), (128, 16));
        assert_eq!(s.display_name(), "AES");
        let s = CipherSpec::new(Algo::Aes, Some(256)).unwrap();
        assert_eq!(s.display_name(), "AES256");
        let s = CipherSpec::new(Algo::TripleDes, None).unwrap();
        assert_eq!((s.key_bits, s.key_bytes()), (168, 24));
        let s = CipherSpec::new(Algo::Rc2, None).unwrap();
        assert_eq!(
            (s.key_bytes(), s.display_name().as_str()),
            (5, "RFC2268_40")
        );
        let s = CipherSpec::new(Algo::Twofish, None).unwrap();
        assert_eq!((s.key_bits, s.display_name().as_str()), (256, "TWOFISH"));
        let e = CipherSpec::new(Algo::Aes, Some(100)).unwrap_err();
        assert!(e.message().contains("128, 192, 256"), "{}", e.message());
    }

    #[test]
    fn every_table_spec_builds() {
        for s in table_specs() {
            let key = vec![0x5a; s.key_bytes()];
            let e = s.engine(&key).unwrap();
            assert_eq!(e.block_bytes(), s.algo.block_bytes(), "{s:?}");
        }
        let s = CipherSpec::new(Algo::Aes, None).unwrap();
        let e = s.engine(&[0; 15]).err().unwrap();
        assert_eq!(e.exit_code(), 2);
        assert_eq!(
            e.message(),
            "AES: key must be 16 bytes (32 hex digits), got 15 bytes"
        );
    }

    #[test]
    fn lengths_are_given_in_bytes_with_their_unit() {
        use crate::symmetric::modes::{Direction, Mode};
        let des = CipherSpec::new(Algo::Des, None).unwrap();
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

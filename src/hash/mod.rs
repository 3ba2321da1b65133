//! The hash functions of the 1995 "Some timings" post, one interface for all:
//! MD4 (RFC 1320), MD5 (RFC 1321) and SHA-1 (FIPS 180-1) from the RustCrypto crates, and the
//! two that have no maintained crate, written here behind the same [`digest`] traits:
//! SHA-0 (FIPS 180, 1993: [`sha0`]) and HAVAL (Zheng–Pieprzyk–Seberry 1992: [`haval`]).
//!
//! [`Algo`] names one function; [`Algo::digest`] hashes with it; [`Algo::known_answers`]
//! lists its known-answer vectors (embedded from `vectors/`: the RFC 1320/1321 suites and
//! SHA-1 from `vectors/hash.json`, the FIPS 180 appendices for SHA-0, the reference
//! implementation's certified output for HAVAL); [`bench`] times throughput in MB/s.

pub mod bench;
pub mod haval;
pub mod sha0;

use crate::error::{Error, Result};
use digest::Digest;
use serde::Deserialize;

/// One hash function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Algo {
    /// MD4 (RFC 1320), 128-bit.
    Md4,
    /// MD5 (RFC 1321), 128-bit.
    Md5,
    /// SHA-0 (FIPS 180, 1993), 160-bit: the post's "SHA".
    Sha0,
    /// SHA-1 (FIPS 180-1, 1995), 160-bit.
    Sha1,
    /// HAVAL with `bits` ∈ {128, 160, 192, 224, 256} of output and `passes` ∈ {3, 4, 5}.
    Haval {
        /// Output length in bits.
        bits: u32,
        /// Number of passes.
        passes: u32,
    },
}

/// HAVAL member used when none is given: 3 passes (the speed class; HAVAL's output length
/// changes only the final folding) with 256-bit output, the compile-time defaults of the
/// reference implementation (`PASS 3`, `FPTLEN 256`) that a 1995 user would have built.
pub const HAVAL_DEFAULT: Algo = Algo::Haval {
    bits: 256,
    passes: 3,
};

/// The names accepted by [`Algo::parse`], for help texts and error messages.
pub const NAMES: &str = "md5, md4, sha0, sha1, haval (= haval-256-3), haval-BITS-PASSES";

impl Algo {
    /// Parses `md5`, `md4`, `sha0` (alias `sha`), `sha1`, `haval` ([`HAVAL_DEFAULT`]) or
    /// `haval-BITS-PASSES` such as `haval-128-3` (also `haval128,3` as PHP spells it),
    /// case-insensitive.
    ///
    /// # Errors
    /// [`Error::Input`] listing the accepted names.
    pub fn parse(s: &str) -> Result<Algo> {
        let t = s.trim().to_ascii_lowercase();
        let bad = || {
            Error::input(format!(
                "--algo {s:?}: unknown hash; use one of {NAMES} (BITS 128|160|192|224|256, PASSES 3|4|5)"
            ))
        };
        match t.as_str() {
            "md5" => return Ok(Algo::Md5),
            "md4" => return Ok(Algo::Md4),
            "sha0" | "sha" | "sha-0" => return Ok(Algo::Sha0),
            "sha1" | "sha-1" => return Ok(Algo::Sha1),
            "haval" => return Ok(HAVAL_DEFAULT),
            _ => {}
        }
        let rest = t.strip_prefix("haval").ok_or_else(bad)?;
        let rest = rest.trim_start_matches(['-', '_']);
        let (b, p) = rest.split_once(['-', ',', '/', '_']).ok_or_else(bad)?;
        let bits: u32 = b.parse().map_err(|_| bad())?;
        let passes: u32 = p.parse().map_err(|_| bad())?;
        if ![128, 160, 192, 224, 256].contains(&bits) || !(3..=5).contains(&passes) {
            return Err(bad());
        }
        Ok(Algo::Haval { bits, passes })
    }

    /// Display name: "MD5", "SHA-0", "HAVAL-256/3", ...
    pub fn name(&self) -> String {
        match self {
            Algo::Md4 => "MD4".into(),
            Algo::Md5 => "MD5".into(),
            Algo::Sha0 => "SHA-0".into(),
            Algo::Sha1 => "SHA-1".into(),
            Algo::Haval { bits, passes } => format!("HAVAL-{bits}/{passes}"),
        }
    }

    /// Digest length in bytes.
    pub fn output_bytes(&self) -> usize {
        match self {
            Algo::Md4 | Algo::Md5 => 16,
            Algo::Sha0 | Algo::Sha1 => 20,
            Algo::Haval { bits, .. } => *bits as usize / 8,
        }
    }

    /// Where the implementation comes from, for reports.
    pub fn implementation(&self) -> &'static str {
        match self {
            Algo::Md4 => "RustCrypto md4 0.11",
            Algo::Md5 => "RustCrypto md-5 0.11",
            Algo::Sha1 => "RustCrypto sha1 0.11",
            Algo::Sha0 => "pkbench, src/hash/sha0.rs",
            Algo::Haval { .. } => "pkbench, src/hash/haval.rs",
        }
    }

    /// The digest of `data`.
    pub fn digest(&self, data: &[u8]) -> Vec<u8> {
        match *self {
            Algo::Md4 => md4::Md4::digest(data).to_vec(),
            Algo::Md5 => md5::Md5::digest(data).to_vec(),
            Algo::Sha0 => sha0::Sha0::digest(data).to_vec(),
            Algo::Sha1 => sha1::Sha1::digest(data).to_vec(),
            Algo::Haval { bits, passes } => haval::haval(bits, passes, data)
                .expect("Algo::Haval is only built by parse() with a valid pair"),
        }
    }

    /// Known-answer vectors (message, digest) for this function.
    pub fn known_answers(&self) -> Vec<(Vec<u8>, Vec<u8>)> {
        let hex = |s: &str| hex::decode(s).expect("embedded vector is hex (tested)");
        match *self {
            Algo::Md4 | Algo::Md5 | Algo::Sha1 => {
                let file: HashFile =
                    serde_json::from_str(HASH_JSON).expect("vectors/hash.json parses (tested)");
                file.vectors
                    .iter()
                    .map(|v| {
                        let d = match self {
                            Algo::Md4 => &v.md4,
                            Algo::Md5 => &v.md5,
                            _ => &v.sha1,
                        };
                        (v.message.as_bytes().to_vec(), hex(d))
                    })
                    .collect()
            }
            Algo::Sha0 => SHA0_VECTORS
                .iter()
                .map(|(m, d)| (m.as_bytes().to_vec(), hex(d)))
                .collect(),
            Algo::Haval { bits, passes } => {
                let file: HavalFile =
                    serde_json::from_str(HAVAL_JSON).expect("vectors/haval.json parses (tested)");
                file.vectors
                    .iter()
                    .filter(|v| v.bits == bits && v.passes == passes)
                    .map(|v| (v.message.as_bytes().to_vec(), hex(&v.digest)))
                    .collect()
            }
        }
    }

    /// Checks every known answer of this function (outside any timed region) and returns how
    /// many were checked.
    ///
    /// # Errors
    /// [`Error::Runtime`] naming the function and message when a digest is wrong.
    pub fn check_known_answers(&self) -> Result<usize> {
        let kats = self.known_answers();
        for (m, want) in &kats {
            if self.digest(m) != *want {
                return Err(Error::runtime(format!(
                    "{}: known-answer check failed on the message {:?}",
                    self.name(),
                    String::from_utf8_lossy(m)
                )));
            }
        }
        Ok(kats.len())
    }
}

/// SHA-0 vectors of FIPS 180 (1993): appendix A ("abc") and B (the 56-byte message), plus
/// the empty message (widely published with them). Appendix C (a million "a") is in the
/// unit tests.
const SHA0_VECTORS: &[(&str, &str)] = &[
    ("", "f96cea198ad1dd5617ac084a3d92c6107708c0ef"),
    ("abc", "0164b8a914cd2a5e74c4f7ff082c4d97f1edf880"),
    (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "d2516ee1acfa5baf33dfc1c471e438449ef134c8",
    ),
];

/// The RFC 1320/1321 suites and SHA-1 (see its `about`).
const HASH_JSON: &str = include_str!("../../vectors/hash.json");
/// HAVAL's certified reference output (see its `about`).
const HAVAL_JSON: &str = include_str!("../../vectors/haval.json");

#[derive(Deserialize)]
struct HashFile {
    vectors: Vec<HashVector>,
}

#[derive(Deserialize)]
struct HashVector {
    message: String,
    md4: String,
    md5: String,
    sha1: String,
}

#[derive(Deserialize)]
struct HavalFile {
    vectors: Vec<HavalVector>,
}

#[derive(Deserialize)]
struct HavalVector {
    passes: u32,
    bits: u32,
    message: String,
    digest: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_names() {
        assert_eq!(Algo::parse("MD5").unwrap(), Algo::Md5);
        assert_eq!(Algo::parse("sha").unwrap(), Algo::Sha0);
        assert_eq!(Algo::parse("haval").unwrap(), HAVAL_DEFAULT);
        assert_eq!(
            Algo::parse("haval-128-3").unwrap(),
            Algo::Haval {
                bits: 128,
                passes: 3
            }
        );
        assert_eq!(
            Algo::parse("haval224,5").unwrap(),
            Algo::Haval {
                bits: 224,
                passes: 5
            }
        );
        for bad in ["sha2", "haval-100-3", "haval-128-6", "haval-128", ""] {
            let e = Algo::parse(bad).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{bad}");
        }
    }

    #[test]
    fn every_algo_passes_its_known_answers() {
        let mut all = vec![Algo::Md4, Algo::Md5, Algo::Sha0, Algo::Sha1];
        for bits in [128, 160, 192, 224, 256] {
            for passes in 3..=5 {
                all.push(Algo::Haval { bits, passes });
            }
        }
        for a in all {
            let n = a.check_known_answers().unwrap();
            assert!(n >= 3, "{}: only {n} vectors", a.name());
            assert_eq!(a.digest(b"x").len(), a.output_bytes());
        }
    }

    #[test]
    fn a_wrong_digest_is_caught() {
        // The check compares real values: MD4's vectors do not pass as MD5's.
        let md4 = Algo::Md4.known_answers();
        assert!(md4.iter().any(|(m, d)| Algo::Md5.digest(m) != *d));
    }
}

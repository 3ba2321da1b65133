//! The hash functions pkbench times, one interface for all: those of RustCrypto crates (MD4,
//! MD5, SHA-1, …) and the two of the 1995 post that have no maintained crate, written here
//! behind the same [`digest`] traits: SHA-0 (FIPS 180, 1993: [`sha0`]) and HAVAL
//! (Zheng–Pieprzyk–Seberry 1992: [`haval`]).
//!
//! [`registry`] holds one entry per function (or family), each with its known answers and
//! their source; [`Algo`] names one function of it (as `--algo` does); [`Algo::digest`]
//! hashes with it; [`Algo::known_answers`] lists its known-answer vectors. The lists of
//! names for `--help`, errors and the suite are derived from the registry ([`help`],
//! [`names`], [`about`], [`suite`]). The timed run is [`crate::bench::hash`].

pub mod haval;
pub mod registry;
pub mod sha0;
pub mod table2013;

pub use registry::{Code, Digests, HASHES, Hash, KnownAnswer, Member};

use crate::error::DataError;
use crate::error::{Error, Result};
use crate::implementation::{Implementation, Library, short_version};

/// One hash function: a member of a [`registry`] entry.
#[derive(Clone, Copy)]
pub struct Algo {
    hash: &'static Hash,
    member: &'static Member,
}

impl PartialEq for Algo {
    fn eq(&self, other: &Algo) -> bool {
        self.member.name == other.member.name
    }
}

impl Eq for Algo {}

impl std::fmt::Debug for Algo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.member.name)
    }
}

/// HAVAL member used when none is given: HAVAL-256/3 ([`registry::HAVAL`]).
pub const HAVAL_DEFAULT: Algo = Algo::of(&registry::HAVAL, registry::HAVAL.default_member);

#[allow(non_upper_case_globals)]
impl Algo {
    /// MD4 (RFC 1320), 128-bit.
    pub const Md4: Algo = Algo::of(&registry::MD4, 0);
    /// MD5 (RFC 1321), 128-bit.
    pub const Md5: Algo = Algo::of(&registry::MD5, 0);
    /// SHA-0 (FIPS 180, 1993), 160-bit: the post's "SHA".
    pub const Sha0: Algo = Algo::of(&registry::SHA0, 0);
    /// SHA-1 (FIPS 180-1, 1995), 160-bit.
    pub const Sha1: Algo = Algo::of(&registry::SHA1, 0);
}

impl Algo {
    /// Member `index` of `hash`.
    ///
    /// # Panics
    /// When `index` is not a member's (a defect of the caller: the registry is static).
    pub const fn of(hash: &'static Hash, index: usize) -> Algo {
        Algo {
            hash,
            member: &hash.members[index],
        }
    }

    /// Parses a name of the registry, case-insensitive: an entry's name or alias (its default
    /// member: `md5`, `sha` = `sha0`, `haval` = HAVAL-256/3) or a member's own name
    /// (`haval-128-3`, also `haval128,3` as PHP spells it).
    ///
    /// # Errors
    /// [`DataError::UnknownHash`] with the accepted names ([`names`]).
    pub fn parse(s: &str) -> Result<Algo> {
        let t = s.trim().to_ascii_lowercase();
        for &h in HASHES {
            if h.name == t || h.aliases.contains(&t.as_str()) {
                return Ok(Algo::of(h, h.default_member));
            }
        }
        for &h in HASHES {
            if let Some(i) = h.parse_member.and_then(|p| p(&t)) {
                return Ok(Algo::of(h, i));
            }
        }
        let spellings = HASHES.iter().flat_map(|h| {
            std::iter::once(h.name)
                .chain(h.aliases.iter().copied())
                .map(|a| (a, h.name))
        });
        Err(DataError::UnknownHash {
            name: s.to_string(),
            known: names(),
            suggest: crate::error::suggest::closest(s.trim(), spellings),
        }
        .into())
    }

    /// Display name: "MD5", "SHA-0", "HAVAL-256/3", ...
    pub fn name(&self) -> &'static str {
        self.member.name
    }

    /// The registry entry it belongs to.
    pub fn entry(&self) -> &'static Hash {
        self.hash
    }

    /// Digest length in bytes.
    pub fn output_bytes(&self) -> usize {
        self.member.output_bytes
    }

    /// Where the implementation comes from, for reports: "RustCrypto md-5 0.11" (crate name
    /// and the major.minor of its version in Cargo.lock) or "pkbench, src/hash/sha0.rs".
    pub fn implementation(&self) -> String {
        match self.hash.code {
            Code::Crate(name) => format!(
                "RustCrypto {name} {}",
                short_version(crate::implementation::crate_version(name))
            ),
            Code::Own(file) => format!("pkbench, {file}"),
            Code::Library(l) => format!("no code in pkbench ({} computes it)", l.name()),
        }
    }

    /// Who computes it, for the result record: the crate or pkbench's own code, with the CPU
    /// features among [`Hash::cpu_features`] that this CPU has (for a [`Code::Library`]
    /// entry, the library by name: its version is known only once it is loaded).
    pub fn code(&self) -> Implementation {
        let imp = match self.hash.code {
            Code::Crate(name) => Implementation::of_crate(name),
            Code::Own(_) => Implementation::own(""),
            Code::Library(l) => Implementation::library(l.name(), "unknown", ""),
        };
        let have = crate::measure::machine::cpu_features();
        let used: Vec<&str> = self
            .hash
            .cpu_features
            .iter()
            .copied()
            .filter(|f| have.iter().any(|h| h == f))
            .collect();
        imp.using(&used)
    }

    /// pkbench's own code for it (or its crate's), `None` for a hash only a library
    /// computes here ([`Code::Library`]).
    pub fn own(&self) -> Option<&'static Digests> {
        self.member.own.as_ref()
    }

    /// The library that alone computes it here when pkbench has no code for it
    /// ([`Code::Library`]: libgcrypt for RIPEMD-160, Tiger, WHIRLPOOL, CRC-32, CRC-24).
    pub fn only_library(&self) -> Option<Library> {
        match self.hash.code {
            Code::Library(l) => Some(l),
            Code::Crate(_) | Code::Own(_) => None,
        }
    }

    /// The digest of `data` by pkbench's own code, `None` when it has none ([`Algo::own`]).
    pub fn digest(&self, data: &[u8]) -> Option<Vec<u8>> {
        self.own().map(|d| (d.digest)(data))
    }

    /// Known-answer vectors (message, digest) for this function.
    pub fn known_answers(&self) -> Vec<(Vec<u8>, Vec<u8>)> {
        (self.member.known_answers)()
            .into_iter()
            .map(|k| (k.message, k.digest))
            .collect()
    }

    /// Where the known answers come from.
    pub fn known_answers_source(&self) -> &'static str {
        self.hash.known_answers_source
    }

    /// Checks every known answer of this function on pkbench's own code (outside any timed
    /// region) and returns how many were checked: 0 when pkbench has no code for it (the
    /// library that computes it is checked on the same answers, `bench::hash`).
    ///
    /// # Errors
    /// [`Error::Runtime`] naming the function and message when a digest is wrong.
    pub fn check_known_answers(&self) -> Result<usize> {
        let Some(own) = self.own() else {
            return Ok(0);
        };
        let kats = (self.member.known_answers)();
        for k in &kats {
            if (own.digest)(&k.message) != k.digest {
                return Err(Error::runtime(format!(
                    "{}: known-answer check failed on the message {}",
                    self.name(),
                    k.describe()
                )));
            }
        }
        Ok(kats.len())
    }
}

/// Every function of the registry, entry by entry, member by member.
pub fn all() -> impl Iterator<Item = Algo> {
    HASHES
        .iter()
        .flat_map(|&h| (0..h.members.len()).map(move |i| Algo::of(h, i)))
}

/// The accepted names for error messages: "md5, md4, …, haval (= haval-256-3),
/// haval-BITS-PASSES (BITS 128|160|192|224|256, PASSES 3|4|5)".
pub fn names() -> String {
    let list: Vec<&str> = HASHES.iter().map(|h| h.list).collect();
    let notes: String = HASHES.iter().map(|h| h.list_note).collect();
    format!("{}{notes}", list.join(", "))
}

/// The `--algo` help of `pkbench hash`: "Hash function: md5, md4, sha0 (…), …", then the
/// names only a library computes here ("; computed by libgcrypt only (--impl gcrypt):
/// ripemd160, …"); no final period, as clap gives one-sentence help.
pub fn help() -> String {
    let list: Vec<&str> = HASHES.iter().map(|h| h.help).collect();
    let mut text = format!("Hash function: {}", list.join(", "));
    for lib in crate::implementation::Library::ALL {
        let only: Vec<&str> = HASHES
            .iter()
            .filter(|h| h.code == Code::Library(lib))
            .map(|h| h.name)
            .collect();
        if !only.is_empty() {
            let name = lib.name();
            text += &format!(
                "; computed by lib{name} only (--impl {name}): {}",
                only.join(", ")
            );
        }
    }
    text
}

/// The one-line description of `pkbench hash`: "Time a hash function's throughput (MB/s):
/// MD5, MD4, …".
pub fn about() -> String {
    let list: Vec<&str> = HASHES.iter().map(|h| h.title).collect();
    format!(
        "Time a hash function's throughput (MB/s): {}",
        list.join(", ")
    )
}

/// The names `pkbench suite` times (`--algo NAME`), in registry order.
pub fn suite() -> Vec<&'static str> {
    HASHES
        .iter()
        .filter(|h| h.in_suite)
        .map(|h| h.name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_names() {
        assert_eq!(Algo::parse("MD5").unwrap(), Algo::Md5);
        assert_eq!(Algo::parse("sha").unwrap(), Algo::Sha0);
        assert_eq!(Algo::parse("haval").unwrap(), HAVAL_DEFAULT);
        assert_eq!(HAVAL_DEFAULT.name(), "HAVAL-256/3");
        assert_eq!(Algo::parse("haval-128-3").unwrap().name(), "HAVAL-128/3");
        assert_eq!(Algo::parse("haval224,5").unwrap().name(), "HAVAL-224/5");
        assert_eq!(Algo::parse(" Haval_160/4 ").unwrap().name(), "HAVAL-160/4");
        for bad in ["sha2", "haval-100-3", "haval-128-6", "haval-128", ""] {
            let e = Algo::parse(bad).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{bad}");
        }
        assert_eq!(
            Algo::parse("sha3").unwrap_err().message(),
            "hash \"sha3\": unknown hash; did you mean sha0 or sha1? (use one of md5, md4, sha0, sha1, sha256, sha224, \
             sha384, sha512, ripemd160, tiger192, tiger, whirlpool, crc32, crc24, haval (= haval-256-3), haval-BITS-PASSES (BITS 128|160|192|224|256, PASSES 3|4|5))"
        );
    }

    #[test]
    fn every_name_parses_to_its_entry() {
        for &h in HASHES {
            for n in std::iter::once(&h.name).chain(h.aliases) {
                let a = Algo::parse(n).unwrap();
                assert_eq!(a.entry().name, h.name, "{n}");
                assert_eq!(a, Algo::of(h, h.default_member));
            }
        }
        assert_eq!(all().count(), 14 + 15);
        let names: std::collections::BTreeSet<&str> = all().map(|a| a.name()).collect();
        assert_eq!(names.len(), 29, "member names are unique");
    }

    #[test]
    fn every_algo_passes_its_known_answers() {
        let mut library_only = Vec::new();
        for a in all() {
            let n = a.check_known_answers().unwrap();
            let Some(own) = a.own() else {
                // Checked through libgcrypt (peers::gcrypt's tests, bench::hash).
                assert_eq!((n, a.only_library()), (0, Some(Library::Gcrypt)), "{a:?}");
                assert!(a.known_answers().len() >= 2, "{a:?}");
                library_only.push(a.entry().name);
                continue;
            };
            assert_eq!(a.only_library(), None);
            assert!(n >= 3, "{}: only {n} vectors", a.name());
            let digest = |d: &[u8]| a.digest(d).unwrap();
            assert_eq!(digest(b"x").len(), a.output_bytes());
            let data: Vec<u8> = (0..1000u32).map(|i| (i * 7) as u8).collect();
            assert_eq!((own.digest_in_pieces)(&data), digest(&data), "{}", a.name());
            let mut out = vec![0u8; a.output_bytes()];
            (own.digest_into)(&data, &mut out);
            assert_eq!(out, digest(&data), "{}", a.name());
            for write in [0, 1, 7, 100, 1000, 5000] {
                out.fill(0);
                (own.digest_writes)(&data, write, &mut out);
                assert_eq!(out, digest(&data), "{} writes of {write}", a.name());
            }
            out.fill(0);
            (own.digest_putc)(&data, &mut out);
            assert_eq!(out, digest(&data), "{} putc", a.name());
        }
        assert_eq!(
            library_only,
            [
                "ripemd160",
                "tiger192",
                "tiger",
                "whirlpool",
                "crc32",
                "crc24"
            ]
        );
    }

    #[test]
    fn a_wrong_digest_is_caught() {
        // The check compares real values: MD4's vectors do not pass as MD5's.
        let md4 = Algo::Md4.known_answers();
        assert!(md4.iter().any(|(m, d)| Algo::Md5.digest(m).unwrap() != *d));
    }

    #[test]
    fn the_2013_table_names_parse() {
        for (name, display, bytes) in [
            ("ripemd160", "RIPEMD-160", 20),
            ("RMD160", "RIPEMD-160", 20),
            ("tiger192", "TIGER192", 24),
            ("tiger1", "Tiger", 24),
            ("sha512", "SHA-512", 64),
            ("sha-384", "SHA-384", 48),
            ("sha224", "SHA-224", 28),
            ("whirlpool", "WHIRLPOOL", 64),
            ("crc32", "CRC-32", 4),
            ("crc24", "CRC-24", 3),
        ] {
            let a = Algo::parse(name).unwrap();
            assert_eq!((a.name(), a.output_bytes()), (display, bytes), "{name}");
        }
        let r = Algo::parse("ripemd160").unwrap();
        assert!(r.own().is_none() && r.digest(b"abc").is_none());
        assert_eq!(
            r.implementation(),
            "no code in pkbench (gcrypt computes it)"
        );
        assert_eq!(
            Algo::parse("sha512")
                .unwrap()
                .check_known_answers()
                .unwrap(),
            3
        );
        assert!(help().ends_with(
            "; computed by libgcrypt only (--impl gcrypt): ripemd160, tiger192, tiger, \
             whirlpool, crc32, crc24"
        ));
    }

    #[test]
    fn sha256_is_one_entry_with_fips_180_4_answers() {
        let a = Algo::parse("sha256").unwrap();
        assert_eq!((a.name(), a.output_bytes()), ("SHA-256", 32));
        let kats = a.known_answers();
        assert_eq!(kats.len(), 3);
        assert_eq!(kats[2].0.len(), 1_000_000);
        assert_eq!(a.check_known_answers().unwrap(), 3);
        assert_eq!(a.code().name, "sha2");
        assert!(a.implementation().starts_with("RustCrypto sha2 0."));
        assert!(help().contains("sha256 (FIPS 180-4)"));
        assert!(!suite().contains(&"sha256"));
    }

    #[test]
    fn derived_lists() {
        assert_eq!(suite(), ["md5", "md4", "sha0", "sha1", "haval"]);
        assert!(help().starts_with(
            "Hash function: md5, md4, sha0 (FIPS 180, the 1995 \"SHA\"), sha1, sha256 (FIPS \
             180-4), sha224, sha384, sha512, ripemd160, tiger192"
        ));
        assert!(
            help().contains("or haval-BITS-PASSES with BITS 128|160|192|224|256 and PASSES 3|4|5;")
        );
        assert_eq!(
            about(),
            "Time a hash function's throughput (MB/s): MD5, MD4, SHA-0, SHA-1, SHA-256, SHA-224, \
             SHA-384, SHA-512, RIPEMD-160, TIGER192, Tiger, WHIRLPOOL, CRC-32, CRC-24, HAVAL"
        );
        assert_eq!(Algo::Md5.implementation(), "RustCrypto md-5 0.11");
        assert_eq!(Algo::Sha0.implementation(), "pkbench, src/hash/sha0.rs");
        assert_eq!(Algo::Sha0.code().kind, crate::implementation::ImplKind::Own);
    }
}

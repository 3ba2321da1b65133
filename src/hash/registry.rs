//! The registry of hash functions: one [`struct@Hash`] entry per function (or family of functions:
//! HAVAL's fifteen output-length × pass-count members), listed in [`HASHES`]. Everything else
//! is derived from it: `--algo` parsing ([`super::Algo::parse`]), the `--help` text and the
//! error list ([`super::help`], [`super::names`]), the known-answer checks, the bench job
//! ([`crate::bench::hash`]) and the suite's list ([`super::suite`]).
//!
//! To add a hash: write one `static` entry below — name and aliases on the command line, the
//! phrase for `--help`, who implements it ([`Code`]), its member(s) with the digest type
//! (anything implementing [`digest::Digest`]), its known answers and their source, whether
//! the suite times it — and list it in [`HASHES`]. SHA-256 is such an entry.

use super::{haval, sha0, table2013};
use crate::implementation::Library;
use digest::Digest;
use serde::Deserialize;

/// Who implements a hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    /// A RustCrypto crate, by its name on crates.io (`md-5`, `sha1`); the version comes from
    /// Cargo.lock ([`crate::implementation::crate_version`]).
    Crate(&'static str),
    /// pkbench's own code, by its source file (`src/hash/sha0.rs`).
    Own(&'static str),
    /// No code in pkbench: only this library computes it here (`--impl gcrypt`), checked on
    /// the entry's known answers (RIPEMD-160, Tiger, WHIRLPOOL, CRC-32, CRC-24: libgcrypt).
    Library(Library),
}

/// One known answer: a message and its digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownAnswer {
    /// The message.
    pub message: Vec<u8>,
    /// Its digest.
    pub digest: Vec<u8>,
}

impl KnownAnswer {
    /// A known answer from an ASCII message and a hex digest.
    ///
    /// # Panics
    /// When `digest_hex` is not hex: the registry's constants are tested.
    pub fn text(message: &str, digest_hex: &str) -> KnownAnswer {
        KnownAnswer {
            message: message.as_bytes().to_vec(),
            digest: hex::decode(digest_hex).expect("registry digests are hex (tested)"),
        }
    }

    /// The message as error messages quote it: the text when short, else its length.
    pub fn describe(&self) -> String {
        if self.message.len() <= 80 {
            format!("{:?}", String::from_utf8_lossy(&self.message))
        } else {
            format!("of {} bytes", self.message.len())
        }
    }
}

/// One hash function: a fixed output length, pkbench's code for it where it has some (a
/// digest type behind function pointers, each monomorphised for that type, so the timed call
/// runs the crate's own code without dynamic dispatch inside), and its known answers.
#[derive(Debug)]
pub struct Member {
    /// Display name in reports: "MD5", "SHA-256", "HAVAL-256/3".
    pub name: &'static str,
    /// Digest length in bytes.
    pub output_bytes: usize,
    /// pkbench's own code (or its crate's), `None` for a hash only a library computes here
    /// ([`Code::Library`]).
    pub own: Option<Digests>,
    /// The known answers of this member.
    pub known_answers: fn() -> Vec<KnownAnswer>,
}

/// The calls of pkbench's own code for one hash function.
#[derive(Debug)]
pub struct Digests {
    /// The digest of a message, in one call (init, update, final).
    pub digest: fn(&[u8]) -> Vec<u8>,
    /// The digest of a message written into a slice of [`Member::output_bytes`] bytes: what
    /// the bench times (no allocation).
    pub digest_into: fn(&[u8], &mut [u8]),
    /// The digest of a message fed to the hasher in three uneven pieces (another path through
    /// the buffering code), which the bench compares every timed digest with.
    pub digest_in_pieces: fn(&[u8]) -> Vec<u8>,
    /// The digest of a message fed to one hasher in `write`-byte updates (the last one
    /// shorter), written into `out`: libgcrypt's `gcry_md_write` loop (the "buf" and "buf/10"
    /// columns of its `benchmark`). `write` 0 counts as 1.
    pub digest_writes: fn(&[u8], usize, &mut [u8]),
    /// The digest of a message fed one byte value at a time (`update([b])`), written into
    /// `out`: the nearest to libgcrypt's `gcry_md_putc` macro that the `Digest` trait offers.
    pub digest_putc: fn(&[u8], &mut [u8]),
}

impl Member {
    /// The member computed by the digest type `D`, named `name`, checked with `known_answers`.
    pub const fn of<D: Digest>(
        name: &'static str,
        known_answers: fn() -> Vec<KnownAnswer>,
    ) -> Member {
        Member {
            name,
            output_bytes:
                <<D as digest::OutputSizeUser>::OutputSize as digest::typenum::Unsigned>::USIZE,
            own: Some(Digests {
                digest: one_shot::<D>,
                digest_into: one_shot_into::<D>,
                digest_in_pieces: in_pieces::<D>,
                digest_writes: writes::<D>,
                digest_putc: putc::<D>,
            }),
            known_answers,
        }
    }

    /// A member pkbench has no code for (its entry's [`Code::Library`] computes it): a name,
    /// a digest length in bytes and the known answers the library is checked with.
    pub const fn library(
        name: &'static str,
        output_bytes: usize,
        known_answers: fn() -> Vec<KnownAnswer>,
    ) -> Member {
        Member {
            name,
            output_bytes,
            own: None,
            known_answers,
        }
    }
}

fn one_shot<D: Digest>(data: &[u8]) -> Vec<u8> {
    D::digest(data).to_vec()
}

fn one_shot_into<D: Digest>(data: &[u8], out: &mut [u8]) {
    out.copy_from_slice(&D::digest(data));
}

fn writes<D: Digest>(data: &[u8], write: usize, out: &mut [u8]) {
    let mut h = D::new();
    for piece in data.chunks(write.max(1)) {
        h.update(piece);
    }
    out.copy_from_slice(&h.finalize());
}

fn putc<D: Digest>(data: &[u8], out: &mut [u8]) {
    let mut h = D::new();
    for &b in data {
        h.update([b]);
    }
    out.copy_from_slice(&h.finalize());
}

fn in_pieces<D: Digest>(data: &[u8]) -> Vec<u8> {
    let a = data.len() / 3;
    let b = (a + (data.len() - a) / 2 + 1).min(data.len());
    let mut h = D::new();
    h.update(&data[..a]);
    h.update(&data[a..b]);
    h.update(&data[b..]);
    h.finalize().to_vec()
}

/// One entry of the registry: a hash function, or a family of them, with everything the
/// command line, the checks, the bench and the suite need to know.
#[derive(Debug)]
pub struct Hash {
    /// The name on the command line (`--algo md5`), lower case; also the suite's `--algo`.
    pub name: &'static str,
    /// Other accepted spellings, lower case (`sha`, `sha-0`).
    pub aliases: &'static [&'static str],
    /// The family's name in the command's one-line description ("MD5", "HAVAL").
    pub title: &'static str,
    /// Its phrase in `--help` ("sha0 (FIPS 180, the 1995 \"SHA\")").
    pub help: &'static str,
    /// Its phrase in the list of an unknown-name error ("haval (= haval-256-3),
    /// haval-BITS-PASSES").
    pub list: &'static str,
    /// Words the unknown-name error appends after the whole list (HAVAL's parameter ranges),
    /// "" for none.
    pub list_note: &'static str,
    /// Who implements it.
    pub code: Code,
    /// CPU features the implementation uses when the CPU has them, chosen at run time
    /// (`sha`: the SHA extensions, which the `sha1` and `sha2` crates pick on x86).
    pub cpu_features: &'static [&'static str],
    /// Its members: one for a single function, fifteen for HAVAL.
    pub members: &'static [Member],
    /// The member the bare name means.
    pub default_member: usize,
    /// Other names of members (lower case, trimmed), e.g. `haval-128-3`: the member's index,
    /// `None` for a name not of this family. `None` for a single function.
    pub parse_member: Option<fn(&str) -> Option<usize>>,
    /// Where the known answers come from.
    pub known_answers_source: &'static str,
    /// Whether `pkbench suite` times it (by its bare name).
    pub in_suite: bool,
}

/// Every hash pkbench times, in the order of `--help`, error lists and the suite: the 1995
/// post's and SHA-256, then the rest of libgcrypt's 2013 table ([`table2013`]), then HAVAL.
pub static HASHES: &[&Hash] = &[
    &MD5,
    &MD4,
    &SHA0,
    &SHA1,
    &SHA256,
    &table2013::SHA224,
    &table2013::SHA384,
    &table2013::SHA512,
    &table2013::RIPEMD160,
    &table2013::TIGER192,
    &table2013::TIGER,
    &table2013::WHIRLPOOL,
    &table2013::CRC32,
    &table2013::CRC24,
    &HAVAL,
];

/// MD5 (RFC 1321), 128-bit.
pub static MD5: Hash = Hash {
    name: "md5",
    aliases: &[],
    title: "MD5",
    help: "md5",
    list: "md5",
    list_note: "",
    code: Code::Crate("md-5"),
    cpu_features: &[],
    members: &[Member::of::<md5::Md5>("MD5", || suite_answers(|v| &v.md5))],
    default_member: 0,
    parse_member: None,
    known_answers_source: "RFC 1321 test suite (vectors/hash.json)",
    in_suite: true,
};

/// MD4 (RFC 1320), 128-bit.
pub static MD4: Hash = Hash {
    name: "md4",
    aliases: &[],
    title: "MD4",
    help: "md4",
    list: "md4",
    list_note: "",
    code: Code::Crate("md4"),
    cpu_features: &[],
    members: &[Member::of::<md4::Md4>("MD4", || suite_answers(|v| &v.md4))],
    default_member: 0,
    parse_member: None,
    known_answers_source: "RFC 1320 test suite (vectors/hash.json)",
    in_suite: true,
};

/// SHA-0 (FIPS 180, 1993), 160-bit: the 1995 post's "SHA". pkbench's own code
/// ([`sha0`]): no maintained crate implements it.
pub static SHA0: Hash = Hash {
    name: "sha0",
    aliases: &["sha", "sha-0"],
    title: "SHA-0",
    help: "sha0 (FIPS 180, the 1995 \"SHA\")",
    list: "sha0",
    list_note: "",
    code: Code::Own("src/hash/sha0.rs"),
    cpu_features: &[],
    members: &[Member::of::<sha0::Sha0>("SHA-0", || {
        SHA0_VECTORS
            .iter()
            .map(|(m, d)| KnownAnswer::text(m, d))
            .collect()
    })],
    default_member: 0,
    parse_member: None,
    known_answers_source: "FIPS 180 appendices A and B, and the empty message",
    in_suite: true,
};

/// SHA-1 (FIPS 180-1, 1995), 160-bit.
pub static SHA1: Hash = Hash {
    name: "sha1",
    aliases: &["sha-1"],
    title: "SHA-1",
    help: "sha1",
    list: "sha1",
    list_note: "",
    code: Code::Crate("sha1"),
    cpu_features: &["sha"],
    members: &[Member::of::<sha1::Sha1>("SHA-1", || {
        suite_answers(|v| &v.sha1)
    })],
    default_member: 0,
    parse_member: None,
    known_answers_source: "the RFC 1321 suite's messages (vectors/hash.json)",
    in_suite: true,
};

/// SHA-256 (FIPS 180-4), 256-bit, from the RustCrypto `sha2` crate. Not in the suite, whose
/// list is the 1995 post's hashes (flip `in_suite` to time it there too).
pub static SHA256: Hash = Hash {
    name: "sha256",
    aliases: &["sha-256", "sha2-256"],
    title: "SHA-256",
    help: "sha256 (FIPS 180-4)",
    list: "sha256",
    list_note: "",
    code: Code::Crate("sha2"),
    cpu_features: &["sha"],
    members: &[Member::of::<sha2::Sha256>("SHA-256", || {
        // FIPS 180-4's examples (NIST, "Cryptographic Standards and Guidelines: Examples
        // with Intermediate Values", SHA-256): one block, two blocks, and one million 'a'.
        vec![
            KnownAnswer::text(
                "abc",
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            ),
            KnownAnswer::text(
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            ),
            KnownAnswer {
                message: vec![b'a'; 1_000_000],
                digest: hex::decode(
                    "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
                )
                .expect("hex"),
            },
        ]
    })],
    default_member: 0,
    parse_member: None,
    known_answers_source: "FIPS 180-4 examples (\"abc\", the 448-bit message, one million 'a')",
    in_suite: false,
};

/// A HAVAL member: the digest type, its output bits and passes.
macro_rules! haval {
    ($t:ident, $bits:literal, $passes:literal) => {
        Member::of::<haval::$t>(concat!("HAVAL-", $bits, "/", $passes), || {
            haval_answers($bits, $passes)
        })
    };
}

/// HAVAL (Zheng–Pieprzyk–Seberry 1992), pkbench's own code ([`haval`]): 128 to 256 bits of
/// output × 3 to 5 passes. The bare name is HAVAL-256/3, the compile-time defaults of the
/// reference implementation (`PASS 3`, `FPTLEN 256`) that a 1995 user would have built.
pub static HAVAL: Hash = Hash {
    name: "haval",
    aliases: &[],
    title: "HAVAL",
    help: "haval (= haval-256-3, the reference implementation's default) or \
           haval-BITS-PASSES with BITS 128|160|192|224|256 and PASSES 3|4|5",
    list: "haval (= haval-256-3), haval-BITS-PASSES",
    list_note: " (BITS 128|160|192|224|256, PASSES 3|4|5)",
    code: Code::Own("src/hash/haval.rs"),
    cpu_features: &[],
    members: &[
        haval!(Haval128_3, 128, 3),
        haval!(Haval160_3, 160, 3),
        haval!(Haval192_3, 192, 3),
        haval!(Haval224_3, 224, 3),
        haval!(Haval256_3, 256, 3),
        haval!(Haval128_4, 128, 4),
        haval!(Haval160_4, 160, 4),
        haval!(Haval192_4, 192, 4),
        haval!(Haval224_4, 224, 4),
        haval!(Haval256_4, 256, 4),
        haval!(Haval128_5, 128, 5),
        haval!(Haval160_5, 160, 5),
        haval!(Haval192_5, 192, 5),
        haval!(Haval224_5, 224, 5),
        haval!(Haval256_5, 256, 5),
    ],
    default_member: 4,
    parse_member: Some(parse_haval),
    known_answers_source: "the reference implementation's certified output (vectors/haval.json)",
    in_suite: true,
};

/// `haval-BITS-PASSES` such as `haval-128-3` (also `haval128,3` as PHP spells it, `/` or `_`
/// between the numbers): the member's index in [`HAVAL`].
fn parse_haval(t: &str) -> Option<usize> {
    let rest = t.strip_prefix("haval")?.trim_start_matches(['-', '_']);
    let (b, p) = rest.split_once(['-', ',', '/', '_'])?;
    let (bits, passes): (u32, u32) = (b.parse().ok()?, p.parse().ok()?);
    let name = format!("HAVAL-{bits}/{passes}");
    HAVAL.members.iter().position(|m| m.name == name)
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

/// The RFC 1320/1321 test suites with their MD4, MD5 and SHA-1 digests (see its `about`).
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

/// The messages of `vectors/hash.json` with the digest column `column` picks.
fn suite_answers(column: fn(&HashVector) -> &String) -> Vec<KnownAnswer> {
    let file: HashFile =
        serde_json::from_str(HASH_JSON).expect("vectors/hash.json parses (tested)");
    file.vectors
        .iter()
        .map(|v| KnownAnswer::text(&v.message, column(v)))
        .collect()
}

/// The vectors of `vectors/haval.json` for HAVAL-`bits`/`passes`.
fn haval_answers(bits: u32, passes: u32) -> Vec<KnownAnswer> {
    let file: HavalFile =
        serde_json::from_str(HAVAL_JSON).expect("vectors/haval.json parses (tested)");
    file.vectors
        .iter()
        .filter(|v| v.bits == bits && v.passes == passes)
        .map(|v| KnownAnswer::text(&v.message, &v.digest))
        .collect()
}

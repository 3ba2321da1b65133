//! The binary's text of the problems with files, groups, hex, settings, RSA and bulk data.

use super::s;
use crate::error::{
    DataError, FileError, FileProblem, FileRole, GroupError, HexError, HexProblem, Invalid,
    KeyProblem, ModulusProblem, Origin, Param, RsaError, SettingError, Subject,
};
use std::path::PathBuf;

/// The binary's text of the problems with files, groups, hex, settings, RSA and bulk data.
pub fn cases() -> Vec<(Invalid, &'static str)> {
    let file = || Origin::File(PathBuf::from("bad.toml"));
    vec![
        (
            Invalid::Group(GroupError::Unknown {
                name: s("nope"),
                known: vec![s("gf2-155"), s("x25519")],
                suggest: vec![],
            }),
            "unknown field or group \"nope\"; known: gf2-155, x25519 (see `pkbench groups`)",
        ),
        (
            Invalid::Group(GroupError::Unknown {
                name: s("mlkem-768"),
                known: vec![s("gf2-155"), s("x25519")],
                suggest: vec![s("mlkem768")],
            }),
            "unknown field or group \"mlkem-768\"; did you mean mlkem768? (`pkbench groups` lists them all)",
        ),
        (
            Invalid::File(FileError::Unreadable {
                path: PathBuf::from("/nonexistent.toml"),
                role: FileRole::GroupFile,
                problem: FileProblem::Io(s("No such file or directory (os error 2)")),
            }),
            "--params /nonexistent.toml: cannot read: No such file or directory (os error 2)",
        ),
        (
            Invalid::File(FileError::Unreadable {
                path: PathBuf::from("/dev/zero"),
                role: FileRole::GroupFile,
                problem: FileProblem::NotRegular {
                    kind: "a character device",
                },
            }),
            "--params /dev/zero: not a regular file (a character device); give a group file saved on disk",
        ),
        (
            Invalid::File(FileError::Unreadable {
                path: PathBuf::from("big.toml"),
                role: FileRole::GroupFile,
                problem: FileProblem::TooLarge {
                    bytes: 3 << 20,
                    max: 1 << 20,
                },
            }),
            "--params big.toml: 3145728 bytes, more than the 1 MiB a group file may have",
        ),
        (
            Invalid::File(FileError::Unreadable {
                path: PathBuf::from("/nonexistent/key.pem"),
                role: FileRole::KeyFile,
                problem: FileProblem::Io(s("No such file or directory (os error 2)")),
            }),
            "--key /nonexistent/key.pem: cannot read the key file: No such file or directory (os error 2)",
        ),
        (
            Invalid::File(FileError::Unreadable {
                path: PathBuf::from("fifo"),
                role: FileRole::KeyFile,
                problem: FileProblem::NotRegular { kind: "a FIFO" },
            }),
            "--key fifo: not a regular file (a FIFO); give a key file saved on disk",
        ),
        (
            Invalid::File(FileError::Unreadable {
                path: PathBuf::from("new.json"),
                role: FileRole::Record,
                problem: FileProblem::Grew { max: 64 << 20 },
            }),
            "new.json: grew past 64 MiB while being read, more than a result record may have",
        ),
        (
            Invalid::File(FileError::Unreadable {
                path: PathBuf::from("results"),
                role: FileRole::Record,
                problem: FileProblem::NotRegular {
                    kind: "a directory",
                },
            }),
            "results: not a regular file (a directory); give a result record saved on disk",
        ),
        (
            Invalid::Group(GroupError::NameTaken {
                path: PathBuf::from("mine.toml"),
                name: s("modp-512"),
            }),
            "--params mine.toml: \"modp-512\" is the name of a built-in group, but the file describes another group; give it a name of its own (`name = \"...\"`, or rename the file)",
        ),
        (
            Invalid::Group(GroupError::NotToml {
                path: PathBuf::from("bad5.toml"),
                reason: s("key with no value, expected `=`"),
            }),
            "--params bad5.toml: not a valid group file: key with no value, expected `=`",
        ),
        (
            Invalid::Group(GroupError::IntegerTooLarge {
                path: PathBuf::from("bad1.toml"),
                line: 1,
                key: s("p"),
            }),
            "--params bad1.toml: line 1: `p` is an integer too large for TOML (64 bits at most); write it as a hex string in quotes, e.g. p = \"FFFFFFFF FFFFFFFF C90FDAA2 ...\" (as in the built-in params/modp-*.toml)",
        ),
        (
            Invalid::Group(GroupError::UnknownFamily {
                origin: Origin::File(PathBuf::from("bad4.toml")),
            }),
            "--params bad4.toml: no `family` key and no `p`: cannot tell what kind of group this is",
        ),
        (
            Invalid::Group(GroupError::Key {
                origin: file(),
                key: s("m"),
                problem: KeyProblem::Missing,
            }),
            "--params bad.toml: missing key `m`",
        ),
        (
            Invalid::Group(GroupError::Key {
                origin: Origin::Named(s("gf2-155")),
                key: s("b"),
                problem: KeyProblem::NotString,
            }),
            "gf2-155: key `b` must be a string",
        ),
        (
            Invalid::Group(GroupError::Key {
                origin: file(),
                key: s("cofactor"),
                problem: KeyProblem::NotNonNegativeInteger,
            }),
            "--params bad.toml: key `cofactor` must be a non-negative integer",
        ),
        (
            Invalid::Group(GroupError::Check {
                origin: Origin::File(PathBuf::from("bad11.toml")),
                what: s("q has 3 bits, too small a subgroup"),
                check: s("q at least 32 bits"),
            }),
            "--params bad11.toml: invalid group: q has 3 bits, too small a subgroup (check: q at least 32 bits)",
        ),
        (
            Invalid::Group(GroupError::Other {
                origin: Origin::File(PathBuf::from("bad8.toml")),
                problem: s("unknown curve \"ed448\" (pkbench implements p256, k256 and x25519)"),
            }),
            "--params bad8.toml: unknown curve \"ed448\" (pkbench implements p256, k256 and x25519)",
        ),
        (
            Invalid::Hex(HexError {
                what: Param::Secret.into(),
                problem: HexProblem::BadChar { c: 'z', pos: 0 },
            }),
            "--secret: malformed hex: character 'z' at position 0 is not 0-9, a-f or A-F",
        ),
        (
            Invalid::Hex(HexError {
                what: Param::Peer.into(),
                problem: HexProblem::OddDigits { digits: 3 },
            }),
            "--peer: 3 hex digits is not a whole number of bytes; give two digits per byte (write a leading 0 if that is the value meant)",
        ),
        (
            Invalid::Hex(HexError {
                what: Param::Secret.into(),
                problem: HexProblem::Empty,
            }),
            "--secret: empty hex string",
        ),
        (
            Invalid::Hex(HexError {
                what: Subject::GroupKey {
                    origin: Origin::File(PathBuf::from("bad2.toml")),
                    key: s("p"),
                },
                problem: HexProblem::BadChar { c: 'z', pos: 0 },
            }),
            "--params bad2.toml: `p`: malformed hex: character 'z' at position 0 is not 0-9, a-f or A-F",
        ),
        (
            Invalid::Hex(HexError {
                what: Param::Modulus.into(),
                problem: HexProblem::BadChar { c: 'z', pos: 0 },
            }),
            "--modulus: malformed hex: character 'z' at position 0 is not 0-9, a-f or A-F",
        ),
        (
            Invalid::Setting(SettingError::UnknownBackend { name: s("foo") }),
            "--backend \"foo\": unknown backend; use gmp or num-bigint",
        ),
        (
            Invalid::Setting(SettingError::BackendNotBuilt {
                name: s("gmp"),
                feature: s("gmp"),
            }),
            "--backend gmp: this pkbench was built without GMP; rebuild with `cargo run --release --features gmp -- ...` (needs m4: apt-get install m4)",
        ),
        (
            Invalid::Setting(SettingError::TimeBudget {
                seconds: 0.0,
                max: 3600.0,
            }),
            "--time 0: give a number of seconds above 0 and at most 3600, e.g. --time 0.5",
        ),
        (
            Invalid::Setting(SettingError::TimeBudget {
                seconds: 1e300,
                max: 3600.0,
            }),
            "--time 1e300: give a number of seconds above 0 and at most 3600, e.g. --time 0.5",
        ),
        (
            Invalid::Setting(SettingError::TableWindow {
                given: s("99"),
                min: 2,
                max: 12,
            }),
            "PKBENCH_TABLE_WINDOW=99: use 2 to 12 (bits)",
        ),
        (
            Invalid::Rsa(RsaError::KeyBits {
                bits: 128,
                min: 256,
                max: 8192,
            }),
            "--bits 128: RSA key size must be between 256 and 8192 bits, e.g. --bits 512",
        ),
        (
            Invalid::Rsa(RsaError::KeyFile {
                path: PathBuf::from("/nonexistent/key.pem"),
                problem: s("cannot read the key file: No such file or directory (os error 2)"),
            }),
            "--key /nonexistent/key.pem: cannot read the key file: No such file or directory (os error 2)",
        ),
        (
            Invalid::Rsa(RsaError::Chunk {
                chunk: 64,
                modulus_bytes: 64,
            }),
            "--chunk 64: give 1 to 63 bytes (below the 64-byte modulus, so every chunk is less than n)",
        ),
        (
            Invalid::Rsa(RsaError::NoConstantTimePowm {
                backend: s("num-bigint"),
                gmp_built: true,
            }),
            "--powm sec: the num-bigint backend has no constant-time modular exponentiation; use --backend gmp (GMP's mpz_powm_sec) or --powm fast",
        ),
        (
            Invalid::Rsa(RsaError::NoConstantTimePowm {
                backend: s("num-bigint"),
                gmp_built: false,
            }),
            "--powm sec: the num-bigint backend has no constant-time modular exponentiation; use --backend gmp (GMP's mpz_powm_sec; rebuild with --features gmp) or --powm fast",
        ),
        (
            Invalid::Rsa(RsaError::Modulus {
                problem: ModulusProblem::Zero,
            }),
            "--modulus is zero; give an odd RSA modulus",
        ),
        (
            Invalid::Rsa(RsaError::Modulus {
                problem: ModulusProblem::Even,
            }),
            "--modulus is even; an RSA modulus is odd (a product of odd primes)",
        ),
        (
            Invalid::Rsa(RsaError::Modulus {
                problem: ModulusProblem::One,
            }),
            "--modulus 1 is degenerate (every result is 0); an RSA modulus is an odd product of primes, at least 3",
        ),
        (
            Invalid::Rsa(RsaError::InputNotBelowModulus),
            "--input is not below --modulus (RFC 8017 §5.1.1: message representative out of range)",
        ),
        (
            Invalid::Rsa(RsaError::RawTooLarge {
                what: Param::Exponent,
                bits: 20000,
                max: 16384,
            }),
            "--exponent has 20000 bits; rsa-raw takes at most 16384 (twice the largest key `pkbench rsa` times)",
        ),
        (
            Invalid::Setting(SettingError::UnknownImpl {
                name: s("opensl"),
                known: vec![s("pkbench"), s("openssl")],
                suggest: vec![s("openssl")],
            }),
            "--impl \"opensl\": unknown implementation; did you mean openssl? (use pkbench, openssl, a comma-separated list of them, or all)",
        ),
        (
            Invalid::Data(DataError::UnknownHash {
                name: s("sha265"),
                known: s("md5, sha256"),
                suggest: vec![s("sha256")],
            }),
            "--algo \"sha265\": unknown hash; did you mean sha256? (use one of md5, sha256)",
        ),
        (
            Invalid::Setting(SettingError::UnknownReproTable {
                name: s("1996"),
                known: vec![s("1995"), s("gnupg-2000")],
            }),
            "repro \"1996\": no such table; known: 1995, gnupg-2000",
        ),
        (
            Invalid::Data(DataError::UnknownHash {
                name: s("sha3"),
                known: s(
                    "md5, md4, sha0, sha1, haval (= haval-256-3), haval-BITS-PASSES (BITS 128|160|192|224|256, PASSES 3|4|5)",
                ),
                suggest: vec![],
            }),
            "--algo \"sha3\": unknown hash; use one of md5, md4, sha0, sha1, haval (= haval-256-3), haval-BITS-PASSES (BITS 128|160|192|224|256, PASSES 3|4|5)",
        ),
        (
            Invalid::Data(DataError::CipherKeyBits {
                bits: 100,
                cipher: s("aes"),
                sizes: vec![128, 192, 256],
            }),
            "--key-bits 100 is not a key size of aes: use one of 128, 192, 256",
        ),
        (
            Invalid::Data(DataError::StreamCipherMode {
                cipher: s("arcfour"),
                mode: s("CBC"),
            }),
            "arcfour is a stream cipher: it has no CBC mode (use --mode stream or no --mode)",
        ),
        (
            Invalid::Data(DataError::ChunkSize {
                given: 1001,
                multiple: 8,
                max: 7_500_000,
            }),
            "--block 1001: give a number of bytes from 8 to 7500000 that is a multiple of 8, e.g. --block 10000",
        ),
        (
            Invalid::Data(DataError::ChunkSize {
                given: 0,
                multiple: 1,
                max: 7_500_000,
            }),
            "--block 0: give a number of bytes from 1 to 7500000, e.g. --block 10000",
        ),
        (
            Invalid::Data(DataError::SlopeSizes {
                min: 64,
                max: 32,
                limit: 16_777_216,
            }),
            "buffer sizes 64..32 bytes: give 1 <= --min-bytes <= --max-bytes <= 16777216",
        ),
        (
            Invalid::Data(DataError::SlopeTooFewSizes),
            "a slope needs at least 2 distinct buffer sizes: raise --points or widen the range",
        ),
        (
            Invalid::Setting(SettingError::Threads {
                value: "0".into(),
                max: 1024,
            }),
            "--threads 0: give all (every CPU this process may use) or a count from 1 to 1024",
        ),
        (
            Invalid::Setting(SettingError::ThreadsUnsupported {
                what: "RSA-512 (gmp)".into(),
            }),
            "--threads: RSA-512 (gmp) is not timed in threads (pkbench's own dh, rsa, hash and cipher are; leave out --impl)",
        ),
    ]
}

use super::*;
use crate::error::{
    DataError, FileError, Invalid, KemError, OutputProblem, RecordError, SecretError,
};
use std::path::PathBuf;

mod inputs;
mod values;

fn s(x: &str) -> String {
    x.to_string()
}

/// The problems typed since: output paths, records, KEMs, buffer lists.
fn more_cases() -> Vec<(Invalid, &'static str)> {
    let out = |problem| FileError::Output {
        path: PathBuf::from("r.json"),
        problem,
    };
    let kem = |what, want: &[usize], got| KemError::Length {
        kem: s("ML-KEM-768"),
        what,
        want: want.to_vec(),
        got,
    };
    vec![
        (
            out(OutputProblem::NoDirectory {
                dir: PathBuf::from("no/dir"),
            })
            .into(),
            "--output r.json: directory no/dir does not exist",
        ),
        (
            out(OutputProblem::IsDirectory).into(),
            "--output r.json: is a directory; give a file name",
        ),
        (
            out(OutputProblem::Exists).into(),
            "--output r.json: file exists; add --force to replace it or choose another name",
        ),
        (
            out(OutputProblem::NotReplaceable {
                reason: s("Operation not permitted (os error 1)"),
            })
            .into(),
            "--output r.json: exists and cannot be replaced (Operation not permitted (os error 1)); check its permissions and attributes (lsattr, chattr -i) or choose another name",
        ),
        (
            out(OutputProblem::Special {
                kind: "a symbolic link",
            })
            .into(),
            "--output r.json: is a symbolic link, not a regular file; refused even with --force (give a new file name)",
        ),
        (
            out(OutputProblem::CannotCreate {
                dir: PathBuf::from("/proc"),
                reason: s("No such file or directory (os error 2)"),
            })
            .into(),
            "--output r.json: cannot create a file in /proc (No such file or directory (os error 2)); give a path in a directory you can write to",
        ),
        (
            RecordError::NoSchema {
                origin: s("x.json"),
            }
            .into(),
            "x.json: no \"schema\" key: not a pkbench result record (save one with --output FILE)",
        ),
        (
            RecordError::Contradiction {
                origin: s("x.json"),
                what: s("Total 3 ms is not 2*Offer + Reply"),
            }
            .into(),
            "x.json: the record's stored figures contradict each other: Total 3 ms is not 2*Offer + Reply (pkbench writes none such: the file was edited or damaged; measure again)",
        ),
        (
            RecordError::NothingToPlot { command: s("rsa") }.into(),
            "the rsa record has no Offer/Reply rows with sizes and no Total rows with security estimates to plot; make one with `pkbench scale --output FILE`",
        ),
        (
            DataError::SlopeSizeList {
                size: 17,
                limit: 16_777_216,
            }
            .into(),
            "--sizes: 17 bytes: give multiples of 16 from 16 to 16777216",
        ),
        (
            KemError::Unknown {
                name: s("kyber"),
                known: s("mlkem512, mlkem768"),
                suggest: vec![],
            }
            .into(),
            "--group kyber: unknown KEM (known: mlkem512, mlkem768)",
        ),
        (
            KemError::Unknown {
                name: s("mlkem-786"),
                known: s("mlkem512, mlkem768"),
                suggest: vec![s("mlkem768")],
            }
            .into(),
            "--group mlkem-786: unknown KEM; did you mean mlkem768? (known: mlkem512, mlkem768)",
        ),
        (
            KemError::UnknownImpl {
                name: s("x"),
                known: s("ml-kem, libcrux"),
                suggest: vec![],
            }
            .into(),
            "--impl x: unknown implementation (known: ml-kem, libcrux, all)",
        ),
        (
            kem(Param::Ek, &[1184], 3).into(),
            "--ek: ML-KEM-768 takes 1184 bytes (2368 hex digits), got 3 bytes",
        ),
        (
            kem(Param::Dk, &[64, 2400], 1).into(),
            "--dk: ML-KEM-768 takes 64 or 2400 bytes (128 or 4800 hex digits), got 1 byte",
        ),
        (
            kem(Param::KemSeed, &[64], 0).into(),
            "--d/--z: ML-KEM-768 takes 64 bytes (128 hex digits), got 0 bytes",
        ),
        (
            kem(Param::KemM, &[32], 31).into(),
            "--m: ML-KEM-768 takes 32 bytes (64 hex digits), got 31 bytes",
        ),
        (
            KemError::KeyModulus {
                kem: s("ML-KEM-768"),
            }
            .into(),
            "--ek: not a valid ML-KEM-768 encapsulation key: a coefficient is not below q = 3329 (FIPS 203 §7.2 modulus check)",
        ),
        (
            KemError::KeyHash {
                kem: s("ML-KEM-768"),
            }
            .into(),
            "--dk: not a valid ML-KEM-768 decapsulation key: its H(ek) is not the hash of its ek (FIPS 203 §7.3 hash check)",
        ),
    ]
}

/// Every typed problem rendered, against the exact text the binary prints (for the problems
/// that were typed at 99687b7, the text the library built before).
#[test]
fn every_problem_renders_as_before() {
    let cases: Vec<(Invalid, &str)> = inputs::cases()
        .into_iter()
        .chain(values::cases())
        .chain(more_cases())
        .collect();
    for (problem, want) in &cases {
        assert_eq!(render(&problem.clone().into()), *want, "{problem:?}");
        // The library's own wording names no flag.
        let neutral = problem.to_string();
        assert!(!neutral.contains("--"), "{neutral}");
        assert!(!neutral.contains("PKBENCH_"), "{neutral}");
    }
    assert_eq!(
        render(&Error::from(Invalid::Secret(SecretError::ScalarZero))),
        "secret is zero: give a non-zero secret (hex)"
    );
    assert_eq!(render(&Error::input("as is")), "as is");
    assert_eq!(
        render(&Error::input("unknown field `a\nb`\r\u{1b}[2J")),
        "unknown field `a\\nb`\\r\\u{1b}[2J"
    );
    assert_eq!(
        render_warning(&Warning::Gf2mCodeIgnored {
            value: s("foo"),
            known: s("pclmulqdq")
        }),
        "PKBENCH_GF2M=\"foo\" ignored: the only value is pclmulqdq"
    );
}

/// The library's names are its own (no flag, no environment variable), and the binary's
/// table names every parameter (only a positional argument by nothing).
#[test]
fn every_parameter_has_a_noun_and_a_flag() {
    use Param::*;
    let all = [
        Secret,
        Peer,
        SecretSize,
        Group,
        GroupFile,
        KeyFile,
        Record,
        Output,
        Force,
        Backend,
        Build,
        Feature,
        Time,
        TableWindow,
        Gf2mCode,
        Threads,
        Impl,
        ReproTable,
        RsaBits,
        Chunk,
        Powm,
        Modulus,
        Exponent,
        Input,
        Hash,
        KeyBits,
        Mode,
        Block,
        MinBytes,
        MaxBytes,
        Sizes,
        Points,
        Ek,
        Dk,
        Ct,
        KemSeed,
        KemD,
        KemZ,
        KemM,
        KemX25519,
        ScaleRecord,
    ];
    for p in all {
        let noun = p.noun();
        assert!(
            !noun.is_empty() && !noun.contains('-') && !noun.contains("PKBENCH"),
            "{p:?}"
        );
        assert_eq!(flag(p).is_empty(), p == Record, "{p:?}");
    }
    assert_eq!(
        Warning::Gf2mCodeIgnored {
            value: s("foo"),
            known: s("pclmulqdq")
        }
        .to_string(),
        "GF(2^m) code \"foo\" ignored: the only value is pclmulqdq"
    );
}

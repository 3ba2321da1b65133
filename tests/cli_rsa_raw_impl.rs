//! Issue 30 item 5: `rsa-raw --impl`. input^exponent mod modulus through pkbench's own
//! bignum backends (`num-bigint`, `gmp-linked` with `--features gmp`) and the system's
//! OpenSSL (`BN_mod_exp_mont`), libgcrypt (`gcry_mpi_powm`) and libgmp (`mpz_powm`), every
//! value equal to pkbench's own and zero-padded to the modulus length; pkbench's own checks
//! refuse bad values before any library sees them.

mod common;

use common::{Pkbench, library_missing, pkbench_input_error, pkbench_ok};

/// The libraries `--impl all` asks after pkbench's backends, in order.
const LIBRARIES: [&str; 3] = ["openssl", "gcrypt", "gmp"];

/// pkbench's own backends in the order `--impl all` gives them: the build's default first.
fn backends() -> Vec<&'static str> {
    if cfg!(feature = "gmp") {
        vec!["gmp-linked", "num-bigint"]
    } else {
        vec!["num-bigint", "gmp-linked"]
    }
}

/// A 512-bit RSA key made and checked outside pkbench (python3: two 256-bit primes p, q
/// from `random.seed(30512)` by Miller-Rabin, n = p·q, e = 65537, d = e⁻¹ mod (p−1)(q−1)).
const N: &str = "c9aca6c628557c17af6a9da918e851de1e657035f1f99e277e9dd9c491c7efb865245500e7908248ce033bde84d666ef2db3338a4bda137ecf22e7e6cc4226f3";
const D: &str = "801d9700b124c52542c18710a20b0bdf000e4ebf664dbdc3b732cde18afea970a7d065d08e7999bd6d9d0d7edfd59ae52fecf2b4d8c186730cd0501169522311";
/// The 32 bytes "pkbench rsa-raw --impl, issue 30".
const M: &str = "706b62656e6368207273612d726177202d2d696d706c2c206973737565203330";
/// python3: `format(pow(M, 65537, N), '0128x')`.
const C: &str = "5957dc1f50d59ce58f655d1cff2c12d07120b2bc6009d34bc6a4830bc9d6df8df659db6ffcb06b12a0d1ec7e05a38cb8d319a68941025e19f8882c2c160810a2";
/// python3: the first k from 2 up whose `pow(k, 65537, N)` has two leading zero bytes:
/// k = 0x2adb, and that value.
const K: &str = "2adb";
const K_E: &str = "0000f283b159feb930a46eb0eeb0f4417bcfde5575d846f2667d4e0c42d5dd62ecf7adca6906a8fcd345e430b422c15d19f60b7f8e3c040f94e55fd62d79e1d5";

/// `rsa-raw` on `n`, `e`, `m` with `extra` arguments.
fn raw<'a>(n: &'a str, e: &'a str, m: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec!["rsa-raw", "--modulus", n, "--exponent", e, "--input", m];
    v.extend(extra);
    v
}

/// The `NAME: VALUE` lines of a run with several implementations (notes apart), in order;
/// every library not among them is accounted for ([`library_missing`]: with the libraries
/// hidden the output says "not found").
#[track_caller]
fn labelled(out: &str, what: &str) -> Vec<(String, String)> {
    let values: Vec<(String, String)> = out
        .lines()
        .filter_map(|l| l.split_once(": "))
        .filter(|(name, _)| *name != "note")
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    for lib in LIBRARIES {
        if !values.iter().any(|(n, _)| n == lib) {
            library_missing(out, lib, what);
        }
    }
    values
}

/// The textbook case (n = 3233, e = 17, m = 65: 0ae6) through each implementation alone,
/// and through `all`: every label once, in order, pkbench's backends first.
#[test]
fn the_textbook_case_through_every_implementation() {
    let args = raw("0ca1", "11", "41", &[]);
    assert_eq!(pkbench_ok(&args), "0ae6\n");
    for imp in ["pkbench", "num-bigint"] {
        assert_eq!(
            pkbench_ok(&raw("0ca1", "11", "41", &["--impl", imp])),
            "0ae6\n"
        );
    }
    let out = pkbench_ok(&raw("0ca1", "11", "41", &["--impl", "all"]));
    let values = labelled(&out, "rsa-raw --impl all");
    let names: Vec<&str> = values.iter().map(|(n, _)| n.as_str()).collect();
    let mut want: Vec<&str> = backends();
    if !cfg!(feature = "gmp") {
        // Not built in: a note, not a value.
        want.retain(|b| *b != "gmp-linked");
        assert!(
            out.contains("note: gmp-linked (rsa-raw): ") && out.contains("--features gmp"),
            "{out}"
        );
    }
    want.extend(LIBRARIES.iter().filter(|l| names.contains(l)));
    assert_eq!(names, want, "{out}");
    for (name, v) in &values {
        assert_eq!(v, "0ae6", "{name}");
    }
    // Each library alone prints its value alone.
    for lib in LIBRARIES {
        let (code, out, err) = Pkbench::new(&raw("0ca1", "11", "41", &["--impl", lib])).run();
        if code == 2 && err.contains("nothing asked for can compute") {
            library_missing(&err, lib, "rsa-raw --impl LIB");
            continue;
        }
        assert_eq!((code, out.as_str()), (0, "0ae6\n"), "{lib}: {err}");
    }
}

/// A 512-bit key computed outside pkbench: m^e and c^d through every implementation. The
/// private result is the 32-byte m with 32 leading zero bytes, kept by everyone; so are the
/// two leading zero bytes of K^e.
#[test]
fn a_512_bit_key_and_leading_zero_bytes_through_every_implementation() {
    let m_padded = format!("{}{M}", "00".repeat(32));
    for (e, m, want) in [
        ("10001", M, C),
        (D, C, m_padded.as_str()),
        ("10001", K, K_E),
    ] {
        assert_eq!(want.len(), 128);
        assert_eq!(pkbench_ok(&raw(N, e, m, &[])), format!("{want}\n"));
        let out = pkbench_ok(&raw(N, e, m, &["--impl", "all"]));
        let values = labelled(&out, "rsa-raw --impl all, 512 bits");
        assert!(!values.is_empty(), "{out}");
        for (name, v) in &values {
            assert_eq!(v, want, "{name}: {out}");
        }
    }
}

/// pkbench's own checks refuse a bad input or modulus with the message they give without
/// `--impl`, whichever implementations are named (found here or not): exit 2, one line.
#[test]
fn bad_values_are_refused_before_any_library() {
    for (n, m, says) in [
        ("0ca1", "0ca1", "is not below"),
        ("0ca2", "41", "is even"),
        ("01", "00", "is degenerate"),
    ] {
        let want = pkbench_input_error(&raw(n, "11", m, &[]));
        assert!(want.contains(says), "{want}");
        for imp in [
            "openssl",
            "gcrypt",
            "gmp",
            "all",
            "pkbench,gmp",
            "gmp-linked",
        ] {
            let got = pkbench_input_error(&raw(n, "11", m, &["--impl", imp]));
            assert_eq!(got, want, "--impl {imp}");
        }
    }
    let e = pkbench_input_error(&raw("0ca1", "11", "0ca2", &["--impl", "all"]));
    assert!(
        e.contains("--input") && e.contains("is not below") && e.contains("--modulus"),
        "{e}"
    );
}

/// Unknown names get the closest known ones, pkbench's backends included; a crate or the
/// portable twin is `dh`'s alone.
#[test]
fn unknown_implementations_are_refused_with_the_closest_names() {
    for (name, mean) in [
        ("opensl", "did you mean openssl?"),
        ("gmp-linkd", "did you mean gmp-linked?"),
        ("num-bignt", "did you mean num-bigint?"),
    ] {
        let e = pkbench_input_error(&raw("0ca1", "11", "41", &["--impl", name]));
        assert!(
            e.contains("unknown implementation") && e.contains(mean),
            "{name}: {e}"
        );
    }
    let e = pkbench_input_error(&raw("0ca1", "11", "41", &["--impl", "aws-lc-rs"]));
    assert!(
        e.contains("pkbench runs the crate for dh on x25519") && e.contains("hash on sha1"),
        "{e}"
    );
    let e = pkbench_input_error(&raw("0ca1", "11", "41", &["--impl", "pkbench-portable"]));
    assert!(e.contains("portable twin"), "{e}");
}

//! Known answers for the prime curves through the command line: `pkbench offer` and
//! `pkbench reply` on published vectors (RFC 7748 §5.2 and §6.1, RFC 5903 §8.1, Project
//! Wycheproof secp256k1), and bad input giving one error line and exit code 2.

mod common;

use common::{pkbench_input_error as bad, pkbench_ok};

/// Runs pkbench, expects success, returns stdout trimmed.
fn ok(args: &[&str]) -> String {
    pkbench_ok(args).trim().to_string()
}

#[test]
fn x25519_rfc7748_section_6_1() {
    let a = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
    let b = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb";
    let pa = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a";
    let pb = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f";
    let k = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";
    assert_eq!(ok(&["offer", "--field", "x25519", "--secret", a]), pa);
    assert_eq!(ok(&["offer", "--field", "curve25519", "--secret", b]), pb);
    assert_eq!(
        ok(&["reply", "--field", "x25519", "--secret", a, "--peer", pb]),
        k
    );
    assert_eq!(
        ok(&["reply", "--field", "x25519", "--secret", b, "--peer", pa]),
        k
    );
}

#[test]
fn x25519_rfc7748_section_5_2() {
    for (k, u, out) in [
        (
            "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
            "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
            "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552",
        ),
        (
            "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
            "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
            "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957",
        ),
    ] {
        assert_eq!(
            ok(&["reply", "--field", "x25519", "--secret", k, "--peer", u]),
            out
        );
    }
}

#[test]
fn p256_rfc5903_section_8_1() {
    let i = "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433";
    let r = "c6ef9c5d78ae012a011164acb397ce2088685d8f06bf9be0b283ab46476bee53";
    let gi = "04dad0b65394221cf9b051e1feca5787d098dfe637fc90b9ef945d0c3772581180\
              5271a0461cdb8252d61f1c456fa3e59ab1f45b33accf5f58389e0577b8990bb3";
    let gr = "04d12dfb5289c8d4f81208b70270398c342296970a0bccb74c736fc7554494bf63\
              56fbf3ca366cc23e8157854c13c58d6aac23f046ada30f8353e74f33039872ab";
    let z = "d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de";
    assert_eq!(ok(&["offer", "--field", "p256", "--secret", i]), gi);
    assert_eq!(ok(&["offer", "--field", "secp256r1", "--secret", r]), gr);
    assert_eq!(
        ok(&["reply", "--field", "p256", "--secret", i, "--peer", gr]),
        z
    );
    assert_eq!(
        ok(&["reply", "--field", "p256", "--secret", r, "--peer", gi]),
        z
    );
    // IKEv2's x||y (RFC 5903 §7) is accepted too.
    assert_eq!(
        ok(&[
            "reply",
            "--field",
            "p256",
            "--secret",
            r,
            "--peer",
            &gi[2..]
        ]),
        z
    );
}

#[test]
fn k256_wycheproof_and_generator() {
    // Project Wycheproof ecdh_secp256k1_test.json tcId 1 (point taken from the SPKI).
    let d = "00f4b7ff7cccc98813a69fae3df222bfe3f4e28f764bf91b4a10d8096ce446b254";
    let q = "04d8096af8a11e0b80037e1ee68246b5dcbb0aeb1cf1244fd767db80f3fa27da2b\
             396812ea1686e7472e9692eaf3e958e50e9500d3b4c77243db1f2acd67ba9cc4";
    assert_eq!(
        ok(&["reply", "--field", "k256", "--secret", d, "--peer", q]),
        "544dfae22af6af939042b1d85b71a1e49e9a5614123c4d6ad0c8af65baf87d65"
    );
    // 1·G is the SEC 2 §2.4.1 generator.
    assert_eq!(
        ok(&["offer", "--field", "secp256k1", "--secret", "1"]),
        "0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798\
         483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"
    );
}

#[test]
fn bad_points_and_secrets_exit_2() {
    let i = "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433";
    // P-256 point with y changed: off the curve.
    let off = "04d12dfb5289c8d4f81208b70270398c342296970a0bccb74c736fc7554494bf63\
               56fbf3ca366cc23e8157854c13c58d6aac23f046ada30f8353e74f33039872aa";
    let e = bad(&["reply", "--field", "p256", "--secret", i, "--peer", off]);
    assert!(
        e.contains("not on the curve: y² ≠ x³ + ax + b mod p for P-256"),
        "{e}"
    );
    bad(&["reply", "--field", "k256", "--secret", i, "--peer", "0411"]);
    // An odd number of hex digits is refused, not read with a leading 0 (which would shift
    // every byte of a 32-byte X25519 string).
    for (flag, secret, peer) in [("--secret", &i[1..], "09"), ("--peer", i, &i[1..])] {
        let e = bad(&[
            "reply", "--field", "x25519", "--secret", secret, "--peer", peer,
        ]);
        assert!(
            e.contains(&format!(
                "{flag}: 63 hex digits is not a whole number of bytes"
            )),
            "{e}"
        );
    }
    let e = bad(&[
        "reply",
        "--field",
        "p256",
        "--secret",
        "1",
        "--peer",
        &off[1..],
    ]);
    assert!(e.contains("129 hex digits"), "{e}");
    // Byte counts read "1 byte", "2 bytes".
    let e = bad(&["reply", "--field", "p256", "--secret", i, "--peer", "04"]);
    assert!(e.contains("got 1 byte") && !e.contains("1 bytes"), "{e}");
    let e = bad(&["reply", "--field", "x25519", "--secret", i, "--peer", "09"]);
    assert!(e.contains("got 1 byte") && !e.contains("1 bytes"), "{e}");
    let e = bad(&["offer", "--field", "x25519", "--secret", "0102"]);
    assert!(e.contains("got 2 bytes"), "{e}");
    // A huge --time is shown as given, not as 301 digits.
    let e = bad(&["dh", "--field", "p256", "--time", "1e300"]);
    assert!(e.contains("'1e300' for '--time"), "{e}");
    let e = bad(&["dh", "--field", "p256", "--time", "4000"]);
    assert!(e.contains("'4000' for '--time"), "{e}");
    // x25519: small-order peer (u = 0) gives the all-zero secret: rejected.
    let zero = "00".repeat(32);
    let e = bad(&[
        "reply",
        "--field",
        "x25519",
        "--secret",
        &"11".repeat(32),
        "--peer",
        &zero,
    ]);
    assert!(e.contains("all zero"), "{e}");
    bad(&["offer", "--field", "x25519", "--secret", "1234"]);
    bad(&["offer", "--field", "p256", "--secret", "0"]);
    let e = bad(&[
        "dh",
        "--field",
        "x25519",
        "--exp-bits",
        "128",
        "--time",
        "0.01",
    ]);
    assert!(e.contains("full"), "{e}");
}

#[test]
fn dh_runs_on_each_prime_curve() {
    for field in ["p256", "k256", "x25519"] {
        for table in ["--table", "--no-table"] {
            let out = ok(&["dh", "--field", field, table, "--time", "0.02", "--json"]);
            let v: serde_json::Value = common::summary_of("dh --json", &out);
            assert_eq!(v["field"], field);
            assert_eq!(v["table"], table == "--table");
            assert!(v["total_ms"].as_f64().unwrap() > 0.0);
        }
    }
    // The Offer row says whether the fixed-base table was used.
    let text = ok(&["dh", "--field", "p256", "--no-table", "--time", "0.02"]);
    assert!(text.contains("Offer (x·G, no table)"), "{text}");
    assert!(!text.contains("fixed-base table"), "{text}");
    let text = ok(&["dh", "--field", "p256", "--table", "--time", "0.02"]);
    assert!(text.contains("Offer (x·G, fixed-base table)"), "{text}");
    // p256 with a short exponent.
    let out = ok(&[
        "dh",
        "--field",
        "p256",
        "--exp-bits",
        "128",
        "--time",
        "0.02",
        "--json",
    ]);
    let v: serde_json::Value = common::summary_of("dh --json", &out);
    assert_eq!(v["exp_bits"], 128);
}

/// x25519 takes only `--exp-bits full` (RFC 7748 §5 clamps every secret): every bit count,
/// 128, 253 (the size of q) and 255 (the clamped scalar) alike, is refused by dh and scale
/// with the same message naming `full`; exit 2, one line, nothing on stdout.
#[test]
fn x25519_exp_bits_only_full() {
    for n in ["128", "253", "255"] {
        let want = format!(
            "pkbench: error: --exp-bits {n}: x25519 takes only full secrets (RFC 7748 §5: a 32-byte string clamped to a 255-bit scalar, 251 random bits); use --exp-bits full"
        );
        for args in [
            vec!["dh", "--field", "x25519", "--exp-bits", n],
            vec!["scale", "--groups", "x25519", "--exp-bits", n],
        ] {
            assert_eq!(bad(&args), want, "{args:?}");
        }
    }
}

/// Each SEC 1 §3.2.2.1 check has its own line (issue 21): the point at infinity, a
/// coordinate not below p, a point off the curve (uncompressed and compressed), a wrong
/// prefix; for X25519 a low-order peer (RFC 7748 §6.1).
#[test]
fn prime_curve_refusals_name_the_check() {
    let i = "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433";
    let p = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff";
    let gy = "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5";
    let gx = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296";
    // x = 1 has no point on P-256 (1 − 3 + b is not a square mod p).
    let x1 = format!("02{:064x}", 1);
    for (peer, want) in [
        ("00".to_string(), "00 is the point at infinity of P-256"),
        (
            format!("04{p}{gy}"),
            "the x-coordinate is out of range: not below p",
        ),
        (
            format!("04{gx}{p}"),
            "the y-coordinate is out of range: not below p",
        ),
        (
            format!("{gx}{p}"),
            "the y-coordinate is out of range: not below p",
        ),
        (
            format!("05{gx}{gy}"),
            "starts with 04 (SEC 1 uncompressed), not 05",
        ),
        (x1, "not on the curve: no P-256 point has this x"),
    ] {
        let e = bad(&["reply", "--field", "p256", "--secret", i, "--peer", &peer]);
        assert!(e.contains(want), "{peer}: {e}");
    }
    let e = bad(&[
        "reply",
        "--field",
        "x25519",
        "--secret",
        i,
        "--peer",
        &"00".repeat(32),
    ]);
    assert!(e.contains("point of small order"), "{e}");
}

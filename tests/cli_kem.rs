//! `pkbench kem keygen|encaps|decaps` and `pkbench dh --group KEM` through the binary: NIST
//! ACVP known answers through both implementations, each refusal (FIPS 203 §7.2 modulus
//! check, wrong lengths, unknown names) as one line with exit code 2, and the
//! implicit-rejection secret of a modified ciphertext (the same through both
//! implementations, and not the real secret).

mod common;

use common::{Pkbench, pkbench_input_error as bad, pkbench_ok, vector_file};
use serde_json::Value;

/// The `NAME HEX` lines of a `pkbench kem` output as (name, hex) pairs.
fn lines(out: &str) -> Vec<(String, String)> {
    out.lines()
        .map(|l| {
            let (k, v) = l.split_once(' ').expect("NAME HEX");
            (k.to_string(), v.to_string())
        })
        .collect()
}

fn kem(args: &[&str]) -> Vec<(String, String)> {
    let mut a = vec!["kem"];
    a.extend_from_slice(args);
    lines(&pkbench_ok(&a))
}

const D: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const Z: &str = "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f";
const M: &str = "4040404040404040404040404040404040404040404040404040404040404040";

#[test]
fn acvp_encapsulation_through_each_implementation() {
    let v = &vector_file("mlkem-acvp.json")["encapsulation"][0];
    let s = |k: &str| v[k].as_str().unwrap().to_lowercase();
    for imp in ["ml-kem", "libcrux-ml-kem", "all"] {
        let out = kem(&[
            "encaps",
            "--group",
            "mlkem512",
            "--impl",
            imp,
            "--ek",
            &s("ek"),
            "--m",
            &s("m"),
        ]);
        assert_eq!(out[0], ("ct".to_string(), s("c")), "{imp}");
        assert_eq!(out[1], ("ss".to_string(), s("k")), "{imp}");
    }
}

#[test]
fn acvp_keygen_ek_hash_through_both() {
    use sha2::Digest;
    let v = &vector_file("mlkem-acvp.json")["keygen"][0];
    let s = |k: &str| v[k].as_str().unwrap().to_string();
    let out = kem(&[
        "keygen",
        "--group",
        "ml-kem-768",
        "--impl",
        "all",
        "--d",
        &s("d"),
        "--z",
        &s("z"),
    ]);
    let ek = hex::decode(&out[0].1).unwrap();
    assert_eq!(hex::encode(sha2::Sha256::digest(&ek)), s("ek_sha256"));
    assert_eq!(hex::decode(&out[1].1).unwrap().len(), 2400);
}

#[test]
fn round_trip_and_implicit_rejection() {
    for group in ["mlkem512", "mlkem768", "mlkem1024"] {
        let kg = kem(&["keygen", "--group", group, "--d", D, "--z", Z]);
        let (ek, dk) = (&kg[0].1, &kg[1].1);
        let en = kem(&["encaps", "--group", group, "--ek", ek, "--m", M]);
        let (ct, ss) = (&en[0].1, &en[1].1);
        let seed = format!("{D}{Z}");
        for key in [dk.as_str(), seed.as_str()] {
            let de = kem(&[
                "decaps", "--group", group, "--impl", "all", "--dk", key, "--ct", ct,
            ]);
            assert_eq!(&de[0].1, ss, "{group}");
        }
        // A modified ciphertext: no error, the implicit-rejection secret J(z ‖ c'), the same
        // through both implementations (--impl all checks that) and not the real secret.
        let mut bad_ct = hex::decode(ct).unwrap();
        bad_ct[5] ^= 0x80;
        let bad_ct = hex::encode(bad_ct);
        let rej = kem(&[
            "decaps", "--group", group, "--impl", "all", "--dk", dk, "--ct", &bad_ct,
        ]);
        assert_ne!(&rej[0].1, ss);
        assert_eq!(rej[0].1.len(), 64);
    }
}

#[test]
fn hybrid_shares_and_secret_sizes() {
    let x = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
    let e = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb";
    let kg = kem(&[
        "keygen",
        "--group",
        "x25519mlkem768",
        "--d",
        D,
        "--z",
        Z,
        "--x25519",
        x,
    ]);
    assert_eq!(kg[0].1.len(), 2 * 1216);
    // RFC 7748 §6.1: Alice's public value closes the client share.
    assert!(
        kg[0]
            .1
            .ends_with("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
    );
    let en = kem(&[
        "encaps",
        "--group",
        "x25519mlkem768",
        "--impl",
        "all",
        "--ek",
        &kg[0].1,
        "--m",
        M,
        "--x25519",
        e,
    ]);
    assert_eq!(en[0].1.len(), 2 * 1120);
    assert!(
        en[0]
            .1
            .ends_with("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
    );
    // The secret: ML-KEM's 32 bytes, then X25519's (RFC 7748 §6.1's shared secret).
    assert_eq!(en[1].1.len(), 128);
    assert!(
        en[1]
            .1
            .ends_with("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742")
    );
    let de = kem(&[
        "decaps",
        "--group",
        "x25519mlkem768",
        "--dk",
        &kg[1].1,
        "--ct",
        &en[0].1,
    ]);
    assert_eq!(de[0].1, en[1].1);
}

#[test]
fn refusals_are_one_line_exit_2() {
    let kg = kem(&["keygen", "--group", "mlkem512", "--d", D, "--z", Z]);
    let (ek, dk) = (&kg[0].1, &kg[1].1);
    // FIPS 203 §7.2: a coefficient not below q (the first one set to 4095).
    let mut b = hex::decode(ek).unwrap();
    b[0] = 0xff;
    b[1] |= 0x0f;
    let b = hex::encode(b);
    for imp in ["ml-kem", "libcrux-ml-kem"] {
        let e = bad(&[
            "kem", "encaps", "--group", "mlkem512", "--impl", imp, "--ek", &b, "--m", M,
        ]);
        assert!(e.contains("modulus check") && e.contains("--ek"), "{e}");
    }
    // Wrong lengths: key, ciphertext, m, d.
    let e = bad(&[
        "kem",
        "encaps",
        "--group",
        "mlkem512",
        "--ek",
        &ek[2..],
        "--m",
        M,
    ]);
    assert!(e.contains("--ek") && e.contains("800 bytes"), "{e}");
    let e = bad(&[
        "kem", "decaps", "--group", "mlkem512", "--dk", dk, "--ct", "00ff",
    ]);
    assert!(e.contains("--ct") && e.contains("768 bytes"), "{e}");
    let e = bad(&[
        "kem",
        "decaps",
        "--group",
        "mlkem512",
        "--dk",
        &dk[2..],
        "--ct",
        "00",
    ]);
    assert!(e.contains("--dk"), "{e}");
    let e = bad(&[
        "kem", "encaps", "--group", "mlkem512", "--ek", ek, "--m", "0102",
    ]);
    assert!(e.contains("--m") && e.contains("32 bytes"), "{e}");
    let e = bad(&[
        "kem", "keygen", "--group", "mlkem512", "--d", "01", "--z", Z,
    ]);
    assert!(e.contains("--d"), "{e}");
    // A wrong H(ek) in an expanded key (FIPS 203 §7.3).
    let mut k = hex::decode(dk).unwrap();
    let n = k.len();
    k[n - 64] ^= 1;
    let e = bad(&[
        "kem",
        "decaps",
        "--group",
        "mlkem512",
        "--dk",
        &hex::encode(k),
        "--ct",
        &"00".repeat(768),
    ]);
    assert!(e.contains("hash check"), "{e}");
    // Unknown names, the hybrid's X25519 part.
    let e = bad(&["kem", "keygen", "--group", "mlkem2048", "--d", D, "--z", Z]);
    assert!(e.contains("unknown KEM"), "{e}");
    let e = bad(&[
        "kem", "keygen", "--group", "mlkem512", "--impl", "nope", "--d", D, "--z", Z,
    ]);
    assert!(e.contains("--impl nope"), "{e}");
    let e = bad(&[
        "kem",
        "keygen",
        "--group",
        "x25519mlkem768",
        "--d",
        D,
        "--z",
        Z,
    ]);
    assert!(e.contains("--x25519"), "{e}");
    // dh: a KEM takes no exponent or table.
    let e = bad(&["dh", "--group", "mlkem768", "--no-table"]);
    assert!(e.contains("--no-table"), "{e}");
    let e = bad(&[
        "dh", "--group", "mlkem768", "--impl", "nope", "--time", "0.01",
    ]);
    assert!(e.contains("--impl nope"), "{e}");
}

#[test]
fn dh_times_every_implementation_with_sizes() {
    let out = pkbench_ok(&[
        "dh", "--group", "mlkem768", "--impl", "all", "--time", "0.02",
    ]);
    for want in [
        "ml-kem 0.3",
        "libcrux-ml-kem 0.0",
        "KeyGen (offer)",
        "Encaps (reply)",
        "Decaps (finish)",
        "1184 B",
        "1088 B",
        "2272 B",
        "ratio:",
    ] {
        assert!(out.contains(want), "{want:?} missing:\n{out}");
    }
    // The ratios in pkbench's one notation: Total and the three steps.
    let start = out.find("ratio:").unwrap();
    let ratio: String = out[start..]
        .lines()
        .enumerate()
        .take_while(|(i, l)| *i == 0 || l.starts_with(' '))
        .map(|(_, l)| l)
        .collect::<Vec<_>>()
        .join(" ");
    let ratio = ratio.as_str();
    assert_eq!(common::speedups(ratio), 4, "{ratio}");
    assert!(!ratio.contains('×'), "{ratio}");
    let hybrid = [
        "dh",
        "--group",
        "x25519mlkem768",
        "--impl",
        "all",
        "--time",
        "0.02",
    ];
    let v = Pkbench::new(&[&hybrid[..], &["--json"]].concat()).json();
    let all = v["operations"].as_array().unwrap();
    // The hybrid's rows, then its parts timed in the same rounds (each naming the hybrid).
    let (parts, ops): (Vec<&Value>, Vec<&Value>) = all
        .iter()
        .partition(|o| o["params"].get("part_of").is_some());
    assert_eq!(ops.len(), 12, "4 operations × 3 implementations");
    assert_eq!(
        parts.len(),
        14,
        "ML-KEM-768's 4 × 3, X25519 Offer and Reply"
    );
    for p in &parts {
        assert_eq!(p["params"]["part_of"], "x25519mlkem768");
    }
    let ml: Vec<&&Value> = parts
        .iter()
        .filter(|p| p["params"]["group"] == "mlkem768")
        .collect();
    assert_eq!(ml.len(), 12);
    assert!(ml.iter().all(|p| p["info"]["ek_bytes"] == 1184));
    // X25519 is the x25519 row's code: its Offer with dalek's basepoint table, as the hybrid's.
    let x: Vec<&&Value> = parts
        .iter()
        .filter(|p| p["params"]["group"] == "x25519")
        .collect();
    let names: Vec<&str> = x.iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Offer", "Reply"]);
    for p in &x {
        assert_eq!(p["params"]["table"], true);
        assert_eq!(p["info"]["precomputation"]["kind"], "built-in", "{p}");
    }
    for op in &ops {
        let variant = op["implementation"]["variant"].as_str().unwrap_or("");
        assert!(variant.contains("basepoint table"), "{op}");
    }
    for op in &ops {
        assert_eq!(op["info"]["ek_bytes"], 1216);
        assert_eq!(op["info"]["ct_bytes"], 1120);
        assert_eq!(op["info"]["ss_bytes"], 64);
        assert_eq!(op["info"]["quantum_security_bits"], 192.0);
    }
    let impls: Vec<&str> = ops
        .iter()
        .map(|o| o["params"]["impl"].as_str().unwrap())
        .collect();
    assert!(
        impls.contains(&"ml-kem")
            && impls.contains(&"libcrux-ml-kem")
            && impls.contains(&"aws-lc-rs")
    );
    // The text sets each step of each implementation against the sum of its parts.
    let out = pkbench_ok(&hybrid);
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        flat.matches("parts: each step against its parts").count(),
        3,
        "{out}"
    );
    // A parts table per implementation: each step's row ends in its ratio to the sum.
    assert_eq!(
        flat.matches("│ step ┆ median ┆ its parts").count(),
        3,
        "{out}"
    );
    for step in ["KeyGen", "Encaps", "Decaps"] {
        let rows = out
            .lines()
            .filter(|l| {
                l.starts_with(&format!("│ {step} "))
                    && l.trim_end().trim_end_matches('│').trim_end().ends_with('x')
            })
            .count();
        assert_eq!(rows, 3, "{step}: {out}");
    }
    assert!(flat.contains("x25519 Offer"), "{out}");
    assert!(flat.contains("Offer with its table"), "{out}");
}

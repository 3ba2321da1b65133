//! The registry through the binary: a group added as one file, `params/modp-2048-256.toml`
//! (RFC 5114 §2.3, a 2048-bit p with a 256-bit prime-order subgroup), is listed by `groups`,
//! runs Offer and Reply under its name and aliases, and gets its security estimate from its
//! numbers in `choose --explain`.

mod common;

use common::{pkbench_input_error, pkbench_json, pkbench_ok};

#[test]
fn the_rfc5114_group_is_in_the_registry() {
    let out = pkbench_ok(&["groups"]);
    assert!(out.contains("modp-2048-256"), "{out}");
    assert!(out.contains("rfc5114-2048-256"), "{out}");
    assert!(out.contains("RFC 5114 §2.3"), "{out}");
    // Listed after every group that was there before it.
    assert!(out.find("modp-2048-256").unwrap() > out.find("ffdhe8192").unwrap());
    let v = pkbench_json(&["groups", "--json"]);
    let g = v["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "modp-2048-256")
        .unwrap();
    assert_eq!(g["family"], "modp");
    assert_eq!(g["source"], "RFC 5114 §2.3");
}

#[test]
fn offer_and_reply_agree_for_the_rfc5114_group() {
    let a = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    let b = "7edcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210";
    let offer = |field: &str, secret: &str| {
        pkbench_ok(&["offer", "--field", field, "--secret", secret])
            .trim()
            .to_string()
    };
    let reply = |field: &str, secret: &str, peer: &str| {
        pkbench_ok(&[
            "reply", "--field", field, "--secret", secret, "--peer", peer,
        ])
        .trim()
        .to_string()
    };
    let pa = offer("modp-2048-256", a);
    let pb = offer("rfc5114-2048-256", b);
    assert_eq!(pa.len(), 512, "public values are 256 bytes (the size of p)");
    let sa = reply("ike-24", a, &pb);
    let sb = reply("modp-2048-256", b, &pa);
    assert_eq!(sa, sb);
    assert_eq!(sa.len(), 512);
    // 2 is not in the subgroup of order q: checked by y^q = 1, p not being a safe prime.
    let args = [
        "reply",
        "--field",
        "modp-2048-256",
        "--secret",
        a,
        "--peer",
        "02",
    ];
    assert_eq!(
        pkbench_input_error(&args),
        "pkbench: error: --peer: modp-2048-256 peer value rejected: not in the subgroup of order q (y^q ≠ 1 mod p)"
    );
    // Full secrets are the 256 bits of q.
    let err = pkbench_input_error(&["dh", "--field", "modp-2048-256", "--exp-bits", "257"]);
    assert!(
        err.contains("use `full` or a number from 16 to 256"),
        "{err}"
    );
}

#[test]
fn choose_explains_the_estimate_of_the_rfc5114_group() {
    let args = [
        "choose",
        "--fields",
        "rfc5114-2048-256",
        "--exp-bits",
        "full",
        "--budget-ms",
        "5",
        "--explain",
    ];
    let text = pkbench_ok(&args);
    assert!(
        text.contains("modp-2048-256 with 256-bit secrets: 112.0 bits"),
        "{text}"
    );
    let v = common::pkbench_summary(&[&args[..], &["--json"]].concat());
    let e = &v["estimates"][0];
    assert_eq!(e["group"], "modp-2048-256");
    assert_eq!(e["exp_bits"], 256);
    // min(NFS for the 2048-bit p, Pollard rho for the 256-bit q, kangaroo on the secret).
    assert_eq!(e["bits"], 112.0);
    assert!(e["weak"].is_null(), "{e}");
    let parts = e["parts"].as_array().unwrap();
    let part = |what: &str| {
        parts
            .iter()
            .find(|p| p["what"].as_str().unwrap().starts_with(what))
            .unwrap_or_else(|| panic!("no {what:?} in {e}"))
    };
    let rho = part("Pollard rho on the prime subgroup (q ≈ 2^255.1)");
    assert_eq!(rho["bits"], 127.4);
    let nfs = part("number field sieve, 2048-bit modulus");
    assert_eq!(nfs["bits"], 112.0);
    assert!(
        nfs["source"]
            .as_str()
            .unwrap()
            .ends_with("group from RFC 5114 §2.3"),
        "{nfs}"
    );
    assert_eq!(part("full exponent (256 bits)")["bits"], 128.0);
    assert!(v["rows"][0]["qualifies"].as_bool().unwrap());
}

/// Issue 30: `groups` lists every name `--group` takes, the KEMs with their sizes and
/// category among them; an unknown group, KEM, implementation, hash or cipher name gets the
/// closest known names in its one-line error (exit 2).
#[test]
fn groups_lists_the_kems_and_unknown_names_get_the_closest() {
    let v = pkbench_json(&["groups", "--json"]);
    let rows = v["groups"].as_array().unwrap();
    for (kem, ek, ct, category) in [
        ("mlkem512", 800, 768, 1),
        ("mlkem768", 1184, 1088, 3),
        ("mlkem1024", 1568, 1568, 5),
        ("x25519mlkem768", 1216, 1120, 3),
    ] {
        let g = rows.iter().find(|g| g["name"] == kem).expect(kem);
        assert_eq!(g["family"], "kem");
        let d = g["description"].as_str().unwrap();
        assert!(
            d.contains(&format!(
                "encapsulation key {ek} bytes, ciphertext {ct} bytes"
            )) && d.contains(&format!("NIST category {category}")),
            "{d}"
        );
    }
    let text = pkbench_ok(&["groups"]);
    assert!(
        text.contains("x25519mlkem768") && text.contains("ml-kem-1024"),
        "{text}"
    );

    for (args, want) in [
        (
            &["dh", "--group", "mlkem-768"][..],
            "unknown field or group \"mlkem-768\"; did you mean mlkem768?",
        ),
        (
            &["offer", "--group", "p265", "--secret", "1"][..],
            "did you mean p256?",
        ),
        (
            &["dh", "--impl", "opensl"][..],
            "--impl \"opensl\": unknown implementation; did you mean openssl?",
        ),
        (
            &["rsa", "--impl", "pkbench,gcrpyt"][..],
            "did you mean gcrypt?",
        ),
        (
            &[
                "kem",
                "keygen",
                "--group",
                "mlkem-786",
                "--d",
                "00",
                "--z",
                "00",
            ][..],
            "--group mlkem-786: unknown KEM; did you mean mlkem768?",
        ),
        (
            &["hash", "--algo", "sha265"][..],
            "did you mean sha256 or sha224?",
        ),
        (
            &["cipher", "--algo", "blowfsh"][..],
            "did you mean blowfish?",
        ),
    ] {
        let err = pkbench_input_error(args);
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    // Nothing close: no suggestion, the list of known names as before.
    let err = pkbench_input_error(&["dh", "--group", "gf2-999"]);
    assert!(
        !err.contains("did you mean") && err.contains("known: gf2-155"),
        "{err}"
    );
}

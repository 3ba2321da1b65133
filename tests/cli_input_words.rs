//! Issue 31 (input and wording): `hash --sizes 0` names --sizes; an empty `--impl` list is
//! refused; repeated hash names and sizes are timed once; `offer`/`reply` refuse a KEM's
//! name first, in one line; `--impl pkbench` on a KEM is pkbench's own ML-KEM (`ml-kem`),
//! `--impl libcrux` suggests libcrux-ml-kem and `suite --impl ml-kem` runs the KEM entries;
//! a cipher's table names who computed it (SEED through OpenSSL's legacy provider); every
//! peer-value error starts with `--peer:`; `groups` shows the family.

mod common;

use common::{Pkbench, pkbench_input_error, pkbench_json, pkbench_ok};
use serde_json::Value;

/// `pkbench CMD --help` says `words` (its lines joined with single spaces).
#[track_caller]
fn help_says(cmd: &str, words: &str) {
    let help = pkbench_ok(&[cmd, "--help"]);
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(words), "{words:?} not in:\n{help}");
}

/// The implementation names of a record's operations, in order, each once.
fn impl_names(rec: &Value) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for o in rec["operations"].as_array().unwrap() {
        let n = o["implementation"]["name"].as_str().unwrap().to_string();
        if !v.contains(&n) {
            v.push(n);
        }
    }
    v
}

#[test]
fn hash_sizes_errors_name_sizes() {
    for (sizes, bad) in [("0", "0"), ("16,7500001", "7500001")] {
        assert_eq!(
            pkbench_input_error(&["hash", "--sizes", sizes]),
            format!(
                "pkbench: error: --sizes: {bad} bytes: give sizes from 1 to 7500000 bytes, e.g. --sizes 16,1024,16384"
            )
        );
    }
    // --block keeps its own words.
    assert_eq!(
        pkbench_input_error(&["hash", "--block", "0"]),
        "pkbench: error: --block 0: give a number of bytes from 1 to 7500000, e.g. --block 10000"
    );
}

#[test]
fn an_empty_impl_list_is_refused() {
    let advice = "give an implementation: pkbench, openssl, gcrypt, gmp, a crate (`pkbench impls` lists them), a comma-separated list, or all";
    for list in ["", ",", " , "] {
        assert_eq!(
            pkbench_input_error(&["hash", "--impl", list]),
            format!(
                "pkbench: error: invalid value '{list}' for '--impl <LIST|all>': {advice}; see 'pkbench hash --help'"
            )
        );
    }
    // Every command with --impl: the same words, before anything runs.
    for args in [
        &["dh", "--group", "mlkem768"][..],
        &["dh", "--group", "p256"],
        &["cipher", "--algo", "aes"],
        &["leak", "--group", "x25519"],
        &["choose"],
        &["repro", "1995"],
        &["suite", "--quick"],
        &["rsa", "--bits", "512"],
        &[
            "rsa-raw",
            "--modulus",
            "0d",
            "--exponent",
            "3",
            "--input",
            "2",
        ],
        &["offer", "--group", "p256", "--secret", "1"],
        &[
            "reply", "--group", "modp-768", "--secret", "3", "--peer", "2",
        ],
    ] {
        let mut a = args.to_vec();
        a.extend(["--impl", ","]);
        let e = pkbench_input_error(&a);
        // repro's value is `<best|all|LIST>`.
        assert!(
            e.starts_with("pkbench: error: invalid value ',' for '--impl <")
                && e.contains(">': give an implementation: pkbench, openssl, gcrypt, gmp,"),
            "{a:?}: {e}"
        );
    }
}

#[test]
fn repeated_hashes_and_sizes_are_timed_once() {
    let v = pkbench_json(&[
        "hash",
        "--algo",
        "sha256,SHA-256,sha256",
        "--time",
        "0.01",
        "--json",
    ]);
    let ops = v["operations"].as_array().unwrap();
    assert_eq!(ops.len(), 1, "{v}");
    assert_eq!(ops[0]["params"]["algo"], "SHA-256");
    let v = pkbench_json(&[
        "hash", "--algo", "md5", "--sizes", "64,16,64", "--time", "0.01", "--json",
    ]);
    let sizes: Vec<u64> = v["operations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["info"]["block"].as_u64().unwrap())
        .collect();
    assert_eq!(sizes, [64, 16]);
}

#[test]
fn offer_and_reply_refuse_a_kem_first() {
    for (group, name) in [
        ("mlkem768", "mlkem768"),
        ("mlkem512", "mlkem512"),
        ("mlkem1024", "mlkem1024"),
        ("x25519mlkem768", "x25519mlkem768"),
        ("ML-KEM-768", "mlkem768"),
    ] {
        for (cmd, rest) in [
            ("offer", &[][..]),
            ("offer", &["--secret", "01"][..]),
            ("reply", &[][..]),
            ("reply", &["--secret", "01", "--peer", "00"][..]),
        ] {
            let mut args = vec![cmd, "--group", group];
            args.extend(rest);
            assert_eq!(
                pkbench_input_error(&args),
                format!(
                    "pkbench: error: --group {group}: {name} is a KEM, with KeyGen, Encaps and Decaps and no Offer or Reply, so `{cmd}` cannot compute it: time it with `pkbench dh --group {name}`, or compute one step in hex with `pkbench kem keygen|encaps|decaps --group {name}`"
                ),
                "{args:?}"
            );
        }
    }
    // A group's missing values are still asked for, in clap's words.
    assert_eq!(
        pkbench_input_error(&["offer", "--group", "p256"]),
        "pkbench: error: the following required arguments were not provided: --secret <HEX>; see 'pkbench offer --help'"
    );
    assert_eq!(
        pkbench_input_error(&["reply", "--group", "p256"]),
        "pkbench: error: the following required arguments were not provided: --secret <HEX> --peer <HEX>; see 'pkbench reply --help'"
    );
    assert_eq!(
        pkbench_ok(&["offer", "--group", "modp-768", "--secret", "3"]).trim_start_matches('0'),
        "8\n"
    );
    // The usage line shows them as required, as they are for every group that is not a KEM.
    help_says("offer", "Usage: pkbench offer --secret <HEX> [OPTIONS]");
    help_says(
        "reply",
        "Usage: pkbench reply --secret <HEX> --peer <HEX> [OPTIONS]",
    );
}

#[test]
fn impl_pkbench_on_a_kem_is_ml_kem() {
    // The default and `pkbench`: ml-kem alone; a repeat is taken once; `all`: every crate.
    for list in [None, Some("pkbench"), Some("ml-kem,pkbench,ml-kem")] {
        let mut args = vec!["dh", "--group", "mlkem768", "--time", "0.01", "--json"];
        if let Some(l) = list {
            args.extend(["--impl", l]);
        }
        let v = pkbench_json(&args);
        assert_eq!(impl_names(&v), ["ml-kem"], "{list:?}");
        assert_eq!(v["params"]["impl"], "ml-kem");
        assert_eq!(v["operations"].as_array().unwrap().len(), 4, "{list:?}");
    }
    // One implementation: nothing alternates with it or is compared to it.
    let out = pkbench_ok(&["dh", "--group", "mlkem768", "--time", "0.01"]);
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("clock: wall; seed 1995")
            && flat.contains("(Encaps and Decaps secrets equal) and every timed output after")
            && !flat.contains("alternating")
            && !flat.contains("ratio"),
        "{out}"
    );
    let v = pkbench_json(&[
        "dh", "--group", "mlkem512", "--impl", "all", "--time", "0.01", "--json",
    ]);
    assert_eq!(
        impl_names(&v),
        ["ml-kem", "libcrux-ml-kem", "aws-lc-rs"],
        "{v}"
    );
    let v = pkbench_json(&[
        "leak",
        "--group",
        "mlkem512",
        "--max-measurements",
        "300",
        "--json",
    ]);
    assert_eq!(impl_names(&v), ["ml-kem"]);
    assert_eq!(
        pkbench_input_error(&["dh", "--group", "mlkem768", "--impl", "libcrux"]),
        "pkbench: error: --impl libcrux: unknown implementation; did you mean libcrux-ml-kem? (known: pkbench (ml-kem), ml-kem, libcrux-ml-kem, aws-lc-rs, all)"
    );
    help_says(
        "dh",
        "For a KEM group (`--group mlkem768`): `pkbench` (the default: pkbench's own ML-KEM, RustCrypto's `ml-kem` crate, the one `pkbench kem` uses)",
    );
}

#[test]
fn suite_runs_its_kem_entries_through_a_kem_crate() {
    let dir = common::scratch("suite-ml-kem");
    let path = dir.path().join("suite.json");
    let p = path.to_str().unwrap();
    Pkbench::new(&[
        "suite", "--quick", "--time", "0.01", "--impl", "ml-kem", "--output", p,
    ])
    .ok();
    let rec: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut items: Vec<&str> = Vec::new();
    for o in rec["operations"].as_array().unwrap() {
        assert_eq!(o["params"]["impl"], "ml-kem", "{o}");
        assert_eq!(o["implementation"]["name"], "ml-kem", "{o}");
        let item = o["info"]["item"].as_str().unwrap();
        if !items.contains(&item) {
            items.push(item);
        }
    }
    assert_eq!(
        items,
        [
            "dh --group mlkem512 --impl ml-kem",
            "dh --group mlkem768 --impl ml-kem",
            "dh --group mlkem1024 --impl ml-kem",
            "dh --group x25519mlkem768 --impl ml-kem",
        ]
    );
    let reasons: Vec<&str> = rec["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["reason"].as_str().unwrap())
        .collect();
    assert!(
        reasons.contains(&"does not offer it: a KEM crate: pkbench runs only the KEMs through it"),
        "{reasons:?}"
    );
    help_says(
        "suite",
        "the KEM crates `ml-kem` and `libcrux-ml-kem` (the KEM entries only;",
    );
}

/// SEED has no code in pkbench: with OpenSSL first, the first table is OpenSSL's and its
/// `code:` line says so; the help and the note name both libraries.
#[test]
fn a_cipher_table_names_its_implementation() {
    let out = pkbench_ok(&[
        "cipher",
        "--algo",
        "seed",
        "--impl",
        "openssl,gcrypt",
        "--mode",
        "ecb",
        "--time",
        "0.01",
    ]);
    let own_part = &out[..out.find("by implementation").expect(&out)];
    let code: Vec<&str> = own_part
        .lines()
        .filter(|l| l.starts_with("code:"))
        .collect();
    assert_eq!(code.len(), 1, "{out}");
    assert!(code[0].starts_with("code:      openssl 3."), "{out}");
    let flat = own_part.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("its rows are a library's alone (libgcrypt's with --impl gcrypt, OpenSSL's legacy provider's with --impl openssl)"),
        "{out}"
    );
    let out = pkbench_ok(&["cipher", "--algo", "aes", "--mode", "ctr", "--time", "0.01"]);
    assert!(
        out.lines().nth(1).unwrap().starts_with("code:      aes 0."),
        "{out}"
    );
    help_says(
        "cipher",
        "seed (RFC 4269; no code in pkbench: libgcrypt, --impl gcrypt, or OpenSSL's legacy provider, --impl openssl)",
    );
}

#[test]
fn every_peer_value_error_names_peer() {
    let long = "01".repeat(22);
    for (group, peer, want) in [
        (
            "gf2-155",
            "00",
            "--peer: x = 0 is the point of order 2 (small order): rejected",
        ),
        (
            "gf2-185",
            "00",
            "--peer: x = 0 is the point of order 2 (small order): rejected",
        ),
        (
            "gf2-155",
            long.as_str(),
            "--peer: 22 bytes: give the x-coordinate (20 bytes, below 2^155) or 04 || x || y (41 bytes)",
        ),
        (
            "modp-768",
            "00",
            "--peer: modp-768 peer value rejected: y = 0 is not an element of the group; check: 2 ≤ y ≤ p−2",
        ),
        (
            "p256",
            "00",
            "--peer: 00 is the point at infinity of P-256 (SEC 1 §2.3.3), not a public key; SEC 1 §3.2.2.1 check: Q ≠ O",
        ),
    ] {
        assert_eq!(
            pkbench_input_error(&["reply", "--group", group, "--secret", "01", "--peer", peer]),
            format!("pkbench: error: {want}"),
            "{group} {peer}"
        );
    }
}

#[test]
fn groups_text_shows_the_family() {
    let out = pkbench_ok(&["groups"]);
    let head = out.lines().nth(1).unwrap();
    let cells: Vec<&str> = head
        .split(['│', '┆'])
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(
        cells,
        ["group", "family", "aliases", "description (source)"]
    );
    let v = pkbench_json(&["groups", "--json"]);
    for g in v["groups"].as_array().unwrap() {
        let name = g["name"].as_str().unwrap();
        let row = out
            .lines()
            .find(|l| l.starts_with(&format!("│ {name} ")))
            .unwrap_or_else(|| panic!("{name}: {out}"));
        let family = row.split('┆').nth(1).unwrap().trim();
        assert_eq!(family, g["family"].as_str().unwrap(), "{row}");
    }
}

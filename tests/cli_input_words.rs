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

//! `pkbench impls`: the implementations per operation and the system libraries found, as
//! text and JSON; with `PKBENCH_NO_PEERS=1` the libraries are not looked for and the built-in
//! code is still listed.

mod common;

use common::{Pkbench, skip};
use serde_json::Value;

/// The JSON of `pkbench impls --json`, with the libraries hidden when the tests run with
/// `PKBENCH_NO_PEERS=1` (the binary reads the variable itself).
fn impls_json() -> Value {
    common::pkbench_json(&["impls", "--json"])
}

fn candidates<'a>(v: &'a Value, operation: &str) -> &'a Vec<Value> {
    v["operations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["operation"] == operation)
        .unwrap_or_else(|| panic!("no {operation}"))["implementations"]
        .as_array()
        .unwrap()
}

#[test]
fn lists_every_operation_kind_with_pkbench_code_first() {
    let v = impls_json();
    assert_eq!(v["command"], "impls");
    for op in [
        "mod-p DH",
        "EC2N DH (gf2-155, gf2-185)",
        "P-256 ECDH",
        "secp256k1 ECDH",
        "X25519",
        "RSA raw private",
        "RSA private with CRT",
        "DES key setup",
        "hash MD5",
        "hash WHIRLPOOL",
        "cipher TWOFISH",
        "cipher ARCFOUR",
    ] {
        let c = candidates(&v, op);
        assert!(!c.is_empty(), "{op}");
    }
    let built_in = candidates(&v, "P-256 ECDH")
        .iter()
        .find(|c| c["status"]["state"] == "built-in")
        .expect("the p256 crate");
    assert_eq!(built_in["name"], "p256");
    assert_eq!(built_in["implementation"]["kind"], "crate");
}

#[test]
fn libraries_found_here_are_checked_with_their_versions() {
    let v = impls_json();
    let libs = v["libraries"].as_array().unwrap();
    assert_eq!(libs.len(), 3);
    for lib in libs {
        let name = lib["name"].as_str().unwrap();
        if lib["status"]["found"] != true {
            // Hidden (`PKBENCH_NO_PEERS=1`): the documented "not looked for". Otherwise a
            // library CI installs is missing: a skip, which fails under strict.
            if common::peers_hidden() {
                assert_eq!(lib["status"]["unavailable"]["kind"], "off", "{lib}");
            } else {
                skip(&format!("{name}: {}", lib["status"]["why"]));
            }
            continue;
        }
        assert!(
            !common::peers_hidden(),
            "{name} found although hidden: {lib}"
        );
        let version = lib["status"]["version"].as_str().unwrap();
        // Every operation of this library is checked (or says why it cannot run); none
        // failed its check.
        let mut checked = 0;
        for op in v["operations"].as_array().unwrap() {
            for c in op["implementations"].as_array().unwrap() {
                if c["name"] != name || c["how"].as_str().unwrap_or("").contains("rug") {
                    continue;
                }
                let state = c["status"]["state"].as_str().unwrap();
                assert_ne!(state, "failed", "{}: {c}", op["operation"]);
                if state == "checked" {
                    assert_eq!(c["implementation"]["version"], version, "{c}");
                    assert_eq!(c["implementation"]["kind"], "library");
                    checked += 1;
                }
            }
        }
        assert!(checked > 0, "{name}: nothing checked");
    }
}

#[test]
fn hidden_libraries_are_not_looked_for() {
    let out = Pkbench::new(&["impls"]).env("PKBENCH_NO_PEERS", "1").ok();
    assert!(out.contains("not looked for"), "{out}");
    assert!(out.contains("Note: PKBENCH_NO_PEERS=1 is set"), "{out}");
    assert!(!out.contains("checked, "), "{out}");
    let json = Pkbench::new(&["impls", "--json"])
        .env("PKBENCH_NO_PEERS", "1")
        .ok();
    let v = common::parse_json("impls --json", &json);
    for lib in v["libraries"].as_array().unwrap() {
        assert_eq!(lib["status"]["unavailable"]["kind"], "off", "{lib}");
    }
    let c = candidates(&v, "mod-p DH");
    assert!(c.iter().any(|c| c["status"]["state"] == "built-in"));
}

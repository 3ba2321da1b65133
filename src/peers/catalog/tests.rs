//! The catalog against this machine: with discovery off, and with every library found.

use super::*;
use crate::peers::test_support::{discovery, hidden};

#[test]
fn with_discovery_off_only_built_in_code_is_ready() {
    let c = catalog(Discovery { enabled: false });
    assert!(c.legacy_provider.is_none());
    for op in &c.operations {
        for cand in &op.implementations {
            if ["openssl", "gcrypt"].contains(&cand.name.as_str()) || cand.how.contains("libgmp") {
                assert!(
                    matches!(cand.status, Status::Unavailable { absent: true, .. }),
                    "{} {}: {:?}",
                    op.operation,
                    cand.name,
                    cand.status
                );
            }
        }
        // Operations pkbench has no code for (SEED, the hashes only libgcrypt has) list
        // only peers.
        let only_peers = op
            .implementations
            .iter()
            .all(|c| ["openssl", "gcrypt"].contains(&c.name.as_str()));
        assert!(
            op.operation.contains("no pkbench code")
                || only_peers
                || op
                    .implementations
                    .iter()
                    .any(|c| c.status == Status::BuiltIn),
            "{}: nothing built in",
            op.operation
        );
    }
}

#[test]
fn every_peer_found_here_is_checked_or_says_why() {
    let c = catalog(discovery());
    let mut ready = 0;
    for op in &c.operations {
        for cand in &op.implementations {
            match &cand.status {
                Status::Failed { why } => {
                    panic!("{}: {} failed: {why}", op.operation, cand.name)
                }
                Status::Checked => {
                    ready += 1;
                    assert!(cand.implementation.is_some());
                }
                Status::Unavailable { why, absent } if *absent => {
                    // Hidden (`PKBENCH_NO_PEERS=1`): not looked for, as `impls` says.
                    // Otherwise a library CI installs is missing: a skip, failing when strict.
                    if hidden() {
                        assert!(why.contains("not looked for"), "{}: {why}", cand.name);
                    } else {
                        crate::testing::skip(&format!("{} {}: {why}", op.operation, cand.name));
                    }
                }
                _ => {}
            }
        }
    }
    let names: Vec<&str> = c.operations.iter().map(|o| o.operation.as_str()).collect();
    for must in [
        "mod-p DH",
        "EC2N DH (gf2-155, gf2-185)",
        "X25519",
        "DES key setup",
        "hash WHIRLPOOL",
        "cipher TWOFISH",
    ] {
        assert!(names.contains(&must), "{must} missing from {names:?}");
    }
    let json = serde_json::to_value(&c).unwrap();
    assert!(json["operations"][0]["implementations"].is_array());
    if hidden() {
        assert_eq!(ready, 0, "nothing is checked with the libraries hidden");
    }
    eprintln!("{ready} peer operations checked");
}

/// The labels of pkbench's own code come from the catalog: each crate or backend that
/// computes pkbench's own rows, with its operations; not the names `--impl` knows apart.
#[test]
fn own_code_is_read_from_the_catalog() {
    let own = own_code();
    let ops = |name: &str| -> Vec<String> {
        own.iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("{name} not in {own:?}"))
            .1
            .clone()
    };
    assert_eq!(ops("p256"), ["P-256 ECDH"]);
    assert_eq!(ops("k256"), ["secp256k1 ECDH"]);
    assert_eq!(ops("x25519-dalek"), ["X25519"]);
    assert_eq!(ops("x448"), ["X448"]);
    assert_eq!(
        ops("num-bigint"),
        ["mod-p DH", "RSA raw private", "RSA private with CRT"]
    );
    assert_eq!(ops("gmp-linked").len(), 3);
    assert_eq!(ops("des"), ["DES key setup", "cipher DES", "cipher 3DES"]);
    assert_eq!(ops("md-5"), ["hash MD5"]);
    assert_eq!(ops("aes"), ["cipher AES"]);
    assert_eq!(ops("ml-kem").len(), 4, "every KEM");
    assert_eq!(
        ops("libcrux-ml-kem")[1],
        "ML-KEM-768 (KeyGen, Encaps, Decaps)"
    );
    for apart in [
        "pkbench",
        "pkbench-portable",
        "openssl",
        "aws-lc-rs",
        "ring",
    ] {
        assert!(own.iter().all(|(n, _)| n != apart), "{apart}: {own:?}");
    }
}

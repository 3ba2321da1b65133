//! Issue 30 item 5: `suite --impl`. The suite's entries through the implementations asked
//! for and no others: pkbench's own rows only when `pkbench` is in the list (the default,
//! as without `--impl`); every other row labelled `… --impl NAME` with the `impl` param; a
//! note for what an implementation does not offer.

mod common;

use common::{Pkbench, library_missing, pkbench_input_error};
use serde_json::Value;

/// Runs `suite --quick --time 0.01 --impl LIST` into a fresh file: the exit code, stdout,
/// stderr and the record (when saved).
fn suite(list: &str, name: &str) -> (i32, String, String, Option<Value>) {
    let dir = common::scratch(name);
    let path = dir.path().join("suite.json");
    let p = path.to_str().unwrap();
    let (code, out, err) = Pkbench::new(&[
        "suite", "--quick", "--time", "0.01", "--impl", list, "--output", p,
    ])
    .run();
    let rec = std::fs::read_to_string(&path)
        .ok()
        .map(|s| serde_json::from_str(&s).unwrap());
    (code, out, err, rec)
}

/// `--impl openssl`: every row is OpenSSL's (impl param and `--impl openssl` label), among
/// them each kind the suite times that OpenSSL has (DH on a binary curve and a mod-p group,
/// raw RSA, single DES, a hash, a cipher, a 1995 row); a KEM and SHA-0's 1995 row are
/// notes naming OpenSSL.
#[test]
fn suite_through_openssl_alone() {
    let (code, out, err, rec) = suite("openssl", "suite-openssl");
    if code == 2 && err.contains("nothing asked for can run") {
        library_missing(&err, "openssl", "suite --impl openssl");
        return;
    }
    assert_eq!(code, 0, "{err}");
    let rec = rec.expect("the record saved");
    assert_eq!(rec["params"]["impl"], "openssl");
    let ops = rec["operations"].as_array().unwrap();
    assert!(!ops.is_empty(), "{out}");
    for o in ops {
        assert_eq!(o["params"]["impl"], "openssl", "{o}");
        let item = o["info"]["item"].as_str().unwrap();
        assert!(item.ends_with(" --impl openssl"), "{item}");
    }
    let items: Vec<&str> = ops
        .iter()
        .map(|o| o["info"]["item"].as_str().unwrap())
        .collect();
    for want in [
        "dh --field gf2-155 --exp-bits 128 --impl openssl",
        "dh --field modp-1024 --exp-bits full --impl openssl",
        "dh --field p256 --exp-bits full --impl openssl",
        "rsa --bits 512 --impl openssl",
        "des --mode ecb --impl openssl",
        "hash --algo sha1 --impl openssl",
        "repro 1995 row md5 (hash md5) --impl openssl",
    ] {
        assert!(items.contains(&want), "{want} not among {items:?}");
    }
    assert!(
        items.iter().any(|i| i.starts_with("cipher --algo aes ")),
        "{items:?}"
    );
    // What OpenSSL does not compute here: notes naming it, one per reason.
    let skipped = rec["skipped"].as_array().unwrap();
    let note = |part: &str| {
        skipped
            .iter()
            .any(|s| s["params"]["impl"] == "openssl" && s["item"].as_str().unwrap().contains(part))
    };
    assert!(note("dh --group mlkem768"), "{skipped:?}");
    assert!(note("repro 1995 row sha"), "SHA-0's row: {skipped:?}");
    assert!(out.contains("skipped ("), "{out}");
}

/// `--impl pkbench,ring`: pkbench's own rows as without `--impl` (no `impl` param), and
/// ring's on the curves it offers (x25519, p256, p384), each after pkbench's own in the
/// record; ring's note covers the other entries.
#[test]
fn suite_through_pkbench_and_a_crate() {
    let (code, _, err, rec) = suite("pkbench,ring", "suite-ring");
    assert_eq!(code, 0, "{err}");
    let rec = rec.unwrap();
    assert_eq!(rec["params"]["impl"], "pkbench,ring");
    let ops = rec["operations"].as_array().unwrap();
    let mut ring_items: Vec<&str> = Vec::new();
    for o in ops {
        let item = o["info"]["item"].as_str().unwrap();
        match o["params"].get("impl").and_then(Value::as_str) {
            Some("ring") => {
                if !ring_items.contains(&item) {
                    ring_items.push(item)
                }
            }
            // pkbench's own rows, and a KEM's rows by each of its crates, as without --impl.
            None | Some("ml-kem" | "libcrux-ml-kem" | "aws-lc-rs") => {
                assert!(!item.contains("--impl"), "{item}")
            }
            Some(other) => panic!("{other}: {item}"),
        }
    }
    assert_eq!(
        ring_items,
        [
            "dh --field p256 --exp-bits full --impl ring",
            "dh --field x25519 --exp-bits full --impl ring",
            "dh --field p384 --exp-bits full --impl ring",
        ]
    );
    let own: Vec<&str> = ops
        .iter()
        .filter(|o| o["params"].get("impl").is_none())
        .map(|o| o["info"]["item"].as_str().unwrap())
        .collect();
    assert!(own.contains(&"rsa --bits 512") && own.contains(&"hash --algo md5"));
    let skipped = rec["skipped"].as_array().unwrap();
    assert!(
        skipped.iter().any(|s| s["params"]["impl"] == "ring"
            && s["item"].as_str().unwrap().contains("rsa --bits 512")),
        "{skipped:?}"
    );
}

/// Names are checked before anything runs, as for every `--impl`.
#[test]
fn unknown_implementations_are_refused() {
    let e = pkbench_input_error(&["suite", "--quick", "--impl", "opensl"]);
    assert!(e.contains("did you mean openssl?"), "{e}");
    let e = pkbench_input_error(&["suite", "--quick", "--impl", "pkbench-portable"]);
    assert!(e.contains("portable twin"), "{e}");
}

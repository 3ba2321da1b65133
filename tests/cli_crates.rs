//! `dh --impl` through the Rust crates of `peers::crates::CRATES` (aws-lc-rs, ring): with
//! `all`, a row per crate that offers the group beside pkbench's own crate and OpenSSL, each
//! named with its version from Cargo.lock, and a note for a crate that does not offer it;
//! `--impl NAME` alone; `impls` lists them; other commands refuse them in one line.

mod common;

use pkbench::peers::crates::CRATES;
use serde_json::Value;

/// The implementations of the Reply rows of `dh --group GROUP --impl all --time 0.05`
/// (pkbench's own rows carry no `impl` param), and the record.
fn reply_rows(group: &str, list: &str) -> (Value, Vec<(String, Value)>) {
    let v = common::pkbench_summary(&[
        "dh", "--group", group, "--impl", list, "--time", "0.05", "--json",
    ]);
    let rows = v["operations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["name"] == "Reply");
    let rows = common::ops_by_impl(rows);
    (v, rows)
}

fn offering(group: &str) -> Vec<&'static str> {
    CRATES
        .iter()
        .filter(|c| c.curves().iter().any(|v| v.group == group))
        .map(|c| c.name())
        .collect()
}

#[test]
fn all_has_a_row_per_crate_that_offers_the_group_and_a_note_for_the_others() {
    for (group, own_crate) in [("p384", "p384"), ("p521", "p521")] {
        let (v, rows) = reply_rows(group, "all");
        let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
        assert_eq!(names[0], "pkbench", "{group}: {names:?}");
        assert_eq!(rows[0].1["implementation"]["name"], own_crate);
        let skipped = v["skipped"].to_string();
        for c in CRATES {
            let row = rows.iter().find(|r| r.0 == c.name());
            if offering(group).contains(&c.name()) {
                let row = &row
                    .unwrap_or_else(|| panic!("{group}: no {} row", c.name()))
                    .1;
                let imp = &row["implementation"];
                assert_eq!(imp["kind"], "crate");
                assert_eq!(
                    imp["version"],
                    pkbench::implementation::crate_version(c.name())
                );
                assert_eq!(row["info"]["reply_method"], c.reply_call(), "{group}");
                assert!(row["stats"]["median_s"].as_f64().unwrap() > 0.0);
            } else {
                assert!(row.is_none(), "{group}: {} has no such curve", c.name());
                assert!(
                    skipped.contains(&format!("{} ({group})", c.name()))
                        && skipped.contains("does not offer it"),
                    "{group}: {skipped}"
                );
            }
        }
        if !names.contains(&"openssl") {
            common::library_missing(&skipped, "openssl", group);
        }
    }
    // The rows the issue asks for: p384 through its crate, aws-lc-rs, ring (and OpenSSL);
    // p521 through its crate, aws-lc-rs (and OpenSSL), ring with a note.
    assert!(offering("p384").contains(&"aws-lc-rs") && offering("p384").contains(&"ring"));
    assert!(offering("p521").contains(&"aws-lc-rs") && !offering("p521").contains(&"ring"));
}

#[test]
fn one_crate_by_name_with_its_label_and_table() {
    let out = common::pkbench_ok(&[
        "dh",
        "--group",
        "x25519",
        "--impl",
        "pkbench,aws-lc-rs",
        "--time",
        "0.05",
    ]);
    let label = format!(
        "aws-lc-rs {}",
        pkbench::implementation::crate_version("aws-lc-rs")
    );
    assert!(out.contains(&label), "{out}");
    assert!(out.contains("k25519Precomp"), "{out}");
}

#[test]
fn a_crate_that_does_not_offer_the_group_alone_is_an_input_error() {
    let err = common::pkbench_input_error(&[
        "dh",
        "--group",
        "modp-1024",
        "--impl",
        "aws-lc-rs",
        "--time",
        "0.02",
    ]);
    assert!(
        err.contains("aws-lc-rs (modp-1024)") && err.contains("x25519, p256, p384, p521"),
        "{err}"
    );
}

#[test]
fn other_commands_refuse_a_crate_and_the_help_names_every_crate() {
    let err = common::pkbench_input_error(&["hash", "--algo", "md5", "--impl", "aws-lc-rs"]);
    assert!(err.contains("dh only"), "{err}");
    let help = common::pkbench_ok(&["dh", "--help"]);
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for c in CRATES {
        assert!(flat.contains(&format!("`{}`", c.name())), "{}", c.name());
    }
    let unknown = common::pkbench_input_error(&["dh", "--group", "p256", "--impl", "nss"]);
    for c in CRATES {
        assert!(unknown.contains(c.name()), "{unknown}");
    }
}

#[test]
fn impls_lists_every_crate_under_its_groups() {
    let v = common::pkbench_json(&["impls", "--json"]);
    let ops = v["operations"].as_array().unwrap();
    for (group, label) in [
        ("x25519", "X25519"),
        ("p256", "P-256 ECDH"),
        ("p384", "P-384 ECDH"),
        ("p521", "P-521 ECDH"),
    ] {
        let op = ops.iter().find(|o| o["operation"] == label).unwrap();
        let names: Vec<&str> = op["implementations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        for c in CRATES {
            assert_eq!(
                names.contains(&c.name()),
                offering(group).contains(&c.name()),
                "{label}: {names:?}"
            );
        }
    }
}

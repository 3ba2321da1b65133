//! `dh --impl` through the Rust crates of `peers::crates::CRATES` (aws-lc-rs, ring): with
//! `all`, a row per crate that offers the group beside pkbench's own crate and OpenSSL, each
//! named with its version from Cargo.lock, and a note for a crate that does not offer it;
//! `--impl NAME` alone; each row says what it was checked against; `impls` lists them.
//! `hash --impl` and `cipher --impl` likewise through the digests and ciphers each crate
//! declares; other commands refuse them in one line.

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
    let err = common::pkbench_input_error(&["des", "--impl", "aws-lc-rs"]);
    assert!(
        err.contains("dh on x25519, p256, p384, p521")
            && err.contains("hash on sha1, sha256, sha224, sha384, sha512")
            && err.contains("cipher on aes"),
        "{err}"
    );
    let err = common::pkbench_input_error(&["rsa", "--impl", "ring"]);
    assert!(
        err.contains("hash on sha1, sha256, sha384, sha512"),
        "{err}"
    );
    for cmd in ["hash", "cipher"] {
        let help = common::pkbench_ok(&[cmd, "--help"]);
        let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("`aws-lc-rs`"), "{cmd}: {flat}");
        assert_eq!(flat.contains("`ring` ("), cmd == "hash", "{cmd}: {flat}");
    }
    let flat = common::pkbench_ok(&["cipher", "--help"])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        flat.contains("`ring` has no cipher row") && flat.contains("AES-GCM"),
        "{flat}"
    );
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
    // The digests each crate declares, under the hashes, ready (built in once checked); the
    // ciphers likewise, and a crate without a cipher row says why.
    for (label, hash) in [
        ("hash SHA-1", "sha1"),
        ("hash SHA-224", "sha224"),
        ("hash SHA-256", "sha256"),
        ("hash SHA-384", "sha384"),
        ("hash SHA-512", "sha512"),
    ] {
        let op = ops.iter().find(|o| o["operation"] == label).unwrap();
        for c in CRATES {
            let cand = op["implementations"]
                .as_array()
                .unwrap()
                .iter()
                .find(|x| x["name"] == c.name());
            match c.digests().iter().find(|d| d.hash() == hash) {
                Some(d) => {
                    let cand = cand.unwrap_or_else(|| panic!("{label}: no {}", c.name()));
                    assert_eq!(cand["status"]["state"], "built-in", "{label} {}", c.name());
                    assert_eq!(cand["implementation"]["variant"], d.algorithm());
                    assert!(cand["how"].as_str().unwrap().contains("digest::digest"));
                }
                None => assert!(cand.is_none(), "{label}: {}", c.name()),
            }
        }
    }
    let aes = ops.iter().find(|o| o["operation"] == "cipher AES").unwrap();
    for c in CRATES {
        let cand = aes["implementations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["name"] == c.name())
            .unwrap_or_else(|| panic!("cipher AES: no {}", c.name()));
        if c.ciphers().is_empty() {
            assert_eq!(cand["status"]["state"], "unavailable");
            assert_eq!(cand["status"]["why"], c.no_cipher().unwrap());
        } else {
            assert_eq!(cand["status"]["state"], "built-in", "{cand}");
            assert!(
                cand["how"]
                    .as_str()
                    .unwrap()
                    .ends_with(": ECB CBC CFB OFB CTR"),
                "{cand}"
            );
        }
    }
}

/// The rows of `hash ARGS --json` by implementation (pkbench's own carry no `impl`), and
/// the record.
fn hash_rows(args: &[&str]) -> (Value, Vec<(String, Value)>) {
    let mut a = vec!["hash"];
    a.extend(args);
    a.extend(["--block", "1000", "--time", "0.02", "--json"]);
    let v = common::pkbench_summary(&a);
    let rows = common::ops_by_impl(v["operations"].as_array().unwrap());
    (v, rows)
}

#[test]
fn hash_has_a_row_per_crate_and_digest_checked_against_pkbench() {
    let algos = ["sha1", "sha224", "sha256", "sha384", "sha512"];
    let (v, rows) = hash_rows(&[
        "--algo",
        &algos.join(","),
        "--impl",
        "pkbench,aws-lc-rs,ring",
    ]);
    let skipped = v["skipped"].to_string();
    let mut crate_rows = 0;
    for algo in algos {
        let a = pkbench::hash::Algo::parse(algo).unwrap();
        let display = a.name();
        let own = rows
            .iter()
            .find(|r| r.0 == "pkbench" && r.1["params"]["algo"] == display)
            .unwrap_or_else(|| panic!("{algo}: no own row"));
        assert_eq!(own.1["implementation"]["kind"], "crate");
        for c in CRATES {
            let row = rows
                .iter()
                .find(|r| r.0 == c.name() && r.1["params"]["algo"] == display);
            let offered = c.digests().iter().find(|d| d.hash() == algo);
            let Some(d) = offered else {
                assert!(row.is_none(), "{} {algo}", c.name());
                assert!(
                    skipped.contains(&format!("{} ({display})", c.name()))
                        && skipped.contains("does not offer it"),
                    "{skipped}"
                );
                continue;
            };
            let row = &row
                .unwrap_or_else(|| panic!("{} {algo}: no row", c.name()))
                .1;
            let imp = &row["implementation"];
            assert_eq!(imp["name"], c.name());
            assert_eq!(imp["kind"], "crate");
            assert_eq!(
                imp["version"],
                pkbench::implementation::crate_version(c.name())
            );
            assert_eq!(imp["variant"], d.algorithm());
            assert!(
                d.algorithm().starts_with("digest::SHA"),
                "{}",
                d.algorithm()
            );
            let info = &row["info"];
            assert_eq!(
                info["implementation"],
                format!(
                    "{} {} ({})",
                    c.name(),
                    pkbench::implementation::crate_version(c.name()),
                    d.algorithm()
                )
            );
            // Checked as every implementation of a hash: the registry's known answers
            // through the crate before timing, every timed digest against pkbench's own.
            assert_eq!(
                info["known_answers_checked"].as_u64().unwrap() as usize,
                a.known_answers().len()
            );
            assert_eq!(info["known_answers_source"], a.known_answers_source());
            assert!(info["outputs_checked"].as_u64().unwrap() >= 1);
            let sha = if algo == "sha1" { "sha1" } else { "sha2" };
            assert_eq!(
                info["outputs_checked_against"],
                format!(
                    "RustCrypto {sha} {} fed in uneven pieces",
                    pkbench::implementation::short_version(pkbench::implementation::crate_version(
                        sha
                    ))
                ),
                "{} {algo}",
                c.name()
            );
            assert!(row["stats"]["median_s"].as_f64().unwrap() > 0.0);
            crate_rows += 1;
        }
    }
    // aws-lc-rs: all five; ring: all but SHA-224 (it has none).
    assert_eq!(crate_rows, 9, "{rows:?}");
    assert!(skipped.contains("ring (SHA-224)"), "{skipped}");
}

#[test]
fn hash_all_has_crate_rows_and_says_what_each_was_checked_against() {
    let (v, rows) = hash_rows(&["--algo", "sha256", "--impl", "all"]);
    let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    for c in CRATES {
        assert!(names.contains(&c.name()), "{names:?}");
        assert!(
            !v["skipped"]
                .to_string()
                .contains(&format!("{} (", c.name())),
            "{}",
            v["skipped"]
        );
    }
    let out = common::pkbench_ok(&[
        "hash",
        "--algo",
        "sha384",
        "--block",
        "1000",
        "--impl",
        "pkbench,aws-lc-rs,ring",
        "--time",
        "0.02",
    ]);
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    for c in CRATES {
        let line = format!("{}: 1 row, 3 known answers before timing and ", c.name());
        assert!(flat.contains(&line), "{flat}");
        assert!(
            flat.contains(&format!(
                "{} {} (digest::SHA384)",
                c.name(),
                pkbench::implementation::crate_version(c.name())
            )),
            "{flat}"
        );
    }
    assert!(flat.contains("after, against RustCrypto sha2"), "{flat}");
}

#[test]
fn cipher_through_aws_lc_rs_has_every_mode_with_its_extra_work_said() {
    let v = common::pkbench_summary(&[
        "cipher",
        "--algo",
        "aes",
        "--key-bits",
        "192",
        "--both",
        "--impl",
        "pkbench,aws-lc-rs,ring",
        "--max-bytes",
        "256",
        "--points",
        "3",
        "--time",
        "0.01",
        "--json",
    ]);
    let rows = common::ops_by_impl(v["operations"].as_array().unwrap());
    let aws: Vec<&Value> = rows
        .iter()
        .filter(|r| r.0 == "aws-lc-rs")
        .map(|r| &r.1)
        .collect();
    let version = pkbench::implementation::crate_version("aws-lc-rs");
    let mut names = Vec::new();
    for row in &aws {
        names.push(row["name"].as_str().unwrap().to_string());
        let imp = &row["implementation"];
        assert_eq!(imp["name"], "aws-lc-rs");
        assert_eq!(imp["kind"], "crate");
        assert_eq!(imp["version"], version);
        let variant = imp["variant"].as_str().unwrap();
        let (mode, dir) = row["name"].as_str().unwrap().split_once(' ').unwrap();
        let key = if dir == "enc" {
            "EncryptingKey"
        } else {
            "DecryptingKey"
        };
        let call = match mode {
            "CFB" => "cfb128".to_string(),
            m => m.to_lowercase(),
        };
        assert_eq!(variant, format!("AES 192-bit key, {key}::{call}"));
        let info = &row["info"];
        assert_eq!(info["key_bits"], 192);
        assert!(
            info["extra_work"]
                .as_str()
                .unwrap()
                .contains("copy of the input")
        );
        assert!(
            info["outputs_checked_against"]
                .as_str()
                .unwrap()
                .starts_with("pkbench's own engine (the aes crate"),
            "{info}"
        );
        assert_eq!(info["outputs_checked"], 3);
        // The registry's vectors of AES-192 (FIPS 197 C.2), checked before timing; those of
        // the row's mode also through aws-lc-rs, both ways.
        let spec = pkbench::symmetric::CipherSpec::parse("aes", Some(192)).unwrap();
        assert_eq!(spec.vectors().len(), 1);
        assert_eq!(info["known_answers_checked"], 1, "{mode}");
        assert!(info["mb_per_s"].as_f64().unwrap() > 0.0);
    }
    let want: Vec<String> = ["ECB", "CBC", "CFB", "OFB", "CTR"]
        .iter()
        .flat_map(|m| [format!("{m} enc"), format!("{m} dec")])
        .collect();
    assert_eq!(names, want);
    // pkbench's own rows say what they were checked against too, without extra work.
    for r in rows.iter().filter(|r| r.0 == "pkbench") {
        assert!(r.1["info"].get("extra_work").is_none());
        assert!(
            r.1["info"]["outputs_checked_against"]
                .as_str()
                .unwrap()
                .contains("NIST SP 800-38A")
        );
    }
    // ring: one note for the cipher, with why.
    let skipped: Vec<&Value> = v["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["params"]["impl"] == "ring")
        .collect();
    assert_eq!(skipped.len(), 1, "{skipped:?}");
    assert_eq!(skipped[0]["item"], "ring (AES192)");
    assert!(skipped[0]["reason"].as_str().unwrap().contains("AES-GCM"));
}

#[test]
fn dh_crate_rows_say_what_they_were_checked_against() {
    let (_, rows) = reply_rows("p256", "pkbench,aws-lc-rs,ring");
    for c in CRATES {
        let row = &rows.iter().find(|r| r.0 == c.name()).unwrap().1;
        let checked = &row["info"]["checked_against"];
        assert_eq!(checked["against"], "pkbench", "{}", c.name());
        assert_eq!(
            checked["secret_bits"],
            serde_json::json!([256, 256, 256, 256])
        );
        assert_eq!(checked["offers"], 2);
        let given = c.keys() == pkbench::peers::crates::Keys::Given;
        assert_eq!(
            checked["replies"],
            if given { 4 } else { 2 },
            "{}",
            c.name()
        );
        assert_eq!(checked.get("peer_view").is_some(), !given, "{}", c.name());
    }
    let out = common::pkbench_ok(&[
        "dh",
        "--group",
        "p256",
        "--impl",
        "pkbench,aws-lc-rs,ring",
        "--time",
        "0.05",
    ]);
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("aws-lc-rs: 2 Offers and 4 Replies checked against pkbench's own on 4 secrets (4 of 256 bits) before timing"),
        "{flat}"
    );
    assert!(
        flat.contains(
            "ring: 2 Offers and 2 Replies checked against pkbench's own from the peer's view"
        ),
        "{flat}"
    );
}

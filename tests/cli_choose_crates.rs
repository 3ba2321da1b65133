//! `pkbench choose --impl` with the Rust crates (issue 30, item 7): aws-lc-rs and ring are
//! candidates beside pkbench's own code and the system libraries, each row named by its
//! crate, checked as `dh --impl` checks it; a crate without a group gives a note, and when
//! nothing asked for can run the command stops with one line (exit 2). The crates are built
//! in, so this holds with `PKBENCH_NO_PEERS=1` too.

mod common;

use common::{pkbench, pkbench_ok, summary_of};
use serde_json::Value;

/// `pkbench choose --groups GROUPS --impl IMPS --time 0.01 EXTRA…`: (exit code, stdout,
/// stderr).
fn choose(groups: &str, imps: &str, extra: &[&str]) -> (i32, String, String) {
    let args = [
        "choose", "--groups", groups, "--impl", imps, "--time", "0.01",
    ];
    pkbench(&[&args[..], extra].concat())
}

/// The timed rows of a `choose --json` summary.
fn timed(v: &Value) -> Vec<&Value> {
    v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["status"] == "timed")
        .collect()
}

/// The code of a row ("aws-lc-rs 1.19.0", "p256 0.13.2", …).
fn code(r: &Value) -> &str {
    r["code"].as_str().unwrap()
}

#[test]
fn crate_rows_beside_pkbench() {
    let (status, out, err) = choose(
        "p256,x25519",
        "aws-lc-rs,ring,pkbench",
        &["--all", "--json"],
    );
    assert_eq!(status, 0, "{err}");
    let v = summary_of("choose --json", &out);
    let rows = timed(&v);
    let crates = ["aws-lc-rs", "ring"];
    for group in ["p256", "x25519"] {
        let full = if group == "p256" { 256 } else { 253 };
        // pkbench's own row of the group at full size: its code is none of the crates'.
        let own = rows
            .iter()
            .find(|r| {
                r["field"] == group
                    && r["exp_bits"] == full
                    && !crates.iter().any(|k| code(r).starts_with(&format!("{k} ")))
            })
            .unwrap_or_else(|| panic!("pkbench's own {group} row: {out}"));
        for k in crates {
            let r = rows
                .iter()
                .find(|r| {
                    r["field"] == group
                        && r["exp_bits"] == full
                        && code(r).starts_with(&format!("{k} "))
                })
                .unwrap_or_else(|| panic!("{k} {group} row: {out}"));
            // The same group and secret size: the same security and the same bytes sent.
            for key in [
                "security_bits",
                "security_category",
                "public_bytes",
                "sent",
                "qualifies",
            ] {
                assert_eq!(r[key], own[key], "{k} {group} {key}: {r}");
            }
            assert_eq!(r["security_category"], 128, "{r}");
            // No pkbench table: the crate's own multiples of the generator.
            assert_eq!(r["table"], false, "{r}");
            assert_eq!(r["precomputation"]["kind"], "built-in", "{r}");
            let total = r["total_ms"].as_f64().unwrap();
            let (o, p) = (
                r["offer_ms"].as_f64().unwrap(),
                r["reply_ms"].as_f64().unwrap(),
            );
            assert!(o > 0.0 && p > 0.0, "{r}");
            assert!((total - (2.0 * o + p)).abs() < 1e-9 * total, "{r}");
        }
    }
    // aws-lc-rs takes pkbench's secrets, a 224-bit one too (zero-padded to the scalar's 32
    // bytes); ring draws its own, full-size: no 224-bit row, a note instead.
    assert!(
        rows.iter().any(|r| r["field"] == "p256"
            && r["exp_bits"] == 224
            && code(r).starts_with("aws-lc-rs ")),
        "{out}"
    );
    assert!(
        !rows
            .iter()
            .any(|r| r["exp_bits"] == 224 && code(r).starts_with("ring ")),
        "{out}"
    );
    let notes = v["notes"].to_string();
    assert!(
        notes.contains("ring (p256): does not offer it: not with 224-bit secrets"),
        "{notes}"
    );
    // Each crate row in the record: the crate named with its version, and what was checked
    // against pkbench's own before timing.
    let ops = v["operations"].as_array().unwrap();
    for k in crates {
        let mine: Vec<&Value> = ops
            .iter()
            .filter(|o| o["params"]["impl"] == k && o["name"] == "Total = 2*Offer + Reply")
            .collect();
        assert_eq!(mine.len(), if k == "ring" { 2 } else { 3 }, "{k}");
        for o in mine {
            assert_eq!(o["implementation"]["kind"], "crate", "{o}");
            assert_eq!(o["implementation"]["name"], k, "{o}");
            assert_eq!(o["info"]["checked_against"]["against"], "pkbench", "{o}");
            assert!(o["info"]["checked_against"]["offers"].as_u64().unwrap() >= 2);
        }
    }
}

#[test]
fn a_crate_without_the_group_gives_a_note() {
    // ring has no P-521: nothing asked for can run, one line, exit 2.
    let (status, out, err) = choose("p521", "ring", &[]);
    assert_eq!(status, 2, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.contains("ring (p521): does not offer it: pkbench runs only x25519, p256, p384"),
        "{err}"
    );
    // Beside aws-lc-rs, which has it: aws-lc-rs's row and ring's note.
    let (status, out, err) = choose("p521", "ring,aws-lc-rs", &["--exp-bits", "full", "--json"]);
    assert_eq!(status, 0, "{err}");
    let v = summary_of("choose --json", &out);
    let codes: Vec<&str> = timed(&v).into_iter().map(code).collect();
    assert!(!codes.is_empty(), "{out}");
    assert!(
        codes.iter().all(|c| c.starts_with("aws-lc-rs ")),
        "{codes:?}"
    );
    assert_eq!(v["chosen"]["field"], "p521", "{out}");
    assert!(
        v["notes"]
            .to_string()
            .contains("ring (p521): does not offer it"),
        "{}",
        v["notes"]
    );
    // The help names the crates and their groups from the one list.
    let help = pkbench_ok(&["choose", "--help"]);
    // Words wrapped at the terminal's width: compared with single spaces.
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("`aws-lc-rs` (x25519, p256, p384, p521) and `ring` (x25519, p256, p384)"),
        "{help}"
    );
}

/// The secret sizes the crates take, which `choose` relies on: aws-lc-rs takes pkbench's
/// short secrets (zero-padded to the scalar's length, its Offers equal to pkbench's own on
/// the pool's 128-bit secrets); ring draws its own, full-size, so `dh --exp-bits 128` gives
/// its note rather than a row that would name a size it did not time.
#[test]
fn dh_crates_at_a_short_secret_size() {
    let v = common::pkbench_json(&[
        "dh",
        "--group",
        "p256",
        "--exp-bits",
        "128",
        "--impl",
        "aws-lc-rs,ring",
        "--time",
        "0.01",
        "--json",
    ]);
    let ops = v["operations"].as_array().unwrap();
    assert_eq!(ops.len(), 4, "aws-lc-rs's four rows alone: {v}");
    for o in ops {
        assert_eq!(o["params"]["impl"], "aws-lc-rs", "{o}");
        assert_eq!(o["params"]["exp_bits"], 128, "{o}");
    }
    let skipped = v["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 1, "{v}");
    assert_eq!(skipped[0]["item"], "ring (p256)");
    assert_eq!(
        skipped[0]["reason"],
        "does not offer it: not with 128-bit secrets: it draws its own, full-size"
    );
}

/// The implementations of a `choose --json` record's operations on `group`, each once.
fn impls_of(rec: &Value, group: &str) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for o in rec["operations"].as_array().unwrap() {
        if o["params"]["group"] == group {
            let i = o["params"]["impl"].as_str().unwrap_or("?").to_string();
            if !v.contains(&i) {
                v.push(i);
            }
        }
    }
    v
}

/// `--impl` rules the KEMs as it rules the DH groups, with `dh`'s words: `pkbench` is
/// pkbench's own ML-KEM (the ml-kem crate), `all` every crate, a KEM crate by name; a
/// library named alone gets a note for each KEM, and a KEM crate alone leaves the DH groups
/// unranked (a note), or with no KEM among the groups stops with one line.
#[test]
fn impl_rules_the_kems_too() {
    let json = |imps: &str, groups: &str| {
        let (code, out, err) = choose(groups, imps, &["--all", "--json"]);
        assert_eq!(code, 0, "{imps}: {err}");
        common::parse_json("choose --json", &out)
    };
    let r = json("gcrypt", "mlkem768,x25519");
    assert!(impls_of(&r, "mlkem768").is_empty(), "{r}");
    assert_eq!(impls_of(&r, "x25519"), ["gcrypt"]);
    assert!(
        r["notes"].as_array().unwrap().iter().any(|n| n
            .as_str()
            .unwrap()
            .starts_with("gcrypt (mlkem768): does not offer it")),
        "{r}"
    );
    assert_eq!(
        impls_of(&json("pkbench", "mlkem768"), "mlkem768"),
        ["ml-kem"]
    );
    assert_eq!(
        impls_of(&json("all", "mlkem768"), "mlkem768"),
        ["ml-kem", "libcrux-ml-kem", "aws-lc-rs"]
    );
    let r = json("libcrux-ml-kem", "mlkem768,x25519");
    assert_eq!(impls_of(&r, "mlkem768"), ["libcrux-ml-kem"]);
    assert!(impls_of(&r, "x25519").is_empty());
    assert_eq!(
        r["notes"][0],
        "--impl libcrux-ml-kem: computes the KEMs only, so the DH groups (x25519) are not ranked"
    );
    let (code, out, err) = choose("x25519", "ml-kem", &[]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.starts_with("pkbench: error: --impl ml-kem: computes the KEMs only")
            && err.lines().count() == 1,
        "{err}"
    );
}

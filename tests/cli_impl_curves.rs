//! `dh --impl` on the curves a designer weighs today (P-384, P-521, X448) and the KEMs: a
//! row per implementation that has the group, each checked against pkbench's crate on the
//! same secrets before it is timed (a wrong library would stop the run), with its ratio
//! and interval; a library without the group (or, for ML-KEM, an OpenSSL older than 3.5)
//! gives a note.

mod common;

use serde_json::Value;

fn ops(v: &Value) -> &Vec<Value> {
    v["operations"].as_array().unwrap()
}

/// The rows of `who` among `rows` ([`rows_by_impl`]).
fn of<'a>(rows: &'a [(String, Value)], who: &str) -> Vec<&'a Value> {
    rows.iter()
        .filter(|(w, _)| w == who)
        .map(|r| &r.1)
        .collect()
}

/// The rows of `dh --group GROUP --impl LIST --json` by implementation name (the crate's
/// rows carry no `impl` param and are listed under `pkbench`).
fn rows_by_impl(group: &'static str, list: &'static str) -> (Value, Vec<(String, Value)>) {
    let v = common::pkbench_summary(&[
        "dh", "--group", group, "--impl", list, "--time", "0.02", "--json",
    ]);
    let rows = common::ops_by_impl(ops(&v));
    (v, rows)
}

#[test]
fn openssl_rows_for_p384_p521_and_x448() {
    for (group, variant) in [
        ("p384", "EVP_PKEY_derive, secp384r1"),
        ("p521", "EVP_PKEY_derive, secp521r1"),
        ("x448", "EVP_PKEY, X448"),
    ] {
        let (v, rows) = rows_by_impl(group, "pkbench,openssl");
        let own: Vec<&Value> = rows
            .iter()
            .filter(|(w, _)| w == "pkbench")
            .map(|r| &r.1)
            // pkbench's own rows first; a twin without its table may follow.
            .take(4)
            .collect();
        assert_eq!(own.len(), 4, "{group}: Offer, Reply, Total, CPU sum");
        assert_eq!(own[0]["implementation"]["kind"], "crate", "{group}");
        let ssl = of(&rows, "openssl");
        if ssl.is_empty() {
            common::library_missing(&v["skipped"].to_string(), "openssl", group);
            continue;
        }
        assert_eq!(ssl.len(), 4, "{group}");
        let imp = &ssl[1]["implementation"];
        assert_eq!(imp["name"], "openssl");
        assert_eq!(imp["variant"], variant, "{group}");
        assert_eq!(ssl[1]["params"]["group"], group);
        assert!(
            ssl[1]["info"]["reply_method"]
                .as_str()
                .unwrap()
                .contains("EVP_PKEY_derive"),
            "{group}: {}",
            ssl[1]["info"]
        );
        assert!(ssl[1]["stats"]["median_s"].as_f64().unwrap() > 0.0);
    }
}

#[test]
fn the_text_has_a_ratio_and_interval_per_openssl_row() {
    let out = common::pkbench_ok(&["dh", "--group", "p384", "--impl", "all", "--time", "0.02"]);
    if !out.contains("openssl 3") {
        common::library_missing(&out, "openssl", "no P-384 row");
        return;
    }
    let reply = out
        .lines()
        .find(|l| l.trim_start().starts_with("Reply") && l.contains("openssl"))
        .unwrap_or_else(|| panic!("no openssl Reply row:\n{out}"));
    assert!(reply.contains('x') && reply.contains('['), "{reply}");
    assert!(out.contains("gmp (p384): does not offer it"), "{out}");
}

#[test]
fn mlkem_through_an_openssl_before_3_5_is_one_note() {
    let v = common::pkbench_summary(&[
        "dh", "--group", "mlkem768", "--impl", "all", "--time", "0.02", "--json",
    ]);
    let notes = v["skipped"].as_array().unwrap();
    let ssl: Vec<&Value> = notes
        .iter()
        .filter(|n| n["params"]["impl"] == "openssl")
        .collect();
    assert_eq!(ssl.len(), 1, "{notes:?}");
    let reason = ssl[0]["reason"].as_str().unwrap();
    assert!(
        reason.contains("needs OpenSSL 3.5")
            || reason.contains("not found")
            || reason.contains("does not run OpenSSL's ML-KEM"),
        "{reason}"
    );
    // Only OpenSSL: nothing can run, an input error naming why.
    let err = common::pkbench_input_error(&[
        "dh", "--group", "mlkem768", "--impl", "openssl", "--time", "0.02",
    ]);
    assert!(err.contains("openssl (mlkem768)"), "{err}");
}

/// OpenSSL's X25519 and X448 Reply sets up the key from raw bytes, which computes the
/// public value x·G too: its Reply, Total and CPU sum rows say so (`info.extra_work`,
/// `by_implementation[].extra_work`), its Offer and pkbench's own rows do not, and the text
/// says it under each of those rows' speed.
#[test]
fn openssl_x25519_and_x448_reply_rows_say_they_also_compute_the_public_value() {
    for group in ["x25519", "x448"] {
        let (v, rows) = rows_by_impl(group, "pkbench,openssl");
        let ssl = of(&rows, "openssl");
        if ssl.is_empty() {
            common::library_missing(&v["skipped"].to_string(), "openssl", group);
            continue;
        }
        let extra = |o: &Value| o["info"]["extra_work"].as_str().map(str::to_string);
        assert_eq!(extra(ssl[0]), None, "{group}: Offer {}", ssl[0]["info"]);
        for o in &ssl[1..] {
            let w = extra(o).unwrap_or_else(|| panic!("{group}: {} {}", o["name"], o["info"]));
            assert!(
                w.contains("x·G") && w.contains("EVP_PKEY_new_raw_private_key"),
                "{group}: {w}"
            );
        }
        assert!(
            of(&rows, "pkbench").iter().all(|o| extra(o).is_none()),
            "{group}: pkbench's own rows do no extra work"
        );
        let by = v["by_implementation"]
            .as_array()
            .expect("by_implementation");
        let named: Vec<(&str, bool)> = by
            .iter()
            .filter(|e| e["params"]["impl"] == "openssl")
            .map(|e| {
                (
                    e["operation"].as_str().unwrap(),
                    e["extra_work"].is_string(),
                )
            })
            .collect();
        assert_eq!(
            named,
            [
                ("Offer", false),
                ("Reply", true),
                ("Total = 2*Offer + Reply", true),
                ("CPU sum 2*Offer + 2*Reply", true)
            ],
            "{group}"
        );
    }
    let out = common::pkbench_ok(&[
        "dh",
        "--group",
        "x25519",
        "--impl",
        "pkbench,openssl",
        "--time",
        "0.02",
    ]);
    if !out.contains("openssl 3") {
        common::library_missing(&out, "openssl", "no X25519 row");
        return;
    }
    let by = &out[out.find("by implementation").expect("by implementation")..];
    let lines: Vec<&str> = by.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim_start().starts_with("Reply") && l.contains("openssl"))
        .unwrap_or_else(|| panic!("no openssl Reply row:\n{by}"));
    assert!(
        lines[at + 1].contains("^ unlike work: this row adds a public value x·G per Reply"),
        "{by}"
    );
    // Offer, the row before it, does the same work as pkbench's own.
    assert!(!lines[at - 1].contains("unlike work"), "{by}");
}

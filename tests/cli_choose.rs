//! `pkbench choose` on a small candidate set: one JSON object whose timed rows are sorted by
//! Total = 2*Offer + Reply and complete, whose other rows say why they were not timed, and
//! whose chosen row is the cheapest qualifying one without a weakness.

mod common;

use common::{pkbench, pkbench_input_error, pkbench_ok};
use serde_json::Value;

/// `pkbench choose ARGS`: (exit code, stdout, stderr).
fn choose(args: &[&str]) -> (i32, String, String) {
    pkbench(&[&["choose"][..], args].concat())
}

#[test]
fn json_rows_are_sorted_and_complete() {
    // pkbench's own code only: the counts below are the search's (libraries add rows).
    let (code, out, err) = choose(&[
        "--impl",
        "pkbench",
        "--fields",
        "x25519,k256,gf2-155,modp-2048",
        "--exp-bits",
        "full,128",
        "--budget-ms",
        "5",
        "--no-prune",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = common::summary_of("choose --json", &out);
    assert_eq!(v["command"], "choose");
    assert_eq!(v["min_security"], 112);
    let rows = v["rows"].as_array().unwrap();
    let timed: Vec<&Value> = rows.iter().filter(|r| r["status"] == "timed").collect();
    // x25519 full × 2 tables + k256 {full, 128} × 2 tables (gf2-155 and modp-2048 are timed
    // too once their families are built; skipped before).
    let curves = timed
        .iter()
        .filter(|r| r["field"] == "x25519" || r["field"] == "k256")
        .count();
    assert_eq!(curves, 6, "{out}");
    // Timed rows come first, sorted by Total.
    let n = timed.len();
    assert!(rows[..n].iter().all(|r| r["status"] == "timed"));
    let totals: Vec<f64> = timed
        .iter()
        .map(|r| r["total_ms"].as_f64().unwrap())
        .collect();
    assert!(totals.windows(2).all(|w| w[0] <= w[1]), "{totals:?}");
    for r in &timed {
        for k in [
            "field",
            "exp_bits",
            "table",
            "offer_ms",
            "reply_ms",
            "total_ms",
            "security_bits",
            "weak",
            "weak_reason",
            "reason",
            "public_bytes",
        ] {
            assert!(r.get(k).is_some(), "{k} missing in {r}");
        }
        let (o, p, t) = (
            r["offer_ms"].as_f64().unwrap(),
            r["reply_ms"].as_f64().unwrap(),
            r["total_ms"].as_f64().unwrap(),
        );
        assert!((t - (2.0 * o + p)).abs() < 1e-9 * t.max(1.0));
        assert!(o > 0.0 && p > 0.0);
    }
    // The security column: k256 with 128-bit secrets is at most 64 bits, below 80: weak.
    let short = timed
        .iter()
        .find(|r| r["field"] == "k256" && r["exp_bits"] == 128)
        .unwrap();
    assert_eq!(short["security_bits"], 64.0);
    assert_eq!(short["qualifies"], false);
    assert_eq!(short["weak"], true);
    assert!(
        short["reason"]
            .as_str()
            .unwrap()
            .contains("below the target")
    );
    let x = timed.iter().find(|r| r["field"] == "x25519").unwrap();
    assert_eq!(x["security_bits"], 125.8);
    assert_eq!(x["public_bytes"], 32);
    // Rows not timed say why and carry no figure.
    for r in &rows[n..] {
        assert_eq!(r["status"], "skipped", "{r}");
        assert!(r["total_ms"].is_null());
        assert!(!r["reason"].as_str().unwrap().is_empty());
        assert!(r["security_bits"].as_f64().is_some());
    }
    // The chosen row: the cheapest timed, qualifying, not weak — unless its rounds say
    // otherwise (the two best are timed again when tied; issue 31): then the record says
    // why (tied with the rule that broke it, or the runner-up's ratio interval above 1).
    let chosen = &v["chosen"];
    let want = timed
        .iter()
        .find(|r| r["qualifies"] == true && r["weak"] == false)
        .unwrap();
    assert!(chosen["security_bits"].as_f64().unwrap() >= 111.5);
    assert_eq!(chosen["option_best"], true, "{chosen}");
    let ru = &v["runner_up"];
    assert_ne!(ru["field"], chosen["field"]);
    if chosen["field"] != want["field"] {
        let lo = chosen["runner_up_ratio"]["lo"].as_f64();
        assert!(
            chosen["tied"] == true || lo.is_some_and(|lo| lo > 1.0),
            "{chosen}"
        );
    }
    // x25519 secrets are only full: the 128-bit size is dropped with a note.
    assert!(v["notes"].to_string().contains("x25519"));
}

#[test]
fn text_names_the_choice_and_explains() {
    let (code, out, err) = choose(&[
        "--fields",
        "x25519,gf2-185",
        "--budget-ms",
        "5",
        "--explain",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Chosen: x25519"), "{out}");
    assert!(out.contains("van Oorschot–Wiener"), "{out}");
    assert!(out.contains("Weil descent"), "{out}");
    assert!(out.contains("91.3"), "{out}");
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        &["--fields", "nosuchgroup", "--json"][..],
        &["--budget-ms", "0"][..],
        &["--min-security", "0"][..],
        &["--exp-bits", "8"][..],
        &["--max-secs", "0"][..],
        &["--fields", "x25519", "--exp-bits", "128"][..],
        &[
            "--fields",
            "x25519,curve25519",
            "--exp-bits",
            "200,128",
            "--json",
        ][..],
    ] {
        let err = pkbench_input_error(&[&["choose"][..], args].concat());
        if args.contains(&"x25519") {
            assert!(err.contains("leaves no candidate"), "{err}");
        }
    }
}

#[test]
fn output_record_round_trips_and_plots() {
    use pkbench::record::ResultRecord;
    let d = common::scratch("choose");
    let path = d.join("choose.json");
    let ps = path.to_str().unwrap();
    let args = [
        "--impl",
        "pkbench",
        "--fields",
        "x25519,k256,gf2-155,modp-1024",
        "--exp-bits",
        "full,128",
        "--budget-ms",
        "5",
        "--no-prune",
        "--output",
        ps,
    ];
    let (code, out, err) = choose(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("record:    saved to {ps}")), "{out}");

    // The record parses with the versioned schema and serialises back to the same JSON.
    let text = std::fs::read_to_string(&path).unwrap();
    let rec = ResultRecord::from_json("choose.json", &text).unwrap();
    assert_eq!(rec.command, "choose");
    assert_eq!(rec.params["min_security"], 112);
    assert_eq!(rec.params["fields"].as_array().unwrap().len(), 4);
    // The file is the record alone (schema 3: no summary keys beside it): the same text is
    // the record rendered again.
    // Equal to rounding: the record holds seconds, pkbench computes in milliseconds.
    let again: Value = serde_json::from_str(&pkbench::report::json::render(&rec).unwrap()).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    if let Some(path) = json_difference(&again, &file, "") {
        panic!("the record rendered again differs at {path}");
    }

    // Every timed row has Offer and Reply with raw samples, and its Total and security
    // estimate, identified as a dh measurement.
    assert!(file.get("rows").is_none(), "no summary in the record");
    let v: Value = common::summary_of("choose.json", &text);
    let rows = v["rows"].as_array().unwrap();
    let timed: Vec<&Value> = rows.iter().filter(|r| r["status"] == "timed").collect();
    assert!(timed.len() >= 6, "{text}");
    for r in &timed {
        let ops: Vec<_> = rec
            .operations
            .iter()
            .filter(|o| {
                o.params["group"] == r["field"]
                    && o.params["exp_bits"] == r["exp_bits"]
                    && o.params["table"] == r["table"]
            })
            .collect();
        let names: Vec<&str> = ops.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "Offer",
                "Reply",
                "Total = 2*Offer + Reply",
                "CPU sum 2*Offer + 2*Reply"
            ],
            "{r}"
        );
        assert_eq!(ops[0].params["command"], "dh");
        for op in &ops[..2] {
            let st = op.stats.as_ref().unwrap();
            assert_eq!(st.raw_ms.len(), st.samples);
            assert!(st.samples >= 5 && st.median_ms > 0.0);
        }
        // The record holds seconds, the summary milliseconds: equal to rounding.
        let close = |a: f64, b: &serde_json::Value| {
            let b = b.as_f64().unwrap();
            (a - b).abs() <= 1e-12 * b.abs()
        };
        assert!(close(
            ops[0].stats.as_ref().unwrap().median_ms,
            &r["offer_ms"]
        ));
        assert!(close(ops[2].figures["total_ms"], &r["total_ms"]));
        assert_eq!(ops[2].info["security_bits"], r["security_bits"]);
        assert_eq!(ops[2].info["qualifies"], r["qualifies"]);
    }
    let chosen: Vec<_> = rec
        .operations
        .iter()
        .filter(|o| o.info.get("chosen") == Some(&Value::Bool(true)))
        .collect();
    assert_eq!(chosen.len(), 4, "one candidate's four operations");
    assert_eq!(chosen[0].params["group"], v["chosen"]["field"]);

    // An existing record is not replaced without --force.
    let (code, out, err) = choose(&args);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty() && err.contains("--force"), "{err}");

    // `pkbench plot` draws panel (b) from it: one labelled point per timed candidate.
    let svg = d.join("choose.svg");
    let stdout = pkbench_ok(&["plot", ps, "--output", svg.to_str().unwrap()]);
    assert!(
        stdout.contains(&format!(
            "Total = 2*Offer + Reply against security: {} points",
            timed.len()
        )),
        "{stdout}"
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let texts: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").trim().to_string())
        .collect();
    // Points that land close together share one label ("gf2-155 (pkbench), k256/128
    // (k256)"), and which ones do depends on the timings: look for each name among the
    // labels' parts. The candidates come from several implementations, so each part names
    // its own in brackets, "chosen" last for the chosen one (issue 28).
    let parts: Vec<(String, Vec<String>)> = texts.iter().flat_map(|t| label_parts(t)).collect();
    for want in [
        "x25519",
        "k256",
        "k256/128",
        "gf2-155",
        "modp-1024",
        "modp-1024/128",
    ] {
        let part = parts.iter().find(|(name, _)| name == want);
        let Some((_, tags)) = part else {
            panic!("{want} not in {texts:?}");
        };
        assert!(
            tags.first().is_some_and(|t| t != "chosen"),
            "{want}: no implementation named in {texts:?}"
        );
    }
    let chosen = v["chosen"]["field"].as_str().unwrap();
    assert!(
        parts
            .iter()
            .any(|(name, tags)| name == chosen && tags.last().is_some_and(|t| t == "chosen")),
        "{texts:?}"
    );
    assert!(texts.iter().any(|t| t == "target: 112 bits"), "{texts:?}");
    assert!(
        texts.iter().any(|t| t == "short exponent, no table"),
        "{texts:?}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// With the default `--impl all`, each group is also timed through the libraries found here
/// and the crates, and every timed row names its code; the chosen one names it with its
/// version.
#[test]
fn rows_name_their_implementation() {
    let (code, out, err) = choose(&[
        "--fields",
        "p256,x25519",
        "--budget-ms",
        "5",
        "--min-security",
        "120",
        "--all",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = common::summary_of("choose --json", &out);
    let timed: Vec<&Value> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["status"] == "timed")
        .collect();
    assert!(
        timed
            .iter()
            .all(|r| !r["code"].as_str().unwrap().is_empty()),
        "{out}"
    );
    let codes: Vec<&str> = timed.iter().map(|r| r["code"].as_str().unwrap()).collect();
    assert!(codes.iter().any(|c| c.starts_with("p256 ")), "{codes:?}");
    // `all` takes the crates too, after the libraries; they are built in, so their rows are
    // there with the system libraries hidden as well.
    for k in ["aws-lc-rs ", "ring "] {
        assert!(codes.iter().any(|c| c.starts_with(k)), "{k}: {codes:?}");
    }
    if common::peers_hidden() {
        assert!(!codes.iter().any(|c| c.starts_with("openssl")), "{codes:?}");
    } else if !codes.iter().any(|c| c.starts_with("openssl ")) {
        common::skip("OpenSSL not found here: no openssl rows in choose");
    }
    // OpenSSL's P-256 and X25519 Offers use its built-in multiples of the generator: the
    // rows say so, although pkbench's own table is off for them.
    for r in timed
        .iter()
        .filter(|r| r["code"].as_str().unwrap().starts_with("openssl "))
    {
        assert_eq!(r["table"], false, "{r}");
        assert_eq!(r["precomputation"]["kind"], "built-in", "{r}");
    }
}

/// Issue 22: one vocabulary (`--groups`, `--time` in seconds) and security categories by
/// convention: X25519 (rho 125.8) and P-256 (127.8) are in the 128-bit category (RFC 7748,
/// NIST SP 800-57 Table 2 / SP 800-186) and so meet `--min-security 128`, the precise
/// estimate kept beside the category.
#[test]
fn groups_time_and_categories() {
    let (code, out, err) = choose(&[
        "--groups",
        "x25519,p256",
        "--time",
        "0.01",
        "--min-security",
        "128",
        "--no-prune",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = common::summary_of("choose --json", &out);
    assert_eq!(v["budget_ms"], 10.0);
    let rows = v["rows"].as_array().unwrap();
    for g in ["x25519", "p256"] {
        let r = rows
            .iter()
            .find(|r| r["field"] == g && r["status"] == "timed")
            .unwrap_or_else(|| panic!("{g} timed: {out}"));
        assert_eq!(r["security_category"], 128, "{g}");
        assert_eq!(r["qualifies"], true, "{g}");
        assert!(r["security_bits"].as_f64().unwrap() < 128.0, "{g}");
    }
    assert!(v["chosen"].is_object(), "{out}");
    // The text names category and estimate; the old spellings still work.
    let out = pkbench_ok(&[
        "choose",
        "--fields",
        "x25519",
        "--budget-ms",
        "10",
        "--min-security",
        "128",
        "--all",
    ]);
    assert!(out.contains("128 (125.8)"), "{out}");
    assert!(!out.contains("Chosen: none"), "{out}");
    let err = pkbench_input_error(&["choose", "--time", "0", "--groups", "x25519"]);
    assert!(err.contains("--time 0"), "{err}");
}

/// The path of the first place where `a` and `b` differ, numbers compared to a relative
/// 1e-12 (a time written in seconds and read back in milliseconds may differ in its last
/// bit), `None` when they agree.
fn json_difference(a: &Value, b: &Value, path: &str) -> Option<String> {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            ((x - y).abs() > 1e-12 * x.abs().max(y.abs())).then(|| format!("{path}: {x} != {y}"))
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (x, y))| json_difference(x, y, &format!("{path}[{i}]"))),
        (Value::Object(x), Value::Object(y)) if x.len() == y.len() => {
            x.iter().find_map(|(k, v)| match y.get(k) {
                Some(w) => json_difference(v, w, &format!("{path}.{k}")),
                None => Some(format!("{path}.{k}: missing")),
            })
        }
        _ => (a != b).then(|| format!("{path}: {a} != {b}")),
    }
}

/// The parts of a plot label, each a name and its bracketed tags: "p384 (aws-lc-rs, ring,
/// chosen), x25519" gives [("p384", [aws-lc-rs, ring, chosen]), ("x25519", [])].
fn label_parts(label: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut rest = label.trim();
    while !rest.is_empty() {
        let cut = rest.find([',', '(']).unwrap_or(rest.len());
        let name = rest[..cut].trim().to_string();
        rest = &rest[cut..];
        let mut tags = Vec::new();
        if let Some(r) = rest.strip_prefix('(') {
            let end = r.find(')').unwrap_or(r.len());
            tags = r[..end].split(", ").map(str::to_string).collect();
            rest = r.get(end + 1..).unwrap_or("");
        }
        out.push((name, tags));
        rest = rest.trim_start_matches([',', ' ']);
    }
    out
}

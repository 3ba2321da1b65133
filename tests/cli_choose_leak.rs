//! `choose --leak FILE` (issue 32, item 4): beside each row, the verdict of a real leak
//! record made here by a short `pkbench leak` run — the same verdict and |t| as that
//! record's rows of the same group, implementation and operation (worst of the row's
//! operations), kept in choose's own record so that every format shows it; rows no leak
//! row matches say "not tested"; a bad file is one line on stderr, exit 2, before any
//! timing. No assertion is made on any time.

mod common;

use common::{Pkbench, scratch};
use pkbench::measure::leak::fmt_t;
use serde_json::Value;
use std::path::Path;

/// A leak record of x25519 through every implementation, from a short run, saved in `dir`.
fn leak_record(dir: &Path) -> (String, Value) {
    let file = dir.join("leak.json").display().to_string();
    Pkbench::new(&[
        "leak", "--group", "x25519", "--impl", "all", "--time", "0.5", "--output", &file,
    ])
    .ok();
    let rec: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(rec["command"], "leak");
    (file, rec)
}

/// The label of an operation's implementation, as the record names it.
fn label(op: &Value) -> String {
    let i = &op["implementation"];
    let v = i["variant"].as_str().unwrap_or("");
    let base = format!(
        "{} {}",
        i["name"].as_str().unwrap(),
        i["version"].as_str().unwrap()
    );
    if v.is_empty() {
        base
    } else {
        format!("{base} ({v})")
    }
}

/// The worst verdict of the leak rows testing the choose row whose Total is `tot`: rows of
/// the same group, implementation label and operation (an Offer with the same table), as
/// (verdict word, |t|): "depends" before "no verdict" before "none found", then the larger
/// |t|. `None` when no row matches.
fn expected(tot: &Value, leak: &Value) -> Option<(String, Option<f64>)> {
    let mut worst: Option<(u8, f64, String, Option<f64>)> = None;
    for o in leak["operations"].as_array().unwrap() {
        let op = o["name"].as_str().unwrap();
        let same = o["params"]["group"] == tot["params"]["group"]
            && label(o) == label(tot)
            && (op == "Reply" || o["params"]["table"] == tot["params"]["table"]);
        if !same || !(op == "Offer" || op == "Reply") {
            continue;
        }
        let t = o["figures"]["max_abs_t"].as_f64();
        let (rank, word) = match t {
            Some(t) if t > 4.5 => (2, "depends"),
            Some(_) => (0, "none found"),
            None => (1, "no verdict"),
        };
        let key = (rank, t.unwrap_or(0.0));
        if worst.as_ref().is_none_or(|w| (w.0, w.1) < key) {
            worst = Some((rank, key.1, word.to_string(), t));
        }
    }
    worst.map(|w| (w.2, w.3))
}

#[test]
fn choose_shows_the_verdicts_of_a_real_leak_record() {
    let dir = scratch("choose-leak");
    let (file, leak) = leak_record(&dir);
    let out = dir.join("choose.json").display().to_string();
    let args = [
        "choose",
        "--groups",
        "x25519,mlkem768",
        "--all",
        "--no-prune",
        "--time",
        "0.02",
        "--tie-secs",
        "0",
        "--leak",
        &file,
    ];
    let text = Pkbench::new(&[&args[..], &["--output", &out]].concat()).ok();
    let rec: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(rec["params"]["leak_files"], serde_json::json!([file]));
    // Every x25519 row carries the verdict the leak record gives it; the KEM rows none.
    let totals: Vec<&Value> = rec["operations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["name"].as_str().unwrap().starts_with("Total = "))
        .collect();
    let mut tested = 0;
    for tot in &totals {
        let mark = &tot["info"]["leak"];
        match expected(tot, &leak) {
            Some((word, t)) => {
                tested += 1;
                assert_eq!(mark["verdict"], word.as_str(), "{tot}");
                assert_eq!(mark["max_abs_t"].as_f64(), t, "{tot}");
                assert_eq!(mark["files"], serde_json::json!([file]));
            }
            None => assert!(mark.is_null(), "{tot}"),
        }
    }
    // x25519-dalek with and without its table, OpenSSL and libgcrypt (when found).
    assert!(tested >= 2, "{rec}");
    assert!(
        totals
            .iter()
            .any(|t| t["params"]["group"] == "mlkem768" && t["info"]["leak"].is_null())
    );
    // The text's leak column says the same: x25519-dalek's table row reads the worst of its
    // Offer and Reply as the leak record has them.
    let dalek = totals
        .iter()
        .find(|t| label(t).starts_with("x25519-dalek") && t["params"]["table"] == true)
        .unwrap();
    let mark = &dalek["info"]["leak"];
    assert_eq!(mark["untested"], serde_json::json!([]), "{mark}");
    let cell = match (
        mark["verdict"].as_str().unwrap(),
        mark["max_abs_t"].as_f64(),
    ) {
        ("none found", Some(t)) => format!("none {}", fmt_t(t)),
        ("depends", Some(t)) => format!("depends {}", fmt_t(t)),
        (w, _) => w.to_string(),
    };
    assert!(text.contains(&cell), "{cell:?} not in\n{text}");
    assert!(text.contains("not tested"), "{text}");
    assert!(
        text.contains("leak: the verdict of `pkbench leak`"),
        "{text}"
    );
    // Every format shows it: JSON summary rows, Markdown, CSV, HTML, from the record.
    for (fmt, want) in [("markdown", cell.clone()), ("csv", format!(",leak,{cell}"))] {
        let shown = Pkbench::new(&[&args[..], &["--format", fmt]].concat()).ok();
        assert!(shown.contains(&want), "{fmt}: {want:?} not in\n{shown}");
    }
    let html = Pkbench::new(&[&args[..], &["--format", "html"]].concat()).ok();
    assert!(
        html.contains(">leak<") && html.contains("not tested"),
        "{html}"
    );
    let json = Pkbench::new(&[&args[..], &["--json"]].concat()).summary();
    let rows = json["rows"].as_array().unwrap();
    let row = rows
        .iter()
        .find(|r| r["code"].as_str().unwrap().starts_with("x25519-dalek") && r["table"] == true)
        .unwrap();
    assert_eq!(row["leak"]["verdict"], mark["verdict"], "{row}");
    // A leak file that matches no row timed here is said in a note.
    let other = Pkbench::new(&[
        "choose",
        "--groups",
        "p256",
        "--impl",
        "pkbench",
        "--time",
        "0.02",
        "--tie-secs",
        "0",
        "--leak",
        &file,
        "--json",
    ])
    .json();
    let notes = other["notes"].to_string();
    assert!(
        notes.contains("--leak") && notes.contains("x25519 through"),
        "{notes}"
    );
}

#[test]
fn a_leak_file_that_cannot_be_used_is_one_line_before_any_timing() {
    let dir = scratch("choose-leak-bad");
    let missing = dir.join("missing.json").display().to_string();
    let err = Pkbench::new(&["choose", "--groups", "x25519", "--leak", &missing]).input_error();
    assert!(
        err.contains("--leak") && err.contains("missing.json"),
        "{err}"
    );
    // A record of another command: a dh record.
    let dh = dir.join("dh.json").display().to_string();
    Pkbench::new(&["dh", "--group", "x25519", "--time", "0.01", "--output", &dh]).ok();
    let err = Pkbench::new(&["choose", "--groups", "x25519", "--leak", &dh]).input_error();
    assert!(err.contains("a `dh` record, not a leak record"), "{err}");
    // Not JSON at all.
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "not json").unwrap();
    let err = Pkbench::new(&["choose", "--leak", junk.to_str().unwrap()]).input_error();
    assert!(err.contains("--leak"), "{err}");
    // --cache's table-window sweep has no rows a leak record could match.
    let err = Pkbench::new(&["choose", "--cache", "cold", "--leak", &missing]).input_error();
    assert!(err.contains("--leak"), "{err}");
}

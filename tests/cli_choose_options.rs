//! Issue 31: `pkbench choose` answers with one line per option — DH groups and KEMs side by
//! side, each at its best row — prices the wire with `--link`, keeps only post-quantum rows
//! with `--post-quantum` and leaves the KEMs out with `--classical`. Small budgets: these
//! tests check the logic (which rows, which figures add up to what), never a speed.

mod common;

use common::{pkbench, pkbench_input_error};
use serde_json::Value;

/// `pkbench choose ARGS --time 0.005 --json`: the summary.
fn choose_json(args: &[&str]) -> Value {
    let (code, out, err) = pkbench(&[&["choose", "--time", "0.005", "--json"][..], args].concat());
    assert_eq!(code, 0, "{err}");
    common::summary_of("choose --json", &out)
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// Each option once, each its best row; the chosen one among them and the cheapest by cost
/// unless a tie was broken; a KEM and a DH group side by side.
#[test]
fn one_line_per_option_with_both_securities() {
    let v = choose_json(&[
        "--groups",
        "x25519,p256,mlkem768,x25519mlkem768",
        "--min-security",
        "128",
        "--tie-secs",
        "1",
        // Every row timed: which are pruned depends on this machine's speed.
        "--no-prune",
    ]);
    let options = v["options"].as_array().unwrap();
    let mut names: Vec<&str> = options
        .iter()
        .map(|o| o["field"].as_str().unwrap())
        .collect();
    names.sort_unstable();
    assert_eq!(
        names,
        ["mlkem768", "p256", "x25519", "x25519mlkem768"],
        "{v}"
    );
    for o in options {
        assert_eq!(o["option_best"], true);
        assert!(!o["code"].as_str().unwrap().is_empty(), "{o}");
        let q = f(&o["quantum_bits"]);
        if o["kem"] == true {
            assert_eq!(q, 192.0, "{o}");
            // KeyGen + Encaps + Decaps.
            let sum = f(&o["offer_ms"]) + f(&o["reply_ms"]) + f(&o["decaps_ms"]);
            assert!((sum - f(&o["total_ms"])).abs() <= 1e-9 * sum, "{o}");
        } else {
            assert_eq!(q, 0.0, "{o}");
            let sum = 2.0 * f(&o["offer_ms"]) + f(&o["reply_ms"]);
            assert!((sum - f(&o["total_ms"])).abs() <= 1e-9 * sum, "{o}");
        }
        // Without --link the cost is the Total.
        assert_eq!(o["cost_ms"], o["total_ms"], "{o}");
    }
    // Sorted by cost; the chosen one is an option, the runner-up another.
    let costs: Vec<f64> = options.iter().map(|o| f(&o["cost_ms"])).collect();
    assert!(costs.windows(2).all(|w| w[0] <= w[1]), "{costs:?}");
    let chosen = &v["chosen"];
    assert_eq!(chosen["option_best"], true);
    assert_ne!(v["runner_up"]["field"], chosen["field"]);
    let ratio = &chosen["runner_up_ratio"];
    assert!(ratio["estimate"].is_number(), "{chosen}");
    if chosen["tied"] == true {
        assert!(chosen["tie_rule"].is_string(), "{chosen}");
    } else if chosen["field"] != options[0]["field"] {
        // Chosen over a cheaper median: its rounds said so (the interval below 1).
        assert!(f(&ratio["lo"]) > 1.0, "{chosen}");
    }
}

/// The text: one marked line per option, the key, and the chosen line with both securities.
#[test]
fn text_is_one_line_per_option() {
    let (code, out, err) = pkbench(&[
        "choose",
        "--groups",
        "x25519,mlkem768",
        "--time",
        "0.005",
        "--min-security",
        "128",
        "--tie-secs",
        "0",
        "--no-prune",
    ]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("► ") || l.starts_with("  x25519") || l.starts_with("  mlkem"))
        .collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert_eq!(
        rows.iter().filter(|l| l.starts_with('►')).count(),
        1,
        "{out}"
    );
    assert!(
        rows.iter()
            .any(|l| l.contains("32+32") && l.ends_with("128/0")),
        "{out}"
    );
    assert!(
        rows.iter()
            .any(|l| l.contains("1184+1088") && l.ends_with("192/192")),
        "{out}"
    );
    assert!(out.contains("Chosen: "), "{out}");
    assert!(out.contains("quantum."), "{out}");
    assert!(out.lines().count() <= 30, "{out}");
}

/// `--link`: each row's cost is its Total plus 8 × (bytes both ways) / rate, the ranking
/// follows the cost, and at 1 Mbit/s ML-KEM-768's 2272 bytes cost 18.176 ms against
/// X25519's 64 bytes' 0.512 ms.
#[test]
fn link_prices_both_parties_messages() {
    let v = choose_json(&[
        "--groups",
        "x25519,mlkem768",
        "--min-security",
        "128",
        "--link",
        "1Mbit",
        "--tie-secs",
        "0",
    ]);
    assert_eq!(v["link_bits_per_s"], 1e6);
    let options = v["options"].as_array().unwrap();
    assert_eq!(options.len(), 2, "{v}");
    for o in options {
        let want = if o["kem"] == true { 18.176 } else { 0.512 };
        assert!((f(&o["link_ms"]) - want).abs() < 1e-9, "{o}");
        let cost = f(&o["total_ms"]) + f(&o["link_ms"]);
        assert!((f(&o["cost_ms"]) - cost).abs() <= 1e-9 * cost, "{o}");
    }
    let costs: Vec<f64> = options.iter().map(|o| f(&o["cost_ms"])).collect();
    assert!(costs[0] <= costs[1], "{costs:?}");
    for bad in ["fast", "1MB", "0Mbit", "0"] {
        let e = pkbench_input_error(&["choose", "--link", bad]);
        assert!(e.contains("--link") || e.contains("bits per second"), "{e}");
    }
    let (code, out, _) = pkbench(&[
        "choose",
        "--groups",
        "x25519",
        "--time",
        "0.005",
        "--link",
        "10Gbit",
        "--tie-secs",
        "0",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("link = 8 × (bytes sent both ways) / 10 Gbit/s"),
        "{out}"
    );
}

/// `--post-quantum`: only KEM rows meet the target and are chosen; the DH groups are left
/// out (no security against a quantum computer). `--classical`: no KEM at all.
#[test]
fn post_quantum_and_classical_filter_the_rows() {
    let v = choose_json(&[
        "--groups",
        "x25519,mlkem512,mlkem768",
        "--min-security",
        "192",
        "--post-quantum",
        "--tie-secs",
        "0",
    ]);
    let options: Vec<&str> = v["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["field"].as_str().unwrap())
        .collect();
    assert_eq!(options, ["mlkem768"], "mlkem512 is category 1: {v}");
    assert_eq!(v["chosen"]["field"], "mlkem768");
    assert!(f(&v["chosen"]["quantum_bits"]) >= 192.0);
    for r in v["rows"].as_array().unwrap() {
        assert_eq!(r["meets"], false, "{r}");
        assert_ne!(r["status"], "timed", "DH rows are not timed: {r}");
    }
    let v = choose_json(&[
        "--groups",
        "x25519,mlkem768",
        "--classical",
        "--tie-secs",
        "0",
    ]);
    assert!(v["kems"].as_array().unwrap().is_empty(), "{v}");
    assert_eq!(v["chosen"]["field"], "x25519");
    let e = pkbench_input_error(&["choose", "--classical", "--post-quantum"]);
    assert!(
        e.contains("--classical") || e.contains("--post-quantum"),
        "{e}"
    );
    let e = pkbench_input_error(&["choose", "--tie-secs", "-1"]);
    assert!(e.contains("--tie-secs"), "{e}");
}

//! `pkbench noise`: the between-run spread measured in separate runs, saved for this host,
//! carried by later records and used by `compare` as the floor of its threshold.

mod common;

use common::Pkbench;

#[test]
fn noise_is_measured_saved_and_carried_by_later_records() {
    let cache = common::scratch("noise-cache");
    let cache_s = cache.display().to_string();
    let out = Pkbench::new(&["noise", "--runs", "3", "--time", "0.02", "--json"])
        .env("XDG_CACHE_HOME", &cache_s)
        .json();
    let pct = out["noise"]["pct"].as_f64().expect("pct");
    let worst = out["noise"]["worst_pct"].as_f64().expect("worst_pct");
    assert!(pct.is_finite() && pct >= 0.0 && worst >= pct, "{out}");
    let ops = out["noise"]["operations"].as_array().unwrap();
    assert!(ops.len() >= 5, "every probe operation has a spread: {out}");
    assert_eq!(out["noise"]["runs"], 3);
    let saved = cache.join("pkbench").join("noise.json");
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&saved).expect("saved")).unwrap();
    assert_eq!(file["noise"]["pct"].as_f64(), Some(pct));

    // A later record of this host carries it in its machine section.
    let rec = Pkbench::new(&["hash", "--algo", "md5", "--time", "0.02", "--json"])
        .env("XDG_CACHE_HOME", &cache_s)
        .json();
    assert_eq!(rec["machine"]["noise"]["pct"].as_f64(), Some(pct), "{rec}");
    // Without the cache, no noise section.
    let other = common::scratch("noise-empty");
    let rec = Pkbench::new(&["hash", "--algo", "md5", "--time", "0.02", "--json"])
        .env("XDG_CACHE_HOME", &other.display().to_string())
        .json();
    assert!(rec["machine"].get("noise").is_none(), "{rec}");
}

#[test]
fn too_few_runs_are_refused() {
    let err = Pkbench::new(&["noise", "--runs", "2", "--no-save"]).input_error();
    assert!(err.contains("at least 3"), "{err}");
}

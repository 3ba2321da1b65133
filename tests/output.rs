//! `--output FILE` on the timing commands: refused up front when the file exists (without
//! `--force`) or its directory is missing, and a saved record has the versioned schema.

use std::path::PathBuf;
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pkbench-out-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn pkbench(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_pkbench"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn existing_file_is_not_overwritten() {
    let d = scratch("exists");
    let p = d.join("r.json");
    std::fs::write(&p, "keep").unwrap();
    let ps = p.to_str().unwrap();
    let (code, out, err) = pkbench(&["dh", "--field", "gf2-155", "--output", ps]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(err.starts_with("pkbench: error: --output"), "{err}");
    assert!(err.contains("--force"), "{err}");
    assert_eq!(err.lines().count(), 1);
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "keep");
    let missing = d.join("no/such/r.json");
    let (code, _, err) = pkbench(&["dh", "--output", missing.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("does not exist"), "{err}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn force_needs_output() {
    let (code, _, err) = pkbench(&["dh", "--force"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--output"), "{err}");
}

#[test]
fn raw_samples_are_written_once() {
    let (code, out, err) = pkbench(&["dh", "--field", "x25519", "--time", "0.02", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // Offer and Reply: raw samples in the operations only; the top-level copies keep the
    // summary figures.
    assert_eq!(out.matches("\"raw_ms\"").count(), 2, "{out}");
    for (op, key) in [(0, "offer"), (1, "reply")] {
        let st = &v["operations"][op]["stats"];
        assert_eq!(st["raw_ms"].as_array().unwrap().len(), st["samples"]);
        assert_eq!(v[key]["median_ms"], st["median_ms"]);
        assert!(v[key].get("raw_ms").is_none());
    }
}

//! `pkbench compare --run BASE NEW -- ARGS`: paired runs of two binaries, intervals from the
//! pairs, and the checks made before anything runs.

mod common;

use common::pkbench;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_pkbench")
}

#[test]
fn same_binary_paired_runs_give_intervals_around_one() {
    let out = common::Pkbench::new(&[
        "compare",
        "--run",
        bin(),
        bin(),
        "--runs",
        "6",
        "--json",
        "--",
        "hash",
        "--algo",
        "md5",
        "--time",
        "0.02",
    ])
    .json();
    let cells: Vec<&serde_json::Value> = out["comparisons"][0]["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .flat_map(|r| r["cells"].as_array().expect("cells"))
        .filter(|c| !c.is_null())
        .collect();
    assert!(!cells.is_empty(), "{out}");
    for c in cells {
        let (lo, hi, r) = (
            c["interval"]["lo"].as_f64().expect("paired interval"),
            c["interval"]["hi"].as_f64().unwrap(),
            c["ratio"].as_f64().unwrap(),
        );
        assert!(lo <= r && r <= hi, "{c}");
        // One binary against itself: the pairs' ratio is near 1 (a 2-core machine under
        // load can move a run by tens of percent; never by 3x).
        assert!(lo < 1.5 && hi > 0.67, "{c}");
    }
}

#[test]
fn a_real_difference_is_found_between_gf2m_code_paths() {
    #[cfg(target_arch = "x86_64")]
    let clmul = std::arch::is_x86_feature_detected!("pclmulqdq");
    #[cfg(not(target_arch = "x86_64"))]
    let clmul = false;
    if !clmul {
        common::skip_cpu("no carry-less multiply on this CPU: --no-clmul changes nothing");
        return;
    }
    let out = common::Pkbench::new(&[
        "compare",
        "--run",
        bin(),
        bin(),
        "--runs",
        "6",
        "--base-args=--no-clmul",
        "--json",
        "--",
        "dh",
        "--field",
        "gf2-155",
        "--exp-bits",
        "128",
        "--time",
        "0.05",
    ])
    .json();
    let row = &out["comparisons"][0]["rows"][0];
    let total = row["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| !c.is_null())
        .expect("a compared cell");
    // The carry-less multiply is several times faster than the portable code: the whole
    // interval lies above 1.
    assert!(total["interval"]["lo"].as_f64().unwrap() > 1.2, "{out}");
}

#[test]
fn bad_paired_runs_are_refused_before_running() {
    let cases: &[(&[&str], &str)] = &[
        (&["--runs", "3", "--", "hash"], "at least 6"),
        (&["--", "groups"], "makes no result record"),
        (&[], "needs the command"),
        (&["--", "dh", "--output", "x.json"], "leave out --output"),
        (
            &["--", "dh", "--field", "nope", "--time", "0.01"],
            "unknown field or group",
        ),
    ];
    for (extra, needle) in cases {
        let mut args = vec!["compare", "--run", bin(), bin()];
        args.extend_from_slice(extra);
        let (code, _, err) = pkbench(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
    let (code, _, err) = pkbench(&[
        "compare",
        "--run",
        "/nonexistent/pkbench",
        bin(),
        "--",
        "hash",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/pkbench"), "{err}");
}

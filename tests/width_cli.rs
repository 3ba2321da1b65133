//! The default text output of every command fits an 80-column terminal: each stdout line is
//! at most 80 characters (Unicode scalar values, not bytes) when stdout is a pipe, as here.
//! Short timings keep the whole file to a few seconds in release.

mod common;

use common::pkbench;

/// The width every text line must fit.
const WIDTH: usize = 80;

/// Runs `args`, requires exit code 0, and returns the lines of stdout wider than [`WIDTH`].
fn too_wide(args: &[&str]) -> Vec<String> {
    let (code, out, err) = pkbench(args);
    assert_eq!(code, 0, "pkbench {}: {err}", args.join(" "));
    assert!(
        !out.trim().is_empty(),
        "pkbench {}: no output",
        args.join(" ")
    );
    out.lines()
        .filter(|l| l.chars().count() > WIDTH)
        .map(|l| format!("{:>3} chars: {l}", l.chars().count()))
        .collect()
}

/// Asserts that each command's stdout fits, listing every offending line of every command.
fn check(commands: &[&[&str]]) {
    let mut bad = Vec::new();
    for args in commands {
        let wide = too_wide(args);
        if !wide.is_empty() {
            bad.push(format!("pkbench {}:\n{}", args.join(" "), wide.join("\n")));
        }
    }
    assert!(
        bad.is_empty(),
        "lines wider than {WIDTH}:\n{}",
        bad.join("\n\n")
    );
}

const T: &str = "0.02";

#[test]
fn dh_and_friends_fit() {
    check(&[
        &["dh", "--field", "gf2-155", "--exp-bits", "128", "--time", T],
        &["dh", "--field", "gf2-185", "--no-table", "--time", T],
        &["dh", "--field", "modp-1024", "--time", T],
        &["dh", "--field", "x25519", "--time", T],
        &["dh", "--field", "p256", "--exp-bits", "160", "--time", T],
        &["groups"],
        &["offer", "--field", "gf2-155", "--secret", "1f"],
        &["rsa", "--bits", "512", "--crt", "--time", T],
        &[
            "rsa-raw",
            "--modulus",
            "0ca1",
            "--exponent",
            "11",
            "--input",
            "41",
        ],
    ]);
}

#[test]
fn symmetric_and_hashes_fit() {
    check(&[
        &["cipher", "--algo", "aes", "--both", "--time", "0.01"],
        &["cipher", "--algo", "des", "--mode", "cbc", "--time", T],
        &[
            "cipher", "--algo", "arcfour", "--mode", "stream", "--time", T,
        ],
        &["des", "--time", T],
        &["des", "--keysetup", "--time", T],
        &["hash", "--algo", "haval-256-5", "--time", T],
    ]);
}

#[test]
fn tables_and_records_fit() {
    let d = common::scratch("width");
    let rec = |n: &str| d.join(n).to_str().unwrap().to_string();
    let (dh, scale, choose) = (rec("dh.json"), rec("scale.json"), rec("choose.json"));
    let svg = rec("scale.svg");
    check(&[
        &["repro", "1995", "--quick", "--time", T],
        &["repro", "gnupg-2000", "--time", "0.01"],
        &["dh", "--field", "modp-512", "--time", T, "--output", &dh],
        &[
            "scale",
            "--groups",
            "modp-512,modp-768",
            "--time",
            T,
            "--output",
            &scale,
        ],
        &[
            "choose",
            "--min-security",
            "80",
            "--fields",
            "gf2-155,modp-1024,p256,x25519",
            "--budget-ms",
            "5",
            "--explain",
            "--output",
            &choose,
        ],
        &["compare", &dh, &dh],
        &["compare", &dh, &dh, &dh],
        &["compare", &choose, &choose],
        &["plot", &scale, "--output", &svg],
    ]);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn help_fits() {
    let mut commands: Vec<Vec<&str>> = vec![vec!["--help"]];
    for c in [
        "dh", "offer", "reply", "choose", "repro", "cipher", "rsa", "rsa-raw", "groups", "suite",
        "scale", "plot", "compare", "des", "hash",
    ] {
        commands.push(vec![c, "--help"]);
    }
    let refs: Vec<&[&str]> = commands.iter().map(Vec::as_slice).collect();
    check(&refs);
}

#[test]
fn suite_fits() {
    let d = common::scratch("width-suite");
    let rec = d.join("suite.json");
    check(&[&[
        "suite",
        "--quick",
        "--time",
        "0.01",
        "--output",
        rec.to_str().unwrap(),
    ]]);
    let r = rec.to_str().unwrap();
    check(&[&["compare", r, r]]);
    std::fs::remove_dir_all(&d).unwrap();
}

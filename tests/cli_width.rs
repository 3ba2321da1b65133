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
        &["impls"],
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
        &[
            "cipher", "--algo", "aes", "--mode", "cbc", "--both", "--time", "0.01",
        ],
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
        &["compare", &dh, &dh, &dh, &dh, &dh, &dh],
        &["report", &dh, &dh, &dh, &dh, &dh],
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
        "scale", "plot", "compare", "des", "hash", "impls",
    ] {
        commands.push(vec![c, "--help"]);
    }
    let refs: Vec<&[&str]> = commands.iter().map(Vec::as_slice).collect();
    check(&refs);
}

/// A suite-shaped record (the long labels of the 1995 rows, DH, RSA, every cipher mode),
/// made here instead of running `suite` (several seconds): its summary table and a
/// comparison of it with itself fit.
#[test]
fn suite_summary_and_its_comparison_fit() {
    use pkbench::measure::{Machine, Stats};
    use pkbench::record::{Operation, ResultRecord, params};
    use serde_json::json;
    let mut r = ResultRecord::new("suite", "wall", Machine::detect());
    let stats = |ms: f64| Stats::from_samples(vec![ms * 0.98, ms, ms * 1.03], 7);
    r.operations.push(Operation::timed(
        "DH EC GF[2^155], 128-bit exponent, table (estimated)",
        params([
            ("command", json!("repro")),
            ("table", json!("1995")),
            ("row", json!("dh-ec-155-128")),
        ]),
        stats(0.0631),
    ));
    let dh = params([
        ("command", json!("dh")),
        ("exp_bits", json!(1023)),
        ("group", json!("modp-1024")),
        ("table", json!(true)),
    ]);
    r.operations
        .push(Operation::timed("Offer", dh.clone(), stats(0.9991)));
    r.operations
        .push(Operation::timed("Reply", dh.clone(), stats(1.002)));
    r.operations.push(Operation::derived(
        "Total = 2*Offer + Reply",
        dh,
        "total_ms",
        2.0 * 0.9991 + 1.002,
    ));
    r.operations.push(Operation::timed(
        "private op (raw)",
        params([
            ("command", json!("rsa")),
            ("bits", json!(2048)),
            ("chunk_bytes", json!(255)),
        ]),
        stats(12.3),
    ));
    for cipher in ["3DES", "BLOWFISH", "AES256", "TWOFISH"] {
        for mode in ["ECB", "CBC", "CFB", "OFB", "CTR"] {
            for dir in ["enc", "dec"] {
                r.operations.push(Operation::derived(
                    &format!("{mode} {dir}"),
                    params([("command", json!("cipher")), ("cipher", json!(cipher))]),
                    "bytes_per_sec",
                    123.4e6,
                ));
            }
        }
    }
    let text = pkbench::cli::suite::render_text(&r);
    let wide: Vec<&str> = text.lines().filter(|l| l.chars().count() > WIDTH).collect();
    assert!(wide.is_empty(), "{text}");
    let d = common::scratch("width-suite");
    let p = d.join("suite.json");
    std::fs::write(&p, r.to_json().unwrap()).unwrap();
    let p = p.to_str().unwrap();
    check(&[&["compare", p, p]]);
    std::fs::remove_dir_all(&d).unwrap();
}

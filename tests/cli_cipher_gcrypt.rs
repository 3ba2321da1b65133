//! CLI tests of the ciphers of libgcrypt's 2013 table that the 2000 and `bench-slope` lists
//! lack (`src/symmetric/table2013.rs`): SEED, which pkbench has no code for, through
//! libgcrypt in the table's five block modes, and Salsa20/20 (the `salsa20` crate, libgcrypt
//! beside it); each checked on published known answers (RFC 4269, eSTREAM) before timing.
//! Also the one line a cipher pkbench has no code for gets without libgcrypt (and with the
//! libraries hidden, `PKBENCH_NO_PEERS=1`), and an unknown cipher's closest names.

mod common;

use common::{Pkbench, library_missing, peers_hidden, pkbench, pkbench_input_error};
use serde_json::Value;

const QUICK: [&str; 6] = ["--time", "0.02", "--max-bytes", "512", "--points", "4"];

/// The modes of the 2013 table for a block cipher, as the rows name them.
const MODES: [&str; 5] = ["ECB", "CBC", "CFB", "OFB", "CTR"];

/// `pkbench ARGS QUICK` (and `--json` when `json`): exit code, stdout, stderr.
fn run(args: &[&str], json: bool) -> (i32, String, String) {
    let mut a = args.to_vec();
    a.extend_from_slice(&QUICK);
    if json {
        a.push("--json");
    }
    pkbench(&a)
}

fn ops(v: &Value) -> &Vec<Value> {
    v["operations"].as_array().unwrap()
}

/// The line of the rows by implementation for `what` ("SEED CBC enc") computed by `who`.
fn by_impl_line<'a>(text: &'a str, what: &str, who: &str) -> &'a str {
    text.lines()
        .find(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            l.trim_start().starts_with(what) && w.get(3) == Some(&who) && l.contains("MB/s")
        })
        .unwrap_or_else(|| panic!("no line {what} {who}:\n{text}"))
}

const SEED: [&str; 6] = ["cipher", "--algo", "seed", "--impl", "gcrypt", "--both"];

#[test]
fn seed_through_libgcrypt_has_every_mode_of_the_2013_table() {
    let (code, out, err) = run(&SEED, true);
    if peers_hidden() {
        // Nothing else computes SEED here: one line, saying libgcrypt was not looked for.
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        assert!(
            err.contains("gcrypt cannot run it here: not looked for")
                && err.contains("PKBENCH_NO_PEERS=1"),
            "{err}"
        );
        return;
    }
    if code != 0 {
        assert_eq!(code, 2, "{err}");
        library_missing(&err, "gcrypt", "SEED");
        return;
    }
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["params"]["cipher"], "SEED");
    assert_eq!(v["params"]["key_bits"], 128);
    assert_eq!(ops(&v).len(), 10, "{v}");
    for mode in MODES {
        for dir in ["enc", "dec"] {
            let name = format!("{mode} {dir}");
            let op = ops(&v)
                .iter()
                .find(|o| o["name"] == name.as_str())
                .unwrap_or_else(|| panic!("{name} missing: {v}"));
            assert_eq!(op["params"]["impl"], "gcrypt", "{op}");
            assert_eq!(op["params"]["cipher"], "SEED", "{op}");
            assert_eq!(op["implementation"]["name"], "gcrypt");
            assert_eq!(op["implementation"]["kind"], "library");
            assert_eq!(
                op["implementation"]["variant"],
                format!("SEED, {mode}").as_str()
            );
            assert_eq!(op["info"]["mode"], mode.to_lowercase().as_str());
            // RFC 4269's four vectors through libgcrypt in every mode, before timing.
            assert_eq!(op["info"]["known_answers_checked"], 4, "{op}");
            let sources = op["info"]["known_answers"].as_array().unwrap();
            assert_eq!(sources.len(), 4);
            assert!(sources.iter().all(|s| s == "RFC 4269 Appendix B"), "{op}");
            assert!(
                op["figures"]["bytes_per_sec"].as_f64().unwrap() > 1e5,
                "{op}"
            );
            assert!(
                op["info"]["note"]
                    .as_str()
                    .unwrap()
                    .starts_with("pkbench has no code of its own for SEED"),
                "{op}"
            );
        }
    }
    // The text says plainly that there is no pkbench row: the note, and no speed.
    let (code, text, err) = run(&SEED, false);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains(
            "note: pkbench has no code of its own for SEED: its rows are a library's alone"
        ),
        "{text}"
    );
    assert!(text.contains("no speed against pkbench"), "{text}");
    for mode in MODES {
        let l = by_impl_line(&text, &format!("SEED {mode} enc"), "gcrypt");
        assert!(l.trim_end().ends_with("MB/s     -"), "{l}");
        assert_eq!(common::speedups(l), 0, "{l}");
    }
}

#[test]
fn seed_without_libgcrypt_is_one_line_naming_it() {
    for imp in [None, Some("pkbench")] {
        let mut args = vec!["cipher", "--algo", "seed"];
        if let Some(i) = imp {
            args.extend(["--impl", i]);
        }
        let err = pkbench_input_error(&args);
        assert_eq!(
            err,
            "pkbench: error: cipher seed: pkbench has no code of its own for SEED; gcrypt computes it: use --impl gcrypt"
        );
    }
    // The libraries hidden: libgcrypt was not looked for, and the line says so.
    let err = Pkbench::new(&["cipher", "--algo", "seed", "--impl", "gcrypt"])
        .env("PKBENCH_NO_PEERS", "1")
        .input_error();
    assert_eq!(
        err,
        "pkbench: error: cipher seed: pkbench has no code of its own for SEED, and gcrypt cannot run it here: not looked for (system libraries hidden: PKBENCH_NO_PEERS=1)"
    );
    // pkbench's own beside libgcrypt: libgcrypt's rows, and a note for pkbench.
    if peers_hidden() {
        return;
    }
    let args = [
        "cipher",
        "--algo",
        "seed",
        "--impl",
        "pkbench,gcrypt",
        "--mode",
        "cbc",
    ];
    let (code, out, err) = run(&args, true);
    if code != 0 {
        library_missing(&err, "gcrypt", "SEED");
        return;
    }
    let v: Value = serde_json::from_str(&out).unwrap();
    let names: Vec<(&str, &str)> = ops(&v)
        .iter()
        .map(|o| {
            (
                o["name"].as_str().unwrap(),
                o["params"]["impl"].as_str().unwrap_or("pkbench"),
            )
        })
        .collect();
    assert_eq!(names, [("CBC enc", "gcrypt")]);
    let notes = v["skipped"].to_string();
    assert!(
        notes.contains("pkbench has no code of its own for SEED; gcrypt computes it"),
        "{notes}"
    );
}

#[test]
fn salsa20_the_crate_and_libgcrypt() {
    let args = [
        "cipher",
        "--algo",
        "salsa20",
        "--impl",
        "pkbench,gcrypt",
        "--both",
    ];
    let (code, out, err) = run(&args, true);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["params"]["cipher"], "SALSA20");
    assert_eq!(v["params"]["key_bits"], 256);
    let by = |who: &str| -> Vec<&Value> {
        ops(&v)
            .iter()
            .filter(|o| o["params"]["impl"].as_str().unwrap_or("pkbench") == who)
            .collect()
    };
    let own = by("pkbench");
    assert_eq!(own.len(), 2, "{v}");
    for (op, name) in own.iter().zip(["STREAM enc", "STREAM dec"]) {
        assert_eq!(op["name"], name);
        assert_eq!(op["implementation"]["name"], "salsa20");
        assert_eq!(op["info"]["mode"], "stream");
        // eSTREAM Set 1 vector# 0 and Set 5 vector# 0, both directions.
        assert_eq!(op["info"]["known_answers_checked"], 2, "{op}");
        let sources = op["info"]["known_answers"].to_string();
        assert!(sources.contains("eSTREAM Salsa20/20 256-bit"), "{sources}");
        assert!(
            op["figures"]["bytes_per_sec"].as_f64().unwrap() > 1e6,
            "{op}"
        );
    }
    let lib = by("gcrypt");
    if lib.is_empty() {
        library_missing(&v["skipped"].to_string(), "gcrypt", "SALSA20");
        return;
    }
    assert_eq!(lib.len(), 2, "{v}");
    for op in &lib {
        assert_eq!(op["implementation"]["variant"], "SALSA20, STREAM");
        assert_eq!(op["info"]["known_answers_checked"], 2, "{op}");
        assert!(
            op["figures"]["bytes_per_sec"].as_f64().unwrap() > 1e6,
            "{op}"
        );
    }
    // libgcrypt's rows have a speed against the crate's, with its interval.
    let (code, text, err) = run(&args, false);
    assert_eq!(code, 0, "{err}");
    for dir in ["enc", "dec"] {
        let l = by_impl_line(&text, &format!("SALSA20 STREAM {dir}"), "gcrypt");
        assert_eq!(common::speedups(l), 1, "{l}");
        assert!(l.contains('['), "{l}");
    }
}

#[test]
fn salsa20_is_a_stream_cipher_and_unknown_names_get_the_closest() {
    let err = pkbench_input_error(&["cipher", "--algo", "salsa20", "--mode", "cbc"]);
    assert!(err.contains("SALSA20 has no CBC mode: use stream"), "{err}");
    let err = pkbench_input_error(&["cipher", "--algo", "salsa20", "--key-bits", "128"]);
    assert!(err.contains("256"), "{err}");
    for (typo, meant) in [
        ("sead", "seed"),
        ("salza20", "salsa20"),
        ("SALSA2O", "salsa20"),
    ] {
        let err = pkbench_input_error(&["cipher", "--algo", typo]);
        assert!(
            err.contains(&format!("did you mean {meant}?")),
            "{typo}: {err}"
        );
        assert!(err.contains("arcfour, seed, salsa20"), "{err}");
    }
}

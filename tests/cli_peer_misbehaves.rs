//! A system library that misbehaves (an unexpected version, a missing symbol) costs only its
//! own rows: a one-line note names it and the other rows still run. The libraries are fakes
//! built here with gcc and found first through LD_LIBRARY_PATH.

mod common;

use common::{Pkbench, skip};
use std::path::Path;
use std::process::Command;

/// Builds a fake `libgmp.so.10` from `source` in `dir`; false when gcc is missing.
fn fake_gmp(dir: &Path, source: &str) -> bool {
    let c = dir.join("fake.c");
    std::fs::write(&c, source).unwrap();
    Command::new("gcc")
        .args(["-shared", "-fPIC", "-o"])
        .arg(dir.join("libgmp.so.10"))
        .arg(&c)
        .status()
        .is_ok_and(|s| s.success())
}

fn run_with(dir: &Path) -> (i32, String, String) {
    Pkbench::new(&[
        "dh",
        "--field",
        "modp-768",
        "--exp-bits",
        "128",
        "--impl",
        "pkbench,gmp",
        "--time",
        "0.02",
    ])
    .env("LD_LIBRARY_PATH", &dir.display().to_string())
    .run()
}

#[test]
fn a_library_of_an_unexpected_version_is_a_note() {
    let dir = common::scratch("fake-gmp-version");
    if !fake_gmp(&dir, "const char *const __gmp_version = \"4.3.2\";\n") {
        skip("gcc is not installed: cannot build the fake library");
        return;
    }
    let (code, out, err) = run_with(&dir);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Offer"), "pkbench's own rows still run: {out}");
    let note = out
        .lines()
        .find(|l| l.contains("gmp") && l.contains("4.3.2"))
        .unwrap_or_else(|| panic!("a note naming the version: {out}"));
    assert!(!note.trim().is_empty());
}

#[test]
fn a_library_missing_a_symbol_is_a_note() {
    let dir = common::scratch("fake-gmp-symbol");
    // The right version, but none of the mpz functions.
    if !fake_gmp(&dir, "const char *const __gmp_version = \"6.2.1\";\n") {
        skip("gcc is not installed: cannot build the fake library");
        return;
    }
    let (code, out, err) = run_with(&dir);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Offer"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.contains("gmp") && l.contains("__gmpz")),
        "a note naming the missing symbol: {out}"
    );
}

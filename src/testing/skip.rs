// Reporting a test that cannot run on this machine. One source for the unit tests
// (`crate::testing`, `src/testing.rs`) and the integration tests (`tests/common`), each of
// which includes this file with `include!`; so it holds items only, with full paths.

/// The environment variable that turns skips into failures. `PKBENCH_TEST_STRICT=1` (what
/// `.ci/run` sets): every [`skip`] fails its test (a tool or a system library missing);
/// a [`skip_cpu`] (a CPU feature this machine lacks, which no install step can bring) stays
/// a visible skip. `PKBENCH_TEST_STRICT=all`: both fail (for a machine that must run every
/// test, e.g. one with AVX-512).
pub const STRICT_VAR: &str = "PKBENCH_TEST_STRICT";

/// Says that the calling test, or the part of it named in `reason`, cannot run on this
/// machine: writes `SKIPPED <test>: <reason>` straight to the process's stderr (libtest
/// captures only the print macros, so the line shows in `cargo test` output, beside the
/// test's `ok`). With `PKBENCH_TEST_STRICT=1` or `all` it panics instead, failing the test.
/// The caller returns after it when nothing else of the test can run.
#[track_caller]
pub fn skip(reason: &str) {
    skip_unless(reason, strictness() >= 1);
}

/// As [`skip`], for a CPU feature this machine lacks (a test of the code that uses it): a
/// failure only with `PKBENCH_TEST_STRICT=all`.
#[track_caller]
pub fn skip_cpu(reason: &str) {
    skip_unless(reason, strictness() >= 2);
}

/// 0 without [`STRICT_VAR`], 1 for `1`, 2 for `all`.
fn strictness() -> u8 {
    match std::env::var(STRICT_VAR).as_deref() {
        Ok("1") => 1,
        Ok("all") => 2,
        _ => 0,
    }
}

/// Writes the skip's line, or fails when `strict`.
#[track_caller]
fn skip_unless(reason: &str, strict: bool) {
    // libtest runs each test on a thread named after it.
    let thread = std::thread::current();
    let line = skip_line(thread.name().unwrap_or("<unnamed test>"), reason);
    fail_if_strict(&line, strict);
    let _ = std::io::Write::write_all(
        &mut std::io::stderr().lock(),
        format!("{line}\n").as_bytes(),
    );
}

/// The line [`skip`] writes.
pub fn skip_line(test: &str, reason: &str) -> String {
    format!("SKIPPED {test}: {reason}")
}

/// Panics with the skip's line when `strict`.
#[track_caller]
pub fn fail_if_strict(line: &str, strict: bool) {
    if strict {
        panic!("{line} ({STRICT_VAR} set: a test that cannot run here fails)");
    }
}

// Reporting a test that cannot run on this machine. One source for the unit tests
// (`crate::testing`, `src/testing.rs`) and the integration tests (`tests/common`), each of
// which includes this file with `include!`; so it holds items only, with full paths.

/// The environment variable that turns every skip into a failure: with
/// `PKBENCH_TEST_STRICT=1` a test that cannot run here fails instead of passing (for a machine
/// that must run every test, e.g. one with AVX-512 and `chattr`).
pub const STRICT_VAR: &str = "PKBENCH_TEST_STRICT";

/// Says that the calling test, or the part of it named in `reason`, cannot run on this
/// machine: writes `SKIPPED <test>: <reason>` straight to the process's stderr (libtest
/// captures only the print macros, so the line shows in `cargo test` output, beside the
/// test's `ok`). With `PKBENCH_TEST_STRICT=1` it panics instead, failing the test. The caller
/// returns after it when nothing else of the test can run.
#[track_caller]
pub fn skip(reason: &str) {
    // libtest runs each test on a thread named after it.
    let thread = std::thread::current();
    let line = skip_line(thread.name().unwrap_or("<unnamed test>"), reason);
    fail_if_strict(
        &line,
        std::env::var_os(STRICT_VAR).is_some_and(|v| v == "1"),
    );
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
        panic!("{line} ({STRICT_VAR}=1: a test that cannot run here fails)");
    }
}

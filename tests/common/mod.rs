//! Helpers shared by the integration tests (`mod common;` in each test file): running the
//! `pkbench` binary, the repository's files (`vectors/`, `tests/data/`), scratch directories
//! ([`scratch`]: a fresh directory under the system's temporary directory, removed on drop),
//! and [`skip`] for a test that cannot run on this machine.
//!
//! Running the binary: [`pkbench`] gives (exit code, stdout, stderr); [`pkbench_in`] runs it in
//! a directory; [`pkbench_ok`] expects exit code 0 and gives stdout; [`pkbench_input_error`]
//! expects bad input (exit code 2, nothing on stdout, exactly one `pkbench: error:` line on
//! stderr, no panic) and gives that line; [`pkbench_json`] expects exit code 0 and parses
//! stdout as one JSON value. [`Pkbench`] does the same with environment variables or a
//! working directory set.
//!
//! Skips: a test that cannot run here (a CPU feature or a system tool missing) calls
//! [`skip`], which writes `SKIPPED <test>: <reason>` straight to stderr, so it shows in
//! `cargo test` output; with `PKBENCH_TEST_STRICT=1` a skip fails the test instead.

#![allow(dead_code)]

use serde_json::Value;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

include!("../../src/testing/skip.rs");
include!("../../src/testing/scratch.rs");

/// One run of the `pkbench` binary: its arguments, and optionally environment variables and
/// a working directory.
pub struct Pkbench {
    cmd: Command,
    shown: String,
}

impl Pkbench {
    pub fn new<S: AsRef<OsStr>>(args: &[S]) -> Self {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_pkbench"));
        cmd.args(args);
        // No noise figure saved by the developer's own `pkbench noise` leaks into a test's
        // records (it would raise compare's threshold); tests that want one set their own.
        cmd.env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("pkbench-tests-no-cache"),
        );
        let words: Vec<String> = args
            .iter()
            .map(|a| a.as_ref().to_string_lossy().into_owned())
            .collect();
        let shown = format!("pkbench {}", words.join(" "));
        Pkbench { cmd, shown }
    }

    /// Sets `key=value` in the binary's environment.
    pub fn env(mut self, key: &str, value: &str) -> Self {
        self.cmd.env(key, value);
        self.shown = format!("{key}={value} {}", self.shown);
        self
    }

    /// Removes `key` from the binary's environment.
    pub fn env_remove(mut self, key: &str) -> Self {
        self.cmd.env_remove(key);
        self
    }

    /// Runs the binary in `dir` (for commands that write files).
    pub fn current_dir(mut self, dir: &Path) -> Self {
        self.cmd.current_dir(dir);
        self
    }

    /// Runs it: (exit code, or -1 when killed; stdout; stderr).
    pub fn run(mut self) -> (i32, String, String) {
        let out = self
            .cmd
            .output()
            .unwrap_or_else(|e| panic!("{}: cannot run: {e}", self.shown));
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// Runs it, requires exit code 0, and returns stdout.
    #[track_caller]
    pub fn ok(self) -> String {
        let shown = self.shown.clone();
        let (code, out, err) = self.run();
        assert_eq!(code, 0, "{shown}: exit {code}: {err}");
        out
    }

    /// Runs it and requires bad input: exit code 2, nothing on stdout, and on stderr exactly
    /// one line, `pkbench: error: ...`, not a panic. Returns that line (without its newline).
    #[track_caller]
    pub fn input_error(self) -> String {
        let shown = self.shown.clone();
        let (code, out, err) = self.run();
        assert_eq!(code, 2, "{shown}: exit {code}, stderr {err:?}");
        assert!(out.is_empty(), "{shown}: stdout not empty: {out:?}");
        assert!(!err.contains("panicked"), "{shown}: {err}");
        assert_eq!(err.lines().count(), 1, "{shown}: {err:?}");
        assert!(err.ends_with('\n'), "{shown}: {err:?}");
        assert!(err.starts_with("pkbench: error: "), "{shown}: {err:?}");
        err.trim_end_matches('\n').to_string()
    }

    /// Runs it, requires exit code 0, and parses stdout as one JSON value.
    #[track_caller]
    pub fn json(self) -> Value {
        let shown = self.shown.clone();
        parse_json(&shown, &self.ok())
    }

    /// Runs it (a timing command with `--json`), requires exit code 0, reads stdout as a
    /// result record and returns it with its command's summary computed from it
    /// ([`pkbench::report::json::with_summary`]: `total_ms`, `offer`, `rows` … beside the
    /// record's own keys), as schema 2 printed it.
    #[track_caller]
    pub fn summary(self) -> Value {
        let shown = self.shown.clone();
        let rec = pkbench::record::ResultRecord::from_json(&shown, &self.ok())
            .unwrap_or_else(|e| panic!("{shown}: not a record: {e}"));
        pkbench::report::json::with_summary(&rec).unwrap()
    }
}

/// Runs the pkbench binary with `args`: (exit code, or -1 when killed; stdout; stderr).
pub fn pkbench<S: AsRef<OsStr>>(args: &[S]) -> (i32, String, String) {
    Pkbench::new(args).run()
}

/// As [`pkbench`], run in directory `dir` (for commands that write files).
pub fn pkbench_in<S: AsRef<OsStr>>(dir: &Path, args: &[S]) -> (i32, String, String) {
    Pkbench::new(args).current_dir(dir).run()
}

/// Runs pkbench with `args`, requires exit code 0, and returns stdout.
#[track_caller]
pub fn pkbench_ok<S: AsRef<OsStr>>(args: &[S]) -> String {
    Pkbench::new(args).ok()
}

/// Runs pkbench with `args` and requires bad input (see [`Pkbench::input_error`]); returns
/// the one `pkbench: error:` line.
#[track_caller]
pub fn pkbench_input_error<S: AsRef<OsStr>>(args: &[S]) -> String {
    Pkbench::new(args).input_error()
}

/// Runs pkbench with `args`, requires exit code 0, and parses stdout as one JSON value.
#[track_caller]
pub fn pkbench_json<S: AsRef<OsStr>>(args: &[S]) -> Value {
    Pkbench::new(args).json()
}

/// Runs pkbench with `args` (a timing command with `--json`), requires exit code 0, and
/// returns the record with its summary computed from it (see [`Pkbench::summary`]).
#[track_caller]
pub fn pkbench_summary<S: AsRef<OsStr>>(args: &[S]) -> Value {
    Pkbench::new(args).summary()
}

/// `out` (a timing command's `--json` output) read as a result record, with its summary
/// computed from it (see [`Pkbench::summary`]); `what` names it in the failure message.
#[track_caller]
pub fn summary_of(what: &str, out: &str) -> Value {
    let rec = pkbench::record::ResultRecord::from_json(what, out)
        .unwrap_or_else(|e| panic!("{what}: not a record: {e}"));
    pkbench::report::json::with_summary(&rec).unwrap()
}

/// `text` parsed as one JSON value; `what` names it in the failure message.
#[track_caller]
pub fn parse_json(what: &str, text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{what}: not one JSON value: {e}\n{text}"))
}

/// The repository's root.
pub fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fixture in `tests/data/` (keys, saved records): not a known-answer vector.
pub fn data(name: &str) -> PathBuf {
    manifest().join("tests/data").join(name)
}

/// A known-answer file in `vectors/` (`vectors/README.md` lists them and their sources).
pub fn vector_path(name: &str) -> PathBuf {
    manifest().join("vectors").join(name)
}

/// The parsed known-answer file `vectors/NAME`.
#[track_caller]
pub fn vector_file(name: &str) -> Value {
    let path = vector_path(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_json(&path.display().to_string(), &text)
}

/// The `"vectors"` list of `vectors/NAME`, never empty (a loop over it checks something).
#[track_caller]
pub fn vectors(name: &str) -> Vec<Value> {
    let list = vector_file(name)["vectors"]
        .as_array()
        .unwrap_or_else(|| panic!("vectors/{name}: no \"vectors\" list"))
        .clone();
    assert!(!list.is_empty(), "vectors/{name}: no vectors");
    list
}

/// The bignum backends built in: num-bigint always, gmp with `--features gmp`.
pub fn backends() -> Vec<&'static str> {
    let mut b = vec!["num-bigint"];
    if cfg!(feature = "gmp") {
        b.push("gmp");
    }
    b
}

/// The speedups in `line` in pkbench's one notation ("2.00x", "82.4x", "0.043x"): words
/// (split at spaces and table rules, brackets and commas around them dropped) that are a
/// number followed by "x".
pub fn speedups(line: &str) -> usize {
    line.split(|c: char| c.is_whitespace() || matches!(c, '|' | '│' | '┆'))
        .map(|w| w.trim_matches(|c: char| matches!(c, '(' | ')' | ',' | ';' | '[' | ']')))
        .filter(|w| {
            w.strip_suffix('x')
                .is_some_and(|n| !n.is_empty() && n.parse::<f64>().is_ok())
        })
        .count()
}

/// Whether this test run hides the system libraries (`PKBENCH_NO_PEERS=1`, as one pass of
/// `.ci/run` sets; the binaries the tests start inherit it). The tests then check what pkbench
/// says of a library it did not look for where they would otherwise check the library's rows;
/// when not hidden, a library CI installs that is missing is a [`skip`], so a failure under
/// `PKBENCH_TEST_STRICT=1`.
pub fn peers_hidden() -> bool {
    std::env::var("PKBENCH_NO_PEERS").is_ok_and(|v| v == "1")
}

/// `lib`'s rows are missing from a run whose output (its text, or its record's JSON) is
/// `output`. With the libraries hidden that is what pkbench documents, and the output must
/// say so (`lib` named, "not found"); otherwise a library CI installs is missing: a [`skip`],
/// a failure under `PKBENCH_TEST_STRICT=1`.
#[track_caller]
pub fn library_missing(output: &str, lib: &str, what: &str) {
    if peers_hidden() {
        assert!(
            output.contains(lib) && output.contains("not found"),
            "{lib} hidden, and the output does not say it was not found: {output}"
        );
    } else {
        skip(&format!("{lib} not found here: {what}"));
    }
}

/// Operations of a record (a `dh --impl … --json` summary) named by the implementation
/// that computed them: the `impl` param, or `pkbench` for pkbench's own rows (which carry
/// none), each with its operation.
pub fn ops_by_impl<'a>(ops: impl IntoIterator<Item = &'a Value>) -> Vec<(String, Value)> {
    ops.into_iter()
        .map(|o| {
            let who = o["params"]["impl"]
                .as_str()
                .unwrap_or("pkbench")
                .to_string();
            (who, o.clone())
        })
        .collect()
}

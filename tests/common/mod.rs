//! Helpers shared by the CLI tests (`mod common;` in each test file that uses them).

#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::Command;

/// A fresh, empty scratch directory `pkbench-<tag>-<pid>` under the system's temporary
/// directory (removed first if a previous run left it).
pub fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pkbench-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs the pkbench binary with `args`: (exit code, or -1 when killed; stdout; stderr).
pub fn pkbench<S: AsRef<OsStr>>(args: &[S]) -> (i32, String, String) {
    run(Command::new(env!("CARGO_BIN_EXE_pkbench")).args(args))
}

/// As [`pkbench`], run in directory `dir` (for commands that write files).
pub fn pkbench_in<S: AsRef<OsStr>>(dir: &std::path::Path, args: &[S]) -> (i32, String, String) {
    run(Command::new(env!("CARGO_BIN_EXE_pkbench"))
        .args(args)
        .current_dir(dir))
}

fn run(cmd: &mut Command) -> (i32, String, String) {
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

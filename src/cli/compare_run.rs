//! `pkbench compare --run BASE NEW -- ARGS…`: two pkbench builds run the same command in
//! alternating runs (BASE NEW, NEW BASE, …), each run saving its record as JSON; the runs of
//! each side are folded ([`crate::report::paired::fold_runs`]) and compared pair by pair.

use crate::error::{Error, Result};
use crate::record::ResultRecord;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Fewest runs of each side: with 5 pairs or fewer no Wilcoxon signed-rank interval at 95 %
/// is bounded (the smallest two-sided p-value of 5 pairs is 1/16).
pub const MIN_RUNS: usize = 6;

/// Commands whose runs make a result record (those `compare --run` can time).
const TIMING_COMMANDS: &[&str] = &[
    "dh", "rsa", "des", "hash", "cipher", "scale", "suite", "repro", "choose",
];

/// One side of a paired run: a pkbench binary and the arguments it adds.
#[derive(Debug, Clone)]
pub struct Side {
    /// The pkbench executable.
    pub binary: PathBuf,
    /// Arguments appended to the shared command for this side only (e.g. `--no-clmul`).
    pub extra: Vec<String>,
}

fn check_binary(label: &str, p: &Path) -> Result<()> {
    let meta = std::fs::metadata(p).map_err(|e| {
        Error::input(format!(
            "--run {label} {}: {e}; give the path of a pkbench binary (e.g. target/release/pkbench)",
            p.display()
        ))
    })?;
    if !meta.is_file() {
        return Err(Error::input(format!(
            "--run {label} {}: not a regular file; give the path of a pkbench binary",
            p.display()
        )));
    }
    Ok(())
}

/// Checks the shared command before anything runs: a timing command, no `--output` (each
/// run's record is read from its stdout), `--json` added when absent.
fn child_args(args: &[String]) -> Result<Vec<String>> {
    let Some(cmd) = args.first() else {
        return Err(Error::input(
            "--run needs the command both binaries run after `--`, e.g. `pkbench compare --run OLD NEW -- dh --field gf2-155 --time 0.3`",
        ));
    };
    if !TIMING_COMMANDS.contains(&cmd.as_str()) {
        return Err(Error::input(format!(
            "--run: `{cmd}` makes no result record; run one of {}",
            TIMING_COMMANDS.join(", ")
        )));
    }
    if args
        .iter()
        .any(|a| a == "--output" || a.starts_with("--output="))
    {
        return Err(Error::input(
            "--run: leave out --output (each run's record is read from its --json output)",
        ));
    }
    let mut v = args.to_vec();
    if !v.iter().any(|a| a == "--json") {
        v.push("--json".into());
    }
    Ok(v)
}

fn run_once(label: &str, side: &Side, args: &[String]) -> Result<ResultRecord> {
    let out = Command::new(&side.binary)
        .args(args)
        .args(&side.extra)
        .output()
        .map_err(|e| {
            Error::input(format!(
                "--run {label} {}: cannot run it: {e}",
                side.binary.display()
            ))
        })?;
    let shown = || {
        let mut all = args.to_vec();
        all.extend(side.extra.iter().cloned());
        format!("{} {}", side.binary.display(), all.join(" "))
    };
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let first = err.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        return Err(Error::input(format!(
            "{label} run `{}` failed ({}): {first}",
            shown(),
            out.status
        )));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    ResultRecord::from_json(&format!("{label} run `{}`", shown()), &text)
}

/// Runs `args` with `base` and `new` alternately, `runs` times each (pair i runs BASE first
/// when i is even, NEW first when odd), and returns each side's records in run order.
///
/// # Errors
/// [`Error::Input`] for fewer than [`MIN_RUNS`] runs, a missing binary, a command that
/// makes no record, or a run that fails (its first stderr line quoted).
pub fn run_pairs(
    base: &Side,
    new: &Side,
    runs: usize,
    args: &[String],
    quiet: bool,
) -> Result<(Vec<ResultRecord>, Vec<ResultRecord>)> {
    if runs < MIN_RUNS {
        return Err(Error::input(format!(
            "--runs {runs}: give at least {MIN_RUNS} (a 95 % interval needs 6 pairs or more)"
        )));
    }
    check_binary("BASE", &base.binary)?;
    check_binary("NEW", &new.binary)?;
    let args = child_args(args)?;
    let bar = crate::measure::progress::bar(2 * runs as u64, quiet);
    bar.set_message("paired runs");
    let (mut b, mut n) = (Vec::new(), Vec::new());
    for i in 0..runs {
        let base_first = i % 2 == 0;
        for step in 0..2 {
            if (step == 0) == base_first {
                b.push(run_once("BASE", base, &args)?);
            } else {
                n.push(run_once("NEW", new, &args)?);
            }
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    Ok((b, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn child_args_check_the_command_first() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert!(child_args(&[]).is_err());
        assert!(child_args(&s(&["groups"])).is_err());
        assert!(child_args(&s(&["dh", "--output", "x.json"])).is_err());
        assert_eq!(
            child_args(&s(&["dh", "--time", "0.1"])).unwrap(),
            s(&["dh", "--time", "0.1", "--json"])
        );
        assert_eq!(
            child_args(&s(&["hash", "--json"])).unwrap(),
            s(&["hash", "--json"])
        );
    }
}

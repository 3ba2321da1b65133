//! `pkbench compare`: ratio tables between saved result records (see
//! [`crate::report::compare`] for the layout, the matching and the noise rule).

use crate::error::{Error, Result};
use crate::record::ResultRecord;
use crate::report::compare as cmp;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `pkbench compare`.
#[derive(Debug, Clone, Args)]
#[command(
    override_usage = "pkbench compare [OPTIONS] BASE.json NEW.json [MORE.json...]\n       pkbench compare --run BASE_BINARY NEW_BINARY [OPTIONS] -- COMMAND...",
    after_help = "Examples:
  pkbench compare results/old.json results/new.json
  pkbench compare base.json new.json --threshold 3 --fail-on-regression
                                           for CI: exit 1 on a regression
  pkbench compare alpha.json sparc.json x86.json
                                           one column per record
  pkbench compare --run old/pkbench target/release/pkbench \\
      -- dh --field gf2-155 --time 0.3     two builds, paired runs (ABBA order)
  pkbench compare --run target/release/pkbench target/release/pkbench \\
      --base-args=--no-clmul -- dh --field gf2-155 --exp-bits 128 --time 0.3
                                           one build, two code paths

With --run, each binary runs the command after `--` (--json added) --runs
times, in alternating order (BASE NEW, NEW BASE, …), so that a change of the
machine's speed between runs hits both sides of a pair; each ratio's 95 %
interval comes from the pairs (Hodges–Lehmann estimate of the log ratios,
Wilcoxon signed-rank interval), as paired benchmarking harnesses (tango,
hyperfine's alternation) do. Two records: intervals from each operation's
rounds (Hodges–Lehmann, Mann–Whitney). A whole run can move between two
processes (clock frequency, the host): compare prints the run shift, the median
ratio over all operations with its sign-test interval, and when both records
come from the same executable on the same machine it judges each operation
against that shift."
)]
pub struct CompareArgs {
    /// Result records (saved with `--output FILE` or by `pkbench suite`): BASE first, then
    /// NEW; with three or more, one column per record. Regular files of at most 64 MiB.
    #[arg(
        value_name = "RECORD.json",
        num_args = 2..,
        required_unless_present = "run",
        conflicts_with = "run"
    )]
    pub files: Vec<PathBuf>,
    /// Run two pkbench binaries (they may be the same file) in alternating runs of the
    /// command given after `--`, and compare them pair by pair.
    #[arg(long, num_args = 2, value_names = ["BASE_BINARY", "NEW_BINARY"])]
    pub run: Option<Vec<PathBuf>>,
    /// With --run: runs of each binary (at least 6) [default: 10].
    #[arg(long, value_name = "N")]
    pub runs: Option<usize>,
    /// With --run: arguments added for BASE only, split at spaces (e.g.
    /// `--base-args=--no-clmul`).
    #[arg(
        long,
        requires = "run",
        allow_hyphen_values = true,
        value_name = "ARGS"
    )]
    pub base_args: Option<String>,
    /// With --run: arguments added for NEW only, split at spaces.
    #[arg(
        long,
        requires = "run",
        allow_hyphen_values = true,
        value_name = "ARGS"
    )]
    pub new_args: Option<String>,
    /// With --run: the pkbench command both binaries run, e.g. `dh --field gf2-155`.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
    /// Noise threshold in percent (default 5). Operations measured in rounds (schema 2
    /// records) are a change only when the whole 95 % interval of their ratio lies beyond
    /// 1 ∓ threshold; a larger threshold never adds a regression. Records without rounds:
    /// without --threshold a change is noise when the two quartile ranges overlap or it is
    /// under 5 %; with it, under PCT %.
    #[arg(long, value_name = "PCT")]
    pub threshold: Option<f64>,
    /// Exit with code 1 when any operation is slower than BASE beyond the noise threshold
    /// (the table is still printed).
    #[arg(long)]
    pub fail_on_regression: bool,
    /// Print the comparison as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// With --run: no progress bar on stderr.
    #[arg(long, requires = "run")]
    pub quiet: bool,
}

/// Runs of each binary with `--run` when `--runs` is not given.
pub const DEFAULT_RUNS: usize = 10;

/// Reads the records and compares them ([`cmp::compare_records`]).
///
/// # Errors
/// [`Error::Input`] for a bad threshold or a file that is not a result record, and as
/// [`cmp::compare_records`]. When a NEW record has nothing in common with BASE, each side's
/// operations are written to stdout ([`cmp::unmatched_listing`]) before the error returns.
pub fn compare(args: &CompareArgs) -> Result<cmp::Outcome> {
    if let Some(t) = args.threshold
        && !(t.is_finite() && t >= 0.0)
    {
        return Err(Error::input(format!(
            "--threshold {t}: give a percentage such as 5"
        )));
    }
    if args.run.is_none() {
        let given = [
            ("--runs", args.runs.is_some()),
            ("--base-args", args.base_args.is_some()),
            ("--new-args", args.new_args.is_some()),
            ("--quiet", args.quiet),
            ("a command after --", !args.command.is_empty()),
        ];
        if let Some((what, _)) = given.iter().find(|(_, g)| *g) {
            return Err(Error::input(format!(
                "{what} applies only with --run BASE_BINARY NEW_BINARY (records are compared as saved)"
            )));
        }
    }
    let runs = args.runs.unwrap_or(DEFAULT_RUNS);
    let mut rule = cmp::NoiseRule::from_threshold(args.threshold);
    if let Some(bins) = &args.run {
        let side = |i: usize, extra: &Option<String>| super::compare_run::Side {
            binary: bins[i].clone(),
            extra: extra
                .as_deref()
                .map(|s| s.split_whitespace().map(String::from).collect())
                .unwrap_or_default(),
        };
        let (base, new) = (side(0, &args.base_args), side(1, &args.new_args));
        let (b, n) = super::compare_run::run_pairs(
            &base,
            &new,
            runs,
            &args.command,
            args.json || args.quiet,
        )?;
        let recs = [
            crate::report::paired::fold_runs(&b)?,
            crate::report::paired::fold_runs(&n)?,
        ];
        let label = |s: &super::compare_run::Side| {
            let mut l = s.binary.display().to_string();
            if !s.extra.is_empty() {
                l += &format!(" {}", s.extra.join(" "));
            }
            l
        };
        let names = [label(&base), label(&new)];
        rule.paired = true;
        let mut out = cmp::compare_records(&names, &recs, &rule, args.json)?;
        if let Some(d) = &mut out.doc {
            d.blocks.insert(
                0,
                crate::report::doc::Block::Text(format!(
                    "paired: {} runs of each binary in alternating order of `{}`",
                    runs,
                    args.command.join(" ")
                )),
            );
            out.text = crate::report::doc::terminal::render(d);
        }
        return Ok(out);
    }
    let recs = args
        .files
        .iter()
        .map(|p| ResultRecord::read(p))
        .collect::<Result<Vec<_>>>()?;
    let names: Vec<String> = args.files.iter().map(|p| p.display().to_string()).collect();
    cmp::compare_records(&names, &recs, &rule, args.json).inspect_err(|_| {
        // Nothing in common: each side's operations on stdout, then the one-line error.
        if let Some(list) = cmp::unmatched_listing(&names, &recs, &rule, args.json) {
            let mut so = std::io::stdout().lock();
            let _ = so.write_all(list.as_bytes()).and_then(|_| so.flush());
        }
    })
}

/// Runs `pkbench compare`. With `--fail-on-regression` and a regression, the report is
/// written to stdout here and the error (exit 1) names the regressions.
///
/// # Errors
/// As [`compare`]; [`Error::Runtime`] for a regression with `--fail-on-regression`.
pub fn run(args: &CompareArgs) -> Result<String> {
    let out = compare(args)?;
    if args.fail_on_regression && !out.regressions.is_empty() {
        let mut so = std::io::stdout().lock();
        let _ = so.write_all(out.text.as_bytes()).and_then(|_| so.flush());
        return Err(Error::runtime(format!(
            "{} operation(s) slower than BASE beyond the noise threshold (first: {})",
            out.regressions.len(),
            out.regressions[0]
        )));
    }
    Ok(out.text)
}

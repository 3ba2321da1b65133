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
#[command(after_help = "Examples:
  pkbench compare results/old.json results/new.json
  pkbench compare base.json new.json --threshold 3 --fail-on-regression
                                           for CI: exit 1 on a regression
  pkbench compare alpha.json sparc.json x86.json
                                           one column per record")]
pub struct CompareArgs {
    /// Result records (saved with `--output FILE` or by `pkbench suite`): BASE first, then
    /// NEW; with three or more, one column per record. Regular files of at most 64 MiB.
    #[arg(value_name = "RECORD.json", num_args = 2.., required = true)]
    pub files: Vec<PathBuf>,
    /// Noise threshold in percent: changes under it are shown as "~". Without it, a change
    /// is noise when the two quartile ranges overlap or it is under 5 %; the derived rows
    /// Total = 2*Offer + Reply and CPU sum (no quartiles) are also noise when the Offer and
    /// Reply they are computed from are both noise.
    #[arg(long, value_name = "PCT")]
    pub threshold: Option<f64>,
    /// Exit with code 1 when any operation is slower than BASE beyond the noise threshold
    /// (the table is still printed).
    #[arg(long)]
    pub fail_on_regression: bool,
    /// Print the comparison as one JSON object.
    #[arg(long)]
    pub json: bool,
}

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
    let rule = cmp::NoiseRule::from_threshold(args.threshold);
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

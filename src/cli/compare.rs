//! `pkbench compare`: ratio tables between saved result records (see
//! [`crate::report::compare`] for the layout, the matching and the noise rule).

use crate::error::{Error, Result};
use crate::record::ResultRecord;
use crate::report::{self, compare as cmp};
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
    /// NEW; with three or more, one column per record.
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

/// What `compare` found: the text to print and the regressions.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The report (text, or JSON with `--json`).
    pub text: String,
    /// Slower-than-BASE cells beyond the threshold, over every NEW record.
    pub regressions: Vec<String>,
}

/// Reads the records and compares them.
///
/// # Errors
/// [`Error::Input`] for a bad threshold, a file that is not a result record, a record with
/// a malformed operation (see [`check_operations`]), or a NEW record that shares no
/// operation with BASE (nothing would be compared).
pub fn compare(args: &CompareArgs) -> Result<Outcome> {
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
    for (n, r) in names.iter().zip(&recs) {
        check_operations(n, r)?;
    }
    let comparisons: Vec<cmp::Comparison> = recs[1..]
        .iter()
        .map(|r| cmp::compare(&recs[0], r, &rule))
        .collect();
    if let Some((_, n)) = comparisons
        .iter()
        .zip(&names[1..])
        .find(|(c, _)| c.matched == 0)
    {
        return Err(Error::input(format!(
            "nothing compared: no operation appears in both {} and {n}; compare records of the same commands (e.g. two `dh` or two `suite` runs)",
            names[0]
        )));
    }
    let regressions: Vec<String> = comparisons
        .iter()
        .zip(&names[1..])
        .flat_map(|(c, n)| c.regressions.iter().map(move |r| format!("{n}: {r}")))
        .collect();
    let text = if args.json {
        report::to_json(&serde_json::json!({
            "command": "compare",
            "files": names,
            "noise": rule.describe(),
            "comparisons": comparisons,
        }))?
    } else if recs.len() == 2 {
        cmp::render_pair(
            (&names[0], &names[1]),
            &recs[0],
            &recs[1],
            &comparisons[0],
            &rule,
        )
    } else {
        cmp::render_many(&names, &recs, &rule)
    };
    Ok(Outcome { text, regressions })
}

/// Relative slack allowed when checking q1 ≤ median ≤ q3 (float rounding in a record
/// written by another tool or by hand).
const QUARTILE_SLACK: f64 = 1e-9;

/// Checks that every timed operation of the record `name` is well formed: its median is
/// finite and > 0 ms, and lies inside [q1, q3] (up to a relative slack of 1e-9).
///
/// # Errors
/// [`Error::Input`] naming the file and the first malformed operation.
pub fn check_operations(name: &str, rec: &ResultRecord) -> Result<()> {
    for op in &rec.operations {
        let Some(s) = &op.stats else { continue };
        let m = s.median_ms;
        let slack = QUARTILE_SLACK * m.abs().max(s.q1_ms.abs()).max(s.q3_ms.abs());
        let problem = if !(m.is_finite() && m > 0.0) {
            Some(format!("median {m} ms is not a positive time"))
        } else if !(s.q1_ms - slack <= m && m <= s.q3_ms + slack) {
            Some(format!(
                "median {m} ms lies outside its quartiles [{}, {}]",
                s.q1_ms, s.q3_ms
            ))
        } else {
            None
        };
        if let Some(p) = problem {
            return Err(Error::input(format!(
                "{name}: operation {} / {}: {p}; not a valid measurement (re-run the command to save a new record)",
                crate::record::params_label(&op.params),
                op.name
            )));
        }
    }
    Ok(())
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

//! Paired runs: the records of two builds run in alternating rounds (`compare --run`) folded
//! into one BASE and one NEW record whose operations carry one value per run, so that
//! [`super::compare`] can give each ratio an interval from the pairs.
//!
//! The method is that of paired benchmarking (tango's paired test, hyperfine's alternating
//! runs): run i of BASE and run i of NEW are taken back to back, in alternating order, so a
//! change of the machine's speed between runs (clock frequency, a busy sibling core) hits
//! both sides of a pair alike and falls out of the ratio. The interval of the ratio is the
//! Hodges–Lehmann estimate of the pairs' log ratios with its Wilcoxon signed-rank interval
//! ([`crate::measure::interval::ratio_paired`]).

use crate::error::{Error, Result};
use crate::measure::interval;
use crate::record::{Operation, ResultRecord};

/// The figure key and value of an operation's headline ([`Operation::headline_figure`]).
fn headline_figure(op: &Operation) -> Option<(String, f64)> {
    op.headline_figure().map(|(k, v, _)| (k.to_string(), v))
}

/// Folds the records of `runs` (one command run several times by one build) into one: the
/// first run's header and, for each of its operations present in every run, the operation
/// with its headline figure only, set to the median over the runs, and the runs' headline
/// values as its rounds (in run order). Operations missing from some run are dropped.
///
/// # Errors
/// [`Error::Input`] when `runs` is empty.
pub fn fold_runs(runs: &[ResultRecord]) -> Result<ResultRecord> {
    let first = runs
        .first()
        .ok_or_else(|| Error::input("no runs to compare"))?;
    let mut out = first.clone();
    out.operations = first
        .operations
        .iter()
        .filter_map(|op| {
            let (key, _) = headline_figure(op)?;
            let values: Vec<f64> = runs
                .iter()
                .map(|r| {
                    r.operations
                        .iter()
                        .find(|o| o.key() == op.key() && o.implementation == op.implementation)
                        .and_then(headline_figure)
                        .filter(|(k, _)| *k == key)
                        .map(|(_, v)| v)
                })
                .collect::<Option<_>>()?;
            let mut folded = op.clone();
            folded.stats = None;
            folded.figures = [(key, interval::median(&values, interval::LEVEL).estimate)].into();
            folded.rounds = values;
            Some(folded)
        })
        .collect();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::params;

    fn rec(values: &[(&str, f64)]) -> ResultRecord {
        let machine = crate::measure::machine::Machine::detect();
        let mut r = ResultRecord::new("dh", "wall", machine);
        for (name, ms) in values {
            let op = Operation::derived(name, params([("command", "dh".into())]), "total_ms", *ms);
            r.operations.push(op);
        }
        r
    }

    #[test]
    fn folds_runs_into_rounds_in_order() {
        let runs = [
            rec(&[("Total", 2.0), ("Only here", 1.0)]),
            rec(&[("Total", 3.0)]),
            rec(&[("Total", 1.0)]),
        ];
        let f = fold_runs(&runs).unwrap();
        assert_eq!(
            f.operations.len(),
            1,
            "an operation missing from a run is dropped"
        );
        let op = &f.operations[0];
        assert_eq!(op.rounds, vec![2.0, 3.0, 1.0]);
        assert_eq!(op.figures.get("total_ms"), Some(&2.0));
        assert!(fold_runs(&[]).is_err());
    }

    #[test]
    fn pairs_cancel_a_drift_that_hides_a_change_unpaired() {
        // The machine's speed drifts by ±30 % between runs; NEW is 10 % faster in every pair.
        let drift = [1.0, 1.3, 0.75, 1.2, 0.8, 1.25, 0.7, 1.1, 0.9, 1.3];
        let base: Vec<f64> = drift.iter().map(|d| 10.0 * d).collect();
        let new: Vec<f64> = drift.iter().map(|d| 10.0 * d / 1.1).collect();
        let paired = interval::ratio_paired(&base, &new, interval::LEVEL);
        let unpaired = interval::ratio_unpaired(&base, &new, interval::LEVEL);
        assert!((paired.estimate - 1.1).abs() < 1e-9, "{paired:?}");
        assert!(paired.lo > 1.0, "paired interval excludes 1: {paired:?}");
        assert!(unpaired.lo < 1.0, "unpaired cannot tell: {unpaired:?}");
    }
}

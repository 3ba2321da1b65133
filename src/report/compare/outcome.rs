//! What `compare` does with the records it reads: checks them ([`check_operations`]),
//! compares BASE with each NEW ([`compare_records`]) and lists what did not match.

use super::render::{many_doc, pair_doc};
use super::{Comparison, NoiseRule, compare, op_label};
use crate::error::{Error, Result};
use crate::record::ResultRecord;
use crate::report::doc::{self, Doc};
use crate::report::to_json;

/// What `compare` found: the text to print, its document and the regressions.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The report (the document's terminal text, or JSON with `--json`).
    pub text: String,
    /// The report as a document (`None` with `--json`): what [`Outcome::text`] renders.
    pub doc: Option<Doc>,
    /// Slower-than-BASE cells beyond the threshold, over every NEW record.
    pub regressions: Vec<String>,
}

/// Compares the records `recs` (named `names`, BASE first): the report (text, or JSON
/// with `json`: one column per record with three or more) and the regressions under `rule`.
///
/// # Errors
/// [`Error::Input`] for a record with a malformed operation (see [`check_operations`]), or
/// a NEW record that shares no operation with BASE (nothing would be compared).
pub fn compare_records(
    names: &[String],
    recs: &[ResultRecord],
    rule: &NoiseRule,
    json: bool,
) -> Result<Outcome> {
    for (n, r) in names.iter().zip(recs) {
        check_operations(n, r)?;
    }
    if super::leak::all_leak(recs) {
        return leak_outcome(names, recs, json);
    }
    let rule = rule.with_noise_floor(recs);
    let comparisons: Vec<Comparison> = recs[1..]
        .iter()
        .map(|r| compare(&recs[0], r, &rule))
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
    if json {
        let text = to_json(&serde_json::json!({
            "command": "compare",
            "files": names,
            "noise": rule.describe(),
            "comparisons": comparisons,
        }))?;
        return Ok(Outcome {
            text,
            doc: None,
            regressions,
        });
    }
    let doc = if recs.len() == 2 {
        pair_doc(
            (&names[0], &names[1]),
            &recs[0],
            &recs[1],
            &comparisons[0],
            &rule,
        )
    } else {
        many_doc(names, recs, &rule)
    };
    Ok(Outcome {
        text: doc::terminal::render(&doc),
        doc: Some(doc),
        regressions,
    })
}

/// The comparison of leak records ([`super::leak`]): no ratio, hence no regression.
///
/// # Errors
/// [`Error::Input`] when no row appears in two records.
fn leak_outcome(names: &[String], recs: &[ResultRecord], json: bool) -> Result<Outcome> {
    let shared = recs[0].operations.iter().any(|b| {
        recs[1..]
            .iter()
            .any(|r| r.operations.iter().any(|o| o.key() == b.key()))
    });
    if !shared {
        return Err(Error::input(format!(
            "nothing compared: no leak row appears in both {} and {}; compare leak records of the same group and implementations",
            names[0], names[1]
        )));
    }
    if json {
        return Ok(Outcome {
            text: to_json(&super::leak::json(names, recs))?,
            doc: None,
            regressions: Vec::new(),
        });
    }
    let doc = super::leak::doc(names, recs);
    Ok(Outcome {
        text: doc::terminal::render(&doc),
        doc: Some(doc),
        regressions: Vec::new(),
    })
}

/// What `compare` shows before refusing records with nothing in common: for the first NEW
/// record that shares no compared operation with BASE, each side's operations, listed as in
/// [`pair_doc`] ("unmatched, only in BASE (n):" and "only in NEW"), and those present in
/// both without times to compare; as text (80 columns) or, with `json`, one JSON object.
/// `None` when every NEW record shares an operation with BASE, or when a record is malformed
/// ([`check_operations`] refuses it: that is the error to show, not a listing).
pub fn unmatched_listing(
    names: &[String],
    recs: &[ResultRecord],
    rule: &NoiseRule,
    json: bool,
) -> Option<String> {
    if names.len() != recs.len()
        || recs.len() < 2
        || names
            .iter()
            .zip(recs)
            .any(|(n, r)| check_operations(n, r).is_err())
    {
        return None;
    }
    let (i, c) = recs[1..]
        .iter()
        .map(|r| compare(&recs[0], r, rule))
        .enumerate()
        .find(|(_, c)| c.matched == 0)?;
    let (base, new) = (&recs[0], &recs[i + 1]);
    let in_both: Vec<String> = base
        .operations
        .iter()
        .filter(|b| new.operations.iter().any(|n| n.key() == b.key()))
        .map(op_label)
        .collect();
    if json {
        return to_json(&serde_json::json!({
            "command": "compare",
            "files": [&names[0], &names[i + 1]],
            "nothing_compared": true,
            "only_in_base": c.only_in_base,
            "only_in_new": c.only_in_new,
            "in_both_without_times": in_both,
        }))
        .ok();
    }
    let mut d = Doc::new();
    d.title(format!(
        "pkbench compare: nothing compared between BASE {} ({}, {} operations) and NEW {} ({}, {} operations)",
        names[0],
        base.command,
        base.operations.len(),
        names[i + 1],
        new.command,
        new.operations.len()
    ));
    for (what, list) in [
        ("unmatched, only in BASE", &c.only_in_base),
        ("unmatched, only in NEW", &c.only_in_new),
        ("in both, without times to compare", &in_both),
    ] {
        if list.is_empty() {
            if !what.starts_with("in both") {
                d.text(format!("{what}: none"));
            }
            continue;
        }
        let mut s = format!("{what} ({}):", list.len());
        for l in list {
            s += &format!("\n  {l}");
        }
        d.text(s);
    }
    Some(doc::terminal::render(&d))
}

/// Checks that every timed operation of the record `name` has a median compare can divide
/// by: finite and > 0 ms. (Whether its figures agree with each other — the median inside
/// its quartiles, the raw samples' median, Total = 2*Offer + Reply — is checked when any
/// record is read: [`ResultRecord::contradiction`].)
///
/// # Errors
/// [`Error::Input`] naming the file and the first such operation.
pub fn check_operations(name: &str, rec: &ResultRecord) -> Result<()> {
    for op in &rec.operations {
        let Some(s) = &op.stats else { continue };
        let m = s.median_ms;
        if !(m.is_finite() && m > 0.0) {
            return Err(Error::input(format!(
                "{name}: operation {} / {}: median {m} ms is not a positive time; not a valid measurement (re-run the command to save a new record)",
                crate::record::params_label(&op.params),
                op.name
            )));
        }
    }
    Ok(())
}

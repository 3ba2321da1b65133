//! `choose --leak FILE`: the `pkbench leak` records whose verdicts `choose` shows beside its
//! rows, read and checked before anything is timed; the matching is
//! [`crate::bench::choose::leak`], the column [`crate::report::choose`].

use crate::bench::choose::leak::mark;
use crate::error::{Error, Result};
use crate::record::{Operation, ResultRecord, choose as key};
use serde_json::{Map, Value};
use std::path::PathBuf;

/// The records of `paths` (each with its path as given), read in order.
///
/// # Errors
/// [`Error::Input`], one line naming `--leak` and the file: a file that cannot be read or is
/// not a result record, or a record of another command.
pub fn read(paths: &[PathBuf]) -> Result<Vec<(String, ResultRecord)>> {
    let mut out = Vec::new();
    for p in paths {
        let shown = p.display().to_string();
        let rec = ResultRecord::read(p)
            .map_err(|e| Error::input(format!("--leak: {}", crate::cli::errors::render(&e))))?;
        if rec.command != "leak" {
            return Err(Error::input(format!(
                "--leak {shown}: a `{}` record, not a leak record; give a record saved by `pkbench leak --group G --impl all --output FILE`",
                rec.command
            )));
        }
        out.push((shown, rec));
    }
    Ok(out)
}

/// Marks the rows of `ops` with the verdicts of `leaks` (none given: nothing), records the
/// files in `params` ([`key::LEAK_FILES`]) and adds a note for each file that gave no row a
/// verdict, naming what it tested.
pub fn apply(
    ops: &mut [Operation],
    leaks: &[(String, ResultRecord)],
    params: &mut Map<String, Value>,
    notes: &mut Vec<String>,
) {
    if leaks.is_empty() {
        return;
    }
    let used = mark(ops, leaks);
    let files: Vec<Value> = leaks.iter().map(|(f, _)| f.clone().into()).collect();
    params.insert(key::LEAK_FILES.into(), files.into());
    for ((file, rec), n) in leaks.iter().zip(used) {
        if n > 0 {
            continue;
        }
        let mut tested: Vec<String> = Vec::new();
        for o in &rec.operations {
            let group = o.param_str(crate::record::param::GROUP).unwrap_or("RSA");
            let who = o.implementation.as_ref().map_or("?".into(), |i| i.label());
            let t = format!("{group} through {who}");
            if !tested.contains(&t) {
                tested.push(t);
            }
        }
        notes.push(format!(
            "--leak {file}: no row timed here has the group, implementation (version and code path) and operation of its rows ({})",
            tested.join("; ")
        ));
    }
}

//! Runs of one machine side by side on the page: for each machine with two or more records
//! that share operations (two `suite --quick` runs, say), one table per command with each
//! run as a column and the ratio of the last run over the first with its interval
//! ([`compare::runs`], the same document `pkbench report --format text` prints), instead of
//! one record's section after another.

use super::machines::MachineGroup;
use crate::record::ResultRecord;
use crate::report::compare::runs::{self, RunsView};
use crate::report::doc::{self, Doc};
use crate::report::html::escape;

/// The runs of one machine compared: the records' indices in the report and their view.
pub struct Runs {
    /// The machine's label.
    pub machine: String,
    /// Indices into the report's records.
    pub records: Vec<usize>,
    /// The tables and their words.
    pub view: RunsView,
}

/// The runs side by side of every machine of `groups` with two or more records sharing an
/// operation ([`runs::side_by_side`]); each run is named "[i] file" by its place in the
/// report.
pub fn compare_runs(records: &[(String, ResultRecord)], groups: &[MachineGroup]) -> Vec<Runs> {
    groups
        .iter()
        .filter_map(|g| {
            let recs: Vec<&ResultRecord> = g.records.iter().map(|&i| &records[i].1).collect();
            if !runs::side_by_side(&recs) {
                return None;
            }
            let names: Vec<String> = g.records.iter().map(|&i| records[i].0.clone()).collect();
            Some(Runs {
                machine: recs[0].machine_label(),
                records: g.records.clone(),
                view: runs::view(&names, &recs),
            })
        })
        .collect()
}

/// The HTML of `runs` (one `<h2>` section per machine); `n` numbers the sections' ids.
pub fn html(runs: &Runs, records: &[(String, ResultRecord)], n: usize) -> String {
    let list: Vec<String> = runs
        .records
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let (name, r) = &records[i];
            format!("[{}] {name} ({}, {})", k + 1, r.command, r.started_utc)
        })
        .collect();
    let mut s = format!(
        "<h2 id=\"runs-{n}\">Runs side by side on {}</h2>\n<p>{}.</p>\n",
        escape(&runs.machine),
        escape(&list.join(", ")),
    );
    let mut d = Doc::new();
    runs::push_view(&mut d, runs.view.clone());
    s += &doc::html::render(&d);
    s
}

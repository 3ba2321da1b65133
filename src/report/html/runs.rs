//! Runs of one machine side by side: when a report holds two or more records made on the
//! same machine that share operations (two `suite --quick` runs, say), one table per command
//! with each run as a column and their ratio with its interval, built by `compare`'s own
//! tables ([`compare::pair_tables`] for two runs, [`compare::many_tables`] for more), instead
//! of one record's section after another.

use super::machines::MachineGroup;
use crate::record::ResultRecord;
use crate::report::compare::{self, NoiseRule, Sides};
use crate::report::doc::{self, Table};
use crate::report::html::escape;

/// The runs of one machine compared: the records' indices in the report and the tables.
pub struct Runs {
    /// The machine's label.
    pub machine: String,
    /// Indices into the report's records.
    pub records: Vec<usize>,
    /// How ratios are judged, in words.
    pub rule: String,
    /// The tables, each with its heading.
    pub tables: Vec<(String, Table)>,
}

/// The runs side by side of every machine of `groups` with two or more records sharing an
/// operation.
pub fn compare_runs(records: &[(String, ResultRecord)], groups: &[MachineGroup]) -> Vec<Runs> {
    let mut out = Vec::new();
    for g in groups.iter().filter(|g| g.records.len() > 1) {
        let recs: Vec<ResultRecord> = g.records.iter().map(|&i| records[i].1.clone()).collect();
        let rule = NoiseRule::from_threshold(None).with_noise_floor(&recs);
        let cmps: Vec<compare::Comparison> = recs[1..]
            .iter()
            .map(|r| compare::compare(&recs[0], r, &rule))
            .collect();
        if cmps.iter().all(|c| c.matched == 0) {
            continue;
        }
        let tables = if recs.len() == 2 {
            let names: Vec<String> = g.records.iter().map(|i| format!("[{}]", i + 1)).collect();
            let sides = Sides {
                base: &names[0],
                new: &names[1],
            };
            compare::pair_tables(&cmps[0], &recs[0], &recs[1], sides)
        } else {
            let names: Vec<String> = g.records.iter().map(|&i| records[i].0.clone()).collect();
            compare::many_tables(&names, &recs, &rule)
        };
        let intervals = tables.iter().any(|(_, t)| {
            t.rows.iter().flat_map(|r| &r.cells).any(|c| {
                c.value
                    .as_ref()
                    .is_some_and(|q| q.unit == "x" && q.lo.is_some())
            })
        });
        out.push(Runs {
            machine: recs[0].machine_label(),
            records: g.records.clone(),
            rule: if intervals {
                // Two runs are judged as compare judges them: against their run shift when
                // the build and machine are the same.
                let shift = if recs.len() == 2 {
                    cmps[0].shift.as_ref()
                } else {
                    None
                };
                let mut r = format!(
                    "{}; a ratio with an interval is estimated from the rounds, so it can \
                     differ from the ratio of the two medians shown",
                    compare::interval_rule_with(&rule, shift)
                );
                if let Some(sh) = shift {
                    r += &format!(". {}", sh.describe(rule.threshold()));
                }
                r
            } else {
                rule.describe()
            },
            tables,
        });
    }
    out
}

/// The HTML of `runs` (one `<h2>` section per machine); `n` numbers the sections' ids.
pub fn html(runs: &Runs, records: &[(String, ResultRecord)], n: usize) -> String {
    let list: Vec<String> = runs
        .records
        .iter()
        .map(|&i| {
            let (name, r) = &records[i];
            format!("[{}] {name} ({}, {})", i + 1, r.command, r.started_utc)
        })
        .collect();
    let mut s = format!(
        "<h2 id=\"runs-{n}\">Runs side by side on {}</h2>\n<p>{}. Each operation's figure in \
         each run; the ratio is the later run's speed relative to the first (1.34x = 34 % \
         faster). {}.</p>\n",
        escape(&runs.machine),
        escape(&list.join(", ")),
        escape(&runs.rule)
    );
    let mut last = None;
    for (heading, t) in &runs.tables {
        if last != Some(heading) {
            s += &format!("<h3>{}</h3>\n", escape(heading));
        }
        last = Some(heading);
        s += &doc::html::table(t);
    }
    s
}

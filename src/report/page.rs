//! `pkbench report` as one document ([`report_doc`]), for every format but the HTML page
//! (terminal text, Markdown, CSV; the page, [`crate::report::html`], holds the same tables
//! beside its plots):
//!
//! - the records, one line each;
//! - records of several machines: the machines side by side and every operation by machine
//!   ([`html::machines`]);
//! - for each machine with two or more records sharing operations: those runs side by side
//!   ([`runs`]: a table per command, a column per run, the ratio of the last over the first
//!   with its interval), instead of their tables one after another;
//! - every other record: its command's document ([`report::record_doc`]).

use crate::error::{Error, Result};
use crate::record::ResultRecord;
use crate::report;
use crate::report::compare::{describe, runs};
use crate::report::doc::{Cell, Doc, Table};
use crate::report::html::{self, grid::Grid};

/// The document of `records`, each with the name it is shown by (its file name).
///
/// # Errors
/// [`Error::Input`] when `records` is empty.
pub fn report_doc(records: &[(String, ResultRecord)]) -> Result<Doc> {
    if records.is_empty() {
        return Err(Error::input("a report needs at least one result record"));
    }
    let groups = html::machines::group(records);
    let mut d = Doc::new();
    d.title(format!(
        "pkbench report: {} record{} from {} machine{}",
        records.len(),
        plural(records.len()),
        groups.len(),
        plural(groups.len())
    ));
    let items: Vec<(String, &ResultRecord)> = records
        .iter()
        .enumerate()
        .map(|(i, (name, r))| (format!("[{}] {name}", i + 1), r))
        .collect();
    d.push(describe(&items));
    if groups.len() > 1 {
        d.heading("Machines");
        d.table(grid_table(
            "machines",
            &html::machines::machine_grid(records, &groups),
        ));
        d.heading(
            "Operations by machine: each operation's headline figure, (1.34x) = speed \
             relative to the first machine",
        );
        d.table(grid_table(
            "by-machine",
            &html::machines::by_machine(records, &groups),
        ));
    }
    let side_by_side = html::runs::compare_runs(records, &groups);
    for r in &side_by_side {
        d.heading(format!("Runs side by side on {}", r.machine));
        if r.records.iter().enumerate().any(|(k, &i)| k != i) {
            // Numbered within the machine: say which record each number is.
            let names: Vec<String> = r
                .records
                .iter()
                .enumerate()
                .map(|(k, &i)| format!("[{}] = {}", k + 1, records[i].0))
                .collect();
            d.text(names.join(", "));
        }
        runs::push_view(&mut d, r.view.clone());
    }
    for (i, (name, rec)) in records.iter().enumerate() {
        if side_by_side.iter().any(|r| r.records.contains(&i)) {
            continue;
        }
        d.heading(format!("[{}] {name}: pkbench {}", i + 1, rec.command));
        d.extend(report::record_doc(rec));
    }
    Ok(d)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A grid of text cells (the machines, the operations by machine) as a table named `name`,
/// every column free to wrap at spaces in the terminal (a machine's CPU features are long).
fn grid_table(name: &str, g: &Grid) -> Table {
    let header: Vec<&str> = g.header.iter().map(String::as_str).collect();
    let mut t = Table::new(name, &header);
    t.wrap = (0..header.len()).collect();
    for row in &g.rows {
        t.row(row.iter().map(|c| Cell::text(c.as_str())).collect());
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::doc::Block;

    const DH: &str = include_str!("../../tests/data/records/v1-dh-x25519-a.json");
    const SUITE: &str = include_str!("../../tests/data/records/v1-suite-quick.json");

    fn read(name: &str, text: &str) -> (String, ResultRecord) {
        (name.into(), ResultRecord::from_json(name, text).unwrap())
    }

    fn headings(d: &Doc) -> Vec<&str> {
        d.blocks
            .iter()
            .filter_map(|b| match b {
                Block::Heading(h) => Some(h.as_str()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn runs_of_one_machine_replace_their_own_tables() {
        let (a, b) = (read("a.json", SUITE), read("b.json", SUITE));
        let d = report_doc(&[a.clone(), b]).unwrap();
        let names: Vec<&str> = d.tables().map(|t| t.name.as_str()).collect();
        assert!(names.iter().all(|n| n.starts_with("runs.")), "{names:?}");
        assert!(names.contains(&"runs.dh") && names.contains(&"runs.cipher"));
        let h = headings(&d);
        assert!(h.contains(&"Runs side by side on vm"), "{h:?}");
        assert!(!h.iter().any(|h| h.contains("pkbench suite")), "{h:?}");
        // One record alone: its command's own document.
        let one = report_doc(std::slice::from_ref(&a)).unwrap();
        let own = report::record_doc(&a.1);
        assert_eq!(one.tables().count(), own.tables().count());
        assert_eq!(headings(&one)[0], "[1] a.json: pkbench suite");
    }

    #[test]
    fn machines_get_a_column_each_then_each_record() {
        let base = read("m.json", DH).1;
        let recs: Vec<(String, ResultRecord)> = ["alpha", "beta"]
            .iter()
            .map(|h| {
                let mut r = base.clone();
                r.machine.hostname = (*h).to_string();
                (format!("{h}.json"), r)
            })
            .collect();
        let d = report_doc(&recs).unwrap();
        let t: Vec<&Table> = d.tables().collect();
        assert_eq!(t[0].name, "machines");
        assert_eq!(t[0].header.len(), 3);
        assert_eq!(t[1].name, "by-machine");
        let offer = t[1]
            .rows
            .iter()
            .find(|r| r.cells[1].text == "Offer")
            .unwrap();
        assert_eq!(offer.cells[3].text.lines().nth(1), Some("(1.00x)"));
        let h = headings(&d);
        assert!(
            h.contains(&"[1] alpha.json: pkbench dh") && h.contains(&"[2] beta.json: pkbench dh")
        );
        assert!(
            !h.iter().any(|h| h.starts_with("Runs side by side")),
            "{h:?}"
        );
        assert!(report_doc(&[]).unwrap_err().is_input());
    }
}

//! `compare` of leak records: each row's largest |t| and verdict in each record, side by
//! side. A leak test's figure is |t|, not a time per operation (its means are of single
//! runs, cropped, and two records' budgets may differ), so no speed ratio is made; whether
//! the verdict is the same in every record is the column that matters.

use crate::measure::leak::{Verdict, fmt_count, fmt_t};
use crate::record::{Operation, ResultRecord};
use crate::report::doc::{Cell, Doc, Table};
use crate::report::leak::verdict;
use serde_json::{Value, json};

/// Whether every record is a `leak` record (compare shows them with [`doc`]).
pub fn all_leak(recs: &[ResultRecord]) -> bool {
    !recs.is_empty() && recs.iter().all(|r| r.command == "leak")
}

/// The rows of the comparison: each operation key (params label, operation name) that
/// appears in any record, in order of first appearance.
fn keys(recs: &[ResultRecord]) -> Vec<(String, String)> {
    let mut keys: Vec<(String, String)> = Vec::new();
    for op in recs.iter().flat_map(|r| &r.operations) {
        let k = op.key();
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    keys
}

fn find<'a>(rec: &'a ResultRecord, key: &(String, String)) -> Option<&'a Operation> {
    rec.operations.iter().find(|o| o.key() == *key)
}

/// Measurements of a leak row, both classes.
fn measurements(op: &Operation) -> u64 {
    op.info_u64(crate::record::info::N_FIXED).unwrap_or(0)
        + op.info_u64(crate::record::info::N_RANDOM).unwrap_or(0)
}

/// A verdict's short word: "depends", "none found", "too few".
fn word(v: Verdict) -> &'static str {
    match v {
        Verdict::Depends { .. } => "depends",
        Verdict::NoneFound { .. } => "none found",
        Verdict::TooFew { .. } => "too few",
    }
}

/// The cell of `op` in one record's column: "|t| 145, depends" over its measurements.
fn cell(op: Option<&Operation>) -> Cell {
    let Some(op) = op else {
        return Cell::text("-");
    };
    let v = verdict(op);
    let n = fmt_count(measurements(op));
    match op.figures.get(crate::record::figure::MAX_ABS_T) {
        Some(&t) => Cell::figure(format!("{}, {}\n{n} runs", fmt_t(t), word(v)), t, ""),
        None => Cell::text(format!("{}\n{n} runs", word(v))),
    }
}

/// The comparison of leak records `recs` named `names` (the first is BASE): a table with a
/// row per operation and implementation, a column per record (|t| and verdict, the
/// measurements) and whether the verdict is the same in every record that has the row.
pub fn doc(names: &[String], recs: &[ResultRecord]) -> Doc {
    let mut d = Doc::new();
    d.title("pkbench compare: leak records, largest |t| side by side");
    for (i, (n, r)) in names.iter().zip(recs).enumerate() {
        let role = match (i, recs.len()) {
            (0, _) => "BASE".to_string(),
            (1, 2) => "NEW".to_string(),
            (i, _) => format!("[{i}]"),
        };
        d.fact(
            format!("{role} {n}"),
            format!(
                "leak ({}) on {}; budget {} s; clock {}",
                r.started_utc,
                r.machine_label(),
                r.params
                    .get("budget_s")
                    .map_or_else(|| "?".to_string(), Value::to_string),
                r.clock
            ),
        );
    }
    let mut header: Vec<String> = vec!["operation".into()];
    header.extend(
        names
            .iter()
            .enumerate()
            .map(|(i, _)| match (i, recs.len()) {
                (0, _) => "BASE\n|t|, verdict".to_string(),
                (1, 2) => "NEW\n|t|, verdict".to_string(),
                (i, _) => format!("[{i}]\n|t|, verdict"),
            }),
    );
    header.push("verdict".into());
    let h: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut t = Table::new("compare.leak", &h).wrapping(0);
    for key in keys(recs) {
        let ops: Vec<Option<&Operation>> = recs.iter().map(|r| find(r, &key)).collect();
        let words: Vec<&str> = ops.iter().flatten().map(|o| word(verdict(o))).collect();
        let same = match words.split_first() {
            _ if words.len() < 2 => "only in one",
            Some((w, rest)) if rest.iter().all(|x| x == w) => "same",
            _ => "changed",
        };
        let mut row = vec![Cell::text(format!("{} / {}", key.0, key.1))];
        row.extend(ops.iter().map(|o| cell(*o)));
        row.push(Cell::text(same));
        t.row(row);
    }
    d.table(t);
    d.text(format!(
        "|t| is each row's largest Welch's t (dudect); beyond {} the time depends on the input. No speed ratio is shown: a leak test times single runs of each class, and its figure is |t|, which grows with the measurements when there is a dependence (two records of different budgets differ in |t| for that reason alone).",
        crate::measure::leak::T_THRESHOLD
    ));
    d
}

/// The comparison as one JSON value: the files and, per row, each record's largest |t|,
/// verdict and measurements (null where the record lacks the row).
pub fn json(names: &[String], recs: &[ResultRecord]) -> Value {
    let rows: Vec<Value> = keys(recs)
        .into_iter()
        .map(|key| {
            let per: Vec<Value> = recs
                .iter()
                .map(|r| match find(r, &key) {
                    Some(op) => json!({
                        "max_abs_t": op.figures.get(crate::record::figure::MAX_ABS_T),
                        "verdict": word(verdict(op)),
                        "measurements": measurements(op),
                    }),
                    None => Value::Null,
                })
                .collect();
            json!({"params": key.0, "operation": key.1, "records": per})
        })
        .collect();
    json!({"command": "compare", "files": names, "leak": rows})
}

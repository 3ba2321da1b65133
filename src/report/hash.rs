//! The report of a `hash` record: the terminal text and the summary keys `--json` prints
//! beside the record, both read from its operation "hash"
//! ([`crate::bench::hash::run`]) and nothing else.

use super::bulk;
use crate::record::{Operation, ResultRecord};
use crate::report;
use serde_json::{Map, Value, json};

fn seed(rec: &ResultRecord) -> String {
    rec.seed.map_or_else(|| "-".to_string(), |s| s.to_string())
}

fn hash_op(rec: &ResultRecord) -> Option<&Operation> {
    rec.operation("hash").filter(|o| o.stats.is_some())
}

/// Renders a `hash` record as the terminal report; a record without the operation renders
/// as a one-line note.
pub fn render_text(rec: &ResultRecord) -> String {
    let Some(op) = hash_op(rec) else {
        return "pkbench hash: the record holds no hash operation\n".to_string();
    };
    let algo = op.param_str("algo").unwrap_or("?");
    let (samples, batch) = bulk::samples(op);
    let mut s = format!(
        "pkbench hash: {algo} ({})\n",
        op.info_str("implementation").unwrap_or("?")
    );
    s += &format!(
        "data:      {}-byte blocks taken in turn from {} of random data (seed {})\n",
        bulk::chunk_bytes(op),
        bulk::fmt_mb(op.info_u64("data_bytes").unwrap_or(0) as usize),
        seed(rec)
    );
    s += &format!(
        "checked:   {} known answers before timing, {} timed digests after\n",
        op.info_u64("known_answers_checked").unwrap_or(0),
        op.info_u64("outputs_checked").unwrap_or(0)
    );
    s += &format!(
        "clock:     {}; {samples} samples × {batch} digests\n",
        rec.clock
    );
    s += &format!("machine:   {}\n", rec.summary());
    let mut tab = report::table(&["hash", "MB/s", "q1 … q3 (MB/s)", "time per block"]);
    let mut row = vec![algo.to_string()];
    row.extend(bulk::cells(op));
    tab.add_row(row);
    s += &format!("{tab}\nMB/s = 10^6 bytes per second.\n");
    s
}

/// The summary keys `--json` prints beside a `hash` record (pkbench's first JSON output,
/// kept for its readers): `algo` (display name), `implementation` (label),
/// `known_answers_checked`, `outputs_checked` and `throughput` ([`bulk::throughput_view`]).
pub fn json_view(rec: &ResultRecord) -> Map<String, Value> {
    let Some(op) = hash_op(rec) else {
        return Map::new();
    };
    let get = |k: &str| op.info.get(k).cloned().unwrap_or(Value::Null);
    match json!({
        "algo": op.param_str("algo"),
        "implementation": get("implementation"),
        "known_answers_checked": get("known_answers_checked"),
        "outputs_checked": get("outputs_checked"),
        "throughput": bulk::throughput_view(op),
    }) {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

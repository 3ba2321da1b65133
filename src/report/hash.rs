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
    let timed: Vec<&Operation> = rec
        .operations
        .iter()
        .filter(|o| o.stats.is_some())
        .collect();
    if timed.len() > 1 {
        return render_many(rec, &timed);
    }
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

/// The libgcrypt columns in order ([`crate::bench::hash::GcryptMode`]'s labels).
const GCRYPT_COLUMNS: [&str; 5] = ["buf", "buf/10", "1", "putc", "large"];

/// A run of several hash operations (`--sizes`, `--modes gcrypt`, several algorithms): the
/// libgcrypt table (hashes down, its five columns across, MB/s) when the record's method is
/// "gcrypt", else one row per function and block size.
fn render_many(rec: &ResultRecord, ops: &[&Operation]) -> String {
    let mut s = format!(
        "pkbench hash: {} operations
",
        ops.len()
    );
    let mut imps: Vec<String> = Vec::new();
    for op in ops {
        let line = format!(
            "{} ({})",
            op.param_str("algo").unwrap_or("?"),
            op.info_str("implementation").unwrap_or("?")
        );
        if !imps.contains(&line) {
            imps.push(line);
        }
    }
    s += &format!(
        "code:      {}
",
        imps.join(", ")
    );
    let checked: u64 = ops
        .iter()
        .filter_map(|o| o.info_u64("outputs_checked"))
        .sum();
    s += &format!(
        "checked:   known answers before timing, {checked} timed digests after (seed {})
",
        seed(rec)
    );
    s += &format!(
        "clock:     {}; interleaved rounds
",
        rec.clock
    );
    s += &format!(
        "machine:   {}
",
        rec.summary()
    );
    if rec.params.get("method").and_then(Value::as_str) == Some("gcrypt") {
        let mut head = vec!["hash"];
        head.extend(GCRYPT_COLUMNS);
        let mut tab = report::table(&head);
        let mut algos: Vec<&str> = Vec::new();
        for op in ops {
            let a = op.param_str("algo").unwrap_or("?");
            if !algos.contains(&a) {
                algos.push(a);
            }
        }
        for a in algos {
            let mut row = vec![a.to_string()];
            for c in GCRYPT_COLUMNS {
                let op = ops
                    .iter()
                    .find(|o| o.name == c && o.param_str("algo") == Some(a));
                row.push(op.map_or("-".into(), |o| bulk::cells(o)[0].clone()));
            }
            tab.add_row(row);
        }
        s += &format!(
            "{tab}
MB/s = 10^6 bytes per second. libgcrypt's hash columns (tests/benchmark.c,              2013): buf = a 10^6-byte message in 1000-byte writes, buf/10 = in 100-byte              writes, 1 = one-byte messages, putc = a byte per update, large = 10^6 bytes in              one call.
"
        );
        return s;
    }
    let mut tab = report::table(&["hash", "bytes", "MB/s", "q1 … q3 (MB/s)", "time per block"]);
    for op in ops {
        let mut row = vec![
            op.param_str("algo").unwrap_or("?").to_string(),
            bulk::chunk_bytes(op).to_string(),
        ];
        row.extend(bulk::cells(op));
        tab.add_row(row);
    }
    s += &format!(
        "{tab}
MB/s = 10^6 bytes per second; each block is one whole digest.
"
    );
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

//! The report of a `hash` record: the terminal text and the summary keys `--json` prints
//! beside the record, both read from its operation "hash"
//! ([`crate::bench::hash::run`]) and nothing else.

use super::bulk;
use crate::record::{Operation, ResultRecord};
use crate::report;
use crate::report::doc::{Cell, Doc, Table};
use serde_json::{Map, Value, json};

fn seed(rec: &ResultRecord) -> String {
    rec.seed.map_or_else(|| "-".to_string(), |s| s.to_string())
}

fn hash_op(rec: &ResultRecord) -> Option<&Operation> {
    rec.operation("hash").filter(|o| o.stats.is_some())
}

/// The view of a `hash` record: one hash ([`one`]) or several operations ([`many`]); a
/// record without a hash operation is a one-line note.
pub fn view(rec: &ResultRecord) -> Doc {
    let timed: Vec<&Operation> = rec
        .operations
        .iter()
        .filter(|o| o.stats.is_some())
        .collect();
    if timed.len() > 1 {
        return many(rec, &timed);
    }
    match hash_op(rec) {
        Some(op) => one(rec, op),
        None => {
            let mut d = Doc::new();
            d.text("pkbench hash: the record holds no hash operation");
            d
        }
    }
}

/// [`view`] as the terminal text.
pub fn render_text(rec: &ResultRecord) -> String {
    report::doc::terminal::render(&view(rec))
}

/// A run of one hash: its data, checks and clock as facts, and its MB/s.
fn one(rec: &ResultRecord, op: &Operation) -> Doc {
    let mut d = Doc::new();
    let algo = op.param_str("algo").unwrap_or("?");
    let (samples, batch) = bulk::samples(op);
    d.title(format!(
        "pkbench hash: {algo} ({})",
        op.info_str("implementation").unwrap_or("?")
    ));
    d.fact(
        "data",
        format!(
            "{}-byte blocks taken in turn from {} of random data (seed {})",
            bulk::chunk_bytes(op),
            bulk::fmt_mb(op.info_u64("data_bytes").unwrap_or(0) as usize),
            seed(rec)
        ),
    );
    d.fact(
        "checked",
        format!(
            "{} known answers before timing, {} timed digests after",
            op.info_u64("known_answers_checked").unwrap_or(0),
            op.info_u64("outputs_checked").unwrap_or(0)
        ),
    );
    d.fact(
        "clock",
        format!("{}; {samples} samples × {batch} digests", rec.clock),
    );
    d.fact("machine", rec.summary());
    let mut tab = Table::new(
        "hash.throughput",
        &["hash", "MB/s", "q1 … q3 (MB/s)", "time per block"],
    );
    let mut row = vec![Cell::text(algo)];
    row.extend(bulk::cells(op));
    tab.row(row);
    d.table(tab);
    d.text("MB/s = 10^6 bytes per second.");
    d
}

/// The libgcrypt columns in order ([`crate::bench::hash::GcryptMode`]'s labels).
const GCRYPT_COLUMNS: [&str; 5] = ["buf", "buf/10", "1", "putc", "large"];

/// A run of several hash operations (`--sizes`, `--modes gcrypt`, several algorithms): the
/// libgcrypt table (hashes down, its five columns across, MB/s) when the record's method is
/// "gcrypt", else one row per function and block size.
fn many(rec: &ResultRecord, ops: &[&Operation]) -> Doc {
    let mut d = Doc::new();
    d.title(format!("pkbench hash: {} operations", ops.len()));
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
    d.fact("code", imps.join(", "));
    let checked: u64 = ops
        .iter()
        .filter_map(|o| o.info_u64("outputs_checked"))
        .sum();
    d.fact(
        "checked",
        format!(
            "known answers before timing, {checked} timed digests after (seed {})",
            seed(rec)
        ),
    );
    d.fact("clock", format!("{}; interleaved rounds", rec.clock));
    d.fact("machine", rec.summary());
    if rec.params.get("method").and_then(Value::as_str) == Some("gcrypt") {
        let mut head = vec!["hash"];
        head.extend(GCRYPT_COLUMNS);
        let mut tab = Table::new("hash.gcrypt", &head);
        let mut algos: Vec<&str> = Vec::new();
        for op in ops {
            let a = op.param_str("algo").unwrap_or("?");
            if !algos.contains(&a) {
                algos.push(a);
            }
        }
        for a in algos {
            let mut row = vec![Cell::text(a)];
            for c in GCRYPT_COLUMNS {
                let op = ops
                    .iter()
                    .find(|o| o.name == c && o.param_str("algo") == Some(a));
                row.push(op.map_or(Cell::text("-"), |o| {
                    let [mb, _, _] = bulk::cells(o);
                    mb
                }));
            }
            tab.row(row);
        }
        d.table(tab);
        d.text("MB/s = 10^6 bytes per second. libgcrypt's hash columns (tests/benchmark.c, 2013): buf = a 10^6-byte message in 1000-byte writes, buf/10 = in 100-byte writes, 1 = one-byte messages, putc = a byte per update, large = 10^6 bytes in one call.");
        return d;
    }
    let mut tab = Table::new(
        "hash.sizes",
        &["hash", "bytes", "MB/s", "q1 … q3 (MB/s)", "time per block"],
    );
    for op in ops {
        let bytes = bulk::chunk_bytes(op);
        let mut row = vec![
            Cell::text(op.param_str("algo").unwrap_or("?")),
            Cell::figure(bytes.to_string(), bytes as f64, "B"),
        ];
        row.extend(bulk::cells(op));
        tab.row(row);
    }
    d.table(tab);
    d.text("MB/s = 10^6 bytes per second; each block is one whole digest.");
    d
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

//! The report of a `des` record: the terminal text and the summary keys `--json` prints
//! beside the record, both read from its operation "key setup" or "encrypt"
//! ([`crate::bench::des::run`]) and nothing else.

use super::bulk;
use crate::implementation::short_version;
use crate::record::{Operation, ResultRecord};
use crate::report;
use crate::report::doc::{Cell, Doc, Table};
use serde_json::{Map, Value, json};

/// The implementation as the reports name it: "RustCrypto des 0.9" (crate and the major.minor
/// of its version), or a library's label ("openssl 3.0.19 (DES_set_key_unchecked)").
pub fn implementation_label(op: &Operation) -> String {
    match &op.implementation {
        Some(i) if i.kind == crate::implementation::ImplKind::Library => i.label(),
        Some(i) => format!("RustCrypto {} {}", i.name, short_version(&i.version)),
        None => "RustCrypto des".to_string(),
    }
}

fn seed(rec: &ResultRecord) -> String {
    rec.seed.map_or_else(|| "-".to_string(), |s| s.to_string())
}

/// The record's operation and whether it is key setup.
fn des_op(rec: &ResultRecord) -> Option<(&Operation, bool)> {
    if let Some(op) = rec.operation("key setup").filter(|o| o.stats.is_some()) {
        return Some((op, true));
    }
    rec.operation("encrypt")
        .filter(|o| o.stats.is_some())
        .map(|op| (op, false))
}

/// The view of a `des` record: what was timed and checked as facts, the table of key setup
/// (µs per key, the unit of the 1995 post and of the rows by implementation) or of
/// encryption (MB/s); a record without the operation is a one-line note.
pub fn view(rec: &ResultRecord) -> Doc {
    let mut d = Doc::new();
    let Some((op, keysetup)) = des_op(rec) else {
        d.text("pkbench des: the record holds no DES operation");
        return d;
    };
    let st = op.stats.as_ref().expect("des_op keeps timed operations");
    d.title(format!(
        "pkbench des: single DES ({}, FIPS 46-3)",
        implementation_label(op)
    ));
    let kats = op.info_u64("known_answers_checked").unwrap_or(0);
    let outs = op.info_u64("outputs_checked").unwrap_or(0);
    let mut tab;
    if keysetup {
        d.fact(
            "operation",
            format!(
                "key setup only (16 round keys), {} random keys (seed {})",
                op.info_u64("keys").unwrap_or(0),
                seed(rec)
            ),
        );
        d.fact(
            "checked",
            match op.info_u64("schedules_checked_before") {
                Some(n) => format!(
                    "{n} key schedules against the des crate's before timing, {outs} timed after"
                ),
                None => {
                    format!("{kats} known answers before timing, {outs} timed key schedules after")
                }
            },
        );
        d.fact(
            "clock",
            format!("{}; {} samples × {} keys", rec.clock, st.samples, st.batch),
        );
        // One unit per column: µs per key for the median and the quartiles alike.
        tab = Table::new(
            "des.key_setup",
            &["operation", "µs/key", "q1 … q3 (µs/key)", "keys/s"],
        );
        let us = |ms: f64| report::sig4(ms * 1e3);
        tab.row(vec![
            Cell::text("DES key setup"),
            Cell::figure(us(st.median_ms), st.median_ms * 1e-3, "s"),
            Cell::figure(
                format!("{} … {}", us(st.q1_ms), us(st.q3_ms)),
                st.median_ms * 1e-3,
                "s",
            )
            .with_interval(st.q1_ms * 1e-3, st.q3_ms * 1e-3),
            Cell::rate(st.ops_per_sec()),
        ]);
    } else {
        let mode = op.param_str("mode").unwrap_or("?");
        d.fact(
            "operation",
            format!(
                "{mode} encryption of {}-byte chunks taken in turn from {} of random data (seed {})",
                bulk::chunk_bytes(op),
                bulk::fmt_mb(op.info_u64("data_bytes").unwrap_or(0) as usize),
                seed(rec)
            ),
        );
        d.fact(
            "checked",
            format!("{kats} known answers before timing, {outs} timed chunks after"),
        );
        d.fact(
            "clock",
            format!(
                "{}; {} samples × {} chunks",
                rec.clock, st.samples, st.batch
            ),
        );
        tab = Table::new(
            "des.encrypt",
            &["operation", "MB/s", "q1 … q3 (MB/s)", "time per chunk"],
        );
        let mut row = vec![Cell::text(format!("DES-{mode} encrypt"))];
        row.extend(bulk::cells(op));
        tab.row(row);
    }
    d.fact("machine", rec.summary());
    d.table(tab);
    if !keysetup {
        d.text("MB/s = 10^6 bytes per second.");
    }
    d
}

/// [`view`] as the terminal text.
pub fn render_text(rec: &ResultRecord) -> String {
    report::doc::terminal::render(&view(rec))
}

/// The summary keys `--json` prints beside a `des` record (pkbench's first JSON output, kept
/// for its readers): `result`, either {`what`: "key-setup", `us_per_key`, `keys`,
/// `known_answers_checked`, `outputs_checked`, `stats`} or {`what`: "encrypt", `mode`
/// ("ecb", "cbc"), `known_answers_checked`, `outputs_checked`, `throughput`}.
pub fn json_view(rec: &ResultRecord) -> Map<String, Value> {
    let Some((op, keysetup)) = des_op(rec) else {
        return Map::new();
    };
    let get = |k: &str| op.info.get(k).cloned().unwrap_or(Value::Null);
    let result = if keysetup {
        json!({
            "what": "key-setup",
            "us_per_key": get("us_per_key"),
            "keys": get("keys"),
            "known_answers_checked": get("known_answers_checked"),
            "outputs_checked": get("outputs_checked"),
            "stats": op.stats.as_ref().map(super::json::summary_stats),
        })
    } else {
        json!({
            "what": "encrypt",
            "mode": op.param_str("mode").map(str::to_lowercase),
            "known_answers_checked": get("known_answers_checked"),
            "outputs_checked": get("outputs_checked"),
            "throughput": bulk::throughput_view(op),
        })
    };
    let mut m = Map::new();
    m.insert("result".into(), result);
    m
}

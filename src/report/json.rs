//! The JSON renderer: a record as `--json` prints it and `--output` saves it — the record
//! alone ([`crate::record`]: each figure once, times in seconds).
//!
//! The command's summary, computed from the record when it is read ([`summary`]): the keys
//! pkbench's first JSON output printed beside the record (`dh`: [`super::dh::json_view`];
//! `choose`, `rsa`, `des`, `hash`, `cipher`, `repro`, `suite` likewise; `by_implementation`,
//! [`super::by_impl::json_view`], for a record with several implementations), in the names
//! and units of that output (milliseconds: `total_ms`, `offer.median_ms`). Records of schema
//! 2 held them beside the record; reading ignores them. [`with_summary`] gives a record's
//! JSON with its summary beside it, for programs that read the old keys (and the tests).

use crate::error::{Error, Result};
use crate::measure::Stats;
use crate::record::ResultRecord;
use serde_json::{Map, Value, json};

/// The summary keys of `rec`'s command (empty for a command that has none).
pub fn summary(rec: &ResultRecord) -> Map<String, Value> {
    let mut m = command_summary(rec);
    if super::by_impl::has_peers(rec) {
        m.insert("by_implementation".into(), super::by_impl::json_view(rec));
    }
    m
}

/// The summary keys of `rec`'s command alone.
fn command_summary(rec: &ResultRecord) -> Map<String, Value> {
    match rec.command.as_str() {
        "dh" => super::dh::json_view(rec),
        "choose" if super::windows::is_sweep(rec) => super::windows::json_view(rec),
        "choose" => super::choose::json_view(rec),
        "rsa" => super::rsa::json_view(rec),
        "des" => super::des::json_view(rec),
        "hash" => super::hash::json_view(rec),
        "cipher" => super::cipher::json_view(rec),
        "repro" => super::repro::json_view(rec),
        "suite" => super::suite::json_view(rec),
        _ => Map::new(),
    }
}

/// `st` as a summary key gives it: the statistics in milliseconds under the names pkbench's
/// first JSON output used (`median_ms`, `q1_ms`, `q3_ms`, `min_ms`, `max_ms`, `mean_ms`,
/// `samples`, `batch`, `rounds`), without the raw samples (the record's operation holds
/// them, in seconds: [`crate::record`]).
pub fn summary_stats(st: &Stats) -> Value {
    let ms = |v: f64| if v.is_finite() { json!(v) } else { Value::Null };
    let mut m = Map::new();
    m.insert("median_ms".into(), ms(st.median_ms));
    m.insert("q1_ms".into(), ms(st.q1_ms));
    m.insert("q3_ms".into(), ms(st.q3_ms));
    m.insert("min_ms".into(), ms(st.min_ms));
    m.insert("max_ms".into(), ms(st.max_ms));
    m.insert("mean_ms".into(), ms(st.mean_ms));
    m.insert("samples".into(), st.samples.into());
    m.insert("batch".into(), st.batch.into());
    if !st.rounds.is_empty() {
        m.insert("rounds".into(), json!(st.rounds));
    }
    Value::Object(m)
}

/// `rec` as `--json` prints it and `--output` saves it: the record alone, pretty, with a
/// trailing newline.
///
/// # Errors
/// [`Error::Runtime`] if serialisation fails.
pub fn render(rec: &ResultRecord) -> Result<String> {
    rec.to_json()
}

/// `rec`'s JSON with its command's summary keys ([`summary`]) beside the record's own keys,
/// as schema 2 records held them: computed now, from the record.
///
/// # Errors
/// [`Error::Runtime`] if serialisation fails.
pub fn with_summary(rec: &ResultRecord) -> Result<Value> {
    let mut v = serde_json::to_value(rec)
        .map_err(|e| Error::runtime(format!("JSON serialisation failed: {e}")))?;
    if let Value::Object(top) = &mut v {
        for (k, val) in summary(rec) {
            top.entry(k).or_insert(val);
        }
    }
    Ok(v)
}

//! The JSON renderer: a record as `--json` prints it and `--output` saves it. The record's
//! own keys come first (schema, command, params, operations, …, see [`crate::record`]); beside
//! them, the command's summary keys computed from the operations by its renderer (`dh`:
//! [`super::dh::json_view`]; `choose`, `rsa`, `des`, `hash`, `cipher`, `repro`, `suite`
//! likewise), so that readers of pkbench's first JSON output keep working.
//! A summary key never replaces a record key, and readers of saved records
//! ([`ResultRecord::from_json`]) ignore the summary keys.

use crate::error::{Error, Result};
use crate::measure::Stats;
use crate::record::ResultRecord;
use serde_json::{Map, Value};

/// The summary keys of `rec`'s command (empty for a command that has none).
pub fn summary(rec: &ResultRecord) -> Map<String, Value> {
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

/// `st` as a summary key gives it: the statistics without the raw samples (the operation
/// holds them, and the JSON writes them once).
pub fn summary_stats(st: &Stats) -> Value {
    let mut v = serde_json::to_value(st).unwrap_or_default();
    if let Value::Object(m) = &mut v {
        m.remove("raw_ms");
    }
    v
}

/// `rec` as pretty JSON with its command's summary keys, and a trailing newline.
///
/// # Errors
/// [`Error::Runtime`] if serialisation fails.
pub fn render(rec: &ResultRecord) -> Result<String> {
    let text = rec.to_json()?;
    let extra = summary(rec);
    if extra.is_empty() {
        return Ok(text);
    }
    let mut v: Value = serde_json::from_str(&text)
        .map_err(|e| Error::runtime(format!("JSON re-read failed: {e}")))?;
    if let Value::Object(top) = &mut v {
        for (k, val) in extra {
            top.entry(k).or_insert(val);
        }
    }
    super::to_json(&v)
}

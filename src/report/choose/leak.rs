//! The `leak` column of a `choose` record made with `--leak FILE`: each row's verdict from
//! the leak records given, as the record stores it (its Total's info
//! [`crate::record::choose::LEAK`], set by the search's matching), and the key to it.

use crate::measure::leak::{T_THRESHOLD, fmt_t};
use crate::record::choose as key;
use crate::report::doc::Cell;
use serde::Serialize;
use serde_json::{Map, Value};

/// A row's leak verdict, as the record stores it.
#[derive(Debug, Clone, Serialize)]
pub struct Mark {
    /// "depends", "none found" or "no verdict": the worst of the row's operations.
    pub verdict: String,
    /// The largest |t| of the operation that gave it, if a test counted.
    pub max_abs_t: Option<f64>,
    /// That operation (Offer, Reply, Decaps).
    pub operation: String,
    /// Its caches (`warm`, `cold`).
    pub cache: String,
    /// Its verdict in the field's words.
    pub text: String,
    /// The leak records the row's verdicts came from.
    pub files: Vec<String>,
    /// The row's operations no leak row matched (a DH row's Offer when only its Reply was
    /// tested).
    pub untested: Vec<String>,
}

/// The mark in a row's Total `info`, if the row was tested.
pub fn read(info: &Map<String, Value>) -> Option<Mark> {
    let m = info.get(key::LEAK)?;
    let s = |k: &str| m.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let list = |k: &str| strings(m.get(k));
    Some(Mark {
        verdict: s("verdict"),
        max_abs_t: m.get("max_abs_t").and_then(Value::as_f64),
        operation: s("operation"),
        cache: s("cache"),
        text: s("text"),
        files: list("files"),
        untested: list("untested"),
    })
}

/// The files a record's rows were checked against (param [`key::LEAK_FILES`]); empty when
/// `--leak` was not given.
pub fn files(params: &Map<String, Value>) -> Vec<String> {
    strings(params.get(key::LEAK_FILES))
}

/// The strings of a JSON array (none for anything else).
fn strings(v: Option<&Value>) -> Vec<String> {
    v.and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// The column's cell: "depends 43" (the largest |t|, with "cold" when the cold test gave
/// it), "none 2.1", "no verdict", or "not tested"; "(Reply only)" when some of the row's
/// operations were not tested; its value is the |t|.
pub fn cell(m: Option<&Mark>) -> Cell {
    let Some(m) = m else {
        return Cell::text("not tested");
    };
    let word = match m.verdict.as_str() {
        "none found" => "none",
        w => w,
    };
    let mut more = if m.cache == "cold" { " cold" } else { "" }.to_string();
    if !m.untested.is_empty() {
        more += &format!(" ({} only)", m.operation);
    }
    match m.max_abs_t {
        Some(t) if word != "no verdict" => {
            Cell::figure(format!("{word} {}{more}", fmt_t(t)), t, "")
        }
        _ => Cell::text(format!("{word}{more}")),
    }
}

/// The key to the column: what the words and the figure mean, and which files.
pub fn key_text(files: &[String]) -> String {
    format!(
        "the verdict of `pkbench leak` ({}) for the row's group, implementation and operations (Offer and Reply; a KEM's Decaps), the worst of them: \"depends\" when the time depends on the input (|t| > {T_THRESHOLD}), \"none\" when no dependence was found (|t| ≤ {T_THRESHOLD}, not a proof of constant time), with the largest |t|; \"not tested\" when no leak row matches.",
        files.join(", ")
    )
}

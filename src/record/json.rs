//! The record as JSON: written pretty with a trailing newline ([`to_json`]), read back from
//! this schema or an older one ([`ResultRecord::from_json`], [`ResultRecord::read`]).

use super::{ResultRecord, SCHEMA, SCHEMA_V1, SCHEMA_V2};
use crate::error::{Error, RecordError, Result};
use serde_json::Value;

/// `value` as pretty JSON with a trailing newline (records, `--json` output).
///
/// # Errors
/// [`Error::Runtime`] if serialisation fails.
pub fn to_json<T: serde::Serialize>(value: &T) -> Result<String> {
    serde_json::to_string_pretty(value)
        .map(|s| s + "\n")
        .map_err(|e| Error::runtime(format!("JSON serialisation failed: {e}")))
}

impl ResultRecord {
    /// The record as pretty JSON with a trailing newline: what `--json` prints and
    /// `--output` saves.
    ///
    /// # Errors
    /// [`Error::Runtime`] if serialisation fails.
    pub fn to_json(&self) -> Result<String> {
        let v = serde_json::to_value(self)
            .map_err(|e| Error::runtime(format!("JSON serialisation failed: {e}")))?;
        to_json(&v)
    }

    /// Parses a record of schema 3, 2 (its summary keys checked against its operations, then
    /// ignored) or 1 (the same, and its machine object's build fields copied to `build`), and
    /// checks that its stored figures agree.
    ///
    /// # Errors
    /// [`Error::Input`] naming `origin` when the text is not JSON, not a record, of
    /// another schema version; [`RecordError::NoSchema`] without a schema key;
    /// [`RecordError::Contradiction`] when its stored figures contradict each other
    /// ([`ResultRecord::contradiction`]).
    pub fn from_json(origin: &str, text: &str) -> Result<ResultRecord> {
        let mut v: Value = serde_json::from_str(text)
            .map_err(|e| Error::input(format!("{origin}: not JSON: {e}")))?;
        let mut legacy = None;
        match v.get("schema").and_then(Value::as_str) {
            Some(SCHEMA) => {}
            Some(SCHEMA_V2) => {
                legacy = Some(v.clone());
                v["schema"] = SCHEMA.into();
            }
            Some(SCHEMA_V1) => {
                legacy = Some(v.clone());
                if let Some(m) = v.get("machine").cloned() {
                    v["build"] = m;
                }
                v["schema"] = SCHEMA.into();
            }
            Some(other) => {
                return Err(Error::input(format!(
                    "{origin}: schema {other:?} is not supported (this pkbench reads {SCHEMA:?}, {SCHEMA_V2:?} and {SCHEMA_V1:?})"
                )));
            }
            None => {
                return Err(RecordError::NoSchema {
                    origin: origin.to_string(),
                }
                .into());
            }
        }
        let rec: ResultRecord = serde_json::from_value(v)
            .map_err(|e| Error::input(format!("{origin}: not a valid {SCHEMA} record: {e}")))?;
        let summary = |raw: &Value| super::copies::legacy_summary_contradiction(raw, &rec);
        if let Some(c) = rec
            .contradiction()
            .or_else(|| legacy.as_ref().and_then(summary))
        {
            return Err(RecordError::Contradiction {
                origin: origin.to_string(),
                what: c,
            }
            .into());
        }
        Ok(rec)
    }

    /// Reads and parses a record file, through the bounded reader of [`crate::input`].
    ///
    /// # Errors
    /// [`crate::error::FileError::Unreadable`] when the file cannot be read, is not a regular
    /// file or is larger than [`crate::input::RECORD_MAX_BYTES`] (64 MiB: refused before it
    /// is read); [`Error::Input`] when it is not UTF-8 JSON or not a record.
    pub fn read(path: &std::path::Path) -> Result<ResultRecord> {
        let origin = path.display().to_string();
        let bytes = crate::input::read(path, crate::input::FileRole::Record)?;
        let text = String::from_utf8(bytes).map_err(|e| {
            Error::input(format!(
                "{origin}: not JSON: not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ))
        })?;
        ResultRecord::from_json(&origin, &text)
    }
}

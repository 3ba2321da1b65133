//! How a row was measured, in one phrase per implementation: what was timed, by whom, on
//! what, and what was checked.

use super::Run;
use crate::measure::slope::{FitDoubt, MIN_R2};
use crate::record::Operation;
use crate::reference::RowJob;
use crate::report;
use serde_json::Value;

impl Run<'_> {
    /// How row `i` was measured, in one phrase ("" when there is nothing to add).
    pub(super) fn detail(&self, i: usize, op: &Operation) -> String {
        let row = &self.reference.rows[i];
        let fact = |k: &str| op.info.get(k).or_else(|| op.params.get(k));
        let text = |k: &str| match fact(k) {
            Some(Value::String(s)) => s.clone(),
            Some(v) => v.to_string(),
            None => "?".to_string(),
        };
        let count = |k: &str| fact(k).and_then(Value::as_u64).unwrap_or(0);
        let library = op.choice() != crate::implementation::Choice::Own;
        match row.job() {
            RowJob::Hash(_) => format!(
                "{} ({}), {}-byte blocks; {} known answers and {} timed digests checked",
                text("algo"),
                text("implementation"),
                count("block"),
                count("known_answers_checked"),
                count("outputs_checked")
            ),
            RowJob::DesEcb => format!(
                "DES-{} ({}) over random data, {}-byte chunks; {} known answers and {} timed chunks checked{}",
                text("mode"),
                report::des::implementation_label(op),
                count("block"),
                count("known_answers_checked"),
                count("outputs_checked"),
                if library {
                    " (against the des crate's)"
                } else {
                    ""
                }
            ),
            RowJob::DesKeySetup if library => format!(
                "DES key setup ({}), {} random keys; {} key schedules checked against the des crate's before timing, the last of every timed batch after",
                report::des::implementation_label(op),
                count("keys"),
                count("schedules_checked_before")
            ),
            RowJob::DesKeySetup => format!(
                "DES key setup ({}), {} random keys; {} key schedules checked",
                report::des::implementation_label(op),
                count("keys"),
                count("outputs_checked")
            ),
            RowJob::RsaRaw { .. } => format!(
                "raw RSA private operation m^d mod n (no CRT), {}-bit key from the seed, {}-byte chunks, {}: {} per operation; {}",
                count("bits"),
                count("chunk_bytes"),
                text("backend"),
                report::fmt_time_ms(op.stats.as_ref().map_or(f64::NAN, |s| s.median_ms)),
                if library {
                    format!(
                        "every one of {} chunks equal to num-bigint's before timing, the last of every timed batch after",
                        count("pool")
                    )
                } else {
                    format!("{} chunks round-tripped", count("pool"))
                }
            ),
            RowJob::Dh { .. } => {
                let ms = |k: &str| report::fmt_time_ms(op.info_f64(k).unwrap_or(f64::NAN));
                let table = match op.info_str("table_method") {
                    Some(method) => format!(
                        "table {method} ({}, built in {}, not counted)",
                        report::fmt_bytes(count("table_bytes") as usize),
                        ms("table_build_ms")
                    ),
                    None => "no table".to_string(),
                };
                let backend = op
                    .info_str("backend")
                    .map(|b| format!(", {b}"))
                    .unwrap_or_default();
                format!(
                    "{} ({}), {}-bit exponent, {table}{backend}: Offer {}, Reply {}; pool of {} inputs, shared secrets checked",
                    text("group"),
                    text("group_description"),
                    count("exp_bits"),
                    ms("offer_ms"),
                    ms("reply_ms"),
                    count("pool")
                )
            }
            RowJob::Cipher { .. } => match report::cipher::Row::of(op) {
                Some(c) if c.doubts.contains(&FitDoubt::LowR2) => format!(
                    "R² {:.4} < {MIN_R2}: the time per call is not a straight line in the buffer size, so this {} is uncertain; rerun with a larger --time or --clock cpu",
                    c.r2, row.unit
                ),
                _ => String::new(),
            },
        }
    }
}

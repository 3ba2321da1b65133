//! Renderers shared by the commands: unit formatting, terminal tables (comfy-table), JSON.

pub mod compare;
pub mod fit;
pub mod plot;

use crate::error::{Error, Result};
use comfy_table::{ContentArrangement, Table, presets};

/// The interquartile range of a timing as "q1 … q3", each by [`fmt_time_ms`].
pub fn fmt_quartiles_ms(q1_ms: f64, q3_ms: f64) -> String {
    format!("{} … {}", fmt_time_ms(q1_ms), fmt_time_ms(q3_ms))
}

/// Formats a time in milliseconds with a unit a reader can take in: "11.62 ms", "3.41 µs",
/// "250 ns", "2.67 s" (four significant figures at most).
pub fn fmt_time_ms(ms: f64) -> String {
    if !ms.is_finite() {
        return "-".into();
    }
    let (v, unit) = if ms >= 1000.0 {
        (ms / 1e3, "s")
    } else if ms >= 1.0 {
        (ms, "ms")
    } else if ms >= 1e-3 {
        (ms * 1e3, "µs")
    } else {
        (ms * 1e6, "ns")
    };
    format!("{} {unit}", sig4(v))
}

/// A number with four significant figures and no exponent ("1234", "12.34", "0.1234").
pub fn sig4(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let digits = v.abs().log10().floor() as i32;
    let decimals = (3 - digits).clamp(0, 9) as usize;
    format!("{v:.decimals$}")
}

/// Formats a rate of operations per second ("1,234,567/s" style without separators: "1.235M/s").
pub fn fmt_rate(per_sec: f64) -> String {
    if !per_sec.is_finite() {
        return "-".into();
    }
    if per_sec >= 1e6 {
        format!("{}M/s", sig4(per_sec / 1e6))
    } else if per_sec >= 1e3 {
        format!("{}k/s", sig4(per_sec / 1e3))
    } else {
        format!("{}/s", sig4(per_sec))
    }
}

/// Formats a byte count in binary units ("12.5 KiB", "3.0 MiB", "512 B").
pub fn fmt_bytes(b: usize) -> String {
    let f = b as f64;
    if f >= 1024.0 * 1024.0 {
        format!("{:.1} MiB", f / (1024.0 * 1024.0))
    } else if f >= 1024.0 {
        format!("{:.1} KiB", f / 1024.0)
    } else {
        format!("{b} B")
    }
}

/// A terminal table in pkbench's style: UTF-8 borders, header row, width fitted to content.
pub fn table(header: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(header.to_vec());
    t
}

/// Serialises `value` as pretty JSON followed by a newline.
///
/// # Errors
/// [`Error::Runtime`] if serialisation fails (non-string map keys; never for our records).
pub fn to_json<T: serde::Serialize>(value: &T) -> Result<String> {
    serde_json::to_string_pretty(value)
        .map(|s| s + "\n")
        .map_err(|e| Error::runtime(format!("JSON serialisation failed: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_units() {
        assert_eq!(fmt_time_ms(11.62), "11.62 ms");
        assert_eq!(fmt_time_ms(0.003_41), "3.410 µs");
        assert_eq!(fmt_time_ms(0.000_25), "250.0 ns");
        assert_eq!(fmt_time_ms(2670.0), "2.670 s");
        assert_eq!(fmt_time_ms(f64::NAN), "-");
    }

    #[test]
    fn rates_and_bytes() {
        assert_eq!(fmt_rate(1_234_567.0), "1.235M/s");
        assert_eq!(fmt_rate(95.0), "95.00/s");
        assert_eq!(fmt_bytes(512), "512 B");
        assert_eq!(fmt_bytes(12_800), "12.5 KiB");
        assert_eq!(fmt_bytes(3 * 1024 * 1024), "3.0 MiB");
    }
}

//! The report of a `cipher` record: the terminal text and the summary keys `--json` prints
//! beside the record, both read from its operations (one per mode and direction, see
//! [`crate::bench::cipher::operation`]) and the record's `budget_s` param, nothing else.
//! [`rows_view`] and [`Row`] serve the other reports of cipher rows (`repro gnupg-2000`).

use crate::measure::slope::{FitDoubt, MIN_R2, SlopePoint};
use crate::record::{Operation, ResultRecord};
use crate::report;
use crate::report::doc::{Cell, Doc, Table};
use serde_json::{Map, Value, json};

/// What a doubt means and what to do, for a footnote.
pub fn doubt_explained(d: FitDoubt) -> String {
    match d {
        FitDoubt::LowR2 => format!(
            "R² < {MIN_R2}: the time per call is not a straight line in the buffer size (a busy machine or too short a budget), so the slope and MB/s are uncertain; rerun with a larger --time or --clock cpu"
        ),
        FitDoubt::NegativeIntercept => "negative intercept: the fixed cost per call is below the timing noise, so the \"per call\" figure means nothing; the slope (MB/s) may still hold if R² is high".to_string(),
        FitDoubt::NoSlope => "no slope: the fitted line did not rise with the buffer size (noise outweighed the per-byte cost), so MB/s is the largest buffer's bytes over its median time".to_string(),
    }
}

/// The facts of one cipher operation (one row of the table).
#[derive(Debug, Clone)]
pub struct Row<'a> {
    /// The operation.
    pub op: &'a Operation,
    /// libgcrypt's name of the configuration ("AES", "3DES").
    pub name: &'a str,
    /// Mode label ("CBC", "STREAM").
    pub mode: &'a str,
    /// Direction label ("enc", "dec").
    pub dir: &'a str,
    /// MB/s from the slope.
    pub mb_per_s: f64,
    /// Mbit/s from the slope.
    pub mbit_per_s: f64,
    /// Fixed cost per call, ns (the intercept).
    pub intercept_ns: f64,
    /// R² of the fit.
    pub r2: f64,
    /// Reasons to doubt the fit.
    pub doubts: Vec<FitDoubt>,
}

impl<'a> Row<'a> {
    /// The row of `op`, `None` when it is not a cipher operation ("MODE dir" with a slope).
    pub fn of(op: &'a Operation) -> Option<Row<'a>> {
        let (mode, dir) = op.name.split_once(' ')?;
        let doubts = op
            .info
            .get("fit_doubts")
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .unwrap_or_default();
        Some(Row {
            op,
            name: op.param_str("cipher")?,
            mode,
            dir,
            mb_per_s: op.info_f64("mb_per_s")?,
            mbit_per_s: op.info_f64("mbit_per_s").unwrap_or(f64::NAN),
            intercept_ns: op.figures.get("intercept_ns").copied().unwrap_or(f64::NAN),
            r2: op.info_f64("r2").unwrap_or(f64::NAN),
            doubts,
        })
    }
}

/// The cipher rows of `rec`, in order.
pub fn rows(rec: &ResultRecord) -> Vec<Row<'_>> {
    rec.operations.iter().filter_map(Row::of).collect()
}

/// The buffer sizes and median times (ms) of a row's slope points (info `points`).
fn point_medians(op: &Operation) -> Vec<(u64, f64)> {
    // Read as slope points, whose statistics read in seconds (records now) or ms (before).
    op.info
        .get("points")
        .and_then(|v| serde_json::from_value::<Vec<SlopePoint>>(v.clone()).ok())
        .unwrap_or_default()
        .iter()
        .map(|p| (p.bytes as u64, p.stats.median_ms))
        .collect()
}

/// `openssl speed`'s layout of a run with `--sizes`: one line per mode and direction, one
/// column per buffer size, MB/s of one call at that size (bytes ÷ median time per call, the
/// call's fixed cost included).
fn per_size_table(rows: &[Row<'_>], d: &mut Doc) {
    let mut sizes: Vec<u64> = Vec::new();
    for r in rows {
        for (b, _) in point_medians(r.op) {
            if !sizes.contains(&b) {
                sizes.push(b);
            }
        }
    }
    sizes.sort_unstable();
    let heads: Vec<String> = ["mode".to_string(), "dir".to_string()]
        .into_iter()
        .chain(sizes.iter().map(|b| format!("{b} B")))
        .collect();
    let refs: Vec<&str> = heads.iter().map(String::as_str).collect();
    let mut t = Table::new("cipher.sizes", &refs);
    for r in rows {
        let pts = point_medians(r.op);
        let mut cells = vec![Cell::text(r.mode), Cell::text(r.dir)];
        for b in &sizes {
            cells.push(
                pts.iter()
                    .find(|(x, _)| x == b)
                    .map_or(Cell::text("-"), |&(x, ms)| {
                        Cell::mb_per_s(x as f64 / (ms * 1e-3))
                    }),
            );
        }
        t.row(cells);
    }
    d.text("MB/s per buffer size (one call each, its fixed cost included):");
    d.table(t);
}

/// An optional figure with 4 significant figures, "-" when absent.
fn opt(v: Option<f64>, unit: &'static str) -> Cell {
    v.map_or(Cell::text("-"), |v| Cell::figure(report::sig4(v), v, unit))
}

/// The view of a `cipher` record: the cipher, its checks, the slope's buffer sizes and the
/// clock as facts, one row per mode and direction (MB/s, Mbit/s, cycles per byte, the fixed
/// cost per call, R², the footnotes of doubtful fits), and with `--sizes` the MB/s per
/// buffer size; a record without cipher rows is a one-line note.
pub fn view(rec: &ResultRecord) -> Doc {
    let mut d = Doc::new();
    let rows = rows(rec);
    let Some(first) = rows.first() else {
        d.text("pkbench cipher: the record holds no cipher rows");
        return d;
    };
    let o = first.op;
    d.title(format!(
        "pkbench cipher: {} ({})",
        first.name,
        o.info_str("key_description").unwrap_or("?")
    ));
    // Who computed the rows: pkbench's crate, or a library when pkbench has no code of its
    // own for the cipher (SEED) and the first implementation asked for is one.
    let mut code: Vec<String> = Vec::new();
    for r in &rows {
        if let Some(i) = &r.op.implementation {
            let who = format!("{} {}", i.name, i.version);
            if !code.contains(&who) {
                code.push(who);
            }
        }
    }
    if !code.is_empty() {
        d.fact("code", code.join(", "));
    }
    let mut srcs: Vec<&str> = o
        .info
        .get("known_answers")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    srcs.dedup();
    // A stream cipher has no reference mode: its decryption must give the plaintext back.
    let modes = if o.info_str("mode") == Some("stream") {
        "decryption against encryption"
    } else {
        "each mode against the NIST SP 800-38A reference"
    };
    d.fact(
        "checked",
        format!(
            "known answers ({}); {modes}; every timed output",
            srcs.join("; ")
        ),
    );
    let sizes: Vec<u64> = o
        .info
        .get("sizes")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    d.fact(
        "slope",
        format!(
            "{} buffer sizes {} … {} B, least-squares line through the median time per call",
            sizes.len(),
            sizes.first().copied().unwrap_or(0),
            sizes.last().copied().unwrap_or(0)
        ),
    );
    d.fact(
        "clock",
        format!(
            "{}; {} s per row; seed {}",
            rec.clock,
            rec.params
                .get("budget_s")
                .and_then(Value::as_f64)
                .map_or_else(|| "-".to_string(), |v| v.to_string()),
            rec.seed.map_or_else(|| "-".to_string(), |v| v.to_string())
        ),
    );
    d.fact("machine", rec.summary());
    let doubts = rows_table(&rows, &mut d);
    let mut notes = String::new();
    for (i, x) in doubts.iter().enumerate() {
        notes += &format!("[{}] {}.\n", i + 1, doubt_explained(*x));
    }
    if let Some(mhz) = rows.iter().find_map(|r| r.op.info_f64("cpu_mhz")) {
        notes += &format!(
            "≈cycles/byte is an estimate: {mhz:.0} MHz (reported by /proc/cpuinfo) ÷ MB/s.\n"
        );
    }
    notes += "MB/s = 10^6 bytes/s from the slope; \"per call\" is the intercept (fixed cost of one call).";
    d.text(notes);
    if rec.params.get("sizes").is_some() {
        per_size_table(&rows, &mut d);
    }
    if let Some(n) = o.info_str("note") {
        d.text(format!("note: {n}."));
    }
    d
}

/// The table of the rows (ns/byte, = 1000 ÷ MB/s, is left to the JSON: the rest fits in 80
/// columns); the kinds of doubt its notes number, in order.
fn rows_table(rows: &[Row<'_>], d: &mut Doc) -> Vec<FitDoubt> {
    let mut t = Table::new(
        "cipher.rows",
        &[
            "mode",
            "dir",
            "MB/s",
            "Mbit/s",
            "≈cycles\n/byte",
            "per call\nns",
            "R²",
            "note",
        ],
    );
    // Doubtful fits are shown, not hidden: a note with a footnote number per kind of doubt.
    let mut doubts: Vec<FitDoubt> = Vec::new();
    for row in rows {
        let note = row
            .doubts
            .iter()
            .map(|x| {
                let i = match doubts.iter().position(|y| y == x) {
                    Some(i) => i,
                    None => {
                        doubts.push(*x);
                        doubts.len() - 1
                    }
                };
                format!("[{}]", i + 1)
            })
            .collect::<Vec<_>>()
            .join(" ");
        t.row(vec![
            Cell::text(row.mode),
            Cell::text(row.dir),
            Cell::mb_per_s(row.mb_per_s * 1e6),
            Cell::figure(report::sig4(row.mbit_per_s), row.mbit_per_s * 1e6, "bit/s"),
            opt(row.op.info_f64("cycles_per_byte_est"), "cycles/B"),
            Cell::figure(report::sig4(row.intercept_ns), row.intercept_ns * 1e-9, "s"),
            Cell::figure(format!("{:.4}", row.r2), row.r2, ""),
            Cell::text(note),
        ]);
    }
    d.table(t);
    doubts
}

/// [`view`] as the terminal text.
pub fn render_text(rec: &ResultRecord) -> String {
    report::doc::terminal::render(&view(rec))
}

/// The JSON rows of `ops` (pkbench's first cipher JSON): per cipher operation `name`, `spec`
/// {`algo`, `key_bits`}, `mode`, `direction`, `slope` {`ns_per_byte`, `intercept_ns`, `r2`},
/// `mb_per_s`, `mbit_per_s`, `cycles_per_byte_est` (null when the MHz is unknown), `points`
/// (each size with its statistics, without the raw samples, which the operation holds) and
/// `fit_doubts`.
pub fn rows_view(ops: &[Operation]) -> Vec<Value> {
    ops.iter()
        .filter_map(Row::of)
        .map(|r| {
            let o = r.op;
            let get = |k: &str| o.info.get(k).cloned().unwrap_or(Value::Null);
            let points: Vec<Value> = o
                .info
                .get("points")
                .and_then(|v| serde_json::from_value::<Vec<SlopePoint>>(v.clone()).ok())
                .unwrap_or_default()
                .iter()
                .map(|p| json!({"bytes": p.bytes, "stats": super::json::summary_stats(&p.stats)}))
                .collect();
            json!({
                "name": r.name,
                "spec": {"algo": get("algo"), "key_bits": get("key_bits")},
                "mode": get("mode"),
                "direction": get("direction"),
                "slope": {
                    "ns_per_byte": get("ns_per_byte"),
                    "intercept_ns": r.intercept_ns,
                    "r2": r.r2,
                },
                "mb_per_s": r.mb_per_s,
                "mbit_per_s": r.mbit_per_s,
                "cycles_per_byte_est": get("cycles_per_byte_est"),
                "points": points,
                "fit_doubts": r.doubts,
            })
        })
        .collect()
}

/// The summary keys `--json` prints beside a `cipher` record (pkbench's first JSON output,
/// kept for its readers): `name` (libgcrypt's), `spec` {`algo`, `key_bits`},
/// `known_answers` (sources checked), `sizes` (bytes), `rows` ([`rows_view`]), `budget_s`.
pub fn json_view(rec: &ResultRecord) -> Map<String, Value> {
    let rows = rows_view(&rec.operations);
    let Some(first) = rec.operations.iter().find(|o| Row::of(o).is_some()) else {
        return Map::new();
    };
    let get = |k: &str| first.info.get(k).cloned().unwrap_or(Value::Null);
    match json!({
        "name": first.param_str("cipher"),
        "spec": {"algo": get("algo"), "key_bits": get("key_bits")},
        "known_answers": get("known_answers"),
        "sizes": get("sizes"),
        "rows": rows,
        "budget_s": rec.params.get("budget_s").cloned().unwrap_or(Value::Null),
    }) {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubts_have_words() {
        assert!(doubt_explained(FitDoubt::LowR2).starts_with("R² < 0.99: "));
        assert!(doubt_explained(FitDoubt::NegativeIntercept).starts_with("negative intercept: "));
    }
}

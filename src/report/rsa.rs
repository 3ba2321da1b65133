//! The report of an `rsa` record: the terminal text and the summary keys `--json` prints
//! beside the record, both read from its operations "private op (raw)", "private op (CRT)"
//! and "public op" ([`crate::bench::rsa::run`]) and nothing else.

use crate::record::{CRT_OP, PRIVATE_OP, PUBLIC_OP};
use crate::record::{Operation, ResultRecord};
use crate::report;
use crate::report::doc::{Cell, Doc, Table};
use serde_json::{Map, Value, json};

/// The operations of one run.
struct Run<'a> {
    private: &'a Operation,
    crt: Option<&'a Operation>,
    public: &'a Operation,
}

impl<'a> Run<'a> {
    fn of(rec: &'a ResultRecord) -> Option<Run<'a>> {
        let timed = |n: &str| rec.operation(n).filter(|o| o.stats.is_some());
        Some(Run {
            private: timed(PRIVATE_OP)?,
            crt: timed(CRT_OP),
            public: timed(PUBLIC_OP)?,
        })
    }

    fn param_u64(&self, k: &str) -> u64 {
        self.private
            .params
            .get(k)
            .and_then(Value::as_u64)
            .unwrap_or(0)
    }

    fn powm(&self) -> &str {
        self.private.param_str("powm").unwrap_or("fast")
    }

    /// Raw private median ÷ CRT private median.
    fn crt_speedup(&self) -> Option<f64> {
        self.crt.map(|c| median(self.private) / median(c))
    }

    /// The CRT speedup with its 95 % interval from the paired rounds (both are timed in
    /// the same interleaved rounds), when there are enough rounds.
    fn crt_speedup_interval(&self) -> Option<crate::measure::Interval> {
        Operation::speedup_interval(self.private, self.crt?)
    }
}

fn median(op: &Operation) -> f64 {
    op.stats.as_ref().map_or(f64::NAN, |s| s.median_ms)
}

fn figure(op: &Operation, k: &str) -> f64 {
    op.figures.get(k).copied().unwrap_or(f64::NAN)
}

/// The view of an `rsa` record: the key, chunk, backend, powm functions, clock and machine
/// as facts, the table of the private (raw, CRT) and public operations, the CRT speedup and
/// the warm/cold section ([`report::cache`]); a record without the operations is a one-line
/// note. Byte rates are in MB/s throughout (the by-implementation rows say the same unit).
pub fn view(rec: &ResultRecord) -> Doc {
    let mut d = Doc::new();
    let Some(r) = Run::of(rec) else {
        d.text("pkbench rsa: the record holds no RSA operations");
        return d;
    };
    let p = r.private;
    let info = |k: &str| p.info_str(k).unwrap_or("?");
    d.title(format!(
        "pkbench rsa: {}-bit modulus, e = 0x{}",
        r.param_u64("bits"),
        info("e")
    ));
    d.fact(
        "key",
        match p.info_f64("keygen_ms") {
            Some(ms) => format!(
                "{}, in {} (not counted in any operation)",
                info("key_source"),
                report::fmt_time_ms(ms)
            ),
            None => info("key_source").to_string(),
        },
    );
    d.fact(
        "chunk",
        format!(
            "{} bytes, fresh random chunks ({} in the pool); raw: no padding, no blinding",
            r.param_u64("chunk_bytes"),
            p.info_u64("pool").unwrap_or(0)
        ),
    );
    d.fact("backend", info("backend"));
    let how = if r.powm() == "sec" {
        "constant time"
    } else {
        "variable time"
    };
    let crt_how = match r.crt.and_then(|c| c.info_str("powm_fn")) {
        Some(f) if f != info("powm_fn") => format!("; CRT {f}"),
        Some(_) => ", raw and CRT".into(),
        None => String::new(),
    };
    d.fact(
        "powm",
        format!(
            "private {} (--powm {}, {how}){crt_how}; public {}",
            info("powm_fn"),
            r.powm(),
            r.public.info_str("powm_fn").unwrap_or("?")
        ),
    );
    let mut counts = vec![("private", r.private)];
    counts.extend(r.crt.map(|c| ("CRT", c)));
    counts.push(("public", r.public));
    let counts: Vec<String> = counts
        .iter()
        .filter_map(|(n, op)| op.stats.as_ref().map(|st| (n, st)))
        .map(|(n, st)| format!("{n} {} × {}", st.samples, st.batch))
        .collect();
    d.fact(
        "clock",
        format!(
            "{}; samples × batch: {}; seed {}",
            rec.clock,
            counts.join(", "),
            rec.seed.map_or_else(|| "-".to_string(), |v| v.to_string())
        ),
    );
    d.fact("machine", rec.summary());
    d.table(operations_table(&r));
    crt_speedup(&r, &mut d);
    d.extend(report::cache::doc(rec));
    d
}

/// The table of the private (raw, CRT) and public operations: median, quartiles, ops/s and
/// MB/s.
fn operations_table(r: &Run) -> Table {
    let mut t = Table::new(
        "rsa.operations",
        &["operation", "median", "q1 … q3", "ops/s", "MB/s"],
    );
    let mut row = |name: &str, op: &Operation| {
        if let Some(st) = &op.stats {
            t.row(vec![
                Cell::text(name),
                Cell::time_ms(st.median_ms),
                Cell::quartiles(st),
                Cell::rate(figure(op, "ops_per_sec")),
                Cell::mb_per_s(figure(op, "bytes_per_sec")),
            ]);
        }
    };
    row("private m^d mod n\n(raw, no CRT)", r.private);
    if let Some(c) = r.crt {
        row("private with CRT\n(dP, dQ, qInv)", c);
    }
    row("public m^e mod n", r.public);
    t
}

/// The CRT speedup line (with its interval from the paired rounds when there are enough),
/// and, when the CRT row also does other work (a library's RSA API: blinding, a check of
/// the result), the line saying the speedup compares unlike work.
fn crt_speedup(r: &Run, d: &mut Doc) {
    let unlike = r
        .crt
        .and_then(|c| c.info_str(crate::record::info::EXTRA_WORK))
        .map(|e| {
            format!("\n             unlike work: the CRT row adds {e}; the raw row does neither")
        })
        .unwrap_or_default();
    match (r.crt_speedup_interval(), r.crt_speedup()) {
        (Some(iv), _) => {
            d.text(format!(
                "CRT speedup: {} [{:.2}, {:.2}] over the raw private operation (95 % interval from the paired rounds: Hodges–Lehmann, Wilcoxon signed rank){unlike}",
                report::fmt_speedup(iv.estimate),
                iv.lo,
                iv.hi
            ));
        }
        (None, Some(x)) => {
            d.text(format!(
                "CRT speedup: {} over the raw private operation ({}){unlike}",
                report::fmt_speedup(x),
                match r.crt.map_or(0, |c| Operation::ratio_rounds(r.private, c)) {
                    0 => "the record kept no rounds for an interval".to_string(),
                    n => report::too_few_rounds(n),
                }
            ));
        }
        (None, None) => {}
    }
}

/// [`view`] as the terminal text.
pub fn render_text(rec: &ResultRecord) -> String {
    report::doc::terminal::render(&view(rec))
}

/// One operation as the summary gives it: its statistics without the raw samples, with
/// `ops_per_sec` and `bytes_per_sec` beside them.
fn op_view(op: &Operation) -> Value {
    let mut v = op
        .stats
        .as_ref()
        .map(super::json::summary_stats)
        .unwrap_or(Value::Null);
    if let Value::Object(m) = &mut v {
        m.insert("ops_per_sec".into(), json!(figure(op, "ops_per_sec")));
        m.insert("bytes_per_sec".into(), json!(figure(op, "bytes_per_sec")));
    }
    v
}

/// The summary keys `--json` prints beside an `rsa` record (pkbench's first JSON output, kept
/// for its readers): `bits`, `chunk_bytes`, `backend`, `crt`, `powm`, `private_powm`,
/// `public_powm`, `key_source`, `keygen_ms` (null for a key file), `e`, `n` (hex), `private`,
/// `public`, `private_crt` (null without `--crt`): statistics (ms) with `ops_per_sec` and
/// `bytes_per_sec`; `crt_speedup` (null without `--crt`), `pool`.
pub fn json_view(rec: &ResultRecord) -> Map<String, Value> {
    let Some(r) = Run::of(rec) else {
        return Map::new();
    };
    let p = r.private;
    let get = |k: &str| p.info.get(k).cloned().unwrap_or(Value::Null);
    match json!({
        "bits": r.param_u64("bits"),
        "chunk_bytes": r.param_u64("chunk_bytes"),
        "backend": get("backend"),
        "crt": r.crt.is_some(),
        "powm": r.powm(),
        "private_powm": get("powm_fn"),
        "public_powm": r.public.info.get("powm_fn").cloned().unwrap_or(Value::Null),
        "key_source": get("key_source"),
        "keygen_ms": get("keygen_ms"),
        "e": get("e"),
        "n": get("n"),
        "private": op_view(r.private),
        "public": op_view(r.public),
        "private_crt": r.crt.map(op_view),
        "crt_speedup": r.crt_speedup(),
        "crt_speedup_interval": r.crt_speedup_interval(),
        "pool": get("pool"),
    }) {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

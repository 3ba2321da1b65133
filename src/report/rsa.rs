//! The report of an `rsa` record: the terminal text and the summary keys `--json` prints
//! beside the record, both read from its operations "private op (raw)", "private op (CRT)"
//! and "public op" ([`crate::bench::rsa::run`]) and nothing else.

use crate::record::{CRT_OP, PRIVATE_OP, PUBLIC_OP};
use crate::record::{Operation, ResultRecord};
use crate::report;
use serde_json::{Map, Value, json};

/// Formats a rate in bytes per second, decimal units ("1.250 kB/s", "95.00 B/s").
pub fn fmt_bytes_per_sec(b: f64) -> String {
    if !b.is_finite() {
        return "-".into();
    }
    if b >= 1e6 {
        format!("{} MB/s", report::sig4(b / 1e6))
    } else if b >= 1e3 {
        format!("{} kB/s", report::sig4(b / 1e3))
    } else {
        format!("{} B/s", report::sig4(b))
    }
}

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

/// Renders an `rsa` record as the terminal report; a record without the operations renders
/// as a one-line note.
pub fn render_text(rec: &ResultRecord) -> String {
    let Some(r) = Run::of(rec) else {
        return "pkbench rsa: the record holds no RSA operations\n".to_string();
    };
    let p = r.private;
    let info = |k: &str| p.info_str(k).unwrap_or("?");
    let mut s = format!(
        "pkbench rsa: {}-bit modulus, e = 0x{}\n",
        r.param_u64("bits"),
        info("e")
    );
    match p.info_f64("keygen_ms") {
        Some(ms) => {
            s += &format!(
                "key:       {}, in {} (not counted in any operation)\n",
                info("key_source"),
                report::fmt_time_ms(ms)
            )
        }
        None => s += &format!("key:       {}\n", info("key_source")),
    }
    s += &format!(
        "chunk:     {} bytes, fresh random chunks ({} in the pool); raw: no padding, no blinding\n",
        r.param_u64("chunk_bytes"),
        p.info_u64("pool").unwrap_or(0)
    );
    let extra = r
        .crt
        .and_then(|c| c.info_str(crate::record::info::EXTRA_WORK));
    s += &format!("backend:   {}\n", info("backend"));
    let how = if r.powm() == "sec" {
        "constant time"
    } else {
        "variable time"
    };
    let crt_fn = r.crt.and_then(|c| c.info_str("powm_fn"));
    let crt_how = match crt_fn {
        Some(f) if f != info("powm_fn") => format!("; CRT {f}"),
        Some(_) => ", raw and CRT".into(),
        None => String::new(),
    };
    s += &format!(
        "powm:      private {} (--powm {}, {how}){crt_how}; public {}\n",
        info("powm_fn"),
        r.powm(),
        r.public.info_str("powm_fn").unwrap_or("?")
    );
    let mut counts = vec![("private", r.private)];
    counts.extend(r.crt.map(|c| ("CRT", c)));
    counts.push(("public", r.public));
    let counts: Vec<String> = counts
        .iter()
        .filter_map(|(n, op)| op.stats.as_ref().map(|st| (n, st)))
        .map(|(n, st)| format!("{n} {} × {}", st.samples, st.batch))
        .collect();
    s += &format!(
        "clock:     {}; samples × batch: {}; seed {}\n",
        rec.clock,
        counts.join(", "),
        rec.seed.map_or_else(|| "-".to_string(), |v| v.to_string())
    );
    s += &format!("machine:   {}\n", rec.summary());
    let mut t = report::table(&["operation", "median", "q1 … q3", "ops/s", "bytes/s"]);
    let mut row = |name: &str, op: &Operation| {
        if let Some(st) = &op.stats {
            t.add_row(vec![
                name.to_string(),
                report::fmt_time_ms(st.median_ms),
                report::fmt_quartiles_ms(st.q1_ms, st.q3_ms),
                report::fmt_rate(figure(op, "ops_per_sec")),
                fmt_bytes_per_sec(figure(op, "bytes_per_sec")),
            ]);
        }
    };
    row("private m^d mod n\n(raw, no CRT)", r.private);
    if let Some(c) = r.crt {
        row("private with CRT\n(dP, dQ, qInv)", c);
    }
    row("public m^e mod n", r.public);
    s += &format!("{t}\n");
    // A CRT row that also does other work (a library's RSA API: blinding, a check of the
    // result) makes the speedup compare unlike work: said beside it.
    let unlike = extra
        .map(|e| {
            format!("             unlike work: the CRT row adds {e}; the raw row does neither\n")
        })
        .unwrap_or_default();
    match (r.crt_speedup_interval(), r.crt_speedup()) {
        (Some(iv), _) => {
            s += &format!(
                "CRT speedup: {} [{:.2}, {:.2}] over the raw private operation (95 % interval from the paired rounds: Hodges–Lehmann, Wilcoxon signed rank)\n{unlike}",
                report::fmt_speedup(iv.estimate),
                iv.lo,
                iv.hi
            )
        }
        (None, Some(x)) => {
            s += &format!(
                "CRT speedup: {} over the raw private operation (too few rounds for an interval)\n{unlike}",
                report::fmt_speedup(x)
            )
        }
        (None, None) => {}
    }
    s += &crate::report::cache::render(rec);
    s
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_rates() {
        assert_eq!(fmt_bytes_per_sec(95.0), "95.00 B/s");
        assert_eq!(fmt_bytes_per_sec(1250.0), "1.250 kB/s");
        assert_eq!(fmt_bytes_per_sec(2_500_000.0), "2.500 MB/s");
    }
}

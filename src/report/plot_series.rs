//! The data of `plot`'s two panels, read from a record: the series of cost against
//! modulus size (panel a) and the points of Total against the security level (panel b:
//! key exchanges' Total = 2*Offer + Reply and KEMs' Total = KeyGen + Encaps + Decaps), each
//! with the 95 % interval of its median over the run's rounds and the implementation that
//! computed it.

use crate::record::{KEM_TOTAL_OP, Operation, ResultRecord, TOTAL_OP, param};
use crate::report::fit::{PowerFit, fit_power_law};
use serde_json::Value;

/// One series of panel (a).
#[derive(Debug, Clone)]
pub struct Series {
    /// "Reply, full exponent".
    pub label: String,
    /// (modulus bits, ms per operation), sorted by bits.
    pub points: Vec<(f64, f64)>,
    /// The fitted power law, when there are two or more sizes.
    pub fit: Option<PowerFit>,
    /// Error bars: (modulus bits, low, high ms), the 95 % interval of the median over the
    /// run's rounds ([`median_interval`]) of each point that has one.
    pub bars: Vec<(f64, f64, f64)>,
}

/// One point of panel (b).
#[derive(Debug, Clone)]
pub struct SecurityPoint {
    /// The group and exponent size: "modp-1024/128", "x25519", "mlkem768".
    pub label: String,
    /// Who computed it, as `--impl` names it ("pkbench", "aws-lc-rs", "openssl",
    /// "gmp-linked") or, for pkbench's own rows that run a crate, the crate ("p384",
    /// "x25519-dalek", "ml-kem"); `None` in a record that does not say.
    pub implementation: Option<String>,
    /// Security level, bits.
    pub security_bits: f64,
    /// The Total, ms: 2*Offer + Reply for a key exchange, KeyGen + Encaps + Decaps for a
    /// KEM ([`SecurityPoint::kem`]).
    pub total_ms: f64,
    /// Whether this is a KEM's Total = KeyGen + Encaps + Decaps ([`KEM_TOTAL_OP`]) rather
    /// than a key exchange's Total = 2*Offer + Reply ([`TOTAL_OP`]).
    pub kem: bool,
    /// Whether the exponent is full size (true for a KEM, which has none).
    pub full: bool,
    /// Whether Offer used the fixed-base table (param `table`; true when absent).
    pub table: bool,
    /// Whether the record marks this candidate as chosen (`info.chosen`, `pkbench choose`).
    pub chosen: bool,
    /// The 95 % interval of Total over the run's rounds, ms ([`median_interval`]), when the
    /// record has enough rounds.
    pub interval: Option<(f64, f64)>,
}

/// The 95 % interval of an operation's headline figure from its per-round values
/// ([`Operation::headline_interval`]: the sign-test interval of the rounds' median, widened
/// to reach the figure where the two part, so that the bar holds its point), when the
/// record has enough rounds (6 at least).
pub fn median_interval(op: &Operation) -> Option<(f64, f64)> {
    let iv = op.headline_interval()?.interval;
    Some((iv.lo, iv.hi))
}

pub(crate) fn num(v: Option<&Value>) -> Option<f64> {
    v.and_then(Value::as_f64)
}

fn exp_label(op: &Operation) -> Option<(String, bool)> {
    let e = op.exp_bits()? as f64;
    let full = op.full_exp_bits().is_some_and(|f| e >= f as f64);
    Some(if full {
        ("full exponent".into(), true)
    } else {
        (format!("{e}-bit exponent"), false)
    })
}

/// Whether the row's Offer used a table of the generator's multiples: what the record says
/// it precomputed (`info.precomputation.kind`: pkbench's `table`, a library's `built-in`,
/// or `none`), else the param `table` (true when absent, as in older records). A library
/// row's param `table` is false (pkbench built no table for it) even when the library
/// has its own.
fn has_table(op: &Operation) -> bool {
    let kind = op
        .info
        .get("precomputation")
        .and_then(|p| p.get("kind"))
        .and_then(Value::as_str);
    match kind {
        Some(k) => k != "none",
        None => op
            .params
            .get("table")
            .and_then(Value::as_bool)
            .unwrap_or(true),
    }
}

fn family(op: &Operation) -> &str {
    op.info.get("family").and_then(Value::as_str).unwrap_or("")
}

/// The series of panel (a): pkbench's own Offer and Reply per exponent size, against
/// modulus bits.
pub fn scaling_series(rec: &ResultRecord) -> Vec<Series> {
    // pkbench's own rows: a library's or crate's row (`impl` param) would join a series of
    // the same name and size, drawn as if pkbench's.
    let timed = |op: &&Operation| {
        (op.name == "Offer" || op.name == "Reply")
            && !op.params.contains_key(param::IMPL)
            && op.stats.is_some()
            && num(op.info.get("field_bits")).is_some()
    };
    let any_modp = rec
        .operations
        .iter()
        .filter(timed)
        .any(|op| family(op) == "modp");
    let mut out: Vec<Series> = Vec::new();
    for op in rec.operations.iter().filter(timed) {
        if any_modp && family(op) != "modp" {
            continue;
        }
        let Some((exp, _)) = exp_label(op) else {
            continue;
        };
        let name = if op.name == "Offer" && !has_table(op) {
            "Offer (no table)"
        } else {
            op.name.as_str()
        };
        let label = if any_modp {
            format!("{name}, {exp}")
        } else {
            format!("{name}, {exp} ({})", family(op))
        };
        let bits = num(op.info.get("field_bits")).unwrap_or(0.0);
        let ms = op.stats.as_ref().map_or(f64::NAN, |s| s.median_ms);
        let bar = median_interval(op).map(|(lo, hi)| (bits, lo, hi));
        match out.iter_mut().find(|s| s.label == label) {
            // One point per size: the first row wins (a Reply timed once with and once
            // without the table, or two groups of one size such as modp-2048 and ffdhe2048).
            Some(s) if s.points.iter().any(|p| p.0 == bits) => {}
            Some(s) => {
                s.points.push((bits, ms));
                s.bars.extend(bar);
            }
            None => out.push(Series {
                label,
                points: vec![(bits, ms)],
                fit: None,
                bars: bar.into_iter().collect(),
            }),
        }
    }
    for s in &mut out {
        s.points.sort_by(|a, b| a.0.total_cmp(&b.0));
        // A growth exponent needs at least 3 sizes spanning at least 4× (report::fit).
        s.fit = if crate::report::fit::fittable(s.points.iter().map(|p| p.0)) {
            fit_power_law(&s.points)
        } else {
            None
        };
    }
    out.sort_by(|a, b| a.label.cmp(&b.label));
    out
}

/// Who computed `op`: the `impl` param (the name `--impl` takes) or else the name of the
/// record's [`crate::implementation::Implementation`].
fn implementation(op: &Operation) -> Option<String> {
    op.params
        .get(param::IMPL)
        .and_then(Value::as_str)
        .or(op.implementation.as_ref().map(|i| i.name.as_str()))
        .map(str::to_string)
}

/// The points of panel (b): every "Total = 2*Offer + Reply" and "Total = KeyGen + Encaps +
/// Decaps" row with a security estimate, in the record's order.
pub fn security_points(rec: &ResultRecord) -> Vec<SecurityPoint> {
    rec.operations
        .iter()
        .filter(|op| op.name == TOTAL_OP || op.name == KEM_TOTAL_OP)
        .filter_map(|op| {
            let total_ms = op.total_ms()?;
            let security_bits = op.security_bits()?;
            let group = op.group()?;
            let kem = op.name == KEM_TOTAL_OP;
            let (label, full) = if kem {
                (group.to_string(), true)
            } else {
                let (_, full) = exp_label(op)?;
                let e = op.exp_bits()? as f64;
                let label = if full {
                    group.to_string()
                } else {
                    format!("{group}/{e}")
                };
                (label, full)
            };
            Some(SecurityPoint {
                label,
                implementation: implementation(op),
                security_bits,
                total_ms,
                kem,
                full,
                table: has_table(op),
                chosen: op.info.get("chosen").and_then(Value::as_bool) == Some(true),
                interval: median_interval(op),
            })
        })
        .collect()
}

//! The implementations of one run side by side: one row per operation and implementation,
//! with each one's speed against pkbench's own (`--impl LIST|all` on the timing commands).
//!
//! Rows come from the record alone: an operation's implementation is its `implementation`,
//! a peer's rows carry the param `impl` ([`crate::implementation::IMPL_PARAM`]), and the
//! implementations that could not run are `skipped` entries whose params name `impl`.

use crate::implementation::{Choice, IMPL_PARAM};
use crate::record::{Better, Operation, ResultRecord};
use crate::report::compare::fmt_headline;

/// Whether the record holds rows of a peer or notes of one (then [`render`] applies).
pub fn has_peers(rec: &ResultRecord) -> bool {
    rec.operations.iter().any(|o| o.choice() != Choice::Own)
        || rec
            .skipped
            .iter()
            .any(|s| s.params.contains_key(IMPL_PARAM))
}

/// The record with only the operations of `choice` (for a command's own renderer).
pub fn only(rec: &ResultRecord, choice: Choice) -> ResultRecord {
    let mut r = rec.clone();
    r.operations.retain(|o| o.choice() == choice);
    r.skipped.retain(|s| !s.params.contains_key(IMPL_PARAM));
    r
}

/// The params that identify a row apart from who computed it (and the hash that stands in
/// for SHA-0, and whether a table was used: a library has its own precomputation); a
/// variant row of another name matches the operation its info
/// [`crate::record::info::SAME_WORK_AS`] names (OpenSSL's CRT on BN calls: pkbench's own CRT).
fn same_work(a: &Operation, b: &Operation) -> bool {
    let work = |o: &'_ Operation| -> String {
        o.info_str(crate::record::info::SAME_WORK_AS)
            .unwrap_or(&o.name)
            .to_string()
    };
    let strip = |o: &Operation| {
        let mut p = o.params.clone();
        for k in [IMPL_PARAM, "algo", "table", "cpu_mask"] {
            p.remove(k);
        }
        p
    };
    work(a) == work(b) && strip(a) == strip(b)
}

/// The figure a row shows: its throughput where it has one (`bytes_per_sec`), else its
/// headline.
fn figure(op: &Operation) -> Option<(f64, Better)> {
    match op.figures.get("bytes_per_sec") {
        Some(&v) => Some((v, Better::Higher)),
        None => op.headline(),
    }
}

fn fmt_figure(op: &Operation) -> String {
    match op.figures.get("bytes_per_sec") {
        Some(&v) => format!("{} MB/s", crate::report::sig4(v / 1e6)),
        None => fmt_headline(op),
    }
}

/// Speed of `op` relative to `own` (> 1: faster than pkbench's own).
pub fn speed_vs(op: &Operation, own: &Operation) -> Option<f64> {
    let ((v, d), (w, _)) = (figure(op)?, figure(own)?);
    let r = match d {
        Better::Lower => w / v,
        Better::Higher => v / w,
    };
    r.is_finite().then_some(r)
}

fn clip(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(n - 1).collect();
        t.push('…');
        t
    }
}

/// The text of a record: the command's own renderer `own` on the first implementation's
/// rows, then, when peers ran or were asked for, the rows by implementation ([`render`]).
pub fn with_own(rec: &ResultRecord, own: impl Fn(&ResultRecord) -> String) -> String {
    if !has_peers(rec) {
        return own(rec);
    }
    let first = rec
        .operations
        .first()
        .map(Operation::choice)
        .unwrap_or(Choice::Own);
    let mut s = if rec.operations.is_empty() {
        String::new()
    } else {
        own(&only(rec, first))
    };
    s += &render(rec);
    s
}

/// The speed of `op` against pkbench's own `own` with its 95 % interval, paired by round
/// ([`Operation::speedup_interval`]: the rounds of one run alternate between the
/// implementations), as "0.17x" and "[0.16, 0.18]": the estimate is the interval's own
/// (Hodges–Lehmann); without an interval (the own row itself, too few rounds) the ratio of
/// the medians ([`speed_vs`]) and ""; "-" and "" when there is no own row.
fn speed_cells(op: &Operation, own: Option<&Operation>) -> (String, String) {
    match own.and_then(|own| speed_numbers(op, own)) {
        Some((ratio, iv)) => (
            crate::report::fmt_speedup(ratio),
            iv.map(|iv| crate::report::fmt_interval_bounds(&iv))
                .unwrap_or_default(),
        ),
        None => ("-".into(), String::new()),
    }
}

/// The speed of `op` against pkbench's own `own` and its 95 % interval, paired by round
/// ([`Operation::speedup_interval`]): the interval's own estimate (Hodges–Lehmann over the
/// paired rounds), which it always contains, as the ratio of the overall medians may not;
/// without an interval (`op` is `own`, too few rounds) the ratio of the medians
/// ([`speed_vs`]); `None` when a figure is missing.
fn speed_numbers(
    op: &Operation,
    own: &Operation,
) -> Option<(f64, Option<crate::measure::Interval>)> {
    let iv = (!std::ptr::eq(op, own))
        .then(|| Operation::speedup_interval(own, op))
        .flatten();
    match iv {
        Some(iv) => Some((iv.estimate, Some(iv))),
        None => speed_vs(op, own).map(|r| (r, None)),
    }
}

/// The `--json` summary key `by_implementation` of a record with several implementations:
/// one entry per operation in record order, `{"operation", "params", "implementation"
/// (its label), "speed_vs_own", "interval"}` (`speed_vs_own` > 1: faster than pkbench's own
/// row of the same work; `interval` the 95 % interval from the paired rounds, `[lo, hi]`,
/// or null; both null without an own row).
pub fn json_view(rec: &ResultRecord) -> serde_json::Value {
    use serde_json::json;
    rec.operations
        .iter()
        .map(|op| {
            let own = rec
                .operations
                .iter()
                .find(|o| o.choice() == Choice::Own && same_work(o, op));
            let speed = own.and_then(|o| speed_numbers(op, o));
            json!({
                "operation": op.name,
                "params": op.params,
                "implementation": op.implementation.as_ref().map(|i| i.label()),
                "speed_vs_own": speed.map(|s| s.0),
                "interval": speed.and_then(|s| s.1).map(|iv| [iv.lo, iv.hi]),
            })
        })
        .collect()
}

/// The line under a row whose speed compares unlike work: `op` does work its name does not
/// say and `own` does not do ([`crate::record::info::EXTRA_WORK`], e.g. OpenSSL's RSA API adds
/// blinding to the CRT); `None` when both do the same.
fn extra_work_note(own: &Operation, op: &Operation) -> Option<String> {
    let key = crate::record::info::EXTRA_WORK;
    let extra = op.info_str(key)?;
    (own.info_str(key) != Some(extra))
        .then(|| format!("    ^ unlike work: this row adds {extra}; pkbench's own does not\n"))
}

/// The table of every operation by implementation, within 80 columns (the versions and
/// code paths follow under "code:"), then one line per implementation that could not run.
pub fn render(rec: &ResultRecord) -> String {
    let mut s = String::from(
        "\nby implementation (alternating rounds, one run; speed vs pkbench's own, with its\n95 % interval from the rounds paired):\n",
    );
    s += &format!(
        "  {:<22} {:<16} {:>12} {:>7}  {}\n",
        "operation", "code", "figure", "speed", "interval"
    );
    let mut names: Vec<String> = Vec::new();
    for op in &rec.operations {
        let who = op.choice();
        let own = rec
            .operations
            .iter()
            .find(|o| o.choice() == Choice::Own && same_work(o, op));
        let (ratio, interval) = speed_cells(op, own);
        let label = op
            .implementation
            .as_ref()
            .map(|i| i.label())
            .unwrap_or_default();
        let mut what = op.name.clone();
        if let Some(a) = op.param_str("algo") {
            what = format!("{what} {a}");
        }
        // A run over several sizes (hash --sizes) names each row's.
        if let (true, Some(b)) = (rec.params.contains_key("sizes"), op.params.get("block")) {
            what = format!("{what} {b} B");
        }
        if op.params.contains_key("cpu_mask") {
            what = format!("{what}, no SHA-NI");
        }
        if let Some(c) = op.param_str("cipher") {
            what = format!("{c} {what}");
        }
        let name = match (who, op.implementation.as_ref()) {
            (Choice::Own, Some(i)) => i.name.clone(),
            _ => who.name().to_string(),
        };
        let row = format!(
            "  {:<22} {:<16} {:>12} {:>7}  {}",
            clip(&what, 22),
            clip(&name, 16),
            fmt_figure(op),
            ratio,
            interval
        );
        s += row.trim_end();
        s.push('\n');
        if let Some(note) = own.and_then(|o| extra_work_note(o, op)) {
            s += &note;
        }
        if !label.is_empty() && !names.contains(&label) {
            names.push(label);
        }
    }
    for sk in rec
        .skipped
        .iter()
        .filter(|k| k.params.contains_key(IMPL_PARAM))
    {
        s += &format!("  {}: {}\n", sk.item, sk.reason);
    }
    if !names.is_empty() {
        s += "code:\n";
        for n in names {
            s += &format!("  {n}\n");
        }
    }
    s
}

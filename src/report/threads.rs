//! The text of a run's throughput in threads ([`crate::bench::threads`]): for each unit, the
//! one-thread rate and the N-thread rate with its speed-up and scaling efficiency, e.g.
//!
//! ```text
//! Exchange throughput, group x25519
//!   (one exchange, both parties' work: 2*Offer + 2*Reply):
//!   1 thread on CPUs 0,1 in turn: 10 100 exchanges/s
//!   2 threads on CPUs 0,1 (separate cores): 19 500 exchanges/s,
//!     1.93x one thread, efficiency 97 % [94, 99]
//! ```
//!
//! It reads only the record's "… throughput" operations.

use crate::record::{Operation, ResultRecord};
use crate::report;
use serde_json::Value;

/// The suffix of every throughput operation's name.
pub const SUFFIX: &str = " throughput";

/// Whether `op` is a throughput operation of a threads run.
pub fn is_throughput(op: &Operation) -> bool {
    op.name.ends_with(SUFFIX) && op.params.contains_key("threads")
}

/// `rec` without its throughput operations (what a command's own renderer expects).
pub fn without(rec: &ResultRecord) -> ResultRecord {
    let mut r = rec.clone();
    r.operations.retain(|o| !is_throughput(o));
    r
}

/// `x` with thin groups of three digits ("41 200"), rounded to a whole number from 100 up,
/// to 3 significant digits below.
pub fn grouped(x: f64) -> String {
    if !x.is_finite() {
        return "?".into();
    }
    if x.abs() < 100.0 {
        let digits = if x.abs() >= 10.0 { 1 } else { 2 };
        return format!("{x:.digits$}");
    }
    let s = format!("{:.0}", x.abs());
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    if x < 0.0 { format!("-{out}") } else { out }
}

/// The rate of `op` in its unit: "41 200 exchanges/s", "2 310 ops/s", "512.3 MB/s".
fn rate(op: &Operation) -> Option<String> {
    let (k, v) = op.figures.iter().find(|(k, _)| k.ends_with("_per_sec"))?;
    Some(match k.as_str() {
        "bytes_per_sec" => format!("{} MB/s", grouped(v / 1e6)),
        "exchanges_per_sec" => format!("{} exchanges/s", grouped(*v)),
        _ => format!("{} ops/s", grouped(*v)),
    })
}

/// The wall-clock rate of `op` (info `wall_rate`) in its unit.
fn wall(op: &Operation) -> Option<String> {
    let w = op.info_f64("wall_rate")?;
    let mut o = Operation::derived("", Default::default(), "", 0.0);
    o.figures.clear();
    let (k, _) = op.figures.iter().find(|(k, _)| k.ends_with("_per_sec"))?;
    o.figures.insert(k.clone(), w);
    rate(&o)
}

fn cpus(op: &Operation) -> Vec<u64> {
    op.info
        .get("cpus")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default()
}

fn threads(op: &Operation) -> u64 {
    op.params
        .get("threads")
        .and_then(Value::as_u64)
        .unwrap_or(0)
}

/// The heading of a unit: "Exchange throughput, x25519 128-bit"; what identifies it.
fn heading(op: &Operation) -> String {
    let what: Vec<String> = op
        .params
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), "command" | "threads"))
        .map(|(k, v)| match v {
            Value::String(s) => format!("{k} {s}"),
            other => format!("{k} {other}"),
        })
        .collect();
    format!("{}, {}", op.name, what.join(", "))
}

/// The thread section of `rec` as a document (empty when the run timed nothing in
/// threads): the lines of [`render`], kept as written.
pub fn doc(rec: &ResultRecord) -> crate::report::doc::Doc {
    let mut d = crate::report::doc::Doc::new();
    let text = render(rec);
    if !text.is_empty() {
        d.push(crate::report::doc::Block::Pre(text.trim_end().to_string()));
    }
    d
}

/// The lines of every unit of `rec` (empty when the run timed nothing in threads).
pub fn render(rec: &ResultRecord) -> String {
    let ops: Vec<&Operation> = rec.operations.iter().filter(|o| is_throughput(o)).collect();
    let mut s = String::new();
    for one in ops.iter().filter(|o| threads(o) == 1) {
        let Some(many) = ops.iter().find(|o| {
            o.name == one.name
                && threads(o) > 1
                && o.params
                    .iter()
                    .filter(|(k, _)| *k != "threads")
                    .eq(one.params.iter().filter(|(k, _)| *k != "threads"))
        }) else {
            continue;
        };
        let n = threads(many);
        let list = |v: Vec<u64>| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let c1 = list(cpus(one));
        let pin = if one.info_bool("pinned") == Some(false) {
            " (not pinned)"
        } else {
            ""
        };
        s += &heading(one);
        match one.info_str("work") {
            Some(work) => s += &format!("\n  ({work}):\n"),
            None => s += ":\n",
        }
        let on = if cpus(one).len() > 1 {
            format!("CPUs {c1} in turn")
        } else {
            format!("CPU {c1}")
        };
        s += &format!(
            "  1 thread on {on}{pin}: {}\n",
            rate(one).unwrap_or_default()
        );
        let speedup = many.figures.get("speedup").copied().unwrap_or(f64::NAN);
        let eff = many.figures.get("efficiency").copied().unwrap_or(f64::NAN);
        let interval = match (
            many.figures.get("efficiency_lo"),
            many.figures.get("efficiency_hi"),
        ) {
            (Some(lo), Some(hi)) => format!(" [{:.0}, {:.0}]", lo * 100.0, hi * 100.0),
            _ => format!(" [{}]", report::too_few_rounds(many.rounds.len())),
        };
        s += &format!(
            "  {n} threads on CPUs {} ({}): {},\n    {} one thread, efficiency {:.0} %{interval}\n",
            list(cpus(many)),
            many.info_str("cpu_relation").unwrap_or("topology unknown"),
            rate(many).unwrap_or_default(),
            report::fmt_speedup(speedup),
            eff * 100.0,
        );
        if let (Some(w1), Some(wn)) = (wall(one), wall(many)) {
            s += &format!(
                "  per wall-clock second (others' load included):\n    {w1} with 1 thread, {wn} with {n}\n"
            );
        }
    }
    if !s.is_empty() {
        s = format!(
            "\nThroughput in threads (each pinned, with its own checked inputs; 1-thread and N-thread rounds alternate; rates per CPU second of each thread, as openssl speed; 95 % interval of the efficiency):\n{s}"
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::params;

    #[test]
    fn digits_in_groups() {
        assert_eq!(grouped(41_200.4), "41 200");
        assert_eq!(grouped(1_234_567.0), "1 234 567");
        assert_eq!(grouped(999.0), "999");
        assert_eq!(grouped(12.345), "12.3");
        assert_eq!(grouped(1.2345), "1.23");
        assert_eq!(grouped(f64::NAN), "?");
    }

    #[test]
    fn one_line_per_thread_count() {
        let key = |t: u64| {
            let mut p = params([("command", "dh".into()), ("group", "x25519".into())]);
            p.insert("threads".into(), t.into());
            p
        };
        let one = Operation::derived("Exchange throughput", key(1), "exchanges_per_sec", 21_300.0)
            .with_info("cpus", vec![0])
            .with_info(
                "work",
                "one exchange, both parties' work: 2*Offer + 2*Reply",
            )
            .with_info("pinned", true);
        let many = Operation::derived("Exchange throughput", key(2), "exchanges_per_sec", 41_200.0)
            .with_figure("speedup", 1.934)
            .with_figure("efficiency", 0.967)
            .with_figure("efficiency_lo", 0.94)
            .with_figure("efficiency_hi", 0.99)
            .with_info("cpus", vec![0, 1])
            .with_info("cpu_relation", "separate cores");
        let mut rec = ResultRecord::new("dh", "wall", crate::measure::Machine::detect());
        rec.add_operations([one, many]);
        let text = render(&rec);
        assert!(
            text.contains(
                "Exchange throughput, group x25519\n  (one exchange, both parties' work: 2*Offer + 2*Reply):\n"
            ),
            "{text}"
        );
        assert!(
            text.contains("  1 thread on CPU 0: 21 300 exchanges/s\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "  2 threads on CPUs 0,1 (separate cores): 41 200 exchanges/s,\n    1.93x one thread, efficiency 97 % [94, 99]\n"
            ),
            "{text}"
        );
        assert!(without(&rec).operations.is_empty());
    }
}

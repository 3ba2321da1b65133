//! The ranking of a search's timed rows: who meets the target, what each row costs (Total
//! plus the link time of both parties' messages), which rows are one option at the same
//! cost, each option's best row, the choice and how sure it is.
//!
//! - **Cost** = Total + link, link = 8 × (bytes both parties send) / rate (no latency, no
//!   framing; 0 without a rate). Per round likewise, so that intervals carry the rounds'
//!   spread.
//! - **Same cost** (issue 29): a row of an option whose secret is short on a curve is merged
//!   into the full-size row of the same option, code and table when the 95 % interval of
//!   their cost ratio contains 1: OpenSSL's P-256 takes as long with 224-bit secrets as with
//!   full ones. (A table is a trade of memory for time the list shows; it is not merged.)
//! - **Options**: a DH group or a KEM, at its cheapest row that meets the target, has no
//!   known weakness and is not merged; ranked by cost.
//! - **Choice**: the cheapest option. When the interval of the runner-up's cost over the
//!   chosen one's contains 1, the two are tied ([`super::tie::settle`] times them again
//!   first); a tie still there goes to the option that sends fewer bytes, then the smaller
//!   table, then the higher security (quantum, then classical), then the name.

use super::{Candidate, Outcome};
use crate::measure::interval::{self, Interval};
use crate::record::{Operation, choose as key};
use serde_json::{Value, json};

/// Who meets the target and how the wire is priced.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rule {
    /// Security target in bits, classical ([`Candidate::qualifies`]).
    pub min_security: u32,
    /// Also require the target against a quantum computer ([`Candidate::quantum_bits`]).
    pub post_quantum: bool,
    /// The link rate in bits per second the messages are priced at (`None`: not priced).
    pub link_bits_per_s: Option<f64>,
}

impl Rule {
    /// Whether `c` meets the target under this rule.
    pub fn meets(&self, c: &Candidate) -> bool {
        c.qualifies(self.min_security)
            && (!self.post_quantum || c.quantum_bits() >= f64::from(self.min_security))
    }

    /// The time `wire_bytes` take on the link, ms: 8 × bytes / rate (0 without a rate).
    pub fn link_ms(&self, wire_bytes: usize) -> f64 {
        self.link_bits_per_s
            .map_or(0.0, |r| 8.0 * wire_bytes as f64 / r * 1e3)
    }
}

/// The options found: each one's best row in [`Outcome::timed`], cheapest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ranking {
    /// Row of each option's best, by cost.
    pub options: Vec<usize>,
    /// The runner-up's cost over the chosen one's, when there are two options.
    pub ratio: Option<Interval>,
}

impl Ranking {
    /// Whether the two best options are tied: their ratio's interval contains 1 (or has too
    /// few rounds to say).
    pub fn tied(&self) -> bool {
        self.ratio
            .is_some_and(|iv| !iv.is_bounded() || iv.contains(1.0))
    }
}

/// What the ranking reads of one timed row.
struct Facts {
    option: String,
    code: String,
    eligible: bool,
    cost: f64,
    rounds: Vec<f64>,
    /// Less is more conventional: (a short secret on a curve, the table's bytes).
    conventional: (bool, usize),
}

/// The Total operation of a row (a DH or a KEM Total).
pub(super) fn total_of(ops: &[Operation]) -> Option<&Operation> {
    ops.iter().find(|o| o.total_ms().is_some())
}

fn facts(c: &Candidate, ops: &[Operation], rule: &Rule) -> Facts {
    let total = total_of(ops);
    let link = rule.link_ms(c.wire_bytes());
    let curve = c.kem.is_none()
        && crate::params::lookup(&c.group)
            .and_then(|f| f.family())
            .is_ok_and(|f| f != crate::params::Family::Modp);
    Facts {
        option: c.group.clone(),
        code: total
            .and_then(|t| {
                t.param_str(crate::implementation::IMPL_PARAM)
                    .map(str::to_string)
                    .or_else(|| t.implementation.as_ref().map(|i| i.name.clone()))
            })
            .unwrap_or_default(),
        eligible: rule.meets(c) && !c.weak(),
        cost: total.and_then(Operation::total_ms).unwrap_or(f64::INFINITY) + link,
        rounds: total.map_or_else(Vec::new, |t| {
            t.round_values().iter().map(|r| r + link).collect()
        }),
        conventional: (
            curve && c.full_exp_bits > 0 && c.exp_bits < c.full_exp_bits,
            if c.table {
                c.table_bytes.unwrap_or(usize::MAX)
            } else {
                0
            },
        ),
    }
}

/// The interval of `a`'s cost over `b`'s from their rounds: paired when they were timed in
/// alternating rounds, else as independent samples.
fn ratio(a: &[f64], b: &[f64], paired: bool) -> Interval {
    if paired && a.len() == b.len() {
        interval::ratio_paired(a, b, interval::LEVEL)
    } else {
        interval::ratio_unpaired(a, b, interval::LEVEL)
    }
}

/// For each row with a short secret on a curve, the full-size row of the same option, code
/// and table it is merged into when their cost ratio's interval contains 1, with that ratio.
fn same_cost(f: &[Facts]) -> Vec<Option<(usize, Interval)>> {
    (0..f.len())
        .map(|r| {
            if !f[r].eligible {
                return None;
            }
            (0..f.len())
                .filter(|&s| {
                    s != r
                        && f[s].eligible
                        && f[s].option == f[r].option
                        && f[s].code == f[r].code
                        && f[s].conventional.1 == f[r].conventional.1
                        && !f[s].conventional.0
                        && f[r].conventional.0
                })
                .map(|s| (s, ratio(&f[r].rounds, &f[s].rounds, false)))
                .filter(|(_, iv)| !iv.is_bounded() || iv.contains(1.0))
                .min_by_key(|(s, _)| f[*s].conventional)
        })
        .collect()
}

/// The key a tie is broken by, and the name of each part in order.
fn tie_key(c: &Candidate) -> (usize, usize, i64, i64, String) {
    let classical = c
        .kem
        .map(|k| k.security.classical_bits)
        .or_else(|| c.estimate.as_ref().map(|e| e.bits))
        .unwrap_or(0.0);
    (
        c.wire_bytes(),
        if c.table {
            c.table_bytes.unwrap_or(0)
        } else {
            0
        },
        -(c.quantum_bits().round() as i64),
        -(classical.round() as i64),
        c.group.clone(),
    )
}

/// The rule of [`tie_key`] that tells `a` from `b`.
fn tie_rule(a: &Candidate, b: &Candidate) -> &'static str {
    let (x, y) = (tie_key(a), tie_key(b));
    if x.0 != y.0 {
        "wire_bytes"
    } else if x.1 != y.1 {
        "table_bytes"
    } else if (x.2, x.3) != (y.2, y.3) {
        "security"
    } else {
        "name"
    }
}

/// Each option's best row, cheapest first.
fn options(f: &[Facts], merged: &[Option<(usize, Interval)>]) -> Vec<usize> {
    let mut best: Vec<usize> = Vec::new();
    for r in (0..f.len()).filter(|&r| f[r].eligible && merged[r].is_none()) {
        match best.iter_mut().find(|b| f[**b].option == f[r].option) {
            Some(b) => {
                if (f[r].cost, f[r].conventional) < (f[*b].cost, f[*b].conventional) {
                    *b = r;
                }
            }
            None => best.push(r),
        }
    }
    best.sort_by(|&a, &b| f[a].cost.total_cmp(&f[b].cost));
    best
}

/// Ranks the timed rows of `out` under `rule` and writes the verdicts into their
/// operations' `info` (the keys of [`crate::record::choose`], replacing those of an earlier
/// ranking); returns the options found.
pub fn annotate(out: &mut Outcome, rule: &Rule) -> Ranking {
    let f: Vec<Facts> = out
        .timed
        .iter()
        .map(|(c, ops)| facts(c, ops, rule))
        .collect();
    let merged = same_cost(&f);
    let mut options = options(&f, &merged);
    let again = out.remeasured.as_ref().map(|m| m.rows);
    let paired = |a: usize, b: usize| again.is_some_and(|m| m.contains(&a) && m.contains(&b));
    let mut ranking = Ranking {
        ratio: None,
        options: Vec::new(),
    };
    let mut tie_rule_used = None;
    if let [a, b, ..] = options[..] {
        let iv = ratio(&f[b].rounds, &f[a].rounds, paired(a, b));
        ranking.ratio = Some(iv);
        let (ca, cb) = (&out.timed[a].0, &out.timed[b].0);
        // The rounds, not the medians alone, say which is cheaper: the second is when the
        // whole interval of its ratio lies below 1, or, tied, when the tie rule says so.
        let swap = if ranking.tied() {
            tie_rule_used = Some(tie_rule(ca, cb));
            tie_key(cb) < tie_key(ca)
        } else {
            iv.hi < 1.0
        };
        if swap {
            options.swap(0, 1);
            ranking.ratio = Some(ratio(&f[a].rounds, &f[b].rounds, paired(a, b)));
        }
    }
    ranking.options = options.clone();
    let chosen = options.first().copied();
    let runner_up = options.get(1).copied();
    for (i, (c, ops)) in out.timed.iter_mut().enumerate() {
        let mut put = |k: &str, v: Value| {
            for op in ops.iter_mut() {
                op.info.insert(k.into(), v.clone());
            }
        };
        put(key::QUALIFIES, c.qualifies(rule.min_security).into());
        put(key::MEETS, rule.meets(c).into());
        put(key::WEAK, c.weak().into());
        if let Some(p) = c.probe_ms {
            put("probe_reply_ms", p.into());
        }
        if let Some(w) = c.estimate.as_ref().and_then(|e| e.weak.clone()) {
            put("weak_reason", w.into());
        }
        if rule.link_bits_per_s.is_some() {
            put(key::LINK_MS, rule.link_ms(c.wire_bytes()).into());
        }
        put(key::COST_MS, f[i].cost.into());
        for op in ops.iter_mut() {
            for k in [
                key::SAME_COST_AS,
                key::SAME_COST_RATIO,
                key::OPTION_BEST,
                key::CHOSEN,
                key::RUNNER_UP,
                key::TIED,
                key::RUNNER_UP_RATIO,
                key::TIE_RULE,
            ] {
                op.info.remove(k);
            }
            if op.name == crate::record::TOTAL_OP
                && let Some(e) = &c.estimate
            {
                op.info.insert(
                    "security".into(),
                    serde_json::to_value(e).unwrap_or_default(),
                );
            }
        }
    }
    for (r, m) in merged.iter().enumerate() {
        if let Some((s, iv)) = m {
            let params = total_of(&out.timed[*s].1).map(|t| json!(t.params));
            for op in out.timed[r].1.iter_mut() {
                op.info
                    .insert(key::SAME_COST_AS.into(), params.clone().into());
                op.info
                    .insert(key::SAME_COST_RATIO.into(), interval_json(iv, false));
            }
        }
    }
    for &o in &options {
        mark(out, o, key::OPTION_BEST, true.into());
    }
    if let Some(c) = chosen {
        mark(out, c, key::CHOSEN, true.into());
        if let (Some(iv), Some(r)) = (ranking.ratio, runner_up) {
            mark(out, r, key::RUNNER_UP, true.into());
            let v = interval_json(&iv, paired(c, r));
            mark(out, c, key::RUNNER_UP_RATIO, v);
            if let Some(rule) = tie_rule_used {
                mark(out, c, key::TIED, true.into());
                mark(out, r, key::TIED, true.into());
                mark(out, c, key::TIE_RULE, rule.into());
            }
        }
    }
    ranking
}

/// Sets `info[k] = v` on every operation of row `row`.
fn mark(out: &mut Outcome, row: usize, k: &str, v: Value) {
    for op in out.timed[row].1.iter_mut() {
        op.info.insert(k.into(), v.clone());
    }
}

/// An interval as a record keeps it: `{estimate, lo, hi, paired}` (an end the rounds cannot
/// bound is null).
fn interval_json(iv: &Interval, paired: bool) -> Value {
    let num = |x: f64| if x.is_finite() { json!(x) } else { Value::Null };
    json!({"estimate": num(iv.estimate), "lo": num(iv.lo), "hi": num(iv.hi), "paired": paired})
}

#[cfg(test)]
mod tests;

//! The report of a `choose` record: the qualifying candidates sorted by
//! Total = 2*Offer + Reply, those below the target, those not timed, the choice, and with
//! `--explain` every security figure with its source; as terminal tables or Markdown, and
//! the summary keys `--json` prints beside the record (`rows`, `chosen`, `runner_up`,
//! `notes`, `estimates`, …). Everything is read from the record: the timed candidates'
//! operations ([`crate::bench::choose`]: `qualifies`, `weak`, `chosen`, `security` in
//! their `info`) and the candidates not timed (its `skipped` entries with params and info).

use crate::record::{CPU_SUM_OP, Operation, ResultRecord, Skipped, TOTAL_OP};
use crate::report;
use crate::security::Estimate;
use serde::Serialize;
use serde_json::{Map, Value};

/// What happened to a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Offer and Reply were timed.
    Timed,
    /// Not timed: its probe Reply showed it cannot beat the best qualifying Total, or the
    /// run-time limit was reached.
    Pruned,
    /// Not timed: the group cannot be run in this build (reason given).
    Skipped,
}

/// One candidate: field × secret size × table, as the tables and the JSON show it.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// Canonical group name.
    pub field: String,
    /// Who computed it: the implementation's name and version (`openssl 3.0.19`,
    /// `x25519-dalek 2.0.1`, `pkbench 0.1.0`); empty for a candidate not timed.
    pub code: String,
    /// Secret size in bits.
    pub exp_bits: u32,
    /// `full` or the number of bits.
    pub exp_label: String,
    /// Whether Offer used the fixed-base table.
    pub table: bool,
    /// Timed, pruned or skipped.
    pub status: Status,
    /// Offer median, ms.
    pub offer_ms: Option<f64>,
    /// Reply median, ms (peer validation included).
    pub reply_ms: Option<f64>,
    /// Total = 2*Offer + Reply, ms.
    pub total_ms: Option<f64>,
    /// CPU sum 2*Offer + 2*Reply, ms.
    pub cpu_total_ms: Option<f64>,
    /// Best of two probe Replies, ms (the pruning bound).
    pub probe_reply_ms: Option<f64>,
    /// Fixed-base table size, bytes.
    pub table_bytes: Option<usize>,
    /// Bytes of a public value.
    pub public_bytes: Option<usize>,
    /// Security estimate, bits (minimum of the counted figures).
    pub security_bits: Option<f64>,
    /// Conventional security category, bits (0 = below 80; [`crate::security::category`]).
    pub security_category: Option<u32>,
    /// The figure that gives the minimum.
    pub security_limited_by: Option<String>,
    /// Estimate ≥ the target (to the nearest bit).
    pub qualifies: bool,
    /// Known weakness.
    pub weak: bool,
    /// Why it is weak.
    pub weak_reason: Option<String>,
    /// Why it was not timed, or why a timed one cannot be chosen.
    pub reason: Option<String>,
    /// Chosen by the bench layer (the fastest eligible, or the conventional one of a tie).
    pub chosen: bool,
    /// Tied within noise with the fastest eligible candidate.
    pub tied: bool,
    /// For a chosen candidate that broke a tie: the fastest candidate's label.
    pub tie_fastest: Option<String>,
}

impl Row {
    /// What identifies a candidate: group, secret size, table.
    fn label_key(&self) -> (String, u32, bool) {
        (self.field.clone(), self.exp_bits, self.table)
    }
}

/// The record read as `choose`'s tables: rows, choice, estimates.
struct View {
    min_security: u32,
    budget_ms: f64,
    prune: bool,
    rows: Vec<Row>,
    chosen: Option<Row>,
    runner_up: Option<Row>,
    estimates: Option<Vec<Estimate>>,
}

fn label(bits: u32, full: u32) -> String {
    crate::bench::choose::size_label(bits, full)
}

fn uint(m: &Map<String, Value>, k: &str) -> Option<u64> {
    m.get(k).and_then(Value::as_u64)
}

/// A row of the fields common to timed and untimed candidates, read from identifying
/// `params` and descriptive `info`.
fn row_of(params: &std::collections::BTreeMap<String, Value>, info: &Map<String, Value>) -> Row {
    let exp_bits = params.get("exp_bits").and_then(Value::as_u64).unwrap_or(0) as u32;
    let full = uint(info, "full_exp_bits").unwrap_or(0) as u32;
    Row {
        field: params
            .get("group")
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_string(),
        code: String::new(),
        exp_bits,
        exp_label: label(exp_bits, full),
        table: params
            .get("table")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        status: Status::Skipped,
        offer_ms: None,
        reply_ms: None,
        total_ms: None,
        cpu_total_ms: None,
        probe_reply_ms: info.get("probe_reply_ms").and_then(Value::as_f64),
        table_bytes: uint(info, "table_bytes").map(|b| b as usize),
        public_bytes: uint(info, "public_bytes").map(|b| b as usize),
        security_bits: info.get("security_bits").and_then(Value::as_f64),
        security_category: uint(info, "security_category").map(|c| c as u32),
        security_limited_by: info
            .get("security_limited_by")
            .and_then(Value::as_str)
            .map(str::to_string),
        qualifies: info
            .get("qualifies")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        weak: info.get("weak").and_then(Value::as_bool).unwrap_or(false),
        weak_reason: info
            .get("weak_reason")
            .and_then(Value::as_str)
            .map(str::to_string),
        reason: None,
        chosen: info.get("chosen").and_then(Value::as_bool).unwrap_or(false),
        tied: info.get("tied").and_then(Value::as_bool).unwrap_or(false),
        tie_fastest: info
            .get("tie_fastest")
            .and_then(Value::as_str)
            .map(str::to_string),
    }
}

/// The estimate a candidate carries (`security` in its info), if any.
fn estimate_of(info: &Map<String, Value>) -> Option<Estimate> {
    serde_json::from_value(info.get("security")?.clone()).ok()
}

impl View {
    fn of(rec: &ResultRecord) -> View {
        let p = &rec.params;
        let min_security = p.get("min_security").and_then(Value::as_u64).unwrap_or(0) as u32;
        let same = |a: &Operation, name: &str| {
            rec.operations
                .iter()
                .find(|o| o.name == name && o.params == a.params)
        };
        let median = |o: Option<&Operation>| o.and_then(|o| o.stats.as_ref()).map(|s| s.median_ms);
        let mut rows = Vec::new();
        let mut estimates: Vec<(usize, Estimate)> = Vec::new();
        for tot in rec.operations.iter().filter(|o| o.name == TOTAL_OP) {
            let offer = same(tot, "Offer");
            let mut r = row_of(&tot.params, &tot.info);
            r.status = Status::Timed;
            r.code = tot
                .implementation
                .as_ref()
                .map(|i| format!("{} {}", i.name, i.version))
                .unwrap_or_default();
            r.table_bytes = offer
                .and_then(|o| o.info_u64("table_bytes"))
                .map(|b| b as usize);
            r.offer_ms = median(offer);
            r.reply_ms = median(same(tot, "Reply"));
            r.total_ms = tot.figures.get("total_ms").copied();
            r.cpu_total_ms =
                same(tot, CPU_SUM_OP).and_then(|o| o.figures.get("cpu_total_ms").copied());
            r.reason = if !r.qualifies {
                Some(format!(
                    "below the target: {} < {min_security} bits",
                    sec_text(&r)
                ))
            } else if r.weak {
                Some("meets the target but has a known weakness: never chosen".into())
            } else {
                None
            };
            if let Some(e) = estimate_of(&tot.info) {
                estimates.push((rows.len(), e));
            }
            rows.push(r);
        }
        // Timed rows by Total (ties in the order timed), then the others in candidate order.
        let mut order: Vec<usize> = (0..rows.len()).collect();
        order.sort_by(|&a, &b| {
            let t = |i: usize| rows[i].total_ms.unwrap_or(f64::INFINITY);
            t(a).total_cmp(&t(b))
        });
        let mut sorted: Vec<Row> = order.iter().map(|&i| rows[i].clone()).collect();
        let mut ests: Vec<Estimate> = order
            .iter()
            .filter_map(|&i| {
                estimates
                    .iter()
                    .find(|(j, _)| *j == i)
                    .map(|(_, e)| e.clone())
            })
            .collect();
        for s in rec
            .skipped
            .iter()
            .filter(|s| s.params.get("command") == Some(&"dh".into()))
        {
            sorted.push(untimed_row(s));
            ests.extend(estimate_of(&s.info));
        }
        let mut seen: Vec<(String, u32)> = Vec::new();
        ests.retain(|e| {
            let k = (e.group.clone(), e.exp_bits);
            let new = !seen.contains(&k);
            seen.push(k);
            new
        });
        let eligible: Vec<&Row> = sorted
            .iter()
            .filter(|r| r.status == Status::Timed && r.qualifies && !r.weak)
            .collect();
        // The bench layer's choice (a tie goes to the conventional candidate); records
        // without the mark: the fastest eligible.
        let chosen = eligible
            .iter()
            .find(|r| r.chosen)
            .or(eligible.first())
            .map(|r| (*r).clone());
        let runner_up = eligible
            .iter()
            .find(|r| Some(r.label_key()) != chosen.as_ref().map(Row::label_key))
            .map(|r| (*r).clone());
        View {
            min_security,
            budget_ms: p
                .get("budget_ms")
                .and_then(Value::as_f64)
                .unwrap_or(f64::NAN),
            prune: p.get("prune").and_then(Value::as_bool).unwrap_or(true),
            rows: sorted,
            chosen,
            runner_up,
            estimates: (p.get("explain") == Some(&Value::Bool(true))).then_some(ests),
        }
    }
}

/// The row of a candidate that was not timed.
fn untimed_row(s: &Skipped) -> Row {
    let mut r = row_of(&s.params, &s.info);
    r.status = match s.info.get("status").and_then(Value::as_str) {
        Some("pruned") => Status::Pruned,
        _ => Status::Skipped,
    };
    r.reason = Some(s.reason.clone());
    r
}

/// The summary keys `--json` prints beside a `choose` record: `min_security`, `budget_ms`,
/// `prune`, `rows` (timed by Total, then the others), `chosen`, `runner_up`, `notes`,
/// `estimates` (with `--explain`, else null) and `run_secs`.
pub fn json_view(rec: &ResultRecord) -> Map<String, Value> {
    let v = View::of(rec);
    let mut m = Map::new();
    m.insert("min_security".into(), v.min_security.into());
    m.insert("budget_ms".into(), v.budget_ms.into());
    m.insert("prune".into(), v.prune.into());
    m.insert("rows".into(), to(&v.rows));
    m.insert("chosen".into(), to(&v.chosen));
    m.insert("runner_up".into(), to(&v.runner_up));
    m.insert("notes".into(), to(&rec.notes));
    m.insert("estimates".into(), to(&v.estimates));
    m.insert("run_secs".into(), rec.elapsed_s.into());
    m
}

/// Any serialisable value as JSON (null when it cannot be).
fn to<T: Serialize>(x: &T) -> Value {
    serde_json::to_value(x).unwrap_or_default()
}

const HEADER: [&str; 9] = [
    "field",
    "exp bits",
    "table",
    "Offer",
    "Reply",
    "Total = 2*Offer + Reply",
    "security: category (estimate), bits",
    "public value",
    "weak",
];

/// The category with the precise estimate beside it: "128 (125.8)"; records without a
/// category show the estimate alone; "<80" for a category below 80.
fn sec_text(r: &Row) -> String {
    match (r.security_category, r.security_bits) {
        (Some(0), Some(b)) => format!("<80 ({b:.1})"),
        (Some(c), Some(b)) => format!("{c} ({b:.1})"),
        (None, Some(b)) => format!("{b:.1}"),
        _ => "?".into(),
    }
}

/// Short name of the figure that limits the estimate.
fn limit_label(r: &Row) -> &'static str {
    match r.security_limited_by.as_deref() {
        Some(s) if s.contains("rho") => "rho",
        Some(s) if s.contains("number field") => "NFS",
        Some(s) if s.contains("kangaroo") => "exponent",
        _ => "",
    }
}

/// The number of `r`'s weakness in the "Weak:" list (1-based; added when new), if weak.
fn weak_ref(r: &Row, weak_refs: &mut Vec<(String, String)>) -> Option<usize> {
    let reason = r.weak_reason.as_ref()?;
    let key = format!("{}: {reason}", r.field);
    let i = match weak_refs.iter().position(|(k, _)| *k == key) {
        Some(i) => i,
        None => {
            weak_refs.push((key, reason.clone()));
            weak_refs.len() - 1
        }
    };
    Some(i + 1)
}

/// The Markdown cells of one candidate (every figure with its unit).
fn cells(r: &Row, weak_refs: &mut Vec<(String, String)>) -> Vec<String> {
    let t = |v: Option<f64>| v.map_or("-".to_string(), report::fmt_time_ms);
    let weak = weak_ref(r, weak_refs).map_or(String::new(), |i| format!("weak [{i}]"));
    vec![
        if r.code.is_empty() {
            r.field.clone()
        } else {
            format!("{} ({})", r.field, r.code)
        },
        r.exp_label.clone(),
        match (r.table, r.table_bytes) {
            (true, Some(b)) => format!("yes ({})", report::fmt_bytes(b)),
            (true, None) => "yes".into(),
            (false, _) => "no".into(),
        },
        t(r.offer_ms),
        t(r.reply_ms),
        t(r.total_ms),
        match limit_label(r) {
            "" => sec_text(r),
            l => format!("{}, {l}", sec_text(r)),
        },
        r.public_bytes.map_or("-".into(), |b| format!("{b} B")),
        weak,
    ]
}

/// The terminal table of `rows`, 80 columns wide: times as bare numbers in one unit named
/// in the header, the table's size (or "no"), the security estimate with the weakness
/// marker ("56.0 [3]"); what limits the estimate is left to `--explain` and the JSON.
fn text_table(rows: &[&Row], weak_refs: &mut Vec<(String, String)>) -> String {
    let times = rows
        .iter()
        .flat_map(|r| [r.offer_ms, r.reply_ms, r.total_ms])
        .flatten();
    let (unit, f) = report::time_unit(times);
    let h = |name: &str| format!("{name}\n{unit}");
    let (offer, reply, total) = (h("Offer"), h("Reply"), h("Total"));
    let mut t = report::table(&[
        "field\ncode",
        "exp\nbits",
        "table",
        &offer,
        &reply,
        &total,
        "security\nbits",
        "public\nvalue",
    ]);
    let n = |v: Option<f64>| v.map_or("-".to_string(), |ms| report::fmt_in_unit(ms, f));
    for r in rows {
        // Category over the precise estimate, two lines, so the table keeps to 80 columns.
        let mut sec = sec_text(r).replacen(" (", "\n(", 1);
        if let Some(i) = weak_ref(r, weak_refs) {
            sec += &format!(" [{i}]");
        }
        t.add_row(vec![
            // The code's name only (its version is in the Chosen line and the JSON).
            match r.code.split(' ').next() {
                Some(name) if !name.is_empty() => format!("{}\n{name}", r.field),
                _ => r.field.clone(),
            },
            r.exp_label.clone(),
            match (r.table, r.table_bytes) {
                (true, Some(b)) => report::fmt_bytes(b),
                (true, None) => "yes".into(),
                (false, _) => "no".into(),
            },
            n(r.offer_ms),
            n(r.reply_ms),
            n(r.total_ms),
            sec,
            r.public_bytes.map_or("-".into(), |b| format!("{b} B")),
        ]);
    }
    format!("{t}\n")
}

fn table(rows: &[&Row], markdown: bool, weak_refs: &mut Vec<(String, String)>) -> String {
    if !markdown {
        return text_table(rows, weak_refs);
    }
    let body: Vec<Vec<String>> = rows.iter().map(|r| cells(r, weak_refs)).collect();
    let mut s = format!("| {} |\n", HEADER.join(" | "));
    s += &format!("|{}\n", "---|".repeat(HEADER.len()));
    for row in body {
        s += &format!("| {} |\n", row.join(" | "));
    }
    s
}

/// Renders the record as terminal tables (`markdown` = false) or Markdown.
pub fn render_text(rec: &ResultRecord, markdown: bool) -> String {
    let mut s = render_dh(rec, markdown);
    if rec.params.get("post_quantum").and_then(Value::as_bool) == Some(true) {
        s += &super::kem::render_choice(rec, markdown);
    }
    s
}

/// The DH part of the report: every group timed, the targets met, the choice.
fn render_dh(rec: &ResultRecord, markdown: bool) -> String {
    let v = View::of(rec);
    let h = |s: &str| {
        if markdown {
            format!("\n### {s}\n\n")
        } else {
            format!("\n{s}\n")
        }
    };
    let mut s = format!(
        "pkbench choose: cheapest key exchange with at least {} bits of security\n",
        v.min_security
    );
    s += &format!(
        "budget {} per operation per candidate; pool of {}+ checked inputs (up to one per operation of a sample); pruning {}; seed {}; {} clock\n",
        report::fmt_time_ms(v.budget_ms),
        crate::bench::choose::CHOOSE_POOL,
        if v.prune { "on" } else { "off" },
        rec.seed.unwrap_or(0),
        rec.clock
    );
    s += &format!("machine: {}\n", rec.summary());
    let timed: Vec<&Row> = v
        .rows
        .iter()
        .filter(|r| r.status == Status::Timed)
        .collect();
    let (good, below): (Vec<&Row>, Vec<&Row>) = timed.iter().partition(|r| r.qualifies);
    let mut weak_refs = Vec::new();
    s += &h(&format!(
        "Meeting the target (≥ {} bits), sorted by Total = 2*Offer + Reply:",
        v.min_security
    ));
    if good.is_empty() {
        s += "(none timed)\n";
    } else {
        s += &table(&good, markdown, &mut weak_refs);
    }
    s += &h(&format!(
        "Below the target (< {} bits), for comparison:",
        v.min_security
    ));
    if below.is_empty() {
        s += "(none timed)\n";
    } else {
        s += &table(&below, markdown, &mut weak_refs);
    }
    if !markdown && !timed.is_empty() {
        s += "table: size of the fixed-base table, or no table. security: the category \
              (NIST SP 800-57 Table 2; RFC 7748 for X25519), which the target is compared \
              with, and in brackets the estimate (the minimum of Pollard rho, the number \
              field sieve and the short-exponent bound; --explain gives each and the \
              sources); [n]: weak, see below.\n";
    }
    let untimed: Vec<&Row> = v
        .rows
        .iter()
        .filter(|r| r.status != Status::Timed)
        .collect();
    if !untimed.is_empty() {
        s += &h("Not timed:");
        // One line per group and reason: its secret sizes, table choices and estimates.
        let mut groups: Vec<(String, Vec<&Row>)> = Vec::new();
        for r in untimed {
            let key = format!("{}\u{0}{}", r.field, r.reason.as_deref().unwrap_or(""));
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, v)) => v.push(r),
                None => groups.push((key, vec![r])),
            }
        }
        for (_, rs) in groups {
            let r0 = rs[0];
            let mut sizes: Vec<String> = Vec::new();
            for r in &rs {
                let sec = format!("{} bits", sec_text(r));
                let item = format!("{} ({sec})", r.exp_label);
                if !sizes.contains(&item) {
                    sizes.push(item);
                }
            }
            let tables = match (rs.iter().any(|r| r.table), rs.iter().any(|r| !r.table)) {
                (true, true) => "table and no table",
                (true, false) => "table",
                _ => "no table",
            };
            s += &format!(
                "- {} {}, {tables}: {} {}\n",
                r0.field,
                sizes.join(", "),
                if r0.status == Status::Pruned {
                    "pruned,"
                } else {
                    "skipped,"
                },
                r0.reason.as_deref().unwrap_or("")
            );
        }
    }
    if !weak_refs.is_empty() {
        s += &h("Weak:");
        for (i, (k, _)) in weak_refs.iter().enumerate() {
            s += &format!("[{}] {k}\n", i + 1);
        }
    }
    if !rec.notes.is_empty() {
        s += &h("Notes:");
        for n in &rec.notes {
            s += &format!("- {n}\n");
        }
    }
    s += "\n";
    s += &match &v.chosen {
        Some(c) => format!(
            "Chosen: {}, {} exponent{}, {}, computed by {} — Total {} (Offer {}, Reply {}), security category {} bits, {}-byte public values.\n",
            c.field,
            c.exp_label,
            if c.exp_label == "full" { "" } else { " bits" },
            if c.table {
                "with the fixed-base table"
            } else {
                "no table"
            },
            c.code,
            report::fmt_time_ms(c.total_ms.unwrap_or(f64::NAN)),
            report::fmt_time_ms(c.offer_ms.unwrap_or(f64::NAN)),
            report::fmt_time_ms(c.reply_ms.unwrap_or(f64::NAN)),
            sec_text(c),
            c.public_bytes.unwrap_or(0),
        ),
        None => format!(
            "Chosen: none — no timed candidate reaches {} bits without a known weakness.\n",
            v.min_security
        ),
    };
    if let Some(f) = v.chosen.as_ref().and_then(|c| c.tie_fastest.as_ref()) {
        s += &format!(
            "Tie: {f} was faster, but within noise (the 95 % interval of the ratio of their Totals reaches 1); a tie goes to the conventional choice (full-size secrets on curves, then the smaller table).\n"
        );
    }
    if let (Some(c), Some(r)) = (&v.chosen, &v.runner_up) {
        let (a, b) = (
            c.total_ms.unwrap_or(f64::NAN),
            r.total_ms.unwrap_or(f64::NAN),
        );
        let pct = 100.0 * (b / a - 1.0);
        s += &format!(
            "Runner-up: {} {}{}, {} — Total {} ({}{pct:.0}%).{}\n",
            r.field,
            r.exp_label,
            if r.table { ", table" } else { ", no table" },
            r.code,
            report::fmt_time_ms(b),
            if pct >= 0.0 { "+" } else { "" },
            if c.tied && r.tied {
                " Tied within noise: the interval of the Total ratio reaches 1; rerun with a larger --time or --clock cpu to separate them."
            } else if pct < 10.0 && !c.tied {
                " Within 10%, yet told apart by the rounds' intervals."
            } else {
                ""
            }
        );
    }
    s += &format!("Run time: {:.1} s.\n", rec.elapsed_s);
    if let Some(ests) = &v.estimates {
        s += &h("Security estimates (the level is the minimum of the counted figures):");
        for e in ests {
            s += &format!(
                "{} with {}-bit secrets: {:.1} bits, category {}{}\n",
                e.group,
                e.exp_bits,
                e.bits,
                if e.category_rule.is_empty() {
                    "?".to_string()
                } else {
                    format!(
                        "{} by the {}",
                        if e.category == 0 {
                            "<80".to_string()
                        } else {
                            e.category.to_string()
                        },
                        e.category_rule
                    )
                },
                e.weak
                    .as_ref()
                    .map_or(String::new(), |w| format!(" — weak: {w}"))
            );
            for p in &e.parts {
                s += &format!(
                    "  {} {:>6.1}  {} — {}\n",
                    if p.counted { "*" } else { "-" },
                    p.bits,
                    p.what,
                    p.source
                );
            }
        }
        s += "  (* counted in the minimum; - shown for comparison)\n";
    }
    s
}

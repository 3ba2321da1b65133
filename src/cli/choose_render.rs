//! Output of `pkbench choose`: text and Markdown (the qualifying candidates sorted by
//! Total = 2*Offer + Reply, the candidates below the target, those not timed, the choice, and
//! with `--explain` every security figure with its source), and the versioned result record
//! of `--json` and `--output` ([`result_record`]).

use crate::cli::choose::{ChooseArgs, ChooseRecord, Row, Status};
use crate::error::{Error, Result};
use crate::kex::ExpBits;
use crate::record::ResultRecord;
use crate::report;

const HEADER: [&str; 9] = [
    "field",
    "exp bits",
    "table",
    "Offer",
    "Reply",
    "Total = 2*Offer + Reply",
    "security (bits)",
    "public value",
    "weak",
];

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
        r.field.clone(),
        r.exp_label.clone(),
        match (r.table, r.table_bytes) {
            (true, Some(b)) => format!("yes ({})", report::fmt_bytes(b)),
            (true, None) => "yes".into(),
            (false, _) => "no".into(),
        },
        t(r.offer_ms),
        t(r.reply_ms),
        t(r.total_ms),
        r.security_bits
            .map_or("?".into(), |b| format!("{b:.1} ({})", limit_label(r))),
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
        "field",
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
        let mut sec = r.security_bits.map_or("?".into(), |b| format!("{b:.1}"));
        if let Some(i) = weak_ref(r, weak_refs) {
            sec += &format!(" [{i}]");
        }
        t.add_row(vec![
            r.field.clone(),
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
pub fn render(rec: &ChooseRecord, markdown: bool) -> String {
    let h = |s: &str| {
        if markdown {
            format!("\n### {s}\n\n")
        } else {
            format!("\n{s}\n")
        }
    };
    let mut s = format!(
        "pkbench choose: cheapest key exchange with at least {} bits of security\n",
        rec.min_security
    );
    s += &format!(
        "budget {} per operation per candidate; pool of {}+ checked inputs (up to one per operation of a sample); pruning {}; seed {}; {} clock\n",
        report::fmt_time_ms(rec.budget_ms),
        crate::cli::choose::CHOOSE_POOL,
        if rec.prune { "on" } else { "off" },
        rec.seed,
        rec.clock
    );
    s += &format!(
        "machine: {}\n",
        rec.machine.summary(&crate::measure::Build::detect())
    );
    let timed: Vec<&Row> = rec
        .rows
        .iter()
        .filter(|r| r.status == Status::Timed)
        .collect();
    let (good, below): (Vec<&Row>, Vec<&Row>) = timed.iter().partition(|r| r.qualifies);
    let mut weak_refs = Vec::new();
    s += &h(&format!(
        "Meeting the target (≥ {} bits), sorted by Total = 2*Offer + Reply:",
        rec.min_security
    ));
    if good.is_empty() {
        s += "(none timed)\n";
    } else {
        s += &table(&good, markdown, &mut weak_refs);
    }
    s += &h(&format!(
        "Below the target (< {} bits), for comparison:",
        rec.min_security
    ));
    if below.is_empty() {
        s += "(none timed)\n";
    } else {
        s += &table(&below, markdown, &mut weak_refs);
    }
    if !markdown && !timed.is_empty() {
        s += "table: size of the fixed-base table, or no table. security: estimated bits \
              (the minimum of Pollard rho, the number field sieve and the short-exponent \
              bound; --explain gives each); [n]: weak, see below.\n";
    }
    let untimed: Vec<&Row> = rec
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
                let sec = r
                    .security_bits
                    .map_or("?".into(), |b| format!("{b:.1} bits"));
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
    s += &match &rec.chosen {
        Some(c) => format!(
            "Chosen: {}, {} exponent{}, {} — Total {} (Offer {}, Reply {}), {:.1} bits of security, {}-byte public values.\n",
            c.field,
            c.exp_label,
            if c.exp_label == "full" { "" } else { " bits" },
            if c.table {
                "with the fixed-base table"
            } else {
                "no table"
            },
            report::fmt_time_ms(c.total_ms.unwrap_or(f64::NAN)),
            report::fmt_time_ms(c.offer_ms.unwrap_or(f64::NAN)),
            report::fmt_time_ms(c.reply_ms.unwrap_or(f64::NAN)),
            c.security_bits.unwrap_or(f64::NAN),
            c.public_bytes.unwrap_or(0),
        ),
        None => format!(
            "Chosen: none — no timed candidate reaches {} bits without a known weakness.\n",
            rec.min_security
        ),
    };
    if let (Some(c), Some(r)) = (&rec.chosen, &rec.runner_up) {
        let (a, b) = (
            c.total_ms.unwrap_or(f64::NAN),
            r.total_ms.unwrap_or(f64::NAN),
        );
        let pct = 100.0 * (b / a - 1.0);
        s += &format!(
            "Runner-up: {} {}{} — Total {} (+{pct:.0}%).{}\n",
            r.field,
            r.exp_label,
            if r.table { ", table" } else { ", no table" },
            report::fmt_time_ms(b),
            if pct < 10.0 {
                " Within 10%: timing noise can swap the two; rerun with a larger --budget-ms or --clock cpu to separate them."
            } else {
                ""
            }
        );
    }
    s += &format!("Run time: {:.1} s.\n", rec.run_secs);
    if let Some(ests) = &rec.estimates {
        s += &h("Security estimates (the level is the minimum of the counted figures):");
        for e in ests {
            s += &format!(
                "{} with {}-bit secrets: {:.1} bits{}\n",
                e.group,
                e.exp_bits,
                e.bits,
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

/// The versioned result record of a `choose` run (what `--json` prints and `--output`
/// saves): params `min_security`, `budget_ms`, `prune`, `max_secs`, `fields` and `exp_bits`;
/// for every timed candidate the operations of [`dh::operations`] (Offer, Reply,
/// Total = 2*Offer + Reply, CPU sum; params command "dh", group, exp_bits, table, so that
/// `compare` matches them with `dh`, `scale` and `suite` rows), each with `info.qualifies`,
/// `info.weak` and, for the chosen candidate, `info.chosen`; every key of [`ChooseRecord`]
/// (rows, chosen, runner_up, notes, estimates) at the top level.
///
/// # Errors
/// [`crate::Error::Runtime`] if serialisation fails.
pub fn result_record(args: &ChooseArgs, r: &ChooseRecord) -> Result<ResultRecord> {
    let mut rec = ResultRecord::new("choose", &r.clock, r.machine.clone()).with_extra(r)?;
    rec.seed = Some(r.seed);
    rec.notes = r.notes.clone();
    rec.params
        .insert("min_security".into(), r.min_security.into());
    rec.params.insert("budget_ms".into(), r.budget_ms.into());
    rec.params.insert("prune".into(), r.prune.into());
    rec.params.insert("max_secs".into(), args.max_secs.into());
    let fields: Vec<String> = if args.fields.is_empty() {
        vec!["all".into()]
    } else {
        args.fields.clone()
    };
    rec.params.insert("fields".into(), fields.into());
    let exps: Vec<String> = crate::cli::choose::default_exps(args)
        .iter()
        .map(|e| match e {
            ExpBits::Full => "full".to_string(),
            ExpBits::Bits(n) => n.to_string(),
        })
        .collect();
    rec.params.insert("exp_bits".into(), exps.into());
    for ops in &r.timed {
        let is = |x: &Row| {
            ops.first().is_some_and(|op| {
                op.params.get("group") == Some(&x.field.clone().into())
                    && op.params.get("exp_bits") == Some(&x.exp_bits.into())
                    && op.params.get("table") == Some(&x.table.into())
            })
        };
        let row = r.rows.iter().find(|x| is(x));
        let chosen = r.chosen.as_ref().is_some_and(is);
        rec.add_operations(ops.iter().cloned().map(|mut op| {
            if let Some(row) = row {
                op = op
                    .with_info("qualifies", row.qualifies)
                    .with_info("weak", row.weak);
            }
            if chosen {
                op = op.with_info("chosen", true);
            }
            op
        }));
    }
    Ok(rec)
}

/// The one-line error when the filters leave no (group, secret size) pair to time: which
/// `--fields` × `--exp-bits` combination, the first reason, and what to try.
pub(crate) fn nothing_to_time(
    args: &ChooseArgs,
    exps: &[ExpBits],
    notes: &[String],
    rows: &[Row],
) -> Error {
    let fields = if args.fields.is_empty() {
        "every group".to_string()
    } else {
        format!("--fields {}", args.fields.join(","))
    };
    let sizes: Vec<String> = exps
        .iter()
        .map(|e| match e {
            ExpBits::Full => "full".to_string(),
            ExpBits::Bits(n) => n.to_string(),
        })
        .collect();
    let why = notes
        .first()
        .cloned()
        .or_else(|| {
            rows.first()
                .map(|r| format!("{}: {}", r.field, r.reason.as_deref().unwrap_or("skipped")))
        })
        .unwrap_or_default();
    let hint = if why.contains("use --") {
        ""
    } else {
        "; try --exp-bits full or other --fields"
    };
    Error::input(format!(
        "{fields} with --exp-bits {} leaves no candidate to time: {why}{hint}",
        sizes.join(",")
    ))
}

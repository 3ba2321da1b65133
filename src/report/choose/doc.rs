//! The document of a `choose` record: the run's settings, the candidates meeting the target
//! and those below it (one table each, sorted by Total), those not timed, the weaknesses and
//! notes, the choice, and with `--explain` every security figure with its source; with
//! `--post-quantum` the KEM section ([`super::pq`]).

use super::{Row, Status, View, built_in, sec_text, weak_ref};
use crate::record::ResultRecord;
use crate::report;
use crate::report::doc::{Align, Block, Cell, Doc, Facts, Table};
use crate::security::Estimate;

/// The full view of a `choose` record (`--all`, and records before issue 31): the DH
/// candidates, then the KEMs.
pub fn full(rec: &ResultRecord) -> Doc {
    let v = View::of(rec);
    let mut d = Doc::new();
    header(&mut d, rec, &v);
    let mut weak_refs = Vec::new();
    timed(&mut d, &v, &mut weak_refs);
    untimed(&mut d, &v);
    if !weak_refs.is_empty() {
        d.heading("Weak:");
        let lines: Vec<String> = weak_refs
            .iter()
            .enumerate()
            .map(|(i, (k, _))| format!("[{}] {k}", i + 1))
            .collect();
        d.text(lines.join("\n"));
    }
    if !rec.notes.is_empty() {
        d.heading("Notes:");
        let lines: Vec<String> = rec.notes.iter().map(|n| format!("- {n}")).collect();
        d.text(lines.join("\n"));
    }
    if rec
        .operations
        .iter()
        .any(|o| o.name == crate::record::KEM_TOTAL_OP)
    {
        d.extend(super::pq::doc(rec));
    }
    if !rec.params.contains_key(crate::record::choose::ALL) {
        choice(&mut d, rec, &v);
    } else {
        super::brief::choice(&mut d, rec, &v);
    }
    if let Some(ests) = &v.estimates {
        estimates(&mut d, ests);
    }
    d
}

/// "label: value" lines with the value right after the colon (the choose report's style).
fn facts(items: Vec<(String, String)>) -> Block {
    Block::Facts(Facts { width: 0, items })
}

/// The title, the run's settings and the machine.
pub(super) fn header(d: &mut Doc, rec: &ResultRecord, v: &View) {
    d.title(format!(
        "pkbench choose: cheapest key exchange with at least {} bits of security",
        v.min_security
    ));
    d.text(format!(
        "budget {} per operation per candidate; pool of {}+ checked inputs (up to one per operation of a sample); pruning {}; seed {}; {} clock",
        report::fmt_time_ms(v.budget_ms),
        v.pool.map_or_else(|| "?".to_string(), |p| p.to_string()),
        if v.prune { "on" } else { "off" },
        rec.seed.unwrap_or(0),
        rec.clock
    ));
    d.push(facts(vec![("machine".into(), rec.summary())]));
}

/// The timed candidates: those meeting the target, those below it, and the key to the
/// columns.
fn timed(d: &mut Doc, v: &View, weak_refs: &mut Vec<(String, String)>) {
    let timed: Vec<&Row> = v
        .rows
        .iter()
        .filter(|r| r.status == Status::Timed)
        .collect();
    let (good, below): (Vec<&Row>, Vec<&Row>) = timed.iter().partition(|r| r.qualifies);
    let sections = [
        (
            "choose.meeting",
            format!(
                "Meeting the target (≥ {} bits), sorted by Total = 2*Offer + Reply:",
                v.min_security
            ),
            good,
        ),
        (
            "choose.below",
            format!(
                "Below the target (< {} bits), for comparison:",
                v.min_security
            ),
            below,
        ),
    ];
    for (name, heading, rows) in sections {
        d.heading(heading);
        if rows.is_empty() {
            d.text("(none timed)");
        } else {
            d.table(candidates_table(
                name,
                &rows,
                weak_refs,
                !v.leak_files.is_empty(),
            ));
        }
    }
    if !timed.is_empty() {
        d.push(facts(vec![(
            "table".into(),
            "size of the fixed-base table, built-in (a library's own multiples of the \
             generator), or no table. security: the category (NIST SP \
             800-57 Table 2; RFC 7748 for X25519), which the target is compared with, and in \
             brackets the estimate (the minimum of Pollard rho, the number field sieve and the \
             short-exponent bound; --explain gives each and the sources); [n]: weak, see \
             below."
                .into(),
        )]));
        if !v.leak_files.is_empty() {
            d.push(facts(vec![(
                "leak".into(),
                super::leak::key_text(&v.leak_files),
            )]));
        }
    }
}

/// The table of `rows`, 80 columns wide: times as bare numbers in one unit named in the
/// header, the table's size (or "no"), the security category over the estimate with the
/// weakness marker ("(56.0) [3]"); what limits the estimate is left to `--explain` and the
/// JSON. With `leak`, each row's leak verdict ([`super::leak::cell`]) last.
fn candidates_table(
    name: &str,
    rows: &[&Row],
    weak_refs: &mut Vec<(String, String)>,
    leak: bool,
) -> Table {
    let times = rows
        .iter()
        .flat_map(|r| [r.offer_ms, r.reply_ms, r.total_ms])
        .flatten();
    let (unit, f) = report::time_unit(times);
    let h = |name: &str| format!("{name}\n{unit}");
    let (offer, reply, total) = (h("Offer"), h("Reply"), h("Total"));
    let mut head = vec![
        "field\ncode",
        "exp\nbits",
        "table",
        &offer,
        &reply,
        &total,
        "security\nbits",
        "public\nvalue",
    ];
    if leak {
        head.push("leak");
    }
    let mut t = Table::new(name, &head);
    let time = |v: Option<f64>| match v {
        Some(ms) => Cell::figure(report::fmt_in_unit(ms, f), ms * 1e-3, "s"),
        None => Cell::text("-"),
    };
    for r in rows {
        // Category over the precise estimate, two lines, so the table keeps to 80 columns.
        let mut sec = sec_text(r).replacen(" (", "\n(", 1);
        if let Some(i) = weak_ref(r, weak_refs) {
            sec += &format!(" [{i}]");
        }
        let mut cells = vec![
            // The code's name only (its version is in the Chosen line and the JSON).
            Cell::text(match r.code.split(' ').next() {
                Some(name) if !name.is_empty() => format!("{}\n{name}", r.field),
                _ => r.field.clone(),
            }),
            Cell::text(r.exp_label.clone()),
            match (r.table, r.table_bytes) {
                (true, Some(b)) => Cell::figure(report::fmt_bytes(b), b as f64, "B"),
                (true, None) => Cell::text("yes"),
                (false, _) if built_in(r) => Cell::text("built-in"),
                (false, _) => Cell::text("no"),
            },
            time(r.offer_ms),
            time(r.reply_ms),
            time(r.total_ms),
            match r.security_bits {
                Some(b) => Cell::figure(sec, b, "bits"),
                None => Cell::text(sec),
            },
            r.public_bytes.map_or(Cell::text("-"), |b| {
                Cell::figure(format!("{b} B"), b as f64, "B")
            }),
        ];
        if leak {
            cells.push(super::leak::cell(r.leak.as_ref()));
        }
        t.row(cells);
    }
    t
}

/// The CSV of a `choose` record: its document's tables and facts
/// ([`crate::report::doc::csv::render`]).
pub fn render_csv(rec: &ResultRecord) -> String {
    crate::report::doc::csv::render(&super::view(rec))
}

/// `pkbench report`'s page of one `choose` record.
pub fn render_html(rec: &ResultRecord) -> String {
    crate::report::html::render_page(&[("choose".to_string(), rec.clone())]).unwrap_or_default()
}

/// The candidates not timed: one line per group and reason, with its secret sizes, table
/// choices and estimates.
pub(super) fn untimed(d: &mut Doc, v: &View) {
    let untimed: Vec<&Row> = v
        .rows
        .iter()
        .chain(&v.kems)
        .filter(|r| r.status != Status::Timed)
        .collect();
    if untimed.is_empty() {
        return;
    }
    d.heading("Not timed:");
    let mut groups: Vec<(String, Vec<&Row>)> = Vec::new();
    for r in untimed {
        let key = format!(
            "{}\u{0}{}\u{0}{}",
            r.field,
            lib(r),
            r.reason.as_deref().unwrap_or("")
        );
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(r),
            None => groups.push((key, vec![r])),
        }
    }
    let mut lines = Vec::new();
    for (_, rs) in groups {
        let r0 = rs[0];
        let mut sizes: Vec<String> = Vec::new();
        for r in &rs {
            let item = format!("{} ({} bits)", r.exp_label, sec_text(r));
            if !sizes.contains(&item) {
                sizes.push(item);
            }
        }
        let tables = match (rs.iter().any(|r| r.table), rs.iter().any(|r| !r.table)) {
            _ if r0.kem => "",
            (true, true) => ", table and no table",
            (true, false) => ", table",
            _ => ", no table",
        };
        let what = if r0.kem {
            r0.field.clone()
        } else {
            format!("{} {}", r0.field, sizes.join(", "))
        };
        let through = match lib(r0) {
            "" => String::new(),
            l => format!(", through {l}"),
        };
        lines.push(format!(
            "- {what}{tables}{through}: {}{}",
            match r0.status {
                Status::Pruned => "pruned, ",
                Status::Skipped => "skipped, ",
                Status::Timed | Status::Below => "",
            },
            r0.reason.as_deref().unwrap_or("")
        ));
    }
    d.text(lines.join("\n"));
}

/// The library of a row (its `impl` param), "" for pkbench's own.
fn lib(r: &Row) -> &str {
    r.params
        .get(crate::implementation::IMPL_PARAM)
        .and_then(serde_json::Value::as_str)
        .unwrap_or("")
}

/// The choice, the tie it broke, the runner-up and the run time, after a blank line (records
/// before issue 31).
fn choice(d: &mut Doc, rec: &ResultRecord, v: &View) {
    d.text("");
    let mut items: Vec<(String, String)> = Vec::new();
    items.push(("Chosen".into(), match &v.chosen {
        Some(c) => format!(
            "{}, {} exponent{}, {}, computed by {} — Total {} (Offer {}, Reply {}), security category {} bits, {}-byte public values.",
            c.field,
            c.exp_label,
            if c.exp_label == "full" { "" } else { " bits" },
            if c.table {
                "with the fixed-base table"
            } else if built_in(c) {
                "with the library's built-in table"
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
            "none — no timed candidate reaches {} bits without a known weakness.",
            v.min_security
        ),
    }));
    if let Some(f) = v.chosen.as_ref().and_then(|c| c.tie_fastest.as_ref()) {
        items.push(("Tie".into(), format!(
            "{f} was faster, but within noise (the 95 % interval of the ratio of their Totals reaches 1); a tie goes to the conventional choice (full-size secrets on curves, then the smaller table)."
        )));
    }
    if let (Some(c), Some(r)) = (&v.chosen, &v.runner_up) {
        items.push(("Runner-up".into(), runner_up(c, r)));
    }
    items.push(("Run time".into(), format!("{:.1} s.", rec.elapsed_s)));
    d.push(facts(items));
}

/// The runner-up line: its Total and how far behind the choice it is.
fn runner_up(c: &Row, r: &Row) -> String {
    let (a, b) = (
        c.total_ms.unwrap_or(f64::NAN),
        r.total_ms.unwrap_or(f64::NAN),
    );
    let pct = 100.0 * (b / a - 1.0);
    format!(
        "{} {}{}, {} — Total {} ({}{pct:.0}%).{}",
        r.field,
        r.exp_label,
        if r.table {
            ", table"
        } else if built_in(r) {
            ", built-in table"
        } else {
            ", no table"
        },
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
    )
}

/// `--explain`: each estimate's level and category, then its figures ("*" counted in the
/// minimum, "-" shown for comparison) with their sources.
pub(super) fn estimates(d: &mut Doc, ests: &[Estimate]) {
    d.heading("Security estimates (the level is the minimum of the counted figures):");
    for (i, e) in ests.iter().enumerate() {
        d.text(format!(
            "{} with {}-bit secrets: {:.1} bits, category {}{}",
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
        ));
        let mut t = Table::new(format!("choose.estimate.{}", i + 1), &[]);
        for p in &e.parts {
            t.row(vec![
                Cell::text(if p.counted { "*" } else { "-" }),
                // Right-aligned in six columns, then two spaces before the figure's name.
                Cell::figure(format!("{:>6.1} ", p.bits), p.bits, "bits"),
                Cell::text(format!("{} — {}", p.what, p.source)),
            ]);
        }
        d.table(t.plain(2, &[Align::Left, Align::Left, Align::Left]));
    }
    d.text("  (* counted in the minimum; - shown for comparison)");
}

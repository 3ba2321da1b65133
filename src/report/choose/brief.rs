//! The default document of a `choose` record (issue 31): one line per option that meets the
//! target — a DH group or a KEM at its best row here — with Offer, Reply, Total (and the
//! link time with `--link`), the bytes each way and the classical and quantum security, the
//! chosen one marked; one line counting what was left out (`--explain` lists it); the rows
//! merged as costing the same as a more conventional one; the choice, how sure it is and
//! any tie with the rule that broke it.

use super::{Row, Status, View, first_word, row_label, table_words};
use crate::record::ResultRecord;
use crate::report;
use crate::report::doc::{Align, Block, Cell, Doc, Facts, Table};

/// The mark of the chosen row.
const MARK: &str = "►";

/// The default view of a `choose` record.
pub fn view(rec: &ResultRecord) -> Doc {
    let v = View::of(rec);
    let mut d = Doc::new();
    d.title(format!(
        "pkbench choose: the cheapest key exchange with at least {} bits of security",
        v.min_security
    ));
    d.text(format!(
        "{} per operation per candidate, seed {}, {} clock; {} ({} cores)",
        report::fmt_time_ms(v.budget_ms),
        rec.seed.unwrap_or(0),
        rec.clock,
        rec.machine.cpu_model,
        rec.machine.cores
    ));
    let options = v.options();
    let unit = report::time_unit(
        options
            .iter()
            .flat_map(|r| [r.total_ms, r.cost_ms])
            .flatten(),
    );
    d.heading(format!(
        "Options meeting {} bits{}, each at its best here, by {}, {}:",
        v.min_security,
        if v.post_quantum {
            " classical and quantum"
        } else {
            ""
        },
        match v.link {
            Some(r) => format!("Total + link at {}", super::rate_text(r)),
            None => "Total".into(),
        },
        unit.0
    ));
    if options.is_empty() {
        d.text("(none timed)");
    } else {
        d.table(table(
            &options,
            v.link.is_some(),
            unit.1,
            !v.leak_files.is_empty(),
        ));
    }
    let mut keys = vec![("key".into(), key(v.link))];
    if !v.leak_files.is_empty() {
        keys.push(("leak".into(), super::leak::key_text(&v.leak_files)));
    }
    d.push(facts(keys));
    left_out(&mut d, &v);
    if rec.params.get("explain") == Some(&serde_json::Value::Bool(true)) {
        super::doc::untimed(&mut d, &v);
    }
    choice(&mut d, rec, &v);
    if let Some(ests) = &v.estimates {
        super::doc::estimates(&mut d, ests);
    }
    d
}

fn facts(items: Vec<(String, String)>) -> Block {
    Block::Facts(Facts { width: 0, items })
}

/// The key to the table's columns (and the link's formula).
fn key(link: Option<f64>) -> String {
    let mut s = String::from(
        "Total = 2*Offer + Reply (DH); KEM: Offer = KeyGen, Reply = Encaps + Decaps, Total \
         = their sum. sent: bytes each way. bits: classical/quantum (Shor breaks DH: 0).",
    );
    if let Some(r) = link {
        s += &format!(
            " link = 8 × (bytes sent both ways) / {}; sum = Total + link.",
            super::rate_text(r)
        );
    }
    s
}

/// One line per option, 80 columns at most: the option (a short secret as "p384/256"),
/// its implementation, its table, the times in one unit, the bytes each way, the security;
/// with `leak`, each row's leak verdict ([`super::leak::cell`]).
fn table(options: &[&Row], link: bool, f: f64, leak: bool) -> Table {
    let head: &[&str] = if link {
        &[
            "  option",
            "implementation",
            "table",
            "Total",
            "link",
            "sum",
            "sent",
            "bits",
        ]
    } else {
        &[
            "  option",
            "implementation",
            "table",
            "Offer",
            "Reply",
            "Total",
            "sent",
            "bits",
        ]
    };
    let mut head = head.to_vec();
    if leak {
        head.push("leak");
    }
    let mut t = Table::new("choose.options", &head);
    let time = |v: Option<f64>| match v {
        Some(ms) => Cell::figure(report::fmt_in_unit(ms, f), ms * 1e-3, "s"),
        None => Cell::text("-"),
    };
    for r in options {
        let name = if r.kem || r.exp_label == "full" {
            r.field.clone()
        } else {
            format!("{}/{}", r.field, r.exp_label)
        };
        let mark = if r.chosen { MARK } else { " " };
        let reply = match (r.reply_ms, r.decaps_ms) {
            (Some(a), Some(b)) => Some(a + b),
            (a, _) => a,
        };
        let (c1, c2, c3) = if link {
            (time(r.total_ms), time(r.link_ms), time(r.cost_ms))
        } else {
            (time(r.offer_ms), time(reply), time(r.total_ms))
        };
        let mut cells = vec![
            Cell::marked(mark, name),
            Cell::text(first_word(&r.code)),
            Cell::text(table_cell(r)),
            c1,
            c2,
            c3,
            Cell::text(r.sent.map_or("-".into(), |(a, b)| format!("{a}+{b}"))),
            Cell::text(bits(r)),
        ];
        if leak {
            cells.push(super::leak::cell(r.leak.as_ref()));
        }
        t.row(cells);
    }
    let l = Align::Left;
    let rt = Align::Right;
    t.plain(0, &[l, l, l, rt, rt, rt, rt, rt, l])
}

/// The table column: pkbench's table's size, "built-in", "no", or "-" for a KEM.
fn table_cell(r: &Row) -> String {
    if r.kem {
        return "-".into();
    }
    match (r.table, r.table_bytes) {
        (true, Some(b)) if b >= 1 << 20 => format!("{:.1} MiB", b as f64 / f64::from(1 << 20)),
        (true, Some(b)) => format!("{:.0} KiB", b as f64 / 1024.0),
        (true, None) => "yes".into(),
        (false, _) if super::built_in(r) => "built-in".into(),
        (false, _) => "no".into(),
    }
}

/// "128/0": the classical category (a KEM's level) over the quantum level.
fn bits(r: &Row) -> String {
    let classical = match r.security_category {
        Some(0) => "<80".to_string(),
        Some(c) => c.to_string(),
        None => r.security_bits.map_or("?".into(), |b| format!("{b:.0}")),
    };
    format!("{classical}/{:.0}", r.quantum_bits.unwrap_or(0.0))
}

/// One line counting the candidates left out, and one per row merged into another.
fn left_out(d: &mut Doc, v: &View) {
    let all = || v.rows.iter().chain(&v.kems);
    let count = |st: Status| all().filter(|r| r.status == st).count();
    let weak = all()
        .filter(|r| r.status == Status::Timed && r.meets && r.weak)
        .count();
    let slower = all()
        .filter(|r| {
            r.status == Status::Timed
                && r.meets
                && !r.weak
                && !r.option_best
                && r.same_cost_as.is_none()
        })
        .count();
    let mut parts = Vec::new();
    for (n, what) in [
        (slower, "slower rows of these options"),
        (weak, "weak"),
        (count(Status::Below), "below the target"),
        (count(Status::Pruned), "that cannot win"),
        (count(Status::Skipped), "not available here"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {what}"));
        }
    }
    let mut items = Vec::new();
    if !parts.is_empty() {
        items.push((
            "Left out".to_string(),
            format!(
                "{} (--all times and shows them, --explain says why).",
                parts.join(", ")
            ),
        ));
    }
    for r in all().filter(|r| r.status == Status::Timed && r.meets) {
        if let Some((other, ratio)) = &r.same_cost_as {
            items.push((
                "Same cost".to_string(),
                format!(
                    "{} costs the same as {}{}: kept the latter.",
                    row_label(r),
                    other,
                    ratio.map_or(String::new(), |x| format!(" (ratio {})", x.text()))
                ),
            ));
        }
    }
    if !items.is_empty() {
        d.push(facts(items));
    }
}

/// The choice, how far the runner-up is, any tie and the rule that broke it, the run time.
pub(super) fn choice(d: &mut Doc, rec: &ResultRecord, v: &View) {
    d.text("");
    let mut items: Vec<(String, String)> = Vec::new();
    items.push((
        "Chosen".into(),
        match &v.chosen {
            Some(c) => chosen_text(c, v.link.is_some()),
            None => format!(
                "none — no timed option reaches {} bits{} without a known weakness.",
                v.min_security,
                if v.post_quantum {
                    " classical and quantum"
                } else {
                    ""
                }
            ),
        },
    ));
    if let (Some(c), Some(r)) = (&v.chosen, &v.runner_up) {
        items.push(("Runner-up".into(), runner_up_text(c, r)));
        if let Some(rule) = &c.tie_rule {
            items.push(("Tie".into(), tie_text(c, r, rule)));
        }
    }
    items.push(("Run time".into(), format!("{:.1} s.", rec.elapsed_s)));
    d.push(facts(items));
}

fn chosen_text(c: &Row, link: bool) -> String {
    let config = if c.kem {
        String::new()
    } else {
        format!(
            ", {} secrets, {}",
            if c.exp_label == "full" {
                "full-size".to_string()
            } else {
                format!("{}-bit", c.exp_label)
            },
            table_words(c)
        )
    };
    let cost = match (link, c.link_ms, c.cost_ms) {
        (true, Some(l), Some(s)) => format!(
            "Total {} + link {} = {}",
            report::fmt_time_ms(c.total_ms.unwrap_or(f64::NAN)),
            report::fmt_time_ms(l),
            report::fmt_time_ms(s)
        ),
        _ => format!(
            "Total {}",
            report::fmt_time_ms(c.total_ms.unwrap_or(f64::NAN))
        ),
    };
    format!(
        "{} through {}{config} — {cost}, {} B sent, security {} bits classical, {} quantum.",
        c.field,
        c.code,
        c.sent.map_or(0, |(a, b)| a + b),
        if c.kem {
            bits(c).split('/').next().unwrap_or("?").to_string()
        } else {
            super::sec_text(c)
        },
        c.quantum_bits.map_or("?".into(), |q| format!("{q:.0}"))
    )
}

fn runner_up_text(c: &Row, r: &Row) -> String {
    let again = match c.remeasured {
        Some((ms, sweeps)) => format!(
            ", both timed again in alternating rounds for {:.1} s ({sweeps} sweep{})",
            ms / 1e3,
            if sweeps == 1 { "" } else { "s" }
        ),
        None => String::new(),
    };
    format!(
        "{} — cost {}; ratio to the chosen {}{again}.",
        row_label(r),
        report::fmt_time_ms(r.cost_ms.or(r.total_ms).unwrap_or(f64::NAN)),
        c.runner_up_ratio.map_or("?".into(), |x| x.text()),
    )
}

fn tie_text(c: &Row, r: &Row, rule: &str) -> String {
    let why = match rule {
        "wire_bytes" => "the option that sends fewer bytes",
        "table_bytes" => {
            "the option with the smaller table pkbench builds (a library's built-in one is not counted)"
        }
        "security" => "the option with more security (quantum, then classical)",
        _ => "the name, alphabetically",
    };
    format!(
        "{} and {} cost the same within the 95 % interval{}; a tie goes to {why}.",
        c.field,
        r.field,
        if c.remeasured.is_some() {
            " after timing them again"
        } else {
            ""
        }
    )
}

//! The implementations of one run side by side: one row per operation and implementation,
//! with each one's speed against pkbench's own (`--impl LIST|all` on the timing commands).
//!
//! Rows come from the record alone: an operation's implementation is its `implementation`,
//! a peer's rows carry the param `impl` ([`crate::implementation::IMPL_PARAM`]), and the
//! implementations that could not run are `skipped` entries whose params name `impl`.

use crate::implementation::Precomputation;
use crate::implementation::{Choice, IMPL_PARAM};
use crate::record::{Better, Operation, ResultRecord};
use crate::report::doc::{Align, Cell, Doc, Table};
use crate::report::precomp;

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

/// The hash a library runs in place of SHA-0, which none has (`bench::hash::stand_in`): a
/// row of the one is the same work as a row of the other.
const STAND_IN: [&str; 2] = ["SHA-0", "SHA-1"];

/// Whether two rows hash with the same function: the same `algo`, or SHA-0 and its
/// stand-in ([`STAND_IN`]); rows without `algo` agree.
fn same_algo(a: &Operation, b: &Operation) -> bool {
    match (a.param_str("algo"), b.param_str("algo")) {
        (Some(x), Some(y)) => x == y || (STAND_IN.contains(&x) && STAND_IN.contains(&y)),
        (x, y) => x == y,
    }
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
    work(a) == work(b) && strip(a) == strip(b) && same_algo(a, b)
}

/// The figure a row shows: its throughput where it has one (`bytes_per_sec`), else its
/// headline.
fn figure(op: &Operation) -> Option<(f64, Better)> {
    match op.figures.get("bytes_per_sec") {
        Some(&v) => Some((v, Better::Higher)),
        None => op.headline(),
    }
}

/// The figure cell of a row: MB/s for a throughput, µs per key for a DES key setup (the
/// unit of the command's own table), else the headline ([`Cell::headline`]).
fn figure_cell(op: &Operation) -> Cell {
    if let Some(&v) = op.figures.get("bytes_per_sec") {
        return Cell::figure(format!("{} MB/s", crate::report::sig4(v / 1e6)), v, "B/s");
    }
    match (op.figures.get("keys_per_sec"), &op.stats) {
        (Some(_), Some(st)) => Cell::figure(
            format!("{} µs/key", crate::report::sig4(st.median_ms * 1e3)),
            st.median_ms * 1e-3,
            "s",
        ),
        _ => Cell::headline(op),
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

/// The document of a record: the command's own view `own` of the first implementation's
/// rows, then, when peers ran or were asked for, the rows by implementation ([`doc`]).
pub fn view(rec: &ResultRecord, own: impl Fn(&ResultRecord) -> Doc) -> Doc {
    if !has_peers(rec) {
        return own(rec);
    }
    let first = rec
        .operations
        .first()
        .map(Operation::choice)
        .unwrap_or(Choice::Own);
    let mut d = if rec.operations.is_empty() {
        Doc::new()
    } else {
        // The first job's rows: pkbench's own with its table, not its no-table twin.
        let table = rec.operations.first().and_then(|o| o.params.get("table"));
        let mut r = only(rec, first);
        r.operations.retain(|o| o.params.get("table") == table);
        own(&r)
    };
    d.extend(doc(rec));
    d
}

/// The rows `op` is compared with: pkbench's own row of the same work (the first, which is
/// the one with its table when the run also timed it without: [`crate::cli`]'s `dh` puts the
/// twin second), and, when that row's precomputation on the generator differs from `op`'s
/// ([`precomp::unlike`]), pkbench's own row of the same work that agrees with `op`, if the
/// run has one: the like-for-like reference.
fn references<'a>(
    rec: &'a ResultRecord,
    op: &Operation,
) -> (Option<&'a Operation>, Option<&'a Operation>) {
    let mut own = rec
        .operations
        .iter()
        .filter(|o| o.choice() == Choice::Own && same_work(o, op));
    // The same function before its stand-in (a run of both SHA-0 and SHA-1).
    let first = own
        .clone()
        .find(|o| o.param_str("algo") == op.param_str("algo"))
        .or_else(|| own.clone().next());
    let like = first
        .filter(|f| precomp::unlike(f, op).is_some())
        .and_then(|_| own.find(|o| precomp::unlike(o, op).is_none()))
        .filter(|o| !std::ptr::eq(*o, op));
    (first, like)
}

/// The speed of `op` against pkbench's own `own` with its 95 % interval, paired by round
/// ([`Operation::speedup_interval`]: the rounds of one run alternate between the
/// implementations), as "0.17x" and "[0.16, 0.18]": the estimate is the interval's own
/// (Hodges–Lehmann); without an interval the ratio of the medians ([`speed_vs`]) and ""
/// for the own row itself, "too few rounds: N" where the rounds are too few for one
/// ([`too_few_rounds`]); "-" and "" when there is no own row.
fn speed_cells(op: &Operation, own: Option<&Operation>) -> [Cell; 2] {
    match own.and_then(|own| speed_numbers(op, own)) {
        Some((ratio, Some(iv))) => [
            Cell::ratio(ratio).with_interval(iv.lo, iv.hi),
            Cell::text(crate::report::fmt_interval_bounds(&iv)),
        ],
        Some((ratio, None)) => [
            Cell::ratio(ratio),
            own.and_then(|o| too_few_rounds(op, o))
                .map_or_else(Cell::empty, |n| Cell::text(format!("too few rounds: {n}"))),
        ],
        None => [Cell::text("-"), Cell::empty()],
    }
}

/// The rounds the speed of `op` against `own` had, when they were too few for its interval
/// ([`Operation::ratio_rounds`]); `None` for the own row itself, with an interval, or in a
/// record that kept no rounds.
fn too_few_rounds(op: &Operation, own: &Operation) -> Option<usize> {
    let n = Operation::ratio_rounds(own, op);
    let same_kind = op.headline().map(|h| h.1) == own.headline().map(|h| h.1);
    (!std::ptr::eq(op, own) && same_kind && n > 0)
        .then(|| Operation::speedup_interval(own, op).is_none().then_some(n))
        .flatten()
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
/// (its label), "precomputation" (what its Offer precomputed for the generator, or null),
/// "speed_vs_own", "interval", "same_precomputation", "like_for_like"}`: `speed_vs_own` > 1
/// is faster than pkbench's own row of the same work (the one with its table), `interval`
/// the 95 % interval from the paired rounds, `[lo, hi]`, or null (both null without an own
/// row); `same_precomputation` false when the two rows differ in precomputation on the
/// generator (unlike work), null when either does not say; `like_for_like` the speed and
/// interval against pkbench's own row that agrees with this one (its no-table twin), when
/// they differ and the run has it, else null; `extra_work` the work this row does beyond
/// pkbench's own row ([`crate::record::info::EXTRA_WORK`]: its speed compares unlike
/// work), else null.
pub fn json_view(rec: &ResultRecord) -> serde_json::Value {
    use serde_json::json;
    let speed_json = |s: Option<(f64, Option<crate::measure::Interval>)>| {
        s.map(|(r, iv)| {
            json!({
                "speed_vs_own": r,
                "interval": iv.map(|iv| [iv.lo, iv.hi]),
            })
        })
    };
    rec.operations
        .iter()
        .map(|op| {
            let (own, like) = references(rec, op);
            let speed = own.and_then(|o| speed_numbers(op, o));
            let same = own.and_then(|o| {
                let (a, b) = (o.precomputation()?, op.precomputation()?);
                Some(a.on_generator() == b.on_generator())
            });
            json!({
                "operation": op.name,
                "params": op.params,
                "implementation": op.implementation.as_ref().map(|i| i.label()),
                "precomputation": op.precomputation(),
                "checked_against": op.checked(),
                "speed_vs_own": speed.map(|s| s.0),
                "interval": speed.and_then(|s| s.1).map(|iv| [iv.lo, iv.hi]),
                "same_precomputation": same,
                "like_for_like": speed_json(like.and_then(|o| speed_numbers(op, o))),
                "extra_work": own.and_then(|o| extra_work(o, op)),
            })
        })
        .collect()
}

/// The note under a row whose speed compares unlike work: `op` does work its name does not
/// say and `own` does not do ([`crate::record::info::EXTRA_WORK`], e.g. OpenSSL's RSA API adds
/// blinding to the CRT); `None` when both do the same.
fn extra_work_note(own: &Operation, op: &Operation) -> Option<String> {
    extra_work(own, op)
        .map(|extra| format!("  ^ unlike work: this row adds {extra}; pkbench's own does not"))
}

/// The work `op` does beyond `own` ([`crate::record::info::EXTRA_WORK`]), `None` when both
/// do the same.
fn extra_work<'a>(own: &Operation, op: &'a Operation) -> Option<&'a str> {
    let key = crate::record::info::EXTRA_WORK;
    let extra = op.info_str(key)?;
    (own.info_str(key) != Some(extra)).then_some(extra)
}

/// The section of every operation by implementation: a plain table (operation, code, the
/// table column for DH rows, figure, speed against pkbench's own and its interval, "≠"),
/// then one line per implementation that could not run, the versions and code paths under
/// "code:" and the tables on the generator. Labels are whole (wrapped at spaces in a table
/// wider than 80 columns).
///
/// Rows of a DH run say what their Offer precomputed for the generator (column "table":
/// [`Precomputation`]); a speed whose two sides differ in it is marked "≠" and followed by
/// its speed against pkbench's own row that agrees (its no-table twin), when the run has it.
pub fn doc(rec: &ResultRecord) -> Doc {
    let mut d = Doc::new();
    let tables = rec.operations.iter().any(|o| o.precomputation().is_some());
    d.heading(if tables {
        "by implementation (alternating rounds, one run; speed vs pkbench's own, with its 95 % interval from the rounds paired; table: what each row's Offer precomputed for the generator):"
    } else {
        "by implementation (alternating rounds, one run; speed vs pkbench's own, with its 95 % interval from the rounds paired):"
    });
    let mut head = vec!["operation", "code"];
    let mut align = vec![Align::Left, Align::Left];
    if tables {
        head.push("table");
        align.push(Align::Left);
    }
    head.extend(["figure", "speed", "interval", ""]);
    align.extend([Align::Right, Align::Right, Align::Left, Align::Left]);
    let before_speed = head.len() - 3;
    // Labels are whole: in a table wider than 80 columns they wrap at spaces.
    let mut t = Table::new("by_impl", &head).plain(2, &align).wrapping(0);
    let mut names: Vec<String> = Vec::new();
    let mut marked = false;
    for op in &rec.operations {
        let l = line(rec, op);
        let (own, like) = references(rec, op);
        let unlike = own.is_some_and(|o| precomp::unlike(o, op).is_some());
        marked |= unlike;
        let mut cells = vec![Cell::text(l.what), Cell::text(l.code)];
        if tables {
            cells.push(Cell::text(l.table));
        }
        cells.push(l.figure);
        cells.extend(speed_cells(op, own));
        cells.push(Cell::text(if unlike { "≠" } else { "" }));
        t.row(cells);
        if let Some(note) = own.and_then(|o| extra_work_note(o, op)) {
            t.group(note);
        }
        if let Some(like) = like {
            let to = match like.precomputation().filter(Precomputation::on_generator) {
                Some(_) => "like for like, vs pkbench with its table:",
                None => "like for like, vs pkbench without its table:",
            };
            let mut cells = vec![Cell::text(to)];
            cells.extend(speed_cells(op, Some(like)));
            t.spanned_row(before_speed, cells);
        }
        let label = op
            .implementation
            .as_ref()
            .map(|i| i.label())
            .unwrap_or_default();
        if !label.is_empty() && !names.contains(&label) {
            names.push(label);
        }
    }
    d.table(t);
    let mut s = String::new();
    let few = rec
        .operations
        .iter()
        .filter_map(|op| too_few_rounds(op, references(rec, op).0?))
        .min();
    if let Some(n) = few {
        s += &format!(
            "{} (the fewest of a speed above)\n",
            crate::report::too_few_rounds(n)
        );
    }
    if marked {
        s += "≠ pkbench's own row and this one differ in their precomputation on the\n  generator (a table on one side only): the speed compares unlike work; the\n  like-for-like line below it, where the run has one, compares with pkbench's\n  own row of the same kind.\n";
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
    s += &checked_lines(rec);
    let mut described: Vec<String> = Vec::new();
    for op in &rec.operations {
        if let Some(p) = op.precomputation().filter(Precomputation::on_generator) {
            let d = format!("  {}: {}", line(rec, op).code, precomp::describe(&p));
            if !described.contains(&d) {
                described.push(d);
            }
        }
    }
    if !described.is_empty() {
        s += "tables on the generator (Offer):\n";
        for d in described {
            s += &d;
            s.push('\n');
        }
    }
    if !s.is_empty() {
        d.text(s);
    }
    d
}

/// "checked:" and a line per implementation whose rows say what they were checked against
/// before timing ([`Operation::checked`]), each once, with the pool each row's inputs came
/// from: "  openssl: 2 Offers and 4 Replies checked against pkbench's own on 4 secrets (…)
/// before timing; 1024 pool entries self-checked (both parties' shared secrets equal), the
/// timed outputs against them"; then, for rows that say what their timed outputs were
/// compared with ([`crate::record::info::OUTPUTS_CHECKED_AGAINST`]: hash and cipher rows),
/// a line per implementation other than pkbench's own and reference: "  aws-lc-rs: 2 rows,
/// 6 known answers before timing and 1500 timed outputs after, against …"; empty when no
/// row says.
fn checked_lines(rec: &ResultRecord) -> String {
    use crate::record::info;
    let mut lines: Vec<String> = Vec::new();
    for op in &rec.operations {
        let Some(c) = op.checked() else { continue };
        let mut l = format!("  {}: {}", op.choice().name(), c.describe());
        if let Some(pool) = op.info_u64(info::POOL) {
            l += &format!("; {pool} pool entries self-checked, the timed outputs against them");
        }
        if !lines.contains(&l) {
            lines.push(l);
        }
    }
    // (implementation, reference) → rows, known answers, timed outputs.
    let mut outputs: Vec<(Choice, &str, u64, u64, u64)> = Vec::new();
    for op in rec.operations.iter().filter(|o| o.choice() != Choice::Own) {
        let Some(against) = op.info_str(info::OUTPUTS_CHECKED_AGAINST) else {
            continue;
        };
        let (ka, outs) = (
            op.info_u64(info::KNOWN_ANSWERS_CHECKED).unwrap_or(0),
            op.info_u64(info::OUTPUTS_CHECKED).unwrap_or(0),
        );
        match outputs
            .iter_mut()
            .find(|g| g.0 == op.choice() && g.1 == against)
        {
            Some(g) => {
                g.2 += 1;
                g.3 += ka;
                g.4 += outs;
            }
            None => outputs.push((op.choice(), against, 1, ka, outs)),
        }
    }
    for (who, against, rows, ka, outs) in outputs {
        let n = |n: u64, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
        lines.push(format!(
            "  {}: {}, {} before timing and {} after, against {against}",
            who.name(),
            n(rows, "row"),
            n(ka, "known answer"),
            n(outs, "timed output")
        ));
    }
    if lines.is_empty() {
        return String::new();
    }
    format!("checked:\n{}\n", lines.join("\n"))
}

/// The text of [`doc`] (the rows by implementation) as the terminal shows it.
pub fn render(rec: &ResultRecord) -> String {
    crate::report::doc::terminal::render(&doc(rec))
}

/// The cells of one row that do not depend on the other rows.
struct Line {
    what: String,
    code: String,
    table: String,
    figure: Cell,
}

fn line(rec: &ResultRecord, op: &Operation) -> Line {
    let who = op.choice();
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
    let code = match (who, op.implementation.as_ref()) {
        (Choice::Own, Some(i)) => i.name.clone(),
        _ => who.name().to_string(),
    };
    Line {
        what,
        code,
        table: op
            .precomputation()
            .map_or("-".into(), |p| precomp::short(&p)),
        figure: figure_cell(op),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::{Machine, Stats};
    use crate::record::params;
    use crate::report::doc::Block;
    use serde_json::json;

    /// pkbench's own Offer and a library's, alternating in `rounds` rounds of 3 samples.
    fn rec(rounds: usize) -> ResultRecord {
        let mut r = ResultRecord::new("dh", "wall", Machine::detect());
        for (imp, ms) in [(None, 0.03), (Some("openssl"), 0.06)] {
            let mut p = params([("command", json!("dh")), ("group", json!("x25519"))]);
            if let Some(i) = imp {
                p.insert(IMPL_PARAM.into(), json!(i));
            }
            let raw = (0..3 * rounds)
                .map(|i| ms * (1.0 + 0.01 * (i % 5) as f64))
                .collect();
            let st = Stats::from_rounds(raw, 1, vec![3; rounds]);
            r.operations.push(Operation::timed("Offer", p, st));
        }
        r
    }

    fn texts(d: &Doc) -> (Vec<Vec<String>>, String) {
        let t = d.tables().next().unwrap();
        let rows = t.rows.iter().map(|r| t.texts(r)).collect();
        let notes = d
            .blocks
            .iter()
            .filter_map(|b| match b {
                Block::Text(s) => Some(s.as_str()),
                _ => None,
            })
            .collect();
        (rows, notes)
    }

    /// With 4 rounds the speed has no interval: the row says how many rounds there were,
    /// a note says why and what to do; with 8 the interval is there and no note.
    #[test]
    fn a_speed_without_enough_rounds_says_so() {
        let (rows, notes) = texts(&doc(&rec(4)));
        assert_eq!(rows[1][1], "openssl", "{rows:?}");
        assert_eq!(rows[1][3], "0.50x", "{rows:?}");
        assert_eq!(rows[1][4], "too few rounds: 4", "{rows:?}");
        assert_eq!(rows[0][4], "", "the own row: {rows:?}");
        assert!(
            notes.contains("too few rounds for a 95 % interval: 4; raise --time"),
            "{notes}"
        );
        let (rows, notes) = texts(&doc(&rec(8)));
        assert!(rows[1][4].starts_with('['), "{rows:?}");
        assert!(!notes.contains("too few"), "{notes}");
    }
}

//! The report of a `choose` record: the qualifying candidates sorted by
//! Total = 2*Offer + Reply, those below the target, those not timed, the choice, and with
//! `--explain` every security figure with its source; as terminal tables or Markdown, and
//! the summary keys `--json` prints beside the record (`rows`, `chosen`, `runner_up`,
//! `notes`, `estimates`, …). Everything is read from the record: the timed candidates'
//! operations ([`crate::bench::choose`]: `qualifies`, `weak`, `chosen`, `security` in
//! their `info`) and the candidates not timed (its `skipped` entries with params and info).

mod brief;
mod doc;
mod leak;
mod pq;
mod ratio;

pub use doc::{render_csv, render_html};
pub use ratio::{Ratio, rate_text};

/// The view of a `choose` record: one line per option ([`brief::view`]), or with `--all`
/// (and for records made before issue 31) the full table ([`doc::full`]).
pub fn view(rec: &ResultRecord) -> crate::report::doc::Doc {
    if rec.params.get(key::ALL) == Some(&Value::Bool(false)) {
        brief::view(rec)
    } else {
        doc::full(rec)
    }
}

use crate::record::{
    CPU_SUM_OP, KEM_TOTAL_OP, Operation, ResultRecord, Skipped, TOTAL_OP, choose as key,
    info as rinfo, param,
};
use crate::security::Estimate;
use serde::Serialize;
use serde_json::{Map, Value};

/// The record param holding the least pool of checked inputs each candidate is timed on.
pub const POOL_PARAM: &str = "pool_base";

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
    /// Not timed: below the target (`--all` times it).
    Below,
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
    /// What the row's Offer precomputed for the generator, where the record says (a
    /// library's built-in table shows although `table` is false).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precomputation: Option<crate::implementation::Precomputation>,
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
    /// For a chosen candidate that broke a tie: the fastest candidate's label (records
    /// before issue 31).
    pub tie_fastest: Option<String>,
    /// A KEM row (Offer = KeyGen, Reply = Encaps, `decaps_ms` the third step).
    pub kem: bool,
    /// A KEM's Decaps median, ms.
    pub decaps_ms: Option<f64>,
    /// Bytes each party sends: (initiator, responder).
    pub sent: Option<(usize, usize)>,
    /// Security against a quantum computer, bits (0 for a DH group).
    pub quantum_bits: Option<f64>,
    /// Meets the target under the run's rule (classical, and quantum with --post-quantum).
    pub meets: bool,
    /// The best row of its option.
    pub option_best: bool,
    /// The runner-up (the next option's best row).
    pub runner_up: bool,
    /// Total plus link time, ms: what the row is ranked by.
    pub cost_ms: Option<f64>,
    /// The link time of both parties' messages, ms (with --link).
    pub link_ms: Option<f64>,
    /// The label of the more conventional row of the same option and code this one costs
    /// the same as, with that ratio.
    pub same_cost_as: Option<(String, Option<Ratio>)>,
    /// On the chosen row: the runner-up's cost over this one's.
    pub runner_up_ratio: Option<Ratio>,
    /// On a chosen row that won a tie: the rule that broke it.
    pub tie_rule: Option<String>,
    /// On the two rows timed again: ms spent and sweeps run.
    pub remeasured: Option<(f64, u64)>,
    /// The verdict of the leak records given (`--leak`), if a row of theirs matched.
    pub leak: Option<leak::Mark>,
    /// The implementation's library or crate, as `--impl` names it (`impl` param), if any.
    #[serde(skip)]
    pub params: std::collections::BTreeMap<String, Value>,
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
    /// The least pool of checked inputs per candidate (record param `pool_base`; older
    /// records: the smallest `pool` of their timed operations).
    pool: Option<u64>,
    budget_ms: f64,
    prune: bool,
    /// Only options with quantum security were ranked.
    post_quantum: bool,
    /// The link rate the wire was priced at, bits per second.
    link: Option<f64>,
    /// The leak records given (`--leak`): the tables then have a leak column.
    leak_files: Vec<String>,
    /// The DH rows: timed by Total, then the others in candidate order.
    rows: Vec<Row>,
    /// The KEM rows, timed by Total, then the others.
    kems: Vec<Row>,
    chosen: Option<Row>,
    runner_up: Option<Row>,
    estimates: Option<Vec<Estimate>>,
}

/// A secret size as the tables show it: "full" when it is the group order's size, else the
/// number of bits.
fn label(bits: u32, full: u32) -> String {
    crate::record::size_label(bits, full)
}

fn uint(m: &Map<String, Value>, k: &str) -> Option<u64> {
    m.get(k).and_then(Value::as_u64)
}

/// A row of the fields common to timed and untimed candidates, read from identifying
/// `params` and descriptive `info`.
fn row_of(params: &std::collections::BTreeMap<String, Value>, info: &Map<String, Value>) -> Row {
    let exp_bits = params
        .get(param::EXP_BITS)
        .and_then(Value::as_u64)
        .unwrap_or(0) as u32;
    let full = uint(info, rinfo::FULL_EXP_BITS).unwrap_or(0) as u32;
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
        precomputation: None,
        status: Status::Skipped,
        offer_ms: None,
        reply_ms: None,
        total_ms: None,
        cpu_total_ms: None,
        probe_reply_ms: info.get("probe_reply_ms").and_then(Value::as_f64),
        table_bytes: uint(info, rinfo::TABLE_BYTES).map(|b| b as usize),
        public_bytes: uint(info, rinfo::PUBLIC_BYTES).map(|b| b as usize),
        security_bits: info.get(rinfo::SECURITY_BITS).and_then(Value::as_f64),
        security_category: uint(info, rinfo::SECURITY_CATEGORY).map(|c| c as u32),
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
        kem: info.get(rinfo::FAMILY).and_then(Value::as_str) == Some("kem"),
        decaps_ms: None,
        sent: None,
        quantum_bits: info
            .get(rinfo::QUANTUM_SECURITY_BITS)
            .and_then(Value::as_f64),
        meets: info
            .get(key::MEETS)
            .or(info.get("qualifies"))
            .and_then(Value::as_bool)
            .unwrap_or(false),
        option_best: info.get(key::OPTION_BEST).and_then(Value::as_bool) == Some(true),
        runner_up: info.get(key::RUNNER_UP).and_then(Value::as_bool) == Some(true),
        cost_ms: info.get(key::COST_MS).and_then(Value::as_f64),
        link_ms: info.get(key::LINK_MS).and_then(Value::as_f64),
        same_cost_as: None,
        runner_up_ratio: Ratio::read(info.get(key::RUNNER_UP_RATIO)),
        tie_rule: info
            .get(key::TIE_RULE)
            .and_then(Value::as_str)
            .map(str::to_string),
        remeasured: info
            .get(key::REMEASURED_MS)
            .and_then(Value::as_f64)
            .map(|ms| (ms, uint(info, key::REMEASURE_SWEEPS).unwrap_or(1))),
        leak: leak::read(info),
        params: params.clone(),
    }
}

/// The estimate a candidate carries (`security` in its info), if any.
fn estimate_of(info: &Map<String, Value>) -> Option<Estimate> {
    serde_json::from_value(info.get("security")?.clone()).ok()
}

/// The timed row of the Total operation `tot` of `rec` (a DH or a KEM Total): its figures
/// from the operations of the same params.
fn timed_row(rec: &ResultRecord, tot: &Operation) -> Row {
    let min_security = rec
        .params
        .get(key::MIN_SECURITY)
        .and_then(Value::as_u64)
        .unwrap_or(0);
    let same = |name: &str| {
        rec.operations
            .iter()
            .find(|o| o.name == name && o.params == tot.params)
    };
    let median = |o: Option<&Operation>| o.and_then(|o| o.stats.as_ref()).map(|s| s.median_ms);
    let mut r = row_of(&tot.params, &tot.info);
    r.status = Status::Timed;
    r.code = tot
        .implementation
        .as_ref()
        .map(|i| format!("{} {}", i.name, i.version))
        .unwrap_or_default();
    r.precomputation = tot.precomputation();
    r.total_ms = tot.total_ms();
    if r.kem {
        r.offer_ms = median(same(crate::record::KEYGEN_OP));
        r.reply_ms = median(same(crate::record::ENCAPS_OP));
        r.decaps_ms = median(same(crate::record::DECAPS_OP));
        let b = |k: &str| tot.info_u64(k).map(|b| b as usize);
        r.sent = b("ek_bytes").zip(b("ct_bytes"));
        r.security_category = r.security_bits.map(|b| b as u32);
    } else {
        let offer = same("Offer");
        r.table_bytes = offer
            .and_then(|o| o.info_u64(rinfo::TABLE_BYTES))
            .map(|b| b as usize);
        r.offer_ms = median(offer);
        r.reply_ms = median(same("Reply"));
        r.cpu_total_ms = same(CPU_SUM_OP).and_then(|o| o.cpu_total_ms());
        r.sent = r.public_bytes.map(|b| (b, b));
    }
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
    r
}

/// Timed rows by cost (Total plus link; ties in the order timed).
fn by_cost(mut rows: Vec<Row>) -> Vec<Row> {
    let cost = |r: &Row| r.cost_ms.or(r.total_ms).unwrap_or(f64::INFINITY);
    rows.sort_by(|a, b| cost(a).total_cmp(&cost(b)));
    rows
}

/// The label of a row as the text names it: "p256 224, no table, openssl".
pub(super) fn row_label(r: &Row) -> String {
    if r.kem {
        return format!("{}, {}", r.field, first_word(&r.code));
    }
    format!(
        "{} {}, {}, {}",
        r.field,
        r.exp_label,
        table_words(r),
        first_word(&r.code)
    )
}

/// The name of an implementation label ("openssl" of "openssl 3.0.19").
pub(super) fn first_word(code: &str) -> &str {
    code.split(' ').next().unwrap_or("")
}

/// "table", "built-in table" or "no table".
pub(super) fn table_words(r: &Row) -> &'static str {
    if r.table {
        "table"
    } else if built_in(r) {
        "built-in table"
    } else {
        "no table"
    }
}

impl View {
    fn of(rec: &ResultRecord) -> View {
        let p = &rec.params;
        let min_security = p
            .get(key::MIN_SECURITY)
            .and_then(Value::as_u64)
            .unwrap_or(0) as u32;
        let mut estimates: Vec<Estimate> = Vec::new();
        let mut dh = Vec::new();
        let mut kems = Vec::new();
        for tot in &rec.operations {
            if tot.name == TOTAL_OP {
                estimates.extend(estimate_of(&tot.info));
                dh.push(timed_row(rec, tot));
            } else if tot.name == KEM_TOTAL_OP {
                kems.push(timed_row(rec, tot));
            }
        }
        let (mut rows, mut kems) = (by_cost(dh), by_cost(kems));
        // A row merged into another names it.
        let labels: Vec<(std::collections::BTreeMap<String, Value>, String)> = rows
            .iter()
            .chain(&kems)
            .map(|r| (r.params.clone(), row_label(r)))
            .collect();
        for op in rec
            .operations
            .iter()
            .filter(|o| o.name == TOTAL_OP || o.name == KEM_TOTAL_OP)
        {
            let Some(target) = op.info.get(key::SAME_COST_AS) else {
                continue;
            };
            let label = labels
                .iter()
                .find(|(p, _)| serde_json::to_value(p).ok().as_ref() == Some(target))
                .map(|(_, l)| l.clone());
            if let Some(l) = label
                && let Some(r) = rows
                    .iter_mut()
                    .chain(kems.iter_mut())
                    .find(|r| r.params == op.params)
            {
                r.same_cost_as = Some((l, Ratio::read(op.info.get(key::SAME_COST_RATIO))));
            }
        }
        for s in rec
            .skipped
            .iter()
            .filter(|s| s.params.get(param::COMMAND) == Some(&"dh".into()))
        {
            let r = untimed_row(s);
            if r.kem {
                kems.push(r);
            } else {
                rows.push(r);
                estimates.extend(estimate_of(&s.info));
            }
        }
        let mut seen: Vec<(String, u32)> = Vec::new();
        estimates.retain(|e| {
            let k = (e.group.clone(), e.exp_bits);
            let new = !seen.contains(&k);
            seen.push(k);
            new
        });
        let (chosen, runner_up) = choice_of(&rows, &kems);
        let pool = p.get(POOL_PARAM).and_then(Value::as_u64).or_else(|| {
            rec.operations
                .iter()
                .filter_map(|o| o.info_u64(rinfo::POOL))
                .min()
        });
        View {
            min_security,
            pool,
            budget_ms: p
                .get("budget_ms")
                .and_then(Value::as_f64)
                .unwrap_or(f64::NAN),
            prune: p.get("prune").and_then(Value::as_bool).unwrap_or(true),
            post_quantum: p.get(key::POST_QUANTUM).and_then(Value::as_bool) == Some(true),
            link: p.get(key::LINK_BITS_PER_S).and_then(Value::as_f64),
            leak_files: leak::files(p),
            rows,
            kems,
            chosen,
            runner_up,
            estimates: (p.get("explain") == Some(&Value::Bool(true))).then_some(estimates),
        }
    }

    /// The options: each one's best row, cheapest first (records before issue 31: every
    /// eligible DH row).
    fn options(&self) -> Vec<&Row> {
        let timed = || {
            self.rows
                .iter()
                .chain(&self.kems)
                .filter(|r| r.status == Status::Timed)
        };
        let marked: Vec<&Row> = timed().filter(|r| r.option_best).collect();
        let mut v = if marked.is_empty() {
            timed().filter(|r| r.meets && !r.weak).collect()
        } else {
            marked
        };
        let cost = |r: &Row| r.cost_ms.or(r.total_ms).unwrap_or(f64::INFINITY);
        v.sort_by(|a, b| cost(a).total_cmp(&cost(b)));
        v
    }
}

/// The chosen row (marked by the search; records without the mark: the cheapest eligible)
/// and the runner-up (the next option's best).
fn choice_of(rows: &[Row], kems: &[Row]) -> (Option<Row>, Option<Row>) {
    let cost = |r: &Row| r.cost_ms.or(r.total_ms).unwrap_or(f64::INFINITY);
    let mut eligible: Vec<&Row> = rows
        .iter()
        .chain(kems)
        .filter(|r| r.status == Status::Timed && r.meets && !r.weak)
        .collect();
    eligible.sort_by(|a, b| cost(a).total_cmp(&cost(b)));
    let chosen = eligible
        .iter()
        .find(|r| r.chosen)
        .or(eligible.first())
        .map(|r| (*r).clone());
    let marked = eligible.iter().any(|r| r.option_best);
    let runner_up = eligible
        .iter()
        .find(|r| r.runner_up)
        .or_else(|| {
            eligible.iter().find(|r| match &chosen {
                Some(c) if marked => r.option_best && r.field != c.field,
                Some(c) => r.label_key() != c.label_key(),
                None => false,
            })
        })
        .map(|r| (*r).clone());
    (chosen, runner_up)
}

/// The row of a candidate that was not timed.
fn untimed_row(s: &Skipped) -> Row {
    let mut r = row_of(&s.params, &s.info);
    r.status = match s.info.get("status").and_then(Value::as_str) {
        Some("pruned") => Status::Pruned,
        Some("below") => Status::Below,
        _ => Status::Skipped,
    };
    r.reason = Some(s.reason.clone());
    r
}

/// The summary keys `--json` prints beside a `choose` record: `min_security`, `budget_ms`,
/// `prune`, `rows` (the DH rows, timed by cost, then the others), `kems` (likewise),
/// `options` (each option's best row, by cost), `link_bits_per_s`, `post_quantum`,
/// `leak_files` (each row's `leak` holds its verdict), `chosen`, `runner_up`, `notes`,
/// `estimates` (with `--explain`, else null) and `run_secs`.
pub fn json_view(rec: &ResultRecord) -> Map<String, Value> {
    let v = View::of(rec);
    let mut m = Map::new();
    m.insert("min_security".into(), v.min_security.into());
    m.insert("budget_ms".into(), v.budget_ms.into());
    m.insert("prune".into(), v.prune.into());
    m.insert("rows".into(), to(&v.rows));
    m.insert("kems".into(), to(&v.kems));
    m.insert("options".into(), to(&v.options()));
    m.insert("link_bits_per_s".into(), to(&v.link));
    m.insert("post_quantum".into(), v.post_quantum.into());
    m.insert(key::LEAK_FILES.into(), to(&v.leak_files));
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

/// Whether a row without pkbench's table still has one on the generator: a library's
/// built-in multiples (OpenSSL's P-256 and X25519), so that "no" never hides it.
pub(super) fn built_in(r: &Row) -> bool {
    !r.table
        && r.precomputation
            .as_ref()
            .is_some_and(crate::implementation::Precomputation::on_generator)
}

/// The record as terminal tables (`markdown` = false) or Markdown: the view ([`view`])
/// through [`crate::report::doc::terminal`] or [`crate::report::doc::markdown`].
pub fn render_text(rec: &ResultRecord, markdown: bool) -> String {
    let d = view(rec);
    if markdown {
        crate::report::doc::markdown::render(&d)
    } else {
        crate::report::doc::terminal::render(&d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::doc::{Block, terminal};

    fn saved() -> ResultRecord {
        let p = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/records/v1-choose.json"
        );
        ResultRecord::read(std::path::Path::new(p)).unwrap()
    }

    #[test]
    fn tables_hold_the_candidates_as_figures() {
        let rec = saved();
        let d = view(&rec);
        let tables: Vec<_> = d.tables().collect();
        let meeting = tables.iter().find(|t| t.name == "choose.meeting").unwrap();
        let first = &meeting.rows[0].cells;
        let texts: Vec<&str> = first.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "x25519", "full", "30.0 KiB", "18.39", "59.05", "95.84", "125.8", "-"
            ]
        );
        // Times are seconds, the estimate bits, the table's size bytes.
        let q = |i: usize| first[i].value.clone().unwrap();
        assert!(
            (q(5).value - 95.84e-6).abs() < 1e-9 && q(5).unit == "s",
            "{:?}",
            q(5)
        );
        assert_eq!((q(6).value, q(6).unit), (125.8, "bits"));
        assert_eq!((q(2).value, q(2).unit), (30720.0, "B"));
        let below = tables.iter().find(|t| t.name == "choose.below").unwrap();
        assert_eq!(below.rows.len(), 10);
        assert_eq!(below.rows[2].cells[0].text, "modp-1024");
        // Every table is drawn in the terminal text as the table alone would be.
        let text = terminal::render(&d);
        for t in &tables {
            assert!(text.contains(&terminal::table(t)), "{}", t.name);
        }
        assert!(matches!(&d.blocks[0], Block::Title(t) if t.contains("112 bits")));
        assert!(text.contains("pool of 4+ checked inputs"), "{text}");
        assert!(text.contains("\nChosen: x25519, full exponent, with the fixed-base table"));
    }

    #[test]
    fn markdown_is_the_same_document() {
        let md = render_text(&saved(), true);
        assert!(md.starts_with("## pkbench choose: "), "{md}");
        assert!(
            md.contains("| x25519 | full | 30.0 KiB | 18.39 | 59.05 | 95.84 | 125.8 | - |"),
            "{md}"
        );
        assert!(md.contains("### Below the target (&lt; 112 bits), for comparison:"));
    }
}

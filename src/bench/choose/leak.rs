//! The verdicts of `pkbench leak` records beside `choose`'s rows (issue 32, item 4): each
//! timed row (its Total operation) gets the verdicts of the leak rows of the same group,
//! implementation (its label: name, version and code path, so that `BN_mod_exp_mont` and
//! `BN_mod_exp_mont_consttime` stay apart) and operation — Offer and Reply for a DH row (an
//! Offer only when both used pkbench's fixed-base table or both did not: the table is other
//! code), Decaps for a KEM row (the step whose input is secret-dependent) — stored in
//! the Total's info [`key::LEAK`], so that every view of the record shows them. A row no
//! leak row matches gets nothing ("not tested").
//!
//! When several records test the same operation in the same caches, the one given last
//! counts (a newer run replaces an older), except that a row of the same secret size as
//! the choose row is kept over one of another size. The row's verdict is the worst of its
//! operations': "depends" (some |t| > 4.5, the largest shown) before "no verdict" (too few
//! measurements) before "none found" (every |t| ≤ 4.5, the largest shown).

use crate::measure::leak::Verdict;
use crate::record::{
    KEM_TOTAL_OP, Operation, ResultRecord, TOTAL_OP, choose as key, derived_from, figure, info,
    param,
};
use serde_json::{Value, json};

/// One leak row matched to a choose row.
#[derive(Debug, Clone)]
struct Found {
    /// The operation (Offer, Reply, Decaps).
    op: String,
    /// `warm` or `cold`.
    cache: String,
    /// The leak row's secret size, bits (absent for a KEM).
    exp_bits: Option<u64>,
    /// Its largest |t|, if a test counted.
    max_abs_t: Option<f64>,
    /// Its measurements, both classes.
    n: u64,
    /// The file it came from, as given.
    file: String,
}

impl Found {
    fn verdict(&self) -> Verdict {
        Verdict::from_parts(self.max_abs_t, self.n)
    }

    /// The order of the worst verdict: depends, then no verdict, then none found; within
    /// one, the larger |t|.
    fn badness(&self) -> (u8, f64) {
        let rank = match self.verdict() {
            Verdict::Depends { .. } => 2,
            Verdict::TooFew { .. } => 1,
            Verdict::NoneFound { .. } => 0,
        };
        (rank, self.max_abs_t.unwrap_or(0.0))
    }
}

/// Whether the leak operation `l` (of a record whose run-level cache is `cache`) tests the
/// operation `name` of the choose row whose Total is `tot`.
fn matches(l: &Operation, name: &str, tot: &Operation) -> bool {
    let label = |o: &Operation| o.implementation.as_ref().map(|i| i.label());
    let table = |o: &Operation| o.params.get(param::TABLE).and_then(Value::as_bool) == Some(true);
    l.name == name
        && l.params.contains_key(param::GROUP)
        && l.params.get(param::GROUP) == tot.params.get(param::GROUP)
        && label(l).is_some()
        && label(l) == label(tot)
        && (name != crate::record::OFFER_OP || table(l) == table(tot))
}

/// The leak rows of `leaks` (file as given, record) that test the operations of the row
/// whose Total is `tot`, one per (operation, cache) as the module says.
fn found_for(tot: &Operation, leaks: &[(String, ResultRecord)]) -> Vec<Found> {
    let want = tot.params.get(param::EXP_BITS).and_then(Value::as_u64);
    let mut found: Vec<Found> = Vec::new();
    for (file, rec) in leaks {
        let run_cache = rec
            .params
            .get(param::CACHE)
            .and_then(Value::as_str)
            .unwrap_or("warm");
        for name in tested(&tot.name) {
            for l in rec.operations.iter().filter(|l| matches(l, name, tot)) {
                let f = Found {
                    op: l.name.clone(),
                    cache: l.param_str(param::CACHE).unwrap_or(run_cache).to_string(),
                    exp_bits: l.params.get(param::EXP_BITS).and_then(Value::as_u64),
                    max_abs_t: l.figures.get(figure::MAX_ABS_T).copied(),
                    n: l.info_u64(info::N_FIXED).unwrap_or(0)
                        + l.info_u64(info::N_RANDOM).unwrap_or(0),
                    file: file.clone(),
                };
                match found
                    .iter_mut()
                    .find(|g| g.op == f.op && g.cache == f.cache)
                {
                    Some(g) if !(g.exp_bits == want && f.exp_bits != want) => *g = f,
                    Some(_) => {}
                    None => found.push(f),
                }
            }
        }
    }
    found
}

/// The operations of the row whose Total is named `total` that a leak test covers: Offer
/// and Reply of a DH row, Decaps of a KEM's.
fn tested(total: &str) -> &'static [&'static str] {
    if total == KEM_TOTAL_OP {
        &[crate::record::DECAPS_OP]
    } else {
        derived_from(total)
    }
}

/// The info [`key::LEAK`] of the row whose Total is named `total` and whose matched leak
/// rows are `found` (not empty): `verdict` ("depends", "no verdict", "none found": the
/// worst), `max_abs_t`, `operation` and `cache` of the row that gave it, `text` (its
/// verdict in the field's words), `untested` (the row's operations no leak row matched),
/// `files` and each row's `operations` entry (`operation`, `cache`, `exp_bits`,
/// `max_abs_t`, `measurements`, `verdict`, `file`).
fn leak_info(total: &str, found: &[Found]) -> Value {
    let worst = found
        .iter()
        .max_by(|a, b| {
            let (ra, ta) = a.badness();
            let (rb, tb) = b.badness();
            ra.cmp(&rb).then(ta.total_cmp(&tb))
        })
        .expect("a matched row");
    let mut files: Vec<&str> = Vec::new();
    for f in found {
        if !files.contains(&f.file.as_str()) {
            files.push(&f.file);
        }
    }
    json!({
        "verdict": worst.verdict().word(),
        "max_abs_t": worst.max_abs_t,
        "operation": worst.op,
        "cache": worst.cache,
        "text": worst.verdict().text(),
        "untested": tested(total).iter().filter(|o| !found.iter().any(|f| f.op == **o)).collect::<Vec<_>>(),
        "files": files,
        "operations": found.iter().map(|f| json!({
            "operation": f.op,
            "cache": f.cache,
            "exp_bits": f.exp_bits,
            "max_abs_t": f.max_abs_t,
            "measurements": f.n,
            "verdict": f.verdict().word(),
            "file": f.file,
        })).collect::<Vec<Value>>(),
    })
}

/// Marks each Total operation of `ops` (DH and KEM) with the verdicts of the leak rows of
/// `leaks` (each file as given, with its record) that test its operations (info
/// [`key::LEAK`]; see the module). Returns, per leak file, how many choose rows it gave a
/// verdict to.
pub fn mark(ops: &mut [Operation], leaks: &[(String, ResultRecord)]) -> Vec<usize> {
    let mut used = vec![0; leaks.len()];
    for tot in ops
        .iter_mut()
        .filter(|o| o.name == TOTAL_OP || o.name == KEM_TOTAL_OP)
    {
        let found = found_for(tot, leaks);
        if found.is_empty() {
            continue;
        }
        for (i, (file, _)) in leaks.iter().enumerate() {
            used[i] += usize::from(found.iter().any(|f| f.file == *file));
        }
        let info = leak_info(&tot.name, &found);
        tot.info.insert(key::LEAK.into(), info);
    }
    used
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::Implementation;
    use crate::record::{OFFER_OP, REPLY_OP};

    fn dh_op(name: &str, group: &str, table: bool, imp: &Implementation) -> Operation {
        let params = crate::record::params([
            (param::GROUP, group.into()),
            (param::EXP_BITS, 224.into()),
            (param::TABLE, table.into()),
        ]);
        let mut o = Operation::derived(name, params, figure::TOTAL_MS, 1.0).by(imp.clone());
        o.figures.clear();
        o
    }

    fn leak_op(name: &str, table: bool, imp: &Implementation, t: f64, n: u64) -> Operation {
        dh_op(name, "modp-2048", table, imp)
            .with_figure(figure::MAX_ABS_T, t)
            .with_info(info::N_FIXED, n / 2)
            .with_info(info::N_RANDOM, n - n / 2)
    }

    fn leak_record(ops: Vec<Operation>) -> ResultRecord {
        let mut r = ResultRecord::new("leak", "wall", crate::measure::Machine::detect());
        r.operations = ops;
        r
    }

    /// Rows match by group, implementation label (code path included) and operation; an
    /// Offer only with the same table; the worst verdict is the row's; a later file
    /// replaces an earlier one's row of the same operation and caches.
    #[test]
    fn rows_match_by_group_implementation_and_operation() {
        let mont = Implementation::library("openssl", "3.0.19", "BN_mod_exp_mont");
        let ct = Implementation::library("openssl", "3.0.19", "BN_mod_exp_mont_consttime");
        let own = Implementation::of_crate("num-bigint");
        let a = leak_record(vec![
            leak_op(OFFER_OP, false, &mont, 37.0, 230),
            leak_op(REPLY_OP, false, &mont, 43.0, 226),
            leak_op(OFFER_OP, false, &ct, 2.8, 1300),
            leak_op(REPLY_OP, false, &ct, 1.5, 1360),
            leak_op(OFFER_OP, true, &own, 224.0, 224),
            leak_op(REPLY_OP, true, &own, 3.2, 627),
        ]);
        let b = leak_record(vec![leak_op(REPLY_OP, false, &mont, 6.0, 900)]);
        let mut ops = vec![
            dh_op(TOTAL_OP, "modp-2048", false, &mont),
            dh_op(TOTAL_OP, "modp-2048", false, &own),
            dh_op(TOTAL_OP, "modp-2048", true, &own),
            dh_op(TOTAL_OP, "modp-3072", false, &mont),
        ];
        let leaks = vec![("a.json".to_string(), a), ("b.json".to_string(), b)];
        let used = mark(&mut ops, &leaks);
        let leak = |i: usize| ops[i].info.get(key::LEAK).cloned();
        // OpenSSL's BN_mod_exp_mont: Offer 37 from a.json, Reply 6.0 from b.json (later).
        let m = leak(0).unwrap();
        assert_eq!(m["verdict"], "depends");
        assert_eq!(m["max_abs_t"], 37.0);
        assert_eq!(m["operation"], "Offer");
        assert_eq!(m["files"], json!(["a.json", "b.json"]));
        let reply = m["operations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["operation"] == "Reply")
            .unwrap();
        assert_eq!(
            (reply["max_abs_t"].as_f64(), reply["file"].as_str()),
            (Some(6.0), Some("b.json"))
        );
        // pkbench's own without its table: only Reply matches (the leak Offer had the table).
        let n = leak(1).unwrap();
        assert_eq!(n["verdict"], "none found");
        assert_eq!(n["max_abs_t"], 3.2);
        assert_eq!(n["operations"].as_array().unwrap().len(), 1);
        assert_eq!(n["untested"], json!(["Offer"]));
        assert_eq!(m["untested"], json!([]));
        // With its table: the Offer's 224.
        assert_eq!(leak(2).unwrap()["max_abs_t"], 224.0);
        assert!(
            leak(2).unwrap()["text"]
                .as_str()
                .unwrap()
                .contains("|t| = 224 > 4.5")
        );
        // Another group: not tested.
        assert!(leak(3).is_none());
        assert_eq!(used, [3, 1]);
    }

    /// A row with too few measurements for a verdict ranks before "none found".
    #[test]
    fn no_verdict_is_worse_than_none_found() {
        let own = Implementation::of_crate("num-bigint");
        let mut few = leak_op(REPLY_OP, false, &own, 0.0, 150);
        few.figures.clear();
        let rec = leak_record(vec![leak_op(OFFER_OP, false, &own, 2.0, 5000), few]);
        let mut ops = vec![dh_op(TOTAL_OP, "modp-2048", false, &own)];
        mark(&mut ops, &[("x".into(), rec)]);
        let m = &ops[0].info[key::LEAK];
        assert_eq!(m["verdict"], "no verdict");
        assert_eq!(m["operation"], "Reply");
    }
}

//! Warm and cold side by side (`--cache both|cold`): for every operation timed cold, its warm
//! twin (same name and params, `cache=warm`), both medians and the cold/warm ratio with its
//! 95 % interval ([`Operation::speedup_interval`] over the per-round values), and the lines
//! saying how cold was made (eviction, clock). Reads the record only.

use crate::record::{Operation, ResultRecord, param, params_label};
use crate::report::doc::{Cell, Doc, Table};
use serde_json::Value;

/// Whether `op` was timed cold (param `cache=cold`).
pub fn is_cold(op: &Operation) -> bool {
    op.is_cold()
}

/// The warm twin of the cold operation `cold` in `rec`: same name, same params but
/// `cache=warm` (or no `cache` param).
pub fn warm_twin<'a>(rec: &'a ResultRecord, cold: &Operation) -> Option<&'a Operation> {
    let mut want = cold.params.clone();
    want.remove("cache");
    rec.operations.iter().find(|o| {
        let mut p = o.params.clone();
        let c = p.remove("cache");
        o.name == cold.name && p == want && c.as_ref().is_none_or(|v| v == "warm")
    })
}

/// The headline time of `op`, ms (median of a timed operation, a derived time figure).
fn time_ms(op: &Operation) -> Option<f64> {
    op.headline().map(|(v, _)| v)
}

/// The cold/warm ratio and its 95 % interval ("2.41x [2.30, 2.55]"), or the ratio of the
/// medians alone; empty without both times.
fn ratio_cell(cold: &Operation, warm: &Operation) -> Cell {
    let (Some(c), Some(w)) = (time_ms(cold), time_ms(warm)) else {
        return Cell::empty();
    };
    // With an interval, its estimate (the Hodges–Lehmann ratio of the per-round values), so
    // that the figure lies inside it; else the ratio of the medians.
    match Operation::speedup_interval(cold, warm) {
        Some(iv) => Cell::ratio_interval(&iv),
        None => Cell::ratio(c / w),
    }
}

/// The facts saying how the cold operations were timed ("cold", "clock", "caches"), from
/// the run-level params; nothing for a record without cold operations.
pub fn method_facts(rec: &ResultRecord, doc: &mut Doc) {
    if !rec.operations.iter().any(is_cold) {
        return;
    }
    let p = |k: &str| rec.params.get(k).and_then(Value::as_str).unwrap_or("?");
    let n = |k: &str| rec.params.get(k).and_then(Value::as_f64);
    let mut methods: Vec<String> = rec
        .operations
        .iter()
        .filter(|o| is_cold(o))
        .filter_map(|o| o.info_str("eviction_detail").map(str::to_string))
        .collect();
    methods.sort();
    methods.dedup();
    doc.fact(
        "cold",
        format!(
            "before each cold run, {}; each cold run timed singly on the {} clock",
            if methods.is_empty() {
                p("eviction_detail").to_string()
            } else {
                methods.join("; or ")
            },
            rec.clock
        ),
    );
    doc.fact(
        "clock",
        format!(
            "resolution {} (clock_getres), smallest step seen {}, an empty timed region's {} subtracted from each cold sample",
            n("clock_resolution_ns").map_or("unknown".into(), |v| format!("{v:.0} ns")),
            n("clock_step_ns").map_or("?".into(), |v| format!("{v:.0} ns")),
            n("clock_overhead_ns").map_or("?".into(), |v| format!("{v:.0} ns")),
        ),
    );
    doc.fact("caches", p("cache_sizes"));
}

/// The warm/cold section of `rec`: the facts of [`method_facts`], then one row per cold
/// operation (its params' label when the record holds more than one set), warm median,
/// cold median, cold/warm with its interval. Empty when nothing was timed cold.
pub fn doc(rec: &ResultRecord) -> Doc {
    let mut d = Doc::new();
    let colds: Vec<&Operation> = rec.operations.iter().filter(|o| is_cold(o)).collect();
    if colds.is_empty() {
        return d;
    }
    let mut labels: Vec<String> = colds.iter().map(|o| label(o)).collect();
    labels.sort();
    labels.dedup();
    let many = labels.len() > 1;
    method_facts(rec, &mut d);
    let mut t = Table::new(
        "cache.cold_warm",
        &["operation", "warm", "cold", "cold/warm (95 %)"],
    );
    let time = |op: Option<&Operation>| op.and_then(time_ms).map_or(Cell::text("—"), Cell::time_ms);
    for c in colds {
        let warm = warm_twin(rec, c);
        let name = if many {
            format!("{} / {}", label(c), c.name)
        } else {
            c.name.clone()
        };
        t.row(vec![
            Cell::text(name),
            time(warm),
            time(Some(c)),
            warm.map_or(Cell::empty(), |w| ratio_cell(c, w)),
        ]);
    }
    d.table(t);
    d
}

/// What tells apart the items of a record with several (suite): the params `group`,
/// `exp_bits`, `table`, `bits` and `impl` of `op`, as a label.
fn label(op: &Operation) -> String {
    let p = op
        .params
        .iter()
        .filter(|(k, _)| {
            [
                param::GROUP,
                param::EXP_BITS,
                param::TABLE,
                "bits",
                param::IMPL,
            ]
            .contains(&k.as_str())
        })
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    params_label(&p)
}

//! The report of `choose --cache cold|both` (a table-window sweep, [`crate::bench::windows`]):
//! per group and secret size, one row per table — its size, build time, warm and cold Offer
//! and the cold/warm ratio — and the cheapest cold Offer named. Reads the record only.

use super::cache::{is_cold, method_facts, warm_twin};
use crate::record::{Operation, ResultRecord, info as rinfo, param};
use crate::report;
use crate::report::doc::{Cell, Doc, Table};
use serde_json::{Map, Value, json};

/// Whether `rec` is a table-window sweep (param `sweep` = "table-windows").
pub fn is_sweep(rec: &ResultRecord) -> bool {
    rec.params.get("sweep").and_then(Value::as_str) == Some(SWEEP)
}

/// The value of the record param `sweep` of a table-window sweep.
pub const SWEEP: &str = "table-windows";

/// The table of a cold Offer: "w=12", "table w=5" (mod-p), "none".
pub fn table_label(op: &Operation) -> String {
    if op.params.get(param::TABLE).and_then(Value::as_bool) != Some(true) {
        return "none".into();
    }
    match op.params.get(param::TABLE_WINDOW).and_then(Value::as_u64) {
        Some(w) => format!("w={w}"),
        None => "table".into(),
    }
}

fn flag(op: &Operation, key: &str) -> bool {
    op.info.get(key).and_then(Value::as_bool) == Some(true)
}

fn median(op: &Operation) -> Option<f64> {
    op.stats.as_ref().map(|s| s.median_ms)
}

/// One row of the sweep.
struct Row<'a> {
    cold: &'a Operation,
    warm: Option<&'a Operation>,
}

fn rows(rec: &ResultRecord) -> Vec<Row<'_>> {
    rec.operations
        .iter()
        .filter(|o| is_cold(o) && o.name == "Offer")
        .map(|c| Row {
            cold: c,
            warm: warm_twin(rec, c),
        })
        .collect()
}

fn group_of(op: &Operation) -> String {
    format!(
        "{}, {}-bit secrets",
        op.param_str(param::GROUP).unwrap_or("?"),
        op.exp_bits().unwrap_or(0)
    )
}

/// The view of a sweep record: how cold was made, then per group and secret size a table of
/// the tables (size, build time, warm and cold Offer, cold/warm) and the cheapest cold
/// Offer named.
pub fn view(rec: &ResultRecord) -> Doc {
    let mut d = Doc::new();
    d.title("pkbench choose --cache: fixed-base tables against the cost of a cold Offer");
    method_facts(rec, &mut d);
    let rows = rows(rec);
    let mut groups: Vec<String> = rows.iter().map(|r| group_of(r.cold)).collect();
    groups.dedup();
    for (i, g) in groups.into_iter().enumerate() {
        d.heading(g.clone());
        let mine: Vec<&Row> = rows.iter().filter(|r| group_of(r.cold) == g).collect();
        d.table(group_table(i, &mine));
        let mut s = String::new();
        if let Some(best) = mine.iter().find(|r| flag(r.cold, "cheapest_cold")) {
            let c = best.cold;
            let tie = if flag(c, "tied") {
                if c.info.contains_key("tie_fastest_table_bytes") {
                    " (tied with a faster median: the smaller table)"
                } else {
                    " (tied with others: the smaller table)"
                }
            } else {
                ""
            };
            s += &format!(
                "Cheapest cold Offer: {} {}, {}{tie}, cold {} (warm {}).\n",
                c.param_str(param::GROUP).unwrap_or("?"),
                table_label(c),
                c.info_u64(rinfo::TABLE_BYTES)
                    .filter(|_| table_label(c) != "none")
                    .map_or("no table".into(), |b| report::fmt_bytes(b as usize)),
                median(c).map_or("?".into(), report::fmt_time_ms),
                best.warm
                    .and_then(median)
                    .map_or("?".into(), report::fmt_time_ms),
            );
        }
        if mine.iter().any(|r| table_label(r.cold) == "table") {
            s += "Mod-p groups have one table scheme (its window planned from a 4 MiB budget): table against none.\n";
        }
        if !s.is_empty() {
            d.text(s);
        }
    }
    let mut s = String::new();
    for sk in &rec.skipped {
        s += &format!("not timed: {}: {}\n", sk.item, sk.reason);
    }
    s += "◀ the cheapest cold Offer; a tie (the 95 % interval of the ratio reaches 1) goes to the smaller table.";
    d.text(s);
    d
}

/// The table of one group and secret size (the `i`-th): a row per table.
fn group_table(i: usize, mine: &[&Row]) -> Table {
    let mut t = Table::new(
        format!("windows.{}", i + 1),
        &[
            "table",
            "size",
            "build",
            "warm Offer",
            "cold Offer",
            "cold/warm",
        ],
    );
    for r in mine {
        let c = r.cold;
        let size = match c.info_u64(rinfo::TABLE_BYTES) {
            Some(b) if table_label(c) != "none" => {
                Cell::figure(report::fmt_bytes(b as usize), b as f64, "B")
            }
            _ => Cell::figure("0 B", 0.0, "B"),
        };
        let build = match c.info_f64(rinfo::TABLE_BUILD_MS) {
            Some(ms) if table_label(c) != "none" => Cell::time_ms(ms),
            _ => Cell::text("—"),
        };
        let ratio = match (r.warm.and_then(median), median(c)) {
            (Some(w), Some(cm)) => match r.warm.and_then(|w| Operation::speedup_interval(c, w)) {
                Some(iv) => Cell::ratio_interval(&iv),
                None => Cell::ratio(cm / w),
            },
            _ => Cell::empty(),
        };
        let mark = if flag(c, "cheapest_cold") { " ◀" } else { "" };
        t.row(vec![
            Cell::text(format!("{}{mark}", table_label(c))),
            size,
            build,
            r.warm
                .and_then(median)
                .map_or(Cell::text("—"), Cell::time_ms),
            median(c).map_or(Cell::text("—"), Cell::time_ms),
            ratio,
        ]);
    }
    t
}

/// [`view`] as the terminal text.
pub fn render_text(rec: &ResultRecord) -> String {
    report::doc::terminal::render(&view(rec))
}

/// The summary keys `--json` prints beside a sweep record: `rows` (group, exp_bits, table,
/// table_bytes, build_ms, warm_ms, cold_ms, cheapest_cold) and `chosen` (the cheapest rows).
pub fn json_view(rec: &ResultRecord) -> Map<String, Value> {
    let rows: Vec<Value> = rows(rec)
        .iter()
        .map(|r| {
            json!({
                "group": r.cold.param_str(param::GROUP),
                "exp_bits": r.cold.params.get(param::EXP_BITS),
                "table": table_label(r.cold),
                "table_bytes": if table_label(r.cold) == "none" { Some(0) } else { r.cold.info_u64(rinfo::TABLE_BYTES) },
                "build_ms": r.cold.info_f64(rinfo::TABLE_BUILD_MS),
                "warm_ms": r.warm.and_then(median),
                "cold_ms": median(r.cold),
                "cheapest_cold": flag(r.cold, "cheapest_cold"),
            })
        })
        .collect();
    let chosen: Vec<Value> = rows
        .iter()
        .filter(|r| r["cheapest_cold"] == true)
        .cloned()
        .collect();
    let mut m = Map::new();
    m.insert("rows".into(), rows.into());
    m.insert("chosen".into(), chosen.into());
    m
}

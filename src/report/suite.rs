//! The report of a `suite` record: the terminal summary (one row per measured item, its
//! operations under it, each with median, quartiles and rate or figure; the items skipped)
//! and the summary keys `--json` prints beside the record, all read from the record.

use crate::record::{Operation, ResultRecord, params_label};
use crate::report;
use serde_json::{Map, Value, json};

/// A timed operation's rate (a `*_per_sec` figure, bytes first, else ops/s at the median);
/// a derived operation's figure.
fn rate_or_figure(op: &Operation) -> String {
    let Some(st) = &op.stats else {
        return report::compare::fmt_headline(op);
    };
    if let Some(b) = op.figures.get("bytes_per_sec") {
        return format!("{} MB/s", report::sig4(b / 1e6));
    }
    report::fmt_rate(st.ops_per_sec())
}

/// The terminal summary of a suite record, 80 columns wide.
pub fn render_text(rec: &ResultRecord) -> String {
    let mut s = format!(
        "pkbench suite{}: {} operations in {:.1} s; clock {}\nmachine:   {}\n",
        if rec.params.get("quick") == Some(&json!(true)) {
            " --quick"
        } else {
            ""
        },
        rec.operations.len(),
        rec.elapsed_s,
        rec.clock,
        rec.summary()
    );
    // One row per item (its parameters), its operations indented under it, both wrapped
    // to 28 characters: the table fits in 80 columns (the figures take at most 51).
    let wrap = |s: &str, indent: &str| {
        report::text::wrap_words(s, 28 - indent.len()).replace('\n', &format!("\n{indent}  "))
    };
    let mut t = report::table(&["item\n  operation", "median", "q1 … q3", "rate or\nfigure"]);
    let mut item = String::new();
    for op in &rec.operations {
        let label = params_label(&op.params);
        if label != item {
            t.add_row(vec![wrap(&label, "")]);
            item = label;
        }
        let (median, quart) = match &op.stats {
            Some(st) => (
                report::fmt_time_ms(st.median_ms),
                report::fmt_quartiles_ms(st.q1_ms, st.q3_ms),
            ),
            None => (String::new(), String::new()),
        };
        t.add_row(vec![
            format!("  {}", wrap(&op.name, "  ")),
            median,
            quart,
            rate_or_figure(op),
        ]);
    }
    report::wrap_column(&mut t, 0);
    s += &format!("{t}\n");
    s += &report::cache::render(rec);
    if !rec.skipped.is_empty() {
        s += &format!("skipped ({}):\n", rec.skipped.len());
        for k in &rec.skipped {
            s += &format!("  {}: {}\n", k.item, k.reason);
        }
    }
    report::wrap_text(&s)
}

/// The summary keys `--json` prints beside a `suite` record: `items`, each entry that ran
/// with its label (`item`, from its operations' `info.item`) and its number of `operations`,
/// in the order run.
pub fn json_view(rec: &ResultRecord) -> Map<String, Value> {
    let mut items: Vec<(String, usize)> = Vec::new();
    for op in &rec.operations {
        let Some(item) = op.info_str("item") else {
            continue;
        };
        match items.last_mut() {
            Some((last, n)) if last == item => *n += 1,
            _ => items.push((item.to_string(), 1)),
        }
    }
    if items.is_empty() {
        return Map::new();
    }
    let items: Vec<Value> = items
        .into_iter()
        .map(|(item, n)| json!({"item": item, "operations": n}))
        .collect();
    let mut m = Map::new();
    m.insert("items".into(), items.into());
    m
}

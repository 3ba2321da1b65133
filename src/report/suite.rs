//! The report of a `suite` record: its document ([`view`]: one row per measured item, its
//! operations under it, each with median, quartiles and rate or figure; the items skipped)
//! and the summary keys `--json` prints beside the record, all read from the record.

use crate::record::{Operation, ResultRecord, params_label};
use crate::report;
use crate::report::doc::{Cell, Doc, Table};
use serde_json::{Map, Value, json};

/// A timed operation's rate (a `*_per_sec` figure, bytes first, else ops/s at the median);
/// a derived operation's figure.
fn rate_or_figure(op: &Operation) -> Cell {
    let Some(st) = &op.stats else {
        return Cell::headline(op);
    };
    if let Some(&b) = op.figures.get("bytes_per_sec") {
        return Cell::figure(format!("{} MB/s", report::sig4(b / 1e6)), b, "B/s");
    }
    Cell::rate(st.ops_per_sec())
}

/// The view of a suite record: the run, one group row per measured item (its parameters)
/// with its operations under it (median, quartiles, rate or figure), the warm/cold section
/// ([`report::cache`]) and the items skipped; 80 columns wide.
pub fn view(rec: &ResultRecord) -> Doc {
    let mut d = Doc::new();
    d.title(format!(
        "pkbench suite{}: {} operations in {:.1} s; clock {}",
        if rec.params.get("quick") == Some(&json!(true)) {
            " --quick"
        } else {
            ""
        },
        rec.operations.len(),
        rec.elapsed_s,
        rec.clock,
    ));
    d.fact("machine", rec.summary());
    // One row per item (its parameters), its operations indented under it, both wrapped
    // to 28 characters: the table fits in 80 columns (the figures take at most 51).
    let wrap = |s: &str, indent: &str| {
        report::text::wrap_words(s, 28 - indent.len()).replace('\n', &format!("\n{indent}  "))
    };
    let mut t = Table::new(
        "suite.operations",
        &["item\n  operation", "median", "q1 … q3", "rate or\nfigure"],
    )
    .wrapping(0);
    let mut item = String::new();
    for op in &rec.operations {
        let label = params_label(&op.params);
        if label != item {
            t.group(wrap(&label, ""));
            item = label;
        }
        let (median, quart) = match &op.stats {
            Some(st) => (Cell::time_ms(st.median_ms), Cell::quartiles(st)),
            None => (Cell::empty(), Cell::empty()),
        };
        t.row(vec![
            Cell::text(format!("  {}", wrap(&op.name, "  "))),
            median,
            quart,
            rate_or_figure(op),
        ]);
    }
    d.table(t);
    d.extend(report::cache::doc(rec));
    if !rec.skipped.is_empty() {
        let mut s = format!("skipped ({}):", rec.skipped.len());
        for k in &rec.skipped {
            s += &format!("\n  {}: {}", k.item, k.reason);
        }
        d.text(s);
    }
    d
}

/// [`view`] as the terminal text.
pub fn render_text(rec: &ResultRecord) -> String {
    report::doc::terminal::render(&view(rec))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_are_group_rows_over_their_operations() {
        let p = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/records/v1-suite-quick.json"
        );
        let rec = ResultRecord::read(std::path::Path::new(p)).unwrap();
        let d = view(&rec);
        let t = d.tables().next().unwrap();
        assert_eq!(t.name, "suite.operations");
        assert!(t.rows[0].group);
        assert_eq!(t.rows[0].cells[0].text, "repro row=md5 table=1995");
        let md5 = &t.rows[1];
        let texts: Vec<&str> = md5.cells.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            texts,
            ["  MD5", "22.26 µs", "21.59 … 22.39 µs", "449.3 MB/s"]
        );
        let q = md5.cells[2].value.clone().unwrap();
        assert_eq!(q.unit, "s");
        assert!(q.lo.unwrap() < q.value && q.value < q.hi.unwrap(), "{q:?}");
        let rate = md5.cells[3].value.clone().unwrap();
        assert_eq!(rate.unit, "B/s");
        assert!((rate.value / 449.3e6 - 1.0).abs() < 1e-3, "{rate:?}");
        assert_eq!(
            t.rows.iter().filter(|r| !r.group).count(),
            rec.operations.len()
        );
        let text = render_text(&rec);
        assert!(text.contains(&report::doc::terminal::table(t)));
        assert!(text.starts_with(
            "pkbench suite --quick: 136 operations in 6.7 s; clock wall\nmachine:   "
        ));
    }
}

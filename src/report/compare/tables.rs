//! The ratio tables of two records, shared by `compare` and `report`'s runs side by side:
//! one table per command (a KEM's KeyGen, Encaps and Decaps in a table of their own, not
//! under Offer and Reply), each item a group row with its operations under it, every
//! operation with both records' figures and their ratio with its 95 % interval.
//!
//! ```text
//! operation                BASE      NEW       NEW/BASE
//! dh exp_bits=128 group=gf2-155 table=true
//!   Offer                  569.6 ns  580.1 ns  0.98x [0.97, 1.30]
//! ```

use super::{Cell as Ratio, Comparison, geomean};
use crate::record::keys::{DECAPS_OP, ENCAPS_OP, KEM_TOTAL_OP, KEYGEN_OP};
use crate::record::{Operation, ResultRecord};
use crate::report;
use crate::report::doc::{Cell, Quantity, Table};

/// The names of a comparison's two sides in the tables' headers ("BASE", "NEW"; "[1]",
/// "[2]"); the ratio's column is "NEW/BASE".
#[derive(Debug, Clone, Copy)]
pub struct Sides<'a> {
    /// The first record's column.
    pub base: &'a str,
    /// The second record's column.
    pub new: &'a str,
}

/// The command a row label starts with ("dh", "cipher", ...).
pub(super) fn row_command(label: &str) -> &str {
    label.split_whitespace().next().unwrap_or("")
}

/// Whether `name` is an operation of a KEM exchange (KeyGen, Encaps, Decaps, their Total).
pub(super) fn is_kem_op(name: &str) -> bool {
    [KEYGEN_OP, ENCAPS_OP, DECAPS_OP, KEM_TOTAL_OP].contains(&name)
}

/// The kind of table a row of `cmp` goes to: its command, and whether it is a KEM exchange.
fn kind(cmp: &Comparison, r: usize) -> (String, bool) {
    let row = &cmp.rows[r];
    let kem = row
        .cells
        .iter()
        .zip(&cmp.columns)
        .any(|(c, name)| c.is_some() && is_kem_op(name));
    (row_command(&row.label).to_string(), kem)
}

/// A table's heading: "dh", "dh: KEM exchanges".
pub(super) fn kind_heading(command: &str, kem: bool) -> String {
    if kem {
        format!("{command}: KEM exchanges (KeyGen, Encaps, Decaps)")
    } else {
        command.to_string()
    }
}

/// The ratio cell: "0.97x [0.93, 1.01]" with its mark (▼ ▲), "~" or "1.34x"; the ratio as a
/// figure with its interval.
pub fn ratio_cell(c: &Ratio) -> Cell {
    Cell {
        text: c.text(),
        value: c.ratio.is_finite().then(|| Quantity {
            value: c.ratio,
            unit: "x",
            lo: c.interval.map(|iv| iv.lo),
            hi: c.interval.map(|iv| iv.hi),
        }),
        key: None,
    }
}

/// The ratio tables of `cmp` (the comparison of `base` with `new`), each with its heading:
/// one per command and kind, in the order of their first row.
pub fn pair_tables(
    cmp: &Comparison,
    base: &ResultRecord,
    new: &ResultRecord,
    sides: Sides,
) -> Vec<(String, Table)> {
    let mut kinds: Vec<(String, bool)> = Vec::new();
    for r in 0..cmp.rows.len() {
        let k = kind(cmp, r);
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    kinds
        .iter()
        .map(|k| {
            let rows: Vec<usize> = (0..cmp.rows.len())
                .filter(|&r| kind(cmp, r) == *k)
                .collect();
            let name = if k.1 {
                format!("compare.{}.kem", k.0)
            } else {
                format!("compare.{}", k.0)
            };
            (
                kind_heading(&k.0, k.1),
                kind_table(&name, cmp, &rows, (base, new), sides),
            )
        })
        .collect()
}

/// An operation's name under its item: indented by two spaces, a name longer than
/// [`NAME_WIDTH`] wrapped at spaces with its continuation lines indented further (the
/// terminal would wrap it flush left, where it reads as an item).
fn indented(name: &str) -> String {
    indented_at(name, NAME_WIDTH)
}

/// [`indented`], wrapped at `width` characters.
pub(super) fn indented_at(name: &str, width: usize) -> String {
    let wrapped = report::text::wrap_words(name, width);
    format!("  {}", wrapped.replace('\n', "\n    "))
}

/// The width an operation's name is wrapped to under its item, in characters (the label
/// column keeps at least 24 beside three columns of figures in 80).
const NAME_WIDTH: usize = 26;

/// The operation of `rec` with the row label `label` and name `name`.
fn find<'a>(rec: &'a ResultRecord, label: &str, name: &str) -> Option<&'a Operation> {
    rec.operations.iter().find(|o| {
        let (l, n) = o.key();
        l == label && n == name
    })
}

/// One table: each row of `rows` (indices into `cmp.rows`) as a group row with its compared
/// operations under it, then the geometric means.
fn kind_table(
    name: &str,
    cmp: &Comparison,
    rows: &[usize],
    recs: (&ResultRecord, &ResultRecord),
    sides: Sides,
) -> Table {
    let ratio_head = format!("{}/{}", sides.new, sides.base);
    let mut t = Table::new(name, &["operation", sides.base, sides.new, &ratio_head]).wrapping(0);
    // Each operation's ratios, by name in order of first appearance, for the means.
    let mut by_name: Vec<(String, Vec<f64>)> = Vec::new();
    for &r in rows {
        let row = &cmp.rows[r];
        let cells: Vec<(usize, &Ratio)> = row
            .cells
            .iter()
            .enumerate()
            .filter_map(|(j, c)| c.as_ref().map(|c| (j, c)))
            .collect();
        if cells.is_empty() {
            continue;
        }
        t.group(row.label.clone());
        for (j, c) in cells {
            let op = &cmp.columns[j];
            let figure = |rec: &ResultRecord| {
                find(rec, &row.label, op).map_or(Cell::text("-"), Cell::headline)
            };
            t.row(vec![
                Cell::text(indented(op)),
                figure(recs.0),
                figure(recs.1),
                ratio_cell(c),
            ]);
            match by_name.iter_mut().find(|(n, _)| n == op) {
                Some((_, v)) => v.push(c.ratio),
                None => by_name.push((op.clone(), vec![c.ratio])),
            }
        }
    }
    let gm = |v: &[f64]| Cell::figure(report::fmt_speedup(geomean(v)), geomean(v), "x");
    let all: Vec<f64> = by_name
        .iter()
        .flat_map(|(_, v)| v.iter().copied())
        .collect();
    // By operation when some operation was compared more than once (a dh table's Offer over
    // its groups); a table of one ratio per operation (the 1995 rows) gets one mean.
    if by_name.len() > 1 && by_name.iter().any(|(_, v)| v.len() > 1) {
        t.group("geometric mean");
        for (n, v) in &by_name {
            t.row(vec![
                Cell::text(format!("  {n}")),
                Cell::empty(),
                Cell::empty(),
                gm(v),
            ]);
        }
        t.row(vec![
            Cell::text(format!("  all {} ratios", all.len())),
            Cell::empty(),
            Cell::empty(),
            gm(&all),
        ]);
    } else if !all.is_empty() {
        t.row(vec![
            Cell::text("geometric mean"),
            Cell::empty(),
            Cell::empty(),
            gm(&all),
        ]);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::{Machine, Stats};
    use crate::record::params;
    use crate::report::compare::{NoiseRule, compare};
    use serde_json::json;

    /// A record with one DH exchange and one KEM exchange, every time `scale` × its base.
    fn rec(scale: f64) -> ResultRecord {
        let mut r = ResultRecord::new("suite", "cpu", Machine::detect());
        let dh = params([("command", json!("dh")), ("group", json!("x25519"))]);
        let kem = params([("command", json!("dh")), ("group", json!("mlkem768"))]);
        for (name, p, ms) in [
            ("Offer", &dh, 0.02),
            ("Reply", &dh, 0.06),
            (KEYGEN_OP, &kem, 0.03),
            (ENCAPS_OP, &kem, 0.04),
            (DECAPS_OP, &kem, 0.05),
        ] {
            r.operations.push(Operation::timed(
                name,
                p.clone(),
                Stats::from_samples(vec![ms * scale], 1),
            ));
        }
        r
    }

    #[test]
    fn kem_rows_get_their_own_table_with_both_figures() {
        let (base, new) = (rec(1.0), rec(0.5));
        let cmp = compare(&base, &new, &NoiseRule::from_threshold(Some(1.0)));
        let sides = Sides {
            base: "[1]",
            new: "[2]",
        };
        let tables = pair_tables(&cmp, &base, &new, sides);
        let heads: Vec<&str> = tables.iter().map(|(h, _)| h.as_str()).collect();
        assert_eq!(heads, ["dh", "dh: KEM exchanges (KeyGen, Encaps, Decaps)"]);
        let (dh, kem) = (&tables[0].1, &tables[1].1);
        assert_eq!(dh.header, ["operation", "[1]", "[2]", "[2]/[1]"]);
        let texts = |t: &Table| -> Vec<Vec<String>> { t.rows.iter().map(|r| t.texts(r)).collect() };
        assert_eq!(
            texts(dh)[..3],
            [
                vec!["dh group=x25519", "", "", ""],
                vec!["  Offer", "20.00 µs", "10.00 µs", "2.00x"],
                vec!["  Reply", "60.00 µs", "30.00 µs", "2.00x"],
            ]
        );
        assert_eq!(kem.name, "compare.dh.kem");
        assert_eq!(
            texts(kem),
            [
                vec!["dh group=mlkem768", "", "", ""],
                vec!["  KeyGen", "30.00 µs", "15.00 µs", "2.00x"],
                vec!["  Encaps", "40.00 µs", "20.00 µs", "2.00x"],
                vec!["  Decaps", "50.00 µs", "25.00 µs", "2.00x"],
                vec!["geometric mean", "", "", "2.00x"],
            ]
        );
        // Typed: the figures in seconds, the ratio a factor.
        let enc = &kem.rows[2].cells;
        assert_eq!(enc[1].value.as_ref().map(|q| q.unit), Some("s"));
        assert!((enc[1].value.as_ref().unwrap().value - 40e-6).abs() < 1e-12);
        assert_eq!(
            enc[3].value.as_ref().map(|q| (q.value, q.unit)),
            Some((2.0, "x"))
        );
    }
}

//! The CSV renderer: a [`Doc`] as one long table (RFC 4180), a line per cell, so that every
//! table of every command reads into one data frame:
//!
//! ```text
//! table,row,column,text,value,unit,lo,hi
//! dh.operations,"Offer (x·G, fixed-base table)",median,2.075 µs,0.000002075,s,,
//! ```
//!
//! `table` is the table's name ([`super::Table::name`]; `facts` for "label: value" lines),
//! `row` the row's first cell (its label; [`super::Cell::key`], without a mark it shows), `column` the column's header (lines joined by a
//! space); `value`, `unit`, `lo` and `hi` are filled for figures ([`super::Quantity`]: SI
//! units, seconds for times). A row's label cell is not repeated as a cell of its own; a
//! group row is written as its label with an empty column.

use super::{Block, Doc};

/// The header line of the long table.
pub const HEADER: &str = "table,row,column,text,value,unit,lo,hi";

/// `doc` as CSV (header line first, '\n' line ends).
pub fn render(doc: &Doc) -> String {
    let mut s = format!("{HEADER}\n");
    for b in &doc.blocks {
        match b {
            Block::Facts(f) => {
                for (l, v) in &f.items {
                    s += &line(&["facts", l, "", v, "", "", "", ""]);
                }
            }
            Block::Table(t) => {
                let name = t.name.as_str();
                for r in &t.rows {
                    let label = r.cells.first().map_or(String::new(), |c| one_line(c.key()));
                    if r.group {
                        s += &line(&[name, &label, "", "", "", "", "", ""]);
                        continue;
                    }
                    let cells = t.cells_by_column(r);
                    for (i, c) in cells.iter().enumerate().skip(1) {
                        let Some(c) = c else { continue };
                        let column = one_line(t.header.get(i).map_or("", String::as_str));
                        let num = |v: Option<f64>| v.map_or(String::new(), |v| format!("{v}"));
                        let (value, unit, lo, hi) = match &c.value {
                            Some(q) => (num(Some(q.value)), q.unit, num(q.lo), num(q.hi)),
                            None => (String::new(), "", String::new(), String::new()),
                        };
                        s += &line(&[
                            name,
                            &label,
                            &column,
                            &one_line(&c.text),
                            &value,
                            unit,
                            &lo,
                            &hi,
                        ]);
                    }
                }
            }
            Block::Title(_) | Block::Heading(_) | Block::Text(_) | Block::Pre(_) => {}
        }
    }
    s
}

/// A text's lines joined by a space.
fn one_line(s: &str) -> String {
    s.split('\n')
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One CSV line: each field quoted when it holds a comma, a quote or a line break (quotes
/// doubled).
fn line(fields: &[&str]) -> String {
    let f: Vec<String> = fields
        .iter()
        .map(|f| {
            if f.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", f.replace('"', "\"\""))
            } else {
                (*f).to_string()
            }
        })
        .collect();
    f.join(",") + "\n"
}

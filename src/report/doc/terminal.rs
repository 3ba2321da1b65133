//! The terminal renderer: a [`Doc`] as the commands print it. Boxed tables are drawn by
//! comfy-table through [`report::table`] (80 columns, or a wider terminal's width; only the
//! table's wrap columns may wrap), prose is wrapped at 80 columns by [`report::wrap_text`].

use super::{Align, Block, Doc, Style, Table};
use crate::report;

/// `doc` as terminal text, every line ending in '\n'.
pub fn render(doc: &Doc) -> String {
    let mut s = String::new();
    for b in &doc.blocks {
        match b {
            Block::Title(t) | Block::Text(t) | Block::Pre(t) => {
                s += t;
                s.push('\n');
            }
            Block::Heading(h) => {
                s.push('\n');
                s += h;
                s.push('\n');
            }
            Block::Facts(f) => {
                for (label, value) in &f.items {
                    let label = format!("{label}:");
                    let pad = f.width.saturating_sub(report::text::width(&label)).max(1);
                    s += &format!("{label}{}{value}\n", " ".repeat(pad));
                }
            }
            Block::Table(t) => s += &table(t),
        }
    }
    report::wrap_text(&s)
}

/// One table as terminal lines (ending in '\n').
pub fn table(t: &Table) -> String {
    match t.style {
        Style::Boxed => {
            let header: Vec<&str> = t.header.iter().map(String::as_str).collect();
            let mut c = report::table(&header);
            for r in &t.rows {
                c.add_row(t.texts(r));
            }
            for &i in &t.wrap {
                report::wrap_column(&mut c, i);
            }
            format!("{c}\n")
        }
        Style::Plain { indent } => plain(t, indent),
    }
}

/// A table as aligned columns, each row on one line (a cell's lines joined by a space).
fn plain(t: &Table, indent: usize) -> String {
    let one_line = |s: &str| s.split('\n').collect::<Vec<_>>().join(" ");
    let mut lines: Vec<Vec<String>> = Vec::new();
    if !t.header.is_empty() {
        lines.push(t.header.iter().map(|h| one_line(h)).collect());
    }
    for r in &t.rows {
        lines.push(t.texts(r).iter().map(|c| one_line(c)).collect());
    }
    let n = t.columns();
    let widths: Vec<usize> = (0..n)
        .map(|c| {
            lines
                .iter()
                .filter_map(|l| l.get(c))
                .map(|s| report::text::width(s))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut s = String::new();
    for l in &lines {
        let mut line = " ".repeat(indent);
        for (c, cell) in l.iter().enumerate() {
            let pad = " ".repeat(widths[c] - report::text::width(cell));
            if c > 0 {
                line.push(' ');
            }
            match t.align.get(c).copied().unwrap_or(Align::Left) {
                Align::Left => line += &format!("{cell}{pad}"),
                Align::Right => line += &format!("{pad}{cell}"),
            }
        }
        s += line.trim_end();
        s.push('\n');
    }
    s
}

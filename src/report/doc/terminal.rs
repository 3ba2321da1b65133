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

/// One table as terminal lines (ending in '\n'). A boxed table still wider than
/// [`report::table_width`] after its wrap columns gave what they could (five runs side by
/// side, each with its interval) is drawn in blocks of columns ([`column_blocks`]).
pub fn table(t: &Table) -> String {
    match t.style {
        Style::Boxed => {
            let all: Vec<usize> = (0..t.columns()).collect();
            let whole = boxed(t, &all);
            if widest(&whole) <= usize::from(report::table_width()) {
                whole
            } else {
                column_blocks(t)
            }
        }
        Style::Plain { indent } => plain(t, indent),
    }
}

/// Columns `cols` of `t` (in that order) as one boxed table; a wrap column of `t` among them
/// may wrap.
fn boxed(t: &Table, cols: &[usize]) -> String {
    let header: Vec<&str> = cols
        .iter()
        .map(|&c| t.header.get(c).map_or("", String::as_str))
        .collect();
    let mut c = report::table(&header);
    for r in &t.rows {
        let texts = t.texts(r);
        c.add_row(cols.iter().map(|&i| texts[i].as_str()).collect::<Vec<_>>());
    }
    for (at, i) in cols.iter().enumerate() {
        if t.wrap.contains(i) {
            report::wrap_column(&mut c, at);
        }
    }
    format!("{c}\n")
}

/// The widest line of `s`, in terminal columns.
fn widest(s: &str) -> usize {
    s.lines().map(report::text::width).max().unwrap_or(0)
}

/// A boxed table too wide for the terminal as several tables, one under the other: each
/// repeats the first column (the row labels) and takes as many of the next columns, in order,
/// as fit in [`report::table_width`] (at least one, so a single column wider than the
/// terminal still shows whole). Every cell appears once, beside its row's label.
fn column_blocks(t: &Table) -> String {
    let max = usize::from(report::table_width());
    let mut blocks: Vec<Vec<usize>> = Vec::new();
    let mut block = vec![0];
    for c in 1..t.columns() {
        let mut wider = block.clone();
        wider.push(c);
        if block.len() > 1 && widest(&boxed(t, &wider)) > max {
            blocks.push(std::mem::replace(&mut block, vec![0, c]));
        } else {
            block = wider;
        }
    }
    blocks.push(block);
    blocks
        .iter()
        .map(|b| boxed(t, b))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A table as aligned columns, each row on one line (a cell's lines joined by a space); a
/// group row is a line of its own at the table's indent, and a spanned first cell is
/// right-aligned over the columns it covers. Neither widens a column.
fn plain(t: &Table, indent: usize) -> String {
    let one_line = |s: &str| s.split('\n').collect::<Vec<_>>().join(" ");
    let n = t.columns();
    let header: Vec<String> = t.header.iter().map(|h| one_line(h)).collect();
    let rows: Vec<Vec<String>> = t
        .rows
        .iter()
        .map(|r| t.texts(r).iter().map(|c| one_line(c)).collect())
        .collect();
    let widths: Vec<usize> = (0..n)
        .map(|c| {
            let body = t
                .rows
                .iter()
                .zip(&rows)
                .filter(|(r, _)| !r.group && (r.span < 2 || c >= r.span))
                .filter_map(|(_, l)| l.get(c));
            (!header.is_empty())
                .then_some(&header)
                .into_iter()
                .filter_map(|h| h.get(c))
                .chain(body)
                .map(|s| report::text::width(s))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let widths = fit_wrap_column(t, indent, widths, &rows);
    let align = |c: usize| t.align.get(c).copied().unwrap_or(Align::Left);
    let line = |cells: &[String], span: usize| {
        let mut line = " ".repeat(indent);
        let mut c = 0;
        if span > 1 {
            let w = widths[..span].iter().sum::<usize>() + span - 1;
            let cell = &cells[0];
            line += &format!(
                "{}{cell}",
                " ".repeat(w.saturating_sub(report::text::width(cell)))
            );
            c = span;
        }
        while c < cells.len() {
            let cell = &cells[c];
            let pad = " ".repeat(widths[c].saturating_sub(report::text::width(cell)));
            if c > 0 {
                line.push(' ');
            }
            match align(c) {
                Align::Left => line += &format!("{cell}{pad}"),
                Align::Right => line += &format!("{pad}{cell}"),
            }
            c += 1;
        }
        line.trim_end().to_string() + "\n"
    };
    let mut s = String::new();
    if !header.is_empty() {
        s += &line(&header, 0);
    }
    let wrap = t.wrap.first().copied().filter(|&c| c < n);
    for (r, cells) in t.rows.iter().zip(&rows) {
        if r.group {
            s += &format!("{}{}\n", " ".repeat(indent), cells[0]);
            continue;
        }
        // A cell of the wrap column longer than its width continues on lines of its own,
        // under itself, the other columns blank there.
        match wrap.filter(|&c| r.span < 2 || c >= r.span) {
            Some(c) if report::text::width(&cells[c]) > widths[c] => {
                let parts = report::text::wrap_words(&cells[c], widths[c]);
                for (i, part) in parts.split('\n').enumerate() {
                    let mut l: Vec<String> = if i == 0 {
                        cells.clone()
                    } else {
                        vec![String::new(); cells.len()]
                    };
                    l[c] = part.to_string();
                    s += &line(&l, if i == 0 { r.span } else { 0 });
                }
            }
            _ => s += &line(cells, r.span),
        }
    }
    s
}

/// The column widths of a plain table narrowed to fit [`report::TEXT_WIDTH`]: when the
/// table is wider, its first wrap column ([`Table::wrap`]) gives up what it can, down to its
/// longest word (a word is never cut; the table may then stay wider).
fn fit_wrap_column(
    t: &Table,
    indent: usize,
    mut widths: Vec<usize>,
    rows: &[Vec<String>],
) -> Vec<usize> {
    let total = indent + widths.iter().sum::<usize>() + widths.len().saturating_sub(1);
    let Some(&c) = t.wrap.first().filter(|&&c| c < widths.len()) else {
        return widths;
    };
    if total <= report::TEXT_WIDTH {
        return widths;
    }
    let longest_word = t
        .header
        .get(c)
        .into_iter()
        .chain(rows.iter().filter_map(|r| r.get(c)))
        .flat_map(|s| s.split_whitespace())
        .map(report::text::width)
        .max()
        .unwrap_or(1);
    widths[c] = widths[c]
        .saturating_sub(total - report::TEXT_WIDTH)
        .max(longest_word);
    widths
}

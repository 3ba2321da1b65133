//! The document model between a record and every output format.
//!
//! A command's view turns a [`crate::record::ResultRecord`] into a [`Doc`]: a title, facts
//! ("label: value" lines), tables of typed [`Cell`]s (a name, or a figure with its value,
//! unit and interval), and prose. One renderer per format turns a `Doc` into text:
//! [`terminal`] (comfy-table, as the commands print), [`markdown`], [`html`] (a fragment
//! that `pkbench report` places in its page) and [`csv`] (one long table, a line per cell,
//! as `hyperfine --export-csv` and `openssl speed -mr` users read). No format is a re-parse
//! of another: each reads the same `Doc` (the shape of criterion.rs's `Report` trait).
//! JSON is the record itself ([`crate::report::json`]).

pub mod csv;
pub mod html;
pub mod markdown;
pub mod terminal;

use crate::measure::interval::Interval;
use crate::report;

/// A command's report, format-free: blocks in reading order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Doc {
    /// The blocks, in order.
    pub blocks: Vec<Block>,
}

/// One piece of a [`Doc`].
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// The report's first line ("pkbench dh: gf2-155 (…)"); a heading in Markdown and HTML.
    Title(String),
    /// A section heading inside the report ("by implementation …").
    Heading(String),
    /// "label: value" lines, the values aligned.
    Facts(Facts),
    /// A table of cells.
    Table(Table),
    /// Prose: its lines as written ('\n' between them); the terminal wraps a long line at
    /// 80 columns with a hanging indent, Markdown and HTML make each line a line of a
    /// paragraph.
    Text(String),
    /// Text kept exactly as written in every format (aligned columns, a diagram).
    Pre(String),
}

/// "label: value" lines ([`Block::Facts`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Facts {
    /// Width of the label column in the terminal, colon and spaces included (11 in most
    /// reports: "exponent:  " then the value).
    pub width: usize,
    /// The lines: label (without its colon) and value.
    pub items: Vec<(String, String)>,
}

/// How a table is drawn in the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Box-drawn by comfy-table ([`report::table`]).
    Boxed,
    /// Columns aligned with spaces, the whole table indented by `indent` spaces, one line per
    /// row (a cell's lines joined by a space): for tables inside prose.
    Plain {
        /// Spaces before each line.
        indent: usize,
    },
}

/// A column's alignment in the terminal (figures right, names left).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Left-aligned (names, text).
    Left,
    /// Right-aligned (figures).
    Right,
}

/// A table ([`Block::Table`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// A short identifier, stable across runs ("dh.operations"): the CSV's `table` column
    /// and the HTML table's `data-table` attribute.
    pub name: String,
    /// Column headers (a header may hold '\n': two-line headers keep columns narrow).
    pub header: Vec<String>,
    /// Rows, each with as many cells as the header (fewer are padded with empty cells).
    pub rows: Vec<Row>,
    /// Columns that may wrap at spaces in the terminal ([`report::wrap_column`]); no other
    /// column is ever wrapped.
    pub wrap: Vec<usize>,
    /// How the terminal draws it.
    pub style: Style,
    /// Per-column alignment for [`Style::Plain`] (missing: left).
    pub align: Vec<Align>,
}

/// One row of a [`Table`].
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The cells.
    pub cells: Vec<Cell>,
    /// A heading row: only its first cell is filled, naming the rows under it (or, in a
    /// plain table, a note on the row above it: a line of its own).
    pub group: bool,
    /// The number of columns the first cell covers (0 or 1: its own column only); the
    /// other cells fill the columns after it. A plain table right-aligns a spanned cell
    /// over the columns it covers (the like-for-like line under a row of `--impl`).
    pub span: usize,
}

/// A table cell: the text every format shows, and for a figure its value with unit and
/// interval (CSV writes them as numbers; HTML right-aligns them).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Cell {
    /// What the cell shows ('\n' between lines).
    pub text: String,
    /// The figure behind the text, if the cell is one.
    pub value: Option<Quantity>,
    /// What data formats name the cell by when it differs from `text`: a row label shown
    /// with a mark ("► p256", the chosen row) is keyed "p256" in CSV, the mark being
    /// decoration ([`Cell::marked`]).
    pub key: Option<String>,
}

/// A figure in a cell: value in `unit`, and the bounds of its range when it has one (a 95 %
/// interval; for a "q1 … q3" cell, the quartiles around the median).
#[derive(Debug, Clone, PartialEq)]
pub struct Quantity {
    /// The value, in `unit`.
    pub value: f64,
    /// The unit, SI where there is one: "s" (a time), "1/s" (a rate), "B/s", "B", "x" (a
    /// ratio or speedup), "bits"; "" for a plain count.
    pub unit: &'static str,
    /// The interval's lower bound, in `unit`.
    pub lo: Option<f64>,
    /// The interval's upper bound, in `unit`.
    pub hi: Option<f64>,
}

impl Cell {
    /// A cell of text (a name, a label, a note).
    pub fn text(s: impl Into<String>) -> Cell {
        Cell {
            text: s.into(),
            value: None,
            key: None,
        }
    }

    /// A label shown after a one-character `mark` and a space ("► p256"; a blank mark keeps
    /// the column aligned), keyed by `label` alone in data formats.
    pub fn marked(mark: &str, label: impl Into<String>) -> Cell {
        let label = label.into();
        Cell {
            text: format!("{mark} {label}"),
            value: None,
            key: Some(label),
        }
    }

    /// The name data formats give the cell: its key, else its text.
    pub fn key(&self) -> &str {
        self.key.as_deref().unwrap_or(&self.text)
    }

    /// An empty cell.
    pub fn empty() -> Cell {
        Cell::default()
    }

    /// A figure shown as `text`, with `value` in `unit`.
    pub fn figure(text: impl Into<String>, value: f64, unit: &'static str) -> Cell {
        Cell {
            text: text.into(),
            value: value.is_finite().then_some(Quantity {
                value,
                unit,
                lo: None,
                hi: None,
            }),
            key: None,
        }
    }

    /// A time given in milliseconds, shown by [`report::fmt_time_ms`] ("8.405 µs"), stored
    /// in seconds.
    pub fn time_ms(ms: f64) -> Cell {
        Cell::figure(report::fmt_time_ms(ms), ms * 1e-3, "s")
    }

    /// A rate per second, shown by [`report::fmt_rate`] ("1.235M/s").
    pub fn rate(per_sec: f64) -> Cell {
        Cell::figure(report::fmt_rate(per_sec), per_sec, "1/s")
    }

    /// A byte rate, shown in decimal megabytes per second without its unit ("0.6278": the
    /// column's header says "MB/s"), stored in bytes per second; "-" when not finite.
    pub fn mb_per_s(bytes_per_sec: f64) -> Cell {
        let text = if bytes_per_sec.is_finite() {
            report::sig4(bytes_per_sec / 1e6)
        } else {
            "-".into()
        };
        Cell::figure(text, bytes_per_sec, "B/s")
    }

    /// A speedup or speed ratio, shown by [`report::fmt_speedup`] ("2.00x").
    pub fn ratio(x: f64) -> Cell {
        Cell::figure(report::fmt_speedup(x), x, "x")
    }

    /// A ratio with its 95 % interval, shown by [`report::fmt_speedup_interval`]
    /// ("2.41x [2.30, 2.55]").
    pub fn ratio_interval(iv: &Interval) -> Cell {
        Cell {
            text: report::fmt_speedup_interval(iv),
            value: iv.estimate.is_finite().then_some(Quantity {
                value: iv.estimate,
                unit: "x",
                lo: Some(iv.lo),
                hi: Some(iv.hi),
            }),
            key: None,
        }
    }

    /// An operation's headline figure ([`crate::record::Operation::headline_figure`]): a
    /// time per operation in seconds, or a rate (bytes per second for a `bytes*` figure,
    /// else per second), shown by [`report::compare::fmt_headline`]; "-" without one.
    pub fn headline(op: &crate::record::Operation) -> Cell {
        use crate::record::Better;
        let text = report::compare::fmt_headline(op);
        match op.headline_figure() {
            Some((_, v, Better::Lower)) => Cell::figure(text, v * 1e-3, "s"),
            Some((k, v, Better::Higher)) if k.starts_with("bytes") => Cell::figure(text, v, "B/s"),
            Some((_, v, Better::Higher)) => Cell::figure(text, v, "1/s"),
            None => Cell::text(text),
        }
    }

    /// The median of a timed operation's statistics with its quartiles as the range, shown
    /// "q1 … q3" ([`report::fmt_quartiles_ms`]), in seconds.
    pub fn quartiles(st: &crate::measure::Stats) -> Cell {
        Cell::figure(
            report::fmt_quartiles_ms(st.q1_ms, st.q3_ms),
            st.median_ms * 1e-3,
            "s",
        )
        .with_interval(st.q1_ms * 1e-3, st.q3_ms * 1e-3)
    }

    /// This cell with the interval `lo`, `hi` (in the cell's unit) on its figure.
    #[must_use]
    pub fn with_interval(mut self, lo: f64, hi: f64) -> Cell {
        if let Some(q) = &mut self.value {
            q.lo = Some(lo);
            q.hi = Some(hi);
        }
        self
    }
}

impl From<String> for Cell {
    fn from(s: String) -> Cell {
        Cell::text(s)
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Cell {
        Cell::text(s)
    }
}

impl Table {
    /// An empty boxed table named `name` with `header`.
    pub fn new(name: impl Into<String>, header: &[&str]) -> Table {
        Table {
            name: name.into(),
            header: header.iter().map(|h| (*h).to_string()).collect(),
            rows: Vec::new(),
            wrap: Vec::new(),
            style: Style::Boxed,
            align: Vec::new(),
        }
    }

    /// Adds a row of `cells`.
    pub fn row(&mut self, cells: Vec<Cell>) -> &mut Table {
        self.rows.push(Row {
            cells,
            group: false,
            span: 0,
        });
        self
    }

    /// Adds a row whose first cell covers the first `span` columns ([`Row::span`]), the
    /// other cells following in the columns after them.
    pub fn spanned_row(&mut self, span: usize, cells: Vec<Cell>) -> &mut Table {
        self.rows.push(Row {
            cells,
            group: false,
            span,
        });
        self
    }

    /// Adds a heading row naming the rows under it.
    pub fn group(&mut self, label: impl Into<String>) -> &mut Table {
        self.rows.push(Row {
            cells: vec![Cell::text(label)],
            group: true,
            span: 0,
        });
        self
    }

    /// Lets column `index` wrap at spaces in the terminal.
    #[must_use]
    pub fn wrapping(mut self, index: usize) -> Table {
        self.wrap.push(index);
        self
    }

    /// Draws the table as aligned plain columns indented by `indent`, aligned per `align`.
    #[must_use]
    pub fn plain(mut self, indent: usize, align: &[Align]) -> Table {
        self.style = Style::Plain { indent };
        self.align = align.to_vec();
        self
    }

    /// The number of columns: the header's, or the widest row's for a table without one.
    pub fn columns(&self) -> usize {
        self.rows
            .iter()
            .map(|r| r.cells.len() + r.span.saturating_sub(1))
            .max()
            .unwrap_or(0)
            .max(self.header.len())
    }

    /// Row `r`'s cells as texts, one per column, padded to [`Table::columns`] (a spanned
    /// first cell followed by empty cells for the other columns it covers).
    pub fn texts(&self, r: &Row) -> Vec<String> {
        let mut v: Vec<String> = r.cells.iter().map(|c| c.text.clone()).collect();
        if r.span > 1 && !v.is_empty() {
            v.splice(1..1, std::iter::repeat_n(String::new(), r.span - 1));
        }
        v.resize(self.columns(), String::new());
        v
    }

    /// Row `r`'s cells, one per column as [`Table::texts`] places them (`None` for a column
    /// a spanned cell covers, or past the row's cells).
    pub fn cells_by_column<'a>(&self, r: &'a Row) -> Vec<Option<&'a Cell>> {
        let mut v: Vec<Option<&Cell>> = r.cells.iter().map(Some).collect();
        if r.span > 1 && !v.is_empty() {
            v.splice(1..1, std::iter::repeat_n(None, r.span - 1));
        }
        v.resize(self.columns(), None);
        v
    }
}

impl Doc {
    /// An empty document.
    pub fn new() -> Doc {
        Doc::default()
    }

    /// Adds a block.
    pub fn push(&mut self, b: Block) -> &mut Doc {
        self.blocks.push(b);
        self
    }

    /// Adds the title line.
    pub fn title(&mut self, s: impl Into<String>) -> &mut Doc {
        self.push(Block::Title(s.into()))
    }

    /// Adds a section heading.
    pub fn heading(&mut self, s: impl Into<String>) -> &mut Doc {
        self.push(Block::Heading(s.into()))
    }

    /// Adds prose (lines joined by '\n'; a trailing newline is dropped).
    pub fn text(&mut self, s: impl Into<String>) -> &mut Doc {
        let s: String = s.into();
        let s = s.strip_suffix('\n').unwrap_or(&s).to_string();
        self.push(Block::Text(s))
    }

    /// Adds one fact, merged into the facts block just before it if there is one.
    pub fn fact(&mut self, label: impl Into<String>, value: impl Into<String>) -> &mut Doc {
        let item = (label.into(), value.into());
        match self.blocks.last_mut() {
            Some(Block::Facts(f)) => f.items.push(item),
            _ => self.blocks.push(Block::Facts(Facts {
                width: 11,
                items: vec![item],
            })),
        }
        self
    }

    /// Adds a table.
    pub fn table(&mut self, t: Table) -> &mut Doc {
        self.push(Block::Table(t))
    }

    /// Appends every block of `other`.
    pub fn extend(&mut self, other: Doc) -> &mut Doc {
        self.blocks.extend(other.blocks);
        self
    }

    /// The tables of the document, in order.
    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        self.blocks.iter().filter_map(|b| match b {
            Block::Table(t) => Some(t),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests;

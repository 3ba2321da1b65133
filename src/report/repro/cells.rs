//! A table as text cells and its renderings (terminal, Markdown), and the formats of the
//! figures in it.

use crate::report;

/// A table as text cells: the header, then one line per row; the first `label_columns`
/// columns are labels (left-aligned in Markdown), the rest figures (right-aligned).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cells {
    /// Column headers.
    pub header: Vec<String>,
    /// One line of cells per row, as wide as the header.
    pub lines: Vec<Vec<String>>,
    /// How many leading columns are labels.
    pub label_columns: usize,
}

impl Cells {
    /// The terminal table (comfy-table, [`report::table`]), ending with a newline: headers
    /// word-wrapped into lines of at most 12 characters, the first label column wrapped at
    /// spaces when the table would not fit.
    pub fn text(&self) -> String {
        self.render(true)
    }

    /// The terminal table with every row on one line, as wide as it takes (`repro --wide`;
    /// headers still wrapped into lines of 12 characters).
    pub fn text_wide(&self) -> String {
        self.render(false)
    }

    fn render(&self, fit: bool) -> String {
        report::doc::terminal::table(&self.table("repro", fit))
    }

    /// The table as a document's table named `name`: headers word-wrapped into lines of at
    /// most 12 characters, the first label column wrapping at spaces when `fit`.
    pub fn table(&self, name: &str, fit: bool) -> report::doc::Table {
        let h: Vec<String> = self
            .header
            .iter()
            .map(|h| report::text::wrap_words(h, 12))
            .collect();
        let h: Vec<&str> = h.iter().map(String::as_str).collect();
        let mut t = report::doc::Table::new(name, &h);
        for l in &self.lines {
            t.row(
                l.iter()
                    .map(|c| report::doc::Cell::text(c.clone()))
                    .collect(),
            );
        }
        if fit { t.wrapping(0) } else { t }
    }

    /// The table as GitHub-flavoured Markdown ('|' in a cell escaped; a line break in a
    /// cell, as between a speedup and its interval, becomes a space: a Markdown row is one
    /// line), ending with a newline.
    pub fn markdown(&self) -> String {
        let row = |cells: &[String]| {
            let esc: Vec<String> = cells
                .iter()
                .map(|c| md_escape(&c.replace('\n', " ")))
                .collect();
            format!("| {} |\n", esc.join(" | "))
        };
        let mut s = row(&self.header);
        let align: Vec<String> = (0..self.header.len())
            .map(|i| {
                if i < self.label_columns {
                    "---".into()
                } else {
                    "---:".into()
                }
            })
            .collect();
        s += &row(&align);
        for l in &self.lines {
            s += &row(l);
        }
        s
    }
}

/// A cell for Markdown: '|' escaped, a second line (a speedup's interval) joined with a
/// space (a Markdown row is one line).
fn md_escape(c: &str) -> String {
    c.replace('|', "\\|").replace('\n', " ")
}

/// Notes under a table as a list, one `- note` line each (Markdown-escaped with `markdown`).
pub fn note_list(notes: &[String], markdown: bool) -> String {
    notes
        .iter()
        .map(|n| {
            if markdown {
                format!("- {}\n", md_escape(n))
            } else {
                format!("- {n}\n")
            }
        })
        .collect()
}

/// A posted figure: with `digits` significant digits ("35.50"), or as posted, the shortest
/// decimal that reads back as the same number ("1.37", "0.99", "115", "2670").
pub fn fmt_posted(v: f64, digits: Option<usize>) -> String {
    match digits {
        Some(n) if v > 0.0 && v.is_finite() => {
            let d = v.log10().floor() as i64;
            let decimals = (n as i64 - 1 - d).clamp(0, 9) as usize;
            format!("{v:.decimals$}")
        }
        _ => format!("{v}"),
    }
}

/// A figure with up to four significant digits ("1.37", "2670", "0.1692"; no decimals from
/// 10000 up).
pub fn fmt_value(v: f64) -> String {
    if v >= 10_000.0 {
        format!("{v:.0}")
    } else {
        report::sig4(v)
    }
}

/// A speedup as "×N" with three significant digits ("×1.23", "×45.6", "×1234").
/// An interval bound of a speedup, to 3 significant digits.
pub(super) fn fmt_bound(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// A speedup in pkbench's one notation ([`report::fmt_speedup`]): "82x", "26.4x", "5.56x".
pub use crate::report::fmt_speedup;

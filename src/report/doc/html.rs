//! The HTML renderer: a [`Doc`] as an HTML fragment (no `<html>` or style sheet: `pkbench
//! report` places fragments in its self-contained page, [`crate::report::html`]). Every text
//! is escaped ([`escape`]). Tables carry `class="command"` and `data-table` (the table's
//! name); cells holding a figure get `class="num"` (right-aligned) and `data-value` /
//! `data-unit` (the figure as a number, as CSV gives it).

use super::{Block, Doc, Table};

/// `s` with the five characters HTML gives a meaning (`& < > " '`) written as references,
/// safe inside element text and quoted attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out += "&amp;",
            '<' => out += "&lt;",
            '>' => out += "&gt;",
            '"' => out += "&quot;",
            '\'' => out += "&#39;",
            c => out.push(c),
        }
    }
    out
}

/// `doc` as an HTML fragment; the title is an `<h3>`, a heading an `<h4>`.
pub fn render(doc: &Doc) -> String {
    let mut s = String::new();
    for b in &doc.blocks {
        match b {
            Block::Title(t) => s += &format!("<h3>{}</h3>\n", escape(t)),
            Block::Heading(h) => s += &format!("<h4>{}</h4>\n", escape(h)),
            Block::Facts(f) => {
                s += "<table class=\"meta\">\n<tbody>\n";
                for (l, v) in &f.items {
                    s += &format!("<tr><th>{}</th><td>{}</td></tr>\n", escape(l), escape(v));
                }
                s += "</tbody>\n</table>\n";
            }
            Block::Table(t) => s += &table(t),
            Block::Text(t) => {
                let lines: Vec<String> = t
                    .lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(|l| escape(l.trim()))
                    .collect();
                if !lines.is_empty() {
                    s += &format!("<p>{}</p>\n", lines.join("<br>\n"));
                }
            }
            Block::Pre(p) => s += &format!("<pre>{}</pre>\n", escape(p.trim_end())),
        }
    }
    s
}

/// One table: header cells `<th>`, body cells `<td>` (a cell's lines joined by `<br>`), a
/// group row with class `group` and its one cell spanning the table.
pub fn table(t: &Table) -> String {
    let lines = |c: &str| {
        c.split('\n')
            .map(|l| escape(l.trim()))
            .collect::<Vec<_>>()
            .join("<br>")
    };
    let n = t.columns();
    let mut s = format!(
        "<table class=\"command\" data-table=\"{}\">\n",
        escape(&t.name)
    );
    if !t.header.is_empty() {
        s += "<thead><tr>";
        for i in 0..n {
            s += &format!(
                "<th>{}</th>",
                lines(t.header.get(i).map_or("", String::as_str))
            );
        }
        s += "</tr></thead>\n";
    }
    s += "<tbody>\n";
    for r in &t.rows {
        if r.group {
            let label = r.cells.first().map_or("", |c| c.text.as_str());
            s += &format!(
                "<tr class=\"group\"><td colspan=\"{n}\">{}</td></tr>\n",
                lines(label)
            );
            continue;
        }
        s += "<tr>";
        let span = r.span.clamp(1, n.max(1));
        for (i, c) in r.cells.iter().enumerate() {
            let at = if i == 0 { 0 } else { i + span - 1 };
            if at >= n {
                break;
            }
            let indent = c.text.starts_with("  ");
            let mut attrs = String::new();
            let mut classes = Vec::new();
            if let Some(q) = &c.value {
                classes.push("num");
                attrs += &format!(
                    " data-value=\"{}\" data-unit=\"{}\"",
                    q.value,
                    escape(q.unit)
                );
            }
            if indent {
                classes.push("indent");
            }
            if !classes.is_empty() {
                attrs = format!(" class=\"{}\"{attrs}", classes.join(" "));
            }
            if i == 0 && span > 1 {
                attrs += &format!(" colspan=\"{span}\"");
            }
            s += &format!("<td{attrs}>{}</td>", lines(&c.text));
        }
        let filled = (r.cells.len() + span - 1).min(n);
        s += &"<td></td>".repeat(n - filled);
        s += "</tr>\n";
    }
    s += "</tbody>\n</table>\n";
    s
}

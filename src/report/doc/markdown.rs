//! The Markdown renderer: a [`Doc`] as GitHub-flavoured Markdown. The title is a level-2
//! heading, a section heading level 3, facts a list, tables pipe tables (a cell's lines
//! joined by `<br>`, `|` escaped), prose paragraphs whose lines end in a hard break.

use super::{Block, Doc, Table};

/// `doc` as Markdown.
pub fn render(doc: &Doc) -> String {
    let mut parts: Vec<String> = Vec::new();
    for b in &doc.blocks {
        parts.push(match b {
            Block::Title(t) => format!("## {}\n", inline(t)),
            Block::Heading(h) => format!("### {}\n", inline(h)),
            Block::Facts(f) => f
                .items
                .iter()
                .map(|(l, v)| format!("- **{}:** {}\n", inline(l), inline(v)))
                .collect(),
            Block::Table(t) => table(t),
            Block::Text(t) => {
                let lines: Vec<String> = t
                    .lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(|l| inline(l.trim()))
                    .collect();
                if lines.is_empty() {
                    continue;
                }
                lines.join("  \n") + "\n"
            }
            Block::Pre(p) => format!("```text\n{p}\n```\n"),
        });
    }
    parts.join("\n")
}

/// One table as a pipe table.
pub fn table(t: &Table) -> String {
    let n = t.columns();
    let mut header: Vec<String> = t.header.iter().map(|h| cell(h)).collect();
    header.resize(n, String::new());
    let mut s = format!("| {} |\n", header.join(" | "));
    s += &format!("|{}\n", "---|".repeat(n));
    for r in &t.rows {
        let cells: Vec<String> = t.texts(r).iter().map(|c| cell(c)).collect();
        s += &format!("| {} |\n", cells.join(" | "));
    }
    s
}

/// A cell's text: lines joined by `<br>`, `|` escaped.
fn cell(s: &str) -> String {
    s.split('\n')
        .map(|l| inline(l.trim()))
        .collect::<Vec<_>>()
        .join("<br>")
        .replace('|', "\\|")
}

/// Text with the characters Markdown would read as markup at the start of a line or as
/// emphasis escaped (`*`, `_`, `` ` ``, `<`).
fn inline(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '*' | '_' | '`' => {
                out.push('\\');
                out.push(c);
            }
            '<' => out += "&lt;",
            c => out.push(c),
        }
    }
    out
}

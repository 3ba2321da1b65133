//! A command's terminal text read back as blocks of prose and tables, so that the HTML page
//! shows the same tables as the terminal, cell by cell.
//!
//! The text must be rendered inside [`crate::report::with_ruled_tables`]: every table is then
//! drawn in comfy-table's `UTF8_FULL` style, with a rule between rows, so a cell of two lines
//! (a wrapped label, a figure with its interval under it) is still one row:
//!
//! ```text
//! ┌──────┬────────┐
//! │ item ┆ median │
//! ╞══════╪════════╡
//! │ dh   ┆ 1.2 ms │
//! ├╌╌╌╌╌╌┼╌╌╌╌╌╌╌╌┤
//! │   Of ┆ 0.4 ms │
//! │ fer  ┆        │
//! └──────┴────────┘
//! ```

/// One piece of a command's text.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// Lines that are not a table (headers, notes), with their line breaks.
    Text(String),
    /// A table's cells.
    Table(Grid),
}

/// The cells of a table: each cell's lines joined by '\n', the first line with the
/// indentation it had in the terminal (the cell padding removed), the others trimmed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Grid {
    /// The header row (empty for a table without one).
    pub header: Vec<String>,
    /// The body rows, in order; each as many cells as the table has columns.
    pub rows: Vec<Vec<String>>,
}

/// Splits `text` into prose and tables (a table runs from a line starting with '┌' to the
/// next line starting with '└'; an unclosed one stays prose).
pub fn parse(text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut prose = String::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].starts_with('┌')
            && let Some(end) = lines[i..].iter().position(|l| l.starts_with('└'))
        {
            if !prose.trim().is_empty() {
                out.push(Block::Text(std::mem::take(&mut prose)));
            }
            prose.clear();
            out.push(Block::Table(grid(&lines[i + 1..i + end])));
            i += end + 1;
            continue;
        }
        prose += lines[i];
        prose.push('\n');
        i += 1;
    }
    if !prose.trim().is_empty() {
        out.push(Block::Text(prose));
    }
    out
}

/// The cells of a table's lines between its top and bottom borders.
fn grid(body: &[&str]) -> Grid {
    let mut g = Grid::default();
    let mut row: Vec<Vec<String>> = Vec::new();
    for line in body {
        if line.starts_with('╞') {
            g.header = join(&std::mem::take(&mut row));
        } else if line.starts_with('├') {
            g.rows.push(join(&std::mem::take(&mut row)));
        } else if let Some(cells) = cells(line) {
            row.push(cells);
        }
    }
    if !row.is_empty() {
        g.rows.push(join(&row));
    }
    g
}

/// The cells of one content line ("│ a ┆ b │"), the padding space before each removed.
fn cells(line: &str) -> Option<Vec<String>> {
    let inner = line.strip_prefix('│')?.strip_suffix('│')?;
    Some(
        inner
            .split('┆')
            .map(|c| c.strip_prefix(' ').unwrap_or(c).trim_end().to_string())
            .collect(),
    )
}

/// The lines of one row joined cell by cell (empty lines dropped).
fn join(lines: &[Vec<String>]) -> Vec<String> {
    let n = lines.iter().map(Vec::len).max().unwrap_or(0);
    (0..n)
        .map(|c| {
            let mut parts = lines
                .iter()
                .filter_map(|l| l.get(c))
                .filter(|s| !s.trim().is_empty());
            let mut cell = parts.next().cloned().unwrap_or_default();
            for p in parts {
                cell.push('\n');
                cell += p.trim();
            }
            cell
        })
        .collect()
}

/// Every table of class `class` in an HTML page as [`super::grid_html`] writes it (or as a
/// browser serialises it back, e.g. `chromium --dump-dom`): its rows, each row's cells
/// (`<th>` and `<td>`) as text, tags removed, `<br>` read as '\n' and the references of
/// [`super::escape`] decoded. For tests and tools that read a report's figures back.
pub fn page_tables(page: &str, class: &str) -> Vec<Vec<Vec<String>>> {
    let open = format!("<table class=\"{class}\"");
    page.match_indices(&open)
        .map(|(i, _)| {
            let end = page[i..].find("</table>").map_or(page.len(), |e| i + e);
            page[i..end]
                .split("<tr")
                .skip(1)
                .map(|row| {
                    row.split("<t")
                        .skip(1)
                        .filter(|c| {
                            c.starts_with('d') || c.starts_with("h>") || c.starts_with("h ")
                        })
                        .map(|c| {
                            let c = c.split_once('>').map_or("", |(_, rest)| rest);
                            let c = c.find("</t").map_or(c, |e| &c[..e]);
                            unescape(&c.replace("<br>", "\n"))
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// `s` with the references [`super::escape`] writes (and `&nbsp;`) decoded.
fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report;

    #[test]
    fn ruled_tables_read_back_cell_by_cell() {
        let text = report::with_ruled_tables(|| {
            let mut t = report::table(&["item\n  operation", "median"]);
            t.add_row(vec!["dh group=modp-768", ""]);
            t.add_row(vec!["  Offer", "1.234 ms"]);
            t.add_row(vec!["  Total = 2*Offer\n  + Reply", "3.5 ms\n±2 %"]);
            format!("pkbench dh: a header line\n{t}\nnote: after\n")
        });
        let blocks = parse(&text);
        assert_eq!(blocks.len(), 3, "{text}");
        assert_eq!(blocks[0], Block::Text("pkbench dh: a header line\n".into()));
        let Block::Table(g) = &blocks[1] else {
            panic!("{blocks:?}")
        };
        assert_eq!(g.header, ["item\noperation", "median"]);
        assert_eq!(
            g.rows,
            [
                vec!["dh group=modp-768".to_string(), String::new()],
                vec!["  Offer".into(), "1.234 ms".into()],
                vec!["  Total = 2*Offer\n+ Reply".into(), "3.5 ms\n±2 %".into()],
            ]
        );
        assert_eq!(blocks[2], Block::Text("note: after\n".into()));
        // Outside, tables are drawn for the terminal again (no rule between rows).
        let mut t = report::table(&["a"]);
        t.add_row(vec!["1"]);
        t.add_row(vec!["2"]);
        assert!(!t.to_string().contains('├'), "{t}");
    }

    #[test]
    fn an_unclosed_table_stays_prose() {
        let text = "┌──┐\n│ a │\n";
        assert_eq!(parse(text), [Block::Text(text.into())]);
        assert_eq!(parse(""), []);
    }
}

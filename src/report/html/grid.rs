//! A table of text cells as the page's own tables hold them ([`Grid`]: the machines, every
//! operation by machine), and the page's tables read back as text cells ([`page_tables`],
//! for tests and tools that read a report's figures back).

/// The cells of a table: each cell's lines joined by '\n'.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Grid {
    /// The header row (empty for a table without one).
    pub header: Vec<String>,
    /// The body rows, in order; each as many cells as the table has columns.
    pub rows: Vec<Vec<String>>,
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

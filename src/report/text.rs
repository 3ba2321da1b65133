//! Fitting terminal text to 80 columns: the width rule, and prose lines wrapped with a hanging
//! indent ("label:  value" continues under the value). Tables are fitted by
//! [`crate::report::table`] and [`crate::report::wrap_column`]; lines of a table are never
//! touched here.

/// The width of the text pkbench prints, in characters: the classic 80-column terminal. Prose
/// is always wrapped at this width; tables use [`table_width`].
pub const TEXT_WIDTH: usize = 80;

/// The width a table may take, in characters: the terminal's width when stdout is a terminal
/// wider than [`TEXT_WIDTH`], else [`TEXT_WIDTH`] (a pipe, a file, or a narrower terminal:
/// tables are never squeezed below 80 columns, where numbers would stop fitting).
pub fn table_width() -> u16 {
    let probe = comfy_table::Table::new();
    probe
        .width()
        .unwrap_or(TEXT_WIDTH as u16)
        .max(TEXT_WIDTH as u16)
}

/// Width of `s` in terminal columns, counted as characters (pkbench prints no double-width
/// characters; "µ", "…", "×" and "≈" take one column each).
pub fn width(s: &str) -> usize {
    s.chars().count()
}

/// Wraps every line of `text` that is wider than [`TEXT_WIDTH`] at spaces, continuing it with
/// a hanging indent: under the value of a `label: value` line (`machine:   Intel …`), after
/// the marker of a list item (`- `, `* `, `[3] `), or at the line's own indentation. Lines of
/// a terminal or Markdown table (starting with a box-drawing character or `|`) are left
/// alone, and so is a word longer than the room left (a path, a hex string): it gets a line
/// of its own rather than being cut.
pub fn wrap_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if width(line) <= TEXT_WIDTH || is_table_line(line) {
            out += line;
        } else {
            out += &wrap_line(line, hanging_indent(line));
        }
    }
    out
}

/// Whether `line` belongs to a table drawn by comfy-table or written as Markdown.
fn is_table_line(line: &str) -> bool {
    matches!(
        line.trim_start().chars().next(),
        Some('│' | '┌' | '└' | '├' | '╞' | '┆' | '|' | '+' | '╭' | '╰')
    )
}

/// The prefix of `line` kept verbatim on its first line (indentation, list marker or
/// `label:` with the spaces after it), in bytes, and the indentation of its continuation
/// lines, in characters (the prefix's width).
fn hanging_indent(line: &str) -> (usize, usize) {
    let lead = line.len() - line.trim_start_matches(' ').len();
    let rest = &line[lead..];
    let prefix = |bytes: usize| (lead + bytes, lead + width(&rest[..bytes]));
    for marker in ["- ", "* ", "• "] {
        if rest.starts_with(marker) {
            return prefix(marker.len());
        }
    }
    if rest.starts_with('[')
        && let Some(end) = rest.find("] ")
        && rest[1..end].chars().all(|c| c.is_ascii_digit())
    {
        return prefix(end + 2);
    }
    // "label:  value" with a short label of a few words: continue under the value.
    if let Some(colon) = rest.find(": ") {
        let label = &rest[..colon];
        if width(label) <= 24 && label.split(' ').count() <= 3 && !label.contains('(') {
            let after = &rest[colon + 1..];
            let spaces = after.len() - after.trim_start_matches(' ').len();
            return prefix(colon + 1 + spaces);
        }
    }
    (lead, lead)
}

/// Units that stay on the line of the number before them ("2.7 MiB", "52.96 ms").
const UNITS: &[&str] = &[
    "ns", "µs", "ms", "s", "B", "KiB", "MiB", "GiB", "kB", "MB", "MB/s", "bits", "bit", "bytes",
    "MHz", "%", "×",
];

/// The words of `s` for wrapping: split at spaces, except that a number and the unit after
/// it stay together.
fn words(s: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in s.split(' ').filter(|w| !w.is_empty()) {
        let unit = UNITS.contains(&w.trim_end_matches([',', ';', ')', '.', ':']));
        match out.last_mut() {
            Some(prev) if unit && prev.ends_with(|c: char| c.is_ascii_digit()) => {
                prev.push(' ');
                prev.push_str(w);
            }
            _ => out.push(w.to_string()),
        }
    }
    out
}

/// Greedy word wrap of one line at [`TEXT_WIDTH`]: the first `prefix` bytes are kept as they
/// are, continuation lines start with `indent` spaces (2 when that would leave fewer than 30
/// columns).
fn wrap_line(line: &str, (prefix, indent): (usize, usize)) -> String {
    let indent = if TEXT_WIDTH.saturating_sub(indent) < 30 {
        2
    } else {
        indent
    };
    let mut out = String::new();
    let mut cur = line[..prefix].to_string();
    let mut cur_w = width(&cur);
    let mut fresh = true; // nothing but the prefix or indentation on the current line
    for word in words(&line[prefix..]) {
        let w = width(&word);
        if !fresh && cur_w + 1 + w > TEXT_WIDTH {
            out += &cur;
            out.push('\n');
            cur = " ".repeat(indent);
            cur_w = indent;
            fresh = true;
        }
        if !fresh {
            cur.push(' ');
            cur_w += 1;
        }
        cur += &word;
        cur_w += w;
        fresh = false;
    }
    out += &cur;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widest(s: &str) -> usize {
        s.lines().map(width).max().unwrap_or(0)
    }

    #[test]
    fn label_lines_continue_under_the_value() {
        let line = format!("machine:   {}", "word ".repeat(30).trim_end());
        let w = wrap_text(&line);
        assert!(widest(&w) <= TEXT_WIDTH, "{w}");
        let lines: Vec<&str> = w.lines().collect();
        assert_eq!(lines.len(), 3, "{w}");
        assert!(lines[0].starts_with("machine:   word word"));
        assert!(lines[1].starts_with("           word"), "{w}");
        // Nothing lost: the words are the same.
        assert_eq!(
            w.split_whitespace().collect::<Vec<_>>(),
            line.split_whitespace().collect::<Vec<_>>()
        );
    }

    #[test]
    fn list_items_footnotes_and_short_lines() {
        let item = format!("- {}", "µs… ".repeat(40));
        let w = wrap_text(item.trim_end());
        assert!(widest(&w) <= TEXT_WIDTH, "{w}");
        assert!(w.lines().skip(1).all(|l| l.starts_with("  µs…")), "{w}");
        let note = format!("[12] {}", "x ".repeat(60));
        let w = wrap_text(note.trim_end());
        assert!(w.lines().skip(1).all(|l| l.starts_with("     x")), "{w}");
        // Short lines, table lines and the trailing newline are kept as they are.
        let table = format!("│ {} │\nshort: line\n", "y".repeat(100));
        assert_eq!(wrap_text(&table), table);
    }

    #[test]
    fn a_number_keeps_its_unit() {
        let line = format!("table:     {} 2.7 MiB, built in 52.96 ms", "w".repeat(64));
        let w = wrap_text(&line);
        assert!(
            w.lines().nth(1).unwrap().starts_with("           2.7 MiB,"),
            "{w}"
        );
        assert!(w.starts_with("table:     www"), "{w}");
    }

    #[test]
    fn a_long_word_is_never_cut() {
        let hex = "ab".repeat(60);
        let line = format!("record:    saved to {hex}");
        let w = wrap_text(&line);
        let lines: Vec<&str> = w.lines().collect();
        assert_eq!(lines, ["record:    saved to", &format!("           {hex}")]);
    }

    #[test]
    fn a_long_label_gets_a_small_indent() {
        // The first ": " ends a sentence, not a label: continue at the line's indentation.
        let line = format!("Weak points of this particular group: {}", "z ".repeat(50));
        let w = wrap_text(line.trim_end());
        assert!(w.lines().skip(1).all(|l| l.starts_with('z')), "{w}");
    }
}

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

/// `s` word-wrapped into lines of at most `max` characters joined by '\n' (a longer word
/// keeps a line of its own): for table headers, which may take two or three lines.
pub fn wrap_words(s: &str, max: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    for word in s.split(' ').filter(|w| !w.is_empty()) {
        match lines.last_mut() {
            Some(l) if width(l) + 1 + width(word) <= max => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines.join("\n")
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
        if width(label) <= 24 && label.split(' ').count() <= 3 {
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

/// The words of `s` for wrapping, each with the spaces before it (kept when the word stays
/// on the same line: aligned columns survive): split at spaces, except that a number and the
/// unit after it stay together.
fn words(s: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut empties = 0; // split(' ') yields an empty piece per extra space
    for (i, w) in s.split(' ').enumerate() {
        if w.is_empty() {
            empties += 1;
            continue;
        }
        let gap = " ".repeat(empties + usize::from(i > empties));
        empties = 0;
        let unit = UNITS.contains(&w.trim_end_matches([',', ';', ')', '.', ':']));
        match out.last_mut() {
            Some((_, prev)) if unit && prev.ends_with(|c: char| c.is_ascii_digit()) => {
                prev.push_str(&gap);
                prev.push_str(w);
            }
            _ => out.push((gap, w.to_string())),
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
    let mut wrapped = false; // on a continuation line
    for (gap, word) in words(&line[prefix..]) {
        let w = width(&word);
        if !fresh && cur_w + gap.len() + w > TEXT_WIDTH {
            out += &cur;
            out.push('\n');
            cur = " ".repeat(indent);
            cur_w = indent;
            fresh = true;
            wrapped = true;
        }
        if !(fresh && wrapped) {
            cur += &gap;
            cur_w += gap.len();
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
    fn headers_wrap_into_short_lines() {
        assert_eq!(
            wrap_words("this machine (2300 MHz)", 12),
            "this machine\n(2300 MHz)"
        );
        assert_eq!(wrap_words("× Celeron/500", 12), "×\nCeleron/500");
        assert_eq!(wrap_words("K6/400", 12), "K6/400");
        assert_eq!(
            wrap_words("DEC Alpha 3000/600 (175 MHz)", 10),
            "DEC Alpha\n3000/600\n(175 MHz)"
        );
    }

    #[test]
    fn aligned_spaces_survive() {
        let line = format!("  *   75.5  Pollard rho {}", "q ".repeat(40));
        let w = wrap_text(line.trim_end());
        assert!(w.starts_with("  *   75.5  Pollard rho q q"), "{w}");
        assert!(w.lines().nth(1).unwrap().starts_with("    q q"), "{w}");
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

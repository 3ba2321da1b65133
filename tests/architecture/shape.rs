//! The size of the code (issue 28, "code shape"): no file of library or binary code over
//! [`FILE_LINES`] lines and no function over [`FN_LINES`] lines, tests left out, unless the
//! first comment of the file or of the function says why in words containing "over 600
//! lines" or "over 120 lines" (a data table, a long `match` that reads best whole).
//!
//! Measured on the files [`super::Graph`] reads (`src/lib.rs`, `src/main.rs` and every file
//! they reach by `mod` declarations outside `#[cfg(test)]`), with `#[cfg(test)]` items left
//! out: a file's lines are its lines minus those of its test items; a function's run from
//! the line of `fn` to the line of its closing brace (a nested function counts in both).
//! `cargo test --release --test architecture shape -- --nocapture` prints the longest.

use super::{Graph, matching, root, strip, test_items};
use std::collections::BTreeSet;
use std::path::Path;

/// The most lines a file may have outside its tests.
const FILE_LINES: usize = 600;
/// The most lines a function may have.
const FN_LINES: usize = 120;

/// Files and functions over the limits today, each shortened by a change under way: the
/// list only shrinks. The test fails on a file or function over its limit that is not
/// listed here (and does not say why), and on a line here that is no longer over (delete
/// it). Each line: (file under `src/`, function name or "" for the file, lines when listed,
/// who shortens it).
#[rustfmt::skip]
const PENDING: &[(&str, &str, usize, &str)] = &[
];

/// One thing measured: a file (`name` empty) or a function.
struct Size {
    file: String,
    name: String,
    line: usize,
    lines: usize,
    says_why: bool,
}

#[test]
fn shape_files_and_functions_stay_short() {
    let src = root().join("src");
    let graph = Graph::read(&src);
    let mut sizes = Vec::new();
    for file in &graph.files {
        sizes.extend(measure(&src, file));
    }
    sizes.sort_by_key(|s| std::cmp::Reverse(s.lines));
    let over = |s: &Size| {
        s.lines
            > if s.name.is_empty() {
                FILE_LINES
            } else {
                FN_LINES
            }
    };
    let mut problems = Vec::new();
    let mut listed = BTreeSet::new();
    for s in sizes.iter().filter(|s| over(s) && !s.says_why) {
        if let Some(p) = PENDING.iter().find(|p| p.0 == s.file && p.1 == s.name) {
            listed.insert((p.0, p.1));
            continue;
        }
        let (what, limit) = if s.name.is_empty() {
            (format!("src/{}", s.file), FILE_LINES)
        } else {
            (
                format!("fn {} (src/{}:{})", s.name, s.file, s.line),
                FN_LINES,
            )
        };
        problems.push(format!(
            "{what} has {} lines, over {limit}: split it, or say why in its first comment \
             (\"over {limit} lines: …\")",
            s.lines
        ));
    }
    for (file, name, _, who) in PENDING {
        if !listed.contains(&(*file, *name)) {
            problems.push(format!(
                "PENDING lists src/{file} {name} ({who}), which is no longer over its limit: \
                 delete the line from tests/architecture/shape.rs"
            ));
        }
    }
    println!("longest files outside tests:");
    for s in sizes.iter().filter(|s| s.name.is_empty()).take(12) {
        println!("{:6} src/{}", s.lines, s.file);
    }
    println!("longest functions outside tests:");
    for s in sizes.iter().filter(|s| !s.name.is_empty()).take(12) {
        println!("{:6} fn {} (src/{}:{})", s.lines, s.name, s.file, s.line);
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The checker on a small text: test items and literals are left out of the counts.
#[test]
fn shape_counts_code_lines_outside_tests() {
    let text = "//! A file.\n\
                fn a() {\n    let s = \"{\n\n\";\n}\n\
                /// Over 120 lines: a table.\n\
                fn b(x: u8) -> u8\nwhere\n    u8: Copy,\n{\n    x\n}\n\
                #[cfg(test)]\nmod tests {\n    fn t() {\n    }\n}\n";
    let dir = crate::common::scratch("shape");
    let file = dir.join("x.rs");
    std::fs::write(&file, text).unwrap();
    let sizes = measure(&dir, &file);
    let got: Vec<(&str, usize, usize, bool)> = sizes
        .iter()
        .map(|s| (s.name.as_str(), s.line, s.lines, s.says_why))
        .collect();
    assert_eq!(
        got,
        [("", 1, 13, false), ("a", 2, 5, false), ("b", 8, 6, true)]
    );
}

/// The file's size outside tests and the size of each of its functions.
fn measure(src: &Path, file: &Path) -> Vec<Size> {
    let rel = file.strip_prefix(src).unwrap().display().to_string();
    let text = std::fs::read_to_string(file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let stripped = strip(&text);
    let line_of = |at: usize| stripped[..at].matches('\n').count();
    let mut code = stripped.clone().into_bytes();
    let mut test_lines = 0;
    for (start, end, _) in test_items(&stripped) {
        test_lines += line_of(end.saturating_sub(1)) - line_of(start) + 1;
        for c in &mut code[start..end] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    }
    let code = String::from_utf8(code).unwrap();
    let head: String = lines
        .iter()
        .take_while(|l| l.trim().is_empty() || l.trim_start().starts_with("//"))
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = vec![Size {
        file: rel.clone(),
        name: String::new(),
        line: 1,
        lines: lines.len() - test_lines,
        says_why: head
            .to_lowercase()
            .contains(&format!("over {FILE_LINES} lines")),
    }];
    let b = code.as_bytes();
    let mut i = 0;
    while let Some(at) = code[i..].find("fn ") {
        let start = i + at;
        i = start + 3;
        if start > 0 && super::is_ident(b[start - 1]) {
            continue;
        }
        let name = super::ident_at(code[i..].trim_start());
        if name.is_empty() {
            continue;
        }
        // The body's brace: the first `{` or `;` outside the parameters' brackets.
        let mut k = i;
        let mut depth = 0i32;
        while k < b.len() {
            match b[k] {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                b'{' | b';' if depth == 0 => break,
                _ => {}
            }
            k += 1;
        }
        if k >= b.len() || b[k] == b';' {
            continue;
        }
        let (first, open, last) = (line_of(start), line_of(k), line_of(matching(b, k)));
        // The first comment: the doc comment and attributes above, the comments that open
        // the body.
        let above = lines[..first]
            .iter()
            .rev()
            .take_while(|l| {
                let t = l.trim_start();
                t.starts_with("//") || t.starts_with("#[")
            })
            .copied();
        let inside = lines[open + 1..=last.min(lines.len() - 1)]
            .iter()
            .take_while(|l| l.trim().is_empty() || l.trim_start().starts_with("//"))
            .copied();
        let comment = above.chain(inside).collect::<Vec<_>>().join(" ");
        out.push(Size {
            file: rel.clone(),
            name,
            line: first + 1,
            lines: last - first + 1,
            says_why: comment
                .to_lowercase()
                .contains(&format!("over {FN_LINES} lines")),
        });
    }
    out
}

//! The layers of `docs/architecture.md` ("Layers and imports"), checked against `src/`:
//! every top-level module (`src/X.rs` or `src/X/`) may import only the modules its row of
//! the page's table lists, and no two top-level modules may import each other through any
//! chain (no cycle).
//!
//! An import is a path `crate::X…` (also `$crate::X…` in macros and the groups of
//! `use crate::{X, Y::…}`), or `super::…` climbing to the crate root, in code compiled into
//! the library: comments, string and character literals and `#[cfg(test)]` items (the unit
//! tests, which may build fixtures from any layer) are left out. A name the crate root
//! re-exports (`crate::Error`) or a `#[macro_export]` macro (`crate::with_backend!`) counts as
//! an import of the module that defines it. The files are found by following the `mod`
//! declarations from `src/lib.rs`, and every `.rs` file under `src/` must be reached (or be
//! test code), so that nothing escapes the check.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

mod common;
#[path = "architecture/shape.rs"]
mod shape;

/// Imports the page does not allow yet, each removed by a change under way: the list only
/// shrinks. The test fails on an import the page does not allow that is not listed here,
/// and on a line here that no longer matches an import (delete the line when its import is
/// gone). They are left out of the cycle check as well (`report`'s closes none).
/// Each line: (importing module, imported module, who removes it).
#[rustfmt::skip]
const PENDING: &[(&str, &str, &str)] = &[
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn imports_follow_the_layers_of_the_architecture_page() {
    let graph = Graph::read(&root().join("src"));
    let allowed = allowed_imports(&root().join("docs/architecture.md"));
    let mut problems = Vec::new();
    for m in graph.imports.keys() {
        if !allowed.contains_key(m) {
            problems.push(format!(
                "module `{m}` has no row in docs/architecture.md's table of layers"
            ));
        }
    }
    for m in allowed.keys() {
        if !graph.imports.contains_key(m) {
            problems.push(format!(
                "docs/architecture.md lists `{m}`, which is not a top-level module of src/"
            ));
        }
    }
    let mut pending_used = BTreeSet::new();
    for (from, tos) in &graph.imports {
        let ok = allowed.get(from).cloned().unwrap_or_default();
        for (to, files) in tos {
            if ok.contains(to) {
                continue;
            }
            if let Some(p) = PENDING.iter().find(|p| p.0 == from && p.1 == to) {
                pending_used.insert((p.0, p.1));
                continue;
            }
            problems.push(format!(
                "`{from}` imports `{to}` (in {}), which docs/architecture.md does not allow",
                files.iter().cloned().collect::<Vec<_>>().join(", ")
            ));
        }
    }
    for (from, to, who) in PENDING {
        if !pending_used.contains(&(*from, *to)) {
            problems.push(format!(
                "PENDING lists `{from}` → `{to}` ({who}), but that import is gone or allowed \
                 now: delete the line from tests/architecture.rs"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "{}\n\nimports found:\n{}",
        problems.join("\n"),
        graph.describe()
    );
}

#[test]
fn no_cycle_between_top_level_modules() {
    let mut graph = Graph::read(&root().join("src"));
    // The imports still being removed are left out here too: each closes a cycle today.
    for (from, to, _) in PENDING {
        if let Some(tos) = graph.imports.get_mut(*from) {
            tos.remove(*to);
        }
    }
    let cycles = graph.cycles();
    assert!(
        cycles.is_empty(),
        "top-level modules that import each other: {}\n\nimports found:\n{}",
        cycles
            .iter()
            .map(|c| format!("{{{}}}", c.join(", ")))
            .collect::<Vec<_>>()
            .join(" "),
        graph.describe()
    );
}

/// The checker itself, on small texts: literals, comments and test items hide nothing and
/// invent nothing.
#[test]
fn the_reader_sees_paths_in_code_only() {
    let text = r##"
        //! see crate::report
        use crate::{error::{Error, Result}, measure::Stats};
        /* crate::bench */ const S: &str = "crate::peers"; const R: &str = r#"crate::kex"#;
        fn f<'a>(x: &'a str) -> char { let _ = crate::record::SCHEMA; '"' }
        #[cfg(test)]
        mod tests { use crate::cli; }
        #[cfg(test)]
        use crate::suite::X;
        fn g() { $crate::arith::f(); super::super::params::x(); }
        mod inner { fn h() { super::super::input::y(); super::super::super::kex::z(); } }
    "##;
    let code = remove_test_items(&strip(text)).0;
    let names: BTreeSet<String> = paths_in(&code, 2).into_iter().collect();
    let want: BTreeSet<String> = ["error", "measure", "record", "arith", "params", "kex"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(names, want, "{code}");
    let (_, test_mods) = remove_test_items(&strip("#[cfg(test)]\nmod tests;\nmod real;"));
    assert_eq!(test_mods, ["tests"]);
}

/// The page's table: module → the modules it may import. Rows are `| … | \`m\` | \`a\`, \`b\` |`
/// in the section "Layers and imports"; "—" for none.
fn allowed_imports(page: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let text = std::fs::read_to_string(page).unwrap();
    let section = text
        .split("\n## ")
        .find(|s| s.starts_with("Layers and imports"))
        .expect("docs/architecture.md has a section \"## Layers and imports\"");
    let mut table = BTreeMap::new();
    for line in section.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        if cells.len() < 3 || !cells[1].starts_with('`') {
            continue;
        }
        let ticked = |s: &str| -> Vec<String> {
            s.split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect()
        };
        for m in ticked(cells[1]) {
            let prev = table.insert(m.clone(), ticked(cells[2]).into_iter().collect());
            assert!(prev.is_none(), "`{m}` has two rows in the table of layers");
        }
    }
    assert!(!table.is_empty(), "no rows in the table of layers");
    table
}

/// The imports between top-level modules: importing module → imported module → the files
/// (relative to `src/`) that make the import.
struct Graph {
    imports: BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
    /// Every file of library and binary code: `src/lib.rs`, `src/main.rs` and the files
    /// reached from `src/lib.rs` by `mod` declarations outside `#[cfg(test)]`.
    files: BTreeSet<PathBuf>,
}

impl Graph {
    fn read(src: &Path) -> Graph {
        let lib = strip(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
        let (lib_code, lib_test_mods) = remove_test_items(&lib);
        let tops: BTreeSet<String> = mod_decls(&lib_code).into_iter().collect();
        let aliases = root_aliases(src, &lib_code, &tops);
        let mut imports: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
        let mut reached = BTreeSet::new();
        let mut test_dirs: Vec<PathBuf> = lib_test_mods.iter().map(|m| src.join(m)).collect();
        test_dirs.extend(lib_test_mods.iter().map(|m| src.join(format!("{m}.rs"))));
        for top in &tops {
            imports.entry(top.clone()).or_default();
            let mut stack = vec![(module_file(src, top), 1usize)];
            while let Some((file, depth)) = stack.pop() {
                let rel = file.strip_prefix(src).unwrap().display().to_string();
                let text = std::fs::read_to_string(&file).unwrap();
                let (code, test_mods) = remove_test_items(&strip(&text));
                let dir = child_dir(&file);
                for m in test_mods {
                    test_dirs.push(dir.join(&m));
                    test_dirs.push(dir.join(format!("{m}.rs")));
                }
                for child in mod_decls(&code) {
                    stack.push((module_file(&dir, &child), depth + 1));
                }
                for name in paths_in(&code, depth) {
                    let to = if tops.contains(&name) {
                        name
                    } else {
                        aliases.get(&name).cloned().unwrap_or_else(|| {
                            panic!("{rel}: crate::{name} is neither a module nor a re-export")
                        })
                    };
                    if &to != top {
                        let e = imports.entry(top.clone()).or_default();
                        e.entry(to).or_default().insert(rel.clone());
                    }
                }
                reached.insert(file);
            }
        }
        for file in rust_files(src) {
            let name = file.file_name().unwrap();
            let at_root = file.parent() == Some(src) && (name == "lib.rs" || name == "main.rs");
            let test = test_dirs.iter().any(|d| file.starts_with(d));
            assert!(
                at_root || test || reached.contains(&file),
                "{} is not reached from src/lib.rs by `mod` declarations; the check would \
                 miss its imports",
                file.display()
            );
        }
        reached.insert(src.join("lib.rs"));
        reached.insert(src.join("main.rs"));
        Graph {
            imports,
            files: reached,
        }
    }

    /// Every set of two or more modules that reach each other (strongly connected
    /// components), each sorted.
    fn cycles(&self) -> Vec<Vec<String>> {
        let names: Vec<&String> = self.imports.keys().collect();
        let reach = |from: &String| -> BTreeSet<String> {
            let mut seen = BTreeSet::new();
            let mut stack = vec![from.clone()];
            while let Some(m) = stack.pop() {
                for to in self.imports.get(&m).into_iter().flat_map(|t| t.keys()) {
                    if seen.insert(to.clone()) {
                        stack.push(to.clone());
                    }
                }
            }
            seen
        };
        let reaches: BTreeMap<&String, BTreeSet<String>> =
            names.iter().map(|n| (*n, reach(n))).collect();
        let mut out: Vec<Vec<String>> = Vec::new();
        for n in &names {
            let mut comp: Vec<String> = names
                .iter()
                .filter(|m| reaches[*n].contains(**m) && reaches[**m].contains(*n))
                .map(|m| m.to_string())
                .collect();
            comp.sort();
            if comp.len() > 1 && !out.contains(&comp) {
                out.push(comp);
            }
        }
        out
    }

    fn describe(&self) -> String {
        self.imports
            .iter()
            .map(|(from, tos)| {
                let list: Vec<String> = tos
                    .iter()
                    .map(|(to, files)| format!("{to} ({})", files.len()))
                    .collect();
                format!("  {from} → {}", list.join(", "))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// `src/X.rs` or `src/X/mod.rs` for module `X` declared in `dir`.
fn module_file(dir: &Path, name: &str) -> PathBuf {
    let flat = dir.join(format!("{name}.rs"));
    if flat.exists() {
        flat
    } else {
        dir.join(name).join("mod.rs")
    }
}

/// The folder where the children of the module in `file` live.
fn child_dir(file: &Path) -> PathBuf {
    let parent = file.parent().unwrap();
    match file.file_name().and_then(|n| n.to_str()) {
        Some("mod.rs" | "lib.rs" | "main.rs") => parent.to_path_buf(),
        _ => parent.join(file.file_stem().unwrap()),
    }
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(rust_files(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out
}

/// Names the crate root makes visible that are not modules: `pub use m::{A, B}` re-exports
/// and `#[macro_export]` macros, each mapped to the top-level module that defines it.
fn root_aliases(src: &Path, lib_code: &str, tops: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for stmt in lib_code.split(';') {
        let Some(rest) = stmt.trim().strip_prefix("pub use ") else {
            continue;
        };
        let module = rest.split("::").next().unwrap().trim().to_string();
        let names = rest
            .split_once('{')
            .map(|(_, g)| g.trim_end_matches('}').to_string())
            .unwrap_or_else(|| rest.rsplit("::").next().unwrap().to_string());
        for n in names.split(',') {
            let n = n.split(" as ").last().unwrap().trim();
            if !n.is_empty() {
                out.insert(n.to_string(), module.clone());
            }
        }
    }
    for file in rust_files(src) {
        let rel = file.strip_prefix(src).unwrap();
        let top = rel.iter().next().unwrap().to_str().unwrap();
        let top = top.strip_suffix(".rs").unwrap_or(top).to_string();
        if !tops.contains(&top) {
            continue;
        }
        let code = strip(&std::fs::read_to_string(&file).unwrap());
        for part in code.split("#[macro_export]").skip(1) {
            let name = part
                .trim_start()
                .strip_prefix("macro_rules!")
                .map(|r| ident_at(r.trim_start()));
            if let Some(name) = name {
                out.insert(name, top.clone());
            }
        }
    }
    out
}

/// The `mod NAME;` declarations of a file (children in other files).
fn mod_decls(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = code.as_bytes();
    let mut i = 0;
    while let Some(at) = code[i..].find("mod ") {
        let start = i + at;
        i = start + 4;
        if start > 0 && is_ident(b[start - 1]) {
            continue;
        }
        let name = ident_at(&code[i..]);
        let after = code[i + name.len()..].trim_start();
        if !name.is_empty() && after.starts_with(';') {
            out.push(name);
        }
    }
    out
}

/// The top-level names that the paths of `code` start from: `crate::NAME`, the first names
/// of a group `crate::{A, B::c}`, and `super::NAME` climbing `depth` levels (the file's
/// depth below the crate root) to the root.
fn paths_in(code: &str, depth: usize) -> Vec<String> {
    let b = code.as_bytes();
    let inline = inline_modules(code);
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let boundary = i == 0 || !is_ident(b[i - 1]) && b[i - 1] != b':';
        if boundary && code[i..].starts_with("crate::") {
            i += "crate::".len();
            if b.get(i) == Some(&b'{') {
                let end = matching(b, i);
                out.extend(group_heads(&code[i + 1..end]));
                i = end;
            } else {
                out.push(ident_at(&code[i..]));
            }
            continue;
        }
        if boundary && code[i..].starts_with("super::") {
            let inside = inline.iter().filter(|(a, b)| *a < i && i < *b).count();
            let mut n = 0;
            while code[i..].starts_with("super::") {
                i += "super::".len();
                n += 1;
            }
            if n == depth + inside {
                out.push(ident_at(&code[i..]));
            }
            continue;
        }
        i += 1;
    }
    out.retain(|n| !n.is_empty() && n != "self");
    out
}

/// The spans (opening to closing brace) of the inline modules `mod NAME { … }` of a file,
/// each one more level below the crate root for the `super::` paths inside it.
fn inline_modules(code: &str) -> Vec<(usize, usize)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(at) = code[i..].find("mod ") {
        let start = i + at;
        i = start + 4;
        if start > 0 && is_ident(b[start - 1]) {
            continue;
        }
        let name = ident_at(&code[i..]);
        let rest = &code[i + name.len()..];
        let open = i + name.len() + (rest.len() - rest.trim_start().len());
        if !name.is_empty() && b.get(open) == Some(&b'{') {
            out.push((open, matching(b, open)));
        }
    }
    out
}

/// The first name of each comma-separated element of a `use` group (nested groups skipped).
fn group_heads(group: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut start = true;
    for (k, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => start = true,
            c if start && depth == 0 && !c.is_whitespace() => {
                out.push(ident_at(&group[k..]));
                start = false;
            }
            _ => {}
        }
    }
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn ident_at(s: &str) -> String {
    s.bytes()
        .take_while(|c| is_ident(*c))
        .map(char::from)
        .collect()
}

/// The index of the bracket closing the one at `open` (`{`, `[` or `(`), or the end.
fn matching(b: &[u8], open: usize) -> usize {
    let mut depth = 0i32;
    for (k, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'{' | b'[' | b'(' => depth += 1,
            b'}' | b']' | b')' => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    b.len()
}

/// The code with `#[cfg(test)]` items blanked out (line breaks kept), and the names of the
/// `mod NAME;` items among them (test-only files).
fn remove_test_items(code: &str) -> (String, Vec<String>) {
    let mut out = code.to_string().into_bytes();
    let mut test_mods = Vec::new();
    for (start, end, name) in test_items(code) {
        for c in &mut out[start..end] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
        test_mods.extend(name);
    }
    (String::from_utf8(out).unwrap(), test_mods)
}

/// The `#[cfg(test)]` items of `code` (stripped): the byte span of each, from its attribute
/// to its `;` or closing brace included, and its name when it is a `mod NAME;` (a test-only
/// file).
fn test_items(code: &str) -> Vec<(usize, usize, Option<String>)> {
    let b = code.as_bytes();
    let mut items = Vec::new();
    let mut i = 0;
    while let Some(at) = code[i..].find("#[cfg(") {
        let start = i + at;
        let attr_end = matching(b, start + 1);
        let cfg = &code[start + "#[cfg(".len()..attr_end];
        i = attr_end + 1;
        if !(cfg.trim() == "test)" || cfg.trim_start().starts_with("all(test")) {
            continue;
        }
        // Further attributes, then the item: up to its `;` or its closing brace.
        let mut j = i;
        loop {
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if code[j..].starts_with("#[") {
                j = matching(b, j + 1) + 1;
            } else {
                break;
            }
        }
        let item_start = j;
        let mut end = j;
        while end < b.len() && b[end] != b';' && b[end] != b'{' {
            end += 1;
        }
        let mut name = None;
        if end < b.len() && b[end] == b'{' {
            end = matching(b, end);
        } else {
            let item = code[item_start..end].trim();
            if item.starts_with("mod ") || item.contains(" mod ") {
                name = item.rsplit(' ').next().map(str::to_string);
            }
        }
        items.push((start, (end + 1).min(b.len()), name));
        i = end + 1;
    }
    items
}

/// The code with comments blanked and string and character literals emptied (`""`, `' '`),
/// so that no path inside them counts; the line breaks inside them are kept, so that a line
/// of the result is the same line of the text.
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let prev_ident = i > 0 && is_ident(b[i - 1]);
        if text[i..].starts_with("//") {
            i = text[i..].find('\n').map_or(b.len(), |k| i + k);
        } else if text[i..].starts_with("/*") {
            let start = i;
            let mut depth = 0;
            while i < b.len() {
                if text[i..].starts_with("/*") {
                    depth += 1;
                    i += 2;
                } else if text[i..].starts_with("*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.extend(line_breaks(&text[start..i.min(b.len())]));
        } else if !prev_ident && let Some(len) = raw_string_len(&text[i..]) {
            out.push_str("\"\"");
            out.extend(line_breaks(&text[i..i + len]));
            i += len;
        } else if c == b'"' {
            let start = i;
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
            out.extend(line_breaks(&text[start..i.min(b.len())]));
        } else if c == b'\''
            && let Some(len) = char_literal_len(&text[i..])
        {
            out.push_str("' '");
            i += len;
        } else {
            let ch = text[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// The line breaks of `s`, one `'\n'` for each.
fn line_breaks(s: &str) -> impl Iterator<Item = char> + '_ {
    s.matches('\n').map(|_| '\n')
}

/// The length of a raw string literal (`r"…"`, `r#"…"#`, `br"…"`) at the start of `s`.
fn raw_string_len(s: &str) -> Option<usize> {
    let rest = s.strip_prefix('b').unwrap_or(s);
    let rest = rest.strip_prefix('r')?;
    let hashes = rest.bytes().take_while(|&c| c == b'#').count();
    if rest.as_bytes().get(hashes) != Some(&b'"') {
        return None;
    }
    let close = format!("\"{}", "#".repeat(hashes));
    let body_start = s.len() - rest.len() + hashes + 1;
    let end = s[body_start..].find(&close)?;
    Some(body_start + end + close.len())
}

/// The length of a character literal (`'a'`, `'\n'`, `'\u{1F600}'`) at the start of `s`;
/// `None` for a lifetime (`'a`).
fn char_literal_len(s: &str) -> Option<usize> {
    let mut chars = s.char_indices().skip(1);
    let (_, c) = chars.next()?;
    if c == '\\' {
        let close = s[2..].find('\'')?;
        return Some(2 + close + 1);
    }
    let (k, next) = chars.next()?;
    (next == '\'').then_some(k + 1)
}

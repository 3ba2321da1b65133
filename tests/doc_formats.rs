//! Every command's record through the four renderers of its document (terminal, Markdown,
//! HTML, CSV): each box-drawn table of the text the command printed is in the HTML page of
//! `pkbench report` with the same cells, column by column, and every table of the document
//! (box-drawn or aligned columns, as `choose` and the rows by implementation print theirs)
//! is in the Markdown and the CSV (issue 28, "Done when").
//!
//! The HTML tables and the terminal tables are read here, in the test only: the renderers
//! themselves never read one format back from another.

mod common;

use common::{Scratch, pkbench, scratch};
use pkbench::record::ResultRecord;
use pkbench::report::{self, doc};
use std::path::{Path, PathBuf};

/// A table as its columns: each column the words of its header and then of its cells, in
/// order (a cell wrapped over several lines in the terminal reads as the same words).
type Columns = Vec<Vec<String>>;

fn words(s: &str) -> impl Iterator<Item = String> + '_ {
    s.split_whitespace().map(str::to_string)
}

/// Every box-drawn table of terminal text (from a line starting with '┌' to the next one
/// starting with '└'), as [`Columns`]: a content line "│ a ┆ b │" gives one piece of each
/// column.
fn terminal_tables(text: &str) -> Vec<Columns> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(end) = lines[i]
            .starts_with('┌')
            .then(|| lines[i..].iter().position(|l| l.starts_with('└')))
            .flatten()
        else {
            i += 1;
            continue;
        };
        let mut cols: Columns = Vec::new();
        for l in &lines[i + 1..i + end] {
            let Some(inner) = l.strip_prefix('│').and_then(|l| l.strip_suffix('│')) else {
                continue; // the rule under the header
            };
            for (c, cell) in inner.split('┆').enumerate() {
                if cols.len() <= c {
                    cols.resize(c + 1, Vec::new());
                }
                cols[c].extend(words(cell));
            }
        }
        out.push(cols);
        i += end + 1;
    }
    out
}

/// Every `<table class="command">` of an HTML page, as [`Columns`] (a cell spanning several
/// columns counts in its first; references decoded).
fn html_tables(page: &str) -> Vec<Columns> {
    let unescape = |s: &str| {
        s.replace("<br>", " ")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
    };
    page.match_indices("<table class=\"command\"")
        .map(|(i, _)| {
            let end = page[i..].find("</table>").map_or(page.len(), |e| i + e);
            let mut cols: Columns = Vec::new();
            for row in page[i..end].split("<tr").skip(1) {
                if row.starts_with(" class=\"group\"") {
                    continue; // a heading row: one cell across the table
                }
                let cells = row
                    .split("<t")
                    .skip(1)
                    .filter(|c| c.starts_with('d') || c.starts_with('h'));
                for (c, cell) in cells.enumerate() {
                    let cell = cell.split_once('>').map_or("", |(_, rest)| rest);
                    let cell = cell.find("</t").map_or(cell, |e| &cell[..e]);
                    if cols.len() <= c {
                        cols.resize(c + 1, Vec::new());
                    }
                    cols[c].extend(words(&unescape(cell)).collect::<Vec<_>>());
                }
            }
            cols
        })
        .collect()
}

/// The terminal table's columns without the group rows' words, which the HTML draws as rows
/// of their own: a group row fills only the first column, so its words are dropped from the
/// first column of both sides before comparing. Columns are compared as their words joined
/// without blanks: comfy-table breaks a word longer than its column inside the word, where
/// the widths (which depend on the figures) make it, so the same cells can give other words.
fn same_table(term: &Columns, html: &Columns) -> bool {
    let joined = |c: &Vec<String>| c.concat();
    term.len() == html.len()
        && term
            .iter()
            .zip(html)
            .skip(1)
            .all(|(a, b)| joined(a) == joined(b))
        && {
            // The first column: every HTML word in order within the terminal's (whose column
            // also holds the group rows' labels).
            let t = joined(&term[0]);
            let mut at = 0;
            html[0].iter().all(|w| match t[at..].find(w.as_str()) {
                Some(i) => {
                    at += i + w.len();
                    true
                }
                None => false,
            })
        }
}

/// Checks one record: the text the command printed (`text`) against `pkbench report`'s page
/// of the record, and the record's document through Markdown and CSV.
fn check(dir: &Scratch, name: &str, text: &str, record: &Path) {
    let page_path = dir.join(format!("{name}.html"));
    let (code, _, err) = pkbench(&[
        "report",
        record.to_str().unwrap(),
        "--output",
        page_path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{name}: report: {err}");
    let page = std::fs::read_to_string(&page_path).unwrap();
    let term = terminal_tables(text);
    let html = html_tables(&page);
    // A view whose tables are all aligned columns (choose's one line per option) has no box
    // in the text; its tables are still in the page.
    assert!(
        !term.is_empty() || !html.is_empty(),
        "{name}: no table in the text or the page:\n{text}"
    );
    for t in &term {
        assert!(
            html.iter().any(|h| same_table(t, h)),
            "{name}: a table of the text is not in the page with the same cells:\n{t:?}\n\ntext:\n{text}\n\npage tables:\n{html:?}"
        );
    }
    let rec = ResultRecord::read(record).unwrap();
    formats_hold_every_table(name, &report::record_doc(&rec));
}

/// Every table of `d` is in its Markdown (its header row) and in its CSV (a line per cell of
/// each row after its label, one per group row, under the table's name).
fn formats_hold_every_table(name: &str, d: &doc::Doc) {
    let md = doc::markdown::render(d);
    let csv = doc::csv::render(d);
    assert!(csv.starts_with(doc::csv::HEADER), "{name}: {csv}");
    let md_cell = |h: &str| {
        h.split('\n')
            .map(|l| l.trim().replace('*', "\\*").replace('_', "\\_"))
            .collect::<Vec<_>>()
            .join("<br>")
            .replace('|', "\\|")
    };
    let mut want: std::collections::BTreeMap<&str, usize> = Default::default();
    for t in d.tables() {
        let head: Vec<String> = t.header.iter().map(|h| md_cell(h)).collect();
        assert!(
            md.contains(&format!("| {} |", head.join(" | "))),
            "{name}: table {} not in the Markdown:\n{md}",
            t.name
        );
        let lines: usize = t
            .rows
            .iter()
            .map(|r| {
                if r.group {
                    1
                } else {
                    t.cells_by_column(r).iter().skip(1).flatten().count()
                }
            })
            .sum();
        *want.entry(t.name.as_str()).or_default() += lines;
    }
    for (table, n) in want {
        let got = csv
            .lines()
            .filter(|l| l.split(',').next() == Some(table))
            .count();
        assert_eq!(got, n, "{name}: CSV lines of table {table}:\n{csv}");
    }
}

/// Runs `args` with `--output`, a short budget and seed 1, then [`check`]s the record.
fn run_and_check(dir: &Scratch, name: &str, args: &[&str]) -> PathBuf {
    let record = dir.join(format!("{name}.json"));
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--seed", "1", "--output", record.to_str().unwrap()]);
    let (code, out, err) = pkbench(&all);
    assert_eq!(code, 0, "{name}: {args:?}: {err}");
    check(dir, name, &out, &record);
    record
}

#[test]
fn dh_records() {
    let dir = scratch("doc-dh");
    run_and_check(&dir, "dh", &["dh", "--group", "x25519", "--time", "0.02"]);
    run_and_check(
        &dir,
        "dh-threads",
        &[
            "dh",
            "--group",
            "x25519",
            "--threads",
            "2",
            "--time",
            "0.02",
        ],
    );
    run_and_check(
        &dir,
        "dh-cache",
        &["dh", "--group", "p256", "--cache", "both", "--time", "0.02"],
    );
    run_and_check(
        &dir,
        "dh-impl",
        &[
            "dh",
            "--group",
            "gf2-155",
            "--exp-bits",
            "128",
            "--impl",
            "all",
            "--time",
            "0.02",
        ],
    );
    run_and_check(
        &dir,
        "kem",
        &[
            "dh", "--group", "mlkem768", "--impl", "all", "--time", "0.02",
        ],
    );
}

#[test]
fn rsa_des_hash_cipher_records() {
    let dir = scratch("doc-bulk");
    run_and_check(
        &dir,
        "rsa",
        &[
            "rsa", "--bits", "512", "--crt", "--impl", "all", "--time", "0.02",
        ],
    );
    run_and_check(&dir, "des", &["des", "--keysetup", "--time", "0.02"]);
    run_and_check(
        &dir,
        "hash-sizes",
        &[
            "hash", "--algo", "sha256", "--sizes", "16,1024", "--time", "0.02",
        ],
    );
    run_and_check(
        &dir,
        "hash-gcrypt",
        &[
            "hash", "--algo", "md5,sha1", "--modes", "gcrypt", "--time", "0.02",
        ],
    );
    run_and_check(
        &dir,
        "cipher",
        &["cipher", "--algo", "aes", "--mode", "cbc", "--time", "0.02"],
    );
}

#[test]
fn repro_choose_scale_records() {
    let dir = scratch("doc-sweeps");
    run_and_check(
        &dir,
        "repro-1995",
        &["repro", "1995", "--quick", "--time", "0.02"],
    );
    run_and_check(
        &dir,
        "repro-gnupg",
        &["repro", "gnupg-2000", "--time", "0.02"],
    );
    run_and_check(
        &dir,
        "choose",
        &[
            "choose",
            "--groups",
            "x25519,p256",
            "--min-security",
            "128",
            "--time",
            "0.02",
        ],
    );
    run_and_check(
        &dir,
        "scale",
        &[
            "scale",
            "--groups",
            "modp-512,modp-1024",
            "--exp-bits",
            "128",
            "--time",
            "0.02",
        ],
    );
}

/// `suite --quick` twice, each checked, and `compare` of the two: its text and HTML from one
/// document.
#[test]
fn suites_and_their_comparison() {
    use pkbench::report::compare;
    let dir = scratch("doc-suite");
    let a = run_and_check(&dir, "suite-a", &["suite", "--quick", "--time", "0.01"]);
    let b = run_and_check(&dir, "suite-b", &["suite", "--quick", "--time", "0.01"]);
    let (ra, rb) = (
        ResultRecord::read(&a).unwrap(),
        ResultRecord::read(&b).unwrap(),
    );
    let rule = compare::NoiseRule::from_threshold(None);
    let cmp = compare::compare(&ra, &rb, &rule);
    let d = compare::pair_doc(("a.json", "b.json"), &ra, &rb, &cmp, &rule);
    let text = doc::terminal::render(&d);
    let html = html_tables(&doc::html::render(&d));
    let term = terminal_tables(&text);
    assert!(!term.is_empty(), "{text}");
    for t in &term {
        assert!(html.iter().any(|h| same_table(t, h)), "{t:?}\n{text}");
    }
    formats_hold_every_table("compare", &d);
    // The command prints the same tables.
    let (code, out, err) = pkbench(&["compare", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert!(code == 0 || code == 1, "{err}");
    assert_eq!(terminal_tables(&out).len(), term.len(), "{out}");
}

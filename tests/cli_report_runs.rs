//! `pkbench report a.json b.json` of two `suite --quick` runs of this machine (made here, in
//! a temporary directory removed after): the runs side by side, one table per command (a
//! KEM's operations in a table of their own, as `compare` splits them), a column per run
//! holding the figures each record stores, and the ratio of the second run over the first
//! equal to `pkbench compare a.json b.json --json`'s ratio and interval for the same row
//! (issue 28, "Done when"). The figures are read from the records' JSON; the cells from the
//! text the command prints and from its CSV (`--format csv`: every cell with its value in
//! SI units and its interval).

mod common;

use common::{Pkbench, parse_json, scratch};
use pkbench::record::params_label;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn run(dir: &Path, args: &[&str]) -> String {
    Pkbench::new(args).current_dir(dir).ok()
}

/// A CSV line's fields (RFC 4180: quoted fields, quotes doubled; no line break inside a
/// field, which the CSV renderer joins with spaces).
fn fields(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                out.last_mut().unwrap().push('"');
            }
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(String::new()),
            c => out.last_mut().unwrap().push(c),
        }
    }
    out
}

/// A cell of the CSV: (table, item (its group row), operation, column) → (text, value, lo, hi).
type Cells = BTreeMap<(String, String, String, String), (String, f64, Option<f64>, Option<f64>)>;

fn csv_cells(csv: &str) -> Cells {
    let mut out = Cells::new();
    let mut item = String::new();
    let num = |s: &str| s.parse::<f64>().ok();
    for l in csv.lines().skip(1) {
        let f = fields(l);
        assert_eq!(f.len(), 8, "{l}");
        if !f[0].starts_with("runs.") {
            continue;
        }
        if f[2].is_empty() {
            item = f[1].clone(); // a group row: the item of the rows under it
            continue;
        }
        let Some(v) = num(&f[4]) else { continue };
        out.insert(
            (f[0].clone(), item.clone(), f[1].clone(), f[2].clone()),
            (f[3].clone(), v, num(&f[6]), num(&f[7])),
        );
    }
    out
}

/// "753.5 ns" → seconds; "8376 MB/s" → bytes per second; "1.2k/s" → per second.
fn figure(text: &str) -> f64 {
    let (num, unit) = text
        .split_once(' ')
        .unwrap_or_else(|| text.split_at(text.find(|c: char| c.is_alphabetic()).unwrap()));
    let v: f64 = num.parse().unwrap_or_else(|_| panic!("{text}"));
    v * match unit {
        "s" => 1.0,
        "ms" => 1e-3,
        "µs" => 1e-6,
        "ns" => 1e-9,
        "MB/s" | "M/s" => 1e6,
        "k/s" => 1e3,
        "/s" => 1.0,
        u => panic!("unit {u} in {text}"),
    }
}

/// The unit of a figure's text ("753.5 ns" → "ns").
fn unit(text: &str) -> &str {
    let first = text.split(" [").next().unwrap();
    first.split_once(' ').map_or_else(
        || first.trim_start_matches(|c: char| !c.is_alphabetic() && c != '/'),
        |(_, u)| u,
    )
}

#[test]
fn two_suites_side_by_side_with_compares_ratio() {
    let dir = scratch("report-runs");
    for f in ["a.json", "b.json"] {
        run(&dir, &["suite", "--quick", "--time", "0.01", "--output", f]);
    }
    let text = run(&dir, &["report", "a.json", "b.json"]);
    let csv = run(&dir, &["report", "a.json", "b.json", "--format", "csv"]);
    let cmp = parse_json(
        "compare",
        &Pkbench::new(&["compare", "a.json", "b.json", "--json"])
            .current_dir(&dir)
            .run()
            .1,
    );
    let rec = |f: &str| parse_json(f, &std::fs::read_to_string(dir.join(f)).unwrap());
    let (a, b) = (rec("a.json"), rec("b.json"));

    // One table per command (a KEM's apart), each under its heading, in the text.
    let kem_ops = [
        "KeyGen",
        "Encaps",
        "Decaps",
        "Total = KeyGen + Encaps + Decaps",
    ];
    let mut kinds = BTreeSet::new();
    for op in a["operations"].as_array().unwrap() {
        let command = op["params"]["command"].as_str().unwrap().to_string();
        kinds.insert((command, kem_ops.contains(&op["name"].as_str().unwrap())));
    }
    assert!(kinds.len() >= 5, "{kinds:?}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with('┌')).count(),
        kinds.len(),
        "{text}"
    );
    let mut chunks: BTreeMap<String, String> = BTreeMap::new();
    for (command, kem) in &kinds {
        let heading = if *kem {
            format!("{command}: KEM exchanges (KeyGen, Encaps, Decaps)")
        } else {
            command.clone()
        };
        let at = text
            .find(&format!("\n{heading}\n┌"))
            .unwrap_or_else(|| panic!("no table headed {heading:?}:\n{text}"));
        let rest = &text[at + 1..];
        let end = rest.find("\n└").unwrap();
        let header: Vec<&str> = rest.lines().skip(2).take(2).collect();
        assert!(
            header[0].contains("[1]") && header[0].contains("[2]") && header[0].contains("[2]/[1]"),
            "{heading}: {header:?}"
        );
        assert!(
            header[1].contains(" a ") && header[1].contains(" b "),
            "{header:?}"
        );
        let name = format!("runs.{command}{}", if *kem { ".kem" } else { "" });
        chunks.insert(name, rest[..end].to_string());
    }
    // Beside the ratio, how it is computed (the text wraps its prose at 80 columns).
    let prose = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        prose.contains("[2]/[1]: speed of [2] relative to [1] (1.34x = 34 % faster): the Hodges–Lehmann estimate of the ratio over the two runs' per-round medians"),
        "{text}"
    );

    // Every run's figure is the record's median, in one unit per row; in the text too.
    let cells = csv_cells(&csv);
    let median_s = |r: &Value, item: &str, name: &str| -> Option<f64> {
        r["operations"].as_array().unwrap().iter().find_map(|o| {
            let params = serde_json::from_value(o["params"].clone()).unwrap();
            (o["name"] == name && params_label(&params) == item)
                .then(|| o["stats"]["median_s"].as_f64())
                .flatten()
        })
    };
    let mut timed = 0;
    for ((table, item, op, column), (cell, v, _, _)) in &cells {
        let chunk = &chunks[table];
        let first = cell.split(" [").next().unwrap();
        assert!(
            chunk.contains(first),
            "{table} {item} {op}: {first:?} not in the text"
        );
        let rec = match column.as_str() {
            "[1] a" => &a,
            "[2] b" => &b,
            _ => continue,
        };
        let other = if column == "[1] a" { "[2] b" } else { "[1] a" };
        let key = (table.clone(), item.clone(), op.clone(), other.to_string());
        if let Some((o, _, _, _)) = cells.get(&key) {
            assert_eq!(unit(cell), unit(o), "{item} {op}: {cell} beside {o}");
        }
        let shown = figure(first);
        assert!(
            (shown - v).abs() <= 5e-4 * v,
            "{item} {op}: {cell} shows {v}"
        );
        if let Some(m) = median_s(rec, item, op) {
            assert!(
                (v - m).abs() <= 1e-12 * m,
                "{item} {op} {column}: {v} vs median {m}"
            );
            timed += 1;
        }
    }
    assert!(timed > 100, "{timed} timed figures checked");

    // The ratio column is compare's ratio and interval for the same row.
    let c = &cmp["comparisons"][0];
    let columns: Vec<&str> = c["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let mut ratios = 0;
    for row in c["rows"].as_array().unwrap() {
        let item = row["label"].as_str().unwrap();
        for (j, cell) in row["cells"].as_array().unwrap().iter().enumerate() {
            if cell.is_null() {
                continue;
            }
            let op = columns[j];
            let found = cells
                .iter()
                .find(|((_, i, o, col), _)| i == item && o == op && col == "[2]/[1]");
            let (_, (text, v, lo, hi)) =
                found.unwrap_or_else(|| panic!("no ratio for {item} / {op}"));
            let r = cell["ratio"].as_f64().unwrap();
            assert!(
                (v - r).abs() <= 1e-12 * r,
                "{item} {op}: {v} vs compare's {r}"
            );
            assert!(
                text.starts_with(&pkbench::report::fmt_speedup(r)),
                "{item} {op}: {text}"
            );
            // serde_json reads a float to within one unit in the last place.
            let same = |x: Option<f64>, y: Option<f64>| match (x, y) {
                (Some(x), Some(y)) => (x - y).abs() <= 1e-12 * y.abs(),
                (x, y) => x == y,
            };
            let iv = &cell["interval"];
            let (clo, chi) = (iv["lo"].as_f64(), iv["hi"].as_f64());
            assert!(
                same(*lo, clo) && same(*hi, chi),
                "{item} {op}: {lo:?} {hi:?} vs {iv}"
            );
            ratios += 1;
        }
    }
    assert!(ratios > 100, "{ratios} ratios checked");
    assert_eq!(ratios, c["matched"].as_u64().unwrap() as usize);

    // The same document as Markdown, and the page as HTML on stdout.
    let md = run(
        &dir,
        &["report", "a.json", "b.json", "--format", "markdown"],
    );
    assert_eq!(
        md.matches("| operation | [1]<br>a | [2]<br>b | [2]/[1] |")
            .count(),
        kinds.len(),
        "{md}"
    );
    let page = run(&dir, &["report", "a.json", "b.json", "--format", "html"]);
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("data-table=\"runs.dh\""));
}

#[test]
fn report_names_the_format_its_output_file_needs() {
    let dir = scratch("report-runs-refusals");
    let rec = common::data("records/v1-dh-x25519-a.json");
    let r = rec.to_str().unwrap();
    let refused = |args: &[&str]| Pkbench::new(args).current_dir(&dir).input_error();
    assert!(
        refused(&["report", r, "--format", "csv", "--output", "x.html"])
            .contains("name the file .csv")
    );
    assert!(refused(&["report", r, "--force"]).contains("--output"));
    // The format follows the file's name.
    run(&dir, &["report", r, r, "--output", "two.md"]);
    let md = std::fs::read_to_string(dir.join("two.md")).unwrap();
    assert!(
        md.starts_with("## pkbench report: 2 records from 1 machine"),
        "{md}"
    );
    assert!(
        md.contains("| operation | [1]<br>v1-dh-x25519-a | [2]<br>v1-dh-x25519-a | [2]/[1] |"),
        "{md}"
    );
}

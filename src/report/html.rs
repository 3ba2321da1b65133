//! `pkbench report`: result records as one self-contained HTML page.
//!
//! The page holds, in order: the machines the records were made on (one column per machine,
//! [`machines`]); given records from two or more machines, every operation by machine
//! (operations down, machines across, as the 1995 "Some timings" post lays out its table;
//! each figure with its speed relative to the first machine, "1.34x"); given two or more
//! records of one machine that share operations, those runs side by side ([`runs`]: a table
//! per command, a column per run and their ratio, by `compare`'s tables); then one section
//! per record (folded when its run is shown side by side) with its build and run, its command's document ([`crate::report::record_doc`],
//! rendered by [`crate::report::doc::html`]: the same tables, facts and notes as the terminal)
//! and its plots ([`crate::report::plot`], inline SVG).
//!
//! Self-contained: inline CSS and SVG only, no script, font, image or style sheet is fetched
//! (the only URL is the SVG namespace name, `xmlns="http://www.w3.org/2000/svg"`, which no
//! browser fetches). Every text taken from a record is escaped ([`escape`]).

pub mod grid;
pub mod machines;
pub mod runs;

use crate::error::{Error, Result};
use crate::record::ResultRecord;
use crate::report;
use grid::Grid;

pub use crate::report::doc::html::escape;

/// The page's style sheet: system fonts, numbers right-aligned, plots scaled to the width.
const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 75em;
       padding: 0 1em; color: #111; background: #fff; }
h1 { font-size: 1.6em; } h2 { font-size: 1.3em; margin-top: 2em; }
h3 { font-size: 1.05em; margin-top: 1.4em; }
table { border-collapse: collapse; margin: 0.6em 0 1em; font-size: 0.9em; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.6em; vertical-align: top; }
th { background: #eef2f7; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.indent { padding-left: 1.8em; }
tr.group td { background: #f7f7f7; font-weight: 600; }
table.meta th { width: 8em; white-space: nowrap; } table.meta td { min-width: 32em; }
pre { background: #f6f6f6; padding: 0.6em; overflow-x: auto; font-size: 0.85em; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
section.record { border-top: 2px solid #ccc; }
summary h2 { display: inline; } summary { cursor: pointer; margin: 1.5em 0 0.5em; }
";

/// The whole page for `records`, each with the name it is shown by (its file name).
///
/// # Errors
/// [`Error::Input`] when `records` is empty.
pub fn render_page(records: &[(String, ResultRecord)]) -> Result<String> {
    if records.is_empty() {
        return Err(Error::input("a report needs at least one result record"));
    }
    let groups = machines::group(records);
    let mut s = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>pkbench report</title>\n<style>",
    );
    s += STYLE;
    s += "</style>\n</head>\n<body>\n<h1>pkbench report</h1>\n";
    s += &format!(
        "<p>{} record{} from {} machine{}: {}.</p>\n",
        records.len(),
        plural(records.len()),
        groups.len(),
        plural(groups.len()),
        escape(
            &records
                .iter()
                .map(|(n, r)| format!("{n} ({})", r.command))
                .collect::<Vec<_>>()
                .join(", ")
        )
    );
    s += "<h2 id=\"machines\">Machines</h2>\n";
    s += &grid_html(&machines::machine_grid(records, &groups), "machines");
    if groups.len() > 1 {
        s += "<h2 id=\"by-machine\">Operations by machine</h2>\n<p>Each operation's headline \
              figure (median time per operation, or a rate) on each machine; (1.34x) is the \
              speed relative to the first machine.</p>\n";
        s += &grid_html(&machines::by_machine(records, &groups), "by-machine");
    }
    let side_by_side = runs::compare_runs(records, &groups);
    for (n, r) in side_by_side.iter().enumerate() {
        s += &runs::html(r, records, n + 1);
    }
    for (i, (name, rec)) in records.iter().enumerate() {
        // A run shown side by side above keeps its own section, folded.
        let folded = side_by_side.iter().any(|r| r.records.contains(&i));
        s += &record_section(i + 1, name, rec, folded);
    }
    s += "</body>\n</html>\n";
    Ok(s)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// One record's section: run and build, the command's tables and prose, its plots; when
/// `folded` (the run is shown side by side with others above), inside a `<details>` element
/// that opens on a click.
fn record_section(index: usize, name: &str, rec: &ResultRecord, folded: bool) -> String {
    let title = format!(
        "[{index}] {}: pkbench {}",
        escape(name),
        escape(&rec.command)
    );
    let mut s = format!("<section class=\"record\" id=\"record-{index}\">\n");
    s += &if folded {
        format!("<details>\n<summary><h2>{title}</h2> (its own tables)</summary>\n")
    } else {
        format!("<h2>{title}</h2>\n")
    };
    s += &grid_html(&run_grid(rec), "meta");
    s += "<h3>Tables</h3>\n";
    s += &report::doc::html::render(&report::record_doc(rec));
    if let Ok((svg, _, _)) = report::plot::render_svg(rec) {
        s += "<h3>Plots</h3>\n<figure>\n";
        s += svg_element(&svg);
        s += "\n</figure>\n";
    }
    if folded {
        s += "</details>\n";
    }
    s += "</section>\n";
    s
}

/// The `<svg …>…</svg>` element of an SVG document (an XML declaration before it dropped).
fn svg_element(svg: &str) -> &str {
    svg.find("<svg").map_or(svg, |i| &svg[i..]).trim_end()
}

/// The run and build of a record, as label/value rows.
fn run_grid(rec: &ResultRecord) -> Grid {
    let (m, b) = (&rec.machine, &rec.build);
    let row = |k: &str, v: String| vec![k.to_string(), v];
    let mut rows = vec![
        row("command", format!("pkbench {}", rec.command)),
        row("started", rec.started_utc.clone()),
        row("elapsed", format!("{:.1} s", rec.elapsed_s)),
        row("clock", rec.clock.clone()),
        row(
            "machine",
            format!("{} ({})", machines::label(rec), machines::cpu_line(m)),
        ),
        row("rustc", b.rustc.clone()),
        row("profile", b.profile.clone()),
        row("target", b.target.clone()),
        row(
            "pkbench",
            format!("{} ({})", b.pkbench_version, b.git_commit),
        ),
        row("backends", b.backends.join(", ")),
    ];
    if let Some(seed) = rec.seed {
        rows.insert(4, row("seed", seed.to_string()));
    }
    if !b.rustflags.is_empty() {
        rows.push(row("rustflags", b.rustflags.clone()));
    }
    if !b.features.is_empty() {
        rows.push(row("features", b.features.join(", ")));
    }
    Grid {
        header: vec!["run".into(), name_or_dash(&rec.command)],
        rows,
    }
}

fn name_or_dash(s: &str) -> String {
    if s.is_empty() { "-".into() } else { s.into() }
}

/// Whether a cell reads as a figure (right-aligned): it starts with a digit, a sign or
/// "1/", and is short.
fn is_figure(cell: &str) -> bool {
    let t = cell.trim();
    let mut c = t.chars();
    let first = c.next();
    let second = c.next();
    let starts = match first {
        Some(d) if d.is_ascii_digit() => true,
        Some('-' | '+' | '±' | '~') => second.is_some_and(|d| d.is_ascii_digit()),
        _ => false,
    };
    starts && t.split_whitespace().count() <= 6
}

/// The classes of tables whose cells hold figures (right-aligned): a command's tables and
/// the operations by machine. The machines and run tables hold properties.
const FIGURE_TABLES: [&str; 2] = ["command", "by-machine"];

/// A table of `g` with class `class`: header cells as `<th>`, body cells as `<td>` (class
/// `num` for figures in [`FIGURE_TABLES`], `indent` for a cell the terminal indented), a
/// cell's lines joined by `<br>`, except in a command table's first column (a label the
/// terminal wrapped: joined by a space, the browser wraps it); a row with only its first
/// cell filled is a group heading (class `group`).
pub fn grid_html(g: &Grid, class: &str) -> String {
    let lines = |c: &str, sep: &str| {
        c.lines()
            .map(|l| escape(l.trim()))
            .collect::<Vec<_>>()
            .join(sep)
    };
    let cell_text = |c: &str| lines(c, "<br>");
    let figures = FIGURE_TABLES.contains(&class);
    let mut s = format!("<table class=\"{}\">\n", escape(class));
    if !g.header.is_empty() {
        s += "<thead><tr>";
        for h in &g.header {
            s += &format!("<th>{}</th>", cell_text(h));
        }
        s += "</tr></thead>\n";
    }
    s += "<tbody>\n";
    for row in &g.rows {
        let group = row.len() > 1 && row[1..].iter().all(|c| c.trim().is_empty());
        s += if group {
            "<tr class=\"group\">"
        } else {
            "<tr>"
        };
        for (i, c) in row.iter().enumerate() {
            let mut classes = Vec::new();
            if figures && i > 0 && is_figure(c) {
                classes.push("num");
            }
            if c.starts_with("  ") {
                classes.push("indent");
            }
            let attr = if classes.is_empty() {
                String::new()
            } else {
                format!(" class=\"{}\"", classes.join(" "))
            };
            let tag = if i == 0 && class == "meta" {
                "th"
            } else {
                "td"
            };
            let text = if i == 0 && class == "command" {
                lines(c, " ")
            } else {
                cell_text(c)
            };
            s += &format!("<{tag}{attr}>{text}</{tag}>");
        }
        s += "</tr>\n";
    }
    s += "</tbody>\n</table>\n";
    s
}

#[cfg(test)]
mod tests;

//! Historical timing tables re-run on this machine (`pkbench repro TABLE`).
//!
//! A table is a *reference file* (`params/reference/*.toml`, see [`Reference`]) that holds
//! every figure of a historical post as posted — row, machine, compiler, value, unit,
//! measured or estimated — plus a *measure function* that runs each row's operation on this
//! machine and returns a [`Measurement`] in the row's unit. [`run_table`] runs the rows in the
//! post's order; [`TableRun`] renders the result as a terminal table, Markdown, or JSON rows
//! (one per reference figure), with this machine's speedup over the table's baseline machine
//! as "×N". Nothing here is specific to one table.
//!
//! Tables in the older single-unit format (one unit, one column per historical machine, a
//! speedup over each: `gnupg-2000`) are [`columns::ReferenceTable`]s. Both kinds render
//! through [`Cells`]: a terminal table (comfy-table) or GitHub-flavoured Markdown.
//!
//! A row whose capability is not in this build (a group family, RSA) is
//! [`Measurement::NotBuilt`] and shows "not built": never a made-up figure.
//!
//! # Adding a table (e.g. `repro gnupg-2000`)
//! 1. Write `params/reference/NAME.toml` with `id`, `title`, `source`, `method`, `baseline`
//!    (a machine id), `[[machine]]` (id, name), `[[row]]` (id, label, op, unit, note) in the
//!    post's order and one `[[figure]]` per posted figure (see the 1995 file for the keys).
//!    Units: `MB/s`, `Mbit/s`, `bytes/s` (higher is faster) or `ms`, `µs/key`, `µs` (lower is
//!    faster); see [`higher_is_better`].
//! 2. Write `src/repro/NAME.rs` with `pub fn measure(row: &RefRow, ctx: &Ctx) -> Measurement`
//!    dispatching on `row.op` (run the commands' Jobs with [`crate::bench::run`]: `Job::Hash`,
//!    `Job::Des`, `Job::Rsa`, `Job::Dh`, ...), and return the value in `row.unit`.
//! 3. Add a [`Table`] entry to [`TABLES`]; `pkbench repro NAME` and the tests that every
//!    reference file parses and every row gets a result then cover it.

pub mod columns;
pub mod y1995;

use crate::error::{Error, Result};
use crate::measure::{Clock, MeasureConfig, Stats};
use crate::report;
use serde::{Deserialize, Serialize};

/// A historical table pkbench can reproduce: its reference file and its measure function.
#[derive(Debug)]
pub struct Table {
    /// Name on the command line (`1995`).
    pub name: &'static str,
    /// The reference file's text (embedded).
    pub reference: &'static str,
    /// Runs one row on this machine.
    pub measure: fn(&RefRow, &Ctx) -> Measurement,
}

/// Every table `pkbench repro` knows.
pub const TABLES: &[Table] = &[Table {
    name: "1995",
    reference: include_str!("../../params/reference/1995-some-timings.toml"),
    measure: y1995::measure,
}];

/// Finds a table by name.
///
/// # Errors
/// [`Error::Input`] listing the known tables.
pub fn table(name: &str) -> Result<&'static Table> {
    TABLES.iter().find(|t| t.name == name).ok_or_else(|| {
        let known: Vec<&str> = TABLES.iter().map(|t| t.name).collect();
        Error::input(format!(
            "repro {name:?}: no such table; known: {}",
            known.join(", ")
        ))
    })
}

/// A reference file: a historical post's figures as posted.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Reference {
    /// Table id (`1995`).
    pub id: String,
    /// Title of the post.
    pub title: String,
    /// Where the figures were transcribed from.
    pub source: String,
    /// The post's method, in its words.
    #[serde(default)]
    pub method: String,
    /// Machine id of the speedup column's baseline (the post's fastest machine).
    pub baseline: String,
    /// The post's machines, in column order.
    #[serde(rename = "machine")]
    pub machines: Vec<RefMachine>,
    /// The post's rows, in the post's order.
    #[serde(rename = "row")]
    pub rows: Vec<RefRow>,
    /// Every figure as posted.
    #[serde(rename = "figure")]
    pub figures: Vec<Figure>,
}

/// A machine of the post.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct RefMachine {
    /// Short id used by figures (`alpha-600`).
    pub id: String,
    /// Name for column headers.
    pub name: String,
    /// What the post says about it.
    #[serde(default)]
    pub note: String,
}

/// A row of the post: what was timed, and what pkbench runs for it.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct RefRow {
    /// Short id used by figures (`md5`, `dh-ec-155`).
    pub id: String,
    /// Label for the table.
    pub label: String,
    /// The operation pkbench runs (interpreted by the table's measure function).
    pub op: String,
    /// Unit of the figures and of this machine's value.
    pub unit: String,
    /// Note on how this machine's figure is obtained.
    #[serde(default)]
    pub note: String,
}

/// Whether the post measured a figure or estimated it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Measured, as the post says.
    Measured,
    /// Estimated in the post, not measured.
    Estimated,
}

/// One figure as posted.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Figure {
    /// Row id.
    pub row: String,
    /// The row's text in the post, verbatim.
    pub posted_row: String,
    /// Machine id.
    pub machine: String,
    /// The machine's name in the post, verbatim.
    pub posted_machine: String,
    /// Compiler and flags as posted ("" when the post gives none).
    #[serde(default)]
    pub compiler: String,
    /// The figure.
    pub value: f64,
    /// Its unit (the row's unit).
    pub unit: String,
    /// Measured or estimated.
    pub kind: Kind,
    /// What the post says about it.
    #[serde(default)]
    pub note: String,
}

/// Whether larger values of `unit` are faster: rates (`MB/s`, `Mbit/s`, `bytes/s`) yes,
/// times (`ms`, `µs`, `µs/key`, `s`) no; `None` for any other unit.
pub fn higher_is_better(unit: &str) -> Option<bool> {
    if unit.ends_with("/s") {
        Some(true)
    } else if ["ms", "µs", "s", "ns"]
        .iter()
        .any(|u| unit == *u || unit.starts_with(&format!("{u}/")))
    {
        Some(false)
    } else {
        None
    }
}

/// How many times faster `this` is than `historical` in `unit` (> 1: this machine is faster).
pub fn speedup(historical: f64, this: f64, unit: &str) -> f64 {
    match higher_is_better(unit) {
        Some(true) => this / historical,
        Some(false) => historical / this,
        None => f64::NAN,
    }
}

impl Reference {
    /// Parses and validates a reference file: every figure names a known row and machine
    /// and is in its row's unit, every unit has a direction, the baseline is a machine, and
    /// every row has at least one figure.
    ///
    /// # Errors
    /// [`Error::Input`] saying what is wrong.
    pub fn parse(text: &str) -> Result<Reference> {
        let r: Reference = toml::from_str(text).map_err(|e| {
            Error::input(format!(
                "reference file: {}",
                e.message().replace('\n', " ")
            ))
        })?;
        let bad = |m: String| Err(Error::input(format!("reference {}: {m}", r.id)));
        if !r.machines.iter().any(|m| m.id == r.baseline) {
            return bad(format!("baseline {:?} is not a machine", r.baseline));
        }
        for row in &r.rows {
            if higher_is_better(&row.unit).is_none() {
                return bad(format!(
                    "row {}: unit {:?} has no direction",
                    row.id, row.unit
                ));
            }
            if !r.figures.iter().any(|f| f.row == row.id) {
                return bad(format!("row {} has no figure", row.id));
            }
        }
        for f in &r.figures {
            let Some(row) = r.rows.iter().find(|row| row.id == f.row) else {
                return bad(format!("figure for unknown row {:?}", f.row));
            };
            if !r.machines.iter().any(|m| m.id == f.machine) {
                return bad(format!("figure for unknown machine {:?}", f.machine));
            }
            if f.unit != row.unit {
                return bad(format!(
                    "figure {}/{}: unit {:?} is not the row's {:?}",
                    f.row, f.machine, f.unit, row.unit
                ));
            }
            if !(f.value.is_finite() && f.value > 0.0) {
                return bad(format!("figure {}/{}: value {}", f.row, f.machine, f.value));
            }
        }
        Ok(r)
    }

    /// The figure of `row` on `machine`, if the post gives one.
    pub fn figure(&self, row: &str, machine: &str) -> Option<&Figure> {
        self.figures
            .iter()
            .find(|f| f.row == row && f.machine == machine)
    }

    /// The baseline machine.
    pub fn baseline_machine(&self) -> &RefMachine {
        self.machines
            .iter()
            .find(|m| m.id == self.baseline)
            .expect("validated by parse")
    }
}

/// This machine's result for one row.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Measurement {
    /// Measured (and checked) in the row's unit.
    Measured {
        /// The value in the row's unit.
        value: f64,
        /// How it was obtained (implementation, parameters).
        detail: String,
        /// The samples behind it (ms per operation), when one timed operation gives it.
        #[serde(skip_serializing_if = "Option::is_none")]
        stats: Option<Stats>,
    },
    /// The capability is not in this build; no figure.
    NotBuilt {
        /// Why.
        reason: String,
    },
    /// The run failed (a self-check, an input error); no figure.
    Failed {
        /// The error message.
        reason: String,
    },
}

impl Measurement {
    /// The value, when measured.
    pub fn value(&self) -> Option<f64> {
        match self {
            Measurement::Measured { value, .. } => Some(*value),
            _ => None,
        }
    }
}

/// What a measure function gets: the harness configuration, the seed, how to open groups,
/// and the caller's way to show warnings and word errors (the library prints nothing).
#[derive(Debug, Clone)]
pub struct Ctx {
    /// Harness configuration (budget per timed operation, clock).
    pub cfg: MeasureConfig,
    /// Seed of every input.
    pub seed: u64,
    /// How to open the groups of DH rows (the table choice is the row's).
    pub group: crate::kex::GroupOptions,
    /// Shows the warnings of an opened group (the binary prints them on stderr).
    pub warn: fn(&[crate::error::Warning]),
    /// Words the error of a row that could not be measured, for its reason.
    pub explain: fn(&crate::Error) -> String,
}

impl Ctx {
    /// `cfg` and `seed` with the default group options, warnings dropped and errors in the
    /// library's words.
    pub fn new(cfg: MeasureConfig, seed: u64) -> Ctx {
        Ctx {
            cfg,
            seed,
            group: crate::kex::GroupOptions::default(),
            warn: |_| {},
            explain: |e| e.message().into_owned(),
        }
    }
}

/// A table run on this machine: the reference and one [`Measurement`] per row, in order.
#[derive(Debug, Clone)]
pub struct TableRun {
    /// The reference file.
    pub reference: Reference,
    /// (row id, this machine's result), in the post's order.
    pub results: Vec<(String, Measurement)>,
}

/// Runs every row of `table` under `ctx`, in the post's order, calling `progress(label)` before
/// each row.
///
/// # Errors
/// [`Error::Input`] when the reference file is invalid (a defect: tests parse every file).
pub fn run_table(table: &Table, ctx: &Ctx, mut progress: impl FnMut(&str)) -> Result<TableRun> {
    let reference = Reference::parse(table.reference)?;
    let mut results = Vec::new();
    for row in &reference.rows {
        progress(&row.label);
        results.push((row.id.clone(), (table.measure)(row, ctx)));
    }
    Ok(TableRun { reference, results })
}

/// One JSON row: a reference figure beside this machine's value for its row.
#[derive(Debug, Clone, Serialize)]
pub struct JsonRow {
    /// Row id.
    pub row: String,
    /// Row label.
    pub label: String,
    /// Machine id of the figure.
    pub machine: String,
    /// Machine name.
    pub machine_name: String,
    /// The figure's row and machine as posted, its compiler, kind and note.
    pub posted_row: String,
    /// Machine as posted.
    pub posted_machine: String,
    /// Compiler as posted.
    pub compiler: String,
    /// "measured" or "estimated" (the post's word).
    pub kind: Kind,
    /// The historical figure.
    pub historical: f64,
    /// Unit of `historical` and `this_machine`.
    pub unit: String,
    /// This machine's value in the same unit (`null` when not built or failed).
    pub this_machine: Option<f64>,
    /// "measured", "not-built" or "failed".
    pub this_machine_status: String,
    /// Why there is no value, when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// How many times faster this machine is than this figure's machine.
    pub speedup: Option<f64>,
    /// How many times faster this machine is than the baseline machine on this row.
    pub speedup_vs_baseline: Option<f64>,
    /// The post's note on this figure.
    pub note: String,
}

impl TableRun {
    /// This machine's result for `row`.
    pub fn result(&self, row: &str) -> Option<&Measurement> {
        self.results
            .iter()
            .find(|(id, _)| id == row)
            .map(|(_, m)| m)
    }

    /// Speedup over the baseline machine for `row`, when both figures exist.
    pub fn speedup_vs_baseline(&self, row: &RefRow) -> Option<f64> {
        let base = self.reference.figure(&row.id, &self.reference.baseline)?;
        let this = self.result(&row.id)?.value()?;
        Some(speedup(base.value, this, &row.unit))
    }

    /// One entry per reference figure, in the reference file's order.
    pub fn json_rows(&self) -> Vec<JsonRow> {
        let r = &self.reference;
        r.figures
            .iter()
            .map(|f| {
                let row = r.rows.iter().find(|x| x.id == f.row).expect("validated");
                let m = r
                    .machines
                    .iter()
                    .find(|x| x.id == f.machine)
                    .expect("validated");
                let res = self.result(&f.row);
                let this = res.and_then(Measurement::value);
                let (status, reason) = match res {
                    Some(Measurement::Measured { .. }) => ("measured", None),
                    Some(Measurement::NotBuilt { reason }) => ("not-built", Some(reason.clone())),
                    Some(Measurement::Failed { reason }) => ("failed", Some(reason.clone())),
                    None => ("not-run", None),
                };
                JsonRow {
                    row: f.row.clone(),
                    label: row.label.clone(),
                    machine: f.machine.clone(),
                    machine_name: m.name.clone(),
                    posted_row: f.posted_row.clone(),
                    posted_machine: f.posted_machine.clone(),
                    compiler: f.compiler.clone(),
                    kind: f.kind,
                    historical: f.value,
                    unit: f.unit.clone(),
                    this_machine: this,
                    this_machine_status: status.to_string(),
                    reason,
                    speedup: this.map(|t| speedup(f.value, t, &f.unit)),
                    speedup_vs_baseline: self.speedup_vs_baseline(row),
                    note: f.note.clone(),
                }
            })
            .collect()
    }

    /// The table's cells: header, then one line per row (label, unit, one cell per machine,
    /// this machine, ×baseline). Estimated figures carry " (est.)".
    pub fn cells(&self) -> Cells {
        let r = &self.reference;
        let mut header = vec!["row".to_string(), "unit".to_string()];
        header.extend(r.machines.iter().map(|m| m.name.clone()));
        header.push("this machine".to_string());
        header.push(format!("× {}", r.baseline_machine().name));
        let mut lines = Vec::new();
        for row in &r.rows {
            let mut line = vec![row.label.clone(), row.unit.clone()];
            for m in &r.machines {
                line.push(match r.figure(&row.id, &m.id) {
                    Some(f) if f.kind == Kind::Estimated => {
                        format!("{} (est.)", fmt_posted(f.value))
                    }
                    Some(f) => fmt_posted(f.value),
                    None => String::new(),
                });
            }
            line.push(match self.result(&row.id) {
                Some(Measurement::Measured { value, .. }) => fmt_value(*value),
                Some(Measurement::NotBuilt { .. }) => "not built".to_string(),
                Some(Measurement::Failed { .. }) => "failed".to_string(),
                None => "-".to_string(),
            });
            line.push(
                self.speedup_vs_baseline(row)
                    .map(fmt_speedup)
                    .unwrap_or_else(|| "-".to_string()),
            );
            lines.push(line);
        }
        Cells {
            header,
            lines,
            label_columns: 2,
        }
    }

    /// Notes under the table: rows not built or failed (with the reason), row notes.
    pub fn notes(&self) -> Vec<String> {
        let mut v = Vec::new();
        for row in &self.reference.rows {
            match self.result(&row.id) {
                Some(Measurement::NotBuilt { reason }) => {
                    v.push(format!("{}: not built: {reason}", row.label))
                }
                Some(Measurement::Failed { reason }) => {
                    v.push(format!("{}: failed: {reason}", row.label))
                }
                Some(Measurement::Measured { detail, .. }) if !detail.is_empty() => {
                    v.push(format!("{}: {detail}", row.label))
                }
                _ => {}
            }
        }
        for f in &self.reference.figures {
            if !f.note.is_empty() {
                v.push(format!(
                    "{} on {}: {}",
                    f.posted_row, f.posted_machine, f.note
                ));
            }
        }
        v
    }

    /// The columns that fit in 80: row, unit, the baseline machine's figure, this machine,
    /// and the speedup over the baseline ([`TableRun::cells`] has every machine).
    pub fn narrow_cells(&self) -> Cells {
        let all = self.cells();
        let base = 2 + self
            .reference
            .machines
            .iter()
            .position(|m| m.id == self.reference.baseline_machine().id)
            .expect("validated");
        let n = all.header.len();
        let keep = [0, 1, base, n - 2, n - 1];
        let pick = |cells: &[String]| keep.iter().map(|&i| cells[i].clone()).collect();
        let mut header: Vec<String> = pick(&all.header);
        header[4] = "speedup".to_string();
        Cells {
            header,
            lines: all.lines.iter().map(|l| pick(l)).collect(),
            label_columns: 2,
        }
    }

    /// The terminal table (comfy-table) followed by the notes: every machine's column with
    /// `wide`, else [`TableRun::narrow_cells`] and a line naming the other machines, all
    /// within 80 columns.
    pub fn render_text(&self, wide: bool) -> String {
        if wide {
            return self.cells().text_wide() + &note_list(&self.notes(), false);
        }
        let base = &self.reference.baseline_machine().id;
        let others: Vec<&str> = self
            .reference
            .machines
            .iter()
            .filter(|m| &m.id != base)
            .map(|m| m.name.as_str())
            .collect();
        let mut s = self.narrow_cells().text();
        if !others.is_empty() {
            s += &format!(
                "The post's other machines ({}): --wide or --markdown.\n",
                others.join(", ")
            );
        }
        report::wrap_text(&(s + &note_list(&self.notes(), false)))
    }

    /// The table as GitHub-flavoured Markdown, followed by the notes as a list.
    pub fn render_markdown(&self) -> String {
        format!(
            "{}\n{}",
            self.cells().markdown(),
            note_list(&self.notes(), true)
        )
    }
}

/// A table as text cells, the one renderer of every `repro` table: the header, then one line
/// per row; the first `label_columns` columns are labels (left-aligned in Markdown), the rest
/// figures (right-aligned).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cells {
    /// Column headers.
    pub header: Vec<String>,
    /// One line of cells per row, as wide as the header.
    pub lines: Vec<Vec<String>>,
    /// How many leading columns are labels.
    pub label_columns: usize,
}

impl Cells {
    /// The terminal table (comfy-table, [`report::table`]), ending with a newline: headers
    /// word-wrapped into lines of at most 12 characters, the first label column wrapped at
    /// spaces when the table would not fit.
    pub fn text(&self) -> String {
        self.render(true)
    }

    /// The terminal table with every row on one line, as wide as it takes (`repro --wide`;
    /// headers still wrapped into lines of 12 characters).
    pub fn text_wide(&self) -> String {
        self.render(false)
    }

    fn render(&self, fit: bool) -> String {
        let w = |h: &String| report::text::wrap_words(h, 12);
        let h: Vec<String> = self.header.iter().map(w).collect();
        let h: Vec<&str> = h.iter().map(String::as_str).collect();
        let mut t = report::table(&h);
        for l in &self.lines {
            t.add_row(l.clone());
        }
        if fit {
            report::wrap_column(&mut t, 0);
        }
        format!("{t}\n")
    }

    /// The table as GitHub-flavoured Markdown ('|' in a cell escaped), ending with a newline.
    pub fn markdown(&self) -> String {
        let row = |cells: &[String]| {
            let esc: Vec<String> = cells.iter().map(|c| md_escape(c)).collect();
            format!("| {} |\n", esc.join(" | "))
        };
        let mut s = row(&self.header);
        let align: Vec<String> = (0..self.header.len())
            .map(|i| {
                if i < self.label_columns {
                    "---".into()
                } else {
                    "---:".into()
                }
            })
            .collect();
        s += &row(&align);
        for l in &self.lines {
            s += &row(l);
        }
        s
    }
}

fn md_escape(c: &str) -> String {
    c.replace('|', "\\|")
}

/// Notes under a table as a list, one `- note` line each (Markdown-escaped with `markdown`).
pub fn note_list(notes: &[String], markdown: bool) -> String {
    notes
        .iter()
        .map(|n| {
            if markdown {
                format!("- {}\n", md_escape(n))
            } else {
                format!("- {n}\n")
            }
        })
        .collect()
}

/// A historical figure as posted: the shortest decimal that reads back as the same number
/// ("1.37", "0.99", "115", "2670").
pub fn fmt_posted(v: f64) -> String {
    format!("{v}")
}

/// A figure with up to four significant digits ("1.37", "2670", "0.1692").
pub fn fmt_value(v: f64) -> String {
    if v >= 10_000.0 {
        format!("{v:.0}")
    } else {
        report::sig4(v)
    }
}

/// A speedup as "×N" with three significant digits ("×1.23", "×45.6", "×1234").
pub fn fmt_speedup(x: f64) -> String {
    if !x.is_finite() {
        return "-".into();
    }
    if x >= 100.0 {
        format!("×{x:.0}")
    } else if x >= 10.0 {
        format!("×{x:.1}")
    } else {
        format!("×{x:.2}")
    }
}

/// The default clock for repro: thread CPU time would match the post (user CPU time), but
/// wall time is what every other command uses; the header says which.
pub const DEFAULT_CLOCK: Clock = Clock::Wall;

#[cfg(test)]
mod tests;

//! Reference tables in the single-unit format (`pkbench repro gnupg-2000`): a TOML file under
//! `params/reference/` with the figures as posted, one column per historical machine, and per
//! row the keys that tell pkbench how to measure it. The rendering is generic over rows: the
//! reference columns, this machine's column, and this machine's speedup over each reference
//! column, drawn by the [`Cells`] renderer shared with the 1995 table.
//!
//! File keys: `name`, `title`, `source`, `method`, `unit`, `better` (`"higher"` for rates such
//! as Mbit/s, `"lower"` for times), `columns` (machine names), and `[[rows]]` with `label`,
//! `values` (one per column; omit a figure with `nan`) and any measuring keys of the table's
//! own (kept in [`ReferenceRow::rest`]).

use super::Cells;
use crate::error::{Error, Result};
use crate::report;
use serde::{Deserialize, Serialize};

/// The reference tables built into pkbench: (name, TOML text).
pub const BUILTIN: &[(&str, &str)] = &[(
    "gnupg-2000",
    include_str!("../../params/reference/gnupg-2000.toml"),
)];

/// Which way a figure is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Better {
    /// Rates (MB/s, Mbit/s): speedup = ours / theirs.
    Higher,
    /// Times (ms): speedup = theirs / ours.
    Lower,
}

/// One row of a reference table.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ReferenceRow {
    /// Row label as posted ("CAST5-128").
    pub label: String,
    /// Figures as posted, one per column of the table (`NaN` where none was posted).
    pub values: Vec<f64>,
    /// The table's own keys that say how pkbench measures this row.
    #[serde(flatten)]
    pub rest: toml::Table,
}

/// A reference table as posted.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ReferenceTable {
    /// Name on the command line (`gnupg-2000`).
    pub name: String,
    /// Title for the report.
    pub title: String,
    /// Where the figures come from.
    pub source: String,
    /// How they were measured, as posted.
    pub method: String,
    /// Unit of every figure ("Mbit/s", "ms").
    pub unit: String,
    /// Which way is faster.
    pub better: Better,
    /// Historical machines, one per value of a row.
    pub columns: Vec<String>,
    /// The rows.
    pub rows: Vec<ReferenceRow>,
}

impl ReferenceTable {
    /// Parses and validates a table (every row has one value per column).
    ///
    /// # Errors
    /// [`Error::Input`] naming `origin` for TOML errors or a row of the wrong width.
    pub fn parse(origin: &str, text: &str) -> Result<ReferenceTable> {
        let t: ReferenceTable = toml::from_str(text)
            .map_err(|e| Error::input(format!("{origin}: invalid reference table: {e}")))?;
        for r in &t.rows {
            if r.values.len() != t.columns.len() {
                return Err(Error::input(format!(
                    "{origin}: row {:?} has {} values for {} columns",
                    r.label,
                    r.values.len(),
                    t.columns.len()
                )));
            }
        }
        Ok(t)
    }

    /// The built-in table `name`.
    ///
    /// # Errors
    /// [`Error::Input`] listing the known names.
    pub fn builtin(name: &str) -> Result<ReferenceTable> {
        let (n, text) = BUILTIN
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                Error::input(format!(
                    "unknown reference table {name:?}: use one of {}",
                    names().join(", ")
                ))
            })?;
        ReferenceTable::parse(n, text)
    }

    /// This machine's speedup over a reference figure: ours/theirs for rates, theirs/ours for
    /// times; `NaN` when either is missing or not positive.
    pub fn speedup(&self, reference: f64, ours: f64) -> f64 {
        if !(reference > 0.0 && ours > 0.0) {
            return f64::NAN;
        }
        match self.better {
            Better::Higher => ours / reference,
            Better::Lower => reference / ours,
        }
    }

    /// The table's cells: label, the reference columns, this machine (`ours[i]` for row i,
    /// `NaN` when not measured) and "×" speedups over each reference column.
    pub fn cells(&self, machine: &str, ours: &[f64]) -> Cells {
        let mut header: Vec<String> = vec![String::new()];
        header.extend(self.columns.iter().cloned());
        header.push(format!("this machine ({machine})"));
        header.extend(self.columns.iter().map(|c| format!("× {c}")));
        let mut lines = Vec::new();
        for (row, &o) in self.rows.iter().zip(ours) {
            let mut cells = vec![row.label.clone()];
            cells.extend(row.values.iter().map(|&v| fmt_value(v)));
            cells.push(fmt_value(o));
            cells.extend(row.values.iter().map(|&v| {
                let s = self.speedup(v, o);
                if s.is_finite() {
                    format!("{}×", report::sig4(s))
                } else {
                    "-".into()
                }
            }));
            lines.push(cells);
        }
        Cells {
            header,
            lines,
            label_columns: 1,
        }
    }

    /// The terminal table of [`ReferenceTable::cells`].
    pub fn render(&self, machine: &str, ours: &[f64]) -> String {
        self.cells(machine, ours).text()
    }
}

fn fmt_value(v: f64) -> String {
    if v.is_finite() {
        report::sig4(v)
    } else {
        "-".into()
    }
}

/// Names of the built-in tables.
pub fn names() -> Vec<&'static str> {
    BUILTIN.iter().map(|(n, _)| *n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnupg_2000_as_posted() {
        let t = ReferenceTable::builtin("gnupg-2000").unwrap();
        assert_eq!(t.columns, ["K6/400", "Celeron/500"]);
        assert_eq!(t.unit, "Mbit/s");
        assert_eq!(t.better, Better::Higher);
        let got: Vec<(&str, f64, f64)> = t
            .rows
            .iter()
            .map(|r| (r.label.as_str(), r.values[0], r.values[1]))
            .collect();
        assert_eq!(
            got,
            [
                ("CAST5-128", 35.5, 49.0),
                ("BLOWFISH-128", 35.4, 40.0),
                ("RIJNDAEL-128", 31.0, 44.5),
                ("3DES-168", 12.2, 19.0),
                ("RIJNDAEL-192", 28.7, 41.3),
                ("TWOFISH-256", 25.0, 33.5),
                ("RIJNDAEL-256", 26.6, 38.5),
            ]
        );
        assert_eq!(t.rows[0].rest["algo"].as_str(), Some("cast5"));
    }

    /// The figures against the post's transcription (params/reference/1995-some-timings.md,
    /// "Other seed tables": `CAST5-128 35.5/49.0, BLOWFISH-128 35.4/40.0, ...`).
    #[test]
    fn gnupg_2000_matches_the_transcription() {
        let md = crate::repro::tests::POST_MD;
        let posted = md
            .split("- GnuPG ciphers, 2000, Mbit/s (K6/400, Celeron/500):")
            .nth(1)
            .expect("the GnuPG line")
            .split(". Method:")
            .next()
            .unwrap();
        let t = ReferenceTable::builtin("gnupg-2000").unwrap();
        let cells: Vec<&str> = posted.split(',').map(str::trim).collect();
        assert_eq!(cells.len(), t.rows.len(), "{posted}");
        for (cell, row) in cells.iter().zip(&t.rows) {
            let (label, figures) = cell.split_once(' ').unwrap();
            let (k6, celeron) = figures.split_once('/').unwrap();
            assert_eq!(label, row.label, "{cell}");
            assert_eq!(
                row.values,
                [k6.parse::<f64>().unwrap(), celeron.parse().unwrap()]
            );
        }
    }

    #[test]
    fn speedups_and_rendering() {
        let t = ReferenceTable::builtin("GNUPG-2000").unwrap();
        assert_eq!(t.speedup(35.5, 355.0), 10.0);
        assert!(t.speedup(35.5, f64::NAN).is_nan());
        let mut ours = vec![f64::NAN; t.rows.len()];
        ours[0] = 355.0;
        let s = t.render("here", &ours);
        assert!(s.contains("this machine") && s.contains("(here)"), "{s}");
        assert!(s.contains("10.00×"), "{s}");
        assert!(s.contains("7.245×"), "{s}"); // 355 / 49.0
        // The same cells as Markdown: label column left, figures right, "-" where unmeasured.
        let md = t.cells("here", &ours).markdown();
        let lines: Vec<&str> = md.lines().collect();
        assert_eq!(lines.len(), 2 + t.rows.len());
        assert_eq!(
            lines[0],
            "|  | K6/400 | Celeron/500 | this machine (here) | × K6/400 | × Celeron/500 |"
        );
        assert_eq!(lines[1], "| --- | ---: | ---: | ---: | ---: | ---: |");
        assert_eq!(
            lines[2],
            "| CAST5-128 | 35.50 | 49.00 | 355.0 | 10.00× | 7.245× |"
        );
        assert_eq!(lines[3], "| BLOWFISH-128 | 35.40 | 40.00 | - | - | - |");
        let lower = ReferenceTable {
            better: Better::Lower,
            ..t.clone()
        };
        assert_eq!(lower.speedup(100.0, 25.0), 4.0);
    }

    #[test]
    fn bad_tables_are_input_errors() {
        assert_eq!(
            ReferenceTable::builtin("gnupg-1999")
                .unwrap_err()
                .exit_code(),
            2
        );
        let bad = "name='x'\ntitle='x'\nsource='x'\nmethod='x'\nunit='ms'\nbetter='lower'\ncolumns=['a','b']\n[[rows]]\nlabel='r'\nvalues=[1.0]\n";
        let e = ReferenceTable::parse("bad.toml", bad).unwrap_err();
        assert!(
            e.message().contains("1 values for 2 columns"),
            "{}",
            e.message()
        );
    }
}

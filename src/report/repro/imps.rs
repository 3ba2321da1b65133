//! The implementations of a row when several computed it: pkbench's own figure beside a
//! library's faster one (always), and with `--impl all` or a list how every other
//! implementation was measured and the table of every implementation's figure, speedups
//! and speed against pkbench's own.

use super::cells::{Cells, fmt_bound, fmt_speedup, fmt_value};
use super::{Measured, Run};
use crate::implementation::Choice;
use crate::record::Operation;
use crate::reference::{self as repro, RefMachine};

impl Run<'_> {
    /// When row `i`'s figure is a library's (the fastest) and pkbench's own ran too: whose
    /// the figure and speedup are, and pkbench's own figure and speedup.
    pub(super) fn own_note(&self, i: usize) -> Option<String> {
        let best = self.best(i)?;
        if best.choice() == Choice::Own {
            return None;
        }
        let own = self.own(i)?;
        let row = &self.reference.rows[i];
        Some(format!(
            "{}: this machine's figure and speedup are those of {}, the fastest here; pkbench's own ({}): {} {}, {}",
            row.label,
            label(best),
            label(own.op),
            fmt_value(own.value),
            row.unit,
            self.speedups_text(i, own.value)
        ))
    }

    /// How each implementation of row `i` but the fastest was measured, one note each.
    pub(super) fn other_notes(&self, i: usize) -> Vec<String> {
        let row = &self.reference.rows[i];
        let best = self.best(i);
        self.measured[i]
            .iter()
            .filter(|m| !best.is_some_and(|b| std::ptr::eq(b, m.op)))
            .map(|m| {
                format!(
                    "{} ({}): {}",
                    row.label,
                    m.op.choice().name(),
                    self.detail(i, m.op)
                )
            })
            .collect()
    }

    /// The table of every implementation of the rows that several computed (unless the run
    /// asked for `--impl best`): row, by, this machine (with its interval), the speedups as
    /// in the main table over `machines` (one column headed "speedup" over the baseline when
    /// `narrow`), and "vs pkbench": its speed against pkbench's own row with the 95 %
    /// interval of the rounds paired ([`Operation::speedup_interval`]). `None` when there is
    /// no such row.
    pub(super) fn every_cells(&self, machines: &[&RefMachine], narrow: bool) -> Option<Cells> {
        if self.best_only() {
            return None;
        }
        let r = &self.reference;
        let unit_column = r.single_unit().is_none();
        let mut header = vec!["row".to_string()];
        if unit_column {
            header.push("unit".into());
        }
        header.extend(["by".to_string(), "this machine".to_string()]);
        match r.baseline_machine() {
            Some(_) if narrow => header.push("speedup".into()),
            Some(b) => header.push(format!("vs {}", b.name)),
            None => header.extend(machines.iter().map(|m| format!("vs {}", m.name))),
        }
        header.push("vs pkbench".into());
        let mut lines = Vec::new();
        for (i, row) in r.rows.iter().enumerate() {
            if self.measured[i].len() < 2 {
                continue;
            }
            for m in &self.measured[i] {
                let mut line = vec![row.label.clone()];
                if unit_column {
                    line.push(row.unit.clone());
                }
                line.push(m.op.choice().name().to_string());
                line.push(Self::figure_cell(m.op, m.value));
                match &r.baseline {
                    Some(b) => line.push(self.speedup_cell(i, Some(m.value), b)),
                    None => line.extend(
                        machines
                            .iter()
                            .map(|x| self.speedup_cell(i, Some(m.value), &x.id)),
                    ),
                }
                line.push(match self.own(i) {
                    Some(own) if !std::ptr::eq(own.op, m.op) => vs_own(own, m, &row.unit),
                    _ => String::new(),
                });
                lines.push(line);
            }
        }
        (!lines.is_empty()).then_some(Cells {
            header,
            lines,
            label_columns: if unit_column { 3 } else { 2 },
        })
    }
}

/// `m`'s speed against pkbench's own row `own` ("1.83x"), with the 95 % interval of the
/// rounds paired under it when there is one.
fn vs_own(own: &Measured, m: &Measured, unit: &str) -> String {
    match Operation::speedup_interval(own.op, m.op) {
        Some(iv) => format!(
            "{}\n[{}, {}]",
            fmt_speedup(iv.estimate),
            fmt_bound(iv.lo),
            fmt_bound(iv.hi)
        ),
        None => fmt_speedup(repro::speedup(own.value, m.value, unit)),
    }
}

/// Who computed `op`: its implementation's label ("openssl 3.0.19 (MD5)"), or its choice's
/// name when the record has none.
pub(super) fn label(op: &Operation) -> String {
    op.implementation
        .as_ref()
        .map_or_else(|| op.choice().name().to_string(), |i| i.label())
}

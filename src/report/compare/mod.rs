//! Ratio tables between saved runs (`pkbench compare`), in the layout of libgcrypt's
//! "1.6 vs 1.5" posts: operations down, one column per measured figure, each cell the speed
//! of NEW relative to BASE ("1.34x" = NEW does 1.34 times as many operations per second).
//! With more than two records, one column per machine, as the 1995 "Some timings" tables.
//!
//! Rows are matched on [`Operation::key`] (params + name). When both operations were
//! measured in rounds (schema 2 records), a cell carries the 95 % confidence interval of the
//! ratio from the rounds' medians ([`interval::ratio_unpaired`]: Hodges–Lehmann estimate,
//! Mann–Whitney interval) and prints "0.97x [0.93, 1.01]"; it is a *regression* only when the
//! whole interval lies below 1 − threshold (default 5 %), an improvement when it lies above
//! 1 + threshold, and noise otherwise. A larger threshold can only remove regressions.
//!
//! Records without rounds (schema 1) keep the earlier rule: a cell is *noise*, shown as "~",
//! when the change is inside the threshold: by default when the two quartile ranges
//! [q1, q3] overlap or the change is under 5 %; with an explicit threshold, when the change
//! is under that many percent. A derived row without samples (Total = 2*Offer + Reply,
//! CPU sum 2*Offer + 2*Reply, see [`crate::record::derived_from`]) has no quartiles: it is
//! also noise when every operation it is derived from (Offer and Reply of the same row) is
//! noise, so a sum of unchanged parts is not flagged. A *regression* is then a cell slower
//! than BASE and not noise.

use crate::measure::interval::{self, Interval};
use crate::record::{Better, Operation, ResultRecord, derived_from, params_label};
use crate::report;
use crate::report::shift::{RunShift, same_code, same_machine};
use serde::Serialize;

/// Default noise threshold, percent.
pub const DEFAULT_THRESHOLD_PCT: f64 = 5.0;

/// How cells are judged.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NoiseRule {
    /// A change under this many percent is noise.
    pub threshold_pct: f64,
    /// Whether overlapping quartile ranges also count as noise (the default rule).
    pub quartile_overlap: bool,
    /// The rounds of BASE and NEW are paired (round i of each ran back to back, as
    /// `compare --run` does): intervals come from the Wilcoxon signed-rank test on the
    /// pairs' log ratios instead of the unpaired Mann–Whitney test.
    pub paired: bool,
    /// The threshold before the machine noise saved in the records raised it
    /// ([`NoiseRule::with_noise_floor`]), percent.
    pub raised_from: Option<f64>,
}

impl NoiseRule {
    /// The rule for `--threshold`: `None` → overlapping quartiles or under 5 %;
    /// `Some(p)` → under p % only.
    pub fn from_threshold(pct: Option<f64>) -> NoiseRule {
        match pct {
            None => NoiseRule {
                threshold_pct: DEFAULT_THRESHOLD_PCT,
                quartile_overlap: true,
                paired: false,
                raised_from: None,
            },
            Some(p) => NoiseRule {
                threshold_pct: p,
                quartile_overlap: false,
                paired: false,
                raised_from: None,
            },
        }
    }

    /// Raises the threshold to the largest between-run noise (`pkbench noise`) saved in the
    /// machine sections of `recs`, when that is larger: a change under the machine's own
    /// run-to-run spread is not told apart from noise. It never lowers the threshold.
    pub fn with_noise_floor(mut self, recs: &[ResultRecord]) -> NoiseRule {
        let floor = recs
            .iter()
            .filter_map(|r| r.machine.noise.as_ref())
            .map(|n| n.pct)
            .filter(|p| p.is_finite())
            .fold(0.0f64, f64::max);
        if floor > self.threshold_pct {
            self.raised_from = Some(self.threshold_pct);
            self.threshold_pct = (floor * 10.0).ceil() / 10.0;
        }
        self
    }

    /// " (raised from 5 % by the machine noise in the records)" when it was, else "".
    fn raised_text(&self) -> String {
        match self.raised_from {
            Some(p) => format!(" (raised from {p} % by the machine noise saved in the records)"),
            None => String::new(),
        }
    }

    /// The threshold as a fraction (5 % → 0.05).
    pub fn threshold(&self) -> f64 {
        self.threshold_pct / 100.0
    }

    /// Describes the rule for the report header.
    pub fn describe(&self) -> String {
        if self.quartile_overlap {
            format!(
                "~ = quartile ranges overlap or change under {} %{} (Total, CPU sum: also when Offer and Reply are ~)",
                self.threshold_pct,
                self.raised_text()
            )
        } else {
            format!(
                "~ = change under {} %{}",
                self.threshold_pct,
                self.raised_text()
            )
        }
    }
}

/// Rounds each side needs for a ratio's interval: with fewer, the rule of records without
/// rounds applies.
pub const MIN_ROUNDS: usize = 5;

/// Describes how cells with intervals are judged, for report headers.
pub fn interval_rule(rule: &NoiseRule) -> String {
    interval_rule_with(rule, None)
}

/// [`interval_rule`] for a comparison whose cells were judged against `shift` (when it was
/// applied: same build, same machine): the bounds the marks mean are the shift's.
pub fn interval_rule_with(rule: &NoiseRule, shift: Option<&RunShift>) -> String {
    let method = if rule.paired {
        "from the paired runs (Hodges–Lehmann, Wilcoxon signed rank)"
    } else {
        "from the rounds (Hodges–Lehmann, Mann–Whitney)"
    };
    format!(
        "[lo, hi] = 95 % interval of the ratio {method}; {}",
        marks_rule(rule, shift)
    )
}

/// What the marks ▼ and ▲ of a ratio with an interval mean: the bounds its whole interval
/// lies beyond, `rule`'s threshold around 1, or around `shift` when it was applied.
pub fn marks_rule(rule: &NoiseRule, shift: Option<&RunShift>) -> String {
    match shift.filter(|s| s.applied) {
        Some(s) => {
            let t = rule.threshold().max(s.spread);
            format!(
                "▼/▲ = the whole interval below {:.2} / above {:.2}: beyond the run shift {} by more than {:.0} % (the larger of the threshold and the operations' scatter; see \"run shift\" below)",
                s.ratio.estimate * (1.0 - t),
                s.ratio.estimate * (1.0 + t),
                crate::report::fmt_speedup(s.ratio.estimate),
                100.0 * t
            )
        }
        None => format!(
            "▼/▲ = the whole interval below {:.2} / above {:.2} (threshold {} %{})",
            1.0 - rule.threshold(),
            1.0 + rule.threshold(),
            rule.threshold_pct,
            rule.raised_text()
        ),
    }
}

/// One compared cell: NEW's speed relative to BASE.
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct Cell {
    /// NEW/BASE speed: > 1 means NEW is faster.
    pub ratio: f64,
    /// Inside the noise threshold (not a change).
    pub noise: bool,
    /// The 95 % interval of the ratio, when both operations have rounds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval: Option<Interval>,
    /// Slower than BASE beyond the threshold.
    pub regression: bool,
    /// The two sides differ in their precomputation on the generator (a table on one side
    /// only, [`crate::report::precomp::unlike`]): the ratio compares unlike work; the text
    /// marks it "≠".
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unlike: bool,
}

impl Cell {
    /// A regression: slower than BASE beyond the threshold (with an interval: the whole
    /// interval below 1 − threshold).
    pub fn is_regression(&self) -> bool {
        self.regression
    }

    /// One line: "0.97x [0.93, 1.01]" (a change beyond the threshold marked ▼ or ▲), or for
    /// a cell without an interval "1.34x", "~" for noise.
    pub fn text(&self) -> String {
        self.text_with(" ")
    }

    /// As [`Cell::text`], the interval on a second line (table cells).
    pub fn cell_text(&self) -> String {
        self.text_with("\n")
    }

    fn text_with(&self, sep: &str) -> String {
        let text = self.ratio_text(sep);
        if self.unlike {
            format!("{text} ≠")
        } else {
            text
        }
    }

    fn ratio_text(&self, sep: &str) -> String {
        match self.interval {
            Some(iv) => {
                let mark = if self.regression {
                    " ▼"
                } else if !self.noise {
                    " ▲"
                } else {
                    ""
                };
                format!(
                    "{}{mark}{sep}[{}, {}]",
                    report::fmt_speedup(self.ratio),
                    report::fmt_ratio_bound(iv.lo),
                    report::fmt_ratio_bound(iv.hi)
                )
            }
            None if self.noise => "~".into(),
            None => report::fmt_speedup(self.ratio),
        }
    }
}

/// The interval of the speed ratio NEW/BASE of two operations from their rounds, when both
/// have at least [`MIN_ROUNDS`]; paired (Wilcoxon) when `paired` and both have as many.
fn ratio_interval(
    base: &Operation,
    new: &Operation,
    dir: Better,
    paired: bool,
) -> Option<Interval> {
    let (b, n) = (base.round_values(), new.round_values());
    if b.len() < MIN_ROUNDS || n.len() < MIN_ROUNDS {
        return None;
    }
    let (slow, fast) = match dir {
        Better::Lower => (&b, &n),
        Better::Higher => (&n, &b),
    };
    let iv = if paired && b.len() == n.len() {
        interval::ratio_paired(slow, fast, interval::LEVEL)
    } else {
        interval::ratio_unpaired(slow, fast, interval::LEVEL)
    };
    iv.is_bounded().then_some(iv)
}

/// Compares one operation measured twice, or `None` when either has no comparable figure.
pub fn compare_ops(base: &Operation, new: &Operation, rule: &NoiseRule) -> Option<Cell> {
    let (b, dir) = base.headline()?;
    let (n, dir_n) = new.headline()?;
    if dir != dir_n || !(b > 0.0 && n > 0.0 && b.is_finite() && n.is_finite()) {
        return None;
    }
    if let Some(iv) = ratio_interval(base, new, dir, rule.paired) {
        let t = rule.threshold();
        let regression = iv.is_regression(t);
        return Some(Cell {
            ratio: iv.estimate,
            noise: !regression && !iv.is_improvement(t),
            interval: Some(iv),
            regression,
            unlike: report::precomp::unlike(base, new).is_some(),
        });
    }
    let ratio = match dir {
        Better::Lower => b / n,
        Better::Higher => n / b,
    };
    let mut noise = (ratio - 1.0).abs() * 100.0 < rule.threshold_pct;
    if rule.quartile_overlap
        && let (Some(sb), Some(sn)) = (&base.stats, &new.stats)
    {
        noise |= sb.q1_ms <= sn.q3_ms && sn.q1_ms <= sb.q3_ms;
    }
    Some(Cell {
        ratio,
        noise,
        interval: None,
        regression: !noise && ratio < 1.0,
        unlike: report::precomp::unlike(base, new).is_some(),
    })
}

/// Compares `b` (an operation of `base`) with `n` (the same operation in `new`), as
/// [`compare_ops`], except that a derived operation without samples (see
/// [`derived_from`]) is also noise when every operation it is derived from is present in
/// both records with the same params and is noise itself.
pub fn compare_in(
    base: &ResultRecord,
    new: &ResultRecord,
    b: &Operation,
    n: &Operation,
    rule: &NoiseRule,
) -> Option<Cell> {
    let mut cell = compare_ops(b, n, rule)?;
    let parts = derived_from(&b.name);
    if cell.interval.is_none() && !cell.noise && b.stats.is_none() && !parts.is_empty() {
        let find = |r: &ResultRecord, name: &str| {
            r.operations
                .iter()
                .find(|o| o.name == name && o.params == b.params)
                .cloned()
        };
        cell.noise = parts.iter().all(|p| match (find(base, p), find(new, p)) {
            (Some(x), Some(y)) => compare_ops(&x, &y, rule).is_some_and(|c| c.noise),
            _ => false,
        });
        cell.regression = !cell.noise && cell.ratio < 1.0;
    }
    Some(cell)
}

/// A row of the ratio table: one set of params, a cell per column (operation name).
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// The params, rendered ("dh exp_bits=128 group=gf2-155 table=true").
    pub label: String,
    /// One cell per column of [`Comparison::columns`], `None` where not measured in both.
    pub cells: Vec<Option<Cell>>,
}

/// The comparison of two records.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    /// Operation names, in order of first appearance in BASE.
    pub columns: Vec<String>,
    /// One row per distinct params.
    pub rows: Vec<Row>,
    /// Geometric mean of every matched ratio (`NaN` when none matched).
    pub geomean: f64,
    /// Geometric mean per column.
    pub column_geomeans: Vec<f64>,
    /// Number of matched cells.
    pub matched: usize,
    /// Operations only in BASE ("label / name").
    pub only_in_base: Vec<String>,
    /// Operations only in NEW.
    pub only_in_new: Vec<String>,
    /// Cells slower than BASE beyond the noise threshold ("label / name: 0.80x").
    pub regressions: Vec<String>,
    /// Implementations that differ between matched operations (see [`IMPL_KEYS`]): the
    /// ratios then measure the code as much as the machine.
    pub impl_diffs: Vec<ImplDiff>,
    /// The factor shared by all operations ([`RunShift`]), when enough ratios have
    /// intervals.
    pub shift: Option<RunShift>,
}

/// The `info` keys that name the code behind an operation: the GF(2^m) implementation, the
/// bignum backend, a hash or cipher implementation, a method, the fixed-base table, what
/// Offer precomputed for the generator ([`crate::implementation::precomputation::INFO_KEY`]).
pub const IMPL_KEYS: [&str; 6] = [
    "field_code",
    "backend",
    "implementation",
    "method",
    "table_method",
    crate::implementation::precomputation::INFO_KEY,
];

/// One implementation difference between BASE and NEW.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ImplDiff {
    /// The `info` key.
    pub key: String,
    /// Its value in BASE ("none" when absent).
    pub base: String,
    /// Its value in NEW ("none" when absent).
    pub new: String,
    /// Matched operations with this difference.
    pub operations: usize,
}

/// The implementation differences between two matched operations, counted into `diffs`.
fn note_impl_diffs(b: &Operation, n: &Operation, diffs: &mut Vec<ImplDiff>) {
    let text = |o: &Operation, k: &str| match o.info.get(k) {
        None => "none".to_string(),
        Some(_) if k == crate::implementation::precomputation::INFO_KEY => o
            .precomputation()
            .map_or("?".into(), |p| report::precomp::describe(&p)),
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(v) => v.to_string(),
    };
    for key in IMPL_KEYS {
        if !b.info.contains_key(key) && !n.info.contains_key(key) {
            continue;
        }
        // A record made before rows said what they precomputed does not say "none".
        if key == crate::implementation::precomputation::INFO_KEY
            && !(b.info.contains_key(key) && n.info.contains_key(key))
        {
            continue;
        }
        let (bv, nv) = (text(b, key), text(n, key));
        if bv == nv {
            continue;
        }
        match diffs
            .iter_mut()
            .find(|d| d.key == key && d.base == bv && d.new == nv)
        {
            Some(d) => d.operations += 1,
            None => diffs.push(ImplDiff {
                key: key.to_string(),
                base: bv,
                new: nv,
                operations: 1,
            }),
        }
    }
}

pub(super) fn geomean(v: &[f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    (v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp()
}

pub(super) fn op_label(op: &Operation) -> String {
    format!("{} / {}", params_label(&op.params), op.name)
}

/// Matches the operations of `base` and `new` and computes every ratio.
pub fn compare(base: &ResultRecord, new: &ResultRecord, rule: &NoiseRule) -> Comparison {
    let mut columns: Vec<String> = Vec::new();
    let mut labels: Vec<String> = Vec::new();
    for op in base.operations.iter().chain(&new.operations) {
        if base.operations.iter().any(|b| b.key() == op.key())
            && new.operations.iter().any(|n| n.key() == op.key())
        {
            let (label, name) = op.key();
            if !columns.contains(&name) {
                columns.push(name);
            }
            if !labels.contains(&label) {
                labels.push(label);
            }
        }
    }
    let mut rows: Vec<Row> = labels
        .iter()
        .map(|l| Row {
            label: l.clone(),
            cells: vec![None; columns.len()],
        })
        .collect();
    let mut all = Vec::new();
    let mut per_col: Vec<Vec<f64>> = vec![Vec::new(); columns.len()];
    let mut regressions = Vec::new();
    let mut only_in_base = Vec::new();
    let mut impl_diffs = Vec::new();
    let mut judged = Vec::new();
    for b in &base.operations {
        let Some(n) = new.operations.iter().find(|n| n.key() == b.key()) else {
            only_in_base.push(op_label(b));
            continue;
        };
        note_impl_diffs(b, n, &mut impl_diffs);
        let (label, name) = b.key();
        let (Some(r), Some(c)) = (
            labels.iter().position(|l| *l == label),
            columns.iter().position(|x| *x == name),
        ) else {
            continue;
        };
        if let Some(cell) = compare_in(base, new, b, n, rule) {
            rows[r].cells[c] = Some(cell);
            all.push(cell.ratio);
            per_col[c].push(cell.ratio);
            judged.push((r, c, op_label(b)));
        }
    }
    let with_interval: Vec<f64> = judged
        .iter()
        .filter_map(|&(r, c, _)| rows[r].cells[c].filter(|x| x.interval.is_some()))
        .map(|x| x.ratio)
        .collect();
    // Paired runs alternate the binaries, so drift between runs falls on both sides; an
    // implementation that differs is a change of code even in one binary.
    let applied = !rule.paired
        && impl_diffs.is_empty()
        && same_code(&base.build, &new.build)
        && same_machine(base, new);
    let shift = RunShift::estimate(&with_interval, applied);
    for (r, c, label) in judged {
        let Some(cell) = rows[r].cells[c].as_mut() else {
            continue;
        };
        if let (Some(s), Some(iv)) = (shift.filter(|s| s.applied), cell.interval) {
            let (regression, improvement) = s.judge(&iv, rule.threshold());
            cell.regression = regression;
            cell.noise = !regression && !improvement;
        }
        if cell.is_regression() {
            regressions.push(format!("{label}: {}", cell.text()));
        }
    }
    let only_in_new = new
        .operations
        .iter()
        .filter(|n| !base.operations.iter().any(|b| b.key() == n.key()))
        .map(op_label)
        .collect();
    Comparison {
        column_geomeans: per_col.iter().map(|v| geomean(v)).collect(),
        matched: all.len(),
        geomean: geomean(&all),
        columns,
        rows,
        only_in_base,
        only_in_new,
        regressions,
        impl_diffs,
        shift,
    }
}

pub mod leak;
mod outcome;
mod render;
pub mod runs;
mod tables;

pub use outcome::{Outcome, check_operations, compare_records, unmatched_listing};
pub(crate) use render::describe;
pub use render::{fmt_headline, many_doc, many_tables, pair_doc, render_many, render_pair};
pub use tables::{Sides, pair_tables, ratio_cell};

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

use crate::error::{Error, Result};
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
    let method = if rule.paired {
        "from the paired runs (Hodges–Lehmann, Wilcoxon signed rank)"
    } else {
        "from the rounds (Hodges–Lehmann, Mann–Whitney)"
    };
    format!(
        "[lo, hi] = 95 % interval of the ratio {method}; ▼/▲ = the whole interval below {:.2} / above {:.2} (threshold {} %{})",
        1.0 - rule.threshold(),
        1.0 + rule.threshold(),
        rule.threshold_pct,
        rule.raised_text()
    )
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
                    fmt_bound(iv.lo),
                    fmt_bound(iv.hi)
                )
            }
            None if self.noise => "~".into(),
            None => report::fmt_speedup(self.ratio),
        }
    }
}

fn fmt_bound(v: f64) -> String {
    if v.is_finite() {
        format!("{v:.2}")
    } else if v > 0.0 {
        "∞".into()
    } else {
        "0".into()
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
/// bignum backend, a hash or cipher implementation, a method, the fixed-base table.
pub const IMPL_KEYS: [&str; 5] = [
    "field_code",
    "backend",
    "implementation",
    "method",
    "table_method",
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
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(v) => v.to_string(),
    };
    for key in IMPL_KEYS {
        if !b.info.contains_key(key) && !n.info.contains_key(key) {
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

fn geomean(v: &[f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    (v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp()
}

fn op_label(op: &Operation) -> String {
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

fn describe(name: &str, r: &ResultRecord) -> String {
    format!(
        "{name}: {} ({}) on {}, {}; clock {}",
        r.command,
        r.started_utc,
        r.machine_label(),
        r.summary(),
        r.clock
    )
}

/// The notes of a pair of records: clocks that differ, code that differs (named `labels`).
fn pair_notes(
    base: &ResultRecord,
    new: &ResultRecord,
    cmp: &Comparison,
    labels: (&str, &str),
) -> String {
    let mut s = String::new();
    if base.clock != new.clock {
        s += &format!(
            "note: the clocks differ ({} in {}, {} in {}): ratios mix wall and CPU time\n",
            base.clock, labels.0, new.clock, labels.1
        );
    }
    for (label, rec) in [(labels.0, base), (labels.1, new)] {
        if let Some(busy) = rec.machine.busy() {
            let advice = if rec.clock.starts_with("wall") {
                "its wall-clock figures move with that work; --clock cpu is steadier, a quiet \
                 machine best"
            } else {
                "CPU time moves less than wall time, but shared caches and cores still move it"
            };
            s += &format!("note: {label} ran beside other work ({busy}): {advice}\n");
        }
    }
    for d in &cmp.impl_diffs {
        s += &format!(
            "note: {} differs: {} in {}, {} in {} ({} operation{}): the ratios compare code, not only machines\n",
            d.key,
            d.base,
            labels.0,
            d.new,
            labels.1,
            d.operations,
            if d.operations == 1 { "" } else { "s" }
        );
    }
    s
}

/// Renders a two-record comparison as text, 80 columns wide.
pub fn render_pair(
    names: (&str, &str),
    base: &ResultRecord,
    new: &ResultRecord,
    cmp: &Comparison,
    rule: &NoiseRule,
) -> String {
    let mut s = String::from(
        "pkbench compare: speed of NEW relative to BASE (NEW/BASE, 1.34x = 34 % faster)\n",
    );
    s += &describe(&format!("BASE {}", names.0), base);
    s += "\n";
    s += &describe(&format!("NEW  {}", names.1), new);
    s += "\n";
    s += &pair_notes(base, new, cmp, ("BASE", "NEW"));
    let with_intervals = cmp
        .rows
        .iter()
        .any(|r| r.cells.iter().flatten().any(|c| c.interval.is_some()));
    if with_intervals {
        s += &format!("noise: {}\n", interval_rule(rule));
    } else {
        s += &format!("noise: {}\n", rule.describe());
    }
    if cmp.rows.is_empty() {
        s += "no operation was measured in both records\n";
    } else {
        for t in ratio_tables(cmp) {
            s += &t;
        }
        s += &format!(
            "geometric mean of all {} ratios: {}\n",
            cmp.matched,
            fmt_ratio(cmp.geomean)
        );
        if let Some(shift) = &cmp.shift {
            s += &shift.describe(rule.threshold());
            s += "\n";
        }
    }
    if cmp.regressions.is_empty() {
        s += "regressions: none beyond the noise threshold\n";
    } else {
        s += &format!(
            "regressions ({}, slower than BASE beyond the noise threshold):\n",
            cmp.regressions.len()
        );
        for r in &cmp.regressions {
            s += &format!("  {r}\n");
        }
    }
    for (what, list) in [
        ("only in BASE", &cmp.only_in_base),
        ("only in NEW", &cmp.only_in_new),
    ] {
        if !list.is_empty() {
            s += &format!("unmatched, {what} ({}):\n", list.len());
            for l in list {
                s += &format!("  {l}\n");
            }
        }
    }
    report::wrap_text(&s)
}

/// The command a row label starts with ("dh", "cipher", ...).
fn row_command(label: &str) -> &str {
    label.split_whitespace().next().unwrap_or("")
}

/// The ratio tables of a comparison, one per command (first word of the row label), each
/// with only the columns that command measured: a suite record gives a DH table, a cipher
/// table in libgcrypt's layout (one row per cipher, ECB … CTR enc/dec columns), and so on.
/// With one command, one table with every column.
///
/// Each fits in 80 columns: a command whose rows each measured one figure of their own (the
/// 1995 table's rows, `des`) is listed one figure per row ("operation", "figure",
/// "NEW/BASE"); otherwise the columns are split into as many tables as it takes, each
/// repeating the row labels and ending with its geometric means. Headers wrap at spaces
/// into lines of 12 characters, row labels at spaces when needed.
pub fn ratio_tables(cmp: &Comparison) -> Vec<String> {
    let mut commands: Vec<&str> = Vec::new();
    for r in &cmp.rows {
        let c = row_command(&r.label);
        if !commands.contains(&c) {
            commands.push(c);
        }
    }
    let single = commands.len() <= 1;
    commands
        .iter()
        .map(|&c| {
            let rows: Vec<&Row> = cmp
                .rows
                .iter()
                .filter(|r| row_command(&r.label) == c)
                .collect();
            let cols: Vec<usize> = (0..cmp.columns.len())
                .filter(|&j| single || rows.iter().any(|r| r.cells[j].is_some()))
                .collect();
            let gm = |j: usize| {
                if single {
                    fmt_ratio(cmp.column_geomeans[j])
                } else {
                    let v: Vec<f64> = rows
                        .iter()
                        .filter_map(|r| r.cells[j].map(|c| c.ratio))
                        .collect();
                    fmt_ratio(geomean(&v))
                }
            };
            let one_each = rows
                .iter()
                .all(|r| cols.iter().filter(|&&j| r.cells[j].is_some()).count() <= 1);
            if cols.len() > 1 && one_each {
                return long_table(cmp, &rows, &cols);
            }
            column_chunks(cmp, &rows, &cols)
                .iter()
                .map(|chunk| {
                    let header: Vec<String> = std::iter::once("operation".to_string())
                        .chain(chunk.iter().map(|&j| header_cell(&cmp.columns[j])))
                        .collect();
                    let href: Vec<&str> = header.iter().map(String::as_str).collect();
                    let mut t = report::table(&href);
                    for row in &rows {
                        let mut cells = vec![row.label.clone()];
                        cells.extend(chunk.iter().map(|&j| {
                            row.cells[j].map_or_else(|| "-".to_string(), |c| c.cell_text())
                        }));
                        t.add_row(cells);
                    }
                    let mut g = vec!["geometric mean".to_string()];
                    g.extend(chunk.iter().map(|&j| gm(j)));
                    t.add_row(g);
                    report::wrap_column(&mut t, 0);
                    format!("{t}\n")
                })
                .collect()
        })
        .collect()
}

/// A column header wrapped into lines of at most 12 characters.
fn header_cell(name: &str) -> String {
    report::text::wrap_words(name, 12)
}

/// Room kept for the row labels when columns are split into tables, in characters.
const LABEL_ROOM: usize = 24;

/// `cols` split into runs that fit in [`report::TEXT_WIDTH`] beside a label column of
/// [`LABEL_ROOM`] characters (each column as wide as its wrapped header or widest cell,
/// plus 3 for padding and border).
fn column_chunks(cmp: &Comparison, rows: &[&Row], cols: &[usize]) -> Vec<Vec<usize>> {
    let widths: Vec<usize> = cols
        .iter()
        .map(|&j| {
            let head = header_cell(&cmp.columns[j]);
            head.lines()
                .map(report::text::width)
                .chain(
                    rows.iter()
                        .map(|r| {
                            r.cells[j].map_or(1, |c| {
                                c.cell_text().lines().map(report::text::width).max().unwrap_or(1)
                            })
                        }),
                )
                .max()
                .unwrap_or(1)
                .max(5) // the geometric mean, "1.00x"
                + 3
        })
        .collect();
    let room = report::TEXT_WIDTH - 1 - (LABEL_ROOM + 3);
    chunk_widths(&widths, room)
        .into_iter()
        .map(|c| c.into_iter().map(|k| cols[k]).collect())
        .collect()
}

/// Indices 0..widths.len() split into runs whose widths add up to at most `room` (a run
/// holds at least one index, however wide).
fn chunk_widths(widths: &[usize], room: usize) -> Vec<Vec<usize>> {
    let mut chunks: Vec<Vec<usize>> = vec![Vec::new()];
    let mut used = 0;
    for (k, &w) in widths.iter().enumerate() {
        let last = chunks.last_mut().expect("one chunk");
        if !last.is_empty() && used + w > room {
            chunks.push(vec![k]);
            used = w;
        } else {
            last.push(k);
            used += w;
        }
    }
    chunks
}

/// The rows of a command that measured one figure per row, one line each: the row, the
/// figure, and NEW/BASE; the geometric mean over all of them at the end.
fn long_table(cmp: &Comparison, rows: &[&Row], cols: &[usize]) -> String {
    let mut t = report::table(&["operation", "figure", "NEW/BASE"]);
    let mut all = Vec::new();
    for row in rows {
        for &j in cols {
            if let Some(c) = row.cells[j] {
                t.add_row(vec![
                    row.label.clone(),
                    cmp.columns[j].clone(),
                    c.cell_text(),
                ]);
                all.push(c.ratio);
            }
        }
    }
    t.add_row(vec![
        "geometric mean".to_string(),
        String::new(),
        fmt_ratio(geomean(&all)),
    ]);
    report::wrap_column(&mut t, 0);
    report::wrap_column(&mut t, 1);
    format!("{t}\n")
}

fn fmt_ratio(v: f64) -> String {
    report::fmt_speedup(v)
}

/// Formats an operation's headline figure: a time per operation, or a rate.
pub fn fmt_headline(op: &Operation) -> String {
    match op.headline() {
        Some((v, Better::Lower)) => report::fmt_time_ms(v),
        Some((v, Better::Higher)) => {
            let unit = op
                .figures
                .iter()
                .find(|(_, x)| **x == v)
                .map(|(k, _)| k.as_str())
                .unwrap_or("");
            if unit.starts_with("bytes") {
                format!("{} MB/s", report::sig4(v / 1e6))
            } else {
                report::fmt_rate(v)
            }
        }
        None => "-".into(),
    }
}

/// Renders three or more records side by side: one column per record (machine), one row
/// per operation, each cell the figure and its speed relative to the first record. Records
/// that do not fit in 80 columns go to further tables, each with the first record's column.
pub fn render_many(names: &[String], recs: &[ResultRecord], rule: &NoiseRule) -> String {
    let mut s = String::from(
        "pkbench compare: one column per record; (1.34x) = speed relative to the first\n",
    );
    for (n, r) in names.iter().zip(recs) {
        s += &describe(n, r);
        s += "\n";
    }
    // Every note a pair of records gets, for each record against the first.
    for (i, r) in recs.iter().enumerate().skip(1) {
        let cmp = compare(&recs[0], r, rule);
        s += &pair_notes(&recs[0], r, &cmp, ("[1]", &format!("[{}]", i + 1)));
    }
    let rounds = recs.iter().all(|r| {
        r.operations
            .iter()
            .any(|o| o.round_values().len() >= MIN_ROUNDS)
    });
    if rounds {
        s += &format!("noise: {}\n", interval_rule(rule));
    } else {
        s += &format!("noise: {}\n", rule.describe());
    }
    let mut keys: Vec<(String, String)> = Vec::new();
    for r in recs {
        for op in &r.operations {
            if !keys.contains(&op.key()) {
                keys.push(op.key());
            }
        }
    }
    let mut header = Vec::new();
    for (i, r) in recs.iter().enumerate() {
        let stem = names[i]
            .rsplit('/')
            .next()
            .unwrap_or(&names[i])
            .trim_end_matches(".json");
        header.push(format!("[{}] {stem}\n{}", i + 1, r.machine_label()));
    }
    let mut labels = Vec::new();
    let mut columns: Vec<Vec<String>> = vec![Vec::new(); recs.len()];
    for key in &keys {
        let first = recs[0].operations.iter().find(|o| o.key() == *key);
        labels.push(format!("{} / {}", key.0, key.1));
        for (i, r) in recs.iter().enumerate() {
            let cell = match r.operations.iter().find(|o| o.key() == *key) {
                None => "-".to_string(),
                Some(op) => {
                    let v = fmt_headline(op);
                    match (i, first) {
                        (0, _) | (_, None) => v,
                        (_, Some(f)) => match compare_in(&recs[0], r, f, op, rule) {
                            Some(c) if c.interval.is_some() => format!("{v}\n({})", c.text()),
                            Some(c) if c.noise => format!("{v} (~)"),
                            Some(c) => format!("{v} ({:.2}x)", c.ratio),
                            None => v,
                        },
                    }
                }
            };
            columns[i].push(cell);
        }
    }
    // Record [1], the reference, in every table; the others in as many tables as fit.
    let width = |i: usize| {
        header[i]
            .lines()
            .chain(columns[i].iter().flat_map(|c| c.lines()))
            .map(report::text::width)
            .max()
            .unwrap_or(1)
            + 3
    };
    let widths: Vec<usize> = (1..recs.len()).map(width).collect();
    let room = report::TEXT_WIDTH - 1 - (LABEL_ROOM + 3) - width(0);
    for chunk in chunk_widths(&widths, room) {
        let shown: Vec<usize> = std::iter::once(0)
            .chain(chunk.iter().map(|&k| k + 1))
            .collect();
        let mut h = vec!["operation"];
        h.extend(shown.iter().map(|&i| header[i].as_str()));
        let mut t = report::table(&h);
        for (r, label) in labels.iter().enumerate() {
            let mut row = vec![label.clone()];
            row.extend(shown.iter().map(|&i| columns[i][r].clone()));
            t.add_row(row);
        }
        report::wrap_column(&mut t, 0);
        s += &format!("{t}\n");
    }
    for (i, r) in recs.iter().enumerate().skip(1) {
        let c = compare(&recs[0], r, rule);
        s += &format!(
            "[{}] vs [1]: geometric mean {} over {} operations, {} regression(s)\n",
            i + 1,
            fmt_ratio(c.geomean),
            c.matched,
            c.regressions.len()
        );
    }
    report::wrap_text(&s)
}

/// What `compare` found: the text to print and the regressions.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The report (text, or JSON with `--json`).
    pub text: String,
    /// Slower-than-BASE cells beyond the threshold, over every NEW record.
    pub regressions: Vec<String>,
}

/// Compares the records `recs` (named `names`, BASE first): the report (text, or JSON
/// with `json`: one column per record with three or more) and the regressions under `rule`.
///
/// # Errors
/// [`Error::Input`] for a record with a malformed operation (see [`check_operations`]), or
/// a NEW record that shares no operation with BASE (nothing would be compared).
pub fn compare_records(
    names: &[String],
    recs: &[ResultRecord],
    rule: &NoiseRule,
    json: bool,
) -> Result<Outcome> {
    for (n, r) in names.iter().zip(recs) {
        check_operations(n, r)?;
    }
    let rule = rule.with_noise_floor(recs);
    let comparisons: Vec<Comparison> = recs[1..]
        .iter()
        .map(|r| compare(&recs[0], r, &rule))
        .collect();
    if let Some((_, n)) = comparisons
        .iter()
        .zip(&names[1..])
        .find(|(c, _)| c.matched == 0)
    {
        return Err(Error::input(format!(
            "nothing compared: no operation appears in both {} and {n}; compare records of the same commands (e.g. two `dh` or two `suite` runs)",
            names[0]
        )));
    }
    let regressions: Vec<String> = comparisons
        .iter()
        .zip(&names[1..])
        .flat_map(|(c, n)| c.regressions.iter().map(move |r| format!("{n}: {r}")))
        .collect();
    let text = if json {
        super::to_json(&serde_json::json!({
            "command": "compare",
            "files": names,
            "noise": rule.describe(),
            "comparisons": comparisons,
        }))?
    } else if recs.len() == 2 {
        render_pair(
            (&names[0], &names[1]),
            &recs[0],
            &recs[1],
            &comparisons[0],
            &rule,
        )
    } else {
        render_many(names, recs, &rule)
    };
    Ok(Outcome { text, regressions })
}

/// What `compare` shows before refusing records with nothing in common: for the first NEW
/// record that shares no compared operation with BASE, each side's operations, listed as in
/// [`render_pair`] ("unmatched, only in BASE (n):" and "only in NEW"), and those present in
/// both without times to compare; as text (80 columns) or, with `json`, one JSON object.
/// `None` when every NEW record shares an operation with BASE, or when a record is malformed
/// ([`check_operations`] refuses it: that is the error to show, not a listing).
pub fn unmatched_listing(
    names: &[String],
    recs: &[ResultRecord],
    rule: &NoiseRule,
    json: bool,
) -> Option<String> {
    if names.len() != recs.len()
        || recs.len() < 2
        || names
            .iter()
            .zip(recs)
            .any(|(n, r)| check_operations(n, r).is_err())
    {
        return None;
    }
    let (i, c) = recs[1..]
        .iter()
        .map(|r| compare(&recs[0], r, rule))
        .enumerate()
        .find(|(_, c)| c.matched == 0)?;
    let (base, new) = (&recs[0], &recs[i + 1]);
    let in_both: Vec<String> = base
        .operations
        .iter()
        .filter(|b| new.operations.iter().any(|n| n.key() == b.key()))
        .map(op_label)
        .collect();
    if json {
        return super::to_json(&serde_json::json!({
            "command": "compare",
            "files": [&names[0], &names[i + 1]],
            "nothing_compared": true,
            "only_in_base": c.only_in_base,
            "only_in_new": c.only_in_new,
            "in_both_without_times": in_both,
        }))
        .ok();
    }
    let mut s = format!(
        "pkbench compare: nothing compared between BASE {} ({}, {} operations) and NEW {} ({}, {} operations)\n",
        names[0],
        base.command,
        base.operations.len(),
        names[i + 1],
        new.command,
        new.operations.len()
    );
    for (what, list) in [
        ("unmatched, only in BASE", &c.only_in_base),
        ("unmatched, only in NEW", &c.only_in_new),
        ("in both, without times to compare", &in_both),
    ] {
        if list.is_empty() {
            if !what.starts_with("in both") {
                s += &format!("{what}: none\n");
            }
            continue;
        }
        s += &format!("{what} ({}):\n", list.len());
        for l in list {
            s += &format!("  {l}\n");
        }
    }
    Some(report::wrap_text(&s))
}

/// Relative slack allowed when checking q1 ≤ median ≤ q3 (float rounding in a record
/// written by another tool or by hand).
const QUARTILE_SLACK: f64 = 1e-9;

/// Checks that every timed operation of the record `name` is well formed: its median is
/// finite and > 0 ms, and lies inside [q1, q3] (up to a relative slack of 1e-9).
///
/// # Errors
/// [`Error::Input`] naming the file and the first malformed operation.
pub fn check_operations(name: &str, rec: &ResultRecord) -> Result<()> {
    for op in &rec.operations {
        let Some(s) = &op.stats else { continue };
        let m = s.median_ms;
        let slack = QUARTILE_SLACK * m.abs().max(s.q1_ms.abs()).max(s.q3_ms.abs());
        let problem = if !(m.is_finite() && m > 0.0) {
            Some(format!("median {m} ms is not a positive time"))
        } else if !(s.q1_ms - slack <= m && m <= s.q3_ms + slack) {
            Some(format!(
                "median {m} ms lies outside its quartiles [{}, {}]",
                s.q1_ms, s.q3_ms
            ))
        } else {
            None
        };
        if let Some(p) = problem {
            return Err(Error::input(format!(
                "{name}: operation {} / {}: {p}; not a valid measurement (re-run the command to save a new record)",
                crate::record::params_label(&op.params),
                op.name
            )));
        }
    }
    Ok(())
}

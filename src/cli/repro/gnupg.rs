//! `pkbench repro gnupg-2000` (dispatched from [`crate::cli::repro`]): a published table of
//! figures with this machine's column and speedup beside it, in the single-unit table format
//! of [`crate::repro::columns`] (`params/reference/gnupg-2000.toml`).
//!
//! `gnupg-2000`: GnuPG's ciphers in Mbit/s on a K6/400 and a Celeron/500 (2000). Each row is
//! measured as OpenPGP encrypts (CFB mode, RFC 4880 §13.9), from the bench-slope fit of
//! [`crate::bench::cipher`], with the cipher checked against its known answers first. The
//! 2000 figures were `dd` of 128 MiB of zeros through gpg, user time only; the slope over
//! buffer sizes leaves the per-call cost out as a long stream would.

use crate::bench::cipher::{CipherJob, Row, SizeGrid};
use crate::bench::slope::{FitDoubt, MIN_R2};
use crate::bench::{self, Job};
use crate::cli::common::RunArgs;
use crate::error::{Error, Result};
use crate::measure::Machine;
use crate::record::{Operation, ResultRecord, RunTimer};
use crate::report::cipher::Row as RowFacts;
use crate::repro::columns::{self, ReferenceTable};
use crate::symmetric::{CipherSpec, Direction, Mode};
use clap::ValueEnum;
use serde::Serialize;

/// The result of reproducing one table (the text report's source; kept in the JSON).
#[derive(Debug, Clone, Serialize)]
pub struct ReproRecord {
    /// The table as posted.
    pub reference: ReferenceTable,
    /// This machine's figure per row, in the table's unit (`null` when not measured).
    pub this_machine: Vec<f64>,
    /// This machine's speedup over each reference column, per row.
    pub speedup: Vec<Vec<f64>>,
    /// The measured rows, as `pkbench cipher`'s JSON gives them
    /// ([`crate::report::cipher::rows_view`]).
    pub rows: Vec<serde_json::Value>,
    /// The measured operations, one per row.
    #[serde(skip)]
    pub operations: Vec<Operation>,
    /// Clock that timed the samples.
    pub clock: String,
    /// RNG seed of keys and data.
    pub seed: u64,
    /// Machine and build.
    pub machine: Machine,
}

/// How a gnupg-2000 row is measured: its `algo`, `key_bits` and `mode` keys.
fn row_spec(t: &ReferenceTable, i: usize) -> Result<(CipherSpec, Mode)> {
    let r = &t.rows[i];
    let bad = |what: &str| {
        Error::runtime(format!(
            "{}: row {:?}: missing or invalid {what}",
            t.name, r.label
        ))
    };
    let algo = r
        .rest
        .get("algo")
        .and_then(|v| v.as_str())
        .ok_or_else(|| bad("algo"))?;
    let bits = r
        .rest
        .get("key_bits")
        .and_then(|v| v.as_integer())
        .and_then(|b| u32::try_from(b).ok())
        .ok_or_else(|| bad("key_bits"))?;
    let mode = r
        .rest
        .get("mode")
        .and_then(|v| v.as_str())
        .and_then(|m| Mode::from_str(m, true).ok())
        .ok_or_else(|| bad("mode"))?;
    Ok((CipherSpec::parse(algo, Some(bits))?, mode))
}

/// Runs `pkbench repro TABLE` for a table of [`columns`] and renders its output (the table
/// as Markdown with `markdown`).
///
/// # Errors
/// [`Error::Input`] for an unknown table or bad options; [`Error::Runtime`] when a known
/// answer or a timed result is wrong.
pub fn run(table: &str, run: &RunArgs, markdown: bool) -> Result<String> {
    run.check_output()?;
    let (record, rec) = measure_record(table, run)?;
    run.emit(&rec, || render(&record, markdown))
}

/// Measures the table `table` and returns both the repro record (the text report's source)
/// and the versioned result record (JSON, `--output`, `pkbench suite`).
///
/// # Errors
/// As [`run`].
pub fn measure_record(table: &str, run: &RunArgs) -> Result<(ReproRecord, ResultRecord)> {
    let timer = RunTimer::start();
    let cfg = run.bench_config()?;
    let table = ReferenceTable::builtin(table)?;
    let specs = (0..table.rows.len())
        .map(|i| row_spec(&table, i))
        .collect::<Result<Vec<_>>>()?;
    let job = CipherJob {
        rows: specs
            .iter()
            .map(|&(spec, mode)| Row {
                spec,
                mode,
                direction: Direction::Encrypt,
            })
            .collect(),
        grid: SizeGrid::default(),
    };
    let ops = bench::run(&Job::Cipher(job), &cfg)?;
    let machine = Machine::detect();
    let ours: Vec<f64> = ops
        .iter()
        .map(|o| RowFacts::of(o).map_or(f64::NAN, |r| r.mbit_per_s))
        .collect();
    let speedup = table
        .rows
        .iter()
        .zip(&ours)
        .map(|(r, &o)| r.values.iter().map(|&v| table.speedup(v, o)).collect())
        .collect();
    let record = ReproRecord {
        reference: table,
        this_machine: ours,
        speedup,
        rows: crate::report::cipher::rows_view(&ops),
        operations: ops,
        clock: run.clock.label().to_string(),
        seed: run.seed,
        machine,
    };
    let mut rec = result_record(&record)?;
    rec.finish(&timer);
    Ok((record, rec))
}

/// The versioned result record of a `repro` run: one operation per row (as `pkbench cipher`
/// names them, so `compare` matches them with cipher runs), with the posted figures in `info`.
///
/// # Errors
/// [`Error::Runtime`] if serialisation fails.
pub fn result_record(r: &ReproRecord) -> Result<ResultRecord> {
    let mut rec = ResultRecord::new("repro", &r.clock, r.machine.clone()).with_extra(r)?;
    rec.seed = Some(r.seed);
    rec.params
        .insert("table".into(), r.reference.name.clone().into());
    rec.operations = r
        .operations
        .iter()
        .zip(&r.reference.rows)
        .map(|(op, refrow)| {
            let mut op = op.clone().with_info("reference_row", refrow.label.clone());
            for (c, v) in r.reference.columns.iter().zip(&refrow.values) {
                op = op.with_info(&format!("reference {c} ({})", r.reference.unit), *v);
            }
            op
        })
        .collect();
    Ok(rec)
}

/// Renders a [`ReproRecord`] as the terminal report (the table in Markdown with `markdown`).
pub fn render(r: &ReproRecord, markdown: bool) -> String {
    let t = &r.reference;
    let mut s = format!("pkbench repro {}: {}\n", t.name, t.title);
    s += &format!("source:    {}\n", t.source);
    s += &format!("then:      {}\n", t.method);
    s += "now:       CFB encryption (OpenPGP's mode), Mbit/s = 10^6 bit/s from the bench-slope fit over 16 B … 4 KiB; every cipher checked against known answers\n";
    s += &format!("clock:     {}; seed {}\n", r.clock, r.seed);
    s += &format!(
        "machine:   {}\n",
        r.machine.summary(&crate::measure::Build::detect())
    );
    let cells = t.cells(&short_machine(&r.machine), &r.this_machine);
    s += &if markdown {
        format!("\n{}\n", cells.markdown())
    } else {
        cells.text()
    };
    s += &format!(
        "units: {}; × = this machine's speed over the column's.{}\n",
        t.unit,
        if r.clock == "wall" {
            " The 2000 figures were user CPU time: --clock cpu is closer."
        } else {
            ""
        }
    );
    let rows: Vec<RowFacts> = r.operations.iter().filter_map(RowFacts::of).collect();
    for row in &rows {
        if row.doubts.contains(&FitDoubt::LowR2) {
            s += &format!(
                "doubt ({}): R² {:.4} < {}: the time per call is not a straight line in the buffer size, so this Mbit/s is uncertain; rerun with a larger --time or --clock cpu.\n",
                row.name, row.r2, MIN_R2
            );
        }
    }
    let mut seen = Vec::new();
    for row in &rows {
        if let (Some(n), Some(algo)) = (row.op.info_str("note"), row.op.info_str("algo"))
            && !seen.contains(&n)
        {
            seen.push(n);
            s += &format!("note ({algo}): {n}.\n");
        }
    }
    s
}

fn short_machine(m: &Machine) -> String {
    if m.cpu_mhz > 0.0 {
        format!("{:.0} MHz", m.cpu_mhz)
    } else {
        "now".into()
    }
}

/// Names of the tables `pkbench repro` knows.
pub fn tables() -> Vec<&'static str> {
    columns::names()
}

//! `pkbench repro gnupg-2000` (dispatched from [`crate::cli::repro`]): a published table of
//! figures with this machine's column and speedup beside it, in the single-unit table format
//! of [`crate::repro::columns`] (`params/reference/gnupg-2000.toml`).
//!
//! `gnupg-2000`: GnuPG's ciphers in Mbit/s on a K6/400 and a Celeron/500 (2000). Each row is
//! measured as OpenPGP encrypts (CFB mode, RFC 4880 §13.9), from the bench-slope fit of
//! [`crate::symmetric::bench`], with the cipher checked against its known answers first. The
//! 2000 figures were `dd` of 128 MiB of zeros through gpg, user time only; the slope over
//! buffer sizes leaves the per-call cost out as a long stream would.

use crate::cli::common::RunArgs;
use crate::error::{Error, Result};
use crate::measure::{self, Machine};
use crate::record::{ResultRecord, RunTimer};
use crate::repro::columns::{self, ReferenceTable};
use crate::symmetric::bench::{self, BenchSettings, CipherRow, SizeGrid};
use crate::symmetric::{Algo, CipherSpec, Direction, Mode};
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
    /// The measured rows.
    pub rows: Vec<CipherRow>,
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
    let algo = Algo::parse(
        r.rest
            .get("algo")
            .and_then(|v| v.as_str())
            .ok_or_else(|| bad("algo"))?,
    )?;
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
    Ok((CipherSpec::new(algo, Some(bits))?, mode))
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
    let cfg = run.measure_config()?;
    let table = ReferenceTable::builtin(table)?;
    let specs = (0..table.rows.len())
        .map(|i| row_spec(&table, i))
        .collect::<Result<Vec<_>>>()?;
    let machine = Machine::detect();
    let settings = BenchSettings {
        cfg,
        grid: SizeGrid::default(),
        seed: run.seed,
        mhz: machine.cpu_mhz,
    };
    let sizes = settings.grid.sizes()?.len();
    let pb = measure::progress::bar((specs.len() * sizes) as u64, run.json);
    let mut rows = Vec::new();
    for (spec, mode) in &specs {
        pb.set_message(spec.display_name());
        let r = bench::bench_row(spec, *mode, Direction::Encrypt, &settings, &mut || {
            pb.inc(1)
        });
        match r {
            Ok(row) => rows.push(row),
            Err(e) => {
                pb.finish_and_clear();
                return Err(e);
            }
        }
    }
    pb.finish_and_clear();
    let ours: Vec<f64> = rows.iter().map(|r| r.mbit_per_s).collect();
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
        rows,
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
        .rows
        .iter()
        .zip(&r.reference.rows)
        .map(|(row, refrow)| {
            let mut op = bench::operation(row).with_info("reference_row", refrow.label.clone());
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
    for row in &r.rows {
        if row
            .fit_doubts
            .contains(&crate::symmetric::slope::FitDoubt::LowR2)
        {
            s += &format!(
                "doubt ({}): R² {:.4} < {}: the time per call is not a straight line in the buffer size, so this Mbit/s is uncertain; rerun with a larger --time or --clock cpu.\n",
                row.spec.display_name(),
                row.slope.r2,
                crate::symmetric::slope::MIN_R2
            );
        }
    }
    let mut seen = Vec::new();
    for row in &r.rows {
        if let Some(n) = row.spec.algo.implementation_note()
            && !seen.contains(&n)
        {
            seen.push(n);
            s += &format!("note ({}): {n}.\n", row.spec.algo.cli_name());
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

//! `pkbench repro TABLE`: re-runs a historical timing table on this machine and prints it with
//! this machine's column and the speedup over the historical machines. The tables, their
//! reference files and their one renderer are in [`crate::repro`]: `1995` (generic over a list
//! of rows and figures, run here), and `gnupg-2000` in the single-unit format of
//! [`crate::repro::columns`] (run by [`gnupg`]).

pub mod gnupg;

use crate::arith::bignum::BackendKind;
use crate::cli::common::RunArgs;
use crate::error::{Error, Result};
use crate::measure::{self, Machine, MeasureConfig};
use crate::record::{self, Operation, ResultRecord, RunTimer, Skipped};
use crate::repro::{self, Ctx, JsonRow, Measurement, TableRun, columns};
use clap::Args;
use serde::Serialize;

/// Per-operation time budget with `--quick`, seconds (each row times one or two operations).
pub const QUICK_BUDGET_S: f64 = 0.2;

/// Arguments of `pkbench repro`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench repro 1995              the 1995 \"Some timings\" table with this
                                  machine's column
  pkbench repro 1995 --quick      the same in well under 30 seconds (shorter
                                  samples)
  pkbench repro 1995 --wide       every 1995 machine's column (wider than 80
                                  columns)
  pkbench repro 1995 --markdown   as a Markdown table
  pkbench repro 1995 --json       one object: a \"rows\" entry per reference
                                  figure
  pkbench repro gnupg-2000        GnuPG's 2000 cipher table (Mbit/s) with this
                                  machine's column")]
pub struct ReproArgs {
    /// The table to reproduce: `1995` (the 1995 "Some timings" post: MD5, MD4, SHA, HAVAL,
    /// DES, DES key setup, RSA 512, DH mod p and EC GF(2^155)) or `gnupg-2000` (GnuPG's
    /// ciphers in Mbit/s on a K6/400 and a Celeron/500, measured in CFB mode).
    #[arg(value_name = "TABLE")]
    pub table: String,
    /// Shorter measurements: the per-operation budget is capped at 0.2 s (the whole table
    /// then takes well under 30 s).
    #[arg(long)]
    pub quick: bool,
    /// Print the table as Markdown (GitHub-flavoured) instead of a terminal table.
    #[arg(long, conflicts_with = "json")]
    pub markdown: bool,
    /// Show every historical machine's column in the terminal table (wider than 80
    /// columns); by default only the baseline machine's column (the Markdown and JSON
    /// output always have every machine). 1995 table only.
    #[arg(long, conflicts_with_all = ["markdown", "json"])]
    pub wide: bool,
    #[command(flatten)]
    pub run: RunArgs,
}

/// The command-specific keys of the `repro` record (kept at its top level).
#[derive(Debug, Clone, Serialize)]
pub struct ReproJson {
    /// Table name (`1995`).
    pub table: String,
    /// Title of the historical post.
    pub title: String,
    /// Where the historical figures come from.
    pub source: String,
    /// The baseline machine of the speedups.
    pub baseline: String,
    /// Default bignum backend of this build (mod-p and RSA rows), with its version.
    pub backend: String,
    /// Per-operation time budget, seconds.
    pub budget_s: f64,
    /// One entry per reference figure, in the post's order.
    pub rows: Vec<JsonRow>,
    /// This machine's result per row (id, status, value, details).
    pub results: Vec<RowResult>,
}

/// This machine's result for one row.
#[derive(Debug, Clone, Serialize)]
pub struct RowResult {
    /// Row id.
    pub row: String,
    /// Unit of the value.
    pub unit: String,
    /// The measurement.
    #[serde(flatten)]
    pub result: Measurement,
}

/// Runs `pkbench repro`.
///
/// # Errors
/// [`crate::Error::Input`] for an unknown table or bad arguments. A row that fails is shown
/// as "failed" with its reason and does not stop the table.
pub fn run(args: &ReproArgs) -> Result<String> {
    if repro::table(&args.table).is_err() && columns::names().contains(&args.table.as_str()) {
        return run_reference_table(args);
    }
    args.run.check_output()?;
    let (run, rec) = measure_record(args)?;
    args.run.emit(&rec, || {
        if args.markdown {
            format!("{}\n{}", run.header, run.table.render_markdown())
        } else {
            format!("{}\n{}", run.header, run.table.render_text(args.wide))
        }
    })
}

/// A measured table of [`crate::repro`] with its report header (machine, backend, clock).
#[derive(Debug, Clone)]
pub struct ReproRun {
    /// The reference and this machine's results.
    pub table: TableRun,
    /// The header lines of the report.
    pub header: String,
}

/// Measures a table of [`crate::repro::TABLES`] (e.g. `1995`) and returns it with the
/// versioned result record (the JSON of `--json` and `--output`; for `pkbench suite`).
///
/// # Errors
/// [`Error::Input`] for an unknown table or a bad `--time`.
pub fn measure_record(args: &ReproArgs) -> Result<(ReproRun, ResultRecord)> {
    let table = repro::table(&args.table).map_err(|_| {
        let mut known: Vec<&str> = repro::TABLES.iter().map(|t| t.name).collect();
        known.extend(columns::names());
        Error::input(format!(
            "repro {:?}: no such table; known: {}",
            args.table,
            known.join(", ")
        ))
    })?;
    let timer = RunTimer::start();
    args.run.measure_config()?; // validates --time
    let budget = if args.quick {
        args.run.time.min(QUICK_BUDGET_S)
    } else {
        args.run.time
    };
    let ctx = Ctx {
        cfg: MeasureConfig::with_budget_secs(budget, args.run.clock),
        seed: args.run.seed,
        group: crate::cli::options::group_options(true, None, false)?,
        warn: crate::cli::errors::print_warnings,
        explain: crate::cli::errors::render,
    };
    let reference = repro::Reference::parse(table.reference)?;
    let pb = measure::progress::bar(reference.rows.len() as u64, args.run.json);
    let mut started = 0;
    let run = repro::run_table(table, &ctx, |label| {
        if started > 0 {
            pb.inc(1);
        }
        started += 1;
        pb.set_message(label.to_string());
    });
    pb.finish_and_clear();
    let run = run?;
    let backend = BackendKind::DEFAULT.version();
    let machine = Machine::detect();
    let mut rec = result_record(&args.table, &run, &backend, budget, &ctx, machine.clone())?;
    rec.finish(&timer);
    let header = header(&run, &machine, &backend, budget, &ctx);
    Ok((ReproRun { table: run, header }, rec))
}

/// Runs a table of the single-unit format ([`crate::repro::columns`], e.g. `gnupg-2000`).
fn run_reference_table(args: &ReproArgs) -> Result<String> {
    if args.wide {
        return Err(crate::Error::input(format!(
            "--wide applies to the 1995 table only; {} always shows every machine's column: \
             leave --wide out",
            args.table
        )));
    }
    let mut run = args.run.clone();
    if args.quick {
        run.time = run.time.min(QUICK_BUDGET_S);
    }
    gnupg::run(&args.table, &run, args.markdown)
}

fn header(run: &TableRun, m: &Machine, backend: &str, budget: f64, ctx: &Ctx) -> String {
    let r = &run.reference;
    let mut s = format!("pkbench repro {}: {}\n", r.id, r.title);
    s += &format!("historical: {} ({})\n", r.source, r.method);
    s += &format!(
        "this machine: {}\n",
        m.summary(&crate::measure::Build::detect())
    );
    s += &format!("backend: {backend}\n");
    s += &format!(
        "clock: {}; {budget} s per timed operation; seed {}; speedup = how many times faster than the {}\n",
        ctx.cfg.clock.label(),
        ctx.seed,
        r.baseline_machine().name
    );
    s
}

/// The versioned result record of a repro run: one operation per measured row (identified by
/// command, table and row), rows not built in `skipped`, and the keys of [`ReproJson`]
/// (including `rows`: one entry per reference figure) at the top level.
///
/// # Errors
/// [`crate::Error::Runtime`] if serialisation fails.
pub fn result_record(
    name: &str,
    run: &TableRun,
    backend: &str,
    budget: f64,
    ctx: &Ctx,
    machine: Machine,
) -> Result<ResultRecord> {
    let r = &run.reference;
    let json = ReproJson {
        table: name.to_string(),
        title: r.title.clone(),
        source: r.source.clone(),
        baseline: r.baseline_machine().name.clone(),
        backend: backend.to_string(),
        budget_s: budget,
        rows: run.json_rows(),
        results: r
            .rows
            .iter()
            .filter_map(|row| {
                run.result(&row.id).map(|m| RowResult {
                    row: row.id.clone(),
                    unit: row.unit.clone(),
                    result: m.clone(),
                })
            })
            .collect(),
    };
    let mut rec = ResultRecord::new("repro", ctx.cfg.clock.label(), machine).with_extra(&json)?;
    rec.seed = Some(ctx.seed);
    rec.params.insert("table".into(), name.into());
    rec.params.insert("budget_s".into(), budget.into());
    for row in &r.rows {
        let key = record::params([
            ("command", "repro".into()),
            ("table", name.into()),
            ("row", row.id.clone().into()),
        ]);
        match run.result(&row.id) {
            Some(Measurement::Measured { value, stats, .. }) => {
                let (fig, v) = match row.unit.as_str() {
                    "MB/s" => ("bytes_per_sec", value * 1e6),
                    "Mbit/s" => ("bytes_per_sec", value * 1e6 / 8.0),
                    "bytes/s" => ("bytes_per_sec", *value),
                    "µs/key" | "µs" => ("time_us", *value),
                    _ => ("time_ms", *value),
                };
                let op = match stats {
                    Some(s) => Operation::timed(&row.label, key, s.clone()).with_figure(fig, v),
                    None => Operation::derived(&row.label, key, fig, v),
                };
                rec.operations.push(op.with_info("unit", row.unit.clone()));
            }
            Some(Measurement::NotBuilt { reason }) | Some(Measurement::Failed { reason }) => {
                rec.skipped.push(Skipped {
                    item: format!("repro {name} row {} ({})", row.id, row.op),
                    reason: reason.clone(),
                });
            }
            None => {}
        }
    }
    Ok(rec)
}

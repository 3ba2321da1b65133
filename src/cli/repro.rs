//! `pkbench repro TABLE`: re-runs a historical timing table on this machine and prints it with
//! this machine's column and the speedups. The flags become a plan of the table's rows
//! ([`crate::repro::plan`], one Job per row of the table's reference file), run by
//! `bench::sweep`; the record holds the measured rows' operations and the rows not measured
//! (worded here); [`crate::report::repro`] renders it.

use crate::bench::{self, imp::Choice};
use crate::cli::output::{OutputArgs, OutputFormat, Renderers};
use crate::cli::timing::TimingArgs;
use crate::error::{Error, Result};
use crate::record::{self, RunTimer, Skipped};
use crate::report;
use crate::repro::{self, Missing, Reference, Status};
use clap::Args;

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
    /// Show every historical machine's column in the terminal table (wider than 80
    /// columns); by default only the baseline machine's column (the Markdown and JSON
    /// output always have every machine). 1995 table only.
    #[arg(long, conflicts_with_all = ["markdown", "json"])]
    pub wide: bool,
    #[command(flatten)]
    pub imp: crate::cli::imp::ImplArgs,
    #[command(flatten)]
    pub timing: TimingArgs,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// Runs `pkbench repro`.
///
/// # Errors
/// [`crate::Error::Invalid`] for an unknown table, [`Error::Input`] for bad arguments (`--wide`
/// with a table that always shows every machine, a bad `--time` or `--output`). A row that
/// fails is shown as "failed" with its reason and does not stop the table.
pub fn run(args: &ReproArgs) -> Result<String> {
    let reference = repro::table(&args.table)?.parse()?;
    let renderers = Renderers::record(|r| report::repro::render_all(r, args.wide, false))
        .with_markdown(|r| report::repro::render_all(r, false, true));
    args.out.check(&renderers)?;
    if args.wide && reference.shows_every_machine() {
        let narrow: Vec<&str> = repro::TABLES
            .iter()
            .filter(|t| t.parse().is_ok_and(|r| !r.shows_every_machine()))
            .map(|t| t.name)
            .collect();
        return Err(Error::input(format!(
            "--wide applies to the {} table only; {} always shows every machine's column: \
             leave --wide out",
            narrow.join(", "),
            reference.id
        )));
    }
    if args.wide && args.out.format() != OutputFormat::Text {
        return Err(Error::input(format!(
            "--wide widens the terminal table; {} always has every machine's column: leave --wide out",
            args.out.format.spelled()
        )));
    }
    let timer = RunTimer::start();
    // --quick caps the budget, even one given with --time.
    let timing = TimingArgs {
        time: if args.quick {
            args.timing.time.min(QUICK_BUDGET_S)
        } else {
            args.timing.time
        },
        ..args.timing.clone()
    };
    let budget = timing.time;
    let cfg = timing.bench_config(args.out.format())?;
    let plan = repro::plan(
        &reference,
        &crate::cli::options::group_options(true, None, false)?,
    );
    crate::cli::errors::print_warnings(&plan.warnings);
    let mut plan = plan;
    let mut notes = Vec::new();
    for c in args.imp.choices()? {
        let Choice::Peer(lib) = c else { continue };
        for (row, why) in plan.through(lib, cfg.discovery) {
            let row = &reference.rows[row];
            match why {
                Some(u) if u.is_absent() => {
                    notes.push(crate::cli::imp::note(c, &reference.id, &u));
                    break;
                }
                Some(u) => notes.push(crate::cli::imp::note(c, &row.label, &u)),
                None => notes.push(crate::cli::imp::note(
                    c,
                    &row.label,
                    &crate::peers::Unavailable::Unsupported {
                        library: lib.name().into(),
                        what: row.op.clone(),
                        why: "pkbench runs only cipher rows through a library".into(),
                    },
                )),
            }
        }
    }
    let outcome = plan.run(&reference, &cfg);
    let mut rec = bench::record(
        "repro",
        &cfg,
        reference.record_params(budget),
        outcome.operations,
        &timer,
    );
    rec.skipped = outcome
        .missing
        .iter()
        .map(|m| skipped(&reference, m))
        .collect();
    rec.skipped.extend(notes);
    for (row, e) in &outcome.peer_failures {
        rec.notes.push(format!(
            "row {}: a library's run failed: {}",
            reference.rows[*row].id,
            crate::cli::errors::render(e)
        ));
    }
    args.out.emit(&rec, &renderers)
}

/// A row not measured as the record keeps it: the item `repro TABLE row ID (OP)`, the reason
/// in the binary's words (a Diffie-Hellman row's group first), the row's identity as params
/// and its status (`not-built` or `failed`) in `info`.
pub fn skipped(reference: &Reference, m: &Missing) -> Skipped {
    let row = &reference.rows[m.row];
    let why = crate::cli::errors::render(&m.error);
    let reason = match (&m.status, row.job().subject()) {
        (Status::NotBuilt, Some(group)) => format!("{group}: {why}"),
        _ => why,
    };
    let mut s = Skipped::new(
        format!("repro {} row {} ({})", reference.id, row.id, row.op),
        reason,
    );
    s.params = record::params([
        ("command", "repro".into()),
        ("table", reference.id.clone().into()),
        ("row", row.id.clone().into()),
    ]);
    let status = match m.status {
        Status::NotBuilt => "not-built",
        Status::Failed => "failed",
    };
    s.info.insert("status".into(), status.into());
    s
}

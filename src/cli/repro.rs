//! `pkbench repro TABLE`: re-runs a historical timing table on this machine and prints it with
//! this machine's column and the speedups. The flags become a plan of the table's rows
//! ([`crate::repro::plan`], one Job per row of the table's reference file), run by
//! `bench::sweep`, with each row's library twins for `--impl` ([`crate::repro::Plan::through`]);
//! the record holds the measured rows' operations, the rows not measured and the rows a
//! library does not compute (worded here, one note per library and reason);
//! [`crate::report::repro`] renders it.

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
                                  machine's column: each row's fastest
                                  implementation here, named
  pkbench repro 1995 --quick      the same in well under 30 seconds (shorter
                                  samples)
  pkbench repro 1995 --wide       every 1995 machine's column (wider than 80
                                  columns)
  pkbench repro 1995 --markdown   as a Markdown table
  pkbench repro 1995 --json       one object: a \"rows\" entry per reference
                                  figure
  pkbench repro 1995 --impl all   every implementation's figure for the
                                  rows a library computes (MD5, MD4, DES,
                                  DES key setup, RSA-512)
  pkbench repro 1995 --impl pkbench
                                  pkbench's own code (and the crates it uses)
                                  only
  pkbench repro gnupg-2000        GnuPG's 2000 cipher table (Mbit/s) with this
                                  machine's column")]
#[command(mut_arg("imp", |a| {
    a.default_value("best")
        .value_name("best|all|LIST")
        .long_help(crate::cli::imp::REPRO_IMPL_HELP)
}))]
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
    let asked = Asked::of(&args.imp)?;
    let mut plan = repro::plan(
        &reference,
        &crate::cli::options::group_options(true, None, false)?,
    );
    crate::cli::errors::print_warnings(&plan.warnings);
    let mut lacking = Vec::new();
    for &c in &asked.choices {
        if let Choice::Peer(lib) = c {
            lacking.extend(
                plan.through(lib, cfg.discovery)
                    .into_iter()
                    .map(|(row, why)| (c, row, why)),
            );
        }
    }
    let (notes, own_only) = lacking_notes(&reference, &lacking);
    if !asked.choices.contains(&Choice::Own) {
        plan.drop_own();
    }
    if plan.is_empty() {
        return Err(Error::input(format!(
            "--impl {}: nothing asked for can run here ({}); add pkbench to the list",
            args.imp.imp,
            notes
                .iter()
                .map(|n| format!("{}: {}", n.item, n.reason))
                .collect::<Vec<_>>()
                .join("; ")
        )));
    }
    let outcome = plan.run(&reference, &cfg);
    if outcome.operations.is_empty() && outcome.missing.is_empty() {
        return Err(Error::runtime(format!(
            "--impl {}: every implementation failed ({})",
            args.imp.imp,
            outcome
                .peer_failures
                .iter()
                .map(|(_, e)| crate::cli::errors::render(e))
                .collect::<Vec<_>>()
                .join("; ")
        )));
    }
    let mut params = reference.record_params(budget);
    params.insert(
        record::param::IMPLEMENTATIONS.into(),
        asked.spelled().into(),
    );
    let mut rec = bench::record("repro", &cfg, params, outcome.operations, &timer);
    rec.skipped = outcome
        .missing
        .iter()
        .map(|m| skipped(&reference, m))
        .collect();
    rec.skipped.extend(notes);
    rec.notes.extend(own_only);
    for (row, e) in &outcome.peer_failures {
        rec.notes.push(format!(
            "row {}: a library's run failed: {}",
            reference.rows[*row].id,
            crate::cli::errors::render(e)
        ));
    }
    args.out.emit(&rec, &renderers)
}

/// The implementations `--impl` asks for: `best` (the default: every one found here, the
/// table's figure the fastest) or a list.
struct Asked {
    /// In order, pkbench's own first for `best`.
    choices: Vec<Choice>,
    /// `--impl best`.
    best: bool,
}

impl Asked {
    /// Reads `--impl`: `best` alone, or what [`crate::cli::imp::ImplArgs::choices`] takes.
    fn of(imp: &crate::cli::imp::ImplArgs) -> Result<Asked> {
        let names: Vec<&str> = imp.imp.split(',').map(str::trim).collect();
        if names.iter().any(|n| n.eq_ignore_ascii_case(BEST)) {
            if names.len() > 1 {
                return Err(Error::input(format!(
                    "--impl {}: best stands alone (every implementation found here); use best, all, or a list of pkbench, openssl, gcrypt, gmp",
                    imp.imp
                )));
            }
            return Ok(Asked {
                choices: Choice::all(),
                best: true,
            });
        }
        Ok(Asked {
            choices: imp.choices()?,
            best: false,
        })
    }

    /// What the record keeps: `best`, or the names asked for, comma-separated.
    fn spelled(&self) -> String {
        if self.best {
            return BEST.to_string();
        }
        let names: Vec<&str> = self.choices.iter().map(|c| c.name()).collect();
        names.join(",")
    }
}

/// `--impl best`.
const BEST: &str = "best";

/// The notes of the rows the libraries asked for do not compute: one per library absent
/// (`gmp (1995): not found on this machine`), one per library and reason with the rows it
/// covers (`gmp (MD5, MD4, HAVAL): does not offer it: …`), as `skipped` entries with the
/// `impl` param; and the run's notes for the rows pkbench gives no library, each once (not
/// a library's doing, so not charged to one).
fn lacking_notes(
    reference: &Reference,
    lacking: &[(Choice, usize, repro::Lacking)],
) -> (Vec<Skipped>, Vec<String>) {
    let mut notes: Vec<(Choice, crate::peers::Unavailable, Vec<&str>)> = Vec::new();
    let mut absent: Vec<Choice> = Vec::new();
    let mut own_only: Vec<(repro::OwnOnly, Vec<&str>)> = Vec::new();
    for (c, row, why) in lacking {
        let label = reference.rows[*row].label.as_str();
        match why {
            repro::Lacking::Library(u) if u.is_absent() => {
                if !absent.contains(c) {
                    absent.push(*c);
                    notes.push((*c, u.clone(), vec![reference.id.as_str()]));
                }
            }
            repro::Lacking::Library(u) => {
                let reason = crate::cli::imp::note(*c, "", u).reason;
                match notes
                    .iter_mut()
                    .find(|(k, v, _)| k == c && crate::cli::imp::note(*k, "", v).reason == reason)
                {
                    Some((_, _, rows)) => rows.push(label),
                    None => notes.push((*c, u.clone(), vec![label])),
                }
            }
            repro::Lacking::OwnOnly(o) => match own_only.iter_mut().find(|(k, _)| k == o) {
                Some((_, rows)) if !rows.contains(&label) => rows.push(label),
                Some(_) => {}
                None => own_only.push((*o, vec![label])),
            },
        }
    }
    let notes = notes
        .into_iter()
        .map(|(c, u, rows)| crate::cli::imp::note(c, &rows.join(", "), &u))
        .collect();
    let own_only = own_only
        .into_iter()
        .map(|(o, rows)| match o {
            repro::OwnOnly::Exchange => o.to_string(),
            repro::OwnOnly::StandIn { .. } => format!("{}: {o}", rows.join(", ")),
        })
        .collect();
    (notes, own_only)
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

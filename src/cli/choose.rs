//! `pkbench choose`: which group, secret size and table give the cheapest exchange at a given
//! security level on this machine.
//!
//! Flow: candidates = fields × secret sizes × table on/off → for every (field, size) one probe
//! (the best of two Replies, variable base, peer value validated) → candidates timed in order of
//! their probe through the same path as `pkbench dh` (`kex::open`, [`make_sized_pool`],
//! [`time_offer_reply`]: every result checked) with a short budget each → rows sorted by
//! Total = 2*Offer + Reply, with the security estimate of [`crate::security`].
//!
//! Pruning (off with `--no-prune`): Total = 2·Offer + Reply ≥ Reply, so a candidate whose probe
//! Reply already exceeds 1.2 × the best qualifying Total found so far cannot win. Such a
//! candidate is still timed when its probe is cheap (≤ budget/10, so timing it costs about the
//! budget); only the slow ones (big moduli with full exponents, whose checked pool alone would
//! take seconds) are listed as not timed, with both figures. Candidates are timed cheapest probe
//! first, so the bound tightens early. `--max-secs` (default 90) caps the whole run: candidates
//! left when it is reached are listed as not timed. Groups whose family is not built (or that
//! have no params file in this build) are listed as skipped with the reason; no figure is ever
//! made up.

use crate::bench::dh::{make_sized_pool, time_offer_reply};
use crate::error::{Error, Result};
use crate::kex::{self, ExpBits, GroupOptions, KeyExchange};
use crate::measure::{self, Clock, Machine, MeasureConfig};
use crate::params;
use crate::record::Operation;
use crate::record::RunTimer;
use crate::report;
use crate::security::{self, Estimate, Profile};
use clap::Args;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use serde::Serialize;
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Base pool entries per timed candidate (each checked: 2 Offers and 3 Replies); fast
/// candidates get more, as in `pkbench dh` ([`make_sized_pool`]).
pub const CHOOSE_POOL: usize = 4;

/// A probe Reply must exceed the best qualifying Total by this factor to prune a candidate
/// (a margin for timing noise on a shared machine).
pub const PRUNE_MARGIN: f64 = 1.2;

/// Arguments of `pkbench choose`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench choose                           every group at 112 bits (about a
                                           minute)
  pkbench choose --min-security 128 --fields modp-3072,p256,x25519,gf2-185
  pkbench choose --exp-bits full,256 --clock cpu --explain
                                           given secret sizes, steadier timing,
                                           every security figure with its source
  pkbench choose --output choice.json      also saved: every candidate's samples
  pkbench plot choice.json --output choice.svg
                                           that record drawn: cost against
                                           security")]
pub struct ChooseArgs {
    /// Security target in bits: candidates whose estimate (to the nearest bit) is below it are
    /// listed separately and never chosen. 112 and 128 are NIST SP 800-57's levels.
    #[arg(long, value_name = "BITS", default_value_t = 112)]
    pub min_security: u32,
    /// Groups to consider, comma-separated (default: every group pkbench knows, including those
    /// whose family is not built yet, which are listed as skipped).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub fields: Vec<String>,
    /// Secret sizes, comma-separated: `full` and/or bit counts (default: `full` and twice the
    /// target, the shortest exponent that keeps it: an N-bit secret gives at most N/2 bits).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub exp_bits: Vec<ExpBits>,
    /// Time budget per operation (Offer and Reply each) of every candidate, in milliseconds.
    #[arg(
        long,
        allow_negative_numbers = true,
        value_parser = number("give a positive number of milliseconds up to 60000, e.g. 100"),
        value_name = "MS",
        default_value_t = 100.0
    )]
    pub budget_ms: f64,
    /// Time every candidate, even slow ones that their probe shows cannot win.
    #[arg(long)]
    pub no_prune: bool,
    /// Stop timing after this many seconds; the candidates left are listed as not timed.
    #[arg(
        long,
        allow_negative_numbers = true,
        value_parser = number("give a positive number of seconds, e.g. 90"),
        value_name = "SECONDS",
        default_value_t = 90.0
    )]
    pub max_secs: f64,
    /// Bignum backend for mod-p groups (`gmp` or `num-bigint`).
    #[arg(long, value_name = "BACKEND")]
    pub backend: Option<String>,
    /// Clock: `wall` (default) or `cpu` (this thread's CPU time: steadier rankings on a busy
    /// machine).
    #[arg(long, value_enum, default_value_t = Clock::Wall)]
    pub clock: Clock,
    /// Seed of the ChaCha20 RNG that makes every secret.
    #[arg(long, default_value_t = 1995)]
    pub seed: u64,
    /// Print one JSON object instead of tables (no progress bar).
    #[arg(long, conflicts_with = "markdown")]
    pub json: bool,
    /// Print Markdown tables.
    #[arg(long)]
    pub markdown: bool,
    /// Also print every security figure with its source.
    #[arg(long)]
    pub explain: bool,
    /// Also save the run as a result record (JSON, schema `pkbench.result/2`): every timed
    /// candidate's Offer and Reply statistics with raw samples, Total = 2*Offer + Reply and
    /// security estimate, the rows not timed and why, the choice, the machine and build.
    /// Written atomically; draw it with `pkbench plot FILE --output FILE.svg`.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Replace the --output file if it already exists (otherwise: error, exit 2). A file
    /// that cannot be replaced (not writable, `chattr +i`) is refused before the run.
    #[arg(long, requires = "output")]
    pub force: bool,
}

/// A clap value parser for a number that says `what` to give when the value is not a number
/// (the range is checked in [`check_args`], with the same advice).
fn number(what: &'static str) -> impl Fn(&str) -> std::result::Result<f64, String> + Clone {
    move |s: &str| s.trim().parse::<f64>().map_err(|_| what.to_string())
}

/// What happened to a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Offer and Reply were timed.
    Timed,
    /// Not timed: its probe Reply showed it cannot beat the best qualifying Total.
    Pruned,
    /// Not timed: the group cannot be run in this build (reason given).
    Skipped,
}

/// One candidate: field × secret size × table.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// Canonical group name.
    pub field: String,
    /// Secret size in bits.
    pub exp_bits: u32,
    /// `full` or the number of bits.
    pub exp_label: String,
    /// Whether Offer used the fixed-base table.
    pub table: bool,
    /// Timed, pruned or skipped.
    pub status: Status,
    /// Offer median, ms.
    pub offer_ms: Option<f64>,
    /// Reply median, ms (peer validation included).
    pub reply_ms: Option<f64>,
    /// Total = 2*Offer + Reply, ms.
    pub total_ms: Option<f64>,
    /// CPU sum 2*Offer + 2*Reply, ms.
    pub cpu_total_ms: Option<f64>,
    /// Best of two probe Replies, ms (the pruning bound).
    pub probe_reply_ms: Option<f64>,
    /// Fixed-base table size, bytes.
    pub table_bytes: Option<usize>,
    /// Bytes of a public value.
    pub public_bytes: Option<usize>,
    /// Security estimate, bits (minimum of the counted figures).
    pub security_bits: Option<f64>,
    /// The figure that gives the minimum.
    pub security_limited_by: Option<String>,
    /// Estimate ≥ --min-security (to the nearest bit).
    pub qualifies: bool,
    /// Known weakness.
    pub weak: bool,
    /// Why it is weak.
    pub weak_reason: Option<String>,
    /// Why it was not timed.
    pub reason: Option<String>,
}

/// The JSON of `pkbench choose --json`.
#[derive(Debug, Serialize)]
pub struct ChooseRecord {
    /// Always "choose".
    pub command: &'static str,
    /// The security target, bits.
    pub min_security: u32,
    /// Budget per operation, ms.
    pub budget_ms: f64,
    /// Whether pruning was on.
    pub prune: bool,
    /// Timed rows sorted by total_ms, then the rows not timed.
    pub rows: Vec<Row>,
    /// The cheapest timed row that qualifies and is not weak.
    pub chosen: Option<Row>,
    /// The next cheapest timed row that qualifies and is not weak (how close the choice was).
    pub runner_up: Option<Row>,
    /// Remarks (sizes dropped, groups without a table).
    pub notes: Vec<String>,
    /// Every estimate with its figures and sources (with --explain).
    pub estimates: Option<Vec<Estimate>>,
    /// Wall time of the whole run, seconds.
    pub run_secs: f64,
    /// Clock that timed the samples.
    pub clock: String,
    /// RNG seed.
    pub seed: u64,
    /// Machine and build.
    pub machine: Machine,
    /// The operations of every timed candidate, in the order timed (Offer, Reply, Total,
    /// CPU sum of [`crate::bench::dh::operations`]): the operations of the saved record.
    #[serde(skip)]
    pub timed: Vec<Vec<Operation>>,
}

/// One (field, secret size) pair ready to time.
struct Pair {
    field: String,
    exp_bits: u32,
    exp_label: String,
    probe_ms: f64,
}

fn check_args(a: &ChooseArgs) -> Result<()> {
    if !(1..=1024).contains(&a.min_security) {
        return Err(Error::input(format!(
            "--min-security {}: give a number of bits from 1 to 1024, e.g. 112 or 128",
            a.min_security
        )));
    }
    if !(a.budget_ms.is_finite() && a.budget_ms > 0.0 && a.budget_ms <= 60_000.0) {
        return Err(Error::input(format!(
            "--budget-ms {}: give a positive number of milliseconds up to 60000, e.g. 100",
            a.budget_ms
        )));
    }
    if !(a.max_secs.is_finite() && a.max_secs > 0.0) {
        return Err(Error::input(format!(
            "--max-secs {}: give a positive number of seconds, e.g. 90",
            a.max_secs
        )));
    }
    if let Some(n) = a.exp_bits.iter().find_map(|e| match e {
        ExpBits::Bits(n) if *n < 16 => Some(*n),
        _ => None,
    }) {
        return Err(Error::input(format!(
            "--exp-bits {n}: secrets shorter than 16 bits are not timed; use `full` or 16 and up"
        )));
    }
    Ok(())
}

/// The candidate fields: canonical names of the registry, each once, in the order given
/// (default: every group, in registry order).
fn fields(a: &ChooseArgs) -> Result<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    let mut push = |n: String| {
        if !out.contains(&n) {
            out.push(n);
        }
    };
    if a.fields.is_empty() {
        params::names().into_iter().for_each(&mut push);
    } else {
        for f in &a.fields {
            push(params::lookup(f.trim())?.name);
        }
    }
    Ok(out)
}

/// The security profiles of the named groups, read from their descriptions
/// ([`kex::profile`]); a group whose description cannot be read has none (no figure is
/// made up).
fn profiles(names: &[String]) -> HashMap<String, Profile> {
    names
        .iter()
        .filter_map(|n| {
            let p = params::lookup(n).and_then(|f| kex::profile(&f)).ok()?;
            Some((n.clone(), p))
        })
        .collect()
}

/// The secret sizes in bits of `exps` for a group whose full size is `full` (a short size
/// above it becomes `full`), each once, in the order given.
fn secret_sizes(exps: &[ExpBits], full: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for e in exps {
        let bits = match *e {
            ExpBits::Full => full,
            ExpBits::Bits(n) => n.min(full),
        };
        if !out.contains(&bits) {
            out.push(bits);
        }
    }
    out
}

fn exp_label(bits: u32, full: u32) -> String {
    if bits >= full {
        "full".into()
    } else {
        bits.to_string()
    }
}

fn base_row(
    profile: Option<&Profile>,
    field: &str,
    exp_bits: u32,
    label: &str,
    table: bool,
    min: u32,
) -> Row {
    let est = profile.map(|p| security::estimate(p, Some(exp_bits)));
    Row {
        field: field.to_string(),
        exp_bits,
        exp_label: label.to_string(),
        table,
        status: Status::Skipped,
        offer_ms: None,
        reply_ms: None,
        total_ms: None,
        cpu_total_ms: None,
        probe_reply_ms: None,
        table_bytes: None,
        public_bytes: None,
        security_bits: est.as_ref().map(|e| e.bits),
        security_limited_by: est.as_ref().map(|e| e.limited_by.clone()),
        qualifies: est
            .as_ref()
            .is_some_and(|e| e.bits.round() >= f64::from(min)),
        weak: est.as_ref().is_some_and(|e| e.weak.is_some()),
        weak_reason: est.and_then(|e| e.weak),
        reason: None,
    }
}

/// The measurement settings of one candidate: the budget per operation, a short warm-up, at
/// least 5 samples of ≥ 1 ms.
fn measure_config(budget_ms: f64, clock: Clock) -> MeasureConfig {
    let budget = Duration::from_secs_f64(budget_ms / 1e3);
    MeasureConfig {
        budget,
        warmup: (budget / 5).min(Duration::from_millis(20)),
        min_sample: Duration::from_millis(1),
        min_samples: 5,
        max_samples: 10_000,
        clock,
    }
}

/// Best of two Replies (ms) on a fresh secret and a valid peer value.
fn probe(kx: &dyn KeyExchange, exp_bits: u32, rng: &mut ChaCha20Rng) -> Result<f64> {
    let a = kx.random_secret(exp_bits, rng);
    let b = kx.random_secret(exp_bits, rng);
    let pb = kx.offer(&b);
    let mut best = f64::INFINITY;
    for _ in 0..2 {
        let t0 = Instant::now();
        std::hint::black_box(kx.reply(std::hint::black_box(&a), std::hint::black_box(&pb))?);
        best = best.min(t0.elapsed().as_secs_f64() * 1e3);
    }
    Ok(best)
}

/// Runs `pkbench choose` and renders its output.
///
/// # Errors
/// [`Error::Input`] for bad arguments, an unknown field, or filters (`--fields` × `--exp-bits`)
/// that leave no candidate to time; [`Error::Runtime`] when a self-check of a timed candidate
/// fails.
pub fn run(args: &ChooseArgs) -> Result<String> {
    check_args(args)?;
    if let Some(p) = &args.output {
        crate::record::write::check_destination(p, args.force)?;
    }
    let timer = RunTimer::start();
    let rec = collect(args)?;
    let mut saved = crate::cli::choose_render::result_record(args, &rec)?;
    saved.finish(&timer);
    crate::cli::common::emit_record(
        args.output.as_deref(),
        args.force,
        args.json,
        &saved,
        || crate::cli::choose_render::render(&rec, args.markdown),
    )
}

/// The secret sizes to try: `--exp-bits`, or `full` and twice the target.
pub(crate) fn default_exps(args: &ChooseArgs) -> Vec<ExpBits> {
    if args.exp_bits.is_empty() {
        vec![ExpBits::Full, ExpBits::Bits(2 * args.min_security)]
    } else {
        args.exp_bits.clone()
    }
}

/// Times the candidates and builds the record (what `--json` prints).
///
/// # Errors
/// As [`run`].
pub fn collect(args: &ChooseArgs) -> Result<ChooseRecord> {
    check_args(args)?;
    let start = Instant::now();
    let machine = Machine::detect();
    let mut timed = Vec::new();
    let min = args.min_security;
    let exps = default_exps(args);
    let names = fields(args)?;
    crate::cli::common::check_backend_used(
        args.backend.as_deref(),
        names.iter().map(String::as_str),
    )?;
    let base = crate::cli::options::group_options(true, args.backend.as_deref(), false)?;
    let profiles = profiles(&names);
    let cfg = measure_config(args.budget_ms, args.clock);
    let mut rng = ChaCha20Rng::seed_from_u64(args.seed);
    let opts = |table| GroupOptions {
        table,
        ..base.clone()
    };
    let open = |name: &str, table| -> Result<Box<dyn KeyExchange>> {
        let kx = kex::open_named(name, &opts(table))?;
        crate::cli::errors::print_warnings(kx.warnings());
        Ok(kx)
    };
    let pb = measure::progress::bar(names.len() as u64 * 3, args.json);
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    let mut pairs = Vec::new();
    let mut plain: HashMap<String, Box<dyn KeyExchange>> = HashMap::new();

    // Phase 1: open each group without a table and probe each secret size.
    for name in &names {
        pb.set_message(format!("{name}: probe"));
        let kx = match open(name, false) {
            Ok(kx) => Some(kx),
            Err(Error::Runtime(m)) => {
                skip_rows(&mut rows, profiles.get(name), name, &exps, min, &m);
                None
            }
            Err(e) => return Err(e),
        };
        pb.inc(1);
        let Some(kx) = kx else { continue };
        let full = kx.info().full_exp_bits;
        for bits in secret_sizes(&exps, full) {
            // choose's own rule: a size at or above a group's full size means `full`.
            let asked = if bits >= full {
                ExpBits::Full
            } else {
                ExpBits::Bits(bits)
            };
            if let Err(err) = kx.check_exp_bits(asked) {
                notes.push(format!(
                    "{name}: {bits}-bit secrets dropped: {}",
                    crate::cli::errors::render(&err)
                ));
                continue;
            }
            if start.elapsed().as_secs_f64() > args.max_secs {
                notes.push(format!(
                    "{name} {}: not probed: the run-time limit (--max-secs {}) was reached",
                    exp_label(bits, full),
                    args.max_secs
                ));
                continue;
            }
            let probe_ms = probe(kx.as_ref(), bits, &mut rng)?;
            pairs.push(Pair {
                field: name.clone(),
                exp_bits: bits,
                exp_label: exp_label(bits, full),
                probe_ms,
            });
        }
        plain.insert(name.clone(), kx);
    }

    if pairs.is_empty() {
        pb.finish_and_clear();
        return Err(crate::cli::choose_render::nothing_to_time(
            args, &exps, &notes, &rows,
        ));
    }

    // Phase 2: time the candidates, cheapest probe first.
    pairs.sort_by(|a, b| a.probe_ms.total_cmp(&b.probe_ms));
    pb.set_length(names.len() as u64 + 2 * pairs.len() as u64);
    let mut tabled: HashMap<String, Option<Box<dyn KeyExchange>>> = HashMap::new();
    let mut best: Option<f64> = None;
    for p in &pairs {
        for table in [true, false] {
            pb.set_message(format!(
                "{} {} {}",
                p.field,
                p.exp_label,
                if table { "table" } else { "no table" }
            ));
            let mut row = base_row(
                profiles.get(&p.field),
                &p.field,
                p.exp_bits,
                &p.exp_label,
                table,
                min,
            );
            row.probe_reply_ms = Some(p.probe_ms);
            let kx: &dyn KeyExchange = if table {
                let entry = tabled
                    .entry(p.field.clone())
                    .or_insert_with(|| open(&p.field, true).ok().filter(|k| k.table().is_some()));
                match entry.as_deref() {
                    Some(k) => k,
                    None => {
                        let n = format!("{}: no fixed-base table, only the plain Offer", p.field);
                        if !notes.contains(&n) {
                            notes.push(n);
                        }
                        pb.inc(1);
                        continue;
                    }
                }
            } else {
                plain[&p.field].as_ref()
            };
            row.public_bytes = Some(kx.info().public_bytes);
            row.table_bytes = kx.table().map(|t| t.bytes);
            let slow = p.probe_ms > args.budget_ms / 10.0;
            if start.elapsed().as_secs_f64() > args.max_secs {
                row.status = Status::Pruned;
                row.reason = Some(format!(
                    "not timed: the run-time limit (--max-secs {}) was reached",
                    args.max_secs
                ));
            } else if let Some(b) =
                best.filter(|b| !args.no_prune && slow && p.probe_ms > PRUNE_MARGIN * b)
            {
                row.status = Status::Pruned;
                row.reason = Some(format!(
                    "cannot win: one Reply took {} > {PRUNE_MARGIN} × the best qualifying Total {}",
                    report::fmt_time_ms(p.probe_ms),
                    report::fmt_time_ms(b)
                ));
            } else {
                let pool = make_sized_pool(kx, p.exp_bits, CHOOSE_POOL, &cfg, &mut rng)?;
                let (offer, reply) = time_offer_reply(kx, &pool, &cfg)?;
                let (offer_ms, reply_ms) = (offer.median_ms, reply.median_ms);
                let ops = crate::bench::dh::operations(kx, p.exp_bits, (offer, reply), &pool);
                let total = 2.0 * offer_ms + reply_ms;
                row.status = Status::Timed;
                row.offer_ms = Some(offer_ms);
                row.reply_ms = Some(reply_ms);
                row.total_ms = Some(total);
                row.cpu_total_ms = Some(2.0 * (offer_ms + reply_ms));
                timed.push(ops);
                if row.qualifies && !row.weak {
                    best = Some(best.map_or(total, |b| b.min(total)));
                } else if !row.qualifies {
                    row.reason = Some(format!(
                        "below the target: {:.1} < {min} bits",
                        row.security_bits.unwrap_or(0.0)
                    ));
                } else {
                    row.reason =
                        Some("meets the target but has a known weakness: never chosen".into());
                }
            }
            rows.push(row);
            pb.inc(1);
        }
    }
    pb.finish_and_clear();

    // Timed rows by Total, then the others in candidate order.
    rows.sort_by(|a, b| match (a.total_ms, b.total_ms) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    let mut estimates: Vec<Estimate> = Vec::new();
    for r in &rows {
        if !estimates
            .iter()
            .any(|e| e.group == r.field && e.exp_bits == r.exp_bits)
        {
            estimates.extend(
                profiles
                    .get(&r.field)
                    .map(|p| security::estimate(p, Some(r.exp_bits))),
            );
        }
    }
    let mut eligible = rows
        .iter()
        .filter(|r| r.status == Status::Timed && r.qualifies && !r.weak);
    let chosen = eligible.next().cloned();
    let runner_up = eligible.next().cloned();
    Ok(ChooseRecord {
        command: "choose",
        min_security: min,
        budget_ms: args.budget_ms,
        prune: !args.no_prune,
        rows,
        chosen,
        runner_up,
        notes,
        estimates: args.explain.then_some(estimates),
        run_secs: start.elapsed().as_secs_f64(),
        clock: args.clock.label().to_string(),
        seed: args.seed,
        machine,
        timed,
    })
}

/// Adds skipped rows for a group that cannot be opened, one per secret size and table choice;
/// the secret sizes come from the group's description (no figure is made up).
fn skip_rows(
    rows: &mut Vec<Row>,
    profile: Option<&Profile>,
    name: &str,
    exps: &[ExpBits],
    min: u32,
    reason: &str,
) {
    let full = profile.map_or(0, |p| p.q_bits);
    for bits in secret_sizes(exps, full) {
        for table in [true, false] {
            let mut r = base_row(profile, name, bits, &exp_label(bits, full), table, min);
            r.reason = Some(reason.to_string());
            rows.push(r);
        }
    }
}

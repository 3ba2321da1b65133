//! `pkbench choose`: which group, secret size and table give the cheapest exchange at a given
//! security level on this machine. The flags become a [`ChooseJob`]; the search is
//! [`crate::bench::choose`], the report [`crate::report::choose`]; this module words the
//! search's notes and reasons and builds the record.

use crate::bench::choose::{self as search, ChooseJob, NotTimed, size_label};

mod imps;
mod leak;
mod words;

use crate::cli::output::{OutputArgs, Renderers};
use crate::cli::timing::TimingArgs;
use crate::error::{Error, Result};
use crate::kex::ExpBits;
use crate::params;
use crate::record::{self, ResultRecord, RunTimer, Skipped, param};
use crate::report;
use clap::Args;
use serde_json::{Map, Value};
use std::time::Duration;
pub use words::link_rate;
use words::{not_timed_text, note_text};

/// Arguments of `pkbench choose`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench choose                           every group and KEM at 112 bits, one
                                           line per option (a few seconds)
  pkbench choose --min-security 128 --all  every candidate timed, the full table
  pkbench choose --min-security 128 --groups modp-3072,p256,x25519,mlkem768
  pkbench choose --min-security 128 --link 1Mbit
                                           Total + link = 8 x (bytes sent by
                                           both parties) / 1 Mbit/s, ranked by
                                           the sum
  pkbench choose --min-security 128 --post-quantum
                                           only rows with 128 bits classical and
                                           quantum: ML-KEM, X25519MLKEM768
  pkbench choose --exp-bits full,256 --clock cpu --explain
                                           given secret sizes, steadier timing,
                                           what was left out and why, every
                                           security figure with its source
  pkbench choose --output choice.json      also saved: every candidate's samples
  pkbench plot choice.json --output choice.svg
                                           that record drawn: cost against
                                           security")]
#[command(mut_arg("imp", |a| {
    a.default_value("all")
        .long_help(crate::cli::imp::choose_impl_help())
}))]
// choose's own budget: brief, per candidate, up to 60 s (its sweep of table windows, with
// --cache cold or both, gets longer by default); --budget-ms is its old spelling.
#[command(mut_arg("time", |a| {
    a.value_parser(number("give a positive number of seconds up to 60, e.g. 0.1"))
        .default_value(DEFAULT_TIME)
        .default_value_ifs([("cache", "cold", Some(SWEEP_TIME)), ("cache", "both", Some(SWEEP_TIME))])
        .hide_default_value(true)
        .conflicts_with("budget_ms")
        .help(
            "Time budget per operation (Offer and Reply each) of every candidate, in seconds, \
             up to 60 (default 0.1; 0.3 for the table-window sweep of --cache cold or both)",
        )
}))]
pub struct ChooseArgs {
    #[command(flatten)]
    pub imp: crate::cli::imp::ImplArgs,
    /// Security target in bits, compared with each candidate's security category (NIST SP
    /// 800-57 Table 2: 80, 112, 128, 192, 256; X25519 and P-256 are 128, as RFC 7748 and SP
    /// 800-186 say) or its precise estimate, whichever is higher: candidates below it are
    /// listed separately and never chosen. `--explain` shows the estimate's figures.
    #[arg(long, value_name = "BITS", default_value_t = 112)]
    pub min_security: u32,
    /// Groups and KEMs to consider, comma-separated (default: every group pkbench knows,
    /// including those whose family is not built yet, which are listed as skipped, and every
    /// KEM: mlkem512, mlkem768, mlkem1024, x25519mlkem768).
    #[arg(
        long = "groups",
        visible_alias = "fields",
        value_name = "LIST",
        value_delimiter = ','
    )]
    pub fields: Vec<String>,
    /// Secret sizes, comma-separated: `full` and/or bit counts (default: `full` and twice the
    /// target, the shortest exponent that keeps it: an N-bit secret gives at most N/2 bits).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub exp_bits: Vec<ExpBits>,
    /// Deprecated: the budget of `--time` in milliseconds (still accepted).
    #[arg(
        long,
        hide = true,
        allow_negative_numbers = true,
        value_parser = number("give a positive number of milliseconds up to 60000, e.g. 100"),
        value_name = "MS"
    )]
    pub budget_ms: Option<f64>,
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
    /// Also list the candidates not timed, with the reason, and every security figure with
    /// its source.
    #[arg(long)]
    pub explain: bool,
    /// Print the full table: every candidate timed (those below the target and the cheap
    /// ones that cannot win too), each row of each option, the KEMs apart.
    #[arg(long)]
    pub all: bool,
    /// Rank only the options whose security against a quantum computer meets
    /// --min-security too: the KEMs (ML-KEM-512/768/1024, X25519MLKEM768); the DH groups are
    /// broken by Shor's algorithm (0 bits quantum) and left out.
    #[arg(long, conflicts_with = "classical")]
    pub post_quantum: bool,
    /// Leave the KEMs out: rank the DH groups only.
    #[arg(long)]
    pub classical: bool,
    /// Price the wire: add the time both parties' messages take on a link of this rate,
    /// link = 8 × (bytes sent by both parties) / RATE (one after the other, no latency, no
    /// framing), to each Total and rank by Total + link. RATE in bits per second with a
    /// decimal prefix: 56kbit, 1Mbit, 100Mbit, 10Gbit.
    #[arg(long, value_name = "RATE", value_parser = link_rate)]
    pub link: Option<f64>,
    /// When the 95 % interval of the cost ratio of the two best options contains 1, time
    /// those two again in alternating rounds until it does not, for at most this many
    /// seconds (0: do not).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 10.0,
        allow_negative_numbers = true,
        value_parser = number("give a number of seconds from 0 to 600, e.g. 10")
    )]
    pub tie_secs: f64,
    /// Show beside each row the verdict of this `pkbench leak` record (saved with `leak ...
    /// --output FILE`) for the row's group, implementation and operations: "depends" or
    /// "none found" with the largest |t| of its operations, else "not tested". May be given
    /// several times (for an operation tested in several, the last file counts).
    #[arg(long = "leak", value_name = "FILE")]
    pub leak: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub cache: crate::cli::cache::CacheArgs,
    #[command(flatten)]
    pub timing: TimingArgs,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// `--time` when not given, seconds per operation of every candidate.
const DEFAULT_TIME: &str = "0.1";

/// `--time` of the table-window sweep when not given: [`SWEEP_BUDGET_MS`] in seconds (a
/// test keeps the two equal).
const SWEEP_TIME: &str = "0.3";

/// A clap value parser for a number that says `what` to give when the value is not a number
/// (the range is checked in [`check_args`], with the same advice).
fn number(what: &'static str) -> impl Fn(&str) -> std::result::Result<f64, String> + Clone {
    move |s: &str| s.trim().parse::<f64>().map_err(|_| what.to_string())
}

impl ChooseArgs {
    /// The per-operation budget in milliseconds: the deprecated `--budget-ms` when given,
    /// else `--time` (seconds, with its default).
    pub fn budget_ms(&self) -> f64 {
        self.budget_ms.unwrap_or(self.timing.time * 1e3)
    }
}

fn check_args(a: &ChooseArgs) -> Result<()> {
    let t = a.timing.time;
    if !(t.is_finite() && t > 0.0 && t <= 60.0) {
        return Err(Error::input(format!(
            "--time {t}: give a positive number of seconds up to 60, e.g. 0.1"
        )));
    }
    if !(1..=1024).contains(&a.min_security) {
        return Err(Error::input(format!(
            "--min-security {}: give a number of bits from 1 to 1024, e.g. 112 or 128",
            a.min_security
        )));
    }
    if let Some(ms) = a.budget_ms
        && !(ms.is_finite() && ms > 0.0 && ms <= 60_000.0)
    {
        return Err(Error::input(format!(
            "--budget-ms {ms}: give a positive number of milliseconds up to 60000, e.g. 100"
        )));
    }
    if !(a.tie_secs.is_finite() && (0.0..=600.0).contains(&a.tie_secs)) {
        return Err(Error::input(format!(
            "--tie-secs {}: give a number of seconds from 0 to 600, e.g. 10",
            a.tie_secs
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
    Ok(candidates(a)?.0)
}

/// The candidate DH groups and KEMs: canonical names, each once, in the order given
/// (default: every group in registry order and every KEM); `--classical` leaves the KEMs
/// out, `--post-quantum` keeps them only.
fn candidates(a: &ChooseArgs) -> Result<(Vec<String>, Vec<&'static crate::kem::KemInfo>)> {
    let mut groups: Vec<String> = Vec::new();
    let mut kems: Vec<&'static crate::kem::KemInfo> = Vec::new();
    if a.fields.is_empty() {
        groups = params::names();
        kems = crate::kem::KEMS.iter().collect();
    } else {
        for f in &a.fields {
            if let Some(k) = crate::kem::lookup(f.trim()) {
                if !kems.contains(&k) {
                    kems.push(k);
                }
                continue;
            }
            let n = crate::cli::common::lookup_group(f.trim())?.name;
            if !groups.contains(&n) {
                groups.push(n);
            }
        }
    }
    if a.classical {
        kems.clear();
    }
    Ok((groups, kems))
}

/// The bench configuration of choose's runs ([`TimingArgs::bench_config`]) with the budget
/// `budget_ms` per operation and choose's brief sampling of many candidates: a short warm-up
/// (a fifth of the budget, at most 20 ms) and at least 5 samples (of ≥ 1 ms, as everywhere).
fn bench_config(args: &ChooseArgs, budget_ms: f64) -> Result<crate::bench::Config> {
    let timing = TimingArgs {
        time: budget_ms / 1e3,
        ..args.timing.clone()
    };
    let mut cfg = timing.bench_config(args.out.format())?;
    cfg.measure.warmup = (cfg.measure.budget / 5).min(Duration::from_millis(20));
    cfg.measure.min_samples = 5;
    Ok(cfg)
}

/// Runs `pkbench choose` and renders its output.
///
/// # Errors
/// [`Error::Input`] for bad arguments, an unknown field, or filters (`--fields` × `--exp-bits`)
/// that leave no candidate to time; [`Error::Runtime`] when a self-check of a timed candidate
/// fails.
pub fn run(args: &ChooseArgs) -> Result<String> {
    check_args(args)?;
    if args.cache.cache != crate::measure::CacheMode::Warm {
        let renderers = Renderers::record(report::windows::render_text);
        args.out.check(&renderers)?;
        let rec = collect_windows(args, &RunTimer::start())?;
        return args.out.emit(&rec, &renderers);
    }
    let renderers = Renderers::record(|r| report::choose::render_text(r, false))
        .with_markdown(|r| report::choose::render_text(r, true))
        .with_csv(report::choose::render_csv)
        .with_html(report::choose::render_html);
    args.out.check(&renderers)?;
    let rec = collect(args, &RunTimer::start())?;
    args.out.emit(&rec, &renderers)
}

/// The secret sizes to try: `--exp-bits`, or `full` and twice the target.
pub(crate) fn default_exps(args: &ChooseArgs) -> Vec<ExpBits> {
    if args.exp_bits.is_empty() {
        vec![ExpBits::Full, ExpBits::Bits(2 * args.min_security)]
    } else {
        args.exp_bits.clone()
    }
}

/// Runs the search and builds the record (what `--json` prints and `--output` saves):
/// params `min_security`, `budget_ms`, `prune`, `max_secs`, `fields`, `exp_bits` and
/// `explain`; the timed candidates' operations (params command "dh", group, exp_bits, table,
/// so that `compare` matches them with `dh`, `scale` and `suite` rows); every candidate not
/// timed as a `skipped` entry with its params and what was known of it; the notes.
///
/// # Errors
/// As [`run`].
pub fn collect(args: &ChooseArgs, timer: &RunTimer) -> Result<ResultRecord> {
    check_args(args)?;
    let leaks = leak::read(&args.leak)?;
    let exps = default_exps(args);
    let (names, kems) = candidates(args)?;
    crate::cli::common::check_backend_used(
        args.backend.as_deref(),
        names.iter().map(String::as_str),
    )?;
    let cfg = bench_config(args, args.budget_ms())?;
    let split = imps::split(&args.imp.imp, names, &kems)?;
    let job = ChooseJob {
        groups: split.names,
        kems,
        exps: exps.clone(),
        rule: search::Rule {
            min_security: args.min_security,
            post_quantum: args.post_quantum,
            link_bits_per_s: args.link,
        },
        measure: cfg.measure.clone(),
        prune: !args.no_prune,
        wide: args.all || args.no_prune,
        max_secs: args.max_secs,
        tie_secs: args.tie_secs,
        options: crate::cli::options::group_options(true, args.backend.as_deref(), false)?,
        imps: split.dh,
        kem_impls: split.kem,
    };
    let out = search::search(&job, &cfg)?;
    crate::cli::errors::print_warnings(&out.warnings);
    let notes: Vec<String> = split
        .note
        .into_iter()
        .chain(out.notes.iter().map(note_text))
        .collect();
    if out.probed == 0 {
        let untimed: Vec<(String, String)> = out
            .not_timed
            .iter()
            .map(|(c, why)| (c.group.clone(), not_timed_text(why).1))
            .collect();
        return Err(nothing_to_time(args, &exps, &notes, &untimed));
    }
    imps::nothing_ran(&job, &out)?;
    let mut params = Map::new();
    params.insert("min_security".into(), args.min_security.into());
    params.insert("budget_ms".into(), args.budget_ms().into());
    params.insert("prune".into(), (!args.no_prune).into());
    params.insert(
        report::choose::POOL_PARAM.into(),
        search::CHOOSE_POOL.into(),
    );
    params.insert("max_secs".into(), args.max_secs.into());
    let fields: Vec<String> = if args.fields.is_empty() {
        vec!["all".into()]
    } else {
        args.fields.clone()
    };
    params.insert("fields".into(), fields.into());
    let sizes: Vec<String> = exps.iter().map(exp_text).collect();
    params.insert(param::EXP_BITS.into(), sizes.into());
    params.insert("explain".into(), args.explain.into());
    params.insert(
        record::choose::POST_QUANTUM.into(),
        args.post_quantum.into(),
    );
    params.insert(record::choose::CLASSICAL.into(), args.classical.into());
    params.insert(record::choose::ALL.into(), args.all.into());
    params.insert(
        record::choose::TIE_CAP_MS.into(),
        (args.tie_secs * 1e3).into(),
    );
    if let Some(r) = args.link {
        params.insert(record::choose::LINK_BITS_PER_S.into(), r.into());
    }
    let mut ops: Vec<crate::record::Operation> =
        out.timed.into_iter().flat_map(|(_, ops)| ops).collect();
    let mut notes = notes;
    leak::apply(&mut ops, &leaks, &mut params, &mut notes);
    let mut rec = crate::bench::record("choose", &cfg, params, ops, timer);
    rec.notes = notes;
    for (c, why) in &out.not_timed {
        rec.skipped.push(skipped(c, why, &job.rule));
    }
    Ok(rec)
}

/// A candidate not timed as the record's `skipped` entry: its params (command "dh", group,
/// secret size, table, the library's `impl`), the status and reason, and what was known of
/// it (sizes, security, the probe).
fn skipped(c: &search::Candidate, why: &NotTimed, rule: &search::Rule) -> Skipped {
    let (status, reason) = not_timed_text(why);
    let size = size_label(c.exp_bits, c.full_exp_bits);
    let mut s = Skipped::new(
        format!(
            "{} {size}, {}",
            c.group,
            if c.table { "table" } else { "no table" }
        ),
        reason,
    );
    s.params = record::params([
        (param::COMMAND, "dh".into()),
        (param::GROUP, c.group.clone().into()),
        (param::EXP_BITS, c.exp_bits.into()),
        (param::TABLE, c.table.into()),
    ]);
    if let Some(lib) = c.library {
        s.params
            .insert(crate::implementation::IMPL_PARAM.into(), lib.name().into());
    }
    let info = &mut s.info;
    info.insert("status".into(), status.into());
    info.insert("full_exp_bits".into(), c.full_exp_bits.into());
    info.insert("qualifies".into(), c.qualifies(rule.min_security).into());
    info.insert(record::choose::MEETS.into(), rule.meets(c).into());
    info.insert("weak".into(), c.weak().into());
    info.insert(
        record::info::QUANTUM_SECURITY_BITS.into(),
        c.quantum_bits().into(),
    );
    if let Some(k) = c.kem {
        info.insert(record::info::FAMILY.into(), "kem".into());
        info.insert(
            record::info::SECURITY_BITS.into(),
            k.security.classical_bits.into(),
        );
        info.insert(record::info::WIRE_BYTES.into(), c.wire_bytes().into());
    }
    let mut put = |k: &str, v: Option<Value>| {
        if let Some(v) = v {
            info.insert(k.into(), v);
        }
    };
    put("probe_reply_ms", c.probe_ms.map(Value::from));
    put("public_bytes", c.public_bytes.map(Value::from));
    put("table_bytes", c.table_bytes.map(Value::from));
    if let Some(e) = &c.estimate {
        put("security_bits", Some(e.bits.into()));
        put("security_category", Some(e.category.into()));
        put("security_limited_by", Some(e.limited_by.clone().into()));
        put("weak_reason", e.weak.clone().map(Value::from));
        put("security", serde_json::to_value(e).ok());
    }
    s
}

/// Groups the table-window sweep times when `--groups` is not given: the binary curves,
/// whose table has a window to choose.
pub const SWEEP_GROUPS: [&str; 2] = ["gf2-155", "gf2-185"];

/// Budget per timed operation of the table-window sweep when `--time` is not given, ms.
pub const SWEEP_BUDGET_MS: f64 = 300.0;

/// `choose --cache cold|both`: the table-window sweep ([`crate::bench::windows`]) over
/// `--groups` (default [`SWEEP_GROUPS`]) and the secret sizes of `--exp-bits` (default
/// 2 × `--min-security`, `full` where that exceeds the group), each table's Offer warm and
/// cold; the record's params say `sweep` = "table-windows" and the cache's method.
///
/// # Errors
/// [`Error::Input`] for options the sweep does not take (`--post-quantum`, `--impl` other
/// than pkbench) or an unknown group; [`Error::Runtime`] when a self-check fails.
fn collect_windows(args: &ChooseArgs, timer: &RunTimer) -> Result<ResultRecord> {
    if args.post_quantum {
        return Err(Error::input(
            "--post-quantum: choose --cache times fixed-base tables of DH groups; leave out --post-quantum or --cache",
        ));
    }
    if !args.leak.is_empty() {
        return Err(Error::input(
            "--leak: choose --cache times the table windows of pkbench's own Offer; leave out --leak or --cache",
        ));
    }
    if args.imp.imp != "all" && args.imp.imp != "pkbench" {
        return Err(Error::input(format!(
            "--impl {}: choose --cache times pkbench's own tables; leave out --impl",
            args.imp.imp
        )));
    }
    let names = if args.fields.is_empty() {
        SWEEP_GROUPS.iter().map(|g| g.to_string()).collect()
    } else {
        fields(args)?
    };
    crate::cli::common::check_backend_used(
        args.backend.as_deref(),
        names.iter().map(String::as_str),
    )?;
    let exps = if args.exp_bits.is_empty() {
        vec![ExpBits::Bits(2 * args.min_security)]
    } else {
        args.exp_bits.clone()
    };
    // Without --time the budget is the sweep's own (SWEEP_TIME, through clap).
    let budget_ms = args.budget_ms();
    let cfg = bench_config(args, budget_ms)?;
    let options = crate::cli::options::group_options(true, args.backend.as_deref(), false)?;
    let items = crate::bench::windows::items(&names, &exps, &options);
    let (ops, mut failed) = crate::bench::windows::run(items, &cfg);
    if ops.is_empty() && !failed.is_empty() {
        return Err(failed.swap_remove(0).1);
    }
    let mut params = Map::new();
    params.insert("sweep".into(), report::windows::SWEEP.into());
    params.insert("budget_ms".into(), budget_ms.into());
    params.insert("fields".into(), names.clone().into());
    let sizes: Vec<String> = exps.iter().map(exp_text).collect();
    params.insert(param::EXP_BITS.into(), sizes.into());
    crate::cli::cache::add_params(
        &mut params,
        crate::measure::CacheMode::Both,
        args.timing.clock,
    );
    let mut rec = crate::bench::record("choose", &cfg, params, ops, timer);
    for (label, e) in failed {
        rec.skipped
            .push(Skipped::new(label, crate::cli::errors::render(&e)));
    }
    Ok(rec)
}

/// `full` or the number of bits, as given.
fn exp_text(e: &ExpBits) -> String {
    match e {
        ExpBits::Full => "full".to_string(),
        ExpBits::Bits(n) => n.to_string(),
    }
}

/// The one-line error when the filters leave no (group, secret size) pair to time: which
/// `--fields` × `--exp-bits` combination, the first reason (a note, or a group that could
/// not be opened), and what to try.
fn nothing_to_time(
    args: &ChooseArgs,
    exps: &[ExpBits],
    notes: &[String],
    untimed: &[(String, String)],
) -> Error {
    let fields = if args.fields.is_empty() {
        "every group".to_string()
    } else {
        format!("--groups {}", args.fields.join(","))
    };
    let sizes: Vec<String> = exps.iter().map(exp_text).collect();
    let why = notes
        .first()
        .cloned()
        .or_else(|| untimed.first().map(|(g, r)| format!("{g}: {r}")))
        .unwrap_or_default();
    let hint = if why.contains("use --") {
        ""
    } else if why.contains("quantum") {
        "; name a KEM in --groups (mlkem512, mlkem768, mlkem1024, x25519mlkem768)"
    } else {
        "; try --exp-bits full or other --groups"
    };
    Error::input(format!(
        "{fields} with --exp-bits {} leaves no candidate to time: {why}{hint}",
        sizes.join(",")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The budget without --time: 0.1 s, the sweep's own with --cache cold or both;
    /// --budget-ms (deprecated) and --time as given.
    #[test]
    fn budget_defaults() {
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            choose: ChooseArgs,
        }
        let ms = |args: &[&str]| {
            Cli::try_parse_from(std::iter::once("choose").chain(args.iter().copied()))
                .unwrap()
                .choose
                .budget_ms()
        };
        assert_eq!(ms(&[]), 100.0);
        assert_eq!(ms(&["--cache", "cold"]), SWEEP_BUDGET_MS);
        assert_eq!(ms(&["--cache", "both"]), SWEEP_BUDGET_MS);
        assert_eq!(ms(&["--cache", "cold", "--time", "0.05"]), 50.0);
        assert_eq!(ms(&["--budget-ms", "20"]), 20.0);
        assert!(
            Cli::try_parse_from(["choose", "--budget-ms", "20", "--time", "1"]).is_err(),
            "--time and --budget-ms together"
        );
    }
}

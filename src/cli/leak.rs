//! `pkbench leak`: does the time of Offer and Reply depend on the secret? A fixed-versus-random
//! timing test (dudect) of every implementation `dh --impl` runs (the test is
//! [`crate::bench::leak`], the report [`crate::report::leak`]).

use crate::bench::imp::{Choice, IMPL_PARAM, Library};
use crate::bench::leak::{CHECK_EVERY, LeakJob};
use crate::bench::{self, dh::DhJob};
use crate::cli::common::{GroupArgs, open_described};
use crate::cli::imp::{self, ImplArgs};
use crate::cli::output::{OutputArgs, Renderers};
use crate::cli::timing::TimingArgs;
use crate::error::{Error, Result};
use crate::kex::{self, ExpBits};
use crate::measure::{Clock, leak};
use crate::peers::kex::Way;
use crate::record::{RunTimer, Skipped, param};
use crate::report;
use clap::Args;
use std::sync::Arc;

/// `--impl` of `leak`.
const LEAK_IMPL_HELP: &str = "Who computes Offer and Reply: `pkbench` (its own code or the crate it uses; the default), `openssl`, `gcrypt`, `gmp`, a comma-separated list, or `all`, as in `dh`. For a mod-p group OpenSSL and GMP give two rows each, one per call: BN_mod_exp_mont and BN_mod_exp_mont_consttime, mpz_powm and mpz_powm_sec. On a binary curve also `pkbench-portable`. A library missing here, or without the group, gives a note.";

/// The help of `--time` for `leak`: the budget of the whole run.
const LEAK_TIME_HELP: &str = "Time budget of the whole run in seconds (all rows share it, taking turns of 20 ms; a row that shows |t| ≥ 20 stops early and leaves its share to the others), above 0 and at most 3600.";

/// Arguments of `pkbench leak`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench leak --group modp-2048 --impl all --time 20
                                 mpz_powm against mpz_powm_sec, BN_mod_exp_mont
                                 against BN_mod_exp_mont_consttime, in one run
  pkbench leak --group x25519 --impl all --time 20
  pkbench leak --group gf2-155 --exp-bits 128 --cache cold
                                 the fixed-base table's Offer and the ladder's
                                 Reply with their memory evicted before each run")]
#[command(mut_arg("imp", |a| a.help(LEAK_IMPL_HELP).long_help(LEAK_IMPL_HELP)))]
#[command(mut_arg("time", |a| a.default_value("10").help(LEAK_TIME_HELP).long_help(LEAK_TIME_HELP)))]
pub struct LeakArgs {
    #[command(flatten)]
    pub group: GroupArgs,
    /// Secret size: `full` (the prime subgroup order's size) or a number of bits such as
    /// 128. The fixed secret is 2^(bits−1) + 1 (X25519: the scalar 2^254 + 8), the random
    /// ones are drawn as `dh` draws them.
    #[arg(long, value_name = "full|N", default_value = "full")]
    pub exp_bits: ExpBits,
    /// Test Offer without the fixed-base table.
    #[arg(long)]
    pub no_table: bool,
    #[command(flatten)]
    pub cache: crate::cli::cache::CacheArgs,
    #[command(flatten)]
    pub imp: ImplArgs,
    /// Stop a row after N measurements (both classes), even when the budget is not spent.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_measurements: Option<u64>,
    #[command(flatten)]
    pub timing: TimingArgs,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// Runs `pkbench leak`: the group, secret size and implementations from the flags become a
/// [`LeakJob`] (each implementation's [`DhJob`] made as `dh` makes it), the bench layer runs
/// it, and the record is printed and saved with `--output`.
///
/// # Errors
/// [`Error::Input`] for bad arguments (a KEM group, `--clock cpu`, nothing that can run);
/// [`Error::Runtime`] when pkbench's own outputs are wrong.
pub fn run(args: &LeakArgs) -> Result<String> {
    let renderers =
        Renderers::record(report::leak::render_text).with_markdown(report::leak::render_markdown);
    args.out.check(&renderers)?;
    if args.group.params.is_none() && crate::kem::lookup(&args.group.field).is_some() {
        return Err(Error::input(format!(
            "--group {}: leak tests Diffie-Hellman groups; a KEM's Decaps is not tested yet",
            args.group.field
        )));
    }
    if args.timing.clock != Clock::Wall {
        return Err(Error::input(
            "--clock: leak times each run alone on the finest clock (the TSC, else the monotonic clock); leave --clock out",
        ));
    }
    let timer = RunTimer::start();
    let cfg = args.timing.bench_config(args.out.format())?;
    let choices = args.imp.choices_with_portable()?;
    let (file, opts) = args.group.describe(!args.no_table)?;
    let portable = choices.contains(&Choice::Portable);
    crate::cli::common::check_option_applies(
        &file.name,
        file.family()?,
        "--impl pkbench-portable",
        portable,
    )?;
    kex::check_exp_bits(&file, args.exp_bits)?;
    let own = DhJob::new(Arc::from(open_described(&file, &opts)?), args.exp_bits)?;
    let gfile = args.group.file()?;
    let name = own.group.info().name.clone();
    let mut targets = Vec::new();
    let mut notes = Vec::new();
    for c in choices {
        match c {
            Choice::Own => targets.push(own.clone()),
            Choice::Portable => targets.push(own.portable(&file, &opts)?),
            Choice::Peer(lib) => {
                match own.through(&gfile, lib, cfg.discovery) {
                    Ok(j) => targets.push(j?),
                    Err(why) => {
                        notes.push(imp::note(c, &name, &why));
                        continue;
                    }
                }
                if matches!(lib, Library::OpenSsl | Library::Gmp)
                    && let Ok(j) = own.through_way(&gfile, lib, Way::ConstTime, cfg.discovery)
                {
                    targets.push(j?);
                }
            }
        }
    }
    if targets.is_empty() {
        let why: Vec<String> = notes
            .iter()
            .map(|n| format!("{}: {}", n.item, n.reason))
            .collect();
        return Err(Error::input(format!(
            "--impl: nothing asked for can run here ({}); add pkbench to the list",
            why.join("; ")
        )));
    }
    let job = LeakJob {
        reference: own.group.clone(),
        exp_bits: own.exp_bits,
        targets,
        cache: args.cache.cache,
        budget: std::time::Duration::from_secs_f64(args.timing.time),
        max_measurements: args.max_measurements,
    };
    let outcome = bench::leak::run(&job, &cfg)?;
    for (label, e) in outcome.failed {
        let mut s = Skipped::new(
            label.clone(),
            format!("failed: {}", crate::cli::errors::render(&e)),
        );
        s.params.insert(IMPL_PARAM.into(), label.into());
        notes.push(s);
    }
    if outcome.operations.is_empty() {
        return Err(Error::runtime(
            "leak: every implementation failed its checks",
        ));
    }
    let mut params: serde_json::Map<String, serde_json::Value> = [
        (param::GROUP, name.clone().into()),
        (param::EXP_BITS, own.exp_bits.into()),
        (param::TABLE, own.group.table().is_some().into()),
        (param::CACHE, args.cache.cache.name().into()),
        ("fixed_secret", hex::encode(&outcome.fixed_secret).into()),
        ("budget_s", args.timing.time.into()),
        (
            "max_measurements",
            args.max_measurements
                .map_or(serde_json::Value::Null, Into::into),
        ),
        ("t_threshold", leak::T_THRESHOLD.into()),
        ("t_stop", leak::T_STOP.into()),
        ("min_per_class", leak::MIN_PER_CLASS.into()),
        ("crops", leak::CROPS.into()),
        ("check_every", CHECK_EVERY.into()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    crate::cli::cache::add_params(&mut params, args.cache.cache, Clock::Wall);
    let mut rec = bench::record("leak", &cfg, params, outcome.operations, &timer);
    rec.clock = outcome.clock.to_string();
    rec.skipped.extend(notes);
    args.out.emit(&rec, &renderers)
}

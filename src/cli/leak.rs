//! `pkbench leak`: does an operation's time depend on its input? A two-class timing test
//! (dudect) of DH Offer and Reply (fixed against random secrets), a KEM's Decaps (valid
//! against modified ciphertexts: `--group mlkem768`) and the RSA private operation (fixed
//! against random messages: `--rsa BITS`), for every implementation `dh --impl` and
//! `rsa --impl` run (the test is [`crate::bench::leak`], the report [`crate::report::leak`]).

use crate::bench::imp::{Choice, IMPL_PARAM, Library};
use crate::bench::leak::{Budget, CHECK_EVERY, LeakJob};
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
const LEAK_IMPL_HELP: &str = "Who computes: `pkbench` (its own code or the crate it uses; the default), `openssl`, `gcrypt`, `gmp`, a comma-separated list, or `all`, as in `dh` and `rsa`. For a mod-p group and for --rsa, OpenSSL and GMP give two rows each, one per call: BN_mod_exp_mont and BN_mod_exp_mont_consttime, mpz_powm and mpz_powm_sec (pkbench's own RSA rows too: its backend's general and constant-time exponentiation); with --crt, also the CRT rows (pkbench's own, OpenSSL's RSA API). On a binary curve also `pkbench-portable`. For a KEM: `pkbench` (the default: pkbench's own ML-KEM, RustCrypto's `ml-kem` crate, the one `pkbench kem` uses), `ml-kem`, `libcrux-ml-kem`, `aws-lc-rs`, a list, or `all` (every one). A library missing here, or without the operation, gives a note.";

/// The help of `--time` for `leak`: the budget of the whole run.
const LEAK_TIME_HELP: &str = "Time budget of the whole run in seconds (all rows share it, taking turns of 20 ms; a row that shows |t| ≥ 20 stops early and leaves its share to the rows whose |t| is still between 3 and 10), above 0 and at most 3600.";

/// Arguments of `pkbench leak`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench leak --group modp-2048 --impl all --time 20
                                 mpz_powm against mpz_powm_sec, BN_mod_exp_mont
                                 against BN_mod_exp_mont_consttime, in one run
  pkbench leak --group x25519 --impl all --time 20
  pkbench leak --group gf2-155 --exp-bits 128 --cache cold
                                 the fixed-base table's Offer and the ladder's
                                 Reply with their memory evicted before each run
  pkbench leak --group mlkem768 --impl all
                                 Decaps of valid against modified ciphertexts
                                 (implicit rejection), ml-kem and libcrux-ml-kem
  pkbench leak --rsa 2048 --impl all --time 20
                                 the private operation m^d mod n on a fixed
                                 message against random ones, every call")]
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
    /// Test the RSA private operation of a BITS-bit key generated from --seed (256 to 8192)
    /// instead of a group: a fixed message (2^(8·chunk − 1) + 1, chunk = modulus bytes − 1)
    /// against fresh random messages, every result checked with e.
    #[arg(long, value_name = "BITS", conflicts_with_all = ["field", "params", "exp_bits", "no_table", "no_clmul", "key"])]
    pub rsa: Option<u32>,
    /// Test the RSA private operation of this PEM private key (as `rsa --key`) instead of a
    /// group.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["field", "params", "exp_bits", "no_table", "no_clmul"])]
    pub key: Option<std::path::PathBuf>,
    /// With --rsa or --key: also test the CRT private operation (pkbench's own, and
    /// OpenSSL's RSA API).
    #[arg(long)]
    pub crt: bool,
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
    let renderers = renderers();
    args.out.check(&renderers)?;
    if args.timing.clock != Clock::Wall {
        return Err(Error::input(
            "--clock: leak times each run alone on the finest clock (the TSC, else the monotonic clock); leave --clock out",
        ));
    }
    if args.rsa.is_some() || args.key.is_some() {
        return crate::cli::leak_kem_rsa::run_rsa(args, &renderers);
    }
    if args.crt {
        return Err(Error::input(
            "--crt: only the RSA test (--rsa BITS or --key FILE) has a CRT operation",
        ));
    }
    if args.group.params.is_none()
        && let Some(info) = crate::kem::lookup(&args.group.field)
    {
        return crate::cli::leak_kem_rsa::run_kem(args, info, &renderers);
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
            Choice::Crate(c) => return Err(crate::bench::imp::crate_refused(c)),
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
        return Err(crate::cli::imp::nothing_runs(&notes));
    }
    let b = budget(args);
    let job = LeakJob {
        reference: own.group.clone(),
        exp_bits: own.exp_bits,
        targets,
        cache: args.cache.cache,
        budget: b.time,
        max_measurements: b.max_measurements,
    };
    let outcome = bench::leak::run(&job, &cfg)?;
    notes.extend(failed_notes(outcome.failed));
    if outcome.operations.is_empty() {
        return Err(Error::runtime(
            "leak: every implementation failed its checks",
        ));
    }
    let mut params = test_params(args);
    params.insert(param::GROUP.into(), name.clone().into());
    params.insert(param::EXP_BITS.into(), own.exp_bits.into());
    params.insert(param::TABLE.into(), own.group.table().is_some().into());
    params.insert(
        "fixed_secret".into(),
        hex::encode(&outcome.fixed_input).into(),
    );
    params.insert("check_every".into(), CHECK_EVERY.into());
    let mut rec = bench::record("leak", &cfg, params, outcome.operations, &timer);
    rec.clock = outcome.clock.to_string();
    rec.skipped.extend(notes);
    args.out.emit(&rec, &renderers)
}

/// The formats `leak` prints: its document as terminal text, Markdown and CSV, the record
/// as JSON, and `pkbench report`'s page of the record as HTML.
fn renderers() -> Renderers<'static> {
    Renderers::record(report::leak::render_text)
        .with_markdown(report::leak::render_markdown)
        .with_csv(report::leak::render_csv)
        .with_html(report::leak::render_html)
}

/// The budget of `args`.
pub(crate) fn budget(args: &LeakArgs) -> Budget {
    Budget {
        time: std::time::Duration::from_secs_f64(args.timing.time),
        max_measurements: args.max_measurements,
    }
}

/// The record params every leak test has: the caches, the budget and the test's
/// constants (thresholds, crops).
pub(crate) fn test_params(args: &LeakArgs) -> serde_json::Map<String, serde_json::Value> {
    let mut params: serde_json::Map<String, serde_json::Value> = [
        (param::CACHE, args.cache.cache.name().into()),
        ("budget_s", args.timing.time.into()),
        (
            "max_measurements",
            args.max_measurements
                .map_or(serde_json::Value::Null, Into::into),
        ),
        ("t_threshold", leak::T_THRESHOLD.into()),
        ("t_stop", leak::T_STOP.into()),
        ("t_undecided", leak::T_UNDECIDED.into()),
        ("t_clear", leak::T_CLEAR.into()),
        ("min_per_class", leak::MIN_PER_CLASS.into()),
        ("crops", leak::CROPS.into()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    crate::cli::cache::add_params(&mut params, args.cache.cache, Clock::Wall);
    params
}

/// The failed implementations of a run as the record's `skipped` notes.
pub(crate) fn failed_notes(failed: Vec<(String, Error)>) -> Vec<Skipped> {
    failed
        .into_iter()
        .map(|(label, e)| {
            let mut s = Skipped::new(
                label.clone(),
                format!("failed: {}", crate::cli::errors::render(&e)),
            );
            s.params.insert(IMPL_PARAM.into(), label.into());
            s
        })
        .collect()
}

//! `pkbench scale`: how Offer and Reply grow with the modulus: a sweep over groups
//! (modp-512 … modp-8192 by default) and exponent sizes (full and 128-bit), saved as one
//! record for `pkbench plot`, with the fitted growth exponent k (time ∝ bits^k, least
//! squares on log-log) printed per series. Expect k between 2 and 3 for a full-exponent
//! modular exponentiation (the exponent grows with the modulus: bits × M(bits)), and
//! below 2 for a fixed 128-bit exponent (M(bits) alone).

use crate::bench::{self, Job, dh::DhJob};
use crate::cli::output::{OutputArgs, Renderers};
use crate::cli::timing::TimingArgs;
use crate::cli::{self, common::GroupArgs};
use crate::error::{Error, Result};
use crate::kex::ExpBits;
use crate::record::{ResultRecord, RunTimer, Skipped, param};
use crate::report;
use clap::Args;
use std::sync::Arc;

/// Groups swept by default: RFC 2409 / RFC 3526 mod-p groups and the 512-bit stand-in.
/// The default `--groups` (listed in its help text as well: a test keeps the two equal).
pub const DEFAULT_GROUPS: &str =
    "modp-512,modp-768,modp-1024,modp-1536,modp-2048,modp-3072,modp-4096,modp-6144,modp-8192";

/// Arguments of `pkbench scale`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("time", |a| a.help(
    "Time budget per timed operation, in seconds, above 0 and at most 3600 (at least \
     --min-samples samples are taken even when that runs over)"
)))]
#[command(after_help = "Examples:
  pkbench scale --time 0.2 --output scale.json
                                           the default sweep, saved
  pkbench plot scale.json --output scale.svg
                                           drawn, with the fitted exponent
  pkbench scale --groups gf2-155,gf2-185 --exp-bits full --clock cpu
                                           the two Oakley curves

On a busy machine add --clock cpu: thread CPU time leaves out the time the
scheduler gave to other processes, which otherwise inflates the large sizes and
the fitted exponent.")]
pub struct ScaleArgs {
    /// Groups to sweep, comma-separated (any `pkbench groups` name) [default: modp-512,
    /// modp-768, modp-1024, modp-1536, modp-2048, modp-3072, modp-4096, modp-6144,
    /// modp-8192].
    #[arg(
        long,
        value_name = "G,G,...",
        value_delimiter = ',',
        default_value = DEFAULT_GROUPS,
        hide_default_value = true
    )]
    pub groups: Vec<String>,
    /// Exponent sizes, comma-separated: `full` and/or numbers of bits, each once (`full` and
    /// a group's full size as a number, e.g. `full,511` with modp-512, count as one).
    #[arg(
        long,
        value_name = "full|N,...",
        value_delimiter = ',',
        default_value = "full,128"
    )]
    pub exp_bits: Vec<String>,
    /// Time Offer without the fixed-base table.
    #[arg(long)]
    pub no_table: bool,
    /// Bignum backend for the mod-p groups of the sweep: `gmp` (when built in) or
    /// `num-bigint`.
    #[arg(long, value_name = "BACKEND")]
    pub backend: Option<String>,
    /// Base inputs per point (each checked before timing; the large groups make this
    /// costly). Fast operations get more, up to one per operation of a sample, as in `dh`.
    #[arg(long, default_value_t = 4)]
    pub pool: usize,
    /// Fewest samples per operation (each sample lasts ≥ 1 ms).
    #[arg(long, default_value_t = 5)]
    pub min_samples: usize,
    #[command(flatten)]
    pub timing: TimingArgs,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// Runs the sweep and returns its record.
///
/// # Errors
/// [`Error::Input`] for an unknown group or exponent size, a group or size listed twice
/// (`full` and the same number of bits count as one size), or a bad `--time`;
/// [`Error::Runtime`] when a self-check fails.
pub fn measure_scale(args: &ScaleArgs) -> Result<ResultRecord> {
    let timer = RunTimer::start();
    let mut cfg = args.timing.bench_config(args.out.format())?;
    // scale's own: the fewest samples per point (the large groups are slow).
    cfg.measure.min_samples = args.min_samples.max(1);
    if args.groups.is_empty() || args.exp_bits.is_empty() {
        return Err(Error::input(
            "give at least one group and one exponent size",
        ));
    }
    no_repeats("--groups", "group", &args.groups, |g| {
        crate::params::lookup(g).map_or_else(|_| g.to_ascii_lowercase(), |f| f.name)
    })?;
    no_repeats(
        "--exp-bits",
        "size",
        &args.exp_bits,
        |e| match e.parse::<crate::kex::ExpBits>() {
            Ok(crate::kex::ExpBits::Full) => "full".into(),
            Ok(crate::kex::ExpBits::Bits(n)) => n.to_string(),
            Err(_) => e.to_string(),
        },
    )?;
    no_full_twice(&args.groups, &args.exp_bits)?;
    if let Some((e, m)) = args
        .exp_bits
        .iter()
        .find_map(|e| e.parse::<ExpBits>().err().map(|m| (e, m)))
    {
        return Err(Error::input(format!(
            "invalid value '{e}' for '--exp-bits <full|N,...>': {m}"
        )));
    }
    cli::common::check_backend_used(
        args.backend.as_deref(),
        args.groups.iter().map(String::as_str),
    )?;
    let params = crate::record::params([
        ("groups", args.groups.clone().into()),
        (param::EXP_BITS, args.exp_bits.clone().into()),
        (param::TABLE, (!args.no_table).into()),
        ("time_s", args.timing.time.into()),
    ]);
    let mut items = Vec::new();
    for g in &args.groups {
        for e in &args.exp_bits {
            let job = || -> Result<Job> {
                let group = GroupArgs {
                    field: g.clone(),
                    params: None,
                    backend: args.backend.clone().filter(|_| cli::common::is_modp(g)),
                    no_clmul: false,
                };
                let exp_bits: ExpBits = e.parse().map_err(Error::input)?;
                let mut job = DhJob::new(Arc::from(group.open(!args.no_table)?), exp_bits)?;
                job.pool_base = args.pool;
                Ok(Job::Dh(job))
            };
            items.push(bench::Item {
                label: format!("{g} --exp-bits {e}"),
                job: job(),
            });
        }
    }
    let mut first_error = None;
    let mut ops = Vec::new();
    let mut skipped = Vec::new();
    for (label, result) in bench::sweep(items, &cfg) {
        match result {
            Ok(o) => ops.extend(o),
            // A point the group does not support (x25519 with a short exponent) is
            // recorded as skipped; a wrong result stops the sweep.
            Err(err) if err.is_input() => {
                skipped.push(Skipped::new(label, cli::errors::render(&err)));
                first_error.get_or_insert(err);
            }
            Err(other) => return Err(other),
        }
    }
    if ops.is_empty()
        && let Some(e) = first_error
    {
        return Err(e);
    }
    let mut rec = bench::record("scale", &cfg, params.into_iter().collect(), ops, &timer);
    rec.skipped = skipped;
    Ok(rec)
}

/// Refuses a list that names one item twice (directly or through an alias, e.g. `modp-768`
/// and `oakley-1`): each point would be timed twice and its rows repeated.
///
/// # Errors
/// [`Error::Input`] naming the repeated item.
fn no_repeats(
    flag: &str,
    what: &str,
    items: &[String],
    canon: impl Fn(&str) -> String,
) -> Result<()> {
    let keys: Vec<String> = items.iter().map(|i| canon(i.trim())).collect();
    for (j, k) in keys.iter().enumerate() {
        if let Some(i) = keys[..j].iter().position(|x| x == k) {
            let (a, b) = (items[i].trim(), items[j].trim());
            let both = if a == b {
                format!("{a} twice")
            } else {
                format!("{k} twice (as {a} and {b})")
            };
            return Err(Error::input(format!(
                "{flag} lists {both}; give each {what} once"
            )));
        }
    }
    Ok(())
}

/// Refuses `full` beside the same size given as a number for one of the groups (`full,511`
/// with modp-512, whose full exponent is 511 bits: [`crate::kex::profile`]): that
/// point would be timed twice, as with a size listed twice.
///
/// # Errors
/// [`Error::Input`] naming both spellings and the group.
fn no_full_twice(groups: &[String], exp_bits: &[String]) -> Result<()> {
    use crate::kex::ExpBits;
    let parsed = |e: &String| e.trim().parse::<ExpBits>().ok();
    let Some(full_as) = exp_bits.iter().find(|e| parsed(e) == Some(ExpBits::Full)) else {
        return Ok(());
    };
    for g in groups {
        let Ok(file) = crate::params::lookup(g.trim()) else {
            continue;
        };
        let Ok(full) = crate::kex::profile(&file).map(|p| p.q_bits) else {
            continue;
        };
        let name = file.name;
        if let Some(n) = exp_bits
            .iter()
            .find(|e| parsed(e) == Some(ExpBits::Bits(full)))
        {
            return Err(Error::input(format!(
                "--exp-bits lists {} and {}: the same size for {name} (its full exponent is \
                 {full} bits); give each size once",
                full_as.trim(),
                n.trim()
            )));
        }
    }
    Ok(())
}

/// Runs `pkbench scale`.
///
/// # Errors
/// As [`measure_scale`], and `--output` errors.
pub fn run(args: &ScaleArgs) -> Result<String> {
    let renderers = Renderers::record(report::scale::render_text);
    args.out.check(&renderers)?;
    let rec = measure_scale(args)?;
    args.out.emit(&rec, &renderers)
}

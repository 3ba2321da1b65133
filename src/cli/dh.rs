//! `pkbench dh`: times Offer and Reply of one group and prints Total = 2*Offer + Reply
//! (the measurement is [`crate::bench::dh`], the report [`crate::report::dh`]).

use crate::bench::imp::Choice;
use crate::bench::{self, Job, dh::DhJob};
use crate::cli::common::{GroupArgs, open_described};
use crate::cli::imp::{self, ImplArgs};
use crate::cli::output::{OutputArgs, Renderers};
use crate::cli::threads;
use crate::cli::timing::TimingArgs;
use crate::error::{Error, Result};
use crate::kex::{self, ExpBits};
use crate::record::{self, RunTimer, param};
use crate::report;
use clap::Args;
use std::sync::Arc;

/// Arguments of `pkbench dh`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench dh --field gf2-155 --exp-bits 128   Oakley group 3, 128-bit secrets:
                                              the 1995 post's headline row
  pkbench dh --field gf2-185 --no-table       Oakley group 4, Offer without the
                                              fixed-base table
  pkbench dh --field modp-2048 --exp-bits 256 --clock cpu
                                              IKE group 14, 256-bit secrets, on
                                              the thread CPU clock (steadier)
  pkbench dh --group mlkem768 --impl all --time 0.2 --output kem.json
                                              ML-KEM-768: KeyGen, Encaps, Decaps
                                              through ml-kem, libcrux-ml-kem and
                                              aws-lc-rs, also saved
  pkbench dh --group x25519mlkem768 --impl libcrux-ml-kem --time 0.2
                                              the TLS 1.3 hybrid, one
                                              implementation")]
#[command(mut_arg("imp", |a| a.long_help(crate::cli::imp::dh_impl_help())))]
pub struct DhArgs {
    #[command(flatten)]
    pub group: GroupArgs,
    /// Secret exponent size: `full` (the prime subgroup order's size, e.g. 152 bits for
    /// gf2-155) or a number of bits such as 128 (a "short exponent").
    #[arg(long, value_name = "full|N", default_value = "full")]
    pub exp_bits: ExpBits,
    /// Use a precomputed fixed-base table for Offer (the default).
    #[arg(long, conflicts_with = "no_table")]
    pub table: bool,
    /// Time Offer without the fixed-base table (a plain exponentiation or scalar multiplication).
    #[arg(long)]
    pub no_table: bool,
    /// Window of the binary curves' fixed-base table, 2 to 12 bits (default 12; the table
    /// holds ⌈(bits of q + 1)/W⌉ windows × 2^(W−1) affine points of 48 bytes). Overrides
    /// PKBENCH_TABLE_WINDOW. Refused for other groups.
    #[arg(long, value_name = "W", value_parser = crate::cli::cache::parse_table_window, conflicts_with = "no_table")]
    pub table_window: Option<u32>,
    #[command(flatten)]
    pub cache: crate::cli::cache::CacheArgs,
    #[command(flatten)]
    pub imp: ImplArgs,
    #[command(flatten)]
    pub threads: crate::cli::threads::ThreadsArgs,
    #[command(flatten)]
    pub timing: TimingArgs,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// Runs `pkbench dh`: the group and secret size from the flags become a [`DhJob`], the bench
/// layer times it, and the record is printed (text or JSON) and saved with `--output`.
///
/// # Errors
/// [`crate::Error::Input`] for bad arguments (including an `--output` file that exists
/// without `--force`); [`crate::Error::Runtime`] when a self-check fails.
pub fn run(args: &DhArgs) -> Result<String> {
    if args.group.params.is_none()
        && let Some(info) = crate::kem::lookup(&args.group.field)
    {
        return run_kem(args, info);
    }
    let renderers = Renderers::record(report::record_text);
    args.out.check(&renderers)?;
    let timer = RunTimer::start();
    let cfg = args.timing.bench_config(args.out.format())?;
    // The secret size is checked against the description before the group is opened (its
    // numbers validated, its table built).
    let (file, mut opts) = args.group.describe(!args.no_table)?;
    crate::cli::common::check_option_applies(
        &file.name,
        file.family()?,
        "--table-window",
        args.table_window.is_some(),
    )?;
    // `--impl num-bigint` or `gmp-linked` on a mod-p group: pkbench's own rows on that
    // bignum backend, as --backend selects it.
    if file.family()? == crate::params::Family::Modp
        && args.group.backend.is_none()
        && let Some(kind) = crate::cli::own::backend_named(&args.imp.imp)?
    {
        opts.backend = Some(kind);
    }
    let opts = crate::cli::cache::with_window(opts, args.table_window);
    kex::check_exp_bits(&file, args.exp_bits)?;
    let described = file;
    let mut job = DhJob::new(Arc::from(open_described(&described, &opts)?), args.exp_bits)?;
    job.cache = args.cache.cache;
    // The label `pkbench impls` gives pkbench's own code here (`p256`, `num-bigint`) selects
    // its rows.
    let own = job.group.implementation().name;
    let choices = args.imp.choices_own(true, true, &[&own])?;
    args.threads.check_own(&choices, &args.group.field)?;
    let placement = args.threads.placement()?;
    let portable = choices.contains(&Choice::Portable);
    crate::cli::common::check_option_applies(
        &described.name,
        described.family()?,
        "--impl pkbench-portable",
        portable,
    )?;
    if portable && !opts.clmul {
        return Err(crate::Error::input(
            "--no-clmul (or PKBENCH_NO_CLMUL=1) with --impl pkbench-portable: pkbench's own rows would run the portable code too; leave --no-clmul out",
        ));
    }
    let info = job.group.info();
    let params = record::params([
        ("field", info.name.clone().into()),
        (param::EXP_BITS, job.exp_bits.into()),
        (param::TABLE, job.group.table().is_some().into()),
    ]);
    let file = args.group.file()?;
    let mut jobs = Vec::new();
    let mut notes = Vec::new();
    for c in choices {
        match c {
            Choice::Own => jobs.push(Job::Dh(job.clone())),
            Choice::Portable => jobs.push(Job::Dh(job.portable(&described, &opts)?)),
            Choice::Peer(lib) => match job.through(&file, lib, cfg.discovery) {
                Ok(j) => jobs.push(Job::Dh(j?)),
                Err(why) => notes.push(imp::note(c, &info.name, &why)),
            },
            Choice::Crate(name) => match job.through_crate(name) {
                Ok(j) => jobs.push(Job::Dh(j?)),
                Err(why) => notes.push(imp::note(c, &info.name, &why)),
            },
        }
    }
    add_no_table_twin(&mut jobs, &described, &opts)?;
    let mut ops = imp::run_jobs(jobs.clone(), &cfg, &mut notes)?;
    if let Some(p) = &placement {
        ops.extend(threads::run(&jobs, &cfg, p)?);
    }
    let mut params: serde_json::Map<String, serde_json::Value> = params.into_iter().collect();
    crate::cli::cache::add_params(&mut params, args.cache.cache, cfg.measure.clock);
    let mut rec = bench::record("dh", &cfg, params, ops, &timer);
    rec.skipped.extend(notes);
    if let Some(p) = &placement {
        threads::add_params(&mut rec, p);
    }
    args.out.emit(&rec, &renderers)
}

/// Beside a library whose Offer has no precomputation, pkbench's own job with its table
/// gets its twin without the table ([`DhJob::without_table`]), right after it, so that the
/// run gives the like-for-like ratio too.
fn add_no_table_twin(
    jobs: &mut Vec<Job>,
    file: &crate::params::GroupFile,
    opts: &kex::GroupOptions,
) -> Result<()> {
    let dh = |j: &Job| match j {
        Job::Dh(d) => Some(d.clone()),
        _ => None,
    };
    let Some(at) = jobs
        .iter()
        .position(|j| dh(j).is_some_and(|d| d.imp == Choice::Own))
    else {
        return Ok(());
    };
    let peers: Vec<DhJob> = jobs
        .iter()
        .filter_map(dh)
        .filter(|d| matches!(d.imp, Choice::Peer(_) | Choice::Crate(_)))
        .collect();
    if let Some(own) = dh(&jobs[at])
        && own.wants_no_table_twin(&peers)
    {
        jobs.insert(at + 1, Job::Dh(own.without_table(file, opts)?));
    }
    Ok(())
}

/// The implementations `--impl` names for a KEM, in order, each once: `pkbench` is pkbench's
/// own ([`crate::kem::OWN`]), `all` every one ([`crate::kem::IMPLEMENTATIONS`]).
///
/// # Errors
/// [`crate::error::KemError::UnknownImpl`] for a name pkbench does not have.
pub fn kem_impls(
    info: &'static crate::kem::KemInfo,
    list: &str,
) -> Result<Vec<Arc<dyn crate::kem::Kem>>> {
    let mut names: Vec<&str> = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let add: Vec<&str> = match name {
            "all" => crate::kem::IMPLEMENTATIONS.to_vec(),
            "pkbench" => vec![crate::kem::OWN],
            other => vec![other],
        };
        for n in add {
            if !names.contains(&n) {
                names.push(n);
            }
        }
    }
    names
        .into_iter()
        .map(|n| {
            crate::kem::open(info, n)
                .map(Arc::from)
                .map_err(with_own_name)
        })
        .collect()
}

/// An unknown KEM implementation's error with `pkbench` among the known names, which `dh`
/// and `leak` take (as [`crate::kem::OWN`]) and `pkbench kem` does not.
fn with_own_name(e: Error) -> Error {
    use crate::error::{Invalid, KemError};
    match e {
        Error::Invalid(Invalid::Kem(KemError::UnknownImpl {
            name,
            known,
            suggest,
        })) => KemError::UnknownImpl {
            name,
            known: format!("pkbench ({}), {known}", crate::kem::OWN),
            suggest,
        }
        .into(),
        other => other,
    }
}

/// `pkbench dh --group KEM`: KeyGen, Encaps and Decaps of every implementation asked for,
/// in alternating rounds ([`crate::bench::kem`]).
fn run_kem(args: &DhArgs, info: &'static crate::kem::KemInfo) -> Result<String> {
    let renderers = Renderers::record(report::record_text);
    args.out.check(&renderers)?;
    args.threads.refuse(info.name)?;
    if args.cache.cache != crate::measure::CacheMode::Warm || args.table_window.is_some() {
        return Err(Error::input(format!(
            "{}: {} is a KEM, timed warm only, with no fixed-base table; leave it out",
            if args.table_window.is_some() {
                "--table-window"
            } else {
                "--cache"
            },
            info.name
        )));
    }
    if args.no_table || args.table || args.exp_bits != ExpBits::Full {
        return Err(Error::input(format!(
            "{}: {} is a KEM, with no secret exponent and no fixed-base table; leave out --exp-bits, --table and --no-table",
            if args.exp_bits != ExpBits::Full {
                "--exp-bits"
            } else if args.table {
                "--table"
            } else {
                "--no-table"
            },
            info.name
        )));
    }
    if args.group.backend.is_some() {
        return Err(Error::input(format!(
            "--backend: {} is a KEM; --backend chooses the bignum library of mod-p groups",
            info.name
        )));
    }
    let timer = RunTimer::start();
    let cfg = args.timing.bench_config(args.out.format())?;
    let (list, notes) = kem_library_notes(info, &args.imp.imp, cfg.discovery);
    if list.is_empty() && !notes.is_empty() {
        let why: Vec<String> = notes
            .iter()
            .map(|n| format!("{}: {}", n.item, n.reason))
            .collect();
        return Err(Error::input(format!(
            "--impl: nothing asked for can run here ({}); use pkbench, ml-kem, libcrux-ml-kem, aws-lc-rs or all",
            why.join("; ")
        )));
    }
    let job = crate::bench::kem::KemJob {
        // A KEM's implementations are its crates; the default `pkbench` is pkbench's own.
        impls: kem_impls(info, &list)?,
        // A hybrid's parts in the same rounds, so that each step is set against its parts.
        parts: crate::kem::hybrid_parts(info).is_some(),
        ..crate::bench::kem::KemJob::all(info)
    };
    let names: Vec<&str> = job.impls.iter().map(|k| k.impl_name()).collect();
    let params = record::params([
        ("field", info.name.into()),
        ("impl", names.join(",").into()),
    ]);
    let ops = bench::run(&Job::Kem(job), &cfg)?;
    let mut rec = bench::record("dh", &cfg, params.into_iter().collect(), ops, &timer);
    rec.skipped.extend(notes);
    args.out.emit(&rec, &renderers)
}

/// The KEM implementations of `list` without the system libraries it names, and a note for
/// each of those (with `all`: OpenSSL's alone, the one library with ML-KEM, from 3.5 on:
/// [`crate::peers::openssl::OpenSsl::mlkem`]).
fn kem_library_notes(
    info: &'static crate::kem::KemInfo,
    list: &str,
    discovery: crate::peers::Discovery,
) -> (String, Vec<crate::record::Skipped>) {
    let mut keep = Vec::new();
    let mut libs = Vec::new();
    for name in list.split(',').map(str::trim) {
        match Choice::parse(name) {
            Some(Choice::Peer(lib)) if !crate::kem::IMPLEMENTATIONS.contains(&lib.name()) => {
                libs.push(lib)
            }
            _ if name == "all" => {
                keep.push(name);
                libs.push(crate::bench::imp::Library::OpenSsl);
            }
            _ => keep.push(name),
        }
    }
    libs.dedup();
    let notes = libs
        .into_iter()
        .map(|lib| {
            let why = match lib {
                crate::bench::imp::Library::OpenSsl => {
                    crate::peers::openssl::load(discovery).and_then(|s| s.mlkem())
                }
                other => Err(crate::peers::Unavailable::Unsupported {
                    library: other.name().into(),
                    what: "ML-KEM".into(),
                    why: "it has no ML-KEM".into(),
                }),
            };
            let why = why.err().unwrap_or(crate::peers::Unavailable::Off);
            imp::note(Choice::Peer(lib), info.name, &why)
        })
        .collect();
    (keep.join(","), notes)
}

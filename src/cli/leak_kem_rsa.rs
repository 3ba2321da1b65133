//! `pkbench leak` for a KEM (`--group mlkem768`: Decaps of valid against modified
//! ciphertexts, [`crate::bench::leak::kem`]) and for RSA (`--rsa BITS` or `--key FILE`: the
//! private operation on a fixed against random messages, [`crate::bench::leak::rsa`]).

use super::leak::{LeakArgs, budget, failed_notes, test_params};
use crate::arith::bignum::BackendKind;
use crate::bench::imp::Choice;
use crate::bench::leak::kem::{CLASSES, KemLeakJob, POOL};
use crate::bench::leak::rsa::RsaLeakJob;
use crate::bench::rsa::{KeySource, RsaJob};
use crate::bench::{self};
use crate::cli::imp;
use crate::cli::output::Renderers;
use crate::error::{Error, Result};
use crate::kem::KemInfo;
use crate::kex::ExpBits;
use crate::measure::CacheMode;
use crate::record::{RunTimer, param};
use crate::rsa::ops::Powm;

/// The `subject` param of a leak record: what was tested (`dh` when absent).
pub const SUBJECT: &str = "subject";

/// `pkbench leak --group KEM`: Decaps of every implementation `--impl` names (`pkbench`
/// and `all`: every one).
///
/// # Errors
/// [`Error::Input`] for an option that does not apply to a KEM or an unknown
/// implementation; [`Error::Runtime`] when an implementation's output is wrong.
pub fn run_kem(args: &LeakArgs, info: &'static KemInfo, renderers: &Renderers) -> Result<String> {
    let refuse = |option: &str| {
        Err(Error::input(format!(
            "{option}: {} is a KEM: leak tests its Decaps, warm, with no secret exponent, table or bignum backend; leave it out",
            info.name
        )))
    };
    if args.exp_bits != ExpBits::Full {
        return refuse("--exp-bits");
    }
    if args.no_table {
        return refuse("--no-table");
    }
    if args.cache.cache != CacheMode::Warm {
        return refuse("--cache");
    }
    if args.group.backend.is_some() {
        return refuse("--backend");
    }
    if args.group.no_clmul {
        return refuse("--no-clmul");
    }
    let timer = RunTimer::start();
    let cfg = args.timing.bench_config(args.out.format())?;
    let impls = crate::cli::dh::kem_impls(info, &args.imp.imp)?;
    let job = KemLeakJob {
        info,
        impls,
        budget: budget(args),
    };
    let outcome = bench::leak::kem::run(&job, &cfg)?;
    let mut params = test_params(args);
    params.insert(SUBJECT.into(), "kem".into());
    params.insert(param::GROUP.into(), info.name.into());
    params.insert("classes".into(), CLASSES.to_vec().into());
    params.insert("pool".into(), POOL.into());
    let mut rec = bench::record("leak", &cfg, params, outcome.operations, &timer);
    rec.clock = outcome.clock.to_string();
    args.out.emit(&rec, renderers)
}

/// `pkbench leak --rsa BITS` (or `--key FILE`): the private operation through every
/// implementation `--impl` names, each of its calls a row.
///
/// # Errors
/// [`Error::Input`] for bad arguments (key size or file, backend, nothing that can run);
/// [`Error::Runtime`] when pkbench's own result is wrong.
pub fn run_rsa(args: &LeakArgs, renderers: &Renderers) -> Result<String> {
    let timer = RunTimer::start();
    let cfg = args.timing.bench_config(args.out.format())?;
    let rsa = RsaJob {
        key: match (&args.key, args.rsa) {
            (Some(path), _) => KeySource::File(path.clone()),
            (None, bits) => KeySource::Generate {
                bits: bits.unwrap_or(2048),
            },
        },
        chunk_bytes: None,
        backend: BackendKind::select(args.group.backend.as_deref())?,
        crt: args.crt,
        powm: Powm::Fast,
        cache: args.cache.cache,
        imp: Choice::Own,
    };
    let job = RsaLeakJob {
        choices: args.imp.choices()?,
        cache: args.cache.cache,
        budget: budget(args),
        rsa,
    };
    let (outcome, unavailable) = bench::leak::rsa::run(&job, &cfg)?;
    if outcome.operations.is_empty() {
        return Err(Error::runtime(
            "leak: every implementation failed its checks",
        ));
    }
    let mut notes: Vec<_> = unavailable
        .iter()
        .map(|(c, why)| imp::note(*c, &job.rsa.label(), why))
        .collect();
    notes.extend(failed_notes(outcome.failed));
    let first = &outcome.operations[0].params;
    let mut params = test_params(args);
    params.insert(SUBJECT.into(), "rsa".into());
    for k in ["bits", "chunk_bytes"] {
        params.insert(k.into(), first.get(k).cloned().unwrap_or_default());
    }
    params.insert("crt".into(), args.crt.into());
    params.insert(
        "backend".into(),
        job.rsa.backend.implementation().label().into(),
    );
    params.insert(
        "fixed_message".into(),
        hex::encode(&outcome.fixed_input).into(),
    );
    let mut rec = bench::record("leak", &cfg, params, outcome.operations, &timer);
    rec.clock = outcome.clock.to_string();
    rec.skipped.extend(notes);
    args.out.emit(&rec, renderers)
}

//! `pkbench rsa` (times raw RSA: bytes/sec of the private operation on fresh random chunks;
//! the measurement is [`crate::bench::rsa`], the report [`crate::report::rsa`]) and
//! `pkbench rsa-raw` (one RSAEP/RSASP1 computation, input^exponent mod modulus, in hex).

use crate::arith::bignum::BackendKind;
use crate::bench::imp::Choice;
use crate::bench::rsa::{KeySource, RsaJob};
use crate::bench::{self, Job};
use crate::cli::imp;
use crate::cli::output::{OutputArgs, Renderers};
use crate::cli::timing::TimingArgs;
use crate::error::Result;
use crate::record::RunTimer;
use crate::report;
use crate::rsa::{self, ops::Powm};
use clap::Args;
use clap::ValueEnum;
use std::path::PathBuf;

mod raw;
pub use raw::{RsaRawArgs, run_raw};

/// Arguments of `pkbench rsa`.
#[derive(Debug, Clone, Args)]
#[command(after_help = RSA_EXAMPLES)]
pub struct RsaArgs {
    /// Modulus size in bits of the key generated from --seed (256 to 8192): two primes of
    /// bits/2, e = 65537 [default: 512]. With --key the key's own size is used; an explicit
    /// --bits that differs from it is refused.
    #[arg(long, value_name = "BITS")]
    pub bits: Option<u32>,
    /// Input chunk size in bytes (default: modulus bytes − 1, i.e. 63 for a 512-bit modulus,
    /// so every chunk is below n). bytes/sec = chunk bytes ÷ seconds per operation.
    #[arg(long, value_name = "BYTES")]
    pub chunk: Option<usize>,
    /// Bignum backend: `gmp` (default when built with `--features gmp`) or `num-bigint`.
    #[arg(long, value_name = "BACKEND")]
    pub backend: Option<String>,
    /// Also time the private operation with the Chinese Remainder Theorem (dP, dQ, qInv;
    /// RFC 8017 §5.1.2) and print its speedup over the raw one.
    #[arg(long)]
    pub crt: bool,
    /// Modular exponentiation of the private operation, raw and CRT alike, so the CRT
    /// speedup compares like with like (the public operation always uses the plain one).
    /// `fast` is the 1995 row; `sec` is what real private-key code runs.
    #[arg(long, value_enum, value_name = "POWM", default_value_t = PowmArg::Fast)]
    pub powm: PowmArg,
    /// Use this PEM private key (PKCS#1 "RSA PRIVATE KEY" or PKCS#8 "PRIVATE KEY", unencrypted)
    /// instead of generating one: a modulus of 256 to 8192 bits, a regular file of at most
    /// 1 MiB.
    #[arg(long, value_name = "FILE")]
    pub key: Option<PathBuf>,
    #[command(flatten)]
    pub imp: crate::cli::imp::ImplArgs,
    #[command(flatten)]
    pub threads: crate::cli::threads::ThreadsArgs,
    #[command(flatten)]
    pub cache: crate::cli::cache::CacheArgs,
    #[command(flatten)]
    pub timing: TimingArgs,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// `--powm`: which modular exponentiation the private operation (raw and CRT alike) uses
/// ([`Powm`]). The public operation (e = 65537, nothing secret) always uses the fast one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum PowmArg {
    /// The library's general exponentiation, variable time: GMP's `mpz_powm` (sliding window,
    /// branches and table lookups that depend on the data), num-bigint's `BigUint::modpow`.
    /// The 1995 row's "GNU MP package, nothing fancy".
    #[default]
    #[cfg_attr(
        not(feature = "gmp"),
        value(
            help = "The library's general exponentiation, variable time: num-bigint's \
                      `BigUint::modpow` in this build (its run time depends on the data)"
        )
    )]
    Fast,
    /// The library's constant-time exponentiation, side-channel resistant: GMP's
    /// `mpz_powm_sec` (fixed window, every table entry read, no data-dependent branch), as
    /// real private-key code does (OpenSSL's `BN_mod_exp_mont_consttime`). gmp backend only.
    #[cfg_attr(
        not(feature = "gmp"),
        value(
            help = "Constant-time exponentiation, side-channel resistant: needs the gmp \
                      backend, which this build lacks (build with --features gmp)"
        )
    )]
    Sec,
}

impl From<PowmArg> for Powm {
    fn from(p: PowmArg) -> Powm {
        match p {
            PowmArg::Fast => Powm::Fast,
            PowmArg::Sec => Powm::Sec,
        }
    }
}

/// The end of `rsa --help`, the same in every build.
macro_rules! rsa_checked {
    () => {
        "

Every timed result is checked outside the timed region: the public operation
recovers each chunk, and the CRT result equals the raw one. Key generation time
is reported separately."
    };
}

/// `rsa --help` examples and method of a build with GMP (`--features gmp`).
#[cfg(feature = "gmp")]
const RSA_EXAMPLES: &str = concat!(
    "Examples:
  pkbench rsa --bits 512 --crt              the 1995 row: 63-byte chunks, raw
                                            and CRT
  pkbench rsa --bits 512 --crt --powm sec   the same with constant-time
                                            mpz_powm_sec
  pkbench rsa --bits 2048 --backend num-bigint
                                            the same key size on num-bigint
  pkbench rsa --key key.pem --json          time your own key (openssl genpkey
                                            writes one)
  pkbench rsa --bits 2048 --crt --impl all  the same key and chunks through
                                            OpenSSL, libgcrypt and GMP too, in
                                            alternating rounds

The private operation is m^d mod n with no CRT, no blinding and no padding
(\"nothing fancy\"), by GMP's mpz_powm (--powm fast, variable time: its run time
depends on the data) or mpz_powm_sec (--powm sec, constant time, side-channel
resistant; gmp backend only).",
    rsa_checked!()
);

/// `rsa --help` examples and method of a build without GMP: num-bigint only.
#[cfg(not(feature = "gmp"))]
const RSA_EXAMPLES: &str = concat!(
    "Examples:
  pkbench rsa --bits 512 --crt              the 1995 row: 63-byte chunks, raw
                                            and CRT
  pkbench rsa --bits 2048 --clock cpu       a 2048-bit key, thread CPU time
  pkbench rsa --key key.pem --json          time your own key (openssl genpkey
                                            writes one)
  pkbench rsa --bits 2048 --crt --impl all  the same key and chunks through
                                            OpenSSL, libgcrypt and GMP too, in
                                            alternating rounds

The private operation is m^d mod n with no CRT, no blinding and no padding
(\"nothing fancy\"), by num-bigint's BigUint::modpow (variable time: its run time
depends on the data), this build's only backend; --powm sec (constant time)
needs a build with --features gmp.",
    rsa_checked!()
);

/// Runs `pkbench rsa`: the flags become an [`RsaJob`], the bench layer times it, and the
/// record is printed (text or JSON) and saved with `--output`.
///
/// # Errors
/// [`crate::Error::Input`] for bad arguments (including an explicit --bits that differs from
/// the size of the --key); [`crate::Error::Runtime`] when a self-check fails.
pub fn run(args: &RsaArgs) -> Result<String> {
    let renderers = Renderers::record(report::record_text);
    args.out.check(&renderers)?;
    let timer = RunTimer::start();
    let cfg = args.timing.bench_config(args.out.format())?;
    if let (Some(path), Some(bits)) = (&args.key, args.bits) {
        let have = rsa::pem::read_pem_file(path)?.bits();
        if have != bits {
            return Err(crate::Error::input(format!(
                "--bits {bits} disagrees with --key {}, a {have}-bit key; drop --bits or give --bits {have}",
                path.display()
            )));
        }
    }
    let job = RsaJob {
        key: match &args.key {
            Some(path) => KeySource::File(path.clone()),
            None => KeySource::Generate {
                bits: args.bits.unwrap_or(512),
            },
        },
        chunk_bytes: args.chunk,
        // `--impl num-bigint` or `gmp-linked` without --backend: that backend's own rows.
        backend: match (
            args.backend.as_deref(),
            crate::cli::own::backend_named(&args.imp.imp)?,
        ) {
            (None, Some(kind)) => kind,
            (named, _) => BackendKind::select(named)?,
        },
        crt: args.crt,
        powm: args.powm.into(),
        cache: args.cache.cache,
        imp: Choice::Own,
    };
    // The backend's label (`num-bigint`, as `impls` names pkbench's own RSA rows) selects them.
    let own = job.backend.implementation().name;
    let choices = args.imp.choices_own(false, false, &[&own])?;
    args.threads.check_own(&choices, &job.label())?;
    let placement = args.threads.placement()?;
    let mut jobs = Vec::new();
    let mut notes = Vec::new();
    for c in choices {
        let Choice::Peer(lib) = c else {
            jobs.push(Job::Rsa(job.clone()));
            continue;
        };
        let peer = RsaJob {
            imp: c,
            ..job.clone()
        };
        match bench::rsa_peer::available(&peer, lib, cfg.discovery) {
            Ok(()) => {
                if job.crt && !bench::rsa_peer::offers_crt(lib) {
                    let why = crate::peers::Unavailable::Unsupported {
                        library: lib.name().into(),
                        what: format!("{} {}", job.label(), bench::rsa::CRT_OP),
                        why: "pkbench times a library's CRT through OpenSSL only (its RSA API's EVP_PKEY_decrypt, and its BN calls as a variant)".into(),
                    };
                    notes.push(imp::note(c, &format!("{} CRT", job.label()), &why));
                }
                jobs.push(Job::Rsa(peer));
            }
            Err(why) => notes.push(imp::note(c, &job.label(), &why)),
        }
    }
    let mut ops = imp::run_jobs(jobs, &cfg, &mut notes)?;
    // Every row has the same bits and chunk_bytes, whoever computed it.
    let mut params = bench::rsa::params(&job, &ops);
    crate::cli::cache::add_params(&mut params, job.cache, cfg.measure.clock);
    if let Some(p) = &placement {
        ops.extend(crate::cli::threads::run(&[Job::Rsa(job)], &cfg, p)?);
    }
    let mut rec = bench::record("rsa", &cfg, params, ops, &timer);
    rec.skipped.extend(notes);
    if let Some(p) = &placement {
        crate::cli::threads::add_params(&mut rec, p);
    }
    args.out.emit(&rec, &renderers)
}

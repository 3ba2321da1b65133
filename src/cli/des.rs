//! `pkbench des`: single-DES key setup (µs per key, `--keysetup`) or encryption throughput
//! (MB/s = 10^6 bytes/s, ECB or CBC) over random data, the 1995 post's two DES rows, by the
//! `des` crate or, with `--impl`, a library (the measurement is [`crate::bench::des`], the
//! report [`crate::report::des`]).

use crate::bench::imp::Choice;
use crate::bench::{self, Job, bulk, des::DesJob};
use crate::cli::imp;
use crate::cli::output::{OutputArgs, Renderers};
use crate::cli::timing::TimingArgs;
use crate::error::Result;
use crate::record::RunTimer;
use crate::report;
use crate::symmetric;
use clap::Args;

/// Arguments of `pkbench des`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench des                      DES-ECB throughput over random data (MB/s)
  pkbench des --mode cbc --json    DES-CBC, JSON
  pkbench des --keysetup           key setup only (µs per key)
  pkbench des --impl all           the same chunks encrypted by OpenSSL's
                                   and libgcrypt's DES too, in alternating
                                   rounds
  pkbench des --keysetup --impl all
                                   the same keys set up by OpenSSL's
                                   DES_set_key_unchecked too, in alternating
                                   rounds")]
pub struct DesArgs {
    /// Time key setup only (the 16 round keys of a fresh random key), in µs per key.
    #[arg(long)]
    pub keysetup: bool,
    /// Mode of operation for the throughput timing.
    #[arg(long, value_enum, default_value_t = Mode::Ecb, conflicts_with = "keysetup")]
    pub mode: Mode,
    /// Bytes encrypted per timed operation (a multiple of 8), taken in turn from 7.5 MB of
    /// random data.
    #[arg(long, value_name = "BYTES", default_value_t = bulk::DEFAULT_CHUNK, conflicts_with = "keysetup")]
    pub block: usize,
    #[command(flatten)]
    pub imp: crate::cli::imp::ImplArgs,
    #[command(flatten)]
    pub timing: TimingArgs,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// Mode of operation for the throughput timing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Electronic codebook: each 8-byte block encrypted independently (the post's figure).
    Ecb,
    /// Cipher block chaining (NIST SP 800-38A §6.2), a fresh IV per chunk.
    Cbc,
}

impl From<Mode> for symmetric::Mode {
    fn from(m: Mode) -> symmetric::Mode {
        match m {
            Mode::Ecb => symmetric::Mode::Ecb,
            Mode::Cbc => symmetric::Mode::Cbc,
        }
    }
}

/// Runs `pkbench des`: the flags become a [`DesJob`], the bench layer times it, and the
/// record is printed (text or JSON) and saved with `--output`.
///
/// # Errors
/// [`crate::Error::Input`] for bad arguments; `Runtime` when a known answer or a timed
/// output is wrong.
pub fn run(args: &DesArgs) -> Result<String> {
    let renderers = Renderers::record(report::record_text);
    args.out.check(&renderers)?;
    let timer = RunTimer::start();
    let cfg = args.timing.bench_config(args.out.format())?;
    let job = if args.keysetup {
        DesJob::KeySetup
    } else {
        DesJob::encrypt(args.mode.into(), args.block)?
    };
    let mut jobs = Vec::new();
    let mut notes = Vec::new();
    // The `des` crate, which `impls` names for pkbench's own DES rows, selects them.
    let own = crate::symmetric::ciphers::DES
        .implementation(|_| false)
        .name;
    for c in args.imp.choices_own(false, false, &[&own])? {
        match c {
            Choice::Peer(lib) => match job.through(lib, cfg.discovery) {
                Ok(j) => jobs.push(Job::Des(j)),
                Err(why) => notes.push(imp::note(c, &job.label(), &why)),
            },
            Choice::Own | Choice::Portable => jobs.push(Job::Des(job)),
            Choice::Crate(c) => return Err(bench::imp::crate_refused(c)),
        }
    }
    let ops = imp::run_jobs(jobs, &cfg, &mut notes)?;
    let mut rec = bench::record("des", &cfg, bench::des::params(&job), ops, &timer);
    rec.skipped.extend(notes);
    args.out.emit(&rec, &renderers)
}

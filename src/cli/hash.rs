//! `pkbench hash`: hash throughput in MB/s (10^6 bytes/s) over 10000-byte blocks of random
//! data, the 1995 post's method (the measurement is [`crate::bench::hash`], the report
//! [`crate::report::hash`], the functions [`crate::hash::registry`]).

use crate::bench::{self, Job, bulk, hash::HashJob};
use crate::cli::common::RunArgs;
use crate::error::Result;
use crate::hash::Algo;
use crate::record::RunTimer;
use crate::report;
use clap::Args;

/// Arguments of `pkbench hash`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench hash --algo md5                  MD5 over 10000-byte blocks (the 1995
                                           method)
  pkbench hash --algo sha0 --block 64      SHA-0 of 64-byte messages (two
                                           compressions each, with padding)
  pkbench hash --algo haval-128-5 --json   HAVAL, 128-bit output, 5 passes, JSON")]
pub struct HashArgs {
    /// The hash function (the list is the registry's: [`crate::hash::help`]).
    #[arg(long, value_name = "ALGO", default_value = "md5", help = crate::hash::help())]
    pub algo: String,
    /// Bytes hashed per timed digest; the blocks are taken in turn from 7.5 MB of random data
    /// so that they do not stay in cache.
    #[arg(long, value_name = "BYTES", default_value_t = bulk::DEFAULT_CHUNK)]
    pub block: usize,
    #[command(flatten)]
    pub run: RunArgs,
}

/// Runs `pkbench hash`: the flags become a [`HashJob`], the bench layer times it, and the
/// record is printed (text or JSON) and saved with `--output`.
///
/// # Errors
/// [`crate::Error::Input`] for an unknown algorithm or bad block size; `Runtime` when a
/// known answer or a timed digest is wrong.
pub fn run(args: &HashArgs) -> Result<String> {
    args.run.check_output()?;
    let timer = RunTimer::start();
    let algo = Algo::parse(&args.algo)?;
    let cfg = args.run.bench_config()?;
    let job = HashJob::new(algo, args.block)?;
    let ops = bench::run(&Job::Hash(job), &cfg)?;
    let rec = bench::record("hash", &cfg, bench::hash::params(&job), ops, &timer);
    args.run.emit(&rec, || report::hash::render_text(&rec))
}

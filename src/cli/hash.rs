//! `pkbench hash`: hash throughput in MB/s (10^6 bytes/s) over 10000-byte blocks of random
//! data, the 1995 post's method (the measurement is [`crate::bench::hash`], the report
//! [`crate::report::hash`], the functions [`crate::hash::registry`]).

use crate::bench::hash::{GcryptMode, HashJob};
use crate::bench::{self, Job, bulk};
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
  pkbench hash --algo haval-128-5 --json   HAVAL, 128-bit output, 5 passes, JSON
  pkbench hash --algo md5 --sizes 16,64,256,1024,8192,16384
                                           MB/s per message size (openssl speed's)
  pkbench hash --algo md5,sha1,sha256 --modes gcrypt --output g.json
                                           libgcrypt's 2013 table: buf, buf/10, 1,
                                           putc, large (compare prints it so)")]
pub struct HashArgs {
    /// The hash function (the list is the registry's: [`crate::hash::help`]).
    #[arg(long, value_name = "ALGO", default_value = "md5", help = crate::hash::help())]
    pub algo: String,
    /// Bytes hashed per timed digest; the blocks are taken in turn from 7.5 MB of random data
    /// so that they do not stay in cache.
    #[arg(long, value_name = "BYTES", default_value_t = bulk::DEFAULT_CHUNK)]
    pub block: usize,
    /// Several block sizes in one run, comma-separated (openssl speed's are
    /// 16,64,256,1024,8192,16384): MB/s per size, timed in interleaved rounds.
    #[arg(long, value_name = "BYTES,…", value_delimiter = ',', conflicts_with_all = ["block", "modes"])]
    pub sizes: Option<Vec<usize>>,
    /// The columns of libgcrypt's 2013 hash benchmark: buf (a 10^6-byte message in
    /// 1000-byte writes), buf/10 (100-byte writes), 1 (one-byte messages), putc (a byte per
    /// update), large (10^6 bytes in one call). --algo may then list several, comma-separated.
    #[arg(long, value_name = "gcrypt", value_parser = ["gcrypt"], conflicts_with = "block")]
    pub modes: Option<String>,
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
    let algos = args
        .algo
        .split(',')
        .map(|a| Algo::parse(a.trim()))
        .collect::<Result<Vec<_>>>()?;
    let cfg = args.run.bench_config()?;
    let mut jobs = Vec::new();
    for &algo in &algos {
        if args.modes.is_some() {
            jobs.extend(GcryptMode::ALL.map(|m| HashJob::gcrypt(algo, m)));
        } else {
            for &size in args.sizes.as_deref().unwrap_or(&[args.block]) {
                jobs.push(HashJob::new(algo, size)?);
            }
        }
    }
    let all: Vec<Job> = jobs.iter().map(|j| Job::Hash(*j)).collect();
    let ops = bench::run_all(&all, &cfg)?;
    let rec = bench::record("hash", &cfg, bench::hash::params_of(&jobs), ops, &timer);
    args.run.emit(&rec, || report::hash::render_text(&rec))
}

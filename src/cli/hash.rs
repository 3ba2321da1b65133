//! `pkbench hash`: hash throughput in MB/s (10^6 bytes/s) over 10000-byte blocks of random
//! data, the 1995 post's method, with every digest checked outside the timed region.

use crate::bulk;
use crate::cli::common::RunArgs;
use crate::error::Result;
use crate::hash::{self, Algo, bench::HashRun};
use crate::measure::Machine;
use crate::record::{self, ResultRecord, RunTimer};
use crate::report;
use clap::Args;
use serde::Serialize;

/// Arguments of `pkbench hash`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench hash --algo md5                  MD5 over 10000-byte blocks (the 1995
                                           method)
  pkbench hash --algo sha0 --block 64      SHA-0 of 64-byte messages (two
                                           compressions each, with padding)
  pkbench hash --algo haval-128-5 --json   HAVAL, 128-bit output, 5 passes, JSON")]
pub struct HashArgs {
    /// Hash function: md5, md4, sha0 (FIPS 180, the 1995 "SHA"), sha1, haval (= haval-256-3,
    /// the reference implementation's default) or haval-BITS-PASSES with BITS
    /// 128|160|192|224|256 and PASSES 3|4|5.
    #[arg(long, value_name = "ALGO", default_value = "md5")]
    pub algo: String,
    /// Bytes hashed per timed digest; the blocks are taken in turn from 7.5 MB of random data
    /// so that they do not stay in cache.
    #[arg(long, value_name = "BYTES", default_value_t = bulk::DEFAULT_CHUNK)]
    pub block: usize,
    #[command(flatten)]
    pub run: RunArgs,
}

/// The JSON record of `pkbench hash --json`.
#[derive(Debug, Clone, Serialize)]
pub struct HashRecord {
    /// Always "hash".
    pub command: &'static str,
    /// The measurement and its checks.
    #[serde(flatten)]
    pub run: HashRun,
    /// Clock that timed the samples.
    pub clock: String,
    /// RNG seed of the data.
    pub seed: u64,
    /// Machine and build.
    pub machine: Machine,
}

/// Runs `pkbench hash`.
///
/// # Errors
/// [`crate::Error::Input`] for an unknown algorithm or bad block size; `Runtime` when a
/// known answer or a timed digest is wrong.
pub fn run(args: &HashArgs) -> Result<String> {
    args.run.check_output()?;
    let timer = RunTimer::start();
    let algo = Algo::parse(&args.algo)?;
    let cfg = args.run.measure_config()?;
    bulk::check_chunk("--block", args.block, 1)?;
    let label = format!("{} over {}-byte blocks", algo.name(), args.block);
    let r = args.run.with_progress(label, || {
        hash::bench::time_hash(algo, args.block, &cfg, args.run.seed)
    });
    let record = HashRecord {
        command: "hash",
        run: r?,
        clock: args.run.clock.label().to_string(),
        seed: args.run.seed,
        machine: Machine::detect(),
    };
    args.run.finish(&timer, &record, result_record, render_text)
}

/// The versioned result record of a `hash` run: one operation "hash" identified by command,
/// algorithm and block size, with figures `bytes_per_sec` and `mb_per_s` (MB/s = 10^6
/// bytes/s is `mb_per_s`; compare matches on `bytes_per_sec`). Every key of `r` is kept at
/// the top level.
///
/// # Errors
/// [`crate::Error::Runtime`] if serialisation fails.
pub fn result_record(r: &HashRecord) -> Result<ResultRecord> {
    let mut rec = ResultRecord::of_run("hash", r, &r.clock, r.seed, &r.machine)?;
    let t = &r.run.throughput;
    rec.params.insert("algo".into(), r.run.algo.clone().into());
    rec.params.insert("block".into(), t.chunk_bytes.into());
    let key = record::params([
        ("command", "hash".into()),
        ("algo", r.run.algo.clone().into()),
        ("block", t.chunk_bytes.into()),
    ]);
    rec.operations.push(
        t.operation("hash", key)
            .with_info("implementation", r.run.implementation.clone()),
    );
    Ok(rec)
}

/// Renders a [`HashRecord`] as the terminal report.
pub fn render_text(r: &HashRecord) -> String {
    let t = &r.run.throughput;
    let mut s = format!("pkbench hash: {} ({})\n", r.run.algo, r.run.implementation);
    s += &format!(
        "data:      {}-byte blocks taken in turn from {} of random data (seed {})\n",
        t.chunk_bytes,
        bulk::fmt_mb(t.data_bytes),
        r.seed
    );
    s += &format!(
        "checked:   {} known answers before timing, {} timed digests after\n",
        r.run.known_answers_checked, r.run.outputs_checked
    );
    s += &format!(
        "clock:     {}; {} samples × {} digests\n",
        r.clock, t.stats.samples, t.stats.batch
    );
    s += &format!(
        "machine:   {}\n",
        r.machine.summary(&crate::measure::Build::detect())
    );
    let mut tab = report::table(&["hash", "MB/s", "q1 … q3 (MB/s)", "time per block"]);
    let mut row = vec![r.run.algo.clone()];
    row.extend(t.cells());
    tab.add_row(row);
    s += &format!("{tab}\nMB/s = 10^6 bytes per second.\n");
    s
}

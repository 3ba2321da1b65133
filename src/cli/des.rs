//! `pkbench des`: single-DES key setup (µs per key, `--keysetup`) or encryption throughput
//! (MB/s = 10^6 bytes/s, ECB or CBC) over random data, the 1995 post's two DES rows, with
//! known answers and every timed output checked outside the timed region.

use crate::bulk;
use crate::cli::common::RunArgs;
use crate::des::{self, EncryptRun, KeySetupRun, Mode};
use crate::error::Result;
use crate::measure::Machine;
use crate::record::{self, Operation, ResultRecord, RunTimer};
use crate::report;
use clap::Args;
use serde::Serialize;

/// Arguments of `pkbench des`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench des                      DES-ECB throughput over random data (MB/s)
  pkbench des --mode cbc --json    DES-CBC, JSON
  pkbench des --keysetup           key setup only (µs per key)")]
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
    pub run: RunArgs,
}

/// What was timed.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "what", rename_all = "kebab-case")]
pub enum DesResult {
    /// Key setup (µs per key).
    KeySetup(KeySetupRun),
    /// Encryption throughput (MB/s).
    Encrypt(EncryptRun),
}

/// The JSON record of `pkbench des --json`.
#[derive(Debug, Clone, Serialize)]
pub struct DesRecord {
    /// Always "des".
    pub command: &'static str,
    /// The measurement and its checks.
    pub result: DesResult,
    /// Clock that timed the samples.
    pub clock: String,
    /// RNG seed of keys and data.
    pub seed: u64,
    /// Machine and build.
    pub machine: Machine,
}

/// Runs `pkbench des`.
///
/// # Errors
/// [`crate::Error::Input`] for bad arguments; `Runtime` when a known answer or a timed
/// output is wrong.
pub fn run(args: &DesArgs) -> Result<String> {
    args.run.check_output()?;
    let timer = RunTimer::start();
    let cfg = args.run.measure_config()?;
    if !args.keysetup {
        bulk::check_chunk("--block", args.block, des::BLOCK)?;
    }
    let label = if args.keysetup {
        "DES key setup".to_string()
    } else {
        format!("DES-{}", args.mode.label())
    };
    let result = args.run.with_progress(label, || {
        if args.keysetup {
            des::time_key_setup(&cfg, args.run.seed).map(DesResult::KeySetup)
        } else {
            des::time_encrypt(args.mode, args.block, &cfg, args.run.seed).map(DesResult::Encrypt)
        }
    });
    let record = DesRecord {
        command: "des",
        result: result?,
        clock: args.run.clock.label().to_string(),
        seed: args.run.seed,
        machine: Machine::detect(),
    };
    args.run.finish(&timer, &record, result_record, render_text)
}

/// The versioned result record of a `des` run: one operation, "key setup" (stats in ms per
/// key, `info.us_per_key`) or "encrypt" (figure `bytes_per_sec`),
/// identified by command, mode and block size. Every key of `r` is kept at the top level.
///
/// # Errors
/// [`crate::Error::Runtime`] if serialisation fails.
pub fn result_record(r: &DesRecord) -> Result<ResultRecord> {
    let mut rec = ResultRecord::of_run("des", r, &r.clock, r.seed, &r.machine)?;
    let op = match &r.result {
        DesResult::KeySetup(k) => {
            rec.params.insert("keysetup".into(), true.into());
            let key = record::params([("command", "des".into()), ("op", "key setup".into())]);
            Operation::timed("key setup", key, k.stats.clone())
                .with_figure("keys_per_sec", k.stats.ops_per_sec())
                .with_info("us_per_key", k.us_per_key)
        }
        DesResult::Encrypt(e) => {
            let t = &e.throughput;
            rec.params.insert("mode".into(), e.mode.label().into());
            rec.params.insert("block".into(), t.chunk_bytes.into());
            let key = record::params([
                ("command", "des".into()),
                ("mode", e.mode.label().into()),
                ("block", t.chunk_bytes.into()),
            ]);
            t.operation("encrypt", key)
        }
    };
    rec.operations.push(op);
    Ok(rec)
}

/// Renders a [`DesRecord`] as the terminal report.
pub fn render_text(r: &DesRecord) -> String {
    let mut s = String::from("pkbench des: single DES (RustCrypto des 0.9, FIPS 46-3)\n");
    let mut tab;
    match &r.result {
        DesResult::KeySetup(k) => {
            s += &format!(
                "operation: key setup only (16 round keys), {} random keys (seed {})\n",
                k.keys, r.seed
            );
            s += &format!(
                "checked:   {} known answers before timing, {} timed key schedules after\n",
                k.known_answers_checked, k.outputs_checked
            );
            s += &format!(
                "clock:     {}; {} samples × {} keys\n",
                r.clock, k.stats.samples, k.stats.batch
            );
            // One unit per column: µs per key for the median and the quartiles alike.
            tab = report::table(&["operation", "µs/key", "q1 … q3 (µs/key)", "keys/s"]);
            tab.add_row(vec![
                "DES key setup".to_string(),
                report::sig4(k.us_per_key),
                format!(
                    "{} … {}",
                    report::sig4(k.stats.q1_ms * 1e3),
                    report::sig4(k.stats.q3_ms * 1e3)
                ),
                report::fmt_rate(k.stats.ops_per_sec()),
            ]);
        }
        DesResult::Encrypt(e) => {
            let t = &e.throughput;
            s += &format!(
                "operation: {} encryption of {}-byte chunks taken in turn from {} of random data (seed {})\n",
                e.mode.label(),
                t.chunk_bytes,
                bulk::fmt_mb(t.data_bytes),
                r.seed
            );
            s += &format!(
                "checked:   {} known answers before timing, {} timed chunks after\n",
                e.known_answers_checked, e.outputs_checked
            );
            s += &format!(
                "clock:     {}; {} samples × {} chunks\n",
                r.clock, t.stats.samples, t.stats.batch
            );
            tab = report::table(&["operation", "MB/s", "q1 … q3 (MB/s)", "time per chunk"]);
            let mut row = vec![format!("DES-{} encrypt", e.mode.label())];
            row.extend(t.cells());
            tab.add_row(row);
        }
    }
    s += &format!(
        "machine:   {}\n",
        r.machine.summary(&crate::measure::Build::detect())
    );
    s += &format!("{tab}\n");
    if matches!(r.result, DesResult::Encrypt(_)) {
        s += "MB/s = 10^6 bytes per second.\n";
    }
    s
}

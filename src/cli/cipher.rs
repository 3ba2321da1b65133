//! `pkbench cipher`: per-byte cost of a symmetric cipher by mode and direction, as the slope
//! of time against buffer size (libgcrypt's `bench-slope` method), with every configuration
//! checked against known answers and the NIST SP 800-38A reference modes outside the timed
//! region.

use crate::cli::common::RunArgs;
use crate::error::Result;
use crate::measure::{self, Machine};
use crate::record::{ResultRecord, RunTimer};
use crate::report;
use crate::symmetric::bench::{self, BenchSettings, CipherRow, SizeGrid};
use crate::symmetric::kat;
use crate::symmetric::slope::FitDoubt;
use crate::symmetric::{Algo, CipherSpec, Direction, Mode};
use clap::Args;
use serde::Serialize;

/// Arguments of `pkbench cipher`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("time", |a| a.help(
    "Time budget per row (one mode, one direction), in seconds, above 0 and at most 3600, \
     split evenly over the buffer sizes (at least 11 samples of each are taken even when \
     that runs over)"
)))]
#[command(after_help = "Examples:
  pkbench cipher --algo aes --key-bits 128 --mode ctr
                                           AES-128 in CTR mode, encryption
  pkbench cipher --algo 3des --both        3DES, every mode, both directions
  pkbench cipher --algo arcfour --json     ARCFOUR (a stream cipher), JSON
  pkbench cipher --algo twofish --max-bytes 8192
                                           slope over 16 B … 8 KiB

Throughput is the inverse of the slope of time per call against buffer size (a
least-squares line over --points sizes from --min-bytes to --max-bytes), so the
fixed cost of a call (mode set-up; ARCFOUR's key schedule) is reported apart, as
the intercept. MB/s = 10^6 bytes/s, Mbit/s = 10^6 bits/s. Cycles/byte is an
estimate from the CPU's reported MHz.")]
pub struct CipherArgs {
    /// Cipher: des, 3des (EDE3, 168-bit key), aes, cast5, blowfish, twofish, serpent,
    /// camellia, idea, rc2 (RFC 2268; 40-bit key by default, libgcrypt's RFC2268_40) or
    /// arcfour (RC4, a stream cipher).
    #[arg(long, value_name = "ALGO")]
    pub algo: String,
    /// Mode of operation (NIST SP 800-38A); all five when omitted. ARCFOUR takes only
    /// `stream`.
    #[arg(long, value_enum)]
    pub mode: Option<Mode>,
    /// Time decryption instead of encryption.
    #[arg(long, conflicts_with = "both")]
    pub decrypt: bool,
    /// Time both encryption and decryption.
    #[arg(long)]
    pub both: bool,
    /// Key size in bits: aes/camellia 128|192|256, twofish 256|128|192, serpent 128|256,
    /// cast5 128|80|40, blowfish 128|64, rc2 40|64|128 (effective bits), arcfour 128|40,
    /// des 56, 3des 168 (the first is the default).
    #[arg(long, value_name = "N")]
    pub key_bits: Option<u32>,
    /// Smallest buffer of the slope, bytes (rounded up to 16).
    #[arg(long, value_name = "BYTES", default_value_t = 16)]
    pub min_bytes: usize,
    /// Largest buffer of the slope, bytes (rounded up to 16; at most 16 MiB).
    #[arg(long, value_name = "BYTES", default_value_t = 4096)]
    pub max_bytes: usize,
    /// Number of buffer sizes, evenly spaced.
    #[arg(long, value_name = "N", default_value_t = 16)]
    pub points: usize,
    #[command(flatten)]
    pub run: RunArgs,
}

/// The result record of `pkbench cipher` (its JSON).
#[derive(Debug, Clone, Serialize)]
pub struct CipherRecord {
    /// Always "cipher".
    pub command: &'static str,
    /// libgcrypt's name of the configuration.
    pub name: String,
    /// Algorithm and key size.
    pub spec: CipherSpec,
    /// Known-answer sources checked before timing.
    pub known_answers: Vec<String>,
    /// Buffer sizes of the slope, bytes.
    pub sizes: Vec<usize>,
    /// One row per mode and direction.
    pub rows: Vec<CipherRow>,
    /// Clock that timed the samples.
    pub clock: String,
    /// Time budget per row, seconds (split evenly over the sizes).
    pub budget_s: f64,
    /// RNG seed of key, IV and data.
    pub seed: u64,
    /// Machine and build.
    pub machine: Machine,
}

/// Runs `pkbench cipher` and renders its output.
///
/// # Errors
/// [`crate::Error::Input`] for an unknown cipher, key size or mode, or bad sizes;
/// [`crate::Error::Runtime`] when a known answer or a timed result is wrong.
pub fn run(args: &CipherArgs) -> Result<String> {
    args.run.check_output()?;
    let (record, rec) = measure_record(args)?;
    args.run.emit(&rec, || render_text(&record))
}

/// Measures what `args` asks for and returns both the `cipher` record (the text report's
/// source) and the versioned result record (the JSON of `--json` and `--output`; what
/// `pkbench suite` collects).
///
/// # Errors
/// As [`run`].
pub fn measure_record(args: &CipherArgs) -> Result<(CipherRecord, ResultRecord)> {
    let timer = RunTimer::start();
    let cfg = args.run.measure_config()?;
    let spec = CipherSpec::new(Algo::parse(&args.algo)?, args.key_bits)?;
    let grid = SizeGrid {
        min_bytes: args.min_bytes,
        max_bytes: args.max_bytes,
        points: args.points,
    };
    let sizes = grid.sizes()?;
    let modes = match args.mode {
        Some(m) => vec![m],
        None => bench::modes_of(&spec),
    };
    let dirs = if args.both {
        vec![Direction::Encrypt, Direction::Decrypt]
    } else if args.decrypt {
        vec![Direction::Decrypt]
    } else {
        vec![Direction::Encrypt]
    };
    let mut machine = Machine::detect();
    // The `aes` crate picks AES-NI at run time when the CPU has it.
    if spec.algo == Algo::Aes && machine.cpu_features.iter().any(|f| f == "aes") {
        machine.note_flag_used("aes");
    }
    let pb = measure::progress::bar(
        (modes.len() * dirs.len() * sizes.len()) as u64,
        args.run.json,
    );
    pb.set_message(spec.display_name());
    let settings = BenchSettings {
        cfg,
        grid,
        seed: args.run.seed,
        mhz: machine.cpu_mhz,
    };
    let rows = bench::bench_rows(&[spec], Some(&modes), &dirs, &settings, &mut || pb.inc(1));
    pb.finish_and_clear();
    let record = CipherRecord {
        command: "cipher",
        name: spec.display_name(),
        spec,
        known_answers: kat::vectors_for(&spec)
            .iter()
            .map(|v| v.source.to_string())
            .collect(),
        sizes,
        rows: rows?,
        clock: args.run.clock.label().to_string(),
        budget_s: args.run.time,
        seed: args.run.seed,
        machine,
    };
    let mut rec = result_record(&record)?;
    rec.finish(&timer);
    Ok((record, rec))
}

/// The versioned result record of a `cipher` run: one operation per row
/// ([`bench::operation`]), every key of `r` kept at the top level.
///
/// # Errors
/// [`crate::Error::Runtime`] if serialisation fails.
pub fn result_record(r: &CipherRecord) -> Result<ResultRecord> {
    let mut rec = ResultRecord::new("cipher", &r.clock, r.machine.clone()).with_extra(r)?;
    rec.seed = Some(r.seed);
    rec.params.insert("cipher".into(), r.name.clone().into());
    rec.params
        .insert("algo".into(), r.spec.algo.cli_name().into());
    rec.params.insert("key_bits".into(), r.spec.key_bits.into());
    rec.operations = bench::operations(&r.rows);
    Ok(rec)
}

/// Formats an optional estimate with 4 significant figures, "-" when absent.
fn opt(v: Option<f64>) -> String {
    v.map(report::sig4).unwrap_or_else(|| "-".into())
}

/// Renders a [`CipherRecord`] as the terminal report.
pub fn render_text(r: &CipherRecord) -> String {
    let mut s = String::new();
    let key = match r.spec.algo {
        Algo::Des => "56-bit key (64 with parity)".to_string(),
        Algo::TripleDes => "168-bit key, EDE3".to_string(),
        Algo::Rc2 => format!(
            "{}-byte key, {} effective bits (RFC 2268)",
            r.spec.key_bytes(),
            r.spec.key_bits
        ),
        _ => format!("{}-bit key", r.spec.key_bits),
    };
    s += &format!("pkbench cipher: {} ({key})\n", r.name);
    let mut srcs = r.known_answers.clone();
    srcs.dedup();
    s += &format!(
        "checked:   known answers ({}); each mode against the NIST SP 800-38A reference; every timed output\n",
        srcs.join("; ")
    );
    s += &format!(
        "slope:     {} buffer sizes {} … {} B, least-squares line through the median time per call\n",
        r.sizes.len(),
        r.sizes.first().copied().unwrap_or(0),
        r.sizes.last().copied().unwrap_or(0)
    );
    s += &format!(
        "clock:     {}; {} s per row; seed {}\n",
        r.clock, r.budget_s, r.seed
    );
    s += &format!(
        "machine:   {}\n",
        r.machine.summary(&crate::measure::Build::detect())
    );
    // ns/byte (= 1000 ÷ MB/s) is left to the JSON: the rest fits in 80 columns.
    let mut t = report::table(&[
        "mode",
        "dir",
        "MB/s",
        "Mbit/s",
        "≈cycles\n/byte",
        "per call\nns",
        "R²",
        "note",
    ]);
    // Doubtful fits are shown, not hidden: a note with a footnote number per kind of doubt.
    let mut doubts: Vec<FitDoubt> = Vec::new();
    for row in &r.rows {
        let note = row
            .fit_doubts
            .iter()
            .map(|d| {
                let i = match doubts.iter().position(|x| x == d) {
                    Some(i) => i,
                    None => {
                        doubts.push(*d);
                        doubts.len() - 1
                    }
                };
                format!("[{}]", i + 1)
            })
            .collect::<Vec<_>>()
            .join(" ");
        t.add_row(vec![
            row.mode.label().to_string(),
            row.direction.short().to_string(),
            report::sig4(row.mb_per_s),
            report::sig4(row.mbit_per_s),
            opt(row.cycles_per_byte_est),
            report::sig4(row.slope.intercept_ns),
            format!("{:.4}", row.slope.r2),
            note,
        ]);
    }
    s += &format!("{t}\n");
    for (i, d) in doubts.iter().enumerate() {
        s += &format!("[{}] {}.\n", i + 1, d.explain());
    }
    if r.machine.cpu_mhz > 0.0 {
        s += &format!(
            "≈cycles/byte is an estimate: {:.0} MHz (reported by /proc/cpuinfo) ÷ MB/s.\n",
            r.machine.cpu_mhz
        );
    }
    s += "MB/s = 10^6 bytes/s from the slope; \"per call\" is the intercept (fixed cost of one call).\n";
    if let Some(n) = r.spec.algo.implementation_note() {
        s += &format!("note: {n}.\n");
    }
    s
}

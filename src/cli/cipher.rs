//! `pkbench cipher`: per-byte cost of a symmetric cipher by mode and direction, as the slope
//! of time against buffer size (libgcrypt's `bench-slope` method), with every configuration
//! checked against known answers and the NIST SP 800-38A reference modes outside the timed
//! region (the measurement is [`crate::bench::cipher`], the report [`crate::report::cipher`],
//! the ciphers [`crate::symmetric::registry`]).

use crate::bench::cipher::{CipherJob, SizeGrid};
use crate::bench::imp::Choice;
use crate::bench::{self, Job};
use crate::cli::imp::{self, ImplArgs};
use crate::cli::output::{OutputArgs, Renderers};
use crate::cli::timing::TimingArgs;
use crate::error::{Error, Result};
use crate::peers::Unavailable;
use crate::record::{self, ResultRecord, RunTimer};
use crate::report;
use crate::symmetric::registry::{algo_help, key_bits_help};
use crate::symmetric::{CipherSpec, Direction, Mode};
use clap::Args;

/// Arguments of `pkbench cipher`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("time", |a| a.help(
    "Time budget per row (one mode, one direction), in seconds, above 0 and at most 3600, \
     split evenly over the buffer sizes (at least 11 samples of each are taken even when \
     that runs over)"
)))]
#[command(mut_arg("imp", |a| a.long_help(crate::cli::imp::cipher_impl_help())))]
#[command(after_help = "Examples:
  pkbench cipher --algo aes --key-bits 128 --mode ctr
                                           AES-128 in CTR mode, encryption
  pkbench cipher --algo aes --impl pkbench,openssl,aws-lc-rs
                                           AES-128, every mode, through the aes
                                           crate, OpenSSL and aws-lc-rs
  pkbench cipher --algo 3des --both        3DES, every mode, both directions
  pkbench cipher --algo arcfour --json     ARCFOUR (a stream cipher), JSON
  pkbench cipher --algo twofish --max-bytes 8192
                                           slope over 16 B … 8 KiB
  pkbench cipher --algo seed --impl gcrypt
                                           SEED through libgcrypt (no code of
                                           pkbench's own), every mode

Throughput is the inverse of the slope of time per call against buffer size (a
least-squares line over --points sizes from --min-bytes to --max-bytes), so the
fixed cost of a call (mode set-up; ARCFOUR's key schedule) is reported apart, as
the intercept. MB/s = 10^6 bytes/s, Mbit/s = 10^6 bits/s. Cycles/byte is an
estimate from the CPU's reported MHz.")]
pub struct CipherArgs {
    /// The cipher (the list is the registry's: [`algo_help`]).
    #[arg(long, value_name = "ALGO", help = algo_help())]
    pub algo: String,
    /// Mode of operation (NIST SP 800-38A); all five when omitted. ARCFOUR and Salsa20 take
    /// only `stream`.
    #[arg(long, value_enum)]
    pub mode: Option<Mode>,
    /// Time decryption instead of encryption.
    #[arg(long, conflicts_with = "both")]
    pub decrypt: bool,
    /// Time both encryption and decryption.
    #[arg(long)]
    pub both: bool,
    /// Key size in bits (the sizes are the registry's: [`key_bits_help`]).
    #[arg(long, value_name = "N", help = key_bits_help())]
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
    /// Buffer sizes one by one, comma-separated multiples of 16 (openssl speed's:
    /// 16,64,256,1024,8192,16384), instead of the evenly spaced grid; MB/s is then also
    /// shown per size.
    #[arg(long, value_name = "BYTES,…", value_delimiter = ',', conflicts_with_all = ["min_bytes", "max_bytes", "points"])]
    pub sizes: Option<Vec<usize>>,
    #[command(flatten)]
    pub imp: ImplArgs,
    #[command(flatten)]
    pub threads: crate::cli::threads::ThreadsArgs,
    #[command(flatten)]
    pub timing: TimingArgs,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// Runs `pkbench cipher` and renders its output.
///
/// # Errors
/// [`crate::Error::Input`] for an unknown cipher, key size or mode, or bad sizes;
/// [`crate::Error::Runtime`] when a known answer or a timed result is wrong.
pub fn run(args: &CipherArgs) -> Result<String> {
    let renderers = Renderers::record(report::record_text);
    args.out.check(&renderers)?;
    let rec = measure_record(args)?;
    args.out.emit(&rec, &renderers)
}

/// Measures what `args` asks for: the flags become a [`CipherJob`] (one row per mode and
/// direction), the bench layer times it, and the result record is returned (the JSON of
/// `--json` and `--output`).
///
/// # Errors
/// As [`run`].
pub fn measure_record(args: &CipherArgs) -> Result<ResultRecord> {
    let timer = RunTimer::start();
    let cfg = args.timing.bench_config(args.out.format())?;
    let spec = CipherSpec::parse(&args.algo, args.key_bits)?;
    let grid = SizeGrid {
        min_bytes: args.min_bytes,
        max_bytes: args.max_bytes,
        points: args.points,
        list: args.sizes.clone().unwrap_or_default(),
    };
    let sizes = grid.sizes()?;
    let dirs = if args.both {
        vec![Direction::Encrypt, Direction::Decrypt]
    } else if args.decrypt {
        vec![Direction::Decrypt]
    } else {
        vec![Direction::Encrypt]
    };
    let modes = args.mode.map(|m| vec![m]);
    let job = CipherJob::table(spec, modes.as_deref(), &dirs, grid);
    let mut jobs = Vec::new();
    let mut notes = Vec::new();
    // The cipher's crate (`aes`, `des`; `impls` names pkbench's own rows so) selects them.
    let own = spec.cipher.implementation(|_| false).name;
    let choices = args.imp.choices_own(true, false, &[&own])?;
    args.threads.check_own(&choices, &spec.display_name())?;
    let placement = args.threads.placement()?;
    for &c in &choices {
        match c {
            Choice::Own | Choice::Portable if spec.cipher.only_library().is_some() => {
                let why = Unavailable::Unsupported {
                    library: c.name().into(),
                    what: spec.display_name(),
                    why: spec.cipher.no_own_code(),
                };
                notes.push(imp::note(c, &spec.display_name(), &why));
            }
            Choice::Own | Choice::Portable => jobs.push(Job::Cipher(job.clone())),
            Choice::Peer(_) | Choice::Crate(_) => {
                let (j, lacking) = job.by(c, cfg.discovery);
                let absent = lacking.iter().find(|(_, u)| u.is_absent());
                // One note for an implementation absent, or lacking every row for one reason.
                let reason = |u: &crate::peers::Unavailable| imp::note(c, "", u).reason;
                let one_reason = j.is_none()
                    && lacking
                        .windows(2)
                        .all(|w| reason(&w[0].1) == reason(&w[1].1));
                if let Some((_, why)) = absent.or(lacking.first().filter(|_| one_reason)) {
                    notes.push(imp::note(c, &spec.display_name(), why));
                } else {
                    for (row, why) in &lacking {
                        let what = format!(
                            "{} {} {}",
                            spec.display_name(),
                            row.mode.label(),
                            row.direction.short()
                        );
                        notes.push(imp::note(c, &what, why));
                    }
                }
                jobs.extend(j.map(Job::Cipher));
            }
        }
    }
    only_through_its_library(&spec, &jobs, &choices, &notes, cfg.discovery)?;
    let mut ops = imp::run_jobs(jobs.clone(), &cfg, &mut notes)?;
    if let Some(p) = &placement {
        ops.extend(crate::cli::threads::run(&jobs, &cfg, p)?);
    }
    let mut params = record::params([
        ("cipher", spec.display_name().into()),
        ("algo", spec.cipher.name.into()),
        ("key_bits", spec.key_bits.into()),
        ("budget_s", args.timing.time.into()),
    ]);
    if args.sizes.is_some() {
        params.insert("sizes".into(), sizes.into());
    }
    let mut rec = bench::record("cipher", &cfg, params.into_iter().collect(), ops, &timer);
    if let Some(p) = &placement {
        crate::cli::threads::add_params(&mut rec, p);
    }
    rec.skipped.extend(notes);
    Ok(rec)
}

/// A cipher pkbench has no code for ([`crate::symmetric::Cipher::only_library`]) runs only
/// through a library: when no job times it, one line saying who has it.
///
/// # Errors
/// [`Error::Input`]: its library was not asked for (`--impl gcrypt`), or cannot run it here
/// (with why: not found, not looked for with `PKBENCH_NO_PEERS=1`, lacking the cipher).
fn only_through_its_library(
    spec: &CipherSpec,
    jobs: &[Job],
    choices: &[Choice],
    notes: &[crate::record::Skipped],
    discovery: crate::peers::Discovery,
) -> Result<()> {
    let Some(lib) = spec.cipher.only_library().filter(|_| jobs.is_empty()) else {
        return Ok(());
    };
    if !choices.contains(&Choice::Peer(lib)) {
        return Err(Error::input(spec.cipher.no_own_code()));
    }
    let hidden = format!(
        "not looked for (system libraries hidden: {}=1)",
        crate::cli::options::ENV_NO_PEERS
    );
    let why = if discovery.enabled {
        notes
            .iter()
            .find(|n| n.item.starts_with(lib.name()))
            .map_or("it failed", |n| n.reason.as_str())
    } else {
        hidden.as_str()
    };
    Err(Error::input(format!(
        "cipher {}: pkbench has no code of its own for {}, and {} cannot run it here: {why}",
        spec.cipher.name,
        spec.display_name(),
        lib.name()
    )))
}

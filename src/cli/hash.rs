//! `pkbench hash`: hash throughput in MB/s (10^6 bytes/s) over 10000-byte blocks of random
//! data, the 1995 post's method (the measurement is [`crate::bench::hash`], the report
//! [`crate::report::hash`], the functions [`crate::hash::registry`]).

use crate::bench::hash::{GcryptMode, HashJob};
use crate::bench::imp::{Choice, Library};
use crate::bench::{self, Job, bulk};
use crate::cli::imp::{self, ImplArgs};
use crate::cli::output::{OutputArgs, Renderers};
use crate::cli::timing::TimingArgs;
use crate::error::{Error, Result};
use crate::hash::Algo;
use crate::record::RunTimer;
use crate::report;
use clap::Args;

/// Arguments of `pkbench hash`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("imp", |a| a.long_help(crate::cli::imp::hash_impl_help())))]
#[command(after_help = "Examples:
  pkbench hash --algo md5                  MD5 over 10000-byte blocks (the 1995
                                           method)
  pkbench hash --algo sha0 --block 64      SHA-0 of 64-byte messages (two
                                           compressions each, with padding)
  pkbench hash --algo haval-128-5 --json   HAVAL, 128-bit output, 5 passes, JSON
  pkbench hash --algo md5 --sizes 16,64,256,1024,8192,16384
                                           MB/s per message size (openssl speed's)
  pkbench hash --algo sha256 --sizes 16,1024,16384 --impl all
                                           SHA-256 through the sha2 crate,
                                           OpenSSL, libgcrypt, aws-lc-rs and
                                           ring, in alternating rounds
  pkbench hash --algo md5,sha1,sha256 --modes gcrypt --output g.json
                                           libgcrypt's 2013 table: buf, buf/10,
                                           1, putc, large (compare prints it so)
  pkbench hash --algo ripemd160,tiger192,sha512,whirlpool,crc32 \\
      --modes gcrypt --impl gcrypt         the same columns through libgcrypt
                                           (the only code here for RIPEMD-160,
                                           Tiger, WHIRLPOOL and the CRCs)")]
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
    /// With --impl gcrypt libgcrypt is fed as its benchmark feeds it (gcry_md_write,
    /// gcry_md_putc); OpenSSL gets the whole-message columns, 1 and large.
    #[arg(long, value_name = "gcrypt", value_parser = ["gcrypt"], conflicts_with = "block")]
    pub modes: Option<String>,
    #[command(flatten)]
    pub imp: ImplArgs,
    #[command(flatten)]
    pub threads: crate::cli::threads::ThreadsArgs,
    #[command(flatten)]
    pub timing: TimingArgs,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// Runs `pkbench hash`: the flags become a [`HashJob`], the bench layer times it, and the
/// record is printed (text or JSON) and saved with `--output`.
///
/// # Errors
/// [`crate::Error::Input`] for an unknown algorithm or bad block size; `Runtime` when a
/// known answer or a timed digest is wrong.
pub fn run(args: &HashArgs) -> Result<String> {
    let renderers = Renderers::record(report::record_text);
    args.out.check(&renderers)?;
    let timer = RunTimer::start();
    // A hash or a size named twice is timed once, as `--impl` and `cipher --sizes` take
    // repeats.
    let algos = once_each(
        args.algo
            .split(',')
            .map(|a| Algo::parse(a.trim()))
            .collect::<Result<Vec<_>>>()?,
    );
    let sizes = match &args.sizes {
        Some(sizes) => once_each(sizes_checked(sizes)?),
        None => vec![args.block],
    };
    let cfg = args.timing.bench_config(args.out.format())?;
    let mut base = Vec::new();
    for &algo in &algos {
        if args.modes.is_some() {
            base.extend(GcryptMode::ALL.map(|m| HashJob::gcrypt(algo, m)));
        } else {
            for &size in &sizes {
                base.push(HashJob::new(algo, size)?);
            }
        }
    }
    // The crate of each hash's own rows (`md-5`, `sha2`; `impls` names them so) selects them.
    let own: Vec<String> = algos.iter().map(|a| a.code().name).collect();
    let own: Vec<&str> = own.iter().map(String::as_str).collect();
    let choices = args.imp.choices_own(true, false, &own)?;
    args.threads.check_own(&choices, &args.algo)?;
    let placement = args.threads.placement()?;
    let mut jobs = Vec::new();
    let mut notes = Vec::new();
    for job in &base {
        for &c in &choices {
            let j = job.by(c);
            match bench::hash::available(&j, cfg.discovery) {
                Ok(()) => jobs.push(Job::Hash(j)),
                Err(why) => {
                    // One note per implementation and hash, not one per size.
                    let n = imp::note(c, j.algo.name(), &why);
                    if !notes.contains(&n) {
                        notes.push(n);
                    }
                }
            }
        }
    }
    for &algo in &algos {
        only_through_its_library(algo, &jobs, &choices, &cfg)?;
    }
    // SHA-0 stands against OpenSSL's SHA-1 with and without the CPU's SHA extensions: the
    // masked variant is measured first, in a child process (OpenSSL reads OPENSSL_ia32cap
    // once, when the library is loaded, and does not export the capability vector).
    let masked = if algos.contains(&Algo::Sha0)
        && jobs
            .iter()
            .any(|j| j.implementation() == Choice::Peer(Library::OpenSsl))
    {
        Some(masked_sha1(args))
    } else {
        None
    };
    let mut ops = imp::run_jobs(jobs.clone(), &cfg, &mut notes)?;
    if let Some(p) = &placement {
        ops.extend(crate::cli::threads::run(&jobs, &cfg, p)?);
    }
    let mut extra_notes = Vec::new();
    match masked {
        Some(Ok(masked)) => {
            ops.extend(masked);
            extra_notes.push(format!(
                "OpenSSL SHA-1 with the SHA extensions masked ({MASK_VAR}={MASK}) was timed in a child process before the other rows, not in alternating rounds with them"
            ));
        }
        Some(Err(why)) => extra_notes.push(format!(
            "OpenSSL SHA-1 with the SHA extensions masked could not be timed: {why}"
        )),
        None => {}
    }
    let mut rec = bench::record("hash", &cfg, bench::hash::params_of(&base), ops, &timer);
    if let Some(p) = &placement {
        crate::cli::threads::add_params(&mut rec, p);
    }
    rec.skipped.extend(notes);
    rec.notes.extend(extra_notes);
    args.out.emit(&rec, &renderers)
}

/// `v` without repeats, in the order first given.
fn once_each<T: PartialEq>(v: Vec<T>) -> Vec<T> {
    let mut out: Vec<T> = Vec::with_capacity(v.len());
    for x in v {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

/// The `--sizes` list if every size is a block [`HashJob::new`] takes (1 to
/// [`bulk::DATA_BYTES`] bytes).
///
/// # Errors
/// [`Error::Input`] naming `--sizes` and the first size refused (`--block`'s check would
/// name `--block`, which was not given).
fn sizes_checked(sizes: &[usize]) -> Result<Vec<usize>> {
    match sizes.iter().find(|&&s| bulk::check_chunk(s, 1).is_err()) {
        Some(bad) => Err(Error::input(format!(
            "--sizes: {bad} bytes: give sizes from 1 to {} bytes, e.g. --sizes 16,1024,16384",
            bulk::DATA_BYTES
        ))),
        None => Ok(sizes.to_vec()),
    }
}

/// A hash pkbench has no code for ([`Algo::own`] `None`) runs only through its library: when
/// no job of `jobs` times it, one line saying who has it.
///
/// # Errors
/// [`Error::Input`]: the library was not asked for (`--impl gcrypt`), or cannot run it here
/// (with why).
fn only_through_its_library(
    algo: Algo,
    jobs: &[Job],
    choices: &[Choice],
    cfg: &bench::Config,
) -> Result<()> {
    let timed = |j: &Job| matches!(j, Job::Hash(h) if h.algo == algo);
    let Some(lib) = algo.only_library().filter(|_| !jobs.iter().any(timed)) else {
        return Ok(());
    };
    let own = bench::hash::no_own_code(algo);
    if !choices.contains(&Choice::Peer(lib)) {
        return Err(Error::input(own));
    }
    let job = HashJob::gcrypt(algo, GcryptMode::Large).through(lib);
    let why = bench::hash::available(&job, cfg.discovery)
        .err()
        .map_or_else(
            || "it failed".to_string(),
            |u| imp::note(Choice::Peer(lib), algo.name(), &u).reason,
        );
    Err(Error::input(format!(
        "hash {}: pkbench has no code of its own for {}, and {} cannot run it here: {why}",
        algo.entry().name,
        algo.name(),
        lib.name()
    )))
}

/// The variable OpenSSL reads its CPU capability mask from, at library initialisation.
const MASK_VAR: &str = "OPENSSL_ia32cap";

/// Clears bit 29 of the second capability word (CPUID leaf 7 EBX: the SHA extensions), as
/// `OPENSSL_ia32cap=":~0x20000000" openssl speed -evp sha1` does.
const MASK: &str = ":~0x20000000";

/// OpenSSL's SHA-1 over the same blocks with the SHA extensions masked: this binary run again
/// as `hash --algo sha1 --impl openssl --json` with [`MASK_VAR`] set, its operation marked
/// with the param `cpu_mask` and the mask in its implementation's variant.
fn masked_sha1(args: &HashArgs) -> std::result::Result<Vec<crate::record::Operation>, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out = std::process::Command::new(exe)
        .args(["hash", "--algo", "sha1", "--impl", "openssl", "--json"])
        .args(match &args.sizes {
            Some(sizes) => {
                let list: Vec<String> = sizes.iter().map(usize::to_string).collect();
                ["--sizes".to_string(), list.join(",")]
            }
            None => ["--block".to_string(), args.block.to_string()],
        })
        .args(args.timing.child_args())
        .env(MASK_VAR, MASK)
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("the child process exited with {}", out.status));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let rec = crate::record::ResultRecord::from_json("child", &text)
        .map_err(|e| e.message().to_string())?;
    if rec.operations.is_empty() {
        return Err("the child process timed nothing".into());
    }
    let mut ops = rec.operations;
    for op in &mut ops {
        op.params.insert("cpu_mask".into(), "no-sha-ext".into());
        if let Some(i) = op.implementation.as_mut() {
            i.variant = format!("{}, SHA extensions masked: {MASK_VAR}={MASK}", i.variant);
        }
    }
    Ok(ops)
}

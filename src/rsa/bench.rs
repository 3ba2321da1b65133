//! The timed run behind `pkbench rsa`: key (generated from the seed, or loaded), a pool of
//! fresh random chunks made before timing, every expected output computed and checked before
//! timing, the private (raw), optional CRT private and public operations timed by the harness,
//! and the outputs of the timed runs checked again afterwards. Both private operations use the
//! exponentiation chosen by [`Powm`] (`mpz_powm` or `mpz_powm_sec`), so the CRT speedup
//! compares like with like; the public operation uses the backend's plain one.
//!
//! bytes/sec = chunk bytes ÷ seconds per operation (at the median), decimal units.

use super::key::RsaKey;
use super::ops::{Engine, Powm};
use super::{keygen, pem};
use crate::arith::bignum::{Backend, BackendKind};
use crate::error::{Error, Result};
use crate::measure::{self, Machine, MeasureConfig, Stats};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use serde::Serialize;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

/// What to time: the key (generated or from a file), chunk size, backend, CRT.
#[derive(Debug, Clone)]
pub struct RsaBenchOptions {
    /// Modulus size in bits for a generated key (256..=8192); ignored with `key_file`.
    pub bits: u32,
    /// PEM private key file (PKCS#1 or PKCS#8) instead of a generated key.
    pub key_file: Option<PathBuf>,
    /// Chunk size in bytes; `None`: modulus bytes − 1 (63 for 512 bits).
    pub chunk_bytes: Option<usize>,
    /// Bignum backend name; `None`: the default (gmp when built in).
    pub backend: Option<String>,
    /// Also time the CRT private operation.
    pub crt: bool,
    /// The private operations' exponentiation (raw and CRT alike).
    pub powm: Powm,
    /// Seed of the ChaCha20 RNG that makes the key (stream 0) and the chunks (stream 1).
    pub seed: u64,
    /// Hide the progress bar.
    pub quiet: bool,
}

impl Default for RsaBenchOptions {
    fn default() -> Self {
        RsaBenchOptions {
            bits: 512,
            key_file: None,
            chunk_bytes: None,
            backend: None,
            crt: false,
            powm: Powm::Fast,
            seed: 1995,
            quiet: true,
        }
    }
}

/// Timing of one RSA operation: the statistics (ms per operation, raw samples kept) and the
/// derived rates.
#[derive(Debug, Clone, Serialize)]
pub struct OpRecord {
    /// Median, quartiles, samples (ms per operation).
    #[serde(flatten)]
    pub stats: Stats,
    /// Operations per second at the median.
    pub ops_per_sec: f64,
    /// Chunk bytes processed per second at the median (decimal: chunk bytes ÷ seconds per op).
    pub bytes_per_sec: f64,
}

impl OpRecord {
    /// Rates of `stats` for chunks of `chunk_bytes` bytes.
    pub fn new(stats: Stats, chunk_bytes: usize) -> OpRecord {
        let secs = stats.median_ms / 1e3;
        OpRecord {
            ops_per_sec: 1.0 / secs,
            bytes_per_sec: chunk_bytes as f64 / secs,
            stats,
        }
    }
}

/// The result record of one `rsa` run (the JSON of `pkbench rsa --json`).
#[derive(Debug, Clone, Serialize)]
pub struct RsaRecord {
    /// Always "rsa".
    pub command: &'static str,
    /// Modulus size in bits.
    pub bits: u32,
    /// Input chunk size in bytes.
    pub chunk_bytes: usize,
    /// Bignum backend and version.
    pub backend: String,
    /// Whether the CRT private operation was timed too.
    pub crt: bool,
    /// `--powm`: "fast" or "sec".
    pub powm: Powm,
    /// The library function of the private operations, raw and CRT (`mpz_powm`,
    /// `mpz_powm_sec`, `BigUint::modpow`).
    pub private_powm: &'static str,
    /// The library function of the public operation (always the plain one: `mpz_powm`).
    pub public_powm: &'static str,
    /// Where the key came from: "generated from seed S" or the key file's path.
    pub key_source: String,
    /// Key generation time in ms (generated keys only; never part of a per-op figure).
    pub keygen_ms: Option<f64>,
    /// Public exponent e, hex.
    pub e: String,
    /// Modulus n, hex.
    pub n: String,
    /// Raw private operation m^d mod n (no CRT, no blinding, no padding).
    pub private: OpRecord,
    /// Public operation m^e mod n.
    pub public: OpRecord,
    /// CRT private operation (with `--crt`).
    pub private_crt: Option<OpRecord>,
    /// Raw private median ÷ CRT private median (with `--crt`).
    pub crt_speedup: Option<f64>,
    /// Chunks in the input pool (each timed operation takes the next one, cyclically).
    pub pool: usize,
    /// Clock that timed the samples.
    pub clock: String,
    /// RNG seed.
    pub seed: u64,
    /// Machine and build.
    pub machine: Machine,
}

/// Chunks in the pool: enough to defeat caching of one input, few enough that computing and
/// checking every expected output stays quick at 8192 bits.
pub fn pool_size(bits: u32) -> usize {
    match bits {
        0..=2048 => 16,
        2049..=4096 => 8,
        _ => 4,
    }
}

/// The pool: chunks (in the backend's integers) and their checked expected outputs.
struct Pool<B: Backend> {
    chunks: Vec<B::Int>,
    /// chunk^d mod n (checked: its public operation gives the chunk back).
    signed: Vec<B::Int>,
    /// chunk^e mod n (checked: its private operation gives the chunk back).
    encrypted: Vec<B::Int>,
}

fn check_failed(what: &str) -> Error {
    Error::runtime(format!("RSA self-check failed: {what}"))
}

/// Makes `n` chunks of `chunk` random bytes from `rng` and checks each one's outputs before
/// any timing: private then public gives the chunk back, public then private too, and (with
/// `crt`) the CRT private operation equals the raw one.
fn make_pool<B: Backend>(
    eng: &Engine<B>,
    chunk: usize,
    n: usize,
    crt: bool,
    rng: &mut ChaCha20Rng,
) -> Result<Pool<B>> {
    let mut pool = Pool {
        chunks: vec![],
        signed: vec![],
        encrypted: vec![],
    };
    for _ in 0..n {
        let mut bytes = vec![0u8; chunk];
        rng.fill_bytes(&mut bytes);
        let m = B::from_be_bytes(&bytes);
        let s = eng.private_raw_int(&m);
        if eng.powm != Powm::Fast && s != B::pow_mod(&m, &eng.d, &eng.n) {
            return Err(check_failed(
                "the constant-time exponentiation differs from the plain one",
            ));
        }
        if eng.public_int(&s) != m {
            return Err(check_failed(
                "the public operation does not undo the private one",
            ));
        }
        let c = eng.public_int(&m);
        if eng.private_raw_int(&c) != m {
            return Err(check_failed(
                "the private operation does not undo the public one",
            ));
        }
        if crt && eng.private_crt_int(&m) != s {
            return Err(check_failed(
                "the CRT private operation differs from the raw one",
            ));
        }
        pool.chunks.push(m);
        pool.signed.push(s);
        pool.encrypted.push(c);
    }
    Ok(pool)
}

/// Times one operation `op` over the pool's chunks (input `i % n` for the i-th operation,
/// written into output slot `i % n`, whose storage is reused), then checks every slot's
/// last output against `want`, outside the timed region.
fn time_op<B: Backend>(
    cfg: &MeasureConfig,
    chunks: &[B::Int],
    want: &[B::Int],
    what: &str,
    mut op: impl FnMut(&B::Int, &mut B::Int),
) -> Result<Stats> {
    let n = chunks.len();
    let mut out: Vec<Option<B::Int>> = vec![None; n];
    let stats = measure::measure(cfg, |i| {
        let j = i % n;
        let slot = out[j].get_or_insert_with(|| B::from_u64(0));
        op(black_box(&chunks[j]), slot);
        black_box(slot);
    });
    for (g, w) in out.iter().zip(want) {
        if g.as_ref().is_some_and(|g| g != w) {
            return Err(check_failed(&format!(
                "a timed {what} returned a wrong value"
            )));
        }
    }
    Ok(stats)
}

/// Runs the RSA benchmark described by `opts` under `cfg`.
///
/// # Errors
/// [`Error::Input`] for a bad key size, key file, chunk size or backend; [`Error::Runtime`]
/// when a self-check fails.
pub fn bench(opts: &RsaBenchOptions, cfg: &MeasureConfig) -> Result<RsaRecord> {
    let kind = BackendKind::select(opts.backend.as_deref())?;
    // Refuse --powm sec on num-bigint before spending time on a key.
    let (private_powm, public_powm) = crate::with_backend!(kind, B => {
        (opts.powm.function::<B>()?, B::POW_MOD_FN)
    });
    let (key, key_source, keygen_ms): (RsaKey, String, Option<f64>) = match &opts.key_file {
        Some(path) => (pem::read_pem_file(path)?, path.display().to_string(), None),
        None => {
            let mut rng = ChaCha20Rng::seed_from_u64(opts.seed);
            let pb = measure::progress::bar(1, opts.quiet);
            pb.set_message(format!("generating an RSA-{} key", opts.bits));
            pb.enable_steady_tick(std::time::Duration::from_millis(200));
            let t0 = Instant::now();
            let key = keygen::generate(opts.bits, &mut rng);
            let ms = t0.elapsed().as_secs_f64() * 1e3;
            pb.finish_and_clear();
            let key = key?;
            (key, format!("generated from seed {}", opts.seed), Some(ms))
        }
    };
    let k = key.modulus_bytes();
    let chunk = opts.chunk_bytes.unwrap_or(k - 1);
    if chunk == 0 || chunk >= k {
        return Err(Error::input(format!(
            "--chunk {chunk}: give 1 to {} bytes (below the {k}-byte modulus, so every chunk is less than n)",
            k - 1
        )));
    }
    let timed = crate::with_backend!(kind, B => time_all::<B>(&key, chunk, opts, cfg)?);
    let (private, crt, public, pool) = timed;
    let crt_speedup = crt.as_ref().map(|c| private.median_ms / c.median_ms);
    Ok(RsaRecord {
        command: "rsa",
        bits: key.bits(),
        chunk_bytes: chunk,
        backend: kind.version(),
        crt: opts.crt,
        powm: opts.powm,
        private_powm,
        public_powm,
        key_source,
        keygen_ms,
        e: key.e.to_str_radix(16),
        n: key.n.to_str_radix(16),
        private: OpRecord::new(private, chunk),
        public: OpRecord::new(public, chunk),
        private_crt: crt.map(|c| OpRecord::new(c, chunk)),
        crt_speedup,
        pool,
        clock: cfg.clock.label().to_string(),
        seed: opts.seed,
        machine: Machine::detect(),
    })
}

/// Statistics of the raw private, CRT private (optional) and public operations, and the pool
/// size.
type Timings = (Stats, Option<Stats>, Stats, usize);

fn time_all<B: Backend>(
    key: &RsaKey,
    chunk: usize,
    opts: &RsaBenchOptions,
    cfg: &MeasureConfig,
) -> Result<Timings> {
    let eng = Engine::<B>::with_powm(key, opts.powm)?;
    let mut rng = ChaCha20Rng::seed_from_u64(opts.seed);
    rng.set_stream(1);
    let pool = make_pool(&eng, chunk, pool_size(key.bits()), opts.crt, &mut rng)?;
    let bits = key.bits();
    let pb = measure::progress::bar(if opts.crt { 3 } else { 2 }, opts.quiet);
    let run = || -> Result<(Stats, Option<Stats>, Stats)> {
        pb.set_message(format!("RSA-{bits} private (raw)"));
        let private = time_op::<B>(
            cfg,
            &pool.chunks,
            &pool.signed,
            "private operation",
            |m, out| eng.private_raw_into(m, out),
        )?;
        pb.inc(1);
        let crt = if opts.crt {
            pb.set_message(format!("RSA-{bits} private (CRT)"));
            let mut scratch = eng.crt_scratch();
            let s = time_op::<B>(
                cfg,
                &pool.chunks,
                &pool.signed,
                "CRT private operation",
                |m, out| eng.private_crt_into(m, out, &mut scratch),
            )?;
            pb.inc(1);
            Some(s)
        } else {
            None
        };
        pb.set_message(format!("RSA-{bits} public"));
        let public = time_op::<B>(
            cfg,
            &pool.chunks,
            &pool.encrypted,
            "public operation",
            |m, out| eng.public_into(m, out),
        )?;
        pb.inc(1);
        Ok((private, crt, public))
    };
    let result = run();
    pb.finish_and_clear();
    let (private, crt, public) = result?;
    Ok((private, crt, public, pool.chunks.len()))
}

/// The figure of the 1995 table row "RSA (512 bit modulus), GNU MP package, nothing fancy,
/// 63 byte input chunk": a key of `bits` bits generated from `seed`, chunks of `chunk_bytes`
/// (`None`: modulus bytes − 1), timed raw (no CRT) on `backend` (`None`: the default, gmp when
/// built in) under `cfg`. Read `record.private.bytes_per_sec` (bytes/s, decimal) and
/// `record.private.stats.median_ms` (ms per operation); the public operation is in
/// `record.public`. No progress bar.
///
/// # Errors
/// As [`bench`]: [`Error::Input`] for bits outside 256..=8192, a bad chunk size or backend.
pub fn bench_raw_private(
    bits: u32,
    chunk_bytes: Option<usize>,
    backend: Option<&str>,
    cfg: &MeasureConfig,
    seed: u64,
) -> Result<RsaRecord> {
    let opts = RsaBenchOptions {
        bits,
        chunk_bytes,
        backend: backend.map(str::to_string),
        seed,
        ..RsaBenchOptions::default()
    };
    bench(&opts, cfg)
}

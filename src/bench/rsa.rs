//! Raw RSA timed: the key (generated from the seed, or loaded), a pool of fresh random chunks
//! made before timing, every expected output computed and checked before timing, the private
//! (raw), optional CRT private and public operations timed by the harness, and the outputs of
//! the timed runs checked again afterwards. Both private operations use the exponentiation
//! chosen by [`Powm`] (`mpz_powm` or `mpz_powm_sec`), so the CRT speedup compares like with
//! like; the public operation uses the backend's plain one.
//!
//! bytes/sec = chunk bytes ÷ seconds per operation (at the median), decimal units.

use super::Config;
use crate::arith::bignum::{Backend, BackendKind};
use crate::error::{Error, Invalid, Result};
use crate::measure::{self, MeasureConfig, Stats};
use crate::record::{self, Operation};
use crate::rsa::key::RsaKey;
use crate::rsa::ops::{Engine, Powm};
use crate::rsa::{keygen, pem};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use serde_json::{Map, Value};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

/// Where the key comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeySource {
    /// Generated from the job's seed (ChaCha20 stream 0): two primes of `bits`/2, e = 65537,
    /// 256 ≤ `bits` ≤ 8192.
    Generate {
        /// Modulus size in bits.
        bits: u32,
    },
    /// A PEM private key file (PKCS#1 or PKCS#8, unencrypted).
    File(PathBuf),
}

/// Raw RSA on one key: operations "private op (raw)", "private op (CRT)" (with `crt`) and
/// "public op".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RsaJob {
    /// The key.
    pub key: KeySource,
    /// Chunk size in bytes, 1 to modulus bytes − 1; `None`: modulus bytes − 1 (63 for 512 bits,
    /// the 1995 post's "63 byte input chunk").
    pub chunk_bytes: Option<usize>,
    /// The bignum backend.
    pub backend: BackendKind,
    /// Also time the CRT private operation (RFC 8017 §5.1.2).
    pub crt: bool,
    /// The private operations' exponentiation (raw and CRT alike).
    pub powm: Powm,
}

impl RsaJob {
    /// The 1995 table's row: a `bits`-bit key from the seed, raw private operation (no CRT),
    /// plain exponentiation, chunks of modulus bytes − 1, on the default backend.
    pub fn raw_private(bits: u32) -> RsaJob {
        RsaJob {
            key: KeySource::Generate { bits },
            chunk_bytes: None,
            backend: BackendKind::DEFAULT,
            crt: false,
            powm: Powm::Fast,
        }
    }

    /// "RSA-512" or the key file's path.
    pub fn label(&self) -> String {
        match &self.key {
            KeySource::Generate { bits } => format!("RSA-{bits}"),
            KeySource::File(p) => p.display().to_string(),
        }
    }
}

/// Name of the raw private operation.
pub const PRIVATE_OP: &str = "private op (raw)";
/// Name of the CRT private operation.
pub const CRT_OP: &str = "private op (CRT)";
/// Name of the public operation.
pub const PUBLIC_OP: &str = "public op";

/// Chunks in the pool: enough to defeat caching of one input, few enough that computing and
/// checking every expected output stays quick at 8192 bits.
pub fn pool_size(bits: u32) -> usize {
    match bits {
        0..=2048 => 16,
        2049..=4096 => 8,
        _ => 4,
    }
}

/// Runs an RSA job under `cfg`: the key (generated from `cfg.seed`, stream 0, timed apart),
/// the chunks (stream 1), checks, timings.
///
/// Operations: [`PRIVATE_OP`], [`CRT_OP`] (with `crt`) and [`PUBLIC_OP`], each identified by
/// command, bits and chunk_bytes (the private ones also by `powm`, "fast" or "sec"), with
/// figures `ops_per_sec` and `bytes_per_sec`, computed by the backend; `info`: `backend` (name
/// and version), `powm_fn` (the library function, e.g. "mpz_powm_sec"), `key_source`
/// ("generated from seed S" or the file's path), `keygen_ms` (generated keys only; never part
/// of an operation's figure), `e` and `n` (hex), `pool` (chunks).
///
/// # Errors
/// [`Invalid::RsaKeyBits`], [`Invalid::RsaKeyFile`], [`Invalid::RsaChunk`] for a bad key
/// size, key file or chunk size, [`Invalid::NoConstantTimePowm`] for a constant-time
/// exponentiation on a backend without one; [`Error::Runtime`] when a self-check fails.
pub fn run(job: &RsaJob, cfg: &Config) -> Result<Vec<Operation>> {
    let kind = job.backend;
    // Refuse --powm sec on num-bigint before spending time on a key.
    let (private_powm, public_powm) = crate::with_backend!(kind, B => {
        (job.powm.function::<B>()?, B::POW_MOD_FN)
    });
    let (key, key_source, keygen_ms): (RsaKey, String, Option<f64>) = match &job.key {
        KeySource::File(path) => (pem::read_pem_file(path)?, path.display().to_string(), None),
        KeySource::Generate { bits } => {
            let mut rng = ChaCha20Rng::seed_from_u64(cfg.seed);
            let pb = measure::progress::bar(1, cfg.quiet);
            pb.set_message(format!("generating an RSA-{bits} key"));
            pb.enable_steady_tick(std::time::Duration::from_millis(200));
            let t0 = Instant::now();
            let key = keygen::generate(*bits, &mut rng);
            let ms = t0.elapsed().as_secs_f64() * 1e3;
            pb.finish_and_clear();
            (key?, format!("generated from seed {}", cfg.seed), Some(ms))
        }
    };
    let k = key.modulus_bytes();
    let chunk = job.chunk_bytes.unwrap_or(k - 1);
    if chunk == 0 || chunk >= k {
        return Err(Invalid::RsaChunk {
            chunk,
            modulus_bytes: k,
        }
        .into());
    }
    let (private, crt, public, pool) =
        crate::with_backend!(kind, B => time_all::<B>(&key, chunk, job, cfg)?);
    let bits = key.bits();
    let base = record::params([
        ("command", "rsa".into()),
        ("bits", bits.into()),
        ("chunk_bytes", chunk.into()),
    ]);
    let mut private_key = base.clone();
    private_key.insert("powm".into(), job.powm.name().into());
    let implementation = kind.implementation();
    let op = |name: &str,
              params: &std::collections::BTreeMap<String, Value>,
              powm_fn: &str,
              st: Stats| {
        let secs = st.median_ms / 1e3;
        let mut o = Operation::timed(name, params.clone(), st)
            .by(implementation.clone())
            .with_figure("ops_per_sec", 1.0 / secs)
            .with_figure("bytes_per_sec", chunk as f64 / secs)
            .with_info("backend", kind.version())
            .with_info("powm_fn", powm_fn)
            .with_info("key_source", key_source.clone())
            .with_info("e", key.e.to_str_radix(16))
            .with_info("n", key.n.to_str_radix(16))
            .with_info("pool", pool);
        if let Some(ms) = keygen_ms {
            o = o.with_info("keygen_ms", ms);
        }
        o
    };
    let mut ops = vec![op(PRIVATE_OP, &private_key, private_powm, private)];
    if let Some(c) = crt {
        ops.push(op(CRT_OP, &private_key, private_powm, c));
    }
    ops.push(op(PUBLIC_OP, &base, public_powm, public));
    Ok(ops)
}

/// The record params of an `rsa` run of `job` that gave `ops`: `bits` and `chunk_bytes` (as
/// measured: a key file's size, the default chunk), `crt`, `powm`.
pub fn params(job: &RsaJob, ops: &[Operation]) -> Map<String, Value> {
    let first = ops.first().map(|o| &o.params);
    let get = |k: &str| first.and_then(|p| p.get(k)).cloned().unwrap_or(Value::Null);
    let mut m = Map::new();
    m.insert("bits".into(), get("bits"));
    m.insert("chunk_bytes".into(), get("chunk_bytes"));
    m.insert("crt".into(), job.crt.into());
    m.insert("powm".into(), job.powm.name().into());
    m
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

/// Statistics of the raw private, CRT private (optional) and public operations, and the pool
/// size.
type Timings = (Stats, Option<Stats>, Stats, usize);

fn time_all<B: Backend>(key: &RsaKey, chunk: usize, job: &RsaJob, cfg: &Config) -> Result<Timings> {
    let eng = Engine::<B>::with_powm(key, job.powm)?;
    let mut rng = ChaCha20Rng::seed_from_u64(cfg.seed);
    rng.set_stream(1);
    let pool = make_pool(&eng, chunk, pool_size(key.bits()), job.crt, &mut rng)?;
    let bits = key.bits();
    let m = &cfg.measure;
    let pb = measure::progress::bar(if job.crt { 3 } else { 2 }, cfg.quiet);
    let run = || -> Result<(Stats, Option<Stats>, Stats)> {
        pb.set_message(format!("RSA-{bits} private (raw)"));
        let private = time_op::<B>(
            m,
            &pool.chunks,
            &pool.signed,
            "private operation",
            |x, out| eng.private_raw_into(x, out),
        )?;
        pb.inc(1);
        let crt = if job.crt {
            pb.set_message(format!("RSA-{bits} private (CRT)"));
            let mut scratch = eng.crt_scratch();
            let s = time_op::<B>(
                m,
                &pool.chunks,
                &pool.signed,
                "CRT private operation",
                |x, out| eng.private_crt_into(x, out, &mut scratch),
            )?;
            pb.inc(1);
            Some(s)
        } else {
            None
        };
        pb.set_message(format!("RSA-{bits} public"));
        let public = time_op::<B>(
            m,
            &pool.chunks,
            &pool.encrypted,
            "public operation",
            |x, out| eng.public_into(x, out),
        )?;
        pb.inc(1);
        Ok((private, crt, public))
    };
    let result = run();
    pb.finish_and_clear();
    let (private, crt, public) = result?;
    Ok((private, crt, public, pool.chunks.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::Clock;

    #[test]
    fn a_short_run_checks_and_names_everything() {
        let cfg = Config {
            measure: MeasureConfig::with_budget_secs(0.01, Clock::Wall),
            seed: 5,
            quiet: true,
        };
        let mut job = RsaJob::raw_private(512);
        job.crt = true;
        let ops = run(&job, &cfg).unwrap();
        let names: Vec<&str> = ops.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, [PRIVATE_OP, CRT_OP, PUBLIC_OP]);
        assert_eq!(ops[0].params["chunk_bytes"], 63);
        assert_eq!(ops[0].params["powm"], "fast");
        assert!(!ops[2].params.contains_key("powm"));
        assert!(ops[0].info_f64("keygen_ms").unwrap() > 0.0);
        assert_eq!(ops[0].info_u64("pool"), Some(16));
        let p = params(&job, &ops);
        assert_eq!(
            (p["bits"].as_u64(), p["crt"].as_bool()),
            (Some(512), Some(true))
        );
        job.chunk_bytes = Some(64);
        assert_eq!(run(&job, &cfg).unwrap_err().exit_code(), 2);
    }
}

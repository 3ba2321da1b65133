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
use crate::error::{Error, Result, RsaError};
use crate::measure::{self, Stats};
use crate::record::{self, Operation, figure, info as rinfo};
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
    /// Warm, cold or both ([`crate::measure::CacheMode`]): cold operations are timed singly,
    /// the key's integers (limbs where the backend names them) and the chunk evicted first.
    pub cache: crate::measure::CacheMode,
    /// Who computes the operations: pkbench's own backend, or a library
    /// ([`super::rsa_peer`]: warm only, the same key and chunks).
    pub imp: super::imp::Choice,
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
            cache: crate::measure::CacheMode::Warm,
            imp: super::imp::Choice::Own,
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

/// The names of the raw private, CRT private (and its BN variant) and public operations
/// (the record's).
pub use crate::record::{CRT_BN_OP, CRT_OP, PRIVATE_OP, PUBLIC_OP};

/// Chunks in the pool: enough to defeat caching of one input, few enough that computing and
/// checking every expected output stays quick at 8192 bits.
pub fn pool_size(bits: u32) -> usize {
    match bits {
        0..=2048 => 16,
        2049..=4096 => 8,
        _ => 4,
    }
}

/// Prepares an RSA job under `cfg`: the key (generated from `cfg.seed`, stream 0, timed
/// apart), the chunks (stream 1) and their expected outputs, checked before timing.
///
/// Operations: [`PRIVATE_OP`], [`CRT_OP`] (with `crt`) and [`PUBLIC_OP`], each identified by
/// command, bits and chunk_bytes (the private ones also by `powm`, "fast" or "sec"), with
/// figures `ops_per_sec` and `bytes_per_sec`, computed by the backend; `info`: `backend` (name
/// and version), `powm_fn` (the library function, e.g. "mpz_powm_sec"), `key_source`
/// ("generated from seed S" or the file's path), `keygen_ms` (generated keys only; never part
/// of an operation's figure), `e` and `n` (hex), `pool` (chunks).
///
/// # Errors
/// [`RsaError::KeyBits`], [`RsaError::KeyFile`], [`RsaError::Chunk`] for a bad key
/// size, key file or chunk size, [`RsaError::NoConstantTimePowm`] for a constant-time
/// exponentiation on a backend without one; [`Error::Runtime`] when a self-check fails.
pub fn prepare(job: &RsaJob, cfg: &Config) -> Result<Box<dyn super::Prepared>> {
    let kind = job.backend;
    // Refuse --powm sec on num-bigint before spending time on a key.
    let (private_powm, public_powm) = crate::with_backend!(kind, B => {
        (job.powm.function::<B>()?, B::POW_MOD_FN)
    });
    let (key, key_source, keygen_ms) = load_key(job, cfg)?;
    let chunk = chunk_size(job, &key)?;
    let facts = Facts {
        job: job.clone(),
        bits: key.bits(),
        chunk,
        key_source,
        keygen_ms,
        e: key.e.to_str_radix(16),
        n: key.n.to_str_radix(16),
        private_powm,
        public_powm,
    };
    crate::with_backend!(kind, B => prepare_on::<B>(&key, facts, cfg))
}

/// The key of `job`, where it came from ("generated from seed S" or the file's path) and,
/// for a generated key, the milliseconds its generation took (from `cfg.seed`, stream 0:
/// the same key for every job of one seed).
///
/// # Errors
/// [`RsaError::KeyBits`] or [`RsaError::KeyFile`] for a bad key size or key file.
pub fn load_key(job: &RsaJob, cfg: &Config) -> Result<(RsaKey, String, Option<f64>)> {
    Ok(match &job.key {
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
    })
}

/// The chunk size of `job` on `key`: its own, or modulus bytes − 1.
///
/// # Errors
/// [`RsaError::Chunk`] unless 1 ≤ chunk < modulus bytes.
pub fn chunk_size(job: &RsaJob, key: &RsaKey) -> Result<usize> {
    let k = key.modulus_bytes();
    let chunk = job.chunk_bytes.unwrap_or(k - 1);
    if chunk == 0 || chunk >= k {
        return Err(RsaError::Chunk {
            chunk,
            modulus_bytes: k,
        }
        .into());
    }
    Ok(chunk)
}

/// The pool's chunks: `n` strings of `chunk` random bytes from `seed`, stream 1 (the same
/// for every job of one seed, so a library's rows time the inputs pkbench's own do).
pub fn draw_chunks(chunk: usize, n: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    rng.set_stream(1);
    (0..n)
        .map(|_| {
            let mut bytes = vec![0u8; chunk];
            rng.fill_bytes(&mut bytes);
            bytes
        })
        .collect()
}

/// What an RSA job's operations say of it besides their statistics.
struct Facts {
    job: RsaJob,
    bits: u32,
    chunk: usize,
    key_source: String,
    keygen_ms: Option<f64>,
    e: String,
    n: String,
    private_powm: &'static str,
    public_powm: &'static str,
}

fn prepare_on<B: Backend + 'static>(
    key: &RsaKey,
    facts: Facts,
    cfg: &Config,
) -> Result<Box<dyn super::Prepared>> {
    let eng = Engine::<B>::with_powm(key, facts.job.powm)?;
    let chunks = draw_chunks(facts.chunk, pool_size(key.bits()), cfg.seed);
    let pool = make_pool(&eng, &chunks, facts.job.crt)?;
    let n = pool.chunks.len();
    let ops = if facts.job.crt { 3 } else { 2 };
    let cache = facts.job.cache;
    // Timed operations: (operation, cold), warm ones first.
    let slots = [false, true]
        .into_iter()
        .filter(|&c| if c { cache.cold() } else { cache.warm() })
        .flat_map(|c| (0..ops).map(move |k| (k, c)))
        .collect();
    Ok(Box::new(PreparedRsa::<B> {
        scratch: eng.crt_scratch(),
        eng,
        pool,
        outs: vec![vec![None; n]; ops],
        slots,
        facts,
    }))
}

/// An RSA job with its engine, its checked pool, and each timed operation's outputs (slot
/// `j` keeps the last output for chunk `j`, its storage reused).
struct PreparedRsa<B: Backend> {
    facts: Facts,
    eng: Engine<B>,
    pool: Pool<B>,
    scratch: crate::rsa::ops::CrtScratch<B>,
    outs: Vec<Vec<Option<B::Int>>>,
    /// Timed operation k: (index into `outs` and the operation names, timed cold).
    slots: Vec<(usize, bool)>,
}

impl<B: Backend> PreparedRsa<B> {
    /// The operation name of timed operation `k` and whether it is a private one.
    fn name(&self, k: usize) -> &'static str {
        match (k, self.facts.job.crt) {
            (0, _) => PRIVATE_OP,
            (1, true) => CRT_OP,
            _ => PUBLIC_OP,
        }
    }
}

impl<B: Backend + 'static> super::Prepared for PreparedRsa<B> {
    fn label(&self) -> String {
        format!("RSA-{}", self.facts.bits)
    }

    fn timed(&self) -> usize {
        self.slots.len()
    }

    fn cold(&self, k: usize) -> bool {
        self.slots.get(k).is_some_and(|s| s.1)
    }

    /// The engine value and the limbs of every key integer and of chunk `i`, where the
    /// backend names them (complete with GMP; num-bigint keeps limbs private).
    fn resident(&self, _k: usize, i: usize) -> crate::measure::cache::Resident<'_> {
        use crate::measure::cache::{Resident, Span};
        let e = &self.eng;
        let chunk = &self.pool.chunks[i % self.pool.chunks.len().max(1)];
        let mut r = Resident::complete(vec![Span::of_val(e), Span::of_val(chunk)]);
        for x in [&e.n, &e.e, &e.d, &e.p, &e.q, &e.dp, &e.dq, &e.qinv, chunk] {
            match B::limb_span(x) {
                Some(s) => r.spans.push(s),
                None => r.complete = false,
            }
        }
        r
    }

    fn run(&mut self, k: usize, start: usize, n: usize) {
        let k = self.slots.get(k).map_or(0, |s| s.0);
        let len = self.pool.chunks.len();
        let name = self.name(k);
        let (eng, chunks, out, scratch) = (
            &self.eng,
            &self.pool.chunks,
            &mut self.outs[k],
            &mut self.scratch,
        );
        for i in 0..n {
            let j = start.wrapping_add(i) % len;
            let slot = out[j].get_or_insert_with(|| B::from_u64(0));
            let x = black_box(&chunks[j]);
            match name {
                PRIVATE_OP => eng.private_raw_into(x, slot),
                CRT_OP => eng.private_crt_into(x, slot, scratch),
                _ => eng.public_into(x, slot),
            }
            black_box(slot);
        }
    }

    fn units(&self) -> Vec<super::threads::Unit> {
        let f = &self.facts;
        let mut params = record::params([
            ("command", "rsa".into()),
            ("bits", f.bits.into()),
            ("chunk_bytes", f.chunk.into()),
        ]);
        params.insert("powm".into(), f.job.powm.name().into());
        (0..self.outs.len())
            .filter(|&k| self.name(k) != PUBLIC_OP)
            .map(|k| super::threads::Unit {
                name: self.name(k).into(),
                steps: vec![(k, 1)],
                work: format!("one {}", self.name(k)),
                figure: "ops_per_sec",
                per_unit: 1.0,
                params: params.clone(),
                implementation: f.job.backend.implementation(),
            })
            .collect()
    }

    fn verify(&self) -> Result<()> {
        for (k, out) in self.outs.iter().enumerate() {
            let name = self.name(k);
            let (want, what) = match name {
                PRIVATE_OP => (&self.pool.signed, "private operation"),
                CRT_OP => (&self.pool.signed, "CRT private operation"),
                _ => (&self.pool.encrypted, "public operation"),
            };
            if out
                .iter()
                .zip(want)
                .any(|(g, w)| g.as_ref().is_some_and(|g| g != w))
            {
                return Err(check_failed(&format!(
                    "a timed {what} returned a wrong value"
                )));
            }
        }
        Ok(())
    }

    fn finish(self: Box<Self>, stats: Vec<Stats>) -> Result<Vec<Operation>> {
        super::Prepared::verify(self.as_ref())?;
        let f = &self.facts;
        let kind = f.job.backend;
        let base = record::params([
            ("command", "rsa".into()),
            ("bits", f.bits.into()),
            ("chunk_bytes", f.chunk.into()),
        ]);
        let mut private_key = base.clone();
        private_key.insert("powm".into(), f.job.powm.name().into());
        let implementation = kind.implementation();
        let pool = self.pool.chunks.len();
        Ok(stats
            .into_iter()
            .enumerate()
            .map(|(slot, st)| {
                let (k, cold) = self.slots.get(slot).copied().unwrap_or((slot, false));
                let name = self.name(k);
                let (params, powm_fn) = if name == PUBLIC_OP {
                    (&base, f.public_powm)
                } else {
                    (&private_key, f.private_powm)
                };
                let secs = st.median_ms / 1e3;
                let mut o = Operation::timed(name, params.clone(), st)
                    .by(implementation.clone())
                    .with_figure(figure::OPS_PER_SEC, 1.0 / secs)
                    .with_figure(figure::BYTES_PER_SEC, f.chunk as f64 / secs)
                    .with_info(rinfo::BACKEND, kind.version())
                    .with_info("powm_fn", powm_fn)
                    .with_info("key_source", f.key_source.clone())
                    .with_info("e", f.e.clone())
                    .with_info("n", f.n.clone())
                    .with_info(rinfo::POOL, pool);
                if let Some(ms) = f.keygen_ms {
                    o = o.with_info("keygen_ms", ms);
                }
                if let Some(v) = f.job.cache.param(cold) {
                    o.params.insert("cache".into(), v.into());
                }
                if cold {
                    o = super::cold::mark(o, &self.resident(slot, 0));
                }
                o
            })
            .collect())
    }
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

/// The pool of `chunks` with each one's outputs checked before any timing: private then
/// public gives the chunk back, public then private too, and (with `crt`) the CRT private
/// operation equals the raw one.
fn make_pool<B: Backend>(eng: &Engine<B>, chunks: &[Vec<u8>], crt: bool) -> Result<Pool<B>> {
    let mut pool = Pool {
        chunks: vec![],
        signed: vec![],
        encrypted: vec![],
    };
    for bytes in chunks {
        let m = B::from_be_bytes(bytes);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::{Clock, MeasureConfig};

    fn run(job: &RsaJob, cfg: &Config) -> Result<Vec<Operation>> {
        super::super::run(&super::super::Job::Rsa(job.clone()), cfg)
    }

    #[test]
    fn a_short_run_checks_and_names_everything() {
        let cfg = Config {
            measure: MeasureConfig::with_budget_secs(0.01, Clock::Wall),
            seed: 5,
            quiet: true,
            discovery: Default::default(),
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
        assert_eq!(ops[0].info_u64(rinfo::POOL), Some(16));
        let p = params(&job, &ops);
        assert_eq!(
            (p["bits"].as_u64(), p["crt"].as_bool()),
            (Some(512), Some(true))
        );
        job.chunk_bytes = Some(64);
        assert_eq!(run(&job, &cfg).unwrap_err().exit_code(), 2);
    }
}

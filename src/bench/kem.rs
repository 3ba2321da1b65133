//! A key-encapsulation exchange, timed: KeyGen (the initiator's offer), Encaps (the
//! responder's reply), Decaps (the initiator's finish) and Total = KeyGen + Encaps + Decaps,
//! for every implementation of the job's KEM in the same interleaved rounds
//! ([`super::time_together`] drives one prepared job whose timed operations are the three
//! steps of each implementation in turn; a hybrid may add its parts, [`KemJob::parts`]).
//!
//! Before timing: a pool of seeds and Encaps randomness from the seeded ChaCha20 RNG; each
//! implementation makes its reference values from it; both sides' secrets are checked equal
//! (Encaps = Decaps) for every entry, and every implementation's encapsulation keys,
//! ciphertexts and secrets are checked equal to the first's. After timing, every output of
//! the timed steps is checked against the reference values.

use super::Config;
use crate::error::{Error, Result};
use crate::kem::{Exchanges, Kem, KemInfo};
use crate::measure::Stats;
use crate::record::{self, Operation, figure, info as rinfo};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::Instant;

mod parts;

/// Name of the derived operation Total = KeyGen + Encaps + Decaps, figure `total_ms`.
pub use crate::record::KEM_TOTAL_OP;

/// Entries of the input pool: with operations of 10 µs or more and samples of about 1 ms,
/// a sample uses each entry at most once.
pub const KEM_POOL: usize = 128;

/// One KEM exchange to time, through each of its implementations.
#[derive(Clone)]
pub struct KemJob {
    /// The KEM.
    pub info: &'static KemInfo,
    /// Its implementations, timed in this order; the ratio is each one's Total over the
    /// first's.
    pub impls: Vec<Arc<dyn Kem>>,
    /// Entries of the input pool.
    pub pool: usize,
    /// For a hybrid ([`crate::kem::hybrid_parts`]), also time its parts in the same rounds:
    /// each implementation's ML-KEM alone and the `x25519` row's Offer and Reply, on the
    /// same inputs (`pkbench dh --group x25519mlkem768` sets their sum beside each step).
    pub parts: bool,
}

impl KemJob {
    /// The job for the KEM `info` through every implementation pkbench has.
    pub fn all(info: &'static KemInfo) -> KemJob {
        KemJob {
            info,
            impls: crate::kem::open_all(info)
                .into_iter()
                .map(Arc::from)
                .collect(),
            pool: KEM_POOL,
            parts: false,
        }
    }

    /// "mlkem768 (ml-kem, libcrux-ml-kem)".
    pub fn label(&self) -> String {
        let names: Vec<&str> = self.impls.iter().map(|k| k.impl_name()).collect();
        format!("{} ({})", self.info.name, names.join(", "))
    }
}

/// Prepares a KEM job: the pool, each implementation's reference values, the checks; timed
/// operations 3·j + 0/1/2 = KeyGen/Encaps/Decaps of implementation j.
///
/// # Errors
/// [`Error::Runtime`] when the two sides' secrets differ or two implementations disagree.
pub fn prepare(job: &KemJob, cfg: &Config) -> Result<Box<dyn super::Prepared>> {
    let t0 = Instant::now();
    let info = job.info;
    let mut rng = ChaCha20Rng::seed_from_u64(cfg.seed);
    let draw = |n: usize, rng: &mut ChaCha20Rng| {
        let mut v = vec![0u8; n];
        rng.fill_bytes(&mut v);
        v
    };
    let n = job.pool.max(1);
    let seeds: Vec<Vec<u8>> = (0..n).map(|_| draw(info.seed_bytes, &mut rng)).collect();
    let coins: Vec<Vec<u8>> = (0..n).map(|_| draw(info.coins_bytes, &mut rng)).collect();
    let mut pools: Vec<Box<dyn Exchanges>> = Vec::new();
    for k in &job.impls {
        let p = k.exchanges(&seeds, &coins)?;
        for i in 0..p.len() {
            if p.reference(i).2 != p.reference_decaps(i) {
                return Err(Error::runtime(format!(
                    "{} ({}): Decaps gave another secret than Encaps",
                    info.name,
                    k.impl_name()
                )));
            }
            if let Some(first) = pools.first()
                && first.reference(i) != p.reference(i)
            {
                return Err(Error::runtime(format!(
                    "{}: {} and {} disagree on an exchange (ek, ct or secret)",
                    info.name,
                    job.impls[0].impl_name(),
                    k.impl_name()
                )));
            }
        }
        pools.push(p);
    }
    let parts = match (job.parts, crate::kem::hybrid_parts(info)) {
        (true, Some(hp)) => Some(parts::Parts::prepare(
            info.name,
            hp,
            &job.impls,
            (&seeds, &coins),
            &pools,
        )?),
        _ => None,
    };
    Ok(Box::new(PreparedKem {
        job: job.clone(),
        pools,
        parts,
        pool_ms: t0.elapsed().as_secs_f64() * 1e3,
    }))
}

/// A KEM job with each implementation's checked pool.
struct PreparedKem {
    job: KemJob,
    pools: Vec<Box<dyn Exchanges>>,
    parts: Option<parts::Parts>,
    pool_ms: f64,
}

impl super::Prepared for PreparedKem {
    fn label(&self) -> String {
        self.job.label()
    }

    fn timed(&self) -> usize {
        3 * self.pools.len() + self.parts.as_ref().map_or(0, parts::Parts::timed)
    }

    fn run(&mut self, k: usize, start: usize, n: usize) {
        let own = 3 * self.pools.len();
        if k >= own {
            if let Some(p) = &mut self.parts {
                p.run(k - own, start, n);
            }
            return;
        }
        let pool = &mut self.pools[k / 3];
        let len = pool.len();
        for i in 0..n {
            let e = start.wrapping_add(i) % len;
            match k % 3 {
                0 => pool.keygen(e),
                1 => pool.encaps(e),
                _ => pool.decaps(e),
            }
        }
    }

    fn finish(self: Box<Self>, stats: Vec<Stats>) -> Result<Vec<Operation>> {
        for (k, p) in self.job.impls.iter().zip(&self.pools) {
            if let Some(step) = p.check() {
                return Err(Error::runtime(format!(
                    "{} ({}): a timed {step} returned a wrong value",
                    self.job.info.name,
                    k.impl_name()
                )));
            }
        }
        if let Some(p) = &self.parts {
            p.check()?;
        }
        let own = 3 * self.pools.len();
        if stats.len() != own + self.parts.as_ref().map_or(0, parts::Parts::timed) {
            return Err(Error::runtime("KEM: not every step was timed"));
        }
        let pool = self.pools.first().map_or(0, |p| p.len());
        let mut ops = Vec::new();
        let mut first_total = None;
        for (j, k) in self.job.impls.iter().enumerate() {
            let s = [
                stats[3 * j].clone(),
                stats[3 * j + 1].clone(),
                stats[3 * j + 2].clone(),
            ];
            let total = s.iter().map(|x| x.median_ms).sum::<f64>();
            let first = *first_total.get_or_insert(total);
            ops.extend(operations(
                k.as_ref(),
                s,
                total / first,
                (pool, self.pool_ms),
            ));
        }
        if let Some(p) = &self.parts {
            ops.extend(p.operations(&stats[own..], (pool, self.pool_ms)));
        }
        Ok(ops)
    }
}

/// The operations of one implementation `k`: "KeyGen", "Encaps", "Decaps" (timed, with
/// `ops_per_sec`) and "Total = KeyGen + Encaps + Decaps" (`total_ms` from the medians, with
/// its per-round values), identified by command "dh", group and `impl`, naming the
/// implementation.
///
/// `info` of every operation: the KEM (`family` = "kem", `group_description`,
/// `group_source`), the sizes (`ek_bytes`, `ct_bytes`, `ss_bytes`, `dk_bytes`, and
/// `wire_bytes`: what the step sends — KeyGen the ek, Encaps the ct, Total both), the
/// security estimate (`security_bits`, `quantum_security_bits`, `nist_category`,
/// `core_svp_classical`, `core_svp_quantum`, `security_source`), the pool (`pool`,
/// `pool_ms`) and on the Total `ratio_to_first`: this implementation's Total over the first
/// implementation's.
pub fn operations(
    k: &dyn Kem,
    [keygen, encaps, decaps]: [Stats; 3],
    ratio: f64,
    (pool, pool_ms): (usize, f64),
) -> Vec<Operation> {
    let info = k.info();
    let key = record::params([
        ("command", "dh".into()),
        ("group", info.name.into()),
        ("impl", k.impl_name().into()),
    ]);
    let sec = info.security;
    let implementation = k.implementation();
    let common = |op: Operation, wire: usize| {
        let mut op = op
            .by(implementation.clone())
            .with_info(rinfo::FAMILY, "kem")
            .with_info(rinfo::GROUP_DESCRIPTION, info.description)
            .with_info(rinfo::GROUP_SOURCE, info.source)
            .with_info("ek_bytes", info.ek_bytes)
            .with_info("ct_bytes", info.ct_bytes)
            .with_info("ss_bytes", info.ss_bytes)
            .with_info("dk_bytes", info.dk_bytes)
            .with_info(rinfo::WIRE_BYTES, wire)
            .with_info(rinfo::SECURITY_BITS, sec.classical_bits)
            .with_info(rinfo::QUANTUM_SECURITY_BITS, sec.quantum_bits)
            .with_info("core_svp_classical", sec.core_svp.0)
            .with_info("core_svp_quantum", sec.core_svp.1)
            .with_info("security_source", sec.source)
            .with_info(rinfo::POOL, pool)
            .with_info(rinfo::POOL_MS, pool_ms);
        if let Some(c) = sec.category {
            op = op.with_info("nist_category", c);
        }
        op
    };
    let total_ms = keygen.median_ms + encaps.median_ms + decaps.median_ms;
    let rounds: Vec<f64> = keygen
        .per_round()
        .into_iter()
        .zip(encaps.per_round())
        .zip(decaps.per_round())
        .filter_map(|((a, b), c)| Some(a? + b? + c?))
        .collect();
    let timed = |name: &str, st: Stats, wire: usize| {
        let rate = st.ops_per_sec();
        common(Operation::timed(name, key.clone(), st), wire).with_figure(figure::OPS_PER_SEC, rate)
    };
    vec![
        timed("KeyGen", keygen, info.ek_bytes),
        timed("Encaps", encaps, info.ct_bytes),
        timed("Decaps", decaps, 0),
        common(
            Operation::derived(KEM_TOTAL_OP, key.clone(), figure::TOTAL_MS, total_ms),
            info.ek_bytes + info.ct_bytes,
        )
        .with_rounds(rounds)
        .with_info("ratio_to_first", ratio),
    ]
}

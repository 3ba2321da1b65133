//! Hash throughput in MB/s with the 1995 post's method: 10000-byte blocks (by default) taken
//! in turn from 7.5 MB of "random" data in RAM ([`super::bulk`]), one complete digest (init,
//! update, final) per timed operation, for a time budget instead of the post's fixed 10000
//! repetitions.
//!
//! Correctness, outside the timed region: the function's known answers are checked before
//! timing ([`Algo::check_known_answers`]); after timing, every digest the timed runs produced
//! is compared with one computed again by feeding the same block in uneven pieces (another
//! path through the buffering code).

use super::Config;
use super::bulk;
use crate::error::{Error, Result};
use crate::hash::Algo;
use crate::measure::Stats;
use crate::record::{self, Operation};
use std::hint::black_box;

/// One hash function over blocks of one size: operation "hash".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashJob {
    /// The function.
    pub algo: Algo,
    /// Bytes hashed per timed digest, 1 to [`bulk::DATA_BYTES`].
    pub block: usize,
}

impl HashJob {
    /// The job for `algo` over blocks of `block` bytes.
    ///
    /// # Errors
    /// [`crate::error::Invalid::ChunkSize`] for a block size outside 1..=[`bulk::DATA_BYTES`].
    pub fn new(algo: Algo, block: usize) -> Result<HashJob> {
        bulk::check_chunk(block, 1)?;
        Ok(HashJob { algo, block })
    }

    /// "MD5 over 10000-byte blocks".
    pub fn label(&self) -> String {
        format!("{} over {}-byte blocks", self.algo.name(), self.block)
    }
}

/// Prepares a hash job (see the module documentation): the known answers checked, the data
/// made from `cfg.seed`; one timed operation, "hash" (identified by command, algorithm
/// (display name) and block size; statistics per block (ms), figure `bytes_per_sec`; `info`:
/// `mb_per_s`, `data_bytes`, `implementation` (the report's label, e.g. "RustCrypto md-5
/// 0.11"), `known_answers_checked`, `known_answers_source`, `outputs_checked`).
///
/// # Errors
/// [`crate::error::Invalid::ChunkSize`] for a bad block size; [`Error::Runtime`] when a known
/// answer is wrong (and, at [`super::Prepared::finish`], when a timed digest is).
pub fn prepare(job: &HashJob, cfg: &Config) -> Result<Box<dyn super::Prepared>> {
    let (algo, block) = (job.algo, job.block);
    bulk::check_chunk(block, 1)?;
    let known_answers_checked = algo.check_known_answers()?;
    let n = bulk::chunk_count(bulk::DATA_BYTES, block);
    let ob = algo.output_bytes();
    Ok(Box::new(PreparedHash {
        job: *job,
        n,
        data: bulk::random_data(cfg.seed, n * block),
        outs: vec![0u8; n * ob],
        seen: vec![false; n],
        known_answers_checked,
    }))
}

/// A hash job with its data, and the digest of each block as the timed runs left it.
struct PreparedHash {
    job: HashJob,
    n: usize,
    data: Vec<u8>,
    outs: Vec<u8>,
    seen: Vec<bool>,
    known_answers_checked: usize,
}

impl super::Prepared for PreparedHash {
    fn label(&self) -> String {
        self.job.label()
    }

    fn timed(&self) -> usize {
        1
    }

    fn run(&mut self, _k: usize, start: usize, n: usize) {
        let (algo, block) = (self.job.algo, self.job.block);
        let ob = algo.output_bytes();
        for i in 0..n {
            let k = start.wrapping_add(i) % self.n;
            let out = &mut self.outs[k * ob..(k + 1) * ob];
            algo.digest_into(black_box(&self.data[k * block..(k + 1) * block]), out);
            black_box(out);
            self.seen[k] = true;
        }
    }

    fn finish(self: Box<Self>, stats: Vec<Stats>) -> Result<Vec<Operation>> {
        let (algo, block) = (self.job.algo, self.job.block);
        let ob = algo.output_bytes();
        let mut outputs_checked = 0;
        for k in (0..self.n).filter(|&k| self.seen[k]) {
            let chunk = &self.data[k * block..(k + 1) * block];
            if self.outs[k * ob..(k + 1) * ob] != algo.digest_in_pieces(chunk) {
                return Err(Error::runtime(format!(
                    "{}: a timed digest differs from the digest computed again after timing",
                    algo.name()
                )));
            }
            outputs_checked += 1;
        }
        let Some(stats) = stats.into_iter().next().filter(|_| outputs_checked > 0) else {
            return Err(Error::runtime(format!(
                "{}: no timed digest to check",
                algo.name()
            )));
        };
        let params = record::params([
            ("command", "hash".into()),
            ("algo", algo.name().into()),
            ("block", block.into()),
        ]);
        Ok(vec![
            bulk::throughput_operation("hash", params, stats, block, self.n * block)
                .by(algo.code())
                .with_info("implementation", algo.implementation())
                .with_info("known_answers_checked", self.known_answers_checked)
                .with_info("known_answers_source", algo.known_answers_source())
                .with_info("outputs_checked", outputs_checked),
        ])
    }
}

/// The record params of a `hash` run of `job`: `algo` (display name) and `block`.
pub fn params(job: &HashJob) -> serde_json::Map<String, serde_json::Value> {
    record::params([
        ("algo", job.algo.name().into()),
        ("block", job.block.into()),
    ])
    .into_iter()
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::{Clock, MeasureConfig};

    #[test]
    fn a_short_run_checks_its_outputs() {
        let cfg = Config {
            measure: MeasureConfig::with_budget_secs(0.01, Clock::Wall),
            seed: 3,
            quiet: true,
        };
        for algo in [Algo::Md5, Algo::parse("sha256").unwrap()] {
            let ops = super::super::run(
                &super::super::Job::Hash(HashJob::new(algo, 1000).unwrap()),
                &cfg,
            )
            .unwrap();
            let op = &ops[0];
            assert_eq!(op.params["block"], 1000);
            assert_eq!(op.params["algo"], algo.name());
            assert!(op.info_u64("outputs_checked").unwrap() >= 1);
            assert!(op.info_u64("known_answers_checked").unwrap() >= 3);
            assert!(op.info_f64("mb_per_s").unwrap() > 0.0);
            assert!(op.implementation.is_some());
        }
        assert_eq!(HashJob::new(Algo::Md5, 0).unwrap_err().exit_code(), 2);
    }
}

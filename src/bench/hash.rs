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
use crate::measure;
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

/// Runs a hash job: see the module documentation.
///
/// The operation "hash" is identified by command, algorithm (display name) and block size;
/// its statistics are per block (ms), figure `bytes_per_sec`; `info`: `mb_per_s`,
/// `data_bytes`, `implementation` (the report's label, e.g. "RustCrypto md-5 0.11"),
/// `known_answers_checked`, `known_answers_source`, `outputs_checked`.
///
/// # Errors
/// [`crate::error::Invalid::ChunkSize`] for a bad block size; [`Error::Runtime`] when a known answer or a timed
/// digest is wrong.
pub fn run(job: &HashJob, cfg: &Config) -> Result<Vec<Operation>> {
    let pb = measure::progress::bar(1, cfg.quiet);
    pb.set_message(job.label());
    let r = time(job, cfg);
    pb.finish_and_clear();
    r.map(|op| vec![op])
}

fn time(job: &HashJob, cfg: &Config) -> Result<Operation> {
    let (algo, block) = (job.algo, job.block);
    bulk::check_chunk(block, 1)?;
    let known_answers_checked = algo.check_known_answers()?;
    let n = bulk::chunk_count(bulk::DATA_BYTES, block);
    let data = bulk::random_data(cfg.seed, n * block);
    let ob = algo.output_bytes();
    let mut outs = vec![0u8; n * ob];
    let mut seen = vec![false; n];
    let stats = bulk::time_chunks(&cfg.measure, n, |k| {
        let out = &mut outs[k * ob..(k + 1) * ob];
        algo.digest_into(black_box(&data[k * block..(k + 1) * block]), out);
        black_box(out);
        seen[k] = true;
    });
    let mut outputs_checked = 0;
    for k in (0..n).filter(|&k| seen[k]) {
        let chunk = &data[k * block..(k + 1) * block];
        if outs[k * ob..(k + 1) * ob] != algo.digest_in_pieces(chunk) {
            return Err(Error::runtime(format!(
                "{}: a timed digest differs from the digest computed again after timing",
                algo.name()
            )));
        }
        outputs_checked += 1;
    }
    if outputs_checked == 0 {
        return Err(Error::runtime(format!(
            "{}: no timed digest to check",
            algo.name()
        )));
    }
    let params = record::params([
        ("command", "hash".into()),
        ("algo", algo.name().into()),
        ("block", block.into()),
    ]);
    Ok(
        bulk::throughput_operation("hash", params, stats, block, n * block)
            .by(algo.code())
            .with_info("implementation", algo.implementation())
            .with_info("known_answers_checked", known_answers_checked)
            .with_info("known_answers_source", algo.known_answers_source())
            .with_info("outputs_checked", outputs_checked),
    )
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
            let ops = run(&HashJob::new(algo, 1000).unwrap(), &cfg).unwrap();
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

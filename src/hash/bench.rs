//! Hash throughput in MB/s with the 1995 post's method: 10000-byte blocks (by default) taken
//! in turn from 7.5 MB of "random" data in RAM, one complete digest (init, update, final) per
//! timed operation, for a time budget instead of the post's fixed 10000 repetitions.
//!
//! Correctness, outside the timed region: the function's known answers are checked before
//! timing ([`Algo::check_known_answers`]); after timing, every digest the timed runs produced
//! is compared with one computed again by feeding the same block in uneven pieces (another
//! path through the buffering code).

use super::{Algo, haval};
use crate::bulk::{self, Throughput};
use crate::error::{Error, Result};
use crate::measure::MeasureConfig;
use digest::Digest;
use serde::Serialize;
use std::hint::black_box;

/// Calls the generic function `$f::<D>($args)` with the digest type `D` of `$algo`.
macro_rules! with_digest {
    ($algo:expr, $f:ident, ($($arg:expr),*)) => {
        match $algo {
            Algo::Md4 => $f::<md4::Md4>($($arg),*),
            Algo::Md5 => $f::<md5::Md5>($($arg),*),
            Algo::Sha0 => $f::<super::sha0::Sha0>($($arg),*),
            Algo::Sha1 => $f::<sha1::Sha1>($($arg),*),
            Algo::Haval { bits, passes } => match (bits, passes) {
                (128, 3) => $f::<haval::Haval128_3>($($arg),*),
                (160, 3) => $f::<haval::Haval160_3>($($arg),*),
                (192, 3) => $f::<haval::Haval192_3>($($arg),*),
                (224, 3) => $f::<haval::Haval224_3>($($arg),*),
                (128, 4) => $f::<haval::Haval128_4>($($arg),*),
                (160, 4) => $f::<haval::Haval160_4>($($arg),*),
                (192, 4) => $f::<haval::Haval192_4>($($arg),*),
                (224, 4) => $f::<haval::Haval224_4>($($arg),*),
                (256, 4) => $f::<haval::Haval256_4>($($arg),*),
                (128, 5) => $f::<haval::Haval128_5>($($arg),*),
                (160, 5) => $f::<haval::Haval160_5>($($arg),*),
                (192, 5) => $f::<haval::Haval192_5>($($arg),*),
                (224, 5) => $f::<haval::Haval224_5>($($arg),*),
                (256, 5) => $f::<haval::Haval256_5>($($arg),*),
                _ => $f::<haval::Haval256_3>($($arg),*),
            },
        }
    };
}

/// The result of timing one hash function.
#[derive(Debug, Clone, Serialize)]
pub struct HashRun {
    /// Display name, e.g. "MD5", "HAVAL-256/3".
    pub algo: String,
    /// Where the code comes from (crate or pkbench module).
    pub implementation: String,
    /// Known-answer vectors checked before timing.
    pub known_answers_checked: usize,
    /// Digests of timed runs re-checked after timing.
    pub outputs_checked: usize,
    /// Throughput over blocks of `throughput.chunk_bytes` bytes.
    pub throughput: Throughput,
}

/// Times `algo` over blocks of `block` bytes of data made from `seed`, under `cfg`.
///
/// # Errors
/// [`Error::Input`] for a block size outside 1..=[`bulk::DATA_BYTES`]; [`Error::Runtime`]
/// when a known answer or a timed digest is wrong.
pub fn time_hash(algo: Algo, block: usize, cfg: &MeasureConfig, seed: u64) -> Result<HashRun> {
    bulk::check_chunk("--block", block, 1)?;
    let known_answers_checked = algo.check_known_answers()?;
    let n = bulk::chunk_count(bulk::DATA_BYTES, block);
    let data = bulk::random_data(seed, n * block);
    let (throughput, outs) = dispatch(algo, cfg, &data, block, n);
    let mut outputs_checked = 0;
    for (k, out) in outs.iter().enumerate() {
        if out.is_empty() {
            continue;
        }
        let chunk = &data[k * block..(k + 1) * block];
        if *out != in_pieces(algo, chunk) {
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
    Ok(HashRun {
        algo: algo.name(),
        implementation: algo.implementation().to_string(),
        known_answers_checked,
        outputs_checked,
        throughput,
    })
}

/// The digest of `data` fed to the hasher in three uneven pieces.
fn in_pieces(algo: Algo, data: &[u8]) -> Vec<u8> {
    fn go<D: Digest>(data: &[u8]) -> Vec<u8> {
        let a = data.len() / 3;
        let b = a + (data.len() - a) / 2 + 1;
        let b = b.min(data.len());
        let mut h = D::new();
        h.update(&data[..a]);
        h.update(&data[a..b]);
        h.update(&data[b..]);
        h.finalize().to_vec()
    }
    with_digest!(algo, go, (data))
}

/// Times digests of `n` blocks of `block` bytes with the hash type `D`; returns the throughput
/// and the last digest each block produced during timing.
fn timed<D: Digest>(
    cfg: &MeasureConfig,
    data: &[u8],
    block: usize,
    n: usize,
) -> (Throughput, Vec<Vec<u8>>) {
    let mut outs: Vec<digest::Output<D>> = vec![Default::default(); n];
    let mut seen = vec![false; n];
    let t = bulk::time_chunks(cfg, block, n, |k| {
        outs[k] = black_box(D::digest(black_box(&data[k * block..(k + 1) * block])));
        seen[k] = true;
    });
    let outs = outs
        .iter()
        .zip(&seen)
        .map(|(o, &s)| if s { o.to_vec() } else { Vec::new() })
        .collect();
    (t, outs)
}

fn dispatch(
    algo: Algo,
    cfg: &MeasureConfig,
    data: &[u8],
    block: usize,
    n: usize,
) -> (Throughput, Vec<Vec<u8>>) {
    with_digest!(algo, timed, (cfg, data, block, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::Clock;

    #[test]
    fn pieces_equal_one_shot() {
        let data = bulk::random_data(1, 1000);
        for algo in [
            Algo::Md4,
            Algo::Md5,
            Algo::Sha0,
            Algo::Sha1,
            Algo::Haval {
                bits: 160,
                passes: 4,
            },
        ] {
            assert_eq!(
                in_pieces(algo, &data),
                algo.digest(&data),
                "{}",
                algo.name()
            );
        }
    }

    #[test]
    fn a_short_run_checks_its_outputs() {
        let cfg = MeasureConfig::with_budget_secs(0.01, Clock::Wall);
        let r = time_hash(Algo::Md5, 1000, &cfg, 3).unwrap();
        assert_eq!(r.throughput.chunk_bytes, 1000);
        assert!(r.outputs_checked >= 1);
        assert!(r.known_answers_checked >= 6);
        assert!(r.throughput.mb_per_s > 0.0);
        assert_eq!(time_hash(Algo::Md5, 0, &cfg, 3).unwrap_err().exit_code(), 2);
    }
}

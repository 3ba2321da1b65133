//! Timing of bulk-data operations (hashes, block ciphers) as throughput in MB/s
//! (10^6 bytes per second, design.md §4), with the 1995 post's method: a large buffer of
//! "random" data in RAM, processed in fixed-size chunks, each timed operation taking the next
//! chunk so that the data does not stay in cache.
//!
//! The data comes from a seeded ChaCha20 RNG (`--seed`) and is made before timing. Checking
//! the outputs is the caller's job, outside the timed region (see [`crate::hash::bench`] and
//! [`crate::des`]).

use crate::error::{Error, Result};
use crate::measure::{self, MeasureConfig, Stats};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use serde::Serialize;

/// Bytes of "random" data in RAM that the chunks are taken from: the 7.5 MB file of the 1995
/// post's companion note ("SHA and DES ran over a 7.5 MB file in RAM").
pub const DATA_BYTES: usize = 7_500_000;

/// A data size in decimal megabytes, as the 1995 post and the README give it
/// (7_500_000 → "7.5 MB"; MB = 10^6 bytes, like the MB/s figures).
pub fn fmt_mb(bytes: usize) -> String {
    let s = crate::report::sig4(bytes as f64 / 1e6);
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        &s
    };
    format!("{s} MB")
}

/// The 1995 post's block size: "10000-byte blocks, 10000 times".
pub const DEFAULT_CHUNK: usize = 10_000;

/// `len` bytes from ChaCha20 seeded with `seed` (the same seed gives the same bytes).
pub fn random_data(seed: u64, len: usize) -> Vec<u8> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut v = vec![0u8; len];
    rng.fill_bytes(&mut v);
    v
}

/// Throughput in MB/s (10^6 bytes/s) of `bytes` processed in `ms` milliseconds.
pub fn mb_per_s(bytes: usize, ms: f64) -> f64 {
    bytes as f64 / (ms * 1e-3) / 1e6
}

/// A throughput measurement: per-chunk timing statistics and the derived MB/s.
#[derive(Debug, Clone, Serialize)]
pub struct Throughput {
    /// Bytes processed by one timed operation (one chunk).
    pub chunk_bytes: usize,
    /// Bytes of the data buffer the chunks cycle through.
    pub data_bytes: usize,
    /// MB/s (10^6 bytes/s) at the median time per chunk.
    pub mb_per_s: f64,
    /// MB/s at the third quartile of the time (the slower quarter of the samples).
    pub mb_per_s_q3: f64,
    /// MB/s at the first quartile of the time (the faster quarter).
    pub mb_per_s_q1: f64,
    /// Time per chunk, ms (median, quartiles and every raw sample).
    pub stats: Stats,
}

impl Throughput {
    /// Derives MB/s from per-chunk statistics.
    pub fn from_stats(stats: Stats, chunk_bytes: usize, data_bytes: usize) -> Throughput {
        Throughput {
            chunk_bytes,
            data_bytes,
            mb_per_s: mb_per_s(chunk_bytes, stats.median_ms),
            mb_per_s_q3: mb_per_s(chunk_bytes, stats.q3_ms),
            mb_per_s_q1: mb_per_s(chunk_bytes, stats.q1_ms),
            stats,
        }
    }

    /// The result-record operation `name` of this measurement, identified by `key`: the
    /// per-chunk statistics, figure `bytes_per_sec` (the headline `compare` matches) and
    /// `info.mb_per_s` (MB/s = 10^6 bytes/s).
    pub fn operation(
        &self,
        name: &str,
        key: std::collections::BTreeMap<String, serde_json::Value>,
    ) -> crate::record::Operation {
        crate::record::Operation::timed(name, key, self.stats.clone())
            .with_figure("bytes_per_sec", self.mb_per_s * 1e6)
            .with_info("mb_per_s", self.mb_per_s)
    }

    /// The cells of a text-table row: MB/s, "q1 … q3" in MB/s (the faster quartile of the
    /// time is the higher rate, so the third quartile of the time comes first) and the median
    /// time per chunk.
    pub fn cells(&self) -> [String; 3] {
        use crate::report::{fmt_time_ms, sig4};
        [
            sig4(self.mb_per_s),
            format!("{} … {}", sig4(self.mb_per_s_q3), sig4(self.mb_per_s_q1)),
            fmt_time_ms(self.stats.median_ms),
        ]
    }
}

/// Checks a chunk size given on the command line: at least 1 byte, a multiple of `multiple`,
/// at most [`DATA_BYTES`].
///
/// # Errors
/// [`Error::Input`] naming `what` and saying which sizes are accepted.
pub fn check_chunk(what: &str, chunk: usize, multiple: usize) -> Result<()> {
    if chunk == 0 || chunk > DATA_BYTES || !chunk.is_multiple_of(multiple) {
        return Err(Error::input(format!(
            "{what} {chunk}: give a number of bytes from {multiple} to {DATA_BYTES}{}, e.g. {what} 10000",
            if multiple > 1 {
                format!(" that is a multiple of {multiple}")
            } else {
                String::new()
            }
        )));
    }
    Ok(())
}

/// Number of whole chunks of `chunk` bytes in `data_len` bytes (at least 1).
pub fn chunk_count(data_len: usize, chunk: usize) -> usize {
    (data_len / chunk).max(1)
}

/// Times `op(k)` on chunk number `k` (cycling through `n_chunks` chunks of `chunk_bytes`) under
/// `cfg` and returns the throughput. `op` must process exactly `chunk_bytes` bytes and keep
/// its output for the caller to check after timing.
pub fn time_chunks<F: FnMut(usize)>(
    cfg: &MeasureConfig,
    chunk_bytes: usize,
    n_chunks: usize,
    mut op: F,
) -> Throughput {
    let stats = measure::measure(cfg, |i| op(i % n_chunks));
    Throughput::from_stats(stats, chunk_bytes, chunk_bytes * n_chunks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_sizes_in_decimal_mb() {
        assert_eq!(fmt_mb(DATA_BYTES), "7.5 MB");
        assert_eq!(fmt_mb(10_000_000), "10 MB");
        assert_eq!(fmt_mb(1_000_000_000), "1000 MB");
        assert_eq!(fmt_mb(1_234_567), "1.235 MB");
    }

    #[test]
    fn units() {
        // 10000 bytes in 1 ms = 10^7 bytes/s = 10 MB/s.
        assert_eq!(mb_per_s(10_000, 1.0), 10.0);
        assert_eq!(chunk_count(DATA_BYTES, DEFAULT_CHUNK), 750);
        assert_eq!(chunk_count(5, 10), 1);
    }

    #[test]
    fn data_is_seeded() {
        let a = random_data(7, 64);
        assert_eq!(a, random_data(7, 64));
        assert_ne!(a, random_data(8, 64));
        assert!(a.iter().any(|&b| b != 0));
    }

    #[test]
    fn chunk_checks() {
        assert!(check_chunk("--block", 10_000, 8).is_ok());
        let e = check_chunk("--block", 10_001, 8).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message().contains("multiple of 8"), "{e}");
        assert!(check_chunk("--block", 0, 1).is_err());
        assert!(check_chunk("--block", DATA_BYTES + 1, 1).is_err());
    }
}

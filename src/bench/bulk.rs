//! Bulk data (hashes, block ciphers) timed as throughput with the 1995 post's method: a large
//! buffer of "random" data in RAM, processed in fixed-size chunks, each timed operation taking
//! the next chunk so that the data does not stay in cache. MB/s = 10^6 bytes per second
//! (decimal units, as every rate pkbench prints).
//!
//! The data comes from a seeded ChaCha20 RNG and is made before timing. [`CipherChunks`]
//! is the one path that times bulk encryption (`pkbench des` and the 1995 DES row), through the
//! same [`crate::symmetric::Engine`] and modes as `pkbench cipher`.

use crate::error::DataError;
use crate::error::{Error, Result};
use crate::measure::Stats;
use crate::record::{Operation, figure};
use crate::symmetric::kat;
use crate::symmetric::{CipherSpec, Direction, Mode};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use serde_json::Value;
use std::collections::BTreeMap;
use std::hint::black_box;

/// Bytes of "random" data in RAM that the chunks are taken from: the 7.5 MB file of the 1995
/// post's companion note ("SHA and DES ran over a 7.5 MB file in RAM").
pub const DATA_BYTES: usize = 7_500_000;

/// The 1995 post's block size: "10000-byte blocks, 10000 times".
pub const DEFAULT_CHUNK: usize = 10_000;

/// `len` bytes from ChaCha20 seeded with `seed` (the same seed gives the same bytes).
pub fn random_data(seed: u64, len: usize) -> Vec<u8> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut v = vec![0u8; len];
    rng.fill_bytes(&mut v);
    v
}

pub use crate::measure::stats::mb_per_s;

/// Checks a chunk size: at least 1 byte, a multiple of `multiple`, at most [`DATA_BYTES`].
///
/// # Errors
/// [`DataError::ChunkSize`] saying which sizes are accepted.
pub fn check_chunk(chunk: usize, multiple: usize) -> Result<()> {
    if chunk == 0 || chunk > DATA_BYTES || !chunk.is_multiple_of(multiple) {
        return Err(DataError::ChunkSize {
            given: chunk,
            multiple,
            max: DATA_BYTES,
        }
        .into());
    }
    Ok(())
}

/// Number of whole chunks of `chunk` bytes in `data_len` bytes (at least 1).
pub fn chunk_count(data_len: usize, chunk: usize) -> usize {
    (data_len / chunk).max(1)
}

/// The result-record operation `name`, identified by `params`, of a throughput measurement:
/// per-chunk statistics `stats` over chunks of `chunk_bytes` taken from `data_bytes` bytes;
/// figure `bytes_per_sec` (the headline `compare` matches) and `info.mb_per_s` (MB/s = 10^6
/// bytes/s) at the median, `info.data_bytes`.
pub fn throughput_operation(
    name: &str,
    params: BTreeMap<String, Value>,
    stats: Stats,
    chunk_bytes: usize,
    data_bytes: usize,
) -> Operation {
    let mb = mb_per_s(chunk_bytes, stats.median_ms);
    Operation::timed(name, params, stats)
        .with_figure(figure::BYTES_PER_SEC, mb * 1e6)
        .with_info("mb_per_s", mb)
        .with_info("data_bytes", data_bytes)
}

/// Bulk encryption over chunks, ready to time: encryption with a cipher in one mode over
/// chunks (a whole number of blocks) taken in turn from [`DATA_BYTES`] of random data. The
/// one path that times bulk encryption (`pkbench des`, the 1995 DES row), by pkbench's own
/// engine or, on the same key, IV and data, by a library's ([`CipherChunks::through`]).
pub struct CipherChunks {
    name: String,
    /// The engine the timed runs call: pkbench's own, or a library's.
    engine: Box<dyn crate::symmetric::Engine>,
    /// pkbench's own engine when `engine` is a library's: the reference its outputs are
    /// checked against.
    own: Option<Box<dyn crate::symmetric::Engine>>,
    mode: Mode,
    iv: Vec<u8>,
    chunk: usize,
    n: usize,
    data: Vec<u8>,
    output: Vec<u8>,
    seen: Vec<bool>,
    failed: bool,
}

impl CipherChunks {
    /// Prepares encryption with `spec` in `mode` over chunks of `chunk` bytes taken from
    /// [`DATA_BYTES`] of random data from `seed`; the key and the IV come from one ChaCha20
    /// stream seeded with `seed + 1` (key first). Each timed chunk is one call of
    /// [`crate::symmetric::Engine::apply`] from a fresh mode state (the same IV for every
    /// chunk). Before timing, the mode is checked on the first chunk against the NIST
    /// SP 800-38A reference and back ([`kat::check_mode`]); the cipher's known answers are
    /// the caller's to check (`pkbench des` checks `vectors/des.json`).
    ///
    /// # Errors
    /// [`Error::Input`] for a chunk that is not whole blocks or a mode the cipher lacks;
    /// [`Error::Runtime`] when the mode check fails.
    pub fn prepare(spec: &CipherSpec, mode: Mode, chunk: usize, seed: u64) -> Result<CipherChunks> {
        let name = format!("{}-{}", spec.display_name(), mode.label());
        let n = chunk_count(DATA_BYTES, chunk);
        let data = random_data(seed, n * chunk);
        let mut rng = ChaCha20Rng::seed_from_u64(seed.wrapping_add(1));
        let mut key = vec![0u8; spec.key_bytes()];
        rng.fill_bytes(&mut key);
        let engine = spec.engine(&key)?;
        let mut iv = vec![0u8; engine.block_bytes()];
        rng.fill_bytes(&mut iv);
        if !chunk.is_multiple_of(engine.block_bytes()) || !engine.modes().contains(&mode) {
            return Err(Error::input(format!(
                "{name}: chunks must be whole {}-byte blocks in a mode of the cipher",
                engine.block_bytes()
            )));
        }
        kat::check_mode(
            engine.as_ref(),
            &name,
            mode,
            Direction::Encrypt,
            &iv,
            &data[..chunk],
        )?;
        Ok(CipherChunks {
            name,
            engine,
            own: None,
            mode,
            iv,
            chunk,
            n,
            output: vec![0u8; n * chunk],
            data,
            seen: vec![false; n],
            failed: false,
        })
    }

    /// The same chunks, key and IV encrypted by `library` instead ([`CipherChunks::prepare`]
    /// first, so pkbench's own engine is checked on the mode's reference): the library's
    /// engine is the one `pkbench cipher --impl` times
    /// ([`crate::peers::engine::cipher_engine`]: its known answers, and both directions
    /// equal to pkbench's own, checked when it is made), and its output on the first chunk
    /// must equal pkbench's own before timing; [`CipherChunks::check`] compares every timed
    /// chunk with pkbench's own reference. Returns who computes it.
    ///
    /// # Errors
    /// As [`CipherChunks::prepare`]; [`Error::Runtime`] when the library is absent or lacks
    /// the cipher or mode (the caller asks first), a check fails, or its first chunk differs
    /// from pkbench's own.
    pub fn through(
        spec: &CipherSpec,
        mode: Mode,
        chunk: usize,
        seed: u64,
        library: crate::implementation::Library,
        discovery: crate::peers::Discovery,
    ) -> Result<(CipherChunks, crate::implementation::Implementation)> {
        let mut c = CipherChunks::prepare(spec, mode, chunk, seed)?;
        // The key `prepare` drew (the first bytes of the stream seeded with seed + 1).
        let mut rng = ChaCha20Rng::seed_from_u64(seed.wrapping_add(1));
        let mut key = vec![0u8; spec.key_bytes()];
        rng.fill_bytes(&mut key);
        let peer = crate::peers::engine::cipher_engine(
            spec,
            mode,
            Direction::Encrypt,
            &key,
            crate::implementation::Choice::Peer(library),
            discovery,
        )
        .map_err(|u| Error::runtime(format!("{}: {u}", library.name())))??;
        let src = &c.data[..chunk];
        let (mut mine, mut theirs) = (vec![0u8; chunk], vec![0u8; chunk]);
        c.engine
            .apply(mode, Direction::Encrypt, &c.iv, src, &mut mine)?;
        crate::symmetric::Engine::apply(&peer, mode, Direction::Encrypt, &c.iv, src, &mut theirs)?;
        if mine != theirs {
            return Err(Error::runtime(format!(
                "{}: {}: differs from pkbench's own output on the same chunk",
                library.name(),
                c.name
            )));
        }
        let imp = peer.implementation();
        c.own = Some(std::mem::replace(&mut c.engine, Box::new(peer)));
        Ok((c, imp))
    }

    /// Bytes of one chunk.
    pub fn chunk_bytes(&self) -> usize {
        self.chunk
    }

    /// Bytes of the data the chunks are taken from.
    pub fn data_bytes(&self) -> usize {
        self.n * self.chunk
    }

    /// Encrypts `n` chunks, numbers `start`, `start + 1`, … (cycling through the data).
    pub fn run(&mut self, start: usize, n: usize) {
        let chunk = self.chunk;
        for i in 0..n {
            let k = start.wrapping_add(i) % self.n;
            let (src, dst) = (
                &self.data[k * chunk..(k + 1) * chunk],
                &mut self.output[k * chunk..(k + 1) * chunk],
            );
            let r = self.engine.apply(
                self.mode,
                Direction::Encrypt,
                black_box(&self.iv),
                black_box(src),
                dst,
            );
            self.failed |= r.is_err();
            black_box(dst);
            self.seen[k] = true;
        }
    }

    /// After timing: every chunk the timed runs encrypted, compared with the reference modes
    /// computed block by block ([`kat::reference_apply`]; for a stream cipher, with the engine
    /// run again). Returns the number of chunks checked.
    ///
    /// # Errors
    /// [`Error::Runtime`] when a chunk is wrong.
    pub fn check(&self) -> Result<usize> {
        let wrong = || {
            Error::runtime(format!(
                "{}: a chunk encrypted in the timed region is wrong",
                self.name
            ))
        };
        if self.failed {
            return Err(wrong());
        }
        // The reference: pkbench's own engine (the timed one, or the library's twin's).
        let engine = self.own.as_deref().unwrap_or(self.engine.as_ref());
        let (chunk, iv) = (self.chunk, &self.iv);
        let mut checked = 0;
        for k in (0..self.n).filter(|&k| self.seen[k]) {
            let (src, got) = (
                &self.data[k * chunk..(k + 1) * chunk],
                &self.output[k * chunk..(k + 1) * chunk],
            );
            let want = match kat::reference_apply(engine, self.mode, Direction::Encrypt, iv, src) {
                Some(r) => r?,
                None => {
                    let mut again = vec![0u8; chunk];
                    engine.apply(self.mode, Direction::Encrypt, iv, src, &mut again)?;
                    again
                }
            };
            if got != want.as_slice() || got == src {
                return Err(wrong());
            }
            checked += 1;
        }
        Ok(checked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units() {
        // 10000 bytes in 1 ms = 10^7 bytes/s = 10 MB/s.
        assert_eq!(mb_per_s(10_000, 1.0), 10.0);
        assert_eq!(chunk_count(DATA_BYTES, DEFAULT_CHUNK), 750);
        assert_eq!(chunk_count(5, 10), 1);
        let op = throughput_operation(
            "hash",
            BTreeMap::new(),
            Stats::from_samples(vec![1.0], 1),
            10_000,
            DATA_BYTES,
        );
        assert_eq!(op.figures["bytes_per_sec"], 1e7);
        assert_eq!(op.info_f64("mb_per_s"), Some(10.0));
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
        assert!(check_chunk(10_000, 8).is_ok());
        let e = check_chunk(10_001, 8).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message().contains("multiple of 8"), "{e}");
        assert!(check_chunk(0, 1).is_err());
        assert!(check_chunk(DATA_BYTES + 1, 1).is_err());
    }

    #[test]
    fn cipher_chunks_are_checked() {
        let des = CipherSpec::parse("des", None).unwrap();
        for mode in [Mode::Ecb, Mode::Cbc, Mode::Ctr] {
            let mut c = CipherChunks::prepare(&des, mode, 800, 9).unwrap();
            c.run(0, 20);
            assert_eq!(c.check().unwrap(), 20, "{mode:?}");
            assert_eq!((c.chunk_bytes(), c.data_bytes()), (800, DATA_BYTES));
            // A chunk changed after timing is caught.
            c.output[800] ^= 1;
            assert_eq!(c.check().unwrap_err().exit_code(), 1);
        }
        let rc4 = CipherSpec::parse("arcfour", None).unwrap();
        let mut c = CipherChunks::prepare(&rc4, Mode::Stream, 100, 9).unwrap();
        c.run(0, 3);
        assert_eq!(c.check().unwrap(), 3);
        let e = CipherChunks::prepare(&des, Mode::Ecb, 12, 9).err().unwrap();
        assert_eq!(e.exit_code(), 2);
    }
}

//! Single DES (FIPS 46-3) timings, as in the 1995 "Some timings" post: key setup in µs per
//! key, and encryption throughput in MB/s (10^6 bytes/s) over "random" data, ECB by default
//! or CBC. The cipher is the RustCrypto `des` crate; CBC is the RustCrypto `cbc` crate.
//!
//! Correctness, outside the timed region:
//! - before timing, the known answers of `vectors/des.json` (the first being the classic
//!   textbook example) are checked, encrypting and decrypting;
//! - after timing key setup, every key schedule the timed runs built encrypts a test block and
//!   is compared with a schedule built again;
//! - after timing ECB, every encrypted chunk is compared with the same chunk encrypted block by
//!   block; after timing CBC, every encrypted chunk is decrypted and compared with the input.

use crate::bulk::{self, Throughput};
use crate::error::{Error, Result};
use crate::measure::{self, MeasureConfig, Stats};
use des::Des;
use des::cipher::{
    Block, BlockCipherDecrypt, BlockCipherEncrypt, BlockModeDecrypt, BlockModeEncrypt, InnerIvInit,
    KeyInit, array::Array, consts::U8,
};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::hint::black_box;

/// DES block size in bytes.
pub const BLOCK: usize = 8;

/// Keys in the key-setup pool (each timed key setup takes the next one, cyclically).
pub const KEY_POOL: usize = 1024;

/// Mode of operation for the throughput timing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Electronic codebook: each 8-byte block encrypted independently (the post's figure).
    Ecb,
    /// Cipher block chaining (NIST SP 800-38A §6.2), a fresh IV per chunk.
    Cbc,
}

impl Mode {
    /// "ECB" or "CBC".
    pub fn label(self) -> &'static str {
        match self {
            Mode::Ecb => "ECB",
            Mode::Cbc => "CBC",
        }
    }
}

#[derive(Deserialize)]
struct DesFile {
    vectors: Vec<DesVector>,
}

#[derive(Deserialize)]
struct DesVector {
    key: String,
    plaintext: String,
    ciphertext: String,
}

/// Single-DES known answers computed with OpenSSL (see its `about`).
const DES_JSON: &str = include_str!("../vectors/des.json");

/// The known-answer vectors (key, plaintext, ciphertext), 8 bytes each.
pub fn known_answers() -> Vec<([u8; 8], [u8; 8], [u8; 8])> {
    let file: DesFile = serde_json::from_str(DES_JSON).expect("vectors/des.json parses (tested)");
    let b8 = |s: &str| -> [u8; 8] {
        hex::decode(s)
            .expect("embedded vector is hex (tested)")
            .try_into()
            .expect("embedded vector has 8 bytes (tested)")
    };
    file.vectors
        .iter()
        .map(|v| (b8(&v.key), b8(&v.plaintext), b8(&v.ciphertext)))
        .collect()
}

/// Checks every known answer, encrypting and decrypting, and returns how many were checked.
///
/// # Errors
/// [`Error::Runtime`] naming the key when a result is wrong.
pub fn check_known_answers() -> Result<usize> {
    let kats = known_answers();
    for (key, pt, ct) in &kats {
        let des = Des::new(&Array::from(*key));
        let mut b = Block::<Des>::from(*pt);
        des.encrypt_block(&mut b);
        let enc_ok = b.0 == *ct;
        des.decrypt_block(&mut b);
        if !enc_ok || b.0 != *pt {
            return Err(Error::runtime(format!(
                "DES: known-answer check failed for key {}",
                hex::encode(key)
            )));
        }
    }
    Ok(kats.len())
}

/// The result of timing DES key setup.
#[derive(Debug, Clone, Serialize)]
pub struct KeySetupRun {
    /// µs per key setup at the median.
    pub us_per_key: f64,
    /// Distinct random keys cycled through.
    pub keys: usize,
    /// Known-answer vectors checked before timing.
    pub known_answers_checked: usize,
    /// Key schedules from timed runs re-checked after timing.
    pub outputs_checked: usize,
    /// Time per key setup, ms (median, quartiles, raw samples).
    pub stats: Stats,
}

/// Times DES key setup (`Des::new`: the 16 round keys from a 64-bit key) over [`KEY_POOL`]
/// fresh random keys from `seed`.
///
/// # Errors
/// [`Error::Runtime`] when a known answer or a timed key schedule is wrong.
pub fn time_key_setup(cfg: &MeasureConfig, seed: u64) -> Result<KeySetupRun> {
    let known_answers_checked = check_known_answers()?;
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let keys: Vec<[u8; 8]> = (0..KEY_POOL)
        .map(|_| {
            let mut k = [0u8; 8];
            rng.fill_bytes(&mut k);
            k
        })
        .collect();
    let mut built: Vec<Option<Des>> = vec![None; KEY_POOL];
    let stats = measure::measure(cfg, |i| {
        let k = i % KEY_POOL;
        built[k] = Some(black_box(Des::new(&Array::from(*black_box(&keys[k])))));
    });
    let probe = [0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef];
    let mut outputs_checked = 0;
    for (key, des) in keys.iter().zip(&built) {
        let Some(des) = des else { continue };
        let fresh = Des::new(&Array::from(*key));
        let (mut a, mut b) = (Block::<Des>::from(probe), Block::<Des>::from(probe));
        des.encrypt_block(&mut a);
        fresh.encrypt_block(&mut b);
        if a != b || a.0 == probe {
            return Err(Error::runtime(
                "DES: a key schedule built in the timed region encrypts wrongly",
            ));
        }
        outputs_checked += 1;
    }
    Ok(KeySetupRun {
        us_per_key: stats.median_us(),
        keys: KEY_POOL,
        known_answers_checked,
        outputs_checked,
        stats,
    })
}

/// The result of timing DES encryption.
#[derive(Debug, Clone, Serialize)]
pub struct EncryptRun {
    /// Mode of operation.
    pub mode: Mode,
    /// Known-answer vectors checked before timing.
    pub known_answers_checked: usize,
    /// Encrypted chunks from timed runs re-checked after timing.
    pub outputs_checked: usize,
    /// Throughput over chunks of `throughput.chunk_bytes` bytes.
    pub throughput: Throughput,
}

/// Times DES encryption in `mode` over chunks of `chunk` bytes (a multiple of 8) taken in turn
/// from [`bulk::DATA_BYTES`] of random data from `seed`; the key and IV come from the same RNG
/// stream (seed + 1).
///
/// # Errors
/// [`Error::Input`] for a bad chunk size; [`Error::Runtime`] when a check fails.
pub fn time_encrypt(
    mode: Mode,
    chunk: usize,
    cfg: &MeasureConfig,
    seed: u64,
) -> Result<EncryptRun> {
    bulk::check_chunk("--block", chunk, BLOCK)?;
    let known_answers_checked = check_known_answers()?;
    let n = bulk::chunk_count(bulk::DATA_BYTES, chunk);
    let data = bulk::random_data(seed, n * chunk);
    let mut rng = ChaCha20Rng::seed_from_u64(seed.wrapping_add(1));
    let (mut key, mut iv) = ([0u8; 8], [0u8; 8]);
    rng.fill_bytes(&mut key);
    rng.fill_bytes(&mut iv);
    let des = Des::new(&Array::from(key));
    let iv = Array::from(iv);
    let (input, _) = Array::<u8, U8>::slice_as_chunks(&data);
    let mut output = vec![Block::<Des>::default(); input.len()];
    let per = chunk / BLOCK;
    let mut seen = vec![false; n];
    let throughput = bulk::time_chunks(cfg, chunk, n, |k| {
        let src = black_box(&input[k * per..(k + 1) * per]);
        let dst = &mut output[k * per..(k + 1) * per];
        let r = match mode {
            Mode::Ecb => des.encrypt_blocks_b2b(src, dst),
            Mode::Cbc => {
                cbc::Encryptor::<Des>::inner_iv_init(des.clone(), &iv).encrypt_blocks_b2b(src, dst)
            }
        };
        debug_assert!(r.is_ok());
        black_box(dst);
        seen[k] = true;
    });
    let mut outputs_checked = 0;
    let mut back = vec![Block::<Des>::default(); per];
    for k in (0..n).filter(|&k| seen[k]) {
        let src = &input[k * per..(k + 1) * per];
        let got = &output[k * per..(k + 1) * per];
        let ok = match mode {
            Mode::Ecb => src.iter().zip(got).all(|(p, c)| {
                let mut b = *p;
                des.encrypt_block(&mut b);
                b == *c
            }),
            Mode::Cbc => {
                cbc::Decryptor::<Des>::inner_iv_init(des.clone(), &iv)
                    .decrypt_blocks_b2b(got, &mut back)
                    .map_err(|_| Error::runtime("DES-CBC: buffer lengths differ"))?;
                back == src && got[0] != src[0]
            }
        };
        if !ok {
            return Err(Error::runtime(format!(
                "DES-{}: a chunk encrypted in the timed region is wrong",
                mode.label()
            )));
        }
        outputs_checked += 1;
    }
    Ok(EncryptRun {
        mode,
        known_answers_checked,
        outputs_checked,
        throughput,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::Clock;

    #[test]
    fn known_answers_pass_and_are_real() {
        assert_eq!(check_known_answers().unwrap(), 5);
        // The textbook example: key 133457799BBCDFF1, 0123456789ABCDEF → 85E813540F0AB405.
        let (k, p, c) = known_answers()[0];
        assert_eq!(hex::encode(k), "133457799bbcdff1");
        let mut b = Block::<Des>::from(p);
        Des::new(&Array::from(k)).encrypt_block(&mut b);
        assert_eq!(hex::encode(b.0), "85e813540f0ab405");
        assert_ne!(c, p);
    }

    #[test]
    fn short_runs_check_their_outputs() {
        let cfg = MeasureConfig::with_budget_secs(0.005, Clock::Wall);
        let ks = time_key_setup(&cfg, 9).unwrap();
        assert!(ks.outputs_checked >= 1 && ks.us_per_key > 0.0);
        for mode in [Mode::Ecb, Mode::Cbc] {
            let r = time_encrypt(mode, 800, &cfg, 9).unwrap();
            assert!(r.outputs_checked >= 1, "{mode:?}");
            assert_eq!(r.throughput.chunk_bytes, 800);
        }
        assert_eq!(
            time_encrypt(Mode::Ecb, 801, &cfg, 9)
                .unwrap_err()
                .exit_code(),
            2
        );
    }
}

//! Single DES as the 1995 post timed it: key setup in µs per key, and encryption throughput
//! in MB/s (10^6 bytes/s) over "random" data, ECB by default or CBC, through the cipher
//! registry's DES engine and modes ([`crate::symmetric`], the engine `pkbench cipher` times)
//! on the one bulk-encryption path ([`bulk::CipherChunks`]).
//!
//! A library computes the same work on the same inputs: key setup through OpenSSL's
//! `DES_set_key_unchecked`, encryption through the library's DES in that mode (OpenSSL's EVP
//! or libgcrypt, the engine `pkbench cipher --impl` times), both made by
//! [`DesJob::through`] and checked against the `des` crate as below.
//!
//! Correctness, outside the timed region:
//! - before timing, the known answers of `vectors/des.json` ([`des::check_known_answers`]);
//! - after timing key setup, every key schedule the timed runs built encrypts a test block and
//!   is compared with a schedule built again;
//! - for encryption, the mode is checked against the NIST SP 800-38A reference before timing,
//!   and every chunk the timed runs encrypted is compared with the reference afterwards.

use super::Config;
use super::bulk;
use super::imp::Library;
use crate::des::{self, BLOCK};
use crate::error::{Error, Result};
use crate::implementation::Implementation;
use crate::measure::Stats;
use crate::peers::{Discovery, PeerError, Unavailable, openssl};
use crate::record::{self, Operation, info as rinfo};
use crate::symmetric::Mode;
use ::des::Des;
use ::des::cipher::{Block, BlockCipherEncrypt, KeyInit, array::Array};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use serde_json::{Map, Value};
use std::hint::black_box;

/// Keys in the key-setup pool (each timed key setup takes the next one, cyclically).
pub const KEY_POOL: usize = 1024;

/// What to time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DesJob {
    /// Key setup (the 16 round keys of a fresh random key): operation "key setup".
    KeySetup,
    /// The same key setup, on the same keys, by a library: OpenSSL's
    /// `DES_set_key_unchecked` (`openssl/des.h`; [`openssl::DesKeySetup`]). Only `des
    /// --keysetup --impl openssl` makes it ([`DesJob::through`]).
    KeySetupThrough(Library),
    /// Encryption in `mode` of chunks of `block` bytes taken in turn from
    /// [`bulk::DATA_BYTES`] of random data: operation "encrypt".
    Encrypt {
        /// Mode of operation (the post's figure is ECB).
        mode: Mode,
        /// Bytes per timed chunk, a multiple of 8.
        block: usize,
    },
    /// The same encryption, on the same key, IV and chunks, by a library's DES in that mode
    /// (OpenSSL's EVP or libgcrypt: the engine `pkbench cipher --algo des --impl` times,
    /// [`bulk::CipherChunks::through`]). Made by [`DesJob::through`].
    EncryptThrough {
        /// Mode of operation.
        mode: Mode,
        /// Bytes per timed chunk, a multiple of 8.
        block: usize,
        /// Who computes it.
        library: Library,
    },
}

impl DesJob {
    /// The encryption job: `mode` over chunks of `block` bytes.
    ///
    /// # Errors
    /// [`crate::error::DataError::ChunkSize`] for a chunk size that is not a multiple of 8 from 8 to
    /// [`bulk::DATA_BYTES`].
    pub fn encrypt(mode: Mode, block: usize) -> Result<DesJob> {
        bulk::check_chunk(block, BLOCK)?;
        Ok(DesJob::Encrypt { mode, block })
    }

    /// This job computed by `library`: key setup by OpenSSL's `DES_set_key_unchecked`;
    /// encryption by the library's DES in the job's mode (OpenSSL's EVP or libgcrypt, the
    /// cipher engine of `pkbench cipher --impl`).
    ///
    /// # Errors
    /// [`Unavailable`] when the library is absent; for key setup, a library other than
    /// OpenSSL (none other exports a key schedule call) or an OpenSSL without the DES
    /// functions; for encryption, a library without DES in that mode (GMP has no ciphers).
    pub fn through(
        &self,
        library: Library,
        discovery: Discovery,
    ) -> std::result::Result<DesJob, Unavailable> {
        let unsupported = |why: &str| Unavailable::Unsupported {
            library: library.name().into(),
            what: self.label(),
            why: why.into(),
        };
        match (*self, library) {
            (DesJob::Encrypt { mode, block } | DesJob::EncryptThrough { mode, block, .. }, _) => {
                // Whether the library has DES in this mode (the same question `pkbench
                // cipher --impl` asks, with a throw-away key); its checks run when the job
                // is prepared.
                drop(crate::peers::engine::cipher_engine(
                    &des::spec(),
                    mode,
                    crate::symmetric::Direction::Encrypt,
                    &[0x5a; 8],
                    crate::implementation::Choice::Peer(library),
                    discovery,
                )?);
                Ok(DesJob::EncryptThrough {
                    mode,
                    block,
                    library,
                })
            }
            (_, Library::OpenSsl) => {
                let s = openssl::load(discovery)?;
                match openssl::DesKeySetup::new(s) {
                    Ok(_) => Ok(DesJob::KeySetupThrough(library)),
                    Err(PeerError::Unavailable(u)) => Err(u),
                    Err(e) => Err(unsupported(&e.to_string())),
                }
            }
            (_, Library::Gmp) => {
                crate::peers::gmp::load(discovery)?;
                Err(unsupported("GMP has no ciphers"))
            }
            (_, Library::Gcrypt) => {
                crate::peers::gcrypt::load(discovery)?;
                Err(unsupported(
                    "libgcrypt exports no call that builds a DES key schedule alone (gcry_cipher_setkey keys a whole cipher handle)",
                ))
            }
        }
    }

    /// "DES key setup" or "DES-ECB".
    pub fn label(&self) -> String {
        match self {
            DesJob::KeySetup | DesJob::KeySetupThrough(_) => "DES key setup".to_string(),
            DesJob::Encrypt { mode, .. } | DesJob::EncryptThrough { mode, .. } => {
                format!("DES-{}", mode.label())
            }
        }
    }
}

/// Prepares a DES job (see the module documentation) with keys and data from `cfg.seed`: the
/// known answers checked; one timed operation.
///
/// "key setup" (identified by command and `op`): statistics per key (ms), figure
/// `keys_per_sec`; `info`: `us_per_key`, `keys` (the pool), `known_answers_checked`,
/// `outputs_checked`. "encrypt" (identified by command, mode label and block size):
/// statistics per chunk, figure `bytes_per_sec`; `info`: `mb_per_s`, `data_bytes`,
/// `known_answers_checked`, `outputs_checked`. Both are computed by the `des` crate.
///
/// # Errors
/// [`crate::error::DataError::ChunkSize`] for a bad chunk size; [`Error::Runtime`] when a known
/// answer or the mode check is wrong (and, at [`super::Prepared::finish`], a timed output).
pub fn prepare(job: &DesJob, cfg: &Config) -> Result<Box<dyn super::Prepared>> {
    let state = match *job {
        DesJob::KeySetup => State::KeySetup {
            keys: key_pool(cfg.seed),
            built: vec![None; KEY_POOL],
        },
        DesJob::KeySetupThrough(library) => {
            let ks = match library {
                Library::OpenSsl => openssl::load(cfg.discovery)
                    .map_err(|u| Error::runtime(format!("openssl: {u}")))
                    .and_then(|s| Ok(openssl::DesKeySetup::new(s)?))?,
                other => {
                    return Err(Error::runtime(format!(
                        "{}: no DES key setup call",
                        other.name()
                    )));
                }
            };
            let keys = key_pool(cfg.seed);
            let mut state = PeerKeySetup {
                ks,
                keys,
                last: None,
            };
            // Before timing: the library's schedule of every pooled key enciphers the probe
            // block as the des crate's does.
            for k in 0..KEY_POOL {
                state.ks.set_key(&state.keys[k]);
                let got = state.ks.encrypt_block(&PROBE);
                state.check(k, got)?;
            }
            State::PeerKeySetup(state)
        }
        DesJob::Encrypt { mode, block } => {
            bulk::check_chunk(block, BLOCK)?;
            State::Encrypt(
                Box::new(bulk::CipherChunks::prepare(
                    &des::spec(),
                    mode,
                    block,
                    cfg.seed,
                )?),
                Implementation::of_crate("des"),
            )
        }
        DesJob::EncryptThrough {
            mode,
            block,
            library,
        } => {
            bulk::check_chunk(block, BLOCK)?;
            let (chunks, imp) = bulk::CipherChunks::through(
                &des::spec(),
                mode,
                block,
                cfg.seed,
                library,
                cfg.discovery,
            )?;
            State::Encrypt(Box::new(chunks), imp)
        }
    };
    Ok(Box::new(PreparedDes {
        job: *job,
        known_answers_checked: des::check_known_answers()?,
        state,
    }))
}

/// The key-setup pool: [`KEY_POOL`] random keys from `seed` (the same for every job of one
/// seed, so a library's row sets up the keys pkbench's own does).
fn key_pool(seed: u64) -> Vec<[u8; 8]> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    (0..KEY_POOL)
        .map(|_| {
            let mut k = [0u8; 8];
            rng.fill_bytes(&mut k);
            k
        })
        .collect()
}

/// The block every checked schedule enciphers.
const PROBE: [u8; 8] = [0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef];

/// The des crate's encipherment of [`PROBE`] under `key`.
fn probe_under(key: &[u8; 8]) -> [u8; 8] {
    let mut b = Block::<Des>::from(PROBE);
    Des::new(&Array::from(*key)).encrypt_block(&mut b);
    b.0
}

/// A library's key setup: its schedule object, the keys, and the probe block enciphered by
/// the last schedule of the last timed batch (with its key's index).
struct PeerKeySetup {
    ks: openssl::DesKeySetup,
    keys: Vec<[u8; 8]>,
    last: Option<(usize, [u8; 8])>,
}

impl PeerKeySetup {
    /// `got` is the probe block enciphered under key `k` by the library's schedule.
    fn check(&self, k: usize, got: [u8; 8]) -> Result<()> {
        if got != probe_under(&self.keys[k]) {
            return Err(Error::runtime(
                "DES: OpenSSL's key schedule enciphers differently from the des crate's",
            ));
        }
        Ok(())
    }
}

/// What a prepared DES job holds.
enum State {
    /// [`KEY_POOL`] random keys and the schedule the timed runs last built for each.
    KeySetup {
        keys: Vec<[u8; 8]>,
        built: Vec<Option<Des>>,
    },
    /// Key setup by a library.
    PeerKeySetup(PeerKeySetup),
    /// Encryption over chunks, and who computes it.
    Encrypt(Box<bulk::CipherChunks>, Implementation),
}

struct PreparedDes {
    job: DesJob,
    known_answers_checked: usize,
    state: State,
}

impl super::Prepared for PreparedDes {
    fn label(&self) -> String {
        self.job.label()
    }

    fn timed(&self) -> usize {
        1
    }

    fn run(&mut self, _k: usize, start: usize, n: usize) {
        match &mut self.state {
            State::KeySetup { keys, built } => {
                for i in 0..n {
                    let k = start.wrapping_add(i) % KEY_POOL;
                    built[k] = Some(black_box(Des::new(&Array::from(*black_box(&keys[k])))));
                }
            }
            State::PeerKeySetup(p) => {
                for i in 0..n {
                    let k = start.wrapping_add(i) % KEY_POOL;
                    p.ks.set_key(black_box(&p.keys[k]));
                }
                if n > 0 {
                    let k = start.wrapping_add(n - 1) % KEY_POOL;
                    p.last = Some((k, p.ks.encrypt_block(&PROBE)));
                }
            }
            State::Encrypt(c, _) => c.run(start, n),
        }
    }

    fn finish(self: Box<Self>, stats: Vec<Stats>) -> Result<Vec<Operation>> {
        let stats = stats
            .into_iter()
            .next()
            .ok_or_else(|| Error::runtime("DES: nothing was timed"))?;
        let op = match &self.state {
            State::KeySetup { keys, built } => key_setup_op(stats, check_schedules(keys, built)?),
            State::PeerKeySetup(p) => {
                let mut outputs_checked = 0;
                if let Some((k, got)) = p.last {
                    p.check(k, got)?;
                    outputs_checked = 1;
                }
                return Ok(vec![
                    key_setup_op(stats, outputs_checked)
                        .with_info("schedules_checked_before", KEY_POOL)
                        .by(p.ks.implementation()),
                ]);
            }
            State::Encrypt(c, imp) => {
                let outputs_checked = c.check()?;
                let (DesJob::Encrypt { mode, block } | DesJob::EncryptThrough { mode, block, .. }) =
                    self.job
                else {
                    unreachable!("an Encrypt state belongs to an encryption job")
                };
                let key = record::params([
                    ("command", "des".into()),
                    ("mode", mode.label().into()),
                    ("block", block.into()),
                ]);
                return Ok(vec![
                    bulk::throughput_operation(
                        "encrypt",
                        key,
                        stats,
                        c.chunk_bytes(),
                        c.data_bytes(),
                    )
                    .with_info(rinfo::OUTPUTS_CHECKED, outputs_checked)
                    .with_info(rinfo::KNOWN_ANSWERS_CHECKED, self.known_answers_checked)
                    .by(imp.clone()),
                ]);
            }
        };
        Ok(vec![
            op.with_info(rinfo::KNOWN_ANSWERS_CHECKED, self.known_answers_checked)
                .by(Implementation::of_crate("des")),
        ])
    }
}

/// The operation "key setup" of `stats` (per key), `outputs_checked` schedules checked after
/// timing: figure `keys_per_sec`, info `us_per_key`, `keys`, `outputs_checked`.
fn key_setup_op(stats: Stats, outputs_checked: usize) -> Operation {
    let key = record::params([("command", "des".into()), ("op", "key setup".into())]);
    let (us_per_key, keys_per_sec) = (stats.median_us(), stats.ops_per_sec());
    Operation::timed("key setup", key, stats)
        .with_figure("keys_per_sec", keys_per_sec)
        .with_info("us_per_key", us_per_key)
        .with_info("keys", KEY_POOL)
        .with_info(rinfo::OUTPUTS_CHECKED, outputs_checked)
}

/// After timing key setup: every key schedule the timed runs built encrypts a test block as
/// a schedule built again does. Returns how many were checked.
fn check_schedules(keys: &[[u8; 8]], built: &[Option<Des>]) -> Result<usize> {
    let probe = PROBE;
    let mut checked = 0;
    for (key, des) in keys.iter().zip(built) {
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
        checked += 1;
    }
    Ok(checked)
}

/// The record params of a `des` run of `job`: `keysetup: true`, or `mode` (label) and `block`.
pub fn params(job: &DesJob) -> Map<String, Value> {
    let mut m = Map::new();
    match job {
        DesJob::KeySetup | DesJob::KeySetupThrough(_) => {
            m.insert("keysetup".into(), true.into());
        }
        DesJob::Encrypt { mode, block } | DesJob::EncryptThrough { mode, block, .. } => {
            m.insert("mode".into(), mode.label().into());
            m.insert("block".into(), (*block).into());
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::{Clock, MeasureConfig};

    #[test]
    fn short_runs_check_their_outputs() {
        let cfg = Config {
            measure: MeasureConfig::with_budget_secs(0.005, Clock::Wall),
            seed: 9,
            quiet: true,
            discovery: Default::default(),
        };
        let run = |j: &DesJob| super::super::run(&super::super::Job::Des(*j), &cfg);
        let ks = &run(&DesJob::KeySetup).unwrap()[0];
        assert!(ks.info_u64(rinfo::OUTPUTS_CHECKED).unwrap() >= 1);
        assert!(ks.info_f64("us_per_key").unwrap() > 0.0);
        assert_eq!(ks.info_u64(rinfo::KNOWN_ANSWERS_CHECKED), Some(5));
        for mode in [Mode::Ecb, Mode::Cbc] {
            let op = &run(&DesJob::encrypt(mode, 800).unwrap()).unwrap()[0];
            assert!(
                op.info_u64(rinfo::OUTPUTS_CHECKED).unwrap() >= 1,
                "{mode:?}"
            );
            assert_eq!(op.params["block"], 800);
            assert_eq!(op.implementation.as_ref().unwrap().name, "des");
        }
        assert_eq!(DesJob::encrypt(Mode::Ecb, 801).unwrap_err().exit_code(), 2);
    }
}

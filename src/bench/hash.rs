//! Hash throughput in MB/s with the 1995 post's method: 10000-byte blocks (by default) taken
//! in turn from 7.5 MB of "random" data in RAM ([`super::bulk`]), one complete digest (init,
//! update, final) per timed operation, for a time budget instead of the post's fixed 10000
//! repetitions.
//!
//! Correctness, outside the timed region: the function's known answers are checked before
//! timing ([`Algo::check_known_answers`], and through a library fed as it will be timed);
//! after timing, every digest the timed runs produced is compared with one computed again
//! by feeding the same block in uneven pieces (another path through the buffering code) or,
//! for a hash pkbench has no code for (RIPEMD-160, Tiger, WHIRLPOOL, CRC-32, CRC-24: only
//! libgcrypt computes them here), by libgcrypt's one-call `gcry_md_hash_buffer`.
//!
//! The libgcrypt columns ([`GcryptMode`]) are timed for pkbench's own code and for
//! libgcrypt (its `gcry_md_write` loop and `gcry_md_putc` macro); OpenSSL gets the two
//! whole-message columns, "1" and "large".

mod digester;

use super::Config;
use super::bulk;
use super::imp::{Choice, Library};
use crate::error::{Error, Result};
use crate::hash::Algo;
use crate::measure::Stats;
use crate::peers::{Discovery, Unavailable};
use crate::record::{self, Operation, info as rinfo};
use digester::{Digester, peer_digester};
use std::hint::black_box;

/// Most blocks a job keeps (each with its digest): small blocks (1 to 28 bytes) take their
/// pool from the first `MAX_BLOCKS × block` bytes of the data, so that one-byte messages do
/// not need 7.5 million digests of memory.
pub const MAX_BLOCKS: usize = 1 << 18;

/// The sizes `openssl speed` times a digest or a cipher at, in bytes (its `lengths_list`:
/// 16, 64, 256, 1024, 8192, 16384).
pub const OPENSSL_SIZES: [usize; 6] = [16, 64, 256, 1024, 8192, 16384];

/// How the bytes of one timed digest reach the hasher.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feed {
    /// One call: init, one update of the whole block, final ([`Algo::digest_into`]).
    Whole,
    /// Updates of this many bytes each ([`Algo::digest_writes`]).
    Writes(usize),
    /// One byte value per update ([`Algo::digest_putc`]).
    Putc,
}

/// The five columns of libgcrypt's `tests/benchmark.c` hash table (2013, `md_bench`), as
/// pkbench times them: each timed operation is one digest, MB/s from the bytes it covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GcryptMode {
    /// "buf": a 10^6-byte message written in 1000-byte buffers.
    Buf,
    /// "buf/10": a 10^6-byte message written in 100-byte buffers.
    BufTenth,
    /// "1": one-byte messages, each a whole digest (init, update, final).
    One,
    /// "putc": a 10^6-byte message fed a byte at a time through the streaming interface.
    Putc,
    /// "large": one 10^6-byte message in one call.
    Large,
}

impl GcryptMode {
    /// The five, in the table's column order.
    pub const ALL: [GcryptMode; 5] = [
        GcryptMode::Buf,
        GcryptMode::BufTenth,
        GcryptMode::One,
        GcryptMode::Putc,
        GcryptMode::Large,
    ];

    /// Bytes of the long message of "buf", "buf/10", "putc" and "large".
    pub const MESSAGE_BYTES: usize = 1_000_000;

    /// The column's name, also the record's operation name: "buf", "buf/10", "1", "putc",
    /// "large".
    pub fn label(self) -> &'static str {
        match self {
            GcryptMode::Buf => "buf",
            GcryptMode::BufTenth => "buf/10",
            GcryptMode::One => "1",
            GcryptMode::Putc => "putc",
            GcryptMode::Large => "large",
        }
    }

    /// Bytes per timed digest and how they are fed.
    pub fn shape(self) -> (usize, Feed) {
        let m = GcryptMode::MESSAGE_BYTES;
        match self {
            GcryptMode::Buf => (m, Feed::Writes(1000)),
            GcryptMode::BufTenth => (m, Feed::Writes(100)),
            GcryptMode::One => (1, Feed::Whole),
            GcryptMode::Putc => (m, Feed::Putc),
            GcryptMode::Large => (m, Feed::Whole),
        }
    }
}

/// One hash function over blocks of one size: operation "hash" (or, for a libgcrypt mode,
/// the mode's label).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashJob {
    /// The function.
    pub algo: Algo,
    /// Bytes hashed per timed digest, 1 to [`bulk::DATA_BYTES`].
    pub block: usize,
    /// The libgcrypt column this job times, if any (it sets `block` and the feed).
    pub gcrypt: Option<GcryptMode>,
    /// Who computes it ([`HashJob::through`]); pkbench's own registry entry by default.
    pub imp: Choice,
}

impl HashJob {
    /// The job for `algo` over blocks of `block` bytes, each one call.
    ///
    /// # Errors
    /// [`crate::error::DataError::ChunkSize`] for a block size outside 1..=[`bulk::DATA_BYTES`].
    pub fn new(algo: Algo, block: usize) -> Result<HashJob> {
        bulk::check_chunk(block, 1)?;
        Ok(HashJob {
            algo,
            block,
            gcrypt: None,
            imp: Choice::Own,
        })
    }

    /// The same job computed by `library`: for SHA-0, which no library has, its stand-in
    /// SHA-1 ([`stand_in`]).
    pub fn through(&self, library: Library) -> HashJob {
        self.by(Choice::Peer(library))
    }

    /// The same job computed by `choice`: pkbench's own code as it is; a library or a crate
    /// (`peers::crates::CRATES`) with SHA-0's stand-in SHA-1 ([`stand_in`]).
    pub fn by(&self, choice: Choice) -> HashJob {
        match choice {
            Choice::Own | Choice::Portable => HashJob {
                imp: choice,
                ..*self
            },
            Choice::Peer(_) | Choice::Crate(_) => HashJob {
                algo: stand_in(self.algo),
                imp: choice,
                ..*self
            },
        }
    }

    /// The job of one libgcrypt column for `algo`.
    pub fn gcrypt(algo: Algo, mode: GcryptMode) -> HashJob {
        HashJob {
            algo,
            block: mode.shape().0,
            gcrypt: Some(mode),
            imp: Choice::Own,
        }
    }

    /// How the bytes of a timed digest are fed.
    pub fn feed(&self) -> Feed {
        self.gcrypt.map_or(Feed::Whole, |m| m.shape().1)
    }

    /// "MD5 over 10000-byte blocks", "MD5 libgcrypt buf/10".
    pub fn label(&self) -> String {
        match self.gcrypt {
            Some(m) => format!("{} libgcrypt {}", self.algo.name(), m.label()),
            None => format!("{} over {}-byte blocks", self.algo.name(), self.block),
        }
    }
}

/// Prepares a hash job (see the module documentation): the known answers checked, the data
/// made from `cfg.seed`; one timed operation, "hash" (identified by command, algorithm
/// (display name) and block size; statistics per block (ms), figure `bytes_per_sec`; `info`:
/// `mb_per_s`, `data_bytes`, `implementation` (the report's label, e.g. "RustCrypto md-5
/// 0.11"), `known_answers_checked`, `known_answers_source`, `outputs_checked`,
/// `outputs_checked_against`: what the timed digests were compared with).
///
/// # Errors
/// [`crate::error::DataError::ChunkSize`] for a bad block size; [`Error::Runtime`] when a known
/// answer is wrong (and, at [`super::Prepared::finish`], when a timed digest is).
pub fn prepare(job: &HashJob, cfg: &Config) -> Result<Box<dyn super::Prepared>> {
    let (algo, block) = (job.algo, job.block);
    bulk::check_chunk(block, 1)?;
    let mut known_answers_checked = algo.check_known_answers()?;
    let digester = match job.imp {
        Choice::Own | Choice::Portable => match algo.own() {
            Some(d) => Digester::Own(d),
            None => return Err(Error::input(no_own_code(algo))),
        },
        Choice::Peer(_) | Choice::Crate(_) => match peer_digester(job, cfg.discovery) {
            Ok(Ok(d)) => {
                known_answers_checked = algo.known_answers().len();
                d
            }
            Ok(Err(e)) => return Err(e.into()),
            Err(u) => return Err(Error::runtime(u.to_string())),
        },
    };
    let n = bulk::chunk_count(bulk::DATA_BYTES, block).min(MAX_BLOCKS);
    let ob = algo.output_bytes();
    Ok(Box::new(PreparedHash {
        job: *job,
        digester,
        n,
        data: bulk::random_data(cfg.seed, n * block),
        outs: vec![0u8; n * ob],
        seen: vec![false; n],
        failed: false,
        known_answers_checked,
    }))
}

/// A hash job with its data, and the digest of each block as the timed runs left it.
struct PreparedHash {
    job: HashJob,
    digester: Digester,
    n: usize,
    data: Vec<u8>,
    outs: Vec<u8>,
    seen: Vec<bool>,
    failed: bool,
    known_answers_checked: usize,
}

impl PreparedHash {
    /// The operation's name and params: "hash" by command, algorithm and block size; a
    /// libgcrypt column by its label, command, algorithm and method "gcrypt".
    fn identity(
        &self,
    ) -> (
        &'static str,
        std::collections::BTreeMap<String, serde_json::Value>,
    ) {
        let (algo, block) = (self.job.algo, self.job.block);
        match self.job.gcrypt {
            None => (
                "hash",
                record::params([
                    ("command", "hash".into()),
                    ("algo", algo.name().into()),
                    ("block", block.into()),
                ]),
            ),
            Some(m) => (
                m.label(),
                record::params([
                    ("command", "hash".into()),
                    ("algo", algo.name().into()),
                    ("method", "gcrypt".into()),
                ]),
            ),
        }
    }

    /// Checks every digest the runs left against one computed again: by pkbench's own code
    /// fed the block in uneven pieces, or, for a hash pkbench has no code for, by the
    /// library's one-call function (`gcry_md_hash_buffer`, not the timed handle); returns
    /// how many were checked.
    ///
    /// # Errors
    /// [`Error::Runtime`] when a timed digest call failed or a digest differs.
    fn checked(&self) -> Result<usize> {
        let (algo, block) = (self.job.algo, self.job.block);
        let ob = algo.output_bytes();
        if self.failed {
            return Err(Error::runtime(format!(
                "{}: a timed digest call failed",
                algo.name()
            )));
        }
        let mut outputs_checked = 0;
        for k in (0..self.n).filter(|&k| self.seen[k]) {
            let chunk = &self.data[k * block..(k + 1) * block];
            let again = match (algo.own(), &self.digester) {
                (Some(own), _) => (own.digest_in_pieces)(chunk),
                (None, Digester::Gcrypt(d)) => d.hash_buffer(chunk),
                (None, _) => {
                    return Err(Error::runtime(format!(
                        "{}: nothing to check the timed digests against",
                        algo.name()
                    )));
                }
            };
            if self.outs[k * ob..(k + 1) * ob] != again {
                return Err(Error::runtime(format!(
                    "{}: a timed digest differs from the digest computed again after timing",
                    algo.name()
                )));
            }
            outputs_checked += 1;
        }
        Ok(outputs_checked)
    }
}

/// The one line of a hash pkbench has no code for, asked of pkbench's own code: which
/// library computes it.
pub fn no_own_code(algo: Algo) -> String {
    let lib = algo.only_library().map_or("a library", |l| l.name());
    format!(
        "hash {}: pkbench has no code of its own for {}; {lib} computes it: use --impl {lib}",
        algo.entry().name,
        algo.name()
    )
}

/// Whether `job`'s library can run it here: `Err` says why not (absent, or the library
/// lacks the hash or the feed: OpenSSL is timed on whole messages only); a library whose
/// known answers fail is a runtime error at [`prepare`]. For pkbench's own, `Ok` when it
/// has code for the hash, else why not ([`no_own_code`]).
pub fn available(job: &HashJob, discovery: Discovery) -> std::result::Result<(), Unavailable> {
    match job.imp {
        Choice::Own | Choice::Portable if job.algo.own().is_none() => {
            Err(Unavailable::Unsupported {
                library: crate::implementation::OWN.into(),
                what: job.algo.name().into(),
                why: no_own_code(job.algo),
            })
        }
        Choice::Own | Choice::Portable => Ok(()),
        Choice::Peer(_) | Choice::Crate(_) => peer_digester(job, discovery).map(|_| ()),
    }
}

/// The hash a library runs for `algo`: SHA-1 for SHA-0 (no library has SHA-0; the two differ
/// by one rotate in the message schedule, FIPS 180-1 §7), `algo` itself otherwise.
pub fn stand_in(algo: Algo) -> Algo {
    if algo == Algo::Sha0 { Algo::Sha1 } else { algo }
}

impl super::Prepared for PreparedHash {
    fn label(&self) -> String {
        self.job.label()
    }

    fn timed(&self) -> usize {
        1
    }

    fn run(&mut self, _k: usize, start: usize, n: usize) {
        let (algo, block, feed) = (self.job.algo, self.job.block, self.job.feed());
        let ob = algo.output_bytes();
        for i in 0..n {
            let k = start.wrapping_add(i) % self.n;
            let out = &mut self.outs[k * ob..(k + 1) * ob];
            let msg = black_box(&self.data[k * block..(k + 1) * block]);
            self.failed |= self.digester.digest(feed, msg, out).is_err();
            black_box(out);
            self.seen[k] = true;
        }
    }

    fn units(&self) -> Vec<super::threads::Unit> {
        let (name, params) = self.identity();
        vec![super::threads::Unit {
            name: name.into(),
            steps: vec![(0, 1)],
            work: format!("one digest of {} bytes", self.job.block),
            figure: "bytes_per_sec",
            per_unit: self.job.block as f64,
            params,
            implementation: self.digester.implementation(self.job.algo),
        }]
    }

    fn verify(&self) -> Result<()> {
        self.checked().map(|_| ())
    }

    fn finish(self: Box<Self>, stats: Vec<Stats>) -> Result<Vec<Operation>> {
        let (algo, block) = (self.job.algo, self.job.block);
        let outputs_checked = self.checked()?;
        let Some(stats) = stats.into_iter().next().filter(|_| outputs_checked > 0) else {
            return Err(Error::runtime(format!(
                "{}: no timed digest to check",
                algo.name()
            )));
        };
        let (name, params) = self.identity();
        let feed = match self.job.feed() {
            Feed::Whole => "one call".to_string(),
            Feed::Writes(w) => format!("{w}-byte writes"),
            Feed::Putc => "one byte per update".to_string(),
        };
        Ok(vec![
            bulk::throughput_operation(name, params, stats, block, self.n * block)
                .by(self.digester.implementation(algo))
                .with_info("block", block)
                .with_info("feed", feed)
                .with_info(
                    "implementation",
                    match self.job.imp {
                        Choice::Own | Choice::Portable => algo.implementation(),
                        Choice::Peer(_) | Choice::Crate(_) => {
                            self.digester.implementation(algo).label()
                        }
                    },
                )
                .with_info(rinfo::KNOWN_ANSWERS_CHECKED, self.known_answers_checked)
                .with_info("known_answers_source", algo.known_answers_source())
                .with_info(rinfo::OUTPUTS_CHECKED, outputs_checked)
                .with_info(
                    rinfo::OUTPUTS_CHECKED_AGAINST,
                    self.digester.reference(algo),
                ),
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

/// The record params of a `hash` run of several jobs: one job's are [`params`]; otherwise
/// `algo` (the display name, or the list of them when several), then `method` "gcrypt" when
/// every job is a libgcrypt column, else `sizes` (the block sizes in the jobs' order, without
/// repeats).
pub fn params_of(jobs: &[HashJob]) -> serde_json::Map<String, serde_json::Value> {
    use serde_json::Value;
    if let [job] = jobs {
        return params(job);
    }
    let mut algos: Vec<&str> = Vec::new();
    let mut sizes: Vec<usize> = Vec::new();
    for j in jobs {
        if !algos.contains(&j.algo.name()) {
            algos.push(j.algo.name());
        }
        if !sizes.contains(&j.block) {
            sizes.push(j.block);
        }
    }
    let algo: Value = match algos.as_slice() {
        [one] => (*one).into(),
        many => many.to_vec().into(),
    };
    let mut m = serde_json::Map::new();
    m.insert("algo".into(), algo);
    if !jobs.is_empty() && jobs.iter().all(|j| j.gcrypt.is_some()) {
        m.insert("method".into(), "gcrypt".into());
    } else {
        m.insert("sizes".into(), sizes.into());
    }
    m
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
            discovery: Default::default(),
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
            assert!(op.info_u64(rinfo::OUTPUTS_CHECKED).unwrap() >= 1);
            assert!(op.info_u64(rinfo::KNOWN_ANSWERS_CHECKED).unwrap() >= 3);
            assert!(op.info_f64("mb_per_s").unwrap() > 0.0);
            assert!(op.implementation.is_some());
        }
        assert_eq!(HashJob::new(Algo::Md5, 0).unwrap_err().exit_code(), 2);
    }
}

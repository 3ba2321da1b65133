//! The standard set of `pkbench suite`: which measurements, as typed [`Entry`]s, each made
//! into a [`Job`] for one `bench::sweep` and recorded in one result record.
//!
//! The set ([`standard_set`]): the rows of the reproduced tables of [`TABLES`] (the 1995
//! post), the Diffie-Hellman groups of [`GROUPS`] with 128-bit and full secrets and the prime
//! curves of [`CURVES`] with full secrets (fixed-base tables on), today's KEMs ([`kems`], every
//! implementation in the same rounds), raw RSA with keys of
//! [`RSA_BITS`], single DES (ECB over 10000-byte chunks, and key setup), every hash the hash
//! registry marks for the suite ([`crate::hash::suite`]) over 10000-byte blocks, and the
//! ciphers of libgcrypt's tables from the cipher registry
//! ([`crate::symmetric::registry::table_specs`]) in every mode, encryption and decryption.
//! The quick set keeps every kind of entry but drops the large groups, the 2048-bit key and
//! the key sizes the cipher registry does not mark `quick`, and fits each cipher's slope
//! through fewer buffer sizes.
//!
//! Each entry's operations are recorded as the command that times them alone records them
//! (so that `compare` matches a suite row with a `dh`, `rsa`, `cipher` … row), a table's row
//! as `repro` records it ([`crate::repro::Reference::row_operations`]).

use crate::bench::cipher::{CipherJob, SizeGrid};
use crate::bench::des::DesJob;
use crate::bench::dh::DhJob;
use crate::bench::hash::HashJob;
use crate::bench::imp::Choice;
use crate::bench::kem::KemJob;
use crate::bench::rsa::RsaJob;
use crate::bench::{Job, bulk};
use crate::error::{Result, Warning};
use crate::hash::Algo;
use crate::kex::{ExpBits, GroupOptions, OpenedGroups};
use crate::peers::{Discovery, Unavailable};
use crate::record::Operation;
use crate::repro::{self, Reference};

/// Why an implementation does not compute an entry ([`Entry::through`]), as `repro` says
/// it of a table's row.
pub use crate::repro::Lacking;
use crate::symmetric::registry::{self, CipherSpec};
use crate::symmetric::{Direction, Mode};
use std::sync::Arc;

/// The reproduced tables whose rows the suite runs.
pub const TABLES: &[&str] = &["1995"];

/// The Diffie-Hellman groups timed with 128-bit and full secrets.
pub const GROUPS: &[&str] = &[
    "gf2-155",
    "gf2-185",
    "modp-512",
    "modp-768",
    "modp-1024",
    "modp-1536",
    "modp-2048",
    "modp-3072",
];

/// The groups of the quick set.
pub const QUICK_GROUPS: &[&str] = &["gf2-155", "gf2-185", "modp-512", "modp-768", "modp-1024"];

/// The short secret size the groups are timed with besides `full`, bits.
pub const SHORT_EXP_BITS: u32 = 128;

/// The prime curves, timed with full secrets only (X25519 takes no other).
pub const CURVES: &[&str] = &["p256", "k256", "x25519", "p384", "p521", "x448"];

/// Today's key exchanges beside the curves: the KEMs of the registry
/// ([`crate::kem::KEMS`]: ML-KEM-512/768/1024 and X25519MLKEM768), each through every
/// implementation in the same rounds.
pub fn kems() -> Vec<&'static str> {
    crate::kem::KEMS.iter().map(|k| k.name).collect()
}

/// RSA modulus sizes, bits.
pub const RSA_BITS: &[u32] = &[512, 1024, 2048];

/// RSA modulus sizes of the quick set, bits.
pub const QUICK_RSA_BITS: &[u32] = &[512, 1024];

/// Buffer sizes of each cipher's bench-slope fit (16 B … 4 KiB), and in the quick set.
pub const CIPHER_POINTS: usize = 8;

/// Buffer sizes of each cipher's fit in the quick set.
pub const QUICK_CIPHER_POINTS: usize = 4;

/// The default time budget per timed operation, seconds: 0.5, or 0.2 for the quick set.
pub fn default_budget_s(quick: bool) -> f64 {
    if quick { 0.2 } else { 0.5 }
}

/// One measurement of the standard set.
#[derive(Debug, Clone)]
pub enum Entry {
    /// Row `row` of a reproduced table (its job is the row's [`repro::RowJob`]).
    Row {
        /// The table's reference file.
        reference: Arc<Reference>,
        /// Index of the row.
        row: usize,
    },
    /// A Diffie-Hellman exchange in a built-in group, with its fixed-base table.
    Dh {
        /// Group name.
        group: &'static str,
        /// Secret size.
        exp_bits: ExpBits,
    },
    /// A key-encapsulation exchange through every implementation ([`kems`]).
    Kem {
        /// The KEM's name.
        name: &'static str,
    },
    /// Raw RSA (no CRT) with a key generated from the seed, chunks of the modulus bytes − 1.
    Rsa {
        /// Modulus bits.
        bits: u32,
    },
    /// Single DES, ECB, over 10000-byte chunks.
    DesEcb,
    /// Single DES key setup.
    DesKeySetup,
    /// A hash over 10000-byte blocks.
    Hash {
        /// The registry's name.
        algo: &'static str,
    },
    /// A cipher in every mode, encryption and decryption, bench-slope over 16 B … 4 KiB.
    Cipher {
        /// Cipher and key size.
        spec: CipherSpec,
        /// Number of buffer sizes of the fit.
        points: usize,
    },
}

/// The standard set, in the order it runs (see the module documentation).
///
/// # Errors
/// As [`repro::Table::parse`] (a defect: the tests parse every reference file).
pub fn standard_set(quick: bool) -> Result<Vec<Entry>> {
    let mut v = Vec::new();
    for name in TABLES {
        let reference = Arc::new(repro::table(name)?.parse()?);
        for row in 0..reference.rows.len() {
            v.push(Entry::Row {
                reference: Arc::clone(&reference),
                row,
            });
        }
    }
    for &group in if quick { QUICK_GROUPS } else { GROUPS } {
        for exp_bits in [ExpBits::Bits(SHORT_EXP_BITS), ExpBits::Full] {
            v.push(Entry::Dh { group, exp_bits });
        }
    }
    for &group in CURVES {
        v.push(Entry::Dh {
            group,
            exp_bits: ExpBits::Full,
        });
    }
    for name in kems() {
        v.push(Entry::Kem { name });
    }
    for &bits in if quick { QUICK_RSA_BITS } else { RSA_BITS } {
        v.push(Entry::Rsa { bits });
    }
    v.push(Entry::DesEcb);
    v.push(Entry::DesKeySetup);
    for algo in crate::hash::suite() {
        v.push(Entry::Hash { algo });
    }
    let points = if quick {
        QUICK_CIPHER_POINTS
    } else {
        CIPHER_POINTS
    };
    for spec in registry::table_specs() {
        if !quick || spec.key_size().quick {
            v.push(Entry::Cipher { spec, points });
        }
    }
    Ok(v)
}

impl Entry {
    /// The entry's job; Diffie-Hellman groups are opened in `groups` under `options` (with
    /// their fixed-base table; a table's row keeps its own choice).
    ///
    /// # Errors
    /// What making the job returns: a group or hash not in this build, a size it does not
    /// take.
    pub fn job(&self, options: &GroupOptions, groups: &mut OpenedGroups) -> Result<Job> {
        Ok(match self {
            Entry::Row { reference, row } => reference.rows[*row].job().job(options, groups)?,
            Entry::Dh { group, exp_bits } => {
                let opts = GroupOptions {
                    table: true,
                    ..options.clone()
                };
                Job::Dh(DhJob::new(groups.open(group, &opts)?, *exp_bits)?)
            }
            Entry::Kem { name } => Job::Kem(crate::bench::kem::KemJob::all(
                crate::kem::lookup(name).expect("a name of the KEM registry"),
            )),
            Entry::Rsa { bits } => Job::Rsa(RsaJob::raw_private(*bits)),
            Entry::DesEcb => Job::Des(DesJob::encrypt(Mode::Ecb, bulk::DEFAULT_CHUNK)?),
            Entry::DesKeySetup => Job::Des(DesJob::KeySetup),
            Entry::Hash { algo } => {
                Job::Hash(HashJob::new(Algo::parse(algo)?, bulk::DEFAULT_CHUNK)?)
            }
            Entry::Cipher { spec, points } => Job::Cipher(CipherJob::table(
                *spec,
                None,
                &[Direction::Encrypt, Direction::Decrypt],
                SizeGrid {
                    points: *points,
                    ..SizeGrid::default()
                },
            )),
        })
    }

    /// This entry's `job` ([`Entry::job`]) computed by `choice` on the same inputs, checked
    /// as the entry's command checks it with `--impl`: a Diffie-Hellman group through a
    /// library ([`DhJob::through`]) or a crate ([`DhJob::through_crate`]); a KEM through
    /// one of its crates ([`crate::kem::IMPLEMENTATIONS`]; pkbench's own choice is all of
    /// them, as `dh --group mlkem768` times them); a table's row, raw RSA, DES, a hash or a
    /// cipher as `repro --impl` gives a row to a library ([`repro::row_through`], on
    /// [`crate::bench::imp::through`]: SHA-0, which no library has, stays pkbench's own).
    /// pkbench's own choice is `job` itself.
    ///
    /// # Errors
    /// `Err(why)` when `choice` does not compute the entry here ([`Lacking`]: absent, or
    /// without the operation; a row pkbench keeps to its own code); `Ok(Err(e))` when the
    /// library's or crate's check against pkbench's own output failed.
    pub fn through(
        &self,
        job: &Job,
        choice: Choice,
        discovery: Discovery,
    ) -> std::result::Result<Result<Job>, Lacking> {
        let lacks = |name: &str, why: String| {
            Lacking::Library(Unavailable::Unsupported {
                library: name.into(),
                what: job.label(),
                why,
            })
        };
        match (self, job, choice) {
            (_, _, Choice::Own) => Ok(Ok(job.clone())),
            (Entry::Dh { group, .. }, Job::Dh(d), Choice::Peer(lib)) => {
                let file =
                    crate::params::lookup(group).map_err(|e| lacks(lib.name(), e.to_string()))?;
                let j = d.through(&file, lib, discovery).map_err(Lacking::Library)?;
                Ok(j.map(Job::Dh))
            }
            (Entry::Dh { .. }, _, Choice::Crate(name))
                if crate::peers::crates::find(name).is_none()
                    && crate::kem::IMPLEMENTATIONS.contains(&name) =>
            {
                Err(lacks(name, "a KEM crate: pkbench runs only the KEMs through it".into()))
            }
            (Entry::Dh { .. }, Job::Dh(d), Choice::Crate(name)) => Ok(d
                .through_crate(name)
                .map_err(Lacking::Library)?
                .map(Job::Dh)),
            (Entry::Kem { .. }, Job::Kem(k), Choice::Crate(name))
                if crate::kem::IMPLEMENTATIONS.contains(&name) =>
            {
                Ok(crate::kem::open(k.info, name).map(|one| {
                    Job::Kem(KemJob {
                        impls: vec![Arc::from(one)],
                        ..k.clone()
                    })
                }))
            }
            (Entry::Kem { .. }, _, c) => Err(lacks(
                c.name(),
                format!(
                    "pkbench runs a KEM through its crates only ({})",
                    crate::kem::IMPLEMENTATIONS.join(", ")
                ),
            )),
            (_, _, Choice::Peer(lib)) => repro::row_through(job, lib, discovery).map(Ok),
            (_, _, c) => Err(lacks(
                c.name(),
                "the suite runs crates for its dh and KEM entries only (`pkbench hash --impl` and `cipher --impl` take the crates that declare digests or ciphers)".into(),
            )),
        }
    }

    /// The record's operations of this entry from its job's operations `ops`: a table's row
    /// as `repro` records it, anything else as it is.
    ///
    /// # Errors
    /// As [`Reference::row_operations`].
    pub fn operations(&self, ops: Vec<Operation>) -> Result<Vec<Operation>> {
        match self {
            Entry::Row { reference, row } => reference.row_operations(*row, ops),
            _ => Ok(ops),
        }
    }
}

/// The jobs of `entries`, in order, each Diffie-Hellman group opened once under `options`,
/// with the warnings of the groups opened (the caller shows them).
pub fn jobs(entries: &[Entry], options: &GroupOptions) -> (Vec<Result<Job>>, Vec<Warning>) {
    let mut groups = OpenedGroups::default();
    let jobs = entries
        .iter()
        .map(|e| e.job(options, &mut groups))
        .collect();
    (jobs, groups.warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(set: &[Entry], f: impl Fn(&Entry) -> bool) -> usize {
        set.iter().filter(|e| f(e)).count()
    }

    #[test]
    fn standard_set() {
        let full = super::standard_set(false).unwrap();
        let quick = super::standard_set(true).unwrap();
        assert!(full.len() > quick.len());
        let rows = |e: &Entry| matches!(e, Entry::Row { .. });
        assert_eq!(count(&full, rows), 11);
        assert_eq!(count(&quick, rows), 11);
        let dh = |e: &Entry| matches!(e, Entry::Dh { .. });
        assert_eq!(count(&full, dh), 2 * GROUPS.len() + CURVES.len());
        assert_eq!(count(&quick, dh), 2 * QUICK_GROUPS.len() + CURVES.len());
        assert!(full.iter().any(|e| matches!(e, Entry::Rsa { bits: 2048 })));
        assert!(!quick.iter().any(|e| matches!(e, Entry::Rsa { bits: 2048 })));
        assert_eq!(
            count(&full, |e| matches!(e, Entry::DesEcb | Entry::DesKeySetup)),
            2
        );
        let hashes: Vec<&str> = full
            .iter()
            .filter_map(|e| match e {
                Entry::Hash { algo } => Some(*algo),
                _ => None,
            })
            .collect();
        assert_eq!(hashes, crate::hash::suite());
        assert!(hashes.contains(&"md5") && hashes.contains(&"haval"));
    }

    #[test]
    fn cipher_entries_cover_the_libgcrypt_rows() {
        let ciphers = |set: &[Entry]| -> Vec<(String, u32, usize)> {
            set.iter()
                .filter_map(|e| match e {
                    Entry::Cipher { spec, points } => {
                        Some((spec.cipher.name.to_string(), spec.key_bits, *points))
                    }
                    _ => None,
                })
                .collect()
        };
        let full = ciphers(&super::standard_set(false).unwrap());
        assert_eq!(full.len(), registry::table_specs().len());
        assert!(
            full.iter()
                .any(|c| c.0 == "rc2" && c.1 == 40 && c.2 == CIPHER_POINTS)
        );
        let quick = ciphers(&super::standard_set(true).unwrap());
        assert_eq!(quick.len(), 7);
        assert!(quick.contains(&("aes".to_string(), 256, QUICK_CIPHER_POINTS)));
        assert!(quick.iter().any(|c| c.0 == "arcfour" && c.1 == 128));
    }

    /// Every entry of the full set makes its job in this build; one cipher entry runs
    /// through the bench layer: 5 modes × 2 directions, as `pkbench cipher` names them.
    #[test]
    fn every_entry_makes_its_job_and_a_cipher_entry_runs() {
        let set = super::standard_set(false).unwrap();
        let (jobs, _) = jobs(&set, &GroupOptions::default());
        for (e, j) in set.iter().zip(&jobs) {
            assert!(j.is_ok(), "{e:?}: {j:?}");
        }
        let des = Entry::Cipher {
            spec: CipherSpec::parse("des", None).unwrap(),
            points: 3,
        };
        let Job::Cipher(mut job) = des
            .job(&GroupOptions::default(), &mut OpenedGroups::default())
            .unwrap()
        else {
            panic!("a cipher job");
        };
        job.grid.max_bytes = 256;
        let cfg = crate::bench::Config {
            measure: crate::measure::MeasureConfig::with_budget_secs(
                0.005,
                crate::measure::Clock::Wall,
            ),
            seed: 1,
            quiet: true,
            discovery: Default::default(),
        };
        let ops = des
            .operations(crate::bench::run(&Job::Cipher(job), &cfg).unwrap())
            .unwrap();
        assert_eq!(ops.len(), 10);
        assert_eq!(ops[0].name, "ECB enc");
        assert_eq!(ops[9].name, "CTR dec");
        assert_eq!(ops[0].params["cipher"], "DES");
    }
}

//! A row's operation: the `op` text of a reference file, parsed ([`RowJob`]); the job that
//! measures it is made by `repro` (`RowJob::job`).

use crate::error::{Error, Result};
use crate::hash::Algo;
use crate::kex::ExpBits;
use crate::record::{self, Operation, TOTAL_OP};
use crate::symmetric::{CipherSpec, Mode};

/// What pkbench runs for a row: the row's `op` text, parsed.
///
/// | `op` | job | headline operation |
/// |---|---|---|
/// | `hash ALGO` | `bench::Job::Hash`, 10000-byte blocks over 7.5 MB | "hash" |
/// | `des ecb` | `bench::Job::Des`, ECB over 10000-byte chunks | "encrypt" |
/// | `des keysetup` | `bench::Job::Des`, key setup | "key setup" |
/// | `rsa BITS raw` | `bench::Job::Rsa`: m^d mod n, no CRT, chunks of the modulus bytes − 1 | "private op (raw)" |
/// | `dh GROUP full\|N table\|no-table` | `bench::Job::Dh` | Total = 2*Offer + Reply |
/// | `cipher ALGO BITS MODE` | `bench::Job::Cipher`: one row, encryption, bench-slope over 16 B … 4 KiB | "MODE enc" |
///
/// Every job checks its results outside the timed region (known answers, timed outputs
/// re-checked, shared secrets compared).
#[derive(Debug, Clone)]
pub enum RowJob {
    /// A hash over the 1995 post's 10000-byte blocks.
    Hash(Algo),
    /// Single DES, ECB, over 10000-byte chunks of random data.
    DesEcb,
    /// Single DES key setup.
    DesKeySetup,
    /// Raw RSA private operation (no CRT, "nothing fancy"), key generated from the seed.
    RsaRaw {
        /// Modulus bits.
        bits: u32,
    },
    /// A Diffie-Hellman exchange: Total = 2*Offer + Reply.
    Dh {
        /// Built-in group name or alias.
        group: String,
        /// Secret size.
        exp_bits: ExpBits,
        /// Whether Offer uses the fixed-base table.
        table: bool,
    },
    /// A cipher in one mode, encryption, from the bench-slope fit.
    Cipher {
        /// Cipher and key size.
        spec: CipherSpec,
        /// Mode of operation.
        mode: Mode,
    },
}

impl std::str::FromStr for RowJob {
    type Err = Error;

    /// Parses an `op` (see the type's table).
    fn from_str(op: &str) -> Result<RowJob> {
        let words: Vec<&str> = op.split_whitespace().collect();
        let bad = |why: &str| Error::input(format!("op {op:?}: {why}"));
        Ok(match words.as_slice() {
            ["hash", name] => RowJob::Hash(Algo::parse(name)?),
            ["des", "ecb"] => RowJob::DesEcb,
            ["des", "keysetup"] => RowJob::DesKeySetup,
            ["rsa", bits, "raw"] => RowJob::RsaRaw {
                bits: bits
                    .parse()
                    .map_err(|_| bad("modulus bits must be a number"))?,
            },
            ["dh", group, exp, table @ ("table" | "no-table")] => RowJob::Dh {
                group: group.to_string(),
                exp_bits: exp.parse().map_err(|e: String| bad(&e))?,
                table: *table == "table",
            },
            ["cipher", algo, bits, mode] => RowJob::Cipher {
                spec: CipherSpec::parse(
                    algo,
                    Some(bits.parse().map_err(|_| bad("key bits must be a number"))?),
                )?,
                mode: parse_mode(mode).ok_or_else(|| bad("unknown mode"))?,
            },
            _ => {
                return Err(bad(
                    "expected hash ALGO, des ecb, des keysetup, rsa BITS raw, \
                     dh GROUP full|N table|no-table or cipher ALGO BITS MODE",
                ));
            }
        })
    }
}

fn parse_mode(s: &str) -> Option<Mode> {
    [
        Mode::Ecb,
        Mode::Cbc,
        Mode::Cfb,
        Mode::Ofb,
        Mode::Ctr,
        Mode::Stream,
    ]
    .into_iter()
    .find(|m| m.label().eq_ignore_ascii_case(s))
}

impl RowJob {
    /// Whether `op` is this job's headline operation, the one the row's value comes from.
    pub fn is_headline(&self, op: &Operation) -> bool {
        match self {
            RowJob::Hash(_) => op.name == "hash",
            RowJob::DesEcb => op.name == "encrypt",
            RowJob::DesKeySetup => op.name == "key setup",
            RowJob::RsaRaw { .. } => op.name == record::PRIVATE_OP,
            RowJob::Dh { .. } => op.name == TOTAL_OP,
            RowJob::Cipher { mode, .. } => op.name == format!("{} enc", mode.label()),
        }
    }

    /// What a "not built" reason names first: the group of a Diffie-Hellman row.
    pub fn subject(&self) -> Option<&str> {
        match self {
            RowJob::Dh { group, .. } => Some(group),
            _ => None,
        }
    }
}

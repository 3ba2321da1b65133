//! Typed accessors of an [`Operation`]: what identifies the row (`params`), its figures and
//! how it was computed (`info`), each read under its key of [`super::keys`], so that no code
//! spells a record's keys itself. `None` when the record does not hold the fact (an older
//! record, or a command that does not measure it).

use super::keys::{figure, info, param};
use super::{Operation, figure_direction};

impl Operation {
    /// The command that measured the row (`dh`, `rsa`, …).
    pub fn command(&self) -> Option<&str> {
        self.param_str(param::COMMAND)
    }

    /// The group of a DH or KEM row (`gf2-155`, `x25519`, `mlkem768`).
    pub fn group(&self) -> Option<&str> {
        self.param_str(param::GROUP)
    }

    /// The secret's size in bits.
    pub fn exp_bits(&self) -> Option<u64> {
        self.params.get(param::EXP_BITS).and_then(|v| v.as_u64())
    }

    /// Whether a fixed-base table served the Offer.
    pub fn table(&self) -> Option<bool> {
        self.params.get(param::TABLE).and_then(|v| v.as_bool())
    }

    /// Whether the row was timed with cold caches (`cache` = `cold`; absent or `warm`:
    /// warm).
    pub fn is_cold(&self) -> bool {
        self.param_str(param::CACHE) == Some(param::COLD)
    }

    /// The number of threads of a throughput row.
    pub fn threads(&self) -> Option<u64> {
        self.params.get(param::THREADS).and_then(|v| v.as_u64())
    }

    /// A figure by name (unit in its name), `None` when absent.
    pub fn figure(&self, name: &str) -> Option<f64> {
        self.figures.get(name).copied()
    }

    /// Total = 2*Offer + Reply (or KeyGen + Encaps + Decaps) of a derived operation, ms.
    pub fn total_ms(&self) -> Option<f64> {
        self.figure(figure::TOTAL_MS)
    }

    /// CPU sum 2*Offer + 2*Reply of a derived operation, ms.
    pub fn cpu_total_ms(&self) -> Option<f64> {
        self.figure(figure::CPU_TOTAL_MS)
    }

    /// The group's family: `modp`, `ec2n`, `ecp`.
    pub fn family(&self) -> Option<&str> {
        self.info_str(info::FAMILY)
    }

    /// Bits of the field.
    pub fn field_bits(&self) -> Option<u64> {
        self.info_u64(info::FIELD_BITS)
    }

    /// Bits of a full-size secret.
    pub fn full_exp_bits(&self) -> Option<u64> {
        self.info_u64(info::FULL_EXP_BITS)
    }

    /// Bits of security against classical attacks.
    pub fn security_bits(&self) -> Option<f64> {
        self.info_f64(info::SECURITY_BITS)
    }

    /// Entries in the input pool.
    pub fn pool(&self) -> Option<u64> {
        self.info_u64(info::POOL)
    }

    /// Time to make and check the pool, ms.
    pub fn pool_ms(&self) -> Option<f64> {
        self.info_f64(info::POOL_MS)
    }

    /// The most entries the pool could have had, as the run that measured it capped it.
    pub fn pool_cap(&self) -> Option<u64> {
        self.info_u64(info::POOL_CAP)
    }

    /// The share of the time budget the pool could take to make, as the run capped it.
    pub fn pool_time_share(&self) -> Option<f64> {
        self.info_f64(info::POOL_TIME_SHARE)
    }

    /// How many times one pool entry is used at most in one sample ([`uses_per_sample`] of
    /// the pool and the sample's batch); `None` without a pool or statistics.
    pub fn pool_uses_per_sample(&self) -> Option<u64> {
        let batch = self.stats.as_ref()?.batch;
        Some(uses_per_sample(self.pool()? as usize, batch) as u64)
    }

    /// Bytes of the fixed-base table.
    pub fn table_bytes(&self) -> Option<u64> {
        self.info_u64(info::TABLE_BYTES)
    }

    /// Time to build the fixed-base table, ms.
    pub fn table_build_ms(&self) -> Option<f64> {
        self.info_f64(info::TABLE_BUILD_MS)
    }

    /// The bignum backend of a mod-p row.
    pub fn backend(&self) -> Option<&str> {
        self.info_str(info::BACKEND)
    }

    /// The first figure whose name ends with `suffix` (`_per_sec`: a row's rate), with its
    /// name.
    pub fn figure_ending(&self, suffix: &str) -> Option<(&str, f64)> {
        self.figures
            .iter()
            .find(|(k, _)| k.ends_with(suffix) && figure_direction(k).is_some())
            .map(|(k, v)| (k.as_str(), *v))
    }
}

/// How many times one of `len` pool entries is used at most in a sample of `batch`
/// operations cycling over them: ⌈batch / len⌉ (1: every input of a sample is a different
/// one).
pub fn uses_per_sample(len: usize, batch: usize) -> usize {
    batch.div_ceil(len.max(1))
}

/// The label of an exponent size: `full` at or above the group's full size, else the
/// number of bits.
pub fn size_label(bits: u32, full: u32) -> String {
    if bits >= full {
        "full".into()
    } else {
        bits.to_string()
    }
}

//! `--cache warm|cold|both` (dh, rsa, choose, suite) and `--table-window W` (dh): the flags,
//! their help, and the run-level params they add to a record.

use crate::kex::{GroupOptions, WindowChoice, ec2n};
use crate::measure::CacheMode;
use clap::Args;

/// The help of `--cache`, shared by every command that takes it.
pub const CACHE_HELP: &str = "Caches: `warm` (default: batches back to back, the operation's \
memory stays cached), `cold` (before each run the operation's own memory is evicted: on \
x86-64 every cache line of its fixed-base table, group constants, secret and peer value (RSA: \
key) is flushed with clflush + mfence; where the code cannot name all its memory (num-bigint \
limbs, a crate's tables), and on other CPUs, a buffer of twice the last-level cache, read \
from /sys/devices/system/cpu/cpu0/cache, is also read through; then one operation is timed \
alone on --clock (resolution 1 ns on Linux) minus the measured cost of an empty timed \
region, both recorded), or `both`, side by side with the cold/warm ratio and its 95 % \
interval. docs/cache.md has the details.";

/// `--cache`.
#[derive(Debug, Clone, Args)]
pub struct CacheArgs {
    #[arg(long, value_enum, value_name = "warm|cold|both", default_value_t = CacheMode::Warm, long_help = CACHE_HELP, help = "Time with warm caches (default), cold caches (each run alone, its memory evicted first), or both side by side")]
    pub cache: CacheMode,
}

/// Clap value parser of `--table-window W`: a number of bits from
/// [`ec2n::MIN_WINDOW`] to [`ec2n::MAX_WINDOW`].
///
/// # Errors
/// A message saying what is accepted.
pub fn parse_table_window(s: &str) -> std::result::Result<u32, String> {
    match s.trim().parse::<u32>() {
        Ok(w) if (ec2n::MIN_WINDOW..=ec2n::MAX_WINDOW).contains(&w) => Ok(w),
        _ => Err(format!(
            "use {} to {} (bits of the binary curves' fixed-base window)",
            ec2n::MIN_WINDOW,
            ec2n::MAX_WINDOW
        )),
    }
}

/// `opts` with the window of `--table-window`, when given (it overrides
/// `PKBENCH_TABLE_WINDOW`).
pub fn with_window(mut opts: GroupOptions, window: Option<u32>) -> GroupOptions {
    if let Some(w) = window {
        opts.table_window = WindowChoice::Bits(w);
    }
    opts
}

/// The run-level params of `mode` on `clock` ([`crate::bench::cold::run_params`]) added to
/// `params`.
pub fn add_params(
    params: &mut serde_json::Map<String, serde_json::Value>,
    mode: CacheMode,
    clock: crate::measure::Clock,
) {
    for (k, v) in crate::bench::cold::run_params(mode, clock) {
        params.insert(k.into(), v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows() {
        assert_eq!(parse_table_window("2"), Ok(2));
        assert_eq!(parse_table_window(" 12 "), Ok(12));
        assert!(parse_table_window("13").is_err());
        assert!(parse_table_window("1").is_err());
        assert!(parse_table_window("x").is_err());
    }
}

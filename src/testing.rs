//! Support for the unit tests (compiled under `#[cfg(test)]` only).
//!
//! [`skip`]: a test that cannot run on this machine (a system tool missing) says so on
//! stderr, visibly, instead of passing without checking anything; with
//! `PKBENCH_TEST_STRICT=1` it fails. [`skip_cpu`]: the same for a CPU feature this machine
//! lacks, a failure only with `PKBENCH_TEST_STRICT=all`. [`scratch`]: a fresh directory under the system's
//! temporary directory, removed when dropped. The integration tests share the same code
//! (`tests/common`).

include!("testing/skip.rs");
include!("testing/scratch.rs");

/// Statistics of one operation timed in 19 rounds on a machine that ran at two speeds, as a
/// loaded run of `dh --group x25519 --time 0.02` did: 4 fast rounds of 40 samples around
/// `fast_ms` and 15 rounds six times slower with 2 samples each (a round has a fixed share
/// of the time, so fast rounds hold more samples). The median of all samples is fast; the
/// median of the rounds, and the whole of its 95 % interval, slow.
pub fn two_speeds(fast_ms: f64) -> crate::measure::Stats {
    let (mut raw, mut sizes) = (Vec::new(), Vec::new());
    for r in 0..19u32 {
        let (n, ms) = if r % 4 == 0 && r < 16 {
            (40, fast_ms)
        } else {
            (2, 6.0 * fast_ms)
        };
        raw.extend((0..n).map(|i| ms * (1.0 + 0.002 * f64::from(i + r))));
        sizes.push(n as usize);
    }
    crate::measure::Stats::from_rounds(raw, 1, sizes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skip_names_the_test_and_the_reason() {
        assert_eq!(
            skip_line("some::test", "no widget here"),
            "SKIPPED some::test: no widget here"
        );
        fail_if_strict("SKIPPED some::test: no widget here", false);
    }

    #[test]
    #[should_panic(expected = "SKIPPED some::test: no widget here (PKBENCH_TEST_STRICT set")]
    fn a_strict_skip_fails() {
        fail_if_strict("SKIPPED some::test: no widget here", true);
    }
}

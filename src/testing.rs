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

//! `pkbench scale` argument checks: a group or exponent size listed twice (directly or by an
//! alias) is refused before anything is timed.

mod common;

use common::{pkbench, pkbench_input_error};

/// Bad input (exit code 2, one `pkbench: error:` line, nothing on stdout) naming `needle`.
fn refused(args: &[&str], needle: &str) {
    let err = pkbench_input_error(args);
    assert!(err.contains(needle), "{args:?}: {err} lacks {needle:?}");
}

#[test]
fn repeated_sizes_and_groups_are_refused() {
    refused(
        &["scale", "--exp-bits", "full,full", "--groups", "modp-512"],
        "--exp-bits lists full twice",
    );
    refused(
        &[
            "scale",
            "--exp-bits",
            "128,FULL,full",
            "--groups",
            "modp-512",
        ],
        "--exp-bits lists full twice (as FULL and full)",
    );
    refused(
        &[
            "scale",
            "--exp-bits",
            "128",
            "--groups",
            "modp-512,modp-768,modp-512",
        ],
        "--groups lists modp-512 twice",
    );
    refused(
        &[
            "scale",
            "--exp-bits",
            "128",
            "--groups",
            "modp-768,oakley-1",
        ],
        "modp-768 twice (as modp-768 and oakley-1)",
    );
    // `full` and the same size as a number: modp-512's full exponent is 511 bits.
    refused(
        &["scale", "--exp-bits", "full,511", "--groups", "modp-512"],
        "--exp-bits lists full and 511: the same size for modp-512 (its full exponent is 511 bits)",
    );
    refused(
        &[
            "scale",
            "--exp-bits",
            "0152,FULL",
            "--groups",
            "modp-512,oakley-3",
        ],
        "--exp-bits lists FULL and 0152: the same size for gf2-155",
    );
}

/// `--groups` lists its default in the help text (clap's own `[default: …]` would be one
/// unbreakable 98-character word): the list there is `DEFAULT_GROUPS`.
#[test]
fn help_lists_the_default_groups() {
    let (code, help, _) = pkbench(&["scale", "--help"]);
    assert_eq!(code, 0);
    let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let want = pkbench::cli::scale::DEFAULT_GROUPS.replace(',', ", ");
    assert!(words.contains(&format!("[default: {want}]")), "{help}");
    assert!(help.lines().all(|l| l.chars().count() <= 80), "{help}");
}

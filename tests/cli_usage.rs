//! Command-line usage errors through the binary: one `pkbench: error: ...; see 'pkbench
//! COMMAND --help'` line on stderr, nothing on stdout, exit code 2, like every other bad
//! input. `--help` and `--version` keep clap's output on stdout with exit code 0.

mod common;

use common::{pkbench, pkbench_input_error};

#[test]
fn usage_errors_are_one_line_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["dh", "--field"],
            "pkbench: error: a value is required for '--group <GROUP>' but none was supplied; \
             see 'pkbench dh --help'",
        ),
        (
            &["dh", "--exp-bits", "abc"],
            "pkbench: error: invalid value 'abc' for '--exp-bits <full|N>': expected `full` or \
             a number of bits such as 128, got \"abc\"; see 'pkbench dh --help'",
        ),
        (
            &["nosuchcmd"],
            "pkbench: error: unrecognized subcommand 'nosuchcmd'; see 'pkbench --help'",
        ),
        (
            &["dh", "--feild", "gf2-155"],
            "pkbench: error: unexpected argument '--feild' found (tip: a similar argument \
             exists: '--field'); see 'pkbench dh --help'",
        ),
        (
            &["dh", "--clock", "sundial"],
            "pkbench: error: invalid value 'sundial' for '--clock <CLOCK>' [possible values: \
             wall, cpu]; see 'pkbench dh --help'",
        ),
        (
            &["rsa", "--key"],
            "pkbench: error: a value is required for '--key <FILE>' but none was supplied; \
             see 'pkbench rsa --help'",
        ),
    ];
    for (args, want) in cases {
        assert_eq!(pkbench_input_error(args), *want, "{args:?}");
    }
}

#[test]
fn help_and_version_are_unchanged() {
    let (code, out, _) = pkbench(&["--version"]);
    assert_eq!(code, 0);
    assert_eq!(out, format!("pkbench {}\n", env!("CARGO_PKG_VERSION")));
    for args in [&["--help"][..], &["dh", "--help"], &["help", "dh"]] {
        let (code, text, err) = pkbench(args);
        assert_eq!(code, 0, "{args:?}");
        assert!(err.is_empty(), "{args:?}");
        assert!(text.contains("Usage: pkbench"), "{args:?}: {text}");
        assert!(text.lines().count() > 5, "{args:?}: {text}");
    }
}

//! Every example command in `--help` works when pasted: each command's help has examples,
//! each example is on one line (or continued with a trailing backslash), parses with that
//! command's clap arguments, and the quick ones (`dh` and `rsa` with a tiny `--time`,
//! `offer`, `reply`, `groups`, `rsa-raw`, `impls`) run and succeed in this build.

mod common;

use ::pkbench::cli;
use common::Pkbench;

/// The help text of `pkbench ARGS`, at the 80 columns every help is laid out for.
fn help(args: &[&str]) -> String {
    Pkbench::new(args).env("COLUMNS", "80").ok()
}

/// The subcommands listed under "Commands:" in `pkbench --help` (without `help`).
fn subcommands() -> Vec<String> {
    help(&["--help"])
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

/// The example commands in a help text: lines indented by exactly two spaces that start
/// with `pkbench `, cut at the first run of two spaces (where the description starts); a
/// trailing backslash joins the next line. Each `&&`-separated part that starts with
/// `pkbench` is one command, returned as its arguments (without `pkbench`).
fn examples(help: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut lines = help.lines();
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix("  ") else {
            continue;
        };
        if !rest.starts_with("pkbench ") && rest != "pkbench" {
            continue;
        }
        let mut cmd = rest.split("  ").next().unwrap().trim_end().to_string();
        while let Some(head) = cmd.strip_suffix('\\') {
            let next = lines.next().expect("a backslash on the last line");
            let next = next.trim().split("  ").next().unwrap();
            cmd = format!("{} {next}", head.trim_end());
        }
        for part in cmd.split("&&") {
            let words: Vec<String> = part.split_whitespace().map(str::to_string).collect();
            if words.first().map(String::as_str) == Some("pkbench") {
                assert!(
                    !part.contains(['\'', '"', '$', '|', ';', '`']),
                    "{part:?}: keep help examples to plain words"
                );
                out.push(words[1..].to_vec());
            }
        }
    }
    out
}

/// Parses `argv` (without the program name) with the clap arguments `T` of `command`, as if
/// given on the command line; clap's first line of error on failure.
fn parse_args<T: clap::Args>(command: &str, argv: &[String]) -> Result<T, String> {
    #[derive(clap::Parser)]
    struct Wrap<T: clap::Args> {
        #[command(flatten)]
        inner: T,
    }
    <Wrap<T> as clap::Parser>::try_parse_from(
        std::iter::once(command.to_string()).chain(argv.iter().cloned()),
    )
    .map(|w| w.inner)
    .map_err(|e| e.to_string().lines().next().unwrap_or("").to_string())
}

/// Parses `argv` (subcommand first) with that subcommand's clap arguments.
fn parse(argv: &[String]) -> Result<(), String> {
    let (cmd, rest) = argv.split_first().ok_or("no subcommand")?;
    match cmd.as_str() {
        "dh" => parse_args::<cli::dh::DhArgs>(cmd, rest).map(drop),
        "leak" => parse_args::<cli::leak::LeakArgs>(cmd, rest).map(drop),
        "offer" => parse_args::<cli::kex_io::OfferArgs>(cmd, rest).map(drop),
        "reply" => parse_args::<cli::kex_io::ReplyArgs>(cmd, rest).map(drop),
        "choose" => parse_args::<cli::choose::ChooseArgs>(cmd, rest).map(drop),
        "repro" => parse_args::<cli::repro::ReproArgs>(cmd, rest).map(drop),
        "cipher" => parse_args::<cli::cipher::CipherArgs>(cmd, rest).map(drop),
        "rsa" => parse_args::<cli::rsa::RsaArgs>(cmd, rest).map(drop),
        "rsa-raw" => parse_args::<cli::rsa::RsaRawArgs>(cmd, rest).map(drop),
        "suite" => parse_args::<cli::suite::SuiteArgs>(cmd, rest).map(drop),
        "scale" => parse_args::<cli::scale::ScaleArgs>(cmd, rest).map(drop),
        "plot" => parse_args::<cli::plot::PlotArgs>(cmd, rest).map(drop),
        "compare" => parse_args::<cli::compare::CompareArgs>(cmd, rest).map(drop),
        "des" => parse_args::<cli::des::DesArgs>(cmd, rest).map(drop),
        "hash" => parse_args::<cli::hash::HashArgs>(cmd, rest).map(drop),
        "noise" => parse_args::<cli::noise::NoiseArgs>(cmd, rest).map(drop),
        "impls" => parse_args::<cli::impls::ImplsArgs>(cmd, rest).map(drop),
        "kem" => parse_args::<cli::kem::KemArgs>(cmd, rest).map(drop),
        "completions" => parse_args::<cli::manual::CompletionsArgs>(cmd, rest).map(drop),
        "man" => parse_args::<cli::manual::ManArgs>(cmd, rest).map(drop),
        "report" => parse_args::<cli::page::ReportArgs>(cmd, rest).map(drop),
        // `groups` has no argument struct in the library: its examples are run instead.
        "groups" => Ok(()),
        other => Err(format!(
            "{other}: add its arguments to parse() in this test"
        )),
    }
}

/// Whether an example is quick enough to run here, and the arguments to run it with
/// (`dh` and `rsa` get `--time 0.01`; an `rsa --key` example needs a file).
fn runnable(argv: &[String]) -> Option<Vec<String>> {
    match argv[0].as_str() {
        "offer" | "reply" | "groups" | "rsa-raw" | "impls" => Some(argv.to_vec()),
        "rsa" if argv.iter().any(|w| w == "--key") => None,
        "dh" | "rsa" => {
            let mut a = argv.to_vec();
            match a.iter().position(|w| w == "--time") {
                Some(i) => a[i + 1] = "0.01".into(),
                None => a.extend(["--time".into(), "0.01".into()]),
            }
            Some(a)
        }
        _ => None,
    }
}

#[test]
fn every_help_example_parses_and_the_quick_ones_run() {
    let dir = common::scratch("help-examples");
    let cmds = subcommands();
    assert!(cmds.len() >= 15, "{cmds:?}");
    let mut all = examples(&help(&["--help"]));
    assert!(all.len() >= 3, "pkbench --help: {all:?}");
    for c in &cmds {
        let ex = examples(&help(&[c, "--help"]));
        assert!(!ex.is_empty(), "pkbench {c} --help has no example");
        if ["dh", "offer", "reply", "groups"].contains(&c.as_str()) {
            assert!((3..=5).contains(&ex.len()), "pkbench {c} --help: {ex:?}");
        }
        all.extend(ex);
    }
    let mut ran = 0;
    for argv in &all {
        parse(argv).unwrap_or_else(|e| panic!("pkbench {}: {e}", argv.join(" ")));
        if let Some(args) = runnable(argv) {
            let (code, out, err) = common::pkbench_in(&dir, &args);
            assert_eq!(code, 0, "pkbench {}: {err}", args.join(" "));
            assert!(!out.trim().is_empty(), "pkbench {}", args.join(" "));
            ran += 1;
        }
    }
    assert!(ran >= 15, "only {ran} examples ran");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_headline_example_is_in_dh_help() {
    let ex = examples(&help(&["dh", "--help"]));
    let want: Vec<String> = "dh --field gf2-155 --exp-bits 128"
        .split(' ')
        .map(str::to_string)
        .collect();
    assert!(ex.contains(&want), "{ex:?}");
}

#[test]
fn a_command_wrapped_over_two_lines_is_caught() {
    // The old `choose --help` example: the command continued on the next line.
    let old = "Examples:
  pkbench choose --output choice.json && pkbench plot choice.json --output
    choice.svg                             cost against security, drawn
";
    let ex = examples(old);
    assert_eq!(ex.len(), 2, "{ex:?}");
    assert!(parse(&ex[0]).is_ok());
    assert!(parse(&ex[1]).is_err(), "{:?}", ex[1]);
    // The same continued with a backslash is one command.
    let ok = "  pkbench plot choice.json --output \\\n    choice.svg    drawn\n";
    let ex = examples(ok);
    assert_eq!(ex.len(), 1, "{ex:?}");
    parse(&ex[0]).unwrap();
    assert_eq!(ex[0].last().map(String::as_str), Some("choice.svg"));
}

#[test]
fn rsa_help_describes_this_build() {
    let h = help(&["rsa", "--help"]);
    let method = h
        .split("The private operation")
        .nth(1)
        .expect("method paragraph");
    if cfg!(feature = "gmp") {
        assert!(method.contains("GMP's mpz_powm"), "{method}");
        assert!(h.contains("--powm sec"), "{h}");
    } else {
        // No claim that GMP computes anything: num-bigint does, and --powm sec needs gmp.
        assert!(!h.contains("GMP's"), "{h}");
        assert!(method.contains("num-bigint's BigUint::modpow"), "{method}");
        assert!(method.contains("--features gmp"), "{method}");
        assert!(
            !examples(&h).iter().any(|a| a.contains(&"sec".to_string())),
            "{h}"
        );
    }
}

//! Command-line usage errors on one line, as every other bad input: clap's several-line
//! message (error, indented details, `tip:`, `Usage:`, "For more information") becomes
//! `MESSAGE [DETAILS] (tip: ...); see 'pkbench COMMAND --help'`, which `main` prints after
//! `pkbench: error: ` with exit code 2. `--help`, `--version` and the help shown for a
//! missing subcommand keep clap's own output.

use clap::error::ErrorKind;

/// The one-line form of a clap parse error `e` for the command line `argv` (program name
/// first) of the command `cmd`, or `None` when `e` is not an error but help or version text
/// (then `e.exit()` prints it as clap does).
pub fn one_line<A>(e: &clap::Error, cmd: &clap::Command, argv: A) -> Option<String>
where
    A: IntoIterator,
    A::Item: Into<std::ffi::OsString>,
{
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        return None;
    }
    // Display of a clap error is plain text (no colour codes).
    let text = e.to_string();
    let mut lines = text.lines();
    let mut msg = lines
        .next()
        .unwrap_or("")
        .trim()
        .trim_start_matches("error:")
        .trim()
        .to_string();
    let mut tips = Vec::new();
    let mut in_details = true;
    for line in lines {
        let t = line.trim();
        if t.is_empty() {
            in_details = false;
        } else if let Some(tip) = t.strip_prefix("tip:") {
            tips.push(tip.trim().to_string());
        } else if in_details && !t.starts_with("Usage:") && !t.starts_with("For more") {
            // Details under the first line: possible values, the missing arguments.
            msg.push(' ');
            msg.push_str(t);
        }
    }
    for tip in tips {
        msg += &format!(" (tip: {tip})");
    }
    let name = cmd.get_name();
    let first = argv.into_iter().nth(1).map(Into::into);
    let help = match first.and_then(|a| cmd.find_subcommand(a)) {
        Some(sub) => format!("{name} {} --help", sub.get_name()),
        None => format!("{name} --help"),
    };
    Some(format!("{msg}; see '{help}'"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Arg, ArgAction, Command};

    fn cmd() -> Command {
        Command::new("pkbench").version("1.0").subcommand(
            Command::new("dh")
                .arg(Arg::new("field").long("field").value_name("GROUP"))
                .arg(
                    Arg::new("clock")
                        .long("clock")
                        .value_parser(["wall", "cpu"]),
                )
                .arg(
                    Arg::new("exp")
                        .long("exp-bits")
                        .value_parser(clap::value_parser!(u32)),
                )
                .arg(Arg::new("json").long("json").action(ArgAction::SetTrue)),
        )
    }

    fn run(args: &[&str]) -> Option<String> {
        let e = cmd().try_get_matches_from(args).unwrap_err();
        one_line(&e, &cmd(), args.iter().copied())
    }

    #[test]
    fn errors_become_one_line() {
        let cases: &[(&[&str], &str)] = &[
            (
                &["pkbench", "dh", "--field"],
                "a value is required for '--field <GROUP>' but none was supplied; \
                 see 'pkbench dh --help'",
            ),
            (
                &["pkbench", "dh", "--exp-bits", "abc"],
                "invalid value 'abc' for '--exp-bits <exp>': invalid digit found in string; \
                 see 'pkbench dh --help'",
            ),
            (
                &["pkbench", "dh", "--clock", "foo"],
                "invalid value 'foo' for '--clock <clock>' [possible values: wall, cpu]; \
                 see 'pkbench dh --help'",
            ),
            (
                &["pkbench", "dh", "--feild", "x"],
                "unexpected argument '--feild' found (tip: a similar argument exists: \
                 '--field'); see 'pkbench dh --help'",
            ),
            (
                &["pkbench", "nosuchcmd"],
                "unrecognized subcommand 'nosuchcmd'; see 'pkbench --help'",
            ),
        ];
        for (args, want) in cases {
            assert_eq!(run(args).as_deref(), Some(*want), "{args:?}");
        }
    }

    #[test]
    fn help_and_version_are_left_to_clap() {
        assert_eq!(run(&["pkbench", "--help"]), None);
        assert_eq!(run(&["pkbench", "dh", "--help"]), None);
        assert_eq!(run(&["pkbench", "--version"]), None);
    }
}

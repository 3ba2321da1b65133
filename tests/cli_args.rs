//! Argument checks shared by the commands: contradictory or irrelevant options are refused
//! (exit 2, one line naming the option), bad `--time` values get one line saying what is
//! accepted, and the help and headers say each thing once and only where it is true.

mod common;
use common::{pkbench_input_error, pkbench_ok as ok};

/// Runs pkbench with `args`, expects a usage error: exit 2, nothing on stdout, one line on
/// stderr containing every one of `needles`.
fn refused(args: &[&str], needles: &[&str]) {
    let err = pkbench_input_error(args);
    for n in needles {
        assert!(err.contains(n), "{args:?}: {err:?} lacks {n:?}");
    }
}

// RFC 2409 §6.2 group 2 (modp-1024) with secret 3: g^3 = 8, zero-padded to 128 bytes.
const MODP_SECRET: &str = "3";
// An x25519 secret and the base point u = 9 (RFC 7748 §4.1), 32 bytes each.
const X_SECRET: &str = "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4";
const X_BASE: &str = "0900000000000000000000000000000000000000000000000000000000000000";

#[test]
fn table_and_no_table_together_are_refused() {
    for order in [["--table", "--no-table"], ["--no-table", "--table"]] {
        let mut args = vec!["dh", "--time", "0.01"];
        args.extend(order);
        refused(&args, &["--table", "--no-table", "cannot be used with"]);
    }
}

#[test]
fn no_clmul_is_refused_outside_gf2m() {
    for g in ["modp-1024", "p256", "k256", "x25519"] {
        let mut args = vec!["dh", "--field", g, "--no-clmul", "--time", "0.01"];
        refused(&args, &["--no-clmul", "gf2-155", g]);
        args[0] = "offer";
        args.truncate(4);
        let secret = if g == "x25519" { X_SECRET } else { MODP_SECRET };
        args.extend(["--secret", secret]);
        refused(&args, &["--no-clmul", "gf2-155", g]);
    }
    refused(
        &[
            "reply",
            "--field",
            "x25519",
            "--no-clmul",
            "--secret",
            X_SECRET,
            "--peer",
            X_BASE,
        ],
        &["--no-clmul", "x25519 is a prime curve"],
    );
    // Where it applies it is accepted, and the output is the same value.
    for g in ["gf2-155", "oakley-4"] {
        let with = ok(&["offer", "--field", g, "--no-clmul", "--secret", "1f"]);
        assert_eq!(with, ok(&["offer", "--field", g, "--secret", "1f"]), "{g}");
    }
}

#[test]
fn no_clmul_is_refused_for_a_params_file() {
    // The built-in Oakley group 1 file, read as the user's own.
    let f = concat!(env!("CARGO_MANIFEST_DIR"), "/params/modp-768.toml");
    ok(&["offer", "--params", f, "--secret", "3"]);
    refused(
        &["offer", "--params", f, "--no-clmul", "--secret", "3"],
        &["--no-clmul", "mod-p group"],
    );
}

#[test]
fn backend_is_refused_where_no_bignum_is_used() {
    for g in ["gf2-155", "gf2-185", "p256", "k256", "x25519"] {
        refused(
            &[
                "dh",
                "--field",
                g,
                "--backend",
                "num-bigint",
                "--time",
                "0.01",
            ],
            &["--backend", "mod-p groups", g],
        );
        let secret = if g == "x25519" { X_SECRET } else { "1f" };
        refused(
            &[
                "offer",
                "--field",
                g,
                "--backend",
                "num-bigint",
                "--secret",
                secret,
            ],
            &["--backend", g],
        );
    }
    refused(
        &[
            "reply",
            "--field",
            "x25519",
            "--backend",
            "num-bigint",
            "--secret",
            X_SECRET,
            "--peer",
            X_BASE,
        ],
        &["--backend", "x25519 is a prime curve"],
    );
    // The sweeps pass --backend to their mod-p groups, and refuse it with none.
    refused(
        &[
            "scale",
            "--groups",
            "gf2-155,p256",
            "--backend",
            "num-bigint",
            "--time",
            "0.01",
        ],
        &["--backend", "none of gf2-155, p256"],
    );
    refused(
        &[
            "choose",
            "--fields",
            "x25519,gf2-185",
            "--backend",
            "num-bigint",
        ],
        &["--backend", "none of x25519, gf2-185"],
    );
    // Still accepted on a mod-p group: g^3 = 8.
    let out = ok(&[
        "offer",
        "--field",
        "modp-768",
        "--backend",
        "num-bigint",
        "--secret",
        MODP_SECRET,
    ]);
    assert!(
        out.trim().ends_with("08") && out.trim().len() == 192,
        "{out}"
    );
}

#[test]
fn scale_passes_backend_only_to_mod_p_groups() {
    let out = ok(&[
        "scale",
        "--groups",
        "modp-512,gf2-155",
        "--exp-bits",
        "128",
        "--backend",
        "num-bigint",
        "--pool",
        "1",
        "--min-samples",
        "1",
        "--time",
        "0.001",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["skipped"].as_array().map_or(0, Vec::len), 0, "{v}");
    let ops = v["operations"].as_array().unwrap();
    let backend_of = |g: &str| {
        ops.iter()
            .find(|o| o["params"]["group"] == g && o["name"] == "Reply")
            .map(|o| o["info"]["backend"].clone())
            .unwrap_or_else(|| panic!("no Reply of {g}: {v}"))
    };
    assert!(
        backend_of("modp-512")
            .as_str()
            .is_some_and(|b| b.starts_with("num-bigint")),
        "{v}"
    );
    assert!(backend_of("gf2-155").is_null(), "{v}");
}

#[test]
fn bad_time_values_get_one_line_saying_what_is_accepted() {
    for t in ["-1", "-0.5", "0", "abc", "", "nan", "inf", "1e9", "3601"] {
        for cmd in [
            &["dh"][..],
            &["rsa"],
            &["hash"],
            &["des"],
            &["cipher", "--algo", "aes"],
            &["repro", "1995"],
            &["scale"],
            &["suite"],
        ] {
            let mut args = cmd.to_vec();
            args.extend(["--time", t]);
            refused(
                &args,
                &[
                    "--time",
                    "give a number of seconds above 0 and at most 3600",
                ],
            );
        }
    }
    // `--time=-1` and `--time -1` read the same.
    refused(&["dh", "--time=-1"], &["invalid value '-1'", "above 0"]);
    // Other negative numbers say what they want, too.
    refused(
        &["choose", "--budget-ms", "-5"],
        &["--budget-ms -5", "positive"],
    );
    refused(
        &["choose", "--max-secs", "-1"],
        &["--max-secs -1", "positive"],
    );
    refused(
        &["choose", "--budget-ms", "abc"],
        &["'abc'", "positive number of milliseconds"],
    );
    refused(
        &["choose", "--max-secs", "x"],
        &["'x'", "positive number of seconds"],
    );
}

#[test]
fn time_help_names_min_samples_only_where_it_exists() {
    for cmd in ["dh", "rsa", "hash", "des", "cipher", "repro", "scale"] {
        let help = ok(&[cmd, "--help"]);
        let has_flag = help.contains("      --min-samples <");
        let time_help: String = help
            .split("--time <SECONDS>")
            .nth(1)
            .unwrap_or_else(|| panic!("{cmd} --help has no --time"))
            .split("[default")
            .next()
            .unwrap()
            .to_string();
        assert_eq!(
            time_help.contains("--min-samples"),
            has_flag,
            "{cmd}: --time help {time_help:?}"
        );
        assert!(time_help.contains("3600"), "{cmd}: {time_help:?}");
    }
}

#[test]
fn group_headers_name_their_source_once() {
    let out = ok(&["groups", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for g in v["groups"].as_array().unwrap() {
        let (desc, src) = (
            g["description"].as_str().unwrap(),
            g["source"].as_str().unwrap(),
        );
        // The document: "RFC 7748", "FIPS 186-4", "SEC 2".
        let doc: Vec<&str> = src.split_whitespace().take(2).collect();
        let doc = doc.join(" ");
        assert!(
            !desc.contains(&doc),
            "{}: {desc:?} repeats {doc:?}",
            g["name"]
        );
    }
    let out = ok(&["dh", "--field", "x25519", "--time", "0.01"]);
    let header: String = out
        .lines()
        .take_while(|l| !l.starts_with("exponent:"))
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(header.matches("RFC 7748").count(), 1, "{header}");
    assert!(header.contains("RFC 7748 §4.1, §5"), "{header}");
}

#[test]
fn other_idle_options_are_refused() {
    // --wide: the Markdown and JSON of `repro` have every column; gnupg-2000 always does.
    refused(
        &["repro", "1995", "--wide", "--json"],
        &["--wide", "--json"],
    );
    refused(
        &["repro", "1995", "--wide", "--markdown"],
        &["--wide", "--markdown"],
    );
    refused(
        &["repro", "gnupg-2000", "--wide", "--time", "0.01"],
        &["--wide applies to the 1995 table only"],
    );
    // --force replaces the --output file: without one it would do nothing.
    refused(&["suite", "--quick", "--force"], &["required", "--output"]);
}

/// The timing commands (none runs here: every use below is refused or asks for help).
const TIMING: &[&[&str]] = &[
    &["dh"],
    &["rsa"],
    &["des"],
    &["hash"],
    &["cipher", "--algo", "aes"],
    &["choose"],
    &["scale"],
    &["suite"],
    &["repro", "1995"],
    &["noise"],
];

/// The help paragraph of `option` in `help` (from its line to the next option).
fn option_help(help: &str, option: &str) -> String {
    let start = help
        .find(&format!("      {option}"))
        .unwrap_or_else(|| panic!("no {option} in {help}"));
    let rest = &help[start + 6..];
    let end = ["\n      --", "\n  -"]
        .iter()
        .filter_map(|m| rest.find(m))
        .min()
        .unwrap_or(rest.len());
    rest[..end].to_string()
}

#[test]
fn the_shared_options_are_declared_once() {
    let dh = ok(&["dh", "--help"]);
    for cmd in TIMING {
        let help = ok(&[cmd[0], "--help"]);
        for option in [
            "--seed",
            "--clock",
            "--quiet",
            "--format",
            "--json",
            "--markdown",
        ] {
            assert_eq!(
                option_help(&help, option),
                option_help(&dh, option),
                "{}: {option}",
                cmd[0]
            );
        }
        // suite's --output is a directory or a file; noise saves no record.
        if !["suite", "noise"].contains(&cmd[0]) {
            for option in ["--output", "--force"] {
                assert_eq!(
                    option_help(&help, option),
                    option_help(&dh, option),
                    "{}",
                    cmd[0]
                );
            }
        }
    }
    // Where the budget differs, the help says so.
    assert!(option_help(&ok(&["suite", "--help"]), "--time").contains("0.2 with --quick"));
    assert!(option_help(&ok(&["choose", "--help"]), "--time").contains("default 0.1"));
    assert!(option_help(&ok(&["noise", "--help"]), "--time").contains("[default: 0.1]"));
    assert!(option_help(&dh, "--time").contains("[default: 1]"));
}

#[test]
fn formats_a_command_cannot_render_yet_are_refused_before_timing() {
    for cmd in TIMING {
        // The longest budget each takes: a run would not end before the test's timeout.
        let long = if cmd[0] == "choose" { "60" } else { "3600" };
        for (format, spelled) in [
            (&["--format", "csv"][..], "--format csv"),
            (&["--format", "html"], "--format html"),
        ] {
            // choose renders CSV and HTML (issue 32: its leak column in every format;
            // tests/cli_choose_leak.rs).
            if cmd[0] == "choose" {
                continue;
            }
            let mut args = cmd.to_vec();
            args.extend(format);
            args.extend(["--time", long]);
            refused(
                &args,
                &[
                    spelled,
                    "is not available for this command yet",
                    "--format text",
                ],
            );
        }
        if !["choose", "repro"].contains(&cmd[0]) {
            for md in [&["--markdown"][..], &["--format", "markdown"]] {
                let mut args = cmd.to_vec();
                args.extend(md);
                args.extend(["--time", long]);
                refused(&args, &[md[0], "not available for this command yet"]);
            }
        }
    }
    // An alias and --format together, or two aliases, are one format too many.
    refused(
        &["dh", "--json", "--format", "text"],
        &["--json", "--format"],
    );
    refused(
        &["choose", "--json", "--markdown"],
        &["--json", "--markdown"],
    );
    refused(
        &["repro", "1995", "--wide", "--format", "markdown"],
        &["--wide"],
    );
    // choose's table-window sweep has no Markdown writer.
    refused(
        &["choose", "--cache", "cold", "--markdown", "--max-secs", "1"],
        &["--markdown", "not available"],
    );
}

#[test]
fn format_json_and_markdown_are_json_and_markdown() {
    let args = ["dh", "--field", "x25519", "--time", "0.01"];
    let json = ok(&[&args[..], &["--format", "json"]].concat());
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["command"], "dh", "{v}");
    assert_eq!(v["seed"], 1995, "{v}");
    let table = ["repro", "1995", "--quick", "--time", "0.01"];
    let md = ok(&[&table[..], &["--format", "markdown"]].concat());
    let short = ok(&[&table[..], &["--markdown"]].concat());
    // The same Markdown table either way: its header and first column.
    let frame = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| l.starts_with('|'))
            .map(|l| l.split('|').nth(1).unwrap_or("").trim().to_string())
            .collect()
    };
    assert!(frame(&md).len() > 5, "{md}");
    assert_eq!(frame(&md), frame(&short));
}

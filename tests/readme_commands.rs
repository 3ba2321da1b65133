//! Every command the README shows works: each `sh` block's `pkbench …` and `cargo run
//! --release [--features F] -- …` lines run the built binary (in a fresh directory per block,
//! in order, so a block's records feed its later commands) and must exit 0. Quick options
//! are allowed: `--time` is set to 0.01 s on the commands that take it and `choose` gets
//! `--max-secs 20`. Lines that run something else (`cargo test`, `cargo install`, scripts,
//! `rsvg-convert`) are not run. A `cargo run --features gmp` line runs in a build without the
//! feature too, where it must exit 0 or be refused as the documented input error naming
//! `--features gmp` (CI runs the suite in both builds, so every such line runs with GMP
//! once). Shell redirections (`> FILE`) are dropped: the output is captured.

mod common;

use common::Pkbench;
use std::path::Path;

/// The subcommands that take `--time SECONDS`.
const TAKES_TIME: &[&str] = &[
    "dh", "choose", "suite", "scale", "cipher", "des", "hash", "repro", "rsa", "noise", "leak",
];

/// The `sh` blocks of a Markdown text, each as its command lines (comments and blank lines
/// dropped, `&&` chains split).
fn sh_blocks(md: &str) -> Vec<Vec<String>> {
    let mut blocks = Vec::new();
    let mut cur: Option<Vec<String>> = None;
    for line in md.lines() {
        if line.trim_start().starts_with("```") {
            match cur.take() {
                Some(b) => blocks.push(b),
                None if line.trim() == "```sh" => cur = Some(Vec::new()),
                None => cur = None,
            }
            continue;
        }
        if let Some(b) = cur.as_mut() {
            let code = line.split(" #").next().unwrap_or("").trim();
            if code.is_empty() || code.starts_with('#') {
                continue;
            }
            b.extend(code.split("&&").map(|p| p.trim().to_string()));
        }
    }
    blocks
}

/// The binary's arguments for a README line, or `None` when the line runs something else;
/// with whether the line asks for a build with `--features gmp` that this build is not.
fn pkbench_args(line: &str) -> Option<(Vec<String>, bool)> {
    let line = line.split('>').next().unwrap().trim();
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut wants_gmp = false;
    let rest: &[&str] = match words.as_slice() {
        ["pkbench", rest @ ..] => rest,
        ["cargo", "run", rest @ ..] => {
            let dash = rest.iter().position(|w| *w == "--")?;
            wants_gmp = rest[..dash].contains(&"gmp") && !cfg!(feature = "gmp");
            &rest[dash + 1..]
        }
        _ => return None,
    };
    let mut args: Vec<String> = rest.iter().map(|w| w.to_string()).collect();
    let cmd = args.first().cloned().unwrap_or_default();
    if TAKES_TIME.contains(&cmd.as_str()) {
        match args.iter().position(|w| w == "--time") {
            Some(i) => args[i + 1] = "0.01".into(),
            None => args.extend(["--time".into(), "0.01".into()]),
        }
    }
    if cmd == "choose" {
        args.extend(["--max-secs".into(), "20".into()]);
    }
    Some((args, wants_gmp))
}

fn run_block(block: &[String], dir: &Path) -> Vec<String> {
    let mut failures = Vec::new();
    for line in block {
        match pkbench_args(line) {
            None => {}
            Some((args, wants_gmp)) => {
                let (code, _out, err) = Pkbench::new(&args).current_dir(dir).run();
                let refused_for_gmp = wants_gmp
                    && code == 2
                    && err.lines().count() == 1
                    && err.contains("--features gmp");
                if code != 0 && !refused_for_gmp {
                    failures.push(format!(
                        "{line}\n  ran: pkbench {}\n  exit {code}: {err}",
                        args.join(" ")
                    ));
                } else if let Some(i) = args.iter().position(|w| w == "--output") {
                    // The file it says it writes is there and not empty.
                    let out = dir.join(&args[i + 1]);
                    if std::fs::metadata(&out).map_or(true, |m| m.len() == 0) {
                        failures.push(format!("{line}\n  wrote no {}", out.display()));
                    }
                }
            }
        }
    }
    failures
}

#[test]
fn every_readme_command_runs() {
    let md = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let blocks = sh_blocks(&md);
    let lines: usize = blocks.iter().map(Vec::len).sum();
    assert!(lines > 20, "found only {lines} command lines");
    // Every command of the README's command table is shown run in a block.
    for cmd in [
        "dh", "choose", "plot", "report", "scale", "suite", "compare", "repro",
    ] {
        assert!(
            blocks
                .iter()
                .flatten()
                .any(|l| l.starts_with(&format!("pkbench {cmd} "))),
            "the README runs no `pkbench {cmd}`"
        );
    }
    let mut failures = Vec::new();
    let mut ran = 0;
    for (i, block) in blocks.iter().enumerate() {
        let dir = common::scratch(&format!("readme-{i}"));
        ran += block.iter().filter(|l| pkbench_args(l).is_some()).count();
        failures.extend(run_block(block, &dir));
    }
    assert!(ran >= 20, "ran only {ran} commands");
    assert!(
        failures.is_empty(),
        "README commands failed:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_parser_finds_commands_and_quick_options() {
    let md = "text\n```sh\n# c\npkbench dh --group x25519  # note\ncargo test --release\n```\n\
              ```\npkbench nope\n```\n```sh\nmkdir -p d && pkbench man > d/p.1\n\
              cargo run --release -- choose --time 0.1\n```\n";
    let b = sh_blocks(md);
    assert_eq!(b.len(), 2);
    assert_eq!(b[0], ["pkbench dh --group x25519", "cargo test --release"]);
    assert_eq!(pkbench_args(&b[0][1]), None);
    assert_eq!(
        pkbench_args(&b[0][0]).unwrap().0,
        ["dh", "--group", "x25519", "--time", "0.01"]
    );
    assert_eq!(pkbench_args(&b[1][0]), None);
    assert_eq!(pkbench_args(&b[1][1]).unwrap().0, ["man"]);
    assert_eq!(
        pkbench_args(&b[1][2]).unwrap().0,
        ["choose", "--time", "0.01", "--max-secs", "20"]
    );
    assert_eq!(
        pkbench_args("cargo run --release --features gmp -- rsa --bits 512"),
        Some((
            ["rsa", "--bits", "512", "--time", "0.01"]
                .map(String::from)
                .to_vec(),
            !cfg!(feature = "gmp")
        ))
    );
}

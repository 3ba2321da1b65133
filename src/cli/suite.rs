//! `pkbench suite`: the standard set of measurements in one run, saved as one result record
//! (`results/<date>-<host>[-quick].json` by default): the 1995 rows, the DH groups with
//! 128-bit and full exponents, raw RSA 512/1024/2048, DES, the hashes and the symmetric
//! ciphers by mode (libgcrypt's table rows, see [`cipher_items`]).
//!
//! Each item is a command line of another pkbench command, parsed by that command's own
//! clap arguments and measured by its `measure_record` function (see [`measure_item`], the
//! one place that knows which commands exist). An item whose command or group is not in this
//! build is recorded under `skipped` with the reason; the run goes on.

use crate::cli;
use crate::cli::common::parse_args as parse;
use crate::error::{Error, Result};
use crate::measure::{self, Machine};
use crate::record::{self, ResultRecord, RunTimer, Skipped};
use crate::report;
use clap::Args;
use serde_json::json;
use std::path::{Path, PathBuf};

/// Arguments of `pkbench suite`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench suite --quick                    about a minute; saved under results/
  pkbench suite --output ~/pkbench-runs    the full set (several minutes; the
                                           directory must exist)
  pkbench suite --quick --output base.json --force   one named file, replaced
  pkbench compare results/A.json results/B.json")]
pub struct SuiteArgs {
    /// A short run: fewer and smaller items, 0.2 s per timed operation (under a minute).
    #[arg(long)]
    pub quick: bool,
    /// Directory for the record, which must exist (default `results/`, the one directory
    /// created when missing); the file is named by date, time and host, e.g.
    /// `2026-11-30T104512Z-myhost-quick.json`, with `-2`, `-3` … added when that name is
    /// taken (an existing record is never replaced). A path ending in `.json` is the
    /// record's file name itself, in a directory that must exist.
    #[arg(long, value_name = "DIR|FILE.json")]
    pub output: Option<PathBuf>,
    /// Replace the `--output FILE.json` if it already exists (otherwise: error, exit 2). A
    /// file that cannot be replaced (not writable, `chattr +i`) is refused before the run.
    #[arg(long, requires = "output")]
    pub force: bool,
    /// Time budget per timed operation, in seconds (default 0.5, or 0.2 with --quick).
    #[arg(
        long,
        value_name = "SECONDS",
        value_parser = crate::cli::options::parse_time_secs,
        allow_negative_numbers = true
    )]
    pub time: Option<f64>,
    /// Seed of the ChaCha20 RNG for every item's inputs.
    #[arg(long, default_value_t = 1995)]
    pub seed: u64,
    /// Print the record as JSON on stdout (it is saved anyway).
    #[arg(long)]
    pub json: bool,
}

/// One item of the suite: a pkbench command line (without the timing options, which the
/// suite adds).
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// The command: "dh", "rsa", "des", "hash", "repro".
    pub command: &'static str,
    /// Its arguments.
    pub args: Vec<String>,
}

impl Item {
    fn new(command: &'static str, args: &[&str]) -> Item {
        Item {
            command,
            args: args.iter().map(|s| s.to_string()).collect(),
        }
    }

    /// The command line as shown in reports: "dh --field gf2-155 --exp-bits 128".
    pub fn label(&self) -> String {
        std::iter::once(self.command.to_string())
            .chain(self.args.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The standard set. `quick` keeps every kind of item but drops the large groups' full
/// exponents and the 2048-bit RSA key.
pub fn items(quick: bool) -> Vec<Item> {
    let mut v = vec![Item::new("repro", &["1995"])];
    let groups: &[&str] = if quick {
        &["gf2-155", "gf2-185", "modp-512", "modp-768", "modp-1024"]
    } else {
        &[
            "gf2-155",
            "gf2-185",
            "modp-512",
            "modp-768",
            "modp-1024",
            "modp-1536",
            "modp-2048",
            "modp-3072",
        ]
    };
    for g in groups {
        for e in ["128", "full"] {
            v.push(Item::new("dh", &["--field", g, "--exp-bits", e]));
        }
    }
    for g in ["p256", "k256", "x25519"] {
        v.push(Item::new("dh", &["--field", g, "--exp-bits", "full"]));
    }
    let rsa: &[&str] = if quick {
        &["512", "1024"]
    } else {
        &["512", "1024", "2048"]
    };
    for b in rsa {
        v.push(Item::new("rsa", &["--bits", b]));
    }
    v.push(Item::new("des", &["--mode", "ecb"]));
    v.push(Item::new("des", &["--keysetup"]));
    for h in crate::hash::suite() {
        v.push(Item::new("hash", &["--algo", h]));
    }
    v.extend(cipher_items(quick));
    v
}

/// Runs a command's own `run` with `--json` (which the suite always appends) and reads the
/// versioned record back from its JSON: every timing command prints its
/// [`ResultRecord`] with `--json`, so the suite needs nothing else from it.
fn via_json<T: Args>(
    command: &str,
    argv: &[String],
    run: fn(&T) -> Result<String>,
) -> Result<ResultRecord> {
    let a: T = parse(command, argv)?;
    let text = run(&a)?;
    ResultRecord::from_json(&format!("`{command}` output"), &text)
}

/// The cipher rows of libgcrypt's tables: every cipher of
/// [`crate::symmetric::registry::table_specs`] in every mode, encryption and decryption
/// (`pkbench compare` shows them one row per cipher, one column per mode and direction).
/// `quick` keeps the key sizes the registry marks `quick`: the ciphers of the 2000 GnuPG
/// table and ARCFOUR (AES, AES256, 3DES, CAST5, BLOWFISH, TWOFISH, ARCFOUR) and fits the slope through 4 buffer sizes instead of 8.
pub fn cipher_items(quick: bool) -> Vec<Item> {
    let points = if quick { "4" } else { "8" };
    crate::symmetric::registry::table_specs()
        .iter()
        .filter(|s| !quick || s.key_size().quick)
        .map(|s| {
            let bits = s.key_bits.to_string();
            Item::new(
                "cipher",
                &[
                    "--algo",
                    s.cipher.name,
                    "--key-bits",
                    &bits,
                    "--both",
                    "--points",
                    points,
                ],
            )
        })
        .collect()
}

/// Measures one item: parses `argv` with the command's arguments and returns its record,
/// `Ok(None)` when the command is not in this build.
///
/// To add a command: one arm here (its `run` must print a [`ResultRecord`] with `--json`).
///
/// # Errors
/// Whatever the command returns (e.g. a group or table not built yet).
pub fn measure_item(command: &str, argv: &[String]) -> Result<Option<ResultRecord>> {
    let rec = match command {
        "dh" => via_json(command, argv, cli::dh::run)?,
        "rsa" => via_json(command, argv, cli::rsa::run)?,
        "des" => via_json(command, argv, cli::des::run)?,
        "hash" => via_json(command, argv, cli::hash::run)?,
        "repro" => via_json(command, argv, cli::repro::run)?,
        "cipher" => via_json(command, argv, cli::cipher::run)?,
        _ => return Ok(None),
    };
    Ok(Some(rec))
}

/// The timing options the suite appends to every item.
fn timing_args(time: f64, seed: u64) -> Vec<String> {
    vec![
        "--time".into(),
        time.to_string(),
        "--seed".into(),
        seed.to_string(),
        "--json".into(),
    ]
}

/// Runs the suite and returns its record (not yet saved).
///
/// # Errors
/// [`Error::Input`] for a bad `--time`.
pub fn measure_suite(args: &SuiteArgs) -> Result<ResultRecord> {
    let time = args.time.unwrap_or(if args.quick { 0.2 } else { 0.5 });
    let time = crate::measure::check_budget_secs(time)?;
    let timer = RunTimer::start();
    let list = items(args.quick);
    let mut rec = ResultRecord::new("suite", "wall", Machine::detect());
    rec.seed = Some(args.seed);
    rec.params.insert("quick".into(), args.quick.into());
    rec.params.insert("time_s".into(), time.into());
    let pb = measure::progress::bar(list.len() as u64, args.json);
    let mut done = Vec::new();
    for item in &list {
        pb.set_message(item.label());
        let mut argv = item.args.clone();
        argv.extend(timing_args(time, args.seed));
        let t0 = std::time::Instant::now();
        match measure_item(item.command, &argv) {
            Ok(Some(r)) => {
                for f in r.machine.cpu_flags_used {
                    rec.machine.note_flag_used(&f);
                }
                rec.operations.extend(r.operations);
                done.push(json!({"item": item.label(), "seconds": t0.elapsed().as_secs_f64()}));
            }
            Ok(None) => rec.skipped.push(Skipped::new(
                item.label(),
                format!("the `{}` command is not in this build", item.command),
            )),
            Err(e) => rec
                .skipped
                .push(Skipped::new(item.label(), crate::cli::errors::render(&e))),
        }
        pb.inc(1);
    }
    pb.finish_and_clear();
    rec.extra.insert("items".into(), done.into());
    rec.finish(&timer);
    Ok(rec)
}

/// The file name of a suite record: `<UTC date and time>-<host>[-quick].json`.
pub fn file_name(rec: &ResultRecord, quick: bool) -> String {
    let stamp: String = rec
        .started_utc
        .chars()
        .filter(|c| *c != ':' && *c != '-')
        .collect();
    let date = rec.started_utc.get(..10).unwrap_or("unknown");
    let time = stamp.get(8..).unwrap_or("");
    let host: String = rec
        .machine
        .hostname
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!(
        "{date}{time}-{host}{}.json",
        if quick { "-quick" } else { "" }
    )
}

/// Whether `--output` names the record file itself (it ends in `.json`) rather than a
/// directory.
fn is_file(output: &Path) -> bool {
    output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// Saves `rec` in `dir` under [`file_name`], or with `-2`, `-3` … before `.json` when that
/// name is taken (also by a run that saves at the same moment: the write itself refuses to
/// replace a file). Returns the path written.
///
/// # Errors
/// [`Error::Input`] when `dir` is missing or cannot be written; [`Error::Runtime`] for other
/// I/O failures or when 1000 names are taken.
pub fn save_unique(dir: &Path, rec: &ResultRecord, quick: bool) -> Result<PathBuf> {
    let name = file_name(rec, quick);
    let stem = name.trim_end_matches(".json");
    for n in 1..=1000 {
        let path = if n == 1 {
            dir.join(&name)
        } else {
            dir.join(format!("{stem}-{n}.json"))
        };
        if path.exists() {
            continue;
        }
        match cli::common::write_record(&path, rec, false) {
            Ok(()) => return Ok(path),
            Err(_) if path.exists() => continue,
            Err(e) => return Err(e),
        }
    }
    Err(Error::runtime(format!(
        "--output {}: 1000 records named {stem}-N.json exist already; choose another directory",
        dir.display()
    )))
}

/// The default `--output` directory, created when missing (an explicit DIR must exist).
pub const DEFAULT_DIR: &str = "results";

/// Runs `pkbench suite`: measures, saves the record in `--output DIR` (or as
/// `--output FILE.json`), prints a summary.
///
/// # Errors
/// [`Error::Input`] when an explicit DIR (or FILE.json's directory) is missing, the
/// default `results/` cannot be created, the directory cannot be written, or FILE.json exists without
/// `--force` (all checked before measuring); [`Error::Runtime`] when saving fails.
pub fn run(args: &SuiteArgs) -> Result<String> {
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from(DEFAULT_DIR));
    let file = is_file(&output);
    if file {
        record::write::check_destination(&output, args.force)?;
    } else {
        if args.output.is_none() {
            std::fs::create_dir_all(&output).map_err(|e| {
                Error::input(format!(
                    "--output {}: cannot create the directory ({e}); give a directory you can write to",
                    output.display()
                ))
            })?;
        } else if output.exists() && !output.is_dir() {
            return Err(Error::input(format!(
                "--output {}: not a directory; give an existing directory or a FILE.json name",
                output.display()
            )));
        } else if !output.is_dir() {
            return Err(Error::input(format!(
                "--output {}: directory does not exist; create it first (mkdir) or give FILE.json in an existing directory",
                output.display()
            )));
        }
        record::write::check_writable_dir("--output", &output)?;
    }
    let rec = measure_suite(args)?;
    let path = if file {
        cli::common::write_record(&output, &rec, args.force)?;
        output.clone()
    } else {
        save_unique(&output, &rec, args.quick)?
    };
    if args.json {
        return rec.to_json();
    }
    Ok(render_text(&rec) + &report::wrap_text(&format!("record:   saved to {}\n", path.display())))
}

/// A timed operation's rate (a `*_per_sec` figure, bytes first, else ops/s at the median);
/// a derived operation's figure.
fn rate_or_figure(op: &crate::record::Operation) -> String {
    let Some(st) = &op.stats else {
        return report::compare::fmt_headline(op);
    };
    if let Some(b) = op.figures.get("bytes_per_sec") {
        return format!("{} MB/s", report::sig4(b / 1e6));
    }
    report::fmt_rate(st.ops_per_sec())
}

/// The terminal summary of a suite record, 80 columns wide.
pub fn render_text(rec: &ResultRecord) -> String {
    let mut s = format!(
        "pkbench suite{}: {} operations in {:.1} s; clock {}\nmachine:  {}\n",
        if rec.params.get("quick") == Some(&json!(true)) {
            " --quick"
        } else {
            ""
        },
        rec.operations.len(),
        rec.elapsed_s,
        rec.clock,
        rec.summary()
    );
    // One row per item (its parameters), its operations indented under it, both wrapped
    // to 28 characters: the table fits in 80 columns (the figures take at most 51).
    let wrap = |s: &str, indent: &str| {
        report::text::wrap_words(s, 28 - indent.len()).replace('\n', &format!("\n{indent}  "))
    };
    let mut t = report::table(&["item\n  operation", "median", "q1 … q3", "rate or\nfigure"]);
    let mut item = String::new();
    for op in &rec.operations {
        let label = record::params_label(&op.params);
        if label != item {
            t.add_row(vec![wrap(&label, "")]);
            item = label;
        }
        let (median, quart) = match &op.stats {
            Some(st) => (
                report::fmt_time_ms(st.median_ms),
                report::fmt_quartiles_ms(st.q1_ms, st.q3_ms),
            ),
            None => (String::new(), String::new()),
        };
        t.add_row(vec![
            format!("  {}", wrap(&op.name, "  ")),
            median,
            quart,
            rate_or_figure(op),
        ]);
    }
    report::wrap_column(&mut t, 0);
    s += &format!("{t}\n");
    if !rec.skipped.is_empty() {
        s += &format!("skipped ({}):\n", rec.skipped.len());
        for k in &rec.skipped {
            s += &format!("  {}: {}\n", k.item, k.reason);
        }
    }
    report::wrap_text(&s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_set() {
        let full = items(false);
        let quick = items(true);
        assert!(full.len() > quick.len());
        for want in [
            "repro 1995",
            "dh --field gf2-155 --exp-bits 128",
            "dh --field modp-512 --exp-bits full",
            "rsa --bits 2048",
            "des --mode ecb",
            "des --keysetup",
            "hash --algo md5",
            "hash --algo haval",
        ] {
            assert!(full.iter().any(|i| i.label() == want), "{want}");
        }
        assert!(!quick.iter().any(|i| i.label() == "rsa --bits 2048"));
    }

    #[test]
    fn items_parse_with_the_commands_own_arguments() {
        let argv: Vec<String> = ["--field", "p256", "--time", "0.01", "--json"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let a: cli::dh::DhArgs = parse("dh", &argv).unwrap();
        assert_eq!(a.group.field, "p256");
        assert!(a.run.json);
        let e = parse::<cli::dh::DhArgs>("dh", &["--bogus".to_string()]).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert_eq!(measure_item("nonesuch", &[]).unwrap(), None);
    }

    #[test]
    fn cipher_items_cover_the_libgcrypt_rows_and_measure() {
        let specs = crate::symmetric::registry::table_specs();
        assert_eq!(cipher_items(false).len(), specs.len());
        let ci = cipher_items(true);
        assert_eq!(ci.len(), 7);
        assert!(
            ci.iter()
                .any(|i| i.label() == "cipher --algo aes --key-bits 256 --both --points 4")
        );
        assert!(ci.iter().any(|i| {
            i.label()
                .starts_with("cipher --algo arcfour --key-bits 128")
        }));
        assert!(items(true).contains(&ci[0]));
        let full = cipher_items(false);
        assert!(
            full.iter()
                .any(|i| i.label().starts_with("cipher --algo rc2 --key-bits 40"))
        );
        assert!(items(false).contains(&full[15]));
        // One item measured through the suite's path: 5 modes x 2 directions, as operations.
        let mut argv = vec![
            "--algo",
            "des",
            "--both",
            "--points",
            "3",
            "--max-bytes",
            "256",
        ]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>();
        argv.extend(timing_args(0.005, 1));
        let rec = measure_item("cipher", &argv).unwrap().unwrap();
        assert_eq!(rec.operations.len(), 10);
        assert_eq!(rec.operations[0].name, "ECB enc");
        assert_eq!(rec.operations[9].name, "CTR dec");
        assert_eq!(rec.operations[0].params["cipher"], "DES");
    }

    #[test]
    fn file_names() {
        let mut r = ResultRecord::new("suite", "wall", Machine::detect());
        r.started_utc = "2026-11-30T10:45:12Z".into();
        r.machine.hostname = "my host".into();
        assert_eq!(file_name(&r, true), "2026-11-30T104512Z-my_host-quick.json");
        assert_eq!(file_name(&r, false), "2026-11-30T104512Z-my_host.json");
    }
}

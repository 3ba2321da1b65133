//! `pkbench suite`: the standard set of measurements in one run, saved as one result record
//! (`results/<date>-<host>[-quick].json` by default). The set is [`crate::suite`]'s list of
//! typed entries (the 1995 rows, the DH groups with 128-bit and full exponents, raw RSA
//! 512/1024/2048, DES, the hashes and the symmetric ciphers by mode); here each entry gets
//! its label (the command line that times it alone), all of them run in one
//! [`crate::bench::sweep`], and an entry that cannot run (a group not in this build, a failed
//! check) is recorded under `skipped` with the reason in the binary's words; the run goes on.
//! The summary is [`crate::report::suite`].

use crate::bench;
use crate::bench::imp::{Choice, IMPL_PARAM};
use crate::cli;
use crate::cli::imp::{self, ImplArgs};
use crate::cli::output::{self, OutputArgs, Renderers};
use crate::cli::timing::TimingArgs;
use crate::error::{Error, Result};
use crate::kex::ExpBits;
use crate::record::{self, ResultRecord, RunTimer, Skipped};
use crate::suite::{self, Entry};
use clap::Args;
use std::path::{Path, PathBuf};

/// The suite's summary table (kept here for its callers; the renderer is
/// [`crate::report::suite::render_text`]).
pub use crate::report::suite::render_text;

/// Arguments of `pkbench suite`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench suite --quick                    about a minute; saved under results/
  pkbench suite --output ~/pkbench-runs    the full set (several minutes; the
                                           directory must exist)
  pkbench suite --quick --output base.json --force   one named file, replaced
  pkbench suite --quick --impl pkbench,openssl
                                           each entry through pkbench's own code
                                           and, where it has it, OpenSSL, in the
                                           same rounds
  pkbench compare results/A.json results/B.json")]
// The suite's own budget: shorter than one command's, shorter still with --quick.
#[command(mut_arg("time", |a| {
    a.default_value(TIME)
        .default_value_if("quick", "true", Some(QUICK_TIME))
        .hide_default_value(true)
        .help(
            "Time budget per timed operation, in seconds, above 0 and at most 3600 (default \
             0.5, or 0.2 with --quick; at least 11 samples are taken even when that runs over)",
        )
}))]
// The record is always saved: --output names where.
#[command(mut_arg("output", |a| {
    a.value_name("DIR|FILE.json").help(
        "Directory for the record, which must exist (default `results/`, the one directory \
         created when missing); the file is named by date, time and host, e.g. \
         `2026-11-30T104512Z-myhost-quick.json`, with `-2`, `-3` … added when that name is \
         taken (an existing record is never replaced). A path ending in `.json` is the \
         record's file name itself, in a directory that must exist",
    )
}))]
#[command(mut_arg("force", |a| {
    a.help(
        "Replace the `--output FILE.json` if it already exists (otherwise: error, exit 2). A \
         file that cannot be replaced (not writable, `chattr +i`) is refused before the run",
    )
}))]
pub struct SuiteArgs {
    /// A short run: fewer and smaller items, 0.2 s per timed operation (under a minute).
    #[arg(long)]
    pub quick: bool,
    /// With `cold` or `both`, the DH groups and RSA keys of the suite are also (or only)
    /// timed with cold caches (the 1995 rows, hashes, ciphers and DES stay warm).
    #[command(flatten)]
    pub cache: crate::cli::cache::CacheArgs,
    /// Who computes the entries ([`IMPL_HELP`]).
    #[arg(long = "impl", value_name = "LIST|all", default_value = "pkbench", help = IMPL_HELP, value_parser = crate::cli::imp::parse_list)]
    pub imp: String,
    #[command(flatten)]
    pub timing: TimingArgs,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// The words of `suite --impl`.
const IMPL_HELP: &str = "Who computes the suite's entries: `pkbench` (the default: its own code or the crate it uses, and every KEM through each of its crates, the set without --impl), `openssl`, `gcrypt` or `gmp` (the system's libraries, loaded at run time), the Rust crates `dh --impl` takes (Diffie-Hellman on the curves each offers; aws-lc-rs also the KEMs), the KEM crates `ml-kem` and `libcrux-ml-kem` (the KEM entries only; beside `pkbench`, whose KEM rows are every KEM crate's already, a KEM crate adds nothing), a comma-separated list, or `all` (every one). Each entry runs through each implementation asked for that offers it, on the same inputs and checked as its own command checks it with --impl (dh, rsa, des, hash, cipher, repro), all in the same alternating rounds; a row of another implementation is labelled `… --impl NAME` and carries its name in the `impl` param. Only the implementations listed run: pkbench's own rows are in the record when pkbench is in the list (`all` includes it). What an implementation does not offer, or a library not found here, is a note under skipped, one per implementation and reason; nothing asked for able to run is an error (exit 2).";

/// `--time` when not given, seconds ([`suite::default_budget_s`]; a test keeps them equal).
const TIME: &str = "0.5";

/// `--time` with `--quick` when not given, seconds ([`suite::default_budget_s`]).
const QUICK_TIME: &str = "0.2";

/// An entry's label in reports and messages: the command line that times the same thing
/// alone ("dh --field gf2-155 --exp-bits 128"), or the table's row ("repro 1995 row md5
/// (hash md5)").
pub fn label(e: &Entry) -> String {
    match e {
        Entry::Row { reference, row } => {
            let r = &reference.rows[*row];
            format!("repro {} row {} ({})", reference.id, r.id, r.op)
        }
        Entry::Dh { group, exp_bits } => {
            let e = match exp_bits {
                ExpBits::Full => "full".to_string(),
                ExpBits::Bits(n) => n.to_string(),
            };
            format!("dh --field {group} --exp-bits {e}")
        }
        Entry::Kem { name } => format!("dh --group {name}"),
        Entry::Rsa { bits } => format!("rsa --bits {bits}"),
        Entry::DesEcb => "des --mode ecb".to_string(),
        Entry::DesKeySetup => "des --keysetup".to_string(),
        Entry::Hash { algo } => format!("hash --algo {algo}"),
        Entry::Cipher { spec, points } => format!(
            "cipher --algo {} --key-bits {} --both --points {points}",
            spec.cipher.name, spec.key_bits
        ),
    }
}

/// Runs the suite and returns its record (not yet saved): params `quick` and `time_s`; the
/// operations of every entry that ran, each with its entry's label as `info.item`; every
/// entry that did not run under `skipped`.
///
/// # Errors
/// [`Error::Input`] for a bad `--time`.
pub fn measure_suite(args: &SuiteArgs) -> Result<ResultRecord> {
    let timer = RunTimer::start();
    let cfg = args.timing.bench_config(args.out.format())?;
    let choices = choices(&args.imp)?;
    let entries = suite::standard_set(args.quick)?;
    let options = cli::options::group_options(true, None, false)?;
    let (jobs, warnings) = suite::jobs(&entries, &options);
    cli::errors::print_warnings(&warnings);
    let mode = args.cache.cache;
    let jobs: Vec<_> = jobs
        .into_iter()
        .zip(&entries)
        .map(|(job, e)| match (job, e) {
            (Ok(bench::Job::Dh(mut j)), Entry::Dh { .. }) => {
                j.cache = mode;
                Ok(bench::Job::Dh(j))
            }
            (Ok(bench::Job::Rsa(mut j)), Entry::Rsa { .. }) => {
                j.cache = mode;
                Ok(bench::Job::Rsa(j))
            }
            (job, _) => job,
        })
        .collect();
    let (planned, mut skipped) = plan(&entries, jobs, &choices, cfg.discovery);
    if !planned.iter().any(|(_, _, item)| item.job.is_ok()) && !skipped.is_empty() {
        return Err(imp::nothing_runs(&skipped));
    }
    let (order, items): (Vec<(usize, Choice)>, Vec<bench::Item>) = planned
        .into_iter()
        .map(|(i, c, item)| ((i, c), item))
        .unzip();
    let mut operations = Vec::new();
    for ((label, result), (i, c)) in bench::sweep(items, &cfg).into_iter().zip(order) {
        match result.and_then(|ops| entries[i].operations(ops)) {
            Ok(ops) => operations.extend(
                ops.into_iter()
                    .map(|op| op.with_info("item", label.clone())),
            ),
            Err(e) => {
                let mut s = Skipped::new(label, cli::errors::render(&e));
                if c != Choice::Own {
                    s.params.insert(IMPL_PARAM.into(), c.name().into());
                }
                skipped.push(s);
            }
        }
    }
    let params = record::params([
        ("quick", args.quick.into()),
        ("time_s", args.timing.time.into()),
    ]);
    let mut params: serde_json::Map<String, serde_json::Value> = params.into_iter().collect();
    cli::cache::add_params(&mut params, mode, args.timing.clock);
    if choices != [Choice::Own] {
        let names: Vec<&str> = choices.iter().map(|c| c.name()).collect();
        params.insert(IMPL_PARAM.into(), names.join(",").into());
    }
    let mut rec = bench::record("suite", &cfg, params, operations, &timer);
    rec.skipped = skipped;
    Ok(rec)
}

/// The implementations `--impl` names, as `dh --impl` reads them (the crates included), in
/// order.
///
/// # Errors
/// [`Error::Input`] for a name that is no implementation (with the closest known names),
/// or `pkbench-portable` (`dh`'s alone).
fn choices(list: &str) -> Result<Vec<Choice>> {
    let mut v: Vec<Choice> = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        // The KEM crates that are no crate of `dh` (ml-kem, libcrux-ml-kem) by name, for the
        // KEM entries; every other name as `dh --impl` reads it.
        let kem_crate = crate::kem::IMPLEMENTATIONS
            .iter()
            .find(|k| k.eq_ignore_ascii_case(name))
            .filter(|k| crate::peers::crates::find(k).is_none());
        let add = match kem_crate {
            Some(k) => vec![Choice::Crate(k)],
            None => (ImplArgs { imp: name.into() }).dh_choices()?,
        };
        for c in add {
            if !v.contains(&c) {
                v.push(c);
            }
        }
    }
    if v.contains(&Choice::Portable) {
        return Err(Error::input(format!(
            "--impl {}: only `dh` on a binary curve (gf2-155, gf2-185) has a portable twin; use `dh --impl pkbench,{}` there",
            Choice::Portable.name(),
            Choice::Portable.name()
        )));
    }
    Ok(v)
}

/// One timed item of the suite: its entry (index), who computes it, its label and job.
type Planned = (usize, Choice, bench::Item);

/// The suite's items: for each entry, its job through each of `choices` that offers it
/// ([`Entry::through`]; pkbench's own job as it is, labelled as without `--impl`, another
/// implementation's labelled `… --impl NAME`), and the notes of what does not run, grouped
/// by implementation and reason ([`lacking_notes`]). An entry whose own job cannot be made
/// in this build is one item carrying that error (recorded as skipped, as without
/// `--impl`). A KEM crate asked for beside pkbench adds nothing: pkbench's own KEM rows are
/// every crate's already.
fn plan(
    entries: &[Entry],
    jobs: Vec<Result<bench::Job>>,
    choices: &[Choice],
    discovery: crate::peers::Discovery,
) -> (Vec<Planned>, Vec<Skipped>) {
    let mut items = Vec::new();
    let mut lacking = Vec::new();
    for (i, (e, job)) in entries.iter().zip(jobs).enumerate() {
        let own = label(e);
        let job = match job {
            Ok(job) => job,
            Err(err) => {
                let first = choices.first().copied().unwrap_or_default();
                let job = Err(err);
                items.push((i, first, bench::Item { label: own, job }));
                continue;
            }
        };
        for &c in choices {
            let kem_crate =
                matches!(c, Choice::Crate(n) if crate::kem::IMPLEMENTATIONS.contains(&n));
            if kem_crate && matches!(e, Entry::Kem { .. }) && choices.contains(&Choice::Own) {
                continue;
            }
            let label = match c {
                Choice::Own => own.clone(),
                other => format!("{own} --impl {}", other.name()),
            };
            match e.through(&job, c, discovery) {
                Ok(job) => items.push((i, c, bench::Item { label, job })),
                Err(why) => lacking.push((c, own.clone(), why)),
            }
        }
    }
    (items, lacking_notes(lacking))
}

/// One note per implementation and reason, naming the entries it covers (every entry for a
/// library not found here), with the `impl` param.
fn lacking_notes(lacking: Vec<(Choice, String, suite::Lacking)>) -> Vec<Skipped> {
    let mut groups: Vec<(Choice, String, Vec<String>)> = Vec::new();
    for (c, label, why) in lacking {
        let (reason, label) = match why {
            suite::Lacking::Library(u) if u.is_absent() => {
                (imp::note(c, "", &u).reason, "every entry".to_string())
            }
            suite::Lacking::Library(u) => (imp::note(c, "", &u).reason, label),
            suite::Lacking::OwnOnly(o) => (o.to_string(), label),
        };
        match groups.iter_mut().find(|(k, r, _)| *k == c && *r == reason) {
            Some((_, _, labels)) if labels.contains(&label) => {}
            Some((_, _, labels)) => labels.push(label),
            None => groups.push((c, reason, vec![label])),
        }
    }
    groups
        .into_iter()
        .map(|(c, reason, labels)| {
            let mut s = Skipped::new(format!("{} ({})", c.name(), labels.join(", ")), reason);
            s.params.insert(IMPL_PARAM.into(), c.name().into());
            s
        })
        .collect()
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
        match output::write_record(&path, rec, false) {
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
    let renderers = Renderers::record(render_text);
    args.out.format.check(&renderers)?;
    // The names first: a typo costs no directory made.
    choices(&args.imp)?;
    let output = args
        .out
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from(DEFAULT_DIR));
    let file = is_file(&output);
    if file {
        record::write::check_destination(&output, args.out.force)?;
    } else {
        if args.out.output.is_none() {
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
        } else if !output.is_dir() && output.extension().is_some() {
            return Err(Error::input(format!(
                "--output {}: a record file is named FILE.json (a name without .json is a directory to save into); name it .json, or give an existing directory",
                output.display()
            )));
        } else if !output.is_dir() {
            return Err(Error::input(format!(
                "--output {}: directory does not exist; create it first (mkdir) or give FILE.json in an existing directory",
                output.display()
            )));
        }
        record::write::check_writable_dir(&output)?;
    }
    let mut rec = measure_suite(args)?;
    rec.machine.noise = cli::noise::cached_for_this_host();
    let saved = if file {
        output::write_record(&output, &rec, args.out.force).map(|()| output.clone())
    } else {
        save_unique(&output, &rec, args.quick)
    };
    let path = saved.map_err(|e| {
        output::unsaved(e, output::render(args.out.format(), &rec, &renderers, None))
    })?;
    output::render(args.out.format(), &rec, &renderers, Some(&path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::Machine;

    #[test]
    fn labels_are_the_command_lines() {
        let full = suite::standard_set(false).unwrap();
        let labels: Vec<String> = full.iter().map(label).collect();
        for want in [
            "repro 1995 row md5 (hash md5)",
            "dh --field gf2-155 --exp-bits 128",
            "dh --field modp-512 --exp-bits full",
            "dh --field x25519 --exp-bits full",
            "rsa --bits 2048",
            "des --mode ecb",
            "des --keysetup",
            "hash --algo md5",
            "hash --algo haval",
            "cipher --algo rc2 --key-bits 40 --both --points 8",
        ] {
            assert!(labels.iter().any(|l| l == want), "{want}");
        }
        let quick: Vec<String> = suite::standard_set(true)
            .unwrap()
            .iter()
            .map(label)
            .collect();
        assert!(!quick.iter().any(|l| l == "rsa --bits 2048"));
        assert!(
            quick
                .iter()
                .any(|l| l == "cipher --algo aes --key-bits 256 --both --points 4")
        );
    }

    /// The budget without --time: the library's, also with --quick; an explicit --time
    /// stays as given.
    #[test]
    fn time_defaults_are_the_library_s() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            suite: SuiteArgs,
        }
        let time = |args: &[&str]| {
            Cli::try_parse_from(std::iter::once("suite").chain(args.iter().copied()))
                .unwrap()
                .suite
                .timing
                .time
        };
        assert_eq!(time(&[]), suite::default_budget_s(false));
        assert_eq!(time(&["--quick"]), suite::default_budget_s(true));
        assert_eq!(time(&["--quick", "--time", "1"]), 1.0);
        assert_eq!(time(&["--time", "0.05"]), 0.05);
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

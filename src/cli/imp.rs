//! `--impl LIST|all`: which implementations compute a command's operations, and the one way
//! the commands run several (every Job prepared first, then timed together in alternating
//! rounds by `bench::sweep`) and word the ones that cannot run here.

use crate::bench::imp::{Choice, IMPL_PARAM, PORTABLE};
use crate::bench::{self, Item, Job};
use crate::error::{Error, Result, SettingError};
use crate::peers::Unavailable;
use crate::record::{Operation, Skipped};
use clap::Args;

/// `dh`'s own words for `--impl`: [`ImplArgs`]'s, with the crates of
/// [`crate::peers::crates::CRATES`] (named from that list), the portable twin and the KEMs.
pub fn dh_impl_help() -> String {
    format!(
        "Who computes the operations: `pkbench` (its own code or the crate it uses, also by the name `pkbench impls` gives that code: `p256`, `x25519-dalek`, `num-bigint` on a mod-p group, as --backend; the default), `openssl`, `gcrypt` or `gmp` (the system's libraries, loaded at run time; `pkbench impls` lists what each offers), the Rust crates {} on the curves each offers, a comma-separated list, or `all`. With several: one row per implementation, all timed in alternating rounds in this run, each checked against pkbench's own output, with its speed against pkbench's own and that speed's 95 % interval; a library or crate missing here, or without the operation, gives a note, not an error (when nothing asked for can run, the command stops, exit 2). On a binary curve (gf2-155, gf2-185) also `pkbench-portable`: pkbench's portable GF(2^m) code (as --no-clmul), so `--impl pkbench,pkbench-portable` gives the ratio of the two code paths from rounds that alternate in one process (not part of `all`). For a KEM group (`--group mlkem768`): `pkbench` (the default: pkbench's own ML-KEM, RustCrypto's `ml-kem` crate, the one `pkbench kem` uses), `ml-kem`, `libcrux-ml-kem`, `aws-lc-rs`, a list, or `all` (every one, timed in alternating rounds with the ratio of the Totals; `openssl` gives a note: pkbench runs ML-KEM through OpenSSL from 3.5 on only).",
        crate_list()
    )
}

/// The crates `dh` runs, each with its groups, as help texts and messages name them:
/// "`aws-lc-rs` (x25519, p256, p384, p521)", joined with commas and a final "and".
fn crate_list() -> String {
    crate_list_of(|k| k.curves().iter().map(|c| c.group).collect())
}

/// Each crate of [`crate::peers::crates::CRATES`] that offers something `offers` lists, as
/// "`ring` (a, b)", joined with commas and a final "and".
fn crate_list_of(offers: fn(&dyn crate::peers::crates::Crate) -> Vec<&'static str>) -> String {
    let items: Vec<String> = crate::peers::crates::CRATES
        .iter()
        .filter_map(|&k| {
            let what = offers(k);
            (!what.is_empty()).then(|| format!("`{}` ({})", k.name(), what.join(", ")))
        })
        .collect();
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => "(none in this build)".into(),
    }
}

/// `hash`'s words for `--impl`: [`ImplArgs`]'s, with the crates of
/// [`crate::peers::crates::CRATES`] that offer digests (named from that list).
pub fn hash_impl_help() -> String {
    format!(
        "Who computes the digests: `pkbench` (its own code or the crate it uses, also by the name `pkbench impls` gives that code: `md-5`, `sha2`; the default), `openssl`, `gcrypt` or `gmp` (the system's libraries, loaded at run time; `pkbench impls` lists what each offers), the Rust crates {} through their `digest` module (digest::digest for a whole message, a digest::Context for writes), a comma-separated list, or `all`. With several: one row per implementation, all timed in alternating rounds in this run, each checked on the hash's known answers before timing and against pkbench's own digests after, with its speed against pkbench's own and that speed's 95 % interval; a library or crate missing here, or without the hash, gives a note, not an error (when nothing asked for can run, the command stops, exit 2).",
        crate_list_of(|k| k.digests().iter().map(|d| d.hash()).collect())
    )
}

/// `cipher`'s words for `--impl`: [`ImplArgs`]'s, with the crates of
/// [`crate::peers::crates::CRATES`] that offer ciphers (named from that list) and what
/// their rows do beyond the mode.
pub fn cipher_impl_help() -> String {
    format!(
        "Who computes the rows: `pkbench` (the cipher's crate, also by its name as `pkbench impls` gives it: `aes`, `des`; the default), `openssl`, `gcrypt` or `gmp` (the system's libraries, loaded at run time; `pkbench impls` lists what each offers), the Rust crate {} through its `cipher` module, a comma-separated list, or `all`. With several: one row per implementation, mode and direction, all timed in alternating rounds in this run, each checked on the cipher's known answers and against pkbench's own engine before timing and every timed output after, with its speed against pkbench's own and that speed's 95 % interval; work a crate's call does beyond the mode (a copy of the input, where its keys encipher in place) is said beside each ratio.{} A library or crate missing here, or without the cipher or mode, gives a note, not an error (when nothing asked for can run, the command stops, exit 2).",
        crate_list_of(|k| k.ciphers().iter().map(|c| c.cipher).collect()),
        crate::peers::crates::CRATES
            .iter()
            .filter_map(|k| k
                .no_cipher()
                .map(|why| format!(" `{}` has no cipher row: {why}.", k.name())))
            .collect::<String>()
    )
}

/// `choose`'s words for `--impl`, whose default is `all`: [`ImplArgs`]'s, with the crates of
/// [`crate::peers::crates::CRATES`] (named from that list, each with its groups).
pub fn choose_impl_help() -> String {
    format!(
        "Who computes each candidate: `pkbench` (its own code or the crate it uses), `openssl`, `gcrypt` or `gmp` (the system's libraries, loaded at run time), the Rust crates {} on the curves each offers, a comma-separated list, or `all` (the default: every group is ranked at each implementation found, the crates after the libraries, and the winner names its code). Each library's and crate's rows are checked against pkbench's own output, as `dh --impl` checks them. A library missing here, or without a group, and a crate without a group (or, for one that draws its own secrets, at a secret size below the group's full one) give a note; when nothing asked for can run, the command stops (exit 2). The KEMs (mlkem512, mlkem768, mlkem1024, x25519mlkem768) follow `dh`'s words: `pkbench` is pkbench's own ML-KEM (the ml-kem crate), `ml-kem`, `libcrux-ml-kem` and `aws-lc-rs` name a crate, `all` is every one; a library gives a note for each KEM, and a list of KEM crates alone ranks the KEMs only.",
        crate_list()
    )
}

/// `repro`'s words for `--impl`, whose default is `best`.
pub const REPRO_IMPL_HELP: &str = "Who computes the rows: `best` (the default: pkbench's own code and every library found here, and each row's figure and speedup are the fastest checked one's, named in the `by` column; where that is a library, a note gives pkbench's own figure too), `all` (the same rows, and a table with every implementation's figure and speedup, and its speed against pkbench's own with the 95 % interval), `pkbench` (its own code or the crate it uses), `openssl`, `gcrypt`, `gmp`, or a comma-separated list. The hash, DES, DES key setup and RSA rows (and gnupg-2000's ciphers) go through each library on the same inputs and are checked as `hash`, `des`, `rsa` and `cipher --impl` check them; SHA-0, HAVAL and the Diffie-Hellman rows stay pkbench's own. A library missing here, or without a row, gives a note; when nothing asked for can run, the command stops (exit 2).";

/// The `--impl` option, the same on every command that takes it.
#[derive(Debug, Clone, Args)]
pub struct ImplArgs {
    /// Who computes the operations: `pkbench` (its own code or the crate it uses, also by
    /// the name `pkbench impls` gives that code; the default), `openssl`, `gcrypt` or `gmp` (the system's libraries, loaded at run time;
    /// `pkbench impls` lists what each offers), a comma-separated list, or `all`. With
    /// several: one row per implementation, all timed in alternating rounds in this run,
    /// each checked against pkbench's own output, with its speed against pkbench's own and
    /// that speed's 95 % interval; a library missing here, or without the operation, gives
    /// a note, not an error (when nothing asked for can run, the command stops, exit 2).
    #[arg(long = "impl", value_name = "LIST|all", default_value = "pkbench", value_parser = parse_list)]
    pub imp: String,
}

/// Clap value parser of every `--impl LIST`: the list as given, if it names something. An
/// empty list (`--impl ""`, `--impl ,`) is refused rather than read as the default.
///
/// # Errors
/// What to give (clap prefixes it with the value and the option).
pub fn parse_list(s: &str) -> std::result::Result<String, String> {
    if s.split(',').all(|n| n.trim().is_empty()) {
        return Err("give an implementation: pkbench, openssl, gcrypt, gmp, a crate (`pkbench impls` lists them), a comma-separated list, or all".into());
    }
    Ok(s.to_string())
}

impl ImplArgs {
    /// The implementations asked for, in order, without repeats, for a command other than
    /// `dh` (which alone takes [`Choice::Portable`]).
    ///
    /// # Errors
    /// [`Error::Input`] for a name that is none of them, or for `pkbench-portable`.
    pub fn choices(&self) -> Result<Vec<Choice>> {
        no_portable(self.choices_with_portable()?)
    }

    /// The implementations of a command that runs crates beside `dh` (`hash`, `cipher`): as
    /// [`ImplArgs::choices`], with the crates of [`crate::peers::crates::CRATES`] by name and
    /// in `all` (after the libraries); a crate without the operation gives a note, as a
    /// library does.
    ///
    /// # Errors
    /// [`Error::Input`] for a name that is none of them, or for `pkbench-portable`.
    pub fn choices_with_crates(&self) -> Result<Vec<Choice>> {
        no_portable(self.parse(true, &[])?)
    }

    /// The implementations asked for, in order, without repeats, `pkbench-portable`
    /// included (`dh`, which checks the group takes it).
    ///
    /// # Errors
    /// [`Error::Input`] for a name that is none of them.
    pub fn choices_with_portable(&self) -> Result<Vec<Choice>> {
        self.parse(false, &[])
    }

    /// `dh`'s implementations: as [`ImplArgs::choices_with_portable`], with the crates of
    /// [`crate::peers::crates::CRATES`] by name and in `all` (after the libraries).
    ///
    /// # Errors
    /// [`Error::Input`] for a name that is none of them.
    pub fn dh_choices(&self) -> Result<Vec<Choice>> {
        self.parse(true, &[])
    }

    /// As [`ImplArgs::choices`], [`ImplArgs::choices_with_crates`] (`crates`) or
    /// [`ImplArgs::dh_choices`] (`crates` and `portable`), on a command whose own rows the
    /// code `own` computes (its labels in `pkbench impls`: `p256`, `sha2`, `num-bigint`;
    /// [`crate::cli::own`]): each of those names is pkbench's own row ([`Choice::Own`]).
    ///
    /// # Errors
    /// As those; a label of pkbench's own code for other operations is refused naming them
    /// ([`crate::cli::own::not_here`]).
    pub fn choices_own(&self, crates: bool, portable: bool, own: &[&str]) -> Result<Vec<Choice>> {
        let v = self.parse(crates, own)?;
        if portable { Ok(v) } else { no_portable(v) }
    }

    fn parse(&self, crates: bool, own: &[&str]) -> Result<Vec<Choice>> {
        let mut v = Vec::new();
        for name in self.imp.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let krate = crate::peers::crates::find(name);
            let add = if name.eq_ignore_ascii_case("all") {
                let mut all = Choice::all();
                if crates {
                    all.extend(
                        crate::peers::crates::CRATES
                            .iter()
                            .map(|c| Choice::Crate(c.name())),
                    );
                }
                all
            } else if let (Some(k), true) = (krate, crates) {
                vec![Choice::Crate(k.name())]
            } else if let Some(k) = krate {
                return Err(Error::input(format!(
                    "--impl {}: pkbench runs the crate for {} only; use pkbench, openssl, gcrypt, gmp or all here",
                    k.name(),
                    crate::peers::crates::uses(k)
                )));
            } else if let Some(c) = Choice::parse(name) {
                vec![c]
            } else if own.iter().any(|o| o.eq_ignore_ascii_case(name)) {
                // A label of pkbench's own code here (`impls` lists it): its own row.
                vec![Choice::Own]
            } else {
                return Err(crate::cli::own::not_here(name, own));
            };
            for c in add {
                if !v.contains(&c) {
                    v.push(c);
                }
            }
        }
        if v.is_empty() {
            v.push(Choice::Own);
        }
        Ok(v)
    }
}

/// `v` unless it holds [`Choice::Portable`], which only `dh` takes.
///
/// # Errors
/// [`Error::Input`] naming where `pkbench-portable` applies.
fn no_portable(v: Vec<Choice>) -> Result<Vec<Choice>> {
    if v.contains(&Choice::Portable) {
        return Err(Error::input(format!(
            "--impl {PORTABLE}: only `dh` on a binary curve (gf2-155, gf2-185) has a portable twin; use pkbench, openssl, gcrypt, gmp or all here"
        )));
    }
    Ok(v)
}

/// The error of an `--impl` name that is no implementation: the known names
/// ([`Choice::all`], then [`PORTABLE`], then `all`) and the closest of them.
pub fn unknown_impl(name: &str) -> Error {
    unknown_impl_among(name, &[])
}

/// As [`unknown_impl`], for a command that also knows the implementations `extra` (each
/// name with the words that limit it: `("num-bigint", "rsa-raw")`), listed after pkbench's
/// own and suggested like the others.
pub fn unknown_impl_among(name: &str, extra: &[(&str, &str)]) -> Error {
    let crates = crate::peers::crates::CRATES;
    let mut names: Vec<&str> = Choice::all().into_iter().map(Choice::name).collect();
    names.extend(extra.iter().map(|(n, _)| *n));
    names.extend([PORTABLE, "all"]);
    names.extend(crates.iter().map(|c| c.name()));
    // The labels of pkbench's own code (`p256`, `sha2`, …), which `--impl` takes where they
    // compute the command's operation.
    let own = crate::peers::catalog::own_code();
    names.extend(own.iter().map(|(n, _)| n.as_str()));
    let suggest = crate::error::suggest::closest_names(name, names.iter().copied());
    let mut known: Vec<String> = Choice::all()
        .into_iter()
        .map(|c| c.name().to_string())
        .collect();
    known.extend(extra.iter().map(|(n, w)| format!("{n} ({w})")));
    known.push(format!("{PORTABLE} (dh on gf2-155/gf2-185)"));
    known.push("the label `pkbench impls` gives pkbench's own code (p256, sha2, num-bigint, …) on its operations".into());
    // The crates of the one list, each with what pkbench runs through it.
    known.extend(
        crates
            .iter()
            .map(|&k| format!("{} ({})", k.name(), crate::peers::crates::uses(k))),
    );
    SettingError::UnknownImpl {
        name: name.into(),
        known,
        suggest,
    }
    .into()
}

/// The note of an implementation that cannot run `what` here.
pub fn note(choice: Choice, what: &str, why: &Unavailable) -> Skipped {
    let reason = if why.is_absent() {
        match why {
            Unavailable::Off => {
                "not found on this machine (system libraries hidden: PKBENCH_NO_PEERS=1)"
                    .to_string()
            }
            other => other.to_string(),
        }
    } else {
        match why {
            Unavailable::Unsupported { why, .. } => format!("does not offer it: {why}"),
            other => other.to_string(),
        }
    };
    let mut s = Skipped::new(format!("{} ({what})", choice.name()), reason);
    s.params.insert(IMPL_PARAM.into(), choice.name().into());
    s
}

/// The error of an `--impl` list none of whose implementations can run here: every note's
/// item and reason, on one line (exit 2: what was asked for is not here).
pub fn nothing_runs(notes: &[Skipped]) -> Error {
    let why: Vec<String> = notes
        .iter()
        .map(|n| format!("{}: {}", n.item, n.reason.replace('\n', " ")))
        .collect();
    Error::input(format!(
        "--impl: nothing asked for can run here ({}); add pkbench to the list",
        why.join("; ")
    ))
}

/// Runs the Jobs of several implementations together ([`bench::sweep`]: all prepared, then
/// timed in alternating rounds): their operations in order. A library that misbehaves (a
/// call fails, a result differs from pkbench's own) costs only its own rows: its error
/// becomes a one-line note in `notes` and the other rows still run.
///
/// # Errors
/// [`Error::Input`] when there is no Job (every implementation asked for is a note in
/// `notes`: nothing would be timed); the error of pkbench's own Job (a wrong result is a
/// runtime error, a bad input an input error); a single Job's error; [`Error::Runtime`] when
/// every Job failed.
pub fn run_jobs(
    jobs: Vec<Job>,
    cfg: &bench::Config,
    notes: &mut Vec<Skipped>,
) -> Result<Vec<Operation>> {
    let reasons = |notes: &[Skipped]| {
        notes
            .iter()
            .map(|n| format!("{}: {}", n.item, n.reason.replace('\n', " ")))
            .collect::<Vec<_>>()
            .join("; ")
    };
    if jobs.is_empty() {
        return Err(nothing_runs(notes));
    }
    if jobs.len() == 1 {
        return bench::run(&jobs[0], cfg);
    }
    let choices: Vec<Choice> = jobs.iter().map(Job::implementation).collect();
    let items = jobs
        .into_iter()
        .map(|job| Item {
            label: format!("{} ({})", job.label(), job.implementation().name()),
            job: Ok(job),
        })
        .collect();
    let mut ops = Vec::new();
    for ((label, r), choice) in bench::sweep(items, cfg).into_iter().zip(choices) {
        match (r, choice) {
            (Ok(o), _) => ops.extend(o),
            (Err(e), Choice::Own | Choice::Portable) => return Err(e),
            (Err(e), c) => {
                let mut s =
                    Skipped::new(label, format!("failed: {}", crate::cli::errors::render(&e)));
                s.params.insert(IMPL_PARAM.into(), c.name().into());
                notes.push(s);
            }
        }
    }
    if ops.is_empty() {
        return Err(Error::runtime(format!(
            "--impl: every implementation failed ({})",
            reasons(notes)
        )));
    }
    Ok(ops)
}

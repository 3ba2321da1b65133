//! Arguments shared by the timing commands, and the one way to write their output.

use crate::error::{Error, Result};
use crate::kex::{Family, GroupOptions, KeyExchange};
use crate::measure::{Clock, MeasureConfig};
use crate::params;
use crate::record::{self, ResultRecord};
use clap::Args;
use std::path::PathBuf;

/// How to measure: seed, time budget, clock, output format.
#[derive(Debug, Clone, Args)]
pub struct RunArgs {
    /// Seed of the ChaCha20 RNG that makes every secret and input (same seed, same inputs).
    #[arg(long, default_value_t = 1995)]
    pub seed: u64,
    /// Time budget per timed operation, in seconds, above 0 and at most 3600 (at least 11
    /// samples are taken even when that runs over).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 1.0,
        value_parser = crate::cli::options::parse_time_secs,
        allow_negative_numbers = true
    )]
    pub time: f64,
    /// Clock: `wall` (monotonic, default) or `cpu` (this thread's CPU time, as in 1995).
    #[arg(long, value_enum, default_value_t = Clock::Wall)]
    pub clock: Clock,
    /// Print one JSON object on stdout instead of the table (no progress bar).
    #[arg(long)]
    pub json: bool,
    /// No progress bar on stderr (the results are printed as usual).
    #[arg(long)]
    pub quiet: bool,
    /// Also save the run as a result record (JSON, schema `pkbench.result/2`: parameters,
    /// every operation's statistics and raw samples, clock, machine and build) in FILE,
    /// written atomically. Read it back with `pkbench compare` or `pkbench plot`.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Replace the --output file if it already exists (otherwise: error, exit 2). A file
    /// that cannot be replaced (not writable, `chattr +i`) is refused before the run.
    #[arg(long, requires = "output")]
    pub force: bool,
}

impl RunArgs {
    /// The harness configuration for these arguments.
    ///
    /// # Errors
    /// [`Error::Input`] when `--time` is not a positive number.
    pub fn measure_config(&self) -> Result<MeasureConfig> {
        let secs = crate::measure::check_budget_secs(self.time)?;
        Ok(MeasureConfig::with_budget_secs(secs, self.clock))
    }

    /// The bench layer's configuration for these arguments: the harness settings, the seed,
    /// progress hidden with `--json`.
    ///
    /// # Errors
    /// [`Error::Input`] when `--time` is not a positive number.
    pub fn bench_config(&self) -> Result<crate::bench::Config> {
        Ok(crate::bench::Config {
            measure: self.measure_config()?,
            seed: self.seed,
            quiet: self.json || self.quiet,
            discovery: crate::cli::options::discovery(),
        })
    }

    /// Checks `--output` before any timing: its directory exists and the file does not
    /// (unless `--force`). Call it first in `run`, so a bad path fails at once.
    ///
    /// # Errors
    /// [`Error::Input`] as [`record::write::check_destination`].
    pub fn check_output(&self) -> Result<()> {
        match &self.output {
            Some(p) => record::write::check_destination(p, self.force),
            None => Ok(()),
        }
    }

    /// Writes `rec` to `--output` (if given) atomically, then returns what to print: the
    /// record as JSON with `--json`, else `text()` followed by a line naming the saved file.
    ///
    /// # Errors
    /// As [`write_record`].
    pub fn emit(&self, rec: &ResultRecord, text: impl FnOnce() -> String) -> Result<String> {
        emit_record(self.output.as_deref(), self.force, self.json, rec, text)
    }
}

/// What every timing command does with its record: write it to `output` (if given)
/// atomically, then return the record as JSON when `json`, else `text()` followed by a line
/// naming the saved file, its prose lines wrapped at 80 columns ([`crate::report::wrap_text`]).
/// The machine section gets this host's noise saved by `pkbench noise`, if any.
///
/// # Errors
/// As [`write_record`].
pub fn emit_record(
    output: Option<&std::path::Path>,
    force: bool,
    json: bool,
    rec: &ResultRecord,
    text: impl FnOnce() -> String,
) -> Result<String> {
    let mut rec = rec.clone();
    if rec.machine.noise.is_none() {
        rec.machine.noise = crate::cli::noise::cached_for_this_host();
    }
    let rec = &rec;
    if let Some(p) = output {
        write_record(p, rec, force)?;
    }
    if json {
        return crate::report::json::render(rec);
    }
    let mut s = text();
    if let Some(p) = output {
        s += &format!("record:    saved to {}\n", p.display());
    }
    Ok(crate::report::wrap_text(&s))
}

/// Writes a result record as `--json` prints it ([`crate::report::json::render`]) to `path`, atomically (temporary file in the same
/// directory, then rename); an existing file is replaced only with `force`.
///
/// # Errors
/// [`Error::Input`] when the file exists without `force` or its directory is missing;
/// [`Error::Runtime`] for other I/O failures (nothing is left half-written).
pub fn write_record(path: &std::path::Path, rec: &ResultRecord, force: bool) -> Result<()> {
    record::write_atomic(path, crate::report::json::render(rec)?.as_bytes(), force)
}

/// Which group to use: a built-in name or a params file, and how to compute in it.
#[derive(Debug, Clone, Args)]
pub struct GroupArgs {
    /// Group: gf2-155 (Oakley 3), gf2-185 (Oakley 4), modp-512 … modp-8192, ffdhe2048 …
    /// ffdhe8192, p256, p384, p521, k256, x25519, x448, or an alias such as oakley-3 or
    /// ike-14 (`pkbench groups` lists them all); for `dh` also a KEM: mlkem512, mlkem768,
    /// mlkem1024, x25519mlkem768.
    #[arg(
        long = "group",
        value_name = "GROUP",
        default_value = "gf2-155",
        visible_alias = "field"
    )]
    pub field: String,
    /// Your own group from a TOML file, in the format of the built-in ones; overrides
    /// --group. Mod-p: `p`, `g`, `q` (the prime order of g; may be left out only for a safe
    /// prime p) as hex strings in quotes (see params/modp-*.toml), p of 64 to 8192 bits.
    /// Binary curve: `family = "ec2n"`, `m`, `k`, `a`, `b`, `gx`, `gy`, `order`, `cofactor`
    /// (see params/gf2-155.toml), over GF(2^155) or GF(2^185). Either is checked to describe
    /// a valid group before use; its `name` (else the file's name) may be a built-in group's
    /// only when it gives that group's numbers. A regular file of at most 1 MiB.
    #[arg(long, value_name = "FILE")]
    pub params: Option<PathBuf>,
    /// Bignum backend for mod-p groups: `gmp` (default when built with `--features gmp`) or
    /// `num-bigint`. Refused for the curves, which do not use one.
    #[arg(long, value_name = "BACKEND")]
    pub backend: Option<String>,
    /// Force the portable GF(2^m) code of the binary curves (gf2-155, gf2-185) even where
    /// the CPU has carry-less multiply (same as PKBENCH_NO_CLMUL=1). Refused for other
    /// groups.
    #[arg(long)]
    pub no_clmul: bool,
}

impl GroupArgs {
    /// Opens the group these arguments name, with or without a fixed-base table, with the
    /// options of [`crate::cli::options::group_options`] (these flags and the environment),
    /// and prints the warnings the group returns.
    ///
    /// # Errors
    /// An input error for an unknown group, an invalid params file or a backend not built in.
    /// The group description asked for: the `--params` file, or the built-in `--field`.
    ///
    /// # Errors
    /// An input error for an unknown group or an unreadable file.
    pub fn file(&self) -> Result<params::GroupFile> {
        match &self.params {
            Some(path) => params::read_file(path),
            None => params::lookup(&self.field),
        }
    }

    pub fn open(&self, table: bool) -> Result<Box<dyn KeyExchange>> {
        let (file, opts) = self.describe(table)?;
        open_described(&file, &opts)
    }

    /// The first half of [`GroupArgs::open`], every cheap check and nothing expensive: the
    /// options (an unknown backend, one that does not apply to the group), the group's
    /// description (a `--params` file read through the bounded reader, its keys not yet
    /// checked). A command checks what else it can against the description (the secret
    /// size, values in hex) before [`open_described`] validates the numbers and builds
    /// tables.
    ///
    /// # Errors
    /// As [`GroupArgs::open`], for everything but the group's numbers.
    pub fn describe(&self, table: bool) -> Result<(params::GroupFile, GroupOptions)> {
        // An unknown backend name, or gmp in a build without it, is reported as such first.
        let opts =
            crate::cli::options::group_options(table, self.backend.as_deref(), self.no_clmul)?;
        let mut file = self.file()?;
        let family = file.family()?;
        check_option_applies(&file.name, family, "--backend", self.backend.is_some())?;
        check_option_applies(&file.name, family, "--no-clmul", self.no_clmul)?;
        // A user's mod-p file without a description is described by its size (the library's
        // words) and its source by where it came from (ours).
        if family == Family::Modp && file.path.is_some() && file.description.is_empty() {
            file.source = "--params file".into();
        }
        Ok((file, opts))
    }
}

/// Opens the group of a description from [`GroupArgs::describe`] and prints the warnings
/// it returns.
///
/// # Errors
/// An input error for a description that is not a valid group.
pub fn open_described(
    file: &params::GroupFile,
    opts: &GroupOptions,
) -> Result<Box<dyn KeyExchange>> {
    let kx = crate::kex::open(file, opts)?;
    crate::cli::errors::print_warnings(kx.warnings());
    Ok(kx)
}

/// Refuses a group option that would change nothing for `group` (of `family`), so that a
/// run is never labelled with a choice it did not make: `--backend` (the bignum library)
/// applies to mod-p groups only, `--no-clmul` (carry-less multiply) to the GF(2^m) groups
/// only. `given` says whether the option was on the command line.
///
/// # Errors
/// [`Error::Input`] naming the option, the groups it applies to and `group`'s family.
pub fn check_option_applies(group: &str, family: Family, option: &str, given: bool) -> Result<()> {
    let (wanted, applies_to) = match option {
        "--no-clmul" => (
            Family::Ec2n,
            "the binary curves over GF(2^m) such as gf2-155 and gf2-185 (carry-less multiply)",
        ),
        "--table-window" => (
            Family::Ec2n,
            "the binary curves over GF(2^m) such as gf2-155 and gf2-185 (their fixed-base table's window)",
        ),
        "--impl pkbench-portable" => (
            Family::Ec2n,
            "the binary curves over GF(2^m) such as gf2-155 and gf2-185 (their portable GF(2^m) code)",
        ),
        _ => (Family::Modp, "mod-p groups (the bignum library)"),
    };
    if !given || family == wanted {
        return Ok(());
    }
    let kind = match family {
        Family::Modp => "a mod-p group",
        Family::Ec2n => "a binary curve over GF(2^m)",
        Family::Ecp => "a prime curve",
    };
    Err(Error::input(format!(
        "{option} applies only to {applies_to}; {group} is {kind}: leave {option} out"
    )))
}

/// For the sweeps (`scale`, `choose`), which pass `--backend` on to their mod-p groups
/// only: refuses a `backend` when none of `groups` (names or aliases; unknown names are
/// left to the sweep's own checks) is a mod-p group, since it would then change nothing.
///
/// # Errors
/// [`Error::Input`] as [`check_option_applies`], naming the groups.
pub fn check_backend_used<'a>(
    backend: Option<&str>,
    groups: impl IntoIterator<Item = &'a str>,
) -> Result<()> {
    if backend.is_none() {
        return Ok(());
    }
    let groups: Vec<&str> = groups.into_iter().collect();
    let families: Vec<Family> = groups
        .iter()
        .filter_map(|g| params::lookup(g.trim()).and_then(|f| f.family()).ok())
        .collect();
    if families.is_empty() || families.contains(&Family::Modp) {
        return Ok(());
    }
    Err(Error::input(format!(
        "--backend applies only to mod-p groups (the bignum library); none of {} is one: \
         leave --backend out",
        groups.join(", ")
    )))
}

/// Whether `group` (a name or alias) is a built-in mod-p group.
pub fn is_modp(group: &str) -> bool {
    params::lookup(group.trim())
        .and_then(|f| f.family())
        .is_ok_and(|f| f == Family::Modp)
}

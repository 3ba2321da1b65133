//! Group arguments shared by the commands that open groups, and the checks of options that
//! apply to some groups only. The timing options are [`crate::cli::timing`], the output
//! options [`crate::cli::output`].

use crate::error::{Error, GroupError, Invalid, Result};
use crate::kex::{Family, GroupOptions, KeyExchange};
use crate::params;
use clap::Args;
use std::path::PathBuf;

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
    /// The group description asked for: the `--params` file, or the built-in `--field`.
    ///
    /// # Errors
    /// An input error for an unknown group or an unreadable file.
    pub fn file(&self) -> Result<params::GroupFile> {
        match &self.params {
            Some(path) => params::read_file(path),
            None => lookup_group(&self.field),
        }
    }

    /// Opens the group these arguments name, with or without a fixed-base table, with the
    /// options of [`crate::cli::options::group_options`] (these flags and the environment),
    /// and prints the warnings the group returns.
    ///
    /// # Errors
    /// An input error for an unknown group, an invalid params file or a backend not built in.
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

/// A built-in group by name or alias ([`params::lookup`]). For a name that is none, the
/// suggestions of its error are the closest names among the groups and the KEMs
/// ([`crate::kem::spellings`]), which `dh`, `choose` and `leak` take too: `mlkem-768`
/// suggests mlkem768.
///
/// # Errors
/// [`GroupError::Unknown`] when there is no such group.
pub fn lookup_group(name: &str) -> Result<params::GroupFile> {
    params::lookup(name).map_err(|e| match e {
        Error::Invalid(Invalid::Group(GroupError::Unknown { name, known, .. })) => {
            let mut all = params::spellings();
            all.extend(crate::kem::spellings().map(|(s, c)| (s.to_string(), c.to_string())));
            let suggest = crate::error::suggest::closest(
                &name,
                all.iter().map(|(s, c)| (s.as_str(), c.as_str())),
            );
            GroupError::Unknown {
                name,
                known,
                suggest,
            }
            .into()
        }
        other => other,
    })
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

//! `choose --impl`: the list split between the DH groups and the KEMs, read as `dh` reads
//! it, and the one-line error when none of the implementations asked for could time a row.

use crate::bench::choose::{self as search, ChooseJob};
use crate::bench::imp::Choice;
use crate::error::{Error, Result};
use crate::record::Skipped;

/// `--impl` read for both kinds of candidate.
pub(super) struct Split {
    /// The DH groups to rank (none when the list names KEM crates only).
    pub names: Vec<String>,
    /// Who computes them.
    pub dh: Vec<Choice>,
    /// Who computes the KEMs ([`split_kem_impls`]).
    pub kem: Vec<&'static str>,
    /// When the list names KEM crates only: the note saying the DH groups are not ranked.
    pub note: Option<String>,
}

/// The DH groups `names` to rank, their implementations, the KEM implementations and the
/// note, from the `--impl` list `list`.
///
/// # Errors
/// [`Error::Input`] when the list names KEM crates only and `kems` is empty (nothing could
/// be ranked), or as [`crate::cli::imp::ImplArgs::choices_with_crates`].
pub(super) fn split(
    list: &str,
    names: Vec<String>,
    kems: &[&'static crate::kem::KemInfo],
) -> Result<Split> {
    let (dh_list, kem_impls) = split_kem_impls(list);
    if !dh_list.is_empty() {
        let dh = crate::cli::imp::ImplArgs { imp: dh_list };
        let dh = dh.choices_with_crates()?;
        return Ok(Split {
            names,
            dh,
            kem: kem_impls,
            note: None,
        });
    }
    // Only KEM crates named: the DH groups have no one to compute them.
    if names.is_empty() {
        return Ok(Split {
            names,
            dh: Vec::new(),
            kem: kem_impls,
            note: None,
        });
    }
    let why = format!(
        "--impl {list}: computes the KEMs only, so the DH groups ({}) are not ranked",
        names.join(", ")
    );
    if kems.is_empty() {
        return Err(Error::input(format!(
            "{why}, and --groups names no KEM; add a DH implementation (pkbench, openssl, gcrypt, gmp, aws-lc-rs, ring or all) or a KEM (mlkem768) to the lists"
        )));
    }
    Ok(Split {
        names: Vec::new(),
        dh: Vec::new(),
        kem: kem_impls,
        note: Some(why),
    })
}

/// `--impl`'s list split for the two kinds of candidate, as `dh` reads it: the names for the
/// DH groups (all but the KEM-only crates `ml-kem` and `libcrux-ml-kem`), and the KEM
/// implementations ([`crate::kem::IMPLEMENTATIONS`]: `pkbench` is pkbench's own,
/// [`crate::kem::OWN`]; `all` every one; `aws-lc-rs` computes both kinds).
fn split_kem_impls(list: &str) -> (String, Vec<&'static str>) {
    let mut dh = Vec::new();
    let mut kem: Vec<&'static str> = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let add: Vec<&'static str> = if name.eq_ignore_ascii_case("all") {
            crate::kem::IMPLEMENTATIONS.to_vec()
        } else if name.eq_ignore_ascii_case("pkbench") {
            vec![crate::kem::OWN]
        } else {
            crate::kem::IMPLEMENTATIONS
                .iter()
                .copied()
                .filter(|k| k.eq_ignore_ascii_case(name))
                .collect()
        };
        let kem_only = !add.is_empty()
            && !name.eq_ignore_ascii_case("all")
            && !name.eq_ignore_ascii_case("pkbench")
            && crate::peers::crates::find(name).is_none();
        for k in add {
            if !kem.contains(&k) {
                kem.push(k);
            }
        }
        if !kem_only {
            dh.push(name);
        }
    }
    (dh.join(","), kem)
}

/// The one-line error (exit 2) when nothing was timed and pkbench's own code was not asked
/// for, because every library and crate asked for is absent or has no row of the groups:
/// their notes, as `dh --impl` words them ([`crate::cli::imp::nothing_runs`]).
///
/// # Errors
/// That error; `Ok` when something was timed, or pkbench's own code was asked for, or no
/// implementation was noted.
pub(super) fn nothing_ran(job: &ChooseJob, out: &search::Outcome) -> Result<()> {
    if !out.timed.is_empty() || job.imps.contains(&Choice::Own) {
        return Ok(());
    }
    let notes: Vec<Skipped> = out
        .notes
        .iter()
        .filter_map(|n| match n {
            search::Note::NotOffered { imp, groups, why } => {
                Some(crate::cli::imp::note(*imp, &groups.join(", "), why))
            }
            search::Note::LibraryAbsent { library, why } => {
                let imp = Choice::parse(library)?;
                let mut s = crate::cli::imp::note(imp, "", why);
                s.item = library.clone();
                Some(s)
            }
            _ => None,
        })
        .collect();
    if notes.is_empty() {
        return Ok(());
    }
    Err(crate::cli::imp::nothing_runs(&notes))
}

//! The implementation axis of a Job: who computes its operations, pkbench's own code (or
//! the crate it uses) or a peer library ([`crate::peers`]).
//!
//! A Job names its [`Choice`]; [`super::prepare`] tags the operations of a peer's job with
//! the param `impl` (the library's name), so that two rows of one record, or of two records,
//! differ by implementation and `compare` matches them by operation and implementation.
//! pkbench's own rows carry no `impl` param, as before implementations were an axis.

use super::Prepared;
use crate::error::Result;
use crate::measure::Stats;
use crate::record::Operation;

pub use crate::peers::kex::Library;

/// Who computes a Job's operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Choice {
    /// pkbench's own code, or the crate it uses (the default).
    #[default]
    Own,
    /// pkbench's own code with the portable GF(2^m) arithmetic forced ([`PORTABLE`]): the
    /// twin of the carry-less-multiply code on the binary curves (gf2-155, gf2-185), timed
    /// in the same rounds as [`Choice::Own`] so that one run gives the ratio of the two code
    /// paths. Only `dh` on a binary curve takes it; not part of `all`.
    Portable,
    /// A peer library loaded at run time.
    Peer(Library),
}

/// The name of pkbench's own choice in lists and records.
pub const OWN: &str = "pkbench";

/// The name of [`Choice::Portable`] in lists and records.
pub const PORTABLE: &str = "pkbench-portable";

/// The param that names a peer's rows (and [`Choice::Portable`]'s).
pub const IMPL_PARAM: &str = "impl";

impl Choice {
    /// Every choice `--impl all` names: pkbench's own, then each library
    /// ([`Choice::Portable`] is asked for by name only).
    pub fn all() -> Vec<Choice> {
        std::iter::once(Choice::Own)
            .chain(Library::ALL.into_iter().map(Choice::Peer))
            .collect()
    }

    /// `pkbench`, `pkbench-portable`, `openssl`, `gcrypt`, `gmp`.
    pub fn name(self) -> &'static str {
        match self {
            Choice::Own => OWN,
            Choice::Portable => PORTABLE,
            Choice::Peer(l) => l.name(),
        }
    }

    /// A choice by name: `pkbench` (or `own`), `pkbench-portable`, or a library's name
    /// ([`Library::parse`]).
    pub fn parse(name: &str) -> Option<Choice> {
        match name.to_ascii_lowercase().as_str() {
            OWN | "own" => Some(Choice::Own),
            PORTABLE => Some(Choice::Portable),
            other => Library::parse(other).map(Choice::Peer),
        }
    }

    /// The choice that computed `op`: a peer when it carries the `impl` param.
    pub fn of(op: &Operation) -> Choice {
        op.param_str(IMPL_PARAM)
            .and_then(Choice::parse)
            .unwrap_or(Choice::Own)
    }
}

/// A prepared job whose operations get the `impl` param (a peer's, or pkbench's portable
/// twin's).
struct Tagged {
    inner: Box<dyn Prepared>,
    name: &'static str,
}

impl Prepared for Tagged {
    fn label(&self) -> String {
        format!("{} ({})", self.inner.label(), self.name)
    }

    fn timed(&self) -> usize {
        self.inner.timed()
    }

    fn budget_share(&self) -> usize {
        self.inner.budget_share()
    }

    fn run(&mut self, k: usize, start: usize, n: usize) {
        self.inner.run(k, start, n);
    }

    fn cold(&self, k: usize) -> bool {
        self.inner.cold(k)
    }

    fn resident(&self, k: usize, i: usize) -> crate::measure::cache::Resident<'_> {
        self.inner.resident(k, i)
    }

    fn finish(self: Box<Self>, stats: Vec<Stats>) -> Result<Vec<Operation>> {
        let name = self.name;
        Ok(self
            .inner
            .finish(stats)?
            .into_iter()
            .map(|mut op| {
                op.params.insert(IMPL_PARAM.into(), name.into());
                op
            })
            .collect())
    }
}

/// `prepared` with its operations tagged by `choice` (unchanged for pkbench's own).
pub fn tag(prepared: Box<dyn Prepared>, choice: Choice) -> Box<dyn Prepared> {
    match choice {
        Choice::Own => prepared,
        other => Box::new(Tagged {
            inner: prepared,
            name: other.name(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for c in Choice::all() {
            assert_eq!(Choice::parse(c.name()), Some(c));
        }
        assert_eq!(
            Choice::parse("libgcrypt"),
            Some(Choice::Peer(Library::Gcrypt))
        );
        assert_eq!(Choice::parse("own"), Some(Choice::Own));
        assert_eq!(Choice::parse(PORTABLE), Some(Choice::Portable));
        assert_eq!(Choice::Portable.name(), PORTABLE);
        assert!(!Choice::all().contains(&Choice::Portable), "by name only");
        assert_eq!(Choice::parse("nss"), None);
    }
}

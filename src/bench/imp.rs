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

pub use crate::implementation::{Choice, IMPL_PARAM, Library, OWN, PORTABLE};

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

    fn before_run(&mut self, k: usize, start: usize, n: usize) {
        self.inner.before_run(k, start, n);
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

/// The error of a crate's choice ([`Choice::Crate`]) for a job pkbench does not run
/// through crates: what it runs through the crate instead ([`crate::peers::crates::uses`]).
pub fn crate_refused(name: &str) -> crate::Error {
    let uses = crate::peers::crates::find(name)
        .map_or_else(|| "nothing".to_string(), crate::peers::crates::uses);
    crate::Error::input(format!(
        "{name}: pkbench runs this crate for {uses} only (as `pkbench impls` lists)"
    ))
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

/// `job` computed by `library` on the same inputs, through the path the job's own command
/// takes for `--impl` (each kind's twin: [`super::hash::HashJob::through`] with
/// [`super::hash::available`], [`super::des::DesJob::through`],
/// [`super::rsa_peer::available`], [`super::cipher::CipherJob::through`]), so that its
/// operations are checked as that command checks them. A hash job of SHA-0 becomes its
/// stand-in SHA-1 ([`super::hash::stand_in`]) as `hash --impl` makes it; a cipher job keeps
/// the rows the library has.
///
/// `None` for a job no library is given this way: a Diffie-Hellman job (its twin is made
/// from the group: [`super::dh::DhJob::through`]) and a KEM job (its implementations are
/// crates).
///
/// # Errors
/// `Some(Err(u))`: the library is absent, or does not offer the job's operation (`u` says
/// which).
pub fn through(
    job: &super::Job,
    library: Library,
    discovery: crate::peers::Discovery,
) -> Option<std::result::Result<super::Job, crate::peers::Unavailable>> {
    use super::Job;
    Some(match job {
        Job::Hash(h) => {
            let j = h.through(library);
            super::hash::available(&j, discovery).map(|()| Job::Hash(j))
        }
        Job::Des(d) => d.through(library, discovery).map(Job::Des),
        Job::Rsa(r) => super::rsa_peer::available(r, library, discovery).map(|()| {
            Job::Rsa(super::rsa::RsaJob {
                imp: Choice::Peer(library),
                ..r.clone()
            })
        }),
        Job::Cipher(c) => match c.through(library, discovery) {
            (Some(j), _) => Ok(Job::Cipher(j)),
            (None, lacking) => {
                Err(lacking
                    .into_iter()
                    .next()
                    .map(|(_, u)| u)
                    .unwrap_or_else(|| crate::peers::Unavailable::Unsupported {
                        library: library.name().into(),
                        what: c.label(),
                        why: "the job has no rows".into(),
                    }))
            }
        },
        Job::Dh(_) | Job::Kem(_) => return None,
    })
}

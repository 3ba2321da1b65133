//! Who computes a hash job's timed digests ([`Digester`]): pkbench's own code, a library
//! (OpenSSL, libgcrypt) or a crate of `peers::crates::CRATES` (aws-lc-rs, ring), each made
//! and checked on the registry's known answers, fed as the timed digests will be, by one
//! function ([`peer_digester`]).

use super::{Feed, HashJob};
use crate::bench::imp::{Choice, Library};
use crate::hash::{Algo, Digests};
use crate::implementation::Implementation;
use crate::peers::crates::{self, CrateDigest};
use crate::peers::{Discovery, PeerError, PeerResult, Unavailable, gcrypt, openssl};

/// Who computes the timed digests.
pub(super) enum Digester {
    /// pkbench's own code (or the RustCrypto crate its registry entry uses).
    Own(&'static Digests),
    /// OpenSSL's EVP digest.
    OpenSsl(openssl::evp::Digest),
    /// libgcrypt's `gcry_md` handle.
    Gcrypt(gcrypt::Digest),
    /// A crate's digest: its name and its calls.
    Crate(&'static str, &'static dyn CrateDigest),
}

/// `job`'s hash through its implementation (a library or a crate), checked on the
/// registry's known answers, fed as the timed digests will be, before it is returned (the
/// timed digests are compared with pkbench's own after timing).
///
/// # Errors
/// `Err(u)`: the library is absent, or it or the crate lacks the hash (or the feed);
/// `Ok(Err(e))`: a call failed or a known answer was wrong.
pub(super) fn peer_digester(
    job: &HashJob,
    discovery: Discovery,
) -> std::result::Result<PeerResult<Digester>, Unavailable> {
    let algo = job.algo;
    let (made, who): (PeerResult<Digester>, &'static str) = match job.imp {
        Choice::Peer(library) => (library_digester(job, library, discovery)?, library.name()),
        Choice::Crate(name) => (Ok(crate_digester(name, algo)?), name),
        Choice::Own | Choice::Portable => {
            return Err(Unavailable::Unsupported {
                library: crate::implementation::OWN.into(),
                what: algo.name().into(),
                why: "pkbench's own code is not a peer".into(),
            });
        }
    };
    let mut d = match made {
        Ok(d) => d,
        Err(PeerError::Unavailable(u)) => return Err(u),
        Err(e) => return Ok(Err(e)),
    };
    for (message, digest) in algo.known_answers() {
        let mut out = vec![0u8; algo.output_bytes()];
        // Fed as the timed digests will be (libgcrypt's and the crates' writes and putc too).
        if let Err(e) = d.digest(job.feed(), &message, &mut out) {
            return Ok(Err(e));
        }
        if out != digest {
            return Ok(Err(PeerError::Call {
                library: who,
                call: "known-answer check",
                detail: format!("{}: wrong digest", algo.name()),
            }));
        }
    }
    Ok(Ok(d))
}

/// The crate `name`'s digest of `algo`, if it offers it.
///
/// # Errors
/// [`Unavailable::Unsupported`]: no such crate, or it does not offer the hash (naming those
/// it offers).
fn crate_digester(name: &'static str, algo: Algo) -> std::result::Result<Digester, Unavailable> {
    let unsupported = |why: String| Unavailable::Unsupported {
        library: name.into(),
        what: algo.name().into(),
        why,
    };
    let krate = crates::find(name).ok_or_else(|| unsupported("no such crate in pkbench".into()))?;
    match crates::digest(krate, algo.entry().name) {
        Some(d) => Ok(Digester::Crate(krate.name(), d)),
        None => {
            let offered: Vec<&str> = krate.digests().iter().map(|d| d.hash()).collect();
            Err(unsupported(format!(
                "pkbench runs only {} through it",
                offered.join(", ")
            )))
        }
    }
}

/// `job`'s hash through `library`, not yet checked.
///
/// # Errors
/// `Err(u)`: the library is absent or lacks the hash or the feed (OpenSSL is timed on whole
/// messages only; GMP has no hash).
fn library_digester(
    job: &HashJob,
    library: Library,
    discovery: Discovery,
) -> std::result::Result<PeerResult<Digester>, Unavailable> {
    let algo = job.algo;
    let name = algo.entry().name;
    Ok(match library {
        Library::OpenSsl => {
            let s = openssl::load(discovery)?;
            let n = openssl::evp::digest_name(name)?;
            if job.feed() != Feed::Whole {
                return Err(Unavailable::Unsupported {
                    library: library.name().into(),
                    what: job.label(),
                    why: "pkbench times OpenSSL on whole messages in one call only".into(),
                });
            }
            openssl::evp::Digest::new(s, n).map(Digester::OpenSsl)
        }
        Library::Gcrypt => {
            let g = gcrypt::load(discovery)?;
            let h = gcrypt::hash(name).ok_or_else(|| Unavailable::Unsupported {
                library: gcrypt::NAME.into(),
                what: algo.name().into(),
                why: "pkbench has no libgcrypt name for it".into(),
            })?;
            gcrypt::Digest::new(g, h).map(Digester::Gcrypt)
        }
        Library::Gmp => {
            crate::peers::gmp::load(discovery)?;
            return Err(Unavailable::Unsupported {
                library: library.name().into(),
                what: algo.name().into(),
                why: "GMP has no hash functions".into(),
            });
        }
    })
}

impl Digester {
    /// One digest of `msg` into `out` (its digest's length), fed as `feed`: the timed call.
    /// (OpenSSL is given whole messages only: [`peer_digester`] refuses the other feeds; a
    /// crate's putc is a `Context` updated with one byte at a time.)
    pub(super) fn digest(&mut self, feed: Feed, msg: &[u8], out: &mut [u8]) -> PeerResult<()> {
        let ok = match (&mut *self, feed) {
            (Digester::Own(d), Feed::Whole) => {
                (d.digest_into)(msg, out);
                true
            }
            (Digester::Own(d), Feed::Writes(w)) => {
                (d.digest_writes)(msg, w, out);
                true
            }
            (Digester::Own(d), Feed::Putc) => {
                (d.digest_putc)(msg, out);
                true
            }
            (Digester::OpenSsl(d), _) => return d.digest_into(msg, out),
            (Digester::Gcrypt(d), Feed::Whole) => return d.digest_into(msg, out),
            (Digester::Gcrypt(d), Feed::Writes(w)) => return d.digest_writes(msg, w, out),
            (Digester::Gcrypt(d), Feed::Putc) => return d.digest_putc(msg, out),
            (Digester::Crate(_, d), Feed::Whole) => d.digest(msg, out),
            (Digester::Crate(_, d), Feed::Writes(w)) => d.digest_writes(msg, w, out),
            (Digester::Crate(_, d), Feed::Putc) => d.digest_writes(msg, 1, out),
        };
        if ok {
            return Ok(());
        }
        Err(PeerError::Call {
            library: match self {
                Digester::Crate(name, _) => name,
                _ => crate::implementation::OWN,
            },
            call: "digest",
            detail: "the digest's length differs".into(),
        })
    }

    /// Who computes the digests of `algo`: a crate's row names its algorithm as the variant
    /// (`aws-lc-rs 1.19.0 (digest::SHA256)`).
    pub(super) fn implementation(&self, algo: Algo) -> Implementation {
        match self {
            Digester::Own(_) => algo.code(),
            Digester::OpenSsl(d) => d.implementation(),
            Digester::Gcrypt(d) => d.implementation(),
            Digester::Crate(name, d) => Implementation {
                variant: d.algorithm().into(),
                ..Implementation::of_crate(name)
            },
        }
    }

    /// What the timed digests are compared with after timing, for the record
    /// (`outputs_checked_against`): pkbench's own code for `algo` fed the block in uneven
    /// pieces, or, for a hash pkbench has no code for, libgcrypt's one-call function.
    pub(super) fn reference(&self, algo: Algo) -> String {
        match (algo.own(), self) {
            (Some(_), _) => format!("{} fed in uneven pieces", algo.implementation()),
            (None, Digester::Gcrypt(_)) => "libgcrypt's gcry_md_hash_buffer".into(),
            (None, _) => "nothing".into(),
        }
    }
}

//! A crate's hash functions ([`CrateDigest`], listed by [`super::Crate::digests`]), timed by
//! `hash --impl` through the calls a user of the crate makes: `digest::digest(&ALGORITHM,
//! data)` for a whole message, a `digest::Context` (`new`, `update`, `finish`) for a message
//! written in pieces. The checks are those of every other implementation of a hash, written
//! once: the registry's known answers before timing, every timed digest against pkbench's
//! own after (`bench::hash`); `pkbench impls` checks the same ([`super::super::catalog`]).

/// One hash function through a crate, in the crate's own calls: what a crate file implements.
pub trait CrateDigest: Sync {
    /// pkbench's registry name of the function ([`crate::hash::Hash::name`]: `sha1`,
    /// `sha224`, `sha256`, `sha384`, `sha512`).
    fn hash(&self) -> &'static str;
    /// The crate's name of its algorithm, as records name the call: `digest::SHA256`.
    fn algorithm(&self) -> &'static str;
    /// One call: the digest of `msg` (`digest::digest`) into `out`. False when `out` is not
    /// the digest's length.
    fn digest(&self, msg: &[u8], out: &mut [u8]) -> bool;
    /// The digest of `msg` through a `digest::Context`, updated with `write` bytes at a time
    /// (the last piece shorter; 1 for a byte per update), into `out`. False when `out` is not
    /// the digest's length or `write` is 0.
    fn digest_writes(&self, msg: &[u8], write: usize, out: &mut [u8]) -> bool;
}

/// The calls of a crate's digests, as `pkbench impls` and `hash`'s rows name them.
pub const DIGEST_CALLS: &str = "digest::digest(&ALGORITHM, data) (a whole message); digest::Context new, update, finish (a message in writes)";

/// The digest `digest` gave, copied into `out`: false when the lengths differ.
pub fn copy_out(digest: &[u8], out: &mut [u8]) -> bool {
    if digest.len() != out.len() {
        return false;
    }
    out.copy_from_slice(digest);
    true
}

/// `Sha`, one digest algorithm of the crate `$krate` under pkbench's registry name, with its
/// [`CrateDigest`] calls: aws-lc-rs and ring share ring's `digest` API (`digest::digest`,
/// `digest::Context`, `&'static digest::Algorithm`), so each crate file invokes this with its
/// own crate and lists its algorithms as `Sha` values.
macro_rules! sha_of {
    ($krate:ident) => {
        /// One of the crate's digest algorithms, under pkbench's registry name.
        struct Sha {
            /// pkbench's registry name (`sha256`).
            hash: &'static str,
            /// The crate's name of the algorithm (`digest::SHA256`).
            name: &'static str,
            /// The algorithm.
            alg: &'static $krate::digest::Algorithm,
        }

        impl super::digest::CrateDigest for Sha {
            fn hash(&self) -> &'static str {
                self.hash
            }

            fn algorithm(&self) -> &'static str {
                self.name
            }

            fn digest(&self, msg: &[u8], out: &mut [u8]) -> bool {
                super::digest::copy_out($krate::digest::digest(self.alg, msg).as_ref(), out)
            }

            fn digest_writes(&self, msg: &[u8], write: usize, out: &mut [u8]) -> bool {
                if write == 0 {
                    return false;
                }
                let mut ctx = $krate::digest::Context::new(self.alg);
                for piece in msg.chunks(write) {
                    ctx.update(piece);
                }
                super::digest::copy_out(ctx.finish().as_ref(), out)
            }
        }
    };
}

pub(super) use sha_of;

/// `&Sha` of the crate's `digest::$alg` under pkbench's registry name `$hash` (in a crate file
/// after [`sha_of!`], with `digest` its crate's `digest` module).
macro_rules! sha {
    ($hash:literal, $alg:ident) => {
        &Sha {
            hash: $hash,
            name: concat!("digest::", stringify!($alg)),
            alg: &digest::$alg,
        }
    };
}

pub(super) use sha;

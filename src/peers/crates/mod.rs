//! Rust crates that protocol code deploys for Diffie-Hellman on today's curves, run beside
//! pkbench's own code by `dh --impl` (issue 30): [`CRATES`] is the one list. `dh --impl`
//! (its parsing, its help and `all`), `pkbench impls` ([`super::catalog`]) and the checks
//! iterate it, so that adding a crate is one file implementing [`Crate`] and one line here.
//!
//! | crate | file | groups | Offer | Reply |
//! |---|---|---|---|---|
//! | aws-lc-rs | `awslc.rs` | x25519, p256, p384, p521 | `PrivateKey::from_private_key` (pkbench's secret) + `compute_public_key` | `agreement::agree` (the key borrowed) |
//! | ring | `ring.rs` | x25519, p256, p384 | `EphemeralPrivateKey::generate` + `compute_public_key` | `agree_ephemeral` (the key consumed: a fresh one per Reply) |
//!
//! A crate's calls are timed in its own types by `bench::dh::crates`: the key pairs a Reply
//! uses are made before the timed batch ([`Engine::ready`]), every peer value is one that
//! pkbench's own code made and accepted (the pool of `bench::dh`) before any crate sees it,
//! and every output is checked after timing — against pkbench's own on the same secret where
//! the crate takes a given secret ([`Keys::Given`]), else from the peer's view: pkbench's own
//! Reply on the crate's public value gives the crate's shared secret ([`Keys::Generated`]).
//! [`CrateGroup::open`] makes the same checks before a row is timed, and its row says what
//! they compared (`checked_against`).
//!
//! A crate also declares the hashes ([`Crate::digests`], [`CrateDigest`]) and ciphers
//! ([`Crate::ciphers`], [`CrateCipher`]) of pkbench's registries it offers: `hash --impl` and
//! `cipher --impl` run them through the checks every implementation of a hash or a cipher
//! goes through (`bench::hash`, [`super::engine::cipher_engine`]), and `pkbench impls` lists
//! them under the hashes and ciphers.
//!
//! | crate | digests | ciphers |
//! |---|---|---|
//! | aws-lc-rs | SHA-1, SHA-224, SHA-256, SHA-384, SHA-512 (`digest`) | AES-128/192/256, ECB CBC CFB OFB CTR (`cipher`'s unpadded keys, in place) |
//! | ring | SHA-1, SHA-256, SHA-384, SHA-512 (`digest`) | none: AES only inside AES-GCM ([`Crate::no_cipher`]) |

mod cipher;
mod digest;

mod awslc;
mod engine;
mod group;
mod ring;

pub use cipher::{CipherCall, CrateCipher};
pub use digest::{CrateDigest, DIGEST_CALLS};
pub use engine::{Agreement, Engine, engine};
pub use group::{CrateGroup, candidates, check};

/// Every crate `dh --impl` runs, in the order its rows are shown (after the system
/// libraries in `--impl all`).
pub static CRATES: &[&dyn Crate] = &[&awslc::AwsLc, &ring::Ring];

/// How a crate makes the key pair of an Offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keys {
    /// From a secret it is given (aws-lc-rs's `PrivateKey::from_private_key`): pkbench hands
    /// it its own secrets, so its public values and shared secrets equal pkbench's own.
    Given,
    /// From the crate's own random generator only (ring's `EphemeralPrivateKey::generate`):
    /// its outputs are checked from the peer's view, and a Reply that consumes its key
    /// (`agree_ephemeral`) gets a fresh one, made before its timed batch.
    Generated,
}

/// One curve a crate offers.
pub struct Curve {
    /// pkbench's name of the group (`x25519`, `p256`, `p384`, `p521`).
    pub group: &'static str,
    /// What the crate's Offer precomputed for the generator, with the source file that
    /// shows it; `None` for a plain multiplication of the generator.
    pub table: Option<&'static str>,
    /// The curve in the crate's own types ([`engine`] over an [`Agreement`]).
    pub open: fn() -> Box<dyn Engine>,
}

/// A crate in [`CRATES`]: its name, its calls and its curves.
pub trait Crate: Sync {
    /// Its name on crates.io, on the command line (`--impl aws-lc-rs`) and in records; its
    /// version comes from Cargo.lock ([`crate::implementation::crate_version`]).
    fn name(&self) -> &'static str;
    /// How its Offer makes a key pair.
    fn keys(&self) -> Keys;
    /// The calls of an Offer, as `impls` and the records name them.
    fn offer_call(&self) -> &'static str;
    /// The calls of a Reply.
    fn reply_call(&self) -> &'static str;
    /// The curves it offers, in pkbench's order.
    fn curves(&self) -> &'static [Curve];
    /// The hash functions of pkbench's registry it offers (`hash --impl`), in the
    /// registry's order; none by default.
    fn digests(&self) -> &'static [&'static dyn CrateDigest] {
        &[]
    }
    /// The ciphers of pkbench's registry it offers (`cipher --impl`), with their key sizes
    /// and modes; none by default.
    fn ciphers(&self) -> &'static [CrateCipher] {
        &[]
    }
    /// Why it has no cipher row, for a crate whose [`Crate::ciphers`] is empty though it has
    /// ciphers of its own (said by `cipher --impl`, its help and `pkbench impls`).
    fn no_cipher(&self) -> Option<&'static str> {
        None
    }
}

/// The crate named `name` (as on crates.io; any case), if it is in [`CRATES`].
pub fn find(name: &str) -> Option<&'static dyn Crate> {
    CRATES
        .iter()
        .copied()
        .find(|c| c.name().eq_ignore_ascii_case(name))
}

/// `krate`'s curve for pkbench's group `group`, if it offers it.
pub fn curve(krate: &dyn Crate, group: &str) -> Option<&'static Curve> {
    krate.curves().iter().find(|c| c.group == group)
}

/// `krate`'s digest of pkbench's hash `hash` (its registry name: `sha256`), if it offers it.
pub fn digest(krate: &dyn Crate, hash: &str) -> Option<&'static dyn CrateDigest> {
    krate.digests().iter().copied().find(|d| d.hash() == hash)
}

/// What pkbench runs through `krate`, by command, for messages: "dh on x25519, p256, p384,
/// p521; hash on sha1, sha256, sha224, sha384, sha512; cipher on aes" (its curves, digests
/// and ciphers).
pub fn uses(krate: &dyn Crate) -> String {
    let mut v = Vec::new();
    let groups: Vec<&str> = krate.curves().iter().map(|c| c.group).collect();
    if !groups.is_empty() {
        v.push(format!("dh on {}", groups.join(", ")));
    }
    let hashes: Vec<&str> = krate.digests().iter().map(|d| d.hash()).collect();
    if !hashes.is_empty() {
        v.push(format!("hash on {}", hashes.join(", ")));
    }
    let ciphers: Vec<&str> = krate.ciphers().iter().map(|c| c.cipher).collect();
    if !ciphers.is_empty() {
        v.push(format!("cipher on {}", ciphers.join(", ")));
    }
    v.join("; ")
}

/// `krate`'s cipher of pkbench's cipher `cipher` (its registry name: `aes`), if it offers it.
pub fn cipher(krate: &dyn Crate, cipher: &str) -> Option<&'static CrateCipher> {
    krate.ciphers().iter().find(|c| c.cipher == cipher)
}

/// Every crate with the groups it offers, for help texts and messages: "aws-lc-rs (x25519,
/// p256, p384, p521)", one entry per crate of [`CRATES`].
pub fn summary() -> Vec<String> {
    CRATES
        .iter()
        .map(|c| {
            let groups: Vec<&str> = c.curves().iter().map(|v| v.group).collect();
            format!("{} ({})", c.name(), groups.join(", "))
        })
        .collect()
}

#[cfg(test)]
mod tests;

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
//! [`CrateGroup::open`] makes the same checks before a row is timed.

mod awslc;
mod engine;
mod group;
mod ring;

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

//! A crate's row of `dh`: [`CrateGroup`], opened and checked against pkbench's own group.

use super::super::{PeerError, PeerResult, Unavailable};
use super::{Crate, Curve, Engine, Keys, curve, find};
use crate::error::Result;
use crate::implementation::Implementation;
use crate::implementation::checked::CrossCheck;
use crate::kex::{ExpBits, GroupInfo, KeyExchange, Precomputation, TableInfo, ValueForm};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use std::sync::Arc;

/// The row of a crate in `dh`: pkbench's own group (its secrets, encodings, generator and
/// values: the inputs and expected outputs of the row) under the crate's name, calls and
/// precomputation. The crate's calls themselves are made by `bench::dh::crates`, which
/// `bench::dh::prepare` picks for a crate's job, through [`CrateGroup::engine`]; as a
/// [`KeyExchange`], Offer and Reply answer with pkbench's own values (the pool's), never
/// with the crate's.
pub struct CrateGroup {
    own: Arc<dyn KeyExchange>,
    krate: &'static dyn Crate,
    curve: &'static Curve,
    /// What [`check`] compared when the row was opened.
    checked: CrossCheck,
}

impl CrateGroup {
    /// pkbench's own group `own` through the crate `name` ([`super::CRATES`]), checked on two
    /// exchanges before it is returned ([`check`]).
    ///
    /// # Errors
    /// `Err(Unavailable::Unsupported)`: no such crate, or it does not offer the group;
    /// `Ok(Err(e))`: a call failed or a result differed from pkbench's own.
    pub fn open(
        name: &str,
        own: Arc<dyn KeyExchange>,
    ) -> std::result::Result<PeerResult<CrateGroup>, Unavailable> {
        let group = own.info().name.clone();
        let krate = find(name).ok_or_else(|| Unavailable::Unsupported {
            library: name.into(),
            what: group.clone(),
            why: "no such crate in pkbench".into(),
        })?;
        let curve = curve(krate, &group).ok_or_else(|| {
            let offered: Vec<&str> = krate.curves().iter().map(|c| c.group).collect();
            Unavailable::Unsupported {
                library: krate.name().into(),
                what: group.clone(),
                why: format!("pkbench runs only {} through it", offered.join(", ")),
            }
        })?;
        Ok(check(krate, curve, own.as_ref()).map(|checked| CrateGroup {
            own,
            krate,
            curve,
            checked,
        }))
    }

    /// The crate's name (`aws-lc-rs`).
    pub fn crate_name(&self) -> &'static str {
        self.krate.name()
    }

    /// A fresh engine of the crate's curve, for one prepared job.
    pub fn engine(&self) -> Box<dyn Engine> {
        (self.curve.open)()
    }
}

fn failed(krate: &dyn Crate, group: &str, what: &str) -> PeerError {
    PeerError::Call {
        library: krate.name(),
        call: "check against pkbench's own",
        detail: format!("{group} {what}"),
    }
}

/// The checks of a crate's curve against pkbench's own group `own`, on two pairs of secrets
/// from a fixed seed (every peer value pkbench's own Offer, accepted by pkbench's own Reply
/// before the crate sees it): from the peer's view, pkbench's Reply on the crate's Offer (and
/// on the key of its Reply) gives the crate's shared secret; where the crate takes a given
/// secret ([`Keys::Given`]), its public value and shared secret also equal pkbench's own on
/// that secret. Returns what was compared: per pair, an Offer and, with a given secret, two
/// Replies (the Offer's key and the Reply's), else one (the Reply's, the Offer's agreement
/// being its check), on pkbench's two secrets.
///
/// # Errors
/// [`PeerError::Call`] naming the operation that failed or differed.
pub fn check(krate: &dyn Crate, curve: &Curve, own: &dyn KeyExchange) -> PeerResult<CrossCheck> {
    let info = own.info();
    let name = &info.name;
    let mut rng = ChaCha20Rng::seed_from_u64(0x5eed);
    let input = |e: crate::Error| PeerError::Input {
        library: krate.name(),
        problem: e.to_string(),
    };
    let given = krate.keys() == Keys::Given;
    let mut done = CrossCheck {
        against: crate::implementation::OWN.into(),
        peer_view: !given,
        ..CrossCheck::default()
    };
    for _ in 0..2 {
        let a = own.random_secret(info.full_exp_bits, &mut rng);
        let b = own.random_secret(info.full_exp_bits, &mut rng);
        let (pa, pb) = (own.offer(&a), own.offer(&b));
        // pkbench validates the peer values first.
        let want = own.reply(&a, &pb).map_err(input)?;
        own.reply(&b, &pa).map_err(input)?;
        let mut e = (curve.open)();
        let mut public = vec![0u8; pa.len()];
        let mut out = vec![0u8; want.len()];
        if !e.offer(0, &a, &mut public) {
            return Err(failed(krate, name, "Offer: the call failed"));
        }
        let seen = own.reply(&b, &public).map_err(input)?;
        if !e.agree_offered(0, &pb, &mut out) || out != seen {
            return Err(failed(
                krate,
                name,
                "Offer: pkbench's Reply on its public value differs from its own Reply",
            ));
        }
        if krate.keys() == Keys::Given && public != pa {
            return Err(failed(
                krate,
                name,
                "Offer: a public value differs from pkbench's own",
            ));
        }
        let secrets = [a.clone()];
        if !e.ready(&secrets, 0, 1, pa.len()) {
            return Err(failed(krate, name, "Reply: no key"));
        }
        let peer = match krate.keys() {
            Keys::Given => &pb,
            Keys::Generated => &pa,
        };
        if !e.reply(0, 0, peer, &mut out) {
            return Err(failed(krate, name, "Reply: the call failed"));
        }
        let expected = match krate.keys() {
            Keys::Given => want,
            Keys::Generated => own.reply(&a, e.reply_public(0)).map_err(input)?,
        };
        if out != expected {
            return Err(failed(
                krate,
                name,
                "Reply: a shared secret differs from pkbench's own",
            ));
        }
        done.secret_bits.extend([info.full_exp_bits; 2]);
        done.offers += 1;
        done.replies += if given { 2 } else { 1 };
    }
    Ok(done)
}

/// `pkbench impls`'s rows of the group `group`: each crate of [`super::CRATES`] that offers
/// it, as (name, the calls it times, its implementation once checked against `own`).
pub fn candidates(
    group: &str,
    own: &dyn KeyExchange,
) -> Vec<(&'static str, String, PeerResult<Implementation>)> {
    super::CRATES
        .iter()
        .filter_map(|&k| {
            let c = curve(k, group)?;
            let how = format!("{} (Offer); {} (Reply)", k.offer_call(), k.reply_call());
            let checked = check(k, c, own).map(|_| Implementation::of_crate(k.name()));
            Some((k.name(), how, checked))
        })
        .collect()
}

impl KeyExchange for CrateGroup {
    fn info(&self) -> &GroupInfo {
        self.own.info()
    }

    /// None: the crate's Offer uses its own precomputation, if any.
    fn table(&self) -> Option<&TableInfo> {
        None
    }

    /// What the crate's Offer precomputed for the generator ([`Curve::table`]).
    fn precomputation(&self) -> Precomputation {
        match self.curve.table {
            Some(m) => Precomputation::BuiltIn {
                method: m.into(),
                bytes: None,
            },
            None => Precomputation::None,
        }
    }

    fn implementation(&self) -> Implementation {
        Implementation::of_crate(self.krate.name())
    }

    /// What [`check`] compared when the row was opened.
    fn checked(&self) -> Option<CrossCheck> {
        Some(self.checked.clone())
    }

    fn offer_method(&self) -> Option<String> {
        Some(self.krate.offer_call().into())
    }

    fn reply_method(&self) -> Option<String> {
        Some(self.krate.reply_call().into())
    }

    forward_to_own!();

    /// pkbench's own Offer (the pool's expected value; see [`CrateGroup`]).
    fn offer(&self, secret: &[u8]) -> Vec<u8> {
        self.own.offer(secret)
    }

    /// pkbench's own Reply (the pool's expected value; see [`CrateGroup`]).
    fn reply(&self, secret: &[u8], peer: &[u8]) -> Result<Vec<u8>> {
        self.own.reply(secret, peer)
    }
}

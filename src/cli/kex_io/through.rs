//! `--impl` of `offer` and `reply`: the value through each implementation named, every
//! library's checked against pkbench's own, computed (and the user's values validated) first.

use crate::bench::imp::{Choice, Library};
use crate::cli::imp::{ImplArgs, note};
use crate::cli::values::{self, Outcome};
use crate::error::Result;
use crate::kex::KeyExchange;
use crate::params::{Family, GroupFile};
use crate::peers::PeerResult;
use crate::peers::kex::PeerGroup;
use std::sync::Arc;

/// The implementations `--impl` names, in order (not `pkbench-portable`: [`ImplArgs::choices`]),
/// for the group `kx`: the label `pkbench impls` gives its own code (`p256`, `num-bigint`)
/// is pkbench's own value.
///
/// # Errors
/// [`crate::Error::Input`] for a name that is no implementation of the group.
pub fn choices(list: &str, kx: &dyn KeyExchange) -> Result<Vec<Choice>> {
    let own = kx.implementation().name;
    ImplArgs { imp: list.into() }.choices_own(false, false, &[&own])
}

/// `peer` as a library reads it: a binary curve's x-coordinate given shorter than the field
/// (IKE may drop leading zero bytes; pkbench's own Reply reads it zero-padded) padded on the
/// left to the width of an Offer of `kx`; other values as they are.
///
/// # Errors
/// Only the group description's own (its family).
pub fn full_width(
    file: &GroupFile,
    kx: &dyn KeyExchange,
    secret: &[u8],
    peer: Vec<u8>,
) -> Result<Vec<u8>> {
    if file.family()? != Family::Ec2n {
        return Ok(peer);
    }
    let width = kx.offer(secret).len();
    if peer.len() >= width {
        return Ok(peer);
    }
    let mut v = vec![0u8; width - peer.len()];
    v.extend(peer);
    Ok(v)
}

/// The text of `offer` or `reply` through `choices`: `own` (pkbench's own value, computed
/// after its checks accepted the user's values) and each library's (looked for as
/// `discovery` says), by `compute` on the group opened through it ([`PeerGroup::open`], which
/// checks the library against pkbench's own on two secrets first), printed by
/// [`values::render`]: one implementation's value alone, as without `--impl`; several as
/// `NAME: VALUE` lines in the order asked, then a `note:` line for each library that cannot
/// compute the group here.
///
/// # Errors
/// As [`values::render`]: [`crate::Error::Input`] when nothing asked for can compute the
/// group here; [`crate::Error::Runtime`] (exit 1) naming every library whose value differs
/// from pkbench's own, or whose call or check failed.
pub fn each(
    file: &GroupFile,
    own_group: Arc<dyn KeyExchange>,
    own: Vec<u8>,
    choices: &[Choice],
    discovery: crate::peers::Discovery,
    compute: impl Fn(&PeerGroup) -> PeerResult<Vec<u8>>,
) -> Result<String> {
    let mut outcomes = Vec::new();
    for &c in choices {
        let lib: Library = match c {
            Choice::Own | Choice::Portable => {
                outcomes.push((c.name(), Outcome::Value(own.clone())));
                continue;
            }
            Choice::Peer(lib) => lib,
            Choice::Crate(name) => return Err(crate::bench::imp::crate_refused(name)),
        };
        let outcome = match PeerGroup::open(file, own_group.clone(), lib, discovery) {
            Err(why) => Outcome::Note(note(c, &file.name, &why)),
            Ok(Err(e)) => Outcome::Failed(e.to_string()),
            Ok(Ok(g)) => match compute(&g) {
                Err(e) => Outcome::Failed(e.to_string()),
                Ok(v) => Outcome::Value(v),
            },
        };
        outcomes.push((lib.name(), outcome));
    }
    values::render(&own, &file.name, outcomes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A library whose value differs from pkbench's own is one line naming it, exit 1 (a
    /// runtime error, not bad input), and no value is printed.
    #[test]
    fn a_library_that_disagrees_is_named() {
        let file = crate::params::lookup("modp-512").unwrap();
        let kx: Arc<dyn KeyExchange> = crate::kex::open(&file, &Default::default()).unwrap().into();
        let own = kx.offer(&[3]);
        assert_eq!(own.len(), 64);
        let choices = [Choice::Own, Choice::Peer(Library::OpenSsl)];
        let on = crate::peers::Discovery { enabled: true };
        let r = each(&file, kx.clone(), own.clone(), &choices, on, |_| {
            Ok(vec![0u8; 64])
        });
        match r {
            Err(e) => {
                assert_eq!(e.exit_code(), 1, "{e}");
                let m = e.message();
                assert!(
                    m.starts_with(
                        "--impl: openssl disagrees with pkbench's own value (openssl 0000"
                    ) && !m.contains('\n'),
                    "{m}"
                );
            }
            Ok(out) => {
                assert!(out.contains("note: openssl"), "{out}");
                crate::testing::skip("openssl not found: its disagreement not tested");
            }
        }
        // The same library computing its own value agrees, labelled beside pkbench's.
        let r = each(&file, kx.clone(), own.clone(), &choices, on, |g| {
            g.try_offer(&[3])
        });
        let out = r.unwrap();
        if !out.contains("note: openssl") {
            let v = hex::encode(&own);
            assert_eq!(out, format!("pkbench: {v}\nopenssl: {v}\n"));
        }
    }
}

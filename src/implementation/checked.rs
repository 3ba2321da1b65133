//! What an implementation's results were checked against before it was timed: a peer
//! library's Offer and Reply against pkbench's own on the same secrets
//! (`peers::kex::PeerGroup::open`), a crate's likewise or, for a crate that draws its own
//! secrets, from the peer's view (`peers::crates::check`). Every DH operation of a library's
//! or a crate's row carries it as the `info` key [`INFO_KEY`], so that views say it from the
//! record alone (`record::Operation::checked`).

use serde::{Deserialize, Serialize};

/// The `info` key of an operation's [`CrossCheck`].
pub const INFO_KEY: &str = "checked_against";

/// A cross-check made before timing: the same inputs through this implementation and
/// through a reference, every output equal.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrossCheck {
    /// The reference: `pkbench` (its own code for the group).
    pub against: String,
    /// Secrets the check drew (each an Offer's or a Reply's secret), by their size in bits,
    /// in the order drawn: `[155, 155, 128, 128]`.
    pub secret_bits: Vec<u32>,
    /// Offers compared.
    pub offers: usize,
    /// Replies compared.
    pub replies: usize,
    /// Whether the implementation drew its own secrets (ring's `EphemeralPrivateKey::generate`),
    /// so that its outputs were compared from the peer's view — pkbench's own Reply on its
    /// public value gave its shared secret — and `secret_bits` are pkbench's side's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub peer_view: bool,
}

impl CrossCheck {
    /// "2 Offers and 4 Replies checked against pkbench's own on 4 secrets (2 of 155 bits, 2
    /// of 128 bits) before timing"; from the peer's view: "2 Offers and 2 Replies checked
    /// against pkbench's own from the peer's view (its own secrets: pkbench's Reply on each of
    /// its public values gave its shared secret), pkbench's side on 4 secrets (4 of 384 bits)
    /// before timing".
    pub fn describe(&self) -> String {
        let mut sizes: Vec<(u32, usize)> = Vec::new();
        for &b in &self.secret_bits {
            match sizes.iter_mut().find(|(s, _)| *s == b) {
                Some((_, n)) => *n += 1,
                None => sizes.push((b, 1)),
            }
        }
        let sizes: Vec<String> = sizes
            .iter()
            .map(|(b, n)| format!("{n} of {b} bits"))
            .collect();
        let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
        let view = if self.peer_view {
            " from the peer's view (its own secrets: pkbench's Reply on each of its public values gave its shared secret), pkbench's side"
        } else {
            ""
        };
        format!(
            "{} and {} checked against {}'s own{view} on {} ({}) before timing",
            plural(self.offers, "Offer"),
            plural(self.replies, "Reply").replace("Replys", "Replies"),
            self.against,
            plural(self.secret_bits.len(), "secret"),
            sizes.join(", "),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cross_check_in_words() {
        let c = CrossCheck {
            against: "pkbench".into(),
            secret_bits: vec![155, 155, 128, 128],
            offers: 2,
            replies: 4,
            peer_view: false,
        };
        assert_eq!(
            c.describe(),
            "2 Offers and 4 Replies checked against pkbench's own on 4 secrets (2 of 155 bits, \
             2 of 128 bits) before timing"
        );
        let v = serde_json::to_value(&c).unwrap();
        assert!(v.get("peer_view").is_none(), "{v}");
        assert_eq!(serde_json::from_value::<CrossCheck>(v).unwrap(), c);
        let ring = CrossCheck {
            against: "pkbench".into(),
            secret_bits: vec![384; 4],
            offers: 2,
            replies: 2,
            peer_view: true,
        };
        assert_eq!(
            ring.describe(),
            "2 Offers and 2 Replies checked against pkbench's own from the peer's view (its own \
             secrets: pkbench's Reply on each of its public values gave its shared secret), \
             pkbench's side on 4 secrets (4 of 384 bits) before timing"
        );
        let v = serde_json::to_value(&ring).unwrap();
        assert_eq!(v["peer_view"], true);
        assert_eq!(serde_json::from_value::<CrossCheck>(v).unwrap(), ring);
    }
}

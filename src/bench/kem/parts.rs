//! The parts of a hybrid KEM, timed in the same rounds as the hybrid (issue 29, item 4): for
//! each implementation, its ML-KEM-768 alone on the ML-KEM part of the same seeds and coins,
//! and once for all, the `x25519` DH row's own Offer (with its table) and Reply on the X25519
//! part. A view then sets each step of the hybrid against the sum of what it is made of
//! (KeyGen = ML-KEM KeyGen + X25519 Offer, …).
//!
//! Checked before timing, for every entry of the pool: each part's values are the matching
//! bytes of the hybrid's reference values ([`crate::kem::HybridParts`]: ek, ct and secret
//! split after the ML-KEM part), so the parts compute exactly what the hybrid does; after
//! timing, every timed output against them.

use crate::error::{Error, Result};
use crate::kem::{Exchanges, HybridParts, Kem};
use crate::kex::{GroupOptions, KeyExchange};
use crate::measure::Stats;
use crate::record::{OFFER_OP, Operation, REPLY_OP, figure, info as rinfo, param};
use std::hint::black_box;
use std::sync::Arc;

/// Bytes of an X25519 secret, public value or shared secret (RFC 7748 §5).
const X25519_BYTES: usize = 32;

/// The parts of a hybrid with their checked pools; timed operations 3·j + 0/1/2 =
/// KeyGen/Encaps/Decaps of the ML-KEM part of implementation j, then X25519 Offer and Reply.
pub(super) struct Parts {
    hybrid: &'static str,
    mlkem: Vec<(Arc<dyn Kem>, Box<dyn Exchanges>)>,
    x25519: X25519Part,
}

/// The X25519 part: the `x25519` group opened with its table (the DH row's code), the
/// initiator's secrets x and the responder's public values e·B of the pool, the expected
/// Offers x·B and secrets x·e·B (the hybrid's bytes), and the timed outputs.
struct X25519Part {
    kx: Box<dyn KeyExchange>,
    secrets: Vec<Vec<u8>>,
    peers: Vec<Vec<u8>>,
    offers: Vec<Vec<u8>>,
    shared: Vec<Vec<u8>>,
    out_offer: Vec<Vec<u8>>,
    out_shared: Vec<Option<Vec<u8>>>,
}

impl Parts {
    /// Opens the parts of the hybrid `hybrid` (`parts`) for each of its implementations
    /// `impls` and makes their pools from the hybrid's `seeds` and `coins`, checked against
    /// the hybrid's own pools `pools` (one per implementation, entry by entry).
    ///
    /// # Errors
    /// [`Error::Runtime`] when a part gives other bytes than the hybrid; the errors of
    /// opening the `x25519` group or ML-KEM.
    pub(super) fn prepare(
        hybrid: &'static str,
        parts: HybridParts,
        impls: &[Arc<dyn Kem>],
        (seeds, coins): (&[Vec<u8>], &[Vec<u8>]),
        pools: &[Box<dyn Exchanges>],
    ) -> Result<Parts> {
        let m = parts.mlkem;
        let (ek, ct, ss) = (m.ek_bytes, m.ct_bytes, m.ss_bytes);
        let head = |v: &[Vec<u8>], n: usize| -> Vec<Vec<u8>> {
            v.iter().map(|x| x[..n].to_vec()).collect()
        };
        let (m_seeds, m_coins) = (head(seeds, m.seed_bytes), head(coins, m.coins_bytes));
        let differ = |what: &str| {
            Error::runtime(format!(
                "{hybrid}: its {what} part differs from the hybrid's bytes"
            ))
        };
        let mut mlkem = Vec::new();
        for (k, hp) in impls.iter().zip(pools) {
            let part: Arc<dyn Kem> = Arc::from(crate::kem::open(m, k.impl_name())?);
            let p = part.exchanges(&m_seeds, &m_coins)?;
            for i in 0..p.len() {
                let (he, hc, hs) = hp.reference(i);
                if p.reference(i) != (&he[..ek], &hc[..ct], &hs[..ss]) {
                    return Err(differ(m.name));
                }
            }
            mlkem.push((part, p));
        }
        let kx = crate::kex::open_named(parts.x25519, &GroupOptions::default())?;
        let tail = |v: &[u8], from: usize| v[from..from + X25519_BYTES].to_vec();
        let hp = pools.first().ok_or_else(|| differ("X25519"))?;
        let n = hp.len();
        let secrets: Vec<Vec<u8>> = seeds.iter().map(|s| tail(s, m.seed_bytes)).collect();
        let peers: Vec<Vec<u8>> = (0..n).map(|i| tail(hp.reference(i).1, ct)).collect();
        let offers: Vec<Vec<u8>> = (0..n).map(|i| tail(hp.reference(i).0, ek)).collect();
        let shared: Vec<Vec<u8>> = (0..n).map(|i| tail(hp.reference(i).2, ss)).collect();
        for i in 0..n {
            if kx.offer(&secrets[i]) != offers[i]
                || kx.reply(&secrets[i], &peers[i]).ok().as_ref() != Some(&shared[i])
            {
                return Err(differ(parts.x25519));
            }
        }
        Ok(Parts {
            hybrid,
            mlkem,
            x25519: X25519Part {
                kx,
                secrets,
                peers,
                offers,
                shared,
                out_offer: vec![Vec::new(); n],
                out_shared: vec![None; n],
            },
        })
    }

    /// Operations timed: three per ML-KEM part, X25519 Offer and Reply.
    pub(super) fn timed(&self) -> usize {
        3 * self.mlkem.len() + 2
    }

    /// Runs timed operation `k` (as [`super::super::Prepared::run`]) on entries from
    /// `start`.
    pub(super) fn run(&mut self, k: usize, start: usize, n: usize) {
        if k < 3 * self.mlkem.len() {
            let pool = &mut self.mlkem[k / 3].1;
            let len = pool.len();
            for i in 0..n {
                let e = start.wrapping_add(i) % len;
                match k % 3 {
                    0 => pool.keygen(e),
                    1 => pool.encaps(e),
                    _ => pool.decaps(e),
                }
            }
            return;
        }
        let x = &mut self.x25519;
        let len = x.secrets.len();
        for i in 0..n {
            let e = start.wrapping_add(i) % len;
            if k == 3 * self.mlkem.len() {
                x.out_offer[e] = black_box(x.kx.offer(black_box(&x.secrets[e])));
            } else {
                x.out_shared[e] = black_box(
                    x.kx.reply(black_box(&x.secrets[e]), black_box(&x.peers[e]))
                        .ok(),
                );
            }
        }
    }

    /// Checks every timed output against the reference values.
    ///
    /// # Errors
    /// [`Error::Runtime`] naming the part and step that gave a wrong value.
    pub(super) fn check(&self) -> Result<()> {
        for (k, p) in &self.mlkem {
            if let Some(step) = p.check() {
                return Err(Error::runtime(format!(
                    "{} ({}), a part of {}: a timed {step} returned a wrong value",
                    k.info().name,
                    k.impl_name(),
                    self.hybrid
                )));
            }
        }
        let x = &self.x25519;
        let wrong = |step: &str| {
            Error::runtime(format!(
                "{} ({}), a part of {}: a timed {step} returned a wrong value",
                x.kx.info().name,
                x.kx.implementation().label(),
                self.hybrid
            ))
        };
        let offer_ok = x
            .out_offer
            .iter()
            .zip(&x.offers)
            .all(|(o, want)| o.is_empty() || o == want);
        let reply_ok = x
            .out_shared
            .iter()
            .zip(&x.shared)
            .all(|(o, want)| o.as_ref().is_none_or(|o| o == want));
        match (offer_ok, reply_ok) {
            (false, _) => Err(wrong(OFFER_OP)),
            (_, false) => Err(wrong(REPLY_OP)),
            _ => Ok(()),
        }
    }

    /// The operations of the parts from their `stats` ([`Self::timed`] of them, in order):
    /// each ML-KEM part's as a KEM's ([`super::operations`]) and X25519's Offer and Reply as
    /// the `x25519` row's (params of a `dh` row with its table, the implementation and its
    /// precomputation), every one with the param [`param::PART_OF`] naming the hybrid.
    pub(super) fn operations(&self, stats: &[Stats], pool: (usize, f64)) -> Vec<Operation> {
        let mut ops = Vec::new();
        let mut first_total = None;
        for (j, (k, _)) in self.mlkem.iter().enumerate() {
            let s = [
                stats[3 * j].clone(),
                stats[3 * j + 1].clone(),
                stats[3 * j + 2].clone(),
            ];
            let total = s.iter().map(|x| x.median_ms).sum::<f64>();
            let first = *first_total.get_or_insert(total);
            ops.extend(super::operations(k.as_ref(), s, total / first, pool));
        }
        let kx = &self.x25519.kx;
        let key = param::dh(kx.info().name.as_str(), kx.info().full_exp_bits, true);
        let x = 3 * self.mlkem.len();
        for (name, st) in [(OFFER_OP, &stats[x]), (REPLY_OP, &stats[x + 1])] {
            let rate = st.ops_per_sec();
            ops.push(
                Operation::timed(name, key.clone(), st.clone())
                    .by(kx.implementation())
                    .with_figure(figure::OPS_PER_SEC, rate)
                    .with_info(
                        rinfo::PRECOMPUTATION,
                        serde_json::to_value(kx.precomputation()).unwrap_or_default(),
                    )
                    .with_info(rinfo::POOL, pool.0)
                    .with_info(rinfo::POOL_MS, pool.1),
            );
        }
        for op in &mut ops {
            op.params.insert(param::PART_OF.into(), self.hybrid.into());
        }
        ops
    }
}

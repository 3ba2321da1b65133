//! A crate's curve in its own types ([`Agreement`]) and the one object `bench::dh::crates`
//! times it through ([`Engine`]): the keys each Offer makes are kept, and the keys each
//! Reply uses are made before its timed batch ([`Engine::ready`]), so that the timed calls are
//! the crate's calls and a copy of their output into a buffer made beforehand.

use super::Keys;

/// One curve through a crate, in the crate's own types: what a crate file implements.
pub trait Agreement: Send + 'static {
    /// The crate's private key, as an Offer makes it and a Reply uses it.
    type Key: Send;
    /// How the crate makes a key pair.
    const KEYS: Keys;
    /// Offer: a key pair, from `secret` ([`Keys::Given`]) or from the crate's own random
    /// generator ([`Keys::Generated`]: `secret` is not read), with its public value written
    /// into `public` (exactly the group's public length: SEC 1 uncompressed, or X25519's 32
    /// bytes). `None` when a call fails or the length differs.
    fn offer(&self, secret: &[u8], public: &mut [u8]) -> Option<Self::Key>;
    /// Reply: the shared secret of `key` and `peer` written into `out` (the group's
    /// shared-secret length). A crate whose agreement consumes its key takes it out of `key`
    /// (ring's `agree_ephemeral`); one that borrows it leaves it (aws-lc-rs's `agree`).
    /// False when `key` is empty, a call fails (the crate refused `peer`) or a length differs.
    fn reply(&self, key: &mut Option<Self::Key>, peer: &[u8], out: &mut [u8]) -> bool;
}

/// A crate's curve as `bench::dh::crates` drives it, over a pool of entries numbered 0 …
/// `len − 1` (the entries of `bench::dh`'s pool).
pub trait Engine: Send {
    /// How the crate makes its key pairs.
    fn keys(&self) -> Keys;
    /// Timed: an Offer for entry `e` ([`Agreement::offer`] on `secret`); its key is kept as
    /// entry `e`'s (the previous one dropped, as a user's would be). False when it failed.
    fn offer(&mut self, e: usize, secret: &[u8], public: &mut [u8]) -> bool;
    /// Not timed: the keys of the next `n` Replies, on entries `start`, `start + 1`, …
    /// (modulo `secrets.len()`): [`Keys::Given`], entry `e`'s key made once from
    /// `secrets[e]`; [`Keys::Generated`], `n` fresh keys, the public value of the last one
    /// used on each entry kept ([`Engine::reply_public`]). Also makes room for every entry's
    /// Offer key (so that a timed Offer allocates nothing of the engine's). False when a key
    /// could not be made.
    fn ready(&mut self, secrets: &[Vec<u8>], start: usize, n: usize, public_len: usize) -> bool;
    /// Timed: Reply number `i` of the batch [`Engine::ready`] prepared, on entry `e`, with the
    /// peer value `peer`, the shared secret into `out`. False when it failed.
    fn reply(&mut self, e: usize, i: usize, peer: &[u8], out: &mut [u8]) -> bool;
    /// The public value of the key entry `e`'s last Reply used ([`Keys::Generated`]; empty
    /// before one, and for [`Keys::Given`], whose key is the pool's secret).
    fn reply_public(&self, e: usize) -> &[u8];
    /// Not timed, for the checks: the key entry `e`'s last Offer made, agreed with `peer`
    /// (consumed where the crate consumes keys). False when there is none or it failed.
    fn agree_offered(&mut self, e: usize, peer: &[u8], out: &mut [u8]) -> bool;
}

/// `alg` as an [`Engine`].
pub fn engine<A: Agreement>(alg: A) -> Box<dyn Engine> {
    Box::new(Pooled {
        alg,
        entry_keys: Vec::new(),
        batch_keys: Vec::new(),
        offered: Vec::new(),
        reply_public: Vec::new(),
    })
}

/// The [`Engine`] over an [`Agreement`]: the keys it keeps, per entry or per Reply of the
/// batch.
struct Pooled<A: Agreement> {
    alg: A,
    /// [`Keys::Given`]: each entry's key, made from the pool's secret once.
    entry_keys: Vec<Option<A::Key>>,
    /// [`Keys::Generated`]: the keys of the batch of Replies [`Engine::ready`] prepared.
    batch_keys: Vec<Option<A::Key>>,
    /// The key each entry's last Offer made.
    offered: Vec<Option<A::Key>>,
    /// [`Keys::Generated`]: the public value of the key each entry's last Reply used.
    reply_public: Vec<Vec<u8>>,
}

fn at<T>(v: &mut Vec<Option<T>>, e: usize) -> &mut Option<T> {
    if v.len() <= e {
        v.resize_with(e + 1, || None);
    }
    &mut v[e]
}

impl<A: Agreement> Engine for Pooled<A> {
    fn keys(&self) -> Keys {
        A::KEYS
    }

    fn offer(&mut self, e: usize, secret: &[u8], public: &mut [u8]) -> bool {
        let key = self.alg.offer(secret, public);
        let ok = key.is_some();
        *at(&mut self.offered, e) = key;
        ok
    }

    fn ready(&mut self, secrets: &[Vec<u8>], start: usize, n: usize, public_len: usize) -> bool {
        let len = secrets.len();
        if len == 0 {
            return false;
        }
        if self.offered.len() < len {
            self.offered.resize_with(len, || None);
        }
        let mut scratch = vec![0u8; public_len];
        match A::KEYS {
            Keys::Given => {
                for i in 0..n.min(len) {
                    let e = start.wrapping_add(i) % len;
                    let slot = at(&mut self.entry_keys, e);
                    if slot.is_none() {
                        *slot = self.alg.offer(&secrets[e], &mut scratch);
                    }
                    if slot.is_none() {
                        return false;
                    }
                }
            }
            Keys::Generated => {
                if self.reply_public.len() < len {
                    self.reply_public.resize(len, Vec::new());
                }
                self.batch_keys.resize_with(n, || None);
                for i in 0..n {
                    let e = start.wrapping_add(i) % len;
                    let key = self.alg.offer(&secrets[e], &mut scratch);
                    if key.is_none() {
                        return false;
                    }
                    self.batch_keys[i] = key;
                    self.reply_public[e].clone_from(&scratch);
                }
            }
        }
        true
    }

    fn reply(&mut self, e: usize, i: usize, peer: &[u8], out: &mut [u8]) -> bool {
        let key = match A::KEYS {
            Keys::Given => self.entry_keys.get_mut(e),
            Keys::Generated => self.batch_keys.get_mut(i),
        };
        match key {
            Some(k) => self.alg.reply(k, peer, out),
            None => false,
        }
    }

    fn reply_public(&self, e: usize) -> &[u8] {
        self.reply_public.get(e).map_or(&[], Vec::as_slice)
    }

    fn agree_offered(&mut self, e: usize, peer: &[u8], out: &mut [u8]) -> bool {
        match self.offered.get_mut(e) {
            Some(k) => self.alg.reply(k, peer, out),
            None => false,
        }
    }
}

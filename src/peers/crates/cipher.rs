//! A crate's block ciphers ([`CrateCipher`], listed by [`super::Crate::ciphers`]), timed by
//! `cipher --impl` as a library's are: one keyed object per mode and direction
//! ([`CipherCall`]), checked by the code that checks every library's cipher (the registry's
//! known answers and pkbench's own engine, both directions: `peers::kat::check_cipher_config`,
//! through `peers::engine::cipher_engine`), then timed by `bench::cipher`.

use crate::symmetric::{Direction, Mode};

/// One keyed configuration (cipher, key, mode, direction) through a crate: the timed call.
pub trait CipherCall: Send {
    /// Processes `input` into `output` (the same length, whole blocks) from a fresh state
    /// made from `iv` (ignored by ECB). False when the crate refused the call.
    fn apply(&mut self, iv: &[u8], input: &[u8], output: &mut [u8]) -> bool;
}

/// Keys a crate's configuration: (key, mode, direction) → its call, `None` when refused.
pub type OpenCipher = fn(key: &[u8], mode: Mode, dir: Direction) -> Option<Box<dyn CipherCall>>;

/// A cipher of pkbench's registry that a crate offers, with the modes and key sizes it has.
pub struct CrateCipher {
    /// pkbench's registry name of the cipher ([`crate::symmetric::Cipher::name`]: `aes`).
    pub cipher: &'static str,
    /// The key sizes it takes, in bits.
    pub key_bits: &'static [u32],
    /// The modes it offers, among pkbench's ([`crate::symmetric::modes::BLOCK_MODES`]).
    pub modes: &'static [Mode],
    /// The calls, as `pkbench impls` and the records name them; the mode's own call is
    /// [`CrateCipher::mode_call`].
    pub calls: &'static str,
    /// Work each timed call does beyond the mode's (record info `extra_work`, said beside
    /// every ratio against a row without it), e.g. a copy of the input into the output
    /// buffer for a crate that enciphers in place.
    pub extra_work: Option<&'static str>,
    /// Keys a configuration: `key` (the key size's length), `mode`, `dir`. `None` when the
    /// crate refused the key, or for a mode or key size not listed.
    pub open: OpenCipher,
    /// The crate's call of a mode and direction, for the implementation's variant:
    /// `EncryptingKey::ctr`.
    pub mode_call: fn(mode: Mode, dir: Direction) -> &'static str,
}

impl CrateCipher {
    /// Whether it has `key_bits` and `mode`.
    pub fn offers(&self, key_bits: u32, mode: Mode) -> bool {
        self.key_bits.contains(&key_bits) && self.modes.contains(&mode)
    }
}

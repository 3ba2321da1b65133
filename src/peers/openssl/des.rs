//! DES key setup through OpenSSL's deprecated `DES_*` functions (openssl/des.h).

use super::{DesFns, DesKeySchedule, OpenSsl};
use crate::implementation::Implementation;
use crate::peers::PeerResult;

/// DES key setup through `DES_set_key_unchecked` (no parity or weak-key check), as the 1995
/// table's "DES key setup" row and `openssl speed`'s predecessor timed it. The schedule is
/// one buffer, reused.
pub struct DesKeySetup {
    ssl: &'static OpenSsl,
    ks: Box<DesKeySchedule>,
}

impl DesKeySetup {
    /// A key-setup object.
    ///
    /// # Errors
    /// [`PeerError::Unavailable`] when this OpenSSL lacks the DES_* functions.
    pub fn new(ssl: &'static OpenSsl) -> PeerResult<DesKeySetup> {
        ssl.des()?;
        Ok(DesKeySetup {
            ssl,
            ks: Box::new(DesKeySchedule([0; 32])),
        })
    }

    fn fns(&self) -> &DesFns {
        self.ssl
            .des
            .as_ref()
            .expect("checked when the object was made")
    }

    /// The timed operation: the key schedule of `key` (8 bytes, parity ignored).
    pub fn set_key(&mut self, key: &[u8; 8]) {
        // SAFETY: reads 8 bytes, writes the 128-byte schedule.
        unsafe { (self.fns().DES_set_key_unchecked)(key, &mut *self.ks) };
    }

    /// Enciphers one block with the last schedule (to check it).
    pub fn encrypt_block(&mut self, block: &[u8; 8]) -> [u8; 8] {
        let mut out = [0u8; 8];
        // SAFETY: reads 8 bytes and the schedule, writes 8 bytes; 1 = DES_ENCRYPT.
        unsafe { (self.fns().DES_ecb_encrypt)(block, &mut out, &mut *self.ks, 1) };
        out
    }

    /// Who computes it: `openssl VERSION (DES_set_key_unchecked)`.
    pub fn implementation(&self) -> Implementation {
        self.ssl.implementation("DES_set_key_unchecked")
    }
}

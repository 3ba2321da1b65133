//! ML-KEM through AWS-LC, the library behind `aws-lc-rs` (rustls's default provider): one
//! [`Native`] per parameter set.
//!
//! `aws-lc-rs`'s `kem` API draws KeyGen's seed and Encaps's message from AWS-LC's RNG
//! (`DecapsulationKey::generate`, `EncapsulationKey::encapsulate`), so the same inputs as the
//! other implementations cannot be given through it. These calls are the ones it makes
//! (`EVP_PKEY_CTX_kem_set_params`, `EVP_PKEY_keygen`, `EVP_PKEY_kem_new_raw_public_key`,
//! `EVP_PKEY_encapsulate`, `EVP_PKEY_decapsulate`: aws-lc-rs 1.19 src/kem.rs) with AWS-LC's
//! deterministic twins of the two that draw randomness (`EVP_PKEY_keygen_deterministic`,
//! `EVP_PKEY_encapsulate_deterministic`, include/openssl/experimental/kem_deterministic_api.h):
//! the same ML-KEM code, the seed given instead of drawn, so that the known answers of FIPS 203
//! and the other implementations' values check every output. Each step allocates its
//! `EVP_PKEY_CTX` as aws-lc-rs does.

use super::mlkem::Native;
use crate::error::{KemError, Result};
use crate::implementation::Implementation;
use aws_lc_sys as sys;
use std::ptr::null_mut;

/// An owned `EVP_PKEY` (freed with `EVP_PKEY_free`).
pub(super) struct Pkey(*mut sys::EVP_PKEY);

// SAFETY: an EVP_PKEY of a KEM is immutable once made; AWS-LC's reads of it are thread safe
// (its reference count is atomic), and it is freed once, on drop.
unsafe impl Send for Pkey {}
unsafe impl Sync for Pkey {}

impl Drop for Pkey {
    fn drop(&mut self) {
        // SAFETY: a key this value owns, freed once (EVP_PKEY_free accepts NULL).
        unsafe { sys::EVP_PKEY_free(self.0) }
    }
}

/// An owned `EVP_PKEY_CTX`.
struct Ctx(*mut sys::EVP_PKEY_CTX);

impl Drop for Ctx {
    fn drop(&mut self) {
        // SAFETY: a context this value owns, freed once (accepts NULL).
        unsafe { sys::EVP_PKEY_CTX_free(self.0) }
    }
}

/// A context for `key` (`EVP_PKEY_CTX_new`), `None` when AWS-LC cannot allocate it.
fn ctx_of(key: &Pkey) -> Option<Ctx> {
    // SAFETY: a valid key; returns a new context (holding its own reference) or NULL.
    let c = unsafe { sys::EVP_PKEY_CTX_new(key.0, null_mut()) };
    (!c.is_null()).then_some(Ctx(c))
}

/// KeyGen from the 64-byte seed d ‖ z: the key pair, `None` when a call fails.
fn keygen(nid: i32, seed: &[u8]) -> Option<Pkey> {
    // SAFETY: returns a new context or NULL.
    let ctx = Ctx(unsafe { sys::EVP_PKEY_CTX_new_id(sys::EVP_PKEY_KEM, null_mut()) });
    if ctx.0.is_null() {
        return None;
    }
    let mut out: *mut sys::EVP_PKEY = null_mut();
    let mut len = seed.len();
    // SAFETY: a valid context; the seed is read for `len` bytes; `out` receives a new key.
    let ok = unsafe {
        sys::EVP_PKEY_CTX_kem_set_params(ctx.0, nid) == 1
            && sys::EVP_PKEY_keygen_init(ctx.0) == 1
            && sys::EVP_PKEY_keygen_deterministic(ctx.0, &mut out, seed.as_ptr(), &mut len) == 1
    };
    let key = Pkey(out);
    (ok && !out.is_null()).then_some(key)
}

/// The raw public (encapsulation) or private (expanded decapsulation) key of `key`.
fn raw(key: &Pkey, private: bool, len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len];
    let mut n = len;
    // SAFETY: writes at most `n` bytes into `out`.
    let ok = unsafe {
        if private {
            sys::EVP_PKEY_get_raw_private_key(key.0, out.as_mut_ptr(), &mut n)
        } else {
            sys::EVP_PKEY_get_raw_public_key(key.0, out.as_mut_ptr(), &mut n)
        }
    };
    out.truncate(if ok == 1 { n } else { 0 });
    out
}

/// Encaps to the encapsulation key `ek` with the message `m`: (ct, secret); `Err` with the
/// KEM's name when AWS-LC refuses the key (its FIPS 203 §7.2 modulus check).
fn encaps(
    kem: &str,
    nid: i32,
    ek: &[u8],
    m: &[u8],
    sizes: (usize, usize),
) -> Result<(Vec<u8>, Vec<u8>)> {
    let refused = || {
        crate::Error::from(KemError::KeyModulus {
            kem: kem.to_string(),
        })
    };
    // SAFETY: reads `ek.len()` bytes; returns a new key or NULL.
    let key = Pkey(unsafe { sys::EVP_PKEY_kem_new_raw_public_key(nid, ek.as_ptr(), ek.len()) });
    if key.0.is_null() {
        return Err(refused());
    }
    let ctx = ctx_of(&key).ok_or_else(refused)?;
    let (mut ct, mut ss) = (vec![0u8; sizes.0], vec![0u8; sizes.1]);
    let (mut ct_len, mut ss_len, mut m_len) = (ct.len(), ss.len(), m.len());
    // SAFETY: writes at most `ct_len` and `ss_len` bytes; reads `m_len` bytes of `m`.
    let ok = unsafe {
        sys::EVP_PKEY_encapsulate_deterministic(
            ctx.0,
            ct.as_mut_ptr(),
            &mut ct_len,
            ss.as_mut_ptr(),
            &mut ss_len,
            m.as_ptr(),
            &mut m_len,
        )
    };
    if ok != 1 || ct_len != ct.len() || ss_len != ss.len() {
        return Err(refused());
    }
    Ok((ct, ss))
}

/// Decaps `ct` with `dk`: the shared secret (empty when AWS-LC fails, which no check
/// accepts).
fn decaps(dk: &Pkey, ct: &[u8]) -> Vec<u8> {
    let Some(ctx) = ctx_of(dk) else {
        return Vec::new();
    };
    let mut ss = vec![0u8; 32];
    let mut len = ss.len();
    // SAFETY: writes at most `len` bytes; reads `ct.len()` bytes.
    let ok = unsafe {
        sys::EVP_PKEY_decapsulate(ctx.0, ss.as_mut_ptr(), &mut len, ct.as_ptr(), ct.len())
    };
    ss.truncate(if ok == 1 { len } else { 0 });
    ss
}

/// Who computes it: the crate aws-lc-rs, naming AWS-LC's calls.
fn implementation() -> Implementation {
    Implementation {
        variant: format!(
            "AWS-LC of aws-lc-sys {}: EVP_PKEY_keygen_deterministic, EVP_PKEY_encapsulate_deterministic, EVP_PKEY_decapsulate",
            crate::implementation::crate_version("aws-lc-sys")
        ),
        ..Implementation::of_crate("aws-lc-rs")
    }
}

/// The calls of each step, as aws-lc-rs makes them (with AWS-LC's deterministic twins of
/// the two that draw randomness: the module documentation).
const CALLS: &str = "EVP_PKEY_CTX_kem_set_params + EVP_PKEY_keygen_init + EVP_PKEY_keygen_deterministic (KeyGen); EVP_PKEY_kem_new_raw_public_key (the FIPS 203 §7.2 key check) + EVP_PKEY_CTX_new + EVP_PKEY_encapsulate_deterministic (Encaps); EVP_PKEY_CTX_new + EVP_PKEY_decapsulate (Decaps): aws-lc-rs's calls, through AWS-LC";

/// The H(ek) check of FIPS 203 §7.3 on an expanded decapsulation key of parameter set `k`
/// (dk_PKE: 384k bytes, ek: 384k + 32, H(ek): 32, z: 32).
fn hash_ok(bytes: &[u8], k: usize) -> bool {
    let ek = &bytes[384 * k..768 * k + 32];
    let h = &bytes[768 * k + 32..768 * k + 64];
    aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA3_256, ek).as_ref() == h
}

/// The ML-KEM parameter sets through AWS-LC, one [`Native`] each.
macro_rules! awslc {
    ($ty:ident, $nid:ident, $k:expr, $ct:expr) => {
        #[doc = concat!("AWS-LC's `", stringify!($nid), "`, as aws-lc-rs calls it.")]
        pub(super) struct $ty;

        impl Native for $ty {
            type Dk = Option<Pkey>;
            const IMPL: &'static str = "aws-lc-rs";

            fn calls() -> String {
                CALLS.into()
            }

            fn keygen(seed: &[u8]) -> (Vec<u8>, Self::Dk) {
                match keygen(sys::$nid, seed) {
                    Some(key) => (raw(&key, false, 384 * $k + 32), Some(key)),
                    None => (Vec::new(), None),
                }
            }

            fn encaps(kem: &str, ek: &[u8], coins: &[u8]) -> Result<(Vec<u8>, Vec<u8>)> {
                encaps(kem, sys::$nid, ek, coins, ($ct, 32))
            }

            fn decaps(_kem: &str, dk: &Self::Dk, ct: &[u8]) -> Result<Vec<u8>> {
                Ok(dk.as_ref().map(|d| decaps(d, ct)).unwrap_or_default())
            }

            fn dk_bytes(dk: &Self::Dk) -> Vec<u8> {
                dk.as_ref()
                    .map(|d| raw(d, true, 768 * $k + 96))
                    .unwrap_or_default()
            }

            fn dk_from_expanded(kem: &str, bytes: &[u8]) -> Result<Self::Dk> {
                let bad = || {
                    crate::Error::from(KemError::KeyHash {
                        kem: kem.to_string(),
                    })
                };
                if !hash_ok(bytes, $k) {
                    return Err(bad());
                }
                // SAFETY: reads `bytes.len()` bytes; returns a new key or NULL.
                let key = Pkey(unsafe {
                    sys::EVP_PKEY_kem_new_raw_secret_key(sys::$nid, bytes.as_ptr(), bytes.len())
                });
                if key.0.is_null() {
                    return Err(bad());
                }
                Ok(Some(key))
            }

            fn implementation() -> Implementation {
                implementation()
            }
        }
    };
}

// Ciphertext bytes: FIPS 203 §8 Table 3.
awslc!(Aws512, NID_MLKEM512, 2, 768);
awslc!(Aws768, NID_MLKEM768, 3, 1088);
awslc!(Aws1024, NID_MLKEM1024, 4, 1568);

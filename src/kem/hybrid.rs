//! X25519MLKEM768, the hybrid key exchange of TLS 1.3 (draft-ietf-tls-ecdhe-mlkem): ML-KEM-768
//! and X25519 side by side, the ML-KEM part first in every encoding:
//! - client share (KeyGen's ek): ML-KEM-768 encapsulation key (1184 bytes) ‖ X25519 public
//!   value (32 bytes) = 1216 bytes;
//! - server share (Encaps's ct): ML-KEM-768 ciphertext (1088 bytes) ‖ X25519 public value
//!   (32 bytes) = 1120 bytes;
//! - shared secret: ML-KEM-768 shared secret (32 bytes) ‖ X25519 shared secret (32 bytes) =
//!   64 bytes, the input to TLS 1.3's key schedule.
//!
//! The seed is d ‖ z ‖ the client's X25519 secret (96 bytes), the Encaps randomness m ‖ the
//! server's X25519 secret (64 bytes); an all-zero X25519 result is refused (RFC 7748 §6.1),
//! as TLS 1.3 requires (RFC 8446 §7.4.2). The ML-KEM part is either implementation ([`Native`]
//! of ML-KEM-768); X25519 is the `x25519` DH row's own code for both (`kex::ecp`): its public
//! values (KeyGen's, and Encaps's ephemeral one) through curve25519-dalek's basepoint table,
//! as that row's Offer with its table, its secrets through the ladder, as that row's Reply.

use super::mlkem::Native;
use crate::error::{PeerValueError, Result};
use crate::implementation::Implementation;
use std::marker::PhantomData;

/// Bytes of the ML-KEM-768 encapsulation key and ciphertext (FIPS 203 §8 Table 3).
const EK: usize = 1184;
const CT: usize = 1088;

/// X25519MLKEM768 over the ML-KEM-768 implementation `N`.
pub(super) struct Hybrid<N>(PhantomData<N>);

/// The ML-KEM-768 part of X25519MLKEM768 (its [`super::KemInfo::name`]).
pub const MLKEM_PART: &str = "mlkem768";
/// The X25519 part of X25519MLKEM768 (the DH group's name, `params/x25519.toml`).
pub const X25519_PART: &str = "x25519";

/// The X25519 secret of the hybrid: the `x25519` row's Reply ([`crate::kex::ecp::x25519_shared`]),
/// with the all-zero result refused as TLS 1.3 requires.
fn x25519(kem: &str, k: &[u8], u: &[u8]) -> Result<[u8; 32]> {
    let k: [u8; 32] = k.try_into().expect("x25519 secret length checked");
    let u: [u8; 32] = u.try_into().expect("x25519 share length checked");
    crate::kex::ecp::x25519_shared(k, u).ok_or_else(|| {
        PeerValueError::SharedSecretZero {
            group: kem.to_string(),
            check: "RFC 7748 §6.1, RFC 8446 §7.4.2".into(),
        }
        .into()
    })
}

/// The X25519 public value of the hybrid: the `x25519` row's Offer with its table
/// ([`crate::kex::ecp::x25519_public_with_table`]: curve25519-dalek's basepoint table).
fn x25519_public(k: &[u8]) -> [u8; 32] {
    crate::kex::ecp::x25519_public_with_table(k.try_into().expect("x25519 secret length checked"))
}

impl<N: Native> Native for Hybrid<N> {
    /// The ML-KEM decapsulation key and the X25519 secret.
    type Dk = (N::Dk, [u8; 32]);
    const IMPL: &'static str = N::IMPL;

    fn keygen(seed: &[u8]) -> (Vec<u8>, Self::Dk) {
        let (mut ek, dk) = N::keygen(&seed[..64]);
        let x: [u8; 32] = seed[64..96].try_into().expect("seed length checked");
        ek.extend_from_slice(&x25519_public(&x));
        (ek, (dk, x))
    }

    fn encaps(kem: &str, ek: &[u8], coins: &[u8]) -> Result<(Vec<u8>, Vec<u8>)> {
        let (mut ct, mut ss) = N::encaps(kem, &ek[..EK], &coins[..32])?;
        let e = &coins[32..64];
        ct.extend_from_slice(&x25519_public(e));
        ss.extend_from_slice(&x25519(kem, e, &ek[EK..])?);
        Ok((ct, ss))
    }

    fn decaps(kem: &str, dk: &Self::Dk, ct: &[u8]) -> Result<Vec<u8>> {
        let mut ss = N::decaps(kem, &dk.0, &ct[..CT])?;
        ss.extend_from_slice(&x25519(kem, &dk.1, &ct[CT..])?);
        Ok(ss)
    }

    fn dk_bytes(dk: &Self::Dk) -> Vec<u8> {
        let mut v = N::dk_bytes(&dk.0);
        v.extend_from_slice(&dk.1);
        v
    }

    fn dk_from_expanded(kem: &str, bytes: &[u8]) -> Result<Self::Dk> {
        let split = bytes.len() - 32;
        let x: [u8; 32] = bytes[split..].try_into().expect("dk length checked");
        Ok((N::dk_from_expanded(kem, &bytes[..split])?, x))
    }

    fn calls() -> String {
        format!(
            "ML-KEM-768: {}; X25519: the x25519 row's own code (x25519-dalek, its basepoint table for the public values)",
            N::calls()
        )
    }

    fn implementation() -> Implementation {
        let mut i = N::implementation();
        let x = format!(
            "+ x25519-dalek {}, basepoint table",
            crate::implementation::crate_version("x25519-dalek")
        );
        i.variant = if i.variant.is_empty() {
            x
        } else {
            format!("{} {x}", i.variant)
        };
        i
    }
}

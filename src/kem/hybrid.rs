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
//! of ML-KEM-768); X25519 is `x25519-dalek` for both.

use super::mlkem::Native;
use crate::error::{PeerValueError, Result};
use crate::implementation::Implementation;
use std::marker::PhantomData;

/// Bytes of the ML-KEM-768 encapsulation key and ciphertext (FIPS 203 §8 Table 3).
const EK: usize = 1184;
const CT: usize = 1088;

/// X25519MLKEM768 over the ML-KEM-768 implementation `N`.
pub(super) struct Hybrid<N>(PhantomData<N>);

fn x25519(kem: &str, k: &[u8], u: &[u8]) -> Result<[u8; 32]> {
    let k: [u8; 32] = k.try_into().expect("x25519 secret length checked");
    let u: [u8; 32] = u.try_into().expect("x25519 share length checked");
    let z = x25519_dalek::x25519(k, u);
    if z == [0u8; 32] {
        return Err(PeerValueError::SharedSecretZero {
            group: kem.to_string(),
            check: "RFC 7748 §6.1, RFC 8446 §7.4.2".into(),
        }
        .into());
    }
    Ok(z)
}

impl<N: Native> Native for Hybrid<N> {
    /// The ML-KEM decapsulation key and the X25519 secret.
    type Dk = (N::Dk, [u8; 32]);
    const IMPL: &'static str = N::IMPL;

    fn keygen(seed: &[u8]) -> (Vec<u8>, Self::Dk) {
        let (mut ek, dk) = N::keygen(&seed[..64]);
        let x: [u8; 32] = seed[64..96].try_into().expect("seed length checked");
        ek.extend_from_slice(&x25519_dalek::x25519(
            x,
            x25519_dalek::X25519_BASEPOINT_BYTES,
        ));
        (ek, (dk, x))
    }

    fn encaps(kem: &str, ek: &[u8], coins: &[u8]) -> Result<(Vec<u8>, Vec<u8>)> {
        let (mut ct, mut ss) = N::encaps(kem, &ek[..EK], &coins[..32])?;
        let e = &coins[32..64];
        let e32: [u8; 32] = e.try_into().expect("coins length checked");
        ct.extend_from_slice(&x25519_dalek::x25519(
            e32,
            x25519_dalek::X25519_BASEPOINT_BYTES,
        ));
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

    fn implementation() -> Implementation {
        let mut i = N::implementation();
        let x = format!(
            "+ x25519-dalek {}",
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

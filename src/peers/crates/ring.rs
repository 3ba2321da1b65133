//! ring 0.17 (rustls's other provider): `ring::agreement` on X25519, P-256 and P-384.
//!
//! ring takes no given secret: Offer is `EphemeralPrivateKey::generate` (its `SystemRandom`)
//! and `compute_public_key`, and Reply is `agree_ephemeral`, which consumes the key — so each
//! timed Reply gets a fresh key made before its batch ([`super::Keys::Generated`]), and the
//! outputs are checked from the peer's view.
//!
//! Digests: `ring::digest` on SHA-1 (`SHA1_FOR_LEGACY_USE_ONLY`), SHA-256, SHA-384 and
//! SHA-512 ([`super::digest`]); ring has no SHA-224. No cipher: ring's AES is AES-GCM's
//! ([`Crate::no_cipher`]).

use super::{Agreement, Crate, CrateDigest, Curve, Engine, Keys, engine};
use ring::agreement::{self, Algorithm, EphemeralPrivateKey, UnparsedPublicKey};
use ring::digest;
use ring::rand::SystemRandom;

use super::digest::sha;
super::digest::sha_of!(ring);

/// ring's digests of the functions in pkbench's registry (its SHA-512/256 is not in the
/// registry).
static DIGESTS: [&dyn CrateDigest; 4] = [
    sha!("sha1", SHA1_FOR_LEGACY_USE_ONLY),
    sha!("sha256", SHA256),
    sha!("sha384", SHA384),
    sha!("sha512", SHA512),
];

/// The ring entry of [`super::CRATES`].
pub struct Ring;

/// One of ring's agreement algorithms, with the generator its keys are drawn from.
struct Alg(&'static Algorithm, SystemRandom);

impl Agreement for Alg {
    type Key = EphemeralPrivateKey;
    const KEYS: Keys = Keys::Generated;

    fn offer(&self, _secret: &[u8], public: &mut [u8]) -> Option<EphemeralPrivateKey> {
        let key = EphemeralPrivateKey::generate(self.0, &self.1).ok()?;
        let p = key.compute_public_key().ok()?;
        let bytes = p.as_ref();
        if bytes.len() != public.len() {
            return None;
        }
        public.copy_from_slice(bytes);
        Some(key)
    }

    fn reply(&self, key: &mut Option<EphemeralPrivateKey>, peer: &[u8], out: &mut [u8]) -> bool {
        let Some(k) = key.take() else {
            return false;
        };
        agreement::agree_ephemeral(k, &UnparsedPublicKey::new(self.0, peer), |s| {
            if s.len() != out.len() {
                return false;
            }
            out.copy_from_slice(s);
            true
        })
        .unwrap_or(false)
    }
}

fn x25519() -> Box<dyn Engine> {
    engine(Alg(&agreement::X25519, SystemRandom::new()))
}

fn p256() -> Box<dyn Engine> {
    engine(Alg(&agreement::ECDH_P256, SystemRandom::new()))
}

fn p384() -> Box<dyn Engine> {
    engine(Alg(&agreement::ECDH_P384, SystemRandom::new()))
}

/// What ring's key generation multiplies with (ring 0.17.14's sources).
static CURVES: [Curve; 3] = [
    Curve {
        group: "x25519",
        table: Some(
            "ring's k25519Precomp: 32 × 8 multiples of the Ed25519 base point (crypto/curve25519/curve25519.c, x25519_ge_scalarmult_base), result mapped to Montgomery u",
        ),
        open: x25519,
    },
    Curve {
        group: "p256",
        table: Some(
            "ring's multiples of the generator (crypto/fipsmodule/ec: p256-nistz-table.h on x86-64 and aarch64, else p256_table.h; p256_point_mul_base)",
        ),
        open: p256,
    },
    // src/ec/suite_b/ops/p384.rs, p384_point_mul_base_impl: "TODO: Precompute multiples of
    // the generator" — a variable-base multiplication of G.
    Curve {
        group: "p384",
        table: None,
        open: p384,
    },
];

impl Crate for Ring {
    fn name(&self) -> &'static str {
        "ring"
    }

    fn keys(&self) -> Keys {
        Keys::Generated
    }

    fn offer_call(&self) -> &'static str {
        "agreement::EphemeralPrivateKey::generate (ring's SystemRandom) + compute_public_key"
    }

    fn reply_call(&self) -> &'static str {
        "agreement::agree_ephemeral (consumes the key: a fresh one per Reply, made before the timed batch; the peer's value parsed and checked by ring)"
    }

    fn curves(&self) -> &'static [Curve] {
        &CURVES
    }

    fn digests(&self) -> &'static [&'static dyn CrateDigest] {
        &DIGESTS
    }

    /// ring 0.17's public API has AES only inside AEADs (`aead::AES_128_GCM`,
    /// `aead::AES_256_GCM`) and QUIC header protection (`aead::quic::AES_128`: one block as a
    /// mask): no mode of pkbench's cipher rows, which have no AEAD row.
    fn no_cipher(&self) -> Option<&'static str> {
        Some(
            "ring's public API has AES only inside AES-GCM (an AEAD; pkbench's cipher rows are the unauthenticated modes ECB, CBC, CFB, OFB, CTR) and QUIC header protection",
        )
    }
}

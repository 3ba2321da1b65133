//! aws-lc-rs (rustls's default provider; AWS-LC underneath): `aws_lc_rs::agreement` on
//! X25519, P-256, P-384 and P-521.
//!
//! Offer: `PrivateKey::from_private_key` on pkbench's secret — for the NIST curves AWS-LC's
//! `EC_POINT_mul` k·G as the key is made (aws-lc-rs `ec/encoding.rs`,
//! `from_ec_private_bn`), for X25519 `EVP_PKEY_new_raw_private_key` — then
//! `compute_public_key` (the encoding of the point, SEC 1 uncompressed, or X25519's 32
//! bytes). Reply: `agreement::agree` with the key borrowed and the peer's value as an
//! `UnparsedPublicKey` (parsed and checked on the curve by AWS-LC, then `EVP_PKEY_derive`).

use super::{Agreement, Crate, Curve, Engine, Keys, engine};
use aws_lc_rs::agreement::{self, Algorithm, PrivateKey, UnparsedPublicKey};

/// The aws-lc-rs entry of [`super::CRATES`].
pub struct AwsLc;

/// One of aws-lc-rs's agreement algorithms.
struct Alg(&'static Algorithm);

impl Agreement for Alg {
    type Key = PrivateKey;
    const KEYS: Keys = Keys::Given;

    fn offer(&self, secret: &[u8], public: &mut [u8]) -> Option<PrivateKey> {
        let key = PrivateKey::from_private_key(self.0, secret).ok()?;
        let p = key.compute_public_key().ok()?;
        let bytes = p.as_ref();
        if bytes.len() != public.len() {
            return None;
        }
        public.copy_from_slice(bytes);
        Some(key)
    }

    fn reply(&self, key: &mut Option<PrivateKey>, peer: &[u8], out: &mut [u8]) -> bool {
        let Some(k) = key.as_ref() else {
            return false;
        };
        agreement::agree(k, UnparsedPublicKey::new(self.0, peer), (), |s| {
            if s.len() != out.len() {
                return Err(());
            }
            out.copy_from_slice(s);
            Ok(())
        })
        .is_ok()
    }
}

fn x25519() -> Box<dyn Engine> {
    engine(Alg(&agreement::X25519))
}

fn p256() -> Box<dyn Engine> {
    engine(Alg(&agreement::ECDH_P256))
}

fn p384() -> Box<dyn Engine> {
    engine(Alg(&agreement::ECDH_P384))
}

fn p521() -> Box<dyn Engine> {
    engine(Alg(&agreement::ECDH_P521))
}

/// AWS-LC's built-in multiples of the generators (aws-lc `crypto/fipsmodule/ec/` and
/// `crypto/curve25519/`, as vendored by aws-lc-sys).
static CURVES: [Curve; 4] = [
    Curve {
        group: "x25519",
        table: Some(
            "AWS-LC's k25519Precomp: 32 × 8 multiples of the Ed25519 base point (crypto/curve25519/curve25519.c, ge_scalarmult_base), result mapped to Montgomery u",
        ),
        open: x25519,
    },
    Curve {
        group: "p256",
        table: Some(
            "AWS-LC's multiples of the generator (crypto/fipsmodule/ec: ecp_nistz256 and p256-nistz-table.h on x86-64 and aarch64 builds, else fiat_p256_g_pre_comp in p256_table.h)",
        ),
        open: p256,
    },
    Curve {
        group: "p384",
        table: Some(
            "AWS-LC's p384_g_pre_comp: 20 × 16 multiples (2j + 1)·2^(20i)·G (crypto/fipsmodule/ec/p384_table.h)",
        ),
        open: p384,
    },
    Curve {
        group: "p521",
        table: Some(
            "AWS-LC's p521_g_pre_comp: 27 × 16 multiples (2j + 1)·2^(20i)·G (crypto/fipsmodule/ec/p521_table.h)",
        ),
        open: p521,
    },
];

impl Crate for AwsLc {
    fn name(&self) -> &'static str {
        "aws-lc-rs"
    }

    fn keys(&self) -> Keys {
        Keys::Given
    }

    fn offer_call(&self) -> &'static str {
        "agreement::PrivateKey::from_private_key on pkbench's secret (AWS-LC computes k·G as the key is made) + compute_public_key"
    }

    fn reply_call(&self) -> &'static str {
        "agreement::agree(&PrivateKey, UnparsedPublicKey) (the peer's value parsed and checked by AWS-LC, then EVP_PKEY_derive)"
    }

    fn curves(&self) -> &'static [Curve] {
        &CURVES
    }
}

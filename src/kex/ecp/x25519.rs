//! X25519 (RFC 7748) through `x25519-dalek`: 32-byte strings for secrets, public values and
//! shared secrets (see the parent module).

use super::pad32;
use crate::error::{Invalid, PeerValueError, Result, SecretError};
use crate::implementation::Implementation;
use crate::kex::{ExpBits, Family, GroupInfo, GroupOptions, KeyExchange, TableInfo, ValueForm};
use crate::params::GroupFile;
use rand_chacha::ChaCha20Rng;
use rand_core::Rng;

/// The curve's name in messages (whatever a user's file calls the group).
pub(super) const CURVE: &str = "x25519";

/// Why X25519 takes only full secrets, for [`SecretError::OnlyFull`].
pub(super) const ONLY_FULL: &str =
    "RFC 7748 §5: a 32-byte string clamped to a 255-bit scalar, 251 random bits";

/// X25519's fixed-base multiplication with the table: k·B (RFC 7748 §5 clamping) through
/// `x25519-dalek`'s `PublicKey::from(&StaticSecret)`, which multiplies on the Edwards form
/// with curve25519-dalek's compiled-in `ED25519_BASEPOINT_TABLE` and maps the result to the
/// Montgomery u-coordinate. The `x25519` row's Offer with its table and the hybrid
/// X25519MLKEM768's public values (`kem::hybrid`) are this one function.
pub fn public_with_table(k: [u8; 32]) -> [u8; 32] {
    let s = x25519_dalek::StaticSecret::from(k);
    x25519_dalek::PublicKey::from(&s).to_bytes()
}

/// X25519's fixed-base multiplication without a table: the Montgomery ladder on u = 9
/// (RFC 7748 §5), what Reply does on a peer's value. Equal to [`public_with_table`].
fn public_without_table(k: [u8; 32]) -> [u8; 32] {
    x25519_dalek::x25519(k, x25519_dalek::X25519_BASEPOINT_BYTES)
}

/// X25519's shared secret k·u (the Montgomery ladder, RFC 7748 §5): `None` when it is the
/// all-zero string, which RFC 7748 §6.1 says to refuse (u of small order). The `x25519`
/// row's Reply and the hybrid's X25519 secrets are this one function.
pub fn shared(k: [u8; 32], u: [u8; 32]) -> Option<[u8; 32]> {
    let z = x25519_dalek::x25519(k, u);
    (z != [0u8; 32]).then_some(z)
}

/// X25519 (RFC 7748) through `x25519-dalek`.
pub(super) struct X25519 {
    info: GroupInfo,
    table: Option<TableInfo>,
}

impl X25519 {
    /// Opens x25519 from `file`, checking its base point against the crate's (u = 9) and its
    /// `n` against the order l of curve25519-dalek's scalars.
    pub(super) fn open(file: &GroupFile, opts: &GroupOptions) -> Result<Self> {
        let name = file.display_name().to_string();
        let gu = crate::error::parse_hex("gu", file.str_key("gu")?)?;
        // The file writes u big-endian; RFC 7748 strings are little-endian.
        let mut want = pad32(&gu).ok_or_else(|| super::named(&name, "gu too long"))?;
        want.reverse();
        if want != x25519_dalek::X25519_BASEPOINT_BYTES {
            return Err(super::named(
                &name,
                "the file's base point u is not x25519-dalek's (u = 9)",
            ));
        }
        // n is l exactly when n − 1 is a canonical scalar (below l) and n is not.
        let n = num_bigint::BigUint::from_bytes_be(&super::order(file)?);
        let canonical = |v: &num_bigint::BigUint| {
            pad32(&v.to_bytes_be()).is_some_and(|mut le| {
                le.reverse();
                bool::from(curve25519_dalek::Scalar::from_canonical_bytes(le).is_some())
            })
        };
        if n < num_bigint::BigUint::from(2u32) || !canonical(&(&n - 1u32)) || canonical(&n) {
            return Err(super::named(
                &name,
                "the file's group order n is not curve25519-dalek's l",
            ));
        }
        let profile = super::profile(file)?;
        Ok(X25519 {
            info: GroupInfo {
                name,
                family: Family::Ecp,
                description: file.description.clone(),
                source: file.source.clone(),
                // Bits of the prime subgroup order l = 2^252 + 2774...8493 (RFC 7748 §4.1):
                // 253. The secret is always the full 32-byte string: clamping (RFC 7748 §5)
                // makes the scalar 2^254 + 8·k with k < 2^251.
                full_exp_bits: profile.q_bits,
                public_bytes: 32,
                field_bits: 255,
                profile,
            },
            table: opts.table.then(|| TableInfo {
                method: "curve25519-dalek ED25519_BASEPOINT_TABLE: 32 × 8 affine Niels multiples of 256^i·B (Edwards form, radix 16), result mapped to Montgomery u; compiled into the binary".into(),
                bytes: std::mem::size_of_val(curve25519_dalek::constants::ED25519_BASEPOINT_TABLE),
                build_ms: 0.0,
            }),
        })
    }

    fn key(v: &[u8]) -> [u8; 32] {
        v.try_into().expect("secret checked by check_secret")
    }
}

impl KeyExchange for X25519 {
    fn info(&self) -> &GroupInfo {
        &self.info
    }

    fn implementation(&self) -> Implementation {
        Implementation::of_crate("x25519-dalek")
    }

    fn table(&self) -> Option<&TableInfo> {
        self.table.as_ref()
    }

    /// dalek's table is compiled into the binary, not built when the group is opened.
    fn precomputation(&self) -> crate::kex::Precomputation {
        match &self.table {
            Some(t) => crate::kex::Precomputation::BuiltIn {
                method: t.method.clone(),
                bytes: Some(t.bytes),
            },
            None => crate::kex::Precomputation::None,
        }
    }

    /// X25519 only takes `--exp-bits full`: RFC 7748 §5 clamps every 32-byte secret string
    /// to a 255-bit scalar with 251 random bits, so no bit count (not even 253 or 255) names
    /// its size.
    fn check_exp_bits(&self, exp_bits: ExpBits) -> Result<()> {
        match exp_bits {
            ExpBits::Full => Ok(()),
            ExpBits::Bits(n) => Err(SecretError::OnlyFull {
                value: n,
                group: CURVE.to_string(),
                why: ONLY_FULL.into(),
            }
            .into()),
        }
    }

    /// RFC 7748 §5: a 32-byte string.
    fn secret_form(&self) -> ValueForm {
        ValueForm::Bytes
    }

    /// RFC 7748 §5: a 32-byte string.
    fn public_form(&self) -> ValueForm {
        ValueForm::Bytes
    }

    /// 32 random bytes (the RFC 7748 secret string); `exp_bits` is always full here.
    fn random_secret(&self, _exp_bits: u32, rng: &mut ChaCha20Rng) -> Vec<u8> {
        let mut k = [0u8; 32];
        rng.fill_bytes(&mut k);
        k.to_vec()
    }

    fn check_secret(&self, secret: &[u8]) -> Result<()> {
        if secret.len() == 32 {
            Ok(())
        } else {
            Err(SecretError::WrongLength {
                group: CURVE.to_string(),
                bytes: 32,
                got: secret.len(),
                byte_order: "RFC 7748".into(),
            }
            .into())
        }
    }

    fn generator(&self) -> Vec<u8> {
        x25519_dalek::X25519_BASEPOINT_BYTES.to_vec()
    }

    fn offer(&self, secret: &[u8]) -> Vec<u8> {
        let k = Self::key(secret);
        if self.table.is_some() {
            public_with_table(k).to_vec()
        } else {
            public_without_table(k).to_vec()
        }
    }

    fn reply(&self, secret: &[u8], peer: &[u8]) -> Result<Vec<u8>> {
        let k = Self::key(secret);
        let u: [u8; 32] = peer.try_into().map_err(|_| {
            Invalid::Peer(PeerValueError::WrongLength {
                group: CURVE.to_string(),
                bytes: 32,
                got: peer.len(),
            })
        })?;
        let z = shared(k, u).ok_or_else(|| PeerValueError::SharedSecretZero {
            group: CURVE.to_string(),
            check: "RFC 7748 §6.1".into(),
        })?;
        Ok(z.to_vec())
    }
}

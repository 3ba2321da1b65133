//! X448 (RFC 7748) through the RustCrypto `x448` crate: 56-byte strings for secrets, public
//! values and shared secrets (see the parent module).
//!
//! The crate has no fixed-base table: Offer is the Montgomery ladder on the base point u = 5
//! with or without `--table` (the group reports no table). Reply runs the ladder on the
//! peer's u (`x448::x448_unchecked`) and refuses an all-zero result, which is what a peer
//! value of small order gives (RFC 7748 §6.2: "check ... whether the shared secret is the
//! all-zero value and abort if so").

use super::pad56;
use crate::error::{Invalid, PeerValueError, Result, SecretError};
use crate::implementation::Implementation;
use crate::kex::{ExpBits, Family, GroupInfo, GroupOptions, KeyExchange, TableInfo, ValueForm};
use crate::params::GroupFile;
use rand_chacha::ChaCha20Rng;
use rand_core::Rng;

/// The curve's name in messages (whatever a user's file calls the group).
pub(super) const CURVE: &str = "x448";
/// Why X448 takes only full secrets.
pub(super) const ONLY_FULL: &str =
    "RFC 7748 §5: a 56-byte string clamped to a 448-bit scalar, 445 random bits";

/// Bytes of an X448 string (RFC 7748 §5).
const BYTES: usize = 56;

/// X448 (RFC 7748) through `x448`.
pub(super) struct X448 {
    info: GroupInfo,
}

impl X448 {
    /// Opens x448 from `file`, checking its base point against the crate's (u = 5).
    pub(super) fn open(file: &GroupFile, _opts: &GroupOptions) -> Result<Self> {
        let name = file.display_name().to_string();
        let gu = crate::error::parse_hex("gu", file.str_key("gu")?)?;
        // The file writes u big-endian; RFC 7748 strings are little-endian.
        let mut want = pad56(&gu).ok_or_else(|| super::named(&name, "gu too long"))?;
        want.reverse();
        if want != x448::X448_BASEPOINT_BYTES {
            return Err(super::named(
                &name,
                "the file's base point u is not the x448 crate's (u = 5)",
            ));
        }
        let profile = super::profile(file)?;
        Ok(X448 {
            info: GroupInfo {
                name,
                family: Family::Ecp,
                description: file.description.clone(),
                source: file.source.clone(),
                // Bits of the prime subgroup order (RFC 7748 §4.2): 446.
                full_exp_bits: profile.q_bits,
                public_bytes: BYTES,
                field_bits: 448,
                profile,
            },
        })
    }

    fn key(v: &[u8]) -> [u8; BYTES] {
        v.try_into().expect("secret checked by check_secret")
    }
}

impl KeyExchange for X448 {
    fn info(&self) -> &GroupInfo {
        &self.info
    }

    fn implementation(&self) -> Implementation {
        Implementation::of_crate("x448")
    }

    /// None: the crate has no fixed-base table.
    fn table(&self) -> Option<&TableInfo> {
        None
    }

    /// X448 only takes `--exp-bits full` (RFC 7748 §5 clamps every 56-byte string).
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

    fn secret_form(&self) -> ValueForm {
        ValueForm::Bytes
    }

    fn public_form(&self) -> ValueForm {
        ValueForm::Bytes
    }

    /// 56 random bytes (the RFC 7748 secret string).
    fn random_secret(&self, _exp_bits: u32, rng: &mut ChaCha20Rng) -> Vec<u8> {
        let mut k = vec![0u8; BYTES];
        rng.fill_bytes(&mut k);
        k
    }

    fn check_secret(&self, secret: &[u8]) -> Result<()> {
        if secret.len() == BYTES {
            Ok(())
        } else {
            Err(SecretError::WrongLength {
                group: CURVE.to_string(),
                bytes: BYTES,
                got: secret.len(),
                byte_order: "RFC 7748".into(),
            }
            .into())
        }
    }

    fn generator(&self) -> Vec<u8> {
        x448::X448_BASEPOINT_BYTES.to_vec()
    }

    fn offer(&self, secret: &[u8]) -> Vec<u8> {
        x448::x448_unchecked(Self::key(secret), x448::X448_BASEPOINT_BYTES).to_vec()
    }

    fn reply(&self, secret: &[u8], peer: &[u8]) -> Result<Vec<u8>> {
        let u: [u8; BYTES] = peer.try_into().map_err(|_| {
            Invalid::Peer(PeerValueError::WrongLength {
                group: CURVE.to_string(),
                bytes: BYTES,
                got: peer.len(),
            })
        })?;
        let z = x448::x448_unchecked(Self::key(secret), u);
        if z == [0u8; BYTES] {
            return Err(PeerValueError::SharedSecretZero {
                group: CURVE.to_string(),
                check: "RFC 7748 §6.2".into(),
            }
            .into());
        }
        Ok(z.to_vec())
    }
}

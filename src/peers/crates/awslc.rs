//! aws-lc-rs (rustls's default provider; AWS-LC underneath): `aws_lc_rs::agreement` on
//! X25519, P-256, P-384 and P-521.
//!
//! Offer: `PrivateKey::from_private_key` on pkbench's secret (a short one zero-padded to
//! the scalar's length) — for the NIST curves AWS-LC's
//! `EC_POINT_mul` k·G as the key is made (aws-lc-rs `ec/encoding.rs`,
//! `from_ec_private_bn`), for X25519 `EVP_PKEY_new_raw_private_key` — then
//! `compute_public_key` (the encoding of the point, SEC 1 uncompressed, or X25519's 32
//! bytes). Reply: `agreement::agree` with the key borrowed and the peer's value as an
//! `UnparsedPublicKey` (parsed and checked on the curve by AWS-LC, then `EVP_PKEY_derive`).
//!
//! Digests: `aws_lc_rs::digest` on SHA-1 (`SHA1_FOR_LEGACY_USE_ONLY`), SHA-224, SHA-256,
//! SHA-384 and SHA-512 ([`super::digest`]).
//!
//! Ciphers: AES-128, AES-192 and AES-256 through `aws_lc_rs::cipher`'s unpadded keys
//! (`EncryptingKey::{ecb, cbc, cfb128, ofb, ctr}` with `less_safe_encrypt` and the IV given,
//! `DecryptingKey::…` with `decrypt`: AWS-LC's `AES_ecb_encrypt`, `AES_cbc_encrypt`,
//! `AES_cfb128_encrypt`, `AES_ofb128_encrypt`, `AES_ctr128_encrypt` on a key schedule made
//! once), pkbench's five modes without padding. The keys encipher in place, so each timed call
//! first copies its input into the output buffer ([`super::CrateCipher::extra_work`]).

use super::{Agreement, Crate, CrateDigest, Curve, Engine, Keys, engine};
use super::{CipherCall, CrateCipher};
use crate::symmetric::{Direction, Mode};
use aws_lc_rs::agreement::{self, Algorithm, PrivateKey, UnparsedPublicKey};
use aws_lc_rs::cipher::{
    self as sym, DecryptingKey, DecryptionContext, EncryptingKey, EncryptionContext,
    UnboundCipherKey,
};
use aws_lc_rs::digest;
use aws_lc_rs::iv::FixedLength;

use super::digest::sha;
super::digest::sha_of!(aws_lc_rs);

/// aws-lc-rs's digests of the functions in pkbench's registry (its SHA-512/256 and SHA-3 are
/// not in the registry).
static DIGESTS: [&dyn CrateDigest; 5] = [
    sha!("sha1", SHA1_FOR_LEGACY_USE_ONLY),
    sha!("sha256", SHA256),
    sha!("sha224", SHA224),
    sha!("sha384", SHA384),
    sha!("sha512", SHA512),
];

/// The aws-lc-rs entry of [`super::CRATES`].
pub struct AwsLc;

/// One of aws-lc-rs's agreement algorithms, with the byte length of its private scalar
/// (`PrivateKey::from_private_key` takes exactly that length: 32 for X25519 and P-256, 48
/// for P-384, 66 for P-521, SEC 1 §2.3.7).
struct Alg(&'static Algorithm, usize);

/// The longest private scalar of [`Alg`]: P-521's 66 bytes.
const MAX_SCALAR: usize = 66;

impl Agreement for Alg {
    type Key = PrivateKey;
    const KEYS: Keys = Keys::Given;

    /// A secret shorter than the scalar (pkbench's short exponents: `--exp-bits 224` on
    /// P-256) is given zero-padded on the left to its length, the same number, copied into a
    /// buffer on the stack first.
    fn offer(&self, secret: &[u8], public: &mut [u8]) -> Option<PrivateKey> {
        let mut padded = [0u8; MAX_SCALAR];
        let secret = match self.1.checked_sub(secret.len()) {
            Some(pad) if pad > 0 && self.1 <= MAX_SCALAR => {
                padded[pad..self.1].copy_from_slice(secret);
                &padded[..self.1]
            }
            _ => secret,
        };
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

/// One AES key through `aws_lc_rs::cipher`'s unpadded keys, in one mode and direction.
enum AesCall {
    Enc(EncryptingKey),
    Dec(DecryptingKey),
}

impl CipherCall for AesCall {
    /// The input copied into `output`, then enciphered there in place: `less_safe_encrypt`
    /// with `iv` as its `EncryptionContext::Iv128` (ECB: `EncryptionContext::None`), or
    /// `decrypt`.
    fn apply(&mut self, iv: &[u8], input: &[u8], output: &mut [u8]) -> bool {
        if input.len() != output.len() {
            return false;
        }
        output.copy_from_slice(input);
        let iv = FixedLength::<16>::try_from(iv).ok();
        match self {
            AesCall::Enc(k) => {
                let ctx = match (k.mode(), iv) {
                    (sym::OperatingMode::ECB, _) => EncryptionContext::None,
                    (_, Some(iv)) => EncryptionContext::Iv128(iv),
                    (_, None) => return false,
                };
                k.less_safe_encrypt(output, ctx).is_ok()
            }
            AesCall::Dec(k) => {
                let ctx = match (k.mode(), iv) {
                    (sym::OperatingMode::ECB, _) => DecryptionContext::None,
                    (_, Some(iv)) => DecryptionContext::Iv128(iv),
                    (_, None) => return false,
                };
                k.decrypt(output, ctx).is_ok()
            }
        }
    }
}

/// AES with `key` (16, 24 or 32 bytes) in `mode` and direction `dir`.
fn aes(key: &[u8], mode: Mode, dir: Direction) -> Option<Box<dyn CipherCall>> {
    let alg = match key.len() {
        16 => &sym::AES_128,
        24 => &sym::AES_192,
        32 => &sym::AES_256,
        _ => return None,
    };
    let k = UnboundCipherKey::new(alg, key).ok()?;
    let call = match dir {
        Direction::Encrypt => AesCall::Enc(
            match mode {
                Mode::Ecb => EncryptingKey::ecb(k),
                Mode::Cbc => EncryptingKey::cbc(k),
                Mode::Cfb => EncryptingKey::cfb128(k),
                Mode::Ofb => EncryptingKey::ofb(k),
                Mode::Ctr => EncryptingKey::ctr(k),
                Mode::Stream => return None,
            }
            .ok()?,
        ),
        Direction::Decrypt => AesCall::Dec(
            match mode {
                Mode::Ecb => DecryptingKey::ecb(k),
                Mode::Cbc => DecryptingKey::cbc(k),
                Mode::Cfb => DecryptingKey::cfb128(k),
                Mode::Ofb => DecryptingKey::ofb(k),
                Mode::Ctr => DecryptingKey::ctr(k),
                Mode::Stream => return None,
            }
            .ok()?,
        ),
    };
    Some(Box::new(call))
}

/// The call of `aes` in `mode` and `dir`.
fn aes_call(mode: Mode, dir: Direction) -> &'static str {
    match (dir, mode) {
        (Direction::Encrypt, Mode::Ecb) => "EncryptingKey::ecb",
        (Direction::Encrypt, Mode::Cbc) => "EncryptingKey::cbc",
        (Direction::Encrypt, Mode::Cfb) => "EncryptingKey::cfb128",
        (Direction::Encrypt, Mode::Ofb) => "EncryptingKey::ofb",
        (Direction::Encrypt, Mode::Ctr) => "EncryptingKey::ctr",
        (Direction::Decrypt, Mode::Ecb) => "DecryptingKey::ecb",
        (Direction::Decrypt, Mode::Cbc) => "DecryptingKey::cbc",
        (Direction::Decrypt, Mode::Cfb) => "DecryptingKey::cfb128",
        (Direction::Decrypt, Mode::Ofb) => "DecryptingKey::ofb",
        (Direction::Decrypt, Mode::Ctr) => "DecryptingKey::ctr",
        (_, Mode::Stream) => "none",
    }
}

/// aws-lc-rs's ciphers of pkbench's registry: AES, every key size, pkbench's five modes.
static CIPHERS: [CrateCipher; 1] = [CrateCipher {
    cipher: "aes",
    key_bits: &[128, 192, 256],
    modes: &crate::symmetric::modes::BLOCK_MODES,
    calls: "cipher::UnboundCipherKey::new + EncryptingKey/DecryptingKey of the mode (unpadded), then less_safe_encrypt (the IV given) or decrypt, in place",
    extra_work: Some(
        "a copy of the input into the output buffer before each call (aws-lc-rs's unpadded cipher keys encipher in place)",
    ),
    open: aes,
    mode_call: aes_call,
}];

fn x25519() -> Box<dyn Engine> {
    engine(Alg(&agreement::X25519, 32))
}

fn p256() -> Box<dyn Engine> {
    engine(Alg(&agreement::ECDH_P256, 32))
}

fn p384() -> Box<dyn Engine> {
    engine(Alg(&agreement::ECDH_P384, 48))
}

fn p521() -> Box<dyn Engine> {
    engine(Alg(&agreement::ECDH_P521, 66))
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

    fn digests(&self) -> &'static [&'static dyn CrateDigest] {
        &DIGESTS
    }

    fn ciphers(&self) -> &'static [CrateCipher] {
        &CIPHERS
    }
}

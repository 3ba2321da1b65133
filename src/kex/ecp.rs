//! Prime-field elliptic curves through [`KeyExchange`]: NIST P-256 (`p256` crate), secp256k1
//! (`k256` crate) and X25519 (`x25519-dalek`). pkbench adds no curve arithmetic of its own here:
//! it adapts the maintained RustCrypto / dalek implementations to the Offer/Reply interface so
//! that the harness, `dh`, `offer`, `reply` and `choose` treat them like every other group.
//!
//! Encodings:
//! - **p256 / k256** (SEC 1 v2 §2.3): secrets are big-endian integers 1 ≤ x < n (leading zero
//!   bytes allowed). A public value (Offer) is the SEC 1 **uncompressed** point `04 || x || y`
//!   (65 bytes), the form TLS 1.3 requires for these curves (RFC 8446 §4.2.8.2). A peer value
//!   may be uncompressed, compressed (`02`/`03 || x`, 33 bytes) or the raw `x || y` of IKEv2
//!   (RFC 5903 §7, 64 bytes). The shared secret is the x-coordinate of x·Q, 32 bytes, as the
//!   crates' ECDH returns it (SEC 1 §3.3.1, RFC 5903 §7).
//! - **x25519** (RFC 7748 §5): secrets, public values and shared secrets are the 32-byte strings
//!   of the RFC (little-endian u-coordinates, clamped scalars), written in hex in the RFC's byte
//!   order. A Reply whose result is the all-zero string is rejected (RFC 7748 §6.1).
//!
//! Offer with the table uses each crate's fixed-base path and its precomputed table of
//! multiples of the generator; Offer without it multiplies the generator as an ordinary point
//! (p256/k256: the crates' variable-base multiplication; x25519: the Montgomery ladder on
//! u = 9), which is what Reply does on the peer's value.

use crate::error::{Error, Result};
use crate::kex::{Family, GroupInfo, GroupOptions, KeyExchange, TableInfo};
use crate::params::GroupFile;
use rand_chacha::ChaCha20Rng;
use rand_core::Rng;
use std::sync::OnceLock;
use std::time::Instant;

/// Opens a prime-curve group: the params file's `curve` key names the implementation
/// (`p256`, `k256` or `x25519`).
///
/// # Errors
/// [`Error::Input`] when `curve` is missing or unknown, or when the file's generator
/// (`gx`/`gy`, or `gu` for x25519) differs from the crate's.
pub fn open(file: &GroupFile, opts: &GroupOptions) -> Result<Box<dyn KeyExchange>> {
    let curve = file.str_key("curve")?;
    match curve {
        "p256" => Ok(Box::new(Weierstrass::<P256>::open(file, opts)?)),
        "k256" => Ok(Box::new(Weierstrass::<K256>::open(file, opts)?)),
        "x25519" => Ok(Box::new(X25519::open(file, opts)?)),
        other => Err(Error::input(format!(
            "{}: unknown curve {other:?} (pkbench implements p256, k256 and x25519)",
            file.display_name()
        ))),
    }
}

/// The operations of a short-Weierstrass curve that pkbench needs, implemented once per crate
/// by [`weierstrass_ops!`]. Scalars are 32-byte big-endian strings already checked by
/// [`Ops::scalar_ok`]; points are SEC 1 uncompressed (65 bytes).
trait Ops: Send + Sync + 'static {
    /// Display name of the curve ("P-256").
    const CURVE: &'static str;
    /// True when `k` is a valid secret: 1 ≤ k < n.
    fn scalar_ok(k: &[u8; 32]) -> bool;
    /// k·G through the crate's fixed-base path (precomputed table).
    fn mul_base_table(k: &[u8; 32]) -> Vec<u8>;
    /// k·G as a variable-base multiplication of the generator point.
    fn mul_base_plain(k: &[u8; 32]) -> Vec<u8>;
    /// The generator, SEC 1 uncompressed.
    fn generator() -> Vec<u8>;
    /// x-coordinate of k·Q for a SEC 1-encoded peer point Q; `None` when Q fails SEC 1
    /// public-key validation (not on the curve, a coordinate ≥ p, the point at infinity).
    fn dh(k: &[u8; 32], peer_sec1: &[u8]) -> Option<Vec<u8>>;
    /// The crate's fixed-base table: what it holds, its size in bytes, and the time its lazy
    /// construction took on first use in this process (ms, measured once).
    fn table_info() -> TableInfo;
}

/// Implements [`Ops`] for a RustCrypto curve crate (`p256`, `k256`): both build their
/// basepoint table lazily (`primeorder::BasepointTable` / `k256::arithmetic::tables`) as
/// 33 lookup tables of the multiples 1..8 of 256^i·G in projective coordinates, read with
/// signed radix-16 digits.
macro_rules! weierstrass_ops {
    ($ty:ident, $krate:ident, $curve:literal) => {
        #[doc = concat!("The `", stringify!($krate), "` crate (", $curve, ").")]
        struct $ty;

        impl $ty {
            fn nz(k: &[u8; 32]) -> Option<$krate::NonZeroScalar> {
                Option::from($krate::NonZeroScalar::from_repr((*k).into()))
            }

            fn encode(p: $krate::ProjectivePoint) -> Vec<u8> {
                use $krate::elliptic_curve::sec1::ToSec1Point;
                p.to_affine().to_sec1_point(false).as_bytes().to_vec()
            }
        }

        impl Ops for $ty {
            const CURVE: &'static str = $curve;

            fn scalar_ok(k: &[u8; 32]) -> bool {
                Self::nz(k).is_some()
            }

            fn mul_base_table(k: &[u8; 32]) -> Vec<u8> {
                use $krate::elliptic_curve::group::Group;
                let s = Self::nz(k).expect("secret checked by check_secret");
                Self::encode(<$krate::ProjectivePoint as Group>::mul_by_generator(&*s))
            }

            fn mul_base_plain(k: &[u8; 32]) -> Vec<u8> {
                let s = Self::nz(k).expect("secret checked by check_secret");
                Self::encode($krate::ProjectivePoint::GENERATOR * *s)
            }

            fn generator() -> Vec<u8> {
                Self::encode($krate::ProjectivePoint::GENERATOR)
            }

            fn dh(k: &[u8; 32], peer_sec1: &[u8]) -> Option<Vec<u8>> {
                let s = Self::nz(k).expect("secret checked by check_secret");
                let q = $krate::PublicKey::from_sec1_bytes(peer_sec1).ok()?;
                let z = $krate::elliptic_curve::ecdh::diffie_hellman(s, q.as_affine());
                Some(z.raw_secret_bytes().to_vec())
            }

            fn table_info() -> TableInfo {
                use $krate::elliptic_curve::group::Group;
                static BUILD_MS: OnceLock<f64> = OnceLock::new();
                // The crate builds its table on the first fixed-base multiplication in the
                // process; time that first call once (it includes one multiplication).
                let build_ms = *BUILD_MS.get_or_init(|| {
                    let t0 = Instant::now();
                    let one = $krate::Scalar::ONE;
                    std::hint::black_box(<$krate::ProjectivePoint as Group>::mul_by_generator(
                        &one,
                    ));
                    t0.elapsed().as_secs_f64() * 1e3
                });
                TableInfo {
                    method: format!(
                        "{} crate basepoint table: 33 × 8 projective multiples of 256^i·G, signed radix-16 (built lazily on first use)",
                        stringify!($krate)
                    ),
                    bytes: 33 * 8 * std::mem::size_of::<$krate::ProjectivePoint>(),
                    build_ms,
                }
            }
        }
    };
}

weierstrass_ops!(P256, p256, "P-256");
weierstrass_ops!(K256, k256, "secp256k1");

/// A short-Weierstrass curve of [`Ops`], with or without the crate's fixed-base table.
struct Weierstrass<C: Ops> {
    info: GroupInfo,
    table: Option<TableInfo>,
    _curve: std::marker::PhantomData<C>,
}

impl<C: Ops> Weierstrass<C> {
    fn open(file: &GroupFile, opts: &GroupOptions) -> Result<Self> {
        let name = file.display_name().to_string();
        // Cross-check the crate against the standard: the file's generator must be the crate's.
        let gx = crate::error::parse_hex("gx", file.str_key("gx")?)?;
        let gy = crate::error::parse_hex("gy", file.str_key("gy")?)?;
        let mut want = vec![0x04];
        want.extend(pad32(&gx).ok_or_else(|| Error::input(format!("{name}: gx too long")))?);
        want.extend(pad32(&gy).ok_or_else(|| Error::input(format!("{name}: gy too long")))?);
        if want != C::generator() {
            return Err(Error::input(format!(
                "{name}: the file's generator (gx, gy) is not the {} crate's generator",
                C::CURVE
            )));
        }
        Ok(Weierstrass {
            info: GroupInfo {
                name,
                family: Family::Ecp,
                description: file.description.clone(),
                source: file.source.clone(),
                full_exp_bits: 256,
                public_bytes: 65,
                field_bits: 256,
            },
            table: opts.table.then(C::table_info),
            _curve: std::marker::PhantomData,
        })
    }

    /// The secret as a 32-byte big-endian scalar (callers pass checked secrets).
    fn key(secret: &[u8]) -> [u8; 32] {
        pad32(secret).expect("secret checked by check_secret")
    }
}

/// Left-pads a big-endian integer to 32 bytes; `None` when it needs more (leading zero bytes
/// are dropped first).
fn pad32(v: &[u8]) -> Option<[u8; 32]> {
    let start = v.iter().position(|&b| b != 0).unwrap_or(v.len());
    let v = &v[start..];
    if v.len() > 32 {
        return None;
    }
    let mut out = [0u8; 32];
    out[32 - v.len()..].copy_from_slice(v);
    Some(out)
}

impl<C: Ops> KeyExchange for Weierstrass<C> {
    fn info(&self) -> &GroupInfo {
        &self.info
    }

    fn table(&self) -> Option<&TableInfo> {
        self.table.as_ref()
    }

    /// A full secret is uniform in 1..n (rejection sampling on 32 random bytes); a short one
    /// has exactly `exp_bits` bits, top bit set, big-endian in ceil(exp_bits/8) bytes.
    fn random_secret(&self, exp_bits: u32, rng: &mut ChaCha20Rng) -> Vec<u8> {
        if exp_bits >= 256 {
            loop {
                let mut k = [0u8; 32];
                rng.fill_bytes(&mut k);
                if C::scalar_ok(&k) {
                    return k.to_vec();
                }
            }
        }
        let nbytes = exp_bits.div_ceil(8) as usize;
        let mut k = vec![0u8; nbytes];
        rng.fill_bytes(&mut k);
        let top = (exp_bits - 1) % 8; // bit index of the top bit in k[0]
        k[0] &= ((1u16 << (top + 1)) - 1) as u8;
        k[0] |= 1 << top;
        k
    }

    fn check_secret(&self, secret: &[u8]) -> Result<()> {
        let k = pad32(secret).ok_or_else(|| {
            Error::input(format!(
                "--secret: a {} secret is at most 32 bytes (64 hex digits), got {}",
                C::CURVE,
                secret.len()
            ))
        })?;
        if !C::scalar_ok(&k) {
            return Err(Error::input(format!(
                "--secret: a {} secret must satisfy 1 ≤ x < n (the group order); this one is 0 or ≥ n",
                C::CURVE
            )));
        }
        Ok(())
    }

    fn generator(&self) -> Vec<u8> {
        C::generator()
    }

    /// `04 || x || y` → `x`.
    fn shared_form(&self, public: &[u8]) -> Vec<u8> {
        public.get(1..33).unwrap_or(public).to_vec()
    }

    fn offer(&self, secret: &[u8]) -> Vec<u8> {
        let k = Self::key(secret);
        if self.table.is_some() {
            C::mul_base_table(&k)
        } else {
            C::mul_base_plain(&k)
        }
    }

    fn reply(&self, secret: &[u8], peer: &[u8]) -> Result<Vec<u8>> {
        let k = Self::key(secret);
        let sec1: std::borrow::Cow<[u8]> = match (peer.len(), peer.first()) {
            (65, Some(4)) | (33, Some(2 | 3)) => peer.into(),
            (64, _) => {
                // RFC 5903 §7 (IKEv2): x || y without the SEC 1 prefix.
                let mut v = vec![0x04];
                v.extend_from_slice(peer);
                v.into()
            }
            _ => {
                return Err(Error::input(format!(
                    "--peer: a {} public value is 65 bytes 04||x||y (SEC 1 uncompressed), 33 bytes 02/03||x (compressed) or 64 bytes x||y (RFC 5903); got {} bytes",
                    C::CURVE,
                    peer.len()
                )));
            }
        };
        C::dh(&k, &sec1).ok_or_else(|| {
            Error::input(format!(
                "--peer: not a valid {} public value (SEC 1 §3.2.2 validation failed: the point is not on the curve, a coordinate is ≥ p, or it is the point at infinity)",
                C::CURVE
            ))
        })
    }
}

/// X25519 (RFC 7748) through `x25519-dalek`.
struct X25519 {
    info: GroupInfo,
    table: Option<TableInfo>,
}

impl X25519 {
    fn open(file: &GroupFile, opts: &GroupOptions) -> Result<Self> {
        let name = file.display_name().to_string();
        let gu = crate::error::parse_hex("gu", file.str_key("gu")?)?;
        // The file writes u big-endian; RFC 7748 strings are little-endian.
        let mut want = pad32(&gu).ok_or_else(|| Error::input(format!("{name}: gu too long")))?;
        want.reverse();
        if want != x25519_dalek::X25519_BASEPOINT_BYTES {
            return Err(Error::input(format!(
                "{name}: the file's base point u is not x25519-dalek's (u = 9)"
            )));
        }
        Ok(X25519 {
            info: GroupInfo {
                name,
                family: Family::Ecp,
                description: file.description.clone(),
                source: file.source.clone(),
                // Bits of the prime subgroup order l = 2^252 + 2774...8493 (RFC 7748 §4.1).
                // The secret is always the full 32-byte string: clamping (RFC 7748 §5) makes
                // the scalar 2^254 + 8·k with k < 2^251.
                full_exp_bits: 253,
                public_bytes: 32,
                field_bits: 255,
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

    fn table(&self) -> Option<&TableInfo> {
        self.table.as_ref()
    }

    /// X25519 only takes full secrets: RFC 7748 §5 clamps every 32-byte string.
    fn check_exp_bits(&self, exp_bits: u32) -> Result<()> {
        if exp_bits == self.info.full_exp_bits {
            Ok(())
        } else {
            Err(Error::input(format!(
                "--exp-bits {exp_bits}: x25519 takes only full secrets (RFC 7748 §5 clamps every 32-byte secret to a 255-bit scalar); use --exp-bits full"
            )))
        }
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
            Err(Error::input(format!(
                "--secret: an x25519 secret is a 32-byte string (64 hex digits, RFC 7748 byte order), got {} bytes",
                secret.len()
            )))
        }
    }

    fn generator(&self) -> Vec<u8> {
        x25519_dalek::X25519_BASEPOINT_BYTES.to_vec()
    }

    fn offer(&self, secret: &[u8]) -> Vec<u8> {
        let k = Self::key(secret);
        if self.table.is_some() {
            let s = x25519_dalek::StaticSecret::from(k);
            x25519_dalek::PublicKey::from(&s).to_bytes().to_vec()
        } else {
            x25519_dalek::x25519(k, x25519_dalek::X25519_BASEPOINT_BYTES).to_vec()
        }
    }

    fn reply(&self, secret: &[u8], peer: &[u8]) -> Result<Vec<u8>> {
        let k = Self::key(secret);
        let u: [u8; 32] = peer.try_into().map_err(|_| {
            Error::input(format!(
                "--peer: an x25519 public value is a 32-byte string (64 hex digits), got {} bytes",
                peer.len()
            ))
        })?;
        let z = x25519_dalek::x25519(k, u);
        if z == [0u8; 32] {
            return Err(Error::input(
                "--peer: the shared secret is all zero: the peer value is a point of small order (RFC 7748 §6.1 check)",
            ));
        }
        Ok(z.to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params;
    use rand_core::SeedableRng;

    fn h(s: &str) -> Vec<u8> {
        hex::decode(s).unwrap()
    }

    fn open(name: &str, table: bool) -> Box<dyn KeyExchange> {
        let opts = GroupOptions {
            table,
            ..GroupOptions::default()
        };
        params::open(name, &opts).unwrap()
    }

    // RFC 7748 §5.2: the two X25519 function vectors (scalar, u in, u out).
    const RFC7748_5_2: [(&str, &str, &str); 2] = [
        (
            "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
            "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
            "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552",
        ),
        (
            "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
            "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
            "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957",
        ),
    ];

    #[test]
    fn x25519_rfc7748_function_vectors() {
        let kx = open("x25519", false);
        for (k, u, out) in RFC7748_5_2 {
            assert_eq!(hex::encode(kx.reply(&h(k), &h(u)).unwrap()), out);
        }
    }

    #[test]
    fn x25519_rfc7748_iterated_1000() {
        // RFC 7748 §5.2: k = u = 9; repeat (k, u) = (X25519(k, u), k). After 1 and 1,000
        // iterations.
        let mut k = x25519_dalek::X25519_BASEPOINT_BYTES;
        let mut u = k;
        for i in 1..=1000 {
            let r = x25519_dalek::x25519(k, u);
            u = k;
            k = r;
            if i == 1 {
                assert_eq!(
                    hex::encode(k),
                    "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079"
                );
            }
        }
        assert_eq!(
            hex::encode(k),
            "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"
        );
    }

    #[test]
    fn x25519_rfc7748_alice_bob_both_paths() {
        // RFC 7748 §6.1.
        let a = h("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
        let b = h("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
        let pa = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a";
        let pb = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f";
        let k = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";
        for table in [true, false] {
            let kx = open("x25519", table);
            assert_eq!(kx.table().is_some(), table);
            assert_eq!(hex::encode(kx.offer(&a)), pa);
            assert_eq!(hex::encode(kx.offer(&b)), pb);
            assert_eq!(hex::encode(kx.reply(&a, &h(pb)).unwrap()), k);
            assert_eq!(hex::encode(kx.reply(&b, &h(pa)).unwrap()), k);
        }
    }

    #[test]
    fn x25519_rejects_small_order_and_bad_lengths() {
        let kx = open("x25519", false);
        let a = h("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
        // u = 0 and u = 1 are points of small order: the result is all zero.
        for u in [[0u8; 32], {
            let mut o = [0u8; 32];
            o[0] = 1;
            o
        }] {
            let e = kx.reply(&a, &u).unwrap_err();
            assert_eq!(e.exit_code(), 2);
            assert!(e.message().contains("all zero"), "{e}");
        }
        assert_eq!(kx.reply(&a, &[9u8; 31]).unwrap_err().exit_code(), 2);
        assert_eq!(kx.check_secret(&[1u8; 31]).unwrap_err().exit_code(), 2);
        assert!(kx.check_exp_bits(253).is_ok());
        assert_eq!(kx.check_exp_bits(128).unwrap_err().exit_code(), 2);
    }

    // RFC 5903 §8.1: the 256-bit random ECP group (P-256).
    const I: &str = "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433";
    const GIX: &str = "dad0b65394221cf9b051e1feca5787d098dfe637fc90b9ef945d0c3772581180";
    const GIY: &str = "5271a0461cdb8252d61f1c456fa3e59ab1f45b33accf5f58389e0577b8990bb3";
    const R: &str = "c6ef9c5d78ae012a011164acb397ce2088685d8f06bf9be0b283ab46476bee53";
    const GRX: &str = "d12dfb5289c8d4f81208b70270398c342296970a0bccb74c736fc7554494bf63";
    const GRY: &str = "56fbf3ca366cc23e8157854c13c58d6aac23f046ada30f8353e74f33039872ab";
    const GIRX: &str = "d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de";

    #[test]
    fn p256_rfc5903_both_paths() {
        for table in [true, false] {
            let kx = open("p256", table);
            assert_eq!(kx.table().is_some(), table);
            assert_eq!(hex::encode(kx.offer(&h(I))), format!("04{GIX}{GIY}"));
            assert_eq!(hex::encode(kx.offer(&h(R))), format!("04{GRX}{GRY}"));
            // Offer and Reply on the generator agree in the shared-secret form (x).
            let g = kx.generator();
            assert_eq!(
                kx.shared_form(&kx.offer(&h(I))),
                kx.reply(&h(I), &g).unwrap()
            );
            assert_eq!(hex::encode(kx.shared_form(&kx.offer(&h(I)))), GIX);
            let gr = h(&format!("04{GRX}{GRY}"));
            assert_eq!(hex::encode(kx.reply(&h(I), &gr).unwrap()), GIRX);
            // The IKEv2 form x||y (RFC 5903 §7) and the compressed form give the same secret.
            assert_eq!(hex::encode(kx.reply(&h(I), &gr[1..]).unwrap()), GIRX);
            let gi = h(&format!("04{GIX}{GIY}"));
            let mut c = vec![0x02 | (gi[64] & 1)];
            c.extend_from_slice(&gi[1..33]);
            assert_eq!(hex::encode(kx.reply(&h(R), &c).unwrap()), GIRX);
        }
    }

    #[test]
    fn p256_rejects_invalid_points_and_secrets() {
        let kx = open("p256", false);
        let mut bad = h(&format!("04{GRX}{GRY}"));
        bad[64] ^= 1; // y changed: off the curve
        let e = kx.reply(&h(I), &bad).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message().contains("not a valid P-256"), "{e}");
        assert_eq!(kx.reply(&h(I), &[4u8; 10]).unwrap_err().exit_code(), 2);
        // n itself and 0 are not secrets; n - 1 is.
        let n = h("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");
        assert_eq!(kx.check_secret(&n).unwrap_err().exit_code(), 2);
        assert_eq!(kx.check_secret(&[0]).unwrap_err().exit_code(), 2);
        let mut n1 = n.clone();
        n1[31] -= 1;
        assert!(kx.check_secret(&n1).is_ok());
        assert_eq!(kx.check_secret(&[1u8; 33]).unwrap_err().exit_code(), 2);
    }

    // Project Wycheproof, ecdh_secp256k1_test.json, tcId 1 ("normal case") and tcId 3
    // (shared secret x = 1). The public keys there are X.509 SubjectPublicKeyInfo; the point
    // is the final 65 bytes.
    const WP_PRIV1: &str = "00f4b7ff7cccc98813a69fae3df222bfe3f4e28f764bf91b4a10d8096ce446b254";
    const WP_PUB1: &str = "04d8096af8a11e0b80037e1ee68246b5dcbb0aeb1cf1244fd767db80f3fa27da2b396812ea1686e7472e9692eaf3e958e50e9500d3b4c77243db1f2acd67ba9cc4";
    const WP_SHARED1: &str = "544dfae22af6af939042b1d85b71a1e49e9a5614123c4d6ad0c8af65baf87d65";
    const WP_PRIV3: &str = "00a2b6442a37f8a3764aeff4011a4c422b389a1e509669c43f279c8b7e32d80c3a";
    const WP_PUB3: &str = "04965ff42d654e058ee7317cced7caf093fbb180d8d3a74b0dcd9d8cd47a39d5cb9c2aa4daac01a4be37c20467ede964662f12983e0b5272a47a5f2785685d8087";

    #[test]
    fn k256_wycheproof_vectors() {
        let kx = open("k256", true);
        kx.check_secret(&h(WP_PRIV1)).unwrap();
        assert_eq!(
            hex::encode(kx.reply(&h(WP_PRIV1), &h(WP_PUB1)).unwrap()),
            WP_SHARED1
        );
        assert_eq!(
            hex::encode(kx.reply(&h(WP_PRIV3), &h(WP_PUB3)).unwrap()),
            format!("{:064x}", 1)
        );
        // tcId 2: the same point compressed.
        let c = h(&format!("02{}", &WP_PUB1[2..66]));
        assert_eq!(hex::encode(kx.reply(&h(WP_PRIV1), &c).unwrap()), WP_SHARED1);
    }

    #[test]
    fn k256_offer_matches_an_independent_computation() {
        // Textbook affine double-and-add over GF(p) with num-bigint (SEC 1 §2.2.1 formulas,
        // a = 0, b = 7; SEC 2 §2.4.1 parameters), against k256's table and plain paths.
        use num_bigint::BigUint;
        let p = BigUint::parse_bytes(
            b"fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f",
            16,
        )
        .unwrap();
        let g = (
            BigUint::parse_bytes(
                b"79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
                16,
            )
            .unwrap(),
            BigUint::parse_bytes(
                b"483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8",
                16,
            )
            .unwrap(),
        );
        let inv = |a: &BigUint| a.modpow(&(&p - 2u32), &p);
        let sub = |a: &BigUint, b: &BigUint| (a + &p - b) % &p;
        type Pt = Option<(BigUint, BigUint)>;
        let add = |a: &Pt, b: &Pt| -> Pt {
            match (a, b) {
                (None, x) | (x, None) => x.clone(),
                (Some((x1, y1)), Some((x2, y2))) => {
                    let l = if x1 == x2 {
                        if (y1 + y2) % &p == BigUint::ZERO {
                            return None;
                        }
                        (BigUint::from(3u32) * x1 * x1) * inv(&(BigUint::from(2u32) * y1)) % &p
                    } else {
                        sub(y2, y1) * inv(&sub(x2, x1)) % &p
                    };
                    let x3 = sub(&sub(&(&l * &l % &p), x1), x2);
                    let y3 = sub(&(&l * sub(x1, &x3) % &p), y1);
                    Some((x3, y3))
                }
            }
        };
        let mul = |k: &[u8]| -> Pt {
            let mut acc: Pt = None;
            for byte in k {
                for bit in (0..8).rev() {
                    acc = add(&acc, &acc);
                    if byte >> bit & 1 == 1 {
                        acc = add(&acc, &Some(g.clone()));
                    }
                }
            }
            acc
        };
        let mut rng = ChaCha20Rng::seed_from_u64(7);
        for table in [true, false] {
            let kx = open("k256", table);
            for exp_bits in [256, 128, 20] {
                let k = kx.random_secret(exp_bits, &mut rng);
                let (x, y) = mul(&k).unwrap();
                let want = format!("04{:064x}{:064x}", x, y);
                assert_eq!(
                    hex::encode(kx.offer(&k)),
                    want,
                    "table {table} bits {exp_bits}"
                );
            }
        }
        // 1·G is the SEC 2 generator.
        assert_eq!(
            open("k256", true).offer(&[1]),
            open("k256", true).generator()
        );
    }

    #[test]
    fn short_secrets_have_exactly_the_asked_bits() {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        for name in ["p256", "k256"] {
            let kx = open(name, true);
            for bits in [16u32, 17, 128, 160, 255] {
                for _ in 0..20 {
                    let k = kx.random_secret(bits, &mut rng);
                    let v = num_bigint::BigUint::from_bytes_be(&k);
                    assert_eq!(v.bits() as u32, bits, "{name} {bits}");
                    kx.check_secret(&k).unwrap();
                }
            }
            // Full: uniform in 1..n, so usually but not always 256 bits.
            let full: Vec<u64> = (0..64)
                .map(|_| {
                    num_bigint::BigUint::from_bytes_be(&kx.random_secret(256, &mut rng)).bits()
                })
                .collect();
            assert!(
                full.iter().all(|&b| b <= 256) && full.contains(&256),
                "{name}"
            );
        }
    }

    #[test]
    fn tables_are_reported_with_their_size() {
        for name in ["p256", "k256", "x25519"] {
            let t = open(name, true).table().cloned().unwrap();
            assert!(t.bytes >= 20_000 && t.bytes <= 64 * 1024, "{name}: {t:?}");
            assert!(open(name, false).table().is_none());
        }
    }

    #[test]
    fn generator_mismatch_is_an_input_error() {
        let mut f = params::lookup("p256").unwrap();
        f.rest.insert("gx".into(), toml::Value::String("01".into()));
        let e = params::open_file(&f, &GroupOptions::default())
            .err()
            .unwrap();
        assert_eq!(e.exit_code(), 2);
    }
}

//! P-256, P-384, P-521 and secp256k1: the RustCrypto `p256`, `p384`, `p521` and `k256`
//! crates behind one generic [`Weierstrass`] type, SEC 1 encodings (see the parent module).

use super::pad_to;
use crate::error::{Invalid, PeerValueError, Result, SecretError};
use crate::implementation::Implementation;
use crate::kex::{Family, GroupInfo, GroupOptions, KeyExchange, TableInfo, ValueForm};
use crate::params::GroupFile;
use rand_chacha::ChaCha20Rng;
use rand_core::Rng;
use std::sync::OnceLock;
use std::time::Instant;

/// The operations of a short-Weierstrass curve that pkbench needs, implemented once per crate
/// by [`weierstrass_ops!`]. Scalars are [`Ops::BYTES`]-byte big-endian strings already
/// checked by [`Ops::scalar_ok`]; points are SEC 1 uncompressed (1 + 2·BYTES bytes).
pub(super) trait Ops: Send + Sync + 'static {
    /// Display name of the curve ("P-256").
    const CURVE: &'static str;
    /// The crate that computes it, as in Cargo.lock ("p256").
    const CRATE: &'static str;
    /// The field prime p, hex (big-endian).
    const FIELD_P: &'static str;
    /// The curve's a of y² = x³ + ax + b, hex, reduced mod p.
    const EQ_A: &'static str;
    /// The curve's b, hex.
    const EQ_B: &'static str;
    /// Bytes of a field element and of a scalar (SEC 1 §2.3.5: ceil(log2(p)/8)): 32 for
    /// P-256 and secp256k1, 48 for P-384, 66 for P-521.
    const BYTES: usize;
    /// Bits of the field prime p (256, 384, 521).
    const FIELD_BITS: u32;
    /// True when `k` is a valid secret: 1 ≤ k < n.
    fn scalar_ok(k: &[u8]) -> bool;
    /// k·G through the crate's fixed-base path (precomputed table).
    fn mul_base_table(k: &[u8]) -> Vec<u8>;
    /// k·G as a variable-base multiplication of the generator point.
    fn mul_base_plain(k: &[u8]) -> Vec<u8>;
    /// The generator, SEC 1 uncompressed.
    fn generator() -> Vec<u8>;
    /// x-coordinate of k·Q for a SEC 1-encoded peer point Q; `None` when Q fails SEC 1
    /// public-key validation (not on the curve, a coordinate ≥ p, the point at infinity:
    /// the crates do not say which; [`refusal`] does).
    fn dh(k: &[u8], peer_sec1: &[u8]) -> Option<Vec<u8>>;
    /// The crate's fixed-base table: what it holds, its size in bytes, and the time its lazy
    /// construction took on first use in this process (ms, measured once).
    fn table_info() -> TableInfo;
}

/// Implements [`Ops`] for a RustCrypto curve crate (`p256`, `p384`, `p521`, `k256`): each
/// builds its basepoint table lazily (`primeorder::BasepointTable` /
/// `k256::arithmetic::tables`) as `$windows` (1 + field bytes) lookup tables of the
/// multiples 1..8 of 256^i·G in projective coordinates, read with signed radix-16 digits.
macro_rules! weierstrass_ops {
    ($ty:ident, $krate:ident, $curve:literal, $bytes:literal, $bits:literal, $windows:literal,
     p = $p:literal, a = $a:literal, b = $b:literal) => {
        #[doc = concat!("The `", stringify!($krate), "` crate (", $curve, ").")]
        pub(super) struct $ty;

        impl $ty {
            fn nz(k: &[u8]) -> Option<$krate::NonZeroScalar> {
                let repr = $krate::FieldBytes::try_from(k).ok()?;
                Option::from($krate::NonZeroScalar::from_repr(repr))
            }

            fn encode(p: $krate::ProjectivePoint) -> Vec<u8> {
                use $krate::elliptic_curve::sec1::ToSec1Point;
                p.to_affine().to_sec1_point(false).as_bytes().to_vec()
            }
        }

        impl Ops for $ty {
            const CURVE: &'static str = $curve;
            const CRATE: &'static str = stringify!($krate);
            const FIELD_P: &'static str = $p;
            const EQ_A: &'static str = $a;
            const EQ_B: &'static str = $b;
            const BYTES: usize = $bytes;
            const FIELD_BITS: u32 = $bits;

            fn scalar_ok(k: &[u8]) -> bool {
                Self::nz(k).is_some()
            }

            fn mul_base_table(k: &[u8]) -> Vec<u8> {
                use $krate::elliptic_curve::group::Group;
                let s = Self::nz(k).expect("secret checked by check_secret");
                Self::encode(<$krate::ProjectivePoint as Group>::mul_by_generator(&*s))
            }

            fn mul_base_plain(k: &[u8]) -> Vec<u8> {
                let s = Self::nz(k).expect("secret checked by check_secret");
                Self::encode($krate::ProjectivePoint::GENERATOR * *s)
            }

            fn generator() -> Vec<u8> {
                Self::encode($krate::ProjectivePoint::GENERATOR)
            }

            fn dh(k: &[u8], peer_sec1: &[u8]) -> Option<Vec<u8>> {
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
                        "{} crate basepoint table: {} × 8 projective multiples of 256^i·G, signed radix-16 (built lazily on first use)",
                        stringify!($krate),
                        $windows
                    ),
                    bytes: $windows * 8 * std::mem::size_of::<$krate::ProjectivePoint>(),
                    build_ms,
                }
            }
        }
    };
}

// FIPS 186-4 App. D.1.2.3–D.1.2.5 (a = −3 mod p) and SEC 2 v2 §2.4.1; checked against the
// generators and the params files by the tests.
weierstrass_ops!(
    P256,
    p256,
    "P-256",
    32,
    256,
    33,
    p = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
    a = "ffffffff00000001000000000000000000000000fffffffffffffffffffffffc",
    b = "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b"
);
weierstrass_ops!(
    P384,
    p384,
    "P-384",
    48,
    384,
    49,
    p = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
    a = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000fffffffc",
    b = "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef"
);
weierstrass_ops!(
    P521,
    p521,
    "P-521",
    66,
    521,
    67,
    p = "1ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    a = "1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc",
    b = "51953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00"
);
weierstrass_ops!(
    K256,
    k256,
    "secp256k1",
    32,
    256,
    33,
    p = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f",
    a = "0",
    b = "7"
);

/// Which check a SEC 1 point that the crate `C` refused fails, in the order of SEC 1 v2
/// §3.2.2.1 (coordinates in [0, p−1], then the curve equation; the point at infinity and the
/// prefixes are refused before the crate is called). The crates report one error for every
/// cause, so pkbench works it out itself, on the refusal path only (Reply is timed with the
/// crate's own validation, nothing added). `sec1` is `04 || x || y` or `02/03 || x`.
pub(super) fn refusal<C: Ops>(sec1: &[u8]) -> Invalid {
    use num_bigint::BigUint;
    let group = C::CURVE.to_string();
    let hex = |h: &str| BigUint::parse_bytes(h.as_bytes(), 16).expect("curve constant");
    let (p, a, b) = (hex(C::FIELD_P), hex(C::EQ_A), hex(C::EQ_B));
    let n = C::BYTES;
    let x = BigUint::from_bytes_be(&sec1[1..1 + n]);
    if x >= p {
        return Invalid::Peer(PeerValueError::CoordinateNotBelowP {
            group,
            coordinate: 'x',
        });
    }
    let rhs = (x.modpow(&BigUint::from(3u32), &p) + &a * &x + &b) % &p;
    let compressed = sec1.len() == 1 + n;
    let on_curve = if compressed {
        // Euler's criterion: some y exists exactly when rhs is 0 or a square mod p.
        let e = (&p - 1u32) >> 1u32;
        rhs == BigUint::ZERO || rhs.modpow(&e, &p) == BigUint::from(1u32)
    } else {
        let y = BigUint::from_bytes_be(&sec1[1 + n..1 + 2 * n]);
        if y >= p {
            return Invalid::Peer(PeerValueError::CoordinateNotBelowP {
                group,
                coordinate: 'y',
            });
        }
        (&y * &y) % &p == rhs
    };
    if !on_curve {
        return Invalid::Peer(PeerValueError::PointNotOnCurve { group, compressed });
    }
    Invalid::Peer(PeerValueError::InvalidPoint {
        group,
        krate: C::CRATE.to_string(),
    })
}

/// A short-Weierstrass curve of [`Ops`], with or without the crate's fixed-base table.
pub(super) struct Weierstrass<C: Ops> {
    info: GroupInfo,
    table: Option<TableInfo>,
    _curve: std::marker::PhantomData<C>,
}

impl<C: Ops> Weierstrass<C> {
    /// Opens the curve of `file`, checking its generator and group order against the crate's.
    pub(super) fn open(file: &GroupFile, opts: &GroupOptions) -> Result<Self> {
        let name = file.display_name().to_string();
        // Cross-check the crate against the standard: the file's generator must be the crate's.
        let gx = crate::error::parse_hex("gx", file.str_key("gx")?)?;
        let gy = crate::error::parse_hex("gy", file.str_key("gy")?)?;
        let mut want = vec![0x04];
        want.extend(pad_to(&gx, C::BYTES).ok_or_else(|| super::named(&name, "gx too long"))?);
        want.extend(pad_to(&gy, C::BYTES).ok_or_else(|| super::named(&name, "gy too long"))?);
        if want != C::generator() {
            return Err(super::named(
                &name,
                format!(
                    "the file's generator (gx, gy) is not the {} crate's generator",
                    C::CURVE
                ),
            ));
        }
        // n is the crate's order exactly when n − 1 is a valid scalar and n is not.
        let n = super::order(file)?;
        let n_big = num_bigint::BigUint::from_bytes_be(&n);
        let below = (n_big.clone() - 1u32).to_bytes_be();
        let is_order = n_big > num_bigint::BigUint::from(1u32)
            && pad_to(&below, C::BYTES).is_some_and(|k| C::scalar_ok(&k))
            && pad_to(&n, C::BYTES).is_some_and(|k| !C::scalar_ok(&k));
        if !is_order {
            return Err(super::named(
                &name,
                format!("the file's group order n is not the {} crate's", C::CURVE),
            ));
        }
        let profile = super::profile(file)?;
        Ok(Weierstrass {
            info: GroupInfo {
                name,
                family: Family::Ecp,
                description: file.description.clone(),
                source: file.source.clone(),
                full_exp_bits: profile.q_bits,
                // SEC 1 uncompressed: 04 || x || y, BYTES bytes each.
                public_bytes: 1 + 2 * C::BYTES,
                field_bits: C::FIELD_BITS,
                profile,
            },
            table: opts.table.then(C::table_info),
            _curve: std::marker::PhantomData,
        })
    }

    /// The secret as a BYTES-byte big-endian scalar (callers pass checked secrets).
    fn key(secret: &[u8]) -> Vec<u8> {
        pad_to(secret, C::BYTES).expect("secret checked by check_secret")
    }
}

impl<C: Ops> KeyExchange for Weierstrass<C> {
    fn info(&self) -> &GroupInfo {
        &self.info
    }

    fn implementation(&self) -> Implementation {
        Implementation::of_crate(C::CRATE)
    }

    fn table(&self) -> Option<&TableInfo> {
        self.table.as_ref()
    }

    /// SEC 1 point encodings: byte strings.
    fn public_form(&self) -> ValueForm {
        ValueForm::Bytes
    }

    /// A full secret is uniform in 1..n (rejection sampling on BYTES random bytes, the top
    /// byte masked to the bits of n, so P-521 draws 521-bit candidates); a short one has
    /// exactly `exp_bits` bits, top bit set, big-endian in ceil(exp_bits/8) bytes.
    fn random_secret(&self, exp_bits: u32, rng: &mut ChaCha20Rng) -> Vec<u8> {
        let full = self.info.full_exp_bits;
        if exp_bits >= full {
            let spare = (C::BYTES as u32 * 8).saturating_sub(full);
            loop {
                let mut k = vec![0u8; C::BYTES];
                rng.fill_bytes(&mut k);
                k[0] &= 0xffu8 >> spare.min(7);
                if C::scalar_ok(&k) {
                    return k;
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
        let k = pad_to(secret, C::BYTES).ok_or_else(|| {
            Invalid::Secret(SecretError::TooLong {
                group: C::CURVE.to_string(),
                max_bytes: C::BYTES,
                got: secret.len(),
            })
        })?;
        if !C::scalar_ok(&k) {
            return Err(SecretError::OutOfRange {
                group: C::CURVE.to_string(),
            }
            .into());
        }
        Ok(())
    }

    fn generator(&self) -> Vec<u8> {
        C::generator()
    }

    /// `04 || x || y` → `x`.
    fn shared_form(&self, public: &[u8]) -> Vec<u8> {
        public.get(1..1 + C::BYTES).unwrap_or(public).to_vec()
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
        let n = C::BYTES;
        let sec1: std::borrow::Cow<[u8]> = match (peer.len(), peer.first()) {
            (l, Some(4)) if l == 1 + 2 * n => peer.into(),
            (l, Some(2 | 3)) if l == 1 + n => peer.into(),
            (l, _) if l == 2 * n => {
                // RFC 5903 §7 (IKEv2): x || y without the SEC 1 prefix.
                let mut v = vec![0x04];
                v.extend_from_slice(peer);
                v.into()
            }
            (65 | 33, Some(&first)) => {
                return Err(PeerValueError::Sec1Prefix {
                    group: C::CURVE.to_string(),
                    got: peer.len(),
                    first,
                }
                .into());
            }
            (1, Some(0)) => {
                return Err(PeerValueError::Infinity {
                    group: C::CURVE.to_string(),
                }
                .into());
            }
            _ => {
                return Err(PeerValueError::Encoding {
                    group: C::CURVE.to_string(),
                    field_bytes: n,
                    got: peer.len(),
                }
                .into());
            }
        };
        C::dh(&k, &sec1).ok_or_else(|| refusal::<C>(&sec1).into())
    }
}

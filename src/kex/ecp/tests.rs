//! Known answers and rejections for the prime curves (RFC 7748, RFC 5903, Wycheproof).

use super::*;
use crate::error::{Invalid, PeerValueError};
use crate::kex::ExpBits;
use crate::params;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

fn h(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

fn open(name: &str, table: bool) -> Box<dyn KeyExchange> {
    let opts = GroupOptions {
        table,
        ..GroupOptions::default()
    };
    crate::kex::open_named(name, &opts).unwrap()
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
        assert!(crate::cli::errors::render(&e).contains("all zero"), "{e}");
    }
    assert_eq!(kx.reply(&a, &[9u8; 31]).unwrap_err().exit_code(), 2);
    assert_eq!(kx.check_secret(&[1u8; 31]).unwrap_err().exit_code(), 2);
    assert!(kx.check_exp_bits(ExpBits::Full).is_ok());
    for n in [128, 253, 255] {
        let e = kx.check_exp_bits(ExpBits::Bits(n)).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(
            crate::cli::errors::render(&e)
                .starts_with(&format!("--exp-bits {n}: x25519 takes only full secrets")),
            "{e}"
        );
    }
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
    assert!(
        crate::cli::errors::render(&e).contains("not on the curve: y² ≠ x³ + ax + b mod p"),
        "{e}"
    );
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
            .map(|_| num_bigint::BigUint::from_bytes_be(&kx.random_secret(256, &mut rng)).bits())
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
        // The precomputation follows the table: dalek's is compiled in, the p256 and k256
        // crates build theirs in the process.
        use crate::kex::Precomputation;
        match (name, open(name, true).precomputation()) {
            ("x25519", Precomputation::BuiltIn { bytes, .. }) => assert_eq!(bytes, Some(t.bytes)),
            (_, Precomputation::Table { bytes, .. }) if name != "x25519" => {
                assert_eq!(bytes, t.bytes)
            }
            (_, p) => panic!("{name}: {p:?}"),
        }
        assert_eq!(open(name, false).precomputation(), Precomputation::None);
    }
}

#[test]
fn generator_mismatch_is_an_input_error() {
    let mut f = params::lookup("p256").unwrap();
    f.rest.insert("gx".into(), toml::Value::String("01".into()));
    let e = crate::kex::open(&f, &GroupOptions::default())
        .err()
        .unwrap();
    assert_eq!(e.exit_code(), 2);
}

/// A prime-curve file's `n` must be the crate's group order (n − 1 a valid scalar, n not);
/// a file that leaves `n` out gets the built-in file's, as before `n` was read.
#[test]
fn the_group_order_is_checked_against_the_crate() {
    for name in ["p256", "k256", "x25519"] {
        let mut f = params::lookup(name).unwrap();
        let n = f.rest["n"].as_str().unwrap().to_string();
        let bumped = format!(
            "{}{}",
            &n[..n.len() - 1],
            if n.ends_with('1') { '3' } else { '1' }
        );
        f.rest.insert("n".into(), toml::Value::String(bumped));
        let e = crate::kex::open(&f, &GroupOptions::default())
            .err()
            .unwrap();
        assert!(
            crate::cli::errors::render(&e).contains("group order n is not"),
            "{name}: {e}"
        );
        f.rest.remove("n");
        let kx = crate::kex::open(&f, &GroupOptions::default()).unwrap();
        assert_eq!(
            kx.info().full_exp_bits,
            open(name, false).info().full_exp_bits
        );
    }
}

/// The refusal a prime-curve Reply gives for `peer`, as its [`Invalid`] problem.
fn refused(kx: &dyn KeyExchange, peer: &[u8]) -> Invalid {
    let k = h(I);
    match kx.reply(&k, peer).unwrap_err() {
        crate::error::Error::Invalid(i) => i,
        e => panic!("not a typed refusal: {e}"),
    }
}

/// Each SEC 1 §3.2.2.1 check is named on its own: prefix, infinity, x ≥ p, y ≥ p, off the
/// curve (uncompressed and compressed), for both prime curves.
#[test]
fn prime_curve_refusals_name_the_failed_check() {
    use super::weierstrass::{K256, Ops, P256, refusal};
    fn check<C: Ops>(name: &str) {
        let kx = open(name, false);
        let group = C::CURVE.to_string();
        let g = kx.generator();
        // The curve constants agree with the crate: its generator passes every check.
        assert_eq!(
            refusal::<C>(&g),
            Invalid::Peer(PeerValueError::InvalidPoint {
                group: group.clone(),
                krate: C::CRATE.to_string()
            })
        );
        let p = h(C::FIELD_P);
        let mut v = g.clone();
        v[0] = 5;
        assert_eq!(
            refused(&*kx, &v),
            Invalid::Peer(PeerValueError::Sec1Prefix {
                group: group.clone(),
                got: 65,
                first: 5
            })
        );
        let mut c = g[..33].to_vec();
        c[0] = 4;
        assert_eq!(
            refused(&*kx, &c),
            Invalid::Peer(PeerValueError::Sec1Prefix {
                group: group.clone(),
                got: 33,
                first: 4
            })
        );
        assert_eq!(
            refused(&*kx, &[0]),
            Invalid::Peer(PeerValueError::Infinity {
                group: group.clone()
            })
        );
        // x = p (the generator's y), then y = p (the generator's x), also as RFC 5903 x||y.
        for (at, coordinate) in [(1, 'x'), (33, 'y')] {
            let mut v = g.clone();
            v[at..at + 32].copy_from_slice(&p);
            let want = Invalid::Peer(PeerValueError::CoordinateNotBelowP {
                group: group.clone(),
                coordinate,
            });
            assert_eq!(refused(&*kx, &v), want);
            assert_eq!(refused(&*kx, &v[1..]), want);
        }
        let mut v = g.clone();
        v[64] ^= 1;
        assert_eq!(
            refused(&*kx, &v),
            Invalid::Peer(PeerValueError::PointNotOnCurve {
                group: group.clone(),
                compressed: false
            })
        );
        // Compressed x = 0..40: the crate accepts exactly the x pkbench finds on the curve.
        let (mut on, mut off) = (0, 0);
        for x in 0u8..40 {
            let mut c = vec![0u8; 33];
            c[0] = 2;
            c[32] = x;
            match kx.reply(&h(I), &c) {
                Ok(_) => {
                    on += 1;
                    assert!(matches!(
                        refusal::<C>(&c),
                        Invalid::Peer(PeerValueError::InvalidPoint { .. })
                    ));
                }
                Err(_) => {
                    off += 1;
                    assert_eq!(
                        refused(&*kx, &c),
                        Invalid::Peer(PeerValueError::PointNotOnCurve {
                            group: group.clone(),
                            compressed: true
                        }),
                        "x = {x}"
                    );
                }
            }
        }
        assert!(on > 5 && off > 5, "{name}: {on} on, {off} off the curve");
        let e: crate::error::Error = refused(&*kx, &v).into();
        assert!(!crate::cli::errors::render(&e).contains('\n'));
    }
    check::<P256>("p256");
    check::<K256>("k256");
}

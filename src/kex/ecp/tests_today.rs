//! Known answers and rejections for P-384, P-521 (RFC 5903 §8.2–8.3) and X448 (RFC 7748
//! §6.2), read from `vectors/ecdh-today.json`.

use crate::kex::{ExpBits, GroupOptions, KeyExchange};
use serde_json::Value;

fn h(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

fn vectors() -> Value {
    serde_json::from_str(include_str!("../../../vectors/ecdh-today.json")).unwrap()
}

fn open(name: &str, table: bool) -> Box<dyn KeyExchange> {
    let opts = GroupOptions {
        table,
        ..GroupOptions::default()
    };
    crate::kex::open_named(name, &opts).unwrap()
}

fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    v[k].as_str().unwrap()
}

#[test]
fn p384_p521_rfc5903_both_sides_and_both_paths() {
    for v in vectors()["weierstrass"].as_array().unwrap() {
        let name = s(v, "group");
        for table in [true, false] {
            let kx = open(name, table);
            let bytes = kx.info().public_bytes;
            let (i, r) = (h(s(v, "i")), h(s(v, "r")));
            let (gi, gr) = (kx.offer(&i), kx.offer(&r));
            assert_eq!(gi.len(), bytes, "{name}");
            assert_eq!(gi[0], 4);
            if let Some(gix) = v["gix"].as_str() {
                assert_eq!(hex::encode(&gi), format!("04{gix}{}", s(v, "giy")));
                assert_eq!(
                    hex::encode(&gr),
                    format!("04{}{}", s(v, "grx"), s(v, "gry"))
                );
            }
            let z = s(v, "girx");
            assert_eq!(hex::encode(kx.reply(&i, &gr).unwrap()), z, "{name}");
            assert_eq!(hex::encode(kx.reply(&r, &gi).unwrap()), z, "{name}");
            // The IKEv2 form x||y and the compressed form give the same secret.
            assert_eq!(hex::encode(kx.reply(&i, &gr[1..]).unwrap()), z);
            let l = (bytes - 1) / 2;
            let mut c = vec![0x02 | (gr[bytes - 1] & 1)];
            c.extend_from_slice(&gr[1..1 + l]);
            assert_eq!(hex::encode(kx.reply(&i, &c).unwrap()), z);
            // The table and the variable-base path agree on the generator.
            assert_eq!(kx.shared_form(&gi), kx.reply(&i, &kx.generator()).unwrap());
        }
    }
}

#[test]
fn p384_p521_sizes_and_sec1_point_checks() {
    for (name, bytes, field_bits, q_bits) in [("p384", 97, 384, 384), ("p521", 133, 521, 521)] {
        let kx = open(name, false);
        let info = kx.info();
        assert_eq!(
            (info.public_bytes, info.field_bits, info.full_exp_bits),
            (bytes, field_bits, q_bits)
        );
        let mut rng = <rand_chacha::ChaCha20Rng as rand_core::SeedableRng>::seed_from_u64(7);
        let a = kx.random_secret(q_bits, &mut rng);
        kx.check_secret(&a).unwrap();
        let mut q = kx.offer(&kx.random_secret(q_bits, &mut rng));
        // SEC 1 §3.2.2.1: a point off the curve is refused (y changed by one bit).
        q[bytes - 1] ^= 1;
        let e = kx.reply(&a, &q).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(
            crate::cli::errors::render(&e).contains("not on the curve"),
            "{e}"
        );
        // x ≥ p: all ones is above p for both curves.
        let mut big = vec![4u8];
        big.extend(vec![0xff; bytes - 1]);
        assert_eq!(kx.reply(&a, &big).unwrap_err().exit_code(), 2);
        // The point at infinity (a lone 00) and a wrong length are refused.
        assert_eq!(kx.reply(&a, &[0]).unwrap_err().exit_code(), 2);
        assert_eq!(kx.reply(&a, &q[..bytes - 2]).unwrap_err().exit_code(), 2);
        // 0 is not a secret; a short secret has exactly its bits.
        assert_eq!(kx.check_secret(&[0]).unwrap_err().exit_code(), 2);
        let short = kx.random_secret(192, &mut rng);
        assert_eq!(short.len(), 24);
        assert!(short[0] & 0x80 != 0);
    }
}

#[test]
fn p521_full_secrets_fit_in_521_bits() {
    let kx = open("p521", false);
    let mut rng = <rand_chacha::ChaCha20Rng as rand_core::SeedableRng>::seed_from_u64(1);
    for _ in 0..64 {
        let k = kx.random_secret(521, &mut rng);
        assert_eq!(k.len(), 66);
        assert!(k[0] <= 1);
        kx.check_secret(&k).unwrap();
    }
}

#[test]
fn x448_rfc7748_alice_bob() {
    let v = &vectors()["x448"];
    let kx = open("x448", true);
    assert!(
        kx.table().is_none(),
        "the x448 crate has no fixed-base table"
    );
    let (a, b) = (h(s(v, "alice_secret")), h(s(v, "bob_secret")));
    assert_eq!(hex::encode(kx.offer(&a)), s(v, "alice_public"));
    assert_eq!(hex::encode(kx.offer(&b)), s(v, "bob_public"));
    assert_eq!(
        hex::encode(kx.reply(&a, &h(s(v, "bob_public"))).unwrap()),
        s(v, "shared")
    );
    assert_eq!(
        hex::encode(kx.reply(&b, &h(s(v, "alice_public"))).unwrap()),
        s(v, "shared")
    );
    assert_eq!(kx.reply(&a, &kx.generator()).unwrap(), kx.offer(&a));
    assert_eq!(kx.info().public_bytes, 56);
    assert_eq!(kx.info().full_exp_bits, 446);
}

#[test]
fn x448_rejects_small_order_and_bad_lengths() {
    let kx = open("x448", false);
    let a = h(s(&vectors()["x448"], "alice_secret"));
    // u = 0 and u = 1 are of small order: the shared secret is all zero (RFC 7748 §6.2).
    for first in [0u8, 1] {
        let mut u = [0u8; 56];
        u[0] = first;
        let e = kx.reply(&a, &u).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(crate::cli::errors::render(&e).contains("all zero"), "{e}");
    }
    assert_eq!(kx.reply(&a, &[5u8; 55]).unwrap_err().exit_code(), 2);
    assert_eq!(kx.check_secret(&[1u8; 32]).unwrap_err().exit_code(), 2);
    assert!(kx.check_exp_bits(ExpBits::Full).is_ok());
    assert_eq!(
        kx.check_exp_bits(ExpBits::Bits(224))
            .unwrap_err()
            .exit_code(),
        2
    );
}

#[test]
fn x448_order_is_rfc7748s_l() {
    // RFC 7748 §4.2: order 2^446 - 13818066809895115352007386748515426880336692474882178609894547503885.
    let f = crate::params::lookup("x448").unwrap();
    let n = num_bigint::BigUint::from_bytes_be(&f.big_key("n").unwrap().unwrap());
    let c: num_bigint::BigUint =
        "13818066809895115352007386748515426880336692474882178609894547503885"
            .parse()
            .unwrap();
    assert_eq!(n, (num_bigint::BigUint::from(1u32) << 446u32) - c);
}

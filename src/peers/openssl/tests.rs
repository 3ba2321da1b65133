//! OpenSSL at run time against the repository's known answers and pkbench's own code.

use super::ec::{BinaryCurve, Derive, EcGroup, NamedCurve, x25519_public};
use super::evp::{Cipher, Digest, cipher_name, digest_name};
use super::*;
use crate::kex::{GroupOptions, KeyExchange};
use crate::peers::kat;
use crate::peers::test_support::{discovery, or_skip};
use crate::symmetric::{Direction, Mode};

fn ssl() -> Option<&'static OpenSsl> {
    or_skip(load(discovery()))
}

fn h(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

fn own(name: &str) -> Box<dyn KeyExchange> {
    crate::kex::open_named(name, &GroupOptions::default()).unwrap()
}

/// Deterministic test secrets of `len` bytes (never zero).
fn secrets(len: usize, n: usize) -> Vec<Vec<u8>> {
    (0..n)
        .map(|i| {
            (0..len)
                .map(|j| ((i * 131 + j * 17 + 1) % 251) as u8 | 1)
                .collect()
        })
        .collect()
}

#[test]
fn loads_openssl_3_and_reports_its_version() {
    let Some(s) = ssl() else { return };
    let f = s.found();
    assert_eq!(f.name, "openssl");
    assert_eq!(crate::peers::major(&f.version), Some(3), "{f:?}");
    assert!(f.text.starts_with("OpenSSL 3"), "{}", f.text);
    let i = ModExp::new(s, &[0x0b], BnPowm::Mont)
        .unwrap()
        .implementation();
    assert_eq!(
        i.label(),
        format!("openssl {} (BN_mod_exp_mont)", f.version)
    );
}

#[test]
fn modp_vectors_with_both_exponentiations() {
    let Some(s) = ssl() else { return };
    for v in kat::modp() {
        let p = kat::group_key(&v.field, "p");
        for how in [BnPowm::Mont, BnPowm::ConstTime] {
            let mut e = ModExp::new(s, &p, how).unwrap();
            let (g, xa) = (
                e.operand(&[v.generator as u8]).unwrap(),
                e.operand(&v.secret_a).unwrap(),
            );
            e.pow(&g, &xa).unwrap();
            assert_eq!(e.result(), v.public_a, "{} offer {how:?}", v.field);
            assert_eq!(e.pow_bytes(&v.public_b, &v.secret_a).unwrap(), v.shared);
            let mut out = vec![0u8; e.modulus_bytes()];
            e.pow_bytes(&v.public_a, &v.secret_b).unwrap();
            e.result_into(&mut out).unwrap();
            assert_eq!(out, v.shared, "{} reply {how:?}", v.field);
        }
    }
}

#[test]
fn modp_same_as_pkbench_own_group() {
    let Some(s) = ssl() else { return };
    for name in ["modp-1024", "ffdhe2048"] {
        let group = own(name);
        let p = kat::group_key(name, "p");
        let mut e = ModExp::new(s, &p, BnPowm::ConstTime).unwrap();
        let g = kat::group_key(name, "g");
        for (a, b) in secrets(28, 3).iter().zip(secrets(28, 6).iter().skip(3)) {
            let pa = e.pow_bytes(&g, a).unwrap();
            assert_eq!(pa, group.offer(a), "{name}");
            let pb = group.offer(b);
            assert_eq!(e.pow_bytes(&pb, a).unwrap(), group.reply(a, &pb).unwrap());
        }
    }
}

#[test]
fn rsa_raw_and_crt() {
    let Some(s) = ssl() else { return };
    for v in kat::rsa() {
        let k = &v.key;
        let mut public = ModExp::new(s, &k.n, BnPowm::Mont).unwrap();
        let mut private = ModExp::new(s, &k.n, BnPowm::ConstTime).unwrap();
        let key = CrtKey {
            n: &k.n,
            e: &k.e,
            d: &k.d,
            p: &k.p,
            q: &k.q,
            dp: &k.dp,
            dq: &k.dq,
            qinv: &k.qinv,
        };
        for how in [BnPowm::Mont, BnPowm::ConstTime] {
            let mut crt = RsaCrt::new(s, key, how).unwrap();
            assert_eq!(
                crt.implementation().variant,
                format!("CRT on BN calls, {}", how.function())
            );
            for pair in &v.pairs {
                assert_eq!(
                    public.pow_bytes(&pair.message, &k.e).unwrap(),
                    pair.encrypted_public
                );
                assert_eq!(
                    private.pow_bytes(&pair.message, &k.d).unwrap(),
                    pair.signed_private
                );
                let c = crt.operand(&pair.message).unwrap();
                crt.private(&c).unwrap();
                assert_eq!(
                    crt.result().unwrap(),
                    pair.signed_private,
                    "{}-bit CRT",
                    k.bits
                );
            }
        }
    }
}

/// OpenSSL's RSA API without padding (`EVP_PKEY_decrypt`, `RSA_NO_PADDING`) on a key built
/// from its components gives the known c^d mod n of vectors/rsa-raw.json, call after call
/// (its blinding changes every call and must cancel), and refuses an input not below n with
/// OpenSSL's message instead of an answer.
#[test]
fn rsa_private_through_the_rsa_api() {
    let Some(s) = ssl() else { return };
    for v in kat::rsa() {
        let k = &v.key;
        let key = CrtKey {
            n: &k.n,
            e: &k.e,
            d: &k.d,
            p: &k.p,
            q: &k.q,
            dp: &k.dp,
            dq: &k.dq,
            qinv: &k.qinv,
        };
        let mut api = RsaPrivate::new(s, key).unwrap();
        assert_eq!(
            api.implementation().variant,
            "EVP_PKEY_decrypt, RSA_NO_PADDING"
        );
        for _ in 0..3 {
            for pair in &v.pairs {
                assert_eq!(
                    api.private_bytes(&pair.message).unwrap(),
                    pair.signed_private,
                    "{}-bit key",
                    k.bits
                );
            }
        }
        let too_big = vec![0xffu8; k.n.len()];
        let e = api.private_bytes(&too_big).unwrap_err().to_string();
        assert!(e.contains("EVP_PKEY_decrypt"), "{e}");
        assert!(api.result().is_err(), "no result after a failed call");
    }
}

#[test]
fn oakley_binary_groups_from_the_rfc_numbers() {
    let Some(s) = ssl() else { return };
    if let Err(why) = s.ec2m() {
        crate::testing::skip(&why.to_string());
        return;
    }
    for (name, t) in [("gf2-155", 4u8), ("gf2-185", 2)] {
        let file = crate::params::lookup(name).unwrap();
        let curve = BinaryCurve::from_group(&file).unwrap();
        let mut g = EcGroup::binary(s, &curve).unwrap();
        // The generator's order given to OpenSSL is t·q (as scripts/baseline.c sets it).
        let q = num_bigint::BigUint::from_bytes_be(&curve.order);
        assert_eq!(
            num_bigint::BigUint::from_bytes_be(g.generator_order()),
            q * t,
            "{name}"
        );
        assert_eq!(
            g.implementation().variant,
            format!("EC_POINT_mul, explicit GF(2^{})", curve.m)
        );
        for v in kat::ec2n().iter().filter(|v| v.field == name) {
            assert_eq!(
                g.offer_x(&v.secret_a).unwrap(),
                v.public_a_x,
                "{name} offer"
            );
            let qa = [v.public_a_x.clone(), v.public_a_y.clone()].concat();
            assert_eq!(g.reply(&v.secret_b, &qa).unwrap(), v.shared_x);
            let mut point = vec![0u8; 2 * g.field_bytes() + 1];
            let k = g.scalar(&v.secret_b).unwrap();
            g.offer_into(&k, &mut point).unwrap();
            assert_eq!(point, [&[4u8][..], &v.public_b_x, &v.public_b_y].concat());
            // Reply from x alone (IKE) and from x||y.
            assert_eq!(g.reply(&v.secret_a, &v.public_b_x).unwrap(), v.shared_x);
            let xy = [v.public_b_x.clone(), v.public_b_y.clone()].concat();
            assert_eq!(g.reply(&v.secret_a, &xy).unwrap(), v.shared_x);
            assert_eq!(g.reply(&v.secret_b, &v.public_a_x).unwrap(), v.shared_x);
        }
        // The same values as pkbench's own binary-curve code.
        let mine = own(name);
        let bytes = curve.field_bytes();
        let mut out = vec![0u8; bytes];
        for (a, b) in secrets(16, 4).iter().zip(secrets(19, 4).iter()) {
            let pa = mine.offer(a);
            assert_eq!(g.offer_x(a).unwrap(), pa, "{name} offer");
            let (kb, qa) = (g.scalar(b).unwrap(), g.point(&pa).unwrap());
            g.reply_into(&kb, &qa, &mut out).unwrap();
            assert_eq!(out, mine.reply(b, &pa).unwrap(), "{name} reply");
        }
        // A value not on the curve is refused by OpenSSL, as one line.
        let bad = [vec![0u8; bytes - 1], vec![3]].concat();
        let xy_bad = [bad.clone(), bad].concat();
        let err = g.point(&xy_bad).err().expect("not on the curve");
        assert!(!err.to_string().contains('\n'), "{err}");
    }
}

#[test]
fn p256_and_secp256k1() {
    let Some(s) = ssl() else { return };
    // RFC 5903 §8.1 (values in src/kex/ecp/tests.rs).
    let i = h("c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433");
    let gi = h(
        "04dad0b65394221cf9b051e1feca5787d098dfe637fc90b9ef945d0c3772581180\
                5271a0461cdb8252d61f1c456fa3e59ab1f45b33accf5f58389e0577b8990bb3",
    );
    let r = h("c6ef9c5d78ae012a011164acb397ce2088685d8f06bf9be0b283ab46476bee53");
    let gr = h(
        "04d12dfb5289c8d4f81208b70270398c342296970a0bccb74c736fc7554494bf63\
                56fbf3ca366cc23e8157854c13c58d6aac23f046ada30f8353e74f33039872ab",
    );
    let gir = h("d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de");
    let mut g = EcGroup::named(s, NamedCurve::P256).unwrap();
    let mut out = vec![0u8; 65];
    g.offer_into(&g.scalar(&i).unwrap(), &mut out).unwrap();
    assert_eq!(out, gi);
    assert_eq!(g.reply(&i, &gr).unwrap(), gir);
    assert_eq!(g.reply(&r, &gi[1..]).unwrap(), gir, "x||y");
    let mut d = Derive::ec(s, NamedCurve::P256, &i, &gr).unwrap();
    assert_eq!(d.derive().unwrap(), gir);
    assert_eq!(d.derive().unwrap(), gir, "the context is reused");
    assert_eq!(d.implementation().variant, "EVP_PKEY_derive, prime256v1");

    for (curve, name) in [(NamedCurve::P256, "p256"), (NamedCurve::Secp256k1, "k256")] {
        let mine = own(name);
        let mut g = EcGroup::named(s, curve).unwrap();
        for (a, b) in secrets(32, 3).iter().zip(secrets(32, 6).iter().skip(3)) {
            let pa = mine.offer(a);
            let mut out = vec![0u8; 65];
            g.offer_into(&g.scalar(a).unwrap(), &mut out).unwrap();
            assert_eq!(out, pa, "{name} offer");
            let shared = mine.reply(b, &pa).unwrap();
            assert_eq!(g.reply(b, &pa).unwrap(), shared, "{name} reply");
            let mut d = Derive::ec(s, curve, b, &pa).unwrap();
            let mut secret = [0u8; 32];
            d.derive_into(&mut secret).unwrap();
            assert_eq!(secret.to_vec(), shared, "{name} derive");
        }
    }
}

#[test]
fn x25519_rfc7748_and_pkbench() {
    let Some(s) = ssl() else { return };
    // RFC 7748 §6.1.
    let a = h("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
    let b = h("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
    let pa = h("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
    let pb = h("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
    let k = h("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
    let mut out = [0u8; 32];
    x25519_public(s, &a, &mut out).unwrap();
    assert_eq!(out.to_vec(), pa);
    x25519_public(s, &b, &mut out).unwrap();
    assert_eq!(out.to_vec(), pb);
    assert_eq!(Derive::x25519(s, &a, &pb).unwrap().derive().unwrap(), k);
    assert_eq!(Derive::x25519(s, &b, &pa).unwrap().derive().unwrap(), k);
    let mine = own("x25519");
    for (x, y) in secrets(32, 3).iter().zip(secrets(32, 6).iter().skip(3)) {
        x25519_public(s, x, &mut out).unwrap();
        assert_eq!(out.to_vec(), mine.offer(x));
        let py = mine.offer(y);
        let mut d = Derive::x25519(s, x, &py).unwrap();
        assert_eq!(d.derive().unwrap(), mine.reply(x, &py).unwrap());
    }
    // A small-order peer (u = 0) gives an all-zero secret, which OpenSSL refuses: a typed
    // error of one line, no crash.
    let err = Derive::x25519(s, &a, &[0u8; 32])
        .and_then(|mut d| d.derive())
        .unwrap_err();
    assert!(matches!(err, PeerError::Call { .. }), "{err}");
    assert!(
        Derive::x25519(s, &a[..31], &pb).is_err(),
        "a 31-byte secret is refused before OpenSSL sees it"
    );
}

#[test]
fn des_key_setup_known_answers_and_pkbench() {
    let Some(s) = ssl() else { return };
    let mut d = match DesKeySetup::new(s) {
        Ok(d) => d,
        Err(e) => {
            crate::testing::skip(&e.to_string());
            return;
        }
    };
    for (key, pt, ct) in crate::des::known_answers() {
        d.set_key(&key);
        assert_eq!(d.encrypt_block(&pt), ct, "key {}", hex::encode(key));
    }
    let spec = crate::des::spec();
    for (i, key) in secrets(8, 8).iter().enumerate() {
        let key: [u8; 8] = key.as_slice().try_into().unwrap();
        let block = [i as u8; 8];
        d.set_key(&key);
        let mut want = block;
        spec.engine(&key)
            .unwrap()
            .block(Direction::Encrypt, &mut want)
            .unwrap()
            .unwrap();
        assert_eq!(d.encrypt_block(&block), want);
    }
    assert_eq!(d.implementation().variant, "DES_set_key_unchecked");
}

#[test]
fn md4_md5_sha1_known_answers_and_pkbench() {
    let Some(s) = ssl() else { return };
    for hash in crate::hash::registry::HASHES {
        let Ok(name) = digest_name(hash.name) else {
            continue;
        };
        let member = &hash.members[hash.default_member];
        let mut d = match Digest::new(s, name) {
            Ok(d) => d,
            Err(e) => panic!("{name}: {e}"),
        };
        assert_eq!(d.output_bytes(), member.output_bytes);
        for ka in (member.known_answers)() {
            assert_eq!(
                d.digest(&ka.message).unwrap(),
                ka.digest,
                "{name} {}",
                ka.describe()
            );
        }
        let data: Vec<u8> = (0..10_000u32).map(|i| (i * 13) as u8).collect();
        let mut out = vec![0u8; d.output_bytes()];
        d.digest_into(&data, &mut out).unwrap();
        let own = member
            .own
            .as_ref()
            .expect("OpenSSL's digests are pkbench's too");
        assert_eq!(out, (own.digest)(&data), "{name} against pkbench's");
        let expect_provider = if name == "MD4" { "legacy" } else { "default" };
        assert_eq!(d.provider(), expect_provider, "{name}");
    }
    // MD4 needed the legacy provider, and OpenSSL says it was loaded.
    assert_eq!(s.legacy_provider(), Some(&Ok(())));
    assert!(digest_name("sha0").is_err());
}

#[test]
fn every_cipher_and_mode_it_has() {
    let Some(s) = ssl() else { return };
    let outcome = kat::check_ciphers(
        |spec, mode, dir, key| Cipher::new(s, spec.cipher.name, spec.key_bits, key, mode, dir),
        |c, iv, input, out| c.apply(iv, input, out),
    );
    for u in &outcome.unavailable {
        eprintln!("openssl lacks {u}");
    }
    // AES, Camellia, 3DES in every mode OpenSSL has, from the default provider; DES,
    // CAST5, Blowfish, RC2 and RC4 from the legacy one.
    for must in [
        "aes-128 CTR",
        "aes-256 CFB",
        "camellia-192 OFB",
        "3des-168 CBC",
        "des-56 ECB",
        "cast5-40 CBC",
        "blowfish-64 OFB",
        "rc2-40 CBC",
        "arcfour-128 STREAM",
    ] {
        assert!(
            outcome.checked.iter().any(|c| c == must),
            "{must} not checked"
        );
    }
    assert!(
        outcome
            .unavailable
            .iter()
            .any(|u| u.starts_with("twofish-256 ECB"))
    );
    assert!(
        outcome
            .unavailable
            .iter()
            .any(|u| u.starts_with("des-56 CTR"))
    );
    let c = Cipher::new(s, "des", 56, &[1; 8], Mode::Cbc, Direction::Encrypt).unwrap();
    assert_eq!(c.provider(), "legacy");
    assert!(
        c.implementation()
            .variant
            .contains("DES-CBC, legacy provider")
    );
}

#[test]
fn seed_rfc4269() {
    let Some(s) = ssl() else { return };
    for v in crate::symmetric::table2013::SEED.vectors {
        let (k, p, c) = (v.key, v.plaintext, v.ciphertext);
        let mut e = match Cipher::new(s, "seed", 128, &h(k), Mode::Ecb, Direction::Encrypt) {
            Ok(e) => e,
            Err(PeerError::Unavailable(u)) => {
                crate::testing::skip(&u.to_string());
                return;
            }
            Err(e) => panic!("{e}"),
        };
        let mut out = [0u8; 16];
        e.apply(&[], &h(p), &mut out).unwrap();
        assert_eq!(out.to_vec(), h(c));
    }
}

#[test]
fn cipher_names_and_refusals() {
    assert_eq!(cipher_name("aes", 24, Mode::Ctr).unwrap(), "AES-192-CTR");
    assert_eq!(cipher_name("3des", 24, Mode::Cfb).unwrap(), "DES-EDE3-CFB");
    assert_eq!(cipher_name("arcfour", 16, Mode::Stream).unwrap(), "RC4");
    assert!(cipher_name("idea", 16, Mode::Ctr).is_err());
    assert!(cipher_name("serpent", 16, Mode::Ecb).is_err());
    assert!(cipher_name("salsa20", 32, Mode::Stream).is_err());
    let Some(s) = ssl() else { return };
    let mut c = Cipher::new(s, "aes", 128, &[0; 16], Mode::Cbc, Direction::Encrypt).unwrap();
    let mut out = [0u8; 16];
    let err = c.apply(&[0; 8], &[0; 16], &mut out).unwrap_err();
    assert_eq!(
        err.to_string(),
        "openssl: AES-128-CBC takes a 16-byte IV, not 8 bytes"
    );
    assert!(c.apply(&[0; 16], &[0; 15], &mut [0u8; 15]).is_err());
    let err = Cipher::new(s, "aes", 128, &[0; 15], Mode::Ecb, Direction::Encrypt)
        .err()
        .unwrap();
    assert!(matches!(err, PeerError::Input { .. }), "{err}");
}

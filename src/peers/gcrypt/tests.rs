//! libgcrypt at run time against the repository's known answers and pkbench's own code.

use super::*;
use crate::kex::GroupOptions;
use crate::peers::kat;
use crate::peers::test_support::{discovery, or_skip};

fn gcrypt() -> Option<&'static Gcrypt> {
    or_skip(load(discovery()))
}

fn h(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

#[test]
fn loads_after_check_version_and_reports_it() {
    let Some(g) = gcrypt() else { return };
    let f = g.found();
    assert_eq!(f.name, "gcrypt");
    assert!(
        matches!(crate::peers::major_minor(&f.version), Some((1, m)) if m >= 6),
        "{f:?}"
    );
    let m = ModExp::new(g, &[0x0b]).unwrap();
    assert_eq!(
        m.implementation().label(),
        format!("gcrypt {} (gcry_mpi_powm)", f.version)
    );
}

#[test]
fn every_cipher_and_mode_of_pkbench_cipher() {
    let Some(g) = gcrypt() else { return };
    let outcome = kat::check_ciphers(
        |spec, mode, dir, key| Cipher::new(g, spec.cipher.name, key, mode, dir),
        |c, iv, input, out| c.apply(iv, input, out),
    );
    for u in &outcome.unavailable {
        eprintln!("gcrypt lacks {u}");
    }
    // The ciphers of the 2000 GnuPG table and of libgcrypt's own, in every mode.
    for algo in [
        "des-56",
        "3des-168",
        "aes-128",
        "aes-256",
        "cast5-128",
        "blowfish-128",
        "twofish-256",
        "twofish-128",
        "serpent-128",
        "serpent-256",
        "camellia-128",
        "idea-128",
        "rc2-40",
        // No code in pkbench: against the reference modes over libgcrypt's own ECB, and the
        // RFC 4269 vectors in every mode.
        "seed-128",
    ] {
        for mode in ["ECB", "CBC", "CFB", "OFB", "CTR"] {
            let label = format!("{algo} {mode}");
            assert!(outcome.checked.contains(&label), "{label} not checked");
        }
    }
    assert!(outcome.checked.contains(&"arcfour-128 STREAM".to_string()));
    // Salsa20 with its nonce, against the salsa20 crate and the eSTREAM vectors.
    assert!(outcome.checked.contains(&"salsa20-256 STREAM".to_string()));
    let c = Cipher::new(g, "twofish", &[0; 32], Mode::Cfb, Direction::Encrypt).unwrap();
    assert_eq!(c.implementation().variant, "TWOFISH, CFB");
}

#[test]
fn seed_rfc4269() {
    let Some(g) = gcrypt() else { return };
    for v in crate::symmetric::table2013::SEED.vectors {
        let (k, p, c) = (v.key, v.plaintext, v.ciphertext);
        let mut e = Cipher::new(g, "seed", &h(k), Mode::Ecb, Direction::Encrypt).unwrap();
        let mut out = [0u8; 16];
        e.apply(&[], &h(p), &mut out).unwrap();
        assert_eq!(out.to_vec(), h(c));
        let mut d = Cipher::new(g, "seed", &h(k), Mode::Ecb, Direction::Decrypt).unwrap();
        let mut back = [0u8; 16];
        d.apply(&[], &out, &mut back).unwrap();
        assert_eq!(back.to_vec(), h(p));
    }
}

#[test]
fn hashes_of_the_libgcrypt_table() {
    let Some(g) = gcrypt() else { return };
    let data: Vec<u8> = (0..10_000u32).map(|i| (i * 13 + 5) as u8).collect();
    let mut library_only = 0;
    for hash in HASHES {
        let mut d = Digest::new(g, hash).unwrap_or_else(|e| panic!("{}: {e}", hash.name));
        // Every hash of the table is an entry of pkbench's registry, with its known answers
        // (the published vectors: src/hash/table2013.rs for those the 1995 list lacks).
        let entry = crate::hash::HASHES
            .iter()
            .find(|e| e.name == hash.name)
            .unwrap_or_else(|| panic!("{} is not in the hash registry", hash.name));
        let member = &entry.members[entry.default_member];
        assert_eq!(member.output_bytes, hash.output_bytes, "{}", hash.name);
        let kats = (member.known_answers)();
        assert!(
            kats.len() >= 2,
            "{}: {} known answers",
            hash.name,
            kats.len()
        );
        let mut out = vec![0u8; d.output_bytes()];
        for ka in &kats {
            let what = format!("{} {}", hash.name, ka.describe());
            assert_eq!(d.digest(&ka.message).unwrap(), ka.digest, "{what}");
            // Each feed of the 2013 table's columns gives the same digest.
            for write in [1, 100, 1000] {
                out.fill(0);
                d.digest_writes(&ka.message, write, &mut out).unwrap();
                assert_eq!(out, ka.digest, "{what}, writes of {write}");
            }
            out.fill(0);
            d.digest_putc(&ka.message, &mut out).unwrap();
            assert_eq!(out, ka.digest, "{what}, putc");
            assert_eq!(
                g.hash_buffer(hash, &ka.message),
                ka.digest,
                "{what}, one call"
            );
        }
        // pkbench's own code, where it has some: the same digest on 10000 bytes.
        match &member.own {
            Some(own) => assert_eq!(
                d.digest(&data).unwrap(),
                (own.digest)(&data),
                "{}",
                hash.name
            ),
            None => library_only += 1,
        }
        // The one-call function gives the same digest, and the handle is reusable.
        let once = g.hash_buffer(hash, &data);
        d.digest_into(&data, &mut out).unwrap();
        assert_eq!(out, once, "{}", hash.name);
        assert_eq!(d.hash_buffer(&data), once, "{}", hash.name);
        d.digest_putc(&data, &mut out).unwrap();
        assert_eq!(out, once, "{} putc", hash.name);
        assert_eq!(d.implementation().variant, hash.gcrypt_name);
        // A wrong-length output is an error, not a panic.
        assert!(d.digest_putc(&data, &mut out[1..]).is_err());
    }
    assert_eq!(
        library_only, 6,
        "RIPEMD-160, TIGER192, Tiger, WHIRLPOOL, CRC-32, CRC-24"
    );
}

#[test]
fn modp_and_rsa_vectors_and_pkbench() {
    let Some(g) = gcrypt() else { return };
    for v in kat::modp() {
        let mut e = ModExp::new(g, &kat::group_key(&v.field, "p")).unwrap();
        assert_eq!(
            e.pow_bytes(&[v.generator as u8], &v.secret_a).unwrap(),
            v.public_a
        );
        let (pb, xa) = (
            e.operand(&v.public_b).unwrap(),
            e.operand(&v.secret_a).unwrap(),
        );
        e.pow(&pb, &xa);
        assert_eq!(e.result().unwrap(), v.shared, "{}", v.field);
    }
    for v in kat::rsa() {
        let mut e = ModExp::new(g, &v.key.n).unwrap();
        for pair in &v.pairs {
            assert_eq!(
                e.pow_bytes(&pair.message, &v.key.e).unwrap(),
                pair.encrypted_public
            );
            assert_eq!(
                e.pow_bytes(&pair.message, &v.key.d).unwrap(),
                pair.signed_private
            );
        }
    }
    let group = crate::kex::open_named("ffdhe2048", &GroupOptions::default()).unwrap();
    let mut e = ModExp::new(g, &kat::group_key("ffdhe2048", "p")).unwrap();
    let x: Vec<u8> = (1..=28).collect();
    assert_eq!(e.pow_bytes(&[2], &x).unwrap(), group.offer(&x));
    assert!(matches!(ModExp::new(g, &[0]), Err(PeerError::Input { .. })));
}

#[test]
fn x25519_where_the_library_has_it() {
    let Some(g) = gcrypt() else { return };
    if let Err(why) = g.has_x25519() {
        crate::testing::skip(&why.to_string());
        return;
    }
    // RFC 7748 §6.1.
    let a = h("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
    let pa = h("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
    let pb = h("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
    let k = h("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
    let mut out = [0u8; 32];
    x25519(g, &a, &X25519_BASE, &mut out).unwrap();
    assert_eq!(out.to_vec(), pa);
    x25519(g, &a, &pb, &mut out).unwrap();
    assert_eq!(out.to_vec(), k);
    let mine = crate::kex::open_named("x25519", &GroupOptions::default()).unwrap();
    let s: Vec<u8> = (0..32).map(|i| i * 7 + 1).collect();
    x25519(g, &s, &X25519_BASE, &mut out).unwrap();
    assert_eq!(out.to_vec(), mine.offer(&s));
    x25519(g, &s, &pb, &mut out).unwrap();
    assert_eq!(out.to_vec(), mine.reply(&s, &pb).unwrap());
    assert!(x25519(g, &s[..31], &pb, &mut out).is_err());
}

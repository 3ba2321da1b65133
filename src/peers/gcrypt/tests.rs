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
    ] {
        for mode in ["ECB", "CBC", "CFB", "OFB", "CTR"] {
            let label = format!("{algo} {mode}");
            assert!(outcome.checked.contains(&label), "{label} not checked");
        }
    }
    assert!(outcome.checked.contains(&"arcfour-128 STREAM".to_string()));
    let c = Cipher::new(g, "twofish", &[0; 32], Mode::Cfb, Direction::Encrypt).unwrap();
    assert_eq!(c.implementation().variant, "TWOFISH, CFB");
}

#[test]
fn seed_rfc4269() {
    let Some(g) = gcrypt() else { return };
    for (k, p, c) in kat::SEED_VECTORS {
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

/// Known answers for the hashes of libgcrypt's table that pkbench's registry does not have.
/// SHA-224/384/512 and RIPEMD-160 ("abc"): FIPS 180-4 examples and the RIPEMD-160 page;
/// WHIRLPOOL: the ISO/IEC 10118-3 test vectors; Tiger: the NESSIE vectors (TIGER1; TIGER192
/// is the same digest with each 64-bit word byte-reversed, libgcrypt's old byte order);
/// CRC32 and CRC24 (RFC 4880 §6.1): the catalogue check values of "123456789".
fn extra_answers(name: &str) -> Vec<(&'static str, String)> {
    let tiger = [
        ("", "3293ac630c13f0245f92bbb1766e16167a4e58492dde73f3"),
        ("abc", "2aab1484e8c158f2bfb8c5ff41b57a525129131c957b5f93"),
    ];
    let swap = |d: &str| -> String {
        h(d).chunks(8)
            .flat_map(|w| w.iter().rev().copied().collect::<Vec<_>>())
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    match name {
        "sha224" => vec![("abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7".into())],
        "sha384" => vec![("abc", "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7".into())],
        "sha512" => vec![("abc", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f".into())],
        "rmd160" => vec![
            ("", "9c1185a5c5e9fc54612808977ee8f548b2258d31".into()),
            ("abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc".into()),
        ],
        "whirlpool" => vec![
            ("", "19fa61d75522a4669b44e39c1d2e1726c530232130d407f89afee0964997f7a73e83be698b288febcf88e3e03c4f0757ea8964e59b63d93708b138cc42a66eb3".into()),
            ("abc", "4e2448a4c6f486bb16b6562c73b4020bf3043e3a731bce721ae1b303d97e6d4c7181eebdb6c57e277d0e34957114cbd6c797fc9d95d8b582d225292076d4eef5".into()),
        ],
        "tiger1" => tiger.iter().map(|(m, d)| (*m, d.to_string())).collect(),
        "tiger" => tiger.iter().map(|(m, d)| (*m, swap(d))).collect(),
        "crc32" => vec![("123456789", "cbf43926".into())],
        "crc24" => vec![("123456789", "21cf02".into())],
        _ => Vec::new(),
    }
}

#[test]
fn hashes_of_the_libgcrypt_table() {
    let Some(g) = gcrypt() else { return };
    let data: Vec<u8> = (0..10_000u32).map(|i| (i * 13 + 5) as u8).collect();
    for hash in HASHES {
        let mut d = Digest::new(g, hash).unwrap_or_else(|e| panic!("{}: {e}", hash.name));
        let mut checked = 0;
        // pkbench's own registry: its known answers, and the same digest on 10000 bytes.
        if let Some(entry) = crate::hash::HASHES.iter().find(|e| e.name == hash.name) {
            let member = &entry.members[entry.default_member];
            for ka in (member.known_answers)() {
                assert_eq!(d.digest(&ka.message).unwrap(), ka.digest, "{}", hash.name);
                checked += 1;
            }
            assert_eq!(
                d.digest(&data).unwrap(),
                (member.digest)(&data),
                "{}",
                hash.name
            );
        }
        for (m, want) in extra_answers(hash.name) {
            assert_eq!(
                hex::encode(d.digest(m.as_bytes()).unwrap()),
                want,
                "{} {m:?}",
                hash.name
            );
            checked += 1;
        }
        assert!(checked > 0, "{}: no known answer", hash.name);
        // The one-call function gives the same digest, and the handle is reusable.
        let once = g.hash_buffer(hash, &data);
        let mut out = vec![0u8; d.output_bytes()];
        d.digest_into(&data, &mut out).unwrap();
        assert_eq!(out, once, "{}", hash.name);
        assert_eq!(d.implementation().variant, hash.gcrypt_name);
    }
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

//! Raw RSA through the library: known answers from `vectors/rsa-raw.json` on every backend
//! built in (raw, CRT and, on gmp, `mpz_powm_sec`), CRT against raw on generated keys, and
//! PEM keys written by OpenSSL (`tests/data`, components in `vectors/rsa512-key.json`).

mod common;

use common::backends;
use num_bigint::BigUint;
use pkbench::rsa::ops::Powm;
use pkbench::rsa::{self, RsaKey, ops, pem};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use serde_json::Value;

/// The private-operation exponentiations each backend offers: `fast` everywhere, `sec`
/// (mpz_powm_sec) on gmp only.
fn powms(backend: &str) -> Vec<Powm> {
    if backend == "gmp" {
        vec![Powm::Fast, Powm::Sec]
    } else {
        vec![Powm::Fast]
    }
}

fn big(hex: &str) -> BigUint {
    BigUint::parse_bytes(hex.as_bytes(), 16).unwrap()
}

fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    v[k].as_str().unwrap_or_else(|| panic!("missing {k}"))
}

fn key_of(k: &Value) -> RsaKey {
    let key = RsaKey {
        n: big(s(k, "n")),
        e: big(s(k, "e")),
        d: big(s(k, "d")),
        p: big(s(k, "p")),
        q: big(s(k, "q")),
        dp: big(s(k, "dp")),
        dq: big(s(k, "dq")),
        qinv: big(s(k, "qinv")),
    };
    key.validate().unwrap();
    key
}

fn unhex(h: &str) -> Vec<u8> {
    hex::decode(h).unwrap()
}

fn read_data(name: &str) -> String {
    std::fs::read_to_string(common::data(name)).unwrap()
}

#[test]
fn vectors_through_the_library() {
    let mut pairs = 0;
    for vec in &common::vectors("rsa-raw.json") {
        let key = key_of(&vec["key"]);
        assert_eq!(u64::from(key.bits()), vec["key"]["bits"].as_u64().unwrap());
        let chunk = vec["chunk_bytes"].as_u64().unwrap() as usize;
        for b in backends() {
            let eng = ops::engine(&key, Some(b)).unwrap();
            let sec = ops::engine_with_powm(&key, Some(b), Powm::Sec);
            for pair in vec["pairs"].as_array().unwrap() {
                let m = unhex(s(pair, "message"));
                assert_eq!(m.len(), chunk);
                let enc = unhex(s(pair, "encrypted_public"));
                let sig = unhex(s(pair, "signed_private"));
                assert_eq!(eng.public(&m), enc, "{b} public");
                assert_eq!(eng.private_raw(&m), sig, "{b} private raw");
                assert_eq!(eng.private_crt(&m), sig, "{b} private CRT");
                // mpz_powm_sec (gmp): the same known answers, raw and CRT.
                if let Ok(sec) = &sec {
                    assert_eq!(sec.public(&m), enc, "{b} public (powm sec)");
                    assert_eq!(sec.private_raw(&m), sig, "{b} private raw (powm sec)");
                    assert_eq!(sec.private_crt(&m), sig, "{b} private CRT (powm sec)");
                }
                let n = key.n.to_bytes_be();
                assert_eq!(
                    rsa::raw(&n, &key.e.to_bytes_be(), &m, Some(b)).unwrap(),
                    enc
                );
                assert_eq!(
                    rsa::raw(&n, &key.d.to_bytes_be(), &m, Some(b)).unwrap(),
                    sig
                );
                pairs += 1;
            }
        }
    }
    assert!(pairs >= 5 * backends().len());
}

#[test]
fn powm_sec_only_where_the_library_has_one() {
    let key = key_of(&common::vectors("rsa-raw.json")[0]["key"]);
    for b in backends() {
        let sec = ops::engine_with_powm(&key, Some(b), Powm::Sec);
        if powms(b).contains(&Powm::Sec) {
            assert!(sec.is_ok(), "{b}");
        } else {
            let e = sec.err().expect("num-bigint has no constant-time powm");
            assert_eq!(e.exit_code(), 2);
            // A typed problem: the binary's words name the gmp backend's flag.
            let shown = pkbench::cli::errors::render(&e);
            assert!(shown.contains("--backend gmp"), "{shown}");
        }
    }
}

#[test]
fn pem_keys_written_by_openssl_round_trip() {
    let pkcs8 = read_data("rsa512-pkcs8.pem");
    let pkcs1 = read_data("rsa512-pkcs1.pem");
    let k8 = pem::parse_pem(&pkcs8).unwrap();
    let k1 = pem::parse_pem(&pkcs1).unwrap();
    assert_eq!(k8, k1);
    // The components OpenSSL printed for this key (`openssl rsa -noout -text`).
    let want = common::vector_file("rsa512-key.json");
    assert_eq!(k8, key_of(&want));
    assert_eq!(k8.bits(), 512);
    // Written back, both forms are byte-for-byte what OpenSSL wrote.
    assert_eq!(pem::to_pkcs8_pem(&k8).unwrap(), pkcs8);
    assert_eq!(pem::to_pkcs1_pem(&k8).unwrap(), pkcs1);
    // And the key works: the public operation undoes the private one on every backend.
    let m = vec![0x5a; 63];
    for b in backends() {
        let eng = ops::engine(&k8, Some(b)).unwrap();
        let sig = eng.private_raw(&m);
        assert_eq!(eng.private_crt(&m), sig);
        assert_eq!(&eng.public(&sig)[1..], &m[..]);
        assert_eq!(eng.public(&sig)[0], 0);
    }
}

#[test]
fn bad_pem_rejected() {
    let pkcs1 = read_data("rsa512-pkcs1.pem");
    for (text, needle) in [
        ("hello", "PEM"),
        (
            "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
            "CERTIFICATE",
        ),
        (&read_data("rsa512-public.pem") as &str, "public key"),
        (
            "-----BEGIN RSA PRIVATE KEY-----\nMAMCAQA=\n-----END RSA PRIVATE KEY-----\n",
            "PKCS#1",
        ),
        (&pkcs1.replace("RSA PRIVATE KEY", "PRIVATE KEY"), "PKCS#8"),
    ] {
        let e = pem::parse_pem(text).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message().contains(needle), "{e} lacks {needle}");
    }
    // A consistent-looking key whose d was changed is caught by the key check.
    let mut k = pem::parse_pem(&pkcs1).unwrap();
    k.d += 2u32;
    let text = pem::to_pkcs1_pem(&k).unwrap();
    let e = pem::parse_pem(&text).unwrap_err();
    assert!(e.message().contains("inconsistent"), "{e}");
}

#[test]
fn crt_agrees_with_raw_on_generated_keys() {
    let mut rng = ChaCha20Rng::seed_from_u64(42);
    for bits in [256u32, 384, 1024] {
        let key = rsa::keygen::generate(bits, &mut rng).unwrap();
        for (b, powm) in backends()
            .into_iter()
            .flat_map(|b| powms(b).into_iter().map(move |p| (b, p)))
        {
            let eng = ops::engine_with_powm(&key, Some(b), powm).unwrap();
            for fill in [0u8, 1, 0x80, 0xff] {
                let m = vec![fill; key.modulus_bytes() - 1];
                let raw = eng.private_raw(&m);
                assert_eq!(eng.private_crt(&m), raw, "{b} {powm:?} {bits} {fill}");
                assert_eq!(eng.public(&raw), ops::pad(m.clone(), key.modulus_bytes()));
                // Cross-check against num-bigint's own modpow.
                let want = BigUint::from_bytes_be(&m).modpow(&key.d, &key.n);
                assert_eq!(BigUint::from_bytes_be(&raw), want);
            }
        }
    }
}

//! Every crate of [`CRATES`] on every curve it offers: published known answers (RFC 7748 §6.1
//! for X25519, RFC 5903 §8.1–8.3 for P-256, P-384, P-521), the same checks as `dh` against
//! pkbench's own crates, and refusals of bad peer values. Generic over the list, so that a
//! crate added to it is tested here without a line more.

use super::*;
use crate::kex::{GroupOptions, KeyExchange};
use serde_json::Value;

fn h(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

/// A published exchange: the initiator's secret i and public value gi, the responder's r and
/// gr, the shared secret.
struct Kat {
    group: &'static str,
    source: String,
    i: Vec<u8>,
    gi: Vec<u8>,
    r: Vec<u8>,
    gr: Vec<u8>,
    shared: Vec<u8>,
}

fn kats() -> Vec<Kat> {
    let mut v = vec![
        Kat {
            group: "x25519",
            source: "RFC 7748 §6.1".into(),
            i: h("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"),
            gi: h("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"),
            r: h("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"),
            gr: h("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"),
            shared: h("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"),
        },
        Kat {
            group: "p256",
            source: "RFC 5903 §8.1".into(),
            i: h("c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433"),
            gi: h(
                "04dad0b65394221cf9b051e1feca5787d098dfe637fc90b9ef945d0c3772581180\
                 5271a0461cdb8252d61f1c456fa3e59ab1f45b33accf5f58389e0577b8990bb3",
            ),
            r: h("c6ef9c5d78ae012a011164acb397ce2088685d8f06bf9be0b283ab46476bee53"),
            gr: h(
                "04d12dfb5289c8d4f81208b70270398c342296970a0bccb74c736fc7554494bf63\
                 56fbf3ca366cc23e8157854c13c58d6aac23f046ada30f8353e74f33039872ab",
            ),
            shared: h("d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de"),
        },
    ];
    let json: Value =
        serde_json::from_str(include_str!("../../../vectors/ecdh-today.json")).unwrap();
    for w in json["weierstrass"].as_array().unwrap() {
        let s = |k: &str| w[k].as_str().unwrap().to_string();
        let group = match s("group").as_str() {
            "p384" => "p384",
            "p521" => "p521",
            _ => continue,
        };
        let (i, r) = (h(&s("i")), h(&s("r")));
        // The file gives P-521's shared secret only: its public values are pkbench's crate's
        // (itself checked against the same vector in src/kex/ecp/tests_today.rs).
        let point = |x: &str, y: &str, k: &[u8]| match (w[x].as_str(), w[y].as_str()) {
            (Some(x), Some(y)) => h(&format!("04{x}{y}")),
            _ => own(group).offer(k),
        };
        v.push(Kat {
            group,
            source: s("source"),
            gi: point("gix", "giy", &i),
            gr: point("grx", "gry", &r),
            i,
            r,
            shared: h(&s("girx")),
        });
    }
    v
}

fn own(group: &str) -> Box<dyn KeyExchange> {
    crate::kex::open_named(group, &GroupOptions::default()).unwrap()
}

#[test]
fn published_known_answers_through_every_crate() {
    let kats = kats();
    for k in CRATES {
        for c in k.curves() {
            let kat = kats
                .iter()
                .find(|v| v.group == c.group)
                .unwrap_or_else(|| panic!("{} {}: no known answer here", k.name(), c.group));
            let what = format!("{} {} ({})", k.name(), c.group, kat.source);
            let mine = own(c.group);
            // The vector through pkbench's own crate first: the reference of the checks below.
            assert_eq!(mine.offer(&kat.r), kat.gr, "{what}");
            assert_eq!(mine.reply(&kat.i, &kat.gr).unwrap(), kat.shared, "{what}");
            let mut e = (c.open)();
            let mut public = vec![0u8; kat.gi.len()];
            let mut out = vec![0u8; kat.shared.len()];
            assert!(e.offer(0, &kat.i, &mut public), "{what}");
            assert!(
                e.ready(std::slice::from_ref(&kat.i), 0, 1, public.len()),
                "{what}"
            );
            assert!(e.reply(0, 0, &kat.gr, &mut out), "{what}");
            match k.keys() {
                Keys::Given => {
                    assert_eq!(public, kat.gi, "{what}: Offer");
                    assert_eq!(out, kat.shared, "{what}: Reply");
                }
                Keys::Generated => {
                    // The crate's own key against the vector's responder: r·(its public
                    // value) by pkbench's crate equals its agreement with gr.
                    let reply_key = e.reply_public(0).to_vec();
                    assert_eq!(
                        out,
                        mine.reply(&kat.r, &reply_key).unwrap(),
                        "{what}: Reply"
                    );
                    let seen = mine.reply(&kat.r, &public).unwrap();
                    assert!(e.agree_offered(0, &kat.gr, &mut out), "{what}");
                    assert_eq!(out, seen, "{what}: Offer");
                    assert_ne!(public, kat.gi, "{what}: a key of its own");
                }
            }
        }
    }
}

#[test]
fn every_crate_agrees_with_pkbench_on_every_curve() {
    for k in CRATES {
        for c in k.curves() {
            check(*k, c, own(c.group).as_ref())
                .unwrap_or_else(|e| panic!("{} {}: {e}", k.name(), c.group));
        }
    }
}

#[test]
fn bad_peer_values_are_refused() {
    let kats = kats();
    for k in CRATES {
        for c in k.curves() {
            let kat = kats.iter().find(|v| v.group == c.group).unwrap();
            let mut e = (c.open)();
            let mut out = vec![0u8; kat.shared.len()];
            let bad = if c.group == "x25519" {
                // u = 0, of small order: the shared secret would be zero (RFC 7748 §6.1).
                vec![0u8; 32]
            } else {
                // The responder's point with y + 1: not on the curve.
                let mut p = kat.gr.clone();
                *p.last_mut().unwrap() ^= 1;
                p
            };
            assert!(e.ready(std::slice::from_ref(&kat.i), 0, 1, kat.gi.len()));
            assert!(!e.reply(0, 0, &bad, &mut out), "{} {}", k.name(), c.group);
            let short = &kat.gr[..kat.gr.len() - 1];
            assert!(e.ready(std::slice::from_ref(&kat.i), 0, 1, kat.gi.len()));
            assert!(!e.reply(0, 0, short, &mut out), "{} {}", k.name(), c.group);
        }
    }
}

#[test]
fn the_list_names_each_crate_once_with_its_version_and_groups() {
    let mut names: Vec<&str> = CRATES.iter().map(|c| c.name()).collect();
    for n in &names {
        let v = crate::implementation::crate_version(n);
        assert_ne!(v, "unknown", "{n}: not a dependency in Cargo.lock");
        assert_eq!(find(&n.to_uppercase()).map(|c| c.name()), Some(*n));
        assert_eq!(
            crate::implementation::Choice::Crate(n).name(),
            *n,
            "the choice's name"
        );
    }
    names.dedup();
    assert_eq!(names.len(), CRATES.len());
    assert!(find("nss").is_none());
    let aws = find("aws-lc-rs").unwrap();
    assert_eq!(
        summary()[0],
        "aws-lc-rs (x25519, p256, p384, p521)",
        "{:?}",
        aws.curves().len()
    );
    for k in CRATES {
        for c in k.curves() {
            assert!(crate::params::lookup(c.group).is_ok(), "{}", c.group);
        }
    }
}

/// FIPS 180-2's examples of "abc" (appendices A.1 of SHA-1, B.1 of SHA-256, C.1 of SHA-512;
/// FIPS 180-2 change notice 1 for SHA-224; D.1 of SHA-384).
const ABC: [(&str, &str); 5] = [
    ("sha1", "a9993e364706816aba3e25717850c26c9cd0d89d"),
    (
        "sha224",
        "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
    ),
    (
        "sha256",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    ),
    (
        "sha384",
        "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed\
         8086072ba1e7cc2358baeca134c825a7",
    ),
    (
        "sha512",
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a\
         2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
    ),
];

#[test]
fn every_crate_digest_gives_fips_180_abc_and_pkbench_s_digests() {
    let mut seen = 0;
    for k in CRATES {
        for d in k.digests() {
            let what = format!("{} {}", k.name(), d.hash());
            let algo = crate::hash::Algo::parse(d.hash()).unwrap();
            assert_eq!(algo.entry().name, d.hash(), "{what}: a registry name");
            let own = algo.own().expect("pkbench has code for it");
            let (_, want) = ABC.iter().find(|(h, _)| *h == d.hash()).unwrap();
            let mut out = vec![0u8; algo.output_bytes()];
            assert!(d.digest(b"abc", &mut out), "{what}");
            assert_eq!(hex::encode(&out), *want, "{what}: FIPS 180 \"abc\"");
            // Every length around the block sizes, whole and in writes of 1, 7 and 64 bytes:
            // the same digest as pkbench's registry (RustCrypto sha1 / sha2).
            for len in [0usize, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 1000] {
                let msg: Vec<u8> = (0..len).map(|i| (i * 31 + 7) as u8).collect();
                let reference = (own.digest)(&msg);
                assert!(d.digest(&msg, &mut out), "{what}");
                assert_eq!(out, reference, "{what}: {len} bytes");
                for w in [1, 7, 64] {
                    out.fill(0);
                    assert!(d.digest_writes(&msg, w, &mut out), "{what}");
                    assert_eq!(out, reference, "{what}: {len} bytes in {w}-byte writes");
                }
            }
            assert!(!d.digest(b"abc", &mut [0u8; 3]), "{what}: a short buffer");
            assert!(!d.digest_writes(b"abc", 0, &mut out), "{what}: writes of 0");
            seen += 1;
        }
    }
    // aws-lc-rs: SHA-1, SHA-224, SHA-256, SHA-384, SHA-512; ring: all but SHA-224.
    assert_eq!(seen, 9);
    assert!(digest(find("ring").unwrap(), "sha224").is_none());
    assert!(digest(find("aws-lc-rs").unwrap(), "sha224").is_some());
}

#[test]
fn every_crate_cipher_is_checked_like_a_library_in_every_mode_and_key_size() {
    use crate::implementation::Choice;
    use crate::symmetric::{CipherSpec, Direction, Mode};
    let mut rows = 0;
    for k in CRATES {
        for c in k.ciphers() {
            for &bits in c.key_bits {
                let spec = CipherSpec::parse(c.cipher, Some(bits)).unwrap();
                for &mode in c.modes {
                    for dir in [Direction::Encrypt, Direction::Decrypt] {
                        let key = vec![0x11u8; spec.key_bytes()];
                        let who = Choice::Crate(k.name());
                        let off = crate::peers::Discovery { enabled: false };
                        let p =
                            crate::peers::engine::cipher_engine(&spec, mode, dir, &key, who, off);
                        let p = p.unwrap().unwrap();
                        assert_eq!(p.implementation().name, k.name());
                        assert!(p.extra_work().is_some());
                        rows += 1;
                    }
                }
            }
        }
        assert_eq!(
            k.ciphers().is_empty(),
            k.no_cipher().is_some(),
            "{}",
            k.name()
        );
    }
    assert_eq!(
        rows,
        3 * 5 * 2,
        "aws-lc-rs: AES-128/192/256, five modes, two directions"
    );
    // FIPS 197 C.1 and C.3 through aws-lc-rs's ECB key directly, both directions.
    let aes = cipher(find("aws-lc-rs").unwrap(), "aes").unwrap();
    for (key, ct) in [
        (
            "000102030405060708090a0b0c0d0e0f",
            "69c4e0d86a7b0430d8cdb78070b4c55a",
        ),
        (
            "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
            "8ea2b7ca516745bfeafc49904b496089",
        ),
    ] {
        let pt = h("00112233445566778899aabbccddeeff");
        let mut out = [0u8; 16];
        let mut e = (aes.open)(&h(key), Mode::Ecb, Direction::Encrypt).unwrap();
        assert!(e.apply(&[], &pt, &mut out));
        assert_eq!(hex::encode(out), ct);
        let mut d = (aes.open)(&h(key), Mode::Ecb, Direction::Decrypt).unwrap();
        assert!(d.apply(&[], &h(ct), &mut out));
        assert_eq!(out[..], pt[..]);
        // A CBC key refuses a short IV and an input that is not whole blocks.
        let mut cbc = (aes.open)(&h(key), Mode::Cbc, Direction::Encrypt).unwrap();
        assert!(!cbc.apply(&[0u8; 8], &pt, &mut out));
        assert!(!cbc.apply(&[0u8; 16], &pt[..15], &mut out[..15]));
    }
    assert!((aes.open)(&[0u8; 16], Mode::Stream, Direction::Encrypt).is_none());
    // ring's reason, and no crate offers a cipher the registry lacks.
    assert!(
        find("ring")
            .unwrap()
            .no_cipher()
            .unwrap()
            .contains("AES-GCM")
    );
}

//! Known answers (NIST ACVP, `vectors/mlkem-acvp.json`) through every implementation (ml-kem, libcrux-ml-kem, aws-lc-rs), the
//! input checks of FIPS 203 §7.2–7.3, implicit rejection (checked against J(z ‖ c) computed
//! here with SHAKE256, FIPS 203 Alg. 18 line 7) and the hybrid's layout.

use super::*;
use crate::error::{Invalid, KemError};
use serde_json::Value;

fn h(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

fn vectors() -> Value {
    serde_json::from_str(include_str!("../../vectors/mlkem-acvp.json")).unwrap()
}

fn kems(name: &str) -> Vec<Box<dyn Kem>> {
    let all = open_all(lookup(name).unwrap());
    assert_eq!(
        all.len(),
        IMPLEMENTATIONS.len(),
        "every implementation of {name}"
    );
    all
}

/// J(s) = SHAKE256(s, 32 bytes) (FIPS 203 §4.1, eq. 4.4).
fn j(z: &[u8], c: &[u8]) -> Vec<u8> {
    use shake::{ExtendableOutput, Update, XofReader};
    let mut x = shake::Shake256::default();
    x.update(z);
    x.update(c);
    let mut out = vec![0u8; 32];
    x.finalize_xof().read(&mut out);
    out
}

#[test]
fn acvp_keygen_through_both_implementations() {
    use sha2::Digest;
    for v in vectors()["keygen"].as_array().unwrap() {
        let name = v["kem"].as_str().unwrap();
        let info = lookup(name).unwrap();
        let z = h(v["z"].as_str().unwrap());
        let seed = [h(v["d"].as_str().unwrap()), z.clone()].concat();
        for k in kems(name) {
            let (ek, dk) = k.keygen(&seed).unwrap();
            let who = format!("{name} {}", k.impl_name());
            assert_eq!(
                (ek.len(), dk.len()),
                (info.ek_bytes, info.dk_bytes),
                "{who}"
            );
            assert_eq!(
                hex::encode(sha2::Sha256::digest(&ek)),
                v["ek_sha256"].as_str().unwrap(),
                "{who}"
            );
            // dk = dk_PKE ‖ ek ‖ H(ek) ‖ z (FIPS 203 Alg. 16), H = SHA3-256.
            let pke = info.ek_bytes - 32;
            assert_eq!(dk[pke..pke + info.ek_bytes], ek[..], "{who}");
            let hh = pke + info.ek_bytes;
            assert_eq!(dk[hh..hh + 32], sha3::Sha3_256::digest(&ek)[..], "{who}");
            assert_eq!(dk[hh + 32..], z[..], "{who}");
        }
    }
}

#[test]
fn acvp_encapsulation_through_both_implementations() {
    for v in vectors()["encapsulation"].as_array().unwrap() {
        let name = v["kem"].as_str().unwrap();
        let s = |k: &str| h(v[k].as_str().unwrap());
        for k in kems(name) {
            let (c, ss) = k.encaps(&s("ek"), &s("m")).unwrap();
            assert_eq!(c, s("c"), "{name} {}", k.impl_name());
            assert_eq!(ss, s("k"), "{name} {}", k.impl_name());
        }
    }
}

#[test]
fn round_trip_implicit_rejection_and_agreement() {
    for name in ["mlkem512", "mlkem768", "mlkem1024"] {
        let info = lookup(name).unwrap();
        let seed: Vec<u8> = (0..64u8).collect();
        let z = &seed[32..];
        let m = [7u8; 32];
        type Seen = (Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>);
        let mut seen: Option<Seen> = None;
        for k in kems(name) {
            let (ek, dk) = k.keygen(&seed).unwrap();
            let (ct, ss) = k.encaps(&ek, &m).unwrap();
            // Decaps from the expanded key and from the seed give the Encaps secret.
            assert_eq!(k.decaps(&dk, &ct).unwrap(), ss);
            assert_eq!(k.decaps(&seed, &ct).unwrap(), ss);
            // A modified ciphertext: the implicit-rejection secret J(z ‖ c'), no error.
            let mut bad = ct.clone();
            bad[0] ^= 1;
            let rej = k.decaps(&dk, &bad).unwrap();
            assert_eq!(rej, j(z, &bad), "{name} {}", k.impl_name());
            assert_ne!(rej, ss);
            assert_eq!(ss.len(), info.ss_bytes);
            let got = (ek, ct, ss, rej);
            match &seen {
                None => seen = Some(got),
                Some(first) => assert_eq!(first, &got, "{name}: implementations disagree"),
            }
        }
    }
}

#[test]
fn input_checks_of_fips203() {
    for name in ["mlkem512", "mlkem768", "mlkem1024", "x25519mlkem768"] {
        let info = lookup(name).unwrap();
        let seed = vec![3u8; info.seed_bytes];
        for k in kems(name) {
            let (ek, dk) = k.keygen(&seed).unwrap();
            // A coefficient not below q: the first 12-bit coefficient set to 4095.
            let mut bad = ek.clone();
            bad[0] = 0xff;
            bad[1] |= 0x0f;
            let e = k.encaps(&bad, &vec![1u8; info.coins_bytes]).unwrap_err();
            assert!(
                matches!(
                    e,
                    crate::Error::Invalid(Invalid::Kem(KemError::KeyModulus { .. }))
                ),
                "{name} {}: {e}",
                k.impl_name()
            );
            assert_eq!(e.exit_code(), 2);
            // Wrong lengths: key, ciphertext, seed, randomness.
            let coins = vec![1u8; info.coins_bytes];
            for e in [
                k.encaps(&ek[1..], &coins).unwrap_err(),
                k.encaps(&ek, &coins[1..]).unwrap_err(),
                k.decaps(&dk, &[0u8; 10]).unwrap_err(),
                k.decaps(&dk[1..], &vec![0u8; info.ct_bytes]).unwrap_err(),
                k.keygen(&seed[1..]).unwrap_err(),
            ] {
                assert!(
                    matches!(
                        e,
                        crate::Error::Invalid(Invalid::Kem(KemError::Length { .. }))
                    ),
                    "{e}"
                );
            }
            // An expanded key whose H(ek) is wrong (FIPS 203 §7.3).
            let mut bad_dk = dk.clone();
            let hh = if name.starts_with("x25519") {
                bad_dk.len() - 32 - 64
            } else {
                bad_dk.len() - 64
            };
            bad_dk[hh] ^= 1;
            let e = k.decaps(&bad_dk, &vec![0u8; info.ct_bytes]).unwrap_err();
            assert!(
                matches!(
                    e,
                    crate::Error::Invalid(Invalid::Kem(KemError::KeyHash { .. }))
                ),
                "{name} {}: {e}",
                k.impl_name()
            );
        }
    }
}

#[test]
fn hybrid_is_mlkem768_then_x25519() {
    let seed: Vec<u8> = (100..196u8).collect();
    let coins: Vec<u8> = (0..64u8).map(|b| b.wrapping_mul(3)).collect();
    for (hy, ml) in kems("x25519mlkem768").iter().zip(kems("mlkem768")) {
        let (ek, _) = hy.keygen(&seed).unwrap();
        let (ct, ss) = hy.encaps(&ek, &coins).unwrap();
        assert_eq!((ek.len(), ct.len(), ss.len()), (1216, 1120, 64));
        let (ek_m, _) = ml.keygen(&seed[..64]).unwrap();
        let (ct_m, ss_m) = ml.encaps(&ek_m, &coins[..32]).unwrap();
        assert_eq!(ek[..1184], ek_m[..]);
        assert_eq!(ct[..1088], ct_m[..]);
        assert_eq!(ss[..32], ss_m[..]);
        let x: [u8; 32] = seed[64..].try_into().unwrap();
        let e: [u8; 32] = coins[32..].try_into().unwrap();
        let bp = x25519_dalek::X25519_BASEPOINT_BYTES;
        assert_eq!(ek[1184..], x25519_dalek::x25519(x, bp));
        assert_eq!(ct[1088..], x25519_dalek::x25519(e, bp));
        let xs = x25519_dalek::x25519(x, x25519_dalek::x25519(e, bp));
        assert_eq!(ss[32..], xs);
        // The same values as the x25519 DH row's Offer (with its table) and Reply.
        let row = crate::kex::open_named("x25519", &Default::default()).unwrap();
        assert!(row.table().is_some());
        assert_eq!(ek[1184..], row.offer(&x)[..]);
        assert_eq!(ct[1088..], row.offer(&e)[..]);
        assert_eq!(ss[32..], row.reply(&x, &ct[1088..]).unwrap()[..]);
        assert_eq!(hy.decaps(&seed, &ct).unwrap(), ss);
        // A zero X25519 share is refused (all-zero result).
        let mut bad = ct.clone();
        bad[1088..].fill(0);
        let e = hy.decaps(&seed, &bad).unwrap_err();
        assert_eq!(e.exit_code(), 2);
    }
}

#[test]
fn registry_sizes_follow_fips203_table3() {
    // ek = 384k + 32, ct = 32(du·k + dv), dk = 768k + 96 (FIPS 203 §8).
    for (name, k, du, dv) in [
        ("mlkem512", 2, 10, 4),
        ("mlkem768", 3, 10, 4),
        ("mlkem1024", 4, 11, 5),
    ] {
        let i = lookup(name).unwrap();
        assert_eq!(i.ek_bytes, 384 * k + 32);
        assert_eq!(i.ct_bytes, 32 * (du * k + dv));
        assert_eq!(i.dk_bytes, 768 * k + 96);
    }
    assert_eq!(lookup("ML-KEM-768").unwrap().name, "mlkem768");
    assert!(lookup("mlkem2048").is_none());
}

/// The core-SVP figures of the Kyber round-3 specification (v3.01, Table 4) are the cost of
/// BKZ with one block size β under two sieving models, 0.292·β classical and 0.265·β
/// quantum: each pair must come from one whole β, rounded down (β = 406, 624 and 877
/// reproduce them; the specification's changelog confirms Kyber512's 118 bits). A pair
/// mistyped from memory would not fit one β.
#[test]
fn core_svp_pairs_come_from_one_block_size() {
    for (name, beta) in [
        ("mlkem512", 406.0),
        ("mlkem768", 624.0),
        ("mlkem1024", 877.0),
    ] {
        let k = KEMS.iter().find(|k| k.name == name).unwrap();
        let (c, q) = k.security.core_svp;
        assert_eq!(c, (0.292f64 * beta).floor(), "{name} classical");
        assert_eq!(q, (0.265f64 * beta).floor(), "{name} quantum");
    }
}

/// `implicit_rejection` is J(z ‖ c), and every implementation's decapsulator (the leak
/// test's Decaps) returns it for a modified ciphertext and the Encaps secret for a valid
/// one; for the hybrid, J of its ML-KEM part followed by the unchanged X25519 secret.
#[test]
fn decapsulators_give_the_secret_or_the_rejection_value() {
    for info in KEMS {
        let seed: Vec<u8> = (0..info.seed_bytes as u8).collect();
        let coins: Vec<u8> = (0..info.coins_bytes as u8).map(|b| b ^ 0x5a).collect();
        let mlkem_ct = hybrid_parts(info).map_or(info.ct_bytes, |p| p.mlkem.ct_bytes);
        for k in kems(info.name) {
            let who = format!("{} {}", info.name, k.impl_name());
            let (ek, _) = k.keygen(&seed).unwrap();
            let (ct, ss) = k.encaps(&ek, &coins).unwrap();
            let d = k.decapsulator(&seed).unwrap();
            assert_eq!(d.decaps(&ct).unwrap(), ss, "{who}");
            let mut m = ct.clone();
            m[mlkem_ct - 1] ^= 0x80;
            let mut want = implicit_rejection(&seed[32..64], &m[..mlkem_ct]).to_vec();
            assert_eq!(want, j(&seed[32..64], &m[..mlkem_ct]), "{who}");
            want.extend_from_slice(&ss[32..]);
            assert_eq!(d.decaps(&m).unwrap(), want, "{who}");
            assert!(d.decaps(&ct[1..]).is_err(), "{who}");
        }
    }
}

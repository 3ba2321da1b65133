//! GMP at run time against the repository's known answers and pkbench's own arithmetic.

use super::*;
use crate::peers::kat;
use crate::peers::test_support::{discovery, or_skip};

fn gmp() -> Option<&'static Gmp> {
    or_skip(load(discovery()))
}

#[test]
fn loads_and_reports_its_version() {
    let Some(g) = gmp() else { return };
    let f = g.found();
    assert_eq!(f.name, "gmp");
    assert!(
        matches!(crate::peers::major(&f.version), Some(5 | 6)),
        "{f:?}"
    );
    let i = ModExp::new(g, &[0x0b], Powm::Fast)
        .unwrap()
        .implementation();
    assert_eq!(i.name, "gmp");
    assert_eq!(i.variant, "mpz_powm");
    assert_eq!(i.version, f.version);
}

#[test]
fn modp_vectors_with_both_exponentiations() {
    let Some(g) = gmp() else { return };
    for v in kat::modp() {
        let p = kat::group_key(&v.field, "p");
        for powm in [Powm::Fast, Powm::Sec] {
            let mut e = ModExp::new(g, &p, powm).unwrap();
            let base = e.operand(&[v.generator as u8]);
            let xa = e.operand(&v.secret_a);
            e.pow(&base, &xa).unwrap();
            assert_eq!(e.result(), v.public_a, "{} offer {powm:?}", v.field);
            let pb = e.operand(&v.public_b);
            e.pow(&pb, &xa).unwrap();
            assert_eq!(e.result(), v.shared, "{} reply {powm:?}", v.field);
            // The other party, through the byte API.
            assert_eq!(e.pow_bytes(&v.public_a, &v.secret_b).unwrap(), v.shared);
        }
    }
}

#[test]
fn rsa_vectors_public_and_private() {
    let Some(g) = gmp() else { return };
    for v in kat::rsa() {
        let mut public = ModExp::new(g, &v.key.n, Powm::Fast).unwrap();
        let mut private = ModExp::new(g, &v.key.n, Powm::Sec).unwrap();
        let mut out = vec![0u8; public.modulus_bytes()];
        for pair in &v.pairs {
            assert_eq!(
                public.pow_bytes(&pair.message, &v.key.e).unwrap(),
                pair.encrypted_public
            );
            let (m, d) = (private.operand(&pair.message), private.operand(&v.key.d));
            private.pow(&m, &d).unwrap();
            private.result_into(&mut out).unwrap();
            assert_eq!(out, pair.signed_private, "{}-bit key", v.key.bits);
        }
    }
}

#[test]
fn same_results_as_pkbench_own_arithmetic() {
    let Some(g) = gmp() else { return };
    let p = kat::group_key("modp-1024", "p");
    let n = num_bigint::BigUint::from_bytes_be(&p);
    let mut e = ModExp::new(g, &p, Powm::Fast).unwrap();
    let mut x = vec![0u8; 64];
    for i in 0..8u8 {
        let base: Vec<u8> = (0..100).map(|j| j ^ i.wrapping_mul(37)).collect();
        x.iter_mut()
            .enumerate()
            .for_each(|(j, b)| *b = (j as u8).wrapping_mul(i + 3));
        let own = crate::rsa::ops::raw_powm(
            &n,
            &num_bigint::BigUint::from_bytes_be(&x),
            &(num_bigint::BigUint::from_bytes_be(&base) % &n),
            Some("num-bigint"),
        )
        .unwrap();
        assert_eq!(e.pow_bytes(&base, &x).unwrap(), own);
    }
}

#[test]
fn refuses_what_would_crash_gmp() {
    let Some(g) = gmp() else { return };
    assert!(matches!(
        ModExp::new(g, &[0, 0], Powm::Fast),
        Err(PeerError::Input { .. })
    ));
    assert!(matches!(
        ModExp::new(g, &[0x10], Powm::Sec),
        Err(PeerError::Input { .. })
    ));
    let mut e = ModExp::new(g, &[0x0b], Powm::Sec).unwrap();
    let err = e.pow_bytes(&[3], &[0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "gmp: mpz_powm_sec needs an exponent above 0"
    );
    // mpz_powm takes a zero exponent: 3^0 = 1.
    let mut f = ModExp::new(g, &[0x0b], Powm::Fast).unwrap();
    assert_eq!(f.pow_bytes(&[3], &[0]).unwrap(), vec![1]);
    assert_eq!(f.pow_bytes(&[3], &[]).unwrap(), vec![1]);
}

#[test]
fn padding_and_parity() {
    let Some(g) = gmp() else { return };
    let z = g.int(&[0, 0, 1, 2]);
    assert_eq!(z.bits(), 9);
    assert!(!z.is_odd());
    assert_eq!(z.to_bytes_padded(4).unwrap(), vec![0, 0, 1, 2]);
    assert!(z.to_bytes_padded(1).is_err());
    assert!(g.int(&[7]).is_odd());
    assert_eq!(g.int(&[]).to_bytes_padded(2).unwrap(), vec![0, 0]);
}

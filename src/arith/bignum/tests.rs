//! Tests of the bignum backends: known answers for each backend, and (with `--features gmp`)
//! the two backends compared on random inputs.

use super::*;
use rand_core::SeedableRng;

/// Euler's criterion a^((p-1)/2) mod p, as a Legendre symbol, for small odd primes p.
fn legendre_small(a: u64, p: u64) -> i32 {
    let mut r = 1u64;
    let mut b = a % p;
    let mut e = (p - 1) / 2;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % p;
        }
        b = b * b % p;
        e >>= 1;
    }
    match r {
        0 => 0,
        1 => 1,
        _ => -1,
    }
}

fn known_answers<B: Backend>() {
    let n = |v: u64| B::from_u64(v);
    // Bytes round trip, padding, zero.
    let x = B::from_be_bytes(&[0, 0, 1, 2, 3]);
    assert_eq!(x, n(0x010203));
    assert_eq!(B::to_be_bytes(&x), vec![1, 2, 3]);
    assert_eq!(B::to_be_bytes_padded(&x, 5), vec![0, 0, 1, 2, 3]);
    assert_eq!(B::to_be_bytes(&n(0)), Vec::<u8>::new());
    assert_eq!(B::to_be_bytes_padded(&n(0), 2), vec![0, 0]);
    assert_eq!(B::bits(&n(0)), 0);
    assert_eq!(B::bits(&n(0x8000)), 16);
    assert!(B::bit(&n(5), 2) && !B::bit(&n(5), 1));
    // Ring operations.
    assert_eq!(B::add(&n(7), &n(8)), n(15));
    assert_eq!(B::sub(&n(17), &n(8)), n(9));
    assert_eq!(B::mul(&n(1 << 40), &n(1 << 40)), B::shl(&n(1), 80));
    assert_eq!(B::div_rem(&n(100), &n(7)), (n(14), n(2)));
    assert_eq!(B::shr(&n(100), 2), n(25));
    assert_eq!(B::gcd(&n(84), &n(36)), n(12));
    // Modular operations (1000003 is prime).
    let p = n(1_000_003);
    assert_eq!(B::mul_mod(&n(999_999), &n(999_998), &p), n(20)); // (-4)(-5)
    assert_eq!(B::sqr_mod(&n(1_000_000), &p), n(9));
    let mut a = n(500_002);
    B::shl_mod_assign(&mut a, 1, &p);
    assert_eq!(a, n(1));
    // In-place forms, reusing storage that already holds a larger value.
    let mut acc = B::shl(&n(1), 200);
    B::rem_into(&mut acc, &n(1_000_010), &p);
    assert_eq!(acc, n(7));
    B::pow_mod_assign(&mut acc, &n(1_000_002), &p); // Fermat: 7^(p-1) = 1
    assert_eq!(acc, n(1));
    B::add_assign(&mut acc, &n(41));
    assert_eq!(acc, n(42));
    B::mul_assign(&mut acc, &n(1 << 40));
    assert_eq!(acc, B::mul(&n(42), &n(1 << 40)));
    B::sub_assign(&mut acc, &B::mul(&n(41), &n(1 << 40)));
    assert_eq!(acc, n(1 << 40));
    // 2^(p-1) = 1 (Fermat); 3^100 checked against a u64 loop.
    assert_eq!(B::pow_mod(&n(2), &n(1_000_002), &p), n(1));
    let mut want = 1u64;
    for _ in 0..100 {
        want = want * 3 % 1_000_003;
    }
    assert_eq!(B::pow_mod(&n(3), &n(100), &p), n(want));
    // The constant-time exponentiation (GMP's mpz_powm_sec; num-bigint's fallback) gives the
    // same values, also into storage that held a larger value.
    let mut acc = B::shl(&n(1), 300);
    B::rem_into(&mut acc, &n(3), &p);
    B::secure_pow_mod_assign(&mut acc, &n(100), &p);
    assert_eq!(acc, n(want));
    B::secure_pow_mod_assign(&mut acc, &n(1_000_002), &p);
    assert_eq!(acc, n(1));
    assert_eq!(B::SECURE_POW_MOD_FN.is_some(), B::NAME == "gmp");
    // RFC 3526-style sanity: 2^127 - 1 is a Mersenne prime.
    let m127 = B::sub(&B::shl(&n(1), 127), &n(1));
    assert_eq!(B::pow_mod(&n(3), &B::sub(&m127, &n(1)), &m127), n(1));
    // Inverse.
    let inv = B::inv_mod(&n(12345), &p).unwrap();
    assert_eq!(B::mul_mod(&inv, &n(12345), &p), n(1));
    assert_eq!(B::inv_mod(&n(6), &n(9)), None);
    // Jacobi = Legendre for small primes, 0 on multiples; a composite example:
    // (2/15) = (2/3)(2/5) = (-1)(-1) = 1 although 2 is not a square mod 15.
    for &q in &[3u64, 5, 7, 11, 13, 101, 1_000_003] {
        for a in [0u64, 1, 2, 3, 4, 5, 10, 77, 1000, 999_999] {
            assert_eq!(
                B::jacobi(&n(a), &n(q)),
                legendre_small(a, q),
                "({a}/{q}) in {}",
                B::NAME
            );
        }
    }
    assert_eq!(B::jacobi(&n(2), &n(15)), 1);
    assert_eq!(B::jacobi(&n(7), &n(15)), -1);
    assert_eq!(B::jacobi(&n(5), &n(15)), 0);
    // Primality: primes, Carmichael numbers, base-2 strong pseudoprimes.
    for pr in [2u64, 3, 5, 251, 257, 65_537, 1_000_003, 4_294_967_291] {
        assert!(B::is_probable_prime(&n(pr), 20), "{pr} is prime");
    }
    for c in [
        0u64,
        1,
        4,
        561,
        2047,
        65_535,
        3_215_031_751,
        4_294_967_297,
        1_000_003 * 1_000_033,
    ] {
        assert!(!B::is_probable_prime(&n(c), 20), "{c} is composite");
    }
    assert!(B::is_probable_prime(&m127, 20));
    // Euler's criterion on a large prime: (a/p) = a^((p−1)/2) mod p.
    let half = B::shr(&m127, 1);
    let mut rng = ChaCha20Rng::seed_from_u64(8);
    for _ in 0..50 {
        let a = B::random_below(&m127, &mut rng);
        let e = B::pow_mod(&a, &half, &m127);
        let want = if B::is_zero(&a) {
            0
        } else if e == n(1) {
            1
        } else {
            -1
        };
        assert_eq!(B::jacobi(&a, &m127), want, "{}", B::NAME);
        // (a/n) depends only on a mod n.
        assert_eq!(B::jacobi(&B::add(&a, &m127), &m127), want);
    }
    assert!(!B::is_probable_prime(
        &B::add(&B::shl(&n(1), 128), &n(1)),
        20
    ));
    // Random numbers: below the bound, exact bit length.
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    for _ in 0..200 {
        let r = B::random_below(&n(1000), &mut rng);
        assert!(r < n(1000));
        assert_eq!(B::bits(&B::random_bits(77, &mut rng)), 77);
    }
    assert!(B::version().starts_with(B::NAME));
}

#[test]
fn num_bigint_known_answers() {
    known_answers::<NumBigint>();
}

#[cfg(feature = "gmp")]
#[test]
fn gmp_known_answers() {
    known_answers::<Gmp>();
    assert!(
        Gmp::version().starts_with("gmp-linked 6."),
        "{}",
        Gmp::version()
    );
}

#[test]
fn select_backends() {
    assert_eq!(
        BackendKind::select(Some("num-bigint")).unwrap(),
        BackendKind::NumBigint
    );
    assert_eq!(BackendKind::select(None).unwrap(), BackendKind::DEFAULT);
    let e = BackendKind::select(Some("openssl")).unwrap_err();
    assert_eq!(e.exit_code(), 2);
    #[cfg(not(feature = "gmp"))]
    {
        let e = BackendKind::select(Some("gmp")).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert_eq!(
            e.invalid(),
            Some(&crate::error::Invalid::Setting(
                crate::error::SettingError::BackendNotBuilt {
                    name: "gmp".into(),
                    feature: "gmp".into()
                }
            ))
        );
        assert_eq!(BackendKind::DEFAULT, BackendKind::NumBigint);
    }
    #[cfg(feature = "gmp")]
    {
        assert_eq!(BackendKind::select(Some("GMP")).unwrap(), BackendKind::Gmp);
        assert_eq!(BackendKind::DEFAULT, BackendKind::Gmp);
    }
    for k in BackendKind::available() {
        assert!(k.version().starts_with(k.name()));
    }
}

/// Both backends on the same random inputs (sizes 1..1100 bits): every operation agrees.
#[cfg(feature = "gmp")]
#[test]
fn backends_agree_on_random_inputs() {
    type N = NumBigint;
    type G = Gmp;
    let mut rng = ChaCha20Rng::seed_from_u64(2026);
    let mut rng2 = ChaCha20Rng::seed_from_u64(2026);
    let conv = |x: &rug::Integer| N::from_be_bytes(&G::to_be_bytes(x));
    for round in 0..300u32 {
        let bits = 1 + (round * 37) % 1100;
        // Same seed, same draws in both backends.
        let a = G::random_bits(bits, &mut rng);
        let a2 = N::random_bits(bits, &mut rng2);
        assert_eq!(conv(&a), a2);
        let m = G::random_bits(bits.max(2), &mut rng) | rug::Integer::from(1); // odd modulus
        let m2 = N::random_bits(bits.max(2), &mut rng2) | ::num_bigint::BigUint::from(1u32);
        assert_eq!(conv(&m), m2);
        let b = G::random_below(&m, &mut rng);
        let b2 = N::random_below(&m2, &mut rng2);
        assert_eq!(conv(&b), b2);
        let e = G::random_bits(1 + round % 300, &mut rng);
        let e2 = N::random_bits(1 + round % 300, &mut rng2);
        assert_eq!(conv(&G::mul_mod(&a, &b, &m)), N::mul_mod(&a2, &b2, &m2));
        assert_eq!(conv(&G::sqr_mod(&a, &m)), N::sqr_mod(&a2, &m2));
        assert_eq!(conv(&G::pow_mod(&b, &e, &m)), N::pow_mod(&b2, &e2, &m2));
        assert_eq!(
            G::jacobi(&a, &m),
            N::jacobi(&a2, &m2),
            "jacobi round {round}"
        );
        assert_eq!(
            G::inv_mod(&b, &m).map(|x| conv(&x)),
            N::inv_mod(&b2, &m2),
            "inverse round {round}"
        );
        assert_eq!(conv(&G::gcd(&a, &m)), N::gcd(&a2, &m2));
        let (q, r) = G::div_rem(&a, &m);
        assert_eq!((conv(&q), conv(&r)), N::div_rem(&a2, &m2));
        let mut s = b.clone();
        let mut s2 = b2.clone();
        G::shl_mod_assign(&mut s, round % 70, &m);
        N::shl_mod_assign(&mut s2, round % 70, &m2);
        assert_eq!(conv(&s), s2);
        // In place: gmp's own mpz_powm/mpz_tdiv_r into old storage vs num-bigint's defaults.
        G::pow_mod_assign(&mut s, &e, &m);
        N::pow_mod_assign(&mut s2, &e2, &m2);
        assert_eq!(conv(&s), s2);
        // mpz_powm_sec against mpz_powm and num-bigint (e ≥ 1 and m odd here).
        let mut t = b.clone();
        G::secure_pow_mod_assign(&mut t, &e, &m);
        assert_eq!(t, G::pow_mod(&b, &e, &m), "mpz_powm_sec round {round}");
        assert_eq!(conv(&t), N::pow_mod(&b2, &e2, &m2));
        G::rem_into(&mut s, &a, &m);
        N::rem_into(&mut s2, &a2, &m2);
        assert_eq!(conv(&s), s2);
        assert_eq!(
            G::to_be_bytes_padded(&b, 140),
            N::to_be_bytes_padded(&b2, 140)
        );
        if bits <= 400 {
            assert_eq!(
                G::is_probable_prime(&m, 20),
                N::is_probable_prime(&m2, 20),
                "primality of {m}"
            );
        }
    }
}

/// Primality agrees on numbers near primes (where a random odd number is rarely prime).
#[cfg(feature = "gmp")]
#[test]
fn backends_agree_on_primes() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let mut found = 0;
    for _ in 0..400 {
        let m = Gmp::random_bits(160, &mut rng) | rug::Integer::from(1);
        let m2 = NumBigint::from_be_bytes(&Gmp::to_be_bytes(&m));
        let g = Gmp::is_probable_prime(&m, 25);
        assert_eq!(g, NumBigint::is_probable_prime(&m2, 25), "{m}");
        found += usize::from(g);
    }
    assert!(found > 0, "some 160-bit primes among 400 odd numbers");
}

#[test]
fn prime_reps_fall_with_size() {
    use super::{PRIME_REPS, prime_reps};
    assert_eq!(prime_reps(64), PRIME_REPS);
    assert_eq!(prime_reps(2048), PRIME_REPS);
    assert_eq!(prime_reps(2560), PRIME_REPS);
    assert_eq!(prime_reps(3072), 18);
    assert_eq!(prime_reps(4096), 8);
    assert_eq!(prime_reps(6144), 2);
    assert_eq!(prime_reps(8191), 1);
    assert_eq!(prime_reps(8192), 1);
    assert_eq!(prime_reps(1 << 20), 1);
    assert_eq!(prime_reps(0), PRIME_REPS);
}

#[test]
fn built_in_backends_name_their_versions() {
    let b = BackendKind::built_in();
    assert!(
        // The exact crate version from Cargo.lock ("num-bigint 0.5.1").
        b.iter()
            .any(|x| x.starts_with("num-bigint ") && x.matches('.').count() == 2),
        "{b:?}"
    );
    assert_eq!(b.len(), BackendKind::available().len());
}

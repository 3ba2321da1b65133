//! Tests of the mod-p groups: known answers (`vectors/modp-dh.json`) for both backends and both
//! Offer paths, the built-in primes regenerated from π and e, primality, peer validation and
//! bad params files.

use super::*;
use crate::arith::bignum::NumBigint;
use crate::params;
use ::num_bigint::BigUint;
use rand_core::SeedableRng;

/// The known answers, embedded (`vectors/README.md` says where they come from).
const VECTORS: &str = include_str!("../../../vectors/modp-dh.json");

fn vectors() -> Vec<serde_json::Value> {
    let v: serde_json::Value = serde_json::from_str(VECTORS).unwrap();
    v["vectors"].as_array().unwrap().clone()
}

fn opts(backend: &str, table: bool) -> GroupOptions {
    GroupOptions {
        table,
        backend: Some(crate::arith::bignum::BackendKind::select(Some(backend)).unwrap()),
        ..GroupOptions::default()
    }
}

fn hx(v: &serde_json::Value, k: &str) -> Vec<u8> {
    hex::decode(v[k].as_str().unwrap()).unwrap()
}

fn check_vectors(backend: &str) {
    let all = vectors();
    assert!(all.len() >= 4);
    for table in [true, false] {
        for v in &all {
            let field = v["field"].as_str().unwrap();
            let kx = crate::kex::open_named(field, &opts(backend, table)).unwrap();
            assert_eq!(v["generator"], 2);
            let (a, b) = (hx(v, "secret_a"), hx(v, "secret_b"));
            kx.check_secret(&a).unwrap();
            assert_eq!(
                kx.offer(&a),
                hx(v, "public_a"),
                "{field} {backend} table={table}"
            );
            assert_eq!(
                kx.offer(&b),
                hx(v, "public_b"),
                "{field} {backend} table={table}"
            );
            assert_eq!(kx.reply(&a, &hx(v, "public_b")).unwrap(), hx(v, "shared"));
            assert_eq!(kx.reply(&b, &hx(v, "public_a")).unwrap(), hx(v, "shared"));
            assert_eq!(kx.table().is_some(), table);
            assert!(kx.backend().unwrap().starts_with(backend));
        }
    }
}

#[test]
fn vectors_num_bigint() {
    check_vectors("num-bigint");
}

#[cfg(feature = "gmp")]
#[test]
fn vectors_gmp() {
    check_vectors("gmp");
}

/// The three Offer paths (table, shift for g = 2, library) and a table that covers only the
/// low exponent bits all agree with Reply on the generator, for random exponents.
fn offer_paths_agree<B: Backend>() {
    let mut rng = ChaCha20Rng::seed_from_u64(11);
    for name in ["modp-512", "modp-1024", "ffdhe2048"] {
        let file = params::lookup(name).unwrap();
        let full = ModpGroup::<B>::open(&file, true, table::DEFAULT_BUDGET).unwrap();
        let small = ModpGroup::<B>::open(&file, true, 16 << 10).unwrap();
        let none = ModpGroup::<B>::open(&file, false, 0).unwrap();
        let mut shift = none.clone();
        shift.offer = OfferPath::Shift;
        let mut lib = none.clone();
        lib.offer = OfferPath::Library;
        let t = small.table_info.as_ref().unwrap();
        assert!(t.method.contains("library exponentiation"), "{}", t.method);
        let g = full.generator();
        for bits in [16, 128, 300, full.info.full_exp_bits] {
            let x = full.random_secret(bits, &mut rng);
            let want = full.reply(&x, &g).unwrap();
            for (what, k) in [("table", &full), ("small table", &small), ("shift", &shift)] {
                assert_eq!(k.offer(&x), want, "{name} {what} {bits} bits");
            }
            assert_eq!(lib.offer(&x), want);
        }
    }
}

#[test]
fn offer_paths_agree_num_bigint() {
    offer_paths_agree::<NumBigint>();
}

#[cfg(feature = "gmp")]
#[test]
fn offer_paths_agree_gmp() {
    offer_paths_agree::<crate::arith::bignum::Gmp>();
}

/// Same seed, same secrets, same public values and shared secrets in both backends.
#[cfg(feature = "gmp")]
#[test]
fn backends_agree_on_random_exponents() {
    for name in ["modp-768", "modp-1536", "ffdhe3072"] {
        let g = crate::kex::open_named(name, &opts("gmp", true)).unwrap();
        let n = crate::kex::open_named(name, &opts("num-bigint", false)).unwrap();
        let mut r1 = ChaCha20Rng::seed_from_u64(5);
        let mut r2 = ChaCha20Rng::seed_from_u64(5);
        for bits in [128, 200, g.info().full_exp_bits] {
            let (a, a2) = (
                g.random_secret(bits, &mut r1),
                n.random_secret(bits, &mut r2),
            );
            assert_eq!(a, a2);
            let b = g.random_secret(bits, &mut r1);
            let _ = n.random_secret(bits, &mut r2);
            let pb = g.offer(&b);
            assert_eq!(n.offer(&b), pb, "{name}");
            assert_eq!(g.offer(&a), n.offer(&a), "{name}");
            assert_eq!(g.reply(&a, &pb).unwrap(), n.reply(&a, &pb).unwrap());
        }
    }
}

#[test]
fn random_secrets_have_the_asked_size() {
    let kx = crate::kex::open_named("modp-512", &opts("num-bigint", false)).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    for bits in [16, 128, 200, 511] {
        for _ in 0..20 {
            let x = kx.random_secret(bits, &mut rng);
            kx.check_secret(&x).unwrap();
            if bits < 511 {
                assert_eq!(table::bit_length(&x), bits);
            } else {
                assert!(table::bit_length(&x) <= 511);
            }
        }
    }
    assert_eq!(kx.info().full_exp_bits, 511);
    assert_eq!(kx.check_secret(&[0, 0]).unwrap_err().exit_code(), 2);
    assert_eq!(kx.check_secret(&[0xff; 64]).unwrap_err().exit_code(), 2);
}

/// Peer values outside 2..p−2 or outside the subgroup of order q are rejected (exit code 2).
fn peer_validation<B: Backend>() {
    let file = params::lookup("modp-512").unwrap();
    let kx = ModpGroup::<B>::open(&file, false, 0).unwrap();
    let p = kx.params.p.clone();
    let x = [0x55u8; 16];
    let enc = |v: &B::Int| B::to_be_bytes_padded(v, 64);
    let n = |v: u64| B::from_u64(v);
    for (bad, why) in [
        (n(0), "y = 0 is not an element"),
        (n(1), "y = 1 is of low order"),
        (B::sub(&p, &n(1)), "y = p−1 is of low order (order 2)"),
        (p.clone(), "y ≥ p is out of range"),
        (B::add(&p, &n(1)), "y ≥ p is out of range"),
        // p ≡ 7 (mod 8): (−1/p) = −1 and (2/p) = 1, so −2 = p−2 is a non-residue.
        (B::sub(&p, &n(2)), "subgroup"),
    ] {
        let e = kx.reply(&x, &enc(&bad)).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(crate::cli::errors::render(&e).contains(why), "{e}");
    }
    let e = kx.reply(&x, &[1u8; 65]).unwrap_err();
    assert!(
        crate::cli::errors::render(&e).contains("longer than p"),
        "{e}"
    );
    // Leading zeros are fine; 4 = 2² is a residue.
    let mut four = vec![0u8; 70];
    four[69] = 4;
    assert!(kx.reply(&x, &four).is_ok());
    // Without the Legendre shortcut (a q that is not (p−1)/2): an 80-bit p with a 40-bit q.
    let dir = tempdir();
    let path = dir.join("small.toml");
    std::fs::write(
        &path,
        "p = \"e3d06c1d757682066037\"\ng = \"3473a8c405ef99e4d119\"\nq = \"c19f767c55\"\n",
    )
    .unwrap();
    let f = params::read_file(&path).unwrap();
    let small = ModpGroup::<B>::open(&f, true, table::DEFAULT_BUDGET).unwrap();
    assert!(!small.params.safe_prime);
    assert_eq!(small.info.full_exp_bits, 40);
    let e = small.reply(&[3], &[0, 0, 0, 0, 0, 0, 0, 3]).unwrap_err();
    assert!(crate::cli::errors::render(&e).contains("subgroup"), "{e}");
    let y = small.offer(&[0x12, 0x34]);
    assert_eq!(y.len(), 10);
    assert_eq!(
        small.reply(&[3], &y).unwrap(),
        small.reply(&[0x12, 0x34], &small.offer(&[3])).unwrap()
    );
}

#[test]
fn peer_validation_num_bigint() {
    peer_validation::<NumBigint>();
}

#[cfg(feature = "gmp")]
#[test]
fn peer_validation_gmp() {
    peer_validation::<crate::arith::bignum::Gmp>();
}

/// A fresh directory under the system temp dir, removed when dropped.
fn tempdir() -> crate::testing::Scratch {
    crate::testing::scratch("modp")
}

#[test]
fn bad_params_files_name_the_failed_check() {
    let p512 = "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A439DFFFFFFFFFFFFFFFF";
    // p512 − 2^65: odd and composite.
    let p512_composite = "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A439BFFFFFFFFFFFFFFFF";
    let q512 = "7FFFFFFFFFFFFFFFE487ED5110B4611A62633145C06E0E68948127044533E63A0105DF531D89CD9128A5043CC71A026EF7CA8CD9E69D21CEFFFFFFFFFFFFFFFF";
    let cases: &[(&str, String)] = &[
        ("p odd", format!("p = \"{}E\"\ng = 2\n", &p512[..126])),
        (
            "p probably prime",
            format!("p = \"{p512_composite}\"\ng = 2\n"),
        ),
        ("1 < g < p-1", format!("p = \"{p512}\"\ng = 1\n")),
        ("1 < g < p-1", format!("p = \"{p512}\"\ng = \"{p512}\"\n")),
        // q = p−1 divides p−1 but is not prime.
        (
            "q probably prime",
            format!("p = \"{p512}\"\ng = 2\nq = \"{}E\"\n", &p512[..127]),
        ),
        (
            "q divides p-1",
            format!("p = \"{p512}\"\ng = 2\nq = \"100000007\"\n"),
        ),
        (
            "q at least 32 bits",
            format!("p = \"{p512}\"\ng = 2\nq = 7\n"),
        ),
        ("p at least 64 bits", "p = 11\ng = 2\n".to_string()),
        // 8197 bits, odd: refused on its size, before any test of its primality.
        (
            "p at most 8192 bits",
            format!("p = \"1{}1\"\ng = 2\n", "0".repeat(2048)),
        ),
        // A composite p whose g^q is not 1 either: the composite p is named.
        (
            "p probably prime",
            format!("p = \"{p512_composite}\"\ng = 2\nq = \"(p-1)/2\"\n"),
        ),
        // 2^127 − 1 is prime but (p−1)/2 is not: without q the order of g is unknown.
        (
            "q given or p safe prime",
            "p = \"7fffffffffffffffffffffffffffffff\"\ng = 3\n".to_string(),
        ),
        ("unknown key `Q`", format!("p = \"{p512}\"\ng = 2\nQ = 7\n")),
        // g = p−2 = −2 is a non-residue: its order is 2q, not q.
        (
            "g^q = 1",
            format!(
                "p = \"{p512}\"\ng = \"{}D\"\nq = \"{q512}\"\n",
                &p512[..127]
            ),
        ),
        ("missing key `g`", format!("p = \"{p512}\"\n")),
        ("malformed hex", format!("p = \"{p512}\"\ng = \"xyz\"\n")),
    ];
    let dir = tempdir();
    for (i, (check, text)) in cases.iter().enumerate() {
        let path = dir.join(format!("bad{i}.toml"));
        std::fs::write(&path, text).unwrap();
        let file = params::read_file(&path).unwrap();
        for backend in crate::arith::bignum::BackendKind::available() {
            let e = match crate::kex::open(&file, &opts(backend.name(), true)) {
                Ok(_) => panic!("{check}: accepted"),
                Err(e) => e,
            };
            assert_eq!(e.exit_code(), 2, "{e}");
            assert!(
                crate::cli::errors::render(&e).contains(check),
                "{check}: {e}"
            );
            assert!(!crate::cli::errors::render(&e).contains('\n'));
        }
    }
    // The good version of the same file opens, with q = (p−1)/2 spelled out, as the literal,
    // or left out (p is a safe prime).
    for q in [
        format!("q = \"{q512}\""),
        "q = \"(p-1)/2\"".to_string(),
        String::new(),
    ] {
        let path = dir.join("good.toml");
        std::fs::write(
            &path,
            format!("name = \"mine\"\np = \"{p512}\"\ng = 2\n{q}\n"),
        )
        .unwrap();
        let kx = crate::kex::open(
            &params::read_file(&path).unwrap(),
            &opts("num-bigint", true),
        )
        .unwrap();
        assert_eq!(kx.info().name, "mine");
        assert_eq!(kx.info().full_exp_bits, 511);
        let v = &vectors()[0];
        assert_eq!(kx.offer(&hx(v, "secret_a")), hx(v, "public_a"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// ⌊π·2^bits⌋ by Machin's formula π = 16·arctan(1/5) − 4·arctan(1/239), in fixed point with
/// 64 guard bits.
fn pi_fixed(bits: u32) -> BigUint {
    fn arctan_inv(x: u32, one: &BigUint) -> (BigUint, BigUint) {
        // Returns (positive terms, negative terms) to stay unsigned.
        let x2 = BigUint::from(x * x);
        let mut t = one / BigUint::from(x);
        let (mut pos, mut neg) = (BigUint::ZERO, BigUint::ZERO);
        let mut n = 1u32;
        let mut plus = true;
        while t > BigUint::ZERO {
            let term = &t / BigUint::from(n);
            if plus {
                pos += term;
            } else {
                neg += term;
            }
            plus = !plus;
            t /= &x2;
            n += 2;
        }
        (pos, neg)
    }
    let one = BigUint::from(1u32) << (bits + 64);
    let (p5, n5) = arctan_inv(5, &one);
    let (p239, n239) = arctan_inv(239, &one);
    let pi = (p5 * 16u32 + n239 * 4u32) - (n5 * 16u32 + p239 * 4u32);
    pi >> 64
}

/// ⌊e·2^bits⌋ from e = Σ 1/k!, in fixed point with 64 guard bits.
fn e_fixed(bits: u32) -> BigUint {
    let one = BigUint::from(1u32) << (bits + 64);
    let (mut s, mut t, mut k) = (BigUint::ZERO, one, 0u32);
    while t > BigUint::ZERO {
        s += &t;
        k += 1;
        t /= BigUint::from(k);
    }
    s >> 64
}

/// Every built-in prime regenerated from its published construction: RFC 2409 §6.1 /
/// RFC 3526: p = 2^n − 2^(n−64) − 1 + 2^64·(⌊2^(n−130)·π⌋ + c); RFC 7919 Appendix A:
/// p = 2^b − 2^(b−64) + 2^64·(⌊2^(b−130)·e⌋ + X) − 1. Also checks the 512-bit stand-in
/// against the prime hard-coded in scripts/baseline.c.
#[test]
fn builtin_primes_match_their_constructions() {
    let pi = pi_fixed(8192 - 130);
    let e = e_fixed(8192 - 130);
    let one = BigUint::from(1u32);
    let table: &[(&str, u32, u64, bool)] = &[
        ("modp-512", 512, 131, true),
        ("modp-768", 768, 149_686, true),
        ("modp-1024", 1024, 129_093, true),
        ("modp-1536", 1536, 741_804, true),
        ("modp-2048", 2048, 124_476, true),
        ("modp-3072", 3072, 1_690_314, true),
        ("modp-4096", 4096, 240_904, true),
        ("modp-6144", 6144, 929_484, true),
        ("modp-8192", 8192, 4_743_158, true),
        ("ffdhe2048", 2048, 560_316, false),
        ("ffdhe3072", 3072, 2_625_351, false),
        ("ffdhe4096", 4096, 5_736_041, false),
        ("ffdhe6144", 6144, 15_705_020, false),
        ("ffdhe8192", 8192, 10_965_728, false),
    ];
    let mut seen = 0;
    for file in safe_prime_groups() {
        let &(_, n, c, oakley) = table
            .iter()
            .find(|t| t.0 == file.name)
            .unwrap_or_else(|| panic!("{}: no construction to check", file.name));
        let frac = if oakley { &pi } else { &e } >> (8192 - n);
        let want = if oakley {
            (&one << n) - (&one << (n - 64)) - &one + ((frac + c) << 64)
        } else {
            (&one << n) - (&one << (n - 64)) + ((frac + c) << 64) - &one
        };
        let got = ModpParams::<NumBigint>::from_file(&file, Validation::Cheap).unwrap();
        assert_eq!(got.p, want, "{}", file.name);
        assert_eq!(got.g, BigUint::from(2u32));
        assert!(got.safe_prime, "{}: q = (p-1)/2", file.name);
        seen += 1;
    }
    assert_eq!(seen, table.len());
    let baseline = "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A439DFFFFFFFFFFFFFFFF";
    let p512 =
        ModpParams::<NumBigint>::from_file(&params::lookup("modp-512").unwrap(), Validation::Cheap)
            .unwrap();
    assert_eq!(
        p512.p,
        BigUint::parse_bytes(baseline.as_bytes(), 16).unwrap()
    );
}

/// modp-512 (the stand-in, not from an RFC): p and q = (p−1)/2 prime (20 Miller–Rabin
/// rounds), 2 has order q. Full validation of the file as a user's file does the same.
#[test]
fn modp_512_is_a_safe_prime() {
    let file = params::lookup("modp-512").unwrap();
    let g = ModpParams::<NumBigint>::from_file(&file, Validation::Full).unwrap();
    let q = g.q.clone();
    assert!(NumBigint::is_probable_prime(&g.p, 20));
    assert!(NumBigint::is_probable_prime(&q, 20));
    assert_eq!(NumBigint::pow_mod(&g.g, &q, &g.p), BigUint::from(1u32));
}

/// The built-in mod-p groups with q = (p−1)/2 (RFC 2409, RFC 3526, RFC 7919, the 512-bit
/// stand-in), whose primes follow from π or e; the others are checked by their own tests.
fn safe_prime_groups() -> Vec<crate::params::GroupFile> {
    let (safe, other): (Vec<_>, Vec<_>) = params::builtin()
        .into_iter()
        .filter(|f| f.family == Some(Family::Modp))
        .partition(|f| {
            f.rest.get("q").and_then(|q| q.as_str()) == Some(super::params::SAFE_PRIME_Q)
        });
    // A new mod-p group that is not a safe prime needs a test of its own, as RFC 5114's has.
    let other: Vec<&str> = other.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(other, ["modp-2048-256"]);
    safe
}

/// Every built-in safe prime p and q = (p−1)/2 up to 4096 bits passes a probable-prime test
/// (with GMP Baillie–PSW; with num-bigint, slower, one Miller–Rabin round up to 2048 bits).
/// The 6144- and 8192-bit primes would take seconds each: their construction test ties them
/// to the RFCs.
#[test]
fn builtin_groups_are_safe_primes() {
    for file in safe_prime_groups() {
        #[cfg(feature = "gmp")]
        {
            use crate::arith::bignum::Gmp;
            let g = ModpParams::<Gmp>::from_file(&file, Validation::Cheap).unwrap();
            if Gmp::bits(&g.p) <= 4096 {
                assert!(Gmp::is_probable_prime(&g.p, 1), "{}", file.name);
                assert!(Gmp::is_probable_prime(&g.q, 1), "{}", file.name);
            }
            // 2 is a residue (p ≡ 7 mod 8), so it generates the subgroup of order q.
            assert_eq!(Gmp::jacobi(&g.g, &g.p), 1);
        }
        #[cfg(not(feature = "gmp"))]
        {
            let g = ModpParams::<NumBigint>::from_file(&file, Validation::Cheap).unwrap();
            if NumBigint::bits(&g.p) <= 2048 {
                assert!(NumBigint::is_probable_prime(&g.p, 1), "{}", file.name);
                assert!(NumBigint::is_probable_prime(&g.q, 1));
            }
            assert_eq!(NumBigint::jacobi(&g.g, &g.p), 1);
        }
    }
}

/// RFC 5114 §2.3 (params/modp-2048-256.toml): the numbers pass every check of a user's file
/// (p and q probably prime, q | p − 1, g^q = 1 mod p); p is not a safe prime, so full
/// secrets are 256 bits and a peer value is checked by y^q = 1 (2 is not in the subgroup).
/// Offer and Reply agree in both backends, with and without the table.
fn rfc5114_group<B: Backend>() {
    let file = params::lookup("rfc5114-2048-256").unwrap();
    assert_eq!(file.name, "modp-2048-256");
    let full = ModpParams::<B>::from_file(&file, Validation::Full).unwrap();
    assert!(!full.safe_prime);
    assert_eq!(B::bits(&full.p), 2048);
    assert_eq!(B::bits(&full.q), 256);
    assert!(B::is_zero(&B::rem(
        &B::sub(&full.p, &B::from_u64(1)),
        &full.q
    )));
    assert_eq!(B::pow_mod(&full.g, &full.q, &full.p), B::from_u64(1));
    // Its beginning and end as printed in RFC 5114 §2.3.
    let p = B::to_be_bytes(&full.p);
    assert_eq!(hex::encode_upper(&p[..8]), "87A8E61DB4B6663C");
    assert_eq!(hex::encode_upper(&p[p.len() - 4..]), "1E1A1597");
    assert_eq!(
        hex::encode_upper(B::to_be_bytes(&full.q)),
        "8CF83642A709A097B447997640129DA299B1A47D1EB3750BA308B0FE64F5FBD3"
    );
    let mut rng = ChaCha20Rng::seed_from_u64(24);
    for table in [true, false] {
        let g = ModpGroup::<B>::open(&file, table, table::DEFAULT_BUDGET).unwrap();
        assert_eq!(g.info().full_exp_bits, 256);
        assert_eq!(g.info().public_bytes, 256);
        for bits in [128, 256] {
            let (a, b) = (
                g.random_secret(bits, &mut rng),
                g.random_secret(bits, &mut rng),
            );
            let (pa, pb) = (g.offer(&a), g.offer(&b));
            assert_eq!(g.reply(&a, &pb).unwrap(), g.reply(&b, &pa).unwrap());
            assert_eq!(g.reply(&a, &g.generator()).unwrap(), pa);
        }
        let two = B::to_be_bytes_padded(&B::from_u64(2), 256);
        let e = g.reply(&[1], &two).unwrap_err();
        assert!(
            matches!(
                e.invalid(),
                Some(crate::error::Invalid::Peer(
                    crate::error::PeerValueError::NotInSubgroup { .. }
                ))
            ),
            "{e}"
        );
        assert!(g.check_secret(&B::to_be_bytes(&full.q)).is_err());
    }
}

#[test]
fn rfc5114_group_num_bigint() {
    rfc5114_group::<NumBigint>();
}

#[cfg(feature = "gmp")]
#[test]
fn rfc5114_group_gmp() {
    rfc5114_group::<crate::arith::bignum::Gmp>();
}

#[test]
fn aliases_open_the_right_group() {
    for (alias, name) in [
        ("oakley-1", "modp-768"),
        ("oakley-2", "modp-1024"),
        ("ike-5", "modp-1536"),
        ("ike-14", "modp-2048"),
        ("ike-15", "modp-3072"),
        ("ike-16", "modp-4096"),
        ("ike-17", "modp-6144"),
        ("ike-18", "modp-8192"),
    ] {
        assert_eq!(params::lookup(alias).unwrap().name, name);
    }
    let kx = crate::kex::open_named("ike-14", &opts("num-bigint", false)).unwrap();
    assert_eq!(kx.info().public_bytes, 256);
    assert_eq!(kx.info().full_exp_bits, 2047);
    assert_eq!(kx.info().source, "RFC 3526 §3");
}

#[test]
fn secrets_must_be_below_q() {
    // modp-512 is a safe prime: q = (p − 1)/2. q and q + 1 are refused; q − 1 and 1 are fine.
    let kx = crate::kex::open_named("modp-512", &opts("num-bigint", false)).unwrap();
    let p = num_bigint::BigUint::parse_bytes(
        b"FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A439DFFFFFFFFFFFFFFFF",
        16,
    )
    .unwrap();
    let q: num_bigint::BigUint = (p - 1u32) >> 1;
    for (x, ok) in [
        (q.clone() - 1u32, true),
        (q.clone(), false),
        (q.clone() + 1u32, false),
        (1u32.into(), true),
    ] {
        let mut bytes = vec![0u8; 2];
        bytes.extend(x.to_bytes_be());
        assert_eq!(kx.check_secret(&bytes).is_ok(), ok, "x = {x:x}");
    }
    assert_eq!(kx.check_secret(&[0, 0]).unwrap_err().exit_code(), 2);
}

//! Tests of the EC2N groups: group order facts, known answers (`vectors/ec2n-dh.json`) through
//! both field implementations, table and no-table, the ladder against affine double-and-add,
//! and the rejection of bad peer values.

use super::curve::{Affine, Scalar};
use super::*;
use crate::arith::gf2m::Gf2m;
use crate::with_gf2m_backend;
use num_bigint::BigUint;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

const VECTORS: &str = include_str!("../../../vectors/ec2n-dh.json");

fn file(name: &str) -> GroupFile {
    crate::params::lookup(name).unwrap()
}

fn opts(table: bool, clmul: bool) -> GroupOptions {
    GroupOptions {
        table,
        clmul,
        ..GroupOptions::default()
    }
}

/// Every (table, field implementation) combination this CPU can run.
fn variants() -> Vec<(bool, Arith)> {
    let mut v = vec![];
    for arith in Arith::available() {
        for table in [true, false] {
            v.push((table, arith));
        }
    }
    v
}

/// Opens a built-in EC2N group by name with the given table and implementation.
fn open_variant(name: &str, (table, arith): (bool, Arith)) -> Box<dyn KeyExchange> {
    let f = file(name);
    match f.int_key("m").unwrap() {
        155 => Box::new(Ec2n::<F155>::open_with(&f, table, DEFAULT_WINDOW, arith).unwrap()),
        _ => Box::new(Ec2n::<F185>::open_with(&f, table, DEFAULT_WINDOW, arith).unwrap()),
    }
}

fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

/// Miller–Rabin with 40 fixed bases (error < 4^-40 for a composite).
fn is_probable_prime(n: &BigUint) -> bool {
    let one = BigUint::from(1u32);
    let two = BigUint::from(2u32);
    if n < &BigUint::from(4u32) {
        return n >= &two;
    }
    let nm1 = n - &one;
    let s = nm1.trailing_zeros().unwrap();
    let d = &nm1 >> s;
    'bases: for a in (2u32..).take(40) {
        let mut x = BigUint::from(a).modpow(&d, n);
        if x == one || x == nm1 {
            continue;
        }
        for _ in 1..s {
            x = x.modpow(&two, n);
            if x == nm1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn order_facts<F: Trinomial>(name: &str, ord_g_mult: u64, q_bits: u32, h: u64) {
    let g = Ec2n::<F>::open(&file(name), &opts(false, false)).unwrap();
    let c = &g.curve;
    let f = Gf2m::<F>::new(Arith::portable());
    assert_eq!(c.q.bits(), q_bits, "{name}: bits of q");
    assert_eq!(c.h, h);
    assert!(is_probable_prime(&c.q.to_biguint()), "{name}: q is prime");
    assert!(
        !is_probable_prime(&(c.q.to_biguint() + 2u32)),
        "the test can say no"
    );
    let n = c.q.mul_small(h).unwrap();
    assert!(c.mul_ref(&f, &n, Some(c.g)).is_none(), "{name}: h·q·G = O");
    // ord(G) = ord_g_mult·q exactly: it annihilates G, and no proper divisor does.
    let ord = c.q.mul_small(ord_g_mult).unwrap();
    assert!(c.mul_ref(&f, &ord, Some(c.g)).is_none());
    assert!(
        c.mul_ref(&f, &c.q.mul_small(ord_g_mult / 2).unwrap(), Some(c.g))
            .is_some()
    );
    assert!(
        c.mul_ref(&f, &Scalar::from_u64(ord_g_mult), Some(c.g))
            .is_some()
    );
    // Hasse: |#E − 2^m − 1| ≤ 2·2^(m/2) < 2^(m/2 + 2) < ord(G): only one multiple of ord(G)
    // lies in the interval, and h·q does.
    // Squared: ord(G)² > (4·2^(m/2))² = 2^(m+4) and (#E − 2^m − 1)² ≤ 4·2^m.
    let two_m = BigUint::from(1u32) << F::M;
    let o = ord.to_biguint();
    assert!(&o * &o > BigUint::from(1u32) << (F::M + 4));
    let nn = n.to_biguint();
    let one_more = &two_m + 1u32;
    let dist = if nn > one_more {
        &nn - &one_more
    } else {
        &one_more - &nn
    };
    assert!(
        &dist * &dist <= &two_m * 4u32,
        "{name}: #E in the Hasse interval"
    );
    // The small-order x-coordinates really are of points with h·P = O (x = 0 included).
    assert!(c.small_order_x.contains(&Fe::ZERO));
    assert!(c.small_order_x.len() as u64 >= h / 2);
    for x in &c.small_order_x {
        let y = if x.is_zero() {
            f.sqrt(&c.b)
        } else {
            c.y_from_x(&f, x).unwrap()
        };
        let p = Affine { x: *x, y };
        assert!(c.on_curve(&f, &p));
        assert!(
            c.mul_ref(&f, &Scalar::from_u64(h), Some(p)).is_none(),
            "h·P = O"
        );
    }
}

#[test]
fn group_order_gf2_155() {
    order_facts::<F155>("gf2-155", 4, 152, 12);
}

#[test]
fn group_order_gf2_185() {
    order_facts::<F185>("gf2-185", 2, 183, 4);
}

#[test]
fn known_answers_every_variant() {
    let v: serde_json::Value = serde_json::from_str(VECTORS).unwrap();
    let list = v["vectors"].as_array().unwrap();
    assert!(list.len() >= 5);
    for o in variants() {
        for e in list {
            let s = |k: &str| e[k].as_str().unwrap();
            let kx = open_variant(s("field"), o);
            let (a, b) = (unhex(s("secret_a")), unhex(s("secret_b")));
            let ctx = format!("{} {} {o:?}", s("field"), s("secret_a"));
            assert_eq!(hex::encode(kx.offer(&a)), s("public_a_x"), "{ctx}");
            assert_eq!(hex::encode(kx.offer(&b)), s("public_b_x"), "{ctx}");
            let pb = unhex(s("public_b_x"));
            let pb_full = unhex(&format!("04{}{}", s("public_b_x"), s("public_b_y")));
            let pa_full = unhex(&format!("04{}{}", s("public_a_x"), s("public_a_y")));
            let shared = s("shared_x");
            assert_eq!(hex::encode(kx.reply(&a, &pb).unwrap()), shared, "{ctx}");
            assert_eq!(
                hex::encode(kx.reply(&a, &pb_full).unwrap()),
                shared,
                "{ctx}"
            );
            assert_eq!(
                hex::encode(kx.reply(&b, &pa_full).unwrap()),
                shared,
                "{ctx}"
            );
        }
    }
}

#[test]
fn known_answer_y_coordinates() {
    // The fixed-base path computes full points: check y against the vectors too.
    let v: serde_json::Value = serde_json::from_str(VECTORS).unwrap();
    let mut checked = 0;
    for e in v["vectors"].as_array().unwrap() {
        if e["field"] != "gf2-155" {
            continue;
        }
        checked += 1;
        for arith in Arith::available() {
            let g = Ec2n::<F155>::open_with(&file("gf2-155"), true, DEFAULT_WINDOW, arith).unwrap();
            let f = Gf2m::<F155>::new(g.arith);
            let k = g.scalar(&unhex(e["secret_a"].as_str().unwrap())).unwrap();
            let p = ld_point(&g, &k);
            let zi = f.inv(&p.2);
            let y = f.mul(&p.1, &f.sqr(&zi));
            assert_eq!(
                hex::encode(y.to_be_bytes(20)),
                e["public_a_y"].as_str().unwrap()
            );
        }
    }
    assert!(checked >= 1, "no gf2-155 vector");
}

/// k·G from the fixed-base table, as LD (X, Y, Z).
fn ld_point<F: Trinomial>(g: &Ec2n<F>, k: &Scalar) -> (Fe, Fe, Fe) {
    with_gf2m_backend!(g.arith, |be| {
        let p = g.fixed_base().unwrap().mul::<F, _>(be, &g.curve.b, k);
        (be.store(p.x), be.store(p.y), be.store(p.z))
    })
}

fn random_scalar(rng: &mut ChaCha20Rng, kx: &dyn KeyExchange, bits: u32) -> Scalar {
    Scalar::from_be_bytes(&kx.random_secret(bits, rng)).unwrap()
}

/// Ladder test cases: `n` scalars of full, 128, 9 and 64 bits in turn, then 1, 2, 3, 4 and 7,
/// each with the x of an independent random multiple of G (the same sequence as before this
/// helper: scalars first, then one multiplier per case).
fn ladder_cases<F: Trinomial>(g: &Ec2n<F>, seed: u64, n: usize) -> Vec<(Scalar, Fe)> {
    let f = Gf2m::<F>::new(g.arith);
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let full = g.curve.q.bits();
    let mut scalars: Vec<Scalar> = (0..n)
        .map(|i| random_scalar(&mut rng, g, [full, 128, 9, 64][i % 4]))
        .collect();
    scalars.extend([1u64, 2, 3, 4, 7].map(Scalar::from_u64));
    scalars
        .into_iter()
        .map(|k| {
            let r = random_scalar(&mut rng, g, full);
            (k, g.curve.mul_ref(&f, &r, Some(g.curve.g)).unwrap().x)
        })
        .collect()
}

fn fast_paths_agree<F: Trinomial>(name: &str) {
    let mut rng = ChaCha20Rng::seed_from_u64(F::M as u64);
    for arith in Arith::available() {
        let g = Ec2n::<F>::open_with(&file(name), true, DEFAULT_WINDOW, arith).unwrap();
        let c = &g.curve;
        let f = Gf2m::<F>::new(g.arith);
        let full = c.q.bits();
        for i in 0..12 {
            let bits = [full, 128, 17, 64][i % 4];
            let k = random_scalar(&mut rng, &g, bits);
            // Table vs affine reference, full point.
            let want = c.mul_ref(&f, &k, Some(c.g)).unwrap();
            let p = ld_point(&g, &k);
            let zi = f.inv(&p.2);
            assert_eq!(f.mul(&p.0, &zi), want.x, "table x, k = {k:?}");
            assert_eq!(f.mul(&p.1, &f.sqr(&zi)), want.y, "table y");
            assert_eq!(g.offer_x(&k), want.x, "offer");
            // Ladder on a random point (a random multiple of G) vs double-and-add.
            let r = random_scalar(&mut rng, &g, full);
            let pt = c.mul_ref(&f, &r, Some(c.g)).unwrap();
            let want = c.mul_ref(&f, &k, Some(pt)).unwrap();
            let out = g.reply_x(&k, &pt.x);
            assert!(out.on_curve && !out.infinity);
            assert_eq!(out.x, want.x, "ladder");
        }
        // Small scalars and the no-table Offer.
        let nt = Ec2n::<F>::open_with(&file(name), false, DEFAULT_WINDOW, arith).unwrap();
        for v in [1u64, 2, 3, 4, 5, 255, 256, 257] {
            let k = Scalar::from_u64(v);
            let want = c.mul_ref(&f, &k, Some(c.g)).unwrap().x;
            assert_eq!(g.offer_x(&k), want, "table k = {v}");
            assert_eq!(nt.offer_x(&k), want, "ladder k = {v}");
        }
        // The largest secret, q − 1: (q−1)·G.
        let qm1 = Scalar::from_be_bytes(&(c.q.to_biguint() - 1u32).to_bytes_be()).unwrap();
        let want = c.mul_ref(&f, &qm1, Some(c.g)).unwrap().x;
        assert_eq!(g.offer_x(&qm1), want);
        assert_eq!(nt.offer_x(&qm1), want);
    }
}

/// The paired ladder gives the same projective (X : Z) as the one-at-a-time ladder.
#[cfg(target_arch = "x86_64")]
fn paired_ladder_agrees<F: Trinomial>(name: &str) {
    use crate::arith::gf2m::avx512::Avx512;
    let Some(be) = Avx512::detect() else {
        return crate::testing::skip_cpu("no AVX-512/VPCLMULQDQ here: paired ladder not tested");
    };
    let g = Ec2n::<F>::open_with(&file(name), false, DEFAULT_WINDOW, Arith::Avx512(be)).unwrap();
    for (k, px) in &ladder_cases(&g, 7 + F::M as u64, 24) {
        let xe = be.load(px);
        let (x1, z1) = ladder::ladder::<F, Avx512>(be, &g.lb, k, xe);
        let (x2, z2) = ladder_pair::ladder_pair::<F>(be, &g.lb, &g.qrt_b, k, xe);
        assert_eq!(
            (be.store(x1), be.store(z1)),
            (be.store(x2), be.store(z2)),
            "k = {k:?}"
        );
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn paired_ladder_matches_ladder() {
    paired_ladder_agrees::<F155>("gf2-155");
    paired_ladder_agrees::<F185>("gf2-185");
}

/// The portable ladder (x(P) by its 8-bit table) gives the same projective (X : Z) as the
/// generic ladder on the portable backend, and the generic one agrees with the pclmulqdq one.
fn portable_ladder_agrees<F: Trinomial>(name: &str) {
    use crate::arith::gf2m::portable::Portable;
    let g = Ec2n::<F>::open_with(&file(name), false, DEFAULT_WINDOW, Arith::portable()).unwrap();
    #[cfg(target_arch = "x86_64")]
    if crate::arith::gf2m::clmul::Clmul::detect().is_none() {
        crate::testing::skip_cpu("no PCLMULQDQ here: the pclmulqdq ladder not tested");
    }
    for (k, px) in &ladder_cases(&g, 11 + F::M as u64, 16) {
        let want = ladder::ladder_generic::<F, Portable>(Portable, &g.lb, k, *px);
        assert_ne!(want.1, Fe::ZERO);
        let got = ladder::ladder::<F, Portable>(Portable, &g.lb, k, *px);
        assert_eq!(got, want, "k = {k:?}");
        #[cfg(target_arch = "x86_64")]
        if let Some(be) = crate::arith::gf2m::clmul::Clmul::detect() {
            let (x, z) = with_gf2m_backend!(Arith::Clmul(be), |be| {
                let (x, z) = ladder::ladder_generic::<F, _>(be, &g.lb, k, be.load(px));
                (be.store(x), be.store(z))
            });
            assert_eq!((x, z), want, "pclmulqdq k = {k:?}");
        }
    }
}

#[test]
fn portable_ladder_matches_generic() {
    portable_ladder_agrees::<F155>("gf2-155");
    portable_ladder_agrees::<F185>("gf2-185");
}

#[test]
fn table_ladder_and_reference_agree_155() {
    fast_paths_agree::<F155>("gf2-155");
}

#[test]
fn table_ladder_and_reference_agree_185() {
    fast_paths_agree::<F185>("gf2-185");
}

#[test]
fn point_decoding_from_x_alone() {
    let g = Ec2n::<F155>::open(&file("gf2-155"), &opts(false, true)).unwrap();
    let c = &g.curve;
    let p = peer::decode_point(c, g.arith, &g.generator()).unwrap();
    // Either G or −G = (x, x + y).
    assert!(
        p == c.g
            || p == Affine {
                x: c.g.x,
                y: c.g.x.add(&c.g.y)
            }
    );
    let short = peer::decode_point(c, g.arith, &[0x7b]).unwrap();
    assert_eq!(short, p, "leading zero bytes may be dropped");
}

fn reject(kx: &dyn KeyExchange, secret: &[u8], peer: &[u8], needle: &str) {
    let e = kx.reply(secret, peer).unwrap_err();
    assert_eq!(e.exit_code(), 2, "{e}");
    assert!(
        crate::cli::errors::render(&e).contains(needle),
        "{e:?} lacks {needle:?}"
    );
}

#[test]
fn bad_peer_values_and_secrets() {
    for o in variants() {
        let kx = open_variant("gf2-155", o);
        let g = Ec2n::<F155>::open_with(&file("gf2-155"), o.0, DEFAULT_WINDOW, o.1).unwrap();
        let s = [0x11u8; 16];
        let x = g.generator();
        reject(kx.as_ref(), &s, &[0u8; 20], "order 2");
        let mut big = vec![0x08u8];
        big.extend([0u8; 19]);
        reject(kx.as_ref(), &s, &big, "below 2^155");
        reject(kx.as_ref(), &s, &[0xffu8; 21], "bytes");
        // An x with Tr(x + b/x²) = 1: search x = 1, 2, ...
        let f = Gf2m::<F155>::new(g.arith);
        let off = (1u8..50)
            .find(|&v| g.curve.y_from_x(&f, &Fe([v as u64, 0, 0])).is_none())
            .unwrap();
        reject(kx.as_ref(), &s, &[off], "not on the curve");
        // y that does not match x, and a wrong prefix.
        let mut full = vec![4u8];
        full.extend(&x);
        full.extend(g.curve.g.y.add(&Fe::ONE).to_be_bytes(20));
        reject(kx.as_ref(), &s, &full, "does not match");
        full[0] = 3;
        reject(kx.as_ref(), &s, &full, "04 || x || y");
        // Every small-order point other than x = 0.
        for sx in g.curve.small_order_x.iter().filter(|x| !x.is_zero()) {
            reject(kx.as_ref(), &s, &sx.to_be_bytes(20), "small order");
        }
        // Secrets.
        assert!(
            kx.check_secret(&[0, 0])
                .unwrap_err()
                .message()
                .contains("zero")
        );
        let too_long = [&[1u8][..], &[0u8; 19][..]].concat();
        let e = kx.check_secret(&too_long).unwrap_err();
        assert!(
            crate::cli::errors::render(&e).contains("at most 152 bits"),
            "{e}"
        );
        assert!(kx.check_secret(&[0xff; 30]).is_err());
        assert!(kx.check_secret(&[0xff; 19]).is_ok());
        assert!(kx.check_secret(&[[0u8; 10], [1u8; 10]].concat()).is_ok());
        // The valid peer works.
        assert!(kx.reply(&s, &x).is_ok());
    }
}

#[test]
fn random_secrets_have_the_asked_size() {
    let kx = crate::kex::open_named("gf2-185", &opts(false, false)).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let q = Ec2n::<F185>::open(&file("gf2-185"), &opts(false, false))
        .unwrap()
        .curve
        .q;
    for bits in [16u32, 128, 182] {
        for _ in 0..20 {
            let k = Scalar::from_be_bytes(&kx.random_secret(bits, &mut rng)).unwrap();
            assert_eq!(k.bits(), bits);
        }
    }
    let mut top = 0;
    for _ in 0..200 {
        let k = Scalar::from_be_bytes(&kx.random_secret(183, &mut rng)).unwrap();
        assert!(!k.is_zero() && k.cmp_num(&q).is_lt());
        top += (k.bits() == 183) as u32;
    }
    // Uniform below q ≈ 2^183: about half have the top bit.
    assert!((60..140).contains(&top), "{top}");
}

#[test]
fn unsupported_field_is_an_input_error() {
    let mut f = file("gf2-155");
    f.rest.insert("m".into(), toml::Value::Integer(163));
    f.rest.insert("k".into(), toml::Value::Integer(7));
    let e = crate::kex::open(&f, &opts(true, true)).err().unwrap();
    assert_eq!(e.exit_code(), 2);
    assert!(crate::cli::errors::render(&e).contains("u^155"), "{e}");
}

#[test]
fn secrets_that_are_multiples_of_q_are_refused() {
    // q of gf2-155 (152 bits, h = 12): q itself is the only multiple below 2^152; q ± 1 pass.
    let q = "aaaaaaaaaaaaaaaaaab1fcf1e206f421a3ea1b";
    let kx = crate::kex::open_named("gf2-155", &opts(true, true)).unwrap();
    let e = kx.check_secret(&unhex(q)).unwrap_err();
    assert_eq!(e.exit_code(), 2);
    assert!(
        crate::cli::errors::render(&e).contains("multiple of the group order"),
        "{e}"
    );
    assert!(
        kx.check_secret(&unhex("aaaaaaaaaaaaaaaaaab1fcf1e206f421a3ea1a"))
            .is_ok()
    );
    assert!(
        kx.check_secret(&unhex("aaaaaaaaaaaaaaaaaab1fcf1e206f421a3ea1c"))
            .is_ok()
    );
    let peer = unhex("06f8967886a908170e6a97d557386602cb643c72");
    assert_eq!(kx.reply(&unhex(q), &peer).unwrap_err().exit_code(), 2);
}

/// The paired fixed-base Offer (two accumulators in the slots of 512-bit registers) against
/// affine double-and-add, and its special cases (a slot at infinity, P = ±Q, a join of P and
/// ±P) against the one-at-a-time formulas.
#[cfg(target_arch = "x86_64")]
fn paired_offer_agrees<F: Trinomial>(name: &str) {
    use crate::arith::gf2m::avx512::Avx512;
    use fixed::{Ld, ld_add_affine};
    use fixed_pair::{LdPair, add_affine_affine2, add_affine2, mul_xz, x_of_sum};
    let Some(be) = Avx512::detect() else {
        return crate::testing::skip_cpu("no AVX-512/VPCLMULQDQ here: paired Offer not tested");
    };
    let g = Ec2n::<F>::open_with(&file(name), true, DEFAULT_WINDOW, Arith::portable()).unwrap();
    let (c, t) = (&g.curve, g.fixed_base().unwrap());
    let f = Gf2m::<F>::new(Arith::portable());
    let x_of = |(x, z): (Fe, Fe)| (z != Fe::ZERO).then(|| f.mul(&x, &f.inv(&z)));
    let affine = |p: &Ld<core::arch::x86_64::__m256i>| {
        let (x, y, z) = (be.store(p.x), be.store(p.y), be.store(p.z));
        (z != Fe::ZERO).then(|| (f.mul(&x, &f.inv(&z)), f.mul(&y, &f.sqr(&f.inv(&z)))))
    };
    let mut rng = ChaCha20Rng::seed_from_u64(0x0ffe + F::M as u64);
    // Projective LD copy of an affine point with a random Z (O for None).
    let mut ld = |p: Option<Affine>| {
        let z = f.reduce(&Fe(core::array::from_fn(|_| {
            rand_core::Rng::next_u64(&mut rng)
        })));
        match p {
            Some(p) => Ld {
                x: be.load(&f.mul(&p.x, &z)),
                y: be.load(&f.mul(&p.y, &f.sqr(&z))),
                z: be.load(&z),
            },
            None => Ld {
                x: be.load(&Fe::ONE),
                y: be.load(&Fe::ZERO),
                z: be.load(&Fe::ZERO),
            },
        }
    };
    let mul_g = |k: &BigUint| {
        let s = Scalar::from_be_bytes(&k.to_bytes_be()).unwrap();
        c.mul_ref(&f, &s, Some(c.g))
    };
    // The order of G: q times a divisor of the cofactor (4q for the RFC's gf2-155 G).
    let q = [1u32, 2, 3, 4, 6, 12]
        .iter()
        .map(|&h| c.q.to_biguint() * h)
        .find(|n| mul_g(n).is_none())
        .unwrap();
    // Scalars with 1 to 9 non-zero window digits, then random ones.
    let mut ks: Vec<BigUint> = (1..10u32)
        .map(|n| {
            (0..n)
                .map(|j| BigUint::from(3u32) << (DEFAULT_WINDOW * j))
                .sum()
        })
        .collect();
    let mut rng2 = ChaCha20Rng::seed_from_u64(F::M as u64 + 7);
    for bits in [c.q.bits(), 128, 128, 64] {
        ks.push(random_scalar(&mut rng2, &g, bits).to_biguint());
    }
    ks.push(c.q.to_biguint() - 1u32);
    for k in &ks {
        let s = Scalar::from_be_bytes(&k.to_bytes_be()).unwrap();
        let (x, z) = mul_xz::<F>(t, be, &c.b, &s);
        assert_eq!(
            x_of((be.store(x), be.store(z))),
            mul_g(k).map(|p| p.x),
            "k = {k:x}"
        );
    }
    // Joins: P0 + P1 for P1 = P0, −P0, O, and P0 = O.
    let a = random_scalar(&mut rng2, &g, 128).to_biguint();
    let b = random_scalar(&mut rng2, &g, 128).to_biguint();
    for (u, v) in [(&a, &b), (&a, &a), (&a, &(&q - &a)), (&a, &q), (&q, &b)] {
        let (p0, p1) = (ld(mul_g(&(u % &q))), ld(mul_g(&(v % &q))));
        let (x, z) = x_of_sum::<F>(be, &c.b, &p0, &p1);
        let want = mul_g(&((u + v) % &q)).map(|p| p.x);
        assert_eq!(x_of((be.store(x), be.store(z))), want, "join {u:x} + {v:x}");
    }
    // A paired mixed addition whose slots meet special cases, against one at a time.
    let qpt = mul_g(&b).unwrap();
    let neg = Affine {
        x: qpt.x,
        y: qpt.x.add(&qpt.y),
    };
    for (s0, s1) in [
        (None, Some(qpt)),
        (Some(qpt), Some(neg)),
        (mul_g(&a), Some(qpt)),
    ] {
        let (p0, p1) = (ld(s0), ld(s1));
        let (qx, qy) = (be.load(&qpt.x), be.load(&qpt.y));
        let want = (
            affine(&ld_add_affine::<F, Avx512>(be, &c.b, &p0, qx, qy)),
            affine(&ld_add_affine::<F, Avx512>(be, &c.b, &p1, qx, qy)),
        );
        let pair = LdPair::join(be, p0, p1);
        let (qx2, qy2) = (be.join(qx, qx), be.join(qy, qy));
        let (r0, r1) = add_affine2::<F>(be, &c.b, pair, qx2, qy2).split(be);
        assert_eq!((affine(&r0), affine(&r1)), want, "{s0:?} {s1:?}");
    }
    // A paired addition of two affine points per slot: generic slots, and P = Q or P = −Q in
    // either slot, against affine addition.
    let ppt = mul_g(&a).unwrap();
    for (s0, t0, s1, t1) in [
        (ppt, qpt, qpt, ppt),
        (ppt, qpt, qpt, qpt),
        (qpt, qpt, ppt, qpt),
        (neg, qpt, ppt, qpt),
        (ppt, qpt, neg, qpt),
    ] {
        let (px, py) = (be.load2(&s0.x, &s1.x), be.load2(&s0.y, &s1.y));
        let (qx, qy) = (be.load2(&t0.x, &t1.x), be.load2(&t0.y, &t1.y));
        let (r0, r1) = add_affine_affine2::<F>(be, &c.b, px, py, qx, qy).split(be);
        let want = (
            c.add_ref(&f, Some(s0), Some(t0)).map(|p| (p.x, p.y)),
            c.add_ref(&f, Some(s1), Some(t1)).map(|p| (p.x, p.y)),
        );
        assert_eq!(
            (affine(&r0), affine(&r1)),
            want,
            "{s0:?} + {t0:?}, {s1:?} + {t1:?}"
        );
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn paired_offer_agrees_with_reference() {
    paired_offer_agrees::<F155>("gf2-155");
    paired_offer_agrees::<F185>("gf2-185");
}

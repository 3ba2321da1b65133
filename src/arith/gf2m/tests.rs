//! Known answers (`vectors/gf2m-field.json`) through both implementations, and the two
//! implementations against each other.

use super::portable::Portable;
use super::*;
use crate::testing::skip_cpu;
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};

const VECTORS: &str = include_str!("../../../vectors/gf2m-field.json");

fn fe(hex_str: &str) -> Fe {
    let b = crate::error::parse_hex("vector", hex_str).unwrap();
    Fe::from_be_bytes(&b).unwrap()
}

/// Every implementation this CPU has (portable always; clmul where present).
pub(crate) fn all_arith() -> Vec<Arith> {
    Arith::available()
}

fn random_fe<F: Trinomial>(rng: &mut ChaCha20Rng) -> Fe {
    let mut w = [rng.next_u64(), rng.next_u64(), rng.next_u64()];
    let top = F::M - 128;
    w[2] &= (1u64 << top) - 1;
    Fe(w)
}

fn check_vectors<F: Trinomial>(name: &str) -> usize {
    let v: serde_json::Value = serde_json::from_str(VECTORS).unwrap();
    let list = v["fields"][name].as_array().unwrap();
    let mut n = 0;
    for arith in all_arith() {
        let f = Gf2m::<F>::new(arith);
        for e in list {
            let op = e["op"].as_str().unwrap();
            let a = fe(e["a"].as_str().unwrap());
            let r = e["r"].as_str().unwrap();
            let ctx = format!("{name} {op} {e} via {}", arith.name());
            match op {
                "mul" => assert_eq!(f.mul(&a, &fe(e["b"].as_str().unwrap())), fe(r), "{ctx}"),
                "sqr" => assert_eq!(f.sqr(&a), fe(r), "{ctx}"),
                "inv" => {
                    assert_eq!(f.inv(&a), fe(r), "{ctx}");
                    assert_eq!(f.mul(&a, &f.inv(&a)), Fe::ONE, "{ctx}");
                }
                "pow" => {
                    let ex = crate::error::parse_hex("e", e["e"].as_str().unwrap()).unwrap();
                    assert_eq!(f.pow(&a, &ex), fe(r), "{ctx}");
                }
                "trace" => assert_eq!(f.trace(&a).to_string(), r, "{ctx}"),
                "half_trace" => {
                    let h = f.half_trace(&a);
                    assert_eq!(h, fe(r), "{ctx}");
                    // z² + z = a: the defining property.
                    assert_eq!(f.sqr(&h).add(&h), a, "{ctx}");
                }
                other => panic!("unknown op {other}"),
            }
            n += 1;
        }
    }
    n
}

#[test]
fn vectors_gf2_155_both_implementations() {
    let n = check_vectors::<F155>("gf2-155");
    assert!(n >= 41, "{n} vectors");
}

#[test]
fn vectors_gf2_185_both_implementations() {
    let n = check_vectors::<F185>("gf2-185");
    assert!(n >= 38, "{n} vectors");
}

#[test]
fn clmul_twin_of_one_word_product() {
    #[cfg(target_arch = "x86_64")]
    if let Some(_c) = clmul::Clmul::detect() {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        for _ in 0..2000 {
            let (a, b) = (rng.next_u64(), rng.next_u64());
            // SAFETY: the token above proves pclmulqdq is present.
            let hw = unsafe { clmul::clmul64(a, b) };
            assert_eq!(hw, portable::clmul64(a, b), "{a:x} {b:x}");
        }
    } else {
        skip_cpu("no PCLMULQDQ here: the carry-less product not tested (its portable twin is)");
    }
    // The portable twin itself, against bit-by-bit shifting.
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    for _ in 0..200 {
        let (a, b) = (rng.next_u64(), rng.next_u64());
        let mut r: u128 = 0;
        for i in 0..64 {
            if (b >> i) & 1 == 1 {
                r ^= (a as u128) << i;
            }
        }
        assert_eq!(portable::clmul64(a, b), (r as u64, (r >> 64) as u64));
    }
}

fn twins_agree<F: Trinomial>() {
    let all = all_arith();
    #[cfg(target_arch = "x86_64")]
    if clmul::Clmul::detect().is_none() {
        skip_cpu("no PCLMULQDQ here: only the portable code tested");
    }
    let mut rng = ChaCha20Rng::seed_from_u64(F::M as u64);
    for round in 0..500 {
        let mut a = random_fe::<F>(&mut rng);
        let mut b = random_fe::<F>(&mut rng);
        if round < 4 {
            // Edge cases: all ones, zero, one.
            a = Gf2m::<F>::new(Arith::portable()).reduce(&Fe([!0, !0, !0]));
            a.0[2] &= (1u64 << (F::M - 128)) - 1;
            b = [Fe::ZERO, Fe::ONE, a, b][round];
        }
        let s = rng.next_u64();
        let c = random_fe::<F>(&mut rng);
        let p = Portable;
        // Unreduced products: the pclmulqdq twins against the portable code.
        #[cfg(target_arch = "x86_64")]
        if clmul::Clmul::detect().is_some() {
            // SAFETY: the CPU has pclmulqdq (checked just above).
            unsafe {
                assert_eq!(
                    clmul::mul3(&a.0, &b.0),
                    p.mul_wide(a, b),
                    "mul3 {a:?} {b:?}"
                );
                assert_eq!(clmul::sqr3(&a.0), p.sqr_wide(a), "sqr3 {a:?}");
                assert_eq!(clmul::mul3x1(&a.0, s), p.mul_word_wide(a, s), "mul3x1");
            }
        }
        let want = (
            p.mul::<F>(a, b),
            p.sqr::<F>(a),
            p.mul_word::<F>(a, s),
            p.mul_add_mul::<F>(a, b, c, a),
        );
        // Reduced results of every backend (AVX-512 included) against the portable code.
        for arith in &all {
            with_gf2m_backend!(*arith, |be| {
                let (ea, eb, ec) = (be.load(&a), be.load(&b), be.load(&c));
                assert_eq!(
                    be.store(be.mul::<F>(ea, eb)),
                    want.0,
                    "mul {a:?} {b:?} {arith:?}"
                );
                assert_eq!(be.store(be.sqr::<F>(ea)), want.1, "sqr {a:?} {arith:?}");
                assert_eq!(
                    be.store(be.mul_word::<F>(ea, s)),
                    want.2,
                    "mul_word {arith:?}"
                );
                assert_eq!(
                    be.store(be.mul_add_mul::<F>(ea, eb, ec, ea)),
                    want.3,
                    "{arith:?}"
                );
                assert_eq!(be.store(be.add(ea, eb)), a.add(&b));
                assert_eq!(be.is_zero(ea), a.is_zero());
                let (mut x, mut y) = (ea, eb);
                be.cswap(1, &mut x, &mut y);
                assert_eq!((be.store(x), be.store(y)), (b, a));
                be.cswap(0, &mut x, &mut y);
                assert_eq!((be.store(x), be.store(y)), (b, a));
            });
        }
        let f = Gf2m::<F>::new(Arith::portable());
        let ab = f.mul(&a, &b);
        assert!(f.is_reduced(&ab));
        // Field laws as a cross-check of reduction: (a+b)² = a² + b², a·a = a².
        assert_eq!(f.sqr(&a.add(&b)), f.sqr(&a).add(&f.sqr(&b)));
        assert_eq!(f.mul(&a, &a), f.sqr(&a));
        if !a.is_zero() {
            assert_eq!(f.mul(&f.inv(&a), &a), Fe::ONE);
        }
        for n in [1, 8, 17, 23, 34, 46, 77, 92] {
            let mut slow = a;
            for _ in 0..n {
                slow = f.sqr(&slow);
            }
            assert_eq!(sqr_n_fast::<F, _>(Portable, a, n), slow, "sqr^{n}");
        }
    }
}

#[test]
fn portable_and_clmul_agree_155() {
    twins_agree::<F155>();
}

#[test]
fn portable_and_clmul_agree_185() {
    twins_agree::<F185>();
}

#[test]
fn reduction_against_bitwise_long_division() {
    fn slow<F: Trinomial>(c: &Wide) -> Fe {
        let mut c = *c;
        for bit in (F::M as usize..384).rev() {
            if (c[bit / 64] >> (bit % 64)) & 1 == 1 {
                for pos in [
                    bit,
                    bit - F::M as usize,
                    bit - F::M as usize + F::K as usize,
                ] {
                    c[pos / 64] ^= 1u64 << (pos % 64);
                }
            }
        }
        Fe([c[0], c[1], c[2]])
    }
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    for _ in 0..300 {
        let mut c: Wide = [0; 6];
        for w in c.iter_mut() {
            *w = rng.next_u64();
        }
        let mut c155 = c;
        c155[4] &= (1u64 << (309 - 256)) - 1;
        c155[5] = 0;
        assert_eq!(reduce::<F155>(c155), slow::<F155>(&c155));
        let mut c185 = c;
        c185[5] &= (1u64 << (369 - 320)) - 1;
        assert_eq!(reduce::<F185>(c185), slow::<F185>(&c185));
    }
}

#[test]
fn trace_half_trace_sqrt_properties() {
    let mut rng = ChaCha20Rng::seed_from_u64(11);
    for arith in all_arith() {
        let f = Gf2m::<F155>::new(arith);
        for _ in 0..50 {
            let a = random_fe::<F155>(&mut rng);
            // Tr(a) = Tr(a²), and a = z² + z is solvable iff Tr(a) = 0.
            assert_eq!(f.trace(&a), f.trace(&f.sqr(&a)));
            let h = f.half_trace(&a);
            let back = f.sqr(&h).add(&h);
            assert_eq!(back == a, f.trace(&a) == 0);
            assert_eq!(f.sqr(&f.sqrt(&a)), a);
        }
        // Tr(1) = m mod 2 = 1.
        assert_eq!(f.trace(&Fe::ONE), 1);
    }
}

#[test]
fn byte_encoding_round_trip() {
    let a = Fe([0x1122334455667788, 0x99aabbccddeeff00, 0x0000000007123456]);
    let b = a.to_be_bytes(20);
    assert_eq!(hex::encode(&b), "0712345699aabbccddeeff001122334455667788");
    assert_eq!(Fe::from_be_bytes(&b), Some(a));
    assert_eq!(Fe::from_be_bytes(&[0u8; 30]), Some(Fe::ZERO));
    let mut long = vec![1u8];
    long.extend([0u8; 24]);
    assert_eq!(Fe::from_be_bytes(&long), None);
    assert_eq!(a.bits(), 128 + 27);
}

/// The byte conversions against a byte-at-a-time reference (the former implementation) for
/// every length 0..=30 and several fillings: all 0xff (every byte counts), random bytes, and
/// zeros beyond the 24 low bytes (accepted) or a single non-zero byte there (refused).
#[test]
fn byte_encoding_every_length_against_bytewise() {
    fn reference_from(b: &[u8]) -> Option<Fe> {
        let mut w = [0u64; 3];
        for (i, &byte) in b.iter().rev().enumerate() {
            if i >= 24 {
                if byte != 0 {
                    return None;
                }
                continue;
            }
            w[i / 8] |= (byte as u64) << (8 * (i % 8));
        }
        Some(Fe(w))
    }
    fn reference_to(a: &Fe, len: usize) -> Vec<u8> {
        (0..len)
            .rev()
            .map(|i| (a.0[i / 8] >> (8 * (i % 8))) as u8)
            .collect()
    }
    let mut rng = ChaCha20Rng::seed_from_u64(155);
    let mut checked = 0;
    for len in 0..=30usize {
        let mut random = vec![0u8; len];
        rng.fill_bytes(&mut random);
        let mut zero_top = random.clone();
        let cut = len.saturating_sub(24);
        zero_top[..cut].fill(0);
        let mut fillings = vec![vec![0xffu8; len], random, zero_top.clone()];
        for i in 0..cut {
            let mut one = zero_top.clone();
            one[i] = 0x80;
            fillings.push(one);
        }
        for b in &fillings {
            let got = Fe::from_be_bytes(b);
            assert_eq!(got, reference_from(b), "len {len}: {}", hex::encode(b));
            // Refused exactly when a byte beyond the 24 low ones is non-zero.
            assert_eq!(got.is_none(), b[..cut].iter().any(|&x| x != 0));
            if let Some(a) = got {
                let n = len.min(24);
                assert_eq!(a.to_be_bytes(n), reference_to(&a, n));
                assert_eq!(a.to_be_bytes(n), b[len - n..]);
                assert_eq!(a.to_be_bytes(24), reference_to(&a, 24));
                checked += 1;
            }
        }
    }
    assert!(checked > 31 * 2);
    let a = Fe([u64::MAX, 0x0102030405060708, 0x1112131415161718]);
    for len in 0..=24 {
        assert_eq!(a.to_be_bytes(len), reference_to(&a, len), "len {len}");
    }
}

/// Bit-by-bit schoolbook carry-less product of two 192-bit polynomials (the reference the
/// portable comb is checked against): for every set bit i of a, XOR b·u^i into the result.
fn schoolbook(a: &[u64; 3], b: &[u64; 3]) -> Wide {
    let mut c = [0u64; 6];
    for i in 0..192 {
        if (a[i / 64] >> (i % 64)) & 1 == 0 {
            continue;
        }
        for j in 0..192 {
            if (b[j / 64] >> (j % 64)) & 1 == 1 {
                c[(i + j) / 64] ^= 1u64 << ((i + j) % 64);
            }
        }
    }
    c
}

/// Reduced inputs that stress the comb's edges: all ones, single bits (lowest, word
/// boundaries, the top bit m − 1), top digits of each word, and random elements.
fn comb_inputs<F: Trinomial>(rng: &mut ChaCha20Rng) -> Vec<Fe> {
    let top = F::M - 128;
    let ones = Fe([!0, !0, (1u64 << top) - 1]);
    let bit = |i: u32| {
        let mut w = [0u64; 3];
        w[(i / 64) as usize] = 1u64 << (i % 64);
        Fe(w)
    };
    let mut v = vec![Fe::ZERO, Fe::ONE, ones];
    for i in [
        1,
        3,
        4,
        59,
        60,
        63,
        64,
        127,
        128,
        F::M - 5,
        F::M - 4,
        F::M - 1,
    ] {
        v.push(bit(i));
    }
    // Top nibble of every word set, and the alternating patterns.
    v.push(Fe([0xF << 60, 0xF << 60, 0xF << (top - 4)]));
    v.push(Fe([
        0xAAAA_AAAA_AAAA_AAAA,
        0x5555_5555_5555_5555,
        0x5555_5555_5555_5555 >> (64 - top),
    ]));
    for _ in 0..12 {
        v.push(random_fe::<F>(rng));
    }
    v
}

fn portable_against_schoolbook<F: Trinomial>() {
    let mut rng = ChaCha20Rng::seed_from_u64(100 + F::M as u64);
    let p = Portable;
    let inputs = comb_inputs::<F>(&mut rng);
    let words = [
        0,
        1,
        0x7338F,
        0x1_0000,
        0xF,
        0x8000_0000_0000_0000,
        !0,
        rng.next_u64(),
    ];
    for a in &inputs {
        for b in &inputs {
            assert!(a.bits() <= F::M && b.bits() <= F::M);
            let want = schoolbook(&a.0, &b.0);
            assert_eq!(p.mul_wide(*a, *b), want, "mul_wide {a:?} {b:?}");
            // The field-shaped comb (fewer top digits, 5-word accumulator for m = 155).
            assert_eq!(p.mul::<F>(*a, *b), reduce::<F>(want), "mul {a:?} {b:?}");
            // Both products through one accumulator.
            let c = inputs[(a.0[0] ^ b.0[1]) as usize % inputs.len()];
            let want2 = wide_add(&want, &schoolbook(&c.0, &a.0));
            assert_eq!(
                p.mul_add_mul::<F>(*a, *b, c, *a),
                reduce::<F>(want2),
                "mul_add_mul {a:?} {b:?} {c:?}"
            );
        }
        assert_eq!(p.sqr_wide(*a), schoolbook(&a.0, &a.0), "sqr {a:?}");
        // a·b + x·e with x by its 8-bit table (the ladder's X = A·B + x·Z), for every x of
        // a few and e = a.
        let tables: Vec<(Fe, portable::XTable8)> = inputs
            .iter()
            .step_by(5)
            .map(|x| (*x, portable::XTable8::new::<F>(x).expect("m ≤ 185")))
            .collect();
        for (x, tx) in &tables {
            for b in inputs.iter().step_by(3) {
                let want = wide_add(&schoolbook(&a.0, &b.0), &schoolbook(&x.0, &a.0));
                assert_eq!(
                    portable::mul_add_mul_x8::<F>(*a, *b, tx, *a),
                    reduce::<F>(want),
                    "mul_add_mul_x8 {a:?} {b:?} x = {x:?}"
                );
                let want = wide_add(&schoolbook(&b.0, &a.0), &schoolbook(&x.0, &b.0));
                assert_eq!(
                    portable::mul_add_mul_x8::<F>(*b, *a, tx, *b),
                    reduce::<F>(want),
                    "mul_add_mul_x8 {b:?} {a:?} x = {x:?}"
                );
            }
            // Row v of the table is v·x.
            for v in [0u64, 1, 2, 0x80, 0xA5, 0xFF] {
                let row = schoolbook(&x.0, &[v, 0, 0]);
                assert_eq!(tx.0[v as usize], [row[0], row[1], row[2]], "row {v:x}");
                assert_eq!(row[3], 0);
            }
        }
        for &s in &words {
            if let Some(ts) = portable::SqrWordTable::new::<F>(s) {
                // Against squaring, then the one-word product, then reduction.
                let want = p.mul_word::<F>(p.sqr::<F>(*a), s);
                let got = reduce::<F>(portable::mul_sqr_word_wide::<F>(&ts, *a));
                assert_eq!(got, want, "s·a² {a:?} {s:x}");
            }
            assert_eq!(
                p.mul_word_wide(*a, s),
                schoolbook(&a.0, &[s, 0, 0]),
                "mul_word {a:?} {s:x}"
            );
        }
    }
}

/// The table-driven portable squaring against the mask-cascade spread, word by word.
#[test]
fn portable_square_table_against_spread32() {
    let mut rng = ChaCha20Rng::seed_from_u64(2155);
    let mut words = vec![0u64, 1, !0, 0x8000_0000_0000_0000, 0xFF00_FF00_FF00_FF00];
    words.extend((0..64).map(|_| rng.next_u64()));
    for w in words.chunks(3).filter(|c| c.len() == 3) {
        let a = Fe([w[0], w[1], w[2]]);
        let mut want = [0u64; 6];
        for i in 0..3 {
            want[2 * i] = portable::spread32(a.0[i] as u32);
            want[2 * i + 1] = portable::spread32((a.0[i] >> 32) as u32);
        }
        assert_eq!(Portable.sqr_wide(a), want, "{a:?}");
    }
}

#[test]
fn portable_comb_against_schoolbook_155() {
    portable_against_schoolbook::<F155>();
}

#[test]
fn portable_comb_against_schoolbook_185() {
    portable_against_schoolbook::<F185>();
}

/// The paired 512-bit operations against the portable code, slot by slot.
#[cfg(target_arch = "x86_64")]
fn pairs_agree<F: Trinomial>() {
    let Some(be) = avx512::Avx512::detect() else {
        return skip_cpu("no AVX-512/VPCLMULQDQ here: paired operations not tested");
    };
    let p = Portable;
    let mut rng = ChaCha20Rng::seed_from_u64(0x5a1d + F::M as u64);
    let top = {
        let mut w = [u64::MAX; 3];
        w[2] = (1u64 << (F::M - 128)) - 1;
        Fe(w)
    };
    let mut inputs: Vec<Fe> = (0..200).map(|_| random_fe::<F>(&mut rng)).collect();
    inputs.extend([Fe::ZERO, Fe::ONE, top, Fe([0, 0, 1u64 << (F::M - 129)])]);
    for w in inputs.windows(4) {
        let (a, b, c, d) = (w[0], w[1], w[2], w[3]);
        let x = be.load2(&a, &b);
        let y = be.load2(&c, &d);
        assert_eq!(be.store2(x), (a, b), "load2/store2");
        let want_mul = (p.mul::<F>(a, c), p.mul::<F>(b, d));
        assert_eq!(be.store2(be.mul2::<F>(x, y)), want_mul, "mul2 {a:?} {c:?}");
        let want_sqr = (p.sqr::<F>(a), p.sqr::<F>(b));
        assert_eq!(be.store2(be.sqr2::<F>(x)), want_sqr, "sqr2 {a:?}");
        // Unreduced product plus a reduced element in slot 0, then one reduction.
        let sum = be.reduce2::<F>(be.add_slot0(be.mul2_wide(x, y), y));
        assert_eq!(
            be.store2(sum),
            (want_mul.0.add(&c), want_mul.1),
            "add_slot0"
        );
        // Slot moves.
        assert_eq!(be.store2(be.swap2(x)), (b, a));
        assert_eq!(be.store2(be.slot0s(x, y)), (a, c));
        assert_eq!(be.store2(be.slot1_slot0(x, y)), (b, c));
        assert_eq!(be.store2(be.merge(x, y)), (a, d));
        assert_eq!(be.store2(be.add2(x, y)), (a.add(&c), b.add(&d)));
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn paired_operations_agree_with_portable() {
    pairs_agree::<F155>();
    pairs_agree::<F185>();
}

/// Every multi-squaring map of a field: the table (portable `apply`) against n squarings,
/// and the AVX-512 backend's vector lookup against the table, on random and edge inputs.
fn multi_sqr_maps_agree<F: Trinomial>() {
    let p = Portable;
    let maps = &F::tables().msqr;
    assert!(maps.len() >= 3, "m = {}: {} maps", F::M, maps.len());
    let mut rng = ChaCha20Rng::seed_from_u64(0x3a95 + F::M as u64);
    let top = {
        let mut w = [u64::MAX; 3];
        w[2] = (1u64 << (F::M - 128)) - 1;
        Fe(w)
    };
    let mut inputs: Vec<Fe> = (0..100).map(|_| random_fe::<F>(&mut rng)).collect();
    inputs.extend([Fe::ZERO, Fe::ONE, top]);
    #[cfg(target_arch = "x86_64")]
    let vector = avx512::Avx512::detect();
    #[cfg(target_arch = "x86_64")]
    if vector.is_none() {
        skip_cpu("no AVX-512/VPCLMULQDQ here: the vector lookup not tested (the table is)");
    }
    for t in maps {
        for a in &inputs {
            let want = sqr_n::<F, Portable>(p, *a, t.n);
            assert_eq!(t.apply(a), want, "m = {} n = {} a = {a:?}", F::M, t.n);
            assert_eq!(p.multi_sqr::<F>(t, *a), want);
            #[cfg(target_arch = "x86_64")]
            if let Some(be) = vector {
                let got = be.store(be.multi_sqr::<F>(t, be.load(a)));
                assert_eq!(got, want, "avx512 m = {} n = {} a = {a:?}", F::M, t.n);
            }
        }
    }
}

#[test]
fn multi_squaring_maps_agree() {
    multi_sqr_maps_agree::<F155>();
    multi_sqr_maps_agree::<F185>();
}

/// The benchmark chains against the cold-path API, for every implementation here.
#[test]
fn chains_agree_with_single_operations() {
    use chain::{ChainOp, chain};
    let (a, b) = (
        Fe([0x0123_4567_89ab_cdef, 0xfedc_ba98, 0x55]),
        Fe([3, 5, 7]),
    );
    for arith in all_arith() {
        let f = Gf2m::<F155>::new(arith);
        let ctx = arith.name();
        let abbb = f.mul(&f.mul(&f.mul(&a, &b), &b), &b);
        assert_eq!(chain::<F155>(arith, ChainOp::Mul, &a, &b, 3), abbb, "{ctx}");
        assert_eq!(
            chain::<F155>(arith, ChainOp::Sqr, &a, &b, 5),
            f.sqr_n(&a, 5),
            "{ctx}"
        );
        let two = f.inv(&f.inv(&a.add(&b)).add(&b));
        assert_eq!(chain::<F155>(arith, ChainOp::Inv, &a, &b, 2), two, "{ctx}");
        assert_ne!(two, a, "{ctx}");
        // 77 is a map of F155 (its last Itoh–Tsujii run), 3 is not: against plain squarings.
        for (k, n) in [(77, 2), (3, 4)] {
            let want = sqr_n::<F155, Portable>(Portable, a, k * n);
            assert_eq!(
                chain::<F155>(arith, ChainOp::SqrN(k), &a, &b, n),
                want,
                "{ctx}"
            );
        }
    }
}

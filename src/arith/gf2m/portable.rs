//! Portable 64-bit GF(2)[u] multiply and square (no special instructions).
//!
//! Multiply: the left-to-right comb with windows of 4 bits (Hankerson–Menezes–Vanstone,
//! *Guide to Elliptic Curve Cryptography*, 2004, Algorithm 2.36): precompute the 16 products
//! v(u)·b(u) for every polynomial v of degree < 4, then for each 4-bit digit position j (high
//! to low) XOR in the entry of digit j of every word of a, and shift the accumulator by 4.
//! The 16 digit positions are unrolled, so every shift is a constant.
//! Where the field is known ([`Backend::mul`], [`Backend::mul_add_mul`]) the comb skips the
//! digits of the top word that a reduced element cannot have (for m = 155 the top word holds
//! 27 bits: 7 digits, not 16) and keeps a 5-word accumulator when 2m − 2 < 320; a·b + c·d
//! runs both products through one accumulator, so they share its shifts. Measured figures
//! are in `docs/perf.md`.
//!
//! Multiply by a one-word constant s ([`Backend::mul_word_wide`], the curve's b in the
//! ladder): the same comb with the roles swapped — the table holds v·a and the digits come
//! from s, only as many as s has (5 for the 19-bit b of Oakley group 3), so its time depends
//! on the degree of the public constant s only.
//!
//! Multiply by a fixed element x many times (the ladder's x(P), [`mul_add_mul_x8`]): an
//! 8-bit-window table of x ([`XTable8`], 256 rows, built once per scalar multiplication)
//! whose lookups ride in another product's 4-bit comb at its even digit positions, so x·e
//! costs 20 lookups (m = 155) and no table build or shifts of its own.
//!
//! Square: squaring a polynomial over GF(2) spreads its bits (bit i moves to bit 2i), done
//! here with a 256-entry table of the spread of every byte (HMV 2004, §2.3.4): 8 lookups per
//! word. It replaced the interleave-with-zeros mask cascade on 32-bit halves ([`spread32`],
//! kept as the reference the tests compare against), which took 5 shift/or/mask rounds per
//! half: the table made `dh --no-clmul` Reply 3–6 % faster (`docs/perf.md`).
//!
//! Not chosen, after measuring (`docs/perf.md`): a 64×64-bit carry-less product from integer
//! multiplications with "holes" (bits split into four classes masked by 0x1111…, 0x2222…,
//! …, so that carries fall between the bits that matter; T. Pornin, BearSSL
//! `ghash_ctmul64.c`) under a 3-term Karatsuba (6 such products, 16–20 `mul` each) ran
//! about 1.5× slower than this comb on x86-64 without BMI2: the one-operand `mul` and its
//! fixed registers cost more than the comb's table lookups.

use super::{Backend, Fe, Trinomial, Wide};

/// The portable implementation (always available).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Portable;

/// Spreads the 32 bits of `x` to the even bit positions of a 64-bit word (mask cascade; the
/// reference for the table-driven squaring).
#[inline(always)]
pub fn spread32(x: u32) -> u64 {
    let mut x = x as u64;
    x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x << 2)) & 0x3333_3333_3333_3333;
    x = (x | (x << 1)) & 0x5555_5555_5555_5555;
    x
}

/// SPREAD8[v] = v with its 8 bits moved to the even positions of 16 (bit i to bit 2i).
static SPREAD8: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut v = 0;
    while v < 256 {
        let mut r = 0u16;
        let mut i = 0;
        while i < 8 {
            r |= (((v >> i) & 1) as u16) << (2 * i);
            i += 1;
        }
        t[v] = r;
        v += 1;
    }
    t
};

/// Carry-less 64×64 → 128-bit product (low, high) with a 4-bit-window comb; the portable twin
/// of one `pclmulqdq`.
#[inline(always)]
pub fn clmul64(a: u64, b: u64) -> (u64, u64) {
    // Table of v·b for v < 16 over 68 bits: low words and the 3 bits that overflow.
    let mut lo = [0u64; 16];
    let mut hi = [0u64; 16];
    lo[1] = b;
    for v in 2..16 {
        if v & 1 == 0 {
            lo[v] = lo[v / 2] << 1;
            hi[v] = (hi[v / 2] << 1) | (lo[v / 2] >> 63);
        } else {
            lo[v] = lo[v - 1] ^ b;
            hi[v] = hi[v - 1];
        }
    }
    let (mut rl, mut rh) = (0u64, 0u64);
    for j in (0..16).rev() {
        rh = (rh << 4) | (rl >> 60);
        rl <<= 4;
        let v = ((a >> (4 * j)) & 15) as usize;
        rl ^= lo[v];
        rh ^= hi[v];
    }
    (rl, rh)
}

/// Fills `t` with the comb table of `b` (degree < 189): row v = v(u)·b(u) for the 16
/// polynomials v of degree < 4, each of degree < 192, so three words. Built in place: a
/// returned table is copied by `memmove` when the caller is not inlined.
#[inline(always)]
fn comb_table(t: &mut [[u64; 3]; 16], b: &[u64; 3]) {
    t[0] = [0; 3];
    t[1] = *b;
    let mut v = 2;
    while v < 16 {
        let h = t[v / 2];
        let e = [
            h[0] << 1,
            (h[1] << 1) | (h[0] >> 63),
            (h[2] << 1) | (h[1] >> 63),
        ];
        t[v] = e;
        t[v + 1] = [e[0] ^ b[0], e[1] ^ b[1], e[2] ^ b[2]];
        v += 2;
    }
}

/// XORs the table row of digit j (bits 4j..4j+3) of word i of `a` into `c` at word i.
#[inline(always)]
fn comb_add(c: &mut Wide, t: &[[u64; 3]; 16], a: &[u64; 3], i: usize, j: usize) {
    let row = &t[((a[i] >> (4 * j)) & 15) as usize];
    c[i] ^= row[0];
    c[i + 1] ^= row[1];
    c[i + 2] ^= row[2];
}

/// c·u^4, on 6 words when `six`, else on 5 (then c[5] stays 0).
#[inline(always)]
fn comb_shift(c: &mut Wide, six: bool) {
    if six {
        c[5] = (c[5] << 4) | (c[4] >> 60);
    }
    c[4] = (c[4] << 4) | (c[3] >> 60);
    c[3] = (c[3] << 4) | (c[2] >> 60);
    c[2] = (c[2] << 4) | (c[1] >> 60);
    c[1] = (c[1] << 4) | (c[0] >> 60);
    c[0] <<= 4;
}

/// Σ a_k·b_k over the N pairs by one left-to-right 4-bit comb (HMV 2004, Alg. 2.36) with
/// one table per b_k and one shared accumulator.
///
/// Shapes: each a_k and b_k has degree < 189 (three words); `top` (≤ 16) bounds the 4-bit
/// digits of a_k's word 2 that may be non-zero (a_k[2] < 2^(4·top)); `six` = false when every
/// a_k·b_k has degree < 320 (5 words), else the product takes 6 words.
///
/// With `x8` = Some((T, e)) the sum also gets x·e, where T = [`XTable8`] of a fixed x: the
/// 8-bit digit p of each word of e is looked up in T at the even digit position j = 2p, so
/// x·e costs one lookup per byte of e and shares the accumulator's shifts (no table build,
/// half the lookups of a 4-bit comb). Its bytes of word 2 are read below `top8` only.
#[inline(always)]
fn comb<const N: usize>(
    a: [&[u64; 3]; N],
    b: [&[u64; 3]; N],
    top: usize,
    six: bool,
    x8: Option<(&XTable8, &[u64; 3], usize)>,
) -> Wide {
    let mut t = [[[0u64; 3]; 16]; N];
    for k in 0..N {
        comb_table(&mut t[k], b[k]);
    }
    comb_t::<N>(a, &t, top, six, x8)
}

/// [`comb`] with the tables of the b_k given (built by `comb_table`).
#[inline(always)]
fn comb_t<const N: usize>(
    a: [&[u64; 3]; N],
    t: &[[[u64; 3]; 16]; N],
    top: usize,
    six: bool,
    x8: Option<(&XTable8, &[u64; 3], usize)>,
) -> Wide {
    let mut c = [0u64; 6];
    macro_rules! step {
        ($j:expr) => {
            for k in 0..N {
                comb_add(&mut c, &t[k], a[k], 0, $j);
                comb_add(&mut c, &t[k], a[k], 1, $j);
                if $j < top {
                    comb_add(&mut c, &t[k], a[k], 2, $j);
                }
            }
            if let Some((tx, e, top8)) = x8 {
                if $j % 2 == 0 {
                    let p = $j / 2;
                    for i in 0..3 {
                        if i < 2 || p < top8 {
                            let row = &tx.0[((e[i] >> (8 * p)) & 255) as usize];
                            c[i] ^= row[0];
                            c[i + 1] ^= row[1];
                            c[i + 2] ^= row[2];
                        }
                    }
                }
            }
            if $j != 0 {
                comb_shift(&mut c, six);
            }
        };
    }
    step!(15);
    step!(14);
    step!(13);
    step!(12);
    step!(11);
    step!(10);
    step!(9);
    step!(8);
    step!(7);
    step!(6);
    step!(5);
    step!(4);
    step!(3);
    step!(2);
    step!(1);
    step!(0);
    c
}

/// The comb's shape for reduced elements of F: (digits of word 2, six-word product).
/// A reduced element has degree < m, so word 2 holds m − 128 bits (none when m ≤ 128) and a
/// product has degree ≤ 2m − 2, which fits 5 words when 2m − 2 < 320.
#[inline(always)]
fn comb_shape<F: Trinomial>() -> (usize, bool) {
    let top = F::M.saturating_sub(128).div_ceil(4).min(16) as usize;
    (top, 2 * F::M - 2 >= 320)
}

/// The 8-bit-window comb table of a fixed element x (the ladder's x(P), built once per
/// scalar multiplication): row v = v(u)·x(u) for the 256 polynomials v of degree < 8, three
/// words each (degree < m + 7 ≤ 192, so m ≤ 185), 6 KiB. HMV 2004, Alg. 2.36 with w = 8 for
/// this operand only: a table of 2^w rows pays off when it serves many products.
#[derive(Clone)]
pub struct XTable8(pub [[u64; 3]; 256]);

impl XTable8 {
    /// The table of x (reduced, degree < m ≤ 185; `None` for a wider field, where a row
    /// would not fit three words).
    pub fn new<F: Trinomial>(x: &Fe) -> Option<XTable8> {
        if F::M + 7 > 192 {
            return None;
        }
        let mut t = XTable8([[0u64; 3]; 256]);
        t.0[1] = x.0;
        for v in 1..128 {
            let h = t.0[v];
            let e = [
                h[0] << 1,
                (h[1] << 1) | (h[0] >> 63),
                (h[2] << 1) | (h[1] >> 63),
            ];
            t.0[2 * v] = e;
            t.0[2 * v + 1] = [e[0] ^ x.0[0], e[1] ^ x.0[1], e[2] ^ x.0[2]];
        }
        Some(t)
    }
}

/// a·b + x·e mod f with one accumulator and one reduction, x given by its [`XTable8`]
/// (built by `XTable8::new::<F>`): the ladder's X = A·B + x·Z. a, b, e reduced.
#[inline(always)]
pub fn mul_add_mul_x8<F: Trinomial>(a: Fe, b: Fe, tx: &XTable8, e: Fe) -> Fe {
    let (top, six) = comb_shape::<F>();
    let top8 = F::M.saturating_sub(128).div_ceil(8).min(8) as usize;
    super::reduce::<F>(comb::<1>([&a.0], [&b.0], top, six, Some((tx, &e.0, top8))))
}

/// The table of s·v(u²) for every byte v (s a one-word constant, the curve's b): with it
/// s·a² (unreduced) is one lookup per byte of a, each row XORed in at bit 16·p for byte p,
/// with no squaring or table build per product (Mdouble's b·Z⁴ = b·(Z²)²). Row degree
/// < deg s + 15, so s < 2^49 keeps a row in one word.
#[derive(Clone, Debug)]
pub struct SqrWordTable(pub [u64; 256]);

impl SqrWordTable {
    /// The table of s, for field F: `None` when s ≥ 2^49 or s·a² could pass 384 bits
    /// (2(m − 1) + deg s ≥ 384).
    pub fn new<F: Trinomial>(s: u64) -> Option<SqrWordTable> {
        let deg = 63 - s.leading_zeros().min(63);
        if s >= 1 << 49 || 2 * (F::M - 1) + deg >= 384 {
            return None;
        }
        let mut t = SqrWordTable([0; 256]);
        for v in 0..256usize {
            // v(u²)·s: bit i of v selects s·u^(2i).
            let mut r = 0u64;
            for i in 0..8 {
                if (v >> i) & 1 == 1 {
                    r ^= s << (2 * i);
                }
            }
            t.0[v] = r;
        }
        Some(t)
    }
}

/// s·a² mod f up to the last folding: a value of degree ≤ 2m − 2 word-wise (words past
/// (2m − 2)/64 folded in, so [`super::reduce`] finishes it), s given by its
/// [`SqrWordTable`] (built for field F), a reduced.
#[inline(always)]
pub fn mul_sqr_word_wide<F: Trinomial>(ts: &SqrWordTable, a: Fe) -> Wide {
    let top8 = F::M.saturating_sub(128).div_ceil(8).min(8) as usize;
    let mut c = [0u64; 6];
    for i in 0..3 {
        for q in 0..8 {
            if i < 2 || q < top8 {
                let t = ts.0[((a.0[i] >> (8 * q)) & 255) as usize];
                // Byte q of word i squares to bits 128·i + 16·q.
                let w = 2 * i + q / 4;
                let sh = 16 * (q % 4);
                c[w] ^= t << sh;
                // (Past word 5 the bits are zero: the product has degree < 384.)
                if sh != 0 && w < 5 {
                    c[w + 1] ^= t >> (64 - sh);
                }
            }
        }
    }
    // s·a² may pass degree 2m − 2 (the top word `reduce` reads): fold the words above it,
    // t·u^(64i) = t·u^(64i − m)·(u^k + 1) (HMV 2004, §2.3.5), landing below word 64i − m + k + 64.
    let top = ((2 * F::M - 2) / 64) as usize;
    let mut i = 5;
    while i > top {
        let t = c[i];
        c[i] = 0;
        let base = 64 * i as u32 - F::M;
        super::xor_at(&mut c, base, t);
        super::xor_at(&mut c, base + F::K, t);
        i -= 1;
    }
    c
}

impl Backend for Portable {
    const NAME: &'static str = "portable";
    super::word_backend_common!();

    #[inline(always)]
    fn mul_wide(self, a: Fe, b: Fe) -> Wide {
        // Any element of a field with m ≤ 189: all 16 digits of word 2, 6-word product.
        comb::<1>([&a.0], [&b.0], 16, true, None)
    }

    #[inline(always)]
    fn mul<F: Trinomial>(self, a: Fe, b: Fe) -> Fe {
        let (top, six) = comb_shape::<F>();
        super::reduce::<F>(comb::<1>([&a.0], [&b.0], top, six, None))
    }

    #[inline(always)]
    fn mul_add_mul<F: Trinomial>(self, a: Fe, b: Fe, c: Fe, d: Fe) -> Fe {
        let (top, six) = comb_shape::<F>();
        super::reduce::<F>(comb::<2>([&a.0, &c.0], [&b.0, &d.0], top, six, None))
    }

    #[inline(always)]
    fn sqr_wide(self, a: Fe) -> Wide {
        let mut c = [0u64; 6];
        for i in 0..3 {
            let w = a.0[i];
            let mut lo = 0u64;
            let mut hi = 0u64;
            for q in 0..4 {
                lo |= (SPREAD8[((w >> (8 * q)) & 255) as usize] as u64) << (16 * q);
                hi |= (SPREAD8[((w >> (8 * q + 32)) & 255) as usize] as u64) << (16 * q);
            }
            c[2 * i] = lo;
            c[2 * i + 1] = hi;
        }
        c
    }

    #[inline(always)]
    fn mul_word_wide(self, a: Fe, s: u64) -> Wide {
        // Table of v·a (a reduced, degree < 189: three words a row), digits from s, high to
        // low; only the digits below s's top set bit, so the loop length depends on s alone.
        let mut t = [[0u64; 3]; 16];
        comb_table(&mut t, &a.0);
        let mut c = [0u64; 6];
        let mut j = (64 - s.leading_zeros()).div_ceil(4);
        while j > 0 {
            j -= 1;
            let row = &t[((s >> (4 * j)) & 15) as usize];
            c[0] ^= row[0];
            c[1] ^= row[1];
            c[2] ^= row[2];
            if j != 0 {
                // Degree ≤ 188 + 63 = 251 at the end: four words.
                c[3] = (c[3] << 4) | (c[2] >> 60);
                c[2] = (c[2] << 4) | (c[1] >> 60);
                c[1] = (c[1] << 4) | (c[0] >> 60);
                c[0] <<= 4;
            }
        }
        c
    }
}

//! Portable 64-bit GF(2)[u] multiply and square (no special instructions).
//!
//! Multiply: the left-to-right comb with windows of 4 bits (Hankerson–Menezes–Vanstone,
//! *Guide to Elliptic Curve Cryptography*, 2004, Algorithm 2.36): precompute the 16 products
//! v(u)·b(u) for every polynomial v of degree < 4, then for each 4-bit digit position j (high
//! to low) XOR in the entry of digit j of every word of a, and shift the accumulator by 4.
//!
//! Square: squaring a polynomial over GF(2) spreads its bits (bit i moves to bit 2i), done
//! here by the classic interleave-with-zeros mask cascade on 32-bit halves (HMV 2004 §2.3.4
//! uses a 256-entry table of the same map; the masks need no memory).

use super::{Backend, Fe, Trinomial, Wide};

/// The portable implementation (always available).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Portable;

/// Spreads the 32 bits of `x` to the even bit positions of a 64-bit word.
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

impl Backend for Portable {
    const NAME: &'static str = "portable";
    super::word_backend_common!();

    #[inline(always)]
    fn mul_wide(self, a: Fe, b: Fe) -> Wide {
        // t[v] = v(u)·b(u); b has degree < 189, so 3 words hold it (degree < 192).
        let mut t = [[0u64; 3]; 16];
        t[1] = b.0;
        let mut v = 2;
        while v < 16 {
            let h = t[v / 2];
            t[v] = [
                h[0] << 1,
                (h[1] << 1) | (h[0] >> 63),
                (h[2] << 1) | (h[1] >> 63),
            ];
            t[v + 1] = [t[v][0] ^ b.0[0], t[v][1] ^ b.0[1], t[v][2] ^ b.0[2]];
            v += 2;
        }
        let mut c = [0u64; 6];
        let mut j = 16;
        while j > 0 {
            j -= 1;
            for i in 0..3 {
                let e = &t[((a.0[i] >> (4 * j)) & 15) as usize];
                c[i] ^= e[0];
                c[i + 1] ^= e[1];
                c[i + 2] ^= e[2];
            }
            if j != 0 {
                c[5] = (c[5] << 4) | (c[4] >> 60);
                c[4] = (c[4] << 4) | (c[3] >> 60);
                c[3] = (c[3] << 4) | (c[2] >> 60);
                c[2] = (c[2] << 4) | (c[1] >> 60);
                c[1] = (c[1] << 4) | (c[0] >> 60);
                c[0] <<= 4;
            }
        }
        c
    }

    #[inline(always)]
    fn sqr_wide(self, a: Fe) -> Wide {
        let mut c = [0u64; 6];
        for i in 0..3 {
            c[2 * i] = spread32(a.0[i] as u32);
            c[2 * i + 1] = spread32((a.0[i] >> 32) as u32);
        }
        c
    }

    #[inline(always)]
    fn mul_word_wide(self, a: Fe, s: u64) -> Wide {
        let mut c = [0u64; 6];
        for i in 0..3 {
            let (l, h) = clmul64(a.0[i], s);
            c[i] ^= l;
            c[i + 1] ^= h;
        }
        c
    }
}

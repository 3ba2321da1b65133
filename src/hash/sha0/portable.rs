//! The portable SHA-0 / SHA-1 compression function, in two steps that the vector code
//! ([`super::x86`]) shares or twins: [`schedule`] expands a 64-byte block into the 80 words
//! W\[t\] + K\[t/20\], and [`rounds`] runs the 80 rounds over them, fully unrolled (no
//! branch, no array of state: the five words stay in registers and the macro renames them
//! instead of moving them).
//!
//! `ROTATE = false` is SHA-0 (FIPS 180, 1993, §7: W\[t\] = W\[t-3\] ⊕ W\[t-8\] ⊕ W\[t-14\] ⊕
//! W\[t-16\]); `ROTATE = true` is SHA-1 (FIPS 180-1, 1995: the same, rotated left by one),
//! kept so that the tests can check this code against the `sha1` crate.

/// Round constants K for rounds 0–19, 20–39, 40–59, 60–79 (FIPS 180 §5, unchanged in
/// FIPS 180-1).
pub(crate) const K: [u32; 4] = [0x5A82_7999, 0x6ED9_EBA1, 0x8F1B_BCDC, 0xCA62_C1D6];

/// The message schedule of one block with the round constants added: `wk[t]` = W\[t\] +
/// K\[t/20\] (mod 2^32) for 0 ≤ t < 80, W\[0..16\] the block's big-endian words.
#[inline(always)]
pub(crate) fn schedule<const ROTATE: bool>(block: &[u8; 64], wk: &mut [u32; 80]) {
    let mut w = [0u32; 80];
    for (wi, b) in w.iter_mut().zip(block.chunks_exact(4)) {
        *wi = u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    }
    for t in 16..80 {
        let x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16];
        w[t] = if ROTATE { x.rotate_left(1) } else { x };
    }
    for (t, (o, wt)) in wk.iter_mut().zip(w).enumerate() {
        *o = wt.wrapping_add(K[t / 20]);
    }
}

/// f for rounds 0–19 (FIPS 180 §5, "Ch"): (b ∧ c) ∨ (¬b ∧ d), as d ⊕ (b ∧ (c ⊕ d)).
#[inline(always)]
fn ch(b: u32, c: u32, d: u32) -> u32 {
    d ^ (b & (c ^ d))
}

/// f for rounds 20–39 and 60–79: b ⊕ c ⊕ d.
#[inline(always)]
fn parity(b: u32, c: u32, d: u32) -> u32 {
    b ^ c ^ d
}

/// f for rounds 40–59 ("Maj"): (b ∧ c) ∨ (b ∧ d) ∨ (c ∧ d), as (b ∧ c) + (d ∧ (b ⊕ c)): the
/// two terms have no bit in common, so the sum is the union, and as a sum the compiler adds
/// each term into e separately, one step shorter from b than an or of them.
#[inline(always)]
fn maj(b: u32, c: u32, d: u32) -> u32 {
    (b & c).wrapping_add(d & (b ^ c))
}

/// The 80 rounds over one block's `wk` ([`schedule`]), added into the chaining value `h`.
#[inline(always)]
pub(crate) fn rounds(h: &mut [u32; 5], wk: &[u32; 80]) {
    let [mut a, mut b, mut c, mut d, mut e] = *h;
    // One round with the words named (a, b, c, d, e): e takes the new a, b becomes the new
    // c (FIPS 180 §7: TEMP = S^5(A) + f(B,C,D) + E + W + K; E = D; D = C; C = S^30(B);
    // B = A; A = TEMP); the next round names them (e, a, b, c, d). The sum starts from the
    // words known early (e, wk, f of older words) and adds S^5(a) last, which keeps the
    // dependency chain from round to round at a rotate and an add.
    macro_rules! round {
        ($a:ident $b:ident $c:ident $d:ident $e:ident, $f:ident, $t:expr) => {
            $e = $e
                .wrapping_add(wk[$t])
                .wrapping_add($f($b, $c, $d))
                .wrapping_add($a.rotate_left(5));
            $b = $b.rotate_left(30);
        };
    }
    macro_rules! five {
        ($f:ident, $t:expr) => {
            round!(a b c d e, $f, $t);
            round!(e a b c d, $f, $t + 1);
            round!(d e a b c, $f, $t + 2);
            round!(c d e a b, $f, $t + 3);
            round!(b c d e a, $f, $t + 4);
        };
    }
    five!(ch, 0);
    five!(ch, 5);
    five!(ch, 10);
    five!(ch, 15);
    five!(parity, 20);
    five!(parity, 25);
    five!(parity, 30);
    five!(parity, 35);
    five!(maj, 40);
    five!(maj, 45);
    five!(maj, 50);
    five!(maj, 55);
    five!(parity, 60);
    five!(parity, 65);
    five!(parity, 70);
    five!(parity, 75);
    for (hi, v) in h.iter_mut().zip([a, b, c, d, e]) {
        *hi = hi.wrapping_add(v);
    }
}

/// The compression function over consecutive 64-byte blocks, portable code.
pub(crate) fn compress_blocks<const ROTATE: bool>(h: &mut [u32; 5], blocks: &[[u8; 64]]) {
    let mut wk = [0u32; 80];
    for block in blocks {
        schedule::<ROTATE>(block, &mut wk);
        rounds(h, &wk);
    }
}

//! SHA-0: the Secure Hash Standard as first published, FIPS PUB 180 (May 1993), behind the
//! RustCrypto [`digest`] traits ([`Sha0`] implements [`digest::Digest`]).
//!
//! SHA-0 is SHA-1 (FIPS 180-1, 1995) without the one-bit left rotation in the message
//! schedule: W\[t\] = W\[t-3\] ⊕ W\[t-8\] ⊕ W\[t-14\] ⊕ W\[t-16\] for 16 ≤ t < 80 (FIPS 180 §7).
//! Everything else (initial values H0..H4, the four round functions and constants K,
//! big-endian words, Merkle–Damgård padding with a 64-bit big-endian bit count) is shared
//! with SHA-1. It is broken (collisions: Joux et al. 2004) and is here only because the 1995
//! "Some timings" post timed it (as "SHA").
//!
//! Checked against the FIPS 180 appendices (A: "abc", B: the 56-byte message, C: a million
//! "a"), and the same compression function with the rotation switched on is checked against
//! the `sha1` crate.

use core::fmt;
use digest::{
    HashMarker, Output,
    block_api::{
        AlgorithmName, Block, BlockSizeUser, Buffer, BufferKindUser, Eager, FixedOutputCore,
        OutputSizeUser, Reset, UpdateCore,
    },
    typenum::{U20, U64, Unsigned},
};

/// Initial hash value H0..H4 (FIPS 180 §7, identical in FIPS 180-1).
const H0: [u32; 5] = [
    0x6745_2301,
    0xEFCD_AB89,
    0x98BA_DCFE,
    0x1032_5476,
    0xC3D2_E1F0,
];

/// Round constants K for rounds 0–19, 20–39, 40–59, 60–79 (FIPS 180 §5).
const K: [u32; 4] = [0x5A82_7999, 0x6ED9_EBA1, 0x8F1B_BCDC, 0xCA62_C1D6];

/// The SHA compression function over one 64-byte block. `ROTATE = false` is SHA-0
/// (FIPS 180); `ROTATE = true` is SHA-1 (FIPS 180-1), used only to cross-check this code
/// against the `sha1` crate.
#[inline(always)]
pub(crate) fn compress<const ROTATE: bool>(h: &mut [u32; 5], block: &[u8]) {
    let mut w = [0u32; 80];
    for (wi, b) in w.iter_mut().zip(block.chunks_exact(4)) {
        *wi = u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    }
    for t in 16..80 {
        let x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16];
        w[t] = if ROTATE { x.rotate_left(1) } else { x };
    }
    let [mut a, mut b, mut c, mut d, mut e] = *h;
    for (t, &wt) in w.iter().enumerate() {
        // f_t (FIPS 180 §5): Ch, Parity, Maj, Parity.
        let (f, k) = match t / 20 {
            0 => ((b & c) | (!b & d), K[0]),
            1 => (b ^ c ^ d, K[1]),
            2 => ((b & c) | (b & d) | (c & d), K[2]),
            _ => (b ^ c ^ d, K[3]),
        };
        let temp = a
            .rotate_left(5)
            .wrapping_add(f)
            .wrapping_add(e)
            .wrapping_add(wt)
            .wrapping_add(k);
        e = d;
        d = c;
        c = b.rotate_left(30);
        b = a;
        a = temp;
    }
    for (hi, v) in h.iter_mut().zip([a, b, c, d, e]) {
        *hi = hi.wrapping_add(v);
    }
}

/// Block-level SHA-0 state (the `digest` "core"): chaining value and block count.
#[derive(Clone)]
pub struct Sha0Core {
    h: [u32; 5],
    block_len: u64,
}

impl HashMarker for Sha0Core {}

impl BlockSizeUser for Sha0Core {
    type BlockSize = U64;
}

impl BufferKindUser for Sha0Core {
    type BufferKind = Eager;
}

impl OutputSizeUser for Sha0Core {
    type OutputSize = U20;
}

impl UpdateCore for Sha0Core {
    #[inline]
    fn update_blocks(&mut self, blocks: &[Block<Self>]) {
        self.block_len = self.block_len.wrapping_add(blocks.len() as u64);
        for b in blocks {
            compress::<false>(&mut self.h, b);
        }
    }
}

impl FixedOutputCore for Sha0Core {
    fn finalize_fixed_core(&mut self, buffer: &mut Buffer<Self>, out: &mut Output<Self>) {
        let bit_len = 8 * (buffer.get_pos() as u64 + U64::U64 * self.block_len);
        let mut h = self.h;
        buffer.len64_padding_be(bit_len, |b| compress::<false>(&mut h, b));
        for (chunk, v) in out.chunks_exact_mut(4).zip(h.iter()) {
            chunk.copy_from_slice(&v.to_be_bytes());
        }
    }
}

impl Default for Sha0Core {
    fn default() -> Self {
        Sha0Core {
            h: H0,
            block_len: 0,
        }
    }
}

impl Reset for Sha0Core {
    fn reset(&mut self) {
        *self = Sha0Core::default();
    }
}

impl AlgorithmName for Sha0Core {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Sha0")
    }
}

impl fmt::Debug for Sha0Core {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Sha0Core { ... }")
    }
}

digest::buffer_fixed!(
    /// SHA-0 (FIPS 180, 1993): 160-bit digest of a byte string. Use it through
    /// [`digest::Digest`]: `Sha0::digest(b"abc")`.
    pub struct Sha0(Sha0Core);
    impl: BaseFixedTraits AlgorithmName Default Clone HashMarker Reset FixedOutputReset;
);

#[cfg(test)]
mod tests {
    use super::*;
    use digest::Digest;

    fn hex_of(d: impl AsRef<[u8]>) -> String {
        hex::encode(d)
    }

    #[test]
    fn fips_180_appendix_vectors() {
        // FIPS 180 (1993) appendix A and B.
        assert_eq!(
            hex_of(Sha0::digest(b"abc")),
            "0164b8a914cd2a5e74c4f7ff082c4d97f1edf880"
        );
        assert_eq!(
            hex_of(Sha0::digest(
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            )),
            "d2516ee1acfa5baf33dfc1c471e438449ef134c8"
        );
        // Appendix C: one million "a", fed in uneven pieces to exercise the buffer.
        let mut h = Sha0::new();
        let piece = [b'a'; 997];
        let mut left = 1_000_000usize;
        while left > 0 {
            let n = left.min(piece.len());
            h.update(&piece[..n]);
            left -= n;
        }
        assert_eq!(
            hex_of(h.finalize()),
            "3232affa48628a26653b5aaa44541fd90d690603"
        );
    }

    #[test]
    fn empty_message() {
        // Published alongside the FIPS 180 vectors by several SHA-0 test suites.
        assert_eq!(
            hex_of(Sha0::digest(b"")),
            "f96cea198ad1dd5617ac084a3d92c6107708c0ef"
        );
    }

    #[test]
    fn with_the_rotation_it_is_sha1() {
        // The same compression function with ROTATE = true must be the `sha1` crate's SHA-1.
        let mut block = [0u8; 64];
        for (i, b) in block.iter_mut().enumerate() {
            *b = (i as u8).wrapping_mul(37).wrapping_add(11);
        }
        let mut ours = H0;
        compress::<true>(&mut ours, &block);
        let mut theirs = H0;
        sha1::block_api::compress(&mut theirs, &[block]);
        assert_eq!(ours, theirs);
        let mut sha0 = H0;
        compress::<false>(&mut sha0, &block);
        assert_ne!(sha0, theirs);
    }
}

//! HAVAL (Zheng, Pieprzyk, Seberry: "HAVAL — a one-way hashing algorithm with variable length
//! of output", AUSCRYPT '92, LNCS 718, pp. 83–104, 1993) behind the RustCrypto [`digest`]
//! traits: all 15 members, 3, 4 or 5 passes × 128, 160, 192, 224 or 256 bits of output.
//!
//! [`Haval<P, N>`] is generic over the number of passes `P` ([`P3`], [`P4`], [`P5`]) and the
//! output size `N` in bytes (`U16`, `U20`, `U24`, `U28`, `U32`); aliases such as
//! [`Haval128_3`] and [`Haval256_5`] name the 15 members, and [`haval`] hashes with the pair
//! chosen at run time.
//!
//! The algorithm, as specified by the paper and its reference implementation (haval-1.1,
//! Zheng 1993/1997):
//! - 1024-bit blocks read as 32 little-endian words; a 256-bit state of eight words whose
//!   initial value is the first 256 bits of the fraction of π (243F6A88 85A308D3 …);
//! - each pass j applies the Boolean function F_j composed with the permutation φ_{P,j} of
//!   its seven inputs, then `T7 ← (F ⋙ 7) + (T7 ⋙ 11) + W[ord_j(i)] + K_j(i)` over 32
//!   steps; the constants K_2..K_5 are the next 128 words of π's fraction, K_1 = 0;
//! - padding: a 0x01 byte, zeros up to 118 mod 128 bytes, then two bytes holding
//!   the version (1), passes and output length, then the 64-bit little-endian bit count;
//! - outputs shorter than 256 bits "tailor" (fold) the last state words into the first ones.
//!
//! Checked against the certified test output of the reference implementation (as carried by
//! the Cryptix test suite: 6 messages × 15 members).

use core::fmt;
use core::marker::PhantomData;
use digest::{
    HashMarker, Output,
    array::ArraySize,
    block_api::{
        AlgorithmName, Block, BlockSizeUser, Buffer, BufferKindUser, Eager, FixedOutputCore,
        OutputSizeUser, Reset, UpdateCore,
    },
    typenum::{U16, U20, U24, U28, U32, U128},
};

/// HAVAL's version number, written into the padding (reference implementation:
/// `HAVAL_VERSION 1`).
const VERSION: u8 = 1;

/// Initial state: the first eight 32-bit words of the fraction of π.
const IV: [u32; 8] = [
    0x243F_6A88,
    0x85A3_08D3,
    0x1319_8A2E,
    0x0370_7344,
    0xA409_3822,
    0x299F_31D0,
    0x082E_FA98,
    0xEC4E_6C89,
];

/// Round constants of passes 2–5: words 8..135 of the fraction of π (pass 1 has none).
/// Checked against the reference implementation's constants through the published vectors.
const K: [[u32; 32]; 4] = [
    [
        0x452821E6, 0x38D01377, 0xBE5466CF, 0x34E90C6C, 0xC0AC29B7, 0xC97C50DD, 0x3F84D5B5,
        0xB5470917, 0x9216D5D9, 0x8979FB1B, 0xD1310BA6, 0x98DFB5AC, 0x2FFD72DB, 0xD01ADFB7,
        0xB8E1AFED, 0x6A267E96, 0xBA7C9045, 0xF12C7F99, 0x24A19947, 0xB3916CF7, 0x0801F2E2,
        0x858EFC16, 0x636920D8, 0x71574E69, 0xA458FEA3, 0xF4933D7E, 0x0D95748F, 0x728EB658,
        0x718BCD58, 0x82154AEE, 0x7B54A41D, 0xC25A59B5,
    ],
    [
        0x9C30D539, 0x2AF26013, 0xC5D1B023, 0x286085F0, 0xCA417918, 0xB8DB38EF, 0x8E79DCB0,
        0x603A180E, 0x6C9E0E8B, 0xB01E8A3E, 0xD71577C1, 0xBD314B27, 0x78AF2FDA, 0x55605C60,
        0xE65525F3, 0xAA55AB94, 0x57489862, 0x63E81440, 0x55CA396A, 0x2AAB10B6, 0xB4CC5C34,
        0x1141E8CE, 0xA15486AF, 0x7C72E993, 0xB3EE1411, 0x636FBC2A, 0x2BA9C55D, 0x741831F6,
        0xCE5C3E16, 0x9B87931E, 0xAFD6BA33, 0x6C24CF5C,
    ],
    [
        0x7A325381, 0x28958677, 0x3B8F4898, 0x6B4BB9AF, 0xC4BFE81B, 0x66282193, 0x61D809CC,
        0xFB21A991, 0x487CAC60, 0x5DEC8032, 0xEF845D5D, 0xE98575B1, 0xDC262302, 0xEB651B88,
        0x23893E81, 0xD396ACC5, 0x0F6D6FF3, 0x83F44239, 0x2E0B4482, 0xA4842004, 0x69C8F04A,
        0x9E1F9B5E, 0x21C66842, 0xF6E96C9A, 0x670C9C61, 0xABD388F0, 0x6A51A0D2, 0xD8542F68,
        0x960FA728, 0xAB5133A3, 0x6EEF0B6C, 0x137A3BE4,
    ],
    [
        0xBA3BF050, 0x7EFB2A98, 0xA1F1651D, 0x39AF0176, 0x66CA593E, 0x82430E88, 0x8CEE8619,
        0x456F9FB4, 0x7D84A5C3, 0x3B8B5EBE, 0xE06F75D8, 0x85C12073, 0x401A449F, 0x56C16AA6,
        0x4ED3AA62, 0x363F7706, 0x1BFEDF72, 0x429B023D, 0x37D0D724, 0xD00A1248, 0xDB0FEAD3,
        0x49F1C09B, 0x075372C9, 0x80991B7B, 0x25D479D8, 0xF6E8DEF7, 0xE3FE501A, 0xB6794C3B,
        0x976CE0BD, 0x04C006BA, 0xC1A94FB6, 0x409F60C4,
    ],
];

/// Word order ord_j of passes 1–5: step i of pass j reads message word `ORD[j][i]`.
const ORD: [[u8; 32]; 5] = [
    [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31,
    ],
    [
        5, 14, 26, 18, 11, 28, 7, 16, 0, 23, 20, 22, 1, 10, 4, 8, 30, 3, 21, 9, 17, 24, 29, 6, 19,
        12, 15, 13, 2, 25, 31, 27,
    ],
    [
        19, 9, 4, 20, 28, 17, 8, 22, 29, 14, 25, 12, 24, 30, 16, 26, 31, 15, 7, 3, 1, 0, 18, 27,
        13, 6, 21, 10, 23, 11, 5, 2,
    ],
    [
        24, 4, 0, 14, 2, 7, 28, 23, 26, 6, 30, 20, 18, 25, 19, 3, 22, 11, 31, 21, 8, 27, 12, 9, 1,
        29, 5, 15, 17, 10, 16, 13,
    ],
    [
        27, 3, 21, 26, 17, 11, 20, 29, 19, 0, 12, 7, 13, 8, 31, 10, 5, 9, 14, 30, 18, 6, 28, 24, 2,
        23, 16, 22, 4, 1, 25, 15,
    ],
];

/// Permutations φ_{P,j}: the arguments (x6, …, x0) of F_j are replaced by the inputs named
/// here, in that order (paper §4 / reference implementation's table). Index [P−3][j−1].
const PHI: [[[u8; 7]; 5]; 3] = [
    [
        [1, 0, 3, 5, 6, 2, 4],
        [4, 2, 1, 0, 5, 3, 6],
        [6, 1, 2, 3, 4, 5, 0],
        [0; 7],
        [0; 7],
    ],
    [
        [2, 6, 1, 4, 5, 3, 0],
        [3, 5, 2, 0, 1, 6, 4],
        [1, 4, 3, 6, 0, 2, 5],
        [6, 4, 0, 5, 2, 1, 3],
        [0; 7],
    ],
    [
        [3, 4, 1, 0, 5, 2, 6],
        [6, 2, 1, 0, 3, 4, 5],
        [2, 6, 0, 4, 3, 1, 5],
        [1, 5, 3, 2, 0, 4, 6],
        [2, 5, 0, 6, 4, 3, 1],
    ],
];

/// The Boolean functions F_1..F_5 of the paper, arguments in the order (x6, …, x0).
#[inline(always)]
fn f(j: usize, x: [u32; 7]) -> u32 {
    let [x6, x5, x4, x3, x2, x1, x0] = x;
    match j {
        1 => (x1 & (x0 ^ x4)) ^ (x2 & x5) ^ (x3 & x6) ^ x0,
        2 => (x2 & ((x1 & !x3) ^ (x4 & x5) ^ x6 ^ x0)) ^ (x4 & (x1 ^ x5)) ^ (x3 & x5) ^ x0,
        3 => (x3 & ((x1 & x2) ^ x6 ^ x0)) ^ (x1 & x4) ^ (x2 & x5) ^ x0,
        4 => {
            (x4 & ((x5 & !x2) ^ (x3 & !x6) ^ x1 ^ x6 ^ x0))
                ^ (x3 & ((x1 & x2) ^ x5 ^ x6))
                ^ (x2 & x6)
                ^ x0
        }
        _ => (x0 & ((x1 & x2 & x3) ^ !x5)) ^ (x1 & x4) ^ (x2 & x5) ^ (x3 & x6),
    }
}

/// One pass (32 steps) of pass number `j` (1-based) for a `passes`-pass HAVAL.
/// Step i updates register T_{7−i mod 8}; its inputs x_k are T_{k−i mod 8}.
#[inline(always)]
fn pass(t: &mut [u32; 8], w: &[u32; 32], passes: usize, j: usize) {
    let phi = &PHI[passes - 3][j - 1];
    let ord = &ORD[j - 1];
    for i in 0..32 {
        let x = |k: usize| t[(k + 8 - (i % 8)) % 8];
        let args = [
            x(phi[0] as usize),
            x(phi[1] as usize),
            x(phi[2] as usize),
            x(phi[3] as usize),
            x(phi[4] as usize),
            x(phi[5] as usize),
            x(phi[6] as usize),
        ];
        let k = if j == 1 { 0 } else { K[j - 2][i] };
        let r = (15 - (i % 8)) % 8;
        t[r] = f(j, args)
            .rotate_right(7)
            .wrapping_add(t[r].rotate_right(11))
            .wrapping_add(w[ord[i] as usize])
            .wrapping_add(k);
    }
}

/// The HAVAL compression function H over one 128-byte block with `PASSES` passes.
#[inline(always)]
fn compress<const PASSES: usize>(state: &mut [u32; 8], block: &[u8]) {
    let mut w = [0u32; 32];
    for (wi, b) in w.iter_mut().zip(block.chunks_exact(4)) {
        *wi = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    }
    let mut t = *state;
    pass(&mut t, &w, PASSES, 1);
    pass(&mut t, &w, PASSES, 2);
    pass(&mut t, &w, PASSES, 3);
    if PASSES >= 4 {
        pass(&mut t, &w, PASSES, 4);
    }
    if PASSES == 5 {
        pass(&mut t, &w, PASSES, 5);
    }
    for (s, v) in state.iter_mut().zip(t) {
        *s = s.wrapping_add(v);
    }
}

/// Folds the 256-bit state into `bits` bits (the reference implementation's
/// `haval_tailor`): the leftover words' bit fields are added into the first words.
fn tailor(s: &mut [u32; 8], bits: usize) {
    let (s4, s5, s6, s7) = (s[4], s[5], s[6], s[7]);
    match bits {
        128 => {
            let t =
                (s7 & 0x0000_00FF) | (s6 & 0xFF00_0000) | (s5 & 0x00FF_0000) | (s4 & 0x0000_FF00);
            s[0] = s[0].wrapping_add(t.rotate_right(8));
            let t =
                (s7 & 0x0000_FF00) | (s6 & 0x0000_00FF) | (s5 & 0xFF00_0000) | (s4 & 0x00FF_0000);
            s[1] = s[1].wrapping_add(t.rotate_right(16));
            let t =
                (s7 & 0x00FF_0000) | (s6 & 0x0000_FF00) | (s5 & 0x0000_00FF) | (s4 & 0xFF00_0000);
            s[2] = s[2].wrapping_add(t.rotate_right(24));
            let t =
                (s7 & 0xFF00_0000) | (s6 & 0x00FF_0000) | (s5 & 0x0000_FF00) | (s4 & 0x0000_00FF);
            s[3] = s[3].wrapping_add(t);
        }
        160 => {
            let t = (s7 & 0x3F) | (s6 & (0x7F << 25)) | (s5 & (0x3F << 19));
            s[0] = s[0].wrapping_add(t.rotate_right(19));
            let t = (s7 & (0x3F << 6)) | (s6 & 0x3F) | (s5 & (0x7F << 25));
            s[1] = s[1].wrapping_add(t.rotate_right(25));
            let t = (s7 & (0x7F << 12)) | (s6 & (0x3F << 6)) | (s5 & 0x3F);
            s[2] = s[2].wrapping_add(t);
            let t = (s7 & (0x3F << 19)) | (s6 & (0x7F << 12)) | (s5 & (0x3F << 6));
            s[3] = s[3].wrapping_add(t >> 6);
            let t = (s7 & (0x7F << 25)) | (s6 & (0x3F << 19)) | (s5 & (0x7F << 12));
            s[4] = s[4].wrapping_add(t >> 12);
        }
        192 => {
            let t = (s7 & 0x1F) | (s6 & (0x3F << 26));
            s[0] = s[0].wrapping_add(t.rotate_right(26));
            let t = (s7 & (0x1F << 5)) | (s6 & 0x1F);
            s[1] = s[1].wrapping_add(t);
            let t = (s7 & (0x3F << 10)) | (s6 & (0x1F << 5));
            s[2] = s[2].wrapping_add(t >> 5);
            let t = (s7 & (0x1F << 16)) | (s6 & (0x3F << 10));
            s[3] = s[3].wrapping_add(t >> 10);
            let t = (s7 & (0x1F << 21)) | (s6 & (0x1F << 16));
            s[4] = s[4].wrapping_add(t >> 16);
            let t = (s7 & (0x3F << 26)) | (s6 & (0x1F << 21));
            s[5] = s[5].wrapping_add(t >> 21);
        }
        224 => {
            s[0] = s[0].wrapping_add((s7 >> 27) & 0x1F);
            s[1] = s[1].wrapping_add((s7 >> 22) & 0x1F);
            s[2] = s[2].wrapping_add((s7 >> 18) & 0x0F);
            s[3] = s[3].wrapping_add((s7 >> 13) & 0x1F);
            s[4] = s[4].wrapping_add((s7 >> 9) & 0x0F);
            s[5] = s[5].wrapping_add((s7 >> 4) & 0x1F);
            s[6] = s[6].wrapping_add(s7 & 0x0F);
        }
        _ => {}
    }
}

/// The number of passes of a HAVAL member: implemented by [`P3`], [`P4`], [`P5`].
pub trait Passes: Clone + Default + 'static {
    /// 3, 4 or 5.
    const PASSES: usize;
}

/// Three passes (the reference implementation's default, `PASS 3`).
#[derive(Clone, Copy, Debug, Default)]
pub struct P3;
/// Four passes.
#[derive(Clone, Copy, Debug, Default)]
pub struct P4;
/// Five passes.
#[derive(Clone, Copy, Debug, Default)]
pub struct P5;

impl Passes for P3 {
    const PASSES: usize = 3;
}
impl Passes for P4 {
    const PASSES: usize = 4;
}
impl Passes for P5 {
    const PASSES: usize = 5;
}

/// A HAVAL output size in bytes: `U16`, `U20`, `U24`, `U28` or `U32` (128…256 bits).
pub trait OutSize: ArraySize + 'static {}
impl OutSize for U16 {}
impl OutSize for U20 {}
impl OutSize for U24 {}
impl OutSize for U28 {}
impl OutSize for U32 {}

/// Block-level HAVAL state (the `digest` "core"): eight chaining words and the block count.
pub struct HavalCore<P: Passes, N: OutSize> {
    state: [u32; 8],
    blocks: u64,
    _m: PhantomData<(P, N)>,
}

impl<P: Passes, N: OutSize> Clone for HavalCore<P, N> {
    fn clone(&self) -> Self {
        HavalCore {
            state: self.state,
            blocks: self.blocks,
            _m: PhantomData,
        }
    }
}

impl<P: Passes, N: OutSize> HavalCore<P, N> {
    fn compress(state: &mut [u32; 8], block: &[u8]) {
        match P::PASSES {
            3 => compress::<3>(state, block),
            4 => compress::<4>(state, block),
            _ => compress::<5>(state, block),
        }
    }
}

impl<P: Passes, N: OutSize> HashMarker for HavalCore<P, N> {}

impl<P: Passes, N: OutSize> BlockSizeUser for HavalCore<P, N> {
    type BlockSize = U128;
}

impl<P: Passes, N: OutSize> BufferKindUser for HavalCore<P, N> {
    type BufferKind = Eager;
}

impl<P: Passes, N: OutSize> OutputSizeUser for HavalCore<P, N> {
    type OutputSize = N;
}

impl<P: Passes, N: OutSize> UpdateCore for HavalCore<P, N> {
    #[inline]
    fn update_blocks(&mut self, blocks: &[Block<Self>]) {
        self.blocks = self.blocks.wrapping_add(blocks.len() as u64);
        for b in blocks {
            Self::compress(&mut self.state, b);
        }
    }
}

impl<P: Passes, N: OutSize> FixedOutputCore for HavalCore<P, N> {
    fn finalize_fixed_core(&mut self, buffer: &mut Buffer<Self>, out: &mut Output<Self>) {
        let bits = N::USIZE * 8;
        let bit_len = (self.blocks.wrapping_mul(128)).wrapping_add(buffer.get_pos() as u64) * 8;
        // The 10-byte tail: version, passes and output length, then the bit count.
        let mut tail = [0u8; 10];
        tail[0] = (((bits & 0x3) as u8) << 6) | (((P::PASSES & 0x7) as u8) << 3) | VERSION;
        tail[1] = ((bits >> 2) & 0xFF) as u8;
        tail[2..].copy_from_slice(&bit_len.to_le_bytes());
        let mut s = self.state;
        buffer.digest_pad(0x01, &tail, |b| Self::compress(&mut s, b));
        tailor(&mut s, bits);
        for (chunk, v) in out.chunks_exact_mut(4).zip(s.iter()) {
            chunk.copy_from_slice(&v.to_le_bytes());
        }
    }
}

impl<P: Passes, N: OutSize> Default for HavalCore<P, N> {
    fn default() -> Self {
        HavalCore {
            state: IV,
            blocks: 0,
            _m: PhantomData,
        }
    }
}

impl<P: Passes, N: OutSize> Reset for HavalCore<P, N> {
    fn reset(&mut self) {
        *self = Self::default();
    }
}

impl<P: Passes, N: OutSize> AlgorithmName for HavalCore<P, N> {
    fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HAVAL-{}/{}", N::USIZE * 8, P::PASSES)
    }
}

impl<P: Passes, N: OutSize> fmt::Debug for HavalCore<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("HavalCore { ... }")
    }
}

digest::buffer_fixed!(
    /// HAVAL with `P` passes and an `N`-byte digest. Use it through [`digest::Digest`]:
    /// `Haval128_3::digest(b"abc")`.
    pub struct Haval<P: Passes, N: OutSize>(HavalCore<P, N>);
    impl: BaseFixedTraits AlgorithmName Default Clone HashMarker Reset FixedOutputReset;
);

/// HAVAL-128, 3 passes.
pub type Haval128_3 = Haval<P3, U16>;
/// HAVAL-160, 3 passes.
pub type Haval160_3 = Haval<P3, U20>;
/// HAVAL-192, 3 passes.
pub type Haval192_3 = Haval<P3, U24>;
/// HAVAL-224, 3 passes.
pub type Haval224_3 = Haval<P3, U28>;
/// HAVAL-256, 3 passes (the reference implementation's compile-time default).
pub type Haval256_3 = Haval<P3, U32>;
/// HAVAL-128, 4 passes.
pub type Haval128_4 = Haval<P4, U16>;
/// HAVAL-160, 4 passes.
pub type Haval160_4 = Haval<P4, U20>;
/// HAVAL-192, 4 passes.
pub type Haval192_4 = Haval<P4, U24>;
/// HAVAL-224, 4 passes.
pub type Haval224_4 = Haval<P4, U28>;
/// HAVAL-256, 4 passes.
pub type Haval256_4 = Haval<P4, U32>;
/// HAVAL-128, 5 passes.
pub type Haval128_5 = Haval<P5, U16>;
/// HAVAL-160, 5 passes.
pub type Haval160_5 = Haval<P5, U20>;
/// HAVAL-192, 5 passes.
pub type Haval192_5 = Haval<P5, U24>;
/// HAVAL-224, 5 passes.
pub type Haval224_5 = Haval<P5, U28>;
/// HAVAL-256, 5 passes.
pub type Haval256_5 = Haval<P5, U32>;

/// HAVAL of `data` with `bits` ∈ {128, 160, 192, 224, 256} of output and `passes` ∈ {3, 4, 5}
/// chosen at run time; `None` for any other pair.
pub fn haval(bits: u32, passes: u32, data: &[u8]) -> Option<Vec<u8>> {
    use digest::Digest;
    fn d<D: Digest>(data: &[u8]) -> Option<Vec<u8>> {
        Some(D::digest(data).to_vec())
    }
    match (bits, passes) {
        (128, 3) => d::<Haval128_3>(data),
        (160, 3) => d::<Haval160_3>(data),
        (192, 3) => d::<Haval192_3>(data),
        (224, 3) => d::<Haval224_3>(data),
        (256, 3) => d::<Haval256_3>(data),
        (128, 4) => d::<Haval128_4>(data),
        (160, 4) => d::<Haval160_4>(data),
        (192, 4) => d::<Haval192_4>(data),
        (224, 4) => d::<Haval224_4>(data),
        (256, 4) => d::<Haval256_4>(data),
        (128, 5) => d::<Haval128_5>(data),
        (160, 5) => d::<Haval160_5>(data),
        (192, 5) => d::<Haval192_5>(data),
        (224, 5) => d::<Haval224_5>(data),
        (256, 5) => d::<Haval256_5>(data),
        _ => None,
    }
}

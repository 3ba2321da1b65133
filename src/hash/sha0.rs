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
//! The compression function is the message schedule, with the round constants added, then 80
//! unrolled rounds ([`portable`]). On x86-64 the schedule runs four words at a time in
//! SSSE3 or AVX2 vectors ([`x86`]), chosen at run time ([`Backend::detect`]); the portable
//! code is its twin.
//!
//! Checked against the FIPS 180 appendices (A: "abc", B: the 56-byte message, C: a million
//! "a") through every backend; the vector code against the portable code on every length up
//! to 999 bytes and on multi-block messages; and the same compression functions with the
//! rotation switched on against the `sha1` crate.

use core::fmt;
use digest::{
    HashMarker, Output,
    array::Array,
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

mod portable;
#[cfg(target_arch = "x86_64")]
mod x86;

/// Which code runs the compression function: the vector message schedule where the CPU has
/// it ([`Backend::detect`], what [`Sha0`] uses), else the portable twin. Both compute the same
/// words (tested), so the choice changes only the speed. Only [`Backend::detect`],
/// [`Backend::all_here`] and [`Backend::PORTABLE`] make one, so a vector backend exists only
/// where the CPU has its features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backend(Code);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Code {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Simd(x86::Simd),
}

impl Backend {
    /// Portable Rust: scalar schedule, then 80 unrolled rounds (`sha0/portable.rs`).
    pub const PORTABLE: Backend = Backend(Code::Portable);

    /// The fastest code this CPU runs (detected once per process).
    pub fn detect() -> Backend {
        static BEST: std::sync::OnceLock<Backend> = std::sync::OnceLock::new();
        *BEST.get_or_init(|| *Backend::all_here().last().expect("portable is always here"))
    }

    /// Every code this CPU runs, slowest first: [`Backend::PORTABLE`], then the vector ones
    /// whose CPU features are present (x86-64: SSSE3; AVX2 with BMI1 and BMI2).
    pub fn all_here() -> Vec<Backend> {
        #[allow(unused_mut)]
        let mut v = vec![Backend::PORTABLE];
        #[cfg(target_arch = "x86_64")]
        v.extend(
            x86::Simd::all_here()
                .into_iter()
                .map(|s| Backend(Code::Simd(s))),
        );
        v
    }

    /// Its name in reports and benches: "portable", "ssse3", "avx2".
    pub fn name(self) -> &'static str {
        match self.0 {
            Code::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Code::Simd(s) => s.name(),
        }
    }

    /// The SHA-0 compression function over consecutive 64-byte blocks, added into the
    /// chaining value `h` (five words, FIPS 180 §7; no padding: that is [`Sha0`]'s).
    pub fn compress(self, h: &mut [u32; 5], blocks: &[[u8; 64]]) {
        self.compress_blocks::<false>(h, blocks)
    }

    /// [`Backend::compress`], with SHA-1's rotation in the schedule when `ROTATE` (tests).
    fn compress_blocks<const ROTATE: bool>(self, h: &mut [u32; 5], blocks: &[[u8; 64]]) {
        match self.0 {
            Code::Portable => portable::compress_blocks::<ROTATE>(h, blocks),
            #[cfg(target_arch = "x86_64")]
            Code::Simd(s) => s.compress_blocks::<ROTATE>(h, blocks),
        }
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
        Backend::detect().compress(&mut self.h, Array::cast_slice_to_core(blocks));
    }
}

impl FixedOutputCore for Sha0Core {
    fn finalize_fixed_core(&mut self, buffer: &mut Buffer<Self>, out: &mut Output<Self>) {
        let bit_len = 8 * (buffer.get_pos() as u64 + U64::U64 * self.block_len);
        let mut h = self.h;
        let backend = Backend::detect();
        buffer.len64_padding_be(bit_len, |b| {
            backend.compress(&mut h, Array::cast_slice_to_core(core::slice::from_ref(b)))
        });
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
    use rand_chacha::ChaCha20Rng;
    use rand_core::{Rng, SeedableRng};

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

    /// SHA-0 of `data` computed by `backend`, with the padding (FIPS 180 §4: 0x80, zeros,
    /// the 64-bit big-endian bit count) written out here, apart from the `digest` crate's.
    fn digest_with(backend: Backend, data: &[u8]) -> [u8; 20] {
        let mut h = H0;
        let full = data.len() / 64 * 64;
        backend.compress(&mut h, &blocks_of(&data[..full]));
        let mut tail = data[full..].to_vec();
        tail.push(0x80);
        while tail.len() % 64 != 56 {
            tail.push(0);
        }
        tail.extend_from_slice(&(8 * data.len() as u64).to_be_bytes());
        backend.compress(&mut h, &blocks_of(&tail));
        let mut out = [0u8; 20];
        for (o, v) in out.chunks_exact_mut(4).zip(h) {
            o.copy_from_slice(&v.to_be_bytes());
        }
        out
    }

    fn blocks_of(data: &[u8]) -> Vec<[u8; 64]> {
        data.chunks_exact(64)
            .map(|c| c.try_into().expect("64 bytes"))
            .collect()
    }

    fn random_bytes(rng: &mut ChaCha20Rng, len: usize) -> Vec<u8> {
        let mut v = vec![0u8; len];
        rng.fill_bytes(&mut v);
        v
    }

    /// The vector backends of this CPU; says so (skip) when there is none to compare.
    fn vector_backends() -> Vec<Backend> {
        let v: Vec<Backend> = Backend::all_here()
            .into_iter()
            .filter(|&b| b != Backend::PORTABLE)
            .collect();
        if v.is_empty() {
            crate::testing::skip_cpu(
                "no vector SHA-0 code on this CPU (x86-64 with SSSE3): nothing to compare \
                 with the portable code",
            );
        }
        v
    }

    #[test]
    fn every_backend_passes_the_fips_180_vectors() {
        let million = vec![b'a'; 1_000_000];
        for b in Backend::all_here() {
            for (m, d) in [
                (&b"abc"[..], "0164b8a914cd2a5e74c4f7ff082c4d97f1edf880"),
                (
                    b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                    "d2516ee1acfa5baf33dfc1c471e438449ef134c8",
                ),
                (b"", "f96cea198ad1dd5617ac084a3d92c6107708c0ef"),
                (&million, "3232affa48628a26653b5aaa44541fd90d690603"),
            ] {
                assert_eq!(hex_of(digest_with(b, m)), d, "{}", b.name());
            }
        }
        assert!(Backend::all_here().contains(&Backend::detect()));
        assert_eq!(Backend::all_here()[0], Backend::PORTABLE);
    }

    #[test]
    fn with_the_rotation_it_is_sha1() {
        // The same compression functions with ROTATE = true must be the `sha1` crate's
        // SHA-1, on one block and on runs of blocks.
        let mut rng = ChaCha20Rng::seed_from_u64(180);
        for n in [1, 2, 3, 7, 16] {
            let blocks = blocks_of(&random_bytes(&mut rng, 64 * n));
            let mut theirs = H0;
            sha1::block_api::compress(&mut theirs, &blocks);
            for b in Backend::all_here() {
                let mut ours = H0;
                b.compress_blocks::<true>(&mut ours, &blocks);
                assert_eq!(ours, theirs, "{} on {n} blocks", b.name());
                let mut sha0 = H0;
                b.compress_blocks::<false>(&mut sha0, &blocks);
                assert_ne!(sha0, theirs, "{}", b.name());
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_vector_schedule_is_the_portable_one() {
        let simd = x86::Simd::all_here();
        if simd.is_empty() {
            crate::testing::skip_cpu("no SSSE3 on this CPU: no vector schedule to compare");
            return;
        }
        let mut rng = ChaCha20Rng::seed_from_u64(1993);
        let mut cases = vec![[0u8; 64], [0xff; 64]];
        cases.extend(blocks_of(&random_bytes(&mut rng, 64 * 300)));
        for block in &cases {
            let (mut want0, mut want1) = ([0u32; 80], [0u32; 80]);
            portable::schedule::<false>(block, &mut want0);
            portable::schedule::<true>(block, &mut want1);
            for s in &simd {
                let (mut got0, mut got1) = ([0u32; 80], [0u32; 80]);
                s.schedule::<false>(block, &mut got0);
                s.schedule::<true>(block, &mut got1);
                assert_eq!(got0, want0, "{}", s.name());
                assert_eq!(got1, want1, "{} with the rotation", s.name());
            }
        }
    }

    #[test]
    fn the_vector_code_is_the_portable_code_on_random_messages() {
        let vector = vector_backends();
        if vector.is_empty() {
            return;
        }
        let mut rng = ChaCha20Rng::seed_from_u64(1995);
        // Every length from 0 to 999 bytes (every padding case: tails of 0..63 bytes, one
        // or two final blocks), then multi-block messages around a few block counts.
        let lengths = (0..1000).chain([4095, 4096, 4097, 10_000, 65_536 + 55, 262_144 + 56]);
        for len in lengths {
            let data = random_bytes(&mut rng, len);
            let want = digest_with(Backend::PORTABLE, &data);
            for &b in &vector {
                assert_eq!(digest_with(b, &data), want, "{} on {len} bytes", b.name());
            }
            // The `Digest` type (detected backend, the crate's buffer) agrees.
            assert_eq!(Sha0::digest(&data)[..], want[..], "Sha0 on {len} bytes");
        }
    }
}

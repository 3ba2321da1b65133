//! GF(2^m) for trinomial fields GF(2)[u]/(u^m + u^k + 1), polynomial basis, m ≤ 189.
//!
//! An element is a [`Fe`]: three 64-bit words, little-endian, bit i = coefficient of u^i,
//! always reduced (degree < m). The field is a type implementing [`Trinomial`] ([`F155`]:
//! u^155 + u^62 + 1, Oakley group 3; [`F185`]: u^185 + u^69 + 1, Oakley group 4; RFC 2409
//! §6.3–6.4), so every shift and mask of the reduction is a constant.
//!
//! Two implementations of multiply and square sit behind the [`Backend`] trait:
//! - [`portable::Portable`]: 64-bit integer code (a left-to-right comb with 4-bit windows,
//!   Hankerson–Menezes–Vanstone, *Guide to Elliptic Curve Cryptography* (2004), Alg. 2.36;
//!   squaring by bit interleaving);
//! - `clmul::Clmul` (x86-64 only): carry-less multiply (`pclmulqdq`), Karatsuba with six
//!   64×64-bit products for three words, squaring by three carry-less squarings.
//!
//! Both reduce with the same word-wise trinomial folding ([`reduce`]). [`Arith`] picks one at
//! run time (`is_x86_feature_detected!`); algorithms built from field operations are generic
//! over the backend and compiled once per backend (see `kex::ec2n`), so field operations
//! inline into them.
//!
//! Inversion is Itoh–Tsujii (Itoh and Tsujii, "A fast algorithm for computing multiplicative
//! inverses in GF(2^m) using normal bases", Inf. and Comp. 78, 1988): a^-1 = (a^(2^(m-1)-1))^2,
//! the power built along a short addition chain of m-1 (for m = 155: 1, 2, 4, 8, 9, 17, 34,
//! 68, 77, 154), with the long runs of squarings done by table-driven linear maps
//! ([`tables::MultiSqr`]).

#[cfg(target_arch = "x86_64")]
pub mod avx512;
#[cfg(target_arch = "x86_64")]
pub mod avx512x2;
pub mod chain;
#[cfg(target_arch = "x86_64")]
pub mod clmul;
pub mod portable;
pub mod tables;

use std::fmt;

/// A field element: bit i of the 192-bit little-endian word array is the coefficient of u^i.
/// Reduced: bits m and above are zero.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Fe(pub [u64; 3]);

impl fmt::Debug for Fe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Fe({:016x}{:016x}{:016x})",
            self.0[2], self.0[1], self.0[0]
        )
    }
}

impl Fe {
    /// The zero element.
    pub const ZERO: Fe = Fe([0; 3]);
    /// The one element.
    pub const ONE: Fe = Fe([1, 0, 0]);

    /// Sum (= difference) of two elements: bitwise XOR.
    #[inline(always)]
    pub fn add(&self, b: &Fe) -> Fe {
        Fe([self.0[0] ^ b.0[0], self.0[1] ^ b.0[1], self.0[2] ^ b.0[2]])
    }

    /// Whether this is the zero element.
    #[inline(always)]
    pub fn is_zero(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }

    /// Number of significant bits (0 for zero).
    pub fn bits(&self) -> u32 {
        for i in (0..3).rev() {
            if self.0[i] != 0 {
                return 64 * i as u32 + 64 - self.0[i].leading_zeros();
            }
        }
        0
    }

    /// Bit `i` (coefficient of u^i).
    #[inline(always)]
    pub fn bit(&self, i: u32) -> bool {
        (self.0[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }

    /// Reads a big-endian byte string of at most 24 bytes, without reducing.
    /// `None` when it is longer than 24 bytes with a non-zero byte beyond the 24 low ones.
    ///
    /// Word by word: each word whose 8 bytes are all present is one big-endian 8-byte load
    /// (`u64::from_be_bytes`); only the top, partial word (the first `len % 8` bytes) is
    /// gathered byte by byte, in a register. (Byte-wise ORs into an array made a chain of
    /// store-forwarded read-modify-writes: ~5 % of a `dh` run, where Offer and Reply each
    /// parse their secret.)
    #[inline]
    pub fn from_be_bytes(b: &[u8]) -> Option<Fe> {
        let (high, low) = b.split_at(b.len().saturating_sub(24));
        if high.iter().any(|&x| x != 0) {
            return None;
        }
        let mut w = [0u64; 3];
        let mut end = low.len();
        for wi in &mut w {
            let start = end.saturating_sub(8);
            let chunk = &low[start..end];
            *wi = match <[u8; 8]>::try_from(chunk) {
                Ok(c) => u64::from_be_bytes(c),
                Err(_) => chunk.iter().fold(0, |acc, &x| (acc << 8) | x as u64),
            };
            end = start;
        }
        Some(Fe(w))
    }

    /// Big-endian bytes, zero-padded to `len` bytes (`len` ≤ 24; ceil(m/8) for field elements).
    /// The low `len` bytes of the 24-byte big-endian image of the three words.
    ///
    /// # Panics
    /// When `len` > 24.
    #[inline]
    pub fn to_be_bytes(&self, len: usize) -> Vec<u8> {
        assert!(len <= 24, "Fe::to_be_bytes: {len} bytes > 24");
        let mut buf = [0u8; 24];
        buf[..8].copy_from_slice(&self.0[2].to_be_bytes());
        buf[8..16].copy_from_slice(&self.0[1].to_be_bytes());
        buf[16..].copy_from_slice(&self.0[0].to_be_bytes());
        buf[24 - len..].to_vec()
    }
}

/// A trinomial field u^M + u^K + 1 with M odd, 64 < M ≤ 189 and K + 64 ≤ M (so one folding
/// pass per word reduces, see [`reduce`]).
pub trait Trinomial: Copy + Default + Send + Sync + fmt::Debug + 'static {
    /// Degree m of the field polynomial.
    const M: u32;
    /// Middle exponent k of u^m + u^k + 1.
    const K: u32;
    /// The addition chain for m - 1 used by Itoh–Tsujii inversion: each entry after the first
    /// (always 1) is the sum of an earlier entry and the one before it.
    const CHAIN: &'static [u32];
    /// Precomputed tables of this field (trace mask, multi-squaring maps), built on first use.
    fn tables() -> &'static tables::FieldTables;
    /// Bytes of an encoded element: ceil(m/8).
    const BYTES: usize = Self::M.div_ceil(8) as usize;
}

/// GF(2^155) with u^155 + u^62 + 1 (RFC 2409 §6.3, Oakley group 3).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct F155;

/// GF(2^185) with u^185 + u^69 + 1 (RFC 2409 §6.4, Oakley group 4).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct F185;

impl Trinomial for F155 {
    const M: u32 = 155;
    const K: u32 = 62;
    // 154 = 77 + 77, 77 = 68 + 9, 68 = 34 + 34, ... (issue 6).
    const CHAIN: &'static [u32] = &[1, 2, 4, 8, 9, 17, 34, 68, 77, 154];
    fn tables() -> &'static tables::FieldTables {
        static T: std::sync::OnceLock<tables::FieldTables> = std::sync::OnceLock::new();
        T.get_or_init(tables::FieldTables::new::<F155>)
    }
}

impl Trinomial for F185 {
    const M: u32 = 185;
    const K: u32 = 69;
    // 184 = 92 + 92, 92 = 46 + 46, 46 = 23 + 23, 23 = 20 + 3, 20 = 10 + 10, 10 = 5 + 5,
    // 5 = 3 + 2, 3 = 2 + 1.
    const CHAIN: &'static [u32] = &[1, 2, 3, 5, 10, 20, 23, 46, 92, 184];
    fn tables() -> &'static tables::FieldTables {
        static T: std::sync::OnceLock<tables::FieldTables> = std::sync::OnceLock::new();
        T.get_or_init(tables::FieldTables::new::<F185>)
    }
}

/// An unreduced product: up to 6 words (degree ≤ 2m - 2 < 384).
pub type Wide = [u64; 6];

/// XORs `t · u^pos` into `c` (the two words it straddles).
#[inline(always)]
fn xor_at(c: &mut Wide, pos: u32, t: u64) {
    let w = (pos / 64) as usize;
    let b = pos % 64;
    c[w] ^= t << b;
    if b != 0 {
        c[w + 1] ^= t >> (64 - b);
    }
}

/// Reduces a polynomial of degree < 384 modulo u^m + u^k + 1.
///
/// Word-wise folding from the top (Hankerson–Menezes–Vanstone 2004, §2.3.5): a word t at
/// u^(64i), i·64 ≥ m, equals t·u^(64i-m)·(u^k + 1) modulo the trinomial, so it is XORed in
/// at bit offsets 64i - m and 64i - m + k, both below 64i because k + 64 ≤ m; the bits of
/// the word holding u^m are folded last the same way. All shifts are constants.
#[inline(always)]
pub fn reduce<F: Trinomial>(mut c: Wide) -> Fe {
    let m = F::M;
    let k = F::K;
    let top = ((2 * m - 2) / 64) as usize;
    let w = (m / 64) as usize;
    let mut i = top;
    while i > w {
        let t = c[i];
        c[i] = 0;
        let base = 64 * i as u32 - m;
        xor_at(&mut c, base, t);
        xor_at(&mut c, base + k, t);
        i -= 1;
    }
    let s = m % 64;
    let t = c[w] >> s;
    c[w] &= (1u64 << s) - 1;
    c[0] ^= t;
    xor_at(&mut c, k, t);
    Fe([c[0], c[1], c[2]])
}

/// Field arithmetic of one implementation. Implementations are zero-sized tokens; a token
/// of a CPU-specific backend exists only where the CPU has the instructions it uses.
///
/// Elements live in the backend's own representation [`Backend::E`] (three words for the
/// 64-bit backends, a 256-bit vector register for the AVX-512 one), products in
/// [`Backend::W`] until reduced, so sums of products can share one reduction (lazy
/// reduction). [`Backend::load`] and [`Backend::store`] convert from and to [`Fe`].
pub trait Backend: Copy + Send + Sync + fmt::Debug + 'static {
    /// Short name for reports, e.g. "pclmulqdq" or "portable".
    const NAME: &'static str;
    /// A reduced element.
    type E: Copy + fmt::Debug;
    /// An unreduced product (degree ≤ 2m − 2).
    type W: Copy;
    /// From the common representation.
    fn load(self, a: &Fe) -> Self::E;
    /// To the common representation.
    fn store(self, a: Self::E) -> Fe;
    /// a + b (XOR).
    fn add(self, a: Self::E, b: Self::E) -> Self::E;
    /// Whether a = 0.
    fn is_zero(self, a: Self::E) -> bool;
    /// Swaps a and b when `swap` = 1 (`swap` ∈ {0, 1}), without branching on it.
    fn cswap(self, swap: u64, a: &mut Self::E, b: &mut Self::E);
    /// Unreduced product a·b.
    fn mul_wide(self, a: Self::E, b: Self::E) -> Self::W;
    /// Unreduced square a².
    fn sqr_wide(self, a: Self::E) -> Self::W;
    /// Unreduced product of a and a polynomial `s` of degree < 64 (a small curve constant).
    fn mul_word_wide(self, a: Self::E, s: u64) -> Self::W;
    /// Sum of two unreduced products.
    fn wide_add(self, a: Self::W, b: Self::W) -> Self::W;
    /// Reduction modulo u^m + u^k + 1.
    fn reduce<F: Trinomial>(self, c: Self::W) -> Self::E;

    /// a·b mod f.
    #[inline(always)]
    fn mul<F: Trinomial>(self, a: Self::E, b: Self::E) -> Self::E {
        self.reduce::<F>(self.mul_wide(a, b))
    }
    /// a² mod f.
    #[inline(always)]
    fn sqr<F: Trinomial>(self, a: Self::E) -> Self::E {
        self.reduce::<F>(self.sqr_wide(a))
    }
    /// a·s mod f for a word s.
    #[inline(always)]
    fn mul_word<F: Trinomial>(self, a: Self::E, s: u64) -> Self::E {
        self.reduce::<F>(self.mul_word_wide(a, s))
    }
    /// a·b + c·d mod f with one reduction.
    #[inline(always)]
    fn mul_add_mul<F: Trinomial>(self, a: Self::E, b: Self::E, c: Self::E, d: Self::E) -> Self::E {
        self.reduce::<F>(self.wide_add(self.mul_wide(a, b), self.mul_wide(c, d)))
    }
    /// a^(2^t.n) by the multi-squaring table `t` of field F (a linear map: one table row per
    /// 4-bit digit of a). The default goes through three words and [`tables::MultiSqr::apply`];
    /// a vector backend can keep the element in its register.
    #[inline(always)]
    fn multi_sqr<F: Trinomial>(self, t: &tables::MultiSqr, a: Self::E) -> Self::E {
        self.load(&t.apply(&self.store(a)))
    }
}

/// The 64-bit backends' shared pieces: elements are [`Fe`], products [`Wide`].
macro_rules! word_backend_common {
    () => {
        type E = $crate::arith::gf2m::Fe;
        type W = $crate::arith::gf2m::Wide;
        #[inline(always)]
        fn load(self, a: &Fe) -> Fe {
            *a
        }
        #[inline(always)]
        fn store(self, a: Fe) -> Fe {
            a
        }
        #[inline(always)]
        fn add(self, a: Fe, b: Fe) -> Fe {
            a.add(&b)
        }
        #[inline(always)]
        fn is_zero(self, a: Fe) -> bool {
            a.is_zero()
        }
        #[inline(always)]
        fn cswap(self, swap: u64, a: &mut Fe, b: &mut Fe) {
            let m = 0u64.wrapping_sub(swap);
            for i in 0..3 {
                let t = m & (a.0[i] ^ b.0[i]);
                a.0[i] ^= t;
                b.0[i] ^= t;
            }
        }
        #[inline(always)]
        fn wide_add(self, a: Wide, b: Wide) -> Wide {
            $crate::arith::gf2m::wide_add(&a, &b)
        }
        #[inline(always)]
        fn reduce<F: Trinomial>(self, c: Wide) -> Fe {
            $crate::arith::gf2m::reduce::<F>(c)
        }
    };
}
pub(crate) use word_backend_common;

/// XOR of two unreduced products (for lazy reduction: a·b + c·d with one reduction).
#[inline(always)]
pub fn wide_add(a: &Wide, b: &Wide) -> Wide {
    [
        a[0] ^ b[0],
        a[1] ^ b[1],
        a[2] ^ b[2],
        a[3] ^ b[3],
        a[4] ^ b[4],
        a[5] ^ b[5],
    ]
}

/// a^(2^n): n squarings.
#[inline(always)]
pub fn sqr_n<F: Trinomial, B: Backend>(be: B, a: B::E, n: u32) -> B::E {
    let mut r = a;
    for _ in 0..n {
        r = be.sqr::<F>(r);
    }
    r
}

/// a^(2^n), by a precomputed multi-squaring table when the field has one for `n`, else by
/// n squarings.
#[inline(always)]
pub fn sqr_n_fast<F: Trinomial, B: Backend>(be: B, a: B::E, n: u32) -> B::E {
    match F::tables().multi_sqr(n) {
        Some(t) => be.multi_sqr::<F>(t, a),
        None => sqr_n::<F, B>(be, a, n),
    }
}

/// Multiplicative inverse by Itoh–Tsujii along [`Trinomial::CHAIN`]; 0 maps to 0.
///
/// With β_j = a^(2^j - 1): β_(i+j) = β_i^(2^j)·β_j, so the chain's 9 steps cost 9
/// multiplications and m - 2 squarings (long runs by table), then a^-1 = β_(m-1)².
#[inline(always)]
pub fn inv<F: Trinomial, B: Backend>(be: B, a: B::E) -> B::E {
    let chain = F::CHAIN;
    // The tables once (a `OnceLock` check per step would sit among the field operations).
    let tables = F::tables();
    // betas[i] = a^(2^chain[i] - 1); at most 16 chain entries.
    let mut betas = [a; 16];
    let mut i = 1;
    while i < chain.len() {
        let e = chain[i];
        let prev = chain[i - 1];
        let d = e - prev;
        // Find the earlier entry equal to d.
        let mut j = 0;
        while chain[j] != d {
            j += 1;
        }
        let t = match tables.multi_sqr(d) {
            Some(t) => be.multi_sqr::<F>(t, betas[i - 1]),
            None => sqr_n::<F, B>(be, betas[i - 1], d),
        };
        betas[i] = be.mul::<F>(t, betas[j]);
        i += 1;
    }
    be.sqr::<F>(betas[chain.len() - 1])
}

/// The trace Tr(a) = a + a² + a⁴ + … + a^(2^(m-1)) ∈ {0, 1}: linear, so the parity of a AND a
/// precomputed mask of the u^i with Tr(u^i) = 1.
#[inline(always)]
pub fn trace<F: Trinomial>(a: &Fe) -> u32 {
    let m = &F::tables().trace_mask;
    ((a.0[0] & m.0[0]) ^ (a.0[1] & m.0[1]) ^ (a.0[2] & m.0[2])).count_ones() & 1
}

/// The half-trace H(a) = Σ_{i=0}^{(m-1)/2} a^(2^(2i)) (m odd): a solution z of z² + z = a
/// when Tr(a) = 0 (HMV 2004, §3.6.2).
pub fn half_trace<F: Trinomial, B: Backend>(be: B, a: &Fe) -> Fe {
    let mut r = be.load(a);
    let mut t = r;
    for _ in 0..(F::M - 1) / 2 {
        t = be.sqr::<F>(be.sqr::<F>(t));
        r = be.add(r, t);
    }
    be.store(r)
}

/// a^e for an exponent given as big-endian bytes (square-and-multiply, left to right).
pub fn pow<F: Trinomial, B: Backend>(be: B, a: &Fe, e: &[u8]) -> Fe {
    let a = be.load(a);
    let mut r = be.load(&Fe::ONE);
    for byte in e {
        for bit in (0..8).rev() {
            r = be.sqr::<F>(r);
            if (byte >> bit) & 1 == 1 {
                r = be.mul::<F>(r, a);
            }
        }
    }
    be.store(r)
}

/// Square root: a^(2^(m-1)) (squaring is a bijection of GF(2^m)).
pub fn sqrt<F: Trinomial, B: Backend>(be: B, a: &Fe) -> Fe {
    be.store(sqr_n::<F, B>(be, be.load(a), F::M - 1))
}

/// The implementation chosen at run time for one group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    /// Portable 64-bit code.
    Portable(portable::Portable),
    /// Carry-less multiply (`pclmulqdq`); the token proves the CPU has it.
    #[cfg(target_arch = "x86_64")]
    Clmul(clmul::Clmul),
    /// Carry-less multiply on 256-bit vectors (`vpclmulqdq`, AVX-512VL/VBMI2).
    #[cfg(target_arch = "x86_64")]
    Avx512(avx512::Avx512),
}

/// The name of the one explicit GF(2^m) code choice: the 128-bit `pclmulqdq` code
/// ([`Arith::select`] with `force_128`).
pub const PCLMULQDQ_CHOICE: &str = "pclmulqdq";

impl Arith {
    /// The fastest carry-less-multiply code the CPU runs when `allow_clmul` (the vector
    /// `vpclmulqdq` code, else `pclmulqdq`), else portable.
    pub fn detect(allow_clmul: bool) -> Arith {
        Self::select(allow_clmul, false)
    }

    /// As [`Arith::detect`]; with `force_128`, the 128-bit `pclmulqdq` code even where the
    /// vector one runs (for comparisons).
    pub fn select(allow_clmul: bool, force_128: bool) -> Arith {
        #[cfg(target_arch = "x86_64")]
        if allow_clmul {
            if !force_128 && let Some(c) = avx512::Avx512::detect() {
                return Arith::Avx512(c);
            }
            if let Some(c) = clmul::Clmul::detect() {
                return Arith::Clmul(c);
            }
        }
        let _ = (allow_clmul, force_128);
        Arith::Portable(portable::Portable)
    }

    /// Every implementation this CPU runs, portable first.
    pub fn available() -> Vec<Arith> {
        let mut v = vec![Arith::portable()];
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(c) = clmul::Clmul::detect() {
                v.push(Arith::Clmul(c));
            }
            if let Some(c) = avx512::Avx512::detect() {
                v.push(Arith::Avx512(c));
            }
        }
        v
    }

    /// The portable implementation.
    pub fn portable() -> Arith {
        Arith::Portable(portable::Portable)
    }

    /// Whether this is the carry-less-multiply implementation.
    pub fn is_clmul(&self) -> bool {
        !matches!(self, Arith::Portable(_))
    }

    /// Name for reports.
    pub fn name(&self) -> &'static str {
        match self {
            Arith::Portable(_) => portable::Portable::NAME,
            #[cfg(target_arch = "x86_64")]
            Arith::Clmul(_) => clmul::Clmul::NAME,
            #[cfg(target_arch = "x86_64")]
            Arith::Avx512(_) => avx512::Avx512::NAME,
        }
    }
}

/// Runs `$body` with `$be` bound to the backend token of `$arith`; the clmul arm runs inside a
/// `#[target_feature(enable = "pclmulqdq")]` context only through functions that carry that
/// attribute themselves, so use this for cold paths (tests, table building) and write a
/// target-feature wrapper for hot loops.
#[macro_export]
macro_rules! with_gf2m_backend {
    ($arith:expr, |$be:ident| $body:expr) => {
        match $arith {
            $crate::arith::gf2m::Arith::Portable($be) => $body,
            #[cfg(target_arch = "x86_64")]
            $crate::arith::gf2m::Arith::Clmul($be) => $body,
            #[cfg(target_arch = "x86_64")]
            $crate::arith::gf2m::Arith::Avx512($be) => $body,
        }
    };
}

/// Field operations with the implementation chosen at run time: the safe API for tests,
/// vectors and cold paths. Hot loops are generic over [`Backend`] instead.
#[derive(Clone, Copy, Debug)]
pub struct Gf2m<F: Trinomial> {
    /// The implementation in use.
    pub arith: Arith,
    _f: std::marker::PhantomData<F>,
}

impl<F: Trinomial> Gf2m<F> {
    /// The field with implementation `arith`.
    pub fn new(arith: Arith) -> Self {
        Gf2m {
            arith,
            _f: std::marker::PhantomData,
        }
    }
    /// Degree m.
    pub fn m(&self) -> u32 {
        F::M
    }
    /// a·b.
    pub fn mul(&self, a: &Fe, b: &Fe) -> Fe {
        with_gf2m_backend!(self.arith, |be| be
            .store(be.mul::<F>(be.load(a), be.load(b))))
    }
    /// a².
    pub fn sqr(&self, a: &Fe) -> Fe {
        with_gf2m_backend!(self.arith, |be| be.store(be.sqr::<F>(be.load(a))))
    }
    /// a^(2^n).
    pub fn sqr_n(&self, a: &Fe, n: u32) -> Fe {
        with_gf2m_backend!(self.arith, |be| be.store(sqr_n_fast::<F, _>(
            be,
            be.load(a),
            n
        )))
    }
    /// a^-1 (0 for 0).
    pub fn inv(&self, a: &Fe) -> Fe {
        with_gf2m_backend!(self.arith, |be| be.store(inv::<F, _>(be, be.load(a))))
    }
    /// Tr(a).
    pub fn trace(&self, a: &Fe) -> u32 {
        trace::<F>(a)
    }
    /// H(a), the half-trace.
    pub fn half_trace(&self, a: &Fe) -> Fe {
        with_gf2m_backend!(self.arith, |be| half_trace::<F, _>(be, a))
    }
    /// a^e, e big-endian bytes.
    pub fn pow(&self, a: &Fe, e: &[u8]) -> Fe {
        with_gf2m_backend!(self.arith, |be| pow::<F, _>(be, a, e))
    }
    /// √a.
    pub fn sqrt(&self, a: &Fe) -> Fe {
        with_gf2m_backend!(self.arith, |be| sqrt::<F, _>(be, a))
    }
    /// Whether `a` is reduced (degree < m).
    pub fn is_reduced(&self, a: &Fe) -> bool {
        a.bits() <= F::M
    }
    /// Reduces an arbitrary 192-bit polynomial modulo the field polynomial.
    pub fn reduce(&self, a: &Fe) -> Fe {
        reduce::<F>([a.0[0], a.0[1], a.0[2], 0, 0, 0])
    }
}

#[cfg(test)]
mod tests;

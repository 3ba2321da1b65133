//! Per-field precomputed tables: the trace mask and multi-squaring maps.
//!
//! Squaring is linear over GF(2), so a ↦ a^(2^n) is a linear map of GF(2^m). A
//! [`MultiSqr`] stores it as 16 images per 4-bit digit of `a` (ceil(m/4) digits), so a^(2^n)
//! is the XOR of ceil(m/4) table entries whatever n is (the "multi-squaring" tables of
//! Bos–Kleinjung–Niederhagen–Schwabe, "ECC2K-130 on Cell CPUs", AFRICACRYPT 2010, and of
//! Oliveira–López–Aranha–Rodríguez-Henríquez, CHES 2013, §4). Built once per field, with the
//! portable code, on first use.

use super::portable::Portable;
use super::{Backend, Fe, Trinomial};

/// The linear map a ↦ a^(2^n) as per-digit tables: `t[p][v]` = (v·u^(4p))^(2^n), each entry
/// four words (the fourth zero) so that a 256-bit vector load reads one; 48 rows (16 per word
/// of the element), those past digit ceil(m/4) − 1 all zero, so vector code can take the
/// rows of a word as one block of 16.
#[derive(Clone)]
pub struct MultiSqr {
    /// The exponent n of a^(2^n).
    pub n: u32,
    /// ceil(m/4): the rows in use.
    digits: usize,
    t: Vec<[[u64; 4]; 16]>,
}

impl MultiSqr {
    /// Builds the table of a ↦ a^(2^n) in field F.
    pub fn new<F: Trinomial>(n: u32) -> MultiSqr {
        let digits = F::M.div_ceil(4) as usize;
        let be = Portable;
        // Images of the basis u^i.
        let img: Vec<Fe> = (0..F::M)
            .map(|i| {
                let mut e = Fe::ZERO;
                e.0[(i / 64) as usize] = 1u64 << (i % 64);
                super::sqr_n::<F, Portable>(be, e, n)
            })
            .collect();
        let mut t = vec![[[0u64; 4]; 16]; 48];
        for (p, row) in t.iter_mut().enumerate().take(digits) {
            for (v, entry) in row.iter_mut().enumerate().skip(1) {
                let mut acc = Fe::ZERO;
                for bit in 0..4 {
                    let i = 4 * p + bit;
                    if (v >> bit) & 1 == 1 && i < F::M as usize {
                        acc = acc.add(&img[i]);
                    }
                }
                *entry = [acc.0[0], acc.0[1], acc.0[2], 0];
            }
        }
        MultiSqr { n, digits, t }
    }

    /// a^(2^n) for a reduced `a`.
    #[inline(always)]
    pub fn apply(&self, a: &Fe) -> Fe {
        let mut r = [0u64; 3];
        for (p, row) in self.t.iter().enumerate().take(self.digits) {
            let v = ((a.0[p / 16] >> (4 * (p % 16))) & 15) as usize;
            let e = &row[v];
            r[0] ^= e[0];
            r[1] ^= e[1];
            r[2] ^= e[2];
        }
        Fe(r)
    }

    /// The table rows, one per 4-bit digit of the input, digit 0 first: 48 (16 per word), the
    /// last 48 − ceil(m/4) zero.
    pub fn rows(&self) -> &[[[u64; 4]; 16]] {
        &self.t
    }

    /// Size of the table in bytes.
    pub fn bytes(&self) -> usize {
        self.t.len() * std::mem::size_of::<[[u64; 4]; 16]>()
    }
}

/// The tables of one field.
pub struct FieldTables {
    /// Bit i set iff Tr(u^i) = 1 (so Tr(a) is the parity of a AND this mask).
    pub trace_mask: Fe,
    /// Multi-squaring maps for the long runs of the Itoh–Tsujii chain.
    pub msqr: Vec<MultiSqr>,
}

impl FieldTables {
    /// Builds the tables of field F: the trace of every basis element, and a multi-squaring
    /// map for each run of ≥ 8 squarings in F's inversion chain.
    pub fn new<F: Trinomial>() -> FieldTables {
        let be = Portable;
        let mut mask = Fe::ZERO;
        for i in 0..F::M {
            let mut e = Fe::ZERO;
            e.0[(i / 64) as usize] = 1u64 << (i % 64);
            let mut t = e;
            let mut s = e;
            for _ in 1..F::M {
                s = be.sqr::<F>(s);
                t = t.add(&s);
            }
            debug_assert!(t == Fe::ZERO || t == Fe::ONE, "trace lies in GF(2)");
            if t == Fe::ONE {
                mask.0[(i / 64) as usize] |= 1u64 << (i % 64);
            }
        }
        let mut runs: Vec<u32> = F::CHAIN
            .windows(2)
            .map(|w| w[1] - w[0])
            .filter(|&d| d >= 8)
            .collect();
        runs.sort_unstable();
        runs.dedup();
        FieldTables {
            trace_mask: mask,
            msqr: runs.into_iter().map(MultiSqr::new::<F>).collect(),
        }
    }

    /// The multi-squaring map for a^(2^n), if this field has one.
    #[inline(always)]
    pub fn multi_sqr(&self, n: u32) -> Option<&MultiSqr> {
        self.msqr.iter().find(|t| t.n == n)
    }

    /// Total bytes of the multi-squaring tables.
    pub fn bytes(&self) -> usize {
        self.msqr.iter().map(MultiSqr::bytes).sum()
    }
}

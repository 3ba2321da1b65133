//! The fixed-base table for Offer: g^x mod p with precomputed powers of g.
//!
//! Method: fixed window with all digit multiples stored, the table of Brickell, Gordon,
//! McCurley and Wilson (EUROCRYPT '92, "Fast exponentiation with precomputation", the
//! storage-rich variant; also HAC Algorithm 14.109 with every g^(d·b^i) kept). Split the
//! exponent into w-bit digits, x = Σ dᵢ·2^(w·i); row i of the table holds
//! T[i][d] = g^(d·2^(w·i)) for d = 1 … 2^w − 1, so
//!
//! ```text
//!     g^x = Π_{dᵢ ≠ 0} T[i][dᵢ]         (no squarings: ⌈bits(x)/w⌉ − 1 multiplications)
//! ```
//!
//! Why this method: a short exponent (128 bits) uses only the first ⌈128/w⌉ rows, so one
//! table built for the full exponent also serves short exponents at full speed. A comb
//! (Lim–Lee 1994) with the same memory does as well on full exponents but spreads the
//! exponent over all its rows, so a short exponent would still pay for the full length.
//!
//! Window: the largest-payoff w whose table fits the memory budget (4 MiB by default,
//! `design.md` §4), from a cost model counting multiplications for the full exponent
//! ([`plan`]). For groups where even w = 1 cannot cover every exponent bit within budget
//! (6144 and 8192 bits), the table covers the low `rows·w` bits and the rest is one library
//! exponentiation of g^(2^(w·rows)): x = x_lo + 2^(w·rows)·x_hi,
//! g^x = table(x_lo) · (g^(2^(w·rows)))^x_hi.

use crate::arith::bignum::Backend;

/// Default memory budget of one table, in bytes (design.md §4: "Default tables stay at or
/// under 4 MiB per group").
pub const DEFAULT_BUDGET: usize = 4 << 20;

/// The shape of a table: window w, number of rows, and its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TablePlan {
    /// Window size in bits (1 ≤ w ≤ 16).
    pub w: u32,
    /// Number of rows (w-bit digits) the table covers.
    pub rows: usize,
    /// Bytes of the table: rows·(2^w − 1) entries × `entry_bytes`.
    pub bytes: usize,
}

/// Cost, in modular multiplications, of one library exponentiation call's set-up
/// (conversion into Montgomery form, its own small table): used only to compare plans.
const POW_CALL_COST: f64 = 8.0;
/// Cost per exponent bit of a library exponentiation (one squaring plus a sliding-window
/// share of a multiplication), in multiplications.
const POW_BIT_COST: f64 = 1.2;

/// Chooses the window for exponents of up to `exp_bits` bits when each stored power costs
/// `entry_bytes` bytes and the table may take `budget` bytes: minimises the expected number
/// of multiplications for a full-length exponent (a digit is non-zero with probability
/// 1 − 2^−w), counting the exponentiation of the uncovered high bits, if any. `None` when
/// not even one row fits.
pub fn plan(exp_bits: u32, entry_bytes: usize, budget: usize) -> Option<TablePlan> {
    let mut best: Option<(f64, TablePlan)> = None;
    for w in 1..=16u32 {
        let per_row = ((1usize << w) - 1) * entry_bytes;
        let rows_full = exp_bits.div_ceil(w) as usize;
        let rows = rows_full.min(budget / per_row);
        if rows == 0 {
            continue;
        }
        let covered = (rows as u32 * w).min(exp_bits);
        let mut cost = rows as f64 * (1.0 - (-(w as f64)).exp2());
        if covered < exp_bits {
            cost += POW_CALL_COST + f64::from(exp_bits - covered) * POW_BIT_COST;
        }
        let p = TablePlan {
            w,
            rows,
            bytes: rows * per_row,
        };
        if best.is_none_or(|(c, _)| cost < c) {
            best = Some((cost, p));
        }
    }
    best.map(|(_, p)| p)
}

/// A built fixed-base table for one generator and modulus.
#[derive(Debug, Clone)]
pub struct FixedBaseTable<B: Backend> {
    w: u32,
    rows: usize,
    /// Row i, digit d at `powers[i·(2^w − 1) + d − 1]` = g^(d·2^(w·i)) mod p.
    powers: Vec<B::Int>,
    /// g^(2^(w·rows)) mod p, the base for exponent bits above the table.
    high_base: B::Int,
    p: B::Int,
    entry_bytes: usize,
}

impl<B: Backend> FixedBaseTable<B> {
    /// Builds the table of `plan` for generator `g` mod `p`: rows·(2^w − 1) modular
    /// multiplications.
    pub fn build(g: &B::Int, p: &B::Int, plan: TablePlan, entry_bytes: usize) -> Self {
        let per_row = (1usize << plan.w) - 1;
        let mut powers = Vec::with_capacity(plan.rows * per_row);
        let mut base = B::rem(g, p);
        for _ in 0..plan.rows {
            let mut x = base.clone();
            powers.push(x.clone());
            for _ in 2..=per_row {
                B::mul_mod_assign(&mut x, &base, p);
                // A fresh copy is allocated at its exact size (the product's scratch space
                // would double the table's memory).
                powers.push(x.clone());
            }
            B::mul_mod_assign(&mut x, &base, p); // base^(2^w)
            base = x.clone();
        }
        FixedBaseTable {
            w: plan.w,
            rows: plan.rows,
            powers,
            high_base: base,
            p: p.clone(),
            entry_bytes,
        }
    }

    /// Window size in bits.
    pub fn window(&self) -> u32 {
        self.w
    }

    /// Exponent bits the table covers without a library exponentiation.
    pub fn covered_bits(&self) -> u32 {
        self.rows as u32 * self.w
    }

    /// Memory of the stored powers in bytes (entries × (integer header + limbs)).
    pub fn bytes(&self) -> usize {
        self.powers.len() * self.entry_bytes
    }

    /// The table's memory for a cold timing: the array of stored powers and, where the
    /// backend names them ([`Backend::limb_span`]), each power's limbs and those of the
    /// modulus and high base; `complete` when every limb was named.
    pub fn resident(&self) -> crate::measure::cache::Resident<'_> {
        use crate::measure::cache::{Resident, Span};
        let mut r = Resident::complete(vec![Span::of(&self.powers)]);
        for x in self.powers.iter().chain([&self.high_base, &self.p]) {
            match B::limb_span(x) {
                Some(s) => r.spans.push(s),
                None => r.complete = false,
            }
        }
        r
    }

    /// Number of stored powers.
    pub fn entries(&self) -> usize {
        self.powers.len()
    }

    /// g^x mod p for the big-endian exponent `x`.
    pub fn pow(&self, x: &[u8]) -> B::Int {
        let per_row = (1usize << self.w) - 1;
        let bits = bit_length(x);
        let rows = (bits.div_ceil(self.w) as usize).min(self.rows);
        let mut acc: Option<B::Int> = None;
        for i in 0..rows {
            let d = digit(x, i as u32 * self.w, self.w) as usize;
            if d != 0 {
                let t = &self.powers[i * per_row + d - 1];
                match acc.as_mut() {
                    None => acc = Some(t.clone()),
                    Some(a) => B::mul_mod_assign(a, t, &self.p),
                }
            }
        }
        if bits > self.covered_bits() {
            let hi = B::shr(&B::from_be_bytes(x), self.covered_bits());
            let h = B::pow_mod(&self.high_base, &hi, &self.p);
            match acc.as_mut() {
                None => acc = Some(h),
                Some(a) => B::mul_mod_assign(a, &h, &self.p),
            }
        }
        acc.unwrap_or_else(|| B::rem(&B::from_u64(1), &self.p))
    }
}

/// Bit length of the big-endian byte string `x`.
pub fn bit_length(x: &[u8]) -> u32 {
    match x.iter().position(|&b| b != 0) {
        None => 0,
        Some(i) => (x.len() - i) as u32 * 8 - x[i].leading_zeros(),
    }
}

/// The `w`-bit digit of big-endian `x` starting at bit `start` (bit 0 = least significant),
/// for w ≤ 16; bits beyond the string are 0.
pub fn digit(x: &[u8], start: u32, w: u32) -> u32 {
    let len = x.len();
    let lo = (start / 8) as usize;
    let mut v = 0u32;
    for j in 0..3 {
        let idx = lo + j;
        if idx < len {
            v |= u32::from(x[len - 1 - idx]) << (8 * j);
        }
    }
    (v >> (start % 8)) & ((1u32 << w) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::bignum::NumBigint;

    #[test]
    fn digits_and_lengths() {
        let x = [0x01, 0x23, 0x45, 0x67];
        assert_eq!(bit_length(&x), 25);
        assert_eq!(bit_length(&[0, 0, 0x80]), 8);
        assert_eq!(bit_length(&[0, 0]), 0);
        assert_eq!(digit(&x, 0, 4), 0x7);
        assert_eq!(digit(&x, 4, 8), 0x56);
        assert_eq!(digit(&x, 12, 13), 0x1234);
        assert_eq!(digit(&x, 24, 16), 0x1);
        assert_eq!(digit(&x, 40, 5), 0);
    }

    #[test]
    fn plans_fit_the_budget() {
        // modp-512 with rug-sized entries (16-byte header + 8 limbs): w = 9 covers 511 bits.
        let p = plan(511, 80, DEFAULT_BUDGET).unwrap();
        assert_eq!((p.w, p.rows), (9, 57));
        assert!(p.bytes <= DEFAULT_BUDGET);
        // modp-1024: w = 7 for the 1023-bit exponent.
        let p = plan(1023, 144, DEFAULT_BUDGET).unwrap();
        assert_eq!((p.w, p.rows), (7, 147));
        // modp-8192: cannot cover everything; still within budget.
        let p = plan(8191, 1040, DEFAULT_BUDGET).unwrap();
        assert!(p.bytes <= DEFAULT_BUDGET && (p.rows as u32) * p.w < 8191);
        assert!(plan(100, DEFAULT_BUDGET + 1, DEFAULT_BUDGET).is_none());
    }

    #[test]
    fn table_power_equals_library_power() {
        type N = NumBigint;
        let p = N::from_u64(1_000_003);
        let g = N::from_u64(2);
        for &(w, rows) in &[(1u32, 20usize), (3, 7), (4, 2), (5, 1)] {
            let t = FixedBaseTable::<N>::build(&g, &p, TablePlan { w, rows, bytes: 0 }, 8);
            for x in [0u64, 1, 2, 3, 255, 256, 65_535, 1_000_001, 123_456_789_012] {
                let xb = x.to_be_bytes();
                assert_eq!(
                    t.pow(&xb),
                    N::pow_mod(&g, &N::from_u64(x), &p),
                    "w={w} rows={rows} x={x}"
                );
            }
        }
    }
}

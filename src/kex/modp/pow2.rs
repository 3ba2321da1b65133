//! 2^x mod p without multiplications: for the generator g = 2, the "multiply" step of
//! left-to-right square-and-multiply is a left shift.
//!
//! Fixed windows of [`WINDOW`] bits from the top: acc ← acc^(2^w) (w squarings), then
//! acc ← acc · 2^d (shift by the digit d < 2^w and one cheap reduction of a number only
//! `d` bits longer than p). The cost is bits(x) modular squarings and no general
//! multiplications, against the ≈ bits(x)/(k+1) extra multiplications of a k-bit sliding
//! window (HAC §14.6.1, Algorithm 14.85; the base-2 shortcut is noted in HAC Note 14.93).

use super::table::{bit_length, digit};
use crate::arith::bignum::Backend;

/// Window width in bits: shifts of at most 63 bits keep each reduction to one word of
/// quotient.
pub const WINDOW: u32 = 6;

/// 2^x mod p for the big-endian exponent `x` (p > 2).
pub fn pow2<B: Backend>(x: &[u8], p: &B::Int) -> B::Int {
    let bits = bit_length(x);
    if bits == 0 {
        return B::rem(&B::from_u64(1), p);
    }
    let windows = bits.div_ceil(WINDOW);
    let top = digit(x, (windows - 1) * WINDOW, WINDOW);
    let mut acc = B::rem(&B::shl(&B::from_u64(1), top), p);
    for i in (0..windows - 1).rev() {
        for _ in 0..WINDOW {
            B::sqr_mod_assign(&mut acc, p);
        }
        let d = digit(x, i * WINDOW, WINDOW);
        if d != 0 {
            B::shl_mod_assign(&mut acc, d, p);
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::bignum::NumBigint;

    #[test]
    fn pow2_equals_library_power() {
        type N = NumBigint;
        let p = N::from_u64(1_000_003);
        for x in [0u64, 1, 2, 5, 63, 64, 65, 4095, 1_000_002, u64::MAX] {
            assert_eq!(
                pow2::<N>(&x.to_be_bytes(), &p),
                N::pow_mod(&N::from_u64(2), &N::from_u64(x), &p),
                "x={x}"
            );
        }
    }
}

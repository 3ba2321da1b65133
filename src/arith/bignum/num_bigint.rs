//! The `num-bigint` backend (pure Rust, always built).
//!
//! Modular exponentiation is `BigUint::modpow` (Montgomery multiplication with a sliding
//! window for odd moduli). num-bigint has no Jacobi symbol and no primality test: both are
//! written here (the binary Jacobi algorithm; Miller–Rabin, Menezes–van Oorschot–Vanstone,
//! *Handbook of Applied Cryptography* Algorithm 4.24) and tested against GMP's.

use super::Backend;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

/// `num-bigint` 0.5: integers are [`BigUint`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NumBigint;

/// Odd primes below 256 for trial division before Miller–Rabin.
const SMALL_PRIMES: [u32; 53] = [
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
    101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191, 193,
    197, 199, 211, 223, 227, 229, 233, 239, 241, 251,
];

impl Backend for NumBigint {
    type Int = BigUint;
    const NAME: &'static str = "num-bigint";
    const POW_MOD_FN: &'static str = "BigUint::modpow";

    fn version() -> String {
        "num-bigint 0.5".to_string()
    }

    fn implementation() -> crate::implementation::Implementation {
        crate::implementation::Implementation::of_crate("num-bigint")
    }

    fn from_be_bytes(bytes: &[u8]) -> BigUint {
        BigUint::from_bytes_be(bytes)
    }

    fn to_be_bytes(x: &BigUint) -> Vec<u8> {
        if x.is_zero() {
            Vec::new()
        } else {
            x.to_bytes_be()
        }
    }

    fn from_u64(v: u64) -> BigUint {
        BigUint::from(v)
    }

    fn bits(x: &BigUint) -> u32 {
        x.bits() as u32
    }

    fn bit(x: &BigUint, i: u32) -> bool {
        x.bit(u64::from(i))
    }

    fn add(a: &BigUint, b: &BigUint) -> BigUint {
        a + b
    }

    fn sub(a: &BigUint, b: &BigUint) -> BigUint {
        a - b
    }

    fn mul(a: &BigUint, b: &BigUint) -> BigUint {
        a * b
    }

    fn div_rem(a: &BigUint, b: &BigUint) -> (BigUint, BigUint) {
        a.div_rem(b)
    }

    fn rem(a: &BigUint, m: &BigUint) -> BigUint {
        a % m
    }

    fn shl(a: &BigUint, k: u32) -> BigUint {
        a << k
    }

    fn shr(a: &BigUint, k: u32) -> BigUint {
        a >> k
    }

    fn gcd(a: &BigUint, b: &BigUint) -> BigUint {
        a.gcd(b)
    }

    fn mul_mod(a: &BigUint, b: &BigUint, m: &BigUint) -> BigUint {
        (a * b) % m
    }

    fn sqr_mod(a: &BigUint, m: &BigUint) -> BigUint {
        (a * a) % m
    }

    fn mul_mod_assign(acc: &mut BigUint, b: &BigUint, m: &BigUint) {
        *acc = (&*acc * b) % m;
    }

    fn sqr_mod_assign(acc: &mut BigUint, m: &BigUint) {
        *acc = (&*acc * &*acc) % m;
    }

    fn shl_mod_assign(acc: &mut BigUint, k: u32, m: &BigUint) {
        *acc <<= k;
        *acc %= m;
    }

    fn pow_mod(b: &BigUint, e: &BigUint, m: &BigUint) -> BigUint {
        b.modpow(e, m)
    }

    fn inv_mod(a: &BigUint, m: &BigUint) -> Option<BigUint> {
        if m.is_one() {
            return Some(BigUint::zero());
        }
        a.modinv(m)
    }

    fn jacobi(a: &BigUint, n: &BigUint) -> i32 {
        jacobi(a, n)
    }

    fn is_probable_prime(n: &BigUint, reps: u32) -> bool {
        is_probable_prime(n, reps)
    }
}

/// Jacobi symbol (a/n) for odd n > 0 by the binary algorithm (Shallit–Sorenson 1993; Brent
/// and Zimmermann, *Modern Computer Arithmetic* §2.4, Algorithm "BinaryJacobi"), in place on
/// 64-bit limbs: remove factors 2 from a ((2/n) = −1 exactly when n ≡ 3, 5 mod 8), make
/// a ≥ n by swapping (quadratic reciprocity: (a/n)(n/a) = −1 exactly when a ≡ n ≡ 3 mod 4),
/// then a ← a − n. Only shifts and subtractions: no allocation inside the loop.
///
/// # Panics
/// When `n` is even.
fn jacobi(a: &BigUint, n: &BigUint) -> i32 {
    assert!(n.bit(0), "Jacobi symbol needs an odd modulus");
    let mut a: Vec<u64> = (a % n).to_u64_digits();
    let mut n: Vec<u64> = n.to_u64_digits();
    let mut t = 1i32;
    loop {
        trim(&mut a);
        if a.is_empty() {
            break;
        }
        let z = trailing_zeros(&a);
        if z > 0 {
            shr_in_place(&mut a, z);
            let n8 = n[0] & 7;
            if z % 2 == 1 && (n8 == 3 || n8 == 5) {
                t = -t;
            }
        }
        if cmp_limbs(&a, &n) == std::cmp::Ordering::Less {
            std::mem::swap(&mut a, &mut n);
            if a[0] & 3 == 3 && n[0] & 3 == 3 {
                t = -t;
            }
        }
        sub_in_place(&mut a, &n);
    }
    if n.len() == 1 && n[0] == 1 { t } else { 0 }
}

/// Drops high zero limbs.
fn trim(x: &mut Vec<u64>) {
    while x.last() == Some(&0) {
        x.pop();
    }
}

/// Trailing zero bits of a non-zero limb string.
fn trailing_zeros(x: &[u64]) -> u32 {
    let mut z = 0;
    for &l in x {
        if l == 0 {
            z += 64;
        } else {
            return z + l.trailing_zeros();
        }
    }
    z
}

/// x ← ⌊x / 2^k⌋.
fn shr_in_place(x: &mut Vec<u64>, k: u32) {
    let words = (k / 64) as usize;
    let bits = k % 64;
    if words > 0 {
        x.drain(..words.min(x.len()));
    }
    if bits > 0 {
        for i in 0..x.len() {
            let hi = x.get(i + 1).copied().unwrap_or(0);
            x[i] = (x[i] >> bits) | (hi << (64 - bits));
        }
    }
    trim(x);
}

/// Compares trimmed limb strings.
fn cmp_limbs(a: &[u64], b: &[u64]) -> std::cmp::Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

/// a ← a − b for a ≥ b.
fn sub_in_place(a: &mut [u64], b: &[u64]) {
    let mut borrow = false;
    for (i, ai) in a.iter_mut().enumerate() {
        let bi = b.get(i).copied().unwrap_or(0);
        let (d, o1) = ai.overflowing_sub(bi);
        let (d, o2) = d.overflowing_sub(u64::from(borrow));
        *ai = d;
        borrow = o1 || o2;
        if !borrow && i >= b.len() {
            break;
        }
    }
}

/// Miller–Rabin probable-prime test (HAC Algorithm 4.24) after trial division by the primes
/// below 256: base 2 first, then `reps − 1` bases drawn from a ChaCha20 RNG seeded with the
/// low bytes of `n` (deterministic, so a run can be repeated; not adversarially chosen).
fn is_probable_prime(n: &BigUint, reps: u32) -> bool {
    // Below 2^16 = 256², trial division by the primes below 256 decides.
    if let Some(v) = n.to_u64().filter(|&v| v < 1 << 16) {
        return v == 2
            || (v > 2
                && v % 2 == 1
                && SMALL_PRIMES
                    .iter()
                    .all(|&p| u64::from(p) == v || v % u64::from(p) != 0));
    }
    if !n.bit(0) {
        return false;
    }
    if SMALL_PRIMES
        .iter()
        .any(|&p| (n % BigUint::from(p)).is_zero())
    {
        return false;
    }
    let one = BigUint::one();
    let n1 = n - &one;
    let s = n1.trailing_zeros().unwrap_or(0);
    let d = &n1 >> s;
    let mut seed = [0u8; 32];
    for (i, b) in n.to_bytes_le().iter().take(32).enumerate() {
        seed[i] = *b;
    }
    let mut rng = ChaCha20Rng::from_seed(seed);
    let two = BigUint::from(2u32);
    let range = n - 3u32; // bases in 2..n-1
    for round in 0..reps.max(1) {
        let a = if round == 0 {
            two.clone()
        } else {
            NumBigint::random_below(&range, &mut rng) + 2u32
        };
        let mut x = a.modpow(&d, n);
        if x.is_one() || x == n1 {
            continue;
        }
        let mut witness = true;
        for _ in 1..s {
            x = (&x * &x) % n;
            if x == n1 {
                witness = false;
                break;
            }
            if x.is_one() {
                break;
            }
        }
        if witness {
            return false;
        }
    }
    true
}

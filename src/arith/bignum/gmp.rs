//! The GMP backend: GNU MP's `mpz` functions through `rug` (cargo feature `gmp`).
//!
//! Modular exponentiation is `mpz_powm` (Montgomery REDC with a sliding window, GMP manual
//! §15.4 "Powering Algorithms"); the Jacobi symbol is `mpz_jacobi`; the probable-prime test
//! `mpz_probab_prime_p` (trial division, Baillie–PSW and `reps − 24` Miller–Rabin rounds).
//! [`Backend::secure_pow_mod_assign`] is `mpz_powm_sec`, the constant-time variant.
//! The in-place operations map onto `mpz_mul`/`mpz_tdiv_r`/`mpz_powm` without allocating once
//! the accumulator has grown to size.

use super::Backend;
use rug::integer::{IsPrime, Order};
use rug::{Assign, Integer};

use super::LINKED_NAME;

/// GNU MP through rug: integers are [`rug::Integer`] (always non-negative here).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gmp;

impl Backend for Gmp {
    type Int = Integer;
    const NAME: &'static str = "gmp";
    const POW_MOD_FN: &'static str = "mpz_powm";
    const SECURE_POW_MOD_FN: Option<&'static str> = Some("mpz_powm_sec");

    fn limb_span(x: &Integer) -> Option<crate::measure::cache::Span<'_>> {
        Some(crate::measure::cache::Span::of(x.as_limbs()))
    }

    /// "gmp-linked 6.3.0 (fat)" for gmp-mpfr-sys's portable build, or the CPU flags GMP was
    /// configured with, e.g. "gmp-linked 6.3.0 (-mtune=skylake -march=broadwell)" for a
    /// build by scripts/gmp-native.sh (read from gmp.h at build time).
    fn version() -> String {
        use gmp_mpfr_sys::gmp;
        let v = format!(
            "{LINKED_NAME} {}.{}.{}",
            gmp::VERSION,
            gmp::VERSION_MINOR,
            gmp::VERSION_PATCHLEVEL
        );
        match option_env!("PKBENCH_GMP_BUILD") {
            Some(build) => format!("{v} ({build})"),
            None => v,
        }
    }

    /// The GMP library linked through gmp-mpfr-sys, named [`LINKED_NAME`] (`gmp-linked`) so
    /// that no output gives it the label of the system's libgmp loaded at run time
    /// (`crate::peers::gmp`, named `gmp`, often another version: `gmp-linked 6.3.0 (fat)`
    /// beside `gmp 6.2.1 (mpz_powm)`): version as GMP reports it, variant `fat` or the CPU
    /// flags it was configured with.
    fn implementation() -> crate::implementation::Implementation {
        use gmp_mpfr_sys::gmp;
        let version = format!(
            "{}.{}.{}",
            gmp::VERSION,
            gmp::VERSION_MINOR,
            gmp::VERSION_PATCHLEVEL
        );
        crate::implementation::Implementation::library(
            LINKED_NAME,
            &version,
            option_env!("PKBENCH_GMP_BUILD").unwrap_or(""),
        )
    }

    fn from_be_bytes(bytes: &[u8]) -> Integer {
        Integer::from_digits(bytes, Order::Msf)
    }

    fn to_be_bytes(x: &Integer) -> Vec<u8> {
        let mut out = vec![0u8; x.significant_digits::<u8>()];
        x.write_digits(&mut out, Order::Msf);
        out
    }

    fn to_be_bytes_padded(x: &Integer, len: usize) -> Vec<u8> {
        let n = x.significant_digits::<u8>();
        assert!(n <= len, "integer of {n} bytes does not fit {len}");
        let mut out = vec![0u8; len];
        x.write_digits(&mut out[len - n..], Order::Msf);
        out
    }

    fn from_u64(v: u64) -> Integer {
        Integer::from(v)
    }

    fn bits(x: &Integer) -> u32 {
        x.significant_bits()
    }

    fn bit(x: &Integer, i: u32) -> bool {
        x.get_bit(i)
    }

    fn add(a: &Integer, b: &Integer) -> Integer {
        Integer::from(a + b)
    }

    fn sub(a: &Integer, b: &Integer) -> Integer {
        assert!(a >= b, "unsigned subtraction underflow");
        Integer::from(a - b)
    }

    fn mul(a: &Integer, b: &Integer) -> Integer {
        Integer::from(a * b)
    }

    fn div_rem(a: &Integer, b: &Integer) -> (Integer, Integer) {
        <(Integer, Integer)>::from(a.div_rem_ref(b))
    }

    fn rem(a: &Integer, m: &Integer) -> Integer {
        Integer::from(a % m)
    }

    fn shl(a: &Integer, k: u32) -> Integer {
        Integer::from(a << k)
    }

    fn shr(a: &Integer, k: u32) -> Integer {
        Integer::from(a >> k)
    }

    fn gcd(a: &Integer, b: &Integer) -> Integer {
        Integer::from(a.gcd_ref(b))
    }

    fn mul_mod_assign(acc: &mut Integer, b: &Integer, m: &Integer) {
        *acc *= b;
        *acc %= m;
    }

    fn sqr_mod_assign(acc: &mut Integer, m: &Integer) {
        acc.square_mut();
        *acc %= m;
    }

    fn shl_mod_assign(acc: &mut Integer, k: u32, m: &Integer) {
        *acc <<= k;
        *acc %= m;
    }

    fn pow_mod(b: &Integer, e: &Integer, m: &Integer) -> Integer {
        // Non-negative exponent: pow_mod_ref never fails.
        match b.pow_mod_ref(e, m) {
            Some(r) => Integer::from(r),
            None => unreachable!("pow_mod with a non-negative exponent"),
        }
    }

    fn pow_mod_assign(acc: &mut Integer, e: &Integer, m: &Integer) {
        // Non-negative exponent: pow_mod_mut never fails.
        if acc.pow_mod_mut(e, m).is_err() {
            unreachable!("pow_mod with a non-negative exponent");
        }
    }

    /// `mpz_powm_sec` (rug's `secure_pow_mod_mut`): a fixed window, every table entry read
    /// for each lookup (`mpn_sec_tabselect`), a Montgomery product whose final subtraction
    /// is masked rather than branched on.
    ///
    /// # Panics
    /// When `e` is 0 or `m` is even (as rug does).
    fn secure_pow_mod_assign(acc: &mut Integer, e: &Integer, m: &Integer) {
        acc.secure_pow_mod_mut(e, m);
    }

    fn rem_into(out: &mut Integer, a: &Integer, m: &Integer) {
        out.assign(a % m);
    }

    fn add_assign(acc: &mut Integer, b: &Integer) {
        *acc += b;
    }

    fn sub_assign(acc: &mut Integer, b: &Integer) {
        assert!(*acc >= *b, "unsigned subtraction underflow");
        *acc -= b;
    }

    fn mul_assign(acc: &mut Integer, b: &Integer) {
        *acc *= b;
    }

    fn inv_mod(a: &Integer, m: &Integer) -> Option<Integer> {
        a.invert_ref(m).map(Integer::from)
    }

    fn jacobi(a: &Integer, n: &Integer) -> i32 {
        assert!(n.is_odd(), "Jacobi symbol needs an odd modulus");
        a.jacobi(n)
    }

    fn is_probable_prime(n: &Integer, reps: u32) -> bool {
        n.is_probably_prime(reps) != IsPrime::No
    }
}

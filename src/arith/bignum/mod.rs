//! Bignum backends for the mod-p groups and raw RSA: one [`Backend`] trait, two libraries
//! behind it.
//!
//! - [`NumBigint`] (`num-bigint` 0.5, pure Rust): always built.
//! - [`Gmp`] (GNU MP through `rug`): built with `cargo build --features gmp` (needs `m4` to
//!   compile GMP from source).
//!
//! A backend is a zero-sized type whose associated functions do the arithmetic on its own
//! integer type [`Backend::Int`] (non-negative integers throughout). Code that computes is
//! generic over `B: Backend`; the command line picks one at run time through [`BackendKind`]
//! and the [`with_backend!`](crate::with_backend) macro, which monomorphises the generic code
//! for each backend built in:
//!
//! ```
//! use pkbench::arith::bignum::{Backend, BackendKind};
//! let kind = BackendKind::select(Some("num-bigint")).unwrap();
//! let bits = pkbench::with_backend!(kind, B => {
//!     let p = B::from_be_bytes(&[0xff, 0xfb]); // 65531
//!     B::bits(&B::pow_mod(&B::from_u64(2), &B::from_u64(10), &p))
//! });
//! assert_eq!(bits, 11); // 2^10 = 1024
//! ```
//!
//! Modular exponentiation is the library's own (`mpz_powm` through rug's `pow_mod`,
//! `BigUint::modpow`): both use Montgomery (REDC) arithmetic with a sliding window for odd
//! moduli. Random numbers are drawn from a `ChaCha20Rng` by the same byte-level rejection
//! sampling for every backend, so one seed gives the same integers in both.

pub mod num_bigint;
pub use self::num_bigint::NumBigint;

/// The implementation name of the GMP linked into pkbench (the `gmp` cargo feature), in
/// records, tables and `rsa-raw --impl`: not `gmp`, the name of the system's libgmp that
/// `--impl gmp` loads at run time, which may be another version. Defined in every build, so
/// that a build without the feature can name what it lacks.
pub const LINKED_NAME: &str = "gmp-linked";

#[cfg(feature = "gmp")]
pub mod gmp;
#[cfg(feature = "gmp")]
pub use self::gmp::Gmp;

use crate::error::Result;
use crate::error::SettingError;
use rand_chacha::ChaCha20Rng;
use rand_core::Rng;
use std::fmt::Debug;

/// Miller–Rabin rounds used by [`Backend::is_probable_prime`] callers in pkbench when
/// validating user input of up to 2048 bits: error probability below 4^-32 for adversarial
/// input (FIPS 186-5 Table B.1 asks for fewer rounds at these sizes). Larger numbers get
/// [`prime_reps`] rounds.
pub const PRIME_REPS: u32 = 32;

/// The largest number of bits [`prime_reps`] plans for: the largest mod-p group pkbench
/// takes (`kex::modp::params::MAX_P_BITS`).
pub const PRIME_REPS_MAX_BITS: u32 = 8192;

/// Miller–Rabin rounds for checking a user's number of `bits` bits in bounded time: the
/// rounds that cost at most what one round costs at [`PRIME_REPS_MAX_BITS`] (a round is one
/// modular exponentiation, about bits³ with schoolbook multiplication, which num-bigint's
/// Montgomery code is at these sizes), between 1 and [`PRIME_REPS`]: 32 up to 2560 bits,
/// 18 at 3072, 8 at 4096, 2 at 6144, 1 at 8192.
///
/// The first round is to base 2, the others to random bases. For a number that was not
/// built to fool the test the error probability is below 2^-100 from 4096 bits on even for
/// one round (Damgård, Landrock and Pomerance, Math. Comp. 61 (1993): p(k,1) < k²·4^(2−√k)
/// for k-bit numbers); a composite built to pass passes t random-base rounds with
/// probability at most 4^-t (Rabin 1980).
pub fn prime_reps(bits: u32) -> u32 {
    let ratio = f64::from(PRIME_REPS_MAX_BITS) / f64::from(bits.max(1));
    let reps = (ratio * ratio * ratio).floor();
    if reps >= f64::from(PRIME_REPS) {
        PRIME_REPS
    } else {
        (reps as u32).max(1)
    }
}

/// A bignum library: arithmetic on non-negative integers of type [`Backend::Int`].
///
/// Every function that takes a modulus `m` requires `m > 0` (and the result is in `0..m`);
/// [`Backend::jacobi`] requires an odd `n`. Breaking a precondition may panic: callers
/// validate their inputs first.
pub trait Backend: Copy + Clone + Debug + Send + Sync + 'static {
    /// The library's integer type.
    type Int: Clone + Debug + PartialEq + Eq + PartialOrd + Ord + Send + Sync;

    /// Short name as used on the command line: `gmp` or `num-bigint`.
    const NAME: &'static str;

    /// The library function behind [`Backend::pow_mod`], for reports: `mpz_powm`,
    /// `BigUint::modpow`.
    const POW_MOD_FN: &'static str;

    /// The library's constant-time modular exponentiation behind
    /// [`Backend::secure_pow_mod_assign`], for reports (`Some("mpz_powm_sec")` for GMP), or
    /// `None` when the library has none (num-bigint).
    const SECURE_POW_MOD_FN: Option<&'static str> = None;

    /// Library name and version, e.g. "gmp-linked 6.3.0" or "num-bigint 0.5".
    fn version() -> String;

    /// The bytes of `x`'s digits (limbs) in memory, for a cold timing to evict
    /// ([`crate::measure::cache`]); `None` when the library keeps them private (num-bigint).
    fn limb_span(x: &Self::Int) -> Option<crate::measure::cache::Span<'_>> {
        let _ = x;
        None
    }

    /// Who computes: the library (GMP, with its build's variant) or crate (num-bigint).
    fn implementation() -> crate::implementation::Implementation;

    /// The integer whose big-endian bytes are `bytes` (leading zeros allowed; empty = 0).
    fn from_be_bytes(bytes: &[u8]) -> Self::Int;

    /// Minimal big-endian bytes of `x` (no leading zeros; `[]` for 0).
    fn to_be_bytes(x: &Self::Int) -> Vec<u8>;

    /// Big-endian bytes of `x`, zero-padded on the left to `len` bytes.
    ///
    /// # Panics
    /// When `x` needs more than `len` bytes.
    fn to_be_bytes_padded(x: &Self::Int, len: usize) -> Vec<u8> {
        let b = Self::to_be_bytes(x);
        assert!(
            b.len() <= len,
            "integer of {} bytes does not fit {len}",
            b.len()
        );
        let mut out = vec![0u8; len - b.len()];
        out.extend_from_slice(&b);
        out
    }

    /// The integer `v`.
    fn from_u64(v: u64) -> Self::Int;

    /// Number of significant bits (0 for 0).
    fn bits(x: &Self::Int) -> u32;

    /// Bit `i` of `x` (bit 0 is the least significant).
    fn bit(x: &Self::Int, i: u32) -> bool;

    /// Whether `x` is 0.
    fn is_zero(x: &Self::Int) -> bool {
        Self::bits(x) == 0
    }

    /// `a + b`.
    fn add(a: &Self::Int, b: &Self::Int) -> Self::Int;

    /// `a - b`.
    ///
    /// # Panics
    /// When `a < b` (unsigned integers).
    fn sub(a: &Self::Int, b: &Self::Int) -> Self::Int;

    /// `a · b`.
    fn mul(a: &Self::Int, b: &Self::Int) -> Self::Int;

    /// `(⌊a / b⌋, a mod b)` for `b > 0`.
    fn div_rem(a: &Self::Int, b: &Self::Int) -> (Self::Int, Self::Int);

    /// `a mod m`.
    fn rem(a: &Self::Int, m: &Self::Int) -> Self::Int {
        Self::div_rem(a, m).1
    }

    /// `a · 2^k`.
    fn shl(a: &Self::Int, k: u32) -> Self::Int;

    /// `⌊a / 2^k⌋`.
    fn shr(a: &Self::Int, k: u32) -> Self::Int;

    /// Greatest common divisor (gcd(0, 0) = 0).
    fn gcd(a: &Self::Int, b: &Self::Int) -> Self::Int;

    /// `a · b mod m`: the library's multiplication followed by its division remainder.
    fn mul_mod(a: &Self::Int, b: &Self::Int, m: &Self::Int) -> Self::Int {
        let mut r = a.clone();
        Self::mul_mod_assign(&mut r, b, m);
        r
    }

    /// `a² mod m`.
    fn sqr_mod(a: &Self::Int, m: &Self::Int) -> Self::Int {
        let mut r = a.clone();
        Self::sqr_mod_assign(&mut r, m);
        r
    }

    /// `acc ← acc · b mod m` in place (the inner step of table-based exponentiation).
    fn mul_mod_assign(acc: &mut Self::Int, b: &Self::Int, m: &Self::Int);

    /// `acc ← acc² mod m` in place.
    fn sqr_mod_assign(acc: &mut Self::Int, m: &Self::Int);

    /// `acc ← acc · 2^k mod m` in place: a shift and one reduction (multiplying by a power
    /// of two costs no multiplication).
    fn shl_mod_assign(acc: &mut Self::Int, k: u32, m: &Self::Int);

    /// `b^e mod m`, by the library's own modular exponentiation.
    fn pow_mod(b: &Self::Int, e: &Self::Int, m: &Self::Int) -> Self::Int;

    /// `acc ← acc^e mod m` in place ([`Backend::pow_mod`] into `acc`'s storage, e.g.
    /// `mpz_powm(acc, acc, e, m)`).
    fn pow_mod_assign(acc: &mut Self::Int, e: &Self::Int, m: &Self::Int) {
        *acc = Self::pow_mod(acc, e, m);
    }

    /// `acc ← acc^e mod m` in place by the library's constant-time exponentiation
    /// ([`Backend::SECURE_POW_MOD_FN`], GMP's `mpz_powm_sec`): its run time and memory access
    /// pattern depend only on the sizes of the operands, not on their values (GMP manual §5.7
    /// "Exponentiation Functions"), as private-key code needs against timing and cache side
    /// channels. Same result as [`Backend::pow_mod_assign`].
    ///
    /// Requires `e > 0` and an odd `m` (`mpz_powm_sec`'s conditions; an RSA modulus and its
    /// primes are odd, d, dP and dQ positive); it may panic otherwise.
    ///
    /// The default, for a library without such a function (`SECURE_POW_MOD_FN` is `None`),
    /// is [`Backend::pow_mod_assign`]: the right value, *not* constant time. Callers that
    /// promise constant time check [`Backend::SECURE_POW_MOD_FN`] first.
    fn secure_pow_mod_assign(acc: &mut Self::Int, e: &Self::Int, m: &Self::Int) {
        Self::pow_mod_assign(acc, e, m);
    }

    /// `out ← a mod m`, reusing `out`'s storage.
    fn rem_into(out: &mut Self::Int, a: &Self::Int, m: &Self::Int) {
        *out = Self::rem(a, m);
    }

    /// `acc ← acc + b` in place.
    fn add_assign(acc: &mut Self::Int, b: &Self::Int) {
        *acc = Self::add(acc, b);
    }

    /// `acc ← acc − b` in place.
    ///
    /// # Panics
    /// When `acc < b` (unsigned integers).
    fn sub_assign(acc: &mut Self::Int, b: &Self::Int) {
        *acc = Self::sub(acc, b);
    }

    /// `acc ← acc · b` in place.
    fn mul_assign(acc: &mut Self::Int, b: &Self::Int) {
        *acc = Self::mul(acc, b);
    }

    /// The inverse of `a` mod `m`, `None` when gcd(a, m) ≠ 1.
    fn inv_mod(a: &Self::Int, m: &Self::Int) -> Option<Self::Int>;

    /// The Jacobi symbol (a/n) ∈ {−1, 0, 1} for odd `n` (Cohen, *A Course in Computational
    /// Algebraic Number Theory*, §1.4.2). For a prime `n` it is the Legendre symbol: 1
    /// exactly when `a` is a non-zero square mod `n`.
    fn jacobi(a: &Self::Int, n: &Self::Int) -> i32;

    /// Probable-prime test with `reps` Miller–Rabin rounds (GMP adds a Baillie–PSW test);
    /// `false` means certainly composite (or < 2).
    fn is_probable_prime(n: &Self::Int, reps: u32) -> bool;

    /// Uniform integer in `0..bound` from `rng` (rejection sampling on `bits(bound)`-bit
    /// big-endian byte strings, the same draws in every backend).
    ///
    /// # Panics
    /// When `bound` is 0.
    fn random_below(bound: &Self::Int, rng: &mut ChaCha20Rng) -> Self::Int {
        assert!(!Self::is_zero(bound), "random_below(0)");
        let bits = Self::bits(bound);
        loop {
            let x = Self::from_be_bytes(&random_bytes(bits, rng));
            if x < *bound {
                return x;
            }
        }
    }

    /// Uniform integer of exactly `bits` bits (top bit set) from `rng`, for `bits ≥ 1`.
    fn random_bits(bits: u32, rng: &mut ChaCha20Rng) -> Self::Int {
        let mut b = random_bytes(bits, rng);
        let top = (bits - 1) % 8;
        b[0] |= 1 << top;
        Self::from_be_bytes(&b)
    }
}

/// `ceil(bits/8)` random bytes from `rng`, big-endian, with the bits above `bits` cleared.
fn random_bytes(bits: u32, rng: &mut ChaCha20Rng) -> Vec<u8> {
    let n = bits.div_ceil(8) as usize;
    let mut b = vec![0u8; n];
    rng.fill_bytes(&mut b);
    let extra = (n as u32) * 8 - bits;
    if n > 0 && extra > 0 {
        b[0] &= 0xff >> extra;
    }
    b
}

/// The backends built into this binary, chosen with `--backend`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BackendKind {
    /// GNU MP through rug (cargo feature `gmp`).
    #[cfg(feature = "gmp")]
    Gmp,
    /// num-bigint (always built).
    NumBigint,
}

impl BackendKind {
    /// The default: gmp when built in, else num-bigint.
    pub const DEFAULT: BackendKind = {
        #[cfg(feature = "gmp")]
        {
            BackendKind::Gmp
        }
        #[cfg(not(feature = "gmp"))]
        {
            BackendKind::NumBigint
        }
    };

    /// Every backend built into this binary.
    pub fn available() -> &'static [BackendKind] {
        &[
            #[cfg(feature = "gmp")]
            BackendKind::Gmp,
            BackendKind::NumBigint,
        ]
    }

    /// The backend of this name (`gmp`, `rug` or [`LINKED_NAME`] `gmp-linked`, `num-bigint`;
    /// any case; `None` = the default).
    ///
    /// # Errors
    /// [`SettingError::UnknownBackend`] for an unknown name, [`SettingError::BackendNotBuilt`] for `gmp`
    /// in a build without the `gmp` feature.
    pub fn select(name: Option<&str>) -> Result<BackendKind> {
        let Some(name) = name else {
            return Ok(Self::DEFAULT);
        };
        match name.to_ascii_lowercase().as_str() {
            "num-bigint" | "num_bigint" | "numbigint" => Ok(BackendKind::NumBigint),
            #[cfg(feature = "gmp")]
            "gmp" | "rug" | LINKED_NAME => Ok(BackendKind::Gmp),
            #[cfg(not(feature = "gmp"))]
            "gmp" | "rug" | LINKED_NAME => Err(SettingError::BackendNotBuilt {
                name: "gmp".into(),
                feature: "gmp".into(),
            }
            .into()),
            other => Err(SettingError::UnknownBackend { name: other.into() }.into()),
        }
    }

    /// Short name: `gmp` or `num-bigint`.
    pub fn name(self) -> &'static str {
        crate::with_backend!(self, B => B::NAME)
    }

    /// Library and version, e.g. "gmp-linked 6.3.0".
    pub fn version(self) -> String {
        crate::with_backend!(self, B => B::version())
    }

    /// Every backend built in, with versions, for a record's build fingerprint
    /// (`measure::Build::backends`): the library's own version at run time and the crates'
    /// versions from Cargo.lock (e.g. "num-bigint 0.5.1", "gmp-linked 6.3.0 (rug 1.30.0,
    /// gmp-mpfr-sys 1.7.1)").
    pub fn built_in() -> Vec<String> {
        let crates: Vec<&str> = env!("PKBENCH_BACKENDS").split(';').collect();
        BackendKind::available()
            .iter()
            .map(|k| match k.name() {
                "num-bigint" => crates
                    .iter()
                    .find(|c| c.starts_with("num-bigint "))
                    .map_or_else(|| k.version(), |c| c.to_string()),
                _ => match crates.iter().find(|c| c.starts_with("rug ")) {
                    Some(c) => format!("{} ({c})", k.version()),
                    None => k.version(),
                },
            })
            .collect()
    }

    /// Who computes ([`Backend::implementation`]).
    pub fn implementation(self) -> crate::implementation::Implementation {
        crate::with_backend!(self, B => B::implementation())
    }
}

/// Runs `$body` with the type alias `$B` bound to the backend type of `$kind` (a
/// [`BackendKind`]): the one place that turns the run-time choice into a type.
///
/// `with_backend!(kind, B => body)` expands to a `match` with one arm per backend built in.
#[macro_export]
macro_rules! with_backend {
    ($kind:expr, $B:ident => $body:expr) => {
        match $kind {
            #[cfg(feature = "gmp")]
            $crate::arith::bignum::BackendKind::Gmp => {
                #[allow(dead_code)]
                type $B = $crate::arith::bignum::Gmp;
                $body
            }
            $crate::arith::bignum::BackendKind::NumBigint => {
                #[allow(dead_code)]
                type $B = $crate::arith::bignum::NumBigint;
                $body
            }
        }
    };
}

#[cfg(test)]
mod tests;

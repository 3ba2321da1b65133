//! The numbers of a mod-p group, read from a params TOML file and validated.
//!
//! Keys (besides the common ones of [`GroupFile`]):
//! - `p`: the prime modulus, a hex string (big-endian; an optional `0x`, spaces, underscores
//!   and newlines are ignored) or, when it fits in 63 bits, a TOML integer;
//! - `g`: the generator, an integer or a hex string;
//! - `q` (optional): the prime order of g, hex or integer, or the literal `"(p-1)/2"` for the
//!   Sophie Germain prime of a safe prime p (every built-in group).
//!
//! Any other key is refused (a misspelt `Q` must not silently drop the subgroup check).
//!
//! Validation of a user's file (`--params FILE`), each failure a typed problem naming the
//! check (NIST SP 800-56A Rev. 3 §5.5.2, FFC domain parameter assurance, in the
//! probabilistic form), the cheap checks first:
//! - p odd, at least [`MIN_P_BITS`] and at most [`MAX_P_BITS`] bits;
//! - 1 < g < p−1;
//! - the order q of g is known: given as `q`, or, when `q` is absent, p must be a safe prime
//!   (q = (p−1)/2 probably prime); otherwise the file is refused and the message asks for `q`
//!   (without q a peer value cannot be checked for a small subgroup, RFC 2785 §3);
//! - q at least [`MIN_Q_BITS`] bits, q divides p−1;
//! - then q probably prime, g^q = 1 mod p, p prime (proven from q by Pocklington's theorem
//!   when q > √p, else probably prime): see [`check_primes`] for the cost.
//!
//! The built-in files are checked once by the test suite (regenerated from π and e, primality
//! of p and q), not at every run.
//!
//! Note: TOML integers are 64-bit; a larger `p = 1234…` is refused by [`crate::params::read_file`]
//! with a message asking for a hex string.

use crate::arith::bignum::{Backend, prime_reps};
use crate::error::Result;
use crate::params::GroupFile;

/// The literal that stands for q = (p−1)/2 in a params file.
pub const SAFE_PRIME_Q: &str = "(p-1)/2";

/// A mod-p group's numbers in backend `B`.
#[derive(Debug, Clone)]
pub struct ModpParams<B: Backend> {
    /// The prime modulus.
    pub p: B::Int,
    /// The generator.
    pub g: B::Int,
    /// The order of g, a prime dividing p−1 (given in the file, or (p−1)/2 for a safe prime).
    pub q: B::Int,
    /// Whether q = (p−1)/2 (a safe prime: the Legendre symbol decides subgroup membership).
    pub safe_prime: bool,
}

/// How thoroughly [`ModpParams::from_file`] checks the numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Validation {
    /// Every check, with [`PRIME_REPS`] Miller–Rabin rounds: for a user's file.
    Full,
    /// Only the cheap checks (p odd, ranges, q | p−1): for built-in groups, whose primality
    /// and g^q = 1 the test suite establishes.
    Cheap,
}

/// Parses a big integer key: hex string or non-negative integer ([`GroupFile::big_key`]).
fn int_value<B: Backend>(file: &GroupFile, key: &str) -> Result<Option<B::Int>> {
    Ok(file.big_key(key)?.map(|b| B::from_be_bytes(&b)))
}

/// The fewest bits of p pkbench accepts: a smaller modulus fits a machine word, its group is
/// degenerate for key exchange, and timing it measures call overhead, not modular arithmetic.
pub const MIN_P_BITS: u32 = 64;

/// The most bits of p pkbench accepts: the largest built-in group (modp-8192, RFC 3526 §7).
/// A group file of this size is checked in under a second with num-bigint
/// ([`check_primes`]); a larger one would take many (validation grows as bits³, the
/// exponentiations of a run likewise).
pub const MAX_P_BITS: u32 = 8192;

/// The fewest bits of the order q: below 2^32 a discrete logarithm takes 2^16 steps of
/// baby-step giant-step (Shanks 1971), and a pool of random secrets repeats.
pub const MIN_Q_BITS: u32 = 32;

/// The keys a mod-p group file may hold besides the common ones.
const MODP_KEYS: &[&str] = &["p", "g", "q"];

impl<B: Backend> ModpParams<B> {
    /// Reads `p`, `g` and `q` from `file` and validates them (see the module documentation
    /// for the rules): first every cheap check (the keys, the sizes, the ranges, q | p−1),
    /// then, for [`Validation::Full`], the primality tests and g^q ([`check_primes`]).
    ///
    /// # Errors
    /// [`crate::error::GroupError::Other`] or [`crate::error::GroupError::Check`] naming the key
    /// or the failed check.
    pub fn from_file(file: &GroupFile, validation: Validation) -> Result<Self> {
        if let Some(k) = file.rest.keys().find(|k| !MODP_KEYS.contains(&k.as_str())) {
            return Err(file.problem(format!(
                "unknown key `{k}`; a mod-p group file has `p`, `g` and `q` (lower case), \
                 and optionally `name`, `description`, `source`"
            )));
        }
        let p = int_value::<B>(file, "p")?
            .ok_or_else(|| file.problem("missing key `p` (the prime modulus)"))?;
        let g = int_value::<B>(file, "g")?
            .ok_or_else(|| file.problem("missing key `g` (the generator)"))?;
        let one = B::from_u64(1);
        if !B::bit(&p, 0) {
            return Err(file.invalid("p is even", "p odd"));
        }
        let p_bits = B::bits(&p);
        if p_bits < MIN_P_BITS {
            return Err(file.invalid(
                &format!("p has {p_bits} bits, too small a group to time"),
                &format!("p at least {MIN_P_BITS} bits"),
            ));
        }
        if p_bits > MAX_P_BITS {
            return Err(file.invalid(
                &format!(
                    "p has {p_bits} bits, more than pkbench takes (the largest built-in group, \
                     modp-8192, has {MAX_P_BITS})"
                ),
                &format!("p at most {MAX_P_BITS} bits"),
            ));
        }
        let p1 = B::sub(&p, &one);
        if g <= one || g >= p1 {
            return Err(file.invalid("g is outside 2..p-2", "1 < g < p-1"));
        }
        let half = B::shr(&p1, 1);
        // No q: only a safe prime tells the order of g (2 or (p−1)/2 or p−1, and the g^q
        // check rules out p−1); whether (p−1)/2 is prime is the primality test's to say.
        let (q, q_given) = match file.rest.get("q") {
            Some(toml::Value::String(s)) if s.trim() == SAFE_PRIME_Q => (half.clone(), true),
            _ => match int_value::<B>(file, "q")? {
                Some(q) => (q, true),
                None => (half.clone(), false),
            },
        };
        let q_bits = B::bits(&q);
        if q_bits < MIN_Q_BITS {
            return Err(file.invalid(
                &format!("q has {q_bits} bits, too small a subgroup"),
                &format!("q at least {MIN_Q_BITS} bits"),
            ));
        }
        if !B::is_zero(&B::rem(&p1, &q)) {
            return Err(file.invalid("q does not divide p-1", "q divides p-1"));
        }
        let safe_prime = q == half;
        if validation == Validation::Full {
            check_primes::<B>(file, &p, &g, &q, q_given)?;
        }
        Ok(ModpParams {
            p,
            g,
            q,
            safe_prime,
        })
    }
}

/// The expensive checks of a user's group, after the cheap ones of
/// [`ModpParams::from_file`] (p odd and within [`MIN_P_BITS`]..=[`MAX_P_BITS`], 1 < g < p−1,
/// q | p−1): q probably prime, g^q = 1 mod p, p prime.
///
/// Cost, bounded for the largest p (one 8192-bit modular exponentiation takes about 0.4 s
/// with num-bigint): [`prime_reps`] Miller–Rabin rounds on q and g^q mod p run on two
/// threads. When q > √p, p's primality then follows without a test of its own, by
/// Pocklington's theorem (Pocklington 1914; Crandall and Pomerance, *Prime Numbers*,
/// Theorem 4.1.3): if q is prime, q > √p − 1, g^(p−1) = 1 mod p (implied by g^q = 1) and
/// gcd(g^((p−1)/q) − 1, p) = 1, then p is prime. For a safe prime (p−1)/q = 2, so p costs
/// one squaring and a gcd. Otherwise (a small q, as in RFC 5114), p gets its own
/// [`prime_reps`] rounds on a third thread. A failed check costs at most one more test, to
/// name the cause: a composite p is reported before anything that follows from it.
fn check_primes<B: Backend>(
    file: &GroupFile,
    p: &B::Int,
    g: &B::Int,
    q: &B::Int,
    q_given: bool,
) -> Result<()> {
    let one = B::from_u64(1);
    let p_reps = prime_reps(B::bits(p));
    let q_reps = prime_reps(B::bits(q));
    let pocklington = B::mul(q, q) > *p;
    let (q_prime, g_q, p_tested) = std::thread::scope(|s| {
        let q_test = s.spawn(|| B::is_probable_prime(q, q_reps));
        let p_test = (!pocklington).then(|| s.spawn(|| B::is_probable_prime(p, p_reps)));
        let g_q = B::pow_mod(g, q, p);
        let join = |h: std::thread::ScopedJoinHandle<'_, bool>| {
            h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))
        };
        (join(q_test), g_q, p_test.map(join))
    });
    let p_prime = || p_tested.unwrap_or_else(|| B::is_probable_prime(p, p_reps));
    let p_composite = || file.invalid("p is composite", "p probably prime");
    if !q_prime {
        if !p_prime() {
            return Err(p_composite());
        }
        return Err(if q_given {
            file.invalid("q is composite", "q probably prime")
        } else {
            file.invalid(
                "no `q` and p is not a safe prime ((p-1)/2 is composite), so the order \
                 of g is unknown; add q = \"HEX\", the prime order of g",
                "q given or p safe prime",
            )
        });
    }
    if g_q != one {
        if !p_prime() {
            return Err(p_composite());
        }
        let what = if B::shl(q, 1) == B::sub(p, &one) {
            "g is not a quadratic residue, so it has order p-1, not q = (p-1)/2, and g^x \
             leaks the parity of x; use a residue such as g = 4"
        } else {
            "g does not have order q"
        };
        return Err(file.invalid(what, "g^q = 1 mod p"));
    }
    if pocklington {
        let k = B::div_rem(&B::sub(p, &one), q).0;
        let g_k = B::pow_mod(g, &k, p);
        let proven = !B::is_zero(&g_k) && B::gcd(&B::sub(&g_k, &one), p) == one;
        if !proven && !p_prime() {
            return Err(p_composite());
        }
    } else if !p_prime() {
        return Err(p_composite());
    }
    Ok(())
}

//! The numbers of a mod-p group, read from a params TOML file and validated.
//!
//! Keys (besides the common ones of [`GroupFile`]):
//! - `p`: the prime modulus, a hex string (big-endian; an optional `0x`, spaces, underscores
//!   and newlines are ignored) or a TOML integer;
//! - `g`: the generator, an integer or a hex string;
//! - `q` (optional): the order of g, hex or integer, or the literal `"(p-1)/2"` for the
//!   Sophie Germain prime of a safe prime p (every built-in group).
//!
//! Validation of a user's file (`--params FILE`), each failure an [`Error::Input`] naming the
//! check: p odd, p probably prime, 1 < g < p−1, q probably prime, q divides p−1, g^q = 1.
//! The built-in files are checked once by the test suite (regenerated from π and e, primality
//! of p and q), not at every run.

use crate::arith::bignum::{Backend, PRIME_REPS};
use crate::error::{Error, Result};
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
    /// The order of g when known (a prime dividing p−1).
    pub q: Option<B::Int>,
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

/// Parses a big integer from a TOML value: hex string or non-negative integer.
fn int_value<B: Backend>(file: &GroupFile, key: &str) -> Result<Option<B::Int>> {
    let name = file.display_name();
    match file.rest.get(key) {
        None => Ok(None),
        Some(toml::Value::Integer(i)) if *i >= 0 => Ok(Some(B::from_u64(*i as u64))),
        Some(toml::Value::Integer(_)) => Err(Error::input(format!(
            "{name}: `{key}` must be non-negative"
        ))),
        Some(toml::Value::String(s)) => {
            let t: String = s
                .chars()
                .filter(|c| !c.is_whitespace() && *c != '_')
                .collect();
            let t = t
                .strip_prefix("0x")
                .or_else(|| t.strip_prefix("0X"))
                .unwrap_or(&t);
            let bytes = crate::error::parse_hex(&format!("{name}: `{key}`"), t)?;
            Ok(Some(B::from_be_bytes(&bytes)))
        }
        Some(_) => Err(Error::input(format!(
            "{name}: `{key}` must be a hex string or an integer"
        ))),
    }
}

/// The error for a failed check: `NAME: invalid group: WHAT (check: CHECK)`.
fn failed(file: &GroupFile, what: &str, check: &str) -> Error {
    Error::input(format!(
        "{}: invalid group: {what} (check: {check})",
        file.display_name()
    ))
}

impl<B: Backend> ModpParams<B> {
    /// Reads `p`, `g` and `q` from `file` and validates them.
    ///
    /// # Errors
    /// [`Error::Input`] naming the key or the failed check.
    pub fn from_file(file: &GroupFile, validation: Validation) -> Result<Self> {
        let name = file.display_name();
        let p = int_value::<B>(file, "p")?
            .ok_or_else(|| Error::input(format!("{name}: missing key `p` (the prime modulus)")))?;
        let g = int_value::<B>(file, "g")?
            .ok_or_else(|| Error::input(format!("{name}: missing key `g` (the generator)")))?;
        let one = B::from_u64(1);
        let two = B::from_u64(2);
        if B::bits(&p) < 4 || !B::bit(&p, 0) {
            return Err(failed(file, "p is even or smaller than 8", "p odd"));
        }
        let p1 = B::sub(&p, &one);
        if validation == Validation::Full && !B::is_probable_prime(&p, PRIME_REPS) {
            return Err(failed(file, "p is composite", "p probably prime"));
        }
        if g <= one || g >= p1 {
            return Err(failed(file, "g is outside 2..p-2", "1 < g < p-1"));
        }
        let (q, safe_prime) = match file.rest.get("q") {
            Some(toml::Value::String(s)) if s.trim() == SAFE_PRIME_Q => {
                (Some(B::shr(&p1, 1)), true)
            }
            _ => match int_value::<B>(file, "q")? {
                Some(q) => {
                    let safe = B::shl(&q, 1) == p1;
                    (Some(q), safe)
                }
                None => (None, false),
            },
        };
        if let Some(q) = &q {
            if *q < two {
                return Err(failed(file, "q is smaller than 2", "q prime"));
            }
            if !B::is_zero(&B::rem(&p1, q)) {
                return Err(failed(file, "q does not divide p-1", "q divides p-1"));
            }
            if validation == Validation::Full {
                if !B::is_probable_prime(q, PRIME_REPS) {
                    return Err(failed(file, "q is composite", "q probably prime"));
                }
                if B::pow_mod(&g, q, &p) != one {
                    return Err(failed(file, "g does not have order q", "g^q = 1 mod p"));
                }
            }
        }
        Ok(ModpParams {
            p,
            g,
            q,
            safe_prime,
        })
    }
}

//! Problems with RSA inputs: key sizes and files, chunk sizes, the exponentiation asked
//! for, and the numbers of the raw primitive (RFC 8017 §5.1).

use super::names::{Names, Param, Wording, neutral_display};
use std::fmt;
use std::path::PathBuf;

/// What is wrong with a modulus of the raw RSA primitive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModulusProblem {
    /// It is zero.
    Zero,
    /// It is even (RSA moduli are odd; Montgomery arithmetic needs an odd modulus).
    Even,
    /// It is 1 (every result is 0).
    One,
}

/// A problem with an RSA key, its size, or the input of an RSA operation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RsaError {
    /// An RSA modulus size outside the sizes pkbench generates.
    KeyBits {
        /// The size asked for, bits.
        bits: u32,
        /// Smallest size, bits.
        min: u32,
        /// Largest size, bits.
        max: u32,
    },
    /// An RSA key file that cannot be used: unreadable, binary, or not a usable private key.
    KeyFile {
        /// The file.
        path: PathBuf,
        /// What is wrong, in the library's words.
        problem: String,
    },
    /// An RSA input chunk size that is zero or not below the modulus.
    Chunk {
        /// The size asked for, bytes.
        chunk: usize,
        /// Bytes of the modulus.
        modulus_bytes: usize,
    },
    /// A constant-time exponentiation asked of a bignum backend without one.
    NoConstantTimePowm {
        /// The backend's name, e.g. `num-bigint`.
        backend: String,
        /// Whether the backend that has one (GMP) is built in.
        gmp_built: bool,
    },
    /// A modulus the raw RSA primitive cannot use.
    Modulus {
        /// What is wrong with it.
        problem: ModulusProblem,
    },
    /// A raw RSA input not below the modulus (RFC 8017 §5.1.1: "message representative out of
    /// range").
    InputNotBelowModulus,
    /// A raw RSA modulus or exponent longer than the primitive takes (it would run for
    /// minutes: the time grows with the cube of the size).
    RawTooLarge {
        /// [`Param::Modulus`] or [`Param::Exponent`].
        what: Param,
        /// Its size in bits.
        bits: u64,
        /// The most bits taken (`crate::rsa::RAW_MAX_BITS`).
        max: u64,
    },
}

impl Wording for RsaError {
    fn word(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RsaError::*;
        match self {
            KeyBits { bits, min, max } => write!(
                f,
                "{}: RSA key size must be between {min} and {max} bits, e.g. {}",
                n.given(Param::RsaBits, bits),
                n.given(Param::RsaBits, 512)
            ),
            KeyFile { path, problem } => {
                write!(f, "{}: {problem}", n.given(Param::KeyFile, path.display()))
            }
            Chunk {
                chunk,
                modulus_bytes: k,
            } => write!(
                f,
                "{}: give 1 to {} bytes (below the {k}-byte modulus, so every chunk is less than n)",
                n.given(Param::Chunk, chunk),
                k.saturating_sub(1)
            ),
            NoConstantTimePowm { backend, gmp_built } => write!(
                f,
                "{}: the {backend} backend has no constant-time modular exponentiation; use {} \
                 (GMP's mpz_powm_sec{}) or {}",
                n.given(Param::Powm, "sec"),
                n.given(Param::Backend, "gmp"),
                if *gmp_built {
                    String::new()
                } else {
                    format!("; rebuild with {}", n.given(Param::Feature, "gmp"))
                },
                n.given(Param::Powm, "fast")
            ),
            Modulus { problem } => {
                let modulus = n.name(Param::Modulus);
                match problem {
                    ModulusProblem::Zero => {
                        write!(f, "{modulus} is zero; give an odd RSA modulus")
                    }
                    ModulusProblem::Even => write!(
                        f,
                        "{modulus} is even; an RSA modulus is odd (a product of odd primes)"
                    ),
                    ModulusProblem::One => write!(
                        f,
                        "{} is degenerate (every result is 0); an RSA modulus is an odd product \
                         of primes, at least 3",
                        n.given(Param::Modulus, 1)
                    ),
                }
            }
            InputNotBelowModulus => write!(
                f,
                "{} is not below {} (RFC 8017 §5.1.1: message representative out of range)",
                n.name(Param::Input),
                n.name(Param::Modulus)
            ),
            RawTooLarge { what, bits, max } => write!(
                f,
                "{} has {bits} bits; rsa-raw takes at most {max} (twice the largest key `pkbench \
                 rsa` times)",
                n.name(*what)
            ),
        }
    }
}

neutral_display!(RsaError);

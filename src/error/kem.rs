//! Problems with a key-encapsulation mechanism's name, implementation or inputs (FIPS 203).

use super::names::{Names, Param, Wording, join_lengths, n_bytes, neutral_display};
use std::fmt;

/// A problem with a KEM or one of its inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KemError {
    /// No KEM has this name or alias.
    Unknown {
        /// The name asked for.
        name: String,
        /// The known names, comma-separated.
        known: String,
        /// The known names closest to `name`, nearest first ([`super::suggest::closest`]).
        suggest: Vec<String>,
    },
    /// No implementation of a KEM has this name.
    UnknownImpl {
        /// The name asked for.
        name: String,
        /// The known names, comma-separated.
        known: String,
        /// The known names closest to `name`, nearest first ([`super::suggest::closest`]).
        suggest: Vec<String>,
    },
    /// A KEM input (key, ciphertext, seed, randomness) of the wrong length.
    Length {
        /// The KEM.
        kem: String,
        /// Which input: [`Param::Ek`], [`Param::Ct`], [`Param::KemSeed`], ….
        what: Param,
        /// The lengths it may have, bytes.
        want: Vec<usize>,
        /// Bytes given.
        got: usize,
    },
    /// An encapsulation key that fails the FIPS 203 §7.2 modulus check (a coefficient not
    /// below q = 3329: decoding and re-encoding does not give the key back).
    KeyModulus {
        /// The KEM.
        kem: String,
    },
    /// An expanded decapsulation key whose H(ek) is not the hash of its ek (FIPS 203 §7.3).
    KeyHash {
        /// The KEM.
        kem: String,
    },
}

impl Wording for KemError {
    fn word(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use KemError::*;
        match self {
            Unknown {
                name,
                known,
                suggest,
            } => write!(
                f,
                "{}: unknown KEM{} (known: {known})",
                n.given(Param::Group, name),
                mean(suggest)
            ),
            UnknownImpl {
                name,
                known,
                suggest,
            } => write!(
                f,
                "{}: unknown implementation{} (known: {known}, all)",
                n.given(Param::Impl, name),
                mean(suggest)
            ),
            Length {
                kem,
                what,
                want,
                got,
            } => {
                let digits: Vec<usize> = want.iter().map(|w| 2 * w).collect();
                write!(
                    f,
                    "{}: {kem} takes {} bytes ({} hex digits), got {}",
                    n.name(*what),
                    join_lengths(want),
                    join_lengths(&digits),
                    n_bytes(*got)
                )
            }
            KeyModulus { kem } => write!(
                f,
                "{}: not a valid {kem} encapsulation key: a coefficient is not below q = 3329 \
                 (FIPS 203 §7.2 modulus check)",
                n.name(Param::Ek)
            ),
            KeyHash { kem } => write!(
                f,
                "{}: not a valid {kem} decapsulation key: its H(ek) is not the hash of its ek \
                 (FIPS 203 §7.3 hash check)",
                n.name(Param::Dk)
            ),
        }
    }
}

neutral_display!(KemError);

/// "; did you mean X?" before the list of known names, or nothing.
fn mean(suggest: &[String]) -> String {
    if suggest.is_empty() {
        String::new()
    } else {
        format!("; {}", super::suggest::did_you_mean(suggest))
    }
}

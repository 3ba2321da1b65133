//! Problems with the bulk-data timings: hash and cipher names, key sizes and modes, and the
//! sizes of the data timed (a block per operation, the buffers of a slope).

use super::names::{Names, Param, Wording, join_numbers, multiple_of, neutral_display};
use std::fmt;

/// A problem with what a hash or cipher timing is asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DataError {
    /// A hash name the registry does not know.
    UnknownHash {
        /// The name, as given.
        name: String,
        /// The accepted names, as a list for the message.
        known: String,
        /// The known names closest to `name`, nearest first ([`super::suggest::closest`]).
        suggest: Vec<String>,
    },
    /// A key size a cipher does not take.
    CipherKeyBits {
        /// The size asked for, bits.
        bits: u32,
        /// The cipher's name.
        cipher: String,
        /// The sizes it takes, ascending.
        sizes: Vec<u32>,
    },
    /// A mode of operation asked of a stream cipher.
    StreamCipherMode {
        /// The cipher's name, e.g. `arcfour`.
        cipher: String,
        /// The mode asked for, e.g. `CBC`.
        mode: String,
    },
    /// A chunk size of bulk data (hashed or encrypted per timed operation) outside 1 to
    /// `max` bytes or not a multiple of `multiple`.
    ChunkSize {
        /// The size asked for, bytes.
        given: usize,
        /// Sizes must be a multiple of this (the cipher's block, or 1).
        multiple: usize,
        /// Largest size, bytes (the data the chunks are taken from).
        max: usize,
    },
    /// Buffer sizes of a slope outside 1 ≤ smallest ≤ largest ≤ `limit`.
    SlopeSizes {
        /// Smallest buffer asked for, bytes.
        min: usize,
        /// Largest buffer asked for, bytes.
        max: usize,
        /// Largest accepted, bytes.
        limit: usize,
    },
    /// A slope over fewer than two distinct buffer sizes.
    SlopeTooFewSizes,
    /// A buffer size of a given list that is 0, above the limit or not whole 16-byte blocks.
    SlopeSizeList {
        /// The size given, bytes.
        size: usize,
        /// Largest accepted, bytes.
        limit: usize,
    },
}

impl Wording for DataError {
    fn word(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DataError::*;
        match self {
            UnknownHash {
                name,
                known,
                suggest,
            } => {
                write!(
                    f,
                    "{}: unknown hash",
                    n.given(Param::Hash, format!("{name:?}"))
                )?;
                if suggest.is_empty() {
                    write!(f, "; use one of {known}")
                } else {
                    let mean = super::suggest::did_you_mean(suggest);
                    write!(f, "; {mean} (use one of {known})")
                }
            }
            CipherKeyBits {
                bits,
                cipher,
                sizes,
            } => write!(
                f,
                "{} is not a key size of {cipher}: use one of {}",
                n.given(Param::KeyBits, bits),
                join_numbers(sizes)
            ),
            StreamCipherMode { cipher, mode } => write!(
                f,
                "{cipher} is a stream cipher: it has no {mode} mode (use {} or no {})",
                n.given(Param::Mode, "stream"),
                n.name(Param::Mode)
            ),
            ChunkSize {
                given,
                multiple,
                max,
            } => write!(
                f,
                "{}: give a number of bytes from {multiple} to {max}{}, e.g. {}",
                n.given(Param::Block, given),
                multiple_of(*multiple),
                n.given(Param::Block, 10000)
            ),
            SlopeSizes { min, max, limit } => write!(
                f,
                "buffer sizes {min}..{max} bytes: give 1 <= {} <= {} <= {limit}",
                n.name(Param::MinBytes),
                n.name(Param::MaxBytes)
            ),
            SlopeTooFewSizes => write!(
                f,
                "a slope needs at least 2 distinct buffer sizes: raise {} or widen the range",
                n.name(Param::Points)
            ),
            SlopeSizeList { size, limit } => write!(
                f,
                "{}: {size} bytes: give multiples of 16 from 16 to {limit}",
                n.name(Param::Sizes)
            ),
        }
    }
}

neutral_display!(DataError);

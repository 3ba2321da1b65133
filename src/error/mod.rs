//! The one error type of pkbench, the exit codes it maps to, and the typed problems with the
//! user's input, each worded once.
//!
//! # Kinds
//!
//! - [`Error::Invalid`]: the user's input is wrong, as a typed [`Invalid`] problem of one
//!   domain (a file, a group, a secret, the peer's value, RSA, hashes and ciphers, KEMs, a
//!   setting of the run): which value it concerns and the numbers involved. Exit code 2.
//! - [`Error::Input`]: the user's input is wrong, in a complete sentence of the library's own
//!   words that names no parameter the binary spells otherwise. Exit code 2. For problems
//!   that only ever reach the user one way and have nothing for the caller to word.
//! - [`Error::Runtime`]: anything else (I/O, a timed operation whose result failed its
//!   check). Exit code 1.
//!
//! The binary prints any error as one line on stderr, `pkbench: error: MESSAGE`.
//!
//! # One wording, two namings
//!
//! Each domain's problem type words itself once ([`Wording::word`]): the message names the
//! values the user gave as [`Param`]s (the secret, the peer value, the group file, the
//! secret size) and says what to do. How a parameter is named is a table, [`Names`]: the
//! library's nouns ([`Names::NEUTRAL`], used by `Display`: "secret size 128 is out of range
//! …") or the binary's flags (`cli::errors::FLAGS`: "--exp-bits 128 is out of range …").
//! Library code (everything outside `cli/`) reads no environment variable and names no
//! command-line flag: a message that would say `--secret` or "use `--exp-bits full`" is a
//! typed problem that names [`Param::Secret`] or [`Param::SecretSize`] instead.
//!
//! To add a problem:
//! 1. Add a variant to the domain's type (`SecretError::TooLong`, not `SecretFlagError`),
//!    with a field for every value the message shows (the group, the bound, what was given).
//! 2. Word it in that type's [`Wording`] impl, naming every value the user gave through
//!    `n.name(Param::…)` or `n.given(Param::…, value)`; a new parameter is a [`Param`]
//!    variant with its noun, and a row in `cli::errors::flag`.
//! 3. Add a line with the exact text the binary prints to `cli::errors`'s test.
//! 4. Return it as `Err(SecretError::TooLong { .. }.into())`.
//!
//! Warnings that library code used to print (a setting it ignores) are [`Warning`] values
//! the opened object returns; `cli` prints them.
//!
//! This module imports nothing of pkbench: every module may use it.

mod data;
mod file;
mod group;
mod hex;
mod kem;
mod names;
mod peer;
mod record;
mod rsa;
mod secret;
mod setting;
pub mod suggest;

pub use data::DataError;
pub use file::{FileError, FileProblem, FileRole, OutputProblem, file_problem, size_text};
pub use group::{GroupError, KeyProblem, Origin};
pub use hex::{HexError, HexProblem, Subject, parse_hex, parse_hex_bytes};
pub use kem::KemError;
pub(crate) use names::neutral_display;
pub use names::{
    Names, Param, Worded, Wording, a, join_lengths, join_numbers, multiple_of, n_bytes,
};
pub use peer::{PeerRange, PeerValueError, not_on_curve, sec1_prefix};
pub use record::RecordError;
pub use rsa::{ModulusProblem, RsaError};
pub use secret::SecretError;
pub use setting::SettingError;
use std::fmt;

/// pkbench's error: what kind of failure it is, and its typed problem or one-line message.
#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    /// The user's input is wrong: a typed problem, worded with the caller's [`Names`].
    /// Exit code 2.
    Invalid(Invalid),
    /// The user's input is wrong; the message (the library's own words, naming no flag) says
    /// what to do instead. Exit code 2.
    Input(String),
    /// The run failed for another reason (I/O, failed self-check). Exit code 1.
    Runtime(String),
}

impl Error {
    /// Shorthand for [`Error::Input`].
    pub fn input(msg: impl Into<String>) -> Self {
        Error::Input(msg.into())
    }

    /// Shorthand for [`Error::Runtime`].
    pub fn runtime(msg: impl Into<String>) -> Self {
        Error::Runtime(msg.into())
    }

    /// Process exit code for this error: 2 for bad input, 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Input(_) | Error::Invalid(_) => 2,
            Error::Runtime(_) => 1,
        }
    }

    /// Whether the user's input is at fault ([`Error::Input`] or [`Error::Invalid`]).
    pub fn is_input(&self) -> bool {
        self.exit_code() == 2
    }

    /// The typed problem, for an [`Error::Invalid`].
    pub fn invalid(&self) -> Option<&Invalid> {
        match self {
            Error::Invalid(i) => Some(i),
            _ => None,
        }
    }

    /// The message without its kind, in the library's words: an [`Invalid`] problem worded
    /// with [`Names::NEUTRAL`] (the binary's wording, with flags, is `cli::errors::render`).
    pub fn message(&self) -> std::borrow::Cow<'_, str> {
        match self {
            Error::Input(m) | Error::Runtime(m) => m.as_str().into(),
            Error::Invalid(i) => i.to_string().into(),
        }
    }
}

impl Wording for Error {
    /// A typed problem worded with `n`; a message as it is.
    fn word(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Invalid(i) => i.word(n, f),
            Error::Input(m) | Error::Runtime(m) => f.write_str(m),
        }
    }
}

neutral_display!(Error);

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Runtime(format!("I/O error: {e}"))
    }
}

impl From<Invalid> for Error {
    fn from(i: Invalid) -> Self {
        Error::Invalid(i)
    }
}

/// pkbench's result type.
pub type Result<T> = std::result::Result<T, Error>;

/// A typed problem with the user's input, by domain. Each domain's type words its problems
/// ([`Wording`]); see the module documentation.
#[derive(Debug, Clone, PartialEq)]
pub enum Invalid {
    /// A file to read or write.
    File(FileError),
    /// A saved result record.
    Record(RecordError),
    /// A group's name or description.
    Group(GroupError),
    /// A value given in hex.
    Hex(HexError),
    /// A setting of the run (backend, time budget, threads, …).
    Setting(SettingError),
    /// RSA keys and inputs.
    Rsa(RsaError),
    /// Hashes, ciphers and the sizes of bulk data.
    Data(DataError),
    /// A secret or the secret size.
    Secret(SecretError),
    /// The peer's public value, or the shared secret it gives.
    Peer(PeerValueError),
    /// A key-encapsulation mechanism or its inputs.
    Kem(KemError),
}

impl Wording for Invalid {
    fn word(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::File(e) => e.word(n, f),
            Invalid::Record(e) => e.word(n, f),
            Invalid::Group(e) => e.word(n, f),
            Invalid::Hex(e) => e.word(n, f),
            Invalid::Setting(e) => e.word(n, f),
            Invalid::Rsa(e) => e.word(n, f),
            Invalid::Data(e) => e.word(n, f),
            Invalid::Secret(e) => e.word(n, f),
            Invalid::Peer(e) => e.word(n, f),
            Invalid::Kem(e) => e.word(n, f),
        }
    }
}

neutral_display!(Invalid);

/// `From` each domain's problem type into [`Invalid`] and [`Error`].
macro_rules! domains {
    ($($t:ty => $v:ident),* $(,)?) => {$(
        impl From<$t> for Invalid {
            fn from(e: $t) -> Self {
                Invalid::$v(e)
            }
        }
        impl From<$t> for Error {
            fn from(e: $t) -> Self {
                Error::Invalid(Invalid::$v(e))
            }
        }
    )*};
}

domains!(
    FileError => File,
    RecordError => Record,
    GroupError => Group,
    HexError => Hex,
    SettingError => Setting,
    RsaError => Rsa,
    DataError => Data,
    SecretError => Secret,
    PeerValueError => Peer,
    KemError => Kem,
);

/// Something a library call did not do as asked but that is no reason to stop, returned as
/// a value (the library prints nothing); `cli` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Warning {
    /// A GF(2^m) code choice that names no implementation was ignored (the fastest code ran).
    Gf2mCodeIgnored {
        /// The value as given.
        value: String,
        /// The only value understood.
        known: String,
    },
}

impl Wording for Warning {
    fn word(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::Gf2mCodeIgnored { value, known } => write!(
                f,
                "{} ignored: the only value is {known}",
                n.given(Param::Gf2mCode, format!("{value:?}"))
            ),
        }
    }
}

neutral_display!(Warning);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_problems_are_input_errors() {
        let e: Error = SecretError::ScalarZero.into();
        assert_eq!(e.exit_code(), 2);
        assert!(e.is_input());
        assert_eq!(e.message(), "secret is zero: give a non-zero secret (hex)");
        assert!(!Error::runtime("x").is_input());
    }
}

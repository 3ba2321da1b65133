//! The one error type of pkbench, the exit codes it maps to, and the typed input problems
//! that the command line words.
//!
//! # Kinds
//!
//! - [`Error::Invalid`]: the user's input is wrong, as a typed [`Invalid`] problem: which value
//!   it concerns and the numbers involved, no sentence. Exit code 2. The binary's words for
//!   it are in `cli::errors` (`render`), the one place that knows a secret is given as
//!   `--secret` and a group file as `--params FILE`.
//! - [`Error::Input`]: the user's input is wrong, in a complete sentence of the library's own
//!   words that names no command-line flag or environment variable. Exit code 2. For
//!   problems that only ever reach the user one way and have nothing for the caller to word
//!   (most messages of `rsa/`, `hash/`, `symmetric/`, `des`, `bulk`, `record/` today).
//! - [`Error::Runtime`]: anything else (I/O, a timed operation whose result failed its
//!   check). Exit code 1.
//!
//! The binary prints any error as one line on stderr, `pkbench: error: MESSAGE`.
//!
//! # Adding a typed problem (the pattern to follow in other modules)
//!
//! Library code (`kex/`, `params/`, `arith/`, `security.rs`, `measure/`, `rsa/`, `hash/`,
//! `symmetric/`, `des`, `bulk`, `record/`, …) reads no environment variable and names no
//! command-line flag: a message that would say `--secret`, `--backend` or "use
//! `--exp-bits full`" is a typed problem instead.
//!
//! 1. Add a variant to [`Invalid`] named after the problem (`SecretTooLong`, not
//!    `SecretFlagError`), with a field for every value the message shows (the group, the
//!    bound, what was given). The value it concerns is in the type: `Secret*` variants are
//!    about the secret, `Peer*` about the peer's value; a value the caller names itself is a
//!    [`Param`].
//! 2. Give it a short neutral wording in `Invalid`'s `Display` below (for library callers and
//!    logs: "secret: …", no flags).
//! 3. Word it for the command line in `cli::errors::render_invalid` (flags, environment
//!    variables, "rebuild with --features gmp" belong there), and add a line to that
//!    module's test with the exact text the binary prints.
//! 4. Return it as `Err(Invalid::YourVariant { .. }.into())`.
//!
//! Warnings that library code used to print (a setting it ignores) are [`Warning`] values
//! the opened object returns; `cli` prints them.

pub use crate::input::{FileProblem, FileRole};
use std::fmt;
use std::path::PathBuf;

/// pkbench's error: what kind of failure it is, and its typed problem or one-line message.
#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    /// The user's input is wrong: a typed problem, worded by the caller (`cli::errors`).
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

    /// The message without its kind, in the library's words: an [`Invalid`] problem in its
    /// neutral wording (the binary's wording, with flags, is `cli::errors::render`).
    pub fn message(&self) -> std::borrow::Cow<'_, str> {
        match self {
            Error::Input(m) | Error::Runtime(m) => m.as_str().into(),
            Error::Invalid(i) => i.to_string().into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

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

/// Where a group description comes from, for problems with its numbers: the binary names a
/// user's file by its flag (`--params PATH`), a built-in group by its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A group known by this name (a built-in group, or a file's `name` where the file
    /// itself is not what a message is about).
    Named(String),
    /// A user's group file, read from this path.
    File(PathBuf),
}

/// A value the caller names itself, for problems common to many values (malformed hex).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Param {
    /// The secret of an Offer or Reply (`--secret`).
    Secret,
    /// The peer's public value of a Reply (`--peer`).
    Peer,
    /// A key of a group description.
    GroupKey {
        /// The description.
        origin: Origin,
        /// The key, e.g. `p`.
        key: String,
    },
    /// A value named by the caller in its own words (e.g. `--modulus` in `cli`, `gx`),
    /// shown as given.
    Named(String),
}

impl From<&str> for Param {
    fn from(s: &str) -> Self {
        Param::Named(s.to_string())
    }
}

/// What is wrong with a hex string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HexProblem {
    /// Nothing after an optional `0x`.
    Empty,
    /// A character that is not a hex digit.
    BadChar {
        /// The character.
        c: char,
        /// Its byte offset after an optional `0x`.
        pos: usize,
    },
    /// An odd number of digits where whole bytes are required.
    OddDigits {
        /// The number of digits.
        digits: usize,
    },
}

/// What is wrong with a key of a group description.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyProblem {
    /// The key is not there.
    Missing,
    /// The key's value is not a string.
    NotString,
    /// The key's value is not a non-negative integer.
    NotNonNegativeInteger,
}

/// Which mod-p peer value outside 2 ≤ y ≤ p−2 (RFC 7919 §5.1; NIST SP 800-56A Rev. 3
/// §5.6.2.3.1) was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeerRange {
    /// y = 0: not an element of the multiplicative group.
    Zero,
    /// y = 1: of order 1.
    One,
    /// y = p − 1: of order 2.
    MinusOne,
    /// y ≥ p: not reduced mod p.
    NotBelowP,
}

impl fmt::Display for PeerRange {
    /// What the value is and why it is refused, the same in the library and the binary.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PeerRange::Zero => "y = 0 is not an element of the group",
            PeerRange::One => "y = 1 is of low order (order 1)",
            PeerRange::MinusOne => "y = p−1 is of low order (order 2)",
            PeerRange::NotBelowP => "y ≥ p is out of range (not reduced mod p)",
        })
    }
}

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

/// A typed problem with the user's input: which value it concerns and the numbers involved.
/// `cli::errors::render_invalid` words each for the command line; `Display` gives a neutral
/// wording. See the module documentation for how to add one.
#[derive(Debug, Clone, PartialEq)]
pub enum Invalid {
    // --- The registry and group descriptions ----------------------------------------------
    /// No built-in group has this name or alias.
    UnknownGroup {
        /// The name asked for, as given.
        name: String,
        /// The canonical names of the built-in groups, in registry order.
        known: Vec<String>,
    },
    /// A file argument (a result record, a group file, a key file) that was not read: it
    /// cannot be opened, is not a regular file, or is larger than its role's cap
    /// ([`crate::input`]).
    InputFile {
        /// The file.
        path: PathBuf,
        /// What it was to be.
        role: FileRole,
        /// Why it was not read.
        problem: FileProblem,
    },
    /// A group file is not valid TOML (or not a table of the expected keys).
    ParamsNotToml {
        /// The file.
        path: PathBuf,
        /// The TOML parser's message, on one line.
        reason: String,
    },
    /// A group file takes the name (or alias) of a built-in group but describes another
    /// group: records would match it with the built-in one in `compare`.
    ParamsNameTaken {
        /// The file.
        path: PathBuf,
        /// The name it gives (or takes from its file name).
        name: String,
    },
    /// A group file writes an integer key with more than 64 bits (TOML's limit).
    ParamsIntegerTooLarge {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// The key.
        key: String,
    },
    /// A group description has neither `family` nor `p`.
    UnknownFamily {
        /// The description.
        origin: Origin,
    },
    /// A key of a group description is missing or of the wrong type.
    GroupKey {
        /// The description.
        origin: Origin,
        /// The key.
        key: String,
        /// What is wrong with it.
        problem: KeyProblem,
    },
    /// The numbers of a group description fail a check ("invalid group").
    GroupCheck {
        /// The description.
        origin: Origin,
        /// What is wrong, in the family's words (naming keys of the file).
        what: String,
        /// The check that failed, e.g. "q divides p-1".
        check: String,
    },
    /// Another problem with a group description, in the family's words (naming keys of the
    /// file, never a flag): an unknown key, a field or curve pkbench has no code for, ….
    Group {
        /// The description.
        origin: Origin,
        /// The problem, one line.
        problem: String,
    },

    // --- Values ------------------------------------------------------------------------
    /// A hex string that does not parse.
    Hex {
        /// The value.
        what: Param,
        /// What is wrong.
        problem: HexProblem,
    },

    // --- Options -------------------------------------------------------------------------
    /// A bignum backend name pkbench does not know.
    UnknownBackend {
        /// The name, lower-cased.
        name: String,
    },
    /// A bignum backend that exists but is not built into this binary.
    BackendNotBuilt {
        /// Its name, e.g. `gmp`.
        name: String,
        /// The cargo feature that builds it, e.g. `gmp`.
        feature: String,
    },
    /// A time budget per operation outside (0, max] seconds or not finite.
    TimeBudget {
        /// The value given, in seconds.
        seconds: f64,
        /// The largest accepted, in seconds.
        max: f64,
    },
    /// A fixed-base table window that is not a number of bits in the accepted range.
    TableWindow {
        /// The value as given.
        given: String,
        /// Smallest accepted window, bits.
        min: u32,
        /// Largest accepted window, bits.
        max: u32,
    },

    // --- RSA, hashes, ciphers, bulk data -------------------------------------------------------
    /// An RSA modulus size outside the sizes pkbench generates.
    RsaKeyBits {
        /// The size asked for, bits.
        bits: u32,
        /// Smallest size, bits.
        min: u32,
        /// Largest size, bits.
        max: u32,
    },
    /// An RSA key file that cannot be used: unreadable, binary, or not a usable private key.
    RsaKeyFile {
        /// The file.
        path: PathBuf,
        /// What is wrong, in the library's words.
        problem: String,
    },
    /// An RSA input chunk size that is zero or not below the modulus.
    RsaChunk {
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
    RsaModulus {
        /// What is wrong with it.
        problem: ModulusProblem,
    },
    /// A raw RSA input not below the modulus (RFC 8017 §5.1.1: "message representative out of
    /// range").
    RsaInputNotBelowModulus,
    /// A raw RSA modulus or exponent longer than [`crate::rsa::RAW_MAX_BITS`] (it would run
    /// for minutes: the time grows with the cube of the size).
    RsaRawTooLarge {
        /// `"modulus"` or `"exponent"`.
        what: &'static str,
        /// Its size in bits.
        bits: u64,
    },
    /// A table `repro` does not know.
    UnknownReproTable {
        /// The name, as given.
        name: String,
        /// The tables it knows.
        known: Vec<String>,
    },
    /// A hash name the registry does not know.
    UnknownHash {
        /// The name, as given.
        name: String,
        /// The accepted names, as a list for the message.
        known: String,
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
    /// A thread count that is not `all` or a whole number from 1 to `max`.
    Threads {
        /// The value as given.
        value: String,
        /// Most threads accepted.
        max: usize,
    },
    /// A job that is not timed in threads (it has no whole unit of work to repeat, or a
    /// peer library computes it).
    ThreadsUnsupported {
        /// The job, e.g. "MD5 over 10000-byte blocks (openssl)".
        what: String,
    },

    // --- Secret sizes ----------------------------------------------------------------------
    /// A short secret size outside the sizes the group takes.
    ExpBitsOutOfRange {
        /// The size asked for, bits.
        value: u32,
        /// The group.
        group: String,
        /// Smallest short size, bits.
        min: u32,
        /// The full size, bits.
        max: u32,
    },
    /// A group that takes only full-size secrets was asked for a bit count.
    OnlyFullSecrets {
        /// The size asked for, bits.
        value: u32,
        /// The group.
        group: String,
        /// Why, with its source (e.g. RFC 7748 §5 clamping).
        why: String,
    },

    // --- Secrets -----------------------------------------------------------------------------
    /// A prime-curve secret longer than the scalar.
    SecretTooLong {
        /// The curve's display name, e.g. "P-256".
        group: String,
        /// Largest secret, bytes.
        max_bytes: usize,
        /// Bytes given.
        got: usize,
    },
    /// A prime-curve secret that is 0 or not below the group order n.
    SecretOutOfRange {
        /// The curve's display name.
        group: String,
    },
    /// A secret that must be a byte string of one length (X25519) has another.
    SecretWrongLength {
        /// The group.
        group: String,
        /// Required length, bytes.
        bytes: usize,
        /// Bytes given.
        got: usize,
        /// Whose byte order the string is in, e.g. "RFC 7748".
        byte_order: String,
    },
    /// A mod-p secret exponent of zero.
    ExponentZero {
        /// The group.
        group: String,
    },
    /// A mod-p secret exponent longer than the group order q.
    ExponentTooLong {
        /// The group.
        group: String,
        /// Bits given.
        bits: u32,
        /// Bits of q.
        max_bits: u32,
    },
    /// A mod-p secret exponent that is not below the group order q.
    ExponentNotBelowOrder {
        /// The group.
        group: String,
    },
    /// A binary-curve secret scalar of zero.
    ScalarZero,
    /// A binary-curve secret scalar that is a multiple of the group order q.
    ScalarMultipleOfOrder {
        /// The group.
        group: String,
    },
    /// A binary-curve secret scalar longer than q.
    ScalarTooLong {
        /// The group.
        group: String,
        /// Bits of q.
        max_bits: u32,
        /// q, big-endian hex.
        order_hex: String,
        /// Bytes given.
        got: usize,
    },

    // --- Peer values -------------------------------------------------------------------------
    /// A mod-p peer value outside 2 ≤ y ≤ p−2.
    PeerOutOfRange {
        /// The group.
        group: String,
        /// Which value it is: 0, 1 or p−1 (low order), or not below p.
        value: PeerRange,
    },
    /// A mod-p peer value outside the subgroup of order q.
    PeerNotInSubgroup {
        /// The group.
        group: String,
    },
    /// A mod-p peer value with more bytes than p.
    PeerTooLong {
        /// The group.
        group: String,
        /// Bytes given.
        got: usize,
        /// Bytes of p.
        max: usize,
    },
    /// A binary-curve peer value of the uncompressed length that does not start with 04.
    PeerBadPrefix {
        /// Bytes given.
        got: usize,
        /// Its first byte.
        first: u8,
    },
    /// A binary-curve peer value of neither accepted length.
    PeerBadLength {
        /// Bytes given.
        got: usize,
        /// Bytes of a field element, ceil(m/8).
        field_bytes: usize,
        /// The field degree m.
        m: u32,
    },
    /// A binary-curve peer coordinate that is not a field element (not below 2^m).
    PeerNotFieldElement {
        /// `x` or `y`.
        coordinate: char,
        /// The field degree m.
        m: u32,
    },
    /// A binary-curve peer value x = 0 (the point of order 2).
    PeerXZero,
    /// A binary-curve peer value of small order (dividing the cofactor).
    PeerSmallOrder {
        /// The cofactor h.
        cofactor: u64,
    },
    /// A binary-curve peer `04 || x || y` whose y does not match x.
    PeerYMismatch,
    /// A binary-curve peer x with no point on the curve.
    PeerNotOnCurve,
    /// secret × peer value is the point at infinity.
    SharedSecretInfinity,
    /// A prime-curve peer value of none of the SEC 1 / IKEv2 lengths.
    PeerEncoding {
        /// The curve's display name.
        group: String,
        /// Bytes of a coordinate.
        field_bytes: usize,
        /// Bytes given.
        got: usize,
    },
    /// A prime-curve peer value of an accepted length whose first byte is not the SEC 1
    /// prefix of that length (04 for 65 bytes, 02 or 03 for 33).
    PeerSec1Prefix {
        /// The curve's display name.
        group: String,
        /// Bytes given.
        got: usize,
        /// Its first byte.
        first: u8,
    },
    /// A prime-curve peer value that encodes the point at infinity (SEC 1 §2.3.3: `00`).
    PeerInfinity {
        /// The curve's display name.
        group: String,
    },
    /// A prime-curve peer coordinate that is not a field element (not below p).
    PeerCoordinateNotBelowP {
        /// The curve's display name.
        group: String,
        /// `x` or `y`.
        coordinate: char,
    },
    /// A prime-curve peer point that is not on the curve: y² ≠ x³ + ax + b, or for a
    /// compressed point, no y exists (x³ + ax + b is not a square mod p).
    PeerPointNotOnCurve {
        /// The curve's display name.
        group: String,
        /// Whether the value was compressed (x alone).
        compressed: bool,
    },
    /// A prime-curve peer value that passes every check pkbench makes (length, prefix,
    /// coordinates below p, on the curve, not infinity) and that the curve's crate refuses
    /// all the same.
    PeerInvalidPoint {
        /// The curve's display name.
        group: String,
        /// The crate, e.g. `p256`.
        krate: String,
    },
    /// A peer value that must be a byte string of one length (X25519) has another.
    PeerWrongLength {
        /// The group.
        group: String,
        /// Required length, bytes.
        bytes: usize,
        /// Bytes given.
        got: usize,
    },
    /// The shared secret is all zero (X25519: a peer value of small order, RFC 7748 §6.1).
    SharedSecretZero {
        /// The group.
        group: String,
        /// The check's source, e.g. "RFC 7748 §6.1".
        check: String,
    },

    // --- Key encapsulation (src/kem) -------------------------------------------------------
    /// No KEM has this name or alias.
    UnknownKem {
        /// The name asked for.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// No implementation of a KEM has this name.
    UnknownKemImpl {
        /// The name asked for.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// A KEM input (key, ciphertext, seed, randomness) of the wrong length.
    KemLength {
        /// The KEM.
        kem: String,
        /// Which input ("encapsulation key", "ciphertext", "seed", …).
        what: &'static str,
        /// The lengths it may have, bytes.
        want: Vec<usize>,
        /// Bytes given.
        got: usize,
    },
    /// An encapsulation key that fails the FIPS 203 §7.2 modulus check (a coefficient not
    /// below q = 3329: decoding and re-encoding does not give the key back).
    KemKeyModulus {
        /// The KEM.
        kem: String,
    },
    /// An expanded decapsulation key whose H(ek) is not the hash of its ek (FIPS 203 §7.3).
    KemKeyHash {
        /// The KEM.
        kem: String,
    },
}

impl fmt::Display for Origin {
    /// The neutral wording: the name, or "params file PATH".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Named(n) => f.write_str(n),
            Origin::File(p) => write!(f, "params file {}", p.display()),
        }
    }
}

impl fmt::Display for Param {
    /// The neutral wording: "secret", "peer value", "ORIGIN: `key`", or the caller's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Param::Secret => f.write_str("secret"),
            Param::Peer => f.write_str("peer value"),
            Param::GroupKey { origin, key } => write!(f, "{origin}: `{key}`"),
            Param::Named(n) => f.write_str(n),
        }
    }
}

impl fmt::Display for HexProblem {
    /// The wording shared by the binary and the library.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexProblem::Empty => f.write_str("empty hex string"),
            HexProblem::BadChar { c, pos } => write!(
                f,
                "malformed hex: character {c:?} at position {pos} is not 0-9, a-f or A-F"
            ),
            HexProblem::OddDigits { digits } => write!(
                f,
                "{digits} hex digits is not a whole number of bytes; give two digits per byte \
                 (write a leading 0 if that is the value meant)"
            ),
        }
    }
}

impl fmt::Display for KeyProblem {
    /// "missing", "must be a string", "must be a non-negative integer".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KeyProblem::Missing => "missing",
            KeyProblem::NotString => "must be a string",
            KeyProblem::NotNonNegativeInteger => "must be a non-negative integer",
        })
    }
}

impl fmt::Display for Invalid {
    /// A neutral wording for library callers and logs: the value concerned and the numbers,
    /// no flags. The binary words these with `cli::errors::render_invalid`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Invalid::*;
        match self {
            UnknownGroup { name, known } => {
                write!(f, "unknown group {name:?}; known: {}", known.join(", "))
            }
            InputFile {
                path,
                role,
                problem,
            } => write!(
                f,
                "{} {}: {}",
                role.noun(),
                path.display(),
                file_problem(*role, problem)
            ),
            ParamsNotToml { path, reason } => {
                write!(
                    f,
                    "params file {}: not valid TOML: {reason}",
                    path.display()
                )
            }
            ParamsNameTaken { path, name } => write!(
                f,
                "params file {}: {name:?} is a built-in group's name, but the file describes another group",
                path.display()
            ),
            ParamsIntegerTooLarge { path, line, key } => write!(
                f,
                "params file {}: line {line}: `{key}` is an integer above 64 bits; write it as a hex string",
                path.display()
            ),
            UnknownFamily { origin } => write!(f, "{origin}: no `family` and no `p`"),
            GroupKey {
                origin,
                key,
                problem,
            } => write!(f, "{origin}: key `{key}`: {problem}"),
            GroupCheck {
                origin,
                what,
                check,
            } => write!(f, "{origin}: invalid group: {what} (check: {check})"),
            Group { origin, problem } => write!(f, "{origin}: {problem}"),
            Hex { what, problem } => write!(f, "{what}: {problem}"),
            UnknownBackend { name } => write!(f, "unknown bignum backend {name:?}"),
            BackendNotBuilt { name, feature } => write!(
                f,
                "bignum backend {name} is not built in (cargo feature `{feature}`)"
            ),
            TimeBudget { seconds, max } => write!(
                f,
                "time budget {seconds} s: give a number of seconds above 0 and at most {max}"
            ),
            TableWindow { given, min, max } => {
                write!(f, "table window {given}: use {min} to {max} bits")
            }
            RsaKeyBits { bits, min, max } => write!(
                f,
                "RSA key size {bits} bits: give {min} to {max} bits"
            ),
            RsaKeyFile { path, problem } => write!(f, "key file {}: {problem}", path.display()),
            RsaChunk {
                chunk,
                modulus_bytes,
            } => write!(
                f,
                "chunk of {chunk} bytes: give 1 to {} bytes (below the {modulus_bytes}-byte modulus)",
                modulus_bytes.saturating_sub(1)
            ),
            NoConstantTimePowm { backend, .. } => write!(
                f,
                "the {backend} backend has no constant-time modular exponentiation (GMP's mpz_powm_sec has one)"
            ),
            RsaModulus { problem } => f.write_str(match problem {
                ModulusProblem::Zero => "modulus is zero; give an odd RSA modulus",
                ModulusProblem::Even => {
                    "modulus is even; an RSA modulus is odd (a product of odd primes)"
                }
                ModulusProblem::One => {
                    "modulus 1 is degenerate (every result is 0); an RSA modulus is an odd product of primes, at least 3"
                }
            }),
            RsaInputNotBelowModulus => f.write_str(
                "input is not below the modulus (RFC 8017 §5.1.1: message representative out of range)",
            ),
            RsaRawTooLarge { what, bits } => write!(
                f,
                "the {what} has {bits} bits; at most {} are taken",
                crate::rsa::RAW_MAX_BITS
            ),
            UnknownReproTable { name, known } => {
                write!(f, "no reproduced table {name:?}; known: {}", known.join(", "))
            }
            UnknownHash { name, known } => {
                write!(f, "unknown hash {name:?}; use one of {known}")
            }
            CipherKeyBits {
                bits,
                cipher,
                sizes,
            } => write!(
                f,
                "{bits}-bit key is not a key size of {cipher}: use one of {}",
                join_numbers(sizes)
            ),
            StreamCipherMode { cipher, mode } => write!(
                f,
                "{cipher} is a stream cipher: it has no {mode} mode (its only mode is stream)"
            ),
            ChunkSize {
                given,
                multiple,
                max,
            } => write!(
                f,
                "chunk of {given} bytes: give a number of bytes from {multiple} to {max}{}",
                multiple_of(*multiple)
            ),
            SlopeSizes { min, max, limit } => write!(
                f,
                "buffer sizes {min}..{max} bytes: give 1 <= smallest <= largest <= {limit}"
            ),
            SlopeSizeList { size, limit } => write!(
                f,
                "buffer size {size} bytes: give multiples of 16 from 16 to {limit}"
            ),
            Threads { value, max } => {
                write!(f, "threads {value:?}: give all or a count from 1 to {max}")
            }
            ThreadsUnsupported { what } => write!(f, "{what}: not timed in threads"),
            SlopeTooFewSizes => f.write_str(
                "a slope needs at least 2 distinct buffer sizes: more points or a wider range",
            ),
            ExpBitsOutOfRange {
                value,
                group,
                min,
                max,
            } => write!(
                f,
                "secret size {value} bits is out of range for {group}: full or {min} to {max}"
            ),
            OnlyFullSecrets { value, group, why } => write!(
                f,
                "secret size {value} bits: {group} takes only full secrets ({why})"
            ),
            SecretTooLong {
                group,
                max_bytes,
                got,
            } => write!(
                f,
                "secret: a {group} secret is at most {max_bytes} bytes, got {got}"
            ),
            SecretOutOfRange { group } => {
                write!(f, "secret: a {group} secret must satisfy 1 ≤ x < n")
            }
            SecretWrongLength {
                group, bytes, got, ..
            } => write!(
                f,
                "secret: a {group} secret is a {bytes}-byte string, got {}",
                n_bytes(*got)
            ),
            ExponentZero { group } => write!(f, "{group}: the secret exponent is zero"),
            ExponentTooLong {
                group,
                bits,
                max_bits,
            } => write!(
                f,
                "{group}: the secret exponent has {bits} bits, more than the {max_bits} bits of the group order"
            ),
            ExponentNotBelowOrder { group } => write!(
                f,
                "{group}: the secret exponent must be below the group order q"
            ),
            ScalarZero => f.write_str("secret is zero"),
            ScalarMultipleOfOrder { group } => {
                write!(f, "secret is a multiple of the group order q of {group}")
            }
            ScalarTooLong {
                group,
                max_bits,
                got,
                ..
            } => write!(
                f,
                "secret is too long for {group}: at most {max_bits} bits, got {got} bytes"
            ),
            PeerOutOfRange { group, value } => write!(
                f,
                "{group}: peer value rejected: {value}; check: 2 ≤ y ≤ p−2"
            ),
            PeerNotInSubgroup { group } => write!(
                f,
                "{group}: peer value rejected: not in the subgroup of order q"
            ),
            PeerTooLong { group, got, max } => write!(
                f,
                "{group}: peer value rejected: {got} bytes, longer than p ({max} bytes)"
            ),
            PeerBadPrefix { got, first } => write!(
                f,
                "peer value of {got} bytes must start with 04, not {first:02x}"
            ),
            PeerBadLength {
                got, field_bytes, ..
            } => write!(
                f,
                "peer value has {got} bytes: give {field_bytes} or {} bytes",
                2 * field_bytes + 1
            ),
            PeerNotFieldElement { coordinate, m } => {
                write!(f, "peer {coordinate} is not below 2^{m}")
            }
            PeerXZero => f.write_str("peer value x = 0 is of small order"),
            PeerSmallOrder { cofactor } => write!(
                f,
                "peer value is of small order (dividing the cofactor {cofactor})"
            ),
            PeerYMismatch => f.write_str("peer y does not match x"),
            PeerNotOnCurve => f.write_str("peer value is not on the curve"),
            SharedSecretInfinity => f.write_str("secret × peer value is the point at infinity"),
            PeerEncoding { group, got, .. } => write!(
                f,
                "peer value: not a {group} point encoding, got {}",
                n_bytes(*got)
            ),
            PeerSec1Prefix { group, got, first } => write!(
                f,
                "peer value: a {got}-byte {group} point starts with {}, not {first:02x}",
                sec1_prefix(*got)
            ),
            PeerInfinity { group } => write!(
                f,
                "peer value: 00 is the {group} point at infinity, not a public key"
            ),
            PeerCoordinateNotBelowP { group, coordinate } => write!(
                f,
                "peer value: the {group} point's {coordinate}-coordinate is not below p"
            ),
            PeerPointNotOnCurve { group, compressed } => write!(
                f,
                "peer value: {}",
                not_on_curve(group, *compressed)
            ),
            PeerInvalidPoint { group, krate } => write!(
                f,
                "peer value: the {krate} crate refuses this {group} point, which passed \
                 pkbench's checks (length, prefix, coordinates below p, on the curve)"
            ),
            PeerWrongLength { group, bytes, got } => write!(
                f,
                "peer value: a {group} public value is a {bytes}-byte string, got {}",
                n_bytes(*got)
            ),
            SharedSecretZero { group, .. } => write!(
                f,
                "peer value: the {group} shared secret is all zero (small order)"
            ),
            UnknownKem { name, known } => write!(f, "unknown KEM {name:?} (known: {known})"),
            UnknownKemImpl { name, known } => {
                write!(f, "unknown KEM implementation {name:?} (known: {known})")
            }
            KemLength {
                kem,
                what,
                want,
                got,
            } => write!(
                f,
                "{kem} {what}: {} bytes expected, got {}",
                join_lengths(want),
                n_bytes(*got)
            ),
            KemKeyModulus { kem } => write!(
                f,
                "{kem} encapsulation key: a coefficient is not below q = 3329 (FIPS 203 §7.2 modulus check)"
            ),
            KemKeyHash { kem } => write!(
                f,
                "{kem} decapsulation key: its H(ek) is not the hash of its ek (FIPS 203 §7.3 hash check)"
            ),
        }
    }
}

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

impl fmt::Display for Warning {
    /// A neutral wording; the binary's is `cli::errors::render_warning`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::Gf2mCodeIgnored { value, known } => write!(
                f,
                "GF(2^m) code {value:?} ignored: the only choice is {known}"
            ),
        }
    }
}

/// What is wrong with a file argument, in words shared by the library and the binary (after
/// the file's name): "cannot read: …", "not a regular file (a FIFO) …", "… more than the
/// 1 MiB a group file may have".
pub fn file_problem(role: FileRole, problem: &FileProblem) -> String {
    let noun = role.noun();
    match problem {
        FileProblem::Io(reason) if role == FileRole::KeyFile => {
            format!("cannot read the key file: {reason}")
        }
        FileProblem::Io(reason) => format!("cannot read: {reason}"),
        FileProblem::NotRegular { kind } => {
            format!("not a regular file ({kind}); give a {noun} saved on disk")
        }
        FileProblem::TooLarge { bytes, max } => format!(
            "{bytes} bytes, more than the {} a {noun} may have",
            crate::input::size_text(*max)
        ),
        FileProblem::Grew { max } => format!(
            "grew past {} while being read, more than a {noun} may have",
            crate::input::size_text(*max)
        ),
    }
}

/// The SEC 1 prefix of a point encoding of `len` bytes (SEC 1 v2 §2.3.3): "04"
/// (uncompressed), "02 or 03" (compressed).
pub fn sec1_prefix(len: usize) -> &'static str {
    if len % 2 == 1 && len > 33 {
        "04"
    } else {
        "02 or 03"
    }
}

/// Why a prime-curve point is not on the curve, the same in the library and the binary.
pub fn not_on_curve(group: &str, compressed: bool) -> String {
    if compressed {
        format!("not on the curve: no {group} point has this x (x³ + ax + b is not a square mod p)")
    } else {
        format!("not on the curve: y² ≠ x³ + ax + b mod p for {group}")
    }
}

/// Numbers as a list for a message: "128, 192, 256".
pub fn join_numbers(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

/// " that is a multiple of M" for M > 1, "" otherwise (the end of a size range in a message).
pub fn multiple_of(m: usize) -> String {
    if m > 1 {
        format!(" that is a multiple of {m}")
    } else {
        String::new()
    }
}

/// A byte count with its unit, singular or plural: "1 byte", "0 bytes", "33 bytes".
pub fn n_bytes(n: usize) -> String {
    if n == 1 {
        "1 byte".into()
    } else {
        format!("{n} bytes")
    }
}

/// Decodes big-endian hex (an optional `0x` prefix, even or odd length, upper or lower case).
///
/// `what` names the value in the error: [`Param::Secret`], a group file's key, or a name of
/// the caller's (`"--modulus"` in `cli`).
///
/// # Errors
/// [`Invalid::Hex`] about `what` when the string is empty or holds a non-hex character.
pub fn parse_hex(what: impl Into<Param>, s: &str) -> Result<Vec<u8>> {
    decode_hex(what.into(), s, true)
}

/// Hex for a byte string (a secret or a public value as sent on the wire): as
/// [`parse_hex`], but an odd number of digits is refused rather than read with a leading 0,
/// since for fixed-length strings (X25519's 32 bytes, RFC 7748 §5; SEC 1 point encodings) a
/// missing digit shifts every byte. Leading zero bytes may still be left out where the
/// group allows it.
///
/// # Errors
/// [`Invalid::Hex`] as [`parse_hex`], and for an odd number of hex digits.
pub fn parse_hex_bytes(what: impl Into<Param>, s: &str) -> Result<Vec<u8>> {
    decode_hex(what.into(), s, false)
}

/// [`parse_hex`] (`odd_ok`: an odd number of digits reads with a leading 0) and
/// [`parse_hex_bytes`] (refused).
fn decode_hex(what: Param, s: &str, odd_ok: bool) -> Result<Vec<u8>> {
    let bad = |problem| {
        Err(Invalid::Hex {
            what: what.clone(),
            problem,
        }
        .into())
    };
    let t = s.trim();
    let t = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .unwrap_or(t);
    if t.is_empty() {
        return bad(HexProblem::Empty);
    }
    if let Some((pos, c)) = t.char_indices().find(|(_, c)| !c.is_ascii_hexdigit()) {
        return bad(HexProblem::BadChar { c, pos });
    }
    let padded;
    let t = match (t.len() % 2 == 1, odd_ok) {
        (false, _) => t,
        (true, true) => {
            padded = format!("0{t}");
            padded.as_str()
        }
        (true, false) => return bad(HexProblem::OddDigits { digits: t.len() }),
    };
    // Every character is an ASCII hex digit and the length is even: decoding cannot fail.
    Ok(hex::decode(t).expect("even-length ASCII hex"))
}

/// "800" or "64 or 1632": the lengths a KEM input may have.
pub fn join_lengths(want: &[usize]) -> String {
    want.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" or ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_counts() {
        assert_eq!(n_bytes(0), "0 bytes");
        assert_eq!(n_bytes(1), "1 byte");
        assert_eq!(n_bytes(33), "33 bytes");
    }

    #[test]
    fn hex_parsing() {
        assert_eq!(parse_hex("x", "0x7b").unwrap(), vec![0x7b]);
        assert_eq!(parse_hex("x", "1c8").unwrap(), vec![0x01, 0xc8]);
        assert_eq!(parse_hex("x", "ABcd").unwrap(), vec![0xab, 0xcd]);
        let e = parse_hex(Param::Secret, "12zz").unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert_eq!(
            e.invalid(),
            Some(&Invalid::Hex {
                what: Param::Secret,
                problem: HexProblem::BadChar { c: 'z', pos: 2 }
            })
        );
        assert!(parse_hex("x", "").is_err());
        assert_eq!(parse_hex_bytes("x", "0x007b").unwrap(), vec![0, 0x7b]);
        let e = parse_hex_bytes(Param::Peer, "1c8").unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(
            e.message()
                .contains("3 hex digits is not a whole number of bytes"),
            "{e}"
        );
        assert!(
            parse_hex_bytes("x", "12zz")
                .unwrap_err()
                .message()
                .contains("malformed")
        );
        assert!(parse_hex("x", "0x").is_err());
    }

    #[test]
    fn typed_problems_are_input_errors() {
        let e: Error = Invalid::ScalarZero.into();
        assert_eq!(e.exit_code(), 2);
        assert!(e.is_input());
        assert_eq!(e.message(), "secret is zero");
        assert!(!Error::runtime("x").is_input());
    }
}

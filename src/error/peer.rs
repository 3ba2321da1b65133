//! Problems with the peer's public value of a Reply: its encoding, its range, its order, and
//! shared secrets that must be refused (RFC 7919 §5.1, NIST SP 800-56A Rev. 3 §5.6.2.3,
//! SEC 1 v2 §3.2.2.1, RFC 7748 §6.1).

use super::names::{Names, Param, Wording, a, n_bytes, neutral_display};
use std::fmt;

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
    /// What the value is and why it is refused.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PeerRange::Zero => "y = 0 is not an element of the group",
            PeerRange::One => "y = 1 is of low order (order 1)",
            PeerRange::MinusOne => "y = p−1 is of low order (order 2)",
            PeerRange::NotBelowP => "y ≥ p is out of range (not reduced mod p)",
        })
    }
}

/// A peer's public value that is refused, or a shared secret that must not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PeerValueError {
    // --- mod p -------------------------------------------------------------------------------
    /// A mod-p peer value outside 2 ≤ y ≤ p−2.
    OutOfRange {
        /// The group.
        group: String,
        /// Which value it is: 0, 1 or p−1 (low order), or not below p.
        value: PeerRange,
    },
    /// A mod-p peer value outside the subgroup of order q.
    NotInSubgroup {
        /// The group.
        group: String,
    },
    /// A mod-p peer value with more bytes than p.
    TooLong {
        /// The group.
        group: String,
        /// Bytes given.
        got: usize,
        /// Bytes of p.
        max: usize,
    },

    // --- binary curves -----------------------------------------------------------------------
    /// A binary-curve peer value of the uncompressed length that does not start with 04.
    BadPrefix {
        /// Bytes given.
        got: usize,
        /// Its first byte.
        first: u8,
    },
    /// A binary-curve peer value of neither accepted length.
    BadLength {
        /// Bytes given.
        got: usize,
        /// Bytes of a field element, ceil(m/8).
        field_bytes: usize,
        /// The field degree m.
        m: u32,
    },
    /// A binary-curve peer coordinate that is not a field element (not below 2^m).
    NotFieldElement {
        /// `x` or `y`.
        coordinate: char,
        /// The field degree m.
        m: u32,
    },
    /// A binary-curve peer value x = 0 (the point of order 2).
    XZero,
    /// A binary-curve peer value of small order (dividing the cofactor).
    SmallOrder {
        /// The cofactor h.
        cofactor: u64,
    },
    /// A binary-curve peer `04 || x || y` whose y does not match x.
    YMismatch,
    /// A binary-curve peer x with no point on the curve.
    NotOnCurve,
    /// secret × peer value is the point at infinity.
    SharedSecretInfinity,

    // --- prime curves ------------------------------------------------------------------------
    /// A prime-curve peer value of none of the SEC 1 / IKEv2 lengths.
    Encoding {
        /// The curve's display name.
        group: String,
        /// Bytes of a coordinate.
        field_bytes: usize,
        /// Bytes given.
        got: usize,
    },
    /// A prime-curve peer value of an accepted length whose first byte is not the SEC 1
    /// prefix of that length (04 for 65 bytes, 02 or 03 for 33).
    Sec1Prefix {
        /// The curve's display name.
        group: String,
        /// Bytes given.
        got: usize,
        /// Its first byte.
        first: u8,
    },
    /// A prime-curve peer value that encodes the point at infinity (SEC 1 §2.3.3: `00`).
    Infinity {
        /// The curve's display name.
        group: String,
    },
    /// A prime-curve peer coordinate that is not a field element (not below p).
    CoordinateNotBelowP {
        /// The curve's display name.
        group: String,
        /// `x` or `y`.
        coordinate: char,
    },
    /// A prime-curve peer point that is not on the curve: y² ≠ x³ + ax + b, or for a
    /// compressed point, no y exists (x³ + ax + b is not a square mod p).
    PointNotOnCurve {
        /// The curve's display name.
        group: String,
        /// Whether the value was compressed (x alone).
        compressed: bool,
    },
    /// A prime-curve peer value that passes every check pkbench makes (length, prefix,
    /// coordinates below p, on the curve, not infinity) and that the curve's crate refuses
    /// all the same.
    InvalidPoint {
        /// The curve's display name.
        group: String,
        /// The crate, e.g. `p256`.
        krate: String,
    },
    /// A peer value that must be a byte string of one length (X25519) has another.
    WrongLength {
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

/// Why a prime-curve point is not on the curve.
pub fn not_on_curve(group: &str, compressed: bool) -> String {
    if compressed {
        format!("not on the curve: no {group} point has this x (x³ + ax + b is not a square mod p)")
    } else {
        format!("not on the curve: y² ≠ x³ + ax + b mod p for {group}")
    }
}

impl Wording for PeerValueError {
    fn word(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PeerValueError::*;
        // Every peer-value problem starts with the parameter the value was given as, as the
        // prime curves' do ([`PeerValueError::word_prime_curve`]).
        let peer = n.name(Param::Peer);
        match self {
            OutOfRange { group, value } => write!(
                f,
                "{peer}: {group} peer value rejected: {value}; check: 2 ≤ y ≤ p−2"
            ),
            NotInSubgroup { group } => write!(
                f,
                "{peer}: {group} peer value rejected: not in the subgroup of order q (y^q ≠ 1 \
                 mod p)"
            ),
            TooLong { group, got, max } => write!(
                f,
                "{peer}: {group} peer value rejected: {got} bytes, longer than p ({max} bytes)"
            ),
            BadPrefix { got, first } => write!(
                f,
                "{peer}: a value of {got} bytes must be 04 || x || y (uncompressed point), but \
                 starts with {first:02x}"
            ),
            BadLength {
                got,
                field_bytes,
                m,
            } => write!(
                f,
                "{peer}: {got} bytes: give the x-coordinate ({field_bytes} bytes, below 2^{m}) or \
                 04 || x || y ({} bytes)",
                2 * field_bytes + 1
            ),
            NotFieldElement { coordinate, m } => write!(
                f,
                "{peer}: {coordinate} is not below 2^{m}: not an element of GF(2^{m})"
            ),
            XZero => write!(
                f,
                "{peer}: x = 0 is the point of order 2 (small order): rejected"
            ),
            SmallOrder { cofactor } => write!(
                f,
                "{peer}: a point of small order (its order divides the cofactor {cofactor}): \
                 rejected"
            ),
            YMismatch => write!(
                f,
                "{peer}: y does not match x: y² + xy ≠ x³ + b (not a point of the curve)"
            ),
            NotOnCurve => write!(
                f,
                "{peer}: not on the curve: Tr(x + b/x²) ≠ 0, so no y satisfies y² + xy = x³ + b"
            ),
            SharedSecretInfinity => write!(
                f,
                "{peer}: secret × peer value is the point at infinity: no shared secret"
            ),
            Encoding { .. }
            | Sec1Prefix { .. }
            | Infinity { .. }
            | CoordinateNotBelowP { .. }
            | PointNotOnCurve { .. }
            | InvalidPoint { .. }
            | WrongLength { .. }
            | SharedSecretZero { .. } => self.word_prime_curve(n, f),
        }
    }
}

impl PeerValueError {
    /// The words of the prime-curve problems (SEC 1, RFC 5903, RFC 7748), which name the
    /// peer value as the parameter it was given as.
    fn word_prime_curve(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PeerValueError::*;
        let peer = n.name(Param::Peer);
        let check = "SEC 1 §3.2.2.1 check";
        match self {
            Encoding {
                group,
                field_bytes,
                got,
            } => write!(
                f,
                "{peer}: {} {group} public value is {} bytes 04||x||y (SEC 1 uncompressed), {} \
                 bytes 02/03||x (compressed) or {} bytes x||y (RFC 5903); got {}",
                a(group),
                2 * field_bytes + 1,
                field_bytes + 1,
                2 * field_bytes,
                n_bytes(*got)
            ),
            Sec1Prefix { group, got, first } => write!(
                f,
                "{peer}: {} {group} public value of {got} bytes starts with {} (SEC 1 {}), not \
                 {first:02x}",
                a(group),
                sec1_prefix(*got),
                if *got == 33 {
                    "compressed"
                } else {
                    "uncompressed"
                }
            ),
            Infinity { group } => write!(
                f,
                "{peer}: 00 is the point at infinity of {group} (SEC 1 §2.3.3), not a public key; \
                 {check}: Q ≠ O"
            ),
            CoordinateNotBelowP { group, coordinate } => write!(
                f,
                "{peer}: the {coordinate}-coordinate is out of range: not below p, so not an \
                 element of the {group} field; {check}: coordinates in [0, p−1]"
            ),
            PointNotOnCurve { group, compressed } => write!(
                f,
                "{peer}: {}; {check}: Q on the curve",
                not_on_curve(group, *compressed)
            ),
            InvalidPoint { group, krate } => write!(
                f,
                "{peer}: the {krate} crate refuses this {group} public value, which passed \
                 pkbench's checks (length, prefix, coordinates below p, on the curve)"
            ),
            WrongLength { group, bytes, got } => write!(
                f,
                "{peer}: {} {group} public value is a {bytes}-byte string ({} hex digits), got {}",
                a(group),
                2 * bytes,
                n_bytes(*got)
            ),
            SharedSecretZero { check, .. } => write!(
                f,
                "{peer}: the shared secret is all zero: the peer value is a point of small order \
                 ({check} check)"
            ),
            // `word` words the others.
            _ => write!(f, "{self:?}"),
        }
    }
}

neutral_display!(PeerValueError);

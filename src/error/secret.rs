//! Problems with a secret: its size (short or full), or a secret given in hex that the
//! group cannot use.

use super::names::{Names, Param, Wording, a, n_bytes, neutral_display};
use std::fmt;

/// A problem with a secret or the size asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SecretError {
    /// A short secret size outside the sizes the group takes.
    SizeOutOfRange {
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
    OnlyFull {
        /// The size asked for, bits.
        value: u32,
        /// The group.
        group: String,
        /// Why, with its source (e.g. RFC 7748 §5 clamping).
        why: String,
    },
    /// A prime-curve secret longer than the scalar.
    TooLong {
        /// The curve's display name, e.g. "P-256".
        group: String,
        /// Largest secret, bytes.
        max_bytes: usize,
        /// Bytes given.
        got: usize,
    },
    /// A prime-curve secret that is 0 or not below the group order n.
    OutOfRange {
        /// The curve's display name.
        group: String,
    },
    /// A secret that must be a byte string of one length (X25519) has another.
    WrongLength {
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
}

impl Wording for SecretError {
    fn word(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SecretError::*;
        let secret = n.name(Param::Secret);
        match self {
            SizeOutOfRange {
                value,
                group,
                min,
                max,
            } => write!(
                f,
                "{} is out of range for {group}: use `full` or a number from {min} to {max}",
                n.given(Param::SecretSize, value)
            ),
            OnlyFull { value, group, why } => write!(
                f,
                "{}: {group} takes only full secrets ({why}); use {}",
                n.given(Param::SecretSize, value),
                n.given(Param::SecretSize, "full")
            ),
            TooLong {
                group,
                max_bytes,
                got,
            } => write!(
                f,
                "{secret}: {} {group} secret is at most {max_bytes} bytes ({} hex digits), got \
                 {got}",
                a(group),
                2 * max_bytes
            ),
            OutOfRange { group } => write!(
                f,
                "{secret}: {} {group} secret must satisfy 1 ≤ x < n (the group order); this one \
                 is 0 or ≥ n",
                a(group)
            ),
            WrongLength {
                group,
                bytes,
                got,
                byte_order,
            } => write!(
                f,
                "{secret}: {} {group} secret is a {bytes}-byte string ({} hex digits, \
                 {byte_order} byte order), got {}",
                a(group),
                2 * bytes,
                n_bytes(*got)
            ),
            ExponentZero { group } => write!(f, "{group}: the secret exponent is zero"),
            ExponentTooLong {
                group,
                bits,
                max_bits,
            } => write!(
                f,
                "{group}: the secret exponent has {bits} bits, more than the {max_bits} bits of \
                 the group order"
            ),
            ExponentNotBelowOrder { group } => write!(
                f,
                "{group}: the secret exponent must be below the group order q (1 ≤ x < q)"
            ),
            ScalarZero => f.write_str("secret is zero: give a non-zero secret (hex)"),
            ScalarMultipleOfOrder { group } => write!(
                f,
                "secret is a multiple of the group order q of {group}: it would give a point of \
                 small order; choose another secret"
            ),
            ScalarTooLong {
                group,
                max_bits,
                order_hex,
                got,
            } => write!(
                f,
                "secret is too long for {group}: at most {max_bits} bits (the size of the group \
                 order q = {order_hex}), got {got} bytes"
            ),
        }
    }
}

neutral_display!(SecretError);

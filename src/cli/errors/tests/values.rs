//! The binary's text of the problems with secrets and peer values.

use super::s;
use crate::error::{Invalid, PeerRange, PeerValueError, SecretError};

/// The binary's text of the problems with secrets and peer values.
pub fn cases() -> Vec<(Invalid, &'static str)> {
    vec![
        (
            Invalid::Secret(SecretError::SizeOutOfRange {
                value: 999,
                group: s("gf2-155"),
                min: 16,
                max: 152,
            }),
            "--exp-bits 999 is out of range for gf2-155: use `full` or a number from 16 to 152",
        ),
        (
            Invalid::Secret(SecretError::OnlyFull {
                value: 128,
                group: s("x25519"),
                why: s(
                    "RFC 7748 §5: a 32-byte string clamped to a 255-bit scalar, 251 random bits",
                ),
            }),
            "--exp-bits 128: x25519 takes only full secrets (RFC 7748 §5: a 32-byte string clamped to a 255-bit scalar, 251 random bits); use --exp-bits full",
        ),
        (
            Invalid::Secret(SecretError::TooLong {
                group: s("P-256"),
                max_bytes: 32,
                got: 33,
            }),
            "--secret: a P-256 secret is at most 32 bytes (64 hex digits), got 33",
        ),
        (
            Invalid::Secret(SecretError::OutOfRange {
                group: s("secp256k1"),
            }),
            "--secret: a secp256k1 secret must satisfy 1 ≤ x < n (the group order); this one is 0 or ≥ n",
        ),
        (
            Invalid::Secret(SecretError::WrongLength {
                group: s("x25519"),
                bytes: 32,
                got: 1,
                byte_order: s("RFC 7748"),
            }),
            "--secret: an x25519 secret is a 32-byte string (64 hex digits, RFC 7748 byte order), got 1 byte",
        ),
        (
            Invalid::Secret(SecretError::ExponentZero {
                group: s("modp-768"),
            }),
            "modp-768: the secret exponent is zero",
        ),
        (
            Invalid::Secret(SecretError::ExponentTooLong {
                group: s("modp-768"),
                bits: 768,
                max_bits: 767,
            }),
            "modp-768: the secret exponent has 768 bits, more than the 767 bits of the group order",
        ),
        (
            Invalid::Secret(SecretError::ExponentNotBelowOrder {
                group: s("modp-768"),
            }),
            "modp-768: the secret exponent must be below the group order q (1 ≤ x < q)",
        ),
        (
            Invalid::Secret(SecretError::ScalarZero),
            "secret is zero: give a non-zero secret (hex)",
        ),
        (
            Invalid::Secret(SecretError::ScalarMultipleOfOrder {
                group: s("gf2-155"),
            }),
            "secret is a multiple of the group order q of gf2-155: it would give a point of small order; choose another secret",
        ),
        (
            Invalid::Secret(SecretError::ScalarTooLong {
                group: s("gf2-155"),
                max_bits: 152,
                order_hex: s("aaaaaaaaaaaaaaaaaab1fcf1e206f421a3ea1b"),
                got: 25,
            }),
            "secret is too long for gf2-155: at most 152 bits (the size of the group order q = aaaaaaaaaaaaaaaaaab1fcf1e206f421a3ea1b), got 25 bytes",
        ),
        (
            Invalid::Peer(PeerValueError::OutOfRange {
                group: s("modp-768"),
                value: PeerRange::Zero,
            }),
            "--peer: modp-768 peer value rejected: y = 0 is not an element of the group; check: 2 ≤ y ≤ p−2",
        ),
        (
            Invalid::Peer(PeerValueError::OutOfRange {
                group: s("modp-768"),
                value: PeerRange::One,
            }),
            "--peer: modp-768 peer value rejected: y = 1 is of low order (order 1); check: 2 ≤ y ≤ p−2",
        ),
        (
            Invalid::Peer(PeerValueError::OutOfRange {
                group: s("modp-768"),
                value: PeerRange::MinusOne,
            }),
            "--peer: modp-768 peer value rejected: y = p−1 is of low order (order 2); check: 2 ≤ y ≤ p−2",
        ),
        (
            Invalid::Peer(PeerValueError::OutOfRange {
                group: s("modp-768"),
                value: PeerRange::NotBelowP,
            }),
            "--peer: modp-768 peer value rejected: y ≥ p is out of range (not reduced mod p); check: 2 ≤ y ≤ p−2",
        ),
        (
            Invalid::Peer(PeerValueError::NotInSubgroup {
                group: s("modp-768"),
            }),
            "--peer: modp-768 peer value rejected: not in the subgroup of order q (y^q ≠ 1 mod p)",
        ),
        (
            Invalid::Peer(PeerValueError::TooLong {
                group: s("modp-768"),
                got: 97,
                max: 96,
            }),
            "--peer: modp-768 peer value rejected: 97 bytes, longer than p (96 bytes)",
        ),
        (
            Invalid::Peer(PeerValueError::BadPrefix { got: 41, first: 5 }),
            "--peer: a value of 41 bytes must be 04 || x || y (uncompressed point), but starts with 05",
        ),
        (
            Invalid::Peer(PeerValueError::BadLength {
                got: 22,
                field_bytes: 20,
                m: 155,
            }),
            "--peer: 22 bytes: give the x-coordinate (20 bytes, below 2^155) or 04 || x || y (41 bytes)",
        ),
        (
            Invalid::Peer(PeerValueError::NotFieldElement {
                coordinate: 'x',
                m: 155,
            }),
            "--peer: x is not below 2^155: not an element of GF(2^155)",
        ),
        (
            Invalid::Peer(PeerValueError::XZero),
            "--peer: x = 0 is the point of order 2 (small order): rejected",
        ),
        (
            Invalid::Peer(PeerValueError::SmallOrder { cofactor: 12 }),
            "--peer: a point of small order (its order divides the cofactor 12): rejected",
        ),
        (
            Invalid::Peer(PeerValueError::YMismatch),
            "--peer: y does not match x: y² + xy ≠ x³ + b (not a point of the curve)",
        ),
        (
            Invalid::Peer(PeerValueError::NotOnCurve),
            "--peer: not on the curve: Tr(x + b/x²) ≠ 0, so no y satisfies y² + xy = x³ + b",
        ),
        (
            Invalid::Peer(PeerValueError::SharedSecretInfinity),
            "--peer: secret × peer value is the point at infinity: no shared secret",
        ),
        (
            Invalid::Peer(PeerValueError::Encoding {
                group: s("P-256"),
                field_bytes: 32,
                got: 2,
            }),
            "--peer: a P-256 public value is 65 bytes 04||x||y (SEC 1 uncompressed), 33 bytes 02/03||x (compressed) or 64 bytes x||y (RFC 5903); got 2 bytes",
        ),
        (
            Invalid::Peer(PeerValueError::Sec1Prefix {
                group: s("P-256"),
                got: 65,
                first: 5,
            }),
            "--peer: a P-256 public value of 65 bytes starts with 04 (SEC 1 uncompressed), not 05",
        ),
        (
            Invalid::Peer(PeerValueError::Sec1Prefix {
                group: s("secp256k1"),
                got: 33,
                first: 4,
            }),
            "--peer: a secp256k1 public value of 33 bytes starts with 02 or 03 (SEC 1 compressed), not 04",
        ),
        (
            Invalid::Peer(PeerValueError::Infinity { group: s("P-256") }),
            "--peer: 00 is the point at infinity of P-256 (SEC 1 §2.3.3), not a public key; SEC 1 §3.2.2.1 check: Q ≠ O",
        ),
        (
            Invalid::Peer(PeerValueError::CoordinateNotBelowP {
                group: s("P-256"),
                coordinate: 'y',
            }),
            "--peer: the y-coordinate is out of range: not below p, so not an element of the P-256 field; SEC 1 §3.2.2.1 check: coordinates in [0, p−1]",
        ),
        (
            Invalid::Peer(PeerValueError::PointNotOnCurve {
                group: s("P-256"),
                compressed: false,
            }),
            "--peer: not on the curve: y² ≠ x³ + ax + b mod p for P-256; SEC 1 §3.2.2.1 check: Q on the curve",
        ),
        (
            Invalid::Peer(PeerValueError::PointNotOnCurve {
                group: s("secp256k1"),
                compressed: true,
            }),
            "--peer: not on the curve: no secp256k1 point has this x (x³ + ax + b is not a square mod p); SEC 1 §3.2.2.1 check: Q on the curve",
        ),
        (
            Invalid::Peer(PeerValueError::InvalidPoint {
                group: s("P-256"),
                krate: s("p256"),
            }),
            "--peer: the p256 crate refuses this P-256 public value, which passed pkbench's checks (length, prefix, coordinates below p, on the curve)",
        ),
        (
            Invalid::Peer(PeerValueError::WrongLength {
                group: s("x25519"),
                bytes: 32,
                got: 1,
            }),
            "--peer: an x25519 public value is a 32-byte string (64 hex digits), got 1 byte",
        ),
        (
            Invalid::Peer(PeerValueError::SharedSecretZero {
                group: s("x25519"),
                check: s("RFC 7748 §6.1"),
            }),
            "--peer: the shared secret is all zero: the peer value is a point of small order (RFC 7748 §6.1 check)",
        ),
    ]
}

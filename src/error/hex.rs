//! Values given in hex (secrets, peer values, a group file's numbers): decoding, and what is
//! wrong with a string that does not decode.

use super::group::Origin;
use super::names::{Names, Param, Wording, neutral_display};
use super::{Invalid, Result};
use std::fmt;

/// The value a hex string was to be: a parameter, a key of a group description, or a value
/// the caller names in its own words (a test vector).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    /// A parameter the user gave ([`Param::Secret`], [`Param::Peer`], [`Param::Modulus`], …).
    Param(Param),
    /// A key of a group description.
    GroupKey {
        /// The description.
        origin: Origin,
        /// The key, e.g. `p`.
        key: String,
    },
    /// A value named by the caller in its own words (e.g. `gx`), shown as given.
    Named(String),
}

impl Subject {
    /// The value in a message: the parameter's name, "ORIGIN: `key`", or the caller's name.
    pub fn worded(&self, n: Names) -> String {
        match self {
            Subject::Param(p) => n.name(*p).to_string(),
            Subject::GroupKey { origin, key } => format!("{}: `{key}`", origin.worded(n)),
            Subject::Named(name) => name.clone(),
        }
    }
}

impl From<Param> for Subject {
    fn from(p: Param) -> Self {
        Subject::Param(p)
    }
}

impl From<&str> for Subject {
    fn from(s: &str) -> Self {
        Subject::Named(s.to_string())
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

impl fmt::Display for HexProblem {
    /// The words of the problem, after the value's name.
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

/// A hex string that does not decode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexError {
    /// The value it was to be.
    pub what: Subject,
    /// What is wrong.
    pub problem: HexProblem,
}

impl Wording for HexError {
    fn word(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.what.worded(n), self.problem)
    }
}

neutral_display!(HexError);

/// Decodes big-endian hex (an optional `0x` prefix, even or odd length, upper or lower case).
///
/// `what` names the value in the error: [`Param::Secret`], a group file's key, or a name of
/// the caller's.
///
/// # Errors
/// [`HexError`] about `what` when the string is empty or holds a non-hex character.
pub fn parse_hex(what: impl Into<Subject>, s: &str) -> Result<Vec<u8>> {
    decode_hex(what.into(), s, true)
}

/// Hex for a byte string (a secret or a public value as sent on the wire): as
/// [`parse_hex`], but an odd number of digits is refused rather than read with a leading 0,
/// since for fixed-length strings (X25519's 32 bytes, RFC 7748 §5; SEC 1 point encodings) a
/// missing digit shifts every byte. Leading zero bytes may still be left out where the
/// group allows it.
///
/// # Errors
/// [`HexError`] as [`parse_hex`], and for an odd number of hex digits.
pub fn parse_hex_bytes(what: impl Into<Subject>, s: &str) -> Result<Vec<u8>> {
    decode_hex(what.into(), s, false)
}

/// [`parse_hex`] (`odd_ok`: an odd number of digits reads with a leading 0) and
/// [`parse_hex_bytes`] (refused).
fn decode_hex(what: Subject, s: &str, odd_ok: bool) -> Result<Vec<u8>> {
    let bad = |problem| {
        Err(Invalid::Hex(HexError {
            what: what.clone(),
            problem,
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_parsing() {
        assert_eq!(parse_hex("x", "0x7b").unwrap(), vec![0x7b]);
        assert_eq!(parse_hex("x", "1c8").unwrap(), vec![0x01, 0xc8]);
        assert_eq!(parse_hex("x", "ABcd").unwrap(), vec![0xab, 0xcd]);
        let e = parse_hex(Param::Secret, "12zz").unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert_eq!(
            e.invalid(),
            Some(&Invalid::Hex(HexError {
                what: Subject::Param(Param::Secret),
                problem: HexProblem::BadChar { c: 'z', pos: 2 }
            }))
        );
        assert_eq!(
            e.message(),
            "secret: malformed hex: character 'z' at position 2 is not 0-9, a-f or A-F"
        );
        assert!(parse_hex("x", "").is_err());
        assert_eq!(parse_hex_bytes("x", "0x007b").unwrap(), vec![0, 0x7b]);
        let e = parse_hex_bytes(Param::Peer, "1c8").unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert_eq!(
            e.message(),
            "peer value: 3 hex digits is not a whole number of bytes; give two digits per byte \
             (write a leading 0 if that is the value meant)"
        );
        assert!(
            parse_hex_bytes("x", "12zz")
                .unwrap_err()
                .message()
                .contains("malformed")
        );
        assert!(parse_hex("x", "0x").is_err());
    }
}

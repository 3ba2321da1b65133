//! The one error type of pkbench, and the exit codes it maps to.
//!
//! Bad input from the user (unknown group, malformed hex, a peer value outside the group,
//! a params file that does not describe a valid group) is [`Error::Input`]: the binary prints
//! its message on one line of stderr and exits with code 2. Everything else (I/O failures,
//! a timed operation whose result failed its correctness check) is [`Error::Runtime`], exit 1.

use std::fmt;

/// pkbench's error: a one-line message and what kind of failure it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The user's input is wrong; the message says what to do instead. Exit code 2.
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
            Error::Input(_) => 2,
            Error::Runtime(_) => 1,
        }
    }

    /// The message without its kind.
    pub fn message(&self) -> &str {
        match self {
            Error::Input(m) | Error::Runtime(m) => m,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Runtime(format!("I/O error: {e}"))
    }
}

/// pkbench's result type.
pub type Result<T> = std::result::Result<T, Error>;

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
/// `what` names the value in the error message, e.g. "--secret".
///
/// # Errors
/// [`Error::Input`] naming `what` when the string is empty or holds a non-hex character.
pub fn parse_hex(what: &str, s: &str) -> Result<Vec<u8>> {
    decode_hex(what, s, true)
}

/// Hex for a byte string (a secret or a public value as sent on the wire): as
/// [`parse_hex`], but an odd number of digits is refused rather than read with a leading 0,
/// since for fixed-length strings (X25519's 32 bytes, RFC 7748 §5; SEC 1 point encodings) a
/// missing digit shifts every byte. Leading zero bytes may still be left out where the
/// group allows it.
///
/// # Errors
/// [`Error::Input`] as [`parse_hex`], and for an odd number of hex digits.
pub fn parse_hex_bytes(what: &str, s: &str) -> Result<Vec<u8>> {
    decode_hex(what, s, false)
}

/// [`parse_hex`] (`odd_ok`: an odd number of digits reads with a leading 0) and
/// [`parse_hex_bytes`] (refused).
fn decode_hex(what: &str, s: &str, odd_ok: bool) -> Result<Vec<u8>> {
    let t = s.trim();
    let t = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .unwrap_or(t);
    if t.is_empty() {
        return Err(Error::input(format!("{what}: empty hex string")));
    }
    if let Some((i, c)) = t.char_indices().find(|(_, c)| !c.is_ascii_hexdigit()) {
        return Err(Error::input(format!(
            "{what}: malformed hex: character {c:?} at position {i} is not 0-9, a-f or A-F"
        )));
    }
    let padded;
    let t = match (t.len() % 2 == 1, odd_ok) {
        (false, _) => t,
        (true, true) => {
            padded = format!("0{t}");
            padded.as_str()
        }
        (true, false) => {
            return Err(Error::input(format!(
                "{what}: {} hex digits is not a whole number of bytes; give two digits per \
                 byte (write a leading 0 if that is the value meant)",
                t.len()
            )));
        }
    };
    hex::decode(t).map_err(|e| Error::input(format!("{what}: malformed hex: {e}")))
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
        let e = parse_hex("--secret", "12zz").unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message().contains("--secret"), "{e}");
        assert!(parse_hex("x", "").is_err());
        assert_eq!(parse_hex_bytes("x", "0x007b").unwrap(), vec![0, 0x7b]);
        let e = parse_hex_bytes("--peer", "1c8").unwrap_err();
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
}

//! The parameters that error messages name, and how they are named: the library's nouns
//! ([`Names::NEUTRAL`]: "secret", "group file") or the binary's flags (`cli::errors::FLAGS`:
//! `--secret`, `--params`), one table each.

use std::fmt;

/// A value the user gives pkbench, as an error message names it. The library words every
/// problem with these and never with a command-line flag; the binary maps each to its flag
/// (or environment variable, or command) in one table, `cli::errors::flag`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Param {
    /// The secret of an Offer or Reply, hex.
    Secret,
    /// The peer's public value of a Reply, hex.
    Peer,
    /// The size of the secrets, `full` or a number of bits.
    SecretSize,
    /// The group of a KEM exchange.
    Group,
    /// A user's group description (TOML).
    GroupFile,
    /// An RSA private key file (PEM).
    KeyFile,
    /// A saved result record, named by its path alone on the command line.
    Record,
    /// The file or directory a run's output is written to.
    Output,
    /// The permission to replace an existing output file.
    Force,
    /// The bignum backend of mod-p and RSA arithmetic.
    Backend,
    /// How to build pkbench with a cargo feature; the name holds `{}` for the feature.
    Build,
    /// A cargo feature to build pkbench with.
    Feature,
    /// The time budget per operation, seconds.
    Time,
    /// The window of the fixed-base table, bits.
    TableWindow,
    /// The choice of GF(2^m) code.
    Gf2mCode,
    /// The number of threads to time in.
    Threads,
    /// The implementation that computes an operation.
    Impl,
    /// The name of a reproduced table.
    ReproTable,
    /// The size of a generated RSA key, bits.
    RsaBits,
    /// The RSA input chunk, bytes.
    Chunk,
    /// The modular exponentiation of the RSA timing: `fast` or `sec` (constant time).
    Powm,
    /// The modulus of a raw RSA operation, hex.
    Modulus,
    /// The exponent of a raw RSA operation, hex.
    Exponent,
    /// The input of a raw RSA operation, hex.
    Input,
    /// The name of a hash function.
    Hash,
    /// The key size of a cipher, bits.
    KeyBits,
    /// A cipher's mode of operation.
    Mode,
    /// The bytes hashed or encrypted per timed operation.
    Block,
    /// The smallest buffer of a slope, bytes.
    MinBytes,
    /// The largest buffer of a slope, bytes.
    MaxBytes,
    /// A slope's list of buffer sizes, bytes.
    Sizes,
    /// The number of buffer sizes of a slope.
    Points,
    /// A KEM encapsulation key, hex.
    Ek,
    /// A KEM decapsulation key, hex.
    Dk,
    /// A KEM ciphertext, hex.
    Ct,
    /// A KEM key-generation seed d ‖ z, hex.
    KemSeed,
    /// The seed d of KEM key generation, hex.
    KemD,
    /// The seed z of KEM key generation, hex.
    KemZ,
    /// The randomness m of a KEM encapsulation, hex.
    KemM,
    /// The X25519 secret of the hybrid KEM, hex.
    KemX25519,
    /// A record of a sweep over group sizes, as made to be plotted.
    ScaleRecord,
}

impl Param {
    /// The library's name of the parameter, in messages that are not the binary's: "secret",
    /// "peer value", "group file", …. Never a flag.
    pub fn noun(self) -> &'static str {
        use Param::*;
        match self {
            Secret => "secret",
            Peer => "peer value",
            SecretSize => "secret size",
            Group => "group",
            GroupFile => "group file",
            KeyFile => "key file",
            Record => "result record",
            Output => "output file",
            Force => "the force option",
            Backend => "bignum backend",
            Build => "the cargo feature {}",
            Feature => "the cargo feature",
            Time => "time budget",
            TableWindow => "table window",
            Gf2mCode => "GF(2^m) code",
            Threads => "thread count",
            Impl => "implementation",
            ReproTable => "reproduced table",
            RsaBits => "RSA key size",
            Chunk => "chunk size",
            Powm => "exponentiation",
            Modulus => "modulus",
            Exponent => "exponent",
            Input => "input",
            Hash => "hash",
            KeyBits => "key size",
            Mode => "mode",
            Block => "block size",
            MinBytes => "smallest buffer",
            MaxBytes => "largest buffer",
            Sizes => "buffer sizes",
            Points => "number of sizes",
            Ek => "encapsulation key",
            Dk => "decapsulation key",
            Ct => "ciphertext",
            KemSeed => "seed",
            KemD => "seed d",
            KemZ => "seed z",
            KemM => "randomness m",
            KemX25519 => "X25519 secret",
            ScaleRecord => "a saved record of a scale sweep",
        }
    }
}

/// How messages name the parameters: a table from [`Param`] to a name. [`Names::NEUTRAL`] is
/// the library's ([`Param::noun`]); the binary's names flags (`cli::errors::FLAGS`).
///
/// A name is written before the value it was given ([`Names::given`]) with a space
/// (`--secret 1f`), directly after a name ending in `=` (an environment variable,
/// `PKBENCH_TABLE_WINDOW=99`), in place of a `{}` in the name, or alone when the name is
/// empty (a positional argument such as a record's path).
#[derive(Clone, Copy)]
pub struct Names(pub fn(Param) -> &'static str);

impl Names {
    /// The library's names: [`Param::noun`].
    pub const NEUTRAL: Names = Names(Param::noun);

    /// The name of `p` alone: "--secret", "secret".
    pub fn name(self, p: Param) -> &'static str {
        (self.0)(p)
    }

    /// `p` with the value it was given: "--exp-bits 128", "secret size 128",
    /// "PKBENCH_TABLE_WINDOW=99", "results.json" (see the type's documentation).
    pub fn given(self, p: Param, value: impl fmt::Display) -> String {
        let name = self.name(p);
        if name.contains("{}") {
            name.replace("{}", &value.to_string())
        } else if name.is_empty() {
            value.to_string()
        } else if name.ends_with('=') {
            format!("{name}{value}")
        } else {
            format!("{name} {value}")
        }
    }
}

impl fmt::Debug for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Names")
    }
}

/// Wording a problem with a naming of parameters. Every typed problem of this module
/// implements it; its `Display` is the wording with [`Names::NEUTRAL`], and the binary's is
/// the wording with its flags.
pub trait Wording {
    /// Writes the one-line message, naming parameters with `n`.
    ///
    /// # Errors
    /// Only the formatter's.
    fn word(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// The message with parameters named by `n`, as a value to format.
    fn worded(&self, n: Names) -> Worded<'_, Self> {
        Worded(self, n)
    }
}

/// A problem and a naming of parameters: its `Display` is the message ([`Wording::worded`]).
#[derive(Debug)]
pub struct Worded<'a, T: ?Sized>(&'a T, Names);

impl<T: Wording + ?Sized> fmt::Display for Worded<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.word(self.1, f)
    }
}

/// `Display` of each listed type: its [`Wording`] with [`Names::NEUTRAL`].
macro_rules! neutral_display {
    ($($t:ty),* $(,)?) => {$(
        impl std::fmt::Display for $t {
            /// The library's wording: parameters named by [`Names::NEUTRAL`], no flags.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                $crate::error::Wording::word(self, $crate::error::Names::NEUTRAL, f)
            }
        }
    )*};
}
pub(crate) use neutral_display;

/// "a" or "an" before a group's name as it is read aloud: "an x25519" (ex), "a P-256".
pub fn a(name: &str) -> &'static str {
    match name.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'x') => "an",
        _ => "a",
    }
}

/// Numbers as a list for a message: "128, 192, 256".
pub fn join_numbers(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

/// "800" or "64 or 1632": the lengths an input may have.
pub fn join_lengths(want: &[usize]) -> String {
    want.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" or ")
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
    fn a_value_is_named_by_the_table() {
        let n = Names::NEUTRAL;
        assert_eq!(n.given(Param::SecretSize, 128), "secret size 128");
        assert_eq!(n.given(Param::Build, "gmp"), "the cargo feature gmp");
        fn flags(p: Param) -> &'static str {
            match p {
                Param::Record => "",
                Param::TableWindow => "PKBENCH_TABLE_WINDOW=",
                _ => "--x",
            }
        }
        let f = Names(flags);
        assert_eq!(f.given(Param::Record, "r.json"), "r.json");
        assert_eq!(f.given(Param::TableWindow, 99), "PKBENCH_TABLE_WINDOW=99");
        assert_eq!(f.given(Param::Time, 0.5), "--x 0.5");
    }
}

//! The binary's words for errors and warnings: turns the library's typed problems
//! ([`Invalid`], [`Warning`]) into the one-line messages the user sees, naming the flags
//! (`--secret`, `--params FILE`, `--exp-bits`, …) and environment variables
//! (`PKBENCH_TABLE_WINDOW`, `PKBENCH_GF2M`) that the library does not know about. See
//! `crate::error` for how to add a problem; its line in this module's test pins the text.

use crate::error::{
    Error, FileRole, HexProblem, Invalid, KeyProblem, ModulusProblem, Origin, Param, Warning,
    file_problem, join_numbers, multiple_of, n_bytes, not_on_curve, sec1_prefix,
};
use std::collections::HashSet;
use std::sync::Mutex;

/// The message of any error, as the binary prints it after `pkbench: error: `: one line,
/// whatever a parser quoted from a file (see [`one_line`]).
pub fn render(e: &Error) -> String {
    one_line(&match e {
        Error::Invalid(i) => render_invalid(i),
        Error::Input(m) | Error::Runtime(m) => m.clone(),
    })
}

/// `s` with every control character escaped (a newline as `\n`, others as `\u{..}`), so
/// that a message quoting a file's content (a JSON key, a PEM label) stays on one line.
pub fn one_line(s: &str) -> String {
    if !s.chars().any(char::is_control) {
        return s.to_string();
    }
    s.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A group description's origin as the user gave it: `--params PATH` for a file, the name
/// for a built-in group.
pub fn origin(o: &Origin) -> String {
    match o {
        Origin::Named(n) => n.clone(),
        Origin::File(p) => format!("--params {}", p.display()),
    }
}

/// A value as the user gave it: its flag, or a group file's key after the file.
fn param(p: &Param) -> String {
    match p {
        Param::Secret => "--secret".into(),
        Param::Peer => "--peer".into(),
        Param::GroupKey { origin: o, key } => format!("{}: `{key}`", origin(o)),
        Param::Named(n) => n.clone(),
    }
}

/// "a" or "an" before a group's name as it is read aloud: "an x25519" (ex), "a P-256".
fn a(name: &str) -> &'static str {
    match name.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'x') => "an",
        _ => "a",
    }
}

/// A `--time` value as shown in its message: huge or tiny values in scientific notation
/// (1e300, not 301 digits).
fn seconds_shown(seconds: f64) -> String {
    if seconds != 0.0 && !(1e-6..1e9).contains(&seconds.abs()) {
        format!("{seconds:e}")
    } else {
        format!("{seconds}")
    }
}

/// The binary's message for a typed problem: one line, naming the flag or environment
/// variable the problem concerns.
pub fn render_invalid(i: &Invalid) -> String {
    use Invalid::*;
    match i {
        UnknownGroup { name, known } => format!(
            "unknown field or group {name:?}; known: {} (see `pkbench groups`)",
            known.join(", ")
        ),
        InputFile {
            path,
            role,
            problem,
        } => {
            let arg = match role {
                FileRole::GroupFile => format!("--params {}", path.display()),
                FileRole::KeyFile => format!("--key {}", path.display()),
                FileRole::Record => path.display().to_string(),
            };
            format!("{arg}: {}", file_problem(*role, problem))
        }
        ParamsNotToml { path, reason } => {
            format!(
                "--params {}: not a valid group file: {reason}",
                path.display()
            )
        }
        ParamsNameTaken { path, name } => format!(
            "--params {}: {name:?} is the name of a built-in group, but the file describes another group; give it a name of its own (`name = \"...\"`, or rename the file)",
            path.display()
        ),
        ParamsIntegerTooLarge { path, line, key } => format!(
            "--params {}: line {line}: `{key}` is an integer too large for TOML (64 bits at \
             most); write it as a hex string in quotes, e.g. {key} = \"FFFFFFFF FFFFFFFF C90FDAA2 ...\" \
             (as in the built-in params/modp-*.toml)",
            path.display()
        ),
        UnknownFamily { origin: o } => format!(
            "{}: no `family` key and no `p`: cannot tell what kind of group this is",
            origin(o)
        ),
        GroupKey {
            origin: o,
            key,
            problem,
        } => match problem {
            KeyProblem::Missing => format!("{}: missing key `{key}`", origin(o)),
            KeyProblem::NotString => format!("{}: key `{key}` must be a string", origin(o)),
            KeyProblem::NotNonNegativeInteger => {
                format!("{}: key `{key}` must be a non-negative integer", origin(o))
            }
        },
        GroupCheck {
            origin: o,
            what,
            check,
        } => format!("{}: invalid group: {what} (check: {check})", origin(o)),
        Group { origin: o, problem } => format!("{}: {problem}", origin(o)),
        Hex { what, problem } => format!("{}: {}", param(what), hex_problem(problem)),
        UnknownBackend { name } => {
            format!("--backend {name:?}: unknown backend; use gmp or num-bigint")
        }
        BackendNotBuilt { name, feature } if name == "gmp" => format!(
            "--backend {name}: this pkbench was built without GMP; rebuild with \
             `cargo run --release --features {feature} -- ...` (needs m4: apt-get install m4)"
        ),
        BackendNotBuilt { name, feature } => format!(
            "--backend {name}: this pkbench was built without it; rebuild with \
             `cargo run --release --features {feature} -- ...`"
        ),
        TimeBudget { seconds, max } => format!(
            "--time {}: give a number of seconds above 0 and at most {max}, e.g. --time 0.5",
            seconds_shown(*seconds)
        ),
        TableWindow { given, min, max } => {
            format!("PKBENCH_TABLE_WINDOW={given}: use {min} to {max} (bits)")
        }
        RsaKeyBits { bits, min, max } => format!(
            "--bits {bits}: RSA key size must be between {min} and {max} bits, e.g. --bits 512"
        ),
        RsaKeyFile { path, problem } => format!("--key {}: {problem}", path.display()),
        RsaChunk {
            chunk,
            modulus_bytes: k,
        } => format!(
            "--chunk {chunk}: give 1 to {} bytes (below the {k}-byte modulus, so every chunk is less than n)",
            k.saturating_sub(1)
        ),
        NoConstantTimePowm { backend, gmp_built } => format!(
            "--powm sec: the {backend} backend has no constant-time modular exponentiation; use {} or --powm fast",
            if *gmp_built {
                "--backend gmp (GMP's mpz_powm_sec)"
            } else {
                "--backend gmp (GMP's mpz_powm_sec; rebuild with --features gmp)"
            }
        ),
        RsaModulus { problem } => match problem {
            ModulusProblem::Zero => "--modulus is zero; give an odd RSA modulus".into(),
            ModulusProblem::Even => {
                "--modulus is even; an RSA modulus is odd (a product of odd primes)".into()
            }
            ModulusProblem::One => "--modulus 1 is degenerate (every result is 0); an RSA modulus is an odd product of primes, at least 3".into(),
        },
        RsaInputNotBelowModulus => "--input is not below --modulus (RFC 8017 §5.1.1: message representative out of range)".into(),
        RsaRawTooLarge { what, bits } => format!(
            "--{what} has {bits} bits; rsa-raw takes at most {} (twice the largest key `pkbench rsa` times)",
            crate::rsa::RAW_MAX_BITS
        ),
        UnknownReproTable { name, known } => {
            format!("repro {name:?}: no such table; known: {}", known.join(", "))
        }
        UnknownHash { name, known } => {
            format!("--algo {name:?}: unknown hash; use one of {known}")
        }
        CipherKeyBits {
            bits,
            cipher,
            sizes,
        } => format!(
            "--key-bits {bits} is not a key size of {cipher}: use one of {}",
            join_numbers(sizes)
        ),
        StreamCipherMode { cipher, mode } => format!(
            "{cipher} is a stream cipher: it has no {mode} mode (use --mode stream or no --mode)"
        ),
        ChunkSize {
            given,
            multiple,
            max,
        } => format!(
            "--block {given}: give a number of bytes from {multiple} to {max}{}, e.g. --block 10000",
            multiple_of(*multiple)
        ),
        SlopeSizes { min, max, limit } => format!(
            "buffer sizes {min}..{max} bytes: give 1 <= --min-bytes <= --max-bytes <= {limit}"
        ),
        SlopeSizeList { size, limit } => {
            format!("--sizes: {size} bytes: give multiples of 16 from 16 to {limit}")
        }
        Threads { value, max } => format!(
            "--threads {value}: give all (every CPU this process may use) or a count from 1 to {max}"
        ),
        ThreadsUnsupported { what } => format!(
            "--threads: {what} is not timed in threads (pkbench's own dh, rsa, hash and cipher are; leave out --impl)"
        ),
        SlopeTooFewSizes => "a slope needs at least 2 distinct buffer sizes: raise --points or widen the range".into(),
        ExpBitsOutOfRange {
            value,
            group,
            min,
            max,
        } => format!(
            "--exp-bits {value} is out of range for {group}: use `full` or a number from {min} to {max}"
        ),
        OnlyFullSecrets { value, group, why } => format!(
            "--exp-bits {value}: {group} takes only full secrets ({why}); use --exp-bits full"
        ),
        SecretTooLong {
            group,
            max_bytes,
            got,
        } => format!(
            "--secret: {} {group} secret is at most {max_bytes} bytes ({} hex digits), got {got}",
            a(group),
            2 * max_bytes
        ),
        SecretOutOfRange { group } => format!(
            "--secret: {} {group} secret must satisfy 1 ≤ x < n (the group order); this one is 0 or ≥ n",
            a(group)
        ),
        SecretWrongLength {
            group,
            bytes,
            got,
            byte_order,
        } => format!(
            "--secret: {} {group} secret is a {bytes}-byte string ({} hex digits, {byte_order} byte order), got {}",
            a(group),
            2 * bytes,
            n_bytes(*got)
        ),
        ExponentZero { group } => format!("{group}: the secret exponent is zero"),
        ExponentTooLong {
            group,
            bits,
            max_bits,
        } => format!(
            "{group}: the secret exponent has {bits} bits, more than the {max_bits} bits of the group order"
        ),
        ExponentNotBelowOrder { group } => {
            format!("{group}: the secret exponent must be below the group order q (1 ≤ x < q)")
        }
        ScalarZero => "secret is zero: give a non-zero secret (hex)".into(),
        ScalarMultipleOfOrder { group } => format!(
            "secret is a multiple of the group order q of {group}: it would give a point of small order; choose another secret"
        ),
        ScalarTooLong {
            group,
            max_bits,
            order_hex,
            got,
        } => format!(
            "secret is too long for {group}: at most {max_bits} bits (the size of the group order q = {order_hex}), got {got} bytes"
        ),
        PeerOutOfRange { group, value } => {
            format!("{group}: peer value rejected: {value}; check: 2 ≤ y ≤ p−2")
        }
        PeerNotInSubgroup { group } => {
            format!("{group}: peer value rejected: not in the subgroup of order q (y^q ≠ 1 mod p)")
        }
        PeerTooLong { group, got, max } => {
            format!("{group}: peer value rejected: {got} bytes, longer than p ({max} bytes)")
        }
        PeerBadPrefix { got, first } => format!(
            "peer value of {got} bytes must be 04 || x || y (uncompressed point), but starts with {first:02x}"
        ),
        PeerBadLength {
            got,
            field_bytes,
            m,
        } => format!(
            "peer value has {got} bytes: give the x-coordinate ({field_bytes} bytes, below 2^{m}) or 04 || x || y ({} bytes)",
            2 * field_bytes + 1
        ),
        PeerNotFieldElement { coordinate, m } => {
            format!("peer {coordinate} is not below 2^{m}: not an element of GF(2^{m})")
        }
        PeerXZero => "peer value x = 0 is the point of order 2 (small order): rejected".into(),
        PeerSmallOrder { cofactor } => format!(
            "peer value is a point of small order (its order divides the cofactor {cofactor}): rejected"
        ),
        PeerYMismatch => {
            "peer y does not match x: y² + xy ≠ x³ + b (not a point of the curve)".into()
        }
        PeerNotOnCurve => {
            "peer value is not on the curve: Tr(x + b/x²) ≠ 0, so no y satisfies y² + xy = x³ + b"
                .into()
        }
        SharedSecretInfinity => {
            "secret × peer value is the point at infinity: no shared secret".into()
        }
        PeerEncoding {
            group,
            field_bytes,
            got,
        } => format!(
            "--peer: {} {group} public value is {} bytes 04||x||y (SEC 1 uncompressed), {} bytes 02/03||x (compressed) or {} bytes x||y (RFC 5903); got {}",
            a(group),
            2 * field_bytes + 1,
            field_bytes + 1,
            2 * field_bytes,
            n_bytes(*got)
        ),
        PeerSec1Prefix { group, got, first } => format!(
            "--peer: {} {group} public value of {got} bytes starts with {} (SEC 1 {}), not {first:02x}",
            a(group),
            sec1_prefix(*got),
            if *got == 33 { "compressed" } else { "uncompressed" }
        ),
        PeerInfinity { group } => format!(
            "--peer: 00 is the point at infinity of {group} (SEC 1 §2.3.3), not a public key; SEC 1 §3.2.2.1 check: Q ≠ O"
        ),
        PeerCoordinateNotBelowP { group, coordinate } => format!(
            "--peer: the {coordinate}-coordinate is out of range: not below p, so not an element of the {group} field; SEC 1 §3.2.2.1 check: coordinates in [0, p−1]"
        ),
        PeerPointNotOnCurve { group, compressed } => format!(
            "--peer: {}; SEC 1 §3.2.2.1 check: Q on the curve",
            not_on_curve(group, *compressed)
        ),
        PeerInvalidPoint { group, krate } => format!(
            "--peer: the {krate} crate refuses this {group} public value, which passed pkbench's checks (length, prefix, coordinates below p, on the curve)"
        ),
        PeerWrongLength { group, bytes, got } => format!(
            "--peer: {} {group} public value is a {bytes}-byte string ({} hex digits), got {}",
            a(group),
            2 * bytes,
            n_bytes(*got)
        ),
        SharedSecretZero { check, .. } => format!(
            "--peer: the shared secret is all zero: the peer value is a point of small order ({check} check)"
        ),
        UnknownKem { name, known } => format!("--group {name}: unknown KEM (known: {known})"),
        UnknownKemImpl { name, known } => {
            format!("--impl {name}: unknown implementation (known: {known}, all)")
        }
        KemLength {
            kem,
            what,
            want,
            got,
        } => format!(
            "{}: {kem} takes {} bytes ({} hex digits), got {}",
            kem_flag(what),
            crate::error::join_lengths(want),
            want.iter()
                .map(|w| (2 * w).to_string())
                .collect::<Vec<_>>()
                .join(" or "),
            n_bytes(*got)
        ),
        KemKeyModulus { kem } => format!(
            "--ek: not a valid {kem} encapsulation key: a coefficient is not below q = 3329 (FIPS 203 §7.2 modulus check)"
        ),
        KemKeyHash { kem } => format!(
            "--dk: not a valid {kem} decapsulation key: its H(ek) is not the hash of its ek (FIPS 203 §7.3 hash check)"
        ),
    }
}

/// The `pkbench kem` flag that gives a KEM input.
fn kem_flag(what: &str) -> &'static str {
    match what {
        "encapsulation key" => "--ek",
        "ciphertext" => "--ct",
        "decapsulation key" => "--dk",
        "m" | "randomness" => "--m",
        "d" => "--d",
        "z" => "--z",
        "x25519 secret" => "--x25519",
        _ => "--d/--z",
    }
}

/// The words of a hex problem (the same in the library and the binary).
fn hex_problem(p: &HexProblem) -> String {
    p.to_string()
}

/// The binary's words for a warning (after `pkbench: warning: `).
pub fn render_warning(w: &Warning) -> String {
    match w {
        Warning::Gf2mCodeIgnored { value, known } => {
            format!("PKBENCH_GF2M={value:?} ignored: the only value is {known}")
        }
    }
}

/// Prints each warning on stderr as `pkbench: warning: …`, each distinct one once per
/// process (a sweep opens a group many times).
pub fn print_warnings(warnings: &[Warning]) {
    static SEEN: Mutex<Option<HashSet<Warning>>> = Mutex::new(None);
    let mut seen = SEEN.lock().unwrap_or_else(|p| p.into_inner());
    let seen = seen.get_or_insert_with(HashSet::new);
    for w in warnings {
        if seen.insert(w.clone()) {
            eprintln!("pkbench: warning: {}", render_warning(w));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{FileProblem, PeerRange};
    use std::path::PathBuf;

    fn s(x: &str) -> String {
        x.to_string()
    }

    /// Every typed problem rendered, against the exact text the binary printed before the
    /// problems were typed (pkbench at 99687b7, where the library built these messages).
    #[test]
    fn every_problem_renders_as_before() {
        use Invalid::*;
        let file = || Origin::File(PathBuf::from("bad.toml"));
        let cases: Vec<(Invalid, &str)> = vec![
            (
                UnknownGroup {
                    name: s("nope"),
                    known: vec![s("gf2-155"), s("x25519")],
                },
                "unknown field or group \"nope\"; known: gf2-155, x25519 (see `pkbench groups`)",
            ),
            (
                InputFile {
                    path: PathBuf::from("/nonexistent.toml"),
                    role: FileRole::GroupFile,
                    problem: FileProblem::Io(s("No such file or directory (os error 2)")),
                },
                "--params /nonexistent.toml: cannot read: No such file or directory (os error 2)",
            ),
            (
                InputFile {
                    path: PathBuf::from("/dev/zero"),
                    role: FileRole::GroupFile,
                    problem: FileProblem::NotRegular {
                        kind: "a character device",
                    },
                },
                "--params /dev/zero: not a regular file (a character device); give a group file saved on disk",
            ),
            (
                InputFile {
                    path: PathBuf::from("big.toml"),
                    role: FileRole::GroupFile,
                    problem: FileProblem::TooLarge {
                        bytes: 3 << 20,
                        max: 1 << 20,
                    },
                },
                "--params big.toml: 3145728 bytes, more than the 1 MiB a group file may have",
            ),
            (
                InputFile {
                    path: PathBuf::from("/nonexistent/key.pem"),
                    role: FileRole::KeyFile,
                    problem: FileProblem::Io(s("No such file or directory (os error 2)")),
                },
                "--key /nonexistent/key.pem: cannot read the key file: No such file or directory (os error 2)",
            ),
            (
                InputFile {
                    path: PathBuf::from("fifo"),
                    role: FileRole::KeyFile,
                    problem: FileProblem::NotRegular { kind: "a FIFO" },
                },
                "--key fifo: not a regular file (a FIFO); give a key file saved on disk",
            ),
            (
                InputFile {
                    path: PathBuf::from("new.json"),
                    role: FileRole::Record,
                    problem: FileProblem::Grew { max: 64 << 20 },
                },
                "new.json: grew past 64 MiB while being read, more than a result record may have",
            ),
            (
                InputFile {
                    path: PathBuf::from("results"),
                    role: FileRole::Record,
                    problem: FileProblem::NotRegular {
                        kind: "a directory",
                    },
                },
                "results: not a regular file (a directory); give a result record saved on disk",
            ),
            (
                ParamsNameTaken {
                    path: PathBuf::from("mine.toml"),
                    name: s("modp-512"),
                },
                "--params mine.toml: \"modp-512\" is the name of a built-in group, but the file describes another group; give it a name of its own (`name = \"...\"`, or rename the file)",
            ),
            (
                ParamsNotToml {
                    path: PathBuf::from("bad5.toml"),
                    reason: s("key with no value, expected `=`"),
                },
                "--params bad5.toml: not a valid group file: key with no value, expected `=`",
            ),
            (
                ParamsIntegerTooLarge {
                    path: PathBuf::from("bad1.toml"),
                    line: 1,
                    key: s("p"),
                },
                "--params bad1.toml: line 1: `p` is an integer too large for TOML (64 bits at most); write it as a hex string in quotes, e.g. p = \"FFFFFFFF FFFFFFFF C90FDAA2 ...\" (as in the built-in params/modp-*.toml)",
            ),
            (
                UnknownFamily {
                    origin: Origin::File(PathBuf::from("bad4.toml")),
                },
                "--params bad4.toml: no `family` key and no `p`: cannot tell what kind of group this is",
            ),
            (
                GroupKey {
                    origin: file(),
                    key: s("m"),
                    problem: KeyProblem::Missing,
                },
                "--params bad.toml: missing key `m`",
            ),
            (
                GroupKey {
                    origin: Origin::Named(s("gf2-155")),
                    key: s("b"),
                    problem: KeyProblem::NotString,
                },
                "gf2-155: key `b` must be a string",
            ),
            (
                GroupKey {
                    origin: file(),
                    key: s("cofactor"),
                    problem: KeyProblem::NotNonNegativeInteger,
                },
                "--params bad.toml: key `cofactor` must be a non-negative integer",
            ),
            (
                GroupCheck {
                    origin: Origin::File(PathBuf::from("bad11.toml")),
                    what: s("q has 3 bits, too small a subgroup"),
                    check: s("q at least 32 bits"),
                },
                "--params bad11.toml: invalid group: q has 3 bits, too small a subgroup (check: q at least 32 bits)",
            ),
            (
                Group {
                    origin: Origin::File(PathBuf::from("bad8.toml")),
                    problem: s(
                        "unknown curve \"ed448\" (pkbench implements p256, k256 and x25519)",
                    ),
                },
                "--params bad8.toml: unknown curve \"ed448\" (pkbench implements p256, k256 and x25519)",
            ),
            (
                Hex {
                    what: Param::Secret,
                    problem: HexProblem::BadChar { c: 'z', pos: 0 },
                },
                "--secret: malformed hex: character 'z' at position 0 is not 0-9, a-f or A-F",
            ),
            (
                Hex {
                    what: Param::Peer,
                    problem: HexProblem::OddDigits { digits: 3 },
                },
                "--peer: 3 hex digits is not a whole number of bytes; give two digits per byte (write a leading 0 if that is the value meant)",
            ),
            (
                Hex {
                    what: Param::Secret,
                    problem: HexProblem::Empty,
                },
                "--secret: empty hex string",
            ),
            (
                Hex {
                    what: Param::GroupKey {
                        origin: Origin::File(PathBuf::from("bad2.toml")),
                        key: s("p"),
                    },
                    problem: HexProblem::BadChar { c: 'z', pos: 0 },
                },
                "--params bad2.toml: `p`: malformed hex: character 'z' at position 0 is not 0-9, a-f or A-F",
            ),
            (
                Hex {
                    what: Param::from("--modulus"),
                    problem: HexProblem::BadChar { c: 'z', pos: 0 },
                },
                "--modulus: malformed hex: character 'z' at position 0 is not 0-9, a-f or A-F",
            ),
            (
                UnknownBackend { name: s("foo") },
                "--backend \"foo\": unknown backend; use gmp or num-bigint",
            ),
            (
                BackendNotBuilt {
                    name: s("gmp"),
                    feature: s("gmp"),
                },
                "--backend gmp: this pkbench was built without GMP; rebuild with `cargo run --release --features gmp -- ...` (needs m4: apt-get install m4)",
            ),
            (
                TimeBudget {
                    seconds: 0.0,
                    max: 3600.0,
                },
                "--time 0: give a number of seconds above 0 and at most 3600, e.g. --time 0.5",
            ),
            (
                TimeBudget {
                    seconds: 1e300,
                    max: 3600.0,
                },
                "--time 1e300: give a number of seconds above 0 and at most 3600, e.g. --time 0.5",
            ),
            (
                TableWindow {
                    given: s("99"),
                    min: 2,
                    max: 12,
                },
                "PKBENCH_TABLE_WINDOW=99: use 2 to 12 (bits)",
            ),
            (
                ExpBitsOutOfRange {
                    value: 999,
                    group: s("gf2-155"),
                    min: 16,
                    max: 152,
                },
                "--exp-bits 999 is out of range for gf2-155: use `full` or a number from 16 to 152",
            ),
            (
                OnlyFullSecrets {
                    value: 128,
                    group: s("x25519"),
                    why: s(
                        "RFC 7748 §5: a 32-byte string clamped to a 255-bit scalar, 251 random bits",
                    ),
                },
                "--exp-bits 128: x25519 takes only full secrets (RFC 7748 §5: a 32-byte string clamped to a 255-bit scalar, 251 random bits); use --exp-bits full",
            ),
            (
                SecretTooLong {
                    group: s("P-256"),
                    max_bytes: 32,
                    got: 33,
                },
                "--secret: a P-256 secret is at most 32 bytes (64 hex digits), got 33",
            ),
            (
                SecretOutOfRange {
                    group: s("secp256k1"),
                },
                "--secret: a secp256k1 secret must satisfy 1 ≤ x < n (the group order); this one is 0 or ≥ n",
            ),
            (
                SecretWrongLength {
                    group: s("x25519"),
                    bytes: 32,
                    got: 1,
                    byte_order: s("RFC 7748"),
                },
                "--secret: an x25519 secret is a 32-byte string (64 hex digits, RFC 7748 byte order), got 1 byte",
            ),
            (
                ExponentZero {
                    group: s("modp-768"),
                },
                "modp-768: the secret exponent is zero",
            ),
            (
                ExponentTooLong {
                    group: s("modp-768"),
                    bits: 768,
                    max_bits: 767,
                },
                "modp-768: the secret exponent has 768 bits, more than the 767 bits of the group order",
            ),
            (
                ExponentNotBelowOrder {
                    group: s("modp-768"),
                },
                "modp-768: the secret exponent must be below the group order q (1 ≤ x < q)",
            ),
            (ScalarZero, "secret is zero: give a non-zero secret (hex)"),
            (
                ScalarMultipleOfOrder {
                    group: s("gf2-155"),
                },
                "secret is a multiple of the group order q of gf2-155: it would give a point of small order; choose another secret",
            ),
            (
                ScalarTooLong {
                    group: s("gf2-155"),
                    max_bits: 152,
                    order_hex: s("aaaaaaaaaaaaaaaaaab1fcf1e206f421a3ea1b"),
                    got: 25,
                },
                "secret is too long for gf2-155: at most 152 bits (the size of the group order q = aaaaaaaaaaaaaaaaaab1fcf1e206f421a3ea1b), got 25 bytes",
            ),
            (
                PeerOutOfRange {
                    group: s("modp-768"),
                    value: PeerRange::Zero,
                },
                "modp-768: peer value rejected: y = 0 is not an element of the group; check: 2 ≤ y ≤ p−2",
            ),
            (
                PeerOutOfRange {
                    group: s("modp-768"),
                    value: PeerRange::One,
                },
                "modp-768: peer value rejected: y = 1 is of low order (order 1); check: 2 ≤ y ≤ p−2",
            ),
            (
                PeerOutOfRange {
                    group: s("modp-768"),
                    value: PeerRange::MinusOne,
                },
                "modp-768: peer value rejected: y = p−1 is of low order (order 2); check: 2 ≤ y ≤ p−2",
            ),
            (
                PeerOutOfRange {
                    group: s("modp-768"),
                    value: PeerRange::NotBelowP,
                },
                "modp-768: peer value rejected: y ≥ p is out of range (not reduced mod p); check: 2 ≤ y ≤ p−2",
            ),
            (
                PeerNotInSubgroup {
                    group: s("modp-768"),
                },
                "modp-768: peer value rejected: not in the subgroup of order q (y^q ≠ 1 mod p)",
            ),
            (
                PeerTooLong {
                    group: s("modp-768"),
                    got: 97,
                    max: 96,
                },
                "modp-768: peer value rejected: 97 bytes, longer than p (96 bytes)",
            ),
            (
                PeerBadPrefix { got: 41, first: 5 },
                "peer value of 41 bytes must be 04 || x || y (uncompressed point), but starts with 05",
            ),
            (
                PeerBadLength {
                    got: 22,
                    field_bytes: 20,
                    m: 155,
                },
                "peer value has 22 bytes: give the x-coordinate (20 bytes, below 2^155) or 04 || x || y (41 bytes)",
            ),
            (
                PeerNotFieldElement {
                    coordinate: 'x',
                    m: 155,
                },
                "peer x is not below 2^155: not an element of GF(2^155)",
            ),
            (
                PeerXZero,
                "peer value x = 0 is the point of order 2 (small order): rejected",
            ),
            (
                PeerSmallOrder { cofactor: 12 },
                "peer value is a point of small order (its order divides the cofactor 12): rejected",
            ),
            (
                PeerYMismatch,
                "peer y does not match x: y² + xy ≠ x³ + b (not a point of the curve)",
            ),
            (
                PeerNotOnCurve,
                "peer value is not on the curve: Tr(x + b/x²) ≠ 0, so no y satisfies y² + xy = x³ + b",
            ),
            (
                SharedSecretInfinity,
                "secret × peer value is the point at infinity: no shared secret",
            ),
            (
                PeerEncoding {
                    group: s("P-256"),
                    field_bytes: 32,
                    got: 2,
                },
                "--peer: a P-256 public value is 65 bytes 04||x||y (SEC 1 uncompressed), 33 bytes 02/03||x (compressed) or 64 bytes x||y (RFC 5903); got 2 bytes",
            ),
            (
                PeerSec1Prefix {
                    group: s("P-256"),
                    got: 65,
                    first: 5,
                },
                "--peer: a P-256 public value of 65 bytes starts with 04 (SEC 1 uncompressed), not 05",
            ),
            (
                PeerSec1Prefix {
                    group: s("secp256k1"),
                    got: 33,
                    first: 4,
                },
                "--peer: a secp256k1 public value of 33 bytes starts with 02 or 03 (SEC 1 compressed), not 04",
            ),
            (
                PeerInfinity { group: s("P-256") },
                "--peer: 00 is the point at infinity of P-256 (SEC 1 §2.3.3), not a public key; SEC 1 §3.2.2.1 check: Q ≠ O",
            ),
            (
                PeerCoordinateNotBelowP {
                    group: s("P-256"),
                    coordinate: 'y',
                },
                "--peer: the y-coordinate is out of range: not below p, so not an element of the P-256 field; SEC 1 §3.2.2.1 check: coordinates in [0, p−1]",
            ),
            (
                PeerPointNotOnCurve {
                    group: s("P-256"),
                    compressed: false,
                },
                "--peer: not on the curve: y² ≠ x³ + ax + b mod p for P-256; SEC 1 §3.2.2.1 check: Q on the curve",
            ),
            (
                PeerPointNotOnCurve {
                    group: s("secp256k1"),
                    compressed: true,
                },
                "--peer: not on the curve: no secp256k1 point has this x (x³ + ax + b is not a square mod p); SEC 1 §3.2.2.1 check: Q on the curve",
            ),
            (
                PeerInvalidPoint {
                    group: s("P-256"),
                    krate: s("p256"),
                },
                "--peer: the p256 crate refuses this P-256 public value, which passed pkbench's checks (length, prefix, coordinates below p, on the curve)",
            ),
            (
                PeerWrongLength {
                    group: s("x25519"),
                    bytes: 32,
                    got: 1,
                },
                "--peer: an x25519 public value is a 32-byte string (64 hex digits), got 1 byte",
            ),
            (
                SharedSecretZero {
                    group: s("x25519"),
                    check: s("RFC 7748 §6.1"),
                },
                "--peer: the shared secret is all zero: the peer value is a point of small order (RFC 7748 §6.1 check)",
            ),
            (
                RsaKeyBits {
                    bits: 128,
                    min: 256,
                    max: 8192,
                },
                "--bits 128: RSA key size must be between 256 and 8192 bits, e.g. --bits 512",
            ),
            (
                RsaKeyFile {
                    path: PathBuf::from("/nonexistent/key.pem"),
                    problem: s("cannot read the key file: No such file or directory (os error 2)"),
                },
                "--key /nonexistent/key.pem: cannot read the key file: No such file or directory (os error 2)",
            ),
            (
                RsaChunk {
                    chunk: 64,
                    modulus_bytes: 64,
                },
                "--chunk 64: give 1 to 63 bytes (below the 64-byte modulus, so every chunk is less than n)",
            ),
            (
                NoConstantTimePowm {
                    backend: s("num-bigint"),
                    gmp_built: true,
                },
                "--powm sec: the num-bigint backend has no constant-time modular exponentiation; use --backend gmp (GMP's mpz_powm_sec) or --powm fast",
            ),
            (
                NoConstantTimePowm {
                    backend: s("num-bigint"),
                    gmp_built: false,
                },
                "--powm sec: the num-bigint backend has no constant-time modular exponentiation; use --backend gmp (GMP's mpz_powm_sec; rebuild with --features gmp) or --powm fast",
            ),
            (
                RsaModulus {
                    problem: ModulusProblem::Zero,
                },
                "--modulus is zero; give an odd RSA modulus",
            ),
            (
                RsaModulus {
                    problem: ModulusProblem::Even,
                },
                "--modulus is even; an RSA modulus is odd (a product of odd primes)",
            ),
            (
                RsaModulus {
                    problem: ModulusProblem::One,
                },
                "--modulus 1 is degenerate (every result is 0); an RSA modulus is an odd product of primes, at least 3",
            ),
            (
                RsaInputNotBelowModulus,
                "--input is not below --modulus (RFC 8017 §5.1.1: message representative out of range)",
            ),
            (
                RsaRawTooLarge {
                    what: "exponent",
                    bits: 20000,
                },
                "--exponent has 20000 bits; rsa-raw takes at most 16384 (twice the largest key `pkbench rsa` times)",
            ),
            (
                UnknownReproTable {
                    name: s("1996"),
                    known: vec![s("1995"), s("gnupg-2000")],
                },
                "repro \"1996\": no such table; known: 1995, gnupg-2000",
            ),
            (
                UnknownHash {
                    name: s("sha3"),
                    known: s(
                        "md5, md4, sha0, sha1, haval (= haval-256-3), haval-BITS-PASSES (BITS 128|160|192|224|256, PASSES 3|4|5)",
                    ),
                },
                "--algo \"sha3\": unknown hash; use one of md5, md4, sha0, sha1, haval (= haval-256-3), haval-BITS-PASSES (BITS 128|160|192|224|256, PASSES 3|4|5)",
            ),
            (
                CipherKeyBits {
                    bits: 100,
                    cipher: s("aes"),
                    sizes: vec![128, 192, 256],
                },
                "--key-bits 100 is not a key size of aes: use one of 128, 192, 256",
            ),
            (
                StreamCipherMode {
                    cipher: s("arcfour"),
                    mode: s("CBC"),
                },
                "arcfour is a stream cipher: it has no CBC mode (use --mode stream or no --mode)",
            ),
            (
                ChunkSize {
                    given: 1001,
                    multiple: 8,
                    max: 7_500_000,
                },
                "--block 1001: give a number of bytes from 8 to 7500000 that is a multiple of 8, e.g. --block 10000",
            ),
            (
                ChunkSize {
                    given: 0,
                    multiple: 1,
                    max: 7_500_000,
                },
                "--block 0: give a number of bytes from 1 to 7500000, e.g. --block 10000",
            ),
            (
                SlopeSizes {
                    min: 64,
                    max: 32,
                    limit: 16_777_216,
                },
                "buffer sizes 64..32 bytes: give 1 <= --min-bytes <= --max-bytes <= 16777216",
            ),
            (
                SlopeTooFewSizes,
                "a slope needs at least 2 distinct buffer sizes: raise --points or widen the range",
            ),
            (
                Threads {
                    value: "0".into(),
                    max: 1024,
                },
                "--threads 0: give all (every CPU this process may use) or a count from 1 to 1024",
            ),
            (
                ThreadsUnsupported {
                    what: "RSA-512 (gmp)".into(),
                },
                "--threads: RSA-512 (gmp) is not timed in threads (pkbench's own dh, rsa, hash and cipher are; leave out --impl)",
            ),
        ];
        for (problem, want) in &cases {
            assert_eq!(render_invalid(problem), *want, "{problem:?}");
            // The library's own wording names no flag (a name the caller gave is its own).
            if !matches!(
                problem,
                Hex {
                    what: Param::Named(_),
                    ..
                }
            ) {
                assert!(!problem.to_string().contains("--"), "{problem}");
            }
        }
        assert_eq!(
            render(&Error::from(Invalid::ScalarZero)),
            "secret is zero: give a non-zero secret (hex)"
        );
        assert_eq!(render(&Error::input("as is")), "as is");
        assert_eq!(
            render(&Error::input("unknown field `a\nb`\r\u{1b}[2J")),
            "unknown field `a\\nb`\\r\\u{1b}[2J"
        );
        assert_eq!(
            render_warning(&Warning::Gf2mCodeIgnored {
                value: s("foo"),
                known: s("pclmulqdq")
            }),
            "PKBENCH_GF2M=\"foo\" ignored: the only value is pclmulqdq"
        );
    }
}

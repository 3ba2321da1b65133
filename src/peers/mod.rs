//! Peers: the system's cryptographic libraries, loaded at run time, beside pkbench's own code.
//!
//! Three libraries that users pick instead of pkbench, found on stock Debian and Ubuntu as
//! runtime packages (no `-dev` package, no build flag, no link-time dependency):
//!
//! | module | library | loaded as | what pkbench runs through it |
//! |---|---|---|---|
//! | [`openssl`] | OpenSSL 3 libcrypto | `libcrypto.so.3` | BN modular exponentiation (mod-p DH, raw RSA, RSA with CRT), EC2N Oakley groups as explicit binary-field groups, P-256, secp256k1, X25519, DES key setup, MD4/MD5/SHA-1, ciphers by mode |
//! | [`gcrypt`] | libgcrypt | `libgcrypt.so.20` | every cipher and mode of `pkbench cipher` (and SEED), the hashes of libgcrypt's own table, MPI exponentiation, X25519 |
//! | [`gmp`] | GNU MP | `libgmp.so.10` | `mpz_powm` and `mpz_powm_sec` (mod-p DH, raw RSA) |
//!
//! Each module has a table of FFI declarations (every C signature cited from the header it
//! mirrors), loads its library once ([`std::sync::OnceLock`]) with `libloading`, checks the
//! version the library reports, and wraps every call in a safe type that frees what it
//! allocates. A library that is absent, has an unexpected major version or lacks a function
//! gives an [`Unavailable`] value saying why; a call that fails gives a [`PeerError`] of one
//! line. Neither ever panics.
//!
//! For timing, each operation is a prepared object (a modulus with its Montgomery context, a
//! keyed cipher context, a group with its points): everything the library allocates is made
//! when the object is made, and the timed call (`pow`, `apply`, `digest_into`, `reply_into`,
//! `derive_into`, …) allocates no library object (where the library's own API does, as
//! X25519 key generation does in OpenSSL, the method's documentation says so).
//!
//! Discovery can be turned off by the caller ([`Discovery`]): the library reads no
//! environment variable; the binary maps `PKBENCH_NO_PEERS=1` to it.

/// The [`crate::kex::KeyExchange`] methods that a group computed by someone else (a
/// library's `PeerGroup`, a crate's `CrateGroup`) takes from pkbench's own group of the same
/// name, its field `own`: the value forms, the exponent-size and secret checks, the draw of a
/// secret, the generator and the form of the shared secret. The implementing module must have
/// `ValueForm`, `ExpBits`, `Result` and `ChaCha20Rng` in scope; the macro is in textual
/// scope for every module declared below it.
macro_rules! forward_to_own {
    () => {
        fn secret_form(&self) -> ValueForm {
            self.own.secret_form()
        }

        fn public_form(&self) -> ValueForm {
            self.own.public_form()
        }

        fn check_exp_bits(&self, exp_bits: ExpBits) -> Result<()> {
            self.own.check_exp_bits(exp_bits)
        }

        fn random_secret(&self, exp_bits: u32, rng: &mut ChaCha20Rng) -> Vec<u8> {
            self.own.random_secret(exp_bits, rng)
        }

        fn check_secret(&self, secret: &[u8]) -> Result<()> {
            self.own.check_secret(secret)
        }

        fn generator(&self) -> Vec<u8> {
            self.own.generator()
        }

        fn shared_form(&self, public: &[u8]) -> Vec<u8> {
            self.own.shared_form(public)
        }
    };
}

pub mod catalog;
pub mod crates;
pub mod engine;
mod ffi;
pub mod gcrypt;
pub mod gmp;
mod kat;
pub mod kex;
pub mod openssl;

use serde::Serialize;
use std::fmt;

/// Whether system libraries are looked for at all: a value the caller passes in (the binary
/// sets `enabled: false` for `PKBENCH_NO_PEERS=1`). With discovery off every library is
/// [`Unavailable::Off`] and nothing is loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Discovery {
    /// Look for and load the libraries.
    pub enabled: bool,
}

impl Default for Discovery {
    fn default() -> Self {
        Discovery { enabled: true }
    }
}

/// The names of the peer libraries, as implementations are named in records and on the
/// command line.
pub const LIBRARY_NAMES: [&str; 3] = [openssl::NAME, gcrypt::NAME, gmp::NAME];

/// Why a library, or one operation of a library, cannot be used on this machine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Unavailable {
    /// The caller turned discovery off ([`Discovery`]).
    Off,
    /// The shared library could not be loaded (not installed, or not loadable).
    NotFound {
        /// The file asked for, e.g. `libcrypto.so.3`.
        soname: String,
        /// The loader's message.
        detail: String,
    },
    /// The library reports a version pkbench does not take.
    Version {
        /// The library (`openssl`, `gcrypt`, `gmp`).
        library: String,
        /// The version it reports.
        found: String,
        /// What pkbench takes, e.g. "3.x".
        expected: String,
    },
    /// A function is missing from the library (a build without that part, or a version
    /// older than the function).
    MissingSymbol {
        /// The library.
        library: String,
        /// The missing symbol.
        symbol: String,
        /// What it is needed for ("binary-field curves (EC2M)").
        needed_for: String,
    },
    /// The library has no such algorithm or configuration here (not in its providers, not in
    /// this build, a key size it does not take).
    Unsupported {
        /// The library.
        library: String,
        /// The algorithm or configuration, e.g. "IDEA-CBC", "CAST5 with a 5-byte key".
        what: String,
        /// Why, in a few words.
        why: String,
    },
}

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unavailable::Off => f.write_str("not looked for (system libraries turned off)"),
            Unavailable::NotFound { soname, detail } => {
                write!(f, "not found on this machine ({soname}: {detail})")
            }
            Unavailable::Version {
                library,
                found,
                expected,
            } => write!(
                f,
                "{library} {found} found, but pkbench takes {library} {expected}"
            ),
            Unavailable::MissingSymbol {
                library,
                symbol,
                needed_for,
            } => write!(
                f,
                "{library} has no {symbol} (needed for {needed_for}): not in this build"
            ),
            Unavailable::Unsupported { library, what, why } => {
                write!(f, "{library} cannot run {what}: {why}")
            }
        }
    }
}

impl Unavailable {
    /// Whether the library itself was not found (or not looked for), as opposed to found
    /// without this part.
    pub fn is_absent(&self) -> bool {
        matches!(self, Unavailable::Off | Unavailable::NotFound { .. })
    }
}

/// A failure of a peer operation: one line, never a panic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PeerError {
    /// A library function reported failure.
    Call {
        /// The library (`openssl`, `gcrypt`, `gmp`).
        library: &'static str,
        /// The function that failed, e.g. `EC_POINT_mul`.
        call: &'static str,
        /// The library's own message (OpenSSL's error queue, `gcry_strerror`), or a few
        /// words.
        detail: String,
    },
    /// pkbench refused a value before the library saw it (a length, a zero exponent, an
    /// even modulus): passing it on could crash the library or give a meaningless answer.
    Input {
        /// The library the value was meant for.
        library: &'static str,
        /// What is wrong with it.
        problem: String,
    },
    /// The operation is not available here.
    Unavailable(Unavailable),
}

impl fmt::Display for PeerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeerError::Call {
                library,
                call,
                detail,
            } => write!(f, "{library}: {call} failed: {detail}"),
            PeerError::Input { library, problem } => write!(f, "{library}: {problem}"),
            PeerError::Unavailable(u) => write!(f, "{u}"),
        }
    }
}

impl std::error::Error for PeerError {}

impl From<Unavailable> for PeerError {
    fn from(u: Unavailable) -> Self {
        PeerError::Unavailable(u)
    }
}

/// A peer failure as pkbench's error: one line (exit code 1: not the user's input; values
/// are checked by pkbench before a library sees them).
impl From<PeerError> for crate::Error {
    fn from(e: PeerError) -> Self {
        crate::Error::runtime(e.to_string())
    }
}

/// A peer operation's result.
pub type PeerResult<T> = std::result::Result<T, PeerError>;

pub use crate::implementation::catalog::{Found, LibraryReport, NotFound};

/// `u` as the catalog shows it: its sentence and its fields.
fn not_found(u: Unavailable) -> NotFound {
    NotFound {
        why: u.to_string(),
        absent: u.is_absent(),
        unavailable: serde_json::to_value(&u).unwrap_or_default(),
    }
}

/// Every peer library, loaded (once per process) unless `discovery` is off.
pub fn libraries(discovery: Discovery) -> Vec<LibraryReport> {
    vec![
        LibraryReport {
            name: openssl::NAME,
            soname: openssl::SONAME,
            status: openssl::load(discovery)
                .map(|l| l.found().clone())
                .map_err(not_found),
        },
        LibraryReport {
            name: gcrypt::NAME,
            soname: gcrypt::SONAME,
            status: gcrypt::load(discovery)
                .map(|l| l.found().clone())
                .map_err(not_found),
        },
        LibraryReport {
            name: gmp::NAME,
            soname: gmp::SONAME,
            status: gmp::load(discovery)
                .map(|l| l.found().clone())
                .map_err(not_found),
        },
    ]
}

/// The major number of a dotted version ("3.0.19" → 3), `None` when it does not start with
/// one.
pub(crate) fn major(version: &str) -> Option<u32> {
    version.split('.').next()?.trim().parse().ok()
}

/// The (major, minor) numbers of a dotted version.
pub(crate) fn major_minor(version: &str) -> Option<(u32, u32)> {
    let mut it = version.split('.');
    let a = it.next()?.trim().parse().ok()?;
    let b = it
        .next()?
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .ok()?;
    Some((a, b))
}

/// For the unit tests of the peer modules: the libraries as the tests see them. A library
/// the tests cannot use is never a silent pass: with the libraries hidden
/// (`PKBENCH_NO_PEERS=1`, as one pass of `.ci/run` sets) the test checks the documented
/// behaviour instead (the library was not looked for); otherwise it is a visible `SKIPPED`
/// line, and a failure under `PKBENCH_TEST_STRICT=1` (CI installs all three libraries).
#[cfg(test)]
pub(crate) mod test_support {
    use super::{Discovery, Unavailable};

    /// The environment variable that hides the libraries from the tests, as it hides them
    /// from the binary (`cli::options` maps it for the binary; the library reads none).
    pub const HIDE_VAR: &str = "PKBENCH_NO_PEERS";

    /// Discovery as the tests run it: off when `PKBENCH_NO_PEERS=1`.
    pub fn discovery() -> Discovery {
        Discovery {
            enabled: std::env::var_os(HIDE_VAR).is_none_or(|v| v != "1"),
        }
    }

    /// Whether the tests run with the libraries hidden (`PKBENCH_NO_PEERS=1`).
    pub fn hidden() -> bool {
        !discovery().enabled
    }

    /// The loaded library, or `None` after [`unavailable`] checked or reported why. A
    /// library that loads although hidden fails the test.
    #[track_caller]
    pub fn or_skip<T>(loaded: Result<T, Unavailable>) -> Option<T> {
        match loaded {
            Ok(lib) => {
                assert!(!hidden(), "a library loaded with discovery off");
                Some(lib)
            }
            Err(why) => {
                unavailable(&why, "library");
                None
            }
        }
    }

    /// `what` (a library, a group through one) cannot run: with the libraries hidden it must
    /// be because they were not looked for ([`Unavailable::Off`], checked here); otherwise a
    /// visible skip, a failure under `PKBENCH_TEST_STRICT=1`.
    #[track_caller]
    pub fn unavailable(why: &Unavailable, what: &str) {
        if hidden() {
            assert_eq!(*why, Unavailable::Off, "{what} with the libraries hidden");
        } else {
            crate::testing::skip(&format!("{what}: {why}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse() {
        assert_eq!(major("3.0.19"), Some(3));
        assert_eq!(major_minor("1.10.1"), Some((1, 10)));
        assert_eq!(major_minor("6.2.1"), Some((6, 2)));
        assert_eq!(major_minor("1.11.0-beta"), Some((1, 11)));
        assert_eq!(major("x"), None);
    }

    #[test]
    fn discovery_off_loads_nothing() {
        let off = Discovery { enabled: false };
        for lib in libraries(off) {
            assert_eq!(lib.status, Err(not_found(Unavailable::Off)), "{}", lib.name);
        }
        assert_eq!(
            Unavailable::Off.to_string(),
            "not looked for (system libraries turned off)"
        );
    }

    #[test]
    fn messages_are_one_line() {
        let e = PeerError::Call {
            library: "openssl",
            call: "EC_POINT_mul",
            detail: "error:xyz".into(),
        };
        assert_eq!(e.to_string(), "openssl: EC_POINT_mul failed: error:xyz");
        let u = Unavailable::MissingSymbol {
            library: "openssl".into(),
            symbol: "EC_GROUP_new_curve_GF2m".into(),
            needed_for: "binary-field curves (EC2M)".into(),
        };
        assert!(!u.to_string().contains('\n'));
        let err: crate::Error = PeerError::from(u).into();
        assert_eq!(err.exit_code(), 1);
    }

    #[test]
    fn reports_serialise() {
        let r = LibraryReport {
            name: "gmp",
            soname: "libgmp.so.10",
            status: Err(not_found(Unavailable::NotFound {
                soname: "libgmp.so.10".into(),
                detail: "no such file".into(),
            })),
        };
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["status"]["found"], false);
        assert_eq!(v["status"]["unavailable"]["kind"], "not-found");
    }
}

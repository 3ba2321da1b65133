//! Who computes an operation: pkbench's own code, a named crate, or a library (GMP through
//! rug; the system libraries loaded at run time by [`crate::peers`]: OpenSSL, libgcrypt,
//! GMP), each with its version. Every
//! operation of a result record names its [`Implementation`], so that a ratio between two
//! rows says which code was compared (design.md §2, "implementation").

pub mod catalog;

use serde::{Deserialize, Serialize};

pub mod precomputation;
pub use precomputation::Precomputation;

pub mod checked;

/// What kind of code an [`Implementation`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ImplKind {
    /// pkbench's own code (GF(2^m) arithmetic and binary curves, fixed-base tables, SHA-0,
    /// HAVAL, the raw RSA and DH drivers).
    Own,
    /// A Rust crate pkbench depends on (RustCrypto, dalek, num-bigint), version from
    /// Cargo.lock.
    Crate,
    /// A C library, linked at build time (GMP through rug) or loaded at run time
    /// ([`crate::peers`]: `openssl`, `gcrypt`, `gmp`), version as the library reports it.
    Library,
}

/// Who computes an operation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Implementation {
    /// `pkbench`, a crate name as on crates.io (`p256`, `x25519-dalek`, `num-bigint`, `md-5`)
    /// or a library's name (`gmp`).
    pub name: String,
    /// Its version: pkbench's package version, the crate's version in Cargo.lock, or the
    /// library's own version string (`6.3.0`); `unknown` when it cannot be told.
    pub version: String,
    /// Own code, crate or library.
    pub kind: ImplKind,
    /// The code path taken inside it where it chooses at build or run time, e.g.
    /// `vpclmulqdq+avx512` or `portable` for pkbench's GF(2^m) code, `fat` or
    /// `-mtune=skylake -march=broadwell` for a GMP build; empty when there is one path.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub variant: String,
    /// CPU features that path uses, chosen at run time (Rust's `is_x86_feature_detected!`
    /// names: `pclmulqdq`, `vpclmulqdq`, `avx512f`, …); empty when none is chosen at run time.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cpu_features: Vec<String>,
}

impl Implementation {
    /// pkbench's own code, taking the code path `variant` (may be empty).
    pub fn own(variant: &str) -> Implementation {
        Implementation {
            name: "pkbench".to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            kind: ImplKind::Own,
            variant: variant.to_string(),
            cpu_features: Vec::new(),
        }
    }

    /// The crate `name` (as in Cargo.lock), with the version this build was compiled with.
    pub fn of_crate(name: &str) -> Implementation {
        Implementation {
            name: name.to_string(),
            version: crate_version(name).to_string(),
            kind: ImplKind::Crate,
            variant: String::new(),
            cpu_features: Vec::new(),
        }
    }

    /// A library `name` at `version`, taking the code path `variant` (may be empty).
    pub fn library(name: &str, version: &str, variant: &str) -> Implementation {
        Implementation {
            name: name.to_string(),
            version: version.to_string(),
            kind: ImplKind::Library,
            variant: variant.to_string(),
            cpu_features: Vec::new(),
        }
    }

    /// The same implementation, noting that it uses the CPU features `features`.
    pub fn using(mut self, features: &[&str]) -> Implementation {
        self.cpu_features = features.iter().map(|f| f.to_string()).collect();
        self
    }

    /// One label: `NAME VERSION`, then ` (VARIANT)` when there is one, e.g.
    /// `pkbench 0.1.0 (vpclmulqdq+avx512)`, `p256 0.14.0`, `gmp 6.3.0 (fat)`.
    pub fn label(&self) -> String {
        if self.variant.is_empty() {
            format!("{} {}", self.name, self.version)
        } else {
            format!("{} {} ({})", self.name, self.version, self.variant)
        }
    }
}

/// The version of the crate `name` that this build was compiled with (from Cargo.lock, read
/// by the build script), `unknown` for a crate that is not a dependency.
pub fn crate_version(name: &str) -> &'static str {
    env!("PKBENCH_CRATE_VERSIONS")
        .split(';')
        .filter_map(|entry| entry.split_once('='))
        .find(|(n, _)| *n == name)
        .map_or("unknown", |(_, v)| v)
}

/// The major.minor part of a version, as reports give a crate's version ("0.11.0" → "0.11",
/// "0.11.0-rc.2" → "0.11"); a version without a second dot is returned whole.
pub fn short_version(version: &str) -> &str {
    match version.match_indices('.').nth(1) {
        Some((i, _)) => &version[..i],
        None => version,
    }
}

/// A library that can compute operations pkbench also computes itself, loaded at run time
/// by [`crate::peers`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Library {
    /// OpenSSL 3 libcrypto (`peers::openssl`).
    OpenSsl,
    /// libgcrypt (`peers::gcrypt`).
    Gcrypt,
    /// GNU MP at run time (`peers::gmp`).
    Gmp,
}

impl Library {
    /// Every peer library, in the order rows are shown.
    pub const ALL: [Library; 3] = [Library::OpenSsl, Library::Gcrypt, Library::Gmp];

    /// Its name in records and on the command line: `openssl`, `gcrypt`, `gmp`.
    pub const fn name(self) -> &'static str {
        match self {
            Library::OpenSsl => "openssl",
            Library::Gcrypt => "gcrypt",
            Library::Gmp => "gmp",
        }
    }

    /// The library by its name (`openssl` or `libcrypto`, `gcrypt` or `libgcrypt`, `gmp` or
    /// `libgmp`; any case).
    pub fn parse(name: &str) -> Option<Library> {
        match name.to_ascii_lowercase().as_str() {
            "openssl" | "libcrypto" => Some(Library::OpenSsl),
            "gcrypt" | "libgcrypt" => Some(Library::Gcrypt),
            "gmp" | "libgmp" => Some(Library::Gmp),
            _ => None,
        }
    }
}

/// Who computes a Job's operations: the implementation axis (`--impl`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Choice {
    /// pkbench's own code, or the crate it uses (the default).
    #[default]
    Own,
    /// pkbench's own code with the portable GF(2^m) arithmetic forced ([`PORTABLE`]): the
    /// twin of the carry-less-multiply code on the binary curves (gf2-155, gf2-185), timed
    /// in the same rounds as [`Choice::Own`] so that one run gives the ratio of the two code
    /// paths. Only `dh` on a binary curve takes it; not part of `all`.
    Portable,
    /// A peer library loaded at run time.
    Peer(Library),
    /// A Rust crate that `dh` runs beside pkbench's own code on the curves it offers, by its
    /// crates.io name (`aws-lc-rs`); the list of them is `peers::crates::CRATES`, which
    /// parses the names (this layer knows none). Not part of [`Choice::all`].
    Crate(&'static str),
}

/// The name of pkbench's own choice in lists and records.
pub const OWN: &str = "pkbench";

/// The name of [`Choice::Portable`] in lists and records.
pub const PORTABLE: &str = "pkbench-portable";

/// The operation param that names a peer's rows (and [`Choice::Portable`]'s); pkbench's
/// own rows carry none.
pub const IMPL_PARAM: &str = "impl";

impl Choice {
    /// Every choice `--impl all` names: pkbench's own, then each library
    /// ([`Choice::Portable`] is asked for by name only).
    pub fn all() -> Vec<Choice> {
        std::iter::once(Choice::Own)
            .chain(Library::ALL.into_iter().map(Choice::Peer))
            .collect()
    }

    /// `pkbench`, `pkbench-portable`, `openssl`, `gcrypt`, `gmp`, or a crate's name.
    pub fn name(self) -> &'static str {
        match self {
            Choice::Own => OWN,
            Choice::Portable => PORTABLE,
            Choice::Peer(l) => l.name(),
            Choice::Crate(c) => c,
        }
    }

    /// The crate `name` as a choice, read back from a record (whose names are not
    /// `'static`): each distinct name is kept once for the life of the process (a record
    /// names a few).
    pub fn of_crate(name: &str) -> Choice {
        static NAMES: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());
        let mut names = NAMES
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let kept = match names.iter().find(|n| **n == name) {
            Some(n) => *n,
            None => {
                let n: &'static str = Box::leak(name.to_string().into_boxed_str());
                names.push(n);
                n
            }
        };
        Choice::Crate(kept)
    }

    /// A choice by name: `pkbench` (or `own`), `pkbench-portable`, or a library's name
    /// ([`Library::parse`]).
    pub fn parse(name: &str) -> Option<Choice> {
        match name.to_ascii_lowercase().as_str() {
            OWN | "own" => Some(Choice::Own),
            PORTABLE => Some(Choice::Portable),
            other => Library::parse(other).map(Choice::Peer),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_versions_come_from_cargo_lock() {
        let lock = include_str!("../../Cargo.lock");
        for name in ["p256", "x25519-dalek", "num-bigint", "md-5", "des"] {
            let v = crate_version(name);
            let entry = format!("name = \"{name}\"\nversion = \"{v}\"");
            assert!(lock.contains(&entry), "{name} {v} not in Cargo.lock");
        }
        assert_eq!(crate_version("no-such-crate"), "unknown");
        assert_eq!(short_version("0.11.0"), "0.11");
        assert_eq!(short_version("0.11.0-rc.2"), "0.11");
        assert_eq!(short_version("unknown"), "unknown");
    }

    #[test]
    fn labels() {
        let own = Implementation::own("portable");
        assert_eq!(
            own.label(),
            format!("pkbench {} (portable)", env!("CARGO_PKG_VERSION"))
        );
        let c = Implementation::of_crate("p256");
        assert_eq!(c.label(), format!("p256 {}", crate_version("p256")));
        assert_eq!(c.kind, ImplKind::Crate);
        let g = Implementation::library("gmp", "6.3.0", "fat").using(&["bmi2"]);
        assert_eq!(g.label(), "gmp 6.3.0 (fat)");
        let json = serde_json::to_value(&g).unwrap();
        assert_eq!(json["kind"], "library");
        assert_eq!(json["cpu_features"][0], "bmi2");
        let back: Implementation = serde_json::from_value(json).unwrap();
        assert_eq!(back, g);
    }

    #[test]
    fn choice_names_round_trip() {
        for c in Choice::all() {
            assert_eq!(Choice::parse(c.name()), Some(c));
        }
        assert_eq!(
            Choice::parse("libgcrypt"),
            Some(Choice::Peer(Library::Gcrypt))
        );
        assert_eq!(Choice::parse("own"), Some(Choice::Own));
        assert_eq!(Choice::parse(PORTABLE), Some(Choice::Portable));
        assert_eq!(Choice::Portable.name(), PORTABLE);
        assert!(!Choice::all().contains(&Choice::Portable), "by name only");
        assert_eq!(Choice::parse("nss"), None);
    }
}

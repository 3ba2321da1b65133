//! What `pkbench impls` lists, as data: the peer libraries as discovery found them and, per
//! kind of operation, every implementation pkbench has and whether it can run here. The
//! facts are gathered by `peers::catalog` (which loads the libraries and checks every peer
//! operation) and rendered by `report::impls`, which therefore needs nothing of `peers`.

use super::Implementation;
use serde::Serialize;

/// Whether an implementation can run here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "kebab-case")]
pub enum Status {
    /// pkbench's own code or a crate, compiled into this binary.
    BuiltIn,
    /// pkbench has it, but not in this build (a cargo feature).
    NotBuilt {
        /// Why, e.g. "built with the cargo feature gmp".
        why: String,
    },
    /// A peer library's operation, prepared and checked here.
    Checked,
    /// The peer library, or this part of it, is not available here.
    Unavailable {
        /// Why.
        why: String,
        /// Whether the library itself is absent (not found, or not looked for).
        absent: bool,
    },
    /// Prepared, but its output was wrong or a call failed: pkbench will not time it.
    Failed {
        /// What went wrong, in one line.
        why: String,
    },
}

impl Status {
    /// Whether pkbench can compute (and time) it here.
    pub fn ready(&self) -> bool {
        matches!(self, Status::BuiltIn | Status::Checked)
    }
}

/// One implementation of an operation kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Candidate {
    /// Its name as the issue and records use it: `pkbench`, a crate (`p256`, `num-bigint`),
    /// the GMP linked in (`gmp-linked`), or a system library (`gmp`, `openssl`, `gcrypt`).
    /// One implementation (library or crate, one version) has one name: two entries of an
    /// operation share a name only as two calls of the same library.
    pub name: String,
    /// How it computes the operation (the function or algorithm), e.g. `BN_mod_exp_mont`.
    pub how: String,
    /// Who computes it, with the version, when it is ready here.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub implementation: Option<Implementation>,
    /// Whether it can run here.
    pub status: Status,
}

/// One kind of operation and its implementations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Operation {
    /// What is computed: "mod-p DH", "EC2N DH", "P-256 ECDH", "hash MD5", "cipher AES", ….
    pub operation: String,
    /// Every implementation pkbench has for it.
    pub implementations: Vec<Candidate>,
}

/// Everything `pkbench impls` shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Catalog {
    /// The peer libraries as discovery found them.
    pub libraries: Vec<LibraryReport>,
    /// Whether OpenSSL's legacy provider was loaded (for MD4, DES, CAST5, Blowfish, RC2,
    /// RC4, SEED): `None` when OpenSSL is absent or nothing needed it.
    pub legacy_provider: Option<String>,
    /// The operation kinds, in a fixed order.
    pub operations: Vec<Operation>,
}

/// What a loaded library says about itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Found {
    /// The implementation name (`openssl`, `gcrypt`, `gmp`).
    pub name: &'static str,
    /// The file loaded, e.g. `libcrypto.so.3`.
    pub soname: &'static str,
    /// The version number, e.g. `3.0.19` (what records show as the implementation's
    /// version).
    pub version: String,
    /// The library's own version text, e.g. "OpenSSL 3.0.19 27 Jan 2026" (`OpenSSL_version`),
    /// "1.10.1" (`gcry_check_version`), "6.2.1" (`__gmp_version`).
    pub text: String,
}

impl Found {
    /// The implementation of an operation computed by this library through `variant` (the
    /// function or algorithm used, e.g. `BN_mod_exp_mont`, `AES-128-CBC`).
    pub fn implementation(&self, variant: &str) -> Implementation {
        Implementation::library(self.name, &self.version, variant)
    }
}

/// One peer library as discovery found it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LibraryReport {
    /// The implementation name (`openssl`, `gcrypt`, `gmp`).
    pub name: &'static str,
    /// The file looked for.
    pub soname: &'static str,
    /// What was found, or why nothing was.
    #[serde(serialize_with = "ser_found")]
    pub status: Result<Found, NotFound>,
}

fn ser_found<S: serde::Serializer>(
    status: &Result<Found, NotFound>,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut m = s.serialize_map(None)?;
    match status {
        Ok(found) => {
            m.serialize_entry("found", &true)?;
            m.serialize_entry("version", &found.version)?;
            m.serialize_entry("text", &found.text)?;
        }
        Err(why) => {
            m.serialize_entry("found", &false)?;
            m.serialize_entry("why", &why.why)?;
            m.serialize_entry("unavailable", &why.unavailable)?;
        }
    }
    m.end()
}

/// Why a library was not found or not taken, as the catalog shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotFound {
    /// One sentence: what is missing and what to do.
    pub why: String,
    /// Whether the library is simply absent (not installed, or discovery off), as opposed
    /// to present but unusable.
    pub absent: bool,
    /// The reason's fields (`kind`, `soname`, …), as JSON shows them.
    pub unavailable: serde_json::Value,
}

//! The build a result was measured with: rustc, profile, target and its features, pkbench
//! version and git commit, cargo features and the bignum backends built in. Everything here
//! is fixed when the binary is compiled (values recorded by `build.rs`), except the backends'
//! own version strings, which the libraries report at run time, and the digest of the
//! executable file, read once per process.

use serde::{Deserialize, Serialize};

/// A fingerprint of the build.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
#[serde(default)]
pub struct Build {
    /// rustc that built this binary, e.g. "rustc 1.95.0 (59807616e 2026-04-14)".
    pub rustc: String,
    /// Cargo profile ("release" or "debug").
    pub profile: String,
    /// Target features enabled at compile time (relevant ones).
    pub target_features: Vec<String>,
    /// pkbench version.
    pub pkbench_version: String,
    /// git commit of the build (12 hex digits; `-dirty` when the files built in — src,
    /// params, vectors, the build script, Cargo.toml, Cargo.lock — differed from it,
    /// changed, staged or new), or "unknown" outside a git checkout. See `build/git.rs`.
    pub git_commit: String,
    /// Target triple of the build, e.g. "x86_64-unknown-linux-gnu".
    pub target: String,
    /// Extra rustc flags of the build (`CARGO_ENCODED_RUSTFLAGS`, e.g. `-C target-cpu=native`),
    /// "" when none.
    pub rustflags: String,
    /// Cargo features of pkbench enabled in the build (e.g. "gmp").
    pub features: Vec<String>,
    /// Bignum backends built in, with versions: the library's own version at run time and
    /// the crates' versions from Cargo.lock (e.g. "num-bigint 0.5.1",
    /// "gmp-linked 6.3.0 (rug 1.30.0, gmp-mpfr-sys 1.7.1)").
    pub backends: Vec<String>,
    /// The bignum backend mod-p groups and RSA use unless `--backend` says otherwise.
    pub default_backend: String,
    /// SHA-256 of the executable file (the first 16 hex digits), which tells two builds
    /// apart when the git commit cannot (a `-dirty` tree); `None` when it could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub executable_sha256: Option<String>,
}

impl Build {
    /// The fingerprint of this binary, with the bignum backends built in as the caller
    /// lists them (`backends`, `default_backend`: `crate::arith::bignum::built_in` and the
    /// default's version; the harness knows nothing of arithmetic).
    pub fn detect(backends: Vec<String>, default_backend: String) -> Build {
        Build {
            rustc: env!("PKBENCH_RUSTC_VERSION").to_string(),
            profile: env!("PKBENCH_PROFILE").to_string(),
            target_features: target_features(),
            pkbench_version: env!("CARGO_PKG_VERSION").to_string(),
            git_commit: env!("PKBENCH_GIT_COMMIT").to_string(),
            target: env!("PKBENCH_TARGET").to_string(),
            rustflags: env!("PKBENCH_RUSTFLAGS").to_string(),
            features: build_features(),
            backends,
            default_backend,
            executable_sha256: executable_digest(),
        }
    }
}

/// SHA-256 of this process's executable, first 16 hex digits, read once (a release binary
/// of about 15 MB takes some 10 ms).
fn executable_digest() -> Option<String> {
    use sha2::{Digest, Sha256};
    use std::io::Read;
    static DIGEST: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    DIGEST
        .get_or_init(|| {
            let path = std::env::current_exe().ok()?;
            let mut f = std::fs::File::open(path).ok()?;
            let mut h = Sha256::new();
            let mut buf = vec![0u8; 1 << 16];
            loop {
                let n = f.read(&mut buf).ok()?;
                if n == 0 {
                    break;
                }
                h.update(&buf[..n]);
            }
            let d = h.finalize();
            Some(d[..8].iter().map(|b| format!("{b:02x}")).collect())
        })
        .clone()
}

fn build_features() -> Vec<String> {
    let mut v = Vec::new();
    if cfg!(feature = "gmp") {
        v.push("gmp".to_string());
    }
    v
}

fn target_features() -> Vec<String> {
    let mut v = Vec::new();
    if cfg!(target_feature = "sse2") {
        v.push("sse2".to_string());
    }
    if cfg!(target_feature = "pclmulqdq") {
        v.push("pclmulqdq".to_string());
    }
    if cfg!(target_feature = "avx2") {
        v.push("avx2".to_string());
    }
    if cfg!(target_feature = "bmi2") {
        v.push("bmi2".to_string());
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn build_fingerprint() {
        let b = Build::detect(vec!["num-bigint 0.5.1".into()], "num-bigint 0.5".into());
        assert!(!b.target.is_empty());
        assert!(
            b.rustc.starts_with("rustc") || b.rustc == "unknown",
            "{}",
            b.rustc
        );
        assert_eq!(b.pkbench_version, env!("CARGO_PKG_VERSION"));
        assert_eq!(b.backends, ["num-bigint 0.5.1"]);
        assert_eq!(
            b.features.contains(&"gmp".to_string()),
            cfg!(feature = "gmp")
        );
    }
}

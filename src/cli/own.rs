//! pkbench's own code by the labels `pkbench impls` gives it (`p256`, `sha2`, `aes`,
//! `num-bigint`; [`crate::peers::catalog::own_code`], read from the catalog): on a command
//! whose own rows that code computes, `--impl LABEL` is pkbench's own row
//! ([`crate::bench::imp::Choice::Own`], the row the output labels so); on another it is
//! refused, naming what the label computes and what pkbench's own code is there.
//!
//! `num-bigint` and `gmp-linked` name pkbench's bignum backends: on a mod-p group (`dh`,
//! and `rsa`) they select pkbench's own rows on that backend, as `--backend` does (one
//! backend per run), and `rsa-raw` gives each backend's value.

use crate::arith::bignum::{BackendKind, LINKED_NAME};
use crate::error::{Error, Result};

/// pkbench's bignum backends as `--impl` names them (their implementations' names, which
/// records and `pkbench impls` use), with the `--backend` name of each.
pub const BACKENDS: [(&str, &str); 2] = [("num-bigint", "num-bigint"), (LINKED_NAME, "gmp")];

/// The names of the `--impl` list `list`, trimmed, empty ones left out.
fn names(list: &str) -> impl Iterator<Item = &str> {
    list.split(',').map(str::trim).filter(|n| !n.is_empty())
}

/// The bignum backend the `--impl` list `list` names (`num-bigint`, `gmp-linked`), as
/// `--backend` would select it; `None` when it names none.
///
/// # Errors
/// [`Error::Input`] when it names both (pkbench's own rows run on one backend per run);
/// `gmp-linked` in a build without the feature `gmp` ([`BackendKind::select`]'s error).
pub fn backend_named(list: &str) -> Result<Option<BackendKind>> {
    let named: Vec<&str> = BACKENDS
        .iter()
        .map(|(label, _)| *label)
        .filter(|label| names(list).any(|n| n.eq_ignore_ascii_case(label)))
        .collect();
    match named.as_slice() {
        [] => Ok(None),
        [one] => BackendKind::select(Some(one)).map(Some).map_err(|_| {
            Error::input(format!(
                "--impl {one}: not in this build: pkbench links GMP when built with --features gmp (needs m4: apt-get install m4)"
            ))
        }),
        _ => Err(Error::input(format!(
            "--impl {}: pkbench's own rows run on one bignum backend per run; name one (as --backend does), and compare the two with `compare --run` or their values with `rsa-raw --impl num-bigint,{LINKED_NAME}`",
            named.join(",")
        ))),
    }
}

/// The error of `name`, given to `--impl` on a command whose own rows the code `here` (its
/// labels; empty for a command that does not say) computes: a label of pkbench's own code
/// for other operations is refused naming them ("p256 computes P-256 ECDH only"), and what
/// to use here; any other name is unknown ([`crate::cli::imp::unknown_impl`], whose
/// suggestions include the labels of pkbench's own code).
pub fn not_here(name: &str, here: &[&str]) -> Error {
    elsewhere(name, here).unwrap_or_else(|| crate::cli::imp::unknown_impl(name))
}

/// The error of [`not_here`] for a label of pkbench's own code on other operations; `None`
/// for a name that is none.
pub fn elsewhere(name: &str, here: &[&str]) -> Option<Error> {
    let own = crate::peers::catalog::own_code();
    let (label, ops) = own.iter().find(|(l, _)| l.eq_ignore_ascii_case(name))?;
    let backend = |l: &str| BACKENDS.iter().find(|(b, _)| *b == l).map(|(_, b)| *b);
    let what = match here.first() {
        Some(h) if backend(h).is_some() && backend(label).is_some() => format!(
            "pkbench's own rows here run on {h}; --backend {} (or --impl {label} alone) selects {label}",
            backend(label).unwrap_or_default()
        ),
        Some(h) => format!("pkbench's own code here is {h}: use {h} or pkbench"),
        None => "use pkbench here for pkbench's own code".to_string(),
    };
    Some(Error::input(format!(
        "--impl {label}: {label} computes {} only (pkbench's own code there); {what}",
        ops.join(", ")
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A label of pkbench's own code elsewhere names what it computes and what is pkbench's
    /// own here; a backend label names the backend; an unknown name suggests own labels too.
    #[test]
    fn own_labels_refused_elsewhere() {
        let msg = |name: &str, here: &[&str]| not_here(name, here).message().to_string();
        let m = msg("p256", &["p384"]);
        assert_eq!(
            m,
            "--impl p256: p256 computes P-256 ECDH only (pkbench's own code there); pkbench's own code here is p384: use p384 or pkbench"
        );
        let m = msg("sha2", &[]);
        assert!(
            m.starts_with("--impl sha2: sha2 computes hash SHA-256, hash SHA-224, hash SHA-384, hash SHA-512 only"),
            "{m}"
        );
        let m = msg("num-bigint", &["p256"]);
        assert!(
            m.contains("num-bigint computes mod-p DH, RSA raw private, RSA private with CRT only"),
            "{m}"
        );
        let m = msg("des", &["aes"]);
        assert!(m.contains("DES key setup, cipher DES, cipher 3DES"), "{m}");
        let m = msg("libcrux-ml-kem", &["p256"]);
        assert!(m.contains("ML-KEM-768 (KeyGen, Encaps, Decaps)"), "{m}");
        let m = msg("p265", &[]);
        assert!(
            m.contains("unknown implementation; did you mean p256?"),
            "{m}"
        );
        let m = msg("sha-2", &[]);
        assert!(m.contains("did you mean sha2"), "{m}");
    }

    #[test]
    fn backends_by_label() {
        assert_eq!(backend_named("openssl").unwrap(), None);
        assert_eq!(
            backend_named("pkbench, NUM-BIGINT").unwrap(),
            Some(BackendKind::NumBigint)
        );
        let e = backend_named("num-bigint,gmp-linked").unwrap_err();
        assert!(e.message().contains("one bignum backend per run"), "{e}");
        if !cfg!(feature = "gmp") {
            let e = backend_named("gmp-linked").unwrap_err();
            assert!(e.message().contains("--features gmp"), "{e}");
        }
    }
}

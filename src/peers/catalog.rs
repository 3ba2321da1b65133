//! What pkbench can run, per kind of operation, and what was found on this machine: the
//! facts behind `pkbench impls`.
//!
//! For each operation kind (mod-p DH, EC2N DH, P-256, secp256k1, X25519, P-384, P-521, X448,
//! each KEM, RSA raw and CRT, DES key setup, each hash, each cipher) the [`Catalog`] lists every implementation pkbench
//! has: its own code or the crate it uses (built in, or not in this build), and each peer
//! library's way of computing it. A peer operation is listed as ready only after it was
//! prepared and checked here: a known answer from the repository's vectors or the
//! registries, or the same output as pkbench's own code on the same input. Otherwise the
//! entry says why not (the library not found, a part missing from its build, an algorithm
//! it lacks, or a failed check).
//!
//! The key-exchange operations are built in [`dh`], the KEMs in [`kem`], the hashes and
//! ciphers in [`symmetric`]; RSA, DES key setup and the catalog itself here, and
//! [`own_code`]: the labels of pkbench's own code, which `--impl` takes.

mod dh;
mod kem;
mod symmetric;

use super::kat;
use super::openssl::{self, BnPowm, CrtKey, DesKeySetup, OpenSsl};
use super::{Discovery, PeerError, PeerResult, Unavailable, gcrypt, gmp};
use crate::arith::bignum::{BackendKind, LINKED_NAME};
use crate::implementation::Implementation;
use dh::{add_crates, dh_by_library, ec2n_dh, modp_dh, x25519};
use symmetric::{ciphers, hashes};

pub use crate::implementation::catalog::{Candidate, Catalog, Operation, Status};

/// How the RustCrypto crates of P-256 and secp256k1 (`p256`, `k256`) compute Offer and Reply.
const WEIERSTRASS_CRATE: &str =
    "ProjectivePoint::mul_by_generator (Offer), ecdh::diffie_hellman (Reply)";

/// How the crates of P-384, P-521 and X448 compute them.
const CURVE_CRATE: &str = "the crate's key generation (Offer) and ECDH (Reply)";

fn built_in(name: &str, how: &str, imp: Implementation) -> Candidate {
    Candidate {
        name: name.into(),
        how: how.into(),
        implementation: Some(imp),
        status: Status::BuiltIn,
    }
}

/// A peer candidate from the result of preparing and checking it.
fn peer(name: &str, how: &str, r: Result<PeerResult<Implementation>, Unavailable>) -> Candidate {
    let (implementation, status) = match r {
        Err(u) | Ok(Err(PeerError::Unavailable(u))) => (
            None,
            Status::Unavailable {
                absent: u.is_absent(),
                why: u.to_string(),
            },
        ),
        Ok(Ok(imp)) => (Some(imp), Status::Checked),
        Ok(Err(e)) => (None, Status::Failed { why: e.to_string() }),
    };
    Candidate {
        name: name.into(),
        how: how.into(),
        implementation,
        status,
    }
}

/// A failed check as a [`PeerError`].
fn wrong(library: &'static str, what: &str) -> PeerError {
    PeerError::Call {
        library,
        call: "known-answer check",
        detail: format!("{what}: wrong result"),
    }
}

fn ensure(ok: bool, library: &'static str, what: &str) -> PeerResult<()> {
    if ok {
        Ok(())
    } else {
        Err(wrong(library, what))
    }
}

/// Builds the catalog: loads the libraries (unless `discovery` is off) and checks every peer
/// operation once.
pub fn catalog(discovery: Discovery) -> Catalog {
    let ssl = openssl::load(discovery);
    let gcry = gcrypt::load(discovery);
    let gmp_rt = gmp::load(discovery);
    let mut ops = vec![
        modp_dh(&ssl, &gcry, &gmp_rt),
        ec2n_dh(&ssl),
        dh_by_library("p256", "P-256 ECDH", WEIERSTRASS_CRATE, discovery),
        dh_by_library("k256", "secp256k1 ECDH", WEIERSTRASS_CRATE, discovery),
        x25519(&ssl, &gcry),
        dh_by_library("p384", "P-384 ECDH", CURVE_CRATE, discovery),
        dh_by_library("p521", "P-521 ECDH", CURVE_CRATE, discovery),
        dh_by_library("x448", "X448", CURVE_CRATE, discovery),
    ];
    ops.extend(kem::kems(&ssl));
    ops.extend([
        rsa_raw(&ssl, &gcry, &gmp_rt),
        rsa_crt(&ssl),
        des_key_setup(&ssl),
    ]);
    add_crates(&mut ops);
    ops.extend(hashes(&ssl, &gcry));
    ops.extend(ciphers(&ssl, &gcry));
    let legacy_provider = ssl
        .as_ref()
        .ok()
        .and_then(|s| s.legacy_provider())
        .map(|r| match r {
            Ok(()) => "loaded".to_string(),
            Err(u) => format!("not loaded: {u}"),
        });
    Catalog {
        libraries: super::libraries(discovery),
        legacy_provider,
        operations: ops,
    }
}

/// pkbench's own code as [`catalog`] lists it, one entry per label: the crate, bignum
/// backend or `pkbench` that computes pkbench's own rows of some operations, with those
/// operations (their catalog names), in catalog order. Taken from the catalog itself, built
/// without the system libraries: every entry that is built in or not in this build, less
/// the names `--impl` knows apart (`pkbench`, `pkbench-portable`, the libraries, and the
/// crates of [`super::crates::CRATES`], which pkbench runs beside its own code). What a
/// label means on the command line follows: on an operation of its list it is pkbench's
/// own row; on another it is refused, naming its list.
pub fn own_code() -> Vec<(String, Vec<String>)> {
    let cat = catalog(Discovery { enabled: false });
    let apart = |name: &str| {
        crate::implementation::Choice::parse(name).is_some() || super::crates::find(name).is_some()
    };
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for op in cat.operations {
        for c in op.implementations {
            let own = matches!(c.status, Status::BuiltIn | Status::NotBuilt { .. });
            if !own || apart(&c.name) {
                continue;
            }
            match out.iter_mut().find(|(n, _)| *n == c.name) {
                Some((_, ops)) if !ops.contains(&op.operation) => ops.push(op.operation.clone()),
                Some(_) => {}
                None => out.push((c.name, vec![op.operation.clone()])),
            }
        }
    }
    out
}

/// The bignum backends built in, each doing `what` through its modular exponentiation (the
/// call named: `BigUint::modpow`, `mpz_powm`), and GMP through rug where not built. Each is
/// listed under its implementation's name, the one `rsa-raw --impl` takes: `num-bigint`, and
/// [`LINKED_NAME`] (`gmp-linked`) for the linked GMP, never `gmp`, the system's libgmp.
fn backend_candidates(what: &str) -> Vec<Candidate> {
    let mut v: Vec<Candidate> = BackendKind::available()
        .iter()
        .map(|&k| {
            let call =
                crate::with_backend!(k, B => <B as crate::arith::bignum::Backend>::POW_MOD_FN);
            let imp = k.implementation();
            let name = imp.name.clone();
            built_in(&name, &format!("{what}: {call}"), imp)
        })
        .collect();
    if !cfg!(feature = "gmp") {
        v.insert(
            0,
            Candidate {
                name: LINKED_NAME.into(),
                how: format!("{what}: mpz_powm (rug, linked)"),
                implementation: None,
                status: Status::NotBuilt {
                    why: "built with the cargo feature gmp".into(),
                },
            },
        );
    }
    v
}

fn rsa_raw(
    ssl: &Result<&'static OpenSsl, Unavailable>,
    gcry: &Result<&'static gcrypt::Gcrypt, Unavailable>,
    gmp_rt: &Result<&'static gmp::Gmp, Unavailable>,
) -> Operation {
    let v = &kat::rsa()[0];
    let pair = &v.pairs[0];
    let (n, d) = (&v.key.n, &v.key.d);
    let label = format!("rsa-raw.json, {} bits", v.key.bits);
    let mut c = backend_candidates("m^d mod n");
    for how in [BnPowm::Mont, BnPowm::ConstTime] {
        c.push(peer(
            openssl::NAME,
            how.function(),
            ssl.clone().map(|s| {
                let mut e = openssl::ModExp::new(s, n, how)?;
                ensure(
                    e.pow_bytes(&pair.message, d)? == pair.signed_private
                        && e.pow_bytes(&pair.message, &v.key.e)? == pair.encrypted_public,
                    openssl::NAME,
                    &label,
                )?;
                Ok(e.implementation())
            }),
        ));
    }
    c.push(peer(
        gcrypt::NAME,
        "gcry_mpi_powm",
        gcry.clone().map(|g| {
            let mut e = gcrypt::ModExp::new(g, n)?;
            ensure(
                e.pow_bytes(&pair.message, d)? == pair.signed_private,
                gcrypt::NAME,
                "rsa-raw.json",
            )?;
            Ok(e.implementation())
        }),
    ));
    for powm in [gmp::Powm::Fast, gmp::Powm::Sec] {
        c.push(peer(
            gmp::NAME,
            &format!("{} ({})", powm.function(), gmp::SONAME),
            gmp_rt.clone().map(|g| {
                let mut e = gmp::ModExp::new(g, n, powm)?;
                ensure(
                    e.pow_bytes(&pair.message, d)? == pair.signed_private,
                    gmp::NAME,
                    "rsa-raw.json",
                )?;
                Ok(e.implementation())
            }),
        ));
    }
    Operation {
        operation: "RSA raw private".into(),
        implementations: c,
    }
}

fn rsa_crt(ssl: &Result<&'static OpenSsl, Unavailable>) -> Operation {
    let v = &kat::rsa()[0];
    let pair = &v.pairs[0];
    let k = &v.key;
    let key = CrtKey {
        n: &k.n,
        e: &k.e,
        d: &k.d,
        p: &k.p,
        q: &k.q,
        dp: &k.dp,
        dq: &k.dq,
        qinv: &k.qinv,
    };
    let mut c = backend_candidates("CRT (RFC 8017 §5.1.2), per prime");
    c.push(peer(
        openssl::NAME,
        &format!(
            "{} (its RSA API: CRT with {})",
            openssl::rsa::RSA_PRIVATE_CALL,
            openssl::rsa::RSA_PRIVATE_EXTRA
        ),
        ssl.clone().map(|s| {
            let mut e = openssl::RsaPrivate::new(s, key)?;
            ensure(
                e.private_bytes(&pair.message)? == pair.signed_private,
                openssl::NAME,
                "rsa-raw.json",
            )?;
            Ok(e.implementation())
        }),
    ));
    for how in [BnPowm::Mont, BnPowm::ConstTime] {
        c.push(peer(
            openssl::NAME,
            &format!("CRT on BN calls, {} (variant)", how.function()),
            ssl.clone().map(|s| {
                let mut e = openssl::RsaCrt::new(s, key, how)?;
                ensure(
                    e.private_bytes(&pair.message)? == pair.signed_private,
                    openssl::NAME,
                    "rsa-raw.json",
                )?;
                Ok(e.implementation())
            }),
        ));
    }
    Operation {
        operation: "RSA private with CRT".into(),
        implementations: c,
    }
}

fn des_key_setup(ssl: &Result<&'static OpenSsl, Unavailable>) -> Operation {
    let c = vec![
        built_in(
            "des",
            "Des::new (KeyInit)",
            crate::symmetric::ciphers::DES.implementation(|_| false),
        ),
        peer(
            openssl::NAME,
            "DES_set_key_unchecked",
            ssl.clone().map(|s| {
                let mut d = DesKeySetup::new(s)?;
                for (key, pt, ct) in crate::des::known_answers() {
                    d.set_key(&key);
                    ensure(
                        d.encrypt_block(&pt) == ct,
                        openssl::NAME,
                        "vectors/des.json",
                    )?;
                }
                Ok(d.implementation())
            }),
        ),
    ];
    Operation {
        operation: "DES key setup".into(),
        implementations: c,
    }
}

#[cfg(test)]
mod tests;

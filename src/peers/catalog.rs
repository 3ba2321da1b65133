//! What pkbench can run, per kind of operation, and what was found on this machine: the
//! facts behind `pkbench impls`.
//!
//! For each operation kind (mod-p DH, EC2N DH, P-256, secp256k1, X25519, RSA raw and CRT,
//! DES key setup, each hash, each cipher) the [`Catalog`] lists every implementation pkbench
//! has: its own code or the crate it uses (built in, or not in this build), and each peer
//! library's way of computing it. A peer operation is listed as ready only after it was
//! prepared and checked here: a known answer from the repository's vectors or the
//! registries, or the same output as pkbench's own code on the same input. Otherwise the
//! entry says why not (the library not found, a part missing from its build, an algorithm
//! it lacks, or a failed check).

mod symmetric;

use super::kat;
use super::openssl::ec::{BinaryCurve, Derive, EcGroup, NamedCurve, x25519_public};
use super::openssl::{self, BnPowm, CrtKey, DesKeySetup, OpenSsl};
use super::{Discovery, PeerError, PeerResult, Unavailable, gcrypt, gmp};
use crate::arith::bignum::BackendKind;
use crate::implementation::Implementation;
use crate::kex::{GroupOptions, KeyExchange};
use symmetric::{ciphers, hashes, seed};

pub use crate::implementation::catalog::{Candidate, Catalog, Operation, Status};

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

/// One ECDH through OpenSSL: (library, own secret, peer's public value) → (shared secret,
/// implementation).
type EcdhWith<'a> =
    dyn Fn(&'static OpenSsl, &[u8], &[u8]) -> PeerResult<(Vec<u8>, Implementation)> + 'a;

fn own_group(name: &str) -> Option<Box<dyn KeyExchange>> {
    let opts = GroupOptions {
        table: false,
        ..GroupOptions::default()
    };
    crate::kex::open_named(name, &opts).ok()
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
        prime_curve(&ssl, NamedCurve::P256, "P-256 ECDH", "p256"),
        prime_curve(&ssl, NamedCurve::Secp256k1, "secp256k1 ECDH", "k256"),
        x25519(&ssl, &gcry),
        dh_by_library("p384", "P-384 ECDH", discovery),
        dh_by_library("p521", "P-521 ECDH", discovery),
        dh_by_library("x448", "X448", discovery),
        rsa_raw(&ssl, &gcry, &gmp_rt),
        rsa_crt(&ssl),
        des_key_setup(&ssl),
    ];
    add_crates(&mut ops);
    ops.extend(hashes(&ssl, &gcry));
    ops.extend(ciphers(&ssl, &gcry));
    ops.push(seed(&ssl, &gcry));
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

/// The operation of each DH group a crate of [`super::crates::CRATES`] can offer.
const CRATE_GROUPS: [(&str, &str); 4] = [
    ("x25519", "X25519"),
    ("p256", "P-256 ECDH"),
    ("p384", "P-384 ECDH"),
    ("p521", "P-521 ECDH"),
];

/// Each crate's rows under the operations of the groups it offers, each checked against
/// pkbench's own group as `dh --impl` checks it ([`super::crates::candidates`]).
fn add_crates(ops: &mut [Operation]) {
    for (group, label) in CRATE_GROUPS {
        let (Some(op), Some(own)) = (
            ops.iter_mut().find(|o| o.operation == label),
            own_group(group),
        ) else {
            continue;
        };
        // Linked in, so built in once checked (a failed check says so).
        for (name, how, checked) in super::crates::candidates(group, own.as_ref()) {
            op.implementations.push(match checked {
                Ok(imp) => built_in(name, &how, imp),
                Err(e) => peer(name, &how, Ok(Err(e))),
            });
        }
    }
}

/// The bignum backends built in, each doing `what` through its modular exponentiation (the
/// call named: `BigUint::modpow`, `mpz_powm`), and GMP through rug where not built.
fn backend_candidates(what: &str) -> Vec<Candidate> {
    let mut v: Vec<Candidate> = BackendKind::available()
        .iter()
        .map(|&k| {
            let call =
                crate::with_backend!(k, B => <B as crate::arith::bignum::Backend>::POW_MOD_FN);
            built_in(k.name(), &format!("{what}: {call}"), k.implementation())
        })
        .collect();
    if !cfg!(feature = "gmp") {
        v.insert(
            0,
            Candidate {
                name: "gmp".into(),
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

fn modp_dh(
    ssl: &Result<&'static OpenSsl, Unavailable>,
    gcry: &Result<&'static gcrypt::Gcrypt, Unavailable>,
    gmp_rt: &Result<&'static gmp::Gmp, Unavailable>,
) -> Operation {
    let v = &kat::modp()[0];
    let p = kat::group_key(&v.field, "p");
    let mut c = vec![built_in(
        "pkbench",
        "own fixed-base table (Offer), the backend's modular exponentiation (Reply)",
        Implementation::own(""),
    )];
    c.extend(backend_candidates("modular exponentiation"));
    for how in [BnPowm::Mont, BnPowm::ConstTime] {
        c.push(peer(
            openssl::NAME,
            how.function(),
            ssl.clone().map(|s| {
                let mut e = openssl::ModExp::new(s, &p, how)?;
                ensure(
                    e.pow_bytes(&[v.generator as u8], &v.secret_a)? == v.public_a
                        && e.pow_bytes(&v.public_b, &v.secret_a)? == v.shared
                        && e.pow_bytes(&v.public_a, &v.secret_b)? == v.shared,
                    openssl::NAME,
                    &v.field,
                )?;
                Ok(e.implementation())
            }),
        ));
    }
    c.push(peer(
        gcrypt::NAME,
        "gcry_mpi_powm",
        gcry.clone().map(|g| {
            let mut e = gcrypt::ModExp::new(g, &p)?;
            ensure(
                e.pow_bytes(&v.public_b, &v.secret_a)? == v.shared,
                gcrypt::NAME,
                &v.field,
            )?;
            Ok(e.implementation())
        }),
    ));
    for powm in [gmp::Powm::Fast, gmp::Powm::Sec] {
        c.push(peer(
            gmp::NAME,
            &format!("{} ({})", powm.function(), gmp::SONAME),
            gmp_rt.clone().map(|g| {
                let mut e = gmp::ModExp::new(g, &p, powm)?;
                ensure(
                    e.pow_bytes(&v.public_b, &v.secret_a)? == v.shared,
                    gmp::NAME,
                    &v.field,
                )?;
                Ok(e.implementation())
            }),
        ));
    }
    Operation {
        operation: "mod-p DH".into(),
        implementations: c,
    }
}

fn ec2n_dh(ssl: &Result<&'static OpenSsl, Unavailable>) -> Operation {
    let mut c = Vec::new();
    if let Some(g) = own_group("gf2-155") {
        c.push(built_in(
            "pkbench",
            "GF(2^m) code, fixed-base table, ladder",
            g.implementation(),
        ));
    }
    let portable = GroupOptions {
        table: false,
        clmul: false,
        ..GroupOptions::default()
    };
    if let Ok(g) = crate::kex::open_named("gf2-155", &portable) {
        c.push(built_in(
            crate::implementation::PORTABLE,
            "portable GF(2^m) code, no carry-less multiply (named, not in all)",
            g.implementation(),
        ));
    }
    c.push(peer(
        openssl::NAME,
        "EC_POINT_mul, explicit GF(2^m) group (EC2M)",
        ssl.clone().map(|s| {
            let mut imp = None;
            for v in kat::ec2n() {
                let file = crate::params::lookup(&v.field).map_err(|e| PeerError::Input {
                    library: openssl::NAME,
                    problem: e.to_string(),
                })?;
                let curve = BinaryCurve::from_group(&file).map_err(|e| PeerError::Input {
                    library: openssl::NAME,
                    problem: e.to_string(),
                })?;
                let mut g = EcGroup::binary(s, &curve)?;
                let qa = [v.public_a_x.as_slice(), &v.public_a_y].concat();
                let qb = [v.public_b_x.as_slice(), &v.public_b_y].concat();
                ensure(
                    g.offer_x(&v.secret_a)? == v.public_a_x
                        && g.reply(&v.secret_a, &v.public_b_x)? == v.shared_x
                        && g.reply(&v.secret_a, &qb)? == v.shared_x
                        && g.reply(&v.secret_b, &qa)? == v.shared_x,
                    openssl::NAME,
                    &v.field,
                )?;
                imp = Some(g.implementation());
            }
            imp.ok_or_else(|| wrong(openssl::NAME, "no EC2N vector"))
        }),
    ));
    Operation {
        operation: "EC2N DH (gf2-155, gf2-185)".into(),
        implementations: c,
    }
}

fn prime_curve(
    ssl: &Result<&'static OpenSsl, Unavailable>,
    curve: NamedCurve,
    label: &str,
    group: &str,
) -> Operation {
    let mut c = Vec::new();
    let mine = own_group(group);
    if let Some(g) = &mine {
        c.push(built_in(
            &g.implementation().name,
            "ProjectivePoint::mul_by_generator (Offer), ecdh::diffie_hellman (Reply)",
            g.implementation(),
        ));
    }
    // Checked against pkbench's own (crate) group on one exchange.
    let a: Vec<u8> = (1..=32).collect();
    let b: Vec<u8> = (0..32).map(|i| 0x5a ^ (i * 3)).collect();
    let check = |f: &EcdhWith<'_>| {
        ssl.clone().map(|s| {
            let mine = mine
                .as_ref()
                .ok_or_else(|| wrong(openssl::NAME, "no pkbench group to compare with"))?;
            let pb = mine.offer(&b);
            let want = mine.reply(&a, &pb).map_err(|e| PeerError::Input {
                library: openssl::NAME,
                problem: e.to_string(),
            })?;
            let (got, imp) = f(s, &a, &pb)?;
            ensure(got == want, openssl::NAME, curve.openssl_name())?;
            Ok(imp)
        })
    };
    c.push(peer(
        openssl::NAME,
        "EC_POINT_mul",
        check(&|s, a, pb| {
            let mut g = EcGroup::named(s, curve)?;
            Ok((g.reply(a, pb)?, g.implementation()))
        }),
    ));
    c.push(peer(
        openssl::NAME,
        "EVP_PKEY_derive (as openssl speed)",
        check(&|s, a, pb| {
            let mut d = Derive::ec(s, curve, a, pb)?;
            Ok((d.derive()?, d.implementation()))
        }),
    ));
    Operation {
        operation: label.into(),
        implementations: c,
    }
}

fn x25519(
    ssl: &Result<&'static OpenSsl, Unavailable>,
    gcry: &Result<&'static gcrypt::Gcrypt, Unavailable>,
) -> Operation {
    let mut c = Vec::new();
    let mine = own_group("x25519");
    if let Some(g) = &mine {
        c.push(built_in(
            &g.implementation().name,
            "PublicKey::from(&StaticSecret) (Offer), x25519 (Reply)",
            g.implementation(),
        ));
    }
    // RFC 7748 §6.1.
    let h = |s: &str| hex::decode(s).expect("constant hex");
    let a = h("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
    let pa = h("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
    let pb = h("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
    let k = h("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
    c.push(peer(
        openssl::NAME,
        "EVP_PKEY_new_raw_private_key (Offer), EVP_PKEY_derive (Reply)",
        ssl.clone().map(|s| {
            let mut out = [0u8; 32];
            x25519_public(s, &a, &mut out)?;
            let mut d = Derive::x25519(s, &a, &pb)?;
            ensure(
                out[..] == pa[..] && d.derive()? == k,
                openssl::NAME,
                "RFC 7748 §6.1",
            )?;
            Ok(d.implementation())
        }),
    ));
    c.push(peer(
        gcrypt::NAME,
        "gcry_ecc_mul_point (Curve25519)",
        gcry.clone().map(|g| {
            let mut out = [0u8; 32];
            gcrypt::x25519(g, &a, &gcrypt::X25519_BASE, &mut out)?;
            let offer_ok = out[..] == pa[..];
            gcrypt::x25519(g, &a, &pb, &mut out)?;
            ensure(offer_ok && out[..] == k[..], gcrypt::NAME, "RFC 7748 §6.1")?;
            Ok(gcrypt::x25519_implementation(g))
        }),
    ));
    Operation {
        operation: "X25519".into(),
        implementations: c,
    }
}

/// The DH group `group` as `dh --impl` runs it: the crate pkbench uses, then every library
/// that offers the group, each opened as `dh` opens it ([`super::kex::PeerGroup::open`]:
/// its Offer and Reply checked against the crate's on the same secrets), listed with the
/// calls it times. A library that lacks the group is left out; one that is absent here says
/// so.
fn dh_by_library(group: &str, label: &str, discovery: Discovery) -> Operation {
    let mut c = Vec::new();
    let Some(mine) = own_group(group) else {
        return Operation {
            operation: label.into(),
            implementations: c,
        };
    };
    let own: std::sync::Arc<dyn KeyExchange> = std::sync::Arc::from(mine);
    c.push(built_in(
        &own.implementation().name,
        "the crate's key generation (Offer) and ECDH (Reply)",
        own.implementation(),
    ));
    let Ok(file) = crate::params::lookup(group) else {
        return Operation {
            operation: label.into(),
            implementations: c,
        };
    };
    for lib in crate::implementation::Library::ALL {
        let opened = super::kex::PeerGroup::open(&file, own.clone(), lib, discovery);
        let how = match &opened {
            Ok(Ok(g)) => format!(
                "{} (Offer); {} (Reply)",
                g.offer_method().unwrap_or_default(),
                g.reply_method().unwrap_or_default()
            ),
            Err(Unavailable::Unsupported { .. }) => continue,
            _ => "Offer and Reply".to_string(),
        };
        c.push(peer(
            lib.name(),
            &how,
            opened.map(|r| r.map(|g| g.implementation())),
        ));
    }
    Operation {
        operation: label.into(),
        implementations: c,
    }
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
            Implementation::of_crate(crate::symmetric::ciphers::DES.crate_name),
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

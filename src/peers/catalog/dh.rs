//! The key-exchange operations of [`super::catalog`]: mod-p DH, EC2N DH, the prime curves,
//! X25519 and the groups only crates and libraries offer here (P-384, P-521, X448), each
//! with pkbench's own code (or crate) and every peer's way, checked on the repository's
//! known answers or against pkbench's own exchange.

use super::{Operation, backend_candidates, built_in, ensure, peer, wrong};
use crate::kex::{GroupOptions, KeyExchange};
use crate::peers::kat;
use crate::peers::openssl::ec::{
    BinaryCurve, Derive, EcGroup, RawCurve, raw_implementation, x25519_public,
};
use crate::peers::openssl::{self, BnPowm, OpenSsl};
use crate::peers::{Discovery, PeerError, Unavailable, gcrypt, gmp};

fn own_group(name: &str) -> Option<Box<dyn KeyExchange>> {
    let opts = GroupOptions {
        table: false,
        ..GroupOptions::default()
    };
    crate::kex::open_named(name, &opts).ok()
}

/// The operation of each DH group a crate of [`crate::peers::crates::CRATES`] can offer.
const CRATE_GROUPS: [(&str, &str); 4] = [
    ("x25519", "X25519"),
    ("p256", "P-256 ECDH"),
    ("p384", "P-384 ECDH"),
    ("p521", "P-521 ECDH"),
];

/// Each crate's rows under the operations of the groups it offers, each checked against
/// pkbench's own group as `dh --impl` checks it ([`crate::peers::crates::candidates`]).
pub(super) fn add_crates(ops: &mut [Operation]) {
    for (group, label) in CRATE_GROUPS {
        let (Some(op), Some(own)) = (
            ops.iter_mut().find(|o| o.operation == label),
            own_group(group),
        ) else {
            continue;
        };
        // Linked in, so built in once checked (a failed check says so).
        for (name, how, checked) in crate::peers::crates::candidates(group, own.as_ref()) {
            op.implementations.push(match checked {
                Ok(imp) => built_in(name, &how, imp),
                Err(e) => peer(name, &how, Ok(Err(e))),
            });
        }
    }
}

pub(super) fn modp_dh(
    ssl: &Result<&'static OpenSsl, Unavailable>,
    gcry: &Result<&'static gcrypt::Gcrypt, Unavailable>,
    gmp_rt: &Result<&'static gmp::Gmp, Unavailable>,
) -> Operation {
    let v = &kat::modp()[0];
    let p = kat::group_key(&v.field, "p");
    // pkbench's own rows are named by the bignum backend they run on (`--backend`).
    let mut c = backend_candidates(
        "own fixed-base table (Offer), the backend's modular exponentiation (Reply)",
    );
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

pub(super) fn ec2n_dh(ssl: &Result<&'static OpenSsl, Unavailable>) -> Operation {
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

pub(super) fn x25519(
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
            // Named as `dh` names the rows it times through these calls.
            Ok(raw_implementation(s, RawCurve::X25519))
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

/// The DH group `group` as `dh --impl` runs it: the crate pkbench uses (computing it as
/// `own_how` says), then every library that offers the group, each opened as `dh` opens it
/// ([`crate::peers::kex::PeerGroup::open`]: its Offer and Reply checked against the crate's
/// on the same secrets), listed with the calls it times: one entry per library, the one
/// `dh --impl LIBRARY` times. A library that lacks the group is left out; one that is
/// absent here says so.
pub(super) fn dh_by_library(
    group: &str,
    label: &str,
    own_how: &str,
    discovery: Discovery,
) -> Operation {
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
        own_how,
        own.implementation(),
    ));
    let Ok(file) = crate::params::lookup(group) else {
        return Operation {
            operation: label.into(),
            implementations: c,
        };
    };
    for lib in crate::implementation::Library::ALL {
        let opened = crate::peers::kex::PeerGroup::open(&file, own.clone(), lib, discovery);
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

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

use super::kat::{self, ConfigCheck};
use super::openssl::ec::{BinaryCurve, Derive, EcGroup, NamedCurve, x25519_public};
use super::openssl::{self, BnPowm, CrtKey, DesKeySetup, OpenSsl, evp};
use super::{Discovery, PeerError, PeerResult, Unavailable, gcrypt, gmp};
use crate::arith::bignum::BackendKind;
use crate::implementation::Implementation;
use crate::kex::{GroupOptions, KeyExchange};
use crate::symmetric::{CipherSpec, Direction, Mode, ciphers::CIPHERS};

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

/// A SEED object's call, and what prepares one: (key, direction) → (call, implementation).
type SeedCall = Box<dyn FnMut(&[u8], &mut [u8]) -> PeerResult<()>>;
type SeedMake<'a> = dyn Fn(&[u8], Direction) -> PeerResult<(SeedCall, Implementation)> + 'a;

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
        rsa_raw(&ssl, &gcry, &gmp_rt),
        rsa_crt(&ssl),
        des_key_setup(&ssl),
    ];
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

fn backend_candidates(what: &str) -> Vec<Candidate> {
    let mut v: Vec<Candidate> = BackendKind::available()
        .iter()
        .map(|k| built_in(k.name(), what, k.implementation()))
        .collect();
    if !cfg!(feature = "gmp") {
        v.insert(
            0,
            Candidate {
                name: "gmp".into(),
                how: format!("{what} (rug, linked)"),
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
        "fixed-base table (Offer), backend exponentiation (Reply)",
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
            "the crate's ECDH",
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
            "the crate's X25519",
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
    let mut c = backend_candidates("CRT (RFC 8017 §5.1.2)");
    for how in [BnPowm::Mont, BnPowm::ConstTime] {
        c.push(peer(
            openssl::NAME,
            &format!("CRT on BN calls, {}", how.function()),
            ssl.clone().map(|s| {
                let key = CrtKey {
                    n: &k.n,
                    p: &k.p,
                    q: &k.q,
                    dp: &k.dp,
                    dq: &k.dq,
                    qinv: &k.qinv,
                };
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
            "the crate's key schedule",
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

/// The hashes: pkbench's registry, then those only libgcrypt has.
fn hashes(
    ssl: &Result<&'static OpenSsl, Unavailable>,
    gcry: &Result<&'static gcrypt::Gcrypt, Unavailable>,
) -> Vec<Operation> {
    let mut names: Vec<(&str, String)> = crate::hash::HASHES
        .iter()
        .map(|h| (h.name, h.title.to_string()))
        .collect();
    for g in gcrypt::HASHES {
        if !names.iter().any(|(n, _)| *n == g.name) {
            names.push((g.name, g.gcrypt_name.to_string()));
        }
    }
    let data: Vec<u8> = (0..1000u32).map(|i| (i * 13 + 5) as u8).collect();
    names
        .into_iter()
        .map(|(name, title)| {
            let mut c = Vec::new();
            let entry = crate::hash::HASHES.iter().find(|h| h.name == name);
            let member = entry.map(|e| &e.members[e.default_member]);
            if let Some(e) = entry {
                let imp = match e.code {
                    crate::hash::Code::Crate(k) => Implementation::of_crate(k),
                    crate::hash::Code::Own(_) => Implementation::own(""),
                };
                c.push(built_in(&imp.name.clone(), "registry entry", imp));
            }
            // A peer is checked against the registry's known answers and pkbench's digest
            // where pkbench has the hash, else against its own one-call function and the
            // known answers of the unit tests (not repeated here).
            let check_with = |got: &mut dyn FnMut(&[u8]) -> PeerResult<Vec<u8>>,
                              library: &'static str|
             -> PeerResult<()> {
                if let Some(m) = member {
                    for ka in (m.known_answers)() {
                        ensure(got(&ka.message)? == ka.digest, library, name)?;
                    }
                    ensure(got(&data)? == (m.digest)(&data), library, name)?;
                }
                Ok(())
            };
            if let Ok(ossl_name) = evp::digest_name(name) {
                c.push(peer(
                    openssl::NAME,
                    &format!("EVP_Digest* {ossl_name}"),
                    ssl.clone().map(|s| {
                        let mut d = evp::Digest::new(s, ossl_name)?;
                        check_with(&mut |m| d.digest(m), openssl::NAME)?;
                        Ok(d.implementation())
                    }),
                ));
            }
            if let Some(gh) = gcrypt::hash(name) {
                c.push(peer(
                    gcrypt::NAME,
                    &format!("gcry_md_* {}", gh.gcrypt_name),
                    gcry.clone().map(|g| {
                        let mut d = gcrypt::Digest::new(g, gh)?;
                        check_with(&mut |m| d.digest(m), gcrypt::NAME)?;
                        ensure(
                            d.digest(&data)? == g.hash_buffer(gh, &data),
                            gcrypt::NAME,
                            name,
                        )?;
                        Ok(d.implementation())
                    }),
                ));
            }
            Operation {
                operation: format!("hash {title}"),
                implementations: c,
            }
        })
        .collect()
}

/// The ciphers of pkbench's registry at their default key size, every mode: the crate, and
/// each peer with the modes it has.
fn ciphers(
    ssl: &Result<&'static OpenSsl, Unavailable>,
    gcry: &Result<&'static gcrypt::Gcrypt, Unavailable>,
) -> Vec<Operation> {
    CIPHERS
        .iter()
        .map(|cipher| {
            let spec = CipherSpec::new(cipher, None).expect("the default size is listed");
            let mut c = vec![built_in(
                cipher.crate_name,
                if cipher.is_stream() {
                    "stream"
                } else {
                    "every mode"
                },
                Implementation::of_crate(cipher.crate_name),
            )];
            let ossl = |s: &'static OpenSsl| {
                let make = move |spec: &CipherSpec, mode: Mode, dir: Direction, key: &[u8]| {
                    evp::Cipher::new(s, spec.cipher.name, spec.key_bits, key, mode, dir)
                };
                let apply =
                    |c: &mut evp::Cipher, iv: &[u8], i: &[u8], o: &mut [u8]| c.apply(iv, i, o);
                modes(&spec, openssl::NAME, &make, &apply, |c| c.implementation())
            };
            c.push(modes_candidate(openssl::NAME, ssl.clone().map(ossl)));
            let gc = |g: &'static gcrypt::Gcrypt| {
                let make = move |spec: &CipherSpec, mode: Mode, dir: Direction, key: &[u8]| {
                    gcrypt::Cipher::new(g, spec.cipher.name, key, mode, dir)
                };
                let apply =
                    |c: &mut gcrypt::Cipher, iv: &[u8], i: &[u8], o: &mut [u8]| c.apply(iv, i, o);
                modes(&spec, gcrypt::NAME, &make, &apply, |c| c.implementation())
            };
            c.push(modes_candidate(gcrypt::NAME, gcry.clone().map(gc)));
            Operation {
                operation: format!("cipher {}", spec.display_name()),
                implementations: c,
            }
        })
        .collect()
}

/// SEED (RFC 4269), which pkbench's registry does not have: the peers' ECB checked on the
/// RFC's vectors, both directions.
fn seed(
    ssl: &Result<&'static OpenSsl, Unavailable>,
    gcry: &Result<&'static gcrypt::Gcrypt, Unavailable>,
) -> Operation {
    let h = |s: &str| hex::decode(s).expect("constant hex");
    let check = |name: &'static str, make: &SeedMake<'_>| -> PeerResult<Implementation> {
        let mut imp = None;
        for (k, p, c) in kat::SEED_VECTORS {
            for (dir, input, want) in [
                (Direction::Encrypt, h(p), h(c)),
                (Direction::Decrypt, h(c), h(p)),
            ] {
                let (mut apply, i) = make(&h(k), dir)?;
                let mut out = [0u8; 16];
                apply(&input, &mut out)?;
                ensure(out[..] == want[..], name, "RFC 4269")?;
                imp = Some(i);
            }
        }
        imp.ok_or_else(|| wrong(name, "no SEED vector"))
    };
    let c = vec![
        peer(
            openssl::NAME,
            "SEED-ECB (and CBC CFB OFB)",
            ssl.clone().map(|s| {
                check(openssl::NAME, &|k, dir| {
                    let mut c = evp::Cipher::new(s, "seed", 128, k, Mode::Ecb, dir)?;
                    let i = c.implementation();
                    Ok((Box::new(move |input, out| c.apply(&[], input, out)), i))
                })
            }),
        ),
        peer(
            gcrypt::NAME,
            "SEED ECB (and CBC CFB OFB CTR)",
            gcry.clone().map(|g| {
                check(gcrypt::NAME, &|k, dir| {
                    let mut c = gcrypt::Cipher::new(g, "seed", k, Mode::Ecb, dir)?;
                    let i = c.implementation();
                    Ok((Box::new(move |input, out| c.apply(&[], input, out)), i))
                })
            }),
        ),
    ];
    Operation {
        operation: "cipher SEED (no pkbench code)".into(),
        implementations: c,
    }
}

/// What a peer did with each mode of one cipher: the modes checked (with the
/// implementation of the last), those it lacks (with why), and the first failure.
struct Modes {
    checked: Vec<Mode>,
    lacking: Vec<(Mode, Unavailable)>,
    failed: Option<String>,
    implementation: Option<Implementation>,
}

fn modes<C>(
    spec: &CipherSpec,
    library: &'static str,
    make: &kat::MakeCipher<'_, C>,
    apply: &kat::ApplyCipher<'_, C>,
    implementation: impl Fn(&C) -> Implementation,
) -> Modes {
    let mut m = Modes {
        checked: Vec::new(),
        lacking: Vec::new(),
        failed: None,
        implementation: None,
    };
    let key = vec![0x3cu8; spec.key_bytes()];
    for &mode in spec.cipher.modes() {
        match kat::check_cipher_config(spec, mode, make, apply) {
            Ok(ConfigCheck::Checked) => {
                m.checked.push(mode);
                if let Ok(c) = make(spec, mode, Direction::Encrypt, &key) {
                    // The implementation names the mode: keep the algorithm part.
                    let mut imp = implementation(&c);
                    imp.variant = imp
                        .variant
                        .replace(&format!("-{}", mode.label()), "")
                        .replace(&format!(", {}", mode.label()), "");
                    m.implementation = Some(imp);
                }
            }
            Ok(ConfigCheck::Unavailable(u)) => m.lacking.push((mode, u)),
            Err(e) => {
                m.failed.get_or_insert(format!("{library}: {e}"));
            }
        }
    }
    m
}

fn modes_candidate(name: &str, r: Result<Modes, Unavailable>) -> Candidate {
    let m = match r {
        Err(u) => return peer(name, "", Err(u)),
        Ok(m) => m,
    };
    let list = |ms: &[Mode]| ms.iter().map(|m| m.label()).collect::<Vec<_>>().join(" ");
    let how = list(&m.checked);
    let status = if let Some(why) = m.failed {
        Status::Failed { why }
    } else if m.checked.is_empty() {
        let why = m
            .lacking
            .first()
            .map(|(_, u)| u.to_string())
            .unwrap_or_else(|| "no mode".into());
        Status::Unavailable { why, absent: false }
    } else {
        Status::Checked
    };
    let lacking: Vec<Mode> = m.lacking.iter().map(|(mode, _)| *mode).collect();
    let how = if m.checked.is_empty() || lacking.is_empty() {
        how
    } else {
        format!("{how} (no {})", list(&lacking))
    };
    Candidate {
        name: name.into(),
        how,
        implementation: m.implementation.filter(|_| status.ready()),
        status,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::peers::test_support::discovery;

    #[test]
    fn with_discovery_off_only_built_in_code_is_ready() {
        let c = catalog(Discovery { enabled: false });
        assert!(c.legacy_provider.is_none());
        for op in &c.operations {
            for cand in &op.implementations {
                if ["openssl", "gcrypt"].contains(&cand.name.as_str())
                    || cand.how.contains("libgmp")
                {
                    assert!(
                        matches!(cand.status, Status::Unavailable { absent: true, .. }),
                        "{} {}: {:?}",
                        op.operation,
                        cand.name,
                        cand.status
                    );
                }
            }
            // Operations pkbench has no code for (SEED, the hashes only libgcrypt has) list
            // only peers.
            let only_peers = op
                .implementations
                .iter()
                .all(|c| ["openssl", "gcrypt"].contains(&c.name.as_str()));
            assert!(
                op.operation.contains("no pkbench code")
                    || only_peers
                    || op
                        .implementations
                        .iter()
                        .any(|c| c.status == Status::BuiltIn),
                "{}: nothing built in",
                op.operation
            );
        }
    }

    #[test]
    fn every_peer_found_here_is_checked_or_says_why() {
        let c = catalog(discovery());
        let mut ready = 0;
        for op in &c.operations {
            for cand in &op.implementations {
                match &cand.status {
                    Status::Failed { why } => {
                        panic!("{}: {} failed: {why}", op.operation, cand.name)
                    }
                    Status::Checked => {
                        ready += 1;
                        assert!(cand.implementation.is_some());
                    }
                    Status::Unavailable { why, absent } if *absent => {
                        crate::testing::skip(&format!("{} {}: {why}", op.operation, cand.name));
                    }
                    _ => {}
                }
            }
        }
        let names: Vec<&str> = c.operations.iter().map(|o| o.operation.as_str()).collect();
        for must in [
            "mod-p DH",
            "EC2N DH (gf2-155, gf2-185)",
            "X25519",
            "DES key setup",
            "hash WHIRLPOOL",
            "cipher TWOFISH",
        ] {
            assert!(names.contains(&must), "{must} missing from {names:?}");
        }
        let json = serde_json::to_value(&c).unwrap();
        assert!(json["operations"][0]["implementations"].is_array());
        eprintln!("{ready} peer operations checked");
    }
}

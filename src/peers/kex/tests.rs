//! Every (group, library) pairing against pkbench's own results.

use super::*;
use crate::peers::test_support::{discovery, unavailable};

/// Every (group, library) pkbench runs: opened, checked against pkbench's own on the same
/// secrets (in `open`), and one exchange more compared here.
#[test]
fn peer_groups_equal_pkbench_own() {
    // With whether the library's Offer uses precomputed multiples of the generator:
    // OpenSSL's P-256 (ecp_nistz256), X25519 (k25519Precomp) and X448 do, P-521 where
    // the build has ecp_nistp521 (checked below), nothing else.
    let cases = [
        ("modp-1024", Library::OpenSsl, false),
        ("modp-1024", Library::Gcrypt, false),
        ("modp-1024", Library::Gmp, false),
        ("ffdhe2048", Library::Gmp, false),
        ("gf2-155", Library::OpenSsl, false),
        ("gf2-185", Library::OpenSsl, false),
        ("p256", Library::OpenSsl, true),
        ("k256", Library::OpenSsl, false),
        ("p384", Library::OpenSsl, false),
        ("p521", Library::OpenSsl, false),
        ("x448", Library::OpenSsl, true),
        ("x25519", Library::OpenSsl, true),
        ("x25519", Library::Gcrypt, false),
    ];
    for (name, lib, table) in cases {
        let file = crate::params::lookup(name).unwrap();
        let own: Arc<dyn KeyExchange> =
            Arc::from(crate::kex::open(&file, &Default::default()).unwrap());
        let g = match PeerGroup::open(&file, own.clone(), lib, discovery()) {
            Err(why) => {
                unavailable(&why, &format!("{name} through {}", lib.name()));
                continue;
            }
            Ok(g) => g.unwrap_or_else(|e| panic!("{name} through {}: {e}", lib.name())),
        };
        let mut rng = ChaCha20Rng::seed_from_u64(9);
        let full = own.info().full_exp_bits;
        let (a, b) = (
            own.random_secret(full, &mut rng),
            own.random_secret(full, &mut rng),
        );
        assert_eq!(g.offer(&a), own.offer(&a), "{name} {}", lib.name());
        let pb = own.offer(&b);
        assert_eq!(g.reply(&a, &pb).unwrap(), own.reply(&a, &pb).unwrap());
        assert_eq!(g.implementation().name, lib.name());
        let table = table
            || (name == "p521"
                && openssl::load(discovery()).is_ok_and(|s| {
                    EcGroup::named(s, NamedCurve::P521).is_ok_and(|g| g.has_nistp521())
                }));
        assert_eq!(
            g.precomputation().on_generator(),
            table,
            "{name} {}: {:?}",
            lib.name(),
            g.precomputation()
        );
        assert!(
            g.table().is_none(),
            "pkbench's own table is not the library's"
        );
    }
}

/// The constant-time twins give pkbench's own results and name their call; libgcrypt
/// and the curves have none.
#[test]
fn constant_time_twins_equal_pkbench_own() {
    let file = crate::params::lookup("modp-1024").unwrap();
    let own: Arc<dyn KeyExchange> =
        Arc::from(crate::kex::open(&file, &Default::default()).unwrap());
    for (lib, call) in [
        (Library::OpenSsl, "BN_mod_exp_mont_consttime"),
        (Library::Gmp, "mpz_powm_sec"),
    ] {
        let g = match PeerGroup::open_way(&file, own.clone(), lib, Way::ConstTime, discovery()) {
            Err(why) => {
                unavailable(&why, &format!("modp-1024 through {call}"));
                continue;
            }
            Ok(g) => g.unwrap_or_else(|e| panic!("{call}: {e}")),
        };
        assert_eq!(g.implementation().variant, call);
        assert_eq!(g.reply_method().as_deref(), Some(call));
        let mut rng = ChaCha20Rng::seed_from_u64(10);
        let (a, b) = (
            own.random_secret(1023, &mut rng),
            own.random_secret(160, &mut rng),
        );
        assert_eq!(g.offer(&a), own.offer(&a), "{call}");
        let pb = own.offer(&b);
        assert_eq!(
            g.reply(&a, &pb).unwrap(),
            own.reply(&a, &pb).unwrap(),
            "{call}"
        );
    }
    for (name, lib) in [("modp-1024", Library::Gcrypt), ("x25519", Library::OpenSsl)] {
        let file = crate::params::lookup(name).unwrap();
        let own: Arc<dyn KeyExchange> =
            Arc::from(crate::kex::open(&file, &Default::default()).unwrap());
        match PeerGroup::open_way(&file, own, lib, Way::ConstTime, discovery()) {
            Err(Unavailable::Unsupported { why, .. }) => {
                assert!(why.contains("constant-time"), "{why}")
            }
            Err(u) => panic!("{name} {}: {u}", lib.name()),
            Ok(_) => panic!("{name} through {} has no constant-time twin", lib.name()),
        }
    }
}

#[test]
fn groups_a_library_lacks_say_so() {
    let file = crate::params::lookup("gf2-155").unwrap();
    let own: Arc<dyn KeyExchange> =
        Arc::from(crate::kex::open(&file, &Default::default()).unwrap());
    match PeerGroup::open(&file, own, Library::Gmp, discovery()) {
        Err(Unavailable::Unsupported { why, .. }) => assert!(why.contains("mod-p"), "{why}"),
        Err(u) if u.is_absent() => unavailable(&u, "gf2-155 through GMP"),
        Err(u) => panic!("{u}"),
        Ok(_) => panic!("GMP has no binary curves"),
    }
    let off = Discovery { enabled: false };
    let own: Arc<dyn KeyExchange> =
        Arc::from(crate::kex::open(&file, &Default::default()).unwrap());
    assert!(matches!(
        PeerGroup::open(&file, own, Library::OpenSsl, off),
        Err(Unavailable::Off)
    ));
}

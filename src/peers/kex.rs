//! A group computed by a peer library: [`PeerGroup`] is a [`KeyExchange`] whose Offer and
//! Reply go through OpenSSL, libgcrypt or GMP, so that `bench::dh` times it with the same
//! pool, checks and harness as pkbench's own code.
//!
//! Everything but the two timed operations is pkbench's own group's: the secrets drawn from
//! the seeded RNG, the encodings, the generator, the secret checks. The same seed therefore
//! gives the same inputs to every implementation, and [`PeerGroup::open`] compares the peer's
//! Offer and Reply with pkbench's own on the same secrets before it returns (outside any
//! timing). Peer values are validated by pkbench before a library sees them: mod-p values
//! must lie in 2..p−2 (the subgroup check of pkbench's own Reply is not repeated), curve
//! points are parsed and checked on the curve by the library itself, as its users' code
//! does.
//!
//! | family | OpenSSL | libgcrypt | GMP |
//! |---|---|---|---|
//! | mod-p | `BN_mod_exp_mont` (no generator table: Offer is a plain g^x) | `gcry_mpi_powm` | `mpz_powm` |
//! | EC2N (Oakley 3, 4) | `EC_POINT_mul` on the explicit GF(2^m) group (no table) | — | — |
//! | P-256, secp256k1 | `EC_POINT_mul` on the named curve (P-256: OpenSSL's built-in multiples of G; secp256k1: none) | — | — |
//! | X25519 | `EVP_PKEY_new_raw_private_key` (Offer, over OpenSSL's built-in `k25519Precomp`), `EVP_PKEY_derive` (Reply) | `gcry_ecc_mul_point` (no table) | — |
//!
//! Each says what its Offer precomputed for the generator ([`KeyExchange::precomputation`]):
//! a row's ratio against pkbench's own is like for like only when both sides agree.

use super::openssl::ec::{BinaryCurve, Derive, EcGroup, NamedCurve, x25519_public};
use super::openssl::{self, BnPowm};
use super::{Discovery, PeerError, PeerResult, Unavailable, gcrypt, gmp};
use crate::error::Result;
use crate::implementation::Implementation;
use crate::kex::{ExpBits, GroupInfo, KeyExchange, Precomputation, TableInfo, ValueForm};
use crate::params::{Family, GroupFile};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use std::sync::{Arc, Mutex};

pub use crate::implementation::Library;

/// The prepared library objects behind a [`PeerGroup`]; each behind a lock because the
/// library writes into them (one uncontended lock per operation: the timed loop is single
/// threaded).
enum Engine {
    OsslModExp(Mutex<openssl::ModExp>),
    GcryModExp(Mutex<gcrypt::ModExp>),
    GmpModExp(Mutex<gmp::ModExp>),
    OsslCurve(Mutex<EcGroup>),
    OsslX25519(&'static openssl::OpenSsl),
    GcryX25519(&'static gcrypt::Gcrypt),
}

/// pkbench's own group with Offer and Reply computed by a library (see the module
/// documentation).
pub struct PeerGroup {
    own: Arc<dyn KeyExchange>,
    engine: Engine,
    implementation: Implementation,
    offer_method: String,
    reply_method: String,
    /// What the library's Offer precomputed for the generator.
    precomputation: Precomputation,
    /// Byte length of an Offer's output (the own group's public encoding).
    offer_bytes: usize,
}

/// What a failed peer call returns from [`KeyExchange::offer`] (which cannot fail): a
/// one-byte value that no check accepts, so the pool check or the check of the timed
/// outputs reports it.
const FAILED: [u8; 1] = [0xff];

/// Which of a library's calls computes a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Way {
    /// The call `dh` times (table above).
    #[default]
    Default,
    /// The library's constant-time twin: `BN_mod_exp_mont_consttime`, `mpz_powm_sec`
    /// (mod-p only).
    ConstTime,
}

impl PeerGroup {
    /// `own` (opened from `file`) with Offer and Reply through `library`, checked against
    /// `own` on the same secrets (a full-size and, where the group takes one, a 128-bit
    /// secret) before it is returned.
    ///
    /// # Errors
    /// `Err(Err(u))`: the library is absent or has no way to compute this group (`u` says
    /// which); `Ok(Err(e))`: a call failed or a result differed from pkbench's own ([`PeerError`],
    /// one line).
    pub fn open(
        file: &GroupFile,
        own: Arc<dyn KeyExchange>,
        library: Library,
        discovery: Discovery,
    ) -> std::result::Result<PeerResult<PeerGroup>, Unavailable> {
        PeerGroup::open_way(file, own, library, Way::Default, discovery)
    }

    /// As [`PeerGroup::open`], through the library's call `way`.
    ///
    /// # Errors
    /// As [`PeerGroup::open`]; [`Unavailable::Unsupported`] for [`Way::ConstTime`] where
    /// the library has no such call for the group (libgcrypt, the curves).
    pub fn open_way(
        file: &GroupFile,
        own: Arc<dyn KeyExchange>,
        library: Library,
        way: Way,
        discovery: Discovery,
    ) -> std::result::Result<PeerResult<PeerGroup>, Unavailable> {
        let info = own.info().clone();
        let family = file
            .family()
            .map_err(|e| unsupported(library, &info.name, &e.to_string()))?;
        if way == Way::ConstTime
            && !matches!(
                (library, family),
                (Library::OpenSsl | Library::Gmp, Family::Modp)
            )
        {
            return Err(unsupported(
                library,
                &info.name,
                "no constant-time twin of its call for this group (pkbench has BN_mod_exp_mont_consttime and mpz_powm_sec, mod-p only)",
            ));
        }
        let made = match (library, family) {
            (lib, Family::Modp) => modp_engine(file, lib, way, discovery)?,
            (Library::OpenSsl, Family::Ec2n) => {
                let s = openssl::load(discovery)?;
                s.ec2m()?;
                BinaryCurve::from_group(file)
                    .map_err(|e| PeerError::Input {
                        library: openssl::NAME,
                        problem: e.to_string(),
                    })
                    .and_then(|c| {
                        let g = EcGroup::binary(s, &c)?;
                        let imp = g.implementation();
                        let pre = openssl_generator(&g, false);
                        Ok((
                            Engine::OsslCurve(Mutex::new(g)),
                            imp,
                            "EC_POINT_mul k·G (OpenSSL's generic GF(2^m) code)",
                            "EC_POINT_mul k·Q",
                            pre,
                        ))
                    })
            }
            (Library::OpenSsl, Family::Ecp) => openssl_curve(&info.name, discovery)?,
            (Library::Gcrypt, Family::Ecp) if info.name == "x25519" => {
                let g = gcrypt::load(discovery)?;
                g.has_x25519()?;
                let imp = gcrypt::x25519_implementation(g);
                Ok((
                    Engine::GcryX25519(g),
                    imp,
                    "gcry_ecc_mul_point k·9",
                    "gcry_ecc_mul_point k·u",
                    Precomputation::None,
                ))
            }
            (lib, _) => {
                // Absent libraries say so first; a present one says it has no way.
                match lib {
                    Library::OpenSsl => openssl::load(discovery).map(|_| ())?,
                    Library::Gcrypt => gcrypt::load(discovery).map(|_| ())?,
                    Library::Gmp => gmp::load(discovery).map(|_| ())?,
                }
                let why = match lib {
                    Library::OpenSsl => "pkbench has no way to run this group through OpenSSL",
                    Library::Gcrypt => {
                        "pkbench runs only mod-p groups and X25519 through libgcrypt"
                    }
                    Library::Gmp => "GMP computes only mod-p groups",
                };
                return Err(unsupported(lib, &info.name, why));
            }
        };
        let (engine, implementation, offer_method, reply_method, precomputation) = match made {
            Ok(m) => m,
            Err(PeerError::Unavailable(u)) => return Err(u),
            Err(e) => return Ok(Err(e)),
        };
        let offer_bytes = own
            .offer(&own.random_secret(info.full_exp_bits, &mut ChaCha20Rng::seed_from_u64(1)))
            .len();
        let g = PeerGroup {
            own,
            engine,
            implementation,
            offer_method: offer_method.into(),
            reply_method: reply_method.into(),
            precomputation,
            offer_bytes,
        };
        Ok(g.cross_check().map(|()| g))
    }

    /// Offer and Reply on two secrets each equal pkbench's own.
    fn cross_check(&self) -> PeerResult<()> {
        let info = self.own.info();
        let mut rng = ChaCha20Rng::seed_from_u64(0x5eed);
        let mut sizes = vec![info.full_exp_bits];
        if self.own.check_exp_bits(ExpBits::Bits(128)).is_ok() && info.full_exp_bits > 128 {
            sizes.push(128);
        }
        let wrong = |what: &str| PeerError::Call {
            library: self.library_name(),
            call: "check against pkbench's own",
            detail: format!("{} {what}: a different result", info.name),
        };
        for bits in sizes {
            let a = self.own.random_secret(bits, &mut rng);
            let b = self.own.random_secret(bits, &mut rng);
            let (pa, pb) = (self.own.offer(&a), self.own.offer(&b));
            if self.offer(&a) != pa {
                return Err(wrong("Offer"));
            }
            let want = self.own.reply(&a, &pb).map_err(|e| PeerError::Input {
                library: self.library_name(),
                problem: e.to_string(),
            })?;
            let got = self.try_reply(&a, &pb)?;
            if got != want || self.try_reply(&b, &pa)? != want {
                return Err(wrong("Reply"));
            }
        }
        Ok(())
    }

    fn library_name(&self) -> &'static str {
        match self.engine {
            Engine::OsslModExp(_) | Engine::OsslCurve(_) | Engine::OsslX25519(_) => openssl::NAME,
            Engine::GcryModExp(_) | Engine::GcryX25519(_) => gcrypt::NAME,
            Engine::GmpModExp(_) => gmp::NAME,
        }
    }

    fn try_offer(&self, secret: &[u8]) -> PeerResult<Vec<u8>> {
        let g = self.own.generator();
        match &self.engine {
            Engine::OsslModExp(m) => lock(m).pow_bytes(&g, secret),
            Engine::GcryModExp(m) => lock(m).pow_bytes(&g, secret),
            Engine::GmpModExp(m) => lock(m).pow_bytes(&g, secret),
            Engine::OsslCurve(m) => {
                let mut e = lock(m);
                let k = e.scalar(secret)?;
                let mut out = vec![0u8; self.offer_bytes];
                e.offer_into(&k, &mut out)?;
                Ok(out)
            }
            Engine::OsslX25519(s) => {
                let mut out = vec![0u8; 32];
                x25519_public(s, secret, &mut out)?;
                Ok(out)
            }
            Engine::GcryX25519(g) => {
                let mut out = vec![0u8; 32];
                gcrypt::x25519(g, secret, &gcrypt::X25519_BASE, &mut out)?;
                Ok(out)
            }
        }
    }

    fn try_reply(&self, secret: &[u8], peer: &[u8]) -> PeerResult<Vec<u8>> {
        match &self.engine {
            Engine::OsslModExp(m) => {
                let mut e = lock(m);
                check_modp_peer(peer, e.modulus_bytes(), openssl::NAME)?;
                e.pow_bytes(peer, secret)
            }
            Engine::GcryModExp(m) => {
                let mut e = lock(m);
                check_modp_peer(peer, e.modulus_bytes(), gcrypt::NAME)?;
                e.pow_bytes(peer, secret)
            }
            Engine::GmpModExp(m) => {
                let mut e = lock(m);
                check_modp_peer(peer, e.modulus_bytes(), gmp::NAME)?;
                e.pow_bytes(peer, secret)
            }
            Engine::OsslCurve(m) => lock(m).reply(secret, peer),
            Engine::OsslX25519(s) => Derive::x25519(s, secret, peer)?.derive(),
            Engine::GcryX25519(g) => {
                let mut out = vec![0u8; 32];
                gcrypt::x25519(g, secret, peer, &mut out)?;
                if out == [0u8; 32] {
                    return Err(PeerError::Input {
                        library: gcrypt::NAME,
                        problem: "X25519 shared secret is zero (RFC 7748 §6.1)".into(),
                    });
                }
                Ok(out)
            }
        }
    }
}

/// What opening a group through a library makes: the engine, its implementation, and the
/// Offer and Reply methods, and what its Offer precomputed for the generator.
type Made = (
    Engine,
    Implementation,
    &'static str,
    &'static str,
    Precomputation,
);

/// The engine of a mod-p group through `library`'s call `way` (the modulus of `file`).
fn modp_engine(
    file: &GroupFile,
    library: Library,
    way: Way,
    discovery: Discovery,
) -> std::result::Result<PeerResult<Made>, Unavailable> {
    Ok(match library {
        Library::OpenSsl => {
            let s = openssl::load(discovery)?;
            let how = match way {
                Way::Default => BnPowm::Mont,
                Way::ConstTime => BnPowm::ConstTime,
            };
            modulus(file, library).and_then(|p| {
                let e = openssl::ModExp::new(s, &p, how)?;
                let imp = e.implementation();
                Ok((
                    Engine::OsslModExp(Mutex::new(e)),
                    imp,
                    match how {
                        BnPowm::Mont => "BN_mod_exp_mont g^x (OpenSSL has no generator table)",
                        BnPowm::ConstTime => {
                            "BN_mod_exp_mont_consttime g^x (OpenSSL has no generator table)"
                        }
                    },
                    how.function(),
                    Precomputation::None,
                ))
            })
        }
        Library::Gcrypt => {
            let g = gcrypt::load(discovery)?;
            modulus(file, library).and_then(|p| {
                let e = gcrypt::ModExp::new(g, &p)?;
                let imp = e.implementation();
                Ok((
                    Engine::GcryModExp(Mutex::new(e)),
                    imp,
                    "gcry_mpi_powm g^x (no generator table)",
                    "gcry_mpi_powm",
                    Precomputation::None,
                ))
            })
        }
        Library::Gmp => {
            let g = gmp::load(discovery)?;
            let powm = match way {
                Way::Default => gmp::Powm::Fast,
                Way::ConstTime => gmp::Powm::Sec,
            };
            modulus(file, library).and_then(|p| {
                let e = gmp::ModExp::new(g, &p, powm)?;
                let imp = e.implementation();
                Ok((
                    Engine::GmpModExp(Mutex::new(e)),
                    imp,
                    match powm {
                        gmp::Powm::Fast => "mpz_powm g^x (no generator table)",
                        gmp::Powm::Sec => "mpz_powm_sec g^x (no generator table)",
                    },
                    powm.function(),
                    Precomputation::None,
                ))
            })
        }
    })
}

/// The engine of a prime curve `name` (`x25519`, `p256`, `k256`) through OpenSSL.
fn openssl_curve(
    name: &str,
    discovery: Discovery,
) -> std::result::Result<PeerResult<Made>, Unavailable> {
    let s = openssl::load(discovery)?;
    Ok(match name {
        "x25519" => {
            let imp = s.implementation("EVP_PKEY, X25519");
            Ok((
                Engine::OsslX25519(s),
                imp,
                "EVP_PKEY_new_raw_private_key (computes the public value)",
                "EVP_PKEY_new_raw_private_key + EVP_PKEY_derive per Reply (the key set-up computes the public value too)",
                openssl_x25519_table(),
            ))
        }
        name => {
            let curve = match name {
                "p256" => NamedCurve::P256,
                "k256" => NamedCurve::Secp256k1,
                _ => return Err(unsupported(Library::OpenSsl, name, "no named curve for it")),
            };
            EcGroup::named(s, curve).map(|g| {
                let imp = g.implementation();
                let pre = openssl_generator(&g, curve == NamedCurve::P256);
                let offer = if pre.on_generator() {
                    "EC_POINT_mul k·G (the curve's precomputed generator multiples)"
                } else {
                    "EC_POINT_mul k·G (no generator table)"
                };
                (
                    Engine::OsslCurve(Mutex::new(g)),
                    imp,
                    offer,
                    "EC_POINT_mul k·Q",
                    pre,
                )
            })
        }
    })
}

/// What OpenSSL's `EC_POINT_mul` precomputed for the generator of `g`, as OpenSSL says
/// ([`EcGroup::generator_table`]); where this build cannot say, what its source does:
/// `p256` true (x86-64 builds use `ecp_nistz256` and its table, crypto/ec/ecp_nistz256.c),
/// the others false (the generic code's ladder, no table unless `EC_GROUP_precompute_mult`
/// is called).
fn openssl_generator(g: &EcGroup, p256: bool) -> Precomputation {
    match g.generator_table() {
        Some(true) => Precomputation::BuiltIn {
            method: "OpenSSL's multiples of the generator (EC_GROUP_have_precompute_mult = 1: on x86-64, ecp_nistz256's 37 × 64 affine points, crypto/ec/ecp_nistz256.c)".into(),
            bytes: None,
        },
        None if p256 => Precomputation::BuiltIn {
            method: "OpenSSL's multiples of the generator (ecp_nistz256 on x86-64; this build has no EC_GROUP_have_precompute_mult to confirm it)".into(),
            bytes: None,
        },
        _ => Precomputation::None,
    }
}

/// OpenSSL's X25519 key generation (`ossl_x25519_public_from_private`, which
/// `EVP_PKEY_new_raw_private_key` calls) multiplies the Ed25519 base point with
/// `ge_scalarmult_base` over the table `k25519Precomp[32][8]` of (j+1)·256^i·B, three field
/// elements of 40 bytes each (crypto/ec/curve25519.c), and maps the result to Montgomery u;
/// `EVP_PKEY_derive` runs the ladder. Measured here: its Offer takes half the time of its
/// Reply, libgcrypt's (a ladder both ways) the same.
fn openssl_x25519_table() -> Precomputation {
    Precomputation::BuiltIn {
        method: "OpenSSL's k25519Precomp: 32 × 8 multiples (j+1)·256^i·B of the Ed25519 base point (crypto/ec/curve25519.c, ge_scalarmult_base), result mapped to Montgomery u".into(),
        bytes: Some(32 * 8 * 3 * 40),
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn unsupported(library: Library, group: &str, why: &str) -> Unavailable {
    Unavailable::Unsupported {
        library: library.name().into(),
        what: group.into(),
        why: why.into(),
    }
}

/// The modulus p of a mod-p group file.
fn modulus(file: &GroupFile, library: Library) -> PeerResult<Vec<u8>> {
    match file.big_key("p") {
        Ok(Some(p)) => Ok(p),
        _ => Err(PeerError::Input {
            library: library.name(),
            problem: format!("{}: no modulus p", file.name),
        }),
    }
}

/// A mod-p peer value, checked before the library sees it: at most `len` significant bytes
/// (the byte length of p) and at least 2.
fn check_modp_peer(peer: &[u8], len: usize, library: &'static str) -> PeerResult<()> {
    let lead = peer.iter().take_while(|&&b| b == 0).count();
    let rest = &peer[lead..];
    if rest.len() > len || rest.is_empty() || (rest.len() == 1 && rest[0] < 2) {
        return Err(PeerError::Input {
            library,
            problem: "a mod-p peer value outside 2..p-2".into(),
        });
    }
    Ok(())
}

impl KeyExchange for PeerGroup {
    fn info(&self) -> &GroupInfo {
        self.own.info()
    }

    /// None: the library's Offer uses its own precomputation, if any (see `offer_method`).
    fn table(&self) -> Option<&TableInfo> {
        None
    }

    fn implementation(&self) -> Implementation {
        self.implementation.clone()
    }

    fn offer_method(&self) -> Option<String> {
        Some(self.offer_method.clone())
    }

    /// The library's own precomputation, decided when the group was opened
    /// ([`openssl_generator`], [`openssl_x25519_table`]; none for the mod-p libraries and
    /// libgcrypt's X25519).
    fn precomputation(&self) -> Precomputation {
        self.precomputation.clone()
    }

    fn reply_method(&self) -> Option<String> {
        Some(self.reply_method.clone())
    }

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

    /// The library's Offer; a failed call gives a value no check accepts.
    fn offer(&self, secret: &[u8]) -> Vec<u8> {
        self.try_offer(secret).unwrap_or_else(|_| FAILED.to_vec())
    }

    fn reply(&self, secret: &[u8], peer: &[u8]) -> Result<Vec<u8>> {
        self.try_reply(secret, peer).map_err(crate::Error::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::peers::test_support::discovery;

    /// Every (group, library) pkbench runs: opened, checked against pkbench's own on the same
    /// secrets (in `open`), and one exchange more compared here.
    #[test]
    fn peer_groups_equal_pkbench_own() {
        // With whether the library's Offer uses precomputed multiples of the generator:
        // OpenSSL's P-256 (ecp_nistz256) and X25519 (k25519Precomp) do, nothing else.
        let cases = [
            ("modp-1024", Library::OpenSsl, false),
            ("modp-1024", Library::Gcrypt, false),
            ("modp-1024", Library::Gmp, false),
            ("ffdhe2048", Library::Gmp, false),
            ("gf2-155", Library::OpenSsl, false),
            ("gf2-185", Library::OpenSsl, false),
            ("p256", Library::OpenSsl, true),
            ("k256", Library::OpenSsl, false),
            ("x25519", Library::OpenSsl, true),
            ("x25519", Library::Gcrypt, false),
        ];
        for (name, lib, table) in cases {
            let file = crate::params::lookup(name).unwrap();
            let own: Arc<dyn KeyExchange> =
                Arc::from(crate::kex::open(&file, &Default::default()).unwrap());
            let g = match PeerGroup::open(&file, own.clone(), lib, discovery()) {
                Err(why) => {
                    crate::testing::skip(&format!("{name} through {}: {why}", lib.name()));
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
            let g = match PeerGroup::open_way(&file, own.clone(), lib, Way::ConstTime, discovery())
            {
                Err(why) => {
                    crate::testing::skip(&format!("modp-1024 through {call}: {why}"));
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
            Err(u) if u.is_absent() => crate::testing::skip(&u.to_string()),
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
}

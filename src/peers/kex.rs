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
//! | P-256, secp256k1, P-384, P-521 | Offer: `EC_POINT_mul` k·G on the named curve, the multiplication `EVP_PKEY_keygen` runs (P-256, and P-521 where OpenSSL builds `ecp_nistp521`: its built-in multiples of G; secp256k1, P-384: none); Reply: `EVP_PKEY_fromdata` + `EVP_PKEY_derive_set_peer` + `EVP_PKEY_derive`, as libssl derives | — | — |
//! | X25519 | `EVP_PKEY_new_raw_private_key` (Offer, over OpenSSL's built-in `k25519Precomp`), `EVP_PKEY_derive` (Reply) | `gcry_ecc_mul_point` (no table) | — |
//!
//! Each says what its Offer precomputed for the generator ([`KeyExchange::precomputation`]):
//! a row's ratio against pkbench's own is like for like only when both sides agree.

use super::openssl::ec::{
    BinaryCurve, Derive, EcGroup, NamedCurve, RawCurve, derive_once, derive_once_implementation,
    raw_implementation, raw_public,
};
use super::openssl::{self, BnPowm};
use super::{Discovery, PeerError, PeerResult, Unavailable, gcrypt, gmp};
use crate::error::Result;
use crate::implementation::Implementation;
use crate::implementation::checked::CrossCheck;
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
    /// Offer by `EC_POINT_mul` k·G, Reply by [`derive_once`] (the EVP API).
    OsslEvp(Mutex<EcGroup>, &'static openssl::OpenSsl, NamedCurve),
    OsslRaw(&'static openssl::OpenSsl, RawCurve),
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
    /// The check against pkbench's own made when it was opened.
    checked: CrossCheck,
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
                        let pre = openssl_generator(&g, None);
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
            checked: CrossCheck::default(),
        };
        Ok(g.cross_check().map(|checked| PeerGroup { checked, ..g }))
    }

    /// Offer and Reply on two secrets of each size (the full size and, where the group takes
    /// it, 128 bits) equal pkbench's own: what was compared.
    fn cross_check(&self) -> PeerResult<CrossCheck> {
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
        let mut done = CrossCheck {
            against: crate::implementation::OWN.into(),
            ..CrossCheck::default()
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
            done.secret_bits.extend([bits, bits]);
            done.offers += 1;
            done.replies += 2;
        }
        Ok(done)
    }

    fn library_name(&self) -> &'static str {
        match self.engine {
            Engine::OsslModExp(_)
            | Engine::OsslCurve(_)
            | Engine::OsslEvp(..)
            | Engine::OsslRaw(..) => openssl::NAME,
            Engine::GcryModExp(_) | Engine::GcryX25519(_) => gcrypt::NAME,
            Engine::GmpModExp(_) => gmp::NAME,
        }
    }

    /// The library's Offer for `secret`, in pkbench's encoding of the group's public value
    /// (full width: leading zero bytes kept), or the library's error.
    ///
    /// # Errors
    /// [`PeerError`] for a call that failed.
    pub fn try_offer(&self, secret: &[u8]) -> PeerResult<Vec<u8>> {
        let g = self.own.generator();
        match &self.engine {
            Engine::OsslModExp(m) => lock(m).pow_bytes(&g, secret),
            Engine::GcryModExp(m) => lock(m).pow_bytes(&g, secret),
            Engine::GmpModExp(m) => lock(m).pow_bytes(&g, secret),
            Engine::OsslCurve(m) | Engine::OsslEvp(m, ..) => {
                let mut e = lock(m);
                let k = e.scalar(secret)?;
                let mut out = vec![0u8; self.offer_bytes];
                e.offer_into(&k, &mut out)?;
                Ok(out)
            }
            Engine::OsslRaw(s, curve) => {
                let mut out = vec![0u8; curve.bytes()];
                raw_public(s, *curve, secret, &mut out)?;
                Ok(out)
            }
            Engine::GcryX25519(g) => {
                let mut out = vec![0u8; 32];
                gcrypt::x25519(g, secret, &gcrypt::X25519_BASE, &mut out)?;
                Ok(out)
            }
        }
    }

    /// The library's Reply: the shared secret of `secret` and the peer's value `peer`, in
    /// pkbench's encoding. Validate `peer` with pkbench's own Reply first: only mod-p values
    /// are range-checked here.
    ///
    /// # Errors
    /// [`PeerError`] for a value refused or a call that failed.
    pub fn try_reply(&self, secret: &[u8], peer: &[u8]) -> PeerResult<Vec<u8>> {
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
            Engine::OsslEvp(_, s, curve) => derive_once(s, *curve, secret, peer),
            Engine::OsslRaw(s, curve) => Derive::raw(s, *curve, secret, peer)?.derive(),
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

/// The engine of a prime curve `name` through OpenSSL: X25519 and X448 through the EVP
/// raw-key API; P-256, secp256k1, P-384 and P-521 with Offer by `EC_POINT_mul` k·G (what
/// `EVP_PKEY_keygen` computes) and Reply through the EVP API ([`derive_once`]), the path
/// libssl calls.
fn openssl_curve(
    name: &str,
    discovery: Discovery,
) -> std::result::Result<PeerResult<Made>, Unavailable> {
    let s = openssl::load(discovery)?;
    let raw = match name {
        "x25519" => Some(RawCurve::X25519),
        "x448" => Some(RawCurve::X448),
        _ => None,
    };
    if let Some(curve) = raw {
        let imp = raw_implementation(s, curve);
        let pre = match curve {
            RawCurve::X25519 => openssl_x25519_table(),
            RawCurve::X448 => openssl_x448_table(),
        };
        return Ok(Ok((
            Engine::OsslRaw(s, curve),
            imp,
            "EVP_PKEY_new_raw_private_key (computes the public value)",
            "EVP_PKEY_new_raw_private_key + EVP_PKEY_derive per Reply (the key set-up computes the public value too)",
            pre,
        )));
    }
    let Some(curve) = NamedCurve::of_group(name) else {
        return Err(unsupported(Library::OpenSsl, name, "no named curve for it"));
    };
    Ok(EcGroup::named(s, curve).map(|g| {
        let pre = openssl_generator(&g, Some(curve));
        let offer = if pre.on_generator() {
            "EC_POINT_mul k·G, the multiplication EVP_PKEY_keygen runs (ossl_ec_key_simple_generate_key), on pkbench's secret (the curve's precomputed generator multiples)"
        } else {
            "EC_POINT_mul k·G, the multiplication EVP_PKEY_keygen runs (ossl_ec_key_simple_generate_key), on pkbench's secret (no generator table)"
        };
        (
            Engine::OsslEvp(Mutex::new(g), s, curve),
            derive_once_implementation(s, curve),
            offer,
            "EVP_PKEY_fromdata (own scalar; peer's point, decoded and checked on the curve) + EVP_PKEY_derive_set_peer + EVP_PKEY_derive per Reply, as libssl derives",
            pre,
        )
    }))
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

    /// OpenSSL's X25519 and X448 Reply sets up the key from raw bytes, which computes the
    /// public value too ([`RawCurve::reply_extra_work`]).
    fn reply_extra_work(&self) -> Option<&'static str> {
        match self.engine {
            Engine::OsslRaw(_, curve) => Some(curve.reply_extra_work()),
            _ => None,
        }
    }

    fn checked(&self) -> Option<CrossCheck> {
        Some(self.checked.clone())
    }

    forward_to_own!();

    /// The library's Offer; a failed call gives a value no check accepts.
    fn offer(&self, secret: &[u8]) -> Vec<u8> {
        self.try_offer(secret).unwrap_or_else(|_| FAILED.to_vec())
    }

    fn reply(&self, secret: &[u8], peer: &[u8]) -> Result<Vec<u8>> {
        self.try_reply(secret, peer).map_err(crate::Error::from)
    }
}

mod precomp;
use precomp::{openssl_generator, openssl_x448_table, openssl_x25519_table};

#[cfg(test)]
mod tests;

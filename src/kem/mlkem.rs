//! ML-KEM through `ml-kem` (RustCrypto) and `libcrux-ml-kem` (Cryspen): one [`Native`] type
//! per crate and parameter set, and the generic [`Impl`] that turns any [`Native`] into a
//! [`Kem`] with its pool of [`Exchanges`].

use super::{Decapsulator, Exchanges, Kem, KemInfo, check_len};
use crate::error::{Invalid, KemError, Param, Result};
use crate::implementation::Implementation;
use std::hint::black_box;
use std::marker::PhantomData;

/// A KEM as one crate computes it, its decapsulation key kept in the crate's own type.
/// Inputs given to these functions have been length-checked by [`Impl`].
pub(super) trait Native: Send + Sync + 'static {
    /// The decapsulation key as the crate keeps it.
    type Dk: Send + Sync;
    /// The crate's short name ([`super::IMPLEMENTATIONS`]).
    const IMPL: &'static str;
    /// KeyGen from the seed: (ek bytes, dk).
    fn keygen(seed: &[u8]) -> (Vec<u8>, Self::Dk);
    /// Encaps to the ek bytes with the coins: (ct, secret).
    ///
    /// # Errors
    /// [`KemError::KeyModulus`] (and, for the hybrid, [`crate::error::PeerValueError::SharedSecretZero`]).
    fn encaps(kem: &str, ek: &[u8], coins: &[u8]) -> Result<(Vec<u8>, Vec<u8>)>;
    /// Decaps the ct bytes with dk: the secret.
    ///
    /// # Errors
    /// For the hybrid, [`crate::error::PeerValueError::SharedSecretZero`].
    fn decaps(kem: &str, dk: &Self::Dk, ct: &[u8]) -> Result<Vec<u8>>;
    /// The expanded encoding of dk.
    fn dk_bytes(dk: &Self::Dk) -> Vec<u8>;
    /// dk from its expanded encoding (length already checked).
    ///
    /// # Errors
    /// [`KemError::KeyHash`] when the H(ek) it carries is wrong (FIPS 203 §7.3).
    fn dk_from_expanded(kem: &str, bytes: &[u8]) -> Result<Self::Dk>;
    /// Who computes it.
    fn implementation() -> Implementation;
    /// The calls of each step, as `pkbench impls` lists them: "A (KeyGen); B (Encaps); C
    /// (Decaps)".
    fn calls() -> String;
}

/// The [`Kem`] of a [`Native`].
pub(super) struct Impl<N: Native> {
    info: &'static KemInfo,
    _n: PhantomData<N>,
}

/// `N` boxed as a [`Kem`] for `info`.
pub(super) fn boxed<N: Native>(info: &'static KemInfo) -> Box<dyn Kem> {
    Box::new(Impl::<N> {
        info,
        _n: PhantomData,
    })
}

impl<N: Native> Impl<N> {
    fn dk(&self, dk: &[u8]) -> Result<N::Dk> {
        let i = self.info;
        check_len(i.name, Param::Dk, &[i.seed_bytes, i.dk_bytes], dk.len())?;
        if dk.len() == i.seed_bytes {
            Ok(N::keygen(dk).1)
        } else {
            N::dk_from_expanded(i.name, dk)
        }
    }
}

impl<N: Native> Kem for Impl<N> {
    fn info(&self) -> &'static KemInfo {
        self.info
    }

    fn implementation(&self) -> Implementation {
        N::implementation()
    }

    fn impl_name(&self) -> &'static str {
        N::IMPL
    }

    fn calls(&self) -> String {
        N::calls()
    }

    fn keygen(&self, seed: &[u8]) -> Result<(Vec<u8>, Vec<u8>)> {
        check_len(
            self.info.name,
            Param::KemSeed,
            &[self.info.seed_bytes],
            seed.len(),
        )?;
        let (ek, dk) = N::keygen(seed);
        Ok((ek, N::dk_bytes(&dk)))
    }

    fn encaps(&self, ek: &[u8], coins: &[u8]) -> Result<(Vec<u8>, Vec<u8>)> {
        let i = self.info;
        check_len(i.name, Param::Ek, &[i.ek_bytes], ek.len())?;
        check_len(i.name, Param::KemM, &[i.coins_bytes], coins.len())?;
        N::encaps(i.name, ek, coins)
    }

    fn decaps(&self, dk: &[u8], ct: &[u8]) -> Result<Vec<u8>> {
        let dk = self.dk(dk)?;
        check_len(self.info.name, Param::Ct, &[self.info.ct_bytes], ct.len())?;
        N::decaps(self.info.name, &dk, ct)
    }

    fn exchanges(&self, seeds: &[Vec<u8>], coins: &[Vec<u8>]) -> Result<Box<dyn Exchanges>> {
        let name = self.info.name;
        let mut p = Pool::<N> {
            kem: name,
            seeds: seeds.to_vec(),
            coins: coins.to_vec(),
            ek: Vec::new(),
            dk: Vec::new(),
            ct: Vec::new(),
            ss: Vec::new(),
            ss_dec: Vec::new(),
            out_ek: vec![Vec::new(); seeds.len()],
            out_dk: (0..seeds.len()).map(|_| None).collect(),
            out_ct: vec![Vec::new(); seeds.len()],
            out_ss: vec![Vec::new(); seeds.len()],
            out_dec: vec![Vec::new(); seeds.len()],
            failed: None,
        };
        for (s, c) in seeds.iter().zip(coins) {
            check_len(name, Param::KemSeed, &[self.info.seed_bytes], s.len())?;
            let (ek, dk) = N::keygen(s);
            let (ct, ss) = self.encaps(&ek, c)?;
            let dec = N::decaps(name, &dk, &ct)?;
            p.ek.push(ek);
            p.dk.push(dk);
            p.ct.push(ct);
            p.ss.push(ss);
            p.ss_dec.push(dec);
        }
        Ok(Box::new(p))
    }

    fn decapsulator(&self, seed: &[u8]) -> Result<Box<dyn Decapsulator>> {
        let i = self.info;
        check_len(i.name, Param::KemSeed, &[i.seed_bytes], seed.len())?;
        Ok(Box::new(Dec::<N> {
            info: i,
            dk: N::keygen(seed).1,
        }))
    }
}

/// A decapsulation key of a [`Native`], for [`Kem::decapsulator`].
struct Dec<N: Native> {
    info: &'static KemInfo,
    dk: N::Dk,
}

impl<N: Native> Decapsulator for Dec<N> {
    fn decaps(&self, ct: &[u8]) -> Result<Vec<u8>> {
        check_len(self.info.name, Param::Ct, &[self.info.ct_bytes], ct.len())?;
        N::decaps(self.info.name, &self.dk, ct)
    }
}

/// The pool of [`Exchanges`] of a [`Native`].
struct Pool<N: Native> {
    kem: &'static str,
    seeds: Vec<Vec<u8>>,
    coins: Vec<Vec<u8>>,
    ek: Vec<Vec<u8>>,
    dk: Vec<N::Dk>,
    ct: Vec<Vec<u8>>,
    ss: Vec<Vec<u8>>,
    ss_dec: Vec<Vec<u8>>,
    out_ek: Vec<Vec<u8>>,
    out_dk: Vec<Option<N::Dk>>,
    out_ct: Vec<Vec<u8>>,
    out_ss: Vec<Vec<u8>>,
    out_dec: Vec<Vec<u8>>,
    failed: Option<&'static str>,
}

impl<N: Native> Exchanges for Pool<N> {
    fn len(&self) -> usize {
        self.seeds.len()
    }

    fn keygen(&mut self, i: usize) {
        let (ek, dk) = N::keygen(black_box(&self.seeds[i]));
        self.out_ek[i] = black_box(ek);
        self.out_dk[i] = Some(dk);
    }

    fn encaps(&mut self, i: usize) {
        match N::encaps(self.kem, black_box(&self.ek[i]), black_box(&self.coins[i])) {
            Ok((ct, ss)) => {
                self.out_ct[i] = black_box(ct);
                self.out_ss[i] = ss;
            }
            Err(_) => self.failed = Some("Encaps"),
        }
    }

    fn decaps(&mut self, i: usize) {
        match N::decaps(self.kem, &self.dk[i], black_box(&self.ct[i])) {
            Ok(ss) => self.out_dec[i] = black_box(ss),
            Err(_) => self.failed = Some("Decaps"),
        }
    }

    fn reference(&self, i: usize) -> (&[u8], &[u8], &[u8]) {
        (&self.ek[i], &self.ct[i], &self.ss[i])
    }

    fn reference_decaps(&self, i: usize) -> &[u8] {
        &self.ss_dec[i]
    }

    fn check(&self) -> Option<&'static str> {
        if self.failed.is_some() {
            return self.failed;
        }
        let differs = |got: &[Vec<u8>], want: &[Vec<u8>]| {
            got.iter().zip(want).any(|(g, w)| !g.is_empty() && g != w)
        };
        let dk_differs = self
            .out_dk
            .iter()
            .zip(&self.dk)
            .any(|(g, w)| g.as_ref().is_some_and(|g| N::dk_bytes(g) != N::dk_bytes(w)));
        if differs(&self.out_ek, &self.ek) || dk_differs {
            Some("KeyGen")
        } else if differs(&self.out_ct, &self.ct) || differs(&self.out_ss, &self.ss) {
            Some("Encaps")
        } else if differs(&self.out_dec, &self.ss) {
            Some("Decaps")
        } else {
            None
        }
    }
}

/// The ML-KEM parameter sets of RustCrypto's `ml-kem`, one [`Native`] each.
macro_rules! rustcrypto {
    ($ty:ident, $p:ty) => {
        #[doc = concat!("`ml-kem`'s `", stringify!($p), "`.")]
        pub(super) struct $ty;

        impl Native for $ty {
            type Dk = ml_kem::DecapsulationKey<$p>;
            const IMPL: &'static str = "ml-kem";

            fn keygen(seed: &[u8]) -> (Vec<u8>, Self::Dk) {
                use ml_kem::KeyExport;
                let seed = ml_kem::Seed::try_from(seed).expect("seed length checked");
                let dk = ml_kem::DecapsulationKey::<$p>::from_seed(seed);
                (dk.encapsulation_key().to_bytes().to_vec(), dk)
            }

            fn encaps(kem: &str, ek: &[u8], coins: &[u8]) -> Result<(Vec<u8>, Vec<u8>)> {
                let bytes = ml_kem::array::Array::try_from(ek).expect("ek length checked");
                let ek = ml_kem::EncapsulationKey::<$p>::new(&bytes).map_err(|_| {
                    Invalid::Kem(KemError::KeyModulus {
                        kem: kem.to_string(),
                    })
                })?;
                let m = ml_kem::B32::try_from(coins).expect("coins length checked");
                let (ct, k) = ek.encapsulate_deterministic(&m);
                Ok((ct.to_vec(), k.to_vec()))
            }

            fn decaps(_kem: &str, dk: &Self::Dk, ct: &[u8]) -> Result<Vec<u8>> {
                use ml_kem::Decapsulate;
                let ct = ml_kem::Ciphertext::<$p>::try_from(ct).expect("ct length checked");
                Ok(dk.decapsulate(&ct).to_vec())
            }

            fn dk_bytes(dk: &Self::Dk) -> Vec<u8> {
                #[allow(deprecated)]
                use ml_kem::ExpandedKeyEncoding;
                #[allow(deprecated)]
                let v = dk.to_expanded_bytes().to_vec();
                v
            }

            fn dk_from_expanded(kem: &str, bytes: &[u8]) -> Result<Self::Dk> {
                #[allow(deprecated)]
                use ml_kem::ExpandedKeyEncoding;
                let enc = ml_kem::array::Array::try_from(bytes).expect("dk length checked");
                #[allow(deprecated)]
                let dk = ml_kem::DecapsulationKey::<$p>::from_expanded_bytes(&enc);
                dk.map_err(|_| {
                    KemError::KeyHash {
                        kem: kem.to_string(),
                    }
                    .into()
                })
            }

            fn implementation() -> Implementation {
                Implementation::of_crate("ml-kem")
            }

            fn calls() -> String {
                concat!(
                    "DecapsulationKey::from_seed of ",
                    stringify!($p),
                    " (KeyGen); ",
                    "EncapsulationKey::new (the FIPS 203 §7.2 key check) + ",
                    "encapsulate_deterministic (Encaps); Decapsulate::decapsulate (Decaps)"
                )
                .into()
            }
        }
    };
}

rustcrypto!(Rc512, ml_kem::MlKem512);
rustcrypto!(Rc768, ml_kem::MlKem768);
rustcrypto!(Rc1024, ml_kem::MlKem1024);

/// The code path libcrux-ml-kem takes on this CPU: it picks its AVX2 code at run time when
/// built with `simd256` and the CPU has AVX2, else its portable code.
fn libcrux_implementation() -> Implementation {
    let avx2 = cfg!(target_arch = "x86_64") && libcrux_avx2();
    let i = Implementation::of_crate("libcrux-ml-kem");
    if avx2 {
        Implementation {
            variant: "avx2".into(),
            ..i
        }
        .using(&["avx2"])
    } else {
        Implementation {
            variant: "portable".into(),
            ..i
        }
    }
}

#[cfg(target_arch = "x86_64")]
fn libcrux_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
}

#[cfg(not(target_arch = "x86_64"))]
fn libcrux_avx2() -> bool {
    false
}

/// The ML-KEM parameter sets of Cryspen's `libcrux-ml-kem`, one [`Native`] each.
macro_rules! libcrux {
    ($ty:ident, $m:ident, $sk:ident, $pk:ident, $ct:ident) => {
        #[doc = concat!("`libcrux-ml-kem`'s `", stringify!($m), "`.")]
        pub(super) struct $ty;

        impl Native for $ty {
            type Dk = libcrux_ml_kem::$m::$sk;
            const IMPL: &'static str = "libcrux-ml-kem";

            fn keygen(seed: &[u8]) -> (Vec<u8>, Self::Dk) {
                let seed: [u8; 64] = seed.try_into().expect("seed length checked");
                let (sk, pk) = libcrux_ml_kem::$m::generate_key_pair(seed).into_parts();
                (pk.as_slice().to_vec(), sk)
            }

            fn encaps(kem: &str, ek: &[u8], coins: &[u8]) -> Result<(Vec<u8>, Vec<u8>)> {
                let pk = libcrux_ml_kem::$m::$pk::try_from(ek).expect("ek length checked");
                // FIPS 203 §7.2: the encapsulation-key check before encapsulating.
                if !libcrux_ml_kem::$m::validate_public_key(&pk) {
                    return Err(KemError::KeyModulus {
                        kem: kem.to_string(),
                    }
                    .into());
                }
                let m: [u8; 32] = coins.try_into().expect("coins length checked");
                let (ct, k) = libcrux_ml_kem::$m::encapsulate(&pk, m);
                Ok((ct.as_slice().to_vec(), k.to_vec()))
            }

            fn decaps(_kem: &str, dk: &Self::Dk, ct: &[u8]) -> Result<Vec<u8>> {
                let ct = libcrux_ml_kem::$m::$ct::try_from(ct).expect("ct length checked");
                Ok(libcrux_ml_kem::$m::decapsulate(dk, &ct).to_vec())
            }

            fn dk_bytes(dk: &Self::Dk) -> Vec<u8> {
                dk.as_slice().to_vec()
            }

            fn dk_from_expanded(kem: &str, bytes: &[u8]) -> Result<Self::Dk> {
                let sk = Self::Dk::try_from(bytes).expect("dk length checked");
                // FIPS 203 §7.3: H(ek) inside dk must be the hash of the ek inside it (the
                // ciphertext argument is only a size: any of the right length does).
                let ct = libcrux_ml_kem::$m::$ct::default();
                if !libcrux_ml_kem::$m::validate_private_key(&sk, &ct) {
                    return Err(KemError::KeyHash {
                        kem: kem.to_string(),
                    }
                    .into());
                }
                Ok(sk)
            }

            fn implementation() -> Implementation {
                libcrux_implementation()
            }

            fn calls() -> String {
                concat!(
                    "generate_key_pair of libcrux_ml_kem::",
                    stringify!($m),
                    " (KeyGen); ",
                    "validate_public_key (the FIPS 203 §7.2 key check) + encapsulate (Encaps); ",
                    "decapsulate (Decaps)"
                )
                .into()
            }
        }
    };
}

libcrux!(
    Lc512,
    mlkem512,
    MlKem512PrivateKey,
    MlKem512PublicKey,
    MlKem512Ciphertext
);
libcrux!(
    Lc768,
    mlkem768,
    MlKem768PrivateKey,
    MlKem768PublicKey,
    MlKem768Ciphertext
);
libcrux!(
    Lc1024,
    mlkem1024,
    MlKem1024PrivateKey,
    MlKem1024PublicKey,
    MlKem1024Ciphertext
);

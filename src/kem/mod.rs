//! Key-encapsulation mechanisms (KEMs): ML-KEM-512, ML-KEM-768 and ML-KEM-1024 (FIPS 203)
//! through two implementations, RustCrypto's `ml-kem` and Cryspen's formally verified
//! `libcrux-ml-kem`, and the TLS 1.3 hybrid X25519MLKEM768 (draft-ietf-tls-ecdhe-mlkem) on
//! each of them with `x25519-dalek`.
//!
//! A KEM exchange has three steps, named as a key exchange's:
//! - **KeyGen** (the initiator's offer): from the seed d ‖ z (FIPS 203 Alg. 16, 64 bytes; the
//!   hybrid adds its 32-byte X25519 secret) make the encapsulation key `ek` (sent) and the
//!   decapsulation key `dk` (kept);
//! - **Encaps** (the responder's reply): from `ek` and the message m (FIPS 203 Alg. 17,
//!   32 bytes; the hybrid adds an ephemeral X25519 secret) make the ciphertext `ct` (sent) and
//!   the shared secret. It starts from the bytes of `ek`, so it includes the encapsulation-key
//!   check of FIPS 203 §7.2 (every coefficient below q = 3329);
//! - **Decaps** (the initiator's finish): from `dk` and `ct` recover the shared secret; a
//!   ciphertext that does not re-encrypt to itself gives the implicit-rejection secret
//!   J(z ‖ ct) (FIPS 203 Alg. 18, line 7), not an error.
//!
//! Total = KeyGen + Encaps + Decaps: the three run in sequence. Each implementation keeps its
//! decapsulation key in its own form between KeyGen and Decaps ([`Exchanges`]); the byte
//! forms ([`Kem::keygen`], [`Kem::encaps`], [`Kem::decaps`]) serve `pkbench kem` and the
//! known answers.
//!
//! The registry ([`KEMS`]) lists each KEM once with its sizes and security estimate
//! ([`KemInfo`]); [`open`] gives its implementations.

mod awslc;
mod hybrid;
mod mlkem;

use crate::error::KemError;
use crate::error::{Param, Result};
use crate::implementation::Implementation;

/// A security estimate of a KEM, classical and quantum, each in bits with its source.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KemSecurity {
    /// NIST security category (FIPS 203 §8, Table 2: 1, 3, 5), `None` for none.
    pub category: Option<u8>,
    /// Classical level in bits: the strength of the category (the AES key size it is
    /// compared with: 128, 192, 256); for the hybrid the better of its parts.
    pub classical_bits: f64,
    /// Quantum level in bits, as the classical one (NIST's categories are defined against
    /// quantum attackers too).
    pub quantum_bits: f64,
    /// The lattice figures behind the category: core-SVP classical and quantum hardness of
    /// the Kyber round-3 specification (Avanzi et al. 2021, Table 4), shown beside the level.
    pub core_svp: (f64, f64),
    /// Where the figures come from.
    pub source: &'static str,
}

/// What a KEM is: its names, its sizes in bytes and its security estimate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KemInfo {
    /// Canonical name (`mlkem768`, `x25519mlkem768`).
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// One line of description.
    pub description: &'static str,
    /// Where its definition comes from.
    pub source: &'static str,
    /// Bytes of the encapsulation key (what the initiator sends).
    pub ek_bytes: usize,
    /// Bytes of the ciphertext (what the responder sends).
    pub ct_bytes: usize,
    /// Bytes of the shared secret.
    pub ss_bytes: usize,
    /// Bytes of the expanded decapsulation key (FIPS 203 §7.1: dk_PKE ‖ ek ‖ H(ek) ‖ z; the
    /// hybrid appends its X25519 secret).
    pub dk_bytes: usize,
    /// Bytes of the KeyGen seed (d ‖ z, 64; the hybrid adds 32 for X25519).
    pub seed_bytes: usize,
    /// Bytes of the Encaps randomness (m, 32; the hybrid adds 32 for X25519).
    pub coins_bytes: usize,
    /// Classical and quantum estimates.
    pub security: KemSecurity,
    /// Place in listings (after the DH groups).
    pub sort_key: u32,
}

/// FIPS 203 and the Kyber round-3 specification, the source of the ML-KEM estimates.
const MLKEM_SOURCE: &str = "FIPS 203 §8 Table 2 (NIST category); core-SVP: CRYSTALS-Kyber round-3 specification (Avanzi et al. 2021) Table 4";

/// Every KEM pkbench knows, in listing order (FIPS 203 §8 Table 3 for the sizes).
pub const KEMS: &[KemInfo] = &[
    KemInfo {
        name: "mlkem512",
        aliases: &["ml-kem-512"],
        description: "ML-KEM-512 (module lattice KEM, k = 2)",
        source: "FIPS 203 §8",
        ek_bytes: 800,
        ct_bytes: 768,
        ss_bytes: 32,
        dk_bytes: 1632,
        seed_bytes: 64,
        coins_bytes: 32,
        security: KemSecurity {
            category: Some(1),
            classical_bits: 128.0,
            quantum_bits: 128.0,
            core_svp: (118.0, 107.0),
            source: MLKEM_SOURCE,
        },
        sort_key: 400,
    },
    KemInfo {
        name: "mlkem768",
        aliases: &["ml-kem-768"],
        description: "ML-KEM-768 (module lattice KEM, k = 3)",
        source: "FIPS 203 §8",
        ek_bytes: 1184,
        ct_bytes: 1088,
        ss_bytes: 32,
        dk_bytes: 2400,
        seed_bytes: 64,
        coins_bytes: 32,
        security: KemSecurity {
            category: Some(3),
            classical_bits: 192.0,
            quantum_bits: 192.0,
            core_svp: (182.0, 165.0),
            source: MLKEM_SOURCE,
        },
        sort_key: 410,
    },
    KemInfo {
        name: "mlkem1024",
        aliases: &["ml-kem-1024"],
        description: "ML-KEM-1024 (module lattice KEM, k = 4)",
        source: "FIPS 203 §8",
        ek_bytes: 1568,
        ct_bytes: 1568,
        ss_bytes: 32,
        dk_bytes: 3168,
        seed_bytes: 64,
        coins_bytes: 32,
        security: KemSecurity {
            category: Some(5),
            classical_bits: 256.0,
            quantum_bits: 256.0,
            core_svp: (256.0, 232.0),
            source: MLKEM_SOURCE,
        },
        sort_key: 420,
    },
    KemInfo {
        name: "x25519mlkem768",
        aliases: &["x25519-mlkem768", "X25519MLKEM768"],
        description: "X25519MLKEM768: ML-KEM-768 and X25519, the TLS 1.3 hybrid",
        source: "draft-ietf-tls-ecdhe-mlkem (ML-KEM share first; secret = ML-KEM ‖ X25519)",
        ek_bytes: 1216,
        ct_bytes: 1120,
        ss_bytes: 64,
        dk_bytes: 2432,
        seed_bytes: 96,
        coins_bytes: 64,
        security: KemSecurity {
            category: Some(3),
            // The better of its parts: ML-KEM-768 (category 3) against X25519's 125.8
            // bits (Pollard rho) classically and 0 (Shor) against a quantum computer.
            classical_bits: 192.0,
            quantum_bits: 192.0,
            core_svp: (182.0, 165.0),
            source: "the better of its parts: ML-KEM-768 (FIPS 203 §8, category 3) and X25519 (Pollard rho 125.8 bits; broken by Shor's algorithm)",
        },
        sort_key: 430,
    },
];

/// The KEM named `name` (a name or alias, case-insensitive), if any.
pub fn lookup(name: &str) -> Option<&'static KemInfo> {
    KEMS.iter().find(|k| {
        k.name.eq_ignore_ascii_case(name) || k.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    })
}

/// Every spelling of a KEM (its name, then each alias) with its name, in listing order: what
/// a name is looked up among, and the suggestions for one that is none of them.
pub fn spellings() -> impl Iterator<Item = (&'static str, &'static str)> {
    KEMS.iter().flat_map(|k| {
        std::iter::once(k.name)
            .chain(k.aliases.iter().copied())
            .map(move |s| (s, k.name))
    })
}

/// The implementations of a KEM pkbench has, in the order they are timed and reported.
pub const IMPLEMENTATIONS: &[&str] = &["ml-kem", "libcrux-ml-kem", "aws-lc-rs"];

/// pkbench's own ML-KEM, what `--impl pkbench` names for a KEM: RustCrypto's `ml-kem`, the
/// implementation `pkbench kem` computes with by default (the others are checked against
/// it there).
pub const OWN: &str = "ml-kem";

/// One implementation of one KEM: byte strings in, byte strings out.
pub trait Kem: Send + Sync {
    /// What the KEM is.
    fn info(&self) -> &'static KemInfo;

    /// Who computes it (the ML-KEM crate; the hybrid names it and `x25519-dalek` in the
    /// variant).
    fn implementation(&self) -> Implementation;

    /// The short name of the ML-KEM implementation ([`IMPLEMENTATIONS`]).
    fn impl_name(&self) -> &'static str;

    /// The calls each step makes, as `pkbench impls` lists them: "A (KeyGen); B (Encaps);
    /// C (Decaps)".
    fn calls(&self) -> String;

    /// KeyGen from `seed` ([`KemInfo::seed_bytes`]: d ‖ z, then the hybrid's X25519
    /// secret): the encapsulation key and the expanded decapsulation key.
    ///
    /// # Errors
    /// [`KemError::Length`] for a seed of the wrong length.
    fn keygen(&self, seed: &[u8]) -> Result<(Vec<u8>, Vec<u8>)>;

    /// Encaps to `ek` with the randomness `coins` ([`KemInfo::coins_bytes`]): the
    /// ciphertext and the shared secret.
    ///
    /// # Errors
    /// [`KemError::Length`] for a key or randomness of the wrong length;
    /// [`KemError::KeyModulus`] for a key that fails the FIPS 203 §7.2 modulus check;
    /// [`crate::error::PeerValueError::SharedSecretZero`] for the hybrid's X25519 part of small order.
    fn encaps(&self, ek: &[u8], coins: &[u8]) -> Result<(Vec<u8>, Vec<u8>)>;

    /// Decaps `ct` with `dk`, given either as the KeyGen seed ([`KemInfo::seed_bytes`]) or
    /// as the expanded key ([`KemInfo::dk_bytes`]): the shared secret (the implicit
    /// rejection secret for a ciphertext that does not decrypt).
    ///
    /// # Errors
    /// [`KemError::Length`] for a key or ciphertext of the wrong length;
    /// [`KemError::KeyHash`] for an expanded key whose H(ek) does not match (FIPS 203
    /// §7.3); [`crate::error::PeerValueError::SharedSecretZero`] for the hybrid's X25519 part of small order.
    fn decaps(&self, dk: &[u8], ct: &[u8]) -> Result<Vec<u8>>;

    /// Makes the reference values of a pool of exchanges (one per seed and coins) and
    /// returns them ready to be timed.
    ///
    /// # Errors
    /// As [`Kem::keygen`] and [`Kem::encaps`] for inputs of the wrong length.
    fn exchanges(&self, seeds: &[Vec<u8>], coins: &[Vec<u8>]) -> Result<Box<dyn Exchanges>>;

    /// The decapsulation key of the KeyGen `seed` ([`KemInfo::seed_bytes`]) in the
    /// implementation's own form, ready to decapsulate any ciphertexts (`pkbench leak`'s
    /// Decaps of valid and modified ones).
    ///
    /// # Errors
    /// [`KemError::Length`] for a seed of the wrong length.
    fn decapsulator(&self, seed: &[u8]) -> Result<Box<dyn Decapsulator>>;
}

/// One decapsulation key kept in an implementation's own form ([`Kem::decapsulator`]).
pub trait Decapsulator: Send + Sync {
    /// Decaps `ct` ([`KemInfo::ct_bytes`]): the shared secret, or the implicit-rejection
    /// secret J(z ‖ ct) (FIPS 203 Alg. 18, line 7; the hybrid's ML-KEM part) for a
    /// ciphertext that does not re-encrypt to itself.
    ///
    /// # Errors
    /// [`KemError::Length`] for a ciphertext of the wrong length; for the hybrid,
    /// [`crate::error::PeerValueError::SharedSecretZero`].
    fn decaps(&self, ct: &[u8]) -> Result<Vec<u8>>;
}

/// The implicit-rejection secret of ML-KEM: J(z ‖ c) = SHAKE256(z ‖ c, 8·32) (FIPS 203
/// §4.1 (4.4) and Alg. 18 line 7), the 32 bytes Decaps returns for a ciphertext `c` that
/// does not re-encrypt to itself, `z` the last 32 bytes of the KeyGen seed d ‖ z.
pub fn implicit_rejection(z: &[u8], c: &[u8]) -> [u8; 32] {
    use shake::{ExtendableOutput, Update, XofReader};
    let mut h = shake::Shake256::default();
    h.update(z);
    h.update(c);
    let mut out = [0u8; 32];
    h.finalize_xof().read(&mut out);
    out
}

/// A pool of exchanges of one implementation: for entry i, its seed and coins and the
/// reference values (`ek`, `dk` in the implementation's own form, `ct`, shared secret) made
/// when the pool was made; the timed steps write their outputs beside them.
///
/// Each step reads reference inputs only (Encaps the reference `ek`, Decaps the reference
/// `dk` and `ct`), so that the steps can be timed in any order.
pub trait Exchanges: Send {
    /// Entries in the pool.
    fn len(&self) -> usize;
    /// Whether the pool is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// KeyGen from seed i; keeps the key pair.
    fn keygen(&mut self, i: usize);
    /// Encaps to the reference ek of entry i with its coins; keeps ct and secret.
    fn encaps(&mut self, i: usize);
    /// Decaps the reference ct of entry i with its reference dk; keeps the secret.
    fn decaps(&mut self, i: usize);
    /// The reference values of entry i: (ek, ct, shared secret).
    fn reference(&self, i: usize) -> (&[u8], &[u8], &[u8]);
    /// The reference decapsulation of entry i, computed when the pool was made (equal to
    /// the Encaps secret when the implementation is right).
    fn reference_decaps(&self, i: usize) -> &[u8];
    /// Checks every output of the timed steps against the reference values: `None` when
    /// all agree, else which step gave a wrong value.
    fn check(&self) -> Option<&'static str>;
}

/// The implementation `impl_name` ([`IMPLEMENTATIONS`]) of the KEM `info`.
///
/// # Errors
/// [`KemError::UnknownImpl`] for a name not in [`IMPLEMENTATIONS`].
pub fn open(info: &'static KemInfo, impl_name: &str) -> Result<Box<dyn Kem>> {
    let which = IMPLEMENTATIONS
        .iter()
        .position(|n| *n == impl_name)
        .ok_or_else(|| KemError::UnknownImpl {
            name: impl_name.to_string(),
            known: IMPLEMENTATIONS.join(", "),
            suggest: suggest_impl(impl_name),
        })?;
    Ok(match (info.name, which) {
        ("mlkem512", 0) => mlkem::boxed::<mlkem::Rc512>(info),
        ("mlkem768", 0) => mlkem::boxed::<mlkem::Rc768>(info),
        ("mlkem1024", 0) => mlkem::boxed::<mlkem::Rc1024>(info),
        ("mlkem512", 1) => mlkem::boxed::<mlkem::Lc512>(info),
        ("mlkem768", 1) => mlkem::boxed::<mlkem::Lc768>(info),
        ("mlkem1024", 1) => mlkem::boxed::<mlkem::Lc1024>(info),
        ("mlkem512", _) => mlkem::boxed::<awslc::Aws512>(info),
        ("mlkem768", _) => mlkem::boxed::<awslc::Aws768>(info),
        ("mlkem1024", _) => mlkem::boxed::<awslc::Aws1024>(info),
        (_, 0) => mlkem::boxed::<hybrid::Hybrid<mlkem::Rc768>>(info),
        (_, 1) => mlkem::boxed::<hybrid::Hybrid<mlkem::Lc768>>(info),
        (_, _) => mlkem::boxed::<hybrid::Hybrid<awslc::Aws768>>(info),
    })
}

/// The closest names of [`IMPLEMENTATIONS`] (and `all`) to `name`; failing those, each that
/// `name` is the first word of (`libcrux` suggests libcrux-ml-kem, `aws` aws-lc-rs).
fn suggest_impl(name: &str) -> Vec<String> {
    let close =
        crate::error::suggest::closest_names(name, IMPLEMENTATIONS.iter().copied().chain(["all"]));
    if !close.is_empty() || name.is_empty() {
        return close;
    }
    let word = format!("{}-", name.to_ascii_lowercase());
    IMPLEMENTATIONS
        .iter()
        .filter(|n| n.starts_with(&word))
        .map(|n| n.to_string())
        .collect()
}

/// The parts of a hybrid KEM, each also a row of its own: the ML-KEM it carries and the
/// DH group its X25519 secret comes from. Byte layout of the hybrid (module [`hybrid`]):
/// every value is the ML-KEM part's ([`HybridParts::mlkem`]'s sizes) followed by the
/// X25519 part's 32 bytes: seed = d ‖ z ‖ x, coins = m ‖ e, ek = ek_ML-KEM ‖ x·B,
/// ct = ct_ML-KEM ‖ e·B, secret = secret_ML-KEM ‖ X25519 secret.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HybridParts {
    /// The ML-KEM part (ML-KEM-768 for X25519MLKEM768).
    pub mlkem: &'static KemInfo,
    /// The DH group of the X25519 part (`x25519`): the hybrid computes its public values
    /// and secret with that group's own Offer (with its table) and Reply code.
    pub x25519: &'static str,
}

/// The parts of `info` when it is a hybrid (X25519MLKEM768), `None` for a plain ML-KEM.
pub fn hybrid_parts(info: &KemInfo) -> Option<HybridParts> {
    (info.name == "x25519mlkem768").then(|| HybridParts {
        mlkem: lookup(hybrid::MLKEM_PART).expect("ML-KEM-768 is in KEMS"),
        x25519: hybrid::X25519_PART,
    })
}

/// Every implementation of `info`, in [`IMPLEMENTATIONS`] order.
pub fn open_all(info: &'static KemInfo) -> Vec<Box<dyn Kem>> {
    IMPLEMENTATIONS
        .iter()
        .filter_map(|n| open(info, n).ok())
        .collect()
}

/// Checks that `bytes` has `want` bytes.
fn check_len(kem: &str, what: Param, want: &[usize], got: usize) -> Result<()> {
    if want.contains(&got) {
        Ok(())
    } else {
        Err(KemError::Length {
            kem: kem.to_string(),
            what,
            want: want.to_vec(),
            got,
        }
        .into())
    }
}

#[cfg(test)]
mod tests;

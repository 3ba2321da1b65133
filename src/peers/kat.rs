//! Known answers for the peers: the repository's vectors (`vectors/modp-dh.json`,
//! `vectors/rsa-raw.json`, `vectors/ec2n-dh.json`), the groups' numbers from the registry
//! (`params/*.toml`), and the check of one cipher configuration against its known answers
//! and pkbench's own engine (or, for a cipher pkbench has no code for, the reference modes
//! over the library's own ECB). Used by the unit tests and by
//! [`super::catalog`], which checks every peer operation before listing it as ready.

use serde::Deserialize;

/// One Diffie-Hellman vector over a mod-p group (see `vectors/modp-dh.json`'s `about`).
#[derive(Debug, Deserialize)]
pub struct ModpVector {
    pub field: String,
    pub generator: u32,
    #[serde(deserialize_with = "hex_bytes")]
    pub secret_a: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub secret_b: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub public_a: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub public_b: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub shared: Vec<u8>,
}

/// One Diffie-Hellman vector over an Oakley EC2N group (`vectors/ec2n-dh.json`).
#[derive(Debug, Deserialize)]
pub struct Ec2nVector {
    pub field: String,
    #[serde(deserialize_with = "hex_bytes")]
    pub secret_a: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub secret_b: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub public_a_x: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub public_a_y: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub public_b_x: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub public_b_y: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub shared_x: Vec<u8>,
}

/// An RSA key of `vectors/rsa-raw.json`, every component big-endian.
#[derive(Debug, Deserialize)]
pub struct RsaKey {
    pub bits: u32,
    #[serde(deserialize_with = "hex_bytes")]
    pub n: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub e: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub d: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub p: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub q: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub dp: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub dq: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub qinv: Vec<u8>,
}

/// One chunk with its raw public and private results.
#[derive(Debug, Deserialize)]
pub struct RsaPair {
    #[serde(deserialize_with = "hex_bytes")]
    pub message: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub encrypted_public: Vec<u8>,
    #[serde(deserialize_with = "hex_bytes")]
    pub signed_private: Vec<u8>,
}

/// A key with its pairs.
#[derive(Debug, Deserialize)]
pub struct RsaVector {
    pub key: RsaKey,
    pub pairs: Vec<RsaPair>,
}

#[derive(Deserialize)]
struct File<T> {
    vectors: Vec<T>,
}

fn hex_bytes<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    let s = String::deserialize(d)?;
    let s = if s.len() % 2 == 1 { format!("0{s}") } else { s };
    hex::decode(&s).map_err(serde::de::Error::custom)
}

/// The mod-p vectors.
pub fn modp() -> Vec<ModpVector> {
    let f: File<ModpVector> =
        serde_json::from_str(include_str!("../../vectors/modp-dh.json")).expect("parses");
    f.vectors
}

/// The EC2N vectors.
pub fn ec2n() -> Vec<Ec2nVector> {
    let f: File<Ec2nVector> =
        serde_json::from_str(include_str!("../../vectors/ec2n-dh.json")).expect("parses");
    f.vectors
}

/// The raw RSA vectors.
pub fn rsa() -> Vec<RsaVector> {
    let f: File<RsaVector> =
        serde_json::from_str(include_str!("../../vectors/rsa-raw.json")).expect("parses");
    f.vectors
}

/// A big-endian key of a built-in group, e.g. `p` of `modp-1024`.
pub fn group_key(group: &str, key: &str) -> Vec<u8> {
    crate::params::lookup(group)
        .expect("built-in group")
        .big_key(key)
        .expect("well-formed")
        .expect("present")
}

/// Prepares a peer's cipher: (spec, mode, direction, key) → the prepared object.
pub type MakeCipher<'a, C> = dyn Fn(
        &crate::symmetric::CipherSpec,
        crate::symmetric::Mode,
        crate::symmetric::Direction,
        &[u8],
    ) -> crate::peers::PeerResult<C>
    + 'a;

/// A peer cipher's timed call: (object, IV, input, output).
pub type ApplyCipher<'a, C> =
    dyn Fn(&mut C, &[u8], &[u8], &mut [u8]) -> crate::peers::PeerResult<()> + 'a;

/// How one cipher configuration fared in [`check_cipher_config`].
#[derive(Debug)]
pub enum ConfigCheck {
    /// Known answers (where the registry has some for this key size and mode) and the
    /// comparison with pkbench's engine passed, both directions.
    Checked,
    /// The library does not have it.
    Unavailable(crate::peers::Unavailable),
}

/// Prepares a peer's cipher for `spec` in `mode` (both directions) with `make`, and checks
/// it with `apply` (its timed call): the registry's known answers for this key size and
/// mode, and the same output as a second computation on one key, IV and three blocks, called
/// twice (each call starts from a fresh state). The second computation is pkbench's own
/// engine; for a cipher pkbench has no code for ([`crate::symmetric::registry::Code::Library`])
/// the NIST SP 800-38A reference modes one block at a time through two more of the library's
/// objects in ECB ([`library_reference`]), and the known answers of its ECB are checked in
/// every mode (through those objects).
///
/// # Errors
/// What went wrong, in one line: a failure other than the library lacking the cipher, or a
/// wrong output.
pub fn check_cipher_config<C>(
    spec: &crate::symmetric::CipherSpec,
    mode: crate::symmetric::Mode,
    make: &MakeCipher<'_, C>,
    apply: &ApplyCipher<'_, C>,
) -> Result<ConfigCheck, String> {
    use crate::peers::PeerError;
    use crate::symmetric::{Direction, Mode};
    let label = format!("{} {}", spec.display_name(), mode.label());
    let key: Vec<u8> = (0..spec.key_bytes())
        .map(|i| (i as u8).wrapping_mul(29).wrapping_add(spec.key_bits as u8))
        .collect();
    let mut peers = Vec::new();
    for dir in [Direction::Encrypt, Direction::Decrypt] {
        match make(spec, mode, dir, &key) {
            Ok(c) => peers.push((dir, c)),
            Err(PeerError::Unavailable(u)) => return Ok(ConfigCheck::Unavailable(u)),
            Err(e) => return Err(format!("{label} {dir:?}: {e}")),
        }
    }
    let library_only = spec.cipher.only_library().is_some();
    let bs = spec.cipher.block_bytes;
    let iv: Vec<u8> = if mode == Mode::Ecb {
        Vec::new()
    } else {
        (0..spec.cipher.iv_bytes(mode))
            .map(|i| 0xf0 ^ i as u8)
            .collect()
    };
    let len = if bs == 1 { 40 } else { 3 * bs };
    let data: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
    for (dir, c) in &mut peers {
        let want = if library_only {
            library_reference(spec, mode, *dir, &key, &iv, &data, make, apply)
        } else {
            let own = spec.engine(&key).map_err(|e| e.to_string())?;
            let mut want = vec![0u8; len];
            own.apply(mode, *dir, &iv, &data, &mut want)
                .map(|()| want)
                .map_err(|e| e.to_string())
        }
        .map_err(|e| format!("{label}: {e}"))?;
        for round in 0..2 {
            let mut got = vec![0u8; len];
            apply(c, &iv, &data, &mut got).map_err(|e| format!("{label} {dir:?}: {e}"))?;
            if got != want {
                let other = if library_only {
                    "the reference modes over the library's ECB"
                } else {
                    "pkbench's own engine"
                };
                return Err(format!(
                    "{label} {dir:?}: call {round} differs from {other}"
                ));
            }
        }
    }
    let vectors = spec
        .vectors()
        .into_iter()
        .filter(|v| v.mode == mode || (library_only && v.mode == Mode::Ecb));
    for v in vectors {
        let unhex = |s: &str| hex::decode(s).map_err(|e| format!("{label}: {e}"));
        let (k, iv, pt, ct) = (
            unhex(v.key)?,
            unhex(v.iv)?,
            unhex(v.plaintext)?,
            unhex(v.ciphertext)?,
        );
        for (dir, input, want) in [
            (Direction::Encrypt, &pt, &ct),
            (Direction::Decrypt, &ct, &pt),
        ] {
            let mut c = make(spec, v.mode, dir, &k).map_err(|e| format!("{label}: {e}"))?;
            let mut got = vec![0u8; input.len()];
            apply(&mut c, &iv, input, &mut got).map_err(|e| format!("{label} {dir:?}: {e}"))?;
            if &got != want {
                return Err(format!(
                    "{label} {dir:?}: known answer of {} fails",
                    v.source
                ));
            }
        }
    }
    Ok(ConfigCheck::Checked)
}

/// The output of `spec` in `mode`/`dir` on `input` computed a second way through the same
/// library, for a cipher pkbench has no code for: the NIST SP 800-38A reference modes
/// ([`crate::symmetric::kat::reference_modes`]) one block at a time, each block through
/// one of two more library objects in ECB (one per direction) made by `make` and called by
/// `apply`.
///
/// # Errors
/// What went wrong, in one line (a stream cipher has no such reference).
#[allow(clippy::too_many_arguments)]
pub fn library_reference<C>(
    spec: &crate::symmetric::CipherSpec,
    mode: crate::symmetric::Mode,
    dir: crate::symmetric::Direction,
    key: &[u8],
    iv: &[u8],
    input: &[u8],
    make: &MakeCipher<'_, C>,
    apply: &ApplyCipher<'_, C>,
) -> Result<Vec<u8>, String> {
    use crate::symmetric::{Direction, Mode};
    let ecb = |d: Direction| make(spec, Mode::Ecb, d, key).map_err(|e| format!("ECB {d:?}: {e}"));
    let (mut enc, mut dec) = (ecb(Direction::Encrypt)?, ecb(Direction::Decrypt)?);
    let mut block = |d: Direction, b: &mut [u8]| -> crate::error::Result<()> {
        let c = match d {
            Direction::Encrypt => &mut enc,
            Direction::Decrypt => &mut dec,
        };
        let one = b.to_vec();
        apply(c, &[], &one, b).map_err(crate::error::Error::from)
    };
    crate::symmetric::kat::reference_modes(
        spec.cipher.block_bytes,
        &mut block,
        mode,
        dir,
        iv,
        input,
    )
    .map_err(|e| e.to_string())
}

/// What [`check_ciphers`] found: the configurations checked, and those the library does not
/// have, with why.
#[cfg(test)]
#[derive(Debug, Default)]
pub struct CipherOutcome {
    /// `NAME-BITS MODE` of every configuration checked (both directions).
    pub checked: Vec<String>,
    /// `NAME-BITS MODE: why` of every configuration the library lacks.
    pub unavailable: Vec<String>,
}

/// Runs [`check_cipher_config`] over every configuration of pkbench's cipher registry (each
/// cipher × key size × mode).
///
/// # Panics
/// On any failure other than the library lacking a configuration.
#[cfg(test)]
pub fn check_ciphers<C>(
    make: impl Fn(
        &crate::symmetric::CipherSpec,
        crate::symmetric::Mode,
        crate::symmetric::Direction,
        &[u8],
    ) -> crate::peers::PeerResult<C>,
    apply: impl Fn(&mut C, &[u8], &[u8], &mut [u8]) -> crate::peers::PeerResult<()>,
) -> CipherOutcome {
    use crate::symmetric::{CipherSpec, ciphers::CIPHERS};
    let mut outcome = CipherOutcome::default();
    for cipher in CIPHERS {
        let mut sizes: Vec<u32> = cipher.keys.iter().map(|k| k.bits).collect();
        sizes.dedup();
        for bits in sizes {
            let spec = CipherSpec::new(cipher, Some(bits)).unwrap();
            for &mode in cipher.modes() {
                let label = format!("{}-{bits} {}", cipher.name, mode.label());
                match check_cipher_config(&spec, mode, &make, &apply) {
                    Ok(ConfigCheck::Checked) => outcome.checked.push(label),
                    Ok(ConfigCheck::Unavailable(u)) => {
                        outcome.unavailable.push(format!("{label}: {u}"))
                    }
                    Err(e) => panic!("{e}"),
                }
            }
        }
    }
    outcome
}

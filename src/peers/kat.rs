//! Known answers shared by the peer modules' tests: the repository's vectors
//! (`vectors/modp-dh.json`, `vectors/rsa-raw.json`, `vectors/ec2n-dh.json`) and the groups'
//! numbers from the registry (`params/*.toml`).

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

/// What [`check_ciphers`] found: the configurations checked, and those the library does not
/// have, with why.
#[derive(Debug, Default)]
pub struct CipherOutcome {
    /// `NAME-BITS MODE` of every configuration checked (both directions).
    pub checked: Vec<String>,
    /// `NAME-BITS MODE: why` of every configuration the library lacks.
    pub unavailable: Vec<String>,
}

/// Runs every configuration of pkbench's cipher registry (each cipher × key size × mode,
/// both directions) through a peer library: its known answers, and a comparison with
/// pkbench's own engine on the same key, IV and three blocks of data, twice (each call
/// starts from a fresh state). `make` prepares the peer's cipher; `apply` is its timed call.
///
/// # Panics
/// On any wrong output or any failure other than an [`crate::peers::Unavailable`] when
/// preparing.
pub fn check_ciphers<C>(
    make: impl Fn(
        &crate::symmetric::CipherSpec,
        crate::symmetric::Mode,
        crate::symmetric::Direction,
        &[u8],
    ) -> crate::peers::PeerResult<C>,
    apply: impl Fn(&mut C, &[u8], &[u8], &mut [u8]) -> crate::peers::PeerResult<()>,
) -> CipherOutcome {
    use crate::peers::PeerError;
    use crate::symmetric::{CipherSpec, Direction, Mode, ciphers::CIPHERS};
    let mut outcome = CipherOutcome::default();
    for cipher in CIPHERS {
        let mut sizes: Vec<u32> = cipher.keys.iter().map(|k| k.bits).collect();
        sizes.dedup();
        for bits in sizes {
            let spec = CipherSpec::new(cipher, Some(bits)).unwrap();
            for &mode in cipher.modes() {
                let label = format!("{}-{bits} {}", cipher.name, mode.label());
                let key: Vec<u8> = (0..spec.key_bytes())
                    .map(|i| (i as u8).wrapping_mul(29).wrapping_add(bits as u8))
                    .collect();
                let mut peers = Vec::new();
                let mut lacking = None;
                for dir in [Direction::Encrypt, Direction::Decrypt] {
                    match make(&spec, mode, dir, &key) {
                        Ok(c) => peers.push((dir, c)),
                        Err(PeerError::Unavailable(u)) => lacking = Some(u.to_string()),
                        Err(e) => panic!("{label} {dir:?}: {e}"),
                    }
                }
                if let Some(why) = lacking {
                    assert!(peers.is_empty(), "{label}: one direction only");
                    outcome.unavailable.push(format!("{label}: {why}"));
                    continue;
                }
                let own = spec.engine(&key).unwrap();
                let bs = cipher.block_bytes;
                let iv: Vec<u8> = if mode == Mode::Ecb || mode == Mode::Stream {
                    Vec::new()
                } else {
                    (0..bs).map(|i| 0xf0 ^ i as u8).collect()
                };
                let len = if bs == 1 { 40 } else { 3 * bs };
                let data: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
                for (dir, c) in &mut peers {
                    let mut want = vec![0u8; len];
                    own.apply(mode, *dir, &iv, &data, &mut want).unwrap();
                    for round in 0..2 {
                        let mut got = vec![0u8; len];
                        apply(c, &iv, &data, &mut got)
                            .unwrap_or_else(|e| panic!("{label} {dir:?}: {e}"));
                        assert_eq!(
                            got, want,
                            "{label} {dir:?} call {round}: differs from pkbench's"
                        );
                    }
                }
                for v in spec.vectors().into_iter().filter(|v| v.mode == mode) {
                    let (k, iv, pt, ct) = (
                        hex::decode(v.key).unwrap(),
                        hex::decode(v.iv).unwrap(),
                        hex::decode(v.plaintext).unwrap(),
                        hex::decode(v.ciphertext).unwrap(),
                    );
                    for (dir, input, want) in [
                        (Direction::Encrypt, &pt, &ct),
                        (Direction::Decrypt, &ct, &pt),
                    ] {
                        let mut c = make(&spec, mode, dir, &k).unwrap();
                        let mut got = vec![0u8; input.len()];
                        apply(&mut c, &iv, input, &mut got).unwrap();
                        assert_eq!(&got, want, "{label} {dir:?}: known answer of {}", v.source);
                    }
                }
                outcome.checked.push(label);
            }
        }
    }
    outcome
}

/// SEED (RFC 4269 Appendix B): key, plaintext, ciphertext. Not in pkbench's registry; the
/// peers have it.
pub const SEED_VECTORS: [(&str, &str, &str); 4] = [
    (
        "00000000000000000000000000000000",
        "000102030405060708090a0b0c0d0e0f",
        "5ebac6e0054e166819aff1cc6d346cdb",
    ),
    (
        "000102030405060708090a0b0c0d0e0f",
        "00000000000000000000000000000000",
        "c11f22f20140505084483597e4370f43",
    ),
    (
        "4706480851e61be85d74bfb3fd956185",
        "83a2f8a288641fb9a4e9a5cc2f131c7d",
        "ee54d13ebcae706d226bc3142cd40d4a",
    ),
    (
        "28dbc3bc49ffd87dcfa509b11d422be7",
        "b41e6be2eba84a148e2eed84593c5ec7",
        "9b9b7bfcd1813cb95d0b3618f40f5122",
    ),
];

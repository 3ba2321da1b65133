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

/// `bytes` as a big-endian integer without leading zero bytes (at least one byte).
pub fn trim(bytes: &[u8]) -> &[u8] {
    let i = bytes
        .iter()
        .position(|&b| b != 0)
        .unwrap_or(bytes.len().saturating_sub(1));
    &bytes[i..]
}

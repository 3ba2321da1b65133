//! `pkbench kem keygen|encaps|decaps`: one step of a KEM exchange on values given in hex,
//! the KEM counterpart of `offer` and `reply`, for checking pkbench against published
//! vectors (NIST ACVP) and other tools. Each step runs through one implementation
//! (`--impl`, default ml-kem) or all of them (`--impl all`: every implementation must give
//! the same bytes, else the run fails).

use crate::error::KemError;
use crate::error::{Error, Invalid, Param, Result, parse_hex_bytes};
use crate::kem::{Kem, KemInfo};
use clap::{Args, Subcommand};

/// Arguments of `pkbench kem`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench kem keygen --group mlkem512 --d HEX --z HEX
                                              ek and dk from the 32-byte seeds
                                              d and z (64 hex digits each)
  pkbench kem encaps --group mlkem512 --ek HEX --m HEX
                                              ciphertext and shared secret
  pkbench kem decaps --group mlkem512 --dk HEX --ct HEX
                                              the shared secret (the implicit
                                              rejection secret for a modified
                                              ciphertext)
  pkbench kem keygen --group x25519mlkem768 --d HEX --z HEX --x25519 HEX
                                              the TLS 1.3 hybrid's client share")]
pub struct KemArgs {
    #[command(subcommand)]
    pub step: KemStep,
}

/// What every step takes: the KEM and the implementation.
#[derive(Debug, Clone, Args)]
pub struct KemCommon {
    /// KEM: mlkem512, mlkem768, mlkem1024 or x25519mlkem768.
    #[arg(long, value_name = "KEM")]
    pub group: String,
    /// Implementation: ml-kem (RustCrypto, the default), libcrux-ml-kem (Cryspen) or `all`
    /// (both, which must agree).
    #[arg(long = "impl", value_name = "NAME|all", default_value = "ml-kem")]
    pub implementation: String,
}

/// One step of a KEM exchange.
#[derive(Debug, Clone, Subcommand)]
pub enum KemStep {
    /// KeyGen (FIPS 203 Alg. 16) from the seeds d and z: prints `ek HEX` and `dk HEX` (the
    /// expanded decapsulation key dk_PKE ‖ ek ‖ H(ek) ‖ z; the hybrid appends its X25519
    /// secret).
    Keygen {
        #[command(flatten)]
        common: KemCommon,
        /// The 32-byte seed d, 64 hex digits.
        #[arg(long, value_name = "HEX")]
        d: String,
        /// The 32-byte seed z (the implicit-rejection secret), 64 hex digits.
        #[arg(long, value_name = "HEX")]
        z: String,
        /// x25519mlkem768 only: the client's 32-byte X25519 secret (RFC 7748 string).
        #[arg(long, value_name = "HEX")]
        x25519: Option<String>,
    },
    /// Encaps (FIPS 203 Alg. 17) to an encapsulation key with the message m: prints
    /// `ct HEX` and `ss HEX`. The key is checked first (FIPS 203 §7.2: every coefficient
    /// below q = 3329).
    Encaps {
        #[command(flatten)]
        common: KemCommon,
        /// The encapsulation key (800, 1184 or 1568 bytes; the hybrid's client share 1216).
        #[arg(long, value_name = "HEX")]
        ek: String,
        /// The 32-byte message m, 64 hex digits.
        #[arg(long, value_name = "HEX")]
        m: String,
        /// x25519mlkem768 only: the server's 32-byte X25519 secret.
        #[arg(long, value_name = "HEX")]
        x25519: Option<String>,
    },
    /// Decaps (FIPS 203 Alg. 18): prints `ss HEX`. A ciphertext that does not decrypt gives
    /// the implicit-rejection secret J(z ‖ ct), as the standard says, not an error.
    Decaps {
        #[command(flatten)]
        common: KemCommon,
        /// The decapsulation key: expanded (1632, 2400 or 3168 bytes; hybrid 2432, checked:
        /// FIPS 203 §7.3) or the seed d ‖ z (64 bytes; hybrid d ‖ z ‖ X25519 secret, 96).
        #[arg(long, value_name = "HEX")]
        dk: String,
        /// The ciphertext (768, 1088 or 1568 bytes; the hybrid's server share 1120).
        #[arg(long, value_name = "HEX")]
        ct: String,
    },
}

/// A 32-byte value of `what`, or the one-line problem.
fn bytes32(kem: &KemInfo, what: Param, hex: &str) -> Result<Vec<u8>> {
    let v = parse_hex_bytes(what, hex)?;
    if v.len() != 32 {
        return Err(KemError::Length {
            kem: kem.name.to_string(),
            what,
            want: vec![32],
            got: v.len(),
        }
        .into());
    }
    Ok(v)
}

/// The X25519 part of the hybrid's randomness: required for x25519mlkem768, refused
/// otherwise.
fn x25519_part(kem: &KemInfo, x: Option<&String>) -> Result<Vec<u8>> {
    let hybrid = kem.seed_bytes > 64;
    match (hybrid, x) {
        (true, Some(x)) => bytes32(kem, Param::KemX25519, x),
        (true, None) => Err(Error::input(format!(
            "--x25519: {} needs the 32-byte X25519 secret (64 hex digits)",
            kem.name
        ))),
        (false, Some(_)) => Err(Error::input(format!(
            "--x25519: {} has no X25519 part (only x25519mlkem768 does)",
            kem.name
        ))),
        (false, None) => Ok(Vec::new()),
    }
}

/// The implementations `common` asks for.
fn open(common: &KemCommon) -> Result<(&'static KemInfo, Vec<Box<dyn Kem>>)> {
    let info = crate::kem::lookup(&common.group).ok_or_else(|| {
        Invalid::Kem(KemError::Unknown {
            name: common.group.clone(),
            known: crate::kem::KEMS
                .iter()
                .map(|k| k.name)
                .collect::<Vec<_>>()
                .join(", "),
            suggest: crate::error::suggest::closest(&common.group, crate::kem::spellings()),
        })
    })?;
    let impls = if common.implementation == "all" {
        crate::kem::open_all(info)
    } else {
        vec![crate::kem::open(info, &common.implementation)?]
    };
    Ok((info, impls))
}

/// Runs `f` through every implementation; they must agree.
fn agree<T: PartialEq>(impls: &[Box<dyn Kem>], f: impl Fn(&dyn Kem) -> Result<T>) -> Result<T> {
    let mut first: Option<T> = None;
    for k in impls {
        let v = f(k.as_ref())?;
        match &first {
            Some(f) if *f != v => {
                return Err(Error::runtime(format!(
                    "{} disagrees with {}",
                    k.impl_name(),
                    impls[0].impl_name()
                )));
            }
            Some(_) => {}
            None => first = Some(v),
        }
    }
    first.ok_or_else(|| Error::runtime("no implementation"))
}

/// Runs `pkbench kem STEP`: the step's outputs as `NAME HEX` lines.
///
/// # Errors
/// [`Error::Invalid`] for an unknown KEM or implementation, malformed hex, a value of the
/// wrong length, a key that fails FIPS 203's checks; [`Error::Runtime`] when two
/// implementations disagree.
pub fn run(args: &KemArgs) -> Result<String> {
    match &args.step {
        KemStep::Keygen {
            common,
            d,
            z,
            x25519,
        } => {
            let (info, impls) = open(common)?;
            let mut seed = bytes32(info, Param::KemD, d)?;
            seed.extend(bytes32(info, Param::KemZ, z)?);
            seed.extend(x25519_part(info, x25519.as_ref())?);
            let (ek, dk) = agree(&impls, |k| k.keygen(&seed))?;
            Ok(format!("ek {}\ndk {}\n", hex::encode(ek), hex::encode(dk)))
        }
        KemStep::Encaps {
            common,
            ek,
            m,
            x25519,
        } => {
            let (info, impls) = open(common)?;
            let ek = parse_hex_bytes(Param::Ek, ek)?;
            let mut coins = bytes32(info, Param::KemM, m)?;
            coins.extend(x25519_part(info, x25519.as_ref())?);
            let (ct, ss) = agree(&impls, |k| k.encaps(&ek, &coins))?;
            Ok(format!("ct {}\nss {}\n", hex::encode(ct), hex::encode(ss)))
        }
        KemStep::Decaps { common, dk, ct } => {
            let (_, impls) = open(common)?;
            let dk = parse_hex_bytes(Param::Dk, dk)?;
            let ct = parse_hex_bytes(Param::Ct, ct)?;
            let ss = agree(&impls, |k| k.decaps(&dk, &ct))?;
            Ok(format!("ss {}\n", hex::encode(ss)))
        }
    }
}

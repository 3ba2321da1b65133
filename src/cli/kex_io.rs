//! `pkbench offer` and `pkbench reply`: one Offer or Reply on values given in hex, for
//! checking pkbench against other tools and published vectors.

use crate::cli::common::GroupArgs;
use crate::error::{Result, parse_hex};
use clap::Args;

/// Arguments of `pkbench offer`.
#[derive(Debug, Clone, Args)]
pub struct OfferArgs {
    #[command(flatten)]
    pub group: GroupArgs,
    /// Your secret, big-endian hex (x25519: the RFC 7748 32-byte string).
    #[arg(long, value_name = "HEX")]
    pub secret: String,
}

/// Arguments of `pkbench reply`.
#[derive(Debug, Clone, Args)]
pub struct ReplyArgs {
    #[command(flatten)]
    pub group: GroupArgs,
    /// Your secret, big-endian hex.
    #[arg(long, value_name = "HEX")]
    pub secret: String,
    /// The peer's public value in hex: for EC2N the x-coordinate alone or 04||x||y; for
    /// mod-p groups y, big-endian; for p256/k256 a SEC 1 point (04||x||y, 02/03||x, or the
    /// IKEv2 x||y); for x25519 the RFC 7748 32-byte string. An EC2N x-coordinate shorter
    /// than the field (20 bytes for gf2-155, 24 for gf2-185) is read as zero-padded on the
    /// left, since IKE may drop leading zero bytes: `--peer 7b` is x = 0x7b.
    #[arg(long, value_name = "HEX")]
    pub peer: String,
}

/// Computes the public value for `--secret`: lower-case hex and a newline.
///
/// # Errors
/// [`crate::error::Error::Input`] for an unknown group, malformed hex or an invalid secret.
pub fn run_offer(args: &OfferArgs) -> Result<String> {
    let kx = args.group.open(true)?;
    let secret = parse_hex("--secret", &args.secret)?;
    kx.check_secret(&secret)?;
    Ok(format!("{}\n", hex::encode(kx.offer(&secret))))
}

/// Computes the shared secret for `--secret` and `--peer`: lower-case hex and a newline.
///
/// # Errors
/// [`crate::error::Error::Input`] as [`run_offer`], and for a peer value not in the group.
pub fn run_reply(args: &ReplyArgs) -> Result<String> {
    let kx = args.group.open(false)?;
    let secret = parse_hex("--secret", &args.secret)?;
    kx.check_secret(&secret)?;
    let peer = parse_hex("--peer", &args.peer)?;
    Ok(format!("{}\n", hex::encode(kx.reply(&secret, &peer)?)))
}

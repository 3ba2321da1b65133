//! `pkbench offer` and `pkbench reply`: one Offer or Reply on values given in hex, for
//! checking pkbench against other tools and published vectors.

use crate::cli::common::{GroupArgs, open_described};
use crate::error::{Param, Result, parse_hex, parse_hex_bytes};
use crate::kex::{self, ValueForm};
use clap::Args;

mod through;

/// The words of `--impl` on `offer` and `reply`.
const IMPL_HELP: &str = "Who computes the value: `pkbench` (its own code or the crate it uses; the default), `openssl`, `gcrypt` or `gmp` (the system's libraries, loaded at run time, where the library offers the group: `pkbench impls`), a comma-separated list, or `all`. pkbench checks the secret and the peer value with its own checks before any library sees them, and computes its own value; each library's value must equal it. With one implementation its value alone is printed; with several, a line `NAME: VALUE` each, in the order asked, and a `note:` line for each that cannot compute the group here. A library that gives another value is an error naming it (exit 1: a library's disagreement is not bad input); nothing asked for able to run here is bad input (exit 2).";

/// Arguments of `pkbench offer`.
#[derive(Debug, Clone, Args)]
#[command(
    after_help = "Examples:
  pkbench offer --field gf2-155 --secret 1f   x of 0x1f·G on Oakley group 3
  pkbench offer --field oakley-4 --secret 1   x of G itself: 0x18 (RFC 2409
                                              §6.4), zero-padded to 24 bytes
  pkbench offer --field modp-768 --secret 3   2^3 mod p = 8, zero-padded to
                                              the 96 bytes of p
  pkbench offer --field p256 --secret 1       G as a SEC 1 point, 04||x||y
  pkbench offer --field modp-512 --secret 3 --impl all
                                              8 through pkbench, OpenSSL,
                                              libgcrypt and GMP, each labelled",
    override_usage = "pkbench offer --secret <HEX> [OPTIONS]"
)]
pub struct OfferArgs {
    #[command(flatten)]
    pub group: GroupArgs,
    /// Your secret, big-endian hex (x25519: the RFC 7748 32-byte string, all 64 digits).
    /// Required; checked after the group, so that a KEM's name gets its own message.
    #[arg(long, value_name = "HEX")]
    pub secret: Option<String>,
    /// Who computes the value ([`IMPL_HELP`]).
    #[arg(long = "impl", value_name = "LIST|all", default_value = "pkbench", help = IMPL_HELP, value_parser = crate::cli::imp::parse_list)]
    pub imp: String,
}

/// Arguments of `pkbench reply`.
#[derive(Debug, Clone, Args)]
#[command(
    after_help = "Examples:
  pkbench reply --field gf2-155 --secret 1f --peer 7b
                                              with G as the peer (x = 0x7b): the
                                              value offer --secret 1f prints
  pkbench reply --field gf2-185 --secret 2 --peer 18
                                              2·G on Oakley group 4
  pkbench reply --field modp-768 --secret 3 --peer 2
                                              2^3 mod p = 8
  pkbench reply --field modp-1024 --secret 3 --peer 4 --backend num-bigint
                                              4^3 = 64 (0x40), by num-bigint
  pkbench reply --field gf2-155 --secret 1f --peer 7b --impl openssl
                                              the same through OpenSSL's
                                              GF(2^m) code",
    override_usage = "pkbench reply --secret <HEX> --peer <HEX> [OPTIONS]"
)]
pub struct ReplyArgs {
    #[command(flatten)]
    pub group: GroupArgs,
    /// Your secret, big-endian hex (x25519: the RFC 7748 32-byte string, all 64 digits).
    /// Required; checked after the group, so that a KEM's name gets its own message.
    #[arg(long, value_name = "HEX")]
    pub secret: Option<String>,
    /// The peer's public value in hex: for EC2N the x-coordinate alone or 04||x||y; for
    /// mod-p groups y, big-endian; for p256/k256 a SEC 1 point (04||x||y, 02/03||x, or the
    /// IKEv2 x||y); for x25519 the RFC 7748 32-byte string. An EC2N x-coordinate shorter
    /// than the field (20 bytes for gf2-155, 24 for gf2-185) is read as zero-padded on the
    /// left, since IKE may drop leading zero bytes: `--peer 7b` is x = 0x7b. Prime-curve
    /// and x25519 values are byte strings: an odd number of hex digits is refused.
    /// Required; checked after the group.
    #[arg(long, value_name = "HEX")]
    pub peer: Option<String>,
    /// Who computes the value ([`IMPL_HELP`]).
    #[arg(long = "impl", value_name = "LIST|all", default_value = "pkbench", help = IMPL_HELP, value_parser = crate::cli::imp::parse_list)]
    pub imp: String,
}

/// Computes the public value for `--secret`: lower-case hex and a newline, through each
/// implementation of `--impl` ([`through::each`]).
///
/// # Errors
/// [`crate::error::Error::Input`] for an unknown group or implementation, malformed hex or
/// an invalid secret; [`crate::error::Error::Runtime`] when a library's value differs.
pub fn run_offer(args: &OfferArgs) -> Result<String> {
    not_a_kem(&args.group, "offer")?;
    let secret = required("offer", &[("--secret", &args.secret)])?;
    // The hex is parsed before the group is opened (its numbers validated, its table built).
    let (file, opts) = args.group.describe(true)?;
    let (secret_form, _) = kex::value_forms(&file)?;
    let secret = parse_value(secret_form, Param::Secret, secret[0])?;
    let kx = open_described(&file, &opts)?;
    let choices = through::choices(&args.imp, kx.as_ref())?;
    kx.check_secret(&secret)?;
    let own = kx.offer(&secret);
    let discovery = crate::cli::options::discovery();
    through::each(&file, kx.into(), own, &choices, discovery, |g| {
        g.try_offer(&secret)
    })
}

/// Computes the shared secret for `--secret` and `--peer`: lower-case hex and a newline,
/// through each implementation of `--impl` once pkbench's own Reply has accepted the peer
/// value.
///
/// # Errors
/// As [`run_offer`], and [`crate::error::Error::Invalid`] for a peer value not in the group
/// (pkbench's own check, whatever `--impl` names).
pub fn run_reply(args: &ReplyArgs) -> Result<String> {
    not_a_kem(&args.group, "reply")?;
    let given = required(
        "reply",
        &[("--secret", &args.secret), ("--peer", &args.peer)],
    )?;
    let (file, opts) = args.group.describe(false)?;
    let (secret_form, public_form) = kex::value_forms(&file)?;
    let secret = parse_value(secret_form, Param::Secret, given[0])?;
    let peer = parse_value(public_form, Param::Peer, given[1])?;
    let kx = open_described(&file, &opts)?;
    let choices = through::choices(&args.imp, kx.as_ref())?;
    kx.check_secret(&secret)?;
    // pkbench's own Reply validates the peer value (on the curve, not of small order, in
    // range and in the subgroup) before any library sees it.
    let own = kx.reply(&secret, &peer)?;
    let peer = through::full_width(&file, kx.as_ref(), &secret, peer)?;
    let discovery = crate::cli::options::discovery();
    through::each(&file, kx.into(), own, &choices, discovery, |g| {
        g.try_reply(&secret, &peer)
    })
}

/// Refuses a KEM's name (`--group mlkem768`) before anything else: a KEM has KeyGen, Encaps
/// and Decaps, no Offer or Reply.
///
/// # Errors
/// [`crate::Error::Input`] pointing to `dh --group NAME` (timing) and `kem` (one step in hex).
fn not_a_kem(group: &GroupArgs, command: &str) -> Result<()> {
    match crate::kem::lookup(&group.field).filter(|_| group.params.is_none()) {
        Some(info) => Err(crate::Error::input(format!(
            "--group {}: {} is a KEM, with KeyGen, Encaps and Decaps and no Offer or Reply, so `{command}` cannot compute it: time it with `pkbench dh --group {}`, or compute one step in hex with `pkbench kem keygen|encaps|decaps --group {}`",
            group.field, info.name, info.name, info.name
        ))),
        None => Ok(()),
    }
}

/// The values of the options `given` (flag, value), all of which the command needs, as clap
/// would require them: they are optional to clap only so that the group is checked first.
///
/// # Errors
/// [`crate::Error::Input`] naming the options missing, in clap's words.
fn required<'a>(command: &str, given: &[(&str, &'a Option<String>)]) -> Result<Vec<&'a str>> {
    let missing: Vec<String> = given
        .iter()
        .filter(|(_, v)| v.is_none())
        .map(|(flag, _)| format!("{flag} <HEX>"))
        .collect();
    if !missing.is_empty() {
        return Err(crate::Error::input(format!(
            "the following required arguments were not provided: {}; see 'pkbench {command} --help'",
            missing.join(" ")
        )));
    }
    Ok(given.iter().filter_map(|(_, v)| v.as_deref()).collect())
}

/// Hex of a secret or peer value, in the group's form for it
/// ([`crate::kex::KeyExchange::secret_form`], [`crate::kex::KeyExchange::public_form`]).
/// X25519 secrets and public values are 32-byte strings (RFC 7748 §5, little-endian) and a
/// prime curve's public value is a SEC 1 encoding, so an odd number of digits is refused
/// there ([`parse_hex_bytes`]): a missing digit would shift every byte. Other values are
/// integers or field elements whose leading zero digits may be left out ([`parse_hex`]).
fn parse_value(form: ValueForm, what: Param, s: &str) -> Result<Vec<u8>> {
    match form {
        ValueForm::Bytes => parse_hex_bytes(what, s),
        ValueForm::Integer => parse_hex(what, s),
    }
}

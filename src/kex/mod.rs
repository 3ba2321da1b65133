//! The key-exchange abstraction: every group (mod-p, binary curves, prime curves) implements
//! [`KeyExchange`], so the harness, the output and the `dh`/`offer`/`reply` commands treat
//! them alike (the idea of SUPERCOP's `crypto_dh` API: byte strings in, byte strings out).
//!
//! Words (as in the README's table of words):
//! - **Offer**: compute one's public value, g^x mod p or x·G. Fixed base, so a precomputed
//!   table of the generator's powers or multiples applies.
//! - **Reply**: compute the shared secret from the peer's public value, y^x mod p or x·Q,
//!   including validation of the peer's value. Variable base: no table.
//! - **Total = 2×Offer + Reply**: the elapsed time of one exchange (both parties offer in
//!   turn, then both reply in parallel), the figure of the 1995 post.

pub mod ec2n;
pub mod ecp;
pub mod modp;

use crate::error::{Error, Result};
use crate::implementation::Implementation;
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

/// Which kind of group a [`KeyExchange`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Multiplicative group mod a prime p (RFC 2409, RFC 3526, RFC 7919).
    Modp,
    /// Elliptic curve over a binary field GF(2^m) (Oakley groups 3 and 4, RFC 2409 §6.3–6.4).
    Ec2n,
    /// Elliptic curve over a prime field (P-256, secp256k1, X25519).
    Ecp,
}

/// The secret-exponent size asked for on the command line: `full` or a number of bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpBits {
    /// The size of the (prime sub)group order q, e.g. 152 bits for gf2-155.
    Full,
    /// A short exponent of this many bits.
    Bits(u32),
}

impl std::str::FromStr for ExpBits {
    type Err = String;
    fn from_str(s: &str) -> std::result::Result<Self, String> {
        if s.eq_ignore_ascii_case("full") {
            return Ok(ExpBits::Full);
        }
        s.parse::<u32>()
            .map(ExpBits::Bits)
            .map_err(|_| format!("expected `full` or a number of bits such as 128, got {s:?}"))
    }
}

impl ExpBits {
    /// Resolves to a bit count for a group whose full exponent size is `full_bits`.
    ///
    /// # Errors
    /// [`Error::Input`] when N is outside 16..=`full_bits`.
    pub fn resolve(self, group: &str, full_bits: u32) -> Result<u32> {
        match self {
            ExpBits::Full => Ok(full_bits),
            ExpBits::Bits(n) if (16..=full_bits).contains(&n) => Ok(n),
            ExpBits::Bits(n) => Err(Error::input(format!(
                "--exp-bits {n} is out of range for {group}: use `full` or a number from 16 to {full_bits}"
            ))),
        }
    }
}

/// What a group says about itself.
#[derive(Debug, Clone, Serialize)]
pub struct GroupInfo {
    /// Canonical name, e.g. `gf2-155`, `modp-1024`, `p256`.
    pub name: String,
    /// Family of the group.
    pub family: Family,
    /// One line of description, e.g. "Oakley group 3: EC2N over GF(2^155)".
    pub description: String,
    /// Where its constants come from, e.g. "RFC 2409 §6.3".
    pub source: String,
    /// Bits of the prime (sub)group order q: the `full` exponent size.
    pub full_exp_bits: u32,
    /// Bytes of an encoded public value (and of a shared secret).
    pub public_bytes: usize,
    /// Bits of the field or modulus (155 for gf2-155, 1024 for modp-1024, 256 for p256).
    pub field_bits: u32,
}

/// A precomputed fixed-base table: what it costs. Build time is reported separately from
/// the per-operation figures, never folded into them.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct TableInfo {
    /// The method and its parameters, e.g. "comb, 4 teeth × 38" or "fixed window w=5".
    pub method: String,
    /// Size of the table in bytes.
    pub bytes: usize,
    /// Time to build it, in milliseconds (wall clock).
    pub build_ms: f64,
}

/// Options for opening a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupOptions {
    /// Build and use a fixed-base table for Offer.
    pub table: bool,
    /// Bignum backend for mod-p arithmetic: `None` picks the default (gmp when built in).
    pub backend: Option<String>,
    /// Allow carry-less-multiply (`pclmulqdq`) code where the CPU has it. `false` forces
    /// the portable path (also forced by the environment variable `PKBENCH_NO_CLMUL=1`).
    pub clmul: bool,
}

impl Default for GroupOptions {
    fn default() -> Self {
        GroupOptions {
            table: true,
            backend: None,
            clmul: std::env::var_os("PKBENCH_NO_CLMUL").is_none_or(|v| v == "0" || v.is_empty()),
        }
    }
}

/// One Diffie-Hellman group, ready to time: byte strings in, byte strings out.
///
/// Encodings (design.md §2): secrets are big-endian bytes (x25519: the RFC 7748 byte string);
/// mod-p values are big-endian, zero-padded to the byte length of p; EC2N public values are
/// the x-coordinate, zero-padded to ceil(m/8) bytes (`04||x||y` is accepted as a peer value);
/// a shared secret is the x-coordinate of x·Q (mod-p: y^x mod p).
pub trait KeyExchange: Send + Sync {
    /// What the group is.
    fn info(&self) -> &GroupInfo;

    /// The fixed-base table in use for Offer, if any.
    fn table(&self) -> Option<&TableInfo>;

    /// Who computes Offer and Reply: pkbench's own code (binary curves, with the GF(2^m)
    /// code path and the CPU features it uses), the bignum library of a mod-p group, or the
    /// crate of a prime curve.
    fn implementation(&self) -> Implementation;

    /// Bignum backend name and version for mod-p groups (e.g. "gmp 6.3.0"), `None` otherwise.
    fn backend(&self) -> Option<String> {
        None
    }

    /// How Offer is computed when the group has something to say beyond [`Self::table`]
    /// (e.g. mod-p with g = 2: "square-and-shift"), `None` otherwise.
    fn offer_method(&self) -> Option<String> {
        None
    }

    /// How Reply is computed when the group has something to say (EC2N: which ladder),
    /// `None` otherwise.
    fn reply_method(&self) -> Option<String> {
        None
    }

    /// Whether this instance runs carry-less-multiply code (EC2N), `None` where irrelevant.
    fn clmul(&self) -> Option<bool> {
        None
    }

    /// The GF(2^m) code this instance runs (EC2N): "portable", "pclmulqdq" or
    /// "vpclmulqdq+avx512"; `None` where irrelevant.
    fn field_code(&self) -> Option<String> {
        None
    }

    /// Checks that this group takes secrets of the size asked for (`--exp-bits`, before
    /// [`ExpBits::resolve`]). The default accepts every size; X25519 accepts only `full`
    /// (RFC 7748 §5: a secret is a 32-byte string clamped to a 255-bit scalar), so any bit
    /// count, even 253 or 255, is refused with one message.
    ///
    /// # Errors
    /// [`Error::Input`] saying which sizes the group takes.
    fn check_exp_bits(&self, exp_bits: ExpBits) -> Result<()> {
        let _ = exp_bits;
        Ok(())
    }

    /// Draws a random secret of exactly `exp_bits` bits (top bit set; for `exp_bits` equal to
    /// the full size, uniform in 1..q) from `rng`, in the group's secret encoding.
    fn random_secret(&self, exp_bits: u32, rng: &mut ChaCha20Rng) -> Vec<u8>;

    /// Checks a secret given on the command line (non-zero, not longer than allowed).
    ///
    /// # Errors
    /// [`Error::Input`] saying what is wrong with it.
    fn check_secret(&self, secret: &[u8]) -> Result<()>;

    /// The generator, encoded as a public value (so `reply(x, generator())` = `offer(x)`: the
    /// variable-base path cross-checks the table path).
    fn generator(&self) -> Vec<u8>;

    /// The shared-secret form of a public value: what `reply(x, generator())` returns for
    /// `offer(x)`, so that the two can be compared. The default is the value itself (mod-p,
    /// EC2N, X25519: both are the same encoding); p256/k256 publish SEC 1 points and return
    /// x-coordinates, so they map `04 || x || y` to `x`.
    fn shared_form(&self, public: &[u8]) -> Vec<u8> {
        public.to_vec()
    }

    /// Offer: the public value for `secret` (a secret already accepted by `check_secret`).
    fn offer(&self, secret: &[u8]) -> Vec<u8>;

    /// Reply: validates `peer` and returns the shared secret.
    ///
    /// # Errors
    /// [`Error::Input`] when `peer` is not a valid public value of the group (not on the
    /// curve, of small order, out of range, malformed length), saying which check failed.
    fn reply(&self, secret: &[u8], peer: &[u8]) -> Result<Vec<u8>>;
}

//! The key-exchange abstraction: every group (mod-p, binary curves, prime curves) implements
//! [`KeyExchange`], so the harness, the output and the `dh`/`offer`/`reply` commands treat
//! them alike (the idea of SUPERCOP's `crypto_dh` API: byte strings in, byte strings out).
//!
//! Layering: `crate::params` describes groups (files, registry, [`Family`]) and knows no
//! arithmetic; each family here parses its own typed parameters from a
//! [`GroupFile`] ([`modp::params`], [`ec2n::curve`], [`ecp`]), and [`open`] dispatches on
//! the family. [`GroupOptions`] carries every choice of how to compute (table, window,
//! backend, GF(2^m) code, …), filled once by the caller (the binary: `cli::options`); this
//! module reads no environment variable and prints nothing.
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

use crate::arith::bignum::BackendKind;
use crate::error::{Result, SecretError, Warning};
use crate::implementation::Implementation;
pub use crate::implementation::Precomputation;
pub use crate::params::Family;
use crate::params::GroupFile;
use crate::security::Profile;
use rand_chacha::ChaCha20Rng;
use serde::Serialize;
use std::sync::Arc;

/// Opens a group from its description, dispatching on its family.
///
/// # Errors
/// [`crate::Error::Invalid`] when the description is not a valid group (naming the key or
/// the failed check), or an option does not apply (a backend not built in, a bad window).
pub fn open(file: &GroupFile, opts: &GroupOptions) -> Result<Box<dyn KeyExchange>> {
    match file.family()? {
        Family::Ec2n => ec2n::open(file, opts),
        Family::Modp => modp::open(file, opts),
        Family::Ecp => ecp::open(file, opts),
    }
}

/// Opens a built-in group by name or alias.
///
/// # Errors
/// As [`crate::params::lookup`] and [`open`].
pub fn open_named(name: &str, opts: &GroupOptions) -> Result<Box<dyn KeyExchange>> {
    open(&crate::params::lookup(name)?, opts)
}

/// Built-in groups opened once each for a sweep of many jobs (`suite`, `repro`): the jobs of
/// one group under the same options share one opened group, and so one fixed-base table,
/// built once. The warnings of every group opened are kept for the caller to show.
#[derive(Default)]
pub struct OpenedGroups {
    groups: Vec<(String, GroupOptions, Arc<dyn KeyExchange>)>,
    /// The warnings of the groups opened so far, each group's once, in the order opened.
    pub warnings: Vec<Warning>,
}

impl OpenedGroups {
    /// The built-in group `name` (a name or alias) opened with `opts`: the one opened before
    /// under the same name and options, or a new one.
    ///
    /// # Errors
    /// As [`open_named`].
    pub fn open(&mut self, name: &str, opts: &GroupOptions) -> Result<Arc<dyn KeyExchange>> {
        if let Some((_, _, kx)) = self.groups.iter().find(|(n, o, _)| n == name && o == opts) {
            return Ok(Arc::clone(kx));
        }
        let kx: Arc<dyn KeyExchange> = Arc::from(open_named(name, opts)?);
        self.warnings.extend_from_slice(kx.warnings());
        self.groups
            .push((name.to_string(), opts.clone(), Arc::clone(&kx)));
        Ok(kx)
    }
}

/// What a group's security estimate needs, read from its description without opening it
/// (no table, no primality test): the family's typed sizes ([`Profile`]).
///
/// # Errors
/// As the family's parsing of its keys (a missing or malformed key).
pub fn profile(file: &GroupFile) -> Result<Profile> {
    match file.family()? {
        Family::Ec2n => ec2n::profile(file),
        Family::Modp => modp::profile(file),
        Family::Ecp => ecp::profile(file),
    }
}

/// Checks a secret size against a group's description before the group is opened (no
/// primality test, no table): the family's rule (X25519 takes only `full`) and the range of
/// [`ExpBits::resolve`] against the full size read from the description ([`profile`]). The
/// same checks as [`KeyExchange::check_exp_bits`] and [`ExpBits::resolve`] on the opened
/// group, run first so that a wrong size is refused at once.
///
/// # Errors
/// [`SecretError::OnlyFull`], [`SecretError::SizeOutOfRange`], or a problem with the
/// description's keys (as [`profile`]).
pub fn check_exp_bits(file: &GroupFile, exp_bits: ExpBits) -> Result<u32> {
    if file.family()? == Family::Ecp
        && let (Some((group, why)), ExpBits::Bits(value)) = (ecp::only_full_secrets(file), exp_bits)
    {
        return Err(SecretError::OnlyFull {
            value,
            group: group.to_string(),
            why: why.to_string(),
        }
        .into());
    }
    exp_bits.resolve(&file.name, profile(file)?.q_bits)
}

/// How a group writes secrets and public values (its opened group's
/// [`KeyExchange::secret_form`] and [`KeyExchange::public_form`]), from its description
/// alone, so that a value given in hex is parsed before the group is opened.
///
/// # Errors
/// [`crate::error::GroupError::UnknownFamily`] for a description of no family.
pub fn value_forms(file: &GroupFile) -> Result<(ValueForm, ValueForm)> {
    Ok(match file.family()? {
        Family::Ecp => ecp::value_forms(file),
        Family::Modp | Family::Ec2n => (ValueForm::Integer, ValueForm::Integer),
    })
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

/// The shortest short secret pkbench takes, in bits.
pub const MIN_EXP_BITS: u32 = 16;

impl ExpBits {
    /// Resolves to a bit count for a group whose full exponent size is `full_bits`.
    ///
    /// # Errors
    /// [`SecretError::SizeOutOfRange`] when N is outside [`MIN_EXP_BITS`]..=`full_bits`.
    pub fn resolve(self, group: &str, full_bits: u32) -> Result<u32> {
        match self {
            ExpBits::Full => Ok(full_bits),
            ExpBits::Bits(n) if (MIN_EXP_BITS..=full_bits).contains(&n) => Ok(n),
            ExpBits::Bits(n) => Err(SecretError::SizeOutOfRange {
                value: n,
                group: group.to_string(),
                min: MIN_EXP_BITS,
                max: full_bits,
            }
            .into()),
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
    /// What the security estimate of this group needs ([`crate::security::estimate`]).
    /// Not serialised: records keep the estimate's figures instead.
    #[serde(skip)]
    pub profile: Profile,
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

/// How to compute in a group: every choice the caller can make, in one value, filled once
/// (by the binary in `cli::options`, from its flags and environment) and passed down. Each
/// family uses the fields that concern it and ignores the others. The default: a table,
/// the default backend, the fastest GF(2^m) code, the default window, the library's
/// exponentiation for g = 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupOptions {
    /// Build and use a fixed-base table for Offer.
    pub table: bool,
    /// Bignum backend for mod-p arithmetic: `None` picks [`BackendKind::DEFAULT`] (gmp when
    /// built in).
    pub backend: Option<BackendKind>,
    /// Allow carry-less-multiply (`pclmulqdq`) code where the CPU has it (EC2N). `false`
    /// forces the portable path.
    pub clmul: bool,
    /// Which carry-less-multiply code to run when allowed (EC2N).
    pub gf2m_code: Gf2mChoice,
    /// Width of the EC2N fixed-base table's windows.
    pub table_window: WindowChoice,
    /// Mod-p groups with g = 2: time the square-and-shift Offer ([`modp::pow2`]) when there
    /// is no table, although the library's exponentiation is faster ([`modp::pow2_helps`]).
    pub g2_shift: bool,
}

impl Default for GroupOptions {
    fn default() -> Self {
        GroupOptions {
            table: true,
            backend: None,
            clmul: true,
            gf2m_code: Gf2mChoice::Fastest,
            table_window: WindowChoice::Default,
            g2_shift: false,
        }
    }
}

/// Which GF(2^m) code an EC2N group runs where the CPU has carry-less multiply.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Gf2mChoice {
    /// The fastest the CPU runs: `vpclmulqdq` with AVX-512, else `pclmulqdq`.
    #[default]
    Fastest,
    /// The 128-bit `pclmulqdq` code even where the vector code runs (for comparisons).
    Pclmulqdq,
    /// A choice that names no implementation, as given: the fastest code runs, and opening
    /// returns a [`Warning::Gf2mCodeIgnored`].
    Unknown(String),
}

/// The window width of the EC2N fixed-base table.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum WindowChoice {
    /// [`ec2n::DEFAULT_WINDOW`].
    #[default]
    Default,
    /// This many bits: [`ec2n::MIN_WINDOW`]..=[`ec2n::MAX_WINDOW`], else opening an EC2N
    /// group fails with [`crate::error::SettingError::TableWindow`].
    Bits(u32),
    /// A value that is not a usable width, as given: opening an EC2N group fails with
    /// [`crate::error::SettingError::TableWindow`] (other families do not use a window and ignore it).
    Unusable(String),
}

/// How a secret or public value is written: as an integer (big-endian; leading zero bytes
/// may be left out, an odd number of hex digits reads with a leading 0) or as a byte string
/// of fixed length (a missing digit would shift every byte, so an odd count is refused).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueForm {
    /// A big-endian integer or field element.
    Integer,
    /// A byte string: X25519's 32-byte strings (RFC 7748 §5), SEC 1 point encodings.
    Bytes,
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

    /// What Offer uses besides the generator itself ([`Precomputation`], design.md §2): the
    /// default is the group's own table ([`Self::table`], built when it was opened), else
    /// none. A table compiled into the code (curve25519-dalek's) and a peer library's
    /// built-in one say so.
    fn precomputation(&self) -> Precomputation {
        match self.table() {
            Some(t) => Precomputation::Table {
                method: t.method.clone(),
                bytes: t.bytes,
            },
            None => Precomputation::None,
        }
    }

    /// What Offer and Reply were checked against before this group was used for timing: a
    /// peer library's group says how it was compared with pkbench's own on the same secrets
    /// (`peers::kex::PeerGroup`); pkbench's own groups, the reference, say nothing.
    fn checked(&self) -> Option<crate::implementation::checked::CrossCheck> {
        None
    }

    /// Who computes Offer and Reply: pkbench's own code (binary curves, with the GF(2^m)
    /// code path and the CPU features it uses), the bignum library of a mod-p group, or the
    /// crate of a prime curve.
    fn implementation(&self) -> Implementation;

    /// Bignum backend name and version for mod-p groups (e.g. "gmp-linked 6.3.0"), `None` otherwise.
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

    /// Work each timed Reply does beyond computing the shared secret, which pkbench's own
    /// Reply does not do (the record's info `extra_work` on Reply and on the figures made
    /// from it, said beside every ratio with them), e.g. OpenSSL's X25519 key set-up also
    /// computing the public value; `None` when the Reply does only its own work.
    fn reply_extra_work(&self) -> Option<&'static str> {
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

    /// The memory Offer (`offer` true) or Reply reads besides its inputs, for a cold timing
    /// to evict ([`crate::measure::cache`]): the fixed-base table and the group's own
    /// constants, and whether that is all of it. The default names nothing and says so (not
    /// complete: a crate's or a library's internal tables); then the evictor also walks.
    fn resident(&self, offer: bool) -> crate::measure::cache::Resident<'_> {
        let _ = offer;
        crate::measure::cache::Resident::default()
    }

    /// Things the group did not do as asked when it was opened but that are no reason to
    /// stop (an unknown GF(2^m) code choice, ignored); the caller shows them.
    fn warnings(&self) -> &[Warning] {
        &[]
    }

    /// How a secret is written (the default: an integer; X25519: a 32-byte string).
    fn secret_form(&self) -> ValueForm {
        ValueForm::Integer
    }

    /// How a public value is written (the default: an integer or field element; prime
    /// curves: SEC 1 or RFC 7748 byte strings).
    fn public_form(&self) -> ValueForm {
        ValueForm::Integer
    }

    /// Checks that this group takes secrets of the size asked for (before
    /// [`ExpBits::resolve`]). The default accepts every size; X25519 accepts only `full`
    /// (RFC 7748 §5: a secret is a 32-byte string clamped to a 255-bit scalar), so any bit
    /// count, even 253 or 255, is refused with one message.
    ///
    /// # Errors
    /// [`SecretError::OnlyFull`] saying which sizes the group takes.
    fn check_exp_bits(&self, exp_bits: ExpBits) -> Result<()> {
        let _ = exp_bits;
        Ok(())
    }

    /// Draws a random secret of exactly `exp_bits` bits (top bit set; for `exp_bits` equal to
    /// the full size, uniform in 1..q) from `rng`, in the group's secret encoding.
    fn random_secret(&self, exp_bits: u32, rng: &mut ChaCha20Rng) -> Vec<u8>;

    /// Checks a secret given by the user (non-zero, not longer than allowed).
    ///
    /// # Errors
    /// A `Secret*`, `Exponent*` or `Scalar*` [`Invalid`] problem saying what is wrong with it.
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
    /// A `Peer*` [`Invalid`] problem when `peer` is not a valid public value of the group (not
    /// on the curve, of small order, out of range, malformed length), saying which check
    /// failed.
    fn reply(&self, secret: &[u8], peer: &[u8]) -> Result<Vec<u8>>;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The description-level checks ([`check_exp_bits`], [`value_forms`]) say what the
    /// opened group says, for every built-in group.
    #[test]
    fn description_checks_agree_with_the_opened_group() {
        let opts = GroupOptions {
            table: false,
            ..GroupOptions::default()
        };
        for file in crate::params::builtin() {
            let kx = open(&file, &opts).unwrap();
            assert_eq!(
                value_forms(&file).unwrap(),
                (kx.secret_form(), kx.public_form()),
                "{}",
                file.name
            );
            let full = kx.info().full_exp_bits;
            for e in [
                ExpBits::Full,
                ExpBits::Bits(MIN_EXP_BITS - 1),
                ExpBits::Bits(MIN_EXP_BITS),
                ExpBits::Bits(128),
                ExpBits::Bits(full),
                ExpBits::Bits(full + 1),
            ] {
                let opened = kx
                    .check_exp_bits(e)
                    .and_then(|()| e.resolve(&kx.info().name, full));
                assert_eq!(
                    check_exp_bits(&file, e).map_err(|e| e.to_string()),
                    opened.map_err(|e| e.to_string()),
                    "{} {e:?}",
                    file.name
                );
            }
        }
    }
}

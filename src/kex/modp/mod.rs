//! Diffie-Hellman in the multiplicative group mod a prime p (RFC 2409 §6.1–6.2, RFC 3526,
//! RFC 7919, or a user's `--params` file), over either bignum backend.
//!
//! - **Offer** g^x mod p: the fixed-base table of [`table`] (default), or without a table
//!   the library's exponentiation, or for g = 2 the shift-only [`pow2`] where it is faster
//!   (see [`pow2_helps`]: with GMP and num-bigint it is not, and the output says so).
//! - **Reply** y^x mod p: the library's own modular exponentiation (`mpz_powm`,
//!   `BigUint::modpow`) after validating the peer's y: 2 ≤ y ≤ p−2 (RFC 7919 §5.1) and
//!   y^q = 1 for the order q of g (NIST SP 800-56A Rev. 3 §5.6.2.3.1 full public-key
//!   validation). For a safe prime (q = (p−1)/2) the subgroup of order q is the set of
//!   quadratic residues, so y^q = 1 ⇔ the Legendre symbol (y/p) = 1 (Euler's criterion); the
//!   symbol is computed as a Jacobi symbol (Cohen, Algorithm 1.4.10), far cheaper than a
//!   second exponentiation. Other q fall back to computing y^q.
//!
//! Encodings: secrets big-endian; public values and shared secrets big-endian, zero-padded
//! to the byte length of p (design.md §2).

pub mod params;
pub mod pow2;
pub mod table;

use crate::arith::bignum::{Backend, BackendKind, NumBigint};
use crate::error::{PeerRange, PeerValueError, Result, SecretError};
use crate::implementation::Implementation;
use crate::kex::{Family, GroupInfo, GroupOptions, KeyExchange, TableInfo};
use crate::params::GroupFile;
use crate::security::{Profile, Structure};
use params::{ModpParams, Validation};
use rand_chacha::ChaCha20Rng;
use std::time::Instant;
use table::{FixedBaseTable, TablePlan};

/// How Offer computes g^x.
#[derive(Debug, Clone)]
enum OfferPath<B: Backend> {
    /// Fixed-base table.
    Table(FixedBaseTable<B>),
    /// g = 2: squarings and shifts ([`pow2::pow2`]).
    Shift,
    /// The library's modular exponentiation.
    Library,
}

/// A mod-p group ready for Offer and Reply in backend `B`.
#[derive(Debug, Clone)]
pub struct ModpGroup<B: Backend> {
    info: GroupInfo,
    params: ModpParams<B>,
    /// p − 1, the upper bound (exclusive) of valid peer values is p − 1.
    p_minus_1: B::Int,
    p_bytes: usize,
    offer: OfferPath<B>,
    table_info: Option<TableInfo>,
}

/// Whether [`pow2::pow2`] beats the library's exponentiation for g = 2 in backend `name`
/// (no: the Offer without a table uses it only when [`GroupOptions::g2_shift`] asks, to time
/// it).
///
/// Measured (release build, 2-core Xeon, modp-512 … modp-2048, 128-bit and full exponents):
/// it does not pay with either library. Their Montgomery (REDC) squarings cost much less
/// than a squaring followed by a division (`mpz_mul` + `mpz_tdiv_r`, `(a·a) % p`), more than
/// the ≈ 1/6 of the work that the shifts save: e.g. modp-512, 128-bit exponent, GMP: 124 µs
/// square-and-shift against 18 µs `mpz_powm`; num-bigint 213 µs against 72 µs `modpow`
/// (on a loaded machine; the ratio is what counts).
pub fn pow2_helps(_backend: &str) -> bool {
    false
}

/// Opens a mod-p group described by `file` with the backend, table and g = 2 switch of
/// `opts`.
///
/// # Errors
/// A typed problem when the file is not a valid group (naming the failed check).
pub fn open(file: &GroupFile, opts: &GroupOptions) -> Result<Box<dyn KeyExchange>> {
    let kind = opts.backend.unwrap_or(BackendKind::DEFAULT);
    crate::with_backend!(kind, B => {
        Ok(Box::new(ModpGroup::<B>::open_with(
            file,
            opts.table,
            table::DEFAULT_BUDGET,
            opts.g2_shift,
        )?) as Box<dyn KeyExchange>)
    })
}

/// The security profile of the group of `file` ([`crate::kex::profile`]): p's size and the
/// order q, read without the primality tests.
///
/// # Errors
/// As [`ModpParams::from_file`].
pub fn profile(file: &GroupFile) -> Result<Profile> {
    let params = ModpParams::<NumBigint>::from_file(file, Validation::Cheap)?;
    Ok(Profile::new(
        &file.name,
        Structure::Modp {
            p_bits: NumBigint::bits(&params.p),
        },
        &params.q,
        file.security_source(),
    ))
}

/// Whether `file` is one of the embedded group files, unchanged (then its numbers were
/// verified by the test suite and need no primality test at run time).
fn is_builtin(file: &GroupFile) -> bool {
    crate::params::builtin()
        .iter()
        .any(|b| b.name == file.name && b.rest == file.rest)
}

impl<B: Backend> ModpGroup<B> {
    /// Opens the group of `file`; with `table`, builds a fixed-base table of at most
    /// `budget` bytes.
    ///
    /// # Errors
    /// As [`open`].
    pub fn open(file: &GroupFile, table: bool, budget: usize) -> Result<Self> {
        Self::open_with(file, table, budget, false)
    }

    /// As [`ModpGroup::open`]; with `g2_shift` and no table, Offer for g = 2 is the
    /// square-and-shift [`pow2::pow2`] (to time it).
    ///
    /// # Errors
    /// As [`open`].
    pub fn open_with(file: &GroupFile, table: bool, budget: usize, g2_shift: bool) -> Result<Self> {
        let validation = if is_builtin(file) {
            Validation::Cheap
        } else {
            Validation::Full
        };
        let params = ModpParams::<B>::from_file(file, validation)?;
        let p = &params.p;
        let p_bits = B::bits(p);
        let p_minus_1 = B::sub(p, &B::from_u64(1));
        let full_exp_bits = B::bits(&params.q);
        let p_bytes = p_bits.div_ceil(8) as usize;
        // A user's file without a description: its size says what it is, and its `source`
        // where it came from (the binary words it as the file's origin).
        let description = if file.description.is_empty() {
            format!("user's {p_bits}-bit mod-p group")
        } else {
            file.description.clone()
        };
        let q = ::num_bigint::BigUint::from_bytes_be(&B::to_be_bytes(&params.q));
        let profile = Profile::new(
            &file.name,
            Structure::Modp { p_bits },
            &q,
            file.security_source(),
        );
        let info = GroupInfo {
            name: file.name.clone(),
            family: Family::Modp,
            description,
            source: file.source.clone(),
            full_exp_bits,
            public_bytes: p_bytes,
            field_bits: p_bits,
            profile,
        };
        let entry_bytes = std::mem::size_of::<B::Int>() + p_bits.div_ceil(64) as usize * 8;
        let g_is_two = params.g == B::from_u64(2);
        let (offer, table_info) = match table::plan(full_exp_bits, entry_bytes, budget) {
            Some(plan) if table => {
                let t0 = Instant::now();
                let t = FixedBaseTable::<B>::build(&params.g, p, plan, entry_bytes);
                let build_ms = t0.elapsed().as_secs_f64() * 1e3;
                let ti = TableInfo {
                    method: describe_table(&t, plan, full_exp_bits),
                    bytes: t.bytes(),
                    build_ms,
                };
                (OfferPath::Table(t), Some(ti))
            }
            _ if g_is_two && (g2_shift || pow2_helps(B::NAME)) => (OfferPath::Shift, None),
            _ => (OfferPath::Library, None),
        };
        Ok(ModpGroup {
            info,
            params,
            p_minus_1,
            p_bytes,
            offer,
            table_info,
        })
    }

    /// The group's numbers.
    pub fn params(&self) -> &ModpParams<B> {
        &self.params
    }

    /// Offer on an integer exponent: g^x mod p by the group's Offer path.
    pub fn offer_int(&self, x: &[u8]) -> B::Int {
        let p = &self.params.p;
        match &self.offer {
            OfferPath::Table(t) => t.pow(x),
            OfferPath::Shift => pow2::pow2::<B>(x, p),
            OfferPath::Library => B::pow_mod(&self.params.g, &B::from_be_bytes(x), p),
        }
    }

    /// Checks a peer's value y: 2 ≤ y ≤ p−2 and y^q = 1 (via the Legendre
    /// symbol for a safe prime).
    ///
    /// # Errors
    /// [`PeerValueError::OutOfRange`] or [`PeerValueError::NotInSubgroup`].
    pub fn validate_peer(&self, y: &B::Int) -> Result<()> {
        let group = self.info.name.clone();
        if *y < B::from_u64(2) || *y >= self.p_minus_1 {
            // Which value it is, worked out only when refusing (Reply is timed).
            let value = if *y == self.p_minus_1 {
                PeerRange::MinusOne
            } else if *y > self.p_minus_1 {
                PeerRange::NotBelowP
            } else if B::is_zero(y) {
                PeerRange::Zero
            } else {
                PeerRange::One
            };
            return Err(PeerValueError::OutOfRange { group, value }.into());
        }
        let in_subgroup = if self.params.safe_prime {
            B::jacobi(y, &self.params.p) == 1
        } else {
            B::pow_mod(y, &self.params.q, &self.params.p) == B::from_u64(1)
        };
        if !in_subgroup {
            return Err(PeerValueError::NotInSubgroup { group }.into());
        }
        Ok(())
    }
}

/// One line saying what the table is and why it was chosen.
fn describe_table<B: Backend>(t: &FixedBaseTable<B>, plan: TablePlan, exp_bits: u32) -> String {
    let w = t.window();
    let covered = t.covered_bits().min(exp_bits);
    let mut s = format!(
        "fixed window w={w} (BGMW 1992): g^(d·2^({w}i)), d < 2^{w}, {} rows × {} powers = {} entries; \
         ⌈bits/{w}⌉ multiplications, no squarings",
        plan.rows,
        (1u32 << w) - 1,
        t.entries()
    );
    if covered < exp_bits {
        s += &format!(
            "; covers exponent bits below {covered}, the rest by one library exponentiation (4 MiB budget)"
        );
    }
    s
}

impl<B: Backend> KeyExchange for ModpGroup<B> {
    fn info(&self) -> &GroupInfo {
        &self.info
    }

    fn implementation(&self) -> Implementation {
        B::implementation()
    }

    fn table(&self) -> Option<&TableInfo> {
        self.table_info.as_ref()
    }

    /// The group value, the limbs of p, g and p − 1 (where the backend names them) and, for
    /// Offer with a table, the table ([`FixedBaseTable::resident`]). Complete with GMP;
    /// num-bigint keeps its limbs private, so a cold run also walks.
    fn resident(&self, offer: bool) -> crate::measure::cache::Resident<'_> {
        use crate::measure::cache::{Resident, Span};
        let mut r = Resident::complete(vec![Span::of_val(self)]);
        for x in [&self.params.p, &self.params.g, &self.p_minus_1] {
            match B::limb_span(x) {
                Some(s) => r.spans.push(s),
                None => r.complete = false,
            }
        }
        if let (true, OfferPath::Table(t)) = (offer, &self.offer) {
            let t = t.resident();
            r.complete &= t.complete;
            r.spans.extend(t.spans);
        }
        r
    }

    fn backend(&self) -> Option<String> {
        Some(B::version())
    }

    fn offer_method(&self) -> Option<String> {
        Some(
            match &self.offer {
                OfferPath::Table(t) if t.covered_bits() < self.info.full_exp_bits => {
                    return Some(format!(
                        "fixed-base table for exponent bits 0–{} (window w = {}: one \
                         multiplication per non-zero digit, no squarings); the bits above \
                         are one library exponentiation",
                        t.covered_bits() - 1,
                        t.window()
                    ));
                }
                OfferPath::Table(_) => {
                    "fixed-base table (one multiplication per non-zero digit of the exponent, no squarings)"
                }
                OfferPath::Shift => {
                    "g = 2: square-and-shift (multiplying by 2^d is a shift, no multiplications)"
                }
                OfferPath::Library if self.params.g == B::from_u64(2) => {
                    "library modular exponentiation (Montgomery, sliding window); the g = 2 \
                     square-and-shift is slower with this backend (PKBENCH_G2_SHIFT=1 times it)"
                }
                OfferPath::Library => "library modular exponentiation (Montgomery, sliding window)",
            }
            .to_string(),
        )
    }

    fn random_secret(&self, exp_bits: u32, rng: &mut ChaCha20Rng) -> Vec<u8> {
        let full = self.info.full_exp_bits;
        let len = exp_bits.div_ceil(8) as usize;
        let x = if exp_bits >= full {
            // Uniform in 1..q.
            let bound_minus_1 = B::sub(&self.params.q, &B::from_u64(1));
            B::add(&B::random_below(&bound_minus_1, rng), &B::from_u64(1))
        } else {
            B::random_bits(exp_bits, rng)
        };
        B::to_be_bytes_padded(&x, len)
    }

    fn check_secret(&self, secret: &[u8]) -> Result<()> {
        let bits = table::bit_length(secret);
        let full = self.info.full_exp_bits;
        let group = self.info.name.clone();
        if bits == 0 {
            return Err(SecretError::ExponentZero { group }.into());
        }
        if bits > full {
            return Err(SecretError::ExponentTooLong {
                group,
                bits,
                max_bits: full,
            }
            .into());
        }
        // A secret x ≥ q is x mod q in disguise, and x = q gives the public value 1 (which
        // Reply rejects): secrets are 1 ≤ x < q, as for the curves.
        let x = &secret[secret.iter().take_while(|&&b| b == 0).count()..];
        let qb = B::to_be_bytes(&self.params.q);
        if (x.len(), x) >= (qb.len(), qb.as_slice()) {
            return Err(SecretError::ExponentNotBelowOrder { group }.into());
        }
        Ok(())
    }

    fn generator(&self) -> Vec<u8> {
        B::to_be_bytes_padded(&self.params.g, self.p_bytes)
    }

    fn offer(&self, secret: &[u8]) -> Vec<u8> {
        B::to_be_bytes_padded(&self.offer_int(secret), self.p_bytes)
    }

    fn reply(&self, secret: &[u8], peer: &[u8]) -> Result<Vec<u8>> {
        let lead = peer.iter().take_while(|&&b| b == 0).count();
        if peer.len() - lead > self.p_bytes {
            return Err(PeerValueError::TooLong {
                group: self.info.name.clone(),
                got: peer.len(),
                max: self.p_bytes,
            }
            .into());
        }
        let y = B::from_be_bytes(peer);
        self.validate_peer(&y)?;
        let s = B::pow_mod(&y, &B::from_be_bytes(secret), &self.params.p);
        Ok(B::to_be_bytes_padded(&s, self.p_bytes))
    }
}

#[cfg(test)]
mod tests;

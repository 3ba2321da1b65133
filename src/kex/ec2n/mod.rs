//! Binary-curve Diffie-Hellman: the Oakley EC2N groups 3 and 4 (RFC 2409 §6.3–6.4), the
//! curves y² + xy = x³ + b over GF(2^155) and GF(2^185).
//!
//! - Offer = x(k·G) from a fixed-base table of signed multiples of G ([`fixed`]; on AVX-512
//!   two accumulators side by side, [`fixed_pair`]), or without the table by the ladder;
//! - Reply = x(k·Q) for the peer's Q by the x-only López–Dahab Montgomery ladder
//!   ([`ladder`]), after validating Q ([`peer`]);
//! - public values and shared secrets are the x-coordinate, big-endian, zero-padded to
//!   ceil(m/8) bytes (IKE; SEC 1 §2.3.5 field-element-to-octet-string); a peer may also send
//!   `04 || x || y` (SEC 1 §2.3.3 uncompressed form).
//!
//! Field arithmetic runs on the implementation picked at open ([`Arith`]): each hot path is
//! a generic function compiled once for the portable backend and once inside a
//! `#[target_feature(enable = "pclmulqdq")]` wrapper, so the field operations inline.

pub mod curve;
pub mod fixed;
#[cfg(target_arch = "x86_64")]
pub mod fixed_pair;
pub mod ladder;
#[cfg(target_arch = "x86_64")]
pub mod ladder_pair;
pub mod peer;

#[cfg(test)]
mod tests;

use crate::arith::gf2m::portable::Portable;
use crate::arith::gf2m::{self, Arith, Backend, F155, F185, Fe, Trinomial};
use crate::error::{PeerValueError, Result, SecretError, SettingError, Warning};
use crate::implementation::Implementation;
use crate::kex::{
    Family, Gf2mChoice, GroupInfo, GroupOptions, KeyExchange, TableInfo, WindowChoice,
};
use crate::params::GroupFile;
use crate::security::{Profile, Structure};
use curve::{Curve, Scalar};
use fixed::FixedBase;
use ladder::LadderB;
use rand_chacha::ChaCha20Rng;
use rand_core::Rng;

/// Default window width of the fixed-base table (bits); [`GroupOptions::table_window`]
/// ([`MIN_WINDOW`]–[`MAX_WINDOW`]) overrides it, trading memory for Offer speed. w = 12 gives
/// 13 windows × 2048 affine points for gf2-155 (1.2 MiB, 1.5 MiB for gf2-185: within a 2 MiB
/// L2), built in about 25 ms; Offer is 11–14 % faster than with w = 10 (384 KiB), measured
/// in `docs/perf.md`.
pub const DEFAULT_WINDOW: u32 = 12;

/// Narrowest fixed-base window, bits.
pub const MIN_WINDOW: u32 = 2;

/// Widest fixed-base window, bits (the table's digits are signed and fit in an `i16`; at 12
/// bits gf2-185's table is 1.5 MiB).
pub const MAX_WINDOW: u32 = 12;

/// Opens an EC2N group described by `file` (keys `m`, `k`, `a`, `b`, `gx`, `gy`, `order`,
/// `cofactor`).
///
/// # Errors
/// A typed problem when a key is missing or wrong, the field is not one pkbench has code
/// for (u^155 + u^62 + 1 and u^185 + u^69 + 1), or the table window is not usable.
pub fn open(file: &GroupFile, opts: &GroupOptions) -> Result<Box<dyn KeyExchange>> {
    let (m, k) = (file.int_key("m")?, file.int_key("k")?);
    match (m, k) {
        (155, 62) => Ok(Box::new(Ec2n::<F155>::open(file, opts)?)),
        (185, 69) => Ok(Box::new(Ec2n::<F185>::open(file, opts)?)),
        _ => Err(file.problem(format!(
            "no field code for u^{m} + u^{k} + 1; supported: u^155 + u^62 + 1, u^185 + u^69 + 1"
        ))),
    }
}

/// The security profile of the curve of `file` ([`crate::kex::profile`]): the field degree
/// `m`, the prime order `order` of the subgroup and the `cofactor` (1 when left out), read
/// without the curve checks.
///
/// # Errors
/// A typed problem when `m` or `order` is missing or malformed.
pub fn profile(file: &GroupFile) -> Result<Profile> {
    let m = file.int_key("m")?;
    let q = file
        .big_key("order")?
        .ok_or_else(|| file.problem("missing key `order`"))?;
    let q = num_bigint::BigUint::from_bytes_be(&q);
    let cofactor = file.int_key("cofactor").unwrap_or(1);
    Ok(Profile::new(
        &file.name,
        Structure::BinaryCurve {
            m: u32::try_from(m).unwrap_or(u32::MAX),
        },
        &q,
        file.security_source(),
    )
    .with_cofactor(&q, cofactor))
}

/// The window asked for in `choice`, in bits.
///
/// # Errors
/// [`SettingError::TableWindow`] for a value outside [`MIN_WINDOW`]..=[`MAX_WINDOW`] or not a
/// number.
pub fn window(choice: &WindowChoice) -> Result<u32> {
    let bad = |given: String| {
        Err(SettingError::TableWindow {
            given,
            min: MIN_WINDOW,
            max: MAX_WINDOW,
        }
        .into())
    };
    match choice {
        WindowChoice::Default => Ok(DEFAULT_WINDOW),
        WindowChoice::Bits(w) if (MIN_WINDOW..=MAX_WINDOW).contains(w) => Ok(*w),
        WindowChoice::Bits(w) => bad(w.to_string()),
        WindowChoice::Unusable(s) => bad(s.clone()),
    }
}

/// One EC2N group over the field F, ready to time.
pub struct Ec2n<F: Trinomial> {
    info: GroupInfo,
    /// The curve and its generator.
    pub curve: Curve<F>,
    /// Field implementation in use.
    pub arith: Arith,
    lb: LadderB,
    /// b^(1/4), for the paired ladder's doubling X⁴ + b·Z⁴ = (X + b^(1/4)·Z)⁴.
    qrt_b: Fe,
    table: Option<FixedBase>,
    warnings: Vec<Warning>,
}

impl<F: Trinomial> Ec2n<F> {
    /// Opens the group: reads and checks the curve, builds the fixed-base table when asked.
    ///
    /// # Errors
    /// As [`open`].
    pub fn open(file: &GroupFile, opts: &GroupOptions) -> Result<Self> {
        let w = window(&opts.table_window)?;
        let (force_128, warnings) = match &opts.gf2m_code {
            Gf2mChoice::Fastest => (false, vec![]),
            Gf2mChoice::Pclmulqdq => (true, vec![]),
            Gf2mChoice::Unknown(v) => (
                false,
                vec![Warning::Gf2mCodeIgnored {
                    value: v.clone(),
                    known: gf2m::PCLMULQDQ_CHOICE.to_string(),
                }],
            ),
        };
        let mut g = Self::open_with(file, opts.table, w, Arith::select(opts.clmul, force_128))?;
        g.warnings = warnings;
        Ok(g)
    }

    /// Opens the group with field implementation `arith`, with or without a fixed-base table
    /// of window `w` ([`MIN_WINDOW`]..=[`MAX_WINDOW`] bits).
    ///
    /// # Errors
    /// As [`open`], and [`SettingError::TableWindow`] for a window outside that range.
    pub fn open_with(file: &GroupFile, table: bool, w: u32, arith: Arith) -> Result<Self> {
        window(&WindowChoice::Bits(w))?;
        let curve = Curve::<F>::from_file(file, arith)?;
        let full = curve.q.bits();
        let profile = Profile::new(
            &file.name,
            Structure::BinaryCurve { m: F::M },
            &curve.q.to_biguint(),
            file.security_source(),
        );
        let info = GroupInfo {
            name: file.name.clone(),
            family: Family::Ec2n,
            description: file.description.clone(),
            source: file.source.clone(),
            full_exp_bits: full,
            public_bytes: F::BYTES,
            field_bits: F::M,
            profile,
        };
        let table = table.then(|| FixedBase::build::<F>(&curve, arith, w, full));
        Ok(Ec2n {
            info,
            lb: LadderB::new::<F>(&curve.b, &curve.sqrt_b),
            qrt_b: gf2m::Gf2m::<F>::new(arith).sqrt(&curve.sqrt_b),
            curve,
            arith,
            table,
            warnings: Vec::new(),
        })
    }

    /// Parses a secret: non-zero and below 2^(bits of q) (152 bits for gf2-155, 183 for
    /// gf2-185; the known-answer vectors use full-size secrets above q, which are fine since
    /// G's order is a multiple of q).
    ///
    /// # Errors
    /// [`SecretError::ScalarZero`], [`SecretError::ScalarMultipleOfOrder`] or
    /// [`SecretError::ScalarTooLong`].
    pub fn scalar(&self, secret: &[u8]) -> Result<Scalar> {
        let full = self.curve.q.bits();
        match Scalar::from_be_bytes(secret) {
            Some(k) if k.is_zero() => Err(SecretError::ScalarZero.into()),
            Some(k) if k.bits() <= full => {
                // k ≡ 0 (mod q) would give a point of small order (G has order h'·q), hence a
                // degenerate public value or shared secret: refuse the multiples of q that fit.
                let multiple = (1u64..)
                    .map_while(|m| self.curve.q.mul_small(m).filter(|mq| mq.bits() <= full))
                    .any(|mq| mq.cmp_num(&k) == std::cmp::Ordering::Equal);
                if multiple {
                    return Err(SecretError::ScalarMultipleOfOrder {
                        group: self.info.name.clone(),
                    }
                    .into());
                }
                Ok(k)
            }
            _ => Err(SecretError::ScalarTooLong {
                group: self.info.name.clone(),
                max_bits: full,
                order_hex: hex::encode(self.curve.q.to_be_bytes(full.div_ceil(8) as usize)),
                got: secret.len(),
            }
            .into()),
        }
    }

    /// x(k·G) (Offer) with the implementation in use.
    pub fn offer_x(&self, k: &Scalar) -> Fe {
        match self.arith {
            Arith::Portable(be) => offer_impl::<F, Portable>(self, be, k),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the Clmul token exists only when the CPU has pclmulqdq.
            Arith::Clmul(be) => unsafe { offer_clmul::<F>(self, be, k) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the Avx512 token exists only when the CPU has the features.
            Arith::Avx512(be) => unsafe { offer_avx512::<F>(self, be, k) },
        }
    }

    /// x(k·P) for a peer's x and the validation result (Reply) with the implementation in use.
    pub fn reply_x(&self, k: &Scalar, x: &Fe) -> ReplyOut {
        match self.arith {
            Arith::Portable(be) => reply_impl::<F, Portable>(self, be, k, x),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in offer_x.
            Arith::Clmul(be) => unsafe { reply_clmul::<F>(self, be, k, x) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in offer_x.
            Arith::Avx512(be) => unsafe { reply_avx512::<F>(self, be, k, x) },
        }
    }

    /// The fixed-base table, if built.
    pub fn fixed_base(&self) -> Option<&FixedBase> {
        self.table.as_ref()
    }
}

/// The outcome of the Reply computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplyOut {
    /// x(k·P) (0 when k·P = O).
    pub x: Fe,
    /// Tr(x + b/x²) = 0: some y puts (x, y) on the curve.
    pub on_curve: bool,
    /// k·P = O.
    pub infinity: bool,
}

#[inline(always)]
fn offer_impl<F: Trinomial, B: ladder::Ladder>(g: &Ec2n<F>, be: B, k: &Scalar) -> Fe {
    let (x, z) = match &g.table {
        Some(t) => {
            let p = t.mul::<F, B>(be, &g.curve.b, k);
            (p.x, p.z)
        }
        None => ladder::ladder::<F, B>(be, &g.lb, k, be.load(&g.curve.g.x)),
    };
    be.store(be.mul::<F>(x, gf2m::inv::<F, B>(be, z)))
}

/// The ladder, then [`reply_finish`].
#[inline(always)]
fn reply_impl<F: Trinomial, B: ladder::Ladder>(g: &Ec2n<F>, be: B, k: &Scalar, x: &Fe) -> ReplyOut {
    let xe = be.load(x);
    let (xx, zz) = ladder::ladder::<F, B>(be, &g.lb, k, xe);
    reply_finish(g, be, xe, xx, zz)
}

/// From the ladder's (X : Z) for the peer's x: one inversion for both x(k·P) = X/Z and the
/// trace test of x: t = (x·Z)⁻¹, 1/x = Z·t, X/Z = X·x·t (Montgomery's simultaneous-inversion
/// trick). On the curve iff Tr(x) + Tr(√b/x) = 0 (Tr(b/x²) = Tr((√b/x)²) = Tr(√b/x)).
#[inline(always)]
fn reply_finish<F: Trinomial, B: Backend>(
    g: &Ec2n<F>,
    be: B,
    xe: B::E,
    xx: B::E,
    zz: B::E,
) -> ReplyOut {
    let t = gf2m::inv::<F, B>(be, be.mul::<F>(xe, zz));
    let xinv = be.mul::<F>(zz, t);
    let res = be.mul::<F>(be.mul::<F>(xx, xe), t);
    let sb_x = be.store(be.mul::<F>(be.load(&g.curve.sqrt_b), xinv));
    let x = be.store(xe);
    let tr = gf2m::trace::<F>(&x) ^ gf2m::trace::<F>(&sb_x);
    ReplyOut {
        x: be.store(res),
        on_curve: tr == 0,
        infinity: be.is_zero(zz),
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq")]
fn offer_clmul<F: Trinomial>(g: &Ec2n<F>, be: gf2m::clmul::Clmul, k: &Scalar) -> Fe {
    offer_impl::<F, gf2m::clmul::Clmul>(g, be, k)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq")]
fn reply_clmul<F: Trinomial>(g: &Ec2n<F>, be: gf2m::clmul::Clmul, k: &Scalar, x: &Fe) -> ReplyOut {
    reply_impl::<F, gf2m::clmul::Clmul>(g, be, k, x)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn offer_avx512<F: Trinomial>(g: &Ec2n<F>, be: gf2m::avx512::Avx512, k: &Scalar) -> Fe {
    if let Some(t) = &g.table {
        let (x, z) = fixed_pair::mul_xz::<F>(t, be, &g.curve.b, k);
        return be.store(be.mul::<F>(x, gf2m::inv::<F, _>(be, z)));
    }
    let (x, z) = ladder_pair::ladder_pair::<F>(be, &g.lb, &g.qrt_b, k, be.load(&g.curve.g.x));
    be.store(be.mul::<F>(x, gf2m::inv::<F, _>(be, z)))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn reply_avx512<F: Trinomial>(
    g: &Ec2n<F>,
    be: gf2m::avx512::Avx512,
    k: &Scalar,
    x: &Fe,
) -> ReplyOut {
    let xe = be.load(x);
    let (xx, zz) = ladder_pair::ladder_pair::<F>(be, &g.lb, &g.qrt_b, k, xe);
    reply_finish(g, be, xe, xx, zz)
}

impl<F: Trinomial> KeyExchange for Ec2n<F> {
    fn info(&self) -> &GroupInfo {
        &self.info
    }

    /// pkbench's own GF(2^m) and curve code, naming the field code path and the CPU
    /// features it chose at run time.
    fn implementation(&self) -> Implementation {
        let features: &[&str] = match self.arith.name() {
            "vpclmulqdq+avx512" => &crate::measure::machine::GF2M_VECTOR_FEATURES,
            "pclmulqdq" => &["pclmulqdq"],
            _ => &[],
        };
        Implementation::own(self.arith.name()).using(features)
    }

    fn table(&self) -> Option<&TableInfo> {
        self.table.as_ref().map(|t| &t.info)
    }

    /// The group value itself (curve constants, ladder constants) and, for Offer with a
    /// table, every entry of the fixed-base table: all the memory Offer and Reply read.
    fn resident(&self, offer: bool) -> crate::measure::cache::Resident<'_> {
        use crate::measure::cache::{Resident, Span};
        let mut spans = vec![Span::of_val(self)];
        if let (true, Some(t)) = (offer, &self.table) {
            spans.push(Span::of(&t.t));
        }
        Resident::complete(spans)
    }

    fn clmul(&self) -> Option<bool> {
        Some(self.arith.is_clmul())
    }

    fn field_code(&self) -> Option<String> {
        Some(self.arith.name().to_string())
    }

    fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// How Offer runs (the GF(2^m) code is [`KeyExchange::field_code`]).
    fn offer_method(&self) -> Option<String> {
        let paired = matches!(self.arith, Arith::Avx512(_));
        Some(match (&self.table, paired) {
            (Some(t), true) => format!(
                "fixed-base signed windows w={}, LD mixed additions, two accumulators side by side in 512-bit registers",
                t.w
            ),
            (Some(t), false) => format!("fixed-base signed windows w={}, LD mixed additions", t.w),
            (None, _) => self.reply_method().unwrap_or_default(),
        })
    }

    /// Which ladder Reply runs.
    fn reply_method(&self) -> Option<String> {
        Some(match self.arith {
            Arith::Avx512(_) => {
                "x-only López–Dahab Montgomery ladder, R0 and R1 side by side in 512-bit registers"
            }
            _ => "x-only López–Dahab Montgomery ladder",
        }
        .to_string())
    }

    /// Exactly `exp_bits` bits with the top bit set; for the full size, uniform in 1..q
    /// (rejection sampling).
    fn random_secret(&self, exp_bits: u32, rng: &mut ChaCha20Rng) -> Vec<u8> {
        let full = self.curve.q.bits();
        let len = full.div_ceil(8) as usize;
        let bits = exp_bits.clamp(1, full);
        loop {
            let mut w = [rng.next_u64(), rng.next_u64(), rng.next_u64()];
            for (i, word) in w.iter_mut().enumerate() {
                let lo = 64 * i as u32;
                if bits <= lo {
                    *word = 0;
                } else if bits - lo < 64 {
                    *word &= (1u64 << (bits - lo)) - 1;
                }
            }
            let mut k = Scalar(w);
            if bits < full {
                k.0[((bits - 1) / 64) as usize] |= 1u64 << ((bits - 1) % 64);
                return k.to_be_bytes(len);
            }
            if !k.is_zero() && k.cmp_num(&self.curve.q).is_lt() {
                return k.to_be_bytes(len);
            }
        }
    }

    fn check_secret(&self, secret: &[u8]) -> Result<()> {
        self.scalar(secret).map(|_| ())
    }

    fn generator(&self) -> Vec<u8> {
        self.curve.g.x.to_be_bytes(F::BYTES)
    }

    fn offer(&self, secret: &[u8]) -> Vec<u8> {
        let k = self
            .scalar(secret)
            .expect("offer takes a secret accepted by check_secret");
        self.offer_x(&k).to_be_bytes(F::BYTES)
    }

    fn reply(&self, secret: &[u8], peer_bytes: &[u8]) -> Result<Vec<u8>> {
        let k = self.scalar(secret)?;
        let p = peer::decode::<F>(&self.curve, self.arith, peer_bytes)?;
        let out = self.reply_x(&k, &p.x);
        if !out.on_curve {
            return Err(PeerValueError::NotOnCurve.into());
        }
        if out.infinity {
            return Err(PeerValueError::SharedSecretInfinity.into());
        }
        Ok(out.x.to_be_bytes(F::BYTES))
    }
}

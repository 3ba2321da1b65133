//! Security estimates for any described group (built-in or a user's file) and secret size,
//! each figure with its source.
//!
//! The reported level is the **minimum** of the applicable estimates, in bits (log2 of the
//! attack cost):
//! - **Pollard rho on the prime subgroup** (curves and mod-p groups): about √(πq/4) group
//!   operations for a subgroup of prime order q (Pollard 1978; parallelised with distinguished
//!   points by van Oorschot–Wiener, J. Cryptology 1999), i.e. 0.5·log2(πq/4) bits. This is the
//!   "rho" figure of Bernstein–Lange's SafeCurves (e.g. 2^125.8 for Curve25519, 2^127.8 for
//!   P-256 and secp256k1).
//! - **Number field sieve for mod-p groups**: NIST SP 800-56B Rev. 2 Appendix D,
//!   E(L) = (1.923·∛(L·ln 2)·∛(ln(L·ln 2))² − 4.69) / ln 2 for an L-bit modulus, rounded to the
//!   nearest multiple of 8. It reproduces NIST SP 800-57 Part 1 Rev. 5 Table 2 (1024 → 80,
//!   2048 → 112, 3072 → 128 bits) and SP 800-56B's 4096 → 152, 6144 → 176, 8192 → 200. The
//!   RFC 3526 §8 estimates are shown beside it for comparison (not in the minimum: the level
//!   speaks NIST's categories, which `--min-security 112` and `128` refer to).
//! - **Short exponents**: an N-bit secret is found by Pollard's kangaroo (lambda) method in
//!   about 2^(N/2) operations (van Oorschot–Wiener, EUROCRYPT 1996), so at most N/2 bits.
//!
//! Weaknesses that no single figure captures are marked `weak` with the reason, derived from
//! the group's numbers: the Weil descent (GHS) attack on binary fields GF(2^m) with 5 | m
//! (GF(2^155) and GF(2^185) of the Oakley groups 3 and 4; Gaudry–Hess–Smart, J. Cryptology
//! 2002; Menezes–Teske–Weng, CT-RSA 2004 "Weak fields for ECC"; Menezes–Teske, AAECC 2006:
//! "characteristic two finite fields F_{q^5} are weak"), and the Logjam-era findings for
//! mod-p groups of at most 512, 768 and 1024 bits (Adrian et al., "Imperfect Forward Secrecy:
//! How Diffie-Hellman Fails in Practice", ACM CCS 2015). Any level below 80 bits is also
//! marked weak.
//!
//! Beside the precise estimate each group and secret size gets a **security category**, the
//! conventional strength the field states it in (see [`category`]): NIST SP 800-57 Part 1
//! Rev. 5 Table 2 (80, 112, 128, 192, 256 bits) by the size of the group order for curves
//! (as SP 800-186 and RFC 7748 §7 count Curve25519: "128-bit security level", the order
//! 8·l being 256 bits) and by the modulus and subgroup sizes for mod-p groups. A target such
//! as `choose --min-security 128` compares against the category, so X25519 (rho 125.8) and
//! P-256 (127.8) meet 128; the precise figures stay beside it.
//!
//! The estimate is a function of the group's description alone ([`Profile`]: its family's
//! sizes, read by `kex::profile` from the group's TOML file, and how the file cites its
//! numbers), so a user's `--params` group gets one as well as a built-in group.

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::{Deserialize, Serialize};

/// One estimate of the attack cost, in bits, with what it models and where it comes from.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Part {
    /// What the figure models, e.g. "Pollard rho on q (151.4-bit prime subgroup)".
    pub what: String,
    /// Bits of security (log2 of the attack cost).
    pub bits: f64,
    /// Whether the figure counts in the minimum (comparison figures do not).
    pub counted: bool,
    /// The source of the formula or figure.
    pub source: String,
}

/// The security estimate of one group with one secret size.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Estimate {
    /// Canonical group name.
    pub group: String,
    /// Secret size in bits.
    pub exp_bits: u32,
    /// The reported level: the minimum of the counted parts, in bits (one decimal).
    pub bits: f64,
    /// Which part gives the minimum.
    pub limited_by: String,
    /// Every figure considered.
    pub parts: Vec<Part>,
    /// `Some(reason)` when the group or choice has a known weakness (see the module docs).
    pub weak: Option<String>,
    /// The conventional security category in bits (80, 112, 128, 192 or 256; 0 = below 80):
    /// see [`category`]. Records written before categories read as 0.
    #[serde(default)]
    pub category: u32,
    /// How the category was found, with its source (empty in older records).
    #[serde(default)]
    pub category_rule: String,
}

/// What the attacks on a group depend on, beside the prime order q of its subgroup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Structure {
    /// The multiplicative group mod a prime p of `p_bits` bits (the number field sieve
    /// applies to p).
    Modp {
        /// Bits of p.
        p_bits: u32,
    },
    /// An elliptic curve over the binary field GF(2^m) (Weil descent applies when 5 | m).
    BinaryCurve {
        /// The extension degree m.
        m: u32,
    },
    /// An elliptic curve over a prime field.
    PrimeCurve,
}

/// What a security estimate needs to know about a group: its family's typed sizes, read from
/// its description (`kex::profile`), and how its numbers are cited.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    /// Canonical group name.
    pub group: String,
    /// What else the attacks depend on.
    pub structure: Structure,
    /// Bits of the prime order q of the subgroup: the size of a `full` secret.
    pub q_bits: u32,
    /// log2 q.
    pub log2_q: f64,
    /// Where the group's numbers come from, as the figures' sources cite them (the file's
    /// `security_source`, e.g. "RFC 2409 §6.3 (group order = 12·q)"); empty: not cited.
    pub cite: String,
    /// Bits of the whole group order: cofactor·q for a curve (256 for Curve25519's 8·l),
    /// q for a mod-p group. The curve category is read from it.
    pub order_bits: u32,
}

impl Profile {
    /// The profile of `group`, whose prime subgroup order is `q`.
    pub fn new(group: &str, structure: Structure, q: &BigUint, cite: &str) -> Profile {
        Profile {
            group: group.to_string(),
            structure,
            q_bits: u32::try_from(q.bits()).unwrap_or(u32::MAX),
            log2_q: log2_big(q),
            cite: cite.to_string(),
            order_bits: u32::try_from(q.bits()).unwrap_or(u32::MAX),
        }
    }

    /// The profile with the whole group order cofactor·q (a curve's `cofactor` key; 1 or 0
    /// leaves it at q).
    pub fn with_cofactor(mut self, q: &BigUint, cofactor: u64) -> Profile {
        if cofactor > 1 {
            self.order_bits = u32::try_from((q * cofactor).bits()).unwrap_or(u32::MAX);
        }
        self
    }
}

/// The security categories, bits: NIST SP 800-57 Part 1 Rev. 5 §5.6.1.1 Table 2.
pub const CATEGORIES: [u32; 5] = [80, 112, 128, 192, 256];

/// SP 800-57 Part 1 Rev. 5 Table 2, ECC column: the category of a curve whose order has `f`
/// bits (f = 160–223 → 80, 224–255 → 112, 256–383 → 128, 384–511 → 192, 512+ → 256; below
/// 160 → 0). The same thresholds are the FFC column's subgroup size N (160, 224, 256, 384,
/// 512), used for a secret of N bits.
pub fn category_by_size(f: u32) -> u32 {
    match f {
        0..=159 => 0,
        160..=223 => 80,
        224..=255 => 112,
        256..=383 => 128,
        384..=511 => 192,
        _ => 256,
    }
}

/// SP 800-57 Part 1 Rev. 5 Table 2, FFC column: the category of an L-bit modulus (L = 1024
/// → 80, 2048 → 112, 3072 → 128, 7680 → 192, 15360 → 256; below 1024 → 0).
pub fn category_by_modulus(l: u32) -> u32 {
    match l {
        0..=1023 => 0,
        1024..=2047 => 80,
        2048..=3071 => 112,
        3072..=7679 => 128,
        7680..=15359 => 192,
        _ => 256,
    }
}

/// The conventional category (bits, one of [`CATEGORIES`] or 0 = below 80) of the group of
/// `profile` with secrets of `exp` bits (`full` = its full size), and the rule that gave it:
/// - curves: SP 800-57 Table 2 by f = bits of the group order cofactor·q ([`Profile::order_bits`]:
///   256 for Curve25519, which RFC 7748 §7 and SP 800-186 put at the 128-bit level, though
///   its rho figure is 125.8);
/// - mod-p groups: SP 800-57 Table 2 by the modulus size L;
/// - a short secret of N < full bits: at most the category of N by the Table 2 thresholds
///   (e.g. 224 bits → 112).
pub fn category(profile: &Profile, exp: u32) -> (u32, String) {
    const T2: &str = "NIST SP 800-57 Pt 1 Rev. 5 Table 2";
    let (mut cat, mut rule) = match profile.structure {
        Structure::Modp { p_bits } => (
            category_by_modulus(p_bits),
            format!("{p_bits}-bit modulus ({T2}, FFC L)"),
        ),
        Structure::BinaryCurve { .. } | Structure::PrimeCurve => (
            category_by_size(profile.order_bits),
            format!(
                "{}-bit group order ({T2}, ECC f; RFC 7748 §7 and SP 800-186 count Curve25519, order 8·l, as 128)",
                profile.order_bits
            ),
        ),
    };
    if exp < profile.q_bits && category_by_size(exp) < cat {
        cat = category_by_size(exp);
        rule = format!("{exp}-bit secret ({T2}, subgroup size N)");
    }
    (cat, rule)
}

/// log2 of a big integer: through `f64` directly up to 1000 bits, else from its top 64 bits
/// (an 8191-bit q does not fit in an `f64`).
pub fn log2_big(x: &BigUint) -> f64 {
    let bits = x.bits();
    if bits <= 1000 {
        return x.to_f64().unwrap_or(f64::INFINITY).log2();
    }
    let shift = bits - 64;
    let top = (x >> shift).to_u64().expect("64 bits") as f64;
    top.log2() + shift as f64
}

/// RFC 3526 §8, "Strength Estimate 1" and "Strength Estimate 2" (bits) by modulus size.
const RFC3526_8: &[(u32, u32, u32)] = &[
    (1536, 90, 120),
    (2048, 110, 160),
    (3072, 130, 210),
    (4096, 150, 240),
    (6144, 170, 270),
    (8192, 190, 310),
];

/// Pollard rho on a prime subgroup of order q: 0.5·log2(πq/4) bits (Pollard 1978; van
/// Oorschot–Wiener 1999). `log2_q` = log2 q.
pub fn rho_bits(log2_q: f64) -> f64 {
    0.5 * (log2_q + (std::f64::consts::PI / 4.0).log2())
}

/// NIST SP 800-56B Rev. 2 Appendix D: security strength of an L-bit modulus against the
/// general number field sieve, unrounded.
pub fn nfs_bits_exact(modulus_bits: u32) -> f64 {
    let ln2 = std::f64::consts::LN_2;
    let x = f64::from(modulus_bits) * ln2;
    (1.923 * x.cbrt() * x.ln().powi(2).cbrt() - 4.69) / ln2
}

/// [`nfs_bits_exact`] rounded to the nearest multiple of 8, as SP 800-56B's table does.
pub fn nfs_bits(modulus_bits: u32) -> f64 {
    (nfs_bits_exact(modulus_bits) / 8.0).round() * 8.0
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The Logjam finding for a mod-p group of `p_bits` bits (Adrian et al., CCS 2015), for
/// moduli of at most 512, 768 and 1024 bits.
fn logjam(p_bits: u32) -> Option<&'static str> {
    Some(match p_bits {
        0..=512 => {
            "Logjam: 512-bit groups are broken; after about a week of precomputation per prime, single discrete logs took about a minute (Adrian et al., CCS 2015)"
        }
        513..=768 => {
            "Logjam: 768-bit groups are within reach of academic computing (Adrian et al., CCS 2015)"
        }
        769..=1024 => {
            "Logjam: a 1024-bit precomputation is plausibly within reach of nation-states, and one precomputation breaks every exchange in a widely shared prime such as Oakley group 2 (Adrian et al., CCS 2015)"
        }
        _ => return None,
    })
}

/// The estimate for the group of `profile` with secrets of `exp_bits` bits (`None` = full;
/// more than full counts as full).
pub fn estimate(profile: &Profile, exp_bits: Option<u32>) -> Estimate {
    let full = profile.q_bits;
    let exp = exp_bits.unwrap_or(full).min(full);
    let lq = profile.log2_q;
    let cite = profile.cite.as_str();
    let mut parts = vec![Part {
        what: format!("Pollard rho on the prime subgroup (q ≈ 2^{:.1})", lq),
        bits: round1(rho_bits(lq)),
        counted: true,
        source: "0.5·log2(πq/4): Pollard 1978, van Oorschot–Wiener 1999 (SafeCurves \"rho\")"
            .into(),
    }];
    let mut weak = Vec::new();
    match profile.structure {
        Structure::BinaryCurve { .. } | Structure::PrimeCurve => {
            if !cite.is_empty() {
                parts[0].source = format!("{}; q from {cite}", parts[0].source);
            }
            if let Structure::BinaryCurve { m } = profile.structure
                && m % 5 == 0
                && m > 5
            {
                weak.push(format!(
                    "GF(2^{m}) = GF((2^{})^5): composite extension degree; Weil descent (GHS) makes fields F_(q^5) weak (Gaudry–Hess–Smart 2002; Menezes–Teske–Weng 2004; Menezes–Teske 2006); no figure subtracted",
                    m / 5
                ));
            }
        }
        Structure::Modp { p_bits: bits } => {
            let group_from = if cite.is_empty() {
                String::new()
            } else {
                format!("; group from {cite}")
            };
            parts.push(Part {
                what: format!(
                    "number field sieve, {bits}-bit modulus (E = {:.1}, rounded to a multiple of 8)",
                    nfs_bits_exact(bits)
                ),
                bits: nfs_bits(bits),
                counted: true,
                source: format!(
                    "NIST SP 800-56B Rev. 2 App. D formula (= SP 800-57 Pt 1 Rev. 5 Table 2 at 1024/2048/3072){group_from}"
                ),
            });
            if let Some(&(_, e1, e2)) = RFC3526_8.iter().find(|(b, _, _)| *b == bits) {
                parts.push(Part {
                    what: format!(
                        "RFC 3526 estimates for a {bits}-bit modulus (Estimate 1 – Estimate 2: {e1}–{e2})"
                    ),
                    bits: f64::from(e1),
                    counted: false,
                    source: "RFC 3526 §8 (comparison only)".into(),
                });
            }
            weak.extend(logjam(bits).map(String::from));
        }
    }
    parts.push(Part {
        what: if exp < full {
            format!("short exponent of {exp} bits: Pollard kangaroo (lambda)")
        } else {
            format!("full exponent ({exp} bits): Pollard kangaroo (lambda)")
        },
        bits: f64::from(exp) / 2.0,
        counted: true,
        source: "at most N/2 bits for an N-bit secret: van Oorschot–Wiener, EUROCRYPT 1996".into(),
    });
    let min = parts
        .iter()
        .filter(|p| p.counted)
        .min_by(|a, b| a.bits.total_cmp(&b.bits))
        .expect("rho is always counted");
    let (bits, limited_by) = (min.bits, min.what.clone());
    if bits < 80.0 {
        weak.push(format!("estimated level {bits:.1} bits is below 80"));
    }
    let (category, category_rule) = category(profile, exp);
    Estimate {
        group: profile.group.clone(),
        exp_bits: exp,
        bits,
        limited_by,
        parts,
        weak: (!weak.is_empty()).then(|| weak.join("; ")),
        category,
        category_rule,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(g: &str) -> Profile {
        crate::kex::profile(&crate::params::lookup(g).unwrap()).unwrap()
    }

    fn est(g: &str, e: Option<u32>) -> Estimate {
        estimate(&profile(g), e)
    }

    #[test]
    fn rho_figures_of_the_issue_and_safecurves() {
        assert_eq!(est("gf2-155", None).bits, 75.5);
        assert_eq!(est("gf2-185", None).bits, 91.3);
        assert_eq!(est("p256", None).bits, 127.8);
        assert_eq!(est("k256", None).bits, 127.8);
        // SafeCurves lists 2^125.8 for Curve25519 (l ≈ 2^252).
        assert_eq!(est("x25519", None).bits, 125.8);
    }

    /// The done-when of issue 22: X25519 and P-256 are in the 128-bit category (RFC 7748 §7,
    /// SP 800-186), their precise rho figures kept beside it.
    #[test]
    fn categories_by_convention() {
        for (g, e, want) in [
            ("x25519", None, 128),
            ("p256", None, 128),
            ("k256", None, 128),
            ("k256", Some(224), 112),
            ("p256", Some(128), 0),
            ("gf2-185", None, 80),
            ("gf2-155", None, 0),
            ("modp-1024", None, 80),
            ("modp-2048", None, 112),
            ("modp-2048", Some(160), 80),
            ("modp-3072", None, 128),
            ("ffdhe3072", Some(256), 128),
            ("modp-4096", None, 128),
            ("modp-8192", None, 192),
            ("modp-768", None, 0),
        ] {
            let x = est(g, e);
            assert_eq!(x.category, want, "{g} {e:?}: {}", x.category_rule);
            assert!(x.category_rule.contains("SP 800-57"), "{g}");
        }
        assert_eq!(profile("x25519").order_bits, 256);
        assert_eq!(est("x25519", None).bits, 125.8);
        assert_eq!(category_by_modulus(15360), 256);
        assert_eq!(category_by_size(521), 256);
    }

    #[test]
    fn full_sizes() {
        assert_eq!(profile("gf2-155").q_bits, 152);
        assert_eq!(profile("gf2-185").q_bits, 183);
        assert_eq!(profile("p256").q_bits, 256);
        assert_eq!(profile("x25519").q_bits, 253);
        assert_eq!(profile("modp-1024").q_bits, 1023);
        assert_eq!(profile("modp-1024").log2_q, 1023.0);
        assert_eq!(profile("modp-8192").log2_q, 8191.0);
    }

    #[test]
    fn nist_table_values_for_modp() {
        // SP 800-57 Pt 1 Rev. 5 Table 2 and SP 800-56B Rev. 2 App. D.
        for (bits, want) in [
            (1024, 80.0),
            (2048, 112.0),
            (3072, 128.0),
            (4096, 152.0),
            (6144, 176.0),
            (8192, 200.0),
        ] {
            assert_eq!(nfs_bits(bits), want, "{bits}");
        }
        assert_eq!(est("modp-2048", None).bits, 112.0);
        assert_eq!(est("ffdhe3072", None).bits, 128.0);
        assert!(est("modp-2048", None).weak.is_none());
    }

    #[test]
    fn short_exponents_cap_the_level() {
        let e = est("modp-2048", Some(160));
        assert_eq!(e.bits, 80.0);
        assert!(e.limited_by.contains("short exponent"), "{e:?}");
        assert_eq!(est("modp-3072", Some(256)).bits, 128.0);
        assert_eq!(est("p256", Some(128)).bits, 64.0);
        assert!(est("p256", Some(128)).weak.is_some()); // below 80
        // More than full is full.
        assert_eq!(est("gf2-155", Some(200)).exp_bits, 152);
    }

    #[test]
    fn weak_marks() {
        let w = est("gf2-155", Some(128)).weak.unwrap();
        assert!(w.contains("Weil descent") && w.contains("(2^31)^5"), "{w}");
        let w = est("gf2-185", None).weak.unwrap();
        assert!(w.contains("(2^37)^5"), "{w}");
        for g in ["modp-512", "modp-768", "modp-1024"] {
            assert!(est(g, None).weak.unwrap().contains("Logjam"), "{g}");
        }
        for g in ["modp-1536", "modp-2048", "p256", "k256", "x25519"] {
            assert!(est(g, None).weak.is_none(), "{g}");
        }
        assert_eq!(est("modp-768", None).bits, 72.0);
        assert_eq!(est("modp-512", None).bits, 56.0);
    }

    /// The group orders this module once held as constants (#E = cofactor · q) follow from
    /// the params files' `order`/`n` and `cofactor`, and each file's `security_source` is
    /// the citation the estimates printed.
    #[test]
    fn curve_orders_match_the_former_table() {
        for (name, order_hex, cofactor, cite) in [
            (
                "gf2-155",
                "0800000000000000000057db5698537193aef944",
                12u32,
                "RFC 2409 §6.3 (group order = 12·q)",
            ),
            (
                "gf2-185",
                "01ffffffffffffffffffffffdbf2f889b73e484175f94ebc",
                4,
                "RFC 2409 §6.4 (group order = 4·q)",
            ),
            (
                "p256",
                "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
                1,
                "FIPS 186-4 App. D.1.2.3 (n)",
            ),
            (
                "k256",
                "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141",
                1,
                "SEC 2 v2 §2.4.1 (n)",
            ),
            (
                "x25519",
                "80000000000000000000000000000000a6f7cef517bce6b2c09318d2e7ae9f68",
                8,
                "RFC 7748 §4.1 (order 8·l)",
            ),
        ] {
            let n = BigUint::parse_bytes(order_hex.as_bytes(), 16).unwrap();
            let q = &n / cofactor;
            let p = profile(name);
            assert_eq!(p.log2_q, q.to_f64().unwrap().log2(), "{name}");
            assert_eq!(p.q_bits, q.bits() as u32, "{name}");
            assert_eq!(p.cite, cite, "{name}");
        }
        // x25519: 8·l with l from RFC 7748 §4.1.
        let l = (BigUint::from(1u32) << 252u32)
            + BigUint::parse_bytes(b"27742317777372353535851937790883648493", 10).unwrap();
        assert_eq!(profile("x25519").log2_q, l.to_f64().unwrap().log2());
    }

    /// A description's numbers are all an estimate needs: a group not in the registry, as a
    /// user's `--params` file, gets the same figures as the built-in group it copies.
    #[test]
    fn a_params_file_gets_an_estimate() {
        let mut f = crate::params::lookup("modp-768").unwrap();
        f.path = Some("mine.toml".into());
        f.name = "mine".into();
        f.security_source = None;
        f.source = String::new();
        let e = estimate(&crate::kex::profile(&f).unwrap(), None);
        assert_eq!(e.group, "mine");
        assert_eq!(e.bits, 72.0);
        assert!(e.weak.unwrap().contains("Logjam"));
        assert!(e.parts[1].source.ends_with("Table 2 at 1024/2048/3072)"));
    }

    #[test]
    fn log2_of_big_numbers() {
        let one = BigUint::from(1u32);
        assert_eq!(log2_big(&(&one << 4000u32)), 4000.0);
        assert_eq!(log2_big(&(&one << 100u32)), 100.0);
        assert!((log2_big(&((&one << 3000u32) * 3u32)) - (3000.0 + 3f64.log2())).abs() < 1e-9);
    }
}

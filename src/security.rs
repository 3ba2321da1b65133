//! Security estimates for every built-in group and secret size, each figure with its source.
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
//! Weaknesses that no single figure captures are marked `weak` with the reason: the Weil
//! descent (GHS) attack on GF(2^155) and GF(2^185), whose extension degrees are multiples of 5
//! (Gaudry–Hess–Smart, J. Cryptology 2002; Menezes–Teske–Weng, CT-RSA 2004 "Weak fields for
//! ECC"; Menezes–Teske, AAECC 2006: "characteristic two finite fields F_{q^5} are weak"), and
//! the Logjam-era findings for 512-, 768- and 1024-bit mod-p groups (Adrian et al., "Imperfect
//! Forward Secrecy: How Diffie-Hellman Fails in Practice", ACM CCS 2015). Any level below 80
//! bits is also marked weak.

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::Serialize;

/// One estimate of the attack cost, in bits, with what it models and where it comes from.
#[derive(Debug, Clone, Serialize, PartialEq)]
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
#[derive(Debug, Clone, Serialize, PartialEq)]
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
}

/// What kind of group a table entry is.
#[derive(Debug, Clone, Copy)]
enum Kind {
    /// An elliptic curve with group order `order_hex` = cofactor × q (q prime).
    Curve {
        order_hex: &'static str,
        cofactor: u32,
        order_source: &'static str,
        /// Extension degree over GF(2) when it is composite (Weil descent applies).
        binary_degree: Option<u32>,
    },
    /// A mod-p group with a safe prime p of `bits` bits (q = (p−1)/2).
    Modp { bits: u32, source: &'static str },
}

/// The built-in groups (and those other families will add) with the data the estimates need.
const GROUPS: &[(&str, Kind)] = &[
    (
        "gf2-155",
        Kind::Curve {
            // #E for Oakley group 3 (RFC 2409 §6.3) = 12 · q, q a 151.4-bit prime.
            order_hex: "0800000000000000000057db5698537193aef944",
            cofactor: 12,
            order_source: "RFC 2409 §6.3 (group order = 12·q)",
            binary_degree: Some(155),
        },
    ),
    (
        "gf2-185",
        Kind::Curve {
            // #E for Oakley group 4 (RFC 2409 §6.4) = 4 · q, q a 183-bit prime.
            order_hex: "01ffffffffffffffffffffffdbf2f889b73e484175f94ebc",
            cofactor: 4,
            order_source: "RFC 2409 §6.4 (group order = 4·q)",
            binary_degree: Some(185),
        },
    ),
    (
        "p256",
        Kind::Curve {
            order_hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
            cofactor: 1,
            order_source: "FIPS 186-4 App. D.1.2.3 (n)",
            binary_degree: None,
        },
    ),
    (
        "k256",
        Kind::Curve {
            order_hex: "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141",
            cofactor: 1,
            order_source: "SEC 2 v2 §2.4.1 (n)",
            binary_degree: None,
        },
    ),
    (
        "x25519",
        Kind::Curve {
            // 8 · l, l = 2^252 + 27742317777372353535851937790883648493.
            order_hex: "80000000000000000000000000000000a6f7cef517bce6b2c09318d2e7ae9f68",
            cofactor: 8,
            order_source: "RFC 7748 §4.1 (order 8·l)",
            binary_degree: None,
        },
    ),
    (
        "modp-512",
        Kind::Modp {
            bits: 512,
            source: "Oakley construction at 512 bits (stand-in)",
        },
    ),
    (
        "modp-768",
        Kind::Modp {
            bits: 768,
            source: "RFC 2409 §6.1",
        },
    ),
    (
        "modp-1024",
        Kind::Modp {
            bits: 1024,
            source: "RFC 2409 §6.2",
        },
    ),
    (
        "modp-1536",
        Kind::Modp {
            bits: 1536,
            source: "RFC 3526 §2",
        },
    ),
    (
        "modp-2048",
        Kind::Modp {
            bits: 2048,
            source: "RFC 3526 §3",
        },
    ),
    (
        "modp-3072",
        Kind::Modp {
            bits: 3072,
            source: "RFC 3526 §4",
        },
    ),
    (
        "modp-4096",
        Kind::Modp {
            bits: 4096,
            source: "RFC 3526 §5",
        },
    ),
    (
        "modp-6144",
        Kind::Modp {
            bits: 6144,
            source: "RFC 3526 §6",
        },
    ),
    (
        "modp-8192",
        Kind::Modp {
            bits: 8192,
            source: "RFC 3526 §7",
        },
    ),
    (
        "ffdhe2048",
        Kind::Modp {
            bits: 2048,
            source: "RFC 7919 App. A.1",
        },
    ),
    (
        "ffdhe3072",
        Kind::Modp {
            bits: 3072,
            source: "RFC 7919 App. A.2",
        },
    ),
    (
        "ffdhe4096",
        Kind::Modp {
            bits: 4096,
            source: "RFC 7919 App. A.3",
        },
    ),
    (
        "ffdhe6144",
        Kind::Modp {
            bits: 6144,
            source: "RFC 7919 App. A.4",
        },
    ),
    (
        "ffdhe8192",
        Kind::Modp {
            bits: 8192,
            source: "RFC 7919 App. A.5",
        },
    ),
];

/// RFC 3526 §8, "Strength Estimate 1" and "Strength Estimate 2" (bits) by modulus size.
const RFC3526_8: &[(u32, u32, u32)] = &[
    (1536, 90, 120),
    (2048, 110, 160),
    (3072, 130, 210),
    (4096, 150, 240),
    (6144, 170, 270),
    (8192, 190, 310),
];

/// Names of every group this module can estimate, in table order.
pub fn known_groups() -> Vec<&'static str> {
    GROUPS.iter().map(|(n, _)| *n).collect()
}

fn kind(group: &str) -> Option<Kind> {
    GROUPS.iter().find(|(n, _)| *n == group).map(|(_, k)| *k)
}

/// log2 of the prime subgroup order q of a known group.
fn log2_q(k: Kind) -> f64 {
    match k {
        Kind::Curve {
            order_hex,
            cofactor,
            ..
        } => {
            let n = BigUint::parse_bytes(order_hex.as_bytes(), 16).expect("constant parses");
            let q = n / cofactor;
            q.to_f64().expect("finite").log2()
        }
        // p = 2^L − 2^(L−64) − 1 + 2^64·(...) for the RFC 2409/3526/7919 primes: p ≈ 2^L and
        // q = (p − 1)/2 ≈ 2^(L−1).
        Kind::Modp { bits, .. } => f64::from(bits - 1),
    }
}

/// The `full` secret size of a known group: the bit length of q (RFC 7748 x25519: 253).
pub fn full_exp_bits(group: &str) -> Option<u32> {
    kind(group).map(|k| match k {
        Kind::Curve {
            order_hex,
            cofactor,
            ..
        } => {
            let n = BigUint::parse_bytes(order_hex.as_bytes(), 16).expect("constant parses");
            (n / cofactor).bits() as u32
        }
        Kind::Modp { bits, .. } => bits - 1,
    })
}

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

/// The estimate for `group` with secrets of `exp_bits` bits (`None` = full), or `None` when
/// the group is not one pkbench knows.
pub fn estimate(group: &str, exp_bits: Option<u32>) -> Option<Estimate> {
    let k = kind(group)?;
    let full = full_exp_bits(group)?;
    let exp = exp_bits.unwrap_or(full).min(full);
    let lq = log2_q(k);
    let mut parts = vec![Part {
        what: format!("Pollard rho on the prime subgroup (q ≈ 2^{:.1})", lq),
        bits: round1(rho_bits(lq)),
        counted: true,
        source: "0.5·log2(πq/4): Pollard 1978, van Oorschot–Wiener 1999 (SafeCurves \"rho\")"
            .into(),
    }];
    let mut weak = Vec::new();
    match k {
        Kind::Curve {
            order_source,
            binary_degree,
            ..
        } => {
            parts[0].source = format!("{}; q from {order_source}", parts[0].source);
            if let Some(m) = binary_degree {
                weak.push(format!(
                    "GF(2^{m}) = GF((2^{})^5): composite extension degree; Weil descent (GHS) makes fields F_(q^5) weak (Gaudry–Hess–Smart 2002; Menezes–Teske–Weng 2004; Menezes–Teske 2006); no figure subtracted",
                    m / 5
                ));
            }
        }
        Kind::Modp { bits, source } => {
            parts.push(Part {
                what: format!(
                    "number field sieve, {bits}-bit modulus (E = {:.1}, rounded to a multiple of 8)",
                    nfs_bits_exact(bits)
                ),
                bits: nfs_bits(bits),
                counted: true,
                source: format!(
                    "NIST SP 800-56B Rev. 2 App. D formula (= SP 800-57 Pt 1 Rev. 5 Table 2 at 1024/2048/3072); group from {source}"
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
            match bits {
                512 => weak.push(
                    "Logjam: 512-bit groups are broken; after about a week of precomputation per prime, single discrete logs took about a minute (Adrian et al., CCS 2015)".into(),
                ),
                768 => weak.push(
                    "Logjam: 768-bit groups are within reach of academic computing (Adrian et al., CCS 2015)".into(),
                ),
                1024 => weak.push(
                    "Logjam: a 1024-bit precomputation is plausibly within reach of nation-states, and one precomputation breaks every exchange in a widely shared prime such as Oakley group 2 (Adrian et al., CCS 2015)".into(),
                ),
                _ => {}
            }
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
    Some(Estimate {
        group: group.to_string(),
        exp_bits: exp,
        bits,
        limited_by,
        parts,
        weak: (!weak.is_empty()).then(|| weak.join("; ")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn est(g: &str, e: Option<u32>) -> Estimate {
        estimate(g, e).unwrap()
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

    #[test]
    fn full_sizes() {
        assert_eq!(full_exp_bits("gf2-155"), Some(152));
        assert_eq!(full_exp_bits("gf2-185"), Some(183));
        assert_eq!(full_exp_bits("p256"), Some(256));
        assert_eq!(full_exp_bits("x25519"), Some(253));
        assert_eq!(full_exp_bits("modp-1024"), Some(1023));
        assert_eq!(full_exp_bits("nope"), None);
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

    #[test]
    fn curve_orders_are_cofactor_times_a_prime() {
        // q = order / cofactor is an integer, and odd.
        for (name, k) in GROUPS {
            if let Kind::Curve {
                order_hex,
                cofactor,
                ..
            } = k
            {
                let n = BigUint::parse_bytes(order_hex.as_bytes(), 16).unwrap();
                let c = BigUint::from(*cofactor);
                assert_eq!(&n % &c, BigUint::ZERO, "{name}");
                assert!((n / c).bit(0), "{name}");
            }
        }
        // x25519: 8·l with l from RFC 7748 §4.1.
        let l = (BigUint::from(1u32) << 252u32)
            + BigUint::parse_bytes(b"27742317777372353535851937790883648493", 10).unwrap();
        let n = BigUint::parse_bytes(
            b"80000000000000000000000000000000a6f7cef517bce6b2c09318d2e7ae9f68",
            16,
        )
        .unwrap();
        assert_eq!(n, l * 8u32);
    }
}

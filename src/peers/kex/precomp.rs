//! What a library's Offer precomputed for the generator, as each library says or its
//! source shows ([`Precomputation`]).

use super::super::openssl::ec::{EcGroup, NamedCurve};
use crate::kex::Precomputation;

/// What OpenSSL's `EC_POINT_mul` precomputed for the generator of `g` (the named `curve`,
/// if any), as OpenSSL says ([`EcGroup::generator_table`]); where this build cannot say,
/// what its source does: P-256 true (x86-64 builds use `ecp_nistz256` and its table,
/// crypto/ec/ecp_nistz256.c), the others false (the generic code's ladder, no table unless
/// `EC_GROUP_precompute_mult` is called). P-521 on `ecp_nistp521` reads a built-in table
/// that `EC_GROUP_have_precompute_mult` does not report ([`EcGroup::has_nistp521`]).
pub(super) fn openssl_generator(g: &EcGroup, curve: Option<NamedCurve>) -> Precomputation {
    if curve == Some(NamedCurve::P521) && g.has_nistp521() {
        return Precomputation::BuiltIn {
            method: "OpenSSL's ecp_nistp521 table gmul: 16 combinations of multiples of the generator in Jacobian coordinates, 9 limbs of 64 bits each (crypto/ec/ecp_nistp521.c; this libcrypto exports EC_GFp_nistp521_method)".into(),
            bytes: Some(16 * 3 * 9 * 8),
        };
    }
    match g.generator_table() {
        Some(true) => Precomputation::BuiltIn {
            method: "OpenSSL's multiples of the generator (EC_GROUP_have_precompute_mult = 1: on x86-64, ecp_nistz256's 37 × 64 affine points, crypto/ec/ecp_nistz256.c)".into(),
            bytes: None,
        },
        None if curve == Some(NamedCurve::P256) => Precomputation::BuiltIn {
            method: "OpenSSL's multiples of the generator (ecp_nistz256 on x86-64; this build has no EC_GROUP_have_precompute_mult to confirm it)".into(),
            bytes: None,
        },
        _ => Precomputation::None,
    }
}

/// OpenSSL's X25519 key generation (`ossl_x25519_public_from_private`, which
/// `EVP_PKEY_new_raw_private_key` calls) multiplies the Ed25519 base point with
/// `ge_scalarmult_base` over the table `k25519Precomp[32][8]` of (j+1)·256^i·B, three field
/// elements of 40 bytes each (crypto/ec/curve25519.c), and maps the result to Montgomery u;
/// `EVP_PKEY_derive` runs the ladder. Measured here: its Offer takes half the time of its
/// Reply, libgcrypt's (a ladder both ways) the same.
pub(super) fn openssl_x25519_table() -> Precomputation {
    Precomputation::BuiltIn {
        method: "OpenSSL's k25519Precomp: 32 × 8 multiples (j+1)·256^i·B of the Ed25519 base point (crypto/ec/curve25519.c, ge_scalarmult_base), result mapped to Montgomery u".into(),
        bytes: Some(32 * 8 * 3 * 40),
    }
}

/// OpenSSL's X448 key generation (`ossl_x448_public_from_private`, which
/// `EVP_PKEY_new_raw_private_key` calls) multiplies the Ed448 base point with
/// `curve448_precomputed_scalarmul` over its built-in table `curve448_precomputed_base`
/// (crypto/ec/curve448/curve448_tables.c) and maps the result to Montgomery u.
pub(super) fn openssl_x448_table() -> Precomputation {
    Precomputation::BuiltIn {
        method: "OpenSSL's curve448_precomputed_base: the Ed448 base point's comb table (crypto/ec/curve448/curve448_tables.c, curve448_precomputed_scalarmul), result mapped to Montgomery u".into(),
        bytes: None,
    }
}

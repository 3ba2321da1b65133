//! Arithmetic under the groups: GF(2^m) for the binary curves, bignum backends for mod-p
//! groups and RSA.

pub mod bignum;
pub mod gf2m;

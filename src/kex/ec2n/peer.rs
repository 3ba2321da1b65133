//! Decoding and validating a peer's public value (Reply's input).
//!
//! Accepted encodings: the x-coordinate alone, big-endian (IKE; leading zero bytes may be
//! dropped), or `04 || x || y` with x and y of exactly ceil(m/8) bytes each (SEC 1 §2.3.4,
//! uncompressed). Checks (SEC 1 §3.2.2.1 public key validation, adapted to x-only IKE values):
//! x below 2^m; x ≠ 0 (x = 0 is the point of order 2); x not the x-coordinate of another
//! point of order dividing the cofactor h (h·P ≠ O); with y, y² + xy = x³ + b. For x alone
//! "some y exists", i.e. Tr(x + b/x²) = 0, is checked after the ladder, sharing its inversion
//! (see `reply_impl`); [`decode_point`] does the full decoding with the half-trace.

use super::curve::{Affine, Curve};
use crate::arith::gf2m::{Arith, Fe, Gf2m, Trinomial};
use crate::error::{Invalid, PeerValueError, Result};

/// A peer value after the checks that need no inversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peer {
    /// x-coordinate: below 2^m, non-zero, not of a small-order point.
    pub x: Fe,
    /// y-coordinate when the peer sent `04 || x || y` (already checked against x).
    pub y: Option<Fe>,
}

/// Parses and checks a peer value (all checks but the trace test of an x-only value).
///
/// # Errors
/// A `Peer*` [`Invalid`] problem saying which check failed.
pub fn decode<F: Trinomial>(curve: &Curve<F>, arith: Arith, bytes: &[u8]) -> Result<Peer> {
    let n = F::BYTES;
    let (xb, yb) = if bytes.len() == 2 * n + 1 {
        if bytes[0] != 0x04 {
            return Err(PeerValueError::BadPrefix {
                got: bytes.len(),
                first: bytes[0],
            }
            .into());
        }
        (&bytes[1..=n], Some(&bytes[n + 1..]))
    } else if bytes.len() <= n || bytes[..bytes.len() - n].iter().all(|&b| b == 0) {
        (bytes, None)
    } else {
        return Err(PeerValueError::BadLength {
            got: bytes.len(),
            field_bytes: n,
            m: F::M,
        }
        .into());
    };
    let coord = |b: &[u8], coordinate: char| -> Result<Fe> {
        Fe::from_be_bytes(b)
            .filter(|v| v.bits() <= F::M)
            .ok_or_else(|| {
                PeerValueError::NotFieldElement {
                    coordinate,
                    m: F::M,
                }
                .into()
            })
    };
    let x = coord(xb, 'x')?;
    if x.is_zero() {
        return Err(PeerValueError::XZero.into());
    }
    if curve.small_order_x.contains(&x) {
        return Err(PeerValueError::SmallOrder { cofactor: curve.h }.into());
    }
    let y = match yb {
        Some(yb) => {
            let y = coord(yb, 'y')?;
            let f = Gf2m::<F>::new(arith);
            if !curve.on_curve(&f, &Affine { x, y }) {
                return Err(PeerValueError::YMismatch.into());
            }
            Some(y)
        }
        None => None,
    };
    Ok(Peer { x, y })
}

/// Full decoding to an affine point: the checks of [`decode`], then for x alone the trace
/// test and y = x·H(x + b/x²) (one of the two points ±P with this x).
///
/// # Errors
/// As [`decode`], and for an x with no point on the curve.
pub fn decode_point<F: Trinomial>(curve: &Curve<F>, arith: Arith, bytes: &[u8]) -> Result<Affine> {
    let p = decode::<F>(curve, arith, bytes)?;
    let y = match p.y {
        Some(y) => y,
        None => curve
            .y_from_x(&Gf2m::<F>::new(arith), &p.x)
            .ok_or(Invalid::Peer(PeerValueError::NotOnCurve))?,
    };
    Ok(Affine { x: p.x, y })
}

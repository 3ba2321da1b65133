//! Dependent chains of one field operation run in the hot-path code (the generic code
//! compiled inside a `#[target_feature]` wrapper, as Offer and Reply are), for benchmarks:
//! the [`super::Gf2m`] methods are a cold-path API whose vector backends pay a call, a memory
//! round trip and a `vzeroupper` per operation, so timing them would not show what the
//! operation costs inside the ladder. Time of a chain ÷ its length = latency of one
//! operation (each result feeds the next).

use super::portable::Portable;
use super::{Arith, Backend, Fe, Trinomial, inv, sqr_n_fast};

/// The operation of a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainOp {
    /// x ← x·b.
    Mul,
    /// x ← x².
    Sqr,
    /// x ← (x + b)⁻¹ (Itoh–Tsujii, `gf2m::inv`).
    Inv,
    /// x ← x^(2^n) (`gf2m::sqr_n_fast`: the field's multi-squaring map for n when it has
    /// one, else n squarings).
    SqrN(u32),
}

/// Starting from x = a, applies `op` `n` times with the implementation `arith` and returns
/// x: a·b^n, a^(2^n), n steps of x ← (x + b)⁻¹, or a^(2^(k·n)).
pub fn chain<F: Trinomial>(arith: Arith, op: ChainOp, a: &Fe, b: &Fe, n: u32) -> Fe {
    match arith {
        Arith::Portable(be) => run::<F, Portable>(be, op, a, b, n),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the Clmul token exists only when the CPU has pclmulqdq.
        Arith::Clmul(be) => unsafe { run_clmul::<F>(be, op, a, b, n) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the Avx512 token exists only when the CPU has the features.
        Arith::Avx512(be) => unsafe { run_avx512::<F>(be, op, a, b, n) },
    }
}

#[inline(always)]
fn run<F: Trinomial, B: Backend>(be: B, op: ChainOp, a: &Fe, b: &Fe, n: u32) -> Fe {
    let (mut x, y) = (be.load(a), be.load(b));
    match op {
        ChainOp::Mul => (0..n).for_each(|_| x = be.mul::<F>(x, y)),
        ChainOp::Sqr => (0..n).for_each(|_| x = be.sqr::<F>(x)),
        ChainOp::Inv => (0..n).for_each(|_| x = inv::<F, B>(be, be.add(x, y))),
        ChainOp::SqrN(k) => (0..n).for_each(|_| x = sqr_n_fast::<F, B>(be, x, k)),
    }
    be.store(x)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq")]
fn run_clmul<F: Trinomial>(be: super::clmul::Clmul, op: ChainOp, a: &Fe, b: &Fe, n: u32) -> Fe {
    run::<F, super::clmul::Clmul>(be, op, a, b, n)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,pclmulqdq")]
fn run_avx512<F: Trinomial>(be: super::avx512::Avx512, op: ChainOp, a: &Fe, b: &Fe, n: u32) -> Fe {
    run::<F, super::avx512::Avx512>(be, op, a, b, n)
}

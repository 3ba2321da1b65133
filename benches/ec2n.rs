//! Criterion benches of the EC2N primitives: GF(2^m) multiply, square and invert (portable
//! and carry-less paths), and Offer / Reply of gf2-155 and gf2-185 (128-bit and full secrets).
//! Criterion reports time per operation (ns or µs); run with `cargo bench --bench ec2n`.

use criterion::{Criterion, criterion_group, criterion_main};
use pkbench::arith::gf2m::chain::{ChainOp, chain};
use pkbench::arith::gf2m::{Arith, F155, F185, Fe, Trinomial};
use pkbench::kex::GroupOptions;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use std::hint::black_box;
use std::time::Instant;

fn arith_variants() -> Vec<Arith> {
    let mut v = vec![Arith::portable()];
    if Arith::detect(true).is_clmul() {
        v.push(Arith::detect(true));
    }
    v
}

fn field<F: Trinomial>(c: &mut Criterion, name: &str) {
    let a = Fe([
        0x0123_4567_89ab_cdef,
        0xfedc_ba98_7654_3210,
        0x0000_0000_0123_4567,
    ]);
    let b = Fe([
        0x1111_2222_3333_4444,
        0x5555_6666_7777_8888,
        0x0000_0000_0765_4321,
    ]);
    // Each figure is one operation of a chain of N dependent ones run in the hot-path code
    // (`gf2m::chain`): its latency inside a ladder, not the cost of a cold API call.
    const N: u32 = 100;
    for arith in arith_variants() {
        let id = format!("{name}/{}", arith.name());
        for (what, op) in [
            ("mul", ChainOp::Mul),
            ("sqr", ChainOp::Sqr),
            ("inv", ChainOp::Inv),
            // The multi-squaring map of the last Itoh–Tsujii run (77 for m = 155, 92 for 185).
            ("msqr (m-1)/2", ChainOp::SqrN((F::M - 1) / 2)),
        ] {
            c.bench_function(&format!("field {what} {id} (1 of {N} dependent)"), |bn| {
                bn.iter_custom(|iters| {
                    let start = Instant::now();
                    for _ in 0..iters {
                        black_box(chain::<F>(arith, op, black_box(&a), black_box(&b), N));
                    }
                    start.elapsed() / N
                })
            });
        }
    }
}

fn fields(c: &mut Criterion) {
    field::<F155>(c, "gf2-155");
    field::<F185>(c, "gf2-185");
}

fn dh(c: &mut Criterion) {
    for group in ["gf2-155", "gf2-185"] {
        for clmul in [true, false] {
            let opts = GroupOptions {
                table: true,
                clmul,
                ..GroupOptions::default()
            };
            let kx = pkbench::kex::open_named(group, &opts).expect("built-in group");
            let path = if kx.clmul() == Some(true) {
                "pclmulqdq"
            } else {
                "portable"
            };
            let mut rng = ChaCha20Rng::seed_from_u64(1995);
            let full = kx.info().full_exp_bits;
            for bits in [128, full] {
                let a = kx.random_secret(bits, &mut rng);
                let b = kx.random_secret(bits, &mut rng);
                let pb = kx.offer(&b);
                let id = format!("{group}/{bits}-bit/{path}");
                c.bench_function(&format!("Offer {id}"), |bn| {
                    bn.iter(|| kx.offer(black_box(&a)))
                });
                c.bench_function(&format!("Reply {id}"), |bn| {
                    bn.iter(|| kx.reply(black_box(&a), black_box(&pb)).unwrap())
                });
            }
        }
    }
}

criterion_group!(benches, fields, dh);
criterion_main!(benches);

//! Criterion benches of SHA-0 (FIPS 180, 1993), pkbench's own code: the compression function
//! of every backend this CPU runs (`portable`, then `ssse3` and `avx2` where present) over
//! 156 blocks (the 9984 full bytes of the 10000-byte block `pkbench hash` times), and the
//! whole digest of 10000 bytes through `Sha0` (the detected backend, with padding).
//! Criterion reports time per call and throughput (bytes/s); run with
//! `cargo bench --bench sha0`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use digest::Digest;
use pkbench::hash::sha0::{Backend, Sha0};
use std::hint::black_box;

/// Bytes of the message `pkbench hash` times per digest by default.
const MESSAGE: usize = 10_000;

fn compress(c: &mut Criterion) {
    let blocks: Vec<[u8; 64]> = (0..MESSAGE / 64)
        .map(|i| core::array::from_fn(|j| (i * 131 + j * 17) as u8))
        .collect();
    let mut g = c.benchmark_group(format!("sha0 compress {} blocks", blocks.len()));
    g.throughput(Throughput::Bytes(64 * blocks.len() as u64));
    for b in Backend::all_here() {
        let mut h = [0u32; 5];
        g.bench_function(b.name(), |bn| {
            bn.iter(|| b.compress(black_box(&mut h), black_box(&blocks)))
        });
    }
    g.finish();
}

fn digest(c: &mut Criterion) {
    let data: Vec<u8> = (0..MESSAGE).map(|i| (i * 7) as u8).collect();
    let mut g = c.benchmark_group("sha0 digest");
    g.throughput(Throughput::Bytes(MESSAGE as u64));
    g.bench_function(
        format!("{MESSAGE} bytes, {}", Backend::detect().name()),
        |bn| bn.iter(|| Sha0::digest(black_box(&data))),
    );
    g.finish();
}

criterion_group!(benches, compress, digest);
criterion_main!(benches);

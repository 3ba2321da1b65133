//! aws-lc-rs timed in plain loops, outside pkbench's harness, to set beside its rows (`pkbench
//! dh --group mlkem768 --impl aws-lc-rs`): ML-KEM-768 KeyGen, Encaps and Decaps through
//! aws-lc-rs's own `kem` API (its RNG draws the seeds, where pkbench gives AWS-LC's
//! deterministic entry points the same seeds as every other implementation), each the median of
//! 15 loops of 2 000 calls. Run: `cargo run --release --example awslc_loop`.

use aws_lc_rs::kem::{DecapsulationKey, EncapsulationKey, ML_KEM_768};
use std::hint::black_box;
use std::time::Instant;

const CALLS: u32 = 2_000;

/// The median over 15 loops of `CALLS` calls of `f`, in microseconds per call.
fn median_us(mut f: impl FnMut()) -> f64 {
    let mut v: Vec<f64> = (0..15)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..CALLS {
                f();
            }
            t.elapsed().as_secs_f64() * 1e6 / f64::from(CALLS)
        })
        .collect();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let dk = DecapsulationKey::generate(&ML_KEM_768).expect("keygen");
    let ek_bytes = dk
        .encapsulation_key()
        .expect("ek")
        .key_bytes()
        .expect("ek bytes");
    let ek_bytes = ek_bytes.as_ref().to_vec();
    let ek = EncapsulationKey::new(&ML_KEM_768, &ek_bytes).expect("ek");
    let (ct, ss) = ek.encapsulate().expect("encaps");
    let back = dk.decapsulate(ct.as_ref().into()).expect("decaps");
    assert_eq!(back.as_ref(), ss.as_ref(), "Decaps gives Encaps's secret");
    let keygen = median_us(|| {
        let d = DecapsulationKey::generate(&ML_KEM_768).expect("keygen");
        black_box(
            d.encapsulation_key()
                .expect("ek")
                .key_bytes()
                .expect("bytes"),
        );
    });
    // From the bytes of ek, as pkbench's Encaps (and a TLS server) starts.
    let encaps = median_us(|| {
        let e = EncapsulationKey::new(&ML_KEM_768, black_box(&ek_bytes)).expect("ek");
        black_box(e.encapsulate().expect("encaps"));
    });
    let decaps = median_us(|| {
        black_box(
            dk.decapsulate(black_box(ct.as_ref()).into())
                .expect("decaps"),
        );
    });
    println!(
        "aws-lc-rs ML-KEM-768, plain loops of {CALLS} calls, median of 15: KeyGen {keygen:.2} us, Encaps {encaps:.2} us, Decaps {decaps:.2} us"
    );
}

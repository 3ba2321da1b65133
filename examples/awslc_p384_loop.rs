//! aws-lc-rs's P-384 Reply timed in a plain loop, outside pkbench's harness, to set beside the
//! Reply row of `pkbench dh --group p384 --impl aws-lc-rs`: the same work as that row — one
//! private key made before the loop and reused (`agreement::PrivateKey`, as pkbench keeps each
//! pool entry's), `agreement::agree` with a fixed peer value as an `UnparsedPublicKey`, the
//! shared secret copied into a buffer made before the loop — the median of 301 loops of 10
//! Replies. Run: `cargo run --release --example awslc_p384_loop`.

use aws_lc_rs::agreement::{self, ECDH_P384, PrivateKey, UnparsedPublicKey};
use std::hint::black_box;
use std::time::Instant;

const CALLS: u32 = 10;

/// Loops: short ones, so that their median misses the time slices another process takes on a
/// shared machine (as the harness's samples of a few milliseconds do).
const LOOPS: usize = 301;

fn main() {
    // A fixed private key (a valid P-384 scalar: 48 bytes, below the order) and a peer
    // value made by aws-lc-rs from another fixed scalar.
    let a: Vec<u8> = (1..=48).collect();
    let b: Vec<u8> = (0..48).map(|i| 0x5a ^ (i * 3)).collect();
    let key = PrivateKey::from_private_key(&ECDH_P384, &a).expect("P-384 key");
    let peer_key = PrivateKey::from_private_key(&ECDH_P384, &b).expect("P-384 key");
    let peer = peer_key.compute_public_key().expect("public key");
    let peer: Vec<u8> = peer.as_ref().to_vec();
    let mut out = [0u8; 48];
    let mut failures = 0u32;
    let mut v: Vec<f64> = (0..LOOPS)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..CALLS {
                let ok = agreement::agree(
                    &key,
                    UnparsedPublicKey::new(&ECDH_P384, black_box(peer.as_slice())),
                    (),
                    |s| {
                        out.copy_from_slice(s);
                        Ok(())
                    },
                );
                failures += u32::from(ok.is_err());
                black_box(&out);
            }
            t.elapsed().as_secs_f64() * 1e6 / f64::from(CALLS)
        })
        .collect();
    assert_eq!(failures, 0, "a Reply failed");
    v.sort_by(f64::total_cmp);
    println!(
        "aws-lc-rs {} P-384 Reply (agreement::agree, key reused, fixed peer value): {:.1} µs per Reply (median of {LOOPS} loops of {CALLS})",
        pkbench::implementation::crate_version("aws-lc-rs"),
        v[v.len() / 2]
    );
}

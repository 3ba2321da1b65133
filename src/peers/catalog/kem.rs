//! The KEM operations of [`super::catalog`]: ML-KEM-512, -768, -1024 and X25519MLKEM768,
//! each through every implementation `dh --group KEM --impl NAME` runs ([`crate::kem::open`]:
//! `ml-kem`, `libcrux-ml-kem`, `aws-lc-rs`), checked here on one exchange against the
//! first of them, and OpenSSL, which pkbench runs for ML-KEM from 3.5 on only
//! ([`OpenSsl::mlkem`]).

use super::{Operation, built_in, peer, wrong};
use crate::kem::{Kem, KemInfo};
use crate::peers::Unavailable;
use crate::peers::openssl::{self, OpenSsl};

/// The name of a KEM in the catalog: its description up to the first ` (` or `:`
/// ("ML-KEM-768", "X25519MLKEM768").
fn title(info: &KemInfo) -> &'static str {
    let d = info.description;
    let end = [d.find(" ("), d.find(':')]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(d.len());
    &d[..end]
}

/// One exchange of `k` on fixed inputs (the seed and coins bytes 1, 2, …): the
/// encapsulation key, the ciphertext and the shared secret, after checking that Decaps
/// gives Encaps's secret; `None` when a step fails or Decaps disagrees.
fn exchange(k: &dyn Kem) -> Option<[Vec<u8>; 3]> {
    let info = k.info();
    let seed: Vec<u8> = (1..=info.seed_bytes).map(|i| i as u8).collect();
    let coins: Vec<u8> = (1..=info.coins_bytes).map(|i| (i * 7) as u8).collect();
    let (ek, dk) = k.keygen(&seed).ok()?;
    let (ct, ss) = k.encaps(&ek, &coins).ok()?;
    (k.decaps(&dk, &ct).ok()? == ss).then_some([ek, ct, ss])
}

/// Every KEM of [`crate::kem::KEMS`], each with its implementations: each crate's calls,
/// built in once its exchange agrees with the first implementation's (the same
/// encapsulation key, ciphertext and secret from the same seed and coins), and OpenSSL's
/// note.
pub(super) fn kems(ssl: &Result<&'static OpenSsl, Unavailable>) -> Vec<Operation> {
    crate::kem::KEMS
        .iter()
        .map(|info| {
            let mut c = Vec::new();
            let mut first: Option<(&str, [Vec<u8>; 3])> = None;
            for k in crate::kem::open_all(info) {
                let name = k.impl_name();
                let got = exchange(k.as_ref());
                let agrees = match (&got, &first) {
                    (Some(g), Some((_, f))) => g == f,
                    (Some(_), None) => true,
                    (None, _) => false,
                };
                c.push(if agrees {
                    built_in(name, &k.calls(), k.implementation())
                } else {
                    let against = first.as_ref().map_or("its own Decaps", |(n, _)| *n);
                    let what = format!("{} exchange against {against}", title(info));
                    peer(name, &k.calls(), Ok(Err(wrong(name, &what))))
                });
                if first.is_none()
                    && let Some(g) = got
                {
                    first = Some((name, g));
                }
            }
            // OpenSsl::mlkem says why pkbench does not run OpenSSL's ML-KEM here (it has
            // no Ok today); were it to, the entry would say it was not checked.
            c.push(peer(
                openssl::NAME,
                "EVP_PKEY_encapsulate, EVP_PKEY_decapsulate (OpenSSL 3.5 and later)",
                ssl.clone()
                    .and_then(|s| s.mlkem())
                    .map(|()| Err(wrong(openssl::NAME, "ML-KEM is not run through OpenSSL"))),
            ));
            Operation {
                operation: format!("{} (KeyGen, Encaps, Decaps)", title(info)),
                implementations: c,
            }
        })
        .collect()
}

//! The probe set of `pkbench noise`: a few operations from every kind of code pkbench times
//! (its own GF(2^m) curve code, a bignum library, a hash, a block cipher, DES key setup),
//! short enough that several runs take seconds. The between-run spread of their figures is
//! this machine's noise ([`crate::measure::noise`]).

use super::cipher::{CipherJob, SizeGrid};
use super::des::DesJob;
use super::dh::DhJob;
use super::hash::HashJob;
use super::{Item, Job};
use crate::error::Result;
use crate::hash::Algo;
use crate::kex::{self, ExpBits, GroupOptions};
use crate::record::Operation;
use crate::symmetric::{CipherSpec, Direction, Mode};
use std::sync::Arc;

/// The probe items: gf2-155 with 128-bit secrets (Offer, Reply), modp-1024 with 160-bit
/// secrets, SHA-1 over 10000-byte blocks, AES-128 in CTR mode (encryption, 4 buffer sizes)
/// and DES key setup. `options` opens the groups (the bignum backend, the GF(2^m) code).
pub fn probe_items(options: &GroupOptions) -> Vec<Item> {
    let dh = |group: &str, bits: u32| -> Result<Job> {
        let kx = kex::open_named(group, options)?;
        Ok(Job::Dh(DhJob::new(Arc::from(kx), ExpBits::Bits(bits))?))
    };
    let hash = || -> Result<Job> { Ok(Job::Hash(HashJob::new(Algo::parse("sha1")?, 10_000)?)) };
    let cipher = || -> Result<Job> {
        Ok(Job::Cipher(CipherJob::table(
            CipherSpec::parse("aes", Some(128))?,
            Some(&[Mode::Ctr]),
            &[Direction::Encrypt],
            SizeGrid {
                min_bytes: 16,
                max_bytes: 4096,
                points: 4,
                list: Vec::new(),
            },
        )))
    };
    vec![
        Item {
            label: "gf2-155 128-bit".into(),
            job: dh("gf2-155", 128),
        },
        Item {
            label: "modp-1024 160-bit".into(),
            job: dh("modp-1024", 160),
        },
        Item {
            label: "SHA-1".into(),
            job: hash(),
        },
        Item {
            label: "AES-128 CTR".into(),
            job: cipher(),
        },
        Item {
            label: "DES key setup".into(),
            job: Ok(Job::Des(DesJob::KeySetup)),
        },
    ]
}

/// The headline value of every timed or slope operation of one run, by "params / name"
/// (derived sums left out: they follow from their parts).
pub fn values(ops: &[Operation]) -> Vec<(String, f64)> {
    ops.iter()
        .filter(|o| o.stats.is_some() || o.name.ends_with(" enc"))
        .filter_map(|o| {
            let (v, _) = o.headline()?;
            Some((
                format!("{} / {}", crate::record::params_label(&o.params), o.name),
                v,
            ))
        })
        .collect()
}

//! The rows of the 1995 "Some timings" post, run on this machine with the post's parameters
//! (`params/reference/1995-some-timings.toml`, field `op` of each row):
//!
//! | op | what runs | unit |
//! |---|---|---|
//! | `hash ALGO` | [`crate::hash::bench::time_hash`], 10000-byte blocks over 7.5 MB | MB/s |
//! | `des ecb` | [`crate::des::time_encrypt`], ECB, 10000-byte chunks over 7.5 MB | MB/s |
//! | `des keysetup` | [`crate::des::time_key_setup`] | µs/key |
//! | `rsa 512 raw` | [`crate::rsa::bench::bench_raw_private`]: m^d mod n, no CRT, 63-byte chunks | bytes/s |
//! | `dh GROUP EXP table\|no-table` | [`crate::bench::dh`]: Total = 2*Offer + Reply | ms |
//!
//! Every operation checks its results outside the timed region (known answers, timed outputs
//! re-checked, DH shared secrets compared); a failed check makes the row "failed", a missing
//! capability makes it "not built".

use super::{Ctx, Measurement, RefRow};
use crate::bench::{self, Job, dh::DhJob};
use crate::bulk;
use crate::des;
use crate::error::Error;
use crate::hash::{self, Algo};
use crate::kex::{ExpBits, GroupOptions};
use crate::params;
use std::sync::Arc;

/// Runs the operation of `row` (see the module table) under `ctx`.
pub fn measure(row: &RefRow, ctx: &Ctx) -> Measurement {
    let words: Vec<&str> = row.op.split_whitespace().collect();
    let r = match words.as_slice() {
        ["hash", name] => hash_row(name, ctx),
        ["des", "ecb"] => des_row(ctx),
        ["des", "keysetup"] => keysetup_row(ctx),
        ["rsa", bits, "raw"] => rsa_row(bits, ctx),
        ["dh", group, exp, table] => dh_row(group, exp, *table == "table", ctx),
        _ => Err(Error::runtime(format!("unknown operation {:?}", row.op))),
    };
    r.unwrap_or_else(|e| Measurement::Failed {
        reason: e.message().to_string(),
    })
}

type RowResult = crate::Result<Measurement>;

fn hash_row(name: &str, ctx: &Ctx) -> RowResult {
    let algo = Algo::parse(name)?;
    let r = hash::bench::time_hash(algo, bulk::DEFAULT_CHUNK, &ctx.cfg, ctx.seed)?;
    Ok(Measurement::Measured {
        value: r.throughput.mb_per_s,
        detail: format!(
            "{} ({}), {}-byte blocks; {} known answers and {} timed digests checked",
            r.algo,
            r.implementation,
            r.throughput.chunk_bytes,
            r.known_answers_checked,
            r.outputs_checked
        ),
        stats: Some(r.throughput.stats),
    })
}

fn des_row(ctx: &Ctx) -> RowResult {
    let r = des::time_encrypt(des::Mode::Ecb, bulk::DEFAULT_CHUNK, &ctx.cfg, ctx.seed)?;
    Ok(Measurement::Measured {
        value: r.throughput.mb_per_s,
        detail: format!(
            "DES-ECB (RustCrypto des 0.9) over random data, {}-byte chunks; {} known answers and {} timed chunks checked",
            r.throughput.chunk_bytes, r.known_answers_checked, r.outputs_checked
        ),
        stats: Some(r.throughput.stats),
    })
}

fn keysetup_row(ctx: &Ctx) -> RowResult {
    let r = des::time_key_setup(&ctx.cfg, ctx.seed)?;
    Ok(Measurement::Measured {
        value: r.us_per_key,
        detail: format!(
            "DES key setup (RustCrypto des 0.9), {} random keys; {} key schedules checked",
            r.keys, r.outputs_checked
        ),
        stats: Some(r.stats),
    })
}

fn rsa_row(bits: &str, ctx: &Ctx) -> RowResult {
    let bits: u32 = bits
        .parse()
        .map_err(|_| Error::runtime(format!("rsa row: bad modulus size {bits:?}")))?;
    // 63-byte chunks for a 512-bit modulus (the post's "63 byte input chunk"): modulus bytes
    // − 1, so the input is always below n. Raw m^d mod n, no CRT ("nothing fancy").
    let chunk = (bits as usize).div_ceil(8) - 1;
    let r = crate::rsa::bench::bench_raw_private(bits, Some(chunk), None, &ctx.cfg, ctx.seed)?;
    Ok(Measurement::Measured {
        value: r.private.bytes_per_sec,
        detail: format!(
            "raw RSA private operation m^d mod n (no CRT), {}-bit key from the seed, {}-byte chunks, {}: {} per operation; {} chunks round-tripped",
            r.bits,
            r.chunk_bytes,
            r.backend,
            crate::report::fmt_time_ms(r.private.stats.median_ms),
            r.pool
        ),
        stats: Some(r.private.stats),
    })
}

fn dh_row(group: &str, exp: &str, table: bool, ctx: &Ctx) -> RowResult {
    let opts = GroupOptions {
        table,
        ..GroupOptions::default()
    };
    let kx = match params::open(group, &opts) {
        Ok(kx) => kx,
        Err(e) => {
            return Ok(Measurement::NotBuilt {
                reason: format!("{group}: {}", e.message()),
            });
        }
    };
    let exp_bits: ExpBits = exp.parse().map_err(Error::runtime)?;
    let job = DhJob::new(Arc::from(kx), exp_bits)?;
    let cfg = bench::Config {
        measure: ctx.cfg.clone(),
        seed: ctx.seed,
        quiet: true,
    };
    let ops = bench::run(&Job::Dh(job.clone()), &cfg)?;
    let median = |name: &str| {
        ops.iter()
            .find(|o| o.name == name)
            .and_then(|o| o.stats.as_ref())
            .map_or(f64::NAN, |s| s.median_ms)
    };
    let (offer, reply) = (median("Offer"), median("Reply"));
    let total = 2.0 * offer + reply;
    let kx = job.group.as_ref();
    let info = kx.info();
    let table_text = match kx.table() {
        Some(t) => format!(
            "table {} ({}, built in {}, not counted)",
            t.method,
            crate::report::fmt_bytes(t.bytes),
            crate::report::fmt_time_ms(t.build_ms)
        ),
        None => "no table".to_string(),
    };
    let backend = kx.backend().map(|b| format!(", {b}")).unwrap_or_default();
    let pool = ops.first().and_then(|o| o.info_u64("pool")).unwrap_or(0);
    Ok(Measurement::Measured {
        value: total,
        detail: format!(
            "{} ({}), {}-bit exponent, {table_text}{backend}: Offer {}, Reply {}; pool of {pool} inputs, shared secrets checked",
            info.name,
            info.description,
            job.exp_bits,
            crate::report::fmt_time_ms(offer),
            crate::report::fmt_time_ms(reply),
        ),
        stats: None,
    })
}

//! The rows of the 1995 "Some timings" post, run on this machine with the post's parameters
//! (`params/reference/1995-some-timings.toml`, field `op` of each row):
//!
//! | op | what runs | unit |
//! |---|---|---|
//! | `hash ALGO` | [`crate::bench::hash`], 10000-byte blocks over 7.5 MB | MB/s |
//! | `des ecb` | [`crate::bench::des`], ECB, 10000-byte chunks over 7.5 MB | MB/s |
//! | `des keysetup` | [`crate::bench::des`], key setup | µs/key |
//! | `rsa 512 raw` | [`crate::bench::rsa`]: m^d mod n, no CRT, 63-byte chunks | bytes/s |
//! | `dh GROUP EXP table\|no-table` | [`crate::bench::dh`]: Total = 2*Offer + Reply | ms |
//!
//! Every operation checks its results outside the timed region (known answers, timed outputs
//! re-checked, DH shared secrets compared); a failed check makes the row "failed", a missing
//! capability makes it "not built".

use super::{Ctx, Measurement, RefRow};
use crate::bench::des::DesJob;
use crate::bench::hash::HashJob;
use crate::bench::rsa::RsaJob;
use crate::bench::{self, Job, bulk, dh::DhJob};
use crate::error::Error;
use crate::hash::Algo;
use crate::kex::{ExpBits, GroupOptions};
use crate::record::Operation;
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
        reason: (ctx.explain)(&e),
    })
}

type RowResult = crate::Result<Measurement>;

/// The bench layer's configuration of a row: `ctx`'s harness settings and seed, no progress.
fn config(ctx: &Ctx) -> bench::Config {
    bench::Config {
        measure: ctx.cfg.clone(),
        seed: ctx.seed,
        quiet: true,
    }
}

/// The one operation named `name` of a job's `ops`.
fn take(ops: Vec<Operation>, name: &str) -> crate::Result<Operation> {
    ops.into_iter()
        .find(|o| o.name == name)
        .ok_or_else(|| Error::runtime(format!("no {name} operation")))
}

fn count(op: &Operation, key: &str) -> u64 {
    op.info_u64(key).unwrap_or(0)
}

fn hash_row(name: &str, ctx: &Ctx) -> RowResult {
    let job = HashJob::new(Algo::parse(name)?, bulk::DEFAULT_CHUNK)?;
    let op = take(bench::run(&Job::Hash(job), &config(ctx))?, "hash")?;
    Ok(Measurement::Measured {
        value: op.info_f64("mb_per_s").unwrap_or(f64::NAN),
        detail: format!(
            "{} ({}), {}-byte blocks; {} known answers and {} timed digests checked",
            job.algo.name(),
            job.algo.implementation(),
            job.block,
            count(&op, "known_answers_checked"),
            count(&op, "outputs_checked")
        ),
        stats: op.stats,
    })
}

fn des_row(ctx: &Ctx) -> RowResult {
    let job = DesJob::encrypt(crate::symmetric::Mode::Ecb, bulk::DEFAULT_CHUNK)?;
    let op = take(bench::run(&Job::Des(job), &config(ctx))?, "encrypt")?;
    Ok(Measurement::Measured {
        value: op.info_f64("mb_per_s").unwrap_or(f64::NAN),
        detail: format!(
            "DES-ECB ({}) over random data, {}-byte chunks; {} known answers and {} timed chunks checked",
            crate::report::des::implementation_label(&op),
            bulk::DEFAULT_CHUNK,
            count(&op, "known_answers_checked"),
            count(&op, "outputs_checked")
        ),
        stats: op.stats,
    })
}

fn keysetup_row(ctx: &Ctx) -> RowResult {
    let op = take(
        bench::run(&Job::Des(DesJob::KeySetup), &config(ctx))?,
        "key setup",
    )?;
    Ok(Measurement::Measured {
        value: op.info_f64("us_per_key").unwrap_or(f64::NAN),
        detail: format!(
            "DES key setup ({}), {} random keys; {} key schedules checked",
            crate::report::des::implementation_label(&op),
            count(&op, "keys"),
            count(&op, "outputs_checked")
        ),
        stats: op.stats,
    })
}

fn rsa_row(bits: &str, ctx: &Ctx) -> RowResult {
    let bits: u32 = bits
        .parse()
        .map_err(|_| Error::runtime(format!("rsa row: bad modulus size {bits:?}")))?;
    // 63-byte chunks for a 512-bit modulus (the post's "63 byte input chunk"): modulus bytes
    // − 1, so the input is always below n. Raw m^d mod n, no CRT ("nothing fancy").
    let mut job = RsaJob::raw_private(bits);
    job.chunk_bytes = Some((bits as usize).div_ceil(8) - 1);
    let op = take(
        bench::run(&Job::Rsa(job), &config(ctx))?,
        bench::rsa::PRIVATE_OP,
    )?;
    let median = op.stats.as_ref().map_or(f64::NAN, |s| s.median_ms);
    Ok(Measurement::Measured {
        value: op.figures.get("bytes_per_sec").copied().unwrap_or(f64::NAN),
        detail: format!(
            "raw RSA private operation m^d mod n (no CRT), {}-bit key from the seed, {}-byte chunks, {}: {} per operation; {} chunks round-tripped",
            op.params.get("bits").and_then(|v| v.as_u64()).unwrap_or(0),
            op.params
                .get("chunk_bytes")
                .and_then(|v| v.as_u64())
                .unwrap_or(0),
            op.info_str("backend").unwrap_or("?"),
            crate::report::fmt_time_ms(median),
            count(&op, "pool")
        ),
        stats: op.stats,
    })
}

fn dh_row(group: &str, exp: &str, table: bool, ctx: &Ctx) -> RowResult {
    let opts = GroupOptions {
        table,
        ..ctx.group.clone()
    };
    let kx = match crate::kex::open_named(group, &opts) {
        Ok(kx) => kx,
        Err(e) => {
            return Ok(Measurement::NotBuilt {
                reason: format!("{group}: {}", (ctx.explain)(&e)),
            });
        }
    };
    (ctx.warn)(kx.warnings());
    let exp_bits: ExpBits = exp.parse().map_err(Error::runtime)?;
    let job = DhJob::new(Arc::from(kx), exp_bits)?;
    let ops = bench::run(&Job::Dh(job.clone()), &config(ctx))?;
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

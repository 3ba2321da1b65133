//! `pkbench dh`: times Offer and Reply of one group and prints Total = 2*Offer + Reply.
//!
//! Flow: group from the registry → a pool of fresh secrets and peer values from a seeded
//! ChaCha20 RNG (made before timing, sized so that one sample uses each entry about once:
//! [`pool`]) → every pool entry checked (both parties' shared secrets equal; the table Offer
//! equals the variable-base Reply on the generator) → Offer and Reply timed by the harness →
//! the outputs of the timed runs checked again → table or JSON.

use crate::cli::common::{GroupArgs, RunArgs};
use crate::error::{Error, Result};
use crate::kex::{ExpBits, GroupInfo, KeyExchange, TableInfo};
use crate::measure::{self, Machine, Stats};
use crate::record::{self, Operation, ResultRecord, RunTimer};
use crate::report;
use crate::security;
use clap::Args;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use serde::Serialize;
use std::hint::black_box;

pub mod pool;

pub use pool::{MAX_POOL, POOL, Pool, make_pool, make_sized_pool};

/// Arguments of `pkbench dh`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench dh --field gf2-155 --exp-bits 128   Oakley group 3, 128-bit secrets:
                                              the 1995 post's headline row
  pkbench dh --field gf2-185 --no-table       Oakley group 4, Offer without the
                                              fixed-base table
  pkbench dh --field modp-2048 --exp-bits 256 --clock cpu
                                              IKE group 14, 256-bit secrets, on
                                              the thread CPU clock (steadier)
  pkbench dh --field x25519 --time 0.2 --json
                                              one JSON object, 0.2 s per op
  pkbench dh --field oakley-3 --output dh.json
                                              also saved, for compare and plot")]
pub struct DhArgs {
    #[command(flatten)]
    pub group: GroupArgs,
    /// Secret exponent size: `full` (the prime subgroup order's size, e.g. 152 bits for
    /// gf2-155) or a number of bits such as 128 (a "short exponent").
    #[arg(long, value_name = "full|N", default_value = "full")]
    pub exp_bits: ExpBits,
    /// Use a precomputed fixed-base table for Offer (the default).
    #[arg(long, conflicts_with = "no_table")]
    pub table: bool,
    /// Time Offer without the fixed-base table (a plain exponentiation or scalar multiplication).
    #[arg(long)]
    pub no_table: bool,
    #[command(flatten)]
    pub run: RunArgs,
}

/// The result record of one `dh` run (the JSON of `pkbench dh --json`).
#[derive(Debug, Clone, Serialize)]
pub struct DhRecord {
    /// Always "dh".
    pub command: &'static str,
    /// Canonical group name.
    pub field: String,
    /// The group's description and source.
    pub group: GroupInfo,
    /// Secret size used, in bits.
    pub exp_bits: u32,
    /// Whether Offer used the fixed-base table.
    pub table: bool,
    /// The table's method, bytes and build time (ms), when used.
    pub table_info: Option<TableInfo>,
    /// Bignum backend and version for mod-p groups.
    pub backend: Option<String>,
    /// How Offer is computed, where the group says (mod-p: table, square-and-shift for
    /// g = 2, or the library's exponentiation).
    pub offer_method: Option<String>,
    /// How Reply is computed, where the group says (EC2N: which ladder).
    pub reply_method: Option<String>,
    /// Whether carry-less-multiply code ran (EC2N only).
    pub clmul: Option<bool>,
    /// The GF(2^m) code that ran (EC2N only): "portable", "pclmulqdq", "vpclmulqdq+avx512".
    pub field_code: Option<String>,
    /// Offer statistics (ms per operation).
    pub offer: Stats,
    /// Reply statistics (ms per operation), peer validation included.
    pub reply: Stats,
    /// Total = 2*Offer + Reply, from the medians (ms): elapsed time of one exchange.
    pub total_ms: f64,
    /// CPU sum 2*Offer + 2*Reply, from the medians (ms): work of both parties.
    pub cpu_total_ms: f64,
    /// Clock that timed the samples.
    pub clock: String,
    /// RNG seed of the inputs.
    pub seed: u64,
    /// Entries in the pool of checked inputs that Offer and Reply cycled over (each sample
    /// uses an entry ⌈batch / pool⌉ times at most: once when the pool covers the batch).
    pub pool: usize,
    /// Wall time spent making and checking the pool, ms (outside every timed region).
    pub pool_ms: f64,
    /// Machine and build.
    pub machine: Machine,
}

/// Times Offer and Reply of `kx` over `pool`, then checks the outputs of the timed runs.
///
/// # Errors
/// [`Error::Runtime`] when a timed operation returned a wrong result.
pub fn time_offer_reply(
    kx: &dyn KeyExchange,
    pool: &Pool,
    cfg: &measure::MeasureConfig,
) -> Result<(Stats, Stats)> {
    let n = pool.secrets.len();
    let mut out: Vec<Vec<u8>> = vec![Vec::new(); n];
    let offer = measure::measure(cfg, |i| {
        let k = i % n;
        out[k] = black_box(kx.offer(black_box(&pool.secrets[k])));
    });
    check_outputs(kx, "Offer", &out, &pool.offers)?;
    // Entries the Reply run does not reach (a short budget on a slow group) must not keep
    // Offer outputs: they would be compared with the shared secrets.
    out.iter_mut().for_each(Vec::clear);
    let mut failed = false;
    let reply = measure::measure(cfg, |i| {
        let k = i % n;
        match kx.reply(black_box(&pool.secrets[k]), black_box(&pool.peers[k])) {
            Ok(s) => out[k] = black_box(s),
            Err(_) => failed = true,
        }
    });
    if failed {
        return Err(Error::runtime(format!(
            "{}: a timed Reply rejected a valid peer value",
            kx.info().name
        )));
    }
    check_outputs(kx, "Reply", &out, &pool.shared)?;
    Ok((offer, reply))
}

fn check_outputs(
    kx: &dyn KeyExchange,
    what: &str,
    got: &[Vec<u8>],
    want: &[Vec<u8>],
) -> Result<()> {
    for (g, w) in got.iter().zip(want) {
        if !g.is_empty() && g != w {
            return Err(Error::runtime(format!(
                "{}: a timed {what} returned a wrong value",
                kx.info().name
            )));
        }
    }
    Ok(())
}

/// Runs `pkbench dh` and renders its output (and saves the record with `--output`).
///
/// # Errors
/// [`Error::Input`] for bad arguments (including an `--output` file that exists without
/// `--force`); [`Error::Runtime`] when a self-check fails.
pub fn run(args: &DhArgs) -> Result<String> {
    args.run.check_output()?;
    let (dh, rec) = measure_record(args)?;
    args.run.emit(&rec, || render_text(&dh))
}

/// Measures what `args` asks for and returns both the `dh` record (the text report's
/// source) and the versioned result record (the JSON of `--json` and `--output`, which keeps
/// every key of [`DhRecord`] at its top level).
///
/// # Errors
/// As [`run`].
pub fn measure_record(args: &DhArgs) -> Result<(DhRecord, ResultRecord)> {
    let cfg = args.run.measure_config()?;
    measure_record_with(args, POOL, &cfg)
}

/// [`measure_record`] with a base pool of `pool_size` inputs (grown for fast operations by
/// [`make_sized_pool`]) and the harness configuration `cfg` instead of the defaults
/// (`pkbench scale` uses a small base pool and fewer samples for the large groups).
/// `args.run`'s time and clock are not used; `cfg` says how to measure.
///
/// # Errors
/// As [`run`].
pub fn measure_record_with(
    args: &DhArgs,
    pool_size: usize,
    cfg: &measure::MeasureConfig,
) -> Result<(DhRecord, ResultRecord)> {
    let timer = RunTimer::start();
    let use_table = !args.no_table;
    let kx = args.group.open(use_table)?;
    let info = kx.info().clone();
    kx.check_exp_bits(args.exp_bits)?;
    let exp_bits = args.exp_bits.resolve(&info.name, info.full_exp_bits)?;
    let mut rng = ChaCha20Rng::seed_from_u64(args.run.seed);
    let pool = make_sized_pool(kx.as_ref(), exp_bits, pool_size, cfg, &mut rng)?;
    let pb = measure::progress::bar(2, args.run.json);
    pb.set_message(format!("{} Offer", info.name));
    let cfg_offer = cfg.clone();
    let (offer, reply) = {
        let r = time_offer_reply(kx.as_ref(), &pool, &cfg_offer);
        pb.finish_and_clear();
        r?
    };
    let record = dh_record(
        kx.as_ref(),
        exp_bits,
        (offer, reply),
        &pool,
        cfg.clock.label(),
        args.run.seed,
        Machine::detect(),
    );
    let mut rec = result_record(&record)?;
    rec.finish(&timer);
    Ok((record, rec))
}

/// The [`DhRecord`] of `kx` timed with `exp_bits`-bit secrets over `pool`: `(offer, reply)`
/// statistics (ms per operation), Total = 2*Offer + Reply and the CPU sum from their medians,
/// the pool's size and making time, the group's table, backend and field code; the CPU flags
/// that code used are noted in `machine`.
pub fn dh_record(
    kx: &dyn KeyExchange,
    exp_bits: u32,
    (offer, reply): (Stats, Stats),
    pool: &Pool,
    clock: &str,
    seed: u64,
    mut machine: Machine,
) -> DhRecord {
    let info = kx.info().clone();
    let field_code = kx.field_code();
    match field_code.as_deref() {
        Some("pclmulqdq") => machine.note_flag_used("pclmulqdq"),
        Some("vpclmulqdq+avx512") => {
            for f in crate::measure::machine::GF2M_VECTOR_FEATURES {
                machine.note_flag_used(f);
            }
        }
        _ => {}
    }
    DhRecord {
        command: "dh",
        field: info.name.clone(),
        group: info,
        exp_bits,
        table: kx.table().is_some(),
        table_info: kx.table().cloned(),
        backend: kx.backend(),
        offer_method: kx.offer_method(),
        reply_method: kx.reply_method(),
        clmul: kx.clmul(),
        field_code,
        total_ms: 2.0 * offer.median_ms + reply.median_ms,
        cpu_total_ms: 2.0 * (offer.median_ms + reply.median_ms),
        offer,
        reply,
        clock: clock.to_string(),
        seed,
        pool: pool.len(),
        pool_ms: pool.make_ms,
        machine,
    }
}

/// The versioned result record of a `dh` run: operations "Offer", "Reply",
/// "Total = 2*Offer + Reply" (figure `total_ms`) and "CPU sum 2*Offer + 2*Reply"
/// (`cpu_total_ms`), each identified by command, group, exp_bits and table; the backend,
/// table and clmul details go to `info`. Every key of `r` is kept at the top level.
///
/// # Errors
/// [`Error::Runtime`] if serialisation fails.
pub fn result_record(r: &DhRecord) -> Result<ResultRecord> {
    let mut rec = ResultRecord::new("dh", &r.clock, r.machine.clone()).with_extra(r)?;
    rec.seed = Some(r.seed);
    rec.params.insert("field".into(), r.field.clone().into());
    rec.params.insert("exp_bits".into(), r.exp_bits.into());
    rec.params.insert("table".into(), r.table.into());
    rec.operations = operations(r);
    Ok(rec)
}

/// The operations of one measured (group, exp_bits, table): "Offer" and "Reply" (timed, with
/// `ops_per_sec`), "Total = 2*Offer + Reply" (`total_ms`) and "CPU sum 2*Offer + 2*Reply"
/// (`cpu_total_ms`), each identified by command "dh", group, exp_bits and table, with the
/// family, sizes, backend, field code and security estimate ([`security::estimate`]) in
/// `info`. `pkbench choose` and `pkbench scale` record their candidates with it too.
pub fn operations(r: &DhRecord) -> Vec<Operation> {
    let mut ops = Vec::with_capacity(4);
    let key = record::params([
        ("command", "dh".into()),
        ("group", r.field.clone().into()),
        ("exp_bits", r.exp_bits.into()),
        ("table", r.table.into()),
    ]);
    let with_info = |mut op: Operation| {
        op = op
            .with_info(
                "family",
                serde_json::to_value(r.group.family).unwrap_or_default(),
            )
            .with_info("field_bits", r.group.field_bits)
            .with_info("full_exp_bits", r.group.full_exp_bits)
            .with_info("pool", r.pool);
        if let Some(b) = &r.backend {
            op = op.with_info("backend", b.clone());
        }
        if let Some(c) = r.clmul {
            op = op.with_info("clmul", c);
        }
        if let Some(f) = &r.field_code {
            op = op.with_info("field_code", f.clone());
        }
        let e = security::estimate(&r.group.profile, Some(r.exp_bits));
        op = op
            .with_info("security_bits", e.bits)
            .with_info("security_limited_by", e.limited_by);
        op
    };
    let mut offer = with_info(Operation::timed("Offer", key.clone(), r.offer.clone()))
        .with_figure("ops_per_sec", r.offer.ops_per_sec());
    if let Some(t) = &r.table_info {
        offer = offer
            .with_info("table_method", t.method.clone())
            .with_info("table_bytes", t.bytes)
            .with_info("table_build_ms", t.build_ms);
    }
    ops.push(offer);
    ops.push(
        with_info(Operation::timed("Reply", key.clone(), r.reply.clone()))
            .with_figure("ops_per_sec", r.reply.ops_per_sec()),
    );
    ops.push(with_info(Operation::derived(
        record::TOTAL_OP,
        key.clone(),
        "total_ms",
        r.total_ms,
    )));
    ops.push(with_info(Operation::derived(
        record::CPU_SUM_OP,
        key,
        "cpu_total_ms",
        r.cpu_total_ms,
    )));
    ops
}

/// Security note for a short exponent: Pollard's kangaroo (lambda) method finds an N-bit
/// exponent in about 2^(N/2) group operations (van Oorschot–Wiener 1996).
pub fn exponent_note(exp_bits: u32, full: u32) -> String {
    if exp_bits >= full {
        format!("{exp_bits} bits (full: the prime subgroup order's size)")
    } else {
        format!(
            "{exp_bits} bits (short; full = {full}): at most {} bits of security against Pollard's kangaroo method (van Oorschot–Wiener 1996)",
            exp_bits / 2
        )
    }
}

/// The `inputs:` line of the report: the pool's size, its making time and how often a sample
/// reuses an entry.
pub fn inputs_note(r: &DhRecord) -> String {
    let batch = r.offer.batch.max(r.reply.batch);
    let uses = pool::uses_per_sample(r.pool, batch);
    let reuse = if uses <= 1 {
        "each used at most once per sample".to_string()
    } else {
        format!(
            "each used up to {uses} times per sample (the pool is capped at {}% of the budget's time and {MAX_POOL} entries)",
            pool::POOL_TIME_SHARE * 100.0
        )
    };
    format!(
        "pool of {} checked secrets and peer values, made in {} (not timed); {reuse}",
        r.pool,
        report::fmt_time_ms(r.pool_ms)
    )
}

/// Renders a [`DhRecord`] as the terminal report.
pub fn render_text(r: &DhRecord) -> String {
    let mut s = String::new();
    s += &format!(
        "pkbench dh: {} ({}, {})\n",
        r.field, r.group.description, r.group.source
    );
    s += &format!(
        "exponent:  {}\n",
        exponent_note(r.exp_bits, r.group.full_exp_bits)
    );
    match &r.table_info {
        Some(t) => {
            s += &format!(
                "table:     {} — {}, built in {} (not counted in Offer)\n",
                t.method,
                report::fmt_bytes(t.bytes),
                report::fmt_time_ms(t.build_ms)
            )
        }
        None if r.group.family == crate::kex::Family::Modp => {
            s += "table:     none (Offer is a plain modular exponentiation g^x)\n"
        }
        None => s += "table:     none (Offer is a plain variable-base multiplication)\n",
    }
    if let Some(m) = &r.offer_method {
        s += &format!("offer:     {m}\n");
    }
    if let Some(m) = &r.reply_method {
        s += &format!("reply:     {m}\n");
    }
    if let Some(b) = &r.backend {
        s += &format!("backend:   {b}\n");
    }
    if let Some(f) = &r.field_code {
        let what = match f.as_str() {
            "portable" => "portable 64-bit code (no carry-less multiply)",
            "pclmulqdq" => "carry-less multiply, 128-bit pclmulqdq",
            "vpclmulqdq+avx512" => {
                "carry-less multiply on 256- and 512-bit vectors (vpclmulqdq, AVX-512)"
            }
            other => other,
        };
        s += &format!("GF(2^m):   {what}\n");
    }
    s += &format!(
        "clock:     {}; samples × batch: Offer {} × {}, Reply {} × {}; seed {}\n",
        r.clock, r.offer.samples, r.offer.batch, r.reply.samples, r.reply.batch, r.seed
    );
    s += &format!("inputs:    {}\n", inputs_note(r));
    s += &format!("machine:   {}\n", r.machine.summary());
    let mut t = report::table(&["operation", "median", "q1 … q3", "ops/s"]);
    let (offer_label, reply_label) = match (r.group.family, r.table) {
        (crate::kex::Family::Modp, true) => {
            ("Offer (g^x, fixed-base table)", "Reply (y^x, peer checked)")
        }
        (crate::kex::Family::Modp, false) => ("Offer (g^x, no table)", "Reply (y^x, peer checked)"),
        (_, true) => ("Offer (x·G, fixed-base table)", "Reply (x·Q, peer checked)"),
        (_, false) => ("Offer (x·G, no table)", "Reply (x·Q, peer checked)"),
    };
    for (name, st) in [(offer_label, &r.offer), (reply_label, &r.reply)] {
        t.add_row(vec![
            name.to_string(),
            report::fmt_time_ms(st.median_ms),
            report::fmt_quartiles_ms(st.q1_ms, st.q3_ms),
            report::fmt_rate(st.ops_per_sec()),
        ]);
    }
    t.add_row(vec![
        "Total = 2*Offer + Reply".to_string(),
        report::fmt_time_ms(r.total_ms),
        String::new(),
        report::fmt_rate(1e3 / r.total_ms),
    ]);
    t.add_row(vec![
        "CPU sum 2*Offer + 2*Reply".to_string(),
        report::fmt_time_ms(r.cpu_total_ms),
        String::new(),
        String::new(),
    ]);
    s += &format!("{t}\n");
    s += if r.clock == crate::measure::Clock::Cpu.label() {
        "Total: time of one exchange (the two Offers in turn, then both Replies in\nparallel), on the thread CPU clock (time descheduled is not counted); CPU sum:\nthe work of both parties.\n"
    } else {
        "Total: elapsed time of one exchange (the two Offers in turn, then both Replies\nin parallel); CPU sum: the work of both parties.\n"
    };
    s
}

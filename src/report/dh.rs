//! The report of a `dh` record: the terminal text and the summary keys `--json` prints beside
//! the record. Both read the record's operations ("Offer", "Reply", "Total = 2*Offer + Reply",
//! "CPU sum 2*Offer + 2*Reply" of one group, see [`crate::bench::dh::operations`]) and
//! nothing else.

use crate::record::{
    self, CPU_SUM_OP, OFFER_OP, Operation, REPLY_OP, ResultRecord, TOTAL_OP, info as rinfo,
};
use crate::report;
use crate::report::doc::{Cell, Doc, Table};
use serde_json::{Map, Value, json};

/// The four operations of one exchange in a record.
struct Exchange<'a> {
    offer: &'a Operation,
    reply: &'a Operation,
    total_ms: f64,
    cpu_total_ms: f64,
}

impl<'a> Exchange<'a> {
    fn of(rec: &'a ResultRecord) -> Option<Exchange<'a>> {
        let offer = rec.operation(OFFER_OP).filter(|o| o.stats.is_some())?;
        let reply = rec.operation(REPLY_OP).filter(|o| o.stats.is_some())?;
        Some(Exchange {
            offer,
            reply,
            total_ms: rec.operation(TOTAL_OP)?.total_ms()?,
            cpu_total_ms: rec.operation(CPU_SUM_OP)?.cpu_total_ms()?,
        })
    }

    fn exp_bits(&self) -> u64 {
        self.offer.exp_bits().unwrap_or(0)
    }

    fn table(&self) -> bool {
        self.offer.table().unwrap_or(false)
    }

    fn group(&self) -> &str {
        self.offer.group().unwrap_or("?")
    }

    fn full_exp_bits(&self) -> u64 {
        self.offer.full_exp_bits().unwrap_or(0)
    }

    fn is_modp(&self) -> bool {
        self.offer.family() == Some("modp")
    }
}

/// Security note for a short exponent: Pollard's kangaroo (lambda) method finds an N-bit
/// exponent in about 2^(N/2) group operations (van Oorschot–Wiener 1996).
pub fn exponent_note(exp_bits: u64, full: u64) -> String {
    if exp_bits >= full {
        format!("{exp_bits} bits (full: the prime subgroup order's size)")
    } else {
        format!(
            "{exp_bits} bits (short; full = {full}): at most {} bits of security against Pollard's kangaroo method (van Oorschot–Wiener 1996)",
            exp_bits / 2
        )
    }
}

/// The `inputs:` line: the pool's size, its making time and how often a sample reuses an
/// entry.
fn inputs_note(x: &Exchange) -> String {
    let pool = x.offer.pool().unwrap_or(0) as usize;
    let pool_ms = x.offer.pool_ms().unwrap_or(f64::NAN);
    let batch = stats(x.offer).batch.max(stats(x.reply).batch);
    let uses = record::uses_per_sample(pool, batch);
    let reuse = if uses <= 1 {
        "each used at most once per sample".to_string()
    } else {
        // The caps the run sized its pool under (records before schema 3 do not say).
        let caps = match (x.offer.pool_time_share(), x.offer.pool_cap()) {
            (Some(share), Some(cap)) => format!(
                " (the pool is capped at {}% of the budget's time and {cap} entries)",
                share * 100.0
            ),
            _ => String::new(),
        };
        format!("each used up to {uses} times per sample{caps}")
    };
    format!(
        "pool of {pool} checked secrets and peer values, made in {} (not timed); {reuse}",
        report::fmt_time_ms(pool_ms)
    )
}

fn stats(op: &Operation) -> &crate::measure::Stats {
    op.stats
        .as_ref()
        .expect("Exchange::of keeps timed operations only")
}

/// The view of a `dh` record: the group and how each operation was computed as facts, the
/// table of Offer, Reply, Total and CPU sum, the warm/cold section ([`report::cache`]), the
/// cycle estimate and the meaning of Total; a record without one exchange is a one-line
/// note.
pub fn view(rec: &ResultRecord) -> Doc {
    let mut d = Doc::new();
    let Some(x) = Exchange::of(rec) else {
        d.text("pkbench dh: the record holds no Offer and Reply");
        return d;
    };
    let (offer, reply) = (stats(x.offer), stats(x.reply));
    let o = x.offer;
    d.title(format!(
        "pkbench dh: {} ({}, {})",
        x.group(),
        o.info_str(rinfo::GROUP_DESCRIPTION).unwrap_or(""),
        o.info_str(rinfo::GROUP_SOURCE).unwrap_or("")
    ));
    d.fact("exponent", exponent_note(x.exp_bits(), x.full_exp_bits()));
    if let Some(w) = weak_note(o) {
        d.fact("security", w);
    }
    d.fact("table", table_fact(&x));
    if let Some(m) = o.info_str(rinfo::OFFER_METHOD) {
        d.fact("offer", m);
    }
    if let Some(m) = x.reply.info_str(rinfo::REPLY_METHOD) {
        d.fact("reply", m);
    }
    if let Some(b) = o.info_str(rinfo::BACKEND) {
        d.fact("backend", b);
    }
    if let Some(f) = o.info_str(rinfo::FIELD_CODE) {
        d.fact("GF(2^m)", field_code_text(f));
    }
    d.fact(
        "clock",
        format!(
            "{}; samples × batch: Offer {} × {}, Reply {} × {}; seed {}",
            rec.clock,
            offer.samples,
            offer.batch,
            reply.samples,
            reply.batch,
            rec.seed.map_or_else(|| "-".to_string(), |v| v.to_string())
        ),
    );
    let public = o.info_u64(rinfo::PUBLIC_BYTES).unwrap_or(0);
    d.fact(
        "wire",
        format!(
            "each party sends its public value, {public} B; {} B per exchange",
            2 * public
        ),
    );
    d.fact("inputs", inputs_note(&x));
    d.fact("machine", rec.summary());
    d.table(operations_table(&x));
    d.extend(report::cache::doc(rec));
    if let Some(c) = cycles_estimate(rec, offer.median_ms, reply.median_ms, x.total_ms) {
        d.fact(
            "cycles",
            format!(
                "≈{} Offer, ≈{} Reply, ≈{} Total — an estimate: time × {:.0} MHz, {}",
                report::sig4(c.offer),
                report::sig4(c.reply),
                report::sig4(c.total),
                c.mhz,
                CYCLES_SOURCE
            ),
        );
    }
    d.text(if rec.clock == crate::measure::Clock::Cpu.label() {
        "Total: time of one exchange (the two Offers in turn, then both Replies in\nparallel), on the thread CPU clock (time descheduled is not counted); CPU sum:\nthe work of both parties."
    } else {
        "Total: elapsed time of one exchange (the two Offers in turn, then both Replies\nin parallel); CPU sum: the work of both parties."
    });
    d
}

/// The `security:` fact of a group below 80 bits of security (the record's category 0), as
/// `choose` marks it ("<80"): its estimate and what limits it; `None` for a group of 80 bits
/// or more, or a record that does not say.
fn weak_note(o: &Operation) -> Option<String> {
    (o.info_u64(rinfo::SECURITY_CATEGORY)? == 0).then(|| {
        format!(
            "<80 bits ({:.1}: {}): below the lowest category of NIST SP 800-57 Part 1 Table 2, not for new use",
            o.info_f64(rinfo::SECURITY_BITS).unwrap_or(f64::NAN),
            o.info_str(rinfo::SECURITY_LIMITED_BY).unwrap_or("?")
        )
    })
}

/// The `table:` fact: the fixed-base table's method, size and build time, or what Offer
/// computes without one.
fn table_fact(x: &Exchange) -> String {
    let o = x.offer;
    match o.info_str(rinfo::TABLE_METHOD) {
        Some(method) => format!(
            "{} — {}, built in {} (not counted in Offer)",
            method,
            report::fmt_bytes(o.info_u64(rinfo::TABLE_BYTES).unwrap_or(0) as usize),
            report::fmt_time_ms(o.info_f64(rinfo::TABLE_BUILD_MS).unwrap_or(f64::NAN))
        ),
        None if x.is_modp() => "none (Offer is a plain modular exponentiation g^x)".into(),
        None => "none (Offer is a plain variable-base multiplication)".into(),
    }
}

/// What the record's `field_code` means, in words.
fn field_code_text(f: &str) -> &str {
    match f {
        "portable" => "portable 64-bit code (no carry-less multiply)",
        "pclmulqdq" => "carry-less multiply, 128-bit pclmulqdq",
        "vpclmulqdq+avx512" => {
            "carry-less multiply on 256- and 512-bit vectors (vpclmulqdq, AVX-512)"
        }
        other => other,
    }
}

/// The table of Offer, Reply, Total and CPU sum.
fn operations_table(x: &Exchange) -> Table {
    let (offer, reply) = (stats(x.offer), stats(x.reply));
    let mut t = Table::new(
        "dh.operations",
        &["operation", "median", "q1 … q3", "ops/s"],
    );
    let (offer_label, reply_label) = match (x.is_modp(), x.table()) {
        (true, true) => ("Offer (g^x, fixed-base table)", "Reply (y^x, peer checked)"),
        (true, false) => ("Offer (g^x, no table)", "Reply (y^x, peer checked)"),
        (false, true) => ("Offer (x·G, fixed-base table)", "Reply (x·Q, peer checked)"),
        (false, false) => ("Offer (x·G, no table)", "Reply (x·Q, peer checked)"),
    };
    for (name, st) in [(offer_label, offer), (reply_label, reply)] {
        t.row(vec![
            Cell::text(name),
            Cell::time_ms(st.median_ms),
            Cell::figure(
                report::fmt_quartiles_ms(st.q1_ms, st.q3_ms),
                st.median_ms * 1e-3,
                "s",
            )
            .with_interval(st.q1_ms * 1e-3, st.q3_ms * 1e-3),
            Cell::rate(st.ops_per_sec()),
        ]);
    }
    t.row(vec![
        Cell::text(TOTAL_OP),
        Cell::time_ms(x.total_ms),
        Cell::empty(),
        Cell::rate(1e3 / x.total_ms),
    ]);
    t.row(vec![Cell::text(CPU_SUM_OP), Cell::time_ms(x.cpu_total_ms)]);
    t
}

/// [`view`] as the terminal text.
pub fn render_text(rec: &ResultRecord) -> String {
    report::doc::terminal::render(&view(rec))
}

/// Where the clock rate of the cycle estimate comes from.
pub const CYCLES_SOURCE: &str = "the mean \"cpu MHz\" of /proc/cpuinfo at the start and end of the run (turbo and frequency changes during the run make it approximate)";

/// Cycles per operation estimated from times and the CPU clock rate.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct Cycles {
    /// Offer, cycles.
    pub offer: f64,
    /// Reply, cycles.
    pub reply: f64,
    /// Total = 2*Offer + Reply, cycles.
    pub total: f64,
    /// The clock rate used, MHz.
    pub mhz: f64,
}

/// The cycle estimate of an exchange (`ms` times at the record's measured MHz: the mean of
/// the start and end readings over the run, else the machine's MHz); `None` when the
/// machine gave no clock rate.
pub fn cycles_estimate(
    rec: &ResultRecord,
    offer_ms: f64,
    reply_ms: f64,
    total_ms: f64,
) -> Option<Cycles> {
    let mhz = match &rec.machine.mhz_over_run {
        Some(m) if m.start_mhz > 0.0 && m.end_mhz > 0.0 => (m.start_mhz + m.end_mhz) / 2.0,
        _ => rec.machine.cpu_mhz,
    };
    (mhz.is_finite() && mhz > 0.0).then(|| {
        let c = |ms: f64| ms * 1e-3 * mhz * 1e6;
        Cycles {
            offer: c(offer_ms),
            reply: c(reply_ms),
            total: c(total_ms),
            mhz,
        }
    })
}

/// The summary keys `--json` prints beside a `dh` record (the keys of pkbench's first JSON
/// output, kept for its readers): `field`, `group` {name, family, description, source,
/// full_exp_bits, public_bytes, field_bits}, `exp_bits`, `table`, `table_info` {method, bytes,
/// build_ms} or null, `backend`, `offer_method`, `reply_method`, `clmul`, `field_code` (null
/// where the group says nothing), `offer` and `reply` (statistics without the raw samples,
/// ms), `total_ms`, `cpu_total_ms`, `pool`, `pool_ms`.
pub fn json_view(rec: &ResultRecord) -> Map<String, Value> {
    let Some(x) = Exchange::of(rec) else {
        return Map::new();
    };
    let o = x.offer;
    let get = |op: &Operation, k: &str| op.info.get(k).cloned().unwrap_or(Value::Null);
    let table_info = match o.info_str(rinfo::TABLE_METHOD) {
        Some(m) => json!({
            "method": m,
            "bytes": get(o, rinfo::TABLE_BYTES),
            "build_ms": get(o, rinfo::TABLE_BUILD_MS),
        }),
        None => Value::Null,
    };
    let view = json!({
        "field": x.group(),
        "group": {
            "name": x.group(),
            "family": get(o, rinfo::FAMILY),
            "description": get(o, rinfo::GROUP_DESCRIPTION),
            "source": get(o, rinfo::GROUP_SOURCE),
            "full_exp_bits": get(o, rinfo::FULL_EXP_BITS),
            "public_bytes": get(o, rinfo::PUBLIC_BYTES),
            "field_bits": get(o, rinfo::FIELD_BITS),
        },
        "exp_bits": x.exp_bits(),
        "table": x.table(),
        "table_info": table_info,
        "backend": get(o, rinfo::BACKEND),
        "offer_method": get(o, rinfo::OFFER_METHOD),
        "reply_method": get(x.reply, rinfo::REPLY_METHOD),
        "clmul": get(o, rinfo::CLMUL),
        "field_code": get(o, rinfo::FIELD_CODE),
        "offer": super::json::summary_stats(stats(x.offer)),
        "reply": super::json::summary_stats(stats(x.reply)),
        "total_ms": x.total_ms,
        "cpu_total_ms": x.cpu_total_ms,
        "cycles_estimate": cycles_estimate(
            rec,
            stats(x.offer).median_ms,
            stats(x.reply).median_ms,
            x.total_ms
        )
        .map(|c| json!({"offer": c.offer, "reply": c.reply, "total": c.total, "mhz": c.mhz, "source": CYCLES_SOURCE})),
        "pool": get(o, rinfo::POOL),
        "pool_ms": get(o, rinfo::POOL_MS),
    });
    match view {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

//! The report of a KEM exchange (`pkbench dh --group mlkem768`): for each implementation
//! its KeyGen, Encaps, Decaps and Total = KeyGen + Encaps + Decaps with the bytes each step
//! sends, then the ratio of the implementations' Totals. It reads the record's operations
//! ([`crate::bench::kem::operations`]) and nothing else.

use crate::record::{
    DECAPS_OP, ENCAPS_OP, KEM_TOTAL_OP, KEYGEN_OP, OFFER_OP, Operation, REPLY_OP, ResultRecord,
    info as rinfo, param,
};
use crate::report;
use crate::report::doc::{Cell, Doc, Table};

/// Whether `rec` holds a KEM exchange.
pub fn is_kem(rec: &ResultRecord) -> bool {
    rec.operations.iter().any(|o| o.name == KEM_TOTAL_OP)
}

/// The implementations of the record, in order: (label, KeyGen, Encaps, Decaps, Total).
fn rows(rec: &ResultRecord) -> Vec<(String, [&Operation; 4])> {
    let mut out = Vec::new();
    for total in rec
        .operations
        .iter()
        .filter(|o| o.name == KEM_TOTAL_OP && !is_part(o))
    {
        let find = |name: &str| {
            rec.operations
                .iter()
                .find(|o| o.name == name && o.params == total.params && o.stats.is_some())
        };
        if let (Some(k), Some(e), Some(d)) = (find("KeyGen"), find("Encaps"), find("Decaps")) {
            let label = total
                .implementation
                .as_ref()
                .map_or_else(|| "?".to_string(), |i| i.label());
            out.push((label, [k, e, d, total]));
        }
    }
    out
}

fn bytes(op: &Operation, key: &str) -> u64 {
    op.info_u64(key).unwrap_or(0)
}

/// The view of a KEM record: sizes, security, clock and inputs as facts, a table of KeyGen,
/// Encaps, Decaps and Total per implementation (for a hybrid followed by its parts table),
/// the ratios of the implementations' Totals and the implementations that did not run; a
/// record without an exchange is a one-line note.
pub fn view(rec: &ResultRecord) -> Doc {
    let mut d = Doc::new();
    let rows = rows(rec);
    let Some((_, [k0, ..])) = rows.first() else {
        d.text("pkbench dh: the record holds no KEM exchange");
        return d;
    };
    d.title(format!(
        "pkbench dh: {} ({}, {})",
        k0.param_str(param::GROUP).unwrap_or("?"),
        k0.info_str(rinfo::GROUP_DESCRIPTION).unwrap_or(""),
        k0.info_str(rinfo::GROUP_SOURCE).unwrap_or("")
    ));
    let (ek, ct, ss) = (
        bytes(k0, "ek_bytes"),
        bytes(k0, "ct_bytes"),
        bytes(k0, "ss_bytes"),
    );
    d.fact(
        "sizes",
        format!(
            "encapsulation key {ek} B (KeyGen, sent by the initiator), ciphertext {ct} B (Encaps, sent by the responder), shared secret {ss} B; {} B on the wire per exchange",
            ek + ct
        ),
    );
    d.fact("security", security_note(k0));
    let seed = rec.seed.map_or_else(|| "-".to_string(), |v| v.to_string());
    // With one implementation (pkbench's own, the default) there is nothing to alternate
    // with or compare to.
    let many = rows.len() > 1;
    d.fact(
        "clock",
        format!(
            "{}; {}seed {seed}",
            rec.clock,
            if many {
                "implementations timed in alternating rounds; "
            } else {
                ""
            }
        ),
    );
    d.fact(
        "inputs",
        format!(
            "pool of {} seeds d‖z and messages m, each exchange checked before timing (Encaps and Decaps secrets equal{}) and every timed output after; made in {} (not timed)",
            k0.info_u64(rinfo::POOL).unwrap_or(0),
            if many {
                ", every implementation equal to the first"
            } else {
                ""
            },
            report::fmt_time_ms(k0.info_f64(rinfo::POOL_MS).unwrap_or(f64::NAN))
        ),
    );
    d.fact("machine", rec.summary());
    for (i, (label, ops)) in rows.iter().enumerate() {
        d.text(format!("{label}:"));
        d.table(steps_table(i, ops));
        parts(rec, i, ops, &mut d);
    }
    if rows.len() > 1 {
        let base = &rows[0];
        for (label, ops) in &rows[1..] {
            let steps: Vec<String> = ["KeyGen", "Encaps", "Decaps"]
                .iter()
                .enumerate()
                .map(|(i, n)| format!("{n} {}", paired_ratio(base.1[i], ops[i])))
                .collect();
            d.fact(
                "ratio",
                format!(
                    "{label} against {}: Total {} ({}); each with its 95 % interval from the rounds paired (Hodges–Lehmann estimate)",
                    base.0,
                    paired_ratio(base.1[3], ops[3]),
                    steps.join(", ")
                ),
            );
        }
    }
    let mut s = format!(
        "{KEM_TOTAL_OP}: the three steps of one exchange run in sequence (the responder's Encaps needs the initiator's key; the initiator's Decaps needs the ciphertext)."
    );
    for n in &rec.skipped {
        s += &format!("\nnot run:   {}: {}", n.item, n.reason);
    }
    d.text(s);
    d
}

/// The table of one implementation's steps (the `i`-th): median, quartiles, rate and the
/// bytes each sends, then Total.
fn steps_table(i: usize, ops: &[&Operation; 4]) -> Table {
    let mut t = Table::new(
        format!("kem.steps.{}", i + 1),
        &["step", "median", "q1 … q3", "ops/s", "sent"],
    );
    let sent = |b: u64| Cell::figure(format!("{b} B"), b as f64, "B");
    let names = ["KeyGen (offer)", "Encaps (reply)", "Decaps (finish)"];
    for (name, op) in names.iter().zip(ops.iter()) {
        let st = op.stats.as_ref().expect("rows keeps timed steps");
        let wire = bytes(op, "wire_bytes");
        t.row(vec![
            Cell::text(*name),
            Cell::time_ms(st.median_ms),
            Cell::quartiles(st),
            Cell::rate(st.ops_per_sec()),
            if wire == 0 {
                Cell::text("–")
            } else {
                sent(wire)
            },
        ]);
    }
    let total = ops[3].total_ms().unwrap_or(f64::NAN);
    t.row(vec![
        Cell::text("Total"),
        Cell::time_ms(total),
        Cell::empty(),
        Cell::rate(1e3 / total),
        sent(bytes(ops[3], "wire_bytes")),
    ]);
    t
}

/// [`view`] as the terminal text.
pub fn render_text(rec: &ResultRecord) -> String {
    report::doc::terminal::render(&view(rec))
}

/// Whether `op` was timed as a part of a hybrid ([`param::PART_OF`]), not as an exchange.
fn is_part(op: &Operation) -> bool {
    op.params.contains_key(param::PART_OF)
}

/// A hybrid's step, its operation, and its parts, each named.
type Step<'a> = (&'static str, &'a Operation, Vec<(String, &'a Operation)>);

/// Under a hybrid's table (the `i`-th implementation's), each step against the sum of its
/// parts timed in the same rounds (`bench::kem`'s parts: this implementation's ML-KEM alone,
/// the `x25519` row's Offer with its table and Reply): KeyGen = ML-KEM KeyGen + X25519
/// Offer, Encaps = ML-KEM Encaps + X25519 Offer + Reply, Decaps = ML-KEM Decaps + X25519
/// Reply: a line saying whose code the parts are, then a table of each step, the sum of its
/// parts, the parts and the step over their sum. Nothing when the record has no parts for
/// it.
fn parts(rec: &ResultRecord, i: usize, [keygen, encaps, decaps, _]: &[&Operation; 4], d: &mut Doc) {
    let hybrid = keygen.param_str(param::GROUP);
    let part = |name: &str, kem: bool| {
        rec.operations.iter().find(|o| {
            o.name == name
                && o.param_str(param::PART_OF) == hybrid
                && o.stats.is_some()
                && (!kem || o.param_str(param::IMPL) == keygen.param_str(param::IMPL))
                && kem == o.params.contains_key(param::IMPL)
        })
    };
    let (Some(mk), Some(me), Some(md), Some(xo), Some(xr)) = (
        part(KEYGEN_OP, true),
        part(ENCAPS_OP, true),
        part(DECAPS_OP, true),
        part(OFFER_OP, false),
        part(REPLY_OP, false),
    ) else {
        return;
    };
    let ml = mk.param_str(param::GROUP).unwrap_or("ML-KEM");
    let x = xo.param_str(param::GROUP).unwrap_or("X25519");
    let table = xo
        .precomputation()
        .filter(|p| p.on_generator())
        .map_or("without a table", |_| "with its table");
    let who = |o: &Operation| {
        o.implementation
            .as_ref()
            .map_or_else(|| "?".to_string(), |i| i.label())
    };
    d.fact(
        "parts",
        format!(
            "each step against its parts, timed in the same rounds: {ml} alone ({}) and the {x} row's code ({}: Offer {table}, Reply)",
            who(mk),
            who(xo)
        ),
    );
    let steps: [Step; 3] = [
        (
            KEYGEN_OP,
            keygen,
            vec![
                (format!("{ml} {KEYGEN_OP}"), mk),
                (format!("{x} {OFFER_OP}"), xo),
            ],
        ),
        (
            ENCAPS_OP,
            encaps,
            vec![
                (format!("{ml} {ENCAPS_OP}"), me),
                (format!("{x} {OFFER_OP}"), xo),
                (format!("{x} {REPLY_OP}"), xr),
            ],
        ),
        (
            DECAPS_OP,
            decaps,
            vec![
                (format!("{ml} {DECAPS_OP}"), md),
                (format!("{x} {REPLY_OP}"), xr),
            ],
        ),
    ];
    let mut t = Table::new(
        format!("kem.parts.{}", i + 1),
        &["step", "median", "its parts", "sum of", "step/parts"],
    )
    .wrapping(3);
    for (name, op, sum) in steps {
        let total: f64 = sum.iter().map(|(_, o)| median(o)).sum();
        let terms: Vec<String> = sum
            .iter()
            .map(|(n, o)| format!("{n} {}", report::fmt_time_ms(median(o))))
            .collect();
        t.row(vec![
            Cell::text(name),
            Cell::time_ms(median(op)),
            Cell::time_ms(total),
            Cell::text(terms.join(" + ")),
            Cell::ratio(median(op) / total),
        ]);
    }
    d.table(t);
}

fn median(op: &Operation) -> f64 {
    op.stats.as_ref().map_or(f64::NAN, |s| s.median_ms)
}

fn total_ms(op: &Operation) -> f64 {
    op.total_ms().unwrap_or(f64::NAN)
}

/// The speed of the second time relative to the first, in pkbench's one notation
/// ([`report::fmt_speedup`]): "2.31x" (2.31 times as fast), "0.83x" (slower).
pub fn speedup(base_ms: f64, other_ms: f64) -> String {
    report::fmt_speedup(base_ms / other_ms)
}

/// How many times faster `op` is than `base`, timed in the same rounds: the paired estimate
/// with its 95 % interval ("4.09x [4.01, 4.15]", [`Operation::speedup_interval`]), or the
/// ratio of the two figures and, where the record kept rounds, that they are too few for an
/// interval ([`report::too_few_rounds`]).
fn paired_ratio(base: &Operation, op: &Operation) -> String {
    match Operation::speedup_interval(base, op) {
        Some(iv) => report::fmt_speedup_interval(&iv),
        None => {
            let x = speedup(total_or_median(base), total_or_median(op));
            match Operation::ratio_rounds(base, op) {
                0 => x,
                n => format!("{x} ({})", report::too_few_rounds(n)),
            }
        }
    }
}

/// A step's median, or a Total's figure.
fn total_or_median(op: &Operation) -> f64 {
    match op.stats {
        Some(_) => median(op),
        None => total_ms(op),
    }
}

/// "NIST category 3: 192 bits classical, 192 bits quantum (core-SVP 182 / 165); SOURCE".
pub fn security_note(op: &Operation) -> String {
    let c = op.info_f64(rinfo::SECURITY_BITS).unwrap_or(f64::NAN);
    let q = op
        .info_f64(rinfo::QUANTUM_SECURITY_BITS)
        .unwrap_or(f64::NAN);
    let cat = op
        .info_u64("nist_category")
        .map_or_else(String::new, |c| format!("NIST category {c}: "));
    format!(
        "{cat}{c:.0} bits classical, {q:.0} bits quantum (core-SVP {:.0} / {:.0}); {}",
        op.info_f64("core_svp_classical").unwrap_or(f64::NAN),
        op.info_f64("core_svp_quantum").unwrap_or(f64::NAN),
        op.info_str("security_source").unwrap_or("")
    )
}

/// Quantum security of every Diffie-Hellman group: 0 bits, since Shor's algorithm computes
/// discrete logarithms in any group (finite field or elliptic curve) in polynomial time on a
/// quantum computer (Shor, SIAM J. Comput. 1997; Proos–Zalka 2003 for elliptic curves).
pub const DH_QUANTUM_NOTE: &str = "every DH group: 0 bits against a quantum computer (Shor's algorithm computes discrete logarithms in polynomial time; Shor 1997, Proos–Zalka 2003 for curves)";

//! The post-quantum part of `choose --post-quantum`: every KEM candidate sorted by Total =
//! KeyGen + Encaps + Decaps with its estimates and bytes on the wire, and the cheapest that
//! meets the target classically and against a quantum computer.

use crate::record::{KEM_TOTAL_OP, Operation, ResultRecord, info as rinfo, param};
use crate::report;
use crate::report::doc::{Cell, Doc, Table};

/// One KEM candidate of `choose --post-quantum`.
struct Candidate<'a> {
    total: &'a Operation,
    total_ms: f64,
    classical: f64,
    quantum: f64,
    wire: u64,
}

impl Candidate<'_> {
    fn kem(&self) -> &str {
        self.total.param_str(param::GROUP).unwrap_or("?")
    }

    fn meets(&self, min: f64) -> bool {
        self.classical >= min && self.quantum >= min
    }
}

/// The KEM candidates of a `choose --post-quantum` record, cheapest first.
fn candidates(rec: &ResultRecord) -> Vec<Candidate<'_>> {
    let mut c: Vec<Candidate> = rec
        .operations
        .iter()
        .filter(|o| o.name == KEM_TOTAL_OP)
        .map(|o| Candidate {
            total: o,
            total_ms: o.total_ms().unwrap_or(f64::NAN),
            classical: o.info_f64(rinfo::SECURITY_BITS).unwrap_or(0.0),
            quantum: o.info_f64(rinfo::QUANTUM_SECURITY_BITS).unwrap_or(0.0),
            wire: o.info_u64(rinfo::WIRE_BYTES).unwrap_or(0),
        })
        .collect();
    c.sort_by(|a, b| a.total_ms.total_cmp(&b.total_ms));
    c
}

/// The post-quantum section: the KEMs by Total, what their estimates mean, the choice.
pub fn doc(rec: &ResultRecord) -> Doc {
    let min = rec
        .params
        .get("min_security")
        .and_then(serde_json::Value::as_f64)
        .unwrap_or(0.0);
    let mut d = Doc::new();
    d.heading("Post-quantum: KEMs, sorted by Total = KeyGen + Encaps + Decaps:");
    let leak = !super::leak::files(&rec.params).is_empty();
    let mut head = vec![
        "KEM",
        "implementation",
        "Total",
        "classical",
        "quantum",
        "wire",
    ];
    if leak {
        head.push("leak");
    }
    let mut t = Table::new("choose.kems", &head);
    let all = candidates(rec);
    for c in &all {
        let ok = if c.meets(min) { "" } else { " (below)" };
        let mut cells = vec![
            Cell::text(format!("{}{ok}", c.kem())),
            Cell::text(c.total.param_str("impl").unwrap_or("?")),
            Cell::time_ms(c.total_ms),
            Cell::figure(format!("{:.0}", c.classical), c.classical, "bits"),
            Cell::figure(format!("{:.0}", c.quantum), c.quantum, "bits"),
            Cell::figure(format!("{} B", c.wire), c.wire as f64, "B"),
        ];
        if leak {
            cells.push(super::leak::cell(super::leak::read(&c.total.info).as_ref()));
        }
        t.row(cells);
    }
    d.table(t);
    d.fact(
        "quantum",
        format!(
            "{}; ML-KEM: NIST categories 1, 3, 5 (FIPS 203 §8) as 128, 192, 256 bits; X25519MLKEM768: the better of its parts.",
            report::kem::DH_QUANTUM_NOTE
        ),
    );
    d
}

//! What an implementation's Offer prepared for the generator (design.md §2,
//! "precomputation"): pkbench's fixed-base table, a crate's basepoint table, a library's
//! built-in multiples of the generator, or nothing. A property of each row: a ratio between
//! two rows whose Offers differ in it compares unlike work, and the output says so.
//!
//! Every DH operation of a record carries it as the `info` key [`INFO_KEY`] (Offer, Reply,
//! Total and CPU sum alike: it describes the row's implementation), so that every view reads
//! it from the record alone (`record::Operation::precomputation`); `report::precomp` words it.

use serde::{Deserialize, Serialize};

/// The `info` key of an operation's [`Precomputation`].
pub const INFO_KEY: &str = "precomputation";

/// What Offer uses besides the generator itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Precomputation {
    /// Nothing: Offer is a plain exponentiation or scalar multiplication of the generator.
    None,
    /// A table built in this process when the group was opened (or, for the `p256` and
    /// `k256` crates, on their first fixed-base multiplication): pkbench's fixed-base tables,
    /// the crates' basepoint tables. Its build time is reported apart from Offer.
    Table {
        /// The method and its parameters, as [`crate::kex::TableInfo::method`].
        method: String,
        /// Its size in bytes.
        bytes: usize,
    },
    /// A table compiled into the code: curve25519-dalek's `ED25519_BASEPOINT_TABLE`,
    /// OpenSSL's multiples of the P-256 generator and of the Ed25519 base point.
    BuiltIn {
        /// Whose table and what it holds, with the source that says so.
        method: String,
        /// Its size in bytes, where it is known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bytes: Option<usize>,
    },
}

impl Precomputation {
    /// Whether Offer uses precomputed powers or multiples of the generator (a table of any
    /// kind): the fact two sides of a ratio must share to compare like with like.
    pub fn on_generator(&self) -> bool {
        !matches!(self, Precomputation::None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Operation;

    #[test]
    fn round_trips_through_an_operation_info() {
        let cases = [
            Precomputation::None,
            Precomputation::Table {
                method: "fixed-base signed windows w=12".into(),
                bytes: 1_277_952,
            },
            Precomputation::BuiltIn {
                method: "OpenSSL's".into(),
                bytes: None,
            },
            Precomputation::BuiltIn {
                method: "dalek's".into(),
                bytes: Some(30_720),
            },
        ];
        for p in cases {
            let op = Operation::derived("x", Default::default(), "total_ms", 1.0)
                .with_info(INFO_KEY, serde_json::to_value(&p).unwrap());
            assert_eq!(op.precomputation(), Some(p.clone()));
            assert_eq!(p.on_generator(), p != Precomputation::None);
        }
        let json = serde_json::to_value(Precomputation::None).unwrap();
        assert_eq!(json, serde_json::json!({"kind": "none"}));
        let b = Precomputation::BuiltIn {
            method: "m".into(),
            bytes: Some(30_720),
        };
        assert_eq!(serde_json::to_value(&b).unwrap()["kind"], "built-in");
        assert_eq!(
            Operation::derived("x", Default::default(), "t", 1.0).precomputation(),
            None
        );
    }
}

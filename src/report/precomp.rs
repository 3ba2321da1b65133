//! The words for a row's precomputation on the generator ([`Precomputation`], recorded on
//! every DH operation): the short cell of the tables and the test every ratio between two
//! rows makes before it is printed (do their Offers both use a table on the generator?).

use crate::implementation::Precomputation;
use crate::record::Operation;

/// A short cell, at most 8 characters: the table's size ("1.2 MiB"), "built-in" (its size,
/// where known, is in [`describe`]), "none".
pub fn short(p: &Precomputation) -> String {
    match p {
        Precomputation::None => "none".into(),
        Precomputation::Table { bytes, .. } => crate::report::fmt_bytes(*bytes),
        Precomputation::BuiltIn { .. } => "built-in".into(),
    }
}

/// One line for notes: "table of 1.2 MiB: fixed-base signed windows w=12 …", "built-in
/// table of 30.0 KiB: …", "built-in table: …", "none".
pub fn describe(p: &Precomputation) -> String {
    match p {
        Precomputation::None => "none".into(),
        Precomputation::Table { method, bytes } => {
            format!("table of {}: {method}", crate::report::fmt_bytes(*bytes))
        }
        Precomputation::BuiltIn {
            method,
            bytes: Some(b),
        } => format!(
            "built-in table of {}: {method}",
            crate::report::fmt_bytes(*b)
        ),
        Precomputation::BuiltIn {
            method,
            bytes: None,
        } => format!("built-in table: {method}"),
    }
}

/// The two rows' precomputations when one's Offer uses a table on the generator and the
/// other's does not (a ratio between them compares unlike work); `None` when they agree,
/// either row does not say, or the operation is Reply (variable base: no table applies, so
/// the two Replies do the same work).
pub fn unlike(a: &Operation, b: &Operation) -> Option<(Precomputation, Precomputation)> {
    if a.name == "Reply" && b.name == "Reply" {
        return None;
    }
    let (pa, pb) = (a.precomputation()?, b.precomputation()?);
    (pa.on_generator() != pb.on_generator()).then_some((pa, pb))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::precomputation::INFO_KEY;

    fn op(p: Option<&Precomputation>) -> Operation {
        let o = Operation::derived("Offer", Default::default(), "total_ms", 1.0);
        match p {
            Some(p) => o.with_info(INFO_KEY, serde_json::to_value(p).unwrap()),
            None => o,
        }
    }

    #[test]
    fn cells_and_the_unlike_test() {
        let table = Precomputation::Table {
            method: "fixed-base signed windows w=12".into(),
            bytes: 1_277_952,
        };
        let built_in = Precomputation::BuiltIn {
            method: "OpenSSL's ecp_nistz256 table".into(),
            bytes: None,
        };
        assert_eq!(short(&table), "1.2 MiB");
        assert_eq!(short(&built_in), "built-in");
        assert_eq!(short(&Precomputation::None), "none");
        assert_eq!(
            describe(&Precomputation::BuiltIn {
                method: "dalek's".into(),
                bytes: Some(30_720)
            }),
            "built-in table of 30.0 KiB: dalek's"
        );
        assert_eq!(describe(&Precomputation::None), "none");
        assert_eq!(
            describe(&table),
            "table of 1.2 MiB: fixed-base signed windows w=12"
        );
        assert_eq!(
            describe(&built_in),
            "built-in table: OpenSSL's ecp_nistz256 table"
        );
        let none = Precomputation::None;
        assert_eq!(
            unlike(&op(Some(&table)), &op(Some(&none))),
            Some((table.clone(), none.clone()))
        );
        assert_eq!(unlike(&op(Some(&table)), &op(Some(&built_in))), None);
        assert_eq!(unlike(&op(Some(&none)), &op(Some(&none))), None);
        assert_eq!(unlike(&op(Some(&table)), &op(None)), None);
        let reply = |p: &Precomputation| {
            let mut o = op(Some(p));
            o.name = "Reply".into();
            o
        };
        assert_eq!(unlike(&reply(&table), &reply(&none)), None);
    }
}

//! Problems with a saved result record as the input of `compare`, `plot` or `report`.

use super::names::{Names, Param, Wording, neutral_display};
use std::fmt;

/// A file or record that cannot be used as a result record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// JSON without a `schema` key: not a pkbench result record.
    NoSchema {
        /// Where it was read from (its path, or a name of the caller's).
        origin: String,
    },
    /// A record whose stored figures contradict each other (a summary that disagrees with
    /// the operations it summarises): pkbench writes none such.
    Contradiction {
        /// Where it was read from (its path, or a name of the caller's).
        origin: String,
        /// The first contradiction found, in words.
        what: String,
    },
    /// A record with nothing to plot: no Offer/Reply rows with sizes, no Total rows with
    /// security estimates.
    NothingToPlot {
        /// The command that made the record.
        command: String,
    },
}

impl Wording for RecordError {
    fn word(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NoSchema { origin } => write!(
                f,
                "{origin}: no \"schema\" key: not a pkbench result record (save one with {})",
                n.given(Param::Output, "FILE")
            ),
            RecordError::Contradiction { origin, what } => write!(
                f,
                "{origin}: the record's stored figures contradict each other: {what} (pkbench \
                 writes none such: the file was edited or damaged; measure again)"
            ),
            RecordError::NothingToPlot { command } => write!(
                f,
                "the {command} record has no Offer/Reply rows with sizes and no Total rows with \
                 security estimates to plot; make one with {}",
                n.name(Param::ScaleRecord)
            ),
        }
    }
}

neutral_display!(RecordError);

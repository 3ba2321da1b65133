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

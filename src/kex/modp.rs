//! Placeholder: the modp groups are being built (see the issues).

use crate::error::{Error, Result};
use crate::kex::{GroupOptions, KeyExchange};
use crate::params::GroupFile;

/// Opens a modp group described by `file`.
///
/// # Errors
/// Always, until this family is built.
pub fn open(file: &GroupFile, _opts: &GroupOptions) -> Result<Box<dyn KeyExchange>> {
    Err(Error::runtime(format!(
        "{}: the modp family is not built yet",
        file.name
    )))
}

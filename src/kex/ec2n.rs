//! Placeholder: the ec2n groups are being built (see the issues).

use crate::error::{Error, Result};
use crate::kex::{GroupOptions, KeyExchange};
use crate::params::GroupFile;

/// Opens a ec2n group described by `file`.
///
/// # Errors
/// Always, until this family is built.
pub fn open(file: &GroupFile, _opts: &GroupOptions) -> Result<Box<dyn KeyExchange>> {
    Err(Error::runtime(format!(
        "{}: the ec2n family is not built yet",
        file.name
    )))
}

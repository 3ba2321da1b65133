//! stub
use super::{Discovery, Found, Unavailable};
/// The implementation name.
pub const NAME: &str = "openssl";
/// The file loaded.
pub const SONAME: &str = "x";
/// The loaded library.
pub struct Lib {
    found: Found,
}
impl Lib {
    /// found
    pub fn found(&self) -> &Found {
        &self.found
    }
}
/// load
pub fn load(_d: Discovery) -> Result<&'static Lib, Unavailable> {
    Err(Unavailable::Off)
}

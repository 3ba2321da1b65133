//! Symmetric ciphers: block ciphers by mode of operation and ARCFOUR, timed as libgcrypt's
//! `bench-slope` does (per-byte cost as the slope of time against buffer size).
//!
//! - [`registry`]: the algorithms (`--algo` names, key sizes, libgcrypt names) and their
//!   RustCrypto implementations;
//! - [`modes`]: ECB, CBC, CFB, OFB, CTR (NIST SP 800-38A) and the stream cipher behind one
//!   [`modes::Engine`] interface;
//! - [`kat`]: known answers for every cipher and a reference implementation of the modes;
//! - [`slope`]: the least-squares slope over buffer sizes;
//! - [`bench`]: one checked, timed row (cipher × mode × direction) and sets of rows.

pub mod bench;
pub mod kat;
pub mod modes;
pub mod registry;
pub mod slope;

pub use modes::{Direction, Engine, Mode};
pub use registry::{Algo, CipherSpec};

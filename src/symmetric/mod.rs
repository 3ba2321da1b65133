//! Symmetric ciphers: block ciphers by mode of operation and ARCFOUR, timed as libgcrypt's
//! `bench-slope` does (per-byte cost as the slope of time against buffer size:
//! [`crate::bench::cipher`]) and as bulk throughput (`pkbench des`: [`crate::bench::bulk`]).
//!
//! - [`registry`]: one entry per cipher (`--algo` names, key sizes, libgcrypt names,
//!   constructor, known answers, implementation), the entries themselves in [`ciphers`];
//! - [`modes`]: ECB, CBC, CFB, OFB, CTR (NIST SP 800-38A) and the stream cipher behind one
//!   [`modes::Engine`] interface;
//! - [`kat`]: the known-answer check and a reference implementation of the modes;
//! - [`table2013`]: the ciphers of libgcrypt's 2013 table that the others lack (SEED, which
//!   only libgcrypt computes here, and Salsa20).

pub mod ciphers;
pub mod kat;
pub mod modes;
pub mod registry;
pub mod table2013;

pub use modes::{Direction, Engine, Mode};
pub use registry::{Cipher, CipherSpec};

//! pkbench: a timing suite for public-key and key-exchange cryptography.
//!
//! It measures what protocol designers compare: milliseconds per Diffie-Hellman exchange
//! ("Total = 2*Offer + Reply"), bytes per second of raw RSA, microseconds per DES key setup,
//! hash and cipher throughput, and reproduces the 1995 "Some timings" tables with this
//! machine beside them.
//!
//! One path for data: command line → group from the registry ([`params`]) → an operation
//! ([`kex::KeyExchange`]) → the harness ([`measure`]) → statistics → a record → renderers
//! ([`report`]).

pub mod arith;
pub mod bench;
pub mod cli;
pub mod des;
pub mod error;
pub mod hash;
pub mod implementation;
pub mod input;
pub mod kem;
pub mod kex;
pub mod measure;
pub mod params;
pub mod peers;
pub mod record;
pub mod reference;
pub mod report;
pub mod repro;
pub mod rsa;
pub mod security;
pub mod suite;
pub mod symmetric;

pub use error::{Error, Result};

#[cfg(test)]
mod testing;

//! One module per command. Each holds its clap arguments and a `run` function that returns
//! the text to print (or an [`crate::error::Error`]); `main.rs` only parses and dispatches.

pub mod cache;
pub mod choose;
pub mod cipher;
pub mod common;
pub mod compare;
pub mod compare_run;
pub mod des;
pub mod dh;
pub mod errors;
pub mod groups;
pub mod hash;
pub mod imp;
pub mod impls;
pub mod kem;
pub mod kex_io;
pub mod leak;
pub mod leak_kem_rsa;
pub mod manual;
pub mod noise;
pub mod options;
pub mod output;
pub mod page;
pub mod plot;
pub mod repro;
pub mod rsa;
pub mod scale;
pub mod suite;
pub mod threads;
pub mod timing;
pub mod usage;
pub mod values;

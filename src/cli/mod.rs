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
pub mod own;
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

/// Makes a write past the file-size limit (`ulimit -f`, RLIMIT_FSIZE) fail with EFBIG
/// instead of killing the process with SIGXFSZ, whose default action ends it before it can
/// print the run's results or remove its temporary file (POSIX `write(2)`: "If the file size
/// limit is exceeded ... SIGXFSZ ... and the write fails with EFBIG" when the signal is
/// ignored). `main` calls it once, first.
pub fn survive_file_size_limit() {
    // SAFETY: signal(2) from <signal.h>, setting the disposition of SIGXFSZ to SIG_IGN. No
    // handler code runs, and pkbench sets no other disposition of this signal.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

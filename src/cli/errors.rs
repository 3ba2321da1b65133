//! The binary's names for the parameters of errors, and the top-level rendering of an error.
//!
//! The library words every problem once ([`crate::error::Wording`]), naming the values the
//! user gave as [`Param`]s; [`flag`] is the one table that says how the command line spells
//! each (`--secret`, `--params`, `PKBENCH_TABLE_WINDOW=`), and [`render`] words an error
//! with it, on one line. Exit codes are [`Error::exit_code`]: 2 for bad input, 1 otherwise.

use crate::error::{Error, Names, Param, Warning, Wording};
use std::collections::HashSet;
use std::sync::Mutex;

/// The command line's names of the parameters: [`flag`].
pub const FLAGS: Names = Names(flag);

/// How the command line spells each parameter: its flag, its environment variable (ending in
/// `=`, the value follows), a command, or nothing (a positional argument, shown by its value
/// alone). A `{}` stands for the value (see [`Names`]).
pub fn flag(p: Param) -> &'static str {
    use Param::*;
    match p {
        Secret => "--secret",
        Peer => "--peer",
        SecretSize => "--exp-bits",
        Group => "--group",
        GroupFile => "--params",
        KeyFile => "--key",
        Record => "",
        Output => "--output",
        Force => "--force",
        Backend => "--backend",
        Build => "`cargo run --release --features {} -- ...`",
        Feature => "--features",
        Time => "--time",
        TableWindow => "PKBENCH_TABLE_WINDOW=",
        Gf2mCode => "PKBENCH_GF2M=",
        Threads => "--threads",
        Impl => "--impl",
        ReproTable => "repro",
        RsaBits => "--bits",
        Chunk => "--chunk",
        Powm => "--powm",
        Modulus => "--modulus",
        Exponent => "--exponent",
        Input => "--input",
        Hash => "--algo",
        KeyBits => "--key-bits",
        Mode => "--mode",
        Block => "--block",
        MinBytes => "--min-bytes",
        MaxBytes => "--max-bytes",
        Sizes => "--sizes",
        Points => "--points",
        Ek => "--ek",
        Dk => "--dk",
        Ct => "--ct",
        KemSeed => "--d/--z",
        KemD => "--d",
        KemZ => "--z",
        KemM => "--m",
        KemX25519 => "--x25519",
        ScaleRecord => "`pkbench scale --output FILE`",
    }
}

/// The message of any error, as the binary prints it after `pkbench: error: `: worded with
/// [`FLAGS`], on one line whatever a parser quoted from a file (see [`one_line`]).
pub fn render(e: &Error) -> String {
    one_line(&e.worded(FLAGS).to_string())
}

/// `s` with every control character escaped (a newline as `\n`, others as `\u{..}`), so
/// that a message quoting a file's content (a JSON key, a PEM label) stays on one line.
pub fn one_line(s: &str) -> String {
    if !s.chars().any(char::is_control) {
        return s.to_string();
    }
    s.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The binary's words for a warning (after `pkbench: warning: `).
pub fn render_warning(w: &Warning) -> String {
    one_line(&w.worded(FLAGS).to_string())
}

/// Prints each warning on stderr as `pkbench: warning: …`, each distinct one once per
/// process (a sweep opens a group many times).
pub fn print_warnings(warnings: &[Warning]) {
    static SEEN: Mutex<Option<HashSet<Warning>>> = Mutex::new(None);
    let mut seen = SEEN.lock().unwrap_or_else(|p| p.into_inner());
    let seen = seen.get_or_insert_with(HashSet::new);
    for w in warnings {
        if seen.insert(w.clone()) {
            eprintln!("pkbench: warning: {}", render_warning(w));
        }
    }
}

#[cfg(test)]
mod tests;

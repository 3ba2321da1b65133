//! Problems with the settings of a run: the bignum backend, the time budget, the table
//! window, the threads, which reproduced table.

use super::names::{Names, Param, Wording, neutral_display};
use std::fmt;

/// A setting of a run that is out of range or names nothing pkbench has.
#[derive(Debug, Clone, PartialEq)]
pub enum SettingError {
    /// A bignum backend name pkbench does not know.
    UnknownBackend {
        /// The name, lower-cased.
        name: String,
    },
    /// A bignum backend that exists but is not built into this binary.
    BackendNotBuilt {
        /// Its name, e.g. `gmp`.
        name: String,
        /// The cargo feature that builds it, e.g. `gmp`.
        feature: String,
    },
    /// A time budget per operation outside (0, max] seconds or not finite.
    TimeBudget {
        /// The value given, in seconds.
        seconds: f64,
        /// The largest accepted, in seconds.
        max: f64,
    },
    /// A fixed-base table window that is not a number of bits in the accepted range.
    TableWindow {
        /// The value as given.
        given: String,
        /// Smallest accepted window, bits.
        min: u32,
        /// Largest accepted window, bits.
        max: u32,
    },
    /// A thread count that is not `all` or a whole number from 1 to `max`.
    Threads {
        /// The value as given.
        value: String,
        /// Most threads accepted.
        max: usize,
    },
    /// A job that is not timed in threads (it has no whole unit of work to repeat, or a
    /// peer library computes it).
    ThreadsUnsupported {
        /// The job, e.g. "MD5 over 10000-byte blocks (openssl)".
        what: String,
    },
    /// An implementation name (`--impl`) that is none pkbench knows.
    UnknownImpl {
        /// The name, as given.
        name: String,
        /// The names it knows, each with the few words that limit it, if any.
        known: Vec<String>,
        /// The known names closest to `name`, nearest first ([`super::suggest::closest`]).
        suggest: Vec<String>,
    },
    /// A reproduced table pkbench does not know.
    UnknownReproTable {
        /// The name, as given.
        name: String,
        /// The tables it knows.
        known: Vec<String>,
    },
}

/// A time budget as shown in its message: huge or tiny values in scientific notation
/// (1e300, not 301 digits).
fn seconds_shown(seconds: f64) -> String {
    if seconds != 0.0 && !(1e-6..1e9).contains(&seconds.abs()) {
        format!("{seconds:e}")
    } else {
        format!("{seconds}")
    }
}

impl Wording for SettingError {
    fn word(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SettingError::*;
        match self {
            UnknownBackend { name } => write!(
                f,
                "{}: unknown backend; use gmp or num-bigint",
                n.given(Param::Backend, format!("{name:?}"))
            ),
            BackendNotBuilt { name, feature } => write!(
                f,
                "{}: this pkbench was built without {}; rebuild with {}{}",
                n.given(Param::Backend, name),
                if name == "gmp" { "GMP" } else { "it" },
                n.given(Param::Build, feature),
                if name == "gmp" {
                    " (needs m4: apt-get install m4)"
                } else {
                    ""
                }
            ),
            TimeBudget { seconds, max } => write!(
                f,
                "{}: give a number of seconds above 0 and at most {max}, e.g. {}",
                n.given(Param::Time, seconds_shown(*seconds)),
                n.given(Param::Time, 0.5)
            ),
            TableWindow { given, min, max } => write!(
                f,
                "{}: use {min} to {max} (bits)",
                n.given(Param::TableWindow, given)
            ),
            Threads { value, max } => write!(
                f,
                "{}: give all (every CPU this process may use) or a count from 1 to {max}",
                n.given(Param::Threads, value)
            ),
            ThreadsUnsupported { what } => write!(
                f,
                "{}: {what} is not timed in threads (pkbench's own dh, rsa, hash and cipher are; \
                 leave out {})",
                n.name(Param::Threads),
                n.name(Param::Impl)
            ),
            UnknownImpl {
                name,
                known,
                suggest,
            } => {
                write!(
                    f,
                    "{}: unknown implementation",
                    n.given(Param::Impl, format!("{name:?}"))
                )?;
                if !suggest.is_empty() {
                    write!(f, "; {}", super::suggest::did_you_mean(suggest))?;
                }
                write!(
                    f,
                    " (use {}, a comma-separated list of them, or all)",
                    known.join(", ")
                )
            }
            UnknownReproTable { name, known } => write!(
                f,
                "{}: no such table; known: {}",
                n.given(Param::ReproTable, format!("{name:?}")),
                known.join(", ")
            ),
        }
    }
}

neutral_display!(SettingError);

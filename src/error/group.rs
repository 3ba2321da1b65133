//! Problems with a group: a name the registry does not know, or a group description (a
//! built-in `params/*.toml` or a user's group file) whose keys or numbers are wrong.

use super::names::{Names, Param, Wording, neutral_display};
use std::fmt;
use std::path::PathBuf;

/// Where a group description comes from, for problems with its numbers: a user's file is
/// named as the group file it was given as, a built-in group by its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A group known by this name (a built-in group, or a file's `name` where the file
    /// itself is not what a message is about).
    Named(String),
    /// A user's group file, read from this path.
    File(PathBuf),
}

impl Origin {
    /// The origin in a message: the name, or the group file ([`Param::GroupFile`]) with its
    /// path.
    pub fn worded(&self, n: Names) -> String {
        match self {
            Origin::Named(name) => name.clone(),
            Origin::File(p) => n.given(Param::GroupFile, p.display()),
        }
    }
}

impl fmt::Display for Origin {
    /// The library's wording: the name, or "group file PATH".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.worded(Names::NEUTRAL))
    }
}

/// What is wrong with a key of a group description.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyProblem {
    /// The key is not there.
    Missing,
    /// The key's value is not a string.
    NotString,
    /// The key's value is not a non-negative integer.
    NotNonNegativeInteger,
}

/// A problem with a group's name or description.
#[derive(Debug, Clone, PartialEq)]
pub enum GroupError {
    /// No built-in group has this name or alias.
    Unknown {
        /// The name asked for, as given.
        name: String,
        /// The canonical names of the built-in groups, in registry order.
        known: Vec<String>,
        /// The known names closest to `name`, nearest first ([`super::suggest::closest`]);
        /// the message names them instead of every group when there are any.
        suggest: Vec<String>,
    },
    /// A group file is not valid TOML (or not a table of the expected keys).
    NotToml {
        /// The file.
        path: PathBuf,
        /// The TOML parser's message, on one line.
        reason: String,
    },
    /// A group file takes the name (or alias) of a built-in group but describes another
    /// group: records would match it with the built-in one in `compare`.
    NameTaken {
        /// The file.
        path: PathBuf,
        /// The name it gives (or takes from its file name).
        name: String,
    },
    /// A group file writes an integer key with more than 64 bits (TOML's limit).
    IntegerTooLarge {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// The key.
        key: String,
    },
    /// A group description has neither `family` nor `p`.
    UnknownFamily {
        /// The description.
        origin: Origin,
    },
    /// A key of a group description is missing or of the wrong type.
    Key {
        /// The description.
        origin: Origin,
        /// The key.
        key: String,
        /// What is wrong with it.
        problem: KeyProblem,
    },
    /// The numbers of a group description fail a check ("invalid group").
    Check {
        /// The description.
        origin: Origin,
        /// What is wrong, in the family's words (naming keys of the file).
        what: String,
        /// The check that failed, e.g. "q divides p-1".
        check: String,
    },
    /// Another problem with a group description, in the family's words (naming keys of the
    /// file, never a parameter): an unknown key, a field or curve pkbench has no code for, ….
    Other {
        /// The description.
        origin: Origin,
        /// The problem, one line.
        problem: String,
    },
}

impl Wording for GroupError {
    fn word(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = |path: &PathBuf| n.given(Param::GroupFile, path.display());
        match self {
            GroupError::Unknown {
                name,
                known,
                suggest,
            } => {
                if suggest.is_empty() {
                    write!(
                        f,
                        "unknown field or group {name:?}; known: {} (see `pkbench groups`)",
                        known.join(", ")
                    )
                } else {
                    write!(
                        f,
                        "unknown field or group {name:?}; {} (`pkbench groups` lists them all)",
                        super::suggest::did_you_mean(suggest)
                    )
                }
            }
            GroupError::NotToml { path, reason } => {
                write!(f, "{}: not a valid group file: {reason}", file(path))
            }
            GroupError::NameTaken { path, name } => write!(
                f,
                "{}: {name:?} is the name of a built-in group, but the file describes another \
                 group; give it a name of its own (`name = \"...\"`, or rename the file)",
                file(path)
            ),
            GroupError::IntegerTooLarge { path, line, key } => write!(
                f,
                "{}: line {line}: `{key}` is an integer too large for TOML (64 bits at most); \
                 write it as a hex string in quotes, e.g. {key} = \"FFFFFFFF FFFFFFFF C90FDAA2 \
                 ...\" (as in the built-in params/modp-*.toml)",
                file(path)
            ),
            GroupError::UnknownFamily { origin } => write!(
                f,
                "{}: no `family` key and no `p`: cannot tell what kind of group this is",
                origin.worded(n)
            ),
            GroupError::Key {
                origin,
                key,
                problem,
            } => {
                let o = origin.worded(n);
                match problem {
                    KeyProblem::Missing => write!(f, "{o}: missing key `{key}`"),
                    KeyProblem::NotString => write!(f, "{o}: key `{key}` must be a string"),
                    KeyProblem::NotNonNegativeInteger => {
                        write!(f, "{o}: key `{key}` must be a non-negative integer")
                    }
                }
            }
            GroupError::Check {
                origin,
                what,
                check,
            } => write!(
                f,
                "{}: invalid group: {what} (check: {check})",
                origin.worded(n)
            ),
            GroupError::Other { origin, problem } => write!(f, "{}: {problem}", origin.worded(n)),
        }
    }
}

neutral_display!(GroupError);

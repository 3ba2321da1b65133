//! Problems with the files a user names: a file to read (a result record, a group file, a
//! key file; read by `crate::input`) and a file to write (a run's output).

use super::names::{Names, Param, Wording, neutral_display};
use std::fmt;
use std::path::PathBuf;

/// One mebibyte, 2^20 bytes.
const MIB: u64 = 1 << 20;

/// What a file argument is, which sets its cap (`crate::input`) and how messages name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileRole {
    /// A saved result record (JSON), read by `compare` and `plot`.
    Record,
    /// A group description (TOML).
    GroupFile,
    /// An RSA private key (PEM).
    KeyFile,
}

impl FileRole {
    /// What the file is, in a message: "result record", "group file", "key file".
    pub fn noun(self) -> &'static str {
        match self {
            FileRole::Record => "result record",
            FileRole::GroupFile => "group file",
            FileRole::KeyFile => "key file",
        }
    }

    /// The parameter that gives a file of this role.
    pub fn param(self) -> Param {
        match self {
            FileRole::Record => Param::Record,
            FileRole::GroupFile => Param::GroupFile,
            FileRole::KeyFile => Param::KeyFile,
        }
    }
}

/// Why a file argument was not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileProblem {
    /// It could not be opened or read: the system's message (missing, no permission, …).
    Io(String),
    /// It is not a regular file: `kind` says what it is ("a directory", "a FIFO", …).
    NotRegular {
        /// What it is, with its article.
        kind: &'static str,
    },
    /// It is larger than the cap.
    TooLarge {
        /// Its size, bytes.
        bytes: u64,
        /// The cap, bytes.
        max: u64,
    },
    /// It grew past the cap while being read.
    Grew {
        /// The cap, bytes.
        max: u64,
    },
}

/// Why a run's output cannot be written where it was asked to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutputProblem {
    /// The directory it would go in does not exist.
    NoDirectory {
        /// The directory.
        dir: PathBuf,
    },
    /// The path is a directory.
    IsDirectory,
    /// The file exists and replacing it was not allowed.
    Exists,
    /// The file exists and cannot be replaced (not writable, immutable, append-only).
    NotReplaceable {
        /// The system's message.
        reason: String,
    },
    /// The path exists and is not a regular file: never replaced.
    Special {
        /// What it is, with its article ("a symbolic link", "a FIFO", …).
        kind: &'static str,
    },
    /// The directory takes no new files.
    CannotCreate {
        /// The directory.
        dir: PathBuf,
        /// The system's message.
        reason: String,
    },
}

/// A problem with a file the user named.
#[derive(Debug, Clone, PartialEq)]
pub enum FileError {
    /// A file argument (a result record, a group file, a key file) that was not read: it
    /// cannot be opened, is not a regular file, or is larger than its role's cap.
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What it was to be.
        role: FileRole,
        /// Why it was not read.
        problem: FileProblem,
    },
    /// An output path that cannot be written (checked before a run, and when writing).
    Output {
        /// The path.
        path: PathBuf,
        /// What is wrong.
        problem: OutputProblem,
    },
}

/// What is wrong with a file argument, after the file's name: "cannot read: …", "not a
/// regular file (a FIFO) …", "… more than the 1 MiB a group file may have".
pub fn file_problem(role: FileRole, problem: &FileProblem) -> String {
    let noun = role.noun();
    match problem {
        FileProblem::Io(reason) if role == FileRole::KeyFile => {
            format!("cannot read the key file: {reason}")
        }
        FileProblem::Io(reason) => format!("cannot read: {reason}"),
        FileProblem::NotRegular { kind } => {
            format!("not a regular file ({kind}); give a {noun} saved on disk")
        }
        FileProblem::TooLarge { bytes, max } => format!(
            "{bytes} bytes, more than the {} a {noun} may have",
            size_text(*max)
        ),
        FileProblem::Grew { max } => format!(
            "grew past {} while being read, more than a {noun} may have",
            size_text(*max)
        ),
    }
}

/// A size for a message: "1 MiB", "64 MiB", "1.5 MiB", "3000 bytes".
pub fn size_text(bytes: u64) -> String {
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= MIB {
        format!("{:.1} MiB", bytes as f64 / MIB as f64)
    } else {
        format!("{bytes} bytes")
    }
}

impl Wording for FileError {
    fn word(&self, n: Names, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Unreadable {
                path,
                role,
                problem,
            } => write!(
                f,
                "{}: {}",
                n.given(role.param(), path.display()),
                file_problem(*role, problem)
            ),
            FileError::Output { path, problem } => {
                write!(f, "{}: ", n.given(Param::Output, path.display()))?;
                let force = n.name(Param::Force);
                match problem {
                    OutputProblem::NoDirectory { dir } => {
                        write!(f, "directory {} does not exist", dir.display())
                    }
                    OutputProblem::IsDirectory => f.write_str("is a directory; give a file name"),
                    OutputProblem::Exists => write!(
                        f,
                        "file exists; add {force} to replace it or choose another name"
                    ),
                    OutputProblem::NotReplaceable { reason } => write!(
                        f,
                        "exists and cannot be replaced ({reason}); check its permissions and \
                         attributes (lsattr, chattr -i) or choose another name"
                    ),
                    OutputProblem::Special { kind } => write!(
                        f,
                        "is {kind}, not a regular file; refused even with {force} (give a new \
                         file name)"
                    ),
                    OutputProblem::CannotCreate { dir, reason } => write!(
                        f,
                        "cannot create a file in {} ({reason}); give a path in a directory you \
                         can write to",
                        dir.display()
                    ),
                }
            }
        }
    }
}

neutral_display!(FileError);

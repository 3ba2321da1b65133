//! What the build script records about the git checkout (`PKBENCH_GIT_COMMIT`), and which
//! files it watches so that it reruns only when that can change. Shared by `build.rs` and
//! its test (`tests/build_git.rs`), so it has no dependencies and prints nothing.
//!
//! The commit is `git rev-parse --short=12 HEAD`, with `-dirty` when the files built into
//! pkbench ([`SOURCES`]) differ from it (changed, staged or new). Git is run with
//! `--no-optional-locks`: a plain `git status` refreshes the index on disk, and a build
//! script that watches the index would then see its own write and rerun at the next
//! `cargo` command, rebuilding pkbench for nothing.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The paths whose content is compiled into pkbench (sources, embedded parameter files and
/// vectors, the build script, the manifest and lock file): the dirty flag looks at these
/// only, and the build script reruns when one of them changes.
pub const SOURCES: &[&str] = &[
    "src",
    "params",
    "vectors",
    "build.rs",
    "build",
    "Cargo.toml",
    "Cargo.lock",
];

/// The build's view of the checkout at `dir`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GitInfo {
    /// `PKBENCH_GIT_COMMIT`: 12 hex digits, `-dirty` appended when [`SOURCES`] differ from
    /// that commit; `unknown` outside a git checkout (e.g. a crate tarball).
    pub commit: String,
    /// Existing files and directories to pass to `cargo:rerun-if-changed`: the checkout's
    /// `HEAD`, the branch it names (its loose ref, or `packed-refs` and the ref's directory),
    /// and [`SOURCES`]. Only existing paths: cargo reruns a script at every build for a
    /// missing one (e.g. `.git/HEAD` in a worktree, where `.git` is a file).
    pub watch: Vec<PathBuf>,
}

fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("--no-optional-locks")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Reads the commit and dirty flag of the checkout at `dir` (the package root) and lists
/// the paths to watch. Never fails: without git or a checkout the commit is `unknown`.
pub fn describe(dir: &Path) -> GitInfo {
    let mut watch: Vec<PathBuf> = SOURCES
        .iter()
        .map(|s| dir.join(s))
        .filter(|p| p.exists())
        .collect();
    let Some(commit) = git(dir, &["rev-parse", "--short=12", "HEAD"]) else {
        return GitInfo {
            commit: "unknown".into(),
            watch,
        };
    };
    let mut status = vec!["status", "--porcelain", "--untracked-files=normal", "--"];
    status.extend(SOURCES);
    let dirty = git(dir, &status).is_none_or(|s| !s.is_empty());
    // `--git-path` resolves worktrees: HEAD is per worktree, refs are shared.
    let git_path = |p: &str| {
        git(dir, &["rev-parse", "--git-path", p]).map(|s| {
            let p = PathBuf::from(s);
            if p.is_relative() { dir.join(p) } else { p }
        })
    };
    watch.extend(git_path("HEAD"));
    if let Some(branch) = git(dir, &["symbolic-ref", "-q", "HEAD"])
        && let Some(loose) = git_path(&branch)
    {
        if loose.exists() {
            watch.push(loose);
        } else {
            // A packed ref: a commit writes a new loose one in this directory.
            watch.extend(loose.parent().map(Path::to_path_buf));
        }
    }
    watch.extend(git_path("packed-refs"));
    watch.retain(|p| p.exists());
    GitInfo {
        commit: if dirty {
            format!("{commit}-dirty")
        } else {
            commit
        },
        watch,
    }
}

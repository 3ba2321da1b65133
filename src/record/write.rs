//! Writing a record without ever leaving a half-written file: the bytes go to a temporary
//! file in the destination's directory (same file system), are flushed to disk, and the
//! temporary file is then renamed onto the destination (rename(2) is atomic on POSIX file
//! systems). Without `force`, an existing destination is never replaced: the temporary file
//! is hard-linked to the destination (link(2) fails if it exists), then removed.

use crate::error::{Error, FileError, OutputProblem, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Checks before a run that `path` can be written: its directory exists and takes new
/// files, and, unless `force`, the file does not exist yet. Call it before timing so that a
/// bad output path fails in a second, not after the run. Whether the directory takes new
/// files is tried by creating and removing an empty temporary file in it (permissions,
/// read-only file systems and /proc alike).
///
/// # Errors
/// [`FileError::Output`] when the directory is missing or not writable, the file exists
/// without `force`, or, with `force`, the file exists and cannot be replaced (not
/// writable, immutable, append-only).
pub fn check_destination(path: &Path, force: bool) -> Result<()> {
    let dir = parent_dir(path);
    if !dir.is_dir() {
        return Err(refused(path, OutputProblem::NoDirectory { dir }));
    }
    if path.is_dir() && !is_symlink(path) {
        return Err(refused(path, OutputProblem::IsDirectory));
    }
    check_not_special(path)?;
    if !force && path.exists() {
        return Err(refused(path, OutputProblem::Exists));
    }
    probe(path).map_err(|e| cannot_create(path, &dir, &e))?;
    if force {
        check_replaceable(path)?;
    }
    Ok(())
}

/// The typed problem of an output path.
fn refused(path: &Path, problem: OutputProblem) -> Error {
    FileError::Output {
        path: path.to_path_buf(),
        problem,
    }
    .into()
}

/// Checks that an existing regular file `path` can be replaced: it is opened for writing
/// (no truncation, no creation, nothing written), which fails for a file that is not
/// writable, immutable or append-only (`chattr +i` / `+a`, which stop the final rename even
/// for root) or on a read-only file system. A missing file passes.
///
/// # Errors
/// [`OutputProblem::NotReplaceable`] with the system's reason.
fn check_replaceable(path: &Path) -> Result<()> {
    if !std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file()) {
        return Ok(());
    }
    match std::fs::OpenOptions::new().write(true).open(path) {
        Ok(_) => Ok(()),
        Err(e) => Err(refused(
            path,
            OutputProblem::NotReplaceable {
                reason: e.to_string(),
            },
        )),
    }
}

fn is_symlink(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// What a non-regular file is, for the error message ("a symbolic link", "a FIFO" …).
fn kind_of(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device file";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_symlink() {
        "a symbolic link"
    } else {
        "not a regular file"
    }
}

/// Refuses a destination that exists and is not a regular file (a symbolic link — even
/// one to a regular file —, a FIFO, a device, a socket): with or without `force`, only a
/// regular file is ever replaced. Looks at the path itself (`symlink_metadata`, no
/// following of links). A real directory is left to the callers' own checks.
///
/// # Errors
/// [`OutputProblem::Special`] saying what it is.
fn check_not_special(path: &Path) -> Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if !m.file_type().is_file() && !m.file_type().is_dir() => Err(refused(
            path,
            OutputProblem::Special {
                kind: kind_of(m.file_type()),
            },
        )),
        _ => Ok(()),
    }
}

/// Checks that the existing directory `dir` takes new files (see [`check_destination`]).
///
/// # Errors
/// [`OutputProblem::CannotCreate`] when it does not.
pub fn check_writable_dir(dir: &Path) -> Result<()> {
    probe(&dir.join("record")).map_err(|e| cannot_create(dir, dir, &e))
}

/// Creates and removes an empty temporary file next to `path`.
fn probe(path: &Path) -> std::io::Result<()> {
    let p = temp_name(path, "probe");
    let f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&p)?;
    drop(f);
    let _ = std::fs::remove_file(&p);
    Ok(())
}

/// The error for a directory that does not take new files: bad input, with what to do.
fn cannot_create(path: &Path, dir: &Path, e: &std::io::Error) -> Error {
    refused(
        path,
        OutputProblem::CannotCreate {
            dir: dir.to_path_buf(),
            reason: e.to_string(),
        },
    )
}

/// A hidden temporary name next to `path`: `.<name>.<pid>.<nanos>.<what>`.
fn temp_name(path: &Path, what: &str) -> PathBuf {
    let base = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "record".into());
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    parent_dir(path).join(format!(".{base}.{}.{nanos}.{what}", std::process::id()))
}

fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Writes `bytes` to `path` atomically (see the module documentation).
///
/// # Errors
/// [`FileError::Output`] when `path` exists and `force` is false, is a directory, or its
/// directory is missing or does not take new files; [`Error::Runtime`] for any other I/O
/// failure (disk full, a failed rename). On every error no temporary file is left behind and
/// `path` is unchanged.
pub fn write_atomic(path: &Path, bytes: &[u8], force: bool) -> Result<()> {
    check_destination(path, force)?;
    place(path, bytes, force)
}

/// The write itself, without the up-front checks (which a concurrent process could make
/// stale): temporary file, flush, then link or rename into place; cleans up on failure.
fn place(path: &Path, bytes: &[u8], force: bool) -> Result<()> {
    let tmp = temp_name(path, "tmp");
    let io_err =
        |what: &str, e: std::io::Error| Error::runtime(format!("{}: {what}: {e}", path.display()));
    let result = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(|e| cannot_create(path, &parent_dir(path), &e))?;
        f.write_all(bytes)
            .and_then(|_| f.sync_all())
            .map_err(|e| io_err("write failed", e))?;
        drop(f);
        if force {
            // Re-checked right before the rename, which would replace anything.
            check_not_special(path)?;
            std::fs::rename(&tmp, path).map_err(|e| io_err("rename failed", e))
        } else {
            match std::fs::hard_link(&tmp, path) {
                Ok(()) => {
                    let _ = std::fs::remove_file(&tmp);
                    Ok(())
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    Err(refused(path, OutputProblem::Exists))
                }
                // File systems without hard links: check, then rename (a small race).
                Err(_) if !path.exists() => {
                    std::fs::rename(&tmp, path).map_err(|e| io_err("rename failed", e))
                }
                Err(e) => Err(io_err("cannot link into place", e)),
            }
        }
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Invalid;

    fn scratch(name: &str) -> crate::testing::Scratch {
        crate::testing::scratch(&format!("write-{name}"))
    }

    fn entries(d: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn writes_and_refuses_to_overwrite() {
        let d = scratch("over");
        let p = d.join("r.json");
        write_atomic(&p, b"one", false).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"one");
        let e = write_atomic(&p, b"two", false).unwrap_err();
        assert_eq!(e.exit_code(), 2, "{e}");
        assert_eq!(
            e.invalid(),
            Some(&Invalid::File(FileError::Output {
                path: p.clone(),
                problem: OutputProblem::Exists
            }))
        );
        assert!(e.message().contains("add the force option"), "{e}");
        assert_eq!(std::fs::read(&p).unwrap(), b"one");
        write_atomic(&p, b"three", true).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"three");
        assert_eq!(entries(&d), vec!["r.json"], "no temporary file left");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn failed_rename_onto_directory_leaves_nothing() {
        let d = scratch("dir");
        let p = d.join("sub");
        std::fs::create_dir(&p).unwrap();
        // Refused up front...
        assert_eq!(write_atomic(&p, b"x", true).unwrap_err().exit_code(), 2);
        assert_eq!(entries(&d), vec!["sub"]);
        assert!(entries(&p).is_empty());
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn missing_directory_is_input_error() {
        let d = scratch("missing");
        let e = write_atomic(&d.join("no/such/dir/r.json"), b"x", false).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message().contains("does not exist"), "{e}");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn failure_after_the_temporary_file_leaves_nothing() {
        // The destination became a (non-empty) directory after the checks: rename fails.
        let d = scratch("late");
        let p = d.join("r.json");
        std::fs::create_dir(&p).unwrap();
        std::fs::write(p.join("keep"), b"k").unwrap();
        let e = place(&p, b"data", true).unwrap_err();
        assert_eq!(e.exit_code(), 1, "{e}");
        assert!(e.message().contains("rename failed"), "{e}");
        let e = place(&p, b"data", false).unwrap_err();
        assert_eq!(e.exit_code(), 2, "{e}");
        assert_eq!(entries(&d), vec!["r.json"], "temporary file removed");
        assert_eq!(entries(&p), vec!["keep"]);
        std::fs::remove_dir_all(&d).unwrap();
    }

    /// With `force`, a file that cannot be replaced is refused by the check (exit 2), not by
    /// the rename after the run. Root writes to 0444 files, so that case is only asserted
    /// for other users; `chattr +i` stops root too (skipped where chattr is unavailable).
    #[cfg(unix)]
    #[test]
    fn force_checks_that_the_file_can_be_replaced() {
        use std::os::unix::fs::PermissionsExt;
        let d = scratch("ro-file");
        let p = d.join("r.json");
        std::fs::write(&p, b"keep").unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o444)).unwrap();
        let root = std::fs::OpenOptions::new().write(true).open(&p).is_ok();
        let r = check_destination(&p, true);
        if root {
            r.unwrap();
        } else {
            let e = r.unwrap_err();
            assert_eq!(e.exit_code(), 2, "{e}");
            assert!(e.message().contains("cannot be replaced"), "{e}");
        }
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o644)).unwrap();
        if chattr("+i", &p) {
            let r = check_destination(&p, true);
            let r2 = write_atomic(&p, b"new", true);
            chattr("-i", &p);
            let (e, e2) = (r.unwrap_err(), r2.unwrap_err());
            assert_eq!(e.exit_code(), 2, "{e}");
            assert!(
                e.message().starts_with(&format!(
                    "output file {}: exists and cannot be replaced (",
                    p.display()
                )),
                "{e}"
            );
            assert_eq!(e2.exit_code(), 2, "{e2}");
            assert_eq!(std::fs::read(&p).unwrap(), b"keep");
            assert_eq!(entries(&d), vec!["r.json"], "no temporary file left");
        } else {
            crate::testing::skip("chattr +i unavailable here: immutable case not tested");
        }
        // A missing file and a writable one pass.
        check_destination(&d.join("new.json"), true).unwrap();
        check_destination(&p, true).unwrap();
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn proc_is_refused_up_front_naming_the_output() {
        let e = check_destination(Path::new("/proc/x.svg"), true).unwrap_err();
        assert_eq!(e.exit_code(), 2, "{e}");
        assert!(
            e.message()
                .starts_with("output file /proc/x.svg: cannot create a file in /proc")
        );
    }

    /// Runs `chattr FLAG path` (`+i`: immutable, refused even to root); whether it worked.
    fn chattr(flag: &str, path: &Path) -> bool {
        std::process::Command::new("chattr")
            .arg(flag)
            .arg(path)
            .status()
            .is_ok_and(|s| s.success())
    }

    /// A directory that refuses new files: bad input, nothing left in it. Root ignores
    /// directory permissions (CI runs as root), so as root the directory is also made
    /// immutable (`chattr +i` refuses root too); without chattr that is a skip (a tool
    /// missing), a failure under strict.
    #[cfg(unix)]
    #[test]
    fn unwritable_directory_leaves_no_partial_file() {
        use std::os::unix::fs::PermissionsExt;
        let d = scratch("ro");
        let ro = d.join("ro");
        std::fs::create_dir(&ro).unwrap();
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
        let probe = ro.join("probe");
        let root = std::fs::write(&probe, b"").is_ok();
        if root {
            std::fs::remove_file(&probe).unwrap();
            if !chattr("+i", &ro) {
                crate::testing::skip("running as root without chattr +i: nothing refuses root");
                return;
            }
        }
        let p = ro.join("r.json");
        let r = write_atomic(&p, b"data", false);
        // The temporary file cannot be made (after the checks): bad input too.
        let placed = place(&p, b"data", true);
        let left = entries(&ro);
        if root {
            assert!(chattr("-i", &ro), "chattr -i {}", ro.display());
        }
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
        let e = r.unwrap_err();
        assert_eq!(e.exit_code(), 2, "bad input: {e}");
        assert!(e.message().contains("directory you can write to"), "{e}");
        let e = placed.unwrap_err();
        assert_eq!(e.exit_code(), 2, "{e}");
        assert!(e.message().starts_with("output file "), "{e}");
        assert!(left.is_empty(), "left: {left:?}");
    }
}

//! Reading a user's file with bounds: every file argument (result records for `compare` and
//! `plot`, group files for `--params`, RSA keys for `--key`) goes through [`read`], which
//!
//! 1. opens the path without waiting (`O_NONBLOCK`: opening a FIFO that no one writes to
//!    returns at once instead of blocking),
//! 2. looks at what it opened (`fstat` on the open handle, so the file cannot be swapped in
//!    between) and refuses anything but a regular file: a directory, a FIFO, a character or
//!    block device (`/dev/zero`, `/dev/stdin` on a terminal), a socket,
//! 3. refuses a file larger than the cap of its [`FileRole`] before reading a byte of it,
//! 4. reads through a bounded reader (at most cap + 1 bytes), so a file that grows while it
//!    is read cannot exceed the cap either.
//!
//! Each refusal is a typed problem ([`FileError::Unreadable`], exit code 2) that names the
//! file as the parameter it was given as ([`FileRole::param`]: the group file, the key
//! file, the record's path).
//!
//! The caps are far above any file pkbench writes or reads in practice (a `suite` record is
//! about 1 MB, a group file about 3 KB, an 8192-bit PKCS#8 key about 6.5 KB) and far below
//! what would make parsing slow or memory-hungry.

use crate::error::{FileError, Result};
pub use crate::error::{FileProblem, FileRole, size_text};
use std::io::Read;
use std::path::Path;

/// One mebibyte, 2^20 bytes.
pub const MIB: u64 = 1 << 20;

/// The largest result record read (`compare`, `plot`): 64 MiB.
pub const RECORD_MAX_BYTES: u64 = 64 * MIB;

/// The largest group file read (`--params`): 1 MiB.
pub const GROUP_FILE_MAX_BYTES: u64 = MIB;

/// The largest key file read (`rsa --key`): 1 MiB.
pub const KEY_FILE_MAX_BYTES: u64 = MIB;

/// The largest file of `role` that is read, bytes.
pub fn max_bytes(role: FileRole) -> u64 {
    match role {
        FileRole::Record => RECORD_MAX_BYTES,
        FileRole::GroupFile => GROUP_FILE_MAX_BYTES,
        FileRole::KeyFile => KEY_FILE_MAX_BYTES,
    }
}

/// Reads the file at `path` as a file of `role`: a regular file of at most
/// [`max_bytes`] bytes (see the module documentation).
///
/// # Errors
/// [`FileError::Unreadable`] naming `path`, `role` and the [`FileProblem`].
pub fn read(path: &Path, role: FileRole) -> Result<Vec<u8>> {
    read_capped(path, max_bytes(role)).map_err(|problem| {
        FileError::Unreadable {
            path: path.to_path_buf(),
            role,
            problem,
        }
        .into()
    })
}

/// [`read`] with an explicit cap, the problem untyped by role.
///
/// # Errors
/// The [`FileProblem`] that stopped the read.
pub fn read_capped(path: &Path, max: u64) -> std::result::Result<Vec<u8>, FileProblem> {
    let io = |e: std::io::Error| FileProblem::Io(e.to_string());
    let mut file = open_nonblocking(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.file_type().is_file() {
        return Err(FileProblem::NotRegular {
            kind: kind_of(&meta.file_type()),
        });
    }
    if meta.len() > max {
        return Err(FileProblem::TooLarge {
            bytes: meta.len(),
            max,
        });
    }
    // The size is a hint for the buffer only: the bounded reader decides.
    let mut buf = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    (&mut file)
        .take(max.saturating_add(1))
        .read_to_end(&mut buf)
        .map_err(io)?;
    if buf.len() as u64 > max {
        return Err(FileProblem::Grew { max });
    }
    Ok(buf)
}

/// Opens `path` for reading without blocking on a FIFO (Unix: `O_NONBLOCK`; it changes
/// nothing for the regular files that are then read).
fn open_nonblocking(path: &Path) -> std::io::Result<std::fs::File> {
    let mut opts = std::fs::OpenOptions::new();
    opts.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.custom_flags(libc::O_NONBLOCK);
    }
    opts.open(path)
}

/// What a file that is not a regular file is, with its article.
fn kind_of(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else if t.is_symlink() {
        "a symbolic link"
    } else {
        "not a regular file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::scratch;

    #[test]
    fn regular_files_read_up_to_the_cap() {
        let d = scratch("regular");
        let p = d.join("f");
        std::fs::write(&p, b"0123456789").unwrap();
        assert_eq!(read_capped(&p, 10).unwrap(), b"0123456789");
        assert_eq!(
            read_capped(&p, 9).unwrap_err(),
            FileProblem::TooLarge { bytes: 10, max: 9 }
        );
        assert_eq!(read(&p, FileRole::GroupFile).unwrap(), b"0123456789");
        let e = read(&d.join("missing"), FileRole::Record).unwrap_err();
        assert!(e.is_input(), "{e:?}");
        assert!(e.to_string().contains("os error 2"), "{e}");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn directories_and_devices_are_refused_unread() {
        let d = scratch("dir");
        assert_eq!(
            read_capped(&d, MIB).unwrap_err(),
            FileProblem::NotRegular {
                kind: "a directory"
            }
        );
        // Not timed: reading /dev/zero would not end, so coming back with the refusal says
        // it was refused before reading.
        match read_capped(Path::new("/dev/zero"), MIB) {
            Err(FileProblem::NotRegular { kind }) => assert_eq!(kind, "a character device"),
            Err(FileProblem::Io(_)) => crate::testing::skip("/dev/zero cannot be opened here"),
            other => panic!("{other:?}"),
        }
        let _ = std::fs::remove_dir_all(&d);
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_with_no_writer_does_not_block() {
        let d = scratch("fifo");
        let p = d.join("fifo");
        let c = std::ffi::CString::new(p.to_str().unwrap()).unwrap();
        // SAFETY: mkfifo reads the NUL-terminated path and nothing else.
        if unsafe { libc::mkfifo(c.as_ptr(), 0o600) } != 0 {
            crate::testing::skip("mkfifo failed here");
            return;
        }
        // Not timed: opening a FIFO without a writer blocks until one comes, so coming back
        // with the refusal says it was not opened for reading.
        assert_eq!(
            read_capped(&p, MIB).unwrap_err(),
            FileProblem::NotRegular { kind: "a FIFO" }
        );
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_file_that_grows_is_cut_at_the_cap() {
        // /proc files report size 0 and then yield more: the bounded reader stops them.
        let p = Path::new("/proc/self/maps");
        if !p.exists() {
            crate::testing::skip("no /proc/self/maps");
            return;
        }
        assert_eq!(read_capped(p, 8).unwrap_err(), FileProblem::Grew { max: 8 });
    }

    #[test]
    fn sizes_in_messages() {
        assert_eq!(size_text(MIB), "1 MiB");
        assert_eq!(size_text(64 * MIB), "64 MiB");
        assert_eq!(size_text(MIB + MIB / 2), "1.5 MiB");
        assert_eq!(size_text(3000), "3000 bytes");
    }
}

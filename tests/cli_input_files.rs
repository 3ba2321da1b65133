//! Every file argument through the `pkbench` binary (result records for `compare` and `plot`,
//! `--params` group files, `rsa --key` keys) refuses what is not a regular file (a character
//! device such as /dev/zero, a FIFO with no writer, a directory) and a file over its cap
//! (64 MiB for records, 1 MiB for group files and keys) before reading it: one line, exit 2.
//! Nothing is timed: a run that read /dev/zero or waited on a FIFO would not come back.

mod common;

use common::{data, manifest, pkbench_input_error, pkbench_ok};
use std::path::{Path, PathBuf};

const MIB: u64 = 1 << 20;

/// The commands that read a file, with `path` as that file.
fn readers(path: &Path, dir: &Path) -> Vec<Vec<String>> {
    let p = path.to_str().unwrap().to_string();
    let record = data("records/v1-scale.json").to_str().unwrap().to_string();
    let svg = dir.join("x.svg").to_str().unwrap().to_string();
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    vec![
        s(&["compare", &record, &p]),
        s(&["compare", &p, &record]),
        s(&["plot", &p, "--output", &svg]),
        s(&["dh", "--params", &p]),
        s(&["offer", "--params", &p, "--secret", "05"]),
        s(&["rsa", "--key", &p]),
    ]
}

/// Runs `args`, requires one error line containing `want`; the line. Not timed: a run that
/// read `/dev/zero` would not end, and opening a FIFO without a writer blocks until one
/// comes, so a run that comes back with the line has refused the file before reading it.
#[track_caller]
fn refused_unread(args: &[String], want: &str) -> String {
    let err = pkbench_input_error(args);
    assert!(err.contains(want), "{err} lacks {want:?}");
    err
}

#[test]
fn dev_zero_is_refused_unread() {
    let dir = common::scratch("input-zero");
    let zero = PathBuf::from("/dev/zero");
    if !zero.exists() {
        common::skip("no /dev/zero");
        return;
    }
    for args in readers(&zero, &dir) {
        let err = refused_unread(&args, "/dev/zero: not a regular file (a character device)");
        assert!(
            err.contains("give a result record")
                || err.contains("give a group file")
                || err.contains("give a key file"),
            "{err}"
        );
    }
    // The exact lines of the four commands.
    let a = data("records/v1-scale.json");
    let a = a.to_str().unwrap();
    assert_eq!(
        pkbench_input_error(&["compare", a, "/dev/zero"]),
        "pkbench: error: /dev/zero: not a regular file (a character device); give a result record saved on disk"
    );
    assert_eq!(
        pkbench_input_error(&["dh", "--params", "/dev/zero"]),
        "pkbench: error: --params /dev/zero: not a regular file (a character device); give a group file saved on disk"
    );
    assert_eq!(
        pkbench_input_error(&["rsa", "--key", "/dev/zero"]),
        "pkbench: error: --key /dev/zero: not a regular file (a character device); give a key file saved on disk"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_fifo_without_writer_is_refused_without_blocking() {
    let dir = common::scratch("input-fifo");
    let fifo = dir.join("fifo.json");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo reads the NUL-terminated path and nothing else.
    if unsafe { libc::mkfifo(c.as_ptr(), 0o600) } != 0 {
        common::skip("mkfifo failed here");
        return;
    }
    for args in readers(&fifo, &dir) {
        refused_unread(&args, "not a regular file (a FIFO)");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_is_refused() {
    let dir = common::scratch("input-dir");
    let sub = dir.join("results");
    std::fs::create_dir(&sub).unwrap();
    for args in readers(&sub, &dir) {
        refused_unread(&args, "not a regular file (a directory)");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A sparse file of `len` bytes (no disk blocks written).
fn sparse(path: &Path, len: u64) {
    let f = std::fs::File::create(path).unwrap();
    f.set_len(len).unwrap();
}

#[test]
fn files_over_the_cap_are_refused_before_reading() {
    let dir = common::scratch("input-cap");
    let svg = dir.join("x.svg");
    let svg = svg.to_str().unwrap();
    let big_record = dir.join("big.json");
    sparse(&big_record, 64 * MIB + 1);
    let r = big_record.to_str().unwrap();
    let a = data("records/v1-scale.json");
    let a = a.to_str().unwrap();
    let want = "67108865 bytes, more than the 64 MiB a result record may have";
    refused_unread(&["compare".into(), a.into(), r.into()], want);
    refused_unread(
        &["plot".into(), r.into(), "--output".into(), svg.into()],
        want,
    );
    let big_group = dir.join("big.toml");
    sparse(&big_group, MIB + 1);
    let g = big_group.to_str().unwrap().to_string();
    refused_unread(
        &["dh".into(), "--params".into(), g],
        "1048577 bytes, more than the 1 MiB a group file may have",
    );
    let big_key = dir.join("big.pem");
    sparse(&big_key, 5 * MIB);
    let k = big_key.to_str().unwrap().to_string();
    assert_eq!(
        refused_unread(&["rsa".into(), "--key".into(), k.clone()], "--key"),
        format!(
            "pkbench: error: --key {k}: 5242880 bytes, more than the 1 MiB a key file may have"
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_group_file_of_exactly_the_cap_is_read() {
    let dir = common::scratch("input-at-cap");
    let text = std::fs::read_to_string(manifest().join("params/modp-512.toml")).unwrap();
    let text = text.replace("name = \"modp-512\"", "name = \"mine\"");
    let mut padded = text.clone();
    padded.push('#');
    let room = MIB as usize - padded.len() - 1;
    padded.push_str(&"x".repeat(room));
    padded.push('\n');
    assert_eq!(padded.len() as u64, MIB);
    let path = dir.join("mine.toml");
    std::fs::write(&path, &padded).unwrap();
    let p = path.to_str().unwrap();
    let via_file = pkbench_ok(&["offer", "--params", p, "--secret", "05"]);
    let builtin = pkbench_ok(&["offer", "--field", "modp-512", "--secret", "05"]);
    assert_eq!(via_file, builtin);
    let _ = std::fs::remove_dir_all(&dir);
}

//! Limits before work, through the `pkbench` binary: group and key sizes are bounded (mod-p
//! p at most 8192 bits, RSA keys 256 to 8192 bits, as `--help` says), and every cheap check
//! (sizes, the `--exp-bits` range, hex values) runs before a group's numbers are tested for
//! primality or its table is built, so a wrong argument is refused within a second whatever
//! the group. The load of a group of the largest size is timed and printed (a `LIMITS` line
//! on stderr).

mod common;

use common::{manifest, pkbench_input_error, pkbench_ok};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// modp-8192's numbers with g = 4 (a quadratic residue, so of order q as well) under another
/// name: not the built-in group, so every check of a user's file runs on it.
fn group_8192(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(manifest().join("params/modp-8192.toml")).unwrap();
    let text = text
        .replace("name = \"modp-8192\"", "name = \"mine\"")
        .replace("\ng = 2\n", "\ng = \"4\"\n");
    assert!(text.contains("g = \"4\""), "modp-8192.toml writes g = 2");
    let path = dir.join("mine.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `args`, requires one error line containing `want` within a second; the line.
#[track_caller]
fn refused_fast(args: &[&str], want: &str) -> String {
    let t = Instant::now();
    let err = pkbench_input_error(args);
    let took = t.elapsed();
    assert!(
        took < Duration::from_secs(1),
        "pkbench {}: took {took:?}: {err}",
        args.join(" ")
    );
    assert!(err.contains(want), "{err} lacks {want:?}");
    err
}

#[test]
fn cheap_checks_come_before_the_groups_numbers_are_tested() {
    let dir = common::scratch("limits-order");
    let g = group_8192(&dir);
    let g = g.to_str().unwrap();
    assert_eq!(
        refused_fast(&["dh", "--params", g, "--exp-bits", "99999"], "--exp-bits"),
        "pkbench: error: --exp-bits 99999 is out of range for mine: use `full` or a number from 16 to 8191"
    );
    refused_fast(
        &["dh", "--params", g, "--exp-bits", "8"],
        "a number from 16 to 8191",
    );
    refused_fast(
        &["offer", "--params", g, "--secret", "zz"],
        "--secret: malformed hex",
    );
    refused_fast(
        &["reply", "--params", g, "--secret", "05", "--peer", "0x"],
        "--peer: empty hex string",
    );
    refused_fast(
        &["dh", "--params", g, "--no-clmul"],
        "--no-clmul applies only to",
    );
    refused_fast(
        &["dh", "--field", "x25519", "--exp-bits", "128"],
        "x25519 takes only full secrets",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sizes_over_the_bounds_are_refused_at_once() {
    let dir = common::scratch("limits-sizes");
    // An odd p of 8197 bits, and one of almost 1 MiB of hex digits.
    for (name, digits) in [("p8197", 2049usize), ("p-huge", 1_000_000)] {
        let path = dir.join(format!("{name}.toml"));
        std::fs::write(
            &path,
            format!("p = \"1{}1\"\ng = 2\n", "0".repeat(digits - 2)),
        )
        .unwrap();
        let err = refused_fast(
            &["dh", "--params", path.to_str().unwrap()],
            "p at most 8192 bits",
        );
        assert!(err.contains("more than pkbench takes"), "{err}");
    }
    // A key of a size pkbench does not take (the textbook 12-bit key).
    let b = |x: u32| num_bigint::BigUint::from(x);
    let k =
        pkbench::rsa::key::RsaKey::from_components(b(3233), b(17), b(2753), b(61), b(53)).unwrap();
    let path = dir.join("tiny.pem");
    std::fs::write(&path, pkbench::rsa::pem::to_pkcs1_pem(&k).unwrap()).unwrap();
    let p = path.to_str().unwrap();
    assert_eq!(
        refused_fast(&["rsa", "--key", p], "--key"),
        format!(
            "pkbench: error: --key {p}: a 12-bit modulus: pkbench takes RSA keys of 256 to 8192 bits"
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_states_the_bounds() {
    for cmd in ["dh", "offer", "reply"] {
        let help = pkbench_ok(&[cmd, "--help"]);
        let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("p of 64 to 8192 bits"), "{cmd}: {help}");
        assert!(flat.contains("at most 1 MiB"), "{cmd}: {help}");
    }
    let flat = |h: String| h.split_whitespace().collect::<Vec<_>>().join(" ");
    let rsa = flat(pkbench_ok(&["rsa", "--help"]));
    assert!(rsa.contains("a modulus of 256 to 8192 bits"), "{rsa}");
    assert!(rsa.contains("at most 1 MiB"), "{rsa}");
    for cmd in ["compare", "plot"] {
        let h = flat(pkbench_ok(&[cmd, "--help"]));
        assert!(h.contains("at most 64 MiB"), "{cmd}: {h}");
    }
    // The numbers are the library's.
    assert_eq!(pkbench::kex::modp::params::MAX_P_BITS, 8192);
    assert_eq!(pkbench::rsa::keygen::MIN_BITS, 256);
    assert_eq!(pkbench::rsa::keygen::MAX_BITS, 8192);
    assert_eq!(pkbench::input::GROUP_FILE_MAX_BYTES, 1 << 20);
    assert_eq!(pkbench::input::KEY_FILE_MAX_BYTES, 1 << 20);
    assert_eq!(pkbench::input::RECORD_MAX_BYTES, 64 << 20);
}

/// A user's group of the largest size pkbench takes (8192 bits) is read and fully checked
/// (q probably prime, g^q = 1, p prime by Pocklington) in about half a second on an idle
/// 2-core machine with num-bigint; `reply` opens it without a table. The time is printed; the
/// assertion leaves room for a loaded machine.
#[test]
fn the_largest_group_loads_quickly() {
    let dir = common::scratch("limits-load");
    let g = group_8192(&dir);
    let g = g.to_str().unwrap();
    let t = Instant::now();
    let out = pkbench_ok(&[
        "reply",
        "--params",
        g,
        "--backend",
        "num-bigint",
        "--secret",
        "05",
        "--peer",
        "04",
    ]);
    let took = t.elapsed();
    // 4^5 = 2^10 = 0x400, padded to the 1024 bytes of p.
    assert_eq!(out.trim_end(), format!("{}0400", "0".repeat(2044)));
    let _ = std::io::Write::write_all(
        &mut std::io::stderr().lock(),
        format!(
            "LIMITS --params load of an 8192-bit mod-p group (full validation, num-bigint): {:.2} s wall\n",
            took.as_secs_f64()
        )
        .as_bytes(),
    );
    assert!(took < Duration::from_secs(10), "took {took:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

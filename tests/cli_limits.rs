//! Limits before work, through the `pkbench` binary: group and key sizes are bounded (mod-p
//! p at most 8192 bits, RSA keys 256 to 8192 bits, as `--help` says), and every cheap check
//! (sizes, the `--exp-bits` range, hex values) runs before a group's numbers are tested for
//! primality or its table is built: a group file whose p is composite is refused for a wrong
//! argument, not for its p. No test here times anything (a loaded machine makes any bound on
//! elapsed time a coin toss); the order of the checks is seen in which error is reported.

mod common;

use common::{manifest, pkbench_input_error, pkbench_ok};
use std::path::{Path, PathBuf};

/// modp-8192's numbers with g = 4 (a quadratic residue, so of order q as well) under another
/// name: not the built-in group, so every check of a user's file runs on it. With
/// `composite`, p's last word FFFFFFFF is FFFFFFFD: p is still odd and of 8192 bits, so only
/// the primality test (modular exponentiations of 8192 bits) finds it wrong.
fn group_8192(dir: &Path, composite: bool) -> PathBuf {
    let text = std::fs::read_to_string(manifest().join("params/modp-8192.toml")).unwrap();
    let mut text = text
        .replace("name = \"modp-8192\"", "name = \"mine\"")
        .replace("\ng = 2\n", "\ng = \"4\"\n");
    assert!(text.contains("g = \"4\""), "modp-8192.toml writes g = 2");
    if composite {
        let start = text.find("p = \"\"\"").expect("p = \"\"\"...") + 7;
        let end = start + text[start..].find("\"\"\"").expect("p's closing quotes");
        let last = text[..end].rfind("FFFFFFFF").expect("p ends in FFFFFFFF");
        text.replace_range(last..last + 8, "FFFFFFFD");
    }
    let path = dir.join(if composite { "bad.toml" } else { "mine.toml" });
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `args`, requires one error line containing `want` (and not the composite p, which
/// only a later check finds); the line.
#[track_caller]
fn refused_first(args: &[&str], want: &str) -> String {
    let err = pkbench_input_error(args);
    assert!(err.contains(want), "{err} lacks {want:?}");
    assert!(!err.contains("composite"), "{err}");
    err
}

#[test]
fn cheap_checks_come_before_the_groups_numbers_are_tested() {
    let dir = common::scratch("limits-order");
    let g = group_8192(&dir, true);
    let g = g.to_str().unwrap();
    // With nothing else wrong, the file is refused for its p: the numbers are tested.
    assert_eq!(
        pkbench_input_error(&["dh", "--params", g, "--time", "0.01"]),
        format!(
            "pkbench: error: --params {g}: invalid group: p is composite (check: p probably prime)"
        )
    );
    assert_eq!(
        refused_first(&["dh", "--params", g, "--exp-bits", "99999"], "--exp-bits"),
        "pkbench: error: --exp-bits 99999 is out of range for mine: use `full` or a number from 16 to 8191"
    );
    refused_first(
        &["dh", "--params", g, "--exp-bits", "8"],
        "a number from 16 to 8191",
    );
    refused_first(
        &["offer", "--params", g, "--secret", "zz"],
        "--secret: malformed hex",
    );
    refused_first(
        &["reply", "--params", g, "--secret", "05", "--peer", "0x"],
        "--peer: empty hex string",
    );
    refused_first(
        &["dh", "--params", g, "--no-clmul"],
        "--no-clmul applies only to",
    );
    refused_first(
        &["dh", "--field", "x25519", "--exp-bits", "128"],
        "x25519 takes only full secrets",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sizes_over_the_bounds_are_refused() {
    let dir = common::scratch("limits-sizes");
    // An odd p of 8197 bits, and one of almost 1 MiB of hex digits.
    for (name, digits) in [("p8197", 2049usize), ("p-huge", 1_000_000)] {
        let path = dir.join(format!("{name}.toml"));
        std::fs::write(
            &path,
            format!("p = \"1{}1\"\ng = 2\n", "0".repeat(digits - 2)),
        )
        .unwrap();
        let err = refused_first(
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
        refused_first(&["rsa", "--key", p], "--key"),
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
/// (q probably prime, g^q = 1, p prime by Pocklington) and `reply` opens it without a table
/// and gives the right value. It takes about half a second on an idle 2-core machine with
/// num-bigint (`time pkbench reply --params FILE --backend num-bigint --secret 05 --peer 04`);
/// not asserted, as no test here times anything.
#[test]
fn the_largest_group_loads() {
    let dir = common::scratch("limits-load");
    let g = group_8192(&dir, false);
    let g = g.to_str().unwrap();
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
    // 4^5 = 2^10 = 0x400, padded to the 1024 bytes of p.
    assert_eq!(out.trim_end(), format!("{}0400", "0".repeat(2044)));
    let _ = std::fs::remove_dir_all(&dir);
}

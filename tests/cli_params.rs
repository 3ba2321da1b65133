//! `--params FILE` through the `pkbench` binary: every built-in file in `params/` loads as a
//! user's file and gives the same public value as the built-in group, and every way a mod-p
//! or EC2N file can be wrong is refused with one `pkbench: error:` line, nothing on stdout,
//! exit 2.
//!
//! The numbers: p512 is the 512-bit Oakley-construction safe prime of `params/modp-512.toml`
//! (p ≡ 7 mod 8, so 2 is a quadratic residue and −2 = p−2 is not); 2^127 − 1 is a Mersenne
//! prime with (p−1)/2 = 2^126 − 1 = 3·… composite; 0x8000000000000a77 is the first 64-bit
//! safe prime; the 80-bit p = 2·k·q + 1 has a 40-bit prime q and g = h^((p−1)/q) of order q
//! (made with sympy's `isprime`, checked again here by pkbench's own validation).

mod common;

use common::{manifest, pkbench_input_error, pkbench_json, pkbench_ok};
use std::ffi::OsStr;
use std::path::Path;

const P512: &str = "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A439DFFFFFFFFFFFFFFFF";
const SAFE64: &str = "8000000000000a77";
const P80: &str = "e3d06c1d757682066037";
const Q40: &str = "c19f767c55";
const G80: &str = "3473a8c405ef99e4d119";

/// A fresh directory for this test, removed when dropped.
fn tempdir(tag: &str) -> common::Scratch {
    common::scratch(&format!("params-cli-{tag}"))
}

/// Exit code 2, nothing on stdout, one `pkbench: error:` line containing `want`; the line.
fn assert_input_error<S: AsRef<OsStr>>(args: &[S], want: &str) -> String {
    let err = pkbench_input_error(args);
    assert!(err.contains(want), "{err} lacks {want:?}");
    err
}

/// The arguments of `pkbench offer --params FILE --secret SECRET`, FILE `dir/name.toml`
/// written with `text`.
fn offer_with(dir: &Path, name: &str, text: &str, secret: &str) -> Vec<String> {
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, text).unwrap();
    [
        "offer",
        "--params",
        path.to_str().unwrap(),
        "--secret",
        secret,
    ]
    .map(str::to_string)
    .to_vec()
}

#[test]
fn every_builtin_params_file_loads_as_a_users_file() {
    let mut n = 0;
    for entry in std::fs::read_dir(manifest().join("params")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let name = path.file_stem().unwrap().to_str().unwrap();
        // x25519 and x448 secrets are 32- and 56-byte strings; the others are integers
        // below the order.
        let x448 = "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b";
        let secret = match name {
            "x25519" => "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
            "x448" => x448,
            _ => "0123456789abcdef",
        };
        let builtin = pkbench_ok(&["offer", "--field", name, "--secret", secret]);
        let file = pkbench_ok(&[
            "offer",
            "--params",
            path.to_str().unwrap(),
            "--secret",
            secret,
        ]);
        assert_eq!(file, builtin, "{name}");
        n += 1;
    }
    // 19 groups, RFC 5114 §2.3's modp-2048-256, and P-384, P-521, X448 (one file each).
    assert_eq!(n, 23, "built-in params files");
}

/// The built-in mod-p files up to 1024 bits, renamed so that they are a user's file and get
/// every check (primality of p and q by Miller–Rabin, g^q = 1), still open, with `q` given
/// as the literal "(p-1)/2" or left out (a safe prime).
#[test]
fn builtin_modp_files_pass_full_validation() {
    let dir = tempdir("full");
    for name in ["modp-512", "modp-768", "modp-1024"] {
        let text = std::fs::read_to_string(manifest().join(format!("params/{name}.toml"))).unwrap();
        let user = text.replace(&format!("name = \"{name}\""), "name = \"mine\"");
        assert_ne!(user, text);
        let want = pkbench_ok(&["offer", "--field", name, "--secret", "abcdef"]);
        let o = pkbench_ok(&offer_with(&dir, "mine", &user, "abcdef"));
        assert_eq!(o, want, "{name}");
        let no_q = user.replace("q = \"(p-1)/2\"", "");
        assert_ne!(no_q, user);
        let o = pkbench_ok(&offer_with(&dir, "mine-no-q", &no_q, "abcdef"));
        assert_eq!(o, want, "{name} without q");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sound_users_groups_open() {
    let dir = tempdir("good");
    // A safe prime without q: q = (p−1)/2; g = 4 is a residue. 4^2 = 16.
    let o = pkbench_ok(&offer_with(
        &dir,
        "safe64",
        &format!("p = \"{SAFE64}\"\ng = 4\n"),
        "2",
    ));
    assert_eq!(o.trim(), "0000000000000010");
    // A prime-order subgroup given by q; Offer and Reply agree both ways.
    let text = format!("p = \"{P80}\"\ng = \"{G80}\"\nq = \"{Q40}\"\n");
    let path = dir.join("sub80.toml");
    std::fs::write(&path, &text).unwrap();
    let f = path.to_str().unwrap();
    let ya = pkbench_ok(&["offer", "--params", f, "--secret", "1234"]);
    let yb = pkbench_ok(&["offer", "--params", f, "--secret", "abcd"]);
    assert_eq!(ya.trim().len(), 20, "padded to the 10 bytes of p");
    let sa = pkbench_ok(&[
        "reply",
        "--params",
        f,
        "--secret",
        "1234",
        "--peer",
        yb.trim(),
    ]);
    let sb = pkbench_ok(&[
        "reply",
        "--params",
        f,
        "--secret",
        "abcd",
        "--peer",
        ya.trim(),
    ]);
    assert_eq!(sa, sb);
    // The full exponent is q's size, and dh times the group.
    let j = common::pkbench_summary(&["dh", "--params", f, "--time", "0.01", "--json"]);
    assert_eq!(j["group"]["full_exp_bits"], 40, "{j}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unsound_mod_p_files_are_refused() {
    let dir = tempdir("bad");
    let p512_minus_2 = format!("{}D", &P512[..127]);
    let cases: Vec<(&str, String, &str)> = vec![
        // The review's example: a tiny group without q.
        ("p11", "p = 11\ng = 2\n".into(), "p at least 64 bits"),
        (
            "p11q",
            "p = 11\ng = 2\nq = 5\n".into(),
            "p at least 64 bits",
        ),
        (
            "even",
            format!("p = \"{}E\"\ng = 2\n", &P512[..127]),
            "p odd",
        ),
        // 2^127 + 1 is divisible by 3.
        (
            "composite",
            "p = \"80000000000000000000000000000001\"\ng = 2\n".into(),
            "p probably prime",
        ),
        ("g1", format!("p = \"{P512}\"\ng = 1\n"), "1 < g < p-1"),
        (
            "gp",
            format!("p = \"{P512}\"\ng = \"{P512}\"\n"),
            "1 < g < p-1",
        ),
        (
            "gp1",
            format!("p = \"{P512}\"\ng = \"{}E\"\n", &P512[..127]),
            "1 < g < p-1",
        ),
        // A prime that is not a safe prime, and no q: refused, asking for q.
        (
            "no-q",
            "p = \"7fffffffffffffffffffffffffffffff\"\ng = 3\n".into(),
            "add q = \"HEX\", the prime order of g",
        ),
        // A safe prime without q, but g = −2 is a non-residue (order p−1).
        (
            "nonresidue",
            format!("p = \"{P512}\"\ng = \"{p512_minus_2}\"\n"),
            "g is not a quadratic residue",
        ),
        (
            "q-small",
            format!("p = \"{P80}\"\ng = \"{G80}\"\nq = 5\n"),
            "q at least 32 bits",
        ),
        (
            "q-no-divide",
            format!("p = \"{P80}\"\ng = \"{G80}\"\nq = \"c19f767c57\"\n"),
            "q divides p-1",
        ),
        // q = 2·Q40 divides p − 1 but is not prime.
        (
            "q-composite",
            format!("p = \"{P80}\"\ng = \"{G80}\"\nq = \"1833eecf8aa\"\n"),
            "q probably prime",
        ),
        // g = 3 does not have order Q40.
        (
            "g-order",
            format!("p = \"{P80}\"\ng = 3\nq = \"{Q40}\"\n"),
            "g^q = 1 mod p",
        ),
        (
            "typo",
            format!("p = \"{P512}\"\ng = 2\nQ = \"{Q40}\"\n"),
            "unknown key `Q`",
        ),
        ("no-g", format!("p = \"{P512}\"\n"), "missing key `g`"),
        (
            "bad-hex",
            format!("p = \"{P512}\"\ng = \"xyz\"\n"),
            "malformed hex",
        ),
        ("negative", "p = -7\ng = 2\n".into(), "non-negative"),
        // Integers beyond TOML's 64 bits: decimal, hex, with underscores; the line is named.
        (
            "big-decimal",
            "g = 2\np = 12345678901234567890123456789012345678901\n".into(),
            "line 2: `p` is an integer too large for TOML",
        ),
        (
            "big-u64",
            "p = 12345678901234567890\ng = 2\n".into(),
            "write it as a hex string in quotes",
        ),
        (
            "big-hex",
            "p = 0xFFFF_FFFF_FFFF_FFFF_FFFF\ng = 2\n".into(),
            "`p` is an integer too large",
        ),
        ("not-toml", "p = \n".into(), "not a valid group file"),
    ];
    for (name, text, want) in &cases {
        assert_input_error(&offer_with(&dir, name, text, "3"), want);
        // dh refuses the same file before printing anything.
        let path = dir.join(format!("{name}.toml"));
        assert_input_error(
            &["dh", "--params", path.to_str().unwrap(), "--time", "0.01"],
            want,
        );
    }
    assert_input_error(
        &["dh", "--params", "/nonexistent/group.toml"],
        "cannot read",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `key = value` replacements in a params file.
type Changes<'a> = Vec<(&'a str, &'a str)>;

/// gf2-155 (RFC 2409 §6.3, #E = 12·q) with `key = value` lines replaced, named `my-gf2-155`
/// (an edited group under a built-in's name is refused before its numbers are checked).
fn gf2_155_with(changes: &[(&str, &str)]) -> String {
    let text = std::fs::read_to_string(manifest().join("params/gf2-155.toml")).unwrap();
    let mut out = String::new();
    let mut changes = changes.to_vec();
    if !changes.iter().any(|(k, _)| *k == "name") {
        changes.push(("name", "\"my-gf2-155\""));
    }
    for line in text.lines() {
        let key = line.split('=').next().unwrap_or("").trim();
        match changes.iter().find(|(k, _)| *k == key) {
            Some((k, v)) => out.push_str(&format!("{k} = {v}\n")),
            None => out.push_str(&format!("{line}\n")),
        }
    }
    out
}

/// EC2N files that do not describe their curve are refused at load, naming the file and the
/// key: a tiny `order`, a composite one (3q with cofactor 4: their product is #E, only the
/// primality test catches it), the review's wrong cofactor (4 instead of 12, which let a peer
/// of order 3 through: x = 07c7…4a30 below, a multiple of q·R computed in Python and checked
/// by `kex::ec2n::curve::tests`), a cofactor outside the Hasse interval, a prime `order` that
/// G's order does not divide, and a generator of small order.
#[test]
fn unsound_ec2n_files_are_refused() {
    const Q: &str = "aaaaaaaaaaaaaaaaaab1fcf1e206f421a3ea1b";
    const ORDER3_X: &str = "07c7b6c361b7090c4c7bd181479cbaf4af774a30";
    let dir = tempdir("ec2n");
    let q3 = "\"200000000000000000015f6d5a614dc64ebbe51\"";
    let q_next = "\"aaaaaaaaaaaaaaaaaab1fcf1e206f421a3ea3d\"";
    let cases: Vec<(&str, Changes, &str)> = vec![
        (
            "tiny",
            vec![("order", "\"5\"")],
            "`order` = 0x5 (3 bits) is too small",
        ),
        (
            "composite",
            vec![("order", q3), ("cofactor", "4")],
            "`order` is composite",
        ),
        (
            "cofactor4",
            vec![("cofactor", "4")],
            "fix `cofactor` or `order` (the multiple of `order` in that interval is 12 × order)",
        ),
        (
            "cofactor20",
            vec![("cofactor", "20")],
            "(Hasse); fix `cofactor`",
        ),
        (
            "order-g",
            vec![("order", q_next)],
            "check `gx`, `gy`, `order`",
        ),
        (
            "small-g",
            vec![
                ("gx", "\"311000000223a000c4474000088e8000111d1d\""),
                ("gy", "\"15b000002b60000056c00000ad8000015b0353\""),
            ],
            "the generator (`gx`, `gy`) has small order",
        ),
    ];
    for (name, changes, want) in &cases {
        let path = dir.join(format!("{name}.toml"));
        let text = gf2_155_with(changes);
        assert_ne!(text, gf2_155_with(&[]), "{name}: a line was replaced");
        std::fs::write(&path, text).unwrap();
        let f = path.to_str().unwrap();
        let err = assert_input_error(&["offer", "--params", f, "--secret", "1234567"], want);
        assert!(
            err.starts_with(&format!("pkbench: error: --params {f}: invalid group: ")),
            "{err}"
        );
        assert_input_error(
            &[
                "reply", "--params", f, "--secret", "1234567", "--peer", ORDER3_X,
            ],
            want,
        );
        assert_input_error(&["dh", "--params", f, "--time", "0.01"], want);
    }
    // The same peer against the right cofactor: refused as a point of small order.
    let right = dir.join("right.toml");
    let text = gf2_155_with(&[]);
    assert!(text.contains(&format!("order = \"{Q}\"")));
    std::fs::write(&right, text).unwrap();
    assert_input_error(
        &[
            "reply",
            "--params",
            right.to_str().unwrap(),
            "--secret",
            "1234567",
            "--peer",
            ORDER3_X,
        ],
        "point of small order",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `pkbench groups` prints "description (source)": neither part repeats the other's words or
/// adds parentheses of its own (modp-512 said "stand-in" twice, inside double parentheses).
#[test]
fn groups_descriptions_do_not_nest_parentheses() {
    let v = pkbench_json(&["groups", "--json"]);
    let text = v.to_string();
    assert!(text.contains("modp-512"), "{text}");
    for g in v["groups"].as_array().expect("groups array") {
        let line = format!("{} ({})", g["description"], g["source"]);
        assert!(!line.contains("((") && !line.contains("))"), "{line}");
        if g["name"] == "modp-512" {
            assert_eq!(line.matches("stand-in").count(), 1, "{line}");
        }
    }
}

/// Hash reports print "NAME (implementation)": the implementation has no parentheses of its
/// own (was "SHA-0 (pkbench (src/hash/sha0.rs))").
#[test]
fn hash_implementation_labels_have_no_parentheses() {
    use pkbench::hash::{Algo, HAVAL_DEFAULT};
    for a in [Algo::Md4, Algo::Md5, Algo::Sha0, Algo::Sha1, HAVAL_DEFAULT] {
        let s = a.implementation();
        assert!(!s.contains('(') && !s.contains(')'), "{s}");
    }
    assert_eq!(Algo::Sha0.implementation(), "pkbench, src/hash/sha0.rs");
}

/// A file under a built-in group's name must describe that group: a copy is taken (with
/// its hex in another case), an edited group or another family under the name is refused.
#[test]
fn a_built_in_name_is_taken_only_by_the_same_group() {
    let dir = tempdir("name-taken");
    let copy = dir.join("copy.toml");
    let order = "\"0XAAAAAAAAAAAAAAAAAAB1FCF1E206F421A3EA1B\"";
    std::fs::write(
        &copy,
        gf2_155_with(&[("name", "\"gf2-155\""), ("order", order)]),
    )
    .unwrap();
    let c = copy.to_str().unwrap();
    pkbench_ok(&["offer", "--params", c, "--secret", "1234567"]);
    for (file, text) in [
        (
            "edited",
            gf2_155_with(&[("name", "\"gf2-155\""), ("cofactor", "4")]),
        ),
        ("family", gf2_155_with(&[("name", "\"modp-512\"")])),
    ] {
        let path = dir.join(format!("{file}.toml"));
        std::fs::write(&path, text).unwrap();
        assert_input_error(
            &["dh", "--params", path.to_str().unwrap(), "--time", "0.01"],
            "is the name of a built-in group, but the file describes another group",
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

//! Issue 30 item 5: `--impl` on `offer` and `reply`. The value through each named
//! implementation, every library's equal to pkbench's own; pkbench's own checks refuse a bad
//! peer value before any library sees it; leading zero bytes kept by every implementation.

mod common;

use common::{Pkbench, library_missing, pkbench_input_error, pkbench_ok};

/// The output of `args` through the library `lib`, or `None` (a skip, or with the libraries
/// hidden the note checked) when `lib` is not found here.
#[track_caller]
fn through(args: &[&str], lib: &str) -> Option<String> {
    let (code, out, err) = Pkbench::new(args).run();
    if code == 2 && err.contains("nothing asked for can compute") {
        library_missing(&err, lib, &format!("{args:?}"));
        return None;
    }
    assert_eq!(code, 0, "{args:?}: {err}");
    Some(out)
}

const SECRET: &str = "ffffffffffffffffffffffffffffffffffffff";
const PEER: &str = "07fffffffffffffffffffffffffffffffffffffe";

/// OpenSSL's binary-curve code (src/peers/openssl/ec/binary.rs) gives the value, and
/// pkbench's own the same; one implementation prints its value alone, as without `--impl`.
#[test]
fn reply_through_openssl_on_oakley_3() {
    let want = "04714095adb79cf3d142eeae4a9d75795a14d4f3\n";
    let own = [
        "reply", "--group", "gf2-155", "--secret", SECRET, "--peer", PEER,
    ];
    assert_eq!(pkbench_ok(&own), want);
    let mut ssl = own.to_vec();
    ssl.extend(["--impl", "openssl"]);
    if let Some(out) = through(&ssl, "openssl") {
        assert_eq!(out, want);
    }
    // Both, labelled; libgcrypt and GMP have no binary curve: a note each.
    let mut all = own.to_vec();
    all.extend(["--impl", "all"]);
    let out = pkbench_ok(&all);
    let v = want.trim_end();
    assert!(out.starts_with(&format!("pkbench: {v}\n")), "{out}");
    if !out.contains("openssl: not found") && !out.contains("note: openssl") {
        assert!(out.contains(&format!("\nopenssl: {v}\n")), "{out}");
    }
    assert!(
        out.contains("note: gmp (gf2-155): does not offer it")
            || out.contains("note: gmp (gf2-155): not found"),
        "{out}"
    );
}

/// A peer of small order is refused by pkbench's own check, with the message it gives
/// without `--impl`, whichever library is named (and whether or not it is found here).
#[test]
fn a_small_order_peer_is_refused_before_a_library_sees_it() {
    let x = "11".repeat(32);
    let zero = "00".repeat(32);
    for (group, secret, peer, says) in [
        ("gf2-155", "1f", "00", "point of order 2 (small order)"),
        ("x25519", x.as_str(), zero.as_str(), "point of small order"),
        ("modp-512", "3", "1", "low order"),
    ] {
        let own = [
            "reply", "--group", group, "--secret", secret, "--peer", peer,
        ];
        let want = pkbench_input_error(&own);
        assert!(want.contains(says), "{group}: {want}");
        for imp in ["openssl", "gcrypt", "all", "pkbench,gmp"] {
            let mut args = own.to_vec();
            args.extend(["--impl", imp]);
            assert_eq!(pkbench_input_error(&args), want, "{group} --impl {imp}");
        }
    }
}

/// A secret whose public value in modp-512 has a leading zero byte (0x00 0x55 …, found by
/// trying secrets c0ffee0001 upwards): every implementation prints all 64 bytes.
#[test]
fn leading_zero_bytes_are_kept_by_every_implementation() {
    let want = "0055752f3256bb9d2af030d3b04b2bdb2898bc0af208ec721c7b38801057016038ded3d587e8211e330bb7f29778576b0f101e729dafa00aeef4d60af60ae8bd";
    assert_eq!(want.len(), 128);
    let out = pkbench_ok(&[
        "offer",
        "--group",
        "modp-512",
        "--impl",
        "all",
        "--secret",
        "c0ffee001e",
    ]);
    let mut seen = Vec::new();
    for line in out.lines() {
        if let Some((name, value)) = line.split_once(": ")
            && name != "note"
        {
            assert_eq!(value, want, "{name}");
            seen.push(name);
        }
    }
    assert_eq!(seen.first(), Some(&"pkbench"), "{out}");
    for lib in ["openssl", "gcrypt", "gmp"] {
        if !seen.contains(&lib) {
            library_missing(&out, lib, "offer --group modp-512 --impl all");
        }
    }
    // Each library alone: the value alone, at full width.
    for lib in ["openssl", "gcrypt", "gmp"] {
        let args = [
            "offer",
            "--group",
            "modp-512",
            "--impl",
            lib,
            "--secret",
            "c0ffee001e",
        ];
        if let Some(out) = through(&args, lib) {
            assert_eq!(out.trim_end(), want, "{lib}");
        }
    }
}

/// `--impl` names are checked before anything is computed; pkbench-portable is `dh`'s.
#[test]
fn unknown_implementations_are_refused() {
    let e = pkbench_input_error(&[
        "offer", "--group", "modp-512", "--secret", "3", "--impl", "opensl",
    ]);
    assert!(e.contains("did you mean openssl?"), "{e}");
    let e = pkbench_input_error(&[
        "offer",
        "--group",
        "gf2-155",
        "--secret",
        "3",
        "--impl",
        "pkbench-portable",
    ]);
    assert!(e.contains("portable twin"), "{e}");
}

/// Issue 30 item 5: `dh --impl` says what each library was checked against before timing,
/// and on how many inputs: stored in the record (`info.checked_against` of each library's
/// rows) and printed under "checked:" by the view, from one run (text printed, record saved).
#[test]
fn dh_impl_says_what_each_library_was_checked_against() {
    let dir = common::scratch("checked-against");
    let path = dir.path().join("dh.json");
    let p = path.to_str().unwrap();
    let text = pkbench_ok(&[
        "dh", "--group", "modp-512", "--impl", "all", "--time", "0.02", "--output", p,
    ]);
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let ops = rec["operations"].as_array().unwrap();
    let full = ops[0]["info"]["full_exp_bits"].as_u64().unwrap();
    for lib in ["openssl", "gcrypt", "gmp"] {
        let rows: Vec<_> = ops.iter().filter(|o| o["params"]["impl"] == lib).collect();
        if rows.is_empty() {
            library_missing(&text, lib, "dh --group modp-512 --impl all");
            continue;
        }
        for o in &rows {
            let c = &o["info"]["checked_against"];
            assert_eq!(c["against"], "pkbench", "{lib}: {o}");
            assert_eq!(c["offers"], 2, "{lib}");
            assert_eq!(c["replies"], 4, "{lib}");
            assert_eq!(
                c["secret_bits"],
                serde_json::json!([full, full, 128, 128]),
                "{lib}"
            );
        }
        let pool = rows[0]["info"]["pool"].as_u64().unwrap();
        let want = format!(
            "  {lib}: 2 Offers and 4 Replies checked against pkbench's own on 4 secrets (2 of \
             {full} bits, 2 of 128 bits) before timing; {pool} pool entries self-checked, the \
             timed outputs against them"
        );
        let joined: String = text
            .split('\n')
            .map(str::trim_end)
            .collect::<Vec<_>>()
            .join("\n");
        // The terminal wraps the line at spaces, aligned under its start.
        let unwrapped = joined
            .split("\n ")
            .map(str::trim_start)
            .collect::<Vec<_>>()
            .join(" ");
        let want = want.trim_start();
        assert!(unwrapped.contains(want), "{lib}: {want:?} in\n{text}");
    }
    // pkbench's own rows are the reference: nothing stored.
    assert!(
        ops.iter()
            .filter(|o| o["params"].get("impl").is_none())
            .all(|o| o["info"].get("checked_against").is_none())
    );
}

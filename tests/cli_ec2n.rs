//! The EC2N groups through the `pkbench` binary: known answers (`vectors/ec2n-dh.json`) with
//! `offer` and `reply` (peer as x alone and as 04||x||y, carry-less and portable code), bad inputs (exit code 2, one line on stderr,
//! nothing on stdout), and a short `dh --json` run.

mod common;

use common::Pkbench;

/// pkbench with `args`: on the portable GF(2^m) code when `no_clmul` (`PKBENCH_NO_CLMUL=1`),
/// else with that variable removed from the environment.
fn cmd(args: &[&str], no_clmul: bool) -> Pkbench {
    let p = Pkbench::new(args);
    if no_clmul {
        p.env("PKBENCH_NO_CLMUL", "1")
    } else {
        p.env_remove("PKBENCH_NO_CLMUL")
    }
}

/// Runs `args`, expects exit code 0 and nothing on stderr; stdout without its newline.
fn ok_line(args: &[&str], no_clmul: bool) -> String {
    let (code, out, err) = cmd(args, no_clmul).run();
    assert_eq!(code, 0, "{args:?}: {err}");
    assert!(err.is_empty());
    out.trim_end().to_string()
}

#[test]
fn known_answers_through_the_cli() {
    let vectors = common::vectors("ec2n-dh.json");
    for no_clmul in [false, true] {
        for e in &vectors {
            let s = |k: &str| e[k].as_str().unwrap().to_string();
            let f = s("field");
            let pa = ok_line(
                &["offer", "--field", &f, "--secret", &s("secret_a")],
                no_clmul,
            );
            assert_eq!(pa, s("public_a_x"));
            let shared = ok_line(
                &[
                    "reply",
                    "--field",
                    &f,
                    "--secret",
                    &s("secret_a"),
                    "--peer",
                    &s("public_b_x"),
                ],
                no_clmul,
            );
            assert_eq!(shared, s("shared_x"));
            let full = format!("04{}{}", s("public_a_x"), s("public_a_y"));
            let shared_b = ok_line(
                &[
                    "reply",
                    "--field",
                    &f,
                    "--secret",
                    &s("secret_b"),
                    "--peer",
                    &full,
                ],
                no_clmul,
            );
            assert_eq!(shared_b, s("shared_x"));
        }
    }
    // The --no-clmul flag and an alias.
    let e = &vectors[0];
    let a = e["secret_a"].as_str().unwrap();
    let out = ok_line(
        &["offer", "--field", "oakley-3", "--no-clmul", "--secret", a],
        false,
    );
    assert_eq!(out, e["public_a_x"].as_str().unwrap());
}

/// Bad input (exit code 2, one `pkbench: error:` line, nothing on stdout) naming `needle`.
fn bad(args: &[&str], needle: &str) {
    let err = cmd(args, false).input_error();
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
}

#[test]
fn bad_inputs_exit_2_with_one_line() {
    let g = "gf2-155";
    let x = "000000000000000000000000000000000000007b";
    let s = "cba34574818ffed5247662947d89a1ca";
    bad(&["offer", "--field", "gf2-999", "--secret", s], "gf2-185");
    bad(
        &["offer", "--field", g, "--backend", "bogus", "--secret", s],
        "unknown backend",
    );
    #[cfg(not(feature = "gmp"))]
    bad(
        &["offer", "--field", g, "--backend", "gmp", "--secret", s],
        "--features gmp",
    );
    bad(
        &["offer", "--field", g, "--secret", "12zz"],
        "malformed hex",
    );
    bad(&["offer", "--field", g, "--secret", "0000"], "zero");
    bad(
        &["reply", "--field", g, "--secret", "00", "--peer", x],
        "zero",
    );
    bad(
        &["offer", "--field", g, "--secret", &"f".repeat(40)],
        "at most 152 bits",
    );
    bad(
        &["reply", "--field", g, "--secret", s, "--peer", "xyz"],
        "malformed hex",
    );
    // x = 0: the point of order 2.
    bad(
        &[
            "reply",
            "--field",
            g,
            "--secret",
            s,
            "--peer",
            &"0".repeat(40),
        ],
        "order 2",
    );
    // x ≥ 2^155.
    bad(
        &[
            "reply",
            "--field",
            g,
            "--secret",
            s,
            "--peer",
            &format!("08{}", "0".repeat(38)),
        ],
        "below 2^155",
    );
    // x = 2 is not on the curve: Tr(2 + b/4) = 1 (x = 1 is on it).
    bad(
        &["reply", "--field", g, "--secret", s, "--peer", "02"],
        "not on the curve",
    );
    // y that does not match x (G's y + 1).
    let wrong_y = format!("04{x}{}", "00000000000000000000000000000000000001c9");
    bad(
        &["reply", "--field", g, "--secret", s, "--peer", &wrong_y],
        "does not match",
    );
    // The wrong length.
    bad(
        &[
            "reply",
            "--field",
            g,
            "--secret",
            s,
            "--peer",
            &"1".repeat(50),
        ],
        "bytes",
    );
    bad(&["dh", "--field", g, "--exp-bits", "999"], "out of range");
}

#[test]
fn dh_json_reports_real_timings() {
    for extra in [
        &["--exp-bits", "128"][..],
        &["--no-table", "--field", "gf2-185"][..],
    ] {
        let mut args = vec!["dh", "--json", "--time", "0.02"];
        args.extend_from_slice(extra);
        let v = cmd(&args, false).summary();
        assert_eq!(v["command"], "dh");
        let offer = v["offer"]["median_ms"].as_f64().unwrap();
        let reply = v["reply"]["median_ms"].as_f64().unwrap();
        assert!(offer > 0.0 && reply > 0.0);
        let total = v["total_ms"].as_f64().unwrap();
        assert!((total - (2.0 * offer + reply)).abs() < 1e-9);
        assert_eq!(v["table"], extra.len() == 2);
        if extra.len() == 2 {
            assert!(v["table_info"]["bytes"].as_u64().unwrap() > 0);
        }
    }
}

#[test]
fn unknown_gf2m_choice_warns_once_and_runs() {
    let args = ["offer", "--field", "gf2-155", "--secret", "1f"];
    let plain = ok_line(&args, false);
    let (code, out, err) = Pkbench::new(&args).env("PKBENCH_GF2M", "garbage").run();
    assert_eq!(code, 0);
    assert_eq!(out.trim_end(), plain);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("pkbench: warning: PKBENCH_GF2M=\"garbage\" ignored"),
        "{err}"
    );
}

/// A short x-only peer value is read as zero-padded on the left (IKE may drop leading zero
/// bytes; `reply --help` says so): the generator's x = 0x7b (RFC 2409 §6.3) given as `7b`,
/// as 20 bytes and as 04||x||y all give x·G, which is `offer` of the same secret.
#[test]
fn short_x_only_peer_is_zero_padded() {
    let g = ok_line(&["offer", "--field", "gf2-155", "--secret", "1"], false);
    assert_eq!(g, format!("{}7b", "00".repeat(19)));
    let want = ok_line(
        &["offer", "--field", "gf2-155", "--secret", "1f2e3d"],
        false,
    );
    for peer in ["7b", "007b", g.as_str()] {
        let got = ok_line(
            &[
                "reply", "--field", "gf2-155", "--secret", "1f2e3d", "--peer", peer,
            ],
            false,
        );
        assert_eq!(got, want, "--peer {peer}");
    }
    let help = ok_line(&["reply", "--help"], false);
    assert!(help.contains("zero-padded"), "{help}");
}

/// A bad `PKBENCH_TABLE_WINDOW` names the variable: exit 2, one line, nothing on stdout.
#[test]
fn bad_table_window_names_the_variable() {
    for v in ["0", "13", "x"] {
        let err = Pkbench::new(&["dh", "--field", "gf2-155"])
            .env("PKBENCH_TABLE_WINDOW", v)
            .input_error();
        assert_eq!(
            err,
            format!("pkbench: error: PKBENCH_TABLE_WINDOW={v}: use 2 to 12 (bits)")
        );
    }
}

/// The `dh` header names Offer's and Reply's methods once each (the GF(2^m) code has its own
/// line), the JSON carries `reply_method`, and the footer says which clock Total is on.
#[test]
fn dh_text_names_the_methods_and_the_clock() {
    let words = |args: &[&str], no_clmul: bool| {
        cmd(args, no_clmul)
            .ok()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let base = ["dh", "--field", "gf2-155", "--time", "0.02"];
    for no_clmul in [false, true] {
        let cpu = words(&[&base[..], &["--clock", "cpu"]].concat(), no_clmul);
        assert!(
            cpu.contains("reply: x-only López–Dahab Montgomery ladder"),
            "{cpu}"
        );
        assert!(cpu.contains("offer: fixed-base signed windows w="), "{cpu}");
        assert!(!cpu.contains("GF(2^m) code:"), "{cpu}");
        assert_eq!(cpu.matches("GF(2^m):").count(), 1, "{cpu}");
        assert!(cpu.contains("on the thread CPU clock"), "{cpu}");
        assert!(
            cpu.contains("the two Offers in turn, then both Replies in parallel"),
            "{cpu}"
        );
        assert!(!cpu.contains("elapsed time"), "{cpu}");
        let paired = cpu.contains("GF(2^m): carry-less multiply on 256- and 512-bit vectors");
        assert!(!(no_clmul && paired), "{cpu}");
        assert_eq!(
            cpu.contains("side by side in 512-bit registers"),
            paired,
            "{cpu}"
        );
    }
    let wall = words(&base, false);
    assert!(
        wall.contains("Total: elapsed time of one exchange"),
        "{wall}"
    );
    let v = cmd(&[&base[..], &["--json"]].concat(), true).summary();
    assert_eq!(v["reply_method"], "x-only López–Dahab Montgomery ladder");
}

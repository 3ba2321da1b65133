//! The mod-p groups through the `pkbench` binary: vectors/modp-dh.json with `offer`
//! and `reply` for each backend built in, `dh --json`, and bad input (exit code 2, one line on
//! stderr, nothing on stdout).

mod common;

use common::{Pkbench, backends, pkbench_input_error, pkbench_ok, pkbench_summary};

/// Exit code 2, nothing on stdout, one `pkbench: error:` line containing `want`.
fn assert_input_error(args: &[&str], want: &str) {
    let err = pkbench_input_error(args);
    assert!(err.contains(want), "{err} lacks {want:?}");
}

#[test]
fn vectors_through_offer_and_reply() {
    let vectors = common::vectors("modp-dh.json");
    for backend in backends() {
        for t in &vectors {
            let s = |k: &str| t[k].as_str().unwrap().to_string();
            let field = s("field");
            let common = ["--field", field.as_str(), "--backend", backend];
            let out =
                pkbench_ok(&[&["offer"][..], &common, &["--secret", &s("secret_a")]].concat());
            assert_eq!(out.trim(), s("public_a"), "{field} {backend}");
            let (sb, pa) = (s("secret_b"), s("public_a"));
            let args = [&["reply"][..], &common, &["--secret", &sb, "--peer", &pa]].concat();
            assert_eq!(pkbench_ok(&args).trim(), s("shared"), "{field} {backend}");
        }
    }
}

#[test]
fn bad_peer_values_exit_2() {
    let p512 = "ffffffffffffffffc90fdaa22168c234c4c6628b80dc1cd129024e088a67cc74020bbea63b139b22514a08798e3404ddef9519b3cd3a439dffffffffffffffff";
    let p_minus_1 = format!("{}e", &p512[..127]);
    let p_minus_2 = format!("{}d", &p512[..127]);
    for backend in backends() {
        for (peer, want) in [
            ("1", "y = 1 is of low order (order 1); check: 2 ≤ y ≤ p−2"),
            (
                "0",
                "y = 0 is not an element of the group; check: 2 ≤ y ≤ p−2",
            ),
            (p_minus_1.as_str(), "y = p−1 is of low order (order 2)"),
            (p512, "y ≥ p is out of range (not reduced mod p)"),
            (p_minus_2.as_str(), "subgroup of order q"),
            ("zz", "malformed hex"),
        ] {
            assert_input_error(
                &[
                    "reply",
                    "--field",
                    "modp-512",
                    "--backend",
                    backend,
                    "--secret",
                    "1234",
                    "--peer",
                    peer,
                ],
                want,
            );
        }
    }
}

#[test]
fn bad_params_file_exit_2() {
    let dir = common::scratch("modp-cli");
    let path = dir.join("composite.toml");
    // 2^127 + 1 is divisible by 3.
    std::fs::write(&path, "p = \"80000000000000000000000000000001\"\ng = 2\n").unwrap();
    assert_input_error(
        &["dh", "--params", path.to_str().unwrap(), "--time", "0.01"],
        "p probably prime",
    );
    // 2^127 − 1 is prime but not a safe prime; without q the order of g is unknown: refused.
    let path2 = dir.join("no-q.toml");
    std::fs::write(&path2, "p = \"7fffffffffffffffffffffffffffffff\"\ng = 3\n").unwrap();
    assert_input_error(
        &[
            "offer",
            "--params",
            path2.to_str().unwrap(),
            "--secret",
            "2",
        ],
        "q given or p safe prime",
    );
    // The first 64-bit safe prime, no q: q = (p−1)/2, and g = 9 = 3² is a residue.
    let path3 = dir.join("ok.toml");
    std::fs::write(&path3, "p = \"8000000000000a77\"\ng = 9\n").unwrap();
    let out = pkbench_ok(&[
        "offer",
        "--params",
        path3.to_str().unwrap(),
        "--secret",
        "2",
    ]);
    assert_eq!(out.trim(), "0000000000000051");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn backend_choice() {
    let gmp = [
        "offer",
        "--field",
        "modp-768",
        "--backend",
        "gmp",
        "--secret",
        "3",
    ];
    if cfg!(feature = "gmp") {
        assert!(pkbench_ok(&gmp).trim().ends_with("08"));
    } else {
        assert_input_error(&gmp, "--features gmp");
    }
    assert_input_error(
        &[
            "offer",
            "--field",
            "modp-768",
            "--backend",
            "bc",
            "--secret",
            "3",
        ],
        "unknown backend",
    );
}

#[test]
fn dh_json_has_backend_table_and_exponent() {
    for backend in backends() {
        let j = pkbench_summary(&[
            "dh",
            "--field",
            "modp-512",
            "--exp-bits",
            "128",
            "--backend",
            backend,
            "--time",
            "0.02",
            "--json",
        ]);
        assert!(j["backend"].as_str().unwrap().starts_with(backend), "{j}");
        assert_eq!(j["exp_bits"], 128);
        assert_eq!(j["group"]["full_exp_bits"], 511);
        assert_eq!(j["table"], true);
        let ti = &j["table_info"];
        assert!(ti["bytes"].as_u64().unwrap() <= 4 << 20);
        assert!(ti["method"].as_str().unwrap().contains("fixed window"));
        assert!(j["offer"]["median_ms"].as_f64().unwrap() > 0.0);
    }
    // Text output: the exponent's meaning and, without a table, how Offer is done.
    let text = pkbench_ok(&[
        "dh",
        "--field",
        "modp-768",
        "--no-table",
        "--exp-bits",
        "160",
        "--backend",
        "num-bigint",
        "--time",
        "0.02",
    ]);
    assert!(text.contains("kangaroo"), "{text}");
    assert!(text.contains("at most 80 bits"), "{text}");
    assert!(text.contains("square-and-shift is slower"), "{text}");
    assert!(text.contains("Offer (g^x, no table)"), "{text}");
    assert!(!text.contains("fixed base"), "{text}");
    // Forced on, the shift path runs and passes dh's self-checks (every pool entry's Offer
    // equals Reply on the generator, computed by the library's exponentiation).
    let text = Pkbench::new(&[
        "dh",
        "--field",
        "modp-768",
        "--no-table",
        "--exp-bits",
        "64",
        "--time",
        "0.02",
    ])
    .env("PKBENCH_G2_SHIFT", "1")
    .ok();
    assert!(text.contains("g = 2: square-and-shift"), "{text}");
}

//! Raw RSA through the binary: `rsa-raw` on the known answers of `vectors/rsa-raw.json` and
//! small moduli on every backend built in, `rsa` in JSON and text (generated keys and a PEM
//! key from `tests/data`), and bad inputs (exit code 2, one line, nothing on stdout).

mod common;

use common::{
    backends, data, pkbench, pkbench_input_error, pkbench_ok, pkbench_summary as json_run,
};
use serde_json::Value;

fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    v[k].as_str().unwrap_or_else(|| panic!("missing {k}"))
}

/// Bad input (exit code 2, one `pkbench: error:` line, nothing on stdout) naming `needle`.
fn assert_input_error(args: &[&str], needle: &str) {
    let err = pkbench_input_error(args);
    assert!(err.contains(needle), "{args:?}: {err} lacks {needle:?}");
}

#[test]
fn vectors_through_rsa_raw_command() {
    for vec in &common::vectors("rsa-raw.json") {
        let k = &vec["key"];
        let pair = &vec["pairs"][0];
        for b in backends() {
            for (exp, want) in [("e", "encrypted_public"), ("d", "signed_private")] {
                let out = pkbench_ok(&[
                    "rsa-raw",
                    "--modulus",
                    s(k, "n"),
                    "--exponent",
                    s(k, exp),
                    "--input",
                    s(pair, "message"),
                    "--backend",
                    b,
                ]);
                assert_eq!(out, format!("{}\n", s(pair, want)));
            }
        }
    }
}

#[test]
fn rsa_raw_pads_to_modulus_length() {
    // n = 3233 = 0x0ca1 (61·53), e = 17: 65^17 mod 3233 = 2790 = 0x0ae6 (the textbook example).
    for b in backends() {
        let (_, out, _) = pkbench(&[
            "rsa-raw",
            "--modulus",
            "0ca1",
            "--exponent",
            "11",
            "--input",
            "41",
            "--backend",
            b,
        ]);
        assert_eq!(out, "0ae6\n", "{b}");
        // 2^1 mod 3233 = 2, padded to two bytes.
        let (_, out, _) = pkbench(&[
            "rsa-raw",
            "--modulus",
            "ca1",
            "--exponent",
            "1",
            "--input",
            "2",
            "--backend",
            b,
        ]);
        assert_eq!(out, "0002\n", "{b}");
    }
}

#[test]
fn rsa_raw_bad_inputs() {
    let raw = |n: &'static str, e: &'static str, m: &'static str| {
        ["rsa-raw", "--modulus", n, "--exponent", e, "--input", m]
    };
    assert_input_error(&raw("0ca2", "11", "41"), "even");
    assert_input_error(&raw("0", "11", "0"), "zero");
    assert_input_error(&raw("1", "11", "0"), "degenerate");
    assert_input_error(&raw("0001", "11", "0"), "degenerate");
    assert_input_error(&raw("0ca1", "11", "0ca1"), "not below");
    assert_input_error(&raw("0ca1", "11", "ffff"), "not below");
    assert_input_error(&raw("0cg1", "11", "41"), "--modulus");
    assert_input_error(&raw("0ca1", "1z", "41"), "--exponent");
    assert_input_error(&raw("0ca1", "11", ""), "--input");
    assert_input_error(
        &[
            "rsa-raw",
            "--modulus",
            "0ca1",
            "--exponent",
            "11",
            "--input",
            "41",
            "--backend",
            "nope",
        ],
        "nope",
    );
}

#[test]
fn rsa_command_bad_inputs() {
    assert_input_error(&["rsa", "--bits", "128"], "--bits");
    assert_input_error(&["rsa", "--bits", "9000"], "--bits");
    assert_input_error(&["rsa", "--bits", "512", "--chunk", "64"], "--chunk");
    assert_input_error(&["rsa", "--bits", "512", "--chunk", "0"], "--chunk");
    assert_input_error(&["rsa", "--backend", "nope"], "nope");
    assert_input_error(&["rsa", "--powm", "nope"], "--powm");
    assert_input_error(
        &["rsa", "--powm", "sec", "--backend", "num-bigint"],
        "--backend gmp",
    );
    assert_input_error(
        &["rsa", "--crt", "--powm", "sec", "--backend", "num-bigint"],
        "constant-time",
    );
    assert_input_error(&["rsa", "--key", "/nonexistent/key.pem"], "cannot read");
    let public = data("rsa512-public.pem");
    assert_input_error(&["rsa", "--key", public.to_str().unwrap()], "public key");
    let json = common::vector_path("rsa512-key.json");
    assert_input_error(&["rsa", "--key", json.to_str().unwrap()], "PEM");
    let pem = data("rsa512-pkcs1.pem");
    let pem = pem.to_str().unwrap();
    assert_input_error(&["rsa", "--key", pem, "--bits", "1024"], "512-bit key");
    assert_input_error(&["rsa", "--bits", "1024", "--key", pem], "--bits 1024");
}

#[test]
fn rsa_command_json() {
    for b in backends() {
        let j = json_run(&[
            "rsa",
            "--bits",
            "512",
            "--crt",
            "--time",
            "0.02",
            "--json",
            "--backend",
            b,
        ]);
        assert_eq!(j["command"], "rsa");
        assert_eq!(j["bits"], 512);
        assert_eq!(j["chunk_bytes"], 63);
        assert_eq!(j["crt"], true);
        assert_eq!(j["powm"], "fast");
        let plain = if b == "gmp" {
            "mpz_powm"
        } else {
            "BigUint::modpow"
        };
        assert_eq!(j["private_powm"], plain);
        assert_eq!(j["public_powm"], plain);
        assert!(
            j["backend"].as_str().unwrap().starts_with(b),
            "{}",
            j["backend"]
        );
        assert!(j["keygen_ms"].as_f64().unwrap() > 0.0);
        for op in ["private", "public", "private_crt"] {
            let med = j[op]["median_ms"].as_f64().unwrap();
            let bps = j[op]["bytes_per_sec"].as_f64().unwrap();
            assert!(med > 0.0, "{op}");
            assert!(
                (bps - 63.0 / (med / 1e3)).abs() <= 1e-9 * bps,
                "{op}: {bps} vs {med}"
            );
            assert!(
                j[op].get("raw_ms").is_none(),
                "raw samples are in operations"
            );
        }
        for op in j["operations"].as_array().unwrap() {
            let st = &op["stats"];
            assert_eq!(st["raw_s"].as_array().unwrap().len(), st["samples"], "{op}");
        }
        let speedup = j["crt_speedup"].as_f64().unwrap();
        let want = j["private"]["median_ms"].as_f64().unwrap()
            / j["private_crt"]["median_ms"].as_f64().unwrap();
        assert!((speedup - want).abs() < 1e-9);
    }
}

/// `--powm sec` (gmp): mpz_powm_sec for the raw and the CRT private operation, named in the
/// JSON, the operations' params and the text; the public operation stays on mpz_powm.
#[cfg(feature = "gmp")]
#[test]
fn rsa_command_powm_sec() {
    let args = ["rsa", "--bits", "512", "--crt", "--time", "0.02"];
    let j = json_run(&[&args[..], &["--powm", "sec", "--json"]].concat());
    assert_eq!(j["powm"], "sec");
    assert_eq!(j["private_powm"], "mpz_powm_sec");
    assert_eq!(j["public_powm"], "mpz_powm");
    assert_eq!(j["params"]["powm"], "sec");
    assert!(j["crt_speedup"].as_f64().unwrap() > 0.0);
    let ops = j["operations"].as_array().unwrap();
    assert_eq!(ops.len(), 3);
    for op in ops {
        let private = op["name"].as_str().unwrap().starts_with("private");
        let want = if private { "mpz_powm_sec" } else { "mpz_powm" };
        assert_eq!(op["info"]["powm_fn"], want, "{op}");
        assert_eq!(op["params"].get("powm").is_some(), private, "{op}");
    }
    // Same key and chunks as --powm fast (same seed).
    let fast = json_run(&[&args[..], &["--json"]].concat());
    assert_eq!(fast["n"], j["n"]);
    assert_eq!(fast["operations"][0]["params"]["powm"], "fast");
    let (_, text, _) = pkbench(&[&args[..], &["--powm", "sec"]].concat());
    // Header lines wrap at 80 columns: compare the words.
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "private mpz_powm_sec (--powm sec, constant time), raw and CRT; public mpz_powm"
        ),
        "{text}"
    );
}

/// The GMP linked through the `gmp` feature and the system's libgmp loaded at run time are
/// two implementations, often of two versions: with `--backend gmp --impl all` no two of
/// the record's implementations share a name (the code column and the "code:" list name
/// them `gmp-linked` and `gmp`), and the text shows each under its own name.
#[cfg(feature = "gmp")]
#[test]
fn linked_and_system_gmp_have_their_own_names() {
    let args = [
        "rsa",
        "--bits",
        "512",
        "--backend",
        "gmp",
        "--impl",
        "all",
        "--time",
        "0.02",
    ];
    let j = json_run(&[&args[..], &["--json"]].concat());
    let mut seen: std::collections::BTreeMap<String, Value> = Default::default();
    for op in j["operations"].as_array().unwrap() {
        let i = &op["implementation"];
        let name = s(i, "name").to_string();
        if let Some(other) = seen.insert(name.clone(), i.clone()) {
            assert_eq!(other, *i, "two implementations named {name}");
        }
    }
    assert!(seen.contains_key("gmp-linked"), "{seen:?}");
    let (_, text, _) = pkbench(&args);
    assert!(text.contains("gmp-linked 6."), "{text}");
    if seen.contains_key("gmp") {
        assert!(text.contains("  gmp 6."), "{text}");
    } else {
        common::library_missing(&text, "gmp", "rsa --impl all has no libgmp rows");
    }
}

#[test]
fn rsa_command_with_key_file_and_chunk() {
    let key = data("rsa512-pkcs8.pem");
    let j = json_run(&[
        "rsa",
        "--key",
        key.to_str().unwrap(),
        "--bits",
        "512",
        "--chunk",
        "16",
        "--time",
        "0.01",
        "--json",
    ]);
    assert_eq!(j["bits"], 512);
    assert_eq!(j["chunk_bytes"], 16);
    assert!(j["keygen_ms"].is_null());
    assert!(j["private_crt"].is_null());
    assert_eq!(j["schema"], "pkbench.result/3");
    let names: Vec<&str> = j["operations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["private op (raw)", "public op"]);
    assert_eq!(
        j["operations"][0]["figures"]["bytes_per_sec"],
        j["private"]["bytes_per_sec"]
    );
    let want = common::vector_file("rsa512-key.json");
    assert_eq!(j["n"], want["n"]);
    // Text output names the figures.
    let (_, text, _) = pkbench(&[
        "rsa",
        "--key",
        key.to_str().unwrap(),
        "--time",
        "0.01",
        "--crt",
    ]);
    assert!(
        text.contains("┆ MB/s ") && text.contains("CRT speedup") && !text.contains("kB/s"),
        "{text}"
    );
}

#[test]
fn same_seed_same_key_in_json() {
    let a = json_run(&[
        "rsa", "--bits", "256", "--time", "0.005", "--json", "--seed", "7",
    ]);
    let b = json_run(&[
        "rsa", "--bits", "256", "--time", "0.005", "--json", "--seed", "7",
    ]);
    assert_eq!(a["n"], b["n"]);
    assert_eq!(a["n"].as_str().unwrap().len(), 64);
}

/// `rsa-raw` accepts any odd modulus from 3 up (documented in its --help: the bare RSAEP /
/// RSASP1 primitive is defined for it; whether n is an RSA modulus is not checked):
/// 2^2 mod 3 = 1, padded to the modulus's one byte.
#[test]
fn rsa_raw_small_modulus_is_computed() {
    let out = pkbench_ok(&[
        "rsa-raw",
        "--modulus",
        "3",
        "--exponent",
        "2",
        "--input",
        "2",
    ]);
    assert_eq!(out, "01\n");
}

/// A modulus or exponent over 16384 bits is refused at once (it would run for minutes);
/// 16384 bits exactly is taken.
#[test]
fn rsa_raw_refuses_oversized_values_quickly() {
    let over = format!("1{}", "0".repeat(4096)); // 4097 hex digits: 16385 bits
    let at = "f".repeat(4096); // 16384 bits, odd
    for (m, e, says) in [
        (over.as_str(), "03", "--modulus has 16385 bits"),
        ("0ca1", over.as_str(), "--exponent has 16385 bits"),
    ] {
        let err =
            common::Pkbench::new(&["rsa-raw", "--modulus", m, "--exponent", e, "--input", "02"])
                .input_error();
        assert!(err.contains(says) && err.contains("at most 16384"), "{err}");
    }
    let out = common::pkbench_ok(&[
        "rsa-raw",
        "--modulus",
        &at,
        "--exponent",
        "03",
        "--input",
        "02",
    ]);
    assert_eq!(out.trim_end(), format!("{}08", "0".repeat(4094)));
}

//! Raw RSA: known answers from `rsa-raw.json` through the library and the `rsa-raw` command on
//! every backend built in, CRT against raw, PEM keys written by OpenSSL, and bad inputs.

use num_bigint::BigUint;
use pkbench::rsa::ops::Powm;
use pkbench::rsa::{self, RsaKey, ops, pem};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

/// The backends every test runs on.
fn backends() -> Vec<&'static str> {
    #[allow(unused_mut)]
    let mut v = vec!["num-bigint"];
    #[cfg(feature = "gmp")]
    v.push("gmp");
    v
}

/// The private-operation exponentiations each backend offers: `fast` everywhere, `sec`
/// (mpz_powm_sec) on gmp only.
fn powms(backend: &str) -> Vec<Powm> {
    if backend == "gmp" {
        vec![Powm::Fast, Powm::Sec]
    } else {
        vec![Powm::Fast]
    }
}

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `vectors/rsa-raw.json`.
fn vectors() -> Value {
    let text = std::fs::read_to_string(manifest().join("vectors/rsa-raw.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn big(hex: &str) -> BigUint {
    BigUint::parse_bytes(hex.as_bytes(), 16).unwrap()
}

fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    v[k].as_str().unwrap_or_else(|| panic!("missing {k}"))
}

fn key_of(k: &Value) -> RsaKey {
    let key = RsaKey {
        n: big(s(k, "n")),
        e: big(s(k, "e")),
        d: big(s(k, "d")),
        p: big(s(k, "p")),
        q: big(s(k, "q")),
        dp: big(s(k, "dp")),
        dq: big(s(k, "dq")),
        qinv: big(s(k, "qinv")),
    };
    key.validate().unwrap();
    key
}

fn unhex(h: &str) -> Vec<u8> {
    hex::decode(h).unwrap()
}

fn pkbench(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_pkbench"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn vectors_through_the_library() {
    let v = vectors();
    let mut pairs = 0;
    for vec in v["vectors"].as_array().unwrap() {
        let key = key_of(&vec["key"]);
        assert_eq!(u64::from(key.bits()), vec["key"]["bits"].as_u64().unwrap());
        let chunk = vec["chunk_bytes"].as_u64().unwrap() as usize;
        for b in backends() {
            let eng = ops::engine(&key, Some(b)).unwrap();
            let sec = ops::engine_with_powm(&key, Some(b), Powm::Sec);
            for pair in vec["pairs"].as_array().unwrap() {
                let m = unhex(s(pair, "message"));
                assert_eq!(m.len(), chunk);
                let enc = unhex(s(pair, "encrypted_public"));
                let sig = unhex(s(pair, "signed_private"));
                assert_eq!(eng.public(&m), enc, "{b} public");
                assert_eq!(eng.private_raw(&m), sig, "{b} private raw");
                assert_eq!(eng.private_crt(&m), sig, "{b} private CRT");
                // mpz_powm_sec (gmp): the same known answers, raw and CRT.
                if let Ok(sec) = &sec {
                    assert_eq!(sec.public(&m), enc, "{b} public (powm sec)");
                    assert_eq!(sec.private_raw(&m), sig, "{b} private raw (powm sec)");
                    assert_eq!(sec.private_crt(&m), sig, "{b} private CRT (powm sec)");
                }
                let n = key.n.to_bytes_be();
                assert_eq!(
                    rsa::raw(&n, &key.e.to_bytes_be(), &m, Some(b)).unwrap(),
                    enc
                );
                assert_eq!(
                    rsa::raw(&n, &key.d.to_bytes_be(), &m, Some(b)).unwrap(),
                    sig
                );
                pairs += 1;
            }
        }
    }
    assert!(pairs >= 5 * backends().len());
}

#[test]
fn powm_sec_only_where_the_library_has_one() {
    let key = key_of(&vectors()["vectors"][0]["key"]);
    for b in backends() {
        let sec = ops::engine_with_powm(&key, Some(b), Powm::Sec);
        if powms(b).contains(&Powm::Sec) {
            assert!(sec.is_ok(), "{b}");
        } else {
            let e = sec.err().expect("num-bigint has no constant-time powm");
            assert_eq!(e.exit_code(), 2);
            assert!(e.message().contains("--backend gmp"), "{e}");
        }
    }
}

#[test]
fn vectors_through_rsa_raw_command() {
    let v = vectors();
    for vec in v["vectors"].as_array().unwrap() {
        let k = &vec["key"];
        let pair = &vec["pairs"][0];
        for b in backends() {
            for (exp, want) in [("e", "encrypted_public"), ("d", "signed_private")] {
                let out = pkbench(&[
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
                assert!(
                    out.status.success(),
                    "{}",
                    String::from_utf8_lossy(&out.stderr)
                );
                assert_eq!(
                    String::from_utf8(out.stdout).unwrap(),
                    format!("{}\n", s(pair, want))
                );
            }
        }
    }
}

#[test]
fn rsa_raw_pads_to_modulus_length() {
    // n = 3233 = 0x0ca1 (61·53), e = 17: 65^17 mod 3233 = 2790 = 0x0ae6 (the textbook example).
    for b in backends() {
        let out = pkbench(&[
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
        assert_eq!(String::from_utf8(out.stdout).unwrap(), "0ae6\n", "{b}");
        // 2^1 mod 3233 = 2, padded to two bytes.
        let out = pkbench(&[
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
        assert_eq!(String::from_utf8(out.stdout).unwrap(), "0002\n", "{b}");
    }
}

fn assert_input_error(args: &[&str], needle: &str) {
    let out = pkbench(args);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} printed on stdout");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("pkbench: error: "), "{err}");
    assert!(err.contains(needle), "{args:?}: {err} lacks {needle:?}");
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
    let data = manifest().join("tests/data");
    let public = data.join("rsa512-public.pem");
    assert_input_error(&["rsa", "--key", public.to_str().unwrap()], "public key");
    let json = manifest().join("vectors/rsa512-key.json");
    assert_input_error(&["rsa", "--key", json.to_str().unwrap()], "PEM");
    let pem = data.join("rsa512-pkcs1.pem");
    let pem = pem.to_str().unwrap();
    assert_input_error(&["rsa", "--key", pem, "--bits", "1024"], "512-bit key");
    assert_input_error(&["rsa", "--bits", "1024", "--key", pem], "--bits 1024");
}

fn read_data(name: &str) -> String {
    std::fs::read_to_string(manifest().join("tests/data").join(name)).unwrap()
}

fn read_vector(name: &str) -> String {
    std::fs::read_to_string(manifest().join("vectors").join(name)).unwrap()
}

#[test]
fn pem_keys_written_by_openssl_round_trip() {
    let pkcs8 = read_data("rsa512-pkcs8.pem");
    let pkcs1 = read_data("rsa512-pkcs1.pem");
    let k8 = pem::parse_pem(&pkcs8).unwrap();
    let k1 = pem::parse_pem(&pkcs1).unwrap();
    assert_eq!(k8, k1);
    // The components OpenSSL printed for this key (`openssl rsa -noout -text`).
    let want: Value = serde_json::from_str(&read_vector("rsa512-key.json")).unwrap();
    assert_eq!(k8, key_of(&want));
    assert_eq!(k8.bits(), 512);
    // Written back, both forms are byte-for-byte what OpenSSL wrote.
    assert_eq!(pem::to_pkcs8_pem(&k8).unwrap(), pkcs8);
    assert_eq!(pem::to_pkcs1_pem(&k8).unwrap(), pkcs1);
    // And the key works: the public operation undoes the private one on every backend.
    let m = vec![0x5a; 63];
    for b in backends() {
        let eng = ops::engine(&k8, Some(b)).unwrap();
        let sig = eng.private_raw(&m);
        assert_eq!(eng.private_crt(&m), sig);
        assert_eq!(&eng.public(&sig)[1..], &m[..]);
        assert_eq!(eng.public(&sig)[0], 0);
    }
}

#[test]
fn bad_pem_rejected() {
    let pkcs1 = read_data("rsa512-pkcs1.pem");
    for (text, needle) in [
        ("hello", "PEM"),
        (
            "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
            "CERTIFICATE",
        ),
        (&read_data("rsa512-public.pem") as &str, "public key"),
        (
            "-----BEGIN RSA PRIVATE KEY-----\nMAMCAQA=\n-----END RSA PRIVATE KEY-----\n",
            "PKCS#1",
        ),
        (&pkcs1.replace("RSA PRIVATE KEY", "PRIVATE KEY"), "PKCS#8"),
    ] {
        let e = pem::parse_pem(text).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message().contains(needle), "{e} lacks {needle}");
    }
    // A consistent-looking key whose d was changed is caught by the key check.
    let mut k = pem::parse_pem(&pkcs1).unwrap();
    k.d += 2u32;
    let text = pem::to_pkcs1_pem(&k).unwrap();
    let e = pem::parse_pem(&text).unwrap_err();
    assert!(e.message().contains("inconsistent"), "{e}");
}

#[test]
fn crt_agrees_with_raw_on_generated_keys() {
    let mut rng = ChaCha20Rng::seed_from_u64(42);
    for bits in [256u32, 384, 1024] {
        let key = rsa::keygen::generate(bits, &mut rng).unwrap();
        for (b, powm) in backends()
            .into_iter()
            .flat_map(|b| powms(b).into_iter().map(move |p| (b, p)))
        {
            let eng = ops::engine_with_powm(&key, Some(b), powm).unwrap();
            for fill in [0u8, 1, 0x80, 0xff] {
                let m = vec![fill; key.modulus_bytes() - 1];
                let raw = eng.private_raw(&m);
                assert_eq!(eng.private_crt(&m), raw, "{b} {powm:?} {bits} {fill}");
                assert_eq!(eng.public(&raw), ops::pad(m.clone(), key.modulus_bytes()));
                // Cross-check against num-bigint's own modpow.
                let want = BigUint::from_bytes_be(&m).modpow(&key.d, &key.n);
                assert_eq!(BigUint::from_bytes_be(&raw), want);
            }
        }
    }
}

fn json_run(args: &[&str]) -> Value {
    let out = pkbench(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
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
            assert_eq!(
                st["raw_ms"].as_array().unwrap().len(),
                st["samples"],
                "{op}"
            );
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
    let out = pkbench(&[&args[..], &["--powm", "sec"]].concat());
    let text = String::from_utf8(out.stdout).unwrap();
    // Header lines wrap at 80 columns: compare the words.
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "private mpz_powm_sec (--powm sec, constant time), raw and CRT; public mpz_powm"
        ),
        "{text}"
    );
}

#[test]
fn rsa_command_with_key_file_and_chunk() {
    let key = manifest().join("tests/data/rsa512-pkcs8.pem");
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
    assert_eq!(j["schema"], "pkbench.result/1");
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
    let want: Value = serde_json::from_str(&read_vector("rsa512-key.json")).unwrap();
    assert_eq!(j["n"], want["n"]);
    // Text output names the figures.
    let out = pkbench(&[
        "rsa",
        "--key",
        key.to_str().unwrap(),
        "--time",
        "0.01",
        "--crt",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("bytes/s") && text.contains("CRT speedup"),
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
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_pkbench"))
        .args([
            "rsa-raw",
            "--modulus",
            "3",
            "--exponent",
            "2",
            "--input",
            "2",
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "01\n");
}

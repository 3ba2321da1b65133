//! `pkbench impls`: the implementations per operation and the system libraries found, as
//! text and JSON; with `PKBENCH_NO_PEERS=1` the libraries are not looked for and the built-in
//! code is still listed.

mod common;

use common::{Pkbench, skip};
use serde_json::Value;
use std::collections::BTreeMap;

/// The JSON of `pkbench impls --json`, with the libraries hidden when the tests run with
/// `PKBENCH_NO_PEERS=1` (the binary reads the variable itself).
fn impls_json() -> Value {
    common::pkbench_json(&["impls", "--json"])
}

fn candidates<'a>(v: &'a Value, operation: &str) -> &'a Vec<Value> {
    v["operations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["operation"] == operation)
        .unwrap_or_else(|| panic!("no {operation}"))["implementations"]
        .as_array()
        .unwrap()
}

#[test]
fn lists_every_operation_kind_with_pkbench_code_first() {
    let v = impls_json();
    assert_eq!(v["command"], "impls");
    for op in [
        "mod-p DH",
        "EC2N DH (gf2-155, gf2-185)",
        "P-256 ECDH",
        "secp256k1 ECDH",
        "X25519",
        "RSA raw private",
        "RSA private with CRT",
        "DES key setup",
        "hash MD5",
        "hash WHIRLPOOL",
        "cipher TWOFISH",
        "cipher ARCFOUR",
    ] {
        let c = candidates(&v, op);
        assert!(!c.is_empty(), "{op}");
    }
    let built_in = candidates(&v, "P-256 ECDH")
        .iter()
        .find(|c| c["status"]["state"] == "built-in")
        .expect("the p256 crate");
    assert_eq!(built_in["name"], "p256");
    assert_eq!(built_in["implementation"]["kind"], "crate");
}

#[test]
fn libraries_found_here_are_checked_with_their_versions() {
    let v = impls_json();
    let libs = v["libraries"].as_array().unwrap();
    assert_eq!(libs.len(), 3);
    for lib in libs {
        let name = lib["name"].as_str().unwrap();
        if lib["status"]["found"] != true {
            // Hidden (`PKBENCH_NO_PEERS=1`): the documented "not looked for". Otherwise a
            // library CI installs is missing: a skip, which fails under strict.
            if common::peers_hidden() {
                assert_eq!(lib["status"]["unavailable"]["kind"], "off", "{lib}");
            } else {
                skip(&format!("{name}: {}", lib["status"]["why"]));
            }
            continue;
        }
        assert!(
            !common::peers_hidden(),
            "{name} found although hidden: {lib}"
        );
        let version = lib["status"]["version"].as_str().unwrap();
        // Every operation of this library is checked (or says why it cannot run); none
        // failed its check.
        let mut checked = 0;
        for op in v["operations"].as_array().unwrap() {
            for c in op["implementations"].as_array().unwrap() {
                if c["name"] != name {
                    continue;
                }
                let state = c["status"]["state"].as_str().unwrap();
                assert_ne!(state, "failed", "{}: {c}", op["operation"]);
                if state == "checked" {
                    assert_eq!(c["implementation"]["version"], version, "{c}");
                    assert_eq!(c["implementation"]["kind"], "library");
                    checked += 1;
                }
            }
        }
        assert!(checked > 0, "{name}: nothing checked");
    }
}

#[test]
fn hidden_libraries_are_not_looked_for() {
    let out = Pkbench::new(&["impls"]).env("PKBENCH_NO_PEERS", "1").ok();
    assert!(out.contains("not looked for"), "{out}");
    assert!(out.contains("Note: PKBENCH_NO_PEERS=1 is set"), "{out}");
    assert!(!out.contains("checked, "), "{out}");
    let json = Pkbench::new(&["impls", "--json"])
        .env("PKBENCH_NO_PEERS", "1")
        .ok();
    let v = common::parse_json("impls --json", &json);
    for lib in v["libraries"].as_array().unwrap() {
        assert_eq!(lib["status"]["unavailable"]["kind"], "off", "{lib}");
    }
    let c = candidates(&v, "mod-p DH");
    assert!(c.iter().any(|c| c["status"]["state"] == "built-in"));
}

/// Issue 30 item 6: one label per implementation. Within each operation a name stands for
/// one implementation (every entry of that name that runs here is computed by the same
/// library or crate at the same version: two entries share a name only as two calls of one
/// library), an entry not in this build shares its name with no other entry, and the GMP
/// linked in through rug is `gmp-linked` (built in with `--features gmp`, else listed as not
/// built), never `gmp`, the system's libgmp loaded at run time.
#[test]
fn no_two_implementations_share_a_label() {
    let v = impls_json();
    for op in v["operations"].as_array().unwrap() {
        let what = op["operation"].as_str().unwrap();
        let entries = op["implementations"].as_array().unwrap();
        let mut by_name: BTreeMap<&str, (&Value, &Value)> = BTreeMap::new();
        for c in entries {
            let name = c["name"].as_str().unwrap();
            let imp = &c["implementation"];
            if c["how"].as_str().unwrap().contains("rug") {
                assert_eq!(name, "gmp-linked", "{what}: {c}");
            }
            if c["status"]["state"] == "not-built" {
                let same = entries.iter().filter(|o| o["name"] == name).count();
                assert_eq!(same, 1, "{what}: {name} not built, yet listed again");
            }
            if imp.is_null() {
                continue;
            }
            let who = (&imp["name"], &imp["version"]);
            if let Some(prev) = by_name.insert(name, who) {
                assert_eq!(prev, who, "{what}: two implementations named {name}");
            }
        }
    }
    for op in ["mod-p DH", "RSA raw private", "RSA private with CRT"] {
        let linked: Vec<&Value> = candidates(&v, op)
            .iter()
            .filter(|c| c["name"] == "gmp-linked")
            .collect();
        assert_eq!(linked.len(), 1, "{op}: {linked:?}");
        let c = linked[0];
        if cfg!(feature = "gmp") {
            assert_eq!(c["status"]["state"], "built-in", "{op}: {c}");
            assert_eq!(c["implementation"]["name"], "gmp-linked", "{c}");
            assert_eq!(c["implementation"]["kind"], "library", "{c}");
            assert!(
                c["implementation"]["version"]
                    .as_str()
                    .unwrap()
                    .starts_with("6."),
                "{c}"
            );
        } else {
            assert_eq!(c["status"]["state"], "not-built", "{op}: {c}");
            assert!(c["status"]["why"].as_str().unwrap().contains("gmp"), "{c}");
        }
        // The system's libgmp keeps its own name, apart from the linked one.
        assert!(
            candidates(&v, op)
                .iter()
                .filter(|c| c["name"] == "gmp")
                .all(|c| c["how"].as_str().unwrap().contains("libgmp.so")),
            "{op}"
        );
    }
}

/// Every name `impls` lists for raw RSA is one `rsa-raw --impl` takes: alone, each gives
/// the textbook value (n = 3233, e = 17, m = 65: 0ae6), or, for the linked GMP in a build
/// without it or a library not found here, the note that says so; none is unknown.
#[test]
fn every_raw_rsa_label_is_an_impl_rsa_raw_takes() {
    let v = impls_json();
    let names: Vec<&str> = candidates(&v, "RSA raw private")
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    for name in ["gmp-linked", "num-bigint", "openssl", "gcrypt", "gmp"] {
        assert!(names.contains(&name), "{name} not listed: {names:?}");
    }
    let mut asked: Vec<&str> = Vec::new();
    for name in names {
        if asked.contains(&name) {
            continue;
        }
        asked.push(name);
        let args = [
            "rsa-raw",
            "--modulus",
            "0ca1",
            "--exponent",
            "11",
            "--input",
            "41",
            "--impl",
            name,
        ];
        let (code, out, err) = Pkbench::new(&args).run();
        assert!(!err.contains("unknown implementation"), "{name}: {err}");
        if code == 0 {
            assert_eq!(out, "0ae6\n", "{name}: {err}");
        } else if name == "gmp-linked" && !cfg!(feature = "gmp") {
            assert_eq!(code, 2, "{err}");
            assert!(err.contains("--features gmp"), "{err}");
        } else {
            assert_eq!(code, 2, "{name}: {err}");
            common::library_missing(&err, name, "rsa-raw --impl LIB");
        }
    }
}

/// The command that times `operation` of `pkbench impls` cheaply (short runs, small sizes),
/// without `--impl` and `--json`; `twin` for a library's constant-time twin of its call
/// (`BN_mod_exp_mont_consttime`, `mpz_powm_sec`), which `rsa --powm sec` and `leak` time.
/// `None` for an operation the walk does not know (a new one: the test fails naming it).
fn command_for(operation: &str, twin: bool) -> Option<Vec<String>> {
    let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    let dh = |g: &str| words(&format!("dh --group {g} --time 0.01"));
    if let Some(hash) = operation.strip_prefix("hash ") {
        return Some(words(&format!("hash --algo {hash} --sizes 64 --time 0.01")));
    }
    if let Some(cipher) = operation.strip_prefix("cipher ") {
        // `impls` names a cipher as libgcrypt does; `cipher --algo` by pkbench's names.
        let algo = match cipher.split(' ').next()? {
            "SERPENT128" => "serpent",
            "CAMELLIA128" => "camellia",
            "RFC2268_40" => "rc2",
            other => other,
        };
        let stream = ["ARCFOUR", "SALSA20"].contains(&algo);
        let mode = if stream { "" } else { " --mode ecb" };
        return Some(words(&format!(
            "cipher --algo {algo}{mode} --points 2 --max-bytes 256 --time 0.01"
        )));
    }
    let sec = if twin { " --powm sec" } else { "" };
    Some(match operation {
        "mod-p DH" if twin => words("leak --group modp-768 --max-measurements 200"),
        "mod-p DH" => dh("modp-768"),
        "EC2N DH (gf2-155, gf2-185)" => dh("gf2-155"),
        "P-256 ECDH" => dh("p256"),
        "secp256k1 ECDH" => dh("k256"),
        "X25519" => dh("x25519"),
        "P-384 ECDH" => dh("p384"),
        "P-521 ECDH" => dh("p521"),
        "X448" => dh("x448"),
        "ML-KEM-512 (KeyGen, Encaps, Decaps)" => dh("mlkem512"),
        "ML-KEM-768 (KeyGen, Encaps, Decaps)" => dh("mlkem768"),
        "ML-KEM-1024 (KeyGen, Encaps, Decaps)" => dh("mlkem1024"),
        "X25519MLKEM768 (KeyGen, Encaps, Decaps)" => dh("x25519mlkem768"),
        "RSA raw private" => words(&format!("rsa --bits 512 --time 0.01{sec}")),
        "RSA private with CRT" => words(&format!("rsa --bits 512 --crt --time 0.01{sec}")),
        "DES key setup" => words("des --keysetup --time 0.01"),
        _ => return None,
    })
}

/// The part of a library's variant that names its call ("EVP_PKEY_derive" of
/// "EVP_PKEY_derive, prime256v1"): the rest names the curve or provider, which a run on
/// one curve of an operation of two (EC2N) need not share.
fn call_of(variant: &str) -> &str {
    variant.split(", ").next().unwrap_or(variant)
}

/// One run of the walk: the operation, the label, the command, and the calls of the
/// label's entries it must time (a library's; empty for pkbench's own code and crates).
type Run = (String, String, Vec<String>, Vec<String>);

/// Issue 30 item 6: every label `pkbench impls` lists as ready here (built in or checked)
/// is one `--impl` takes on the command that times the operation, that run's rows are
/// labelled with it (the row's implementation: for pkbench's own rows the crate or backend
/// that computes them, `p256`, `num-bigint`; or, for pkbench's portable code, the `impl`
/// param), and every call a library's entries name is one the run times (so no entry is
/// listed that no option times). Three runs at a time.
#[test]
fn every_listed_label_selects_its_rows() {
    let v = impls_json();
    let mut runs: Vec<Run> = Vec::new();
    for op in v["operations"].as_array().unwrap() {
        let what = op["operation"].as_str().unwrap();
        for c in op["implementations"].as_array().unwrap() {
            let name = c["name"].as_str().unwrap();
            let state = c["status"]["state"].as_str().unwrap();
            assert_ne!(state, "failed", "{what}: {c}");
            if !["built-in", "checked"].contains(&state) {
                continue;
            }
            let variant = c["implementation"]["variant"].as_str().unwrap_or("");
            let twin = variant.contains("consttime") || variant.contains("_sec");
            let args = command_for(what, twin).unwrap_or_else(|| panic!("no command times {what}"));
            let call = (state == "checked").then(|| call_of(variant).to_string());
            match runs
                .iter_mut()
                .find(|r| r.0 == what && r.1 == name && r.2 == args)
            {
                Some(r) => r.3.extend(call),
                None => runs.push((what.into(), name.into(), args, call.into_iter().collect())),
            }
        }
    }
    // The operations and labels of issue 30 are among them.
    for (what, name) in [
        ("P-256 ECDH", "p256"),
        ("P-256 ECDH", "openssl"),
        ("mod-p DH", "num-bigint"),
        ("ML-KEM-768 (KeyGen, Encaps, Decaps)", "ml-kem"),
        ("ML-KEM-768 (KeyGen, Encaps, Decaps)", "libcrux-ml-kem"),
        ("X25519MLKEM768 (KeyGen, Encaps, Decaps)", "aws-lc-rs"),
        ("hash MD5", "md-5"),
        ("cipher AES", "aes"),
    ] {
        let listed = runs.iter().any(|r| r.0 == what && r.1 == name);
        if !listed && name == "openssl" && !common::peers_hidden() {
            skip(&format!("{what}: openssl not found here"));
        } else if name != "openssl" {
            assert!(listed, "{what}: {name} not listed as ready");
        }
    }
    let queue = std::sync::Mutex::new(runs);
    let failures = std::sync::Mutex::new(Vec::<String>::new());
    std::thread::scope(|s| {
        for _ in 0..3 {
            s.spawn(|| {
                loop {
                    let Some((what, name, mut args, calls)) = queue.lock().unwrap().pop() else {
                        return;
                    };
                    args.extend(["--impl", &name, "--json"].map(String::from));
                    if let Err(e) = rows_named(&args, &name, &calls) {
                        failures.lock().unwrap().push(format!("{what}: {e}"));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs pkbench with `args`; `Err` unless it succeeds, every row it prints is labelled
/// `name` (its implementation's name or its `impl` param) and each of `calls` is the call
/// of one of its rows.
fn rows_named(args: &[String], name: &str, calls: &[String]) -> Result<(), String> {
    let (code, out, err) = Pkbench::new(args).run();
    let cmd = format!("pkbench {}", args.join(" "));
    if code != 0 {
        return Err(format!("{cmd}: exit {code}: {err}"));
    }
    let v: Value = serde_json::from_str(&out).map_err(|e| format!("{cmd}: {e}"))?;
    let ops = v["operations"].as_array().filter(|o| !o.is_empty());
    let ops = ops.ok_or_else(|| format!("{cmd}: no operations"))?;
    for o in ops {
        let imp = o["implementation"]["name"].as_str();
        let param = o["params"]["impl"].as_str();
        // A KEM run names the implementations it timed in its own `impl` param (a hybrid's
        // part rows name the code of the part).
        let kem = v["params"]["impl"].as_str();
        if imp != Some(name) && param != Some(name) && kem != Some(name) {
            return Err(format!(
                "{cmd}: row {} is labelled {imp:?} / {param:?}, not {name}",
                o["name"]
            ));
        }
    }
    let timed: Vec<&str> = ops
        .iter()
        .filter_map(|o| o["implementation"]["variant"].as_str())
        .map(call_of)
        .collect();
    // A cipher's entry names it for every mode ("AES-128"), a row its mode ("AES-128-ECB").
    match calls.iter().find(|c| {
        !timed
            .iter()
            .any(|t| *t == c.as_str() || t.starts_with(&format!("{c}-")))
    }) {
        Some(c) => Err(format!(
            "{cmd}: {name}'s entry {c} is listed, but the run timed {timed:?}"
        )),
        None => Ok(()),
    }
}

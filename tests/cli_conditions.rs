//! CLI tests of the run conditions of issue 20: `hash --sizes` (MB/s per message size) and
//! `hash --modes gcrypt` (libgcrypt's five hash columns), and `compare` of two such records.

mod common;

use common::{pkbench_input_error, pkbench_json as json, pkbench_ok, scratch};

#[test]
fn hash_sizes_give_one_checked_operation_per_size() {
    let v = json(&[
        "hash",
        "--algo",
        "md5",
        "--sizes",
        "16,64,1024",
        "--time",
        "0.01",
        "--json",
    ]);
    assert_eq!(v["params"]["sizes"], serde_json::json!([16, 64, 1024]));
    let ops = v["operations"].as_array().unwrap();
    assert_eq!(ops.len(), 3);
    for (op, size) in ops.iter().zip([16, 64, 1024]) {
        assert_eq!(op["name"], "hash");
        assert_eq!(op["params"]["block"], size);
        assert_eq!(op["params"]["algo"], "MD5");
        assert!(op["info"]["outputs_checked"].as_u64().unwrap() >= 1);
        let mb = op["info"]["mb_per_s"].as_f64().unwrap();
        // MB/s is block bytes over the median time per digest.
        let secs = op["stats"]["median_s"].as_f64().unwrap();
        assert!((mb - size as f64 / secs / 1e6).abs() <= 1e-9 * mb.max(1.0));
    }
    let text = pkbench_ok(&[
        "hash", "--algo", "md5", "--sizes", "16,16384", "--time", "0.01",
    ]);
    assert!(text.contains("16384") && text.contains("MB/s"), "{text}");
}

#[test]
fn gcrypt_modes_record_and_compare_each_under_its_item() {
    let dir = scratch("gcrypt-modes");
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    for f in [&a, &b] {
        let args = [
            "hash", "--algo", "md5,sha1", "--modes", "gcrypt", "--time", "0.01", "--output",
        ];
        let mut args: Vec<&str> = args.to_vec();
        args.push(f.to_str().unwrap());
        let text = pkbench_ok(&args);
        for col in ["buf", "buf/10", "putc", "large", "SHA-1"] {
            assert!(text.contains(col), "{col}: {text}");
        }
    }
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&a).unwrap()).unwrap();
    let ops = v["operations"].as_array().unwrap();
    let names: Vec<&str> = ops.iter().map(|o| o["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "buf", "buf/10", "1", "putc", "large", "buf", "buf/10", "1", "putc", "large"
        ]
    );
    for op in ops {
        assert_eq!(op["params"]["method"], "gcrypt");
        assert!(op["info"]["outputs_checked"].as_u64().unwrap() >= 1);
    }
    assert_eq!(ops[2]["info"]["block"], 1);
    assert_eq!(ops[0]["info"]["block"], 1_000_000);
    assert_eq!(ops[0]["info"]["feed"], "1000-byte writes");
    let cmp = pkbench_ok(&["compare", a.to_str().unwrap(), b.to_str().unwrap()]);
    let row = |algo: &str| format!("hash algo={algo} method=gcrypt");
    assert!(
        cmp.contains(&row("MD5")) && cmp.contains(&row("SHA-1")),
        "{cmp}"
    );
    // Each operation under its item (compare's document: one row per operation).
    for op in ["buf ", "buf/10", "1 ", "putc", "large"] {
        assert!(cmp.contains(&format!("│   {op}")), "{op}: {cmp}");
    }
    assert!(cmp.contains("of all 10 ratios"), "{cmp}");
}

#[test]
fn bad_sizes_exit_2() {
    for args in [
        &["hash", "--sizes", "0,16"][..],
        &["hash", "--sizes", "16", "--block", "64"],
        &["hash", "--modes", "openssl"],
        &["hash", "--algo", "md5,sha3", "--modes", "gcrypt"],
    ] {
        pkbench_input_error(args);
    }
}

#[test]
fn cipher_sizes_give_mb_per_s_per_size() {
    let args = [
        "cipher",
        "--algo",
        "aes",
        "--key-bits",
        "128",
        "--mode",
        "ctr",
        "--sizes",
        "16,64,1024",
        "--time",
        "0.03",
    ];
    let text = pkbench_ok(&args);
    assert!(text.contains("MB/s per buffer size"), "{text}");
    for col in ["16 B", "64 B", "1024 B"] {
        assert!(text.contains(col), "{col}: {text}");
    }
    let mut a = args.to_vec();
    a.push("--json");
    let v = json(&a);
    assert_eq!(v["params"]["sizes"], serde_json::json!([16, 64, 1024]));
    let op = &v["operations"][0];
    let sizes: Vec<u64> = op["info"]["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["bytes"].as_u64().unwrap())
        .collect();
    assert_eq!(sizes, [16, 64, 1024]);
    for bad in ["16,20", "0,16", "16"] {
        pkbench_input_error(&["cipher", "--algo", "aes", "--sizes", bad]);
    }
}

#[test]
fn sizes_with_every_implementation() {
    // SHA-0 with --impl all over two sizes: pkbench's own row per size, the libraries'
    // SHA-1 stand-in per size where a library is found, each row naming its size.
    let v = json(&[
        "hash", "--algo", "sha0", "--impl", "all", "--sizes", "16,1024", "--time", "0.01", "--json",
    ]);
    let ops = v["operations"].as_array().unwrap();
    let own: Vec<&serde_json::Value> = ops
        .iter()
        .filter(|o| o["params"]["impl"].is_null())
        .collect();
    assert_eq!(own.len(), 2);
    assert_eq!(own[0]["params"]["block"], 16);
    assert_eq!(own[1]["params"]["block"], 1024);
    assert!(own.iter().all(|o| o["params"]["algo"] == "SHA-0"));
    for o in ops.iter().filter(|o| !o["params"]["impl"].is_null()) {
        assert_eq!(o["params"]["algo"], "SHA-1", "{o}");
        assert!([16, 1024].contains(&o["params"]["block"].as_u64().unwrap()));
    }
    // A library that is missing or lacks the hash is noted once, not once per size.
    let skipped = v["skipped"].as_array().unwrap();
    let mut seen: Vec<String> = skipped.iter().map(|s| s.to_string()).collect();
    seen.dedup();
    assert_eq!(seen.len(), skipped.len(), "{skipped:?}");
    let text = pkbench_ok(&[
        "hash", "--algo", "sha0", "--impl", "all", "--sizes", "16,1024", "--time", "0.01",
    ]);
    if ops.len() > 2 {
        assert!(text.contains("hash SHA-0 1024 B"), "{text}");
    }
    // --modes gcrypt with --impl: tests/cli_hash_gcrypt.rs.
}

#[test]
fn compare_of_two_cipher_records_lists_modes_and_directions_in_order() {
    let dir = scratch("cipher-compare");
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    for f in [&a, &b] {
        pkbench_ok(&[
            "cipher",
            "--algo",
            "aes",
            "--both",
            "--points",
            "3",
            "--time",
            "0.02",
            "--output",
            f.to_str().unwrap(),
        ]);
    }
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&a).unwrap()).unwrap();
    let names: Vec<&str> = v["operations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    let want = [
        "ECB enc", "ECB dec", "CBC enc", "CBC dec", "CFB enc", "CFB dec", "OFB enc", "OFB dec",
        "CTR enc", "CTR dec",
    ];
    assert_eq!(names, want);
    let cmp = pkbench_ok(&["compare", a.to_str().unwrap(), b.to_str().unwrap()]);
    // The cipher as an item, its ten operations under it in libgcrypt's order, every line
    // within 80 columns.
    assert!(cmp.contains("│ cipher cipher=AES "), "{cmp}");
    let at: Vec<usize> = want
        .iter()
        .map(|c| {
            cmp.find(&format!("│   {c} "))
                .unwrap_or_else(|| panic!("{c}: {cmp}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{cmp}");
    assert!(cmp.lines().all(|l| l.chars().count() <= 80), "{cmp}");
    assert!(cmp.contains("of all 10 ratios"), "{cmp}");
    std::fs::remove_dir_all(&dir).unwrap();
}

//! CLI tests of `pkbench cipher`: real figures in JSON, known-answer-checked configurations,
//! and bad input as one line on stderr with exit code 2.

mod common;

use common::{pkbench, pkbench_input_error, pkbench_ok, pkbench_summary as pkbench_json};

const QUICK: [&str; 6] = ["--time", "0.02", "--max-bytes", "512", "--points", "4"];

fn json(args: &[&str]) -> serde_json::Value {
    let mut a = args.to_vec();
    a.extend_from_slice(&QUICK);
    a.push("--json");
    pkbench_json(&a)
}

#[test]
fn aes_128_ctr_json_has_real_figures() {
    let v = json(&[
        "cipher",
        "--algo",
        "aes",
        "--key-bits",
        "128",
        "--mode",
        "ctr",
    ]);
    assert_eq!(v["command"], "cipher");
    assert_eq!(v["name"], "AES");
    assert_eq!(v["spec"]["key_bits"], 128);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    let r = &rows[0];
    assert_eq!(r["mode"], "ctr");
    assert_eq!(r["direction"], "encrypt");
    let mbs = r["mb_per_s"].as_f64().unwrap();
    let mbit = r["mbit_per_s"].as_f64().unwrap();
    assert!(mbs.is_finite(), "{mbs}");
    assert!(
        (mbit - 8.0 * mbs).abs() <= 1e-6 * mbit.abs(),
        "{mbit} {mbs}"
    );
    assert_eq!(r["points"].as_array().unwrap().len(), 4);
    let ka: Vec<&str> = v["known_answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(ka.contains(&"FIPS 197 C.1"), "{ka:?}");
    assert!(ka.contains(&"NIST SP 800-38A F.5.1"), "{ka:?}");
}

#[test]
fn every_cipher_runs_in_one_mode() {
    for (algo, bits, mode, name) in [
        ("des", "56", "cbc", "DES"),
        ("3des", "168", "cfb", "3DES"),
        ("cast5", "128", "ofb", "CAST5"),
        ("blowfish", "128", "ecb", "BLOWFISH"),
        ("twofish", "128", "ctr", "TWOFISH128"),
        ("serpent", "256", "cbc", "SERPENT256"),
        ("camellia", "256", "ctr", "CAMELLIA256"),
        ("idea", "128", "cfb", "IDEA"),
        ("rc2", "40", "cbc", "RFC2268_40"),
        ("arcfour", "128", "stream", "ARCFOUR"),
        ("aes", "192", "ecb", "AES192"),
    ] {
        let v = json(&[
            "cipher",
            "--algo",
            algo,
            "--key-bits",
            bits,
            "--mode",
            mode,
            "--decrypt",
        ]);
        assert_eq!(v["name"], name);
        let r = &v["rows"][0];
        assert_eq!(r["direction"], "decrypt", "{algo}");
        // No timing assertion (a loaded machine can tilt a tiny slope): a fitted number.
        assert!(
            r["slope"]["ns_per_byte"].as_f64().unwrap().is_finite(),
            "{algo}"
        );
        assert_eq!(r["points"].as_array().unwrap().len(), 4, "{algo}");
    }
}

#[test]
fn all_modes_both_directions_in_text() {
    let mut a = vec!["cipher", "--algo", "des", "--both"];
    a.extend_from_slice(&QUICK);
    let text = pkbench_ok(&a);
    for m in ["ECB", "CBC", "CFB", "OFB", "CTR"] {
        assert_eq!(text.matches(&format!("│ {m} ")).count(), 2, "{m}\n{text}");
    }
    assert!(text.contains("Mbit/s"));
    assert!(text.contains("DES worked example"));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        &["cipher", "--algo", "rot13"][..],
        &["cipher", "--algo", "aes", "--key-bits", "100"],
        &["cipher", "--algo", "arcfour", "--mode", "cbc"],
        &["cipher", "--algo", "aes", "--mode", "stream"],
        &[
            "cipher",
            "--algo",
            "aes",
            "--min-bytes",
            "4096",
            "--max-bytes",
            "16",
        ],
        &["cipher", "--algo", "aes", "--time", "0"],
    ] {
        pkbench_input_error(args);
    }
}

#[test]
fn output_saves_a_record_that_compare_reads() {
    let dir = common::scratch("cipher");
    let file = dir.join("aes.json");
    let f = file.to_str().unwrap();
    let mut a = vec![
        "cipher", "--algo", "aes", "--mode", "cbc", "--both", "--output", f,
    ];
    a.extend_from_slice(&QUICK);
    pkbench_ok(&a);
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(v["schema"], "pkbench.result/3");
    let ops = v["operations"].as_array().unwrap();
    assert_eq!(ops.len(), 2);
    assert_eq!(ops[0]["name"], "CBC enc");
    assert_eq!(ops[1]["name"], "CBC dec");
    assert_eq!(ops[0]["params"]["cipher"], "AES");
    assert!(
        ops[0]["figures"]["bytes_per_sec"]
            .as_f64()
            .unwrap()
            .is_finite()
    );
    // A second run without --force refuses to overwrite; compare reads the record.
    let (code, _, _) = pkbench(&a);
    assert_eq!(code, 2);
    let text = pkbench_ok(&["compare", f, f]);
    assert!(
        text.contains("CBC enc") && text.contains("cipher=AES"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn repro_gnupg_2000_prints_the_table_with_this_machine() {
    let text = pkbench_ok(&["repro", "gnupg-2000", "--time", "0.02"]);
    for (label, k6, celeron) in [
        ("CAST5-128", "35.50", "49.00"),
        ("BLOWFISH-128", "35.40", "40.00"),
        ("RIJNDAEL-128", "31.00", "44.50"),
        ("3DES-168", "12.20", "19.00"),
        ("RIJNDAEL-192", "28.70", "41.30"),
        ("TWOFISH-256", "25.00", "33.50"),
        ("RIJNDAEL-256", "26.60", "38.50"),
    ] {
        let line = text
            .lines()
            .find(|l| l.contains(label))
            .unwrap_or_else(|| panic!("{label} missing:\n{text}"));
        assert!(line.contains(k6) && line.contains(celeron), "{line}");
        assert_eq!(common::speedups(line), 2, "{line}");
        assert!(!line.contains('×'), "one speedup notation: {line}");
    }
    assert!(text.contains("this machine"), "{text}");

    let v = pkbench_json(&["repro", "gnupg-2000", "--time", "0.02", "--json"]);
    assert_eq!(v["schema"], "pkbench.result/3");
    assert_eq!(v["command"], "repro");
    assert_eq!(v["reference"]["columns"][1], "Celeron/500");
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 7);
    assert!(
        rows.iter()
            .all(|r| r["mode"] == "cfb" && r["direction"] == "encrypt")
    );
    assert_eq!(rows[3]["name"], "3DES");
    assert_eq!(rows[5]["name"], "TWOFISH");
    assert_eq!(v["operations"][0]["params"]["cipher"], "CAST5");
    assert_eq!(v["operations"][0]["name"], "CFB enc");
    let ours = v["this_machine"][2].as_f64().unwrap();
    let sp = v["speedup"][2][0].as_f64().unwrap();
    assert!((sp - ours / 31.0).abs() < 1e-9 * sp.abs().max(1.0));

    let (code, out, err) = pkbench(&["repro", "gnupg-1999"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("gnupg-2000"));
}

#[test]
fn compare_splits_a_mixed_record_into_one_table_per_command() {
    use pkbench::measure::{Machine, Stats};
    use pkbench::record::{Operation, ResultRecord, params};
    use pkbench::report::compare::{NoiseRule, Sides, compare, pair_tables};
    use serde_json::json;
    let rec = |speed: f64| {
        let mut r = ResultRecord::new("suite", "wall", Machine::detect());
        r.operations.push(Operation::timed(
            "Offer",
            params([("command", json!("dh")), ("group", json!("gf2-155"))]),
            Stats::from_samples(vec![1.0 / speed], 1),
        ));
        for (cipher, mode) in [("AES", "CBC enc"), ("AES", "CTR dec"), ("3DES", "CBC enc")] {
            r.operations.push(Operation::derived(
                mode,
                params([("command", json!("cipher")), ("cipher", json!(cipher))]),
                "bytes_per_sec",
                1e6 * speed,
            ));
        }
        r
    };
    let (base, new) = (rec(1.0), rec(2.0));
    let cmp = compare(&base, &new, &NoiseRule::from_threshold(Some(1.0)));
    let sides = Sides {
        base: "BASE",
        new: "NEW",
    };
    let tables = pair_tables(&cmp, &base, &new, sides);
    assert_eq!(tables.len(), 2);
    let ((dh_head, dh), (ci_head, ci)) = (&tables[0], &tables[1]);
    assert_eq!((dh_head.as_str(), ci_head.as_str()), ("dh", "cipher"));
    assert_eq!(dh.header, ["operation", "BASE", "NEW", "NEW/BASE"]);
    let cells = |t: &pkbench::report::doc::Table| -> Vec<Vec<String>> {
        t.rows.iter().map(|r| t.texts(r)).collect()
    };
    // Each item a group row, its operations under it with both figures and their ratio.
    assert_eq!(
        cells(dh),
        [
            vec!["dh group=gf2-155", "", "", ""],
            vec!["  Offer", "1.000 ms", "500.0 µs", "2.00x"],
            vec!["geometric mean", "", "", "2.00x"],
        ]
    );
    assert_eq!(
        cells(ci),
        [
            vec!["cipher cipher=AES", "", "", ""],
            vec!["  CBC enc", "1.000 MB/s", "2.000 MB/s", "2.00x"],
            vec!["  CTR dec", "1.000 MB/s", "2.000 MB/s", "2.00x"],
            vec!["cipher cipher=3DES", "", "", ""],
            vec!["  CBC enc", "1.000 MB/s", "2.000 MB/s", "2.00x"],
            vec!["geometric mean", "", "", ""],
            vec!["  CBC enc", "", "", "2.00x"],
            vec!["  CTR dec", "", "", "2.00x"],
            vec!["  all 3 ratios", "", "", "2.00x"],
        ]
    );
    // The figures are typed: rates in bytes per second, the ratio as a factor.
    let offer = &ci.rows[1].cells;
    assert_eq!(
        offer[2].value.as_ref().map(|q| (q.value, q.unit)),
        Some((2e6, "B/s"))
    );
    assert_eq!(
        offer[3].value.as_ref().map(|q| (q.value, q.unit)),
        Some((2.0, "x"))
    );
}

#[test]
fn doubtful_fits_are_flagged_not_hidden() {
    use pkbench::bench::cipher::{CipherRow, Row, SizeGrid, bench_row, operation};
    use pkbench::measure::{Clock, Machine, MeasureConfig};
    use pkbench::record::ResultRecord;
    use pkbench::symmetric::{CipherSpec, Direction, Mode};
    let spec = CipherSpec::parse("des", None).unwrap();
    let grid = SizeGrid {
        min_bytes: 16,
        max_bytes: 256,
        points: 3,
        list: Vec::new(),
    };
    let cfg = MeasureConfig::with_budget_secs(0.005, Clock::Wall);
    let mut rows: Vec<CipherRow> = [Direction::Encrypt, Direction::Decrypt]
        .iter()
        .map(|&direction| {
            let row = Row {
                spec,
                mode: Mode::Ecb,
                direction,
            };
            bench_row(&row, &grid, &cfg, 1995, &mut || {}).unwrap()
        })
        .collect();
    // Make the first row a fit a loaded machine could give: R² 0.95, intercept -40 ns;
    // the second a clean one.
    rows[0].slope.r2 = 0.95;
    rows[0].slope.intercept_ns = -40.0;
    rows[0].fit_doubts = rows[0].slope.doubts();
    rows[1].slope.r2 = 0.9999;
    rows[1].slope.intercept_ns = 30.0;
    rows[1].fit_doubts = rows[1].slope.doubts();
    let implementation = spec.cipher.implementation(|_| false);
    let mut rec = ResultRecord::new("cipher", "wall", Machine::detect());
    rec.add_operations(rows.iter().map(|r| operation(r, &implementation, 0.0)));
    let text = pkbench::report::cipher::render_text(&rec);
    let enc = text.lines().find(|l| l.contains("ECB  ┆ enc")).unwrap();
    assert!(
        enc.contains("-40.00") && enc.contains("0.9500"),
        "figures shown: {enc}"
    );
    assert!(enc.contains("[1] [2]"), "{enc}");
    let dec = text.lines().find(|l| l.contains("ECB  ┆ dec")).unwrap();
    assert!(!dec.contains('['), "{dec}");
    assert!(text.contains("\n[1] R² < 0.99: "), "{text}");
    assert!(text.contains("\n[2] negative intercept: "), "{text}");
    assert_eq!(
        rec.operations[0].info["fit_doubts"],
        serde_json::json!(["low-r2", "negative-intercept"])
    );
    assert!(!rec.operations[1].info.contains_key("fit_doubts"));
    let v = pkbench::report::json::with_summary(&rec).unwrap();
    assert_eq!(v["rows"][0]["fit_doubts"][1], "negative-intercept");
    assert_eq!(v["rows"][1]["fit_doubts"], serde_json::json!([]));
}

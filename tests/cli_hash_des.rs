//! CLI tests of `pkbench hash` and `pkbench des`: JSON output with real checks, known answers
//! against `vectors/`, and bad input (exit 2, one line, no stdout).

mod common;

use common::{pkbench, pkbench_input_error, pkbench_ok, pkbench_summary as json};

#[test]
fn hash_json_for_every_algorithm() {
    for (algo, name, min_kats) in [
        ("md5", "MD5", 6),
        ("md4", "MD4", 6),
        ("sha0", "SHA-0", 3),
        ("sha1", "SHA-1", 6),
        ("haval", "HAVAL-256/3", 6),
        ("haval-128-5", "HAVAL-128/5", 6),
    ] {
        let v = json(&[
            "hash", "--algo", algo, "--block", "2000", "--time", "0.01", "--json",
        ]);
        assert_eq!(v["command"], "hash");
        assert_eq!(v["algo"], name);
        assert!(
            v["known_answers_checked"].as_u64().unwrap() >= min_kats,
            "{algo}"
        );
        assert!(v["outputs_checked"].as_u64().unwrap() >= 1, "{algo}");
        assert_eq!(v["throughput"]["chunk_bytes"], 2000);
        assert!(v["throughput"]["mb_per_s"].as_f64().unwrap() > 0.0);
        assert!(v["machine"]["cpu_model"].is_string());
    }
}

#[test]
fn des_json_keysetup_ecb_cbc() {
    let v = json(&["des", "--keysetup", "--time", "0.01", "--json"]);
    assert_eq!(v["result"]["what"], "key-setup");
    assert_eq!(v["result"]["known_answers_checked"], 5);
    assert!(v["result"]["us_per_key"].as_f64().unwrap() > 0.0);
    for mode in ["ecb", "cbc"] {
        let v = json(&[
            "des", "--mode", mode, "--block", "800", "--time", "0.01", "--json",
        ]);
        assert_eq!(v["result"]["what"], "encrypt");
        assert_eq!(v["result"]["mode"], mode);
        assert!(v["result"]["outputs_checked"].as_u64().unwrap() >= 1);
        assert!(v["result"]["throughput"]["mb_per_s"].as_f64().unwrap() > 0.0);
    }
}

#[test]
fn text_output_names_the_units() {
    let s = pkbench_ok(&["hash", "--algo", "sha0", "--block", "640", "--time", "0.01"])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(s.contains("SHA-0") && s.contains("MB/s"), "{s}");
    // Data sizes in decimal MB, like the README and the MB/s figures (not "7.2 MiB").
    assert!(s.contains("from 7.5 MB of random data"), "{s}");
    let (_, out, _) = pkbench(&["des", "--block", "800", "--time", "0.01"]);
    // Prose lines wrap at 80 columns: compare the words.
    let d = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        d.contains("from 7.5 MB of random data") && !d.contains("MiB"),
        "{d}"
    );
    let (_, s, _) = pkbench(&["des", "--keysetup", "--time", "0.01"]);
    assert!(s.contains("µs/key"), "{s}");
    // One unit per column: the quartiles in µs/key like the median, no "ns" or "ms" cells.
    assert!(s.contains("q1 … q3 (µs/key)"), "{s}");
    let row = s.lines().find(|l| l.contains("DES key setup")).unwrap();
    assert!(!row.contains(" ns") && !row.contains(" ms"), "{row}");
    let cells: Vec<&str> = row
        .split('┆')
        .map(|c| c.trim_matches(|c: char| c == '│' || c.is_whitespace()))
        .collect();
    let quart: Vec<f64> = cells[2].split(" … ").map(|x| x.parse().unwrap()).collect();
    let median: f64 = cells[1].parse().unwrap();
    assert!(quart[0] <= median && median <= quart[1], "{row}");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        &["hash", "--algo", "sha3"][..],
        &["hash", "--algo", "haval-100-3"],
        &["hash", "--block", "0"],
        &["des", "--block", "1001"],
        &["des", "--time=-1"],
    ] {
        pkbench_input_error(args);
    }
}

#[test]
fn known_answers_match_the_vector_files() {
    // The library's DES and hashes against the files in vectors/.
    use pkbench::hash::Algo;
    for a in [Algo::Md4, Algo::Md5, Algo::Sha1] {
        for (m, d) in a.known_answers() {
            assert_eq!(a.digest(&m), Some(d), "{}", a.name());
        }
    }
    let rows = common::vectors("des.json");
    let kats = pkbench::des::known_answers();
    assert_eq!(kats.len(), rows.len());
    for (k, row) in kats.iter().zip(&rows) {
        assert_eq!(hex::encode(k.0), row["key"].as_str().unwrap());
        assert_eq!(hex::encode(k.2), row["ciphertext"].as_str().unwrap());
    }
    assert_eq!(pkbench::des::check_known_answers().unwrap(), kats.len());
}

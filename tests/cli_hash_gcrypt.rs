//! CLI tests of the hashes of libgcrypt's 2013 table (`src/hash/table2013.rs`): the five
//! columns of `--modes gcrypt` through libgcrypt for the hashes pkbench has no code for
//! (RIPEMD-160, TIGER192, WHIRLPOOL, CRC-32, CRC-24) and for SHA-512 (also the `sha2`
//! crate's), checked on published known answers and after timing; and the one line a hash
//! pkbench has no code for gets without libgcrypt.

mod common;

use common::{peers_hidden, pkbench, pkbench_input_error, pkbench_json as json, pkbench_ok};
use serde_json::Value;

const COLUMNS: [&str; 5] = ["buf", "buf/10", "1", "putc", "large"];

/// The hashes of the line, with their display names and libgcrypt names.
const HASHES: [(&str, &str, &str); 5] = [
    ("ripemd160", "RIPEMD-160", "RIPEMD160"),
    ("tiger192", "TIGER192", "TIGER192"),
    ("sha512", "SHA-512", "SHA512"),
    ("whirlpool", "WHIRLPOOL", "WHIRLPOOL"),
    ("crc32", "CRC-32", "CRC32"),
];

fn ops(v: &Value) -> &Vec<Value> {
    v["operations"].as_array().unwrap()
}

#[test]
fn the_2013_table_through_libgcrypt_has_five_columns_per_hash() {
    let algos = "ripemd160,tiger192,sha512,whirlpool,crc32";
    let args = [
        "hash", "--algo", algos, "--modes", "gcrypt", "--impl", "gcrypt", "--time", "0.01",
    ];
    if peers_hidden() {
        let err = pkbench_input_error(&args);
        assert!(err.contains("gcrypt") && err.contains("not found"), "{err}");
        return;
    }
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&with_json);
    assert_eq!(v["params"]["method"], "gcrypt");
    assert_eq!(ops(&v).len(), 25, "{v}");
    for (name, display, gcrypt_name) in HASHES {
        for col in COLUMNS {
            let op = ops(&v)
                .iter()
                .find(|o| o["name"] == col && o["params"]["algo"] == display)
                .unwrap_or_else(|| panic!("{name} {col} missing"));
            assert_eq!(op["params"]["impl"], "gcrypt", "{name} {col}");
            assert_eq!(op["implementation"]["name"], "gcrypt");
            assert_eq!(op["implementation"]["variant"], gcrypt_name);
            // Every known answer (at least the empty message and "abc", or the CRC check
            // value) through the column's feed before timing, every timed digest after.
            assert!(
                op["info"]["known_answers_checked"].as_u64().unwrap() >= 3,
                "{op}"
            );
            assert!(op["info"]["outputs_checked"].as_u64().unwrap() >= 1, "{op}");
            assert!(op["figures"]["bytes_per_sec"].as_f64().unwrap() > 0.0);
        }
    }
    // The text: the 2013 layout, a row per hash with a figure in each of the five columns.
    let text = pkbench_ok(&args);
    let head = text
        .lines()
        .find(|l| l.contains("buf/10"))
        .expect("the table's head");
    let cells = |l: &str| -> Vec<String> {
        l.split(['│', '┆'])
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .collect()
    };
    assert_eq!(cells(head), ["hash", "buf", "buf/10", "1", "putc", "large"]);
    for (_, display, _) in HASHES {
        let row = text
            .lines()
            .find(|l| l.starts_with('│') && cells(l).first().map(String::as_str) == Some(display))
            .unwrap_or_else(|| panic!("no row {display}:\n{text}"));
        let figures = cells(row);
        assert_eq!(figures.len(), 6, "{row}");
        for f in &figures[1..] {
            assert!(
                f.parse::<f64>().is_ok_and(|x| x > 0.0),
                "{display}: {f:?} in {row}"
            );
        }
    }
}

#[test]
fn a_hash_pkbench_has_no_code_for_says_who_has_it() {
    for algo in [
        "ripemd160",
        "tiger192",
        "whirlpool",
        "crc32",
        "crc24",
        "tiger",
    ] {
        let err = pkbench_input_error(&["hash", "--algo", algo, "--time", "0.01"]);
        assert!(
            err.contains("pkbench has no code of its own") && err.contains("--impl gcrypt"),
            "{algo}: {err}"
        );
        let err = pkbench_input_error(&["hash", "--algo", algo, "--modes", "gcrypt"]);
        assert!(err.contains("--impl gcrypt"), "{algo}: {err}");
    }
    // With pkbench's own hashes beside it, still one line and no timing.
    let (code, out, err) = pkbench(&["hash", "--algo", "md5,crc24", "--time", "0.01"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("crc24"), "{err}");
    if peers_hidden() {
        let err = pkbench_input_error(&["hash", "--algo", "whirlpool", "--impl", "all"]);
        assert!(err.contains("gcrypt") && err.contains("not found"), "{err}");
    }
}

/// SHA-512 (the crate and libgcrypt) and CRC-24 (libgcrypt only), one call per digest.
const SHA512_CRC24: [&str; 7] = [
    "hash",
    "--algo",
    "sha512,crc24",
    "--impl",
    "pkbench,gcrypt",
    "--time",
    "0.01",
];

#[test]
fn sha512_and_crc24_one_call_through_libgcrypt_and_the_crate() {
    if peers_hidden() {
        // CRC-24 has no implementation here: one line, nothing timed.
        let err = pkbench_input_error(&SHA512_CRC24);
        assert!(err.contains("CRC-24") && err.contains("not found"), "{err}");
        return;
    }
    let v = json(&[
        "hash",
        "--algo",
        "sha512,crc24",
        "--impl",
        "pkbench,gcrypt",
        "--block",
        "4096",
        "--time",
        "0.01",
        "--json",
    ]);
    let own: Vec<&Value> = ops(&v)
        .iter()
        .filter(|o| o["params"]["impl"].is_null())
        .collect();
    // pkbench has SHA-512 (the sha2 crate) and not CRC-24, which is a note.
    assert_eq!(own.len(), 1, "{v}");
    assert_eq!(own[0]["params"]["algo"], "SHA-512");
    assert_eq!(own[0]["implementation"]["name"], "sha2");
    assert_eq!(own[0]["info"]["known_answers_checked"], 3);
    let notes = v["skipped"].to_string();
    assert!(notes.contains("no code of its own for CRC-24"), "{notes}");
    let lib: Vec<&Value> = ops(&v)
        .iter()
        .filter(|o| o["params"]["impl"] == "gcrypt")
        .collect();
    assert_eq!(lib.len(), 2, "{v}");
    let crc = lib
        .iter()
        .find(|o| o["params"]["algo"] == "CRC-24")
        .unwrap();
    assert_eq!(crc["info"]["known_answers_checked"], 2);
    assert_eq!(crc["params"]["block"], 4096);
    let text = pkbench_ok(&SHA512_CRC24);
    // SHA-512 through libgcrypt has a speed against the crate; CRC-24 has none to compare.
    let line = |what: &str| {
        text.lines()
            .find(|l| l.contains(what) && l.contains("gcrypt") && l.contains("MB/s"))
            .unwrap_or_else(|| panic!("{what}:\n{text}"))
            .to_string()
    };
    assert!(line("SHA-512").contains('x'), "{text}");
    assert!(line("CRC-24").trim_end().ends_with('-'), "{text}");
}

#[test]
fn modes_gcrypt_with_every_implementation() {
    let v = json(&[
        "hash", "--algo", "md5", "--modes", "gcrypt", "--impl", "all", "--time", "0.01", "--json",
    ]);
    let by = |imp: Option<&str>| -> Vec<String> {
        ops(&v)
            .iter()
            .filter(|o| o["params"]["impl"].as_str() == imp)
            .map(|o| o["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(by(None), COLUMNS);
    if peers_hidden() {
        assert!(by(Some("gcrypt")).is_empty());
        return;
    }
    assert_eq!(by(Some("gcrypt")), COLUMNS);
    // OpenSSL is timed on whole messages only: "1" and "large", and a note for the rest.
    assert_eq!(by(Some("openssl")), ["1", "large"]);
    let notes = v["skipped"].to_string();
    assert!(notes.contains("whole messages in one call only"), "{notes}");
}

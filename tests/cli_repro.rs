//! CLI tests of `pkbench repro 1995`: every reference figure gets a JSON row, the Markdown
//! renders as a table with every row of the post, bad input exits 2. The runs use a very
//! short `--time` so that the test stays fast.

mod common;

use common::{pkbench_input_error, pkbench_ok, pkbench_summary};

#[test]
fn quick_json_has_a_row_per_reference_figure() {
    let v = pkbench_summary(&["repro", "1995", "--quick", "--json", "--time", "0.005"]);
    assert_eq!(v["command"], "repro");
    assert_eq!(v["schema"], "pkbench.result/3");
    let rows = v["rows"].as_array().unwrap();
    // The post has 35 figures (params/reference/1995-some-timings.md).
    assert_eq!(rows.len(), 35);
    let reference =
        pkbench::repro::Reference::parse(pkbench::repro::table("1995").unwrap().reference).unwrap();
    for (row, fig) in rows.iter().zip(&reference.figures) {
        assert_eq!(row["row"], fig.row.as_str());
        assert_eq!(row["machine"], fig.machine.as_str());
        assert_eq!(row["historical"].as_f64().unwrap(), fig.value);
        assert_eq!(row["unit"], fig.unit.as_str());
        let status = row["this_machine_status"].as_str().unwrap();
        match status {
            "measured" => {
                let this = row["this_machine"].as_f64().unwrap();
                assert!(this > 0.0, "{row}");
                let s = row["speedup"].as_f64().unwrap();
                assert!(s > 0.0 && s.is_finite(), "{row}");
            }
            "not-built" => {
                assert!(row["this_machine"].is_null(), "{row}");
                assert!(row["reason"].is_string(), "{row}");
            }
            other => panic!("row {} {}: status {other}: {row}", fig.row, fig.machine),
        }
    }
    // Every row is built in every build (mod-p and RSA on num-bigint without --features gmp).
    for id in [
        "md5",
        "md4",
        "sha",
        "haval",
        "des",
        "des-keysetup",
        "dh-ec-155",
    ] {
        let r = rows.iter().find(|r| r["row"] == id).unwrap();
        assert_eq!(r["this_machine_status"], "measured", "{id}: {r}");
    }
    assert_eq!(v["results"].as_array().unwrap().len(), 11);
}

#[test]
fn markdown_renders_every_row_in_the_posts_order() {
    let s = pkbench_ok(&["repro", "1995", "--quick", "--markdown", "--time", "0.005"]);
    assert!(s.contains("this machine:") && s.contains("backend:") && s.contains("clock:"));
    let table: Vec<&str> = s.lines().filter(|l| l.starts_with("| ")).collect();
    // Header, alignment row, 11 rows.
    assert_eq!(table.len(), 13, "{s}");
    assert!(table[1].starts_with("| --- |"), "{s}");
    let order = [
        "MD5",
        "MD4",
        "SHA",
        "HAVAL",
        "DES (",
        "DES key",
        "RSA",
        "DH 512-bit",
        "DH EC GF[2^155], table",
        "DH 512 mod p, 128",
        "DH EC GF[2^155], 128",
    ];
    for (line, want) in table[2..].iter().zip(order) {
        assert!(line.starts_with(&format!("| {want}")), "{line} vs {want}");
    }
    let cells = table[0].matches('|').count();
    assert!(
        table
            .iter()
            .all(|l| l.matches('|').count() - l.matches("\\|").count() == cells)
    );
    assert!(common::speedups(table[2]) > 0, "{}", table[2]);
    assert!(
        !table[2].contains('×'),
        "one speedup notation: {}",
        table[2]
    );
}

#[test]
fn unknown_table_exits_2() {
    let err = pkbench_input_error(&["repro", "1996"]);
    assert!(
        err.starts_with("pkbench: error: ") && err.contains("1995"),
        "{err}"
    );
}

/// gnupg-2000 renders through the same Markdown renderer as 1995 (it had none before).
#[test]
fn gnupg_2000_markdown() {
    let s = pkbench_ok(&[
        "repro",
        "gnupg-2000",
        "--quick",
        "--markdown",
        "--time",
        "0.005",
    ]);
    let table: Vec<&str> = s.lines().filter(|l| l.starts_with("| ")).collect();
    // Header, alignment row, 7 ciphers.
    assert_eq!(table.len(), 9, "{s}");
    assert!(
        table[0].contains("| K6/400 | Celeron/500 | this machine"),
        "{s}"
    );
    assert!(table[1].starts_with("| --- | ---: |"), "{s}");
    assert!(table[2].starts_with("| CAST5-128 | 35.50 | 49.00 |"), "{s}");
    assert_eq!(common::speedups(table[2]), 2, "{}", table[2]);
    assert!(s.contains("units: Mbit/s"), "{s}");
}

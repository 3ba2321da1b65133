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

/// Whether the tests run with the libraries hidden (`PKBENCH_NO_PEERS=1`).
fn hidden() -> bool {
    common::peers_hidden()
}

/// `repro 1995 --impl all`: the hash, DES, DES key setup and RSA rows through the libraries
/// that `hash`, `des` and `rsa --impl` use, each named and checked as those commands check
/// it; SHA-0, HAVAL and the Diffie-Hellman rows pkbench's own only; each row's figure the
/// fastest implementation's, named.
#[test]
fn impl_all_runs_the_rows_through_the_libraries() {
    let v = pkbench_summary(&[
        "repro", "1995", "--impl", "all", "--quick", "--json", "--time", "0.005",
    ]);
    let ops = v["operations"].as_array().unwrap();
    if hidden() {
        // Hidden: pkbench's own rows only, and a note for each library.
        assert!(
            ops.iter()
                .all(|o| o["params"]["impl"].as_str().unwrap_or("pkbench") == "pkbench"),
            "{v}"
        );
        for lib in ["openssl", "gcrypt", "gmp"] {
            common::library_missing(&v["skipped"].to_string(), lib, "no library rows");
        }
        return;
    }
    let row_op = |row: &str, lib: &str| {
        ops.iter().find(|o| {
            o["params"]["row"] == row && o["params"]["impl"].as_str().unwrap_or("pkbench") == lib
        })
    };
    let mut found = Vec::new();
    for (row, libs) in [
        ("md5", &["openssl", "gcrypt"][..]),
        ("md4", &["openssl", "gcrypt"]),
        ("des", &["openssl", "gcrypt"]),
        ("des-keysetup", &["openssl"]),
        ("rsa-512", &["gmp", "openssl", "gcrypt"]),
    ] {
        for &lib in libs {
            let Some(op) = row_op(row, lib) else {
                common::library_missing(&v.to_string(), lib, &format!("no {row} row"));
                continue;
            };
            found.push((row, lib));
            assert_eq!(op["implementation"]["name"], lib, "{op}");
            assert_eq!(op["implementation"]["kind"], "library", "{op}");
            // Checked as the commands check them: known answers before timing and outputs
            // after (a key setup's last schedule of every batch, every schedule before; an
            // RSA row's every chunk against num-bigint before, the last of every batch after).
            let info = &op["info"];
            match row {
                "rsa-512" => {
                    assert!(info["pool"].as_u64().unwrap() >= 1, "{op}");
                    assert_eq!(info["bits"], 512, "{op}");
                }
                "des-keysetup" => {
                    assert_eq!(info["schedules_checked_before"], 1024, "{op}");
                    assert!(info["outputs_checked"].as_u64().unwrap() >= 1, "{op}");
                }
                _ => {
                    assert!(info["known_answers_checked"].as_u64().unwrap() >= 1, "{op}");
                    assert!(info["outputs_checked"].as_u64().unwrap() >= 1, "{op}");
                }
            }
            // The same work as pkbench's own row: the figure is the block over the median.
            let median = op["stats"]["median_s"].as_f64().unwrap();
            let bytes = match row {
                "rsa-512" => 63.0,
                "des-keysetup" => continue,
                _ => 10_000.0,
            };
            let rate = op["figures"]["bytes_per_sec"].as_f64().unwrap();
            assert!((rate * median / bytes - 1.0).abs() < 1e-9, "{op}");
            assert_eq!(
                row_op(row, "pkbench").unwrap()["params"]["row"],
                row,
                "pkbench's own {row} row runs beside it"
            );
        }
    }
    assert!(!found.is_empty(), "no library row at all");
    // SHA-0, HAVAL and the Diffie-Hellman rows: pkbench's own only.
    for row in ["sha", "haval", "dh-modp-512", "dh-ec-155"] {
        let n = ops.iter().filter(|o| o["params"]["row"] == row).count();
        assert_eq!(n, 1, "{row}");
        assert!(row_op(row, "pkbench").is_some(), "{row}");
    }
    // Each row's figure is the fastest implementation's, named; the others in by_impl.
    for r in v["results"].as_array().unwrap() {
        let by = r["by_impl"].as_array().unwrap();
        let best = by
            .iter()
            .map(|b| b["value"].as_f64().unwrap())
            .reduce(|a, b| {
                if r["unit"] == "µs/key" {
                    a.min(b)
                } else {
                    a.max(b)
                }
            })
            .unwrap();
        assert_eq!(r["value"].as_f64().unwrap(), best, "{r}");
        let named = by.iter().find(|b| b["value"] == r["value"]).unwrap();
        assert_eq!(r["impl"], named["impl"], "{r}");
    }
    // A note per library and reason, never one per row blaming a library for a row it is
    // not given ("pkbench runs only cipher rows through a library" was 31 such notes).
    let skipped = v["skipped"].as_array().unwrap();
    assert!(skipped.len() <= 8, "{skipped:?}");
    assert!(
        skipped
            .iter()
            .all(|s| !s["reason"].as_str().unwrap().contains("only cipher rows")),
        "{skipped:?}"
    );
    assert!(
        skipped
            .iter()
            .all(|s| !s["item"].as_str().unwrap().contains("SHA")
                && !s["item"].as_str().unwrap().contains("DH")),
        "{skipped:?}"
    );
    let notes = v["notes"].as_array().unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n.as_str().unwrap().contains("no library has SHA-0")),
        "{notes:?}"
    );
}

/// The default (`--impl best`) names who computed each row's figure and speedup.
#[test]
fn the_default_table_names_the_implementation_of_each_speedup() {
    let s = pkbench_ok(&["repro", "1995", "--quick", "--markdown", "--time", "0.005"]);
    let table: Vec<&str> = s.lines().filter(|l| l.starts_with("| ")).collect();
    let header: Vec<&str> = table[0].split('|').map(str::trim).collect();
    let by = header.iter().position(|h| *h == "by").expect("a by column");
    let names = ["pkbench", "openssl", "gcrypt", "gmp"];
    for line in &table[2..13] {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        assert!(names.contains(&cells[by]), "{line}");
        if hidden() {
            assert_eq!(cells[by], "pkbench", "{line}");
        }
    }
    // SHA-0 and the Diffie-Hellman rows are pkbench's own whatever is found.
    for line in table[2..13]
        .iter()
        .filter(|l| l.starts_with("| SHA |") || l.starts_with("| DH"))
    {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(cells[by], "pkbench", "{line}");
    }
    assert!(!s.contains("Every implementation"), "{s}");
}

/// An `--impl` list with nothing that can run here is bad input: exit 2, one line, no record.
#[test]
fn impl_with_nothing_to_run_exits_2() {
    let dir = common::scratch("repro-impl-nothing");
    let out = dir.join("r.json");
    let err = common::Pkbench::new(&[
        "repro",
        "1995",
        "--impl",
        "gmp",
        "--quick",
        "--time",
        "0.005",
        "--output",
        out.to_str().unwrap(),
    ])
    .env("PKBENCH_NO_PEERS", "1")
    .input_error();
    assert!(
        err.contains("--impl gmp: nothing asked for can run here")
            && err.contains("gmp (1995): not found on this machine"),
        "{err}"
    );
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
    let err = pkbench_input_error(&["repro", "1995", "--impl", "best,openssl"]);
    assert!(err.contains("best stands alone"), "{err}");
}

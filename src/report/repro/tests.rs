//! The repro view on records made by hand: every row and status, a table of one unit, the
//! formats, and the fastest implementation of a row in its figure.

use super::*;
use crate::measure::Machine;
use crate::record::{Skipped, params};

/// A 1995 record with every third row measured at 100 (in its unit), one not built and
/// one failed in turn.
fn record_1995() -> ResultRecord {
    let reference = repro::table("1995").unwrap().parse().unwrap();
    let mut rec = ResultRecord::new("repro", "wall", Machine::detect());
    rec.seed = Some(1995);
    rec.params = reference.record_params(0.01);
    for (i, row) in reference.rows.iter().enumerate() {
        let key = params([
            ("command", "repro".into()),
            ("table", "1995".into()),
            ("row", row.id.clone().into()),
        ]);
        match i % 3 {
            0 => {
                let (fig, v) = match row.unit.as_str() {
                    "MB/s" => ("bytes_per_sec", 100e6),
                    "bytes/s" => ("bytes_per_sec", 100.0),
                    "µs/key" => ("time_us", 100.0),
                    _ => ("time_ms", 100.0),
                };
                rec.operations.push(
                    Operation::derived(&row.label, key, fig, v).with_info("unit", row.unit.clone()),
                );
            }
            n => {
                let mut s = Skipped::new(format!("repro 1995 row {}", row.id), "boom");
                s.params = key;
                let status = if n == 1 { "not-built" } else { "failed" };
                s.info.insert("status".into(), status.into());
                rec.skipped.push(s);
            }
        }
    }
    rec
}

#[test]
fn rendering_covers_every_row_and_status() {
    let rec = record_1995();
    let md = render_text(&rec, false, true);
    // Header, alignment, 11 rows.
    assert_eq!(
        md.lines().filter(|l| l.starts_with('|')).count(),
        13,
        "{md}"
    );
    assert!(md.contains("| MD5 | MB/s | 1.37 |"), "{md}");
    assert!(md.contains("not built") && md.contains("failed"), "{md}");
    assert!(
        md.contains("MD4: not built: boom") && md.contains("SHA: failed: boom"),
        "{md}"
    );
    assert!(md.contains("26.2 (est.)"), "{md}");
    // MD5 measured 100 MB/s against the Alpha's 7.8 MB/s: ×12.8.
    assert!(md.contains("12.8x"), "{md}");
    assert!(
        md.contains("backend: ") && md.contains("0.01 s per timed operation"),
        "{md}"
    );
    let json = json_view(&rec);
    let rows = json["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 35);
    let md5_alpha = rows
        .iter()
        .find(|r| r["row"] == "md5" && r["machine"] == "alpha-600")
        .unwrap();
    assert_eq!(md5_alpha["this_machine"], 100.0);
    assert!((md5_alpha["speedup"].as_f64().unwrap() - 100.0 / 7.8).abs() < 1e-9);
    let md4 = rows.iter().find(|r| r["row"] == "md4").unwrap();
    assert_eq!(md4["this_machine_status"], "not-built");
    assert_eq!(md4["reason"], "boom");
    let results = json["results"].as_array().unwrap();
    assert_eq!(results.len(), 11);
    assert_eq!(results[0]["status"], "measured");
    assert_eq!(results[2]["status"], "failed");
    assert_eq!(json["baseline"], "DEC Alpha 3000/600 (175 MHz)");
    let text = render_text(&rec, true, false);
    assert!(text.contains("DEC Alpha"), "{text}");
    assert!(text.contains("HP 735"), "{text}");
    // The default view: the baseline's column only, the others named under the table
    // (the header lines are wrapped as the binary prints them).
    let text = report::wrap_text(&render_text(&rec, false, false));
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    let table: Vec<&str> = text.lines().filter(|l| l.starts_with('│')).collect();
    assert!(table.iter().any(|l| l.contains("12.8x")), "{text}");
    assert!(!table.iter().any(|l| l.contains("HP 735")), "{text}");
    assert!(
        text.contains("other machines (") && text.replace('\n', " ").contains("HP 735"),
        "{text}"
    );
}

/// A table without a baseline has a speedup column per machine; one unit, no unit column.
#[test]
fn columns_of_a_single_unit_table() {
    let reference = repro::table("gnupg-2000").unwrap().parse().unwrap();
    let mut rec = ResultRecord::new("repro", "wall", Machine::detect());
    rec.params = reference.record_params(0.02);
    let cfb = Operation::derived(
        "CFB enc",
        params([("command", "cipher".into()), ("cipher", "CAST5".into())]),
        "bytes_per_sec",
        355e6 / 8.0,
    );
    rec.operations = reference.row_operations(0, vec![cfb]).unwrap();
    let md = render_text(&rec, false, true);
    let lines: Vec<&str> = md.lines().filter(|l| l.starts_with('|')).collect();
    assert_eq!(
        lines[0],
        "| row | K6/400 | Celeron/500 | this machine | by | vs K6/400 | vs Celeron/500 |"
    );
    assert_eq!(
        lines[1],
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    assert_eq!(
        lines[2],
        "| CAST5-128 | 35.50 | 49.00 | 355.0 | pkbench | 10.0x | 7.24x |"
    );
    assert_eq!(lines[3], "| BLOWFISH-128 | 35.40 | 40.00 | - |  | - | - |");
    // The 80-column table has no room for a by column: the name ends this machine's cell.
    let text = render_text(&rec, false, false);
    let table: Vec<&str> = text.lines().filter(|l| l.starts_with('│')).collect();
    assert!(!table[0].contains(" by "), "{text}");
    assert!(
        table.iter().any(|l| l.contains("pkbench"))
            && table.iter().all(|l| l.chars().count() <= 80),
        "{text}"
    );
    assert!(md.contains("units: Mbit/s"), "{md}");
    assert!(!md.contains("backend:"), "{md}");
    let json = json_view(&rec);
    assert_eq!(json["reference"]["columns"][1], "Celeron/500");
    assert_eq!(json["reference"]["rows"][0]["algo"], "cast5");
    assert_eq!(json["reference"]["rows"][0]["values"][0], 35.5);
    assert_eq!(json["this_machine"][0], 355.0);
    assert!(json["this_machine"][1].is_null());
    assert!((json["speedup"][0][1].as_f64().unwrap() - 355.0 / 49.0).abs() < 1e-9);
}

#[test]
fn figures_and_speedups_are_formatted() {
    assert_eq!(fmt_posted(35.5, Some(4)), "35.50");
    assert_eq!(fmt_posted(2670.0, Some(4)), "2670");
    assert_eq!(fmt_posted(1.37, None), "1.37");
    assert_eq!(fmt_posted(49.0, None), "49");
    assert_eq!(fmt_value(412564.2), "412564");
    assert_eq!(fmt_speedup(1234.4), "1234x");
    assert_eq!(fmt_speedup(45.61), "45.6x");
    assert_eq!(fmt_speedup(1.234), "1.23x");
    assert_eq!(fmt_speedup(f64::NAN), "-");
}

/// A 1995 record of MD5 by pkbench's own code at 100 MB/s and by OpenSSL at 250 MB/s, DES
/// by pkbench's own only at 40 MB/s, asked for as `implementations`.
fn record_two_implementations(implementations: &str) -> ResultRecord {
    use crate::implementation::Implementation;
    let reference = repro::table("1995").unwrap().parse().unwrap();
    let mut rec = ResultRecord::new("repro", "wall", Machine::detect());
    rec.params = reference.record_params(0.01);
    rec.params.insert(
        crate::record::param::IMPLEMENTATIONS.into(),
        implementations.into(),
    );
    let key = |row: &str, imp: Option<&str>| {
        let mut k = params([
            ("command", "repro".into()),
            ("table", "1995".into()),
            ("row", row.into()),
        ]);
        if let Some(i) = imp {
            k.insert("impl".into(), i.into());
        }
        k
    };
    rec.operations = vec![
        Operation::derived("MD5", key("md5", None), "bytes_per_sec", 100e6)
            .by(Implementation::of_crate("md-5")),
        Operation::derived("MD5", key("md5", Some("openssl")), "bytes_per_sec", 250e6)
            .by(Implementation::library("openssl", "3.0.19", "MD5")),
        Operation::derived("DES", key("des", None), "bytes_per_sec", 40e6)
            .by(Implementation::of_crate("des")),
    ];
    rec
}

/// The fastest implementation of a row gives its figure and speedup and is named in the
/// `by` column; pkbench's own figure stays in a note; with a list asked for, the table of
/// every implementation follows, with the speed against pkbench's own.
#[test]
fn the_fastest_implementation_gives_the_figure_and_is_named() {
    let rec = record_two_implementations("pkbench,openssl");
    let md = render_text(&rec, false, true);
    let line = |label: &str| {
        md.lines()
            .find(|l| l.starts_with(&format!("| {label} |")))
            .unwrap_or_else(|| panic!("{label}: {md}"))
            .to_string()
    };
    // OpenSSL's 250 MB/s against the Alpha's 7.8 MB/s: 32.1x, named.
    let md5 = line("MD5");
    assert!(
        md5.contains("| 250.0 | openssl |") && md5.contains("32.1x"),
        "{md5}"
    );
    // DES by pkbench alone: 40 MB/s against 1.87 MB/s.
    let des = line("DES (\"random\" data)");
    assert!(
        des.contains("| 40.00 | pkbench |") && des.contains("21.4x"),
        "{des}"
    );
    assert!(
        md.contains("MD5: this machine's figure and speedup are those of openssl 3.0.19 (MD5)")
            && md.contains("pkbench's own (md-5 "),
        "{md}"
    );
    assert!(md.contains("100.0 MB/s, 12.8x"), "{md}");
    // The table of every implementation: MD5 twice (DES had one), OpenSSL 2.50x pkbench's.
    assert!(
        md.contains("Every implementation of the rows several computed"),
        "{md}"
    );
    let every: Vec<&str> = md
        .lines()
        .filter(|l| l.starts_with("| MD5 | MB/s |"))
        .collect();
    assert_eq!(every.len(), 3, "{md}");
    assert!(every[1].contains("| pkbench | 100.0 |"), "{md}");
    assert!(
        every[2].contains("| openssl | 250.0 |") && every[2].ends_with("| 2.50x |"),
        "{md}"
    );
    let json = json_view(&rec);
    let results = json["results"].as_array().unwrap();
    assert_eq!(results[0]["impl"], "openssl");
    assert_eq!(results[0]["value"], 250.0);
    let by = results[0]["by_impl"].as_array().unwrap();
    assert_eq!(by.len(), 2);
    assert_eq!(by[0]["impl"], "pkbench");
    assert_eq!(by[1]["vs_pkbench"], 2.5);
    let md5_alpha = json["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["row"] == "md5" && r["machine"] == "alpha-600")
        .unwrap();
    assert_eq!(md5_alpha["this_machine_impl"], "openssl");
    assert_eq!(md5_alpha["this_machine"], 250.0);
    // --impl best: the same figures, no table of every implementation.
    let best = render_text(&record_two_implementations("best"), false, true);
    assert!(best.contains("| 250.0 | openssl |"), "{best}");
    assert!(!best.contains("Every implementation"), "{best}");
}

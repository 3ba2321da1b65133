//! Tests of the reference files and the generic rendering.

use super::*;

fn reference_1995() -> Reference {
    Reference::parse(table("1995").unwrap().reference).unwrap()
}

#[test]
fn the_1995_file_has_every_figure_of_the_post() {
    let r = reference_1995();
    // The post (params/reference/1995-some-timings.md): 35 figures in 11 rows on
    // 6 machines, 4 of them estimates.
    assert_eq!(r.figures.len(), 35);
    assert_eq!(r.rows.len(), 11);
    assert_eq!(r.machines.len(), 6);
    let est = r
        .figures
        .iter()
        .filter(|f| f.kind == Kind::Estimated)
        .count();
    assert_eq!(est, 4);
    assert_eq!(r.baseline_machine().id, "alpha-600");
    // Spot checks against the post.
    assert_eq!(r.figure("md5", "486-66").unwrap().value, 1.37);
    assert_eq!(r.figure("md5", "486-66").unwrap().compiler, "gcc -O2");
    assert_eq!(r.figure("des-keysetup", "alpha-600").unwrap().value, 23.0);
    assert_eq!(r.figure("rsa-512", "sparc10").unwrap().value, 350.0);
    assert_eq!(r.figure("dh-modp-512", "sparc-ipc").unwrap().value, 2670.0);
    assert_eq!(r.figure("dh-ec-155", "alpha-600").unwrap().value, 11.62);
    assert_eq!(r.figure("dh-ec-155-128", "alpha-600").unwrap().value, 21.8);
    assert!(r.figure("md4", "486-66").is_none());
    // The baseline has a figure in every row.
    for row in &r.rows {
        assert!(r.figure(&row.id, "alpha-600").is_some(), "{}", row.id);
    }
}

/// The post as transcribed in Markdown, beside the TOML file made from it.
pub(super) const POST_MD: &str = include_str!("../../params/reference/1995-some-timings.md");

#[test]
fn the_1995_file_matches_the_transcription() {
    // Every figure line of the Markdown transcription is in the file, in order.
    let md = POST_MD;
    let r = reference_1995();
    let lines: Vec<&str> = md
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| row "))
        .collect();
    assert_eq!(lines.len(), r.figures.len());
    for (l, f) in lines.iter().zip(&r.figures) {
        let cells: Vec<&str> = l
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        assert_eq!(cells[0], f.posted_row, "{l}");
        assert_eq!(cells[1], f.posted_machine, "{l}");
        assert_eq!(cells[2], f.compiler, "{l}");
        let num: f64 = cells[3].split_whitespace().next().unwrap().parse().unwrap();
        assert_eq!(num, f.value, "{l}");
        assert!(cells[3].contains(&f.unit), "{l}");
    }
}

#[test]
fn bad_reference_files_are_rejected() {
    let good = table("1995").unwrap().reference;
    let e = Reference::parse(&good.replace("baseline = \"alpha-600\"", "baseline = \"cray\""))
        .unwrap_err();
    assert!(e.message().contains("baseline"), "{e}");
    let e = Reference::parse(&good.replacen("unit = \"MB/s\"\nkind", "unit = \"MB\"\nkind", 1))
        .unwrap_err();
    assert!(e.message().contains("unit"), "{e}");
    assert!(Reference::parse("id = 1").is_err());
    assert_eq!(table("1996").unwrap_err().exit_code(), 2);
}

#[test]
fn speedups_follow_the_unit() {
    assert_eq!(speedup(7.8, 78.0, "MB/s"), 10.0);
    assert_eq!(speedup(23.0, 0.23, "µs/key"), 100.0);
    assert_eq!(speedup(185.0, 18.5, "ms"), 10.0);
    assert_eq!(speedup(1250.0, 2500.0, "bytes/s"), 2.0);
    assert!(speedup(1.0, 1.0, "furlongs").is_nan());
    assert_eq!(fmt_speedup(1234.4), "×1234");
    assert_eq!(fmt_speedup(45.61), "×45.6");
    assert_eq!(fmt_speedup(1.234), "×1.23");
}

#[test]
fn rendering_covers_every_row_and_status() {
    let reference = reference_1995();
    let mut results = Vec::new();
    for (i, row) in reference.rows.iter().enumerate() {
        let m = match i % 3 {
            0 => Measurement::Measured {
                value: 100.0,
                detail: String::new(),
                stats: None,
            },
            1 => Measurement::NotBuilt {
                reason: "no rsa".into(),
            },
            _ => Measurement::Failed {
                reason: "boom".into(),
            },
        };
        results.push((row.id.clone(), m));
    }
    let run = TableRun { reference, results };
    let md = run.render_markdown();
    // Header, alignment, 11 rows.
    assert_eq!(md.lines().take_while(|l| l.starts_with('|')).count(), 13);
    assert!(md.contains("| MD5 | MB/s | 1.37 |"), "{md}");
    assert!(md.contains("not built") && md.contains("failed"));
    assert!(md.contains("26.2 (est.)"), "{md}");
    // MD5 measured 100 MB/s against the Alpha's 7.8 MB/s: ×12.8.
    assert!(md.contains("×12.8"), "{md}");
    let rows = run.json_rows();
    assert_eq!(rows.len(), 35);
    let md5_alpha = rows
        .iter()
        .find(|r| r.row == "md5" && r.machine == "alpha-600")
        .unwrap();
    assert_eq!(md5_alpha.this_machine, Some(100.0));
    assert!((md5_alpha.speedup.unwrap() - 100.0 / 7.8).abs() < 1e-9);
    let text = run.render_text(true);
    assert!(text.contains("DEC Alpha"), "{text}");
    assert!(text.contains("HP 735"), "{text}");
    // The default view: the baseline's column only, the others named under the table.
    let text = run.render_text(false);
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    let table: Vec<&str> = text.lines().filter(|l| l.starts_with('│')).collect();
    assert!(table.iter().any(|l| l.contains("×12.8")), "{text}");
    assert!(!table.iter().any(|l| l.contains("HP 735")), "{text}");
    assert!(
        text.contains("other machines (") && text.replace('\n', " ").contains("HP 735"),
        "{text}"
    );
}

//! Tests of the reference files, the rows' jobs and the operations a row gives.

use super::*;
use crate::measure::Stats;
use crate::record::{self, TOTAL_OP};

fn reference(name: &str) -> Reference {
    table(name).unwrap().parse().unwrap()
}

#[test]
fn every_table_parses_under_its_name_and_every_row_gets_a_job() {
    for t in TABLES {
        let r = t.parse().unwrap_or_else(|e| panic!("{}: {e}", t.name));
        assert_eq!(r.id, t.name);
        let plan = plan(&r, &GroupOptions::default());
        assert_eq!(plan.items.len(), r.rows.len());
        for (item, row) in plan.items.iter().zip(&r.rows) {
            assert_eq!(item.label, row.label);
            assert!(
                item.job.is_ok(),
                "{} row {}: {:?}",
                t.name,
                row.id,
                item.job
            );
        }
    }
    assert_eq!(table("GNUPG-2000").unwrap().name, "gnupg-2000");
    assert_eq!(table("1996").unwrap_err().exit_code(), 2);
}

#[test]
fn the_1995_file_has_every_figure_of_the_post() {
    let r = reference("1995");
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
    assert_eq!(r.baseline_machine().unwrap().id, "alpha-600");
    assert_eq!(r.narrow_machines().len(), 1);
    assert!(!r.shows_every_machine());
    assert_eq!(r.single_unit(), None);
    assert!(r.uses_bignum());
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
const POST_MD: &str = include_str!("../../params/reference/1995-some-timings.md");

#[test]
fn the_1995_file_matches_the_transcription() {
    // Every figure line of the Markdown transcription is in the file, in order.
    let md = POST_MD;
    let r = reference("1995");
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
fn gnupg_2000_as_posted() {
    let r = reference("gnupg-2000");
    let names: Vec<&str> = r.machines.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["K6/400", "Celeron/500"]);
    assert_eq!(r.single_unit(), Some("Mbit/s"));
    assert!(r.baseline.is_none() && r.shows_every_machine() && !r.uses_bignum());
    assert_eq!(r.identify, Identify::Job);
    assert_eq!(r.summary, SummaryLayout::Columns);
    let got: Vec<(&str, f64, f64)> = r
        .rows
        .iter()
        .map(|row| {
            let v = |m: &str| r.figure(&row.id, m).unwrap().value;
            (row.label.as_str(), v("k6-400"), v("celeron-500"))
        })
        .collect();
    assert_eq!(
        got,
        [
            ("CAST5-128", 35.5, 49.0),
            ("BLOWFISH-128", 35.4, 40.0),
            ("RIJNDAEL-128", 31.0, 44.5),
            ("3DES-168", 12.2, 19.0),
            ("RIJNDAEL-192", 28.7, 41.3),
            ("TWOFISH-256", 25.0, 33.5),
            ("RIJNDAEL-256", 26.6, 38.5),
        ]
    );
    match r.rows[0].job() {
        RowJob::Cipher { spec, mode } => {
            assert_eq!(
                (spec.cipher.name, spec.key_bits, *mode),
                ("cast5", 128, Mode::Cfb)
            );
        }
        other => panic!("{other:?}"),
    }
}

/// The figures against the post's transcription (params/reference/1995-some-timings.md,
/// "Other seed tables": `CAST5-128 35.5/49.0, BLOWFISH-128 35.4/40.0, ...`).
#[test]
fn gnupg_2000_matches_the_transcription() {
    let posted = POST_MD
        .split("- GnuPG ciphers, 2000, Mbit/s (K6/400, Celeron/500):")
        .nth(1)
        .expect("the GnuPG line")
        .split(". Method:")
        .next()
        .unwrap();
    let r = reference("gnupg-2000");
    let cells: Vec<&str> = posted.split(',').map(str::trim).collect();
    assert_eq!(cells.len(), r.rows.len(), "{posted}");
    assert_eq!(r.figures.len(), 2 * r.rows.len());
    for (cell, row) in cells.iter().zip(&r.rows) {
        let (label, figures) = cell.split_once(' ').unwrap();
        let (k6, celeron) = figures.split_once('/').unwrap();
        assert_eq!(label, row.label, "{cell}");
        assert_eq!(
            r.figure(&row.id, "k6-400").unwrap().value,
            k6.parse::<f64>().unwrap()
        );
        assert_eq!(
            r.figure(&row.id, "celeron-500").unwrap().value,
            celeron.parse::<f64>().unwrap()
        );
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
    let e = Reference::parse(&good.replace("op = \"hash md5\"", "op = \"hash md6\"")).unwrap_err();
    assert!(e.message().contains("row md5"), "{e}");
    let e = Reference::parse(&good.replace("op = \"des ecb\"", "op = \"des xts\"")).unwrap_err();
    assert!(e.message().contains("expected hash ALGO"), "{e}");
    let e = Reference::parse(&good.replace("narrow = [\"alpha-600\"]", "narrow = [\"vax\"]"))
        .unwrap_err();
    assert!(e.message().contains("narrow"), "{e}");
    let e = Reference::parse(&good.replace("baseline = ", "basline = ")).unwrap_err();
    assert!(e.message().contains("basline"), "{e}");
    assert!(Reference::parse("id = 1").is_err());
}

#[test]
fn speedups_follow_the_unit() {
    assert_eq!(speedup(7.8, 78.0, "MB/s"), 10.0);
    assert_eq!(speedup(23.0, 0.23, "µs/key"), 100.0);
    assert_eq!(speedup(185.0, 18.5, "ms"), 10.0);
    assert_eq!(speedup(1250.0, 2500.0, "bytes/s"), 2.0);
    assert!(speedup(1.0, 1.0, "furlongs").is_nan());
}

#[test]
fn values_in_each_unit() {
    let p = record::params([("command", "x".into())]);
    let rate = Operation::derived("hash", p.clone(), "bytes_per_sec", 2.5e6);
    assert_eq!(value(&rate, "MB/s"), Some(2.5));
    assert_eq!(value(&rate, "Mbit/s"), Some(20.0));
    assert_eq!(value(&rate, "bytes/s"), Some(2.5e6));
    assert_eq!(value(&rate, "ms"), None);
    let timed = Operation::timed("key setup", p.clone(), Stats::from_samples(vec![0.0002], 1));
    assert!((value(&timed, "µs/key").unwrap() - 0.2).abs() < 1e-12);
    assert_eq!(value(&timed, "ms"), Some(0.0002));
    let total = Operation::derived(TOTAL_OP, p, "total_ms", 11.62);
    assert_eq!(value(&total, "ms"), Some(11.62));
    assert_eq!(value(&total, "furlongs"), None);
}

/// The operation of a row: identified by the table and row, one figure in the row's unit's
/// kind, the job's facts in `info`; a job's operations keep their identity.
#[test]
fn row_operations_identify_the_row_or_keep_the_jobs() {
    let r = reference("1995");
    let p = |c: &str| record::params([("command", c.into()), ("group", "modp-512".into())]);
    let i = r
        .rows
        .iter()
        .position(|row| row.id == "dh-modp-512")
        .unwrap();
    let offer = Operation::timed("Offer", p("dh"), Stats::from_samples(vec![0.2], 1))
        .with_info("table_bytes", 7)
        .with_info("pool", 32);
    let reply =
        Operation::timed("Reply", p("dh"), Stats::from_samples(vec![0.3], 1)).with_info("pool", 99);
    let total = Operation::derived(TOTAL_OP, p("dh"), "total_ms", 0.7);
    let ops = r.row_operations(i, vec![offer, reply, total]).unwrap();
    assert_eq!(ops.len(), 1);
    let op = &ops[0];
    assert_eq!(op.name, r.rows[i].label);
    assert_eq!(
        record::params_label(&op.params),
        "repro row=dh-modp-512 table=1995"
    );
    assert_eq!(op.figures.len(), 1);
    assert_eq!(op.figures["time_ms"], 0.7);
    assert!(op.stats.is_none());
    assert_eq!(op.info_str("unit"), Some("ms"));
    assert_eq!(op.info_str("group"), Some("modp-512"));
    assert_eq!(op.info_u64("pool"), Some(32), "the first operation's value");
    assert_eq!(op.info_u64("table_bytes"), Some(7));
    assert_eq!(op.info_f64("offer_ms"), Some(0.2));
    assert_eq!(op.info_f64("reply_ms"), Some(0.3));
    assert_eq!(r.row_of(op).unwrap().id, "dh-modp-512");
    // A job without its headline operation is a defect.
    assert!(r.row_operations(0, vec![]).is_err());

    let g = reference("gnupg-2000");
    let cfb = Operation::derived(
        "CFB enc",
        record::params([("command", "cipher".into()), ("cipher", "CAST5".into())]),
        "bytes_per_sec",
        1e6,
    );
    let ops = g.row_operations(0, vec![cfb]).unwrap();
    assert_eq!(ops[0].name, "CFB enc");
    assert_eq!(ops[0].param_str("cipher"), Some("CAST5"));
    assert_eq!(ops[0].info_str("row"), Some("cast5-128"));
    assert_eq!(ops[0].info_str("reference_row"), Some("CAST5-128"));
    assert_eq!(ops[0].info_f64("reference K6/400 (Mbit/s)"), Some(35.5));
    assert_eq!(g.row_of(&ops[0]).unwrap().id, "cast5-128");
}

//! `pkbench compare` on hand-made records: ratios, noise marks, unmatched rows, exit codes.

mod common;

use common::pkbench;
use pkbench::measure::{Machine, Stats};
use pkbench::record::{self, Operation, ResultRecord};
use pkbench::report::compare::{NoiseRule, compare};
use serde_json::json;
use std::path::{Path, PathBuf};

/// Statistics with this median and these quartiles, from five raw samples that give them
/// (a record's statistics must be those of its samples).
fn stats(median: f64, q1: f64, q3: f64) -> Stats {
    Stats::from_samples(vec![q1, q1, median, q3, q3], 1)
}

fn key(group: &str) -> std::collections::BTreeMap<String, serde_json::Value> {
    record::params([
        ("command", json!("dh")),
        ("group", json!(group)),
        ("exp_bits", json!(128)),
    ])
}

fn hash_key() -> std::collections::BTreeMap<String, serde_json::Value> {
    record::params([("command", json!("hash")), ("algorithm", json!("md5"))])
}

/// BASE and NEW: Offer 2.00x faster, Reply ~ (quartiles overlap, 3 % slower), so Total
/// (2*Offer + Reply of the medians, as a record must hold it) 30 / 20.3 = 1.48x; md5
/// bytes/s 1.34x, sha1 bytes/s 0.80x (a regression) or 1.00x; one row only in each.
fn pair(with_regression: bool) -> (ResultRecord, ResultRecord) {
    let m = Machine::detect();
    let mut base = ResultRecord::new("suite", "wall", m.clone());
    let mut new = ResultRecord::new("suite", "wall", m);
    let k = key("gf2-155");
    base.operations
        .push(Operation::timed("Offer", k.clone(), stats(10.0, 9.5, 10.5)));
    new.operations
        .push(Operation::timed("Offer", k.clone(), stats(5.0, 4.8, 5.2)));
    base.operations
        .push(Operation::timed("Reply", k.clone(), stats(10.0, 9.0, 11.0)));
    new.operations
        .push(Operation::timed("Reply", k.clone(), stats(10.3, 9.6, 11.0)));
    base.operations.push(Operation::derived(
        "hash",
        hash_key(),
        "bytes_per_sec",
        100e6,
    ));
    new.operations.push(Operation::derived(
        "hash",
        hash_key(),
        "bytes_per_sec",
        134e6,
    ));
    let sha1 = record::params([("command", json!("hash")), ("algorithm", json!("sha1"))]);
    let sha1_new = if with_regression { 80e6 } else { 100e6 };
    base.operations.push(Operation::derived(
        "hash",
        sha1.clone(),
        "bytes_per_sec",
        100e6,
    ));
    new.operations
        .push(Operation::derived("hash", sha1, "bytes_per_sec", sha1_new));
    base.operations.push(Operation::derived(
        "Total = 2*Offer + Reply",
        k.clone(),
        "total_ms",
        30.0,
    ));
    new.operations.push(Operation::derived(
        "Total = 2*Offer + Reply",
        k,
        "total_ms",
        20.3,
    ));
    base.operations.push(Operation::timed(
        "Offer",
        key("gf2-185"),
        stats(1.0, 1.0, 1.0),
    ));
    new.operations
        .push(Operation::timed("Offer", key("p256"), stats(1.0, 1.0, 1.0)));
    (base, new)
}

#[test]
fn ratios_noise_and_unmatched() {
    let (base, new) = pair(true);
    let c = compare(&base, &new, &NoiseRule::from_threshold(None));
    assert_eq!(
        c.columns,
        vec!["Offer", "Reply", "hash", "Total = 2*Offer + Reply"]
    );
    let dh = c
        .rows
        .iter()
        .find(|r| r.label == "dh exp_bits=128 group=gf2-155")
        .unwrap();
    let offer = dh.cells[0].unwrap();
    assert!((offer.ratio - 2.0).abs() < 1e-12);
    assert!(!offer.noise);
    assert_eq!(offer.text(), "2.00x");
    let reply = dh.cells[1].unwrap();
    assert!((reply.ratio - 10.0 / 10.3).abs() < 1e-12);
    assert!(reply.noise, "quartile ranges overlap");
    assert_eq!(reply.text(), "~");
    let total = dh.cells[3].unwrap();
    assert!((total.ratio - 30.0 / 20.3).abs() < 1e-12);
    assert!(!total.is_regression());
    assert_eq!(dh.cells[2], None, "no hash in the dh row");
    let md5 = c
        .rows
        .iter()
        .find(|r| r.label == "hash algorithm=md5")
        .unwrap();
    let h = md5.cells[2].unwrap();
    assert!((h.ratio - 1.34).abs() < 1e-12, "rates: NEW/BASE");
    assert_eq!(h.text(), "1.34x");
    let sha1 = c
        .rows
        .iter()
        .find(|r| r.label == "hash algorithm=sha1")
        .unwrap();
    let h = sha1.cells[2].unwrap();
    assert!((h.ratio - 0.8).abs() < 1e-12);
    assert!(h.is_regression());
    assert_eq!(c.matched, 5);
    let g = (2.0f64 * (10.0 / 10.3) * 1.34 * 0.8 * (30.0 / 20.3)).powf(0.2);
    assert!((c.geomean - g).abs() < 1e-12, "{} vs {g}", c.geomean);
    assert_eq!(
        c.only_in_base,
        vec!["dh exp_bits=128 group=gf2-185 / Offer"]
    );
    assert_eq!(c.only_in_new, vec!["dh exp_bits=128 group=p256 / Offer"]);
    assert_eq!(c.regressions.len(), 1);
    assert!(c.regressions[0].contains("sha1"), "{:?}", c.regressions);

    // An explicit threshold replaces the default rule: 2 % makes the 3 % Reply change
    // count; 25 % hides the 20 % regression.
    let c = compare(&base, &new, &NoiseRule::from_threshold(Some(2.0)));
    assert!(!c.rows[0].cells[1].unwrap().noise);
    assert_eq!(c.regressions.len(), 2);
    let c = compare(&base, &new, &NoiseRule::from_threshold(Some(25.0)));
    assert!(c.regressions.is_empty());
}

fn scratch(name: &str) -> common::Scratch {
    common::scratch(&format!("cmp-{name}"))
}

fn save(dir: &Path, name: &str, r: &ResultRecord) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, r.to_json().unwrap()).unwrap();
    p
}

#[test]
fn cli_exit_codes() {
    let d = scratch("cli");
    let (base, slow) = pair(true);
    let (_, ok) = pair(false);
    let b = save(&d, "base.json", &base);
    let s = save(&d, "slow.json", &slow);
    let o = save(&d, "ok.json", &ok);
    let cmp = Path::new("compare");
    let fail = Path::new("--fail-on-regression");

    let (code, out, err) = pkbench(&[cmp, &b, &s]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2.00x") && out.contains("1.34x") && out.contains("0.80x"));
    assert!(out.contains(" ~ "), "{out}");
    assert!(
        out.contains("only in BASE") && out.contains("only in NEW"),
        "{out}"
    );
    assert!(out.contains("geometric mean"), "{out}");

    let (code, out, err) = pkbench(&[cmp, &b, &s, fail]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("0.80x"), "table still printed: {out}");
    assert!(
        err.starts_with("pkbench: error: 1 operation(s) slower"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");

    let (code, _, err) = pkbench(&[cmp, &b, &o, fail]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = pkbench(&[cmp, &b, &s, fail, Path::new("--threshold"), Path::new("25")]);
    assert_eq!(code, 0, "{err}");

    let (code, out, _) = pkbench(&[cmp, &b, &s, &o]);
    assert_eq!(code, 0);
    assert!(out.contains("[3]"), "one column per record: {out}");

    let bad = d.join("bad.json");
    std::fs::write(&bad, "{\"command\": \"dh\"}").unwrap();
    let (code, out, err) = pkbench(&[cmp, &b, &bad]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("schema"), "{err}");
    let (code, _, _) = pkbench(&[cmp, &b, &d.join("missing.json")]);
    assert_eq!(code, 2);
    std::fs::remove_dir_all(&d).unwrap();
}

/// Nothing compared (disjoint or empty records) and malformed operations are bad input:
/// exit 2, one line on stderr, with or without --fail-on-regression; with nothing in
/// common, stdout first lists each side's operations as unmatched (issue 21).
#[test]
fn cli_nothing_compared_and_malformed_records() {
    let d = scratch("nothing");
    let (base, _) = pair(false);
    let m = Machine::detect();
    let mut other = ResultRecord::new("rsa", "wall", m.clone());
    other.operations.push(Operation::timed(
        "private op",
        record::params([("command", json!("rsa")), ("bits", json!(512))]),
        stats(1.0, 0.9, 1.1),
    ));
    let empty = ResultRecord::new("dh", "wall", m);
    let b = save(&d, "base.json", &base);
    let o = save(&d, "rsa.json", &other);
    let e = save(&d, "empty.json", &empty);
    for new in [&o, &e] {
        for fail in [true, false] {
            let mut args = vec![Path::new("compare"), b.as_path(), new.as_path()];
            if fail {
                args.push(Path::new("--fail-on-regression"));
            }
            let (code, out, err) = pkbench(&args);
            assert_eq!(code, 2, "{out}{err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(
                out.starts_with("pkbench compare: nothing compared between BASE"),
                "{out}"
            );
            // Every BASE operation is listed by its label, and NEW's (or "none").
            assert!(
                out.contains(&format!(
                    "unmatched, only in BASE ({}):",
                    base.operations.len()
                )),
                "{out}"
            );
            for op in &base.operations {
                let label = format!("  {} / {}", record::params_label(&op.params), op.name);
                assert!(out.contains(&label), "{label}: {out}");
            }
            if new == &o {
                assert!(out.contains("unmatched, only in NEW (1):\n  "), "{out}");
                assert!(out.contains("/ private op"), "{out}");
            } else {
                assert!(out.contains("unmatched, only in NEW: none"), "{out}");
            }
            assert!(
                err.starts_with("pkbench: error: nothing compared: no operation appears in both"),
                "{err}"
            );
            assert!(err.contains("same commands"), "{err}");
        }
    }
    // With --json the listing is one JSON object.
    let (code, out, _) = pkbench(&[Path::new("compare"), &b, &o, Path::new("--json")]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["nothing_compared"], json!(true));
    assert_eq!(v["only_in_new"].as_array().unwrap().len(), 1);
    assert_eq!(
        v["only_in_base"].as_array().unwrap().len(),
        base.operations.len()
    );
    // A third record that matches nothing is refused too.
    let (code, _, err) = pkbench(&[Path::new("compare"), &b, &b, &o]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("rsa.json"), "{err}");

    // Malformed operations: a median of 0 (no ratio can be taken), a negative time, a
    // median outside [q1, q3]; tiny float slack is fine. The last three are records whose
    // figures contradict each other, refused when read.
    let bare = |median: f64, q1: f64, q3: f64| Stats {
        median_ms: median,
        q1_ms: q1,
        q3_ms: q3,
        min_ms: q1.min(median),
        max_ms: q3.max(median),
        mean_ms: median,
        samples: 3,
        batch: 1,
        raw_ms: vec![],
        rounds: vec![],
    };
    for (name, s, ok, want) in [
        (
            "zero.json",
            stats(0.0, 0.0, 0.0),
            false,
            "/ Reply: median 0 ms",
        ),
        ("neg.json", bare(-1.0, -2.0, 1.0), false, "Reply (dh "),
        ("above.json", bare(12.0, 9.0, 11.0), false, "Reply (dh "),
        ("below.json", bare(8.0, 9.0, 11.0), false, "Reply (dh "),
        (
            "slack.json",
            bare(11.0 * (1.0 + 1e-12), 9.0, 11.0),
            true,
            "",
        ),
    ] {
        let mut r = base.clone();
        r.operations[1].stats = Some(s);
        let parts = |name: &str| r.operations.iter().find(|o| o.name == name).cloned();
        let (offer, reply) = (parts("Offer").unwrap(), parts("Reply").unwrap());
        let total = 2.0 * offer.stats.unwrap().median_ms + reply.stats.unwrap().median_ms;
        for op in &mut r.operations {
            if op.name == "Total = 2*Offer + Reply" {
                op.figures.insert("total_ms".into(), total);
            }
        }
        let p = save(&d, name, &r);
        let (code, out, err) = pkbench(&[Path::new("compare"), &b, &p]);
        if ok {
            assert_eq!(code, 0, "{name}: {err}");
            continue;
        }
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with(&format!("pkbench: error: {}: ", p.display())),
            "{err}"
        );
        assert!(err.contains(want), "{name}: {err}");
        // The same record as BASE is refused as well.
        let (code, _, _) = pkbench(&[Path::new("compare"), &p, &b]);
        assert_eq!(code, 2);
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// BASE and NEW for one DH row as `dh` records it, in ms: Offer and Reply whose quartile
/// ranges overlap although the medians moved 10 % and 8 % (noise by the default rule),
/// Total = 2*Offer + Reply and CPU sum from the medians (21 % and 19 % slower, no
/// quartiles). With `reply_in_new == false` NEW has no Reply.
fn derived_pair(reply_in_new: bool) -> (ResultRecord, ResultRecord) {
    let m = Machine::detect();
    let mut base = ResultRecord::new("dh", "cpu", m.clone());
    let mut new = ResultRecord::new("dh", "cpu", m);
    let k = key("x25519");
    let (ob, on, rb, rn) = (1.0, 1.1, 5.0, 5.4);
    base.operations
        .push(Operation::timed("Offer", k.clone(), stats(ob, 0.8, 1.2)));
    new.operations
        .push(Operation::timed("Offer", k.clone(), stats(on, 1.0, 1.3)));
    base.operations
        .push(Operation::timed("Reply", k.clone(), stats(rb, 4.5, 5.5)));
    if reply_in_new {
        new.operations
            .push(Operation::timed("Reply", k.clone(), stats(rn, 5.2, 5.9)));
    }
    for (r, o, y) in [(&mut base, ob, rb), (&mut new, on, rn)] {
        r.operations.push(Operation::derived(
            record::TOTAL_OP,
            k.clone(),
            "total_ms",
            2.0 * o + y,
        ));
        r.operations.push(Operation::derived(
            record::CPU_SUM_OP,
            k.clone(),
            "cpu_total_ms",
            2.0 * (o + y),
        ));
    }
    (base, new)
}

/// Total and CPU sum have no quartiles: they are noise when Offer and Reply of the same row
/// are noise, and judged by the threshold alone otherwise (a part not noise, a part missing,
/// an explicit --threshold that makes the parts count).
#[test]
fn derived_rows_follow_their_parts() {
    let (base, new) = derived_pair(true);
    let c = compare(&base, &new, &NoiseRule::from_threshold(None));
    assert_eq!(
        c.columns,
        vec!["Offer", "Reply", record::TOTAL_OP, record::CPU_SUM_OP]
    );
    let cells: Vec<_> = c.rows[0].cells.iter().map(|c| c.unwrap()).collect();
    assert!(cells[0].noise && cells[1].noise, "{cells:?}");
    let total = cells[2];
    assert!((total.ratio - 7.0 / 7.6).abs() < 1e-12, "{total:?}");
    assert!(total.noise, "Offer and Reply are noise: {total:?}");
    let cpu = cells[3];
    assert!((cpu.ratio - 12.0 / 13.0).abs() < 1e-12, "{cpu:?}");
    assert!(cpu.noise, "{cpu:?}");
    assert!(c.regressions.is_empty(), "{:?}", c.regressions);

    // An explicit threshold of 2 %: Offer, Reply, Total and CPU sum all count.
    let c = compare(&base, &new, &NoiseRule::from_threshold(Some(2.0)));
    assert_eq!(c.regressions.len(), 4, "{:?}", c.regressions);

    // Offer not noise (quartiles apart, 10 % slower): Total and CPU sum by the 5 % rule.
    let mut far = new.clone();
    far.operations[0].stats = Some(stats(1.1, 1.25, 1.3));
    let c = compare(&base, &far, &NoiseRule::from_threshold(None));
    let cells: Vec<_> = c.rows[0].cells.iter().map(|c| c.unwrap()).collect();
    assert!(!cells[0].noise && cells[1].noise, "{cells:?}");
    assert!(
        cells[2].is_regression() && cells[3].is_regression(),
        "{cells:?}"
    );
    assert_eq!(c.regressions.len(), 3, "{:?}", c.regressions);

    // Reply missing in NEW: nothing to lean on, the 5 % rule alone.
    let (base, no_reply) = derived_pair(false);
    let c = compare(&base, &no_reply, &NoiseRule::from_threshold(None));
    assert_eq!(c.regressions.len(), 2, "{:?}", c.regressions);
    assert!(
        c.regressions
            .iter()
            .all(|r| r.contains("Total") || r.contains("CPU sum"))
    );
}

/// On the command line: --fail-on-regression does not fire on Total alone, the pair table
/// shows "~", and the table of three records shows "(~)" for Total and CPU sum.
#[test]
fn cli_derived_rows_noise() {
    let d = scratch("derived");
    let (base, new) = derived_pair(true);
    let b = save(&d, "base.json", &base);
    let n = save(&d, "new.json", &new);
    let (code, out, err) = pkbench(&[
        Path::new("compare"),
        &b,
        &n,
        Path::new("--fail-on-regression"),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("regressions: none"), "{out}");
    // Each operation under its item, BASE's and NEW's figures beside "~".
    for (op, b, n) in [
        ("Offer", "1.000 ms", "1.100 ms"),
        (record::TOTAL_OP, "7.000 ms", "7.600 ms"),
        (record::CPU_SUM_OP, "12.00 ms", "13.00 ms"),
    ] {
        let row = out
            .lines()
            .find(|l| l.contains(&format!("  {op} ")))
            .unwrap();
        let cells: Vec<&str> = row.split(['│', '┆']).map(str::trim).collect();
        assert_eq!(cells[1..5], [op, b, n, "~"], "{out}");
    }
    assert_eq!(out.matches("┆ ~ ").count(), 4, "{out}");
    let (code, out, err) = pkbench(&[Path::new("compare"), &b, &n, &n]);
    assert_eq!(code, 0, "{err}");
    // Offer, Reply, Total and CPU sum, in records [2] and [3].
    assert_eq!(out.matches("(~)").count(), 8, "{out}");
    assert!(
        out.contains("7.600 ms (~)") && out.contains("13.00 ms (~)"),
        "{out}"
    );
    assert!(out.contains("0 regression(s)"), "{out}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// Matched operations whose code differs (GF(2^m) implementation, bignum backend) get a note
/// per difference, with a count, in the text and in the comparison; identical code gets none.
#[test]
fn implementation_differences_are_noted() {
    use pkbench::report::compare::{ImplDiff, render_pair};
    let m = Machine::detect();
    let mut base = ResultRecord::new("dh", "cpu", m.clone());
    let mut new = ResultRecord::new("dh", "cpu", m);
    for name in ["Offer", "Reply"] {
        base.operations.push(
            Operation::timed(name, key("gf2-155"), stats(10.0, 9.5, 10.5))
                .with_info("field_code", "vpclmulqdq+avx512"),
        );
        new.operations.push(
            Operation::timed(name, key("gf2-155"), stats(60.0, 59.0, 61.0))
                .with_info("field_code", "portable"),
        );
        base.operations.push(
            Operation::timed(name, key("modp-2048"), stats(10.0, 9.5, 10.5))
                .with_info("backend", "gmp"),
        );
        new.operations.push(
            Operation::timed(name, key("modp-2048"), stats(10.0, 9.5, 10.5))
                .with_info("backend", "gmp"),
        );
    }
    let rule = NoiseRule::from_threshold(None);
    let cmp = compare(&base, &new, &rule);
    assert_eq!(
        cmp.impl_diffs,
        vec![ImplDiff {
            key: "field_code".into(),
            base: "vpclmulqdq+avx512".into(),
            new: "portable".into(),
            operations: 2,
        }]
    );
    let text = render_pair(("a.json", "b.json"), &base, &new, &cmp, &rule);
    // The report wraps at 80 columns: compare with the line breaks folded.
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "note: field_code differs: vpclmulqdq+avx512 in BASE, portable in NEW (2 operations)"
        ),
        "{text}"
    );
    assert!(!flat.contains("backend differs"), "{text}");
    let same = compare(&base, &base, &rule);
    assert!(same.impl_diffs.is_empty());
}

#[test]
fn machine_noise_raises_the_threshold_and_never_lowers_it() {
    let (mut base, new) = pair(true);
    let rule = NoiseRule::from_threshold(Some(5.0));
    let noise = |pct: f64| pkbench::measure::noise::Noise {
        pct,
        worst_pct: pct,
        runs: 5,
        measured_utc: "2026-12-01T00:00:00Z".into(),
        method: pkbench::measure::noise::METHOD.into(),
        operations: vec![],
    };
    // 25 % between-run noise on BASE's machine hides the 20 % sha1 regression.
    base.machine.noise = Some(noise(25.0));
    let raised = rule.with_noise_floor(&[base.clone(), new.clone()]);
    assert_eq!(raised.threshold_pct, 25.0);
    assert_eq!(raised.raised_from, Some(5.0));
    assert!(
        raised.describe().contains("raised from 5 %"),
        "{}",
        raised.describe()
    );
    assert!(compare(&base, &new, &raised).regressions.is_empty());
    // 2 % noise never lowers a 5 % threshold.
    base.machine.noise = Some(noise(2.0));
    let kept = rule.with_noise_floor(&[base.clone(), new.clone()]);
    assert_eq!(kept.threshold_pct, 5.0);
    assert_eq!(kept.raised_from, None);
}

/// Twenty operations with 10 rounds each; NEW runs every one at `shift` of BASE's speed (a
/// little spread per operation), except the md5 row at `md5` of it.
fn shifted_pair(shift: f64, md5: f64) -> (ResultRecord, ResultRecord) {
    let m = Machine::detect();
    let mut base = ResultRecord::new("suite", "wall", m.clone());
    let mut new = ResultRecord::new("suite", "wall", m);
    for i in 0..20 {
        let algo = if i == 0 {
            "md5".to_string()
        } else {
            format!("h{i}")
        };
        let k = record::params([("command", json!("hash")), ("algorithm", json!(algo))]);
        let f = if i == 0 {
            md5
        } else {
            shift * (1.0 + 0.004 * (i % 5) as f64)
        };
        let rounds = |scale: f64| -> Vec<f64> {
            (0..10)
                .map(|r| scale * 100e6 * (1.0 + 0.01 * ((r * 7 + i) % 5) as f64))
                .collect()
        };
        base.operations.push(
            Operation::derived("hash", k.clone(), "bytes_per_sec", 100e6).with_rounds(rounds(1.0)),
        );
        new.operations
            .push(Operation::derived("hash", k, "bytes_per_sec", f * 100e6).with_rounds(rounds(f)));
    }
    (base, new)
}

fn write_pair(dir: &Path, base: &ResultRecord, new: &ResultRecord) -> (PathBuf, PathBuf) {
    (save(dir, "a.json", base), save(dir, "b.json", new))
}

#[test]
fn a_shift_of_the_whole_run_is_drift_for_the_same_build_and_a_finding_for_another() {
    // The same build on the same machine: the whole second run 14 % slower is drift between
    // the runs; only md5, 30 % slower than the rest, is a regression.
    let (base, new) = shifted_pair(0.86, 0.60);
    let c = compare(&base, &new, &NoiseRule::from_threshold(None));
    let s = c.shift.expect("a run shift over 20 operations");
    assert!(s.applied);
    assert!((s.ratio.estimate - 0.86).abs() < 0.01, "{s:?}");
    assert!(s.ratio.hi < 0.9, "{s:?}");
    assert_eq!(c.regressions.len(), 1, "{:?}", c.regressions);
    assert!(
        c.regressions[0].starts_with("hash algorithm=md5"),
        "{:?}",
        c.regressions
    );
    let dir = common::scratch("compare-shift");
    let strict = |base: &ResultRecord, new: &ResultRecord| {
        let (a, b) = write_pair(&dir, base, new);
        pkbench(&[
            "compare".as_ref(),
            a.as_os_str(),
            b.as_os_str(),
            "--fail-on-regression".as_ref(),
        ])
    };
    let (code, out, err) = strict(&base, &new);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("run shift: NEW ran 0.8"), "{out}");
    assert!(out.contains("judged against it"), "{out}");
    assert!(err.contains("1 operation(s) slower"), "{err}");
    // The legend gives the bounds the marks mean: the shift's, not 0.95 / 1.05.
    let legend: String = out
        .lines()
        .skip_while(|l| !l.starts_with("noise:"))
        .take(4)
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ");
    assert!(legend.contains("beyond the run shift 0.8"), "{legend}");
    assert!(!legend.contains("below 0.95"), "{legend}");

    // Without the outlier: exit 0.
    let (base, new) = shifted_pair(0.86, 0.86);
    let (code, out, err) = strict(&base, &new);
    assert_eq!(code, 0, "{out}{err}");

    // Another build: the same shift may be the code, so every operation is judged as it is
    // and the report points to compare --run.
    let (base, mut new) = shifted_pair(0.86, 0.86);
    new.build.executable_sha256 = Some("0000000000000000".into());
    let c = compare(&base, &new, &NoiseRule::from_threshold(None));
    assert!(!c.shift.unwrap().applied);
    assert_eq!(c.regressions.len(), 20, "{:?}", c.regressions);
    let (a, b) = write_pair(&dir, &base, &new);
    let (code, out, _) = pkbench(&["compare".as_ref(), a.as_os_str(), b.as_os_str()]);
    assert_eq!(code, 0);
    assert!(out.contains("compare --run"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_record_made_beside_other_work_is_noted() {
    let (mut base, mut new) = pair(false);
    base.machine.cores = 2;
    base.machine.load_average = Some(7.24);
    new.machine.load_average = Some(0.9);
    let dir = common::scratch("compare-busy");
    let (a, b) = write_pair(&dir, &base, &new);
    let (code, out, err) = pkbench(&["compare".as_ref(), a.as_os_str(), b.as_os_str()]);
    assert_eq!(code, 0, "{err}");
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("note: BASE ran beside other work (load average 7.2 on 2 CPUs)"),
        "{out}"
    );
    assert!(!flat.contains("note: NEW ran beside"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

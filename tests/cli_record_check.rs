//! A record whose stored figures contradict each other is refused by every command that
//! reads records (`compare`, `plot`, `report`): exit 2, one line on stderr naming the file,
//! nothing on stdout. The records are hand-edited copies of a real one (`dh --group x25519`,
//! saved with `--output`), edited as a user or a damaged disk would edit the JSON; the
//! unedited record and the older-schema records under `tests/data/records/` still read.

mod common;

use common::{pkbench, scratch};
use serde_json::Value;
use std::path::{Path, PathBuf};

const TOTAL: &str = "Total = 2*Offer + Reply";

/// A real `dh` record, made once per test: the directory it is in (removed when dropped),
/// its path and its JSON.
fn real_record(tag: &str) -> (common::Scratch, PathBuf, Value) {
    let d = scratch(tag);
    let f = d.join("real.json");
    let (code, _, err) = pkbench(&[
        "dh",
        "--group",
        "x25519",
        "--time",
        "0.02",
        "--seed",
        "7",
        "--quiet",
        "--output",
        f.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
    (d, f, v)
}

/// The operation named `name` of record `v`, to edit.
fn op<'a>(v: &'a mut Value, name: &str) -> &'a mut Value {
    v["operations"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|o| o["name"] == name)
        .unwrap_or_else(|| panic!("no operation {name}"))
}

fn f64_at(v: &Value) -> f64 {
    v.as_f64().unwrap()
}

/// An edit: its name, what it does to the record's JSON, words the refusal must contain.
type Edit = (&'static str, fn(&mut Value), &'static str);

/// The edits.
fn edits() -> Vec<Edit> {
    vec![
        (
            "total-not-its-parts",
            |v| {
                let t = &mut op(v, TOTAL)["figures"]["total_s"];
                *t = (f64_at(t) * 1.5).into();
            },
            "2*Offer + Reply of the stored medians",
        ),
        (
            "total-zero",
            |v| op(v, TOTAL)["figures"]["total_s"] = 0.0.into(),
            "2*Offer + Reply of the stored medians",
        ),
        (
            "total-round-edited",
            |v| {
                let r = &mut op(v, TOTAL)["rounds"][0];
                *r = (f64_at(r) * 3.0).into();
            },
            "round 1",
        ),
        (
            "median-above-q3",
            |v| {
                let st = &mut op(v, "Offer")["stats"];
                st["median_s"] = (f64_at(&st["q3_s"]) * 1.2).into();
            },
            "above its q3",
        ),
        (
            "raw-samples-not-the-median",
            |v| {
                for s in op(v, "Reply")["stats"]["raw_s"].as_array_mut().unwrap() {
                    *s = (f64_at(s) * 2.0).into();
                }
            },
            "of its raw samples",
        ),
        (
            "negative-time",
            |v| op(v, "Reply")["stats"]["min_s"] = (-1e-6).into(),
            "not a time",
        ),
        (
            "median-not-a-number",
            |v| op(v, "Offer")["stats"]["median_s"] = Value::Null,
            "not a time",
        ),
        (
            "rate-not-the-median",
            |v| {
                let r = &mut op(v, "Offer")["figures"]["ops_per_sec"];
                *r = (f64_at(r) * 2.0).into();
            },
            "ops_per_sec",
        ),
        (
            "samples-miscounted",
            |v| {
                let n = &mut op(v, "Offer")["stats"]["samples"];
                *n = (n.as_u64().unwrap() + 1).into();
            },
            "samples",
        ),
    ]
}

/// Every hand-edited copy is refused by `compare` (also as BASE, and with
/// `--fail-on-regression`), `plot` and `report`: exit 2, one line naming the file and the
/// operation; the real record compares with itself.
#[test]
fn contradicting_figures_are_refused_naming_the_file() {
    let (_dir, real, v) = real_record("record-check");
    let d = real.parent().unwrap().to_path_buf();
    let (code, out, err) = pkbench(&[
        "compare".as_ref(),
        real.as_os_str(),
        real.as_os_str(),
        "--fail-on-regression".as_ref(),
    ]);
    assert_eq!(code, 0, "the real record agrees with itself: {out}{err}");
    let (svg, html) = (d.join("p.svg"), d.join("r.html"));
    for (name, edit, want) in edits() {
        let mut e = v.clone();
        edit(&mut e);
        let f = d.join(format!("{name}.json"));
        std::fs::write(&f, serde_json::to_string_pretty(&e).unwrap()).unwrap();
        let runs: [Vec<&std::ffi::OsStr>; 5] = [
            vec!["compare".as_ref(), real.as_os_str(), f.as_os_str()],
            vec!["compare".as_ref(), f.as_os_str(), real.as_os_str()],
            vec![
                "compare".as_ref(),
                real.as_os_str(),
                f.as_os_str(),
                "--fail-on-regression".as_ref(),
            ],
            vec![
                "plot".as_ref(),
                f.as_os_str(),
                "--output".as_ref(),
                svg.as_os_str(),
            ],
            vec![
                "report".as_ref(),
                f.as_os_str(),
                "--output".as_ref(),
                html.as_os_str(),
            ],
        ];
        for args in runs {
            let (code, out, err) = pkbench(&args);
            assert_eq!(code, 2, "{name}: {args:?}: {out}{err}");
            assert!(out.is_empty(), "{name}: {out}");
            assert_eq!(err.lines().count(), 1, "{name}: {err}");
            let head = format!("pkbench: error: {}: ", f.display());
            assert!(err.starts_with(&head), "{name}: {err}");
            assert!(err.contains("contradict each other"), "{name}: {err}");
            assert!(err.contains(want), "{name}: {err}");
        }
    }
    assert!(!svg.exists() && !html.exists());
    std::fs::remove_dir_all(&d).unwrap();
}

/// The records of schema 1 and 2 kept under `tests/data/records/` read, agree with
/// themselves, and compare (each with itself; the two schema 1 `dh` runs with each other).
#[test]
fn older_schema_records_still_read() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        let rec = pkbench::record::ResultRecord::read(&p)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert_eq!(rec.contradiction(), None, "{}", p.display());
        let (code, out, err) = pkbench(&["compare".as_ref(), p.as_os_str(), p.as_os_str()]);
        assert_eq!(code, 0, "{}: {out}{err}", p.display());
        n += 1;
    }
    assert!(n >= 6, "the schema 1 and 2 records are there");
    let a = dir.join("v1-dh-x25519-a.json");
    let b = dir.join("v1-dh-x25519-b.json");
    let (code, out, err) = pkbench(&["compare".as_ref(), a.as_os_str(), b.as_os_str()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Total = 2*Offer + Reply"), "{out}");
}

/// What the `dh` text says of the input pool comes from the record: its size, how often a
/// sample reuses an entry, and the caps the run sized it under (stored when measured, schema
/// 3); a record without the caps (older) prints none rather than today's binary's.
#[test]
fn dh_pool_caps_are_facts_of_the_record() {
    use pkbench::record::{ResultRecord, info};
    let (_dir, real, _) = real_record("record-pool");
    let mut rec = ResultRecord::read(&real).unwrap();
    let offer = rec.operation("Offer").unwrap();
    assert_eq!(offer.pool_cap(), Some(4096));
    assert_eq!(offer.pool_time_share(), Some(0.1));
    // A pool of one entry: every operation of a sample reuses it.
    for op in &mut rec.operations {
        op.info.insert(info::POOL.into(), 1.into());
    }
    // Words as one line: the text wraps at 80 columns.
    let flat = |r: &ResultRecord| {
        let t = pkbench::report::dh::render_text(r);
        t.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let text = flat(&rec);
    assert!(
        text.contains("capped at 10% of the budget's time and 4096 entries"),
        "{text}"
    );
    for op in &mut rec.operations {
        op.info.insert(info::POOL_CAP.into(), 7.into());
    }
    let text = flat(&rec);
    assert!(text.contains("and 7 entries"), "the record's cap: {text}");
    for op in &mut rec.operations {
        op.info.remove(info::POOL_CAP);
    }
    let text = pkbench::report::dh::render_text(&rec);
    assert!(
        text.contains("times per sample") && !text.contains("capped"),
        "{text}"
    );
    std::fs::remove_dir_all(real.parent().unwrap()).unwrap();
}

/// A record to make and edit: its name, the command that makes it, the edit, words the
/// refusal must contain.
type RecordEdit = (
    &'static str,
    &'static [&'static str],
    fn(&mut Value),
    &'static str,
);

/// `pkbench ARGS --quiet --output FILE` in `d`: the record's path and its JSON.
fn record_of(d: &Path, name: &str, args: &[&str]) -> (PathBuf, Value) {
    let f = d.join(format!("{name}.json"));
    let mut all = args.to_vec();
    all.extend(["--seed", "7", "--quiet", "--output", f.to_str().unwrap()]);
    let (code, _, err) = pkbench(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    let v = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
    (f, v)
}

/// `compare GOOD EDITED` refuses the edited copy: exit 2, one line naming it and `want`.
fn refused(good: &Path, edited: &Path, want: &str) {
    let (code, out, err) = pkbench(&["compare".as_ref(), good.as_os_str(), edited.as_os_str()]);
    let name = edited.display();
    assert_eq!(code, 2, "{name}: {out}{err}");
    assert_eq!(err.lines().count(), 1, "{name}: {err}");
    assert!(
        err.starts_with(&format!("pkbench: error: {name}: ")),
        "{name}: {err}"
    );
    assert!(
        err.contains("contradict each other") && err.contains(want),
        "{name}: {err}"
    );
}

/// The copies of a figure stored beside it (`bytes_per_sec` of `rsa` and `hash` against
/// their medians, `mb_per_s`, `des --keysetup`'s `keys_per_sec` and `us_per_key`) and the
/// top-level summaries of schema 1 and 2 records (a `dh` Total or Offer median set to zero,
/// a `choose` row's Total not its Offer and Reply) are refused; the unedited records compare.
#[test]
fn edited_copies_and_old_summaries_are_refused() {
    let d = scratch("record-copies");
    let cases: [RecordEdit; 4] = [
        (
            "rsa",
            &["rsa", "--time", "0.02"],
            |v| scale_first(v, "figures", "bytes_per_sec"),
            "chunk_bytes 63 over its median",
        ),
        (
            "hash",
            &["hash", "--algo", "sha1", "--time", "0.02"],
            |v| scale_first(v, "info", "mb_per_s"),
            "mb_per_s is",
        ),
        (
            "keysetup",
            &["des", "--keysetup", "--time", "0.02"],
            |v| scale_first(v, "figures", "keys_per_sec"),
            "keys_per_sec is",
        ),
        (
            "keysetup-us",
            &["des", "--keysetup", "--time", "0.02"],
            |v| scale_first(v, "info", "us_per_key"),
            "us_per_key is",
        ),
    ];
    for (name, args, edit, want) in cases {
        let (good, mut v) = record_of(&d, name, args);
        let (code, out, err) = pkbench(&["compare".as_ref(), good.as_os_str(), good.as_os_str()]);
        assert_eq!(code, 0, "{name} agrees with itself: {out}{err}");
        edit(&mut v);
        let bad = d.join(format!("{name}-edited.json"));
        std::fs::write(&bad, serde_json::to_string_pretty(&v).unwrap()).unwrap();
        refused(&good, &bad, want);
    }
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    let old: [Edit; 4] = [
        (
            "v1-dh-x25519-a.json",
            |v| v["total_ms"] = 0.0.into(),
            "the summary total_ms is 0 ms",
        ),
        (
            "v2-ms-dh-x25519.json",
            |v| v["total_ms"] = 0.0.into(),
            "the summary total_ms is 0 ms",
        ),
        (
            "v2-ms-dh-x25519.json",
            |v| v["offer"]["median_ms"] = 0.0.into(),
            "the summary offer.median_ms is 0 ms",
        ),
        (
            "v1-choose.json",
            |v| {
                let t = &mut v["rows"][1]["total_ms"];
                *t = (f64_at(t) * 2.0).into();
            },
            "row 2 (gf2-155): total_ms",
        ),
    ];
    for (i, (file, edit, want)) in old.into_iter().enumerate() {
        let good = data.join(file);
        let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&good).unwrap()).unwrap();
        edit(&mut v);
        let bad = d.join(format!("old-{i}.json"));
        std::fs::write(&bad, serde_json::to_string_pretty(&v).unwrap()).unwrap();
        refused(&good, &bad, want);
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// Multiplies `v.operations[0].SECTION.KEY` by 1.01.
fn scale_first(v: &mut Value, section: &str, key: &str) {
    let x = &mut v["operations"][0][section][key];
    *x = (f64_at(x) * 1.01).into();
}

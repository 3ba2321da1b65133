//! `pkbench plot` on a hand-made scale record: the SVG parses, has an <svg> root, and its
//! legend carries the fitted growth exponents (2.50 for the synthetic full-exponent Reply,
//! 1.60 for the 128-bit one); panel (b) is drawn from the Total rows' security estimates.

mod common;

use common::{pkbench, pkbench_input_error};
use pkbench::measure::{Machine, Stats};
use pkbench::record::{self, Operation, ResultRecord};
use serde_json::json;

fn record() -> ResultRecord {
    let mut r = ResultRecord::new("scale", "wall", Machine::detect());
    for bits in [512u32, 1024, 2048, 4096] {
        let b = f64::from(bits);
        for (exp, full, k, sec) in [(bits - 1, true, 2.5, 50.0), (128, false, 1.6, 64.0)] {
            let p = record::params([
                ("command", json!("dh")),
                ("group", json!(format!("modp-{bits}"))),
                ("exp_bits", json!(exp)),
                ("table", json!(true)),
            ]);
            let ms = 1e-6 * b.powf(k);
            let info = |op: Operation| {
                op.with_info("family", "modp")
                    .with_info("field_bits", bits)
                    .with_info("full_exp_bits", bits - 1)
                    .with_info("security_bits", if full { sec + b / 100.0 } else { sec })
            };
            let st = Stats::from_samples(vec![ms * 0.99, ms, ms * 1.01], 1);
            r.operations
                .push(info(Operation::timed("Reply", p.clone(), st.clone())));
            r.operations
                .push(info(Operation::timed("Offer", p.clone(), st)));
            r.operations.push(info(Operation::derived(
                "Total = 2*Offer + Reply",
                p,
                "total_ms",
                3.0 * ms,
            )));
        }
    }
    r
}

#[test]
fn plot_is_valid_svg_with_fitted_exponents() {
    let d = common::scratch("plot");
    let rec = d.join("scale.json");
    std::fs::write(&rec, record().to_json().unwrap()).unwrap();
    let svg = d.join("scale.svg");
    let (code, stdout, err) = pkbench(&[
        "plot",
        rec.to_str().unwrap(),
        "--output",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stdout}{err}");
    assert!(
        stdout.contains("Reply, full exponent: fitted exponent 2.50"),
        "{stdout}"
    );
    assert!(stdout.contains("fitted exponent 1.60"), "{stdout}");

    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let texts: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").trim().to_string())
        .collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("Reply, full exponent: fitted exponent 2.50")),
        "{texts:?}"
    );
    assert!(
        texts.iter().any(|t| t.contains("against security")),
        "{texts:?}"
    );
    assert!(texts.iter().any(|t| t == "modp-1024/128"), "{texts:?}");
    assert!(doc.descendants().any(|n| n.has_tag_name("circle")));

    // Nothing to plot: exit 2, one line.
    let svg = d.join("empty.svg");
    let empty = d.join("empty.json");
    let e = ResultRecord::new("dh", "wall", Machine::detect());
    std::fs::write(&empty, e.to_json().unwrap()).unwrap();
    pkbench_input_error(&[
        "plot",
        empty.to_str().unwrap(),
        "--output",
        svg.to_str().unwrap(),
    ]);
    std::fs::remove_dir_all(&d).unwrap();
}

/// `--output` is replaced only with `--force` (a regular file only) and must be named `*.svg`:
/// otherwise exit 2, one line on stderr, nothing on stdout, the file unchanged.
#[test]
fn plot_out_needs_force_and_an_svg_name() {
    let d = common::scratch("plot-force");
    let rec = d.join("scale.json");
    std::fs::write(&rec, record().to_json().unwrap()).unwrap();
    let run = |out: &std::path::Path, force: bool| {
        let mut args = vec![
            "plot",
            rec.to_str().unwrap(),
            "--output",
            out.to_str().unwrap(),
        ];
        if force {
            args.push("--force");
        }
        pkbench(&args)
    };
    let one_line = |(code, out, err): (i32, String, String), has: &str| {
        assert_eq!(code, 2, "{out}{err}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("pkbench: error: --output "), "{err}");
        assert!(err.contains(has), "{err}");
    };
    let svg = d.join("p.svg");
    std::fs::write(&svg, "keep").unwrap();
    one_line(run(&svg, false), "add --force");
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), "keep");
    let (code, _, err) = run(&svg, true);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));

    for bad in ["p.png", "p", "p.svg.json"] {
        let p = d.join(bad);
        one_line(run(&p, true), "plot writes SVG; name the file .svg");
        assert!(!p.exists());
    }
    let upper = d.join("P.SVG");
    assert_eq!(run(&upper, false).0, 0);

    #[cfg(unix)]
    {
        let link = d.join("link.svg");
        std::os::unix::fs::symlink(&svg, &link).unwrap();
        one_line(run(&link, true), "symbolic link");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// Issue 21: a record edited to hold times no axis can take (0, 1e300 ms) or an absurd size
/// made `plot` build tick lists until memory ran out; now it is refused before drawing: exit
/// 2, one line naming the row and the value (the record's check, which runs before any axis
/// is built), no SVG written. Not timed: a run that built the ticks would not come back with
/// that line.
#[test]
fn plot_refuses_absurd_values() {
    let d = common::scratch("plot-absurd");
    let svg = d.join("p.svg");
    for (i, (ms, bits, want)) in [
        (1e300, None, "median 1e300 ms"),
        (0.0, None, "median 0 ms"),
        (1.0, Some(1e300), "field_bits 1e300"),
    ]
    .into_iter()
    .enumerate()
    {
        let mut r = record();
        let op = &mut r.operations[0];
        if let Some(s) = &mut op.stats {
            // Every sample absurd, so that the record agrees with itself and reaches plot.
            *s = Stats::from_samples(vec![ms; 3], 1);
        }
        if let Some(b) = bits {
            op.info.insert("field_bits".into(), json!(b));
        }
        let offer = r.operations[1].stats.as_ref().unwrap().median_ms;
        let reply = r.operations[0].stats.as_ref().unwrap().median_ms;
        r.operations[2]
            .figures
            .insert("total_ms".into(), 2.0 * offer + reply);
        let f = d.join(format!("absurd{i}.json"));
        std::fs::write(&f, r.to_json().unwrap()).unwrap();
        let err = pkbench_input_error(&[
            "plot",
            f.to_str().unwrap(),
            "--output",
            svg.to_str().unwrap(),
        ]);
        assert!(err.contains("the record cannot be plotted: Reply"), "{err}");
        assert!(err.contains(want), "{err}");
        assert!(!svg.exists());
    }
}

/// Issue 22: no two texts of a plot overlap (boxes computed from the SVG by
/// `report::plot_labels`), for the hand-made scale record and for a real `choose` run whose
/// points sit close together (x25519 beside k256 and p256, modp-768 beside modp-1024, the
/// chosen one ringed); a single `dh` record draws no log-log panel (one size).
#[test]
fn plot_labels_do_not_overlap() {
    use pkbench::report::plot_labels::overlapping_texts;
    let dir = common::scratch("plot-overlap");
    let rec = dir.join("scale.json");
    std::fs::write(&rec, record().to_json().unwrap()).unwrap();
    let choose = dir.join("choose.json");
    let dh = dir.join("dh.json");
    for args in [
        vec![
            "choose",
            "--groups",
            "x25519,k256,p256,modp-768,modp-1024",
            "--time",
            "0.01",
            "--no-prune",
            "--output",
            choose.to_str().unwrap(),
        ],
        vec![
            "dh",
            "--group",
            "x25519",
            "--time",
            "0.01",
            "--output",
            dh.to_str().unwrap(),
        ],
    ] {
        let (code, _, err) = pkbench(&args);
        assert_eq!(code, 0, "{err}");
    }
    for r in [&rec, &choose, &dh] {
        let svg = r.with_extension("svg");
        let (code, _, err) = pkbench(&[
            "plot",
            r.to_str().unwrap(),
            "--output",
            svg.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(&svg).unwrap();
        let bad = overlapping_texts(&text);
        assert!(
            bad.is_empty(),
            "{}: overlapping texts {bad:?}",
            svg.display()
        );
        if r == &dh {
            assert!(!text.contains("log-log"), "one size: no log-log panel");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `<text>` elements of an SVG, trimmed.
fn svg_texts(svg: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").trim().to_string())
        .collect()
}

/// Issue 28 (item 7): a plot names the implementation of every point and shows every family
/// of the record. A `dh --group mlkem768 --impl all` record was refused ("no Total rows with
/// security estimates"); now each KEM implementation is a point of panel (b), labelled with
/// its name, under a legend line that says which Total a KEM point sums. A `dh --group p384
/// --impl all` record labels the p384 crate's, aws-lc-rs's, ring's and OpenSSL's points
/// apart.
#[test]
fn plot_names_each_point_implementation() {
    use pkbench::report::plot_labels::overlapping_texts;
    let d = common::scratch("plot-impls");
    for (group, who) in [
        ("mlkem768", &["ml-kem", "libcrux-ml-kem", "aws-lc-rs"][..]),
        ("p384", &["p384", "aws-lc-rs", "ring", "openssl"][..]),
    ] {
        let rec = d.join(format!("{group}.json"));
        let svg = d.join(format!("{group}.svg"));
        let (code, _, err) = pkbench(&[
            "dh",
            "--group",
            group,
            "--impl",
            "all",
            "--time",
            "0.01",
            "--output",
            rec.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let (code, stdout, err) = pkbench(&[
            "plot",
            rec.to_str().unwrap(),
            "--output",
            svg.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{group}: {err}");
        let texts = svg_texts(&svg);
        // Every implementation is named in a point's label ("p384 (aws-lc-rs)", or within a
        // cluster "mlkem768 (libcrux-ml-kem, aws-lc-rs)"): one label per point or cluster,
        // and each name in brackets after the group.
        let labels: Vec<&String> = texts
            .iter()
            .filter(|t| t.starts_with(&format!("{group} (")))
            .collect();
        for w in who {
            assert!(
                labels
                    .iter()
                    .any(|t| t.contains(&format!("({w}")) || t.contains(&format!(", {w}"))),
                "{group}: no label names {w}: {texts:?}"
            );
        }
        let kem = group.starts_with("mlkem");
        // A point per Total row of the record: per implementation, and for the p384 crate
        // with its fixed-base table and without (a filled dot and a ring).
        let total = if kem {
            "Total = KeyGen + Encaps + Decaps"
        } else {
            "Total = 2*Offer + Reply"
        };
        let saved: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&rec).unwrap()).unwrap();
        let n = saved["operations"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|o| o["name"] == total)
            .count();
        assert!(n >= who.len(), "{group}: {n} Total rows");
        let summary = format!("{total} against security: {n} points");
        assert!(stdout.contains(&summary), "{stdout}");
        assert!(
            stdout.contains("each point's label names its implementation"),
            "{stdout}"
        );
        assert_eq!(
            texts.iter().any(|t| t == "KEM: KeyGen + Encaps + Decaps"),
            kem,
            "{group}: the KEM legend line: {texts:?}"
        );
        let bad = overlapping_texts(&std::fs::read_to_string(&svg).unwrap());
        assert!(bad.is_empty(), "{group}: overlapping texts {bad:?}");
    }
}

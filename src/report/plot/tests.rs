//! Tests of the plots: labels, ticks, axes, refusals.

mod general {
    use super::super::*;

    #[test]
    fn close_points_share_a_label() {
        let pt = |label: &str, bits: f64, ms: f64, chosen: bool| SecurityPoint {
            label: label.into(),
            implementation: None,
            kem: false,
            security_bits: bits,
            total_ms: ms,
            full: false,
            table: true,
            chosen,
            interval: None,
        };
        let labels = point_labels(&[
            pt("modp-3072/224", 112.0, 2.14, false),
            pt("ffdhe3072/224", 112.0, 2.16, false),
            pt("modp-2048/224", 112.0, 0.9, false),
            pt("x25519", 125.8, 0.086, true),
            pt("k256", 127.8, 0.099, false),
            pt("k256/250", 125.9, 0.09, false),
            pt("modp-3072/224", 112.0, 2.2, false),
        ]);
        let texts: Vec<&str> = labels.iter().map(|l| l.2.as_str()).collect();
        assert_eq!(
            texts,
            [
                "modp-3072/224, ffdhe3072/224",
                "modp-2048/224",
                "x25519 (chosen), k256/250",
                "k256"
            ]
        );
        assert_eq!(labels[0].1, 2.14, "at the first point");
    }

    /// Issue 28: points of several implementations name theirs ("p384 (aws-lc-rs)"), a
    /// cluster lists each group once with its tags; points of one implementation leave it to
    /// the legend ([`shared_implementation`]).
    #[test]
    fn labels_name_the_implementation() {
        let pt = |label: &str, who: &str, ms: f64, chosen: bool| SecurityPoint {
            label: label.into(),
            implementation: Some(who.into()),
            kem: label.starts_with("mlkem"),
            security_bits: 192.0,
            total_ms: ms,
            full: true,
            table: true,
            chosen,
            interval: None,
        };
        let points = [
            pt("p384", "p384", 1.40, false),
            pt("p384", "aws-lc-rs", 0.45, true),
            pt("p384", "ring", 0.46, false),
            pt("mlkem1024", "aws-lc-rs", 0.047, false),
            pt("mlkem1024", "libcrux-ml-kem", 0.048, false),
        ];
        let texts: Vec<String> = point_labels(&points).into_iter().map(|l| l.2).collect();
        assert_eq!(
            texts,
            [
                "p384 (p384)",
                "p384 (aws-lc-rs, ring, chosen)",
                "mlkem1024 (aws-lc-rs, libcrux-ml-kem)"
            ]
        );
        assert_eq!(shared_implementation(&points), None);
        let own = [
            pt("p384", "p384", 1.4, true),
            pt("x25519", "p384", 0.2, false),
        ];
        assert_eq!(shared_implementation(&own), Some("p384"));
        let texts: Vec<String> = point_labels(&own).into_iter().map(|l| l.2).collect();
        assert_eq!(texts, ["p384 (chosen)", "x25519"]);
    }

    /// A library's or crate's row is not pkbench's: panel (a) leaves it out (it joined the
    /// "Offer (no table)" series), and panel (b) draws it filled when the library has a
    /// built-in table of the generator (AWS-LC's P-384 table) and hollow when it has none,
    /// whatever the param `table` (false on every library row) says.
    #[test]
    fn library_rows_keep_their_own_table_and_stay_out_of_panel_a() {
        use crate::measure::Stats;
        use crate::record::{Operation, ResultRecord, params};
        use serde_json::json;
        let mut rec = ResultRecord::new("dh", "wall", crate::measure::Machine::detect());
        for (who, kind, ms) in [
            (None, "table", 1.4),
            (Some("aws-lc-rs"), "built-in", 0.45),
            (Some("ring"), "none", 0.6),
        ] {
            let mut p = params([
                ("command", json!("dh")),
                ("group", json!("p384")),
                ("exp_bits", json!(384)),
                ("table", json!(who.is_none())),
            ]);
            if let Some(w) = who {
                p.insert("impl".into(), json!(w));
            }
            let info = |op: Operation| {
                op.with_info("family", "ecp")
                    .with_info("field_bits", 384)
                    .with_info("full_exp_bits", 384)
                    .with_info("security_bits", 192.0)
                    .with_info("precomputation", json!({ "kind": kind }))
            };
            let st = Stats::from_samples(vec![ms / 3.0; 3], 1);
            rec.operations
                .push(info(Operation::timed("Offer", p.clone(), st)));
            rec.operations.push(info(Operation::derived(
                "Total = 2*Offer + Reply",
                p,
                "total_ms",
                ms,
            )));
        }
        let series = scaling_series(&rec);
        assert_eq!(series.len(), 1, "{series:?}");
        assert_eq!(series[0].label, "Offer, full exponent (ecp)");
        let pts = security_points(&rec);
        let table: Vec<(Option<&str>, bool)> = pts
            .iter()
            .map(|p| (p.implementation.as_deref(), p.table))
            .collect();
        assert_eq!(
            table,
            [
                (None, true),
                (Some("aws-lc-rs"), true),
                (Some("ring"), false)
            ]
        );
    }

    /// Issue 22: a y axis ran to 10 000 ms for data that stop at 422 ms. The axes now end
    /// within 15 % of the points and error bars, and the legend sits under the panel.
    #[test]
    fn axes_end_near_the_data() {
        let s = Series {
            label: "Reply, full exponent".into(),
            points: vec![(512.0, 0.8), (1024.0, 5.1), (2048.0, 38.0), (4096.0, 422.0)],
            fit: None,
            bars: vec![(4096.0, 400.0, 450.0)],
        };
        let (y0, y1) = scaling_y_range(&[s]);
        assert!((y1 - 450.0 * 1.15).abs() < 1e-9, "top {y1}");
        assert!((y0 - 0.8 / 1.15).abs() < 1e-12, "bottom {y0}");
        let ticks = log_ticks(y0, y1);
        assert_eq!((ticks[0], *ticks.last().unwrap()), (1.0, 500.0));
        let p = SecurityPoint {
            label: "x25519".into(),
            implementation: None,
            kem: false,
            security_bits: 128.0,
            total_ms: 0.0965,
            full: true,
            table: true,
            chosen: false,
            interval: Some((0.09, 0.12)),
        };
        let (y0, y1) = security_y_range(&[p]);
        // One point: the axis is the narrowest that shows ticks, around it.
        assert!(y0 < 0.09 && y1 > 0.12, "{y0} {y1}");
        assert!(y1 / y0 <= crate::report::plot_axes::MIN_LOG_RATIO + 1e-9);
    }

    #[test]
    fn ticks() {
        assert_eq!(
            log_ticks(0.15, 30.0),
            vec![0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0]
        );
        assert_eq!(log_ticks(0.25, 0.45).len(), 2);
        let t: Vec<String> = log_ticks(0.21, 0.95).into_iter().map(tick_text).collect();
        assert_eq!(t, ["0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9"]);
        assert_eq!(tick_text(0.05), "0.05");
        assert_eq!(tick_text(2.0), "2");
        assert_eq!(tick_text(150.0), "150");
    }
}

mod hostile {
    use super::super::*;

    /// Issue 21: a record edited to hold 0, ∞ or a range of hundreds of decades made
    /// `log_ticks` loop until memory ran out; ticks are now bounded and such records refused.
    #[test]
    fn ticks_are_bounded_and_absurd_times_refused() {
        assert!(log_ticks(0.0, 1.0).is_empty());
        assert!(log_ticks(1.0, f64::INFINITY).is_empty());
        assert!(log_ticks(f64::NAN, 1.0).is_empty());
        assert!(log_ticks(2.0, 1.0).is_empty());
        assert!(log_ticks(1e-300, 1e300).len() <= 3 * 601);
        let series = |ms: f64, bits: f64| {
            vec![Series {
                label: "Offer, full".into(),
                points: vec![(bits, ms)],
                fit: None,
                bars: Vec::new(),
            }]
        };
        assert!(check_plottable(&series(0.5, 1024.0), &[]).is_ok());
        for (ms, bits) in [(1e300, 1024.0), (0.0, 1024.0), (1.0, -1.0), (1.0, 1e300)] {
            let e = check_plottable(&series(ms, bits), &[]).unwrap_err();
            assert_eq!(e.exit_code(), 2);
            assert!(
                crate::cli::errors::render(&e).starts_with("the record cannot be plotted: Offer"),
                "{e}"
            );
        }
    }
}

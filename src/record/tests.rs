use super::*;
use crate::measure::Stats;
use serde_json::json;

fn sample_record() -> ResultRecord {
    let mut r = ResultRecord::new("dh", "wall", Machine::detect());
    r.seed = Some(7);
    r.params.insert("field".into(), json!("gf2-155"));
    let p = params([
        ("command", json!("dh")),
        ("group", json!("gf2-155")),
        ("exp_bits", json!(128)),
    ]);
    r.operations.push(
        Operation::timed(
            "Offer",
            p.clone(),
            Stats::from_samples(vec![1.0, 2.0, 3.0], 4),
        )
        .with_info("table_bytes", 1234),
    );
    r.operations.push(Operation::derived(
        "Total = 2*Offer + Reply",
        p,
        "total_ms",
        7.5,
    ));
    r.skipped.push(Skipped::new("rsa --bits 512", "not built"));
    r
}

#[test]
fn record_round_trips() {
    let r = sample_record();
    let text = r.to_json().unwrap();
    let back = ResultRecord::from_json("t", &text).unwrap();
    assert_eq!(back, r);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["schema"], SCHEMA);
    assert!(v.get("total_ms").is_none(), "the record's own keys only");
    assert_eq!(v["operations"][0]["stats"]["median_s"], 0.002);
    assert_eq!(v["operations"][1]["figures"]["total_s"], 0.0075);
    assert_eq!(v["operations"][0]["stats"]["batch"], 4);
}

/// `--json` prints a command's summary keys beside the record (`report::json`); a record
/// read back ignores them (as records written with a second copy of the raw samples in a
/// summary key, before) and writes its own keys, each operation's samples once.
#[test]
fn summary_keys_are_ignored_when_read() {
    let r = sample_record();
    let text = r.to_json().unwrap();
    assert_eq!(text.matches("\"raw_s\"").count(), 1, "{text}");
    let mut with_summary: Value = serde_json::from_str(&text).unwrap();
    let offer = serde_json::to_value(r.operations[0].stats.clone().unwrap()).unwrap();
    with_summary["offer"] = offer.clone();
    with_summary["nested"] = json!({"rows": [{"stats": offer}]});
    with_summary["total_ms"] = json!(7.5);
    let back = ResultRecord::from_json("old", &with_summary.to_string()).unwrap();
    assert_eq!(back, r);
    assert_eq!(back.to_json().unwrap(), text);
}

/// Records made before times were seconds (schema 2 with `*_ms` keys, and schema 1)
/// read with the same values; written again, they hold seconds.
#[test]
fn records_in_milliseconds_still_read() {
    let text = include_str!("../../tests/data/records/v2-ms-dh-x25519.json");
    let old: Value = serde_json::from_str(text).unwrap();
    let r = ResultRecord::from_json("v2-ms", text).unwrap();
    let total = r.operation(TOTAL_OP).unwrap();
    let want = old["operations"][2]["figures"]["total_ms"]
        .as_f64()
        .unwrap();
    assert_eq!(total.figures["total_ms"], want);
    assert_eq!(
        total.rounds,
        old["operations"][2]["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect::<Vec<_>>()
    );
    let offer = r.operation("Offer").unwrap().stats.as_ref().unwrap();
    assert_eq!(
        offer.median_ms,
        old["operations"][0]["stats"]["median_ms"].as_f64().unwrap()
    );
    let again: Value = serde_json::from_str(&r.to_json().unwrap()).unwrap();
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b.abs();
    assert!(close(
        again["operations"][2]["figures"]["total_s"]
            .as_f64()
            .unwrap()
            * 1e3,
        want
    ));
    assert!(close(
        again["operations"][2]["rounds"][0].as_f64().unwrap() * 1e3,
        total.rounds[0]
    ));
    assert!(close(
        again["operations"][0]["stats"]["median_s"]
            .as_f64()
            .unwrap()
            * 1e3,
        offer.median_ms
    ));
    assert!(!r.to_json().unwrap().contains("_ms\""));
    let back = ResultRecord::from_json("again", &r.to_json().unwrap()).unwrap();
    assert!(close(
        back.operation(TOTAL_OP).unwrap().figures["total_ms"],
        want
    ));
    // Schema 1 as well.
    let v1 = include_str!("../../tests/data/records/v1-dh-x25519-a.json");
    let r1 = ResultRecord::from_json("v1", v1).unwrap();
    let old1: Value = serde_json::from_str(v1).unwrap();
    assert_eq!(
        r1.operation("Offer")
            .unwrap()
            .stats
            .as_ref()
            .unwrap()
            .median_ms,
        old1["operations"][0]["stats"]["median_ms"]
            .as_f64()
            .unwrap()
    );
}

#[test]
fn wrong_schema_is_input_error() {
    let e = ResultRecord::from_json("f.json", r#"{"schema":"pkbench.result/9"}"#).unwrap_err();
    assert_eq!(e.exit_code(), 2);
    assert!(e.message().contains("pkbench.result/9"), "{e}");
    let e = ResultRecord::from_json("f.json", r#"{"command":"dh"}"#).unwrap_err();
    assert!(e.message().contains("schema"), "{e}");
    let e = ResultRecord::from_json("f.json", "{not json").unwrap_err();
    assert_eq!(e.exit_code(), 2);
}

#[test]
fn keys_and_labels() {
    let r = sample_record();
    let (label, name) = r.operations[0].key();
    assert_eq!(label, "dh exp_bits=128 group=gf2-155");
    assert_eq!(name, "Offer");
    assert_eq!(r.operations[0].headline(), Some((2.0, Better::Lower)));
    assert_eq!(r.operations[1].headline(), Some((7.5, Better::Lower)));
    assert_eq!(figure_direction("bytes_per_sec"), Some(Better::Higher));
    assert_eq!(figure_direction("us_per_key_us"), Some(Better::Lower));
    assert_eq!(figure_direction("count"), None);
}

#[test]
fn utc_dates() {
    assert_eq!(utc_from_unix(0), "1970-01-01T00:00:00Z");
    // 2000-02-29 12:34:56 UTC (a leap day) = 951827696.
    assert_eq!(utc_from_unix(951_827_696), "2000-02-29T12:34:56Z");
    // 2026-11-30 10:22:08 UTC = 1796034128.
    assert_eq!(utc_from_unix(1_796_034_128), "2026-11-30T10:22:08Z");
}

#[test]
fn cache_warm_keys_as_no_cache_param() {
    let p = params([("command", json!("dh")), ("group", json!("gf2-155"))]);
    let st = Stats::from_samples(vec![1.0], 1);
    let plain = Operation::timed("Offer", p.clone(), st.clone());
    let mut warm = p.clone();
    warm.insert("cache".into(), json!("warm"));
    let mut cold = p;
    cold.insert("cache".into(), json!("cold"));
    assert_eq!(
        Operation::timed("Offer", warm, st.clone()).key(),
        plain.key()
    );
    assert_ne!(Operation::timed("Offer", cold, st).key(), plain.key());
}

/// Rounds in which one of two operations has no sample are left out of both, so that the
/// speed ratio pairs the rounds it was timed in: `fast` is 2x faster in every round, and
/// the two miss different rounds (before, the rounds' medians were paired in order, one
/// round apart after the first gap, and the ratio moved with the drift between rounds).
#[test]
fn speedup_pairs_rounds_across_a_missing_round() {
    let p = params([("command", json!("dh"))]);
    let round_times: Vec<f64> = (0..12).map(|k| 1.0 + k as f64).collect();
    let timed = |halve: bool, skip: usize| {
        let mut raw = Vec::new();
        let mut rounds = Vec::new();
        for (k, t) in round_times.iter().enumerate() {
            if k == skip {
                rounds.push(0);
                continue;
            }
            raw.push(if halve { t / 2.0 } else { *t });
            rounds.push(1);
        }
        Operation::timed("Offer", p.clone(), Stats::from_rounds(raw, 1, rounds))
    };
    let (slow, fast) = (timed(false, 2), timed(true, 7));
    let iv = Operation::speedup_interval(&slow, &fast).unwrap();
    assert!((iv.estimate - 2.0).abs() < 1e-9, "{iv:?}");
    assert!(
        (iv.lo - 2.0).abs() < 1e-9 && (iv.hi - 2.0).abs() < 1e-9,
        "{iv:?}"
    );
}

/// Offer (about 30 µs) and Reply (about 90 µs) timed in 19 rounds on a machine that ran at
/// two speeds ([`crate::testing::two_speeds`]), with Total = 2*Offer + Reply and the CPU
/// sum derived as `dh` derives them.
fn bimodal_record() -> ResultRecord {
    use crate::testing::two_speeds;
    let (offer, reply) = (two_speeds(0.030), two_speeds(0.090));
    let p = params([("command", json!("dh")), ("group", json!("x25519"))]);
    let pairs: Vec<(f64, f64)> = offer
        .round_medians()
        .into_iter()
        .zip(reply.round_medians())
        .collect();
    let total = 2.0 * offer.median_ms + reply.median_ms;
    let cpu = 2.0 * (offer.median_ms + reply.median_ms);
    let mut r = ResultRecord::new("dh", "wall", Machine::detect());
    r.operations = vec![
        Operation::timed(OFFER_OP, p.clone(), offer),
        Operation::timed(REPLY_OP, p.clone(), reply),
        Operation::derived(TOTAL_OP, p.clone(), figure::TOTAL_MS, total)
            .with_rounds(pairs.iter().map(|(o, r)| 2.0 * o + r).collect()),
        Operation::derived(CPU_SUM_OP, p, figure::CPU_TOTAL_MS, cpu)
            .with_rounds(pairs.iter().map(|(o, r)| 2.0 * (o + r)).collect()),
    ];
    r
}

/// The defect this guards against: `report` printed "Total = 2*Offer + Reply 154.9 µs
/// [438.8, 855.8]", the headline from all samples, the interval of the rounds' median.
/// Every figure's interval now holds the figure, the record is a valid one, and a run at
/// two speeds is told apart from a quiet one.
#[test]
fn every_headline_interval_holds_its_figure_in_a_run_at_two_speeds() {
    use crate::measure::interval;
    let r = bimodal_record();
    assert_eq!(r.contradiction(), None);
    let total = &r.operations[2];
    let (h, _) = total.headline().unwrap();
    let rounds = interval::median(&total.round_values(), interval::LEVEL);
    assert!(
        rounds.is_bounded() && !rounds.contains(h),
        "the old interval: {h} {rounds:?}"
    );
    for op in &r.operations {
        let (h, _) = op.headline().unwrap();
        let iv = op
            .headline_interval()
            .unwrap_or_else(|| panic!("{}", op.name));
        assert_eq!(iv.interval.estimate, h, "{}", op.name);
        assert!(
            iv.interval.lo <= h && h <= iv.interval.hi,
            "{}: {h} {iv:?}",
            op.name
        );
        // It still covers the rounds' own interval: a wider, honest one.
        assert!(iv.interval.lo <= iv.rounds.lo && iv.rounds.hi <= iv.interval.hi);
        assert!(iv.rounds_disagree(), "{}: {h} {iv:?}", op.name);
        let (lo, hi) = op.speed_factors().unwrap();
        assert!(lo <= 1.0 && 1.0 <= hi, "{}: {lo} {hi}", op.name);
    }
}

/// A quiet run: the headline lies inside the rounds' interval, which is kept as it was.
#[test]
fn a_quiet_runs_interval_is_the_rounds_interval() {
    let mut r = bimodal_record();
    for op in &mut r.operations {
        if let Some(st) = &mut op.stats {
            let raw: Vec<f64> = (0..40)
                .map(|i| 0.05 * (1.0 + 0.001 * f64::from(i % 7)))
                .collect();
            *st = Stats::from_rounds(raw, 1, vec![2; 20]);
        }
    }
    let op = &r.operations[0];
    let iv = op.headline_interval().unwrap();
    assert!(!iv.rounds_disagree());
    assert_eq!(
        (iv.interval.lo, iv.interval.hi),
        (iv.rounds.lo, iv.rounds.hi)
    );
    assert_eq!(iv.interval.estimate, op.stats.as_ref().unwrap().median_ms);
}

/// Fewer rounds than the sign test needs at 95 % (6): no interval, and the count is said.
#[test]
fn too_few_rounds_are_counted() {
    let p = params([("command", json!("dh"))]);
    let op = |n: usize| {
        Operation::timed(
            "Offer",
            p.clone(),
            Stats::from_rounds(vec![1.0; 2 * n], 1, vec![2; n]),
        )
    };
    assert_eq!(op(5).too_few_rounds(), Some(5));
    assert!(op(5).headline_interval().is_none());
    assert_eq!(op(6).too_few_rounds(), None);
    assert!(op(6).headline_interval().is_some());
    // A record that kept no rounds is not "too few".
    let old = Operation::timed("Offer", p.clone(), Stats::from_samples(vec![1.0; 9], 1));
    assert_eq!(old.too_few_rounds(), None);
}

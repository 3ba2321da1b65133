//! The ranking on synthetic figures: ties, same-cost merging, link pricing, filtering.

use super::*;
use crate::bench::choose::Remeasured;
use crate::record::{param, params};

fn estimate(group: &str, exp_bits: u32, category: u32) -> crate::security::Estimate {
    crate::security::Estimate {
        group: group.into(),
        exp_bits,
        bits: f64::from(category) - 0.2,
        limited_by: "rho".into(),
        parts: vec![],
        weak: None,
        category,
        category_rule: String::new(),
    }
}

/// A DH candidate of a 256-bit curve with 33-byte public values.
fn dh(group: &str, exp_bits: u32, table: bool) -> Candidate {
    Candidate {
        group: group.into(),
        exp_bits,
        full_exp_bits: 256,
        table,
        probe_ms: None,
        public_bytes: Some(33),
        table_bytes: table.then_some(30_000),
        estimate: Some(estimate(group, exp_bits, 128)),
        library: None,
        kem: None,
    }
}

fn kem(name: &str) -> Candidate {
    let info = crate::kem::lookup(name).unwrap();
    Candidate {
        group: name.into(),
        exp_bits: 0,
        full_exp_bits: 0,
        table: false,
        probe_ms: None,
        public_bytes: Some(info.ek_bytes),
        table_bytes: None,
        estimate: None,
        library: None,
        kem: Some(info),
    }
}

/// A Total operation of `group` with per-round values `base · (1 + wobble)`, tagged `code`.
fn total(group: &str, code: &str, base: f64, wobble: &[f64]) -> Vec<Operation> {
    let rounds: Vec<f64> = wobble.iter().map(|w| base * (1.0 + w)).collect();
    vec![
        Operation::derived(
            crate::record::TOTAL_OP,
            params([
                (param::COMMAND, "dh".into()),
                (param::GROUP, group.into()),
                (crate::implementation::IMPL_PARAM, code.into()),
                ("base", base.into()),
            ]),
            "total_ms",
            base,
        )
        .with_rounds(rounds),
    ]
}

const WOBBLE: [f64; 10] = [0.0, 0.1, -0.1, 0.05, -0.05, 0.2, -0.15, 0.08, -0.02, 0.12];
const WOBBLE2: [f64; 10] = [0.1, -0.1, 0.05, 0.0, 0.2, -0.05, 0.12, -0.15, 0.08, -0.02];
const STEADY: [f64; 10] = [
    0.0, 0.01, -0.01, 0.005, -0.005, 0.02, -0.015, 0.008, -0.002, 0.012,
];

const RULE: Rule = Rule {
    min_security: 128,
    post_quantum: false,
    link_bits_per_s: None,
};

fn outcome(timed: Vec<(Candidate, Vec<Operation>)>) -> Outcome {
    Outcome {
        timed,
        ..Outcome::default()
    }
}

fn flagged(out: &Outcome, k: &str) -> Vec<usize> {
    (0..out.timed.len())
        .filter(|&i| out.timed[i].1[0].info.get(k) == Some(&true.into()))
        .collect()
}

#[test]
fn a_short_secret_that_saves_nothing_is_the_same_option() {
    // Issue 29: OpenSSL's P-256 with 224-bit secrets 3 % faster than full ones, within ±20 %
    // round noise: one option, the full-size secret kept, and the record says so.
    let mut out = outcome(vec![
        (
            dh("p256", 256, false),
            total("p256", "openssl", 1.00, &WOBBLE),
        ),
        (
            dh("p256", 224, false),
            total("p256", "openssl", 0.97, &WOBBLE2),
        ),
    ]);
    let r = annotate(&mut out, &RULE);
    assert_eq!(r.options, vec![0]);
    assert_eq!(flagged(&out, key::CHOSEN), vec![0]);
    let info = &out.timed[1].1[0].info;
    assert_eq!(info[key::SAME_COST_AS]["base"], 1.0);
    assert!(info[key::SAME_COST_RATIO]["lo"].as_f64().unwrap() <= 1.0);
}

#[test]
fn a_short_secret_that_saves_time_stays_a_row_of_its_own() {
    let mut out = outcome(vec![
        (dh("p256", 256, false), total("p256", "p256", 2.0, &WOBBLE)),
        (dh("p256", 224, false), total("p256", "p256", 1.0, &WOBBLE2)),
    ]);
    let r = annotate(&mut out, &RULE);
    assert_eq!(r.options, vec![1], "the faster row is the option's best");
    assert!(out.timed[1].1[0].info.get(key::SAME_COST_AS).is_none());
}

#[test]
fn rows_of_other_code_are_never_merged() {
    // The same cost through another implementation is not a variant of this one.
    let mut out = outcome(vec![
        (
            dh("p256", 256, false),
            total("p256", "openssl", 1.00, &WOBBLE),
        ),
        (
            dh("p256", 224, false),
            total("p256", "p256", 0.97, &WOBBLE2),
        ),
    ]);
    let r = annotate(&mut out, &RULE);
    assert_eq!(r.options, vec![1]);
    assert!(out.timed[1].1[0].info.get(key::SAME_COST_AS).is_none());
}

#[test]
fn two_options_within_noise_are_tied_and_a_clear_gap_is_not() {
    let tied = |b: f64| {
        let mut out = outcome(vec![
            (dh("x25519", 256, true), total("x25519", "", 1.0, &WOBBLE)),
            (kem("mlkem512"), total("mlkem512", "libcrux", b, &WOBBLE2)),
        ]);
        let r = annotate(&mut out, &RULE);
        (r.tied(), out)
    };
    let (t, out) = tied(0.98);
    assert!(t);
    // A tie goes to the option that sends fewer bytes: x25519's 66 against 1568.
    assert_eq!(flagged(&out, key::CHOSEN), vec![0]);
    assert_eq!(flagged(&out, key::TIED), vec![0, 1]);
    assert_eq!(out.timed[0].1[0].info[key::TIE_RULE], "wire_bytes");
    let (t, out) = tied(0.5);
    assert!(!t);
    assert_eq!(
        flagged(&out, key::CHOSEN),
        vec![1],
        "the clearly faster KEM"
    );
    assert!(flagged(&out, key::TIED).is_empty());
    let iv = &out.timed[1].1[0].info[key::RUNNER_UP_RATIO];
    assert!(
        iv["lo"].as_f64().unwrap() > 1.0 && iv["paired"] == false,
        "{iv}"
    );
}

#[test]
fn rows_timed_again_together_are_compared_in_pairs() {
    // Round by round the KEM is 2 % faster although both drift by ±20 %: paired, the
    // interval excludes 1; as independent samples it would not.
    let slow: Vec<f64> = WOBBLE.iter().map(|w| w + 0.02).collect();
    let mut out = outcome(vec![
        (dh("x25519", 256, true), total("x25519", "", 1.0, &slow)),
        (kem("mlkem512"), total("mlkem512", "libcrux", 1.0, &WOBBLE)),
    ]);
    assert!(annotate(&mut out, &RULE).tied());
    out.remeasured = Some(Remeasured {
        rows: [0, 1],
        secs: 1.0,
        cap_secs: 10.0,
        sweeps: 1,
    });
    let r = annotate(&mut out, &RULE);
    assert!(!r.tied(), "{:?}", r.ratio);
    assert_eq!(flagged(&out, key::CHOSEN), vec![1]);
    assert_eq!(out.timed[1].1[0].info[key::RUNNER_UP_RATIO]["paired"], true);
}

#[test]
fn the_link_prices_the_bytes_of_both_parties() {
    // 1 Mbit/s: X25519 sends 2 × 33 B = 0.528 ms, ML-KEM-768 1184 + 1088 B = 18.176 ms.
    let link = Rule {
        link_bits_per_s: Some(1e6),
        ..RULE
    };
    assert!((link.link_ms(66) - 0.528).abs() < 1e-12);
    assert!((link.link_ms(kem("mlkem768").wire_bytes()) - 18.176).abs() < 1e-9);
    let mut out = outcome(vec![
        (dh("x25519", 256, true), total("x25519", "", 0.060, &STEADY)),
        (
            kem("mlkem768"),
            total("mlkem768", "libcrux", 0.040, &STEADY),
        ),
    ]);
    let cpu = annotate(&mut out, &RULE);
    assert_eq!(cpu.options, vec![1, 0], "by CPU the KEM is faster");
    let r = annotate(&mut out, &link);
    assert_eq!(r.options, vec![0, 1], "on a slow link its bytes cost more");
    let cost = |i: usize| out.timed[i].1[0].info[key::COST_MS].as_f64().unwrap();
    assert!(cost(1) - cost(0) >= 17.0);
    // On a fast link the order is the CPU order.
    let fast = Rule {
        link_bits_per_s: Some(10e9),
        ..RULE
    };
    assert_eq!(annotate(&mut out, &fast).options, cpu.options);
}

#[test]
fn post_quantum_ranks_only_rows_with_quantum_security() {
    let pq = Rule {
        post_quantum: true,
        ..RULE
    };
    let mut out = outcome(vec![
        (dh("x25519", 256, true), total("x25519", "", 0.5, &STEADY)),
        (kem("mlkem768"), total("mlkem768", "libcrux", 1.0, &STEADY)),
        (kem("mlkem512"), total("mlkem512", "libcrux", 0.8, &STEADY)),
    ]);
    let r = annotate(&mut out, &pq);
    assert_eq!(r.options, vec![2, 1]);
    assert_eq!(flagged(&out, key::CHOSEN), vec![2]);
    assert_eq!(out.timed[0].1[0].info[key::MEETS], false);
    assert_eq!(out.timed[0].1[0].info[key::QUALIFIES], true);
    // A 192-bit target: ML-KEM-512 (category 1) falls out too.
    let r = annotate(
        &mut out,
        &Rule {
            min_security: 192,
            ..pq
        },
    );
    assert_eq!(r.options, vec![1]);
}

#[test]
fn a_tie_between_rows_of_independent_runs_uses_unpaired_rounds() {
    // Clearly apart (44 against 61, steady): not tied, whatever the order of the rounds.
    let mut out = outcome(vec![
        (
            kem("mlkem512"),
            total("mlkem512", "libcrux", 0.044, &STEADY),
        ),
        (
            kem("mlkem768"),
            total("mlkem768", "libcrux", 0.061, &WOBBLE2.map(|w| w / 10.0)),
        ),
    ]);
    let r = annotate(&mut out, &RULE);
    assert!(!r.tied(), "{:?}", r.ratio);
}

//! A row's units and figures, input errors, and a job over several ciphers, modes and
//! directions.

use super::*;
use crate::measure::Clock;

fn quick() -> (MeasureConfig, SizeGrid) {
    let mut cfg = MeasureConfig::with_budget_secs(0.004, Clock::Wall);
    cfg.min_samples = 2;
    cfg.min_sample = std::time::Duration::from_micros(100);
    let grid = SizeGrid {
        min_bytes: 16,
        max_bytes: 256,
        points: 3,
        list: Vec::new(),
    };
    (cfg, grid)
}

fn row(name: &str, mode: Mode, direction: Direction) -> Row {
    Row {
        spec: CipherSpec::parse(name, None).unwrap(),
        mode,
        direction,
    }
}

#[test]
fn a_row_has_consistent_units() {
    let (cfg, grid) = quick();
    let mut ticks = 0;
    let r = row("aes", Mode::Ctr, Direction::Encrypt);
    let m = bench_row(&r, &grid, &cfg, 1, &mut || ticks += 1).unwrap();
    assert_eq!(ticks, 3);
    assert_eq!(m.points.len(), 3);
    let op = operation(&m, &r.spec.cipher.implementation(|_| false), 1000.0);
    assert_eq!(op.params["cipher"], "AES");
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0);
    let f = |k: &str| op.info_f64(k).unwrap();
    assert!(close(f("mbit_per_s"), 8.0 * f("mb_per_s")));
    // At 1000 MHz one cycle is one ns: cycles/byte = ns/byte.
    assert!(close(f("cycles_per_byte_est"), f("ns_per_byte")));
    assert_eq!(op.info_str("mode"), Some("ctr"));
    assert_eq!(op.info_str("direction"), Some("encrypt"));
    assert_eq!(op.implementation.as_ref().unwrap().name, "aes");
    let pts: Vec<SlopePoint> = serde_json::from_value(op.info["points"].clone()).unwrap();
    assert_eq!(pts.len(), 3);
    let no_mhz = operation(&m, &r.spec.cipher.implementation(|_| false), 0.0);
    assert!(!no_mhz.info.contains_key("cycles_per_byte_est"));
}

#[test]
fn wrong_mode_and_bad_grid_are_input_errors() {
    let (cfg, grid) = quick();
    let r = row("arcfour", Mode::Cbc, Direction::Encrypt);
    let e = bench_row(&r, &grid, &cfg, 1, &mut || {}).unwrap_err();
    assert_eq!(e.exit_code(), 2);
    assert!(e.message().contains("stream"), "{}", e.message());
    let bad = SizeGrid {
        min_bytes: 64,
        max_bytes: 32,
        points: 4,
        list: Vec::new(),
    };
    assert_eq!(bad.sizes().unwrap_err().exit_code(), 2);
    let one = SizeGrid {
        min_bytes: 16,
        max_bytes: 16,
        points: 4,
        list: Vec::new(),
    };
    assert_eq!(one.sizes().unwrap_err().exit_code(), 2);
}

#[test]
fn jobs_cover_modes_and_directions() {
    let (cfg, grid) = quick();
    let both = [Direction::Encrypt, Direction::Decrypt];
    let mut rows = CipherJob::table(
        CipherSpec::parse("des", None).unwrap(),
        None,
        &both,
        grid.clone(),
    )
    .rows;
    rows.extend(
        CipherJob::table(
            CipherSpec::parse("arcfour", None).unwrap(),
            None,
            &both,
            grid.clone(),
        )
        .rows,
    );
    let job = CipherJob {
        rows,
        grid,
        imp: Choice::Own,
    };
    assert_eq!(job.label(), "DES, ARCFOUR (12 rows)");
    let ops = super::super::run(
        &super::super::Job::Cipher(job),
        &Config {
            measure: cfg,
            seed: 1,
            quiet: true,
            discovery: Default::default(),
        },
    )
    .unwrap();
    assert_eq!(ops.len(), 5 * 2 + 2);
    assert_eq!(ops[0].name, "ECB enc");
    assert_eq!(ops[1].name, "ECB dec");
    assert_eq!(ops[11].name, "STREAM dec");
    assert_eq!(ops[0].key().0, "cipher cipher=DES");
    assert_eq!(ops[11].key().0, "cipher cipher=ARCFOUR");
    let (v, better) = ops[0].headline().unwrap();
    assert_eq!(better, record::Better::Higher);
    assert!((v - ops[0].info_f64("mb_per_s").unwrap() * 1e6).abs() < 1e-3);
}

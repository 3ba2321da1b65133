//! One timed row of a cipher table (cipher × mode × direction), checked before and after
//! timing, and whole tables of rows for `pkbench cipher`, `pkbench repro gnupg-2000` and the
//! suite.
//!
//! Flow of a row: a key, an IV and a plaintext from a seeded ChaCha20 RNG (made before timing)
//! → known answers of the cipher ([`kat::check_known_answers`]) → the mode checked against the
//! NIST SP 800-38A reference on the timed input ([`kat::check_mode`]) → one call per buffer
//! size timed by the harness → every timed output compared with the
//! checked one → the least-squares slope ([`slope::fit`]).

use crate::error::{Error, Result};
use crate::measure::{self, MeasureConfig};
use crate::record::{self, Operation};
use crate::symmetric::kat;
use crate::symmetric::modes::{Direction, Mode};
use crate::symmetric::registry::CipherSpec;
use crate::symmetric::slope::{self, FitDoubt, Slope, SlopePoint};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use serde::Serialize;
use std::hint::black_box;

/// Buffer sizes of a slope measurement.
#[derive(Debug, Clone, Serialize)]
pub struct SizeGrid {
    /// Smallest buffer, bytes.
    pub min_bytes: usize,
    /// Largest buffer, bytes.
    pub max_bytes: usize,
    /// Number of sizes, evenly spaced.
    pub points: usize,
}

impl Default for SizeGrid {
    /// 16 sizes from 16 B to 4 KiB (16, 288, 560, …, 4096).
    fn default() -> Self {
        SizeGrid {
            min_bytes: 16,
            max_bytes: 4096,
            points: 16,
        }
    }
}

impl SizeGrid {
    /// The sizes, rounded to multiples of 16 bytes (a whole number of blocks for every
    /// cipher here).
    ///
    /// # Errors
    /// [`Error::Input`] when the range is empty, above 16 MiB, or has fewer than 2 points.
    pub fn sizes(&self) -> Result<Vec<usize>> {
        if self.min_bytes == 0 || self.max_bytes < self.min_bytes || self.max_bytes > 1 << 24 {
            return Err(Error::input(format!(
                "buffer sizes {}..{} bytes: give 1 <= --min-bytes <= --max-bytes <= 16777216",
                self.min_bytes, self.max_bytes
            )));
        }
        let v = slope::sizes(self.min_bytes, self.max_bytes, self.points, 16);
        if self.points < 2 || v.len() < 2 {
            return Err(Error::input(
                "a slope needs at least 2 distinct buffer sizes: raise --points or widen the range",
            ));
        }
        Ok(v)
    }
}

/// How to measure a row: harness settings, buffer sizes, RNG seed and the CPU clock for the
/// cycles/byte estimate.
#[derive(Debug, Clone)]
pub struct BenchSettings {
    /// Harness settings; the budget is per row, split evenly over the sizes.
    pub cfg: MeasureConfig,
    /// Buffer sizes of the slope.
    pub grid: SizeGrid,
    /// Seed of the ChaCha20 RNG that makes key, IV and data.
    pub seed: u64,
    /// CPU clock in MHz for the cycles/byte estimate (0 = unknown: no estimate).
    pub mhz: f64,
}

/// One row: the per-byte cost of a cipher in one mode and direction.
#[derive(Debug, Clone, Serialize)]
pub struct CipherRow {
    /// libgcrypt's name of the configuration ("AES", "3DES", "RFC2268_40", ...).
    pub name: String,
    /// Algorithm and key size.
    pub spec: CipherSpec,
    /// Mode of operation (`stream` for ARCFOUR).
    pub mode: Mode,
    /// Encrypt or decrypt.
    pub direction: Direction,
    /// The slope fit: ns/byte, intercept (ns per call), R².
    pub slope: Slope,
    /// Throughput from the slope, MB/s (10^6 bytes/s).
    pub mb_per_s: f64,
    /// Throughput from the slope, Mbit/s (10^6 bits/s).
    pub mbit_per_s: f64,
    /// Estimated cycles/byte: ns/byte × the CPU's reported MHz / 1000 (an estimate; absent
    /// when the MHz is unknown).
    pub cycles_per_byte_est: Option<f64>,
    /// Every buffer size with its timing (ms per call, all samples).
    pub points: Vec<SlopePoint>,
    /// Reasons to doubt the fit ([`Slope::doubts`]: R² < 0.99, negative intercept); empty
    /// when none. The figures are reported anyway.
    pub fit_doubts: Vec<FitDoubt>,
}

/// Measures one row: checks `spec`'s known answers and the mode on the timed inputs, times one
/// call per buffer size, checks every timed output, and fits the slope. `tick` is called after
/// each size.
///
/// # Errors
/// [`Error::Input`] for a mode the cipher lacks or a bad size grid; [`Error::Runtime`] when a
/// known answer, the mode check or a timed output is wrong.
pub fn bench_row(
    spec: &CipherSpec,
    mode: Mode,
    dir: Direction,
    set: &BenchSettings,
    tick: &mut dyn FnMut(),
) -> Result<CipherRow> {
    let (cfg, grid, seed, mhz) = (&set.cfg, &set.grid, set.seed, set.mhz);
    let name = spec.display_name();
    let sizes = grid.sizes()?;
    let max = *sizes.last().expect("at least two sizes");
    kat::check_known_answers(spec)?;

    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut key = vec![0u8; spec.key_bytes()];
    rng.fill_bytes(&mut key);
    let engine = spec.engine(&key)?;
    if !engine.modes().contains(&mode) {
        return Err(Error::input(format!(
            "{name} has no {} mode: use {}",
            mode.label(),
            engine
                .modes()
                .iter()
                .map(|m| m.label().to_lowercase())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let mut iv = vec![0u8; engine.block_bytes()];
    rng.fill_bytes(&mut iv);
    let mut plaintext = vec![0u8; max];
    rng.fill_bytes(&mut plaintext);
    // The input of a decryption row is the checked ciphertext of the plaintext.
    let input = match dir {
        Direction::Encrypt => plaintext,
        Direction::Decrypt => kat::check_mode(
            engine.as_ref(),
            &name,
            mode,
            Direction::Encrypt,
            &iv,
            &plaintext,
        )?,
    };
    // Expected output at each size: every size is a prefix of the largest buffer, and every
    // mode here is prefix-stable, so one checked output serves all sizes.
    let expected = kat::check_mode(engine.as_ref(), &name, mode, dir, &iv, &input)?;

    let per = slope::per_size_config(cfg, sizes.len());
    let mut out = vec![0u8; max];
    let mut points = Vec::with_capacity(sizes.len());
    for &bytes in &sizes {
        let mut failed = false;
        let stats = measure::measure(&per, |_i| {
            let r = engine.apply(
                mode,
                dir,
                black_box(&iv),
                black_box(&input[..bytes]),
                &mut out[..bytes],
            );
            failed |= r.is_err();
            black_box(&mut out);
        });
        // After timing each size: the timed calls' output equals the checked one.
        if failed || out[..bytes] != expected[..bytes] {
            return Err(Error::runtime(format!(
                "{name} {} {}: a timed call returned a wrong result",
                mode.label(),
                dir.short()
            )));
        }
        points.push(SlopePoint { bytes, stats });
        tick();
    }
    let fit = slope::fit(&points).ok_or_else(|| Error::runtime("slope fit failed"))?;
    Ok(CipherRow {
        name,
        spec: *spec,
        mode,
        direction: dir,
        slope: fit,
        mb_per_s: fit.mb_per_s(),
        mbit_per_s: fit.mbit_per_s(),
        cycles_per_byte_est: fit.cycles_per_byte(mhz),
        points,
        fit_doubts: fit.doubts(),
    })
}

/// The modes of a table row for `spec`: the five block modes, or `stream` for ARCFOUR.
pub fn modes_of(spec: &CipherSpec) -> Vec<Mode> {
    if spec.algo.is_stream() {
        vec![Mode::Stream]
    } else {
        crate::symmetric::modes::BLOCK_MODES.to_vec()
    }
}

/// Measures every (spec, mode, direction) combination: the rows of a libgcrypt-style table
/// (`pkbench suite`). `modes = None` means every mode of each cipher. `tick` is called after
/// each buffer size of each row (`rows × sizes` ticks in all).
///
/// # Errors
/// As [`bench_row`].
pub fn bench_rows(
    specs: &[CipherSpec],
    modes: Option<&[Mode]>,
    dirs: &[Direction],
    set: &BenchSettings,
    tick: &mut dyn FnMut(),
) -> Result<Vec<CipherRow>> {
    let mut rows = Vec::new();
    for spec in specs {
        let ms = match modes {
            Some(m) => m.to_vec(),
            None => modes_of(spec),
        };
        for mode in ms {
            for &dir in dirs {
                rows.push(bench_row(spec, mode, dir, set, tick)?);
            }
        }
    }
    Ok(rows)
}

/// The result-record operation of a row, in the layout of libgcrypt's tables: named by mode
/// and direction ("CBC enc", "CTR dec", "STREAM enc") and identified by
/// `{command: "cipher", cipher: <libgcrypt name>}`, so that `pkbench compare` prints one row
/// per cipher with one column per mode and direction. Figure `bytes_per_sec` (from the slope;
/// higher is better) is the headline; `intercept_ns` is the per-call cost; slope details,
/// key size, R², the cycles/byte estimate and any `fit_doubts` ("low-r2",
/// "negative-intercept") go to `info`.
pub fn operation(row: &CipherRow) -> Operation {
    let params = record::params([
        ("command", "cipher".into()),
        ("cipher", row.name.clone().into()),
    ]);
    let name = format!("{} {}", row.mode.label(), row.direction.short());
    let mut op = Operation {
        name,
        params,
        implementation: None,
        stats: None,
        figures: Default::default(),
        info: Default::default(),
    }
    .with_figure("bytes_per_sec", row.mb_per_s * 1e6)
    .with_figure("intercept_ns", row.slope.intercept_ns)
    .with_info(
        "method",
        "bench-slope: least-squares slope of time per call over buffer sizes",
    )
    .with_info("key_bits", row.spec.key_bits)
    .with_info("ns_per_byte", row.slope.ns_per_byte)
    .with_info("mb_per_s", row.mb_per_s)
    .with_info("mbit_per_s", row.mbit_per_s)
    .with_info("r2", row.slope.r2)
    .with_info(
        "sizes",
        row.points.iter().map(|p| p.bytes).collect::<Vec<_>>(),
    );
    if let Some(c) = row.cycles_per_byte_est {
        op = op.with_info("cycles_per_byte_est", c);
    }
    if !row.fit_doubts.is_empty() {
        op = op.with_info(
            "fit_doubts",
            serde_json::to_value(&row.fit_doubts).unwrap_or_default(),
        );
    }
    op
}

/// The result-record operations of `rows` (see [`operation`]): what `pkbench suite` adds
/// for its cipher table.
pub fn operations(rows: &[CipherRow]) -> Vec<Operation> {
    rows.iter().map(operation).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::Clock;
    use crate::symmetric::registry::Algo;

    fn quick(mhz: f64) -> BenchSettings {
        let mut cfg = MeasureConfig::with_budget_secs(0.004, Clock::Wall);
        cfg.min_samples = 2;
        cfg.min_sample = std::time::Duration::from_micros(100);
        BenchSettings {
            cfg,
            grid: SizeGrid {
                min_bytes: 16,
                max_bytes: 256,
                points: 3,
            },
            seed: 1,
            mhz,
        }
    }

    #[test]
    fn a_row_has_consistent_units() {
        let spec = CipherSpec::new(Algo::Aes, Some(128)).unwrap();
        let mut ticks = 0;
        let row = bench_row(
            &spec,
            Mode::Ctr,
            Direction::Encrypt,
            &quick(1000.0),
            &mut || ticks += 1,
        )
        .unwrap();
        assert_eq!(ticks, 3);
        assert_eq!(row.points.len(), 3);
        assert_eq!(row.name, "AES");
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0);
        assert!(close(row.mbit_per_s, 8.0 * row.mb_per_s));
        // At 1000 MHz one cycle is one ns: cycles/byte = ns/byte.
        assert!(close(
            row.cycles_per_byte_est.unwrap(),
            row.slope.ns_per_byte
        ));
    }

    #[test]
    fn wrong_mode_and_bad_grid_are_input_errors() {
        let rc4 = CipherSpec::new(Algo::Arcfour, None).unwrap();
        let e =
            bench_row(&rc4, Mode::Cbc, Direction::Encrypt, &quick(0.0), &mut || {}).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message().contains("stream"), "{}", e.message());
        let bad = SizeGrid {
            min_bytes: 64,
            max_bytes: 32,
            points: 4,
        };
        assert_eq!(bad.sizes().unwrap_err().exit_code(), 2);
        let one = SizeGrid {
            min_bytes: 16,
            max_bytes: 16,
            points: 4,
        };
        assert_eq!(one.sizes().unwrap_err().exit_code(), 2);
    }

    #[test]
    fn rows_cover_modes_and_directions() {
        let specs = [
            CipherSpec::new(Algo::Des, None).unwrap(),
            CipherSpec::new(Algo::Arcfour, None).unwrap(),
        ];
        let rows = bench_rows(
            &specs,
            None,
            &[Direction::Encrypt, Direction::Decrypt],
            &quick(0.0),
            &mut || {},
        )
        .unwrap();
        assert_eq!(rows.len(), 5 * 2 + 2);
        assert!(rows.iter().all(|r| r.cycles_per_byte_est.is_none()));
        assert_eq!(rows.last().unwrap().mode, Mode::Stream);
        let ops = operations(&rows);
        assert_eq!(ops[0].name, "ECB enc");
        assert_eq!(ops[1].name, "ECB dec");
        assert_eq!(ops[11].name, "STREAM dec");
        assert_eq!(ops[0].key().0, "cipher cipher=DES");
        assert_eq!(ops[11].key().0, "cipher cipher=ARCFOUR");
        let (v, better) = ops[0].headline().unwrap();
        assert_eq!(better, record::Better::Higher);
        assert!((v - rows[0].mb_per_s * 1e6).abs() < 1e-3);
    }
}

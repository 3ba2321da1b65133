//! Symmetric ciphers timed as libgcrypt's `bench-slope` does: for each row of a
//! [`CipherJob`] (cipher × mode × direction), the time of one call at several buffer sizes,
//! and the least-squares slope through the medians ([`super::slope`]). `pkbench cipher`,
//! `repro gnupg-2000` and the suite's cipher rows are such jobs.
//!
//! Flow of a row ([`bench_row`], `cipher/row.rs`): the cipher's known answers
//! ([`crate::symmetric::kat::check_known_answers`]) → a key, an IV and a plaintext from a
//! seeded ChaCha20 RNG (made before timing) → the mode checked against the NIST SP 800-38A
//! reference on the timed input ([`crate::symmetric::kat::check_mode`]; for a cipher pkbench
//! has no code for, the library's output against its own ECB run through the reference) →
//! one call per buffer size timed by the harness → every timed output compared with the
//! checked one → the slope fit → one [`Operation`] ([`operation`]).

use super::Config;
use super::imp::Choice;
use super::slope::{self, SlopePoint};
use crate::error::{Error, Result};
use crate::measure::{Machine, MeasureConfig};
use crate::record::{self, Operation, info};
use crate::symmetric::modes::{Direction, Mode};
use crate::symmetric::registry::CipherSpec;
use std::hint::black_box;

mod grid;
mod measured;
mod row;

pub use grid::SizeGrid;
pub use measured::{CipherRow, operation};
use row::RowState;

/// One row of a cipher table: a configuration, a mode and a direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    /// Cipher and key size.
    pub spec: CipherSpec,
    /// Mode of operation (`Stream` for a stream cipher).
    pub mode: Mode,
    /// Encrypt or decrypt.
    pub direction: Direction,
}

/// Rows to time over one grid of buffer sizes: operations named "MODE dir" ("CBC enc",
/// "STREAM dec", see [`operation`]), one per row, in order.
#[derive(Debug, Clone)]
pub struct CipherJob {
    /// The rows, in the order of the table.
    pub rows: Vec<Row>,
    /// Buffer sizes of every row's slope.
    pub grid: SizeGrid,
    /// Who computes every row: pkbench's own engine (the crate) or a library
    /// ([`crate::peers::engine::cipher_engine`]).
    pub imp: Choice,
}

impl CipherJob {
    /// Every mode of `modes` (`None`: every mode of the cipher, [`crate::symmetric::Cipher::modes`])
    /// in every direction of `dirs`, for `spec`: the job of `pkbench cipher`.
    pub fn table(
        spec: CipherSpec,
        modes: Option<&[Mode]>,
        dirs: &[Direction],
        grid: SizeGrid,
    ) -> CipherJob {
        let modes = modes.unwrap_or(spec.cipher.modes());
        let rows = modes
            .iter()
            .flat_map(|&mode| {
                dirs.iter().map(move |&direction| Row {
                    spec,
                    mode,
                    direction,
                })
            })
            .collect();
        CipherJob {
            rows,
            grid,
            imp: Choice::Own,
        }
    }

    /// "AES CTR enc", or "AES, 3DES … (12 rows)" for a job of several rows.
    pub fn label(&self) -> String {
        match self.rows.as_slice() {
            [r] => format!(
                "{} {} {}",
                r.spec.display_name(),
                r.mode.label(),
                r.direction.short()
            ),
            rows => {
                let mut names: Vec<String> = rows.iter().map(|r| r.spec.display_name()).collect();
                names.dedup();
                format!("{} ({} rows)", names.join(", "), rows.len())
            }
        }
    }
}

impl CipherJob {
    /// The same rows computed by `library`, keeping those it can run here: the job (`None`
    /// when no row is left) and each row left out with why (the library absent, or lacking
    /// the cipher, key size or mode). Checks of the library's results come at [`prepare`].
    pub fn through(
        &self,
        library: super::imp::Library,
        discovery: crate::peers::Discovery,
    ) -> (Option<CipherJob>, Vec<(Row, crate::peers::Unavailable)>) {
        self.by(Choice::Peer(library), discovery)
    }

    /// As [`CipherJob::through`], for a library or a crate (`peers::crates::CRATES`:
    /// aws-lc-rs's AES).
    pub fn by(
        &self,
        who: Choice,
        discovery: crate::peers::Discovery,
    ) -> (Option<CipherJob>, Vec<(Row, crate::peers::Unavailable)>) {
        let mut rows = Vec::new();
        let mut lacking = Vec::new();
        for row in &self.rows {
            let key = vec![0x5au8; row.spec.key_bytes()];
            match crate::peers::engine::cipher_engine(
                &row.spec,
                row.mode,
                row.direction,
                &key,
                who,
                discovery,
            ) {
                Ok(_) => rows.push(*row),
                Err(u) => lacking.push((*row, u)),
            }
        }
        let job = (!rows.is_empty()).then(|| CipherJob {
            rows,
            grid: self.grid.clone(),
            imp: who,
        });
        (job, lacking)
    }
}

/// Prepares a cipher job: every row checked and its inputs made (see the module
/// documentation); one timed operation per row and buffer size (row-major), the sizes of a
/// row sharing the row's budget. [`super::Prepared::finish`] checks every timed output and
/// fits each row's slope: one operation per row, in order ([`operation`]). The cycles/byte
/// estimate uses the CPU's reported MHz, read here.
///
/// # Errors
/// [`Error::Input`] for a mode a cipher lacks, [`DataError::SlopeSizes`] or
/// [`DataError::SlopeTooFewSizes`] for a bad size grid; [`Error::Runtime`] when a known answer
/// or a mode check is wrong.
pub fn prepare(job: &CipherJob, cfg: &Config) -> Result<Box<dyn super::Prepared>> {
    Ok(Box::new(PreparedCipher::new(job, cfg.seed, cfg.discovery)?))
}

/// Measures one row alone: [`prepare`] for a job of that row, its sizes timed in rounds under
/// `cfg` (whose budget the sizes share), every timed output checked, the slope fitted. The
/// key, IV and data come from ChaCha20 seeded with `seed`. `tick` is called once per size
/// when the row is done.
///
/// # Errors
/// As [`prepare`], and [`Error::Runtime`] when a timed output is wrong.
pub fn bench_row(
    row: &Row,
    grid: &SizeGrid,
    cfg: &MeasureConfig,
    seed: u64,
    tick: &mut dyn FnMut(),
) -> Result<CipherRow> {
    let job = CipherJob {
        rows: vec![*row],
        grid: grid.clone(),
        imp: Choice::Own,
    };
    let mut p = PreparedCipher::new(&job, seed, Default::default())?;
    let config = Config {
        measure: cfg.clone(),
        seed,
        quiet: true,
        discovery: Default::default(),
    };
    let stats = super::sample_rounds(&mut [&mut p], &config)
        .pop()
        .unwrap_or_default();
    let rows = p.rows(stats)?;
    (0..p.sizes.len()).for_each(|_| tick());
    rows.into_iter()
        .next()
        .ok_or_else(|| Error::runtime("no row was timed"))
}

/// A cipher job ready to time.
struct PreparedCipher {
    label: String,
    sizes: Vec<usize>,
    rows: Vec<RowState>,
    machine: Machine,
}

impl PreparedCipher {
    fn new(
        job: &CipherJob,
        seed: u64,
        discovery: crate::peers::Discovery,
    ) -> Result<PreparedCipher> {
        let sizes = job.grid.sizes()?;
        let rows = job
            .rows
            .iter()
            .map(|row| RowState::new(row, &sizes, seed, job.imp, discovery))
            .collect::<Result<Vec<_>>>()?;
        Ok(PreparedCipher {
            label: job.label(),
            sizes,
            rows,
            machine: Machine::detect(),
        })
    }

    /// Checks every output the timed calls left.
    ///
    /// # Errors
    /// [`Error::Runtime`] naming the row with a failed call or a wrong output.
    fn check(&self) -> Result<()> {
        for r in &self.rows {
            let wrong = r.failed
                || self
                    .sizes
                    .iter()
                    .zip(&r.outs)
                    .any(|(&bytes, o)| !o.is_empty() && o[..] != r.expected[..bytes]);
            if wrong {
                return Err(Error::runtime(format!(
                    "{} {} {}: a timed call returned a wrong result",
                    r.name,
                    r.row.mode.label(),
                    r.row.direction.short()
                )));
            }
        }
        Ok(())
    }

    /// Checks every timed output and fits each row's slope from the statistics of its sizes.
    fn rows(&self, stats: Vec<crate::measure::Stats>) -> Result<Vec<CipherRow>> {
        self.check()?;
        let per = self.sizes.len();
        let mut stats = stats.into_iter();
        let mut out = Vec::with_capacity(self.rows.len());
        for r in &self.rows {
            let points: Vec<SlopePoint> = self
                .sizes
                .iter()
                .zip(stats.by_ref().take(per))
                .map(|(&bytes, stats)| SlopePoint { bytes, stats })
                .collect();
            let fit = slope::fit(&points).ok_or_else(|| Error::runtime("slope fit failed"))?;
            out.push(CipherRow {
                row: r.row,
                slope: fit,
                points,
                fit_doubts: fit.doubts(),
                known_answers_checked: r.known_answers,
            });
        }
        Ok(out)
    }
}

impl super::Prepared for PreparedCipher {
    fn label(&self) -> String {
        self.label.clone()
    }

    fn timed(&self) -> usize {
        self.rows.len() * self.sizes.len()
    }

    fn budget_share(&self) -> usize {
        self.sizes.len()
    }

    fn run(&mut self, k: usize, _start: usize, n: usize) {
        let per = self.sizes.len();
        let (r, bytes) = (&mut self.rows[k / per], self.sizes[k % per]);
        let out = &mut r.outs[k % per];
        out.resize(bytes, 0);
        for _ in 0..n {
            let res = r.engine.apply(
                r.row.mode,
                r.row.direction,
                black_box(&r.iv),
                black_box(&r.input[..bytes]),
                out,
            );
            r.failed |= res.is_err();
            black_box(&mut *out);
        }
    }

    /// One unit per row: one call over the largest buffer.
    fn units(&self) -> Vec<super::threads::Unit> {
        let per = self.sizes.len();
        let Some(&bytes) = self.sizes.last() else {
            return Vec::new();
        };
        let m = &self.machine;
        self.rows
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mut params = record::params([
                    ("command", "cipher".into()),
                    ("cipher", r.row.spec.display_name().into()),
                ]);
                params.insert("bytes".into(), bytes.into());
                super::threads::Unit {
                    name: format!("{} {}", r.row.mode.label(), r.row.direction.short()),
                    steps: vec![(i * per + per - 1, 1)],
                    work: format!("one call over {bytes} bytes"),
                    figure: "bytes_per_sec",
                    per_unit: bytes as f64,
                    params,
                    implementation: r.peer.clone().unwrap_or_else(|| {
                        r.row
                            .spec
                            .cipher
                            .implementation(|f| m.cpu_features.iter().any(|c| c == f))
                    }),
                }
            })
            .collect()
    }

    fn verify(&self) -> Result<()> {
        self.check()
    }

    fn finish(self: Box<Self>, stats: Vec<crate::measure::Stats>) -> Result<Vec<Operation>> {
        let rows = self.rows(stats)?;
        let m = &self.machine;
        Ok(rows
            .iter()
            .zip(&self.rows)
            .map(|(measured, state)| {
                let implementation = state.peer.clone().unwrap_or_else(|| {
                    measured
                        .row
                        .spec
                        .cipher
                        .implementation(|f| m.cpu_features.iter().any(|c| c == f))
                });
                let op = operation(measured, &implementation, m.cpu_mhz)
                    .with_info(info::OUTPUTS_CHECKED, state.outs.len())
                    .with_info(info::OUTPUTS_CHECKED_AGAINST, state.checked_against.clone());
                match state.extra_work {
                    Some(w) => op.with_info(info::EXTRA_WORK, w),
                    None => op,
                }
            })
            .collect())
    }
}

#[cfg(test)]
mod tests;

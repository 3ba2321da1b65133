//! `pkbench leak`: does an operation's time depend on its input? A two-class timing test
//! (dudect: Reparaz, Balasch, Verbauwhede, DATE 2017; statistics in
//! [`crate::measure::leak`]) of DH Offer and Reply ([`dh`]), a KEM's Decaps of valid against
//! modified ciphertexts ([`kem`]) and the RSA private operation ([`rsa`]), for every
//! implementation the timing commands run.
//!
//! Every subject shares one loop ([`drive`]): its rows (implementation × operation ×
//! warm/cold) take turns of [`SLICE`] each until the budget is spent, each row stopping
//! early once its largest |t| passes [`T_STOP`] or it has its `max_measurements`. The turns
//! a stopped row leaves go to the rows whose verdict is still undecided (largest |t| from
//! [`T_UNDECIDED`] to [`T_CLEAR`]): each such row's turn is longer by an equal part of
//! them, so that a dependence near the 4.5 line gathers the evidence to clear it and the
//! verdict does not change from one run to the next (a row without one falls back under
//! [`T_UNDECIDED`] and returns to plain turns). In a turn,
//! inputs are drawn [`BATCH`] at a time before they are measured (a coin toss for the
//! class, then the class's input: [`Subject::draw`]), so that the same code runs before
//! every measurement of either class; each measurement ([`Subject::measure`]) copies its
//! input into the one buffer both classes use, evicts the row's memory if the row is cold,
//! times the one operation alone on the finest clock ([`Ticker`]) and checks the output
//! outside the timed region. The measurements during which the thread was switched out
//! (its count of context switches changed: [`crate::measure::tick::switches`]) are counted:
//! they hold another program's time, which the crops drop when there are few of them; on a
//! busy machine, where most runs of a millisecond operation are, the count says why the
//! test sees less. (Dropping them instead left the slowest rows with no measurement at a
//! load average of 6 on two cores.) A subject then makes one record operation per row
//! ([`ops::with_test`] adds the test's figures).

pub mod dh;
mod dh_ops;
pub mod kem;
pub mod ops;
pub mod rsa;

pub use dh::{LeakJob, Op, low_weight_secret, run};

use crate::error::Error;
use crate::error::Result;
use crate::measure::cache::{CacheSizes, Evictor};
use crate::measure::leak::{Class, LeakTest, MIN_PER_CLASS, T_CLEAR, T_STOP, T_UNDECIDED};
use crate::measure::tick::{Ticker, Timed};
use crate::record::Operation;
use rand_chacha::ChaCha20Rng;
use rand_core::Rng;
use std::time::{Duration, Instant};

/// One random-class output in this many is checked against pkbench's own group in a DH
/// test (each check costs two operations of pkbench's own code, outside the timed region);
/// every fixed-class output is compared with the expected bytes. The KEM and RSA tests
/// check every output.
pub const CHECK_EVERY: u64 = 8;

/// Inputs drawn at a time, before their measurements.
pub const BATCH: usize = 64;

/// How long a row measures before the next row's turn: rows alternate, so that what
/// drifts during a run (clock frequency, a busy sibling core) reaches every row alike.
pub const SLICE: Duration = Duration::from_millis(20);

/// Why a row stopped measuring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Its largest |t| passed [`T_STOP`].
    Clear,
    /// It had `max_measurements`.
    MaxMeasurements,
    /// The run's budget was spent.
    Budget,
}

impl Stop {
    /// The record's word for it.
    pub fn name(self) -> &'static str {
        match self {
            Stop::Clear => "clear evidence",
            Stop::MaxMeasurements => "max measurements",
            Stop::Budget => "budget spent",
        }
    }
}

/// The budget of a leak run: time for the whole run (every row shares it), and the
/// measurements after which a row stops, if given.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Time for the whole run.
    pub time: Duration,
    /// A row stops after this many measurements (both classes), if given.
    pub max_measurements: Option<u64>,
}

/// One row's state while it runs: its test, the outputs checked, why it stopped, and the
/// error of a wrong output (which stops it).
pub struct RowState {
    /// The row's test.
    pub test: LeakTest,
    /// Outputs checked outside the timed region.
    pub checked: u64,
    /// Why it stopped (`None` while it runs).
    pub stop: Option<Stop>,
    /// A wrong output or a failed call: the row stops, and its subject decides what it costs.
    pub error: Option<Error>,
    /// Measurements during which the thread was switched out ([`Timed::preempted`]).
    pub preempted: u64,
    /// Turns taken.
    pub turns: u64,
    /// Turns taken while undecided, each longer by its part of the stopped rows' turns.
    pub undecided_turns: u64,
    /// The largest |t| after the row's last turn, if a test counted.
    last_t: Option<f64>,
}

impl RowState {
    /// A row that has not run; `error` (a check made before timing failed) keeps it from
    /// running.
    pub fn new(error: Option<Error>) -> RowState {
        RowState {
            test: LeakTest::default(),
            checked: 0,
            stop: None,
            error,
            preempted: 0,
            turns: 0,
            undecided_turns: 0,
            last_t: None,
        }
    }

    /// Whether the row's verdict is undecided: its largest |t| from [`T_UNDECIDED`] to
    /// [`T_CLEAR`].
    pub fn undecided(&self) -> bool {
        self.last_t
            .is_some_and(|t| (T_UNDECIDED..T_CLEAR).contains(&t))
    }
}

/// How long `row`'s next turn is: [`SLICE`], and for an undecided row ([`RowState::undecided`])
/// also its equal part of the turns of the rows that stopped with clear evidence
/// ([`Stop::Clear`]), so that the time they leave goes to the verdicts still in doubt rather
/// than to every row.
pub fn turn_length(states: &[RowState], row: usize) -> Duration {
    if !states[row].undecided() {
        return SLICE;
    }
    let running = |r: &&RowState| r.stop.is_none() && r.error.is_none();
    let undecided = states
        .iter()
        .filter(running)
        .filter(|r| r.undecided())
        .count();
    let cleared = states
        .iter()
        .filter(|r| r.stop == Some(Stop::Clear))
        .count();
    SLICE.mul_f64(1.0 + cleared as f64 / undecided.max(1) as f64)
}

/// What a leak test runs: its rows, the inputs of each class, and one measurement.
pub trait Subject {
    /// One input, drawn before the measurements of a turn.
    type Input;

    /// Rows, in the order of the record.
    fn rows(&self) -> usize;

    /// What the progress bar shows for `row`.
    fn label(&self, row: usize) -> String;

    /// Whether `row` is cold (its memory evicted before each measurement).
    fn cold(&self, row: usize) -> bool;

    /// An input of `class` for `row`, from `rng`.
    fn draw(&self, row: usize, class: Class, rng: &mut ChaCha20Rng) -> Self::Input;

    /// Measures `row` once on `input` of `class`: copies it into the buffer both classes
    /// use, evicts with `evictor` when the row is cold, times the operation alone with
    /// `ticker` ([`Ticker::start`], [`Ticker::stop`]), then checks the output. The span
    /// (its ticks, and whether the thread was switched out), and whether the output was
    /// checked.
    ///
    /// # Errors
    /// A wrong output or a failed call (the row stops).
    fn measure(
        &mut self,
        row: usize,
        input: &Self::Input,
        class: Class,
        ticker: &Ticker,
        evictor: Option<&mut Evictor>,
    ) -> Result<(Timed, bool)>;
}

/// Runs the rows of `subject` in turns until `budget` is spent (see the module
/// documentation), drawing inputs from `rng`; `states` holds one [`RowState`] per row (a
/// row with an error does not run). Returns the clock used; every row has its
/// [`RowState::stop`] or its error afterwards.
pub fn drive<S: Subject>(
    subject: &mut S,
    states: &mut [RowState],
    budget: Budget,
    rng: &mut ChaCha20Rng,
    quiet: bool,
) -> Ticker {
    let ticker = Ticker::detect();
    let mut evictor = (0..subject.rows())
        .any(|r| subject.cold(r))
        .then(|| Evictor::detect(CacheSizes::detect()));
    let start = Instant::now();
    let pb = crate::measure::progress::bar(budget.time.as_millis() as u64, quiet);
    'run: loop {
        let mut active = 0;
        for r in 0..states.len() {
            if states[r].stop.is_some() || states[r].error.is_some() {
                continue;
            }
            active += 1;
            pb.set_message(subject.label(r));
            let cold = subject.cold(r);
            let length = turn_length(states, r);
            let row = &mut states[r];
            row.turns += 1;
            row.undecided_turns += u64::from(row.undecided());
            let turn_end = Instant::now() + length;
            'turn: loop {
                // The turn's inputs are drawn first, so that the same code runs before every
                // measurement of either class (drawing a random input just before timing
                // would disturb the random class's caches and branch predictors alone).
                let batch: Vec<(Class, S::Input)> = (0..BATCH)
                    .map(|_| {
                        let class = if rng.next_u32() & 1 == 0 {
                            Class::Fixed
                        } else {
                            Class::Random
                        };
                        (class, subject.draw(r, class, rng))
                    })
                    .collect();
                for (class, x) in &batch {
                    let ev = if cold { evictor.as_mut() } else { None };
                    match subject.measure(r, x, *class, &ticker, ev) {
                        Ok((span, checked)) => {
                            row.test.push(*class, span.ticks);
                            row.preempted += u64::from(span.preempted);
                            row.checked += u64::from(checked);
                        }
                        Err(e) => {
                            row.error = Some(e);
                            break 'turn;
                        }
                    }
                    if let Some(max) = budget.max_measurements
                        && row.test.len() >= max
                    {
                        row.stop = Some(Stop::MaxMeasurements);
                        break 'turn;
                    }
                    if Instant::now() >= turn_end {
                        break 'turn;
                    }
                }
            }
            let s = row.test.summary();
            row.last_t = s.max_abs_t;
            if s.max_abs_t.is_some_and(|t| t >= T_STOP)
                && s.n_fixed.min(s.n_random) >= MIN_PER_CLASS
            {
                row.stop = Some(Stop::Clear);
            }
            pb.set_position(start.elapsed().as_millis() as u64);
            if start.elapsed() >= budget.time {
                break 'run;
            }
        }
        if active == 0 {
            break;
        }
    }
    pb.finish_and_clear();
    for row in states.iter_mut().filter(|r| r.stop.is_none()) {
        row.stop = Some(Stop::Budget);
    }
    ticker
}

/// What a run gave: the operations of the rows that ran, and the implementations whose
/// output was wrong (with the error), which cost only their own rows.
pub struct Outcome {
    /// One operation per row.
    pub operations: Vec<Operation>,
    /// Labels and errors of the implementations whose outputs were wrong.
    pub failed: Vec<(String, Error)>,
    /// The fixed input of the fixed class (DH: the secret in the group's encoding; RSA:
    /// the message, big-endian), empty when the classes have none (a KEM's valid and
    /// modified ciphertexts).
    pub fixed_input: Vec<u8>,
    /// The clock's name ([`Ticker::name`]).
    pub clock: &'static str,
}

/// Adds the error of a library's row to `failed` (once per implementation label); the
/// caller drops that implementation's operations ([`drop_failed`]).
pub(crate) fn note_failed(failed: &mut Vec<(String, Error)>, label: String, e: Error) {
    if !failed.iter().any(|(l, _)| *l == label) {
        failed.push((label, e));
    }
}

/// `operations` without those of an implementation in `failed`.
pub(crate) fn drop_failed(operations: &mut Vec<Operation>, failed: &[(String, Error)]) {
    operations.retain(|op: &Operation| {
        !failed
            .iter()
            .any(|(l, _)| op.implementation.as_ref().is_some_and(|i| i.label() == *l))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(stop: Option<Stop>, t: Option<f64>) -> RowState {
        let mut r = RowState::new(None);
        r.stop = stop;
        r.last_t = t;
        r
    }

    /// The time of the rows stopped with clear evidence goes to the undecided rows in equal
    /// parts; rows below 3, beyond 10 or without a test keep plain turns, and a row stopped
    /// by --max-measurements or the budget leaves nothing to share.
    #[test]
    fn undecided_rows_share_the_turns_of_cleared_rows() {
        let states = vec![
            row(Some(Stop::Clear), Some(25.0)),
            row(Some(Stop::Clear), Some(40.0)),
            row(Some(Stop::MaxMeasurements), Some(4.0)),
            row(None, Some(4.9)),
            row(None, Some(3.1)),
            row(None, Some(2.9)),
            row(None, Some(12.0)),
            row(None, None),
        ];
        // Two cleared rows' turns shared by two undecided rows: one more turn each.
        assert_eq!(turn_length(&states, 3), SLICE * 2);
        assert_eq!(turn_length(&states, 4), SLICE * 2);
        for r in [5, 6, 7] {
            assert_eq!(turn_length(&states, r), SLICE, "row {r}");
        }
        assert!(states[3].undecided() && !states[5].undecided() && !states[6].undecided());
        // Nothing cleared: plain turns for every row.
        let quiet = vec![row(None, Some(4.0)), row(None, Some(1.0))];
        assert_eq!(turn_length(&quiet, 0), SLICE);
    }
}

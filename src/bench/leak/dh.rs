//! The leak test of DH Offer and Reply, for every implementation `dh` runs.
//!
//! Flow of [`run`]: the inputs are made from the seeded ChaCha20 RNG and checked (a fixed
//! secret of Hamming weight 2, [`low_weight_secret`]; a peer value; the expected outputs,
//! computed by pkbench's own group and cross-checked through the exchange's symmetry; every
//! implementation's output on the fixed secret equal to them) → the rows (implementation ×
//! Offer/Reply × warm/cold) run in [`super::drive`]'s turns → one operation per row
//! (`dh_ops::operation`).
//!
//! The fixed class is the fixed secret, the random class a fresh random secret of the same
//! size. For each measurement the secret is copied into the one input buffer both classes
//! use (so that the memory read is the same), the buffer (with the group's memory) is
//! evicted if the row is cold, and the one operation is timed alone. Outputs are checked
//! outside the timed region: every fixed-class output against the expected bytes, and
//! every [`CHECK_EVERY`]-th random-class output against pkbench's own group (Offer:
//! y·X = x·Y; Reply: the shared secret x·Y = y·(x·G)).

use super::super::Config;
use super::super::dh::DhJob;
use super::{Budget, CHECK_EVERY, Outcome, RowState, Subject};
use crate::error::{Error, Result};
use crate::kex::{KeyExchange, ValueForm};
use crate::measure::cache::{CacheMode, Evictor, Span};
use crate::measure::leak::Class;
use crate::measure::tick::{Ticker, Timed};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

/// What is timed: Offer or Reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// Offer: the public value of the secret (fixed base).
    Offer,
    /// Reply: the shared secret from the secret and the peer's value (variable base).
    Reply,
}

impl Op {
    /// The record's operation name.
    pub fn name(self) -> &'static str {
        match self {
            Op::Offer => crate::record::OFFER_OP,
            Op::Reply => crate::record::REPLY_OP,
        }
    }
}

/// A leak test to run: the implementations (each a [`DhJob`] as `dh --impl` makes them),
/// pkbench's own group to check them against, the caches and the budget.
#[derive(Clone)]
pub struct LeakJob {
    /// The implementations under test, in the order of the rows.
    pub targets: Vec<DhJob>,
    /// pkbench's own group (its default code): the reference of every check.
    pub reference: Arc<dyn KeyExchange>,
    /// Secret size in bits (every target's).
    pub exp_bits: u32,
    /// Warm, cold or both: a cold row evicts the group's memory and the inputs before each
    /// measurement.
    pub cache: CacheMode,
    /// Time for the whole run (every row shares it).
    pub budget: Duration,
    /// A row stops after this many measurements (both classes), if given.
    pub max_measurements: Option<u64>,
}

/// One row: which target, which operation, warm or cold.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Row {
    pub target: usize,
    pub op: Op,
    pub cold: bool,
}

/// The inputs every row shares, made and checked before timing.
pub(crate) struct Inputs {
    /// The fixed secret.
    pub fixed: Vec<u8>,
    /// The peer's secret and public value (every Reply's peer).
    pub peer_secret: Vec<u8>,
    pub peer: Vec<u8>,
    /// The expected Offer and Reply of the fixed secret.
    pub fixed_offer: Vec<u8>,
    pub fixed_shared: Vec<u8>,
}

/// The DH test as [`super::drive`] runs it.
struct Dh<'a> {
    job: &'a LeakJob,
    inputs: &'a Inputs,
    rows: Vec<Row>,
    random_seen: Vec<u64>,
    buf: Vec<u8>,
}

/// A secret of the same size and encoding as the group's random `exp_bits`-bit secrets,
/// of Hamming weight 2, to stress code whose time depends on the secret's bits: the
/// integer 2^(exp_bits−1) + 1 in a big-endian group (the top bit a random secret of that
/// size has, and the low bit; the random secrets of a full-size group have its top bit
/// about half the time), and for a byte-string secret (X25519, RFC 7748 §5) the bits the
/// clamping keeps at each end: bit 254 (its set top bit) and bit 3 (the lowest bit it
/// does not clear), so that the scalar is 2^254 + 8.
///
/// # Errors
/// [`Error::Runtime`] when the group refuses it (a group whose order is not above
/// 2^(exp_bits−1) + 1).
pub fn low_weight_secret(
    kx: &dyn KeyExchange,
    exp_bits: u32,
    rng: &mut ChaCha20Rng,
) -> Result<Vec<u8>> {
    let len = kx.random_secret(exp_bits, rng).len();
    let mut x = vec![0u8; len];
    match kx.secret_form() {
        ValueForm::Integer => {
            let top = (exp_bits - 1) as usize;
            if top / 8 < len {
                x[len - 1 - top / 8] |= 1 << (top % 8);
            }
            x[len - 1] |= 1;
        }
        ValueForm::Bytes => {
            x[len - 1] = 0x40;
            x[0] = 0x08;
        }
    }
    kx.check_secret(&x).map_err(|e| {
        Error::runtime(format!(
            "{}: the low-weight secret was refused: {e}",
            kx.info().name
        ))
    })?;
    Ok(x)
}

/// Makes and checks the shared inputs (see the module documentation), then checks every
/// target's Offer and Reply of the fixed secret.
fn inputs(job: &LeakJob, rng: &mut ChaCha20Rng) -> Result<(Inputs, Vec<Option<Error>>)> {
    let r = job.reference.as_ref();
    let fixed = low_weight_secret(r, job.exp_bits, rng)?;
    let peer_secret = r.random_secret(job.exp_bits, rng);
    let peer = r.offer(&peer_secret);
    let fixed_offer = r.offer(&fixed);
    let fixed_shared = r.reply(&fixed, &peer)?;
    if r.reply(&peer_secret, &fixed_offer)? != fixed_shared {
        return Err(Error::runtime(format!(
            "{}: pkbench's own exchange on the fixed secret does not agree",
            r.info().name
        )));
    }
    let inputs = Inputs {
        fixed,
        peer_secret,
        peer,
        fixed_offer,
        fixed_shared,
    };
    let checks = job
        .targets
        .iter()
        .map(|t| {
            let kx = t.group.as_ref();
            let offer_ok = kx.offer(&inputs.fixed) == inputs.fixed_offer;
            let reply_ok = kx.reply(&inputs.fixed, &inputs.peer).ok().as_deref()
                == Some(inputs.fixed_shared.as_slice());
            (!(offer_ok && reply_ok)).then(|| wrong(kx, if offer_ok { "Reply" } else { "Offer" }))
        })
        .collect();
    Ok((inputs, checks))
}

fn wrong(kx: &dyn KeyExchange, what: &str) -> Error {
    Error::runtime(format!(
        "{} ({}): {what} returned a wrong value",
        kx.info().name,
        kx.implementation().name
    ))
}

/// Runs the leak test `job` under `cfg` (its seed; its `quiet`): see the module
/// documentation.
///
/// # Errors
/// [`Error::Input`] for a job without targets; [`Error::Runtime`] when pkbench's own
/// exchange is wrong on the inputs or one of pkbench's own rows returns a wrong output (a
/// library's wrong output is an [`Outcome::failed`] entry instead).
pub fn run(job: &LeakJob, cfg: &Config) -> Result<Outcome> {
    if job.targets.is_empty() {
        return Err(Error::input("leak: nothing to test"));
    }
    let mut rng = ChaCha20Rng::seed_from_u64(cfg.seed);
    let (inputs, checks) = inputs(job, &mut rng)?;
    let mut rows = Vec::new();
    let mut states = Vec::new();
    for (i, check) in checks.iter().enumerate() {
        for cold in [false, true] {
            if (cold && !job.cache.cold()) || (!cold && !job.cache.warm()) {
                continue;
            }
            for op in [Op::Offer, Op::Reply] {
                rows.push(Row {
                    target: i,
                    op,
                    cold,
                });
                states.push(RowState::new(
                    check.as_ref().map(|e| Error::runtime(e.to_string())),
                ));
            }
        }
    }
    let mut dh = Dh {
        job,
        inputs: &inputs,
        random_seen: vec![0; rows.len()],
        rows,
        buf: Vec::with_capacity(inputs.fixed.len()),
    };
    let budget = Budget {
        time: job.budget,
        max_measurements: job.max_measurements,
    };
    let ticker = super::drive(&mut dh, &mut states, budget, &mut rng, cfg.quiet);
    finish(job, &inputs, &dh.rows, states, &ticker)
}

impl Subject for Dh<'_> {
    type Input = Vec<u8>;

    fn rows(&self) -> usize {
        self.rows.len()
    }

    fn label(&self, row: usize) -> String {
        let r = self.rows[row];
        format!(
            "{} {}",
            self.job.targets[r.target].group.implementation().name,
            r.op.name()
        )
    }

    fn cold(&self, row: usize) -> bool {
        self.rows[row].cold
    }

    /// The fixed secret, or a fresh random one of the same size.
    fn draw(&self, _row: usize, class: Class, rng: &mut ChaCha20Rng) -> Vec<u8> {
        match class {
            Class::Fixed => self.inputs.fixed.clone(),
            Class::Random => self.job.reference.random_secret(self.job.exp_bits, rng),
        }
    }

    fn measure(
        &mut self,
        row: usize,
        x: &Vec<u8>,
        class: Class,
        ticker: &Ticker,
        evictor: Option<&mut Evictor>,
    ) -> Result<(Timed, bool)> {
        let r = self.rows[row];
        let kx = self.job.targets[r.target].group.as_ref();
        let inputs = self.inputs;
        let buf = &mut self.buf;
        buf.clear();
        buf.extend_from_slice(x);
        if let Some(ev) = evictor {
            let res = kx
                .resident(r.op == Op::Offer)
                .with([Span::of(buf.as_slice()), Span::of(inputs.peer.as_slice())]);
            ev.evict(&res);
        }
        let (ticks, out) = match r.op {
            Op::Offer => {
                let t0 = ticker.start();
                let out = kx.offer(black_box(buf.as_slice()));
                (ticker.stop(t0), Ok(black_box(out)))
            }
            Op::Reply => {
                let t0 = ticker.start();
                let out = kx.reply(black_box(buf.as_slice()), black_box(inputs.peer.as_slice()));
                (ticker.stop(t0), black_box(out))
            }
        };
        let out = out.map_err(|_| wrong(kx, r.op.name()))?;
        let checked = match class {
            Class::Fixed => {
                let want = match r.op {
                    Op::Offer => &inputs.fixed_offer,
                    Op::Reply => &inputs.fixed_shared,
                };
                if &out != want {
                    return Err(wrong(kx, r.op.name()));
                }
                true
            }
            Class::Random => {
                self.random_seen[row] += 1;
                let check = self.random_seen[row] % CHECK_EVERY == 1;
                if check {
                    check_random(self.job.reference.as_ref(), inputs, r.op, x, &out)
                        .map_err(|_| wrong(kx, r.op.name()))?;
                }
                check
            }
        };
        Ok((ticks, checked))
    }
}

/// The output of `op` on the random secret `x` is right: Offer X with y·X = x·Y (both
/// computed by pkbench's own group `r`), Reply with x·Y = y·(x·G).
fn check_random(r: &dyn KeyExchange, inputs: &Inputs, op: Op, x: &[u8], out: &[u8]) -> Result<()> {
    let ok = match op {
        Op::Offer => r.reply(&inputs.peer_secret, out)? == r.reply(x, &inputs.peer)?,
        Op::Reply => out == r.reply(&inputs.peer_secret, &r.offer(x))?,
    };
    if ok {
        Ok(())
    } else {
        Err(Error::runtime("wrong output"))
    }
}

/// The operations of the rows, and the targets that failed.
fn finish(
    job: &LeakJob,
    inputs: &Inputs,
    rows: &[Row],
    states: Vec<RowState>,
    ticker: &Ticker,
) -> Result<Outcome> {
    let mut failed: Vec<(String, Error)> = Vec::new();
    let mut operations = Vec::new();
    for (row, state) in rows.iter().zip(states) {
        let target = &job.targets[row.target];
        let label = target.group.implementation().label();
        if let Some(e) = state.error {
            if target.imp == crate::bench::imp::Choice::Own {
                return Err(e);
            }
            super::note_failed(&mut failed, label, e);
            continue;
        }
        operations.push(super::dh_ops::operation(job, inputs, row, &state, ticker));
    }
    // A target that failed in a later row loses its earlier rows too.
    super::drop_failed(&mut operations, &failed);
    Ok(Outcome {
        operations,
        failed,
        fixed_input: inputs.fixed.clone(),
        clock: ticker.name(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fixed secret has weight 2, the size of the random ones, and the group takes it:
    /// big-endian 2^(bits−1) + 1; X25519's bytes 2^254 + 8 after clamping.
    #[test]
    fn low_weight_secrets() {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        for (group, bits, want) in [
            ("modp-1024", 1023u32, None),
            ("modp-1024", 160, None),
            (
                "gf2-155",
                128,
                Some("00000080000000000000000000000000000001"),
            ),
            ("x25519", 255, None),
        ] {
            let kx = crate::kex::open_named(group, &Default::default()).unwrap();
            let x = low_weight_secret(kx.as_ref(), bits, &mut rng).unwrap();
            let weight: u32 = x.iter().map(|b| b.count_ones()).sum();
            assert_eq!(weight, 2, "{group} {bits}");
            assert_eq!(x.len(), kx.random_secret(bits, &mut rng).len(), "{group}");
            if let Some(w) = want {
                assert_eq!(hex::encode(&x), w);
            }
            match kx.secret_form() {
                ValueForm::Integer => {
                    let lead = x.iter().take_while(|&&b| b == 0).count();
                    let top = (x.len() - lead) * 8 - x[lead].leading_zeros() as usize;
                    assert_eq!(top, bits as usize, "{group}");
                    assert_eq!(x[x.len() - 1] & 1, 1);
                }
                ValueForm::Bytes => {
                    assert_eq!((x[0], x[31]), (0x08, 0x40));
                }
            }
            // The group computes with it as with any secret.
            let y = kx.random_secret(bits, &mut rng);
            assert_eq!(
                kx.reply(&x, &kx.offer(&y)).unwrap(),
                kx.reply(&y, &kx.offer(&x)).unwrap()
            );
        }
    }
}

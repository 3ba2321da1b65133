//! The leak test of a KEM's Decaps: valid ciphertexts against modified ones, for every
//! implementation `dh --group KEM` times (`ml-kem`, `libcrux-ml-kem`).
//!
//! FIPS 203's Decaps re-encrypts what it decrypted and, when that does not give the
//! ciphertext back, returns the implicit-rejection secret J(z ‖ c) instead of the shared
//! secret (Alg. 18, lines 7–11); code that branches on that comparison, or returns early,
//! takes a different time for a modified ciphertext, which tells an attacker which
//! ciphertexts decrypt (the lever of chosen-ciphertext attacks on the FO transform).
//!
//! Flow of [`run`]: one key pair from the seeded ChaCha20 RNG and a pool of [`POOL`]
//! encapsulations to it (each implementation's ciphertexts checked equal to the first's,
//! and every implementation's Decaps of each equal to the Encaps secret), then the rows
//! (one Decaps per implementation) run in [`super::drive`]'s turns. Class "valid" (the
//! record's fixed class) is a pool entry as it is; class "modified" (the random class) is a
//! pool entry with one random bit of its ML-KEM ciphertext flipped. Both classes draw an
//! entry and a bit position at random and copy the entry into the one buffer both use; the
//! valid class flips with a zero mask, so the same code runs before either. Every output
//! is checked outside the timed region: a valid ciphertext's against its Encaps secret, a
//! modified one's against J(z ‖ c) computed by pkbench with SHAKE256
//! ([`crate::kem::implicit_rejection`]), not by the implementation under test (the hybrid's
//! X25519 part, left unmodified, against its Encaps secret).

use super::super::Config;
use super::{Budget, Outcome, RowState, Subject};
use crate::error::{Error, Result};
use crate::kem::{Decapsulator, Kem, KemInfo};
use crate::measure::cache::Evictor;
use crate::measure::leak::Class;
use crate::measure::tick::Ticker;
use crate::record::{self, DECAPS_OP, Operation, info, param};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use std::hint::black_box;
use std::sync::Arc;

/// Valid ciphertexts in the pool both classes draw from: enough that no one ciphertext's
/// data stays in the branch predictors, few enough to encapsulate in a few milliseconds.
pub const POOL: usize = 256;

/// The class names of a KEM leak record (the fixed class first).
pub const CLASSES: [&str; 2] = ["valid", "modified"];

/// A KEM leak test: the KEM, its implementations (rows, in this order) and the budget.
#[derive(Clone)]
pub struct KemLeakJob {
    /// The KEM.
    pub info: &'static KemInfo,
    /// Its implementations under test.
    pub impls: Vec<Arc<dyn Kem>>,
    /// Time and measurements.
    pub budget: Budget,
}

/// The pool and the key's rejection secret, made and checked before timing.
struct Inputs {
    /// z, the last 32 bytes of the KeyGen seed d ‖ z.
    z: Vec<u8>,
    /// Valid ciphertexts and their Encaps secrets.
    cts: Vec<Vec<u8>>,
    secrets: Vec<Vec<u8>>,
    /// Bytes of the ML-KEM ciphertext at the start of each (all of it but the hybrid's
    /// X25519 share).
    mlkem_ct: usize,
}

/// One drawn input: a pool entry, and the bit of its ML-KEM ciphertext flipped (with a
/// zero mask for the valid class).
struct Input {
    entry: usize,
    byte: usize,
    mask: u8,
}

/// The Decaps test as [`super::drive`] runs it.
struct Decaps<'a> {
    job: &'a KemLeakJob,
    inputs: &'a Inputs,
    decs: Vec<Box<dyn Decapsulator>>,
    buf: Vec<u8>,
}

fn wrong(k: &dyn Kem, what: &str) -> Error {
    Error::runtime(format!(
        "{} ({}): Decaps of a {what} ciphertext returned a wrong value",
        k.info().name,
        k.impl_name()
    ))
}

/// What Decaps must return for `ct`, entry `entry` of the pool with `mask` applied: the
/// Encaps secret, or (modified) J(z ‖ the ML-KEM ciphertext) followed by the rest of the
/// Encaps secret (the hybrid's X25519 part).
fn expected(inputs: &Inputs, entry: usize, ct: &[u8], modified: bool) -> Vec<u8> {
    let secret = &inputs.secrets[entry];
    if !modified {
        return secret.clone();
    }
    let mut want = crate::kem::implicit_rejection(&inputs.z, &ct[..inputs.mlkem_ct]).to_vec();
    want.extend_from_slice(&secret[32..]);
    want
}

/// The key, the pool and the decapsulators, every implementation checked on every valid
/// ciphertext and on a modified copy of each of the first 16.
fn prepare(
    job: &KemLeakJob,
    rng: &mut ChaCha20Rng,
) -> Result<(Inputs, Vec<Box<dyn Decapsulator>>)> {
    let info = job.info;
    let first = job
        .impls
        .first()
        .ok_or_else(|| Error::input("leak: nothing to test"))?;
    let mut seed = vec![0u8; info.seed_bytes];
    rng.fill_bytes(&mut seed);
    let (ek, _) = first.keygen(&seed)?;
    let mlkem_ct = crate::kem::hybrid_parts(info).map_or(info.ct_bytes, |p| p.mlkem.ct_bytes);
    let mut inputs = Inputs {
        z: seed[32..64].to_vec(),
        cts: Vec::with_capacity(POOL),
        secrets: Vec::with_capacity(POOL),
        mlkem_ct,
    };
    for _ in 0..POOL {
        let mut coins = vec![0u8; info.coins_bytes];
        rng.fill_bytes(&mut coins);
        let (ct, ss) = first.encaps(&ek, &coins)?;
        for k in &job.impls[1..] {
            if k.keygen(&seed)?.0 != ek || k.encaps(&ek, &coins)? != (ct.clone(), ss.clone()) {
                return Err(Error::runtime(format!(
                    "{}: {} and {} disagree on KeyGen or Encaps",
                    info.name,
                    first.impl_name(),
                    k.impl_name()
                )));
            }
        }
        inputs.cts.push(ct);
        inputs.secrets.push(ss);
    }
    let decs = job
        .impls
        .iter()
        .map(|k| k.decapsulator(&seed))
        .collect::<Result<Vec<_>>>()?;
    for (k, d) in job.impls.iter().zip(&decs) {
        for (i, ct) in inputs.cts.iter().enumerate() {
            if d.decaps(ct)? != inputs.secrets[i] {
                return Err(wrong(k.as_ref(), "valid"));
            }
            if i < 16 {
                let mut m = ct.clone();
                m[i * 7 % mlkem_ct] ^= 0x10;
                if d.decaps(&m)? != expected(&inputs, i, &m, true) {
                    return Err(wrong(k.as_ref(), "modified"));
                }
            }
        }
    }
    Ok((inputs, decs))
}

/// Runs the Decaps leak test `job` under `cfg` (its seed; its `quiet`): see the module
/// documentation.
///
/// # Errors
/// [`Error::Input`] for a job without implementations; [`Error::Runtime`] when two
/// implementations disagree or one returns a wrong value (before or during the test: the
/// implementations are crates pkbench is built with, as its own code).
pub fn run(job: &KemLeakJob, cfg: &Config) -> Result<Outcome> {
    let mut rng = ChaCha20Rng::seed_from_u64(cfg.seed);
    let (inputs, decs) = prepare(job, &mut rng)?;
    let mut states: Vec<RowState> = job.impls.iter().map(|_| RowState::new(None)).collect();
    let mut subject = Decaps {
        job,
        inputs: &inputs,
        decs,
        buf: Vec::with_capacity(job.info.ct_bytes),
    };
    let ticker = super::drive(&mut subject, &mut states, job.budget, &mut rng, cfg.quiet);
    let mut operations = Vec::new();
    for (k, state) in job.impls.iter().zip(states) {
        if let Some(e) = state.error {
            return Err(e);
        }
        operations.push(operation(job.info, k.as_ref(), &state, &ticker));
    }
    Ok(Outcome {
        operations,
        failed: Vec::new(),
        fixed_input: Vec::new(),
        clock: ticker.name(),
    })
}

impl Subject for Decaps<'_> {
    type Input = Input;

    fn rows(&self) -> usize {
        self.job.impls.len()
    }

    fn label(&self, row: usize) -> String {
        format!("{} Decaps", self.job.impls[row].impl_name())
    }

    fn cold(&self, _row: usize) -> bool {
        false
    }

    /// A pool entry and a bit of its ML-KEM ciphertext (flipped for the modified class).
    fn draw(&self, _row: usize, class: Class, rng: &mut ChaCha20Rng) -> Input {
        let entry = rng.next_u32() as usize % self.inputs.cts.len();
        let bit = rng.next_u32() as usize % (8 * self.inputs.mlkem_ct);
        Input {
            entry,
            byte: bit / 8,
            mask: match class {
                Class::Fixed => 0,
                Class::Random => 1 << (bit % 8),
            },
        }
    }

    fn measure(
        &mut self,
        row: usize,
        x: &Input,
        class: Class,
        ticker: &Ticker,
        _evictor: Option<&mut Evictor>,
    ) -> Result<(u64, bool)> {
        let buf = &mut self.buf;
        buf.clear();
        buf.extend_from_slice(&self.inputs.cts[x.entry]);
        buf[x.byte] ^= x.mask;
        let dec = self.decs[row].as_ref();
        let t0 = ticker.now();
        let out = dec.decaps(black_box(buf.as_slice()));
        let t1 = ticker.now();
        let out = black_box(out);
        let modified = class == Class::Random;
        let k = self.job.impls[row].as_ref();
        let what = CLASSES[usize::from(modified)];
        let out = out.map_err(|_| wrong(k, what))?;
        if out != expected(self.inputs, x.entry, buf, modified) {
            return Err(wrong(k, what));
        }
        Ok((t1.wrapping_sub(t0), true))
    }
}

/// The operation of implementation `k`'s row: name Decaps; params `command` leak, `group`
/// (the KEM), `impl` (the crate's short name); the test's figures
/// ([`super::ops::with_test`]); info `classes`, `pool`.
fn operation(info: &'static KemInfo, k: &dyn Kem, state: &RowState, ticker: &Ticker) -> Operation {
    let params = record::params([
        (param::COMMAND, "leak".into()),
        (param::GROUP, info.name.into()),
        (param::IMPL, k.impl_name().into()),
    ]);
    let op = Operation {
        name: DECAPS_OP.to_string(),
        params,
        implementation: Some(k.implementation()),
        stats: None,
        figures: Default::default(),
        info: Default::default(),
        rounds: Vec::new(),
    };
    super::ops::with_test(op, state, ticker)
        .with_info(info::FAMILY, "kem")
        .with_info("classes", CLASSES.to_vec())
        .with_info("pool", POOL)
        .with_info("ct_bytes", info.ct_bytes)
}

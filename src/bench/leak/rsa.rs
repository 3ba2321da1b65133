//! The leak test of the RSA private operation: a fixed message against fresh random
//! messages, for every implementation `rsa --impl` runs, each call as its own row (as the
//! DH test does): pkbench's own backend with its general and (GMP) constant-time
//! exponentiation, OpenSSL's `BN_mod_exp_mont` and `BN_mod_exp_mont_consttime`, GMP's
//! `mpz_powm` and `mpz_powm_sec`, libgcrypt's `gcry_mpi_powm`; with `crt`, pkbench's own
//! CRT (both exponentiations) and OpenSSL's RSA API (`EVP_PKEY_decrypt` without padding:
//! CRT, blinding, a check with e).
//!
//! The key and the message size are the `rsa` command's ([`super::super::rsa::load_key`],
//! [`super::super::rsa::chunk_size`]: modulus bytes − 1 by default). The fixed message has
//! Hamming weight 2 and the size of the random ones: 2^(8·chunk − 1) + 1. For each
//! measurement the message is loaded into the row's one input (pkbench's integer, the
//! library's operand, or the byte buffer of the RSA API) outside the timed region, and the
//! private operation alone is timed. Every result s is checked with e outside the timed
//! region: s^e mod n must give the message back (num-bigint's `modpow`, not the code under
//! test). A cold row (pkbench's own only: a library's memory cannot be named) evicts the
//! key's integers and the input first.

use super::super::Config;
use super::super::imp::{Choice, Library};
use super::super::rsa::{CRT_OP, PRIVATE_OP, RsaJob};
use super::super::rsa_peer::LibPow;
use super::{Budget, Outcome, RowState, Subject};
use crate::arith::bignum::{Backend, BackendKind};
use crate::error::{Error, Result};
use crate::implementation::Implementation;
use crate::measure::cache::{CacheMode, Evictor, Resident, Span};
use crate::measure::leak::Class;
use crate::measure::tick::{Ticker, Timed};
use crate::peers::openssl::{BnPowm, CrtKey};
use crate::peers::{Discovery, PeerResult, Unavailable, gcrypt, gmp, openssl};
use crate::record::{self, Operation, info, param};
use crate::rsa::key::RsaKey;
use crate::rsa::ops::{CrtScratch, Engine, Powm};
use num_bigint::BigUint;
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use std::hint::black_box;

/// An RSA leak test: the key and message size (an `rsa` job: its key source, chunk,
/// backend and `crt`), who computes (pkbench's own rows and each library's), the caches
/// (cold rows are pkbench's own only) and the budget.
#[derive(Debug, Clone)]
pub struct RsaLeakJob {
    /// The key, chunk size, backend and whether the CRT rows are added.
    pub rsa: RsaJob,
    /// The implementations asked for, in order ([`Choice::Own`], libraries).
    pub choices: Vec<Choice>,
    /// Warm, cold or both (cold: pkbench's own rows only).
    pub cache: CacheMode,
    /// Time and measurements.
    pub budget: Budget,
}

/// One row's private operation, loaded with a message then run alone.
trait Private: Send {
    /// The record's operation name ([`PRIVATE_OP`] or [`CRT_OP`]).
    fn name(&self) -> &'static str;
    /// The call timed, for the record's `call` param ("mpz_powm_sec").
    fn call(&self) -> String;
    /// Who computes it.
    fn implementation(&self) -> Implementation;
    /// Loads the message `m` (big-endian) as the operation's input, outside the timed
    /// region.
    fn load(&mut self, m: &[u8]) -> PeerResult<()>;
    /// The private operation on the loaded input: the timed call.
    fn run(&mut self) -> PeerResult<()>;
    /// Its result, big-endian.
    fn result(&self) -> PeerResult<Vec<u8>>;
    /// The memory the operation reads (key integers and input), when it can be named.
    fn resident(&self) -> Option<Resident<'_>>;
}

/// pkbench's own private operation on backend `B`: raw or CRT, with `Powm`.
struct Own<B: Backend> {
    eng: Engine<B>,
    crt: bool,
    input: B::Int,
    out: B::Int,
    scratch: CrtScratch<B>,
    call: &'static str,
}

impl<B: Backend + 'static> Private for Own<B> {
    fn name(&self) -> &'static str {
        if self.crt { CRT_OP } else { PRIVATE_OP }
    }
    fn call(&self) -> String {
        self.call.to_string()
    }
    fn implementation(&self) -> Implementation {
        B::implementation()
    }
    fn load(&mut self, m: &[u8]) -> PeerResult<()> {
        self.input = B::from_be_bytes(m);
        Ok(())
    }
    fn run(&mut self) -> PeerResult<()> {
        let x = black_box(&self.input);
        if self.crt {
            self.eng
                .private_crt_into(x, &mut self.out, &mut self.scratch);
        } else {
            self.eng.private_raw_into(x, &mut self.out);
        }
        black_box(&self.out);
        Ok(())
    }
    fn result(&self) -> PeerResult<Vec<u8>> {
        Ok(B::to_be_bytes(&self.out))
    }
    fn resident(&self) -> Option<Resident<'_>> {
        let e = &self.eng;
        let mut r = Resident::complete(vec![Span::of_val(e), Span::of_val(&self.input)]);
        for x in [&e.n, &e.d, &e.p, &e.q, &e.dp, &e.dq, &e.qinv, &self.input] {
            match B::limb_span(x) {
                Some(s) => r.spans.push(s),
                None => r.complete = false,
            }
        }
        Some(r)
    }
}

/// A library's modular exponentiation m^d mod n.
struct Lib<P: LibPow> {
    pow: P,
    d: P::Operand,
    input: Option<P::Operand>,
}

impl<P: LibPow + Send> Private for Lib<P>
where
    P::Operand: Send,
{
    fn name(&self) -> &'static str {
        PRIVATE_OP
    }
    fn call(&self) -> String {
        self.pow.implementation().variant
    }
    fn implementation(&self) -> Implementation {
        self.pow.implementation()
    }
    fn load(&mut self, m: &[u8]) -> PeerResult<()> {
        self.input = Some(self.pow.operand(m)?);
        Ok(())
    }
    fn run(&mut self) -> PeerResult<()> {
        match &self.input {
            Some(x) => self.pow.pow(black_box(x), &self.d),
            None => Ok(()),
        }
    }
    fn result(&self) -> PeerResult<Vec<u8>> {
        self.pow.result()
    }
    fn resident(&self) -> Option<Resident<'_>> {
        None
    }
}

/// OpenSSL's RSA API (`EVP_PKEY_decrypt`, no padding) on a message buffer.
struct Api {
    api: openssl::RsaPrivate,
    buf: Vec<u8>,
}

impl Private for Api {
    fn name(&self) -> &'static str {
        CRT_OP
    }
    fn call(&self) -> String {
        self.api.implementation().variant
    }
    fn implementation(&self) -> Implementation {
        self.api.implementation()
    }
    fn load(&mut self, m: &[u8]) -> PeerResult<()> {
        self.buf.clear();
        self.buf.extend_from_slice(m);
        Ok(())
    }
    fn run(&mut self) -> PeerResult<()> {
        self.api.private(black_box(&self.buf))
    }
    fn result(&self) -> PeerResult<Vec<u8>> {
        self.api.result()
    }
    fn resident(&self) -> Option<Resident<'_>> {
        None
    }
}

/// pkbench's own rows: raw (and CRT) with the backend's general exponentiation and, where
/// it has one, its constant-time one.
fn own_rows(key: &RsaKey, kind: BackendKind, crt: bool) -> Result<Vec<Box<dyn Private>>> {
    crate::with_backend!(kind, B => {
        let mut rows: Vec<Box<dyn Private>> = Vec::new();
        for crt in [false, true].into_iter().filter(|&c| !c || crt) {
            for powm in [Powm::Fast, Powm::Sec] {
                let Ok(call) = powm.function::<B>() else { continue };
                let eng = Engine::<B>::with_powm(key, powm)?;
                rows.push(Box::new(Own::<B> {
                    scratch: eng.crt_scratch(),
                    eng,
                    crt,
                    input: B::from_u64(0),
                    out: B::from_u64(0),
                    call,
                }));
            }
        }
        Ok(rows)
    })
}

fn lib_row<P: LibPow + Send + 'static>(pow: P, key: &RsaKey) -> PeerResult<Box<dyn Private>>
where
    P::Operand: Send,
{
    let d = pow.operand(&key.d.to_bytes_be())?;
    Ok(Box::new(Lib {
        pow,
        d,
        input: None,
    }))
}

/// A library's rows (each exponentiation call it has; with `crt`, OpenSSL's RSA API too),
/// or why it has none here.
fn library_rows(
    lib: Library,
    key: &RsaKey,
    crt: bool,
    discovery: Discovery,
) -> std::result::Result<PeerResult<Vec<Box<dyn Private>>>, Unavailable> {
    let n = key.n.to_bytes_be();
    Ok(match lib {
        Library::OpenSsl => {
            let s = openssl::load(discovery)?;
            (|| {
                let mut rows = vec![
                    lib_row(openssl::ModExp::new(s, &n, BnPowm::Mont)?, key)?,
                    lib_row(openssl::ModExp::new(s, &n, BnPowm::ConstTime)?, key)?,
                ];
                if crt {
                    let b = |x: &BigUint| x.to_bytes_be();
                    let parts = [
                        &key.n, &key.e, &key.d, &key.p, &key.q, &key.dp, &key.dq, &key.qinv,
                    ]
                    .map(b);
                    let [n, e, d, p, q, dp, dq, qinv] = &parts;
                    let k = CrtKey {
                        n,
                        e,
                        d,
                        p,
                        q,
                        dp,
                        dq,
                        qinv,
                    };
                    rows.push(Box::new(Api {
                        api: openssl::RsaPrivate::new(s, k)?,
                        buf: Vec::new(),
                    }));
                }
                Ok(rows)
            })()
        }
        Library::Gmp => {
            let g = gmp::load(discovery)?;
            (|| {
                Ok(vec![
                    lib_row(gmp::ModExp::new(g, &n, gmp::Powm::Fast)?, key)?,
                    lib_row(gmp::ModExp::new(g, &n, gmp::Powm::Sec)?, key)?,
                ])
            })()
        }
        Library::Gcrypt => {
            let g = gcrypt::load(discovery)?;
            (|| Ok(vec![lib_row(gcrypt::ModExp::new(g, &n)?, key)?]))()
        }
    })
}

/// A row: its operation, warm or cold, who computes it.
struct Row {
    op: Box<dyn Private>,
    cold: bool,
    choice: Choice,
}

/// The RSA test as [`super::drive`] runs it.
struct Rsa {
    rows: Vec<Row>,
    key: RsaKey,
    fixed: Vec<u8>,
    chunk: usize,
}

/// The message of Hamming weight 2 of `chunk` bytes: 2^(8·chunk − 1) + 1.
pub fn fixed_message(chunk: usize) -> Vec<u8> {
    let mut m = vec![0u8; chunk];
    m[0] = 0x80;
    m[chunk - 1] |= 1;
    m
}

impl Rsa {
    /// `out` is the private operation's result on the message `m`: out^e mod n = m.
    fn right(&self, m: &[u8], out: &[u8]) -> bool {
        let s = BigUint::from_bytes_be(out);
        s < self.key.n && s.modpow(&self.key.e, &self.key.n) == BigUint::from_bytes_be(m)
    }
}

impl Subject for Rsa {
    type Input = Vec<u8>;

    fn rows(&self) -> usize {
        self.rows.len()
    }

    fn label(&self, row: usize) -> String {
        let r = &self.rows[row];
        format!("{} ({})", r.op.implementation().name, r.op.call())
    }

    fn cold(&self, row: usize) -> bool {
        self.rows[row].cold
    }

    /// The fixed message, or `chunk` fresh random bytes.
    fn draw(&self, _row: usize, class: Class, rng: &mut ChaCha20Rng) -> Vec<u8> {
        match class {
            Class::Fixed => self.fixed.clone(),
            Class::Random => {
                let mut m = vec![0u8; self.chunk];
                rng.fill_bytes(&mut m);
                m
            }
        }
    }

    fn measure(
        &mut self,
        row: usize,
        m: &Vec<u8>,
        _class: Class,
        ticker: &Ticker,
        evictor: Option<&mut Evictor>,
    ) -> Result<(Timed, bool)> {
        let op = &mut self.rows[row].op;
        let fail = |e: crate::peers::PeerError| Error::runtime(e.to_string());
        op.load(m).map_err(fail)?;
        if let (Some(ev), Some(r)) = (evictor, op.resident()) {
            ev.evict(&r);
        }
        let t0 = ticker.start();
        let ran = op.run();
        let span = ticker.stop(t0);
        ran.map_err(fail)?;
        let out = op.result().map_err(fail)?;
        let (name, call) = (op.implementation().label(), op.call());
        if !self.right(m, &out) {
            return Err(Error::runtime(format!(
                "{name} ({call}): a private operation's result s does not give the message back as s^e mod n"
            )));
        }
        Ok((span, true))
    }
}

/// Runs the RSA leak test `job` under `cfg` (its seed; its `quiet`), with `discovery` for
/// the libraries: see the module documentation. Libraries that cannot run here are
/// returned as notes (choice and reason).
///
/// # Errors
/// As [`super::super::rsa::load_key`] and [`super::super::rsa::chunk_size`];
/// [`Error::Input`] when nothing asked for can run; [`Error::Runtime`] when one of
/// pkbench's own rows returns a wrong result (a library's is an [`Outcome::failed`] entry).
pub fn run(job: &RsaLeakJob, cfg: &Config) -> Result<(Outcome, Vec<(Choice, Unavailable)>)> {
    let (key, _, _) = super::super::rsa::load_key(&job.rsa, cfg)?;
    let chunk = super::super::rsa::chunk_size(&job.rsa, &key)?;
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    let mut failed = Vec::new();
    for &c in &job.choices {
        let row = |cold: bool| {
            move |op| Row {
                op,
                cold,
                choice: c,
            }
        };
        let Choice::Peer(lib) = c else {
            if job.cache.warm() {
                rows.extend(
                    own_rows(&key, job.rsa.backend, job.rsa.crt)?
                        .into_iter()
                        .map(row(false)),
                );
            }
            if job.cache.cold() {
                rows.extend(
                    own_rows(&key, job.rsa.backend, job.rsa.crt)?
                        .into_iter()
                        .map(row(true)),
                );
            }
            continue;
        };
        if !job.cache.warm() {
            notes.push((
                c,
                Unavailable::Unsupported {
                    library: lib.name().into(),
                    what: job.rsa.label(),
                    why: "a library's memory cannot be evicted by name: it is timed with warm caches only".into(),
                },
            ));
            continue;
        }
        match library_rows(lib, &key, job.rsa.crt, cfg.discovery) {
            Ok(Ok(ops)) => rows.extend(ops.into_iter().map(row(false))),
            Ok(Err(e)) => super::note_failed(&mut failed, lib.name().to_string(), e.into()),
            Err(why) => notes.push((c, why)),
        }
    }
    if rows.is_empty() {
        return Err(Error::input(
            "leak: nothing asked for can run here (a library's rows are timed with warm caches only)",
        ));
    }
    // Warm rows first, in the order asked, then the cold ones.
    rows.sort_by_key(|r| r.cold);
    let mut rng = ChaCha20Rng::seed_from_u64(cfg.seed);
    rng.set_stream(2);
    let mut subject = Rsa {
        rows,
        fixed: fixed_message(chunk),
        chunk,
        key,
    };
    let mut states = Vec::new();
    // Before timing: every row's result on the fixed message and on a random one is right.
    for r in 0..subject.rows.len() {
        let mut m = vec![0u8; chunk];
        rng.fill_bytes(&mut m);
        let fixed = subject.fixed.clone();
        let t = Ticker::portable();
        let check = subject
            .measure(r, &fixed, Class::Fixed, &t, None)
            .and_then(|_| subject.measure(r, &m, Class::Random, &t, None));
        states.push(RowState::new(check.err()));
    }
    let ticker = super::drive(&mut subject, &mut states, job.budget, &mut rng, cfg.quiet);
    let mut operations = Vec::new();
    for (row, state) in subject.rows.iter().zip(states) {
        if let Some(e) = state.error {
            if row.choice == Choice::Own {
                return Err(e);
            }
            super::note_failed(&mut failed, row.op.implementation().label(), e);
            continue;
        }
        operations.push(operation(job, &subject, row, &state, &ticker));
    }
    super::drop_failed(&mut operations, &failed);
    Ok((
        Outcome {
            operations,
            failed,
            fixed_input: subject.fixed.clone(),
            clock: ticker.name(),
        },
        notes,
    ))
}

/// The operation of `row`: name "private op (raw)" or "private op (CRT)"; params `command`
/// leak, `bits`, `chunk_bytes`, `impl` (a library's row), `call` (the exponentiation or
/// API call), `cache` (cold rows; `warm` when both were asked); the test's figures
/// ([`super::ops::with_test`]); info `e`, `n` (hex), for a cold row what was evicted.
fn operation(
    job: &RsaLeakJob,
    rsa: &Rsa,
    row: &Row,
    state: &RowState,
    ticker: &Ticker,
) -> Operation {
    let imp = row.op.implementation();
    let mut params = record::params([
        (param::COMMAND, "leak".into()),
        ("bits", rsa.key.bits().into()),
        ("chunk_bytes", rsa.chunk.into()),
        (param::CALL, row.op.call().into()),
    ]);
    if row.choice != Choice::Own {
        params.insert(param::IMPL.into(), row.choice.name().into());
    }
    if let Some(v) = job.cache.param(row.cold) {
        params.insert(param::CACHE.into(), v.into());
    }
    let op = Operation {
        name: row.op.name().to_string(),
        params,
        implementation: Some(imp),
        stats: None,
        figures: Default::default(),
        info: Default::default(),
        rounds: Vec::new(),
    };
    let mut op = super::ops::with_test(op, state, ticker)
        .with_info("e", rsa.key.e.to_str_radix(16))
        .with_info("n", rsa.key.n.to_str_radix(16))
        .with_info(info::FAMILY, "rsa");
    if row.cold
        && let Some(r) = row.op.resident()
    {
        op = crate::bench::cold::mark(op, &r);
    }
    op
}

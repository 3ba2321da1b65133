//! A crate's row of `dh` ([`crate::peers::crates`]): Offer and Reply timed in the crate's own
//! types over `dh`'s pool, every output checked after timing.
//!
//! The pool is pkbench's own (secrets, peer values made and accepted by pkbench's own code
//! before any crate sees them, expected values). Offer: the crate's key pair and public value
//! on entry e (from the pool's secret where the crate takes one), written into a buffer made
//! beforehand. Reply: the crate's agreement with a key made before the timed batch
//! ([`Engine::ready`]) — the pool secret's key, kept, for a crate that takes a given secret;
//! a fresh key per Reply for one that generates its own (ring's `agree_ephemeral` consumes
//! it) — the shared secret written into a buffer made beforehand. Checks:
//! [`Keys::Given`], every entry's last Offer and Reply equal the pool's values;
//! [`Keys::Generated`], pkbench's own Reply on the crate's public value (the Offer's key, the
//! Reply's key) gives the crate's shared secret, the crate's Reply taking the pool's Offer
//! (whose secret pkbench holds) as its peer value.

use super::{DhJob, Pool, make_sized_pool, operations};
use crate::bench::{Config, Prepared};
use crate::error::{Error, Result};
use crate::kex::KeyExchange;
use crate::measure::Stats;
use crate::peers::crates::{CrateGroup, Engine, Keys};
use crate::peers::{PeerResult, Unavailable};
use crate::record::Operation;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use std::hint::black_box;
use std::sync::Arc;

impl DhJob {
    /// The same exchange computed by the crate `name` ([`crate::peers::crates::CRATES`]),
    /// checked against pkbench's own group first ([`CrateGroup::open`]); its operations are
    /// timed by [`prepare`].
    ///
    /// # Errors
    /// `Err(u)`: no such crate, it does not offer this group, or it cannot take this job's
    /// secret size ([`crate_refusal`]); `Ok(Err(e))`: a call failed or a result differed from
    /// pkbench's own (a runtime error).
    pub fn through_crate(&self, name: &str) -> std::result::Result<Result<DhJob>, Unavailable> {
        if let Some(why) = crate_refusal(name, self.group.as_ref(), self.exp_bits) {
            return Err(why);
        }
        let g: PeerResult<CrateGroup> = CrateGroup::open(name, self.group.clone())?;
        Ok(g.map_err(Error::from).map(|g| self.with_crate(g)))
    }

    /// This job computed through the crate group `g` (opened and checked on this job's
    /// group: [`CrateGroup::open`]), as [`DhJob::through_crate`] makes it.
    pub fn with_crate(&self, g: CrateGroup) -> DhJob {
        DhJob {
            imp: crate::bench::imp::Choice::Crate(g.crate_name()),
            group: Arc::new(g),
            ..self.clone()
        }
    }
}

/// Why the crate `name` has no row of the group `kx` with `exp_bits`-bit secrets, known
/// before anything is opened: no such crate, a group it does not offer, or a secret size
/// below the group's full one for a crate that draws its own secrets ([`Keys::Generated`]:
/// ring's keys have full-size secrets, so its row would not time the size it names).
/// `None` when it has one.
pub fn crate_refusal(name: &str, kx: &dyn KeyExchange, exp_bits: u32) -> Option<Unavailable> {
    let info = kx.info();
    let unsupported = |library: &str, why: String| Unavailable::Unsupported {
        library: library.into(),
        what: info.name.clone(),
        why,
    };
    let Some(krate) = crate::peers::crates::find(name) else {
        return Some(unsupported(name, "no such crate in pkbench".into()));
    };
    if crate::peers::crates::curve(krate, &info.name).is_none() {
        let offered: Vec<&str> = krate.curves().iter().map(|c| c.group).collect();
        let why = format!("pkbench runs only {} through it", offered.join(", "));
        return Some(unsupported(krate.name(), why));
    }
    (krate.keys() == Keys::Generated && exp_bits < info.full_exp_bits).then(|| {
        let why = format!("not with {exp_bits}-bit secrets: it draws its own, full-size");
        unsupported(krate.name(), why)
    })
}

/// Prepares a crate's job: `dh`'s pool from `cfg.seed` (made by pkbench's own code) and the
/// crate's engine, its keys of the given secrets made; timed operations 0 = Offer, 1 = Reply
/// (warm only).
///
/// # Errors
/// [`Error::Input`] for a job that is not a crate's or asks for cold caches or Offer alone;
/// [`Error::Runtime`] when a check of the pool fails or the crate cannot make its keys.
pub fn prepare(job: &DhJob, cfg: &Config) -> Result<Box<dyn Prepared>> {
    let crate::bench::imp::Choice::Crate(name) = job.imp else {
        return Err(Error::input("dh: not a crate's job"));
    };
    if job.cache.cold() || job.offer_only {
        return Err(Error::input(format!(
            "{name}: a crate's rows are timed warm, Offer and Reply"
        )));
    }
    let kx = job.group.as_ref();
    let info = kx.info();
    let g = CrateGroup::open(name, job.group.clone())
        .map_err(|u| Error::runtime(u.to_string()))?
        .map_err(Error::from)?;
    let mut rng = ChaCha20Rng::seed_from_u64(cfg.seed);
    let pool = make_sized_pool(kx, job.exp_bits, job.pool_base, &cfg.measure, &mut rng)?;
    let mut engine = g.engine();
    let n = pool.len();
    let public_len = pool.offers.first().map_or(0, Vec::len);
    let shared_len = pool.shared.first().map_or(0, Vec::len);
    // Given secrets: every entry's key now; generated keys: before each timed batch.
    let first = if engine.keys() == Keys::Given { n } else { 0 };
    if !engine.ready(&pool.secrets, 0, first, public_len) {
        return Err(Error::runtime(format!(
            "{name}: {}: could not make the keys of the pool",
            info.name
        )));
    }
    Ok(Box::new(PreparedCrate {
        job: job.clone(),
        engine,
        offers: vec![vec![0u8; public_len]; n],
        shared: vec![vec![0u8; shared_len]; n],
        offered: vec![false; n],
        replied: vec![false; n],
        failed: None,
        pool,
        public_len,
    }))
}

/// A crate's job with its pool and engine, and the outputs of the timed runs (each entry's
/// last).
struct PreparedCrate {
    job: DhJob,
    engine: Box<dyn Engine>,
    pool: Pool,
    offers: Vec<Vec<u8>>,
    shared: Vec<Vec<u8>>,
    offered: Vec<bool>,
    replied: Vec<bool>,
    failed: Option<&'static str>,
    public_len: usize,
}

impl PreparedCrate {
    /// Every timed output against pkbench's own (see the module documentation).
    fn check(&mut self) -> Result<()> {
        let kx = self.job.group.as_ref();
        let wrong = |what: &str| {
            Error::runtime(format!(
                "{}: {}: a timed {what} returned a wrong value",
                self.job.imp.name(),
                kx.info().name
            ))
        };
        if let Some(what) = self.failed {
            return Err(Error::runtime(format!(
                "{}: {}: a timed {what} failed",
                self.job.imp.name(),
                kx.info().name
            )));
        }
        let mut out = vec![0u8; self.pool.shared.first().map_or(0, Vec::len)];
        for e in 0..self.pool.len() {
            let secret = &self.pool.secrets[e];
            match self.engine.keys() {
                Keys::Given => {
                    if self.offered[e] && self.offers[e] != self.pool.offers[e] {
                        return Err(wrong("Offer"));
                    }
                    if self.replied[e] && self.shared[e] != self.pool.shared[e] {
                        return Err(wrong("Reply"));
                    }
                }
                Keys::Generated => {
                    if self.offered[e] {
                        let seen = kx.reply(secret, &self.offers[e])?;
                        let peer = self.pool.offers[e].clone();
                        if !self.engine.agree_offered(e, &peer, &mut out) || out != seen {
                            return Err(wrong("Offer"));
                        }
                    }
                    if self.replied[e]
                        && kx.reply(secret, self.engine.reply_public(e))? != self.shared[e]
                    {
                        return Err(wrong("Reply"));
                    }
                }
            }
        }
        Ok(())
    }
}

impl Prepared for PreparedCrate {
    fn label(&self) -> String {
        self.job.label()
    }

    fn timed(&self) -> usize {
        2
    }

    fn before_run(&mut self, k: usize, start: usize, n: usize) {
        if k == 1
            && self.engine.keys() == Keys::Generated
            && !self
                .engine
                .ready(&self.pool.secrets, start, n, self.public_len)
        {
            self.failed = Some("Reply's key generation");
        }
    }

    fn run(&mut self, k: usize, start: usize, n: usize) {
        let len = self.pool.len();
        if k == 0 {
            for i in 0..n {
                let e = start.wrapping_add(i) % len;
                let ok = self.engine.offer(
                    e,
                    black_box(&self.pool.secrets[e]),
                    black_box(&mut self.offers[e]),
                );
                self.offered[e] = true;
                if !ok {
                    self.failed = Some("Offer");
                }
            }
        } else {
            for i in 0..n {
                let e = start.wrapping_add(i) % len;
                let peer = match self.engine.keys() {
                    Keys::Given => &self.pool.peers[e],
                    Keys::Generated => &self.pool.offers[e],
                };
                let ok = self
                    .engine
                    .reply(e, i, black_box(peer), black_box(&mut self.shared[e]));
                self.replied[e] = true;
                if !ok {
                    self.failed = Some("Reply");
                }
            }
        }
    }

    fn finish(mut self: Box<Self>, stats: Vec<Stats>) -> Result<Vec<Operation>> {
        self.check()?;
        let (Some(offer), Some(reply)) = (stats.first(), stats.get(1)) else {
            return Err(Error::runtime("DH: Offer and Reply were not timed"));
        };
        let kx: &dyn KeyExchange = self.job.group.as_ref();
        Ok(operations(
            kx,
            self.job.exp_bits,
            (offer.clone(), reply.clone()),
            &self.pool,
        ))
    }
}

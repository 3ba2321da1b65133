//! A Diffie-Hellman exchange, timed: Offer, Reply and Total = 2*Offer + Reply (design.md §2).
//!
//! Flow of [`run`]: a pool of fresh secrets and peer values from a seeded ChaCha20 RNG (made
//! before timing, sized so that one sample uses each entry about once: [`pool`]) → every pool
//! entry checked (both parties' shared secrets equal; the table Offer equals the
//! variable-base Reply on the generator) → Offer and Reply timed by the harness → the outputs
//! of the timed runs checked again → the four operations of [`operations`].

pub mod crates;
pub mod pool;

pub use pool::{MAX_POOL, POOL, POOL_TIME_SHARE, Pool, make_pool, make_sized_pool};

use super::Config;
use crate::error::{Error, Result};
use crate::kex::{ExpBits, GroupOptions, KeyExchange};
use crate::measure::Stats;
use crate::measure::cache::{CacheMode, Resident, Span};
use crate::params::GroupFile;
use crate::record::{OFFER_OP, Operation, REPLY_OP, figure, info as rinfo, param};
use crate::security;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use std::hint::black_box;
use std::sync::Arc;

/// One exchange to time: an opened group (with or without its fixed-base table, which was
/// built when it was opened and is reported apart), the secret size and the base size of
/// the input pool.
#[derive(Clone)]
pub struct DhJob {
    /// The group, opened with the options that say how to compute in it.
    pub group: Arc<dyn KeyExchange>,
    /// Secret size in bits, 16 ≤ bits ≤ the group's full size ([`ExpBits::resolve`]).
    pub exp_bits: u32,
    /// Entries the input pool starts with ([`POOL`] for `dh`); fast operations get more
    /// ([`make_sized_pool`]).
    pub pool_base: usize,
    /// Who computes Offer and Reply: [`super::imp::Choice::Own`], or the library behind a
    /// [`crate::peers::kex::PeerGroup`] (set by [`DhJob::through`]).
    pub imp: super::imp::Choice,
    /// Warm, cold or both ([`CacheMode`]): cold Offers and Replies are timed singly, the
    /// group's memory ([`KeyExchange::resident`]) and the pool entry evicted before each.
    pub cache: CacheMode,
    /// Time Offer only (no Reply, no Total): the table-window sweep of `choose --cache`,
    /// where only Offer depends on the table.
    pub offer_only: bool,
}

impl DhJob {
    /// Opens the group `file` with `options` and checks that it takes secrets of `exp_bits`:
    /// the job `dh` runs, with the base pool [`POOL`].
    ///
    /// # Errors
    /// An input error for a description that is not a valid group, options that do not
    /// apply, or a secret size the group does not take.
    pub fn open(file: &GroupFile, options: &GroupOptions, exp_bits: ExpBits) -> Result<DhJob> {
        let kx = crate::kex::open(file, options)?;
        DhJob::new(Arc::from(kx), exp_bits)
    }

    /// The job for an opened group `kx` and the secret size `exp_bits`, base pool [`POOL`].
    ///
    /// # Errors
    /// [`crate::error::SecretError::SizeOutOfRange`] or
    /// [`crate::error::SecretError::OnlyFull`] when the group does not take secrets of
    /// that size.
    pub fn new(kx: Arc<dyn KeyExchange>, exp_bits: ExpBits) -> Result<DhJob> {
        kx.check_exp_bits(exp_bits)?;
        let info = kx.info();
        let exp_bits = exp_bits.resolve(&info.name, info.full_exp_bits)?;
        Ok(DhJob {
            group: kx,
            exp_bits,
            pool_base: POOL,
            imp: super::imp::Choice::Own,
            cache: CacheMode::Warm,
            offer_only: false,
        })
    }

    /// The same exchange computed by `library` (pkbench's own group, opened from `file`, with
    /// Offer and Reply through the library, checked against pkbench's own on the same
    /// secrets: [`crate::peers::kex::PeerGroup::open`]).
    ///
    /// # Errors
    /// `Err(u)`: the library is absent here or has no way to compute this group;
    /// `Ok(Err(e))`: a call failed or a result differed from pkbench's own (a runtime error).
    pub fn through(
        &self,
        file: &GroupFile,
        library: super::imp::Library,
        discovery: crate::peers::Discovery,
    ) -> std::result::Result<Result<DhJob>, crate::peers::Unavailable> {
        self.through_way(file, library, crate::peers::kex::Way::Default, discovery)
    }

    /// As [`DhJob::through`], through the library's call `way` (its constant-time twin:
    /// [`crate::peers::kex::Way::ConstTime`]).
    ///
    /// # Errors
    /// As [`DhJob::through`]; `Err(u)` also when the library has no such call here.
    pub fn through_way(
        &self,
        file: &GroupFile,
        library: super::imp::Library,
        way: crate::peers::kex::Way,
        discovery: crate::peers::Discovery,
    ) -> std::result::Result<Result<DhJob>, crate::peers::Unavailable> {
        let g = crate::peers::kex::PeerGroup::open_way(
            file,
            self.group.clone(),
            library,
            way,
            discovery,
        )?;
        Ok(g.map_err(Error::from).map(|g| DhJob {
            group: Arc::new(g),
            exp_bits: self.exp_bits,
            pool_base: self.pool_base,
            imp: super::imp::Choice::Peer(library),
            cache: self.cache,
            offer_only: self.offer_only,
        }))
    }

    /// The same exchange on pkbench's portable GF(2^m) code ([`super::imp::Choice::Portable`]):
    /// `file` opened again with `options` but carry-less multiply off, checked against this
    /// job's group (Offer and Reply on two secrets of the full size and two of 128 bits give
    /// the same bytes) before it is timed.
    ///
    /// # Errors
    /// An input error when `file` is not a binary curve (no portable twin); a runtime error
    /// when the two code paths disagree.
    pub fn portable(&self, file: &GroupFile, options: &GroupOptions) -> Result<DhJob> {
        if file.family()? != crate::params::Family::Ec2n {
            return Err(Error::input(format!(
                "{}: only the binary curves (gf2-155, gf2-185) have a portable GF(2^m) twin",
                file.name
            )));
        }
        let opts = GroupOptions {
            clmul: false,
            ..options.clone()
        };
        let twin: Arc<dyn KeyExchange> = Arc::from(crate::kex::open(file, &opts)?);
        same_results(self.group.as_ref(), twin.as_ref())?;
        Ok(DhJob {
            group: twin,
            imp: super::imp::Choice::Portable,
            ..self.clone()
        })
    }

    /// The same exchange computed by pkbench's own code without its fixed-base table: `file`
    /// opened again with `options` but no table, checked against this job's group (as
    /// [`DhJob::portable`]). Timed beside a library whose Offer has no precomputation, it
    /// gives the like-for-like ratio ([`crate::kex::Precomputation`]).
    ///
    /// # Errors
    /// As [`DhJob::portable`]: an input error for options that do not apply, a runtime
    /// error when the two Offers or Replies differ.
    pub fn without_table(&self, file: &GroupFile, options: &GroupOptions) -> Result<DhJob> {
        let opts = GroupOptions {
            table: false,
            ..options.clone()
        };
        let twin: Arc<dyn KeyExchange> = Arc::from(crate::kex::open(file, &opts)?);
        same_results(self.group.as_ref(), twin.as_ref())?;
        Ok(DhJob {
            group: twin,
            ..self.clone()
        })
    }

    /// Whether a run of this job beside `peers` should also time pkbench's own code without
    /// its table: this job is pkbench's own with a table on the generator, and some peer's
    /// Offer has none, so that only the twin compares like with like.
    pub fn wants_no_table_twin(&self, peers: &[DhJob]) -> bool {
        self.imp == super::imp::Choice::Own
            && self.group.precomputation().on_generator()
            && self.group.table().is_some()
            && peers
                .iter()
                .any(|p| !p.group.precomputation().on_generator())
    }

    /// "gf2-155 128-bit, table" or "modp-1024 full, no table".
    pub fn label(&self) -> String {
        let info = self.group.info();
        let size = if self.exp_bits >= info.full_exp_bits {
            "full".to_string()
        } else {
            format!("{}-bit", self.exp_bits)
        };
        let table = if self.group.table().is_some() {
            "table"
        } else {
            "no table"
        };
        format!("{} {size}, {table}", info.name)
    }
}

/// Prepares a DH job: the input pool from `cfg.seed`, sized to the work and checked
/// ([`make_sized_pool`]); timed operations 0 = Offer, 1 = Reply. A crate's job is timed in
/// the crate's own types ([`crates::prepare`]).
///
/// # Errors
/// [`Error::Runtime`] when a check of the pool fails.
pub fn prepare(job: &DhJob, cfg: &Config) -> Result<Box<dyn super::Prepared>> {
    if let super::imp::Choice::Crate(_) = job.imp {
        return crates::prepare(job, cfg);
    }
    let kx = job.group.as_ref();
    let mut rng = ChaCha20Rng::seed_from_u64(cfg.seed);
    let pool = make_sized_pool(kx, job.exp_bits, job.pool_base, &cfg.measure, &mut rng)?;
    Ok(with_pool(job.clone(), pool))
}

/// The prepared job `job` over the checked `pool` (made by [`make_pool`] or
/// [`make_sized_pool`] for `job`'s group and secret size).
pub fn with_pool(job: DhJob, pool: Pool) -> Box<dyn super::Prepared> {
    let n = pool.len();
    // Timed operations: (Offer = 0 / Reply = 1, cold), warm ones first.
    let slots = [false, true]
        .into_iter()
        .filter(|&cold| {
            if cold {
                job.cache.cold()
            } else {
                job.cache.warm()
            }
        })
        .flat_map(|cold| {
            if job.offer_only {
                vec![(0, cold)]
            } else {
                vec![(0, cold), (1, cold)]
            }
        })
        .collect();
    Box::new(PreparedDh {
        job,
        pool,
        slots,
        offers: vec![Vec::new(); n],
        shared: vec![Vec::new(); n],
        reply_failed: false,
    })
}

/// A DH job with its checked pool, its timed operations (`slots`: Offer or Reply, warm or
/// cold), and the outputs of the timed runs (entry `k` keeps the last output for input `k`;
/// empty until an operation reached it).
struct PreparedDh {
    job: DhJob,
    pool: Pool,
    slots: Vec<(usize, bool)>,
    offers: Vec<Vec<u8>>,
    shared: Vec<Vec<u8>>,
    reply_failed: bool,
}

impl super::Prepared for PreparedDh {
    fn label(&self) -> String {
        self.job.label()
    }

    fn timed(&self) -> usize {
        self.slots.len()
    }

    fn cold(&self, k: usize) -> bool {
        self.slots.get(k).is_some_and(|s| s.1)
    }

    /// The group's memory for the operation ([`KeyExchange::resident`]) and the pool entry:
    /// the secret (and for Reply the peer value), their bytes and their `Vec` headers.
    fn resident(&self, k: usize, i: usize) -> Resident<'_> {
        let offer = self.slots.get(k).is_none_or(|s| s.0 == 0);
        let e = i % self.pool.len().max(1);
        let mut r = self.job.group.resident(offer);
        if let Some(x) = self.pool.secrets.get(e) {
            r = r.with([Span::of(x), Span::of_val(x)]);
        }
        if let (false, Some(y)) = (offer, self.pool.peers.get(e)) {
            r = r.with([Span::of(y), Span::of_val(y)]);
        }
        r
    }

    fn run(&mut self, k: usize, start: usize, n: usize) {
        let kx = self.job.group.as_ref();
        let len = self.pool.len();
        let pool = &self.pool;
        if self.slots.get(k).is_none_or(|s| s.0 == 0) {
            for i in 0..n {
                let e = start.wrapping_add(i) % len;
                self.offers[e] = black_box(kx.offer(black_box(&pool.secrets[e])));
            }
        } else {
            for i in 0..n {
                let e = start.wrapping_add(i) % len;
                match kx.reply(black_box(&pool.secrets[e]), black_box(&pool.peers[e])) {
                    Ok(s) => self.shared[e] = black_box(s),
                    Err(_) => self.reply_failed = true,
                }
            }
        }
    }

    fn units(&self) -> Vec<super::threads::Unit> {
        let kx = self.job.group.as_ref();
        // The first timed Offer and Reply (warm ones come first; a table-window job has no
        // Reply and no unit).
        let find = |what: usize| self.slots.iter().position(|s| s.0 == what);
        let (Some(offer), Some(reply)) = (find(0), find(1)) else {
            return Vec::new();
        };
        vec![super::threads::Unit {
            name: "Exchange".into(),
            // The CPU work of one exchange, both parties' (the CPU sum 2*Offer + 2*Reply):
            // each party offers and each computes the shared secret. Total = 2*Offer +
            // Reply is the exchange's elapsed time with the Replies in parallel, not its
            // work, so a rate per CPU second must count both Replies.
            steps: vec![(offer, 2), (reply, 2)],
            work: "one exchange, both parties' work: 2*Offer + 2*Reply".into(),
            figure: "exchanges_per_sec",
            per_unit: 1.0,
            params: param::dh(&kx.info().name, self.job.exp_bits, kx.table().is_some()),
            implementation: kx.implementation(),
        }]
    }

    fn verify(&self) -> Result<()> {
        let kx = self.job.group.as_ref();
        check_outputs(kx, "Offer", &self.offers, &self.pool.offers)?;
        if self.reply_failed {
            return Err(Error::runtime(format!(
                "{}: a timed Reply rejected a valid peer value",
                kx.info().name
            )));
        }
        check_outputs(kx, "Reply", &self.shared, &self.pool.shared)
    }

    fn finish(self: Box<Self>, stats: Vec<Stats>) -> Result<Vec<Operation>> {
        let kx = self.job.group.as_ref();
        super::Prepared::verify(self.as_ref())?;
        let mut ops = Vec::new();
        for cold in [false, true] {
            let find = |what: usize| {
                self.slots
                    .iter()
                    .position(|s| *s == (what, cold))
                    .and_then(|k| stats.get(k).cloned())
            };
            let Some(offer) = find(0) else {
                continue;
            };
            let reply = find(1);
            let mut these = match reply {
                Some(reply) => operations(kx, self.job.exp_bits, (offer, reply), &self.pool),
                // Offer alone: the Offer operation (it does not depend on Reply's figures).
                None => operations(kx, self.job.exp_bits, (offer.clone(), offer), &self.pool)
                    .into_iter()
                    .take(1)
                    .collect(),
            };
            if cold {
                for (j, op) in these.iter_mut().enumerate() {
                    // Offer, Reply, then the two derived operations (Reply's memory is
                    // the wider: group, secret and peer value).
                    let slot = (j.min(1), true);
                    let k = self.slots.iter().position(|s| *s == slot).unwrap_or(0);
                    *op = super::cold::mark(op.clone(), &self.resident(k, 0));
                }
            }
            if let Some(v) = self.job.cache.param(cold) {
                for op in &mut these {
                    op.params.insert(param::CACHE.into(), v.into());
                }
            }
            ops.extend(these);
        }
        if ops.is_empty() {
            return Err(Error::runtime("DH: Offer and Reply were not timed"));
        }
        Ok(ops)
    }
}

fn check_outputs(
    kx: &dyn KeyExchange,
    what: &str,
    got: &[Vec<u8>],
    want: &[Vec<u8>],
) -> Result<()> {
    for (g, w) in got.iter().zip(want) {
        if !g.is_empty() && g != w {
            return Err(Error::runtime(format!(
                "{}: a timed {what} returned a wrong value",
                kx.info().name
            )));
        }
    }
    Ok(())
}

/// Name of the derived operation Total = 2*Offer + Reply (the elapsed time of one exchange:
/// both parties offer in turn, then reply in parallel), figure `total_ms`.
pub use crate::record::TOTAL_OP;

/// Name of the derived operation CPU sum 2*Offer + 2*Reply (the work of both parties),
/// figure `cpu_total_ms`.
pub use crate::record::CPU_SUM_OP;

/// The operations of `kx` timed with `exp_bits`-bit secrets: "Offer" and "Reply" (timed,
/// with `ops_per_sec`), "Total = 2*Offer + Reply" (`total_ms` = 2·Offer + Reply from the
/// medians, ms) and "CPU sum 2*Offer + 2*Reply" (`cpu_total_ms`), each identified by command
/// "dh", group, exp_bits and table, naming the group's implementation.
///
/// `info` of every operation: the group (`family`, `group_description`, `group_source`,
/// `field_bits`, `full_exp_bits`, `public_bytes`), the pool (`pool` entries, `pool_ms` to
/// make and check them), what the row's Offer precomputed for the generator
/// (`precomputation`: [`KeyExchange::precomputation`]), `backend`, `clmul` and `field_code` where the group says,
/// what a library's row was checked against before timing (`checked_against`:
/// [`KeyExchange::checked`]), and the
/// security estimate (`security_bits`, `security_category`, `security_limited_by`: [`security::estimate`]).
/// Offer adds the table (`table_method`, `table_bytes`, `table_build_ms`) and
/// `offer_method`; Reply adds `reply_method`; Reply, Total and CPU sum add `extra_work` when
/// the Reply does more than pkbench's own ([`KeyExchange::reply_extra_work`]).
pub fn operations(
    kx: &dyn KeyExchange,
    exp_bits: u32,
    (offer, reply): (Stats, Stats),
    pool: &Pool,
) -> Vec<Operation> {
    let info = kx.info();
    let table = kx.table();
    let key = param::dh(&info.name, exp_bits, table.is_some());
    let implementation = kx.implementation();
    let precomputation = kx.precomputation();
    let checked = kx.checked();
    let estimate = security::estimate(&info.profile, Some(exp_bits));
    let common = |op: Operation| {
        let mut op = op
            .by(implementation.clone())
            .with_info(
                rinfo::FAMILY,
                serde_json::to_value(info.family).unwrap_or_default(),
            )
            .with_info(rinfo::GROUP_DESCRIPTION, info.description.clone())
            .with_info(rinfo::GROUP_SOURCE, info.source.clone())
            .with_info(rinfo::FIELD_BITS, info.field_bits)
            .with_info(rinfo::FULL_EXP_BITS, info.full_exp_bits)
            .with_info(rinfo::PUBLIC_BYTES, info.public_bytes)
            .with_info(rinfo::POOL, pool.len())
            .with_info(rinfo::POOL_MS, pool.make_ms)
            // The caps the pool was sized under, facts of this run that views print.
            .with_info(rinfo::POOL_CAP, MAX_POOL)
            .with_info(rinfo::POOL_TIME_SHARE, POOL_TIME_SHARE)
            .with_info(
                rinfo::PRECOMPUTATION,
                serde_json::to_value(&precomputation).unwrap_or_default(),
            );
        if let Some(b) = kx.backend() {
            op = op.with_info(rinfo::BACKEND, b);
        }
        if let Some(c) = kx.clmul() {
            op = op.with_info(rinfo::CLMUL, c);
        }
        if let Some(f) = kx.field_code() {
            op = op.with_info(rinfo::FIELD_CODE, f);
        }
        if let Some(c) = &checked {
            op = op.with_info(
                crate::implementation::checked::INFO_KEY,
                serde_json::to_value(c).unwrap_or_default(),
            );
        }
        op.with_info(rinfo::SECURITY_BITS, estimate.bits)
            .with_info(rinfo::SECURITY_CATEGORY, estimate.category)
            .with_info(rinfo::SECURITY_LIMITED_BY, estimate.limited_by.clone())
            // Shor's algorithm breaks every discrete-logarithm group (report::kem::DH_QUANTUM_NOTE).
            .with_info(rinfo::QUANTUM_SECURITY_BITS, 0.0)
            .with_info(rinfo::WIRE_BYTES, 2 * info.public_bytes)
    };
    let total_ms = 2.0 * offer.median_ms + reply.median_ms;
    let cpu_total_ms = 2.0 * (offer.median_ms + reply.median_ms);
    // Per round: Offer and Reply were timed in the same rounds, so their medians pair up.
    let paired: Vec<(f64, f64)> = offer
        .per_round()
        .into_iter()
        .zip(reply.per_round())
        .filter_map(|(o, r)| Some((o?, r?)))
        .collect();
    let total_rounds = paired.iter().map(|(o, r)| 2.0 * o + r).collect();
    let cpu_rounds = paired.iter().map(|(o, r)| 2.0 * (o + r)).collect();
    let mut offer_op = common(Operation::timed(OFFER_OP, key.clone(), offer.clone()))
        .with_figure(figure::OPS_PER_SEC, offer.ops_per_sec());
    if let Some(t) = table {
        offer_op = offer_op
            .with_info(rinfo::TABLE_METHOD, t.method.clone())
            .with_info(rinfo::TABLE_BYTES, t.bytes)
            .with_info(rinfo::TABLE_BUILD_MS, t.build_ms);
    }
    if let Some(m) = kx.offer_method() {
        offer_op = offer_op.with_info(rinfo::OFFER_METHOD, m);
    }
    let mut reply_op = common(Operation::timed(REPLY_OP, key.clone(), reply.clone()))
        .with_figure(figure::OPS_PER_SEC, reply.ops_per_sec());
    if let Some(m) = kx.reply_method() {
        reply_op = reply_op.with_info(rinfo::REPLY_METHOD, m);
    }
    let mut ops = vec![
        offer_op,
        reply_op,
        common(Operation::derived(
            TOTAL_OP,
            key.clone(),
            figure::TOTAL_MS,
            total_ms,
        ))
        .with_rounds(total_rounds),
        common(Operation::derived(
            CPU_SUM_OP,
            key,
            figure::CPU_TOTAL_MS,
            cpu_total_ms,
        ))
        .with_rounds(cpu_rounds),
    ];
    // The Reply's extra work is in every figure made from it.
    if let Some(w) = kx.reply_extra_work() {
        for op in &mut ops[1..] {
            op.info.insert(rinfo::EXTRA_WORK.into(), w.into());
        }
    }
    ops
}

/// Offer and Reply of `twin` equal those of `own` on two secrets of the full size and, where
/// the group takes them, two of 128 bits (fixed seed: the same secrets every run).
///
/// # Errors
/// [`Error::Runtime`] naming the operation that differs.
fn same_results(own: &dyn KeyExchange, twin: &dyn KeyExchange) -> Result<()> {
    let info = own.info();
    let mut rng = ChaCha20Rng::seed_from_u64(0x5eed);
    let mut sizes = vec![info.full_exp_bits];
    if info.full_exp_bits > 128 && own.check_exp_bits(ExpBits::Bits(128)).is_ok() {
        sizes.push(128);
    }
    let code = |kx: &dyn KeyExchange| {
        let table = if kx.table().is_some() {
            "table"
        } else {
            "no table"
        };
        match kx.field_code() {
            Some(c) => format!("{c}, {table}"),
            None => table.to_string(),
        }
    };
    let differ = |what: &str| {
        Error::runtime(format!(
            "{}: {what} of the {} code differs from the {} code's",
            info.name,
            code(twin),
            code(own)
        ))
    };
    for bits in sizes {
        let (a, b) = (
            own.random_secret(bits, &mut rng),
            own.random_secret(bits, &mut rng),
        );
        let (pa, pb) = (own.offer(&a), own.offer(&b));
        if twin.offer(&a) != pa || twin.offer(&b) != pb {
            return Err(differ("Offer"));
        }
        if twin.reply(&a, &pb)? != own.reply(&a, &pb)? {
            return Err(differ("Reply"));
        }
    }
    Ok(())
}

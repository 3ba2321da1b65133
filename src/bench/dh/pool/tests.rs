use super::*;
use crate::bench::dh::{DhJob, with_pool};
use crate::bench::{Config, time_together};
use crate::kex::{GroupInfo, GroupOptions, TableInfo};
use crate::measure::{Clock, MeasureConfig};
use rand_core::SeedableRng;
use std::sync::Arc;
use std::time::Duration;

fn cfg(budget_secs: f64) -> MeasureConfig {
    MeasureConfig::with_budget_secs(budget_secs, Clock::Wall)
}

#[test]
fn pool_grows_for_a_fast_operation() {
    // gf2-155 Offer: ~0.75 µs, one entry (2 Offers + 3 Replies) ~17 µs, --time 1.
    let c = cfg(1.0);
    let batch = measure::batch_size(&c, 0.75e-6);
    assert_eq!(batch, 1334);
    let n = pool_size(POOL, 0.75e-6, 17e-6, &c);
    assert_eq!(n, 2048);
    assert!(n >= batch);
    // p256-like: Offer ~10 µs → batch 100, wanted ⌈125⌉ → 128.
    assert_eq!(pool_size(POOL, 10e-6, 200e-6, &c), 128);
    // The batch at the power of two: 1 ms / 1.25 µs = 800, ×1.25 = 1000 → 1024.
    assert_eq!(pool_size(POOL, 1.25e-6, 17e-6, &c), 1024);
}

#[test]
fn pool_stays_at_its_base_for_a_slow_operation() {
    let c = cfg(1.0);
    // modp-8192: one Offer takes milliseconds, batch 1.
    assert_eq!(pool_size(POOL, 5e-3, 0.2, &c), POOL);
    assert_eq!(pool_size(4, 5e-3, 0.2, &c), 4);
    // Batch 8 (Offer 0.15 ms): the base of 32 already covers it.
    assert_eq!(pool_size(POOL, 0.15e-3, 2e-3, &c), POOL);
    // A base of 0 still gives one entry.
    assert_eq!(pool_size(0, 5e-3, 0.2, &c), 1);
}

#[test]
fn pool_growth_is_capped_by_time_and_size() {
    // --time 0.05: 10 % is 5 ms, 17 µs per entry → 294 entries, not 2048.
    assert_eq!(pool_size(POOL, 0.75e-6, 17e-6, &cfg(0.05)), 294);
    // Never below the base, even when the base alone costs more than the share.
    assert_eq!(pool_size(POOL, 0.75e-6, 1e-3, &cfg(0.05)), POOL);
    // An absurdly fast operation and cheap entries: MAX_POOL.
    assert_eq!(pool_size(POOL, 1e-12, 1e-12, &cfg(1.0)), MAX_POOL);
    // A base asked for above MAX_POOL is kept.
    assert_eq!(pool_size(5000, 1e-9, 1e-9, &cfg(1.0)), 5000);
    // Nonsense estimates do not panic and keep the base.
    assert_eq!(pool_size(POOL, f64::NAN, f64::NAN, &cfg(1.0)), POOL);
    assert_eq!(pool_size(POOL, 0.75e-6, f64::INFINITY, &cfg(1.0)), POOL);
    assert_eq!(pool_size(POOL, 0.0, 17e-6, &cfg(1.0)), POOL);
}

fn x25519() -> Box<dyn KeyExchange> {
    crate::kex::open_named("x25519", &GroupOptions::default()).unwrap()
}

/// X25519 whose Reply returns a wrong value (one bit flipped) for one secret only.
struct WrongFor {
    inner: Box<dyn KeyExchange>,
    bad_secret: Vec<u8>,
}

impl KeyExchange for WrongFor {
    fn info(&self) -> &GroupInfo {
        self.inner.info()
    }
    fn table(&self) -> Option<&TableInfo> {
        self.inner.table()
    }
    fn implementation(&self) -> crate::implementation::Implementation {
        self.inner.implementation()
    }
    fn random_secret(&self, exp_bits: u32, rng: &mut ChaCha20Rng) -> Vec<u8> {
        self.inner.random_secret(exp_bits, rng)
    }
    fn check_secret(&self, secret: &[u8]) -> Result<()> {
        self.inner.check_secret(secret)
    }
    fn generator(&self) -> Vec<u8> {
        self.inner.generator()
    }
    fn shared_form(&self, public: &[u8]) -> Vec<u8> {
        self.inner.shared_form(public)
    }
    fn offer(&self, secret: &[u8]) -> Vec<u8> {
        self.inner.offer(secret)
    }
    fn reply(&self, secret: &[u8], peer: &[u8]) -> Result<Vec<u8>> {
        let mut s = self.inner.reply(secret, peer)?;
        if secret == self.bad_secret.as_slice() {
            s[0] ^= 1;
        }
        Ok(s)
    }
}

/// The pool of 200 entries from seed 7 and a group whose Reply is wrong for entry 100 only.
fn pool_and_wrong_at_100() -> (Pool, WrongFor, u32) {
    let kx = x25519();
    let bits = kx.info().full_exp_bits;
    let pool = make_pool(kx.as_ref(), bits, 200, &mut ChaCha20Rng::seed_from_u64(7)).unwrap();
    let bad = WrongFor {
        inner: kx,
        bad_secret: pool.secrets[100].clone(),
    };
    (pool, bad, bits)
}

#[test]
fn every_entry_is_checked_when_the_pool_is_made() {
    let (_, bad, bits) = pool_and_wrong_at_100();
    // The first 100 entries are fine: the wrapper is correct elsewhere.
    let first = make_pool(&bad, bits, 100, &mut ChaCha20Rng::seed_from_u64(7)).unwrap();
    assert_eq!(first.len(), 100);
    // Entry 100 of 200 is caught.
    let err = make_pool(&bad, bits, 200, &mut ChaCha20Rng::seed_from_u64(7))
        .expect_err("a wrong Reply at entry 100 must fail the pool");
    assert!(matches!(err, Error::Runtime(_)), "{err:?}");
    assert!(err.message().contains("self-check failed"), "{err:?}");
}

#[test]
fn every_entry_is_checked_after_timing() {
    let (pool, bad, _) = pool_and_wrong_at_100();
    // One operation per sample and 250 samples: the timed runs reach every entry of the 200,
    // whatever the speed of the machine.
    let cfg = MeasureConfig {
        budget: Duration::ZERO,
        warmup: Duration::ZERO,
        min_sample: Duration::ZERO,
        min_samples: 250,
        max_samples: 250,
        clock: Clock::Wall,
        ..MeasureConfig::default()
    };
    let cfg = Config {
        measure: cfg,
        seed: 7,
        quiet: true,
        discovery: Default::default(),
    };
    let job = |kx: Arc<dyn KeyExchange>| DhJob {
        exp_bits: kx.info().full_exp_bits,
        group: kx,
        pool_base: 200,
        imp: crate::bench::imp::Choice::Own,
        cache: crate::measure::CacheMode::Warm,
        offer_only: false,
    };
    let good = job(Arc::from(x25519()));
    let ops = time_together(vec![with_pool(good, pool.clone())], &cfg)
        .pop()
        .unwrap()
        .unwrap();
    let batches: Vec<usize> = ops[..2]
        .iter()
        .map(|o| o.stats.as_ref().unwrap().batch)
        .collect();
    assert_eq!(batches, [1, 1]);
    let err = time_together(vec![with_pool(job(Arc::new(bad)), pool)], &cfg)
        .pop()
        .unwrap()
        .expect_err("a wrong timed Reply at entry 100 must be caught");
    assert!(
        err.message()
            .contains("a timed Reply returned a wrong value"),
        "{err:?}"
    );
}

#[test]
fn same_seed_same_pool_whatever_its_size() {
    let kx = x25519();
    let bits = kx.info().full_exp_bits;
    let long = make_pool(kx.as_ref(), bits, 40, &mut ChaCha20Rng::seed_from_u64(3)).unwrap();
    let short = make_pool(kx.as_ref(), bits, 10, &mut ChaCha20Rng::seed_from_u64(3)).unwrap();
    assert_eq!(short.secrets[..], long.secrets[..10]);
    assert_eq!(short.peers[..], long.peers[..10]);
    // A sized pool is the same sequence (its length depends on the machine's speed).
    let sized = make_sized_pool(
        kx.as_ref(),
        bits,
        8,
        &cfg(0.01),
        &mut ChaCha20Rng::seed_from_u64(3),
    )
    .unwrap();
    assert!(sized.len() >= 8);
    let again = make_pool(
        kx.as_ref(),
        bits,
        sized.len(),
        &mut ChaCha20Rng::seed_from_u64(3),
    )
    .unwrap();
    assert_eq!(sized.secrets, again.secrets);
    assert_eq!(sized.shared, again.shared);
    assert_eq!(sized.uses_per_sample(sized.len()), 1);
    assert_eq!(sized.uses_per_sample(sized.len() + 1), 2);
}

#[test]
fn the_preparation_phase_reports_each_checked_entry() {
    let kx = x25519();
    let bits = kx.info().full_exp_bits;
    let mut ticks: Vec<(usize, usize)> = Vec::new();
    let pool = super::make_sized_pool_with(
        kx.as_ref(),
        bits,
        4,
        &cfg(0.01),
        &mut ChaCha20Rng::seed_from_u64(3),
        &mut |made, planned| ticks.push((made, planned)),
    )
    .unwrap();
    // One tick per base entry against the base, one when the size is decided, then one per
    // further entry against the final size; the last is (len, len).
    assert_eq!(ticks[..4], [(1, 4), (2, 4), (3, 4), (4, 4)]);
    assert_eq!(ticks[4], (4, pool.len()));
    assert_eq!(*ticks.last().unwrap(), (pool.len(), pool.len()));
    assert_eq!(ticks.len(), 5 + pool.len() - 4);
    assert!(ticks.windows(2).all(|w| w[0].0 <= w[1].0));
}

use super::*;
use crate::error::{Invalid, SettingError};
use crate::measure::{Clock, MeasureConfig, Stats};

#[test]
fn thread_counts() {
    assert_eq!(Threads::parse("all").unwrap(), Threads::All);
    assert_eq!(Threads::parse("ALL").unwrap(), Threads::All);
    assert_eq!(Threads::parse("2").unwrap(), Threads::Count(2));
    assert_eq!(Threads::parse("1024").unwrap(), Threads::Count(1024));
    for bad in ["0", "1025", "-1", "two", ""] {
        match Threads::parse(bad) {
            Err(Error::Invalid(Invalid::Setting(SettingError::Threads { value, max }))) => {
                assert_eq!((value.as_str(), max), (bad, MAX_THREADS));
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
}

/// A fake `/sys/devices/system/cpu`: 4 logical CPUs on 2 cores of one package, 0+2 and 1+3
/// sharing a core.
fn fake_sysfs(tag: &str) -> crate::testing::Scratch {
    let dir = crate::testing::scratch(&format!("threads-{tag}"));
    for (cpu, core, sib) in [(0, 0, "0,2"), (1, 1, "1,3"), (2, 0, "0,2"), (3, 1, "1,3")] {
        let t = dir.join(format!("cpu{cpu}/topology"));
        std::fs::create_dir_all(&t).unwrap();
        std::fs::write(t.join("physical_package_id"), "0").unwrap();
        std::fs::write(t.join("core_id"), core.to_string()).unwrap();
        std::fs::write(t.join("thread_siblings_list"), sib).unwrap();
    }
    dir
}

#[test]
fn placement_takes_separate_cores_first() {
    let root = fake_sysfs("place");
    let all = [0, 1, 2, 3];
    let two = place(Threads::Count(2), &all, &root).unwrap();
    assert_eq!(two.cpus, vec![0, 1]);
    assert_eq!(two.topology.relation(), "separate cores");
    let every = place(Threads::All, &all, &root).unwrap();
    assert_eq!(every.cpus, vec![0, 1, 2, 3]);
    assert_eq!(every.topology.smt_pairs, vec![(0, 2), (1, 3)]);
    // Only the siblings 0 and 2 allowed: they are the only choice.
    let sib = place(Threads::All, &[0, 2], &root).unwrap();
    assert_eq!(sib.topology.relation(), "SMT siblings: 0+2");
    // More threads than CPUs: the CPUs again, in the same order.
    let over = place(Threads::Count(5), &all, &root).unwrap();
    assert_eq!(over.cpus, vec![0, 1, 2, 3, 0]);
    assert_eq!(over.topology.cpus.len(), 4);
    assert_eq!(
        relation(&over),
        "5 threads share 4 CPUs, see the wall-clock rates; SMT siblings: 0+2, 1+3"
    );
    assert_eq!(relation(&two), "separate cores");
    assert!(place(Threads::Count(0), &all, &root).is_err());
    assert!(place(Threads::All, &[], &root).is_err());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn efficiency_from_paired_rounds() {
    // N = 2 threads at 1.9× one thread in every round, with some spread.
    let one: Vec<f64> = (0..20).map(|i| 1000.0 + f64::from(i % 5) * 10.0).collect();
    let many: Vec<f64> = one.iter().map(|r| 1.9 * r).collect();
    let r = Rates {
        one,
        many,
        ..Rates::default()
    };
    let s = r.speedup();
    assert!((s.estimate - 1.9).abs() < 1e-9, "{s:?}");
    let e = r.efficiency(2);
    assert!((e.estimate - 0.95).abs() < 1e-9, "{e:?}");
    assert!(e.lo <= 0.95 && 0.95 <= e.hi);
}

/// A job whose unit is `spins` steps of an LCG (pure CPU work, so that its rate per CPU
/// second is the same in any thread, on any load) and whose outputs are the inputs'
/// indices, wrong when `corrupt`.
struct Sleeper {
    spins: u64,
    outs: Vec<usize>,
    corrupt: bool,
}

impl Prepared for Sleeper {
    fn label(&self) -> String {
        "sleeper".into()
    }
    fn timed(&self) -> usize {
        1
    }
    fn run(&mut self, _k: usize, start: usize, n: usize) {
        for i in 0..n {
            let mut x = std::hint::black_box(1u64);
            for _ in 0..self.spins {
                x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1));
            }
            let e = start.wrapping_add(i) % self.outs.len();
            self.outs[e] = if self.corrupt { e + 1 } else { e };
        }
    }
    fn finish(self: Box<Self>, _stats: Vec<Stats>) -> Result<Vec<Operation>> {
        Ok(Vec::new())
    }
    fn units(&self) -> Vec<Unit> {
        vec![Unit {
            name: "nap".into(),
            steps: vec![(0, 1)],
            work: "one test unit".into(),
            figure: "ops_per_sec",
            per_unit: 1.0,
            params: crate::record::params([("command", "test".into())]),
            implementation: Implementation::own("sleep"),
        }]
    }
    fn verify(&self) -> Result<()> {
        if self.outs.iter().enumerate().all(|(i, &o)| o == i) {
            Ok(())
        } else {
            Err(Error::runtime("sleeper: wrong output"))
        }
    }
}

fn quick() -> Config {
    let mut measure = MeasureConfig::with_budget_secs(0.12, Clock::Wall);
    measure.rounds = 6;
    Config {
        measure,
        seed: 1,
        quiet: true,
        discovery: crate::peers::Discovery { enabled: false },
    }
}

#[test]
fn cpu_bound_units_scale_and_are_counted() {
    let placement = Placement {
        cpus: vec![0, 0],
        topology: topology::read(Path::new("/nonexistent"), &[0]),
    };
    let make = |_i: usize| -> Result<Box<dyn Prepared>> {
        Ok(Box::new(Sleeper {
            spins: 100_000,
            outs: (0..16).collect(),
            corrupt: false,
        }))
    };
    let ops = run_with("sleeper", &make, &quick(), &placement).unwrap();
    assert_eq!(ops.len(), 2);
    assert_eq!(ops[0].name, "nap throughput");
    assert_eq!(ops[0].params["threads"], 1);
    assert_eq!(ops[1].params["threads"], 2);
    assert_eq!(ops[0].rounds.len(), 6);
    // Each rate is the median of its rounds (no bound on the rate itself: that is the
    // machine's speed).
    for op in &ops {
        let mut r = op.rounds.clone();
        r.sort_by(f64::total_cmp);
        let median = (r[r.len() / 2 - 1] + r[r.len() / 2]) / 2.0;
        assert!(
            (op.figures["ops_per_sec"] / median - 1.0).abs() < 1e-9,
            "{op:?}"
        );
    }
    let r2 = ops[1].figures["ops_per_sec"];
    // Both threads share CPU 0: per CPU second each keeps its rate, per wall second they
    // share it. Other processes only lower the wall rate further.
    let wall = ops[1].info["wall_rate"].as_f64().unwrap();
    assert!(wall <= 1.3 * r2, "wall {wall} vs CPU {r2}");
    // The efficiency, from the rounds paired (1-thread and 2-thread rounds alternate), is
    // about 1 on the CPU clock: its interval meets [0.7, 1.2] (a count of units off by a
    // thread would put it near 0.5 or 2).
    let f = |k: &str| ops[1].figures[k];
    let (lo, eff, hi) = (f("efficiency_lo"), f("efficiency"), f("efficiency_hi"));
    assert!(lo <= eff && eff <= hi, "{lo} {eff} {hi}");
    assert!(lo < 1.2 && hi > 0.7, "efficiency {eff} [{lo}, {hi}]");
    assert!((ops[1].figures["speedup"] - 2.0 * eff).abs() < 1e-9);
    assert_eq!(ops[1].info["cpus"], serde_json::json!([0, 0]));
}

#[test]
fn a_wrong_output_in_any_thread_fails_the_run() {
    let placement = Placement {
        cpus: vec![0, 0],
        topology: topology::read(Path::new("/nonexistent"), &[0]),
    };
    let make = |i: usize| -> Result<Box<dyn Prepared>> {
        Ok(Box::new(Sleeper {
            spins: 1000,
            outs: (0..4).collect(),
            corrupt: i == 1,
        }))
    };
    let err = run_with("sleeper", &make, &quick(), &placement).unwrap_err();
    assert!(err.to_string().contains("wrong output"), "{err}");
}

#[test]
fn a_thread_that_cannot_prepare_stops_the_run() {
    let placement = Placement {
        cpus: vec![0, 0, 0],
        topology: topology::read(Path::new("/nonexistent"), &[0]),
    };
    let make = |i: usize| -> Result<Box<dyn Prepared>> {
        if i == 2 {
            Err(Error::runtime("no pool"))
        } else {
            Ok(Box::new(Sleeper {
                spins: 1000,
                outs: vec![0],
                corrupt: false,
            }))
        }
    };
    let err = run_with("sleeper", &make, &quick(), &placement).unwrap_err();
    assert_eq!(err.to_string(), "no pool");
}

#[test]
fn a_job_without_units_is_refused() {
    let cfg = quick();
    let job = super::super::Job::Des(super::super::des::DesJob::KeySetup);
    let placement = Placement {
        cpus: vec![0],
        topology: topology::read(Path::new("/nonexistent"), &[0]),
    };
    match run(&job, &cfg, &placement) {
        Err(Error::Invalid(Invalid::Setting(SettingError::ThreadsUnsupported { .. }))) => {}
        other => panic!("{other:?}"),
    }
}

/// A group that counts its Offers and Replies (and otherwise is the group it wraps).
struct Counted {
    inner: Box<dyn crate::kex::KeyExchange>,
    offers: std::sync::atomic::AtomicUsize,
    replies: std::sync::atomic::AtomicUsize,
}

impl Counted {
    fn counts(&self) -> (usize, usize) {
        use std::sync::atomic::Ordering::Relaxed;
        (self.offers.load(Relaxed), self.replies.load(Relaxed))
    }
}

impl crate::kex::KeyExchange for Counted {
    fn info(&self) -> &crate::kex::GroupInfo {
        self.inner.info()
    }
    fn table(&self) -> Option<&crate::kex::TableInfo> {
        self.inner.table()
    }
    fn implementation(&self) -> Implementation {
        self.inner.implementation()
    }
    fn random_secret(&self, exp_bits: u32, rng: &mut rand_chacha::ChaCha20Rng) -> Vec<u8> {
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
        self.offers
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.inner.offer(secret)
    }
    fn reply(&self, secret: &[u8], peer: &[u8]) -> Result<Vec<u8>> {
        self.replies
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.inner.reply(secret, peer)
    }
}

/// Issue 29 item 1: one unit of the thread section's exchange rate is both parties' work,
/// 2 Offers and 2 Replies, so a rate per CPU second is 1 / (CPU sum 2*Offer + 2*Reply).
/// Checked by counting the calls one unit makes, not by comparing the rate with the CPU sum
/// measured apart (two figures of their own, which a loaded machine moves apart).
#[test]
fn an_exchange_unit_is_two_offers_and_two_replies() {
    let file = crate::params::lookup("x25519").unwrap();
    let group = std::sync::Arc::new(Counted {
        inner: crate::kex::open(&file, &Default::default()).unwrap(),
        offers: Default::default(),
        replies: Default::default(),
    });
    let job = crate::bench::dh::DhJob::new(group.clone(), crate::kex::ExpBits::Full).unwrap();
    let mut prepared = prepare(&Job::Dh(job), &quick()).unwrap();
    let units = prepared.units();
    assert_eq!(units.len(), 1);
    assert_eq!(units[0].name, "Exchange");
    assert_eq!(
        units[0].work,
        "one exchange, both parties' work: 2*Offer + 2*Reply"
    );
    let before = group.counts();
    for &(k, n) in &units[0].steps {
        prepared.run(k, 0, n);
    }
    let after = group.counts();
    assert_eq!((after.0 - before.0, after.1 - before.1), (2, 2));
}

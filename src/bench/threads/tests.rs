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
fn fake_sysfs(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("pkbench-threads-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
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
    let r1 = ops[0].figures["ops_per_sec"];
    let r2 = ops[1].figures["ops_per_sec"];
    // 10^5 dependent multiply-adds: at least ~40 µs of CPU (1 per cycle at 2.5 GHz), at
    // most a few ms.
    assert!(r1 > 100.0 && r1 < 30_000.0, "{r1}");
    // Both threads share CPU 0: per CPU second each keeps its rate, per wall second they
    // share it.
    let wall = ops[1].info["wall_rate"].as_f64().unwrap();
    assert!(wall <= 1.3 * r2, "wall {wall} vs CPU {r2}");
    let eff = ops[1].figures["efficiency"];
    assert!(eff > 0.7 && eff < 1.2, "efficiency {eff}, rates {r1} {r2}");
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

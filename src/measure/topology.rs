//! Where logical CPUs sit: package, core and SMT siblings, from the Linux topology files
//! `ROOT/cpuN/topology/{physical_package_id,core_id,thread_siblings_list}` (ROOT is
//! `/sys/devices/system/cpu` on a live system; see the kernel's
//! `Documentation/admin-guide/cputopology.rst`). Two logical CPUs are SMT siblings (hardware
//! threads of one core) when they share package and core id, or when one lists the other
//! in its `thread_siblings_list`.

use serde::{Deserialize, Serialize};
use std::path::Path;

/// The root of the CPU topology files on a live Linux system.
pub const SYSFS_CPU_ROOT: &str = "/sys/devices/system/cpu";

/// One logical CPU's place, as its topology files say (`None` for a file missing or not
/// readable).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CpuPlace {
    /// The logical CPU number (N of `cpuN`).
    pub cpu: usize,
    /// `physical_package_id`: the socket.
    pub package: Option<i64>,
    /// `core_id`: the core within the package.
    pub core: Option<i64>,
    /// `thread_siblings_list`: the logical CPUs of the same core, this one included.
    pub siblings: Option<Vec<usize>>,
}

/// The places of a set of logical CPUs and whether any two of them are SMT siblings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Topology {
    /// Each CPU of the set, in the order given.
    pub cpus: Vec<CpuPlace>,
    /// The pairs of CPUs of the set that share a core, each pair once, smaller first.
    pub smt_pairs: Vec<(usize, usize)>,
    /// Whether every CPU's package and core were read (else `smt_pairs` may miss pairs).
    pub complete: bool,
}

impl Topology {
    /// How the set relates, for text: "one CPU", "separate cores", "SMT siblings: 0+2" (the
    /// pairs that share a core), "topology unknown" when the files were not all read and
    /// no pair was found.
    pub fn relation(&self) -> String {
        if !self.smt_pairs.is_empty() {
            let pairs: Vec<String> = self
                .smt_pairs
                .iter()
                .map(|(a, b)| format!("{a}+{b}"))
                .collect();
            format!("SMT siblings: {}", pairs.join(", "))
        } else if self.cpus.len() <= 1 {
            "one CPU".into()
        } else if self.complete {
            "separate cores".into()
        } else {
            "topology unknown".into()
        }
    }
}

/// Parses a kernel CPU list such as `0-3,8,10-11` (the format of `thread_siblings_list`
/// and of `/sys/devices/system/cpu/online`); `None` for anything else.
pub fn parse_cpu_list(text: &str) -> Option<Vec<usize>> {
    let mut out = Vec::new();
    for part in text.trim().split(',').filter(|p| !p.is_empty()) {
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (usize, usize) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
                if b < a || b - a > 1 << 16 {
                    return None;
                }
                out.extend(a..=b);
            }
            None => out.push(part.trim().parse().ok()?),
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Reads the places of `cpus` under `root` (a directory laid out as
/// `/sys/devices/system/cpu`) and finds the pairs among them that share a core.
pub fn read(root: &Path, cpus: &[usize]) -> Topology {
    let text = |cpu: usize, file: &str| {
        std::fs::read_to_string(root.join(format!("cpu{cpu}/topology/{file}")))
            .ok()
            .map(|s| s.trim().to_string())
    };
    let places: Vec<CpuPlace> = cpus
        .iter()
        .map(|&cpu| CpuPlace {
            cpu,
            package: text(cpu, "physical_package_id").and_then(|s| s.parse().ok()),
            core: text(cpu, "core_id").and_then(|s| s.parse().ok()),
            siblings: text(cpu, "thread_siblings_list").and_then(|s| parse_cpu_list(&s)),
        })
        .collect();
    let mut smt_pairs = Vec::new();
    for (i, a) in places.iter().enumerate() {
        for b in &places[i + 1..] {
            let same_core = a.package.is_some()
                && a.core.is_some()
                && (a.package, a.core) == (b.package, b.core);
            let listed = a.siblings.as_ref().is_some_and(|s| s.contains(&b.cpu))
                || b.siblings.as_ref().is_some_and(|s| s.contains(&a.cpu));
            if a.cpu != b.cpu && (same_core || listed) {
                smt_pairs.push((a.cpu.min(b.cpu), a.cpu.max(b.cpu)));
            }
        }
    }
    let complete = places
        .iter()
        .all(|p| p.package.is_some() && p.core.is_some());
    Topology {
        cpus: places,
        smt_pairs,
        complete,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake `/sys/devices/system/cpu` of 4 logical CPUs on 2 cores (0+2 and 1+3 share a
    /// core, as an SMT x86 numbers them), CPU 5 without topology files.
    fn fake_sysfs() -> crate::testing::Scratch {
        let dir = crate::testing::scratch("topology");
        for (cpu, core, sib) in [(0, 0, "0,2"), (1, 1, "1,3"), (2, 0, "0,2"), (3, 1, "1,3")] {
            let t = dir.join(format!("cpu{cpu}/topology"));
            std::fs::create_dir_all(&t).unwrap();
            std::fs::write(t.join("physical_package_id"), "0\n").unwrap();
            std::fs::write(t.join("core_id"), format!("{core}\n")).unwrap();
            std::fs::write(t.join("thread_siblings_list"), format!("{sib}\n")).unwrap();
        }
        std::fs::create_dir_all(dir.join("cpu5")).unwrap();
        dir
    }

    #[test]
    fn cpu_lists() {
        assert_eq!(
            parse_cpu_list("0-3,8,10-11\n"),
            Some(vec![0, 1, 2, 3, 8, 10, 11])
        );
        assert_eq!(parse_cpu_list("5"), Some(vec![5]));
        assert_eq!(parse_cpu_list(""), None);
        assert_eq!(parse_cpu_list("3-1"), None);
        assert_eq!(parse_cpu_list("a"), None);
    }

    #[test]
    fn siblings_and_separate_cores_in_a_fake_tree() {
        let root = fake_sysfs();
        let sep = read(&root, &[0, 1]);
        assert!(sep.complete);
        assert!(sep.smt_pairs.is_empty());
        assert_eq!(sep.relation(), "separate cores");
        assert_eq!(sep.cpus[1].core, Some(1));
        assert_eq!(sep.cpus[1].siblings, Some(vec![1, 3]));

        let all = read(&root, &[0, 1, 2, 3]);
        assert_eq!(all.smt_pairs, vec![(0, 2), (1, 3)]);
        assert_eq!(all.relation(), "SMT siblings: 0+2, 1+3");

        let missing = read(&root, &[0, 5]);
        assert!(!missing.complete);
        assert_eq!(missing.cpus[1].core, None);
        assert_eq!(missing.relation(), "topology unknown");
        // Siblings are still found from the list of the CPU that has one.
        assert_eq!(read(&root, &[2, 0, 5]).smt_pairs, vec![(0, 2)]);
        assert_eq!(read(&root, &[3]).relation(), "one CPU");
        std::fs::remove_dir_all(&root).unwrap();
    }
}

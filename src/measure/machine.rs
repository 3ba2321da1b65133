//! The machine a result was measured on: CPU model, cores, MHz, governor, kernel, CPU
//! features, host name (the build is [`super::build::Build`]). Linux values come from
//! `/proc/cpuinfo`, `/proc/sys/kernel/osrelease` and `/sys/devices/system/cpu`; anything
//! not shown there is "unknown".

use super::build::Build;
use serde::{Deserialize, Serialize};

/// A fingerprint of the machine.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Machine {
    /// CPU model name from `/proc/cpuinfo`.
    pub cpu_model: String,
    /// Logical cores available to this process.
    pub cores: usize,
    /// CPU MHz as reported by `/proc/cpuinfo` (first core), 0 when unknown.
    pub cpu_mhz: f64,
    /// Frequency governor of cpu0, or "unknown".
    pub governor: String,
    /// Turbo / boost state ("on", "off" or "unknown").
    pub turbo: String,
    /// CPU features relevant to pkbench that this CPU has (pclmulqdq, avx2, ...).
    pub cpu_features: Vec<String>,
    /// Kernel release.
    pub kernel: String,
    /// Operating system and architecture, e.g. "linux x86_64".
    pub os: String,
    /// Host name, or "unknown".
    pub hostname: String,
    /// CPU clock over the run: "cpu MHz" of `/proc/cpuinfo` averaged over all cores, sampled
    /// at the start and at the end of the run (what the kernel reports; on a VM this is
    /// often the nominal clock). `None` when not available or not sampled.
    #[serde(default)]
    pub mhz_over_run: Option<MhzOverRun>,
    /// CPU features the measured code actually used (e.g. "pclmulqdq" when the EC2N code
    /// took the carry-less-multiply path), filled in by the command.
    #[serde(default)]
    pub cpu_flags_used: Vec<String>,
    /// This machine's between-run noise as `pkbench noise` last measured it, when known:
    /// `compare` takes it as the floor of its threshold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub noise: Option<super::noise::Noise>,
    /// The 1-minute load average (`/proc/loadavg`, first field) when the record was made,
    /// pkbench's own running thread included: with other work on the CPUs wall-clock
    /// figures move with it ([`Machine::busy`]). `None` when not available.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load_average: Option<f64>,
}

/// The CPU clock sampled at the start and end of a run (see [`Machine::mhz_over_run`]).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct MhzOverRun {
    /// Mean "cpu MHz" over all cores at the start of the run.
    pub start_mhz: f64,
    /// Mean "cpu MHz" over all cores at the end of the run.
    pub end_mhz: f64,
    /// How the figures were obtained.
    pub method: String,
}

/// The 1-minute load average from the text of `/proc/loadavg` ("0.75 1.50 1.71 2/311
/// 4242"), `None` when it does not start with a number.
pub fn load_average_of(text: &str) -> Option<f64> {
    text.split_whitespace()
        .next()?
        .parse()
        .ok()
        .filter(|x: &f64| x.is_finite() && *x >= 0.0)
}

/// Mean of the "cpu MHz" lines of `/proc/cpuinfo` (one per logical core), `None` when the
/// file or the lines are missing.
pub fn mean_cpu_mhz() -> Option<f64> {
    mean_mhz_of(&read("/proc/cpuinfo")?)
}

fn mean_mhz_of(info: &str) -> Option<f64> {
    let v: Vec<f64> = info
        .lines()
        .filter(|l| l.split(':').next().is_some_and(|k| k.trim() == "cpu MHz"))
        .filter_map(|l| l.split_once(':')?.1.trim().parse().ok())
        .collect();
    (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
}

fn read(path: &str) -> Option<String> {
    std::fs::read_to_string(path)
        .ok()
        .map(|s| s.trim().to_string())
}

fn cpuinfo_field(info: &str, key: &str) -> Option<String> {
    info.lines()
        .find(|l| l.split(':').next().is_some_and(|k| k.trim() == key))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
}

/// The CPU features the GF(2^m) vector code (`vpclmulqdq+avx512`) needs besides AVX2 and
/// pclmulqdq, noted in [`Machine::cpu_flags_used`] when it ran (Rust's
/// `is_x86_feature_detected!` names).
pub const GF2M_VECTOR_FEATURES: [&str; 4] = ["vpclmulqdq", "avx512f", "avx512vl", "avx512vbmi2"];

/// Declares the list of CPU features pkbench reports and the function that detects them,
/// from one list of names (`is_x86_feature_detected!` wants each name as a literal).
macro_rules! reported_features {
    ($($name:tt),* $(,)?) => {
        /// CPU features pkbench reports in [`Machine::cpu_features`] where the CPU has them:
        /// those its code picks at run time (carry-less multiply, the AVX-512 subsets of the
        /// GF(2^m) vector code, AES-NI, SHA) and those bignum libraries use (BMI2, ADX).
        pub const REPORTED_CPU_FEATURES: &[&str] = &[$($name),*];

        /// CPU features pkbench cares about ([`REPORTED_CPU_FEATURES`]), detected at run time.
        pub fn cpu_features() -> Vec<String> {
            #[allow(unused_mut)]
            let mut v: Vec<String> = Vec::new();
            #[cfg(target_arch = "x86_64")]
            {
                $( if std::is_x86_feature_detected!($name) { v.push($name.to_string()); } )*
            }
            v
        }
    };
}

reported_features!(
    "pclmulqdq",
    "vpclmulqdq",
    "avx",
    "avx2",
    "bmi2",
    "adx",
    "avx512f",
    "avx512vl",
    "avx512vbmi2",
    "aes",
    "sha",
);

impl Machine {
    /// Reads the fingerprint of this machine.
    pub fn detect() -> Machine {
        let info = read("/proc/cpuinfo").unwrap_or_default();
        let turbo = match read("/sys/devices/system/cpu/intel_pstate/no_turbo").as_deref() {
            Some("1") => "off".to_string(),
            Some("0") => "on".to_string(),
            _ => match read("/sys/devices/system/cpu/cpufreq/boost").as_deref() {
                Some("1") => "on".to_string(),
                Some("0") => "off".to_string(),
                _ => "unknown".to_string(),
            },
        };
        Machine {
            cpu_model: cpuinfo_field(&info, "model name").unwrap_or_else(|| "unknown".into()),
            cores: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1),
            cpu_mhz: cpuinfo_field(&info, "cpu MHz")
                .and_then(|s| s.parse().ok())
                .unwrap_or(0.0),
            governor: read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")
                .unwrap_or_else(|| "unknown".into()),
            turbo,
            cpu_features: cpu_features(),
            kernel: read("/proc/sys/kernel/osrelease").unwrap_or_else(|| "unknown".into()),
            os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
            hostname: read("/proc/sys/kernel/hostname").unwrap_or_else(|| "unknown".into()),
            mhz_over_run: None,
            cpu_flags_used: Vec::new(),
            noise: None,
            load_average: read("/proc/loadavg").and_then(|t| load_average_of(&t)),
        }
    }

    /// "load average 7.2 on 2 CPUs" when other work shared the CPUs: a 1-minute load
    /// average at least half the core count above pkbench's own 1. `None` on a quiet
    /// machine or when the load is unknown.
    pub fn busy(&self) -> Option<String> {
        let load = self.load_average?;
        (load - 1.0 >= 0.5 * self.cores as f64).then(|| {
            format!(
                "load average {load:.1} on {} CPU{}",
                self.cores,
                if self.cores == 1 { "" } else { "s" }
            )
        })
    }

    /// Records the CPU MHz over a run that started with `start_mhz` (see
    /// [`Machine::mhz_over_run`]); the end is sampled now.
    pub fn set_mhz_over_run(&mut self, start_mhz: Option<f64>) {
        if let (Some(start_mhz), Some(end_mhz)) = (start_mhz, mean_cpu_mhz()) {
            self.mhz_over_run = Some(MhzOverRun {
                start_mhz,
                end_mhz,
                method: "/proc/cpuinfo \"cpu MHz\", mean over all cores, sampled at start and end of the run".into(),
            });
        }
    }

    /// Notes that the measured code used CPU feature `flag` (kept sorted, no duplicates).
    pub fn note_flag_used(&mut self, flag: &str) {
        if !self.cpu_flags_used.iter().any(|f| f == flag) {
            self.cpu_flags_used.push(flag.to_string());
            self.cpu_flags_used.sort();
        }
    }

    /// One line for a report header: CPU, cores, MHz, then `build`'s rustc, profile, pkbench
    /// version and commit.
    pub fn summary(&self, build: &Build) -> String {
        let mhz = if self.cpu_mhz > 0.0 {
            format!(" @ {:.0} MHz", self.cpu_mhz)
        } else {
            String::new()
        };
        format!(
            "{} ({} cores{mhz}), {}, {} build, pkbench {} ({})",
            self.cpu_model,
            self.cores,
            build.rustc,
            build.profile,
            build.pkbench_version,
            build.git_commit
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn load_average_and_busy() {
        assert_eq!(load_average_of("0.75 1.50 1.71 2/311 4242\n"), Some(0.75));
        assert_eq!(load_average_of("7.24 6.82 6.00 9/400 1"), Some(7.24));
        assert_eq!(load_average_of(""), None);
        assert_eq!(load_average_of("x 1 2"), None);
        let mut m = Machine::detect();
        m.cores = 2;
        m.load_average = Some(1.2);
        assert_eq!(m.busy(), None, "pkbench's own thread alone");
        m.load_average = Some(7.24);
        assert_eq!(m.busy().as_deref(), Some("load average 7.2 on 2 CPUs"));
        m.load_average = None;
        assert_eq!(m.busy(), None);
    }

    #[test]
    fn detect_fills_every_field() {
        let m = Machine::detect();
        assert!(m.cores >= 1);
        assert!(!m.cpu_model.is_empty());
        let b = Build::detect(Vec::new(), String::new());
        let line = m.summary(&b);
        assert!(line.contains(&m.cpu_model), "{line}");
        assert!(line.contains(&b.git_commit), "{line}");
    }

    #[test]
    fn reported_features_agree_with_proc_cpuinfo() {
        // Every feature the GF(2^m) code needs is reported where the CPU has it.
        for f in GF2M_VECTOR_FEATURES.iter().chain(&["pclmulqdq", "avx2"]) {
            assert!(REPORTED_CPU_FEATURES.contains(f), "{f} is not reported");
        }
        // Linux's names for the same flags, where they differ from Rust's.
        let linux = |f: &str| {
            match f {
                "avx512vbmi2" => "avx512_vbmi2",
                "sha" => "sha_ni",
                other => other,
            }
            .to_string()
        };
        let Some(info) = read("/proc/cpuinfo") else {
            // Not Linux: nothing to compare with.
            return crate::testing::skip("no /proc/cpuinfo here: features not compared");
        };
        let flags: Vec<String> = cpuinfo_field(&info, "flags")
            .unwrap_or_default()
            .split_whitespace()
            .map(str::to_string)
            .collect();
        if cfg!(target_arch = "x86_64") && !flags.is_empty() {
            let got = cpu_features();
            for f in REPORTED_CPU_FEATURES {
                assert_eq!(
                    got.iter().any(|g| g == f),
                    flags.contains(&linux(f)),
                    "{f}: cpu_features() {got:?} disagrees with /proc/cpuinfo"
                );
            }
        } else {
            crate::testing::skip("not x86_64 or no flags in /proc/cpuinfo: features not compared");
        }
    }

    #[test]
    fn cpuinfo_parsing() {
        let info = "processor\t: 0\nmodel name\t: Test CPU @ 3.00GHz\ncpu MHz\t\t: 2999.998\n";
        assert_eq!(
            cpuinfo_field(info, "model name").unwrap(),
            "Test CPU @ 3.00GHz"
        );
        assert_eq!(cpuinfo_field(info, "cpu MHz").unwrap(), "2999.998");
        assert_eq!(cpuinfo_field(info, "flags"), None);
        let two = "cpu MHz\t: 1000.0\nprocessor: 1\ncpu MHz\t: 3000.0\n";
        assert_eq!(mean_mhz_of(two), Some(2000.0));
        assert_eq!(mean_mhz_of(info), Some(2999.998));
        assert_eq!(mean_mhz_of("model name: x\n"), None);
    }

    #[test]
    fn flags_used_and_mhz_over_run() {
        let mut m = Machine::detect();
        m.note_flag_used("pclmulqdq");
        m.note_flag_used("avx2");
        m.note_flag_used("pclmulqdq");
        assert_eq!(m.cpu_flags_used, vec!["avx2", "pclmulqdq"]);
        m.set_mhz_over_run(Some(1.0));
        if let Some(r) = &m.mhz_over_run {
            assert_eq!(r.start_mhz, 1.0);
            assert!(r.end_mhz > 0.0);
        } else {
            crate::testing::skip("no CPU MHz in /proc/cpuinfo here: mhz_over_run not tested");
        }
    }
}

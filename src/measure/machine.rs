//! The machine and build a result was measured on: CPU model, cores, MHz, kernel, rustc,
//! profile, CPU features, pkbench version and git commit. Linux values come from
//! `/proc/cpuinfo`, `/proc/sys/kernel/osrelease` and `/sys/devices/system/cpu`; anything
//! not shown there is "unknown".

use serde::{Deserialize, Serialize};

/// A fingerprint of the machine and build.
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
    /// rustc that built this binary.
    pub rustc: String,
    /// Cargo profile ("release" or "debug").
    pub profile: String,
    /// Target features enabled at compile time (relevant ones).
    pub target_features: Vec<String>,
    /// pkbench version.
    pub pkbench_version: String,
    /// git commit of the build (`-dirty` when the tree had changes), or "unknown".
    pub git_commit: String,
    /// Host name, or "unknown".
    pub hostname: String,
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

/// CPU features pkbench cares about, detected at run time.
pub fn cpu_features() -> Vec<String> {
    #[allow(unused_mut)]
    let mut v: Vec<String> = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        macro_rules! f {
            ($($name:tt),*) => { $( if std::is_x86_feature_detected!($name) { v.push($name.to_string()); } )* };
        }
        f!(
            "pclmulqdq",
            "vpclmulqdq",
            "avx",
            "avx2",
            "bmi2",
            "adx",
            "avx512f",
            "aes",
            "sha"
        );
    }
    v
}

fn target_features() -> Vec<String> {
    let mut v = Vec::new();
    if cfg!(target_feature = "sse2") {
        v.push("sse2".to_string());
    }
    if cfg!(target_feature = "pclmulqdq") {
        v.push("pclmulqdq".to_string());
    }
    if cfg!(target_feature = "avx2") {
        v.push("avx2".to_string());
    }
    if cfg!(target_feature = "bmi2") {
        v.push("bmi2".to_string());
    }
    v
}

impl Machine {
    /// Reads the fingerprint of this machine and build.
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
            rustc: env!("PKBENCH_RUSTC_VERSION").to_string(),
            profile: env!("PKBENCH_PROFILE").to_string(),
            target_features: target_features(),
            pkbench_version: env!("CARGO_PKG_VERSION").to_string(),
            git_commit: env!("PKBENCH_GIT_COMMIT").to_string(),
            hostname: read("/proc/sys/kernel/hostname").unwrap_or_else(|| "unknown".into()),
        }
    }

    /// One line for a report header: CPU, cores, MHz, rustc, profile.
    pub fn summary(&self) -> String {
        let mhz = if self.cpu_mhz > 0.0 {
            format!(" @ {:.0} MHz", self.cpu_mhz)
        } else {
            String::new()
        };
        format!(
            "{} ({} cores{mhz}), {}, {} build, pkbench {} ({})",
            self.cpu_model,
            self.cores,
            self.rustc,
            self.profile,
            self.pkbench_version,
            self.git_commit
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detect_fills_every_field() {
        let m = Machine::detect();
        assert!(m.cores >= 1);
        assert!(
            m.rustc.starts_with("rustc") || m.rustc == "unknown",
            "{}",
            m.rustc
        );
        assert_eq!(m.pkbench_version, env!("CARGO_PKG_VERSION"));
        assert!(!m.cpu_model.is_empty());
        assert!(m.summary().contains(&m.cpu_model));
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
    }
}

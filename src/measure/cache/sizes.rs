//! The machine's cache sizes, read from the Linux sysfs tree
//! `/sys/devices/system/cpu/cpu0/cache/index*/{level,type,size}` (kernel documentation
//! `Documentation/ABI/testing/sysfs-devices-system-cpu`, "cache/index*"). The reader takes the
//! root directory as a parameter, so that tests run it on a fake tree.

use serde::Serialize;
use std::io::Read;
use std::path::Path;

/// Where Linux describes CPU 0's caches.
pub const SYS_CACHE_ROOT: &str = "/sys/devices/system/cpu/cpu0/cache";

/// One cache of CPU 0.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CacheLevel {
    /// Level: 1, 2, 3, …
    pub level: u32,
    /// `Data`, `Instruction` or `Unified`, as the kernel writes it.
    pub kind: String,
    /// Size in bytes (the kernel writes `48K`, `2048K`, `300M`).
    pub bytes: usize,
}

impl CacheLevel {
    /// "L1d", "L1i" or "L2" (a unified cache has no suffix).
    pub fn name(&self) -> String {
        let suffix = match self.kind.as_str() {
            "Data" => "d",
            "Instruction" => "i",
            _ => "",
        };
        format!("L{}{suffix}", self.level)
    }
}

/// CPU 0's caches, lowest level first (data before instruction within a level).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CacheSizes {
    /// Every cache described under the root, in order.
    pub levels: Vec<CacheLevel>,
}

impl CacheSizes {
    /// Reads every `index*` directory under `root` (e.g. [`SYS_CACHE_ROOT`]). An entry whose
    /// `level`, `type` or `size` is missing or unreadable is left out; a missing root gives
    /// no levels.
    pub fn read(root: &Path) -> CacheSizes {
        let mut levels = Vec::new();
        let Ok(dir) = std::fs::read_dir(root) else {
            return CacheSizes::default();
        };
        for entry in dir.flatten() {
            let name = entry.file_name();
            if !name.to_string_lossy().starts_with("index") {
                continue;
            }
            // sysfs attributes report a size of 4096 whatever they hold: read at most 64 bytes.
            let read = |f: &str| {
                let mut s = String::new();
                std::fs::File::open(entry.path().join(f))
                    .and_then(|file| file.take(64).read_to_string(&mut s))
                    .ok()
                    .map(|_| s.trim().to_string())
            };
            let level = read("level").and_then(|s| s.parse::<u32>().ok());
            let kind = read("type");
            let bytes = read("size").and_then(|s| parse_size(&s));
            if let (Some(level), Some(kind), Some(bytes)) = (level, kind, bytes) {
                levels.push(CacheLevel { level, kind, bytes });
            }
        }
        let rank = |k: &str| match k {
            "Data" => 0,
            "Instruction" => 1,
            _ => 2,
        };
        levels.sort_by_key(|a| (a.level, rank(&a.kind)));
        CacheSizes { levels }
    }

    /// This machine's caches ([`SYS_CACHE_ROOT`]); empty where Linux does not describe them.
    pub fn detect() -> CacheSizes {
        CacheSizes::read(Path::new(SYS_CACHE_ROOT))
    }

    /// The last-level cache: the highest level holding data (data or unified).
    pub fn last_level(&self) -> Option<&CacheLevel> {
        self.levels
            .iter()
            .filter(|c| c.kind != "Instruction")
            .max_by_key(|c| c.level)
    }

    /// One line, e.g. "L1d 48 KiB, L1i 32 KiB, L2 2 MiB, L3 300 MiB" ("unknown" when empty).
    pub fn describe(&self) -> String {
        if self.levels.is_empty() {
            return "unknown".into();
        }
        self.levels
            .iter()
            .map(|c| format!("{} {}", c.name(), size_text(c.bytes)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A cache size in the largest binary unit that divides it: "48 KiB", "2 MiB", "100 B".
pub fn size_text(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} B"),
    }
}

/// Parses a sysfs cache size: a decimal number with an optional `K`, `M` or `G` suffix
/// (powers of 1024), e.g. `48K` → 49152. `None` for anything else.
pub fn parse_size(s: &str) -> Option<usize> {
    let s = s.trim();
    let (digits, mult) = match s.as_bytes().last()? {
        b'K' | b'k' => (&s[..s.len() - 1], 1usize << 10),
        b'M' | b'm' => (&s[..s.len() - 1], 1 << 20),
        b'G' | b'g' => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    digits.parse::<usize>().ok()?.checked_mul(mult)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fake_tree(entries: &[(&str, &str, &str, &str)]) -> crate::testing::Scratch {
        let d = crate::testing::scratch("cache-tree");
        for (index, level, kind, size) in entries {
            let p = d.path().join(index);
            std::fs::create_dir_all(&p).unwrap();
            std::fs::write(p.join("level"), format!("{level}\n")).unwrap();
            std::fs::write(p.join("type"), format!("{kind}\n")).unwrap();
            std::fs::write(p.join("size"), format!("{size}\n")).unwrap();
        }
        d
    }

    #[test]
    fn sizes_parse_with_suffixes() {
        assert_eq!(parse_size("48K"), Some(49152));
        assert_eq!(parse_size("2048K"), Some(2 << 20));
        assert_eq!(parse_size("300M"), Some(300 << 20));
        assert_eq!(parse_size("1G"), Some(1 << 30));
        assert_eq!(parse_size("512"), Some(512));
        assert_eq!(parse_size("K"), None);
        assert_eq!(parse_size("12Q"), None);
        assert_eq!(parse_size(""), None);
    }

    #[test]
    fn a_fake_tree_reads_in_level_order() {
        let d = fake_tree(&[
            ("index3", "3", "Unified", "307200K"),
            ("index1", "1", "Instruction", "32K"),
            ("index0", "1", "Data", "48K"),
            ("index2", "2", "Unified", "2048K"),
        ]);
        // A broken entry (no size) and a file that is no index are left out.
        std::fs::create_dir_all(d.path().join("index4")).unwrap();
        std::fs::write(d.path().join("index4/level"), "4\n").unwrap();
        std::fs::write(d.path().join("uevent"), "").unwrap();
        let c = CacheSizes::read(d.path());
        assert_eq!(
            c.levels
                .iter()
                .map(|l| (l.name(), l.bytes))
                .collect::<Vec<_>>(),
            vec![
                ("L1d".to_string(), 48 << 10),
                ("L1i".to_string(), 32 << 10),
                ("L2".to_string(), 2 << 20),
                ("L3".to_string(), 300 << 20),
            ]
        );
        assert_eq!(c.last_level().unwrap().bytes, 300 << 20);
        assert_eq!(c.describe(), "L1d 48 KiB, L1i 32 KiB, L2 2 MiB, L3 300 MiB");
    }

    #[test]
    fn a_missing_tree_is_empty() {
        let c = CacheSizes::read(Path::new("/nonexistent/pkbench/cache"));
        assert!(c.levels.is_empty());
        assert_eq!(c.last_level(), None);
        assert_eq!(c.describe(), "unknown");
    }

    #[test]
    fn last_level_skips_instruction_caches() {
        let d = fake_tree(&[
            ("index0", "1", "Data", "32K"),
            ("index1", "2", "Instruction", "1M"),
        ]);
        assert_eq!(
            CacheSizes::read(d.path()).last_level().unwrap().name(),
            "L1d"
        );
    }
}

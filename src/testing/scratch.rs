// Scratch directories for tests. One source for the unit tests (`crate::testing`,
// `src/testing.rs`) and the integration tests (`tests/common`), each of which includes this
// file with `include!`; so it holds items only, with full paths.

/// A fresh, empty directory under the system's temporary directory, removed with everything
/// in it when dropped (also when the test fails and unwinds). Used as a `&Path`
/// (`dir.join("r.json")`).
#[derive(Debug)]
pub struct Scratch(std::path::PathBuf);

/// A new [`Scratch`] named `pkbench-<tag>-<pid>-<n>` (`n` counts the scratch directories of
/// this process, so two tests with one tag never share one).
pub fn scratch(tag: &str) -> Scratch {
    static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("pkbench-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d)
        .unwrap_or_else(|e| panic!("scratch directory {}: {e}", d.display()));
    Scratch(d)
}

impl Scratch {
    /// The directory's path.
    pub fn path(&self) -> &std::path::Path {
        &self.0
    }
}

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

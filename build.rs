//! Records the build for result fingerprints: rustc version, git commit, profile.
use std::process::Command;

#[path = "build/git.rs"]
mod git;

fn run(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = run(&rustc, &["--version"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=PKBENCH_RUSTC_VERSION={version}");
    let dir = std::path::PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| ".".into()),
    );
    let git = git::describe(&dir);
    println!("cargo:rustc-env=PKBENCH_GIT_COMMIT={}", git.commit);
    for p in &git.watch {
        println!("cargo:rerun-if-changed={}", p.display());
    }
    println!(
        "cargo:rustc-env=PKBENCH_PROFILE={}",
        std::env::var("PROFILE").unwrap_or_default()
    );
    println!(
        "cargo:rustc-env=PKBENCH_TARGET={}",
        std::env::var("TARGET").unwrap_or_default()
    );
    println!(
        "cargo:rustc-env=PKBENCH_RUSTFLAGS={}",
        std::env::var("CARGO_ENCODED_RUSTFLAGS")
            .unwrap_or_default()
            .replace('\x1f', " ")
    );
    println!("cargo:rustc-env=PKBENCH_BACKENDS={}", backends());
    println!(
        "cargo:rustc-env=PKBENCH_CRATE_VERSIONS={}",
        crate_versions()
    );
    if let Some(build) = gmp_build() {
        println!("cargo:rustc-env=PKBENCH_GMP_BUILD={build}");
    }
    // Cargo.lock and build.rs are among git::SOURCES, watched above.
}

/// pkbench's direct dependencies as `name=version`, joined by ';', from Cargo.lock: the
/// `dependencies` of the `pkbench` package, each `name` or `name version` (Cargo adds the
/// version when two versions of a crate are locked), resolved against the packages.
fn crate_versions() -> String {
    let lock = std::fs::read_to_string("Cargo.lock").unwrap_or_default();
    let packages: Vec<&str> = lock.split("[[package]]").collect();
    let key = |pkg: &str, k: &str| -> Option<String> {
        pkg.lines()
            .find_map(|l| l.trim().strip_prefix(&format!("{k} = ")))
            .map(|v| v.trim_matches('"').to_string())
    };
    let versions_of = |name: &str| -> Vec<String> {
        packages
            .iter()
            .filter(|p| key(p, "name").as_deref() == Some(name))
            .filter_map(|p| key(p, "version"))
            .collect()
    };
    let Some(own) = packages
        .iter()
        .find(|p| key(p, "name").as_deref() == Some("pkbench"))
    else {
        return String::new();
    };
    let deps = own
        .split_once("dependencies = [")
        .map_or("", |(_, rest)| rest.split(']').next().unwrap_or(""));
    deps.lines()
        .map(|l| l.trim().trim_end_matches(',').trim_matches('"'))
        .filter(|l| !l.is_empty())
        .filter_map(|dep| {
            let mut words = dep.split_whitespace();
            let name = words.next()?;
            let version = match words.next() {
                Some(v) => v.to_string(),
                None => versions_of(name).into_iter().next()?,
            };
            Some(format!("{name}={version}"))
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// Bignum backends built in, with versions from Cargo.lock: "num-bigint X" always, and
/// "rug X, gmp-mpfr-sys Y" with the `gmp` feature. Joined by ';'.
fn backends() -> String {
    let lock = std::fs::read_to_string("Cargo.lock").unwrap_or_default();
    let lines: Vec<&str> = lock.lines().map(str::trim).collect();
    let version = |name: &str| -> String {
        let want = format!("name = \"{name}\"");
        lines
            .windows(2)
            .find(|w| w[0] == want)
            .and_then(|w| w[1].strip_prefix("version = "))
            .map_or_else(
                || "unknown".to_string(),
                |v| v.trim_matches('"').to_string(),
            )
    };
    let mut v = vec![format!("num-bigint {}", version("num-bigint"))];
    if std::env::var_os("CARGO_FEATURE_GMP").is_some() {
        v.push(format!(
            "rug {}, gmp-mpfr-sys {}",
            version("rug"),
            version("gmp-mpfr-sys")
        ));
    }
    v.join(";")
}

/// How the linked GMP was configured, from `__GMP_CFLAGS` in the gmp.h that gmp-mpfr-sys
/// exports (`DEP_GMP_INCLUDE_DIR`, `gmp` feature only): "fat" for its portable build (no
/// -march: code picked at run time from GMP's table of CPU models), or the -march/-mtune
/// flags of a build for one CPU (scripts/gmp-native.sh), e.g. "-mtune=skylake -march=broadwell".
fn gmp_build() -> Option<String> {
    let dir = std::env::var_os("DEP_GMP_INCLUDE_DIR")?;
    let header = std::path::Path::new(&dir).join("gmp.h");
    println!("cargo:rerun-if-env-changed=DEP_GMP_INCLUDE_DIR");
    println!("cargo:rerun-if-changed={}", header.display());
    let text = std::fs::read_to_string(&header).ok()?;
    let cflags = text
        .lines()
        .find_map(|l| l.strip_prefix("#define __GMP_CFLAGS "))?
        .trim()
        .trim_matches('"');
    let cpu: Vec<&str> = cflags
        .split_whitespace()
        .filter(|f| f.starts_with("-march=") || f.starts_with("-mtune="))
        .collect();
    Some(if cpu.is_empty() {
        "fat".to_string()
    } else {
        cpu.join(" ")
    })
}

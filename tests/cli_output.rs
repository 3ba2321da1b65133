//! `--output FILE` on the timing commands: refused up front when the file exists (without
//! `--force`) or its directory is missing, and a saved record has the versioned schema.

mod common;

use common::pkbench;

fn scratch(name: &str) -> common::Scratch {
    common::scratch(&format!("out-{name}"))
}

#[test]
fn existing_file_is_not_overwritten() {
    let d = scratch("exists");
    let p = d.join("r.json");
    std::fs::write(&p, "keep").unwrap();
    let ps = p.to_str().unwrap();
    let (code, out, err) = pkbench(&["dh", "--field", "gf2-155", "--output", ps]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(err.starts_with("pkbench: error: --output"), "{err}");
    assert!(err.contains("--force"), "{err}");
    assert_eq!(err.lines().count(), 1);
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "keep");
    let missing = d.join("no/such/r.json");
    let (code, _, err) = pkbench(&["dh", "--output", missing.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("does not exist"), "{err}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn force_needs_output() {
    let (code, _, err) = pkbench(&["dh", "--force"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--output"), "{err}");
}

#[test]
fn raw_samples_are_written_once() {
    let (code, out, err) = pkbench(&["dh", "--field", "x25519", "--time", "0.02", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // The record alone: Offer's and Reply's raw samples in the operations (seconds), and no
    // summary copies beside them (schema 3).
    assert_eq!(v["schema"], pkbench::record::SCHEMA);
    assert_eq!(out.matches("\"raw_s\"").count(), 2, "{out}");
    assert!(!out.contains("\"raw_ms\""), "{out}");
    for key in ["offer", "reply", "total_ms", "table_info", "pool"] {
        assert!(v.get(key).is_none(), "{key} beside the record: {out}");
    }
    // The summary, computed on reading, gives the same figures in milliseconds.
    let summary = common::summary_of("dh --json", &out);
    for (op, key) in [(0, "offer"), (1, "reply")] {
        let st = &v["operations"][op]["stats"];
        assert_eq!(st["raw_s"].as_array().unwrap().len(), st["samples"]);
        let (ms, s) = (
            summary[key]["median_ms"].as_f64().unwrap(),
            st["median_s"].as_f64().unwrap(),
        );
        assert!((ms - s * 1e3).abs() <= 1e-12 * ms, "{ms} ms, {s} s");
        assert!(summary[key].get("raw_ms").is_none() && summary[key].get("raw_s").is_none());
    }
}

fn one_error_line(code: i32, out: &str, err: &str, starts: &str) {
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.starts_with(starts), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[cfg(target_os = "linux")]
#[test]
fn unwritable_output_is_bad_input() {
    // Refused before any timing, exit 2, saying what to do.
    let (code, out, err) = pkbench(&["dh", "--field", "x25519", "--output", "/proc/x.json"]);
    one_error_line(code, &out, &err, "pkbench: error: --output /proc/x.json: ");
    assert!(err.contains("a directory you can write to"), "{err}");
    let (code, out, err) = pkbench(&["suite", "--quick", "--output", "/proc"]);
    one_error_line(code, &out, &err, "pkbench: error: --output /proc: ");
    let (code, out, err) = pkbench(&["suite", "--quick", "--output", "/proc/sub"]);
    one_error_line(code, &out, &err, "pkbench: error: --output /proc/sub: ");

    // plot's option is --output too; --out, its former name, is an alias of it.
    let d = scratch("plot-out");
    let rec = d.join("r.json");
    let r = pkbench::record::ResultRecord::new("dh", "wall", pkbench::measure::Machine::detect());
    std::fs::write(&rec, r.to_json().unwrap()).unwrap();
    for opt in ["--output", "--out"] {
        let (code, out, err) = pkbench(&["plot", rec.to_str().unwrap(), opt, "/proc/x.svg"]);
        one_error_line(code, &out, &err, "pkbench: error: --output /proc/x.svg: ");
        let missing = d.join("no/x.svg");
        let (code, out, err) = pkbench(&[
            "plot",
            rec.to_str().unwrap(),
            opt,
            missing.to_str().unwrap(),
        ]);
        one_error_line(code, &out, &err, "pkbench: error: --output ");
        assert!(err.contains("does not exist"), "{err}");
    }
    // --help names --output and shows the alias.
    let (code, help, _) = pkbench(&["plot", "--help"]);
    assert_eq!(code, 0);
    assert!(help.contains("--output <FILE.svg>"), "{help}");
    assert!(help.contains("[alias: --out]"), "{help}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn suite_output_file_needs_force() {
    let d = scratch("suite-file");
    let p = d.join("base.json");
    std::fs::write(&p, "keep").unwrap();
    let (code, out, err) = pkbench(&["suite", "--quick", "--output", p.to_str().unwrap()]);
    one_error_line(code, &out, &err, "pkbench: error: --output ");
    assert!(err.contains("add --force"), "{err}");
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "keep");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn suite_records_made_in_the_same_second_get_distinct_names() {
    use pkbench::cli::suite::save_unique;
    let d = scratch("suite-names");
    let mut r =
        pkbench::record::ResultRecord::new("suite", "wall", pkbench::measure::Machine::detect());
    r.started_utc = "2026-11-30T10:45:12Z".into();
    r.machine.hostname = "host".into();
    let names: Vec<String> = (0..3)
        .map(|_| {
            let p = save_unique(&d, &r, true).unwrap();
            p.file_name().unwrap().to_string_lossy().into_owned()
        })
        .collect();
    assert_eq!(
        names,
        [
            "2026-11-30T104512Z-host-quick.json",
            "2026-11-30T104512Z-host-quick-2.json",
            "2026-11-30T104512Z-host-quick-3.json"
        ]
    );
    for n in &names {
        let back = pkbench::record::ResultRecord::read(&d.join(n)).unwrap();
        assert_eq!(back.started_utc, r.started_utc);
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn suite_missing_output_directory_is_refused_before_the_run() {
    let d = scratch("suite-nodir");
    let missing = d.join("no/such/dir");
    let (code, out, err) = pkbench(&["suite", "--quick", "--output", missing.to_str().unwrap()]);
    one_error_line(code, &out, &err, "pkbench: error: --output ");
    assert!(err.contains("directory does not exist"), "{err}");
    assert!(!missing.exists(), "not created");
    // A file name with another extension is not taken for a directory.
    let txt = d.join("x.txt");
    let (code, out, err) = pkbench(&["suite", "--quick", "--output", txt.to_str().unwrap()]);
    one_error_line(code, &out, &err, "pkbench: error: --output ");
    assert!(err.contains("name it .json"), "{err}");
    assert!(!d.join("no").exists(), "no parent created either");
    let f = d.join("no/base.json");
    let (code, out, err) = pkbench(&["suite", "--quick", "--output", f.to_str().unwrap()]);
    one_error_line(code, &out, &err, "pkbench: error: --output ");
    assert!(err.contains("does not exist"), "{err}");
    assert!(!d.join("no").exists());
    let plain = d.join("plain");
    std::fs::write(&plain, "keep").unwrap();
    let (code, out, err) = pkbench(&["suite", "--quick", "--output", plain.to_str().unwrap()]);
    one_error_line(code, &out, &err, "pkbench: error: --output ");
    assert!(err.contains("not a directory"), "{err}");
    assert_eq!(std::fs::read_to_string(&plain).unwrap(), "keep");
    std::fs::remove_dir_all(&d).unwrap();
}

/// `--output FILE --force` replaces only a regular file: a symbolic link (to a regular file
/// or dangling) and a FIFO are refused before the run, exit 2, one line; nothing changes.
#[cfg(unix)]
#[test]
fn force_never_replaces_a_symlink_or_a_fifo() {
    let d = scratch("special");
    let target = d.join("target.json");
    std::fs::write(&target, "keep").unwrap();
    let link = d.join("link.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let dangling = d.join("dangling.json");
    std::os::unix::fs::symlink(d.join("nowhere.json"), &dangling).unwrap();
    for p in [&link, &dangling] {
        for force in [true, false] {
            let mut args = vec!["dh", "--field", "x25519", "--output", p.to_str().unwrap()];
            if force {
                args.push("--force");
            }
            let (code, out, err) = pkbench(&args);
            one_error_line(code, &out, &err, "pkbench: error: --output ");
            assert!(
                err.contains("is a symbolic link, not a regular file"),
                "{err}"
            );
            assert!(
                std::fs::symlink_metadata(p)
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
        }
    }
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep");
    assert!(!d.join("nowhere.json").exists());
    // suite FILE.json shares the rule.
    let (code, out, err) = pkbench(&[
        "suite",
        "--quick",
        "--output",
        link.to_str().unwrap(),
        "--force",
    ]);
    one_error_line(code, &out, &err, "pkbench: error: --output ");
    assert!(err.contains("symbolic link"), "{err}");

    let fifo = d.join("fifo.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    if made {
        let (code, out, err) = pkbench(&[
            "dh",
            "--field",
            "x25519",
            "--output",
            fifo.to_str().unwrap(),
            "--force",
        ]);
        one_error_line(code, &out, &err, "pkbench: error: --output ");
        assert!(err.contains("is a FIFO, not a regular file"), "{err}");
        use std::os::unix::fs::FileTypeExt;
        assert!(
            std::fs::symlink_metadata(&fifo)
                .unwrap()
                .file_type()
                .is_fifo()
        );
    } else {
        common::skip("mkfifo unavailable here: the FIFO case not tested");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// `--output FILE --force` with a FILE that cannot be replaced (immutable: `chattr +i` stops
/// the rename even for root) is refused before the run: exit 2, one line, nothing on
/// stdout, the file unchanged. Skipped (visibly) where chattr is unavailable.
#[cfg(target_os = "linux")]
#[test]
fn force_refuses_an_immutable_file_before_the_run() {
    let d = scratch("immutable");
    let p = d.join("r.json");
    std::fs::write(&p, "keep").unwrap();
    let chattr = |flag: &str| {
        std::process::Command::new("chattr")
            .arg(flag)
            .arg(&p)
            .status()
            .is_ok_and(|s| s.success())
    };
    if !chattr("+i") {
        std::fs::remove_dir_all(&d).unwrap();
        return common::skip("chattr +i unavailable here: immutable file not tested");
    }
    let ps = p.to_str().unwrap();
    let dh = pkbench(&["dh", "--field", "x25519", "--output", ps, "--force"]);
    let suite = pkbench(&["suite", "--quick", "--output", ps, "--force"]);
    chattr("-i");
    for (code, out, err) in [dh, suite] {
        one_error_line(
            code,
            &out,
            &err,
            &format!("pkbench: error: --output {ps}: exists and cannot be replaced ("),
        );
    }
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "keep");
    let left: Vec<_> = std::fs::read_dir(&d).unwrap().collect();
    assert_eq!(left.len(), 1, "no temporary file left");
    std::fs::remove_dir_all(&d).unwrap();
}

/// Runs `pkbench ARGS` under `ulimit -f 1` (a 512-byte file-size limit) in `dir`: (exit code,
/// stdout, stderr).
fn under_file_size_limit(dir: &std::path::Path, args: &str) -> (i32, String, String) {
    let bin = env!("CARGO_BIN_EXE_pkbench");
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -f 1 && exec '{bin}' {args}"))
        .current_dir(dir)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into(),
        String::from_utf8_lossy(&o.stderr).into(),
    )
}

/// A record that cannot be written after the run (here the file-size limit; a full disk
/// alike) loses neither the run's output nor leaves a file behind: the output is on stdout
/// (`--json`'s still one whole record), one error line says the record was not saved, exit 1,
/// and the directory is left empty.
#[test]
fn a_failed_record_write_keeps_the_results() {
    let d = scratch("fsize");
    let hash = "hash --algo md5 --sizes 64 --time 0.01 --output r.json";
    for (args, shows) in [
        (hash.to_string(), "MD5"),
        (format!("{hash} --json"), "\"schema\""),
        (
            "suite --quick --time 0.005 --impl openssl --output .".into(),
            "suite",
        ),
    ] {
        let (code, out, err) = under_file_size_limit(&d, &args);
        assert_eq!(code, 1, "{args}: {err}");
        assert!(out.contains(shows), "{args}: {out}");
        assert!(!out.contains("saved to"), "{args}: {out}");
        if args.ends_with("--json") {
            let v: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(v["schema"], pkbench::record::SCHEMA);
        }
        let errs: Vec<&str> = err.lines().filter(|l| l.contains("error")).collect();
        assert_eq!(errs.len(), 1, "{args}: {err}");
        assert!(errs[0].contains("File too large"), "{args}: {err}");
        assert!(
            errs[0].ends_with("the record was not saved)"),
            "{args}: {err}"
        );
        let left: Vec<_> = std::fs::read_dir(&d).unwrap().collect();
        assert!(left.is_empty(), "{args}: left behind {left:?}");
    }
}

/// Output cut short never ends in success: stdout on a full device (`/dev/full`) or past the
/// file-size limit gives one error line and exit 1; a closed pipe (`| head -1`) stays quiet.
#[test]
fn a_failed_write_to_stdout_is_an_error() {
    let d = scratch("stdout");
    for (args, redirect, wants) in [
        ("groups", "> /dev/full", "No space left on device"),
        (
            "hash --algo md5 --sizes 64 --time 0.01 --json",
            "> out.json",
            "File too large",
        ),
    ] {
        let (code, _, err) = under_file_size_limit(&d, &format!("{args} {redirect}"));
        assert_eq!(code, 1, "{args}: {err}");
        assert_eq!(err.lines().count(), 1, "{args}: {err}");
        assert!(
            err.starts_with("pkbench: error: stdout: write failed: ") && err.contains(wants),
            "{args}: {err}"
        );
    }
    // The record failed too: the message does not claim the results were printed.
    let (code, _, err) = under_file_size_limit(
        &d,
        "hash --algo md5 --sizes 64 --time 0.01 --json --output r.json > out.json",
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.trim_end()
            .ends_with("the record was not saved, and stdout could not be written either: File too large (os error 27))"),
        "{err}"
    );
    let bin = env!("CARGO_BIN_EXE_pkbench");
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("'{bin}' impls | head -1"))
        .output()
        .unwrap();
    assert!(o.status.success());
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

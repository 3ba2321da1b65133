//! `pkbench report` end to end, rendered by a real browser: records made here with quick
//! commands (a `suite --quick`, a `scale` over three sizes, a `dh`), and a three-machine set
//! (copies of the `dh` record with their machine section rewritten); the pages are loaded in
//! headless Chromium (Debian's `chromium`; `.ci/run` installs it), whose DOM must hold the
//! tables with one column per machine and the records' real figures, and whose screenshot
//! must not be blank. Without Chromium the browser part says SKIPPED (the pages are still
//! checked as text), which fails the test under `PKBENCH_TEST_STRICT=1`, as CI runs it.

mod common;

use common::{Pkbench, scratch};
use pkbench::record::ResultRecord;
use pkbench::report::{self, html::grid::page_tables};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long Chromium may take for one page before it is killed: a guard against a browser
/// that hangs (a page renders in a second or two), not a check of speed.
const CHROMIUM_TIMEOUT: Duration = Duration::from_secs(60);

/// The machines of the three-machine set: (host name, CPU model).
const MACHINES: [(&str, &str); 3] = [
    ("alpha", "Test CPU A @ 1.00GHz"),
    ("beta <&>", "Test CPU B @ 2.00GHz"),
    ("gamma", "Test CPU C @ 3.00GHz"),
];

/// Runs pkbench in `dir` and requires success.
fn run(dir: &Path, args: &[&str]) -> String {
    Pkbench::new(args).current_dir(dir).ok()
}

/// The records and both pages, made once per test run.
struct Pages {
    dir: common::Scratch,
    suite: ResultRecord,
    dh: ResultRecord,
    /// suite + scale: one machine.
    one: PathBuf,
    /// three copies of dh on three machines.
    three: PathBuf,
}

fn make_pages() -> Pages {
    let dir = scratch("report-html");
    run(
        &dir,
        &[
            "suite",
            "--quick",
            "--time",
            "0.01",
            "--output",
            "suite.json",
        ],
    );
    run(
        &dir,
        &[
            "scale",
            "--groups",
            "modp-512,modp-1024,modp-2048",
            "--exp-bits",
            "128",
            "--time",
            "0.01",
            "--output",
            "scale.json",
        ],
    );
    run(
        &dir,
        &[
            "dh", "--group", "x25519", "--time", "0.01", "--output", "dh.json",
        ],
    );
    let text = std::fs::read_to_string(dir.join("dh.json")).unwrap();
    let mut names = Vec::new();
    for (i, (host, cpu)) in MACHINES.iter().enumerate() {
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["machine"]["hostname"] = (*host).into();
        v["machine"]["cpu_model"] = (*cpu).into();
        let name = format!("dh-{i}.json");
        std::fs::write(dir.join(&name), v.to_string()).unwrap();
        names.push(name);
    }
    let out = run(
        &dir,
        &["report", "suite.json", "scale.json", "--output", "one.html"],
    );
    assert_eq!(
        out,
        "report: 2 records from 1 machine written to one.html\n"
    );
    let mut args = vec!["report"];
    args.extend(names.iter().map(String::as_str));
    args.extend(["--output", "three.html"]);
    let out = run(&dir, &args);
    assert_eq!(
        out,
        "report: 3 records from 3 machines written to three.html\n"
    );
    Pages {
        suite: ResultRecord::read(&dir.join("suite.json")).unwrap(),
        dh: ResultRecord::read(&dir.join("dh.json")).unwrap(),
        one: dir.join("one.html"),
        three: dir.join("three.html"),
        dir,
    }
}

/// The median of operation `name` of `rec` as the tables print it.
fn median(rec: &ResultRecord, name: &str) -> String {
    let op = rec.operation(name).unwrap_or_else(|| panic!("no {name}"));
    report::fmt_time_ms(op.stats.as_ref().unwrap().median_ms)
}

/// Checks a page's tables (from the file, or from the browser's DOM): the one-machine page
/// has the suite's rows with its real medians and a plot; the three-machine page one column
/// per machine, with the dh figures in each.
fn check_one(page: &str, p: &Pages) {
    let cmd = page_tables(page, "command");
    assert!(cmd.len() >= 2, "suite and scale tables: {}", cmd.len());
    // The suite's first timed operation, with its median, in a row of its own.
    let first = p
        .suite
        .operations
        .iter()
        .find(|o| o.stats.is_some())
        .unwrap();
    let m = median(&p.suite, &first.name);
    assert!(
        cmd.iter()
            .flatten()
            .any(|r| r[0].trim() == first.name && r[1] == m),
        "no row {:?} with median {m}",
        first.name
    );
    let machines = &page_tables(page, "machines")[0];
    assert_eq!(
        machines[0].len(),
        2,
        "one machine column: {:?}",
        machines[0]
    );
    assert!(page.contains("<svg"), "the plots are inline SVG");
}

fn check_three(page: &str, p: &Pages) {
    let machines = &page_tables(page, "machines")[0];
    assert_eq!(
        machines[0].len(),
        4,
        "three machine columns: {:?}",
        machines[0]
    );
    let by = &page_tables(page, "by-machine")[0];
    assert_eq!(
        by[0],
        [
            "item".to_string(),
            "operation".into(),
            format!("{}\n{}", MACHINES[0].0, MACHINES[0].1),
            format!("{}\n{}", MACHINES[1].0, MACHINES[1].1),
            format!("{}\n{}", MACHINES[2].0, MACHINES[2].1),
        ]
    );
    let offer = by.iter().find(|r| r[1] == "Offer").expect("an Offer row");
    let m = median(&p.dh, "Offer");
    assert_eq!(offer[2], m);
    assert_eq!(offer[3], format!("{m}\n(1.00x)"));
    assert_eq!(offer[4], format!("{m}\n(1.00x)"));
    // Every operation of the record has its row.
    assert_eq!(by.len() - 1, p.dh.operations.len(), "{by:?}");
}

/// Every "http://" or "https://" in `page` but the SVG namespace name.
fn outside_links(page: &str) -> Vec<String> {
    ["http://", "https://"]
        .iter()
        .flat_map(|s| page.match_indices(s))
        .map(|(i, _)| page[i..].chars().take(50).collect::<String>())
        .filter(|l| !l.starts_with("http://www.w3.org/2000/svg\""))
        .collect()
}

/// The Chromium binary on PATH: `chromium`, else `chromium-browser`, else `google-chrome`.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |d| d.join(name)))
        .find(|p| p.is_file())
}

/// Runs headless Chromium on `page` with `extra` arguments, killed after
/// [`CHROMIUM_TIMEOUT`]; returns its stdout.
fn headless(bin: &Path, profile: &Path, page: &Path, extra: &[String]) -> String {
    let mut child = Command::new(bin)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-quic",
            "--disable-sync",
            "--no-first-run",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: cannot run: {e}", bin.display()));
    // Read stdout on a thread (a large DOM would fill the pipe) while waiting with a deadline.
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut out, &mut s).map(|_| s)
    });
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "chromium {extra:?}: {status}");
            break;
        }
        if start.elapsed() > CHROMIUM_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium {extra:?} took more than {CHROMIUM_TIMEOUT:?}: killed");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    reader.join().unwrap().expect("chromium's stdout is UTF-8")
}

/// The share of pixels of a PNG that are not white (every channel ≥ 250 counts as white),
/// and its size.
fn ink(png_path: &Path) -> (f64, u32, u32) {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(png_path).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    assert!(
        info.bit_depth == png::BitDepth::Eight && channels >= 3,
        "{:?} {:?}",
        info.color_type,
        info.bit_depth
    );
    let pixels = &buf[..info.buffer_size()];
    let total = pixels.len() / channels;
    let inked = pixels
        .chunks_exact(channels)
        .filter(|p| p[..3].iter().any(|&c| c < 250))
        .count();
    (inked as f64 / total as f64, info.width, info.height)
}

#[test]
fn report_pages_render_in_a_browser() {
    let p = make_pages();
    let one = std::fs::read_to_string(&p.one).unwrap();
    let three = std::fs::read_to_string(&p.three).unwrap();
    for page in [&one, &three] {
        assert_eq!(outside_links(page), Vec::<String>::new(), "nothing fetched");
        assert!(!page.contains("<script") && !page.contains("<link"));
        assert!(!page.contains("<beta"), "host names are escaped");
    }
    check_one(&one, &p);
    check_three(&three, &p);

    let Some(bin) = chromium() else {
        return common::skip(
            "no chromium, chromium-browser or google-chrome on PATH (Debian: apt-get install chromium): pages not rendered",
        );
    };
    for (file, check) in [
        (&p.one, check_one as fn(&str, &Pages)),
        (&p.three, check_three),
    ] {
        let profile = p.dir.join("chromium-profile");
        let dom = headless(&bin, &profile, file, &["--dump-dom".into()]);
        assert!(dom.contains("<h1>pkbench report</h1>"), "{dom:.500}");
        check(&dom, &p);
        let shot = p.dir.join("shot.png");
        let _ = std::fs::remove_file(&shot);
        headless(
            &bin,
            &profile,
            file,
            &[
                format!("--screenshot={}", shot.display()),
                "--window-size=1200,2000".into(),
            ],
        );
        let (ink, w, h) = ink(&shot);
        assert_eq!((w, h), (1200, 2000));
        assert!(
            ink > 0.03,
            "{}: the screenshot is blank ({ink:.4} inked)",
            file.display()
        );
    }
}

#[test]
fn report_refuses_bad_input_in_one_line() {
    let dir = scratch("report-refusals");
    let rec = dir.join("r.json");
    run(
        &dir,
        &[
            "dh", "--group", "x25519", "--time", "0.01", "--output", "r.json",
        ],
    );
    let r = rec.to_str().unwrap();
    let refused = |args: &[&str]| Pkbench::new(args).current_dir(&dir).input_error();
    assert!(refused(&["report", "--output", "x.html"]).contains("RECORD.json"));
    assert!(refused(&["report", r, "--output", "x.svg"]).contains("name the file .html"));
    std::fs::write(dir.join("exists.html"), "old").unwrap();
    assert!(refused(&["report", r, "--output", "exists.html"]).contains("--force"));
    std::fs::write(dir.join("not.json"), "{\"a\": 1}").unwrap();
    assert!(refused(&["report", "not.json", "--output", "y.html"]).contains("not.json"));
    assert!(refused(&["report", "missing.json", "--output", "y.html"]).contains("missing.json"));
    assert!(!dir.join("x.html").exists() && !dir.join("y.html").exists());
    // --force replaces it.
    run(&dir, &["report", r, "--output", "exists.html", "--force"]);
    let page = std::fs::read_to_string(dir.join("exists.html")).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
}

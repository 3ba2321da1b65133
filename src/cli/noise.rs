//! `pkbench noise`: this machine's between-run spread. The probe set
//! ([`crate::bench::noise::probe_items`]) runs in `--runs` separate processes (this binary
//! with `noise --probe`, which prints one record as JSON); the spread of each operation's
//! figure over the runs is summarized ([`crate::measure::noise::summarize`]), printed with
//! what it means, and saved in the user's cache directory, from where every later record
//! of this host carries it in its machine section and `compare` takes it as the floor of
//! its threshold.

use crate::bench;
use crate::cli;
use crate::cli::output::{self, FormatArgs, OutputFormat, Renderers};
use crate::cli::timing::TimingArgs;
use crate::error::{Error, Result};
use crate::measure::noise::{self, Noise};
use crate::record::{self, ResultRecord, RunTimer};
use clap::Args;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::process::Command;

/// Arguments of `pkbench noise`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench noise                 5 runs of the probe set (about 15 s); saves the
                                figure
  pkbench noise --runs 10 --time 0.2
  pkbench noise --json

The figure is saved in $XDG_CACHE_HOME/pkbench/noise.json (or
~/.cache/pkbench/) for this host; records made afterwards carry it in their
machine section and `compare` treats changes under it as noise (it raises the
threshold, never lowers it).")]
// noise's own budget: short, since every probe operation runs in every one of --runs
// processes.
#[command(mut_arg("time", |a| {
    a.default_value("0.1").help(
        "Time budget per probe operation in each run, in seconds, above 0 and at most 3600 \
         (at least 11 samples are taken even when that runs over)",
    )
}))]
pub struct NoiseArgs {
    /// Separate runs (processes) of the probe set, at least 3.
    #[arg(long, default_value_t = 5, value_name = "N")]
    pub runs: usize,
    /// Measure and print, but do not save the figure.
    #[arg(long)]
    pub no_save: bool,
    /// Run the probe set once and print its record as JSON (what each run does).
    #[arg(long, hide = true)]
    pub probe: bool,
    #[command(flatten)]
    pub timing: TimingArgs,
    #[command(flatten)]
    pub format: FormatArgs,
}

/// The cache file's contents: the host it was measured on and its noise.
#[derive(Debug, Serialize, Deserialize)]
struct Cached {
    hostname: String,
    noise: Noise,
}

/// The probe run: the probe set timed once in interleaved rounds, as a record.
fn probe(args: &NoiseArgs) -> Result<ResultRecord> {
    let timer = RunTimer::start();
    // The probe prints JSON for its parent: no progress bar.
    let cfg = args.timing.bench_config(OutputFormat::Json)?;
    let options = cli::options::group_options(true, None, false)?;
    let mut ops = Vec::new();
    for (label, r) in bench::sweep(bench::noise::probe_items(&options), &cfg) {
        ops.extend(r.map_err(|e| Error::runtime(format!("probe {label}: {e}")))?);
    }
    let params = record::params([("time_s", args.timing.time.into())]);
    Ok(bench::record(
        "noise",
        &cfg,
        params.into_iter().collect(),
        ops,
        &timer,
    ))
}

/// Runs the probe set `args.runs` times in child processes and summarizes the spread.
fn measure(args: &NoiseArgs) -> Result<Noise> {
    if args.runs < 3 {
        return Err(Error::input(format!(
            "--runs {}: give at least 3 (a spread needs several runs)",
            args.runs
        )));
    }
    let exe = std::env::current_exe()
        .map_err(|e| Error::runtime(format!("cannot find this pkbench binary: {e}")))?;
    let quiet = args.timing.quiet || args.format.format.hides_progress();
    let bar = crate::measure::progress::bar(args.runs as u64, quiet);
    bar.set_message("probe runs");
    let mut values: Vec<(String, Vec<f64>)> = Vec::new();
    for _ in 0..args.runs {
        let out = Command::new(&exe)
            .args(["noise", "--probe"])
            .args(args.timing.child_args())
            .output()
            .map_err(|e| Error::runtime(format!("cannot run the probe: {e}")))?;
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            return Err(Error::runtime(format!(
                "a probe run failed ({}): {}",
                out.status,
                err.lines().next().unwrap_or("")
            )));
        }
        let rec = ResultRecord::from_json("probe run", &String::from_utf8_lossy(&out.stdout))?;
        for (label, v) in bench::noise::values(&rec.operations) {
            match values.iter_mut().find(|(l, _)| *l == label) {
                Some((_, vs)) => vs.push(v),
                None => values.push((label, vec![v])),
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let mut n = noise::summarize(args.runs, &values, &crate::record::utc_now())
        .ok_or_else(|| Error::runtime("the probe runs measured nothing"))?;
    // The figure names the clock its runs were timed on (--clock, passed to every probe).
    n.method = format!("{}; clock: {}", n.method, args.timing.clock.label());
    Ok(n)
}

fn render(n: &Noise, saved: Option<&PathBuf>) -> String {
    let mut s = format!(
        "pkbench noise: between-run spread over {} runs (separate processes)\n",
        n.runs
    );
    let w = n.operations.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
    for (label, pct) in &n.operations {
        s += &format!("  {label:<w$}  {pct:5.1} %\n");
    }
    s += &format!(
        "noise: {:.1} % (median over the operations; worst {:.1} %) — {}\n",
        n.pct,
        n.worst_pct,
        noise::advice(n.pct)
    );
    s += &format!("method: {}\n", n.method);
    match saved {
        Some(p) => {
            s += &format!(
                "saved: {} (later records of this host carry it; compare uses it as the floor of its threshold)\n",
                p.display()
            )
        }
        None => s += "not saved\n",
    }
    crate::report::wrap_text(&s)
}

/// Runs `pkbench noise`.
///
/// # Errors
/// [`Error::Input`] for bad options; [`Error::Runtime`] when a probe run fails or the
/// figure cannot be saved.
pub fn run(args: &NoiseArgs) -> Result<String> {
    if args.probe {
        return crate::report::json::render(&probe(args)?);
    }
    type Shown = (Noise, Option<PathBuf>);
    let renderers = Renderers::new(
        |(n, saved): &Shown| render(n, saved.as_ref()),
        |(n, saved): &Shown| {
            crate::report::to_json(&serde_json::json!({
                "command": "noise",
                "noise": n,
                "advice": noise::advice(n.pct),
                "saved": saved,
            }))
        },
    );
    args.format.check(&renderers)?;
    let n = measure(args)?;
    let saved = if args.no_save {
        None
    } else {
        let path = cli::options::noise_cache_file().ok_or_else(|| {
            Error::runtime("no cache directory (set XDG_CACHE_HOME or HOME), or use --no-save")
        })?;
        save(&path, &n)?;
        Some(path)
    };
    output::render(args.format.format, &(n, saved), &renderers, None)
}

fn save(path: &std::path::Path, n: &Noise) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::runtime(format!("cannot create {}: {e}", dir.display())))?;
    }
    let c = Cached {
        hostname: crate::measure::Machine::detect().hostname,
        noise: n.clone(),
    };
    let text = serde_json::to_string_pretty(&c)
        .map_err(|e| Error::runtime(format!("JSON serialisation failed: {e}")))?;
    record::write_atomic(path, text.as_bytes(), true)
}

/// The noise saved for this host by an earlier `pkbench noise`, if any (a missing,
/// unreadable or other host's file gives `None`).
pub fn cached_for_this_host() -> Option<Noise> {
    let path = cli::options::noise_cache_file()?;
    if std::fs::metadata(&path).ok()?.len() > 1 << 20 {
        return None;
    }
    let text = std::fs::read_to_string(&path).ok()?;
    let c: Cached = serde_json::from_str(&text).ok()?;
    (c.hostname == crate::measure::Machine::detect().hostname).then_some(c.noise)
}

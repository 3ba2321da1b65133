//! The options every timing command shares, declared once: `--seed`, `--time SECONDS`,
//! `--clock` and `--quiet`, and the one function that turns them into the bench layer's
//! [`bench::Config`].
//!
//! A command whose budget differs says so where it flattens [`TimingArgs`], with clap's
//! `mut_arg("time", …)`: `noise` (0.1 s per probe operation), `suite` (0.5 s, 0.2 s with
//! `--quick`), `choose` (0.1 s per candidate's operation, 0.3 s for its table-window sweep,
//! at most 60 s); `cipher` and `scale` word the budget their own way. Commands that sample
//! differently within the budget change the returned configuration in plain sight
//! (`scale --min-samples`, `choose`'s brief candidates, `repro --quick`'s cap).

use crate::bench;
use crate::cli::output::OutputFormat;
use crate::error::Result;
use crate::measure::{Clock, MeasureConfig};
use clap::{Args, ValueEnum};

/// `--seed` when not given: the year of the "Some timings" post.
pub const DEFAULT_SEED: u64 = 1995;

/// How a timing command measures: the seed of its inputs, the budget per timed operation,
/// the clock, and whether progress is shown.
#[derive(Debug, Clone, Args)]
pub struct TimingArgs {
    /// Seed of the ChaCha20 RNG that makes every secret and input (same seed, same inputs).
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Time budget per timed operation, in seconds, above 0 and at most 3600 (at least 11
    /// samples are taken even when that runs over).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 1.0,
        value_parser = crate::cli::options::parse_time_secs,
        allow_negative_numbers = true
    )]
    pub time: f64,
    /// Clock: `wall` (monotonic, default) or `cpu` (this thread's CPU time, as the 1995
    /// and 2000 tables used; steadier on a busy machine, blind to time spent waiting).
    #[arg(long, value_enum, default_value_t = Clock::Wall)]
    pub clock: Clock,
    /// No progress bar on stderr (the results are printed as usual).
    #[arg(long)]
    pub quiet: bool,
}

impl TimingArgs {
    /// The bench layer's configuration for these options: the harness with the budget of
    /// `--time` on `--clock` ([`MeasureConfig::with_budget_secs`]), the seed, progress
    /// hidden with `--quiet` or when `format` hides it, the system libraries looked for
    /// unless `PKBENCH_NO_PEERS=1`. The one place a timing command's `bench::Config` is
    /// made.
    ///
    /// # Errors
    /// [`crate::Error::Input`] when the budget is not a number of seconds above 0 and at
    /// most 3600 ([`crate::measure::check_budget_secs`]).
    pub fn bench_config(&self, format: OutputFormat) -> Result<bench::Config> {
        let secs = crate::measure::check_budget_secs(self.time)?;
        Ok(bench::Config {
            measure: MeasureConfig::with_budget_secs(secs, self.clock),
            seed: self.seed,
            quiet: self.quiet || format.hides_progress(),
            discovery: crate::cli::options::discovery(),
        })
    }

    /// These options as arguments of a child pkbench that must measure alike (`hash`'s
    /// masked OpenSSL run, `noise`'s probe runs): `--seed`, `--time`, `--clock`.
    pub fn child_args(&self) -> Vec<String> {
        let clock = self
            .clock
            .to_possible_value()
            .map_or_else(|| "wall".to_string(), |v| v.get_name().to_string());
        vec![
            "--seed".into(),
            self.seed.to_string(),
            "--time".into(),
            self.time.to_string(),
            "--clock".into(),
            clock,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        timing: TimingArgs,
    }

    #[test]
    fn defaults_config_and_child_args() {
        let t = Cli::try_parse_from(["pkbench"]).unwrap().timing;
        assert_eq!(
            (t.seed, t.time, t.clock, t.quiet),
            (1995, 1.0, Clock::Wall, false)
        );
        let c = t.bench_config(OutputFormat::Text).unwrap();
        assert_eq!(c.measure.budget, std::time::Duration::from_secs(1));
        assert!(!c.quiet);
        assert!(t.bench_config(OutputFormat::Json).unwrap().quiet);
        assert!(
            t.bench_config(OutputFormat::Markdown)
                .map(|c| !c.quiet)
                .unwrap()
        );
        let argv = [
            "pkbench", "--seed", "7", "--time", "0.25", "--clock", "cpu", "--quiet",
        ];
        let t = Cli::try_parse_from(argv).unwrap().timing;
        let c = t.bench_config(OutputFormat::Text).unwrap();
        assert_eq!((c.seed, c.quiet, c.measure.clock), (7, true, Clock::Cpu));
        assert_eq!(c.measure.budget, std::time::Duration::from_millis(250));
        // A child given these arguments parses them back to the same options.
        let child =
            Cli::try_parse_from(std::iter::once("pkbench".to_string()).chain(t.child_args()))
                .unwrap()
                .timing;
        assert_eq!((child.seed, child.time, child.clock), (7, 0.25, Clock::Cpu));
    }
}

//! `--threads N|all` of `dh`, `rsa`, `hash` and `cipher`: throughput in N threads against
//! one thread ([`crate::bench::threads`]), the text from [`crate::report::threads`].

use crate::bench::imp::Choice;
use crate::bench::threads::{self, Placement, Threads};
use crate::bench::{self, Job};
use crate::error::{Result, SettingError};
use crate::record::{Operation, ResultRecord};
use clap::Args;
use std::path::Path;

/// The `--threads` flag.
#[derive(Debug, Clone, Default, Args)]
pub struct ThreadsArgs {
    /// Also time throughput in N threads (`all`: one per logical CPU this process may
    /// use), each pinned to its own CPU (separate cores first) with its own checked inputs,
    /// in rounds that alternate with one thread: the rate per CPU second (dh: exchanges,
    /// each both parties' work, 2*Offer + 2*Reply), the speed-up and the scaling
    /// efficiency rate_N / (N × rate_1), as `openssl speed -multi` (1 to 1024).
    #[arg(long, value_name = "N|all")]
    pub threads: Option<String>,
}

impl ThreadsArgs {
    /// Where the threads run, `None` without `--threads`: the count checked, the CPUs of
    /// this process's affinity mask read, the topology from `/sys/devices/system/cpu`.
    ///
    /// # Errors
    /// [`SettingError::Threads`] for a bad count; a runtime error when the mask cannot be read.
    pub fn placement(&self) -> Result<Option<Placement>> {
        let Some(text) = &self.threads else {
            return Ok(None);
        };
        let t = Threads::parse(text)?;
        let allowed = crate::measure::affinity::allowed_cpus().map_err(|e| {
            crate::Error::runtime(format!("reading this process's CPU affinity: {e}"))
        })?;
        threads::place(
            t,
            &allowed,
            Path::new(crate::measure::topology::SYSFS_CPU_ROOT),
        )
        .map(Some)
    }

    /// Refuses `--threads` with an implementation other than pkbench's own, before any
    /// timing (`what` names the job).
    ///
    /// # Errors
    /// [`SettingError::ThreadsUnsupported`].
    pub fn check_own(&self, choices: &[Choice], what: &str) -> Result<()> {
        match choices.iter().find(|c| **c != Choice::Own) {
            Some(c) if self.threads.is_some() => Err(SettingError::ThreadsUnsupported {
                what: format!("{what} ({})", c.name()),
            }
            .into()),
            _ => Ok(()),
        }
    }

    /// Refuses `--threads` outright for `what` (a job without units of work).
    ///
    /// # Errors
    /// [`SettingError::ThreadsUnsupported`] when `--threads` was given.
    pub fn refuse(&self, what: &str) -> Result<()> {
        if self.threads.is_some() {
            return Err(SettingError::ThreadsUnsupported { what: what.into() }.into());
        }
        Ok(())
    }
}

/// The throughput operations of `jobs` (pkbench's own only) in the threads of `placement`,
/// one job after another.
///
/// # Errors
/// As [`threads::run`].
pub fn run(jobs: &[Job], cfg: &bench::Config, placement: &Placement) -> Result<Vec<Operation>> {
    let mut ops = Vec::new();
    for job in jobs.iter().filter(|j| j.implementation() == Choice::Own) {
        ops.extend(threads::run(job, cfg, placement)?);
    }
    Ok(ops)
}

/// Names the threads in the record's run-level params: `threads` (count), `cpus` (the CPU
/// of each thread) and `cpu_relation` ("separate cores", "SMT siblings: 0+2").
pub fn add_params(rec: &mut ResultRecord, placement: &Placement) {
    rec.params
        .insert("threads".into(), placement.cpus.len().into());
    rec.params
        .insert("cpus".into(), placement.cpus.clone().into());
    rec.params
        .insert("cpu_relation".into(), threads::relation(placement).into());
}

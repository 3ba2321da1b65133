//! When a run happened: its start (UTC) and wall time ([`RunTimer`]), and ISO 8601 dates.

/// Start of a run: wall clock, UTC time and the CPU MHz sampled at the start (so that the
/// record can give the MHz over the run, see [`crate::measure::Machine::set_mhz_over_run`]).
#[derive(Debug, Clone)]
pub struct RunTimer {
    pub(super) start: std::time::Instant,
    pub(super) started_utc: String,
    pub(super) mhz_start: Option<f64>,
}

impl RunTimer {
    /// Starts timing a run now.
    pub fn start() -> RunTimer {
        RunTimer {
            start: std::time::Instant::now(),
            started_utc: utc_now(),
            mhz_start: crate::measure::machine::mean_cpu_mhz(),
        }
    }
}

/// The current time, UTC, as ISO 8601 `YYYY-MM-DDThh:mm:ssZ`.
pub fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    utc_from_unix(secs)
}

/// Formats Unix seconds as ISO 8601 UTC. Days to civil date by H. Hinnant's
/// `civil_from_days` algorithm ("chrono-Compatible Low-Level Date Algorithms", 2013).
pub fn utc_from_unix(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        (rem / 60) % 60,
        rem % 60
    )
}

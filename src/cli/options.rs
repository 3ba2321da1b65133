//! Flags and environment → the typed options of the library: the one place that reads
//! pkbench's environment variables, filling [`GroupOptions`] once per run for the commands
//! that open groups (`dh`, `offer`, `reply`, `choose`, `repro`, `suite`, and `scale` through
//! `dh`'s group arguments).
//!
//! | variable | effect |
//! |---|---|
//! | `PKBENCH_NO_CLMUL` | set and not `0` or empty: portable GF(2^m) code (as `--no-clmul`) |
//! | `PKBENCH_GF2M` | `pclmulqdq`: the 128-bit carry-less code even where the vector code runs; any other value is ignored with a warning when a binary curve opens |
//! | `PKBENCH_TABLE_WINDOW` | 2–12: the EC2N fixed-base window in bits; another value is an error when a binary curve opens |
//! | `PKBENCH_G2_SHIFT` | `1`: mod-p groups with g = 2 and no table time the square-and-shift Offer |
//! | `XDG_CACHE_HOME`, `HOME` | where `pkbench noise` saves this host's noise figure |
//! | `PKBENCH_NO_PEERS` | `1`: the system libraries (OpenSSL, libgcrypt, GMP) are not looked for ([`discovery`]) |

use crate::arith::bignum::BackendKind;
use crate::arith::gf2m::PCLMULQDQ_CHOICE;
use crate::error::Result;
use crate::kex::{Gf2mChoice, GroupOptions, WindowChoice, ec2n};
use crate::measure::{MAX_BUDGET_SECS, check_budget_secs};

/// Portable GF(2^m) code when set (and not `0` or empty).
pub const ENV_NO_CLMUL: &str = "PKBENCH_NO_CLMUL";
/// The GF(2^m) code choice (`pclmulqdq`).
pub const ENV_GF2M: &str = "PKBENCH_GF2M";
/// The EC2N fixed-base window, bits.
pub const ENV_TABLE_WINDOW: &str = "PKBENCH_TABLE_WINDOW";
/// `1`: time the g = 2 square-and-shift Offer.
pub const ENV_G2_SHIFT: &str = "PKBENCH_G2_SHIFT";
/// `1`: hide the system libraries (no peer is loaded).
pub const ENV_NO_PEERS: &str = "PKBENCH_NO_PEERS";

/// Whether to look for the system libraries ([`crate::peers`]): not when
/// `PKBENCH_NO_PEERS=1`.
pub fn discovery() -> crate::peers::Discovery {
    crate::peers::Discovery {
        enabled: std::env::var_os(ENV_NO_PEERS).is_none_or(|v| v != "1"),
    }
}

/// The options to open groups with: `table`, the `--backend` name (`None`: the default),
/// `--no-clmul`, and the environment variables of the module documentation.
///
/// # Errors
/// [`crate::error::SettingError::UnknownBackend`] or [`crate::error::SettingError::BackendNotBuilt`]
/// for a backend name this build cannot use.
pub fn group_options(table: bool, backend: Option<&str>, no_clmul: bool) -> Result<GroupOptions> {
    let backend = match backend {
        Some(name) => Some(BackendKind::select(Some(name))?),
        None => None,
    };
    let clmul_off = std::env::var_os(ENV_NO_CLMUL).is_some_and(|v| v != "0" && !v.is_empty());
    let gf2m_code = match std::env::var(ENV_GF2M) {
        Ok(v) if v == PCLMULQDQ_CHOICE => Gf2mChoice::Pclmulqdq,
        Ok(v) => Gf2mChoice::Unknown(v),
        Err(_) => Gf2mChoice::Fastest,
    };
    let table_window = match std::env::var(ENV_TABLE_WINDOW) {
        Ok(v) => match v.trim().parse::<u32>() {
            Ok(w) if (ec2n::MIN_WINDOW..=ec2n::MAX_WINDOW).contains(&w) => WindowChoice::Bits(w),
            // Refused, with the text as given, when a binary curve opens.
            _ => WindowChoice::Unusable(v),
        },
        Err(_) => WindowChoice::Default,
    };
    Ok(GroupOptions {
        table,
        backend,
        clmul: !(no_clmul || clmul_off),
        gf2m_code,
        table_window,
        g2_shift: std::env::var_os(ENV_G2_SHIFT).is_some_and(|v| v == "1"),
    })
}

/// What `--time` accepts, in the words of its refusal.
fn time_advice() -> String {
    format!("give a number of seconds above 0 and at most {MAX_BUDGET_SECS}, e.g. --time 0.5")
}

/// Clap value parser of `--time SECONDS`: the number, if [`check_budget_secs`] accepts it.
/// Used with `allow_negative_numbers`, so that `--time -1` is read as a (refused) value
/// rather than as an unknown option.
///
/// # Errors
/// A message saying what is accepted (clap prefixes it with the value and the option).
pub fn parse_time_secs(s: &str) -> std::result::Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if check_budget_secs(v).is_ok() => Ok(v),
        _ => Err(time_advice()),
    }
}

/// The file `pkbench noise` saves this host's noise in: `$XDG_CACHE_HOME/pkbench/noise.json`,
/// else `$HOME/.cache/pkbench/noise.json`; `None` when neither variable is set.
pub fn noise_cache_file() -> Option<std::path::PathBuf> {
    let non_empty = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    let base = non_empty("XDG_CACHE_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| non_empty("HOME").map(|h| std::path::PathBuf::from(h).join(".cache")))?;
    Some(base.join("pkbench").join("noise.json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_values() {
        assert_eq!(parse_time_secs(" 0.5 "), Ok(0.5));
        assert_eq!(
            parse_time_secs("0").unwrap_err(),
            "give a number of seconds above 0 and at most 3600, e.g. --time 0.5"
        );
        assert!(parse_time_secs("3601").is_err());
        assert!(parse_time_secs("x").is_err());
    }

    #[test]
    fn backend_names() {
        let o = group_options(false, Some("num-bigint"), true).unwrap();
        assert_eq!(o.backend, Some(BackendKind::NumBigint));
        assert!(!o.table && !o.clmul);
        assert_eq!(group_options(true, None, false).unwrap().backend, None);
        assert!(group_options(true, Some("openssl"), false).is_err());
    }
}

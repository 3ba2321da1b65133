//! The words of `pkbench choose`: the search's notes and reasons, and the link rate
//! `--link` takes.

use crate::bench::choose::{self as search, NotTimed, Note};
use crate::report;

/// Parses a link rate in bits per second: a number with an optional decimal prefix and
/// `bit` (`56kbit`, `1Mbit`, `10Gbit`; `/s` or `ps` may follow: `1Mbit/s`, `1Mbps`).
pub fn link_rate(s: &str) -> std::result::Result<f64, String> {
    let advice = "give a rate in bits per second, e.g. 56kbit, 1Mbit, 100Mbit or 10Gbit";
    let t = s.trim();
    let t = t
        .strip_suffix("/s")
        .or_else(|| t.strip_suffix("ps"))
        .unwrap_or(t);
    let t = t
        .strip_suffix("bit")
        .or_else(|| t.strip_suffix('b'))
        .unwrap_or(t);
    let (num, factor) = match t.chars().last() {
        Some('k' | 'K') => (&t[..t.len() - 1], 1e3),
        Some('M') => (&t[..t.len() - 1], 1e6),
        Some('G') => (&t[..t.len() - 1], 1e9),
        Some('T') => (&t[..t.len() - 1], 1e12),
        _ => (t, 1.0),
    };
    match num.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v * factor),
        _ => Err(format!("{s:?}: {advice}")),
    }
}

/// The search's notes in the binary's words.
pub(super) fn note_text(n: &Note) -> String {
    match n {
        Note::SizeDropped { group, bits, why } => format!(
            "{group}: {bits}-bit secrets dropped: {}",
            crate::cli::errors::render(why)
        ),
        Note::NotProbed {
            group,
            size,
            max_secs,
        } => format!(
            "{group} {size}: not probed: the run-time limit (--max-secs {max_secs}) was reached"
        ),
        Note::NoTable { group } => format!("{group}: no fixed-base table, only the plain Offer"),
        Note::NotOffered { imp, groups, why } => {
            let n = crate::cli::imp::note(*imp, &groups.join(", "), why);
            format!("{}: {}", n.item, n.reason)
        }
        Note::LibraryAbsent { library, why } => {
            format!(
                "{library}: {}",
                crate::cli::imp::note(crate::bench::imp::Choice::Own, "", why).reason
            )
        }
    }
}

/// Why a candidate was not timed, in the binary's words, and its status ("pruned" or
/// "skipped").
pub(super) fn not_timed_text(why: &NotTimed) -> (&'static str, String) {
    match why {
        NotTimed::Unavailable(e) => ("skipped", crate::cli::errors::render(e)),
        NotTimed::TimeLimit { max_secs } => (
            "pruned",
            format!("not timed: the run-time limit (--max-secs {max_secs}) was reached"),
        ),
        NotTimed::CannotWin {
            probe_ms,
            best_ms,
            margin,
            own_probe: false,
        } => (
            "pruned",
            format!(
                "cannot win: one Reply took {} > {margin} × the best cost so far {}",
                report::fmt_time_ms(*probe_ms),
                report::fmt_time_ms(*best_ms)
            ),
        ),
        NotTimed::CannotWin {
            probe_ms,
            best_ms,
            margin,
            own_probe: true,
        } => (
            "pruned",
            format!(
                "cannot win: pkbench's own Reply took {} > {} × {margin} × the best cost so far {} (no library here is that much faster)",
                report::fmt_time_ms(*probe_ms),
                search::PEER_MARGIN,
                report::fmt_time_ms(*best_ms)
            ),
        ),
        NotTimed::BelowTarget { quantum: false } => (
            "below",
            "below the target: not timed (--all times it)".to_string(),
        ),
        NotTimed::BelowTarget { quantum: true } => (
            "below",
            "no security against a quantum computer (Shor's algorithm): not ranked with --post-quantum".to_string(),
        ),
        NotTimed::Dominated { by_bits } => (
            "pruned",
            format!(
                "cannot win: a full-size exponent costs more than the {by_bits}-bit one, which meets the target (--all times it)"
            ),
        ),
    }
}

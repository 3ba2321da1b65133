//! Progress bars for long runs: shown on stderr when it is a terminal, hidden when output is
//! piped or JSON is asked for (indicatif does the drawing).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar over `total` steps; a no-op when `quiet` or stderr is not a terminal.
pub fn bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
    }
    let pb = ProgressBar::new(total);
    pb.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    pb
}

/// The progress of a named phase that is not timing (making and checking inputs): `name`
/// before the bar, `total` steps (the caller may change it with `set_length` once it knows),
/// the elapsed time ticking even between steps; a no-op when `quiet` or stderr is not a
/// terminal.
pub fn phase(name: &str, total: u64, quiet: bool) -> ProgressBar {
    let pb = bar(total, quiet);
    if !pb.is_hidden() {
        pb.set_message(name.to_string());
        pb.enable_steady_tick(std::time::Duration::from_millis(200));
    }
    pb
}

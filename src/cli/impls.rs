//! `pkbench impls`: which implementations pkbench can run for each kind of operation, and
//! which system libraries were found on this machine with their versions
//! ([`crate::peers::catalog`], rendered by [`crate::report::impls`]). `PKBENCH_NO_PEERS=1`
//! hides the libraries ([`crate::cli::options::discovery`]).

use crate::cli::options;
use crate::error::Result;
use crate::peers::catalog;
use crate::report;
use clap::Args;

/// Arguments of `pkbench impls`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench impls                  every operation kind: pkbench's own code or
                                 crate, OpenSSL, libgcrypt, GMP, with versions
  pkbench impls --json           the same as one JSON object")]
pub struct ImplsArgs {
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `pkbench impls`: loads the libraries (unless hidden), checks each of their
/// operations once, and prints the list.
///
/// # Errors
/// Only if JSON serialisation fails.
pub fn run(args: &ImplsArgs) -> Result<String> {
    let discovery = options::discovery();
    let cat = catalog::catalog(discovery);
    let mut notes = Vec::new();
    if !discovery.enabled {
        notes.push(format!(
            "{}=1 is set: the system libraries were not looked for.",
            options::ENV_NO_PEERS
        ));
    }
    if args.json {
        report::impls::render_json(&cat, &notes)
    } else {
        Ok(report::impls::render_text(&cat, &notes))
    }
}

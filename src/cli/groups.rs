//! `pkbench groups`: the registry of named groups with their aliases and sources.

use crate::error::Result;
use crate::params;
use crate::report;

/// The examples of `pkbench groups --help`.
pub const EXAMPLES: &str = "Examples:
  pkbench groups                              name, aliases, description, source
  pkbench groups --json                       the same as one JSON object
  pkbench offer --field ike-14 --secret 3     an alias works wherever a group
                                              is asked for (ike-14 = modp-2048)";

/// Renders the list of built-in groups ([`report::groups`]).
///
/// # Errors
/// Never in practice (built-in files are tested).
pub fn run(json: bool) -> Result<String> {
    let all = params::builtin();
    if json {
        report::groups::render_json(&all)
    } else {
        Ok(report::groups::render_text(&all))
    }
}

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

/// Renders the list of built-in groups.
///
/// # Errors
/// Never in practice (built-in files are tested).
pub fn run(json: bool) -> Result<String> {
    let all = params::builtin();
    if json {
        let rows: Vec<_> = all
            .iter()
            .map(|g| {
                serde_json::json!({
                    "name": g.name, "aliases": g.aliases, "family": g.family,
                    "description": g.description, "source": g.source,
                })
            })
            .collect();
        return report::to_json(&serde_json::json!({ "command": "groups", "groups": rows }));
    }
    // Fits in 80: one alias per line, the description wrapped at spaces with its source.
    let mut t = report::table(&["group", "aliases", "description (source)"]);
    for g in &all {
        t.add_row(vec![
            g.name.clone(),
            g.aliases.join("\n"),
            format!("{} ({})", g.description, g.source),
        ]);
    }
    report::wrap_column(&mut t, 2);
    Ok(format!("{t}\n"))
}

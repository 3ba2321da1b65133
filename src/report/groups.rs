//! The list of `pkbench groups`: every group of the registry with its aliases, description
//! and source, as a terminal table or JSON.

use crate::error::Result;
use crate::params::GroupFile;
use crate::report;

/// The groups as JSON: `{"command": "groups", "groups": [{name, aliases, family,
/// description, source}, …]}`.
///
/// # Errors
/// [`crate::Error::Runtime`] if serialisation fails.
pub fn render_json(groups: &[GroupFile]) -> Result<String> {
    let rows: Vec<_> = groups
        .iter()
        .map(|g| {
            serde_json::json!({
                "name": g.name, "aliases": g.aliases, "family": g.family,
                "description": g.description, "source": g.source,
            })
        })
        .collect();
    report::to_json(&serde_json::json!({ "command": "groups", "groups": rows }))
}

/// The groups as a terminal table that fits in 80 columns: one alias per line, the
/// description wrapped at spaces with its source.
pub fn render_text(groups: &[GroupFile]) -> String {
    let mut t = report::table(&["group", "aliases", "description (source)"]);
    for g in groups {
        t.add_row(vec![
            g.name.clone(),
            g.aliases.join("\n"),
            format!("{} ({})", g.description, g.source),
        ]);
    }
    report::wrap_column(&mut t, 2);
    format!("{t}\n")
}

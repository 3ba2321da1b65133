//! The list of `pkbench groups`: every name `--group` takes (the groups of the registry and
//! the KEMs) with its aliases, description and source, as a terminal table or JSON.

use crate::error::Result;
use crate::report;

/// One row of the list: a group or a KEM as `pkbench groups` shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupRow {
    /// Canonical name (`gf2-155`, `modp-2048`, `mlkem768`).
    pub name: String,
    /// Other names it is found by (`oakley-3`, `ml-kem-768`).
    pub aliases: Vec<String>,
    /// Its family: `modp`, `ec2n`, `ecp`, or `kem`.
    pub family: String,
    /// What it is, one line (a KEM's sizes and security category included).
    pub description: String,
    /// Where its numbers come from.
    pub source: String,
}

/// The rows as JSON: `{"command": "groups", "groups": [{name, aliases, family,
/// description, source}, …]}`.
///
/// # Errors
/// [`crate::Error::Runtime`] if serialisation fails.
pub fn render_json(groups: &[GroupRow]) -> Result<String> {
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

/// The rows as a terminal table that fits in 80 columns: the family (as in the JSON), one
/// alias per line, the description wrapped at spaces with its source.
pub fn render_text(groups: &[GroupRow]) -> String {
    let mut t = report::table(&["group", "family", "aliases", "description (source)"]);
    for g in groups {
        t.add_row(vec![
            g.name.clone(),
            g.family.clone(),
            g.aliases.join("\n"),
            format!("{} ({})", g.description, g.source),
        ]);
    }
    report::wrap_column(&mut t, 3);
    format!("{t}\n")
}

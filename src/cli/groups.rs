//! `pkbench groups`: every name `--group` takes, the registry of named groups and the KEMs,
//! with their aliases and sources.

use crate::error::Result;
use crate::params;
use crate::report;
use crate::report::groups::GroupRow;

/// The examples of `pkbench groups --help`.
pub const EXAMPLES: &str = "Examples:
  pkbench groups                              name, aliases, description, source
  pkbench groups --json                       the same as one JSON object
  pkbench offer --field ike-14 --secret 3     an alias works wherever a group
                                              is asked for (ike-14 = modp-2048)";

/// Renders the list of built-in groups and KEMs ([`report::groups`]).
///
/// # Errors
/// Never in practice (built-in files are tested).
pub fn run(json: bool) -> Result<String> {
    let all = rows();
    if json {
        report::groups::render_json(&all)
    } else {
        Ok(report::groups::render_text(&all))
    }
}

/// The rows: every built-in group in registry order, then every KEM
/// ([`crate::kem::KEMS`]) with its sizes and security category.
pub fn rows() -> Vec<GroupRow> {
    let groups = params::builtin().into_iter().map(|g| GroupRow {
        family: g
            .family()
            .map(|f| {
                serde_json::to_value(f)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default()
            })
            .unwrap_or_default(),
        name: g.name,
        aliases: g.aliases,
        description: g.description,
        source: g.source,
    });
    let kems = crate::kem::KEMS.iter().map(|k| {
        let category = k
            .security
            .category
            .map_or_else(String::new, |c| format!(", NIST category {c}"));
        GroupRow {
            name: k.name.into(),
            aliases: k.aliases.iter().map(|a| a.to_string()).collect(),
            family: "kem".into(),
            description: format!(
                "{}; encapsulation key {} bytes, ciphertext {} bytes, shared secret {} bytes{category}",
                k.description, k.ek_bytes, k.ct_bytes, k.ss_bytes
            ),
            source: k.source.into(),
        }
    });
    groups.chain(kems).collect()
}

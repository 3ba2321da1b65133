//! The list of `pkbench impls`: the peer libraries found, then per kind of operation every
//! implementation pkbench has and whether it can run here, as a terminal table within 80
//! columns or JSON. Renders a [`Catalog`] (built by `peers::catalog`) and the
//! caller's notes, nothing else.

use crate::error::Result;
use crate::implementation::Library;
use crate::implementation::catalog::{Candidate, Catalog, Status};
use crate::report;

/// The catalog as JSON: `{"command": "impls", "libraries": […], "legacy_provider": …,
/// "operations": [{"operation", "implementations": [{name, how, implementation, status}]}],
/// "notes": […]}`.
///
/// # Errors
/// [`crate::Error::Runtime`] if serialisation fails.
pub fn render_json(catalog: &Catalog, notes: &[String]) -> Result<String> {
    let mut v = serde_json::to_value(catalog)
        .map_err(|e| crate::Error::runtime(format!("JSON serialisation failed: {e}")))?;
    if let Some(o) = v.as_object_mut() {
        o.insert("notes".into(), serde_json::json!(notes));
        let mut all = serde_json::Map::new();
        all.insert("command".into(), "impls".into());
        all.extend(std::mem::take(o));
        v = serde_json::Value::Object(all);
    }
    report::to_json(&v)
}

/// What the "here" column says about a candidate.
fn here(c: &Candidate) -> String {
    let version = c
        .implementation
        .as_ref()
        .map(|i| i.version.as_str())
        .unwrap_or("");
    match &c.status {
        Status::BuiltIn => format!("built in, {version}"),
        Status::Checked => format!("checked, {version}"),
        Status::NotBuilt { why } => format!("not in this build ({why})"),
        // "not found on this machine" or "not looked for": the library table says more.
        Status::Unavailable { absent: true, why } => {
            why.split(" (").next().unwrap_or(why).to_string()
        }
        Status::Unavailable { why, .. } => format!("unavailable: {why}"),
        Status::Failed { why } => format!("FAILED: {why}"),
    }
}

/// The catalog as terminal tables: the libraries (file, what they say about themselves),
/// then one row per implementation, grouped by operation; `notes` below.
pub fn render_text(catalog: &Catalog, notes: &[String]) -> String {
    let mut libs = report::table(&["library", "file", "on this machine"]);
    for l in &catalog.libraries {
        let found = match &l.status {
            Ok(f) if l.name == Library::OpenSsl.name() => match &catalog.legacy_provider {
                Some(p) => format!("{} (legacy provider {p})", f.text),
                None => f.text.clone(),
            },
            Ok(f) => f.text.clone(),
            Err(why) => why.why.clone(),
        };
        libs.add_row(vec![l.name.to_string(), l.soname.to_string(), found]);
    }
    report::wrap_column(&mut libs, 2);
    let mut t = report::table(&["operation", "implementation: how", "here"]);
    for op in &catalog.operations {
        for (i, c) in op.implementations.iter().enumerate() {
            let first = if i == 0 {
                op.operation.clone()
            } else {
                String::new()
            };
            let who = if c.how.is_empty() {
                c.name.clone()
            } else {
                format!("{}: {}", c.name, c.how)
            };
            t.add_row(vec![first, who, here(c)]);
        }
    }
    report::wrap_column(&mut t, 0);
    report::wrap_column(&mut t, 1);
    report::wrap_column(&mut t, 2);
    let mut out = format!(
        "System libraries (loaded at run time, no build flag):\n{libs}\n\n{}\n{t}\n",
        report::wrap_text(
            "Implementations per operation (\"checked\": prepared here and run on known \
             answers or against pkbench's own output):"
        )
        .trim_end()
    );
    for n in notes {
        out.push_str(&report::wrap_text(&format!("Note: {n}")));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::Implementation;
    use crate::peers::catalog::Operation;
    use crate::peers::{Discovery, Unavailable};

    fn sample() -> Catalog {
        let mut c = crate::peers::catalog::catalog(Discovery { enabled: false });
        c.operations.push(Operation {
            operation: "cipher TWOFISH".into(),
            implementations: vec![
                Candidate {
                    name: "gcrypt".into(),
                    how: "ECB CBC CFB OFB CTR".into(),
                    implementation: Some(Implementation::library("gcrypt", "1.10.1", "TWOFISH")),
                    status: Status::Checked,
                },
                Candidate {
                    name: "openssl".into(),
                    how: String::new(),
                    implementation: None,
                    status: Status::Unavailable {
                        why: Unavailable::Unsupported {
                            library: "openssl".into(),
                            what: "twofish ECB".into(),
                            why: "OpenSSL has no Twofish".into(),
                        }
                        .to_string(),
                        absent: false,
                    },
                },
            ],
        });
        c
    }

    #[test]
    fn text_fits_in_80_columns() {
        let s = render_text(&sample(), &["a note".into()]);
        for l in s.lines() {
            assert!(report::text::width(l) <= 80, "{l}");
        }
        assert!(s.contains("not looked for"), "{s}");
        assert!(s.contains("checked, 1.10.1"), "{s}");
        assert!(s.contains("Twofish"), "{s}");
        assert!(s.contains("Note: a note"), "{s}");
    }

    #[test]
    fn json_has_the_command_and_every_operation() {
        let c = sample();
        let v: serde_json::Value = serde_json::from_str(&render_json(&c, &[]).unwrap()).unwrap();
        assert_eq!(v["command"], "impls");
        assert_eq!(
            v["operations"].as_array().unwrap().len(),
            c.operations.len()
        );
        assert_eq!(v["libraries"][0]["name"], "openssl");
        assert_eq!(v["libraries"][0]["status"]["found"], false);
        let last = c.operations.len() - 1;
        assert_eq!(
            v["operations"][last]["implementations"][0]["status"]["state"],
            "checked"
        );
        assert_eq!(
            v["operations"][last]["implementations"][0]["implementation"]["kind"],
            "library"
        );
    }
}

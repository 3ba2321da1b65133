//! The known-answer files themselves: every file in `vectors/` is one JSON object that says
//! where its values come from (`"about"`) and holds values; `vectors/README.md` lists every
//! one of them; and no known-answer file lies elsewhere in the repository.

mod common;

use common::manifest;
use std::path::Path;

/// The JSON files in `vectors/`, sorted by name.
fn vector_files() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(manifest().join("vectors"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    names
}

#[test]
fn every_vector_file_says_where_its_values_come_from() {
    let files = vector_files();
    assert!(files.len() >= 8, "{files:?}");
    for name in &files {
        let v = common::vector_file(name);
        let about = v["about"]
            .as_str()
            .unwrap_or_else(|| panic!("vectors/{name}: no \"about\" string"));
        assert!(about.len() >= 40, "vectors/{name}: about {about:?}");
        let keys = v.as_object().unwrap();
        assert!(keys.len() >= 2, "vectors/{name}: nothing but its about");
        for (k, value) in keys {
            let empty = match value {
                serde_json::Value::Array(a) => a.is_empty(),
                serde_json::Value::Object(o) => o.is_empty(),
                serde_json::Value::String(s) => s.is_empty(),
                _ => false,
            };
            assert!(!empty, "vectors/{name}: {k} is empty");
        }
    }
}

#[test]
fn the_readme_lists_every_vector_file() {
    let readme = std::fs::read_to_string(manifest().join("vectors/README.md")).unwrap();
    let mut listed: Vec<String> = readme
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .map(str::to_string)
        .collect();
    listed.sort();
    assert_eq!(listed, vector_files(), "vectors/README.md's table");
}

/// Every JSON file under `dir`, recursively.
fn json_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            json_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "json") {
            out.push(p);
        }
    }
}

/// `tests/`, `src/`, `params/` and `benches/` hold no known-answer file (a JSON object with
/// an `"about"`): those belong in `vectors/`. Saved result records (`tests/data/records`) are
/// fixtures, not vectors.
#[test]
fn no_known_answer_file_outside_vectors() {
    let mut files = Vec::new();
    for dir in ["tests", "src", "params", "benches"] {
        let d = manifest().join(dir);
        if d.is_dir() {
            json_files(&d, &mut files);
        }
    }
    assert!(
        files
            .iter()
            .any(|p| p.starts_with(manifest().join("tests/data/records"))),
        "the walk finds the saved records: {files:?}"
    );
    for p in &files {
        let text = std::fs::read_to_string(p).unwrap();
        let v: serde_json::Value = common::parse_json(&p.display().to_string(), &text);
        assert!(
            v.get("about").is_none(),
            "{}: a known-answer file belongs in vectors/",
            p.display()
        );
    }
}

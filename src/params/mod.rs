//! The description layer: the registry of named groups (one TOML file per group in the
//! repository's `params/` folder, every one embedded in the binary by the build script, each
//! citing its source), a user's group file, lookup by name or alias, and the generic key
//! accessors. It knows no arithmetic: each family in `kex/` parses its own typed parameters
//! from a [`GroupFile`], and `kex::open` turns a description into a group ready to time.
//!
//! Every file has the common keys of [`GroupFile`] (`name`, `aliases`, `family`,
//! `description`, `source`, `sort_key`, `security_source`); the family's own keys (field
//! polynomial and curve for `ec2n`, `p`/`g`/`q` for `modp`, `curve`/`p`/`n`/`cofactor` for
//! `ecp`) stay in [`GroupFile::rest`] and are parsed by that family's module in `kex/`.
//!
//! Adding a group is adding a file `params/NAME.toml` with those keys (see the README,
//! "Adding a group"): the build script embeds it, `pkbench groups` lists it at its
//! `sort_key`, and its security estimate follows from its numbers.

use crate::error::GroupError;
use crate::error::{Error, KeyProblem, Origin, Result};
use serde::{Deserialize, Serialize};

/// Which kind of group a description (and the `KeyExchange` it opens to) is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Multiplicative group mod a prime p (RFC 2409, RFC 3526, RFC 7919, RFC 5114).
    Modp,
    /// Elliptic curve over a binary field GF(2^m) (Oakley groups 3 and 4, RFC 2409 §6.3–6.4).
    Ec2n,
    /// Elliptic curve over a prime field (P-256, secp256k1, X25519).
    Ecp,
}

/// A group description as read from a params TOML file.
#[derive(Debug, Clone, Deserialize)]
pub struct GroupFile {
    /// Canonical name (`gf2-155`, `modp-1024`, ...). Optional in a user's `--params` file.
    #[serde(default)]
    pub name: String,
    /// Other accepted names (`oakley-3`, `ike-14`, ...).
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Family of the group. Optional in a user's file: `modp` when `p` is present.
    pub family: Option<Family>,
    /// One line of description.
    #[serde(default)]
    pub description: String,
    /// Where the constants come from (RFC and section).
    #[serde(default)]
    pub source: String,
    /// Place in the registry (`pkbench groups`, `choose`, the list of known names): lower
    /// first. Every built-in file has one; a user's file needs none.
    #[serde(default)]
    pub sort_key: Option<u32>,
    /// How the security estimate cites the numbers it uses (e.g. "RFC 7919 App. A.1", or
    /// "RFC 2409 §6.3 (group order = 12·q)"); [`GroupFile::source`] when absent.
    #[serde(default)]
    pub security_source: Option<String>,
    /// The family's own keys.
    #[serde(flatten)]
    pub rest: toml::Table,
    /// The file it was read from (`--params FILE`); `None` for a built-in group.
    #[serde(skip)]
    pub path: Option<std::path::PathBuf>,
}

impl GroupFile {
    /// The family, inferred as `modp` for a file with `p` and no `family`.
    ///
    /// # Errors
    /// [`GroupError::UnknownFamily`] when neither is given.
    pub fn family(&self) -> Result<Family> {
        match self.family {
            Some(f) => Ok(f),
            None if self.rest.contains_key("p") => Ok(Family::Modp),
            None => Err(GroupError::UnknownFamily {
                origin: self.origin(),
            }
            .into()),
        }
    }

    /// The name for messages: the file's `name`, or "params file" when it has none.
    pub fn display_name(&self) -> &str {
        if self.name.is_empty() {
            "params file"
        } else {
            &self.name
        }
    }

    /// Where the description comes from, for problems with its numbers: the file of a
    /// user's group (its `name` may be a built-in group's, copied with the numbers),
    /// otherwise the group's [`GroupFile::display_name`].
    pub fn origin(&self) -> Origin {
        match &self.path {
            Some(p) => Origin::File(p.clone()),
            None => Origin::Named(self.display_name().to_string()),
        }
    }

    /// Where the security estimate says the numbers come from: `security_source`, else
    /// `source` (empty when the file gives neither).
    pub fn security_source(&self) -> &str {
        self.security_source.as_deref().unwrap_or(&self.source)
    }

    /// The error for a failed check of the numbers of this file ([`GroupError::Check`]):
    /// `what` is wrong, naming the file's keys; `check` is the check that failed.
    pub fn invalid(&self, what: &str, check: &str) -> Error {
        GroupError::Check {
            origin: self.origin(),
            what: what.to_string(),
            check: check.to_string(),
        }
        .into()
    }

    /// Another problem with this file ([`GroupError::Other`]), in the family's words.
    pub fn problem(&self, problem: impl Into<String>) -> Error {
        GroupError::Other {
            origin: self.origin(),
            problem: problem.into(),
        }
        .into()
    }

    fn key_error(&self, key: &str, problem: KeyProblem) -> Error {
        GroupError::Key {
            origin: self.origin(),
            key: key.to_string(),
            problem,
        }
        .into()
    }

    /// A string key of the family's own keys.
    ///
    /// # Errors
    /// [`GroupError::Key`] naming the key when it is missing or not a string.
    pub fn str_key(&self, key: &str) -> Result<&str> {
        match self.rest.get(key) {
            Some(toml::Value::String(s)) => Ok(s),
            Some(_) => Err(self.key_error(key, KeyProblem::NotString)),
            None => Err(self.key_error(key, KeyProblem::Missing)),
        }
    }

    /// An integer key of the family's own keys.
    ///
    /// # Errors
    /// [`GroupError::Key`] naming the key when it is missing or not a non-negative integer.
    pub fn int_key(&self, key: &str) -> Result<u64> {
        match self.rest.get(key) {
            Some(toml::Value::Integer(i)) if *i >= 0 => Ok(*i as u64),
            Some(_) => Err(self.key_error(key, KeyProblem::NotNonNegativeInteger)),
            None => Err(self.key_error(key, KeyProblem::Missing)),
        }
    }

    /// A big non-negative integer key of the family's own keys, as big-endian bytes: a hex
    /// string (an optional `0x`, spaces, underscores and newlines ignored) or a TOML integer.
    /// `None` when the key is absent.
    ///
    /// # Errors
    /// [`crate::error::HexError`] for malformed hex; [`GroupError::Other`] for a negative integer or a value
    /// of another type.
    pub fn big_key(&self, key: &str) -> Result<Option<Vec<u8>>> {
        match self.rest.get(key) {
            None => Ok(None),
            Some(toml::Value::Integer(i)) if *i >= 0 => {
                Ok(Some((*i as u64).to_be_bytes().to_vec()))
            }
            Some(toml::Value::Integer(_)) => {
                Err(self.problem(format!("`{key}` must be non-negative")))
            }
            Some(toml::Value::String(s)) => {
                let t: String = s
                    .chars()
                    .filter(|c| !c.is_whitespace() && *c != '_')
                    .collect();
                let t = t
                    .strip_prefix("0x")
                    .or_else(|| t.strip_prefix("0X"))
                    .unwrap_or(&t);
                let what = crate::error::Subject::GroupKey {
                    origin: self.origin(),
                    key: key.to_string(),
                };
                Ok(Some(crate::error::parse_hex(what, t)?))
            }
            Some(_) => Err(self.problem(format!("`{key}` must be a hex string or an integer"))),
        }
    }
}

/// The built-in group files: `(file name, contents)` of every `params/*.toml`, embedded by
/// the build script (`build.rs`, `group_files`), in file-name order; [`builtin`] puts them
/// in registry order. Adding a group is adding a file.
const BUILTIN: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/params.rs"));

/// Parses every built-in group file, in registry order: by `sort_key`, then by name
/// (binary curves, prime curves, mod-p groups by size, ffdhe groups by size, ...).
///
/// # Panics
/// Never in a tested build: a test parses every file.
pub fn builtin() -> Vec<GroupFile> {
    let mut all: Vec<GroupFile> = BUILTIN
        .iter()
        .map(|(_, s)| toml::from_str(s).expect("built-in params file parses (tested)"))
        .collect();
    all.sort_by(|a, b| (a.sort_key, &a.name).cmp(&(b.sort_key, &b.name)));
    all
}

/// The canonical names of every built-in group, in registry order.
pub fn names() -> Vec<String> {
    builtin().into_iter().map(|g| g.name).collect()
}

/// Every spelling of a built-in group (its name and each alias) with its canonical name, in
/// registry order: what a name is looked up among.
pub fn spellings() -> Vec<(String, String)> {
    builtin()
        .into_iter()
        .flat_map(|g| {
            let name = g.name.clone();
            std::iter::once(g.name)
                .chain(g.aliases)
                .map(move |s| (s, name.clone()))
        })
        .collect()
}

/// Finds a built-in group by name or alias (case-insensitive).
///
/// # Errors
/// [`GroupError::Unknown`] with the known names, and the closest to `name`
/// ([`crate::error::suggest::closest`]), when there is no such group.
pub fn lookup(name: &str) -> Result<GroupFile> {
    let want = name.to_ascii_lowercase();
    builtin()
        .into_iter()
        .find(|g| g.name == want || g.aliases.contains(&want))
        .ok_or_else(|| {
            let spellings = spellings();
            GroupError::Unknown {
                name: name.to_string(),
                known: names(),
                suggest: crate::error::suggest::closest(
                    name,
                    spellings.iter().map(|(s, c)| (s.as_str(), c.as_str())),
                ),
            }
            .into()
        })
}

/// Reads a user's group file (the command line's `--params FILE`).
///
/// # Errors
/// [`crate::error::FileError::Unreadable`] when the file cannot be read, is not a regular file or is larger
/// than [`crate::input::GROUP_FILE_MAX_BYTES`] (1 MiB: it is refused before it is read),
/// [`GroupError::IntegerTooLarge`] for an integer key above TOML's 64 bits,
/// [`GroupError::NotToml`] when it is not UTF-8 text or not valid TOML.
pub fn read_file(path: &std::path::Path) -> Result<GroupFile> {
    let bytes = crate::input::read(path, crate::input::FileRole::GroupFile)?;
    let text = String::from_utf8(bytes).map_err(|e| -> Error {
        GroupError::NotToml {
            path: path.to_path_buf(),
            reason: format!(
                "not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        }
        .into()
    })?;
    let mut g: GroupFile = toml::from_str(&text).map_err(|e| -> Error {
        if let Some((line, key)) = e.span().and_then(|s| too_large_integer(&text, s.start)) {
            return GroupError::IntegerTooLarge {
                path: path.to_path_buf(),
                line,
                key,
            }
            .into();
        }
        GroupError::NotToml {
            path: path.to_path_buf(),
            reason: e.message().replace('\n', " "),
        }
        .into()
    })?;
    g.path = Some(path.to_path_buf());
    if g.name.is_empty() {
        g.name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
    }
    if let Ok(builtin) = lookup(&g.name)
        && !same_numbers(&g, &builtin)
    {
        return Err(GroupError::NameTaken {
            path: path.to_path_buf(),
            name: g.name,
        }
        .into());
    }
    Ok(g)
}

/// Whether two group files give the same family and the same numbers (every key of `b`'s
/// table that `a` also gives, e.g. `q` may be left out for a safe prime; hex strings compared
/// as numbers: case, a `0x` prefix, spaces, underscores and leading zeros do not count).
fn same_numbers(a: &GroupFile, b: &GroupFile) -> bool {
    let norm = |v: &toml::Value| -> String {
        match v {
            toml::Value::String(s) => {
                let t: String = s
                    .chars()
                    .filter(|c| !c.is_whitespace() && *c != '_')
                    .collect::<String>()
                    .to_ascii_lowercase();
                let t = t.strip_prefix("0x").unwrap_or(&t);
                let t = t.trim_start_matches('0');
                if t.is_empty() { "0".into() } else { t.into() }
            }
            other => other.to_string(),
        }
    };
    a.family == b.family
        && b.rest
            .iter()
            .all(|(k, v)| a.rest.get(k).is_none_or(|w| norm(w) == norm(v)))
}

/// When the TOML error at byte `offset` of `text` is on a line `KEY = DIGITS` (a decimal,
/// hex, octal or binary TOML integer, which TOML limits to 64 bits), its 1-based line number
/// and KEY.
fn too_large_integer(text: &str, offset: usize) -> Option<(usize, String)> {
    let start = text.get(..offset)?.rfind('\n').map_or(0, |i| i + 1);
    let line_no = text[..start].matches('\n').count() + 1;
    let line = text[start..].lines().next()?;
    let line = line.split('#').next()?;
    let (key, value) = line.split_once('=')?;
    let key = key.trim().trim_matches('"');
    let value = value.trim();
    let unsigned = value.strip_prefix(['+', '-']).unwrap_or(value);
    let (radix, digits) = [("0x", 16), ("0o", 8), ("0b", 2)]
        .iter()
        .find_map(|(pre, r)| unsigned.strip_prefix(pre).map(|d| (*r, d)))
        .unwrap_or((10, unsigned));
    let digits: String = digits.chars().filter(|&c| c != '_').collect();
    let is_int = !digits.is_empty() && digits.chars().all(|c| c.is_digit(radix));
    let too_large = is_int && i64::from_str_radix(&digits, radix).is_err();
    let is_key = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    (too_large && is_key).then(|| (line_no, key.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Invalid;

    #[test]
    fn every_builtin_file_parses_and_cites_a_source() {
        let all = builtin();
        assert_eq!(all.len(), BUILTIN.len());
        for g in &all {
            assert!(!g.name.is_empty());
            assert!(g.family.is_some(), "{}: family", g.name);
            assert!(g.sort_key.is_some(), "{}: sort_key", g.name);
            assert!(g.security_source.is_some(), "{}: security_source", g.name);
            assert!(
                g.source.contains("RFC") || g.source.contains("SEC") || g.source.contains("FIPS"),
                "{}: source {:?}",
                g.name,
                g.source
            );
        }
    }

    /// Every `*.toml` directly in `params/` is a built-in group (the build script embeds the
    /// folder), named as its file, and nothing else is.
    #[test]
    fn every_file_in_params_is_embedded() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("params");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml"))
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        on_disk.sort();
        let embedded: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
        assert_eq!(embedded, on_disk);
        for (file, text) in BUILTIN {
            let g: GroupFile = toml::from_str(text).unwrap();
            assert_eq!(format!("{}.toml", g.name), *file);
        }
    }

    /// The registry order of `pkbench groups`: binary curves, prime curves (P-256, P-384,
    /// P-521, secp256k1, X25519, X448), mod-p groups by
    /// size, ffdhe groups by size; sort keys are distinct.
    #[test]
    fn registry_order() {
        let names = names();
        assert_eq!(
            names[..22],
            [
                "gf2-155",
                "gf2-185",
                "p256",
                "p384",
                "p521",
                "k256",
                "x25519",
                "x448",
                "modp-512",
                "modp-768",
                "modp-1024",
                "modp-1536",
                "modp-2048",
                "modp-3072",
                "modp-4096",
                "modp-6144",
                "modp-8192",
                "ffdhe2048",
                "ffdhe3072",
                "ffdhe4096",
                "ffdhe6144",
                "ffdhe8192",
            ]
        );
        let mut keys: Vec<u32> = builtin().iter().filter_map(|g| g.sort_key).collect();
        keys.dedup();
        assert_eq!(keys.len(), names.len());
    }

    #[test]
    fn names_and_aliases_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for g in builtin() {
            assert!(seen.insert(g.name.clone()), "duplicate {}", g.name);
            for a in g.aliases {
                assert!(seen.insert(a.clone()), "duplicate alias {a}");
            }
        }
    }

    #[test]
    fn lookup_by_alias_and_unknown() {
        assert_eq!(lookup("oakley-3").unwrap().name, "gf2-155");
        assert_eq!(lookup("GF2-185").unwrap().name, "gf2-185");
        let e = lookup("gf2-999").unwrap_err();
        assert_eq!(e.exit_code(), 2);
        match e.invalid() {
            Some(Invalid::Group(GroupError::Unknown {
                name,
                known,
                suggest,
            })) => {
                assert_eq!(name, "gf2-999");
                assert_eq!(known[0], "gf2-155");
                assert!(suggest.is_empty(), "{suggest:?}");
            }
            other => panic!("{other:?}"),
        }
    }
}

//! "Did you mean …?": the known names closest to a name pkbench does not know, for the
//! messages of every name lookup (groups and KEMs, implementations, hashes, ciphers).
//!
//! Closeness is the optimal string alignment distance (`strsim::osa_distance`: insertions,
//! deletions, substitutions and swaps of two neighbours, each costing 1) between the
//! lower-cased name and each candidate, with `-`, `_` and spaces left out of both, so that
//! `mlkem-768`, `ML_KEM768` and `mlkem768` are one name. A candidate is close when its
//! distance is at most a third of the name's length (without separators), and at least 1 and at
//! most 3: `sha3` suggests sha0 and sha1, not sha384.

/// The canonical names whose spellings (a name or one of its aliases) are closest to
/// `name`, nearest first, without repeats, at most three; empty when none is close (see the
/// module documentation) or when `name` is already one of the spellings.
///
/// `known` lists `(spelling, canonical name)` pairs: an alias suggests the name it stands
/// for (`ml-kem-768` → `mlkem768`).
pub fn closest<'a>(name: &str, known: impl IntoIterator<Item = (&'a str, &'a str)>) -> Vec<String> {
    let want = squash(name);
    let mut scored: Vec<(usize, usize, &str)> = Vec::new();
    for (i, (spelling, canonical)) in known.into_iter().enumerate() {
        let have = squash(spelling);
        let d = strsim::osa_distance(&want, &have);
        if d == 0 && name.eq_ignore_ascii_case(spelling) {
            return Vec::new();
        }
        let limit = (want.chars().count() / 3).clamp(1, 3);
        if d <= limit {
            scored.push((d, i, canonical));
        }
    }
    scored.sort();
    let mut out: Vec<String> = Vec::new();
    for (_, _, c) in scored {
        if !out.iter().any(|o| o == c) {
            out.push(c.to_string());
        }
    }
    out.truncate(3);
    out
}

/// [`closest`] with every spelling its own canonical name.
pub fn closest_names<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    closest(name, known.into_iter().map(|k| (k, k)))
}

/// The words of a message for the suggestions: "did you mean mlkem768?", "did you mean p256
/// or p384?", "did you mean a, b or c?"; empty for none.
pub fn did_you_mean(suggestions: &[String]) -> String {
    match suggestions {
        [] => String::new(),
        [one] => format!("did you mean {one}?"),
        [init @ .., last] => format!("did you mean {} or {last}?", init.join(", ")),
    }
}

/// `name` lower-cased without `-`, `_` and spaces.
fn squash(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closest_names_and_their_wording() {
        let groups = [
            ("mlkem768", "mlkem768"),
            ("ml-kem-768", "mlkem768"),
            ("mlkem512", "mlkem512"),
            ("p256", "p256"),
            ("p384", "p384"),
            ("modp-768", "modp-768"),
        ];
        // One deletion away from mlkem768, one insertion from ml-kem-768: named once.
        assert_eq!(closest("mlkem-768", groups), ["mlkem768"]);
        assert_eq!(closest("ML_KEM768", groups), ["mlkem768"]);
        // Two neighbours swapped: 1 away; mlkem512 is 3 away (more than 8 / 3).
        assert_eq!(closest("mlkem-786", groups), ["mlkem768"]);
        // Nearest first: mlkem512 1 away, mlkem768 2 away (within 8 / 3).
        assert_eq!(closest("mlkem612", groups), ["mlkem512"]);
        assert_eq!(closest("mlkem568", groups), ["mlkem768", "mlkem512"]);
        assert_eq!(closest("p265", groups), ["p256"]);
        assert_eq!(closest("p385", groups), ["p384"]);
        assert!(closest("nothing-like-it", groups).is_empty());
        // A name that is known needs no suggestion.
        assert!(closest("ml-kem-768", groups).is_empty());
        let impls = ["pkbench", "openssl", "gcrypt", "gmp", "all"];
        assert_eq!(closest_names("opensl", impls), ["openssl"]);
        assert_eq!(closest_names("gcrpyt", impls), ["gcrypt"]);
        assert_eq!(closest_names("gpm", impls), ["gmp"]);
        assert!(closest_names("nss", impls).is_empty());
        assert_eq!(did_you_mean(&[]), "");
        assert_eq!(did_you_mean(&["a".into()]), "did you mean a?");
        assert_eq!(
            did_you_mean(&["a".into(), "b".into(), "c".into()]),
            "did you mean a, b or c?"
        );
    }
}

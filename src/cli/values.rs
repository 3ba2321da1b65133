//! One value through several implementations, the `--impl` of `offer`, `reply` and
//! `rsa-raw`: every implementation's value checked against pkbench's own (computed once the
//! user's values passed pkbench's own checks), printed alone for one implementation,
//! labelled for several, and a library that disagrees named in one error.

use crate::error::{Error, Result};
use crate::record::Skipped;

/// What one implementation asked for gave.
#[derive(Debug)]
pub enum Outcome {
    /// Its value, checked by [`render`] against pkbench's own.
    Value(Vec<u8>),
    /// It cannot compute the value here (a library missing, an operation it lacks): a note.
    Note(Skipped),
    /// Its call or its check failed: the message, which names it.
    Failed(String),
}

/// The text of a command whose implementations (`label`, in the order asked) gave
/// `outcomes`, where `own` is pkbench's own value and `what` names the computation in
/// messages (a group's name, "RSA raw"). One implementation asked for: its value alone, in
/// lower-case hex and a newline, as without `--impl`. Several: a `LABEL: VALUE` line each,
/// then a `note: …` line for each that cannot compute it here.
///
/// # Errors
/// [`Error::Runtime`] (exit 1: a library's disagreement is not bad input) naming every
/// implementation whose value differs from `own`, or whose call failed; [`Error::Input`]
/// (exit 2) when nothing asked for can compute `what` here, each reason named.
pub fn render(own: &[u8], what: &str, outcomes: Vec<(&str, Outcome)>) -> Result<String> {
    let asked = outcomes.len();
    let mut values = Vec::new();
    let mut notes = Vec::new();
    let mut wrong = Vec::new();
    for (label, outcome) in outcomes {
        match outcome {
            Outcome::Note(n) => notes.push(format!("{}: {}", n.item, n.reason.replace('\n', " "))),
            Outcome::Failed(e) => wrong.push(e),
            Outcome::Value(v) if v != own => wrong.push(format!(
                "{label} disagrees with pkbench's own value ({label} {}, pkbench {})",
                hex::encode(&v),
                hex::encode(own),
            )),
            Outcome::Value(v) => values.push((label, v)),
        }
    }
    if !wrong.is_empty() {
        return Err(Error::runtime(format!(
            "--impl: {} (pkbench's own checks accepted the values)",
            wrong.join("; ")
        )));
    }
    if values.is_empty() {
        return Err(Error::input(format!(
            "--impl: nothing asked for can compute {what} here ({}); add pkbench to the list",
            notes.join("; ")
        )));
    }
    if asked == 1 {
        return Ok(format!("{}\n", hex::encode(&values[0].1)));
    }
    let mut out = String::new();
    for (label, v) in &values {
        out.push_str(&format!("{label}: {}\n", hex::encode(v)));
    }
    for n in notes {
        out.push_str(&format!("note: {n}\n"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One value alone; several labelled in order with the notes last; a disagreement names
    /// who disagrees (exit 1) and prints no value; nothing able to run is exit 2.
    #[test]
    fn values_notes_and_disagreements() {
        let own = vec![0x00, 0x41];
        let v = |b: &[u8]| Outcome::Value(b.to_vec());
        let note = || Outcome::Note(Skipped::new("gcrypt (x)", "not found on this machine"));
        assert_eq!(render(&own, "x", vec![("gmp", v(&own))]).unwrap(), "0041\n");
        assert_eq!(
            render(
                &own,
                "x",
                vec![("pkbench", v(&own)), ("gcrypt", note()), ("gmp", v(&own))]
            )
            .unwrap(),
            "pkbench: 0041\ngmp: 0041\nnote: gcrypt (x): not found on this machine\n"
        );
        let e = render(&own, "x", vec![("pkbench", v(&own)), ("gmp", v(&[0x41]))]).unwrap_err();
        assert_eq!(e.exit_code(), 1);
        assert_eq!(
            e.message(),
            "--impl: gmp disagrees with pkbench's own value (gmp 41, pkbench 0041) (pkbench's own checks accepted the values)"
        );
        let e = render(&own, "x", vec![("gcrypt", note())]).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert_eq!(
            e.message(),
            "--impl: nothing asked for can compute x here (gcrypt (x): not found on this machine); add pkbench to the list"
        );
    }
}

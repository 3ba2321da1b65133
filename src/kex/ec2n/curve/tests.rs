//! Tests of the validation of an EC2N group file ([`Curve::from_file`]): the two built-in
//! files pass it as users' files, and each way a file can be wrong (tiny or composite order,
//! a cofactor whose product with the order is outside the Hasse interval, a generator off the
//! curve, of the wrong order or of small order, b = 0) is refused with one line naming the
//! key, exit code 2.
//!
//! The numbers (gf2-155, RFC 2409 §6.3, #E = 12·q): Q155 is its `order` q; 3·q is composite
//! and 12·q = 4·(3q) is #E, so `order = 3q, cofactor = 4` passes every check but primality;
//! Q155_NEXT = q + 34 is the next prime (sympy `nextprime`), and 12·Q155_NEXT lies in the
//! Hasse interval but does not annihilate G (ord G = 4q); ORDER4 is a point of order 4 and
//! ORDER3_X the x of one of order 3: multiples of q·R for points R with small x, computed
//! with textbook affine arithmetic in Python and checked again below.

use super::{Affine, Curve, Scalar};
use crate::arith::gf2m::{Arith, F155, F185, Fe, Gf2m, Trinomial};
use crate::params::GroupFile;

const Q155: &str = "aaaaaaaaaaaaaaaaaab1fcf1e206f421a3ea1b";
const Q155_TIMES_3: &str = "200000000000000000015f6d5a614dc64ebbe51";
const Q155_NEXT: &str = "aaaaaaaaaaaaaaaaaab1fcf1e206f421a3ea3d";
const ORDER4: (&str, &str) = (
    "311000000223a000c4474000088e8000111d1d",
    "15b000002b60000056c00000ad8000015b0353",
);
const ORDER3_X: &str = "07c7b6c361b7090c4c7bd181479cbaf4af774a30";

/// `key = value` replacements in a params file.
type Changes<'a> = Vec<(&'a str, &'a str)>;

fn builtin_text(name: &str) -> String {
    let path = format!("{}/params/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

/// The text of gf2-155.toml with `key = …` lines replaced (the value written as given).
fn gf2_155_with(changes: &[(&str, &str)]) -> String {
    let mut out = String::new();
    for line in builtin_text("gf2-155").lines() {
        let key = line.split('=').next().unwrap_or("").trim();
        match changes.iter().find(|(k, _)| *k == key) {
            Some((k, v)) => out.push_str(&format!("{k} = {v}\n")),
            None => out.push_str(&format!("{line}\n")),
        }
    }
    out
}

/// Parses `text` as if read from `--params bad.toml`.
fn user_file(text: &str) -> GroupFile {
    let mut f: GroupFile = toml::from_str(text).unwrap();
    f.path = Some("bad.toml".into());
    f
}

fn load<F: Trinomial>(text: &str) -> crate::error::Result<Curve<F>> {
    Curve::<F>::from_file(&user_file(text), Arith::portable())
}

fn hexfe(s: &str) -> Fe {
    Fe::from_be_bytes(&hex::decode(s).unwrap()).unwrap()
}

/// The two built-in files pass the full validation as users' files, with the same curve.
#[test]
fn builtin_files_pass_as_users_files() {
    let a = load::<F155>(&builtin_text("gf2-155")).unwrap();
    let b = Curve::<F155>::from_file(
        &crate::params::lookup("gf2-155").unwrap(),
        Arith::portable(),
    )
    .unwrap();
    assert_eq!(
        (a.q, a.h, a.g, &a.small_order_x),
        (b.q, b.h, b.g, &b.small_order_x)
    );
    assert_eq!(a.h, 12);
    // 12 = 2²·3: O excluded, 11 points, two per x except the point of order 2 (x = 0).
    assert_eq!(a.small_order_x.len(), 6);
    let c = load::<F185>(&builtin_text("gf2-185")).unwrap();
    assert_eq!(c.h, 4);
    assert_eq!(c.small_order_x.len(), 2);
}

/// The fixtures are what the comments say: ORDER4 has order 4 and ORDER3_X is the x of a
/// point of order 3 (so the refusals below are for the stated reason).
#[test]
fn fixture_points_have_the_stated_orders() {
    let c = load::<F155>(&builtin_text("gf2-155")).unwrap();
    let f = Gf2m::<F155>::new(Arith::portable());
    let p4 = Affine {
        x: hexfe(ORDER4.0),
        y: hexfe(ORDER4.1),
    };
    assert!(c.on_curve(&f, &p4));
    assert!(c.mul_ref(&f, &Scalar::from_u64(4), Some(p4)).is_none());
    assert!(c.mul_ref(&f, &Scalar::from_u64(2), Some(p4)).is_some());
    let x3 = hexfe(ORDER3_X);
    let p3 = Affine {
        x: x3,
        y: c.y_from_x(&f, &x3).unwrap(),
    };
    assert!(c.mul_ref(&f, &Scalar::from_u64(3), Some(p3)).is_none());
    assert!(
        c.small_order_x.contains(&x3),
        "refused by the built-in group"
    );
}

/// Each bad file: refused, exit code 2, one line starting with the file, naming the key.
#[test]
fn bad_files_are_refused_naming_the_key() {
    let q = format!("\"{Q155}\"");
    let q3 = format!("\"{Q155_TIMES_3}\"");
    let qn = format!("\"{Q155_NEXT}\"");
    let (gx4, gy4) = (format!("\"{}\"", ORDER4.0), format!("\"{}\"", ORDER4.1));
    let cases: Vec<(Changes, &str, &str)> = vec![
        (
            vec![("order", "\"5\"")],
            "`order` = 0x5 (3 bits) is too small",
            "2^79.5",
        ),
        (
            vec![("order", "\"ffffffffffff\"")],
            "`order`",
            "order > 4·2^(m/2)",
        ),
        // 3q is composite; 4·3q = #E, so nothing else would catch it.
        (
            vec![("order", &q3), ("cofactor", "4")],
            "`order` is composite",
            "order probably prime",
        ),
        // The review's file: cofactor 4 instead of 12.
        (
            vec![("order", &q), ("cofactor", "4")],
            "fix `cofactor` or `order` (the multiple of `order` in that interval is 12 × order)",
            "Hasse",
        ),
        (
            vec![("cofactor", "13")],
            "fix `cofactor`",
            "|2^m + 1 − cofactor × order|",
        ),
        (
            vec![("cofactor", "0")],
            "`cofactor` = 0",
            "1 ≤ cofactor ≤ 64",
        ),
        (
            vec![("cofactor", "65")],
            "`cofactor` = 65",
            "1 ≤ cofactor ≤ 64",
        ),
        // A prime near q: 12·q' is in the Hasse interval, but G has order 4q.
        (
            vec![("order", &qn)],
            "check `gx`, `gy`, `order`",
            "h·q·G = O",
        ),
        (
            vec![("gx", &gx4), ("gy", &gy4)],
            "the generator (`gx`, `gy`) has small order",
            "h·G ≠ O",
        ),
        (
            vec![("gy", "\"1c9\"")],
            "(`gx`, `gy`) is not on the curve",
            "gx³ + b",
        ),
        (vec![("b", "\"0\"")], "`b` = 0", "b ≠ 0"),
        (vec![("a", "\"1\"")], "`a` must be 0", ""),
        (
            vec![(
                "order",
                "\"1000000000000000000000000000000000000000000000001\"",
            )],
            "`order` must fit in 192 bits",
            "",
        ),
    ];
    for (changes, what, check) in &cases {
        let e = load::<F155>(&gf2_155_with(changes))
            .map(|_| ())
            .unwrap_err();
        // The binary's words (the file named by its flag).
        let msg = crate::cli::errors::render(&e);
        assert_eq!(e.exit_code(), 2, "{msg}");
        assert!(!msg.contains('\n'), "{msg}");
        assert!(msg.starts_with("--params bad.toml: "), "{msg}");
        assert!(msg.contains(what), "{changes:?}: {msg} lacks {what:?}");
        assert!(msg.contains(check), "{changes:?}: {msg} lacks {check:?}");
    }
}

/// A built-in group names itself in messages; a user's file names its path (a copied file
/// keeps the built-in `name`).
#[test]
fn messages_name_the_file() {
    let text = gf2_155_with(&[("cofactor", "4")]);
    let mut f: GroupFile = toml::from_str(&text).unwrap();
    let render = crate::cli::errors::render;
    let e = Curve::<F155>::from_file(&f, Arith::portable()).unwrap_err();
    assert!(render(&e).starts_with("gf2-155: invalid group: "), "{e}");
    f.path = Some("/tmp/copy.toml".into());
    let e = Curve::<F155>::from_file(&f, Arith::portable()).unwrap_err();
    assert!(
        render(&e).starts_with("--params /tmp/copy.toml: invalid group: "),
        "{e}"
    );
}

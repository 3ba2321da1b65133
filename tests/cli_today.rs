//! P-384, P-521 and X448 through `pkbench offer`/`reply` (RFC 5903 §8.2–8.3, RFC 7748 §6.2,
//! from `vectors/ecdh-today.json`), bytes on the wire in `dh`, and `choose --post-quantum`.

mod common;

use common::{pkbench_input_error as bad, pkbench_ok, vector_file};

fn ok(args: &[&str]) -> String {
    pkbench_ok(args).trim().to_string()
}

#[test]
fn p384_p521_x448_known_answers() {
    let v = vector_file("ecdh-today.json");
    for w in v["weierstrass"].as_array().unwrap() {
        let s = |k: &str| w[k].as_str().unwrap();
        let g = s("group");
        let gr = ok(&["offer", "--field", g, "--secret", s("r")]);
        let gi = ok(&["offer", "--field", g, "--secret", s("i")]);
        assert_eq!(
            ok(&["reply", "--field", g, "--secret", s("i"), "--peer", &gr]),
            s("girx")
        );
        assert_eq!(
            ok(&["reply", "--field", g, "--secret", s("r"), "--peer", &gi]),
            s("girx")
        );
    }
    let x = &v["x448"];
    let s = |k: &str| x[k].as_str().unwrap();
    assert_eq!(
        ok(&["offer", "--field", "x448", "--secret", s("alice_secret")]),
        s("alice_public")
    );
    assert_eq!(
        ok(&[
            "reply",
            "--field",
            "x448",
            "--secret",
            s("alice_secret"),
            "--peer",
            s("bob_public")
        ]),
        s("shared")
    );
    let e = bad(&[
        "reply",
        "--field",
        "x448",
        "--secret",
        s("alice_secret"),
        "--peer",
        &"00".repeat(56),
    ]);
    assert!(e.contains("all zero"), "{e}");
    let mut off = s("bob_public").to_string();
    off.truncate(110);
    let e = bad(&[
        "reply",
        "--field",
        "x448",
        "--secret",
        s("alice_secret"),
        "--peer",
        &off,
    ]);
    assert!(e.contains("56-byte"), "{e}");
}

#[test]
fn dh_prints_bytes_on_the_wire() {
    for (g, b) in [("p384", 97), ("p521", 133), ("x448", 56), ("x25519", 32)] {
        let out = pkbench_ok(&["dh", "--field", g, "--time", "0.01"]);
        assert!(
            out.contains(&format!(
                "sends its public value, {b} B; {} B per exchange",
                2 * b
            )),
            "{g}:\n{out}"
        );
    }
}

#[test]
fn choose_post_quantum_names_a_kem_and_its_implementation() {
    // Issue 31: only rows whose quantum security meets the target are ranked; the DH groups
    // (0 bits against a quantum computer) are left out, never called chosen.
    let out = pkbench_ok(&[
        "choose",
        "--min-security",
        "128",
        "--post-quantum",
        "--budget-ms",
        "5",
        "--tie-secs",
        "0",
    ]);
    for l in out.lines() {
        assert!(l.chars().count() <= 80, "wider than 80 columns: {l}");
    }
    assert!(
        out.contains("Options meeting 128 bits classical and quantum"),
        "{out}"
    );
    assert!(out.contains("bits: classical/quantum"), "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("Chosen:"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.contains("mlkem")
            && (line.contains("ml-kem 0.")
                || line.contains("libcrux-ml-kem")
                || line.contains("aws-lc-rs")),
        "{line}"
    );
    assert!(out.contains("quantum."), "{out}");
    // The table holds KEMs only: every row's security is classical/quantum ≥ 128.
    let rows: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("  option"))
        .skip(1)
        .take_while(|l| !l.starts_with("key:"))
        .collect();
    assert!(!rows.is_empty(), "{out}");
    for r in rows {
        assert!(!r.ends_with("/0"), "{r}");
    }
}

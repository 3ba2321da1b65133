//! `--impl LIST|all`: one row per implementation, timed in one run, each checked against
//! pkbench's own output; the ratio column; records naming each operation's implementation
//! with its version; absent libraries as notes (with `PKBENCH_NO_PEERS=1`), never an error.

mod common;

use common::{Pkbench, skip};
use serde_json::Value;

const QUICK: [&str; 2] = ["--time", "0.02"];

fn with_quick(args: &[&'static str]) -> Vec<&'static str> {
    let mut v = args.to_vec();
    v.extend(QUICK);
    v
}

/// Whether the tests run with the libraries hidden (then the peer rows are absent).
fn hidden() -> bool {
    common::peers_hidden()
}

/// `lib` has no rows in record `v`. With the libraries hidden that is what `--impl`
/// documents, and its note must say the library was not found; otherwise OpenSSL, libgcrypt
/// and GMP are installed by CI, so a missing one is a skip (a failure under strict).
#[track_caller]
fn no_rows(v: &Value, lib: &str, what: &str) {
    if hidden() {
        let note = v["skipped"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["params"]["impl"] == lib)
            .unwrap_or_else(|| panic!("no note for {lib}: {v}"));
        assert!(
            note["reason"].as_str().unwrap().contains("not found"),
            "{note}"
        );
    } else {
        skip(&format!("{lib} not found here: {what}"));
    }
}

fn ops(v: &Value) -> &Vec<Value> {
    v["operations"].as_array().unwrap()
}

#[test]
fn dh_rows_per_implementation_name_library_and_version() {
    let v = common::pkbench_summary(&with_quick(&[
        "dh",
        "--field",
        "gf2-155",
        "--exp-bits",
        "128",
        "--impl",
        "all",
        "--json",
    ]));
    let own: Vec<&Value> = ops(&v)
        .iter()
        .filter(|o| o["params"].get("impl").is_none() && o["params"]["table"] == true)
        .collect();
    assert_eq!(
        own.len(),
        4,
        "Offer, Reply, Total, CPU sum of pkbench's own"
    );
    assert_eq!(own[0]["implementation"]["name"], "pkbench");
    // gcrypt and gmp have no binary curves: notes, never errors.
    let skipped = v["skipped"].as_array().unwrap();
    for lib in ["gcrypt", "gmp"] {
        let note = skipped
            .iter()
            .find(|s| s["params"]["impl"] == lib)
            .unwrap_or_else(|| panic!("no note for {lib}: {skipped:?}"));
        let reason = note["reason"].as_str().unwrap();
        assert!(
            reason.contains("does not offer it") || reason.contains("not found"),
            "{reason}"
        );
    }
    let ssl: Vec<&Value> = ops(&v)
        .iter()
        .filter(|o| o["params"]["impl"] == "openssl")
        .collect();
    if ssl.is_empty() {
        no_rows(&v, "openssl", "no openssl rows on gf2-155");
        return;
    }
    assert_eq!(ssl.len(), 4);
    let imp = &ssl[0]["implementation"];
    assert_eq!(imp["name"], "openssl");
    assert_eq!(imp["kind"], "library");
    assert!(imp["version"].as_str().unwrap().starts_with('3'), "{imp}");
    assert!(
        imp["variant"].as_str().unwrap().contains("GF(2^155)"),
        "{imp}"
    );
    // Same group, same secret size: the rows differ only by implementation.
    assert_eq!(ssl[1]["params"]["group"], own[1]["params"]["group"]);
    assert_eq!(ssl[1]["params"]["exp_bits"], 128);
}

/// `dh --impl all` on gf2-155: OpenSSL's `EC_POINT_mul` has no table on the generator, so
/// the run also times pkbench's own code without its table, in the same rounds; every row
/// says what its Offer precomputed, and the OpenSSL rows get the like-for-like speed.
#[test]
fn a_library_without_a_table_is_also_compared_with_pkbench_without_its_table() {
    let v = common::pkbench_summary(&with_quick(&[
        "dh",
        "--field",
        "gf2-155",
        "--exp-bits",
        "128",
        "--impl",
        "all",
        "--json",
    ]));
    let kind = |o: &Value| {
        o["info"]["precomputation"]["kind"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let rows = |table: bool, imp: Option<&str>| -> Vec<&Value> {
        ops(&v)
            .iter()
            .filter(|o| o["params"]["table"] == table && o["params"]["impl"].as_str() == imp)
            .collect()
    };
    let with = rows(true, None);
    assert_eq!(with.len(), 4);
    assert!(with.iter().all(|o| kind(o) == "table"), "{with:?}");
    assert!(with[0]["info"]["precomputation"]["bytes"].as_u64().unwrap() > 1 << 20);
    let ssl = rows(false, Some("openssl"));
    let without = rows(false, None);
    if ssl.is_empty() {
        no_rows(&v, "openssl", "no twin without the table");
        assert!(
            without.is_empty(),
            "the twin runs only beside a library without a table"
        );
        return;
    }
    assert_eq!(without.len(), 4, "pkbench's own without its table");
    assert!(without.iter().chain(&ssl).all(|o| kind(o) == "none"));
    // Same seed, same secrets: the twin times the table-less path of the same work. Which
    // is faster is not asserted (a speed, on a shared machine: a loaded run once had the
    // twin's Offer faster); the record's precomputation says what each row did.
    let by = v["by_implementation"]
        .as_array()
        .expect("by_implementation");
    let offer = by
        .iter()
        .find(|e| e["operation"] == "Offer" && e["params"]["impl"] == "openssl")
        .unwrap();
    assert_eq!(offer["same_precomputation"], false, "{offer}");
    // OpenSSL's Offer gets its speed against pkbench's table Offer and, like for like,
    // against the table-less twin, each with its interval from the paired rounds.
    let interval = |e: &Value| {
        let iv = e["interval"].as_array().unwrap_or_else(|| panic!("{e}"));
        let (lo, hi) = (iv[0].as_f64().unwrap(), iv[1].as_f64().unwrap());
        let speed = e["speed_vs_own"].as_f64().unwrap();
        assert!(lo <= speed && speed <= hi, "{e}");
        (lo, hi)
    };
    interval(&offer["like_for_like"]);
    interval(offer);
    let reply = by
        .iter()
        .find(|e| e["operation"] == "Reply" && e["params"]["impl"] == "openssl")
        .unwrap();
    assert!(
        reply["like_for_like"].is_null(),
        "Reply uses no table: {reply}"
    );
}

/// The text of that run: a "table" column on every row, "≠" beside each speed whose sides
/// differ in it, and the like-for-like speed on the line below.
#[test]
fn the_text_says_which_rows_have_a_table() {
    let out = common::pkbench_ok(&with_quick(&["dh", "--field", "gf2-155", "--impl", "all"]));
    let by = &out[out.find("by implementation").expect("by implementation")..];
    assert!(by.contains(" table "), "{by}");
    let row = |code: &str, table: &str| {
        by.lines()
            .find(|l| {
                l.trim_start().starts_with("Offer")
                    && l.split_whitespace().nth(1) == Some(code)
                    && l.contains(table)
            })
            .map(str::to_string)
    };
    assert!(row("pkbench", "MiB").is_some(), "{by}");
    let Some(ssl) = row("openssl", "none") else {
        common::library_missing(&out, "openssl", "no openssl row on gf2-155");
        return;
    };
    let twin = row("pkbench", "none").unwrap_or_else(|| panic!("no twin:\n{by}"));
    assert!(twin.ends_with('≠'), "{twin}");
    assert!(ssl.ends_with('≠'), "{ssl}");
    let next = by.lines().skip_while(|l| **l != *ssl).nth(1).unwrap();
    assert!(
        next.contains("like for like, vs pkbench without its table:"),
        "{next}"
    );
    assert_eq!(common::speedups(next), 1, "{next}");
}

/// OpenSSL's P-256 Offer uses its built-in multiples of the generator, as pkbench's own
/// (the p256 crate's table) does: like for like, no twin, no mark; k256 through OpenSSL
/// has no table.
#[test]
fn library_tables_are_named() {
    for (group, ssl_kind) in [
        ("p256", "built-in"),
        ("k256", "none"),
        ("x25519", "built-in"),
    ] {
        let v = common::pkbench_json(&with_quick(&[
            "dh",
            "--field",
            group,
            "--impl",
            "pkbench,openssl",
            "--json",
        ]));
        let ssl: Vec<&Value> = ops(&v)
            .iter()
            .filter(|o| o["params"]["impl"] == "openssl")
            .collect();
        if ssl.is_empty() {
            no_rows(&v, "openssl", &format!("no openssl rows on {group}"));
            return;
        }
        let kind = ssl[0]["info"]["precomputation"]["kind"].as_str().unwrap();
        assert_eq!(kind, ssl_kind, "{group}");
        let twins = ops(&v)
            .iter()
            .filter(|o| o["params"].get("impl").is_none() && o["params"]["table"] == false)
            .count();
        assert_eq!(twins, if ssl_kind == "none" { 4 } else { 0 }, "{group}");
    }
}

#[test]
fn the_text_has_a_speed_column_against_pkbench() {
    let out = common::pkbench_ok(&with_quick(&["hash", "--algo", "md5", "--impl", "all"]));
    assert!(out.contains("by implementation"), "{out}");
    assert!(out.contains("speed"), "{out}");
    let own = out
        .lines()
        .find(|l| l.trim_start().starts_with("hash MD5") && l.contains("md-5"))
        .unwrap_or_else(|| panic!("no own row:\n{out}"));
    assert!(own.trim_end().ends_with("1.00x"), "{own}");
    if hidden() {
        assert!(out.contains("not found on this machine"), "{out}");
        return;
    }
    let ssl = out
        .lines()
        .find(|l| l.contains("openssl") && l.contains("MB/s"))
        .unwrap_or_else(|| panic!("no openssl row:\n{out}"));
    assert_eq!(
        common::speedups(ssl),
        1,
        "a speed against pkbench's own: {ssl}"
    );
}

/// `--impl pkbench,pkbench-portable` times pkbench's two GF(2^m) code paths in the same
/// rounds: the portable rows are tagged, run the portable code, give the same results
/// (checked before timing) and are slower where the CPU has carry-less multiply (the paired
/// interval of their speed lies below 1/1.5).
#[test]
fn dh_portable_twin_in_the_same_rounds() {
    let v = common::pkbench_summary(&[
        "dh",
        "--field",
        "gf2-155",
        "--exp-bits",
        "128",
        "--impl",
        "pkbench,pkbench-portable",
        "--time",
        "0.1",
        "--json",
    ]);
    let of = |imp: Option<&str>| -> Vec<&Value> {
        ops(&v)
            .iter()
            .filter(|o| o["params"].get("impl").and_then(Value::as_str) == imp)
            .collect()
    };
    let (own, twin) = (of(None), of(Some("pkbench-portable")));
    assert_eq!((own.len(), twin.len()), (4, 4), "{v}");
    for o in &twin {
        assert_eq!(o["implementation"]["variant"], "portable", "{o}");
    }
    // Both Totals come from the same rounds (paired).
    for rows in [&own, &twin] {
        let t = rows
            .iter()
            .find(|o| o["name"].as_str().unwrap().starts_with("Total"))
            .unwrap();
        assert_eq!(
            t["rounds"].as_array().unwrap().len(),
            twin_rounds(&v),
            "{t}"
        );
        assert!(t["figures"]["total_s"].as_f64().unwrap() > 0.0, "{t}");
    }
    if own[0]["implementation"]["variant"] == "portable" {
        common::skip_cpu("this CPU has no carry-less multiply: both rows run the portable code");
        return;
    }
    // The summary key gives each twin row's speed inside its own interval, from the paired
    // rounds. The portable code is 4-10x slower on the machines measured (docs/perf.md); the
    // whole interval below 1/1.5 says only that the rows ran different code, with room for a
    // loaded machine (no comparison of two medians of their own: those move apart under load).
    let by = v["by_implementation"]
        .as_array()
        .expect("by_implementation");
    assert_eq!(by.len(), 8, "{by:?}");
    for e in &by[4..] {
        let speed = e["speed_vs_own"].as_f64().unwrap();
        let iv = e["interval"].as_array().unwrap_or_else(|| panic!("{e}"));
        let (lo, hi) = (iv[0].as_f64().unwrap(), iv[1].as_f64().unwrap());
        assert!(lo <= speed && speed <= hi && hi < 1.0 / 1.5, "{e}");
        assert_eq!(e["params"]["impl"], "pkbench-portable", "{e}");
    }
    assert_eq!(by[0]["speed_vs_own"], 1.0);
}

/// The rounds of the Offer row of pkbench's own (every row of one run has as many).
fn twin_rounds(v: &Value) -> usize {
    ops(v)[0]["stats"]["rounds"].as_array().unwrap().len()
}

#[test]
fn the_portable_twin_text_has_a_speed_and_its_interval() {
    let out = common::pkbench_ok(&[
        "dh",
        "--field",
        "gf2-155",
        "--impl",
        "pkbench,pkbench-portable",
        "--time",
        "0.1",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("pkbench-portable") && l.contains("Reply"))
        .unwrap_or_else(|| panic!("no portable Reply row:\n{out}"));
    // A long interval ("[0.059, 0.12]") goes on to the next line, within 80 columns.
    let row = if lines[at].contains(']') {
        lines[at].to_string()
    } else {
        format!("{} {}", lines[at], lines[at + 1].trim())
    };
    let row = row.as_str();
    assert_eq!(common::speedups(row), 1, "{row}");
    let iv = &row[row
        .find('[')
        .unwrap_or_else(|| panic!("no interval: {row}"))..];
    let bounds: Vec<f64> = iv
        .trim_matches(|c| c == '[' || c == ']')
        .split(", ")
        .map(|b| b.parse().unwrap())
        .collect();
    assert!(bounds.len() == 2 && bounds[0] <= bounds[1], "{row}");
}

#[test]
fn the_portable_twin_is_refused_where_there_is_none() {
    for (args, says) in [
        (
            &["dh", "--field", "x25519", "--impl", "pkbench-portable"][..],
            "binary curves",
        ),
        (
            &[
                "hash",
                "--algo",
                "md5",
                "--impl",
                "pkbench,pkbench-portable",
            ][..],
            "only `dh` on a binary curve",
        ),
        (
            &[
                "dh",
                "--field",
                "gf2-155",
                "--no-clmul",
                "--impl",
                "pkbench,pkbench-portable",
            ][..],
            "leave --no-clmul out",
        ),
    ] {
        let err = Pkbench::new(args).input_error();
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn hidden_libraries_give_notes_not_errors() {
    let out = Pkbench::new(&with_quick(&[
        "cipher",
        "--algo",
        "aes",
        "--mode",
        "cbc",
        "--impl",
        "pkbench,openssl,gcrypt",
    ]))
    .env("PKBENCH_NO_PEERS", "1")
    .ok();
    assert!(
        out.contains("openssl (AES): not found on this machine"),
        "{out}"
    );
    assert!(
        out.contains("gcrypt (AES): not found on this machine"),
        "{out}"
    );
    assert!(out.contains("PKBENCH_NO_PEERS=1"), "{out}");
}

/// When nothing asked for can run, nothing is timed: exit 2 with the reasons, no record.
#[test]
fn nothing_to_time_is_an_input_error_and_saves_nothing() {
    let dir = common::scratch("impl-nothing");
    let out = dir.join("e.json");
    let path = out.to_str().unwrap();
    for (args, hide, says) in [
        (
            &["cipher", "--algo", "aes", "--impl", "openssl,gcrypt"][..],
            true,
            "gcrypt (AES): not found on this machine",
        ),
        (
            &["dh", "--field", "gf2-155", "--impl", "gmp"][..],
            false,
            "GMP computes only mod-p groups",
        ),
        (
            &["rsa", "--bits", "512", "--impl", "gcrypt", "--powm", "sec"][..],
            false,
            "no constant-time call",
        ),
        (
            &[
                "rsa", "--bits", "512", "--impl", "openssl", "--cache", "cold",
            ][..],
            false,
            "warm caches only",
        ),
        (
            &["des", "--keysetup", "--impl", "gcrypt"][..],
            false,
            "no call that builds a DES key schedule alone",
        ),
    ] {
        let mut all = args.to_vec();
        all.extend(["--time", "0.02", "--output", path]);
        let mut p = Pkbench::new(&all);
        if hide {
            p = p.env("PKBENCH_NO_PEERS", "1");
        }
        let err = p.input_error();
        assert!(
            err.contains(says) || (hidden() && err.contains("not found")),
            "{args:?}: {err}"
        );
        assert!(!out.exists(), "{args:?}: no record is saved");
    }
}

#[test]
fn an_unknown_implementation_is_an_input_error() {
    let err = common::pkbench_input_error(&["dh", "--impl", "nss"]);
    assert!(err.contains("--impl"), "{err}");
    assert!(err.contains("nss"), "{err}");
}

#[test]
fn cipher_rows_of_a_library_equal_work() {
    let v = common::pkbench_summary(&with_quick(&[
        "cipher",
        "--algo",
        "twofish",
        "--mode",
        "cbc",
        "--impl",
        "pkbench,gcrypt",
        "--json",
    ]));
    let rows = ops(&v);
    let g = rows.iter().find(|o| o["params"]["impl"] == "gcrypt");
    let Some(g) = g else {
        no_rows(&v, "gcrypt", "no TWOFISH row");
        return;
    };
    assert_eq!(g["implementation"]["name"], "gcrypt");
    assert_eq!(g["name"], "CBC enc");
    assert_eq!(g["params"]["cipher"], "TWOFISH");
    let own = rows
        .iter()
        .find(|o| o["params"].get("impl").is_none())
        .unwrap();
    assert_eq!(own["implementation"]["name"], "twofish");
}

/// `rsa --impl all`: the same key and chunks through every library (checked against
/// pkbench's own before and after timing), OpenSSL with the CRT (its RSA API's private
/// operation, which adds blinding and says so, and the CRT on BN calls as a named variant
/// compared with pkbench's own CRT), the others with a note for it.
#[test]
fn rsa_rows_per_library_on_the_same_key() {
    let v = common::pkbench_summary(&[
        "rsa", "--bits", "512", "--crt", "--impl", "all", "--time", "0.02", "--json",
    ]);
    let rows = |imp: Option<&str>| -> Vec<&Value> {
        ops(&v)
            .iter()
            .filter(|o| o["params"].get("impl").and_then(Value::as_str) == imp)
            .collect()
    };
    let own = rows(None);
    let names = |r: &[&Value]| -> Vec<String> {
        r.iter()
            .map(|o| o["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        names(&own),
        ["private op (raw)", "private op (CRT)", "public op"]
    );
    if hidden() {
        assert_eq!(v["skipped"].as_array().unwrap().len(), 3, "{v}");
        for lib in ["openssl", "gcrypt", "gmp"] {
            assert!(rows(Some(lib)).is_empty(), "{lib} hidden");
            no_rows(&v, lib, "no rsa rows");
        }
        return;
    }
    for (lib, want) in [
        (
            "openssl",
            &[
                "private op (raw)",
                "private op (CRT)",
                "private op (CRT on BN)",
                "public op",
            ][..],
        ),
        ("gcrypt", &["private op (raw)", "public op"][..]),
        ("gmp", &["private op (raw)", "public op"][..]),
    ] {
        let r = rows(Some(lib));
        if r.is_empty() {
            no_rows(&v, lib, "no rsa rows");
            continue;
        }
        assert_eq!(names(&r), want, "{lib}");
        for o in &r {
            // The same key and chunks as pkbench's own rows.
            assert_eq!(o["info"]["n"], own[0]["info"]["n"], "{lib}");
            assert_eq!(o["params"]["chunk_bytes"], 63, "{lib}");
            assert_eq!(o["implementation"]["name"], lib, "{o}");
            assert!(o["figures"]["bytes_per_sec"].as_f64().unwrap() > 0.0);
        }
        if lib == "openssl" {
            let by_name = |n: &str| *r.iter().find(|o| o["name"] == n).unwrap();
            let api = by_name("private op (CRT)");
            assert_eq!(
                api["implementation"]["variant"],
                "EVP_PKEY_decrypt, RSA_NO_PADDING"
            );
            assert_eq!(
                api["info"]["extra_work"],
                "blinding and a check of the result with e"
            );
            let bn = by_name("private op (CRT on BN)");
            assert_eq!(bn["info"]["same_work_as"], "private op (CRT)");
            assert_eq!(
                bn["implementation"]["variant"],
                "CRT on BN calls, BN_mod_exp_mont"
            );
            assert_eq!(
                by_name("private op (raw)")["implementation"]["variant"],
                "BN_mod_exp_mont"
            );
            // The variant's speed is given against pkbench's own CRT (the same work).
            let bn_speed = v["by_implementation"]
                .as_array()
                .unwrap()
                .iter()
                .find(|e| e["operation"] == "private op (CRT on BN)")
                .unwrap();
            assert!(
                bn_speed["speed_vs_own"].as_f64().unwrap() > 0.0,
                "{bn_speed}"
            );
        }
        if lib != "openssl" {
            let note = v["skipped"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["params"]["impl"] == lib)
                .unwrap_or_else(|| panic!("no CRT note for {lib}: {v}"));
            assert!(note["reason"].as_str().unwrap().contains("CRT"), "{note}");
        }
    }
}

/// The text of `rsa --crt --impl openssl,pkbench`: OpenSSL's CRT row (its RSA API) is
/// followed by the note that it adds blinding, beside its speed against pkbench's own CRT,
/// and OpenSSL's own CRT speedup says the same beside it; the BN variant's row has no note.
#[test]
fn rsa_crt_through_the_rsa_api_says_it_does_more() {
    let out = common::pkbench_ok(&[
        "rsa",
        "--bits",
        "512",
        "--crt",
        "--impl",
        "openssl,pkbench",
        "--time",
        "0.05",
    ]);
    if !out.contains("EVP_PKEY_decrypt") {
        common::library_missing(&out, "openssl", "no CRT row through its RSA API");
        return;
    }
    let lines: Vec<&str> = out.lines().collect();
    let at = |p: &str| lines.iter().position(|l| l.trim_start().starts_with(p));
    let api = at("private op (CRT) ").unwrap_or_else(|| panic!("{out}"));
    let api_row = lines[api..]
        .iter()
        .position(|l| l.contains("openssl") && l.trim_start().starts_with("private op (CRT) "))
        .map(|i| api + i)
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        lines[api_row + 1].contains("^ unlike work: this row adds blinding and a check of"),
        "{out}"
    );
    let bn = at("private op (CRT on BN)").unwrap_or_else(|| panic!("{out}"));
    assert!(!lines[bn + 1].contains("unlike work"), "{out}");
    // The speedup's note, wrapped to 80 columns: read with its words rejoined.
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "over the raw private operation (95 % interval from the paired rounds: \
             Hodges–Lehmann, Wilcoxon signed rank) unlike work: the CRT row adds blinding \
             and a check of the result with e; the raw row does neither"
        ),
        "{out}"
    );
    assert!(
        out.contains("openssl 3") && out.contains("(EVP_PKEY_decrypt, RSA_NO_PADDING)"),
        "{out}"
    );
}

/// `des --keysetup --impl all`: OpenSSL's DES_set_key_unchecked on the same keys, checked
/// (every pooled key's schedule before timing, the last of each batch after).
#[test]
fn des_key_setup_through_openssl() {
    let v = common::pkbench_summary(&with_quick(&[
        "des",
        "--keysetup",
        "--impl",
        "all",
        "--json",
    ]));
    let own = ops(&v)
        .iter()
        .find(|o| o["params"].get("impl").is_none())
        .unwrap_or_else(|| panic!("no own row: {v}"));
    assert_eq!(own["implementation"]["name"], "des");
    let notes = v["skipped"].as_array().unwrap();
    for lib in ["gcrypt", "gmp"] {
        assert!(
            notes.iter().any(|n| n["params"]["impl"] == lib),
            "{lib}: {v}"
        );
    }
    let Some(ssl) = ops(&v).iter().find(|o| o["params"]["impl"] == "openssl") else {
        assert!(notes.iter().any(|n| n["params"]["impl"] == "openssl"));
        no_rows(&v, "openssl", "no DES key setup row");
        return;
    };
    assert_eq!(ssl["name"], "key setup");
    assert_eq!(ssl["params"]["op"], own["params"]["op"]);
    assert_eq!(ssl["implementation"]["name"], "openssl");
    assert_eq!(ssl["info"]["schedules_checked_before"], 1024);
    assert_eq!(ssl["info"]["outputs_checked"], 1);
    assert!(ssl["figures"]["keys_per_sec"].as_f64().unwrap() > 0.0);
}

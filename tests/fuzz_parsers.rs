//! Property tests over generated and mutated input for every parser of hostile input
//! (issue 21): hex values, the peer encodings of every key-exchange family, group files,
//! PEM and DER RSA keys, result records (schema 1 and 2, truncated and edited) and what
//! `compare` and `plot` do with them. No input may panic; every refusal is a typed input
//! error (exit code 2) that renders to one line; what is accepted is checked (a DH exchange
//! agrees, an RSA key round-trips, a record re-serialises). Harness: `fuzz/mod.rs`; the total
//! number of inputs is `PKBENCH_FUZZ_CASES` (default 100 000), shared as the `SHARE_*`
//! constants say. A few inputs of each file kind also go through the binary: exit code 2,
//! one stderr line.

mod common;
mod fuzz;

use fuzz::{Case, below, cases, mutate, mutate_any, random_bytes};
use pkbench::error::{Error, Param, parse_hex, parse_hex_bytes};
use pkbench::kex::{self, ExpBits, GroupOptions, KeyExchange, ValueForm};
use pkbench::record::ResultRecord;
use pkbench::report::compare::{NoiseRule, compare_records};
use rand_chacha::ChaCha20Rng;
use serde_json::Value;
use std::path::PathBuf;

/// Shares of the total, per mille (sum 1000).
const SHARE_HEX: u64 = 250;
const SHARE_PEER: u64 = 350;
const SHARE_GROUP_FILE: u64 = 40;
const SHARE_RSA: u64 = 150;
const SHARE_RECORD: u64 = 210;

/// Groups open without fixed-base tables (Offer's speed is not what is tested).
const NO_TABLE: GroupOptions = GroupOptions {
    table: false,
    backend: None,
    clmul: true,
    gf2m_code: pkbench::kex::Gf2mChoice::Fastest,
    table_window: pkbench::kex::WindowChoice::Default,
    g2_shift: false,
};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

// ---- hex values ----------------------------------------------------------------------

const HEX_SEEDS: &[&str] = &[
    "1f",
    "0x1F",
    "deadBEEF",
    "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433",
    "  0a0b  ",
    "0X00",
    "7",
];

#[test]
fn fuzz_hex_values() {
    let seeds: Vec<Vec<u8>> = HEX_SEEDS.iter().map(|s| s.as_bytes().to_vec()).collect();
    fuzz::run(
        "hex",
        cases(SHARE_HEX),
        |r| match below(r, 4) {
            0 => text(&random_bytes(r, 80)),
            _ => text(&mutate_any(r, &seeds)),
        },
        |s: &String| {
            let odd = parse_hex(Param::Secret, s);
            let even = parse_hex_bytes(Param::Peer, s);
            match (&odd, &even) {
                (Err(e), _) | (Ok(_), Err(e)) => {
                    // The byte-string form refuses at least what the integer form refuses.
                    if odd.is_err() && even.is_ok() {
                        return Case::Broken("bytes form accepts what integer form refuses".into());
                    }
                    Case::refused(e)
                }
                (Ok(a), Ok(b)) if a != b => Case::Broken(format!("{a:?} ≠ {b:?}")),
                (Ok(a), Ok(_)) => {
                    // Accepted: the digits, without 0x and spaces, are the bytes' hex.
                    let t = s.trim();
                    let t = t
                        .strip_prefix("0x")
                        .or_else(|| t.strip_prefix("0X"))
                        .unwrap_or(t);
                    if hex::encode(a) == t.to_ascii_lowercase() {
                        Case::Accepted
                    } else {
                        Case::Broken(format!("{s:?} read as {}", hex::encode(a)))
                    }
                }
            }
        },
    );
}

// ---- peer values of every family ------------------------------------------------------

/// A group opened once, with a secret it accepts and valid peer values.
struct Peer {
    name: &'static str,
    kx: Box<dyn KeyExchange>,
    form: ValueForm,
    secret: Vec<u8>,
    shared_len: usize,
    seeds: Vec<Vec<u8>>,
}

fn peers() -> Vec<Peer> {
    let names = ["modp-512", "gf2-155", "gf2-185", "p256", "k256", "x25519"];
    names
        .iter()
        .map(|&name| {
            let file = pkbench::params::lookup(name).unwrap();
            let (_, form) = kex::value_forms(&file).unwrap();
            let kx = kex::open(&file, &NO_TABLE).unwrap();
            let secret = [vec![0x12, 0x34], vec![0x11; 32]]
                .into_iter()
                .find(|s| kx.check_secret(s).is_ok())
                .unwrap();
            let g = kx.generator();
            let pubs = [g.clone(), kx.offer(&[0x5a; 32][..secret.len()])];
            let mut seeds: Vec<Vec<u8>> = Vec::new();
            for p in pubs {
                seeds.push(hex::encode(&p).into_bytes());
                if p.len() == 65 {
                    // SEC 1 compressed and the RFC 5903 x||y form.
                    let mut c = vec![2 | (p[64] & 1)];
                    c.extend_from_slice(&p[1..33]);
                    seeds.push(hex::encode(c).into_bytes());
                    seeds.push(hex::encode(&p[1..]).into_bytes());
                }
            }
            let shared_len = kx.reply(&secret, &g).unwrap().len();
            Peer {
                name,
                kx,
                form,
                secret,
                shared_len,
                seeds,
            }
        })
        .collect()
}

#[test]
fn fuzz_peer_values_of_every_family() {
    let groups = peers();
    fuzz::run(
        "peer",
        cases(SHARE_PEER),
        |r| {
            let gi = below(r, groups.len());
            let seeds = &groups[gi].seeds;
            let seed = &seeds[below(r, seeds.len())];
            let s = match below(r, 3) {
                // Byte-level: a mutated encoding, in hex.
                0 => {
                    let bytes = hex::decode(seed).unwrap();
                    hex::encode(mutate(r, &bytes, &[]))
                }
                // Text-level: the hex itself mutated.
                _ => text(&mutate(r, seed, seeds)),
            };
            (gi, s)
        },
        |(gi, s): &(usize, String)| {
            let g = &groups[*gi];
            let peer = match g.form {
                ValueForm::Bytes => parse_hex_bytes(Param::Peer, s),
                ValueForm::Integer => parse_hex(Param::Peer, s),
            };
            let peer = match peer {
                Ok(p) => p,
                Err(e) => return Case::refused(&e),
            };
            match g.kx.reply(&g.secret, &peer) {
                Ok(z) if z.len() == g.shared_len => Case::Accepted,
                Ok(z) => Case::Broken(format!("{}: {}-byte shared secret", g.name, z.len())),
                Err(e) => Case::refused(&e),
            }
        },
    );
}

// ---- group files ----------------------------------------------------------------------

/// An 80-bit mod-p group with a 40-bit q (not a safe prime), small enough to validate fast.
const SMALL_MODP: &str =
    "p = \"e3d06c1d757682066037\"\ng = \"3473a8c405ef99e4d119\"\nq = \"c19f767c55\"\n";

fn group_seeds() -> Vec<Vec<u8>> {
    let mut v = vec![SMALL_MODP.as_bytes().to_vec()];
    for n in ["modp-512", "gf2-155", "gf2-185", "p256", "x25519"] {
        v.push(std::fs::read(common::manifest().join(format!("params/{n}.toml"))).unwrap());
    }
    v
}

/// Reads a group file as `--params` does and opens it; for an accepted group, checks that
/// two parties agree (reply(a, offer(b)) = reply(b, offer(a))).
fn open_group_file(path: &std::path::Path) -> Result<Option<String>, Error> {
    let file = pkbench::params::read_file(path)?;
    file.family()?;
    kex::check_exp_bits(&file, ExpBits::Full)?;
    kex::value_forms(&file)?;
    let kx = kex::open(&file, &NO_TABLE)?;
    let (a, b) = ([3u8], [5u8]);
    if kx.check_secret(&a).is_err() || kx.check_secret(&b).is_err() {
        return Ok(None);
    }
    let (ab, ba) = (kx.reply(&a, &kx.offer(&b))?, kx.reply(&b, &kx.offer(&a))?);
    Ok((ab != ba).then(|| format!("{}: the two parties disagree", file.name)))
}

#[test]
fn fuzz_group_files() {
    let seeds = group_seeds();
    let dir = common::scratch("fuzz-group");
    let path = dir.join("group.toml");
    fuzz::run(
        "group-file",
        cases(SHARE_GROUP_FILE),
        |r| match below(r, 10) {
            0 => random_bytes(r, 200),
            _ => mutate_any(r, &seeds),
        },
        |bytes: &Vec<u8>| {
            std::fs::write(&path, bytes).unwrap();
            match open_group_file(&path) {
                Ok(None) => Case::Accepted,
                Ok(Some(why)) => Case::Broken(why),
                Err(e) => Case::refused(&e),
            }
        },
    );
}

// ---- RSA keys: PEM and the DER inside it ----------------------------------------------

fn rsa_seeds() -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let pem: Vec<Vec<u8>> = [
        "rsa512-pkcs1.pem",
        "rsa512-pkcs8.pem",
        "rsa512-pkcs1-encrypted.pem",
        "rsa512-pkcs8-encrypted.pem",
        "rsa512-public.pem",
    ]
    .iter()
    .map(|f| std::fs::read(common::data(f)).unwrap())
    .collect();
    let key = pkbench::rsa::pem::parse_pem(&text(&pem[0])).unwrap();
    let der = vec![
        std::fs::read(common::data("rsa512-pkcs8.der")).unwrap(),
        pkbench::rsa::pem::to_pkcs1_der(&key).unwrap(),
    ];
    (pem, der)
}

/// An accepted key must work: (m^e)^d = m mod n for m = 2.
fn rsa_round_trip(k: &pkbench::rsa::key::RsaKey) -> bool {
    let m = num_bigint::BigUint::from(2u32);
    m.modpow(&k.e, &k.n).modpow(&k.d, &k.n) == m
}

#[test]
fn fuzz_rsa_keys_pem_and_der() {
    use pkcs1::der::pem::{LineEnding, encode_string};
    let (pem, der) = rsa_seeds();
    let dir = common::scratch("fuzz-rsa");
    fuzz::run(
        "rsa-key",
        cases(SHARE_RSA),
        |r| match below(r, 20) {
            // A mutated DER key in a PEM block of either label.
            0..=8 => {
                let d = mutate_any(r, &der);
                let label = ["PRIVATE KEY", "RSA PRIVATE KEY"][below(r, 2)];
                (
                    encode_string(label, LineEnding::LF, &d)
                        .unwrap()
                        .into_bytes(),
                    false,
                )
            }
            // A DER file given as the key file (refused with the conversion hint).
            9 => (mutate_any(r, &der), true),
            10 => (random_bytes(r, 300), false),
            _ => (mutate_any(r, &pem), false),
        },
        |(bytes, as_file): &(Vec<u8>, bool)| {
            let parsed = if *as_file {
                let p = dir.join("key.der");
                std::fs::write(&p, bytes).unwrap();
                pkbench::rsa::pem::read_pem_file(&p)
            } else {
                pkbench::rsa::pem::parse_pem(&text(bytes))
            };
            match parsed {
                Ok(k) if rsa_round_trip(&k) => Case::Accepted,
                Ok(_) => Case::Broken("accepted key does not round-trip".into()),
                Err(e) => Case::refused(&e),
            }
        },
    );
}

// ---- result records, compare and plot --------------------------------------------------

/// Schema-1 records as saved by earlier versions, the same converted to schema 2, and
/// schema-2 ones with per-round values (compare's intervals).
fn record_seeds() -> Vec<Vec<u8>> {
    let mut v = Vec::new();
    for f in [
        "v1-dh-x25519-a.json",
        "v1-dh-x25519-b.json",
        "v1-scale.json",
        "v1-choose.json",
    ] {
        let t = std::fs::read(common::data(&format!("records/{f}"))).unwrap();
        let mut rec = ResultRecord::from_json(f, &text(&t)).unwrap();
        v.push(t);
        v.push(rec.to_json().unwrap().into_bytes());
        for (i, op) in rec.operations.iter_mut().enumerate() {
            if let Some(s) = &op.stats {
                let m = s.median_ms;
                let rounds = (0..7)
                    .map(|k| m * (1.0 + 0.01 * ((k + i) % 5) as f64))
                    .collect();
                *op = op.clone().with_rounds(rounds);
            }
        }
        v.push(rec.to_json().unwrap().into_bytes());
    }
    v
}

/// A replacement for a JSON node: another type, an edge value, or nothing.
fn odd_value(r: &mut ChaCha20Rng) -> Value {
    let j: &[&str] = &[
        "null",
        "true",
        "-1",
        "0",
        "1e300",
        "-1e300",
        "1e-300",
        "\"\"",
        "\"x\"",
        "[]",
        "{}",
        "[0]",
        "[-1,0,1]",
        "{\"median_ms\":0}",
        "18446744073709551615",
        "-0.0",
        "[[]]",
    ];
    serde_json::from_str(j[below(r, j.len())]).unwrap()
}

/// Edits a record's JSON tree: 1 to 3 nodes replaced, removed or duplicated.
fn edit_json(r: &mut ChaCha20Rng, v: &mut Value) {
    for _ in 0..1 + below(r, 3) {
        let mut node = &mut *v;
        loop {
            let len = match &*node {
                Value::Object(m) => m.len(),
                Value::Array(a) => a.len(),
                _ => 0,
            };
            if len == 0 || below(r, 4) == 0 {
                break;
            }
            let k = below(r, len);
            let op = below(r, 6);
            match node {
                Value::Object(m) if op == 0 => {
                    let key = m.keys().nth(k).unwrap().clone();
                    m.remove(&key);
                    break;
                }
                Value::Array(a) if op == 0 => {
                    a.remove(k);
                    break;
                }
                Value::Array(a) if op == 1 => {
                    let dup = a[k].clone();
                    a.push(dup);
                    break;
                }
                Value::Object(m) => node = m.values_mut().nth(k).unwrap(),
                Value::Array(a) => node = &mut a[k],
                _ => unreachable!(),
            }
        }
        if !node.is_object() || below(r, 3) == 0 {
            *node = odd_value(r);
        }
    }
}

fn make_record(r: &mut ChaCha20Rng, seeds: &[Vec<u8>]) -> Vec<u8> {
    let seed = &seeds[below(r, seeds.len())];
    match below(r, 8) {
        0 => random_bytes(r, 400),
        1 => seed[..below(r, seed.len())].to_vec(),
        2..=4 => mutate(r, seed, seeds),
        _ => {
            let mut v: Value = serde_json::from_slice(seed).unwrap();
            edit_json(r, &mut v);
            let mut t = serde_json::to_vec(&v).unwrap();
            if below(r, 8) == 0 {
                t.truncate(below(r, t.len().max(1)));
            }
            t
        }
    }
}

/// Parses a record as `compare` and `plot` read it, then compares it with a valid record
/// both ways (text and JSON), in a three-column table, and draws it.
fn use_record(base: &ResultRecord, bytes: &[u8]) -> Result<(), Error> {
    let text = std::str::from_utf8(bytes).map_err(|_| Error::input("not UTF-8"))?;
    let rec = ResultRecord::from_json("fuzz.json", text)?;
    let rule = NoiseRule::from_threshold(None);
    let names = [
        "a.json".to_string(),
        "b.json".to_string(),
        "c.json".to_string(),
    ];
    let mut first = None;
    for (recs, json) in [
        (vec![base.clone(), rec.clone()], false),
        (vec![rec.clone(), base.clone()], true),
        (vec![base.clone(), rec.clone(), rec.clone()], false),
    ] {
        if let Err(e) = compare_records(&names[..recs.len()], &recs, &rule, json) {
            first.get_or_insert(e);
        }
    }
    if let Err(e) = pkbench::report::plot::render_svg(&rec) {
        first.get_or_insert(e);
    }
    first.map_or(Ok(()), Err)
}

#[test]
fn fuzz_records_compare_and_plot() {
    let seeds = record_seeds();
    let base = ResultRecord::from_json("base", &text(&seeds[2])).unwrap();
    fuzz::run(
        "record",
        cases(SHARE_RECORD),
        |r| make_record(r, &seeds),
        |bytes: &Vec<u8>| match use_record(&base, bytes) {
            Ok(()) => Case::Accepted,
            Err(e) => Case::refused(&e),
        },
    );
}

// ---- the same through the binary -------------------------------------------------------

/// Inputs of each file kind that the library refuses, given to the binary: exit code 2 and
/// exactly one `pkbench: error:` line on stderr (`common::pkbench_input_error`).
#[test]
fn refused_files_give_one_line_and_exit_2() {
    let dir = common::scratch("fuzz-cli");
    let recs = record_seeds();
    let good = dir.join("good.json");
    std::fs::write(&good, &recs[2]).unwrap();
    let groups = group_seeds();
    let (pem, _) = rsa_seeds();
    let mut r = fuzz::rng("cli", 0);
    let mut tried = 0;
    for kind in 0..4 {
        let mut found = 0;
        while found < 3 {
            let (bytes, refused) = match kind {
                0 | 1 => {
                    let b = make_record(&mut r, &recs);
                    let refused = std::str::from_utf8(&b)
                        .map_or(true, |t| ResultRecord::from_json("b", t).is_err());
                    (b, refused)
                }
                2 => {
                    let i = below(&mut r, 2);
                    let b = mutate(&mut r, &groups[i], &groups);
                    let p = dir.join("probe.toml");
                    std::fs::write(&p, &b).unwrap();
                    (b, open_group_file(&p).is_err())
                }
                _ => {
                    let i = below(&mut r, 2);
                    let b = mutate(&mut r, &pem[i], &pem);
                    let refused = pkbench::rsa::pem::parse_pem(&text(&b)).is_err();
                    (b, refused)
                }
            };
            if !refused {
                continue;
            }
            found += 1;
            tried += 1;
            let f: PathBuf = dir.join(format!("in{kind}-{found}"));
            std::fs::write(&f, &bytes).unwrap();
            let fs = f.to_str().unwrap();
            let svg = dir.join("x.svg");
            let args: Vec<&str> = match kind {
                0 => vec!["compare", good.to_str().unwrap(), fs],
                1 => vec!["plot", fs, "--output", svg.to_str().unwrap(), "--force"],
                2 => vec!["offer", "--params", fs, "--secret", "3"],
                _ => vec!["rsa", "--key", fs],
            };
            common::pkbench_input_error(&args);
        }
    }
    println!("fuzz cli: {tried} refused files through the binary, each exit 2 with one line");
}

//! CLI tests of `--threads N|all` (issue 20 item 3): throughput in N threads against one
//! thread, the scaling efficiency, and the CPUs named in the record.

mod common;

use common::{pkbench_input_error, pkbench_json as json, pkbench_ok};
use serde_json::Value;

/// The operation named `name` with `threads` threads.
fn throughput<'a>(v: &'a Value, name: &str, threads: u64) -> &'a Value {
    v["operations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == name && o["params"]["threads"] == threads)
        .unwrap_or_else(|| panic!("no {name} with {threads} threads in {v}"))
}

fn cpus_of(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect()
}

#[test]
fn dh_threads_all_reports_exchanges_and_efficiency() {
    let v = json(&[
        "dh",
        "--field",
        "x25519",
        "--threads",
        "all",
        "--time",
        "0.3",
        "--json",
    ]);
    let n = v["params"]["threads"].as_u64().unwrap();
    assert!(n >= 1);
    let cpus = cpus_of(&v["params"]["cpus"]);
    assert_eq!(cpus.len() as u64, n);
    for c in &cpus {
        assert!(
            std::path::Path::new(&format!("/sys/devices/system/cpu/cpu{c}")).exists(),
            "cpu{c} does not exist"
        );
    }
    let relation = v["params"]["cpu_relation"].as_str().unwrap();
    assert!(
        ["one CPU", "separate cores", "topology unknown"].contains(&relation)
            || relation.starts_with("SMT siblings"),
        "{relation}"
    );
    let one = throughput(&v, "Exchange throughput", 1);
    let many = throughput(&v, "Exchange throughput", n);
    let r1 = one["figures"]["exchanges_per_sec"].as_f64().unwrap();
    let rn = many["figures"]["exchanges_per_sec"].as_f64().unwrap();
    // One thread's exchanges per CPU second against the single-thread CPU sum of the same
    // run: the same work, so within a factor of 2 either way on a busy wall clock (the
    // tight check is `one_thread_rate_is_one_over_the_cpu_sum`).
    let expect = 1.0 / cpu_sum_s(&v);
    assert!(
        r1 > expect / 2.0 && r1 < expect * 2.0,
        "1 thread {r1}/s, 1/CPU sum {expect}/s"
    );
    let eff = many["figures"]["efficiency"].as_f64().unwrap();
    assert!(eff > 0.0 && eff <= 1.2, "efficiency {eff}");
    let speedup = many["figures"]["speedup"].as_f64().unwrap();
    assert!((speedup - eff * n as f64).abs() < 1e-9);
    // The rates agree with the speed-up within the rounds' spread.
    assert!(
        rn / r1 > speedup / 2.0 && rn / r1 < speedup * 2.0,
        "{rn} {r1} {speedup}"
    );
    assert_eq!(cpus_of(&many["info"]["cpus"]), cpus);
    assert_eq!(many["rounds"].as_array().unwrap().len(), 20);
    assert!(many["info"]["topology"].as_array().unwrap().len() <= cpus.len());
}

/// The figure of the run's "CPU sum 2*Offer + 2*Reply", seconds.
fn cpu_sum_s(v: &Value) -> f64 {
    v["operations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "CPU sum 2*Offer + 2*Reply")
        .unwrap_or_else(|| panic!("no CPU sum in {v}"))["figures"]["cpu_total_s"]
        .as_f64()
        .unwrap()
}

/// Issue 29 item 1: an exchange per CPU second is both parties' work, 2 Offers + 2 Replies,
/// so one thread's rate is 1 / (CPU sum) of the same run's single-thread Offer and Reply.
/// Both sides on the thread CPU clock (`--clock cpu`), so time other processes take does
/// not reach either; the bound (25 %) is far inside the 1.6x of counting one Reply
/// (x25519: Reply ≈ 3 Offers). No figure is compared with a wall-clock time.
#[test]
fn one_thread_rate_is_one_over_the_cpu_sum() {
    let v = json(&[
        "dh",
        "--group",
        "x25519",
        "--threads",
        "1",
        "--clock",
        "cpu",
        "--time",
        "0.3",
        "--json",
    ]);
    let one = throughput(&v, "Exchange throughput", 1);
    assert_eq!(
        one["info"]["work"],
        "one exchange, both parties' work: 2*Offer + 2*Reply"
    );
    let r1 = one["figures"]["exchanges_per_sec"].as_f64().unwrap();
    let product = r1 * cpu_sum_s(&v);
    assert!(
        (0.8..1.25).contains(&product),
        "1-thread rate {r1}/s × CPU sum {} s = {product}, want ≈ 1",
        cpu_sum_s(&v)
    );
}

#[test]
fn dh_threads_text_names_cpus_rate_and_efficiency() {
    let text = pkbench_ok(&["dh", "--field", "x25519", "--threads", "2", "--time", "0.2"]);
    assert!(text.contains("Total"), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim_start().starts_with("2 threads on CPUs "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(lines[at].ends_with(" exchanges/s,"), "{}", lines[at]);
    let next = lines[at + 1];
    assert!(next.contains("x one thread, efficiency "), "{next}");
    assert!(next.contains(" %"), "{next}");
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{text}");
    assert!(text.contains("1 thread on CPU"), "{text}");
    assert!(
        text.contains("  (one exchange, both parties' work: 2*Offer + 2*Reply):\n"),
        "{text}"
    );
}

#[test]
fn rsa_hash_and_cipher_threads() {
    let v = json(&[
        "rsa",
        "--bits",
        "512",
        "--threads",
        "2",
        "--time",
        "0.1",
        "--json",
    ]);
    let one = throughput(&v, "private op (raw) throughput", 1);
    let r1 = one["figures"]["ops_per_sec"].as_f64().unwrap();
    let single = v["operations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "private op (raw)")
        .unwrap()["figures"]["ops_per_sec"]
        .as_f64()
        .unwrap();
    assert!(r1 > single / 2.0 && r1 < single * 2.0, "{r1} vs {single}");
    let eff = throughput(&v, "private op (raw) throughput", 2)["figures"]["efficiency"]
        .as_f64()
        .unwrap();
    assert!(eff > 0.0 && eff <= 1.2, "{eff}");

    let v = json(&[
        "hash",
        "--algo",
        "md5",
        "--block",
        "1024",
        "--threads",
        "2",
        "--time",
        "0.1",
        "--json",
    ]);
    let one = throughput(&v, "hash throughput", 1);
    assert_eq!(one["params"]["block"], 1024);
    let b1 = one["figures"]["bytes_per_sec"].as_f64().unwrap();
    let mb = v["operations"][0]["info"]["mb_per_s"].as_f64().unwrap();
    assert!(
        b1 / 1e6 > mb / 2.0 && b1 / 1e6 < mb * 2.0,
        "{b1} vs {mb} MB/s"
    );

    let v = json(&[
        "cipher",
        "--algo",
        "aes",
        "--mode",
        "cbc",
        "--sizes",
        "1024,16384",
        "--threads",
        "2",
        "--time",
        "0.1",
        "--json",
    ]);
    let one = throughput(&v, "CBC enc throughput", 1);
    assert_eq!(one["params"]["bytes"], 16384);
    assert!(one["figures"]["bytes_per_sec"].as_f64().unwrap() > 1e6);
    assert!(throughput(&v, "CBC enc throughput", 2)["figures"]["efficiency"].is_f64());
}

#[test]
fn threads_refused_where_they_do_not_apply() {
    for (args, want) in [
        (
            vec!["dh", "--field", "x25519", "--threads", "0"],
            "--threads 0: give all",
        ),
        (
            vec!["dh", "--field", "x25519", "--threads", "1025"],
            "--threads 1025: give all",
        ),
        (
            vec!["hash", "--algo", "md5", "--threads", "many"],
            "--threads many: give all",
        ),
        (
            vec![
                "hash",
                "--algo",
                "md5",
                "--impl",
                "openssl",
                "--threads",
                "2",
            ],
            "--threads: md5 (openssl) is not timed in threads",
        ),
        (
            vec!["dh", "--field", "x25519", "--impl", "all", "--threads", "2"],
            "is not timed in threads",
        ),
        (
            vec!["dh", "--group", "mlkem768", "--threads", "2"],
            "--threads: mlkem768 is not timed in threads",
        ),
    ] {
        let err = pkbench_input_error(&args);
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

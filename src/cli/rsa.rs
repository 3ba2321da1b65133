//! `pkbench rsa` (times raw RSA: bytes/sec of the private operation on fresh random chunks) and
//! `pkbench rsa-raw` (one RSAEP/RSASP1 computation, input^exponent mod modulus, in hex).

use crate::cli::common::RunArgs;
use crate::error::{Result, parse_hex};
use crate::record::{self, Operation, ResultRecord, RunTimer};
use crate::report;
use crate::rsa::ops::Powm;
use crate::rsa::{self, OpRecord, RsaBenchOptions, RsaRecord};
use clap::Args;
use std::path::PathBuf;

/// Arguments of `pkbench rsa`.
#[derive(Debug, Clone, Args)]
#[command(after_help = RSA_EXAMPLES)]
pub struct RsaArgs {
    /// Modulus size in bits of the key generated from --seed (256 to 8192): two primes of
    /// bits/2, e = 65537 [default: 512]. With --key the key's own size is used; an explicit
    /// --bits that differs from it is refused.
    #[arg(long, value_name = "BITS")]
    pub bits: Option<u32>,
    /// Input chunk size in bytes (default: modulus bytes − 1, i.e. 63 for a 512-bit modulus,
    /// so every chunk is below n). bytes/sec = chunk bytes ÷ seconds per operation.
    #[arg(long, value_name = "BYTES")]
    pub chunk: Option<usize>,
    /// Bignum backend: `gmp` (default when built with `--features gmp`) or `num-bigint`.
    #[arg(long, value_name = "BACKEND")]
    pub backend: Option<String>,
    /// Also time the private operation with the Chinese Remainder Theorem (dP, dQ, qInv;
    /// RFC 8017 §5.1.2) and print its speedup over the raw one.
    #[arg(long)]
    pub crt: bool,
    /// Modular exponentiation of the private operation, raw and CRT alike, so the CRT
    /// speedup compares like with like (the public operation always uses the plain one).
    /// `fast` is the 1995 row; `sec` is what real private-key code runs.
    #[arg(long, value_enum, value_name = "POWM", default_value_t = Powm::Fast)]
    pub powm: Powm,
    /// Use this PEM private key (PKCS#1 "RSA PRIVATE KEY" or PKCS#8 "PRIVATE KEY", unencrypted)
    /// instead of generating one.
    #[arg(long, value_name = "FILE")]
    pub key: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// The end of `rsa --help`, the same in every build.
macro_rules! rsa_checked {
    () => {
        "

Every timed result is checked outside the timed region: the public operation
recovers each chunk, and the CRT result equals the raw one. Key generation time
is reported separately."
    };
}

/// `rsa --help` examples and method of a build with GMP (`--features gmp`).
#[cfg(feature = "gmp")]
const RSA_EXAMPLES: &str = concat!(
    "Examples:
  pkbench rsa --bits 512 --crt              the 1995 row: 63-byte chunks, raw
                                            and CRT
  pkbench rsa --bits 512 --crt --powm sec   the same with constant-time
                                            mpz_powm_sec
  pkbench rsa --bits 2048 --backend num-bigint
                                            the same key size on num-bigint
  pkbench rsa --key key.pem --json          time your own key (openssl genpkey
                                            writes one)

The private operation is m^d mod n with no CRT, no blinding and no padding
(\"nothing fancy\"), by GMP's mpz_powm (--powm fast, variable time: its run time
depends on the data) or mpz_powm_sec (--powm sec, constant time, side-channel
resistant; gmp backend only).",
    rsa_checked!()
);

/// `rsa --help` examples and method of a build without GMP: num-bigint only.
#[cfg(not(feature = "gmp"))]
const RSA_EXAMPLES: &str = concat!(
    "Examples:
  pkbench rsa --bits 512 --crt              the 1995 row: 63-byte chunks, raw
                                            and CRT
  pkbench rsa --bits 2048 --clock cpu       a 2048-bit key, thread CPU time
  pkbench rsa --key key.pem --json          time your own key (openssl genpkey
                                            writes one)

The private operation is m^d mod n with no CRT, no blinding and no padding
(\"nothing fancy\"), by num-bigint's BigUint::modpow (variable time: its run time
depends on the data), this build's only backend; --powm sec (constant time)
needs a build with --features gmp.",
    rsa_checked!()
);

/// Arguments of `pkbench rsa-raw`.
#[derive(Debug, Clone, Args)]
#[command(after_help = RSA_RAW_EXAMPLES)]
pub struct RsaRawArgs {
    /// The modulus n, hex (big-endian); must be odd and at least 3. Any such n is accepted,
    /// however small (the bare primitive is defined for it; textbook examples use
    /// n = 3233): pkbench does not check that n is an RSA modulus, a product of two or more
    /// distinct odd primes (RFC 8017 §3.1).
    #[arg(long, value_name = "HEX")]
    pub modulus: String,
    /// The exponent (e for RSAEP, d for RSASP1), hex.
    #[arg(long, value_name = "HEX")]
    pub exponent: String,
    /// The input, hex; must be below the modulus.
    #[arg(long, value_name = "HEX")]
    pub input: String,
    /// Bignum backend: `gmp` (default when built with `--features gmp`) or `num-bigint`.
    #[arg(long, value_name = "BACKEND")]
    pub backend: Option<String>,
}

const RSA_RAW_EXAMPLES: &str =
    "Prints input^exponent mod modulus in hex, big-endian, zero-padded to the
modulus length (RFC 8017 RSAEP / RSASP1, no padding).

Examples:
  pkbench rsa-raw --modulus 0ca1 --exponent 11 --input 41
                                           n = 3233, e = 17, m = 65: 0ae6
  pkbench rsa-raw --modulus 0ca1 --exponent 0ac1 --input 0ae6
                                           d = 2753 undoes it: 0041";

/// Runs `pkbench rsa-raw`: the hex result and a newline.
///
/// # Errors
/// [`crate::Error::Input`] for malformed hex, a zero, even or 1 modulus, input ≥ modulus, or an
/// unknown backend.
pub fn run_raw(args: &RsaRawArgs) -> Result<String> {
    let n = parse_hex("--modulus", &args.modulus)?;
    let e = parse_hex("--exponent", &args.exponent)?;
    let m = parse_hex("--input", &args.input)?;
    let out = rsa::raw(&n, &e, &m, args.backend.as_deref())?;
    Ok(format!("{}\n", hex::encode(out)))
}

/// Runs `pkbench rsa` and renders its output.
///
/// # Errors
/// [`crate::Error::Input`] for bad arguments (including an explicit --bits that differs from
/// the size of the --key); [`crate::Error::Runtime`] when a self-check fails.
pub fn run(args: &RsaArgs) -> Result<String> {
    args.run.check_output()?;
    let timer = RunTimer::start();
    let cfg = args.run.measure_config()?;
    if let (Some(path), Some(bits)) = (&args.key, args.bits) {
        let have = rsa::pem::read_pem_file(path)?.bits();
        if have != bits {
            return Err(crate::Error::input(format!(
                "--bits {bits} disagrees with --key {}, a {have}-bit key; drop --bits or give --bits {have}",
                path.display()
            )));
        }
    }
    let opts = RsaBenchOptions {
        bits: args.bits.unwrap_or(512),
        key_file: args.key.clone(),
        chunk_bytes: args.chunk,
        backend: args.backend.clone(),
        crt: args.crt,
        powm: args.powm,
        seed: args.run.seed,
        quiet: args.run.json,
    };
    let record = rsa::bench(&opts, &cfg)?;
    let mut rec = result_record(&record)?;
    rec.finish(&timer);
    args.run.emit(&rec, || render_text(&record))
}

/// The versioned result record of an `rsa` run (the JSON of `--json` and `--output`): every
/// key of [`RsaRecord`] at the top level, and the operations "private op (raw)",
/// "private op (CRT)" (with `--crt`) and "public op", each identified by command, bits and
/// chunk_bytes (the private ones also by `powm`, "fast" or "sec"), with figures `ops_per_sec`
/// and `bytes_per_sec`; the backend and the library function (`powm_fn`, e.g. "mpz_powm_sec")
/// go to `info`.
///
/// # Errors
/// [`crate::Error::Runtime`] if serialisation fails.
pub fn result_record(r: &RsaRecord) -> Result<ResultRecord> {
    let mut rec = ResultRecord::new("rsa", &r.clock, r.machine.clone()).with_extra(r)?;
    rec.seed = Some(r.seed);
    rec.params.insert("bits".into(), r.bits.into());
    rec.params
        .insert("chunk_bytes".into(), r.chunk_bytes.into());
    rec.params.insert("crt".into(), r.crt.into());
    rec.params.insert("powm".into(), r.powm.name().into());
    let key = record::params([
        ("command", "rsa".into()),
        ("bits", r.bits.into()),
        ("chunk_bytes", r.chunk_bytes.into()),
    ]);
    let mut private_key = key.clone();
    private_key.insert("powm".into(), r.powm.name().into());
    let op = |name: &str, key: &std::collections::BTreeMap<_, _>, powm_fn: &str, o: &OpRecord| {
        Operation::timed(name, key.clone(), o.stats.clone())
            .with_figure("ops_per_sec", o.ops_per_sec)
            .with_figure("bytes_per_sec", o.bytes_per_sec)
            .with_info("backend", r.backend.clone())
            .with_info("powm_fn", powm_fn)
    };
    let private_fn = r.private_powm;
    rec.operations
        .push(op("private op (raw)", &private_key, private_fn, &r.private));
    if let Some(c) = &r.private_crt {
        rec.operations
            .push(op("private op (CRT)", &private_key, private_fn, c));
    }
    rec.operations
        .push(op("public op", &key, r.public_powm, &r.public));
    Ok(rec)
}

/// Formats a rate in bytes per second, decimal units ("1.250 kB/s", "95.00 B/s").
pub fn fmt_bytes_per_sec(b: f64) -> String {
    if !b.is_finite() {
        return "-".into();
    }
    if b >= 1e6 {
        format!("{} MB/s", report::sig4(b / 1e6))
    } else if b >= 1e3 {
        format!("{} kB/s", report::sig4(b / 1e3))
    } else {
        format!("{} B/s", report::sig4(b))
    }
}

/// Renders an [`RsaRecord`] as the terminal report.
pub fn render_text(r: &RsaRecord) -> String {
    let mut s = String::new();
    s += &format!("pkbench rsa: {}-bit modulus, e = 0x{}\n", r.bits, r.e);
    match r.keygen_ms {
        Some(ms) => {
            s += &format!(
                "key:       {}, in {} (not counted in any operation)\n",
                r.key_source,
                report::fmt_time_ms(ms)
            )
        }
        None => s += &format!("key:       {}\n", r.key_source),
    }
    s += &format!(
        "chunk:     {} bytes, fresh random chunks ({} in the pool); raw: no padding, no blinding\n",
        r.chunk_bytes, r.pool
    );
    s += &format!("backend:   {}\n", r.backend);
    let how = match r.powm {
        Powm::Fast => "variable time",
        Powm::Sec => "constant time",
    };
    s += &format!(
        "powm:      private {} (--powm {}, {how}){}; public {}\n",
        r.private_powm,
        r.powm.name(),
        if r.crt { ", raw and CRT" } else { "" },
        r.public_powm
    );
    let mut counts = vec![("private", &r.private)];
    counts.extend(r.private_crt.as_ref().map(|c| ("CRT", c)));
    counts.push(("public", &r.public));
    let counts: Vec<String> = counts
        .iter()
        .map(|(n, op)| format!("{n} {} × {}", op.stats.samples, op.stats.batch))
        .collect();
    s += &format!(
        "clock:     {}; samples × batch: {}; seed {}\n",
        r.clock,
        counts.join(", "),
        r.seed
    );
    s += &format!(
        "machine:   {}\n",
        r.machine.summary(&crate::measure::Build::detect())
    );
    let mut t = report::table(&["operation", "median", "q1 … q3", "ops/s", "bytes/s"]);
    let mut row = |name: &str, op: &OpRecord| {
        let st = &op.stats;
        t.add_row(vec![
            name.to_string(),
            report::fmt_time_ms(st.median_ms),
            report::fmt_quartiles_ms(st.q1_ms, st.q3_ms),
            report::fmt_rate(op.ops_per_sec),
            fmt_bytes_per_sec(op.bytes_per_sec),
        ]);
    };
    row("private m^d mod n\n(raw, no CRT)", &r.private);
    if let Some(c) = &r.private_crt {
        row("private with CRT\n(dP, dQ, qInv)", c);
    }
    row("public m^e mod n", &r.public);
    s += &format!("{t}\n");
    if let Some(x) = r.crt_speedup {
        s += &format!("CRT speedup: {x:.2}× over the raw private operation\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_rates() {
        assert_eq!(fmt_bytes_per_sec(95.0), "95.00 B/s");
        assert_eq!(fmt_bytes_per_sec(1250.0), "1.250 kB/s");
        assert_eq!(fmt_bytes_per_sec(2_500_000.0), "2.500 MB/s");
    }
}

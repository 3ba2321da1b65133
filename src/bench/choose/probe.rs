//! The first phase of the search: each DH group opened without a table, and each secret size
//! that can meet the target probed with pkbench's own code (the best of two Replies).

use super::{NotTimed, Note, Search, secret_sizes, size_label};
use crate::error::{Error, Result};
use crate::kex::{ExpBits, KeyExchange};
use crate::peers::crates::CrateGroup;
use rand_chacha::ChaCha20Rng;
use std::sync::Arc;
use std::time::Instant;

/// One (group, size) pair ready to time, with pkbench's own group opened without a table.
pub(super) struct Pair {
    pub group: String,
    pub exp_bits: u32,
    /// pkbench's own Reply, best of two, ms.
    pub probe_ms: f64,
    pub kx: Arc<dyn KeyExchange>,
}

/// Best of two Replies (ms) on a fresh secret and a valid peer value.
///
/// # Errors
/// A Reply that fails (a runtime error of the code under test).
pub(super) fn probe(kx: &dyn KeyExchange, exp_bits: u32, rng: &mut ChaCha20Rng) -> Result<f64> {
    let a = kx.random_secret(exp_bits, rng);
    let b = kx.random_secret(exp_bits, rng);
    let pb = kx.offer(&b);
    let mut best = f64::INFINITY;
    for _ in 0..2 {
        let t0 = Instant::now();
        std::hint::black_box(kx.reply(std::hint::black_box(&a), std::hint::black_box(&pb))?);
        best = best.min(t0.elapsed().as_secs_f64() * 1e3);
    }
    Ok(best)
}

/// Best of two of the crate's own Replies (ms) through `g`'s engine, on a fresh secret
/// (the crate's own, for a crate that draws its secrets) and a valid peer value made by
/// pkbench's own code; the key each Reply uses made before it, untimed, as in the crate's
/// timed rows (`bench::dh::crates`).
///
/// # Errors
/// A key the crate could not make or a Reply that failed (a runtime error).
pub(super) fn probe_crate(g: &CrateGroup, exp_bits: u32, rng: &mut ChaCha20Rng) -> Result<f64> {
    let failed = |what: &str| {
        Error::runtime(format!(
            "{}: {}: the probe's {what} failed",
            g.crate_name(),
            g.info().name
        ))
    };
    let secrets = [g.random_secret(exp_bits, rng)];
    let pb = g.offer(&g.random_secret(exp_bits, rng));
    let mut out = vec![0u8; g.shared_form(&pb).len()];
    let mut engine = g.engine();
    let mut best = f64::INFINITY;
    for _ in 0..2 {
        // A crate whose Reply consumes its key gets a fresh one each time.
        if !engine.ready(&secrets, 0, 1, pb.len()) {
            return Err(failed("key"));
        }
        let t0 = Instant::now();
        let ok = engine.reply(0, 0, std::hint::black_box(&pb), &mut out);
        best = best.min(t0.elapsed().as_secs_f64() * 1e3);
        if !ok {
            return Err(failed("Reply"));
        }
    }
    Ok(best)
}

/// Opens every group of the job and probes its secret sizes, leaving out (as not timed)
/// the sizes below the target (unless `wide`), a mod-p full size dominated by a shorter
/// one, and the groups this build cannot open.
///
/// # Errors
/// As [`super::search`].
pub(super) fn probe_groups(s: &mut Search) -> Result<Vec<Pair>> {
    let mut pairs = Vec::new();
    for name in &s.job.groups {
        s.pb.set_message(format!("probing {name}"));
        s.pb.inc(1);
        let full = s.profiles.get(name).map_or(0, |p| p.q_bits);
        let mut sizes = Vec::new();
        for bits in secret_sizes(&s.job.exps, full) {
            let c = s.candidate(name, bits, false);
            if s.job.wide || s.job.rule.meets(&c) {
                sizes.push(bits);
            } else {
                let quantum = c.qualifies(s.job.rule.min_security);
                for table in [true, false] {
                    let c = s.candidate(name, bits, table);
                    s.out.not_timed.push((c, NotTimed::BelowTarget { quantum }));
                }
            }
        }
        if sizes.is_empty() {
            continue;
        }
        let kx: Arc<dyn KeyExchange> = match s.open(name, false) {
            Ok(kx) => Arc::from(kx),
            Err(Error::Runtime(m)) => {
                for &bits in &sizes {
                    for table in [true, false] {
                        let c = s.candidate(name, bits, table);
                        let why = NotTimed::Unavailable(Error::Runtime(m.clone()));
                        s.out.not_timed.push((c, why));
                    }
                }
                continue;
            }
            Err(e) => return Err(e),
        };
        s.warn(kx.as_ref());
        pairs.extend(probe_sizes(s, name, &kx, &sizes)?);
    }
    Ok(pairs)
}

/// Probes the `sizes` of the opened group `kx`.
fn probe_sizes(
    s: &mut Search,
    name: &str,
    kx: &Arc<dyn KeyExchange>,
    sizes: &[u32],
) -> Result<Vec<Pair>> {
    let info = kx.info();
    let full = info.full_exp_bits;
    let modp = info.family == crate::params::Family::Modp;
    let mut pairs = Vec::new();
    for &bits in sizes {
        // choose's own rule: a size at or above a group's full size means `full`.
        let asked = if bits >= full {
            ExpBits::Full
        } else {
            ExpBits::Bits(bits)
        };
        if let Err(why) = kx.check_exp_bits(asked) {
            s.out.notes.push(Note::SizeDropped {
                group: name.to_string(),
                bits,
                why,
            });
            continue;
        }
        let shorter = sizes.iter().copied().filter(|&b| b < full).min();
        if let Some(by_bits) = shorter.filter(|_| modp && bits >= full && !s.job.wide) {
            for table in [true, false] {
                let c = s.candidate(name, bits, table);
                s.out.not_timed.push((c, NotTimed::Dominated { by_bits }));
            }
            continue;
        }
        if s.over_time() {
            s.out.notes.push(Note::NotProbed {
                group: name.to_string(),
                size: size_label(bits, full),
                max_secs: s.job.max_secs,
            });
            continue;
        }
        // Always the best of two: one Reply alone can be inflated a hundredfold on a busy
        // machine (P-256's 142 µs seen as 8.2 ms), which would prune the group unopened.
        let probe_ms = probe(kx.as_ref(), bits, &mut s.rng)?;
        pairs.push(Pair {
            group: name.to_string(),
            exp_bits: bits,
            probe_ms,
            kx: Arc::clone(kx),
        });
    }
    Ok(pairs)
}

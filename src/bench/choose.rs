//! The parameter search behind `pkbench choose`: which group, secret size and table give the
//! cheapest exchange at a given security level on this machine.
//!
//! Flow: candidates = groups × secret sizes × table on/off → for every (group, size) one probe
//! (the best of two Replies, variable base, peer value validated) → candidates timed in order
//! of their probe as [`DhJob`]s through [`super::run`] (every result checked; each candidate's
//! inputs from the seed, as `pkbench dh` makes them), with a short budget each → the timed candidates' operations carry their security estimate
//! ([`crate::security`]), whether they qualify, are weak, or are the choice.
//!
//! Pruning (off with `prune = false`): Total = 2·Offer + Reply ≥ Reply, so a candidate whose
//! probe Reply already exceeds [`PRUNE_MARGIN`] × the best qualifying Total found so far
//! cannot win. Such a candidate is still timed when its probe is cheap (≤ budget/10, so timing
//! it costs about the budget); only the slow ones (big moduli with full exponents, whose
//! checked pool alone would take seconds) are not timed, with both figures. Candidates are
//! timed cheapest probe first, so the bound tightens early. `max_secs` caps the whole run:
//! candidates left when it is reached are not timed. A group that cannot be opened in this
//! build is not timed, with the reason; no figure is ever made up.

use super::dh::DhJob;
use super::{Config, Job};
use crate::error::{Error, Result, Warning};
use crate::kex::{self, ExpBits, GroupOptions, KeyExchange};
use crate::measure::{self, MeasureConfig};
use crate::params;
use crate::record::Operation;
use crate::security::{self, Estimate, Profile};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

/// Base pool entries per timed candidate (each checked: 2 Offers and 3 Replies); fast
/// candidates get more, as in `pkbench dh` ([`super::dh::make_sized_pool`]).
pub const CHOOSE_POOL: usize = 4;

/// A probe Reply must exceed the best qualifying Total by this factor to prune a candidate
/// (a margin for timing noise on a shared machine).
pub const PRUNE_MARGIN: f64 = 1.2;

/// What to search.
#[derive(Debug, Clone)]
pub struct ChooseJob {
    /// Canonical names of the candidate groups (registry order or as given).
    pub groups: Vec<String>,
    /// Secret sizes to try; a size at or above a group's full size means `full`.
    pub exps: Vec<ExpBits>,
    /// Security target in bits: a candidate whose category and estimate (rounded to the
    /// nearest bit) are both below it does not qualify ([`Candidate::qualifies`]).
    pub min_security: u32,
    /// Harness settings of every timed operation (its budget is the per-candidate budget).
    pub measure: MeasureConfig,
    /// Whether slow candidates that cannot win are left untimed.
    pub prune: bool,
    /// Seconds after which no further candidate is probed or timed.
    pub max_secs: f64,
    /// How to open the groups (backend, GF(2^m) code); the table is set per candidate.
    pub options: GroupOptions,
    /// Who computes the candidates: pkbench's own code and, for each library listed here,
    /// that library's Offer and Reply on the same group and secret size (no table: a
    /// library uses its own precomputation). Each group is ranked at its best; a library
    /// that is absent or lacks a group is passed over (noted once per library).
    pub imps: Vec<super::imp::Choice>,
}

/// One candidate: group × secret size × table, with what is known before timing it.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// Canonical group name.
    pub group: String,
    /// Secret size in bits.
    pub exp_bits: u32,
    /// The group's full secret size in bits (0 when the group could not be described).
    pub full_exp_bits: u32,
    /// Whether Offer uses the fixed-base table.
    pub table: bool,
    /// Best of two probe Replies, ms (the pruning bound), when probed.
    pub probe_ms: Option<f64>,
    /// Bytes of a public value, when the group was opened.
    pub public_bytes: Option<usize>,
    /// Fixed-base table bytes, when the group was opened with one.
    pub table_bytes: Option<usize>,
    /// The security estimate, when the group's description gives one.
    pub estimate: Option<Estimate>,
}

impl Candidate {
    /// Whether the candidate meets a target of `min` bits: its conventional security
    /// category ([`security::category`]: X25519 and P-256 are 128) or its precise estimate,
    /// to the nearest bit, reaches `min` (a target between categories, e.g. 90, is met by a
    /// precise 91.3).
    pub fn qualifies(&self, min: u32) -> bool {
        self.estimate
            .as_ref()
            .is_some_and(|e| e.category >= min || e.bits.round() >= f64::from(min))
    }

    /// Whether the group or choice has a known weakness (never chosen).
    pub fn weak(&self) -> bool {
        self.estimate.as_ref().is_some_and(|e| e.weak.is_some())
    }
}

/// Why a candidate was not timed.
#[derive(Debug, Clone)]
pub enum NotTimed {
    /// The group cannot be opened in this build.
    Unavailable(Error),
    /// The run-time limit (`max_secs`) was reached before it.
    TimeLimit {
        /// The limit, seconds.
        max_secs: f64,
    },
    /// Its probe Reply exceeds [`PRUNE_MARGIN`] × the best qualifying Total.
    CannotWin {
        /// The probe Reply, ms.
        probe_ms: f64,
        /// The best qualifying Total so far, ms.
        best_ms: f64,
    },
}

/// A remark on the search that is not a candidate's.
#[derive(Debug, Clone)]
pub enum Note {
    /// The group does not take secrets of this size (x25519: only full).
    SizeDropped {
        /// Group name.
        group: String,
        /// The size dropped, bits.
        bits: u32,
        /// The group's refusal.
        why: Error,
    },
    /// The run-time limit was reached before the size was probed.
    NotProbed {
        /// Group name.
        group: String,
        /// `full` or the number of bits.
        size: String,
        /// The limit, seconds.
        max_secs: f64,
    },
    /// The group has no fixed-base table: only its plain Offer was timed.
    NoTable {
        /// Group name.
        group: String,
    },
    /// A library asked for is absent here (noted once).
    LibraryAbsent {
        /// The library's name.
        library: String,
        /// Why.
        why: crate::peers::Unavailable,
    },
}

/// What the search found.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// Every timed candidate with its four operations (Offer, Reply, Total, CPU sum of
    /// [`super::dh::operations`]), in the order timed; each operation's `info` adds
    /// `qualifies`, `weak`, `probe_reply_ms`, the full estimate (`security`, on the Total
    /// operation) and, for the chosen candidate, `chosen`.
    pub timed: Vec<(Candidate, Vec<Operation>)>,
    /// Candidates not timed, in candidate order, with the reason.
    pub not_timed: Vec<(Candidate, NotTimed)>,
    /// Remarks, in the order they arose.
    pub notes: Vec<Note>,
    /// Warnings of the groups opened (each once).
    pub warnings: Vec<Warning>,
    /// (group, size) pairs probed; 0 means the filters left nothing to time.
    pub probed: usize,
}

/// The secret sizes in bits of `exps` for a group whose full size is `full` (a short size
/// above it becomes `full`), each once, in the order given.
pub fn secret_sizes(exps: &[ExpBits], full: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for e in exps {
        let bits = match *e {
            ExpBits::Full => full,
            ExpBits::Bits(n) => n.min(full),
        };
        if !out.contains(&bits) {
            out.push(bits);
        }
    }
    out
}

/// `full` for a size at or above the group's full size, else the number of bits (the
/// record's label, where views read it).
pub use crate::record::size_label;

/// Best of two Replies (ms) on a fresh secret and a valid peer value.
fn probe(kx: &dyn KeyExchange, exp_bits: u32, rng: &mut ChaCha20Rng) -> Result<f64> {
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

/// One (group, size) pair ready to time.
struct Pair {
    group: String,
    exp_bits: u32,
    probe_ms: f64,
}

/// Searches as `job` says, timing candidates under `cfg.seed` (each candidate's own progress
/// hidden; one bar over the search unless `cfg.quiet`).
///
/// # Errors
/// [`Error::Runtime`] when a self-check of a timed candidate fails, and any error opening a
/// group other than "not in this build".
pub fn search(job: &ChooseJob, cfg: &Config) -> Result<Outcome> {
    let start = Instant::now();
    let over_time = || start.elapsed().as_secs_f64() > job.max_secs;
    let profiles: HashMap<String, Profile> = job
        .groups
        .iter()
        .filter_map(|n| {
            let p = params::lookup(n).and_then(|f| kex::profile(&f)).ok()?;
            Some((n.clone(), p))
        })
        .collect();
    let candidate = |group: &str, exp_bits: u32, table: bool| {
        let profile = profiles.get(group);
        Candidate {
            group: group.to_string(),
            exp_bits,
            full_exp_bits: profile.map_or(0, |p| p.q_bits),
            table,
            probe_ms: None,
            public_bytes: None,
            table_bytes: None,
            estimate: profile.map(|p| security::estimate(p, Some(exp_bits))),
        }
    };
    let mut out = Outcome::default();
    let warn = |kx: &dyn KeyExchange, out: &mut Outcome| {
        for w in kx.warnings() {
            if !out.warnings.contains(w) {
                out.warnings.push(w.clone());
            }
        }
    };
    let open = |name: &str, table: bool| {
        let opts = GroupOptions {
            table,
            ..job.options.clone()
        };
        kex::open_named(name, &opts)
    };
    let mut rng = ChaCha20Rng::seed_from_u64(cfg.seed);
    let pb = measure::progress::bar(job.groups.len() as u64 * 3, cfg.quiet);
    let mut pairs = Vec::new();
    let mut plain: HashMap<String, Arc<dyn KeyExchange>> = HashMap::new();

    // Phase 1: open each group without a table and probe each secret size.
    for name in &job.groups {
        pb.set_message(format!("{name}: probe"));
        let kx = match open(name, false) {
            Ok(kx) => kx,
            Err(Error::Runtime(m)) => {
                let full = profiles.get(name).map_or(0, |p| p.q_bits);
                for bits in secret_sizes(&job.exps, full) {
                    for table in [true, false] {
                        let c = candidate(name, bits, table);
                        let why = NotTimed::Unavailable(Error::Runtime(m.clone()));
                        out.not_timed.push((c, why));
                    }
                }
                pb.inc(1);
                continue;
            }
            Err(e) => return Err(e),
        };
        warn(kx.as_ref(), &mut out);
        pb.inc(1);
        let full = kx.info().full_exp_bits;
        for bits in secret_sizes(&job.exps, full) {
            // choose's own rule: a size at or above a group's full size means `full`.
            let asked = if bits >= full {
                ExpBits::Full
            } else {
                ExpBits::Bits(bits)
            };
            if let Err(why) = kx.check_exp_bits(asked) {
                out.notes.push(Note::SizeDropped {
                    group: name.clone(),
                    bits,
                    why,
                });
                continue;
            }
            if over_time() {
                out.notes.push(Note::NotProbed {
                    group: name.clone(),
                    size: size_label(bits, full),
                    max_secs: job.max_secs,
                });
                continue;
            }
            let probe_ms = probe(kx.as_ref(), bits, &mut rng)?;
            pairs.push(Pair {
                group: name.clone(),
                exp_bits: bits,
                probe_ms,
            });
        }
        plain.insert(name.clone(), Arc::from(kx));
    }
    out.probed = pairs.len();
    if pairs.is_empty() {
        pb.finish_and_clear();
        return Ok(out);
    }

    // Phase 2: time the candidates, cheapest probe first.
    pairs.sort_by(|a, b| a.probe_ms.total_cmp(&b.probe_ms));
    pb.set_length(job.groups.len() as u64 + 2 * pairs.len() as u64);
    let mut tabled: HashMap<String, Option<Arc<dyn KeyExchange>>> = HashMap::new();
    let mut best: Option<f64> = None;
    let inner = Config {
        measure: job.measure.clone(),
        seed: cfg.seed,
        quiet: true,
        discovery: cfg.discovery,
    };
    let own = job.imps.is_empty() || job.imps.contains(&super::imp::Choice::Own);
    let libraries: Vec<super::imp::Library> = job
        .imps
        .iter()
        .filter_map(|c| match c {
            super::imp::Choice::Peer(l) => Some(*l),
            super::imp::Choice::Own | super::imp::Choice::Portable => None,
        })
        .collect();
    for p in &pairs {
        for table in [true, false] {
            let mut c = candidate(&p.group, p.exp_bits, table);
            c.probe_ms = Some(p.probe_ms);
            pb.set_message(format!(
                "{} {} {}",
                p.group,
                size_label(p.exp_bits, c.full_exp_bits),
                if table { "table" } else { "no table" }
            ));
            let kx: Arc<dyn KeyExchange> = if table {
                let entry = tabled.entry(p.group.clone()).or_insert_with(|| {
                    open(&p.group, true)
                        .ok()
                        .filter(|k| k.table().is_some())
                        .map(Arc::from)
                });
                match entry {
                    Some(k) => Arc::clone(k),
                    None => {
                        let group = p.group.clone();
                        if !out
                            .notes
                            .iter()
                            .any(|n| matches!(n, Note::NoTable { group: g } if *g == group))
                        {
                            out.notes.push(Note::NoTable { group });
                        }
                        pb.inc(1);
                        continue;
                    }
                }
            } else {
                Arc::clone(&plain[&p.group])
            };
            c.public_bytes = Some(kx.info().public_bytes);
            c.table_bytes = kx.table().map(|t| t.bytes);
            let slow = p.probe_ms > job.measure.budget.as_secs_f64() * 1e3 / 10.0;
            if over_time() {
                out.not_timed.push((
                    c,
                    NotTimed::TimeLimit {
                        max_secs: job.max_secs,
                    },
                ));
            } else if let Some(b) =
                best.filter(|b| job.prune && slow && p.probe_ms > PRUNE_MARGIN * b)
            {
                out.not_timed.push((
                    c,
                    NotTimed::CannotWin {
                        probe_ms: p.probe_ms,
                        best_ms: b,
                    },
                ));
            } else {
                let size = if p.exp_bits >= c.full_exp_bits {
                    ExpBits::Full
                } else {
                    ExpBits::Bits(p.exp_bits)
                };
                let mut dh = DhJob::new(kx, size)?;
                dh.pool_base = CHOOSE_POOL;
                let mut jobs = Vec::new();
                if own {
                    jobs.push(dh.clone());
                }
                if !table && let Ok(file) = params::lookup(&p.group) {
                    for &lib in &libraries {
                        match dh.through(&file, lib, cfg.discovery) {
                            Ok(j) => jobs.push(j?),
                            Err(why) if why.is_absent() => {
                                let library = lib.name().to_string();
                                if !out.notes.iter().any(|n| matches!(n, Note::LibraryAbsent { library: l, .. } if *l == library)) {
                                    out.notes.push(Note::LibraryAbsent { library, why });
                                }
                            }
                            Err(_) => {}
                        }
                    }
                }
                for dh in jobs {
                    let ops = super::run(&Job::Dh(dh), &inner)?;
                    let total = ops.iter().find_map(Operation::total_ms).unwrap_or(f64::NAN);
                    if c.qualifies(job.min_security) && !c.weak() {
                        best = Some(best.map_or(total, |b| b.min(total)));
                    }
                    out.timed.push((c.clone(), ops));
                }
            }
            pb.inc(1);
        }
    }
    pb.finish_and_clear();
    annotate(&mut out, job.min_security);
    Ok(out)
}

/// Adds each timed candidate's `qualifies`, `weak`, `probe_reply_ms` and (on the Total
/// operation) `security` to its operations, and `chosen` to the chosen one.
///
/// The choice: among the qualifying candidates without a known weakness, the one with the
/// smallest Total, unless others are tied with it — the 95 % interval of their Total ratio
/// to it ([`Operation::speedup_interval`] over the per-round Totals) reaches 1. A tie goes
/// to the conventional choice: full-size secrets on curves (short secrets are the mod-p
/// convention, RFC 7919 §5.2), then the smaller fixed-base table (none is smallest), then
/// the smaller Total. Tied candidates get `tied` (true) and the chosen one of a broken tie
/// `tie_fastest` (the fastest one's label).
fn annotate(out: &mut Outcome, min: u32) {
    let total_op = |ops: &[Operation]| ops.iter().find(|o| o.total_ms().is_some()).cloned();
    let total = |ops: &[Operation]| {
        ops.iter()
            .find_map(Operation::total_ms)
            .unwrap_or(f64::INFINITY)
    };
    let eligible: Vec<usize> = (0..out.timed.len())
        .filter(|&i| {
            let c = &out.timed[i].0;
            c.qualifies(min) && !c.weak()
        })
        .collect();
    let fastest = eligible
        .iter()
        .copied()
        .min_by(|&a, &b| total(&out.timed[a].1).total_cmp(&total(&out.timed[b].1)));
    let mut tied: Vec<usize> = Vec::new();
    if let Some(f) = fastest
        && let Some(fast_op) = total_op(&out.timed[f].1)
    {
        for &i in &eligible {
            let tie = i == f
                || total_op(&out.timed[i].1)
                    .and_then(|op| Operation::speedup_interval(&op, &fast_op))
                    .is_some_and(|iv| iv.lo <= 1.0);
            if tie {
                tied.push(i);
            }
        }
    }
    let conventional = |c: &Candidate| {
        let curve = crate::params::lookup(&c.group)
            .and_then(|f| f.family())
            .is_ok_and(|f| f != crate::kex::Family::Modp);
        (
            curve && c.full_exp_bits > 0 && c.exp_bits < c.full_exp_bits,
            if c.table {
                c.table_bytes.unwrap_or(usize::MAX)
            } else {
                0
            },
        )
    };
    let chosen = tied.iter().copied().min_by(|&a, &b| {
        conventional(&out.timed[a].0)
            .cmp(&conventional(&out.timed[b].0))
            .then(total(&out.timed[a].1).total_cmp(&total(&out.timed[b].1)))
    });
    let fastest_label = fastest.map(|f| {
        let c = &out.timed[f].0;
        format!(
            "{} {} bits{}",
            c.group,
            c.exp_bits,
            if c.table { ", table" } else { ", no table" }
        )
    });
    for (i, (c, ops)) in out.timed.iter_mut().enumerate() {
        for op in ops.iter_mut() {
            op.info.insert("qualifies".into(), c.qualifies(min).into());
            op.info.insert("weak".into(), c.weak().into());
            if let Some(p) = c.probe_ms {
                op.info.insert("probe_reply_ms".into(), p.into());
            }
            if let Some(w) = c.estimate.as_ref().and_then(|e| e.weak.clone()) {
                op.info.insert("weak_reason".into(), w.into());
            }
            if op.name == crate::record::TOTAL_OP
                && let Some(e) = &c.estimate
            {
                op.info.insert(
                    "security".into(),
                    serde_json::to_value(e).unwrap_or_default(),
                );
            }
            if tied.len() > 1 && tied.contains(&i) {
                op.info.insert("tied".into(), true.into());
            }
            if Some(i) == chosen {
                op.info.insert("chosen".into(), true.into());
                if chosen != fastest
                    && let Some(l) = &fastest_label
                {
                    op.info.insert("tie_fastest".into(), l.clone().into());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{param, params};

    fn candidate(group: &str, exp_bits: u32, table: bool) -> Candidate {
        Candidate {
            group: group.into(),
            exp_bits,
            full_exp_bits: 256,
            table,
            probe_ms: None,
            public_bytes: Some(33),
            table_bytes: table.then_some(30_000),
            estimate: Some(crate::security::Estimate {
                group: group.into(),
                exp_bits,
                bits: 128.0,
                limited_by: "rho".into(),
                parts: vec![],
                weak: None,
                category: 128,
                category_rule: String::new(),
            }),
        }
    }

    /// A Total operation with per-round values `base · (1 + wobble)`.
    fn total(base: f64, wobble: &[f64]) -> Vec<Operation> {
        let rounds: Vec<f64> = wobble.iter().map(|w| base * (1.0 + w)).collect();
        vec![
            Operation::derived(
                crate::record::TOTAL_OP,
                params([(param::COMMAND, "choose".into())]),
                "total_ms",
                base,
            )
            .with_rounds(rounds),
        ]
    }

    fn chosen(out: &Outcome) -> Vec<usize> {
        (0..out.timed.len())
            .filter(|&i| out.timed[i].1[0].info.get("chosen").is_some())
            .collect()
    }

    const WOBBLE: [f64; 10] = [0.0, 0.1, -0.1, 0.05, -0.05, 0.2, -0.15, 0.08, -0.02, 0.12];
    const WOBBLE2: [f64; 10] = [0.1, -0.1, 0.05, 0.0, 0.2, -0.05, 0.12, -0.15, 0.08, -0.02];

    #[test]
    fn a_tie_goes_to_full_secrets_on_a_curve() {
        // k256 with 224-bit secrets 3 % faster than full size, within ±20 % round noise.
        let mut out = Outcome {
            timed: vec![
                (candidate("k256", 256, true), total(1.00, &WOBBLE)),
                (candidate("k256", 224, true), total(0.97, &WOBBLE2)),
            ],
            not_timed: vec![],
            notes: vec![],
            warnings: vec![],
            probed: 2,
        };
        annotate(&mut out, 128);
        assert_eq!(chosen(&out), vec![0], "the conventional full-size secret");
        let info = &out.timed[0].1[0].info;
        assert_eq!(info.get("tied"), Some(&true.into()));
        assert!(info.get("tie_fastest").is_some());
    }

    #[test]
    fn a_clear_difference_is_not_a_tie() {
        // 224-bit secrets twice as fast: no tie, the faster one is chosen.
        let mut out = Outcome {
            timed: vec![
                (candidate("k256", 256, true), total(2.0, &WOBBLE)),
                (candidate("k256", 224, true), total(1.0, &WOBBLE2)),
            ],
            not_timed: vec![],
            notes: vec![],
            warnings: vec![],
            probed: 2,
        };
        annotate(&mut out, 128);
        assert_eq!(chosen(&out), vec![1]);
        assert!(out.timed[1].1[0].info.get("tied").is_none());
        assert!(out.timed[1].1[0].info.get("tie_fastest").is_none());
    }

    #[test]
    fn a_tie_goes_to_the_smaller_table() {
        let mut out = Outcome {
            timed: vec![
                (candidate("x25519", 256, true), total(0.98, &WOBBLE)),
                (candidate("x25519", 256, false), total(1.0, &WOBBLE2)),
            ],
            not_timed: vec![],
            notes: vec![],
            warnings: vec![],
            probed: 2,
        };
        annotate(&mut out, 128);
        assert_eq!(chosen(&out), vec![1], "no table is the smaller table");
    }
}

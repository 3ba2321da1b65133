//! The parameter search behind `pkbench choose`: which option — a DH group at its secret size
//! and table, or a KEM — gives the cheapest exchange at a given security level on this
//! machine, and through which implementation.
//!
//! Flow ([`search`]): the KEMs that can meet the target are timed first, through every
//! implementation in the same rounds ([`timing::time_kems`]; they are cheap and give the
//! pruning bound early) → each DH group is opened without a table and each secret size
//! that can meet the target probed with pkbench's own code (the best of two Replies,
//! variable base, peer value validated: [`probe::probe_groups`]) → the (group, size) pairs
//! are timed cheapest probe first, pkbench's own code with and without its table, then each
//! library's and crate's Offer and Reply, probed first on its own code
//! ([`timing::time_groups`]; every result checked, each candidate's inputs from the seed as
//! `pkbench dh` makes them) → the timed rows are ranked ([`rank::annotate`]): each option
//! at its best row, a variant that costs the same as a more conventional one of the same
//! code merged into it → when the
//! 95 % interval of the cost ratio of the two best options reaches 1, those two are timed
//! again in alternating rounds until it does not or `tie_secs` is spent ([`tie::settle`]).
//!
//! Pruning (off with `prune = false`): Total = 2·Offer + Reply ≥ Reply (a KEM is never
//! pruned), so a candidate whose probe Reply plus its link time already exceeds
//! [`PRUNE_MARGIN`] × the best cost found so far cannot win and is not timed (the first
//! row of an option is held to [`LIST_MARGIN`] instead, so that options near the best are
//! listed with their best implementation); a library's
//! rows are not even opened when pkbench's own Reply exceeds [`PEER_MARGIN`] times that. A
//! mod-p group's full-size secret is not timed when a shorter size of the same group meets
//! the target (an exponentiation's cost grows with the exponent). Candidates below the
//! target are not timed unless `wide` (`--all`), which also times cheap candidates that
//! cannot win, for comparison. `max_secs` caps the whole search. A group that cannot be
//! opened in this build is not timed, with the reason; no figure is ever made up.

pub mod leak;
mod probe;
pub mod rank;
mod tie;
mod timing;

use super::{Config, Job};
use crate::error::{Error, Result, Warning};
use crate::kem::KemInfo;
use crate::kex::{self, ExpBits, GroupOptions, KeyExchange};
use crate::measure::MeasureConfig;
use crate::params;
use crate::record::Operation;
use crate::security::{self, Estimate, Profile};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use std::collections::HashMap;
use std::time::Instant;

pub use rank::Rule;

/// Base pool entries per timed candidate (each checked: 2 Offers and 3 Replies); fast
/// candidates get more, as in `pkbench dh` ([`super::dh::make_sized_pool`]).
pub const CHOOSE_POOL: usize = 4;

/// A probe Reply must exceed the best cost so far by this factor to prune a candidate
/// (a margin for timing noise on a shared machine).
pub const PRUNE_MARGIN: f64 = 1.2;

/// The margin the first row of an option is held to: an option whose cheapest probe
/// Reply is within this factor of the best cost is timed once, so that the list shows every
/// option near the best with its best implementation (P-256 through OpenSSL beside X25519),
/// though only one can win.
pub const LIST_MARGIN: f64 = 3.0;

/// How much faster than pkbench's own code a library is assumed to be at most when its rows
/// are pruned unopened: the largest ratio measured on the reference machine was 3.2
/// (OpenSSL's P-256 Reply, 45 µs against pkbench's 142 µs, 2026-12), so 8 leaves room for
/// faster libraries.
pub const PEER_MARGIN: f64 = 8.0;

/// What to search.
#[derive(Debug, Clone)]
pub struct ChooseJob {
    /// Canonical names of the candidate DH groups (registry order or as given).
    pub groups: Vec<String>,
    /// The candidate KEMs, each through the implementations of `kem_impls`.
    pub kems: Vec<&'static KemInfo>,
    /// Who computes the KEMs: names of [`crate::kem::IMPLEMENTATIONS`], in order. When empty
    /// (the list named none: `--impl openssl`), each implementation listed in `imps` gets a
    /// note that it does not offer the KEMs, and they are not timed.
    pub kem_impls: Vec<&'static str>,
    /// Secret sizes to try; a size at or above a group's full size means `full`.
    pub exps: Vec<ExpBits>,
    /// The target, who meets it and how the wire is priced.
    pub rule: Rule,
    /// Harness settings of every timed operation (its budget is the per-candidate budget).
    pub measure: MeasureConfig,
    /// Whether candidates that cannot win are left untimed.
    pub prune: bool,
    /// Also time the candidates below the target and the cheap ones that cannot win, for a
    /// full table.
    pub wide: bool,
    /// Seconds after which no further candidate is probed or timed.
    pub max_secs: f64,
    /// Seconds at most spent timing the two best options again when they are tied (0: not).
    pub tie_secs: f64,
    /// How to open the groups (backend, GF(2^m) code); the table is set per candidate.
    pub options: GroupOptions,
    /// Who computes the DH candidates: pkbench's own code and, for each library and crate
    /// listed (the crates of [`crate::peers::crates::CRATES`]), its Offer and Reply on the
    /// same group and secret size (no table: each uses its own precomputation). A library
    /// that is absent is passed over (noted once); one that lacks a group, and a crate that
    /// does not offer it or not at that secret size, are noted ([`Note::NotOffered`]).
    pub imps: Vec<super::imp::Choice>,
}

/// One candidate: a DH group × secret size × table × implementation, or a KEM through one
/// implementation, with what is known before timing it.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// Canonical group or KEM name: the option the candidate is a row of.
    pub group: String,
    /// Secret size in bits (0 for a KEM).
    pub exp_bits: u32,
    /// The group's full secret size in bits (0 when unknown, and for a KEM).
    pub full_exp_bits: u32,
    /// Whether Offer uses pkbench's fixed-base table.
    pub table: bool,
    /// Best of two probe Replies, ms (the pruning bound), when probed.
    pub probe_ms: Option<f64>,
    /// Bytes of a public value (a KEM: of the encapsulation key), when known.
    pub public_bytes: Option<usize>,
    /// Fixed-base table bytes, when the group was opened with one.
    pub table_bytes: Option<usize>,
    /// The security estimate of a DH group, when its description gives one.
    pub estimate: Option<Estimate>,
    /// The library or crate computing a DH candidate ([`super::imp::Choice::Peer`] or
    /// [`super::imp::Choice::Crate`]; `None`: pkbench's own code).
    pub library: Option<super::imp::Choice>,
    /// The KEM, for a KEM candidate.
    pub kem: Option<&'static KemInfo>,
}

impl Candidate {
    /// Whether the candidate meets a target of `min` bits classically: a DH group's
    /// conventional security category ([`security::category`]: X25519 and P-256 are 128)
    /// or its precise estimate, to the nearest bit, reaches `min` (a target between
    /// categories, e.g. 90, is met by a precise 91.3); a KEM's classical level (its NIST
    /// category's).
    pub fn qualifies(&self, min: u32) -> bool {
        if let Some(k) = self.kem {
            return k.security.classical_bits >= f64::from(min);
        }
        self.estimate
            .as_ref()
            .is_some_and(|e| e.category >= min || e.bits.round() >= f64::from(min))
    }

    /// Security against a quantum computer, bits: a KEM's level; 0 for a DH group (Shor's
    /// algorithm solves its discrete logarithms).
    pub fn quantum_bits(&self) -> f64 {
        self.kem.map_or(0.0, |k| k.security.quantum_bits)
    }

    /// Whether the group or choice has a known weakness (never chosen).
    pub fn weak(&self) -> bool {
        self.estimate.as_ref().is_some_and(|e| e.weak.is_some())
    }

    /// Bytes both parties send: two public values, or a KEM's encapsulation key and
    /// ciphertext; 0 when not known.
    pub fn wire_bytes(&self) -> usize {
        match self.kem {
            Some(k) => k.ek_bytes + k.ct_bytes,
            None => 2 * self.public_bytes.unwrap_or(0),
        }
    }
}

/// Why a candidate was not timed.
#[derive(Debug, Clone)]
pub enum NotTimed {
    /// The group cannot be opened in this build, or the library failed to open it.
    Unavailable(Error),
    /// The run-time limit (`max_secs`) was reached before it.
    TimeLimit {
        /// The limit, seconds.
        max_secs: f64,
    },
    /// Its probe Reply (plus its link time) exceeds `margin` × the best cost.
    CannotWin {
        /// The probe Reply, ms.
        probe_ms: f64,
        /// The best cost so far (Total plus link time), ms.
        best_ms: f64,
        /// [`PRUNE_MARGIN`], or [`LIST_MARGIN`] for the first row of an option.
        margin: f64,
        /// The probe was pkbench's own Reply and the bound [`PEER_MARGIN`] × the margin: a
        /// library's row not opened.
        own_probe: bool,
    },
    /// Below the target (not timed without `wide`).
    BelowTarget {
        /// It meets the target classically but has no security against a quantum computer.
        quantum: bool,
    },
    /// A mod-p full-size secret when a shorter one of the same group meets the target.
    Dominated {
        /// The shorter size, bits.
        by_bits: u32,
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
    /// A library or crate asked for has no row of these groups (it does not offer them, or
    /// not at the secret size asked for): one note per implementation and reason, the
    /// groups in the order met.
    NotOffered {
        /// The library or crate.
        imp: super::imp::Choice,
        /// The groups, each once.
        groups: Vec<String>,
        /// Why (the first group's; the others share its words).
        why: crate::peers::Unavailable,
    },
}

impl Outcome {
    /// Notes that `imp` has no row of `group` because of `why`: added to the note of the
    /// same implementation and reason when there is one ([`Note::NotOffered`]).
    fn not_offered(
        &mut self,
        imp: super::imp::Choice,
        group: &str,
        why: crate::peers::Unavailable,
    ) {
        let key = |u: &crate::peers::Unavailable| match u {
            crate::peers::Unavailable::Unsupported { why, .. } => why.clone(),
            other => other.to_string(),
        };
        let k = key(&why);
        for n in &mut self.notes {
            if let Note::NotOffered {
                imp: i,
                groups,
                why: w,
            } = n
                && *i == imp
                && key(w) == k
            {
                if !groups.iter().any(|g| g == group) {
                    groups.push(group.to_string());
                }
                return;
            }
        }
        self.notes.push(Note::NotOffered {
            imp,
            groups: vec![group.to_string()],
            why,
        });
    }
}

/// The two best options timed again because their first figures were tied.
#[derive(Debug, Clone, PartialEq)]
pub struct Remeasured {
    /// Their rows in [`Outcome::timed`].
    pub rows: [usize; 2],
    /// Seconds spent timing them again.
    pub secs: f64,
    /// The cap on those seconds.
    pub cap_secs: f64,
    /// Sweeps run (each with twice the budget of the one before, as the cap allows).
    pub sweeps: usize,
}

/// What the search found.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// Every timed candidate with its operations (a DH row: Offer, Reply, Total, CPU sum of
    /// [`super::dh::operations`]; a KEM row: KeyGen, Encaps, Decaps, Total of
    /// [`super::kem::operations`]), in the order timed; [`rank::annotate`] adds the verdicts
    /// to their `info`.
    pub timed: Vec<(Candidate, Vec<Operation>)>,
    /// Candidates not timed, in candidate order, with the reason.
    pub not_timed: Vec<(Candidate, NotTimed)>,
    /// Remarks, in the order they arose.
    pub notes: Vec<Note>,
    /// Warnings of the groups opened (each once).
    pub warnings: Vec<Warning>,
    /// (group, size) pairs probed and KEMs timed; 0 means the filters left nothing to time.
    pub probed: usize,
    /// The two best options' second measurement, when their first was tied.
    pub remeasured: Option<Remeasured>,
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

/// The state of one search: the job, the clock, the best cost so far, the rows found and
/// the jobs that timed them (for [`tie::settle`]).
struct Search<'a> {
    job: &'a ChooseJob,
    cfg: &'a Config,
    /// The configuration each candidate is timed under (quiet: the search has its bar).
    inner: Config,
    start: Instant,
    profiles: HashMap<String, Profile>,
    rng: ChaCha20Rng,
    pb: indicatif::ProgressBar,
    /// The lowest cost (Total plus link time, ms) of a row that meets the rule so far.
    best: Option<f64>,
    out: Outcome,
    /// The job of each row of `out.timed`, in the same order.
    jobs: Vec<Job>,
}

impl<'a> Search<'a> {
    fn new(job: &'a ChooseJob, cfg: &'a Config) -> Search<'a> {
        let profiles = job
            .groups
            .iter()
            .filter_map(|n| {
                let p = params::lookup(n).and_then(|f| kex::profile(&f)).ok()?;
                Some((n.clone(), p))
            })
            .collect();
        let steps = job.groups.len() + job.kems.len();
        Search {
            job,
            cfg,
            inner: Config {
                measure: job.measure.clone(),
                seed: cfg.seed,
                quiet: true,
                discovery: cfg.discovery,
            },
            start: Instant::now(),
            profiles,
            rng: ChaCha20Rng::seed_from_u64(cfg.seed),
            pb: crate::measure::progress::phase("choose", steps as u64, cfg.quiet),
            best: None,
            out: Outcome::default(),
            jobs: Vec::new(),
        }
    }

    fn over_time(&self) -> bool {
        self.start.elapsed().as_secs_f64() > self.job.max_secs
    }

    /// A DH candidate of `group` before it is opened: its sizes and security estimate.
    fn candidate(&self, group: &str, exp_bits: u32, table: bool) -> Candidate {
        let profile = self.profiles.get(group);
        Candidate {
            group: group.to_string(),
            exp_bits,
            full_exp_bits: profile.map_or(0, |p| p.q_bits),
            table,
            probe_ms: None,
            public_bytes: None,
            table_bytes: None,
            estimate: profile.map(|p| security::estimate(p, Some(exp_bits))),
            library: None,
            kem: None,
        }
    }

    /// Opens `name` with the job's options and the table on or off.
    fn open(&self, name: &str, table: bool) -> Result<Box<dyn KeyExchange>> {
        let opts = GroupOptions {
            table,
            ..self.job.options.clone()
        };
        kex::open_named(name, &opts)
    }

    /// Keeps the warnings of an opened group (each once).
    fn warn(&mut self, kx: &dyn KeyExchange) {
        for w in kx.warnings() {
            if !self.out.warnings.contains(w) {
                self.out.warnings.push(w.clone());
            }
        }
    }

    /// Why `c`, whose probe Reply took `probe_ms`, is not timed, if it is not: the run-time
    /// limit, or it cannot win (its probe over `margin` × the best cost). Without `wide`, any candidate that cannot win is left out;
    /// with it only the slow ones (probe over a tenth of the budget), as a full table times
    /// the cheap ones for comparison.
    fn verdict(&self, c: &Candidate, probe_ms: f64, margin: f64) -> Option<NotTimed> {
        if self.over_time() {
            return Some(NotTimed::TimeLimit {
                max_secs: self.job.max_secs,
            });
        }
        let slow = probe_ms > self.job.measure.budget.as_secs_f64() * 1e3 / 10.0;
        let bound = probe_ms + self.job.rule.link_ms(c.wire_bytes());
        let b = self
            .best
            .filter(|b| self.job.prune && (slow || !self.job.wide) && bound > margin * b)?;
        Some(NotTimed::CannotWin {
            probe_ms,
            best_ms: b,
            margin,
            own_probe: false,
        })
    }

    /// Records a timed row: its candidate, operations and job; a row that meets the rule
    /// lowers the best cost.
    fn timed(&mut self, c: Candidate, ops: Vec<Operation>, job: Job) {
        let total = ops.iter().find_map(Operation::total_ms).unwrap_or(f64::NAN);
        if self.job.rule.meets(&c) && !c.weak() {
            let cost = total + self.job.rule.link_ms(c.wire_bytes());
            self.best = Some(self.best.map_or(cost, |b| b.min(cost)));
        }
        self.out.timed.push((c, ops));
        self.jobs.push(job);
    }
}

/// Searches as `job` says, timing candidates under `cfg.seed` (each candidate's own progress
/// hidden; one progress line over the search unless `cfg.quiet`).
///
/// # Errors
/// [`Error::Runtime`] when a self-check of a timed candidate fails, and any error opening a
/// group other than "not in this build".
pub fn search(job: &ChooseJob, cfg: &Config) -> Result<Outcome> {
    let mut s = Search::new(job, cfg);
    timing::time_kems(&mut s)?;
    let pairs = probe::probe_groups(&mut s)?;
    s.out.probed += pairs.len();
    timing::time_groups(&mut s, pairs)?;
    let ranking = rank::annotate(&mut s.out, &job.rule);
    if job.tie_secs > 0.0 {
        tie::settle(&mut s, &ranking)?;
    }
    s.pb.finish_and_clear();
    Ok(s.out)
}

//! The second phase of the search: the KEMs, then the probed (group, size) pairs, cheapest
//! probe first, each through pkbench's own code (with and without its table) and every
//! library and crate asked for — or left untimed, with the reason.

use super::probe::{Pair, probe, probe_crate};
use super::{
    CHOOSE_POOL, Candidate, LIST_MARGIN, NotTimed, Note, PEER_MARGIN, PRUNE_MARGIN, Search,
};
use crate::bench::dh::DhJob;
use crate::bench::dh::crates::crate_refusal;
use crate::bench::imp::{Choice, Library};
use crate::bench::kem::{KEM_POOL, KemJob};
use crate::bench::{Job, run};
use crate::error::Result;
use crate::kex::{ExpBits, KeyExchange};
use crate::params;
use crate::peers::crates::CrateGroup;
use crate::record::Operation;
use std::collections::HashMap;
use std::sync::Arc;

/// Times every KEM of the job that can meet the target (all of them when `wide`), all its
/// implementations in the same rounds; one row per implementation.
///
/// # Errors
/// [`crate::Error::Runtime`] when a KEM's self-check fails.
pub(super) fn time_kems(s: &mut Search) -> Result<()> {
    for &info in &s.job.kems {
        s.pb.set_message(format!("timing {}", info.name));
        s.pb.inc(1);
        let c = Candidate {
            group: info.name.to_string(),
            exp_bits: 0,
            full_exp_bits: 0,
            table: false,
            probe_ms: None,
            public_bytes: Some(info.ek_bytes),
            table_bytes: None,
            estimate: None,
            library: None,
            kem: Some(info),
        };
        if !s.job.wide && !s.job.rule.meets(&c) {
            s.out
                .not_timed
                .push((c, NotTimed::BelowTarget { quantum: false }));
            continue;
        }
        if s.over_time() {
            let why = NotTimed::TimeLimit {
                max_secs: s.job.max_secs,
            };
            s.out.not_timed.push((c, why));
            continue;
        }
        if s.job.kem_impls.is_empty() {
            for &imp in &s.job.imps {
                let why = crate::peers::Unavailable::Unsupported {
                    library: imp.name().into(),
                    what: info.name.into(),
                    why: format!(
                        "ML-KEM is timed through {} only",
                        crate::kem::IMPLEMENTATIONS.join(", ")
                    ),
                };
                s.out.not_offered(imp, info.name, why);
            }
            continue;
        }
        let all = KemJob {
            impls: s
                .job
                .kem_impls
                .iter()
                .filter_map(|n| crate::kem::open(info, n).ok().map(Arc::from))
                .collect(),
            ..KemJob::all(info)
        };
        let ops = run(&Job::Kem(all.clone()), &s.inner)?;
        s.out.probed += 1;
        for k in &all.impls {
            let mine: Vec<Operation> = ops
                .iter()
                .filter(|o| o.param_str(crate::implementation::IMPL_PARAM) == Some(k.impl_name()))
                .cloned()
                .collect();
            let job = KemJob {
                info,
                impls: vec![Arc::clone(k)],
                pool: KEM_POOL,
                parts: false,
            };
            s.timed(c.clone(), mine, Job::Kem(job));
        }
    }
    Ok(())
}

/// How a candidate of a pair is computed, made when it is timed.
enum Way {
    /// pkbench's own code with its table (opened once per group) or without.
    Own { table: bool },
    /// A library's or crate's, opened and probed.
    Peer(DhJob),
}

/// Times the probed pairs, cheapest probe first so that the bound tightens early: for each,
/// pkbench's own code with its table and without and each library, the cheapest probe
/// first. The first row of an option is held to [`LIST_MARGIN`], so that every option near
/// the best is listed with its best implementation; the others to [`PRUNE_MARGIN`].
///
/// # Errors
/// [`crate::Error::Runtime`] when a self-check of a timed candidate fails.
pub(super) fn time_groups(s: &mut Search, mut pairs: Vec<Pair>) -> Result<()> {
    pairs.sort_by(|a, b| a.probe_ms.total_cmp(&b.probe_ms));
    let steps = s.job.groups.len() + s.job.kems.len() + pairs.len();
    s.pb.set_length(steps as u64);
    let own = s.job.imps.is_empty() || s.job.imps.contains(&Choice::Own);
    // The libraries, then the crates, in the order asked for.
    let peers: Vec<Choice> = s
        .job
        .imps
        .iter()
        .copied()
        .filter(|c| matches!(c, Choice::Peer(_) | Choice::Crate(_)))
        .collect();
    let mut tabled: HashMap<String, Option<Arc<dyn KeyExchange>>> = HashMap::new();
    for p in &pairs {
        let mut ways: Vec<(Candidate, Way)> = Vec::new();
        if own {
            for table in [true, false] {
                let mut c = s.candidate(&p.group, p.exp_bits, table);
                c.probe_ms = Some(p.probe_ms);
                ways.push((c, Way::Own { table }));
            }
        }
        ways.extend(open_peers(s, p, &peers)?);
        ways.sort_by(|a, b| {
            let probe = |c: &Candidate| c.probe_ms.unwrap_or(f64::INFINITY);
            probe(&a.0).total_cmp(&probe(&b.0))
        });
        for (c, way) in ways {
            time_one(s, p, c, way, &mut tabled)?;
        }
        s.pb.inc(1);
    }
    Ok(())
}

/// `full` or a number of bits, as a job takes it.
fn size_of(p: &Pair) -> ExpBits {
    if p.exp_bits >= p.kx.info().full_exp_bits {
        ExpBits::Full
    } else {
        ExpBits::Bits(p.exp_bits)
    }
}

/// pkbench's own group of pair `p` with its table (opened once per group: `tabled`), or
/// `None` (noted) when the group has none.
fn with_table(
    s: &mut Search,
    p: &Pair,
    tabled: &mut HashMap<String, Option<Arc<dyn KeyExchange>>>,
) -> Option<Arc<dyn KeyExchange>> {
    let entry = match tabled.get(&p.group) {
        Some(e) => e.clone(),
        None => {
            let k: Option<Arc<dyn KeyExchange>> = s
                .open(&p.group, true)
                .ok()
                .filter(|k| k.table().is_some())
                .map(Arc::from);
            tabled.insert(p.group.clone(), k.clone());
            k
        }
    };
    if entry.is_none() {
        let group = p.group.clone();
        if !s
            .out
            .notes
            .iter()
            .any(|n| matches!(n, Note::NoTable { group: g } if *g == group))
        {
            s.out.notes.push(Note::NoTable { group });
        }
    }
    entry
}

/// Times candidate `c` of pair `p`, computed `way`, unless it cannot win: the first row
/// of its option against [`LIST_MARGIN`] × the best cost, any other against
/// [`PRUNE_MARGIN`] ×.
fn time_one(
    s: &mut Search,
    p: &Pair,
    mut c: Candidate,
    way: Way,
    tabled: &mut HashMap<String, Option<Arc<dyn KeyExchange>>>,
) -> Result<()> {
    let dh = match way {
        Way::Own { table } => {
            let kx = if table {
                match with_table(s, p, tabled) {
                    Some(k) => k,
                    None => return Ok(()),
                }
            } else {
                Arc::clone(&p.kx)
            };
            c.public_bytes = Some(kx.info().public_bytes);
            c.table_bytes = kx.table().map(|t| t.bytes);
            let mut dh = DhJob::new(kx, size_of(p))?;
            dh.pool_base = CHOOSE_POOL;
            dh
        }
        Way::Peer(dh) => dh,
    };
    let listed = s
        .out
        .timed
        .iter()
        .any(|(t, _)| t.group == c.group && s.job.rule.meets(t));
    let margin = if listed { PRUNE_MARGIN } else { LIST_MARGIN };
    let probe_ms = c.probe_ms.unwrap_or(p.probe_ms);
    if let Some(why) = s.verdict(&c, probe_ms, margin) {
        s.out.not_timed.push((c, why));
        return Ok(());
    }
    s.pb.set_message(format!("timing {}", dh.label()));
    let job = Job::Dh(dh);
    let ops = run(&job, &s.inner)?;
    s.timed(c, ops, job);
    Ok(())
}

/// Each library's and crate's row of pair `p` (no table: each uses its own
/// precomputation), opened and probed through it; none is opened when pkbench's own Reply is
/// beyond [`PEER_MARGIN`] × [`PRUNE_MARGIN`] × the best cost (it cannot win; an option that
/// far off is not listed either). A crate that does not offer the group, or not at this
/// secret size ([`crate_refusal`]), and a library that cannot compute it, give a note
/// ([`Note::NotOffered`]); a library absent here gives one note ([`Note::LibraryAbsent`]).
fn open_peers(s: &mut Search, p: &Pair, peers: &[Choice]) -> Result<Vec<(Candidate, Way)>> {
    let mut out = Vec::new();
    let Ok(file) = params::lookup(&p.group) else {
        return Ok(out);
    };
    for &imp in peers {
        if let Choice::Crate(name) = imp
            && let Some(why) = crate_refusal(name, p.kx.as_ref(), p.exp_bits)
        {
            s.out.not_offered(imp, &p.group, why);
            continue;
        }
        let mut c = s.candidate(&p.group, p.exp_bits, false);
        c.library = Some(imp);
        c.public_bytes = Some(p.kx.info().public_bytes);
        let own_bound = p.probe_ms + s.job.rule.link_ms(c.wire_bytes());
        let hopeless = s
            .best
            .filter(|b| s.job.prune && !s.job.wide && own_bound > PEER_MARGIN * PRUNE_MARGIN * b);
        if let Some(best_ms) = hopeless {
            c.probe_ms = Some(p.probe_ms);
            let why = NotTimed::CannotWin {
                probe_ms: p.probe_ms,
                best_ms,
                margin: PRUNE_MARGIN,
                own_probe: true,
            };
            s.out.not_timed.push((c, why));
            continue;
        }
        s.pb.set_message(format!(
            "probing {} {} through {}",
            p.group,
            super::size_label(p.exp_bits, c.full_exp_bits),
            imp.name()
        ));
        let mut dh = DhJob::new(Arc::clone(&p.kx), size_of(p))?;
        dh.pool_base = CHOOSE_POOL;
        let opened = match imp {
            Choice::Peer(lib) => open_library(s, p, &dh, &file, lib)?,
            Choice::Crate(name) => open_crate(s, p, &dh, name)?,
            Choice::Own | Choice::Portable => None,
        };
        if let Some((peer, probe_ms)) = opened {
            c.probe_ms = Some(probe_ms);
            out.push((c, Way::Peer(peer)));
        }
    }
    Ok(out)
}

/// The job of pair `p` through the library `lib` and its probe Reply (ms), or `None` (noted)
/// when the library is absent or does not compute the group.
///
/// # Errors
/// A check of the library against pkbench's own that fails.
fn open_library(
    s: &mut Search,
    p: &Pair,
    dh: &DhJob,
    file: &params::GroupFile,
    lib: Library,
) -> Result<Option<(DhJob, f64)>> {
    let peer = match dh.through(file, lib, s.cfg.discovery) {
        Ok(j) => j?,
        Err(why) if why.is_absent() => {
            let library = lib.name().to_string();
            if !s
                .out
                .notes
                .iter()
                .any(|n| matches!(n, Note::LibraryAbsent { library: l, .. } if *l == library))
            {
                s.out.notes.push(Note::LibraryAbsent { library, why });
            }
            return Ok(None);
        }
        Err(why) => {
            s.out.not_offered(Choice::Peer(lib), &p.group, why);
            return Ok(None);
        }
    };
    let probe_ms = probe(peer.group.as_ref(), p.exp_bits, &mut s.rng)?;
    Ok(Some((peer, probe_ms)))
}

/// The job of pair `p` through the crate `name` (which offers it: [`crate_refusal`] said
/// so) and its probe: the best of two of the crate's own Replies ([`probe_crate`]; the
/// crate group's [`KeyExchange`] answers with pkbench's own values, so [`probe`] would time
/// pkbench's code), or `None` (noted) when the crate cannot open the group.
///
/// # Errors
/// A check of the crate against pkbench's own that fails, or a probe Reply that fails.
fn open_crate(
    s: &mut Search,
    p: &Pair,
    dh: &DhJob,
    name: &'static str,
) -> Result<Option<(DhJob, f64)>> {
    let g = match CrateGroup::open(name, Arc::clone(&p.kx)) {
        Ok(g) => g.map_err(crate::Error::from)?,
        Err(why) => {
            s.out.not_offered(Choice::Crate(name), &p.group, why);
            return Ok(None);
        }
    };
    let probe_ms = probe_crate(&g, p.exp_bits, &mut s.rng)?;
    Ok(Some((dh.with_crate(g), probe_ms)))
}

//! Table size against cold cost (`pkbench choose --cache cold`, issue 20): every fixed-base
//! table a group can have, its Offer timed warm and cold in the same rounds, and the
//! cheapest cold Offer named.
//!
//! Tables tried ([`tables_for`]): binary curves, windows w = [`MIN_SWEEP_WINDOW`] …
//! [`crate::kex::ec2n::MAX_WINDOW`] (the table holds ⌈(bits(q) + 1)/w⌉ windows × 2^(w−1)
//! affine points of 48 bytes: [`ec2n_table_bytes`]); mod-p groups have one table scheme (the
//! window is planned from the memory budget, [`crate::kex::modp::table::plan`]), so table
//! against no table; prime curves use their crate's own code: no table of pkbench's.
//!
//! The choice ([`annotate`]): per group and secret size, the smallest cold Offer median,
//! unless others are tied with it (the 95 % interval of their cold Offer ratio to it reaches
//! 1, as `choose` decides ties): then the smaller table (no table is smallest).

use super::dh::DhJob;
use super::{Config, Item, Job};
use crate::kex::{self, ExpBits, Family, GroupOptions, WindowChoice};
use crate::measure::CacheMode;
use crate::record::{Operation, info as rinfo, param};
use std::sync::Arc;

/// Narrowest window the sweep tries on a binary curve.
pub const MIN_SWEEP_WINDOW: u32 = 4;

/// Bytes of one affine point of the EC2N table (two 3-limb field elements).
pub const EC2N_POINT_BYTES: usize = 48;

/// Size of the EC2N fixed-base table for a subgroup order of `q_bits` bits and window `w`:
/// ⌈(q_bits + 1)/w⌉ windows × 2^(w−1) points × [`EC2N_POINT_BYTES`]
/// ([`crate::kex::ec2n::fixed::FixedBase::build`]).
pub fn ec2n_table_bytes(q_bits: u32, w: u32) -> usize {
    (q_bits + 1).div_ceil(w) as usize * (1usize << (w - 1)) * EC2N_POINT_BYTES
}

/// The tables to try for a group of `family`: `Some(w)` a table of window w (mod-p: `Some(0)`,
/// its one planned table), `None` no table.
pub fn tables_for(family: Family) -> Vec<Option<u32>> {
    match family {
        Family::Ec2n => (MIN_SWEEP_WINDOW..=kex::ec2n::MAX_WINDOW)
            .map(Some)
            .collect(),
        Family::Modp => vec![Some(0), None],
        Family::Ecp => vec![None],
    }
}

/// The sweep's items: for each group, secret size and table, an Offer-only DH job timed warm
/// and cold ([`DhJob::offer_only`], [`CacheMode::Both`]); a group that cannot be opened is an
/// item with its error. Secret sizes as `choose` resolves them
/// ([`super::choose::secret_sizes`]).
pub fn items(groups: &[String], exps: &[ExpBits], options: &GroupOptions) -> Vec<Item> {
    let mut out = Vec::new();
    for g in groups {
        let (file, family) = match crate::params::lookup(g).and_then(|f| {
            let family = f.family()?;
            Ok((f, family))
        }) {
            Ok(x) => x,
            Err(e) => {
                out.push(Item {
                    label: g.clone(),
                    job: Err(e),
                });
                continue;
            }
        };
        let full = kex::profile(&file).map(|p| p.q_bits).unwrap_or(0);
        for bits in super::choose::secret_sizes(exps, full) {
            for t in tables_for(family) {
                let opts = GroupOptions {
                    table: t.is_some(),
                    table_window: match t {
                        Some(w) if w > 0 => WindowChoice::Bits(w),
                        _ => options.table_window.clone(),
                    },
                    ..options.clone()
                };
                let label = format!(
                    "{} {} bits, {}",
                    file.name,
                    bits,
                    match t {
                        Some(w) if w > 0 => format!("w={w}"),
                        Some(_) => "table".into(),
                        None => "no table".into(),
                    }
                );
                let job = kex::open(&file, &opts).and_then(|kx| {
                    let mut j = DhJob::new(Arc::from(kx), ExpBits::Bits(bits))?;
                    j.cache = CacheMode::Both;
                    j.offer_only = true;
                    Ok(Job::Dh(j))
                });
                out.push(Item { label, job });
            }
        }
    }
    out
}

/// Runs the sweep's `items` ([`super::sweep`]: every table built and every pool checked
/// first, then all timed together in interleaved rounds) and marks the choice
/// ([`annotate`]). Each Offer operation gets the param `table_window` (EC2N). Returns the
/// operations and the items that could not run, with their errors.
pub fn run(items: Vec<Item>, cfg: &Config) -> (Vec<Operation>, Vec<(String, crate::Error)>) {
    let mut ops = Vec::new();
    let mut failed = Vec::new();
    for (label, r) in super::sweep(items, cfg) {
        match r {
            Ok(o) => ops.extend(o),
            Err(e) => failed.push((label, e)),
        }
    }
    for op in &mut ops {
        if let Some(w) = op
            .info_str(rinfo::TABLE_METHOD)
            .and_then(|m| m.strip_prefix("fixed-base signed windows w="))
            .and_then(|m| m.split(':').next())
            .and_then(|w| w.parse::<u32>().ok())
        {
            op.params.insert("table_window".into(), w.into());
        }
    }
    annotate(&mut ops);
    (ops, failed)
}

/// Marks, per group and secret size, the cheapest cold Offer: `cheapest_cold` (true) on the
/// chosen cold and warm operations, `tied` on the cold Offers tied with the fastest one,
/// `tie_fastest` (its table's bytes) when the tie went to a smaller table. See the module
/// documentation for the rule.
pub fn annotate(ops: &mut [Operation]) {
    let key = |o: &Operation| {
        (
            o.param_str(param::GROUP).unwrap_or("").to_string(),
            o.exp_bits(),
        )
    };
    let bytes = |o: &Operation| {
        if o.params
            .get(param::TABLE)
            .and_then(serde_json::Value::as_bool)
            == Some(true)
        {
            o.info_u64(rinfo::TABLE_BYTES).unwrap_or(u64::MAX)
        } else {
            0
        }
    };
    let is_cold = |o: &Operation| o.param_str(param::CACHE) == Some("cold");
    let mut keys: Vec<_> = ops.iter().filter(|o| is_cold(o)).map(key).collect();
    keys.dedup();
    for k in keys {
        let cold: Vec<usize> = (0..ops.len())
            .filter(|&i| is_cold(&ops[i]) && key(&ops[i]) == k)
            .collect();
        let median = |i: usize| ops[i].stats.as_ref().map_or(f64::INFINITY, |s| s.median_ms);
        let Some(fast) = cold
            .iter()
            .copied()
            .min_by(|&a, &b| median(a).total_cmp(&median(b)))
        else {
            continue;
        };
        let tied: Vec<usize> = cold
            .iter()
            .copied()
            .filter(|&i| {
                i == fast
                    || Operation::speedup_interval(&ops[i], &ops[fast])
                        .is_some_and(|iv| iv.lo <= 1.0)
            })
            .collect();
        let Some(chosen) = tied.iter().copied().min_by(|&a, &b| {
            bytes(&ops[a])
                .cmp(&bytes(&ops[b]))
                .then(median(a).total_cmp(&median(b)))
        }) else {
            continue;
        };
        if tied.len() > 1 {
            for &i in &tied {
                ops[i].info.insert("tied".into(), true.into());
            }
        }
        if chosen != fast {
            let b = bytes(&ops[fast]);
            ops[chosen]
                .info
                .insert("tie_fastest_table_bytes".into(), b.into());
        }
        let mut twin = ops[chosen].params.clone();
        twin.insert("cache".into(), "warm".into());
        for op in ops.iter_mut() {
            if op.params == twin {
                op.info.insert("cheapest_cold".into(), true.into());
            }
        }
        ops[chosen].info.insert("cheapest_cold".into(), true.into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ec2n_table_sizes_follow_the_formula() {
        // gf2-155: q has 152 bits; w = 12: 13 windows × 2048 points × 48 B = 1.22 MiB.
        assert_eq!(ec2n_table_bytes(152, 12), 13 * 2048 * 48);
        assert_eq!(ec2n_table_bytes(152, 4), 39 * 8 * 48);
        for w in [4, 8, 12] {
            let kx = kex::open_named(
                "gf2-155",
                &GroupOptions {
                    table_window: WindowChoice::Bits(w),
                    ..GroupOptions::default()
                },
            )
            .unwrap();
            assert_eq!(
                kx.table().unwrap().bytes,
                ec2n_table_bytes(152, w),
                "w = {w}"
            );
        }
    }

    /// A cold (or warm) Offer of gf2-155 with a table of `bytes` (0: none) whose 20 rounds
    /// take about `ms` each.
    fn offer(bytes: u64, cache: &str, ms: f64) -> Operation {
        // A spread of ±3 % whose phase depends on the size, so two tables' rounds differ.
        let raw: Vec<f64> = (0..20)
            .map(|i| ms * (1.0 + 0.03 * (f64::from(i) * 1.3 + bytes as f64 / 1000.0).sin()))
            .collect();
        let stats = crate::measure::Stats::from_rounds(raw, 1, vec![1; 20]);
        let params = crate::record::params([
            (param::COMMAND, "dh".into()),
            (param::GROUP, "gf2-155".into()),
            (param::EXP_BITS, 128.into()),
            (param::TABLE, (bytes > 0).into()),
            ("table_window", bytes.into()),
            ("cache", cache.into()),
        ]);
        Operation::timed("Offer", params, stats).with_info(rinfo::TABLE_BYTES, bytes)
    }

    #[test]
    fn the_cheapest_cold_offer_and_its_ties() {
        // 4 KiB and 8 KiB are tied (the same cold times but for noise); 16 KiB is slower.
        let mut ops = vec![
            offer(16384, "cold", 3.0),
            offer(8192, "cold", 1.0),
            offer(4096, "cold", 1.002),
            offer(4096, "warm", 0.5),
        ];
        annotate(&mut ops);
        let chosen: Vec<u64> = ops
            .iter()
            .filter(|o| o.info.get("cheapest_cold") == Some(&true.into()))
            .map(|o| o.info_u64(rinfo::TABLE_BYTES).unwrap())
            .collect();
        // The smaller table of the tie, cold and its warm twin.
        assert_eq!(chosen, vec![4096, 4096]);
        assert_eq!(ops[2].info.get("tied"), Some(&true.into()));
        assert_eq!(ops[1].info.get("tied"), Some(&true.into()));
        assert!(ops[0].info.get("tied").is_none());
        // The choice names the fastest table only when the tie went past its median.
        let median = |k: usize| ops[k].stats.as_ref().unwrap().median_ms;
        assert_eq!(
            ops[2].info.contains_key("tie_fastest_table_bytes"),
            median(1) < median(2)
        );
        // A clear winner is not a tie.
        let mut ops = vec![offer(16384, "cold", 3.0), offer(8192, "cold", 1.0)];
        annotate(&mut ops);
        assert_eq!(ops[1].info.get("cheapest_cold"), Some(&true.into()));
        assert!(ops[1].info.get("tied").is_none());
    }

    #[test]
    fn tables_per_family() {
        assert_eq!(tables_for(Family::Ec2n).len(), 9);
        assert_eq!(tables_for(Family::Modp), vec![Some(0), None]);
        assert_eq!(tables_for(Family::Ecp), vec![None]);
    }
}

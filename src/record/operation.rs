//! One operation of a record ([`Operation`]): what was timed, what identifies the row, who
//! computed it, its statistics and derived figures; and the helpers that name and compare
//! rows ([`params_label`], [`figure_direction`]).

use crate::implementation::{Choice, IMPL_PARAM, Implementation};
use crate::measure::Stats;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// One timed (or derived) operation of a record: a row of `compare`. Times are milliseconds
/// here; a record stores them in seconds ([`OperationOnDisk`], [`Stats`]).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(
    from = "super::disk::OperationOnDisk",
    into = "super::disk::OperationOnDisk"
)]
pub struct Operation {
    /// What was timed: "Offer", "Reply", "Total = 2*Offer + Reply", "private op",
    /// "encrypt", "key setup", "hash" ... (the column of `compare`'s ratio table).
    pub name: String,
    /// What identifies the row: command, group or algorithm, sizes, exponent bits, table ...
    /// (scalars only: strings, numbers, booleans). Two operations with the same name and
    /// params in two records are the same measurement made twice.
    #[serde(default)]
    pub params: BTreeMap<String, Value>,
    /// Who computed it (pkbench's own code, a crate, a library, with version); `None` in
    /// schema 1 records and for figures derived from operations of several implementations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implementation: Option<Implementation>,
    /// Statistics of the samples (ms per operation), absent for derived figures such as
    /// Total = 2*Offer + Reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<Stats>,
    /// Further measured figures, named with their unit: `*_ms` (ms, lower is better),
    /// `*_per_sec` (per second, higher is better), e.g. `bytes_per_sec`, `total_ms`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub figures: BTreeMap<String, f64>,
    /// Details that do not identify the row (backend, table method and bytes, build time).
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub info: Map<String, Value>,
    /// For a derived operation: its headline figure in each round of the run, in order
    /// (e.g. Total = 2·Offer + Reply of each round's medians), the data of its interval.
    /// Timed operations keep their rounds in `stats`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<f64>,
}

/// Which way a figure is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Better {
    /// A time: smaller is faster.
    Lower,
    /// A rate: larger is faster.
    Higher,
}

/// The direction of a figure from its name's unit suffix: `_ms`, `_us`, `_ns`, `_s` → lower
/// is better; `_per_sec`, `_per_s` → higher is better; anything else: not comparable.
pub fn figure_direction(name: &str) -> Option<Better> {
    if name.ends_with("_per_sec") || name.ends_with("_per_s") {
        Some(Better::Higher)
    } else if ["_ms", "_us", "_ns", "_s"]
        .iter()
        .any(|s| name.ends_with(s))
    {
        Some(Better::Lower)
    } else {
        None
    }
}

impl Operation {
    /// A timed operation with `stats`.
    pub fn timed(name: &str, params: BTreeMap<String, Value>, stats: Stats) -> Operation {
        Operation {
            name: name.to_string(),
            params,
            implementation: None,
            stats: Some(stats),
            figures: BTreeMap::new(),
            info: Map::new(),
            rounds: Vec::new(),
        }
    }

    /// A derived operation with one figure (e.g. `total_ms`) and no samples.
    pub fn derived(
        name: &str,
        params: BTreeMap<String, Value>,
        figure: &str,
        value: f64,
    ) -> Operation {
        Operation {
            name: name.to_string(),
            params,
            implementation: None,
            stats: None,
            figures: BTreeMap::from([(figure.to_string(), value)]),
            info: Map::new(),
            rounds: Vec::new(),
        }
    }

    /// Names the implementation that computed it (builder style).
    pub fn by(mut self, implementation: Implementation) -> Operation {
        self.implementation = Some(implementation);
        self
    }

    /// Adds a figure (builder style).
    pub fn with_figure(mut self, name: &str, value: f64) -> Operation {
        self.figures.insert(name.to_string(), value);
        self
    }

    /// Adds an `info` entry (builder style).
    pub fn with_info(mut self, key: &str, value: impl Into<Value>) -> Operation {
        self.info.insert(key.to_string(), value.into());
        self
    }

    /// The `info` entry `key` as a string, `None` when absent or not a string.
    pub fn info_str(&self, key: &str) -> Option<&str> {
        self.info.get(key).and_then(Value::as_str)
    }

    /// The `info` entry `key` as a number, `None` when absent or not a number.
    pub fn info_f64(&self, key: &str) -> Option<f64> {
        self.info.get(key).and_then(Value::as_f64)
    }

    /// The `info` entry `key` as an unsigned integer, `None` when absent or not one.
    pub fn info_u64(&self, key: &str) -> Option<u64> {
        self.info.get(key).and_then(Value::as_u64)
    }

    /// The `info` entry `key` as a boolean, `None` when absent or not one.
    pub fn info_bool(&self, key: &str) -> Option<bool> {
        self.info.get(key).and_then(Value::as_bool)
    }

    /// Who computed it on the implementation axis: a peer library or pkbench's portable
    /// twin when the operation carries the param [`crate::implementation::IMPL_PARAM`],
    /// a crate ([`Choice::Crate`]) when that param names none of them, else pkbench's own
    /// code.
    pub fn choice(&self) -> Choice {
        self.param_str(IMPL_PARAM).map_or(Choice::Own, |n| {
            Choice::parse(n).unwrap_or_else(|| Choice::of_crate(n))
        })
    }

    /// What the row's Offer precomputed for the generator (its `info` key
    /// [`crate::implementation::precomputation::INFO_KEY`]); `None` for an operation that
    /// has none recorded (not a DH row, or a record made before rows said).
    pub fn precomputation(&self) -> Option<crate::implementation::Precomputation> {
        let v = self
            .info
            .get(crate::implementation::precomputation::INFO_KEY)?;
        serde_json::from_value(v.clone()).ok()
    }

    /// What the row's implementation was checked against before timing (its `info` key
    /// [`crate::implementation::checked::INFO_KEY`]); `None` when nothing was (pkbench's own
    /// rows) or the record was made before rows said.
    pub fn checked(&self) -> Option<crate::implementation::checked::CrossCheck> {
        let v = self.info.get(crate::implementation::checked::INFO_KEY)?;
        serde_json::from_value(v.clone()).ok()
    }

    /// The `params` entry `key` as a string, `None` when absent or not a string.
    pub fn param_str(&self, key: &str) -> Option<&str> {
        self.params.get(key).and_then(Value::as_str)
    }

    /// The identity of the row: the params rendered canonically (sorted keys), then the name.
    /// `compare` matches operations of two records on this key.
    /// `cache=warm` counts as no `cache` param: a record made before `--cache` was timed
    /// warm.
    pub fn key(&self) -> (String, String) {
        if self.param_str("cache") == Some("warm") {
            let mut p = self.params.clone();
            p.remove("cache");
            return (params_label(&p), self.name.clone());
        }
        (params_label(&self.params), self.name.clone())
    }

    /// The per-round values of the headline figure ([`Operation::headline`]), in the figure's
    /// unit: the round medians of a timed operation, a derived operation's `rounds`. Empty
    /// when the run kept no rounds (schema 1 records).
    pub fn round_values(&self) -> Vec<f64> {
        match &self.stats {
            Some(s) => s.round_medians(),
            None => self.rounds.clone(),
        }
    }

    /// The 95 % interval of the headline figure ([`Operation::headline`], in its unit, with
    /// the headline as its estimate), from the per-round values ([`Operation::round_values`]).
    ///
    /// The rounds give the sign-test interval of their median
    /// ([`crate::measure::interval::median`]), but the headline is the median of all the
    /// samples (or Total = 2·Offer + Reply and the like over such medians), which need not
    /// equal the rounds' median: on a machine whose speed changed during the run, fast
    /// rounds hold more samples than slow ones, and the two part (a Total of 155 µs with a
    /// rounds' interval of [439, 856] µs). So where the headline lies outside the rounds'
    /// interval ([`HeadlineInterval::rounds_disagree`]), that interval is widened to also
    /// cover itself scaled to the headline (× headline ÷ the rounds' median, as
    /// [`Operation::speed_factors`] scales a speed): the result always holds the figure,
    /// and is the rounds' interval unchanged where that already does (a quiet run).
    /// `None` with fewer rounds than the level needs
    /// ([`HeadlineInterval::too_few_rounds`] says how many there were) or a figure that is
    /// not a positive number.
    pub fn headline_interval(&self) -> Option<HeadlineInterval> {
        use crate::measure::interval;
        let (h, _) = self.headline()?;
        let rounds = interval::median(&self.round_values(), interval::LEVEL);
        let (est, lo, hi) = (rounds.estimate, rounds.lo, rounds.hi);
        if !(rounds.is_bounded() && lo > 0.0 && est > 0.0 && h > 0.0 && h.is_finite()) {
            return None;
        }
        let k = if rounds.contains(h) { 1.0 } else { h / est };
        let iv = interval::Interval {
            estimate: h,
            lo: (lo * k).min(lo),
            hi: (hi * k).max(hi),
            level: rounds.level,
        };
        // The invariant views rely on: an interval holds its own figure.
        debug_assert!(iv.contains(h), "{iv:?}");
        iv.contains(h).then_some(HeadlineInterval {
            interval: iv,
            rounds,
        })
    }

    /// The number of per-round values of the headline when they are too few for a 95 %
    /// interval of it (fewer than 6: [`crate::measure::interval::median`]), `None` when
    /// they are enough or there are none (a record that kept no rounds).
    pub fn too_few_rounds(&self) -> Option<usize> {
        use crate::measure::interval;
        let v = self.round_values();
        (!v.is_empty() && !interval::median(&v, interval::LEVEL).is_bounded()).then_some(v.len())
    }

    /// The 95 % interval of this operation's speed as factors of its headline speed
    /// (`(0.96, 1.05)`: the speed lies between 0.96 and 1.05 times the headline's), from
    /// [`Operation::headline_interval`]; `None` with fewer rounds than the level needs.
    pub fn speed_factors(&self) -> Option<(f64, f64)> {
        let (_, dir) = self.headline()?;
        let iv = self.headline_interval()?.interval;
        Some(match dir {
            Better::Lower => (iv.estimate / iv.hi, iv.estimate / iv.lo),
            Better::Higher => (iv.lo / iv.estimate, iv.hi / iv.estimate),
        })
    }

    /// The speed ratio of `fast` over `slow` (how many times faster `fast` is), measured in
    /// the same run, with its 95 % interval: paired by round (Wilcoxon signed rank,
    /// Hodges–Lehmann) when both have as many rounds (rounds in which either has no sample
    /// left out of both), else unpaired (Mann–Whitney); `None`
    /// when either has too few rounds or a figure of another direction.
    pub fn speedup_interval(
        slow: &Operation,
        fast: &Operation,
    ) -> Option<crate::measure::Interval> {
        use crate::measure::interval;
        let (_, d1) = slow.headline()?;
        let (_, d2) = fast.headline()?;
        if d1 != d2 {
            return None;
        }
        let (a, b, paired) = match Operation::paired_rounds(slow, fast) {
            Some((a, b)) => (a, b, true),
            None => (slow.round_values(), fast.round_values(), false),
        };
        let (a, b) = match d1 {
            Better::Lower => (a, b),
            Better::Higher => (b, a),
        };
        let iv = if paired {
            interval::ratio_paired(&a, &b, interval::LEVEL)
        } else {
            interval::ratio_unpaired(&a, &b, interval::LEVEL)
        };
        iv.is_bounded().then_some(iv)
    }

    /// How many rounds [`Operation::speedup_interval`] of `slow` and `fast` works from: the
    /// rounds paired, else the fewer of the two's per-round values (an interval needs 6).
    pub fn ratio_rounds(slow: &Operation, fast: &Operation) -> usize {
        match Operation::paired_rounds(slow, fast) {
            Some((a, _)) => a.len(),
            None => slow.round_values().len().min(fast.round_values().len()),
        }
    }

    /// The per-round values of `a` and `b` paired round by round, when the two were timed in
    /// the same rounds: both timed with as many rounds (a round in which either has no
    /// sample is left out of both, so that the pairs stay aligned), or both derived with as
    /// many per-round values. `None` otherwise (unpaired).
    fn paired_rounds(a: &Operation, b: &Operation) -> Option<(Vec<f64>, Vec<f64>)> {
        match (&a.stats, &b.stats) {
            (Some(sa), Some(sb)) if sa.rounds.len() == sb.rounds.len() => Some(
                sa.per_round()
                    .into_iter()
                    .zip(sb.per_round())
                    .filter_map(|(x, y)| Some((x?, y?)))
                    .unzip(),
            ),
            (None, None) if a.rounds.len() == b.rounds.len() => {
                Some((a.rounds.clone(), b.rounds.clone()))
            }
            _ => None,
        }
    }

    /// Sets the per-round values of a derived figure (builder style).
    pub fn with_rounds(mut self, rounds: Vec<f64>) -> Operation {
        self.rounds = rounds;
        self
    }

    /// The headline figure of this operation and its direction: the median time of the
    /// samples when there are samples, otherwise the first figure with a known unit.
    pub fn headline(&self) -> Option<(f64, Better)> {
        self.headline_figure().map(|(_, v, d)| (v, d))
    }

    /// [`Operation::headline`] with the name of its figure: `median_ms` for a timed
    /// operation, else the key in `figures`.
    pub fn headline_figure(&self) -> Option<(&str, f64, Better)> {
        if let Some(s) = &self.stats {
            return Some(("median_ms", s.median_ms, Better::Lower));
        }
        self.figures
            .iter()
            .find_map(|(k, v)| figure_direction(k).map(|d| (k.as_str(), *v, d)))
    }
}

/// The 95 % interval of an operation's headline figure ([`Operation::headline_interval`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeadlineInterval {
    /// The interval of the figure: its estimate is the headline, `lo ≤ estimate ≤ hi`.
    pub interval: crate::measure::Interval,
    /// The sign-test interval of the median of the per-round values it was made from
    /// (its estimate is that median).
    pub rounds: crate::measure::Interval,
}

impl HeadlineInterval {
    /// Whether the headline lies outside the rounds' own interval: the samples and the
    /// rounds tell different speeds (the machine's speed changed during the run), and the
    /// interval was widened to cover both.
    pub fn rounds_disagree(&self) -> bool {
        !self.rounds.contains(self.interval.estimate)
    }
}

/// Renders params as `key=value` pairs in key order, `command` first and shown bare
/// ("dh group=gf2-155 exp_bits=128 table=true").
pub fn params_label(params: &BTreeMap<String, Value>) -> String {
    let mut parts = Vec::new();
    if let Some(c) = params.get("command") {
        parts.push(value_text(c));
    }
    for (k, v) in params {
        if k != "command" {
            parts.push(format!("{k}={}", value_text(v)));
        }
    }
    parts.join(" ")
}

fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Builds a params map from `(key, value)` pairs.
pub fn params<const N: usize>(pairs: [(&str, Value); N]) -> BTreeMap<String, Value> {
    pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// An item of a run that was not measured, and why (e.g. a capability not in this build).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Skipped {
    /// What would have been measured (a command line such as `dh --field modp-512`).
    pub item: String,
    /// Why not.
    pub reason: String,
    /// The identity it would have had as an operation (command, group, exp_bits, table …),
    /// where the command records one (`choose`'s candidates).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, Value>,
    /// What was known of it without timing it (security estimate, probe time …).
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub info: Map<String, Value>,
}

impl Skipped {
    /// An item not measured, with the reason, and no params or info.
    pub fn new(item: impl Into<String>, reason: impl Into<String>) -> Skipped {
        Skipped {
            item: item.into(),
            reason: reason.into(),
            params: BTreeMap::new(),
            info: Map::new(),
        }
    }
}

//! What records say about cold timings ([`crate::measure::cache`]): each cold operation's
//! eviction (method, bytes named) and the run's cache sizes and clock costs.

use crate::measure::Clock;
use crate::measure::cache::{CacheMode, CacheSizes, Evictor, Resident};
use crate::record::Operation;
use serde_json::Value;

/// `op` (timed cold) with what was evicted before each run, in its `info`: `eviction` (the
/// method's short name, [`crate::measure::cache::Method::name`]), `eviction_detail` (one
/// line) and `evicted_bytes` (the bytes `r` names, for the pool's first entry).
pub fn mark(op: Operation, r: &Resident<'_>) -> Operation {
    let ev = Evictor::detect(CacheSizes::detect());
    op.with_info("eviction", ev.method(r.complete).name())
        .with_info("eviction_detail", ev.describe(r.complete))
        .with_info("evicted_bytes", r.bytes())
}

/// The run-level params of a run in `mode` on `clock`: `cache` (warm, cold, both) and, when
/// something is timed cold, `eviction` (the method for memory named completely),
/// `cache_sizes` (this machine's, from sysfs), `clock_resolution_ns` (`clock_getres`),
/// `clock_step_ns` (smallest step seen) and `clock_overhead_ns` (the cost of an empty timed
/// region, subtracted from every cold sample). Nothing for a warm run (its records stay as
/// they were before the option).
pub fn run_params(mode: CacheMode, clock: Clock) -> Vec<(&'static str, Value)> {
    if mode == CacheMode::Warm {
        return Vec::new();
    }
    let ev = Evictor::detect(CacheSizes::detect());
    let cost = clock.cost();
    vec![
        ("cache", mode.name().into()),
        ("eviction", ev.method(true).name().into()),
        ("eviction_detail", ev.describe(true).into()),
        ("cache_sizes", ev.sizes().describe().into()),
        (
            "clock_resolution_ns",
            cost.resolution_ns.map_or(Value::Null, Value::from),
        ),
        ("clock_step_ns", cost.step_ns.into()),
        ("clock_overhead_ns", cost.overhead_ns.into()),
    ]
}

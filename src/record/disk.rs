//! How an [`Operation`] is stored: times in seconds, converted from and to the milliseconds
//! pkbench works in.

use super::{Operation, figure_direction};
use crate::implementation::Implementation;
use crate::measure::Stats;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// [`Operation`] as records store it (`pkbench.result/2`): a figure in milliseconds
/// (`total_ms`, `cpu_total_ms`) is written in seconds under the same name ending `_s`
/// (`total_s`), and so are the per-round values of a derived time and the times in `info`
/// (`pool_ms` → `pool_s`, `table_build_ms` → `table_build_s`). Figures in other
/// units (rates `*_per_sec`, µs per key `*_us`) are written as they are. Records that hold
/// `*_ms` figures (schema 1, and schema 2 before seconds) read as well. [`Operation`] itself
/// keeps milliseconds: the conversion is made here, when a record is written or read.
#[derive(Serialize, Deserialize)]
pub struct OperationOnDisk {
    name: String,
    #[serde(default)]
    params: BTreeMap<String, Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    implementation: Option<Implementation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stats: Option<Stats>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    figures: BTreeMap<String, f64>,
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    info: Map<String, Value>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    rounds: Vec<f64>,
}

/// Milliseconds per second.
const MS_PER_S: f64 = 1e3;

/// The name a record gives a figure in milliseconds (`total_ms` → `total_s`), `None` for a
/// figure in another unit.
pub fn figure_name_on_disk(name: &str) -> Option<String> {
    name.strip_suffix("_ms").map(|base| format!("{base}_s"))
}

/// The name in memory of a figure a record holds in seconds (`total_s` → `total_ms`), `None`
/// for any other (`*_per_s` is a rate).
fn figure_name_in_memory(name: &str) -> Option<String> {
    if name.ends_with("_per_s") {
        return None;
    }
    name.strip_suffix("_s").map(|base| format!("{base}_ms"))
}

/// The name of the figure [`Operation::headline`] takes when there are no samples.
fn headline_figure(figures: &BTreeMap<String, f64>) -> Option<&str> {
    figures
        .keys()
        .find(|k| figure_direction(k).is_some())
        .map(String::as_str)
}

impl From<Operation> for OperationOnDisk {
    fn from(op: Operation) -> OperationOnDisk {
        let rounds_in_ms =
            op.stats.is_none() && headline_figure(&op.figures).is_some_and(|k| k.ends_with("_ms"));
        OperationOnDisk {
            figures: op
                .figures
                .into_iter()
                .map(|(k, v)| match figure_name_on_disk(&k) {
                    Some(s) => (s, v / MS_PER_S),
                    None => (k, v),
                })
                .collect(),
            rounds: if rounds_in_ms {
                op.rounds.iter().map(|v| v / MS_PER_S).collect()
            } else {
                op.rounds
            },
            name: op.name,
            params: op.params,
            implementation: op.implementation,
            stats: op.stats,
            info: op
                .info
                .into_iter()
                .map(|(k, v)| match (figure_name_on_disk(&k), v.as_f64()) {
                    (Some(s), Some(ms)) => (s, (ms / MS_PER_S).into()),
                    _ => (k, v),
                })
                .collect(),
        }
    }
}

impl From<OperationOnDisk> for Operation {
    fn from(d: OperationOnDisk) -> Operation {
        let mut from_seconds = Vec::new();
        let figures: BTreeMap<String, f64> = d
            .figures
            .into_iter()
            .map(|(k, v)| match figure_name_in_memory(&k) {
                Some(ms) => {
                    from_seconds.push(ms.clone());
                    (ms, v * MS_PER_S)
                }
                None => (k, v),
            })
            .collect();
        let rounds_in_s = d.stats.is_none()
            && headline_figure(&figures).is_some_and(|k| from_seconds.iter().any(|s| s == k));
        Operation {
            rounds: if rounds_in_s {
                d.rounds.iter().map(|v| v * MS_PER_S).collect()
            } else {
                d.rounds
            },
            figures,
            name: d.name,
            params: d.params,
            implementation: d.implementation,
            stats: d.stats,
            info: d
                .info
                .into_iter()
                .map(|(k, v)| match (figure_name_in_memory(&k), v.as_f64()) {
                    (Some(ms), Some(s)) => (ms, (s * MS_PER_S).into()),
                    _ => (k, v),
                })
                .collect(),
        }
    }
}

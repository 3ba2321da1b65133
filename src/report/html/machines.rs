//! The machines of a report: records told apart by their machine (host name and CPU model),
//! the machines side by side, and every operation by machine.

use super::grid::Grid;
use crate::measure::Machine;
use crate::record::ResultRecord;
use crate::report::shift::same_machine;
use crate::report::{self, by_impl::speed_vs, compare::fmt_headline};

/// One machine of a report and the records made on it (indices into the report's records,
/// in order).
#[derive(Debug, Clone, PartialEq)]
pub struct MachineGroup {
    /// The machine's name: (host name, CPU model) of its first record.
    pub id: (String, String),
    /// The records made on it.
    pub records: Vec<usize>,
}

/// The records grouped by machine ([`same_machine`]: host name, CPU model and cores, as
/// `compare` tells machines apart), machines in the order of their first record.
pub fn group(records: &[(String, ResultRecord)]) -> Vec<MachineGroup> {
    let mut out: Vec<MachineGroup> = Vec::new();
    for (i, (_, r)) in records.iter().enumerate() {
        let id = (r.machine.hostname.clone(), r.machine.cpu_model.clone());
        match out
            .iter_mut()
            .find(|g| same_machine(&records[g.records[0]].1, r))
        {
            Some(g) => g.records.push(i),
            None => out.push(MachineGroup {
                id,
                records: vec![i],
            }),
        }
    }
    out
}

/// A machine's name for a column header: host name, else CPU model
/// ([`ResultRecord::machine_label`]).
pub fn label(rec: &ResultRecord) -> String {
    rec.machine_label()
}

/// "CPU model, N cores @ MHz".
pub fn cpu_line(m: &Machine) -> String {
    let mhz = if m.cpu_mhz > 0.0 {
        format!(" @ {:.0} MHz", m.cpu_mhz)
    } else {
        String::new()
    };
    format!("{}, {} cores{mhz}", m.cpu_model, m.cores)
}

/// The header of a machine's column: its label, and its CPU model when the label is the
/// host name.
fn column_header(rec: &ResultRecord) -> String {
    let l = label(rec);
    if l == rec.machine.cpu_model {
        l
    } else {
        format!("{l}\n{}", rec.machine.cpu_model)
    }
}

/// The machines side by side: one column per machine, one row per property (CPU, cores,
/// MHz, operating system, kernel, governor, turbo, CPU features, the records made on it).
pub fn machine_grid(records: &[(String, ResultRecord)], groups: &[MachineGroup]) -> Grid {
    let first = |g: &MachineGroup| &records[g.records[0]].1;
    let mut header = vec!["machine".to_string()];
    header.extend(groups.iter().map(|g| column_header(first(g))));
    let prop = |name: &str, f: &dyn Fn(&ResultRecord) -> String| {
        let mut row = vec![name.to_string()];
        row.extend(groups.iter().map(|g| f(first(g))));
        row
    };
    let rows = vec![
        prop("host", &|r| r.machine.hostname.clone()),
        prop("CPU", &|r| r.machine.cpu_model.clone()),
        prop("cores", &|r| r.machine.cores.to_string()),
        prop("MHz", &|r| {
            if r.machine.cpu_mhz > 0.0 {
                format!("{:.0}", r.machine.cpu_mhz)
            } else {
                "unknown".into()
            }
        }),
        prop("system", &|r| {
            format!("{}, kernel {}", r.machine.os, r.machine.kernel)
        }),
        prop("governor, turbo", &|r| {
            format!("{}, {}", r.machine.governor, r.machine.turbo)
        }),
        prop("CPU features", &|r| r.machine.cpu_features.join(" ")),
        {
            let mut row = vec!["records".to_string()];
            row.extend(groups.iter().map(|g| {
                g.records
                    .iter()
                    .map(|&i| format!("[{}] {}", i + 1, records[i].0))
                    .collect::<Vec<_>>()
                    .join("\n")
            }));
            row
        },
    ];
    Grid { header, rows }
}

/// Every operation by machine: one row per operation (item and name, in the order first
/// met), one column per machine with the operation's headline figure from the machine's
/// first record that has it, and from the second machine on its speed relative to the first
/// machine ("(1.34x)"); "-" where a machine has no such operation.
pub fn by_machine(records: &[(String, ResultRecord)], groups: &[MachineGroup]) -> Grid {
    let mut header = vec!["item".to_string(), "operation".to_string()];
    header.extend(
        groups
            .iter()
            .map(|g| column_header(&records[g.records[0]].1)),
    );
    let mut keys: Vec<(String, String)> = Vec::new();
    for (_, r) in records {
        for op in &r.operations {
            let k = op.key();
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
    }
    let find = |g: &MachineGroup, key: &(String, String)| {
        g.records
            .iter()
            .find_map(|&i| records[i].1.operations.iter().find(|o| &o.key() == key))
    };
    let rows = keys
        .iter()
        .map(|key| {
            let mut row = vec![key.0.clone(), key.1.clone()];
            let base = find(&groups[0], key);
            for (j, g) in groups.iter().enumerate() {
                row.push(match find(g, key) {
                    None => "-".into(),
                    Some(op) => match base.and_then(|b| speed_vs(op, b)) {
                        Some(x) if j > 0 => {
                            format!("{}\n({})", fmt_headline(op), report::fmt_speedup(x))
                        }
                        _ => fmt_headline(op),
                    },
                });
            }
            row
        })
        .collect();
    Grid { header, rows }
}

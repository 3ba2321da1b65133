//! The report of a `scale` record: one row per group and exponent size (Offer, Reply and
//! Total = 2*Offer + Reply), the points skipped, and the fitted growth exponent of each
//! series (time ∝ bits^k, [`super::plot::scaling_series`]).

use crate::record::{ResultRecord, info as rinfo, param};
use crate::report::{self, plot};

/// The terminal report: one row per group and exponent, then the fitted exponents.
pub fn render_text(rec: &ResultRecord) -> String {
    let mut s = format!(
        "pkbench scale: {} operations in {:.1} s; clock {}\nmachine: {}\n",
        rec.operations.len(),
        rec.elapsed_s,
        rec.clock,
        rec.summary()
    );
    let mut t = report::table(&["group", "bits", "exp bits", "Offer", "Reply", "Total"]);
    let totals = rec
        .operations
        .iter()
        .filter(|o| o.name == "Total = 2*Offer + Reply");
    for tot in totals {
        let find = |name: &str| {
            rec.operations
                .iter()
                .find(|o| o.name == name && o.params == tot.params)
                .and_then(|o| o.stats.as_ref())
                .map_or_else(|| "-".to_string(), |s| report::fmt_time_ms(s.median_ms))
        };
        let text = |v: Option<&serde_json::Value>| {
            v.map_or_else(String::new, |v| match v {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            })
        };
        t.add_row(vec![
            text(tot.params.get(param::GROUP)),
            text(tot.info.get(rinfo::FIELD_BITS)),
            text(tot.params.get(param::EXP_BITS)),
            find("Offer"),
            find("Reply"),
            report::fmt_time_ms(tot.total_ms().unwrap_or(f64::NAN)),
        ]);
    }
    s += &format!("{t}\n");
    for k in &rec.skipped {
        s += &format!("skipped: {}: {}\n", k.item, k.reason);
    }
    let series = plot::scaling_series(rec);
    if !series.is_empty() {
        s += "growth: time ∝ bits^k, k fitted by least squares on log-log axes:\n";
    }
    for se in series {
        s += &match se.fit {
            Some(f) => format!(
                "  {}: k = {:.2} (R² {:.3}, {} sizes)\n",
                se.label, f.exponent, f.r2, f.points
            ),
            None => format!(
                "  {}: too few sizes to fit (need {}+ spanning {}×)\n",
                se.label,
                crate::report::fit::MIN_FIT_SIZES,
                crate::report::fit::MIN_FIT_SPAN
            ),
        };
    }
    s
}

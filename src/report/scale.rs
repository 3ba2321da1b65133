//! The report of a `scale` record: one row per group and exponent size (Offer, Reply and
//! Total = 2*Offer + Reply), the points skipped, and the fitted growth exponent of each
//! series (time ∝ bits^k, [`super::plot::scaling_series`]).

use crate::record::{ResultRecord, info as rinfo, param};
use crate::report::doc::{Block, Cell, Doc, Facts, Table};
use crate::report::{self, plot};

/// The view of a `scale` record: one row per group and exponent size (Offer, Reply and
/// Total), the points skipped, then the fitted growth exponents.
pub fn view(rec: &ResultRecord) -> Doc {
    let mut d = Doc::new();
    d.title(format!(
        "pkbench scale: {} operations in {:.1} s; clock {}",
        rec.operations.len(),
        rec.elapsed_s,
        rec.clock,
    ));
    d.push(Block::Facts(Facts {
        width: 9,
        items: vec![("machine".into(), rec.summary())],
    }));
    let mut t = Table::new(
        "scale.points",
        &["group", "bits", "exp bits", "Offer", "Reply", "Total"],
    );
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
                .map_or_else(|| Cell::text("-"), |s| Cell::time_ms(s.median_ms))
        };
        let number = |v: Option<&serde_json::Value>| match v {
            Some(serde_json::Value::String(s)) => Cell::text(s.clone()),
            Some(v) => match v.as_f64() {
                Some(x) => Cell::figure(v.to_string(), x, "bits"),
                None => Cell::text(v.to_string()),
            },
            None => Cell::empty(),
        };
        t.row(vec![
            number(tot.params.get(param::GROUP)),
            number(tot.info.get(rinfo::FIELD_BITS)),
            number(tot.params.get(param::EXP_BITS)),
            find("Offer"),
            find("Reply"),
            Cell::time_ms(tot.total_ms().unwrap_or(f64::NAN)),
        ]);
    }
    d.table(t);
    let mut s = String::new();
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
    if !s.is_empty() {
        d.text(s);
    }
    d
}

/// [`view`] as the terminal text.
pub fn render_text(rec: &ResultRecord) -> String {
    report::doc::terminal::render(&view(rec))
}

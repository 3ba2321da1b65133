//! Renderers shared by the commands: unit formatting, terminal tables (comfy-table), JSON.

pub mod bulk;
pub mod by_impl;
pub mod cache;
pub mod choose;
pub mod cipher;
pub mod compare;
pub mod des;
pub mod dh;
pub mod doc;
pub mod fit;
pub mod groups;
pub mod hash;
pub mod html;
pub mod impls;
pub mod json;
pub mod kem;
pub mod leak;
pub mod page;
pub mod paired;
pub mod plot;
pub mod plot_axes;
pub mod plot_labels;
pub mod plot_series;
pub mod precomp;
pub mod repro;
pub mod rsa;
pub mod scale;
pub mod shift;
pub mod suite;
pub mod text;
pub mod threads;
pub mod windows;

pub use text::{TEXT_WIDTH, table_width, wrap_text};

use crate::record::ResultRecord;
use comfy_table::{ColumnConstraint, ContentArrangement, Table, Width, presets};

/// The interquartile range of a timing as "q1 … q3" in one unit, q1's by [`fmt_time_ms`],
/// written once ("8.405 … 8.697 µs", "999.1 … 1002 µs": one quantity, one unit); each with
/// its own unit when q1 is not a number.
pub fn fmt_quartiles_ms(q1_ms: f64, q3_ms: f64) -> String {
    if !q1_ms.is_finite() {
        return format!("- … {}", fmt_time_ms(q3_ms));
    }
    let q1 = round_sig4(q1_ms);
    let unit = display_unit(q1);
    let q3 = if q3_ms.is_finite() {
        sig4(in_unit(q3_ms, unit))
    } else {
        "-".to_string()
    };
    format!("{} … {q3} {unit}", sig4(in_unit(q1, unit)))
}

/// Formats a time in milliseconds with a unit a reader can take in: "11.62 ms", "3.41 µs",
/// "250 ns", "2.67 s" (four significant figures at most).
pub fn fmt_time_ms(ms: f64) -> String {
    if !ms.is_finite() {
        return "-".into();
    }
    // Rounded first, so that 99.996 ms is "100.0 ms" and 0.99996 ms "1.000 ms".
    let ms = round_sig4(ms);
    let unit = display_unit(ms);
    format!("{} {unit}", sig4(in_unit(ms, unit)))
}

/// The unit [`fmt_time_ms`] writes `ms` (already rounded to four figures) in: s, ms, µs, ns.
fn display_unit(ms: f64) -> &'static str {
    if ms >= 1000.0 {
        "s"
    } else if ms >= 1.0 {
        "ms"
    } else if ms >= 1e-3 {
        "µs"
    } else {
        "ns"
    }
}

/// `ms` milliseconds in `unit` (one of [`display_unit`]'s).
fn in_unit(ms: f64, unit: &str) -> f64 {
    match unit {
        "s" => ms / 1e3,
        "ms" => ms,
        "µs" => ms * 1e3,
        _ => ms * 1e6,
    }
}

/// A number with four significant figures and no exponent ("1234", "12.34", "0.1234").
pub fn sig4(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let v = round_sig4(v);
    let digits = v.abs().log10().floor() as i32;
    let decimals = (3 - digits).clamp(0, 9) as usize;
    format!("{v:.decimals$}")
}

/// `v` rounded to four significant figures (so that the digits [`sig4`] prints are counted
/// after any carry: 99.996 becomes 100.0, not "100.00").
fn round_sig4(v: f64) -> f64 {
    if v == 0.0 || !v.is_finite() {
        return v;
    }
    let scale = 10f64.powi(3 - v.abs().log10().floor() as i32);
    (v * scale).round() / scale
}

/// A speedup or speed ratio in pkbench's one notation: the number, then an ASCII "x"
/// ("2.00x", "0.97x", "26.4x", "412x": two decimals below 10, one below 100, none above;
/// two significant figures below 0.1, "0.043x"); "-" when not finite or not positive. Every
/// speedup and speed ratio a command prints is written by this function.
pub fn fmt_speedup(x: f64) -> String {
    if !x.is_finite() || x <= 0.0 {
        "-".into()
    } else if x < 0.0995 {
        let decimals = (1 - x.log10().floor() as i32).clamp(2, 12) as usize;
        format!("{x:.decimals$}x")
    } else if x >= 99.95 {
        format!("{x:.0}x")
    } else if x >= 9.995 {
        format!("{x:.1}x")
    } else {
        format!("{x:.2}x")
    }
}

/// What a view says where the rounds are too few for a 95 % interval (fewer than the sign
/// test needs, 6: [`crate::measure::interval::median`]; fewer than the Wilcoxon signed-rank
/// interval of a paired ratio needs, 6 pairs), `n` the rounds there were: "too few rounds
/// for a 95 % interval: 5; raise --time".
pub fn too_few_rounds(n: usize) -> String {
    format!("too few rounds for a 95 % interval: {n}; raise --time")
}

/// A speed ratio with its 95 % interval in the one notation of every table: "2.41x [2.30,
/// 2.55]" (the bounds with the estimate's precision, [`fmt_speedup`]).
pub fn fmt_speedup_interval(iv: &crate::measure::interval::Interval) -> String {
    format!("{} {}", fmt_speedup(iv.estimate), fmt_interval_bounds(iv))
}

/// The bounds of a speedup's interval in the notation of [`fmt_speedup_interval`]:
/// "[2.30, 2.55]".
pub fn fmt_interval_bounds(iv: &crate::measure::interval::Interval) -> String {
    format!("[{}, {}]", fmt_ratio_bound(iv.lo), fmt_ratio_bound(iv.hi))
}

/// One bound of a ratio's interval in the notation of its estimate ([`fmt_speedup`] without
/// the "x": "10.5", "0.93", "0.043"); "∞" for an unbounded upper end, "0" for a lower one.
pub fn fmt_ratio_bound(v: f64) -> String {
    if v.is_finite() {
        fmt_speedup(v).trim_end_matches('x').to_string()
    } else if v > 0.0 {
        "∞".into()
    } else {
        "0".into()
    }
}

/// Formats a rate of operations per second ("1,234,567/s" style without separators: "1.235M/s").
pub fn fmt_rate(per_sec: f64) -> String {
    if !per_sec.is_finite() {
        return "-".into();
    }
    if per_sec >= 1e6 {
        format!("{}M/s", sig4(per_sec / 1e6))
    } else if per_sec >= 1e3 {
        format!("{}k/s", sig4(per_sec / 1e3))
    } else {
        format!("{}/s", sig4(per_sec))
    }
}

/// Formats a byte count in binary units ("12.5 KiB", "3.0 MiB", "512 B").
pub fn fmt_bytes(b: usize) -> String {
    let f = b as f64;
    if f >= 1024.0 * 1024.0 {
        format!("{:.1} MiB", f / (1024.0 * 1024.0))
    } else if f >= 1024.0 {
        format!("{:.1} KiB", f / 1024.0)
    } else {
        format!("{b} B")
    }
}

/// A terminal table in pkbench's style: UTF-8 borders, header row (a header may hold a line
/// break: two-line headers keep columns narrow), each column as wide as its content.
///
/// The table is laid out for [`table_width`] columns (80, or a wider terminal's width), but
/// no cell is ever wrapped unless its column is opened with [`wrap_column`]: commands choose
/// columns that fit in 80, and only text columns (labels, descriptions) may wrap, at spaces,
/// never inside a number.
pub fn table(header: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(table_width())
        .set_header(header.to_vec());
    for c in t.column_iter_mut() {
        c.set_constraint(ColumnConstraint::ContentWidth);
    }
    t
}

/// Lets column `index` of `t` wrap at spaces when the table would be wider than
/// [`table_width`]; the column stays at least as wide as its longest word (header included),
/// so no word or number is ever cut, and at most as wide as its longest line. Call it after
/// the rows are added.
pub fn wrap_column(t: &mut Table, index: usize) {
    let cells: Vec<String> = t
        .column_cells_with_header_iter(index)
        .flatten()
        .map(|cell| cell.content())
        .collect();
    let longest_word = cells
        .iter()
        .flat_map(|c| c.split_whitespace().map(text::width))
        .max()
        .unwrap_or(1);
    let longest_line = cells
        .iter()
        .flat_map(|c| c.lines().map(text::width))
        .max()
        .unwrap_or(1);
    if let Some(c) = t.column_mut(index) {
        // comfy-table's widths include the cell padding.
        let pad = usize::from(c.padding_width());
        let fixed = |w: usize| Width::Fixed((w + pad).clamp(1, u16::MAX as usize) as u16);
        // At most as wide as its content: a wide terminal does not pad it out.
        c.set_constraint(ColumnConstraint::Boundaries {
            lower: fixed(longest_word),
            upper: fixed(longest_line.max(longest_word)),
        });
    }
}

/// Picks one time unit for a column of times in milliseconds, so that cells hold bare numbers
/// and the unit goes in the header: "µs" when every value is below 100 ms (at most "99999"),
/// else "ms". Returns the unit and the factor to multiply milliseconds by.
pub fn time_unit(values_ms: impl IntoIterator<Item = f64>) -> (&'static str, f64) {
    let max = values_ms
        .into_iter()
        .filter(|v| v.is_finite())
        .fold(0.0, f64::max);
    if max < 100.0 {
        ("µs", 1e3)
    } else {
        ("ms", 1.0)
    }
}

/// A time in milliseconds as a bare number in the unit chosen by [`time_unit`] (four
/// significant figures; "-" when not finite).
pub fn fmt_in_unit(ms: f64, factor: f64) -> String {
    if ms.is_finite() {
        sig4(ms * factor)
    } else {
        "-".into()
    }
}

/// The document of `rec`: every section the command that made it prints (its own report,
/// the rows by implementation, the thread throughputs, the warm/cold tables), from the
/// record alone ([`view`]). Every format renders this ([`doc::terminal`],
/// [`doc::markdown`], [`doc::html`], [`doc::csv`]).
pub fn record_doc(rec: &ResultRecord) -> doc::Doc {
    view(rec)
}

/// The view of `rec`, by the command that made it (`dh` with its KEM, implementation and
/// thread variants, `rsa`, `des`, `hash`, `cipher`, `choose` and its `--cache` sweep,
/// `repro`, `scale`, `suite`, `leak`); a record of another command gets one row per
/// operation with its headline figure ([`operations_view`]).
fn view(rec: &ResultRecord) -> doc::Doc {
    let own = threads::without(rec);
    let mut d = match rec.command.as_str() {
        "dh" if kem::is_kem(rec) => kem::view(&own),
        "dh" => by_impl::view(&own, dh::view),
        "hash" => by_impl::view(&own, hash::view),
        "cipher" => by_impl::view(&own, cipher::view),
        "rsa" => by_impl::view(&own, rsa::view),
        "des" => by_impl::view(&own, des::view),
        "choose" if windows::is_sweep(rec) => windows::view(&own),
        "choose" => choose::view(rec),
        "scale" => scale::view(&own),
        "repro" => repro::view(&own),
        "suite" => suite::view(&own),
        "leak" => leak::doc(rec),
        _ => operations_view(&own),
    };
    d.extend(threads::doc(rec));
    d
}

/// The view of a record of a command without a view of its own: its name, then one row per
/// operation (item, operation, headline figure).
fn operations_view(rec: &ResultRecord) -> doc::Doc {
    let mut d = doc::Doc::new();
    d.title(format!("pkbench {}", rec.command));
    let mut t = doc::Table::new(
        format!("{}.operations", rec.command),
        &["item", "operation", "figure"],
    )
    .wrapping(0);
    for op in &rec.operations {
        let (item, name) = op.key();
        t.row(vec![
            doc::Cell::text(item),
            doc::Cell::text(name),
            doc::Cell::headline(op),
        ]);
    }
    d.table(t);
    d
}

/// The text the command that made `rec` prints for it, as the terminal shows it without
/// `--wide` or `--markdown`: [`record_doc`] through [`doc::terminal`].
pub fn record_text(rec: &ResultRecord) -> String {
    doc::terminal::render(&view(rec))
}

pub use crate::record::to_json;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_units() {
        assert_eq!(fmt_time_ms(11.62), "11.62 ms");
        assert_eq!(fmt_time_ms(0.003_41), "3.410 µs");
        assert_eq!(fmt_time_ms(0.000_25), "250.0 ns");
        assert_eq!(fmt_time_ms(2670.0), "2.670 s");
        assert_eq!(fmt_time_ms(f64::NAN), "-");
        // A carry from rounding stays within four figures and may change the unit.
        assert_eq!(fmt_time_ms(99.996), "100.0 ms");
        assert_eq!(fmt_time_ms(0.999_96), "1.000 ms");
        assert_eq!(sig4(9.999_7), "10.00");
        assert_eq!(fmt_quartiles_ms(0.008_405, 0.008_697), "8.405 … 8.697 µs");
        assert_eq!(fmt_quartiles_ms(0.9991, 1.002), "999.1 … 1002 µs");
        assert_eq!(fmt_quartiles_ms(0.1056, 1.711), "105.6 … 1711 µs");
        assert_eq!(fmt_quartiles_ms(f64::NAN, 1.0), "- … 1.000 ms");
    }

    #[test]
    fn time_columns_share_a_unit() {
        let (u, f) = time_unit([0.0089, 1.342, f64::NAN]);
        assert_eq!(
            (u, fmt_in_unit(0.0089, f), fmt_in_unit(1.342, f)),
            ("µs", "8.900".into(), "1342".into())
        );
        let (u, f) = time_unit([0.5, 285.7]);
        assert_eq!((u, fmt_in_unit(285.7, f)), ("ms", "285.7".into()));
        assert_eq!(fmt_in_unit(f64::INFINITY, f), "-");
    }

    #[test]
    fn tables_fit_and_wrap_only_text_columns() {
        let mut t = table(&["label", "median\nµs", "note"]);
        for i in 0..3 {
            t.add_row(vec![
                format!("a long label number {i} with many words to wrap at spaces"),
                "123.4".to_string(),
                "a note that is also long enough to need wrapping at 80".to_string(),
            ]);
        }
        t.add_row(vec!["BLOWFISH-128".to_string(), "1".into(), "x".into()]);
        wrap_column(&mut t, 0);
        wrap_column(&mut t, 2);
        let s = t.to_string();
        assert!(s.contains("BLOWFISH-128"), "{s}"); // the longest word is whole
        assert!(s.lines().all(|l| text::width(l) <= TEXT_WIDTH), "{s}");
        assert!(s.contains("123.4"), "{s}");
        assert!(s.contains("wrap at"), "{s}"); // words stay whole
        assert!(s.lines().count() > 7, "{s}"); // some rows took two lines
        // A wrap column that fits is drawn as it is (its bounds count the cell padding).
        let mut t = table(&["", "n"]);
        t.add_row(vec!["BLOWFISH-128", "1"]);
        t.add_row(vec!["cipher cipher=AES", "2"]);
        wrap_column(&mut t, 0);
        let s = t.to_string();
        assert!(s.contains("│ BLOWFISH-128      ┆ 1 │"), "{s}");
        assert!(s.contains("│ cipher cipher=AES ┆ 2 │"), "{s}");
    }

    #[test]
    fn rates_and_bytes() {
        assert_eq!(fmt_rate(1_234_567.0), "1.235M/s");
        assert_eq!(fmt_rate(95.0), "95.00/s");
        assert_eq!(fmt_bytes(512), "512 B");
        assert_eq!(fmt_bytes(12_800), "12.5 KiB");
        assert_eq!(fmt_bytes(3 * 1024 * 1024), "3.0 MiB");
    }

    #[test]
    fn one_speedup_notation() {
        assert_eq!(fmt_speedup(2.0), "2.00x");
        assert_eq!(fmt_speedup(0.974), "0.97x");
        assert_eq!(fmt_speedup(82.44), "82.4x");
        assert_eq!(fmt_speedup(1234.4), "1234x");
        assert_eq!(fmt_speedup(0.0432), "0.043x");
        assert_eq!(fmt_speedup(0.1), "0.10x");
        assert_eq!(fmt_speedup(9.996), "10.0x");
        assert_eq!(fmt_speedup(99.97), "100x");
        assert_eq!(fmt_speedup(0.099_7), "0.10x");
        assert_eq!(fmt_speedup(f64::NAN), "-");
        assert_eq!(fmt_speedup(0.0), "-");
    }
}

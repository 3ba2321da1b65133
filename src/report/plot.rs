//! Plots of saved result records (plotters, SVG):
//!
//! (a) cost against modulus size on log-log axes, one series per operation (Offer, Reply)
//!     and exponent size (full, 128-bit ...), each with its fitted growth exponent k
//!     (y ∝ bits^k, least squares on log-log, see [`crate::report::fit`]) in the legend;
//! (b) Total against the security level in bits, one point per candidate group, exponent
//!     size and implementation: Total = 2*Offer + Reply for a key exchange, KeyGen + Encaps +
//!     Decaps for a KEM (a different sum, named in the legend); each label names the
//!     implementation, or the legend names the one every point shares.
//!
//! The data come from a record's operations: (a) needs "Offer"/"Reply" rows whose `info`
//! has `field_bits` (every `dh`, `scale` and `suite` record); mod-p rows are used when the
//! record has any, else every family. (b) needs "Total = 2*Offer + Reply" or "Total =
//! KeyGen + Encaps + Decaps" rows and a security estimate, from the row's
//! `info.security_bits` when the command stored one.
//! Reading them is [`crate::report::plot_series`]; the axes and the placement of labels are
//! [`crate::report::plot_axes`] and [`crate::report::plot_labels`]; this module draws.

use crate::error::{Error, RecordError, Result};
use crate::record::ResultRecord;
use crate::report::plot_axes::{self, Entry, Mark, log_range};
use plotters::prelude::*;

use crate::report::plot_series::num;

mod security;
pub use crate::report::plot_series::{
    SecurityPoint, Series, median_interval, scaling_series, security_points,
};
use security::draw_security;
pub use security::{point_labels, shared_implementation};

/// The Okabe–Ito colour-blind-safe palette (Okabe & Ito, "Color Universal Design", 2008)
/// without its yellow (#F0E442, hard to see on white): blue, vermillion, bluish green,
/// reddish purple, orange, sky blue, black; `i` wraps around.
pub const OKABE_ITO: [(u8, u8, u8); 7] = [
    (0x00, 0x72, 0xB2),
    (0xD5, 0x5E, 0x00),
    (0x00, 0x9E, 0x73),
    (0xCC, 0x79, 0xA7),
    (0xE6, 0x9F, 0x00),
    (0x56, 0xB4, 0xE9),
    (0x00, 0x00, 0x00),
];

/// Colour `i` of [`OKABE_ITO`].
fn okabe_ito(i: usize) -> RGBAColor {
    let (r, g, b) = OKABE_ITO[i % OKABE_ITO.len()];
    RGBColor(r, g, b).to_rgba()
}

fn span(values: impl Iterator<Item = f64>, pad: f64) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if !lo.is_finite() || hi <= 0.0 {
        return (1.0, 10.0);
    }
    (lo / pad, hi * pad)
}

/// A tick label: up to three significant figures, no trailing zeros ("0.05", "2", "150").
pub fn tick_text(v: f64) -> String {
    let t = crate::report::sig4(v);
    if t.contains('.') {
        t.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        t
    }
}

/// Axis ticks for a log axis over [lo, hi]: 1-2-5 × 10^k, or 1…9 × 10^k when that gives
/// fewer than four.
///
/// Empty unless 0 < lo ≤ hi < ∞; at most 9 ticks per decade of [`f64`]'s range.
pub fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let mut out = Vec::new();
    if !(lo > 0.0 && lo <= hi && hi.is_finite()) {
        return out;
    }
    for mults in [
        &[1.0, 2.0, 5.0][..],
        &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0][..],
    ] {
        out.clear();
        let mut k = lo.log10().floor() as i32;
        let last = hi.log10().ceil() as i32;
        while k <= last && 10f64.powi(k) <= hi {
            for m in mults {
                let v = m * 10f64.powi(k);
                if v >= lo && v <= hi {
                    out.push(v);
                }
            }
            k += 1;
        }
        if out.len() >= 4 {
            break;
        }
    }
    out
}

fn draw_err<E: std::fmt::Debug>(e: E) -> Error {
    Error::runtime(format!("plot: drawing failed: {e:?}"))
}

/// A panel's chart builder: caption, margins and room for the axis labels.
fn panel<'a, 'b, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, plotters::coord::Shift>,
    caption: &str,
) -> ChartBuilder<'a, 'b, DB> {
    let mut b = ChartBuilder::on(area);
    b.caption(caption, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(70);
    b
}

/// The y axis of panel (a), ms: fitted to the points and their error bars
/// ([`plot_axes::log_range`]).
pub fn scaling_y_range(series: &[Series]) -> (f64, f64) {
    log_range(series.iter().flat_map(|s| {
        s.points
            .iter()
            .map(|p| p.1)
            .chain(s.bars.iter().flat_map(|b| [b.1, b.2]))
    }))
}

/// The y axis of panel (b), ms: fitted to the Totals and their error bars.
pub fn security_y_range(points: &[SecurityPoint]) -> (f64, f64) {
    log_range(points.iter().flat_map(|p| {
        [p.total_ms]
            .into_iter()
            .chain(p.interval.into_iter().flat_map(|(lo, hi)| [lo, hi]))
    }))
}

fn draw_scaling<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    series: &[Series],
    clock: &str,
) -> Result<()> {
    let (x0, x1) = span(
        series.iter().flat_map(|s| s.points.iter().map(|p| p.0)),
        1.15,
    );
    // The y axis fitted to the points and their error bars; the legend goes under the panel.
    let (y0, y1) = scaling_y_range(series);
    let (area, strip) = plot_axes::split_for_legend(area, series.len());
    let area = &area;
    let mut legend = Vec::new();
    // Ticks at the measured sizes.
    let mut xticks: Vec<f64> = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .collect();
    xticks.sort_by(f64::total_cmp);
    xticks.dedup();
    let mut chart = panel(area, "(a) cost against modulus size (log-log)")
        .build_cartesian_2d(
            (x0..x1).log_scale().with_key_points(xticks),
            (y0..y1).log_scale().with_key_points(log_ticks(y0, y1)),
        )
        .map_err(draw_err)?;
    chart
        .configure_mesh()
        .x_desc("modulus bits")
        .y_desc(format!("ms per operation ({clock} clock, median)"))
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| tick_text(*y))
        .light_line_style(BLACK.mix(0.04))
        .draw()
        .map_err(draw_err)?;
    for (i, s) in series.iter().enumerate() {
        let color = okabe_ito(i);
        let label = match &s.fit {
            Some(f) => format!(
                "{}: fitted exponent {:.2} (time ∝ bits^k, {})",
                s.label,
                f.exponent,
                f.quality()
            ),
            None => format!(
                "{}: too few sizes to fit (need {}+ spanning {}×)",
                s.label,
                crate::report::fit::MIN_FIT_SIZES,
                crate::report::fit::MIN_FIT_SPAN
            ),
        };
        chart
            .draw_series(LineSeries::new(
                s.points.iter().copied(),
                color.stroke_width(2),
            ))
            .map_err(draw_err)?;
        chart
            .draw_series(s.points.iter().map(|p| Circle::new(*p, 4, color.filled())))
            .map_err(draw_err)?;
        chart
            .draw_series(s.bars.iter().map(|&(x, lo, hi)| {
                let mid = s.points.iter().find(|p| p.0 == x).map_or(lo, |p| p.1);
                ErrorBar::new_vertical(x, lo, mid, hi, color.stroke_width(1), 8)
            }))
            .map_err(draw_err)?;
        legend.push(Entry {
            color,
            mark: Mark::Line,
            text: label,
        });
    }
    plot_axes::draw_legend(&strip, &legend).map_err(draw_err)
}

/// Draws the panels `rec` has data for into an SVG document (a string).
///
/// # Errors
/// [`Error::Input`] when the record has nothing to plot; [`Error::Runtime`] when drawing
/// fails.
pub fn render_svg(rec: &ResultRecord) -> Result<(String, Vec<Series>, Vec<SecurityPoint>)> {
    let series = scaling_series(rec);
    let points = security_points(rec);
    // A log-log panel needs two sizes at least 1.5× apart: a single `dh` record has one
    // (and x25519 beside p256 has 255 and 256 bits).
    let has_a = {
        let mut xs: Vec<f64> = series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0))
            .collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        xs.len() >= 2 && xs[xs.len() - 1] >= 1.5 * xs[0]
    };
    let has_b = !points.is_empty();
    if !has_a && !has_b {
        return Err(RecordError::NothingToPlot {
            command: rec.command.clone(),
        }
        .into());
    }
    check_plottable(&series, &points)?;
    let width = if has_a && has_b { 1500 } else { 800 };
    // Taller when panel (b) has many points to label (a `choose` or `dh --impl all` record of
    // several implementations): 14 px more per point above 20.
    let height = 600 + 14 * (points.len().saturating_sub(20)).min(100) as u32;
    // `pkbench choose` records its security target: drawn as a vertical line in (b).
    let target = num(rec.params.get("min_security"));
    if let Some(t) = target
        && !(t > 0.0 && t <= PLOT_BITS_MAX)
    {
        return Err(Error::input(format!(
            "the record cannot be plotted: its min_security {t} is not a security level in bits (above 0, at most {PLOT_BITS_MAX:e})"
        )));
    }
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let title = format!(
            "pkbench {} — {} — {}",
            rec.command,
            rec.machine_label(),
            rec.machine.cpu_model
        );
        let root = root.titled(&title, ("sans-serif", 16)).map_err(draw_err)?;
        match (has_a, has_b) {
            (true, true) => {
                let (l, r) = root.split_horizontally(width * 11 / 20);
                draw_scaling(&l, &series, &rec.clock)?;
                draw_security(&r, &points, target, &rec.clock)?;
            }
            (true, false) => draw_scaling(&root, &series, &rec.clock)?,
            _ => draw_security(&root, &points, target, &rec.clock)?,
        }
        root.present().map_err(draw_err)?;
    }
    Ok((svg, series, points))
}

/// The times a plot's log axes take, ms: from 1 ps to about 11.6 days. A record holding a
/// time outside (edited by hand, or from another tool) is refused rather than drawn on an
/// axis of hundreds of decades.
pub const PLOT_MS_RANGE: (f64, f64) = (1e-9, 1e9);

/// The sizes and security levels a plot's axes take, bits: above 0, at most 10^6.
pub const PLOT_BITS_MAX: f64 = 1e6;

/// Refuses a point that cannot be drawn: a time outside [`PLOT_MS_RANGE`] or a size or
/// security level that is not in (0, [`PLOT_BITS_MAX`]] (NaN, ±∞, 0, negative, huge).
///
/// # Errors
/// [`Error::Input`] naming the series or point and the value.
fn check_plottable(series: &[Series], points: &[SecurityPoint]) -> Result<()> {
    // A value as read, short: 1e300 rather than its 301 digits.
    let v = |x: f64| {
        if x == 0.0 || (1e-4..1e6).contains(&x.abs()) {
            x.to_string()
        } else {
            format!("{x:e}")
        }
    };
    let (lo, hi) = PLOT_MS_RANGE;
    let ms_ok = |v: f64| (lo..=hi).contains(&v);
    let bits_ok = |v: f64| v > 0.0 && v <= PLOT_BITS_MAX;
    let bad = |what: String| {
        Err(Error::input(format!(
            "the record cannot be plotted: {what} (times between {lo:e} and {hi:e} ms, sizes and security levels above 0 and at most {PLOT_BITS_MAX:e} bits); re-run the command to save a new record"
        )))
    };
    for s in series {
        for &(bits, ms) in &s.points {
            if !bits_ok(bits) {
                return bad(format!("{}: field_bits {}", s.label, v(bits)));
            }
            if !ms_ok(ms) {
                return bad(format!(
                    "{} at {} bits: median {} ms",
                    s.label,
                    v(bits),
                    v(ms)
                ));
            }
        }
    }
    for p in points {
        if !(p.security_bits > 0.0 && p.security_bits <= PLOT_BITS_MAX) {
            return bad(format!("{}: security_bits {}", p.label, v(p.security_bits)));
        }
        if !ms_ok(p.total_ms) {
            return bad(format!("{}: total_ms {}", p.label, v(p.total_ms)));
        }
    }
    Ok(())
}

/// The lines `pkbench plot` prints after writing `path`: each series' fitted exponent (or
/// why it has none) and the number of Total-against-security points, wrapped at 80 columns.
pub fn summary(path: &std::path::Path, series: &[Series], points: &[SecurityPoint]) -> String {
    let mut s = format!("plot: saved to {}\n", path.display());
    for se in series {
        match &se.fit {
            Some(f) => {
                s += &format!(
                    "  {}: fitted exponent {:.2} (time ∝ bits^k over {} sizes, {}–{} bits, {})\n",
                    se.label,
                    f.exponent,
                    f.points,
                    se.points.first().map_or(0.0, |p| p.0),
                    se.points.last().map_or(0.0, |p| p.0),
                    f.quality()
                )
            }
            None => {
                s += &format!(
                    "  {}: too few sizes to fit (needs 3+ spanning 4×)\n",
                    se.label
                )
            }
        }
    }
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    for (kem, total) in [
        (false, "Total = 2*Offer + Reply"),
        (true, "Total = KeyGen + Encaps + Decaps"),
    ] {
        let n = points.iter().filter(|p| p.kem == kem).count();
        if n > 0 {
            s += &format!("  {total} against security: {n} point{}\n", plural(n));
        }
    }
    match shared_implementation(points) {
        Some(who) => s += &format!("  every point computed by {who}\n"),
        None if points.iter().any(|p| p.implementation.is_some()) => {
            s += "  each point's label names its implementation (`pkbench impls`)\n"
        }
        None => {}
    }
    crate::report::wrap_text(&s)
}

#[cfg(test)]
mod tests;

//! Panel (b) of a plot: Total against the security level, one point per group, exponent
//! size and implementation ([`SecurityPoint`]), key exchanges and KEMs apart, each labelled
//! with its group and, where the points do not share one, its implementation.

use super::{
    SecurityPoint, draw_err, log_ticks, okabe_ito, panel, security_y_range, span, tick_text,
};
use crate::error::Result;
use crate::report::plot_axes::{self, Entry, Mark};
use crate::report::plot_labels::{Rect, place_counted, svg_font_px};
use plotters::prelude::*;

/// Points of panel (b) that share a label: the first one's position, and each group's name
/// with its bracketed tags (implementations, "chosen").
type Cluster = (f64, f64, Vec<(String, Vec<String>)>);

/// The labels of panel (b): one per point ("modp-1024/224", "x25519 (chosen)"), naming the
/// implementation in brackets ("p384 (aws-lc-rs)") when the points do not all share one
/// ([`shared_implementation`] is then `None`). Points closer than 2 security bits and 15 %
/// in Total (where labels would overprint) share one label listing their names, each once,
/// at the first point's position: "x25519 (x25519-dalek, chosen), k256/250 (k256)".
pub fn point_labels(points: &[SecurityPoint]) -> Vec<(f64, f64, String)> {
    point_labels_within(points, CLUSTER_RATIOS[0])
}

/// How close in Total (as a ratio above 1) points of one security level must be to share a
/// label, tried in turn: a panel whose labels find no free place with one is labelled with
/// the next, fewer and longer labels (a `choose` record of a dozen implementations of two
/// groups puts 20 points in two columns).
const CLUSTER_RATIOS: [f64; 4] = [1.15, 1.5, 2.5, 5.0];

/// [`point_labels`] with points that are within `ratio` in Total (and 2 security bits)
/// sharing one label.
fn point_labels_within(points: &[SecurityPoint], ratio: f64) -> Vec<(f64, f64, String)> {
    let name_impl = shared_implementation(points).is_none();
    let mut out: Vec<Cluster> = Vec::new();
    for p in points {
        let mut tags: Vec<String> = Vec::new();
        if name_impl && let Some(i) = &p.implementation {
            tags.push(i.clone());
        }
        if p.chosen {
            tags.push("chosen".into());
        }
        let near = out.iter_mut().find(|(x, y, _)| {
            (x - p.security_bits).abs() < 2.0 && (y / p.total_ms).ln().abs() < ratio.ln()
        });
        let Some((_, _, names)) = near else {
            out.push((p.security_bits, p.total_ms, vec![(p.label.clone(), tags)]));
            continue;
        };
        match names.iter_mut().find(|(label, _)| *label == p.label) {
            Some((_, have)) => {
                for t in tags {
                    if !have.contains(&t) {
                        have.push(t);
                    }
                }
            }
            None => names.push((p.label.clone(), tags)),
        }
    }
    let name = |(label, mut tags): (String, Vec<String>)| {
        // "chosen" last: the ring drawn around the chosen point tells which one it is.
        tags.sort_by_key(|t| t == "chosen");
        if tags.is_empty() {
            label
        } else {
            format!("{label} ({})", tags.join(", "))
        }
    };
    out.into_iter()
        .map(|(x, y, names)| {
            let names: Vec<String> = names.into_iter().map(name).collect();
            (x, y, names.join(", "))
        })
        .collect()
}

/// The implementation every point of panel (b) names, when they all name the same one
/// (the plot then says it once, in the legend, instead of in every label).
pub fn shared_implementation(points: &[SecurityPoint]) -> Option<&str> {
    let first = points.first()?.implementation.as_deref()?;
    points
        .iter()
        .all(|p| p.implementation.as_deref() == Some(first))
        .then_some(first)
}

/// Draws panel (b) into `area`: the points, their labels, the chosen candidate ringed, the
/// `target` security level as a grey rule, and the legend under the panel.
///
/// # Errors
/// [`crate::Error::Runtime`] when drawing fails.
pub(super) fn draw_security<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    points: &[SecurityPoint],
    target: Option<f64>,
    clock: &str,
) -> Result<()> {
    let (sx0, sx1) = span(points.iter().map(|p| p.security_bits).chain(target), 1.0);
    let x0 = (sx0 - 10.0).max(0.0);
    // Room on the right for the labels (about 6.6 px per character at 12 px, 8 px offset):
    // x1 such that x + width · (x1 − x0) / plot width ≤ x1 for every label.
    let tries: Vec<Vec<(f64, f64, String)>> = CLUSTER_RATIOS
        .iter()
        .map(|&r| point_labels_within(points, r))
        .collect();
    let plot_w = f64::from(area.dim_in_pixel().0).max(200.0) - 100.0;
    let x1 = tries.iter().flatten().fold(sx1 + 15.0, |x1, (x, _, text)| {
        let f = ((text.chars().count() as f64 * 6.6 + 12.0) / plot_w).min(0.6);
        x1.max((x - x0 * f) / (1.0 - f))
    });
    // One legend line per kind of point drawn, the target, and the shared implementation.
    let mut kinds: Vec<(bool, bool, bool)> = points
        .iter()
        .map(|p| (p.kem, p.full || p.kem, p.table || p.kem))
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    let shared = shared_implementation(points);
    let entries = kinds.len() + usize::from(target.is_some()) + usize::from(shared.is_some());
    // The y axis fitted to the points and their error bars; the legend goes under the panel.
    let (y0, y1) = security_y_range(points);
    let (area, strip) = plot_axes::split_for_legend(area, entries);
    let area = &area;
    let mut legend = Vec::new();
    // With KEM points beside key exchanges, each Total is named in the legend.
    let any_kem = points.iter().any(|p| p.kem);
    let total = if any_kem {
        "Total"
    } else {
        "Total = 2*Offer + Reply"
    };
    let mut chart = panel(area, &format!("(b) {total} against security"))
        .build_cartesian_2d(
            x0..x1,
            (y0..y1).log_scale().with_key_points(log_ticks(y0, y1)),
        )
        .map_err(draw_err)?;
    chart
        .configure_mesh()
        .x_desc("security level, bits")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_desc(format!("{total}, ms ({clock} clock)"))
        .y_label_formatter(&|y| tick_text(*y))
        .light_line_style(BLACK.mix(0.04))
        .draw()
        .map_err(draw_err)?;
    if let Some(t) = target {
        let grey = BLACK.mix(0.5);
        chart
            .draw_series(LineSeries::new([(t, y0), (t, y1)], grey.stroke_width(1)))
            .map_err(draw_err)?;
        legend.push(Entry {
            color: grey,
            mark: Mark::Rule,
            text: format!("target: {t:.0} bits"),
        });
    }
    draw_security_points(&mut chart, points, &mut legend)?;
    if let Some(who) = shared {
        legend.push(Entry {
            color: BLACK.to_rgba(),
            mark: Mark::None,
            text: format!("every point computed by {who}"),
        });
    }
    draw_security_labels(&mut chart, points, tries)?;
    // The chosen candidate, ringed.
    chart
        .draw_series(
            points
                .iter()
                .filter(|p| p.chosen)
                .map(|p| Circle::new((p.security_bits, p.total_ms), 9, BLACK.stroke_width(2))),
        )
        .map_err(draw_err)?;
    plot_axes::draw_legend(&strip, &legend).map_err(draw_err)
}

/// The points of panel (b), one series per exponent kind (colour: full or short; filled: with
/// the fixed-base table, hollow: without) and one for KEMs, with their error bars, each added
/// to `legend`. With KEM points present, each legend line names the Total it shows.
fn draw_security_points<DB: DrawingBackend, CT: CoordTranslate<From = (f64, f64)>>(
    chart: &mut ChartContext<'_, DB, CT>,
    points: &[SecurityPoint],
    legend: &mut Vec<Entry>,
) -> Result<()> {
    let any_kem = points.iter().any(|p| p.kem);
    let has_plain = points.iter().any(|p| !p.kem && !p.table);
    for (i, full) in [true, false].into_iter().enumerate() {
        let color = okabe_ito(i + 4);
        for table in [true, false] {
            let pts: Vec<&SecurityPoint> = points
                .iter()
                .filter(|p| !p.kem && p.full == full && p.table == table)
                .collect();
            let exp = if full {
                "full exponent"
            } else {
                "short exponent"
            };
            let mut label = match (has_plain, table) {
                (false, _) => exp.to_string(),
                (true, true) => format!("{exp}, fixed-base table"),
                (true, false) => format!("{exp}, no table"),
            };
            if any_kem {
                label = format!("2*Offer + Reply, {label}");
            }
            let mark = if table { Mark::Dot } else { Mark::Ring };
            draw_point_kind(chart, &pts, color, mark, label, legend)?;
        }
    }
    let kems: Vec<&SecurityPoint> = points.iter().filter(|p| p.kem).collect();
    let label = "KEM: KeyGen + Encaps + Decaps".to_string();
    draw_point_kind(chart, &kems, okabe_ito(2), Mark::Dot, label, legend)
}

/// Draws `pts` (one kind of point of panel (b)) as dots (`Mark::Dot`) or rings with their
/// error bars, and adds their legend line; nothing when `pts` is empty.
fn draw_point_kind<DB: DrawingBackend, CT: CoordTranslate<From = (f64, f64)>>(
    chart: &mut ChartContext<'_, DB, CT>,
    pts: &[&SecurityPoint],
    color: RGBAColor,
    mark: Mark,
    label: String,
    legend: &mut Vec<Entry>,
) -> Result<()> {
    if pts.is_empty() {
        return Ok(());
    }
    let style = if mark == Mark::Dot {
        color.filled()
    } else {
        color.stroke_width(2)
    };
    chart
        .draw_series(
            pts.iter()
                .map(|p| Circle::new((p.security_bits, p.total_ms), 5, style)),
        )
        .map_err(draw_err)?;
    chart
        .draw_series(pts.iter().filter_map(|p| {
            let (lo, hi) = p.interval?;
            Some(ErrorBar::new_vertical(
                p.security_bits,
                lo,
                p.total_ms,
                hi,
                color.stroke_width(1),
                8,
            ))
        }))
        .map_err(draw_err)?;
    legend.push(Entry {
        color,
        mark,
        text: label,
    });
    Ok(())
}

/// A try of [`draw_security_labels`]: how many labels found no free place, the labels and
/// their offsets.
type Placed = (usize, Vec<(f64, f64, String)>, Vec<(f64, f64)>);

/// The labels of panel (b), placed clear of each other and of the points: the first of
/// `tries` (the labels at each of [`CLUSTER_RATIOS`]) whose labels all find a free place, or
/// else the one with the fewest that do not.
fn draw_security_labels<DB: DrawingBackend, CT: CoordTranslate<From = (f64, f64)>>(
    chart: &mut ChartContext<'_, DB, CT>,
    points: &[SecurityPoint],
    tries: Vec<Vec<(f64, f64, String)>>,
) -> Result<()> {
    // One label per cluster of points that would overprint (e.g. modp-3072 and ffdhe3072),
    // each placed where it meets no other label, point or ring (report::plot_labels).
    let px = |x: f64, y: f64| {
        let (a, b) = chart.plotting_area().map_coordinate(&(x, y));
        (f64::from(a), f64::from(b))
    };
    let mut obstacles: Vec<Rect> = points
        .iter()
        .map(|p| {
            let (x, y) = px(p.security_bits, p.total_ms);
            Rect::around(x, y, if p.chosen { 10.0 } else { 6.0 })
        })
        .collect();
    // Labels stay inside the plotting area, clear of the axes' tick labels.
    let (xr, yr) = chart.plotting_area().get_pixel_range();
    obstacles.extend(Rect::outside(
        f64::from(xr.start),
        f64::from(yr.start),
        f64::from(xr.end),
        f64::from(yr.end),
    ));
    let em = svg_font_px(12.0);
    // The labels with fewest crowded so far: (crowded, labels, offsets).
    let mut best: Option<Placed> = None;
    for labels in tries {
        // A chosen point's label clears its ring (radius 9).
        let anchors: Vec<((f64, f64), f64)> = labels
            .iter()
            .map(|(x, y, t)| (px(*x, *y), if t.contains("chosen)") { 10.0 } else { 6.0 }))
            .collect();
        let texts: Vec<String> = labels.iter().map(|l| l.2.clone()).collect();
        let (offsets, crowded) = place_counted(&anchors, &texts, em, &obstacles);
        if best.as_ref().is_none_or(|b| crowded < b.0) {
            best = Some((crowded, labels, offsets));
        }
        if crowded == 0 {
            break;
        }
    }
    let Some((_, labels, offsets)) = best else {
        return Ok(());
    };
    chart
        .draw_series(
            labels
                .into_iter()
                .zip(offsets)
                .map(|((x, y, text), (dx, dy))| {
                    EmptyElement::at((x, y))
                        + Text::new(
                            text,
                            (dx.round() as i32, dy.round() as i32),
                            ("sans-serif", 12).into_font(),
                        )
                }),
        )
        .map_err(draw_err)?;
    Ok(())
}

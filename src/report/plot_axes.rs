//! Axes and legends of the plots ([`crate::report::plot`]): log axes fitted to the data (no
//! decade of empty axis past the last point), and the legend drawn in a strip under the
//! panel, so that it needs no room inside the axes and covers no point.

use plotters::coord::Shift;
use plotters::prelude::*;

/// The padding of a log axis around its data: the axis runs from the smallest value / 1.15
/// to the largest × 1.15 (about 6 % of a decade each side).
pub const LOG_PAD: f64 = 1.15;

/// The narrowest log axis, as the ratio of its ends: a narrower range of data is widened
/// about its geometric middle, so that the axis shows at least two ticks.
pub const MIN_LOG_RATIO: f64 = 2.5;

/// The range of a log axis for `values` (non-positive and non-finite ones ignored): from
/// min / [`LOG_PAD`] to max × [`LOG_PAD`], widened to [`MIN_LOG_RATIO`]; (1, 10) when
/// there is no value.
pub fn log_range(values: impl IntoIterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values
        .into_iter()
        .filter(|v| v.is_finite() && *v > 0.0)
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    if !lo.is_finite() || hi <= 0.0 {
        return (1.0, 10.0);
    }
    let (lo, hi) = (lo / LOG_PAD, hi * LOG_PAD);
    if hi / lo >= MIN_LOG_RATIO {
        return (lo, hi);
    }
    let mid = (lo * hi).sqrt();
    let half = MIN_LOG_RATIO.sqrt();
    (mid / half, mid * half)
}

/// How a legend entry is marked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Mark {
    /// A line with a dot (a series).
    Line,
    /// A filled dot.
    Dot,
    /// A hollow dot.
    Ring,
    /// A thin grey line (a target).
    Rule,
    /// No mark: a line of text (a fact of the whole panel).
    None,
}

/// One line of a legend.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Colour of the mark.
    pub color: RGBAColor,
    /// The mark.
    pub mark: Mark,
    /// The text.
    pub text: String,
}

/// Height of one legend line, px (13 px text).
const LINE_PX: u32 = 18;

/// The height of the strip a legend of `entries` lines takes under a panel, px.
pub fn legend_height(entries: usize) -> u32 {
    if entries == 0 {
        0
    } else {
        LINE_PX * entries as u32 + 10
    }
}

/// Splits `area` into the panel and, under it, the strip for a legend of `entries` lines.
pub fn split_for_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: usize,
) -> (DrawingArea<DB, Shift>, DrawingArea<DB, Shift>) {
    let h = area.dim_in_pixel().1;
    area.split_vertically(h.saturating_sub(legend_height(entries)).max(h / 2))
}

/// Draws `entries` one per line into `strip`, aligned with a panel's plotting area (70 px
/// from the left, where the y-axis labels end).
///
/// # Errors
/// The backend's error when drawing fails.
pub fn draw_legend<DB: DrawingBackend>(
    strip: &DrawingArea<DB, Shift>,
    entries: &[Entry],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    for (k, e) in entries.iter().enumerate() {
        let y = 6 + (LINE_PX * k as u32 + LINE_PX / 2) as i32;
        let x = 82;
        let c = e.color;
        match e.mark {
            Mark::Line => {
                strip.draw(&PathElement::new(
                    vec![(x, y), (x + 24, y)],
                    c.stroke_width(2),
                ))?;
                strip.draw(&Circle::new((x + 12, y), 4, c.filled()))?;
            }
            Mark::Dot => strip.draw(&Circle::new((x + 12, y), 5, c.filled()))?,
            Mark::Ring => strip.draw(&Circle::new((x + 12, y), 5, c.stroke_width(2)))?,
            Mark::Rule => strip.draw(&PathElement::new(
                vec![(x, y), (x + 24, y)],
                c.stroke_width(1),
            ))?,
            Mark::None => {}
        }
        strip.draw(&Text::new(
            e.text.clone(),
            (x + 34, y - 7),
            ("sans-serif", 13).into_font(),
        ))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_axes_fit_the_data() {
        // Data from 5.8 µs to 422 ms: the axis ends within 15 % of each, not a decade past.
        let (lo, hi) = log_range([0.0058, 0.05, 422.0]);
        assert!((lo - 0.0058 / LOG_PAD).abs() < 1e-12 && (hi - 422.0 * LOG_PAD).abs() < 1e-9);
        // A narrow range is widened to show ticks, about its middle.
        let (lo, hi) = log_range([0.4, 0.45]);
        assert!((hi / lo - MIN_LOG_RATIO).abs() < 1e-9);
        assert!(lo < 0.4 && hi > 0.45);
        assert_eq!(log_range([f64::NAN, -1.0]), (1.0, 10.0));
        assert_eq!(legend_height(0), 0);
        assert_eq!(legend_height(2), 46);
    }
}

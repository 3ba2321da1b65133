//! Label placement for the plots, and text boxes read back from an SVG.
//!
//! Panel (b) labels its points; points close together (x25519 beside k256, modp-768 beside
//! modp-1024) would have their labels printed over each other, or over the ring of the
//! chosen point (issue 22). [`place`] puts each label, in pixels, at the first of a list of
//! positions around its point (right, left, then stacked above and below) whose box meets no
//! earlier label, no point and no ring. [`svg_text_boxes`] reads every text's box from an
//! SVG as plotters writes it, so that a test can check that no two overlap.
//!
//! Widths are estimates: [`CHAR_EM`] em per character (sans-serif faces such as DejaVu Sans
//! average about 0.55 em; placement adds [`PAD`] pixels around each box).

/// A box in pixels: left, top, right, bottom (y grows downwards).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x0: f64,
    /// Top edge.
    pub y0: f64,
    /// Right edge.
    pub x1: f64,
    /// Bottom edge.
    pub y1: f64,
}

impl Rect {
    /// Whether the two boxes share interior area.
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }

    /// Four boxes covering everything outside the rectangle (x0, y0)–(x1, y1): as
    /// obstacles they keep labels inside it.
    pub fn outside(x0: f64, y0: f64, x1: f64, y1: f64) -> [Rect; 4] {
        const FAR: f64 = 1e6;
        [
            Rect {
                x0: -FAR,
                y0: -FAR,
                x1: x0,
                y1: FAR,
            },
            Rect {
                x0: x1,
                y0: -FAR,
                x1: FAR,
                y1: FAR,
            },
            Rect {
                x0: -FAR,
                y0: -FAR,
                x1: FAR,
                y1: y0,
            },
            Rect {
                x0: -FAR,
                y0: y1,
                x1: FAR,
                y1: FAR,
            },
        ]
    }

    /// The box grown by `d` pixels on every side.
    pub fn grown(&self, d: f64) -> Rect {
        Rect {
            x0: self.x0 - d,
            y0: self.y0 - d,
            x1: self.x1 + d,
            y1: self.y1 + d,
        }
    }

    /// The square around a circle of radius `r` at `(x, y)`.
    pub fn around(x: f64, y: f64, r: f64) -> Rect {
        Rect {
            x0: x - r,
            y0: y - r,
            x1: x + r,
            y1: y + r,
        }
    }
}

/// Estimated width of a character, in em (of the SVG font-size).
pub const CHAR_EM: f64 = 0.6;

/// Pixels kept clear around each label when placing it.
pub const PAD: f64 = 1.5;

/// plotters writes a font of size s as an SVG font-size of s / 1.24 (plotters-svg
/// `draw_text`).
pub fn svg_font_px(size: f64) -> f64 {
    size / 1.24
}

/// How many label heights up or down from its point [`place`] looks for a free place.
const STEPS: usize = 12;

/// Estimated width in pixels of `text` at SVG font-size `em` pixels.
pub fn text_width(text: &str, em: f64) -> f64 {
    text.chars().count() as f64 * CHAR_EM * em
}

/// The offsets (dx, dy), in pixels from its point, of the top-left corner of each label
/// (text anchored left/top), given the labels' points in pixels (`anchors`, with the ring
/// radius to clear: 9 for the chosen point, 5 otherwise), their texts, the SVG font-size
/// `em` and the boxes to keep clear of (`obstacles`: every point, in pixels). A label that
/// finds no free place takes its first position (right of the point); [`place_counted`]
/// says how many did.
pub fn place(
    anchors: &[((f64, f64), f64)],
    texts: &[String],
    em: f64,
    obstacles: &[Rect],
) -> Vec<(f64, f64)> {
    place_counted(anchors, texts, em, obstacles).0
}

/// [`place`]'s offsets, and the number of labels that found no free place (0 when no two
/// labels overlap and none meets an obstacle).
pub fn place_counted(
    anchors: &[((f64, f64), f64)],
    texts: &[String],
    em: f64,
    obstacles: &[Rect],
) -> (Vec<(f64, f64)>, usize) {
    let mut taken: Vec<Rect> = obstacles.to_vec();
    let mut out = Vec::new();
    let mut crowded = 0;
    for (((px, py), r), text) in anchors.iter().zip(texts) {
        let (w, h) = (text_width(text, em), em);
        let gap = r + 3.0;
        let mut candidates = vec![
            (gap, -h + 2.0),
            (gap, -h / 2.0),
            (gap, -2.0),
            (-gap - w, -h + 2.0),
            (-gap - w, -2.0),
        ];
        for k in 1..=STEPS {
            let step = k as f64 * (h + 2.0);
            candidates.push((gap, -h + 2.0 - step));
            candidates.push((gap, -2.0 + step));
            candidates.push((-gap - w, -h + 2.0 - step));
            candidates.push((-gap - w, -2.0 + step));
        }
        let boxed = |(dx, dy): (f64, f64)| Rect {
            x0: px + dx,
            y0: py + dy,
            x1: px + dx + w,
            y1: py + dy + h,
        };
        let free = candidates.iter().copied().find(|c| {
            let b = boxed(*c).grown(PAD);
            !taken.iter().any(|t| t.overlaps(&b))
        });
        crowded += usize::from(free.is_none());
        let pick = free.unwrap_or(candidates[0]);
        taken.push(boxed(pick));
        out.push(pick);
    }
    (out, crowded)
}

/// One text of an SVG with its estimated box.
#[derive(Debug, Clone, PartialEq)]
pub struct TextBox {
    /// The text.
    pub text: String,
    /// Its box in pixels.
    pub rect: Rect,
}

/// The value of attribute `name` in the tag `tag` (`name="value"`).
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

/// The boxes of every unrotated `<text>` of an SVG written by plotters: x and y from the
/// attributes, the width from [`text_width`], the height one em, placed by `text-anchor`
/// (start, middle, end) and `dy` (0.76em: y is the top; 0.5ex: y is the middle; -0.5ex: y
/// is the bottom). Rotated texts (axis titles) are left out. XML entities count as one
/// character.
pub fn svg_text_boxes(svg: &str) -> Vec<TextBox> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find("<text") {
        rest = &rest[i..];
        let Some(close) = rest.find('>') else { break };
        let tag = &rest[..close];
        let Some(end) = rest.find("</text>") else {
            break;
        };
        let raw = &rest[close + 1..end];
        rest = &rest[end..];
        if tag.contains("rotate") {
            continue;
        }
        let num = |n: &str| attr(tag, n).and_then(|v| v.parse::<f64>().ok());
        let (Some(x), Some(y), Some(em)) = (num("x"), num("y"), num("font-size")) else {
            continue;
        };
        // plotters writes the text on a line of its own; SVG does not render the
        // whitespace around it, so it takes no width.
        let text = raw
            .trim()
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&")
            .replace("&quot;", "\"");
        let w = text_width(&text, em);
        let x0 = match attr(tag, "text-anchor") {
            Some("middle") => x - w / 2.0,
            Some("end") => x - w,
            _ => x,
        };
        let y0 = match attr(tag, "dy") {
            Some("0.76em") => y,
            Some("0.5ex") => y - em / 2.0,
            Some("-0.5ex") => y - em,
            _ => y - 0.8 * em,
        };
        out.push(TextBox {
            text,
            rect: Rect {
                x0,
                y0,
                x1: x0 + w,
                y1: y0 + em,
            },
        });
    }
    out
}

/// Every pair of texts of `svg` whose boxes overlap, as "a" / "b" strings (empty: none).
pub fn overlapping_texts(svg: &str) -> Vec<(String, String)> {
    let boxes = svg_text_boxes(svg);
    let mut out = Vec::new();
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            if a.rect.overlaps(&b.rect) {
                out.push((a.text.clone(), b.text.clone()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_from_plotters_text() {
        let svg = r##"<svg><text x="100" y="50" dy="0.76em" text-anchor="start" font-family="sans-serif" font-size="10" opacity="1" fill="#000000">abcde</text>
<text x="100" y="50" dy="0.5ex" text-anchor="end" font-size="10">ab</text>
<text x="10" y="10" dy="0.76em" text-anchor="middle" font-size="10" transform="rotate(270, 10, 10)">axis</text></svg>"##;
        let b = svg_text_boxes(svg);
        assert_eq!(b.len(), 2);
        assert_eq!(
            b[0].rect,
            Rect {
                x0: 100.0,
                y0: 50.0,
                x1: 130.0,
                y1: 60.0
            }
        );
        assert_eq!(
            b[1].rect,
            Rect {
                x0: 88.0,
                y0: 45.0,
                x1: 100.0,
                y1: 55.0
            }
        );
        assert!(
            overlapping_texts(svg).is_empty(),
            "touching edges do not overlap"
        );
        let svg2 = svg.replace(
            "x=\"100\" y=\"50\" dy=\"0.5ex\"",
            "x=\"105\" y=\"50\" dy=\"0.5ex\"",
        );
        assert_eq!(overlapping_texts(&svg2).len(), 1);
    }

    /// Two points a few pixels apart (x25519 and k256 in issue 22) get labels that do not
    /// overlap each other nor any point.
    #[test]
    fn close_points_get_separate_labels() {
        let pts = [
            ((300.0, 200.0), 9.0),
            ((303.0, 203.0), 5.0),
            ((310.0, 198.0), 5.0),
        ];
        let texts: Vec<String> = ["x25519 (chosen)", "k256", "p256"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let obstacles: Vec<Rect> = pts
            .iter()
            .map(|((x, y), r)| Rect::around(*x, *y, *r))
            .collect();
        let em = svg_font_px(12.0);
        let offs = place(&pts, &texts, em, &obstacles);
        let boxes: Vec<Rect> = pts
            .iter()
            .zip(&offs)
            .zip(&texts)
            .map(|((((x, y), _), (dx, dy)), t)| Rect {
                x0: x + dx,
                y0: y + dy,
                x1: x + dx + text_width(t, em),
                y1: y + dy + em,
            })
            .collect();
        for (i, a) in boxes.iter().enumerate() {
            for b in boxes[i + 1..].iter().chain(&obstacles) {
                assert!(!a.overlaps(b), "{a:?} {b:?}");
            }
        }
    }
}

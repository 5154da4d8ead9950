//! Text for the plots, set by hand with the embedded DejaVu Sans font.
//!
//! plotters' own `ab_glyph` text drops each glyph's left side bearing and rounds the pen
//! to whole pixels, so letters sit unevenly ("classi c"). Here a line of text is laid out
//! once, in font units (advance widths plus the font's kerning pairs), and the two canvases
//! use that one layout: the PNG canvas rasterises the glyph outlines at their exact
//! (sub-pixel) positions, the SVG canvas writes each glyph's outline once as a path and
//! places it with `<use>`, so an SVG looks the same whatever fonts the viewer has.

use ab_glyph::{Font, FontRef, GlyphId, OutlineCurve, PxScale, ScaleFont};
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{BackendTextStyle, FontTransform};
use std::sync::OnceLock;

/// The embedded font (DejaVu Sans, from the `dejavu` crate).
pub(crate) fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| {
        FontRef::try_from_slice(dejavu::sans::regular())
            .expect("the embedded DejaVu Sans font parses")
    })
}

/// One line of text laid out: glyphs with their pen positions in font units, and the scale
/// from font units to pixels.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    /// `(glyph, x)`: x of the glyph's origin in font units from the start of the line.
    pub glyphs: Vec<(GlyphId, f32)>,
    /// Width of the line in font units.
    pub width: f32,
    /// Pixels per font unit.
    pub scale: f32,
    /// Ascent and descent (negative) in pixels.
    pub ascent: f32,
    /// Descent (negative) in pixels.
    pub descent: f32,
}

/// Lays out `text` at `size` pixels (plotters' font size: ascent minus descent).
pub(crate) fn layout(text: &str, size: f64) -> Line {
    let f = font();
    let scaled = f.as_scaled(PxScale::from(size as f32));
    let scale = scaled.h_scale_factor();
    let mut glyphs = Vec::with_capacity(text.len());
    let mut pen = 0f32;
    let mut prev: Option<GlyphId> = None;
    for c in text.chars() {
        let id = f.glyph_id(c);
        if let Some(p) = prev {
            pen += f.kern_unscaled(p, id);
        }
        glyphs.push((id, pen));
        pen += f.h_advance_unscaled(id);
        prev = Some(id);
    }
    Line {
        glyphs,
        width: pen,
        scale,
        ascent: scaled.ascent(),
        descent: scaled.descent(),
    }
}

/// Width and height of `text` in pixels.
pub(crate) fn extent(text: &str, size: f64) -> (u32, u32) {
    let l = layout(text, size);
    (
        (l.width * l.scale).ceil() as u32,
        (l.ascent - l.descent).ceil() as u32,
    )
}

/// Where a line starts relative to the anchor point, before rotation: `(dx, baseline dy)`
/// in pixels.
pub(crate) fn anchor_offset(line: &Line, style: &impl BackendTextStyle) -> (f32, f32) {
    let w = line.width * line.scale;
    let a = style.anchor();
    let dx = match a.h_pos {
        HPos::Left => 0.0,
        HPos::Center => -w / 2.0,
        HPos::Right => -w,
    };
    let h = line.ascent - line.descent;
    let top = match a.v_pos {
        VPos::Top => 0.0,
        VPos::Center => -h / 2.0,
        VPos::Bottom => -h,
    };
    (dx, top + line.ascent)
}

/// Rotates a text-local offset by the style's transform (screen coordinates, y down).
pub(crate) fn rotate(t: &FontTransform, x: f32, y: f32) -> (f32, f32) {
    match t {
        FontTransform::None => (x, y),
        FontTransform::Rotate90 => (-y, x),
        FontTransform::Rotate180 => (-x, -y),
        FontTransform::Rotate270 => (y, -x),
    }
}

/// The rotation in degrees (SVG's `rotate`, y down) of a transform.
pub(crate) fn degrees(t: &FontTransform) -> i32 {
    match t {
        FontTransform::None => 0,
        FontTransform::Rotate90 => 90,
        FontTransform::Rotate180 => 180,
        FontTransform::Rotate270 => -90,
    }
}

/// A number for SVG: at most two decimals, no trailing zeros, no `-0`.
pub(crate) fn num(v: f32) -> String {
    let r = (v * 100.0).round() / 100.0;
    if r == 0.0 {
        return "0".into();
    }
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// The outline of a glyph as SVG path data in font units, y up (empty for a blank glyph).
pub(crate) fn glyph_path(id: GlyphId) -> String {
    let Some(outline) = font().outline(id) else {
        return String::new();
    };
    let mut d = String::new();
    let mut last: Option<(f32, f32)> = None;
    let start = |d: &mut String, p: ab_glyph::Point, last: &mut Option<(f32, f32)>| {
        if *last != Some((p.x, p.y)) {
            if last.is_some() {
                d.push('Z');
            }
            d.push_str(&format!("M{} {}", num(p.x), num(p.y)));
        }
    };
    for c in &outline.curves {
        match c {
            OutlineCurve::Line(a, b) => {
                start(&mut d, *a, &mut last);
                d.push_str(&format!("L{} {}", num(b.x), num(b.y)));
                last = Some((b.x, b.y));
            }
            OutlineCurve::Quad(a, b, e) => {
                start(&mut d, *a, &mut last);
                d.push_str(&format!(
                    "Q{} {} {} {}",
                    num(b.x),
                    num(b.y),
                    num(e.x),
                    num(e.y)
                ));
                last = Some((e.x, e.y));
            }
            OutlineCurve::Cubic(a, b, c2, e) => {
                start(&mut d, *a, &mut last);
                d.push_str(&format!(
                    "C{} {} {} {} {} {}",
                    num(b.x),
                    num(b.y),
                    num(c2.x),
                    num(c2.y),
                    num(e.x),
                    num(e.y)
                ));
                last = Some((e.x, e.y));
            }
        }
    }
    if !d.is_empty() {
        d.push('Z');
    }
    d
}

/// Rasterises a laid-out line: calls `pixel(x, y, coverage)` for every covered pixel, in
/// screen coordinates, with the line anchored at `pos` as plotters asks.
pub(crate) fn raster(
    text: &str,
    style: &impl BackendTextStyle,
    pos: (i32, i32),
    mut pixel: impl FnMut(i32, i32, f32),
) {
    let line = layout(text, style.size());
    let (dx, base) = anchor_offset(&line, style);
    let f = font();
    let scale = PxScale::from(style.size() as f32);
    let t = style.transform();
    for (id, x) in &line.glyphs {
        let gx = dx + x * line.scale;
        let glyph = id.with_scale_and_position(scale, ab_glyph::point(gx, base));
        let Some(og) = f.outline_glyph(glyph) else {
            continue;
        };
        let b = og.px_bounds();
        og.draw(|px, py, cov| {
            if cov <= 0.0 {
                return;
            }
            let lx = b.min.x + px as f32;
            let ly = b.min.y + py as f32;
            let (rx, ry) = rotate(&t, lx, ly);
            pixel(pos.0 + rx.round() as i32, pos.1 + ry.round() as i32, cov);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_advance_by_their_widths_with_kerning() {
        // "ic": the pen after "i" is exactly the advance width of "i" (plus any kerning),
        // so the gap before "c" is the font's, not a rounding artefact.
        let f = font();
        let l = layout("ic", 15.0);
        let i = f.glyph_id('i');
        let c = f.glyph_id('c');
        assert_eq!(l.glyphs[0].1, 0.0);
        assert_eq!(
            l.glyphs[1].1,
            f.h_advance_unscaled(i) + f.kern_unscaled(i, c)
        );
        // DejaVu kerns "AV" (a kerning pair shortens the pair).
        let av = layout("AV", 15.0);
        let a = f.glyph_id('A');
        assert!(av.glyphs[1].1 <= f.h_advance_unscaled(a));
    }

    #[test]
    fn glyph_paths_are_closed_outlines() {
        let d = glyph_path(font().glyph_id('o'));
        assert!(d.starts_with('M') && d.ends_with('Z'));
        // "o" has an outer and an inner contour.
        assert_eq!(d.matches('M').count(), 2);
        assert!(glyph_path(font().glyph_id(' ')).is_empty());
    }

    #[test]
    fn numbers_are_short_and_fixed() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(2.345), "2.35");
        assert_eq!(num(10.5), "10.5");
    }
}

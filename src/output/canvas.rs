//! The two drawing backends the plots are drawn on: [`SvgCanvas`] (our own SVG writer: text
//! as glyph outlines, numbers with fixed digits) and [`PngCanvas`] (plotters' bitmap with
//! the text set by `output::typeset`).
//!
//! plotters hands a backend whole-pixel coordinates. The SVG canvas therefore tells plotters
//! it is [`SvgCanvas::SCALE`] times larger than the picture and divides every coordinate by
//! that factor when it writes it, so lines keep their sub-pixel positions (a smooth `2^n`
//! on a log axis instead of a staircase of rounded points); the renderer scales every size
//! it sets (fonts, widths, margins) by the same factor.

use super::typeset::{self, anchor_offset, degrees, layout, num};
use plotters::prelude::BitMapBackend;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// An error of the SVG canvas (only writing the file can fail).
#[derive(Debug)]
pub struct SvgError(std::io::Error);

impl std::fmt::Display for SvgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for SvgError {}

/// A plotters backend writing SVG: shapes as SVG elements, text as outlines of the embedded
/// font (each glyph defined once, placed with `<use>`, the text itself in the group's
/// `aria-label`), so the picture does not depend on the viewer's fonts. Coordinates are
/// written with at most two decimals, so the bytes are the same on every run.
pub struct SvgCanvas {
    path: PathBuf,
    size: (u32, u32),
    body: Rc<RefCell<String>>,
    glyphs: BTreeMap<u16, String>,
    saved: bool,
}

impl SvgCanvas {
    /// Device units per pixel of the picture: plotters draws on a canvas this many times
    /// larger, and coordinates are written divided by it (two decimals).
    pub const SCALE: u32 = 100;

    /// A canvas for a picture of `size` pixels written to `path` on
    /// [`DrawingBackend::present`] (plotters sees `SCALE` times that size).
    pub fn new(path: &Path, size: (u32, u32)) -> SvgCanvas {
        SvgCanvas {
            path: path.to_path_buf(),
            size,
            body: Rc::new(RefCell::new(String::new())),
            glyphs: BTreeMap::new(),
            saved: false,
        }
    }

    /// A handle that opens and closes groups in this canvas's document, for the renderer to
    /// say what it draws (a panel, a series, a legend entry).
    pub fn outline(&self) -> Outline {
        Outline(Some(Rc::clone(&self.body)))
    }

    /// The SVG document as it stands.
    pub fn document(&self) -> String {
        let (w, h) = self.size;
        let mut s = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n"
        );
        if !self.glyphs.is_empty() {
            s.push_str("<defs>\n");
            for (id, d) in &self.glyphs {
                let _ = writeln!(s, "<path id=\"g{id}\" d=\"{d}\"/>");
            }
            s.push_str("</defs>\n");
        }
        s.push_str(&self.body.borrow());
        s.push_str("</svg>\n");
        s
    }

    fn write(&self, text: std::fmt::Arguments<'_>) {
        let _ = self.body.borrow_mut().write_fmt(text);
    }
}

/// Groups in an SVG document, opened and closed by the renderer around what it draws
/// (`<g class="series" aria-label="classic.T">`), so the structure of a figure can be read
/// back from its file. The handle of a PNG canvas does nothing.
#[derive(Clone, Default)]
pub struct Outline(Option<Rc<RefCell<String>>>);

impl Outline {
    /// A handle that writes nothing (for a bitmap).
    pub fn none() -> Outline {
        Outline(None)
    }

    /// Opens a group of this class, labelled (the label may be empty).
    pub fn open(&self, class: &str, label: &str) {
        if let Some(body) = &self.0 {
            let mut b = body.borrow_mut();
            if label.is_empty() {
                let _ = writeln!(b, "<g class=\"{class}\">");
            } else {
                let _ = writeln!(b, "<g class=\"{class}\" aria-label=\"{}\">", escape(label));
            }
        }
    }

    /// Closes the group opened last.
    pub fn close(&self) {
        if let Some(body) = &self.0 {
            body.borrow_mut().push_str("</g>\n");
        }
    }
}

/// Text for an XML attribute.
fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            _ => s.push(c),
        }
    }
    s
}

/// A device coordinate as a picture coordinate: divided by [`SvgCanvas::SCALE`], exactly,
/// with at most two decimals and no trailing zeros.
fn at(v: i32) -> String {
    let scale = SvgCanvas::SCALE as i64;
    let v = i64::from(v);
    let (whole, frac) = (v.abs() / scale, v.abs() % scale);
    let sign = if v < 0 { "-" } else { "" };
    if frac == 0 {
        return format!("{sign}{whole}");
    }
    let digits = format!("{frac:02}");
    format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
}

fn colour(c: &BackendColor) -> String {
    let (r, g, b) = c.rgb;
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn opacity(attr: &str, c: &BackendColor) -> String {
    if c.alpha >= 1.0 {
        String::new()
    } else {
        format!(" {attr}=\"{}\"", num(c.alpha as f32))
    }
}

fn stroke_attrs<S: BackendStyle>(style: &S) -> String {
    let c = style.color();
    format!(
        "fill=\"none\" stroke=\"{}\"{} stroke-width=\"{}\" stroke-linejoin=\"round\" stroke-linecap=\"round\"",
        colour(&c),
        opacity("stroke-opacity", &c),
        at(style.stroke_width() as i32)
    )
}

fn fill_attrs<S: BackendStyle>(style: &S) -> String {
    let c = style.color();
    format!("fill=\"{}\"{}", colour(&c), opacity("fill-opacity", &c))
}

impl DrawingBackend for SvgCanvas {
    type ErrorType = SvgError;

    fn get_size(&self) -> (u32, u32) {
        (self.size.0 * Self::SCALE, self.size.1 * Self::SCALE)
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<SvgError>> {
        Ok(())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<SvgError>> {
        if !self.saved {
            std::fs::write(&self.path, self.document())
                .map_err(|e| DrawingErrorKind::DrawingError(SvgError(e)))?;
            self.saved = true;
        }
        Ok(())
    }

    fn draw_pixel(
        &mut self,
        p: BackendCoord,
        c: BackendColor,
    ) -> Result<(), DrawingErrorKind<SvgError>> {
        if c.alpha > 0.0 {
            self.write(format_args!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"{}/>\n",
                at(p.0),
                at(p.1),
                at(1),
                at(1),
                colour(&c),
                opacity("fill-opacity", &c)
            ));
        }
        Ok(())
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        a: BackendCoord,
        b: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<SvgError>> {
        if style.color().alpha > 0.0 {
            self.write(format_args!(
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {}/>\n",
                at(a.0),
                at(a.1),
                at(b.0),
                at(b.1),
                stroke_attrs(style)
            ));
        }
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        a: BackendCoord,
        b: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<SvgError>> {
        if style.color().alpha > 0.0 {
            let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
            let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
            let attrs = if fill {
                fill_attrs(style)
            } else {
                stroke_attrs(style)
            };
            self.write(format_args!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" {attrs}/>\n",
                at(x0),
                at(y0),
                at(x1 - x0),
                at(y1 - y0)
            ));
        }
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<SvgError>> {
        if style.color().alpha > 0.0 {
            let pts: Vec<String> = path
                .into_iter()
                .map(|(x, y)| format!("{},{}", at(x), at(y)))
                .collect();
            if pts.len() > 1 {
                self.write(format_args!(
                    "<polyline points=\"{}\" {}/>\n",
                    pts.join(" "),
                    stroke_attrs(style)
                ));
            }
        }
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        c: BackendCoord,
        r: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<SvgError>> {
        if style.color().alpha > 0.0 {
            let attrs = if fill {
                fill_attrs(style)
            } else {
                stroke_attrs(style)
            };
            self.write(format_args!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {attrs}/>\n",
                at(c.0),
                at(c.1),
                at(r as i32)
            ));
        }
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<SvgError>> {
        if style.color().alpha > 0.0 {
            let pts: Vec<String> = vert
                .into_iter()
                .map(|(x, y)| format!("{},{}", at(x), at(y)))
                .collect();
            self.write(format_args!(
                "<polygon points=\"{}\" {}/>\n",
                pts.join(" "),
                fill_attrs(style)
            ));
        }
        Ok(())
    }

    fn draw_text<T: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &T,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<SvgError>> {
        // The style's size is in device units; the glyphs are placed in picture pixels.
        let line = layout(text, style.size() / f64::from(Self::SCALE));
        if line.glyphs.is_empty() {
            return Ok(());
        }
        let (dx, base) = anchor_offset(&line, style);
        let c = style.color();
        let rot = degrees(&style.transform());
        let rotate = if rot == 0 {
            String::new()
        } else {
            format!(" rotate({rot})")
        };
        let mut out = format!(
            "<g aria-label=\"{}\" fill=\"{}\"{} transform=\"translate({} {}){rotate} translate({} {}) scale({:.6} -{:.6})\">",
            escape(text),
            colour(&c),
            opacity("fill-opacity", &c),
            at(pos.0),
            at(pos.1),
            num(dx),
            num(base),
            line.scale,
            line.scale
        );
        for (id, x) in &line.glyphs {
            let d = self
                .glyphs
                .entry(id.0)
                .or_insert_with(|| typeset::glyph_path(*id));
            if d.is_empty() {
                continue;
            }
            let _ = write!(out, "<use xlink:href=\"#g{}\" x=\"{}\"/>", id.0, num(*x));
        }
        out.push_str("</g>\n");
        self.body.borrow_mut().push_str(&out);
        Ok(())
    }

    fn estimate_text_size<T: BackendTextStyle>(
        &self,
        text: &str,
        style: &T,
    ) -> Result<(u32, u32), DrawingErrorKind<SvgError>> {
        Ok(typeset::extent(text, style.size()))
    }
}

/// plotters' bitmap backend with the text set by `output::typeset` (exact advance widths
/// and kerning, anti-aliased). The renderer draws on it at twice the picture's size (a
/// device pixel ratio of 2), every size scaled alike.
pub struct PngCanvas<'a> {
    inner: BitMapBackend<'a>,
}

impl<'a> PngCanvas<'a> {
    /// Device pixels per pixel of the picture.
    pub const SCALE: u32 = 2;

    /// A canvas for a picture of `size` pixels, written to `path` as a PNG of `SCALE` times
    /// that size on [`DrawingBackend::present`].
    pub fn new(path: &'a Path, size: (u32, u32)) -> PngCanvas<'a> {
        let size = (size.0 * Self::SCALE, size.1 * Self::SCALE);
        PngCanvas {
            inner: BitMapBackend::new(path, size),
        }
    }
}

type BitmapError = <BitMapBackend<'static> as DrawingBackend>::ErrorType;

impl DrawingBackend for PngCanvas<'_> {
    type ErrorType = BitmapError;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<BitmapError>> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<BitmapError>> {
        self.inner.present()
    }

    fn draw_pixel(
        &mut self,
        p: BackendCoord,
        c: BackendColor,
    ) -> Result<(), DrawingErrorKind<BitmapError>> {
        self.inner.draw_pixel(p, c)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        a: BackendCoord,
        b: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<BitmapError>> {
        self.inner.draw_line(a, b, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        a: BackendCoord,
        b: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<BitmapError>> {
        self.inner.draw_rect(a, b, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<BitmapError>> {
        self.inner.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        c: BackendCoord,
        r: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<BitmapError>> {
        self.inner.draw_circle(c, r, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<BitmapError>> {
        self.inner.fill_polygon(vert, style)
    }

    fn draw_text<T: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &T,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<BitmapError>> {
        let c = style.color();
        let mut failed = None;
        typeset::raster(text, style, pos, |x, y, cov| {
            if failed.is_some() {
                return;
            }
            let px = BackendColor {
                alpha: c.alpha * f64::from(cov.min(1.0)),
                rgb: c.rgb,
            };
            if let Err(e) = self.inner.draw_pixel((x, y), px) {
                failed = Some(e);
            }
        });
        match failed {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    fn estimate_text_size<T: BackendTextStyle>(
        &self,
        text: &str,
        style: &T,
    ) -> Result<(u32, u32), DrawingErrorKind<BitmapError>> {
        Ok(typeset::extent(text, style.size()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_coordinates_are_written_as_exact_hundredths() {
        assert_eq!(at(0), "0");
        assert_eq!(at(12345), "123.45");
        assert_eq!(at(150), "1.5");
        assert_eq!(at(-5), "-0.05");
        assert_eq!(at(-300), "-3");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}

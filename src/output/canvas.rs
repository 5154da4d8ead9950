//! The two drawing backends the plots are drawn on: [`SvgCanvas`] (our own SVG writer: text
//! as glyph outlines, numbers with fixed digits) and [`PngCanvas`] (plotters' bitmap with
//! the text set by `output::typeset`).

use super::typeset::{self, anchor_offset, degrees, layout, num};
use plotters::prelude::BitMapBackend;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

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
/// font (each glyph defined once, placed with `<use>`), so the picture does not depend on
/// the viewer's fonts. Coordinates are written with at most two decimals, so the bytes are
/// the same on every run.
pub struct SvgCanvas {
    path: PathBuf,
    size: (u32, u32),
    body: String,
    glyphs: BTreeMap<u16, String>,
    saved: bool,
}

impl SvgCanvas {
    /// A canvas of `size` pixels written to `path` on [`DrawingBackend::present`].
    pub fn new(path: &Path, size: (u32, u32)) -> SvgCanvas {
        SvgCanvas {
            path: path.to_path_buf(),
            size,
            body: String::new(),
            glyphs: BTreeMap::new(),
            saved: false,
        }
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
        s.push_str(&self.body);
        s.push_str("</svg>\n");
        s
    }
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
        style.stroke_width()
    )
}

fn fill_attrs<S: BackendStyle>(style: &S) -> String {
    let c = style.color();
    format!("fill=\"{}\"{}", colour(&c), opacity("fill-opacity", &c))
}

impl DrawingBackend for SvgCanvas {
    type ErrorType = SvgError;

    fn get_size(&self) -> (u32, u32) {
        self.size
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
            let _ = writeln!(
                self.body,
                "<rect x=\"{}\" y=\"{}\" width=\"1\" height=\"1\" fill=\"{}\"{}/>",
                p.0,
                p.1,
                colour(&c),
                opacity("fill-opacity", &c)
            );
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
            let _ = writeln!(
                self.body,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {}/>",
                a.0,
                a.1,
                b.0,
                b.1,
                stroke_attrs(style)
            );
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
            let _ = writeln!(
                self.body,
                "<rect x=\"{x0}\" y=\"{y0}\" width=\"{}\" height=\"{}\" {attrs}/>",
                x1 - x0,
                y1 - y0
            );
        }
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<SvgError>> {
        if style.color().alpha > 0.0 {
            let pts: Vec<String> = path.into_iter().map(|(x, y)| format!("{x},{y}")).collect();
            if pts.len() > 1 {
                let _ = writeln!(
                    self.body,
                    "<polyline points=\"{}\" {}/>",
                    pts.join(" "),
                    stroke_attrs(style)
                );
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
            let _ = writeln!(
                self.body,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{r}\" {attrs}/>",
                c.0, c.1
            );
        }
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<SvgError>> {
        if style.color().alpha > 0.0 {
            let pts: Vec<String> = vert.into_iter().map(|(x, y)| format!("{x},{y}")).collect();
            let _ = writeln!(
                self.body,
                "<polygon points=\"{}\" {}/>",
                pts.join(" "),
                fill_attrs(style)
            );
        }
        Ok(())
    }

    fn draw_text<T: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &T,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<SvgError>> {
        let line = layout(text, style.size());
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
        let _ = write!(
            self.body,
            "<g fill=\"{}\"{} transform=\"translate({} {}){rotate} translate({} {}) scale({:.6} -{:.6})\">",
            colour(&c),
            opacity("fill-opacity", &c),
            pos.0,
            pos.1,
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
            let _ = write!(
                self.body,
                "<use xlink:href=\"#g{}\" x=\"{}\"/>",
                id.0,
                num(*x)
            );
        }
        self.body.push_str("</g>\n");
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
/// and kerning, anti-aliased).
pub struct PngCanvas<'a> {
    inner: BitMapBackend<'a>,
}

impl<'a> PngCanvas<'a> {
    /// A canvas of `size` pixels written to `path` as PNG on [`DrawingBackend::present`].
    pub fn new(path: &'a Path, size: (u32, u32)) -> PngCanvas<'a> {
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

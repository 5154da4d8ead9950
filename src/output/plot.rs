//! Renders [`Figure`]s as SVG and PNG with plotters.
//!
//! Text is set by `output::typeset` with the DejaVu Sans font embedded in the binary: the
//! PNG is rasterised from the glyph outlines, the SVG carries the outlines themselves, so
//! both look the same on a machine with no fonts installed. Colours are the Okabe–Ito
//! palette (told apart by readers with any common colour-vision deficiency), and series are
//! told apart by dash and marker as well; lines are labelled at their ends rather than in a
//! legend wherever that reads better.

use super::canvas::{Outline, PngCanvas, SvgCanvas};
use super::chart::{Colour, Dash, Figure, Mark, Marker, Panel, Series};
use super::typeset;
use super::OutputError;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;
use std::sync::Once;

static FONT: Once = Once::new();

fn register_font() {
    FONT.call_once(|| {
        // plotters still measures some text through its own font table; the embedded font
        // is valid by construction.
        let _ = plotters::style::register_font(
            "sans-serif",
            FontStyle::Normal,
            dejavu::sans::regular(),
        );
    });
}

/// The Okabe–Ito palette without its yellow (too pale on white).
const PALETTE: [RGBColor; 7] = [
    RGBColor(0, 114, 178),   // blue
    RGBColor(213, 94, 0),    // vermillion
    RGBColor(0, 158, 115),   // bluish green
    RGBColor(204, 121, 167), // reddish purple
    RGBColor(230, 159, 0),   // orange
    RGBColor(86, 180, 233),  // sky blue
    RGBColor(0, 0, 0),       // black
];

const GREY: RGBColor = RGBColor(185, 185, 185);
const GUIDE: RGBColor = RGBColor(90, 90, 90);

fn rgb(c: Colour) -> RGBColor {
    match c {
        Colour::Palette(i) => PALETTE[i % PALETTE.len()],
        Colour::Grey => GREY,
        Colour::Black => BLACK,
    }
}

/// Writes the figure to `path` (`.svg` or `.png`, chosen by extension). The SVG has the
/// picture's size with coordinates to a hundredth of a pixel; the PNG twice its size (a
/// device pixel ratio of 2).
pub fn render(fig: &Figure, path: &Path) -> Result<(), OutputError> {
    register_font();
    let err = |m: String| OutputError::Plot {
        path: path.display().to_string(),
        message: m,
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| OutputError::io(dir, e))?;
    }
    let size = fig.size();
    match path.extension().and_then(|e| e.to_str()) {
        Some("svg") => {
            let canvas = SvgCanvas::new(path, size);
            let outline = canvas.outline();
            let root = canvas.into_drawing_area();
            let dev = Device {
                scale: f64::from(SvgCanvas::SCALE),
                outline: &outline,
            };
            draw(fig, &root, &dev).map_err(err)?;
            root.present().map_err(|e| err(e.to_string()))
        }
        Some("png") => {
            let root = PngCanvas::new(path, size).into_drawing_area();
            let dev = Device {
                scale: f64::from(PngCanvas::SCALE),
                outline: &Outline::none(),
            };
            draw(fig, &root, &dev).map_err(err)?;
            root.present().map_err(|e| err(e.to_string()))
        }
        _ => Err(err("unsupported extension (use .svg or .png)".into())),
    }
}

/// Writes the figure to `path` whole or not at all: drawn to a temporary file beside it
/// (same extension, so the same format), then renamed into place; on any failure the
/// temporary file is removed and `path` is untouched.
pub fn render_atomic(fig: &Figure, path: &Path) -> Result<(), OutputError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "plot".into());
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let tmp = dir.join(format!(".{name}.tmp-{}.{ext}", std::process::id()));
    let result = render(fig, &tmp)
        .and_then(|()| std::fs::rename(&tmp, path).map_err(|e| OutputError::io(path, e)));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// The canvas a figure is drawn on: its device units per pixel of the picture (every size
/// the renderer sets is multiplied by it) and the handle that marks what is drawn.
struct Device<'o> {
    scale: f64,
    outline: &'o Outline,
}

impl Device<'_> {
    /// A length of the picture in device units.
    fn px(&self, v: f64) -> i32 {
        (v * self.scale).round() as i32
    }

    /// A line width of the picture in device units (at least one).
    fn width(&self, v: f64) -> u32 {
        ((v * self.scale).round() as u32).max(1)
    }

    /// A font size of the picture in device units.
    fn font(&self, v: f64) -> f64 {
        v * self.scale
    }

    /// Runs `f` inside a group of this class and label.
    fn group<T>(&self, class: &str, label: &str, f: impl FnOnce() -> T) -> T {
        self.outline.open(class, label);
        let r = f();
        self.outline.close();
        r
    }
}

fn text_style(size: f64, colour: &RGBColor, h: HPos, v: VPos) -> TextStyle<'_> {
    TextStyle::from(("sans-serif", size).into_font())
        .color(colour)
        .pos(Pos::new(h, v))
}

fn draw<DB: DrawingBackend>(
    fig: &Figure,
    root: &DrawingArea<DB, Shift>,
    dev: &Device<'_>,
) -> Result<(), String> {
    let e = |x: DrawingAreaErrorKind<DB::ErrorType>| x.to_string();
    root.fill(&WHITE).map_err(e)?;
    let (w, _) = fig.size();
    // The title at 20 px, smaller if it would not fit the width.
    let tw = typeset::extent(&fig.title, 20.0).0 as f64;
    let size = if tw > w as f64 - 24.0 {
        (20.0 * (w as f64 - 24.0) / tw).max(11.0)
    } else {
        20.0
    };
    dev.group("title", &fig.title, || {
        root.draw(&Text::new(
            fig.title.clone(),
            (dev.px(w as f64 / 2.0), dev.px(12.0)),
            text_style(dev.font(size), &BLACK, HPos::Center, VPos::Top),
        ))
    })
    .map_err(e)?;
    let body = root.margin(dev.px(f64::from(Figure::TITLE_BAND)), 0, 0, 0);
    let cols = fig.columns.min(fig.panels.len()).max(1);
    let areas = body.split_evenly((fig.rows(), cols));
    for (panel, area) in fig.panels.iter().zip(areas.iter()) {
        dev.group("panel", &panel.title, || {
            draw_panel(panel, area, fig.panel_width < 560, dev)
        })?;
    }
    Ok(())
}

/// How the tick labels of one axis are written: every label the same way, so an axis never
/// mixes `10⁶` with `10000`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum TickStyle {
    /// Plain numbers: `3`, `0.25`, `12.5`.
    Plain,
    /// One power of ten for the whole (linear) axis: `2.5·10⁵`.
    Scaled(i32),
    /// Powers of ten on a log axis: `10⁶`, `2·10⁶`.
    Powers,
}

/// The style of an axis from `lo` to `hi`: powers of ten once it reaches 10^5 or its values
/// are all below 10^-3 (or, on a log axis, start below 10^-3), else plain.
fn tick_style(lo: f64, hi: f64, log: bool) -> TickStyle {
    let big = lo.abs().max(hi.abs());
    let far = big >= 1e5 || (big > 0.0 && big < 1e-3) || (log && lo > 0.0 && lo < 1e-3);
    match (far, log) {
        (false, _) => TickStyle::Plain,
        (true, true) => TickStyle::Powers,
        (true, false) => TickStyle::Scaled(big.log10().floor() as i32),
    }
}

/// Axis tick text in the axis's style.
fn tick(v: f64, style: TickStyle) -> String {
    match style {
        TickStyle::Plain => plain(v),
        TickStyle::Powers => power(v),
        TickStyle::Scaled(_) if v == 0.0 => "0".into(),
        TickStyle::Scaled(e) => {
            let m = v / 10f64.powi(e);
            format!("{}·10{}", mantissa(m), superscript(i64::from(e)))
        }
    }
}

/// A plain number: integers without a trailing `.0`, else one decimal from 10 up, three
/// below (trailing zeros dropped).
fn plain(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round())
    } else if v.abs() >= 10.0 {
        format!("{v:.1}")
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').to_string()
    }
}

/// The mantissa of `m·10^e`: up to two decimals, trailing zeros dropped.
fn mantissa(m: f64) -> String {
    let s = format!("{m:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `10⁹`, `2·10⁹`, `2.5·10⁻³` (0 as `0`).
fn power(v: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    let a = v.abs();
    let e = a.log10().floor();
    let m = v / 10f64.powf(e);
    let (m, e) = if (m.abs() - 10.0).abs() < 1e-9 {
        (m / 10.0, e + 1.0)
    } else {
        (m, e)
    };
    let sup = superscript(e as i64);
    if (m.abs() - 1.0).abs() < 1e-9 {
        format!("{}10{sup}", if m < 0.0 { "-" } else { "" })
    } else {
        format!("{}·10{sup}", mantissa(m))
    }
}

fn superscript(e: i64) -> String {
    const D: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut s = String::new();
    if e < 0 {
        s.push('⁻');
    }
    for c in e.abs().to_string().chars() {
        s.push(D[c as usize - '0' as usize]);
    }
    s
}

/// The outline of a marker centred at `(x, y)` (device units), as one polygon of the
/// picture's size times `scale` (so every marker kind is the same element type).
fn glyph(marker: Marker, x: i32, y: i32, scale: f64) -> Vec<(i32, i32)> {
    let pts: Vec<(f64, f64)> = match marker {
        Marker::Square => vec![(-4.0, -4.0), (4.0, -4.0), (4.0, 4.0), (-4.0, 4.0)],
        Marker::Triangle => vec![(0.0, -6.0), (5.0, 4.0), (-5.0, 4.0)],
        Marker::Cross => vec![
            (-5.0, -4.0),
            (-4.0, -5.0),
            (0.0, -1.0),
            (4.0, -5.0),
            (5.0, -4.0),
            (1.0, 0.0),
            (5.0, 4.0),
            (4.0, 5.0),
            (0.0, 1.0),
            (-4.0, 5.0),
            (-5.0, 4.0),
            (-1.0, 0.0),
        ],
        _ => (0..12)
            .map(|i| {
                let t = i as f64 * std::f64::consts::PI / 6.0;
                (4.5 * t.cos(), 4.5 * t.sin())
            })
            .collect(),
    };
    pts.into_iter()
        .map(|(a, b)| {
            (
                x + (a * scale).round() as i32,
                y + (b * scale).round() as i32,
            )
        })
        .collect()
}

fn staircase(pts: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut out = Vec::with_capacity(pts.len() * 2);
    for (i, &(x, y)) in pts.iter().enumerate() {
        if i > 0 {
            out.push((x, pts[i - 1].1));
        }
        out.push((x, y));
    }
    out
}

/// Spreads label positions (sorted by y) so no two are closer than `gap` pixels.
fn spread(ys: &mut [f64], gap: f64, lo: f64, hi: f64) {
    for i in 1..ys.len() {
        if ys[i] - ys[i - 1] < gap {
            ys[i] = ys[i - 1] + gap;
        }
    }
    // Pushed past the bottom: shift the tail back up.
    if let Some(&last) = ys.last() {
        if last > hi {
            let over = last - hi;
            for y in ys.iter_mut() {
                *y -= over;
            }
            for i in (0..ys.len().saturating_sub(1)).rev() {
                if ys[i + 1] - ys[i] < gap {
                    ys[i] = ys[i + 1] - gap;
                }
            }
        }
    }
    for y in ys.iter_mut() {
        *y = y.max(lo);
    }
}

/// The marker a series is drawn with: its own, a circle for points that name none, and a
/// circle for a line of a single point (which would otherwise leave no mark).
fn visible_marker(s: &Series, points: usize) -> Marker {
    let lone = matches!(s.mark, Mark::Line | Mark::Steps) && points == 1;
    if s.marker == Marker::None && (s.mark == Mark::Points || lone) {
        Marker::Circle
    } else {
        s.marker
    }
}

/// Grey series without a label or legend entry are context (e.g. the other components
/// behind the highlighted one): drawn first, as one group.
fn is_context(panel: &Panel, s: &Series) -> bool {
    let in_legend = panel.legend && !s.name.is_empty();
    s.colour == Colour::Grey && !s.label && !in_legend
}

/// The on-off pattern of a dash in pixels of the picture (`None`: unbroken).
fn dash_pattern(d: Dash) -> Option<(f64, f64)> {
    match d {
        Dash::Solid => None,
        Dash::Dashed => Some((9.0, 5.0)),
        Dash::Dotted => Some((2.0, 4.0)),
    }
}

fn draw_panel<DB: DrawingBackend>(
    panel: &Panel,
    whole: &DrawingArea<DB, Shift>,
    small: bool,
    dev: &Device<'_>,
) -> Result<(), String> {
    let Some(((x0, x1), (y0, y1))) = panel.ranges() else {
        return Err(format!("panel '{}': no drawable points", panel.title));
    };
    let e = |x: DrawingAreaErrorKind<DB::ErrorType>| x.to_string();
    let (label_size, desc_size, title_size, direct_size) = if small {
        (12.0, 13.0, 14.0, 12.0)
    } else {
        (14.0, 16.0, 17.0, 14.0)
    };
    // The panel's title above its axes (drawn here rather than by plotters, whose gap
    // around a caption is a fixed number of device pixels).
    let area = if panel.title.is_empty() {
        whole.clone()
    } else {
        let (w, _) = whole.dim_in_pixel();
        let h = typeset::extent(&panel.title, title_size).1 as f64;
        dev.group("panel-title", &panel.title, || {
            whole.draw(&Text::new(
                panel.title.clone(),
                (w as i32 / 2, dev.px(5.0)),
                text_style(dev.font(title_size), &BLACK, HPos::Center, VPos::Top),
            ))
        })
        .map_err(e)?;
        whole.margin(dev.px(h + 10.0), 0, 0, 0)
    };
    let label_width = panel
        .series
        .iter()
        .filter(|s| s.label)
        .map(|s| typeset::extent(&s.name, direct_size).0)
        .max()
        .map_or(0.0, |w| f64::from(w) + 14.0);
    let mut builder = ChartBuilder::on(&area);
    builder
        .margin(dev.px(10.0))
        .margin_right(dev.px(10.0 + label_width))
        .x_label_area_size(match (panel.axes, panel.x_label.is_empty()) {
            (false, _) => 0,
            (true, true) => dev.px(26.0),
            (true, false) => dev.px(44.0),
        })
        .y_label_area_size(match (panel.axes, small) {
            (false, _) => 0,
            (true, true) => dev.px(58.0),
            (true, false) => dev.px(80.0),
        });
    let ticks = if small { 5 } else { 9 };
    let (x_style, y_style) = (tick_style(x0, x1, false), tick_style(y0, y1, panel.log_y));
    let blank = |_: &f64| String::new();
    let x_tick = move |x: &f64| tick(*x, x_style);
    let y_tick = move |y: &f64| tick(*y, y_style);
    macro_rules! body {
        ($ctx:expr) => {{
            let mut ctx = $ctx;
            if panel.axes {
                // The grid, the axes and their names; then the labels of each axis in a
                // group of their own (drawn over an invisible grid at the same places).
                dev.group("axes", "", || {
                    ctx.configure_mesh()
                        .x_desc(panel.x_label.as_str())
                        .y_desc(panel.y_label.as_str())
                        .x_labels(ticks)
                        .y_labels(ticks)
                        .label_style(("sans-serif", dev.font(label_size)))
                        .axis_desc_style(("sans-serif", dev.font(desc_size)))
                        .light_line_style(RGBColor(244, 244, 244).stroke_width(dev.width(1.0)))
                        .bold_line_style(RGBColor(225, 225, 225).stroke_width(dev.width(1.0)))
                        .axis_style(BLACK.stroke_width(dev.width(1.0)))
                        .set_all_tick_mark_size(dev.px(5.0))
                        .x_label_formatter(&blank)
                        .y_label_formatter(&blank)
                        .draw()
                })
                .map_err(|e| e.to_string())?;
                for (class, fx, fy) in [
                    (
                        "x-ticks",
                        &x_tick as &dyn Fn(&f64) -> String,
                        &blank as &dyn Fn(&f64) -> String,
                    ),
                    ("y-ticks", &blank, &y_tick),
                ] {
                    dev.group(class, "", || {
                        ctx.configure_mesh()
                            .x_labels(ticks)
                            .y_labels(ticks)
                            .label_style(("sans-serif", dev.font(label_size)))
                            .light_line_style(TRANSPARENT)
                            .bold_line_style(TRANSPARENT)
                            .axis_style(TRANSPARENT)
                            .set_all_tick_mark_size(dev.px(5.0))
                            .x_label_formatter(fx)
                            .y_label_formatter(fy)
                            .draw()
                    })
                    .map_err(|e| e.to_string())?;
                }
            }
            for g in &panel.guides {
                let pts = if g.horizontal {
                    vec![(x0, g.value), (x1, g.value)]
                } else {
                    vec![(g.value, y0), (g.value, y1)]
                };
                dev.group("guide", &g.text, || {
                    ctx.draw_series(DashedLineSeries::new(
                        pts,
                        dev.px(6.0),
                        dev.px(4.0),
                        GUIDE.stroke_width(dev.width(1.0)),
                    ))
                    .map(|_| ())
                })
                .map_err(|e| e.to_string())?;
            }
            // Context first (behind), then every other series in a group of its own.
            let context: Vec<usize> = (0..panel.series.len())
                .filter(|&i| is_context(panel, &panel.series[i]))
                .collect();
            let others: Vec<usize> = (0..panel.series.len())
                .filter(|&i| !is_context(panel, &panel.series[i]))
                .collect();
            for (class, members) in [("context", &context), ("series", &others)] {
                for (k, &i) in members.iter().enumerate() {
                    let s = &panel.series[i];
                    if class == "context" && k == 0 {
                        dev.outline.open(class, "");
                    } else if class == "series" {
                        dev.outline.open(class, &s.name);
                    }
                    draw_series(&mut ctx, panel, i, small, dev)?;
                    if class == "series" || k + 1 == members.len() {
                        dev.outline.close();
                    }
                }
            }
            // Legend, direct labels, guide texts and the note, in screen coordinates.
            let screen = area.use_screen_coord();
            let (xr, yr) = ctx.plotting_area().get_pixel_range();
            if panel.legend {
                draw_legend(panel, &screen, (xr.clone(), yr.clone()), label_size, dev)?;
            }
            let (py0, py1) = (yr.start, yr.end);
            let mut labels: Vec<(f64, i32, RGBColor, &str)> = panel
                .series
                .iter()
                .enumerate()
                .filter(|(_, s)| s.label)
                .filter_map(|(i, s)| {
                    let last = *panel.drawable(i).last()?;
                    let (x, y) = ctx.backend_coord(&last);
                    Some((y as f64, x, rgb(s.colour), s.name.as_str()))
                })
                .collect();
            labels.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut ys: Vec<f64> = labels.iter().map(|l| l.0).collect();
            spread(&mut ys, dev.font(direct_size + 1.0), py0 as f64, py1 as f64);
            for (l, y) in labels.iter().zip(ys) {
                dev.group("label", l.3, || {
                    screen.draw(&Text::new(
                        l.3.to_string(),
                        (l.1 + dev.px(6.0), y.round() as i32),
                        text_style(dev.font(direct_size), &l.2, HPos::Left, VPos::Center),
                    ))
                })
                .map_err(|e| e.to_string())?;
            }
            for g in &panel.guides {
                if g.text.is_empty() {
                    continue;
                }
                let (x, y, h, v) = if g.horizontal {
                    let (x, y) = ctx.backend_coord(&(x1, g.value));
                    (x - dev.px(4.0), y - dev.px(3.0), HPos::Right, VPos::Bottom)
                } else if g.value > (x0 + x1) / 2.0 {
                    // In the right half: the text to the left of the line.
                    let (x, y) = ctx.backend_coord(&(g.value, y1));
                    (x - dev.px(4.0), y + dev.px(4.0), HPos::Right, VPos::Top)
                } else {
                    let (x, y) = ctx.backend_coord(&(g.value, y1));
                    (x + dev.px(4.0), y + dev.px(4.0), HPos::Left, VPos::Top)
                };
                dev.group("guide-text", &g.text, || {
                    screen.draw(&Text::new(
                        g.text.clone(),
                        (x, y),
                        text_style(dev.font(direct_size), &GUIDE, h, v),
                    ))
                })
                .map_err(|e| e.to_string())?;
            }
            if !panel.note.is_empty() {
                let pts: Vec<(i32, i32)> = (0..panel.series.len())
                    .flat_map(|i| panel.drawable(i))
                    .map(|p| ctx.backend_coord(&p))
                    .collect();
                draw_note(panel, &screen, (xr, yr), &pts, direct_size, dev)?;
            }
        }};
    }
    if panel.log_y {
        body!(builder
            .build_cartesian_2d(x0..x1, (y0..y1).log_scale())
            .map_err(|e| e.to_string())?);
    } else {
        body!(builder
            .build_cartesian_2d(x0..x1, y0..y1)
            .map_err(|e| e.to_string())?);
    }
    Ok(())
}

/// Draws series `i` of the panel: its lines, bars or segments and its markers.
fn draw_series<DB: DrawingBackend, X, Y>(
    ctx: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    panel: &Panel,
    i: usize,
    small: bool,
    dev: &Device<'_>,
) -> Result<(), String>
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    let e = |x: DrawingAreaErrorKind<DB::ErrorType>| x.to_string();
    let s = &panel.series[i];
    let colour = rgb(s.colour);
    let style = colour.stroke_width(dev.width(f64::from(s.width)));
    let mut pts = panel.drawable(i);
    let marker = visible_marker(s, pts.len());
    match s.mark {
        Mark::Line | Mark::Steps => {
            if s.mark == Mark::Steps {
                pts = staircase(&pts);
            }
            match dash_pattern(s.dash) {
                None => ctx
                    .draw_series(LineSeries::new(pts.clone(), style))
                    .map(|_| ())
                    .map_err(e)?,
                Some((on, off)) => ctx
                    .draw_series(DashedLineSeries::new(
                        pts.clone(),
                        dev.px(on),
                        dev.px(off),
                        style,
                    ))
                    .map(|_| ())
                    .map_err(e)?,
            }
        }
        Mark::Points => {}
        Mark::Bars => {
            let (_, (base, _)) = panel.ranges().unwrap_or(((0.0, 0.0), (0.0, 0.0)));
            ctx.draw_series(
                pts.iter().map(|&(x, y)| {
                    Rectangle::new([(x - 0.4, base), (x + 0.4, y)], colour.filled())
                }),
            )
            .map(|_| ())
            .map_err(e)?;
        }
        Mark::Segments => {
            ctx.draw_series(
                pts.chunks(2)
                    .map(|p| PathElement::new(vec![p[0], p[1]], style)),
            )
            .map(|_| ())
            .map_err(e)?;
        }
    }
    let r = match (s.mark == Mark::Points, small) {
        (true, false) => 4.0,
        (true, true) | (false, false) => 3.0,
        (false, true) => 2.0,
    };
    let rd = dev.px(r);
    match marker {
        Marker::None => {}
        Marker::Circle => ctx
            .draw_series(
                pts.iter()
                    .map(|&p| EmptyElement::at(p) + Circle::new((0, 0), rd, colour.filled())),
            )
            .map(|_| ())
            .map_err(e)?,
        Marker::Square => ctx
            .draw_series(pts.iter().map(|&p| {
                EmptyElement::at(p) + Rectangle::new([(-rd, -rd), (rd, rd)], colour.filled())
            }))
            .map(|_| ())
            .map_err(e)?,
        Marker::Triangle => ctx
            .draw_series(
                pts.iter()
                    .map(|&p| TriangleMarker::new(p, dev.px(r + 2.0), colour.filled())),
            )
            .map(|_| ())
            .map_err(e)?,
        Marker::Cross => ctx
            .draw_series(
                pts.iter()
                    .map(|&p| Cross::new(p, dev.px(r + 1.0), colour.stroke_width(dev.width(2.0)))),
            )
            .map(|_| ())
            .map_err(e)?,
    }
    Ok(())
}

/// The legend: a box in the emptiest corner of the axes ([`Panel::legend_corner`]) with an
/// entry per named series, its line (dash and width) and marker as drawn, then its name.
fn draw_legend<DB: DrawingBackend>(
    panel: &Panel,
    screen: &DrawingArea<DB, Shift>,
    (xr, yr): (std::ops::Range<i32>, std::ops::Range<i32>),
    label_size: f64,
    dev: &Device<'_>,
) -> Result<(), String> {
    let e = |x: DrawingAreaErrorKind<DB::ErrorType>| x.to_string();
    let entries: Vec<(usize, &Series)> = panel
        .series
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.name.is_empty())
        .collect();
    if entries.is_empty() {
        return Ok(());
    }
    let (line_h, sample, margin, inset) = (label_size * 1.35, 30.0, 8.0, 6.0);
    let text_w = entries
        .iter()
        .map(|(_, s)| typeset::extent(&s.name, label_size).0)
        .max()
        .unwrap_or(0) as f64;
    let (bw, bh) = (
        dev.px(3.0 * margin + sample + text_w),
        dev.px(2.0 * margin + line_h * entries.len() as f64),
    );
    let (left, right) = (xr.start + dev.px(inset), xr.end - dev.px(inset) - bw);
    let (top, bottom) = (yr.start + dev.px(inset), yr.end - dev.px(inset) - bh);
    let (bx, by) = match panel.legend_corner() {
        1 => (right, top),
        2 => (right, bottom),
        3 => (left, bottom),
        _ => (left, top),
    };
    dev.outline.open("legend", "");
    screen
        .draw(&Rectangle::new(
            [(bx, by), (bx + bw, by + bh)],
            WHITE.mix(0.9).filled(),
        ))
        .map_err(e)?;
    screen
        .draw(&Rectangle::new(
            [(bx, by), (bx + bw, by + bh)],
            RGBColor(200, 200, 200).stroke_width(dev.width(1.0)),
        ))
        .map_err(e)?;
    for (k, (i, s)) in entries.into_iter().enumerate() {
        let cy = by + dev.px(margin + line_h * (k as f64 + 0.5));
        let sx = bx + dev.px(margin);
        let colour = rgb(s.colour);
        dev.outline.open("legend-entry", &s.name);
        match s.mark {
            Mark::Line | Mark::Steps | Mark::Segments => {
                let st = colour.stroke_width(dev.width(f64::from(s.width.clamp(2, 4))));
                let (on, off) = dash_pattern(s.dash).unwrap_or((sample, 0.0));
                let mut x = 0.0;
                while x < sample {
                    let end = (x + on).min(sample);
                    screen
                        .draw(&PathElement::new(
                            vec![(sx + dev.px(x), cy), (sx + dev.px(end), cy)],
                            st,
                        ))
                        .map_err(e)?;
                    x = end + off;
                }
            }
            Mark::Bars => screen
                .draw(&Rectangle::new(
                    [
                        (sx + dev.px(sample / 2.0 - 5.0), cy - dev.px(5.0)),
                        (sx + dev.px(sample / 2.0 + 5.0), cy + dev.px(5.0)),
                    ],
                    colour.filled(),
                ))
                .map_err(e)?,
            Mark::Points => {}
        }
        let marker = visible_marker(s, panel.drawable(i).len());
        if marker != Marker::None {
            screen
                .draw(&Polygon::new(
                    glyph(marker, sx + dev.px(sample / 2.0), cy, dev.scale),
                    colour.filled(),
                ))
                .map_err(e)?;
        }
        screen
            .draw(&Text::new(
                s.name.clone(),
                (sx + dev.px(sample + margin), cy),
                text_style(dev.font(label_size), &BLACK, HPos::Left, VPos::Center),
            ))
            .map_err(e)?;
        dev.outline.close();
    }
    dev.outline.close();
    Ok(())
}

/// The panel's note, a line per `\n`, in the emptiest corner of the axes (the right-hand
/// ones first).
fn draw_note<DB: DrawingBackend>(
    panel: &Panel,
    screen: &DrawingArea<DB, Shift>,
    (xr, yr): (std::ops::Range<i32>, std::ops::Range<i32>),
    pts: &[(i32, i32)],
    size: f64,
    dev: &Device<'_>,
) -> Result<(), String> {
    let lines: Vec<&str> = panel.note.lines().collect();
    let (w, h) = ((xr.end - xr.start) as f64, (yr.end - yr.start) as f64);
    let line_h = dev.px(size * 1.3);
    let inset = dev.px(6.0);
    let corners = [
        (xr.end - inset, yr.end - inset, HPos::Right, VPos::Bottom),
        (xr.end - inset, yr.start + inset, HPos::Right, VPos::Top),
        (xr.start + inset, yr.start + inset, HPos::Left, VPos::Top),
        (xr.start + inset, yr.end - inset, HPos::Left, VPos::Bottom),
    ];
    let nw = lines
        .iter()
        .map(|l| typeset::extent(l, size).0)
        .max()
        .unwrap_or(0) as f64;
    let nw = dev.font(nw + 12.0);
    let nh = (line_h * lines.len() as i32) as f64;
    let crowd = |c: &(i32, i32, HPos, VPos)| {
        pts.iter()
            .filter(|p| {
                ((p.0 - c.0) as f64).abs() < nw.min(w)
                    && ((p.1 - c.1) as f64).abs() < (h * 0.25).max(dev.font(24.0)).max(nh)
            })
            .count()
    };
    let best = corners
        .iter()
        .min_by_key(|c| crowd(c))
        .copied()
        .unwrap_or(corners[0]);
    dev.outline.open("note", &panel.note);
    for (k, line) in lines.iter().enumerate() {
        // Stacked away from the corner's edge.
        let y = match best.3 {
            VPos::Bottom => best.1 - line_h * (lines.len() - 1 - k) as i32,
            _ => best.1 + line_h * k as i32,
        };
        screen
            .draw(&Text::new(
                line.to_string(),
                (best.0, y),
                text_style(dev.font(size), &GUIDE, best.2, best.3),
            ))
            .map_err(|e| e.to_string())?;
    }
    dev.outline.close();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::chart::Series;

    #[test]
    fn renders_svg_and_png_with_text_as_outlines() {
        let dir = std::env::temp_dir().join(format!("hanoilab-plot-{}", std::process::id()));
        let mut p = Panel::new("Classic", "n", "moves");
        p.log_y = true;
        p.series.push(
            Series::new(
                "2^n - 1",
                (1..20).map(|n| (n as f64, 2f64.powi(n) - 1.0)).collect(),
            )
            .labelled(),
        );
        let fig = Figure::single("classic", p);
        render(&fig, &dir.join("c.svg")).unwrap();
        render(&fig, &dir.join("c.png")).unwrap();
        let svg = std::fs::read_to_string(dir.join("c.svg")).unwrap();
        // No <text>: every letter is a glyph outline defined once and placed by <use>.
        assert!(!svg.contains("<text"));
        assert!(svg.contains("<defs>") && svg.contains("<use xlink:href=\"#g"));
        let png = std::fs::read(dir.join("c.png")).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        // Deterministic: a second rendering is byte-identical.
        render(&fig, &dir.join("d.svg")).unwrap();
        render(&fig, &dir.join("d.png")).unwrap();
        assert_eq!(std::fs::read(dir.join("d.svg")).unwrap(), svg.as_bytes());
        assert_eq!(std::fs::read(dir.join("d.png")).unwrap(), png);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn ticks_read_as_numbers_one_style_per_axis() {
        assert_eq!(tick(3.0, TickStyle::Plain), "3");
        assert_eq!(tick(0.5, TickStyle::Plain), "0.5");
        assert_eq!(tick(1e9, TickStyle::Powers), "10⁹");
        assert_eq!(tick(2e9, TickStyle::Powers), "2·10⁹");
        assert_eq!(tick(1e-6, TickStyle::Powers), "10⁻⁶");
        assert_eq!(tick(1e4, TickStyle::Powers), "10⁴");
        assert_eq!(tick(250000.0, TickStyle::Scaled(5)), "2.5·10⁵");
        assert_eq!(tick(0.0, TickStyle::Scaled(5)), "0");
        // A log axis reaching 10^6 writes 10000 as a power too; one up to 1000 writes all
        // plainly; a linear axis past 10^5 shares one exponent.
        assert_eq!(tick_style(0.8, 1.25e6, true), TickStyle::Powers);
        assert_eq!(tick_style(0.8, 1250.0, true), TickStyle::Plain);
        assert_eq!(tick_style(1e-14, 10.0, true), TickStyle::Powers);
        assert_eq!(tick_style(0.0, 3.2e5, false), TickStyle::Scaled(5));
        assert_eq!(tick_style(0.0, 60.0, false), TickStyle::Plain);
    }

    #[test]
    fn spread_labels_keep_their_distance() {
        let mut ys = vec![10.0, 11.0, 12.0, 100.0];
        spread(&mut ys, 14.0, 0.0, 200.0);
        assert_eq!(ys, vec![10.0, 24.0, 38.0, 100.0]);
    }
}

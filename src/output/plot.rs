//! Renders [`Figure`]s as SVG and PNG with plotters.
//!
//! Text is set by `output::typeset` with the DejaVu Sans font embedded in the binary: the
//! PNG is rasterised from the glyph outlines, the SVG carries the outlines themselves, so
//! both look the same on a machine with no fonts installed. Colours are the Okabe–Ito
//! palette (told apart by readers with any common colour-vision deficiency), and series are
//! told apart by dash and marker as well; lines are labelled at their ends rather than in a
//! legend wherever that reads better.

use super::canvas::{PngCanvas, SvgCanvas};
use super::chart::{Colour, Dash, Figure, Mark, Marker, Panel};
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

/// Writes the figure to `path` (`.svg` or `.png`, chosen by extension).
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
            let root = SvgCanvas::new(path, size).into_drawing_area();
            draw(fig, &root).map_err(err)?;
            root.present().map_err(|e| err(e.to_string()))
        }
        Some("png") => {
            let root = PngCanvas::new(path, size).into_drawing_area();
            draw(fig, &root).map_err(err)?;
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

fn text_style(size: f64, colour: &RGBColor, h: HPos, v: VPos) -> TextStyle<'_> {
    TextStyle::from(("sans-serif", size).into_font())
        .color(colour)
        .pos(Pos::new(h, v))
}

fn draw<DB: DrawingBackend>(fig: &Figure, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
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
    root.draw(&Text::new(
        fig.title.clone(),
        (w as i32 / 2, 12),
        text_style(size, &BLACK, HPos::Center, VPos::Top),
    ))
    .map_err(e)?;
    let body = root.margin(Figure::TITLE_BAND, 0, 0, 0);
    let cols = fig.columns.min(fig.panels.len()).max(1);
    let areas = body.split_evenly((fig.rows(), cols));
    for (panel, area) in fig.panels.iter().zip(areas.iter()) {
        draw_panel(panel, area, fig.panel_width < 560)?;
    }
    Ok(())
}

/// Axis tick text: integers without a trailing `.0`, powers of ten as `10⁹`, other large or
/// tiny values as `2·10⁹`.
fn tick(v: f64) -> String {
    let a = v.abs();
    if a != 0.0 && !(1e-3..1e5).contains(&a) {
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
        } else if (m - m.round()).abs() < 1e-9 {
            format!("{}·10{sup}", m.round())
        } else {
            format!("{m:.1}·10{sup}")
        }
    } else if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round())
    } else if a >= 10.0 {
        format!("{v:.1}")
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').to_string()
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

/// The outline of a legend marker centred at `(x, y)`, as one polygon (so every marker
/// kind is the same element type).
fn glyph(marker: Marker, x: i32, y: i32) -> Vec<(i32, i32)> {
    let pts: Vec<(i32, i32)> = match marker {
        Marker::Square => vec![(-4, -4), (4, -4), (4, 4), (-4, 4)],
        Marker::Triangle => vec![(0, -6), (5, 4), (-5, 4)],
        Marker::Cross => vec![
            (-5, -4),
            (-4, -5),
            (0, -1),
            (4, -5),
            (5, -4),
            (1, 0),
            (5, 4),
            (4, 5),
            (0, 1),
            (-4, 5),
            (-5, 4),
            (-1, 0),
        ],
        _ => (0..12)
            .map(|i| {
                let t = i as f64 * std::f64::consts::PI / 6.0;
                (
                    (4.5 * t.cos()).round() as i32,
                    (4.5 * t.sin()).round() as i32,
                )
            })
            .collect(),
    };
    pts.into_iter().map(|(a, b)| (x + a, y + b)).collect()
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

fn draw_panel<DB: DrawingBackend>(
    panel: &Panel,
    area: &DrawingArea<DB, Shift>,
    small: bool,
) -> Result<(), String> {
    let Some(((x0, x1), (y0, y1))) = panel.ranges() else {
        return Err(format!("panel '{}': no drawable points", panel.title));
    };
    let (label_size, desc_size, title_size, direct_size) = if small {
        (12.0, 13.0, 14.0, 12.0)
    } else {
        (14.0, 16.0, 17.0, 14.0)
    };
    let label_width = panel
        .series
        .iter()
        .filter(|s| s.label)
        .map(|s| typeset::extent(&s.name, direct_size).0)
        .max()
        .map_or(0, |w| w + 14);
    let mut builder = ChartBuilder::on(area);
    if !panel.title.is_empty() {
        builder.caption(&panel.title, ("sans-serif", title_size));
    }
    builder
        .margin(10)
        .margin_right(10 + label_width)
        .x_label_area_size(match (panel.axes, panel.x_label.is_empty()) {
            (false, _) => 0,
            (true, true) => 26,
            (true, false) => 44,
        })
        .y_label_area_size(match (panel.axes, small) {
            (false, _) => 0,
            (true, true) => 58,
            (true, false) => 80,
        });
    let ticks = if small { 5 } else { 9 };
    macro_rules! body {
        ($ctx:expr) => {{
            let mut ctx = $ctx;
            if panel.axes {
                ctx.configure_mesh()
                    .x_desc(panel.x_label.as_str())
                    .y_desc(panel.y_label.as_str())
                    .x_labels(ticks)
                    .y_labels(ticks)
                    .label_style(("sans-serif", label_size))
                    .axis_desc_style(("sans-serif", desc_size))
                    .light_line_style(RGBColor(244, 244, 244))
                    .bold_line_style(RGBColor(225, 225, 225))
                    .x_label_formatter(&|x| tick(*x))
                    .y_label_formatter(&|y| tick(*y))
                    .draw()
                    .map_err(|e| e.to_string())?;
            }
            for g in &panel.guides {
                let pts = if g.horizontal {
                    vec![(x0, g.value), (x1, g.value)]
                } else {
                    vec![(g.value, y0), (g.value, y1)]
                };
                ctx.draw_series(DashedLineSeries::new(pts, 6, 4, GUIDE.stroke_width(1)))
                    .map_err(|e| e.to_string())?;
            }
            for i in 0..panel.series.len() {
                let s = &panel.series[i];
                let colour = rgb(s.colour);
                let style = colour.stroke_width(s.width);
                let mut pts = panel.drawable(i);
                match s.mark {
                    Mark::Line | Mark::Steps => {
                        if s.mark == Mark::Steps {
                            pts = staircase(&pts);
                        }
                        let drawn = match s.dash {
                            Dash::Solid => ctx
                                .draw_series(LineSeries::new(pts.clone(), style))
                                .map_err(|e| e.to_string())?,
                            Dash::Dashed => ctx
                                .draw_series(DashedLineSeries::new(pts.clone(), 9, 5, style))
                                .map_err(|e| e.to_string())?,
                            Dash::Dotted => ctx
                                .draw_series(DashedLineSeries::new(pts.clone(), 2, 4, style))
                                .map_err(|e| e.to_string())?,
                        };
                        if panel.legend && !s.name.is_empty() {
                            let dash = s.dash;
                            drawn.label(s.name.as_str()).legend(move |(x, y)| {
                                let st = colour.stroke_width(3);
                                match dash {
                                    Dash::Solid => PathElement::new(vec![(x, y), (x + 22, y)], st),
                                    Dash::Dashed => PathElement::new(vec![(x, y), (x + 9, y)], st),
                                    Dash::Dotted => PathElement::new(vec![(x, y), (x + 3, y)], st),
                                }
                            });
                        }
                    }
                    Mark::Points => {}
                    Mark::Bars => {
                        let base = y0;
                        ctx.draw_series(pts.iter().map(|&(x, y)| {
                            Rectangle::new([(x - 0.4, base), (x + 0.4, y)], colour.filled())
                        }))
                        .map_err(|e| e.to_string())?;
                    }
                    Mark::Segments => {
                        ctx.draw_series(
                            pts.chunks(2)
                                .map(|p| PathElement::new(vec![p[0], p[1]], style)),
                        )
                        .map_err(|e| e.to_string())?;
                    }
                }
                let marker = if s.mark == Mark::Points && s.marker == Marker::None {
                    Marker::Circle
                } else {
                    s.marker
                };
                let r = match (s.mark == Mark::Points, small) {
                    (true, false) => 4,
                    (true, true) | (false, false) => 3,
                    (false, true) => 2,
                };
                let drawn = match marker {
                    Marker::None => None,
                    Marker::Circle => Some(
                        ctx.draw_series(pts.iter().map(|&p| {
                            EmptyElement::at(p) + Circle::new((0, 0), r, colour.filled())
                        }))
                        .map_err(|e| e.to_string())?,
                    ),
                    Marker::Square => Some(
                        ctx.draw_series(pts.iter().map(|&p| {
                            EmptyElement::at(p)
                                + Rectangle::new([(-r, -r), (r, r)], colour.filled())
                        }))
                        .map_err(|e| e.to_string())?,
                    ),
                    Marker::Triangle => Some(
                        ctx.draw_series(
                            pts.iter()
                                .map(|&p| TriangleMarker::new(p, r + 2, colour.filled())),
                        )
                        .map_err(|e| e.to_string())?,
                    ),
                    Marker::Cross => Some(
                        ctx.draw_series(
                            pts.iter()
                                .map(|&p| Cross::new(p, r + 1, colour.stroke_width(2))),
                        )
                        .map_err(|e| e.to_string())?,
                    ),
                };
                if let (Some(d), true, true) = (
                    drawn,
                    panel.legend && !s.name.is_empty(),
                    matches!(s.mark, Mark::Points),
                ) {
                    d.label(s.name.as_str()).legend(move |(x, y)| {
                        Polygon::new(glyph(marker, x + 10, y), colour.filled())
                    });
                }
            }
            if panel.legend {
                ctx.configure_series_labels()
                    .background_style(WHITE.mix(0.9))
                    .border_style(RGBColor(200, 200, 200))
                    .label_font(("sans-serif", label_size))
                    .position(match panel.legend_corner() {
                        1 => SeriesLabelPosition::UpperRight,
                        2 => SeriesLabelPosition::LowerRight,
                        3 => SeriesLabelPosition::LowerLeft,
                        _ => SeriesLabelPosition::UpperLeft,
                    })
                    .draw()
                    .map_err(|e| e.to_string())?;
            }
            // Direct labels and guide texts, in screen coordinates.
            let screen = area.use_screen_coord();
            let (_, yr) = ctx.plotting_area().get_pixel_range();
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
            spread(&mut ys, direct_size + 1.0, py0 as f64, py1 as f64);
            for (l, y) in labels.iter().zip(ys) {
                screen
                    .draw(&Text::new(
                        l.3.to_string(),
                        (l.1 + 6, y.round() as i32),
                        text_style(direct_size, &l.2, HPos::Left, VPos::Center),
                    ))
                    .map_err(|e| e.to_string())?;
            }
            for g in &panel.guides {
                if g.text.is_empty() {
                    continue;
                }
                let (x, y, h, v) = if g.horizontal {
                    let (x, y) = ctx.backend_coord(&(x1, g.value));
                    (x - 4, y - 3, HPos::Right, VPos::Bottom)
                } else if g.value > (x0 + x1) / 2.0 {
                    // In the right half: the text to the left of the line.
                    let (x, y) = ctx.backend_coord(&(g.value, y1));
                    (x - 4, y + 4, HPos::Right, VPos::Top)
                } else {
                    let (x, y) = ctx.backend_coord(&(g.value, y1));
                    (x + 4, y + 4, HPos::Left, VPos::Top)
                };
                screen
                    .draw(&Text::new(
                        g.text.clone(),
                        (x, y),
                        text_style(direct_size, &GUIDE, h, v),
                    ))
                    .map_err(|e| e.to_string())?;
            }
            if !panel.note.is_empty() {
                // The emptier of the two right-hand corners (then the left ones).
                let (xr, yr) = ctx.plotting_area().get_pixel_range();
                let (w, h) = ((xr.end - xr.start) as f64, (yr.end - yr.start) as f64);
                let pts: Vec<(i32, i32)> = (0..panel.series.len())
                    .flat_map(|i| panel.drawable(i))
                    .map(|p| ctx.backend_coord(&p))
                    .collect();
                let corners = [
                    (xr.end - 6, yr.end - 6, HPos::Right, VPos::Bottom),
                    (xr.end - 6, yr.start + 6, HPos::Right, VPos::Top),
                    (xr.start + 6, yr.start + 6, HPos::Left, VPos::Top),
                    (xr.start + 6, yr.end - 6, HPos::Left, VPos::Bottom),
                ];
                let crowd = |c: &(i32, i32, HPos, VPos)| {
                    let nw = typeset::extent(&panel.note, direct_size).0 as f64 + 12.0;
                    pts.iter()
                        .filter(|p| {
                            ((p.0 - c.0) as f64).abs() < nw.min(w)
                                && ((p.1 - c.1) as f64).abs() < (h * 0.25).max(24.0)
                        })
                        .count()
                };
                let best = corners
                    .iter()
                    .min_by_key(|c| crowd(c))
                    .copied()
                    .unwrap_or(corners[0]);
                screen
                    .draw(&Text::new(
                        panel.note.clone(),
                        (best.0, best.1),
                        text_style(direct_size, &GUIDE, best.2, best.3),
                    ))
                    .map_err(|e| e.to_string())?;
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
    fn ticks_read_as_numbers() {
        assert_eq!(tick(3.0), "3");
        assert_eq!(tick(1e9), "10⁹");
        assert_eq!(tick(2e9), "2·10⁹");
        assert_eq!(tick(0.5), "0.5");
        assert_eq!(tick(1e-6), "10⁻⁶");
    }

    #[test]
    fn spread_labels_keep_their_distance() {
        let mut ys = vec![10.0, 11.0, 12.0, 100.0];
        spread(&mut ys, 14.0, 0.0, 200.0);
        assert_eq!(ys, vec![10.0, 24.0, 38.0, 100.0]);
    }
}

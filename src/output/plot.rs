//! Renders [`LineChart`]s as SVG and PNG with plotters.
//!
//! PNG text is drawn with the DejaVu Sans font embedded in the binary (the `dejavu` crate),
//! registered once, so plots render identically on a machine with no fonts installed.

use super::chart::LineChart;
use super::OutputError;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;
use std::sync::Once;

static FONT: Once = Once::new();

fn register_font() {
    FONT.call_once(|| {
        // The embedded font is valid by construction; a failure would show as missing text.
        let _ = plotters::style::register_font(
            "sans-serif",
            FontStyle::Normal,
            dejavu::sans::regular(),
        );
    });
}

/// A qualitative palette (Okabe–Ito plus extras) so lines stay distinguishable.
const PALETTE: [RGBColor; 12] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
    RGBColor(240, 228, 66),
    RGBColor(128, 0, 0),
    RGBColor(70, 70, 200),
    RGBColor(120, 120, 120),
    RGBColor(0, 90, 50),
];

/// Width and height of every plot, in pixels.
pub const SIZE: (u32, u32) = (960, 600);

/// Writes the chart to `path` (`.svg` or `.png`, chosen by extension).
pub fn render(chart: &LineChart, path: &Path) -> Result<(), OutputError> {
    register_font();
    let err = |m: String| OutputError::Plot {
        path: path.display().to_string(),
        message: m,
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| OutputError::io(dir, e))?;
    }
    match path.extension().and_then(|e| e.to_str()) {
        Some("svg") => {
            let root = SVGBackend::new(path, SIZE).into_drawing_area();
            draw(chart, &root).map_err(err)?;
            root.present().map_err(|e| err(e.to_string()))
        }
        Some("png") => {
            let root = BitMapBackend::new(path, SIZE).into_drawing_area();
            draw(chart, &root).map_err(err)?;
            root.present().map_err(|e| err(e.to_string()))
        }
        _ => Err(err("unsupported extension (use .svg or .png)".into())),
    }
}

fn draw<DB: DrawingBackend>(
    chart: &LineChart,
    root: &DrawingArea<DB, Shift>,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let Some(((x0, x1), (y0, y1))) = chart.ranges() else {
        return Err("no drawable points".into());
    };
    let mut builder = ChartBuilder::on(root);
    builder
        .caption(&chart.title, ("sans-serif", 24))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(88);
    macro_rules! body {
        ($ctx:expr) => {{
            let mut ctx = $ctx;
            ctx.configure_mesh()
                .x_desc(chart.x_label.as_str())
                .y_desc(chart.y_label.as_str())
                .label_style(("sans-serif", 15))
                .axis_desc_style(("sans-serif", 17))
                .light_line_style(RGBColor(235, 235, 235))
                .x_label_formatter(&|x| tick(*x))
                .y_label_formatter(&|y| tick(*y))
                .draw()
                .map_err(|e| e.to_string())?;
            for (i, s) in chart.series.iter().enumerate() {
                let colour = PALETTE[i % PALETTE.len()];
                let mut pts = chart.drawable(i);
                if chart.steps {
                    pts = staircase(&pts);
                }
                ctx.draw_series(LineSeries::new(pts, colour.stroke_width(2)))
                    .map_err(|e| e.to_string())?
                    .label(s.name.as_str())
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
                    });
            }
            ctx.configure_series_labels()
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK)
                .label_font(("sans-serif", 15))
                .position(SeriesLabelPosition::UpperLeft)
                .draw()
                .map_err(|e| e.to_string())?;
        }};
    }
    if chart.log_y {
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

/// Axis tick text: integers without a trailing `.0`, large or tiny values as `1e9`.
fn tick(v: f64) -> String {
    let a = v.abs();
    if a != 0.0 && !(1e-3..1e6).contains(&a) {
        let e = a.log10().floor();
        let m = v / 10f64.powf(e);
        if (m - m.round()).abs() < 1e-9 {
            format!("{}e{}", m.round(), e)
        } else {
            format!("{m:.1}e{e}")
        }
    } else if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round())
    } else {
        format!("{v:.2}")
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::Series;

    #[test]
    fn renders_svg_and_png_with_text() {
        let dir = std::env::temp_dir().join(format!("hanoilab-plot-{}", std::process::id()));
        let mut chart = LineChart::new("Classic", "n", "moves");
        chart.log_y = true;
        chart.series.push(Series::new(
            "2^n - 1",
            (1..20).map(|n| (n as f64, 2f64.powi(n) - 1.0)).collect(),
        ));
        render(&chart, &dir.join("c.svg")).unwrap();
        render(&chart, &dir.join("c.png")).unwrap();
        let svg = std::fs::read_to_string(dir.join("c.svg")).unwrap();
        assert!(svg.contains("Classic") && svg.contains("2^n - 1"));
        let png = std::fs::read(dir.join("c.png")).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

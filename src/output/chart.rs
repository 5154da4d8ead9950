//! Figure descriptions: plain data that the plot renderer ([`crate::output::plot`], feature
//! `plots`) draws as SVG and PNG. Floats are fine here: figures are pictures, not results.
//!
//! A [`Figure`] is one or more [`Panel`]s (small multiples share a figure). A panel holds
//! [`Series`] drawn as lines, steps, points, bars or free segments, each with its own
//! colour, dash and marker, labelled directly at its last point rather than in a legend
//! when asked, and reference lines ([`Guide`]) such as a growth constant.

/// How a series is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Straight segments through the points.
    Line,
    /// A staircase (each value held until the next x).
    Steps,
    /// Markers only.
    Points,
    /// Vertical bars from the bottom of the axis (a histogram).
    Bars,
    /// Free segments: the points taken in pairs `(a, b)`.
    Segments,
}

/// Line pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dash {
    /// Unbroken.
    Solid,
    /// Long dashes.
    Dashed,
    /// Dots.
    Dotted,
}

/// Marker drawn at every point (with [`Mark::Points`], or on top of a line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// No marker.
    None,
    /// A filled circle.
    Circle,
    /// A filled square.
    Square,
    /// A filled triangle.
    Triangle,
    /// A cross.
    Cross,
}

/// The colour of a series: an entry of the colour-blind-safe palette, or grey for context.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// Entry `i` (mod 8) of the Okabe–Ito palette.
    Palette(usize),
    /// Light grey, for series drawn as context behind the highlighted ones.
    Grey,
    /// Black.
    Black,
}

/// One named set of points.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Name (the direct label or legend text).
    pub name: String,
    /// Points `(x, y)`; points with a non-finite coordinate (or y <= 0 on a log axis) are skipped.
    pub points: Vec<(f64, f64)>,
    /// How the points are drawn.
    pub mark: Mark,
    /// Colour.
    pub colour: Colour,
    /// Line pattern.
    pub dash: Dash,
    /// Marker at each point.
    pub marker: Marker,
    /// Line width in pixels.
    pub width: u32,
    /// Write the name beside the last point (a direct label).
    pub label: bool,
}

impl Series {
    /// A solid line in palette colour 0, no marker, no label.
    pub fn new(name: impl Into<String>, points: Vec<(f64, f64)>) -> Series {
        Series {
            name: name.into(),
            points,
            mark: Mark::Line,
            colour: Colour::Palette(0),
            dash: Dash::Solid,
            marker: Marker::None,
            width: 2,
            label: false,
        }
    }

    /// With this mark.
    pub fn mark(mut self, m: Mark) -> Series {
        self.mark = m;
        self
    }

    /// With this colour.
    pub fn colour(mut self, c: Colour) -> Series {
        self.colour = c;
        self
    }

    /// With this dash.
    pub fn dash(mut self, d: Dash) -> Series {
        self.dash = d;
        self
    }

    /// With this marker.
    pub fn marker(mut self, m: Marker) -> Series {
        self.marker = m;
        self
    }

    /// With this width.
    pub fn width(mut self, w: u32) -> Series {
        self.width = w;
        self
    }

    /// Labelled directly at its last point.
    pub fn labelled(mut self) -> Series {
        self.label = true;
        self
    }

    /// The `i`-th of a set of series told apart by colour, dash and marker together (so
    /// they stay apart in grey print and for colour-blind readers).
    pub fn styled(self, i: usize) -> Series {
        const DASHES: [Dash; 3] = [Dash::Solid, Dash::Dashed, Dash::Dotted];
        const MARKERS: [Marker; 5] = [
            Marker::None,
            Marker::Circle,
            Marker::Square,
            Marker::Triangle,
            Marker::Cross,
        ];
        self.colour(Colour::Palette(i))
            .dash(DASHES[i % 3])
            .marker(MARKERS[(i / 3) % 5])
    }
}

/// A horizontal or vertical reference line with a label (e.g. `lambda = 2.3117`).
#[derive(Clone, Debug, PartialEq)]
pub struct Guide {
    /// Horizontal (at y = value) or vertical (at x = value).
    pub horizontal: bool,
    /// Where.
    pub value: f64,
    /// Label written beside the line (may be empty).
    pub text: String,
}

/// One set of axes.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// Title above the axes (may be empty).
    pub title: String,
    /// Label of the x axis.
    pub x_label: String,
    /// Label of the y axis.
    pub y_label: String,
    /// Logarithmic y axis.
    pub log_y: bool,
    /// Fixed x range (else from the points).
    pub x_range: Option<(f64, f64)>,
    /// Fixed y range (else from the points).
    pub y_range: Option<(f64, f64)>,
    /// Same scale on both axes (a complex plane).
    pub equal_aspect: bool,
    /// Draw a legend (for a few series whose end points are not a good place for labels).
    pub legend: bool,
    /// The series.
    pub series: Vec<Series>,
    /// Reference lines.
    pub guides: Vec<Guide>,
    /// A short note written in the lower right corner of the axes.
    pub note: String,
    /// Draw the axes, ticks and grid (off for pictures such as a graph drawing).
    pub axes: bool,
}

impl Panel {
    /// Empty axes.
    pub fn new(title: &str, x_label: &str, y_label: &str) -> Panel {
        Panel {
            title: title.into(),
            x_label: x_label.into(),
            y_label: y_label.into(),
            log_y: false,
            x_range: None,
            y_range: None,
            equal_aspect: false,
            legend: false,
            series: Vec::new(),
            guides: Vec::new(),
            note: String::new(),
            axes: true,
        }
    }

    /// The points that will be drawn for series `i` (finite, and positive y on a log axis).
    pub fn drawable(&self, i: usize) -> Vec<(f64, f64)> {
        let s = &self.series[i];
        if s.mark == Mark::Segments {
            // Keep pairs whole.
            return s
                .points
                .chunks(2)
                .filter(|p| p.len() == 2 && p.iter().all(|&q| self.keeps(q)))
                .flatten()
                .copied()
                .collect();
        }
        s.points
            .iter()
            .copied()
            .filter(|&p| self.keeps(p))
            .collect()
    }

    fn keeps(&self, (x, y): (f64, f64)) -> bool {
        x.is_finite() && y.is_finite() && (!self.log_y || y > 0.0)
    }

    /// The corner for the legend: the one whose box (45% of the width, a line per entry
    /// of the height) covers the fewest drawn points, the upper left on a tie — so a
    /// legend does not hide the data. 0 upper left, 1 upper right, 2 lower right, 3 lower
    /// left.
    pub fn legend_corner(&self) -> usize {
        let Some(((x0, x1), (y0, y1))) = self.ranges() else {
            return 0;
        };
        let ty = |y: f64| if self.log_y { y.log10() } else { y };
        let (ly0, ly1) = (ty(y0), ty(y1));
        let entries = self.series.iter().filter(|s| !s.name.is_empty()).count();
        let (w, h) = (0.45, (0.06 * entries as f64 + 0.04).min(0.9));
        let mut hits = [0usize; 4];
        for i in 0..self.series.len() {
            for (x, y) in self.drawable(i) {
                let u = (x - x0) / (x1 - x0);
                let v = (ty(y) - ly0) / (ly1 - ly0);
                let (left, right, top, bottom) = (u <= w, u >= 1.0 - w, v >= 1.0 - h, v <= h);
                for (k, inside) in [top && left, top && right, bottom && right, bottom && left]
                    .into_iter()
                    .enumerate()
                {
                    hits[k] += usize::from(inside);
                }
            }
        }
        (0..4).min_by_key(|&k| (hits[k], k)).unwrap_or(0)
    }

    /// The x and y ranges over all drawable points and guides, padded; `None` if nothing
    /// is drawable.
    pub fn ranges(&self) -> Option<((f64, f64), (f64, f64))> {
        let mut pts: Vec<(f64, f64)> = (0..self.series.len())
            .flat_map(|i| self.drawable(i))
            .collect();
        let (mut gx, mut gy) = (vec![], vec![]);
        for g in &self.guides {
            if g.horizontal {
                gy.push(g.value);
            } else {
                gx.push(g.value);
            }
        }
        if pts.is_empty() {
            return None;
        }
        let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for &(x, y) in &pts {
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
        for x in gx {
            x0 = x0.min(x);
            x1 = x1.max(x);
        }
        for y in gy {
            if !self.log_y || y > 0.0 {
                y0 = y0.min(y);
                y1 = y1.max(y);
            }
        }
        pts.clear();
        if x1 <= x0 {
            x0 -= 0.5;
            x1 += 0.5;
        }
        if self.series.iter().any(|s| s.mark == Mark::Bars) {
            x0 -= 0.5;
            x1 += 0.5;
            if !self.log_y {
                y0 = y0.min(0.0);
            }
        }
        if self.log_y {
            // Whole decades, so a log axis always has labelled ticks.
            y0 = 10f64.powf(y0.log10().floor());
            y1 = 10f64.powf(y1.log10().ceil());
            if y1 <= y0 {
                y1 = y0 * 10.0;
            }
            y0 /= 1.25;
            y1 *= 1.25;
        } else {
            if y1 <= y0 {
                y0 -= 0.5;
                y1 += 0.5;
            }
            let pad = (y1 - y0) * 0.06;
            if y0 != 0.0 || self.series.iter().all(|s| s.mark != Mark::Bars) {
                y0 -= pad;
            }
            y1 += pad;
        }
        if self.legend && !self.log_y {
            // Headroom for the legend in the upper left corner.
            let entries = self.series.iter().filter(|s| !s.name.is_empty()).count();
            y1 += (y1 - y0) * (0.05 * entries as f64 + 0.03);
        }
        if self.equal_aspect {
            // The same span on both axes, centred on the data.
            let r = (x1 - x0).max(y1 - y0) / 2.0 * 1.04;
            let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
            return Some(((cx - r, cx + r), (cy - r, cy + r)));
        }
        let xr = self.x_range.unwrap_or((x0, x1));
        let yr = self.y_range.unwrap_or((y0, y1));
        Some((xr, yr))
    }
}

/// A picture: a title, an optional caption line and one or more panels in a grid.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// Title above everything.
    pub title: String,
    /// The panels, row by row.
    pub panels: Vec<Panel>,
    /// Panels per row.
    pub columns: usize,
    /// Width of one panel in pixels (the height follows: 5/8 of it, or square for equal
    /// aspect panels).
    pub panel_width: u32,
}

impl Figure {
    /// A figure of one panel, 960 pixels wide.
    pub fn single(title: &str, panel: Panel) -> Figure {
        Figure {
            title: title.into(),
            panels: vec![panel],
            columns: 1,
            panel_width: 960,
        }
    }

    /// A grid of panels, `columns` to a row, each `panel_width` pixels wide.
    pub fn grid(title: &str, panels: Vec<Panel>, columns: usize, panel_width: u32) -> Figure {
        Figure {
            title: title.into(),
            panels,
            columns: columns.max(1),
            panel_width,
        }
    }

    /// Rows of panels.
    pub fn rows(&self) -> usize {
        self.panels.len().div_ceil(self.columns.max(1)).max(1)
    }

    /// Height of one panel in pixels.
    pub fn panel_height(&self) -> u32 {
        if self.panels.iter().any(|p| p.equal_aspect) {
            self.panel_width
        } else {
            self.panel_width * 5 / 8
        }
    }

    /// Size of the whole picture in pixels (title band included).
    pub fn size(&self) -> (u32, u32) {
        let cols = self.columns.min(self.panels.len()).max(1) as u32;
        (
            self.panel_width * cols,
            Self::TITLE_BAND + self.panel_height() * self.rows() as u32,
        )
    }

    /// Pixels above the panels for the figure's title.
    pub const TITLE_BAND: u32 = 44;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legend_avoids_the_corner_with_the_data() {
        let mut p = Panel::new("t", "x", "y");
        p.legend = true;
        // A rising line: its points fill the lower left and the upper right.
        p.series.push(Series::new(
            "up",
            (0..20).map(|i| (i as f64, i as f64)).collect(),
        ));
        assert_eq!(p.legend_corner(), 0, "upper left is empty");
        // Fixed ranges (no headroom above the data): a falling line fills the upper left,
        // so the legend moves to the upper right.
        p.x_range = Some((0.0, 19.0));
        p.y_range = Some((0.0, 20.0));
        p.series[0].points = (0..20).map(|i| (i as f64, 20.0 - i as f64)).collect();
        assert_eq!(p.legend_corner(), 1);
        // Points in every corner but the lower right.
        p.x_range = Some((0.0, 10.0));
        p.y_range = Some((0.0, 10.0));
        p.series[0].points = vec![(0.0, 0.0), (0.0, 10.0), (10.0, 10.0), (5.0, 5.0)];
        assert_eq!(p.legend_corner(), 2);
    }

    #[test]
    fn ranges_skip_non_positive_points_on_a_log_axis_and_keep_segment_pairs() {
        let mut p = Panel::new("t", "x", "y");
        p.log_y = true;
        p.series.push(Series::new(
            "a",
            vec![(1.0, 0.0), (2.0, 10.0), (3.0, 100.0)],
        ));
        p.series.push(
            Series::new("s", vec![(1.0, 1.0), (1.0, -1.0), (2.0, 5.0), (2.0, 6.0)])
                .mark(Mark::Segments),
        );
        assert_eq!(p.drawable(0), vec![(2.0, 10.0), (3.0, 100.0)]);
        assert_eq!(p.drawable(1), vec![(2.0, 5.0), (2.0, 6.0)]);
        let ((x0, x1), (y0, y1)) = p.ranges().unwrap();
        assert_eq!((x0, x1), (2.0, 3.0));
        assert!(y0 < 5.0 && y1 > 100.0);
    }

    #[test]
    fn a_grid_is_as_large_as_its_panels() {
        let panels = vec![Panel::new("a", "x", "y"); 5];
        let f = Figure::grid("t", panels, 3, 320);
        assert_eq!(f.rows(), 2);
        assert_eq!(f.size(), (960, Figure::TITLE_BAND + 2 * 200));
    }
}

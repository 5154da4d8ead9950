//! Chart descriptions: plain data that the plot renderer ([`crate::output::plot`], feature
//! `plots`) draws as SVG and PNG. Floats are fine here: charts are pictures, not results.

/// One named line of points.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Legend text.
    pub name: String,
    /// Points `(x, y)`; points with a non-finite coordinate (or y <= 0 on a log axis) are skipped.
    pub points: Vec<(f64, f64)>,
}

impl Series {
    /// A series from a name and points.
    pub fn new(name: impl Into<String>, points: Vec<(f64, f64)>) -> Series {
        Series {
            name: name.into(),
            points,
        }
    }
}

/// A line chart with a title, axis labels, optional logarithmic y axis and a legend.
#[derive(Clone, Debug, PartialEq)]
pub struct LineChart {
    /// Title above the plot.
    pub title: String,
    /// Label of the x axis.
    pub x_label: String,
    /// Label of the y axis.
    pub y_label: String,
    /// Logarithmic y axis.
    pub log_y: bool,
    /// Draw points as a staircase (step) rather than straight segments.
    pub steps: bool,
    /// The lines.
    pub series: Vec<Series>,
}

impl LineChart {
    /// A chart with no series yet.
    pub fn new(title: &str, x_label: &str, y_label: &str) -> LineChart {
        LineChart {
            title: title.into(),
            x_label: x_label.into(),
            y_label: y_label.into(),
            log_y: false,
            steps: false,
            series: Vec::new(),
        }
    }

    /// The points that will be drawn for series `i` (finite, and positive y on a log axis).
    pub fn drawable(&self, i: usize) -> Vec<(f64, f64)> {
        self.series[i]
            .points
            .iter()
            .copied()
            .filter(|(x, y)| x.is_finite() && y.is_finite() && (!self.log_y || *y > 0.0))
            .collect()
    }

    /// The x and y ranges over all drawable points, padded; `None` if nothing is drawable.
    pub fn ranges(&self) -> Option<((f64, f64), (f64, f64))> {
        let pts: Vec<(f64, f64)> = (0..self.series.len())
            .flat_map(|i| self.drawable(i))
            .collect();
        if pts.is_empty() {
            return None;
        }
        let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for (x, y) in pts {
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
        if x1 <= x0 {
            x1 = x0 + 1.0;
        }
        if self.log_y {
            y0 /= 1.5;
            y1 *= 1.5;
        } else {
            let pad = ((y1 - y0) * 0.05).max(1e-9);
            y0 -= pad;
            y1 += pad;
        }
        Some(((x0, x1), (y0, y1)))
    }
}

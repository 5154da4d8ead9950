//! Plots shown inline in a Jupyter notebook, drawn by the report's own renderer
//! ([`crate::output::plot`]).
//!
//! [`Plot::to_svg`] is what the Python package's `hanoilab.Plot._repr_svg_` returns (the
//! tutorial notebooks in `notebooks/` use it), and [`Plot::to_png`] its `_repr_png_` (the
//! same drawing as the report's PNG charts, for front ends that show no SVG). For the evcxr Rust kernel,
//! [`Plot::evcxr_display`] prints the SVG between `EVCXR_BEGIN_CONTENT <media type>` and
//! `EVCXR_END_CONTENT`, which that kernel turns into a rich output.

use super::chart::{Figure, Panel, Series};
use super::OutputError;
use num_bigint::BigInt;
use num_traits::ToPrimitive;

/// A line plot with a title, axis labels and named lines (small, for a notebook cell).
///
/// ```
/// use hanoilab::output::notebook::Plot;
/// let plot = Plot::new("Classic Hanoi", "n", "moves")
///     .log_y()
///     .line("2^n - 1", (1..=10).map(|n| (n as f64, 2f64.powi(n) - 1.0)).collect());
/// let svg = plot.to_svg().unwrap();
/// assert!(svg.starts_with("<svg") && svg.contains("</svg>"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    title: String,
    panel: Panel,
}

/// The line a notebook's output starts an SVG image with (evcxr's protocol).
pub const BEGIN_SVG: &str = "EVCXR_BEGIN_CONTENT image/svg+xml";
/// The line that ends it.
pub const END_CONTENT: &str = "EVCXR_END_CONTENT";

impl Plot {
    /// An empty plot.
    pub fn new(title: &str, x_label: &str, y_label: &str) -> Plot {
        let mut panel = Panel::new("", x_label, y_label);
        panel.legend = true;
        Plot {
            title: title.into(),
            panel,
        }
    }

    /// A logarithmic y axis.
    pub fn log_y(mut self) -> Plot {
        self.panel.log_y = true;
        self
    }

    /// Adds a line through `points` (x, y).
    pub fn line(mut self, name: &str, points: Vec<(f64, f64)>) -> Plot {
        let i = self.panel.series.len();
        self.panel.series.push(Series::new(name, points).styled(i));
        self
    }

    /// Adds a line through exact counts `(n, a(n))` (made floats for the picture only; a
    /// count beyond the float range is left out).
    pub fn counts(self, name: &str, points: impl IntoIterator<Item = (u64, BigInt)>) -> Plot {
        let points = points
            .into_iter()
            .map(|(n, a)| (n as f64, a.to_f64().unwrap_or(f64::INFINITY)))
            .collect();
        self.line(name, points)
    }

    /// The plot as an SVG document (what the report writes to a `.svg` file).
    pub fn to_svg(&self) -> Result<String, OutputError> {
        let bytes = self.render("svg")?;
        String::from_utf8(bytes).map_err(|e| OutputError::Plot {
            path: "<notebook plot>".into(),
            message: format!("the SVG is not UTF-8: {e}"),
        })
    }

    /// The plot as a PNG image (what the report writes to a `.png` file).
    ///
    /// ```
    /// use hanoilab::output::notebook::Plot;
    /// let plot = Plot::new("Classic Hanoi", "n", "moves").line("T", vec![(1.0, 1.0), (2.0, 3.0)]);
    /// assert_eq!(&plot.to_png().unwrap()[1..4], b"PNG");
    /// ```
    pub fn to_png(&self) -> Result<Vec<u8>, OutputError> {
        self.render("png")
    }

    /// The report's renderer draws to a file named by its extension; a private folder per
    /// call keeps concurrent calls apart.
    fn render(&self, extension: &str) -> Result<Vec<u8>, OutputError> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static CALLS: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "hanoilab-notebook-plot-{}-{}",
            std::process::id(),
            CALLS.fetch_add(1, Ordering::Relaxed)
        ));
        let path = dir.join(format!("plot.{extension}"));
        let result = super::plot::render(&Figure::single(&self.title, self.panel.clone()), &path)
            .and_then(|()| std::fs::read(&path).map_err(|e| OutputError::io(&path, e)));
        let _ = std::fs::remove_dir_all(&dir);
        result
    }

    /// Shows the plot in a notebook: prints its SVG between evcxr's content markers (or,
    /// if it cannot be drawn, says why on one line).
    pub fn evcxr_display(&self) {
        match self.to_svg() {
            Ok(svg) => println!("{BEGIN_SVG}\n{}\n{END_CONTENT}", svg.trim_end()),
            Err(e) => println!("(no plot: {e})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plot_prints_as_one_svg_between_the_kernel_markers() {
        let p = Plot::new("t", "x", "y").line("a", vec![(1.0, 1.0), (2.0, 4.0)]);
        let svg = p.to_svg().unwrap();
        assert!(svg.contains("<svg") && svg.contains("</svg>"));
        // Deterministic: the same plot, the same bytes.
        assert_eq!(svg, p.to_svg().unwrap());
        // Nothing to draw: an error, not a panic.
        assert!(Plot::new("t", "x", "y").to_svg().is_err());
        assert!(Plot::new("t", "x", "y").to_png().is_err());
    }

    #[test]
    fn the_png_is_the_reports_drawing_of_the_same_figure() {
        let p = Plot::new("t", "x", "y").line("a", vec![(1.0, 1.0), (2.0, 4.0)]);
        let png = p.to_png().unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(png, p.to_png().unwrap(), "deterministic");
        let dir = std::env::temp_dir().join(format!("hanoilab-nb-png-{}", std::process::id()));
        let path = dir.join("figure.png");
        super::super::plot::render(&Figure::single("t", p.panel.clone()), &path).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), png);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

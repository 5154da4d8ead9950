//! Tables, plots and reports.
//!
//! Everything here consumes plain data ([`Table`], [`Figure`]) rather than poking inside
//! the other modules, so exporters can be tested on their exact output. The heavy crates sit
//! behind cargo features: `tables` (polars, for Parquet) and `plots` (plotters, SVG and PNG).
//! Without them the CSV, b-file, Markdown and HTML exporters still work.

pub mod atomic;
pub mod bundle;
pub mod chart;
pub mod html;
pub mod plot_data;
pub mod report;
pub mod table;

#[cfg(feature = "plots")]
pub mod canvas;
#[cfg(feature = "plots")]
pub mod notebook;
#[cfg(feature = "tables")]
pub mod parquet;
#[cfg(feature = "plots")]
pub mod plot;
#[cfg(feature = "plots")]
pub(crate) mod typeset;

pub use atomic::{recover, write_file_atomic, Recovered, StagedDir, JOURNAL};
pub use bundle::Bundle;
pub use chart::{Colour, Dash, Figure, Guide, Mark, Marker, Panel, Series};
pub use table::{Cell, ColumnKind, Table};

/// Errors while writing outputs.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// A file or folder could not be written.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The path involved.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// Something found under the output folder (a commit journal, a leftover) names a path
    /// this program does not write; nothing was renamed or removed.
    #[error("refusing {path}: {message}")]
    Refused {
        /// The path involved.
        path: String,
        /// What is wrong and what to do.
        message: String,
    },
    /// The Parquet writer or reader failed.
    #[error("parquet {path}: {message}")]
    Parquet {
        /// The path involved.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// A page could not be rendered as HTML.
    #[error("html {path}: {message}")]
    Html {
        /// The page involved.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// A plot could not be drawn.
    #[error("plot {path}: {message}")]
    Plot {
        /// The path involved.
        path: String,
        /// What went wrong.
        message: String,
    },
}

impl OutputError {
    pub(crate) fn io(path: &std::path::Path, source: std::io::Error) -> OutputError {
        OutputError::Io {
            path: path.display().to_string(),
            source,
        }
    }
}

//! A bundle of generated files (Markdown pages, tables, charts) written together.
//!
//! The report generator fills a [`Bundle`]; [`Bundle::write`] stages every file (the HTML
//! rendering of the pages under `reports/html/` included) and swaps `data/tables/` and
//! `reports/` into place at once. Everything is kept in `BTreeMap`s so the
//! files come out in a fixed order with fixed bytes.

use super::atomic::StagedDir;
use super::chart::Figure;
use super::table::Table;
use super::OutputError;
use std::collections::BTreeMap;
use std::path::Path;

/// Folder (relative to the output root) for tables.
pub const TABLES_DIR: &str = "data/tables";
/// Folder (relative to the output root) for reports and plots.
pub const REPORTS_DIR: &str = "reports";

/// Generated files, keyed by name.
#[derive(Default, Debug)]
pub struct Bundle {
    /// Markdown pages, by file name under `reports/` (e.g. `README.md`, `classic.md`).
    pub pages: BTreeMap<String, String>,
    /// Tables, by base name under `data/tables/` (written as `.csv` and, with the `tables`
    /// feature, `.parquet`).
    pub tables: BTreeMap<String, Table>,
    /// Extra text files under `data/tables/` (e.g. b-files), by file name.
    pub table_files: BTreeMap<String, String>,
    /// Charts, by base name under `reports/plots/` (written as `.svg` and `.png` with the
    /// `plots` feature).
    pub charts: BTreeMap<String, Figure>,
    /// Names added twice (the second would silently replace the first: a bug of the
    /// generator, reported by [`crate::output::report::build`]).
    pub duplicates: Vec<String>,
}

/// The image a page links as `rel` (relative to `reports/`), read from the staged files: the
/// SVG beside a linked PNG where there is one (vector, and a fifth of the size), else the file
/// itself. `None` for anything else (a path leaving the folder, another kind of file, a
/// missing file).
fn staged_image(reports: &Path, rel: &str) -> Option<super::html::Image> {
    if rel
        .split('/')
        .any(|part| part.is_empty() || part == "." || part == "..")
    {
        return None;
    }
    let path = reports.join(rel);
    let svg = path.with_extension("svg");
    let (path, mime) = match path.extension().and_then(|e| e.to_str()) {
        Some("png") if svg.is_file() => (svg, "image/svg+xml"),
        Some("png") => (path, "image/png"),
        Some("svg") => (path, "image/svg+xml"),
        _ => return None,
    };
    let bytes = std::fs::read(path).ok()?;
    Some(super::html::Image { mime, bytes })
}

/// What [`Bundle::write`] produced.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct WriteSummary {
    /// Paths written, relative to the root, sorted.
    pub files: Vec<String>,
}

impl Bundle {
    /// Adds a page.
    pub fn page(&mut self, name: &str, markdown: String) {
        if self.pages.insert(name.to_string(), markdown).is_some() {
            self.duplicates.push(format!("{REPORTS_DIR}/{name}"));
        }
    }

    /// Adds a table.
    pub fn table(&mut self, name: &str, table: Table) {
        if self.tables.insert(name.to_string(), table).is_some() {
            self.duplicates.push(format!("{TABLES_DIR}/{name}"));
        }
    }

    /// Adds a chart.
    pub fn chart(&mut self, name: &str, chart: Figure) {
        if self.charts.insert(name.to_string(), chart).is_some() {
            self.duplicates.push(format!("{REPORTS_DIR}/plots/{name}"));
        }
    }

    /// Adds every page, table and chart of `other` (a part computed on its own), each
    /// as [`Bundle::page`], [`Bundle::table`], [`Bundle::chart`] would.
    pub fn merge(&mut self, other: Bundle) {
        for (name, page) in other.pages {
            self.page(&name, page);
        }
        for (name, table) in other.tables {
            self.table(&name, table);
        }
        for (name, chart) in other.charts {
            self.chart(&name, chart);
        }
        for (name, text) in other.table_files {
            if self.table_files.insert(name.clone(), text).is_some() {
                self.duplicates.push(name);
            }
        }
        self.duplicates.extend(other.duplicates);
    }

    /// Relative link from a report page to a chart image (PNG).
    pub fn chart_link(name: &str) -> String {
        format!("plots/{name}.png")
    }

    /// Draws every chart as SVG and PNG through `render` (a chart and its path relative to
    /// the output root) on every core, and returns the paths in chart order. Each file is
    /// drawn from its figure alone, so the order of drawing does not change a byte.
    #[cfg(feature = "plots")]
    fn render_charts(
        &self,
        render: impl Fn(&Figure, &str) -> Result<(), OutputError> + Sync,
    ) -> Result<Vec<String>, OutputError> {
        let jobs: Vec<(&Figure, String)> = self
            .charts
            .iter()
            .flat_map(|(name, chart)| {
                ["svg", "png"].map(|ext| (chart, format!("{REPORTS_DIR}/plots/{name}.{ext}")))
            })
            .collect();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
        crate::study::run_in_parallel(&jobs, threads, |(chart, rel)| {
            render(chart, rel).map(|()| rel.clone())
        })
        .into_iter()
        .collect()
    }

    /// Writes everything under `root` (staged, then swapped into place).
    pub fn write(&self, root: &Path) -> Result<WriteSummary, OutputError> {
        let staged = StagedDir::new(root, &[TABLES_DIR, REPORTS_DIR])?;
        let mut files = Vec::new();
        for (name, text) in &self.pages {
            let rel = format!("{REPORTS_DIR}/{name}");
            staged.write(&rel, text.as_bytes())?;
            files.push(rel);
        }
        for (name, table) in &self.tables {
            let rel = format!("{TABLES_DIR}/{name}.csv");
            staged.write(&rel, table.to_csv().as_bytes())?;
            files.push(rel);
            #[cfg(feature = "tables")]
            {
                let rel = format!("{TABLES_DIR}/{name}.parquet");
                staged.write(&rel, &super::parquet::to_parquet_bytes(table)?)?;
                files.push(rel);
            }
        }
        for (name, text) in &self.table_files {
            let rel = format!("{TABLES_DIR}/{name}");
            staged.write(&rel, text.as_bytes())?;
            files.push(rel);
        }
        #[cfg(feature = "plots")]
        files.extend(
            self.render_charts(|chart, rel| super::plot::render(chart, &staged.path().join(rel)))?,
        );
        // The HTML pages last: they inline the plots just staged.
        let reports = staged.path().join(REPORTS_DIR);
        let image = |rel: &str| staged_image(&reports, rel);
        let site =
            super::html::render_site(&self.pages, &image).map_err(|e| OutputError::Html {
                path: format!("{REPORTS_DIR}/{}", e.page),
                message: e.message,
            })?;
        for (name, text) in &site {
            let rel = format!("{REPORTS_DIR}/{}/{name}", super::html::HTML_DIR);
            staged.write(&rel, text.as_bytes())?;
            files.push(rel);
        }
        staged.commit()?;
        files.sort();
        Ok(WriteSummary { files })
    }

    /// Writes every file under `root` in place, each whole (a temporary file and a rename),
    /// and leaves every other file there as it is (`hanoilab report --only`, which adds one
    /// variant's files beside a whole report's). Each page's HTML is rendered with the pages
    /// already under `root/reports/` as the rest of its site, so its links resolve as they
    /// do in the whole report.
    pub fn write_in_place(&self, root: &Path) -> Result<WriteSummary, OutputError> {
        use super::atomic::write_file_atomic;
        let mut files = Vec::new();
        for (name, table) in &self.tables {
            let rel = format!("{TABLES_DIR}/{name}.csv");
            write_file_atomic(&root.join(&rel), table.to_csv().as_bytes())?;
            files.push(rel);
            #[cfg(feature = "tables")]
            {
                let rel = format!("{TABLES_DIR}/{name}.parquet");
                write_file_atomic(&root.join(&rel), &super::parquet::to_parquet_bytes(table)?)?;
                files.push(rel);
            }
        }
        for (name, text) in &self.table_files {
            let rel = format!("{TABLES_DIR}/{name}");
            write_file_atomic(&root.join(&rel), text.as_bytes())?;
            files.push(rel);
        }
        #[cfg(feature = "plots")]
        files.extend(
            self.render_charts(|chart, rel| super::plot::render_atomic(chart, &root.join(rel)))?,
        );
        let reports = root.join(REPORTS_DIR);
        for (name, text) in &self.pages {
            let rel = format!("{REPORTS_DIR}/{name}");
            write_file_atomic(&root.join(&rel), text.as_bytes())?;
            files.push(rel);
        }
        // The HTML pages last: they inline the plots just written.
        let mut site_pages: std::collections::BTreeSet<String> = std::fs::read_dir(&reports)
            .map_err(|e| OutputError::io(&reports, e))?
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".md"))
            .collect();
        site_pages.extend(self.pages.keys().cloned());
        let image = |rel: &str| staged_image(&reports, rel);
        let site = super::html::Site {
            pages: site_pages,
            image: &image,
        };
        for (name, markdown) in &self.pages {
            let html =
                super::html::render_page(name, markdown, &site).map_err(|e| OutputError::Html {
                    path: format!("{REPORTS_DIR}/{}", e.page),
                    message: e.message,
                })?;
            let rel = format!(
                "{REPORTS_DIR}/{}/{}",
                super::html::HTML_DIR,
                super::html::html_name(name)
            );
            write_file_atomic(&root.join(&rel), html.as_bytes())?;
            files.push(rel);
        }
        files.sort();
        Ok(WriteSummary { files })
    }
}

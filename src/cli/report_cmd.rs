//! `hanoilab report`: regenerates `data/tables/` and `reports/` (see `output::report`), and
//! with `--html DIR` copies the HTML pages to DIR as well.

use super::CliError;
use crate::output::report::{build, ReportOptions};
use std::io::IsTerminal;
use std::path::Path;

/// Builds the report in memory, then writes it under `out` (staged, then swapped into place);
/// with `html`, then copies `reports/html/` there too (staged and swapped as a whole).
pub fn report_cmd(out: &Path, quick: bool, html: Option<&Path>) -> Result<(), CliError> {
    if out.exists() && !out.is_dir() {
        return Err(CliError::input(format!(
            "--out `{}`: exists and is not a folder",
            out.display()
        )));
    }
    if let Some(dir) = html {
        if dir.exists() && !dir.is_dir() {
            return Err(CliError::input(format!(
                "--html `{}`: exists and is not a folder",
                dir.display()
            )));
        }
        if dir.file_name().is_none() {
            return Err(CliError::input(format!(
                "--html `{}`: name a folder to replace (such as site/)",
                dir.display()
            )));
        }
    }
    std::fs::create_dir_all(out)
        .map_err(|e| CliError::input(format!("--out `{}`: {e}", out.display())))?;
    // Finish (or clean up after) a run killed during its last write, before anything else.
    let recovered = crate::output::recover(out).map_err(|e| CliError::failure(e.to_string()))?;
    if !recovered.is_empty() {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "hanoilab report: recovered an interrupted run under {} (finished: {:?}; removed: {:?})",
            out.display(),
            recovered.finished,
            recovered.removed
        );
    }
    let bar = std::io::stderr().is_terminal().then(|| {
        let pb = indicatif::ProgressBar::new_spinner();
        pb.enable_steady_tick(std::time::Duration::from_millis(120));
        pb
    });
    // On a terminal: a line per finished step with its time, and a spinner on the current
    // one; nothing when stderr is piped.
    let mut step: Option<(String, std::time::Instant)> = None;
    let mut progress = |what: &str| {
        if let Some(pb) = &bar {
            if let Some((prev, t)) = step.take() {
                pb.println(format!(
                    "report: {prev} ({:.1} s)",
                    t.elapsed().as_secs_f64()
                ));
            }
            step = Some((what.to_string(), std::time::Instant::now()));
            pb.set_message(format!("report: {what}"));
        }
    };
    let started = std::time::Instant::now();
    let bundle = build(&ReportOptions { quick }, &mut progress)
        .map_err(|e| CliError::failure(e.to_string()))?;
    progress("writing files");
    let summary = bundle
        .write(out)
        .map_err(|e| CliError::failure(e.to_string()))?;
    let html_dir = out
        .join(crate::output::bundle::REPORTS_DIR)
        .join(crate::output::html::HTML_DIR);
    if let Some(dir) = html {
        progress("copying the HTML pages");
        copy_html(&html_dir, dir).map_err(|e| CliError::failure(e.to_string()))?;
    }
    progress("done");
    if let Some(pb) = bar {
        pb.finish_and_clear();
    }
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "hanoilab report: wrote {} files under {} in {:.1} s",
        summary.files.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    let _ = writeln!(
        std::io::stderr(),
        "hanoilab report: open {} in a browser",
        html.unwrap_or(&html_dir).join("index.html").display()
    );
    Ok(())
}

/// Replaces `dest` by a copy of the report's HTML folder `from`, staged beside it and swapped
/// into place, so a killed run leaves the previous copy intact.
fn copy_html(from: &Path, dest: &Path) -> Result<(), crate::output::OutputError> {
    use crate::output::{OutputError, StagedDir};
    let name = dest
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let root = match dest.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let staged = StagedDir::new(root)?;
    let entries = std::fs::read_dir(from).map_err(|e| OutputError::io(from, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| OutputError::io(from, e))?;
        let path = entry.path();
        if path.is_file() {
            let bytes = std::fs::read(&path).map_err(|e| OutputError::io(&path, e))?;
            let file = entry.file_name().to_string_lossy().into_owned();
            staged.write(&format!("{name}/{file}"), &bytes)?;
        }
    }
    staged.commit(&[name.as_str()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_html_copy_replaces_the_destination_whole() {
        let root = std::env::temp_dir().join(format!("hanoilab-html-copy-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let from = root.join("reports/html");
        std::fs::create_dir_all(&from).unwrap();
        std::fs::write(from.join("index.html"), "new index").unwrap();
        std::fs::write(from.join("a.html"), "new a").unwrap();
        let dest = root.join("site");
        std::fs::create_dir_all(&dest).unwrap();
        std::fs::write(dest.join("stale.html"), "old").unwrap();
        copy_html(&from, &dest).unwrap();
        let mut names: Vec<String> = std::fs::read_dir(&dest)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["a.html", "index.html"]);
        assert_eq!(
            std::fs::read_to_string(dest.join("index.html")).unwrap(),
            "new index"
        );
        // Nothing left beside it (staging folder, journal).
        let mut left: Vec<String> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["reports", "site"]);
        std::fs::remove_dir_all(&root).unwrap();
    }
}

//! `hanoilab report`: regenerates `data/tables/` and `reports/` (see `output::report`), and
//! with `--html DIR` copies the HTML pages to DIR as well.

use super::CliError;
use crate::output::report::{build_counted, ReportOptions};
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
        check_html_dest(out, dir)?;
    }
    std::fs::create_dir_all(out)
        .map_err(|e| CliError::from_io(format!("--out `{}`: {e}", out.display()), &e))?;
    check_writable(out)?;
    // Finish (or clean up after) a run killed during its last write, before anything else.
    let recovered = crate::output::recover(
        out,
        &[
            crate::output::bundle::TABLES_DIR,
            crate::output::bundle::REPORTS_DIR,
        ],
    )
    .map_err(output_error)?;
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
    // The study's parallel jobs counted as they finish; on a terminal also a line per
    // finished step with its time.
    let meter = super::progress::Meter::new("report", "jobs", None, false, "starting");
    let mut step: Option<(String, std::time::Instant)> = None;
    let mut progress = |what: &str| {
        if let Some((prev, t)) = step.take() {
            meter.note(&format!(
                "report: {prev} ({:.1} s)",
                t.elapsed().as_secs_f64()
            ));
        }
        step = Some((what.to_string(), std::time::Instant::now()));
        meter.set_detail(what);
    };
    let jobs_done = |done: usize, total: usize| meter.set_count(done as u64, total as u64);
    let started = std::time::Instant::now();
    let bundle = build_counted(&ReportOptions { quick }, &mut progress, &jobs_done)
        .map_err(|e| CliError::failure(e.to_string()))?;
    progress("writing files");
    let summary = bundle.write(out).map_err(output_error)?;
    let html_dir = out
        .join(crate::output::bundle::REPORTS_DIR)
        .join(crate::output::html::HTML_DIR);
    if let Some(dir) = html {
        progress("copying the HTML pages");
        copy_html(&html_dir, dir).map_err(output_error)?;
    }
    progress("done");
    meter.finish();
    if super::progress::quiet() {
        return Ok(());
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

/// `report --only VARIANT|FILE`: one variant's page, table and figures, computed as the
/// whole report computes them, then written file by file under `out` (each whole), leaving
/// every other file there as it is.
pub fn report_only_cmd(out: &Path, quick: bool, only: &str) -> Result<(), CliError> {
    if out.exists() && !out.is_dir() {
        return Err(CliError::input(format!(
            "--out `{}`: exists and is not a folder",
            out.display()
        )));
    }
    let target = super::common::resolve(only, &[])?;
    if target.explicit {
        return Err(CliError::input(format!(
            "--only `{only}`: name a variant (an id or a file), not one function: the page \
             covers every function"
        )));
    }
    let variant = target.variant;
    check_page_id(&variant)?;
    std::fs::create_dir_all(out)
        .map_err(|e| CliError::from_io(format!("--out `{}`: {e}", out.display()), &e))?;
    check_writable(out)?;
    let meter = super::progress::Meter::new("report", "steps", None, false, "starting");
    let mut progress = |what: &str| meter.set_detail(what);
    let started = std::time::Instant::now();
    let id = variant.id.clone();
    let bundle =
        crate::output::report::build_variant(variant, &ReportOptions { quick }, &mut progress)
            .map_err(|e| CliError::failure(e.to_string()))?;
    progress("writing files");
    let summary = bundle.write_in_place(out).map_err(output_error)?;
    meter.finish();
    if super::progress::quiet() {
        return Ok(());
    }
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "hanoilab report: wrote the {} files of {id} under {} in {:.1} s",
        summary.files.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The files of `report --only` are named by the variant's id, so a variant file's id must
/// be a plain name (letters, digits, `-`, `_`: no path, nothing outside `--out`) and not a
/// built-in's (whose pages it would replace), nor the index's (`README`, `index`).
fn check_page_id(variant: &crate::variants::Variant) -> Result<(), CliError> {
    let id = variant.id.as_str();
    if variant.origin.starts_with("builtin:") {
        return Ok(());
    }
    let plain = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !plain {
        return Err(CliError::input(format!(
            "--only: the variant's id `{id}` names its files; use letters, digits, `-` and `_` only"
        )));
    }
    if crate::variants::builtin_ids().contains(&id)
        || id.eq_ignore_ascii_case("readme")
        || id.eq_ignore_ascii_case("index")
    {
        return Err(CliError::input(format!(
            "--only: the variant's id `{id}` is a page of the report already (a built-in or \
             the index); give the file another id"
        )));
    }
    Ok(())
}

/// A refusal of what was found under the output (a crafted journal) is the input's fault
/// (exit 2); a failed write is not (exit 1).
fn output_error(e: crate::output::OutputError) -> CliError {
    match e {
        crate::output::OutputError::Refused { .. } => CliError::input(e.to_string()),
        e => CliError::failure(e.to_string()),
    }
}

/// The file an HTML copy carries, so a later run replaces only a folder it made.
pub const HTML_MARKER: &str = ".hanoilab-html";

/// `path` made absolute and normalised without touching the file system beyond its longest
/// existing ancestor (resolved through links), so two spellings of one folder compare equal.
fn resolved(path: &Path) -> std::io::Result<std::path::PathBuf> {
    let absolute = std::path::absolute(path)?;
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = existing.canonicalize() {
            let mut out = real;
            for part in rest.iter().rev() {
                match part {
                    std::path::Component::ParentDir => {
                        out.pop();
                    }
                    std::path::Component::CurDir => {}
                    other => out.push(other.as_os_str()),
                }
            }
            return Ok(out);
        }
        let Some(parent) = existing.parent() else {
            return Ok(absolute.clone());
        };
        if let Some(last) = existing.components().next_back() {
            rest.push(last);
        }
        existing = parent;
    }
}

/// `--html DIR` is replaced as a whole, so it must be apart from `--out` (neither inside the
/// other) and, when it exists with files in it, a copy an earlier run made (it carries
/// [`HTML_MARKER`]); anything else would delete files the user keeps there.
fn check_html_dest(out: &Path, dir: &Path) -> Result<(), CliError> {
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
    let io = |flag: &str, p: &Path, e: std::io::Error| {
        CliError::input(format!("{flag} `{}`: {e}", p.display()))
    };
    let (o, h) = (
        resolved(out).map_err(|e| io("--out", out, e))?,
        resolved(dir).map_err(|e| io("--html", dir, e))?,
    );
    if h.starts_with(&o) || o.starts_with(&h) {
        return Err(CliError::input(format!(
            "--html `{}` and --out `{}` overlap: the HTML copy replaces its folder whole, so \
             it must be neither --out, inside it, nor around it; name a separate folder",
            dir.display(),
            out.display()
        )));
    }
    if dir.is_dir() {
        let mut entries = std::fs::read_dir(dir).map_err(|e| io("--html", dir, e))?;
        if entries.next().is_some() && !dir.join(HTML_MARKER).is_file() {
            return Err(CliError::input(format!(
                "--html `{}`: the folder has files that no earlier `report --html` wrote \
                 (it has no {HTML_MARKER}); it would be replaced whole, so name a new or empty folder",
                dir.display()
            )));
        }
    }
    if dir.is_dir() {
        check_writable(dir)?;
    }
    Ok(())
}

/// Refuses a folder the report could not write, before the work rather than after it: a
/// file is created and removed inside `dir` (one of the folders the run may write).
fn check_writable(dir: &Path) -> Result<(), CliError> {
    let probe = dir;
    let test = probe.join(format!(".hanoilab-write-test-{}", std::process::id()));
    match std::fs::File::create(&test) {
        Ok(_) => {
            let _ = std::fs::remove_file(&test);
            Ok(())
        }
        Err(e) => Err(CliError::failure(format!(
            "cannot write under `{}`: {e}",
            probe.display()
        ))),
    }
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
    let staged = StagedDir::new(root, &[name.as_str()])?;
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
    staged.write(
        &format!("{name}/{HTML_MARKER}"),
        b"A copy of hanoilab's report pages; `hanoilab report --html` replaces this folder whole.\n",
    )?;
    staged.commit()
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
        assert_eq!(names, [HTML_MARKER, "a.html", "index.html"]);
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

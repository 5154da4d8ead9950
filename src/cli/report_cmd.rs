//! `hanoilab report`: regenerates `data/tables/` and `reports/` (see `output::report`).

use super::CliError;
use crate::output::report::{build, ReportOptions};
use std::io::IsTerminal;
use std::path::Path;

/// Builds the report in memory, then writes it under `out` (staged, then swapped into place).
pub fn report_cmd(out: &Path, quick: bool) -> Result<(), CliError> {
    if out.exists() && !out.is_dir() {
        return Err(CliError::input(format!(
            "--out `{}`: exists and is not a folder",
            out.display()
        )));
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
    Ok(())
}

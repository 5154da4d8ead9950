//! `hanoilab search ... --workers W [--processes P --process I --hostfile FILE]`: the
//! distributed search (`docs/distributed.md`). Its answer is printed exactly as the
//! single-machine search prints it; the traffic figures go to standard error.

use super::args::DistArgs;
use super::CliError;
use crate::puzzle::Puzzle;
use crate::search::{parse_hostfile, Cluster, SearchOptions, SearchResult};
use std::time::Duration;

/// The cluster the flags describe. Errors (exit 2) name the flag, the hostfile line or
/// the process index.
pub fn cluster(dist: &DistArgs) -> Result<Cluster, CliError> {
    let threads = dist.workers.unwrap_or(1);
    if threads == 0 {
        return Err(CliError::input("--workers must be at least 1"));
    }
    let processes = dist.processes.unwrap_or(1);
    if processes == 0 {
        return Err(CliError::input("--processes must be at least 1"));
    }
    let timeout = dist.timeout.unwrap_or(60.0);
    if !(timeout.is_finite() && timeout > 0.0 && timeout <= 1e7) {
        return Err(CliError::input(format!(
            "--timeout {timeout}: expected seconds, more than 0"
        )));
    }
    let addresses = match &dist.hostfile {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError::from_io(format!("--hostfile {path}: {e}"), &e))?;
            parse_hostfile(&text, Some(processes))
                .map_err(|e| CliError::input(format!("--hostfile {path}: {e}")))?
        }
        None if processes > 1 => {
            return Err(CliError::input(format!(
                "--processes {processes} needs --hostfile (one host:port line per process)"
            )))
        }
        None => vec!["127.0.0.1:0".into()],
    };
    let process = match dist.process {
        Some(i) => i,
        None if processes > 1 => {
            return Err(CliError::input(format!(
                "--processes {processes} needs --process I (this process's index, 0..{processes})"
            )))
        }
        None => 0,
    };
    let c = Cluster {
        threads,
        process,
        addresses,
        timeout: Duration::from_secs_f64(timeout),
    };
    c.validate().map_err(CliError::input)?;
    Ok(c)
}

/// Runs the distributed search of `puzzle` (named `name` in errors).
#[cfg(feature = "distributed")]
pub fn run(
    name: &str,
    puzzle: &Puzzle,
    opts: &SearchOptions,
    dist: &DistArgs,
) -> Result<SearchResult, CliError> {
    use crate::search::{search_distributed, DistributedError};
    let c = cluster(dist)?;
    let d = search_distributed(puzzle, opts, &c).map_err(|e| match e {
        DistributedError::Input(m) => CliError::input(format!("{name}: {m}")),
        DistributedError::Search(e) => CliError::input(format!("{name}: {e}")),
        DistributedError::Failed(m) => {
            CliError::failure(format!("{name}: process {}: {m}", c.process))
        }
    })?;
    if !super::progress::notes() {
        return Ok(d.result);
    }
    eprintln!(
        "distributed: {} workers in {} processes, {} states in {:.3} s ({:.0} states/s), \
         {} records exchanged, {:.1} bytes per state to other processes",
        d.workers,
        d.processes,
        d.result.states,
        d.result.elapsed.as_secs_f64(),
        d.result.states_per_second(),
        d.records,
        d.remote_bytes_per_state()
    );
    Ok(d.result)
}

/// Without the cargo feature `distributed` the flags are checked, then refused.
#[cfg(not(feature = "distributed"))]
pub fn run(
    name: &str,
    _puzzle: &Puzzle,
    _opts: &SearchOptions,
    dist: &DistArgs,
) -> Result<SearchResult, CliError> {
    cluster(dist)?;
    Err(CliError::input(format!(
        "{name}: this hanoilab was built without the distributed search; rebuild with \
         `cargo build --release --features distributed` (docs/distributed.md)"
    )))
}

//! The records CSV of `search --record` (`data/records/search-records.csv`): its header,
//! the rows of the full and the half-way search, and what a row says of the process (peak
//! resident set, CPU seconds).

use super::common::Target;
use super::CliError;
use crate::search::SearchResult;

/// The header of `--record` files (`data/records/search-records.csv`).
pub const RECORD_HEADER: &str =
    "puzzle,n,minimum,optimal_solutions,states_reached,eccentricity,wall_seconds,peak_bytes,version,method,cpu_seconds";

/// The peak resident set of this process (`VmHWM`), in bytes, when it can be read.
pub(super) fn peak_resident() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// One CSV row of a search (see [`RECORD_HEADER`]): the count quoted (a big integer), empty
/// fields for what the run did not compute, the peak resident set of the process; method
/// `bfs`, `bfs-disk` for layers on disk, `bfs-sorted` for the sorted layers of packed
/// configurations, or `bfs-retrace` for a count `retraced` from the goal
/// (the half-way search writes its own rows, [`super::halfway_cmd`]); the CPU seconds of
/// the process.
pub fn record_row(
    t: &Target,
    n: u64,
    r: &SearchResult,
    peak_bytes: Option<u64>,
    retraced: bool,
) -> String {
    let opt = |x: Option<u64>| x.map_or(String::new(), |v| v.to_string());
    format!(
        "{},{n},{},{},{},{},{:.2},{},{},{},{}",
        record_label(t),
        opt(r.minimum),
        r.optimal_solutions
            .as_ref()
            .map_or(String::new(), |c| format!("\"{c}\"")),
        r.states,
        opt(r.start_eccentricity()),
        r.elapsed.as_secs_f64(),
        opt(peak_bytes),
        env!("CARGO_PKG_VERSION"),
        match r.encoding {
            crate::search::Encoding::Disk { .. } => "bfs-disk",
            crate::search::Encoding::SortedLayers => "bfs-sorted",
            _ if retraced => "bfs-retrace",
            _ => "bfs",
        },
        cpu_seconds().map_or(String::new(), |c| format!("{c:.2}")),
    )
}

/// The CPU time (user + system, all threads) this process has used so far, in seconds, from
/// `/proc/self/stat` (in clock ticks of 1/100 s, Linux's fixed `USER_HZ`): on a shared
/// machine a fairer figure than the wall time.
pub(super) fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (in parentheses, which may contain spaces): state is
    // field 3, utime 14 and stime 15.
    let rest = &text[text.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// The `puzzle` field of a record row: `VARIANT.FUNCTION`, then the parameters given on the
/// command line, if any, as `[k=v;...]` (e.g. `many-pin.M[p=5]`).
pub fn record_label(t: &Target) -> String {
    let mut label = format!("{}.{}", t.variant.id, t.function);
    if !t.params.is_empty() {
        let kv: Vec<String> = t.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        label.push_str(&format!("[{}]", kv.join(";")));
    }
    label
}

/// Appends the row of `r` to `file`, writing the header first when the file is new or empty.
pub(super) fn append_record(
    file: &str,
    t: &Target,
    n: u64,
    r: &SearchResult,
    retraced: bool,
) -> Result<(), CliError> {
    append_row(file, &record_row(t, n, r, peak_resident(), retraced))
}

/// Appends `row` to `file`, writing [`RECORD_HEADER`] first when the file is new or empty.
pub(super) fn append_row(file: &str, row: &str) -> Result<(), CliError> {
    use std::io::Write;
    let fail = |e: std::io::Error| CliError::failure(format!("--record {file}: {e}"));
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)
        .map_err(fail)?;
    let mut text = String::new();
    if f.metadata().map_err(fail)?.len() == 0 {
        text.push_str(RECORD_HEADER);
        text.push('\n');
    }
    text.push_str(row);
    text.push('\n');
    f.write_all(text.as_bytes()).map_err(fail)
}

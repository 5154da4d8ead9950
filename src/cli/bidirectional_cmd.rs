//! `hanoilab search ... --bidirectional`: the meet-in-the-middle search
//! ([`crate::search::bidirectional_search`]).

use super::args::Format;
use super::common::{emit, json, Target};
use super::halfway_cmd::RouteRun;
use super::records::{append_row, cpu_seconds, peak_resident, record_label};
use super::CliError;
use crate::puzzle::Puzzle;
use crate::search::{
    bidirectional_search, default_memory_limit, human_bytes, MeetResult, Progress, SearchError,
    SearchOptions,
};

/// The `method` column of a bidirectional row in the records CSV.
pub const BIDIRECTIONAL_METHOD: &str = "bidirectional";

/// Runs the bidirectional search of `puzzle` and prints (and records) its result. A puzzle
/// with a move that cannot be undone, layers past the memory limit, or a checkpoint of
/// another search is an input error (exit 2); an interruption or a failed checkpoint write
/// is a failure (exit 1).
pub fn bidirectional_cmd(puzzle: &Puzzle, run: &RouteRun, format: Format) -> Result<(), CliError> {
    let name = run.name;
    let limit = run.memory_limit.unwrap_or_else(default_memory_limit);
    if super::progress::notes() {
        eprintln!(
            "{name}: bidirectional search (layers from the start and from the goal; memory \
             guarded as they grow, limit {})",
            human_bytes(limit)
        );
        if let Some(c) = run.checkpoint {
            super::search_cmd::say_checkpointing(name, c);
        }
    }
    let meter = super::progress::Meter::new("search", "states", None, false, "distance > 0");
    let hook = |p: Progress| {
        meter.set(
            p.visited,
            &format!("distance > {}, layer {}", p.depth, p.layer),
        )
    };
    let opts = SearchOptions {
        count: run.count,
        memory_limit: Some(limit),
        threads: run.threads,
        progress: Some(&hook),
        checkpoint: run.checkpoint,
        ..Default::default()
    };
    let result = bidirectional_search(puzzle, &opts);
    meter.finish();
    let r = result.map_err(|e| match e {
        SearchError::Interrupted { .. } | SearchError::CheckpointIo(_) => {
            CliError::failure(format!("{name}: {e}"))
        }
        _ => CliError::input(format!("{name}: {e}")),
    })?;
    if let Some(file) = run.record {
        append_row(file, &bidirectional_row(run.target, run.n, &r))?;
    }
    emit(&render(run, &r, format))
}

/// One row of the records CSV: the minimum, the count when asked, the distinct states both
/// sides visited, no eccentricity, the process's peak resident set and CPU seconds.
pub fn bidirectional_row(t: &Target, n: u64, r: &MeetResult) -> String {
    format!(
        "{},{n},{},{},{},,{:.2},{},{},{BIDIRECTIONAL_METHOD},{}",
        record_label(t),
        r.minimum.map_or(String::new(), |m| m.to_string()),
        r.optimal_solutions
            .as_ref()
            .map_or(String::new(), |c| format!("\"{c}\"")),
        r.states,
        r.elapsed.as_secs_f64(),
        peak_resident().map_or(String::new(), |b| b.to_string()),
        env!("CARGO_PKG_VERSION"),
        cpu_seconds().map_or(String::new(), |c| format!("{c:.2}")),
    )
}

fn render(run: &RouteRun, r: &MeetResult, format: Format) -> String {
    let t = run.target;
    if format == Format::Json {
        let mut o = serde_json::Map::new();
        o.insert("variant".into(), t.variant.id.clone().into());
        o.insert("function".into(), t.function.clone().into());
        o.insert("n".into(), run.n.into());
        o.insert("method".into(), BIDIRECTIONAL_METHOD.into());
        o.insert("minimum".into(), r.minimum.into());
        if run.count {
            let c = r.optimal_solutions.as_ref().map(ToString::to_string);
            o.insert("optimal_solutions".into(), c.into());
        }
        o.insert("states".into(), r.states.into());
        o.insert("meeting_states".into(), r.meeting_states.into());
        o.insert("peak_bytes_held".into(), r.peak_bytes.into());
        o.insert("seconds".into(), r.elapsed.as_secs_f64().into());
        if run.layers {
            o.insert("forward_layers".into(), r.forward_layers.clone().into());
            o.insert("backward_layers".into(), r.backward_layers.clone().into());
        }
        return json(&serde_json::Value::Object(o));
    }
    let mut out = match r.minimum {
        Some(m) => format!(
            "{}: minimum {m} moves (bidirectional search: the sides met after {} and {} \
             moves in {} states; {} states visited)\n",
            run.name,
            r.forward_layers.len() - 1,
            r.backward_layers.len() - 1,
            r.meeting_states,
            r.states
        ),
        None if r.backward_layers.is_empty() => format!(
            "{}: goal unreachable (it is out of size order or breaks the colour rule, which \
             every state reached from the start keeps)\n",
            run.name
        ),
        None => format!(
            "{}: goal unreachable (bidirectional search: a side ran out of states; {} states \
             visited)\n",
            run.name, r.states
        ),
    };
    if let Some(c) = &r.optimal_solutions {
        out.push_str(&format!("optimal solutions: {c}\n"));
    }
    if run.layers {
        let show = |l: &[u64]| {
            l.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        out.push_str(&format!("forward layers: {}\n", show(&r.forward_layers)));
        out.push_str(&format!("backward layers: {}\n", show(&r.backward_layers)));
    }
    out
}

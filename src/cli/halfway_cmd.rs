//! `hanoilab search ... --halfway`: Korf's half-way search ([`crate::search::halfway_search`]).

use super::args::Format;
use super::common::{emit, json, Target};
use super::records::{append_row, cpu_seconds, peak_resident, record_label};
use super::CliError;
use crate::puzzle::Puzzle;
use crate::search::{
    default_memory_limit, halfway_count, halfway_estimate, halfway_search, human_bytes,
    HalfwayError, HalfwayResult, Progress, SearchOptions,
};

/// The `method` column of a half-way row in the records CSV.
pub const HALFWAY_METHOD: &str = "halfway+symmetry";

/// What one `--halfway` or `--bidirectional` run was asked.
#[derive(Clone, Copy)]
pub struct RouteRun<'a> {
    /// `VARIANT.FUNCTION n = N`, for messages.
    pub name: &'a str,
    /// The resolved target.
    pub target: &'a Target,
    /// Number of discs.
    pub n: u64,
    /// `--memory-limit`, parsed.
    pub memory_limit: Option<u64>,
    /// `--threads` (0: all cores).
    pub threads: usize,
    /// `--layers`.
    pub layers: bool,
    /// `--count`: also the number of optimal solutions.
    pub count: bool,
    /// `--record FILE`.
    pub record: Option<&'a str>,
    /// `--checkpoint`, `--resume`, `--scratch` (the bidirectional search only).
    pub checkpoint: Option<&'a crate::search::Checkpointing>,
}

/// Runs the half-way search of `puzzle` and prints (and records) its result. A puzzle the
/// argument does not cover, or a table over the memory limit, is an input error (exit 2).
pub fn halfway_cmd(puzzle: &Puzzle, run: &RouteRun, format: Format) -> Result<(), CliError> {
    let t0 = std::time::Instant::now();
    let name = run.name;
    let fail = |e: HalfwayError| CliError::input(format!("{name}: {e}"));
    let estimate = halfway_estimate(puzzle).map_err(fail)?;
    let limit = run.memory_limit.unwrap_or_else(default_memory_limit);
    let terminal = super::progress::notes();
    if terminal {
        eprintln!(
            "{name}: half-way search, a two-bit table of {} (limit {})",
            human_bytes(estimate),
            human_bytes(limit)
        );
    }
    let meter = super::progress::Meter::new("search", "representatives", None, false, "layer 0");
    let hook = |p: Progress| meter.set(p.visited, &format!("layer {}", p.depth));
    let opts = SearchOptions {
        memory_limit: run.memory_limit,
        threads: run.threads,
        progress: Some(&hook),
        ..Default::default()
    };
    let result = halfway_search(puzzle, &opts);
    let r = result.map_err(fail)?;
    // The count needs the minimum to be exact (every optimal solution then moves the largest
    // disc once); it runs its own breadth-first search over layer lists, whose layers must
    // be the table's.
    let counted = match run.count && r.exact {
        true => {
            let c = halfway_count(puzzle, &opts).map_err(fail)?;
            if c.classes != r.classes {
                return Err(CliError::failure(format!(
                    "{name}: the counting search's layers differ from the two-bit table's"
                )));
            }
            Some(c.optimal_solutions.to_string())
        }
        false => None,
    };
    meter.finish();
    let elapsed = t0.elapsed();
    if let Some(file) = run.record {
        if r.exact {
            let row = halfway_row(run.target, run.n, &r, counted.as_deref(), elapsed);
            append_row(file, &row)?;
        } else if terminal {
            eprintln!("{name}: only a lower bound; not recorded");
        }
    }
    emit(&render(run, &r, counted.as_deref(), format))
}

/// One row of the records CSV for an exact half-way result: `states_reached` counts the
/// representatives the search visited; the number of optimal solutions when counted; no
/// eccentricity; the wall time of both searches; the process's peak resident set and CPU
/// seconds.
pub fn halfway_row(
    t: &Target,
    n: u64,
    r: &HalfwayResult,
    optimal_solutions: Option<&str>,
    elapsed: std::time::Duration,
) -> String {
    format!(
        "{},{n},{},{},{},,{:.2},{},{},{HALFWAY_METHOD},{}",
        record_label(t),
        r.minimum,
        optimal_solutions.map_or(String::new(), |c| format!("\"{c}\"")),
        r.classes.iter().sum::<u64>(),
        elapsed.as_secs_f64(),
        peak_resident().map_or(String::new(), |b| b.to_string()),
        env!("CARGO_PKG_VERSION"),
        cpu_seconds().map_or(String::new(), |c| format!("{c:.2}")),
    )
}

fn render(run: &RouteRun, r: &HalfwayResult, counted: Option<&str>, format: Format) -> String {
    let t = run.target;
    let representatives: u64 = r.classes.iter().sum();
    if format == Format::Json {
        let mut o = serde_json::Map::new();
        o.insert("variant".into(), t.variant.id.clone().into());
        o.insert("function".into(), t.function.clone().into());
        o.insert("n".into(), run.n.into());
        o.insert("method".into(), HALFWAY_METHOD.into());
        if r.exact {
            o.insert("minimum".into(), r.minimum.into());
        } else {
            o.insert("minimum".into(), serde_json::Value::Null);
            o.insert("lower_bound".into(), r.minimum.into());
        }
        if run.count {
            o.insert("optimal_solutions".into(), counted.into());
        }
        o.insert("half".into(), r.half.into());
        o.insert("states".into(), r.states.into());
        o.insert("representatives".into(), representatives.into());
        o.insert("table_bytes".into(), r.table_bytes.into());
        if run.layers {
            o.insert("layers".into(), r.layers.clone().into());
            o.insert("representative_layers".into(), r.classes.clone().into());
        }
        return json(&serde_json::Value::Object(o));
    }
    let what = if r.exact { "minimum" } else { "at least" };
    let mut out = format!(
        "{}: {what} {} moves (half-way search: the {} smaller discs leave two pins free \
         after {} moves; {} configurations within that distance, {} representatives)\n",
        run.name,
        r.minimum,
        run.n.saturating_sub(1),
        r.half,
        r.states,
        representatives
    );
    if let Some(c) = counted {
        out.push_str(&format!("optimal solutions: {c}\n"));
    }
    if run.layers {
        let l: Vec<String> = r.layers.iter().map(ToString::to_string).collect();
        out.push_str(&format!("layers: {}\n", l.join(" ")));
    }
    out
}

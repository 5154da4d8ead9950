//! `hanoilab search`.

use super::args::{DistArgs, Format};
use super::common::{emit, json, resolve, Target};
use super::validate::{parse_memory, parse_n};
use super::CliError;
use crate::search::{
    default_memory_limit, estimate_memory, human_bytes, search, state_count_bound, state_space,
    Progress, SearchError, SearchOptions, SearchResult,
};
use std::io::IsTerminal;

/// `hanoilab search VARIANT[.FUNCTION] -n N [--count] [--solution] [--layers]
/// [--memory-limit SIZE]`: the exact optimum by breadth-first search. An unreachable goal is
/// an answer (exit 0); a memory estimate over the limit is an error (exit 2).
#[allow(clippy::too_many_arguments)]
pub fn search_cmd(
    target: &str,
    n: &str,
    count: bool,
    solution: bool,
    layers: bool,
    memory_limit: Option<&str>,
    params: &[String],
    dist: &DistArgs,
    format: Format,
) -> Result<(), CliError> {
    let n = parse_n("-n", n)?;
    let memory_limit = memory_limit
        .map(|v| parse_memory("--memory-limit", v))
        .transpose()?;
    let t = resolve(target, params)?;
    let name = format!("{}.{} n = {n}", t.variant.id, t.function);
    let puzzle = t
        .variant
        .puzzle(&t.function, n as i64, &t.params)
        .map_err(|e| CliError::input(e.to_string()))?;
    if dist.active() {
        let opts = SearchOptions {
            count,
            solution,
            memory_limit,
            ..Default::default()
        };
        let r = super::search_dist::run(&name, &puzzle, &opts, dist)?;
        emit(&render(&t, n, &r, count, solution, layers, format))?;
        return Ok(());
    }
    // Sizes first: the memory estimate from the state space against the limit, before any
    // state is stored (the search itself also guards the run as it grows).
    let probe = SearchOptions {
        count,
        solution,
        ..Default::default()
    };
    let estimate =
        estimate_memory(&puzzle, &probe).map_err(|e| CliError::input(format!("{name}: {e}")))?;
    let limit = memory_limit.unwrap_or_else(default_memory_limit);
    if estimate > limit {
        return Err(CliError::input(format!(
            "{name}: the state space has up to {} states; the search needs up to {} but the \
             memory limit is {} (raise it with --memory-limit, or search fewer discs)",
            super::common::human_count(state_count_bound(&puzzle)),
            human_bytes(estimate),
            human_bytes(limit)
        )));
    }
    let bar = std::io::stderr().is_terminal().then(|| {
        // The index space bounds the states for the dense encoding; otherwise a spinner.
        let (pb, template) = match state_space(&puzzle) {
            Some(space) => (
                indicatif::ProgressBar::new(space),
                "{bar:40} {pos} states ({per_sec}) {msg} [{elapsed}]",
            ),
            None => (
                indicatif::ProgressBar::new_spinner(),
                "{spinner} {pos} states ({per_sec}) {msg} [{elapsed}]",
            ),
        };
        pb.set_style(indicatif::ProgressStyle::with_template(template).expect("valid template"));
        pb
    });
    let hook = |p: Progress| {
        if let Some(pb) = &bar {
            pb.set_position(p.visited);
            pb.set_message(format!("depth {}", p.depth));
        }
    };
    let opts = SearchOptions {
        count,
        solution,
        memory_limit,
        progress: Some(&hook),
        ..Default::default()
    };
    let result = search(&puzzle, &opts);
    if let Some(pb) = &bar {
        pb.finish_and_clear();
    }
    let r = result.map_err(|e| match e {
        SearchError::MemoryLimit { .. } => CliError::input(format!("{name}: {e}")),
        SearchError::Malformed(_) => CliError::input(format!("{name}: {e}")),
    })?;
    emit(&render(&t, n, &r, count, solution, layers, format))?;
    Ok(())
}

/// The answer as JSON (an object) or as text.
fn render(
    t: &Target,
    n: u64,
    r: &SearchResult,
    count: bool,
    solution: bool,
    layers: bool,
    format: Format,
) -> String {
    const UNREACHABLE: &str = "no solution: goal unreachable";
    let moves: Option<Vec<String>> = r
        .solution
        .as_ref()
        .map(|s| s.iter().map(ToString::to_string).collect());
    if format == Format::Json {
        let mut o = serde_json::Map::new();
        o.insert("variant".into(), t.variant.id.clone().into());
        o.insert("function".into(), t.function.clone().into());
        o.insert("n".into(), n.into());
        o.insert("minimum".into(), r.minimum.into());
        if r.minimum.is_none() {
            o.insert("result".into(), UNREACHABLE.into());
        }
        o.insert("states".into(), r.states.into());
        o.insert("complete".into(), r.complete.into());
        if count {
            let c = r.optimal_solutions.as_ref().map(ToString::to_string);
            o.insert("optimal_solutions".into(), c.into());
        }
        if layers {
            o.insert("layers".into(), r.layers.clone().into());
        }
        if solution {
            o.insert("solution".into(), moves.into());
        }
        return json(&serde_json::Value::Object(o));
    }
    let name = format!("{}.{} n = {n}", t.variant.id, t.function);
    let mut out = match r.minimum {
        Some(m) => format!("{name}: minimum {m} moves ({} states explored)\n", r.states),
        None => format!("{name}: {UNREACHABLE} ({} states explored)\n", r.states),
    };
    if count {
        if let Some(c) = &r.optimal_solutions {
            out.push_str(&format!("optimal solutions: {c}\n"));
        }
    }
    if layers {
        let l: Vec<String> = r.layers.iter().map(ToString::to_string).collect();
        out.push_str(&format!("layers: {}\n", l.join(" ")));
    }
    if let Some(m) = moves {
        out.push_str(&format!("solution: {}\n", m.join(" ")));
    }
    out
}

//! `hanoilab search`.

use super::args::{DistArgs, Format};
use super::common::{emit, json, resolve, Target};
use super::records::append_record;
use super::validate::{parse_memory, parse_n, parse_range};
use super::CliError;
use crate::search::{
    answers_by_recursion, choose_route, disk_search, holds_disk_layers, human_bytes,
    search_with_stats, state_count_bound, state_space, Checkpointing, DiskOptions, Progress,
    RouteRefusal, RouteRequest, SearchError, SearchOptions, SearchResult, SearchRoute,
};

/// The flags of `hanoilab search` besides the target, `-n`, the parameters and the format.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchFlags<'a> {
    /// `--count`: count the minimal sequences.
    pub count: bool,
    /// `--solution`: print one optimal solution.
    pub solution: bool,
    /// `--layers`: print the layer sizes.
    pub layers: bool,
    /// `--explore-all`: explore the whole reachable graph.
    pub explore_all: bool,
    /// `--memory-limit SIZE`.
    pub memory_limit: Option<&'a str>,
    /// `--threads N` (at least 1).
    pub threads: Option<&'a str>,
    /// `--record FILE`: append a CSV row.
    pub record: Option<&'a str>,
    /// `--checkpoint DIR`: write checkpoints there.
    pub checkpoint: Option<&'a str>,
    /// `--resume DIR`: continue from the checkpoint there.
    pub resume: Option<&'a str>,
    /// `--scratch DIR`: the default place of checkpoints.
    pub scratch: Option<&'a str>,
    /// `--checkpoint-every SECONDS`.
    pub checkpoint_every: Option<&'a str>,
    /// `--halfway`: Korf's half-way search ([`crate::search::halfway_search`]).
    pub halfway: bool,
    /// `--bidirectional`: meet in the middle ([`crate::search::bidirectional_search`]).
    pub bidirectional: bool,
    /// `--sparse`: visited states in a hash set ([`SearchOptions::sparse`]).
    pub sparse: bool,
    /// `--from CONFIG`: the start instead of the function's ([`crate::puzzle::config_text`]).
    pub from: Option<&'a str>,
    /// `--to CONFIG`: the goal instead of the function's.
    pub to: Option<&'a str>,
}

/// `hanoilab search VARIANT[.FUNCTION] -n N [--count] [--solution] [--layers]
/// [--explore-all] [--threads N] [--memory-limit SIZE] [--record FILE]`: the exact optimum by
/// breadth-first search. An unreachable goal is an answer (exit 0); a memory estimate over
/// the limit is an error (exit 2).
pub fn search_cmd(
    target: &str,
    n: &str,
    flags: SearchFlags,
    params: &[String],
    dist: &DistArgs,
    format: Format,
) -> Result<(), CliError> {
    let SearchFlags {
        count,
        solution,
        layers,
        explore_all,
        ..
    } = flags;
    // `-n A..B`, or a table format (csv, md, bfile): one row per n ([`search_table`]).
    let (a, b) = match n.contains("..") {
        true => parse_range("-n", n)?,
        false => {
            let n = parse_n("-n", n)?;
            (n, n)
        }
    };
    if a != b || !matches!(format, Format::Human | Format::Json) {
        return search_table(target, (a, b), flags, params, dist, format);
    }
    let n = a;
    let (memory_limit, threads) = search_limits(&flags)?;
    let t = resolve(target, params)?;
    let name = format!("{}.{} n = {n}", t.variant.id, t.function);
    let checkpointing = checkpoint_flags(&flags, &t, n, &name)?;
    let mut puzzle = t
        .variant
        .puzzle(&t.function, n as i64, &t.params)
        .map_err(|e| CliError::input(e.to_string()))?;
    let (from_text, to_text) = (
        super::graph_cmd::config_arg("--from", flags.from)?,
        super::graph_cmd::config_arg("--to", flags.to)?,
    );
    let flags = SearchFlags {
        from: from_text.as_deref(),
        to: to_text.as_deref(),
        ..flags
    };
    let resume_dir = flags.resume.map(std::path::Path::new);
    let request = RouteRequest {
        label: &name,
        count,
        solution,
        layers,
        explore_all,
        sparse: flags.sparse,
        halfway: flags.halfway,
        bidirectional: flags.bidirectional,
        distributed: dist.active(),
        record: flags.record.is_some(),
        ends: flags.from.is_some() || flags.to.is_some(),
        checkpoint: checkpointing.as_ref(),
        resume: resume_dir,
        scratch: flags.scratch.is_some(),
        memory_limit,
    };
    let refused = |e: RouteRefusal| CliError::input(e.to_string());
    if request.ends {
        if answers_by_recursion(&puzzle, &request).map_err(refused)? {
            return super::graph_cmd::classic_route(&t, n, &puzzle, flags, format);
        }
        let parse = |flag: &str, text: Option<&str>| {
            text.map(|text| {
                crate::puzzle::config_text::parse_config(&puzzle, text)
                    .map_err(|e| CliError::input(format!("{name}: {flag} {e}")))
            })
            .transpose()
        };
        let (start, goal) = (parse("--from", flags.from)?, parse("--to", flags.to)?);
        if let Some(c) = start {
            puzzle.start = c;
        }
        if let Some(c) = goal {
            puzzle.goal = c;
        }
    }
    let run = super::halfway_cmd::RouteRun {
        name: &name,
        target: &t,
        n,
        memory_limit,
        threads,
        layers,
        count,
        record: flags.record,
        checkpoint: checkpointing.as_ref(),
    };
    let (estimate, limit) = match choose_route(&puzzle, &request).map_err(refused)? {
        SearchRoute::Halfway => return super::halfway_cmd::halfway_cmd(&puzzle, &run, format),
        SearchRoute::Bidirectional => {
            return super::bidirectional_cmd::bidirectional_cmd(&puzzle, &run, format)
        }
        SearchRoute::Distributed => {
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
        SearchRoute::Disk { limit } => {
            let scratch = flags.scratch.unwrap_or(".");
            return disk_route(&name, &t, n, &puzzle, scratch, limit, flags, format);
        }
        SearchRoute::Memory { estimate, limit } => (estimate, limit),
    };
    if super::progress::notes() {
        // Long runs: say what is coming before the first state is stored.
        eprintln!(
            "{name}: up to {} states, estimated memory {} (limit {}); route: {}",
            super::common::human_count(state_count_bound(&puzzle)),
            human_bytes(estimate),
            human_bytes(limit),
            route_text(
                crate::search::memory_encoding(
                    &puzzle,
                    &SearchOptions {
                        count,
                        solution,
                        sparse: flags.sparse,
                        checkpoint: checkpointing.as_ref(),
                        ..Default::default()
                    }
                ),
                estimate,
                limit
            )
        );
        if let Some(c) = &checkpointing {
            say_checkpointing(&name, c);
        }
    }
    let meter = search_meter(&puzzle);
    let hook = |p: Progress| meter.set(p.visited, &format!("layer {}", p.depth));
    let opts = SearchOptions {
        count,
        solution,
        explore_all,
        memory_limit,
        threads,
        sparse: flags.sparse,
        progress: Some(&hook),
        checkpoint: checkpointing.as_ref(),
        ..Default::default()
    };
    let result = search_with_stats(&puzzle, &opts);
    meter.finish();
    let (r, stats) = result.map_err(|e| match e {
        SearchError::MemoryLimit { .. }
        | SearchError::Malformed(_)
        | SearchError::Checkpoint(_)
        | SearchError::Damaged(_)
        | SearchError::NotApplicable(_) => CliError::input(format!("{name}: {e}")),
        SearchError::CheckpointIo(_) | SearchError::Interrupted { .. } | SearchError::Disk(_) => {
            CliError::failure(format!("{name}: {e}"))
        }
    })?;
    if let Some(file) = flags.record {
        append_record(file, &t, n, &r, stats.retraced > 0)?;
    }
    let mut text = render(&t, n, &r, count, solution, layers, format);
    let ends = (flags.from.is_some() || flags.to.is_some()).then(|| {
        use crate::puzzle::config_text::ConfigDisplay;
        (
            ConfigDisplay(&puzzle, &puzzle.start).to_string(),
            ConfigDisplay(&puzzle, &puzzle.goal).to_string(),
        )
    });
    if let (Some((from, to)), Format::Human) = (&ends, format) {
        text.push_str(&format!("from {from} to {to} by breadth-first search\n"));
    }

    if format == Format::Json {
        // The estimate next to what the search held, for checking the former on real runs.
        if let Ok(serde_json::Value::Object(mut o)) = serde_json::from_str(&text) {
            if let Some((from, to)) = &ends {
                o.insert("from".into(), from.clone().into());
                o.insert("to".into(), to.clone().into());
                o.insert("route".into(), "breadth-first search".into());
                o.insert("distance".into(), r.minimum.map(|m| m.to_string()).into());
                if let Some(c) = &r.optimal_solutions {
                    o.insert("shortest_paths".into(), c.to_string().into());
                }
            }
            o.insert(
                "search_route".into(),
                route_text(r.encoding, estimate, limit).into(),
            );
            o.insert("estimated_bytes".into(), estimate.into());
            o.insert("peak_bytes_held".into(), stats.peak_bytes.into());
            if stats.retraced > 0 {
                // The count retraced from the goal: the states on some minimal sequence.
                o.insert("states_on_minimal_sequences".into(), stats.retraced.into());
            }
            text = json(&serde_json::Value::Object(o));
        }
    }
    emit(&text)?;
    Ok(())
}

/// The progress of a search: states visited and the layer. The index space bounds the
/// states for the dense encoding, so the ETA from it is an upper bound (the search may stop
/// at the goal, or reach fewer states); otherwise there is no ETA.
fn search_meter(puzzle: &crate::puzzle::Puzzle) -> super::progress::Meter {
    super::progress::Meter::new("search", "states", state_space(puzzle), true, "layer 0")
}

/// Says on stderr where the checkpoints go and how to continue.
pub(super) fn say_checkpointing(name: &str, c: &Checkpointing) {
    eprintln!(
        "{name}: {} checkpoints in {} (Ctrl-C is safe; continue with --resume {})",
        if c.resume {
            "resuming from and writing"
        } else {
            "writing"
        },
        c.dir.display(),
        c.dir.display()
    );
}

/// The checkpoint settings of `--checkpoint`, `--resume`, `--scratch` and
/// `--checkpoint-every`, checked (an empty directory name, a bad interval: exit 2).
fn checkpoint_flags(
    flags: &SearchFlags,
    t: &Target,
    n: u64,
    name: &str,
) -> Result<Option<Checkpointing>, CliError> {
    for (flag, v) in [
        ("--checkpoint", flags.checkpoint),
        ("--resume", flags.resume),
        ("--scratch", flags.scratch),
    ] {
        if v.is_some_and(|d| d.trim().is_empty()) {
            return Err(CliError::input(format!("{flag}: expected a directory")));
        }
    }
    let every = flags
        .checkpoint_every
        .map(|v| parse_n("--checkpoint-every", v).map(std::time::Duration::from_secs))
        .transpose()?;
    let dir = match (flags.resume, flags.checkpoint, flags.scratch) {
        (Some(d), _, _) | (None, Some(d), _) => std::path::PathBuf::from(d),
        (None, None, Some(s)) => std::path::Path::new(s).join(format!(
            "checkpoint-{}.{}-n{n}",
            t.variant.id.replace(['/', '\\'], "_"),
            t.function
        )),
        (None, None, None) => {
            if every.is_some() {
                return Err(CliError::input(
                    "--checkpoint-every: give --checkpoint DIR (or --scratch DIR) too",
                ));
            }
            return Ok(None);
        }
    };
    // (The disk route's checkpoint is its layer files with their manifest.)
    if flags.resume.is_some() && !dir.join("checkpoint").is_file() && !holds_disk_layers(&dir) {
        return Err(CliError::input(format!(
            "--resume {}: no checkpoint to resume there",
            dir.display()
        )));
    }
    Ok(Some(Checkpointing {
        resume: flags.resume.is_some(),
        every,
        ..Checkpointing::new(dir, name)
    }))
}

/// Which route a search in memory takes and why, from the encoding it takes
/// ([`crate::search::memory_encoding`], or the result's).
fn route_text(encoding: crate::search::Encoding, estimate: u64, limit: u64) -> String {
    use crate::search::Encoding;
    let budget = format!(
        "estimated {} against the memory limit of {}",
        human_bytes(estimate),
        human_bytes(limit)
    );
    let count = |space: u64| super::common::human_count(space as f64);
    match encoding {
        Encoding::Sparse { space } => format!(
            "breadth-first keeping only the states reached in a hash set (--sparse; the index space has {} configurations)",
            count(space)
        ),
        Encoding::Dense { space } | Encoding::Disk { space } => format!(
            "breadth-first over a dense index of {} configurations ({budget})",
            count(space)
        ),
        Encoding::SortedLayers => format!(
            "breadth-first over sorted layers of packed configurations (equal sizes leave the order on a pin free, so no dense index applies; every move can be undone, so two layers are kept, not every state met; {budget})"
        ),
        Encoding::Generic => format!(
            "breadth-first over interned configurations (equal sizes leave the order on a pin free, so no dense index applies; {budget})"
        ),
    }
}

/// The search past `limit` with its layers in files under `scratch` ([`disk_search`]): the
/// minimum, the layer sizes and (with `--count`) the number of optimal solutions, with the
/// sort buffer within the limit.
#[allow(clippy::too_many_arguments)]
fn disk_route(
    name: &str,
    t: &Target,
    n: u64,
    puzzle: &crate::puzzle::Puzzle,
    scratch: &str,
    limit: u64,
    flags: SearchFlags,
    format: Format,
) -> Result<(), CliError> {
    // The layer files are the checkpoint: in --checkpoint or --resume DIR when given, else
    // under --scratch; kept when the run is killed or fails, removed when it answers.
    let dir = match (flags.resume, flags.checkpoint) {
        (Some(d), _) | (None, Some(d)) => std::path::PathBuf::from(d),
        (None, None) => {
            std::path::Path::new(scratch).join(format!("disk-{}.{}-n{n}", t.variant.id, t.function))
        }
    };
    std::fs::create_dir_all(&dir)
        .map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?;
    if super::progress::notes() {
        eprintln!(
            "{name}: up to {} states, over the memory limit {} in memory: layers on disk in {} \
             ({}; no solution; Ctrl-C is safe, continue with --resume {})",
            super::common::human_count(state_count_bound(puzzle)),
            human_bytes(limit),
            dir.display(),
            match flags.count {
                true => "each state with its number of shortest paths",
                false => "8 bytes per state of the widest layers",
            },
            dir.display()
        );
    }
    // The same progress line as in memory (states/s, an ETA bounded by the index space).
    let meter = search_meter(puzzle);
    let hook = |p: Progress| meter.set(p.visited, &format!("layer {} (on disk)", p.depth));
    let r = disk_search(
        puzzle,
        &DiskOptions {
            // Three quarters for the sort buffer; the rest for the file buffers (64 KiB per
            // open file: a run per filled buffer, the layers read beside).
            explore_all: flags.explore_all,
            progress: Some(&hook),
            resumable: true,
            resume: flags.resume.is_some(),
            count: flags.count,
            ..DiskOptions::new(&dir, limit / 4 * 3)
        },
    );
    meter.finish();
    // The directory made for this search goes when empty (the layers are removed by the
    // search itself).
    let _ = std::fs::remove_dir(&dir);
    let r = r.map_err(|e| match e {
        SearchError::Malformed(_)
        | SearchError::Checkpoint(_)
        | SearchError::Damaged(_)
        | SearchError::NotApplicable(_) => CliError::input(format!("{name}: {e}")),
        // The hint only when there is something to resume (not, say, for a directory that
        // was occupied before the run).
        _ if holds_disk_layers(&dir) => CliError::failure(format!(
            "{name}: {e} (the layers so far stay in {}: continue with --resume {})",
            dir.display(),
            dir.display()
        )),
        _ => CliError::failure(format!("{name}: {e}")),
    })?;
    if let Some(file) = flags.record {
        append_record(file, t, n, &r, false)?;
    }
    emit(&render(t, n, &r, flags.count, false, flags.layers, format))
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
        if let Some(e) = r.start_eccentricity() {
            o.insert("eccentricity".into(), e.into());
        }
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
    if let (Some(e), true) = (r.start_eccentricity(), r.complete && r.minimum.is_some()) {
        out.push_str(&format!(
            "eccentricity of the start: {e} (every reachable state is within {e} moves)\n"
        ));
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

/// `search -n A..B`, or one n in a table format: a search per n, one row each (n, minimum,
/// states; with `--count` the optimal solutions, with `--explore-all` the eccentricity of the
/// start), or with `--layers` one row per layer (n, depth, states). `bfile` writes
/// `n minimum` lines (an unreachable n has no line). Every n's route is chosen before the
/// first search runs: a range runs in memory only, and the flags for one n alone (a
/// solution, other ends, the meet-in-the-middle and distributed searches, checkpoints)
/// are refused (exit 2).
fn search_table(
    target: &str,
    (a, b): (u64, u64),
    flags: SearchFlags,
    params: &[String],
    dist: &DistArgs,
    format: Format,
) -> Result<(), CliError> {
    let why = match (a == b, format) {
        (true, f) => format!("--format {}", super::validate::format_name(f)),
        (false, _) => format!("-n {a}..{b}"),
    };
    let single = [
        ("--solution", flags.solution),
        ("--from", flags.from.is_some()),
        ("--to", flags.to.is_some()),
        ("--halfway", flags.halfway),
        ("--bidirectional", flags.bidirectional),
        ("--checkpoint", flags.checkpoint.is_some()),
        ("--resume", flags.resume.is_some()),
        ("--scratch", flags.scratch.is_some()),
        ("--checkpoint-every", flags.checkpoint_every.is_some()),
        ("the distributed search", dist.active()),
    ];
    if let Some((flag, _)) = single.iter().find(|(_, given)| *given) {
        return Err(CliError::input(format!(
            "search {why}: {flag} is for one n with --format human or json (a table of \
             searches runs each n in memory)"
        )));
    }
    if flags.layers && format == Format::Bfile {
        return Err(CliError::input(
            "search --format bfile writes n and the minimum: --layers needs --format human, \
             json, csv or md",
        ));
    }
    let (memory_limit, threads) = search_limits(&flags)?;
    let t = resolve(target, params)?;
    // Every puzzle and its route first: a refusal (a memory estimate over the limit) comes
    // before any search, with nothing printed or recorded.
    let mut puzzles = Vec::new();
    for n in a..=b {
        let name = format!("{}.{} n = {n}", t.variant.id, t.function);
        let puzzle = t
            .variant
            .puzzle(&t.function, n as i64, &t.params)
            .map_err(|e| CliError::input(e.to_string()))?;
        let request = RouteRequest {
            label: &name,
            count: flags.count,
            solution: false,
            layers: flags.layers,
            explore_all: flags.explore_all,
            sparse: flags.sparse,
            halfway: false,
            bidirectional: false,
            distributed: false,
            record: flags.record.is_some(),
            ends: false,
            checkpoint: None,
            resume: None,
            scratch: false,
            memory_limit,
        };
        match choose_route(&puzzle, &request).map_err(|e| CliError::input(e.to_string()))? {
            SearchRoute::Memory { .. } => puzzles.push((n, name, puzzle)),
            _ => {
                return Err(CliError::input(format!(
                    "{name}: a table of searches runs in memory only; search this n alone"
                )))
            }
        }
    }
    let mut results = Vec::new();
    for (n, name, puzzle) in &puzzles {
        let opts = SearchOptions {
            count: flags.count,
            explore_all: flags.explore_all,
            memory_limit,
            threads,
            sparse: flags.sparse,
            ..Default::default()
        };
        let (r, stats) = search_with_stats(puzzle, &opts).map_err(|e| match e {
            SearchError::CheckpointIo(_)
            | SearchError::Interrupted { .. }
            | SearchError::Disk(_) => CliError::failure(format!("{name}: {e}")),
            _ => CliError::input(format!("{name}: {e}")),
        })?;
        results.push((*n, r, stats.retraced > 0));
    }
    // The output first: a b-file with no row is refused before anything is recorded.
    let rows: Vec<(u64, SearchResult)> = results.iter().map(|(n, r, _)| (*n, r.clone())).collect();
    let text = search_rows(&t, &rows, flags, format)?;
    if let Some(file) = flags.record {
        for (n, r, retraced) in &results {
            append_record(file, &t, *n, r, *retraced)?;
        }
    }
    emit(&text)
}

/// The rows of [`search_table`] in `format`.
fn search_rows(
    t: &Target,
    rows: &[(u64, SearchResult)],
    flags: SearchFlags,
    format: Format,
) -> Result<String, CliError> {
    use crate::output::{Cell, Table};
    if format == Format::Json {
        let objects: Vec<serde_json::Value> = rows
            .iter()
            .map(|(n, r)| {
                let mut o = serde_json::Map::new();
                o.insert("n".into(), (*n).into());
                o.insert("minimum".into(), r.minimum.into());
                o.insert("states".into(), r.states.into());
                o.insert("complete".into(), r.complete.into());
                if let Some(e) = r.start_eccentricity() {
                    o.insert("eccentricity".into(), e.into());
                }
                if flags.count {
                    let c = r.optimal_solutions.as_ref().map(ToString::to_string);
                    o.insert("optimal_solutions".into(), c.into());
                }
                if flags.layers {
                    o.insert("layers".into(), r.layers.clone().into());
                }
                serde_json::Value::Object(o)
            })
            .collect();
        return Ok(json(&serde_json::json!({
            "variant": t.variant.id,
            "function": t.function,
            "rows": objects,
        })));
    }
    let mut columns = vec!["n", "minimum", "states"];
    if flags.count {
        columns.push("optimal_solutions");
    }
    if flags.explore_all {
        columns.push("eccentricity");
    }
    let mut table = Table::new(&columns);
    for (n, r) in rows {
        let mut row = vec![Cell::from(*n), Cell::from(r.minimum), Cell::from(r.states)];
        if flags.count {
            row.push(Cell::from(r.optimal_solutions.as_ref()));
        }
        if flags.explore_all {
            row.push(Cell::from(r.start_eccentricity()));
        }
        table.push(row);
    }
    let mut layers = Table::new(&["n", "depth", "states"]);
    for (n, r) in rows {
        for (depth, states) in r.layers.iter().enumerate() {
            layers.push(vec![Cell::from(*n), Cell::from(depth), Cell::from(*states)]);
        }
    }
    Ok(match (format, flags.layers) {
        (Format::Bfile, _) => table.to_bfile(1).ok_or_else(|| {
            CliError::input(format!(
                "search --format bfile: no n of the range reaches the goal of {}.{}",
                t.variant.id, t.function
            ))
        })?,
        (Format::Human, true) => format!(
            "{}.{}\n{}\nlayers\n{}",
            t.variant.id,
            t.function,
            table.to_human(),
            layers.to_human()
        ),
        (Format::Human, false) => format!("{}.{}\n{}", t.variant.id, t.function, table.to_human()),
        (f, true) => super::common::render_table(&layers, f)?,
        (f, false) => super::common::render_table(&table, f)?,
    })
}

/// `--threads` (1..=the search's most worker threads; all cores when absent), the memory
/// limit, and a `--record` that names a file: checked before any work, for one search and
/// for a table of them alike.
fn search_limits(flags: &SearchFlags) -> Result<(Option<u64>, usize), CliError> {
    let memory_limit = flags
        .memory_limit
        .map(|v| parse_memory("--memory-limit", v))
        .transpose()?;
    if flags.record.is_some_and(|f| f.trim().is_empty()) {
        return Err(CliError::input("--record: expected a file name"));
    }
    // A record row names the function, and the records answer for the function's own start
    // and goal: a search between other configurations would be read as the function's optimum.
    if flags.record.is_some() && (flags.from.is_some() || flags.to.is_some()) {
        return Err(CliError::input(
            "--record: a record row is the optimum of the function's own start and goal; \
             it cannot be kept for a search with --from or --to",
        ));
    }
    Ok((memory_limit, parse_threads(flags.threads)?))
}

/// `--threads`: 1..=[`crate::search::MAX_WORKER_THREADS`], or all cores (0) when absent.
pub(super) fn parse_threads(threads: Option<&str>) -> Result<usize, CliError> {
    Ok(match threads {
        Some(v) => match parse_n("--threads", v)? {
            0 => {
                return Err(CliError::input(format!(
                    "--threads `{v}`: expected at least 1"
                )))
            }
            t if t > crate::search::MAX_WORKER_THREADS as u64 => {
                return Err(CliError::input(format!(
                    "--threads `{v}`: at most {}",
                    crate::search::MAX_WORKER_THREADS
                )))
            }
            t => t as usize,
        },
        None => 0,
    })
}

//! `hanoilab graph` (statistics of a whole state graph) and the classic route of
//! `hanoilab search --from A --to B` (Hinz's recursion instead of a search).

use super::args::Format;
use super::common::{emit, json, resolve, Target};
use super::search_cmd::SearchFlags;
use super::validate::parse_n;
use super::CliError;
use crate::graph::classic::{classic_distance, classic_path, LargestDisc};
use crate::graph::stats::graph_stats_with;
use crate::puzzle::config_text::{format_positions, parse_positions, positions_of};
use crate::puzzle::{Config, Puzzle};
use crate::search::{state_graph, SearchError};
use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// The most moves `search --solution` prints on the classic route.
pub const MAX_SOLUTION_MOVES: u64 = 10_000_000;

/// The text of a `--from` / `--to` value: `@FILE` stands for the file's contents (a
/// configuration of more than about 100,000 discs does not fit in one command-line argument).
pub fn config_arg(flag: &str, value: Option<&str>) -> Result<Option<String>, CliError> {
    match value {
        Some(v) => match v.strip_prefix('@') {
            Some(path) => std::fs::read_to_string(path)
                .map(|t| Some(t.trim().to_string()))
                .map_err(|e| CliError::from_io(format!("{flag} @{path}: {e}"), &e)),
            None => Ok(Some(v.to_string())),
        },
        None => Ok(None),
    }
}

/// Distances with more bits than this are printed by their size and leading hexadecimal
/// digits rather than in decimal (the decimal conversion of a million bits is slow).
const MAX_DECIMAL_BITS: u64 = 100_000;

/// The classic three-pin puzzle from `--from` to `--to` (either defaulting to the function's
/// start or goal) by Hinz's recursion ([`crate::graph::classic`]): the distance, the number
/// of shortest paths (one or two) and with `--solution` one shortest path.
pub fn classic_route(
    t: &Target,
    n: u64,
    puzzle: &Puzzle,
    flags: SearchFlags,
    format: Format,
) -> Result<(), CliError> {
    let name = format!("{}.{} n = {n}", t.variant.id, t.function);
    let end = |flag: &str, text: Option<&str>, default: &Config| -> Result<Vec<u8>, CliError> {
        let pins = match text {
            Some(text) => parse_positions(text, puzzle.discs.len(), 3)
                .map_err(|e| CliError::input(format!("{name}: {flag} {e}")))?,
            None => positions_of(puzzle, default).ok_or_else(|| {
                CliError::failure(format!(
                    "{name}: the function's configuration is not sorted"
                ))
            })?,
        };
        Ok(pins.into_iter().map(|p| p as u8).collect())
    };
    let from = end("--from", flags.from, &puzzle.start)?;
    let to = end("--to", flags.to, &puzzle.goal)?;
    let d = classic_distance(&from, &to).map_err(|e| CliError::input(format!("{name}: {e}")))?;
    let moves = if flags.solution {
        match d.distance.to_u64() {
            Some(m) if m <= MAX_SOLUTION_MOVES => Some(
                classic_path(&from, &to)
                    .map_err(|e| CliError::input(format!("{name}: {e}")))?
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>(),
            ),
            _ => {
                return Err(CliError::input(format!(
                    "{name}: --solution: the shortest path has {} moves, more than the {} \
                     printed at most",
                    distance_text(&d.distance),
                    MAX_SOLUTION_MOVES
                )))
            }
        }
    } else {
        None
    };
    let show = |pins: &[u8]| -> String {
        let wide: Vec<u32> = pins.iter().map(|&p| p.into()).collect();
        format_positions(&wide, 3)
    };
    let how = match d.largest_disc {
        LargestDisc::Stays => "nothing moves",
        LargestDisc::Once => "moves once",
        LargestDisc::Twice => "moves twice",
        LargestDisc::OnceOrTwice => "moves once on one and twice on the other",
    };
    let largest_size = d.largest_moving.map(|i| n - i as u64);
    const ROUTE: &str = "Hinz's recursion for three pins (no search)";
    if format == Format::Json {
        let mut o = serde_json::Map::new();
        o.insert("variant".into(), t.variant.id.clone().into());
        o.insert("function".into(), t.function.clone().into());
        o.insert("n".into(), n.into());
        o.insert("from".into(), show(&from).into());
        o.insert("to".into(), show(&to).into());
        o.insert("route".into(), ROUTE.into());
        o.insert("distance".into(), distance_text(&d.distance).into());
        o.insert("distance_bits".into(), d.distance.bits().into());
        o.insert("shortest_paths".into(), d.shortest_paths.into());
        o.insert("largest_moving_disc".into(), largest_size.into());
        o.insert(
            "largest_disc_moves".into(),
            match d.largest_disc {
                LargestDisc::Stays => serde_json::json!([]),
                LargestDisc::Once => serde_json::json!([1]),
                LargestDisc::Twice => serde_json::json!([2]),
                LargestDisc::OnceOrTwice => serde_json::json!([1, 2]),
            },
        );
        if let Some(m) = moves {
            o.insert("solution".into(), m.into());
        }
        return emit(&json(&serde_json::Value::Object(o)));
    }
    let ends = match n <= 64 {
        true => format!(" from {} to {}", show(&from), show(&to)),
        false => String::new(),
    };
    let mut out = format!(
        "{name}: distance {} moves{ends} by {ROUTE}\nshortest paths: {} (",
        distance_text(&d.distance),
        d.shortest_paths
    );
    match largest_size {
        Some(s) => out.push_str(&format!("the largest moving disc, of size {s}, {how})\n")),
        None => out.push_str("the configurations are equal)\n"),
    }
    if let Some(m) = moves {
        out.push_str(&format!("solution: {}\n", m.join(" ")));
    }
    emit(&out)
}

/// A distance in decimal, or, past [`MAX_DECIMAL_BITS`], its bit length and leading
/// hexadecimal digits.
fn distance_text(d: &BigUint) -> String {
    let bits = d.bits();
    if bits <= MAX_DECIMAL_BITS {
        return d.to_string();
    }
    let hex = d.to_str_radix(16);
    format!("0x{}... ({bits} bits)", &hex[..16])
}

/// `hanoilab graph VARIANT[.FUNCTION] -n N [--max-states N] [--threads N] [--format F]`: the
/// statistics of the states reachable from the function's start ([`graph_stats_with`]),
/// refused (exit 2) past `max_states` states before the search from every state.
#[allow(clippy::too_many_arguments)] // one per flag of the command
pub fn graph_cmd(
    target: &str,
    n: &str,
    max_states: u64,
    threads: Option<&str>,
    params: &[String],
    guess: Option<usize>,
    format: Format,
) -> Result<(), CliError> {
    let threads = super::search_cmd::parse_threads(threads)?;
    if n.contains("..") {
        return graph_range_cmd(target, n, max_states, threads, params, guess, format);
    }
    if guess.is_some() {
        return Err(CliError::input(
            "graph --guess: give a range of n (`-n 0..8`), whose terms the guesser reads",
        ));
    }
    let n = parse_n("-n", n)?;
    graph_one_cmd(target, n, max_states, threads, params, format)
}

/// The graph of one n, every statistic.
fn graph_one_cmd(
    target: &str,
    n: u64,
    max_states: u64,
    threads: usize,
    params: &[String],
    format: Format,
) -> Result<(), CliError> {
    check_format(format)?;
    let t = resolve(target, params)?;
    let name = format!("{}.{} n = {n}", t.variant.id, t.function);
    let puzzle = t
        .variant
        .puzzle(&t.function, n as i64, &t.params)
        .map_err(|e| CliError::input(e.to_string()))?;
    let limit = usize::try_from(max_states)
        .unwrap_or(usize::MAX)
        .min(u32::MAX as usize);
    let g = state_graph(&puzzle, limit).map_err(|e| match e {
        SearchError::MemoryLimit { .. } => CliError::input(format!(
            "{name}: the state graph has more than --max-states {max_states} states (a search \
             from every state costs their number squared; raise --max-states to go on)"
        )),
        e => CliError::input(format!("{name}: {e}")),
    })?;
    let s = graph_stats_with(&g, threads);
    let opt = |x: Option<u64>| x.map_or(String::new(), |v| v.to_string());
    let degrees: Vec<String> = s.degrees.iter().map(|(d, c)| format!("{d}:{c}")).collect();
    let average = s.average_distance.as_ref();
    let mut rows: Vec<(&str, String)> = vec![
        ("variant", t.variant.id.clone()),
        ("function", t.function.clone()),
        ("n", n.to_string()),
        ("vertices", s.vertices.to_string()),
        ("arcs", s.arcs.to_string()),
        ("symmetric", s.symmetric.to_string()),
        ("edges", opt(s.edges)),
        ("min_degree", s.min_degree.to_string()),
        ("max_degree", s.max_degree.to_string()),
        ("degrees", degrees.join(" ")),
        ("strongly_connected", s.strongly_connected.to_string()),
        ("diameter", opt(s.diameter)),
        ("radius", opt(s.radius)),
        ("distance_sum", s.distance_sum.to_string()),
        (
            "average_distance",
            average.map_or(String::new(), ToString::to_string),
        ),
        (
            "average_distance_decimal",
            average.map_or(String::new(), |a| decimal(a, 6)),
        ),
        (
            "wiener_index",
            s.wiener_index
                .as_ref()
                .map_or(String::new(), ToString::to_string),
        ),
        (
            "ordered_pairs_with_several_shortest_paths",
            s.several_shortest_paths.to_string(),
        ),
    ];
    rows.push(("pin_automorphisms", s.pin_automorphisms.to_string()));
    rows.push(("pin_orbits", s.pin_orbits.to_string()));
    if s.symmetric {
        rows.push((
            "pairs_with_several_shortest_paths",
            (s.several_shortest_paths / 2).to_string(),
        ));
    }
    let text = match format {
        Format::Json => {
            let mut o = serde_json::Map::new();
            for (k, v) in &rows {
                let value = match v.parse::<u64>() {
                    Ok(x) if *k != "distance_sum" && *k != "wiener_index" => x.into(),
                    _ if v.is_empty() => serde_json::Value::Null,
                    _ if v == "true" || v == "false" => (v == "true").into(),
                    _ => v.clone().into(),
                };
                o.insert((*k).into(), value);
            }
            o.insert(
                "degrees".into(),
                s.degrees
                    .iter()
                    .map(|(d, c)| (d.to_string(), serde_json::Value::from(*c)))
                    .collect::<serde_json::Map<_, _>>()
                    .into(),
            );
            o.insert("distances".into(), s.distances.clone().into());
            json(&serde_json::Value::Object(o))
        }
        Format::Csv => {
            let mut out = String::from("quantity,value\n");
            for (k, v) in &rows {
                out.push_str(&format!("{k},{v}\n"));
            }
            out
        }
        _ => {
            let mut out = format!(
                "{name}: the state graph of the {} states reachable from the start\n",
                s.vertices
            );
            for (k, v) in rows.iter().skip(3) {
                if !v.is_empty() {
                    out.push_str(&format!("{}: {v}\n", k.replace('_', " ")));
                }
            }
            out
        }
    };
    emit(&text)
}

fn check_format(format: Format) -> Result<(), CliError> {
    if !matches!(format, Format::Human | Format::Json | Format::Csv) {
        return Err(CliError::input(
            "graph --format: expected human, json or csv",
        ));
    }
    Ok(())
}

/// The graphs of `-n A..B`, one row of statistics per n
/// ([`crate::graph::sequences::GraphSequences`]), and with `guess` the law the guesser
/// finds in each statistic with that many confirming terms.
fn graph_range_cmd(
    target: &str,
    range: &str,
    max_states: u64,
    threads: usize,
    params: &[String],
    guess: Option<usize>,
    format: Format,
) -> Result<(), CliError> {
    use crate::algebra::guess::{GuessOptions, Law};
    use crate::graph::sequences::{GraphSequences, SEQUENCE_NAMES};
    check_format(format)?;
    let (a, b) = super::validate::parse_range("-n", range)?;
    let t = resolve(target, params)?;
    let name = format!("{}.{} n = {a}..{b}", t.variant.id, t.function);
    let limit = usize::try_from(max_states)
        .unwrap_or(usize::MAX)
        .min(u32::MAX as usize);
    let seqs = GraphSequences::compute(&t.variant, &t.function, &t.params, a..=b, limit, threads)
        .map_err(|e| match e {
        crate::graph::sequences::GraphSequenceError::TooLarge { n, .. } => {
            CliError::input(format!(
                "{name}: the state graph at n = {n} has more than --max-states {max_states} \
                     states (a search from every state costs their number squared; raise \
                     --max-states or end the range before n = {n})"
            ))
        }
        e => CliError::input(format!("{name}: {e}")),
    })?;
    let columns: Vec<(&str, Vec<String>)> = SEQUENCE_NAMES
        .iter()
        .map(|&c| {
            let cells = (0..seqs.stats.len())
                .map(|i| seqs.value(i, c).map_or(String::new(), |v| v.to_string()))
                .collect();
            (c, cells)
        })
        .collect();
    let guesses = guess.map(|confirmations| {
        seqs.guesses(&GuessOptions {
            confirmations,
            closed_form: false,
            ..GuessOptions::default()
        })
    });
    let law_text =
        |g: &Result<crate::algebra::guess::Guess, crate::algebra::guess::GuessError>| match g {
            Ok(g) => {
                let how = format!(
                    "{} terms determine it, {} confirm it",
                    g.law.determined_by(),
                    g.law.confirmed_by()
                );
                match &g.law {
                    Law::CFinite(c) => format!(
                        "{} for n >= {} (linear, order {}; {how})",
                        c.to_text(),
                        c.holds_from(),
                        c.order()
                    ),
                    Law::Holonomic(h) => format!("{} (P-recursive; {how})", h.to_text()),
                    Law::Periodic(_) => format!("laws by residue class of n ({how})"),
                }
            }
            Err(e) => format!("no law: {e}"),
        };
    let text = match format {
        Format::Json => {
            let rows: Vec<serde_json::Value> = (0..seqs.stats.len())
                .map(|i| {
                    let mut o = serde_json::Map::new();
                    o.insert("n".into(), (a + i as u64).into());
                    for (c, cells) in &columns {
                        let v = &cells[i];
                        o.insert(
                            (*c).into(),
                            if v.is_empty() {
                                serde_json::Value::Null
                            } else {
                                v.clone().into()
                            },
                        );
                    }
                    serde_json::Value::Object(o)
                })
                .collect();
            let mut o = serde_json::Map::new();
            o.insert("variant".into(), t.variant.id.clone().into());
            o.insert("function".into(), t.function.clone().into());
            o.insert("rows".into(), rows.into());
            if let Some(gs) = &guesses {
                let laws: serde_json::Map<String, serde_json::Value> = gs
                    .iter()
                    .map(|(c, g)| ((*c).to_string(), law_text(g).into()))
                    .collect();
                o.insert("laws".into(), laws.into());
            }
            json(&serde_json::Value::Object(o))
        }
        Format::Csv => {
            let mut out = String::from("n");
            for (c, _) in &columns {
                out.push(',');
                out.push_str(c);
            }
            out.push('\n');
            for i in 0..seqs.stats.len() {
                out.push_str(&(a + i as u64).to_string());
                for (_, cells) in &columns {
                    out.push(',');
                    out.push_str(&cells[i]);
                }
                out.push('\n');
            }
            out
        }
        _ => {
            let mut out = format!("{name}: the state graph of the states each start reaches\n");
            for (c, cells) in &columns {
                if cells.iter().all(String::is_empty) {
                    continue;
                }
                out.push_str(&format!("{}: {}\n", c.replace('_', " "), cells.join(", ")));
            }
            if let Some(gs) = &guesses {
                out.push_str("\nlaws (conjectures from these terms):\n");
                for (c, g) in gs {
                    out.push_str(&format!("{}: {}\n", c.replace('_', " "), law_text(g)));
                }
            }
            out
        }
    };
    emit(&text)
}

/// `a` in decimal with `places` digits after the point, truncated (exact integer division).
fn decimal(a: &num_rational::BigRational, places: u32) -> String {
    use num_bigint::BigInt;
    let scaled: BigInt = a.numer() * BigInt::from(10u32).pow(places) / a.denom();
    let text = scaled.to_string();
    let width = places as usize + 1;
    let text = format!("{text:0>width$}");
    let (int, frac) = text.split_at(text.len() - places as usize);
    format!("{int}.{frac}")
}

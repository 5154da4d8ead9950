//! Korf's half-way search: the minimum of a tower puzzle on interchangeable pins from a
//! breadth-first search of the smaller discs that stops half-way.
//!
//! # The argument (docs/search.md, "Half-way search", has it in full)
//!
//! Take a tower of `n` discs from pin `s` to pin `g ≠ s` on `p` pins, every move allowed
//! (complete move graph), fixed colours, every pin on the same base, and call `L` the
//! largest disc. `L` never constrains a smaller disc except through its colour, so while `L`
//! stays on `s` the `m = n - 1` smaller discs move as in the *reduced puzzle*: `m` discs on
//! `p` pins, pin `s` with `L`'s colour as its base.
//!
//! * Lower bound. When `L` first moves, from `s` to some `X`, the smaller discs are on
//!   neither `s` nor `X`: a configuration of the target set `T` = "pin `s` empty and some
//!   other pin empty". So the moves before it number at least `d`, the distance in the
//!   reduced puzzle from the tower on `s` to `T`. After `L`'s last move, onto `g`, the moves
//!   that remain, reversed (every move is undone by the opposite move, the colour rule being
//!   symmetric and every reachable configuration legal) and mirrored by the transposition
//!   of `s` and `g` (an automorphism: every pin has the same base), are again a path from the
//!   tower on `s` to `T` in the reduced puzzle: at least `d`. With at least one move of `L`,
//!   the minimum is at least `2d + 1`.
//! * Upper bound. Let `C ∈ T` be at distance `d` with pin `g` empty too. Then: the `d` moves
//!   to `C`, `L` from `s` to `g`, and the `d` moves to `C` reversed and mirrored (which fixes
//!   `C`) — `2d + 1` moves. Such a `C` exists when pins other than `s` are interchangeable
//!   (rename the empty pin of any `C ∈ T` at distance `d` to `g`): the minimum is exactly
//!   `2d + 1`. The search checks it anyway: [`HalfwayResult::exact`] is true when a
//!   configuration of `T` at distance `d` leaves `g` empty.
//!
//! The search runs over representatives of the configurations up to a renaming of the pins
//! other than `s` ([`super::symmetry`]): `(p-1)!` times fewer entries (6 on four pins), two
//! bits each, and it stops at depth `d`, about half the diameter. For Reve's puzzle with 18
//! discs that is a table of 4^17 / 6 entries (716 MB) instead of a search over 4^18 states.
//! Korf: "Best-first frontier search with delayed duplicate detection", AAAI 2004, and Korf
//! and Felner, "Recent progress in heuristic search: a case study of the four-peg Towers of
//! Hanoi problem", IJCAI 2007 (both use this half-way bound).

use super::bfs::default_memory_limit;
use super::dense::DenseSpace;
use super::frontier::{expand_entries, reach, MARK_WORDS as CHUNK};
use super::frontier::{on_threads, report_layer};
use super::symmetry::{CanonicalIndex, IndexSpec};
use super::{SearchError, SearchOptions};
use crate::puzzle::{ColourRule, Config, Disc, Puzzle, Recolour, SizeRule};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// The outcome of a [`halfway_search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HalfwayResult {
    /// `2d + 1`: the minimum number of moves when [`HalfwayResult::exact`], a lower bound
    /// otherwise.
    pub minimum: u64,
    /// Whether `minimum` is the minimum (a configuration at distance `d` leaves both the
    /// start and the goal pin empty).
    pub exact: bool,
    /// `d`: the fewest moves of the smaller discs before the largest disc can move.
    pub half: u64,
    /// Configurations of the smaller discs at each distance `0..=d` (every renaming counted).
    pub layers: Vec<u64>,
    /// Representatives (up to renaming) at each distance `0..=d`.
    pub classes: Vec<u64>,
    /// Configurations of the smaller discs within distance `d` (sum of `layers`).
    pub states: u64,
    /// Entries of the two-bit table (the number of representatives).
    pub index_size: u64,
    /// Bytes of the two-bit table.
    pub table_bytes: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

/// Why a half-way search did not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HalfwayError {
    /// The puzzle is not of the shape the argument needs.
    #[error("the half-way search does not apply: {0}")]
    NotApplicable(String),
    /// The table exceeds the memory limit, or the puzzle is malformed.
    #[error(transparent)]
    Search(#[from] SearchError),
}

fn not_applicable(why: impl Into<String>) -> HalfwayError {
    HalfwayError::NotApplicable(why.into())
}

/// Whether a disc of colour `c` may sit on `under` (a disc's colour or a base).
fn colour_fits(rule: ColourRule, c: u8, under: Option<u8>) -> bool {
    match (rule, under) {
        (_, None) | (ColourRule::Any, _) => true,
        (ColourRule::NotSame, Some(u)) => c != u,
        (ColourRule::MustMatch, Some(u)) => c == u,
    }
}

/// The only non-empty pin of `config`, when it holds every one of `n` discs.
fn tower_pin(config: &Config, n: usize) -> Option<usize> {
    let full: Vec<usize> = (0..config.pins.len())
        .filter(|&q| !config.pins[q].is_empty())
        .collect();
    match full[..] {
        [q] if config.pins[q].len() == n => Some(q),
        _ => None,
    }
}

/// The reduced puzzle of the `n - 1` smaller discs, the largest one's start pin renamed 0
/// and its goal pin `p - 1`; checks every condition of the argument.
fn reduce(puzzle: &Puzzle) -> Result<Puzzle, HalfwayError> {
    let n = puzzle.discs.len();
    let p = puzzle.pins;
    if n == 0 {
        return Err(not_applicable("no discs"));
    }
    if DenseSpace::new(puzzle).is_none() || puzzle.rules.size_rule != SizeRule::Strict {
        return Err(not_applicable(
            "the discs need distinct sizes and a start stacked largest at the bottom",
        ));
    }
    let rules = &puzzle.rules;
    if rules.recolour != Recolour::Fixed || rules.access.is_some() {
        return Err(not_applicable(
            "colours must stay fixed and every disc may go on every pin",
        ));
    }
    if !(0..p).all(|f| (0..p).all(|t| f == t || rules.arcs[f][t])) {
        return Err(not_applicable(
            "every move between two pins must be allowed",
        ));
    }
    let (Some(s), Some(g)) = (tower_pin(&puzzle.start, n), tower_pin(&puzzle.goal, n)) else {
        return Err(not_applicable("start and goal must each be one tower"));
    };
    if s == g || puzzle.goal.colours != puzzle.start.colours {
        return Err(not_applicable(
            "the goal must be the start tower on another pin",
        ));
    }
    let size = |d: u32| puzzle.discs[d as usize].size;
    if puzzle.goal.pins[g]
        .windows(2)
        .any(|w| size(w[0]) < size(w[1]))
    {
        return Err(not_applicable(
            "the goal tower must be stacked largest at the bottom",
        ));
    }
    if puzzle.bases.iter().any(|b| *b != puzzle.bases[0]) {
        return Err(not_applicable("every pin must have the same base"));
    }
    let colour = |d: u32| puzzle.start.colours[d as usize];
    let tower = &puzzle.start.pins[s];
    let legal = tower
        .windows(2)
        .all(|w| colour_fits(rules.colour_rule, colour(w[1]), Some(colour(w[0]))))
        && colour_fits(rules.colour_rule, colour(tower[0]), puzzle.bases[s]);
    if !legal {
        return Err(not_applicable("the start tower breaks the colour rule"));
    }
    // The largest disc sits at the bottom of the start tower (DenseSpace checked the order).
    let largest = tower[0];
    let base = puzzle.bases[0];
    let under_largest = match rules.colour_rule {
        ColourRule::Any => base,
        _ => Some(colour(largest)),
    };
    let smaller = &tower[1..];
    let m = smaller.len();
    let mut start = vec![Vec::new(); p];
    start[0] = (0..m as u32).collect();
    let config = Config {
        pins: start,
        colours: smaller.iter().map(|&d| colour(d)).collect(),
    };
    let mut bases = vec![base; p];
    bases[0] = under_largest;
    Ok(Puzzle {
        pins: p,
        discs: smaller
            .iter()
            .map(|&d| Disc {
                size: size(d),
                group: 0,
            })
            .collect(),
        rules: rules.clone(),
        bases,
        start: config.clone(),
        goal: config,
    })
}

/// The reduced puzzle's dense space, the index of its representatives (or of every legal
/// configuration, without `symmetric`) and the dense index of the smaller discs' tower.
pub(super) fn prepare(
    puzzle: &Puzzle,
    symmetric: bool,
) -> Result<(DenseSpace, CanonicalIndex, u64), HalfwayError> {
    let sub = reduce(puzzle)?;
    let space = DenseSpace::new(&sub)
        .ok_or_else(|| not_applicable("the smaller discs have no dense index"))?;
    let start = space
        .encode(&sub.start)
        .ok_or_else(|| not_applicable("the smaller discs' tower has no dense index"))?;
    // Colours of the discs, smallest first (the reduced puzzle lists them largest first).
    let colours: Vec<u8> = sub.start.colours.iter().rev().copied().collect();
    let index = CanonicalIndex::new(&IndexSpec {
        pins: sub.pins,
        colours: &colours,
        rule: sub.rules.colour_rule,
        bases: &sub.bases,
        symmetric,
    })
    .ok_or_else(|| not_applicable("the index of the smaller discs does not fit in 64 bits"))?;
    Ok((space, index, start))
}

/// Bytes of the two-bit table over `entries` entries.
fn table_bytes(entries: u64) -> u64 {
    entries.div_ceil(32).saturating_mul(8)
}

/// The memory (bytes) a [`halfway_search`] of `puzzle` needs: its two-bit table (the rest is
/// a few kilobytes of automaton tables).
pub fn halfway_estimate(puzzle: &Puzzle) -> Result<u64, HalfwayError> {
    let (_, index, _) = prepare(puzzle, true)?;
    Ok(table_bytes(index.size))
}

/// The minimum of `puzzle` by the half-way search (see the module documentation for the
/// argument and the conditions: one tower to another, complete move graph, fixed colours,
/// the same base on every pin). Uses `opts.threads`, `opts.memory_limit` (against the
/// table, before the run) and `opts.progress` (representatives per layer); the other
/// options do not apply.
///
/// Cost: one scan of a table of about `p^(n-1) / (p-1)!` two-bit entries per layer, and the
/// moves of every representative within distance `d`, ranked in `O(n)` each.
///
/// ```
/// use hanoilab::search::halfway_search;
/// use hanoilab::sequences::moves::tower_puzzle;
/// use hanoilab::puzzle::MoveGraph;
/// // Four pegs, 10 discs: 49 moves (Frame-Stewart; the full search agrees).
/// let p = tower_puzzle(4, 10, MoveGraph::Complete, 0, 3);
/// let r = halfway_search(&p, &Default::default()).unwrap();
/// assert_eq!((r.minimum, r.exact, r.half), (49, true, 24));
/// ```
pub fn halfway_search(
    puzzle: &Puzzle,
    opts: &SearchOptions,
) -> Result<HalfwayResult, HalfwayError> {
    halfway_inner(puzzle, opts, true)
}

/// The half-way search, over representatives (`symmetric`) or over every configuration
/// (the unreduced route the tests compare with).
pub(crate) fn halfway_inner(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    symmetric: bool,
) -> Result<HalfwayResult, HalfwayError> {
    let t0 = Instant::now();
    let (space, index, start) = prepare(puzzle, symmetric)?;
    let bytes = table_bytes(index.size);
    let limit = opts.memory_limit.unwrap_or_else(default_memory_limit);
    if bytes > limit {
        return Err(SearchError::MemoryLimit {
            estimate: bytes,
            limit,
            during: false,
        }
        .into());
    }
    let threads = super::frontier::worker_threads(opts);
    let p = puzzle.pins;
    let goal_bit = 1u64 << (p - 1);
    // T: pin 0 empty and one of the other pins empty.
    let in_target = |used: u64| used & 1 == 0 && (used.count_ones() as usize) < p - 1;
    let words = index.size.div_ceil(32) as usize;
    let marks: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
    let first = index
        .rank(start)
        .ok_or_else(|| not_applicable("the smaller discs' tower is not indexed"))?;
    reach(&marks, first.rank, 1);
    let mut layers = vec![index.orbit(first.used)];
    let mut classes = vec![1u64];
    let mut found = in_target(first.used);
    let mut avoids_goal = found && first.used & goal_bit == 0;
    let mut visited = 1u64;
    report_layer(opts, 0, 1, 1, index.size);
    let illegal = AtomicBool::new(false);
    while !found {
        let d = classes.len() as u64 - 1;
        let here = d % 2 + 1;
        let next = 3 - here;
        let cursor = AtomicUsize::new(0);
        let hit = AtomicBool::new(false);
        let hit_avoiding = AtomicBool::new(false);
        let work = || {
            let (mut added, mut weight) = (0u64, 0u64);
            loop {
                let i = cursor.fetch_add(CHUNK, Relaxed);
                if i >= words {
                    break (added, weight);
                }
                for (k, word) in marks[i..(i + CHUNK).min(words)].iter().enumerate() {
                    expand_entries(word, (i + k) as u64, here, index.size, |r| {
                        space.for_each_successor(index.unrank(r), |v, _| {
                            let Some(rv) = index.rank(v) else {
                                illegal.store(true, Relaxed);
                                return;
                            };
                            if reach(&marks, rv.rank, next) {
                                added += 1;
                                weight += index.orbit(rv.used);
                                if in_target(rv.used) {
                                    hit.store(true, Relaxed);
                                    if rv.used & goal_bit == 0 {
                                        hit_avoiding.store(true, Relaxed);
                                    }
                                }
                            }
                        });
                    });
                }
            }
        };
        let (count, weight) = on_threads(if words <= CHUNK { 1 } else { threads }, work)
            .into_iter()
            .fold((0, 0), |(a, b), (c, w)| (a + c, b + w));
        if illegal.load(Relaxed) {
            return Err(SearchError::Malformed(
                "a move led to a configuration outside the index".into(),
            )
            .into());
        }
        if count == 0 {
            return Err(not_applicable(
                "the smaller discs never leave two pins free (the largest disc cannot move)",
            ));
        }
        visited += count;
        classes.push(count);
        layers.push(weight);
        report_layer(opts, d + 1, count, visited, index.size);
        found = hit.load(Relaxed);
        avoids_goal = hit_avoiding.load(Relaxed);
    }
    let half = classes.len() as u64 - 1;
    Ok(HalfwayResult {
        minimum: 2 * half + 1,
        exact: avoids_goal,
        half,
        states: layers.iter().sum(),
        layers,
        classes,
        index_size: index.size,
        table_bytes: bytes,
        elapsed: t0.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::MoveGraph;
    use crate::search::search;
    use crate::sequences::frame_stewart::frame_stewart;
    use crate::sequences::moves::tower_puzzle;
    use crate::variants::{Params, Variant};

    fn one_thread() -> SearchOptions<'static> {
        SearchOptions {
            threads: 1,
            ..Default::default()
        }
    }

    /// The plain breadth-first search of the reduced puzzle, layers `0..=d`.
    fn plain_layers(puzzle: &Puzzle, d: usize) -> Vec<u64> {
        let sub = reduce(puzzle).unwrap();
        let o = SearchOptions {
            explore_all: true,
            ..Default::default()
        };
        let r = search(&sub, &o).unwrap();
        r.layers[..=d].to_vec()
    }

    /// Checks the half-way search of `puzzle` against the full search (minimum) and the
    /// plain search of the smaller discs (layer sizes), with and without the renaming.
    fn check(puzzle: &Puzzle, what: &str) -> HalfwayResult {
        let full = search(puzzle, &SearchOptions::default()).unwrap();
        let sym = halfway_inner(puzzle, &one_thread(), true).unwrap();
        let two = halfway_search(
            puzzle,
            &SearchOptions {
                threads: 2,
                ..Default::default()
            },
        )
        .unwrap();
        let plain = halfway_inner(puzzle, &one_thread(), false).unwrap();
        assert_eq!(Some(sym.minimum), full.minimum, "{what}");
        assert!(sym.exact && plain.exact, "{what}");
        assert_eq!(sym.layers, plain.layers, "{what}");
        assert_eq!(plain.layers, plain.classes, "{what}");
        assert_eq!(
            two,
            HalfwayResult {
                elapsed: two.elapsed,
                ..sym.clone()
            },
            "{what}"
        );
        assert_eq!(
            sym.layers,
            plain_layers(puzzle, sym.half as usize),
            "{what}"
        );
        sym
    }

    /// Reve's puzzle and its kin on 3, 4, 5 pegs: the full search and Frame-Stewart.
    #[test]
    fn halfway_equals_full_search_on_pegs() {
        for (p, n_max) in [(3usize, 7u32), (4, 9), (5, 7)] {
            for n in 1..=n_max {
                let puzzle = tower_puzzle(p, n, MoveGraph::Complete, 0, p - 1);
                let r = check(&puzzle, &format!("{p} pegs, n = {n}"));
                assert_eq!(
                    num_bigint::BigInt::from(r.minimum),
                    frame_stewart(n as u64, p).unwrap(),
                    "{p} pegs, n = {n}"
                );
            }
        }
        // Another start and goal pin: renamed, the same minimum.
        let p = tower_puzzle(4, 6, MoveGraph::Complete, 2, 1);
        assert_eq!(halfway_search(&p, &one_thread()).unwrap().minimum, 17);
    }

    /// Checkers (Lunnon's colour rule: no disc on a disc or base of its colour): the full
    /// search, including n = 15 where Checkers (137) and Reve's (129) part.
    #[test]
    fn halfway_equals_full_search_on_checkers() {
        let v = Variant::load("checkers").unwrap();
        for n in 1..=9 {
            let puzzle = v.puzzle("P", n, &Params::new()).unwrap();
            check(&puzzle, &format!("checkers n = {n}"));
        }
    }

    /// Puzzles outside the argument are refused with the reason.
    #[test]
    fn halfway_refuses_other_puzzles() {
        for (id, f) in [("star", "S"), ("cyclic", "A"), ("reversi", "G")] {
            let p = Variant::load(id)
                .unwrap()
                .puzzle(f, 4, &Params::new())
                .unwrap();
            let e = halfway_search(&p, &one_thread()).unwrap_err();
            assert!(matches!(e, HalfwayError::NotApplicable(_)), "{id}: {e}");
        }
        let tiny = SearchOptions {
            memory_limit: Some(8),
            ..Default::default()
        };
        let p = tower_puzzle(4, 8, MoveGraph::Complete, 0, 3);
        assert!(matches!(
            halfway_search(&p, &tiny),
            Err(HalfwayError::Search(SearchError::MemoryLimit { .. }))
        ));
    }
}

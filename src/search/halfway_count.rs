//! The number of optimal solutions from the half-way search.
//!
//! When the half-way minimum `2d + 1` is exact ([`super::halfway`]), every optimal solution
//! moves the largest disc `L` exactly once (two moves of `L` cost at least `2d + 2`), from
//! the start pin `s` to the goal pin `g`, at a configuration `C` of the smaller discs with
//! `s` and `g` empty. The moves before it are a path of length `d` to `C`, hence a shortest
//! one, and those after it, reversed and mirrored by the transposition of `s` and `g` (which
//! fixes `C`), are again a shortest path from the tower to `C`. So the number of optimal
//! solutions is `Σ N(C)²` over the configurations `C` at distance `d` with `s` and `g`
//! empty, `N(C)` the number of shortest paths to `C` in the reduced puzzle.
//!
//! Over representatives: `N` is the same on a whole orbit, and an orbit whose representative
//! names `k` pins besides `s` has `(p-2)!/(p-2-k)!` members that leave `g` empty. `N(v)` is
//! pulled from the layer before: the predecessors of `v` are its successors (every move can
//! be undone), each looked up by the rank of its own representative (a push from
//! representative to representative would count an edge once per orbit instead of once per
//! state). Layers are sorted lists of ranks with 128-bit counts: memory in proportion to the
//! widest layers, not to the index.

use super::halfway::{prepare, HalfwayError};
use super::symmetry::CanonicalIndex;
use super::SearchOptions;
use super::{dense::DenseSpace, frontier::report_layer, SearchError};
use crate::puzzle::Puzzle;
use num_bigint::BigUint;
use std::time::{Duration, Instant};

/// The outcome of a [`halfway_count`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HalfwayCount {
    /// `2d + 1`, the minimum (the count is only made when it is exact).
    pub minimum: u64,
    /// `d`.
    pub half: u64,
    /// The number of optimal solutions (minimal move sequences).
    pub optimal_solutions: BigUint,
    /// Representatives at each distance `0..=d`.
    pub classes: Vec<u64>,
    /// The most bytes the layer lists held at once.
    pub peak_bytes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Bytes per representative in a live layer: its rank and its count.
const BYTES_PER_ENTRY: u64 = 8 + 16;

/// The minimum and the number of optimal solutions of `puzzle` by the half-way argument (see
/// the module documentation; the conditions are those of [`super::halfway_search`]). Uses
/// `opts.threads`, `opts.memory_limit` (checked against the layer lists after every layer)
/// and `opts.progress`.
///
/// ```
/// use hanoilab::search::halfway_count;
/// use hanoilab::sequences::moves::tower_puzzle;
/// use hanoilab::puzzle::MoveGraph;
/// // Three pegs: the classic solution is the only one.
/// let p = tower_puzzle(3, 6, MoveGraph::Complete, 0, 2);
/// let r = halfway_count(&p, &Default::default()).unwrap();
/// assert_eq!((r.minimum, r.optimal_solutions), (63, 1u32.into()));
/// ```
pub fn halfway_count(puzzle: &Puzzle, opts: &SearchOptions) -> Result<HalfwayCount, HalfwayError> {
    let t0 = Instant::now();
    let (space, index, start) = prepare(puzzle, true)?;
    let limit = opts
        .memory_limit
        .unwrap_or_else(super::bfs::default_memory_limit);
    let threads = super::frontier::worker_threads(opts);
    let p = puzzle.pins;
    let in_target = |used: u64| used & 1 == 0 && (used.count_ones() as usize) < p - 1;
    let first = index
        .rank(start)
        .ok_or_else(|| SearchError::Malformed("the smaller discs' tower is not indexed".into()))?;
    let mut before: Vec<u64> = Vec::new();
    let mut layer = vec![first.rank];
    let mut counts = vec![1u128];
    let mut classes = vec![1u64];
    let mut visited = 1u64;
    let mut peak = BYTES_PER_ENTRY;
    report_layer(opts, 0, 1, 1, index.size);
    while !layer_hits(&index, &layer, in_target) {
        let next = discover(&space, &index, &before, &layer, threads)?;
        if next.is_empty() {
            return Err(HalfwayError::NotApplicable(
                "the smaller discs never leave two pins free (the largest disc cannot move)".into(),
            ));
        }
        let next_counts = pull_counts(&space, &index, &layer, &counts, &next, threads)?;
        let held = (before.len() + layer.len() + 2 * next.len()) as u64 * BYTES_PER_ENTRY;
        peak = peak.max(held);
        super::check_held(held, limit)?;
        visited += next.len() as u64;
        classes.push(next.len() as u64);
        report_layer(
            opts,
            classes.len() as u64 - 1,
            next.len() as u64,
            visited,
            index.size,
        );
        before = std::mem::replace(&mut layer, next);
        counts = next_counts;
    }
    // Σ N(C)^2 over the configurations at distance d with the start and goal pins empty.
    let mut total = BigUint::default();
    for (&r, &c) in layer.iter().zip(&counts) {
        let used = index.rank(index.unrank(r)).map_or(0, |x| x.used);
        if !in_target(used) {
            continue;
        }
        let k = (used & !1).count_ones() as u64;
        let ways: u64 = (0..k).map(|i| p as u64 - 2 - i).product();
        total += BigUint::from(c) * BigUint::from(c) * BigUint::from(ways);
    }
    let half = classes.len() as u64 - 1;
    Ok(HalfwayCount {
        minimum: 2 * half + 1,
        half,
        optimal_solutions: total,
        classes,
        peak_bytes: peak,
        elapsed: t0.elapsed(),
    })
}

fn layer_hits(index: &CanonicalIndex, layer: &[u64], in_target: impl Fn(u64) -> bool) -> bool {
    layer.iter().any(|&r| {
        index
            .rank(index.unrank(r))
            .is_some_and(|x| in_target(x.used))
    })
}

/// Runs `f` on `threads` contiguous parts of `items` and concatenates the results in order.
fn in_parts<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&[T]) -> Result<Vec<R>, SearchError> + Sync,
) -> Result<Vec<R>, SearchError> {
    if threads <= 1 || items.len() < 1 << 12 {
        return f(items);
    }
    let part = items.len().div_ceil(threads);
    let results: Vec<Result<Vec<R>, SearchError>> = std::thread::scope(|s| {
        let handles: Vec<_> = items.chunks(part).map(|c| s.spawn(|| f(c))).collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("search worker panicked"))
            .collect()
    });
    let mut out = Vec::new();
    for r in results {
        out.extend(r?);
    }
    Ok(out)
}

fn outside() -> SearchError {
    SearchError::Malformed("a move led to a configuration outside the index".into())
}

/// The next layer: representatives of the successors of `layer` in neither `layer` nor
/// `before` (every move can be undone, so a successor is at most one layer away), sorted.
fn discover(
    space: &DenseSpace,
    index: &CanonicalIndex,
    before: &[u64],
    layer: &[u64],
    threads: usize,
) -> Result<Vec<u64>, SearchError> {
    let mut next = in_parts(layer, threads, |part| {
        let mut out = Vec::new();
        let mut bad = false;
        for &u in part {
            space.for_each_successor(index.unrank(u), |v, _| match index.rank(v) {
                Some(rv) => {
                    if layer.binary_search(&rv.rank).is_err()
                        && before.binary_search(&rv.rank).is_err()
                    {
                        out.push(rv.rank);
                    }
                }
                None => bad = true,
            });
        }
        if bad {
            return Err(outside());
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    })?;
    next.sort_unstable();
    next.dedup();
    Ok(next)
}

/// `N(v)` for every `v` of `next`: the sum of `N` over its predecessors in `layer`.
fn pull_counts(
    space: &DenseSpace,
    index: &CanonicalIndex,
    layer: &[u64],
    counts: &[u128],
    next: &[u64],
    threads: usize,
) -> Result<Vec<u128>, SearchError> {
    in_parts(next, threads, |part| {
        let mut out = Vec::with_capacity(part.len());
        for &v in part {
            let mut sum = 0u128;
            let mut bad = false;
            space.for_each_successor(index.unrank(v), |w, _| match index.rank(w) {
                Some(rw) => {
                    if let Ok(i) = layer.binary_search(&rw.rank) {
                        sum = sum.checked_add(counts[i]).unwrap_or_else(|| {
                            bad = true;
                            0
                        });
                    }
                }
                None => bad = true,
            });
            if bad {
                return Err(SearchError::Malformed(
                    "a path count passed 2^128 or left the index".into(),
                ));
            }
            out.push(sum);
        }
        Ok(out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::MoveGraph;
    use crate::search::{halfway_search, search};
    use crate::sequences::moves::tower_puzzle;
    use crate::variants::{Params, Variant};

    /// The count equals the full search's count of minimal sequences, and the minimum and
    /// representative layers equal the two-bit half-way search's (Reve's puzzle on 3, 4 and
    /// 5 pegs, Checkers).
    #[test]
    fn halfway_count_equals_the_full_count() {
        let checkers = Variant::load("checkers").unwrap();
        let mut puzzles: Vec<(String, Puzzle)> = Vec::new();
        for (p, n_max) in [(3usize, 6u32), (4, 9), (5, 6)] {
            for n in 1..=n_max {
                let pz = tower_puzzle(p, n, MoveGraph::Complete, 0, p - 1);
                puzzles.push((format!("{p} pegs, n = {n}"), pz));
            }
        }
        for n in 1..=10 {
            let pz = checkers.puzzle("P", n, &Params::new()).unwrap();
            puzzles.push((format!("checkers n = {n}"), pz));
        }
        for (what, pz) in &puzzles {
            let full = search(
                pz,
                &SearchOptions {
                    count: true,
                    ..Default::default()
                },
            )
            .unwrap();
            for threads in [1, 2] {
                let o = SearchOptions {
                    threads,
                    ..Default::default()
                };
                let c = halfway_count(pz, &o).unwrap();
                let h = halfway_search(pz, &o).unwrap();
                assert_eq!(Some(c.minimum), full.minimum, "{what}");
                assert_eq!(
                    num_bigint::BigInt::from(c.optimal_solutions.clone()),
                    full.optimal_solutions.clone().unwrap(),
                    "{what}"
                );
                assert_eq!(c.classes, h.classes, "{what}");
            }
        }
    }
}

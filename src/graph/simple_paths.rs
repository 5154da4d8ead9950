//! The longest simple paths of a small state graph: paths that visit no configuration twice
//! (Wikipedia's "non selfcrossing" paths), the longest from one configuration to each other
//! and how many there are.
//!
//! Found by a depth-first search over every simple path from the source, so the work is the
//! number of simple paths, which grows far faster than the graph (H_3^3, 27 configurations,
//! is small; H_3^4 is out of reach). The search stops after a given number of steps rather
//! than running on.
//!
//! ```
//! use hanoilab::graph::simple_paths::longest_simple_paths_from;
//! use hanoilab::puzzle::bench::classic_puzzle;
//! use hanoilab::search::state_graph;
//! let g = state_graph(&classic_puzzle(2), 100).unwrap();
//! let goal = g.index_of(&classic_puzzle(2).goal).unwrap();
//! let p = longest_simple_paths_from(&g, 0, 1_000_000).unwrap();
//! // The longest non-repetitive transfer of two discs visits all 9 configurations once.
//! assert_eq!((p.length[goal], p.count[goal]), (Some(8), 1));
//! ```

use crate::search::StateGraph;

/// The longest simple paths from one source, by target configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LongestPaths {
    /// `length[t]`: the moves of the longest simple path to `t` (`None` when `t` cannot be
    /// reached; `Some(0)` for the source itself).
    pub length: Vec<Option<u64>>,
    /// `count[t]`: the number of simple paths of that length (1 for the source).
    pub count: Vec<u128>,
    /// Steps of the depth-first search (one per simple path extended).
    pub steps: u64,
}

/// The longest simple paths from `source` to every configuration of `g`, by a depth-first
/// search over all simple paths; `Err(max_steps)` when there are more than `max_steps`
/// simple paths to extend.
pub fn longest_simple_paths_from(
    g: &StateGraph,
    source: usize,
    max_steps: u64,
) -> Result<LongestPaths, u64> {
    let v = g.len();
    let mut length: Vec<Option<u64>> = vec![None; v];
    let mut count = vec![0u128; v];
    let mut on_path = vec![false; v];
    // The path as a stack of (configuration, index of the next move to try).
    let mut stack: Vec<(usize, usize)> = vec![(source, 0)];
    on_path[source] = true;
    length[source] = Some(0);
    count[source] = 1;
    let mut steps = 0u64;
    while let Some(top) = stack.last_mut() {
        let (u, next) = *top;
        let edges = g.edges(u);
        if next == edges.len() {
            on_path[u] = false;
            stack.pop();
            continue;
        }
        top.1 += 1;
        let w = edges[next].0;
        if on_path[w] {
            continue;
        }
        steps += 1;
        if steps > max_steps {
            return Err(max_steps);
        }
        let len = stack.len() as u64;
        match length[w] {
            Some(l) if l > len => {}
            Some(l) if l == len => count[w] += 1,
            _ => {
                length[w] = Some(len);
                count[w] = 1;
            }
        }
        on_path[w] = true;
        stack.push((w, 0));
    }
    Ok(LongestPaths {
        length,
        count,
        steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::bench::classic_puzzle;
    use crate::search::state_graph;
    use crate::variants::{Params, Variant};
    use std::collections::HashMap;

    /// Every simple path from `s`, listed whole by a recursive search that keeps the paths
    /// (another route than the counting stack search).
    fn all_simple_paths(g: &StateGraph, s: usize) -> Vec<Vec<usize>> {
        fn go(g: &StateGraph, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            out.push(path.clone());
            let u = *path.last().unwrap();
            for &(w, _) in g.edges(u) {
                if !path.contains(&w) {
                    path.push(w);
                    go(g, path, out);
                    path.pop();
                }
            }
        }
        let mut out = vec![];
        go(g, &mut vec![s], &mut out);
        out
    }

    /// The counting search equals the list of every simple path, grouped by end, on an
    /// undirected and a directed graph.
    #[test]
    fn longest_paths_equal_those_of_the_list_of_all_simple_paths() {
        for (id, f, n) in [("classic", "T", 2), ("classic", "T", 3), ("cyclic", "A", 2)] {
            let v = Variant::builtin(id).unwrap();
            let g = state_graph(&v.puzzle(f, n, &Params::new()).unwrap(), 100).unwrap();
            for s in 0..g.len() {
                let found = longest_simple_paths_from(&g, s, u64::MAX).unwrap();
                let mut best: HashMap<usize, (u64, u128)> = HashMap::new();
                let paths = all_simple_paths(&g, s);
                for p in &paths {
                    let (t, len) = (*p.last().unwrap(), p.len() as u64 - 1);
                    let e = best.entry(t).or_insert((len, 0));
                    if len > e.0 {
                        *e = (len, 1);
                    } else if len == e.0 {
                        e.1 += 1;
                    }
                }
                assert_eq!(found.steps, paths.len() as u64 - 1, "{id} n={n} s={s}");
                for t in 0..g.len() {
                    let want = best.get(&t).copied();
                    let have = found.length[t].map(|l| (l, found.count[t]));
                    assert_eq!(have, want, "{id} n={n} {s} -> {t}");
                }
            }
        }
    }

    /// From tower to tower the longest simple path is the unique Hamiltonian transfer of
    /// 3^n - 1 moves (the `longest` variant's count, Sniedovich's table).
    #[test]
    fn the_longest_transfer_is_hamiltonian_and_unique() {
        let longest = Variant::builtin("longest").unwrap();
        for n in 1..=3 {
            let p = classic_puzzle(n);
            let g = state_graph(&p, 100).unwrap();
            let goal = g.index_of(&p.goal).unwrap();
            let found = longest_simple_paths_from(&g, 0, u64::MAX).unwrap();
            let count = longest.count("L", n as i64, &Params::new()).unwrap();
            assert_eq!(
                found.length[goal].map(num_bigint::BigInt::from),
                Some(count),
                "n = {n}"
            );
            assert_eq!(found.count[goal], 1, "n = {n}");
        }
    }

    #[test]
    fn the_search_stops_at_its_step_limit() {
        let g = state_graph(&classic_puzzle(3), 100).unwrap();
        assert_eq!(longest_simple_paths_from(&g, 0, 10), Err(10));
    }
}

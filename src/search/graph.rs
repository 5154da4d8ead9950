//! The whole reachable state graph of a small puzzle, for graph facts: degrees, symmetry,
//! eccentricities, diameter and Wiener index.

use super::frontier::ConfigMap;
use super::moves::legal_moves;
use super::{check_config, SearchError};
use crate::puzzle::{Config, Move, Puzzle};
use num_bigint::BigInt;
use std::collections::VecDeque;

/// The states reachable from the start (state 0) and the moves between them.
#[derive(Clone, Debug)]
pub struct StateGraph {
    configs: Vec<Config>,
    index: ConfigMap<usize>,
    /// `edges[u]`: the legal moves from `u` and the states they lead to.
    edges: Vec<Vec<(usize, Move)>>,
}

/// Enumerates every state reachable from `puzzle.start` (at most `max_states`; more is a
/// [`SearchError::MemoryLimit`] with the bytes the graph would take so far).
///
/// Cost: the states times the moves per state; memory about 200 bytes per state plus the
/// configurations.
pub fn state_graph(puzzle: &Puzzle, max_states: usize) -> Result<StateGraph, SearchError> {
    check_config(puzzle, &puzzle.start, "start")?;
    let mut g = StateGraph {
        configs: vec![puzzle.start.clone()],
        index: ConfigMap::from_iter([(puzzle.start.clone(), 0)]),
        edges: Vec::new(),
    };
    let mut u = 0;
    while u < g.configs.len() {
        let mut out = Vec::new();
        for (m, c) in legal_moves(puzzle, &g.configs[u]) {
            let v = match g.index.get(&c) {
                Some(&v) => v,
                None => {
                    if g.configs.len() >= max_states {
                        let per = 200 + 8 * puzzle.discs.len() as u64;
                        return Err(SearchError::MemoryLimit {
                            estimate: (g.configs.len() as u64 + 1) * per,
                            limit: max_states as u64 * per,
                            during: true,
                        });
                    }
                    g.index.insert(c.clone(), g.configs.len());
                    g.configs.push(c);
                    g.configs.len() - 1
                }
            };
            out.push((v, m));
        }
        g.edges.push(out);
        u += 1;
    }
    Ok(g)
}

impl StateGraph {
    /// The number of reachable states.
    pub fn len(&self) -> usize {
        self.configs.len()
    }

    /// Always false: the start is a state.
    pub fn is_empty(&self) -> bool {
        self.configs.is_empty()
    }

    /// The configuration of state `i` (0 is the start).
    pub fn config(&self, i: usize) -> &Config {
        &self.configs[i]
    }

    /// The state of `config`, if reachable.
    pub fn index_of(&self, config: &Config) -> Option<usize> {
        self.index.get(config).copied()
    }

    /// The moves out of state `i`, with their targets.
    pub fn edges(&self, i: usize) -> &[(usize, Move)] {
        &self.edges[i]
    }

    /// The number of legal moves from state `i` (its out-degree).
    pub fn degree(&self, i: usize) -> usize {
        self.edges[i].len()
    }

    /// The number of arcs (legal moves over all states).
    pub fn arcs(&self) -> usize {
        self.edges.iter().map(Vec::len).sum()
    }

    /// Whether every move can be undone in one move (the move digraph is symmetric).
    pub fn is_symmetric(&self) -> bool {
        self.edges.iter().enumerate().all(|(u, out)| {
            out.iter()
                .all(|&(v, _)| self.edges[v].iter().any(|&(w, _)| w == u))
        })
    }

    /// Distances from state `i` (`u64::MAX` for states it cannot reach).
    pub fn distances_from(&self, i: usize) -> Vec<u64> {
        self.shortest_paths_from(i).0
    }

    /// Distances from state `i` (`u64::MAX` for states it cannot reach) and the number of
    /// shortest paths to each (0 for those states), by one breadth-first search that adds
    /// up the counts of each state's predecessors on the layer before it. Counts saturate
    /// at `u128::MAX` (far beyond any graph this type holds).
    pub fn shortest_paths_from(&self, i: usize) -> (Vec<u64>, Vec<u128>) {
        let mut dist = vec![u64::MAX; self.len()];
        let mut count = vec![0u128; self.len()];
        dist[i] = 0;
        count[i] = 1;
        let mut queue = VecDeque::from([i]);
        while let Some(u) = queue.pop_front() {
            for &(v, _) in &self.edges[u] {
                if dist[v] == u64::MAX {
                    dist[v] = dist[u] + 1;
                    queue.push_back(v);
                }
                if dist[v] == dist[u] + 1 {
                    count[v] = count[v].saturating_add(count[u]);
                }
            }
        }
        (dist, count)
    }

    /// One shortest path from state `from` to state `to`, both included (`[from]` when they
    /// are equal), or `None` when `to` is not reachable. Of several shortest paths, the one
    /// whose every state was reached first by the breadth-first search from `from` (moves
    /// tried in the order of [`StateGraph::edges`]), so the answer is the same on every run.
    pub fn shortest_path(&self, from: usize, to: usize) -> Option<Vec<usize>> {
        let mut parent = vec![usize::MAX; self.len()];
        parent[from] = from;
        let mut queue = VecDeque::from([from]);
        while let Some(u) = queue.pop_front() {
            if u == to {
                break;
            }
            for &(v, _) in &self.edges[u] {
                if parent[v] == usize::MAX {
                    parent[v] = u;
                    queue.push_back(v);
                }
            }
        }
        if parent[to] == usize::MAX {
            return None;
        }
        let mut path = vec![to];
        let mut at = to;
        while at != from {
            at = parent[at];
            path.push(at);
        }
        path.reverse();
        Some(path)
    }

    /// The largest distance from state `i` to a state it reaches.
    pub fn eccentricity(&self, i: usize) -> u64 {
        self.distances_from(i)
            .into_iter()
            .filter(|&d| d != u64::MAX)
            .max()
            .unwrap_or(0)
    }

    /// The largest distance between two states, when every state reaches every other
    /// (strongly connected), else `None`. Cost: one breadth-first search per state.
    pub fn diameter(&self) -> Option<u64> {
        let mut best = 0;
        for i in 0..self.len() {
            let d = self.distances_from(i);
            if d.contains(&u64::MAX) {
                return None;
            }
            best = best.max(d.into_iter().max().unwrap_or(0));
        }
        Some(best)
    }

    /// The Wiener index (the sum of the distances over unordered pairs of states) when the
    /// move digraph is symmetric, else `None`. Cost: one breadth-first search per state.
    pub fn wiener_index(&self) -> Option<BigInt> {
        if !self.is_symmetric() {
            return None;
        }
        let mut total: u128 = 0;
        for i in 0..self.len() {
            for d in self.distances_from(i) {
                if d == u64::MAX {
                    return None;
                }
                total += d as u128;
            }
        }
        Some(BigInt::from(total / 2))
    }
}

//! Distances between configurations of any puzzle, by the breadth-first
//! [`crate::search::search`] run with the configurations as its start and goal (every
//! encoding and memory guard of the search applies).
//!
//! ```
//! use hanoilab::graph::by_search::{distance, distances_from};
//! use hanoilab::puzzle::config_text::parse_config;
//! use hanoilab::search::SearchOptions;
//! use hanoilab::variants::{Params, Variant};
//! let v = Variant::builtin("cyclic").unwrap();
//! let p = v.puzzle("A", 3, &Params::new()).unwrap();
//! // the function's own start and goal: the distance is its recursion's count
//! let d = distance(&p, &p.start, &p.goal, &SearchOptions { count: true, ..Default::default() }).unwrap();
//! assert_eq!(d.distance, Some(v.count("A", 3, &Params::new()).unwrap().try_into().unwrap()));
//! let from = parse_config(&p, "tower:0").unwrap();
//! let profile = distances_from(&p, &from, &SearchOptions::default()).unwrap();
//! assert_eq!(profile.layers.iter().sum::<u64>(), 27);
//! ```

use crate::puzzle::{Config, Move, Puzzle};
use crate::search::{search, SearchError, SearchOptions};
use num_bigint::BigInt;

/// The distance between two configurations ([`distance`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distance {
    /// The least number of moves; `None`: `to` cannot be reached from `from`.
    pub distance: Option<u64>,
    /// The number of shortest move sequences (when the options ask to count).
    pub shortest_paths: Option<BigInt>,
    /// One shortest path (when the options ask for a solution).
    pub path: Option<Vec<Move>>,
    /// The states the search visited.
    pub states: u64,
}

/// The distances from one configuration to all it reaches ([`distances_from`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceProfile {
    /// `layers[d]`: the configurations at distance `d`.
    pub layers: Vec<u64>,
    /// The largest distance to a reachable configuration.
    pub eccentricity: u64,
    /// The configurations reachable (the start included).
    pub reachable: u64,
}

fn with_ends(puzzle: &Puzzle, from: &Config, to: &Config) -> Puzzle {
    let mut p = puzzle.clone();
    p.start = from.clone();
    p.goal = to.clone();
    p
}

/// The distance from `from` to `to` under the rules of `puzzle` (its start and goal are
/// replaced by the two), with the number of shortest paths when `opts.count` and one path
/// when `opts.solution`.
pub fn distance(
    puzzle: &Puzzle,
    from: &Config,
    to: &Config,
    opts: &SearchOptions,
) -> Result<Distance, SearchError> {
    let r = search(&with_ends(puzzle, from, to), opts)?;
    Ok(Distance {
        distance: r.minimum,
        shortest_paths: r.optimal_solutions,
        path: r.solution,
        states: r.states,
    })
}

/// The number of configurations at each distance from `from` (the whole reachable graph
/// explored), its eccentricity and the reachable configurations. `opts.count` and
/// `opts.solution` are ignored.
pub fn distances_from(
    puzzle: &Puzzle,
    from: &Config,
    opts: &SearchOptions,
) -> Result<DistanceProfile, SearchError> {
    let opts = SearchOptions {
        explore_all: true,
        count: false,
        solution: false,
        memory_limit: opts.memory_limit,
        sparse: opts.sparse,
        threads: opts.threads,
        ..Default::default()
    };
    let r = search(&with_ends(puzzle, from, from), &opts)?;
    Ok(DistanceProfile {
        eccentricity: r.layers.len() as u64 - 1,
        reachable: r.states,
        layers: r.layers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::config_text::parse_config;
    use crate::search::state_graph;
    use crate::variants::{Params, Variant};

    /// The search's distances, counts and profiles equal a breadth-first search of the whole
    /// state graph (its own queue and counts) for every pair of a few small puzzles,
    /// directed (cyclic) and coloured (rainbow) among them.
    #[test]
    fn every_pair_agrees_with_the_state_graph() {
        for (id, n) in [("classic", 3), ("cyclic", 3), ("reves", 3), ("rainbow", 3)] {
            let v = Variant::builtin(id).unwrap();
            let f = v.default_function().name.clone();
            let p = v.puzzle(&f, n, &Params::new()).unwrap();
            let g = state_graph(&p, 10_000).unwrap();
            let opts = SearchOptions {
                count: true,
                solution: true,
                threads: 1,
                ..Default::default()
            };
            for s in 0..g.len() {
                let (dist, count) = counts_from(&g, s);
                let profile = distances_from(&p, g.config(s), &opts).unwrap();
                let reached: Vec<u64> = dist.iter().copied().filter(|&d| d != u64::MAX).collect();
                assert_eq!(profile.reachable, reached.len() as u64, "{id}");
                assert_eq!(profile.eccentricity, *reached.iter().max().unwrap(), "{id}");
                for (d, &layer) in profile.layers.iter().enumerate() {
                    assert_eq!(
                        layer,
                        reached.iter().filter(|&&x| x == d as u64).count() as u64
                    );
                }
                for t in 0..g.len() {
                    let d = distance(&p, g.config(s), g.config(t), &opts).unwrap();
                    assert_eq!(d.distance, (dist[t] != u64::MAX).then_some(dist[t]), "{id}");
                    if dist[t] != u64::MAX {
                        assert_eq!(d.shortest_paths, Some(BigInt::from(count[t])), "{id}");
                        let path = d.path.unwrap();
                        assert_eq!(path.len() as u64, dist[t]);
                    }
                }
            }
        }
    }

    fn counts_from(g: &crate::search::StateGraph, s: usize) -> (Vec<u64>, Vec<u64>) {
        let mut dist = vec![u64::MAX; g.len()];
        let mut count = vec![0u64; g.len()];
        dist[s] = 0;
        count[s] = 1;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(u) = queue.pop_front() {
            for &(v, _) in g.edges(u) {
                if dist[v] == u64::MAX {
                    dist[v] = dist[u] + 1;
                    queue.push_back(v);
                }
                if dist[v] == dist[u] + 1 {
                    count[v] += count[u];
                }
            }
        }
        (dist, count)
    }

    #[test]
    fn text_configurations_reach_the_search() {
        let v = Variant::builtin("classic").unwrap();
        let p = v.puzzle("T", 4, &Params::new()).unwrap();
        let from = parse_config(&p, "0120").unwrap();
        let to = parse_config(&p, "2201").unwrap();
        let d = distance(&p, &from, &to, &SearchOptions::default()).unwrap();
        let fast = crate::graph::classic::classic_distance(&[0, 1, 2, 0], &[2, 2, 0, 1]).unwrap();
        assert_eq!(
            d.distance.map(num_bigint::BigUint::from),
            Some(fast.distance)
        );
    }
}

//! The distribution of distances in a state graph as exact integer counts: from one
//! configuration to every configuration it reaches, or over all pairs of distinct
//! configurations (unordered pairs when every move can be undone, else ordered pairs).
//!
//! The all-pairs counts are those of [`crate::graph::stats::graph_stats`] (one bit-parallel
//! breadth-first search per orbit of the pin symmetries), so their weighted sum is the Wiener
//! index and their last nonzero entry the diameter; the counts from one configuration are
//! one breadth-first search ([`StateGraph::distances_from`]).
//!
//! For H_3^n from a perfect tower, `2^s(d)` configurations lie at distance `d` (`s(d)` the
//! number of ones in the binary digits of `d`, `0 <= d < 2^n`): the disc `k` moves in the
//! optimal solution exactly at the steps whose binary digit `k` is one, and the configurations
//! at distance `d` are those that choose, for each such disc, which of its two other pins it
//! is on.
//!
//! ```
//! use hanoilab::graph::histogram::{all_pairs_histogram, Pairs};
//! use hanoilab::puzzle::bench::classic_puzzle;
//! use hanoilab::search::state_graph;
//! let g = state_graph(&classic_puzzle(2), 9).unwrap();
//! let h = all_pairs_histogram(&g);
//! assert_eq!(h.pairs, Pairs::Unordered);
//! assert_eq!(h.counts, vec![0, 12, 12, 12]); // 36 = 9 * 8 / 2 pairs
//! ```

use crate::graph::stats::graph_stats;
use crate::search::StateGraph;

/// Which pairs of configurations a [`DistanceHistogram`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairs {
    /// From one configuration to each configuration it reaches (itself at distance 0).
    FromOne,
    /// Unordered pairs of distinct configurations (the graph is undirected).
    Unordered,
    /// Ordered pairs `(s, t)` of distinct configurations, `t` reachable from `s` (a graph
    /// with one-way moves).
    Ordered,
}

/// How many configurations, or pairs of them, lie at each distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceHistogram {
    /// What is counted.
    pub pairs: Pairs,
    /// `counts[d]`: configurations (or pairs) at distance `d`; the last entry is nonzero.
    pub counts: Vec<u64>,
    /// States of the graph.
    pub states: u64,
    /// Configurations (or ordered pairs) not reachable, not in `counts`.
    pub unreachable: u64,
}

impl DistanceHistogram {
    /// The configurations or pairs counted: `sum counts[d]`.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// `sum d * counts[d]`: for [`Pairs::Unordered`] the Wiener index.
    pub fn distance_sum(&self) -> u128 {
        self.counts
            .iter()
            .enumerate()
            .map(|(d, &c)| d as u128 * c as u128)
            .sum()
    }

    /// The largest distance counted: for all pairs of a strongly connected graph its
    /// diameter, from one configuration its eccentricity.
    pub fn max_distance(&self) -> usize {
        self.counts.len().saturating_sub(1)
    }
}

/// The distances from state `from` of `g`: one breadth-first search. Cost: the arcs of `g`.
pub fn histogram_from(g: &StateGraph, from: usize) -> DistanceHistogram {
    let mut counts: Vec<u64> = vec![];
    let mut unreachable = 0;
    for d in g.distances_from(from) {
        if d == u64::MAX {
            unreachable += 1;
            continue;
        }
        let d = d as usize;
        if counts.len() <= d {
            counts.resize(d + 1, 0);
        }
        counts[d] += 1;
    }
    DistanceHistogram {
        pairs: Pairs::FromOne,
        counts,
        states: g.len() as u64,
        unreachable,
    }
}

/// The distances over all pairs of distinct states of `g`: unordered pairs when every move
/// can be undone by one move, else ordered pairs. From
/// [`crate::graph::stats::graph_stats`] on all cores; cost: one breadth-first search per
/// orbit of states under the pin automorphisms, 64 at a time.
pub fn all_pairs_histogram(g: &StateGraph) -> DistanceHistogram {
    let s = graph_stats(g);
    let states = g.len() as u64;
    let halve = s.symmetric;
    let mut counts: Vec<u64> = s
        .distances
        .iter()
        .enumerate()
        .map(|(d, &c)| match (d, halve) {
            (0, _) => 0,
            (_, true) => c / 2,
            (_, false) => c,
        })
        .collect();
    while counts.len() > 1 && counts.last() == Some(&0) {
        counts.pop();
    }
    let pairs = if halve {
        states * states.saturating_sub(1) / 2
    } else {
        states * states.saturating_sub(1)
    };
    let total: u64 = counts.iter().sum();
    DistanceHistogram {
        pairs: if halve {
            Pairs::Unordered
        } else {
            Pairs::Ordered
        },
        counts,
        states,
        unreachable: pairs - total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::bench::classic_puzzle;
    use crate::search::state_graph;
    use crate::variants::{Params, Variant};
    use num_bigint::BigInt;

    #[test]
    fn all_pairs_of_h3n_sum_to_the_pairs_the_wiener_index_and_the_diameter() {
        for n in 1..=6u32 {
            let g = state_graph(&classic_puzzle(n), 1000).unwrap();
            let h = all_pairs_histogram(&g);
            let v = 3u64.pow(n);
            assert_eq!(h.pairs, Pairs::Unordered);
            assert_eq!(h.total(), v * (v - 1) / 2, "n = {n}");
            assert_eq!(h.unreachable, 0);
            // The Wiener index by a plain breadth-first search from every state.
            assert_eq!(
                Some(BigInt::from(h.distance_sum())),
                g.wiener_index(),
                "n = {n}"
            );
            // Diameter 2^n - 1 (Hinz et al. 2018, section 2.3).
            assert_eq!(h.max_distance() as u64, (1 << n) - 1, "n = {n}");
        }
        // OEIS A290004(3) = 1419.
        let g = state_graph(&classic_puzzle(3), 27).unwrap();
        assert_eq!(all_pairs_histogram(&g).distance_sum(), 1419);
    }

    #[test]
    fn from_a_perfect_tower_two_to_the_binary_digit_sum_lie_at_each_distance() {
        for n in 1..=7u32 {
            let g = state_graph(&classic_puzzle(n), 3usize.pow(n)).unwrap();
            let h = histogram_from(&g, 0);
            let want: Vec<u64> = (0..1u64 << n).map(|d| 1 << d.count_ones()).collect();
            assert_eq!(h.counts, want, "n = {n}");
            assert_eq!(h.total(), 3u64.pow(n));
            assert_eq!(h.pairs, Pairs::FromOne);
        }
    }

    #[test]
    fn one_way_moves_count_ordered_pairs() {
        // Cyclic: strongly connected, so every ordered pair of distinct states is counted,
        // and the counts are those of a search from every state.
        let v = Variant::builtin("cyclic").unwrap();
        let f = v.default_function().name.clone();
        let g = state_graph(&v.puzzle(&f, 3, &Params::new()).unwrap(), 27).unwrap();
        let h = all_pairs_histogram(&g);
        assert_eq!(h.pairs, Pairs::Ordered);
        assert_eq!((h.total(), h.unreachable), (27 * 26, 0));
        let mut by_sources = vec![0u64; h.counts.len()];
        for s in 0..g.len() {
            for (d, c) in histogram_from(&g, s).counts.iter().enumerate().skip(1) {
                by_sources[d] += c;
            }
        }
        assert_eq!(h.counts, by_sources);
        assert_eq!(Some(h.max_distance() as u64), g.diameter());
    }
}

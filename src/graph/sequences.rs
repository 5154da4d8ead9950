//! The statistics of a puzzle's state graph as sequences in n, and the laws the guesser
//! ([`crate::algebra::guess`]) finds in them: the number of configurations, edges, the
//! diameter, the Wiener index and the others of [`GraphStats`], one whole graph per n.
//!
//! For H_3^n the literature knows the laws: 3^n configurations, 3(3^n - 1)/2 edges,
//! diameter 2^n - 1, and a Wiener index with a rational generating function (Hinz, Klavžar,
//! Petr, "The Tower of Hanoi — Myths and Maths", 2nd ed. 2018; OEIS A290004), so the
//! guesser's conjectures can be compared with them.
//!
//! ```
//! use hanoilab::graph::sequences::GraphSequences;
//! use hanoilab::variants::{Params, Variant};
//! let v = Variant::builtin("classic").unwrap();
//! let s = GraphSequences::compute(&v, "T", &Params::new(), 0..=5, 10_000, 1).unwrap();
//! let vertices: Vec<u64> = s.sequence("vertices").unwrap().iter()
//!     .map(|x| x.try_into().unwrap()).collect();
//! assert_eq!(vertices, [1, 3, 9, 27, 81, 243]);
//! ```

use super::stats::{graph_stats_with, GraphStats};
use crate::algebra::guess::{guess, Guess, GuessError, GuessOptions};
use crate::search::{state_graph, SearchError};
use crate::variants::{Params, Variant};
use num_bigint::BigInt;

/// The integer statistics a sequence can be made of, by name.
pub const SEQUENCE_NAMES: &[&str] = &[
    "vertices",
    "arcs",
    "edges",
    "diameter",
    "radius",
    "distance_sum",
    "wiener_index",
    "ordered_pairs_with_several_shortest_paths",
];

/// The statistics of the state graph of one function's rules for consecutive n.
#[derive(Clone, Debug)]
pub struct GraphSequences {
    /// The first n.
    pub first_n: u64,
    /// The statistics at `first_n`, `first_n + 1`, ...
    pub stats: Vec<GraphStats>,
}

/// Why the sequences could not be computed.
#[derive(Debug, thiserror::Error)]
pub enum GraphSequenceError {
    /// The graph at this n has more states than the limit.
    #[error("the state graph at n = {n} has more than {max_states} states")]
    TooLarge {
        /// The n.
        n: u64,
        /// The limit.
        max_states: usize,
    },
    /// The function's puzzle or its search failed.
    #[error("n = {n}: {message}")]
    Other {
        /// The n.
        n: u64,
        /// What went wrong.
        message: String,
    },
}

impl GraphSequences {
    /// The statistics of `variant.function`'s state graph (the configurations its start
    /// reaches) for every n of `ns`, each graph at most `max_states` states, on `threads`
    /// threads (0: all cores).
    pub fn compute(
        variant: &Variant,
        function: &str,
        params: &Params,
        ns: std::ops::RangeInclusive<u64>,
        max_states: usize,
        threads: usize,
    ) -> Result<GraphSequences, GraphSequenceError> {
        let first_n = *ns.start();
        let mut stats = vec![];
        for n in ns {
            let other = |message: String| GraphSequenceError::Other { n, message };
            let puzzle = variant
                .puzzle(function, n as i64, params)
                .map_err(|e| other(e.to_string()))?;
            let g = state_graph(&puzzle, max_states).map_err(|e| match e {
                SearchError::MemoryLimit { .. } => GraphSequenceError::TooLarge { n, max_states },
                e => other(e.to_string()),
            })?;
            stats.push(graph_stats_with(&g, threads));
        }
        Ok(GraphSequences { first_n, stats })
    }

    /// The sequence of statistic `name` (one of [`SEQUENCE_NAMES`]); `None` for an unknown
    /// name or when some n lacks it (no edges in a directed graph, no diameter in one that
    /// is not strongly connected).
    pub fn sequence(&self, name: &str) -> Option<Vec<BigInt>> {
        if !SEQUENCE_NAMES.contains(&name) {
            return None;
        }
        (0..self.stats.len()).map(|i| self.value(i, name)).collect()
    }

    /// Statistic `name` of the `i`-th graph (at n = `first_n + i`); `None` for an unknown
    /// name or a statistic that graph lacks.
    pub fn value(&self, i: usize, name: &str) -> Option<BigInt> {
        let s = self.stats.get(i)?;
        Some(match name {
            "vertices" => s.vertices.into(),
            "arcs" => s.arcs.into(),
            "edges" => s.edges?.into(),
            "diameter" => s.diameter?.into(),
            "radius" => s.radius?.into(),
            "distance_sum" => s.distance_sum.clone().into(),
            "wiener_index" => s.wiener_index.clone()?.into(),
            "ordered_pairs_with_several_shortest_paths" => s.several_shortest_paths.into(),
            _ => return None,
        })
    }

    /// The guesser's law for each sequence of [`SEQUENCE_NAMES`] that every n has, in that
    /// order: a conjecture from these terms, with how many determined it and how many
    /// confirm it, or why none is confirmed.
    pub fn guesses(&self, opts: &GuessOptions) -> Vec<(&'static str, Result<Guess, GuessError>)> {
        SEQUENCE_NAMES
            .iter()
            .filter_map(|&name| {
                let terms = self.sequence(name)?;
                Some((name, guess(&terms, self.first_n, opts)))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::guess::Law;

    /// The laws guessed from the statistics of H_3^n for n = 0..7 predict the statistics
    /// the whole graph has at n = 8 (computed, not predicted), and they are the
    /// literature's: 3^n configurations, 3(3^n - 1)/2 edges, diameter 2^n - 1.
    #[test]
    fn laws_guessed_from_small_graphs_predict_the_next_graph() {
        let v = Variant::builtin("classic").unwrap();
        let p = Params::new();
        let small = GraphSequences::compute(&v, "T", &p, 0..=7, 10_000, 1).unwrap();
        let next = GraphSequences::compute(&v, "T", &p, 8..=8, 10_000, 1).unwrap();
        let opts = GuessOptions {
            confirmations: 2,
            closed_form: false,
            ..GuessOptions::default()
        };
        let mut predicted = 0;
        for (name, g) in small.guesses(&opts) {
            let Ok(Guess {
                law: Law::CFinite(c),
                ..
            }) = g
            else {
                continue;
            };
            let terms = c.predict(9);
            assert_eq!(
                terms[8],
                next.sequence(name).unwrap()[0],
                "{name}: the law {} predicts n = 8",
                c.to_text()
            );
            predicted += 1;
        }
        assert!(predicted >= 4, "laws for vertices, arcs, edges, diameter");
        // The literature's forms at n = 0..8.
        let all = GraphSequences::compute(&v, "T", &p, 0..=8, 10_000, 1).unwrap();
        for (n, (vertices, (edges, diameter))) in all
            .sequence("vertices")
            .unwrap()
            .into_iter()
            .zip(
                all.sequence("edges")
                    .unwrap()
                    .into_iter()
                    .zip(all.sequence("diameter").unwrap()),
            )
            .enumerate()
        {
            let three = BigInt::from(3u32).pow(n as u32);
            assert_eq!(vertices, three);
            assert_eq!(edges, (&three - 1u32) * 3u32 / 2u32);
            assert_eq!(diameter, BigInt::from(2u32).pow(n as u32) - 1u32);
        }
    }

    #[test]
    fn a_graph_past_the_limit_is_refused_with_its_n() {
        let v = Variant::builtin("classic").unwrap();
        let e = GraphSequences::compute(&v, "T", &Params::new(), 1..=5, 100, 1).unwrap_err();
        assert!(
            matches!(e, GraphSequenceError::TooLarge { n: 5, .. }),
            "{e}"
        );
        assert_eq!(
            GraphSequences {
                first_n: 0,
                stats: vec![]
            }
            .sequence("nonsense"),
            None
        );
    }
}

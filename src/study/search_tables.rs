//! The data of the search page beyond the variants' own optima: state-graph facts, the
//! breadth-first layers of a few searches, the state graphs drawn in figures and a
//! distance histogram.

use super::StudyError;
use crate::facts::{cached_search, SearchBudget};
use crate::graph::histogram::{all_pairs_histogram, DistanceHistogram};
use crate::graph::layout::GraphDrawing;
use crate::puzzle::config_text::parse_config;
use crate::puzzle::{Move, Puzzle};
use crate::search::{state_graph, SearchOptions, StateGraph};
use crate::variants::{Params, Variant};

/// Facts of one state graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateGraphRow {
    /// Variant id.
    pub variant: &'static str,
    /// Function.
    pub function: &'static str,
    /// Discs.
    pub n: i64,
    /// States reachable from the start.
    pub states: usize,
    /// Its diameter (`None`: not computed).
    pub diameter: Option<u64>,
    /// States of degree 2.
    pub degree_two: usize,
    /// The largest degree.
    pub max_degree: usize,
    /// Its Wiener index (`None`: not computed).
    pub wiener: Option<num_bigint::BigInt>,
}

/// The breadth-first layers of one search explored to the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerRow {
    /// Variant id.
    pub variant: &'static str,
    /// Function.
    pub function: &'static str,
    /// Discs.
    pub n: i64,
    /// States at each distance from the start.
    pub layers: Vec<u64>,
}

/// A state graph with the algorithm's moves through it, for a picture.
#[derive(Clone, Debug)]
pub struct DrawnGraph {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its state graph.
    pub graph: StateGraph,
    /// The algorithm's moves from the start.
    pub moves: Vec<Move>,
}

/// Searches and state graphs of the search page.
#[derive(Clone, Debug)]
pub struct SearchTables {
    /// Classic and three-in-a-row (`fancy`) for n = 1..6 (Wikipedia: 3^n states, three
    /// corners of degree 2, diameter 2^n - 1; Sniedovich's path of 3^n states).
    pub state_graphs: Vec<StateGraphRow>,
    /// Breadth-first layers of classic, Reve's, cyclic and four-in-a-row searches.
    pub layers: Vec<LayerRow>,
    /// Classic Hanoi with three discs and its recursive solution.
    pub hanoi_graph: DrawnGraph,
    /// Classic Hanoi with four discs and a shortest path between two configurations that
    /// are not perfect towers ([`SHORTEST_PATH_ENDS`]).
    pub shortest_path: GraphDrawing,
    /// The distances between all pairs of distinct configurations of classic Hanoi with
    /// [`ALL_PAIRS_DISCS`] discs (every move can be undone, so each pair is counted once).
    pub all_pairs: DistanceHistogram,
}

/// The ends of the search page's shortest path in H_3^4 (pins largest disc first),
/// neither a perfect tower.
pub const SHORTEST_PATH_ENDS: (&str, &str) = ("0120", "2201");

/// Discs of the search page's all-pairs distance histogram (3^6 = 729 configurations).
pub const ALL_PAIRS_DISCS: i64 = 6;

impl SearchTables {
    /// Builds the state graphs and runs the layer searches (within
    /// [`SearchBudget::REPORT`]'s memory).
    pub fn compute() -> Result<SearchTables, StudyError> {
        let mut state_graphs = Vec::new();
        for (variant, function, n_max) in [("classic", "T", 6i64), ("fancy", "F", 6)] {
            let v = Variant::builtin(variant).map_err(StudyError::from_display)?;
            for n in 1..=n_max {
                let p = v
                    .puzzle(function, n, &Params::new())
                    .map_err(StudyError::from_display)?;
                let g = state_graph(&p, 1 << 16).map_err(StudyError::from_display)?;
                state_graphs.push(StateGraphRow {
                    variant,
                    function,
                    n,
                    states: g.len(),
                    diameter: g.diameter(),
                    degree_two: (0..g.len()).filter(|&i| g.degree(i) == 2).count(),
                    max_degree: (0..g.len()).map(|i| g.degree(i)).max().unwrap_or(0),
                    wiener: g.wiener_index(),
                });
            }
        }
        let mut layers = Vec::new();
        for (variant, function, n) in [
            ("classic", "T", 6i64),
            ("reves", "FS", 8),
            ("cyclic4", "N", 7),
            ("four-in-a-row", "R", 7),
        ] {
            let v = Variant::builtin(variant).map_err(StudyError::from_display)?;
            let p = v
                .puzzle(function, n, &Params::new())
                .map_err(StudyError::from_display)?;
            let r = cached_search(
                &p,
                &SearchOptions {
                    explore_all: true,
                    threads: 1,
                    memory_limit: SearchBudget::REPORT.memory,
                    ..Default::default()
                },
            )
            .map_err(StudyError::from_display)?;
            layers.push(LayerRow {
                variant,
                function,
                n,
                layers: r.layers,
            });
        }
        let classic = Variant::builtin("classic").map_err(StudyError::from_display)?;
        let n = 3;
        let puzzle = classic
            .puzzle("T", n, &Params::new())
            .map_err(StudyError::from_display)?;
        let graph = state_graph(&puzzle, 1 << 12).map_err(StudyError::from_display)?;
        let moves = classic
            .moves("T", n, &Params::new())
            .map_err(StudyError::from_display)?
            .collect();
        let four = classic
            .puzzle("T", 4, &Params::new())
            .map_err(StudyError::from_display)?;
        let end = |text: &str| parse_config(&four, text).map_err(StudyError::from_display);
        let (from, to) = SHORTEST_PATH_ENDS;
        let shortest_path =
            GraphDrawing::new(&four, &end(from)?, &end(to)?).map_err(StudyError::from_display)?;
        let six = classic
            .puzzle("T", ALL_PAIRS_DISCS, &Params::new())
            .map_err(StudyError::from_display)?;
        let all_pairs =
            all_pairs_histogram(&state_graph(&six, 1 << 12).map_err(StudyError::from_display)?);
        Ok(SearchTables {
            state_graphs,
            layers,
            hanoi_graph: DrawnGraph {
                puzzle,
                graph,
                moves,
            },
            shortest_path,
            all_pairs,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::classic::classic_distance;

    #[test]
    fn the_drawn_path_and_the_histogram_agree_with_hinz_and_the_wiener_index() {
        let t = SearchTables::compute().unwrap();
        let pins = |s: &str| s.bytes().map(|b| b - b'0').collect::<Vec<u8>>();
        let (from, to) = SHORTEST_PATH_ENDS;
        let hinz = classic_distance(&pins(from), &pins(to)).unwrap().distance;
        assert_eq!(num_bigint::BigUint::from(t.shortest_path.distance()), hinz);
        // The histogram's distance sum is the Wiener index of the same graph computed
        // by the state-graph table, its largest distance the diameter.
        let row = t
            .state_graphs
            .iter()
            .find(|r| r.variant == "classic" && r.n == ALL_PAIRS_DISCS)
            .unwrap();
        assert_eq!(
            row.wiener.clone().unwrap(),
            num_bigint::BigInt::from(t.all_pairs.distance_sum())
        );
        assert_eq!(Some(t.all_pairs.max_distance() as u64), row.diameter);
        assert_eq!(t.all_pairs.total(), 729 * 728 / 2);
    }
}

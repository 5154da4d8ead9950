//! The data of the search page beyond the variants' own optima: state-graph facts, the
//! breadth-first layers of a few searches, and the state graph drawn in a figure.

use super::StudyError;
use crate::facts::{cached_search, SearchBudget};
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
}

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
        Ok(SearchTables {
            state_graphs,
            layers,
            hanoi_graph: DrawnGraph {
                puzzle,
                graph,
                moves,
            },
        })
    }
}

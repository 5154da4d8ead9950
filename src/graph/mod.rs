//! State graphs of puzzles: distances between any two configurations and the statistics of
//! the whole graph.
//!
//! * [`classic`]: the classic three-pin graph H_3^n by Hinz's recursion, in O(n) for any
//!   two configurations (a million discs in milliseconds), with the one or two shortest
//!   paths.
//! * [`by_search`]: any rules, by the breadth-first [`crate::search::search`] with the two
//!   configurations as start and goal: the distance, the number of shortest paths, one
//!   path, and from one configuration its eccentricity and distribution of distances.
//! * [`stats`]: vertices, edges, degrees, diameter, radius, the exact average distance, the
//!   Wiener index and the pairs with several shortest paths of a small state graph, by a
//!   breadth-first search from one state per orbit of the pin symmetries, 64 sources per
//!   machine word.
//! * [`sequences`]: those statistics for consecutive n as sequences, and the laws the
//!   guesser conjectures from them.
//! * [`simple_paths`]: the longest simple (non-selfcrossing) paths from one configuration
//!   of a small state graph, by a depth-first search over every simple path.
//! * [`layout`]: a point for every configuration of a three-pin puzzle (the Sierpiński
//!   triangle of H_3^n) and the drawing of a state graph with one shortest path.
//! * [`histogram`]: the distances from one configuration, or over all pairs, as exact
//!   counts.
//! * [`symmetry`]: the pin permutations that are automorphisms of a state graph (all six
//!   for H_3^n) and the orbits of the states under them.
//!
//! Configurations as text (`0120`, `tower:2`) are [`crate::puzzle::config_text`].

pub mod bench;
pub mod by_search;
pub mod classic;
pub mod histogram;
pub mod layout;
pub mod sequences;
pub mod simple_paths;
pub mod stats;
pub mod symmetry;

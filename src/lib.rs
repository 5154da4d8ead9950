//! # hanoilab
//!
//! Exact mathematics of Tower of Hanoi variants.
//!
//! A variant is *rules* plus *algorithms*. Each algorithm is written once, as a recursion
//! program (see [`program`]); from that one description the toolkit derives the move stream,
//! the transfer matrix and a checked simulation. Independently, [`search`] finds the true
//! optimum by breadth-first search, and [`literature`] checks what the papers printed.
//!
//! | module | what it knows |
//! |---|---|
//! | [`algebra`] | exact polynomials, factorisation over Q, matrices, recurrences, roots (knows nothing of Hanoi) |
//! | [`puzzle`] | pins, discs, colours, rules, configurations, the checked simulator |
//! | [`program`] | recursion programs: parser, interpreter (lazy move stream), count extraction |
//! | [`variants`] | the built-in variant files and the rule families that need code |
//! | [`sequences`] | Frame–Stewart and star numbers, 3-smooth numbers |
//! | [`search`] | exhaustive breadth-first search over state graphs |
//! | [`facts`] | what is known of a variant: counts, simulations, search optima under one budget |
//! | [`literature`] | the formula language, claims from the seeds, the checker |
//! | [`output`] | tables, plots and reports |
//! | `cli` | the `hanoilab` command line (feature `cli`, on by default): parses, calls the library, prints |
//!
//! Features: `cli` (clap), `tables` (polars: Parquet files), `plots` (plotters); all on by
//! default. A library user can take `default-features = false` and build none of them.

// Every public item of the library is documented (examples and the binary are exempt).
#![warn(missing_docs)]

pub mod algebra;
#[cfg(feature = "cli")]
pub mod cli;
pub mod facts;
pub mod graph;
pub mod literature;
pub mod output;
pub mod program;
pub mod puzzle;
pub mod search;
pub mod sequences;
pub mod study;
mod toml_errors;
pub mod variants;

/// The README's Rust examples, compiled and run as doc-tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

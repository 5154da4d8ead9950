//! Towers, discs, pins, colours, rules and moves; the checked simulator.

pub mod model;

pub use model::{ColourRule, Config, Disc, Move, MoveGraph, Puzzle, Recolour, Rules, SizeRule};

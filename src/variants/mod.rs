//! See the crate documentation.

pub mod checkers;
pub mod reversi;

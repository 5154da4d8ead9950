//! Frame–Stewart and star numbers, 3-smooth numbers, and the four-pin move generators.
//!
//! - [`frame_stewart`](mod@frame_stewart): `T(n, p)` for any `p >= 3` by the min-recurrence, the increment
//!   structure, Lunnon's binomial forms and Stockmeyer's Lemma 2 / Theorem 1 (p = 4).
//! - [`star`](mod@star): Stockmeyer's star puzzle `S(n)` and the 3-smooth numbers; Lunnon's
//!   approximations checked exactly.
//! - [`moves`]: lazy move generators (explicit stack) for Frame–Stewart on `p` pegs, the
//!   star, Stockmeyer's 4-post cyclic and four-in-a-row algorithms, each with the matching
//!   [`crate::puzzle::Puzzle`] (the 2x5 multistack Reve's puzzle is a variant file,
//!   `multistack-reves`).
//! - [`four_in_a_row`]: Yi Yang's pattern bound for Stockmeyer's four-in-a-row puzzle
//!   (OEIS A160002), from the optima of at most six discs.
//! - [`bench`](mod@bench): timing entry points for `hanoilab bench`.

pub mod bench;
pub mod four_in_a_row;
pub mod frame_stewart;
pub mod moves;
pub mod star;

pub use frame_stewart::{frame_stewart, frame_stewart_report, FrameStewart, FrameStewartTable};
pub use star::{star, star_report, StarReport};

/// Errors of the sequence functions.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SequenceError {
    /// Fewer than three pegs.
    #[error("pegs = {pegs}: Frame–Stewart needs at least 3 pegs")]
    TooFewPegs {
        /// The pegs given.
        pegs: usize,
    },
    /// An input beyond what is supported.
    #[error("{what} = {value} is too large (at most {max})")]
    TooLarge {
        /// Which input.
        what: &'static str,
        /// The value given.
        value: u64,
        /// The largest accepted value.
        max: u64,
    },
    /// Any other invalid input.
    #[error("{what}: {detail}")]
    Invalid {
        /// Which input.
        what: &'static str,
        /// What is wrong.
        detail: String,
    },
}

/// At least 3 pegs (fewer cannot move a tower) and at most `max`.
pub(crate) fn check_pegs(p: usize, max: usize, what: &'static str) -> Result<(), SequenceError> {
    if p < 3 {
        return Err(SequenceError::TooFewPegs { pegs: p });
    }
    if p > max {
        return Err(SequenceError::TooLarge {
            what,
            value: p as u64,
            max: max as u64,
        });
    }
    Ok(())
}

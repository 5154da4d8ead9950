//! The error type of the exact algebra.

/// Failures of the exact algebra on malformed input. Never a panic for bad user data.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AlgebraError {
    /// An operation that needs a square matrix got a rectangular one.
    #[error("matrix is not square: {rows} rows and {cols} columns")]
    NotSquare {
        /// Number of rows.
        rows: usize,
        /// Number of columns.
        cols: usize,
    },
    /// Two operands whose sizes do not fit together (a product, a vector, a ragged row).
    #[error("dimension mismatch in {context}: expected {expected}, found {found}")]
    DimensionMismatch {
        /// What was being combined.
        context: String,
        /// The size required.
        expected: usize,
        /// The size given.
        found: usize,
    },
    /// A matrix or vector with no entries.
    #[error("empty {0}: at least one entry is needed")]
    Empty(&'static str),
    /// Berlekamp–Massey needs `2 * order` terms to determine a recurrence of that order, plus
    /// some more to confirm it.
    #[error(
        "sequence too short to determine its recurrence: {given} terms given, at least {needed} needed"
    )]
    SequenceTooShort {
        /// Terms given.
        given: usize,
        /// Terms needed for the order found so far.
        needed: usize,
    },
    /// An integer sequence whose shortest recurrence (on the terms given) has non-integer
    /// coefficients: it cannot be an integer linear recurrence sequence with these terms.
    #[error("the shortest recurrence of these terms has non-integer coefficients: {0}")]
    NonIntegerRecurrence(String),
    /// Exact quadratic-field arithmetic met two numbers of different fields (cannot happen
    /// for the closed forms the library builds; reported rather than assumed).
    #[error("{0}: the numbers do not lie in one quadratic field")]
    NonField(String),
}

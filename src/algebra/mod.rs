//! Exact algebra: polynomials over Z and Q, factorisation over Q, exact matrices and
//! characteristic polynomials, linear recurrences, roots, closed forms and asymptotics.
//!
//! Knows nothing of Hanoi. Integers are `num-bigint`, rationals `num-rational`; floating point
//! is only ever a starting guess that is refined and certified.

pub mod poly;

pub use poly::Poly;

#[cfg(test)]
pub(crate) mod testutil;

//! Exact algebra: polynomials over Z and Q, factorisation over Q, exact matrices and
//! characteristic polynomials, linear recurrences, roots, closed forms and asymptotics.
//!
//! Knows nothing of Hanoi. Integers are `num-bigint`, rationals `num-rational`; floating point
//! is only ever a starting guess that is refined and certified.

pub mod analysis;
pub mod bench;
pub(crate) mod charpoly_modular;
mod closed_form;
pub mod decimal;
pub mod digits;
mod dominant;
pub mod error;
pub mod factor;
pub mod genfun;
pub mod guess;
pub(crate) mod hensel;
pub mod interval;
pub mod kronecker;
pub(crate) mod limbpoly;
pub mod matrix;
pub mod matrix_file;
pub(crate) mod modgcd;
pub(crate) mod modp;
pub mod ntt;
pub mod poly;
pub mod power;
pub mod qpoly;
pub mod quadratic;
pub mod radix;
pub(crate) mod ratio;
pub mod recurrence;
pub mod recurrence_bench;
pub mod roots;
pub mod squarefree;
pub mod summary;
pub mod transfer;

pub use analysis::{AnalysisReport, ClosedForm, ClosedFormTerm, MatrixAnalysis};
pub use dominant::{Dominant, ResidueConstant};
pub use error::AlgebraError;
pub use factor::{factor, is_irreducible, FactorError, Factorization};
pub use genfun::GeneratingFunction;
pub use interval::Interval;
pub use matrix::{nth_term_matrix_power, Matrix, QMatrix, ZMatrix};
pub use matrix_file::{MatrixFile, MatrixFileError};
pub use poly::Poly;
pub use qpoly::QPoly;
pub use quadratic::QuadraticNumber;
pub use recurrence::{
    linear_complexity, minimal_recurrence, minimal_recurrence_bounded, x_pow_mod, x_pow_mod_with,
    PowProfile, Recurrence, Squaring,
};
pub use roots::{
    dominant_roots, rational_roots, real_roots, roots, roots_by_factor, ComplexRoot, DominantRoots,
};
pub use squarefree::{squarefree_decomposition, squarefree_part};
pub use summary::MatrixSummary;
pub use transfer::TransferSystem;

#[cfg(test)]
pub(crate) mod testutil;

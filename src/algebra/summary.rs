//! The bounded report on a matrix when the per-component analysis is skipped: the
//! characteristic polynomial, its factorisation over Q, the minimal polynomial and the
//! certified roots of each irreducible factor.
//!
//! Why it exists: the full [`MatrixAnalysis`](super::MatrixAnalysis) derives, for each of
//! the `n` components, a minimal recurrence, a closed form and a certified dominant
//! constant; that is `n` times the work and grows much faster than `n^3`. For a user's
//! large matrix the useful answer is the spectrum, which this computes in the time of
//! one characteristic polynomial, one factorisation and one root isolation.

use super::{factor, AlgebraError, ComplexRoot, Factorization, Poly, ZMatrix};
use serde::Serialize;
use std::fmt::Write as _;

/// Characteristic polynomial, factorisation, minimal polynomial and certified roots.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixSummary {
    /// `det(E I - M)`.
    pub charpoly: Poly,
    /// Its factorisation over Q.
    pub factorization: Factorization,
    /// The minimal polynomial of `M`.
    pub minimal_polynomial: Poly,
    /// For each irreducible factor (in [`factor()`]'s order): its certified roots.
    pub roots: Vec<Vec<ComplexRoot>>,
    /// Decimals asked for.
    pub digits: u32,
}

/// The JSON form of a [`MatrixSummary`] (big integers as decimal strings).
#[derive(Clone, Debug, Serialize)]
pub struct SummaryReport {
    /// The characteristic polynomial in `E`.
    pub charpoly: String,
    /// Its coefficients, lowest degree first.
    pub charpoly_coeffs: Vec<String>,
    /// The factorisation.
    pub charpoly_factored: String,
    /// The minimal polynomial in `E`.
    pub minimal_polynomial: String,
    /// Per irreducible factor: the factor, its multiplicity and its roots as decimals.
    pub roots: Vec<FactorRoots>,
}

/// Roots of one irreducible factor, for [`SummaryReport`].
#[derive(Clone, Debug, Serialize)]
pub struct FactorRoots {
    /// The factor in `E`.
    pub factor: String,
    /// Its multiplicity in the characteristic polynomial.
    pub multiplicity: usize,
    /// Its roots, certified decimals.
    pub roots: Vec<String>,
}

impl MatrixSummary {
    /// Computes the summary of a square matrix.
    ///
    /// ```
    /// use hanoilab::algebra::{summary::MatrixSummary, ZMatrix};
    /// let m = ZMatrix::from_i64(&[vec![1, 1], vec![1, 0]]).unwrap();
    /// let s = MatrixSummary::new(&m, 10).unwrap();
    /// assert_eq!(s.charpoly.to_string_in("E"), "E^2 - E - 1");
    /// assert_eq!(s.roots[0][0].to_decimal(10), "1.6180339887");
    /// ```
    pub fn new(m: &ZMatrix, digits: u32) -> Result<MatrixSummary, AlgebraError> {
        let charpoly = m.charpoly()?;
        let factorization = factor(&charpoly).expect("a characteristic polynomial is monic");
        let minimal_polynomial = if super::charpoly_modular::squarefree_by_primes(&charpoly) {
            // see ZMatrix::minimal_polynomial: simple eigenvalues only
            charpoly.clone()
        } else {
            m.minimal_polynomial()?
        };
        // The matrix's own eigenvalues in f64 are far better starting points than the
        // polynomial's (whose coefficients may be hundreds of digits long).
        let guesses = super::roots::matrix_eigenvalues_f64(m);
        let roots = factorization
            .factors
            .iter()
            .map(|(g, _)| super::roots::roots_near_irreducible(g, digits, guesses.as_deref()))
            .collect();
        Ok(MatrixSummary {
            charpoly,
            factorization,
            minimal_polynomial,
            roots,
            digits,
        })
    }

    /// The JSON-ready form.
    pub fn to_report(&self) -> SummaryReport {
        SummaryReport {
            charpoly: self.charpoly.to_string_in("E"),
            charpoly_coeffs: self
                .charpoly
                .coeffs()
                .iter()
                .map(|c| c.to_string())
                .collect(),
            charpoly_factored: super::analysis::factorization_text(&self.factorization),
            minimal_polynomial: self.minimal_polynomial.to_string_in("E"),
            roots: self
                .factorization
                .factors
                .iter()
                .zip(&self.roots)
                .map(|((g, m), r)| FactorRoots {
                    factor: g.to_string_in("E"),
                    multiplicity: *m,
                    roots: r.iter().map(|z| z.to_decimal(self.digits)).collect(),
                })
                .collect(),
        }
    }

    /// Human-readable lines (the same headings as the full analysis).
    pub fn to_text(&self) -> String {
        let r = self.to_report();
        let mut o = String::new();
        let _ = writeln!(o, "characteristic polynomial: {}", r.charpoly);
        let _ = writeln!(o, "  = {}", r.charpoly_factored);
        let _ = writeln!(o, "minimal polynomial: {}", r.minimal_polynomial);
        for f in &r.roots {
            let mult = if f.multiplicity > 1 {
                format!(" (multiplicity {})", f.multiplicity)
            } else {
                String::new()
            };
            let _ = writeln!(
                o,
                "roots of {}{mult} (certified): {}",
                f.factor,
                f.roots.join(", ")
            );
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    #[test]
    fn roots_multiply_back() {
        // Product over the factors of (E - root)^multiplicity has the charpoly's degree.
        let m = ZMatrix::from_i64(&[
            vec![2, 0, 0, 1],
            vec![0, 2, 0, 0],
            vec![1, 0, 3, 0],
            vec![0, 0, 1, 1],
        ])
        .unwrap();
        let s = MatrixSummary::new(&m, 20).unwrap();
        let count: usize = s
            .factorization
            .factors
            .iter()
            .zip(&s.roots)
            .map(|((_, k), r)| k * r.len())
            .sum();
        assert_eq!(count, 4);
        assert_eq!(s.factorization.expand(), s.charpoly);
        assert_eq!(s.charpoly, m.charpoly_berkowitz().unwrap());
        assert_eq!(s.factorization.unit, BigInt::from(1));
    }
}

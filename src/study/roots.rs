//! Where the roots of a variant's characteristic polynomial lie, factor by factor.

use crate::facts::VariantFacts;
use num_bigint::BigInt;

/// One irreducible factor over Q of a characteristic polynomial and its roots.
#[derive(Clone, Debug, PartialEq)]
pub struct RootFactor {
    /// The factor in `E`.
    pub factor: String,
    /// Its multiplicity.
    pub multiplicity: usize,
    /// Its roots (12 digits, as `(re, im)` floats: for pictures only).
    pub roots: Vec<(f64, f64)>,
}

/// The factorisation over Q of the characteristic polynomial of `facts`' transfer matrix
/// and every factor's roots (`None`: no matrix, or the factorisation failed).
pub fn root_factors(facts: &VariantFacts) -> Option<Vec<RootFactor>> {
    let a = facts.analysis.as_ref()?;
    let coeffs: Vec<BigInt> = a
        .charpoly_coeffs
        .iter()
        .map(|c| c.parse())
        .collect::<Result<_, _>>()
        .ok()?;
    let poly = crate::algebra::Poly::new(coeffs);
    let fact = crate::algebra::factor(&poly).ok()?;
    Some(
        fact.factors
            .iter()
            .map(|(factor, e)| RootFactor {
                factor: factor.to_string_in("E"),
                multiplicity: *e,
                roots: crate::algebra::roots(factor, 12)
                    .iter()
                    .map(|z| {
                        let c = z.to_f64();
                        (c.re, c.im)
                    })
                    .collect(),
            })
            .collect(),
    )
}

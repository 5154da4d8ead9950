//! How one function of a variant grows: from its transfer system, the dominant term
//! `c n^k λ^n` (one constant per parity where `-λ` ties with `λ`), the minimal recurrence
//! with the first n it holds from, the generating function from the first term and the
//! closed form; without a transfer system, the growth the literature states (with its
//! source) and the growth measured on the exact counts, stated as measured.

use super::recurrence_start::recurrence_starts;
use crate::algebra::decimal::significant;
use crate::algebra::{dominant_roots, Dominant, Poly};
use crate::literature::claims::{builtin_claims, Claim, ClaimKind};
use crate::variants::{Params, Variant, VariantError};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use serde::Serialize;

/// The growth of one function of a variant, as far as the project knows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Growth {
    /// The variant id.
    pub variant: String,
    /// The function.
    pub function: String,
    /// The parameters other than n.
    pub params: Params,
    /// The certified digits asked for (λ and the constants).
    pub digits: usize,
    /// From the transfer system (`None`: the function's procedure has none, or the
    /// function's call is not on n discs).
    pub algebra: Option<AlgebraicGrowth>,
    /// What the literature states about the growth: asymptotic claims about the function,
    /// and, when there is no transfer system, the growth statements about the variant.
    pub literature: Vec<StatedGrowth>,
    /// Ratios of successive exact counts (only when there is no transfer system).
    pub measured: Option<MeasuredGrowth>,
}

/// The growth read off the transfer system of the function's procedure.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AlgebraicGrowth {
    /// The component of the transfer system the function counts.
    pub component: String,
    /// The dominant term (`None`: the sequence is eventually zero).
    pub dominant: Option<Dominant>,
    /// λ to the digits asked for, certified (on the roots of the minimal recurrence), also
    /// where [`Dominant::lambda`] is exact.
    pub lambda_decimal: Option<String>,
    /// The minimal recurrence as a polynomial in the shift `E`.
    pub recurrence: String,
    /// Its order.
    pub recurrence_order: usize,
    /// `c_1, ..., c_r` (decimal strings) with `a(n) = c_1 a(n-1) + ... + c_r a(n-r)`,
    /// `r` the order less the power of `E` dividing the recurrence.
    pub recurrence_coefficients: Vec<String>,
    /// The smallest n from which the recurrence gives every term from the ones before it.
    pub recurrence_from: i64,
    /// The generating function from the function's first term, every term included.
    pub generating_function: Option<GrowthGeneratingFunction>,
    /// The closed form, where it is explicit in the roots (rational and quadratic roots).
    pub closed_form: Option<GrowthClosedForm>,
}

/// `sum_{n >= first_n} a(n) x^n = P(x) / Q(x)` in lowest terms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GrowthGeneratingFunction {
    /// The first n of the sum.
    pub first_n: i64,
    /// Coefficients of `P`, lowest degree first, decimal strings.
    pub numerator: Vec<String>,
    /// Coefficients of `Q`, lowest degree first, decimal strings.
    pub denominator: Vec<String>,
    /// `P / Q` as text.
    pub text: String,
    /// `P` and `Q` as LaTeX polynomials in `x`.
    pub tex: (String, String),
}

/// A closed form `a(n) = sum_r P_r(n) r^n`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GrowthClosedForm {
    /// As text.
    pub text: String,
    /// As LaTeX.
    pub tex: String,
    /// The n from which it holds.
    pub valid_from: u64,
}

/// A statement of the literature about the growth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StatedGrowth {
    /// The claim (`file/id`, as `hanoilab claims` names it).
    pub claim: String,
    /// Where it is printed.
    pub source: String,
    /// The statement as printed.
    pub statement: String,
    /// The printed form or constant, in the formula language.
    pub formula: Option<String>,
}

/// The growth measured on exact counts: not a proof of any limit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MeasuredGrowth {
    /// The largest n counted.
    pub n_max: i64,
    /// `(n, a(n) / a(n-1))` for the last n counted, the ratio to the digits asked for
    /// (rounded, from the exact counts).
    pub ratios: Vec<(i64, String)>,
    /// `a(n_max)`, a decimal string.
    pub last_count: String,
}

/// The largest n the measured growth counts up to.
pub const MEASURED_MAX_N: i64 = 200;
/// The counts stop before one would have more decimal digits than this (estimated).
pub const MEASURED_MAX_DIGITS: f64 = 5000.0;
/// How many of the last ratios are given.
pub const MEASURED_RATIOS: usize = 3;

impl Growth {
    /// The growth of `function` of `variant` with `params`, constants to `digits` digits.
    ///
    /// ```
    /// use hanoilab::facts::Growth;
    /// use hanoilab::variants::{Params, Variant};
    /// let v = Variant::builtin("classic").unwrap();
    /// let g = Growth::of(&v, "T", &Params::new(), 10).unwrap();
    /// let a = g.algebra.unwrap();
    /// assert_eq!(a.dominant.unwrap().lambda, "2");
    /// assert_eq!(a.closed_form.unwrap().text, "2^n - 1");
    /// ```
    #[allow(clippy::result_large_err)] // variant errors carry file positions; they are rare
    pub fn of(
        variant: &Variant,
        function: &str,
        params: &Params,
        digits: usize,
    ) -> Result<Growth, VariantError> {
        let f = variant.function(function)?;
        let algebra = algebraic(variant, function, params, digits)?;
        let literature = stated(variant, function, algebra.is_none());
        let measured = match algebra {
            Some(_) => None,
            None => measured(variant, function, f.n_min, params, digits),
        };
        Ok(Growth {
            variant: variant.id.clone(),
            function: function.to_string(),
            params: params.clone(),
            digits,
            algebra,
            literature,
            measured,
        })
    }
}

#[allow(clippy::result_large_err)] // as above
fn algebraic(
    variant: &Variant,
    function: &str,
    params: &Params,
    digits: usize,
) -> Result<Option<AlgebraicGrowth>, VariantError> {
    let Some((sys, i)) = variant.function_component(function, params)? else {
        return Ok(None);
    };
    let Some(analysis) = variant.analysis(params, digits)? else {
        return Ok(None);
    };
    let Some(j) = analysis
        .components
        .iter()
        .position(|c| c.name == sys.names[i])
    else {
        return Ok(None);
    };
    let c = &analysis.components[j];
    let start = recurrence_starts(variant, params, &analysis)
        .into_iter()
        .nth(j)
        .flatten();
    let rec = &c.recurrence;
    let span = rec.order() - rec.offset();
    let recurrence_from = match &start {
        Some(st) => st.valid_from,
        None => analysis.first_n as i64 + rec.order() as i64,
    };
    let gf = match &start {
        Some(st) => Some((st.first_n, st.generating_function.clone())),
        None => c
            .generating_function
            .clone()
            .map(|g| (analysis.first_n as i64, g)),
    };
    let coefficients = |p: &Poly| p.coeffs().iter().map(|v| v.to_string()).collect();
    let lambda_decimal = c
        .dominant
        .as_ref()
        .and_then(|d| lambda_decimal(&rec.reduced(), d, digits));
    Ok(Some(AlgebraicGrowth {
        component: c.name.clone(),
        dominant: c.dominant.clone(),
        lambda_decimal,
        recurrence: rec.poly().to_string_in("E"),
        recurrence_order: rec.order(),
        recurrence_coefficients: rec.coefficients()[..span]
            .iter()
            .map(|v| v.to_string())
            .collect(),
        recurrence_from,
        generating_function: gf.map(|(first_n, g)| GrowthGeneratingFunction {
            first_n,
            numerator: coefficients(&g.numerator),
            denominator: coefficients(&g.denominator),
            text: g.to_text(),
            tex: g.to_tex(),
        }),
        closed_form: c.closed_form.to_tex().map(|tex| GrowthClosedForm {
            text: c.closed_form.to_text(),
            tex,
            valid_from: c.closed_form.valid_from,
        }),
    }))
}

/// λ as certified decimals: the positive real root of largest modulus of the recurrence.
fn lambda_decimal(q: &Poly, d: &Dominant, digits: usize) -> Option<String> {
    let roots = dominant_roots(q, digits as u32);
    roots
        .roots
        .iter()
        .filter(|z| z.is_real())
        .map(|z| z.to_decimal(digits as u32))
        .find(|t| !t.starts_with('-'))
        .or_else(|| (!d.lambda.contains(' ')).then(|| d.lambda.clone()))
}

/// The claims stating how the function grows; with `variant_wide`, also the variant's
/// statements of growth that name no function (Frame–Stewart's `2^sqrt(2n)`).
fn stated(variant: &Variant, function: &str, variant_wide: bool) -> Vec<StatedGrowth> {
    let Ok(claims) = builtin_claims() else {
        return vec![];
    };
    let own = format!("{}.{function}", variant.id);
    claims
        .iter()
        .filter(|c| c.variant_id().as_deref() == Some(variant.id.as_str()))
        .filter_map(|c: &Claim| {
            let formula = match &c.kind {
                ClaimKind::Asymptotic {
                    target, formula, ..
                } => {
                    let about_function = target == &own;
                    let about_variant = !target.contains('.') && variant_wide;
                    (about_function || about_variant).then(|| formula.clone())?
                }
                ClaimKind::Constant { expression, .. }
                    if variant_wide && c.statement.contains("grows") =>
                {
                    expression.clone()
                }
                _ => return None,
            };
            Some(StatedGrowth {
                claim: format!("{}/{}", c.file, c.id),
                source: c.source(),
                statement: c.statement.clone(),
                formula: Some(formula),
            })
        })
        .collect()
}

fn measured(
    variant: &Variant,
    function: &str,
    n_min: i64,
    params: &Params,
    digits: usize,
) -> Option<MeasuredGrowth> {
    let mut counts: Vec<(i64, BigInt)> = Vec::new();
    for n in n_min.max(0)..=MEASURED_MAX_N {
        match variant.estimated_digits(function, n, params) {
            Some(d) if d > MEASURED_MAX_DIGITS => break,
            _ => {}
        }
        match variant.count(function, n, params) {
            Ok(v) => counts.push((n, v)),
            Err(_) => break,
        }
    }
    let ratios: Vec<(i64, String)> = counts
        .windows(2)
        .filter(|w| w[0].1.is_positive() && w[1].0 == w[0].0 + 1)
        .map(|w| {
            let r = BigRational::new(w[1].1.clone(), w[0].1.clone());
            (w[1].0, significant(&r, digits))
        })
        .collect();
    let (n_max, last) = counts.last()?;
    if ratios.is_empty() || last.is_zero() {
        return None;
    }
    Some(MeasuredGrowth {
        n_max: *n_max,
        ratios: ratios[ratios.len().saturating_sub(MEASURED_RATIOS)..].to_vec(),
        last_count: crate::algebra::radix::to_decimal(last),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Frame–Stewart (four pegs) has no transfer system: Lunnon's statement of its growth
    /// base is given, and the measured ratio tends to 1 (sub-exponential growth).
    #[test]
    fn reves_has_stated_and_measured_growth() {
        let v = Variant::builtin("reves").unwrap();
        let g = Growth::of(&v, &v.default_function().name, &Params::new(), 8).unwrap();
        assert!(g.algebra.is_none());
        assert!(g
            .literature
            .iter()
            .any(|s| s.claim == "lunnon/reves.growth-base"));
        let m = g.measured.unwrap();
        assert_eq!(m.n_max, MEASURED_MAX_N);
        let r: f64 = m.ratios.last().unwrap().1.parse().unwrap();
        assert!(r > 1.0 && r < 1.2, "{r}");
    }
}

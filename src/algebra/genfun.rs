//! Generating functions of linear recurrent sequences: `sum_{n >= n0} s(n) x^n = P(x) / Q(x)`,
//! exact, in lowest terms.
//!
//! A sequence satisfies a linear recurrence with constant coefficients exactly when its
//! generating function is rational (Stanley, Enumerative Combinatorics I, Theorem 4.1.1);
//! the denominator is the reversed characteristic polynomial `Q(x) = x^d p(1/x)`. This is
//! the closed form the report prints where the roots have no radical form.

use super::error::AlgebraError;
use super::poly::Poly;
use super::recurrence::Recurrence;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

/// `P(x) / Q(x)` with integer coefficients and `Q(0) = 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratingFunction {
    /// `P(x)`.
    pub numerator: Poly,
    /// `Q(x)`, with `Q(0) = 1`.
    pub denominator: Poly,
}

/// The first `count` coefficients of the power series `num / den`, when `den(0) = ±1` (so
/// every coefficient is an integer); `None` otherwise.
pub fn series_quotient(num: &Poly, den: &Poly, count: usize) -> Option<Vec<BigInt>> {
    let d0 = den.coeff(0);
    if !d0.abs().is_one() {
        return None;
    }
    let dd = den.degree()?;
    let mut out: Vec<BigInt> = Vec::with_capacity(count);
    for i in 0..count {
        let mut v = num.coeff(i);
        for j in 1..=dd.min(i) {
            v -= den.coeff(j) * &out[i - j];
        }
        out.push(v * &d0); // d0 = ±1 is its own inverse
    }
    Some(out)
}

/// `a / b` exactly, when `b(0) = ±1` and `b` divides `a` over Z.
fn exact_div(a: &Poly, b: &Poly) -> Option<Poly> {
    let (da, db) = (a.degree()?, b.degree()?);
    if da < db {
        return None;
    }
    let q = Poly::new(series_quotient(a, b, da - db + 1)?);
    (&q * b == *a).then_some(q)
}

impl GeneratingFunction {
    /// The generating function of `s(n0), s(n0 + 1), ...` (given in `terms`, at least as
    /// many as the recurrence's order) satisfying `rec`: `x^n0 P0(x) / Q(x)` with
    /// `(P0, Q)` from [`Recurrence::generating_function`], reduced to lowest terms.
    ///
    /// ```
    /// use hanoilab::algebra::{minimal_recurrence, GeneratingFunction, Poly};
    /// // 2^n - 1 from n = 1: x / (1 - 3x + 2x^2)
    /// let terms: Vec<_> = (1..12).map(|n| ((1u64 << n) - 1).into()).collect();
    /// let rec = minimal_recurrence(&terms).unwrap();
    /// let g = GeneratingFunction::from_recurrence(&rec, &terms, 1).unwrap();
    /// assert_eq!(g.numerator, Poly::from_i64(&[0, 1]));
    /// assert_eq!(g.denominator, Poly::from_i64(&[1, -3, 2]));
    /// ```
    pub fn from_recurrence(
        rec: &Recurrence,
        terms: &[BigInt],
        n0: u64,
    ) -> Result<GeneratingFunction, AlgebraError> {
        let (p, q) = rec.generating_function(terms)?;
        let shift = Poly::monomial(BigInt::one(), n0 as usize);
        let mut p = &p * &shift;
        let mut q = q;
        if !p.is_zero() {
            let mut g = p.gcd(&q);
            if g.coeff(0).is_negative() {
                g = -&g;
            }
            if g.degree().is_some_and(|d| d > 0) && g.coeff(0).is_one() {
                if let (Some(p2), Some(q2)) = (exact_div(&p, &g), exact_div(&q, &g)) {
                    p = p2;
                    q = q2;
                }
            }
        } else {
            q = Poly::one();
        }
        debug_assert!(q.coeff(0).is_one());
        Ok(GeneratingFunction {
            numerator: p,
            denominator: q,
        })
    }

    /// The coefficients of `x^0, ..., x^(count - 1)`.
    pub fn series(&self, count: usize) -> Vec<BigInt> {
        series_quotient(&self.numerator, &self.denominator, count)
            .expect("the denominator has constant term 1")
    }

    /// `(P, Q)` as LaTeX polynomials in `x`, lowest degree first (`1 - 3x + 2x^{2}`).
    pub fn to_tex(&self) -> (String, String) {
        (
            poly_tex(&self.numerator, "x"),
            poly_tex(&self.denominator, "x"),
        )
    }

    /// The series and its value as one equation, as `matrix` and `growth` print it:
    /// `sum_{n >= 1} T(n) x^n = (x) / (1 - 3x + 2x^2)` for the sequence `T` from `first_n`.
    ///
    /// ```
    /// use hanoilab::algebra::{GeneratingFunction, Poly};
    /// let g = GeneratingFunction {
    ///     numerator: Poly::from_i64(&[0, 1]),
    ///     denominator: Poly::from_i64(&[1, -3, 2]),
    /// };
    /// assert_eq!(g.series_equation("T", 1), "sum_{n >= 1} T(n) x^n = (x) / (1 - 3x + 2x^2)");
    /// ```
    pub fn series_equation(&self, name: &str, first_n: u64) -> String {
        series_equation(name, first_n, &self.to_text())
    }

    /// Plain text: `x / (1 - 3x + 2x^2)`.
    pub fn to_text(&self) -> String {
        format!(
            "({}) / ({})",
            poly_text_ascending(&self.numerator, "x", false),
            poly_text_ascending(&self.denominator, "x", false)
        )
    }
}

/// `sum_{n >= FIRST_N} NAME(n) x^n = FRACTION`: a generating function already written as
/// text ([`GeneratingFunction::to_text`]) as the equation it states.
pub fn series_equation(name: &str, first_n: impl std::fmt::Display, fraction: &str) -> String {
    format!("sum_{{n >= {first_n}}} {name}(n) x^n = {fraction}")
}

/// A polynomial in `var`, lowest degree first, as LaTeX.
pub fn poly_tex(p: &Poly, var: &str) -> String {
    poly_text_ascending(p, var, true)
}

fn poly_text_ascending(p: &Poly, var: &str, tex: bool) -> String {
    let mut out = String::new();
    for (j, c) in p.coeffs().iter().enumerate() {
        if c.is_zero() {
            continue;
        }
        let a = c.abs();
        let pow = match (j, tex) {
            (0, _) => String::new(),
            (1, _) => var.to_string(),
            (_, true) => format!("{var}^{{{j}}}"),
            (_, false) => format!("{var}^{j}"),
        };
        let body = if a.is_one() && j > 0 {
            pow
        } else {
            format!("{a}{pow}")
        };
        if out.is_empty() {
            if c.is_negative() {
                out.push('-');
            }
        } else {
            out.push_str(if c.is_negative() { " - " } else { " + " });
        }
        out.push_str(&body);
    }
    if out.is_empty() {
        out.push('0');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::minimal_recurrence;

    fn big(v: &[i64]) -> Vec<BigInt> {
        v.iter().map(|&x| BigInt::from(x)).collect()
    }

    fn check_series(terms: &[BigInt], n0: u64) -> GeneratingFunction {
        let rec = minimal_recurrence(terms).unwrap();
        let g = GeneratingFunction::from_recurrence(&rec, terms, n0).unwrap();
        // The series expansion reproduces the terms: x^0..x^(n0-1) are zero, then s(n0), ...
        let s = g.series(n0 as usize + terms.len());
        assert!(s[..n0 as usize].iter().all(Zero::is_zero));
        assert_eq!(&s[n0 as usize..], terms);
        assert!(g.denominator.coeff(0).is_one());
        g
    }

    #[test]
    fn series_expansion_reproduces_the_terms() {
        // 2^n - 1 (classic), 3^n - 1 (fancy), Fibonacci, and the cyclic sequence
        // 0, 1, 5, 15, 43, ... (recurrence s(n) = 2 s(n-1) + 2 s(n-2) + 1).
        let classic: Vec<BigInt> = (0..30).map(|n| (BigInt::one() << n) - 1).collect();
        let g = check_series(&classic, 0);
        assert_eq!(g.to_text(), "(x) / (1 - 3x + 2x^2)");
        let fancy: Vec<BigInt> = (1..30u32).map(|n| BigInt::from(3).pow(n) - 1).collect();
        check_series(&fancy, 1);
        let mut fib = big(&[0, 1]);
        for i in 2..40 {
            let v = &fib[i - 1] + &fib[i - 2];
            fib.push(v);
        }
        let g = check_series(&fib, 0);
        assert_eq!(g.to_tex(), ("x".to_string(), "1 - x - x^{2}".to_string()));
        let mut cyc = big(&[0, 1]);
        for i in 2..30 {
            let v = 2 * &cyc[i - 1] + 2 * &cyc[i - 2] + 1;
            cyc.push(v);
        }
        check_series(&cyc, 0);
    }

    #[test]
    fn a_recurrence_with_a_zero_root_keeps_its_first_term() {
        // 5, then 1, 2, 4, 8, ...: minimal polynomial E (E - 2); (5 - 9x) / (1 - 2x).
        let mut t = big(&[5, 1]);
        for i in 2..20 {
            let v = 2 * &t[i - 1];
            t.push(v);
        }
        let g = check_series(&t, 0);
        assert_eq!(g.numerator, Poly::from_i64(&[5, -9]));
        assert_eq!(g.denominator, Poly::from_i64(&[1, -2]));
    }

    #[test]
    fn common_factors_cancel() {
        // P/Q given with a common factor (1 - x): reduced to 1 / (1 - 2x).
        let rec = Recurrence::from_poly(Poly::from_i64(&[2, -3, 1])).unwrap();
        let terms: Vec<BigInt> = (0..10).map(|n| BigInt::one() << n).collect();
        let g = GeneratingFunction::from_recurrence(&rec, &terms, 0).unwrap();
        assert_eq!(g.numerator, Poly::one());
        assert_eq!(g.denominator, Poly::from_i64(&[1, -2]));
        assert_eq!(g.series(10), terms);
    }
}

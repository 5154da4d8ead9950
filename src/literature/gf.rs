//! Rational generating functions as printed in a claim (`3*x*(1 - 11*x)/((1 - 3*x)*(1 -
//! 18*x))`): the coefficients of the power series from n = 0, and the exact constant of a
//! simple dominant pole, so a statement about a limit can be derived from the law a claim
//! states.
//!
//! ```
//! use hanoilab::literature::gf::RationalGf;
//! use num_rational::BigRational;
//! // 2^n - 1 from n = 0: x / ((1 - x)(1 - 2x)); a(n) / 2^n tends to 1.
//! let f = RationalGf::parse("x/((1 - x)*(1 - 2*x))").unwrap();
//! let c: Vec<String> = f.coefficients(5).iter().map(|c| c.to_string()).collect();
//! assert_eq!(c, ["0", "1", "3", "7", "15"]);
//! let two = BigRational::from_integer(2.into());
//! assert_eq!(f.growth_constant(&two).unwrap(), BigRational::from_integer(1.into()));
//! ```

use super::eval::{poly_eval, to_poly};
use super::formula::{parse, BinOp, Expr};
use crate::algebra::{dominant_roots, Poly};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// `numerator(x) / denominator(x)`, rational coefficients lowest degree first, with
/// `denominator(0) != 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RationalGf {
    /// The numerator's coefficients.
    pub numerator: Vec<BigRational>,
    /// The denominator's coefficients (the constant term is not zero).
    pub denominator: Vec<BigRational>,
}

impl RationalGf {
    /// Parses `P / Q` (or a polynomial `P`) in the variable `x`: numbers, `x`, `+ - *`,
    /// division by numbers and small powers inside `P` and `Q`, one division between them.
    pub fn parse(text: &str) -> Result<RationalGf, String> {
        let e = parse(text).map_err(|e| e.to_string())?;
        let (num, den) = match &e {
            Expr::Bin(BinOp::Div, a, b) => (to_poly(a, "x")?, to_poly(b, "x")?),
            other => (to_poly(other, "x")?, vec![BigRational::one()]),
        };
        if den.first().is_none_or(|c| c.is_zero()) {
            return Err(format!(
                "generating function '{text}': the denominator vanishes at x = 0"
            ));
        }
        Ok(RationalGf {
            numerator: num,
            denominator: den,
        })
    }

    /// The first `count` coefficients of the power series, from x^0.
    pub fn coefficients(&self, count: usize) -> Vec<BigRational> {
        let d0 = &self.denominator[0];
        let mut out: Vec<BigRational> = Vec::with_capacity(count);
        for i in 0..count {
            let mut v = self.numerator.get(i).cloned().unwrap_or_default();
            for (j, dj) in self.denominator.iter().enumerate().skip(1).take(i) {
                v -= dj * &out[i - j];
            }
            out.push(v / d0);
        }
        out
    }

    /// The constant `c` of `a(n) ~ c r^n`: `1/r` must be a simple pole and every other
    /// pole farther from 0, proved (the other poles' moduli by certified root isolation);
    /// an error saying which condition fails otherwise.
    pub fn growth_constant(&self, r: &BigRational) -> Result<BigRational, String> {
        if !r.is_positive() {
            return Err(format!("the growth rate {r} is not positive"));
        }
        let y = r.recip();
        let den = &self.denominator;
        let derivative: Vec<BigRational> = den
            .iter()
            .enumerate()
            .skip(1)
            .map(|(k, c)| c * BigRational::from_integer(k.into()))
            .collect();
        if !poly_eval(den, &y).is_zero() {
            return Err(format!(
                "x = 1/{r} is not a pole (the denominator does not vanish)"
            ));
        }
        let slope = poly_eval(&derivative, &y);
        if slope.is_zero() {
            return Err(format!("x = 1/{r} is a multiple pole"));
        }
        // The poles' reciprocals are the roots of the reversed denominator; with r divided
        // out, every remaining root must be smaller than r in modulus.
        let reversed = integer_poly(den).reverse();
        let linear = Poly::new(vec![-r.numer().clone(), r.denom().clone()]);
        let rest = reversed
            .checked_div_exact(&linear)
            .ok_or_else(|| format!("x = 1/{r} is not a pole of the reduced denominator"))?;
        if rest.degree().unwrap_or(0) > 0 {
            let d = dominant_roots(&rest, 20);
            let bits = 96;
            let below = d.settled && d.roots.iter().all(|root| &root.modulus_bounds(bits).1 < r);
            if !below {
                return Err(format!(
                    "another pole is as near to 0 as x = 1/{r} (or could not be told apart)"
                ));
            }
        }
        Ok(-(r * poly_eval(&self.numerator, &y)) / slope)
    }
}

/// The polynomial times the least common multiple of its denominators.
fn integer_poly(c: &[BigRational]) -> Poly {
    let l = c.iter().fold(BigInt::one(), |acc, v| acc.lcm(v.denom()));
    Poly::new(c.iter().map(|v| (v * &l).to_integer()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(a: i64, b: i64) -> BigRational {
        BigRational::new(a.into(), b.into())
    }

    /// The series equals the recurrence read off the denominator (another route: stepping
    /// 35, -395, 1761, -2916, 972 from the first terms).
    #[test]
    fn coefficients_follow_the_denominators_recurrence() {
        let f = RationalGf::parse(
            "3*x*(1 - 11*x + 28*x^2 + 24*x^3)/((1 - 3*x)*(1 - 9*x)*(1 - 18*x)*(1 - 5*x + 2*x^2))",
        )
        .unwrap();
        let c = f.coefficients(30);
        let rec = [35, -395, 1761, -2916, 972];
        for n in 6..30 {
            let step: BigRational = rec
                .iter()
                .enumerate()
                .map(|(i, &k)| q(k, 1) * &c[n - 1 - i])
                .sum();
            assert_eq!(c[n], step, "n = {n}");
        }
    }

    #[test]
    fn the_growth_constant_is_the_residue_of_the_simple_dominant_pole() {
        // 3^n + 2^n: 1/(1-3x) + 1/(1-2x); a(n)/3^n -> 1, and r = 2 is not dominant.
        let f = RationalGf::parse("(2 - 5*x)/((1 - 3*x)*(1 - 2*x))").unwrap();
        assert_eq!(f.growth_constant(&q(3, 1)).unwrap(), q(1, 1));
        assert!(f.growth_constant(&q(2, 1)).is_err());
        assert!(f.growth_constant(&q(5, 1)).is_err());
        // n 2^n: a double pole.
        let g = RationalGf::parse("2*x/(1 - 2*x)^2").unwrap();
        assert!(g
            .growth_constant(&q(2, 1))
            .unwrap_err()
            .contains("multiple"));
        // 3^n and (-3)^n tie.
        let h = RationalGf::parse("2/((1 - 3*x)*(1 + 3*x))").unwrap();
        assert!(h.growth_constant(&q(3, 1)).is_err());
    }

    #[test]
    fn a_vanishing_denominator_at_zero_is_refused() {
        assert!(RationalGf::parse("1/x").is_err());
        assert!(RationalGf::parse("1/(x - n)").is_err());
    }
}

//! Dense univariate polynomials with exact integer coefficients.
//!
//! `Poly` is the one polynomial type of the algebra: coefficients are `BigInt`, stored
//! lowest degree first, normalised so that the last stored coefficient is non-zero (the zero
//! polynomial has no coefficients). Polynomials over Q are handled as a rational scalar times
//! a primitive integer polynomial where that is enough (see `factor` and `matrix`).

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

/// A polynomial over Z, lowest coefficient first, no trailing zeros.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Poly {
    coeffs: Vec<BigInt>,
}

impl Poly {
    /// The polynomial with these coefficients (lowest degree first); trailing zeros dropped.
    ///
    /// ```
    /// use hanoilab::algebra::Poly;
    /// let p = Poly::new(vec![(-1).into(), 0.into(), 1.into()]); // x^2 - 1
    /// assert_eq!(p.degree(), Some(2));
    /// ```
    pub fn new(mut coeffs: Vec<BigInt>) -> Poly {
        while coeffs.last().is_some_and(|c| c.is_zero()) {
            coeffs.pop();
        }
        Poly { coeffs }
    }

    /// From small integer coefficients, lowest degree first.
    pub fn from_i64(coeffs: &[i64]) -> Poly {
        Poly::new(coeffs.iter().map(|&c| BigInt::from(c)).collect())
    }

    /// The zero polynomial.
    pub fn zero() -> Poly {
        Poly { coeffs: vec![] }
    }

    /// The constant 1.
    pub fn one() -> Poly {
        Poly::from_i64(&[1])
    }

    /// The polynomial `x`.
    pub fn x() -> Poly {
        Poly::from_i64(&[0, 1])
    }

    /// `c * x^k`.
    pub fn monomial(c: BigInt, k: usize) -> Poly {
        let mut v = vec![BigInt::zero(); k];
        v.push(c);
        Poly::new(v)
    }

    /// Coefficients, lowest degree first (empty for zero).
    pub fn coeffs(&self) -> &[BigInt] {
        &self.coeffs
    }

    /// Coefficient of `x^k` (zero beyond the degree).
    pub fn coeff(&self, k: usize) -> BigInt {
        self.coeffs.get(k).cloned().unwrap_or_default()
    }

    /// The degree; `None` for the zero polynomial.
    pub fn degree(&self) -> Option<usize> {
        self.coeffs.len().checked_sub(1)
    }

    /// Whether this is the zero polynomial.
    pub fn is_zero(&self) -> bool {
        self.coeffs.is_empty()
    }

    /// Leading coefficient (zero for the zero polynomial).
    pub fn leading(&self) -> BigInt {
        self.coeffs.last().cloned().unwrap_or_default()
    }

    /// Whether the leading coefficient is 1.
    pub fn is_monic(&self) -> bool {
        self.coeffs.last().is_some_and(|c| c.is_one())
    }

    /// The invariant of the type: no trailing zero coefficient.
    pub fn is_valid(&self) -> bool {
        self.coeffs.last().is_none_or(|c| !c.is_zero())
    }

    /// Exact value at an integer (Horner).
    pub fn eval(&self, x: &BigInt) -> BigInt {
        let mut acc = BigInt::zero();
        for c in self.coeffs.iter().rev() {
            acc = acc * x + c;
        }
        acc
    }

    /// `self * c` for a scalar.
    pub fn scale(&self, c: &BigInt) -> Poly {
        Poly::new(self.coeffs.iter().map(|a| a * c).collect())
    }

    /// Quotient and remainder by a monic divisor (stays in Z).
    ///
    /// # Panics
    /// If `m` is not monic.
    pub fn divrem_monic(&self, m: &Poly) -> (Poly, Poly) {
        assert!(m.is_monic(), "divrem_monic needs a monic divisor");
        let dm = m.coeffs.len() - 1;
        if self.coeffs.len() <= dm {
            return (Poly::zero(), self.clone());
        }
        let mut r = self.coeffs.clone();
        let mut q = vec![BigInt::zero(); r.len() - dm];
        for i in (dm..r.len()).rev() {
            let c = std::mem::take(&mut r[i]);
            if c.is_zero() {
                continue;
            }
            for j in 0..dm {
                r[i - dm + j] -= &c * &m.coeffs[j];
            }
            q[i - dm] = c;
        }
        r.truncate(dm);
        (Poly::new(q), Poly::new(r))
    }

    /// Remainder by a monic divisor.
    pub fn rem_monic(&self, m: &Poly) -> Poly {
        self.divrem_monic(m).1
    }

    /// Literature style with variable `var`: `E^10 - E^9 - 2E^8 + 5`.
    ///
    /// ```
    /// use hanoilab::algebra::Poly;
    /// assert_eq!(Poly::from_i64(&[-2, 0, -3, 0, 0, 1]).to_string_in("E"), "E^5 - 3E^2 - 2");
    /// ```
    pub fn to_string_in(&self, var: &str) -> String {
        if self.is_zero() {
            return "0".to_string();
        }
        let mut out = String::new();
        for (k, c) in self.coeffs.iter().enumerate().rev() {
            if c.is_zero() {
                continue;
            }
            let neg = c.is_negative();
            let a = c.abs();
            if out.is_empty() {
                if neg {
                    out.push('-');
                }
            } else {
                out.push_str(if neg { " - " } else { " + " });
            }
            let mono = match k {
                0 => String::new(),
                1 => var.to_string(),
                _ => format!("{var}^{k}"),
            };
            if k == 0 || !a.is_one() {
                out.push_str(&a.to_string());
            }
            out.push_str(&mono);
        }
        out
    }
}

impl fmt::Display for Poly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_string_in("x"))
    }
}

impl Add for &Poly {
    type Output = Poly;
    fn add(self, o: &Poly) -> Poly {
        let n = self.coeffs.len().max(o.coeffs.len());
        Poly::new((0..n).map(|k| self.coeff(k) + o.coeff(k)).collect())
    }
}

impl Sub for &Poly {
    type Output = Poly;
    fn sub(self, o: &Poly) -> Poly {
        let n = self.coeffs.len().max(o.coeffs.len());
        Poly::new((0..n).map(|k| self.coeff(k) - o.coeff(k)).collect())
    }
}

impl Neg for &Poly {
    type Output = Poly;
    fn neg(self) -> Poly {
        Poly::new(self.coeffs.iter().map(|c| -c).collect())
    }
}

impl Mul for &Poly {
    type Output = Poly;
    fn mul(self, o: &Poly) -> Poly {
        if self.is_zero() || o.is_zero() {
            return Poly::zero();
        }
        let mut v = vec![BigInt::zero(); self.coeffs.len() + o.coeffs.len() - 1];
        for (i, a) in self.coeffs.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            for (j, b) in o.coeffs.iter().enumerate() {
                v[i + j] += a * b;
            }
        }
        Poly::new(v)
    }
}

macro_rules! owned_ops {
    ($($tr:ident $m:ident),*) => {$(
        impl $tr for Poly {
            type Output = Poly;
            fn $m(self, o: Poly) -> Poly { (&self).$m(&o) }
        }
    )*};
}
owned_ops!(Add add, Sub sub, Mul mul);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monic_division_reconstructs() {
        let a = Poly::from_i64(&[5, -3, 0, 7, 2, 1]);
        let m = Poly::from_i64(&[-2, 0, 1]);
        let (q, r) = a.divrem_monic(&m);
        assert_eq!(&(&q * &m) + &r, a);
        assert!(r.degree().unwrap() < 2);
    }
}

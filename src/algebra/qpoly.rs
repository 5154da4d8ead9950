//! Dense univariate polynomials over Q.
//!
//! `QPoly` holds `BigRational` coefficients, lowest degree first, normalised (no trailing
//! zero). Field operations (division with remainder, monic gcd) live here; integer work
//! stays in [`Poly`], and [`QPoly::to_primitive`] moves between the two.

use super::Poly;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

/// A polynomial over Q, lowest coefficient first, no trailing zeros.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct QPoly {
    coeffs: Vec<BigRational>,
}

impl QPoly {
    /// The polynomial with these coefficients (lowest degree first); trailing zeros dropped.
    pub fn new(mut coeffs: Vec<BigRational>) -> QPoly {
        while coeffs.last().is_some_and(|c| c.is_zero()) {
            coeffs.pop();
        }
        QPoly { coeffs }
    }

    /// The zero polynomial.
    pub fn zero() -> QPoly {
        QPoly { coeffs: vec![] }
    }

    /// The constant 1.
    pub fn one() -> QPoly {
        QPoly::new(vec![BigRational::one()])
    }

    /// The integer polynomial seen over Q.
    pub fn from_poly(p: &Poly) -> QPoly {
        QPoly::new(
            p.coeffs()
                .iter()
                .map(|c| BigRational::from(c.clone()))
                .collect(),
        )
    }

    /// `(c, p)` with `self == c * p`, `p` primitive in Z\[x\] with positive leading
    /// coefficient (`(0, 0)` for zero).
    ///
    /// ```
    /// use hanoilab::algebra::{Poly, QPoly};
    /// use num_rational::BigRational;
    /// let q = QPoly::new(vec![BigRational::new(1.into(), 2.into()), BigRational::new((-1).into(), 3.into())]);
    /// let (c, p) = q.to_primitive(); // 1/2 - x/3 = -1/6 (2x - 3)
    /// assert_eq!(c, BigRational::new((-1).into(), 6.into()));
    /// assert_eq!(p, Poly::from_i64(&[-3, 2]));
    /// ```
    pub fn to_primitive(&self) -> (BigRational, Poly) {
        if self.is_zero() {
            return (BigRational::zero(), Poly::zero());
        }
        let den = self
            .coeffs
            .iter()
            .fold(BigInt::one(), |l, c| l.lcm(c.denom()));
        let ints = Poly::new(
            self.coeffs
                .iter()
                .map(|c| c.numer() * (&den / c.denom()))
                .collect(),
        );
        let pp = ints.primitive_part();
        let mut cont = ints.content();
        if ints.leading().is_negative() {
            cont = -cont;
        }
        (BigRational::new(cont, den), pp)
    }

    /// Coefficients, lowest degree first (empty for zero).
    pub fn coeffs(&self) -> &[BigRational] {
        &self.coeffs
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
    pub fn leading(&self) -> BigRational {
        self.coeffs
            .last()
            .cloned()
            .unwrap_or_else(BigRational::zero)
    }

    /// The invariant of the type: no trailing zero coefficient.
    pub fn is_valid(&self) -> bool {
        self.coeffs.last().is_none_or(|c| !c.is_zero())
    }

    /// `self` divided by its leading coefficient (zero stays zero).
    pub fn monic(&self) -> QPoly {
        match self.coeffs.last() {
            None => QPoly::zero(),
            Some(l) => QPoly::new(self.coeffs.iter().map(|c| c / l).collect()),
        }
    }

    /// Exact value at a rational point (Horner).
    pub fn eval(&self, x: &BigRational) -> BigRational {
        let mut acc = BigRational::zero();
        for c in self.coeffs.iter().rev() {
            acc = acc * x + c;
        }
        acc
    }

    /// Quotient and remainder over Q, or `None` for division by zero.
    ///
    /// ```
    /// use hanoilab::algebra::{Poly, QPoly};
    /// let a = QPoly::from_poly(&Poly::from_i64(&[1, 0, 1]));
    /// let d = QPoly::from_poly(&Poly::from_i64(&[1, 2]));
    /// let (q, r) = a.checked_divrem(&d).unwrap();
    /// assert_eq!(&(&q * &d) + &r, a);
    /// ```
    pub fn checked_divrem(&self, d: &QPoly) -> Option<(QPoly, QPoly)> {
        let dd = d.degree()?;
        if self.coeffs.len() <= dd {
            return Some((QPoly::zero(), self.clone()));
        }
        let inv = d.leading().recip();
        let mut r = self.coeffs.clone();
        let mut q = vec![BigRational::zero(); r.len() - dd];
        for i in (dd..r.len()).rev() {
            let c = std::mem::take(&mut r[i]) * &inv;
            if c.is_zero() {
                continue;
            }
            for j in 0..dd {
                r[i - dd + j] -= &c * &d.coeffs[j];
            }
            q[i - dd] = c;
        }
        r.truncate(dd);
        Some((QPoly::new(q), QPoly::new(r)))
    }

    /// Monic greatest common divisor (`gcd(0, 0) = 0`). Computed through the primitive
    /// integer gcd ([`Poly::gcd`]) to avoid rational coefficient blow-up.
    pub fn gcd(&self, other: &QPoly) -> QPoly {
        let g = self.to_primitive().1.gcd(&other.to_primitive().1);
        QPoly::from_poly(&g).monic()
    }
}

impl fmt::Display for QPoly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (c, p) = self.to_primitive();
        if c.is_one() {
            write!(f, "{p}")
        } else {
            write!(f, "({c}) ({p})")
        }
    }
}

impl Add for &QPoly {
    type Output = QPoly;
    fn add(self, o: &QPoly) -> QPoly {
        let n = self.coeffs.len().max(o.coeffs.len());
        let z = BigRational::zero();
        QPoly::new(
            (0..n)
                .map(|k| self.coeffs.get(k).unwrap_or(&z) + o.coeffs.get(k).unwrap_or(&z))
                .collect(),
        )
    }
}

impl Neg for &QPoly {
    type Output = QPoly;
    fn neg(self) -> QPoly {
        QPoly::new(self.coeffs.iter().map(|c| -c).collect())
    }
}

impl Sub for &QPoly {
    type Output = QPoly;
    fn sub(self, o: &QPoly) -> QPoly {
        self + &(-o)
    }
}

impl Mul for &QPoly {
    type Output = QPoly;
    fn mul(self, o: &QPoly) -> QPoly {
        if self.is_zero() || o.is_zero() {
            return QPoly::zero();
        }
        let mut v = vec![BigRational::zero(); self.coeffs.len() + o.coeffs.len() - 1];
        for (i, a) in self.coeffs.iter().enumerate() {
            for (j, b) in o.coeffs.iter().enumerate() {
                v[i + j] += a * b;
            }
        }
        QPoly::new(v)
    }
}

macro_rules! owned_ops {
    ($($tr:ident $m:ident),*) => {$(
        impl $tr for QPoly {
            type Output = QPoly;
            fn $m(self, o: QPoly) -> QPoly { (&self).$m(&o) }
        }
    )*};
}
owned_ops!(Add add, Sub sub, Mul mul);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::testutil::{rand_poly, Rng};

    fn q(a: i64, b: i64) -> BigRational {
        BigRational::new(a.into(), b.into())
    }

    #[test]
    fn divrem_and_gcd_over_q() {
        let mut rng = Rng::new(3);
        for _ in 0..60 {
            let g = QPoly::from_poly(&rand_poly(&mut rng, 2, 10)) * QPoly::new(vec![q(1, 3)]);
            let a = &g * &QPoly::new(vec![q(1, 2), q(-5, 7), q(2, 9)]);
            let b = &g * &QPoly::new(vec![q(3, 4), q(1, 1)]);
            let (qq, r) = a.checked_divrem(&b).unwrap();
            assert_eq!(&(&qq * &b) + &r, a);
            assert!(r.degree() < b.degree() && r.is_valid());
            let h = a.gcd(&b);
            if !g.is_zero() {
                assert_eq!(h, g.gcd(&g));
                assert!(a.checked_divrem(&h).unwrap().1.is_zero());
            }
        }
        assert!(QPoly::one().checked_divrem(&QPoly::zero()).is_none());
    }

    #[test]
    fn primitive_round_trip() {
        let p = QPoly::new(vec![q(2, 3), q(-4, 9), q(-8, 15)]);
        let (c, z) = p.to_primitive();
        assert!(z.leading().is_positive());
        assert!(z.content().is_one());
        assert_eq!(&QPoly::new(vec![c]) * &QPoly::from_poly(&z), p);
    }
}

//! Dense univariate polynomials with exact integer coefficients.
//!
//! `Poly` is the one polynomial type of the algebra: coefficients are `BigInt`, stored
//! lowest degree first, normalised so that the last stored coefficient is non-zero (the zero
//! polynomial has no coefficients). Polynomials over Q are handled as a rational scalar times
//! a primitive integer polynomial where that is enough (see `factor` and `matrix`).

use super::error::AlgebraError;
use nalgebra::Complex;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

/// A polynomial over Z, lowest coefficient first, no trailing zeros.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Poly {
    coeffs: Vec<BigInt>,
}

impl Poly {
    /// A rational polynomial known to have integer coefficients (e.g. a monic factor of a
    /// monic integer polynomial, by Gauss's lemma) as a [`Poly`]; an error naming the
    /// coefficients when one is not an integer.
    pub fn try_from_rationals(c: &[BigRational]) -> Result<Poly, AlgebraError> {
        let mut out = Vec::with_capacity(c.len());
        for v in c {
            if !v.is_integer() {
                let s: Vec<String> = c.iter().map(|v| v.to_string()).collect();
                return Err(AlgebraError::NonIntegerRecurrence(s.join(", ")));
            }
            out.push(v.to_integer());
        }
        Ok(Poly::new(out))
    }

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

    /// Content: the non-negative gcd of the coefficients (zero for the zero polynomial).
    ///
    /// ```
    /// use hanoilab::algebra::Poly;
    /// assert_eq!(Poly::from_i64(&[6, -4, 10]).content(), 2.into());
    /// ```
    pub fn content(&self) -> BigInt {
        let mut g = BigInt::zero();
        // Smallest coefficients first: a monic (or small-coefficient) polynomial has content
        // 1 after one step, whatever the size of the others.
        let mut order: Vec<&BigInt> = self.coeffs.iter().filter(|c| !c.is_zero()).collect();
        order.sort_by_key(|c| c.bits());
        for c in order {
            g = int_gcd(&g, c);
            if g.is_one() {
                break;
            }
        }
        g
    }

    /// Primitive part with positive leading coefficient: `self / (±content)`, so that
    /// `self == primitive_part * content * sign(leading)`. Zero stays zero.
    ///
    /// ```
    /// use hanoilab::algebra::Poly;
    /// assert_eq!(Poly::from_i64(&[6, -4, -10]).primitive_part(), Poly::from_i64(&[-3, 2, 5]));
    /// ```
    pub fn primitive_part(&self) -> Poly {
        if self.is_zero() {
            return Poly::zero();
        }
        let mut c = self.content();
        if self.leading().is_negative() {
            c = -c;
        }
        if c.is_one() {
            return self.clone();
        }
        Poly::new(self.coeffs.iter().map(|a| a / &c).collect())
    }

    /// The formal derivative.
    pub fn derivative(&self) -> Poly {
        Poly::new(
            self.coeffs
                .iter()
                .enumerate()
                .skip(1)
                .map(|(k, c)| c * BigInt::from(k))
                .collect(),
        )
    }

    /// Composition `self(inner(x))` (Horner in polynomials).
    ///
    /// ```
    /// use hanoilab::algebra::Poly;
    /// let sq = Poly::from_i64(&[0, 0, 1]);
    /// assert_eq!(sq.compose(&Poly::from_i64(&[1, 1])), Poly::from_i64(&[1, 2, 1]));
    /// ```
    pub fn compose(&self, inner: &Poly) -> Poly {
        let mut acc = Poly::zero();
        for c in self.coeffs.iter().rev() {
            acc = &(&acc * inner) + &Poly::new(vec![c.clone()]);
        }
        acc
    }

    /// Reversal `x^deg * self(1/x)`: the coefficient list reversed (then normalised, so
    /// factors of `x` in `self` are lost).
    pub fn reverse(&self) -> Poly {
        Poly::new(self.coeffs.iter().rev().cloned().collect())
    }

    /// `self(x + a)`, the Taylor shift (Horner, `O(n^2)` big-integer operations).
    pub fn shift(&self, a: &BigInt) -> Poly {
        let mut c = self.coeffs.clone();
        let n = c.len();
        for i in 0..n {
            for j in (i..n.saturating_sub(1)).rev() {
                let t = &c[j + 1] * a;
                c[j] += t;
            }
        }
        Poly::new(c)
    }

    /// Pseudo-division: `(q, r)` with `lc(d)^e * self = q * d + r`, `deg r < deg d`, where
    /// `e = max(deg self - deg d + 1, 0)`. Stays in Z.
    ///
    /// # Panics
    /// If `d` is zero.
    ///
    /// ```
    /// use hanoilab::algebra::Poly;
    /// let (a, d) = (Poly::from_i64(&[1, 0, 1]), Poly::from_i64(&[1, 2]));
    /// let (q, r) = a.pseudo_divrem(&d);
    /// assert_eq!(a.scale(&4.into()), &(&q * &d) + &r); // 2^(2-1+1) = 4
    /// ```
    pub fn pseudo_divrem(&self, d: &Poly) -> (Poly, Poly) {
        assert!(!d.is_zero(), "pseudo_divrem by the zero polynomial");
        let dd = d.coeffs.len() - 1;
        if self.coeffs.len() <= dd {
            return (Poly::zero(), self.clone());
        }
        let lc = d.leading();
        let mut r = self.coeffs.clone();
        let mut q = vec![BigInt::zero(); r.len() - dd];
        for i in (dd..r.len()).rev() {
            // Invariant: r and q are scaled by lc^(number of steps done so far).
            for c in q.iter_mut() {
                *c *= &lc;
            }
            let c = std::mem::take(&mut r[i]);
            for x in r[..i].iter_mut() {
                *x *= &lc;
            }
            if !c.is_zero() {
                for j in 0..dd {
                    r[i - dd + j] -= &c * &d.coeffs[j];
                }
            }
            q[i - dd] = c;
        }
        r.truncate(dd);
        (Poly::new(q), Poly::new(r))
    }

    /// Exact quotient `self / d` in Z\[x\], or `None` if `d` is zero or does not divide `self`
    /// in Z\[x\].
    ///
    /// ```
    /// use hanoilab::algebra::Poly;
    /// let f = Poly::from_i64(&[-2, 0, 2]); // 2x^2 - 2
    /// assert_eq!(f.checked_div_exact(&Poly::from_i64(&[2, 2])), Some(Poly::from_i64(&[-1, 1])));
    /// assert_eq!(f.checked_div_exact(&Poly::from_i64(&[1, 2])), None);
    /// ```
    pub fn checked_div_exact(&self, d: &Poly) -> Option<Poly> {
        let dd = d.degree()?;
        if self.is_zero() {
            return Some(Poly::zero());
        }
        if self.coeffs.len() <= dd {
            return None;
        }
        let lc = d.leading();
        let mut r = self.coeffs.clone();
        let mut q = vec![BigInt::zero(); r.len() - dd];
        for i in (dd..r.len()).rev() {
            let c = std::mem::take(&mut r[i]);
            if c.is_zero() {
                continue;
            }
            let (qc, rem) = c.div_rem(&lc);
            if !rem.is_zero() {
                return None;
            }
            for j in 0..dd {
                r[i - dd + j] -= &qc * &d.coeffs[j];
            }
            q[i - dd] = qc;
        }
        if r[..dd].iter().any(|c| !c.is_zero()) {
            return None;
        }
        Some(Poly::new(q))
    }

    /// Greatest common divisor by the primitive polynomial remainder sequence (Knuth, TAOCP
    /// vol. 2, 4.6.1, Algorithm E); same result as [`gcd`](Self::gcd). `O(n^3)` big-integer
    /// operations on coefficients that grow along the sequence.
    pub fn gcd_prs(&self, other: &Poly) -> Poly {
        if self.is_zero() {
            return if other.leading().is_negative() {
                -other
            } else {
                other.clone()
            };
        }
        if other.is_zero() {
            return if self.leading().is_negative() {
                -self
            } else {
                self.clone()
            };
        }
        let c = int_gcd(&self.content(), &other.content());
        let (mut a, mut b) = (self.primitive_part(), other.primitive_part());
        if a.coeffs.len() < b.coeffs.len() {
            std::mem::swap(&mut a, &mut b);
        }
        while !b.is_zero() {
            if b.degree() == Some(0) {
                return Poly::new(vec![c]);
            }
            let (_, r) = a.pseudo_divrem(&b);
            a = b;
            b = r.primitive_part();
        }
        a.scale(&c)
    }

    /// Whether `self` has no repeated factor of positive degree (`gcd(f, f')` constant).
    /// The zero polynomial is not square-free.
    pub fn is_squarefree(&self) -> bool {
        !self.is_zero() && self.gcd(&self.derivative()).degree() == Some(0)
    }

    /// Homogenised Horner at `x = num/den` over the common denominator (no division):
    /// `(den^n p(x), den^(n+1))` for a polynomial of degree `n`.
    fn homogenised_horner(&self, x: &BigRational) -> (BigInt, BigInt) {
        let (num, den) = (x.numer(), x.denom());
        let mut acc = BigInt::zero();
        let mut dpow = BigInt::one();
        for c in self.coeffs.iter().rev() {
            acc = acc * num + c * &dpow;
            dpow *= den;
        }
        (acc, dpow)
    }

    /// Exact value at a rational point.
    pub fn eval_rational(&self, x: &BigRational) -> BigRational {
        let (acc, dpow) = self.homogenised_horner(x);
        BigRational::new(acc * x.denom(), dpow)
    }

    /// Sign of the value at a rational point, exactly (-1, 0 or 1).
    pub fn sign_at(&self, x: &BigRational) -> i32 {
        let (acc, _) = self.homogenised_horner(x);
        // den > 0 in a normalised BigRational, so the sign is that of den^n p(x).
        if acc.is_zero() {
            0
        } else if acc.is_positive() {
            1
        } else {
            -1
        }
    }

    /// Value at a complex point in `f64` (Horner). For display and starting guesses only:
    /// nothing exact is ever decided from it.
    pub fn eval_complex(&self, z: Complex<f64>) -> Complex<f64> {
        let mut acc = Complex::new(0.0, 0.0);
        for c in self.coeffs.iter().rev() {
            acc = acc * z + Complex::new(bigint_to_f64(c), 0.0);
        }
        acc
    }

    /// LaTeX with variable `var`: `E^{10} - 2 E^{8} + 5`.
    ///
    /// ```
    /// use hanoilab::algebra::Poly;
    /// assert_eq!(Poly::from_i64(&[-2, 0, -3, 0, 0, 0, 0, 0, 0, 0, 1]).to_latex("E"), "E^{10} - 3 E^{2} - 2");
    /// ```
    pub fn to_latex(&self, var: &str) -> String {
        self.render(var, true)
    }

    /// Literature style with variable `var`: `E^10 - E^9 - 2E^8 + 5`.
    ///
    /// ```
    /// use hanoilab::algebra::Poly;
    /// assert_eq!(Poly::from_i64(&[-2, 0, -3, 0, 0, 1]).to_string_in("E"), "E^5 - 3E^2 - 2");
    /// ```
    pub fn to_string_in(&self, var: &str) -> String {
        self.render(var, false)
    }

    /// Highest degree first, signs between terms, unit coefficients omitted; `latex` braces
    /// the exponents and puts a space between a coefficient and the variable.
    fn render(&self, var: &str, latex: bool) -> String {
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
            if k == 0 || !a.is_one() {
                out.push_str(&a.to_string());
                if k > 0 && latex {
                    out.push(' ');
                }
            }
            match (k, latex) {
                (0, _) => {}
                (1, _) => out.push_str(var),
                (_, true) => out.push_str(&format!("{var}^{{{k}}}")),
                (_, false) => out.push_str(&format!("{var}^{k}")),
            }
        }
        out
    }
}

/// `f64` approximation of a big integer (saturating to infinity), for starting guesses only.
/// `gcd(a, b) >= 0`. Division steps while the sizes differ (num-integer's binary gcd
/// subtracts the smaller number from the larger one bit position at a time, quadratic in
/// the larger size: seconds for a 100,000-digit coefficient against a small one).
pub(crate) fn int_gcd(a: &BigInt, b: &BigInt) -> BigInt {
    let (mut x, mut y) = (a.abs(), b.abs());
    if x < y {
        std::mem::swap(&mut x, &mut y);
    }
    while !y.is_zero() && x.bits() > y.bits() + 64 {
        let r = &x % &y;
        x = y;
        y = r;
    }
    x.gcd(&y)
}

pub(crate) fn bigint_to_f64(c: &BigInt) -> f64 {
    use num_traits::ToPrimitive;
    c.to_f64().unwrap_or(if c.is_negative() {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    })
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
    use crate::algebra::testutil::{rand_poly, Rng};

    #[test]
    fn pseudo_division_identity_holds() {
        let mut rng = Rng::new(1);
        for _ in 0..200 {
            let a = rand_poly(&mut rng, 7, 40);
            let d = rand_poly(&mut rng, 4, 40);
            if d.is_zero() {
                continue;
            }
            let (q, r) = a.pseudo_divrem(&d);
            let e = (a.coeffs.len() + 1).saturating_sub(d.coeffs.len()) as u32;
            assert_eq!(
                a.scale(&num_traits::pow(d.leading(), e as usize)),
                &(&q * &d) + &r
            );
            assert!(r.is_valid() && q.is_valid());
            assert!(r.is_zero() || r.degree() < d.degree());
        }
    }

    #[test]
    fn gcd_divides_both_and_is_maximal() {
        let mut rng = Rng::new(2);
        for i in 0..150 {
            // Common factor g planted; cofactors random, so gcd must be a multiple of g.
            let g = rand_poly(&mut rng, 1 + i % 4, if i % 3 == 0 { 100 } else { 8 });
            let a = &g * &rand_poly(&mut rng, 5, 60);
            let b = &g * &rand_poly(&mut rng, 4, 60);
            let h = a.gcd(&b);
            assert_eq!(h, a.gcd_prs(&b));
            if a.is_zero() || b.is_zero() {
                continue;
            }
            let (ca, cb) = (
                a.checked_div_exact(&h).unwrap(),
                b.checked_div_exact(&h).unwrap(),
            );
            // Maximal: the cofactors are coprime over Q and have coprime contents.
            assert_eq!(ca.gcd(&cb).degree(), Some(0));
            assert!(ca.content().gcd(&cb.content()).is_one());
            assert!(h.checked_div_exact(&g.primitive_part()).is_some());
            assert!(h.leading().is_positive());
        }
    }

    #[test]
    fn gcd_with_big_coefficients() {
        let big: BigInt = num_traits::pow(BigInt::from(10), 80) + 7;
        let g = Poly::new(vec![big.clone(), 3.into(), big.clone() * 2 + 1]);
        let a = &g * &Poly::new(vec![big.clone() - 1, 1.into(), 5.into()]);
        let b = &g * &Poly::new(vec![1.into(), big.clone()]);
        assert_eq!(a.gcd(&b), g);
    }

    #[test]
    fn exact_division_rejects_non_divisors() {
        let f = Poly::from_i64(&[1, 0, 1]);
        assert_eq!(f.checked_div_exact(&Poly::from_i64(&[1, 1])), None);
        assert_eq!(f.checked_div_exact(&Poly::zero()), None);
        assert_eq!(
            Poly::from_i64(&[3, 6]).checked_div_exact(&Poly::from_i64(&[2, 4])),
            None
        );
        assert_eq!(f.checked_div_exact(&f), Some(Poly::one()));
    }

    #[test]
    fn derivative_compose_shift_reverse() {
        let p = Poly::from_i64(&[1, -2, 0, 3]);
        assert_eq!(p.derivative(), Poly::from_i64(&[-2, 0, 9]));
        let inner = Poly::from_i64(&[2, 1]);
        assert_eq!(p.compose(&inner), p.shift(&2.into()));
        assert_eq!(p.compose(&inner).eval(&5.into()), p.eval(&7.into()));
        assert_eq!(p.reverse(), Poly::from_i64(&[3, 0, -2, 1]));
        let q = BigRational::new(3.into(), 7.into());
        let num = p.eval_rational(&q) * BigRational::from(BigInt::from(343));
        assert_eq!(
            num,
            BigRational::from(BigInt::from(343 - 2 * 3 * 49 + 3 * 27))
        );
        assert_eq!(p.sign_at(&q), 1);
        let z = p.eval_complex(Complex::new(0.0, 1.0));
        assert!((z.re - 1.0).abs() < 1e-12 && (z.im + 5.0).abs() < 1e-12);
    }

    #[test]
    fn monic_division_reconstructs() {
        let a = Poly::from_i64(&[5, -3, 0, 7, 2, 1]);
        let m = Poly::from_i64(&[-2, 0, 1]);
        let (q, r) = a.divrem_monic(&m);
        assert_eq!(&(&q * &m) + &r, a);
        assert!(r.degree().unwrap() < 2);
    }

    #[test]
    fn int_gcd_equals_binary_gcd() {
        use crate::algebra::testutil::Rng;
        let mut rng = Rng::new(0x9cd);
        for round in 0..60u32 {
            let a = rng.big(1 + 97 * (round % 9)) * BigInt::from(6);
            let b = rng.big(1 + 13 * (round % 5)) * BigInt::from(4);
            assert_eq!(int_gcd(&a, &b), a.gcd(&b));
            assert_eq!(int_gcd(&b, &a), a.gcd(&b));
        }
        assert_eq!(int_gcd(&BigInt::zero(), &BigInt::from(-5)), BigInt::from(5));
    }
}

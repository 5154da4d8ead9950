//! Exact numbers `a + b·√d` of a quadratic field `Q(√d)`, real (`d > 0`) or imaginary
//! (`d < 0`).
//!
//! One type serves the closed forms of the algebra (Cyclic's `(1 ± √3)^(n+2) / (4√3)`, whose
//! roots come from a quadratic factor with a square-free radicand) and the formula evaluator
//! of the literature checker (Lunnon's and Stockmeyer's printed surds). The invariant is
//! [`QuadraticNumber::is_valid`]: `d = 1` exactly when `b = 0`, and `d` is otherwise never a
//! perfect square (square-free when it comes from a discriminant). Two numbers can be added
//! or multiplied exactly when they lie in one field (one of them rational, or the same `d`);
//! the `checked_*` operations return `None` otherwise, and the caller falls back to a
//! certified [`Interval`].

use super::interval::{sqrt_rational, Interval};
use super::power::binary_power;
use super::ratio;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;

/// `a + b·√d` (see the module documentation for the invariant).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuadraticNumber {
    /// Rational part.
    pub a: BigRational,
    /// Coefficient of `√d`.
    pub b: BigRational,
    /// The radicand (1 for rationals).
    pub d: BigInt,
}

impl QuadraticNumber {
    /// `a + b·√d`, normalised (`d = 1` when `b = 0`). `d` must not be a perfect square
    /// unless `b = 0`.
    ///
    /// ```
    /// use hanoilab::algebra::QuadraticNumber;
    /// use num_rational::BigRational;
    /// let r = |v: i64| BigRational::from_integer(v.into());
    /// let x = QuadraticNumber::new(r(1), r(1), 3.into()); // 1 + √3
    /// let y = x.conj(); // 1 - √3
    /// assert_eq!(x.checked_mul(&y).unwrap(), QuadraticNumber::int(-2));
    /// assert_eq!(x.to_text(), "1 + sqrt 3");
    /// ```
    pub fn new(a: BigRational, b: BigRational, d: BigInt) -> QuadraticNumber {
        QuadraticNumber { a, b, d }.normalized()
    }

    /// A rational.
    pub fn rational(q: BigRational) -> QuadraticNumber {
        QuadraticNumber {
            a: q,
            b: BigRational::zero(),
            d: BigInt::one(),
        }
    }

    /// An integer.
    pub fn int(v: impl Into<BigInt>) -> QuadraticNumber {
        QuadraticNumber::rational(BigRational::from_integer(v.into()))
    }

    /// The invariant: `b = 0` exactly when `d = 1`, and `d` is not a perfect square otherwise.
    pub fn is_valid(&self) -> bool {
        if self.b.is_zero() {
            return self.d.is_one();
        }
        self.d.is_negative() || {
            let r = self.d.sqrt();
            &r * &r != self.d
        }
    }

    fn normalized(mut self) -> QuadraticNumber {
        if self.b.is_zero() {
            self.d = BigInt::one();
        }
        self
    }

    /// The rational value, if `b = 0`.
    pub fn as_rational(&self) -> Option<&BigRational> {
        self.b.is_zero().then_some(&self.a)
    }

    /// Whether the number is real (`b = 0` or `d > 0`).
    pub fn is_real(&self) -> bool {
        self.b.is_zero() || self.d.is_positive()
    }

    /// The field both numbers lie in, if there is one.
    fn common_radicand(&self, o: &QuadraticNumber) -> Option<BigInt> {
        if self.b.is_zero() {
            Some(o.d.clone())
        } else if o.b.is_zero() || self.d == o.d {
            Some(self.d.clone())
        } else {
            None
        }
    }

    /// `-x`.
    pub fn neg(&self) -> QuadraticNumber {
        QuadraticNumber {
            a: ratio::neg(&self.a),
            b: ratio::neg(&self.b),
            d: self.d.clone(),
        }
    }

    /// The conjugate `a - b·√d`.
    pub fn conj(&self) -> QuadraticNumber {
        QuadraticNumber {
            a: self.a.clone(),
            b: ratio::neg(&self.b),
            d: self.d.clone(),
        }
    }

    /// The norm `a² - d b²` (the product with the conjugate).
    pub fn norm(&self) -> BigRational {
        ratio::sub(
            &ratio::mul(&self.a, &self.a),
            &ratio::mul(
                &ratio::mul(&self.b, &self.b),
                &BigRational::from_integer(self.d.clone()),
            ),
        )
    }

    /// `x + y`, or `None` when the two lie in different fields.
    pub fn checked_add(&self, o: &QuadraticNumber) -> Option<QuadraticNumber> {
        let d = self.common_radicand(o)?;
        Some(QuadraticNumber::new(
            ratio::add(&self.a, &o.a),
            ratio::add(&self.b, &o.b),
            d,
        ))
    }

    /// `x · y`, or `None` when the two lie in different fields.
    pub fn checked_mul(&self, o: &QuadraticNumber) -> Option<QuadraticNumber> {
        let d = self.common_radicand(o)?;
        Some(self.product(o, d))
    }

    /// `1 / x`, or `None` when `x = 0`.
    pub fn checked_inv(&self) -> Option<QuadraticNumber> {
        let norm = self.norm();
        if norm.is_zero() {
            return None;
        }
        let inv = ratio::recip(&norm);
        Some(QuadraticNumber::new(
            ratio::mul(&self.a, &inv),
            ratio::neg(&ratio::mul(&self.b, &inv)),
            self.d.clone(),
        ))
    }

    /// `x^e` by repeated squaring (every factor lies in the field of `x`).
    pub fn pow(&self, e: u64) -> QuadraticNumber {
        binary_power(self.clone(), e, QuadraticNumber::int(1), |a, b| {
            a.same_field_mul(b)
        })
    }

    /// A product of two numbers known to share a field (powers and products of one number).
    fn same_field_mul(&self, o: &QuadraticNumber) -> QuadraticNumber {
        let d = if self.b.is_zero() { &o.d } else { &self.d };
        self.product(o, d.clone())
    }

    /// The product in `Q(√d)` (on the exact rationals of [`ratio`], which reduce by Lehmer's
    /// gcd; two rationals multiply without the field's cross terms).
    fn product(&self, o: &QuadraticNumber, d: BigInt) -> QuadraticNumber {
        if self.b.is_zero() && o.b.is_zero() {
            return QuadraticNumber::rational(ratio::mul(&self.a, &o.a));
        }
        let dq = BigRational::from_integer(d.clone());
        let bb = ratio::mul(&ratio::mul(&self.b, &o.b), &dq);
        QuadraticNumber::new(
            ratio::add(&ratio::mul(&self.a, &o.a), &bb),
            ratio::add(&ratio::mul(&self.a, &o.b), &ratio::mul(&self.b, &o.a)),
            d,
        )
    }

    /// The exact sign of a real number, `None` for an imaginary one.
    pub fn sign(&self) -> Option<Ordering> {
        if !self.is_real() {
            return None;
        }
        let sa = self.a.cmp(&BigRational::zero());
        let sb = self.b.cmp(&BigRational::zero());
        if sb == Ordering::Equal {
            return Some(sa);
        }
        if sa == Ordering::Equal || sa == sb {
            return Some(sb);
        }
        // Opposite signs: compare a^2 with b^2 d (never equal: d is not a square).
        let a2 = ratio::mul(&self.a, &self.a);
        let b2d = ratio::mul(
            &ratio::mul(&self.b, &self.b),
            &BigRational::from_integer(self.d.clone()),
        );
        Some(if ratio::cmp(&a2, &b2d).is_gt() {
            sa
        } else {
            sb
        })
    }

    /// A certified enclosure of a real number on the grid `2^-bits`, `None` for an imaginary
    /// one.
    pub fn interval(&self, bits: u32) -> Option<Interval> {
        if self.b.is_zero() {
            return Some(Interval::exact(self.a.clone()));
        }
        if !self.is_real() {
            return None;
        }
        let r = sqrt_rational(&BigRational::from_integer(self.d.clone()), bits + 8);
        Some(
            Interval::exact(self.a.clone())
                .add(&Interval::exact(self.b.clone()).mul(&r))
                .round_out(bits + 4),
        )
    }

    /// A floating-point approximation (for plots and starting points only).
    pub fn to_f64(&self) -> nalgebra::Complex<f64> {
        let f = |r: &BigRational| r.to_f64().unwrap_or(f64::NAN);
        let (a, b) = (f(&self.a), f(&self.b));
        let d = self.d.to_f64().unwrap_or(f64::NAN);
        if d >= 0.0 {
            nalgebra::Complex::new(a + b * d.sqrt(), 0.0)
        } else {
            nalgebra::Complex::new(a, b * (-d).sqrt())
        }
    }

    /// `a + b sqrt(d)` as text: `1 + sqrt 3`, `1/2 + (1/3) sqrt 3`, `-1 - i sqrt 2`.
    pub fn to_text(&self) -> String {
        let rad = if self.d == BigInt::from(-1) {
            "i".to_string()
        } else if self.d.is_negative() {
            format!("i sqrt {}", -&self.d)
        } else {
            format!("sqrt {}", self.d)
        };
        let bpart = |b: &BigRational| -> String {
            let ab = b.abs();
            if ab.is_one() {
                rad.clone()
            } else if ab.is_integer() {
                format!("{ab} {rad}")
            } else {
                format!("({ab}) {rad}")
            }
        };
        match (self.a.is_zero(), self.b.is_zero()) {
            (_, true) => self.a.to_string(),
            (true, false) => {
                let s = bpart(&self.b);
                if self.b.is_negative() {
                    format!("-{s}")
                } else {
                    s
                }
            }
            (false, false) => format!(
                "{} {} {}",
                self.a,
                if self.b.is_negative() { "-" } else { "+" },
                bpart(&self.b)
            ),
        }
    }
}

impl fmt::Display for QuadraticNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(a: i64, b: i64, d: i64) -> QuadraticNumber {
        let r = |v: i64| BigRational::from_integer(v.into());
        QuadraticNumber::new(r(a), r(b), d.into())
    }

    #[test]
    fn field_arithmetic_agrees_with_its_identities() {
        // Small elements of Q(√2), Q(√3), Q(i√2): exhaustively.
        for d in [2, 3, -2] {
            for (a, b) in (-3..=3).flat_map(|a| (-3..=3).map(move |b| (a, b))) {
                let x = q(a, b, d);
                assert!(x.is_valid());
                // x · conj(x) = norm, a rational.
                let n = x.checked_mul(&x.conj()).unwrap();
                assert_eq!(n, QuadraticNumber::rational(x.norm()));
                if let Some(inv) = x.checked_inv() {
                    assert_eq!(x.checked_mul(&inv).unwrap(), QuadraticNumber::int(1));
                } else {
                    assert_eq!((a, b), (0, 0));
                }
                // pow by squaring equals repeated products.
                let mut acc = QuadraticNumber::int(1);
                for e in 0..6u64 {
                    assert_eq!(x.pow(e), acc);
                    acc = acc.checked_mul(&x).unwrap();
                }
                // The exact sign agrees with the enclosure of a real number.
                if d > 0 {
                    let i = x.interval(64).unwrap();
                    match x.sign().unwrap() {
                        Ordering::Greater => assert!(i.lo.is_positive()),
                        Ordering::Less => assert!(i.hi.is_negative()),
                        Ordering::Equal => assert!(i.lo.is_zero() && i.hi.is_zero()),
                    }
                } else if b != 0 {
                    assert_eq!(x.sign(), None);
                }
            }
        }
    }

    #[test]
    fn different_fields_do_not_mix_exactly() {
        assert_eq!(q(1, 1, 2).checked_add(&q(1, 1, 3)), None);
        assert_eq!(q(1, 1, 2).checked_mul(&q(0, 1, 3)), None);
        assert_eq!(
            q(1, 1, 2).checked_add(&q(1, -1, 2)).unwrap(),
            QuadraticNumber::int(2)
        );
        assert!(q(1, 1, 2).checked_add(&q(1, -1, 2)).unwrap().is_valid());
    }

    #[test]
    fn text() {
        assert_eq!(q(1, -1, 3).to_text(), "1 - sqrt 3");
        assert_eq!(q(0, 2, -1).to_text(), "2 i");
        assert_eq!(q(-1, -1, -2).to_text(), "-1 - i sqrt 2");
        assert_eq!(q(5, 0, 7).to_text(), "5");
    }
}

//! Decimal text of exact rationals: one place for every rounding rule the library prints.
//!
//! Which rule is right depends on what the digits claim. The lower end of a certified
//! enclosure is printed rounded down ([`Rounding::Floor`]) so that the printed digits stay a
//! valid bound; a truncated table value rounds towards zero; a constant whose enclosure has
//! been narrowed until the digits agree is printed to nearest ([`Rounding::HalfAwayFromZero`]).

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

/// How the digits beyond the last printed one are dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// Towards minus infinity (a printed lower bound stays a lower bound).
    Floor,
    /// Towards zero (truncation).
    TowardZero,
    /// To nearest, halves away from zero.
    HalfAwayFromZero,
}

fn round(q: &BigRational, rounding: Rounding) -> BigInt {
    match rounding {
        Rounding::Floor => q.floor().to_integer(),
        Rounding::TowardZero => q.trunc().to_integer(),
        Rounding::HalfAwayFromZero => q.round().to_integer(),
    }
}

/// `q` with exactly `digits` digits after the decimal point (none, and no point, for 0),
/// rounded by `rounding`. The sign is that of the rounded value: `-0.001` to two digits is
/// `0.00` towards zero and `-0.01` by floor.
///
/// ```
/// use hanoilab::algebra::decimal::{fixed, Rounding};
/// use num_rational::BigRational;
/// let x = BigRational::new((-7).into(), 8.into()); // -0.875
/// assert_eq!(fixed(&x, 2, Rounding::Floor), "-0.88");
/// assert_eq!(fixed(&x, 2, Rounding::TowardZero), "-0.87");
/// assert_eq!(fixed(&x, 2, Rounding::HalfAwayFromZero), "-0.88");
/// assert_eq!(fixed(&x, 0, Rounding::TowardZero), "0");
/// ```
pub fn fixed(q: &BigRational, digits: u32, rounding: Rounding) -> String {
    let scale = BigInt::from(10u32).pow(digits);
    let v = round(&(q * BigRational::from_integer(scale.clone())), rounding);
    let sign = if v.is_negative() { "-" } else { "" };
    let (int, frac) = v.abs().div_rem(&scale);
    if digits == 0 {
        return format!("{sign}{int}");
    }
    format!(
        "{sign}{int}.{:0>width$}",
        frac.to_string(),
        width = digits as usize
    )
}

/// `x` with `digits` significant digits, rounded to nearest (halves away from zero), in
/// positional notation: `0.33333`, `-12.00`, `1.0` (for 0.999 to 2 digits).
///
/// ```
/// use hanoilab::algebra::decimal::significant;
/// use num_rational::BigRational;
/// assert_eq!(significant(&BigRational::new(2.into(), 3.into()), 3), "0.667");
/// assert_eq!(significant(&BigRational::from_integer((-12).into()), 4), "-12.00");
/// ```
pub fn significant(x: &BigRational, digits: usize) -> String {
    if x.is_zero() {
        return "0".into();
    }
    let neg = x.is_negative();
    let ax = x.abs();
    let ten = BigRational::from_integer(BigInt::from(10));
    let p10 = |k: i64| -> BigRational {
        if k >= 0 {
            num_traits::pow(ten.clone(), k as usize)
        } else {
            num_traits::pow(ten.clone(), (-k) as usize).recip()
        }
    };
    // The exponent e with 10^e <= |x| < 10^(e+1): a guess from the bit lengths, corrected.
    let approx = ax.numer().bits() as i64 - ax.denom().bits() as i64;
    let mut e = (approx as f64 * std::f64::consts::LOG10_2).floor() as i64;
    while p10(e) > ax {
        e -= 1;
    }
    while p10(e + 1) <= ax {
        e += 1;
    }
    let shift = digits as i64 - 1 - e;
    let mut int = round(&(&ax * p10(shift)), Rounding::HalfAwayFromZero);
    let mut e2 = e;
    if int.to_string().len() > digits {
        int /= 10;
        e2 += 1;
    }
    let s = int.to_string();
    let (ip, fp) = if e2 >= 0 {
        let k = (e2 + 1) as usize;
        if s.len() > k {
            (s[..k].to_string(), s[k..].to_string())
        } else {
            (format!("{s}{}", "0".repeat(k - s.len())), String::new())
        }
    } else {
        (
            "0".to_string(),
            format!("{}{s}", "0".repeat((-e2 - 1) as usize)),
        )
    };
    let body = if fp.is_empty() {
        ip
    } else {
        format!("{ip}.{fp}")
    };
    if neg {
        format!("-{body}")
    } else {
        body
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(a: i64, b: i64) -> BigRational {
        BigRational::new(a.into(), b.into())
    }

    #[test]
    fn fixed_agrees_with_integer_arithmetic_on_a_grid() {
        // Every k/8 in -3..3 at 0..3 digits: the printed text, read back, is the rounded value.
        for k in -24..=24 {
            let x = r(k, 8);
            for d in 0..4u32 {
                for rule in [
                    Rounding::Floor,
                    Rounding::TowardZero,
                    Rounding::HalfAwayFromZero,
                ] {
                    let t = fixed(&x, d, rule);
                    let scale = 10i64.pow(d);
                    let digits: String = t.chars().filter(|c| *c != '.').collect();
                    let back: i64 = digits.parse().unwrap();
                    let want = round(&(&x * BigRational::from_integer(scale.into())), rule);
                    assert_eq!(
                        BigInt::from(back),
                        want,
                        "{x} to {d} digits ({rule:?}): {t}"
                    );
                    assert_eq!(t.contains('.'), d > 0);
                }
            }
        }
        assert_eq!(fixed(&r(-1, 1000), 2, Rounding::TowardZero), "0.00");
        assert_eq!(fixed(&r(-1, 1000), 2, Rounding::Floor), "-0.01");
        assert_eq!(fixed(&r(-1, 1000), 2, Rounding::HalfAwayFromZero), "0.00");
    }

    #[test]
    fn significant_digits() {
        assert_eq!(significant(&r(1, 3), 5), "0.33333");
        assert_eq!(significant(&r(999, 1000), 2), "1.0");
        assert_eq!(significant(&r(12345, 1), 2), "12000");
        assert_eq!(significant(&r(-1, 800), 2), "-0.0013");
    }
}

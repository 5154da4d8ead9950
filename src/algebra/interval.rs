//! Certified interval arithmetic on exact rationals.
//!
//! An [`Interval`] is a pair of [`BigRational`] bounds `lo <= x <= hi` that provably contains
//! the real number it stands for. Irrational constants and functions (`sqrt`, `ln 2`, `ln 3`,
//! `exp`, `2^x`) are enclosed by truncated series whose tails are bounded explicitly, and
//! every bound is rounded *outwards* to a dyadic rational of a requested precision so that
//! sizes stay bounded. Nothing here uses floating point: a decision such as "this real number
//! lies strictly between two integers" is taken only when the enclosure proves it.

use crate::algebra::ratio;
use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cell::RefCell;
use std::collections::HashMap;

/// A closed interval `[lo, hi]` of rationals known to contain a real number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interval {
    /// Lower bound.
    pub lo: BigRational,
    /// Upper bound.
    pub hi: BigRational,
}

fn pow2(bits: u32) -> BigInt {
    BigInt::one() << bits
}

fn floor_r(x: &BigRational) -> BigInt {
    ratio::floor(x)
}

fn ceil_r(x: &BigRational) -> BigInt {
    ratio::ceil(x)
}

/// `floor(x 2^bits)` and `ceil(x 2^bits)`.
fn scaled_floor(x: &BigRational, bits: u32) -> BigInt {
    (x.numer() << bits).div_floor(x.denom())
}

fn scaled_ceil(x: &BigRational, bits: u32) -> BigInt {
    -((-(x.numer() << bits)).div_floor(x.denom()))
}

thread_local! {
    /// `ln 2`, `ln 3` and `e` by precision: the same constants are asked for at every n of a
    /// range (`2^sqrt(2n)`, `log(2)/log(3)`), and each costs a series of big divisions.
    static CONSTANTS: RefCell<HashMap<(u8, u32), Interval>> = RefCell::new(HashMap::new());
}

fn cached(which: u8, bits: u32, f: impl FnOnce() -> Interval) -> Interval {
    if let Some(v) = CONSTANTS.with(|c| c.borrow().get(&(which, bits)).cloned()) {
        return v;
    }
    let v = f();
    CONSTANTS.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() > 256 {
            c.clear();
        }
        c.insert((which, bits), v.clone());
    });
    v
}

impl Interval {
    /// The degenerate interval `[q, q]`.
    pub fn exact(q: BigRational) -> Interval {
        Interval {
            lo: q.clone(),
            hi: q,
        }
    }

    /// The degenerate interval of an integer.
    pub fn int(v: i64) -> Interval {
        Interval::exact(BigRational::from_integer(BigInt::from(v)))
    }

    /// The degenerate interval of a fraction `a / b`.
    pub fn frac(a: i64, b: i64) -> Interval {
        Interval::exact(ratio::new(BigInt::from(a), BigInt::from(b)))
    }

    /// Width `hi - lo`.
    pub fn width(&self) -> BigRational {
        ratio::sub(&self.hi, &self.lo)
    }

    /// Rounds the bounds outwards to multiples of `2^-bits` (the enclosure only grows).
    pub fn round_out(&self, bits: u32) -> Interval {
        let lo = ratio::dyadic(scaled_floor(&self.lo, bits), bits as u64);
        let hi = ratio::dyadic(scaled_ceil(&self.hi, bits), bits as u64);
        Interval { lo, hi }
    }

    /// Sum.
    pub fn add(&self, o: &Interval) -> Interval {
        Interval {
            lo: ratio::add(&self.lo, &o.lo),
            hi: ratio::add(&self.hi, &o.hi),
        }
    }

    /// Difference.
    pub fn sub(&self, o: &Interval) -> Interval {
        Interval {
            lo: ratio::sub(&self.lo, &o.hi),
            hi: ratio::sub(&self.hi, &o.lo),
        }
    }

    /// Product (the extreme of the four corner products).
    pub fn mul(&self, o: &Interval) -> Interval {
        // Both factors non-negative (the common case: growth constants, powers): one
        // product per bound.
        if !self.lo.is_negative() && !o.lo.is_negative() {
            return Interval {
                lo: ratio::mul(&self.lo, &o.lo),
                hi: ratio::mul(&self.hi, &o.hi),
            };
        }
        let c = [
            ratio::mul(&self.lo, &o.lo),
            ratio::mul(&self.lo, &o.hi),
            ratio::mul(&self.hi, &o.lo),
            ratio::mul(&self.hi, &o.hi),
        ];
        let lo = c[1..].iter().fold(&c[0], |m, x| ratio::min(m, x)).clone();
        let hi = c[1..].iter().fold(&c[0], |m, x| ratio::max(m, x)).clone();
        Interval { lo, hi }
    }

    /// Quotient; `None` when the divisor interval contains 0.
    pub fn div(&self, o: &Interval) -> Option<Interval> {
        if o.lo.is_positive() || o.hi.is_negative() {
            let inv = Interval {
                lo: ratio::recip(&o.hi),
                hi: ratio::recip(&o.lo),
            };
            Some(self.mul(&inv))
        } else {
            None
        }
    }

    /// `1 / x`; `None` when the interval contains 0.
    pub fn recip(&self) -> Option<Interval> {
        Interval::int(1).div(self)
    }

    /// The polynomial with rational coefficients `p` (constant first) at `x`, by Horner's
    /// rule on intervals.
    pub fn eval_poly(p: &[BigRational], x: &Interval) -> Interval {
        let mut acc = Interval::int(0);
        for c in p.iter().rev() {
            acc = acc.mul(x).add(&Interval::exact(c.clone()));
        }
        acc
    }

    /// `floor` of the enclosed number when the enclosure decides it.
    pub fn floor_if_decided(&self) -> Option<BigInt> {
        let a = floor_r(&self.lo);
        let b = floor_r(&self.hi);
        // If hi is an integer strictly above lo, the number might equal hi: undecided.
        if a == b {
            Some(a)
        } else {
            None
        }
    }

    /// The unique integer in the interval when the interval has width < 1 and contains one.
    pub fn unique_integer(&self) -> Option<BigInt> {
        let c = ceil_r(&self.lo);
        let f = floor_r(&self.hi);
        if c == f {
            Some(c)
        } else {
            None
        }
    }

    /// Whether the interval contains `q`.
    pub fn contains(&self, q: &BigRational) -> bool {
        ratio::cmp(&self.lo, q).is_le() && ratio::cmp(q, &self.hi).is_le()
    }

    /// Midpoint as `f64` (for reporting only).
    pub fn mid_f64(&self) -> f64 {
        ((&self.lo + &self.hi) / BigRational::from_integer(BigInt::from(2)))
            .to_f64()
            .unwrap_or(f64::NAN)
    }
}

/// Encloses `sqrt(q)` for `q >= 0` with bounds on the grid `2^-bits`.
pub fn sqrt_rational(q: &BigRational, bits: u32) -> Interval {
    let scaled_lo = scaled_floor(q, 2 * bits).max(BigInt::zero());
    let scaled_hi = scaled_ceil(q, 2 * bits).max(BigInt::zero());
    let r_lo = scaled_lo.sqrt();
    let mut r_hi = scaled_hi.sqrt();
    if &r_hi * &r_hi < scaled_hi {
        r_hi += 1;
    }
    Interval {
        lo: ratio::dyadic(r_lo, bits as u64),
        hi: ratio::dyadic(r_hi, bits as u64),
    }
}

/// Encloses the square root of every point of `x` (requires `x.lo >= 0`).
pub fn sqrt(x: &Interval, bits: u32) -> Interval {
    let lo = sqrt_rational(&x.lo, bits).lo;
    let hi = sqrt_rational(&x.hi, bits).hi;
    Interval { lo, hi }
}

fn dyadic(num: BigInt, bits: u32) -> BigRational {
    ratio::dyadic(num, bits as u64)
}

/// Encloses `ln 2 = sum_{k>=1} 1/(k 2^k)` in fixed point: each term is rounded down to a
/// multiple of `2^-B` (error < 1 unit each) and the tail after N terms is below `2^-N`.
pub fn ln2(bits: u32) -> Interval {
    cached(0, bits, || ln2_uncached(bits))
}

fn ln2_uncached(bits: u32) -> Interval {
    let b = bits + 16;
    let terms = bits + 8;
    let one = pow2(b);
    let mut s = BigInt::zero();
    for k in 1..=terms {
        s += &one / (BigInt::from(k) << k);
    }
    let hi = &s + BigInt::from(terms + 1) + pow2(b - terms);
    Interval {
        lo: dyadic(s, b),
        hi: dyadic(hi, b),
    }
}

/// Encloses `ln 3 = ln 2 + 2 atanh(1/5)`; the atanh terms are rounded down in fixed point
/// and its tail is bounded by a geometric series.
pub fn ln3(bits: u32) -> Interval {
    cached(1, bits, || ln3_uncached(bits))
}

fn ln3_uncached(bits: u32) -> Interval {
    let b = bits + 16;
    let terms = bits / 4 + 8;
    let one = pow2(b);
    let mut s = BigInt::zero();
    let mut p5 = BigInt::from(5);
    for k in 0..terms {
        s += &one / (&p5 * BigInt::from(2 * k + 1));
        p5 *= 25;
    }
    // Rounding: < terms units; tail: sum_{k>=terms} 5^-(2k+1)/(2k+1) <= 2 / 5^(2 terms + 1) < 1 unit.
    let hi = &s + BigInt::from(terms + 2);
    let at = Interval {
        lo: dyadic(s * 2, b),
        hi: dyadic(hi * 2, b),
    };
    ln2(bits + 2).add(&at)
}

/// Encloses `e^r` for a rational `0 <= r <= 1` in fixed point: lower bound from `r` rounded
/// down and every term rounded down; upper bound from `r` rounded up, terms rounded up, and
/// the tail after the last term `u` bounded by `3 u` (since `e^r <= 3`).
fn exp_unit(r: &BigRational, bits: u32) -> Interval {
    let b = bits + 16;
    let one = pow2(b);
    let (rl, rh) = (scaled_floor(r, b), scaled_ceil(r, b));
    let mut lo = BigInt::zero();
    let mut t = one.clone();
    let mut k = 0u32;
    while !t.is_zero() {
        lo += &t;
        k += 1;
        t = (&t * &rl) / (BigInt::from(k) << b);
    }
    let mut hi = BigInt::zero();
    let mut u = one.clone();
    let mut k = 0u32;
    let unit = BigInt::one();
    while u > unit {
        hi += &u;
        k += 1;
        let num = &u * &rh;
        let den = BigInt::from(k) << b;
        u = (&num + &den - 1) / den;
    }
    hi += u * 3;
    Interval {
        lo: dyadic(lo, b),
        hi: dyadic(hi, b),
    }
}

/// Encloses `e^q` for a rational `q`.
fn exp_rational(q: &BigRational, bits: u32) -> Interval {
    if q.is_negative() {
        let pos = exp_rational(&(-q), bits + 2);
        return Interval::int(1)
            .div(&pos)
            .unwrap_or_else(|| Interval::int(0))
            .round_out(bits + 4);
    }
    // q = m + f with integer m >= 0 and 0 <= f < 1; e^q = e^f * e^m. Extra precision covers
    // the growth of e^m (about 1.45 m bits).
    let m = floor_r(q);
    let f = ratio::sub(q, &BigRational::from_integer(m.clone()));
    let m_u = m.to_u64().unwrap_or(u64::MAX).min(1 << 20);
    let extra = (m_u as u32).saturating_mul(2) + 8;
    let ef = exp_unit(&f, bits + extra);
    let e = cached(2, bits + extra, || {
        exp_unit(&BigRational::one(), bits + extra)
    });
    let mut acc = ef;
    // e^m by binary powering with outward rounding.
    let mut base = e;
    let mut k = m_u;
    while k > 0 {
        if k & 1 == 1 {
            acc = acc.mul(&base).round_out(bits + extra);
        }
        base = base.mul(&base).round_out(bits + extra);
        k >>= 1;
    }
    acc
}

/// Encloses `e^x` over the interval `x` (exp is increasing).
pub fn exp(x: &Interval, bits: u32) -> Interval {
    Interval {
        lo: exp_rational(&x.lo, bits).lo,
        hi: exp_rational(&x.hi, bits).hi,
    }
}

/// Encloses `2^x = e^(x ln 2)`.
pub fn pow2_real(x: &Interval, bits: u32) -> Interval {
    let magnitude =
        x.hi.abs()
            .max(x.lo.abs())
            .ceil()
            .to_integer()
            .to_u32()
            .unwrap_or(1 << 20);
    let l = ln2(bits + magnitude + 8);
    exp(&x.mul(&l).round_out(bits + magnitude + 8), bits)
}

/// Encloses the natural log of a positive integer `v` as `b ln 2 + ln(v / 2^b)` via
/// `ln(y) = 2 atanh((y-1)/(y+1))` with `y` in `[1, 2)`.
pub fn ln_int(v: &BigInt, bits: u32) -> Option<Interval> {
    if v.sign() != Sign::Plus {
        return None;
    }
    let b = v.bits() - 1;
    let p = BigInt::one() << b;
    // y = v / 2^b in [1, 2), z = (y - 1)/(y + 1) = (v - 2^b)/(v + 2^b)
    let z = ratio::new(v - &p, v + &p); // 0 <= z < 1/3
    let z2 = ratio::mul(&z, &z);
    let mut s = BigRational::zero();
    let mut pw = z.clone();
    let eps = ratio::dyadic(BigInt::one(), bits as u64 + 4);
    let mut k = 0u32;
    while ratio::cmp(&pw, &eps).is_gt() {
        let term = ratio::mul(&pw, &ratio::new(BigInt::one(), BigInt::from(2 * k + 1)));
        s = ratio::add(&s, &term);
        pw = ratio::mul(&pw, &z2);
        k += 1;
        if k % 16 == 0 {
            s = Interval::exact(s).round_out(bits + 16).lo;
            pw = Interval::exact(pw).round_out(bits + 16).hi;
        }
    }
    // tail <= pw * 1/(1 - z^2) <= pw * 9/8
    let tail = ratio::mul(&pw, &ratio::new(BigInt::from(9), BigInt::from(8)));
    let two = BigRational::from_integer(BigInt::from(2));
    let at = Interval {
        lo: ratio::mul(&two, &s),
        hi: ratio::mul(&two, &ratio::add(&s, &tail)),
    };
    let l2 = ln2(bits + 24);
    let bl = l2.mul(&Interval::int(b as i64));
    Some(bl.add(&at).round_out(bits + 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(a: i64, b: i64) -> BigRational {
        BigRational::new(BigInt::from(a), BigInt::from(b))
    }

    #[test]
    fn ln2_and_ln3_enclose_known_digits() {
        // ln 2 = 0.693147180559945..., ln 3 = 1.098612288668109...
        let l2 = ln2(60);
        assert!(l2.lo > r(693147180559945, 1_000_000_000_000_000));
        assert!(l2.hi < r(693147180559946, 1_000_000_000_000_000));
        let l3 = ln3(60);
        assert!(l3.lo > r(1098612288668109, 1_000_000_000_000_000));
        assert!(l3.hi < r(1098612288668110, 1_000_000_000_000_000));
    }

    #[test]
    fn exp_and_pow2_enclose_exact_values() {
        let e = exp(&Interval::int(1), 50);
        assert!(e.lo > r(2718281828, 1_000_000_000) && e.hi < r(2718281829, 1_000_000_000));
        let p = pow2_real(&Interval::int(10), 40);
        assert!(p.contains(&BigRational::from_integer(BigInt::from(1024))));
        assert!(p.width() < r(1, 1_000_000));
        let h = pow2_real(&Interval::frac(-1, 2), 40);
        let s = sqrt_rational(&r(1, 2), 40);
        assert!(h.hi >= s.lo && s.hi >= h.lo);
    }

    #[test]
    fn ln_int_matches_ln2_multiples() {
        let l = ln_int(&BigInt::from(8), 50).unwrap();
        let t = ln2(50).mul(&Interval::int(3));
        assert!(l.hi >= t.lo && t.hi >= l.lo);
        assert!(l.width() < r(1, 1 << 40));
    }

    #[test]
    fn sqrt_encloses() {
        let s = sqrt_rational(&r(2, 1), 30);
        assert!(&s.lo * &s.lo <= r(2, 1) && &s.hi * &s.hi >= r(2, 1));
    }
}

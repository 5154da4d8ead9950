//! Exact rational arithmetic with a fast integer gcd.
//!
//! Why: `num-rational` reduces every result with `num-integer`'s binary (Stein) gcd, which
//! shifts and subtracts one bit position at a time. Against a small or power-of-two operand
//! (an integer's denominator 1, a dyadic bound `k / 2^b` of a certified interval) that is
//! quadratic in the size of the large one, and it was most of the literature checker's
//! time (formulas evaluated over ranges of n: `3^i`, `2^sqrt(2n)`, `j(j+1)/2 <= n`).
//!
//! [`gcd`] is Lehmer's algorithm (Knuth, *TAOCP* vol. 2, 3rd ed., §4.5.2, Algorithm L) on
//! 63-bit leading parts, finishing in machine words; powers of two and word-sized operands
//! take one step. The rational operations are Knuth's (§4.5.1): cross-reduced products,
//! sums through the gcd of the denominators, integers without any gcd. Every result is
//! the canonical reduced fraction with positive denominator, the same value and the same
//! representation `num-rational` gives (the tests compare them on random operands).

use num_bigint::{BigInt, BigUint, Sign};
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;

fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

/// `gcd(a, b)` of naturals (Lehmer); `gcd(0, b) = b`.
pub(crate) fn gcd_nat(a: &BigUint, b: &BigUint) -> BigUint {
    let (mut x, mut y) = if a >= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };
    if y.is_zero() {
        return x;
    }
    // A power of two against anything: the smaller number of trailing zeros.
    let (tx, ty) = (
        x.trailing_zeros().unwrap_or(0),
        y.trailing_zeros().unwrap_or(0),
    );
    if x.bits() == tx + 1 || y.bits() == ty + 1 {
        return BigUint::one() << tx.min(ty);
    }
    loop {
        if y.is_zero() {
            return x;
        }
        if let Some(yw) = y.to_u64() {
            let r = (&x % yw).to_u64().expect("a remainder below a word");
            return BigUint::from(gcd_u64(yw, r));
        }
        // Leading 63 bits of x, and y shifted alike (Algorithm L, step L1).
        let shift = x.bits() - 63;
        let mut xh = (&x >> shift).to_u64().expect("63 bits") as i128;
        let mut yh = (&y >> shift).to_u64().expect("63 bits") as i128;
        let (mut a, mut b, mut c, mut d) = (1i128, 0i128, 0i128, 1i128);
        // L2/L3: simulate Euclid on the leading parts while both quotient bounds agree.
        loop {
            if yh + c == 0 || yh + d == 0 {
                break;
            }
            let q = (xh + a) / (yh + c);
            if q != (xh + b) / (yh + d) {
                break;
            }
            (a, c) = (c, a - q * c);
            (b, d) = (d, b - q * d);
            (xh, yh) = (yh, xh - q * yh);
        }
        // L4: one full division step, or the cosequence applied to x and y.
        if b == 0 {
            let r = &x % &y;
            x = std::mem::replace(&mut y, r);
        } else {
            let (xs, ys) = (
                BigInt::from_biguint(Sign::Plus, x),
                BigInt::from_biguint(Sign::Plus, y),
            );
            let nx = &xs * a + &ys * b;
            let ny = &xs * c + &ys * d;
            x = nx.into_parts().1;
            y = ny.into_parts().1;
        }
    }
}

/// `gcd(|a|, |b|) >= 0`.
pub(crate) fn gcd(a: &BigInt, b: &BigInt) -> BigInt {
    BigInt::from_biguint(Sign::Plus, gcd_nat(a.magnitude(), b.magnitude()))
}

/// The reduced fraction `n / d` with positive denominator (`d != 0`).
pub(crate) fn new(n: BigInt, d: BigInt) -> BigRational {
    assert!(!d.is_zero(), "ratio::new: zero denominator");
    if n.is_zero() {
        return BigRational::zero();
    }
    let (n, d) = if d.is_negative() { (-n, -d) } else { (n, d) };
    if d.is_one() {
        return BigRational::from_integer(n);
    }
    let g = gcd(&n, &d);
    if g.is_one() {
        BigRational::new_raw(n, d)
    } else {
        BigRational::new_raw(n / &g, d / g)
    }
}

/// `n / 2^bits`, reduced.
pub(crate) fn dyadic(n: BigInt, bits: u64) -> BigRational {
    if n.is_zero() {
        return BigRational::zero();
    }
    let k = n.trailing_zeros().unwrap_or(0).min(bits);
    BigRational::new_raw(n >> k, BigInt::one() << (bits - k))
}

/// `a + b`.
pub(crate) fn add(a: &BigRational, b: &BigRational) -> BigRational {
    let (an, ad, bn, bd) = (a.numer(), a.denom(), b.numer(), b.denom());
    if ad.is_one() && bd.is_one() {
        return BigRational::from_integer(an + bn);
    }
    if an.is_zero() {
        return b.clone();
    }
    if bn.is_zero() {
        return a.clone();
    }
    if ad.is_one() {
        // n + p/q = (n q + p) / q, already reduced.
        return BigRational::new_raw(an * bd + bn, bd.clone());
    }
    if bd.is_one() {
        return BigRational::new_raw(bn * ad + an, ad.clone());
    }
    // Knuth §4.5.1: with g = gcd(ad, bd), t = an (bd/g) + bn (ad/g); the result is
    // (t / g2) / ((ad/g)(bd/g2)) for g2 = gcd(t, g).
    let g = gcd(ad, bd);
    if g.is_one() {
        let t = an * bd + bn * ad;
        if t.is_zero() {
            return BigRational::zero();
        }
        return BigRational::new_raw(t, ad * bd);
    }
    let adg = ad / &g;
    let t = an * (bd / &g) + bn * &adg;
    if t.is_zero() {
        return BigRational::zero();
    }
    let g2 = gcd(&t, &g);
    if g2.is_one() {
        BigRational::new_raw(t, adg * bd)
    } else {
        BigRational::new_raw(t / &g2, adg * (bd / g2))
    }
}

/// `a - b`.
pub(crate) fn sub(a: &BigRational, b: &BigRational) -> BigRational {
    add(a, &neg(b))
}

/// `-a`.
pub(crate) fn neg(a: &BigRational) -> BigRational {
    BigRational::new_raw(-a.numer(), a.denom().clone())
}

/// `a b`.
pub(crate) fn mul(a: &BigRational, b: &BigRational) -> BigRational {
    let (an, ad, bn, bd) = (a.numer(), a.denom(), b.numer(), b.denom());
    if an.is_zero() || bn.is_zero() {
        return BigRational::zero();
    }
    if ad.is_one() && bd.is_one() {
        return BigRational::from_integer(an * bn);
    }
    // Cross-reduce: gcd(an, bd) and gcd(bn, ad) (Knuth §4.5.1).
    let g1 = if bd.is_one() {
        BigInt::one()
    } else {
        gcd(an, bd)
    };
    let g2 = if ad.is_one() {
        BigInt::one()
    } else {
        gcd(bn, ad)
    };
    let part = |x: &BigInt, g: &BigInt| if g.is_one() { x.clone() } else { x / g };
    let n = part(an, &g1) * part(bn, &g2);
    let d = part(ad, &g2) * part(bd, &g1);
    BigRational::new_raw(n, d)
}

/// `1 / a`; `a` must be non-zero.
pub(crate) fn recip(a: &BigRational) -> BigRational {
    let (n, d) = (a.numer(), a.denom());
    assert!(!n.is_zero(), "ratio::recip: zero");
    if n.is_negative() {
        BigRational::new_raw(-d, -n)
    } else {
        BigRational::new_raw(d.clone(), n.clone())
    }
}

/// Exact comparison by cross-multiplication (`num-rational` compares by continued
/// fractions: a division per step).
pub(crate) fn cmp(a: &BigRational, b: &BigRational) -> Ordering {
    let (sa, sb) = (a.numer().sign(), b.numer().sign());
    if sa != sb {
        let rank = |s: Sign| match s {
            Sign::Minus => 0,
            Sign::NoSign => 1,
            Sign::Plus => 2,
        };
        return rank(sa).cmp(&rank(sb));
    }
    if a.denom() == b.denom() {
        return a.numer().cmp(b.numer());
    }
    (a.numer() * b.denom()).cmp(&(b.numer() * a.denom()))
}

/// The smaller of two rationals (the first when equal).
pub(crate) fn min<'a>(a: &'a BigRational, b: &'a BigRational) -> &'a BigRational {
    if cmp(b, a) == Ordering::Less {
        b
    } else {
        a
    }
}

/// The larger of two rationals (the first when equal).
pub(crate) fn max<'a>(a: &'a BigRational, b: &'a BigRational) -> &'a BigRational {
    if cmp(b, a) == Ordering::Greater {
        b
    } else {
        a
    }
}

/// `floor(a)`.
pub(crate) fn floor(a: &BigRational) -> BigInt {
    use num_integer::Integer;
    if a.denom().is_one() {
        return a.numer().clone();
    }
    a.numer().div_floor(a.denom())
}

/// `ceil(a)`.
pub(crate) fn ceil(a: &BigRational) -> BigInt {
    use num_integer::Integer;
    if a.denom().is_one() {
        return a.numer().clone();
    }
    -((-a.numer()).div_floor(a.denom()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::testutil::Rng;
    use num_integer::Integer;

    fn operand(rng: &mut Rng, round: u32) -> BigInt {
        let (k, r1, r2) = (rng.next() % 7, rng.next(), rng.next());
        match k {
            0 => BigInt::one(),
            1 => BigInt::one() << (r1 % 300),
            2 => BigInt::from(r1 % 1000) << (r2 % 200),
            3 => rng.big(1 + (r1 % 64) as u32),
            4 => rng.big(1 + round % 700) * rng.big(1 + (r1 % 90) as u32),
            _ => rng.big(1 + (r1 % 500) as u32),
        }
    }

    #[test]
    fn gcd_equals_binary_gcd_on_random_and_lopsided_operands() {
        let mut rng = Rng::new(0x6cd);
        for round in 0..3000u32 {
            let common = operand(&mut rng, round);
            let a = operand(&mut rng, round) * &common;
            let b = operand(&mut rng, round) * &common;
            assert_eq!(gcd(&a, &b), a.gcd(&b), "gcd({a}, {b})");
            assert_eq!(gcd(&b, &a), a.gcd(&b));
        }
        // small operands exhaustively
        for a in -40i64..=40 {
            for b in -40i64..=40 {
                let (x, y) = (BigInt::from(a), BigInt::from(b));
                assert_eq!(gcd(&x, &y), x.gcd(&y), "gcd({a}, {b})");
            }
        }
        // consecutive Fibonacci numbers: the longest Euclidean chains
        let (mut f, mut g) = (BigInt::one(), BigInt::one());
        for _ in 0..600 {
            (f, g) = (g.clone(), f + g);
            assert!(gcd(&f, &g).is_one());
        }
    }

    fn rational(rng: &mut Rng, round: u32) -> BigRational {
        let n = if rng.next() % 9 == 0 {
            BigInt::zero()
        } else {
            operand(rng, round)
        };
        let mut d = operand(rng, round);
        if d.is_zero() {
            d = BigInt::one();
        }
        if rng.next() % 3 == 0 {
            d = BigInt::one();
        }
        BigRational::new(n, d)
    }

    #[test]
    fn operations_equal_num_rational_exactly() {
        let mut rng = Rng::new(0x4a7);
        for round in 0..3000u32 {
            let a = rational(&mut rng, round);
            let b = rational(&mut rng, round);
            let same = |x: BigRational, y: BigRational| {
                // the same canonical representation, not only the same value
                assert_eq!((x.numer(), x.denom()), (y.numer(), y.denom()), "{a} {b}");
            };
            same(add(&a, &b), &a + &b);
            same(sub(&a, &b), &a - &b);
            same(mul(&a, &b), &a * &b);
            if !b.is_zero() {
                same(mul(&a, &recip(&b)), &a / &b);
                same(recip(&b), b.recip());
            }
            same(neg(&a), -a.clone());
            assert_eq!(cmp(&a, &b), a.cmp(&b));
            assert_eq!(cmp(&a, &a), Ordering::Equal);
            assert_eq!(min(&a, &b), std::cmp::min(&a, &b));
            assert_eq!(max(&a, &b), std::cmp::max(&a, &b));
            assert_eq!(floor(&a), a.floor().to_integer());
            assert_eq!(ceil(&a), a.ceil().to_integer());
            let n = operand(&mut rng, round);
            let d = operand(&mut rng, round);
            if !d.is_zero() {
                same(
                    new(n.clone(), d.clone()),
                    BigRational::new(n.clone(), d.clone()),
                );
            }
            let k = rng.next() % 300;
            same(
                dyadic(n.clone(), k),
                BigRational::new(n, BigInt::one() << k),
            );
        }
    }
}

//! Polynomial products by Kronecker substitution: the coefficients are packed into one big
//! integer, multiplied once, and unpacked in balanced digits. Used by the n-th-term squarings
//! of `recurrence` and by the Hensel lifting of the factoriser.

use super::poly::Poly;
use num_bigint::{BigInt, Sign};
use num_traits::{One, Signed, Zero};

/// `a b` by Kronecker substitution (as the recurrence module's `kronecker_square`): one big-integer product
/// instead of `deg a * deg b` coefficient products, which wins once the coefficients are a
/// few hundred bits wide (the Hensel lifting of the factoriser, where every product is of
/// polynomials with coefficients of the size of the modulus).
///
/// ```
/// use hanoilab::algebra::{kronecker::kronecker_mul, Poly};
/// let a = Poly::from_i64(&[3, -1, 4]);
/// let b = Poly::from_i64(&[-2, 7]);
/// assert_eq!(kronecker_mul(&a, &b), &a * &b);
/// ```
pub fn kronecker_mul(a: &Poly, b: &Poly) -> Poly {
    let (ca, cb) = (a.coeffs(), b.coeffs());
    if ca.is_empty() || cb.is_empty() {
        return Poly::zero();
    }
    let bits = ca.iter().map(|v| v.bits()).max().unwrap_or(0)
        + cb.iter().map(|v| v.bits()).max().unwrap_or(0);
    let n = ca.len().min(cb.len());
    let len_bits = (usize::BITS - n.leading_zeros()) as u64;
    // every coefficient of the product is below 2^(bits + len_bits) in absolute value
    let w = bits + len_bits + 2;
    let prod = &pack(ca, w) * &pack(cb, w);
    Poly::new(unpack(&prod, w, ca.len() + cb.len() - 1))
}

/// `sum c_i 2^(b i)` for signed `c_i` with `|c_i| < 2^(b-1)`: the positive and negative
/// parts are laid out side by side in machine words (no overlap), then subtracted.
pub(crate) fn pack(c: &[BigInt], b: u64) -> BigInt {
    let words = ((b * c.len() as u64) / 64 + 2) as usize;
    let mut pos = vec![0u64; words];
    let mut neg = vec![0u64; words];
    let mut any_neg = false;
    for (i, v) in c.iter().enumerate() {
        if v.is_zero() {
            continue;
        }
        let target = if v.sign() == Sign::Minus {
            any_neg = true;
            &mut neg
        } else {
            &mut pos
        };
        let start = b * i as u64;
        let (w0, sh) = ((start / 64) as usize, (start % 64) as u32);
        for (k, d) in v.magnitude().iter_u64_digits().enumerate() {
            target[w0 + k] |= d << sh;
            if sh > 0 {
                target[w0 + k + 1] |= d >> (64 - sh);
            }
        }
    }
    let p = BigInt::from_biguint(Sign::Plus, num_bigint::BigUint::from_slice(&to_u32(&pos)));
    if any_neg {
        p - BigInt::from_biguint(Sign::Plus, num_bigint::BigUint::from_slice(&to_u32(&neg)))
    } else {
        p
    }
}

fn to_u32(v: &[u64]) -> Vec<u32> {
    v.iter()
        .flat_map(|&w| [w as u32, (w >> 32) as u32])
        .collect()
}

/// Inverse of [`pack`]: `count` balanced digits of width `b` (each in `[-2^(b-1), 2^(b-1))`).
pub(crate) fn unpack(x: &BigInt, b: u64, count: usize) -> Vec<BigInt> {
    let negative = x.is_negative();
    let digits: Vec<u64> = x.magnitude().iter_u64_digits().collect();
    let mut out = Vec::with_capacity(count);
    let mut carry = false;
    let half = BigInt::one() << (b - 1);
    let full = BigInt::one() << b;
    for i in 0..count {
        let start = b * i as u64;
        let mut v = BigInt::from_biguint(Sign::Plus, extract_bits(&digits, start, b));
        if carry {
            v += 1;
        }
        carry = v >= half;
        if carry {
            v -= &full;
        }
        out.push(if negative { -v } else { v });
    }
    out
}

/// Bits `[start, start + len)` of the little-endian word array as a number.
fn extract_bits(d: &[u64], start: u64, len: u64) -> num_bigint::BigUint {
    let w0 = (start / 64) as usize;
    if w0 >= d.len() {
        return num_bigint::BigUint::zero();
    }
    let sh = (start % 64) as u32;
    let nwords = (len / 64 + 2) as usize;
    let mut w: Vec<u64> = Vec::with_capacity(nwords);
    for k in 0..nwords {
        let lo = d.get(w0 + k).copied().unwrap_or(0);
        let hi = d.get(w0 + k + 1).copied().unwrap_or(0);
        w.push(if sh == 0 {
            lo
        } else {
            (lo >> sh) | (hi << (64 - sh))
        });
    }
    // mask to len bits
    let full = (len / 64) as usize;
    let rem = len % 64;
    w.truncate(full + usize::from(rem > 0));
    if rem > 0 {
        if let Some(last) = w.last_mut() {
            *last &= (1u64 << rem) - 1;
        }
    }
    num_bigint::BigUint::from_slice(&to_u32(&w))
}

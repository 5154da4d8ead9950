//! Decimal text of big integers in subquadratic time: the one conversion every command that
//! prints an exact count uses.
//!
//! num-bigint's `to_string` splits by powers of ten too, but divides by schoolbook long
//! division, which makes it quadratic (23 s for 10^7 digits here). [`to_decimal`] splits the
//! number in halves by `P_k = 10^(B 2^k)` (a tree of `K` levels, `B` chosen so that the tree
//! fits the number's digit count), with each division done as Barrett's product by a
//! reciprocal computed once per level by Newton's iteration, and every large product by
//! number-theoretic transform ([`super::ntt`]). The cost is `O(M(n) log n)` for `M` the
//! product of `n`-limb integers; the leaves (at most twice `LEAF_DIGITS` digits) are num-bigint's.
//!
//! Sources: Knuth, *TAOCP* vol. 2, 4.4, exercise 14 (radix conversion by splitting at
//! powers of the radix); Barrett, CRYPTO '86 (division by a fixed divisor as a product by its
//! reciprocal); Brent & Zimmermann, *Modern Computer Arithmetic* (2010), 1.4.3 (Newton's
//! iteration for the reciprocal) and 1.7.2 (subquadratic radix conversion).

use super::ntt;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Zero};

/// Digits of a leaf of the splitting tree, converted by num-bigint (whose quadratic cost is
/// negligible at this size).
pub(crate) const LEAF_DIGITS: u64 = 2000;

/// Limbs of a splitting power from which its products go through cached transforms.
const SPECTRUM_MIN_LIMBS: usize = 256;

/// Bits below which a reciprocal is computed by one num-bigint division.
const RECIPROCAL_DIRECT_BITS: u64 = 4096;

/// `x` in decimal, exactly as `x.to_string()`, in `O(M(n) log n)` time.
///
/// ```
/// use hanoilab::algebra::radix::to_decimal;
/// use num_bigint::BigInt;
/// let x = -(BigInt::from(3u32).pow(5000));
/// assert_eq!(to_decimal(&x), x.to_string());
/// assert_eq!(to_decimal(&BigInt::from(0)), "0");
/// ```
pub fn to_decimal(x: &BigInt) -> String {
    let digits = to_decimal_unsigned(x.magnitude());
    if x.sign() == Sign::Minus {
        format!("-{digits}")
    } else {
        digits
    }
}

/// [`to_decimal`] of a non-negative integer.
///
/// ```
/// use hanoilab::algebra::radix::to_decimal_unsigned;
/// use num_bigint::BigUint;
/// let x = BigUint::from(10u32).pow(4321) - 1u32;
/// assert_eq!(to_decimal_unsigned(&x), "9".repeat(4321));
/// ```
pub fn to_decimal_unsigned(x: &BigUint) -> String {
    // An upper bound of the digit count: log10(2) < 0.30103.
    let bound = x.bits() * 30103 / 100_000 + 1;
    if bound <= 2 * LEAF_DIGITS {
        return x.to_string();
    }
    let tree = PowerTree::new(bound);
    let mut buf = vec![b'0'; tree.width(tree.levels)];
    tree.convert(x.clone(), tree.levels, &mut buf);
    let first = buf.iter().position(|&c| c != b'0').unwrap_or(buf.len() - 1);
    buf.drain(..first);
    String::from_utf8(buf).expect("ASCII digits")
}

/// One splitting power `P = 10^d` with Barrett's reciprocal.
struct Splitter {
    /// `P`.
    power: BigUint,
    /// Bits of `P`.
    bits: u64,
    /// About `2^(2 bits) / P` (within a few units; the split corrects the quotient).
    reciprocal: BigUint,
    /// For a large `P`: the reciprocal's transform at a length that holds the quotient's
    /// product, and `P`'s at half that length (the remainder is known modulo
    /// `2^(64 half) - 1`, which exceeds it).
    spectra: Option<(ntt::Spectrum, ntt::Spectrum)>,
}

/// How far [`Splitter::split`] lowers the estimated quotient so that it is never above the
/// true one (the reciprocal is within a few units, the estimate within two more).
const QUOTIENT_MARGIN: u32 = 8;

impl Splitter {
    fn new(power: BigUint) -> Splitter {
        let bits = power.bits();
        let reciprocal = reciprocal(&power);
        let limbs = bits.div_ceil(64) as usize;
        let spectra = (limbs >= SPECTRUM_MIN_LIMBS).then(|| {
            let half = (limbs + 1).next_power_of_two();
            (
                ntt::Spectrum::new(&reciprocal, 2 * half),
                ntt::Spectrum::new(&power, half),
            )
        });
        Splitter {
            power,
            bits,
            reciprocal,
            spectra,
        }
    }

    /// `(x div P, x mod P)` for `x < P^2`.
    fn split(&self, x: &BigUint) -> (BigUint, BigUint) {
        let s = self.bits;
        let top = x >> (s - 1);
        let Some((by_reciprocal, by_power)) = &self.spectra else {
            let mut q = ntt::mul(&top, &self.reciprocal) >> (s + 1);
            let mut qp = ntt::mul(&q, &self.power);
            while &qp > x {
                q -= 1u32;
                qp -= &self.power;
            }
            return self.reduce(q, x - qp);
        };
        // top and the reciprocal have at most limbs + 1 limbs each: the cyclic product is
        // the product.
        let q = by_reciprocal.mul_cyclic(&top) >> (s + 1);
        let q = if q > BigUint::from(QUOTIENT_MARGIN) {
            q - QUOTIENT_MARGIN
        } else {
            BigUint::zero()
        };
        // r = x - q P lies in 0..(QUOTIENT_MARGIN + 3) P, below 2^(64 half) - 1.
        let half = by_power.len();
        let m = (BigUint::one() << (64 * half)) - 1u32;
        let x_mod = (x & &m) + (x >> (64 * half));
        let x_mod = if x_mod >= m { x_mod - &m } else { x_mod };
        let qp_mod = by_power.mul_cyclic(&q);
        let r = if x_mod >= qp_mod {
            x_mod - qp_mod
        } else {
            x_mod + m - qp_mod
        };
        self.reduce(q, r)
    }

    /// `(q + k, r - k P)` for the `k` that brings `r >= 0` below `P`.
    fn reduce(&self, mut q: BigUint, mut r: BigUint) -> (BigUint, BigUint) {
        while r >= self.power {
            q += 1u32;
            r -= &self.power;
        }
        (q, r)
    }
}

/// The powers `P_k = 10^(B 2^k)` for `k = 1..=levels` with their reciprocals; a number below
/// `10^(B 2^(levels+1))` splits at `P_levels` into two halves below `P_levels`, each at
/// `P_(levels-1)`, and so on down to the leaves of at most `2B` digits.
struct PowerTree {
    leaf_half: u64,
    levels: usize,
    /// `splitters[k - 1]` splits at `P_k`.
    splitters: Vec<Splitter>,
}

impl PowerTree {
    fn new(bound: u64) -> PowerTree {
        let mut levels = 0usize;
        while bound > LEAF_DIGITS << (levels + 1) {
            levels += 1;
        }
        let leaf_half = bound.div_ceil(1 << (levels + 1));
        let mut splitters = Vec::with_capacity(levels);
        let mut p = BigUint::from(10u32).pow(leaf_half as u32);
        for _ in 0..levels {
            p = ntt::square(&p);
            splitters.push(Splitter::new(p.clone()));
        }
        PowerTree {
            leaf_half,
            levels,
            splitters,
        }
    }

    /// Digits written for a number at level `k` (below `P_k^2 = 10^(B 2^(k+1))`).
    fn width(&self, k: usize) -> usize {
        (self.leaf_half << (k + 1)) as usize
    }

    /// Writes `x < 10^width(k)` into `out` (`width(k)` bytes, zero-filled beforehand),
    /// right-aligned.
    fn convert(&self, x: BigUint, k: usize, out: &mut [u8]) {
        debug_assert_eq!(out.len(), self.width(k));
        if x.is_zero() {
            return;
        }
        if k == 0 {
            let s = x.to_string();
            let at = out.len() - s.len();
            out[at..].copy_from_slice(s.as_bytes());
            return;
        }
        let (q, r) = self.splitters[k - 1].split(&x);
        drop(x);
        let (hi, lo) = out.split_at_mut(self.width(k - 1));
        self.convert(q, k - 1, hi);
        self.convert(r, k - 1, lo);
    }
}

/// About `2^(2s) / p` for `p` of `s` bits: within a few units of the floor (Newton's
/// iteration `y + y (2^(2s) - p y) / 2^(2s)` from the reciprocal of `p`'s upper half, which
/// doubles the correct bits; Brent & Zimmermann, 3.4.1).
fn reciprocal(p: &BigUint) -> BigUint {
    let s = p.bits();
    if s <= RECIPROCAL_DIRECT_BITS {
        return (BigUint::one() << (2 * s)) / p;
    }
    // The upper h bits of p; their reciprocal y0 ~ 2^(2h) / ph, so y0 2^t ~ 2^(2s) / p.
    let h = s / 2 + 8;
    let t = s - h;
    let y0 = reciprocal(&(p >> t));
    // e = 2^(2s) - p y0 2^t (relative size about 2^-h), signed.
    let py = BigInt::from(ntt::mul(p, &y0)) << t;
    let e = (BigInt::one() << (2 * s)) - py;
    // y = y0 2^t + y0 2^t e / 2^(2s); e's low bits beyond what the correction needs are
    // dropped (an error below 1/8).
    let m = (2 * s - t).saturating_sub(h + 4);
    let e_top = &e >> m;
    let corr = ntt::mul_signed(&BigInt::from(y0.clone()), &e_top) >> (2 * s - t - m);
    let y = (BigInt::from(y0) << t) + corr;
    let (_, y) = y.into_parts();
    y
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_integer::Integer;
    use num_traits::Signed;

    fn check_reciprocal(p: &BigUint, y: &BigUint) -> BigInt {
        let exact = (BigUint::one() << (2 * p.bits())).div_floor(p);
        BigInt::from(y.clone()) - BigInt::from(exact)
    }

    fn pseudo_random_digits(digits: usize, seed: u64) -> BigUint {
        // SplitMix64 (Steele, Lea, Flood 2014), one decimal digit per step.
        let mut s = seed;
        let mut text = String::with_capacity(digits);
        for i in 0..digits {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            let d = if i == 0 { 1 + z % 9 } else { z % 10 };
            text.push((b'0' + d as u8) as char);
        }
        text.parse().expect("digits")
    }

    #[test]
    fn equals_num_bigint_on_every_small_integer() {
        for v in -20_000i64..=20_000 {
            let x = BigInt::from(v);
            assert_eq!(to_decimal(&x), x.to_string());
        }
    }

    #[test]
    fn equals_num_bigint_across_the_split_thresholds() {
        let ten = BigUint::from(10u32);
        // Digit counts around the leaf size, around every doubling of it, and a few larger.
        let mut sizes = vec![];
        for k in 0..6u64 {
            let d = (2 * LEAF_DIGITS) << k;
            for delta in [-2i64, -1, 0, 1, 2] {
                sizes.push((d as i64 + delta) as u64);
            }
        }
        sizes.extend([1, 2, 19, 20, 100, 1234, 5555, 77_777]);
        for (i, &d) in sizes.iter().enumerate() {
            let d = d as u32;
            let p = ten.pow(d);
            let cases = [
                pseudo_random_digits(d as usize, i as u64),
                &p - 1u32,
                p.clone(),
                &p + 1u32,
                ten.pow(d / 2) * ten.pow(d / 2),
                (&p - 1u32) * ten.pow(d / 3),
            ];
            // The largest sizes with the random and the all-nines case only (debug build).
            let take = if d > 40_000 { 3 } else { cases.len() };
            for x in cases.into_iter().take(take) {
                assert_eq!(to_decimal_unsigned(&x), x.to_string(), "{d} digits");
                let neg = -BigInt::from(x.clone());
                assert_eq!(to_decimal(&neg), neg.to_string());
            }
        }
    }

    #[test]
    fn a_few_hundred_thousand_digits() {
        let x = pseudo_random_digits(300_000, 99);
        assert_eq!(to_decimal_unsigned(&x), x.to_string());
        let y = (BigUint::one() << 900_000u32) - 1u32;
        assert_eq!(to_decimal_unsigned(&y), y.to_string());
    }

    #[test]
    fn reciprocal_is_within_a_few_units() {
        for bits in [10u64, 4000, 4097, 5000, 9000, 20_000, 100_003, 250_000] {
            for seed in 0..3u64 {
                let digits = (bits * 30103 / 100_000) as usize + 1;
                let p = pseudo_random_digits(digits, seed) | BigUint::one();
                let err = check_reciprocal(&p, &reciprocal(&p));
                assert!(err.abs() <= BigInt::from(4), "{bits} bits: {err}");
            }
        }
    }
}

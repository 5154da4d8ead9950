//! Products of large integers by number-theoretic transforms: the 64-bit limbs are the
//! coefficients, convolved modulo three primes `p < 2^63` with `2^34 | p - 1`, and the exact
//! coefficients (below `2^128` times the shorter length, under the primes' product of 189
//! bits) are rebuilt by the Chinese remainder theorem.
//!
//! Below `NTT_MIN_LIMBS` limbs in the shorter factor num-bigint's own product (schoolbook,
//! Karatsuba, Toom-3) is faster and is used; above, its Toom-3 grows as `n^1.46` and the
//! transform's `n log n` wins (at 10^7 decimal digits by a factor of about ten).
//!
//! Sources: Pollard, "The fast Fourier transform in a finite field", Math. Comp. 25 (1971);
//! Montgomery, "Modular multiplication without trial division", Math. Comp. 44 (1985) for
//! the arithmetic modulo each prime; Garner, "The residue number system", IRE Trans. EC-8
//! (1959) for the reconstruction. The forward transform is decimation in frequency
//! (natural order in, bit-reversed out) and the inverse decimation in time (bit-reversed in,
//! natural out), so no permutation pass is needed.

use num_bigint::BigUint;
use num_traits::One;

/// Limbs of the shorter factor from which [`mul`] transforms (measured: below it
/// num-bigint's Toom-3 is faster).
pub(crate) const NTT_MIN_LIMBS: usize = 1500;

/// One prime of the transform, with its Montgomery constants (`R = 2^64`).
struct Prime {
    p: u64,
    /// `-p^-1 mod 2^64`.
    neg_inv: u64,
    /// `R^2 mod p`.
    r2: u64,
    /// A generator of the multiplicative group.
    g: u64,
}

impl Prime {
    const fn new(p: u64, g: u64) -> Prime {
        // p^-1 mod 2^64 by Newton's iteration (each step doubles the correct low bits).
        let mut inv: u64 = 1;
        let mut i = 0;
        while i < 6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(p.wrapping_mul(inv)));
            i += 1;
        }
        let r = ((1u128 << 64) % p as u128) as u64;
        let r2 = ((r as u128 * r as u128) % p as u128) as u64;
        Prime {
            p,
            neg_inv: inv.wrapping_neg(),
            r2,
            g,
        }
    }

    /// `a b R^-1 mod p` for `a b < p 2^64`.
    #[inline(always)]
    fn mul(&self, a: u64, b: u64) -> u64 {
        let t = a as u128 * b as u128;
        let m = (t as u64).wrapping_mul(self.neg_inv);
        // t + m p < 2^128 (both terms are below p 2^64 < 2^127) and divisible by 2^64.
        let u = ((t + m as u128 * self.p as u128) >> 64) as u64;
        self.reduce_once(u)
    }

    /// `u mod p` for `u < 2p`, without a branch (the transforms' operands are random, so a
    /// branch would be mispredicted half the time): `u - p` has its top bit set exactly when
    /// `u < p`, as `p < 2^63`.
    #[inline(always)]
    fn reduce_once(&self, u: u64) -> u64 {
        let t = u.wrapping_sub(self.p);
        let mask = ((t as i64) >> 63) as u64;
        t.wrapping_add(self.p & mask)
    }

    /// `x` in Montgomery form (`x R mod p`).
    #[inline(always)]
    fn to_mont(&self, x: u64) -> u64 {
        self.mul(x % self.p, self.r2)
    }

    #[inline(always)]
    fn add(&self, a: u64, b: u64) -> u64 {
        self.reduce_once(a + b)
    }

    #[inline(always)]
    fn sub(&self, a: u64, b: u64) -> u64 {
        // a - b wraps above 2^63 exactly when a < b.
        let t = a.wrapping_sub(b);
        let mask = ((t as i64) >> 63) as u64;
        t.wrapping_add(self.p & mask)
    }

    /// `base^e` with `base` and the result in Montgomery form.
    fn pow_mont(&self, base: u64, mut e: u64) -> u64 {
        let mut result = self.to_mont(1);
        let mut b = base;
        while e > 0 {
            if e & 1 == 1 {
                result = self.mul(result, b);
            }
            b = self.mul(b, b);
            e >>= 1;
        }
        result
    }

    /// `x` out of Montgomery form.
    #[cfg(test)]
    fn out_of_mont(&self, x: u64) -> u64 {
        self.mul(x, 1)
    }

    /// Twiddle table for transforms of length `n` (a power of two, at least 2): entry
    /// `h + j` is `w_(2h)^j` in Montgomery form for every power of two `h < n`, `j < h`,
    /// with `w_(2h)` a primitive `2h`-th root of unity (its inverse if `inverse`).
    fn twiddles(&self, n: usize, inverse: bool) -> Vec<u64> {
        let g = self.to_mont(self.g);
        let mut w = self.pow_mont(g, (self.p - 1) / n as u64);
        if inverse {
            w = self.pow_mont(w, self.p - 2);
        }
        let half = n / 2;
        let mut t = vec![0u64; n];
        let mut x = self.to_mont(1);
        for j in 0..half {
            t[half + j] = x;
            x = self.mul(x, w);
        }
        let mut h = half / 2;
        while h >= 1 {
            for j in 0..h {
                t[h + j] = t[2 * h + 2 * j];
            }
            h /= 2;
        }
        t
    }

    /// The forward stages of half-lengths `h` from `top` down to `bottom` (powers of two) on
    /// every block of `2h` of `a`.
    fn forward_stages(&self, a: &mut [u64], w: &[u64], top: usize, bottom: usize) {
        let mut h = top;
        while h >= bottom {
            let tw = &w[h..2 * h];
            for block in a.chunks_exact_mut(2 * h) {
                let (lo, hi) = block.split_at_mut(h);
                for ((u, v), &t) in lo.iter_mut().zip(hi.iter_mut()).zip(tw) {
                    let (x, y) = (*u, *v);
                    *u = self.add(x, y);
                    *v = self.mul(self.sub(x, y), t);
                }
            }
            h /= 2;
        }
    }

    /// Forward transform in place (natural order in, bit-reversed out). The stages below
    /// [`CACHE_BLOCK`] run block by block, so that a block stays in cache through them.
    fn forward(&self, a: &mut [u64], w: &[u64]) {
        let n = a.len();
        let block = CACHE_BLOCK.min(n);
        if n > block {
            self.forward_stages(a, w, n / 2, block);
        }
        for b in a.chunks_exact_mut(block) {
            self.forward_stages(b, w, block / 2, 1);
        }
    }

    /// The inverse stages of half-lengths `h` from `bottom` up to `top`.
    fn inverse_stages(&self, a: &mut [u64], w: &[u64], bottom: usize, top: usize) {
        let mut h = bottom;
        while h <= top {
            let tw = &w[h..2 * h];
            for block in a.chunks_exact_mut(2 * h) {
                let (lo, hi) = block.split_at_mut(h);
                for ((u, v), &t) in lo.iter_mut().zip(hi.iter_mut()).zip(tw) {
                    let x = *u;
                    let y = self.mul(*v, t);
                    *u = self.add(x, y);
                    *v = self.sub(x, y);
                }
            }
            h *= 2;
        }
    }

    /// Inverse transform in place (bit-reversed in, natural order out), without the `1/n`.
    fn inverse(&self, a: &mut [u64], w: &[u64]) {
        let n = a.len();
        let block = CACHE_BLOCK.min(n);
        for b in a.chunks_exact_mut(block) {
            self.inverse_stages(b, w, 1, block / 2);
        }
        if n > block {
            self.inverse_stages(a, w, block, n / 2);
        }
    }

    /// `x` (limbs, zero-padded to `n`) modulo `p`, transformed.
    fn spectrum(&self, which: usize, x: &[u64], n: usize) -> Vec<u64> {
        let mut v = vec![0u64; n];
        for (d, &s) in v.iter_mut().zip(x) {
            // A limb is below 2^64 < 3p: at most two subtractions.
            let s = if s >= self.p { s - self.p } else { s };
            *d = if s >= self.p { s - self.p } else { s };
        }
        self.forward(&mut v, &twiddles(which, n).0);
        v
    }

    /// The cyclic convolution from the pointwise product of two spectra, in natural order.
    fn finish(&self, which: usize, mut f: Vec<u64>) -> Vec<u64> {
        let n = f.len();
        self.inverse(&mut f, &twiddles(which, n).1);
        // The pointwise products carry one R^-1 (the inputs were not in Montgomery form) and
        // the inverse transform a factor n: one product by n^-1 R^2 removes both.
        let n_inv = self.pow_mont(self.to_mont(n as u64), self.p - 2);
        let scale = self.mul(n_inv, self.r2);
        for x in f.iter_mut() {
            *x = self.mul(*x, scale);
        }
        f
    }
}

/// Elements of a transform block kept in cache through its small stages (128 KiB).
const CACHE_BLOCK: usize = 1 << 14;

/// The three primes: `c 2^34 + 1` below `2^63`, with a generator each.
const PRIMES: [Prime; 3] = [
    Prime::new(0x7fff_ff50_0000_0001, 5),
    Prime::new(0x7fff_ff44_0000_0001, 7),
    Prime::new(0x7fff_fecc_0000_0001, 13),
];

/// Largest transform length whose twiddle tables are kept for the process (2^22: 32 MiB a
/// table, 192 MiB for all six).
const CACHED_MAX_LOG2: u32 = 22;

type Tables = std::rc::Rc<(Vec<u64>, Vec<u64>)>;

thread_local! {
    /// Forward and inverse twiddle tables by prime and log2 of the length: the splitting
    /// tree of a radix conversion asks for the same few lengths thousands of times.
    static TWIDDLES: std::cell::RefCell<std::collections::HashMap<(usize, u32), Tables>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

fn twiddles(which: usize, n: usize) -> Tables {
    let log2 = n.trailing_zeros();
    let build = || {
        let q = &PRIMES[which];
        std::rc::Rc::new((q.twiddles(n, false), q.twiddles(n, true)))
    };
    if log2 > CACHED_MAX_LOG2 {
        return build();
    }
    TWIDDLES.with(|t| {
        t.borrow_mut()
            .entry((which, log2))
            .or_insert_with(build)
            .clone()
    })
}

/// The cyclic convolutions modulo the three primes turned back into an integer: limbs
/// `0..n` and the carry out of limb `n - 1` (zero when the coefficients are those of a
/// product shorter than `n` limbs).
fn garner(r: [Vec<u64>; 3]) -> (Vec<u64>, u128) {
    let [p0, p1, p2] = &PRIMES;
    let [r0, r1, r2] = r;
    // x = r0 + p0 y1 + p0 p1 y2 with y1 = (r1 - r0) / p0 mod p1 and
    // y2 = (r2 - r0 - p0 y1) / (p0 p1) mod p2; constants in Montgomery form so that one
    // Montgomery product is one modular product.
    let inv_p0_mod_p1 = p1.pow_mont(p1.to_mont(p0.p % p1.p), p1.p - 2);
    let p0p1_mod_p2 = (p0.p as u128 * p1.p as u128 % p2.p as u128) as u64;
    let inv_p0p1_mod_p2 = p2.pow_mont(p2.to_mont(p0p1_mod_p2), p2.p - 2);
    let p0_mod_p2 = p2.to_mont(p0.p % p2.p);
    let p0p1 = p0.p as u128 * p1.p as u128;
    let (p0p1_lo, p0p1_hi) = (p0p1 as u64, (p0p1 >> 64) as u64);
    let mut out = Vec::with_capacity(r0.len());
    // The sum of the coefficients not yet written, shifted to limb i (below 2^127).
    let mut carry: u128 = 0;
    for ((&x0, &x1), &x2) in r0.iter().zip(&r1).zip(&r2) {
        let x0_1 = if x0 >= p1.p { x0 - p1.p } else { x0 };
        let y1 = p1.mul(p1.sub(x1, x0_1), inv_p0_mod_p1);
        let x0_2 = if x0 >= p2.p { x0 - p2.p } else { x0 };
        let y1_2 = if y1 >= p2.p { y1 - p2.p } else { y1 };
        let t = p2.add(x0_2, p2.mul(y1_2, p0_mod_p2));
        let y2 = p2.mul(p2.sub(x2, t), inv_p0p1_mod_p2);
        // v = x0 + p0 y1 + p0p1 y2 < p0 p1 p2 < 2^189.
        let a = x0 as u128 + p0.p as u128 * y1 as u128;
        let lo = y2 as u128 * p0p1_lo as u128;
        let hi = y2 as u128 * p0p1_hi as u128;
        let al = a + lo;
        let rest = (al >> 64) + hi;
        let t0 = (carry as u64) as u128 + (al as u64) as u128;
        out.push(t0 as u64);
        carry = (carry >> 64) + (t0 >> 64) + rest;
    }
    (out, carry)
}

/// The product of two limb vectors (little-endian) by the transform, whatever their length
/// (`b = None` squares `a`).
fn mul_limbs(a: &[u64], b: Option<&[u64]>) -> Vec<u64> {
    let lb = b.map_or(a.len(), <[u64]>::len);
    let len = a.len() + lb;
    let n = len.next_power_of_two().max(2);
    let r = std::array::from_fn(|which| {
        let q = &PRIMES[which];
        let mut fa = q.spectrum(which, a, n);
        match b {
            Some(b) => {
                let fb = q.spectrum(which, b, n);
                for (x, &y) in fa.iter_mut().zip(&fb) {
                    *x = q.mul(*x, y);
                }
            }
            None => {
                for x in fa.iter_mut() {
                    *x = q.mul(*x, *x);
                }
            }
        }
        q.finish(which, fa)
    });
    let (mut out, carry) = garner(r);
    debug_assert_eq!(carry, 0);
    out.truncate(len);
    out
}

/// One factor's transforms at a fixed length `n`, for many products with it modulo
/// `2^(64 n) - 1` ([`Spectrum::mul_cyclic`]).
pub(crate) struct Spectrum {
    parts: [Vec<u64>; 3],
}

impl Spectrum {
    /// The transforms of `a` at length `n` (a power of two, at least 2).
    pub(crate) fn new(a: &BigUint, n: usize) -> Spectrum {
        let limbs = a.to_u64_digits();
        Spectrum {
            parts: std::array::from_fn(|which| PRIMES[which].spectrum(which, &limbs, n)),
        }
    }

    /// The transform length.
    pub(crate) fn len(&self) -> usize {
        self.parts[0].len()
    }

    /// `x a mod (2^(64 n) - 1)`, reduced into `0..2^(64 n) - 1`: the product itself when the
    /// limbs of `x` and `a` together are at most `n`.
    pub(crate) fn mul_cyclic(&self, x: &BigUint) -> BigUint {
        let n = self.len();
        let limbs = x.to_u64_digits();
        // x mod 2^(64 n) - 1: its limbs folded by n.
        let mut folded = vec![0u64; n];
        for chunk in limbs.chunks(n) {
            add_into(&mut folded, chunk, 0);
        }
        let r = std::array::from_fn(|which| {
            let q = &PRIMES[which];
            let mut f = q.spectrum(which, &folded, n);
            for (u, &v) in f.iter_mut().zip(&self.parts[which]) {
                *u = q.mul(*u, v);
            }
            q.finish(which, f)
        });
        let (mut out, carry) = garner(r);
        // The carry out of limb n - 1 stands for carry 2^(64 n), which is carry.
        let c = [carry as u64, (carry >> 64) as u64];
        add_into(&mut out, &c, 0);
        let m = (BigUint::one() << (64 * n)) - 1u32;
        let v = to_biguint(out);
        if v >= m {
            v - m
        } else {
            v
        }
    }
}

/// `acc += x` modulo `2^(64 acc.len()) - 1` (a carry out of the top limb comes back in at
/// the bottom), for `x` no longer than `acc`; `carry` is an incoming carry at limb 0.
fn add_into(acc: &mut [u64], x: &[u64], carry: u64) {
    let mut c = carry as u128;
    for (i, a) in acc.iter_mut().enumerate() {
        let s = *a as u128 + x.get(i).copied().unwrap_or(0) as u128 + c;
        *a = s as u64;
        c = s >> 64;
        if c == 0 && i >= x.len() {
            return;
        }
    }
    if c != 0 {
        add_into(acc, &[], c as u64);
    }
}

fn to_biguint(limbs: Vec<u64>) -> BigUint {
    let mut halves = Vec::with_capacity(2 * limbs.len());
    for l in limbs {
        halves.push(l as u32);
        halves.push((l >> 32) as u32);
    }
    BigUint::new(halves)
}

/// `a b`, by the transform when both factors have at least `NTT_MIN_LIMBS` limbs,
/// otherwise by num-bigint.
///
/// ```
/// use hanoilab::algebra::ntt::mul;
/// use num_bigint::BigUint;
/// let a = (BigUint::from(1u32) << 200_000u32) - 1u32;
/// assert_eq!(mul(&a, &a), &a * &a);
/// ```
pub fn mul(a: &BigUint, b: &BigUint) -> BigUint {
    let la = a.bits().div_ceil(64) as usize;
    let lb = b.bits().div_ceil(64) as usize;
    if la.min(lb) < NTT_MIN_LIMBS {
        return a * b;
    }
    let da = a.to_u64_digits();
    if std::ptr::eq(a, b) {
        return to_biguint(mul_limbs(&da, None));
    }
    let db = b.to_u64_digits();
    to_biguint(mul_limbs(&da, Some(&db)))
}

/// `a^2` (one forward transform instead of two).
pub fn square(a: &BigUint) -> BigUint {
    mul(a, a)
}

/// [`mul`] of signed integers.
pub fn mul_signed(a: &num_bigint::BigInt, b: &num_bigint::BigInt) -> num_bigint::BigInt {
    use num_bigint::{BigInt, Sign};
    let m = mul(a.magnitude(), b.magnitude());
    let sign = if a.sign() == Sign::NoSign || b.sign() == Sign::NoSign {
        Sign::NoSign
    } else if a.sign() == b.sign() {
        Sign::Plus
    } else {
        Sign::Minus
    };
    BigInt::from_biguint(sign, m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Zero;

    fn pseudo_random(limbs: usize, seed: u64) -> BigUint {
        // SplitMix64 (Steele, Lea, Flood 2014).
        let mut s = seed;
        let mut v = Vec::with_capacity(2 * limbs);
        for _ in 0..limbs {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            v.push(z as u32);
            v.push((z >> 32) as u32);
        }
        BigUint::new(v)
    }

    fn is_prime(n: u64) -> bool {
        // Deterministic Miller-Rabin for 64-bit n (the first twelve primes as bases).
        let mulmod = |a: u64, b: u64| (a as u128 * b as u128 % n as u128) as u64;
        let powmod = |mut b: u64, mut e: u64| {
            let mut r = 1u64;
            while e > 0 {
                if e & 1 == 1 {
                    r = mulmod(r, b);
                }
                b = mulmod(b, b);
                e >>= 1;
            }
            r
        };
        let (mut d, mut s) = (n - 1, 0);
        while d % 2 == 0 {
            d /= 2;
            s += 1;
        }
        [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
            .iter()
            .all(|&a| {
                let mut x = powmod(a, d);
                if x == 1 || x == n - 1 {
                    return true;
                }
                for _ in 1..s {
                    x = mulmod(x, x);
                    if x == n - 1 {
                        return true;
                    }
                }
                false
            })
    }

    #[test]
    fn primes_are_primes_with_generators_of_order_p_minus_1() {
        for q in &PRIMES {
            assert!(is_prime(q.p), "{}", q.p);
            assert_eq!((q.p - 1) % (1 << 34), 0);
            let c = (q.p - 1) >> 34;
            // Prime factors of p - 1: 2 and those of c.
            let mut factors = vec![2u64];
            let mut m = c;
            let mut d = 3;
            while d * d <= m {
                if m % d == 0 {
                    factors.push(d);
                    while m % d == 0 {
                        m /= d;
                    }
                }
                d += 2;
            }
            if m > 1 {
                factors.push(m);
            }
            let g = q.to_mont(q.g);
            for f in factors {
                assert_ne!(q.out_of_mont(q.pow_mont(g, (q.p - 1) / f)), 1);
            }
        }
    }

    #[test]
    fn transform_products_equal_num_bigint_products() {
        // Lengths straddling powers of two of the transform, unbalanced factors, all-ones
        // limbs (the largest coefficients), and squares.
        let ones = |l: usize| (BigUint::one() << (64 * l)) - 1u32;
        for &(la, lb) in &[
            (1, 1),
            (2, 3),
            (7, 9),
            (31, 33),
            (64, 64),
            (100, 3),
            (511, 513),
            (1000, 1),
            (2048, 2048),
            (9000, 12000),
        ] {
            for seed in 0..3u64 {
                let a = pseudo_random(la, seed);
                let b = pseudo_random(lb, seed + 100);
                let da = a.to_u64_digits();
                let db = b.to_u64_digits();
                assert_eq!(
                    to_biguint(mul_limbs(&da, Some(&db))),
                    &a * &b,
                    "{la} x {lb}"
                );
                assert_eq!(to_biguint(mul_limbs(&da, None)), &a * &a, "{la}^2");
            }
            let (a, b) = (ones(la), ones(lb));
            let (da, db) = (a.to_u64_digits(), b.to_u64_digits());
            assert_eq!(to_biguint(mul_limbs(&da, Some(&db))), &a * &b);
            assert_eq!(to_biguint(mul_limbs(&da, None)), &a * &a);
        }
    }

    #[test]
    fn cyclic_products_equal_products_modulo_a_power_of_two_minus_one() {
        for &(la, lx, n) in &[
            (1, 1, 2),
            (3, 5, 8),
            (30, 70, 64),
            (100, 100, 128),
            (5, 300, 64),
        ] {
            for seed in 0..3u64 {
                let a = pseudo_random(la, seed);
                let x = pseudo_random(lx, seed + 50);
                let m = (BigUint::one() << (64 * n)) - 1u32;
                let s = Spectrum::new(&a, n);
                assert_eq!(s.mul_cyclic(&x), (&a * &x) % &m, "{la} {lx} {n}");
            }
        }
        // All-ones limbs: the residue of the modulus itself is 0.
        let m = (BigUint::one() << (64 * 4)) - 1u32;
        assert_eq!(
            Spectrum::new(&m, 4).mul_cyclic(&BigUint::one()),
            BigUint::zero()
        );
    }

    #[test]
    fn public_product_takes_both_routes() {
        let a = pseudo_random(NTT_MIN_LIMBS + 10, 7);
        let b = pseudo_random(NTT_MIN_LIMBS + 300, 8);
        assert_eq!(mul(&a, &b), &a * &b);
        assert_eq!(square(&a), &a * &a);
        let small = pseudo_random(3, 9);
        assert_eq!(mul(&a, &small), &a * &small);
        let s = num_bigint::BigInt::from(-5);
        let t = num_bigint::BigInt::from_biguint(num_bigint::Sign::Plus, a.clone());
        assert_eq!(mul_signed(&s, &t), &s * &t);
    }
}

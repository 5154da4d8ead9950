//! Modular gcd in Z\[x\]: gcds modulo many word-size primes, combined by Chinese remaindering,
//! certified by trial division.
//!
//! Source: W. S. Brown, "On Euclid's algorithm and the computation of polynomial greatest
//! common divisors", *J. ACM* 18 (1971); von zur Gathen & Gerhard, *Modern Computer
//! Algebra*, Algorithm 6.38 (the small-primes variant). The images are scaled so that the
//! leading coefficient is `gcd(lc a, lc b)`, a multiple of the true gcd's; a prime whose
//! image has too large a degree is "unlucky" and dropped. The result is accepted only when
//! its primitive part divides both inputs, which proves it is the gcd (its degree is at
//! least the gcd's, as every lucky image has).

use super::{modp, Poly};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};

/// Deterministic Miller–Rabin for `n < 2^64` (bases: the first 12 primes).
pub(crate) fn is_prime_u64(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    for p in BASES {
        if n % p == 0 {
            return n == p;
        }
    }
    let mulm = |a: u64, b: u64| ((a as u128 * b as u128) % n as u128) as u64;
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    'bases: for a in BASES {
        let mut x = 1u64;
        let (mut b, mut e) = (a, d);
        while e > 0 {
            if e & 1 == 1 {
                x = mulm(x, b);
            }
            b = mulm(b, b);
            e >>= 1;
        }
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mulm(x, x);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// The gcd of two primitive polynomials of positive degree, primitive with positive
/// leading coefficient.
pub(crate) fn gcd_primitive(a: &Poly, b: &Poly) -> Poly {
    let lc = a.leading().gcd(&b.leading());
    let mut p: u64 = (1 << 31) - 1;
    let mut deg = usize::MAX;
    let mut modulus = BigInt::one();
    let mut image: Vec<BigInt> = vec![];
    let mut last: Option<Poly> = None;
    loop {
        p -= 2;
        while !is_prime_u64(p) {
            p -= 2;
        }
        let pb = BigInt::from(p);
        if (a.leading() % &pb).is_zero() || (b.leading() % &pb).is_zero() {
            continue;
        }
        let g = modp::gcd(&modp::from_poly(a, p), &modp::from_poly(b, p), p);
        let d = g.len() - 1;
        if d == 0 {
            return Poly::one();
        }
        if d > deg {
            continue;
        }
        let lcp = modp::from_poly(&Poly::new(vec![lc.clone()]), p)[0];
        let g = modp::scale(&g, lcp, p);
        if d < deg {
            // Earlier primes were unlucky (or this is the first): restart the CRT.
            deg = d;
            modulus = pb;
            image = g.iter().map(|&c| BigInt::from(c)).collect();
            last = None;
            continue;
        }
        // Chinese remaindering, coefficient by coefficient: x ≡ image (mod M), x ≡ c (mod p).
        let minv = super::hensel::inv_mod(&(&modulus % &pb), &pb);
        for (k, x) in image.iter_mut().enumerate() {
            let c = BigInt::from(*g.get(k).unwrap_or(&0));
            let t = ((c - &*x) * &minv).mod_floor(&pb);
            *x += &modulus * t;
        }
        modulus *= &pb;
        let h = super::hensel::symmetric(&Poly::new(image.clone()), &modulus).primitive_part();
        // Trial division only once the image has stopped changing.
        if last.as_ref() == Some(&h)
            && a.checked_div_exact(&h).is_some()
            && b.checked_div_exact(&h).is_some()
        {
            return h;
        }
        last = Some(h);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn miller_rabin_agrees_with_trial_division() {
        let trial = |n: u64| n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0);
        for n in 0..20_000 {
            assert_eq!(is_prime_u64(n), trial(n), "{n}");
        }
        for n in (1u64 << 31) - 200..(1 << 31) {
            assert_eq!(is_prime_u64(n), trial(n), "{n}");
        }
    }
}

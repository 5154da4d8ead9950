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

use super::poly::int_gcd;
use super::{modp, Poly};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};

impl Poly {
    /// Greatest common divisor in Z\[x\], normalised to a positive leading coefficient
    /// (`gcd(0, 0) = 0`). Brown's small-primes modular algorithm, certified by trial division
    /// (below): exact for any coefficient size, and fast when the coefficients are
    /// large. [`gcd_prs`](Self::gcd_prs) is an independent, slower route.
    ///
    /// ```
    /// use hanoilab::algebra::Poly;
    /// let a = Poly::from_i64(&[-2, 0, 2]);      // 2(x - 1)(x + 1)
    /// let b = Poly::from_i64(&[4, 4]);          // 4(x + 1)
    /// assert_eq!(a.gcd(&b), Poly::from_i64(&[2, 2]));
    /// ```
    pub fn gcd(&self, other: &Poly) -> Poly {
        if self.is_zero() || other.is_zero() {
            return self.gcd_prs(other);
        }
        let c = int_gcd(&self.content(), &other.content());
        if self.degree() == Some(0) || other.degree() == Some(0) {
            return Poly::new(vec![c]);
        }
        gcd_primitive(&self.primitive_part(), &other.primitive_part()).scale(&c)
    }
}

/// The gcd of two primitive polynomials of positive degree, primitive with positive
/// leading coefficient.
pub(crate) fn gcd_primitive(a: &Poly, b: &Poly) -> Poly {
    let lc = a.leading().gcd(&b.leading());
    let mut deg = usize::MAX;
    let mut modulus = BigInt::one();
    let mut image: Vec<BigInt> = vec![];
    let mut last: Option<Poly> = None;
    for p in super::charpoly_modular::primes() {
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
    unreachable!("a gcd needs a few primes, not the 25 million between 2^30 and 2^31")
}

#[cfg(test)]
mod tests {
    use crate::algebra::charpoly_modular::is_prime;

    #[test]
    fn miller_rabin_agrees_with_trial_division() {
        let trial = |n: u64| n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0);
        for n in 0..20_000 {
            assert_eq!(is_prime(n), trial(n), "{n}");
        }
        for n in (1u64 << 31) - 200..(1 << 31) {
            assert_eq!(is_prime(n), trial(n), "{n}");
        }
    }
}

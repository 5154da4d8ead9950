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
use num_traits::{One, ToPrimitive, Zero};

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
    // Every coefficient of `lc / lc(g) g`, `g` the gcd, is at most `|lc| 2^k min(‖a‖₂,
    // ‖b‖₂)`, `k` the smaller degree (Mignotte's bound, as `g` divides both): once the
    // modulus exceeds twice that, the image is the gcd unless every prime so far was
    // unlucky, and a trial division decides it without waiting for a second equal image.
    let norm = |p: &Poly| -> BigInt { p.coeffs().iter().map(|c| c * c).sum::<BigInt>().sqrt() + 1 };
    let k = a.degree().min(b.degree()).unwrap_or(0);
    let bound: BigInt = (norm(a).min(norm(b)) << (k + 1)) * &lc;
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
            if let Some(h) = certified(a, b, &image, &modulus, &bound, &mut last) {
                return h;
            }
            continue;
        }
        // Chinese remaindering, coefficient by coefficient: x ≡ image (mod M), x ≡ c (mod p).
        // x + M ((c - x) M^-1 mod p), the inverse of M mod p in word arithmetic
        let m_p = (&modulus % &pb).to_u64().expect("residue fits");
        let minv = modp::inv(m_p, p);
        for (k, x) in image.iter_mut().enumerate() {
            let xp = x.mod_floor(&pb).to_u64().expect("residue fits");
            let c = *g.get(k).unwrap_or(&0);
            let t = (c + p - xp) % p * minv % p;
            if t != 0 {
                *x += &modulus * t;
            }
        }
        modulus *= &pb;
        if let Some(h) = certified(a, b, &image, &modulus, &bound, &mut last) {
            return h;
        }
    }
    unreachable!("a gcd needs a few primes, not the 25 million between 2^30 and 2^31")
}

/// The primitive, symmetric image mod `modulus` if it is proved the gcd of `a` and `b` by
/// trial division, tried once the modulus exceeds twice `bound` or the image has stopped
/// changing (`last`, updated).
fn certified(
    a: &Poly,
    b: &Poly,
    image: &[BigInt],
    modulus: &BigInt,
    bound: &BigInt,
    last: &mut Option<Poly>,
) -> Option<Poly> {
    let h = super::hensel::symmetric(&Poly::new(image.to_vec()), modulus).primitive_part();
    let ready = last.as_ref() == Some(&h) || *modulus > bound * 2;
    if ready && a.checked_div_exact(&h).is_some() && b.checked_div_exact(&h).is_some() {
        return Some(h);
    }
    *last = Some(h);
    None
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

//! Multifactor Hensel lifting: from `f ≡ lc(f) u_1 ⋯ u_r (mod p)` to the same factorisation
//! modulo `p^(2^j)`.
//!
//! Source: von zur Gathen & Gerhard, *Modern Computer Algebra* (3rd ed.), Algorithm 15.10
//! (quadratic Hensel step, lifting the Bézout cofactors along) and Algorithm 15.17
//! (factor tree). Each tree node splits its factor list in halves, so the lift costs
//! `O(log r)` full two-factor lifts.

use super::modp::{self, Fp};
use super::Poly;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};

/// Coefficients reduced into `0..m`.
pub(crate) fn reduce(f: &Poly, m: &BigInt) -> Poly {
    Poly::new(f.coeffs().iter().map(|c| c.mod_floor(m)).collect())
}

/// Coefficients reduced into the symmetric range `(-m/2, m/2]`.
pub(crate) fn symmetric(f: &Poly, m: &BigInt) -> Poly {
    let half: BigInt = m >> 1;
    Poly::new(
        f.coeffs()
            .iter()
            .map(|c| {
                let r = c.mod_floor(m);
                if r > half {
                    r - m
                } else {
                    r
                }
            })
            .collect(),
    )
}

/// `a b`, by Kronecker substitution when the operands are large enough for one big
/// product to beat `deg a * deg b` small ones (measured: from degree 8 and 256-bit
/// coefficients the packed product is several times faster).
fn mul(a: &Poly, b: &Poly) -> Poly {
    let small = |p: &Poly| {
        p.coeffs().len() < 8 || p.coeffs().iter().map(|c| c.bits()).max().unwrap_or(0) < 256
    };
    if small(a) || small(b) {
        a * b
    } else {
        super::kronecker::kronecker_mul(a, b)
    }
}

fn mul_mod(a: &Poly, b: &Poly, m: &BigInt) -> Poly {
    reduce(&mul(a, b), m)
}

/// Division by a monic `h` with reduction mod `m` at every step (no coefficient growth).
fn divrem_monic_mod(a: &Poly, h: &Poly, m: &BigInt) -> (Poly, Poly) {
    let dh = h.degree().expect("non-zero divisor");
    let a = reduce(a, m);
    if a.coeffs().len() <= dh {
        return (Poly::zero(), a);
    }
    let hc = h.coeffs();
    let mut r = a.coeffs().to_vec();
    let mut q = vec![BigInt::zero(); r.len() - dh];
    for i in (dh..r.len()).rev() {
        let c = std::mem::take(&mut r[i]).mod_floor(m);
        if c.is_zero() {
            continue;
        }
        for j in 0..dh {
            r[i - dh + j] -= &c * &hc[j];
        }
        q[i - dh] = c;
    }
    r.truncate(dh);
    (Poly::new(q), reduce(&Poly::new(r), m))
}

/// Inverse of `a` modulo `m` (they must be coprime).
pub(crate) fn inv_mod(a: &BigInt, m: &BigInt) -> BigInt {
    let e = a.mod_floor(m).extended_gcd(m);
    assert!(e.gcd.is_one(), "inv_mod: not invertible");
    e.x.mod_floor(m)
}

fn to_poly(f: &Fp) -> Poly {
    Poly::new(f.iter().map(|&c| BigInt::from(c)).collect())
}

/// One quadratic Hensel step (vzGG 15.10): from `f ≡ g h`, `s g + t h ≡ 1 (mod m)` with `h`
/// monic to the same relations mod `m2`, any multiple of `m` dividing `m^2` (so the last
/// step can stop at exactly the modulus needed instead of overshooting to a square).
fn step(f: &Poly, g: &Poly, h: &Poly, s: &Poly, t: &Poly, m2: &BigInt) -> [Poly; 4] {
    let e = reduce(&(f - &mul(g, h)), m2);
    let (q, r) = divrem_monic_mod(&mul_mod(s, &e, m2), h, m2);
    let g1 = reduce(&(&(g + &mul(t, &e)) + &mul(&q, g)), m2);
    let h1 = reduce(&(h + &r), m2);
    let b = reduce(&(&(&mul(s, &g1) + &mul(t, &h1)) - &Poly::one()), m2);
    let (c, d) = divrem_monic_mod(&mul_mod(s, &b, m2), &h1, m2);
    let s1 = reduce(&(s - &d), m2);
    let t1 = reduce(&(&(t - &mul(t, &b)) - &mul(&c, &g1)), m2);
    [g1, h1, s1, t1]
}

/// The exponents `1 = e_0 < e_1 < ... < e_k = e` with `e_{i+1} <= 2 e_i`, halving down from
/// `e` (rounding up), so every step is quadratic and the last lands on `p^e` exactly.
pub(crate) fn exponent_chain(e: u32) -> Vec<u32> {
    let mut chain = vec![e.max(1)];
    while *chain.last().expect("non-empty") > 1 {
        let last = *chain.last().expect("non-empty");
        chain.push(last.div_ceil(2));
    }
    chain.reverse();
    chain
}

/// Lifts the monic factors `us` of `f mod p` (`f` square-free mod `p`, `p ∤ lc(f)`) to
/// monic factors mod `p^e`, in the same order.
pub(crate) fn lift(f: &Poly, us: &[Fp], p: u64, e: u32) -> Vec<Poly> {
    let chain = exponent_chain(e);
    let pb = BigInt::from(p);
    let moduli: Vec<BigInt> = chain
        .iter()
        .map(|&k| num_traits::pow(pb.clone(), k as usize))
        .collect();
    lift_chain(f, us, p, &moduli)
}

fn lift_chain(f: &Poly, us: &[Fp], p: u64, moduli: &[BigInt]) -> Vec<Poly> {
    let big_m = moduli.last().expect("non-empty chain");
    let f = reduce(f, big_m);
    if us.len() == 1 {
        let li = inv_mod(&f.leading(), big_m);
        return vec![reduce(&f.scale(&li), big_m)];
    }
    let (left, right) = us.split_at(us.len() / 2);
    let lc_p = modp::from_poly(&Poly::new(vec![f.leading()]), p)[0];
    let g0 = left.iter().fold(vec![lc_p], |a, u| modp::mul(&a, u, p));
    let h0 = right.iter().fold(vec![1u64], |a, u| modp::mul(&a, u, p));
    let (one, s0, t0) = modp::ext_gcd(&g0, &h0, p);
    debug_assert_eq!(one, vec![1]);
    let (mut g, mut h, mut s, mut t) = (to_poly(&g0), to_poly(&h0), to_poly(&s0), to_poly(&t0));
    for m2 in &moduli[1..] {
        [g, h, s, t] = step(&reduce(&f, m2), &g, &h, &s, &t, m2);
    }
    let mut out = lift_chain(&g, left, p, moduli);
    out.extend(lift_chain(&h, right, p, moduli));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponent_chains_are_quadratic_and_exact() {
        for e in 1..200 {
            let c = exponent_chain(e);
            assert_eq!(c[0], 1);
            assert_eq!(*c.last().unwrap(), e);
            assert!(c.windows(2).all(|w| w[0] < w[1] && w[1] <= 2 * w[0]));
        }
    }

    #[test]
    fn kronecker_product_equals_schoolbook() {
        use crate::algebra::testutil::{rand_poly, Rng};
        let mut rng = Rng::new(0x4b52);
        for round in 0..40 {
            let a = rand_poly(&mut rng, 1 + round % 13, 1 + 37 * (round as u32 % 11));
            let b = rand_poly(&mut rng, round % 17, 1 + 53 * (round as u32 % 7));
            assert_eq!(crate::algebra::kronecker::kronecker_mul(&a, &b), &a * &b);
            assert_eq!(mul(&a, &b), &a * &b);
        }
    }

    #[test]
    fn lifted_factors_multiply_to_f_mod_p_power() {
        // f = (x^2 + 3x - 7)(5x^3 - x + 11)(x + 13), factored mod 101 then lifted.
        let f = &(&Poly::from_i64(&[-7, 3, 1]) * &Poly::from_i64(&[11, -1, 0, 5]))
            * &Poly::from_i64(&[13, 1]);
        let p = 101;
        let fp = modp::monic(&modp::from_poly(&f, p), p);
        let us = modp::factor_squarefree(&fp, p, 7);
        let lifted = lift(&f, &us, p, 13);
        let m = num_traits::pow(BigInt::from(p), 13);
        let prod = lifted
            .iter()
            .fold(Poly::new(vec![f.leading()]), |a, u| mul_mod(&a, u, &m));
        assert_eq!(prod, reduce(&f, &m));
        for (u, u0) in lifted.iter().zip(&us) {
            assert!(u.is_monic());
            assert_eq!(&modp::from_poly(u, p), u0);
        }
    }
}

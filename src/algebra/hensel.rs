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

fn mul_mod(a: &Poly, b: &Poly, m: &BigInt) -> Poly {
    reduce(&(a * b), m)
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
/// monic to the same relations mod `m^2`.
fn step(f: &Poly, g: &Poly, h: &Poly, s: &Poly, t: &Poly, m: &BigInt) -> [Poly; 4] {
    let m2 = m * m;
    let e = reduce(&(f - &(g * h)), &m2);
    let (q, r) = divrem_monic_mod(&mul_mod(s, &e, &m2), h, &m2);
    let g1 = reduce(&(&(g + &(t * &e)) + &(&q * g)), &m2);
    let h1 = reduce(&(h + &r), &m2);
    let b = reduce(&(&(&(s * &g1) + &(t * &h1)) - &Poly::one()), &m2);
    let (c, d) = divrem_monic_mod(&mul_mod(s, &b, &m2), &h1, &m2);
    let s1 = reduce(&(s - &d), &m2);
    let t1 = reduce(&(&(t - &(t * &b)) - &(&c * &g1)), &m2);
    [g1, h1, s1, t1]
}

/// Lifts the monic factors `us` of `f mod p` (`f` square-free mod `p`, `p ∤ lc(f)`) to
/// monic factors mod `p^(2^steps)`, in the same order.
pub(crate) fn lift(f: &Poly, us: &[Fp], p: u64, steps: u32) -> Vec<Poly> {
    let big_m = num_traits::pow(BigInt::from(p), 1usize << steps);
    let f = reduce(f, &big_m);
    if us.len() == 1 {
        let li = inv_mod(&f.leading(), &big_m);
        return vec![reduce(&f.scale(&li), &big_m)];
    }
    let (left, right) = us.split_at(us.len() / 2);
    let lc_p = modp::from_poly(&Poly::new(vec![f.leading()]), p)[0];
    let g0 = left.iter().fold(vec![lc_p], |a, u| modp::mul(&a, u, p));
    let h0 = right.iter().fold(vec![1u64], |a, u| modp::mul(&a, u, p));
    let (one, s0, t0) = modp::ext_gcd(&g0, &h0, p);
    debug_assert_eq!(one, vec![1]);
    let (mut g, mut h, mut s, mut t) = (to_poly(&g0), to_poly(&h0), to_poly(&s0), to_poly(&t0));
    let mut m = BigInt::from(p);
    for _ in 0..steps {
        let m2 = &m * &m;
        [g, h, s, t] = step(&reduce(&f, &m2), &g, &h, &s, &t, &m);
        m = m2;
    }
    let mut out = lift(&g, left, p, steps);
    out.extend(lift(&h, right, p, steps));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lifted_factors_multiply_to_f_mod_p_power() {
        // f = (x^2 + 3x - 7)(5x^3 - x + 11)(x + 13), factored mod 101 then lifted.
        let f = &(&Poly::from_i64(&[-7, 3, 1]) * &Poly::from_i64(&[11, -1, 0, 5]))
            * &Poly::from_i64(&[13, 1]);
        let p = 101;
        let fp = modp::monic(&modp::from_poly(&f, p), p);
        let us = modp::factor_squarefree(&fp, p, 7);
        let lifted = lift(&f, &us, p, 4);
        let m = num_traits::pow(BigInt::from(p), 16);
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

//! Square-free decomposition by Yun's algorithm.
//!
//! Source: D. Y. Y. Yun, "On square-free decomposition algorithms", SYMSAC 1976; also
//! von zur Gathen & Gerhard, *Modern Computer Algebra*, Algorithm 14.21. Run over Z with
//! primitive gcds: by Gauss's lemma every quotient in the algorithm stays integral.

use super::Poly;
use num_traits::Zero;

/// Square-free decomposition of the primitive part of `f`: pairs `(g_i, i)` with each `g_i`
/// square-free, primitive, positive leading coefficient, degree ≥ 1, pairwise coprime, and
/// `primitive_part(f) = Π g_i^i`. Increasing `i`; empty for constants and for zero.
/// Cost: about `m` polynomial gcds of degree ≤ `deg f`, `m` the largest multiplicity.
///
/// ```
/// use hanoilab::algebra::{squarefree_decomposition, Poly};
/// let x1 = Poly::from_i64(&[-1, 1]);
/// let f = &(&x1 * &x1) * &Poly::from_i64(&[2, 0, 1]); // (x-1)^2 (x^2+2)
/// let d = squarefree_decomposition(&f);
/// assert_eq!(d, vec![(Poly::from_i64(&[2, 0, 1]), 1), (x1, 2)]);
/// ```
pub fn squarefree_decomposition(f: &Poly) -> Vec<(Poly, usize)> {
    if f.degree().is_none_or(|d| d == 0) {
        return Vec::new();
    }
    let f = f.primitive_part();
    // f(x) = g(x^k) with f(0) != 0: the pieces of f are those of g at x^k (the k-th roots
    // of distinct non-zero numbers are distinct), from gcds of a k times smaller degree.
    let k = deflation(&f);
    if k > 1 {
        let g = Poly::new(f.coeffs().iter().step_by(k).cloned().collect());
        return squarefree_decomposition(&g)
            .into_iter()
            .map(|(h, i)| (inflate(&h, k), i))
            .collect();
    }
    yun(&f)
}

/// Yun's algorithm on a primitive `f` of positive degree (the decomposition above without
/// the deflation).
pub(crate) fn yun(f: &Poly) -> Vec<(Poly, usize)> {
    let mut out = Vec::new();
    let df = f.derivative();
    let a0 = f.gcd(&df);
    let exact = |p: &Poly, d: &Poly| p.checked_div_exact(d).expect("Yun: exact division");
    let mut b = exact(f, &a0);
    let mut c = exact(&df, &a0);
    let mut d = &c - &b.derivative();
    let mut i = 1;
    while b.degree().is_some_and(|k| k > 0) {
        let a = b.gcd(&d);
        b = exact(&b, &a);
        c = exact(&d, &a);
        d = &c - &b.derivative();
        if a.degree().is_some_and(|k| k > 0) {
            out.push((a.primitive_part(), i));
        }
        i += 1;
    }
    out
}

/// The largest `k` with `f(x) = g(x^k)` when `f(0) != 0` (1 otherwise, and for constants).
pub(crate) fn deflation(f: &Poly) -> usize {
    let cs = f.coeffs();
    if cs.len() < 2 || cs[0].is_zero() {
        return 1;
    }
    (1..cs.len())
        .filter(|&i| !cs[i].is_zero())
        .fold(0, num_integer::gcd)
}

/// `h(x^k)`.
pub(crate) fn inflate(h: &Poly, k: usize) -> Poly {
    let mut cs = vec![num_bigint::BigInt::from(0); (h.coeffs().len() - 1) * k + 1];
    for (i, c) in h.coeffs().iter().enumerate() {
        cs[i * k] = c.clone();
    }
    Poly::new(cs)
}

/// The square-free part `f / gcd(f, f')`, primitive with positive leading coefficient
/// (zero for zero): the product of the distinct irreducible factors of `f` of positive degree.
///
/// ```
/// use hanoilab::algebra::{squarefree_part, Poly};
/// let f = Poly::from_i64(&[2, -4, 2]); // 2(x - 1)^2
/// assert_eq!(squarefree_part(&f), Poly::from_i64(&[-1, 1]));
/// ```
pub fn squarefree_part(f: &Poly) -> Poly {
    if f.is_zero() {
        return Poly::zero();
    }
    let g = f.gcd(&f.derivative());
    f.checked_div_exact(&g)
        .expect("gcd divides")
        .primitive_part()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::testutil::{rand_poly, Rng};

    #[test]
    fn decomposition_recombines_and_parts_are_squarefree() {
        let mut rng = Rng::new(4);
        for t in 0..80 {
            let mut f = Poly::from_i64(&[(t % 5) as i64 + 1]);
            for m in 1..=3 {
                let g = rand_poly(&mut rng, 1 + t % 3, 20);
                for _ in 0..m {
                    f = &f * &g;
                }
            }
            if f.is_zero() {
                continue;
            }
            let d = squarefree_decomposition(&f);
            let mut prod = Poly::one();
            for (g, i) in &d {
                assert!(g.is_squarefree() && g.is_valid());
                for _ in 0..*i {
                    prod = &prod * g;
                }
            }
            assert_eq!(prod, f.primitive_part());
            let radical = d.iter().fold(Poly::one(), |a, (g, _)| &a * g);
            assert_eq!(squarefree_part(&f), radical);
            for (x, (g, _)) in d.iter().enumerate() {
                for (h, _) in &d[x + 1..] {
                    assert_eq!(g.gcd(h).degree(), Some(0));
                }
            }
        }
        assert!(squarefree_decomposition(&Poly::zero()).is_empty());
        assert!(squarefree_decomposition(&Poly::from_i64(&[5])).is_empty());
    }

    #[test]
    fn deflated_route_equals_yun_on_polynomials_in_x_to_the_k() {
        // products of random factors with multiplicities, some with a zero constant term
        // (no deflation then), at x^k: the same decomposition as Yun's algorithm on f
        let mut rng = Rng::new(0xdef1a7e);
        for t in 0..60usize {
            let k = 2 + t % 4;
            let mut g = Poly::from_i64(&[1 + (t % 3) as i64]);
            for m in 1..=1 + t % 3 {
                let h = rand_poly(&mut rng, 1 + t % 3, 6);
                for _ in 0..m {
                    g = &g * &h;
                }
            }
            if g.degree().is_none_or(|d| d == 0) {
                continue;
            }
            let f = inflate(&g, k);
            assert_eq!(
                squarefree_decomposition(&f),
                yun(&f.primitive_part()),
                "{f}"
            );
            if f.coeff(0).is_zero() {
                assert_eq!(deflation(&f), 1);
            } else {
                assert_eq!(deflation(&f) % k, 0);
            }
        }
        let f = Poly::from_i64(&[-4, 0, 0, 0, 0, 0, 1]);
        assert_eq!(deflation(&f), 6);
        assert_eq!(squarefree_decomposition(&f), vec![(f.clone(), 1)]);
        assert!(squarefree_decomposition(&Poly::from_i64(&[5])).is_empty());
    }
}

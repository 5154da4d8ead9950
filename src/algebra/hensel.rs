//! Multifactor Hensel lifting: from `f ≡ lc(f) u_1 ⋯ u_r (mod p)` to the same factorisation
//! modulo `p^(2^j)`.
//!
//! Source: von zur Gathen & Gerhard, *Modern Computer Algebra* (3rd ed.), Algorithm 15.10
//! (quadratic Hensel step, lifting the Bézout cofactors along) and Algorithm 15.17
//! (factor tree). Each tree node splits its factor list in halves, so the lift costs
//! `O(log r)` full two-factor lifts.

use super::limbpoly::{Acc, LimbPoly, Modulus, MAX_LIMBS};
use super::modp::{self, Fp};
use super::Poly;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

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
        p.coeffs().len() < 4 || p.coeffs().iter().map(|c| c.bits()).max().unwrap_or(0) < 64
    };
    if small(a) || small(b) {
        a * b
    } else {
        super::kronecker::kronecker_mul(a, b)
    }
}

#[cfg(test)]
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

/// Inverse of `a` modulo `m` (they must be coprime), by the extended Euclidean algorithm:
/// the reference of [`inv_mod_prime_power`].
#[cfg(test)]
pub(crate) fn inv_mod(a: &BigInt, m: &BigInt) -> BigInt {
    let e = a.mod_floor(m).extended_gcd(m);
    assert!(num_traits::One::is_one(&e.gcd), "inv_mod: not invertible");
    e.x.mod_floor(m)
}

fn to_poly(f: &Fp) -> Poly {
    Poly::new(f.iter().map(|&c| BigInt::from(c)).collect())
}

/// `p / m` for a polynomial whose coefficients are all multiples of `m` (exact).
fn div_exact(p: &Poly, m: &BigInt) -> Poly {
    Poly::new(p.coeffs().iter().map(|c| c / m).collect())
}

/// `a + m b` coefficientwise.
fn add_scaled(a: &Poly, m: &BigInt, b: &Poly) -> Poly {
    let n = a.coeffs().len().max(b.coeffs().len());
    Poly::new((0..n).map(|k| a.coeff(k) + m * b.coeff(k)).collect())
}

/// One quadratic Hensel step (vzGG 15.10): from `f ≡ g h`, `s g + t h ≡ 1 (mod m)` with `h`
/// monic and `g, h, s, t` reduced into `0..m`, to the same relations mod `m mp`, any `mp`
/// dividing `m` (so the last step can stop at exactly the modulus needed instead of
/// overshooting to a square).
///
/// The errors are divided by `m` first (as FLINT's `fmpz_poly_hensel_lift` does): with
/// `f - g h = m e`, the corrections are `m` times polynomials mod `mp`, so every product
/// but `g h`, `s g` and `t h` is of numbers below `mp`, a quarter of the schoolbook work of
/// computing them mod `m mp`. The results are the same polynomials (a Hensel lift of
/// monic `h` is unique; `s`, `t` follow by the same formulas).
fn step(f: &Poly, [g, h, s, t]: [&Poly; 4], m: &BigInt, mp: &BigInt, last: bool) -> [Poly; 4] {
    let m2: BigInt = m * mp;
    let e = reduce(&div_exact(&(f - &mul(g, h)), m), mp);
    let (sp, tp, gp, hp) = (reduce(s, mp), reduce(t, mp), reduce(g, mp), reduce(h, mp));
    let (q, r) = divrem_monic_mod(&mul(&sp, &e), &hp, mp);
    let gc = reduce(&(&mul(&tp, &e) + &mul(&q, &gp)), mp);
    let g1 = add_scaled(g, m, &gc);
    let h1 = add_scaled(h, m, &r);
    if last {
        // The cofactors are not needed after the last step: half of its products saved.
        return [g1, h1, Poly::zero(), Poly::zero()];
    }
    // s g1 + t h1 - 1 = (s g + t h - 1) + m (s gc + t r), the first part a multiple of m
    let b0 = div_exact(&(&(&mul(s, g) + &mul(t, h)) - &Poly::one()), m);
    let b = reduce(&(&b0 + &(&mul(&sp, &gc) + &mul(&tp, &r))), mp);
    // h1 = h + m r and g1 = g + m gc are h and g again mod mp (mp divides m)
    let (c, d) = divrem_monic_mod(&mul(&sp, &b), &hp, mp);
    let tc = reduce(&(&mul(&tp, &b) + &mul(&c, &gp)), mp);
    let s1 = reduce(&(s - &d.scale(m)), &m2);
    let t1 = reduce(&(t - &tc.scale(m)), &m2);
    [g1, h1, s1, t1]
}

/// The exponents `from = e_0 < e_1 < ... < e_k = e` with `e_{i+1} <= 2 e_i`, halving down
/// from `e` (rounding up), so every step is quadratic and the last lands on `p^e` exactly.
pub(crate) fn exponent_chain(from: u32, e: u32) -> Vec<u32> {
    let from = from.max(1);
    let mut chain = vec![e.max(from)];
    while *chain.last().expect("non-empty") > from {
        let next = (*chain.last().expect("non-empty")).div_ceil(2).max(from);
        chain.push(next);
    }
    chain.reverse();
    chain
}

/// Lifts the monic factors `us` of `f mod p` (`f` square-free mod `p`, `p ∤ lc(f)`) to
/// monic factors mod `p^e`, in the same order.
#[cfg(test)]
pub(crate) fn lift(f: &Poly, us: &[Fp], p: u64, e: u32) -> Vec<Poly> {
    let mut tree = LiftTree::new(f, us, p);
    tree.lift_to(e, true);
    tree.factors()
}

/// A factor tree (vzGG 15.17) lifted so far: every inner node holds its two factors and
/// their Bézout cofactors at the current modulus, so lifting can stop at an intermediate
/// exponent (recombination may already succeed there) and resume from it.
pub(crate) struct LiftTree {
    f: Poly,
    p: u64,
    exponent: u32,
    finished: bool,
    root: Node,
}

enum Node {
    /// The factor `us[i]`.
    Leaf(usize),
    Split {
        g: Poly,
        h: Poly,
        s: Poly,
        t: Poly,
        left: Box<Node>,
        right: Box<Node>,
    },
}

/// Splits the factors `idx` of `us` in two of nearly equal total degree (largest first, each
/// to the lighter side): a node's lift costs about the square of its degree, so a tree
/// balanced by degree (not by count: `us` is sorted by degree) lifts less.
fn split_by_degree(idx: &[usize], us: &[Fp]) -> (Vec<usize>, Vec<usize>) {
    let mut order = idx.to_vec();
    order.sort_by_key(|&i| std::cmp::Reverse(us[i].len()));
    let (mut a, mut b) = (vec![], vec![]);
    let (mut da, mut db) = (0, 0);
    for i in order {
        if da <= db {
            da += us[i].len() - 1;
            a.push(i);
        } else {
            db += us[i].len() - 1;
            b.push(i);
        }
    }
    (a, b)
}

fn build(f: &Poly, us: &[Fp], idx: &[usize], p: u64) -> Node {
    if idx.len() == 1 {
        return Node::Leaf(idx[0]);
    }
    let (left, right) = split_by_degree(idx, us);
    let lc_p = modp::from_poly(&Poly::new(vec![f.leading()]), p)[0];
    let g0 = left
        .iter()
        .fold(vec![lc_p], |a, &u| modp::mul(&a, &us[u], p));
    let h0 = right
        .iter()
        .fold(vec![1u64], |a, &u| modp::mul(&a, &us[u], p));
    let (one, s0, t0) = modp::ext_gcd(&g0, &h0, p);
    debug_assert_eq!(one, vec![1]);
    let (g, h) = (to_poly(&g0), to_poly(&h0));
    Node::Split {
        left: Box::new(build(&g, us, &left, p)),
        right: Box::new(build(&h, us, &right, p)),
        g,
        h,
        s: to_poly(&s0),
        t: to_poly(&t0),
    }
}

/// Lifts the node for `f` through `moduli` (the first is the node's current modulus);
/// `last`: the cofactors are not wanted afterwards.
fn lift_node(node: &mut Node, f: &Poly, moduli: &[BigInt], last: bool) {
    let Node::Split {
        g,
        h,
        s,
        t,
        left,
        right,
    } = node
    else {
        return;
    };
    let k = moduli.len();
    for (i, w) in moduli.windows(2).enumerate() {
        let (m, m2) = (&w[0], &w[1]);
        let mp = m2 / m;
        let fin = last && i + 2 == k;
        [*g, *h, *s, *t] = step(&reduce(f, m2), [g, h, s, t], m, &mp, fin);
    }
    lift_node(left, g, moduli, last);
    lift_node(right, h, moduli, last);
}

/// The moduli of one lift on the flat route: the chain `p^(e_i)` and the ratios
/// `p^(e_(i+1) - e_i)` of consecutive ones, with `stride` limbs per coefficient (the last
/// modulus's).
struct FlatChain {
    moduli: Vec<Modulus>,
    ratios: Vec<Modulus>,
    /// `p^(e_(i+1)) - 1` as limbs, for the `- 1` of the cofactor error.
    minus_one: Vec<Vec<u64>>,
    stride: usize,
}

impl FlatChain {
    fn new(moduli: &[BigInt]) -> FlatChain {
        let ms: Vec<Modulus> = moduli.iter().map(Modulus::new).collect();
        let stride = ms.last().expect("non-empty").l;
        FlatChain {
            ratios: moduli
                .windows(2)
                .map(|w| Modulus::new(&(&w[1] / &w[0])))
                .collect(),
            minus_one: moduli[1..]
                .iter()
                .map(|m| (m - 1u32).magnitude().iter_u64_digits().collect())
                .collect(),
            moduli: ms,
            stride,
        }
    }
}

/// [`step`] on flat limb buffers: the same formulas, products accumulated unreduced and
/// reduced once per coefficient (module `limbpoly`). `f` is reduced mod `m mp`; `g, h, s,
/// t` mod `m`; `dh` the degree of the monic `h`.
#[allow(clippy::too_many_arguments)]
fn step_flat(
    f: &LimbPoly,
    [g, h, s, t]: [&LimbPoly; 4],
    dh: usize,
    (m, mp, m2): (&Modulus, &Modulus, &Modulus),
    minus_one: &[u64],
    stride: usize,
    last: bool,
) -> [LimbPoly; 4] {
    let (lm, lp) = (m.l, mp.l);
    // e = (f - g h) / m mod mp
    let mut acc = Acc::new(g.len() + h.len(), m2);
    acc.add_product(g, h, lm);
    let e = f.sub_mod(&acc.reduce(m2, stride), m2).div_exact(m);
    let (sp, tp, gp, hp) = (s.reduce(mp), t.reduce(mp), g.reduce(mp), h.reduce(mp));
    let neg_h = hp.neg_mod(mp);
    let mut acc = Acc::new(sp.len() + e.len(), mp);
    acc.add_product(&sp, &e, lp);
    let (q, r) = acc.divrem_monic(&neg_h, dh, mp, stride);
    let mut acc = Acc::new((tp.len() + e.len()).max(q.len() + gp.len()), mp);
    acc.add_product(&tp, &e, lp);
    acc.add_product(&q, &gp, lp);
    let gc = acc.reduce(mp, stride);
    let g1 = g.add_scaled(m, &gc, lp);
    let h1 = h.add_scaled(m, &r, lp);
    if last {
        let none = LimbPoly::from_poly(&Poly::zero(), stride);
        return [g1, h1, none.clone(), none];
    }
    // b0 = (s g + t h - 1) / m, then b = b0 + s gc + t r mod mp
    let mut acc = Acc::new((s.len() + g.len()).max(t.len() + h.len()).max(1), m2);
    acc.add_product(s, g, lm);
    acc.add_product(t, h, lm);
    acc.add_word(0, minus_one);
    let b0 = acc.reduce(m2, stride).div_exact(m);
    let n = b0.len().max(sp.len() + gc.len()).max(tp.len() + r.len());
    let mut acc = Acc::new(n, mp);
    acc.add_poly(&b0);
    acc.add_product(&sp, &gc, lp);
    acc.add_product(&tp, &r, lp);
    let b = acc.reduce(mp, stride);
    let mut acc = Acc::new(sp.len() + b.len(), mp);
    acc.add_product(&sp, &b, lp);
    let (c, d) = acc.divrem_monic(&neg_h, dh, mp, stride);
    let mut acc = Acc::new((tp.len() + b.len()).max(c.len() + gp.len()), mp);
    acc.add_product(&tp, &b, lp);
    acc.add_product(&c, &gp, lp);
    let tc = acc.reduce(mp, stride);
    let s1 = s.add_scaled(m, &d.neg_mod(mp), lp);
    let t1 = t.add_scaled(m, &tc.neg_mod(mp), lp);
    [g1, h1, s1, t1]
}

/// [`lift_node`] on the flat route; `f` is reduced mod the last modulus of the chain.
fn lift_node_flat(node: &mut Node, f: &LimbPoly, chain: &FlatChain, last: bool) {
    let Node::Split {
        g,
        h,
        s,
        t,
        left,
        right,
    } = node
    else {
        return;
    };
    let k = chain.moduli.len();
    // f mod every modulus of the chain but the first, reduced from the top down (each
    // modulus is at least the square root of the next, as Barrett's reduction needs)
    let mut fs = vec![f.clone()];
    for i in (1..k - 1).rev() {
        let next = fs.last().expect("non-empty").reduce(&chain.moduli[i]);
        fs.push(next);
    }
    fs.reverse();
    let dh = h.degree().expect("monic h");
    let stride = chain.stride;
    let mut cur = [&*g, &*h, &*s, &*t].map(|p| LimbPoly::from_poly(p, stride));
    for (i, fi) in fs.iter().enumerate() {
        let fin = last && i + 2 == k;
        let ms = (&chain.moduli[i], &chain.ratios[i], &chain.moduli[i + 1]);
        let [a, b, c, d] = &cur;
        cur = step_flat(fi, [a, b, c, d], dh, ms, &chain.minus_one[i], stride, fin);
    }
    [*g, *h, *s, *t] = [&cur[0], &cur[1], &cur[2], &cur[3]].map(|p| p.to_poly());
    lift_node_flat(left, &cur[0], chain, last);
    lift_node_flat(right, &cur[1], chain, last);
}

/// Inverse of `a` modulo `p^e` (`p` prime not dividing `a`) by Newton's iteration
/// `x <- x (2 - a x)` from the inverse mod `p`, the precision doubling each step: a few
/// products instead of a Euclidean algorithm on numbers of the size of `p^e`.
pub(crate) fn inv_mod_prime_power(a: &BigInt, p: u64, e: u32) -> BigInt {
    let pb = BigInt::from(p);
    let ap = a.mod_floor(&pb).to_u64().expect("residue fits");
    let mut x = BigInt::from(modp::inv(ap, p));
    for k in exponent_chain(1, e).into_iter().skip(1) {
        let m = num_traits::pow(pb.clone(), k as usize);
        let ax = (a * &x).mod_floor(&m);
        x = (&x * (BigInt::from(2) - ax)).mod_floor(&m);
    }
    x.mod_floor(&num_traits::pow(pb, e as usize))
}

fn leaves(node: &Node, f: &Poly, pe: (u64, u32), m: &BigInt, out: &mut Vec<(usize, Poly)>) {
    match node {
        Node::Leaf(i) => {
            let f = reduce(f, m);
            if f.is_monic() {
                out.push((*i, f));
            } else {
                let li = inv_mod_prime_power(&f.leading(), pe.0, pe.1);
                out.push((*i, reduce(&f.scale(&li), m)));
            }
        }
        Node::Split {
            g, h, left, right, ..
        } => {
            leaves(left, g, pe, m, out);
            leaves(right, h, pe, m, out);
        }
    }
}

impl LiftTree {
    /// The tree of the monic factors `us` of `f mod p` at exponent 1.
    pub(crate) fn new(f: &Poly, us: &[Fp], p: u64) -> LiftTree {
        LiftTree {
            f: f.clone(),
            p,
            exponent: 1,
            finished: false,
            root: build(f, us, &(0..us.len()).collect::<Vec<_>>(), p),
        }
    }

    /// Lifts to `p^e` (`e` at least the current exponent) by quadratic steps that land on
    /// `e` exactly; `last`: no further lifting will be asked for.
    pub(crate) fn lift_to(&mut self, e: u32, last: bool) {
        self.lift_to_by(e, last, None);
    }

    /// [`Self::lift_to`], on flat limb buffers (`Some(true)`), on `BigInt` polynomials
    /// (`Some(false)`), or the former when the modulus fits `limbpoly::MAX_LIMBS` (`None`).
    /// Both routes compute the same polynomials.
    pub(crate) fn lift_to_by(&mut self, e: u32, last: bool, flat: Option<bool>) {
        if e <= self.exponent {
            return;
        }
        assert!(!self.finished, "LiftTree::lift_to after the last lift");
        let chain = exponent_chain(self.exponent, e);
        let pb = BigInt::from(self.p);
        let moduli: Vec<BigInt> = chain
            .iter()
            .map(|&k| num_traits::pow(pb.clone(), k as usize))
            .collect();
        let top = moduli.last().expect("non-empty");
        let f = reduce(&self.f, top);
        let limbs = top.magnitude().iter_u64_digits().len();
        if flat.unwrap_or(limbs <= MAX_LIMBS) && limbs <= MAX_LIMBS {
            let chain = FlatChain::new(&moduli);
            let f = LimbPoly::from_poly(&f, chain.stride);
            lift_node_flat(&mut self.root, &f, &chain, last);
        } else {
            lift_node(&mut self.root, &f, &moduli, last);
        }
        self.exponent = e;
        self.finished = last;
    }

    /// The monic lifted factors mod `p^e` for the current exponent, in the order of `us`.
    pub(crate) fn factors(&self) -> Vec<Poly> {
        let m = num_traits::pow(BigInt::from(self.p), self.exponent as usize);
        let mut out = vec![];
        leaves(&self.root, &self.f, (self.p, self.exponent), &m, &mut out);
        out.sort_by_key(|(i, _)| *i);
        out.into_iter().map(|(_, u)| u).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newton_inverse_equals_extended_euclid() {
        use crate::algebra::testutil::Rng;
        let mut rng = Rng::new(0x1e7);
        for round in 0..100u32 {
            let p = [3u64, 5, 47, 101, 2_147_483_647][round as usize % 5];
            let e = 1 + round % 90;
            let a = rng.big(1 + round * 7 % 600);
            if (&a % BigInt::from(p)).is_zero() {
                continue;
            }
            let m = num_traits::pow(BigInt::from(p), e as usize);
            assert_eq!(inv_mod_prime_power(&a, p, e), inv_mod(&a, &m));
        }
    }

    #[test]
    fn exponent_chains_are_quadratic_and_exact() {
        for from in 1..40 {
            for e in from..200 {
                let c = exponent_chain(from, e);
                assert_eq!(c[0], from);
                assert_eq!(*c.last().unwrap(), e);
                assert!(c.windows(2).all(|w| w[0] < w[1] && w[1] <= 2 * w[0]));
            }
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

    #[test]
    fn flat_route_equals_bigint_route() {
        // The same lifted factors (and intermediate trees) on limb buffers as on BigInt
        // polynomials, over random products, primes, exponents and staged lifts.
        use crate::algebra::testutil::{rand_poly, Rng};
        let mut rng = Rng::new(0xf1a7);
        let mut done = 0;
        for round in 0..80u32 {
            let f = (0..2 + round % 5).fold(Poly::one(), |a, _| {
                let deg = 1 + (rng.next() % 7) as usize;
                &a * &rand_poly(&mut rng, deg, 3 + (round * 13) % 200)
            });
            let Some(n) = f.degree() else { continue };
            let p = [3u64, 5, 47, 101, 65_521, 2_147_483_647][round as usize % 6];
            if n < 2 || (f.leading() % BigInt::from(p)).is_zero() {
                continue;
            }
            let fp = modp::monic(&modp::from_poly(&f, p), p);
            if fp.len() != n + 1 || !modp::is_squarefree(&fp, p) {
                continue;
            }
            let us = modp::factor_squarefree(&fp, p, 3);
            let e = 2 + (rng.next() % 120) as u32;
            let mid = 1 + (rng.next() % e as u64) as u32;
            let mut a = LiftTree::new(&f, &us, p);
            let mut b = LiftTree::new(&f, &us, p);
            a.lift_to_by(mid, false, Some(true));
            b.lift_to_by(mid, false, Some(false));
            assert_eq!(a.factors(), b.factors(), "p = {p}, e = {mid}");
            a.lift_to_by(e, true, Some(true));
            b.lift_to_by(e, true, Some(false));
            assert_eq!(a.factors(), b.factors(), "p = {p}, e = {e}");
            done += 1;
        }
        assert!(done > 40, "{done}");
    }

    #[test]
    fn lifting_in_stages_equals_lifting_at_once() {
        use crate::algebra::testutil::{rand_poly, Rng};
        let mut rng = Rng::new(0x11f7);
        let mut done = 0;
        for round in 0..60u32 {
            let f = (0..2 + round % 4).fold(Poly::one(), |a, _| {
                let deg = 1 + (rng.next() % 5) as usize;
                &a * &rand_poly(&mut rng, deg, 5 + round % 40)
            });
            let Some(n) = f.degree() else { continue };
            let p = [101u64, 103, 107, 109, 113][round as usize % 5];
            if n < 2 || (f.leading() % BigInt::from(p)).is_zero() {
                continue;
            }
            let fp = modp::monic(&modp::from_poly(&f, p), p);
            if fp.len() != n + 1 || !modp::is_squarefree(&fp, p) {
                continue;
            }
            let us = modp::factor_squarefree(&fp, p, 3);
            let e = 2 + round % 30;
            let at_once = lift(&f, &us, p, e);
            let mut tree = LiftTree::new(&f, &us, p);
            tree.lift_to(e.div_ceil(2), false);
            let half = tree.factors();
            tree.lift_to(e, true);
            assert_eq!(tree.factors(), at_once);
            // the intermediate factors are the final ones reduced
            let mh = num_traits::pow(BigInt::from(p), e.div_ceil(2) as usize);
            let reduced: Vec<Poly> = at_once.iter().map(|u| reduce(u, &mh)).collect();
            assert_eq!(half, reduced);
            done += 1;
        }
        assert!(done > 20);
    }
}

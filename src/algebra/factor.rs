//! Complete factorisation in Q\[x\] (equivalently Z\[x\]) into irreducibles, by Zassenhaus.
//!
//! Pipeline: content and sign; powers of `x`; factors `x - r` for small integers `r` by
//! synthetic division, and `f(x) = g(x^k)` handled through `g` (pre-passes that spare the
//! gcds for the eigenvalues `±1, 2, 3` and the even polynomials of transfer matrices); Yun's
//! square-free decomposition ([`squarefree_decomposition`]) of what is left; binomials
//! `c x^m + d` decided by Capelli's theorem; then each square-free part by the Berlekamp–Zassenhaus
//! method (von zur Gathen & Gerhard, *Modern Computer Algebra*, 3rd ed., Algorithm 15.19):
//! a prime `p` with `f` square-free mod `p` and `p ∤ lc(f)`, Cantor–Zassenhaus factorisation
//! mod `p`, quadratic multifactor Hensel lifting to `p^k > 2B` where
//! `B = |lc f| 2^n ‖f‖₂` (Mignotte's bound), and recombination of subsets of the lifted
//! factors with the trailing-coefficient test. Several primes are tried and their
//! distinct-degree patterns intersected: subsets whose degree is impossible modulo some
//! prime are never formed, and often irreducibility is proved before any lifting.
//!
//! Cost: polynomial in the degree and coefficient size except for the recombination, which
//! is exponential in the number of modular factors in the worst case (Swinnerton-Dyer
//! polynomials); the degree pruning makes it fast for the polynomials met in practice.

use super::{hensel, modp, squarefree_decomposition, Poly};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::fmt;

/// Why a polynomial could not be factored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FactorError {
    /// The zero polynomial has no factorisation into irreducibles.
    #[error("cannot factor the zero polynomial (every polynomial divides it)")]
    Zero,
}

/// `unit * Π factor^multiplicity`, each factor irreducible in Q\[x\], primitive in Z\[x\], with
/// positive leading coefficient; factors distinct and sorted by [`factor_order`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Factorization {
    /// Signed content: the input is `unit` times a primitive polynomial with positive
    /// leading coefficient.
    pub unit: BigInt,
    /// Irreducible factors with their multiplicities (`≥ 1`).
    pub factors: Vec<(Poly, usize)>,
}

impl Factorization {
    /// The product `unit * Π f^m`: equals the factored polynomial.
    pub fn expand(&self) -> Poly {
        let mut acc = Poly::new(vec![self.unit.clone()]);
        for (f, m) in &self.factors {
            for _ in 0..*m {
                acc = &acc * f;
            }
        }
        acc
    }

    /// Literature style with variable `var`, e.g. `E (E - 1)^2 (E^4 - 2E^2 - 6E - 4)(E^5 - 3E^2 - 2)`:
    /// parenthesised factors are juxtaposed, a space follows a bare variable or an exponent.
    pub fn to_string_in(&self, var: &str) -> String {
        let mut pieces: Vec<String> = Vec::new();
        let single = self.factors.len() == 1 && self.factors[0].1 == 1 && self.unit.is_one();
        for (f, m) in &self.factors {
            let body = if *f == Poly::x() {
                var.to_string()
            } else if single {
                f.to_string_in(var)
            } else {
                format!("({})", f.to_string_in(var))
            };
            pieces.push(if *m > 1 { format!("{body}^{m}") } else { body });
        }
        let mut out = match (self.unit.to_string().as_str(), pieces.is_empty()) {
            (u, true) => u.to_string(),
            ("1", false) => String::new(),
            ("-1", false) => "-".to_string(),
            (u, false) => u.to_string(),
        };
        for (i, p) in pieces.iter().enumerate() {
            if i > 0 && !(pieces[i - 1].ends_with(')') && p.starts_with('(')) {
                out.push(' ');
            }
            out.push_str(p);
        }
        out
    }
}

impl Factorization {
    /// LaTeX with variable `var`: `E \left(E - 1\right)^{2} \left(E^{5} - 3 E^{2} - 2\right)`.
    ///
    /// ```
    /// use hanoilab::algebra::{factor, Poly};
    /// let f = factor(&Poly::from_i64(&[0, 1, -2, 1])).unwrap(); // x (x - 1)^2
    /// assert_eq!(f.to_latex("E"), "E \\left(E - 1\\right)^{2}");
    /// ```
    pub fn to_latex(&self, var: &str) -> String {
        let mut pieces: Vec<String> = Vec::new();
        if !self.unit.is_one() {
            pieces.push(if (-&self.unit).is_one() {
                "-".to_string()
            } else {
                self.unit.to_string()
            });
        }
        for (f, m) in &self.factors {
            let body = if *f == Poly::x() {
                var.to_string()
            } else {
                format!("\\left({}\\right)", f.to_latex(var))
            };
            pieces.push(if *m > 1 {
                format!("{body}^{{{m}}}")
            } else {
                body
            });
        }
        if pieces.is_empty() {
            return "1".to_string();
        }
        pieces
            .join(" ")
            .replacen("- ", "-", usize::from(pieces[0] == "-"))
    }
}

impl fmt::Display for Factorization {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_string_in("x"))
    }
}

/// The deterministic order of factors: by degree, then coefficients from the leading one
/// down, each compared by absolute value and then positive before negative (so `x` comes
/// before `x - 1` before `x + 2`).
pub fn factor_order(a: &Poly, b: &Poly) -> Ordering {
    a.degree().cmp(&b.degree()).then_with(|| {
        for (x, y) in a.coeffs().iter().rev().zip(b.coeffs().iter().rev()) {
            let o = x.abs().cmp(&y.abs()).then_with(|| y.sign().cmp(&x.sign()));
            if o != Ordering::Equal {
                return o;
            }
        }
        Ordering::Equal
    })
}

/// Complete factorisation over Q of a non-zero integer polynomial.
///
/// # Errors
/// [`FactorError::Zero`] for the zero polynomial.
///
/// ```
/// use hanoilab::algebra::{factor, Poly};
/// // Lunnon's Rainbow Hanoi polynomial (seeds/000, section "Rainbow Hanoi").
/// let f = Poly::from_i64(&[-8, -4, -4, -2, 14, 8, 5, -7, -2, -1, 1]);
/// let fz = factor(&f).unwrap();
/// assert_eq!(fz.to_string_in("E"), "(E - 1)(E^4 - 2E^2 - 6E - 4)(E^5 - 3E^2 - 2)");
/// assert_eq!(fz.expand(), f);
/// ```
pub fn factor(f: &Poly) -> Result<Factorization, FactorError> {
    if f.is_zero() {
        return Err(FactorError::Zero);
    }
    let mut unit = f.content();
    if f.leading().is_negative() {
        unit = -unit;
    }
    let pp = f.primitive_part();
    let mut factors = Vec::new();
    let k = pp.coeffs().iter().take_while(|c| c.is_zero()).count();
    if k > 0 {
        factors.push((Poly::x(), k));
    }
    let rest = Poly::new(pp.coeffs()[k..].to_vec());
    for (g, m) in coprime_pieces(rest) {
        for h in factor_squarefree(&g) {
            factors.push((h, m));
        }
    }
    factors.sort_by(|a, b| factor_order(&a.0, &b.0).then(a.1.cmp(&b.1)));
    Ok(Factorization { unit, factors })
}

/// Square-free, pairwise coprime pieces `(g, m)` of a primitive `f` with `f(0) ≠ 0` and
/// positive leading coefficient, `f = Π g^m` (several pieces may share a multiplicity, which
/// is all [`factor`] needs): the factors `x ∓ 1` divided out ([`split_unit_roots`]), and
/// when the rest is `g(x^k)`, the pieces of `g` at `x^k` (they stay square-free and
/// coprime: the `k`-th roots of distinct non-zero numbers are distinct), else Yun's
/// decomposition. Lunnon's Reversi: `(x^2 + 1)^2 (x^2 - 3)^3 (x^6 - 4)` is
/// `(y + 1)^2 (y - 3)^3 (y^3 - 4)` at `y = x^2`, and `y + 1` costs no gcd.
fn coprime_pieces(f: Poly) -> Vec<(Poly, usize)> {
    let (mut out, rest) = split_integer_roots(f, true);
    let pieces = |rest: Poly| -> Vec<(Poly, usize)> {
        if let Some(p) = low_degree_pieces(&rest) {
            return p;
        }
        let k = crate::algebra::squarefree::deflation(&rest);
        if k == 1 {
            // Square-free modulo a prime not dividing the leading coefficient means
            // square-free over Q (the discriminant is not zero mod p): one gcd mod p instead
            // of Yun's over Z. Transfer polynomials are usually square-free here.
            if squarefree_mod_small_prime(&rest) {
                return vec![(rest, 1)];
            }
            return squarefree_decomposition(&rest);
        }
        let g = Poly::new(rest.coeffs().iter().step_by(k).cloned().collect());
        coprime_pieces(g)
            .into_iter()
            .map(|(h, m)| (crate::algebra::squarefree::inflate(&h, k), m))
            .collect()
    };
    if crate::algebra::squarefree::deflation(&rest) > 1 {
        // the other integer roots on the deflated polynomial, where they are fewer
        out.extend(pieces(rest));
        return out;
    }
    let (more, rest) = split_integer_roots(rest, false);
    out.extend(more);
    out.extend(pieces(rest));
    out
}

/// The square-free pieces of a primitive `f` of degree at most 2 without Yun's gcds: a
/// quadratic is square-free unless its discriminant is zero, and then it is `(2ax + b)^2`
/// up to a constant. `None` from degree 3.
fn low_degree_pieces(f: &Poly) -> Option<Vec<(Poly, usize)>> {
    match f.degree() {
        None | Some(0) => Some(Vec::new()),
        Some(1) => Some(vec![(f.clone(), 1)]),
        Some(2) => {
            let (a, b, c) = (f.coeff(2), f.coeff(1), f.coeff(0));
            let d: BigInt = &b * &b - BigInt::from(4) * &a * &c;
            Some(if d.is_zero() {
                vec![(Poly::new(vec![b, a * 2]).primitive_part(), 2)]
            } else {
                vec![(f.clone(), 1)]
            })
        }
        Some(_) => None,
    }
}

/// Whether `f` is square-free modulo one of the primes below 40 that do not divide its
/// leading coefficient (then it is square-free over Q; `false` says nothing).
fn squarefree_mod_small_prime(f: &Poly) -> bool {
    [3u64, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
        .iter()
        .any(|&p| {
            !(f.leading() % BigInt::from(p)).is_zero()
                && modp::is_squarefree(&modp::monic(&modp::from_poly(f, p), p), p)
        })
}

/// Largest `|r|` tried by [`split_integer_roots`] besides `±1`.
const INTEGER_ROOTS_UP_TO: i64 = 64;

/// Divides the factors `x - r` for small integers `r` out of `f` (`f(0) ≠ 0`) by
/// synthetic division: `r = ±1` when `units`, else `2 ≤ |r| ≤ 64` dividing `f(0)`.
/// Transfer matrices have eigenvalues `±1, 2, 3` of high multiplicity (`(x - 1)^8
/// (x + 1)^8` in Lunnon's Reversi's characteristic polynomial cost Yun's algorithm eight
/// gcds of degree 64); here each costs a pass over the coefficients, in `i128` while they
/// fit. Returns the factors found with their multiplicities and the cofactor (primitive by
/// Gauss's lemma when `f` is).
fn split_integer_roots(f: Poly, units: bool) -> (Vec<(Poly, usize)>, Poly) {
    use num_traits::ToPrimitive;
    let candidates: Vec<i64> = if units {
        vec![1, -1]
    } else {
        (2..=INTEGER_ROOTS_UP_TO).flat_map(|r| [r, -r]).collect()
    };
    let small: Option<Vec<i128>> = f.coeffs().iter().map(|c| c.to_i128()).collect();
    if let Some(found) = small.and_then(|cs| split_small(cs, &candidates)) {
        return found;
    }
    let mut f = f;
    let mut out = Vec::new();
    for r in candidates {
        let mut m = 0;
        while f.degree().is_some_and(|d| d > 0)
            && (r.abs() == 1 || (f.coeffs()[0].clone() % r).is_zero())
        {
            let Some(q) = div_by_linear(&f, r) else { break };
            f = q;
            m += 1;
        }
        if m > 0 {
            out.push((Poly::from_i64(&[-r, 1]), m));
        }
    }
    (out, f)
}

/// [`split_integer_roots`] in `i128`; `None` on overflow.
#[allow(clippy::type_complexity)]
fn split_small(mut cs: Vec<i128>, candidates: &[i64]) -> Option<(Vec<(Poly, usize)>, Poly)> {
    let mut out = Vec::new();
    for &r in candidates {
        // A root divides f(0), which only shrinks as roots are divided out (and is not 0):
        // the candidates come in increasing |r|, so none after this one can divide it.
        if r.unsigned_abs() as u128 > cs[0].unsigned_abs() {
            break;
        }
        let mut m = 0;
        while cs.len() > 1 && (r.abs() == 1 || cs[0] % r as i128 == 0) {
            let Some(q) = div_by_linear_small(&cs, r).ok()? else {
                break;
            };
            cs = q;
            m += 1;
        }
        if m > 0 {
            out.push((Poly::from_i64(&[-r, 1]), m));
        }
    }
    Some((out, Poly::new(cs.into_iter().map(BigInt::from).collect())))
}

/// [`div_by_linear`] on `i128` coefficients: `Err` on overflow, `Ok(None)` when `f(r) ≠ 0`.
fn div_by_linear_small(cs: &[i128], r: i64) -> Result<Option<Vec<i128>>, ()> {
    let step = |acc: i128, c: i128| acc.checked_mul(r as i128).and_then(|v| v.checked_add(c));
    // the remainder first (no allocation for the usual non-root)
    let mut acc = 0i128;
    for &c in cs.iter().rev() {
        acc = step(acc, c).ok_or(())?;
    }
    if acc != 0 {
        return Ok(None);
    }
    let mut q = vec![0i128; cs.len() - 1];
    let mut acc = 0i128;
    for k in (1..cs.len()).rev() {
        acc = step(acc, cs[k]).ok_or(())?;
        q[k - 1] = acc;
    }
    Ok(Some(q))
}

/// `f / (x - r)` when the division is exact (`f(r) = 0`, degree ≥ 1): Horner from the top,
/// `q_{k-1} = c_k + r q_k`, remainder `c_0 + r q_0`.
fn div_by_linear(f: &Poly, r: i64) -> Option<Poly> {
    let cs = f.coeffs();
    if cs.len() < 2 {
        return None;
    }
    let mut q = vec![BigInt::zero(); cs.len() - 1];
    let mut acc = BigInt::zero();
    for k in (1..cs.len()).rev() {
        acc = acc * r + &cs[k];
        q[k - 1] = acc.clone();
    }
    let rem = acc * r + &cs[0];
    rem.is_zero().then(|| Poly::new(q))
}

/// Whether `f` is irreducible in Q\[x\]: degree ≥ 1 and no factorisation into two factors of
/// positive degree. Decided by the complete factorisation.
///
/// ```
/// use hanoilab::algebra::{is_irreducible, Poly};
/// assert!(is_irreducible(&Poly::from_i64(&[-2, 0, -3, 0, 0, 1])));
/// assert!(!is_irreducible(&Poly::from_i64(&[-1, 0, 1])));
/// assert!(is_irreducible(&Poly::from_i64(&[4, 2]))); // 2(x + 2): units do not count
/// ```
pub fn is_irreducible(f: &Poly) -> bool {
    match factor(f) {
        Ok(fz) => fz.factors.len() == 1 && fz.factors[0].1 == 1,
        Err(_) => false,
    }
}

fn is_prime(n: u64) -> bool {
    n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0)
}

/// The odd primes not dividing the leading coefficient of the square-free `f` and keeping
/// it square-free, each with the monic `f mod p` (all but finitely many primes).
fn good_primes(f: &Poly) -> impl Iterator<Item = (u64, modp::Fp)> + '_ {
    (3u64..).filter(|&p| is_prime(p)).filter_map(move |p| {
        if (f.leading() % BigInt::from(p)).is_zero() {
            return None;
        }
        let fp = modp::monic(&modp::from_poly(f, p), p);
        modp::is_squarefree(&fp, p).then_some((p, fp))
    })
}

/// How many good primes to compare; the one with fewest modular factors is lifted.
const PRIMES_TRIED: usize = 6;

/// Irreducible factors of a primitive, square-free `f` with positive leading coefficient
/// and `f(0) ≠ 0` (or `f = x`), sorted.
fn factor_squarefree(f: &Poly) -> Vec<Poly> {
    let n = f.degree().expect("non-zero");
    if n <= 1 {
        return vec![f.clone()];
    }
    if n == 2 {
        // Reducible iff the discriminant is a square: one integer square root instead of a
        // Hensel lift to the size of the coefficients (100,000 digits for a user's 2 x 2).
        let (a, b, c) = (f.coeff(2), f.coeff(1), f.coeff(0));
        let d: BigInt = &b * &b - BigInt::from(4) * &a * &c;
        let s = if d.is_negative() {
            None
        } else {
            Some(d.sqrt())
        };
        return match s {
            Some(s) if &s * &s == d => {
                // f = (2a x + b - s)(2a x + b + s) / 4a; by Gauss's lemma the primitive
                // parts multiply to the primitive f
                let two_a: BigInt = &a * 2;
                let mut out = vec![
                    Poly::new(vec![&b - &s, two_a.clone()]).primitive_part(),
                    Poly::new(vec![&b + &s, two_a]).primitive_part(),
                ];
                out.sort_by(factor_order);
                out
            }
            _ => vec![f.clone()],
        };
    }
    factor_binomial(f).unwrap_or_else(|| factor_modular(f))
}

/// [`factor_squarefree`] of degree `n ≥ 3` by factoring modulo a prime, Hensel lifting and
/// recombination (Zassenhaus).
fn factor_modular(f: &Poly) -> Vec<Poly> {
    let n = f.degree().expect("non-zero");
    // Degrees d such that f may have a factor of degree d, as a bitset over 0..=n.
    let mut allowed = vec![true; n + 1];
    let mut best: Option<(u64, usize, modp::DistinctDegree)> = None;
    for (p, fp) in good_primes(f).take(PRIMES_TRIED) {
        let dd = modp::distinct_degree(&fp, p);
        let degs = modp::degrees_of(&dd);
        let sums = subset_sums(&degs, n);
        for (a, s) in allowed.iter_mut().zip(&sums) {
            *a &= *s;
        }
        if best.as_ref().is_none_or(|(_, r, _)| degs.len() < *r) {
            best = Some((p, degs.len(), dd));
        }
        if (1..n).all(|d| !allowed[d]) {
            return vec![f.clone()];
        }
    }
    let (p, _, dd) = best.expect("a good prime exists");
    let us = modp::split_distinct_degree(dd, p, 0x5eed ^ p);

    // Mignotte: any factor g of f has ‖g‖∞ ≤ 2^n ‖f‖₂; times |lc f| for lc-scaled products.
    let norm2: BigInt = f.coeffs().iter().map(|c| c * c).sum::<BigInt>().sqrt() + 1;
    let bound = (norm2 << n) * f.leading().abs();
    // The least p^e above 2 bound: lifting to exactly that (not to the next p^(2^k)) halves
    // the size of the last, most expensive steps in the worst case.
    // Start just below (2^(bits-1) <= 2 bound, and p^e0 <= 2^(bits-1)) by one power, then
    // step up: a few products instead of one per unit of e.
    let twice: BigInt = &bound * 2;
    let e0 = (((twice.bits() - 1) as f64 / (p as f64).log2()).floor() as u32).saturating_sub(1);
    let mut e = e0.max(1);
    let mut modulus = num_traits::pow(BigInt::from(p), e as usize);
    while modulus <= twice {
        modulus *= p;
        e += 1;
    }
    // Lifting to half the exponent costs a third of the whole lift (the last quadratic
    // step dominates), and less again without the cofactors' last update; it usually
    // suffices: the Mignotte bound is far above the factors' true coefficients. What
    // recombination finds there divides f exactly; the pieces are accepted only if each is
    // proved irreducible by the degree argument below, otherwise the lift starts again and
    // goes to the bound. Not for many modular factors (a failed recombination there costs
    // more than it can save).
    let half = e.div_ceil(2);
    if half > 1 && us.len() <= 16 {
        let mut tree = hensel::LiftTree::new(f, &us, p);
        tree.lift_to(half, true);
        let mh = num_traits::pow(BigInt::from(p), half as usize);
        let pieces = recombine(f, tree.factors(), &mh, &allowed);
        if pieces.iter().all(|(g, degs)| proved_irreducible(g, degs)) {
            let mut out: Vec<Poly> = pieces.into_iter().map(|(g, _)| g).collect();
            out.sort_by(factor_order);
            return out;
        }
    }
    let mut tree = hensel::LiftTree::new(f, &us, p);
    tree.lift_to(e, true);
    let mut out: Vec<Poly> = recombine(f, tree.factors(), &modulus, &allowed)
        .into_iter()
        .map(|(g, _)| g)
        .collect();
    out.sort_by(factor_order);
    out
}

/// The factors of a binomial `f = c x^m + d` (`m ≥ 3`, primitive, square-free, `c > 0`,
/// `d ≠ 0`) without modular factoring, where it is decided in closed form: with
/// `a = -d/c`, `x^m - a` is irreducible over Q iff `a` is not a `p`-th power in Q for any
/// prime `p | m`, nor `-4` times a fourth power when `4 | m` (Capelli's theorem: A. Capelli
/// 1897; S. Lang, *Algebra*, Theorem VI.9.1); and `v^2 x^(2h) - u^2 = (v x^h - u)(v x^h + u)`.
/// `None` (the general route) for other sparsity and for the other reducible binomials.
fn factor_binomial(f: &Poly) -> Option<Vec<Poly>> {
    let cs = f.coeffs();
    let m = cs.len() - 1;
    if m < 3 || cs[1..m].iter().any(|c| !c.is_zero()) {
        return None;
    }
    // a = num / den in lowest terms (f is primitive: gcd(c, d) = 1), den > 0
    let (num, den) = (-&cs[0], cs[m].clone());
    let power = |x: &BigInt, p: u32| {
        let r = x.nth_root(p);
        (num_traits::pow(r.clone(), p as usize) == *x).then_some(r)
    };
    // a = b^2: the difference of squares
    if m % 2 == 0 && num.is_positive() {
        if let (Some(u), Some(v)) = (power(&num, 2), power(&den, 2)) {
            let h = m / 2;
            let mut out = Vec::new();
            for s in [-1, 1] {
                let mut c = vec![BigInt::zero(); h + 1];
                c[0] = &u * s;
                c[h] = v.clone();
                let g = Poly::new(c);
                out.extend(factor_squarefree(&g));
            }
            out.sort_by(factor_order);
            return Some(out);
        }
    }
    let p_th_power = |p: u32| {
        // an odd root keeps the sign; a square must be positive
        (p % 2 == 1 || !num.is_negative())
            && power(&num.abs(), p).is_some()
            && power(&den, p).is_some()
    };
    let mut rest = m;
    let mut p = 2;
    while rest > 1 {
        if rest % p == 0 {
            if p_th_power(p as u32) {
                return None;
            }
            while rest % p == 0 {
                rest /= p;
            }
        }
        p += 1;
    }
    if m % 4 == 0 && num.is_negative() {
        // -a / 4 = -num / (4 den), a fourth power?
        let (n4, d4): (BigInt, BigInt) = (-&num, &den * 4);
        let g = n4.gcd(&d4);
        if power(&(n4 / &g), 4).is_some() && power(&(d4 / &g), 4).is_some() {
            return None;
        }
    }
    Some(vec![f.clone()])
}

/// `sums[k]`: some sub-multiset of `degs` adds up to `k`, for `k` in `0..=n`.
fn subset_sums(degs: &[usize], n: usize) -> Vec<bool> {
    let mut sums = vec![false; n + 1];
    sums[0] = true;
    for &d in degs {
        for s in (d..=n).rev() {
            if sums[s - d] {
                sums[s] = true;
            }
        }
    }
    sums
}

/// Whether the primitive, square-free `g` with factors of degrees `degs` modulo some
/// prime is proved irreducible: by the discriminant for a quadratic, otherwise by the
/// degree argument (a factor of degree `k` would make `k` a sum of modular factor degrees
/// modulo every prime not dividing the leading coefficient and keeping `g` square-free),
/// with up to 20 more primes. `false` means "not proved", not "reducible".
fn proved_irreducible(g: &Poly, degs: &[usize]) -> bool {
    let d = g.degree().unwrap_or(0);
    if d <= 1 {
        return true;
    }
    if d == 2 {
        let (a, b, c) = (g.coeff(2), g.coeff(1), g.coeff(0));
        let disc: BigInt = &b * &b - BigInt::from(4) * &a * &c;
        return disc.is_negative() || {
            let r = disc.sqrt();
            &r * &r != disc
        };
    }
    let mut possible = subset_sums(degs, d);
    for (q, gq) in good_primes(g).take(20) {
        if (1..d).all(|k| !possible[k]) {
            return true;
        }
        let sums = subset_sums(&modp::factor_degrees(&gq, q), d);
        for (a, s) in possible.iter_mut().zip(sums) {
            *a &= s;
        }
    }
    (1..d).all(|k| !possible[k])
}

/// Zassenhaus recombination (vzGG Algorithm 15.19, step 6 onwards): the factors found, each
/// with the degrees of the modular factors it is the product of. Irreducible when `m`
/// exceeds twice the factor bound; below it, a true factor whose coefficients `m` cannot
/// hold is missed and the pieces may be reducible.
fn recombine(f: &Poly, mut us: Vec<Poly>, m: &BigInt, allowed: &[bool]) -> Vec<(Poly, Vec<usize>)> {
    let mut out = Vec::new();
    let mut rest = f.clone();
    let mut s = 1;
    while 2 * s <= us.len() {
        let mut found = false;
        let r = us.len();
        let mut idx: Vec<usize> = (0..s).collect();
        'subsets: loop {
            let d: usize = idx.iter().map(|&i| us[i].degree().unwrap_or(0)).sum();
            let dr = rest.degree().unwrap_or(0);
            if allowed[d] && allowed[dr - d] {
                let lc = rest.leading();
                // Trailing-coefficient test before any polynomial product.
                let t0 = idx
                    .iter()
                    .fold(lc.clone(), |a, &i| (a * us[i].coeff(0)).mod_floor(m));
                let t0 = hensel::symmetric(&Poly::new(vec![t0]), m).coeff(0);
                let rest0 = &lc * rest.coeff(0);
                if !t0.is_zero() && (&rest0 % &t0).is_zero() {
                    let g = idx.iter().fold(Poly::new(vec![lc.clone()]), |a, &i| {
                        hensel::reduce(&(&a * &us[i]), m)
                    });
                    let g = hensel::symmetric(&g, m).primitive_part();
                    if let Some(q) = rest.checked_div_exact(&g) {
                        let degs = idx.iter().map(|&i| us[i].degree().unwrap_or(0)).collect();
                        out.push((g, degs));
                        rest = q;
                        for &i in idx.iter().rev() {
                            us.remove(i);
                        }
                        found = true;
                        break 'subsets;
                    }
                }
            }
            // Next s-subset of 0..r in lexicographic order.
            let mut k = s;
            loop {
                if k == 0 {
                    break 'subsets;
                }
                k -= 1;
                if idx[k] < r - s + k {
                    idx[k] += 1;
                    for j in k + 1..s {
                        idx[j] = idx[j - 1] + 1;
                    }
                    break;
                }
            }
        }
        if !found {
            s += 1;
        }
    }
    if rest.degree().is_some_and(|d| d > 0) {
        let degs = us.iter().map(|u| u.degree().unwrap_or(0)).collect();
        out.push((rest.primitive_part(), degs));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::testutil::{rand_poly, Rng};
    use num_rational::BigRational;

    fn rainbow() -> Poly {
        // Lunnon, seeds/000_3e39fda85b098e00.txt, "Rainbow Hanoi": characteristic polynomial
        // E^10 - E^9 - 2E^8 - 7E^7 + 5E^6 + 8E^5 + 14E^4 - 2E^3 - 4E^2 - 4E - 8.
        Poly::from_i64(&[-8, -4, -4, -2, 14, 8, 5, -7, -2, -1, 1])
    }

    /// The factorisation without the pre-passes: Yun's algorithm on all of `f` (but `x^k`),
    /// then modular factoring of every piece.
    fn factor_general(f: &Poly) -> Vec<(Poly, usize)> {
        let pp = f.primitive_part();
        let k = pp.coeffs().iter().take_while(|c| c.is_zero()).count();
        let mut out = if k > 0 { vec![(Poly::x(), k)] } else { vec![] };
        let rest = Poly::new(pp.coeffs()[k..].to_vec());
        if rest.degree().is_some_and(|d| d > 0) {
            for (g, m) in crate::algebra::squarefree::yun(&rest) {
                let hs = if g.degree().unwrap() >= 3 {
                    factor_modular(&g)
                } else {
                    factor_squarefree(&g)
                };
                out.extend(hs.into_iter().map(|h| (h, m)));
            }
        }
        out.sort_by(|a, b| factor_order(&a.0, &b.0).then(a.1.cmp(&b.1)));
        out
    }

    /// `c x^m + d`.
    fn binomial(c: i64, m: usize, d: i64) -> Poly {
        let mut cs = vec![0i64; m + 1];
        cs[0] = d;
        cs[m] = c;
        Poly::from_i64(&cs)
    }

    #[test]
    fn low_degree_pieces_equal_yun() {
        let mut rng = crate::algebra::testutil::Rng::new(0x9ad);
        let mut squares = 0;
        for round in 0..300 {
            // every third one a square times a unit-free constant: a zero discriminant
            let f = if round % 3 == 0 {
                let g = Poly::from_i64(&[rng.small(-9, 9), rng.small(1, 9)]);
                &g * &g
            } else {
                Poly::from_i64(&[rng.small(-30, 30), rng.small(-30, 30), rng.small(1, 9)])
            }
            .primitive_part();
            if f.coeff(0).is_zero() {
                continue;
            }
            let mut fast = low_degree_pieces(&f).unwrap();
            let mut yun = crate::algebra::squarefree::yun(&f);
            fast.sort_by(|a, b| factor_order(&a.0, &b.0));
            yun.sort_by(|a, b| factor_order(&a.0, &b.0));
            assert_eq!(fast, yun, "{f:?}");
            squares += fast.iter().any(|(_, m)| *m == 2) as usize;
        }
        assert!(squares > 20);
    }

    #[test]
    fn square_free_modulo_a_prime_agrees_with_yun() {
        let mut rng = crate::algebra::testutil::Rng::new(0x5f5f);
        let mut seen = [0usize; 2];
        let mut fast = 0;
        for round in 0..300 {
            let g = Poly::from_i64(&[rng.small(-5, 5), rng.small(-5, 5), rng.small(1, 3)]);
            let h = Poly::from_i64(&[rng.small(-9, 9), rng.small(-9, 9), 0, rng.small(1, 3)]);
            // every other one with a repeated factor
            let f = if round % 2 == 0 {
                &(&g * &g) * &h
            } else {
                &g * &h
            };
            if f.coeff(0).is_zero() || g.degree() != Some(2) {
                continue;
            }
            let yun_says = crate::algebra::squarefree::yun(&f.primitive_part())
                .iter()
                .all(|(_, m)| *m == 1);
            if squarefree_mod_small_prime(&f) {
                assert!(yun_says, "{f:?}");
                fast += 1;
            }
            seen[yun_says as usize] += 1;
        }
        assert!(seen.iter().all(|&k| k > 50), "{seen:?}");
        // the shortcut decides most of the square-free ones (else the test says little)
        assert!(fast * 2 > seen[1], "{fast} of {}", seen[1]);
    }

    #[test]
    fn prepasses_equal_the_general_route() {
        // random products of (x - r)^k for small integers r, binomials, random factors,
        // and such products at x^k: the integer roots, deflation and binomial shortcuts
        // against Yun's algorithm and modular factoring of everything
        let mut rng = Rng::new(0x9e9a55);
        for round in 0..70u32 {
            let mut f = Poly::from_i64(&[1 + (round % 3) as i64]);
            for _ in 0..1 + rng.next() % 4 {
                let g = match rng.next() % 4 {
                    0 => Poly::from_i64(&[-rng.small(-70, 70), 1]),
                    1 => binomial(rng.small(1, 3), rng.small(1, 6) as usize, rng.small(-9, 9)),
                    2 => {
                        let deg = 1 + (rng.next() % 4) as usize;
                        rand_poly(&mut rng, deg, 5)
                    }
                    _ => Poly::from_i64(&[rng.small(-3, 3), rng.small(-3, 3), 1]),
                };
                for _ in 0..1 + rng.next() % 3 {
                    f = &f * &g;
                }
            }
            if round % 3 == 0 {
                f = crate::algebra::squarefree::inflate(&f, 2 + (round as usize / 3) % 3);
            }
            if f.is_zero() {
                continue;
            }
            let fz = factor(&f).unwrap();
            assert_eq!(fz.factors, factor_general(&f), "{f}");
            assert_eq!(fz.expand(), f);
        }
    }

    #[test]
    fn binomials_by_capelli_equal_modular_factoring() {
        // c x^m + d with d and c often perfect powers (and -4 b^4), m up to 12: the closed
        // form decides exactly when the modular route finds one factor
        let mut rng = Rng::new(0xca9e11);
        let mut decided = 0;
        for _ in 0..300 {
            let m = rng.small(3, 12) as usize;
            let p = rng.small(1, 4) as u32;
            let c = rng.small(1, 3).pow(if rng.next() % 2 == 0 { p } else { 1 });
            let b = rng.small(1, 5);
            let d = match rng.next() % 4 {
                0 => -b.pow(p),
                1 => b.pow(p),
                2 => 4 * b.pow(4),
                _ => rng.small(-40, 40),
            };
            let f = binomial(c, m, d);
            if d == 0 || f.content() != BigInt::one() || !f.is_squarefree() {
                continue;
            }
            if let Some(hs) = factor_binomial(&f) {
                decided += 1;
                assert_eq!(hs, factor_modular(&f), "{f}");
            }
        }
        assert!(decided > 100, "{decided}");
    }

    #[test]
    fn rainbow_polynomial_factors_as_in_lunnon() {
        let fz = factor(&rainbow()).unwrap();
        let expected = vec![
            (Poly::from_i64(&[-1, 1]), 1),
            (Poly::from_i64(&[-4, -6, -2, 0, 1]), 1),
            (Poly::from_i64(&[-2, 0, -3, 0, 0, 1]), 1),
        ];
        assert_eq!(fz.unit, BigInt::one());
        assert_eq!(fz.factors, expected);
    }

    #[test]
    fn rainbow_with_multiplicities_factors_back() {
        let e = Poly::x();
        let e1 = Poly::from_i64(&[-1, 1]);
        let quintic = Poly::from_i64(&[-2, 0, -3, 0, 0, 1]);
        let quartic = Poly::from_i64(&[-4, -6, -2, 0, 1]);
        let f = &(&(&(&e * &e1) * &e1) * &quintic) * &quartic;
        assert_eq!(f.degree(), Some(12));
        let fz = factor(&f).unwrap();
        assert_eq!(
            fz.factors,
            vec![(e, 1), (e1, 2), (quartic, 1), (quintic, 1)]
        );
        assert_eq!(
            fz.to_string_in("E"),
            "E (E - 1)^2 (E^4 - 2E^2 - 6E - 4)(E^5 - 3E^2 - 2)"
        );
        assert_eq!(fz.expand(), f);
        assert_eq!(
            fz.to_latex("E"),
            "E \\left(E - 1\\right)^{2} \\left(E^{4} - 2 E^{2} - 6 E - 4\\right) \\left(E^{5} - 3 E^{2} - 2\\right)"
        );
        let neg = factor(&f.scale(&(-6).into())).unwrap();
        assert_eq!(neg.unit, BigInt::from(-6));
        assert_eq!(neg.expand(), f.scale(&(-6).into()));
    }

    #[test]
    fn zero_is_an_error_and_constants_have_no_factors() {
        assert_eq!(factor(&Poly::zero()), Err(FactorError::Zero));
        let c = factor(&Poly::from_i64(&[-7])).unwrap();
        assert_eq!((c.unit.clone(), c.factors.len()), (BigInt::from(-7), 0));
        assert_eq!(c.expand(), Poly::from_i64(&[-7]));
        assert!(!is_irreducible(&Poly::zero()) && !is_irreducible(&Poly::one()));
    }

    /// Rational roots by the rational root theorem, independent of the factoriser.
    fn rational_root_exists(f: &Poly) -> bool {
        let divisors = |n: &BigInt| -> Vec<BigInt> {
            let n = n.abs();
            let mut v = Vec::new();
            let mut d = BigInt::one();
            while &d * &d <= n {
                if (&n % &d).is_zero() {
                    v.push(d.clone());
                    v.push(&n / &d);
                }
                d += 1;
            }
            v
        };
        if f.coeff(0).is_zero() {
            return true;
        }
        for a in divisors(&f.coeff(0)) {
            for b in divisors(&f.leading()) {
                for s in [1, -1] {
                    let x = BigRational::new(&a * s, b.clone());
                    if f.sign_at(&x) == 0 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Independent irreducibility proof: degree ≤ 3 via the rational root theorem; higher
    /// degrees via the degree argument — a factor of degree d must show up as a sum of
    /// modular factor degrees modulo every good prime, so intersecting those subset-sum sets
    /// over the primes below 500 must leave only 0 and n (true for generic polynomials).
    fn check_irreducible(f: &Poly) {
        let n = f.degree().unwrap();
        assert!(n >= 1);
        if n <= 3 {
            assert!(
                n == 1 || !rational_root_exists(f),
                "{f} has a rational root"
            );
            return;
        }
        let mut possible = vec![true; n + 1];
        for p in (3u64..500).filter(|&p| is_prime(p)) {
            if (f.leading() % BigInt::from(p)).is_zero() {
                continue;
            }
            let fp = modp::monic(&modp::from_poly(f, p), p);
            if !modp::is_squarefree(&fp, p) {
                continue;
            }
            let mut sums = vec![false; n + 1];
            sums[0] = true;
            for d in modp::factor_degrees(&fp, p) {
                for k in (d..=n).rev() {
                    sums[k] |= sums[k - d];
                }
            }
            for (a, b) in possible.iter_mut().zip(sums) {
                *a &= b;
            }
        }
        assert!(
            (1..n).all(|d| !possible[d]),
            "{f}: irreducibility not proved"
        );
    }

    #[test]
    fn small_products_factor_exhaustively() {
        // All products of two monic-ish small polynomials of degree ≤ 2, coefficients in -2..=2.
        let mut small = Vec::new();
        for a in -2..=2 {
            for b in -2..=2 {
                for c in 1..=2 {
                    small.push(Poly::from_i64(&[a, b, c]));
                }
                small.push(Poly::from_i64(&[a, b]));
            }
        }
        small.retain(|p| p.degree().is_some_and(|d| d >= 1));
        for (i, a) in small.iter().enumerate() {
            for b in small.iter().skip(i).step_by(3) {
                let f = a * b;
                let fz = factor(&f).unwrap();
                assert_eq!(fz.expand(), f, "{f}");
                for (g, _) in &fz.factors {
                    assert!(g.leading().is_positive() && g.content().is_one());
                    check_irreducible(g);
                }
                assert!(fz
                    .factors
                    .windows(2)
                    .all(|w| factor_order(&w[0].0, &w[1].0).is_lt()));
            }
        }
    }

    #[test]
    fn random_products_factor_back() {
        let mut rng = Rng::new(5);
        for t in 0..30 {
            let k = 1 + t % 4;
            let mut planted = Vec::new();
            let mut f = Poly::one();
            for _ in 0..k {
                let deg = 1 + (rng.next() % 6) as usize;
                let g = rand_poly(&mut rng, deg, 12 + t as u32);
                if g.degree().is_some_and(|d| d > 0) {
                    f = &f * &g;
                    planted.push(g);
                }
            }
            let fz = factor(&f).unwrap();
            assert_eq!(fz.expand(), f);
            let total: usize = fz
                .factors
                .iter()
                .map(|(g, m)| g.degree().unwrap() * m)
                .sum();
            assert_eq!(Some(total), f.degree());
            for (g, _) in &fz.factors {
                check_irreducible(g);
            }
            // Every planted factor is a product of reported ones.
            for g in &planted {
                let mut h = g.primitive_part();
                for (q, _) in &fz.factors {
                    while let Some(r) = h.checked_div_exact(q) {
                        h = r;
                    }
                }
                assert_eq!(h.degree(), Some(0));
            }
        }
    }

    #[test]
    fn degree_40_product_of_five_octics_with_30_digit_coefficients() {
        // Asserts the product check and that at least the 5 planted factors come back.
        let t = crate::algebra::bench::bench_factor_degree40();
        assert!(t.as_secs() < 60);
    }

    #[test]
    fn cyclotomic_and_swinnerton_dyer_like_cases() {
        // x^12 - 1 = Φ1 Φ2 Φ3 Φ4 Φ6 Φ12 (six factors, many modular ones).
        let f = Poly::from_i64(&[-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
        let fz = factor(&f).unwrap();
        assert_eq!(fz.factors.len(), 6);
        assert_eq!(fz.expand(), f);
        // x^60 - 1 = Π_{d | 60} Φ_d: 12 cyclotomic factors, degrees φ(d).
        let f = &Poly::monomial(BigInt::one(), 60) - &Poly::one();
        let fz = factor(&f).unwrap();
        let mut degs: Vec<usize> = fz
            .factors
            .iter()
            .map(|(g, _)| g.degree().unwrap())
            .collect();
        degs.sort();
        assert_eq!(degs, vec![1, 1, 2, 2, 2, 4, 4, 4, 8, 8, 8, 16]);
        assert_eq!(fz.expand(), f);
        // x^4 + 1 is irreducible over Q but splits modulo every prime.
        assert!(is_irreducible(&Poly::from_i64(&[1, 0, 0, 0, 1])));
        // x^4 - 10x^2 + 1 (minimal polynomial of √2 + √3), likewise.
        assert!(is_irreducible(&Poly::from_i64(&[1, 0, -10, 0, 1])));
        // Swinnerton-Dyer polynomials for {2, 3, 5} and {2, 3, 5, 7}: irreducible, yet at
        // least 4 (resp. 8) factors modulo every prime, so recombination must work. The
        // coefficients are Π(x - (±√2 ± √3 ± √5 [± √7])) expanded numerically and rounded
        // (float error < 1e-7), an independent route.
        let sd8 = Poly::from_i64(&[576, 0, -960, 0, 352, 0, -40, 0, 1]);
        let sd16 = Poly::from_i64(&[
            46225, 0, -5596840, 0, 13950764, 0, -7453176, 0, 1513334, 0, -141912, 0, 6476, 0, -136,
            0, 1,
        ]);
        assert!(is_irreducible(&sd8));
        assert!(is_irreducible(&sd16));
        let f = &(&sd8 * &sd16) * &Poly::from_i64(&[1, 0, -10, 0, 1]);
        let fz = factor(&f).unwrap();
        assert_eq!(fz.factors.len(), 3);
        assert_eq!(fz.expand(), f);
    }
}

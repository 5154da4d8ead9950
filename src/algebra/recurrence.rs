//! Linear recurrences with constant coefficients: the minimal recurrence of a sequence
//! (Berlekamp–Massey over Q), its generating function, and the n-th term for large n
//! without stepping (Fiduccia's `x^n mod p` with Kronecker-substituted squaring).
//!
//! A recurrence is written as its monic characteristic polynomial in the shift operator `E`
//! (`E s(n) = s(n+1)`), as in Lunnon's Hanoi survey (seed `000_3e39fda85b098e00.txt`):
//! `E^10 - E^9 - ... - 8` means `s(n+10) = s(n+9) + ... + 8 s(n)`. The polynomial may contain
//! a factor `E^k`: the sequence then satisfies the rest of the polynomial only from its
//! `k`-th term on (the *offset*), which is how transients such as Antwerp's first term are
//! represented.
//!
//! Sources: J. L. Massey, *Shift-register synthesis and BCH decoding*, IEEE Trans. Inf.
//! Theory 15 (1969) 122–127; C. M. Fiduccia, *An efficient formula for linear recurrences*,
//! SIAM J. Comput. 14 (1985) 106–112; Kronecker substitution as in D. Harvey, *Faster
//! polynomial multiplication via multipoint Kronecker substitution*, J. Symb. Comp. 44 (2009).

use super::error::AlgebraError;
use super::factor::factor;
use super::kronecker::{pack, unpack};
use super::poly::Poly;
use super::ratio;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::time::{Duration, Instant};

/// Index from which [`Recurrence::nth_term`] factors the polynomial first.
pub const SPLIT_FROM: u64 = 10_000;

/// Terms beyond the `2 * order` that determine a recurrence which
/// [`minimal_recurrence`] requires as confirmation.
pub const CONFIRMATION_TERMS: usize = 2;

/// A linear recurrence: a monic characteristic polynomial in `E` (integer coefficients).
///
/// ```
/// use hanoilab::algebra::{minimal_recurrence, Poly};
/// // Fibonacci: E^2 - E - 1
/// let f: Vec<num_bigint::BigInt> = [0, 1, 1, 2, 3, 5, 8, 13].iter().map(|&v| v.into()).collect();
/// let r = minimal_recurrence(&f).unwrap();
/// assert_eq!(r.poly(), &Poly::from_i64(&[-1, -1, 1]));
/// assert_eq!(r.nth_term(&f, 100).unwrap().to_string(), "354224848179261915075");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Recurrence {
    poly: Poly,
    offset: usize,
}

impl Recurrence {
    /// The recurrence with this monic characteristic polynomial (`None` unless monic).
    pub fn from_poly(poly: Poly) -> Option<Recurrence> {
        if !poly.is_monic() {
            return None;
        }
        let offset = poly.coeffs().iter().take_while(|c| c.is_zero()).count();
        Some(Recurrence { poly, offset })
    }

    /// The monic characteristic polynomial in `E`, including any factor `E^offset`.
    pub fn poly(&self) -> &Poly {
        &self.poly
    }

    /// The order (degree of [`Recurrence::poly`]).
    pub fn order(&self) -> usize {
        self.poly.degree().unwrap_or(0)
    }

    /// The power of `E` dividing the polynomial: the reduced recurrence
    /// [`Recurrence::reduced`] holds from the term of index `offset` on (0-based).
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The polynomial without its factor `E^offset`.
    pub fn reduced(&self) -> Poly {
        Poly::new(self.poly.coeffs()[self.offset..].to_vec())
    }

    /// `c_1, ..., c_d` with `s(n+d) = c_1 s(n+d-1) + ... + c_d s(n)`.
    pub fn coefficients(&self) -> Vec<BigInt> {
        let d = self.order();
        (1..=d).map(|i| -self.poly.coeff(d - i)).collect()
    }

    /// The invariant: monic, and the offset is exactly the multiplicity of the root 0.
    pub fn is_valid(&self) -> bool {
        self.poly.is_valid()
            && self.poly.is_monic()
            && self.offset
                == self
                    .poly
                    .coeffs()
                    .iter()
                    .take_while(|c| c.is_zero())
                    .count()
    }

    /// Whether this recurrence's polynomial divides `p` (so every sequence it generates also
    /// satisfies `p`).
    pub fn divides(&self, p: &Poly) -> bool {
        self.cofactor(p).is_some()
    }

    /// `q` with `p = q * self.poly()`, if the division is exact (over Z, the divisor being
    /// monic).
    pub fn cofactor(&self, p: &Poly) -> Option<Poly> {
        let (q, r) = p.divrem_monic(&self.poly);
        r.is_zero().then_some(q)
    }

    /// The smallest `n0` such that every term of `terms` (`terms[i]` is `s(n_first + i)`)
    /// at `n >= n0` follows from the terms before it by this recurrence, the zero
    /// coefficients of the factor `E^offset` left out (so a term needs only the
    /// `order - offset` terms before it). A sequence whose first terms are irregular
    /// satisfies its minimal recurrence only from some `n0`: applied from an earlier start
    /// the recurrence gives wrong terms. `terms` must reach well past the `n` where the
    /// recurrence is known to hold (the caller's proof), e.g. by the order plus the offset.
    ///
    /// ```
    /// use hanoilab::algebra::{Poly, Recurrence};
    /// // 5, then 2^n - 1 from n = 1: E^2 - 3E + 2 holds from n = 3 (s(2) = 3 s(1) - 2 s(0) fails).
    /// let r = Recurrence::from_poly(Poly::from_i64(&[2, -3, 1])).unwrap();
    /// let s: Vec<_> = [5, 1, 3, 7, 15, 31].iter().map(|&v| v.into()).collect();
    /// assert_eq!(r.valid_from(&s, 0), 3);
    /// ```
    pub fn valid_from(&self, terms: &[BigInt], n_first: i64) -> i64 {
        let span = self.order() - self.offset;
        let c = self.coefficients();
        let holds = |i: usize| -> bool {
            let v: BigInt = (1..=span).map(|k| &c[k - 1] * &terms[i - k]).sum();
            v == terms[i]
        };
        let last_failure = (span..terms.len()).rev().find(|&i| !holds(i));
        n_first + last_failure.map_or(span, |i| i + 1) as i64
    }

    /// The first index (0-based) at which `terms` violates the recurrence, if any.
    pub fn first_violation(&self, terms: &[BigInt]) -> Option<usize> {
        let d = self.order();
        let c = self.coefficients();
        (d..terms.len()).find(|&n| {
            let v: BigInt = (1..=d).map(|i| &c[i - 1] * &terms[n - i]).sum();
            v != terms[n]
        })
    }

    /// The first `count` terms generated from the first `order` terms of `initial`.
    pub fn extend(&self, initial: &[BigInt], count: usize) -> Result<Vec<BigInt>, AlgebraError> {
        let d = self.order();
        self.require_initial(initial)?;
        let c = self.coefficients();
        let mut out: Vec<BigInt> = initial[..d.min(count)].to_vec();
        while out.len() < count {
            let n = out.len();
            out.push((1..=d).map(|i| &c[i - 1] * &out[n - i]).sum());
        }
        Ok(out)
    }

    fn require_initial(&self, initial: &[BigInt]) -> Result<(), AlgebraError> {
        if initial.len() < self.order() {
            return Err(AlgebraError::DimensionMismatch {
                context: "initial terms of the recurrence".into(),
                expected: self.order(),
                found: initial.len(),
            });
        }
        Ok(())
    }

    /// The generating function `sum_{n>=0} s(n) x^n = P(x) / Q(x)`, with
    /// `Q(x) = x^d p(1/x)` (so `Q(0) = 1`) and `P = (s(0) + ... + s(d-1) x^{d-1}) Q mod x^d`.
    /// Returns `(P, Q)`.
    ///
    /// ```
    /// use hanoilab::algebra::{Poly, Recurrence};
    /// // 2^n - 1 (classic Hanoi from n = 0): E^2 - 3E + 2, gf x / ((1 - x)(1 - 2x))
    /// let r = Recurrence::from_poly(Poly::from_i64(&[2, -3, 1])).unwrap();
    /// let (p, q) = r.generating_function(&[0.into(), 1.into()]).unwrap();
    /// assert_eq!((p, q), (Poly::from_i64(&[0, 1]), Poly::from_i64(&[1, -3, 2])));
    /// ```
    pub fn generating_function(&self, initial: &[BigInt]) -> Result<(Poly, Poly), AlgebraError> {
        self.require_initial(initial)?;
        let d = self.order();
        let q = Poly::new((0..=d).map(|j| self.poly.coeff(d - j)).collect());
        let s = Poly::new(initial[..d].to_vec());
        let prod = &s * &q;
        let p = Poly::new(prod.coeffs().iter().take(d).cloned().collect());
        Ok((p, q))
    }

    /// The term of index `n` (0-based; `initial` holds terms `0..order`) without stepping:
    /// with `x^n mod p = sum r_i x^i` ([`x_pow_mod`]), `s(n) = sum r_i s(i)` (Fiduccia).
    ///
    /// The last squaring is never carried out: writing `n = 2m + b` and
    /// `A = x^m mod p`, `s(n) = sum_{i,j} A_i A_j s(i + j + b)` (the functional
    /// `x^k -> s(k)` is compatible with reduction mod `p`), a Hankel form costing `d` products
    /// of half-size numbers instead of one square of the polynomial.
    /// Cost: `O(log n)` squarings of a degree-`d` polynomial ([`Squaring::Auto`]); the last
    /// ones dominate.
    ///
    /// From `n >= SPLIT_FROM` the polynomial is first split into coprime factors
    /// ([`Recurrence::nth_term_split_with`]): Rainbow's `DDD(10^6)` takes 0.3 s that way
    /// against 0.8 s unsplit (see `recurrence_bench`).
    pub fn nth_term(&self, initial: &[BigInt], n: u64) -> Result<BigInt, AlgebraError> {
        let mut prof = PowProfile::default();
        if n >= SPLIT_FROM {
            self.nth_term_split_with(initial, n, Squaring::Auto, &mut prof)
        } else {
            self.nth_term_with(initial, n, Squaring::Auto, &mut prof)
        }
    }

    /// `s(n)` by stepping the recurrence, when `n < below` (too small for the fast routes);
    /// checks the initial values either way.
    fn by_stepping(
        &self,
        initial: &[BigInt],
        n: u64,
        below: usize,
    ) -> Result<Option<BigInt>, AlgebraError> {
        self.require_initial(initial)?;
        if n >= below as u64 {
            return Ok(None);
        }
        Ok(Some(
            self.extend(initial, n as usize + 1)?
                .swap_remove(n as usize),
        ))
    }

    /// [`Recurrence::nth_term`] with a chosen squaring method, recording where the time goes.
    pub fn nth_term_with(
        &self,
        initial: &[BigInt],
        n: u64,
        method: Squaring,
        prof: &mut PowProfile,
    ) -> Result<BigInt, AlgebraError> {
        let d = self.order();
        if d == 0 {
            self.require_initial(initial)?;
            return Ok(BigInt::zero());
        }
        if let Some(v) = self.by_stepping(initial, n, 2 * d)? {
            return Ok(v);
        }
        let (m, b) = (n / 2, (n % 2) as usize);
        let a = x_pow_mod_with(m, &self.poly, method, prof);
        let t = Instant::now();
        let s = self.extend(initial, 2 * d + 1)?;
        let a = a.coeffs();
        // h_i = sum_j s(i + j + b) A_j: small times big
        let h: Vec<BigInt> = (0..a.len())
            .map(|i| {
                a.iter()
                    .enumerate()
                    .filter(|(j, _)| !s[i + j + b].is_zero())
                    .map(|(j, aj)| aj * &s[i + j + b])
                    .sum()
            })
            .collect();
        prof.reduce += t.elapsed();
        let t = Instant::now();
        let v = a.iter().zip(&h).map(|(x, y)| x * y).sum();
        prof.multiply += t.elapsed();
        Ok(v)
    }

    /// [`Recurrence::nth_term`] by splitting the polynomial into coprime parts first
    /// (complete factorisation over Q, [`factor`]): the sequence is the sum of its
    /// projections on the parts (exact rational initial values from one linear system), each
    /// computed by Fiduccia on its own, smaller polynomial and scaled to integers. Pays off
    /// when the dominant root lives in a small factor (Rainbow's DDD: degree 4 of 10, and
    /// the squaring cost is quadratic in the degree).
    pub fn nth_term_split_with(
        &self,
        initial: &[BigInt],
        n: u64,
        method: Squaring,
        prof: &mut PowProfile,
    ) -> Result<BigInt, AlgebraError> {
        let (d, k) = (self.order(), self.offset);
        if let Some(v) = self.by_stepping(initial, n, k + 2 * d)? {
            return Ok(v);
        }
        let q = self.reduced();
        let m = q.degree().unwrap_or(0);
        if m == 0 {
            return Ok(BigInt::zero());
        }
        let parts: Vec<Poly> = match factor(&q) {
            Ok(f) => f
                .factors
                .iter()
                .map(|(g, e)| (0..*e).fold(Poly::one(), |acc, _| &acc * g))
                .collect(),
            Err(_) => vec![q.clone()],
        };
        let u: Vec<BigRational> = self
            .extend(initial, k + m)?
            .into_iter()
            .skip(k)
            .map(BigRational::from_integer)
            .collect();
        let mut columns: Vec<Vec<BigRational>> = Vec::with_capacity(m);
        for g in &parts {
            let dg = g.degree().unwrap_or(0);
            for i in 0..dg {
                let mut init = vec![BigRational::zero(); dg];
                init[i] = BigRational::one();
                columns.push(run_recurrence(g, &init, m));
            }
        }
        let a: Vec<Vec<BigRational>> = (0..m)
            .map(|r| columns.iter().map(|c| c[r].clone()).collect())
            .collect();
        let x = solve_q(a, u).expect("the kernels of coprime parts are independent");
        // Scale every part to integers with one common denominator: no big gcd (a
        // rational sum would normalise 10^6-digit fractions, quadratic in num-bigint).
        let den = x.iter().fold(BigInt::one(), |acc, v| {
            num_integer::Integer::lcm(&acc, v.denom())
        });
        let mut total = BigInt::zero();
        let mut at = 0;
        for g in &parts {
            let dg = g.degree().unwrap_or(0);
            let int_init: Vec<BigInt> = x[at..at + dg]
                .iter()
                .map(|v| (v * BigRational::from_integer(den.clone())).to_integer())
                .collect();
            at += dg;
            let rec = Recurrence::from_poly(g.clone()).expect("monic factor");
            total += rec.nth_term_with(&int_init, n - k as u64, method, prof)?;
        }
        let (quot, rem) = num_integer::Integer::div_rem(&total, &den);
        debug_assert!(
            rem.is_zero(),
            "the parts of an integer sequence sum to an integer"
        );
        Ok(quot)
    }
}

/// Solves the square system `a x = b` over Q (Gaussian elimination); `None` if singular.
pub(crate) fn solve_q(
    mut a: Vec<Vec<BigRational>>,
    mut b: Vec<BigRational>,
) -> Option<Vec<BigRational>> {
    let n = b.len();
    for k in 0..n {
        let p = (k..n).find(|&i| !a[i][k].is_zero())?;
        a.swap(k, p);
        b.swap(k, p);
        for i in 0..n {
            if i == k || a[i][k].is_zero() {
                continue;
            }
            let f = ratio::mul(&a[i][k], &ratio::recip(&a[k][k]));
            let pivot_row = a[k].clone();
            for (x, y) in a[i].iter_mut().zip(&pivot_row).skip(k) {
                if !y.is_zero() {
                    *x = ratio::sub(x, &ratio::mul(&f, y));
                }
            }
            let v = ratio::mul(&f, &b[k]);
            b[i] = ratio::sub(&b[i], &v);
        }
    }
    Some(
        (0..n)
            .map(|i| ratio::mul(&b[i], &ratio::recip(&a[i][i])))
            .collect(),
    )
}

/// The values at `n0, n0 + 1, ..., n0 + count - 1` of the sequence with recurrence `f`
/// (monic, degree m) and initial values `init` at `n0..n0+m`.
pub(crate) fn run_recurrence(f: &Poly, init: &[BigRational], count: usize) -> Vec<BigRational> {
    let m = f.degree().unwrap_or(0);
    let mut v: Vec<BigRational> = init.to_vec();
    while v.len() < count {
        let k = v.len();
        let s = (0..m).fold(BigRational::zero(), |acc, j| {
            let c = BigRational::from_integer(-f.coeff(j));
            ratio::add(&acc, &ratio::mul(&c, &v[k - m + j]))
        });
        v.push(s);
    }
    v.truncate(count);
    v
}

/// The linear complexity of `terms` over Q: the least order `L` of a linear recurrence with
/// rational coefficients `a(n) = c_1 a(n-1) + ... + c_L a(n-L)` that holds at every `n >= L`
/// of the terms (exact Berlekamp–Massey). No recurrence of order below `L` holds on all of
/// them.
///
/// ```
/// use hanoilab::algebra::linear_complexity;
/// let a: Vec<num_bigint::BigInt> = [1, 3, 7, 15, 31].iter().map(|&v| v.into()).collect();
/// assert_eq!(linear_complexity(&a), 2);
/// // Fibonacci's law, order 2, breaks at the last term: the least order that holds is 5
/// let b: Vec<num_bigint::BigInt> = [1, 1, 2, 3, 5, 8, 14].iter().map(|&v| v.into()).collect();
/// assert_eq!(linear_complexity(&b), 5);
/// ```
pub fn linear_complexity(terms: &[BigInt]) -> usize {
    berlekamp_massey(terms).0
}

/// Berlekamp–Massey over Q on all of `terms`: `(L, connection polynomial 1 + c_1 x + ...)`.
fn berlekamp_massey(terms: &[BigInt]) -> (usize, Vec<BigRational>) {
    let s: Vec<BigRational> = terms
        .iter()
        .map(|t| BigRational::from_integer(t.clone()))
        .collect();
    let mut c = vec![BigRational::one()];
    let mut b = vec![BigRational::one()];
    let mut l = 0usize;
    let mut m = 1usize;
    let mut bd = BigRational::one();
    for n in 0..s.len() {
        let mut disc = s[n].clone();
        for i in 1..=l.min(c.len() - 1) {
            if !c[i].is_zero() {
                disc = ratio::add(&disc, &ratio::mul(&c[i], &s[n - i]));
            }
        }
        if disc.is_zero() {
            m += 1;
            continue;
        }
        let f = ratio::mul(&disc, &ratio::recip(&bd));
        let old = c.clone();
        if c.len() < b.len() + m {
            c.resize(b.len() + m, BigRational::zero());
        }
        for (i, bi) in b.iter().enumerate() {
            if !bi.is_zero() {
                c[i + m] = ratio::sub(&c[i + m], &ratio::mul(&f, bi));
            }
        }
        if 2 * l <= n {
            l = n + 1 - l;
            b = old;
            bd = disc;
            m = 1;
        } else {
            m += 1;
        }
    }
    c.resize(l + 1, BigRational::zero());
    (l, c)
}

fn recurrence_from_connection(l: usize, c: &[BigRational]) -> Result<Recurrence, AlgebraError> {
    // E^L + c_1 E^{L-1} + ... + c_L, lowest first: c_L, ..., c_1, 1
    let coeffs: Vec<BigRational> = (0..=l).map(|j| c[l - j].clone()).collect();
    let poly = Poly::try_from_rationals(&coeffs)?;
    Ok(Recurrence::from_poly(poly).expect("Berlekamp–Massey gives a monic polynomial"))
}

/// The minimal linear recurrence of `terms` (Berlekamp–Massey over Q), confirmed: a
/// recurrence of order `L` is determined by `2L` terms, and `CONFIRMATION_TERMS` more are
/// required to check it. The result has integer coefficients (Fatou's lemma, for a genuine
/// integer recurrence sequence) and may contain a factor `E^k` for a transient.
/// `O(N^2)` rational operations for `N` terms.
///
/// # Errors
/// [`AlgebraError::SequenceTooShort`] when fewer than `2L + CONFIRMATION_TERMS` terms are
/// given; [`AlgebraError::NonIntegerRecurrence`] when the shortest recurrence is not integral.
///
/// ```
/// use hanoilab::algebra::{minimal_recurrence, Poly};
/// let a: Vec<num_bigint::BigInt> = [1, 3, 7, 15, 31, 63].iter().map(|&v| v.into()).collect();
/// assert_eq!(minimal_recurrence(&a).unwrap().poly(), &Poly::from_i64(&[2, -3, 1]));
/// assert!(minimal_recurrence(&a[..4]).is_err()); // 4 < 2*2 + 2
/// ```
pub fn minimal_recurrence(terms: &[BigInt]) -> Result<Recurrence, AlgebraError> {
    let (l, c) = berlekamp_massey(terms);
    let needed = (2 * l + CONFIRMATION_TERMS).max(CONFIRMATION_TERMS);
    if terms.len() < needed {
        return Err(AlgebraError::SequenceTooShort {
            given: terms.len(),
            needed,
        });
    }
    recurrence_from_connection(l, &c)
}

/// The minimal recurrence of `terms` when its order is known to be at most `max_order`
/// (e.g. the degree of a matrix's minimal polynomial): then `2 * max_order` terms determine
/// it exactly and no confirmation is needed.
pub fn minimal_recurrence_bounded(
    terms: &[BigInt],
    max_order: usize,
) -> Result<Recurrence, AlgebraError> {
    let (l, c) = berlekamp_massey(terms);
    let needed = 2 * max_order.max(l);
    if terms.len() < needed {
        return Err(AlgebraError::SequenceTooShort {
            given: terms.len(),
            needed,
        });
    }
    recurrence_from_connection(l, &c)
}

/// `x^n mod p` for a monic `p` of degree `d >= 1` (a polynomial of degree `< d`), by binary
/// powering: square, reduce, and multiply by `x` for each one bit of `n`. Each squaring is a
/// single big-integer squaring by Kronecker substitution ([`kronecker_square`]).
///
/// # Panics
/// If `p` is not monic or is constant.
pub fn x_pow_mod(n: u64, p: &Poly) -> Poly {
    x_pow_mod_with(n, p, Squaring::Auto, &mut PowProfile::default())
}

/// How [`x_pow_mod`] squares a polynomial with big coefficients.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Squaring {
    /// One big-integer squaring of the Kronecker-packed polynomial ([`kronecker_square`]).
    Kronecker,
    /// `d (d + 1) / 2` coefficient products, symmetric schoolbook ([`schoolbook_square`]).
    Schoolbook,
    /// Kronecker while coefficients are small, schoolbook from [`AUTO_SCHOOLBOOK_BITS`] on:
    /// num-bigint multiplies by Toom-3 at most, whose cost per bit grows with the size, and
    /// Kronecker packing doubles every slot, so for large coefficients `d^2 / 2` products of
    /// single size beat one product of `2d` times the size (measured in `recurrence_bench`).
    #[default]
    Auto,
}

/// Coefficient size (bits) from which [`Squaring::Auto`] uses the schoolbook.
pub const AUTO_SCHOOLBOOK_BITS: u64 = 16_384;

/// Where the time of [`x_pow_mod`] goes (accumulated over all squarings).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PowProfile {
    /// Packing coefficients into one integer and unpacking the square.
    pub pack_unpack: Duration,
    /// The big-integer squarings themselves.
    pub multiply: Duration,
    /// Reduction modulo the recurrence polynomial (and the multiplications by `x`).
    pub reduce: Duration,
    /// Number of squarings.
    pub squarings: u32,
    /// Bits of the largest packed operand (the last squaring).
    pub largest_operand_bits: u64,
}

/// [`x_pow_mod`] with a chosen squaring method, recording in `prof` where the time goes.
///
/// # Panics
/// If `p` is not monic or is constant.
pub fn x_pow_mod_with(n: u64, p: &Poly, method: Squaring, prof: &mut PowProfile) -> Poly {
    assert!(
        p.is_monic() && p.degree().unwrap_or(0) >= 1,
        "x_pow_mod needs a monic modulus of degree >= 1"
    );
    let d = p.degree().unwrap_or(0);
    let mut r = Poly::one();
    if n == 0 {
        return r.rem_monic(p);
    }
    let top = 63 - n.leading_zeros();
    for bit in (0..=top).rev() {
        let big = r.coeffs().iter().map(|c| c.bits()).max().unwrap_or(0);
        let sq = match method {
            Squaring::Kronecker => kronecker_square_profiled(&r, prof),
            Squaring::Auto if big < AUTO_SCHOOLBOOK_BITS => kronecker_square_profiled(&r, prof),
            _ => schoolbook_square_profiled(&r, prof),
        };
        let t = Instant::now();
        r = sq.rem_monic(p);
        if (n >> bit) & 1 == 1 {
            // multiply by x: shift, then one reduction step
            let mut v = Vec::with_capacity(d + 1);
            v.push(BigInt::zero());
            v.extend(r.coeffs().iter().cloned());
            v.resize(d + 1, BigInt::zero());
            let lead = v[d].clone();
            if !lead.is_zero() {
                for (j, pj) in p.coeffs().iter().enumerate().take(d) {
                    if !pj.is_zero() {
                        v[j] -= &lead * pj;
                    }
                }
                v[d] = BigInt::zero();
            }
            r = Poly::new(v);
        }
        prof.reduce += t.elapsed();
    }
    r
}

/// `a^2` by Kronecker substitution: pack the coefficients into one integer `A = a(2^b)` with
/// `b` wide enough for every coefficient of the square (and its sign), compute `A^2` by one
/// big-integer multiplication, and unpack in balanced digits.
pub fn kronecker_square(a: &Poly) -> Poly {
    kronecker_square_profiled(a, &mut PowProfile::default())
}

fn kronecker_square_profiled(a: &Poly, prof: &mut PowProfile) -> Poly {
    let c = a.coeffs();
    if c.len() <= 1 {
        return a * a;
    }
    let t = Instant::now();
    let bits = c.iter().map(|v| v.bits()).max().unwrap_or(0);
    let len_bits = (usize::BITS - c.len().leading_zeros()) as u64;
    let b = 2 * bits + len_bits + 2;
    let packed = pack(c, b);
    prof.largest_operand_bits = prof.largest_operand_bits.max(packed.bits());
    let t1 = Instant::now();
    let sq = &packed * &packed;
    let t2 = Instant::now();
    let out = Poly::new(unpack(&sq, b, 2 * c.len() - 1));
    prof.squarings += 1;
    prof.multiply += t2 - t1;
    prof.pack_unpack += (t1 - t) + t2.elapsed();
    out
}

/// `a^2` coefficient by coefficient, using the symmetry: `d (d + 1) / 2` products.
pub fn schoolbook_square(a: &Poly) -> Poly {
    schoolbook_square_profiled(a, &mut PowProfile::default())
}

fn schoolbook_square_profiled(a: &Poly, prof: &mut PowProfile) -> Poly {
    let c = a.coeffs();
    if c.is_empty() {
        return Poly::zero();
    }
    let t = Instant::now();
    let mut out = vec![BigInt::zero(); 2 * c.len() - 1];
    for i in 0..c.len() {
        if c[i].is_zero() {
            continue;
        }
        for j in i + 1..c.len() {
            if !c[j].is_zero() {
                out[i + j] += &c[i] * &c[j];
            }
        }
    }
    for v in out.iter_mut() {
        *v <<= 1u32;
    }
    for (i, ci) in c.iter().enumerate() {
        out[2 * i] += ci * ci;
    }
    prof.squarings += 1;
    prof.largest_operand_bits = prof
        .largest_operand_bits
        .max(c.iter().map(|v| v.bits()).max().unwrap_or(0));
    prof.multiply += t.elapsed();
    Poly::new(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::matrix::{nth_term_matrix_power, ZMatrix};

    fn big(v: &[i64]) -> Vec<BigInt> {
        v.iter().map(|&x| BigInt::from(x)).collect()
    }

    fn rng_matrix(seed: u64, n: usize) -> ZMatrix {
        let mut s = seed;
        let rows: Vec<Vec<i64>> = (0..n)
            .map(|_| {
                (0..n)
                    .map(|_| {
                        s = s
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        ((s >> 33) % 7) as i64 - 3
                    })
                    .collect()
            })
            .collect();
        ZMatrix::from_i64(&rows).unwrap()
    }

    #[test]
    fn cyclic_recurrence_from_terms() {
        // Lunnon, Cyclic Hanoi (seed 000_3e39fda85b098e00.txt): A(n+3) = 3A(n+2) - 2A(n),
        // i.e. E^3 - 3E^2 + 2; A = 0, 2, 7, 21, 59, 163, ...
        let a = big(&[0, 2, 7, 21, 59, 163, 447, 1223]);
        let r = minimal_recurrence(&a).unwrap();
        assert_eq!(r.poly(), &Poly::from_i64(&[2, 0, -3, 1]));
        assert_eq!(r.coefficients(), big(&[3, 0, -2]));
        assert!(r.is_valid());
        assert_eq!(r.first_violation(&a), None);
        assert_eq!(r.extend(&a, 8).unwrap(), a);
    }

    #[test]
    fn too_short_and_transients() {
        let a = big(&[0, 2, 7, 21, 59, 163]);
        assert!(matches!(
            minimal_recurrence(&a),
            Err(AlgebraError::SequenceTooShort {
                given: 6,
                needed: 8
            })
        ));
        assert!(minimal_recurrence(&[]).is_err());
        // a transient: 5, then 2^n: E (E - 2)
        let t = big(&[5, 2, 4, 8, 16, 32, 64]);
        let r = minimal_recurrence(&t).unwrap();
        assert_eq!(r.poly(), &Poly::from_i64(&[0, -2, 1]));
        assert_eq!(r.offset(), 1);
        assert_eq!(r.reduced(), Poly::from_i64(&[-2, 1]));
        assert_eq!(r.nth_term(&t, 6).unwrap(), BigInt::from(64));
        // zero sequence: order 0
        let z = big(&[0, 0, 0]);
        let r = minimal_recurrence(&z).unwrap();
        assert_eq!(r.order(), 0);
        assert_eq!(r.nth_term(&z, 1000).unwrap(), BigInt::zero());
    }

    #[test]
    fn split_and_plain_routes_agree_far_out() {
        // Cyclic (E - 1)(E^2 - 2E - 2) and a repeated factor (E - 1)^2 (E - 2)
        for (p, init) in [
            (Poly::from_i64(&[2, 0, -3, 1]), big(&[0, 2, 7])),
            (Poly::from_i64(&[-2, 5, -4, 1]), big(&[6, 22, 58])),
        ] {
            let r = Recurrence::from_poly(p).unwrap();
            let n = SPLIT_FROM + 123;
            let mut prof = PowProfile::default();
            let plain = r
                .nth_term_with(&init, n, Squaring::Kronecker, &mut prof)
                .unwrap();
            assert_eq!(r.nth_term(&init, n).unwrap(), plain);
        }
    }

    #[test]
    fn divisibility_and_generating_function() {
        let r = Recurrence::from_poly(Poly::from_i64(&[2, 0, -3, 1])).unwrap();
        let p = &Poly::from_i64(&[0, 1]) * r.poly();
        assert_eq!(r.cofactor(&p), Some(Poly::x()));
        assert!(!r.divides(&Poly::from_i64(&[1, 1])));
        let a = big(&[0, 2, 7]);
        let (num, den) = r.generating_function(&a).unwrap();
        // check P = S * Q up to x^20
        let s = r.extend(&a, 20).unwrap();
        let prod = &Poly::new(s) * &den;
        for k in 0..20 {
            assert_eq!(prod.coeff(k), num.coeff(k), "x^{k}");
        }
        assert_eq!(den.coeff(0), BigInt::one());
    }

    #[test]
    fn kronecker_square_matches_schoolbook() {
        let p = Poly::new(big(&[-5, 0, 3, -1_000_000_007, 1, -1]));
        assert_eq!(kronecker_square(&p), &p * &p);
        let big_c: BigInt = BigInt::from(-3) << 200usize;
        let q = Poly::new(vec![big_c.clone(), BigInt::one(), -big_c, BigInt::from(-1)]);
        assert_eq!(kronecker_square(&q), &q * &q);
        assert_eq!(schoolbook_square(&q), &q * &q);
        assert_eq!(schoolbook_square(&p), &p * &p);
    }

    #[test]
    fn property_fast_nth_term_equals_stepping() {
        for seed in 0..40u64 {
            let n = 1 + (seed % 6) as usize;
            let m = rng_matrix(seed + 17, n);
            let v: Vec<BigInt> = (0..n).map(|i| BigInt::from(i as i64 - 1)).collect();
            let count = 2 * n + 30;
            let states = m.krylov(&v, count).unwrap();
            for comp in 0..n {
                let seq: Vec<BigInt> = states.iter().map(|s| s[comp].clone()).collect();
                let r = minimal_recurrence(&seq).unwrap();
                assert!(r.is_valid());
                // regenerates the sequence
                assert_eq!(r.first_violation(&seq), None);
                assert_eq!(r.extend(&seq, count).unwrap(), seq);
                // divides the characteristic polynomial
                assert!(r.divides(&m.charpoly_berkowitz().unwrap()));
                for k in [0u64, 1, 5, 17, count as u64 - 1] {
                    assert_eq!(r.nth_term(&seq, k).unwrap(), seq[k as usize]);
                }
                let far = 200u64;
                let fast = r.nth_term(&seq, far).unwrap();
                let slow = nth_term_matrix_power(&m, &v, far).unwrap();
                assert_eq!(fast, slow[comp], "seed {seed} component {comp}");
                let mut prof = PowProfile::default();
                let split = r.nth_term_split_with(&seq, far, Squaring::Auto, &mut prof);
                assert_eq!(split.unwrap(), slow[comp], "split, seed {seed}");
                for method in [Squaring::Kronecker, Squaring::Schoolbook] {
                    let mut prof = PowProfile::default();
                    let v = r.nth_term_with(&seq, far + 1, method, &mut prof).unwrap();
                    assert_eq!(v, m.mul_vec(&slow).unwrap()[comp]);
                    if r.order() > 0 {
                        assert_eq!(
                            x_pow_mod_with(far, r.poly(), method, &mut prof),
                            x_pow_mod(far, r.poly())
                        );
                    }
                }
            }
        }
    }
}

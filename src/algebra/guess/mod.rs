//! Conjectures from terms: the law a finite list of exact integer terms `a(n0), a(n0 + 1),
//! ...` obeys, with how many terms determined it and how many further terms confirm it.
//!
//! Three kinds of law are tried, in this order, and the first one the terms over-determine
//! by at least [`GuessOptions::confirmations`] terms is the guess:
//!
//! 1. a linear recurrence with constant coefficients ([`CFinite`]): the minimal one over Q
//!    ([`cfinite`]: Berlekamp–Massey modulo primes, lifted to Z and checked exactly), with the
//!    first `n` from which it holds (irregular first terms are a factor `E^k` of its
//!    polynomial), the rational generating function reproducing every term, the factored
//!    denominator, the closed form and the dominant root `lambda` (certified);
//! 2. a P-recursive law `sum P_i(n) a(n+i) = 0` of order at most
//!    [`GuessOptions::max_order`] and degree at most [`GuessOptions::max_degree`]
//!    ([`holonomic`]: an exact nullspace);
//! 3. separate laws for the residue classes of `n` modulo `m <= max_period`
//!    ([`periodic`]).
//!
//! A C-finite law `E^k q(E)` (`k` irregular first terms, `q` of degree `r`) is determined by
//! `k + 2r` terms: the irregular ones and the `2r` that fix `q`, which is found on the
//! shortest tail of the terms that over-determines it when the whole list does not (a law
//! that sets in late, as search optima often do). A P-recursive law with `u` unknown
//! coefficients is determined by `u - 1` equations, i.e. `u - 1 + r` terms. The guesser refuses
//! when fewer than `confirmations` terms remain beyond those: the error says how many terms
//! the shortest linear recurrence would need. Everything is exact (big integers and
//! rationals); a returned law holds on every term given, checked over Z.
//!
//! The same tools elsewhere: Maple's gfun (`listtorec`, `guessgf`), Mathematica's
//! `FindLinearRecurrence`, SymPy's `find_simple_recurrence`, the guessers of Sage's
//! ore_algebra (M. Kauers, *Guessing handbook*, RISC report 09-07, 2009).
//!
//! ```
//! use hanoilab::algebra::guess::{guess, GuessOptions, Law};
//! // 2^n - 1 from n = 0, but a(0) written as 5: the law holds from n = 3 on
//! let mut a: Vec<num_bigint::BigInt> = (0..20).map(|n| ((1u64 << n) - 1).into()).collect();
//! a[0] = 5.into();
//! let g = guess(&a, 0, &GuessOptions::default()).unwrap();
//! let Law::CFinite(c) = &g.law else { panic!() };
//! assert_eq!(c.to_text(), "a(n) = 3 a(n-1) - 2 a(n-2)");
//! assert_eq!(c.holds_from(), 3);
//! assert_eq!((g.law.determined_by(), g.law.confirmed_by()), (5, 15));
//! ```

pub mod bench;
pub mod cfinite;
pub mod holonomic;
pub(crate) mod modular;
pub mod periodic;

use super::closed_form::{closed_form, factor_parts, ClosedForm};
use super::dominant::{dominant_term, Dominant};
use super::error::AlgebraError;
use super::factor::{factor, Factorization};
use super::genfun::GeneratingFunction;
use super::recurrence::Recurrence;
use cfinite::{linear_complexity, minimal_recurrence_modular};
pub use holonomic::Holonomic;
use num_bigint::BigInt;
use num_traits::{Signed, Zero};
pub use periodic::Periodic;

/// Default of [`GuessOptions::confirmations`].
pub const DEFAULT_CONFIRMATIONS: usize = 5;

/// What the guesser tries and how sure it must be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuessOptions {
    /// Terms beyond those that determine a law which must agree with it.
    pub confirmations: usize,
    /// Largest order of a P-recursive law.
    pub max_order: usize,
    /// Largest degree of its polynomial coefficients.
    pub max_degree: usize,
    /// Largest period of a periodic law.
    pub max_period: usize,
    /// Certified digits of `lambda` and the closed form's constants.
    pub digits: usize,
    /// Whether to compute the closed form and `lambda` of a C-finite law (one exact linear
    /// system of the order's size over the terms; the recurrence itself does not need it).
    pub closed_form: bool,
}

impl Default for GuessOptions {
    fn default() -> GuessOptions {
        GuessOptions {
            confirmations: DEFAULT_CONFIRMATIONS,
            max_order: 4,
            max_degree: 4,
            max_period: 4,
            digits: 30,
            closed_form: true,
        }
    }
}

/// A linear recurrence with constant coefficients found from terms.
#[derive(Clone, Debug, PartialEq)]
pub struct CFinite {
    /// The minimal recurrence of all the terms, including the factor `E^k` of `k` irregular
    /// first terms.
    pub recurrence: Recurrence,
    /// The `n` of the first term.
    pub first_n: u64,
    /// The first `order` terms: with the recurrence they generate every term.
    pub initial: Vec<BigInt>,
    /// Terms that determined it (`k + 2r` for the polynomial `E^k q(E)`, `q` of degree `r`).
    pub determined_by: usize,
    /// Further terms that confirm it.
    pub confirmed_by: usize,
    /// `sum_{n >= first_n} a(n) x^n = P(x) / Q(x)` in lowest terms.
    pub generating_function: GeneratingFunction,
    /// The factorisation of `Q(x)` over Q.
    pub denominator_factors: Factorization,
    /// `a(n) = sum_r P_r(n) r^n` for `n >= closed_form.valid_from` (when asked for).
    pub closed_form: Option<ClosedForm>,
    /// The dominant term `c n^k lambda^n`, `lambda` certified (when the closed form was
    /// asked for and the sequence is not eventually zero).
    pub dominant: Option<Dominant>,
}

impl CFinite {
    /// The recurrence without its irregular start: `a(n) = c_1 a(n-1) + ... + c_d a(n-d)`.
    pub fn reduced(&self) -> Recurrence {
        Recurrence::from_poly(self.recurrence.reduced()).expect("a monic polynomial's part")
    }

    /// `c_1, ..., c_d` of [`CFinite::reduced`].
    pub fn coefficients(&self) -> Vec<BigInt> {
        self.reduced().coefficients()
    }

    /// The order `d` of the reduced recurrence.
    pub fn order(&self) -> usize {
        self.reduced().order()
    }

    /// The first `n` at which `a(n) = c_1 a(n-1) + ... + c_d a(n-d)` holds (and it holds at
    /// every later `n`): `first_n + k + d`.
    pub fn holds_from(&self) -> u64 {
        self.first_n + (self.recurrence.offset() + self.order()) as u64
    }

    /// The terms `a(first_n), ..., a(first_n + count - 1)` the law predicts.
    pub fn predict(&self, count: usize) -> Vec<BigInt> {
        self.recurrence
            .extend(&self.initial, count)
            .expect("the initial terms of the recurrence's order")
    }

    /// When 1 is a root of the reduced recurrence, the same law one order lower with a
    /// constant: `a(n) = c_1 a(n-1) + ... + c_(d-1) a(n-d+1) + b` (`(E - 1) g(E)` annihilates
    /// the sequence exactly when `g(E)` maps it to a constant). Returns the coefficients, `b`
    /// and the first `n` from which it holds on the terms given (`terms[i] = a(first_n + i)`).
    ///
    /// ```
    /// use hanoilab::algebra::guess::{guess, GuessOptions, Law};
    /// let a: Vec<num_bigint::BigInt> = (0..20).map(|n| ((1u64 << n) - 1).into()).collect();
    /// let g = guess(&a, 0, &GuessOptions::default()).unwrap();
    /// let Law::CFinite(c) = &g.law else { panic!() };
    /// let (coeffs, b, from) = c.inhomogeneous(&a).unwrap();
    /// assert_eq!((coeffs, b, from), (vec![2.into()], 1.into(), 1));
    /// ```
    pub fn inhomogeneous(&self, terms: &[BigInt]) -> Option<(Vec<BigInt>, BigInt, u64)> {
        let q = self.recurrence.reduced();
        let one = super::poly::Poly::from_i64(&[-1, 1]);
        let (g, r) = q.divrem_monic(&one);
        if !r.is_zero() {
            return None;
        }
        let rec = Recurrence::from_poly(g).expect("a monic quotient");
        let (c, d) = (rec.coefficients(), rec.order());
        let value = |j: usize| -> BigInt {
            &terms[j] - (1..=d).map(|i| &c[i - 1] * &terms[j - i]).sum::<BigInt>()
        };
        let last = terms.len().checked_sub(1)?;
        if last < d {
            return None;
        }
        let b = value(last);
        let mut from = last;
        while from > d && value(from - 1) == b {
            from -= 1;
        }
        Some((c, b, self.first_n + from as u64))
    }

    /// `a(n) = 3 a(n-1) - 2 a(n-2)`.
    pub fn to_text(&self) -> String {
        linear_text(&self.coefficients(), "a", "n", false)
    }

    /// LaTeX: `a(n) = 3a(n-1) - 2a(n-2)`.
    pub fn to_tex(&self) -> String {
        linear_text(&self.coefficients(), "a", "n", true)
    }
}

/// `name(idx) = c_1 name(idx-1) + ...` (`= 0` without coefficients).
pub fn linear_text(c: &[BigInt], name: &str, idx: &str, tex: bool) -> String {
    let mut out = format!("{name}({idx}) = ");
    let start = out.len();
    for (i, ci) in c.iter().enumerate() {
        if ci.is_zero() {
            continue;
        }
        let a = ci.abs();
        let coef = if a == BigInt::from(1) {
            String::new()
        } else if tex {
            a.to_string()
        } else {
            format!("{a} ")
        };
        if out.len() == start {
            if ci.is_negative() {
                out.push('-');
            }
        } else {
            out.push_str(if ci.is_negative() { " - " } else { " + " });
        }
        out.push_str(&format!("{coef}{name}({idx}-{})", i + 1));
    }
    if out.len() == start {
        out.push('0');
    }
    out
}

/// A law found from terms.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)] // one per guess
pub enum Law {
    /// A linear recurrence with constant coefficients.
    CFinite(CFinite),
    /// A linear recurrence with polynomial coefficients.
    Holonomic(Holonomic),
    /// Separate laws per residue class of `n`.
    Periodic(Periodic),
}

impl Law {
    /// Terms that determined the law.
    pub fn determined_by(&self) -> usize {
        match self {
            Law::CFinite(c) => c.determined_by,
            Law::Holonomic(h) => h.determined_by,
            Law::Periodic(p) => p.determined_by(),
        }
    }

    /// Further terms that confirm it.
    pub fn confirmed_by(&self) -> usize {
        match self {
            Law::CFinite(c) => c.confirmed_by,
            Law::Holonomic(h) => h.confirmed_by,
            Law::Periodic(p) => p.confirmed_by(),
        }
    }

    /// `c-finite`, `p-recursive` or `periodic`.
    pub fn kind(&self) -> &'static str {
        match self {
            Law::CFinite(_) => "c-finite",
            Law::Holonomic(_) => "p-recursive",
            Law::Periodic(_) => "periodic",
        }
    }
}

/// A guess: the law and the terms it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Guess {
    /// The `n` of the first term.
    pub first_n: u64,
    /// How many terms were given.
    pub terms: usize,
    /// The law.
    pub law: Law,
}

/// Why no law was guessed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GuessError {
    /// No law is over-determined by the terms with the confirmations asked for.
    #[error(
        "no law confirmed: {}; no P-recursive law of order <= {max_order} and degree <= {max_degree}, \
         no periodic law of period <= {max_period} either",
        linear_text_of(*.given, *.linear_order, *.confirmations, *.non_integer)
    )]
    NoLaw {
        /// Terms given.
        given: usize,
        /// The order of the shortest linear recurrence of the terms.
        linear_order: usize,
        /// Whether that recurrence was determined but is not integral.
        non_integer: bool,
        /// Confirmations asked for.
        confirmations: usize,
        /// P-recursive order bound.
        max_order: usize,
        /// P-recursive degree bound.
        max_degree: usize,
        /// Period bound.
        max_period: usize,
    },
    /// The exact algebra failed on the law found (not expected for integer terms).
    #[error("{0}")]
    Algebra(#[from] AlgebraError),
}

fn linear_text_of(given: usize, order: usize, c: usize, non_integer: bool) -> String {
    if non_integer {
        format!("the shortest linear recurrence of the {given} terms (order {order}) has non-integer coefficients")
    } else {
        format!(
            "a linear recurrence needs at least {} terms for order {order} with {c} confirmations ({given} given)",
            2 * order + c
        )
    }
}

/// Why the C-finite stage gave no law: the order it saw, and whether the recurrence was
/// determined but not integral.
#[derive(Debug)]
pub(crate) enum CFiniteRefusal {
    TooFew { order: usize },
    NonInteger { order: usize },
    Algebra(AlgebraError),
}

/// The C-finite law of `terms` with the confirmations of `opts`.
/// The minimal recurrence of all of `terms` with its `2 L` determining terms when `terms`
/// over-determine it by `confirmations`; failing that, a recurrence of order `r` that holds
/// only from a later index `k` (the first terms irregular), found on the shortest tail that
/// over-determines it. Such a law is `E^k q(E)`: the `k` irregular terms and the `2 r` that
/// fix `q` determine it, so it needs `k + 2 r + confirmations` terms where Berlekamp–Massey
/// on the whole would ask for `2 (k + r) + confirmations`. `k` is the least index from which
/// `q` holds. The refusal names the order of the whole sequence.
fn whole_or_tail_recurrence(
    terms: &[BigInt],
    confirmations: usize,
) -> Result<(Recurrence, usize), CFiniteRefusal> {
    let n = terms.len();
    let exact = |t: &[BigInt], l: usize| match minimal_recurrence_modular(t, l) {
        Ok(r) => Ok(r),
        Err(AlgebraError::NonIntegerRecurrence(_)) => Err(CFiniteRefusal::NonInteger { order: l }),
        Err(AlgebraError::SequenceTooShort { .. }) => Err(CFiniteRefusal::TooFew { order: l }),
        Err(e) => Err(CFiniteRefusal::Algebra(e)),
    };
    let l = linear_complexity(terms);
    if n >= 2 * l + confirmations {
        let rec = exact(terms, l)?;
        let order = rec.order();
        if n < 2 * order + confirmations {
            return Err(CFiniteRefusal::TooFew { order });
        }
        return Ok((rec.clone(), rec.offset() + 2 * (order - rec.offset())));
    }
    for start in 1..n {
        let tail = &terms[start..];
        let lt = linear_complexity(tail);
        if tail.len() < 2 * lt + confirmations {
            continue;
        }
        let Ok(found) = exact(tail, lt) else { continue };
        // The tail's own law may set in late too (a factor E^j): q holds from start + j.
        let q = Recurrence::from_poly(found.reduced()).expect("a reduced monic polynomial");
        let r = q.order();
        // The least k from which q holds.
        let mut k = start + found.offset();
        while k > 0 && q.first_violation(&terms[k - 1..]).is_none() {
            k -= 1;
        }
        if n < k + 2 * r + confirmations {
            continue;
        }
        let mut shifted = vec![BigInt::zero(); k];
        shifted.extend(q.poly().coeffs().iter().cloned());
        let rec = Recurrence::from_poly(crate::algebra::Poly::new(shifted)).expect("monic");
        return Ok((rec, k + 2 * r));
    }
    Err(CFiniteRefusal::TooFew { order: l })
}

pub(crate) fn cfinite_guess(
    terms: &[BigInt],
    first_n: u64,
    opts: &GuessOptions,
) -> Result<CFinite, CFiniteRefusal> {
    let n = terms.len();
    let (rec, determined_by) = whole_or_tail_recurrence(terms, opts.confirmations)?;
    let alg = CFiniteRefusal::Algebra;
    let generating_function =
        GeneratingFunction::from_recurrence(&rec, terms, first_n).map_err(alg)?;
    let denominator_factors = factor(&generating_function.denominator)
        .expect("a denominator with constant term 1 is not zero");
    let (closed, dominant) = if opts.closed_form {
        let q = rec.reduced();
        let parts = factor_parts(&q);
        let cf = closed_form(terms, first_n, rec.offset(), &parts, opts.digits).map_err(alg)?;
        let dom = dominant_term(&cf, &q, opts.digits);
        (Some(cf), dom)
    } else {
        (None, None)
    };
    Ok(CFinite {
        initial: terms[..rec.order()].to_vec(),
        recurrence: rec,
        first_n,
        determined_by,
        confirmed_by: n - determined_by,
        generating_function,
        denominator_factors,
        closed_form: closed,
        dominant,
    })
}

/// The law of `terms` (`terms[i] = a(first_n + i)`): C-finite, else P-recursive, else
/// periodic (see the module documentation).
///
/// # Errors
/// [`GuessError::NoLaw`] when no law is confirmed by `opts.confirmations` terms beyond those
/// that determine it.
pub fn guess(terms: &[BigInt], first_n: u64, opts: &GuessOptions) -> Result<Guess, GuessError> {
    let done = |law| Guess {
        first_n,
        terms: terms.len(),
        law,
    };
    let (linear_order, non_integer) = match cfinite_guess(terms, first_n, opts) {
        Ok(c) => return Ok(done(Law::CFinite(c))),
        Err(CFiniteRefusal::TooFew { order }) => (order, false),
        Err(CFiniteRefusal::NonInteger { order }) => (order, true),
        Err(CFiniteRefusal::Algebra(e)) => return Err(e.into()),
    };
    if let Some(h) = holonomic::find_holonomic(
        terms,
        first_n,
        opts.max_order,
        opts.max_degree,
        opts.confirmations,
    ) {
        return Ok(done(Law::Holonomic(h)));
    }
    if let Some(p) = periodic::find_periodic(terms, first_n, opts) {
        return Ok(done(Law::Periodic(p)));
    }
    Err(GuessError::NoLaw {
        given: terms.len(),
        linear_order,
        non_integer,
        confirmations: opts.confirmations,
        max_order: opts.max_order,
        max_degree: opts.max_degree,
        max_period: opts.max_period,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::Poly;
    use num_rational::BigRational;

    fn big(v: &[i64]) -> Vec<BigInt> {
        v.iter().map(|&x| BigInt::from(x)).collect()
    }

    fn binomial(n: u64, k: u64) -> BigInt {
        (0..k).fold(BigInt::from(1), |v, i| {
            v * BigInt::from(n - i) / BigInt::from(i + 1)
        })
    }

    fn cfinite(g: &Guess) -> &CFinite {
        match &g.law {
            Law::CFinite(c) => c,
            other => panic!("expected a C-finite law, got {other:?}"),
        }
    }

    #[test]
    fn irregular_first_terms_and_the_generating_function() {
        // a(0) = 4, a(1) = 9, a(2) = 2, then a(n) = 2 a(n-1) + 1 from n = 3: the homogeneous
        // law a(n) = 3 a(n-1) - 2 a(n-2) holds from n = 4 (at n = 3: 3*2 - 2*9 != 5).
        let mut a = big(&[4, 9, 2]);
        for i in 3..25 {
            let v = 2 * &a[i - 1] + 1;
            a.push(v);
        }
        let g = guess(&a, 0, &GuessOptions::default()).unwrap();
        let c = cfinite(&g);
        assert_eq!(c.coefficients(), big(&[3, -2]));
        assert_eq!(c.holds_from(), 4);
        assert_eq!(c.recurrence.offset(), 2);
        // the two irregular terms and 2 * 2 that fix the order-2 law
        assert_eq!((c.determined_by, c.confirmed_by), (6, 19));
        // the generating function reproduces every term, the irregular ones included
        assert_eq!(c.generating_function.series(25), a);
        assert_eq!(c.predict(25), a);
        assert_eq!(
            c.denominator_factors.expand(),
            c.generating_function.denominator
        );
        assert_eq!(c.denominator_factors.to_string_in("x"), "(x - 1)(2x - 1)");
        let cf = c.closed_form.as_ref().unwrap();
        assert_eq!(cf.valid_from, 2);
        for n in 2..25u64 {
            assert_eq!(
                cf.eval_exact(n).unwrap(),
                BigRational::from_integer(a[n as usize].clone())
            );
        }
        assert_eq!(c.dominant.as_ref().unwrap().lambda, "2");
    }

    #[test]
    fn from_a_later_first_n() {
        // Fibonacci from n = 5: the generating function carries x^5
        let mut f = big(&[0, 1]);
        for i in 2..40 {
            let v = &f[i - 1] + &f[i - 2];
            f.push(v);
        }
        let g = guess(&f[5..], 5, &GuessOptions::default()).unwrap();
        let c = cfinite(&g);
        assert_eq!(c.to_text(), "a(n) = a(n-1) + a(n-2)");
        assert_eq!(c.holds_from(), 7);
        let s = c.generating_function.series(40);
        assert!(s[..5].iter().all(Zero::is_zero));
        assert_eq!(&s[5..], &f[5..]);
        // lambda is the golden ratio, exact
        let d = c.dominant.as_ref().unwrap();
        assert!(d.certified);
        assert!((d.lambda_approx - 1.618_033_988_749_895).abs() < 1e-12);
    }

    #[test]
    fn too_few_terms_are_refused() {
        let a: Vec<BigInt> = (0..8).map(|n| (BigInt::from(1) << n) - 1).collect();
        let e = guess(&a, 0, &GuessOptions::default()).unwrap_err();
        assert!(matches!(
            e,
            GuessError::NoLaw {
                linear_order: 2,
                ..
            }
        ));
        assert!(e
            .to_string()
            .contains("needs at least 9 terms for order 2 with 5 confirmations (8 given)"));
        assert!(guess(
            &a[..9.min(a.len())],
            0,
            &GuessOptions {
                confirmations: 4,
                ..Default::default()
            }
        )
        .is_ok());
        assert!(guess(&[], 0, &GuessOptions::default()).is_err());
    }

    /// A law that sets in late is found on a tail: Fibonacci numbers from n = 8 after eight
    /// arbitrary terms need 8 + 2 * 2 terms to determine, not Berlekamp–Massey's 2 * 10,
    /// and the tail law reproduces every term.
    #[test]
    fn a_law_that_sets_in_late_is_determined_by_its_irregular_terms_and_2r() {
        let mut a: Vec<BigInt> = big(&[7, -3, 100, 0, 0, 1, 5, 9]);
        let (mut x, mut y) = (BigInt::from(21), BigInt::from(34));
        for _ in 0..9 {
            a.push(x.clone());
            (x, y) = (y.clone(), x + y);
        }
        let opts = GuessOptions {
            confirmations: 5,
            ..GuessOptions::default()
        };
        let g = guess(&a, 0, &opts).unwrap();
        let c = cfinite(&g);
        assert_eq!(c.to_text(), "a(n) = a(n-1) + a(n-2)");
        assert_eq!(c.holds_from(), 10);
        assert_eq!((g.law.determined_by(), g.law.confirmed_by()), (12, 5));
        assert_eq!(c.predict(a.len()), a);
        // Berlekamp–Massey on the whole list would need 2 * 10 + 5 terms
        assert!(matches!(
            cfinite_guess(&a[..16], 0, &opts),
            Err(CFiniteRefusal::TooFew { .. })
        ));
    }

    #[test]
    fn a_perturbed_term_breaks_the_law_there() {
        let a: Vec<BigInt> = (0..40)
            .map(|n| BigInt::from(3).pow(n) - 2 * n + 1)
            .collect();
        let law = cfinite(&guess(&a, 0, &GuessOptions::default()).unwrap()).reduced();
        for j in [0usize, 5, 17, 30, 39] {
            let mut b = a.clone();
            b[j] += 1;
            // the true law fails at j (or, for an initial term, first at the order)
            assert_eq!(law.first_violation(&b), Some(j.max(law.order())));
            match guess(&b, 0, &GuessOptions::default()) {
                // a new law must leave the perturbed term undetermined: among the terms that
                // determine a C-finite law (its irregular first terms, or the 2r that fix a
                // law found on a tail), not a confirming one; or where the leading
                // coefficient of a P-recursive law vanishes
                Ok(g) => match &g.law {
                    Law::CFinite(c) => {
                        assert!(
                            j < c.determined_by,
                            "j = {j}: {} from {} determined by {} offset {}",
                            c.to_text(),
                            c.holds_from(),
                            c.determined_by,
                            c.recurrence.offset()
                        );
                        assert_eq!(c.predict(40), b);
                    }
                    Law::Holonomic(h) => {
                        let r = h.order();
                        assert!(
                            j < r || h.coefficients[r].eval(&BigInt::from(j - r)).is_zero(),
                            "j = {j}: {}",
                            h.to_text()
                        );
                    }
                    Law::Periodic(_) => panic!("j = {j}: a periodic law"),
                },
                Err(e) => assert!(matches!(e, GuessError::NoLaw { .. })),
            }
        }
    }

    #[test]
    fn holonomic_sequences() {
        // central binomials (OEIS A000984), (n + 1) a(n+1) = (4n + 2) a(n), and n!
        // (A000142), from the product formulas
        let c: Vec<BigInt> = (0..30).map(|n| binomial(2 * n, n)).collect();
        let g = guess(&c, 0, &GuessOptions::default()).unwrap();
        let Law::Holonomic(h) = &g.law else {
            panic!("{:?}", g.law)
        };
        assert_eq!(h.to_text(), "(n + 1) a(n+1) - (4n + 2) a(n) = 0");
        let f: Vec<BigInt> = (0..25u64)
            .map(|n| (1..=n).map(BigInt::from).product())
            .collect();
        let g = guess(&f, 0, &GuessOptions::default()).unwrap();
        let Law::Holonomic(h) = &g.law else {
            panic!("{:?}", g.law)
        };
        assert_eq!(h.coefficients, vec![Poly::from_i64(&[-1, -1]), Poly::one()]);
        assert_eq!(g.law.determined_by() + g.law.confirmed_by(), 25);
    }

    #[test]
    fn a_law_by_parity() {
        // a(2k) = binomial(2k, k), a(2k+1) = 2^k - 1, from the formulas; the combined
        // sequence needs a P-recursive law beyond order 2, so period 2 is the answer.
        let a: Vec<BigInt> = (0..40u64)
            .map(|n| {
                let k = n / 2;
                if n % 2 == 0 {
                    binomial(2 * k, k)
                } else {
                    (BigInt::from(1) << k) - 1
                }
            })
            .collect();
        let opts = GuessOptions {
            max_order: 2,
            max_degree: 2,
            ..GuessOptions::default()
        };
        let g = guess(&a, 0, &opts).unwrap();
        let Law::Periodic(p) = &g.law else {
            panic!("{:?}", g.law)
        };
        assert_eq!(p.period, 2);
        let Law::Holonomic(even) = &p.classes[0] else {
            panic!()
        };
        let Law::CFinite(odd) = &p.classes[1] else {
            panic!()
        };
        let even_terms: Vec<BigInt> = a.iter().step_by(2).cloned().collect();
        assert_eq!(even.extend(&even_terms[..8], 20).unwrap(), even_terms);
        assert_eq!(odd.coefficients(), big(&[3, -2]));
        assert!(p.classes.iter().all(|c| c.confirmed_by() >= 5));
    }
}

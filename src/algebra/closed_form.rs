//! Closed forms `s(n) = sum_r P_r(n) r^n` of a sequence with a linear recurrence: the
//! coprime parts of its minimal polynomial ([`factor_parts`]), the exact projection of the
//! first terms on each part's kernel, exact terms for rational and quadratic roots, and the
//! text and LaTeX renderings. See [`super::analysis`] for how the pieces fit.

use super::decimal::significant;
use super::error::AlgebraError;
use super::factor::factor;
use super::interval::Interval;
use super::poly::Poly;
use super::quadratic::QuadraticNumber;
use super::ratio;
use super::recurrence::{run_recurrence, solve_q};
use super::roots::{roots, ComplexRoot};
use nalgebra::Complex;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// One coprime part of a component's minimal polynomial.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// `(E - r)^multiplicity`, `r` an integer.
    Rational {
        /// The root.
        root: BigInt,
        /// Its multiplicity.
        multiplicity: usize,
    },
    /// An irreducible monic quadratic `E^2 - t E + m` (simple).
    Quadratic {
        /// The factor.
        factor: Poly,
    },
    /// A power of any other irreducible factor.
    Other {
        /// The irreducible factor.
        factor: Poly,
        /// Its multiplicity.
        multiplicity: usize,
    },
}

impl Part {
    fn poly(&self) -> Poly {
        match self {
            Part::Rational { root, multiplicity } => {
                let lin = Poly::new(vec![-root.clone(), BigInt::one()]);
                (0..*multiplicity).fold(Poly::one(), |acc, _| &acc * &lin)
            }
            Part::Quadratic { factor } => factor.clone(),
            Part::Other {
                factor,
                multiplicity,
            } => (0..*multiplicity).fold(Poly::one(), |acc, _| &acc * factor),
        }
    }
}

/// The coprime parts of a monic `q`: its complete factorisation over Q ([`factor`]) with
/// linear factors as rational roots, simple irreducible quadratics kept for radicals, and
/// every other irreducible power as a part of its own. Ordered by largest root modulus
/// (approximate), as papers print closed forms.
pub fn factor_parts(q: &Poly) -> Vec<Part> {
    let mut parts: Vec<Part> = Vec::new();
    let Ok(fact) = factor(q) else {
        return parts;
    };
    for (f, e) in fact.factors {
        match f.degree() {
            Some(1) => parts.push(Part::Rational {
                // monic: E - r
                root: -f.coeff(0),
                multiplicity: e,
            }),
            Some(2) if e == 1 => parts.push(Part::Quadratic { factor: f }),
            _ => parts.push(Part::Other {
                factor: f,
                multiplicity: e,
            }),
        }
    }
    let key = |p: &Part| -> f64 {
        match p {
            Part::Rational { root, .. } => root.abs().to_f64().unwrap_or(f64::INFINITY),
            Part::Quadratic { factor } | Part::Other { factor, .. } => approx_roots(factor)
                .iter()
                .map(|z| z.norm())
                .fold(f64::NEG_INFINITY, f64::max),
        }
    };
    let sign = |p: &Part| match p {
        Part::Rational { root, .. } => root.clone(),
        _ => BigInt::zero(),
    };
    parts.sort_by(|a, b| {
        key(b)
            .total_cmp(&key(a))
            .then_with(|| sign(b).cmp(&sign(a)))
    });
    parts
}

/// One term of a closed form.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)] // a handful per component; boxing buys nothing
pub enum ClosedFormTerm {
    /// `P(n) r^n` with `P` given by its rational coefficients, lowest degree first.
    Rational {
        /// The root `r`.
        root: BigInt,
        /// Coefficients of `P(n)`.
        poly: Vec<BigRational>,
    },
    /// `c rho^n + c' rho'^n` over the two conjugate roots of an irreducible quadratic.
    QuadraticPair {
        /// The factor `E^2 - t E + m`.
        factor: Poly,
        /// `rho` (the root with `+ sqrt`).
        root: QuadraticNumber,
        /// `c`; the conjugate root has the conjugate coefficient.
        coeff: QuadraticNumber,
    },
    /// The part of the sequence with recurrence `factor` (no rational root), given exactly by
    /// its values at `n0, n0 + 1, ...`; its roots are certified discs ([`roots`]).
    Recurrent {
        /// The factor (an irreducible power).
        factor: Poly,
        /// Exact values of this part at `n = valid_from, valid_from + 1, ...` (`deg` many).
        initial: Vec<BigRational>,
        /// The distinct roots, certified to the digits asked for.
        roots: Vec<ComplexRoot>,
        /// For each simple real root: `(root, c)` in certified decimals, where this part is
        /// `sum c_rho rho^n` (complex roots' coefficients are not evaluated).
        real_coefficients: Vec<(String, String)>,
    },
}

/// `s(n) = sum of the terms`, for `n >= valid_from`.
#[derive(Clone, Debug, PartialEq)]
pub struct ClosedForm {
    /// Smallest `n` (`>= first_n`) from which the formula gives `s(n)`.
    pub valid_from: u64,
    /// The terms.
    pub terms: Vec<ClosedFormTerm>,
}

impl ClosedForm {
    /// The exact value of the formula at `n`, when every term is exact (rational or
    /// quadratic), else `None`.
    pub fn eval_exact(&self, n: u64) -> Option<BigRational> {
        let mut acc = BigRational::zero();
        let nn = BigRational::from_integer(BigInt::from(n));
        for t in &self.terms {
            match t {
                ClosedFormTerm::Rational { root, poly } => {
                    let mut p = BigRational::zero();
                    for c in poly.iter().rev() {
                        p = p * &nn + c;
                    }
                    acc += p * BigRational::from_integer(num_traits::pow(
                        root.clone(),
                        usize::try_from(n).ok()?,
                    ));
                }
                ClosedFormTerm::QuadraticPair { root, coeff, .. } => {
                    let v = coeff.checked_mul(&root.pow(n))?;
                    // v + conj(v) = 2 a
                    acc += &v.a + &v.a;
                }
                ClosedFormTerm::Recurrent { .. } => return None,
            }
        }
        Some(acc)
    }

    /// Literature-style text, e.g. `12*2^n - 8n - 10`.
    pub fn to_text(&self) -> String {
        let mut mono: Vec<(bool, String)> = Vec::new();
        for t in &self.terms {
            match t {
                ClosedFormTerm::Rational { root, poly } => {
                    let power = root_power(root, "n");
                    let nonzero: Vec<(usize, &BigRational)> = poly
                        .iter()
                        .enumerate()
                        .rev()
                        .filter(|(_, c)| !c.is_zero())
                        .collect();
                    if nonzero.len() == 1 || power.is_empty() {
                        for (j, c) in nonzero {
                            let npow = match j {
                                0 => String::new(),
                                1 => "n".to_string(),
                                _ => format!("n^{j}"),
                            };
                            let ac = c.abs();
                            let cs = if ac.is_integer() {
                                ac.to_string()
                            } else {
                                format!("({ac})")
                            };
                            let body = match (npow.is_empty(), power.is_empty()) {
                                (true, true) => cs,
                                (true, false) if ac.is_one() => power.clone(),
                                (true, false) => format!("{cs}*{power}"),
                                (false, true) if ac.is_one() => npow,
                                (false, true) => format!("{cs}{npow}"),
                                (false, false) if ac.is_one() => format!("{npow} {power}"),
                                (false, false) => format!("{cs}{npow} {power}"),
                            };
                            mono.push((c.is_negative(), body));
                        }
                    } else {
                        mono.push((false, format!("({})*{power}", rat_poly_text(poly))));
                    }
                }
                ClosedFormTerm::QuadraticPair { root, coeff, .. } => {
                    mono.push((
                        false,
                        format!(
                            "({})({})^n + ({})({})^n",
                            coeff.to_text(),
                            root.to_text(),
                            coeff.conj().to_text(),
                            root.conj().to_text()
                        ),
                    ));
                }
                ClosedFormTerm::Recurrent {
                    factor, initial, ..
                } => {
                    let init: Vec<String> = initial.iter().map(|v| v.to_string()).collect();
                    let d = factor.degree().unwrap_or(0);
                    mono.push((
                        false,
                        format!(
                            "u{d}(n) [({}) u{d} = 0, u{d}({}..) = {}]",
                            factor.to_string_in("E"),
                            self.valid_from,
                            init.join(", ")
                        ),
                    ));
                }
            }
        }
        join_signed(mono)
    }
}

impl ClosedForm {
    /// The closed form as LaTeX, when every term is explicit (rational roots, and the
    /// conjugate pairs of quadratic roots: a Binet form); `None` when a term is only given
    /// by its recurrence.
    pub fn to_tex(&self) -> Option<String> {
        let mut mono: Vec<(bool, String)> = Vec::new();
        for t in &self.terms {
            match t {
                ClosedFormTerm::Rational { root, poly } => {
                    let power = root_power(root, "{n}");
                    for (j, c) in poly.iter().enumerate().rev() {
                        if c.is_zero() {
                            continue;
                        }
                        let npow = match j {
                            0 => String::new(),
                            1 => "n".to_string(),
                            _ => format!("n^{{{j}}}"),
                        };
                        let ac = c.abs();
                        // 8n, 3n^{2}, \tfrac{1}{2}n; then "\cdot 2^{n}" if there is a power.
                        let mut body = if ac.is_one() && !npow.is_empty() {
                            npow
                        } else {
                            format!("{}{npow}", rat_tex(&ac))
                        };
                        if !power.is_empty() {
                            body = if body == "1" {
                                power.clone()
                            } else {
                                format!("{body} \\cdot {power}")
                            };
                        }
                        mono.push((c.is_negative(), body));
                    }
                }
                ClosedFormTerm::QuadraticPair { root, coeff, .. } => {
                    for (cf, r) in [(coeff.clone(), root.clone()), (coeff.conj(), root.conj())] {
                        mono.push((
                            false,
                            format!(
                                "\\left({}\\right)\\left({}\\right)^{{n}}",
                                quad_tex(&cf),
                                quad_tex(&r)
                            ),
                        ));
                    }
                }
                ClosedFormTerm::Recurrent { .. } => return None,
            }
        }
        Some(join_signed(mono))
    }
}

/// `r^n` with the exponent as given (`n` for text, `{n}` for LaTeX): nothing for `r = 1`,
/// a negative root in parentheses.
fn root_power(root: &BigInt, n: &str) -> String {
    if root.is_one() {
        String::new()
    } else if root.is_negative() {
        format!("({root})^{n}")
    } else {
        format!("{root}^{n}")
    }
}

/// Joins terms given as (negative, absolute text) into `a - b + c` (`0` when there are
/// none): the one place the plain-text and LaTeX closed forms put their signs.
fn join_signed(terms: Vec<(bool, String)>) -> String {
    let mut out = String::new();
    for (neg, body) in terms {
        if out.is_empty() {
            if neg {
                out.push('-');
            }
        } else {
            out.push_str(if neg { " - " } else { " + " });
        }
        out.push_str(&body);
    }
    if out.is_empty() {
        out.push('0');
    }
    out
}

/// A non-negative rational as LaTeX: `5` or `\tfrac{5}{33}`.
fn rat_tex(r: &BigRational) -> String {
    if r.is_integer() {
        r.to_string()
    } else {
        format!("\\tfrac{{{}}}{{{}}}", r.numer(), r.denom())
    }
}

/// `a + b sqrt(d)` as LaTeX: `1 + \sqrt{3}`, `\tfrac{1}{2} - \tfrac{1}{3}\sqrt{3}`, `-1 + i\sqrt{2}`.
fn quad_tex(q: &QuadraticNumber) -> String {
    let rad = if q.d == BigInt::from(-1) {
        "i".to_string()
    } else if q.d.is_negative() {
        format!("i\\sqrt{{{}}}", -&q.d)
    } else {
        format!("\\sqrt{{{}}}", q.d)
    };
    let ab = q.b.abs();
    let bpart = if ab.is_one() {
        rad
    } else {
        format!("{}{rad}", rat_tex(&ab))
    };
    let a = if q.a.is_negative() {
        format!("-{}", rat_tex(&q.a.abs()))
    } else {
        rat_tex(&q.a)
    };
    match (q.a.is_zero(), q.b.is_zero()) {
        (_, true) => a,
        (true, false) if q.b.is_negative() => format!("-{bpart}"),
        (true, false) => bpart,
        (false, false) => format!("{a} {} {bpart}", if q.b.is_negative() { "-" } else { "+" }),
    }
}

fn rat_poly_text(p: &[BigRational]) -> String {
    let mut out = String::new();
    for (j, c) in p.iter().enumerate().rev() {
        if c.is_zero() {
            continue;
        }
        let ac = c.abs();
        let npow = match j {
            0 => String::new(),
            1 => "n".into(),
            _ => format!("n^{j}"),
        };
        let cs = if ac.is_one() && j > 0 {
            String::new()
        } else if ac.is_integer() {
            ac.to_string()
        } else {
            format!("({ac})")
        };
        if out.is_empty() {
            if c.is_negative() {
                out.push('-');
            }
        } else {
            out.push_str(if c.is_negative() { " - " } else { " + " });
        }
        out.push_str(&cs);
        out.push_str(&npow);
    }
    out
}

pub(super) fn q(v: &BigInt) -> BigRational {
    BigRational::from_integer(v.clone())
}

/// The closed form from the sequence's terms (`terms[i] = s(first_n + i)`), the offset `k`
/// of its minimal recurrence and the coprime parts of the reduced recurrence.
pub(super) fn closed_form(
    terms: &[BigInt],
    first_n: u64,
    offset: usize,
    parts: &[Part],
    digits: usize,
) -> Result<ClosedForm, AlgebraError> {
    let deg: usize = parts.iter().map(|p| p.poly().degree().unwrap_or(0)).sum();
    let n0 = first_n + offset as u64;
    if terms.len() < offset + deg {
        return Err(AlgebraError::SequenceTooShort {
            given: terms.len(),
            needed: offset + deg,
        });
    }
    // columns: basis sequences evaluated at n0..n0+deg
    let mut columns: Vec<Vec<BigRational>> = Vec::with_capacity(deg);
    for p in parts {
        match p {
            Part::Rational { root, multiplicity } => {
                for j in 0..*multiplicity {
                    columns.push(
                        (0..deg as u64)
                            .map(|i| {
                                let n = n0 + i;
                                q(&(num_traits::pow(BigInt::from(n), j)
                                    * num_traits::pow(root.clone(), n as usize)))
                            })
                            .collect(),
                    );
                }
            }
            Part::Quadratic { .. } | Part::Other { .. } => {
                let factor = &p.poly();
                let m = factor.degree().unwrap_or(0);
                for i in 0..m {
                    let init: Vec<BigRational> = (0..m)
                        .map(|j| {
                            if i == j {
                                BigRational::one()
                            } else {
                                BigRational::zero()
                            }
                        })
                        .collect();
                    columns.push(run_recurrence(factor, &init, deg));
                }
            }
        }
    }
    let a: Vec<Vec<BigRational>> = (0..deg)
        .map(|r| columns.iter().map(|c| c[r].clone()).collect())
        .collect();
    let b: Vec<BigRational> = (0..deg).map(|i| q(&terms[offset + i])).collect();
    let x = solve_q(a, b).expect("the basis of the kernel of a coprime split is independent");
    let mut terms_out = Vec::new();
    let mut at = 0;
    for p in parts {
        match p {
            Part::Rational { root, multiplicity } => {
                terms_out.push(ClosedFormTerm::Rational {
                    root: root.clone(),
                    poly: x[at..at + multiplicity].to_vec(),
                });
                at += multiplicity;
            }
            Part::Quadratic { factor } => {
                let init = x[at..at + 2].to_vec();
                at += 2;
                // rho, its conjugate and the initial values lie in Q(sqrt d) by construction.
                let term = quadratic_term(factor, &init, n0).ok_or_else(|| {
                    AlgebraError::NonField(format!(
                        "the closed form of the quadratic factor {factor}"
                    ))
                })?;
                terms_out.push(term);
            }
            Part::Other { factor, .. } => {
                let full = p.poly();
                let m = full.degree().unwrap_or(0);
                let init = x[at..at + m].to_vec();
                at += m;
                let rts = roots(factor, digits as u32);
                let real_coefficients = rts
                    .iter()
                    .filter(|z| z.is_real())
                    .filter_map(|z| certified_constant(&full, &init, n0, z.to_f64().re, digits))
                    .collect();
                terms_out.push(ClosedFormTerm::Recurrent {
                    factor: full,
                    initial: init,
                    roots: rts,
                    real_coefficients,
                });
            }
        }
    }
    let mut cf = ClosedForm {
        valid_from: n0,
        terms: terms_out,
    };
    // the formula may hold earlier than the recurrence guarantees
    while cf.valid_from > first_n {
        let n = cf.valid_from - 1;
        match cf.eval_exact(n) {
            Some(v) if v == q(&terms[(n - first_n) as usize]) => cf.valid_from = n,
            _ => break,
        }
    }
    Ok(cf)
}

/// `(d', s)` with `d = s^2 d'`, `d'` square-free (trial division; radicands here are small).
fn squarefree_split(d: &BigInt) -> (BigInt, BigInt) {
    let sign = if d.is_negative() { -1 } else { 1 };
    let mut rest = d.abs();
    let mut s = BigInt::one();
    let mut p = BigInt::from(2);
    while &p * &p <= rest && p < BigInt::from(1_000_000) {
        while (&rest % (&p * &p)).is_zero() {
            rest /= &p * &p;
            s *= &p;
        }
        p += 1;
    }
    if rest.sqrt().pow(2) == rest {
        s *= rest.sqrt();
        rest = BigInt::one();
    }
    (rest * sign, s)
}

/// The two-root part `u(n) = c rho^n + c' rho'^n` of a quadratic `E^2 - tE + m` with values
/// `u(n0) = init[0]`, `u(n0+1) = init[1]`: with `delta = rho - rho' = sqrt(t^2 - 4m)`,
/// `c rho^n0 = (u(n0+1) - rho' u(n0)) / delta`.
fn quadratic_term(factor: &Poly, init: &[BigRational], n0: u64) -> Option<ClosedFormTerm> {
    let t = -factor.coeff(1);
    let m = factor.coeff(0);
    let disc = &t * &t - BigInt::from(4) * &m;
    let (d, s) = squarefree_split(&disc);
    let two = BigRational::from_integer(BigInt::from(2));
    let rho = QuadraticNumber::new(q(&t) / &two, q(&s) / &two, d.clone());
    let delta = QuadraticNumber::new(BigRational::zero(), q(&s), d.clone());
    let num = QuadraticNumber::new(
        &init[1] - &rho.conj().a * &init[0],
        -&rho.conj().b * &init[0],
        d,
    );
    let c0 = num.checked_mul(&delta.checked_inv()?)?;
    let coeff = c0.checked_mul(&rho.pow(n0).checked_inv()?)?;
    Some(ClosedFormTerm::QuadraticPair {
        factor: factor.clone(),
        root: rho,
        coeff,
    })
}

/// Floating roots of a monic polynomial (eigenvalues of its companion matrix): starting
/// guesses only, never reported as exact.
pub(super) fn approx_roots(f: &Poly) -> Vec<Complex<f64>> {
    let m = f.degree().unwrap_or(0);
    if m == 0 {
        return vec![];
    }
    let c = nalgebra::DMatrix::<f64>::from_fn(m, m, |i, j| {
        if j == m - 1 {
            -f.coeff(i).to_f64().unwrap_or(f64::NAN)
        } else if i == j + 1 {
            1.0
        } else {
            0.0
        }
    });
    let mut r: Vec<Complex<f64>> = c.complex_eigenvalues().iter().copied().collect();
    r.sort_by(|a, b| b.norm().total_cmp(&a.norm()));
    r
}

/// For a simple real root `lambda` of `f` near `guess`, the constant `c` with
/// `u(n) = c lambda^n + (other roots)` where `u` has recurrence `f` and values `init` from
/// `n0`: `c = N(lambda) / (lambda^n0 f'(lambda))` with `N(E) = sum_{i<m} u(n0+i) *
/// (E^{m-1-i} + a_{m-1} E^{m-2-i} + ... )` — the numerator of the partial fraction. Evaluated
/// in interval arithmetic on a sign-change interval around the root, narrowed until `c` is
/// fixed to `digits` digits. Returns `(lambda, c)` as decimal text.
pub(super) fn certified_constant(
    f: &Poly,
    init: &[BigRational],
    n0: u64,
    guess: f64,
    digits: usize,
) -> Option<(String, String)> {
    let m = f.degree()?;
    let fq: Vec<BigRational> = f.coeffs().iter().map(q).collect();
    let df: Vec<BigRational> = (1..=m)
        .map(|k| q(&(f.coeff(k) * BigInt::from(k as u64))))
        .collect();
    // N(E) = sum_{j=0}^{m-1} E^j * sum_{i=0}^{m-1-j} u(n0+i) f_{i+j+1}
    let num: Vec<BigRational> = (0..m)
        .map(|j| {
            (0..m - j).fold(BigRational::zero(), |acc, i| {
                ratio::add(&acc, &ratio::mul(&init[i], &fq[i + j + 1]))
            })
        })
        .collect();
    let eval = |x: &BigRational| -> BigRational {
        fq.iter().rev().fold(BigRational::zero(), |acc, c| {
            ratio::add(&ratio::mul(&acc, x), c)
        })
    };
    let g = BigRational::from_float(guess)?;
    let mut eps = BigRational::new(BigInt::one(), BigInt::from(1_000_000));
    let (mut lo, mut hi) = (ratio::sub(&g, &eps), ratio::add(&g, &eps));
    let mut tries = 0;
    while (eval(&lo).is_positive()) == (eval(&hi).is_positive()) {
        eps = ratio::mul(&eps, &BigRational::from_integer(BigInt::from(10)));
        lo = ratio::sub(&g, &eps);
        hi = ratio::add(&g, &eps);
        tries += 1;
        if tries > 6 {
            return None;
        }
    }
    let lo_pos = eval(&lo).is_positive();
    for _round in 0..8 {
        let target = num_traits::pow(BigInt::from(10), digits + 10 + 10 * _round);
        let width_goal = BigRational::new(BigInt::one(), target);
        let half = BigRational::new(BigInt::one(), BigInt::from(2));
        while ratio::cmp(&ratio::sub(&hi, &lo), &width_goal).is_gt() {
            let mid = ratio::mul(&ratio::add(&lo, &hi), &half);
            let v = eval(&mid);
            if v.is_zero() {
                lo = mid.clone();
                hi = mid;
                break;
            }
            if v.is_positive() == lo_pos {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let x = Interval {
            lo: lo.clone(),
            hi: hi.clone(),
        };
        let nv = Interval::eval_poly(&num, &x);
        let dv = Interval::eval_poly(&df, &x);
        let mut pw = Interval::int(1);
        for _ in 0..n0 {
            pw = pw.mul(&x);
        }
        let den = dv.mul(&pw).recip()?;
        let c = nv.mul(&den);
        let (a, b) = (significant(&c.lo, digits), significant(&c.hi, digits));
        if a == b {
            return Some((significant(&lo, digits), a));
        }
    }
    None
}

//! Everything a paper prints about a transfer matrix `s(n+1) = M s(n)` (Lunnon's convention,
//! seed `000_3e39fda85b098e00.txt`): characteristic and minimal polynomials, each
//! component's minimal recurrence and its cofactor in the characteristic polynomial, closed
//! forms `s(n) = sum_r P_r(n) r^n`, the dominant term `c n^k lambda^n`, first terms and
//! exact n-th terms.
//!
//! How the closed form is obtained: the component's minimal polynomial (from its terms,
//! Berlekamp–Massey, exact because the order is bounded by the vector's minimal polynomial)
//! is `E^k q(E)` with `q(0) != 0`; from `n0 = first_n + k` on the sequence lies in the kernel
//! of `q(E)`, which is the direct sum of the kernels of the coprime parts of `q`. A basis of
//! each part's kernel (`n^j r^n` for a rational root `r` of multiplicity `e`, `j < e`; the
//! unit-start sequences of the part otherwise) turns the first `deg q` terms into one square
//! linear system over Q, whose solution is the exact projection of the sequence on each part.
//! Rational roots then give exact `P_r`, irreducible quadratics exact radicals
//! (`c rho^n + c' rho'^n` in `Q(sqrt d)`), and the remaining parts are shown as "the sequence
//! with recurrence f and these exact initial values" together with approximate roots.
//!
//! The dominant constant `c` is exact for rational and quadratic roots; for a simple real
//! root of a higher-degree part it is evaluated by rational interval arithmetic on a
//! sign-change-certified isolating interval of the root, to the digits asked for.
//!
//! Factorisation over Q is [`factor`] (Zassenhaus); [`factor_parts`] turns it into the
//! coprime parts used here.

use super::decimal::significant;
use super::error::AlgebraError;
use super::factor::{factor, Factorization};
use super::genfun::GeneratingFunction;
use super::interval::Interval;
use super::matrix::ZMatrix;
use super::poly::Poly;
use super::quadratic::QuadraticNumber;
use super::ratio;
use super::recurrence::{minimal_recurrence_bounded, run_recurrence, solve_q, Recurrence};
use super::roots::{dominant_roots, roots, ComplexRoot};
use nalgebra::Complex;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use serde::Serialize;
use std::fmt::Write as _;

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
                    let power = if root.is_one() {
                        String::new()
                    } else if root.is_negative() {
                        format!("({root})^n")
                    } else {
                        format!("{root}^n")
                    };
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
                    let power = if root.is_one() {
                        String::new()
                    } else if root.is_negative() {
                        format!("({root})^{{n}}")
                    } else {
                        format!("{root}^{{n}}")
                    };
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

/// The dominant term `c n^k lambda^n` of a component.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Dominant {
    /// `lambda` as text (exact when rational or quadratic, else certified decimals).
    pub lambda: String,
    /// `lambda` approximately.
    pub lambda_approx: f64,
    /// `k`.
    pub k: usize,
    /// `c` as text (exact when rational or quadratic).
    pub c_exact: Option<String>,
    /// `c` to the digits asked for.
    pub c_decimal: String,
    /// Whether `c_decimal` is certified (exact or interval-checked).
    pub certified: bool,
    /// The roots sharing the largest modulus, when there are several (else empty).
    pub ties: Vec<String>,
}

/// Analysis of one component.
#[derive(Clone, Debug, PartialEq)]
pub struct ComponentAnalysis {
    /// Its name.
    pub name: String,
    /// Its minimal recurrence (from terms).
    pub recurrence: Recurrence,
    /// `charpoly = cofactor * recurrence`.
    pub cofactor: Poly,
    /// The coprime parts of the reduced recurrence.
    pub parts: Vec<Part>,
    /// The closed form.
    pub closed_form: ClosedForm,
    /// The dominant term, if the sequence is not eventually zero.
    pub dominant: Option<Dominant>,
    /// `s(first_n), s(first_n + 1), ...`.
    pub first_terms: Vec<BigInt>,
    /// `sum_{n >= first_n} s(n) x^n` as a rational function in lowest terms.
    pub generating_function: Option<GeneratingFunction>,
    /// `s(N)` for the `--nth` asked, if any.
    pub nth: Option<BigInt>,
}

/// The full analysis of `s(n+1) = M s(n)` from `s(first_n)`.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixAnalysis {
    /// Component names.
    pub names: Vec<String>,
    /// The matrix.
    pub matrix: ZMatrix,
    /// `s(first_n)`.
    pub initial: Vec<BigInt>,
    /// The n of `initial` (1 in Lunnon's convention).
    pub first_n: u64,
    /// `det(E I - M)`.
    pub charpoly: Poly,
    /// The complete factorisation of the characteristic polynomial over Q.
    pub charpoly_factorization: Factorization,
    /// The minimal polynomial of `M`.
    pub minimal_polynomial: Poly,
    /// Per component.
    pub components: Vec<ComponentAnalysis>,
    /// The `N` of `nth`, if asked.
    pub nth_n: Option<u64>,
    /// Digits asked for.
    pub digits: usize,
}

/// How many first terms the analysis lists.
pub const FIRST_TERMS: usize = 10;

impl MatrixAnalysis {
    /// Analyses `s(n+1) = M s(n)` with `s(1) = initial`.
    ///
    /// ```
    /// use hanoilab::algebra::{MatrixAnalysis, ZMatrix};
    /// // Lunnon, Towers of Antwerp: s = (T33, T31, T13, T11, 1)
    /// let m = ZMatrix::from_i64(&[
    ///     vec![0, 2, 0, 4, 6], vec![0, 1, 0, 2, 2], vec![0, 0, 1, 2, 2],
    ///     vec![0, 0, 0, 2, 3], vec![0, 0, 0, 0, 1],
    /// ]).unwrap();
    /// let s1 = [6, 2, 2, 3, 1].iter().map(|&v| v.into()).collect();
    /// let a = MatrixAnalysis::new(m, s1, None, 20).unwrap();
    /// assert_eq!(a.components[0].closed_form.to_text(), "12*2^n - 8n - 10");
    /// ```
    pub fn new(
        matrix: ZMatrix,
        initial: Vec<BigInt>,
        names: Option<Vec<String>>,
        digits: usize,
    ) -> Result<MatrixAnalysis, AlgebraError> {
        MatrixAnalysis::with_nth(matrix, initial, names, digits, None)
    }

    /// As [`MatrixAnalysis::new`], also computing every component's `s(nth)` exactly.
    pub fn with_nth(
        matrix: ZMatrix,
        initial: Vec<BigInt>,
        names: Option<Vec<String>>,
        digits: usize,
        nth: Option<u64>,
    ) -> Result<MatrixAnalysis, AlgebraError> {
        MatrixAnalysis::from_first_n(matrix, initial, 1, names, digits, nth)
    }

    /// As [`MatrixAnalysis::with_nth`] for a system whose given vector is `s(first_n)` (a
    /// program with special clauses for small n starts its generic recurrence later).
    pub fn from_first_n(
        matrix: ZMatrix,
        initial: Vec<BigInt>,
        first_n: u64,
        names: Option<Vec<String>>,
        digits: usize,
        nth: Option<u64>,
    ) -> Result<MatrixAnalysis, AlgebraError> {
        if !matrix.is_square() {
            return Err(AlgebraError::NotSquare {
                rows: matrix.rows(),
                cols: matrix.cols(),
            });
        }
        let dim = matrix.rows();
        if initial.len() != dim {
            return Err(AlgebraError::DimensionMismatch {
                context: "initial vector s(1)".into(),
                expected: dim,
                found: initial.len(),
            });
        }
        let names = match names {
            Some(n) if n.len() != dim => {
                return Err(AlgebraError::DimensionMismatch {
                    context: "component names".into(),
                    expected: dim,
                    found: n.len(),
                })
            }
            Some(n) => n,
            None => (1..=dim).map(|i| format!("s{i}")).collect(),
        };
        if let Some(n) = nth {
            if n < first_n {
                return Err(AlgebraError::DimensionMismatch {
                    context: "--nth (the first n is 1)".into(),
                    expected: 1,
                    found: n as usize,
                });
            }
        }
        let charpoly = matrix.charpoly()?;
        let minimal_polynomial = matrix.minimal_polynomial()?;
        let d = matrix
            .vector_minimal_polynomial(&initial)?
            .degree()
            .unwrap_or(0);
        let count = (2 * d).max(FIRST_TERMS) + 2;
        let states = matrix.krylov(&initial, count)?;
        let mut components = Vec::with_capacity(dim);
        for (i, name) in names.iter().enumerate() {
            let terms: Vec<BigInt> = states.iter().map(|s| s[i].clone()).collect();
            let recurrence = minimal_recurrence_bounded(&terms, d)?;
            let cofactor = recurrence
                .cofactor(&charpoly)
                .expect("a component's minimal polynomial divides the characteristic polynomial");
            let q = recurrence.reduced();
            let parts = factor_parts(&q);
            let closed_form = closed_form(&terms, first_n, recurrence.offset(), &parts, digits)?;
            let dominant = dominant_term(&closed_form, &q, digits);
            let generating_function =
                GeneratingFunction::from_recurrence(&recurrence, &terms, first_n).ok();
            let nth_value = match nth {
                Some(n) => Some(recurrence.nth_term(&terms, n - first_n)?),
                None => None,
            };
            components.push(ComponentAnalysis {
                name: name.clone(),
                recurrence,
                cofactor,
                parts,
                closed_form,
                dominant,
                first_terms: terms[..FIRST_TERMS.min(terms.len())].to_vec(),
                generating_function,
                nth: nth_value,
            });
        }
        let charpoly_factorization =
            factor(&charpoly).expect("a characteristic polynomial is monic, never zero");
        Ok(MatrixAnalysis {
            names,
            matrix,
            initial,
            first_n,
            charpoly,
            charpoly_factorization,
            minimal_polynomial,
            components,
            nth_n: nth,
            digits,
        })
    }

    /// Human-readable report.
    pub fn to_text(&self) -> String {
        let mut o = String::new();
        let _ = writeln!(o, "s = ({})", self.names.join(", "));
        let init: Vec<String> = self.initial.iter().map(|v| v.to_string()).collect();
        let _ = writeln!(o, "s({}) = ({})", self.first_n, init.join(", "));
        let _ = writeln!(o, "M =\n{}", self.matrix);
        let _ = writeln!(
            o,
            "characteristic polynomial: {}",
            self.charpoly.to_string_in("E")
        );
        let _ = writeln!(
            o,
            "  = {}",
            factorization_text(&self.charpoly_factorization)
        );
        let _ = writeln!(
            o,
            "minimal polynomial: {}",
            self.minimal_polynomial.to_string_in("E")
        );
        for c in &self.components {
            let _ = writeln!(o, "\n{}:", c.name);
            let _ = writeln!(
                o,
                "  minimal recurrence (order {}): {}",
                c.recurrence.order(),
                c.recurrence.poly().to_string_in("E")
            );
            let _ = writeln!(
                o,
                "  charpoly = {} x minimal recurrence",
                cofactor_text(&c.cofactor)
            );
            let _ = writeln!(
                o,
                "  closed form: {}(n) = {}   for n >= {}",
                c.name,
                c.closed_form.to_text(),
                c.closed_form.valid_from
            );
            for t in &c.closed_form.terms {
                if let ClosedFormTerm::Recurrent {
                    factor,
                    roots,
                    real_coefficients,
                    ..
                } = t
                {
                    let r: Vec<String> = roots
                        .iter()
                        .map(|z| z.to_decimal(self.digits as u32))
                        .collect();
                    let _ = writeln!(
                        o,
                        "    roots of {} (certified): {}",
                        factor.to_string_in("E"),
                        r.join(", ")
                    );
                    for (root, c) in real_coefficients {
                        let _ = writeln!(o, "      coefficient of ({root})^n: {c}");
                    }
                }
            }
            match &c.dominant {
                Some(d) => {
                    let _ = writeln!(o, "  dominant term: {}", dominant_text(d));
                    if !d.ties.is_empty() {
                        let _ = writeln!(
                            o,
                            "  several roots share the largest modulus: {}",
                            d.ties.join(", ")
                        );
                    }
                }
                None => {
                    let _ = writeln!(o, "  the sequence is eventually zero");
                }
            }
            let t: Vec<String> = c.first_terms.iter().map(|v| v.to_string()).collect();
            let _ = writeln!(
                o,
                "  first terms (n = {}..): {}",
                self.first_n,
                t.join(", ")
            );
            if let (Some(n), Some(v)) = (self.nth_n, &c.nth) {
                let _ = writeln!(o, "  {}({n}) = {v}", c.name);
            }
        }
        o
    }

    /// The JSON-ready report (big integers as decimal strings).
    pub fn to_report(&self) -> AnalysisReport {
        AnalysisReport {
            names: self.names.clone(),
            first_n: self.first_n,
            initial: self.initial.iter().map(|v| v.to_string()).collect(),
            matrix: self
                .matrix
                .to_rows()
                .iter()
                .map(|r| r.iter().map(|v| v.to_string()).collect())
                .collect(),
            charpoly: self.charpoly.to_string_in("E"),
            charpoly_coeffs: self
                .charpoly
                .coeffs()
                .iter()
                .map(|v| v.to_string())
                .collect(),
            charpoly_factored: factorization_text(&self.charpoly_factorization),
            minimal_polynomial: self.minimal_polynomial.to_string_in("E"),
            components: self
                .components
                .iter()
                .map(|c| ComponentReport {
                    name: c.name.clone(),
                    recurrence: c.recurrence.poly().to_string_in("E"),
                    recurrence_order: c.recurrence.order(),
                    recurrence_offset: c.recurrence.offset(),
                    cofactor: cofactor_text(&c.cofactor),
                    closed_form: c.closed_form.to_text(),
                    closed_form_valid_from: c.closed_form.valid_from,
                    closed_form_tex: c.closed_form.to_tex(),
                    generating_function: c.generating_function.as_ref().map(|g| g.to_text()),
                    generating_function_tex: c.generating_function.as_ref().map(|g| g.to_tex()),
                    dominant: c.dominant.clone(),
                    first_terms: c.first_terms.iter().map(|v| v.to_string()).collect(),
                    nth: c.nth.as_ref().map(|v| v.to_string()),
                })
                .collect(),
            nth_n: self.nth_n,
            digits: self.digits,
        }
    }
}

impl Serialize for MatrixAnalysis {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_report().serialize(s)
    }
}

/// [`MatrixAnalysis`] as plain strings and numbers, for JSON.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisReport {
    /// Component names.
    pub names: Vec<String>,
    /// The n of `initial`.
    pub first_n: u64,
    /// `s(first_n)`.
    pub initial: Vec<String>,
    /// The matrix, rows.
    pub matrix: Vec<Vec<String>>,
    /// Characteristic polynomial in `E`.
    pub charpoly: String,
    /// Its coefficients, lowest first.
    pub charpoly_coeffs: Vec<String>,
    /// Its split into coprime parts.
    pub charpoly_factored: String,
    /// Minimal polynomial of the matrix.
    pub minimal_polynomial: String,
    /// Per component.
    pub components: Vec<ComponentReport>,
    /// `N` of the n-th terms, if asked.
    pub nth_n: Option<u64>,
    /// Digits asked for.
    pub digits: usize,
}

/// One component in [`AnalysisReport`].
#[derive(Clone, Debug, Serialize)]
pub struct ComponentReport {
    /// Name.
    pub name: String,
    /// Minimal recurrence in `E`.
    pub recurrence: String,
    /// Its order.
    pub recurrence_order: usize,
    /// Its offset (power of `E`).
    pub recurrence_offset: usize,
    /// `charpoly / recurrence`.
    pub cofactor: String,
    /// Closed form.
    pub closed_form: String,
    /// n from which the closed form holds.
    pub closed_form_valid_from: u64,
    /// The closed form as LaTeX, when it is explicit in the roots (rational and quadratic
    /// roots only; `None` when a root has no radical form here).
    pub closed_form_tex: Option<String>,
    /// `sum_{n >= first_n} s(n) x^n = P(x) / Q(x)`, as text.
    pub generating_function: Option<String>,
    /// `(P, Q)` of the generating function as LaTeX polynomials in `x`.
    pub generating_function_tex: Option<(String, String)>,
    /// Dominant term.
    pub dominant: Option<DominantReport>,
    /// First terms.
    pub first_terms: Vec<String>,
    /// `s(N)`.
    pub nth: Option<String>,
}

/// The dominant term in [`ComponentReport`] (the same data as in the analysis).
pub type DominantReport = Dominant;

fn cofactor_text(c: &Poly) -> String {
    match factor(c) {
        Ok(f) => factorization_text(&f),
        Err(_) => c.to_string_in("E"),
    }
}

/// `E (E - 1)^2 (E^4 - 2E^2 - 6E - 4)(E^5 - 3E^2 - 2)`, factors in [`factor`]'s order.
pub fn factorization_text(f: &Factorization) -> String {
    let mut out = String::new();
    if f.unit != BigInt::one() {
        out.push_str(&f.unit.to_string());
    }
    for (p, m) in &f.factors {
        let t = p.to_string_in("E");
        let t = if p.coeffs().iter().filter(|c| !c.is_zero()).count() > 1 {
            format!("({t})")
        } else {
            t
        };
        // "(E^4 - ...)(E^5 - ...)" as printed in the literature, else a space
        if !out.is_empty() && (!out.ends_with(')') || !t.starts_with('(')) {
            out.push(' ');
        }
        out.push_str(&t);
        if *m > 1 {
            out.push_str(&format!("^{m}"));
        }
    }
    if out.is_empty() {
        out.push('1');
    }
    out
}

fn dominant_text(d: &Dominant) -> String {
    let npow = match d.k {
        0 => String::new(),
        1 => " n".into(),
        k => format!(" n^{k}"),
    };
    let c = match &d.c_exact {
        Some(e) => format!("{e} (= {})", d.c_decimal),
        None => format!(
            "{}{}",
            d.c_decimal,
            if d.certified { "" } else { " (approximate)" }
        ),
    };
    format!("{c}{npow} ({})^n", d.lambda)
}

fn complex_text(z: &Complex<f64>) -> String {
    if z.im.abs() < 1e-12 * z.norm().max(1.0) {
        format!("{:.12}", z.re)
    } else {
        format!(
            "{:.12} {} {:.12}i",
            z.re,
            if z.im < 0.0 { "-" } else { "+" },
            z.im.abs()
        )
    }
}

fn q(v: &BigInt) -> BigRational {
    BigRational::from_integer(v.clone())
}

/// The closed form from the sequence's terms (`terms[i] = s(first_n + i)`), the offset `k`
/// of its minimal recurrence and the coprime parts of the reduced recurrence.
fn closed_form(
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
fn approx_roots(f: &Poly) -> Vec<Complex<f64>> {
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

/// `a + b sqrt(d)` (real, `d > 0`) to `digits` digits, certified: `sqrt(d)` is bracketed by
/// integer square roots at a scale well beyond the digits asked for.
fn quadratic_decimal(x: &QuadraticNumber, digits: usize) -> String {
    if x.b.is_zero() || x.d.is_negative() {
        return significant(&x.a, digits);
    }
    let mut extra = digits as u32 + 20;
    loop {
        let scale = num_traits::pow(BigInt::from(10), extra as usize);
        let r = (&x.d * &scale * &scale).sqrt();
        let lo_s = BigRational::new(r.clone(), scale.clone());
        let hi_s = BigRational::new(r + 1, scale);
        let v1 = &x.a + &x.b * &lo_s;
        let v2 = &x.a + &x.b * &hi_s;
        let (a, b) = (significant(&v1, digits), significant(&v2, digits));
        if a == b {
            return a;
        }
        extra += 20;
        if extra > digits as u32 + 400 {
            return a;
        }
    }
}

/// The dominant term of a closed form.
fn dominant_term(cf: &ClosedForm, q: &Poly, digits: usize) -> Option<Dominant> {
    // every root with its f64 modulus
    struct Cand {
        text: String,
        modulus: f64,
        real: bool,
        term: usize,
        which: usize,
    }
    let mut cands: Vec<Cand> = Vec::new();
    for (ti, t) in cf.terms.iter().enumerate() {
        match t {
            ClosedFormTerm::Rational { root, poly } => {
                if poly.iter().all(|c| c.is_zero()) {
                    continue;
                }
                cands.push(Cand {
                    text: root.to_string(),
                    modulus: root.abs().to_f64().unwrap_or(f64::INFINITY),
                    real: true,
                    term: ti,
                    which: 0,
                });
            }
            ClosedFormTerm::QuadraticPair { root, coeff, .. } => {
                if coeff.a.is_zero() && coeff.b.is_zero() {
                    continue;
                }
                for (w, r) in [root.clone(), root.conj()].iter().enumerate() {
                    let z = r.to_f64();
                    cands.push(Cand {
                        text: r.to_text(),
                        modulus: z.norm(),
                        real: !r.d.is_negative(),
                        term: ti,
                        which: w,
                    });
                }
            }
            ClosedFormTerm::Recurrent { roots, initial, .. } => {
                if initial.iter().all(|c| c.is_zero()) {
                    continue;
                }
                for (w, z) in roots.iter().enumerate() {
                    cands.push(Cand {
                        text: complex_text(&z.to_f64()),
                        modulus: z.to_f64().norm(),
                        real: z.is_real(),
                        term: ti,
                        which: w,
                    });
                }
            }
        }
    }
    let max = cands
        .iter()
        .map(|c| c.modulus)
        .fold(f64::NEG_INFINITY, f64::max);
    if cands.is_empty() {
        return None;
    }
    let top: Vec<&Cand> = cands
        .iter()
        .filter(|c| c.modulus >= max * (1.0 - 1e-9))
        .collect();
    // Ties are decided exactly: among rational roots by their values, otherwise on the
    // certified root discs of `dominant_roots` (never on the floats above).
    let all_rational = top
        .iter()
        .all(|c| matches!(cf.terms[c.term], ClosedFormTerm::Rational { .. }));
    let ties: Vec<String> = if all_rational {
        let moduli: Vec<BigInt> = top
            .iter()
            .filter_map(|c| match &cf.terms[c.term] {
                ClosedFormTerm::Rational { root, .. } => Some(root.abs()),
                _ => None,
            })
            .collect();
        let m = moduli.iter().max().cloned().unwrap_or_default();
        let tied: Vec<String> = top
            .iter()
            .zip(&moduli)
            .filter(|(_, x)| **x == m)
            .map(|(c, _)| c.text.clone())
            .collect();
        if tied.len() > 1 {
            tied
        } else {
            vec![]
        }
    } else {
        let dom = dominant_roots(q, digits.min(60) as u32);
        let mut t: Vec<String> = if dom.unique {
            vec![]
        } else {
            dom.roots
                .iter()
                .map(|z| z.to_decimal(digits.min(20) as u32))
                .collect()
        };
        if !dom.settled && !t.is_empty() {
            t.push("(moduli not separated at the highest precision tried)".into());
        }
        t
    };
    // report the real positive one among the top if any, else the first
    let best = top
        .iter()
        .find(|c| c.real && !c.text.starts_with('-'))
        .or(top.first())?;
    match &cf.terms[best.term] {
        ClosedFormTerm::Rational { root, poly } => {
            let k = poly.iter().rposition(|c| !c.is_zero()).unwrap_or(0);
            let c = poly[k].clone();
            Some(Dominant {
                lambda: root.to_string(),
                lambda_approx: root.to_f64().unwrap_or(f64::NAN),
                k,
                c_exact: Some(c.to_string()),
                c_decimal: significant(&c, digits),
                certified: true,
                ties,
            })
        }
        ClosedFormTerm::QuadraticPair { root, coeff, .. } => {
            let (r, c) = if best.which == 0 {
                (root.clone(), coeff.clone())
            } else {
                (root.conj(), coeff.conj())
            };
            Some(Dominant {
                lambda: r.to_text(),
                lambda_approx: r.to_f64().re,
                k: 0,
                c_exact: Some(c.to_text()),
                c_decimal: if c.d.is_negative() {
                    // a + b sqrt(d) = a + (b sqrt|d|) i
                    let im = QuadraticNumber::new(BigRational::zero(), c.b.clone(), -c.d.clone());
                    let imd = quadratic_decimal(&im, digits);
                    let (sign, mag) = match imd.strip_prefix('-') {
                        Some(m) => ("-", m.to_string()),
                        None => ("+", imd.clone()),
                    };
                    format!("{} {sign} {mag}i", significant(&c.a, digits))
                } else {
                    quadratic_decimal(&c, digits)
                },
                certified: true,
                ties,
            })
        }
        ClosedFormTerm::Recurrent {
            factor,
            initial,
            roots,
            ..
        } => {
            let z = roots[best.which].to_f64();
            if !best.real {
                return Some(Dominant {
                    lambda: complex_text(&z),
                    lambda_approx: z.re,
                    k: 0,
                    c_exact: None,
                    c_decimal: "(complex dominant root: not evaluated)".into(),
                    certified: false,
                    ties,
                });
            }
            match certified_constant(factor, initial, cf.valid_from, z.re, digits) {
                Some((lambda, c)) => Some(Dominant {
                    lambda,
                    lambda_approx: z.re,
                    k: 0,
                    c_exact: None,
                    c_decimal: c,
                    certified: true,
                    ties,
                }),
                None => Some(Dominant {
                    lambda: format!("{:.12}", z.re),
                    lambda_approx: z.re,
                    k: 0,
                    c_exact: None,
                    c_decimal: "(not certified: root not isolated as simple)".into(),
                    certified: false,
                    ties,
                }),
            }
        }
    }
}

/// For a simple real root `lambda` of `f` near `guess`, the constant `c` with
/// `u(n) = c lambda^n + (other roots)` where `u` has recurrence `f` and values `init` from
/// `n0`: `c = N(lambda) / (lambda^n0 f'(lambda))` with `N(E) = sum_{i<m} u(n0+i) *
/// (E^{m-1-i} + a_{m-1} E^{m-2-i} + ... )` — the numerator of the partial fraction. Evaluated
/// in interval arithmetic on a sign-change interval around the root, narrowed until `c` is
/// fixed to `digits` digits. Returns `(lambda, c)` as decimal text.
fn certified_constant(
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

#[cfg(test)]
mod tests {
    use super::*;

    fn big(v: &[i64]) -> Vec<BigInt> {
        v.iter().map(|&x| BigInt::from(x)).collect()
    }

    fn antwerp() -> MatrixAnalysis {
        // Lunnon, "Towers of Antwerp" (seed 000_3e39fda85b098e00.txt): s = (T33, T31, T13,
        // T11, 1), s(1) = (6, 2, 2, 3, 1).
        let m = ZMatrix::from_i64(&[
            vec![0, 2, 0, 4, 6],
            vec![0, 1, 0, 2, 2],
            vec![0, 0, 1, 2, 2],
            vec![0, 0, 0, 2, 3],
            vec![0, 0, 0, 0, 1],
        ])
        .unwrap();
        let names = ["T33", "T31", "T13", "T11", "1"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        MatrixAnalysis::with_nth(m, big(&[6, 2, 2, 3, 1]), Some(names), 30, Some(20)).unwrap()
    }

    #[test]
    fn antwerp_closed_form_is_lunnons() {
        let a = antwerp();
        let t33 = &a.components[0];
        // Lunnon: 12 (2^n) - 8 n - 10 moves for n > 1
        assert_eq!(t33.closed_form.to_text(), "12*2^n - 8n - 10");
        for n in 2..=20u64 {
            let lit = BigInt::from(12) * (BigInt::one() << n) - 8 * BigInt::from(n) - 10;
            assert_eq!(t33.closed_form.eval_exact(n).unwrap(), q(&lit));
            if n <= 10 {
                assert_eq!(t33.first_terms[(n - 1) as usize], lit);
            }
        }
        assert_eq!(
            t33.nth.as_ref().unwrap(),
            &(BigInt::from(12) * (BigInt::one() << 20u32) - 170)
        );
        let d = t33.dominant.as_ref().unwrap();
        assert_eq!(
            (d.lambda.as_str(), d.k, d.c_exact.as_deref()),
            ("2", 0, Some("12"))
        );
        assert!(d.ties.is_empty());
        // charpoly = E (E - 1)^3 (E - 2) (upper triangular, diagonal 0, 1, 1, 2, 1)
        assert_eq!(
            factorization_text(&a.charpoly_factorization),
            "E (E - 1)^3 (E - 2)"
        );
        assert!(a.to_text().contains("12*2^n - 8n - 10"));
        assert_eq!(
            t33.closed_form.to_tex().as_deref(),
            Some("12 \\cdot 2^{n} - 8n - 10")
        );
        // The generating function's series is the sequence from n = 1.
        let g = t33.generating_function.as_ref().unwrap();
        let s = g.series(11);
        assert_eq!(s[0], BigInt::zero());
        assert_eq!(&s[1..], &t33.first_terms[..]);
        let json = serde_json::to_string(&a).unwrap();
        assert!(json.contains("\"closed_form\":\"12*2^n - 8n - 10\""));
    }

    #[test]
    fn cyclic_radicals() {
        // Lunnon, Cyclic Hanoi: A(n) = 2A(n-1) + C(n-1) + 2, C(n) = 2A(n-1) + 1;
        // s = (A, C, 1), s(1) = (2, 1, 1).
        let m = ZMatrix::from_i64(&[vec![2, 1, 2], vec![2, 0, 1], vec![0, 0, 1]]).unwrap();
        let a = MatrixAnalysis::new(m, big(&[2, 1, 1]), None, 20).unwrap();
        let ac = &a.components[0];
        assert_eq!(ac.recurrence.poly(), &Poly::from_i64(&[2, 0, -3, 1]));
        // Lunnon: A(n) = (x^{n+2} - y^{n+2}) / (4 sqrt 3) - 1, x, y = 1 +- sqrt 3, so the
        // coefficient of x^n is x^2 / (4 sqrt 3) = 1/2 + (1/3) sqrt 3.
        assert_eq!(
            ac.closed_form.to_text(),
            "(1/2 + (1/3) sqrt 3)(1 + sqrt 3)^n + (1/2 - (1/3) sqrt 3)(1 - sqrt 3)^n - 1"
        );
        for n in 1..=10u64 {
            assert_eq!(
                ac.closed_form.eval_exact(n).unwrap(),
                q(&ac.first_terms[(n - 1) as usize])
            );
        }
        let d = ac.dominant.as_ref().unwrap();
        assert_eq!(d.lambda, "1 + sqrt 3");
        assert_eq!(
            ac.closed_form.to_tex().as_deref(),
            Some("\\left(\\tfrac{1}{2} + \\tfrac{1}{3}\\sqrt{3}\\right)\\left(1 + \\sqrt{3}\\right)^{n} + \\left(\\tfrac{1}{2} - \\tfrac{1}{3}\\sqrt{3}\\right)\\left(1 - \\sqrt{3}\\right)^{n} - 1")
        );
        // 1/2 + 1/sqrt 3 = 1.0773502691896257645...
        assert_eq!(d.c_decimal, "1.0773502691896257645");
    }

    #[test]
    fn rainbow_dominant_constant() {
        let m = crate::algebra::recurrence_bench::rainbow_matrix();
        let a = MatrixAnalysis::new(m, vec![BigInt::one(); 12], None, 12).unwrap();
        let ddd = &a.components[0];
        assert_eq!(
            ddd.recurrence.poly(),
            &Poly::from_i64(&[-8, -4, -4, -2, 14, 8, 5, -7, -2, -1, 1])
        );
        assert_eq!(ddd.cofactor, Poly::from_i64(&[0, -1, 1])); // E (E - 1)
                                                               // Lunnon, Rainbow Hanoi: (E - 1)(E^5 - 3E^2 - 2)(E^4 - 2E^2 - 6E - 4), times E and
                                                               // the constant component's E - 1
        let f = &a.charpoly_factorization;
        let expect = [
            (Poly::x(), 1),
            (Poly::from_i64(&[-1, 1]), 2),
            (Poly::from_i64(&[-4, -6, -2, 0, 1]), 1),
            (Poly::from_i64(&[-2, 0, -3, 0, 0, 1]), 1),
        ];
        assert_eq!(f.factors.len(), 4);
        for e in &expect {
            assert!(f.factors.contains(e), "{e:?} in {f:?}");
        }
        assert_eq!(
            factorization_text(f),
            "E (E - 1)^2 (E^4 - 2E^2 - 6E - 4)(E^5 - 3E^2 - 2)"
        );
        let d = ddd.dominant.as_ref().unwrap();
        // Lunnon: DDD(n) ~ 0.6576 (2.3117...)^n
        assert!(d.certified, "{d:?}");
        assert!(d.lambda.starts_with("2.3117"), "{}", d.lambda);
        // Lunnon prints c rounded to 4 digits
        let c: f64 = d.c_decimal.parse().unwrap();
        assert!((c - 0.6576).abs() <= 0.00005, "{}", d.c_decimal);
        assert_eq!(d.c_decimal.len(), "0.".len() + 12, "12 significant digits");
        // independent route: DDD(n) / lambda^n by stepping, the other roots being below
        // 1.58 in modulus (their share at n = 300 is below 10^-45)
        let terms = crate::algebra::recurrence_bench::rainbow_ddd_terms(300).unwrap();
        let lambda = d.lambda_approx;
        let ratio = terms[299].to_f64().unwrap() / lambda.powi(300);
        assert!((ratio - c).abs() < 1e-9, "{ratio} vs {c}");
    }

    #[test]
    fn ties_are_stated() {
        // s = 1, 1, 4, 4, 16, 16, ...: E^2 - 4, roots 2 and -2 share the largest modulus
        let m = ZMatrix::from_i64(&[vec![0, 1], vec![4, 0]]).unwrap();
        let a = MatrixAnalysis::new(m, big(&[1, 1]), None, 10).unwrap();
        let c = &a.components[0];
        // s(1) = 2a - 2b = 1, s(2) = 4a + 4b = 1
        assert_eq!(c.closed_form.to_text(), "(3/8)*2^n - (1/8)*(-2)^n");
        let d = c.dominant.as_ref().unwrap();
        assert_eq!(d.lambda, "2");
        assert_eq!(d.ties.len(), 2, "{:?}", d.ties);
        assert!(a
            .to_text()
            .contains("several roots share the largest modulus"));
    }

    /// The closed form's value at `n`, the recurrent parts run forward from their exact
    /// initial values.
    fn eval_closed_form(cf: &ClosedForm, n: u64) -> BigRational {
        let mut acc = BigRational::zero();
        for t in &cf.terms {
            let single = ClosedForm {
                valid_from: cf.valid_from,
                terms: vec![t.clone()],
            };
            acc += match t {
                ClosedFormTerm::Recurrent {
                    factor, initial, ..
                } => {
                    let k = (n - cf.valid_from) as usize;
                    run_recurrence(factor, initial, k + 1).swap_remove(k)
                }
                _ => single.eval_exact(n).unwrap(),
            };
        }
        acc
    }

    #[test]
    fn property_closed_forms_reproduce_the_terms() {
        let mut seed = 7u64;
        for trial in 0..25 {
            let n = 2 + trial % 4;
            let rows: Vec<Vec<i64>> = (0..n)
                .map(|_| {
                    (0..n)
                        .map(|_| {
                            seed = seed
                                .wrapping_mul(6364136223846793005)
                                .wrapping_add(1442695040888963407);
                            ((seed >> 33) % 5) as i64 - 1
                        })
                        .collect()
                })
                .collect();
            let m = ZMatrix::from_i64(&rows).unwrap();
            let init: Vec<BigInt> = (0..n).map(|i| BigInt::from(i as i64 + 1)).collect();
            let a = MatrixAnalysis::new(m.clone(), init.clone(), None, 8).unwrap();
            let states = m.krylov(&init, 25).unwrap();
            for (i, c) in a.components.iter().enumerate() {
                assert!(c.recurrence.divides(&a.charpoly));
                assert_eq!(&(&c.cofactor * c.recurrence.poly()), &a.charpoly);
                let from = c.closed_form.valid_from;
                for nn in from..from + 15 {
                    assert_eq!(
                        eval_closed_form(&c.closed_form, nn),
                        q(&states[(nn - 1) as usize][i]),
                        "trial {trial} component {i} n {nn}\n{m}"
                    );
                }
            }
        }
    }

    #[test]
    fn errors_not_panics() {
        let rect = ZMatrix::from_i64(&[vec![1, 2]]).unwrap();
        assert!(MatrixAnalysis::new(rect, big(&[1, 1]), None, 10).is_err());
        let sq = ZMatrix::identity(2);
        assert!(MatrixAnalysis::new(sq.clone(), big(&[1]), None, 10).is_err());
        assert!(MatrixAnalysis::new(sq, big(&[1, 1]), Some(vec!["a".into()]), 10).is_err());
    }

    #[test]
    fn decimals() {
        assert_eq!(
            significant(&BigRational::new(1.into(), 3.into()), 5),
            "0.33333"
        );
        assert_eq!(
            significant(&BigRational::new(2.into(), 3.into()), 3),
            "0.667"
        );
        assert_eq!(significant(&q(&BigInt::from(-12)), 4), "-12.00");
        assert_eq!(
            significant(&BigRational::new(999.into(), 1000.into()), 2),
            "1.0"
        );
    }
}

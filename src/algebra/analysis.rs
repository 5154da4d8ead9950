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

use super::closed_form::closed_form;
pub use super::closed_form::{factor_parts, ClosedForm, ClosedFormTerm, Part};
use super::dominant::dominant_term;
pub use super::dominant::Dominant;
use super::error::AlgebraError;
use super::factor::{factor, Factorization};
use super::genfun::GeneratingFunction;
use super::matrix::ZMatrix;
use super::poly::Poly;
use super::recurrence::{minimal_recurrence_bounded, Recurrence};
use num_bigint::BigInt;
use num_traits::{One, Zero};
use serde::Serialize;
use std::fmt::Write as _;

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
        self.render(false)
    }

    /// The report as Markdown: the system and its polynomials, then one section per
    /// component with the same lines as [`MatrixAnalysis::to_text`], as lists.
    pub fn to_markdown(&self) -> String {
        self.render(true)
    }

    /// The lines of the report: `(depth, text)` with depth 0 for the system's lines, 1 for a
    /// component's and 2, 3 below; a component starts with its name at depth 0 after `None`.
    fn report_lines(&self) -> Vec<Option<(usize, String)>> {
        let mut lines = Vec::new();
        let mut line = |depth: usize, text: String| lines.push(Some((depth, text)));
        let init: Vec<String> = self.initial.iter().map(|v| v.to_string()).collect();
        line(0, format!("s = ({})", self.names.join(", ")));
        line(0, format!("s({}) = ({})", self.first_n, init.join(", ")));
        line(
            0,
            format!(
                "characteristic polynomial: {}",
                self.charpoly.to_string_in("E")
            ),
        );
        line(
            1,
            format!("= {}", factorization_text(&self.charpoly_factorization)),
        );
        line(
            0,
            format!(
                "minimal polynomial: {}",
                self.minimal_polynomial.to_string_in("E")
            ),
        );
        for c in &self.components {
            lines.push(None);
            let mut line = |depth: usize, text: String| lines.push(Some((depth, text)));
            line(0, c.name.clone());
            line(
                1,
                format!(
                    "minimal recurrence (order {}): {}",
                    c.recurrence.order(),
                    c.recurrence.poly().to_string_in("E")
                ),
            );
            line(
                1,
                format!(
                    "charpoly = {} x minimal recurrence",
                    cofactor_text(&c.cofactor)
                ),
            );
            if let Some(g) = &c.generating_function {
                line(
                    1,
                    format!(
                        "generating function: {}",
                        g.series_equation(&c.name, self.first_n)
                    ),
                );
            }
            line(
                1,
                format!(
                    "closed form: {}(n) = {}   for n >= {}",
                    c.name,
                    c.closed_form.to_text(),
                    c.closed_form.valid_from
                ),
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
                    line(
                        2,
                        format!(
                            "roots of {} (certified): {}",
                            factor.to_string_in("E"),
                            r.join(", ")
                        ),
                    );
                    for (root, c) in real_coefficients {
                        line(3, format!("coefficient of ({root})^n: {c}"));
                    }
                }
            }
            match &c.dominant {
                Some(d) => {
                    line(1, format!("dominant term: {}", dominant_text(d)));
                    if !d.ties.is_empty() {
                        line(
                            1,
                            format!(
                                "several roots share the largest modulus: {}",
                                d.ties.join(", ")
                            ),
                        );
                    }
                    for r in &d.per_residue {
                        line(
                            1,
                            format!(
                                "along n ≡ {} (mod {}): constant {} (= {})",
                                r.residue, r.modulus, r.exact, r.decimal
                            ),
                        );
                    }
                }
                None => line(1, "the sequence is eventually zero".into()),
            }
            let t: Vec<String> = c.first_terms.iter().map(|v| v.to_string()).collect();
            line(
                1,
                format!("first terms (n = {}..): {}", self.first_n, t.join(", ")),
            );
            if let (Some(n), Some(v)) = (self.nth_n, &c.nth) {
                line(1, format!("{}({n}) = {v}", c.name));
            }
        }
        lines
    }

    /// Text (two spaces per depth, `M =` and the matrix after the first two lines) or
    /// Markdown (the system as a list with the matrix in a code block, a `###` heading per
    /// component, nested lists below).
    fn render(&self, markdown: bool) -> String {
        let mut o = String::new();
        if markdown {
            let _ = writeln!(o, "## Transfer system\n");
        }
        let mut in_component = false;
        let mut count = 0;
        for l in self.report_lines() {
            let Some((depth, text)) = l else {
                in_component = true;
                let _ = writeln!(o);
                count = 0;
                continue;
            };
            count += 1;
            match (markdown, in_component && count == 1) {
                (false, true) => {
                    let _ = writeln!(o, "{text}:");
                }
                (true, true) => {
                    let _ = writeln!(o, "### `{text}`\n");
                }
                (false, false) => {
                    let _ = writeln!(o, "{}{text}", "  ".repeat(depth));
                }
                (true, false) => {
                    // A closed form's `*` would start emphasis.
                    let depth = if in_component { depth - 1 } else { depth };
                    let _ = writeln!(o, "{}- {}", "  ".repeat(depth), text.replace('*', "\\*"));
                }
            }
            if !in_component && count == 2 {
                match markdown {
                    false => {
                        let _ = writeln!(o, "M =\n{}", self.matrix);
                    }
                    true => {
                        let _ = writeln!(
                            o,
                            "- M =\n\n  ```\n{}  ```\n",
                            indent(&self.matrix.to_string())
                        );
                    }
                }
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

/// `text` with every line indented by two spaces (a code block inside a list item).
fn indent(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect()
}

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

#[cfg(test)]
mod tests {
    use super::super::closed_form::q;
    use super::super::decimal::significant;
    use super::super::recurrence::run_recurrence;
    use super::*;
    use num_rational::BigRational;
    use num_traits::ToPrimitive;

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

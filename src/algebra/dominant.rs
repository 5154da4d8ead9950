//! The dominant term `c n^k lambda^n` of a closed form: the dominant roots, the exact
//! constant for rational and quadratic roots, and a certified constant (rational interval
//! arithmetic on an isolating interval) for a simple real root of a higher-degree part.

use super::closed_form::{certified_constant, ClosedForm, ClosedFormTerm};
use super::decimal::significant;
use super::poly::Poly;
use super::quadratic::QuadraticNumber;
use super::roots::dominant_roots;
use nalgebra::Complex;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};
use serde::Serialize;

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
    /// Where the tied roots are `lambda` and `-lambda`: the constant of `n^k lambda^n` for
    /// even n, then for odd n (`a(n) / (n^k lambda^n)` tends to the first along the even
    /// n and to the second along the odd n). Empty when no root ties with `lambda`, or
    /// when the tie is not of that kind (complex roots of the top modulus: then no
    /// constant describes the sequence, and none is given).
    pub per_residue: Vec<ResidueConstant>,
}

/// The dominant constant along one residue class of n (see [`Dominant::per_residue`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResidueConstant {
    /// The residue class: n ≡ `residue` mod `modulus`.
    pub residue: usize,
    /// The modulus (2 for the tie of `lambda` with `-lambda`).
    pub modulus: usize,
    /// The constant exactly (rational or quadratic).
    pub exact: String,
    /// The constant to the digits asked for (certified).
    pub decimal: String,
}

impl Dominant {
    /// How many distinct roots share the largest modulus (1 when `lambda` is alone): the
    /// entries of `ties`, which list every tied root, `lambda` included, once each.
    ///
    /// ```
    /// use hanoilab::algebra::{MatrixAnalysis, ZMatrix};
    /// // 1, 1, 4, 4, 16, ...: E^2 - 4, the roots 2 and -2 tie.
    /// let m = ZMatrix::from_i64(&[vec![0, 1], vec![4, 0]]).unwrap();
    /// let a = MatrixAnalysis::new(m, vec![1.into(), 1.into()], None, 10).unwrap();
    /// assert_eq!(a.components[0].dominant.as_ref().unwrap().tied_roots(), 2);
    /// ```
    pub fn tied_roots(&self) -> usize {
        let mut roots: Vec<&String> = self.ties.iter().filter(|t| !t.starts_with('(')).collect();
        roots.sort();
        roots.dedup();
        roots.len().max(1)
    }
}

pub(super) fn complex_text(z: &Complex<f64>) -> String {
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
pub(super) fn dominant_term(cf: &ClosedForm, q: &Poly, digits: usize) -> Option<Dominant> {
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
    // The terms of the tied roots (only when a tie is proved).
    let mut top_terms: Vec<usize> = if ties.is_empty() {
        vec![]
    } else {
        top.iter().map(|c| c.term).collect()
    };
    top_terms.dedup();
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
                per_residue: per_residue(cf, &top_terms, digits),
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
                per_residue: per_residue(cf, &top_terms, digits),
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
                    per_residue: vec![],
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
                    per_residue: vec![],
                    ties,
                }),
                None => Some(Dominant {
                    lambda: format!("{:.12}", z.re),
                    lambda_approx: z.re,
                    k: 0,
                    c_exact: None,
                    c_decimal: "(not certified: root not isolated as simple)".into(),
                    certified: false,
                    per_residue: vec![],
                    ties,
                }),
            }
        }
    }
}

/// The constants along even and odd n when the roots of largest modulus are exactly
/// `lambda > 0` and `-lambda`: rational roots `±r` (the leading coefficients of their
/// polynomials, at the higher degree of the two), or the pair `±b√d` of one quadratic.
/// `a(n) ~ (c_+ + (-1)^n c_-) n^k lambda^n`, so the constant is `c_+ + c_-` for even n and
/// `c_+ - c_-` for odd n. Other ties (complex roots) give none.
fn per_residue(cf: &ClosedForm, tied: &[usize], digits: usize) -> Vec<ResidueConstant> {
    let residues = |even: QuadraticNumber, odd: QuadraticNumber| {
        [even, odd]
            .into_iter()
            .enumerate()
            .map(|(r, c)| ResidueConstant {
                residue: r,
                modulus: 2,
                exact: c.to_text(),
                decimal: quadratic_decimal(&c, digits),
            })
            .collect()
    };
    let rational = |x: BigRational| QuadraticNumber::new(x, BigRational::zero(), BigInt::from(1));
    match tied {
        [t] => match &cf.terms[*t] {
            ClosedFormTerm::QuadraticPair { root, coeff, .. }
                if root.a.is_zero() && root.d.is_positive() =>
            {
                // roots ±b√d; the coefficient of +|b|√d first
                let (plus, minus) = if root.b.is_positive() {
                    (coeff.clone(), coeff.conj())
                } else {
                    (coeff.conj(), coeff.clone())
                };
                let even =
                    QuadraticNumber::new(&plus.a + &minus.a, &plus.b + &minus.b, plus.d.clone());
                let odd =
                    QuadraticNumber::new(&plus.a - &minus.a, &plus.b - &minus.b, plus.d.clone());
                residues(even, odd)
            }
            _ => vec![],
        },
        [t1, t2] => match (&cf.terms[*t1], &cf.terms[*t2]) {
            (
                ClosedFormTerm::Rational { root: r1, poly: p1 },
                ClosedFormTerm::Rational { root: r2, poly: p2 },
            ) if *r1 == -r2.clone() && !r1.is_zero() => {
                let (plus, minus) = if r1.is_positive() { (p1, p2) } else { (p2, p1) };
                let degree = |p: &Vec<BigRational>| p.iter().rposition(|c| !c.is_zero());
                let k = degree(plus).max(degree(minus)).unwrap_or(0);
                let at = |p: &Vec<BigRational>| p.get(k).cloned().unwrap_or_else(BigRational::zero);
                residues(
                    rational(at(plus) + at(minus)),
                    rational(at(plus) - at(minus)),
                )
            }
            _ => vec![],
        },
        _ => vec![],
    }
}

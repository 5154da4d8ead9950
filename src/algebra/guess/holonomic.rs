//! P-recursive (holonomic) laws `sum_{i=0}^{r} P_i(n) a(n+i) = 0` with polynomial
//! coefficients of degree at most `d`, found as the nullspace of the linear system whose row
//! `n` is `(n^j a(n+i))_{i,j}`.
//!
//! The rank is found modulo a prime first (cheap, and a rank mod p is never larger than the
//! rank over Q, so a full rank mod p rules a shape out exactly); when the rank mod p leaves a
//! one-dimensional kernel, the rows that were independent mod p (hence over Q) are solved
//! exactly over Q, the solution is scaled to a primitive integer vector, and the law is
//! checked exactly on every row. Shapes are tried by increasing number of unknowns
//! `(r + 1)(d + 1)`, so the first law found is the smallest.
//!
//! This is the guesser of Maple's gfun (`listtorec`, B. Salvy and P. Zimmermann, *GFUN: a
//! Maple package for the manipulation of generating and holonomic functions in one
//! variable*, ACM TOMS 20 (1994) 163–177) and of M. Kauers's `Guess` package; P-recursive
//! sequences as in R. P. Stanley, *Differentiably finite power series*, Europ. J. Combin. 1
//! (1980) 175–188.

use super::modular::residue;
use crate::algebra::charpoly_modular::primes;
use crate::algebra::poly::Poly;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// A P-recursive law `sum_{i=0}^{r} P_i(n) a(n+i) = 0`, checked for every `n` with
/// `n0 <= n` and `n + r` among the terms given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holonomic {
    /// `P_0, ..., P_r` as polynomials in `n` (integer, primitive as a whole, `P_r` with a
    /// positive leading coefficient).
    pub coefficients: Vec<Poly>,
    /// The first `n` of the law (the first index given).
    pub holds_from: u64,
    /// Terms that determined it (the last row the nullspace needed, plus the order).
    pub determined_by: usize,
    /// Further terms that confirm it.
    pub confirmed_by: usize,
}

impl Holonomic {
    /// The order `r`.
    pub fn order(&self) -> usize {
        self.coefficients.len().saturating_sub(1)
    }

    /// The largest degree of the `P_i`.
    pub fn degree(&self) -> usize {
        self.coefficients
            .iter()
            .filter_map(Poly::degree)
            .max()
            .unwrap_or(0)
    }

    /// `a(n+r)` from the law, when `P_r(n) != 0`: the continuation of `terms` (`terms[i] =
    /// a(holds_from + i)`) to `count` terms; `None` when a leading coefficient vanishes or a
    /// quotient is not an integer (the law does not continue the sequence in Z there).
    pub fn extend(&self, terms: &[BigInt], count: usize) -> Option<Vec<BigInt>> {
        let r = self.order();
        let mut out = terms.to_vec();
        while out.len() < count {
            let t = out.len() - r;
            let n = BigInt::from(self.holds_from + t as u64);
            let lead = self.coefficients[r].eval(&n);
            if lead.is_zero() {
                return None;
            }
            let s: BigInt = (0..r)
                .map(|i| self.coefficients[i].eval(&n) * &out[t + i])
                .sum();
            let (q, rem) = (-s).div_rem(&lead);
            if !rem.is_zero() {
                return None;
            }
            out.push(q);
        }
        Some(out)
    }

    /// `(n + 2) a(n+1) - (4n + 2) a(n) = 0`.
    pub fn to_text(&self) -> String {
        self.render_in("a", "n", false)
    }

    /// LaTeX: `(n + 2)\,a(n+1) - (4n + 2)\,a(n) = 0`.
    pub fn to_tex(&self) -> String {
        self.render_in("a", "n", true)
    }

    /// The law for a sequence called `name` with index `idx` (`b`, `k`: `b(k+1) - ...`),
    /// as text or LaTeX.
    pub fn render_in(&self, name: &str, idx: &str, tex: bool) -> String {
        let mut out = String::new();
        for i in (0..self.coefficients.len()).rev() {
            let p = &self.coefficients[i];
            if p.is_zero() {
                continue;
            }
            let shift = match i {
                0 => format!("{name}({idx})"),
                _ => format!("{name}({idx}+{i})"),
            };
            let terms = p.coeffs().iter().filter(|c| !c.is_zero()).count();
            // a single term carries its sign outside; a sum is parenthesised
            let (neg, body) = if terms == 1 {
                let k = p.degree().unwrap_or(0);
                let c = p.leading();
                let mono = Poly::monomial(c.abs(), k);
                let s = if tex {
                    mono.to_latex(idx)
                } else {
                    mono.to_string_in(idx)
                };
                (c.is_negative(), if s == "1" { String::new() } else { s })
            } else {
                let s = if tex {
                    p.to_latex(idx)
                } else {
                    p.to_string_in(idx)
                };
                let neg = p.leading().is_negative();
                let s = if neg {
                    let m = -p;
                    if tex {
                        m.to_latex(idx)
                    } else {
                        m.to_string_in(idx)
                    }
                } else {
                    s
                };
                (neg, format!("({s})"))
            };
            if out.is_empty() {
                if neg {
                    out.push('-');
                }
            } else {
                out.push_str(if neg { " - " } else { " + " });
            }
            out.push_str(&body);
            if !body.is_empty() {
                out.push_str(if tex { "\\," } else { " " });
            }
            out.push_str(&shift);
        }
        out.push_str(" = 0");
        out
    }
}

/// The values `n^j a(n+i)` of row `t` (`n = n0 + t`), column `i (d + 1) + j`.
fn row(terms: &[BigInt], n0: u64, t: usize, r: usize, d: usize) -> Vec<BigInt> {
    let n = BigInt::from(n0 + t as u64);
    let mut out = Vec::with_capacity((r + 1) * (d + 1));
    for i in 0..=r {
        let mut v = terms[t + i].clone();
        for _ in 0..=d {
            out.push(v.clone());
            v *= &n;
        }
    }
    out
}

/// The rows (indices) that are independent modulo `p`, in order, stopping at `limit`.
fn independent_rows_mod(
    terms: &[BigInt],
    n0: u64,
    r: usize,
    d: usize,
    p: u64,
    limit: usize,
) -> Vec<usize> {
    let u = (r + 1) * (d + 1);
    let res: Vec<u64> = terms.iter().map(|t| residue(t, p)).collect();
    let mut pivots: Vec<(usize, Vec<u64>)> = Vec::new();
    let mut chosen = Vec::new();
    for t in 0..terms.len() - r {
        let n = (n0 + t as u64) % p;
        let mut v = Vec::with_capacity(u);
        for i in 0..=r {
            let mut x = res[t + i];
            for _ in 0..=d {
                v.push(x);
                x = x * n % p;
            }
        }
        for (pc, pr) in &pivots {
            let f = v[*pc];
            if f != 0 {
                for (a, b) in v.iter_mut().zip(pr) {
                    *a = (*a + p - f * b % p) % p;
                }
            }
        }
        if let Some(pc) = v.iter().position(|&x| x != 0) {
            let inv = crate::algebra::modp::inv(v[pc], p);
            for a in v.iter_mut() {
                *a = *a * inv % p;
            }
            pivots.push((pc, v));
            chosen.push(t);
            if chosen.len() >= limit {
                break;
            }
        }
    }
    chosen
}

/// The one-dimensional kernel of `rows` (`k` rows of `k + 1` unknowns, independent) as a
/// primitive integer vector.
fn kernel(rows: Vec<Vec<BigInt>>) -> Option<Vec<BigInt>> {
    let u = rows.first().map_or(1, |r| r.len());
    let mut a: Vec<Vec<BigRational>> = rows
        .into_iter()
        .map(|r| r.into_iter().map(BigRational::from_integer).collect())
        .collect();
    let mut pivot_cols = Vec::with_capacity(a.len());
    let mut col = 0;
    for k in 0..a.len() {
        let (pr, pc) = loop {
            if col >= u {
                return None;
            }
            if let Some(i) = (k..a.len()).find(|&i| !a[i][col].is_zero()) {
                break (i, col);
            }
            col += 1;
        };
        a.swap(k, pr);
        let inv = a[k][pc].recip();
        for x in a[k].iter_mut() {
            *x *= &inv;
        }
        let pivot = a[k].clone();
        for (i, rowi) in a.iter_mut().enumerate() {
            if i != k && !rowi[pc].is_zero() {
                let f = rowi[pc].clone();
                for (x, y) in rowi.iter_mut().zip(&pivot) {
                    if !y.is_zero() {
                        *x -= &f * y;
                    }
                }
            }
        }
        pivot_cols.push(pc);
        col += 1;
    }
    let free = (0..u).find(|c| !pivot_cols.contains(c))?;
    let mut x = vec![BigRational::zero(); u];
    x[free] = BigRational::one();
    for (k, &pc) in pivot_cols.iter().enumerate() {
        x[pc] = -a[k][free].clone();
    }
    let den = x.iter().fold(BigInt::one(), |acc, v| acc.lcm(v.denom()));
    let ints: Vec<BigInt> = x
        .iter()
        .map(|v| (v * BigRational::from_integer(den.clone())).to_integer())
        .collect();
    let g = ints.iter().fold(BigInt::zero(), |acc, v| acc.gcd(v));
    Some(ints.into_iter().map(|v| v / &g).collect())
}

/// The smallest P-recursive law of order `1..=max_order` and degree `0..=max_degree` that
/// `terms` (`terms[i] = a(n0 + i)`) determine with at least `confirmations` further terms.
pub(crate) fn find_holonomic(
    terms: &[BigInt],
    n0: u64,
    max_order: usize,
    max_degree: usize,
    confirmations: usize,
) -> Option<Holonomic> {
    let n = terms.len();
    let mut shapes: Vec<(usize, usize)> = (1..=max_order)
        .flat_map(|r| (0..=max_degree).map(move |d| (r, d)))
        .collect();
    shapes.sort_by_key(|&(r, d)| ((r + 1) * (d + 1), r));
    let p = primes().next().expect("a prime");
    for (r, d) in shapes {
        let u = (r + 1) * (d + 1);
        // rows n0..n0 + N - 1 - r; u - 1 of them determine, `confirmations` more terms check
        if n < u - 1 + r + confirmations {
            continue;
        }
        let chosen = independent_rows_mod(terms, n0, r, d, p, u);
        if chosen.len() != u - 1 {
            continue; // full rank (no law of this shape) or a kernel of dimension > 1
        }
        let determined_by = chosen.last().map_or(0, |&t| t + 1) + r;
        if n < determined_by + confirmations {
            continue;
        }
        let rows: Vec<Vec<BigInt>> = chosen.iter().map(|&t| row(terms, n0, t, r, d)).collect();
        let Some(mut x) = kernel(rows) else {
            continue;
        };
        let holds = (0..n - r).all(|t| {
            row(terms, n0, t, r, d)
                .iter()
                .zip(&x)
                .map(|(a, b)| a * b)
                .sum::<BigInt>()
                .is_zero()
        });
        if !holds {
            continue;
        }
        let lead_sign_negative = x[r * (d + 1)..]
            .iter()
            .rev()
            .find(|v| !v.is_zero())
            .is_some_and(|v| v.is_negative());
        if lead_sign_negative {
            for v in x.iter_mut() {
                *v = -&*v;
            }
        }
        let coefficients: Vec<Poly> = x.chunks(d + 1).map(|c| Poly::new(c.to_vec())).collect();
        if coefficients[r].is_zero() {
            continue; // a law of lower order in disguise
        }
        return Some(Holonomic {
            coefficients,
            holds_from: n0,
            determined_by,
            confirmed_by: n - determined_by,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binomial(n: u64, k: u64) -> BigInt {
        // the product formula, independent of any recurrence
        let mut v = BigInt::one();
        for i in 0..k {
            v = v * BigInt::from(n - i) / BigInt::from(i + 1);
        }
        v
    }

    #[test]
    fn catalan_numbers() {
        // OEIS A000108: C(n) = binomial(2n, n) / (n + 1); (n + 2) C(n+1) = (4n + 2) C(n)
        let c: Vec<BigInt> = (0..30)
            .map(|n| binomial(2 * n, n) / BigInt::from(n + 1))
            .collect();
        let h = find_holonomic(&c, 0, 3, 3, 5).unwrap();
        assert_eq!(
            h.coefficients,
            vec![Poly::from_i64(&[-2, -4]), Poly::from_i64(&[2, 1])]
        );
        assert_eq!(h.to_text(), "(n + 2) a(n+1) - (4n + 2) a(n) = 0");
        assert_eq!((h.order(), h.degree()), (1, 1));
        assert_eq!(h.determined_by + h.confirmed_by, 30);
        let more: Vec<BigInt> = (0..40)
            .map(|n| binomial(2 * n, n) / BigInt::from(n + 1))
            .collect();
        assert_eq!(h.extend(&c, 40).unwrap(), more);
    }

    #[test]
    fn factorials_from_a_later_start() {
        // n! from n = 3: a(n+1) = (n + 1) a(n)
        let f: Vec<BigInt> = (3..25u64)
            .map(|n| (1..=n).map(BigInt::from).product())
            .collect();
        let h = find_holonomic(&f, 3, 2, 2, 5).unwrap();
        assert_eq!(h.to_text(), "a(n+1) - (n + 1) a(n) = 0");
        assert_eq!(h.holds_from, 3);
    }

    #[test]
    fn no_law_on_too_few_terms_or_noise() {
        let c: Vec<BigInt> = (0..6).map(|n| binomial(2 * n, n)).collect();
        assert!(find_holonomic(&c, 0, 2, 2, 5).is_none());
        let noise: Vec<BigInt> = (0..40u64)
            .map(|n| BigInt::from((n * n * 7919 + 13) % 1009))
            .collect();
        assert!(find_holonomic(&noise, 0, 3, 3, 5).is_none());
    }
}

//! Transfer systems `s(n+1) = M s(n)`: a vector of named components, an integer matrix and
//! the exact vector at a first n, with their arithmetic (the n-th vector by stepping or by
//! powering `M`, one component modulo an integer, certified decimal logarithms) and the one
//! conversion of the matrix to a [`ZMatrix`] for the exact analysis.
//!
//! Every power goes through the one square-and-multiply of [`super::power`]. Lunnon's
//! convention (*The Tower of Hanoi and Variations*): the last component `"1"` is the
//! constant, so an affine recurrence is a linear one.

use std::fmt;

use num_bigint::BigInt;
use num_traits::{One, Zero};

use super::power::binary_power;
use super::{AlgebraError, ZMatrix};

/// A linear recurrence `s(n+1) = M s(n)` over the integers with named components, in
/// Lunnon's convention: the last component, named `"1"`, is the constant. The transfer
/// system of a recursion program's move counts (one component per procedure, named after
/// it; see [`crate::program::transfer_system`]) is one.
///
/// ```
/// use hanoilab::algebra::TransferSystem;
/// // The classic tower: h(n+1) = 2 h(n) + 1, s = (h, 1), s(1) = (1, 1).
/// let sys = TransferSystem {
///     names: vec!["h".into(), "1".into()],
///     matrix: vec![vec![2.into(), 1.into()], vec![0.into(), 1.into()]],
///     initial: vec![1.into(), 1.into()],
///     first_n: 1,
/// };
/// assert_eq!(sys.state(10).unwrap()[0], 1023.into());
/// assert_eq!(sys.state_pow(10), sys.state(10));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TransferSystem {
    /// Component names, the constant `"1"` last (for a program: procedures in order of
    /// definition after `count_as` merging, then shifted counts `P[n-j]` and residue parts
    /// `P·[n even]` where needed).
    pub names: Vec<String>,
    /// The matrix `M`, row i gives component i at n+1 from all components at n.
    #[serde(serialize_with = "ser_matrix")]
    pub matrix: Vec<Vec<BigInt>>,
    /// `s(first_n)`: the components' exact values at `n = first_n` (normally 1, i.e. `s(1)`).
    #[serde(serialize_with = "ser_vec")]
    pub initial: Vec<BigInt>,
    /// The n of [`TransferSystem::initial`]; the recurrence holds from there on (for a
    /// program it is 1 unless some procedure has special clauses for n >= 2).
    pub first_n: u32,
}

impl TransferSystem {
    /// Index of a component by name.
    pub fn index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// The matrix `M` as a [`ZMatrix`], for the exact analysis (characteristic and minimal
    /// polynomials, closed forms): the one conversion every caller uses. An error only for a
    /// system built by hand with no component or rows of unequal length.
    ///
    /// ```
    /// use hanoilab::algebra::TransferSystem;
    /// let sys = TransferSystem {
    ///     names: vec!["h".into(), "1".into()],
    ///     matrix: vec![vec![2.into(), 1.into()], vec![0.into(), 1.into()]],
    ///     initial: vec![1.into(), 1.into()],
    ///     first_n: 1,
    /// };
    /// let m = sys.to_matrix().unwrap();
    /// assert_eq!(m.charpoly().unwrap().to_string_in("E"), "E^2 - 3E + 2");
    /// ```
    pub fn to_matrix(&self) -> Result<ZMatrix, AlgebraError> {
        ZMatrix::from_rows(self.matrix.clone())
    }

    /// The system `s(n+1) = M s(n)` for a [`ZMatrix`] `M`, with `s(first_n) = initial`.
    ///
    /// ```
    /// use hanoilab::algebra::{TransferSystem, ZMatrix};
    /// let fib = ZMatrix::from_i64(&[vec![1, 1], vec![1, 0]]).unwrap();
    /// let sys = TransferSystem::from_matrix(
    ///     vec!["F(n+1)".into(), "F(n)".into()],
    ///     &fib,
    ///     vec![1.into(), 0.into()],
    ///     0,
    /// );
    /// assert_eq!(sys.state(10).unwrap()[1], 55.into());
    /// assert_eq!(sys.to_matrix().unwrap(), fib);
    /// ```
    pub fn from_matrix(
        names: Vec<String>,
        matrix: &ZMatrix,
        initial: Vec<BigInt>,
        first_n: u32,
    ) -> TransferSystem {
        TransferSystem {
            names,
            matrix: matrix.to_rows(),
            initial,
            first_n,
        }
    }

    /// `s(n)` for `n >= first_n`, by stepping.
    pub fn state(&self, n: u64) -> Option<Vec<BigInt>> {
        if n < self.first_n as u64 {
            return None;
        }
        let mut s = self.initial.clone();
        for _ in self.first_n as u64..n {
            s = self.step(&s);
        }
        Some(s)
    }

    /// The decimal logarithm of component `i` of `s(n)`, estimated in floating point by
    /// scaled repeated squaring (O(k^3 log n) float operations, no big integers): for
    /// refusing answers too large to print before computing them. `-inf` when it is 0.
    pub fn log10_estimate(&self, n: u64, i: usize) -> Option<f64> {
        if n < self.first_n as u64 || i >= self.names.len() {
            return None;
        }
        let k = self.names.len();
        let f = |x: &BigInt| -> f64 {
            use num_traits::ToPrimitive;
            x.to_f64().unwrap_or(f64::MAX)
        };
        // A scaled matrix: entries times 10^scale.
        type Scaled = (Vec<Vec<f64>>, f64);
        let normalise = |m: &mut Scaled| {
            let big = m.0.iter().flatten().fold(0.0f64, |a, &b| a.max(b.abs()));
            if big > 0.0 && big.is_finite() {
                for x in m.0.iter_mut().flatten() {
                    *x /= big;
                }
                m.1 += big.log10();
            }
        };
        let mul = |a: &Scaled, b: &Scaled| -> Scaled {
            let mut c = vec![vec![0.0; k]; k];
            for (ci, ai) in c.iter_mut().zip(&a.0) {
                for (l, &x) in ai.iter().enumerate() {
                    if x != 0.0 {
                        for (cj, &y) in ci.iter_mut().zip(&b.0[l]) {
                            *cj += x * y;
                        }
                    }
                }
            }
            let mut r = (c, a.1 + b.1);
            normalise(&mut r);
            r
        };
        let result: Scaled = (
            (0..k)
                .map(|r| (0..k).map(|c| if r == c { 1.0 } else { 0.0 }).collect())
                .collect(),
            0.0,
        );
        let mut base: Scaled = (
            self.matrix
                .iter()
                .map(|r| r.iter().map(f).collect())
                .collect(),
            0.0,
        );
        normalise(&mut base);
        let result = binary_power(base, n - self.first_n as u64, result, mul);
        let v: f64 = result.0[i]
            .iter()
            .zip(&self.initial)
            .map(|(a, b)| a * f(b))
            .sum();
        Some(if v > 0.0 {
            v.log10() + result.1
        } else if v < 0.0 {
            (-v).log10() + result.1
        } else {
            f64::NEG_INFINITY
        })
    }

    /// Component `i` of `s(n)` for `n >= first_n`, by the component's own minimal recurrence
    /// and Fiduccia's `x^n mod p` ([`crate::algebra::Recurrence::nth_term`]): `2k + 2` terms
    /// by stepping (k components) determine the minimal recurrence exactly (Berlekamp–Massey:
    /// the linear complexity is at most k), then O(log n) squarings of a polynomial of that
    /// degree. Much cheaper than powering the k x k matrix, which computes all k^2 entries.
    pub fn component_nth(&self, i: usize, n: u64) -> Option<BigInt> {
        if n < self.first_n as u64 || i >= self.names.len() {
            return None;
        }
        let k = self.names.len();
        let steps = 2 * k + 2;
        let offset = n - self.first_n as u64;
        let mut s = self.initial.clone();
        let mut terms = Vec::with_capacity(steps);
        for _ in 0..steps {
            terms.push(s[i].clone());
            if terms.len() as u64 > offset {
                return Some(terms.swap_remove(offset as usize));
            }
            s = self.step(&s);
        }
        let r = crate::algebra::minimal_recurrence(&terms).ok()?;
        r.nth_term(&terms, offset).ok()
    }

    /// Component `i` of `s(n)` modulo `modulus` (>= 1), for `n >= first_n`, by repeated
    /// squaring of `M` modulo `modulus`: exact, in O(k^3 log n) products of numbers below
    /// `modulus`, however large the value itself is. The result is in `0..modulus`.
    ///
    /// ```
    /// use hanoilab::algebra::TransferSystem;
    /// let sys = TransferSystem {
    ///     names: vec!["h".into(), "1".into()],
    ///     matrix: vec![vec![2.into(), 1.into()], vec![0.into(), 1.into()]],
    ///     initial: vec![1.into(), 1.into()],
    ///     first_n: 1,
    /// };
    /// // 2^100 - 1 = 1267650600228229401496703205375
    /// let m = num_bigint::BigInt::from(100_000);
    /// assert_eq!(sys.component_nth_mod(0, 100, &m).unwrap(), 5375.into());
    /// ```
    pub fn component_nth_mod(&self, i: usize, n: u64, modulus: &BigInt) -> Option<BigInt> {
        use num_integer::Integer;
        if n < self.first_n as u64 || i >= self.names.len() || modulus < &BigInt::one() {
            return None;
        }
        let k = self.names.len();
        let md = |x: BigInt| x.mod_floor(modulus);
        let mul = |a: &Vec<Vec<BigInt>>, b: &Vec<Vec<BigInt>>| sparse_product(a, b, k, md);
        // Only row i of the power is needed: a row vector times the matrix powers.
        let row: Vec<Vec<BigInt>> =
            vec![(0..k).map(|c| md(BigInt::from(u8::from(c == i)))).collect()];
        let base: Vec<Vec<BigInt>> = self
            .matrix
            .iter()
            .map(|r| r.iter().cloned().map(md).collect())
            .collect();
        // row (1 x k) times the powers of base (k x k), both products by `sparse_product`:
        // the powers of one matrix commute, so the row ends as row i of `M^e`.
        let row = binary_power(base, n - self.first_n as u64, row, mul);
        Some(md(row[0]
            .iter()
            .zip(&self.initial)
            .map(|(a, b)| a * b)
            .sum::<BigInt>()))
    }

    /// The decimal logarithm of component `i` of `s(n)` with a certified error bound:
    /// `Some((x, err))` with `|log10(value) - x| <= err`, computed by scaled repeated
    /// squaring in floating point with exact power-of-two scaling and a running bound on
    /// the relative rounding error (every product and sum of nonnegative numbers errs by at
    /// most one unit roundoff). `None` when it cannot be certified this way: a negative
    /// entry in `M` or `s(first_n)`, a value of 0, an entry too large for a float, or an
    /// entry lost to underflow; also for `n < first_n`.
    ///
    /// ```
    /// use hanoilab::algebra::TransferSystem;
    /// let sys = TransferSystem {
    ///     names: vec!["h".into(), "1".into()],
    ///     matrix: vec![vec![2.into(), 1.into()], vec![0.into(), 1.into()]],
    ///     initial: vec![1.into(), 1.into()],
    ///     first_n: 1,
    /// };
    /// let (x, err) = sys.log10_certified(0, 1000).unwrap(); // 2^1000 - 1
    /// assert!((x - 1000.0 * 2f64.log10()).abs() <= err + 1e-12);
    /// assert!(err < 1e-9);
    /// ```
    pub fn log10_certified(&self, i: usize, n: u64) -> Option<(f64, f64)> {
        use num_traits::{Signed, ToPrimitive};
        if n < self.first_n as u64 || i >= self.names.len() {
            return None;
        }
        if self
            .matrix
            .iter()
            .flatten()
            .chain(&self.initial)
            .any(|x| x.is_negative())
        {
            return None;
        }
        let k = self.names.len();
        let u = f64::EPSILON / 2.0;
        let g = 1.01 * (k + 2) as f64 * u;
        // Entrywise bounds lo <= true / 2^exp <= hi, all nonnegative.
        type Cert = (Vec<Vec<f64>>, Vec<Vec<f64>>, i64);
        // Exact power-of-two scaling; entries that become tiny are widened to [0, 1e-290].
        let normalise = |m: &mut Cert| {
            let big = m.1.iter().flatten().fold(0.0f64, |a, &b| a.max(b));
            if big > 0.0 && big.is_finite() {
                let e = big.log2().floor() as i32;
                let scale = 2f64.powi(-e);
                for x in m.0.iter_mut().flatten() {
                    *x = if *x * scale < 1e-290 { 0.0 } else { *x * scale };
                }
                for x in m.1.iter_mut().flatten() {
                    *x = if *x > 0.0 && *x * scale < 1e-290 {
                        1e-290
                    } else {
                        *x * scale
                    };
                }
                m.2 += e as i64;
            }
        };
        let mul = |a: &Cert, b: &Cert| -> Cert {
            let mut lo = vec![vec![0.0; k]; k];
            let mut hi = vec![vec![0.0; k]; k];
            for r in 0..k {
                for c in 0..k {
                    let (mut sl, mut sh) = (0.0, 0.0);
                    for l in 0..k {
                        sl += a.0[r][l] * b.0[l][c];
                        sh += a.1[r][l] * b.1[l][c];
                    }
                    // Each product and sum errs by a relative u, or an absolute 2^-1074
                    // in underflow (k of them < 1e-300).
                    lo[r][c] = (sl * (1.0 - g) - 1e-300).max(0.0);
                    hi[r][c] = if sh > 0.0 {
                        (sh + 1e-300) * (1.0 + g)
                    } else {
                        0.0
                    };
                }
            }
            let mut m = (lo, hi, a.2 + b.2);
            normalise(&mut m);
            m
        };
        let f = |x: &BigInt| x.to_f64().filter(|v| v.is_finite());
        let mut lo0 = Vec::new();
        let mut hi0 = Vec::new();
        for r in &self.matrix {
            let row: Vec<f64> = r.iter().map(f).collect::<Option<_>>()?;
            lo0.push(row.iter().map(|x| x * (1.0 - 2.0 * u)).collect());
            hi0.push(row.iter().map(|x| x * (1.0 + 2.0 * u)).collect());
        }
        let mut base: Cert = (lo0, hi0, 0);
        normalise(&mut base);
        let id: Vec<Vec<f64>> = (0..k)
            .map(|r| (0..k).map(|c| f64::from(u8::from(r == c))).collect())
            .collect();
        let result: Cert = (id.clone(), id, 0);
        let result = binary_power(base, n - self.first_n as u64, result, mul);
        let init: Vec<f64> = self.initial.iter().map(f).collect::<Option<_>>()?;
        let (mut vl, mut vh) = (0.0, 0.0);
        for (j, &x) in init.iter().enumerate() {
            vl += result.0[i][j] * x;
            vh += result.1[i][j] * x;
        }
        let vl = vl * (1.0 - g) * (1.0 - 2.0 * u);
        let vh = vh * (1.0 + g) * (1.0 + 2.0 * u);
        if !(vl > 0.0 && vh.is_finite()) {
            return None;
        }
        let (a, b) = (vl.log10(), vh.log10());
        let shift = result.2 as f64 * std::f64::consts::LOG10_2;
        let x = (a + b) / 2.0 + shift;
        // The width of the interval, then the rounding of log10, of the product, of the sum.
        let err = (b - a) / 2.0 + 8.0 * u * (a.abs() + b.abs() + shift.abs() + 1.0);
        Some((x, err))
    }

    fn step(&self, s: &[BigInt]) -> Vec<BigInt> {
        self.matrix
            .iter()
            .map(|row| {
                row.iter()
                    .zip(s)
                    .filter(|(a, _)| !a.is_zero())
                    .map(|(a, b)| a * b)
                    .sum()
            })
            .collect()
    }

    /// `s(n)` for `n >= first_n` by repeated squaring of `M` (O(k^3 log n) big-integer
    /// products for k components): for large n.
    pub fn state_pow(&self, n: u64) -> Option<Vec<BigInt>> {
        if n < self.first_n as u64 {
            return None;
        }
        let k = self.names.len();
        let mul = |a: &Vec<Vec<BigInt>>, b: &Vec<Vec<BigInt>>| sparse_product(a, b, k, |x| x);
        let result: Vec<Vec<BigInt>> = (0..k)
            .map(|i| {
                (0..k)
                    .map(|j| {
                        if i == j {
                            BigInt::one()
                        } else {
                            BigInt::zero()
                        }
                    })
                    .collect()
            })
            .collect();
        let base = self.matrix.clone();
        let result = binary_power(base, n - self.first_n as u64, result, mul);
        Some(
            result
                .iter()
                .map(|row| row.iter().zip(&self.initial).map(|(a, b)| a * b).sum())
                .collect(),
        )
    }

    /// The system restricted to the named components (in the given order; `"1"` included if
    /// named). Useful to compare with a printed matrix that leaves out a top-level procedure
    /// no other procedure calls. `None` if a name is unknown or a dropped component is used
    /// by a kept one.
    pub fn restrict(&self, names: &[&str]) -> Option<TransferSystem> {
        let idx: Vec<usize> = names.iter().map(|n| self.index(n)).collect::<Option<_>>()?;
        for &i in &idx {
            for (j, v) in self.matrix[i].iter().enumerate() {
                if !v.is_zero() && !idx.contains(&j) {
                    return None;
                }
            }
        }
        Some(TransferSystem {
            names: names.iter().map(|s| s.to_string()).collect(),
            matrix: idx
                .iter()
                .map(|&i| idx.iter().map(|&j| self.matrix[i][j].clone()).collect())
                .collect(),
            initial: idx.iter().map(|&i| self.initial[i].clone()).collect(),
            first_n: self.first_n,
        })
    }

    /// Markdown rendering: the component vector, `s(first_n)` and `M`.
    pub fn to_markdown(&self) -> String {
        let mut out = String::new();
        out.push_str(&format!("s = ({})\n\n", self.names.join(", ")));
        let init: Vec<String> = self.initial.iter().map(|v| v.to_string()).collect();
        out.push_str(&format!("s({}) = ({})\n\n", self.first_n, init.join(", ")));
        out.push_str("M =\n\n```\n");
        for row in &self.matrix {
            let r: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            out.push_str(&format!("| {} |\n", r.join(", ")));
        }
        out.push_str("```\n");
        out
    }
}

impl fmt::Display for TransferSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_markdown())
    }
}

/// Big integers are serialised as decimal strings (exact in every JSON reader).
fn ser_vec<S: serde::Serializer>(v: &[BigInt], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = s.serialize_seq(Some(v.len()))?;
    for x in v {
        seq.serialize_element(&x.to_string())?;
    }
    seq.end()
}

fn ser_matrix<S: serde::Serializer>(m: &[Vec<BigInt>], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = s.serialize_seq(Some(m.len()))?;
    for row in m {
        let r: Vec<String> = row.iter().map(|x| x.to_string()).collect();
        seq.serialize_element(&r)?;
    }
    seq.end()
}

/// `a * b` for `a` with rows of length `k` and `b` k x k (transfer matrices are sparse:
/// zero factors are skipped), each entry passed through `reduce` (a modulus, or nothing).
fn sparse_product(
    a: &[Vec<BigInt>],
    b: &[Vec<BigInt>],
    k: usize,
    reduce: impl Fn(BigInt) -> BigInt,
) -> Vec<Vec<BigInt>> {
    a.iter()
        .map(|row| {
            (0..k)
                .map(|c| {
                    let mut acc = BigInt::zero();
                    for (l, x) in row.iter().enumerate() {
                        if !x.is_zero() && !b[l][c].is_zero() {
                            acc += x * &b[l][c];
                        }
                    }
                    reduce(acc)
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::testutil::Rng;
    use crate::variants::{Params, Variant};

    /// Every route to `s(n)` against `n - first_n` single steps: the matrix power, each
    /// component by its minimal recurrence, and modulo a few integers.
    fn check_routes(sys: &TransferSystem, up_to: u64) {
        let first = sys.first_n as u64;
        let mut stepped = sys.initial.clone();
        for n in first..=up_to {
            if n > first {
                stepped = sys.step(&stepped);
            }
            assert_eq!(sys.state(n).as_ref(), Some(&stepped), "state at n = {n}");
            assert_eq!(
                sys.state_pow(n).as_ref(),
                Some(&stepped),
                "power at n = {n}"
            );
            // The per-component routes at every third n (each derives a recurrence).
            if (n - first) % 3 != 0 && n != up_to {
                continue;
            }
            for (i, v) in stepped.iter().enumerate() {
                assert_eq!(sys.component_nth(i, n).as_ref(), Some(v), "{i} at n = {n}");
                for m in [1u64, 1000, 1 << 40] {
                    use num_integer::Integer;
                    let m = BigInt::from(m);
                    assert_eq!(sys.component_nth_mod(i, n, &m), Some(v.mod_floor(&m)));
                }
            }
        }
        if first > 0 {
            assert_eq!(sys.state(first - 1), None);
            assert_eq!(sys.state_pow(first - 1), None);
        }
    }

    #[test]
    fn powers_of_builtin_systems_equal_stepping() {
        let mut checked = 0;
        for id in crate::variants::builtin_ids() {
            let v = Variant::builtin(id).unwrap();
            if let Some(sys) = v.transfer_system(&Params::new()).unwrap() {
                check_routes(&sys, 25);
                checked += 1;
            }
        }
        assert!(checked >= 5, "only {checked} built-in systems checked");
    }

    #[test]
    fn powers_of_random_systems_equal_stepping() {
        let mut rng = Rng::new(17);
        for k in 1..6 {
            let m = rng.matrix(k, -3, 3);
            let initial: Vec<BigInt> = (0..k).map(|_| BigInt::from(rng.small(-5, 5))).collect();
            let names = (0..k).map(|i| format!("c{i}")).collect();
            let first_n = rng.small(0, 3) as u32;
            let sys = TransferSystem::from_matrix(names, &m, initial, first_n);
            assert_eq!(sys.to_matrix().unwrap(), m);
            check_routes(&sys, 30);
        }
    }

    #[test]
    fn the_matrix_of_a_malformed_system_is_an_error() {
        let sys = TransferSystem {
            names: vec!["a".into(), "1".into()],
            matrix: vec![vec![1.into(), 1.into()], vec![1.into()]],
            initial: vec![1.into(), 1.into()],
            first_n: 1,
        };
        assert!(sys.to_matrix().is_err());
    }
}

//! Exact matrices over Z and Q: products, powers, determinants, rank, characteristic and
//! minimal polynomials.
//!
//! [`ZMatrix`] holds `BigInt` entries, [`QMatrix`] `BigRational` ones; both are dense and
//! row-major. nalgebra's own determinant and eigen-decompositions need a float-like scalar,
//! so everything exact is written here (STYLE.md, "nalgebra"); conversion to and from
//! `nalgebra::DMatrix<BigInt>` is provided for callers who hold their matrices there.
//!
//! Two independent characteristic polynomials are computed, so that each can test the other:
//!
//! * [`ZMatrix::charpoly_berkowitz`] — Berkowitz's division-free algorithm
//!   (S. J. Berkowitz, *On computing the determinant in small parallel time using a small
//!   number of processors*, Inf. Proc. Letters 18 (1984) 147–150), `O(n^4)` ring operations,
//!   all in Z: no fraction is ever formed.
//! * [`ZMatrix::charpoly_hessenberg`] — similarity reduction to upper Hessenberg form over Q
//!   followed by the determinant recurrence for Hessenberg matrices (H. Cohen, *A Course in
//!   Computational Algebraic Number Theory*, Algorithm 2.2.9), `O(n^3)` field operations.
//!
//! Minimal polynomials (of the matrix, of a vector, of one component of the sequence
//! `M^k v`) come from the first linear dependency in the Krylov sequence, found by exact
//! elimination over Q; they are monic with integer coefficients because they divide the
//! monic integer characteristic polynomial (Gauss's lemma).

use super::error::AlgebraError;
use super::poly::Poly;
use super::power::try_binary_power;
use super::recurrence::minimal_recurrence_bounded;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::fmt;

/// A dense matrix, row-major: over Z ([`ZMatrix`]) for transfer matrices and exact
/// characteristic polynomials, over Q ([`QMatrix`]) for elimination.
///
/// ```
/// use hanoilab::algebra::{Poly, ZMatrix};
/// let m = ZMatrix::from_i64(&[vec![1, 2], vec![3, 4]]).unwrap();
/// assert_eq!(m.determinant().unwrap(), (-2).into());
/// // det(xI - M) = x^2 - 5x - 2
/// assert_eq!(m.charpoly_berkowitz().unwrap(), Poly::from_i64(&[-2, -5, 1]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Matrix<T> {
    rows: usize,
    cols: usize,
    data: Vec<T>,
}

/// A dense matrix over Z (see [`Matrix`] for the example).
pub type ZMatrix = Matrix<BigInt>;

/// A dense matrix over Q, row-major.
pub type QMatrix = Matrix<BigRational>;

fn check_rows<T>(rows: &[Vec<T>]) -> Result<(usize, usize), AlgebraError> {
    let r = rows.len();
    if r == 0 {
        return Err(AlgebraError::Empty("matrix"));
    }
    let c = rows[0].len();
    if c == 0 {
        return Err(AlgebraError::Empty("matrix"));
    }
    for (i, row) in rows.iter().enumerate() {
        if row.len() != c {
            return Err(AlgebraError::DimensionMismatch {
                context: format!("row {} of the matrix", i + 1),
                expected: c,
                found: row.len(),
            });
        }
    }
    Ok((r, c))
}

impl<T> Matrix<T>
where
    T: Clone + Zero + for<'a> std::ops::AddAssign<&'a T>,
    for<'a> &'a T: std::ops::Mul<&'a T, Output = T>,
{
    /// A `rows x cols` matrix from row-major entries.
    pub fn new(rows: usize, cols: usize, data: Vec<T>) -> Result<Matrix<T>, AlgebraError> {
        if rows == 0 || cols == 0 {
            return Err(AlgebraError::Empty("matrix"));
        }
        if data.len() != rows * cols {
            return Err(AlgebraError::DimensionMismatch {
                context: "matrix entries".into(),
                expected: rows * cols,
                found: data.len(),
            });
        }
        Ok(Matrix { rows, cols, data })
    }

    /// From a list of rows (all of the same, non-zero length).
    pub fn from_rows(rows: Vec<Vec<T>>) -> Result<Matrix<T>, AlgebraError> {
        let (r, c) = check_rows(&rows)?;
        Ok(Matrix {
            rows: r,
            cols: c,
            data: rows.into_iter().flatten().collect(),
        })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether rows == cols.
    pub fn is_square(&self) -> bool {
        self.rows == self.cols
    }

    /// Entry `(i, j)`, 0-based. Panics out of range, like slice indexing.
    pub fn get(&self, i: usize, j: usize) -> &T {
        assert!(i < self.rows && j < self.cols, "matrix index out of range");
        &self.data[i * self.cols + j]
    }

    /// The rows as vectors.
    pub fn to_rows(&self) -> Vec<Vec<T>> {
        self.data.chunks(self.cols).map(|r| r.to_vec()).collect()
    }

    /// Whether every entry is zero.
    pub fn is_zero(&self) -> bool {
        self.data.iter().all(|v| v.is_zero())
    }

    /// The product `self * other` (zero entries of either factor skipped: transfer matrices
    /// are sparse).
    pub fn checked_mul(&self, other: &Matrix<T>) -> Result<Matrix<T>, AlgebraError> {
        if self.cols != other.rows {
            return Err(AlgebraError::DimensionMismatch {
                context: "matrix product (rows of the right factor)".into(),
                expected: self.cols,
                found: other.rows,
            });
        }
        let mut data = vec![T::zero(); self.rows * other.cols];
        for i in 0..self.rows {
            for k in 0..self.cols {
                let a = &self.data[i * self.cols + k];
                if a.is_zero() {
                    continue;
                }
                for j in 0..other.cols {
                    let b = &other.data[k * other.cols + j];
                    if !b.is_zero() {
                        data[i * other.cols + j] += &(a * b);
                    }
                }
            }
        }
        Ok(Matrix {
            rows: self.rows,
            cols: other.cols,
            data,
        })
    }
}

impl ZMatrix {
    /// From rows of small integers.
    pub fn from_i64(rows: &[Vec<i64>]) -> Result<ZMatrix, AlgebraError> {
        ZMatrix::from_rows(
            rows.iter()
                .map(|r| r.iter().map(|&v| BigInt::from(v)).collect())
                .collect(),
        )
    }

    /// The `n x n` identity (`n >= 1`).
    pub fn identity(n: usize) -> ZMatrix {
        let mut data = vec![BigInt::zero(); n * n];
        for i in 0..n {
            data[i * n + i] = BigInt::one();
        }
        ZMatrix {
            rows: n,
            cols: n,
            data,
        }
    }

    /// To an nalgebra matrix (entries cloned).
    pub fn to_nalgebra(&self) -> nalgebra::DMatrix<BigInt> {
        nalgebra::DMatrix::from_row_slice(self.rows, self.cols, &self.data)
    }

    /// From an nalgebra matrix.
    pub fn from_nalgebra(m: &nalgebra::DMatrix<BigInt>) -> Result<ZMatrix, AlgebraError> {
        let data = (0..m.nrows())
            .flat_map(|i| (0..m.ncols()).map(move |j| (i, j)))
            .map(|(i, j)| m[(i, j)].clone())
            .collect();
        ZMatrix::new(m.nrows(), m.ncols(), data)
    }

    fn require_square(&self) -> Result<usize, AlgebraError> {
        if self.is_square() {
            Ok(self.rows)
        } else {
            Err(AlgebraError::NotSquare {
                rows: self.rows,
                cols: self.cols,
            })
        }
    }

    /// `self * v`.
    pub fn mul_vec(&self, v: &[BigInt]) -> Result<Vec<BigInt>, AlgebraError> {
        if v.len() != self.cols {
            return Err(AlgebraError::DimensionMismatch {
                context: "matrix times vector".into(),
                expected: self.cols,
                found: v.len(),
            });
        }
        Ok(self
            .data
            .chunks(self.cols)
            .map(|row| {
                row.iter()
                    .zip(v)
                    .filter(|(a, _)| !a.is_zero())
                    .map(|(a, b)| a * b)
                    .sum()
            })
            .collect())
    }

    /// `self^e` by repeated squaring (`O(log e)` products); `self^0` is the identity.
    ///
    /// ```
    /// use hanoilab::algebra::ZMatrix;
    /// let fib = ZMatrix::from_i64(&[vec![1, 1], vec![1, 0]]).unwrap();
    /// assert_eq!(fib.pow(10).unwrap().get(0, 1), &55.into());
    /// ```
    pub fn pow(&self, e: u64) -> Result<ZMatrix, AlgebraError> {
        let n = self.require_square()?;
        try_binary_power(self.clone(), e, ZMatrix::identity(n), |a, b| {
            a.checked_mul(b)
        })
    }

    /// `p(self)` by Horner's rule (used for Cayley–Hamilton checks).
    pub fn eval_poly(&self, p: &Poly) -> Result<ZMatrix, AlgebraError> {
        let n = self.require_square()?;
        let mut acc = ZMatrix {
            rows: n,
            cols: n,
            data: vec![BigInt::zero(); n * n],
        };
        for c in p.coeffs().iter().rev() {
            acc = acc.checked_mul(self)?;
            for i in 0..n {
                acc.data[i * n + i] += c;
            }
        }
        Ok(acc)
    }

    /// The determinant by Bareiss's fraction-free elimination (E. H. Bareiss, *Sylvester's
    /// identity and multistep integer-preserving Gaussian elimination*, Math. Comp. 22 (1968)):
    /// every intermediate entry is itself a minor, so entries stay integers of bounded size
    /// and each division is exact. `O(n^3)` operations.
    pub fn determinant(&self) -> Result<BigInt, AlgebraError> {
        let n = self.require_square()?;
        let mut a = self.data.clone();
        let mut sign = false;
        let mut prev = BigInt::one();
        for k in 0..n {
            if a[k * n + k].is_zero() {
                let Some(p) = (k + 1..n).find(|&i| !a[i * n + k].is_zero()) else {
                    return Ok(BigInt::zero());
                };
                for j in 0..n {
                    a.swap(k * n + j, p * n + j);
                }
                sign = !sign;
            }
            for i in k + 1..n {
                for j in k + 1..n {
                    let v = &a[i * n + j] * &a[k * n + k] - &a[i * n + k] * &a[k * n + j];
                    a[i * n + j] = v / &prev;
                }
            }
            prev = a[k * n + k].clone();
        }
        let d = a[n * n - 1].clone();
        Ok(if sign { -d } else { d })
    }

    /// The rank over Q.
    pub fn rank(&self) -> usize {
        QMatrix::from(self).rank()
    }

    /// The characteristic polynomial `det(xI - M)` (monic, over Z), by whichever exact route
    /// is cheaper for this matrix: [`ZMatrix::charpoly_multimodular`] for matrices from
    /// 6 x 6 with entries up to 1024 bits, [`ZMatrix::charpoly_berkowitz`] otherwise (both
    /// give the same polynomial; the choice only changes the time).
    ///
    /// ```
    /// use hanoilab::algebra::{Poly, ZMatrix};
    /// let m = ZMatrix::from_i64(&[vec![2, 1], vec![1, 1]]).unwrap();
    /// assert_eq!(m.charpoly().unwrap(), Poly::from_i64(&[1, -3, 1]));
    /// ```
    pub fn charpoly(&self) -> Result<Poly, AlgebraError> {
        self.require_square()?;
        if super::charpoly_modular::prefer_multimodular(self) {
            Ok(super::charpoly_modular::charpoly_multimodular(self))
        } else {
            self.charpoly_berkowitz()
        }
    }

    /// The characteristic polynomial by Hessenberg reduction modulo word primes (`< 2^31`)
    /// and Chinese remaindering. Exact: primes are added until their product exceeds twice
    /// a Hadamard bound on the coefficients (the `x^(n-k)` coefficient is a sum of `C(n, k)`
    /// principal minors, each bounded by the product of its rows' norms). `O(n^3)` word
    /// operations per prime.
    ///
    /// ```
    /// use hanoilab::algebra::ZMatrix;
    /// let m = ZMatrix::from_i64(&[vec![0, 2, 5], vec![1, -3, 7], vec![4, 4, 1]]).unwrap();
    /// assert_eq!(m.charpoly_multimodular().unwrap(), m.charpoly_berkowitz().unwrap());
    /// ```
    pub fn charpoly_multimodular(&self) -> Result<Poly, AlgebraError> {
        self.require_square()?;
        Ok(super::charpoly_modular::charpoly_multimodular(self))
    }

    /// The characteristic polynomial `det(xI - M)` (monic, over Z) by Berkowitz's
    /// division-free algorithm. With `A_r` the leading `r x r` block, `R` the next row and
    /// `C` the next column (both cut to `r` entries) and `a` the next diagonal entry,
    /// `p_{r+1} = T p_r` where `T` is the lower-triangular Toeplitz matrix whose first column
    /// is `(1, -a, -R C, -R A_r C, ..., -R A_r^{r-1} C)`. `O(n^4)` integer operations.
    pub fn charpoly_berkowitz(&self) -> Result<Poly, AlgebraError> {
        let n = self.require_square()?;
        let at = |i: usize, j: usize| &self.data[i * n + j];
        // coefficients highest degree first
        let mut p: Vec<BigInt> = vec![BigInt::one(), -at(0, 0)];
        for r in 1..n {
            // t = (1, -a, -R C, -R A C, ..., -R A^{r-1} C)
            let mut t = Vec::with_capacity(r + 2);
            t.push(BigInt::one());
            t.push(-at(r, r));
            let mut c: Vec<BigInt> = (0..r).map(|i| at(i, r).clone()).collect();
            for k in 0..r {
                let rc: BigInt = (0..r).map(|j| at(r, j) * &c[j]).sum();
                t.push(-rc);
                if k + 1 < r {
                    c = (0..r)
                        .map(|i| (0..r).map(|j| at(i, j) * &c[j]).sum())
                        .collect();
                }
            }
            let mut q = vec![BigInt::zero(); r + 2];
            for (i, qi) in q.iter_mut().enumerate() {
                for (j, pj) in p.iter().enumerate().take(i + 1) {
                    *qi += &t[i - j] * pj;
                }
            }
            p = q;
        }
        p.reverse();
        Ok(Poly::new(p))
    }

    /// The characteristic polynomial `det(xI - M)` by reduction to Hessenberg form over Q
    /// (see [`QMatrix::charpoly_hessenberg`]); an independent check on
    /// [`ZMatrix::charpoly_berkowitz`].
    pub fn charpoly_hessenberg(&self) -> Result<Poly, AlgebraError> {
        let c = QMatrix::from(self).charpoly_hessenberg()?;
        Poly::try_from_rationals(&c)
    }

    /// The minimal polynomial of the matrix: the monic polynomial of least degree with
    /// `p(M) = 0`, from the first linear dependency among `I, M, M^2, ...` (flattened to
    /// vectors of length `n^2`), found by exact elimination over Q.
    ///
    /// Shortcut first: when the characteristic polynomial is square-free (checked mod a few
    /// primes: square-free mod p with the same degree implies a non-zero discriminant),
    /// every eigenvalue is simple, so the minimal polynomial, which has every eigenvalue as a
    /// root and divides the characteristic polynomial, equals it. That is the common case
    /// for large random matrices, where the Krylov elimination on `n^2`-vectors is hopeless.
    pub fn minimal_polynomial(&self) -> Result<Poly, AlgebraError> {
        let n = self.require_square()?;
        if n > 0 {
            let c = self.charpoly()?;
            if super::charpoly_modular::squarefree_by_primes(&c) {
                return Ok(c);
            }
        }
        self.minimal_polynomial_krylov()
    }

    /// The minimal polynomial by the Krylov dependency alone (the reference route of the
    /// tests for the square-free shortcut).
    fn minimal_polynomial_krylov(&self) -> Result<Poly, AlgebraError> {
        let n = self.require_square()?;
        let mut dep = KrylovDependency::new();
        let mut power = ZMatrix::identity(n);
        loop {
            if let Some(p) = dep.push(&power.data) {
                return Poly::try_from_rationals(&p);
            }
            power = power.checked_mul(self)?;
        }
    }

    /// The minimal polynomial of the vector `v`: the monic `p` of least degree with
    /// `p(M) v = 0`, i.e. the annihilator of the Krylov sequence `v, Mv, M^2 v, ...`.
    pub fn vector_minimal_polynomial(&self, v: &[BigInt]) -> Result<Poly, AlgebraError> {
        self.require_square()?;
        let mut w = v.to_vec();
        if w.len() != self.cols {
            return Err(AlgebraError::DimensionMismatch {
                context: "vector length".into(),
                expected: self.cols,
                found: w.len(),
            });
        }
        let mut dep = KrylovDependency::new();
        loop {
            if let Some(p) = dep.push(&w) {
                return Poly::try_from_rationals(&p);
            }
            w = self.mul_vec(&w)?;
        }
    }

    /// The first `count` vectors `v, Mv, ..., M^{count-1} v`.
    pub fn krylov(&self, v: &[BigInt], count: usize) -> Result<Vec<Vec<BigInt>>, AlgebraError> {
        self.require_square()?;
        let mut out: Vec<Vec<BigInt>> = Vec::with_capacity(count);
        let mut w = v.to_vec();
        for k in 0..count {
            if k > 0 {
                w = self.mul_vec(&w)?;
            } else if w.len() != self.cols {
                return Err(AlgebraError::DimensionMismatch {
                    context: "vector length".into(),
                    expected: self.cols,
                    found: w.len(),
                });
            }
            out.push(w.clone());
        }
        Ok(out)
    }

    /// The minimal polynomial of component `i` of the sequence `M^k v`: the monic
    /// annihilator (in the shift `E`) of the scalar sequence `(M^k v)_i`. It divides
    /// [`ZMatrix::vector_minimal_polynomial`], whose degree `d` bounds its order, so `2d`
    /// terms determine it exactly (Berlekamp–Massey; no guess involved).
    pub fn component_minimal_polynomial(
        &self,
        v: &[BigInt],
        i: usize,
    ) -> Result<Poly, AlgebraError> {
        if i >= self.rows {
            return Err(AlgebraError::DimensionMismatch {
                context: "component index (number of components)".into(),
                expected: self.rows,
                found: i + 1,
            });
        }
        let d = self.vector_minimal_polynomial(v)?.degree().unwrap_or(0);
        let terms: Vec<BigInt> = self
            .krylov(v, 2 * d.max(1))?
            .into_iter()
            .map(|w| w[i].clone())
            .collect();
        Ok(minimal_recurrence_bounded(&terms, d)?.poly().clone())
    }
}

/// `M^steps v` by repeated squaring of the matrix: the second, independent route to the
/// n-th term (with Lunnon's `s(n+1) = M s(n)`, `s(n) = M^(n-1) s(1)`).
pub fn nth_term_matrix_power(
    m: &ZMatrix,
    initial: &[BigInt],
    steps: u64,
) -> Result<Vec<BigInt>, AlgebraError> {
    m.pow(steps)?.mul_vec(initial)
}

impl fmt::Display for ZMatrix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.data.chunks(self.cols) {
            let s: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            writeln!(f, "| {} |", s.join(", "))?;
        }
        Ok(())
    }
}

impl From<&ZMatrix> for QMatrix {
    fn from(m: &ZMatrix) -> QMatrix {
        QMatrix {
            rows: m.rows,
            cols: m.cols,
            data: m
                .data
                .iter()
                .map(|v| BigRational::from_integer(v.clone()))
                .collect(),
        }
    }
}

impl QMatrix {
    /// The rank, by Gaussian elimination.
    pub fn rank(&self) -> usize {
        let (r, c) = (self.rows, self.cols);
        let mut a = self.data.clone();
        let mut rank = 0;
        for col in 0..c {
            let Some(p) = (rank..r).find(|&i| !a[i * c + col].is_zero()) else {
                continue;
            };
            for j in 0..c {
                a.swap(rank * c + j, p * c + j);
            }
            for i in rank + 1..r {
                if a[i * c + col].is_zero() {
                    continue;
                }
                let f = &a[i * c + col] / &a[rank * c + col];
                for j in col..c {
                    let v = &f * &a[rank * c + j];
                    a[i * c + j] -= v;
                }
            }
            rank += 1;
        }
        rank
    }

    /// The determinant, by Gaussian elimination over Q.
    pub fn determinant(&self) -> Result<BigRational, AlgebraError> {
        if self.rows != self.cols {
            return Err(AlgebraError::NotSquare {
                rows: self.rows,
                cols: self.cols,
            });
        }
        let n = self.rows;
        let mut a = self.data.clone();
        let mut det = BigRational::one();
        for k in 0..n {
            let Some(p) = (k..n).find(|&i| !a[i * n + k].is_zero()) else {
                return Ok(BigRational::zero());
            };
            if p != k {
                for j in 0..n {
                    a.swap(k * n + j, p * n + j);
                }
                det = -det;
            }
            det *= &a[k * n + k];
            for i in k + 1..n {
                if a[i * n + k].is_zero() {
                    continue;
                }
                let f = &a[i * n + k] / &a[k * n + k];
                for j in k..n {
                    let v = &f * &a[k * n + j];
                    a[i * n + j] -= v;
                }
            }
        }
        Ok(det)
    }

    /// The characteristic polynomial `det(xI - M)`, coefficients lowest degree first (monic,
    /// so the last is 1), by similarity reduction to upper Hessenberg form `H` and then
    /// `p_m = (x - h_mm) p_{m-1} - sum_{i<m} h_im (h_{i+1,i} ... h_{m,m-1}) p_{i-1}`
    /// (Cohen, Algorithm 2.2.9). `O(n^3)` operations over Q.
    pub fn charpoly_hessenberg(&self) -> Result<Vec<BigRational>, AlgebraError> {
        if self.rows != self.cols {
            return Err(AlgebraError::NotSquare {
                rows: self.rows,
                cols: self.cols,
            });
        }
        let n = self.rows;
        let mut h = self.data.clone();
        let idx = |i: usize, j: usize| i * n + j;
        for m in 1..n.saturating_sub(1) {
            let Some(i) = (m..n).find(|&i| !h[idx(i, m - 1)].is_zero()) else {
                continue;
            };
            if i != m {
                super::charpoly_modular::swap_row_and_column(&mut h, n, i, m);
            }
            let t = h[idx(m, m - 1)].clone();
            for i in m + 1..n {
                if h[idx(i, m - 1)].is_zero() {
                    continue;
                }
                let u = &h[idx(i, m - 1)] / &t;
                for j in 0..n {
                    let v = &u * &h[idx(m, j)];
                    h[idx(i, j)] -= v;
                }
                for j in 0..n {
                    let v = &u * &h[idx(j, i)];
                    h[idx(j, m)] += v;
                }
            }
        }
        // p[k] = charpoly of the leading k x k block, lowest degree first
        let mut p: Vec<Vec<BigRational>> = vec![vec![BigRational::one()]];
        for m in 0..n {
            // (x - h_mm) p_m
            let prev = &p[m];
            let mut next = vec![BigRational::zero(); m + 2];
            for (k, c) in prev.iter().enumerate() {
                next[k + 1] += c;
                next[k] -= &h[idx(m, m)] * c;
            }
            let mut prod = BigRational::one();
            for i in (0..m).rev() {
                prod *= &h[idx(i + 1, i)];
                if prod.is_zero() {
                    break;
                }
                let f = &h[idx(i, m)] * &prod;
                for (k, c) in p[i].iter().enumerate() {
                    next[k] -= &f * c;
                }
            }
            p.push(next);
        }
        Ok(p.pop().unwrap_or_default())
    }
}

/// Finds the first linear dependency in a sequence of vectors `v_0, v_1, ...` over Q,
/// returned as the monic relation `v_k + c_{k-1} v_{k-1} + ... + c_0 v_0 = 0`, coefficients
/// lowest first. Each basis vector carries its expression in the `v_j`.
struct KrylovDependency {
    basis: Vec<(usize, Vec<BigRational>, Vec<BigRational>)>,
    count: usize,
}

impl KrylovDependency {
    fn new() -> Self {
        KrylovDependency {
            basis: Vec::new(),
            count: 0,
        }
    }

    fn push(&mut self, v: &[BigInt]) -> Option<Vec<BigRational>> {
        let k = self.count;
        self.count += 1;
        let mut w: Vec<BigRational> = v
            .iter()
            .map(|x| BigRational::from_integer(x.clone()))
            .collect();
        let mut combo = vec![BigRational::zero(); k + 1];
        combo[k] = BigRational::one();
        for (p, b, c) in &self.basis {
            if w[*p].is_zero() {
                continue;
            }
            let f = super::ratio::mul(&w[*p], &super::ratio::recip(&b[*p]));
            for (wi, bi) in w.iter_mut().zip(b) {
                if !bi.is_zero() {
                    *wi = super::ratio::sub(wi, &super::ratio::mul(&f, bi));
                }
            }
            for (ci, cc) in combo.iter_mut().zip(c) {
                if !cc.is_zero() {
                    *ci = super::ratio::sub(ci, &super::ratio::mul(&f, cc));
                }
            }
        }
        match w.iter().position(|x| !x.is_zero()) {
            None => Some(combo),
            Some(p) => {
                self.basis.push((p, w, combo));
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lunnon's Rainbow matrix, seed `000_3e39fda85b098e00.txt`, section "Rainbow Hanoi":
    /// s = (DDD, CDD, CBD, CAD, BCD, BDC, CDC, CBC, BAC, CAC, BCB, 1).
    pub(crate) fn rainbow() -> ZMatrix {
        crate::algebra::recurrence_bench::rainbow_matrix()
    }

    use crate::algebra::testutil::Rng;

    fn rainbow_charpoly_literature() -> Poly {
        // Lunnon, Rainbow Hanoi: (E - 1)(E^5 - 3E^2 - 2)(E^4 - 2E^2 - 6E - 4) is the order-10
        // recurrence "discarding an irrelevant factor -E"; the 12x12 matrix also has the
        // constant component 1 (another E - 1) and the discarded E.
        let e = Poly::x();
        let em1 = Poly::from_i64(&[-1, 1]);
        let quintic = Poly::from_i64(&[-2, 0, -3, 0, 0, 1]);
        let quartic = Poly::from_i64(&[-4, -6, -2, 0, 1]);
        &(&(&(&e * &em1) * &em1) * &quartic) * &quintic
    }

    #[test]
    fn rainbow_charpoly_both_methods_match_literature() {
        let m = rainbow();
        let b = m.charpoly_berkowitz().unwrap();
        let h = m.charpoly_hessenberg().unwrap();
        assert_eq!(b, h);
        assert_eq!(b, rainbow_charpoly_literature());
        assert!(m.eval_poly(&b).unwrap().is_zero(), "Cayley–Hamilton");
        assert_eq!(m.determinant().unwrap(), BigInt::zero());
        assert_eq!(m.rank(), 11);
    }

    #[test]
    fn rainbow_minimal_polynomials() {
        let m = rainbow();
        let s1 = vec![BigInt::one(); 12];
        let ddd = m.component_minimal_polynomial(&s1, 0).unwrap();
        // Lunnon, Rainbow Hanoi: DDD satisfies this order-10 recurrence.
        let lit = Poly::from_i64(&[-8, -4, -4, -2, 14, 8, 5, -7, -2, -1, 1]);
        assert_eq!(ddd, lit);
        let cp = m.charpoly_berkowitz().unwrap();
        assert!(cp.rem_monic(&ddd).is_zero());
        let mp = m.minimal_polynomial().unwrap();
        assert!(cp.rem_monic(&mp).is_zero());
        assert!(m.eval_poly(&mp).unwrap().is_zero());
        let vp = m.vector_minimal_polynomial(&s1).unwrap();
        assert!(mp.rem_monic(&vp).is_zero());
        assert!(vp.rem_monic(&ddd).is_zero());
    }

    #[test]
    fn small_examples() {
        let m = ZMatrix::from_i64(&[vec![2, 0], vec![0, 2]]).unwrap();
        assert_eq!(m.minimal_polynomial().unwrap(), Poly::from_i64(&[-2, 1]));
        assert_eq!(m.charpoly_berkowitz().unwrap(), Poly::from_i64(&[4, -4, 1]));
        let one = ZMatrix::from_i64(&[vec![7]]).unwrap();
        assert_eq!(one.charpoly_berkowitz().unwrap(), Poly::from_i64(&[-7, 1]));
        assert_eq!(one.charpoly_hessenberg().unwrap(), Poly::from_i64(&[-7, 1]));
        // nilpotent Jordan block: charpoly x^3, minimal polynomial x^3, rank 2
        let j = ZMatrix::from_i64(&[vec![0, 1, 0], vec![0, 0, 1], vec![0, 0, 0]]).unwrap();
        assert_eq!(j.minimal_polynomial().unwrap(), Poly::monomial(1.into(), 3));
        assert_eq!(j.rank(), 2);
        let via = ZMatrix::from_nalgebra(&j.to_nalgebra()).unwrap();
        assert_eq!(via, j);
    }

    #[test]
    fn bad_input_is_an_error() {
        let rect = ZMatrix::from_i64(&[vec![1, 2, 3], vec![4, 5, 6]]).unwrap();
        assert!(matches!(
            rect.charpoly_berkowitz(),
            Err(AlgebraError::NotSquare { rows: 2, cols: 3 })
        ));
        assert!(rect.determinant().is_err());
        assert!(rect.pow(2).is_err());
        assert!(matches!(
            ZMatrix::from_i64(&[vec![1, 2], vec![3]]),
            Err(AlgebraError::DimensionMismatch { .. })
        ));
        assert!(matches!(
            ZMatrix::from_i64(&[]),
            Err(AlgebraError::Empty(_))
        ));
        let sq = ZMatrix::identity(2);
        assert!(sq.mul_vec(&[BigInt::one()]).is_err());
        assert!(sq.vector_minimal_polynomial(&[BigInt::one()]).is_err());
        assert!(sq
            .checked_mul(&rect.checked_mul(&ZMatrix::identity(3)).unwrap())
            .is_ok());
        assert!(rect.checked_mul(&sq).is_err());
    }

    #[test]
    fn property_charpoly_methods_agree_and_cayley_hamilton() {
        let mut rng = Rng::new(20261123);
        for trial in 0..60 {
            let n = 1 + (trial % 7);
            let m = rng.matrix(n, -4, 4);
            let b = m.charpoly_berkowitz().unwrap();
            let h = m.charpoly_hessenberg().unwrap();
            assert_eq!(b, h, "matrix\n{m}");
            assert!(b.is_valid() && b.is_monic() && b.degree() == Some(n));
            assert!(m.eval_poly(&b).unwrap().is_zero(), "Cayley–Hamilton\n{m}");
            // constant term = (-1)^n det
            let det = m.determinant().unwrap();
            let sign = if n % 2 == 0 {
                det.clone()
            } else {
                -det.clone()
            };
            assert_eq!(b.coeff(0), sign);
            assert_eq!(
                QMatrix::from(&m).determinant().unwrap(),
                BigRational::from_integer(det)
            );
            let mp = m.minimal_polynomial().unwrap();
            assert!(b.rem_monic(&mp).is_zero());
            assert!(m.eval_poly(&mp).unwrap().is_zero());
        }
        // sparse 0/1 matrices have repeated roots and non-trivial minimal polynomials
        for trial in 0..40 {
            let n = 2 + (trial % 6);
            let m = rng.matrix(n, -1, 1);
            assert_eq!(
                m.charpoly_berkowitz().unwrap(),
                m.charpoly_hessenberg().unwrap()
            );
        }
    }

    #[test]
    fn minimal_polynomial_shortcut_equals_krylov_route() {
        let mut rng = crate::algebra::testutil::Rng::new(0x3141);
        for round in 0..40 {
            let n = 1 + round % 7;
            // small entries so repeated eigenvalues (no shortcut) happen too
            let rows: Vec<Vec<i64>> = (0..n)
                .map(|_| (0..n).map(|_| (rng.next() % 3) as i64 - 1).collect())
                .collect();
            let m = ZMatrix::from_i64(&rows).unwrap();
            assert_eq!(
                m.minimal_polynomial().unwrap(),
                m.minimal_polynomial_krylov().unwrap(),
                "{m}"
            );
            assert_eq!(m.charpoly().unwrap(), m.charpoly_berkowitz().unwrap());
        }
    }
}

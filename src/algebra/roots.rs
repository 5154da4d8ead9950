//! Certified complex and real roots of integer polynomials, and exact rational roots.
//!
//! Complex roots are found per distinct irreducible factor when there are several (then
//! rational ones exactly, quadratic ones by the formula, and the discs of different factors
//! checked pairwise disjoint). For each other factor: starting guesses are the `f64` eigenvalues of the companion matrix
//! (nalgebra's Schur decomposition), or for a binomial `c x^m + d` its roots in closed form.
//! Up to degree 16 Newton's iteration refines each root alone in fixed point (one division
//! per root and step; conjugates mirrored) and the result is certified as below; when that
//! fails, or above degree 16, they are refined by the Aberth–Ehrlich simultaneous
//! iteration in binary fixed-point big-integer arithmetic (O. Aberth, *Math. Comp.* 27,
//! 1973), and certified with exact Gaussian-integer evaluation by the classical bound: for
//! `p` of degree `n` and any `z`, some root lies within `n |p(z)/p'(z)|` of `z`
//! (`p'/p = Σ 1/(z - α_j)`). When the `n` discs are pairwise disjoint each holds exactly one
//! root. For real polynomials the discs are made conjugation-symmetric: a disc centred on
//! the real axis that holds exactly one root holds a real root (its conjugate is in the same
//! disc), which decides `is_real` exactly. Precision doubles until every radius is below
//! `10^-(digits+2)`.
//!
//! Real roots: Sturm sequences (Sturm 1829; Basu, Pollack, Roy, *Algorithms in Real
//! Algebraic Geometry*, §2.2) isolate them in dyadic intervals, then bisection on the sign
//! shrinks each interval. Independent of the complex route, so the two check each other.

use super::decimal::{fixed, Rounding::HalfAwayFromZero};
use super::factor::FactorError;
use super::{factor, ratio, squarefree_part, Poly};
use nalgebra::{Complex, DMatrix, Schur};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;

/// A disc `|z - (re + i im)| ≤ radius` holding exactly one root of the polynomial it was
/// computed for; `is_real` is proved, not guessed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComplexRoot {
    re: BigRational,
    im: BigRational,
    radius: BigRational,
    real: bool,
}

impl ComplexRoot {
    /// Real part of the centre.
    pub fn re(&self) -> &BigRational {
        &self.re
    }

    /// Imaginary part of the centre (exactly zero for real roots).
    pub fn im(&self) -> &BigRational {
        &self.im
    }

    /// Radius of the certified disc (or half-width of the real interval).
    pub fn radius(&self) -> &BigRational {
        &self.radius
    }

    /// Whether the root is real (proved).
    pub fn is_real(&self) -> bool {
        self.real
    }

    /// The centre as an `f64` complex number (display and plotting only).
    pub fn to_f64(&self) -> Complex<f64> {
        Complex::new(
            self.re.to_f64().unwrap_or(f64::NAN),
            self.im.to_f64().unwrap_or(f64::NAN),
        )
    }

    /// Certified bounds `lo ≤ |root| ≤ hi` on the modulus, dyadic with `bits` fractional bits.
    pub fn modulus_bounds(&self, bits: u32) -> (BigRational, BigRational) {
        let m2 = modulus2(self);
        let s = ((m2.numer() << (2 * bits as usize)) / m2.denom()).sqrt();
        let lo = ratio::sub(&ratio::dyadic(s.clone(), bits as u64), &self.radius);
        let hi = ratio::add(&ratio::dyadic(s + 1, bits as u64), &self.radius);
        (
            if lo.is_negative() {
                BigRational::zero()
            } else {
                lo
            },
            hi,
        )
    }

    /// How many decimals [`to_decimal`](Self::to_decimal) can certify: the largest `d` with
    /// `radius ≤ 10^-d / 2` (`u32::MAX` for an exact root).
    pub fn certified_digits(&self) -> u32 {
        if self.radius.is_zero() {
            return u32::MAX;
        }
        // radius <= 1 / (20 10^d), i.e. 20 10^d numer <= denom
        let (n, den) = (self.radius.numer(), self.radius.denom());
        let mut d: u32 = 0;
        let mut lhs = n * 20u32;
        while &lhs <= den {
            d += 1;
            lhs *= 10u32;
        }
        d
    }

    /// Decimal form with `digits` decimals (fewer if the disc is too wide: see
    /// [`certified_digits`](Self::certified_digits)): `"2.311..."`, `"1.5 - 0.25i"`.
    /// Each part is the centre rounded half away from zero, so the printed number is within
    /// `10^-digits` of the root (faithful rounding: the last digit may be one unit off the
    /// correctly rounded one, never more).
    pub fn to_decimal(&self, digits: u32) -> String {
        let d = digits.min(self.certified_digits());
        let re = fixed(&self.re, d, HalfAwayFromZero);
        if self.real {
            return re;
        }
        let im = fixed(&self.im.abs(), d, HalfAwayFromZero);
        let sign = if self.im.is_negative() { '-' } else { '+' };
        format!("{re} {sign} {im}i")
    }
}

impl ComplexRoot {
    /// The correctly rounded decimal form (each part rounded half away from zero to
    /// `digits` decimals), if the disc proves it: `None` when the root may lie on either side
    /// of a rounding boundary, i.e. the ends `c ± radius` of a part round differently.
    ///
    /// ```
    /// use hanoilab::algebra::{roots, Poly};
    /// let r = roots(&Poly::from_i64(&[-2, 0, 1]), 30); // ±√2
    /// assert_eq!(r[0].try_correctly_rounded(6).as_deref(), Some("1.414214"));
    /// ```
    pub fn try_correctly_rounded(&self, digits: u32) -> Option<String> {
        let part = |c: &BigRational| {
            let (lo, hi) = (
                fixed(&(c - &self.radius), digits, HalfAwayFromZero),
                fixed(&(c + &self.radius), digits, HalfAwayFromZero),
            );
            (lo == hi).then_some(lo)
        };
        let re = part(&self.re)?;
        if self.real {
            return Some(re);
        }
        let im = part(&self.im.abs())?;
        let sign = if self.im.is_negative() { '-' } else { '+' };
        Some(format!("{re} {sign} {im}i"))
    }
}

impl fmt::Display for ComplexRoot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_decimal(self.certified_digits()))
    }
}

/// Fixed-point complex number: `(re + i im) / 2^w`.
#[derive(Clone, Debug)]
struct Fx {
    re: BigInt,
    im: BigInt,
}

impl Fx {
    fn sub(&self, o: &Fx) -> Fx {
        Fx {
            re: &self.re - &o.re,
            im: &self.im - &o.im,
        }
    }
    fn mul(&self, o: &Fx, w: u32) -> Fx {
        Fx {
            re: (&self.re * &o.re - &self.im * &o.im) >> w,
            im: (&self.re * &o.im + &self.im * &o.re) >> w,
        }
    }
    fn norm2(&self) -> BigInt {
        &self.re * &self.re + &self.im * &self.im
    }
    /// `self / o`, `None` if `o` is zero.
    fn div(&self, o: &Fx, w: u32) -> Option<Fx> {
        let d = o.norm2();
        if d.is_zero() {
            return None;
        }
        let re = (&self.re * &o.re + &self.im * &o.im) << w;
        let im = (&self.im * &o.re - &self.re * &o.im) << w;
        Some(Fx {
            re: re.div_floor(&d),
            im: im.div_floor(&d),
        })
    }
    fn is_zero(&self) -> bool {
        self.re.is_zero() && self.im.is_zero()
    }
}

/// `(p(z), p'(z))` in fixed point; `cs` are the coefficients already shifted by `w`.
fn eval_fx(cs: &[BigInt], z: &Fx, w: u32) -> (Fx, Fx) {
    let zero = || Fx {
        re: BigInt::zero(),
        im: BigInt::zero(),
    };
    let (mut p, mut dp) = (zero(), zero());
    for c in cs.iter().rev() {
        dp = dp.mul(z, w);
        dp.re += &p.re;
        dp.im += &p.im;
        p = p.mul(z, w);
        p.re += c;
    }
    (p, dp)
}

/// [`eval_fx`] for a binomial `c x^m + d` (`cs` shifted by `w`, zero but `cs[0]` and
/// `cs[m]`): `p = c z^m + d`, `p' = m c z^(m-1)` from the powers of `z`, `m - 1` products
/// where Horner's rule takes `2m`.
fn eval_fx_binomial(cs: &[BigInt], z: &Fx, w: u32) -> (Fx, Fx) {
    let m = cs.len() - 1;
    let mut pow = Fx {
        re: BigInt::one() << w,
        im: BigInt::zero(),
    };
    for _ in 1..m {
        pow = pow.mul(z, w);
    }
    let c = &cs[m];
    let top = pow.mul(z, w);
    let p = Fx {
        re: ((c * &top.re) >> w) + &cs[0],
        im: (c * &top.im) >> w,
    };
    let mc: BigInt = c * m;
    let dp = Fx {
        re: (&mc * &pow.re) >> w,
        im: (&mc * &pow.im) >> w,
    };
    (p, dp)
}

/// Aberth–Ehrlich sweeps (Gauss–Seidel order) at precision `w`; true once the largest
/// correction is below `2^(4-w)`.
fn aberth(f: &Poly, zs: &mut [Fx], w: u32, max_iter: usize) -> bool {
    let cs: Vec<BigInt> = f.coeffs().iter().map(|c| c << w).collect();
    let one = Fx {
        re: BigInt::one() << w,
        im: BigInt::zero(),
    };
    let tiny = Fx {
        re: BigInt::from(3),
        im: BigInt::from(7),
    };
    let n = zs.len();
    for _ in 0..max_iter {
        let mut max_bits = 0u64;
        for i in 0..n {
            let (p, dp) = eval_fx(&cs, &zs[i], w);
            if p.is_zero() {
                continue;
            }
            let Some(ratio) = p.div(&dp, w) else {
                zs[i] = zs[i].sub(&tiny);
                max_bits = u64::MAX;
                continue;
            };
            let mut sum = Fx {
                re: BigInt::zero(),
                im: BigInt::zero(),
            };
            let mut clash = false;
            for j in 0..n {
                if j != i {
                    match one.div(&zs[i].sub(&zs[j]), w) {
                        Some(q) => {
                            sum.re += q.re;
                            sum.im += q.im;
                        }
                        None => clash = true,
                    }
                }
            }
            if clash {
                zs[i] = zs[i].sub(&tiny);
                max_bits = u64::MAX;
                continue;
            }
            let corr = ratio.div(&one.sub(&ratio.mul(&sum, w)), w).unwrap_or(ratio);
            max_bits = max_bits.max(corr.re.bits().max(corr.im.bits()));
            zs[i] = zs[i].sub(&corr);
        }
        if max_bits <= 4 {
            return true;
        }
    }
    false
}

/// Starting guesses at precision `w`: companion-matrix eigenvalues in `f64`, or, when
/// those overflow, Aberth's circle of radius `2^e ≥` Fujiwara's root bound
/// `2 max_k |c_{n-k}/c_n|^{1/k}`, rotated off the axes.
fn starting_guesses(f: &Poly, w: u32) -> Vec<Fx> {
    let n = f.degree().unwrap_or(0);
    let (ev, ok) = companion_eigenvalues(f);
    if let Some(ev) = ev {
        return ev
            .into_iter()
            .map(|z| Fx {
                re: fx_from_f64(z.re, w),
                im: fx_from_f64(z.im, w),
            })
            .collect();
    }
    let bn = f.leading().bits() as i64;
    let e = 1
        + (1..=n)
            .map(|k| {
                let bk = f.coeff(n - k).bits() as i64;
                (bk - bn + 1 + k as i64 - 1).div_euclid(k as i64)
            })
            .max()
            .unwrap_or(0);
    if !ok {
        // Coefficients beyond f64 (large roots: a 100 x 100 matrix with 3-digit entries
        // has a 400-digit characteristic polynomial). The roots y of f(2^e y), e from the
        // root bound above, lie in the unit disc and its coefficients fit in f64; starting
        // from the circle instead costs hundreds of Aberth sweeps at degree 100.
        if let Some(ev) = scaled_companion_eigenvalues(f, e) {
            return ev
                .into_iter()
                .map(|z| Fx {
                    re: fx_from_f64_shifted(z.re, w as i64 + e),
                    im: fx_from_f64_shifted(z.im, w as i64 + e),
                })
                .collect();
        }
    }
    let shift = e + w as i64 - 52;
    let scaled = |x: f64| {
        let v = BigInt::from((x * (1u64 << 52) as f64).round() as i64);
        if shift >= 0 {
            v << shift as usize
        } else {
            v >> (-shift) as usize
        }
    };
    (0..n)
        .map(|k| {
            let t = 0.4 + std::f64::consts::TAU * k as f64 / n as f64;
            Fx {
                re: scaled(t.cos()),
                im: scaled(t.sin()),
            }
        })
        .collect()
}

/// The eigenvalues in `f64` of the companion matrix of `f`, if all found and finite; and
/// whether its entries fit in `f64` (below `1e100`).
fn companion_eigenvalues(f: &Poly) -> (Option<Vec<Complex<f64>>>, bool) {
    let n = f.degree().unwrap_or(0);
    let lc = super::poly::bigint_to_f64(&f.leading());
    let mut m = DMatrix::<f64>::zeros(n, n);
    for i in 1..n {
        m[(i, i - 1)] = 1.0;
    }
    for i in 0..n {
        m[(i, n - 1)] = -super::poly::bigint_to_f64(&f.coeff(i)) / lc;
    }
    let ok = m.iter().all(|x| x.is_finite() && x.abs() <= 1e100);
    // Bounded Schur iteration: unshifted-friendly cases such as the cyclic permutation
    // matrix of x^n - 1 make the unbounded `complex_eigenvalues` loop forever.
    let ev: Vec<Complex<f64>> =
        match ok.then(|| Schur::try_new(m.clone(), f64::EPSILON, 60 * n + 100)) {
            Some(Some(schur)) => schur.complex_eigenvalues().iter().copied().collect(),
            // Unbalanced companion matrices (coefficients of very different sizes) often
            // defeat the bounded iteration; a diagonal similarity (Parlett–Reinsch
            // balancing) keeps the eigenvalues and usually lets it converge. Only as a
            // retry, so polynomials that converged before keep their starting points.
            Some(None) => balanced_eigenvalues(m).unwrap_or_default(),
            None => vec![],
        };
    let found = ev.len() == n && ev.iter().all(|z| z.re.is_finite() && z.im.is_finite());
    (found.then_some(ev), ok)
}

/// The roots of a binomial `c x^m + d` (`c, d ≠ 0`) in `f64`: `|d/c|^(1/m)` times the
/// `m`-th roots of `±1`, real ones with imaginary part exactly zero; `None` for other
/// polynomials or when the modulus is out of range.
fn binomial_roots_f64(f: &Poly) -> Option<Vec<Complex<f64>>> {
    let cs = f.coeffs();
    let m = cs.len().checked_sub(1)?;
    if m < 1 || cs[0].is_zero() || cs[1..m].iter().any(|c| !c.is_zero()) {
        return None;
    }
    let a = -super::poly::bigint_to_f64(&cs[0]) / super::poly::bigint_to_f64(&cs[m]);
    let r = a.abs().powf(1.0 / m as f64);
    if !(r.is_finite() && r > 0.0 && r < 1e100 && r > 1e-100) {
        return None;
    }
    // x = r e^(i t), t = (2k + [a < 0]) pi / m
    let half = usize::from(a < 0.0);
    Some(
        (0..m)
            .map(|k| {
                let j = 2 * k + half; // t = j pi / m
                if j % m == 0 {
                    // t = 0 or pi
                    Complex::new(if (j / m) % 2 == 0 { r } else { -r }, 0.0)
                } else {
                    let t = std::f64::consts::PI * j as f64 / m as f64;
                    Complex::new(r * t.cos(), r * t.sin())
                }
            })
            .collect(),
    )
}

/// Largest degree for which [`roots_by_newton`] is tried first.
const NEWTON_MAX_DEGREE: usize = 16;

/// The certified roots of a square-free real `g` (degree `n`) by Newton's iteration from
/// `f64` approximations `starts` that separate them (the companion matrix's eigenvalues,
/// or a binomial's roots), each root alone: one complex division per root and step where
/// an Aberth sweep takes `n`, and only the real roots and those in the upper half-plane
/// are iterated (the others are their conjugates). Certified exactly as
/// [`roots_squarefree`] certifies (the same discs, [`certify`]); `None` when that fails
/// (clustered roots, poor starts), and the caller takes the general route.
fn roots_by_newton(
    g: &Poly,
    dg: &Poly,
    starts: &[Complex<f64>],
    w: u32,
    target: &BigRational,
) -> Option<Vec<ComplexRoot>> {
    let n = g.degree()?;
    let real = starts.iter().filter(|z| z.im == 0.0).count();
    let upper: Vec<&Complex<f64>> = starts.iter().filter(|z| z.im > 0.0).collect();
    if real + 2 * upper.len() != n {
        return None;
    }
    let mut zs: Vec<Fx> = starts
        .iter()
        .filter(|z| z.im == 0.0)
        .chain(upper)
        .map(|z| Fx {
            re: fx_from_f64(z.re, w),
            im: fx_from_f64(z.im, w),
        })
        .collect();
    let cs: Vec<BigInt> = g.coeffs().iter().map(|c| c << w).collect();
    let binomial = cs[1..n].iter().all(|c| c.is_zero());
    for _ in 0..12 {
        let mut max_bits = 0u64;
        for z in zs.iter_mut() {
            let (p, dp) = if binomial {
                eval_fx_binomial(&cs, z, w)
            } else {
                eval_fx(&cs, z, w)
            };
            if p.is_zero() {
                continue;
            }
            let corr = p.div(&dp, w)?;
            max_bits = max_bits.max(corr.re.bits().max(corr.im.bits()));
            *z = z.sub(&corr);
        }
        // Quadratic convergence: after a correction of 2^(b - w), the error is about
        // 2^(2b - 2w) times a moderate constant, below the last bit once 2b + 16 <= w. The
        // certificate decides; if it fails, one more step.
        if 2 * max_bits + 16 > w as u64 {
            continue;
        }
        let conj: Vec<Fx> = zs[real..]
            .iter()
            .map(|z| Fx {
                re: z.re.clone(),
                im: -&z.im,
            })
            .collect();
        let all: Vec<Fx> = zs.iter().cloned().chain(conj).collect();
        if let Some(discs) = certify(g, dg, &all, w) {
            let out = discs_to_roots(discs, w);
            if out.iter().all(|z| &z.radius < target) {
                return Some(out);
            }
        }
        if max_bits <= 4 {
            return None;
        }
    }
    None
}

/// Certified discs at precision `w` as roots.
fn discs_to_roots(discs: Vec<(Disc, bool)>, w: u32) -> Vec<ComplexRoot> {
    discs
        .into_iter()
        .map(|((x, y, r), real)| ComplexRoot {
            re: ratio::dyadic(x, w as u64),
            im: ratio::dyadic(y, w as u64),
            radius: ratio::dyadic(r, w as u64),
            real,
        })
        .collect()
}

/// `c * 2^-t` as an `f64` without overflowing on the way (0 or infinite only when the
/// value itself is out of range).
fn scaled_f64(c: &BigInt, t: i64) -> f64 {
    let sh = (c.bits() as i64 - 60).max(0);
    let head = super::poly::bigint_to_f64(&(c >> sh as usize));
    let mut v = head;
    let mut ex = sh - t;
    // powi in steps so that intermediate powers stay finite
    while ex > 1000 {
        v *= 2f64.powi(1000);
        ex -= 1000;
    }
    while ex < -1000 {
        v *= 2f64.powi(-1000);
        ex += 1000;
    }
    v * 2f64.powi(ex as i32)
}

/// Eigenvalues (in `f64`) of the companion matrix of `f(2^e y) / (lc 2^(e n))`, or `None`.
fn scaled_companion_eigenvalues(f: &Poly, e: i64) -> Option<Vec<Complex<f64>>> {
    let n = f.degree().unwrap_or(0);
    let lc = f.leading();
    let lb = lc.bits() as i64;
    let lcf = scaled_f64(&lc, lb);
    let mut m = DMatrix::<f64>::zeros(n, n);
    for i in 1..n {
        m[(i, i - 1)] = 1.0;
    }
    for i in 0..n {
        // c_i 2^(e i) / (lc 2^(e n))
        m[(i, n - 1)] = -scaled_f64(&f.coeff(i), e * (n - i) as i64 + lb) / lcf;
    }
    if !m.iter().all(|x| x.is_finite()) {
        return None;
    }
    balanced_eigenvalues(m)
}

/// Eigenvalues in `f64` of a balanced copy of `m` (bounded Schur iteration), if all found.
fn balanced_eigenvalues(mut m: DMatrix<f64>) -> Option<Vec<Complex<f64>>> {
    let n = m.nrows();
    // Parlett–Reinsch balancing squares row and column norms: past about 1e150 they
    // overflow and the balancing loop never ends (a 2 x 2 with a 200-digit entry hung).
    // Such matrices get their starting points from the polynomial instead.
    if !m.iter().all(|x| x.is_finite() && x.abs() <= 1e100) {
        return None;
    }
    nalgebra::linalg::balancing::balance_parlett_reinsch(&mut m);
    let schur = Schur::try_new(m, f64::EPSILON, 60 * n + 100)?;
    let ev: Vec<Complex<f64>> = schur.complex_eigenvalues().iter().copied().collect();
    (ev.len() == n && ev.iter().all(|z| z.re.is_finite() && z.im.is_finite())).then_some(ev)
}

/// Approximate eigenvalues of an integer matrix (balanced `f64` Schur), for
/// [`roots_near`]; `None` if an entry overflows `f64` or the iteration does not converge.
pub(crate) fn matrix_eigenvalues_f64(m: &super::ZMatrix) -> Option<Vec<Complex<f64>>> {
    let n = m.rows();
    let d = DMatrix::<f64>::from_fn(n, n, |i, j| super::poly::bigint_to_f64(m.get(i, j)));
    if n == 0 || !d.iter().all(|x| x.is_finite()) {
        return None;
    }
    balanced_eigenvalues(d)
}

/// `2^s * x` rounded half away from zero, `s` of either sign (exact integer arithmetic from
/// the bits of `x`; zero for infinities and NaN).
fn fx_from_f64_shifted(x: f64, s: i64) -> BigInt {
    let bits = x.to_bits();
    let (exp, frac) = ((bits >> 52) & 0x7ff, bits & ((1u64 << 52) - 1));
    if exp == 0x7ff {
        return BigInt::zero();
    }
    // x = ±m 2^e
    let (m, e) = if exp == 0 {
        (frac, -1074i64)
    } else {
        (frac | (1u64 << 52), exp as i64 - 1075)
    };
    let t = e + s;
    let v = if t >= 0 {
        BigInt::from(m) << t as usize
    } else if -t > 64 {
        BigInt::zero() // m < 2^53: below one half
    } else {
        let k = (-t) as u32;
        BigInt::from((m as u128 + (1u128 << (k - 1))) >> k)
    };
    if bits >> 63 == 1 {
        -v
    } else {
        v
    }
}

/// `2^w * x` rounded, for an `f64` (exact integer arithmetic from its bits).
fn fx_from_f64(x: f64, w: u32) -> BigInt {
    fx_from_f64_shifted(x, w as i64)
}

/// Exact `D^n p(X/D)` for a Gaussian integer `X`, `D = 2^w` (homogenised Horner).
fn eval_exact(cs: &[BigInt], x: &(BigInt, BigInt), w: u32) -> (BigInt, BigInt) {
    let (mut re, mut im) = (BigInt::zero(), BigInt::zero());
    let n = cs.len();
    for (k, c) in cs.iter().enumerate().rev() {
        let (r2, i2) = (&re * &x.0 - &im * &x.1, &re * &x.1 + &im * &x.0);
        re = r2 + (c << (w as usize * (n - 1 - k)));
        im = i2;
    }
    (re, im)
}

/// [`eval_exact`] of a binomial `c x^m + d` and of its derivative at once, exactly:
/// `D^m p(X/D) = c X^m + d D^m` and `D^(m-1) p'(X/D) = m c X^(m-1)`, from the powers of `X`
/// (`m - 1` products where the two Horner evaluations take `2m - 1`).
#[allow(clippy::type_complexity)]
fn eval_exact_binomial(
    cs: &[BigInt],
    x: &(BigInt, BigInt),
    w: u32,
) -> ((BigInt, BigInt), (BigInt, BigInt)) {
    let m = cs.len() - 1;
    let (mut pr, mut pi) = (BigInt::one(), BigInt::zero());
    for _ in 1..m {
        let r2 = &pr * &x.0 - &pi * &x.1;
        pi = &pr * &x.1 + &pi * &x.0;
        pr = r2;
    }
    // X^(m-1) = pr + i pi
    let (tr, ti) = (&pr * &x.0 - &pi * &x.1, &pr * &x.1 + &pi * &x.0);
    let c = &cs[m];
    let p = (c * tr + (&cs[0] << (w as usize * m)), c * ti);
    let mc: BigInt = c * m;
    (p, (&mc * pr, mc * pi))
}

/// Scaled disc `(X, Y, R)`: centre `(X + iY)/2^w`, radius `R/2^w`.
type Disc = (BigInt, BigInt, BigInt);

/// Radius bound `n |p(z)/p'(z)|` at `z = (x.0 + i x.1)/2^w`, scaled by `2^w`, rounded up;
/// `None` if `p'(z) = 0`.
fn newton_radius(f: &Poly, df: &Poly, x: &(BigInt, BigInt), w: u32) -> Option<BigInt> {
    let n = f.degree()?;
    let cs = f.coeffs();
    let ((pr, pi), (dr, di)) = if n >= 1 && cs[1..n].iter().all(|c| c.is_zero()) {
        eval_exact_binomial(cs, x, w)
    } else {
        let p = eval_exact(cs, x, w);
        if p.0.is_zero() && p.1.is_zero() {
            return Some(BigInt::one());
        }
        (p, eval_exact(df.coeffs(), x, w))
    };
    if pr.is_zero() && pi.is_zero() {
        return Some(BigInt::one());
    }
    let dn = modulus_bound(&dr, &di, false);
    if dn.is_zero() {
        return None;
    }
    let pn = modulus_bound(&pr, &pi, true);
    // |p|/|p'| = |P| / (2^w |P'|); scaled by 2^w that is |P|/|P'|.
    Some((pn * BigInt::from(n)).div_floor(&dn) + 1)
}

/// An upper (`up`) or lower bound on `sqrt(re^2 + im^2)` from the leading 62 bits of the
/// parts: the values are `w n` bits long (`D^n p(X/D)`), and an exact square root of their
/// squares (Newton's method, a long division per step) was most of the certification.
/// The bound is within a relative `2^-60` of the modulus, which only widens the disc by as
/// much.
fn modulus_bound(re: &BigInt, im: &BigInt, up: bool) -> BigInt {
    let top = re.bits().max(im.bits());
    let k = top.saturating_sub(62);
    let part = |v: &BigInt| {
        let t = v.abs() >> k;
        if up && k > 0 {
            t + 1
        } else {
            t
        }
    };
    let (a, b) = (part(re), part(im));
    // a, b < 2^63 (+1): a^2 + b^2 fits in u128, and its square root in one f64 step
    let (a, b) = (a.to_u64().expect("62 bits"), b.to_u64().expect("62 bits"));
    let sum = a as u128 * a as u128 + b as u128 * b as u128;
    let s = isqrt_u128(sum);
    let s = if up && s * s < sum { s + 1 } else { s };
    BigInt::from(s) << k
}

/// `floor(sqrt(v))` for `v < 2^127`, exactly (an `f64` estimate, then corrected).
fn isqrt_u128(v: u128) -> u128 {
    let mut s = (v as f64).sqrt() as u128;
    while s * s > v {
        s -= 1;
    }
    while (s + 1) * (s + 1) <= v {
        s += 1;
    }
    s
}

/// Tries to certify the approximations: conjugation-symmetric, pairwise disjoint discs.
fn certify(f: &Poly, df: &Poly, zs: &[Fx], w: u32) -> Option<Vec<(Disc, bool)>> {
    let mut discs: Vec<(Disc, bool)> = Vec::new();
    let mut upper = 0usize;
    let mut lower = 0usize;
    for z in zs {
        let r = newton_radius(f, df, &(z.re.clone(), z.im.clone()), w)?;
        if z.im > r {
            upper += 1;
            discs.push(((z.re.clone(), z.im.clone(), r.clone()), false));
            discs.push(((z.re.clone(), -z.im.clone(), r), false));
        } else if z.im < -&r {
            lower += 1;
        } else {
            let r = if z.im.is_zero() {
                r // already at the real point
            } else {
                newton_radius(f, df, &(z.re.clone(), BigInt::zero()), w)?
            };
            discs.push(((z.re.clone(), BigInt::zero(), r), true));
        }
    }
    if upper != lower || discs.len() != zs.len() {
        return None;
    }
    for i in 0..discs.len() {
        for j in i + 1..discs.len() {
            let ((xi, yi, ri), _) = &discs[i];
            let ((xj, yj, rj), _) = &discs[j];
            let (dx, dy) = (xi - xj, yi - yj);
            let rr = ri + rj;
            if &dx * &dx + &dy * &dy <= &rr * &rr {
                return None;
            }
        }
    }
    Some(discs)
}

/// Deterministic order: decreasing modulus, then increasing real part, then imaginary part.
fn root_order(a: &ComplexRoot, b: &ComplexRoot) -> Ordering {
    ratio::cmp(&modulus2(b), &modulus2(a))
        .then_with(|| ratio::cmp(&a.re, &b.re))
        .then_with(|| ratio::cmp(&a.im, &b.im))
}

/// Sorts by [`root_order`], each modulus computed once (as an unreduced fraction: the
/// comparisons cross-multiply, and reducing was a third of the cost). Moduli whose `f64`
/// values differ by far more than their rounding are ordered by those.
fn sort_roots(zs: &mut Vec<ComplexRoot>) {
    let exact = |z: &ComplexRoot| {
        let (a, b, c, d) = (z.re.numer(), z.re.denom(), z.im.numer(), z.im.denom());
        let (bb, dd) = (b * b, d * d);
        BigRational::new_raw(a * a * &dd + c * c * &bb, bb * dd)
    };
    // (approximate |z|^2, exact |z|^2 when some comparison needed it, z)
    type Keyed = (f64, std::cell::OnceCell<BigRational>, ComplexRoot);
    let mut keyed: Vec<Keyed> = zs
        .drain(..)
        .map(|z| {
            let (x, y) = (ratio_to_f64(&z.re), ratio_to_f64(&z.im));
            (x * x + y * y, std::cell::OnceCell::new(), z)
        })
        .collect();
    keyed.sort_by(|(fa, ea, a), (fb, eb, b)| {
        // each f64 is within a relative 2^-48 of its value (or not finite / zero)
        let clear = fa.is_finite()
            && fb.is_finite()
            && fa.min(*fb) > 1e-280
            && (fa - fb).abs() > 1e-12 * fa.max(*fb);
        if clear {
            return fb.total_cmp(fa);
        }
        let (ma, mb) = (ea.get_or_init(|| exact(a)), eb.get_or_init(|| exact(b)));
        ratio::cmp(mb, ma)
            .then_with(|| ratio::cmp(&a.re, &b.re))
            .then_with(|| ratio::cmp(&a.im, &b.im))
    });
    zs.extend(keyed.into_iter().map(|(_, _, z)| z));
}

/// A rational as an `f64` within a relative `2^-50` (from the leading 64 bits of numerator
/// and denominator; `num-rational`'s conversion divides exactly), or infinite / zero out of
/// range.
fn ratio_to_f64(x: &BigRational) -> f64 {
    let (n, d) = (x.numer(), x.denom());
    if n.is_zero() {
        return 0.0;
    }
    let (sn, sd) = (n.bits().saturating_sub(64), d.bits().saturating_sub(64));
    let (hn, hd) = (
        super::poly::bigint_to_f64(&(n >> sn as usize)),
        super::poly::bigint_to_f64(&(d >> sd as usize)),
    );
    let e = sn as i64 - sd as i64;
    if e.abs() > 2000 {
        return if e > 0 { f64::INFINITY } else { 0.0 };
    }
    hn / hd * 2f64.powi(e as i32)
}

/// `|centre|^2`, exactly.
fn modulus2(z: &ComplexRoot) -> BigRational {
    ratio::add(&ratio::mul(&z.re, &z.re), &ratio::mul(&z.im, &z.im))
}

/// All distinct complex roots of `f`, each in a certified disc of radius below
/// `10^-(digits+2)`, sorted by decreasing modulus, then real part, then imaginary part
/// (conjugates: negative imaginary part first). Repeated roots are reported once (the
/// square-free part is used); empty for constants and for the zero polynomial.
///
/// Cost: `O(n^2)` fixed-point operations per Aberth sweep at `O(digits + log n)` bits, a few
/// sweeps per precision doubling, plus an exact `O(n^2)` disjointness check.
///
/// # Panics
/// Only if certification fails after 60 rounds of iteration (not observed; a bug).
///
/// ```
/// use hanoilab::algebra::{roots, Poly};
/// let r = roots(&Poly::from_i64(&[-2, -2, 1]), 20); // E^2 - 2E - 2: 1 ± √3
/// assert_eq!(r.len(), 2);
/// assert!(r.iter().all(|z| z.is_real()));
/// assert_eq!(r[0].to_decimal(20), "2.73205080756887729353");
/// ```
pub fn roots(f: &Poly, digits: u32) -> Vec<ComplexRoot> {
    // The same factor comes back for every component of a transfer system that shares it
    // (61 components of Lunnon's Reversi share three recurrences): computed once per thread.
    thread_local! {
        static CACHE: std::cell::RefCell<HashMap<(Poly, u32), Vec<ComplexRoot>>> =
            std::cell::RefCell::new(HashMap::new());
    }
    let key = (f.clone(), digits);
    if let Some(r) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
        return r;
    }
    let r = roots_near(f, digits, None);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= 512 {
            c.clear();
        }
        c.insert(key, r.clone());
    });
    r
}

/// As [`roots`], starting the iteration from `guesses` when given (approximations of the
/// roots from elsewhere, e.g. a matrix's eigenvalues in `f64`): the ones closest to roots
/// of `f` (smallest Newton step) are used, the others ignored. Only the starting points
/// change; the discs are certified the same way.
pub(crate) fn roots_near(
    f: &Poly,
    digits: u32,
    guesses: Option<&[Complex<f64>]>,
) -> Vec<ComplexRoot> {
    if let Some(r) = without_iteration(f, digits) {
        return r;
    }
    // the distinct irreducible factors (the square-free part's), each solved on its own
    let factors = factor(f).expect("non-zero").factors;
    if let [(g, _)] = &factors[..] {
        return roots_squarefree(g, digits, guesses);
    }
    roots_of_factors(&factors, digits, guesses)
}

/// [`roots_near`] for an irreducible factor as [`factor`] returns it (primitive, positive
/// leading coefficient): the same discs without factoring it again.
pub(crate) fn roots_near_irreducible(
    g: &Poly,
    digits: u32,
    guesses: Option<&[Complex<f64>]>,
) -> Vec<ComplexRoot> {
    without_iteration(g, digits).unwrap_or_else(|| roots_squarefree(g, digits, guesses))
}

/// The roots when no iteration is needed: none for a constant; a quadratic with
/// coefficients beyond 64 bits by the formula.
fn without_iteration(f: &Poly, digits: u32) -> Option<Vec<ComplexRoot>> {
    if f.degree().is_none_or(|d| d == 0) {
        return Some(vec![]);
    }
    (f.degree() == Some(2) && f.coeffs().iter().any(|c| c.bits() > 64))
        .then(|| quadratic_roots(f, digits))
}

/// The roots of a square-free polynomial from those of its irreducible `factors`, each
/// found on its own (a factor's roots are simple and the iteration starts well; the
/// product's clusters, e.g. `0, ±1, ±i` of a transfer matrix, defeat the companion
/// matrix's eigenvalues). The discs of different factors are checked pairwise disjoint
/// (so each still holds exactly one root of the product) and refined further otherwise.
fn roots_of_factors(
    factors: &[(Poly, usize)],
    digits: u32,
    guesses: Option<&[Complex<f64>]>,
) -> Vec<ComplexRoot> {
    let mut d = digits;
    loop {
        let mut out: Vec<ComplexRoot> = factors
            .iter()
            .flat_map(|(h, _)| match h.degree() {
                // a linear factor's root is rational, a quadratic's by the formula
                Some(1) => vec![exact_real(rat(-h.coeff(0), h.coeff(1)))],
                Some(2) => quadratic_roots(h, d),
                _ => roots_squarefree_unsorted(h, d, guesses),
            })
            .collect();
        if pairwise_disjoint(&out) {
            sort_roots(&mut out);
            return out;
        }
        d = 2 * d + 8;
    }
}

/// Whether the discs are pairwise disjoint: exactly, except that pairs whose centres are
/// far apart in `f64` (well beyond rounding and the radii) need no exact test.
fn pairwise_disjoint(zs: &[ComplexRoot]) -> bool {
    let approx: Vec<(Complex<f64>, f64)> = zs
        .iter()
        .map(|z| {
            let c = Complex::new(ratio_to_f64(&z.re), ratio_to_f64(&z.im));
            (c, ratio_to_f64(&z.radius))
        })
        .collect();
    for i in 0..zs.len() {
        for j in i + 1..zs.len() {
            let ((a, ra), (b, rb)) = (approx[i], approx[j]);
            let scale = 1f64.max(a.norm()).max(b.norm());
            let dist = (a - b).norm();
            // f64 centres are within a relative 2^-50 of the exact ones (`ratio_to_f64`)
            if dist.is_finite() && dist > 1e-6 * scale && ra + rb < 1e-7 * scale {
                continue;
            }
            let (x, y) = (&zs[i].re - &zs[j].re, &zs[i].im - &zs[j].im);
            let r = &zs[i].radius + &zs[j].radius;
            if &x * &x + &y * &y <= &r * &r {
                return false;
            }
        }
    }
    true
}

/// [`roots_near`] for a square-free `g` of positive degree, by one iteration on all its
/// roots.
fn roots_squarefree(g: &Poly, digits: u32, guesses: Option<&[Complex<f64>]>) -> Vec<ComplexRoot> {
    let mut out = roots_squarefree_unsorted(g, digits, guesses);
    sort_roots(&mut out);
    out
}

/// [`roots_squarefree`] in no particular order (for [`roots_of_factors`], which sorts
/// them all).
fn roots_squarefree_unsorted(
    g: &Poly,
    digits: u32,
    guesses: Option<&[Complex<f64>]>,
) -> Vec<ComplexRoot> {
    let n = g.degree().expect("non-zero");
    if guesses.is_none() && n <= NEWTON_MAX_DEGREE {
        let starts = binomial_roots_f64(g).or_else(|| companion_eigenvalues(g).0);
        let (dg, w, target) = (g.derivative(), precision(n, digits), target_radius(digits));
        if let Some(r) = starts.and_then(|s| roots_by_newton(g, &dg, &s, w, &target)) {
            return r;
        }
    }
    roots_by_aberth(g, digits, guesses)
}

/// The working precision (bits after the point) for `digits` decimals at degree `n`.
fn precision(n: usize, digits: u32) -> u32 {
    (digits + 2) * 10 / 3 + 2 * (usize::BITS - n.leading_zeros()) + 24
}

/// `1 / 10^(digits + 2)`: every radius ends below it.
fn target_radius(digits: u32) -> BigRational {
    // already in lowest terms
    BigRational::new_raw(
        BigInt::one(),
        num_traits::pow(BigInt::from(10), digits as usize + 2),
    )
}

/// The roots of the square-free `g` by the Aberth–Ehrlich iteration on all of them at
/// once, from `guesses` or the companion matrix's eigenvalues: the general route (and the
/// reference of [`roots_by_newton`]'s tests).
fn roots_by_aberth(g: &Poly, digits: u32, guesses: Option<&[Complex<f64>]>) -> Vec<ComplexRoot> {
    let dg = g.derivative();
    let n = g.degree().expect("non-zero");
    let target = target_radius(digits);
    let mut w = precision(n, digits);
    let mut zs = match guesses.and_then(|gs| pick_guesses(g, gs, n, w)) {
        Some(zs) => zs,
        None => starting_guesses(g, w),
    };
    // Precision doubles when the iteration has converged but the discs are still too large
    // or overlap, or after three unconverged rounds (far or clustered starts).
    let mut stalled = 0;
    for _round in 0..60 {
        let converged = aberth(g, &mut zs, w, 40 + 4 * n);
        if let Some(discs) = certify(g, &dg, &zs, w) {
            let out = discs_to_roots(discs, w);
            if out.iter().all(|z| z.radius < target) {
                return out;
            }
        }
        stalled = if converged { 3 } else { stalled + 1 };
        if stalled >= 3 {
            stalled = 0;
            let extra = w;
            w += extra;
            for z in zs.iter_mut() {
                z.re <<= extra;
                z.im <<= extra;
            }
        }
    }
    panic!("roots: certification failed for {g} (please report)");
}

/// Roots of `a x^2 + b x + c` by the formula, the square root of the discriminant `D`
/// bracketed by one integer square root: `s = isqrt(D 4^k)` gives
/// `s / 2^k <= sqrt(D) < (s + 1) / 2^k`, and the disc about the midpoint has radius
/// `1 / (2^(k+1) 2|a|)`. Why: for huge coefficients (a 2 x 2 matrix with a 100,000-digit
/// entry) the iteration needs the roots to all their digits at every sweep, and the
/// square-free part costs gcds of 100,000-digit numbers; this is one square root.
/// Used only above 64-bit coefficients so that small quadratics print as before.
fn quadratic_roots(f: &Poly, digits: u32) -> Vec<ComplexRoot> {
    let (a, b, c) = (f.coeff(2), f.coeff(1), f.coeff(0));
    let d: BigInt = &b * &b - BigInt::from(4) * &a * &c;
    let two_a: BigInt = &a * 2;
    if d.is_zero() {
        return vec![exact_real(rat(-b, two_a))];
    }
    let root = d.abs().sqrt();
    if !d.is_negative() && &root * &root == d {
        let mut out = vec![
            exact_real(rat(-&b + &root, two_a.clone())),
            exact_real(rat(-&b - &root, two_a)),
        ];
        out.sort_by(root_order);
        return out;
    }
    // radius 1 / (2^(k+1) 2|a|) < 10^-(digits+2): k >= (digits + 2) log2(10)
    let k = ((digits as u64 + 2) * 10).div_ceil(3) + 2;
    let s = (d.abs() << (2 * k as usize)).sqrt();
    let den = &two_a << (k as usize + 1);
    let mid = &s * 2 + 1; // (2s + 1) / 2^(k+1): the midpoint of the bracket of sqrt|D|
    let radius = rat(BigInt::one(), (&two_a << (k as usize + 1)).abs());
    let base = &b << (k as usize + 1); // b 2^(k+1), over the same denominator
    let mut out = if d.is_negative() {
        // -b/2a ± i sqrt(-D)/2a: the real part exact, the imaginary part bracketed
        let re = rat(-b.clone(), two_a.clone());
        let im = rat(mid, den).abs();
        vec![
            ComplexRoot {
                re: re.clone(),
                im: im.clone(),
                radius: radius.clone(),
                real: false,
            },
            ComplexRoot {
                re,
                im: -im,
                radius,
                real: false,
            },
        ]
    } else {
        // distinct real roots sqrt(D)/|a| apart, far more than the two radii
        // Both centres over the same denominator, so root_order (decreasing modulus, then
        // increasing real part) is decided on the numerators, without rational products.
        let mut nums = [-&base + &mid, -&base - &mid];
        let neg = den.is_negative();
        nums.sort_by(|x, y| {
            y.abs()
                .cmp(&x.abs())
                .then(if neg { y.cmp(x) } else { x.cmp(y) })
        });
        nums.into_iter()
            .map(|n| ComplexRoot {
                re: rat(n, den.clone()),
                im: BigRational::zero(),
                radius: radius.clone(),
                real: true,
            })
            .collect()
    };
    if d.is_negative() {
        // conjugates: same modulus and real part, negative imaginary part first
        out.sort_by(|x, y| x.im.cmp(&y.im));
    }
    out
}

/// `num / den` in lowest terms by [`super::poly::int_gcd`]: the numerators here have
/// hundreds of thousands of bits and a small denominator, where the binary gcd that
/// `BigRational::new` uses is quadratic.
fn rat(num: BigInt, den: BigInt) -> BigRational {
    let (num, den) = if den.is_negative() {
        (-num, -den)
    } else {
        (num, den)
    };
    let tz = den.trailing_zeros().unwrap_or(0);
    if den.bits() == tz + 1 {
        // den = 2^tz (the quadratic formula's usual denominator): the gcd is a shift
        let k = num.trailing_zeros().map_or(tz, |t| t.min(tz));
        return BigRational::new_raw(num >> k, den >> k);
    }
    let g = super::poly::int_gcd(&num, &den);
    if g.is_zero() || g.is_one() {
        return BigRational::new_raw(num, den);
    }
    BigRational::new_raw(num / &g, den / &g)
}

/// The `n` guesses (fixed point at `w` bits) with the smallest Newton step `|g/g'|` for
/// `g`, or `None` if there are fewer than `n`.
fn pick_guesses(g: &Poly, guesses: &[Complex<f64>], n: usize, w: u32) -> Option<Vec<Fx>> {
    if guesses.len() < n {
        return None;
    }
    let cs: Vec<BigInt> = g.coeffs().iter().map(|c| c << w).collect();
    let mut scored: Vec<(BigInt, usize, Fx)> = guesses
        .iter()
        .enumerate()
        .map(|(k, z)| {
            let z = Fx {
                re: fx_from_f64(z.re, w),
                im: fx_from_f64(z.im, w),
            };
            let (p, dp) = eval_fx(&cs, &z, w);
            // |p / p'|^2 scaled; an unusable derivative ranks last
            let step = p
                .div(&dp, w)
                .map_or_else(|| BigInt::one() << (2 * w as usize + 4096), |q| q.norm2());
            (step, k, z)
        })
        .collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    Some(scored.into_iter().take(n).map(|(_, _, z)| z).collect())
}

/// Sturm sequence of a square-free `f`: `f, f', -rem(...)`, each scaled by a positive
/// constant (pseudo-remainders with the sign of the field remainder).
fn sturm_sequence(f: &Poly) -> Vec<Poly> {
    let mut seq = vec![f.clone(), f.derivative()];
    loop {
        let (a, b) = (&seq[seq.len() - 2], &seq[seq.len() - 1]);
        if b.degree().is_none_or(|d| d == 0) {
            break;
        }
        let (_, r) = a.pseudo_divrem(b);
        if r.is_zero() {
            break;
        }
        let e = a.degree().unwrap_or(0) + 1 - b.degree().unwrap_or(0);
        let lc_pow_neg = b.leading().is_negative() && e % 2 == 1;
        // rem = r / lc^e; the next element is -rem up to a positive factor.
        let next = if lc_pow_neg { r } else { -&r };
        let c = next.content();
        seq.push(Poly::new(next.coeffs().iter().map(|x| x / &c).collect()));
    }
    seq
}

fn variations(seq: &[Poly], x: &BigRational) -> usize {
    let signs: Vec<i32> = seq
        .iter()
        .map(|p| p.sign_at(x))
        .filter(|&s| s != 0)
        .collect();
    signs.windows(2).filter(|w| w[0] != w[1]).count()
}

/// All distinct real roots of `f`, each as a certified interval `[re - radius, re + radius]`
/// of width below `2·10^-(digits+2)` holding exactly one root (`im = 0`, `is_real`), in
/// increasing order; exact rational roots met on the way have radius zero. Empty for
/// constants and for zero.
///
/// Isolation by Sturm sequences on dyadic intervals from the Cauchy bound, refinement by
/// bisection on the sign of `f` (one evaluation per bit).
///
/// ```
/// use hanoilab::algebra::{real_roots, Poly};
/// let r = real_roots(&Poly::from_i64(&[-2, 0, -3, 0, 0, 1]), 10); // E^5 - 3E^2 - 2
/// assert_eq!(r.len(), 1);
/// assert!(r[0].is_real() && r[0].to_decimal(3).starts_with("1.5"));
/// ```
pub fn real_roots(f: &Poly, digits: u32) -> Vec<ComplexRoot> {
    if f.degree().is_none_or(|d| d == 0) {
        return vec![];
    }
    let g = squarefree_part(f);
    let seq = sturm_sequence(&g);
    // Cauchy: every root has |x| < 1 + max |c_i / c_n| ≤ 2^b.
    let lc = g.leading().abs();
    let m: BigInt = g.coeffs().iter().map(|c| c.abs()).max().expect("non-zero");
    let b = (Integer::div_ceil(&m, &lc) + 1u32).bits();
    let big = BigRational::from(BigInt::one() << b as usize);
    let two = BigRational::from(BigInt::from(2));
    let width = BigRational::new(
        BigInt::from(2),
        num_traits::pow(BigInt::from(10), digits as usize + 2),
    );
    let mut isolated = Vec::new();
    let mut stack = vec![(
        -big.clone(),
        big.clone(),
        variations(&seq, &-big.clone()),
        variations(&seq, &big),
    )];
    while let Some((a, bb, va, vb)) = stack.pop() {
        let count = va - vb;
        if count == 0 {
            continue;
        }
        if count == 1 {
            isolated.push((a, bb));
            continue;
        }
        let mid = (&a + &bb) / &two;
        let vm = variations(&seq, &mid);
        stack.push((a, mid.clone(), va, vm));
        stack.push((mid, bb, vm, vb));
    }
    let mut out: Vec<ComplexRoot> = isolated
        .into_iter()
        .map(|(mut a, mut b)| {
            // Exactly one root in (a, b]; keep sign(f(b)) != 0 as the invariant.
            let mut sb = g.sign_at(&b);
            if sb == 0 {
                return exact_real(b);
            }
            while &b - &a >= width {
                let mid = (&a + &b) / &two;
                let sm = g.sign_at(&mid);
                if sm == 0 {
                    return exact_real(mid);
                }
                if sm == sb {
                    b = mid;
                    sb = sm;
                } else {
                    a = mid;
                }
            }
            ComplexRoot {
                re: (&a + &b) / &two,
                im: BigRational::zero(),
                radius: (b - a) / &two,
                real: true,
            }
        })
        .collect();
    out.sort_by(|x, y| x.re.cmp(&y.re));
    out
}

fn exact_real(x: BigRational) -> ComplexRoot {
    ComplexRoot {
        re: x,
        im: BigRational::zero(),
        radius: BigRational::zero(),
        real: true,
    }
}

/// The roots of largest modulus, from [`roots`], refined (digits doubled, up to
/// `max(4 digits, 200)`) until they separate from the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DominantRoots {
    /// Every root whose modulus may be the largest, in [`roots`] order.
    pub roots: Vec<ComplexRoot>,
    /// Proved: exactly one root has the largest modulus (then `roots.len() == 1`).
    pub unique: bool,
    /// Proved: `roots` is exactly the set of roots of largest modulus. True when one root
    /// or one conjugate pair is separated from all others; false when distinct moduli could
    /// not be told apart at the final precision (a genuine tie such as `±2` for `x^2 - 4`,
    /// or a gap below `10^-max_digits`).
    pub settled: bool,
}

/// The dominant roots of `f` (see [`DominantRoots`]); empty and unsettled for constants.
///
/// ```
/// use hanoilab::algebra::{dominant_roots, Poly};
/// let d = dominant_roots(&Poly::from_i64(&[-4, -6, -2, 0, 1]), 10); // Rainbow quartic
/// assert!(d.unique && d.settled);
/// assert!(d.roots[0].to_decimal(4).starts_with("2.3117"));
/// ```
pub fn dominant_roots(f: &Poly, digits: u32) -> DominantRoots {
    let max_digits = (4 * digits).max(200);
    let mut d = digits.max(4);
    loop {
        let rts = roots(f, d);
        if rts.is_empty() {
            return DominantRoots {
                roots: rts,
                unique: false,
                settled: false,
            };
        }
        let bits = d * 4 + 16;
        let bounds: Vec<_> = rts.iter().map(|r| r.modulus_bounds(bits)).collect();
        let best_lo = bounds.iter().map(|b| b.0.clone()).max().expect("non-empty");
        let cand: Vec<usize> = (0..rts.len()).filter(|&i| bounds[i].1 >= best_lo).collect();
        let conj_pair = cand.len() == 2
            && rts[cand[0]].re == rts[cand[1]].re
            && rts[cand[0]].im == -rts[cand[1]].im.clone()
            && rts[cand[0]].radius == rts[cand[1]].radius;
        // A pair is certified exact conjugates by construction (see `certify`); then the
        // tie is exact.
        let settled = cand.len() == 1 || conj_pair;
        if settled || d >= max_digits {
            let roots = cand.iter().map(|&i| rts[i].clone()).collect();
            return DominantRoots {
                roots,
                unique: cand.len() == 1,
                settled,
            };
        }
        d = (2 * d).min(max_digits);
    }
}

/// All rational roots of `f`, exactly, increasing; from the linear factors of the complete
/// factorisation. Empty for non-zero constants.
///
/// # Errors
/// [`FactorError::Zero`] for the zero polynomial (every number is a root).
///
/// ```
/// use hanoilab::algebra::{rational_roots, Poly};
/// use num_rational::BigRational;
/// let r = rational_roots(&Poly::from_i64(&[-3, -1, 2])).unwrap(); // (2x - 3)(x + 1)
/// assert_eq!(r, vec![BigRational::from_integer((-1).into()), BigRational::new(3.into(), 2.into())]);
/// ```
pub fn rational_roots(f: &Poly) -> Result<Vec<BigRational>, FactorError> {
    let fz = factor(f)?;
    let mut out: Vec<BigRational> = fz
        .factors
        .iter()
        .filter(|(g, _)| g.degree() == Some(1))
        .map(|(g, _)| BigRational::new(-g.coeff(0), g.coeff(1)))
        .collect();
    out.sort();
    Ok(out)
}

/// Roots of each irreducible factor: `(factor, multiplicity, roots)` in factor order.
///
/// # Errors
/// [`FactorError::Zero`] for the zero polynomial.
pub fn roots_by_factor(
    f: &Poly,
    digits: u32,
) -> Result<Vec<(Poly, usize, Vec<ComplexRoot>)>, FactorError> {
    Ok(factor(f)?
        .factors
        .into_iter()
        .map(|(g, m)| {
            let r = roots(&g, digits);
            (g, m, r)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::testutil::{rand_poly, Rng};

    #[test]
    fn binomial_evaluation_equals_horner() {
        let mut rng = Rng::new(0xb1e7a);
        for i in 0..200u32 {
            let m = 1 + (i % 16) as usize;
            let mut cs = vec![BigInt::zero(); m + 1];
            cs[0] = rng.big(1 + i % 70);
            cs[m] = rng.big(1 + i % 30) + BigInt::from(1u64 << 40);
            let f = Poly::new(cs);
            let df = f.derivative();
            let w = 20 + i % 150;
            let x = (rng.big(w + 3), rng.big(w + 3));
            let (p, dp) = eval_exact_binomial(f.coeffs(), &x, w);
            assert_eq!(p, eval_exact(f.coeffs(), &x, w), "{f}");
            assert_eq!(dp, eval_exact(df.coeffs(), &x, w), "{f}");
        }
    }

    #[test]
    fn rat_equals_num_rational() {
        // power-of-two denominators (shifted) and others (gcd), of both signs
        let mut rng = Rng::new(0x4a7);
        for i in 0..300u32 {
            let num = rng.big(1 + i % 200);
            let den = if i % 2 == 0 {
                BigInt::one() << (i % 150) as usize
            } else {
                rng.big(1 + i % 90)
            };
            let den = if i % 3 == 0 { -den } else { den };
            if den.is_zero() {
                continue;
            }
            assert_eq!(rat(num.clone(), den.clone()), BigRational::new(num, den));
        }
    }

    #[test]
    fn float_scaling_equals_the_rational_route() {
        // 2^s x rounded half away from zero, from the float's bits and through BigRational
        let mut rng = Rng::new(0xf10a7);
        let mut xs = vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.5,
            -2.5,
            f64::MIN_POSITIVE,
            5e-324,
            1e300,
        ];
        for _ in 0..400 {
            let x = f64::from_bits(rng.next());
            if x.is_finite() {
                xs.push(x);
            }
            xs.push((rng.next() as f64 / u64::MAX as f64 - 0.5) * 1e6);
        }
        for &x in &xs {
            for s in [-2000i64, -1100, -80, -60, -53, -1, 0, 1, 30, 134, 1200] {
                let r = BigRational::from_float(x).unwrap();
                let two = BigRational::from(BigInt::one() << s.unsigned_abs() as usize);
                let r = if s >= 0 { r * two } else { r / two };
                assert_eq!(fx_from_f64_shifted(x, s), r.round().to_integer(), "{x} {s}");
            }
        }
        assert!(fx_from_f64(f64::NAN, 10).is_zero() && fx_from_f64(f64::INFINITY, 10).is_zero());
    }

    /// Each disc of `new` meets exactly one disc of `old`, of the same realness, and is
    /// below the target radius.
    fn same_roots(new: &[ComplexRoot], old: &[ComplexRoot], digits: u32, what: &str) {
        assert_eq!(new.len(), old.len(), "{what}");
        let meet = |a: &ComplexRoot, b: &ComplexRoot| {
            let (x, y) = (&a.re - &b.re, &a.im - &b.im);
            let r = &a.radius + &b.radius;
            &x * &x + &y * &y <= &r * &r
        };
        for z in new {
            let hits: Vec<&ComplexRoot> = old.iter().filter(|o| meet(z, o)).collect();
            assert_eq!(hits.len(), 1, "{what}: {z}");
            assert_eq!(hits[0].is_real(), z.is_real(), "{what}: {z}");
            assert!(z.radius < target_radius(digits), "{what}: {z}");
        }
    }

    #[test]
    fn newton_route_equals_aberth_route() {
        // irreducible factors of random polynomials of degree 1 to 10 and binomials
        // c x^m + d (m to 16): Newton's iteration from the eigenvalues or the binomial's
        // closed form against the Aberth iteration, 5 to 60 digits
        let mut rng = Rng::new(0x4e3770);
        let mut newton = 0;
        for round in 0..80u32 {
            let f = if round % 2 == 0 {
                rand_poly(&mut rng, 1 + round as usize % 10, 2 + round * 7 % 60)
            } else {
                let m = rng.small(1, 16) as usize;
                let mut cs = vec![BigInt::zero(); m + 1];
                cs[0] = BigInt::from(rng.small(-1000, 1000));
                cs[m] = BigInt::from(rng.small(1, 30));
                Poly::new(cs)
            };
            let Ok(fz) = factor(&f) else { continue };
            let digits = 5 + round % 56;
            for (g, _) in &fz.factors {
                let n = g.degree().unwrap();
                let starts = binomial_roots_f64(g).or_else(|| companion_eigenvalues(g).0);
                let (dg, w, t) = (g.derivative(), precision(n, digits), target_radius(digits));
                if starts
                    .and_then(|s| roots_by_newton(g, &dg, &s, w, &t))
                    .is_some()
                {
                    newton += 1;
                }
                let new = roots_squarefree(g, digits, None);
                let old = roots_by_aberth(g, digits, None);
                same_roots(&new, &old, digits, &g.to_string());
            }
        }
        assert!(newton > 80, "{newton}");
    }

    #[test]
    fn sort_equals_root_order() {
        // ties in modulus (conjugates, ±r, roots of x^m - c) and in the real part, exact
        // and dyadic centres: the f64 shortcut orders as the exact comparison
        let mut rng = Rng::new(0x5027);
        for round in 0..40 {
            let mut zs = Vec::new();
            for (g, _) in
                factor(&rand_poly(&mut rng, 1 + round % 6, 8)).map_or(vec![], |f| f.factors)
            {
                zs.extend(roots_near(&g, 10 + round as u32, None));
            }
            for m in [3usize, 4, 6] {
                let mut cs = vec![BigInt::zero(); m + 1];
                cs[0] = BigInt::from(rng.small(-5, 5)) * 2 + 1;
                cs[m] = BigInt::one();
                zs.extend(roots_near(&Poly::new(cs), 20, None));
            }
            zs.push(exact_real(BigRational::from_integer(BigInt::from(
                rng.small(-3, 3),
            ))));
            let mut a = zs.clone();
            sort_roots(&mut a);
            zs.sort_by(root_order);
            assert_eq!(a, zs);
        }
    }

    #[test]
    fn irreducible_route_equals_roots_near() {
        let mut rng = Rng::new(0x1ee);
        for round in 0..30u32 {
            let f = rand_poly(&mut rng, 1 + round as usize % 7, 2 + round * 5 % 90);
            let Ok(fz) = factor(&f) else { continue };
            for (g, _) in &fz.factors {
                assert_eq!(roots_near_irreducible(g, 20, None), roots_near(g, 20, None));
            }
        }
    }

    #[test]
    fn roots_by_factors_equal_one_iteration_on_the_product() {
        // The same roots (each new disc meets exactly one old disc, of the same realness)
        // from the irreducible factors as from one iteration on the square-free product,
        // on random products with repeated factors and clustered small roots.
        let mut rng = Rng::new(0x2007);
        let small = [
            Poly::x(),
            Poly::from_i64(&[1, 1]),
            Poly::from_i64(&[-1, 1]),
            Poly::from_i64(&[1, 0, 1]),
            Poly::from_i64(&[-3, 0, 1]),
            Poly::from_i64(&[2, 0, 0, 1]),
        ];
        for round in 0..24u32 {
            let mut f = Poly::one();
            for _ in 0..1 + round % 4 {
                let g = if rng.next() % 2 == 0 {
                    small[(rng.next() % 6) as usize].clone()
                } else {
                    let deg = 1 + (rng.next() % 5) as usize;
                    rand_poly(&mut rng, deg, 2 + round % 40)
                };
                for _ in 0..1 + rng.next() % 3 {
                    f = &f * &g;
                }
            }
            if f.degree().is_none_or(|d| d == 0) {
                continue;
            }
            let digits = 10 + round % 25;
            let new = roots_near(&f, digits, None);
            let old = roots_squarefree(&squarefree_part(&f), digits, None);
            assert_eq!(new.len(), old.len(), "{f}");
            let meet = |a: &ComplexRoot, b: &ComplexRoot| {
                let (x, y) = (&a.re - &b.re, &a.im - &b.im);
                let r = &a.radius + &b.radius;
                &x * &x + &y * &y <= &r * &r
            };
            for z in &new {
                let hits: Vec<&ComplexRoot> = old.iter().filter(|o| meet(z, o)).collect();
                assert_eq!(hits.len(), 1, "{f}: {z}");
                assert_eq!(hits[0].is_real(), z.is_real());
                assert!(z.radius < BigRational::new(1.into(), BigInt::from(10).pow(digits + 2)));
            }
        }
    }

    fn rainbow() -> Poly {
        // Lunnon, seeds/000_3e39fda85b098e00.txt, "Rainbow Hanoi".
        Poly::from_i64(&[-8, -4, -4, -2, 14, 8, 5, -7, -2, -1, 1])
    }

    /// The decimal string as an integer times 10^-digits.
    fn scaled(s: &str) -> BigInt {
        s.replace('.', "").parse().unwrap()
    }

    /// |p(c)| for the exact centre, as f64, with a scale `Σ|c_k| (|c|+1)^k` to compare to.
    fn residual(p: &Poly, z: &ComplexRoot) -> (f64, f64) {
        let (mut re, mut im) = (BigRational::zero(), BigRational::zero());
        for c in p.coeffs().iter().rev() {
            let r2 = &re * &z.re - &im * &z.im + BigRational::from(c.clone());
            im = &re * &z.im + &im * &z.re;
            re = r2;
        }
        let v = (re.to_f64().unwrap().powi(2) + im.to_f64().unwrap().powi(2)).sqrt();
        let m = z.to_f64().norm() + 1.0;
        let scale: f64 = p
            .coeffs()
            .iter()
            .enumerate()
            .map(|(k, c)| c.to_f64().unwrap().abs() * m.powi(k as i32))
            .sum();
        (v, scale)
    }

    #[test]
    fn cyclic_roots_are_one_plus_minus_sqrt3_to_30_digits() {
        // Independent √3: floor(√(3·10^60)) = ⌊√3 · 10^30⌋.
        let s = (BigInt::from(3) * num_traits::pow(BigInt::from(10), 60)).sqrt();
        let one = num_traits::pow(BigInt::from(10), 30);
        let r = roots(&Poly::from_i64(&[-2, -2, 1]), 30);
        assert_eq!(r.len(), 2);
        assert!(r[0].is_real() && r[1].is_real());
        let hi = scaled(&r[0].to_decimal(30));
        let lo = scaled(&r[1].to_decimal(30));
        assert!((hi - (&one + &s)).abs() <= BigInt::one());
        assert!((lo - (&one - &s)).abs() <= BigInt::one());
        assert!(r[0]
            .to_decimal(30)
            .starts_with("2.73205080756887729352744634150"));
        let rr = real_roots(&Poly::from_i64(&[-2, -2, 1]), 30);
        assert!((scaled(&rr[1].to_decimal(30)) - (&one + &s)).abs() <= BigInt::one());
    }

    #[test]
    fn rainbow_growth_is_the_quartic_dominant_root() {
        let by = roots_by_factor(&rainbow(), 30).unwrap();
        let quartic = Poly::from_i64(&[-4, -6, -2, 0, 1]);
        let (g, _, r) = by
            .iter()
            .find(|(_, _, r)| r.iter().any(|z| z.to_decimal(4) == "2.3117"))
            .unwrap();
        assert_eq!(g, &quartic);
        let d = dominant_roots(&rainbow(), 30);
        assert!(d.unique && d.settled && d.roots[0].is_real());
        assert_eq!(d.roots[0].to_decimal(30), r[0].to_decimal(30));
        // Lunnon (seeds/000, "Rainbow Hanoi"): DDD(n) ~ 0.6576 (2.3117...)^n.
        let s = d.roots[0].to_decimal(30);
        println!("Rainbow growth rate: {s}");
        assert!(s.starts_with("2.3117"));
        // Second route: Sturm isolation + bisection on the quartic alone.
        let rr = real_roots(&quartic, 30);
        assert_eq!(rr.last().unwrap().to_decimal(29), d.roots[0].to_decimal(29));
        assert_eq!(s.len(), 32);
    }

    #[test]
    fn roots_of_random_polynomials_are_certified_and_complete() {
        let mut rng = Rng::new(11);
        for t in 0..40 {
            let deg = 1 + t % 12;
            let p = rand_poly(&mut rng, deg, 8 + (t as u32 % 3) * 30);
            if p.degree().is_none_or(|d| d == 0) {
                continue;
            }
            let sf = squarefree_part(&p);
            let r = roots(&p, 15);
            assert_eq!(Some(r.len()), sf.degree(), "{p}");
            for z in &r {
                let (v, scale) = residual(&sf, z);
                assert!(v <= 1e-14 * scale, "{p}: residual {v} at {z}");
                assert!(
                    z.radius < BigRational::new(1.into(), num_traits::pow(BigInt::from(10), 17))
                );
            }
            let real: Vec<_> = r.iter().filter(|z| z.is_real()).collect();
            let rr = real_roots(&p, 15);
            assert_eq!(real.len(), rr.len(), "{p}");
            // Same real roots by both routes: the intervals meet the discs.
            let mut sorted = real.clone();
            sorted.sort_by(|a, b| a.re.cmp(&b.re));
            for (a, b) in sorted.iter().zip(&rr) {
                assert!((&a.re - &b.re).abs() <= &a.radius + &b.radius);
            }
            // Non-real roots come in exact conjugate pairs.
            for z in r.iter().filter(|z| !z.is_real()) {
                assert!(r.iter().any(|w| w.re == z.re && w.im == -z.im.clone()));
            }
            assert!(r.windows(2).all(|w| root_order(&w[0], &w[1]).is_lt()));
        }
    }

    #[test]
    fn wilkinson_and_repeated_roots() {
        let w = (1..=20).fold(Poly::one(), |a, k| &a * &Poly::from_i64(&[-k, 1]));
        let r = roots(&w, 10);
        assert_eq!(r.len(), 20);
        for (z, k) in r.iter().zip((1..=20).rev()) {
            assert!(z.is_real());
            assert_eq!(z.to_decimal(10), format!("{k}.0000000000"));
        }
        let q = rational_roots(&w).unwrap();
        assert_eq!(
            q,
            (1..=20)
                .map(|k| BigRational::from_integer(k.into()))
                .collect::<Vec<_>>()
        );
        // (x - 1)^3 (x^2 + 1): three distinct roots, i and -i exact conjugates.
        let x1 = Poly::from_i64(&[-1, 1]);
        let p = &(&(&x1 * &x1) * &x1) * &Poly::from_i64(&[1, 0, 1]);
        let r = roots(&p, 20);
        assert_eq!(r.len(), 3);
        assert_eq!(r.iter().filter(|z| z.is_real()).count(), 1);
        assert_eq!(real_roots(&p, 20).len(), 1);
        assert_eq!(real_roots(&p, 20)[0].radius, BigRational::zero()); // found exactly
    }

    #[test]
    fn dominant_ties_are_reported_honestly() {
        let d = dominant_roots(&Poly::from_i64(&[1, 0, 1]), 10); // ±i: a conjugate pair
        assert!(d.settled && !d.unique && d.roots.len() == 2);
        let d = dominant_roots(&Poly::from_i64(&[-4, 0, 1]), 5); // ±2: a genuine real tie
        assert!(!d.settled && !d.unique && d.roots.len() == 2);
        let d = dominant_roots(&Poly::from_i64(&[-2, 0, -3, 0, 0, 1]), 10);
        assert!(d.settled);
    }

    #[test]
    fn degenerate_inputs() {
        assert!(roots(&Poly::from_i64(&[5]), 10).is_empty());
        assert!(roots(&Poly::zero(), 10).is_empty());
        assert!(real_roots(&Poly::from_i64(&[5]), 10).is_empty());
        assert!(rational_roots(&Poly::zero()).is_err());
        assert!(rational_roots(&Poly::from_i64(&[3])).unwrap().is_empty());
        let d = dominant_roots(&Poly::one(), 10);
        assert!(d.roots.is_empty() && !d.settled);
        // Large coefficients and a degree-40 polynomial.
        let mut rng = Rng::new(12);
        let p = rand_poly(&mut rng, 40, 100);
        assert_eq!(roots(&p, 20).len(), 40);
    }

    #[test]
    fn clustered_roots_of_a_mignotte_polynomial() {
        // Mignotte: x^12 - 2(50x - 1)^2 has two real roots within ~2·50^-13 of 1/50.
        let m = &Poly::monomial(BigInt::one(), 12) - &Poly::from_i64(&[2, -200, 5000]);
        let r = roots(&m, 40);
        assert_eq!(r.len(), 12);
        let near: Vec<_> = r.iter().filter(|z| z.to_decimal(6) == "0.020000").collect();
        assert_eq!(near.len(), 2);
        assert!(near.iter().all(|z| z.is_real()));
        assert_eq!(
            real_roots(&m, 40).len(),
            r.iter().filter(|z| z.is_real()).count()
        );
    }

    #[test]
    fn huge_roots_beyond_f64() {
        // x^2 - 10^400: f64 guesses overflow, roots ±10^200.
        let big = num_traits::pow(BigInt::from(10), 400);
        let r = roots(&Poly::new(vec![-big, 0.into(), 1.into()]), 5);
        assert_eq!(r.len(), 2);
        for z in &r {
            let v = z.re().round().to_integer();
            assert_eq!(v.abs(), num_traits::pow(BigInt::from(10), 200));
        }
        assert_ne!(r[0].re().is_negative(), r[1].re().is_negative());
    }

    #[test]
    fn roots_of_unity() {
        // x^30 - 1: 2 real roots, 14 conjugate pairs, all of modulus 1.
        let r = roots(&(&Poly::monomial(BigInt::one(), 30) - &Poly::one()), 20);
        assert_eq!(r.len(), 30);
        assert_eq!(r.iter().filter(|z| z.is_real()).count(), 2);
        let d = dominant_roots(&(&Poly::monomial(BigInt::one(), 30) - &Poly::one()), 5);
        assert!(!d.settled && d.roots.len() == 30);
    }

    #[test]
    fn decimal_formatting() {
        let z = ComplexRoot {
            re: BigRational::new((-3).into(), 2.into()),
            im: BigRational::new((-1).into(), 4.into()),
            radius: BigRational::new(1.into(), 1000.into()),
            real: false,
        };
        assert_eq!(z.certified_digits(), 2);
        assert_eq!(z.to_decimal(10), "-1.50 - 0.25i");
        assert_eq!(
            fixed(
                &BigRational::new((-1).into(), 1000.into()),
                2,
                HalfAwayFromZero
            ),
            "0.00"
        );
        assert_eq!(
            fixed(&BigRational::new(7.into(), 8.into()), 2, HalfAwayFromZero),
            "0.88"
        );
        // Straddling a rounding boundary (1.125 ± 0.001 at 2 decimals): no certified rounding.
        let b = ComplexRoot {
            re: BigRational::new(9.into(), 8.into()),
            im: BigRational::zero(),
            radius: BigRational::new(1.into(), 1000.into()),
            real: true,
        };
        assert_eq!(b.try_correctly_rounded(2), None);
        assert_eq!(b.try_correctly_rounded(1).as_deref(), Some("1.1"));
        assert_eq!(z.try_correctly_rounded(1), None); // im 0.25 ± 0.001
        assert_eq!(z.try_correctly_rounded(2).as_deref(), Some("-1.50 - 0.25i"));
    }

    #[test]
    fn quadratic_formula_route_agrees_with_the_iteration() {
        // The same quadratics scaled to beyond 64 bits (roots unchanged by the scaling)
        // take the formula; unscaled they take the iteration. Centres within both radii.
        let big = BigInt::from(10).pow(30) + 7;
        for (a, b, c) in [(1, -2, -2), (3, 1, 5), (2, 0, -7), (1, -1, -1), (5, 3, -11)] {
            let small = Poly::from_i64(&[c, b, a]);
            let scaled = Poly::new(small.coeffs().iter().map(|v| v * &big).collect());
            let r1 = roots(&small, 25);
            let r2 = roots(&scaled, 25);
            assert_eq!(r1.len(), r2.len());
            // each root of one list in a disc meeting a disc of the other (the order of
            // roots of equal modulus depends on the centres' last bits)
            for x in &r1 {
                let meets = r2.iter().any(|y| {
                    let (dx, dy) = (x.re() - y.re(), x.im() - y.im());
                    let rr = x.radius() + y.radius();
                    x.is_real() == y.is_real() && &dx * &dx + &dy * &dy <= &rr * &rr
                });
                assert!(meets, "{small}: {x} not among {r2:?}");
            }
        }
        // rational roots stay exact: (x - 10^30)(2x + 3)
        let p =
            &Poly::new(vec![-BigInt::from(10).pow(30), BigInt::from(1)]) * &Poly::from_i64(&[3, 2]);
        let r = roots(&p, 10);
        assert!(r.iter().all(|z| z.radius().is_zero()));
        assert_eq!(r[0].re(), &BigRational::from(BigInt::from(10).pow(30)));
    }
}

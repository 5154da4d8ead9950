//! Timings of the heavy algebra, for `cargo test --release --lib algebra::bench -- --ignored`.

use super::modp::SplitMix;
use super::{factor, real_roots, Poly, ZMatrix};
use num_bigint::BigInt;
use std::time::{Duration, Instant};

/// A deterministic pseudo-random polynomial: degree `deg`, positive leading coefficient,
/// coefficients of about `bits` bits.
pub fn random_poly(seed: u64, deg: usize, bits: u32) -> Poly {
    let mut rng = SplitMix(seed);
    let mut coeffs = Vec::with_capacity(deg + 1);
    for k in 0..=deg {
        let mut c = BigInt::from(0);
        let mut left = bits;
        while left > 0 {
            let take = left.min(32);
            c = (c << take) + BigInt::from(rng.next() >> (64 - take));
            left -= take;
        }
        let c = if k < deg && rng.next() & 1 == 1 {
            -c
        } else {
            c + 1
        };
        coeffs.push(c);
    }
    Poly::new(coeffs)
}

/// Factors a product of 5 pseudo-random degree-8 polynomials with 100-bit (~30-digit)
/// coefficients (degree 40, ~150-digit coefficients) and returns the time taken.
///
/// # Panics
/// If the factorisation does not recover the 5 factors.
pub fn bench_factor_degree40() -> Duration {
    bench_factor_product(5, 8, 100, 40)
}

/// Factors a product of `k` pseudo-random polynomials of degree `deg` with `bits`-bit
/// coefficients, seeds from `seed`; returns the time of the factorisation alone.
///
/// # Panics
/// If the factorisation does not multiply back, or finds fewer than `k` factors.
pub fn bench_factor_product(k: usize, deg: usize, bits: u32, seed: u64) -> Duration {
    let f = (0..k as u64).fold(Poly::one(), |a, i| &a * &random_poly(seed + i, deg, bits));
    let t = Instant::now();
    let fz = factor(&f).expect("non-zero");
    let el = t.elapsed();
    assert_eq!(fz.expand(), f);
    assert!(fz.factors.len() >= k);
    el
}

/// Certified complex roots (`digits` decimals) of a pseudo-random polynomial of degree
/// `deg` with `bits`-bit coefficients; returns the time taken.
///
/// # Panics
/// If fewer than `deg` roots come back (the polynomial is square-free for the seeds used).
pub fn bench_roots(deg: usize, bits: u32, digits: u32) -> Duration {
    let f = random_poly(deg as u64 * 1000 + bits as u64, deg, bits);
    let t = Instant::now();
    // not `roots`, which remembers the polynomials it has seen
    let r = super::roots::roots_near(&f, digits, None);
    let el = t.elapsed();
    assert_eq!(r.len(), deg);
    el
}

/// Real-root isolation and refinement (Sturm) of the same polynomial as [`bench_roots`].
pub fn bench_real_roots(deg: usize, bits: u32, digits: u32) -> Duration {
    let f = random_poly(deg as u64 * 1000 + bits as u64, deg, bits);
    let t = Instant::now();
    let _ = real_roots(&f, digits);
    t.elapsed()
}

/// Factorisation of `g^2 h` for pseudo-random `g`, `h` of degree `deg` (`bits`-bit
/// coefficients): exercises the square-free decomposition with a non-trivial gcd.
pub fn bench_factor_repeated(deg: usize, bits: u32) -> Duration {
    let g = random_poly(1, deg, bits);
    let h = random_poly(2, deg, bits);
    let f = &(&g * &g) * &h;
    let t = Instant::now();
    let fz = factor(&f).expect("non-zero");
    let el = t.elapsed();
    assert_eq!(fz.expand(), f);
    el
}

/// A deterministic pseudo-random `n x n` matrix with entries in `0..1000` (the "user's
/// matrix" of issue 18).
pub fn random_matrix(n: usize, seed: u64) -> ZMatrix {
    let mut rng = SplitMix(seed);
    let rows: Vec<Vec<BigInt>> = (0..n)
        .map(|_| (0..n).map(|_| BigInt::from(rng.next() % 1000)).collect())
        .collect();
    ZMatrix::from_rows(rows).expect("rectangular")
}

/// Times of the phases of the spectrum summary of a matrix (`matrix FILE --no-analysis`).
#[derive(Clone, Debug)]
pub struct MatrixPhases {
    /// Dimension.
    pub n: usize,
    /// [`ZMatrix::charpoly`] (the route it picks).
    pub charpoly: Duration,
    /// [`ZMatrix::charpoly_berkowitz`], when measured (small `n` only: it is `O(n^4)`).
    pub berkowitz: Option<Duration>,
    /// [`ZMatrix::minimal_polynomial`].
    pub minimal_polynomial: Duration,
    /// [`factor()`] of the characteristic polynomial.
    pub factor: Duration,
    /// Certified roots of every irreducible factor, started from the matrix's eigenvalues
    /// (as in [`crate::algebra::MatrixSummary`]).
    pub roots: Duration,
    /// Number of irreducible factors.
    pub factors: usize,
}

/// Times each phase of [`crate::algebra::MatrixSummary::new`] on [`random_matrix`]`(n, seed)`
/// at `digits` decimals; Berkowitz too when `with_berkowitz`.
///
/// # Panics
/// If the two characteristic polynomial routes disagree (a bug).
pub fn bench_matrix_phases(n: usize, seed: u64, digits: u32, with_berkowitz: bool) -> MatrixPhases {
    let m = random_matrix(n, seed);
    let t = Instant::now();
    let c = m.charpoly().expect("square");
    let charpoly = t.elapsed();
    let berkowitz = with_berkowitz.then(|| {
        let t = Instant::now();
        let b = m.charpoly_berkowitz().expect("square");
        let el = t.elapsed();
        assert_eq!(b, c);
        el
    });
    let t = Instant::now();
    let _ = m.minimal_polynomial().expect("square");
    let minimal_polynomial = t.elapsed();
    let t = Instant::now();
    let fz = factor(&c).expect("monic");
    let factor_t = t.elapsed();
    // as MatrixSummary does: the matrix's eigenvalues in f64 as starting points
    let t = Instant::now();
    let guesses = super::roots::matrix_eigenvalues_f64(&m);
    for (g, _) in &fz.factors {
        let _ = super::roots::roots_near_irreducible(g, digits, guesses.as_deref());
    }
    let roots_t = t.elapsed();
    MatrixPhases {
        n,
        charpoly,
        berkowitz,
        minimal_polynomial,
        factor: factor_t,
        roots: roots_t,
        factors: fz.factors.len(),
    }
}

/// Mean time of `f` over repetitions filling at least `budget` (at least one run), as the
/// peers are timed (PARI: `getabstime()` around a loop; FLINT: `time.perf_counter()`).
pub fn mean_time(budget: Duration, mut f: impl FnMut()) -> Duration {
    let t = Instant::now();
    let mut runs = 0u32;
    while runs == 0 || t.elapsed() < budget {
        f();
        runs += 1;
    }
    t.elapsed() / runs
}

/// Mean time of the complete factorisation of `f` over Q (see [`mean_time`]).
pub fn time_factor(f: &Poly, budget: Duration) -> Duration {
    mean_time(budget, || {
        let _ = factor(f);
    })
}

/// Mean time of the certified complex roots of `f` to `digits` decimals, recomputed every
/// time (not from the memo of [`super::roots()`]).
pub fn time_roots(f: &Poly, digits: u32, budget: Duration) -> Duration {
    mean_time(budget, || {
        let _ = super::roots::roots_near(f, digits, None);
    })
}

/// The degree-40 product of [`bench_factor_degree40`] (5 pseudo-random degree-8 factors,
/// 100-bit coefficients).
pub fn degree40_product() -> Poly {
    (0..5u64).fold(Poly::one(), |a, i| &a * &random_poly(40 + i, 8, 100))
}

/// The polynomial of [`bench_roots`]`(deg, bits, _)`.
pub fn roots_case(deg: usize, bits: u32) -> Poly {
    random_poly(deg as u64 * 1000 + bits as u64, deg, bits)
}

/// `f` in PARI/GP and Python syntax: `(c0) + (c1)*x + ...`.
pub fn peer_syntax(f: &Poly) -> String {
    let terms: Vec<String> = f
        .coeffs()
        .iter()
        .enumerate()
        .map(|(k, c)| format!("({c})*x^{k}"))
        .collect();
    if terms.is_empty() {
        "0".into()
    } else {
        terms.join(" + ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[ignore = "benchmark: run with --release -- --ignored --nocapture"]
    fn print_factor_timings() {
        println!(
            "factor degree 40 (5 x deg 8, 100-bit): {:?}",
            bench_factor_degree40()
        );
        println!(
            "factor degree 60 (6 x deg 10, 100-bit): {:?}",
            bench_factor_product(6, 10, 100, 60)
        );
        println!(
            "factor degree 60 (20 x deg 3, 30-bit): {:?}",
            bench_factor_product(20, 3, 30, 7)
        );
        println!(
            "factor degree 48 (2 x deg 24, 200-bit): {:?}",
            bench_factor_product(2, 24, 200, 9)
        );
        let r = bench_factor_repeated(15, 100);
        println!("factor g^2 h, deg g = deg h = 15, 100-bit: {r:?}");
    }

    #[test]
    #[ignore = "benchmark: run with --release -- --ignored --nocapture"]
    fn print_root_timings() {
        println!("roots degree 10, 30 digits: {:?}", bench_roots(10, 30, 30));
        println!(
            "roots degree 40, 100-bit, 30 digits: {:?}",
            bench_roots(40, 100, 30)
        );
        println!(
            "roots degree 60, 100-bit, 30 digits: {:?}",
            bench_roots(60, 100, 30)
        );
        println!(
            "real roots degree 40, 100-bit, 30 digits: {:?}",
            bench_real_roots(40, 100, 30)
        );
    }
}

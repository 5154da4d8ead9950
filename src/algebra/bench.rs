//! Timings of the heavy algebra, for `cargo test --release --lib algebra::bench -- --ignored`.

use super::modp::SplitMix;
use super::{factor, Poly};
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
    }
}

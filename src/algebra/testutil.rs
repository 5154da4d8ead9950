//! Deterministic pseudo-random inputs for the algebra tests.

use super::modp::SplitMix;
use super::{Poly, ZMatrix};
use num_bigint::BigInt;

/// SplitMix64 (the factoriser's own generator): tiny, seeded, reproducible.
pub struct Rng(SplitMix);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix(seed))
    }

    pub fn next(&mut self) -> u64 {
        self.0.next()
    }

    /// Uniform in `lo..=hi`.
    pub fn small(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % ((hi - lo + 1) as u64)) as i64
    }

    /// An `n x n` matrix of entries uniform in `lo..=hi`.
    pub fn matrix(&mut self, n: usize, lo: i64, hi: i64) -> ZMatrix {
        let rows: Vec<Vec<i64>> = (0..n)
            .map(|_| (0..n).map(|_| self.small(lo, hi)).collect())
            .collect();
        ZMatrix::from_i64(&rows).unwrap()
    }

    /// Uniform in `-2^(bits-1) .. 2^(bits-1)` roughly, as a big integer.
    pub fn big(&mut self, bits: u32) -> BigInt {
        let mut v = BigInt::from(0);
        let mut left = bits;
        while left > 0 {
            let take = left.min(32);
            v = (v << take) + BigInt::from(self.next() >> (64 - take));
            left -= take;
        }
        v - (BigInt::from(1) << (bits.max(1) - 1))
    }
}

/// A random polynomial of degree at most `deg` with coefficients of about `bits` bits.
pub fn rand_poly(rng: &mut Rng, deg: usize, bits: u32) -> Poly {
    Poly::new((0..=deg).map(|_| rng.big(bits)).collect())
}

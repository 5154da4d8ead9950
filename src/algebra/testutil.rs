//! Deterministic pseudo-random inputs for the algebra tests.

use super::Poly;
use num_bigint::BigInt;

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, seeded, reproducible.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
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

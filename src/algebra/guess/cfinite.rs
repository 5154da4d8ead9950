//! The minimal linear recurrence with constant coefficients of a list of integer terms,
//! found modulo primes and lifted to Z, then checked exactly on every term.
//!
//! Berlekamp–Massey modulo a 31-bit prime gives the linear complexity `L` and the connection
//! polynomial mod p in `O(N^2)` word operations; the coefficients are lifted by the Chinese
//! remainder theorem until two successive primes agree, and the lifted recurrence is then
//! checked exactly over Z on all `N` terms. A check that passes is a proof: if the terms obey
//! an integer monic recurrence of order `L` with `N >= 2L`, and a shorter rational one existed,
//! the two would generate one infinite sequence (`N >= L + L'`, Massey 1969, Theorem 2), whose
//! minimal polynomial divides the integer one and so is integral (Gauss's lemma) and would
//! reduce modulo p to a recurrence shorter than the complexity mod p. So the result is the
//! minimal recurrence over Q, exactly, and no rational arithmetic on the big terms is done.
//! When the lift fails (the minimal recurrence is not integral, or its coefficients are
//! larger than the primes tried) the exact Berlekamp–Massey over Q of
//! [`crate::algebra::minimal_recurrence_bounded`] decides.
//!
//! A factor `E^k` of the minimal polynomial stands for `k` irregular first terms: the reduced
//! recurrence of order `d` then holds from `n = n0 + k + d` on, and from no earlier `n`
//! (else `E^(k-1)` would do).
//!
//! Sources: J. L. Massey, *Shift-register synthesis and BCH decoding*, IEEE Trans. Inf. Theory
//! 15 (1969) 122–127; Fatou's lemma for the integrality of rational generating functions with
//! integer coefficients (Stanley, *Enumerative Combinatorics I*, Exercise 4.3).

use super::modular::{lift_symmetric, residues, PRIMES_TRIED};
use crate::algebra::charpoly_modular::primes;
use crate::algebra::error::AlgebraError;
use crate::algebra::poly::Poly;
use crate::algebra::recurrence::{minimal_recurrence_bounded, Recurrence};
use num_bigint::BigInt;
use num_traits::{One, Zero};

/// Berlekamp–Massey modulo `p` on `s` (residues): `(L, c)` with `c = [1, c_1, ..., c_L]` and
/// `s(n) + c_1 s(n-1) + ... + c_L s(n-L) = 0 (mod p)` for `L <= n < s.len()`.
pub(crate) fn berlekamp_massey_mod(s: &[u64], p: u64) -> (usize, Vec<u64>) {
    let mut c: Vec<u64> = vec![1];
    let mut b: Vec<u64> = vec![1];
    let (mut l, mut m, mut bd) = (0usize, 1usize, 1u64);
    for n in 0..s.len() {
        let mut disc = s[n];
        for i in 1..=l.min(c.len() - 1) {
            disc = (disc + c[i] * s[n - i]) % p;
        }
        if disc == 0 {
            m += 1;
            continue;
        }
        let f = disc * inv_mod(bd, p) % p;
        let old = c.clone();
        if c.len() < b.len() + m {
            c.resize(b.len() + m, 0);
        }
        for (i, &bi) in b.iter().enumerate() {
            if bi != 0 {
                c[i + m] = (c[i + m] + p - f * bi % p) % p;
            }
        }
        if 2 * l <= n {
            l = n + 1 - l;
            b = old;
            bd = disc;
            m = 1;
        } else {
            m += 1;
        }
    }
    c.resize(l + 1, 0);
    (l, c)
}

pub(crate) fn inv_mod(a: u64, p: u64) -> u64 {
    crate::algebra::modp::inv(a % p, p)
}

/// The linear complexity of `terms`: the largest over two primes (a prime can only make it
/// smaller, when it divides a Hankel determinant).
pub(crate) fn linear_complexity(terms: &[BigInt]) -> usize {
    primes()
        .take(2)
        .map(|p| berlekamp_massey_mod(&residues(terms, p), p).0)
        .max()
        .unwrap_or(0)
}

/// The minimal recurrence of `terms` (exact, see the module documentation), given its
/// linear complexity `l` modulo primes ([`linear_complexity`]).
///
/// # Errors
/// [`AlgebraError::SequenceTooShort`] when `terms` cannot determine it (`2L > N`),
/// [`AlgebraError::NonIntegerRecurrence`] when the minimal recurrence is not integral.
pub(crate) fn minimal_recurrence_modular(
    terms: &[BigInt],
    l: usize,
) -> Result<Recurrence, AlgebraError> {
    let n = terms.len();
    if 2 * l > n {
        return Err(AlgebraError::SequenceTooShort {
            given: n,
            needed: 2 * l,
        });
    }
    if l == 0 {
        return Ok(Recurrence::from_poly(Poly::one()).expect("monic"));
    }
    let mut lifted: Option<(Vec<BigInt>, BigInt)> = None;
    let mut previous: Option<Vec<BigInt>> = None;
    for p in primes().take(PRIMES_TRIED) {
        let (lp, c) = berlekamp_massey_mod(&residues(terms, p), p);
        if lp != l {
            continue; // an unlucky prime: a Hankel determinant vanishes mod p
        }
        let (acc, modulus) = lifted.get_or_insert_with(|| (vec![BigInt::zero(); l], BigInt::one()));
        let residues_c: Vec<u64> = c[1..].to_vec();
        lift_symmetric(acc, modulus, &residues_c, p);
        let now = acc.clone();
        if previous.as_ref() == Some(&now) {
            // c_i of the connection polynomial: E^L + c_1 E^(L-1) + ... + c_L
            let coeffs: Vec<BigInt> = (0..=l)
                .map(|j| {
                    if j == l {
                        BigInt::one()
                    } else {
                        now[l - 1 - j].clone()
                    }
                })
                .collect();
            let rec = Recurrence::from_poly(Poly::new(coeffs)).expect("monic");
            if rec.first_violation(terms).is_none() {
                return Ok(rec);
            }
        }
        previous = Some(now);
    }
    minimal_recurrence_bounded(terms, l)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::minimal_recurrence;

    fn big(v: &[i64]) -> Vec<BigInt> {
        v.iter().map(|&x| BigInt::from(x)).collect()
    }

    #[test]
    fn modular_and_rational_berlekamp_massey_agree() {
        // Random integer recurrences of orders 1..8 with coefficients in -5..5, random
        // starts: the lifted recurrence equals the exact rational one.
        let mut s = 7u64;
        let mut next = || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 33) % 11) as i64 - 5
        };
        for order in 1..=8usize {
            let c: Vec<i64> = (0..order).map(|_| next()).collect();
            let mut t: Vec<BigInt> = (0..order).map(|_| BigInt::from(next() * 1000)).collect();
            for i in order..3 * order + 6 {
                let v: BigInt = (0..order).map(|j| c[j] * &t[i - 1 - j]).sum();
                t.push(v);
            }
            let exact = minimal_recurrence(&t).unwrap();
            let modular = minimal_recurrence_modular(&t, linear_complexity(&t)).unwrap();
            assert_eq!(exact, modular, "order {order}");
        }
    }

    #[test]
    fn large_coefficients_are_lifted_over_several_primes() {
        // s(n+1) = (10^30 + 7) s(n) - 3 s(n-1): the coefficient exceeds one prime.
        let a = BigInt::from(10).pow(30) + 7;
        let mut t = big(&[1, 2]);
        for i in 2..12 {
            let v = &a * &t[i - 1] - 3 * &t[i - 2];
            t.push(v);
        }
        let r = minimal_recurrence_modular(&t, linear_complexity(&t)).unwrap();
        assert_eq!(r.coefficients(), vec![a, BigInt::from(-3)]);
    }

    #[test]
    fn transients_and_non_integral_minimal_recurrences() {
        // 5, then 2^n: E (E - 2)
        let t = big(&[5, 2, 4, 8, 16, 32, 64]);
        assert_eq!(
            minimal_recurrence_modular(&t, linear_complexity(&t))
                .unwrap()
                .poly(),
            &Poly::from_i64(&[0, -2, 1])
        );
        // 2 s(n+1) = s(n) on 8, 4, 2, 1 and then 1 (a rational shortest recurrence: fails
        // the lift, the exact route reports it)
        let h = big(&[16, 8, 4, 2, 1]);
        assert!(matches!(
            minimal_recurrence_modular(&h, linear_complexity(&h)),
            Err(AlgebraError::NonIntegerRecurrence(_))
        ));
        // too short to determine
        assert!(matches!(
            minimal_recurrence_modular(&big(&[1, 5, 2]), 2),
            Err(AlgebraError::SequenceTooShort { .. })
        ));
    }
}

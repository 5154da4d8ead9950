//! Residues of big integers modulo word-size primes and the Chinese-remainder lift to
//! symmetric representatives (Garner's method, one prime at a time).

use num_bigint::BigInt;
use num_traits::ToPrimitive;

/// How many primes a lift tries before handing over to exact rational arithmetic: about
/// 2,000 bits of coefficient, far beyond any recurrence the guesser is meant for.
pub(crate) const PRIMES_TRIED: usize = 64;

/// `v mod p` in `0..p`.
pub(crate) fn residue(v: &BigInt, p: u64) -> u64 {
    let r = (v % p).to_i64().expect("a residue is below p");
    if r < 0 {
        (r + p as i64) as u64
    } else {
        r as u64
    }
}

/// Every term modulo `p`.
pub(crate) fn residues(terms: &[BigInt], p: u64) -> Vec<u64> {
    terms.iter().map(|t| residue(t, p)).collect()
}

/// One Garner step: `acc` (symmetric representatives modulo `modulus`) becomes the
/// symmetric representatives modulo `modulus * p` that are `r` modulo `p`.
pub(crate) fn lift_symmetric(acc: &mut [BigInt], modulus: &mut BigInt, r: &[u64], p: u64) {
    let minv = crate::algebra::modp::inv(residue(modulus, p), p);
    let next = &*modulus * p;
    let half: BigInt = &next >> 1u32;
    for (a, &ri) in acc.iter_mut().zip(r) {
        let cur = residue(a, p);
        let t = (ri + p - cur) % p * minv % p;
        if t != 0 {
            *a += &*modulus * t;
        }
        if *a > half {
            *a -= &next;
        }
    }
    *modulus = next;
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Zero;

    #[test]
    fn residues_and_lift() {
        assert_eq!(residue(&BigInt::from(-1), 7), 6);
        assert_eq!(residue(&BigInt::from(15), 7), 1);
        let target = [BigInt::from(-123_456_789_012_345_678i64), BigInt::from(42)];
        let mut acc = vec![BigInt::zero(); 2];
        let mut m = BigInt::from(1);
        for p in crate::algebra::charpoly_modular::primes().take(2) {
            let r: Vec<u64> = target.iter().map(|t| residue(t, p)).collect();
            lift_symmetric(&mut acc, &mut m, &r, p);
        }
        assert_eq!(acc, target);
    }
}

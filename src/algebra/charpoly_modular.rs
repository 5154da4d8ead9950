//! Characteristic polynomials of integer matrices by Hessenberg reduction modulo many word
//! primes and Chinese remaindering, with a Hadamard-type bound on the coefficients deciding
//! how many primes are enough (so the result is exact, not probabilistic).
//!
//! Why: Berkowitz over Z ([`ZMatrix::charpoly_berkowitz`]) costs `O(n^4)` big-integer
//! operations whose operands grow to the size of the answer; a random 30 x 30 matrix took
//! seconds and 100 x 100 minutes. Mod a word prime the reduction is `O(n^3)` machine
//! operations, and the number of primes is proportional to the size of the answer.
//!
//! Source: Cohen, *A Course in Computational Algebraic Number Theory*, Algorithm 2.2.9
//! (Hessenberg charpoly), applied over Z/p; bound: the coefficient of `x^(n-k)` is a sum of
//! `C(n, k)` principal `k x k` minors, each at most the product of its rows' Euclidean norms
//! (Hadamard's inequality).

use super::ZMatrix;
use crate::algebra::Poly;
use num_bigint::{BigInt, Sign};
use num_traits::{One, Signed, ToPrimitive, Zero};

/// Primes just below 2^31, descending: products of two residues fit in `u64`. The first
/// 64 are found once per process (a modular gcd of two small polynomials needs two or
/// three primes, and finding each took a dozen Miller–Rabin tests: most of its time).
pub(crate) fn primes() -> impl Iterator<Item = u64> {
    fn search(below: u64) -> impl Iterator<Item = u64> {
        ((1u64 << 30)..below)
            .rev()
            .filter(|&p| p % 2 == 1)
            .filter(|&p| is_prime(p))
    }
    static FIRST: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    let first = FIRST.get_or_init(|| search(1u64 << 31).take(64).collect());
    let last = *first.last().expect("64 primes below 2^31");
    first.iter().copied().chain(search(last))
}

/// Deterministic Miller–Rabin for `n < 3.4 * 10^14` (bases 2, 3, 5, 7, 11, 13, 17:
/// Jaeschke 1993), far beyond the 2^31 used here; trial division would cost more than the
/// reduction itself.
pub(crate) fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for q in [2u64, 3, 5, 7, 11, 13, 17] {
        if n % q == 0 {
            return n == q;
        }
    }
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    'witness: for a in [2u64, 3, 5, 7, 11, 13, 17] {
        let mut x = powmod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = ((x as u128 * x as u128) % n as u128) as u64;
            if x == n - 1 {
                continue 'witness;
            }
        }
        return false;
    }
    true
}

fn powmod(b: u64, mut e: u64, p: u64) -> u64 {
    let (mut r, mut b) = (1u128, b as u128 % p as u128);
    let p = p as u128;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % p;
        }
        b = b * b % p;
        e >>= 1;
    }
    r as u64
}

/// A bound `B` with `|c_k| <= B` for every coefficient of `det(xI - M)`.
pub(crate) fn coefficient_bound(m: &ZMatrix) -> BigInt {
    let n = m.rows();
    // Upper bounds on the rows' Euclidean norms, at least 1 (a zero row only makes minors 0).
    let mut norms: Vec<BigInt> = (0..n)
        .map(|i| {
            let s: BigInt = (0..n).map(|j| m.get(i, j) * m.get(i, j)).sum();
            (s.sqrt() + 1u32).max(BigInt::one())
        })
        .collect();
    norms.sort_by(|a, b| b.cmp(a));
    let mut best = BigInt::one();
    let mut prod = BigInt::one();
    let mut binom = BigInt::one();
    for k in 1..=n {
        prod *= &norms[k - 1];
        binom = binom * BigInt::from(n - k + 1) / BigInt::from(k);
        let b = &binom * &prod;
        if b > best {
            best = b;
        }
    }
    best
}

fn mulmod(a: u64, b: u64, p: u64) -> u64 {
    a * b % p
}

fn inv(a: u64, p: u64) -> u64 {
    powmod(a, p - 2, p)
}

/// Swaps rows `i` and `m`, then columns `i` and `m`, of the `n x n` row-major matrix `a`: the
/// pivoting similarity of the Hessenberg reduction, one helper for the rational
/// ([`super::QMatrix::charpoly_hessenberg`]) and the modular characteristic polynomial.
pub(crate) fn swap_row_and_column<T>(a: &mut [T], n: usize, i: usize, m: usize) {
    for j in 0..n {
        a.swap(i * n + j, m * n + j);
    }
    for j in 0..n {
        a.swap(j * n + i, j * n + m);
    }
}

/// `det(xI - A)` over Z/p for the `n x n` matrix `a` (row-major, residues), lowest degree
/// first, by similarity to upper Hessenberg form.
pub(crate) fn charpoly_mod(mut a: Vec<u64>, n: usize, p: u64) -> Vec<u64> {
    let ix = |i: usize, j: usize| i * n + j;
    for m in 1..n.saturating_sub(1) {
        let Some(i) = (m..n).find(|&i| a[ix(i, m - 1)] != 0) else {
            continue;
        };
        if i != m {
            swap_row_and_column(&mut a, n, i, m);
        }
        let t = inv(a[ix(m, m - 1)], p);
        for i in m + 1..n {
            let u = mulmod(a[ix(i, m - 1)], t, p);
            if u == 0 {
                continue;
            }
            // row_i -= u row_m (columns before m - 1 are already zero in both rows)
            let nu = p - u;
            for j in m - 1..n {
                a[ix(i, j)] = (a[ix(i, j)] + nu * a[ix(m, j)]) % p;
            }
            // col_m += u col_i
            for j in 0..n {
                a[ix(j, m)] = (a[ix(j, m)] + u * a[ix(j, i)]) % p;
            }
        }
    }
    let mut polys: Vec<Vec<u64>> = vec![vec![1]];
    for m in 0..n {
        let mut next = vec![0u64; m + 2];
        let hmm = a[ix(m, m)];
        for (k, &c) in polys[m].iter().enumerate() {
            next[k + 1] = (next[k + 1] + c) % p;
            next[k] = (next[k] + (p - hmm) * c) % p;
        }
        let mut prod = 1u64;
        for i in (0..m).rev() {
            prod = mulmod(prod, a[ix(i + 1, i)], p);
            if prod == 0 {
                break;
            }
            let f = p - mulmod(a[ix(i, m)], prod, p);
            if f == p {
                continue;
            }
            for (k, &c) in polys[i].iter().enumerate() {
                next[k] = (next[k] + f * c) % p;
            }
        }
        polys.push(next);
    }
    polys.pop().unwrap_or_else(|| vec![1])
}

fn residue(v: &BigInt, p: u64) -> u64 {
    let r = (v.magnitude() % p).to_u64().expect("below p");
    if v.sign() == Sign::Minus && r != 0 {
        p - r
    } else {
        r
    }
}

/// `det(xI - M)` by the multimodular route; `M` must be square (checked by the caller).
pub(crate) fn charpoly_multimodular(m: &ZMatrix) -> Poly {
    let n = m.rows();
    if n == 0 {
        return Poly::new(vec![BigInt::one()]);
    }
    // Symmetric residues determine c with |c| <= bound once the modulus exceeds 2 bound.
    let need = coefficient_bound(m) * 2u32;
    let mut modulus = BigInt::one();
    let mut acc: Vec<BigInt> = vec![BigInt::zero(); n + 1];
    for p in primes() {
        if modulus > need {
            break;
        }
        let a: Vec<u64> = (0..n)
            .flat_map(|i| (0..n).map(move |j| (i, j)))
            .map(|(i, j)| residue(m.get(i, j), p))
            .collect();
        let c = charpoly_mod(a, n, p);
        // Garner step: acc += modulus * ((c - acc) / modulus mod p).
        let minv = inv(residue(&modulus, p), p);
        let pb = BigInt::from(p);
        for (k, ck) in c.iter().enumerate() {
            let cur = residue(&acc[k], p);
            let d = mulmod((ck + p - cur) % p, minv, p);
            if d != 0 {
                acc[k] += &modulus * d;
            }
        }
        modulus *= pb;
    }
    let half = &modulus >> 1u32;
    for c in acc.iter_mut() {
        if *c > half {
            *c -= &modulus;
        }
    }
    debug_assert!(acc[n].is_one());
    Poly::new(acc)
}

/// Whether the multimodular route is the cheaper one: it pays one residue per entry per
/// prime, so for tiny or huge-entried matrices the division-free route over Z is faster
/// (thresholds from `hanoilab bench algebra` and docs/performance.md).
pub(crate) fn prefer_multimodular(m: &ZMatrix) -> bool {
    let n = m.rows();
    if n < 6 {
        return false;
    }
    let max_bits = (0..n)
        .flat_map(|i| (0..n).map(move |j| (i, j)))
        .map(|(i, j)| m.get(i, j).abs().bits())
        .max()
        .unwrap_or(0);
    max_bits <= 1024
}

/// Whether the monic `f` is square-free mod one of a few word primes, which proves it
/// square-free over Q (its discriminant is non-zero mod p). `false` means "not shown", not
/// "not square-free".
pub(crate) fn squarefree_by_primes(f: &Poly) -> bool {
    if !f.leading().is_one() {
        return false;
    }
    primes().take(3).any(|p| {
        let fp = super::modp::from_poly(f, p);
        super::modp::is_squarefree(&fp, p)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::testutil::Rng;

    fn random_matrix(rng: &mut Rng, n: usize, bits: u32) -> ZMatrix {
        let rows: Vec<Vec<BigInt>> = (0..n)
            .map(|_| {
                (0..n)
                    .map(|_| {
                        // a third of the entries zero, so pivots are sometimes missing
                        if rng.next() % 3 == 0 {
                            BigInt::zero()
                        } else {
                            rng.big(bits)
                        }
                    })
                    .collect()
            })
            .collect();
        ZMatrix::from_rows(rows).unwrap()
    }

    #[test]
    fn equals_berkowitz_on_random_matrices() {
        let mut rng = Rng::new(0xc4a2);
        for round in 0..60 {
            let n = 1 + round % 11;
            let bits = [1, 3, 10, 40, 100][round % 5];
            let m = random_matrix(&mut rng, n, bits);
            assert_eq!(
                charpoly_multimodular(&m),
                m.charpoly_berkowitz().unwrap(),
                "n = {n}, bits = {bits}\n{m}"
            );
        }
    }

    #[test]
    fn singular_and_structured_matrices() {
        // zero, nilpotent, rank one, permutation: pivots missing in the reduction
        let cases: Vec<Vec<Vec<i64>>> = vec![
            vec![vec![0; 7]; 7],
            (0..7)
                .map(|i| (0..7).map(|j| i64::from(j == i + 1)).collect())
                .collect(),
            (0..7)
                .map(|i| (0..7).map(|j| (i + 1) * (j + 2)).collect())
                .collect(),
            (0..7)
                .map(|i| (0..7).map(|j| i64::from(j == (i + 3) % 7)).collect())
                .collect(),
        ];
        for rows in cases {
            let m = ZMatrix::from_i64(&rows).unwrap();
            assert_eq!(
                charpoly_multimodular(&m),
                m.charpoly_berkowitz().unwrap(),
                "{m}"
            );
        }
    }

    #[test]
    fn bound_dominates_the_coefficients() {
        let mut rng = Rng::new(7);
        for n in 1..9 {
            let m = random_matrix(&mut rng, n, 12);
            let b = coefficient_bound(&m);
            for c in m.charpoly_berkowitz().unwrap().coeffs() {
                assert!(c.abs() <= b);
            }
        }
    }
}

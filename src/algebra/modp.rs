//! Polynomials over the prime field Z/p (word-sized `p < 2^31`) and their factorisation by
//! Cantor–Zassenhaus: distinct-degree then equal-degree splitting.
//!
//! Source: von zur Gathen & Gerhard, *Modern Computer Algebra* (3rd ed.), Algorithms 14.3
//! (distinct-degree) and 14.8 (equal-degree, odd p). The equal-degree step draws from a
//! seeded SplitMix64 generator, so a run is reproducible bit for bit.
//!
//! Internal to the factoriser: coefficient vectors lowest degree first, normalised (no
//! trailing zero), entries in `0..p`.

use super::Poly;
use num_bigint::{BigInt, BigUint};
use num_traits::{ToPrimitive, Zero};

pub(crate) type Fp = Vec<u64>;

/// A distinct-degree factorisation: products of the irreducible factors of each degree.
pub(crate) type DistinctDegree = Vec<(Fp, usize)>;

fn trim(mut v: Fp) -> Fp {
    while v.last() == Some(&0) {
        v.pop();
    }
    v
}

/// Reduction of an integer polynomial mod p.
pub(crate) fn from_poly(f: &Poly, p: u64) -> Fp {
    let pb = BigInt::from(p);
    trim(
        f.coeffs()
            .iter()
            .map(|c| {
                if let Some(v) = c.to_i64() {
                    return v.rem_euclid(p as i64) as u64;
                }
                let r = c % &pb;
                let r = if r < BigInt::zero() { r + &pb } else { r };
                r.to_u64().expect("residue fits")
            })
            .collect(),
    )
}

pub(crate) fn pow_u64(mut b: u64, mut e: u64, p: u64) -> u64 {
    let mut r = 1 % p;
    b %= p;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % p;
        }
        b = b * b % p;
        e >>= 1;
    }
    r
}

pub(crate) fn inv(a: u64, p: u64) -> u64 {
    debug_assert!(a % p != 0);
    pow_u64(a, p - 2, p)
}

fn sub(a: &Fp, b: &Fp, p: u64) -> Fp {
    let n = a.len().max(b.len());
    trim(
        (0..n)
            .map(|k| (a.get(k).copied().unwrap_or(0) + p - b.get(k).copied().unwrap_or(0)) % p)
            .collect(),
    )
}

/// Whether `count` products of residues mod `p` add up below `2^64` (then sums are
/// accumulated in `u64` and reduced once).
fn sums_fit(p: u64, count: usize) -> bool {
    ((p as u128) * (p as u128)).saturating_mul(count as u128 + 1) < 1 << 64
}

pub(crate) fn mul(a: &Fp, b: &Fp, p: u64) -> Fp {
    if a.is_empty() || b.is_empty() {
        return vec![];
    }
    if sums_fit(p, a.len().min(b.len())) {
        let mut v = vec![0u64; a.len() + b.len() - 1];
        for (i, &x) in a.iter().enumerate() {
            if x == 0 {
                continue;
            }
            for (j, &y) in b.iter().enumerate() {
                v[i + j] += x * y;
            }
        }
        return trim(v.into_iter().map(|c| c % p).collect());
    }
    mul_wide(a, b, p)
}

/// [`mul`] with `u128` sums, for any `p < 2^32` and length.
fn mul_wide(a: &Fp, b: &Fp, p: u64) -> Fp {
    let mut v = vec![0u128; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        for (j, &y) in b.iter().enumerate() {
            v[i + j] += (x * y) as u128;
        }
    }
    trim(v.into_iter().map(|c| (c % p as u128) as u64).collect())
}

pub(crate) fn scale(a: &Fp, c: u64, p: u64) -> Fp {
    trim(a.iter().map(|&x| x * c % p).collect())
}

pub(crate) fn monic(a: &Fp, p: u64) -> Fp {
    match a.last() {
        None => vec![],
        Some(&l) => scale(a, inv(l, p), p),
    }
}

/// Quotient and remainder; `b` must be non-zero.
pub(crate) fn divrem(a: &Fp, b: &Fp, p: u64) -> (Fp, Fp) {
    let db = b.len() - 1;
    if a.len() <= db {
        return (vec![], a.clone());
    }
    let li = inv(b[db], p);
    let mut r = a.clone();
    let mut q = vec![0u64; a.len() - db];
    if sums_fit(p, db + 1) {
        // entries accumulate c (p - b_j) unreduced and are reduced when eliminated
        let nb: Vec<u64> = b[..db].iter().map(|&x| (p - x) % p).collect();
        for i in (db..r.len()).rev() {
            let c = (r[i] % p) * li % p;
            r[i] = 0;
            if c == 0 {
                continue;
            }
            for (rj, &bj) in r[i - db..i].iter_mut().zip(&nb) {
                *rj += c * bj;
            }
            q[i - db] = c;
        }
        r.truncate(db);
        return (trim(q), trim(r.into_iter().map(|c| c % p).collect()));
    }
    divrem_wide(r, q, b, li, p)
}

/// [`divrem`] reducing every entry at every step, for any `p < 2^31`.
fn divrem_wide(mut r: Fp, mut q: Fp, b: &Fp, li: u64, p: u64) -> (Fp, Fp) {
    let db = b.len() - 1;
    for i in (db..r.len()).rev() {
        let c = r[i] * li % p;
        r[i] = 0;
        if c == 0 {
            continue;
        }
        // one reduction per entry: r + p^2 - c b_j < 2^63 for p < 2^31
        let pp = p * p;
        for j in 0..db {
            r[i - db + j] = (r[i - db + j] + pp - c * b[j]) % p;
        }
        q[i - db] = c;
    }
    r.truncate(db);
    (trim(q), trim(r))
}

pub(crate) fn rem(a: &Fp, b: &Fp, p: u64) -> Fp {
    divrem(a, b, p).1
}

/// Monic gcd (zero if both are zero).
pub(crate) fn gcd(a: &Fp, b: &Fp, p: u64) -> Fp {
    let (mut a, mut b) = (a.clone(), b.clone());
    while !b.is_empty() {
        let r = rem(&a, &b, p);
        a = b;
        b = r;
    }
    monic(&a, p)
}

/// `(g, s, t)` with `s a + t b = g` monic gcd, `deg s < deg b - deg g`, `deg t < deg a - deg g`.
pub(crate) fn ext_gcd(a: &Fp, b: &Fp, p: u64) -> (Fp, Fp, Fp) {
    let (mut r0, mut r1) = (a.clone(), b.clone());
    let (mut s0, mut s1) = (vec![1u64], vec![]);
    let (mut t0, mut t1) = (vec![], vec![1u64]);
    while !r1.is_empty() {
        let (q, r) = divrem(&r0, &r1, p);
        let s2 = sub(&s0, &mul(&q, &s1, p), p);
        let t2 = sub(&t0, &mul(&q, &t1, p), p);
        (r0, r1) = (r1, r);
        (s0, s1) = (s1, s2);
        (t0, t1) = (t1, t2);
    }
    let li = inv(*r0.last().expect("not both zero"), p);
    (scale(&r0, li, p), scale(&s0, li, p), scale(&t0, li, p))
}

fn derivative(a: &Fp, p: u64) -> Fp {
    trim(
        a.iter()
            .enumerate()
            .skip(1)
            .map(|(k, &c)| (k as u64 % p) * c % p)
            .collect(),
    )
}

/// Whether `f` (of positive degree) is square-free mod p.
pub(crate) fn is_squarefree(f: &Fp, p: u64) -> bool {
    gcd(f, &derivative(f, p), p).len() == 1
}

fn powmod(base: &Fp, e: &BigUint, m: &Fp, p: u64) -> Fp {
    let mut r = vec![1u64];
    let b = rem(base, m, p);
    for i in (0..e.bits()).rev() {
        r = rem(&mul(&r, &r, p), m, p);
        if e.bit(i) {
            r = rem(&mul(&r, &b, p), m, p);
        }
    }
    r
}

/// Distinct-degree factorisation of a monic square-free `f`: pairs `(g_d, d)` with `g_d`
/// the product of the irreducible factors of degree `d`.
pub(crate) fn distinct_degree(f: &Fp, p: u64) -> DistinctDegree {
    let mut out = vec![];
    let mut f = f.clone();
    let x = vec![0u64, 1];
    let mut h = x.clone();
    let pb = BigUint::from(p);
    let mut d = 0;
    while f.len() > 1 {
        d += 1;
        if 2 * d > f.len() - 1 {
            let k = f.len() - 1;
            out.push((f, k));
            break;
        }
        h = powmod(&h, &pb, &f, p);
        let g = gcd(&f, &sub(&h, &x, p), p);
        if g.len() > 1 {
            f = divrem(&f, &g, p).0;
            h = rem(&h, &f, p);
            out.push((g, d));
        }
    }
    out
}

/// SplitMix64 (Steele, Lea, Flood 2014).
pub(crate) struct SplitMix(pub u64);

impl SplitMix {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Equal-degree splitting of a monic `f`, product of irreducibles of degree `d`; odd `p`.
pub(crate) fn equal_degree(f: &Fp, d: usize, p: u64, rng: &mut SplitMix) -> Vec<Fp> {
    let n = f.len() - 1;
    if n == d {
        return vec![f.clone()];
    }
    let e = (BigUint::from(p).pow(d as u32) - 1u32) / 2u32;
    loop {
        let a = trim((0..n).map(|_| rng.next() % p).collect());
        if a.len() < 2 {
            continue;
        }
        let g = gcd(&a, f, p);
        let g = if g.len() > 1 {
            g
        } else {
            let b = powmod(&a, &e, f, p);
            gcd(&sub(&b, &vec![1], p), f, p)
        };
        if g.len() > 1 && g.len() < f.len() {
            let h = divrem(f, &g, p).0;
            let mut out = equal_degree(&g, d, p, rng);
            out.extend(equal_degree(&monic(&h, p), d, p, rng));
            return out;
        }
    }
}

/// Monic irreducible factors of a monic square-free `f` mod an odd prime `p`, sorted.
#[cfg(test)]
pub(crate) fn factor_squarefree(f: &Fp, p: u64, seed: u64) -> Vec<Fp> {
    split_distinct_degree(distinct_degree(f, p), p, seed)
}

/// [`factor_squarefree`] from the [`distinct_degree`] factorisation.
pub(crate) fn split_distinct_degree(dd: DistinctDegree, p: u64, seed: u64) -> Vec<Fp> {
    let mut rng = SplitMix(seed);
    let mut out = vec![];
    for (g, d) in dd {
        out.extend(equal_degree(&g, d, p, &mut rng));
    }
    out.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    out
}

/// Degrees of the irreducible factors of a monic square-free `f` (distinct-degree only).
pub(crate) fn factor_degrees(f: &Fp, p: u64) -> Vec<usize> {
    degrees_of(&distinct_degree(f, p))
}

/// The degrees of the irreducible factors in a [`distinct_degree`] factorisation.
pub(crate) fn degrees_of(dd: &[(Fp, usize)]) -> Vec<usize> {
    let mut out = vec![];
    for (g, d) in dd {
        out.extend(std::iter::repeat_n(*d, (g.len() - 1) / d));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delayed_reductions_equal_reducing_every_step() {
        let mut rng = SplitMix(0xde1a);
        for round in 0..200 {
            let p = [3u64, 5, 47, 101, 65_521, 1 << 20 | 7][round % 6];
            let mut rp = |n: usize| trim((0..n).map(|_| rng.next() % p).collect::<Fp>());
            let a = rp(1 + round % 40);
            let mut b = rp(1 + round % 17);
            if b.is_empty() {
                b = vec![1];
            }
            if !a.is_empty() {
                assert_eq!(mul(&a, &b, p), mul_wide(&a, &b, p));
            }
            let db = b.len() - 1;
            if a.len() > db {
                let li = inv(b[db], p);
                let slow = divrem_wide(a.clone(), vec![0; a.len() - db], &b, li, p);
                assert_eq!(divrem(&a, &b, p), slow);
            }
        }
    }

    #[test]
    fn factors_multiply_back_and_are_irreducible() {
        let p = 101;
        let mut rng = SplitMix(9);
        for _ in 0..40 {
            let n = 2 + (rng.next() % 12) as usize;
            let mut f: Fp = (0..n).map(|_| rng.next() % p).collect();
            f.push(1);
            if !is_squarefree(&f, p) {
                continue;
            }
            let fs = factor_squarefree(&f, p, 1);
            let prod = fs.iter().fold(vec![1u64], |a, g| mul(&a, g, p));
            assert_eq!(prod, f);
            for g in &fs {
                // Independent irreducibility check: no factor of degree ≤ deg/2, via x^(p^k) - x.
                let k = g.len() - 1;
                let x = vec![0u64, 1];
                let mut h = x.clone();
                for _ in 1..=k / 2 {
                    h = powmod(&h, &BigUint::from(p), g, p);
                    assert_eq!(gcd(g, &sub(&h, &x, p), p), vec![1]);
                }
            }
        }
    }
}

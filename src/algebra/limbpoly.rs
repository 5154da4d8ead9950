//! Polynomials modulo a multi-word integer on flat limb buffers, for the Hensel lifting of
//! the factoriser.
//!
//! A coefficient is a fixed number of 64-bit limbs (little-endian) in one `Vec<u64>` per
//! polynomial, so a product or a division allocates once per polynomial, not once per
//! coefficient as `BigInt` arithmetic does. Products accumulate unreduced in
//! double-width accumulators ([`Acc`]) and are reduced once per coefficient by Barrett's
//! method with a precomputed reciprocal ([`Modulus`]); a division by a monic polynomial
//! accumulates the same way and reduces only the coefficient it is about to eliminate.
//!
//! Source: Barrett, "Implementing the Rivest Shamir and Adleman public key encryption
//! algorithm on a standard digital signal processor", CRYPTO '86; the variant of Menezes,
//! van Oorschot & Vanstone, *Handbook of Applied Cryptography*, Algorithm 14.42, with the
//! reciprocal taken two limbs wider so that sums of products (not only single products)
//! are reduced with at most three corrections.

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::One;

/// Largest modulus, in limbs, of the flat route (4096 bits): beyond it the schoolbook
/// products here lose to the Kronecker products of the `BigInt` route.
pub(crate) const MAX_LIMBS: usize = 64;

/// A modulus `m > 1` of `l` limbs with Barrett's reciprocal `floor(2^(64(2l+2)) / m)`.
pub(crate) struct Modulus {
    /// The modulus as a number.
    pub(crate) big: BigInt,
    /// Limbs of the modulus (its top limb is non-zero).
    pub(crate) l: usize,
    m: Vec<u64>,
    mu: Vec<u64>,
}

/// `acc += a b` (schoolbook); `acc` must hold the result, carries included.
#[inline]
fn mac(acc: &mut [u64], a: &[u64], b: &[u64]) {
    for (i, &ai) in a.iter().enumerate() {
        if ai == 0 {
            continue;
        }
        let mut carry = 0u64;
        let row = &mut acc[i..];
        for (j, &bj) in b.iter().enumerate() {
            let t = row[j] as u128 + (ai as u128) * (bj as u128) + carry as u128;
            row[j] = t as u64;
            carry = (t >> 64) as u64;
        }
        let mut k = b.len();
        while carry != 0 {
            let (s, o) = row[k].overflowing_add(carry);
            row[k] = s;
            carry = u64::from(o);
            k += 1;
        }
    }
}

/// `a += b` (same length or `b` shorter); returns the carry out.
#[inline]
fn add_in(a: &mut [u64], b: &[u64]) -> bool {
    let mut carry = false;
    for (i, x) in a.iter_mut().enumerate() {
        let y = b.get(i).copied().unwrap_or(0);
        if y == 0 && !carry && i >= b.len() {
            return false;
        }
        let (s1, o1) = x.overflowing_add(y);
        let (s2, o2) = s1.overflowing_add(u64::from(carry));
        *x = s2;
        carry = o1 || o2;
    }
    carry
}

/// `a -= b` (same length or `b` shorter); returns the borrow out.
#[inline]
fn sub_in(a: &mut [u64], b: &[u64]) -> bool {
    let mut borrow = false;
    for (i, x) in a.iter_mut().enumerate() {
        let y = b.get(i).copied().unwrap_or(0);
        if y == 0 && !borrow && i >= b.len() {
            return false;
        }
        let (s1, o1) = x.overflowing_sub(y);
        let (s2, o2) = s1.overflowing_sub(u64::from(borrow));
        *x = s2;
        borrow = o1 || o2;
    }
    borrow
}

/// `a >= b` for equal lengths.
#[inline]
fn geq(a: &[u64], b: &[u64]) -> bool {
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        if x != y {
            return x > y;
        }
    }
    true
}

fn limbs_of(x: &BigUint) -> Vec<u64> {
    x.iter_u64_digits().collect()
}

fn from_limbs(x: &[u64]) -> BigUint {
    let words: Vec<u32> = x
        .iter()
        .flat_map(|&w| [w as u32, (w >> 32) as u32])
        .collect();
    BigUint::from_slice(&words)
}

impl Modulus {
    /// The modulus `m` (odd or not; `m > 1`).
    pub(crate) fn new(m: &BigInt) -> Modulus {
        assert!(m > &BigInt::one(), "Modulus::new: m > 1");
        let m_limbs = limbs_of(m.magnitude());
        let l = m_limbs.len();
        let mu_big = (BigUint::one() << (64 * (2 * l + 2))) / m.magnitude();
        let mut mu = limbs_of(&mu_big);
        mu.resize(l + 3, 0);
        Modulus {
            big: m.clone(),
            l,
            m: m_limbs,
            mu,
        }
    }

    /// Quotient and remainder of `x < 2^(64(2l+2))` (at most `2l + 2` limbs, trailing
    /// limbs beyond may be zero) by `m`: `r` gets `l` limbs, `q` (if given) `l + 3`.
    fn divrem(&self, x: &[u64], r: &mut [u64], q: Option<&mut [u64]>) {
        // scratch on the stack, no larger than needed (zeroing it is not free)
        match self.l {
            0..=4 => self.divrem_with::<16, 5>(x, r, q),
            5..=16 => self.divrem_with::<40, 17>(x, r, q),
            _ => self.divrem_with::<{ 2 * MAX_LIMBS + 8 }, { MAX_LIMBS + 1 }>(x, r, q),
        }
    }

    /// [`Self::divrem`] with scratch arrays of `P >= 2l + 7` and `R >= l + 1` limbs.
    fn divrem_with<const P: usize, const R: usize>(
        &self,
        x: &[u64],
        r: &mut [u64],
        q: Option<&mut [u64]>,
    ) {
        let l = self.l;
        let top = x.len().min(2 * l + 2);
        debug_assert!(x[top..].iter().all(|&w| w == 0), "Barrett: input too wide");
        let x = &x[..top];
        // q1 = x >> 64(l - 1), at most l + 3 limbs; q3 = (q1 mu) >> 64(l + 3)
        let mut prod = [0u64; P];
        let q1 = if x.len() > l - 1 {
            &x[l - 1..]
        } else {
            &[][..]
        };
        let prod = &mut prod[..2 * l + 7];
        mac(prod, q1, &self.mu);
        let q3 = &prod[l + 3..2 * l + 6];
        // r = x - q3 m, exact modulo 2^(64(l + 1)) since the true remainder is below 4m
        let mut rr = [0u64; R];
        let rr = &mut rr[..l + 1];
        let n = (l + 1).min(x.len());
        rr[..n].copy_from_slice(&x[..n]);
        sub_low_product(rr, q3, &self.m);
        let mut extra = 0u64;
        while rr[l] != 0 || geq(&rr[..l], &self.m) {
            if sub_in(&mut rr[..l], &self.m) {
                rr[l] -= 1;
            }
            extra += 1;
        }
        debug_assert!(extra <= 3, "Barrett: more than three corrections");
        r[..l].copy_from_slice(&rr[..l]);
        if let Some(q) = q {
            q[..l + 3].copy_from_slice(q3);
            add_in(&mut q[..l + 3], &[extra]);
        }
    }
}

/// `r -= a b mod 2^(64 r.len())`: only the low limbs of the product are formed.
#[inline]
fn sub_low_product(r: &mut [u64], a: &[u64], b: &[u64]) {
    let mut borrow = 0u64;
    // column by column: the product's limb k and its carries, subtracted as we go
    let (mut lo, mut hi, mut top) = (0u64, 0u64, 0u64);
    for (k, rk) in r.iter_mut().enumerate() {
        for (i, &ai) in a.iter().enumerate().take(k + 1) {
            let Some(&bj) = b.get(k - i) else { continue };
            let t = (ai as u128) * (bj as u128);
            let (s, o) = lo.overflowing_add(t as u64);
            lo = s;
            let (s2, o2) = hi.overflowing_add((t >> 64) as u64 + u64::from(o));
            hi = s2;
            top += u64::from(o2);
        }
        let (d, o1) = rk.overflowing_sub(lo);
        let (d, o2) = d.overflowing_sub(borrow);
        *rk = d;
        borrow = u64::from(o1) + u64::from(o2);
        (lo, hi, top) = (hi, top, 0);
    }
}

/// A polynomial with coefficients in `0..m` for some modulus `m` of at most `stride` limbs:
/// coefficient `k` is `d[k stride .. (k + 1) stride]` (little-endian, zero-padded). No
/// trailing zero coefficient once trimmed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LimbPoly {
    n: usize,
    stride: usize,
    d: Vec<u64>,
}

impl LimbPoly {
    /// From a polynomial with coefficients in `0..2^(64 stride)`.
    pub(crate) fn from_poly(f: &super::Poly, stride: usize) -> LimbPoly {
        let n = f.coeffs().len();
        let mut d = vec![0u64; n * stride];
        for (k, c) in f.coeffs().iter().enumerate() {
            debug_assert!(c.sign() != Sign::Minus);
            for (i, w) in c.magnitude().iter_u64_digits().enumerate() {
                d[k * stride + i] = w;
            }
        }
        LimbPoly { n, stride, d }
    }

    /// As a [`super::Poly`].
    pub(crate) fn to_poly(&self) -> super::Poly {
        super::Poly::new(
            (0..self.n)
                .map(|k| BigInt::from_biguint(Sign::Plus, from_limbs(self.coeff(k))))
                .collect(),
        )
    }

    fn zero(n: usize, stride: usize) -> LimbPoly {
        LimbPoly {
            n,
            stride,
            d: vec![0u64; n * stride],
        }
    }

    fn coeff(&self, k: usize) -> &[u64] {
        &self.d[k * self.stride..(k + 1) * self.stride]
    }

    fn coeff_mut(&mut self, k: usize) -> &mut [u64] {
        &mut self.d[k * self.stride..(k + 1) * self.stride]
    }

    fn trim(mut self) -> LimbPoly {
        while self.n > 0 && self.coeff(self.n - 1).iter().all(|&w| w == 0) {
            self.n -= 1;
        }
        self.d.truncate(self.n * self.stride);
        self
    }

    /// Number of coefficients (degree + 1; 0 for zero).
    pub(crate) fn len(&self) -> usize {
        self.n
    }

    /// Coefficients reduced mod `md`: by Barrett's method when they are below
    /// `2^(64(2 l + 2))`, `l` the limbs of `md` (as when reducing from a modulus at most
    /// `md^2`), by a long division otherwise.
    pub(crate) fn reduce(&self, md: &Modulus) -> LimbPoly {
        let mut out = LimbPoly::zero(self.n, self.stride);
        let w = self.stride.min(2 * md.l + 2);
        for k in 0..self.n {
            let r = &mut out.d[k * self.stride..(k + 1) * self.stride];
            if self.coeff(k)[w..].iter().all(|&x| x == 0) {
                let src = &self.d[k * self.stride..k * self.stride + w];
                md.divrem(src, r, None);
            } else {
                let c = from_limbs(self.coeff(k)) % md.big.magnitude();
                for (i, x) in c.iter_u64_digits().enumerate() {
                    r[i] = x;
                }
            }
        }
        out.trim()
    }

    /// `(self - other) mod md`, both reduced mod `md`.
    pub(crate) fn sub_mod(&self, other: &LimbPoly, md: &Modulus) -> LimbPoly {
        let n = self.n.max(other.n);
        let l = md.l;
        let mut out = LimbPoly::zero(n, self.stride);
        for k in 0..n {
            let o = out.coeff_mut(k);
            if k < self.n {
                o[..l].copy_from_slice(&self.coeff(k)[..l]);
            }
            if k < other.n && sub_in(&mut o[..l], &other.coeff(k)[..l]) {
                add_in(&mut o[..l], &md.m);
            }
        }
        out.trim()
    }

    /// `(-self) mod md`, reduced mod `md`.
    pub(crate) fn neg_mod(&self, md: &Modulus) -> LimbPoly {
        let l = md.l;
        let mut out = LimbPoly::zero(self.n, self.stride);
        for k in 0..self.n {
            let c = &self.coeff(k)[..l];
            if c.iter().any(|&w| w != 0) {
                let o = out.coeff_mut(k);
                o[..l].copy_from_slice(&md.m);
                sub_in(&mut o[..l], c);
            }
        }
        out.trim()
    }

    /// `self / md` for coefficients that are multiples of `md` below `2^(64(2l + 2))`
    /// (exact; checked in debug builds).
    pub(crate) fn div_exact(&self, md: &Modulus) -> LimbPoly {
        let mut out = LimbPoly::zero(self.n, self.stride);
        let mut r = vec![0u64; md.l];
        let mut q = vec![0u64; md.l + 3];
        let w = self.stride.min(2 * md.l + 2);
        for k in 0..self.n {
            md.divrem(&self.coeff(k)[..w], &mut r, Some(&mut q));
            debug_assert!(r.iter().all(|&x| x == 0), "div_exact: not a multiple");
            debug_assert!(q[self.stride.min(q.len())..].iter().all(|&x| x == 0));
            let c = out.coeff_mut(k);
            let t = c.len().min(q.len());
            c[..t].copy_from_slice(&q[..t]);
        }
        out.trim()
    }

    /// `self + m other` with no reduction (the caller knows the result is below
    /// `2^(64 stride)`): `self` reduced mod `m`, `other` of `lo` limbs.
    pub(crate) fn add_scaled(&self, m: &Modulus, other: &LimbPoly, lo: usize) -> LimbPoly {
        let n = self.n.max(other.n);
        let s = self.stride;
        let mut out = LimbPoly::zero(n, s);
        let mut tmp = vec![0u64; s.max(m.l + lo) + 1];
        for k in 0..n {
            tmp.iter_mut().for_each(|w| *w = 0);
            if k < self.n {
                tmp[..s].copy_from_slice(self.coeff(k));
            }
            if k < other.n {
                mac(&mut tmp, &m.m, &other.coeff(k)[..lo]);
            }
            debug_assert!(tmp[s..].iter().all(|&w| w == 0), "add_scaled: overflow");
            out.coeff_mut(k).copy_from_slice(&tmp[..s]);
        }
        out.trim()
    }
}

/// Coefficients of a polynomial as unreduced sums of products, `w` limbs each.
pub(crate) struct Acc {
    n: usize,
    w: usize,
    d: Vec<u64>,
}

impl Acc {
    /// Zero with `n` coefficients, wide enough for sums of products reduced mod `md`.
    pub(crate) fn new(n: usize, md: &Modulus) -> Acc {
        let w = 2 * md.l + 2;
        Acc {
            n,
            w,
            d: vec![0u64; n * w],
        }
    }

    /// `+= a b`, the coefficients of `a` and `b` of `l` limbs (`l` at most the modulus's).
    pub(crate) fn add_product(&mut self, a: &LimbPoly, b: &LimbPoly, l: usize) {
        debug_assert!(a.n + b.n <= self.n + 1 || a.n == 0 || b.n == 0);
        for i in 0..a.n {
            let ai = &a.coeff(i)[..l];
            if ai.iter().all(|&x| x == 0) {
                continue;
            }
            for j in 0..b.n {
                let k = i + j;
                mac(
                    &mut self.d[k * self.w..(k + 1) * self.w],
                    ai,
                    &b.coeff(j)[..l],
                );
            }
        }
    }

    /// `+= a`.
    pub(crate) fn add_poly(&mut self, a: &LimbPoly) {
        for k in 0..a.n {
            add_in(&mut self.d[k * self.w..(k + 1) * self.w], a.coeff(k));
        }
    }

    /// `+= c x^k` for a small constant.
    pub(crate) fn add_word(&mut self, k: usize, c: &[u64]) {
        add_in(&mut self.d[k * self.w..(k + 1) * self.w], c);
    }

    /// Every coefficient reduced mod `md`, stored with `stride` limbs.
    pub(crate) fn reduce(&self, md: &Modulus, stride: usize) -> LimbPoly {
        let mut out = LimbPoly::zero(self.n, stride);
        for k in 0..self.n {
            md.divrem(
                &self.d[k * self.w..(k + 1) * self.w],
                &mut out.d[k * stride..],
                None,
            );
        }
        out.trim()
    }

    /// Quotient and remainder mod `md` by the monic `h` (reduced mod `md`, degree `dh >= 1`),
    /// given `neg_h = -h mod md`: each coefficient is reduced once, when it is eliminated,
    /// and `c (-h_j)` is added below it (all terms stay non-negative).
    pub(crate) fn divrem_monic(
        mut self,
        neg_h: &LimbPoly,
        dh: usize,
        md: &Modulus,
        stride: usize,
    ) -> (LimbPoly, LimbPoly) {
        let l = md.l;
        let w = self.w;
        if self.n <= dh {
            return (LimbPoly::zero(0, stride), self.reduce(md, stride));
        }
        let mut q = LimbPoly::zero(self.n - dh, stride);
        let mut c = vec![0u64; l];
        for i in (dh..self.n).rev() {
            md.divrem(&self.d[i * w..(i + 1) * w], &mut c, None);
            if c.iter().all(|&x| x == 0) {
                continue;
            }
            for j in 0..dh.min(neg_h.n) {
                let k = i - dh + j;
                mac(&mut self.d[k * w..(k + 1) * w], &c, &neg_h.coeff(j)[..l]);
            }
            q.coeff_mut(i - dh)[..l].copy_from_slice(&c);
        }
        self.n = dh;
        self.d.truncate(dh * w);
        (q.trim(), self.reduce(md, stride))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::testutil::Rng;
    use num_integer::Integer;
    use num_traits::Signed;

    fn big_below(rng: &mut Rng, m: &BigInt) -> BigInt {
        rng.big(m.bits() as u32 + 8).mod_floor(m)
    }

    #[test]
    fn barrett_equals_division() {
        let mut rng = Rng::new(0xba77);
        for round in 0..300u32 {
            let m = BigInt::from(3) + rng.big(2 + round % 700).abs();
            let md = Modulus::new(&m);
            let l = md.l;
            // any x below 2^(64(2l+2))
            let bits = 1 + (rng.next() % (64 * (2 * l as u64 + 2))) as u32;
            let x = rng.big(bits).abs();
            let mut xl = limbs_of(x.magnitude());
            xl.resize(2 * l + 2, 0);
            let mut r = vec![0u64; l];
            let mut q = vec![0u64; l + 3];
            md.divrem(&xl, &mut r, Some(&mut q));
            let (qq, rr) = x.div_rem(&m);
            assert_eq!(BigInt::from_biguint(Sign::Plus, from_limbs(&r)), rr);
            assert_eq!(BigInt::from_biguint(Sign::Plus, from_limbs(&q)), qq);
        }
    }

    #[test]
    fn products_and_division_equal_bigint_routes() {
        use crate::algebra::Poly;
        let mut rng = Rng::new(0x1b9);
        for round in 0..80u32 {
            let m = BigInt::from(3) + rng.big(2 + (round * 37) % 900).abs();
            let md = Modulus::new(&m);
            let stride = md.l + (round as usize % 3);
            let rp =
                |rng: &mut Rng, n: usize| Poly::new((0..n).map(|_| big_below(rng, &m)).collect());
            let a = rp(&mut rng, 1 + round as usize % 9);
            let b = rp(&mut rng, 1 + round as usize % 13);
            let (la, lb) = (
                LimbPoly::from_poly(&a, stride),
                LimbPoly::from_poly(&b, stride),
            );
            assert_eq!(la.to_poly(), a);
            let reduce = |p: &Poly| Poly::new(p.coeffs().iter().map(|c| c.mod_floor(&m)).collect());
            let mut acc = Acc::new(la.len() + lb.len(), &md);
            acc.add_product(&la, &lb, md.l);
            acc.add_poly(&la);
            assert_eq!(
                acc.reduce(&md, stride).to_poly(),
                reduce(&(&(&a * &b) + &a))
            );
            assert_eq!(la.sub_mod(&lb, &md).to_poly(), reduce(&(&a - &b)));
            assert_eq!(lb.neg_mod(&md).to_poly(), reduce(&-&b));
            // division by a monic h
            let dh = 1 + round as usize % 6;
            let mut hc: Vec<BigInt> = (0..dh).map(|_| big_below(&mut rng, &m)).collect();
            hc.push(BigInt::one());
            let h = Poly::new(hc);
            let lh = LimbPoly::from_poly(&h, stride);
            let mut acc = Acc::new(la.len() + lb.len(), &md);
            acc.add_product(&la, &lb, md.l);
            let (q, r) = acc.divrem_monic(&lh.neg_mod(&md), dh, &md, stride);
            let (q, r) = (q.to_poly(), r.to_poly());
            assert!(r.degree().is_none_or(|d| d < dh));
            assert_eq!(reduce(&(&(&q * &h) + &r)), reduce(&(&a * &b)));
            // exact division and scaled addition
            let m2 = &m * &m;
            let md2 = Modulus::new(&m2);
            let s2 = md2.l;
            let scaled = Poly::new(b.coeffs().iter().map(|c| c * &m).collect());
            let ls = LimbPoly::from_poly(&scaled, s2);
            assert_eq!(ls.div_exact(&md).to_poly(), b);
            let la2 = LimbPoly::from_poly(&a, s2);
            let lb2 = LimbPoly::from_poly(&b, s2);
            assert_eq!(la2.add_scaled(&md, &lb2, md.l).to_poly(), &a + &scaled);
            let m4 = &m2 * &m2;
            let wide = Poly::new((0..7).map(|_| big_below(&mut rng, &m4)).collect());
            let s2 = Modulus::new(&m4).l;
            assert_eq!(
                LimbPoly::from_poly(&wide, s2).reduce(&md).to_poly(),
                reduce(&wide)
            );
        }
    }
}

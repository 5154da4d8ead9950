//! Frame–Stewart numbers `T(n, p)`: the presumed-optimal number of moves for `n` discs on
//! `p` pegs (Reve's puzzle for `p = 4`, Lunnon's Many-Pin Hanoi in general).
//!
//! Sources: Stockmeyer, "Variations on the Four-Post Tower of Hanoi Puzzle"
//! (004_33861799d4694a49.txt, section 1: Lemmas 1–3, Theorem 1); Lunnon
//! (000_3e39fda85b098e00.txt, section "Reves Puzzle & Many-Pin Hanoi": the binomial
//! thresholds, the k-range rule and the two time expressions).
//!
//! Routes implemented here (tests check that they agree):
//! - the defining min-recurrence `T(n,p) = min_{1<=k<=n} 2 T(n-k,p) + T(k,p-1)`,
//!   `T(n,3) = 2^n - 1` ([`min_recurrence_table`]);
//! - the increment structure `T(n,p) - T(n-1,p) = 2^s` where `s` is the least integer with
//!   `n <= C(s+p-2, p-2)` ([`table`], [`frame_stewart`]);
//! - Lunnon's `s`-term sum and `m`-term alternating sum ([`lunnon_s_sum`],
//!   [`lunnon_alternating_sum`]);
//! - Stockmeyer's Lemma 2 and Theorem 1 for `p = 4` ([`stockmeyer_lemma2`],
//!   [`stockmeyer_theorem1`], the latter evaluated with certified interval arithmetic).

use super::{check_pegs, SequenceError};
use crate::algebra::decimal::{fixed, Rounding};
use crate::algebra::interval::{self, Interval};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use serde::Serialize;
use std::fmt::Write as _;

/// Largest `n` accepted by the single-value functions.
pub const MAX_DISCS: u64 = 50_000_000;
/// Largest peg count accepted.
pub const MAX_PEGS: usize = 1_000;
/// Largest `n` for the O(n) optimal-split scan.
pub const MAX_SPLIT_DISCS: u64 = 200_000;
/// Largest `n` for the quadratic min-recurrence.
pub const MAX_RECURRENCE_DISCS: usize = 3_000;
/// Largest number of cells (`pegs x discs`) in a table.
pub const MAX_TABLE_CELLS: usize = 2_000_000;

fn check(n: u64, p: usize) -> Result<(), SequenceError> {
    check_pegs(p, MAX_PEGS, "pegs")?;
    if n > MAX_DISCS {
        return Err(SequenceError::TooLarge {
            what: "discs",
            value: n,
            max: MAX_DISCS,
        });
    }
    Ok(())
}

/// `C(a, b)` as `u128`, `None` on overflow (callers treat that as "larger than any n").
pub fn binom_u128(a: u64, b: u64) -> Option<u128> {
    if b > a {
        return Some(0);
    }
    let b = b.min(a - b);
    let mut r: u128 = 1;
    for i in 0..b {
        // r * (a - i) / (i + 1) stays integral at every step.
        r = r.checked_mul((a - i) as u128)? / (i as u128 + 1);
    }
    Some(r)
}

fn binom_big(a: u64, b: u64) -> BigInt {
    if b > a {
        return BigInt::zero();
    }
    let b = b.min(a - b);
    let mut r = BigInt::one();
    for i in 0..b {
        r = r * BigInt::from(a - i) / BigInt::from(i + 1);
    }
    r
}

/// `n <= C(s+p-2, p-2)`, treating overflow as true.
fn le_threshold(n: u64, s: u64, p: usize) -> bool {
    let m2 = p as u64 - 2;
    match binom_u128(s + m2, m2) {
        Some(c) => (n as u128) <= c,
        None => true,
    }
}

/// The exponent of the increment: the least `s >= 0` with `n <= C(s+p-2, p-2)` (`n >= 1`),
/// so that `T(n,p) - T(n-1,p) = 2^s` (Stockmeyer's Lemma 1 for `p = 4`).
pub fn increment_exponent(n: u64, p: usize) -> u64 {
    // Exponential then binary search: C(s+p-2,p-2) is increasing in s.
    let mut hi = 1u64;
    while !le_threshold(n, hi, p) {
        hi *= 2;
    }
    let mut lo = 0u64;
    while lo < hi {
        let mid = (lo + hi) / 2;
        if le_threshold(n, mid, p) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

/// Lunnon's parameters for `n > 0` discs on `m` pins: `s` with
/// `n0 = C(s+m-3, m-2) <= n < n1 = C(s+m-2, m-2)`, `k0 = C(s+m-4, m-3)`, `k1 = C(s+m-3, m-3)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LunnonParams {
    /// The level `s`.
    pub s: u64,
    /// Lower threshold `n0`.
    pub n0: u128,
    /// Upper threshold `n1`.
    pub n1: u128,
    /// `k0`.
    pub k0: u128,
    /// `k1`.
    pub k1: u128,
    /// `max(k0, k1 - n1 + n)`.
    pub k_min: u128,
    /// `min(k1, k0 - n0 + n)`.
    pub k_max: u128,
}

/// Lunnon's `s, n0, n1, k0, k1` and his k-range rule
/// `max(k0, k1-n1+n) <= k <= min(k1, k0-n0+n)` (000_3e39fda85b098e00.txt, Reves Puzzle).
pub fn lunnon_params(n: u64, m: usize) -> Result<LunnonParams, SequenceError> {
    check(n, m)?;
    if n == 0 {
        return Err(SequenceError::Invalid {
            what: "discs",
            detail: "Lunnon's parameters need n > 0".into(),
        });
    }
    let m = m as u64;
    // n < C(s+m-2, m-2)  <=>  n + 1 <= C(...): the least such s.
    let s = increment_exponent(n + 1, m as usize);
    let big = |a: u64, b: u64| binom_u128(a, b).unwrap_or(u128::MAX);
    let n0 = big(s + m - 3, m - 2);
    let n1 = big(s + m - 2, m - 2);
    let (k0, k1) = if m >= 4 || s >= 1 {
        (big(s + m - 4, m - 3), big(s + m - 3, m - 3))
    } else {
        (0, 1)
    };
    let n = n as u128;
    let k_min = k0.max((k1 + n).saturating_sub(n1));
    let k_max = k1.min(k0 + n - n0);
    Ok(LunnonParams {
        s,
        n0,
        n1,
        k0,
        k1,
        k_min,
        k_max,
    })
}

/// Exact `T(n, p)` by Lunnon's `m`-term expression (fast for any `n`):
/// `T = (-1)^m + [(n - n0) + sum_{j=0}^{m-3} (-2)^j C(s+m-3, m-3-j)] 2^s`.
///
/// ```
/// use hanoilab::sequences::frame_stewart::frame_stewart;
/// // Dudeney, The Canterbury Puzzles (via Stockmeyer 004_33861799d4694a49.txt, section 1).
/// assert_eq!(frame_stewart(21, 4).unwrap(), 321.into());
/// ```
pub fn frame_stewart(n: u64, p: usize) -> Result<BigInt, SequenceError> {
    check(n, p)?;
    if n == 0 {
        return Ok(BigInt::zero());
    }
    lunnon_alternating_sum(n, p)
}

/// Lunnon's `m`-term alternating expression (see [`frame_stewart`]).
pub fn lunnon_alternating_sum(n: u64, m: usize) -> Result<BigInt, SequenceError> {
    let lp = lunnon_params(n, m)?;
    let m = m as u64;
    let mut bracket = BigInt::from(n as u128 - lp.n0);
    for j in 0..=(m - 3) {
        let term = binom_big(lp.s + m - 3, m - 3 - j) << j;
        if j % 2 == 0 {
            bracket += term;
        } else {
            bracket -= term;
        }
    }
    let sign = if m % 2 == 0 { 1 } else { -1 };
    Ok(BigInt::from(sign) + (bracket << lp.s))
}

/// Lunnon's `s`-term expression `(n - n0) 2^s + sum_{i=0}^{s-1} 2^i C(i+m-3, m-3)`.
pub fn lunnon_s_sum(n: u64, m: usize) -> Result<BigInt, SequenceError> {
    let lp = lunnon_params(n, m)?;
    let m = m as u64;
    let mut t = BigInt::from(n as u128 - lp.n0) << lp.s;
    for i in 0..lp.s {
        t += binom_big(i + m - 3, m - 3) << i;
    }
    Ok(t)
}

/// Stockmeyer's Lemma 2 (p = 4): with `t_{k-1} < n <= t_k`,
/// `M(n) = sum_{i=1}^k i 2^(i-1) - (t_k - n) 2^(k-1)`.
pub fn stockmeyer_lemma2(n: u64) -> BigInt {
    if n == 0 {
        return BigInt::zero();
    }
    let k = stockmeyer_k(n);
    let mut sum = BigInt::zero();
    for i in 1..=k {
        sum += BigInt::from(i) << (i - 1);
    }
    let tk = k * (k + 1) / 2;
    sum - (BigInt::from(tk - n) << (k - 1))
}

/// The `k` of Stockmeyer's Lemma 3: `t_{k-1} < n <= t_k` (`n >= 1`), computed with integers.
pub fn stockmeyer_k(n: u64) -> u64 {
    let mut k = ((2.0 * n as f64).sqrt() as u64).saturating_sub(1);
    while k * (k + 1) / 2 < n {
        k += 1;
    }
    while k > 0 && (k - 1) * k / 2 >= n {
        k -= 1;
    }
    k
}

/// Certified evaluation of Stockmeyer's Theorem 1 for one `n`.
#[derive(Clone, Debug, Serialize)]
pub struct Theorem1Check {
    /// Discs.
    pub n: u64,
    /// `{sqrt(2n)}` (nearest integer), decided exactly.
    pub k: u64,
    /// Lower bound of the enclosure of `2^sqrt(2n) (alpha sqrt(n) - beta) + 1` (decimal).
    pub lower: String,
    /// Upper bound of the enclosure.
    pub upper: String,
    /// The unique integer in the enclosure.
    pub integer: String,
    /// Working precision in bits that decided it.
    pub bits: u32,
}

/// Evaluates Stockmeyer's Theorem 1,
/// `M(n) = 2^sqrt(2n) (alpha(theta) sqrt(n) - beta(theta)) + 1` with `theta = {sqrt(2n)} - sqrt(2n)`,
/// `alpha = 2^(theta+1/2) (3-2 theta)/4`, `beta = 2^theta (theta^2 - 3 theta + 4)/4`,
/// with certified interval arithmetic, refining until the enclosure has width < 1 and so
/// contains exactly one integer.
pub fn stockmeyer_theorem1(n: u64) -> Result<Theorem1Check, SequenceError> {
    if n == 0 || n > 1_000_000 {
        return Err(SequenceError::TooLarge {
            what: "discs (Theorem 1 needs 1..=1000000)",
            value: n,
            max: 1_000_000,
        });
    }
    let mut bits: u32 = 64 + (2.0 * (2.0 * n as f64).sqrt()) as u32;
    loop {
        let two_n = BigRational::from_integer(BigInt::from(2 * n));
        let r2n = interval::sqrt_rational(&two_n, bits);
        // k = nearest integer to sqrt(2n): decided when r2n + 1/2 has a decided floor.
        let half = Interval::frac(1, 2);
        let k = match r2n.add(&half).floor_if_decided() {
            Some(k) => k,
            None => {
                bits *= 2;
                continue;
            }
        };
        let kq = Interval::exact(BigRational::from_integer(k.clone()));
        let theta = kq.sub(&r2n);
        let rn = interval::sqrt_rational(&BigRational::from_integer(BigInt::from(n)), bits);
        let alpha = interval::pow2_real(&theta.add(&half), bits)
            .mul(&Interval::int(3).sub(&Interval::int(2).mul(&theta)))
            .mul(&Interval::frac(1, 4));
        let beta = interval::pow2_real(&theta, bits)
            .mul(
                &theta
                    .mul(&theta)
                    .sub(&Interval::int(3).mul(&theta))
                    .add(&Interval::int(4)),
            )
            .mul(&Interval::frac(1, 4));
        let val = interval::pow2_real(&r2n, bits)
            .mul(&alpha.mul(&rn).sub(&beta))
            .add(&Interval::int(1));
        if val.width() < BigRational::one() {
            if let Some(i) = val.unique_integer() {
                let dec = |q: &BigRational| fixed(q, 6, Rounding::TowardZero);
                return Ok(Theorem1Check {
                    n,
                    k: k.to_u64().unwrap_or(0),
                    lower: dec(&val.lo),
                    upper: dec(&val.hi),
                    integer: i.to_string(),
                    bits,
                });
            }
        }
        if bits > 1 << 16 {
            return Err(SequenceError::Invalid {
                what: "Theorem 1",
                detail: format!("enclosure for n = {n} did not isolate an integer"),
            });
        }
        bits *= 2;
    }
}

/// Exact table by the increment structure: `rows[i][n] = T(n, p_min + i)` for
/// `n = 0..=n_max`. Cost: one shift-and-add per cell.
///
/// ```
/// use hanoilab::sequences::frame_stewart::table;
/// let t = table(4, 5, 10).unwrap();
/// assert_eq!(t[0][10], 49.into()); // Dudeney's 49 for 10 cheeses (Stockmeyer, section 1)
/// ```
pub fn table(p_min: usize, p_max: usize, n_max: u64) -> Result<Vec<Vec<BigInt>>, SequenceError> {
    check(n_max, p_min)?;
    check(n_max, p_max)?;
    if p_max < p_min {
        return Err(SequenceError::Invalid {
            what: "pegs range",
            detail: format!("{p_min}..{p_max} is empty"),
        });
    }
    let cells = (p_max - p_min + 1).saturating_mul(n_max as usize + 1);
    if cells > MAX_TABLE_CELLS {
        return Err(SequenceError::TooLarge {
            what: "table cells",
            value: cells as u64,
            max: MAX_TABLE_CELLS as u64,
        });
    }
    Ok((p_min..=p_max).map(|p| column(p, n_max)).collect())
}

/// `T(n, p)` by summing the increments `2^s` without storing the column (O(n) additions).
pub fn frame_stewart_by_increments(n: u64, p: usize) -> Result<BigInt, SequenceError> {
    check(n, p)?;
    let mut t = BigInt::zero();
    let mut s = 0u64;
    for i in 1..=n {
        while !le_threshold(i, s, p) {
            s += 1;
        }
        t += BigInt::one() << s;
    }
    Ok(t)
}

/// `T(0..=n_max, p)` by increments.
fn column(p: usize, n_max: u64) -> Vec<BigInt> {
    let mut out = Vec::with_capacity(n_max as usize + 1);
    let mut t = BigInt::zero();
    out.push(t.clone());
    let mut s = 0u64;
    for n in 1..=n_max {
        while !le_threshold(n, s, p) {
            s += 1;
        }
        t += BigInt::one() << s;
        out.push(t.clone());
    }
    out
}

/// The defining min-recurrence, quadratic: `rows[p-3][n] = T(n, p)` for `p = 3..=p_max`,
/// `n = 0..=n_max`, with `T(n, 3) = 2^n - 1` (and `T(k, 2)` = 1 for k = 1, impossible beyond).
pub fn min_recurrence_table(p_max: usize, n_max: usize) -> Result<Vec<Vec<BigInt>>, SequenceError> {
    check(n_max as u64, p_max)?;
    if n_max > MAX_RECURRENCE_DISCS {
        return Err(SequenceError::TooLarge {
            what: "discs (min-recurrence)",
            value: n_max as u64,
            max: MAX_RECURRENCE_DISCS as u64,
        });
    }
    let mut rows: Vec<Vec<BigInt>> = vec![(0..=n_max).map(|n| (BigInt::one() << n) - 1).collect()];
    for _p in 4..=p_max {
        let prev = rows.last().cloned().unwrap_or_default();
        let mut cur = vec![BigInt::zero(); n_max + 1];
        for n in 1..=n_max {
            let mut best: Option<BigInt> = None;
            for k in 1..=n {
                let v = (&cur[n - k] << 1) + &prev[k];
                if best.as_ref().is_none_or(|b| &v < b) {
                    best = Some(v);
                }
            }
            cur[n] = best.unwrap_or_default();
        }
        rows.push(cur);
    }
    Ok(rows)
}

/// All `k` in `1..=n` attaining `min_k 2 T(n-k, p) + T(k, p-1)` (for `n >= 1`), by a scan
/// that stops once `T(k, p-1)` alone exceeds the best value (later `k` only cost more).
pub fn optimal_splits(n: u64, p: usize) -> Result<Vec<u64>, SequenceError> {
    check(n, p)?;
    if n > MAX_SPLIT_DISCS {
        return Err(SequenceError::TooLarge {
            what: "discs (optimal splits)",
            value: n,
            max: MAX_SPLIT_DISCS,
        });
    }
    if n == 0 {
        return Ok(vec![]);
    }
    if p == 3 {
        // T(k, 2) is finite only for k <= 1.
        return Ok(vec![1]);
    }
    let cur = column(p, n);
    let mut best: Option<BigInt> = None;
    let mut ks = vec![];
    let mut lower = BigInt::zero(); // T(k, p-1) by increments
    let mut s = 0u64;
    for k in 1..=n {
        while !le_threshold(k, s, p - 1) {
            s += 1;
        }
        lower += BigInt::one() << s;
        if let Some(b) = &best {
            if &lower > b {
                break;
            }
        }
        let v = (&cur[(n - k) as usize] << 1) + &lower;
        match &best {
            Some(b) if &v > b => {}
            Some(b) if &v == b => ks.push(k),
            _ => {
                best = Some(v);
                ks = vec![k];
            }
        }
    }
    Ok(ks)
}

/// Result of `frame-stewart --pegs P --discs N [--splits]`.
#[derive(Clone, Debug, Serialize)]
pub struct FrameStewart {
    /// Discs.
    pub n: u64,
    /// Pegs.
    pub p: usize,
    /// `T(n, p)` as a decimal string.
    pub moves: String,
    /// Every optimal bottom-stack size `k` (present when computed).
    pub optimal_splits: Option<Vec<u64>>,
    /// Lunnon's k-range `[k_min, k_max]` (n >= 1).
    pub lunnon_range: Option<(u64, u64)>,
}

impl FrameStewart {
    /// Markdown rendering.
    pub fn to_markdown(&self) -> String {
        let mut s = format!(
            "| n | p | T(n,p) |\n|---|---|---|\n| {} | {} | {} |\n",
            self.n, self.p, self.moves
        );
        if let Some(ks) = &self.optimal_splits {
            let list: Vec<String> = ks.iter().map(|k| k.to_string()).collect();
            let _ = writeln!(s, "\noptimal k: {}", list.join(", "));
        }
        if let Some((a, b)) = self.lunnon_range {
            let _ = writeln!(s, "\nLunnon's range: {a} <= k <= {b}");
        }
        s
    }
}

impl std::fmt::Display for FrameStewart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.moves)
    }
}

/// Computes `T(n, p)`, and with `splits` the set of optimal `k` and Lunnon's range.
pub fn frame_stewart_report(n: u64, p: usize, splits: bool) -> Result<FrameStewart, SequenceError> {
    let moves = crate::algebra::radix::to_decimal(&frame_stewart(n, p)?);
    let (optimal_splits, lunnon_range) = if splits && n > 0 {
        let lp = lunnon_params(n, p)?;
        (
            Some(optimal_splits(n, p)?),
            Some((lp.k_min as u64, lp.k_max as u64)),
        )
    } else {
        (None, None)
    };
    Ok(FrameStewart {
        n,
        p,
        moves,
        optimal_splits,
        lunnon_range,
    })
}

/// A table `T(n, p)` over ranges of pegs and discs.
#[derive(Clone, Debug, Serialize)]
pub struct FrameStewartTable {
    /// Peg counts (columns).
    pub pegs: Vec<usize>,
    /// Disc counts (rows).
    pub discs: Vec<u64>,
    /// `values[row][col]` = `T(discs[row], pegs[col])` as decimal strings.
    pub values: Vec<Vec<String>>,
}

impl FrameStewartTable {
    /// Builds the table for `p_min..=p_max` by `n_min..=n_max`.
    pub fn new(
        p_min: usize,
        p_max: usize,
        n_min: u64,
        n_max: u64,
    ) -> Result<FrameStewartTable, SequenceError> {
        let t = table(p_min, p_max, n_max)?;
        let discs: Vec<u64> = (n_min..=n_max).collect();
        let values = discs
            .iter()
            .map(|&n| t.iter().map(|col| col[n as usize].to_string()).collect())
            .collect();
        Ok(FrameStewartTable {
            pegs: (p_min..=p_max).collect(),
            discs,
            values,
        })
    }

    /// CSV with columns `n, p3, p4, ...`.
    pub fn to_csv(&self) -> String {
        let mut s = String::from("n");
        for p in &self.pegs {
            let _ = write!(s, ",p{p}");
        }
        s.push('\n');
        for (n, row) in self.discs.iter().zip(&self.values) {
            let _ = writeln!(s, "{},{}", n, row.join(","));
        }
        s
    }

    /// Markdown table.
    pub fn to_markdown(&self) -> String {
        let mut s = String::from("| n |");
        for p in &self.pegs {
            let _ = write!(s, " p = {p} |");
        }
        s.push_str("\n|---|");
        for _ in &self.pegs {
            s.push_str("---|");
        }
        s.push('\n');
        for (n, row) in self.discs.iter().zip(&self.values) {
            let _ = writeln!(s, "| {} | {} |", n, row.join(" | "));
        }
        s
    }
}

/// One row of the asymptotic comparison `T(n,4) / (sqrt(n) 2^sqrt(2n))`.
#[derive(Clone, Debug, Serialize)]
pub struct AsymptoticRow {
    /// Discs.
    pub n: u64,
    /// The ratio (floating point, for reporting only).
    pub ratio: f64,
}

/// The ratio `T(n,4) / (sqrt(n) 2^sqrt(2n))` for each `n` (Stockmeyer: within 6.2% of 1 for
/// large n). The ratio is reported as `f64`, computed from `log2` of the exact integer.
pub fn asymptotic_ratio(ns: &[u64]) -> Result<Vec<AsymptoticRow>, SequenceError> {
    ns.iter()
        .map(|&n| {
            let t = frame_stewart(n, 4)?;
            let lt = log2_big(&t);
            let nf = n as f64;
            let la = 0.5 * nf.log2() + (2.0 * nf).sqrt();
            Ok(AsymptoticRow {
                n,
                ratio: (lt - la).exp2(),
            })
        })
        .collect()
}

/// `log2` of a positive big integer as `f64` (reporting only).
pub(crate) fn log2_big(v: &BigInt) -> f64 {
    let b = v.bits();
    if b <= 60 {
        return v.to_f64().unwrap_or(0.0).log2();
    }
    let shift = b - 60;
    let top: BigInt = v >> shift;
    top.to_f64().unwrap_or(1.0).log2() + shift as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_values_by_every_route() {
        let rec = min_recurrence_table(8, 60).unwrap();
        let inc = table(3, 8, 60).unwrap();
        for p in 3..=8usize {
            for n in 0..=60u64 {
                let a = &rec[p - 3][n as usize];
                assert_eq!(a, &inc[p - 3][n as usize], "n={n} p={p}");
                assert_eq!(a, &frame_stewart(n, p).unwrap());
                if n > 0 {
                    assert_eq!(a, &lunnon_s_sum(n, p).unwrap(), "s-sum n={n} p={p}");
                }
                assert_eq!(a, &frame_stewart_by_increments(n, p).unwrap());
                if p == 4 {
                    assert_eq!(a, &stockmeyer_lemma2(n));
                }
            }
        }
    }

    #[test]
    fn report_serialises_and_renders() {
        let r = frame_stewart_report(8, 4, true).unwrap();
        let j = serde_json::to_string(&r).unwrap();
        // Stockmeyer section 1: 8 cheeses in 33 moves, optimal k in {3, 4} (t_3 < 8 < t_4).
        assert!(j.contains("\"moves\":\"33\""), "{j}");
        assert!(j.contains("\"optimal_splits\":[3,4]"), "{j}");
        assert!(r.to_markdown().contains("Lunnon's range: 3 <= k <= 4"));
        let t = FrameStewartTable::new(3, 4, 0, 3).unwrap();
        assert_eq!(t.to_csv(), "n,p3,p4\n0,0,0\n1,1,1\n2,3,3\n3,7,5\n");
    }

    #[test]
    fn few_pegs_is_an_error() {
        assert!(matches!(
            frame_stewart(5, 2),
            Err(SequenceError::TooFewPegs { pegs: 2 })
        ));
    }
}

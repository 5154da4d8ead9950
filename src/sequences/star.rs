//! Stockmeyer's star puzzle (Lunnon's Four-Star Hanoi): four pins, every move to or from the
//! centre. Sources: Stockmeyer 004_33861799d4694a49.txt, section 4 (Theorem 2); Lunnon
//! 000_3e39fda85b098e00.txt, section "Four-Star Hanoi".
//!
//! `S(n) = min_{1<=i<=n} 2 S(n-i) + 3^i - 1` and, by Theorem 2, `S(n) = 2 (a_1 + ... + a_n)`
//! where `a_m` are the 3-smooth numbers `2^j 3^k` in increasing order, with the unique optimal
//! `i = floor(log3 a_n) + 1`.

use super::frame_stewart::log2_big;
use super::SequenceError;
use crate::algebra::interval::{self, Interval};
use num_bigint::BigInt;
use num_traits::{One, ToPrimitive, Zero};
use serde::Serialize;
use std::fmt::Write as _;

/// Largest `n` accepted by [`star`] and [`three_smooth`].
pub const MAX_STAR_DISCS: u64 = 2_000_000;
/// Largest `n` for the quadratic min-recurrence.
pub const MAX_STAR_RECURRENCE: usize = 2_000;

fn check(n: u64, max: u64, what: &'static str) -> Result<(), SequenceError> {
    if n > max {
        Err(SequenceError::TooLarge {
            what,
            value: n,
            max,
        })
    } else {
        Ok(())
    }
}

/// The first `count` 3-smooth numbers `a_1 = 1, 2, 3, 4, 6, 8, 9, ...` (merge of the
/// multiples by 2 and by 3 of the sequence itself).
pub fn three_smooth(count: u64) -> Result<Vec<BigInt>, SequenceError> {
    check(count, MAX_STAR_DISCS, "count (3-smooth numbers)")?;
    let count = count as usize;
    let mut a: Vec<BigInt> = Vec::with_capacity(count);
    if count == 0 {
        return Ok(a);
    }
    a.push(BigInt::one());
    let (mut i2, mut i3) = (0usize, 0usize);
    while a.len() < count {
        let x2 = &a[i2] * 2u32;
        let x3 = &a[i3] * 3u32;
        let next = if x2 <= x3 { x2.clone() } else { x3.clone() };
        if x2 == next {
            i2 += 1;
        }
        if x3 == next {
            i3 += 1;
        }
        a.push(next);
    }
    Ok(a)
}

/// `S(n) = 2 (a_1 + ... + a_n)` (Stockmeyer's Theorem 2).
///
/// ```
/// use hanoilab::sequences::star::star;
/// // Stockmeyer 004_33861799d4694a49.txt, section 5: S(100) = 2,792,570.
/// assert_eq!(star(100).unwrap(), 2_792_570.into());
/// ```
pub fn star(n: u64) -> Result<BigInt, SequenceError> {
    let a = three_smooth(n)?;
    Ok(a.iter().sum::<BigInt>() * 2u32)
}

/// `S(0..=n_max)` by the defining min-recurrence (quadratic).
pub fn star_min_recurrence(n_max: usize) -> Result<Vec<BigInt>, SequenceError> {
    check(
        n_max as u64,
        MAX_STAR_RECURRENCE as u64,
        "discs (min-recurrence)",
    )?;
    let pow3: Vec<BigInt> = (0..=n_max as u32)
        .map(|i| BigInt::from(3u32).pow(i))
        .collect();
    let mut s = vec![BigInt::zero(); n_max + 1];
    for n in 1..=n_max {
        s[n] = (1..=n)
            .map(|i| (&s[n - i] << 1) + &pow3[i] - 1)
            .min()
            .unwrap_or_default();
    }
    Ok(s)
}

/// All `i` attaining the minimum in the star recurrence for `n` (uses `S` from the closed form).
pub fn star_optimal_splits(n: u64) -> Result<Vec<u64>, SequenceError> {
    check(n, 100_000, "discs (optimal splits)")?;
    if n == 0 {
        return Ok(vec![]);
    }
    let a = three_smooth(n)?;
    let mut pref = vec![BigInt::zero()];
    for x in &a {
        let last = pref.last().cloned().unwrap_or_default();
        pref.push(last + x);
    }
    let mut best: Option<BigInt> = None;
    let mut out = vec![];
    let mut p3 = BigInt::one();
    for i in 1..=n {
        p3 *= 3u32;
        let tail = &p3 - 1;
        if let Some(b) = &best {
            if &tail > b {
                break;
            }
        }
        let v = (&pref[(n - i) as usize] << 2) + tail;
        match &best {
            Some(b) if &v > b => {}
            Some(b) if &v == b => out.push(i),
            _ => {
                best = Some(v);
                out = vec![i];
            }
        }
    }
    Ok(out)
}

/// `floor(log3 a) + 1` for a positive integer `a`: the number of powers of 3 that are `<= a`.
pub fn log3_floor_plus_one(a: &BigInt) -> u64 {
    let mut k = 0u64;
    let mut p = BigInt::one();
    while &p <= a {
        p *= 3u32;
        k += 1;
    }
    k
}

/// Stockmeyer's Theorem 2 split `i = floor(log3 a_n) + 1`.
pub fn theorem2_split(n: u64) -> Result<u64, SequenceError> {
    if n == 0 {
        return Ok(0);
    }
    let a = three_smooth(n)?;
    Ok(log3_floor_plus_one(&a[n as usize - 1]))
}

/// Lunnon's approximation `floor(sqrt(2n log2/log3) + 0.1809)`, decided with certified
/// arithmetic (the argument is never an integer, so refinement terminates).
pub fn lunnon_k_approx(n: u64) -> Result<u64, SequenceError> {
    lunnon_k_approx_from(n, 64, &interval::ln2(64), &interval::ln3(64))
}

fn lunnon_k_approx_from(
    n: u64,
    mut bits: u32,
    l2: &Interval,
    l3: &Interval,
) -> Result<u64, SequenceError> {
    let (mut l2, mut l3) = (l2.clone(), l3.clone());
    loop {
        let x = Interval::int(2 * n as i64)
            .mul(&l2)
            .div(&l3)
            .ok_or(SequenceError::Invalid {
                what: "ln 3",
                detail: "enclosure contains 0".into(),
            })?
            .round_out(bits);
        let v = interval::sqrt(&x, bits).add(&Interval::frac(1809, 10000));
        if let Some(f) = v.floor_if_decided() {
            return Ok(f.to_u64().unwrap_or(0));
        }
        if bits > 1 << 14 {
            return Err(SequenceError::Invalid {
                what: "Lunnon's approximation",
                detail: format!("undecided at n = {n}"),
            });
        }
        bits *= 2;
        l2 = interval::ln2(bits);
        l3 = interval::ln3(bits);
    }
}

/// The `n` in `1..=limit` where Lunnon's approximation differs from the exact split.
pub fn lunnon_k_failures(limit: u64) -> Result<Vec<u64>, SequenceError> {
    let a = three_smooth(limit)?;
    let (l2, l3) = (interval::ln2(64), interval::ln3(64));
    let mut out = vec![];
    for n in 1..=limit {
        if lunnon_k_approx_from(n, 64, &l2, &l3)? != log3_floor_plus_one(&a[n as usize - 1]) {
            out.push(n);
        }
    }
    Ok(out)
}

/// The ratio `S(n) / ((2n log2/log3)^(1/2) exp((2n log2 log3)^(1/2)))` (reporting only, f64).
pub fn lunnon_count_ratio(n: u64) -> Result<f64, SequenceError> {
    let s = star(n)?;
    let (l2, l3) = (std::f64::consts::LN_2, 3f64.ln());
    let nf = n as f64;
    let ln_approx = 0.5 * (2.0 * nf * l2 / l3).ln() + (2.0 * nf * l2 * l3).sqrt();
    Ok((log2_big(&s) * l2 - ln_approx).exp())
}

/// Result of `star --discs N`.
#[derive(Clone, Debug, Serialize)]
pub struct StarReport {
    /// Discs.
    pub n: u64,
    /// `S(n)` (decimal).
    pub moves: String,
    /// `a_n` (decimal).
    pub a_n: String,
    /// The unique optimal split (Theorem 2).
    pub split: u64,
    /// Lunnon's approximation of the split.
    pub lunnon_split: u64,
    /// `S(n)` over Lunnon's count approximation.
    pub lunnon_count_ratio: f64,
}

impl StarReport {
    /// Markdown rendering.
    pub fn to_markdown(&self) -> String {
        let mut s = String::from("| n | S(n) | a_n | i | Lunnon's i | S / Lunnon's approx |\n");
        s.push_str("|---|---|---|---|---|---|\n");
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {:.6} |",
            self.n, self.moves, self.a_n, self.split, self.lunnon_split, self.lunnon_count_ratio
        );
        s
    }
}

impl std::fmt::Display for StarReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.moves)
    }
}

/// Builds the [`StarReport`] for `n >= 1`.
pub fn star_report(n: u64) -> Result<StarReport, SequenceError> {
    if n == 0 {
        return Err(SequenceError::Invalid {
            what: "discs",
            detail: "the star report needs n >= 1".into(),
        });
    }
    let a = three_smooth(n)?;
    let a_n = a[n as usize - 1].clone();
    let moves = a.iter().sum::<BigInt>() * 2u32;
    Ok(StarReport {
        n,
        moves: crate::algebra::radix::to_decimal(&moves),
        a_n: crate::algebra::radix::to_decimal(&a_n),
        split: log3_floor_plus_one(&a_n),
        lunnon_split: lunnon_k_approx(n)?,
        lunnon_count_ratio: lunnon_count_ratio(n)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recurrence_equals_theorem2_and_unique_split() {
        let rec = star_min_recurrence(80).unwrap();
        for n in 0..=80u64 {
            assert_eq!(rec[n as usize], star(n).unwrap(), "n={n}");
            if n > 0 {
                assert_eq!(
                    star_optimal_splits(n).unwrap(),
                    vec![theorem2_split(n).unwrap()]
                );
            }
        }
    }

    #[test]
    fn three_smooth_start() {
        // Stockmeyer, Theorem 2: 1, 2, 3, 4, 6, 8, 9, 12, 16, 18, 24
        let a: Vec<BigInt> = [1, 2, 3, 4, 6, 8, 9, 12, 16, 18, 24]
            .iter()
            .map(|&x| BigInt::from(x))
            .collect();
        assert_eq!(three_smooth(11).unwrap(), a);
    }
}

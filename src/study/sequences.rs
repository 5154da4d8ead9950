//! The Frame–Stewart and star tables: sequences, optimal splits, Stockmeyer's bounds.

use super::StudyError;
use crate::sequences::frame_stewart::{self as fs, AsymptoticRow};
use crate::sequences::star as st;
use num_bigint::BigInt;

/// One row of the Frame–Stewart split table.
#[derive(Clone, Debug)]
pub struct SplitRow {
    /// Pegs.
    pub p: usize,
    /// Discs.
    pub n: u64,
    /// `T(n, p)`.
    pub moves: BigInt,
    /// Every optimal split k, in order.
    pub optimal_splits: Vec<u64>,
    /// Lunnon's k-range (`(0, 0)`: none).
    pub lunnon_range: (u64, u64),
}

/// Every optimal split per n, for one number of pegs.
pub type SplitsByN = Vec<(u64, Vec<u64>)>;

/// Frame–Stewart numbers `T(n, p) = min_k 2 T(n-k, p) + T(k, p-1)` (Frame 1941, Stewart
/// 1941; Lunnon's increments; Stockmeyer's Lemma 2 and Theorem 1).
#[derive(Clone, Debug)]
pub struct FrameStewartStudy {
    /// The smallest number of pegs of [`Self::grid`].
    pub p_min: usize,
    /// Per p = `p_min`.., the numbers `T(n, p)` for n = 0..=`n_max`.
    pub grid: Vec<Vec<BigInt>>,
    /// Every optimal split and Lunnon's k-range, p = 4..10, n = 1..200.
    pub splits: Vec<SplitRow>,
    /// Per p = 4, 5, 6: every optimal split for n = 1..60 (the splits figure).
    pub figure_splits: Vec<(usize, SplitsByN)>,
    /// `T(n, 4) / (sqrt(n) 2^sqrt(2n))` at n = 10, 100, ..., 100,000.
    pub asymptotic: Vec<AsymptoticRow>,
}

impl FrameStewartStudy {
    /// Computes the grid of pegs 3..20 by discs 0..1000, the splits and the ratios.
    pub fn compute() -> Result<FrameStewartStudy, StudyError> {
        let (p_min, p_max, n_max) = (3usize, 20usize, 1000u64);
        let grid = fs::table(p_min, p_max, n_max).map_err(StudyError::from_display)?;
        let mut splits = Vec::new();
        for p in 4..=10usize {
            for n in 1..=200u64 {
                let r = fs::frame_stewart_report(n, p, true).map_err(StudyError::from_display)?;
                splits.push(SplitRow {
                    p,
                    n,
                    moves: r.moves.parse().map_err(StudyError::from_display)?,
                    optimal_splits: r.optimal_splits.unwrap_or_default(),
                    lunnon_range: r.lunnon_range.unwrap_or((0, 0)),
                });
            }
        }
        let figure_splits = (4..=6usize)
            .map(|p| {
                let ks = (1..=60u64)
                    .map(|n| (n, fs::optimal_splits(n, p).unwrap_or_default()))
                    .collect();
                (p, ks)
            })
            .collect();
        let asymptotic = fs::asymptotic_ratio(&[10, 100, 1000, 10_000, 100_000])
            .map_err(StudyError::from_display)?;
        Ok(FrameStewartStudy {
            p_min,
            grid,
            splits,
            figure_splits,
            asymptotic,
        })
    }
}

/// One row of the star table.
#[derive(Clone, Debug)]
pub struct StarRow {
    /// Discs.
    pub n: u64,
    /// The n-th 3-smooth number.
    pub smooth: BigInt,
    /// `S(n) = 2 (a_1 + ... + a_n)`.
    pub star: BigInt,
    /// The optimal split of Stockmeyer's Theorem 2.
    pub optimal_i: u64,
    /// Lunnon's approximation of the split.
    pub lunnon_k: u64,
}

/// The star puzzle's moves beside Classic's and Reve's at one n.
#[derive(Clone, Debug)]
pub struct StarAgainstReves {
    /// Discs.
    pub n: u64,
    /// `2^n - 1` (three pegs).
    pub classic: BigInt,
    /// `S(n)` (four pegs, star moves).
    pub star: BigInt,
    /// `T(n, 4)` (four pegs, all moves).
    pub reves: BigInt,
}

/// The star puzzle (Stockmeyer, "Variations on the Four-Post Tower of Hanoi Puzzle", 1994,
/// Theorem 2): `S(n)`, the 3-smooth numbers (A003586) and the optimal split.
#[derive(Clone, Debug)]
pub struct StarStudy {
    /// n = 1..1000.
    pub rows: Vec<StarRow>,
    /// For n = 1..60: Classic, the star and Reve's puzzle (the comparison figure).
    pub against_reves: Vec<StarAgainstReves>,
    /// The n <= 5000 where Lunnon's split approximation differs from Theorem 2.
    pub lunnon_failures: Vec<u64>,
    /// `S(n)` at a few n for the page's short table.
    pub listed: Vec<(u64, BigInt)>,
}

impl StarStudy {
    /// Computes the table, the comparison and the failures of Lunnon's approximation.
    pub fn compute() -> Result<StarStudy, StudyError> {
        let n_max = 1000u64;
        let smooth = st::three_smooth(n_max).map_err(StudyError::from_display)?;
        let mut rows = Vec::with_capacity(n_max as usize);
        let mut sum = BigInt::from(0);
        for n in 1..=n_max {
            let a = smooth[n as usize - 1].clone();
            sum += &a;
            rows.push(StarRow {
                n,
                smooth: a,
                star: &sum * 2,
                optimal_i: st::theorem2_split(n).map_err(StudyError::from_display)?,
                lunnon_k: st::lunnon_k_approx(n).map_err(StudyError::from_display)?,
            });
        }
        let against_reves = (1..=60u64)
            .map(|n| StarAgainstReves {
                n,
                classic: fs::frame_stewart(n, 3).unwrap_or_default(),
                star: st::star(n).unwrap_or_default(),
                reves: fs::frame_stewart(n, 4).unwrap_or_default(),
            })
            .collect();
        let lunnon_failures = st::lunnon_k_failures(5000).map_err(StudyError::from_display)?;
        let listed = [1u64, 2, 3, 5, 10, 20, 50, 100, 1000]
            .into_iter()
            .map(|n| Ok((n, st::star(n).map_err(StudyError::from_display)?)))
            .collect::<Result<_, StudyError>>()?;
        Ok(StarStudy {
            rows,
            against_reves,
            lunnon_failures,
            listed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_table_sums_agree_with_the_min_recurrence() {
        let s = StarStudy::compute().unwrap();
        // The table's S(n) = 2 (a_1 + ... + a_n) against the min-recurrence
        // S(n) = min_i 2 S(n-i) + 3^i - 1 (Stockmeyer 1994, Theorem 2).
        let by_recurrence = st::star_min_recurrence(60).unwrap();
        for r in s.rows.iter().take(60) {
            assert_eq!(r.star, by_recurrence[r.n as usize], "n = {}", r.n);
        }
        for (n, v) in &s.listed {
            assert_eq!(Some(v), s.rows.iter().find(|r| r.n == *n).map(|r| &r.star));
        }
    }
}

//! Sizes before work: every claim's values are bounded before any of them is computed —
//! how many n are checked one by one, and how many decimal digits their values have in
//! all (estimated from the transfer system's growth, in floating point, for a variant's
//! function; formulas over named sequences bound their arguments themselves).

use super::*;

/// Most values of n one claim (or one `hanoilab check`) compares one by one. Longer ranges
/// are covered by a proof from the first terms ([`check_formula_statement`]) or refused.
pub const MAX_WALK: u64 = 100_000;

/// Most decimal digits of one value a claim compares, by default
/// ([`TargetSeq::with_max_digits`] changes it; `hanoilab check` passes `--max-digits`).
/// Chosen by measurement: a value claim of 3.3 million digits (`classic.T` at n = 3.3e6)
/// is checked in about 2 s, one of 10 million in about 10 s.
pub const MAX_CLAIM_DIGITS: u64 = 1_000_000;

/// Most decimal digits of all the values one claim compares together (many small values
/// cost little each: `classic.T` for n = 1..10^4 is 1.5e7 digits).
pub const MAX_CLAIM_TOTAL_DIGITS: f64 = 1e8;

impl TargetSeq {
    /// The target with another bound on the digits of the values compared.
    pub fn with_max_digits(mut self, max_digits: u64) -> TargetSeq {
        self.max_digits = max_digits;
        self
    }

    /// The estimated decimal digits of the target at `n`; `None` when there is no estimate
    /// (counted by memoised recursion, bounded by [`crate::variants::MEMO_MAX_SIZE`], or a
    /// formula over named sequences).
    fn estimated_digits(&self, n: i64) -> Option<f64> {
        let (v, f) = self.function.as_ref()?;
        v.estimated_digits(f, n, &self.params)
    }

    /// Refuses, before any value is computed, to compare the target at every n of
    /// `a..=b` when that is more than [`MAX_WALK`] values or their digits exceed the
    /// bound; otherwise computes the values of a variant's function for the whole range
    /// at once (memoised counts share their work, see [`Variant::count_range`]).
    pub fn prepare_range(&self, a: i64, b: i64) -> Result<(), CheckError> {
        if a > b {
            return Ok(());
        }
        let rows = b.abs_diff(a).saturating_add(1);
        if rows > MAX_WALK {
            return Err(CheckError::TooLarge(format!(
                "n = {a}..{b} is {rows} values of n to compare one by one, more than \
                 {MAX_WALK} (the limit of a claim check)"
            )));
        }
        let d = |n| self.estimated_digits(n).unwrap_or(0.0);
        let mid = a + (b - a) / 2;
        let (da, dm, db) = (d(a), d(mid), d(b));
        let total = if a == b {
            da
        } else {
            rows as f64 * (da + 2.0 * dm + db) / 4.0
        };
        self.check_digits(&format!("n = {a}..{b}"), da.max(db), total)?;
        self.prefetch((a..=b).collect());
        Ok(())
    }

    /// [`TargetSeq::prepare_range`] for the n of a table or samples, in any order.
    pub fn prepare_points(&self, ns: &[i64]) -> Result<(), CheckError> {
        if ns.len() as u64 > MAX_WALK {
            return Err(CheckError::TooLarge(format!(
                "{} values of n to compare, more than {MAX_WALK} (the limit of a claim check)",
                ns.len()
            )));
        }
        let mut sorted = ns.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        // The largest n bounds the rest (counts grow with n): one estimate, not one per n.
        let largest = sorted
            .last()
            .and_then(|&n| self.estimated_digits(n))
            .unwrap_or(0.0);
        let total = largest * sorted.len() as f64;
        let what = match (sorted.first(), sorted.last()) {
            (Some(a), Some(b)) if a == b => format!("n = {a}"),
            (Some(a), Some(b)) => format!("n in {a}..{b}"),
            _ => return Ok(()),
        };
        self.check_digits(&what, largest, total)?;
        self.prefetch(sorted);
        Ok(())
    }

    /// Refuses when the largest value has more than `max_digits` digits, or all of them
    /// more than [`MAX_CLAIM_TOTAL_DIGITS`].
    fn check_digits(&self, what: &str, largest: f64, total: f64) -> Result<(), CheckError> {
        if largest > self.max_digits as f64 {
            return Err(CheckError::TooLarge(format!(
                "{} at {what}: a value would have about {} decimal digits (estimated from the \
                 growth rate, nothing computed), more than {} (the digit limit of a claim \
                 check)",
                self.name(),
                human(largest),
                self.max_digits
            )));
        }
        if total > MAX_CLAIM_TOTAL_DIGITS {
            return Err(CheckError::TooLarge(format!(
                "{} at {what}: the values would have about {} decimal digits in all (estimated \
                 from the growth rate, nothing computed), more than {} (the digit limit of a \
                 claim check)",
                self.name(),
                human(total),
                human(MAX_CLAIM_TOTAL_DIGITS)
            )));
        }
        Ok(())
    }

    /// Computes the values of a variant's function at `ns` (ascending) with shared work;
    /// [`TargetSeq::at`] then takes them from here. Errors are left to `at`.
    fn prefetch(&self, ns: Vec<i64>) {
        let Some((v, f)) = &self.function else {
            return;
        };
        let mut cache = self.prefetched.borrow_mut();
        let missing: Vec<i64> = ns.into_iter().filter(|n| !cache.contains_key(n)).collect();
        if missing.len() < 2 {
            return;
        }
        let values = v.count_range(f, missing.iter().copied(), &self.params);
        for (n, r) in missing.into_iter().zip(values) {
            if let Ok(x) = r {
                cache.insert(n, x);
            }
        }
    }
}

/// A large count for messages: `123456` or `3.010e11`.
fn human(x: f64) -> String {
    if x < 1e7 {
        format!("{x:.0}")
    } else {
        format!("{x:.3e}")
    }
}

//! Sizes before work: the decimal digits of a count, or of a table's counts in all,
//! estimated before any of them is computed, so that an answer too large to print is
//! refused at once.

use super::*;
use crate::algebra::digits::estimated_digit_count;

impl Variant {
    /// The estimated number of decimal digits of `function` at `n`, from the transfer
    /// system's growth ([`Variant::count_cost`], in floating point, nothing computed);
    /// `None` when it is counted by memoised recursion (bounded by [`MEMO_MAX_SIZE`]) or
    /// the count is an error anyway.
    ///
    /// ```
    /// use hanoilab::variants::{Params, Variant};
    /// let v = Variant::builtin("classic").unwrap();
    /// // T(1000) = 2^1000 - 1 has 302 digits.
    /// assert_eq!(v.estimated_digits("T", 1000, &Params::new()), Some(302.0));
    /// ```
    pub fn estimated_digits(&self, function: &str, n: i64, params: &Params) -> Option<f64> {
        match self.count_cost(function, n, params) {
            Ok(CountCost::Matrix { log10 }) => Some(estimated_digit_count(log10)),
            _ => None,
        }
    }

    /// The estimated decimal digits of the values of `functions` for n = a..=b in all
    /// (`a <= b`), from the digits at a, the middle and b (weights 1, 2, 1). A count without
    /// a transfer system has no growth rate to read: over a range, its values at the three
    /// points are counted exactly (the memoised counts the rows would make anyway, bounded
    /// by the counting limits), the largest n first, and their digits taken from their bit
    /// length; where the largest n cannot be counted, neither can the rows (each is then
    /// refused by the count) and the function adds nothing.
    ///
    /// ```
    /// use hanoilab::variants::{Params, Variant};
    /// let v = Variant::builtin("classic").unwrap();
    /// let t = v.estimated_range_digits(&["T".to_string()], 1000, 1000, &Params::new());
    /// assert_eq!(t, 302.0);
    /// ```
    pub fn estimated_range_digits(
        &self,
        functions: &[String],
        a: u64,
        b: u64,
        params: &Params,
    ) -> f64 {
        let rows = (b - a + 1) as f64;
        let mid = a + (b - a) / 2;
        let mut total = 0.0;
        for f in functions {
            let counted = |n: u64| {
                self.count(f, n as i64, params)
                    .ok()
                    .map(|c| (c.bits() as f64 * std::f64::consts::LOG10_2).floor() + 1.0)
            };
            let exact = self.estimated_digits(f, b as i64, params).is_none() && a != b;
            let at_b = if exact { counted(b) } else { None };
            let d = |n: u64| {
                self.estimated_digits(f, n as i64, params)
                    .or_else(|| {
                        if exact && at_b.is_some() {
                            counted(n)
                        } else {
                            None
                        }
                    })
                    .unwrap_or(0.0)
            };
            total += if a == b {
                d(a)
            } else {
                rows * (d(a) + 2.0 * d(mid) + d(b)) / 4.0
            };
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_agree_with_the_exact_counts() {
        let p = Params::new();
        for id in ["classic", "cyclic", "reves", "domino"] {
            let v = Variant::builtin(id).unwrap();
            let f = v.default_function().name.clone();
            for n in [300i64, 1000, 5000] {
                let Some(d) = v.estimated_digits(&f, n, &p) else {
                    continue;
                };
                let exact = v.count(&f, n, &p).unwrap().to_string().len() as f64;
                // A floating-point estimate of log10: off by one at most, near a power of ten.
                assert!((d - exact).abs() <= 1.0, "{id} n = {n}: {d} for {exact}");
            }
            // Over a range: within a few percent of the exact total for these growths.
            let total = v.estimated_range_digits(std::slice::from_ref(&f), 300, 400, &p);
            let exact: usize = (300..=400)
                .map(|n| v.count(&f, n, &p).unwrap().to_string().len())
                .sum();
            let ratio = total / exact as f64;
            assert!((0.9..1.1).contains(&ratio), "{id}: {total} for {exact}");
        }
    }
}

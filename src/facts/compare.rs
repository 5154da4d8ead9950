//! A variant's algorithm against the search optimum, n by n.

use super::SearchBudget;
use crate::variants::{Params, Variant};
use num_bigint::BigInt;
use std::ops::RangeInclusive;

/// One row of [`compare_with_algorithm`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// Number of discs.
    pub n: i64,
    /// Moves the algorithm makes ([`Variant::count`]), if it could be computed.
    pub algorithm: Option<BigInt>,
    /// The search optimum (`None`: the goal is unreachable, or the search failed — see
    /// `error`).
    pub optimum: Option<u64>,
    /// Why the algorithm's count or the search is missing.
    pub error: Option<String>,
}

impl Comparison {
    /// Whether the algorithm is optimal at this n (`None` when either side is missing).
    pub fn is_optimal(&self) -> Option<bool> {
        match (&self.algorithm, self.optimum) {
            (Some(a), Some(o)) => Some(*a == BigInt::from(o)),
            _ => None,
        }
    }
}

/// Per n in `n_range`: the algorithm's count of `variant.function` and the search optimum
/// within `budget`. Searches beyond the budget are reported in `error`.
pub fn compare_with_algorithm(
    variant: &Variant,
    function: &str,
    params: &Params,
    n_range: RangeInclusive<i64>,
    budget: &SearchBudget,
) -> Vec<Comparison> {
    n_range
        .map(|n| {
            let mut row = Comparison {
                n,
                algorithm: None,
                optimum: None,
                error: None,
            };
            match variant.count(function, n, params) {
                Ok(c) => row.algorithm = Some(c),
                Err(e) => row.error = Some(e.to_string()),
            }
            match variant.puzzle(function, n, params) {
                Ok(p) => match budget.search(&p, false) {
                    Ok(r) => {
                        row.optimum = r.minimum;
                        if r.minimum.is_none() {
                            row.error = Some(format!(
                                "no solution: goal unreachable ({} states explored)",
                                r.states
                            ));
                        }
                    }
                    Err(e) => row.error = Some(e.to_string()),
                },
                Err(e) => row.error = Some(e.to_string()),
            }
            row
        })
        .collect()
}

/// One line: "optimal for n <= X" (the rows up to the first disagreement, in order) or
/// "suboptimal at n = Y: search finds Z, the algorithm takes W"; rows where either side is
/// missing end the run of checked n.
pub fn summarize_comparison(rows: &[Comparison]) -> String {
    let mut last_ok = None;
    for r in rows {
        match r.is_optimal() {
            Some(true) => last_ok = Some(r.n),
            Some(false) => {
                return format!(
                    "suboptimal at n = {}: search finds {}, the algorithm takes {}",
                    r.n,
                    r.optimum.unwrap_or_default(),
                    r.algorithm.clone().unwrap_or_default()
                )
            }
            None => break,
        }
    }
    match last_ok {
        Some(x) => format!("optimal for n <= {x}"),
        None => "not compared: no n with both an algorithm count and a search optimum".into(),
    }
}
